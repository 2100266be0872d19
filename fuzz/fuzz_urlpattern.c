/* URL patterns: wwwurl_urlpattern_parse, _get, _test, _exec and a set of
 * the one pattern. Byte 0: bit 0 WWWURL_URLPATTERN_IGNORE_CASE, bit 1 the
 * pattern and the URL against a base. The rest: the pattern, NUL, the URL,
 * NUL, the base.
 * Properties: no panic; the pattern compiles, or is
 * WWWURL_ERR_INVALID_PATTERN (with a message) or WWWURL_ERR_BUDGET (a
 * protocol's regular expression too costly to try on the special schemes);
 * every component pattern is a NUL-terminated string of the length given;
 * test gives OK or WWWURL_ERR_BUDGET (the budget is kept: each call
 * returns), and exec and a set of the pattern agree with test; on a match
 * each component's input is a string, each group has a name, and its
 * value, when it took part, lies within that input. */
#include "fuzz_common.h"

#define N_COMPONENTS (WWWURL_URLPATTERN_HASH + 1)

static void check_result(const wwwurl_urlpattern_result *r)
{
    for (wwwurl_urlpattern_component c = 0; c < N_COMPONENTS; c++) {
        size_t in_len = 12345;
        const char *in = wwwurl_urlpattern_result_input(r, c, &in_len);
        CHECK(in != NULL && strlen(in) == in_len);
        size_t n = wwwurl_urlpattern_result_group_count(r, c);
        for (size_t i = 0; i < n; i++) {
            size_t nl = 0, vl = 0;
            const char *name = wwwurl_urlpattern_result_group_name(r, c, i, &nl);
            CHECK(name != NULL && strlen(name) == nl);
            size_t at = (size_t)-1;
            CHECK(wwwurl_urlpattern_result_group_index(r, c, name, nl, &at) == WWWURL_OK);
            CHECK(at <= i);
            const char *v = wwwurl_urlpattern_result_group_value(r, c, i, &vl);
            if (v) {
                CHECK(strlen(v) == vl && vl <= in_len);
                /* a group's value is text of the component's input */
                int found = 0;
                for (size_t k = 0; k + vl <= in_len && !found; k++)
                    found = memcmp(in + k, v, vl) == 0;
                CHECK(found);
            }
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint32_t flags = data[0] & 1 ? WWWURL_URLPATTERN_IGNORE_CASE : 0;
    int with_base = (data[0] & 2) != 0;
    const uint8_t *rest = data + 1;
    size_t n = size - 1;
    const uint8_t *nul = memchr(rest, 0, n);
    size_t pl = nul ? (size_t)(nul - rest) : n;
    const uint8_t *url_at = nul ? nul + 1 : rest + n;
    size_t left = nul ? n - pl - 1 : 0;
    const uint8_t *nul2 = memchr(url_at, 0, left);
    size_t ul = nul2 ? (size_t)(nul2 - url_at) : left;
    size_t bl = nul2 && with_base ? left - ul - 1 : 0;

    char *pattern = fz_input(0, 1, rest, pl);
    char *url = fz_input(1, 1, url_at, ul);
    /* two inputs end at an inaccessible page; the base is a plain copy */
    char *base = with_base ? fz_input(0, 0, nul2 ? nul2 + 1 : url_at + ul, bl) : NULL;

    wwwurl_urlpattern *p = NULL;
    wwwurl_status st = wwwurl_urlpattern_parse(pattern, pl, base, bl, flags, &p);
    CHECK(st == WWWURL_OK || st == WWWURL_ERR_INVALID_PATTERN || st == WWWURL_ERR_BUDGET);
    CHECK((st == WWWURL_OK) == (p != NULL));
    if (st == WWWURL_ERR_INVALID_PATTERN) {
        char *msg = NULL;
        CHECK(wwwurl_urlpattern_error_message(pattern, pl, base, bl, flags, &msg) == WWWURL_OK);
        CHECK(msg != NULL && msg[0] != '\0');
        free(msg);
    } else if (st == WWWURL_OK) {
        for (wwwurl_urlpattern_component c = 0; c < N_COMPONENTS; c++) {
            size_t len = 12345;
            const char *s = wwwurl_urlpattern_get(p, c, &len);
            CHECK(s != NULL && strlen(s) == len);
        }
        int matched = -1;
        wwwurl_status ts = wwwurl_urlpattern_test(p, url, ul, base, bl, &matched);
        CHECK(ts == WWWURL_OK || ts == WWWURL_ERR_BUDGET);
        wwwurl_urlpattern_result *r = NULL;
        wwwurl_status es = wwwurl_urlpattern_exec(p, url, ul, base, bl, &r);
        CHECK(es == ts);
        if (ts == WWWURL_OK) {
            CHECK(matched == 0 || matched == 1);
            CHECK((r != NULL) == (matched == 1));
            if (r)
                check_result(r);
        }
        wwwurl_urlpattern_result_free(r);

        const wwwurl_urlpattern *one[1] = {p};
        wwwurl_urlpattern_set *set = NULL;
        CHECK(wwwurl_urlpattern_set_new(one, 1, &set) == WWWURL_OK);
        CHECK(wwwurl_urlpattern_set_len(set) == 1);
        size_t idx[2] = {99, 99}, count = 99;
        wwwurl_status ms = wwwurl_urlpattern_set_match(set, url, ul, base, bl, idx, 2, &count);
        /* A set tries a pattern only on the URLs of its key (its host's
         * labels, its first path segment, its protocol): where the key
         * rules the URL out, the set says no match without running what
         * test ran out of budget on. */
        CHECK(ms == ts || (ts == WWWURL_ERR_BUDGET && ms == WWWURL_OK && count == 0));
        if (ms == WWWURL_OK && ts == WWWURL_OK) {
            CHECK(count == (size_t)matched);
            if (count)
                CHECK(idx[0] == 0);
        }
        wwwurl_urlpattern_set_free(set);
    }
    wwwurl_urlpattern_free(p);
    if (base)
        fz_input_free(base, 0, bl);
    fz_input_free(url, 1, ul);
    fz_input_free(pattern, 1, pl);
    return 0;
}
