/* wwwurl_browser_resolve and its buffer form. Byte 0: the buffer form's
 * capacity (0-255). The rest: base, NUL, string (C strings).
 * Properties: unless its path is rootless, the result is a fixed point
 * (resolving it against the base, or against itself, gives it back); it
 * has an authority only when the base or the string has one by the browser
 * split (resolution never invents an authority); the buffer form gives the
 * same bytes and writes nothing at or past its capacity. */
#include "fuzz_common.h"

static int has_authority(const char *s)
{
    wwwurl_components c;
    CHECK(wwwurl_rfc3986_split(s, WWWURL_NUL_TERMINATED, WWWURL_FLAG_BROWSER, &c) == WWWURL_OK);
    return c.authority.present;
}

/* A rootless path without authority (`file:a/b`): the draft makes the
 * after-scheme of a string with the base's own scheme relative, so such a
 * URL resolved against itself merges its path twice, by design. */
static int rootless(const char *s)
{
    wwwurl_components c;
    CHECK(wwwurl_rfc3986_split(s, WWWURL_NUL_TERMINATED, WWWURL_FLAG_BROWSER, &c) == WWWURL_OK);
    return !c.authority.present && c.path.len && s[c.path.offset] != '/';
}

static char *resolve(const char *b, const char *r)
{
    char *out = NULL;
    CHECK(wwwurl_browser_resolve(b, WWWURL_NUL_TERMINATED, r, WWWURL_NUL_TERMINATED, &out) ==
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

    char *out = (char *)(uintptr_t)1;
    wwwurl_status st =
        wwwurl_browser_resolve(f[0], WWWURL_NUL_TERMINATED, f[1], WWWURL_NUL_TERMINATED, &out);
    CHECK(st == WWWURL_OK || st == WWWURL_ERR_NOT_ABSOLUTE || st == WWWURL_ERR_UNSUPPORTED_SCHEME);
    char *buf = malloc(cap + GUARD_LEN);
    CHECK(buf != NULL);
    memset(buf, GUARD_BYTE, cap + GUARD_LEN);
    size_t needed = 0;
    wwwurl_status bst = wwwurl_browser_resolve_buf(f[0], WWWURL_NUL_TERMINATED, f[1],
                                                   WWWURL_NUL_TERMINATED, cap ? buf : NULL, cap,
                                                   &needed);
    CHECK(fz_guard_intact(buf + cap, GUARD_LEN));
    if (st == WWWURL_OK) {
        if (!rootless(out)) {
            char *again = resolve(f[0], out);
            CHECK(strcmp(again, out) == 0);
            wwwurl_string_free(again);
            again = resolve(out, out);
            CHECK(strcmp(again, out) == 0);
            wwwurl_string_free(again);
        }
        if (has_authority(out))
            CHECK(has_authority(f[0]) || has_authority(f[1]));
        CHECK(needed == strlen(out) + 1);
        if (cap >= needed) {
            CHECK(bst == WWWURL_OK);
            CHECK(strcmp(buf, out) == 0);
        } else {
            CHECK(bst == WWWURL_ERR_BUFFER_TOO_SMALL);
        }
        wwwurl_string_free(out);
    } else {
        CHECK(out == (char *)(uintptr_t)1);
        CHECK(bst == st);
    }
    free(buf);
    fz_free_fields(f, 2);
    return 0;
}
