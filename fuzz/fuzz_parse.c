/* wwwurl_parse and what a handle offers: wwwurl_get (every part, and
 * unknown ones), wwwurl_port, wwwurl_dup, wwwurl_cache_file (with a small
 * buffer followed by a guard region), wwwurl_set_userinfo, wwwurl_set.
 * Byte 0: bits 0-1 the configuration (fz_config: the defaults, 2.9, 2.9h,
 * 2.9h with another local host and default ports), bit 3 exact length
 * instead of NUL-terminated, bit 4 set_userinfo with the text after the
 * first NUL, bit 5 wwwurl_set of that text (bit 6: of NULL instead) in the
 * part given by the low 4 bits of byte 2 (0-15: settable, derived and
 * unknown parts). Byte 1: cache-file prefix. Byte 2: buffer size. */
#include "fuzz_common.h"

static wwwurl_url *const SENTINEL = (wwwurl_url *)(uintptr_t)0x1234;

static int settable(wwwurl_part p)
{
    return p == WWWURL_PART_SCHEME || p == WWWURL_PART_USER || p == WWWURL_PART_PASS ||
           p == WWWURL_PART_HOST || p == WWWURL_PART_PORT || p == WWWURL_PART_PATH ||
           p == WWWURL_PART_QUERY;
}

/* wwwurl_set of the text after the first NUL (with its exact length, NUL
 * bytes included, or NUL-terminated; or NULL): refused (the handle is
 * byte-identical: every part and the port) or set (a valid handle whose
 * other settable parts kept their bytes, but for the port when the scheme
 * is set). A part that cannot be set is refused. */
static void check_set(wwwurl_url *u, wwwurl_part part, const uint8_t *data, size_t size,
                      int exact, int set_null)
{
    enum { NP = WWWURL_PART_PORT + 1 };
    char *before[NP];
    size_t blen[NP];
    for (wwwurl_part p = 0; p < NP; p++) {
        const char *s = wwwurl_get(u, p, &blen[p]);
        before[p] = s ? fz_strndup((const uint8_t *)s, blen[p]) : NULL;
    }
    int port = wwwurl_port(u);

    const uint8_t *nul = memchr(data, 0, size);
    const uint8_t *vp = nul ? nul + 1 : data + size;
    size_t vlen = (size_t)(data + size - vp);
    char *v = set_null ? NULL : fz_input(1, exact, vp, vlen);
    wwwurl_status st = wwwurl_set(u, part, v, exact ? vlen : WWWURL_NUL_TERMINATED);
    if (!settable(part))
        CHECK(st == WWWURL_ERR_INVALID_ARGUMENT);
    CHECK(st == WWWURL_OK || st == WWWURL_ERR_INVALID_ARGUMENT);
    fz_check_handle(u);
    for (wwwurl_part p = 0; p < NP; p++) {
        size_t n = 0;
        const char *s = wwwurl_get(u, p, &n);
        int kept = settable(p) && p != part && !(p == WWWURL_PART_PORT && part == WWWURL_PART_SCHEME);
        if (st != WWWURL_OK || kept)
            CHECK(fz_same_opt(before[p], s, n) && n == blen[p]);
        free(before[p]);
    }
    if (st != WWWURL_OK)
        CHECK(wwwurl_port(u) == port);
    if (v)
        fz_input_free(v, exact, vlen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    unsigned mode = data[0] & 3;
    int exact = (data[0] & 8) != 0;
    int userinfo = (data[0] & 16) != 0;
    int set = (data[0] & 32) != 0;
    int set_null = (data[0] & 64) != 0;
    wwwurl_part part = data[2] & 15;
    char prefix = (char)data[1];
    size_t cap = data[2];
    data += 3, size -= 3;

    char *in = fz_input(0, exact, data, size);
    wwwurl_url *u = SENTINEL;
    wwwurl_status st =
        wwwurl_parse(fz_config(mode), in, exact ? size : WWWURL_NUL_TERMINATED, &u);
    CHECK(st == WWWURL_OK);
    CHECK(u != SENTINEL);
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

    if (set)
        check_set(u, part, data, size, exact, set_null);
    wwwurl_free(u);
    fz_input_free(in, exact, size);
    return 0;
}
