/* wwwurl_rfc3986_resolve. Byte 0 bit 0: exact lengths. The rest: base,
 * NUL, reference (the reference may hold NUL bytes with exact lengths). */
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
        (void)strlen(out);
        wwwurl_string_free(out);
    } else {
        CHECK(out == (char *)(uintptr_t)1);
    }
    fz_input_free(b, exact, blen);
    fz_input_free(r, exact, rlen);
    return 0;
}
