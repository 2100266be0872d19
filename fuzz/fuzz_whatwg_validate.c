/* wwwurl_whatwg_validate and the reading of its report. Byte 0: bit 0
 * validate against a base, bit 1 give the input by its exact length (before
 * an inaccessible page) instead of NUL-terminated. The rest: the input, then
 * NUL and the base.
 * Properties: the status is OK, or INVALID_BASE exactly when
 * wwwurl_whatwg_parse gives it; the report fails exactly when
 * wwwurl_whatwg_parse does; every error has a known number with a name and
 * a span within the input (start <= end <= its length); only the last
 * error of a failure is fatal, and a failure has one; a valid URL string
 * has no error; _get past the count is NOT_FOUND, *out untouched. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int with_base = data[0] & 1, exact = (data[0] & 2) != 0;
    data++, size--;
    size_t in_len = size;
    const uint8_t *base_data = NULL;
    size_t base_len = 0;
    if (with_base) {
        const uint8_t *nul = memchr(data, 0, size);
        if (nul) {
            in_len = (size_t)(nul - data);
            base_data = nul + 1;
            base_len = size - in_len - 1;
        } else {
            base_data = data + size;
        }
    }
    char *in = fz_input(0, exact, data, in_len);
    char *base = with_base ? fz_input(1, exact, base_data, base_len) : NULL;
    size_t ilen = exact ? in_len : WWWURL_NUL_TERMINATED;
    size_t blen = exact ? base_len : WWWURL_NUL_TERMINATED;
    /* The length the library reads: up to the first NUL of a C string. */
    size_t len = exact ? in_len : strlen(in);

    wwwurl_whatwg *u = NULL;
    wwwurl_status pst = wwwurl_whatwg_parse(in, ilen, base, blen, &u);
    wwwurl_whatwg_free(u);
    wwwurl_validation *v = (wwwurl_validation *)(uintptr_t)1;
    wwwurl_status st = wwwurl_whatwg_validate(in, ilen, base, blen, &v);
    if (pst == WWWURL_ERR_INVALID_BASE) {
        CHECK(st == WWWURL_ERR_INVALID_BASE);
        CHECK(v == (wwwurl_validation *)(uintptr_t)1);
    } else {
        CHECK(st == WWWURL_OK && v != NULL);
        int failure = wwwurl_validation_failure(v), valid = wwwurl_validation_valid(v);
        size_t count = wwwurl_validation_count(v);
        CHECK(failure == (pst != WWWURL_OK));
        CHECK(valid == 0 || valid == 1);
        CHECK(!valid || (count == 0 && !failure));
        CHECK(!failure || count > 0);
        for (size_t i = 0; i < count; i++) {
            wwwurl_validation_error e;
            CHECK(wwwurl_validation_get(v, i, &e) == WWWURL_OK);
            if (!(e.start <= e.end && e.end <= len)) {
                fprintf(stderr, "error %zu (%s): %zu..%zu in %zu bytes\n", i,
                        wwwurl_validation_name(e.id), e.start, e.end, len);
                CHECK(!"span outside the input");
            }
            CHECK(e.id <= WWWURL_VALIDATION_FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST);
            CHECK(wwwurl_validation_name(e.id)[0] != '(');
            CHECK(e.fatal == (failure && i == count - 1));
        }
        wwwurl_validation_error e = {1, 2, 3, 4};
        CHECK(wwwurl_validation_get(v, count, &e) == WWWURL_ERR_NOT_FOUND);
        CHECK(e.start == 1 && e.end == 2 && e.id == 3 && e.fatal == 4);
        wwwurl_validation_free(v);
    }
    fz_input_free(in, exact, in_len);
    if (base)
        fz_input_free(base, exact, base_len);
    return 0;
}
