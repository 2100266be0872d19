/* wwwurl_rfc3986_make_relative and its buffer form. Byte 0: the buffer
 * form's capacity (0-255). The rest: base, NUL, target (C strings).
 * Properties: the reference resolves against the base to what the target
 * resolves to, byte for byte, and is never longer; the buffer form gives
 * the same bytes and writes nothing at or past its capacity. */
#include "fuzz_common.h"

static char *resolve(const char *b, const char *r)
{
    char *out = NULL;
    CHECK(wwwurl_rfc3986_resolve(b, WWWURL_NUL_TERMINATED, r, WWWURL_NUL_TERMINATED, &out) ==
          WWWURL_OK);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t cap = data[0];
    char *f[2];
    fz_split_fields(data + 1, size - 1, f, 2);

    char *rel = (char *)(uintptr_t)1;
    wwwurl_status st = wwwurl_rfc3986_make_relative(f[0], WWWURL_NUL_TERMINATED, f[1],
                                                    WWWURL_NUL_TERMINATED, &rel);
    CHECK(st == WWWURL_OK || st == WWWURL_ERR_NOT_ABSOLUTE);
    char *buf = malloc(cap + GUARD_LEN);
    CHECK(buf != NULL);
    memset(buf, GUARD_BYTE, cap + GUARD_LEN);
    size_t needed = 0;
    wwwurl_status bst = wwwurl_rfc3986_make_relative_buf(
        f[0], WWWURL_NUL_TERMINATED, f[1], WWWURL_NUL_TERMINATED, cap ? buf : NULL, cap, &needed);
    CHECK(fz_guard_intact(buf + cap, GUARD_LEN));
    if (st == WWWURL_OK) {
        char *want = resolve(f[0], f[1]);
        char *back = resolve(f[0], rel);
        CHECK(strcmp(want, back) == 0);
        CHECK(strlen(rel) <= strlen(want));
        CHECK(needed == strlen(rel) + 1);
        if (cap >= needed) {
            CHECK(bst == WWWURL_OK);
            CHECK(strcmp(buf, rel) == 0);
        } else {
            CHECK(bst == WWWURL_ERR_BUFFER_TOO_SMALL);
        }
        wwwurl_string_free(want);
        wwwurl_string_free(back);
        wwwurl_string_free(rel);
    } else {
        CHECK(rel == (char *)(uintptr_t)1);
        CHECK(bst == st);
    }
    free(buf);
    fz_free_fields(f, 2);
    return 0;
}
