/* wwwurl_rfc3986_normalize and its buffer form. Byte 0: the mask (all
 * eight bits are known); byte 1: the buffer form's capacity (0-255), and
 * with its top bit set an unknown mask bit (1 << 8) is added, which must
 * give WWWURL_ERR_INVALID_ARGUMENT. The rest: the reference (a C string).
 * Properties: the result re-parses to itself (normalising it again with the
 * same mask changes nothing) and has the same components present as the
 * input; the buffer form gives the same bytes and writes nothing at or past
 * its capacity. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    unsigned mask = data[0];
    size_t cap = data[1] & 0x7f;
    if (data[1] & 0x80)
        mask |= 1u << 8;
    char *s = fz_strndup(data + 2, size - 2);

    char *out = (char *)(uintptr_t)1;
    wwwurl_status st = wwwurl_rfc3986_normalize(s, WWWURL_NUL_TERMINATED, mask, &out);
    char *buf = malloc(cap + GUARD_LEN);
    CHECK(buf != NULL);
    memset(buf, GUARD_BYTE, cap + GUARD_LEN);
    size_t needed = 0;
    wwwurl_status bst =
        wwwurl_rfc3986_normalize_buf(s, WWWURL_NUL_TERMINATED, mask, cap ? buf : NULL, cap, &needed);
    CHECK(fz_guard_intact(buf + cap, GUARD_LEN));
    if (mask > 0xff) {
        CHECK(st == WWWURL_ERR_INVALID_ARGUMENT && bst == st);
        CHECK(out == (char *)(uintptr_t)1);
    } else {
        CHECK(st == WWWURL_OK);
        char *again = NULL;
        CHECK(wwwurl_rfc3986_normalize(out, WWWURL_NUL_TERMINATED, mask, &again) == WWWURL_OK);
        CHECK(strcmp(out, again) == 0);
        wwwurl_components a, b;
        CHECK(wwwurl_rfc3986_split(s, WWWURL_NUL_TERMINATED, 0, &a) == WWWURL_OK);
        CHECK(wwwurl_rfc3986_split(out, WWWURL_NUL_TERMINATED, 0, &b) == WWWURL_OK);
        CHECK(a.scheme.present == b.scheme.present);
        CHECK(a.authority.present == b.authority.present);
        CHECK(a.query.present == b.query.present);
        CHECK(a.fragment.present == b.fragment.present);
        CHECK(needed == strlen(out) + 1);
        if (cap >= needed) {
            CHECK(bst == WWWURL_OK);
            CHECK(strcmp(buf, out) == 0);
        } else {
            CHECK(bst == WWWURL_ERR_BUFFER_TOO_SMALL);
        }
        wwwurl_string_free(again);
        wwwurl_string_free(out);
    }
    free(buf);
    free(s);
    return 0;
}
