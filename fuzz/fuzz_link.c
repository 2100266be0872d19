/* wwwurl_link. Byte 0: bits 0-1 the configuration of the link (fz_config:
 * the defaults, 2.9, 2.9h, 2.9h with another local host and default ports;
 * the base is parsed with the defaults), bit 2 exact length of the link.
 * The rest: base URL, NUL, link (the link may hold further NUL bytes:
 * with the exact length it ends at the first of them). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned mode = data[0] & 3;
    int exact = (data[0] & 4) != 0;
    data++, size--;
    const uint8_t *nul = memchr(data, 0, size);
    size_t blen = nul ? (size_t)(nul - data) : size;
    size_t llen = nul ? size - blen - 1 : 0;
    char *base_s = fz_input(0, 1, data, blen);
    const uint8_t *lp = nul ? nul + 1 : data + size;
    char *link_s = fz_input(1, exact, lp, llen);

    wwwurl_url *base = NULL, *u = NULL;
    wwwurl_status st = wwwurl_parse(NULL, base_s, blen, &base);
    CHECK(st == WWWURL_OK);
    st = wwwurl_link(fz_config(mode), base, link_s, exact ? llen : WWWURL_NUL_TERMINATED, &u);
    CHECK(st == WWWURL_OK);
    fz_check_handle(u);
    wwwurl_free(u);
    wwwurl_free(base);
    fz_input_free(base_s, 1, blen);
    fz_input_free(link_s, exact, llen);
    return 0;
}
