/* wwwurl_rfc3986_split with flags 0, WWWURL_FLAG_BROWSER and unknown bits:
 * every component lies inside the input, an absent one is (0, 0), and the
 * strict split joins back into the input. Byte 0 picks the flags, bit 2
 * the exact length. */
#include "fuzz_common.h"

static void check_comp(const wwwurl_component *c, size_t len)
{
    CHECK(c->present == 0 || c->present == 1);
    if (!c->present)
        CHECK(c->offset == 0 && c->len == 0);
    CHECK(c->offset <= len && c->len <= len - c->offset);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const uint32_t flag_choice[4] = {0, WWWURL_FLAG_BROWSER, 1u, 0x80000000u};
    uint32_t flags = flag_choice[data[0] & 3];
    int exact = (data[0] & 4) != 0;
    data++, size--;
    char *in = fz_input(0, exact, data, size);
    size_t len = exact ? size : strlen(in);

    wwwurl_components c;
    memset(&c, 0x5a, sizeof c);
    wwwurl_status st = wwwurl_rfc3986_split(in, exact ? size : WWWURL_NUL_TERMINATED, flags, &c);
    if (flags != 0 && flags != WWWURL_FLAG_BROWSER) {
        CHECK(st == WWWURL_ERR_INVALID_ARGUMENT);
        fz_input_free(in, exact, size);
        return 0;
    }
    CHECK(st == WWWURL_OK);
    const wwwurl_component *all[] = {&c.scheme, &c.authority, &c.userinfo, &c.user,
                                     &c.password, &c.host, &c.port, &c.path,
                                     &c.query, &c.fragment};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        check_comp(all[i], len);
    CHECK(c.path.present);
    if (flags == 0) {
        /* scheme ":" "//" authority path "?" query "#" fragment == input */
        size_t total = c.path.len;
        if (c.scheme.present) total += c.scheme.len + 1;
        if (c.authority.present) total += c.authority.len + 2;
        if (c.query.present) total += c.query.len + 1;
        if (c.fragment.present) total += c.fragment.len + 1;
        CHECK(total == len);
    }
    fz_input_free(in, exact, size);
    return 0;
}
