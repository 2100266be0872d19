/* wwwurl_webcapture_canonical. Byte 0: bit 0 exact lengths, bit 1 no base
 * (NULL). The rest: url, NUL, base. A canonical form should be a fixed
 * point: canonicalising it again gives it back. The URL and the base end at
 * their first NUL, also with exact lengths. */
#include "fuzz_common.h"

/* A result without an authority must not read as one: its path never
 * starts with "//" (the library puts "/." in front). */
static int path_reads_as_authority(const char *out)
{
    wwwurl_components c;
    CHECK(wwwurl_rfc3986_split(out, WWWURL_NUL_TERMINATED, 0, &c) == WWWURL_OK);
    return !c.authority.present && c.path.len >= 2 && out[c.path.offset] == '/' &&
           out[c.path.offset + 1] == '/';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int exact = data[0] & 1;
    int nobase = (data[0] & 2) != 0;
    data++, size--;
    const uint8_t *nul = memchr(data, 0, size);
    size_t ulen = nul ? (size_t)(nul - data) : size;
    const uint8_t *bp = nul ? nul + 1 : data + size;
    size_t blen = (size_t)(data + size - bp);
    char *u = fz_input(0, exact, data, ulen);
    char *b = nobase ? NULL : fz_input(1, exact, bp, blen);

    char *out = (char *)(uintptr_t)1;
    wwwurl_status st = wwwurl_webcapture_canonical(
        u, exact ? ulen : WWWURL_NUL_TERMINATED, b,
        nobase ? 0 : exact ? blen : WWWURL_NUL_TERMINATED, &out);
    CHECK(st == WWWURL_OK || st == WWWURL_ERR_NOT_ABSOLUTE ||
          st == WWWURL_ERR_UNSUPPORTED_SCHEME);
    if (st == WWWURL_OK) {
        CHECK(out != NULL);
        (void)strlen(out);
        /* Canonical means a fixed point. */
        char *again = NULL;
        CHECK(wwwurl_webcapture_canonical(out, WWWURL_NUL_TERMINATED, NULL, 0, &again) == WWWURL_OK);
        CHECK(!path_reads_as_authority(out));
        if (strcmp(again, out) != 0) {
            fprintf(stderr, "not a fixed point:\n  %s\n  %s\n", out, again);
            CHECK(!"webcapture(webcapture(x)) != webcapture(x)");
        }
        wwwurl_string_free(again);
        wwwurl_string_free(out);
    } else {
        CHECK(out == (char *)(uintptr_t)1);
    }
    fz_input_free(u, exact, ulen);
    if (b)
        fz_input_free(b, exact, blen);
    return 0;
}
