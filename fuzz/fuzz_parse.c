/* wwwurl_parse and what a handle offers: wwwurl_get (every part, and
 * unknown ones), wwwurl_port, wwwurl_dup, wwwurl_cache_file (with a small
 * buffer followed by a guard region), wwwurl_set_userinfo.
 * Byte 0: bits 0-2 flags (0..7: unknown bits must be refused), bit 3 exact
 * length instead of NUL-terminated, bit 4 set_userinfo with the text after
 * the first NUL. Byte 1: cache-file prefix. Byte 2: buffer size. */
#include "fuzz_common.h"

static wwwurl_url *const SENTINEL = (wwwurl_url *)(uintptr_t)0x1234;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    uint32_t flags = data[0] & 7;
    int exact = (data[0] & 8) != 0;
    int userinfo = (data[0] & 16) != 0;
    char prefix = (char)data[1];
    size_t cap = data[2];
    data += 3, size -= 3;

    char *in = fz_input(0, exact, data, size);
    wwwurl_url *u = SENTINEL;
    wwwurl_status st = wwwurl_parse(in, exact ? size : WWWURL_NUL_TERMINATED, flags, &u);
    if (flags & ~(uint32_t)(WWWURL_FLAG_29 | WWWURL_FLAG_29H))
        CHECK(st == WWWURL_ERR_INVALID_ARGUMENT);
    else if (flags == 3)
        CHECK(st == WWWURL_ERR_INVALID_ARGUMENT || st == WWWURL_OK);
    else
        CHECK(st == WWWURL_OK);
    if (st != WWWURL_OK) {
        CHECK(u == SENTINEL);
        fz_input_free(in, exact, size);
        return 0;
    }
    fz_check_handle(u);

    wwwurl_url *d = NULL;
    CHECK(wwwurl_dup(u, &d) == WWWURL_OK);
    size_t n1, n2;
    const char *a = wwwurl_get(u, WWWURL_PART_FILE, &n1);
    const char *b = wwwurl_get(d, WWWURL_PART_FILE, &n2);
    CHECK(n1 == n2 && memcmp(a, b, n1) == 0 && a != b);
    wwwurl_free(d);

    size_t needed = 0;
    st = wwwurl_cache_file(u, prefix, NULL, 0, &needed);
    if (prefix == 0 || prefix == '/') {
        CHECK(st == WWWURL_ERR_INVALID_ARGUMENT);
    } else if (!fz_cache_path_safe(u)) {
        CHECK(st == WWWURL_ERR_UNSAFE_PATH && needed == 0);
    } else {
        CHECK(st == WWWURL_ERR_BUFFER_TOO_SMALL && needed > 0);
        cap = cap % (needed + 3);
        char *buf = malloc(cap + GUARD_LEN);
        CHECK(buf != NULL);
        memset(buf, GUARD_BYTE, cap + GUARD_LEN);
        size_t need2 = 0;
        st = wwwurl_cache_file(u, prefix, buf, cap, &need2);
        CHECK(need2 == needed);
        if (cap >= needed) {
            CHECK(st == WWWURL_OK);
            CHECK(strlen(buf) == needed - 1);
        } else {
            CHECK(st == WWWURL_ERR_BUFFER_TOO_SMALL);
        }
        CHECK(fz_guard_intact(buf + cap, GUARD_LEN));
        free(buf);
    }

    if (userinfo) {
        const char *nul = memchr(data, 0, size);
        char *rest = nul ? fz_strndup((const uint8_t *)nul + 1, size - (size_t)(nul + 1 - (const char *)data))
                         : fz_strndup((const uint8_t *)"", 0);
        st = wwwurl_set_userinfo(u, rest, (prefix & 1) ? NULL : rest);
        CHECK(st == WWWURL_OK);
        fz_check_handle(u);
        free(rest);
    }
    wwwurl_free(u);
    fz_input_free(in, exact, size);
    return 0;
}
