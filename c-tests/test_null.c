/* NULL for every pointer argument of every exported function (both
 * headers), alone and in every combination: nothing crashes, and the
 * documented result comes back (NULL, -1, 0, WWWURL_ERR_NULL, or nothing
 * done; outputs untouched on failure). */
#include "harness.h"
#include "wwwurl_api_rows.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the argument list of a call, NULL shown as NULL */
static const char *args_desc(hbuf *b, const char *fn, int n, const char *const *a)
{
    int k;

    hb_reset(b);
    hb_printf(b, "%s(", fn);
    for (k = 0; k < n; k++) {
        if (k)
            hb_puts(b, ", ");
        if (a[k])
            hb_printf(b, "\"%s\"", a[k]);
        else
            hb_puts(b, "NULL");
    }
    hb_putc(b, ')');
    return b->p;
}

static const char *len_name(size_t len, char *tmp, size_t n)
{
    if (len == WWWURL_NUL_TERMINATED)
        return "NUL_TERMINATED";
    snprintf(tmp, n, "%zu", len);
    return tmp;
}

static void check_st(hgroup *g, const char *cfile, int cline, const char *in, int want, int got)
{
    if (want != got)
        h_fail(g, cfile, cline, "status: in %s wanted %s got %s", in, h_status_name(want),
               h_status_name(got));
}
#define NT WWWURL_NUL_TERMINATED
#define CHECK_ST(g, in, want, got) check_st((g), __FILE__, __LINE__, (in), (int)(want), (int)(got))

/* ---- legacy ----------------------------------------------------------------- */

typedef char *(*str_fn)(const char *);

static void t_legacy_strings(hgroup *g, const char *dir)
{
    static const struct {
        const char *name;
        str_fn fn;
    } fns[] = {
        {"URLDecodeGeneric", URLDecodeGeneric}, {"URLDecodeFormArgs", URLDecodeFormArgs},
        {"URLRecodeFormArgs", URLRecodeFormArgs}, {"URLEncodePath", URLEncodePath},
        {"URLEncodeFormArgs", URLEncodeFormArgs}, {"URLEncodePassword", URLEncodePassword},
        {"MakeHash", MakeHash},
#if defined(WWWURL_LEGACY_29H)
        {"FixHTMLLinkURL", FixHTMLLinkURL},
#endif
        {"CanonicaliseHost", CanonicaliseHost}, {NULL, NULL},
    };
    size_t n;
    char *p;
    int k;

    (void)dir;
    for (k = 0; fns[k].name; k++) {
        h_case_begin(g, NULL, NULL);
        p = fns[k].fn(NULL);
        CHECK(g, fns[k].name, "NULL", p == NULL);
        free(p);
        h_case_end(g);
    }

    h_case_begin(g, NULL, NULL);
    CHECK(g, "SplitFormArgs", "NULL", SplitFormArgs(NULL) == NULL);
    CHECK(g, "TrimArgs", "NULL", TrimArgs(NULL) == NULL);
    CHECK(g, "HTMLString", "(NULL, 0)", HTMLString(NULL, 0) == NULL);
    CHECK(g, "HTMLString", "(NULL, 1)", HTMLString(NULL, 1) == NULL);
    CHECK_INT(g, "DateToTimeT", "NULL", 0, DateToTimeT(NULL));
#if !defined(WWWURL_LEGACY_29H)
    URLReplaceAmp(NULL);
#endif
    CanonicaliseName(NULL);
    h_case_end(g);

    /* Base64Encode: NULL only when p is NULL and n is not 0 */
    h_case_begin(g, NULL, NULL);
    p = Base64Encode(NULL, 1);
    CHECK(g, "Base64Encode", "(NULL, 1)", p == NULL);
    free(p);
    p = Base64Encode(NULL, (size_t)-1);
    CHECK(g, "Base64Encode", "(NULL, SIZE_MAX)", p == NULL);
    free(p);
    p = Base64Encode(NULL, 0);
    CHECK_CSTR(g, "Base64Encode", "(NULL, 0)", "", p);
    free(p);
    p = Base64Encode("", 0);
    CHECK_CSTR(g, "Base64Encode", "(\"\", 0)", "", p);
    free(p);
    h_case_end(g);

    /* Base64Decode: (s, n) in every combination */
    h_case_begin(g, NULL, NULL);
    n = 4242;
    p = Base64Decode(NULL, &n);
    CHECK(g, "Base64Decode", "(NULL, &n)", p == NULL);
    CHECK_INT(g, "Base64Decode leaves *n", "(NULL, &n)", 4242, n);
    free(p);
    p = Base64Decode(NULL, NULL);
    CHECK(g, "Base64Decode", "(NULL, NULL)", p == NULL);
    free(p);
    p = Base64Decode("Zm9v", NULL);
    CHECK_CSTR(g, "Base64Decode", "(\"Zm9v\", NULL)", "foo", p);
    free(p);
    h_case_end(g);

    /* no pointer arguments, for completeness */
    h_case_begin(g, NULL, NULL);
    CHECK(g, "RFC822Date", "(0, 1)", RFC822Date(0, 1) != NULL);
    CHECK(g, "RFC822Date", "(0, 0)", RFC822Date(0, 0) != NULL);
    CHECK(g, "DurationToString", "0", DurationToString(0) != NULL);
    h_case_end(g);
}

static void t_legacy_url(hgroup *g, const char *dir)
{
    static const char *const full[6] = {"http", "www.example.com", "/p", "a=1", "us", "pw"};
    hbuf d;
    unsigned mask;
    int k;
    URL *base;

    (void)dir;
    hb_init(&d);
    h_case_begin(g, NULL, NULL);
    CHECK(g, "SplitURL", "NULL", SplitURL(NULL) == NULL);
    FreeURL(NULL);
    h_case_end(g);

    /* CreateURL: all 64 combinations; NULL iff proto, hostport or path is */
    for (mask = 0; mask < 64; mask++) {
        const char *a[6];
        URL *u;
        int required = 1;
        for (k = 0; k < 6; k++) {
            a[k] = (mask & (1u << k)) ? NULL : full[k];
            if (k < 3 && !a[k])
                required = 0;
        }
        h_case_begin(g, NULL, NULL);
        args_desc(&d, "CreateURL", 6, a);
        u = CreateURL(a[0], a[1], a[2], a[3], a[4], a[5]);
        if (!required) {
            CHECK(g, "CreateURL without a required argument", d.p, u == NULL);
        } else if (!u) {
            h_fail(g, __FILE__, __LINE__, "%s returned NULL", d.p);
        } else {
            CHECK(g, "args absent iff NULL", d.p, (u->args == NULL) == (a[3] == NULL));
            CHECK(g, "user absent iff NULL", d.p, (u->user == NULL) == (a[4] == NULL));
            CHECK(g, "pass absent iff NULL", d.p, (u->pass == NULL) == (a[5] == NULL));
            CHECK(g, "file == name iff no user", d.p, (u->file == u->name) == (a[4] == NULL));
        }
        FreeURL(u);
        h_case_end(g);
    }

    base = SplitURL("http://www.example.com/dir/page");

    /* AddPasswordURL: (url, user, pass) in every combination */
    for (mask = 0; mask < 8; mask++) {
        const char *user = (mask & 2) ? NULL : "us";
        const char *pass = (mask & 4) ? NULL : "pw";
        const char *a[3];
        URL *u = NULL;
        a[0] = (mask & 1) ? NULL : "<record>";
        a[1] = user;
        a[2] = pass;
        h_case_begin(g, NULL, NULL);
        args_desc(&d, "AddPasswordURL", 3, a);
        if (mask & 1) {
            AddPasswordURL(NULL, user, pass);
        } else {
            u = SplitURL("http://www.example.com/");
            if (!u) {
                h_fail(g, __FILE__, __LINE__, "SplitURL returned NULL");
            } else {
                AddPasswordURL(u, user, pass);
                CHECK_CSTR(g, "user", d.p, user, u->user);
                CHECK_CSTR(g, "pass", d.p, pass, u->pass);
                CHECK_CSTR(g, "name", d.p, "http://www.example.com/", u->name);
            }
        }
        FreeURL(u);
        h_case_end(g);
    }

    /* LinkURL: (url, link) in every combination */
    for (mask = 0; mask < 4; mask++) {
        const URL *b = (mask & 1) ? NULL : base;
        const char *link = (mask & 2) ? NULL : "other";
        const char *a[2];
        URL *u;
        a[0] = b ? "<record>" : NULL;
        a[1] = link;
        h_case_begin(g, NULL, NULL);
        args_desc(&d, "LinkURL", 2, a);
        if (!(mask & 1) && !base) {
            h_fail(g, __FILE__, __LINE__, "no base record: SplitURL failed");
            h_case_end(g);
            continue;
        }
        u = LinkURL(b, link);
        if (mask) {
            CHECK(g, "LinkURL with a NULL argument", d.p, u == NULL);
        } else {
            CHECK_CSTR(g, "LinkURL", d.p, "http://www.example.com/dir/other", u ? u->name : NULL);
        }
        FreeURL(u);
        h_case_end(g);
    }
    FreeURL(base);
    hb_free(&d);
}

/* ---- modern ------------------------------------------------------------------ */

static wwwurl_url *sentinel(void)
{
    static char dummy;
    return (wwwurl_url *)(void *)&dummy;
}

static void t_config(hgroup *g, const char *dir)
{
    (void)dir;
    h_case_begin(g, NULL, NULL);
    {
        struct wwwurl_config *c = NULL, *d = NULL;
        size_t k;
        static const size_t ls[3] = {WWWURL_NUL_TERMINATED, 0, 4};
        CHECK_STATUS(g, "wwwurl_config_new", "NULL", WWWURL_ERR_NULL, wwwurl_config_new(NULL));
        CHECK_STATUS(g, "wwwurl_config_dup", "(NULL, NULL)", WWWURL_ERR_NULL,
                     wwwurl_config_dup(NULL, NULL));
        CHECK_STATUS(g, "wwwurl_config_dup", "(NULL, &out)", WWWURL_OK, wwwurl_config_dup(NULL, &d));
        CHECK(g, "wwwurl_config_dup(NULL) makes a config", NULL, d != NULL);
        for (k = 0; k < 3; k++) {
            char in[64];
            snprintf(in, sizeof in, "len %zu", ls[k]);
            CHECK_STATUS(g, "wwwurl_config_set_local_host(NULL, \"h\")", in, WWWURL_ERR_NULL,
                         wwwurl_config_set_local_host(NULL, "h:1", ls[k]));
            CHECK_STATUS(g, "wwwurl_config_set_local_host(NULL, NULL)", in, WWWURL_ERR_NULL,
                         wwwurl_config_set_local_host(NULL, NULL, ls[k]));
            CHECK_STATUS(g, "wwwurl_config_set_default_port(NULL, \"http\")", in, WWWURL_ERR_NULL,
                         wwwurl_config_set_default_port(NULL, "http", ls[k], 80));
            CHECK_STATUS(g, "wwwurl_config_set_default_port(NULL, NULL)", in, WWWURL_ERR_NULL,
                         wwwurl_config_set_default_port(NULL, NULL, ls[k], 80));
        }
        CHECK_STATUS(g, "wwwurl_config_set_default_port(NULL, NULL, 0)", NULL, WWWURL_ERR_NULL,
                     wwwurl_config_set_default_port(NULL, NULL, 0, 0));
        CHECK_STATUS(g, "wwwurl_config_set_default_port(NULL, NULL, -1)", NULL, WWWURL_ERR_NULL,
                     wwwurl_config_set_default_port(NULL, NULL, WWWURL_NUL_TERMINATED, -1));
        CHECK_STATUS(g, "wwwurl_config_set_compat(NULL)", NULL, WWWURL_ERR_NULL,
                     wwwurl_config_set_compat(NULL, WWWURL_COMPAT_29));
        CHECK_STATUS(g, "wwwurl_config_set_max_input(NULL)", NULL, WWWURL_ERR_NULL,
                     wwwurl_config_set_max_input(NULL, 100));
        if (d) {
            /* NULL strings on a real config: WWWURL_ERR_NULL, nothing changes */
            CHECK_STATUS(g, "wwwurl_config_set_local_host(c, NULL)", NULL, WWWURL_ERR_NULL,
                         wwwurl_config_set_local_host(d, NULL, WWWURL_NUL_TERMINATED));
            /* NULL with length 0 is the empty string, as everywhere: refused */
            CHECK_STATUS(g, "wwwurl_config_set_local_host(c, NULL, 0)", NULL, WWWURL_ERR_INVALID_ARGUMENT,
                         wwwurl_config_set_local_host(d, NULL, 0));
            CHECK_STATUS(g, "wwwurl_config_set_default_port(c, NULL)", NULL, WWWURL_ERR_NULL,
                         wwwurl_config_set_default_port(d, NULL, WWWURL_NUL_TERMINATED, 80));
            CHECK_STATUS(g, "wwwurl_config_set_default_port(c, NULL, 0)", NULL, WWWURL_ERR_INVALID_ARGUMENT,
                         wwwurl_config_set_default_port(d, NULL, 0, 80));
            /* still changeable: the NULL calls did not use it */
            CHECK_STATUS(g, "wwwurl_config_set_max_input(c, 100)", NULL, WWWURL_OK,
                         wwwurl_config_set_max_input(d, 100));
            CHECK_STATUS(g, "wwwurl_config_dup(c, NULL)", NULL, WWWURL_ERR_NULL,
                         wwwurl_config_dup(d, NULL));
        }
        CHECK_STATUS(g, "wwwurl_legacy_configure(NULL)", NULL, WWWURL_OK,
                     wwwurl_legacy_configure(NULL));
        CHECK_STATUS(g, "wwwurl_set(NULL, HOST, \"h\")", NULL, WWWURL_ERR_NULL,
                     wwwurl_set(NULL, WWWURL_PART_HOST, "h", WWWURL_NUL_TERMINATED));
        CHECK_STATUS(g, "wwwurl_set(NULL, HOST, NULL)", NULL, WWWURL_ERR_NULL,
                     wwwurl_set(NULL, WWWURL_PART_HOST, NULL, 0));
        CHECK_STATUS(g, "wwwurl_set(NULL, NAME, NULL)", NULL, WWWURL_ERR_NULL,
                     wwwurl_set(NULL, WWWURL_PART_NAME, NULL, WWWURL_NUL_TERMINATED));
        wwwurl_config_free(d);
        wwwurl_config_free(c);
        wwwurl_config_free(NULL);
    }
    CHECK_CSTR(g, "wwwurl_strerror", "WWWURL_ERR_NULL", "a required argument is NULL",
               wwwurl_strerror(WWWURL_ERR_NULL));
    CHECK_CSTR(g, "wwwurl_strerror", "1000", "unknown status", wwwurl_strerror(1000));
    CHECK_CSTR(g, "wwwurl_status_name", "WWWURL_ERR_NULL", "WWWURL_ERR_NULL",
               wwwurl_status_name(WWWURL_ERR_NULL));
    CHECK_CSTR(g, "wwwurl_status_name", "1000", "(unknown status)", wwwurl_status_name(1000));
    CHECK(g, "wwwurl_version", "-", wwwurl_version() != NULL);
    CHECK(g, "wwwurl_idna_unicode_version", "-", wwwurl_idna_unicode_version() != NULL);
    wwwurl_legacy_configure(H_CFG29);
    wwwurl_free(NULL);
    wwwurl_string_free(NULL);
    h_case_end(g);
}

static const size_t lens[3] = {WWWURL_NUL_TERMINATED, 0, 3};

static void t_parse(hgroup *g, const char *dir)
{
    int si, li, oi;

    (void)dir;
    for (si = 0; si < 2; si++)
        for (li = 0; li < 3; li++)
            for (oi = 0; oi < 2; oi++) {
                const char *s = si ? "a:b" : NULL;
                size_t len = lens[li];
                wwwurl_url *u = sentinel();
                char in[96], t[24];
                int st, want;

                snprintf(in, sizeof in, "wwwurl_parse(%s, %s, 0, %s)", s ? "\"a:b\"" : "NULL",
                         len_name(len, t, sizeof t), oi ? "&u" : "NULL");
                if (!oi || (!s && len != 0))
                    want = WWWURL_ERR_NULL;
                else
                    want = WWWURL_OK; /* NULL with length 0 is the empty input */
                h_case_begin(g, NULL, NULL);
                st = wwwurl_parse(H_CFG, s, len, oi ? &u : NULL);
                CHECK_ST(g, in, want, st);
                if (st == WWWURL_OK) {
                    CHECK(g, "handle written", in, u != sentinel() && u != NULL);
                    if (u != sentinel())
                        wwwurl_free(u);
                } else {
                    CHECK(g, "*out untouched", in, u == sentinel());
                }
                h_case_end(g);
            }
}

static void t_create(hgroup *g, const char *dir)
{
    static const char *const full[6] = {"http", "h", "/", "a", "u", "p"};
    hbuf d;
    unsigned mask;

    (void)dir;
    hb_init(&d);
    for (mask = 0; mask < 128; mask++) {
        const char *a[7];
        wwwurl_url *u = sentinel();
        int k, st, want = WWWURL_OK;
        for (k = 0; k < 6; k++) {
            a[k] = (mask & (1u << k)) ? NULL : full[k];
            if (k < 3 && !a[k])
                want = WWWURL_ERR_NULL;
        }
        a[6] = (mask & 64) ? NULL : "&out";
        if (mask & 64)
            want = WWWURL_ERR_NULL;
        args_desc(&d, "wwwurl_create", 7, a);
        h_case_begin(g, NULL, NULL);
        st = wwwurl_create(H_CFG, a[0], a[1], a[2], a[3], a[4], a[5], (mask & 64) ? NULL : &u);
        CHECK_ST(g, d.p, want, st);
        if (st == WWWURL_OK) {
            CHECK(g, "ARGS absent iff NULL", d.p,
                  (wwwurl_get(u, WWWURL_PART_ARGS, NULL) == NULL) == (a[3] == NULL));
            CHECK(g, "USER absent iff NULL", d.p,
                  (wwwurl_get(u, WWWURL_PART_USER, NULL) == NULL) == (a[4] == NULL));
            CHECK(g, "PASS absent iff NULL", d.p,
                  (wwwurl_get(u, WWWURL_PART_PASS, NULL) == NULL) == (a[5] == NULL));
            if (u != sentinel())
                wwwurl_free(u);
        } else {
            CHECK(g, "*out untouched", d.p, u == sentinel());
        }
        h_case_end(g);
    }
    hb_free(&d);
}

static void t_handle_fns(hgroup *g, const char *dir)
{
    wwwurl_url *base = NULL, *u;
    int bi, li, lni, oi, st;
    size_t len;

    (void)dir;
    st = wwwurl_parse(H_CFG, "http://www.example.com/dir/page", WWWURL_NUL_TERMINATED, &base);
    if (st != WWWURL_OK)
        base = NULL;

    /* wwwurl_link(base, link, len, flags, out) */
    for (bi = 0; bi < 2; bi++)
        for (li = 0; li < 2; li++)
            for (lni = 0; lni < 3; lni++)
                for (oi = 0; oi < 2; oi++) {
                    const wwwurl_url *b = bi ? base : NULL;
                    const char *link = li ? "oth" : NULL;
                    char in[128], t[24];
                    int want;
                    len = lens[lni];
                    u = sentinel();
                    snprintf(in, sizeof in, "wwwurl_link(%s, %s, %s, 0, %s)",
                             bi ? "base" : "NULL", li ? "\"oth\"" : "NULL",
                             len_name(len, t, sizeof t), oi ? "&u" : "NULL");
                    h_case_begin(g, NULL, NULL);
                    if (bi && !base) {
                        h_fail(g, __FILE__, __LINE__, "%s: no base: wwwurl_parse failed", in);
                        h_case_end(g);
                        continue;
                    }
                    st = wwwurl_link(H_CFG, b, link, len, oi ? &u : NULL);
                    if (!bi || !oi || (!li && len != 0)) {
                        want = WWWURL_ERR_NULL;
                        CHECK_ST(g, in, want, st);
                    } else {
                        /* a NULL link of length 0 is the empty link, which
                         * LinkURL resolves to the page itself */
                        CHECK_ST(g, in, WWWURL_OK, st);
                    }
                    if (st == WWWURL_OK) {
                        CHECK(g, "handle written", in, u != sentinel() && u != NULL);
                        if (u != sentinel() && u != NULL)
                            CHECK_CSTR(g, "NAME", in,
                                       (li && len != 0) ? "http://www.example.com/dir/oth"
                                                        : "http://www.example.com/dir/page",
                                       wwwurl_get(u, WWWURL_PART_NAME, NULL));
                        if (u != sentinel())
                            wwwurl_free(u);
                    } else {
                        CHECK(g, "*out untouched", in, u == sentinel());
                    }
                    h_case_end(g);
                }

    /* wwwurl_dup(u, out) */
    for (bi = 0; bi < 2; bi++)
        for (oi = 0; oi < 2; oi++) {
            char in[64];
            snprintf(in, sizeof in, "wwwurl_dup(%s, %s)", bi ? "base" : "NULL", oi ? "&u" : "NULL");
            h_case_begin(g, NULL, NULL);
            if (bi && !base) {
                h_fail(g, __FILE__, __LINE__, "%s: no base: wwwurl_parse failed", in);
                h_case_end(g);
                continue;
            }
            u = sentinel();
            st = wwwurl_dup(bi ? base : NULL, oi ? &u : NULL);
            CHECK_ST(g, in, (bi && oi) ? WWWURL_OK : WWWURL_ERR_NULL, st);
            if (st == WWWURL_OK && u != sentinel())
                wwwurl_free(u);
            else
                CHECK(g, "*out untouched", in, u == sentinel());
            h_case_end(g);
        }

    /* wwwurl_get(u, part, len), wwwurl_port(u) */
    for (bi = 0; bi < 2; bi++)
        for (li = 0; li < 2; li++) {
            char in[64];
            const char *p;
            size_t n = 99;
            snprintf(in, sizeof in, "wwwurl_get(%s, NAME, %s)", bi ? "base" : "NULL",
                     li ? "&len" : "NULL");
            h_case_begin(g, NULL, NULL);
            if (bi && !base) {
                h_fail(g, __FILE__, __LINE__, "%s: no base: wwwurl_parse failed", in);
                h_case_end(g);
                continue;
            }
            p = wwwurl_get(bi ? base : NULL, WWWURL_PART_NAME, li ? &n : NULL);
            if (bi) {
                CHECK_CSTR(g, "wwwurl_get", in, "http://www.example.com/dir/page", p);
                if (li)
                    CHECK_INT(g, "length", in, 31, n);
            } else {
                CHECK(g, "wwwurl_get(NULL) is NULL", in, p == NULL);
                if (li)
                    CHECK_INT(g, "length 0 with NULL", in, 0, n);
            }
            h_case_end(g);
        }
    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "wwwurl_port", "NULL", -1, wwwurl_port(NULL));
    h_case_end(g);

    /* wwwurl_set_userinfo(u, user, pass) */
    for (bi = 0; bi < 2; bi++)
        for (li = 0; li < 4; li++) {
            const char *user = (li & 1) ? "us" : NULL;
            const char *pass = (li & 2) ? "pw" : NULL;
            char in[96];
            snprintf(in, sizeof in, "wwwurl_set_userinfo(%s, %s, %s)", bi ? "u" : "NULL",
                     user ? "\"us\"" : "NULL", pass ? "\"pw\"" : "NULL");
            h_case_begin(g, NULL, NULL);
            if (!bi) {
                CHECK_ST(g, in, WWWURL_ERR_NULL, wwwurl_set_userinfo(NULL, user, pass));
            } else if (!base) {
                h_fail(g, __FILE__, __LINE__, "%s: no base: wwwurl_parse failed", in);
            } else {
                u = NULL;
                if (wwwurl_dup(base, &u) == WWWURL_OK) {
                    st = wwwurl_set_userinfo(u, user, pass);
                    CHECK_ST(g, in, WWWURL_OK, st);
                    CHECK_CSTR(g, "USER", in, user, wwwurl_get(u, WWWURL_PART_USER, NULL));
                    CHECK_CSTR(g, "PASS", in, pass, wwwurl_get(u, WWWURL_PART_PASS, NULL));
                    wwwurl_free(u);
                } else {
                    h_fail(g, __FILE__, __LINE__, "%s: wwwurl_dup failed", in);
                }
            }
            h_case_end(g);
        }

    /* wwwurl_cache_file(u, prefix, buf, cap, needed) */
    for (bi = 0; bi < 2; bi++)
        for (li = 0; li < 2; li++)      /* buf */
            for (lni = 0; lni < 2; lni++) /* cap 0 / 128 */
                for (oi = 0; oi < 2; oi++) { /* needed */
                    char buf[128], in[96];
                    size_t cap = lni ? sizeof buf : 0, n = 4242;
                    snprintf(in, sizeof in, "wwwurl_cache_file(%s, 'D', %s, %zu, %s)",
                             bi ? "u" : "NULL", li ? "buf" : "NULL", cap, oi ? "&n" : "NULL");
                    h_case_begin(g, NULL, NULL);
                    if (bi && !base) {
                        h_fail(g, __FILE__, __LINE__, "%s: no base: wwwurl_parse failed", in);
                        h_case_end(g);
                        continue;
                    }
                    st = wwwurl_cache_file(bi ? base : NULL, 'D', li ? buf : NULL, cap,
                                           oi ? &n : NULL);
                    if (!bi) {
                        CHECK_ST(g, in, WWWURL_ERR_NULL, st);
                        if (oi)
                            CHECK_INT(g, "*needed untouched", in, 4242, n);
                    } else if (cap == 0) {
                        CHECK_ST(g, in, WWWURL_ERR_BUFFER_TOO_SMALL, st);
                        if (oi)
                            CHECK_INT(g, "*needed", in, 45, n);
                    } else if (!li) {
                        /* a NULL buffer with a capacity: refused, never written */
                        CHECK_ST(g, in, WWWURL_ERR_NULL, st);
                    } else {
                        CHECK_ST(g, in, WWWURL_OK, st);
                        if (oi)
                            CHECK_INT(g, "*needed", in, 45, n);
                    }
                    h_case_end(g);
                }
    wwwurl_free(base);
}

static void t_transcode(hgroup *g, const char *dir)
{
    int ii, li, oi, ci, ni;

    (void)dir;
    for (ii = 0; ii < 2; ii++)
        for (li = 0; li < 3; li++)
            for (oi = 0; oi < 2; oi++)
                for (ci = 0; ci < 2; ci++)
                    for (ni = 0; ni < 2; ni++) {
                        const char *in = ii ? "a b" : NULL;
                        size_t len = lens[li], cap = ci ? 16 : 0, n = 4242;
                        char buf[16], desc[128], t[24];
                        int st;
                        snprintf(desc, sizeof desc, "wwwurl_transcode(ENCODE_PATH, %s, %s, %s, %zu, %s)",
                                 in ? "\"a b\"" : "NULL", len_name(len, t, sizeof t),
                                 oi ? "buf" : "NULL", cap, ni ? "&n" : "NULL");
                        h_case_begin(g, NULL, NULL);
                        st = wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, in, len, oi ? buf : NULL,
                                              cap, ni ? &n : NULL);
                        if ((!in && len != 0) || (!oi && cap != 0)) {
                            CHECK_ST(g, desc, WWWURL_ERR_NULL, st);
                            if (ni)
                                CHECK_INT(g, "*needed untouched", desc, 4242, n);
                        } else if (cap == 0) {
                            /* (a NULL input here has length 0: the empty input) */
                            CHECK_ST(g, desc, WWWURL_ERR_BUFFER_TOO_SMALL, st);
                            if (ni)
                                CHECK_INT(g, "*needed", desc, len == 0 ? 1 : 6, n);
                        } else {
                            CHECK_ST(g, desc, WWWURL_OK, st);
                            if (ni)
                                CHECK_INT(g, "*needed", desc, len == 0 ? 1 : 6, n);
                            CHECK_CSTR(g, "output", desc, len == 0 ? "" : "a%20b", buf);
                        }
                        h_case_end(g);
                    }

    /* wwwurl_transcode_dup(codec, in, len, out_len) */
    for (ii = 0; ii < 2; ii++)
        for (li = 0; li < 3; li++)
            for (ni = 0; ni < 2; ni++) {
                const char *in = ii ? "a b" : NULL;
                size_t len = lens[li], n = 4242;
                char desc[128], t[24];
                char *p;
                snprintf(desc, sizeof desc, "wwwurl_transcode_dup(ENCODE_PATH, %s, %s, %s)",
                         in ? "\"a b\"" : "NULL", len_name(len, t, sizeof t), ni ? "&n" : "NULL");
                h_case_begin(g, NULL, NULL);
                p = wwwurl_transcode_dup(WWWURL_CODEC_ENCODE_PATH, in, len, ni ? &n : NULL);
                if (!in && len != 0) {
                    /* documented: NULL when `in` is NULL (a NULL pointer with
                     * length 0 is the empty input, by the header's conventions) */
                    CHECK(g, "NULL in gives NULL", desc, p == NULL);
                    if (ni)
                        CHECK_INT(g, "*out_len untouched", desc, 4242, n);
                } else {
                    CHECK_CSTR(g, "result", desc, (len == 0 || !in) ? "" : "a%20b", p);
                    if (ni && p)
                        CHECK_INT(g, "*out_len", desc, len == 0 ? 0 : 5, n);
                }
                wwwurl_string_free(p);
                h_case_end(g);
            }
}

static void t_rfc3986(hgroup *g, const char *dir)
{
    int si, li, oi;

    (void)dir;
    for (si = 0; si < 2; si++)
        for (li = 0; li < 3; li++)
            for (oi = 0; oi < 2; oi++) {
                const char *s = si ? "a:b" : NULL;
                size_t len = lens[li];
                wwwurl_components c;
                char in[96], t[24];
                int st;
                snprintf(in, sizeof in, "wwwurl_rfc3986_split(%s, %s, 0, %s)",
                         s ? "\"a:b\"" : "NULL", len_name(len, t, sizeof t), oi ? "&c" : "NULL");
                memset(&c, 0x5A, sizeof c);
                h_case_begin(g, NULL, NULL);
                st = wwwurl_rfc3986_split(s, len, 0, oi ? &c : NULL);
                if (!oi || (!s && len != 0)) {
                    CHECK_ST(g, in, WWWURL_ERR_NULL, st);
                    CHECK(g, "*out untouched", in, c.path.present == 0x5A);
                } else if (!s || len == 0) {
                    /* the empty reference: an empty path and nothing else */
                    CHECK_ST(g, in, WWWURL_OK, st);
                    CHECK(g, "only an empty path", in,
                          c.path.present && c.path.offset == 0 && c.path.len == 0 &&
                              !c.scheme.present && !c.authority.present &&
                              !c.query.present && !c.fragment.present);
                } else {
                    /* "a:b", or its first 3 bytes: scheme "a", path "b" */
                    CHECK_ST(g, in, WWWURL_OK, st);
                    CHECK(g, "scheme a, path b", in,
                          c.scheme.present && c.scheme.offset == 0 && c.scheme.len == 1 &&
                              c.path.present && c.path.offset == 2 && c.path.len == 1 &&
                              !c.authority.present);
                }
                h_case_end(g);
            }
}

/* wwwurl_rfc3986_resolve(base, blen, reference, rlen, out) */
static void t_resolve(hgroup *g, const char *dir)
{
    static const size_t l2[2] = {WWWURL_NUL_TERMINATED, 0};
    int bi, bl, ri, rl, oi;

    (void)dir;
    for (bi = 0; bi < 2; bi++)
        for (bl = 0; bl < 2; bl++)
            for (ri = 0; ri < 2; ri++)
                for (rl = 0; rl < 2; rl++)
                    for (oi = 0; oi < 2; oi++) {
                        const char *base = bi ? "http://a/b" : NULL;
                        const char *ref = ri ? "c" : NULL;
                        size_t blen = l2[bl], rlen = l2[rl];
                        char *out = (char *)sentinel();
                        char in[128], t1[24], t2[24];
                        int st;
                        snprintf(in, sizeof in, "wwwurl_rfc3986_resolve(%s, %s, %s, %s, %s)",
                                 base ? "\"http://a/b\"" : "NULL", len_name(blen, t1, sizeof t1),
                                 ref ? "\"c\"" : "NULL", len_name(rlen, t2, sizeof t2),
                                 oi ? "&out" : "NULL");
                        h_case_begin(g, NULL, NULL);
                        st = wwwurl_rfc3986_resolve(base, blen, ref, rlen, oi ? &out : NULL);
                        if (!oi || (!base && blen != 0) || (!ref && rlen != 0)) {
                            CHECK_ST(g, in, WWWURL_ERR_NULL, st);
                        } else if (blen == 0) {
                            /* the empty base (NULL or not) has no scheme */
                            CHECK_ST(g, in, WWWURL_ERR_NOT_ABSOLUTE, st);
                        } else {
                            /* a NULL reference here has length 0: the empty
                             * reference, which resolves to the base */
                            CHECK_ST(g, in, WWWURL_OK, st);
                            if (st == WWWURL_OK)
                                CHECK_CSTR(g, "result", in,
                                           (ref && rlen) ? "http://a/c" : "http://a/b", out);
                        }
                        if (st == WWWURL_OK)
                            wwwurl_string_free(out);
                        else
                            CHECK(g, "*out untouched", in, out == (char *)sentinel());
                        h_case_end(g);
                    }
}

/* wwwurl_webcapture_canonical(url, len, base, blen, out): base may be NULL */
static void t_webcapture(hgroup *g, const char *dir)
{
    static const size_t l2[2] = {WWWURL_NUL_TERMINATED, 0};
    int ui, ul, bi, bl, oi;

    (void)dir;
    for (ui = 0; ui < 2; ui++)
        for (ul = 0; ul < 2; ul++)
            for (bi = 0; bi < 2; bi++)
                for (bl = 0; bl < 2; bl++)
                    for (oi = 0; oi < 2; oi++) {
                        const char *url = ui ? "http://h/x" : NULL;
                        const char *base = bi ? "http://b/y" : NULL;
                        size_t len = l2[ul], blen = l2[bl];
                        char *out = (char *)sentinel();
                        char in[128], t1[24], t2[24];
                        int st;
                        snprintf(in, sizeof in, "wwwurl_webcapture_canonical(%s, %s, %s, %s, %s)",
                                 url ? "\"http://h/x\"" : "NULL", len_name(len, t1, sizeof t1),
                                 base ? "\"http://b/y\"" : "NULL", len_name(blen, t2, sizeof t2),
                                 oi ? "&out" : "NULL");
                        h_case_begin(g, NULL, NULL);
                        st = wwwurl_webcapture_canonical(url, len, base, blen, oi ? &out : NULL);
                        if (!oi || (!url && len != 0)) {
                            CHECK_ST(g, in, WWWURL_ERR_NULL, st);
                        } else if (len == 0) {
                            /* the empty URL (NULL or not) is relative: the
                             * base itself; without a base (NULL), or against
                             * the empty base, which has no scheme, it is
                             * not absolute */
                            if (base && blen != 0) {
                                CHECK_ST(g, in, WWWURL_OK, st);
                                if (st == WWWURL_OK)
                                    CHECK_CSTR(g, "result", in, "http://b/y", out);
                            } else {
                                CHECK_ST(g, in, WWWURL_ERR_NOT_ABSOLUTE, st);
                            }
                        } else {
                            /* an absolute URL: the base, NULL, empty or not,
                             * is not used */
                            CHECK_ST(g, in, WWWURL_OK, st);
                            if (st == WWWURL_OK)
                                CHECK_CSTR(g, "result", in, "http://h/x", out);
                        }
                        if (st == WWWURL_OK)
                            wwwurl_string_free(out);
                        else
                            CHECK(g, "*out untouched", in, out == (char *)sentinel());
                        h_case_end(g);
                    }
}

/* The string functions with both forms (malloc and `_buf`): a NULL string
 * with a non-zero length, a NULL `out`, or a NULL buffer with a capacity
 * give WWWURL_ERR_NULL and write nothing; a NULL string with length 0 is
 * the empty string. */
static void t_both_forms(hgroup *g, const char *dir)
{
    char *out;
    char buf[8];
    size_t needed;
    wwwurl_url *u = NULL;
    int st;

    (void)dir;
#define NULL_CASE(call, want)                                                                  \
    do {                                                                                       \
        out = (char *)sentinel();                                                              \
        needed = 12345;                                                                        \
        h_case_begin(g, NULL, NULL);                                                           \
        st = (call);                                                                           \
        CHECK_ST(g, #call, (want), st);                                                        \
        if (st != WWWURL_OK)                                                                   \
            CHECK(g, "*out untouched", #call, out == (char *)sentinel());                      \
        else if (out != (char *)sentinel())                                                    \
            wwwurl_string_free(out);                                                           \
        if (st != WWWURL_OK && st != WWWURL_ERR_BUFFER_TOO_SMALL)                              \
            CHECK(g, "*needed untouched", #call, needed == 12345);                             \
        h_case_end(g);                                                                         \
    } while (0)

    NULL_CASE(wwwurl_rfc3986_make_relative(NULL, NT, "x", NT, &out), WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_make_relative("s:a", NT, NULL, 1, &out), WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_make_relative("s:a", NT, "x", NT, NULL), WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_make_relative(NULL, 0, "x", NT, &out), WWWURL_ERR_NOT_ABSOLUTE);
    NULL_CASE(wwwurl_rfc3986_make_relative("s:a", NT, NULL, 0, &out), WWWURL_OK);
    NULL_CASE(wwwurl_rfc3986_make_relative_buf(NULL, NT, "x", NT, buf, sizeof buf, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_make_relative_buf("s:a", NT, "x", NT, NULL, 4, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_make_relative_buf("s:a", NT, "x", NT, NULL, 0, NULL),
              WWWURL_ERR_BUFFER_TOO_SMALL);
    NULL_CASE(wwwurl_browser_resolve(NULL, NT, "x", NT, &out), WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_browser_resolve("http://a/", NT, NULL, 1, &out), WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_browser_resolve("http://a/", NT, "x", NT, NULL), WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_browser_resolve(NULL, 0, "x", NT, &out), WWWURL_ERR_INVALID_BASE);
    NULL_CASE(wwwurl_browser_resolve("http://a/", NT, NULL, 0, &out), WWWURL_OK);
    NULL_CASE(wwwurl_browser_resolve_buf("http://a/", NT, "x", NT, NULL, 4, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_browser_resolve_buf(NULL, NT, "x", NT, buf, sizeof buf, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_normalize(NULL, NT, 0, &out), WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_normalize("x", NT, 0, NULL), WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_normalize(NULL, 0, 0, &out), WWWURL_OK);
    NULL_CASE(wwwurl_rfc3986_normalize_buf(NULL, NT, 0, buf, sizeof buf, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_normalize_buf("x", NT, 0, NULL, 4, &needed), WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_resolve_buf(NULL, NT, "x", NT, buf, sizeof buf, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_resolve_buf("s:a", NT, NULL, 1, buf, sizeof buf, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_rfc3986_resolve_buf("s:a", NT, "x", NT, NULL, 4, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_webcapture_canonical_buf(NULL, NT, NULL, 0, buf, sizeof buf, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_webcapture_canonical_buf("http://a/", NT, NULL, 0, NULL, 4, &needed),
              WWWURL_ERR_NULL);
    NULL_CASE(wwwurl_cache_file_dup(NULL, 'D', &out, &needed), WWWURL_ERR_NULL);
    if (wwwurl_parse(H_CFG, "http://a/", NT, &u) == WWWURL_OK) {
        NULL_CASE(wwwurl_cache_file_dup(u, 'D', NULL, &needed), WWWURL_ERR_NULL);
        NULL_CASE(wwwurl_cache_file_dup(u, 'D', &out, NULL), WWWURL_OK);
        wwwurl_free(u);
    }
#undef NULL_CASE
}

/* wwwurl_set with a NULL value on a real handle: removes an optional part,
 * is refused for the others (the handle unchanged) */
static void t_set_null(hgroup *g, const char *dir)
{
    static const struct {
        wwwurl_part part;
        int want;
        const char *file;
    } rows[] = {
        {WWWURL_PART_USER, WWWURL_OK, "http://h:81/a?q"},
        {WWWURL_PART_PASS, WWWURL_OK, "http://u@h:81/a?q"},
        {WWWURL_PART_PORT, WWWURL_OK, "http://u:p@h/a?q"},
        {WWWURL_PART_ARGS, WWWURL_OK, "http://u:p@h:81/a"},
        {WWWURL_PART_SCHEME, WWWURL_ERR_INVALID_ARGUMENT, "http://u:p@h:81/a?q"},
        {WWWURL_PART_HOST, WWWURL_ERR_INVALID_ARGUMENT, "http://u:p@h:81/a?q"},
        {WWWURL_PART_PATH, WWWURL_ERR_INVALID_ARGUMENT, "http://u:p@h:81/a?q"},
        {WWWURL_PART_NAME, WWWURL_ERR_INVALID_ARGUMENT, "http://u:p@h:81/a?q"},
        {WWWURL_PART_HOSTPORT, WWWURL_ERR_INVALID_ARGUMENT, "http://u:p@h:81/a?q"},
        {0, -1, NULL},
    };
    static const size_t ls[2] = {WWWURL_NUL_TERMINATED, 0};
    size_t k, li;

    (void)dir;
    for (k = 0; rows[k].file; k++)
        for (li = 0; li < 2; li++) {
            wwwurl_url *u = NULL;
            char in[64];
            snprintf(in, sizeof in, "wwwurl_set(u, %u, NULL, %s)", (unsigned)rows[k].part,
                     li ? "0" : "NT");
            h_case_begin(g, NULL, NULL);
            if (CHECK_STATUS(g, "wwwurl_parse", in, WWWURL_OK,
                             wwwurl_parse(NULL, "http://u:p@h:81/a?q", NT, &u))) {
                CHECK_STATUS(g, "wwwurl_set", in, rows[k].want,
                             wwwurl_set(u, rows[k].part, NULL, ls[li]));
                CHECK_CSTR(g, "href", in, rows[k].file, wwwurl_get(u, WWWURL_PART_HREF, NULL));
            }
            wwwurl_free(u);
            h_case_end(g);
        }
    /* a NULL config is the defaults, for every config-taking function */
    h_case_begin(g, NULL, NULL);
    {
        wwwurl_url *u = NULL, *l = NULL;
        CHECK_STATUS(g, "wwwurl_parse(NULL cfg)", NULL, WWWURL_OK, wwwurl_parse(NULL, "/x", NT, &u));
        CHECK_CSTR(g, "wwwurl_parse(NULL cfg)", NULL, "http://localhost:8080/x",
                   u ? wwwurl_get(u, WWWURL_PART_NAME, NULL) : NULL);
        if (u) {
            CHECK_STATUS(g, "wwwurl_link(NULL cfg)", NULL, WWWURL_OK, wwwurl_link(NULL, u, "y", NT, &l));
            CHECK_STATUS(g, "wwwurl_link(NULL cfg, NULL base)", NULL, WWWURL_ERR_NULL,
                         wwwurl_link(NULL, NULL, "y", NT, &l));
        }
        wwwurl_free(l);
        wwwurl_free(u);
        u = NULL;
        CHECK_STATUS(g, "wwwurl_create(NULL cfg)", NULL, WWWURL_OK,
                     wwwurl_create(NULL, "http", "h", "/", NULL, NULL, NULL, &u));
        wwwurl_free(u);
    }
    h_case_end(g);
}

/* Every function declared once in the C layer (the generated rows of
 * wwwurl_api_rows.h): NULL in each pointer argument alone gives
 * WWWURL_ERR_NULL (a number function: its fixed value, API_FALLBACK) and
 * writes no output, but where the declaration allows NULL (an optional
 * input, `needed`, a handle to release), which gives what the full call
 * gives. */
static void t_declared(hgroup *g, const char *dir)
{
    static const char in[] = "http://www.example.com/a/./b?c=d#e";
    (void)dir;
    for (size_t r = 0; r < sizeof api_rows / sizeof api_rows[0]; r++) {
        const api_row *row = &api_rows[r];
        wwwurl_status full = row->call(-1, in, "rfc3986");
        h_case_begin(g, NULL, NULL);
        CHECK(g, row->name, "all arguments",
              full != (wwwurl_status)API_OUTPUT_WRITTEN && full != (wwwurl_status)API_FALLBACK);
        for (int k = 0; k < row->pointers; k++) {
            wwwurl_status null = row->fallback ? (wwwurl_status)API_FALLBACK : WWWURL_ERR_NULL;
            wwwurl_status want = (row->optional >> k & 1) ? full : null;
            char what[128];
            snprintf(what, sizeof what, "%s, pointer argument %d NULL", row->name, k);
            CHECK_INT(g, what, NULL, (long long)want, (long long)row->call(k, in, "rfc3986"));
        }
        h_case_end(g);
    }
}

/* The WHATWG handle, No-Vary-Search and query functions written by hand:
 * NULL in each pointer argument gives WWWURL_ERR_NULL (or NULL, -1, 0,
 * nothing), writes no output, and never crashes. */
static void t_whatwg_nvs_query(hgroup *g, const char *dir)
{
    wwwurl_whatwg *w = NULL, *o;
    wwwurl_nvs *nvs = NULL, *no;
    wwwurl_url *u = NULL;
    wwwurl_config *cfg = NULL;
    wwwurl_query_param p;
    size_t pos = 0, n = 77;
    char *k = (char *)sentinel();
    char buf[16];
    (void)dir;

    h_case_begin(g, NULL, NULL);
    CHECK_ST(g, "whatwg_parse", WWWURL_OK,
             wwwurl_whatwg_parse("http://a/?b=1", NT, NULL, 0, &w));
    o = (wwwurl_whatwg *)sentinel();
    CHECK_ST(g, "whatwg_parse NULL input", WWWURL_ERR_NULL, wwwurl_whatwg_parse(NULL, 1, NULL, 0, &o));
    CHECK_ST(g, "whatwg_parse NULL base with a length is none", WWWURL_OK,
             wwwurl_whatwg_can_parse("http://a/", NT, NULL, 5));
    CHECK_ST(g, "whatwg_parse NULL out", WWWURL_ERR_NULL,
             wwwurl_whatwg_parse("http://a/", NT, NULL, 0, NULL));
    CHECK_ST(g, "whatwg_parse empty input", WWWURL_ERR_INVALID_URL,
             wwwurl_whatwg_parse(NULL, 0, NULL, 0, &o));
    CHECK(g, "*out untouched", NULL, o == (wwwurl_whatwg *)sentinel());
    CHECK_ST(g, "can_parse NULL", WWWURL_ERR_NULL, wwwurl_whatwg_can_parse(NULL, 1, NULL, 0));
    CHECK(g, "get NULL handle", NULL, wwwurl_whatwg_get(NULL, 0, &n) == NULL && n == 0);
    CHECK(g, "get NULL len", NULL, wwwurl_whatwg_get(w, 0, NULL) != NULL);
    CHECK_ST(g, "set NULL handle", WWWURL_ERR_NULL, wwwurl_whatwg_set(NULL, 0, "x", 1));
    CHECK_ST(g, "set NULL value", WWWURL_ERR_NULL, wwwurl_whatwg_set(w, WWWURL_WHATWG_HASH, NULL, 1));
    CHECK_ST(g, "set NULL empty value", WWWURL_OK, wwwurl_whatwg_set(w, WWWURL_WHATWG_HASH, NULL, 0));
    CHECK_ST(g, "dup NULL", WWWURL_ERR_NULL, wwwurl_whatwg_dup(NULL, &o));
    CHECK_ST(g, "dup NULL out", WWWURL_ERR_NULL, wwwurl_whatwg_dup(w, NULL));
    CHECK(g, "*out untouched", NULL, o == (wwwurl_whatwg *)sentinel());
    CHECK_ST(g, "whatwg_query_edit NULL", WWWURL_ERR_NULL,
             wwwurl_whatwg_query_edit(NULL, WWWURL_QUERY_SORT, NULL, 0, NULL, 0));
    CHECK_ST(g, "whatwg_query_edit NULL name", WWWURL_ERR_NULL,
             wwwurl_whatwg_query_edit(w, WWWURL_QUERY_STRIP, NULL, 1, NULL, 0));
    CHECK_CSTR(g, "unchanged by the refused edits", NULL, "http://a/?b=1",
               wwwurl_whatwg_get(w, WWWURL_WHATWG_HREF, NULL));
    wwwurl_whatwg_free(w);
    wwwurl_whatwg_free(NULL);

    no = (wwwurl_nvs *)sentinel();
    CHECK_ST(g, "nvs_parse NULL", WWWURL_ERR_NULL, wwwurl_nvs_parse(NULL, 1, &no));
    CHECK_ST(g, "nvs_parse NULL out", WWWURL_ERR_NULL, wwwurl_nvs_parse("key-order", NT, NULL));
    CHECK(g, "*out untouched", NULL, no == (wwwurl_nvs *)sentinel());
    CHECK_ST(g, "nvs_parse empty", WWWURL_OK, wwwurl_nvs_parse(NULL, 0, &nvs));
    CHECK_ST(g, "nvs_key NULL nvs", WWWURL_ERR_NULL, wwwurl_nvs_key(NULL, "a", NT, &k));
    CHECK_ST(g, "nvs_key NULL url", WWWURL_ERR_NULL, wwwurl_nvs_key(nvs, NULL, 1, &k));
    CHECK_ST(g, "nvs_key NULL out", WWWURL_ERR_NULL, wwwurl_nvs_key(nvs, "a", NT, NULL));
    CHECK(g, "*out untouched", NULL, k == (char *)sentinel());
    n = 77;
    CHECK_ST(g, "nvs_key_buf NULL buf", WWWURL_ERR_NULL,
             wwwurl_nvs_key_buf(nvs, "a", NT, NULL, 4, &n));
    CHECK(g, "*needed untouched", NULL, n == 77);
    CHECK_ST(g, "nvs_key_buf size query", WWWURL_ERR_BUFFER_TOO_SMALL,
             wwwurl_nvs_key_buf(nvs, "a", NT, NULL, 0, &n));
    CHECK(g, "*needed", NULL, n == 2);
    CHECK_ST(g, "nvs_key_buf NULL needed", WWWURL_OK,
             wwwurl_nvs_key_buf(nvs, "a", NT, buf, sizeof buf, NULL));
    CHECK_INT(g, "nvs_equivalent NULL", NULL, -1, wwwurl_nvs_equivalent(nvs, "a", NT, NULL, 1));
    CHECK_INT(g, "nvs_equivalent empty", NULL, 1, wwwurl_nvs_equivalent(nvs, NULL, 0, "", 0));
    wwwurl_nvs_free(nvs);
    wwwurl_nvs_free(NULL);

    CHECK_INT(g, "query_count NULL", NULL, 0, (long long)wwwurl_query_count(NULL, 1));
    CHECK_INT(g, "query_count empty", NULL, 0, (long long)wwwurl_query_count(NULL, 0));
    CHECK_ST(g, "query_next NULL query", WWWURL_ERR_NULL, wwwurl_query_next(NULL, 1, &pos, &p));
    CHECK_ST(g, "query_next NULL pos", WWWURL_ERR_NULL, wwwurl_query_next("a", NT, NULL, &p));
    CHECK_ST(g, "query_next NULL out", WWWURL_ERR_NULL, wwwurl_query_next("a", NT, &pos, NULL));
    CHECK(g, "*pos untouched", NULL, pos == 0);
    CHECK_ST(g, "query_next empty", WWWURL_ERR_NOT_FOUND, wwwurl_query_next(NULL, 0, &pos, &p));
    CHECK_ST(g, "url_query_edit NULL", WWWURL_ERR_NULL,
             wwwurl_url_query_edit(NULL, WWWURL_QUERY_SORT, NULL, 0, NULL, 0));
    CHECK_ST(g, "parse", WWWURL_OK, wwwurl_parse(NULL, "http://h/?a=1", NT, &u));
    CHECK_ST(g, "url_query_edit NULL name", WWWURL_ERR_NULL,
             wwwurl_url_query_edit(u, WWWURL_QUERY_STRIP, NULL, 1, NULL, 0));
    CHECK_CSTR(g, "unchanged", NULL, "a=1", wwwurl_get(u, WWWURL_PART_QUERY, NULL));
    wwwurl_free(u);

    CHECK_ST(g, "add_strip_param NULL cfg", WWWURL_ERR_NULL,
             wwwurl_config_add_strip_param(NULL, "a", NT));
    CHECK_ST(g, "add_strip_prefix NULL cfg", WWWURL_ERR_NULL,
             wwwurl_config_add_strip_prefix(NULL, "a", NT));
    CHECK_ST(g, "config", WWWURL_OK, wwwurl_config_new(&cfg));
    CHECK_ST(g, "add_strip_prefix NULL prefix", WWWURL_ERR_NULL,
             wwwurl_config_add_strip_prefix(cfg, NULL, 1));
    wwwurl_config_free(cfg);
    h_case_end(g);
}

static const h_test tests[] = {
    {"functions declared once (generated rows)", t_declared},
    {"WHATWG, No-Vary-Search and query functions", t_whatwg_nvs_query},
    {"legacy string functions", t_legacy_strings},
    {"legacy URL functions", t_legacy_url},
    {"configuration", t_config},
    {"wwwurl_set with NULL values", t_set_null},
    {"wwwurl_parse", t_parse},
    {"wwwurl_create", t_create},
    {"handle functions", t_handle_fns},
    {"transcode", t_transcode},
    {"wwwurl_rfc3986_split", t_rfc3986},
    {"wwwurl_rfc3986_resolve", t_resolve},
    {"both forms of the string functions", t_both_forms},
    {"wwwurl_webcapture_canonical", t_webcapture},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
