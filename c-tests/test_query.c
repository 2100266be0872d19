/* Query parameters and No-Vary-Search through the C ABI: wwwurl_query_edit
 * (every op, both forms), _get, _count, _next, _decode, _encode, the same edits on a
 * wwwurl_url and a wwwurl_whatwg handle, the cachekey profile's strip lists
 * from a config; the No-Vary-Search draft's header and comparison examples
 * through wwwurl_nvs_*. And the losslessness property over both corpora:
 * after deleting a parameter or appending one, every other parameter keeps
 * its bytes. */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NT WWWURL_NUL_TERMINATED

static void check_edit(hgroup *g, const char *q, wwwurl_query_op op, const char *name,
                       const char *value, int want_st, const char *want)
{
    char *out = NULL;
    char buf[256];
    size_t needed = 0;
    wwwurl_status st = wwwurl_query_edit(q, NT, op, name, name ? NT : 0, value, NT, &out);
    if (CHECK_STATUS(g, "wwwurl_query_edit", q, want_st, st) && st == WWWURL_OK)
        CHECK_CSTR(g, "wwwurl_query_edit", q, want, out);
    wwwurl_string_free(out);
    st = wwwurl_query_edit_buf(q, NT, op, name, name ? NT : 0, value, NT, buf, sizeof buf,
                               &needed);
    if (CHECK_STATUS(g, "wwwurl_query_edit_buf", q, want_st, st) && st == WWWURL_OK) {
        CHECK_CSTR(g, "wwwurl_query_edit_buf", q, want, buf);
        CHECK_INT(g, "needed", q, (long long)strlen(want) + 1, (long long)needed);
    }
}

static void t_edit(hgroup *g, const char *dir)
{
    (void)dir;
    h_case_begin(g, NULL, NULL);
    /* Untouched parameters keep their bytes: no %20 to +, no , re-encoded. */
    check_edit(g, "a=%20&b=%2C,&c=1", WWWURL_QUERY_DELETE, "c", NULL, WWWURL_OK, "a=%20&b=%2C,");
    check_edit(g, "a=1&b=2&a=3", WWWURL_QUERY_DELETE, "a", "3", WWWURL_OK, "a=1&b=2");
    check_edit(g, "%61=1&b&&a=2", WWWURL_QUERY_DELETE, "a", NULL, WWWURL_OK, "b");
    check_edit(g, "a=%20&b", WWWURL_QUERY_APPEND, "c d", "\xc3\xa9&", WWWURL_OK,
               "a=%20&b&c+d=%C3%A9%26");
    check_edit(g, "", WWWURL_QUERY_APPEND, "x", NULL, WWWURL_OK, "x=");
    check_edit(g, "%61=1&b=%2C&a=2&a", WWWURL_QUERY_SET, "a", "x y", WWWURL_OK, "%61=x+y&b=%2C");
    check_edit(g, "b=1", WWWURL_QUERY_SET, "a", "2", WWWURL_OK, "b=1&a=2");
    check_edit(g, "z=1&a=%2C&z=0&b", WWWURL_QUERY_SORT, NULL, NULL, WWWURL_OK, "a=%2C&b&z=1&z=0");
    check_edit(g, "q=a+b&utm_source=x&&utm_medium=y&lang", WWWURL_QUERY_STRIP_PREFIX, "utm_",
               NULL, WWWURL_OK, "q=a+b&lang");
    check_edit(g, "q=a+b&utm_source=x&lang", WWWURL_QUERY_KEEP_PREFIX, "utm_", NULL, WWWURL_OK,
               "utm_source=x");
    check_edit(g, "q=1&gclid=2&Q=3", WWWURL_QUERY_STRIP, "gclid", NULL, WWWURL_OK, "q=1&Q=3");
    check_edit(g, "q=1&gclid=2&q=3", WWWURL_QUERY_KEEP, "q", NULL, WWWURL_OK, "q=1&q=3");
    check_edit(g, "a=1", 99, "a", NULL, WWWURL_ERR_INVALID_ARGUMENT, NULL);
    h_case_end(g);
}

static void t_read(hgroup *g, const char *dir)
{
    static const char q[] = "a=1&&b&%61=x+%2C&c=";
    char *out = NULL;
    wwwurl_query_param p;
    size_t pos = 0, n = 0;
    static const char *const names[] = {"a", "b", "%61", "c"};
    static const char *const values[] = {"1", "", "x+%2C", ""};
    static const int has[] = {1, 0, 1, 1};
    (void)dir;

    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "count", q, 4, (long long)wwwurl_query_count(q, NT));
    CHECK_INT(g, "count NULL", NULL, 0, (long long)wwwurl_query_count(NULL, 3));
    while (wwwurl_query_next(q, NT, &pos, &p) == WWWURL_OK && n < 4) {
        CHECK_BYTES(g, "name span", q, names[n], strlen(names[n]), q + p.name_offset, p.name_len);
        CHECK_BYTES(g, "value span", q, values[n], strlen(values[n]), q + p.value_offset,
                    p.value_len);
        CHECK_INT(g, "has_value", q, has[n], p.has_value);
        n++;
    }
    CHECK_INT(g, "parameters iterated", q, 4, (long long)n);
    CHECK_STATUS(g, "end", q, WWWURL_ERR_NOT_FOUND, wwwurl_query_next(q, NT, &pos, &p));
    pos = 999;
    CHECK_STATUS(g, "pos past the end", q, WWWURL_ERR_INVALID_ARGUMENT,
                 wwwurl_query_next(q, NT, &pos, &p));
    CHECK_STATUS(g, "NULL pos", q, WWWURL_ERR_NULL, wwwurl_query_next(q, NT, NULL, &p));

    CHECK_STATUS(g, "get", q, WWWURL_OK, wwwurl_query_get(q, NT, "a", NT, 1, 0, &out));
    CHECK_CSTR(g, "second a, decoded", q, "x ,", out);
    wwwurl_string_free(out);
    out = NULL;
    CHECK_STATUS(g, "get raw", q, WWWURL_OK,
                 wwwurl_query_get(q, NT, "a", NT, 1, WWWURL_QUERY_RAW, &out));
    CHECK_CSTR(g, "second a, raw", q, "x+%2C", out);
    wwwurl_string_free(out);
    out = NULL;
    CHECK_STATUS(g, "get absent", q, WWWURL_ERR_NOT_FOUND,
                 wwwurl_query_get(q, NT, "a", NT, 2, 0, &out));
    CHECK_STATUS(g, "get bad flags", q, WWWURL_ERR_INVALID_ARGUMENT,
                 wwwurl_query_get(q, NT, "a", NT, 0, 2, &out));
    CHECK(g, "*out untouched", q, out == NULL);
    CHECK_STATUS(g, "decode", NULL, WWWURL_OK, wwwurl_query_decode("a+b%2C%zz", NT, &out));
    CHECK_CSTR(g, "decoded", NULL, "a b,%zz", out);
    wwwurl_string_free(out);
    CHECK_STATUS(g, "encode", NULL, WWWURL_OK,
                 wwwurl_query_encode("a b&c=d/\xc3\xa9*-._~+%", NT, &out));
    CHECK_CSTR(g, "encoded", NULL, "a+b%26c%3Dd%2F%C3%A9*-._%7E%2B%25", out);
    wwwurl_string_free(out);
    out = NULL;
    CHECK_STATUS(g, "encode with a NUL", NULL, WWWURL_OK, wwwurl_query_encode("a\0b", 3, &out));
    CHECK_CSTR(g, "encoded NUL", NULL, "a%00b", out);
    wwwurl_string_free(out);
    out = NULL;
    CHECK_STATUS(g, "encode empty", NULL, WWWURL_OK, wwwurl_query_encode(NULL, 0, &out));
    CHECK_CSTR(g, "encoded empty", NULL, "", out);
    wwwurl_string_free(out);
    out = NULL;
    CHECK_STATUS(g, "encode NULL with a length", NULL, WWWURL_ERR_NULL,
                 wwwurl_query_encode(NULL, 3, &out));
    CHECK(g, "*out untouched", NULL, out == NULL);
    {
        /* Every byte value, encoded then decoded, is itself again. */
        char all[256], dec[257], *enc = NULL, *cut = NULL;
        size_t needed = 0;
        int i;
        for (i = 0; i < 256; i++)
            all[i] = (char)i;
        CHECK_STATUS(g, "encode every byte", NULL, WWWURL_OK, wwwurl_query_encode(all, 256, &enc));
        CHECK(g, "encoded: no & = # or space", NULL,
              enc && !strpbrk(enc, "&=# ") && strlen(enc) == 62 * 1 + 4 + 1 + 189 * 3);
        /* The decoded bytes hold a NUL: the malloc form, which has no
         * length, refuses them; the _buf form gives them whole. */
        CHECK_STATUS(g, "decode it (malloc)", NULL, WWWURL_ERR_HOLDS_NUL,
                     wwwurl_query_decode(enc, NT, &cut));
        CHECK(g, "*out untouched", NULL, cut == NULL);
        CHECK_STATUS(g, "decode it (_buf)", NULL, WWWURL_OK,
                     wwwurl_query_decode_buf(enc, NT, dec, sizeof dec, &needed));
        CHECK(g, "decoded: the 256 bytes", NULL, needed == 257 && memcmp(dec, all, 256) == 0);
        wwwurl_string_free(enc);
    }
    {
        char buf[8];
        size_t needed = 0;
        CHECK_STATUS(g, "encode_buf", NULL, WWWURL_OK,
                     wwwurl_query_encode_buf("a b", NT, buf, sizeof buf, &needed));
        CHECK_CSTR(g, "encode_buf", NULL, "a+b", buf);
        CHECK_INT(g, "encode_buf needed", NULL, 4, (long long)needed);
        CHECK_STATUS(g, "encode_buf small", NULL, WWWURL_ERR_BUFFER_TOO_SMALL,
                     wwwurl_query_encode_buf("\xc3\xa9\xc3\xa9", NT, buf, sizeof buf, &needed));
        CHECK_INT(g, "encode_buf needed when small", NULL, 13, (long long)needed);
    }
    {
        char buf[8];
        size_t needed = 0;
        CHECK_STATUS(g, "get_buf", q, WWWURL_OK,
                     wwwurl_query_get_buf(q, NT, "a", NT, 1, 0, buf, sizeof buf, &needed));
        CHECK_CSTR(g, "get_buf", q, "x ,", buf);
        CHECK_INT(g, "get_buf needed", q, 4, (long long)needed);
        CHECK_STATUS(g, "get_buf small", q, WWWURL_ERR_BUFFER_TOO_SMALL,
                     wwwurl_query_get_buf(q, NT, "a", NT, 1, 0, buf, 2, &needed));
        CHECK_INT(g, "get_buf needed when small", q, 4, (long long)needed);
        CHECK_STATUS(g, "decode_buf", NULL, WWWURL_OK,
                     wwwurl_query_decode_buf("%41+", NT, buf, sizeof buf, &needed));
        CHECK_CSTR(g, "decode_buf", NULL, "A ", buf);
    }
    h_case_end(g);
}

static void t_handles(hgroup *g, const char *dir)
{
    wwwurl_url *u = NULL;
    wwwurl_whatwg *w = NULL;
    (void)dir;

    h_case_begin(g, NULL, NULL);
    if (CHECK_STATUS(g, "wwwurl_parse", NULL, WWWURL_OK,
                     wwwurl_parse(H_CFG, "http://h/p?utm_source=x&a=%20&b", NT, &u))) {
        /* The record's canonical args have `+` for `%20` (as SplitURL makes
         * them); the edit keeps those bytes. */
        CHECK_CSTR(g, "query of the parsed handle", NULL, "utm_source=x&a=+&b",
                   wwwurl_get(u, WWWURL_PART_QUERY, NULL));
        CHECK_STATUS(g, "strip utm_", NULL, WWWURL_OK,
                     wwwurl_url_query_edit(u, WWWURL_QUERY_STRIP_PREFIX, "utm_", NT, NULL, 0));
        CHECK_CSTR(g, "query of the handle", NULL, "a=+&b",
                   wwwurl_get(u, WWWURL_PART_QUERY, NULL));
        CHECK_CSTR(g, "name of the handle", NULL, "http://h/p?a=+&b",
                   wwwurl_get(u, WWWURL_PART_NAME, NULL));
        CHECK_STATUS(g, "keep none", NULL, WWWURL_OK,
                     wwwurl_url_query_edit(u, WWWURL_QUERY_KEEP, "zz", NT, NULL, 0));
        CHECK(g, "query removed", NULL, wwwurl_get(u, WWWURL_PART_QUERY, NULL) == NULL);
        CHECK_CSTR(g, "name without query", NULL, "http://h/p",
                   wwwurl_get(u, WWWURL_PART_NAME, NULL));
        CHECK_STATUS(g, "append to none", NULL, WWWURL_OK,
                     wwwurl_url_query_edit(u, WWWURL_QUERY_APPEND, "k", NT, "v w", NT));
        CHECK_CSTR(g, "appended", NULL, "http://h/p?k=v+w", wwwurl_get(u, WWWURL_PART_NAME, NULL));
        CHECK_STATUS(g, "unknown op", NULL, WWWURL_ERR_INVALID_ARGUMENT,
                     wwwurl_url_query_edit(u, 42, "k", NT, NULL, 0));
        CHECK_CSTR(g, "unchanged", NULL, "http://h/p?k=v+w", wwwurl_get(u, WWWURL_PART_NAME, NULL));
    }
    wwwurl_free(u);
    CHECK_STATUS(g, "NULL url handle", NULL, WWWURL_ERR_NULL,
                 wwwurl_url_query_edit(NULL, WWWURL_QUERY_SORT, NULL, 0, NULL, 0));

    if (CHECK_STATUS(g, "wwwurl_whatwg_parse", NULL, WWWURL_OK,
                     wwwurl_whatwg_parse("https://h/p?b=2&a=%2C#f", NT, NULL, 0, &w))) {
        CHECK_STATUS(g, "sort", NULL, WWWURL_OK,
                     wwwurl_whatwg_query_edit(w, WWWURL_QUERY_SORT, NULL, 0, NULL, 0));
        CHECK_CSTR(g, "sorted search", NULL, "https://h/p?a=%2C&b=2#f",
                   wwwurl_whatwg_get(w, WWWURL_WHATWG_HREF, NULL));
        CHECK_STATUS(g, "delete every parameter", NULL, WWWURL_OK,
                     wwwurl_whatwg_query_edit(w, WWWURL_QUERY_STRIP_PREFIX, "", 0, NULL, 0));
        CHECK_CSTR(g, "no query", NULL, "https://h/p#f",
                   wwwurl_whatwg_get(w, WWWURL_WHATWG_HREF, NULL));
        CHECK_STATUS(g, "set on none", NULL, WWWURL_OK,
                     wwwurl_whatwg_query_edit(w, WWWURL_QUERY_SET, "q", NT, "\xe2\x82\xac", NT));
        CHECK_CSTR(g, "set", NULL, "https://h/p?q=%E2%82%AC#f",
                   wwwurl_whatwg_get(w, WWWURL_WHATWG_HREF, NULL));
    }
    wwwurl_whatwg_free(w);
    h_case_end(g);
}

static void t_cachekey_config(hgroup *g, const char *dir)
{
    wwwurl_config *cfg = NULL;
    char *out = NULL;
    (void)dir;

    h_case_begin(g, NULL, NULL);
    CHECK_STATUS(g, "config", NULL, WWWURL_OK, wwwurl_config_new(&cfg));
    CHECK_STATUS(g, "strip gclid", NULL, WWWURL_OK,
                 wwwurl_config_add_strip_param(cfg, "gclid", NT));
    CHECK_STATUS(g, "strip utm_", NULL, WWWURL_OK,
                 wwwurl_config_add_strip_prefix(cfg, "utm_", NT));
    CHECK_STATUS(g, "NULL name", NULL, WWWURL_ERR_NULL,
                 wwwurl_config_add_strip_param(cfg, NULL, 1));
    CHECK_STATUS(g, "canonicalize", NULL, WWWURL_OK,
                 wwwurl_canonicalize(cfg, "cachekey", "HTTP://Example.COM:80/a?z=1&utm_source=x&gclid=y&a=%7e",
                                     NT, &out));
    CHECK_CSTR(g, "cachekey with the config's strip lists", NULL, "http://example.com/a?a=~&z=1",
               out);
    wwwurl_string_free(out);
    out = NULL;
    CHECK_STATUS(g, "frozen", NULL, WWWURL_ERR_CONFIG_IN_USE,
                 wwwurl_config_add_strip_param(cfg, "x", NT));
    CHECK_STATUS(g, "canonicalize without", NULL, WWWURL_OK,
                 wwwurl_canonicalize(NULL, "cachekey",
                                     "HTTP://Example.COM:80/a?z=1&utm_source=x&gclid=y&a=%7e", NT,
                                     &out));
    CHECK_CSTR(g, "cachekey of the defaults", NULL,
               "http://example.com/a?a=~&gclid=y&utm_source=x&z=1", out);
    wwwurl_string_free(out);
    {
        wwwurl_config *copy = NULL;
        out = NULL;
        CHECK_STATUS(g, "dup keeps the lists", NULL, WWWURL_OK, wwwurl_config_dup(cfg, &copy));
        CHECK_STATUS(g, "canonicalize with the copy", NULL, WWWURL_OK,
                     wwwurl_canonicalize(copy, "cachekey", "http://e/?gclid=1&utm_x=2&k", NT,
                                         &out));
        CHECK_CSTR(g, "copy strips too", NULL, "http://e/?k", out);
        wwwurl_string_free(out);
        wwwurl_config_free(copy);
    }
    wwwurl_config_free(cfg);
    h_case_end(g);
}

/* ---- No-Vary-Search: the draft's examples ---------------------------------------- */

static const struct {
    const char *header, *a, *b;
    int eq;
} nvs_pairs[] = {
    /* Introduction: key-order, params, except. */
    {"key-order", "https://a.example/p?x=1&y=2", "https://a.example/p?y=2&x=1", 1},
    {"key-order", "https://a.example/p?x=1", "https://a.example/p?x=1&y=2", 0},
    {"key-order", "https://a.example/p?x=1&x=2", "https://a.example/p?x=2&x=1", 0},
    {"params=(\"utm_source\" \"utm_medium\" \"utm_campaign\")",
     "https://a.example/p?id=3&utm_source=mail&utm_campaign=x", "https://a.example/p?id=3", 1},
    {"params=(\"utm_source\" \"utm_medium\" \"utm_campaign\")", "https://a.example/p?id=3",
     "https://a.example/p?id=4&utm_medium=m", 0},
    {"params=(\"utm_source\" \"utm_medium\" \"utm_campaign\")", "https://a.example/p?a&b",
     "https://a.example/p?b&a", 0},
    {"except=(\"productId\")", "https://shop.example/item?productId=7&ref=home",
     "https://shop.example/item?session=9&productId=7", 1},
    {"except=(\"productId\")", "https://shop.example/item?productId=7",
     "https://shop.example/item?productId=8", 0},
    {"except=()", "https://a.example/p?x=1", "https://a.example/p?y=2", 1},
    /* Parse a key: "%C3%A9+%E6%B0%97" is the key "é 気". */
    {"params=(\"%C3%A9+%E6%B0%97\")", "https://example.com/?\xc3\xa9 \xe6\xb0\x97=1",
     "https://example.com/?%C3%A9+%E6%B0%97=4", 1},
    {"params=(\"%C3%A9+%E6%B0%97\")", "https://example.com/?\xc3\xa9+\xe6\xb0\x97=2",
     "https://example.com/?%C3%A9%20%E6%B0%97=1", 1},
    /* Comparing: the default config is exact. */
    {"", "https://example.com/a", "https://example.com/a?", 0},
    {"", "https://example.com/foo?a=b&&&c", "https://example.com/foo?a=b&c=", 0},
    {"", "https://example.com/foo?a=b&&&c", "https://example.com/foo?a=b&&&c", 1},
    {"key-order", "https://example.com/a", "https://example.com/a?", 1},
    {"key-order", "https://example.com/foo?a=b&&&c", "https://example.com/foo?a=b&c=", 1},
    /* Comparing: everything but the query and fragment counts. */
    {"key-order", "https://example.com/a?x", "http://example.com/a?x", 0},
    {"key-order", "https://u@example.com/a?x", "https://example.com/a?x", 0},
    {"key-order", "https://example.com:8443/a?x", "https://example.com/a?x", 0},
    {"key-order", "https://example.com/b?x", "https://example.com/a?x", 0},
    {"key-order", "https://example.com/a?x#one", "https://example.com/a?x#two", 1},
    {"", "https://example.com/a?x#one", "https://example.com/a?x", 1},
    /* Malformed values behave as the default. */
    {"params=?1", "https://a.example/p?x=1&y=2", "https://a.example/p?y=2&x=1", 0},
    {"params=(\"a\"), except=(\"x\")", "https://a.example/p?a=1", "https://a.example/p", 0},
    {"params=(not-a-string)", "https://a.example/p?a=1", "https://a.example/p?a=1", 1},
};

static void t_nvs(hgroup *g, const char *dir)
{
    size_t k;
    (void)dir;
    for (k = 0; k < sizeof nvs_pairs / sizeof nvs_pairs[0]; k++) {
        wwwurl_nvs *nvs = NULL;
        char *ka = NULL, *kb = NULL;
        char buf[256];
        size_t needed = 0;
        h_case_begin(g, NULL, NULL);
        if (CHECK_STATUS(g, "wwwurl_nvs_parse", nvs_pairs[k].header, WWWURL_OK,
                         wwwurl_nvs_parse(nvs_pairs[k].header, NT, &nvs))) {
            CHECK_INT(g, "equivalent", nvs_pairs[k].a, nvs_pairs[k].eq,
                      wwwurl_nvs_equivalent(nvs, nvs_pairs[k].a, NT, nvs_pairs[k].b, NT));
            CHECK_STATUS(g, "key a", nvs_pairs[k].a, WWWURL_OK,
                         wwwurl_nvs_key(nvs, nvs_pairs[k].a, NT, &ka));
            CHECK_STATUS(g, "key b", nvs_pairs[k].b, WWWURL_OK,
                         wwwurl_nvs_key(nvs, nvs_pairs[k].b, NT, &kb));
            if (ka && kb)
                CHECK_INT(g, "keys equal exactly when equivalent", nvs_pairs[k].a,
                          nvs_pairs[k].eq, !strcmp(ka, kb));
            if (CHECK_STATUS(g, "key buf", nvs_pairs[k].a, WWWURL_OK,
                             wwwurl_nvs_key_buf(nvs, nvs_pairs[k].a, NT, buf, sizeof buf,
                                                &needed)) &&
                ka)
                CHECK_CSTR(g, "buf form is the key", nvs_pairs[k].a, ka, buf);
        }
        wwwurl_string_free(ka);
        wwwurl_string_free(kb);
        wwwurl_nvs_free(nvs);
        h_case_end(g);
    }
    {
        wwwurl_nvs *nvs = NULL;
        char *k = NULL;
        char small[4];
        size_t needed = 0;
        h_case_begin(g, NULL, NULL);
        CHECK_STATUS(g, "parse", NULL, WWWURL_OK,
                     wwwurl_nvs_parse("params=(\"utm_source\"), key-order", NT, &nvs));
        CHECK_STATUS(g, "key", NULL, WWWURL_OK,
                     wwwurl_nvs_key(nvs, "https://e/p?b=%7e&utm_source=x&a=1+2#f", NT, &k));
        CHECK_CSTR(g, "key text", NULL, "https://e/p?a=1+2&b=%7E", k);
        CHECK_STATUS(g, "small buffer", NULL, WWWURL_ERR_BUFFER_TOO_SMALL,
                     wwwurl_nvs_key_buf(nvs, "https://e/p?b=%7e&utm_source=x&a=1+2#f", NT, small,
                                        sizeof small, &needed));
        CHECK_INT(g, "needed", NULL, (long long)strlen(k) + 1, (long long)needed);
        CHECK_INT(g, "NULL config", NULL, -1, wwwurl_nvs_equivalent(NULL, "a", NT, "a", NT));
        CHECK_INT(g, "NULL url", NULL, -1, wwwurl_nvs_equivalent(nvs, NULL, 1, "a", NT));
        CHECK_STATUS(g, "NULL out", NULL, WWWURL_ERR_NULL, wwwurl_nvs_parse("a", NT, NULL));
        CHECK_STATUS(g, "NULL key config", NULL, WWWURL_ERR_NULL,
                     wwwurl_nvs_key(NULL, "a", NT, &k));
        wwwurl_string_free(k);
        wwwurl_nvs_free(nvs);
        wwwurl_nvs_free(NULL);
        h_case_end(g);
    }
}

/* ---- losslessness over the corpora ------------------------------------------------- */

/* The raw pieces of `q` (the non-empty ones between &s). */
typedef struct piece {
    const char *p;
    size_t n;
    char *name; /* decoded */
} piece;

static size_t pieces_of(const char *q, size_t qlen, piece *out, size_t max)
{
    size_t pos = 0, n = 0;
    wwwurl_query_param p;
    while (n < max && wwwurl_query_next(q, qlen, &pos, &p) == WWWURL_OK) {
        char *name = NULL;
        size_t end = p.has_value ? p.value_offset + p.value_len : p.name_offset + p.name_len;
        out[n].p = q + p.name_offset;
        out[n].n = end - p.name_offset;
        if (wwwurl_query_decode(q + p.name_offset, p.name_len, &name) != WWWURL_OK)
            return (size_t)-1;
        out[n].name = name;
        n++;
    }
    return n;
}

static void lossless_line(hgroup *g, const char *line, size_t len, unsigned long *checks)
{
    const char *q = memchr(line, '?', len), *end;
    piece ps[64];
    size_t n, k, qlen;
    hbuf want;
    char *out = NULL;

    if (!q)
        return;
    q++;
    end = memchr(q, '#', (size_t)(line + len - q));
    qlen = (size_t)((end ? end : line + len) - q);
    n = pieces_of(q, qlen, ps, 64);
    if (n == (size_t)-1 || n == 0 || n == 64) {
        if (n != (size_t)-1)
            for (k = 0; k < n; k++)
                wwwurl_string_free(ps[k].name);
        return;
    }
    hb_init(&want);
    /* Delete the first parameter's name: the others, byte for byte. */
    for (k = 0; k < n; k++) {
        if (!strcmp(ps[k].name, ps[0].name) && strlen(ps[0].name) == strlen(ps[k].name))
            continue;
        if (want.len)
            hb_putc(&want, '&');
        hb_put(&want, ps[k].p, ps[k].n);
    }
    if (want.len == 0)
        hb_puts(&want, "");
    if (CHECK_STATUS(g, "delete", line, WWWURL_OK,
                     wwwurl_query_edit(q, qlen, WWWURL_QUERY_DELETE, ps[0].name, NT, NULL, 0, &out)))
        CHECK_CSTR(g, "delete keeps the other parameters' bytes", line, want.p, out);
    wwwurl_string_free(out);
    out = NULL;
    /* Append: every parameter, byte for byte, then the new one. */
    hb_reset(&want);
    for (k = 0; k < n; k++) {
        if (want.len)
            hb_putc(&want, '&');
        hb_put(&want, ps[k].p, ps[k].n);
    }
    hb_puts(&want, "&new+name=v%2C+w");
    if (CHECK_STATUS(g, "append", line, WWWURL_OK,
                     wwwurl_query_edit(q, qlen, WWWURL_QUERY_APPEND, "new name", NT, "v, w", NT,
                                       &out)))
        CHECK_CSTR(g, "append keeps every parameter's bytes", line, want.p, out);
    wwwurl_string_free(out);
    *checks += 2;
    for (k = 0; k < n; k++)
        wwwurl_string_free(ps[k].name);
    hb_free(&want);
}

static void lossless_file(hgroup *g, const char *path, unsigned long *lines, unsigned long *checks)
{
    FILE *f = fopen(path, "rb");
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    size_t stride = h_stride(50000), i = 0;

    h_case_begin(g, NULL, NULL);
    CHECK(g, "read the corpus", path, f != NULL);
    h_case_end(g);
    if (!f)
        return;
    while ((len = getline(&line, &cap, f)) > 0) {
        if (i++ % stride)
            continue;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        h_case_begin(g, NULL, NULL);
        lossless_line(g, line, (size_t)len, checks);
        h_case_end(g);
        (*lines)++;
    }
    free(line);
    fclose(f);
}

static void t_lossless(hgroup *g, const char *dir)
{
    char path[4096];
    const char *esc = getenv("WWWURL_ESCAPES");
    unsigned long lines = 0, checks = 0;

    snprintf(path, sizeof path, "%s/../corpus/kasztp.txt", dir);
    lossless_file(g, path, &lines, &checks);
    h_case_begin(g, NULL, NULL);
    CHECK(g, "WWWURL_ESCAPES names the escape corpus (make builds it: build/escapes.txt)", NULL,
          esc != NULL && *esc);
    h_case_end(g);
    if (esc && *esc)
        lossless_file(g, esc, &lines, &checks);
    printf("    losslessness: %lu URLs, %lu edits checked\n", lines, checks);
    h_case_begin(g, NULL, NULL);
    CHECK(g, "the corpora have queries", NULL, checks > 1000);
    h_case_end(g);
}

/* A result holding a NUL byte: the malloc forms, whose C string has no
 * length beside it, refuse it (it would read as a shorter result: "a%00b"
 * decoded as "a"); the _buf forms give it whole, with its length. */
static void nul_refused(hgroup *g, const char *what, wwwurl_status st, char *out,
                        wwwurl_status sb, const char *buf, size_t needed, const char *want,
                        size_t want_len)
{
    CHECK_STATUS(g, what, "malloc form", WWWURL_ERR_HOLDS_NUL, st);
    CHECK(g, what, "malloc form: *out untouched", out == NULL);
    CHECK_STATUS(g, what, "_buf form", WWWURL_OK, sb);
    CHECK_INT(g, what, "_buf form: needed", (long long)want_len + 1, (long long)needed);
    CHECK(g, what, "_buf form: the bytes", sb == WWWURL_OK && memcmp(buf, want, want_len + 1) == 0);
}

static void t_nul_results(hgroup *g, const char *dir)
{
    char *out = NULL, buf[64];
    size_t needed = 0;
    wwwurl_status st, sb;
    wwwurl_nvs *nvs = NULL;
    (void)dir;

    h_case_begin(g, NULL, NULL);
    st = wwwurl_query_decode("a%00b", NT, &out);
    sb = wwwurl_query_decode_buf("a%00b", NT, buf, sizeof buf, &needed);
    nul_refused(g, "wwwurl_query_decode(\"a%00b\")", st, out, sb, buf, needed, "a\0b", 3);
    st = wwwurl_query_get("a=x%00y", NT, "a", NT, 0, 0, &out);
    sb = wwwurl_query_get_buf("a=x%00y", NT, "a", NT, 0, 0, buf, sizeof buf, &needed);
    nul_refused(g, "wwwurl_query_get(\"a=x%00y\", a)", st, out, sb, buf, needed, "x\0y", 3);
    st = wwwurl_query_get("a=x\0y", 5, "a", NT, 0, WWWURL_QUERY_RAW, &out);
    sb = wwwurl_query_get_buf("a=x\0y", 5, "a", NT, 0, WWWURL_QUERY_RAW, buf, sizeof buf, &needed);
    nul_refused(g, "wwwurl_query_get raw (\"a=x\\0y\", a)", st, out, sb, buf, needed, "x\0y", 3);
    st = wwwurl_query_edit("a=\0b&c", 6, WWWURL_QUERY_DELETE, "c", NT, NULL, 0, &out);
    sb = wwwurl_query_edit_buf("a=\0b&c", 6, WWWURL_QUERY_DELETE, "c", NT, NULL, 0, buf, sizeof buf,
                               &needed);
    nul_refused(g, "wwwurl_query_edit(\"a=\\0b&c\", DELETE c)", st, out, sb, buf, needed, "a=\0b", 4);
    if (CHECK_STATUS(g, "wwwurl_nvs_parse", "key-order", WWWURL_OK,
                     wwwurl_nvs_parse("key-order", NT, &nvs))) {
        st = wwwurl_nvs_key(nvs, "http://h/\0x?b=1&a=2", 19, &out);
        sb = wwwurl_nvs_key_buf(nvs, "http://h/\0x?b=1&a=2", 19, buf, sizeof buf, &needed);
        nul_refused(g, "wwwurl_nvs_key(\"http://h/\\0x?b=1&a=2\")", st, out, sb, buf, needed,
                    "http://h/\0x?a=2&b=1", 19);
        /* a NUL in the query is encoded again: nothing to refuse */
        CHECK_STATUS(g, "wwwurl_nvs_key", "?b=\\0&a=2", WWWURL_OK,
                     wwwurl_nvs_key(nvs, "http://h/?b=\0&a=2", 17, &out));
        CHECK_CSTR(g, "wwwurl_nvs_key", "?b=\\0&a=2", "http://h/?a=2&b=%00", out);
        wwwurl_string_free(out);
        out = NULL;
    }
    wwwurl_nvs_free(nvs);
    /* bytes the functions encode hold no NUL */
    CHECK_STATUS(g, "wwwurl_query_edit", "SET a x\\0y", WWWURL_OK,
                 wwwurl_query_edit("a=1", NT, WWWURL_QUERY_SET, "a", NT, "x\0y", 3, &out));
    CHECK_CSTR(g, "wwwurl_query_edit", "SET a x\\0y", "a=x%00y", out);
    wwwurl_string_free(out);
    out = NULL;
    /* without a NUL the malloc forms answer as before */
    CHECK_STATUS(g, "wwwurl_query_decode", "a%01b", WWWURL_OK, wwwurl_query_decode("a%01b", NT, &out));
    CHECK_CSTR(g, "wwwurl_query_decode", "a%01b", "a\001b", out);
    wwwurl_string_free(out);
    h_case_end(g);
}

static const h_test tests[] = {
    {"wwwurl_query_edit", t_edit},
    {"wwwurl_query_get, _count, _next, _decode, _encode", t_read},
    {"query edits on handles", t_handles},
    {"cachekey strip lists in a config", t_cachekey_config},
    {"No-Vary-Search: the draft's examples", t_nvs},
    {"results holding a NUL byte", t_nul_results},
    {"query edits keep untouched parameters' bytes (corpora)", t_lossless},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
