/* wwwurl_rfc3986_resolve. Byte 0 bit 0: exact lengths. The rest: base,
 * NUL, reference (the reference may hold NUL bytes with exact lengths; it
 * ends at the first). The result has an authority exactly when RFC 3986
 * section 5.2.2 takes one from the reference or the base: dot segments
 * never make a path read as an authority. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int exact = data[0] & 1;
    data++, size--;
    const uint8_t *nul = memchr(data, 0, size);
    size_t blen = nul ? (size_t)(nul - data) : size;
    const uint8_t *rp = nul ? nul + 1 : data + size;
    size_t rlen = (size_t)(data + size - rp);
    char *b = fz_input(0, exact, data, blen);
    char *r = fz_input(1, exact, rp, rlen);

    char *out = (char *)(uintptr_t)1;
    wwwurl_status st = wwwurl_rfc3986_resolve(b, exact ? blen : WWWURL_NUL_TERMINATED,
                                              r, exact ? rlen : WWWURL_NUL_TERMINATED, &out);
    CHECK(st == WWWURL_OK || st == WWWURL_ERR_NOT_ABSOLUTE);
    if (st == WWWURL_OK) {
        CHECK(out != NULL);
        wwwurl_components cb, cr, co;
        CHECK(wwwurl_rfc3986_split(b, exact ? blen : WWWURL_NUL_TERMINATED, 0, &cb) == WWWURL_OK);
        CHECK(wwwurl_rfc3986_split(r, exact ? rlen : WWWURL_NUL_TERMINATED, 0, &cr) == WWWURL_OK);
        CHECK(wwwurl_rfc3986_split(out, WWWURL_NUL_TERMINATED, 0, &co) == WWWURL_OK);
        /* rfc3986_split keeps NUL bytes; resolution stops at the first. */
        if (!exact || (!memchr(b, 0, blen) && !memchr(r, 0, rlen))) {
            int authority = cr.scheme.present ? cr.authority.present
                                              : cr.authority.present || cb.authority.present;
            CHECK(co.authority.present == authority);
        }
        wwwurl_string_free(out);
    } else {
        CHECK(out == (char *)(uintptr_t)1);
    }
    fz_input_free(b, exact, blen);
    fz_input_free(r, exact, rlen);
    return 0;
}
