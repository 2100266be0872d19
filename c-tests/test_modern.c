/* The modern API (wwwurl.h) over the conformance vectors where it applies,
 * and hand-written tests of its contracts: every status code, buffer sizes,
 * input limits, unknown enum values, version macros. */
#include "harness.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUARD_BYTE 0x5A
#define GUARD_LEN 16

#define st_name h_status_name

/* One hand-written call and its status, as one case. */
#define EXPECT_STATUS(g, want, call)                                                          \
    do {                                                                                      \
        h_case_begin((g), NULL, NULL);                                                        \
        CHECK_STATUS((g), #call, NULL, (want), (call));                                       \
        h_case_end(g);                                                                        \
    } while (0)

/* An exact-size copy without terminator: the explicit length is all there is. */
static char *bare_copy(const hstr *s)
{
    char *p = malloc(s->len ? s->len : 1);
    if (p && s->len)
        memcpy(p, s->p, s->len);
    return p;
}

static void check_handle(hgroup *g, const char *what, const char *in, const hrow *r,
                         int status, const wwwurl_url *u, int v29h)
{
    hbuf want, got;

    if (!CHECK_STATUS(g, what, in, WWWURL_OK, status))
        return;
    hb_init(&want);
    hb_init(&got);
    if (!h_want_modern(&want, r, 0, v29h)) {
        h_fail(g, __FILE__, __LINE__, "bad vector: URL columns");
    } else {
        h_dump_modern(&got, u, v29h);
        CHECK_DUMP(g, what, in, &want, &got, v29h ? h_modern_columns_29h : h_modern_columns);
    }
    hb_free(&want);
    hb_free(&got);
}

/* ---- parse ------------------------------------------------------------------ */

enum parse_mode {
    P_NUL,      /* WWWURL_NUL_TERMINATED */
    P_LEN,      /* explicit length, no terminator */
    P_DUP,      /* parse, wwwurl_dup, free the original, check the copy */
    P_29H,      /* a WWWURL_COMPAT_29H config against v29h/SplitURL */
    P_29_OVER,  /* a 2.9 config while the legacy settings are 2.9h */
    P_CACHE,    /* wwwurl_cache_file against MakeHash of the file column */
};


/* The buffer form of a string function, called through a context: every
 * string function has a malloc form, which gives a new string for the
 * caller to free, and a buffer form (`_buf`), which writes into the
 * caller's buffer and reports the size it needs (include/wwwurl.h). The
 * buffer form must give the same result under the buffer contract:
 * `*needed` exact, NUL included, and no byte written at or past `cap`. */
typedef int (*buf_form)(const void *ctx, char *buf, size_t cap, size_t *needed);

/* Checks `f` against `want` (the malloc form's result, or NULL when the
 * call fails with `want_st`): the size query, an exact buffer, a buffer one
 * byte short, and no byte written at or past cap. */
static void check_buf_form(hgroup *g, const char *what, const char *in, buf_form f,
                           const void *ctx, int want_st, const char *want)
{
    size_t needed = 12345, needed2 = 0, n;
    char *buf;
    int st;

    st = f(ctx, NULL, 0, &needed);
    if (want_st != WWWURL_OK) {
        CHECK_STATUS(g, what, in, want_st, st);
        CHECK_INT(g, "*needed untouched on error", in, 12345, needed);
        return;
    }
    if (!CHECK_STATUS(g, what, in, WWWURL_ERR_BUFFER_TOO_SMALL, st))
        return;
    n = strlen(want);
    if (!CHECK_INT(g, "*needed", in, n + 1, needed))
        return;
    buf = malloc(needed + GUARD_LEN);
    memset(buf, GUARD_BYTE, needed + GUARD_LEN);
    st = f(ctx, buf, needed, &needed2);
    if (CHECK_STATUS(g, what, in, WWWURL_OK, st))
        CHECK_CSTR(g, what, in, want, buf);
    CHECK_INT(g, "*needed (exact buffer)", in, needed, needed2);
    CHECK(g, "writes nothing past cap", in, (unsigned char)buf[needed] == GUARD_BYTE);
    memset(buf, GUARD_BYTE, needed + GUARD_LEN);
    st = f(ctx, buf, needed - 1, NULL);
    CHECK_STATUS(g, "buffer one byte short", in, WWWURL_ERR_BUFFER_TOO_SMALL, st);
    CHECK(g, "writes nothing at or past cap", in, (unsigned char)buf[needed - 1] == GUARD_BYTE);
    st = f(ctx, NULL, 4, &needed2);
    CHECK_STATUS(g, "NULL buffer with cap 4", in, WWWURL_ERR_NULL, st);
    free(buf);
}

static void check_cache_file(hgroup *g, const char *in, const hrow *r, const wwwurl_url *u)
{
    /* columns: name file proto hostport ... */
    const hstr *file = &r->out[1], *proto = &r->out[2], *hostport = &r->out[3];
    char *fcopy = h_memdup(file);
    char *hash = MakeHash(fcopy);
    hbuf want;
    size_t needed = 0, needed2 = 0;
    char *buf;
    int st;

    free(fcopy);
    hb_init(&want);
    hb_put(&want, proto->p, proto->len);
    hb_putc(&want, '/');
    hb_put(&want, hostport->p, hostport->len);
    hb_puts(&want, "/D");
    if (hash)
        hb_puts(&want, hash);
    free(hash);

    if (!h_cache_path_safe(proto->p, proto->len, hostport->p, hostport->len)) {
        /* refused, in both forms, and nothing written */
        char *dup = NULL;
        needed = 4242;
        st = wwwurl_cache_file(u, 'D', NULL, 0, &needed);
        CHECK_STATUS(g, "wwwurl_cache_file of an unsafe path", in, WWWURL_ERR_UNSAFE_PATH, st);
        CHECK_INT(g, "*needed untouched", in, 4242, needed);
        st = wwwurl_cache_file_dup(u, 'D', &dup, NULL);
        CHECK_STATUS(g, "wwwurl_cache_file_dup of an unsafe path", in, WWWURL_ERR_UNSAFE_PATH,
                     st);
        CHECK(g, "*out untouched", in, dup == NULL);
        hb_free(&want);
        return;
    }

    /* size query: nothing fits in 0 bytes */
    st = wwwurl_cache_file(u, 'D', NULL, 0, &needed);
    CHECK_STATUS(g, "wwwurl_cache_file(u, 'D', NULL, 0, &needed)", in,
                 WWWURL_ERR_BUFFER_TOO_SMALL, st);
    CHECK_INT(g, "wwwurl_cache_file needed", in, want.len + 1, needed);
    if (needed == want.len + 1) {
        buf = malloc(needed + GUARD_LEN);
        memset(buf, GUARD_BYTE, needed + GUARD_LEN);
        st = wwwurl_cache_file(u, 'D', buf, needed, &needed2);
        if (CHECK_STATUS(g, "wwwurl_cache_file exact buffer", in, WWWURL_OK, st))
            CHECK_BYTES(g, "wwwurl_cache_file", in, want.p, want.len, buf, strnlen(buf, needed));
        CHECK_INT(g, "wwwurl_cache_file needed", in, needed, needed2);
        CHECK(g, "wwwurl_cache_file writes nothing past cap", in,
              (unsigned char)buf[needed] == GUARD_BYTE);
        /* one byte short */
        memset(buf, GUARD_BYTE, needed + GUARD_LEN);
        st = wwwurl_cache_file(u, 'D', buf, needed - 1, &needed2);
        CHECK_STATUS(g, "wwwurl_cache_file buffer one byte short", in,
                     WWWURL_ERR_BUFFER_TOO_SMALL, st);
        CHECK(g, "wwwurl_cache_file writes nothing at or past cap", in,
              (unsigned char)buf[needed - 1] == GUARD_BYTE);
        free(buf);
    }
    /* the malloc form gives the same string */
    {
        char *dup = NULL;
        size_t dlen = 0;
        st = wwwurl_cache_file_dup(u, 'D', &dup, &dlen);
        if (CHECK_STATUS(g, "wwwurl_cache_file_dup", in, WWWURL_OK, st))
            CHECK_BYTES(g, "wwwurl_cache_file_dup", in, want.p, want.len, dup, dlen);
        wwwurl_string_free(dup);
    }
    hb_free(&want);
}

static void parse_vectors(hgroup *g, const char *dir, enum parse_mode mode)
{
    int v29h = mode == P_29H;
    const char *file = v29h ? "v29h/SplitURL.tsv" : "SplitURL.tsv";
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (mode == P_29_OVER)
        CHECK_STATUS(g, "wwwurl_legacy_configure(2.9h)", NULL, WWWURL_OK,
                     wwwurl_legacy_configure(H_CFG29H));
    if (hf_load(g, &f, dir, file, "SplitURL", 1, v29h ? H_URL_NOUT_29H : H_URL_NOUT,
                v29h ? H_URL_NOUT_29H : H_URL_NOUT)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            wwwurl_url *u = NULL, *c = NULL;
            char *in;
            int st;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            switch (mode) {
            case P_LEN:
                in = bare_copy(&r->in[0]);
                st = wwwurl_parse(H_CFG, in, r->in[0].len, &u);
                free(in);
                check_handle(g, "wwwurl_parse(s, len)", d.p, r, st, u, 0);
                break;
            case P_DUP:
                in = h_memdup(&r->in[0]);
                st = wwwurl_parse(H_CFG, in, WWWURL_NUL_TERMINATED, &u);
                free(in);
                if (CHECK_STATUS(g, "wwwurl_parse", d.p, WWWURL_OK, st)) {
                    st = wwwurl_dup(u, &c);
                    wwwurl_free(u);
                    u = NULL;
                    check_handle(g, "wwwurl_dup", d.p, r, st, c, 0);
                }
                break;
            case P_29H:
                in = h_memdup(&r->in[0]);
                st = wwwurl_parse(H_CFG29H, in, WWWURL_NUL_TERMINATED, &u);
                free(in);
                check_handle(g, "wwwurl_parse(2.9h config)", d.p, r, st, u, 1);
                break;
            case P_29_OVER:
                in = h_memdup(&r->in[0]);
                st = wwwurl_parse(H_CFG29, in, WWWURL_NUL_TERMINATED, &u);
                free(in);
                check_handle(g, "wwwurl_parse(2.9 config), legacy in 2.9h mode", d.p, r, st, u, 0);
                break;
            case P_CACHE:
                in = h_memdup(&r->in[0]);
                st = wwwurl_parse(H_CFG, in, WWWURL_NUL_TERMINATED, &u);
                free(in);
                if (CHECK_STATUS(g, "wwwurl_parse", d.p, WWWURL_OK, st))
                    check_cache_file(g, d.p, r, u);
                break;
            case P_NUL:
            default:
                in = h_memdup(&r->in[0]);
                st = wwwurl_parse(H_CFG, in, WWWURL_NUL_TERMINATED, &u);
                free(in);
                check_handle(g, "wwwurl_parse", d.p, r, st, u, 0);
                break;
            }
            wwwurl_free(u);
            wwwurl_free(c);
            h_case_end(g);
        }
    }
    if (mode == P_29_OVER)
        wwwurl_legacy_configure(H_CFG29);
    hf_free(&f);
    hb_free(&d);
}

static void t_parse(hgroup *g, const char *dir) { parse_vectors(g, dir, P_NUL); }
static void t_parse_len(hgroup *g, const char *dir) { parse_vectors(g, dir, P_LEN); }
static void t_dup(hgroup *g, const char *dir) { parse_vectors(g, dir, P_DUP); }
static void t_parse_29h(hgroup *g, const char *dir) { parse_vectors(g, dir, P_29H); }
static void t_parse_29_over(hgroup *g, const char *dir) { parse_vectors(g, dir, P_29_OVER); }
static void t_cache_file(hgroup *g, const char *dir) { parse_vectors(g, dir, P_CACHE); }

/* One handle's cache path in both forms: `want` (NULL: refused with
 * WWWURL_ERR_UNSAFE_PATH, nothing written). */
static void check_cache_path(hgroup *g, const char *in, const wwwurl_url *u, const char *want)
{
    char buf[128], *dup = NULL;
    size_t needed = 4242, dlen = 4242;
    int st;

    memset(buf, GUARD_BYTE, sizeof buf);
    st = wwwurl_cache_file(u, 'D', buf, sizeof buf, &needed);
    CHECK_STATUS(g, "wwwurl_cache_file", in, want ? WWWURL_OK : WWWURL_ERR_UNSAFE_PATH, st);
    if (want) {
        CHECK_CSTR(g, "wwwurl_cache_file", in, want, st == WWWURL_OK ? buf : NULL);
        CHECK_INT(g, "*needed", in, strlen(want) + 1, needed);
    } else {
        CHECK_INT(g, "*needed untouched", in, 4242, needed);
        CHECK(g, "buffer untouched", in, (unsigned char)buf[0] == GUARD_BYTE);
    }
    st = wwwurl_cache_file_dup(u, 'U', &dup, &dlen);
    CHECK_STATUS(g, "wwwurl_cache_file_dup", in, want ? WWWURL_OK : WWWURL_ERR_UNSAFE_PATH, st);
    if (want) {
        char u_want[128];
        snprintf(u_want, sizeof u_want, "%s", want);
        u_want[strrchr(want, '/') - want + 1] = 'U';
        CHECK_CSTR(g, "wwwurl_cache_file_dup(u, 'U')", in, u_want, dup);
        CHECK_INT(g, "*out_len", in, strlen(want), dlen);
    } else {
        CHECK(g, "*out untouched", in, dup == NULL);
        CHECK_INT(g, "*out_len untouched", in, 4242, dlen);
    }
    wwwurl_string_free(dup);
}

/* A protocol or host that would not make one plain directory name is
 * refused: the path would leave the spool directory (empty, `.`, `..`,
 * `/`) or hold control bytes. The protocol is copied as split; a default
 * port with letters after it can leave an empty host or a host of dots. */
static void t_cache_file_unsafe(hgroup *g, const char *dir)
{
    static const struct {
        const char *url, *want;
    } parsed[] = {
        {"://h/x", NULL},
        {"..://h/x", NULL},
        {".://h/x", NULL},
        {"\n://h/", NULL},
        {"a\tb://h/", NULL},
        {"\x7f://h/", NULL},
        {"\xc3\xa9://h/", NULL},
        {"http://..:80x/y", NULL},
        {"http://.:80abc/", NULL},
        {"https://:443x/p", NULL},
        {"ftp://..:21z/", NULL},
        /* safe: dots without a letter are an IPv4 address; `%2F` ends a host */
        {"http://../x", "http/0.0.0.0/D4Zl5RZq5ZpXb3o7pZvvS9Q"},
        {"http://%2e%2e/x", "http/0.0.0.0/D4Zl5RZq5ZpXb3o7pZvvS9Q"},
        {"http://a%2Fb/x", "http/a/D2Esh8ic-7ixFB25SRRvEpw"},
        {"http://x..:0/", "http/x..:0/Dqw5go+7HUf72BLHKJlqB7A"},
        {"...://h/", ".../h/DhENwn-fCsXnbHqJp3j4W4A"},
        {NULL, NULL},
    };
    static const struct {
        const char *proto, *hostport, *want;
    } created[] = {
        {"a/b", "h", NULL},
        {"/", "h", NULL},
        {"..", "h", NULL},
        {"", "h", NULL},
        {"http", "..:80x", NULL},
        {"http", "a/b", "http/a/D0uMNAjussTZVzy9phV3dSQ"},
        {NULL, NULL, NULL},
    };
    wwwurl_url *u;
    size_t k;
    int st;

    (void)dir;
    for (k = 0; parsed[k].url; k++) {
        u = NULL;
        h_case_begin(g, NULL, NULL);
        st = wwwurl_parse(H_CFG, parsed[k].url, WWWURL_NUL_TERMINATED, &u);
        if (CHECK_STATUS(g, "wwwurl_parse", parsed[k].url, WWWURL_OK, st))
            check_cache_path(g, parsed[k].url, u, parsed[k].want);
        wwwurl_free(u);
        h_case_end(g);
    }
    for (k = 0; created[k].proto; k++) {
        char in[64];
        u = NULL;
        snprintf(in, sizeof in, "wwwurl_create(\"%s\", \"%s\", \"/\")", created[k].proto,
                 created[k].hostport);
        h_case_begin(g, NULL, NULL);
        st = wwwurl_create(H_CFG, created[k].proto, created[k].hostport, "/", NULL, NULL, NULL, &u);
        if (CHECK_STATUS(g, "wwwurl_create", in, WWWURL_OK, st))
            check_cache_path(g, in, u, created[k].want);
        wwwurl_free(u);
        h_case_end(g);
    }
    /* the local host, for a URL without one, is checked too */
    h_case_begin(g, NULL, NULL);
    {
        struct wwwurl_config *c = NULL;
        CHECK_STATUS(g, "wwwurl_config_new", NULL, WWWURL_OK, wwwurl_config_new(&c));
        CHECK_STATUS(g, "wwwurl_config_set_local_host", "..:80x", WWWURL_OK,
                     wwwurl_config_set_local_host(c, "..:80x", WWWURL_NUL_TERMINATED));
        u = NULL;
        if (CHECK_STATUS(g, "wwwurl_parse", "/x",  WWWURL_OK,
                         wwwurl_parse(c, "/x", WWWURL_NUL_TERMINATED, &u)))
            check_cache_path(g, "/x with local host ..:80x", u, NULL);
        wwwurl_free(u);
        wwwurl_config_free(c);
    }
    h_case_end(g);
}

/* ---- create, link, userinfo ---------------------------------------------------- */

static void t_create(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "CreateURL.tsv", "CreateURL", 6, H_URL_NOUT, H_URL_NOUT)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            wwwurl_url *u = NULL;
            char *a[6];
            int k, st;

            h_case_begin(g, &f, r);
            for (k = 0; k < 6; k++)
                a[k] = h_memdup(&r->in[k]);
            st = wwwurl_create(H_CFG, a[0], a[1], a[2], a[3], a[4], a[5], &u);
            for (k = 0; k < 6; k++)
                free(a[k]);
            check_handle(g, "wwwurl_create", h_desc(&d, r), r, st, u, 0);
            wwwurl_free(u);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

static void t_link(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d, b0, b1;
    size_t i, step;

    hb_init(&d);
    hb_init(&b0);
    hb_init(&b1);
    if (hf_load(g, &f, dir, "LinkURL.tsv", "LinkURL", 2, H_URL_NOUT, H_URL_NOUT)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            wwwurl_url *b = NULL, *u = NULL;
            char *base = h_memdup(&r->in[0]);
            char *link = bare_copy(&r->in[1]);
            int st;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            st = wwwurl_parse(H_CFG, base, WWWURL_NUL_TERMINATED, &b);
            free(base);
            if (CHECK_STATUS(g, "wwwurl_parse(base)", d.p, WWWURL_OK, st)) {
                h_dump_modern(&b0, b, 1);
                st = wwwurl_link(H_CFG, b, link, r->in[1].len, &u);
                h_dump_modern(&b1, b, 1);
                CHECK_DUMP(g, "wwwurl_link leaves the base alone", d.p, &b0, &b1,
                           h_modern_columns_29h);
                check_handle(g, "wwwurl_link", d.p, r, st, u, 0);
            }
            free(link);
            wwwurl_free(u);
            wwwurl_free(b);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
    hb_free(&b0);
    hb_free(&b1);
}

static void t_set_userinfo(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "AddPasswordURL.tsv", "AddPasswordURL", 3, H_URL_NOUT,
                H_URL_NOUT)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            wwwurl_url *u = NULL;
            char *url = h_memdup(&r->in[0]);
            char *user = h_memdup(&r->in[1]);
            char *pass = h_memdup(&r->in[2]);
            int st;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            st = wwwurl_parse(H_CFG, url, WWWURL_NUL_TERMINATED, &u);
            if (CHECK_STATUS(g, "wwwurl_parse", d.p, WWWURL_OK, st)) {
                st = wwwurl_set_userinfo(u, user, pass);
                check_handle(g, "wwwurl_set_userinfo", d.p, r, st, u, 0);
            }
            free(url);
            free(user);
            free(pass);
            wwwurl_free(u);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

/* wwwurl_set_userinfo rebuilds the URL with the config the handle was made
 * with (a copy keeps it, and it outlives a freed config), whatever the
 * legacy settings say now: the canonical name, and so the cache file, must
 * not change with the password. 2.9 replaces `&amp;` by `&` in the args
 * each time CreateURL runs (one pass, so `&amp;amp;` loses one level per
 * run); 2.9h keeps it. */
static void t_set_userinfo_mode(hgroup *g, const char *dir)
{
    static const struct {
        const char *what;
        wwwurl_compat made_with; /* the compat of the config the handle is made with */
        int dup;                 /* set_userinfo on a wwwurl_dup copy */
        int own;                 /* an own config, freed before set_userinfo */
        wwwurl_compat now;       /* the legacy settings while wwwurl_set_userinfo runs */
        const char *url, *name, *file;
    } rows[] = {
        {"2.9h config, legacy 2.9", WWWURL_COMPAT_29H, 0, 0, WWWURL_COMPAT_29,
         "http://h/?a&amp;b", "http://h/?a&amp;b", "http://us:pw@h/?a&amp;b"},
        {"2.9h config, copied, legacy 2.9", WWWURL_COMPAT_29H, 1, 0, WWWURL_COMPAT_29,
         "http://h/?a&amp;b", "http://h/?a&amp;b", "http://us:pw@h/?a&amp;b"},
        {"2.9 config, legacy 2.9h", WWWURL_COMPAT_29, 0, 0, WWWURL_COMPAT_29H,
         "http://h/?a&amp;amp;b", "http://h/?a&b", "http://us:pw@h/?a&b"},
        {"2.9 config, copied, legacy 2.9h", WWWURL_COMPAT_29, 1, 0, WWWURL_COMPAT_29H,
         "http://h/?a&amp;amp;b", "http://h/?a&b", "http://us:pw@h/?a&b"},
        {"own 2.9h config freed, legacy 2.9", WWWURL_COMPAT_29H, 0, 1, WWWURL_COMPAT_29,
         "http://h/?a&amp;b", "http://h/?a&amp;b", "http://us:pw@h/?a&amp;b"},
        {"own 2.9 config freed, copied, legacy 2.9h", WWWURL_COMPAT_29, 1, 1, WWWURL_COMPAT_29H,
         "http://h/?a&amp;amp;b", "http://h/?a&b", "http://us:pw@h/?a&b"},
        {NULL, WWWURL_COMPAT_29, 0, 0, WWWURL_COMPAT_29, NULL, NULL, NULL},
    };
    size_t k;

    (void)dir;
    for (k = 0; rows[k].what; k++) {
        wwwurl_url *u = NULL, *c = NULL;
        struct wwwurl_config *own = NULL;
        const struct wwwurl_config *cfg = harness_config(rows[k].made_with);
        char *hash = MakeHash(rows[k].file);
        char want_cache[64], got_cache[64];
        size_t needed;
        int st;

        snprintf(want_cache, sizeof want_cache, "http/h/D%s", hash ? hash : "?");
        free(hash);
        h_case_begin(g, NULL, NULL);
        if (rows[k].own) {
            CHECK_STATUS(g, "wwwurl_config_new", rows[k].what, WWWURL_OK, wwwurl_config_new(&own));
            CHECK_STATUS(g, "wwwurl_config_set_compat", rows[k].what, WWWURL_OK,
                         wwwurl_config_set_compat(own, rows[k].made_with));
            cfg = own;
        }
        st = wwwurl_parse(cfg, rows[k].url, WWWURL_NUL_TERMINATED, &u);
        if (CHECK_STATUS(g, "wwwurl_parse", rows[k].what, WWWURL_OK, st) && rows[k].dup) {
            st = wwwurl_dup(u, &c);
            CHECK_STATUS(g, "wwwurl_dup", rows[k].what, WWWURL_OK, st);
            wwwurl_free(u);
            u = c;
        }
        wwwurl_config_free(own);
        wwwurl_legacy_configure(harness_config(rows[k].now));
        if (u) {
            st = wwwurl_set_userinfo(u, "us", "pw");
            CHECK_STATUS(g, "wwwurl_set_userinfo", rows[k].what, WWWURL_OK, st);
            CHECK_CSTR(g, "NAME", rows[k].what, rows[k].name, wwwurl_get(u, WWWURL_PART_NAME, NULL));
            CHECK_CSTR(g, "FILE", rows[k].what, rows[k].file, wwwurl_get(u, WWWURL_PART_FILE, NULL));
            st = wwwurl_cache_file(u, 'D', got_cache, sizeof got_cache, &needed);
            CHECK_STATUS(g, "wwwurl_cache_file", rows[k].what, WWWURL_OK, st);
            CHECK_CSTR(g, "wwwurl_cache_file", rows[k].what, want_cache,
                       st == WWWURL_OK ? got_cache : NULL);
        }
        wwwurl_free(u);
        h_case_end(g);
    }
    wwwurl_legacy_configure(H_CFG29);
}

/* ---- codecs ---------------------------------------------------------------- */

static const struct codec_file {
    wwwurl_codec codec;
    const char *file;
    const char *func;
} codecs[] = {
    {WWWURL_CODEC_DECODE_GENERIC, "URLDecodeGeneric.tsv", "URLDecodeGeneric"},
    {WWWURL_CODEC_DECODE_FORM, "URLDecodeFormArgs.tsv", "URLDecodeFormArgs"},
    {WWWURL_CODEC_RECODE_FORM, "URLRecodeFormArgs.tsv", "URLRecodeFormArgs"},
    {WWWURL_CODEC_ENCODE_PATH, "URLEncodePath.tsv", "URLEncodePath"},
    {WWWURL_CODEC_ENCODE_FORM, "URLEncodeFormArgs.tsv", "URLEncodeFormArgs"},
    {WWWURL_CODEC_ENCODE_PASSWORD, "URLEncodePassword.tsv", "URLEncodePassword"},
    {0, NULL, NULL},
};

/* wwwurl_transcode into the caller's buffer: the size query, an exact
 * buffer, a buffer one byte short (guard bytes after each), an explicit
 * length; and wwwurl_transcode_dup. A decoded NUL is kept, so the vector is
 * compared with the C-string prefix. */
static void transcode_vectors(hgroup *g, const char *dir, const struct codec_file *c)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, c->file, c->func, 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *in = h_memdup(&r->in[0]);
            char *bare = bare_copy(&r->in[0]);
            size_t needed = 0, needed2 = 0, dlen = (size_t)-7;
            char *buf, *dup;
            int st;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            st = wwwurl_transcode(c->codec, in, WWWURL_NUL_TERMINATED, NULL, 0, &needed);
            if (CHECK_STATUS(g, "wwwurl_transcode size query", d.p, WWWURL_ERR_BUFFER_TOO_SMALL,
                             st) &&
                CHECK(g, "wwwurl_transcode needed", d.p, needed >= r->out[0].len + 1)) {
                buf = malloc(needed + GUARD_LEN);
                memset(buf, GUARD_BYTE, needed + GUARD_LEN);
                st = wwwurl_transcode(c->codec, in, WWWURL_NUL_TERMINATED, buf, needed, &needed2);
                if (CHECK_STATUS(g, "wwwurl_transcode exact buffer", d.p, WWWURL_OK, st)) {
                    CHECK(g, "wwwurl_transcode NUL at needed-1", d.p, buf[needed - 1] == '\0');
                    CHECK_STR(g, "wwwurl_transcode", d.p, &r->out[0], buf);
                }
                CHECK_INT(g, "wwwurl_transcode needed (2nd call)", d.p, needed, needed2);
                CHECK(g, "wwwurl_transcode writes nothing past cap", d.p,
                      (unsigned char)buf[needed] == GUARD_BYTE);

                memset(buf, GUARD_BYTE, needed + GUARD_LEN);
                needed2 = 0;
                st = wwwurl_transcode(c->codec, in, WWWURL_NUL_TERMINATED, buf, needed - 1,
                                      &needed2);
                CHECK_STATUS(g, "wwwurl_transcode one byte short", d.p,
                             WWWURL_ERR_BUFFER_TOO_SMALL, st);
                CHECK_INT(g, "wwwurl_transcode needed (too small)", d.p, needed, needed2);
                CHECK(g, "wwwurl_transcode writes nothing at or past cap", d.p,
                      (unsigned char)buf[needed - 1] == GUARD_BYTE);

                /* explicit length on a copy without terminator: short texts
                 * take another path there, which must give the same */
                memset(buf, GUARD_BYTE, needed + GUARD_LEN);
                needed2 = (size_t)-7;
                st = wwwurl_transcode(c->codec, bare, r->in[0].len, buf, needed, &needed2);
                if (CHECK_STATUS(g, "wwwurl_transcode(in, len)", d.p, WWWURL_OK, st)) {
                    CHECK_STR(g, "wwwurl_transcode(in, len)", d.p, &r->out[0], buf);
                    CHECK(g, "wwwurl_transcode(in, len) writes nothing past cap", d.p,
                          (unsigned char)buf[needed] == GUARD_BYTE);
                }
                CHECK_INT(g, "wwwurl_transcode(in, len) needed", d.p, needed, needed2);
                memset(buf, GUARD_BYTE, needed + GUARD_LEN);
                needed2 = 0;
                st = wwwurl_transcode(c->codec, bare, r->in[0].len, buf, needed - 1, &needed2);
                CHECK_STATUS(g, "wwwurl_transcode(in, len) one byte short", d.p,
                             WWWURL_ERR_BUFFER_TOO_SMALL, st);
                CHECK_INT(g, "wwwurl_transcode(in, len) needed (too small)", d.p, needed,
                          needed2);
                CHECK(g, "wwwurl_transcode(in, len) writes nothing at or past cap", d.p,
                      (unsigned char)buf[needed - 1] == GUARD_BYTE);
                st = wwwurl_transcode(c->codec, bare, r->in[0].len, buf, needed, NULL);
                CHECK_STATUS(g, "wwwurl_transcode(in, len) without needed", d.p, WWWURL_OK, st);
                free(buf);
            }

            dup = wwwurl_transcode_dup(c->codec, in, WWWURL_NUL_TERMINATED, &dlen);
            CHECK_STR(g, "wwwurl_transcode_dup", d.p, &r->out[0], dup);
            if (dup) {
                CHECK_INT(g, "wwwurl_transcode_dup length", d.p, needed - 1, dlen);
                CHECK(g, "wwwurl_transcode_dup NUL-terminates", d.p,
                      dlen == (size_t)-7 || dup[dlen] == '\0');
            }
            wwwurl_string_free(dup);
            free(in);
            free(bare);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

static void t_tc0(hgroup *g, const char *dir) { transcode_vectors(g, dir, &codecs[0]); }
static void t_tc1(hgroup *g, const char *dir) { transcode_vectors(g, dir, &codecs[1]); }
static void t_tc2(hgroup *g, const char *dir) { transcode_vectors(g, dir, &codecs[2]); }
static void t_tc3(hgroup *g, const char *dir) { transcode_vectors(g, dir, &codecs[3]); }
static void t_tc4(hgroup *g, const char *dir) { transcode_vectors(g, dir, &codecs[4]); }
static void t_tc5(hgroup *g, const char *dir) { transcode_vectors(g, dir, &codecs[5]); }

/* ---- hand-written: transcode with decoded NUL bytes ---------------------------- */

static void t_transcode_nul(hgroup *g, const char *dir)
{
    static const struct {
        wwwurl_codec codec;
        const char *in;
        size_t inlen; /* WWWURL_NUL_TERMINATED or a byte count */
        const char *out;
        size_t outlen;
    } rows[] = {
        {WWWURL_CODEC_DECODE_GENERIC, "a%00b", WWWURL_NUL_TERMINATED, "a\0b", 3},
        {WWWURL_CODEC_DECODE_GENERIC, "%zz%41", WWWURL_NUL_TERMINATED, "\0A", 2},
        {WWWURL_CODEC_DECODE_FORM, "+%00+", WWWURL_NUL_TERMINATED, " \0 ", 3},
        {WWWURL_CODEC_ENCODE_PATH, "a\0b", 3, "a%00b", 5},
        {WWWURL_CODEC_ENCODE_FORM, "a \0", 3, "a+%00", 5},
        {WWWURL_CODEC_ENCODE_PASSWORD, "\0", 1, "%00", 3},
        {WWWURL_CODEC_RECODE_FORM, "x\0y", 3, "x%00y", 5},
        {WWWURL_CODEC_ENCODE_PATH, "", 0, "", 0},
        {0, NULL, 0, NULL, 0},
    };
    int k;

    (void)dir;
    for (k = 0; rows[k].in; k++) {
        char buf[32], in[32];
        size_t needed = 0, dlen = 0;
        char *dup;
        int st;

        h_case_begin(g, NULL, NULL);
        snprintf(in, sizeof in, "row %d", k);
        memset(buf, GUARD_BYTE, sizeof buf);
        st = wwwurl_transcode(rows[k].codec, rows[k].in, rows[k].inlen, buf, sizeof buf,
                              &needed);
        if (CHECK_STATUS(g, "wwwurl_transcode", in, WWWURL_OK, st)) {
            CHECK_INT(g, "wwwurl_transcode needed", in, rows[k].outlen + 1, needed);
            CHECK_BYTES(g, "wwwurl_transcode keeps NUL bytes", in, rows[k].out,
                        rows[k].outlen + 1, buf, needed);
        }
        dup = wwwurl_transcode_dup(rows[k].codec, rows[k].in, rows[k].inlen, &dlen);
        CHECK(g, "wwwurl_transcode_dup", in, dup != NULL);
        if (dup) {
            CHECK_BYTES(g, "wwwurl_transcode_dup keeps NUL bytes", in, rows[k].out,
                        rows[k].outlen + 1, dup, dlen + 1);
            wwwurl_string_free(dup);
        }
        h_case_end(g);
    }
}

/* ---- hand-written: status codes --------------------------------------------------- */

static wwwurl_url *sentinel_url(void)
{
    static char dummy;
    return (wwwurl_url *)(void *)&dummy;
}

/* every status code that the API can produce, provoked at least once;
 * *out untouched on failure */
static void t_status_codes(hgroup *g, const char *dir)
{
    wwwurl_url *u = NULL, *base = NULL, *out;
    wwwurl_components comp;
    char buf[64], *sout = NULL;
    size_t needed;
    int st;

    (void)dir;
    /* WWWURL_OK */
    h_case_begin(g, NULL, NULL);
    st = wwwurl_parse(H_CFG, "http://www.example.com/a?b", WWWURL_NUL_TERMINATED, &base);
    CHECK_STATUS(g, "wwwurl_parse", "http://www.example.com/a?b", WWWURL_OK, st);
    h_case_end(g);
    if (st != WWWURL_OK)
        base = NULL;

    /* WWWURL_ERR_NULL, and *out untouched */
    out = sentinel_url();
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_parse(H_CFG, NULL, WWWURL_NUL_TERMINATED, &out));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_parse(H_CFG, NULL, 5, &out));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_parse(H_CFG, "http://h/", WWWURL_NUL_TERMINATED, NULL));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_create(H_CFG, NULL, "h", "/", NULL, NULL, NULL, &out));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_create(H_CFG, "http", NULL, "/", NULL, NULL, NULL, &out));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_create(H_CFG, "http", "h", NULL, NULL, NULL, NULL, &out));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_create(H_CFG, "http", "h", "/", NULL, NULL, NULL, NULL));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_link(H_CFG, NULL, "x", WWWURL_NUL_TERMINATED, &out));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_dup(NULL, &out));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_set_userinfo(NULL, "u", "p"));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_cache_file(NULL, 'D', buf, sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_cache_file_dup(NULL, 'D', &sout, NULL));
    EXPECT_STATUS(g, WWWURL_ERR_NULL,
                  wwwurl_rfc3986_resolve_buf(NULL, WWWURL_NUL_TERMINATED, "g",
                                             WWWURL_NUL_TERMINATED, buf, sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_NULL,
                  wwwurl_webcapture_canonical_buf(NULL, WWWURL_NUL_TERMINATED, NULL, 0, buf,
                                                  sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_NULL,
                  wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, NULL, WWWURL_NUL_TERMINATED, buf,
                                   sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_NULL,
                  wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, NULL, 3, buf, sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_NULL,
                  wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, "abc", 3, NULL, 10, &needed));
    /* lengths of the short texts that take another path */
    EXPECT_STATUS(g, WWWURL_ERR_NULL,
                  wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, NULL, 8, buf, sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_NULL,
                  wwwurl_transcode(WWWURL_CODEC_DECODE_GENERIC, "abcdefgh", 8, NULL, 10, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                  wwwurl_transcode(6, "abcdefgh", 8, buf, sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_rfc3986_split(NULL, WWWURL_NUL_TERMINATED, 0, &comp));
    EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_rfc3986_split("a:b", 3, 0, NULL));
    if (base) {
        EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_link(H_CFG, base, NULL, WWWURL_NUL_TERMINATED, &out));
        EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_link(H_CFG, base, NULL, 4, &out));
        EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_link(H_CFG, base, "x", WWWURL_NUL_TERMINATED, NULL));
        EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_dup(base, NULL));
    }
    h_case_begin(g, NULL, NULL);
    CHECK(g, "*out untouched by failing calls", NULL, out == sentinel_url());
    h_case_end(g);

    /* WWWURL_ERR_INVALID_ARGUMENT: flags, codecs, prefixes, limits */
    if (base) {
        EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                      wwwurl_set(base, WWWURL_PART_NAME, "http://x/", WWWURL_NUL_TERMINATED));
        EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                      wwwurl_set(base, WWWURL_PART_PORT, "8o", WWWURL_NUL_TERMINATED));
        EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                      wwwurl_set(base, 99, "x", WWWURL_NUL_TERMINATED));
        EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT, wwwurl_cache_file(base, '\0', buf, sizeof buf, &needed));
        EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT, wwwurl_cache_file(base, '/', buf, sizeof buf, &needed));
        EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT, wwwurl_cache_file_dup(base, '/', &sout, NULL));
        EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT, wwwurl_cache_file_dup(base, '\0', &sout, NULL));
        EXPECT_STATUS(g, WWWURL_ERR_NULL, wwwurl_cache_file_dup(base, 'D', NULL, NULL));
    }
    EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                  wwwurl_transcode(6, "abc", WWWURL_NUL_TERMINATED, buf, sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                  wwwurl_transcode(0xffffffffu, "abc", 3, buf, sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                  wwwurl_rfc3986_split("a:b", 3, 1 /* the former WWWURL_FLAG_29H */, &comp));
    EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                  wwwurl_rfc3986_split("a:b", 3, 2 /* the former WWWURL_FLAG_29 */, &comp));
    EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                  wwwurl_rfc3986_split("a:b", 3, WWWURL_FLAG_BROWSER | 8, &comp));
    {
        struct wwwurl_config *c = NULL;
        if (wwwurl_config_new(&c) == WWWURL_OK) {
            EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT, wwwurl_config_set_max_input(c, 0));
            EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT, wwwurl_config_set_compat(c, 2));
            EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT, wwwurl_config_set_compat(c, 3));
            EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                          wwwurl_config_set_local_host(c, "", WWWURL_NUL_TERMINATED));
            EXPECT_STATUS(g, WWWURL_ERR_INVALID_ARGUMENT,
                          wwwurl_config_set_default_port(c, "http", WWWURL_NUL_TERMINATED, 65536));
            /* nothing changed: the config still gives the defaults */
            u = NULL;
            EXPECT_STATUS(g, WWWURL_OK, wwwurl_parse(c, "/x", WWWURL_NUL_TERMINATED, &u));
            h_case_begin(g, NULL, NULL);
            CHECK_CSTR(g, "refused setters change nothing", NULL, "http://localhost:8080/x",
                       wwwurl_get(u, WWWURL_PART_NAME, NULL));
            h_case_end(g);
            wwwurl_free(u);
            /* WWWURL_ERR_CONFIG_IN_USE: a setter after the first use */
            EXPECT_STATUS(g, WWWURL_ERR_CONFIG_IN_USE, wwwurl_config_set_max_input(c, 16));
            wwwurl_config_free(c);
        }
    }
    h_case_begin(g, NULL, NULL);
    CHECK(g, "wwwurl_transcode_dup unknown codec", "6",
          wwwurl_transcode_dup(6, "abc", 3, NULL) == NULL);
    CHECK(g, "*out untouched by failing calls", NULL, out == sentinel_url());
    h_case_end(g);

    /* WWWURL_ERR_TOO_LONG with a config limit of 16 bytes: 16 pass, 17 do not */
    {
    struct wwwurl_config *c16 = NULL;
    const struct wwwurl_config *lim;
    EXPECT_STATUS(g, WWWURL_OK, wwwurl_config_new(&c16));
    EXPECT_STATUS(g, WWWURL_OK, wwwurl_config_set_max_input(c16, 16));
    lim = c16;
    u = NULL;
    EXPECT_STATUS(g, WWWURL_OK, wwwurl_parse(lim, "http://h/0123456", WWWURL_NUL_TERMINATED, &u));
    wwwurl_free(u);
    EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                  wwwurl_parse(lim, "http://h/01234567", WWWURL_NUL_TERMINATED, &out));
    EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG, wwwurl_parse(lim, "http://h/01234567", 17, &out));
    EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                  wwwurl_create(lim, "http", "h", "/0123456789abcdef", NULL, NULL, NULL, &out));
    EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                  wwwurl_create(lim, "http", "h", "/", "0123456789abcdefg", NULL, NULL, &out));
    EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                  wwwurl_create(lim, "http", "h", "/", NULL, "0123456789abcdefg", NULL, &out));
    EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                  wwwurl_create(lim, "http", "h", "/", NULL, "u", "0123456789abcdefg", &out));
    /* the functions without a config: the fixed limit WWWURL_DEFAULT_MAX_INPUT,
     * whatever a config says */
    EXPECT_STATUS(g, WWWURL_OK,
                  wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, "0123456789abcdefg",
                                   WWWURL_NUL_TERMINATED, buf, sizeof buf, &needed));
    EXPECT_STATUS(g, WWWURL_OK,
                  wwwurl_rfc3986_split("http://h/01234567", WWWURL_NUL_TERMINATED, 0, &comp));
    {
        size_t big = (size_t)WWWURL_DEFAULT_MAX_INPUT + 1;
        char *huge = malloc(big + 1);
        if (huge) {
            memset(huge, 'a', big);
            huge[big] = '\0';
            EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                          wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, huge, big, buf, sizeof buf,
                                           &needed));
            EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                          wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, huge, WWWURL_NUL_TERMINATED,
                                           buf, sizeof buf, &needed));
            EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                          wwwurl_rfc3986_split(huge, big, 0, &comp));
            EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG, wwwurl_parse(NULL, huge, big, &out));
            /* exactly the limit passes */
            u = NULL;
            EXPECT_STATUS(g, WWWURL_OK, wwwurl_parse(NULL, huge, big - 1, &u));
            wwwurl_free(u);
            free(huge);
        }
    }
    if (base) {
        EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                      wwwurl_link(lim, base, "0123456789abcdefg", WWWURL_NUL_TERMINATED, &out));
        u = NULL;
        /* a handle keeps its config's limit */
        if (wwwurl_parse(lim, "http://h/", WWWURL_NUL_TERMINATED, &u) == WWWURL_OK) {
            EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                          wwwurl_set(u, WWWURL_PART_PATH, "/0123456789abcdefg",
                                     WWWURL_NUL_TERMINATED));
            EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                          wwwurl_set_userinfo(u, "0123456789abcdefg", NULL));
            EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                          wwwurl_set_userinfo(u, NULL, "0123456789abcdefg"));
            wwwurl_free(u);
        }
    }
    h_case_begin(g, NULL, NULL);
    CHECK(g, "*out untouched by failing calls", NULL, out == sentinel_url());
    h_case_end(g);
    wwwurl_config_free(c16);
    }
    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "WWWURL_DEFAULT_MAX_INPUT", NULL, 8 << 20, WWWURL_DEFAULT_MAX_INPUT);
    h_case_end(g);

    /* WWWURL_ERR_BUFFER_TOO_SMALL: exact *needed, nothing written at or past cap */
    {
        static const char enc[] = "a b/c"; /* URLEncodePath: "a%20b/c", 7 bytes + NUL */
        char small[8 + GUARD_LEN];
        size_t cap;

        for (cap = 0; cap <= 8; cap++) {
            char in[32];
            snprintf(in, sizeof in, "cap %zu", cap);
            h_case_begin(g, NULL, NULL);
            memset(small, GUARD_BYTE, sizeof small);
            needed = 0;
            st = wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, enc, WWWURL_NUL_TERMINATED,
                                  cap ? small : NULL, cap, &needed);
            CHECK_STATUS(g, "wwwurl_transcode(ENCODE_PATH, \"a b/c\")", in,
                         cap == 8 ? WWWURL_OK : WWWURL_ERR_BUFFER_TOO_SMALL, st);
            CHECK_INT(g, "wwwurl_transcode *needed", in, 8, needed);
            {
                size_t k;
                int clean = 1;
                for (k = cap; k < sizeof small; k++)
                    if ((unsigned char)small[k] != GUARD_BYTE)
                        clean = 0;
                CHECK(g, "no byte written at or past cap", in, clean);
            }
            if (cap == 8)
                CHECK_CSTR(g, "wwwurl_transcode", in, "a%20b/c", small);
            h_case_end(g);
        }
        /* needed may be NULL */
        EXPECT_STATUS(g, WWWURL_ERR_BUFFER_TOO_SMALL,
                      wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, enc, WWWURL_NUL_TERMINATED,
                                       small, 3, NULL));
        EXPECT_STATUS(g, WWWURL_OK,
                      wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, enc, WWWURL_NUL_TERMINATED,
                                       small, 8, NULL));
    }
    if (base) {
        /* "http/www.example.com/U" + 22 = 44 bytes + NUL */
        char path[45 + GUARD_LEN];
        char *hash = MakeHash("http://www.example.com/a?b");
        char want[64];
        size_t cap;

        snprintf(want, sizeof want, "http/www.example.com/U%s", hash ? hash : "?");
        free(hash);
        for (cap = 0; cap <= 45; cap += (cap < 40 ? 20 : 1)) {
            char in[32];
            snprintf(in, sizeof in, "cap %zu", cap);
            h_case_begin(g, NULL, NULL);
            memset(path, GUARD_BYTE, sizeof path);
            needed = 0;
            st = wwwurl_cache_file(base, 'U', cap ? path : NULL, cap, &needed);
            CHECK_STATUS(g, "wwwurl_cache_file(u, 'U')", in,
                         cap == 45 ? WWWURL_OK : WWWURL_ERR_BUFFER_TOO_SMALL, st);
            CHECK_INT(g, "wwwurl_cache_file *needed", in, 45, needed);
            {
                size_t k;
                int clean = 1;
                for (k = cap; k < sizeof path; k++)
                    if ((unsigned char)path[k] != GUARD_BYTE)
                        clean = 0;
                CHECK(g, "no byte written at or past cap", in, clean);
            }
            if (cap == 45)
                CHECK_CSTR(g, "wwwurl_cache_file", in, want, path);
            h_case_end(g);
        }
    }

    /* WWWURL_ERR_NOT_ABSOLUTE, WWWURL_ERR_UNSUPPORTED_SCHEME */
    {
        char *o = (char *)sentinel_url();
        EXPECT_STATUS(g, WWWURL_ERR_NOT_ABSOLUTE,
                      wwwurl_rfc3986_resolve("a/b", WWWURL_NUL_TERMINATED, "c",
                                             WWWURL_NUL_TERMINATED, &o));
        EXPECT_STATUS(g, WWWURL_ERR_NOT_ABSOLUTE,
                      wwwurl_rfc3986_resolve("//h/p", WWWURL_NUL_TERMINATED, "c",
                                             WWWURL_NUL_TERMINATED, &o));
        EXPECT_STATUS(g, WWWURL_ERR_NOT_ABSOLUTE,
                      wwwurl_webcapture_canonical("c/d", WWWURL_NUL_TERMINATED, NULL, 0, &o));
        EXPECT_STATUS(g, WWWURL_ERR_NOT_ABSOLUTE,
                      wwwurl_webcapture_canonical("c/d", WWWURL_NUL_TERMINATED, "/a/b",
                                                  WWWURL_NUL_TERMINATED, &o));
        EXPECT_STATUS(g, WWWURL_ERR_UNSUPPORTED_SCHEME,
                      wwwurl_webcapture_canonical("gopher://h/", WWWURL_NUL_TERMINATED, NULL, 0,
                                                  &o));
        EXPECT_STATUS(g, WWWURL_ERR_UNSUPPORTED_SCHEME,
                      wwwurl_webcapture_canonical("mailto:x@y", WWWURL_NUL_TERMINATED, NULL, 0,
                                                  &o));
        EXPECT_STATUS(g, WWWURL_ERR_NULL,
                      wwwurl_rfc3986_resolve("http://a/", WWWURL_NUL_TERMINATED, "b",
                                             WWWURL_NUL_TERMINATED, NULL));
        EXPECT_STATUS(g, WWWURL_ERR_NULL,
                      wwwurl_webcapture_canonical(NULL, WWWURL_NUL_TERMINATED, NULL, 0, &o));
        {
            /* the functions without a config refuse more than WWWURL_DEFAULT_MAX_INPUT */
            size_t big = (size_t)WWWURL_DEFAULT_MAX_INPUT + 1;
            char *huge = malloc(big + 1);
            if (huge) {
                memcpy(huge, "http://a/", 9);
                memset(huge + 9, 'a', big - 9);
                huge[big] = '\0';
                EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                              wwwurl_rfc3986_resolve(huge, WWWURL_NUL_TERMINATED, "b",
                                                     WWWURL_NUL_TERMINATED, &o));
                EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                              wwwurl_rfc3986_resolve("http://a/", WWWURL_NUL_TERMINATED,
                                                     huge, WWWURL_NUL_TERMINATED, &o));
                EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                              wwwurl_webcapture_canonical(huge, big, NULL, 0, &o));
                EXPECT_STATUS(g, WWWURL_ERR_TOO_LONG,
                              wwwurl_webcapture_canonical("x", WWWURL_NUL_TERMINATED, huge,
                                                          WWWURL_NUL_TERMINATED, &o));
                free(huge);
            }
        }
        h_case_begin(g, NULL, NULL);
        CHECK(g, "*out untouched by failing calls", NULL, o == (char *)sentinel_url());
        h_case_end(g);
    }

    /* WWWURL_ERR_NO_MEMORY and WWWURL_ERR_PANIC cannot be provoked from
     * outside the library. */
    wwwurl_free(base);
}

static void t_strerror(hgroup *g, const char *dir)
{
    static const int codes[] = {
        WWWURL_OK, WWWURL_ERR_NULL, WWWURL_ERR_TOO_LONG, WWWURL_ERR_BUFFER_TOO_SMALL,
        WWWURL_ERR_INVALID_ARGUMENT, WWWURL_ERR_NO_MEMORY, WWWURL_ERR_PANIC,
        WWWURL_ERR_NOT_ABSOLUTE, WWWURL_ERR_UNSUPPORTED_SCHEME, WWWURL_ERR_UNSAFE_PATH,
        WWWURL_ERR_CONFIG_IN_USE, WWWURL_ERR_INVALID_URL, WWWURL_ERR_INVALID_BASE,
        WWWURL_ERR_IGNORED, WWWURL_ERR_PORT_IGNORED, WWWURL_ERR_NO_IDNA, WWWURL_ERR_NOT_FOUND,
        WWWURL_ERR_HOLDS_NUL, WWWURL_ERR_NO_DOMAIN, WWWURL_ERR_INVALID_LIST,
        WWWURL_ERR_INVALID_PATTERN, WWWURL_ERR_BUDGET, -1,
    };
    static const int unknown[] = {-1, 22, 23, 1000, INT_MAX, INT_MIN, 7000};
    const char *msgs[sizeof codes / sizeof codes[0]];
    const char *unk = wwwurl_strerror(-1);
    size_t k, j;

    (void)dir;
    for (k = 0; codes[k] >= 0; k++) {
        const char *m = wwwurl_strerror(codes[k]);
        h_case_begin(g, NULL, NULL);
        msgs[k] = m;
        CHECK_INT(g, "status number", st_name(codes[k]), k, codes[k]);
        CHECK(g, "wwwurl_strerror", st_name(codes[k]), m != NULL && m[0] != '\0');
        CHECK(g, "wwwurl_strerror of a known code is not the unknown message", st_name(codes[k]),
              m != NULL && unk != NULL && strcmp(m, unk) != 0);
        for (j = 0; j < k; j++)
            CHECK(g, "wwwurl_strerror messages are distinct", st_name(codes[k]),
                  m != NULL && msgs[j] != NULL && strcmp(m, msgs[j]) != 0);
        h_case_end(g);
    }
    for (k = 0; k < sizeof unknown / sizeof unknown[0]; k++) {
        char in[32];
        snprintf(in, sizeof in, "%d", unknown[k]);
        h_case_begin(g, NULL, NULL);
        CHECK_CSTR(g, "wwwurl_strerror(unknown)", in, "unknown status",
                   wwwurl_strerror(unknown[k]));
        CHECK_CSTR(g, "wwwurl_status_name(unknown)", in, "(unknown status)",
                   wwwurl_status_name(unknown[k]));
        h_case_end(g);
    }
    /* The C name of a status, exactly. */
    h_case_begin(g, NULL, NULL);
    CHECK_CSTR(g, "wwwurl_status_name", "WWWURL_OK", "WWWURL_OK", wwwurl_status_name(WWWURL_OK));
    CHECK_CSTR(g, "wwwurl_status_name", "WWWURL_ERR_UNSAFE_PATH", "WWWURL_ERR_UNSAFE_PATH",
               wwwurl_status_name(WWWURL_ERR_UNSAFE_PATH));
    CHECK_CSTR(g, "wwwurl_status_name", "WWWURL_ERR_NOT_FOUND", "WWWURL_ERR_NOT_FOUND",
               wwwurl_status_name(WWWURL_ERR_NOT_FOUND));
    h_case_end(g);
}

/* the version string and the macros agree, composite number included */
#if WWWURL_VERSION_NUMBER != WWWURL_VERSION_MAJOR * 10000 + WWWURL_VERSION_MINOR * 100 + WWWURL_VERSION_PATCH
#error "WWWURL_VERSION_NUMBER does not match MAJOR/MINOR/PATCH"
#endif

static void t_version(hgroup *g, const char *dir)
{
    char parts[64];
    const char *v = wwwurl_version();
    int maj = -1, min = -1, pat = -1;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    CHECK_CSTR(g, "wwwurl_version()", NULL, WWWURL_VERSION_STRING, v);
    snprintf(parts, sizeof parts, "%d.%d.%d", WWWURL_VERSION_MAJOR, WWWURL_VERSION_MINOR,
             WWWURL_VERSION_PATCH);
    /* a pre-release suffix ("-rc1") may follow the three numbers */
    CHECK(g, "WWWURL_VERSION_STRING starts with MAJOR.MINOR.PATCH", WWWURL_VERSION_STRING,
          strncmp(WWWURL_VERSION_STRING, parts, strlen(parts)) == 0 &&
              (WWWURL_VERSION_STRING[strlen(parts)] == '\0' ||
               WWWURL_VERSION_STRING[strlen(parts)] == '-'));
    CHECK(g, "WWWURL_VERSION_STRING parses", WWWURL_VERSION_STRING,
          sscanf(WWWURL_VERSION_STRING, "%d.%d.%d", &maj, &min, &pat) == 3);
    CHECK_INT(g, "WWWURL_VERSION_NUMBER", WWWURL_VERSION_STRING, maj * 10000 + min * 100 + pat,
              WWWURL_VERSION_NUMBER);
    CHECK(g, "minor and patch below 100", WWWURL_VERSION_STRING,
          WWWURL_VERSION_MINOR < 100 && WWWURL_VERSION_PATCH < 100);
    CHECK(g, "wwwurl_version() is static", NULL, wwwurl_version() == v);
    h_case_end(g);
}

/* absent parts: NULL with length 0; unknown parts likewise */
static void t_get(hgroup *g, const char *dir)
{
    static const struct {
        const char *url;
        wwwurl_part part;
        const char *want; /* NULL: absent */
    } rows[] = {
        {"http://www.example.com/", WWWURL_PART_ARGS, NULL},
        {"http://www.example.com/", WWWURL_PART_USER, NULL},
        {"http://www.example.com/", WWWURL_PART_PASS, NULL},
        {"http://www.example.com/", WWWURL_PART_ORIGINAL_ARGS, NULL},
        {"http://www.example.com/?", WWWURL_PART_ARGS, NULL},
        {"http://www.example.com/?", WWWURL_PART_ORIGINAL_ARGS, ""},
        {"http://u@www.example.com/", WWWURL_PART_PASS, NULL},
        {"http://u@www.example.com/", WWWURL_PART_USER, "u"},
        {"http://u:p@www.example.com/", WWWURL_PART_FILE, "http://u:p@www.example.com/"},
        {"http://www.example.com/", WWWURL_PART_ORIGINAL_NAME, "http://www.example.com/"},
        {"http://www.example.com/", 12, NULL},
        {"http://www.example.com/", 0xffffffffu, NULL},
        {"http://www.example.com:81/x", WWWURL_PART_HOST, "www.example.com"},
        {"http://www.example.com:81/x", WWWURL_PART_HOSTPORT, "www.example.com:81"},
        {NULL, 0, NULL},
    };
    int k;

    (void)dir;
    for (k = 0; rows[k].url; k++) {
        wwwurl_url *u = NULL;
        size_t len = 777;
        const char *p;
        char in[96];
        int st;

        snprintf(in, sizeof in, "%s part %u", rows[k].url, rows[k].part);
        h_case_begin(g, NULL, NULL);
        st = wwwurl_parse(H_CFG, rows[k].url, WWWURL_NUL_TERMINATED, &u);
        if (CHECK_STATUS(g, "wwwurl_parse", in, WWWURL_OK, st)) {
            p = wwwurl_get(u, rows[k].part, &len);
            CHECK_CSTR(g, "wwwurl_get", in, rows[k].want, p);
            CHECK_INT(g, "wwwurl_get length", in, h_slen(rows[k].want), len);
            CHECK(g, "wwwurl_get with a NULL length", in,
                  wwwurl_get(u, rows[k].part, NULL) == p);
        }
        wwwurl_free(u);
        h_case_end(g);
    }
    h_case_begin(g, NULL, NULL);
    {
        size_t len = 777;
        CHECK(g, "wwwurl_get(NULL)", NULL, wwwurl_get(NULL, WWWURL_PART_NAME, &len) == NULL);
        CHECK_INT(g, "wwwurl_get(NULL) length", NULL, 0, len);
        CHECK_INT(g, "wwwurl_port(NULL)", NULL, -1, wwwurl_port(NULL));
    }
    h_case_end(g);
}

/* parse: the URL ends at its first NUL byte; the input is copied; a NULL
 * pointer with length 0 is the empty input */
static void t_parse_contract(hgroup *g, const char *dir)
{
    wwwurl_url *a = NULL, *b = NULL;
    char *s;
    int st;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    st = wwwurl_parse(H_CFG, "http://a/b\0http://c/d", 21, &a);
    if (CHECK_STATUS(g, "wwwurl_parse with a NUL inside len", NULL, WWWURL_OK, st))
        CHECK_CSTR(g, "wwwurl_parse stops at NUL", NULL, "http://a/b",
                   wwwurl_get(a, WWWURL_PART_NAME, NULL));
    wwwurl_free(a);
    a = NULL;
    h_case_end(g);

    h_case_begin(g, NULL, NULL);
    s = malloc(32);
    strcpy(s, "http://h/x?y=1");
    st = wwwurl_parse(H_CFG, s, WWWURL_NUL_TERMINATED, &a);
    memset(s, 'Z', 31);
    free(s);
    if (CHECK_STATUS(g, "wwwurl_parse", NULL, WWWURL_OK, st))
        CHECK_CSTR(g, "the handle keeps its own copy", NULL, "http://h/x?y=1",
                   wwwurl_get(a, WWWURL_PART_NAME, NULL));
    h_case_end(g);

    h_case_begin(g, NULL, NULL);
    st = wwwurl_parse(H_CFG, NULL, 0, &b);
    if (CHECK_STATUS(g, "wwwurl_parse(NULL, 0)", NULL, WWWURL_OK, st))
        CHECK_CSTR(g, "wwwurl_parse(NULL, 0) is the empty URL", NULL, "http://localhost:8080/",
                   wwwurl_get(b, WWWURL_PART_NAME, NULL));
    wwwurl_free(b);
    b = NULL;
    h_case_end(g);

    /* set_userinfo invalidates nothing else: the name stays the same */
    h_case_begin(g, NULL, NULL);
    if (a) {
        st = wwwurl_set_userinfo(a, "us%65r", "p");
        if (CHECK_STATUS(g, "wwwurl_set_userinfo", NULL, WWWURL_OK, st)) {
            CHECK_CSTR(g, "user decoded", NULL, "user", wwwurl_get(a, WWWURL_PART_USER, NULL));
            CHECK_CSTR(g, "file", NULL, "http://user:p@h/x?y=1",
                       wwwurl_get(a, WWWURL_PART_FILE, NULL));
        }
        st = wwwurl_set_userinfo(a, NULL, NULL);
        if (CHECK_STATUS(g, "wwwurl_set_userinfo(NULL, NULL)", NULL, WWWURL_OK, st)) {
            CHECK(g, "user removed", NULL, wwwurl_get(a, WWWURL_PART_USER, NULL) == NULL);
            CHECK_CSTR(g, "file", NULL, "http://h/x?y=1", wwwurl_get(a, WWWURL_PART_FILE, NULL));
        }
    } else {
        h_fail(g, __FILE__, __LINE__, "no handle to test wwwurl_set_userinfo");
    }
    wwwurl_free(a);
    h_case_end(g);

    /* the config decides the mode; the legacy settings never matter, and
     * NULL is the library's own mode (2.9h in libwwwurl-29h) */
    {
        static const struct {
            unsigned legacy;
            int cfg; /* -1: NULL, else the compat of harness_config */
            const char *args;
        } rows[] = {
            {WWWURL_COMPAT_29, -1, NULL},
            {WWWURL_COMPAT_29, WWWURL_COMPAT_29H, "a&amp;b"},
            {WWWURL_COMPAT_29, WWWURL_COMPAT_29, "a&b"},
            {WWWURL_COMPAT_29H, -1, NULL},
            {WWWURL_COMPAT_29H, WWWURL_COMPAT_29, "a&b"},
            {WWWURL_COMPAT_29H, WWWURL_COMPAT_29H, "a&amp;b"},
            {99, 0, NULL},
        };
        const char *lib_default = H_LAYOUT_29H ? "a&amp;b" : "a&b";
        int k;
        for (k = 0; rows[k].legacy != 99; k++) {
            wwwurl_url *u = NULL;
            char in[48];
            snprintf(in, sizeof in, "legacy compat %u, config %d", rows[k].legacy, rows[k].cfg);
            h_case_begin(g, NULL, NULL);
            CHECK_STATUS(g, "wwwurl_legacy_configure", in, WWWURL_OK,
                         wwwurl_legacy_configure(harness_config(rows[k].legacy)));
            st = wwwurl_parse(rows[k].cfg >= 0 ? harness_config((wwwurl_compat)rows[k].cfg) : NULL,
                              "http://h/?a&amp;b", WWWURL_NUL_TERMINATED, &u);
            if (CHECK_STATUS(g, "wwwurl_parse(\"http://h/?a&amp;b\")", in, WWWURL_OK, st))
                CHECK_CSTR(g, "args", in, rows[k].args ? rows[k].args : lib_default,
                           wwwurl_get(u, WWWURL_PART_ARGS, NULL));
            wwwurl_free(u);
            h_case_end(g);
        }
        wwwurl_legacy_configure(H_CFG29);
    }
}

/* wwwurl_rfc3986_split: a few rows of the documented rules */
static void t_rfc3986(hgroup *g, const char *dir)
{
    static const struct {
        const char *in;
        uint32_t flags;
        /* scheme authority userinfo user password host port path query fragment */
        const char *want;
    } rows[] = {
        {"http://user:pw@host:80/p?q#f", 0, "http | user:pw@host:80 | user:pw | user | pw | host | 80 | /p | q | f"},
        {"a:b", 0, "a | \\N | \\N | \\N | \\N | \\N | \\N | b | \\N | \\N"},
        {"", 0, "\\N | \\N | \\N | \\N | \\N | \\N | \\N |  | \\N | \\N"},
        {"?#", 0, "\\N | \\N | \\N | \\N | \\N | \\N | \\N |  |  | "},
        {"//[::1]:8/x", 0, "\\N | [::1]:8 | \\N | \\N | \\N | [::1] | 8 | /x | \\N | \\N"},
        {"http://h:/", 0, "http | h: | \\N | \\N | \\N | h |  | / | \\N | \\N"},
        {"http://a@b@c:1:2/", 0, "http | a@b@c:1:2 | a@b | a@b | \\N | c:1 | 2 | / | \\N | \\N"},
        {"http://u:@h", 0, "http | u:@h | u: | u |  | h | \\N |  | \\N | \\N"},
        {"mailto:x@y", 0, "mailto | \\N | \\N | \\N | \\N | \\N | \\N | x@y | \\N | \\N"},
        {"/a/b?c", 0, "\\N | \\N | \\N | \\N | \\N | \\N | \\N | /a/b | c | \\N"},
        {" http://h/p ", WWWURL_FLAG_BROWSER, "http | h | \\N | \\N | \\N | h | \\N | /p | \\N | \\N"},
        {NULL, 0, NULL},
    };
    hbuf got;
    int k;

    (void)dir;
    hb_init(&got);
    for (k = 0; rows[k].in; k++) {
        wwwurl_components c;
        const wwwurl_component *parts[10];
        size_t n = strlen(rows[k].in), j;
        int st, zero = 1;
        hbuf want;

        memset(&c, 0xAB, sizeof c);
        h_case_begin(g, NULL, NULL);
        st = wwwurl_rfc3986_split(rows[k].in, n, rows[k].flags, &c);
        if (CHECK_STATUS(g, "wwwurl_rfc3986_split", rows[k].in, WWWURL_OK, st)) {
            parts[0] = &c.scheme;
            parts[1] = &c.authority;
            parts[2] = &c.userinfo;
            parts[3] = &c.user;
            parts[4] = &c.password;
            parts[5] = &c.host;
            parts[6] = &c.port;
            parts[7] = &c.path;
            parts[8] = &c.query;
            parts[9] = &c.fragment;
            hb_reset(&got);
            for (j = 0; j < 10; j++) {
                if (j)
                    hb_puts(&got, " | ");
                if (parts[j]->present != 1) {
                    hb_puts(&got, "\\N");
                    if (parts[j]->present != 0 || parts[j]->offset != 0 || parts[j]->len != 0)
                        zero = 0;
                } else if (parts[j]->offset > n || parts[j]->len > n - parts[j]->offset) {
                    hb_printf(&got, "(out of range %zu+%zu)", parts[j]->offset, parts[j]->len);
                } else {
                    hb_esc(&got, rows[k].in + parts[j]->offset, parts[j]->len);
                }
            }
            hb_init(&want);
            hb_puts(&want, rows[k].want);
            CHECK_DUMP(g, "wwwurl_rfc3986_split", rows[k].in, &want, &got, NULL);
            CHECK(g, "absent components have offset 0, len 0, present 0", rows[k].in, zero);
            hb_free(&want);
        }
        h_case_end(g);
    }
    hb_free(&got);
}

/* args: {base, reference} */
static int resolve_buf(const void *ctx, char *buf, size_t cap, size_t *needed)
{
    const char *const *a = ctx;
    return wwwurl_rfc3986_resolve_buf(a[0], WWWURL_NUL_TERMINATED, a[1], WWWURL_NUL_TERMINATED,
                                      buf, cap, needed);
}

/* args: {url, base} */
static int webcapture_buf(const void *ctx, char *buf, size_t cap, size_t *needed)
{
    const char *const *a = ctx;
    return wwwurl_webcapture_canonical_buf(a[0], WWWURL_NUL_TERMINATED, a[1],
                                           WWWURL_NUL_TERMINATED, buf, cap, needed);
}

/* wwwurl_rfc3986_resolve: the examples of RFC 3986 section 5.4 */
static void t_resolve(hgroup *g, const char *dir)
{
    static const char base[] = "http://a/b/c/d;p?q";
    static const struct {
        const char *ref, *want;
    } rows[] = {
        /* 5.4.1 normal examples */
        {"g:h", "g:h"},
        {"g", "http://a/b/c/g"},
        {"./g", "http://a/b/c/g"},
        {"g/", "http://a/b/c/g/"},
        {"/g", "http://a/g"},
        {"//g", "http://g"},
        {"?y", "http://a/b/c/d;p?y"},
        {"g?y", "http://a/b/c/g?y"},
        {"#s", "http://a/b/c/d;p?q#s"},
        {"g#s", "http://a/b/c/g#s"},
        {"g?y#s", "http://a/b/c/g?y#s"},
        {";x", "http://a/b/c/;x"},
        {"g;x", "http://a/b/c/g;x"},
        {"g;x?y#s", "http://a/b/c/g;x?y#s"},
        {"", "http://a/b/c/d;p?q"},
        {".", "http://a/b/c/"},
        {"./", "http://a/b/c/"},
        {"..", "http://a/b/"},
        {"../", "http://a/b/"},
        {"../g", "http://a/b/g"},
        {"../..", "http://a/"},
        {"../../", "http://a/"},
        {"../../g", "http://a/g"},
        /* 5.4.2 abnormal examples */
        {"../../../g", "http://a/g"},
        {"../../../../g", "http://a/g"},
        {"/./g", "http://a/g"},
        {"/../g", "http://a/g"},
        {"g.", "http://a/b/c/g."},
        {".g", "http://a/b/c/.g"},
        {"g..", "http://a/b/c/g.."},
        {"..g", "http://a/b/c/..g"},
        {"./../g", "http://a/b/g"},
        {"./g/.", "http://a/b/c/g/"},
        {"g/./h", "http://a/b/c/g/h"},
        {"g/../h", "http://a/b/c/h"},
        {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
        {"g;x=1/../y", "http://a/b/c/y"},
        {"g?y/./x", "http://a/b/c/g?y/./x"},
        {"g?y/../x", "http://a/b/c/g?y/../x"},
        {"g#s/./x", "http://a/b/c/g#s/./x"},
        {"g#s/../x", "http://a/b/c/g#s/../x"},
        {"http:g", "http:g"},
        /* no byte decoded or encoded */
        {"%2e%2E/x y", "http://a/b/c/%2e%2E/x y"},
        {NULL, NULL},
    };
    int k;

    (void)dir;
    for (k = 0; rows[k].ref; k++) {
        char *out = NULL, *bare;
        size_t n = strlen(rows[k].ref);
        int st;

        h_case_begin(g, NULL, NULL);
        st = wwwurl_rfc3986_resolve(base, WWWURL_NUL_TERMINATED, rows[k].ref,
                                    WWWURL_NUL_TERMINATED, &out);
        if (CHECK_STATUS(g, "wwwurl_rfc3986_resolve", rows[k].ref, WWWURL_OK, st))
            CHECK_CSTR(g, "wwwurl_rfc3986_resolve", rows[k].ref, rows[k].want, out);
        wwwurl_string_free(out);
        /* explicit lengths, no terminators */
        out = NULL;
        bare = malloc(n ? n : 1);
        memcpy(bare, rows[k].ref, n);
        {
            char *b = malloc(sizeof base - 1);
            memcpy(b, base, sizeof base - 1);
            st = wwwurl_rfc3986_resolve(b, sizeof base - 1, bare, n, &out);
            free(b);
        }
        if (CHECK_STATUS(g, "wwwurl_rfc3986_resolve(len)", rows[k].ref, WWWURL_OK, st))
            CHECK_CSTR(g, "wwwurl_rfc3986_resolve(len)", rows[k].ref, rows[k].want, out);
        wwwurl_string_free(out);
        free(bare);
        {
            const char *args[2];
            args[0] = base;
            args[1] = rows[k].ref;
            check_buf_form(g, "wwwurl_rfc3986_resolve_buf", rows[k].ref, resolve_buf, args,
                           WWWURL_OK, rows[k].want);
        }
        h_case_end(g);
    }
}

/* args: {base, target} */
static int relative_buf(const void *ctx, char *buf, size_t cap, size_t *needed)
{
    const char *const *a = ctx;
    return wwwurl_rfc3986_make_relative_buf(a[0], WWWURL_NUL_TERMINATED, a[1],
                                            WWWURL_NUL_TERMINATED, buf, cap, needed);
}

/* wwwurl_rfc3986_make_relative: the shortest reference back, both forms,
 * and that it resolves back to the target */
static void t_make_relative(hgroup *g, const char *dir)
{
    static const struct {
        const char *base, *target, *want;
        int st;
    } rows[] = {
        {"http://a/b/c/d;p?q", "http://a/b/c/g", "g", WWWURL_OK},
        {"http://a/b/c/d;p?q", "http://a/b/g", "../g", WWWURL_OK},
        {"http://a/b/c/d;p?q", "http://a/g", "/g", WWWURL_OK},
        {"http://a/b/c/d;p?q", "http://a/b/c/d;p?q", "", WWWURL_OK},
        {"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#s", "#s", WWWURL_OK},
        {"http://a/b/c/d;p?q", "http://a/b/c/d;p?y", "?y", WWWURL_OK},
        {"http://a/b/c/d;p?q", "http://a/b/c/", ".", WWWURL_OK},
        {"http://a/b/c/d;p?q", "http://a/b/c/g:h", "./g:h", WWWURL_OK},
        {"http://a/b/c/d;p?q", "http://x/b/c/g", "//x/b/c/g", WWWURL_OK},
        {"http://a/b/c/d;p?q", "https://a/b/c/g", "https://a/b/c/g", WWWURL_OK},
        {"http://a/b/c/d;p?q", "g/./../h", "h", WWWURL_OK},
        {"a/b", "http://a/", NULL, WWWURL_ERR_NOT_ABSOLUTE},
        {NULL, NULL, NULL, 0},
    };
    int k;

    (void)dir;
    for (k = 0; rows[k].base; k++) {
        char *out = NULL, *back = NULL, *want_back = NULL;
        const char *args[2];
        int st;

        h_case_begin(g, NULL, NULL);
        st = wwwurl_rfc3986_make_relative(rows[k].base, WWWURL_NUL_TERMINATED, rows[k].target,
                                          WWWURL_NUL_TERMINATED, &out);
        if (CHECK_STATUS(g, "wwwurl_rfc3986_make_relative", rows[k].target, rows[k].st, st) &&
            st == WWWURL_OK) {
            CHECK_CSTR(g, "wwwurl_rfc3986_make_relative", rows[k].target, rows[k].want, out);
            wwwurl_rfc3986_resolve(rows[k].base, WWWURL_NUL_TERMINATED, out,
                                   WWWURL_NUL_TERMINATED, &back);
            wwwurl_rfc3986_resolve(rows[k].base, WWWURL_NUL_TERMINATED, rows[k].target,
                                   WWWURL_NUL_TERMINATED, &want_back);
            CHECK_CSTR(g, "resolves back", rows[k].target, want_back, back);
        } else {
            CHECK(g, "*out untouched", rows[k].target, out == NULL);
        }
        wwwurl_string_free(out);
        wwwurl_string_free(back);
        wwwurl_string_free(want_back);
        args[0] = rows[k].base;
        args[1] = rows[k].target;
        check_buf_form(g, "wwwurl_rfc3986_make_relative_buf", rows[k].target, relative_buf, args,
                       rows[k].st, rows[k].want);
        h_case_end(g);
    }
}

struct norm_args {
    const char *s;
    unsigned mask;
};

static int normalize_buf(const void *ctx, char *buf, size_t cap, size_t *needed)
{
    const struct norm_args *a = ctx;
    return wwwurl_rfc3986_normalize_buf(a->s, WWWURL_NUL_TERMINATED, a->mask, buf, cap, needed);
}

/* wwwurl_rfc3986_normalize: RFC 3986 section 6.2.2's examples, the mask,
 * both forms */
static void t_normalize(hgroup *g, const char *dir)
{
    static const struct {
        const char *s;
        unsigned mask;
        const char *want;
        int st;
    } rows[] = {
        {"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", WWWURL_NORMALIZE_SYNTAX,
         "example://a/b/c/%7Bfoo%7D", WWWURL_OK},
        {"HTTP://www.EXAMPLE.com/", WWWURL_NORMALIZE_SYNTAX, "http://www.example.com/", WWWURL_OK},
        {"HTTP://www.EXAMPLE.com/", WWWURL_NORMALIZE_SCHEME, "http://www.EXAMPLE.com/", WWWURL_OK},
        {"HTTP://www.EXAMPLE.com/", WWWURL_NORMALIZE_HOST, "HTTP://www.example.com/", WWWURL_OK},
        {"http://h/%7e/./a?%7e#%7e", WWWURL_NORMALIZE_PATH, "http://h/~/a?%7e#%7e", WWWURL_OK},
        {"http://h/%7e/./a?%7e#%7e", WWWURL_NORMALIZE_QUERY, "http://h/%7e/./a?~#%7e", WWWURL_OK},
        {"http://h/%7e/./a?%7e#%7e", WWWURL_NORMALIZE_FRAGMENT, "http://h/%7e/./a?%7e#~",
         WWWURL_OK},
        {"http://%7e%3a@h/", WWWURL_NORMALIZE_USERINFO, "http://~%3A@h/", WWWURL_OK},
        {"http://h:80", WWWURL_NORMALIZE_ALL, "http://h/", WWWURL_OK},
        {"http://h:80", WWWURL_NORMALIZE_SYNTAX, "http://h:80", WWWURL_OK},
        {"http://h:/", WWWURL_NORMALIZE_DEFAULT_PORT, "http://h/", WWWURL_OK},
        {"../a/./b", WWWURL_NORMALIZE_ALL, "../a/./b", WWWURL_OK},
        {"http://h/", 256, NULL, WWWURL_ERR_INVALID_ARGUMENT},
        {NULL, 0, NULL, 0},
    };
    int k;

    (void)dir;
    for (k = 0; rows[k].s; k++) {
        char *out = NULL;
        struct norm_args a;
        int st;

        h_case_begin(g, NULL, NULL);
        st = wwwurl_rfc3986_normalize(rows[k].s, WWWURL_NUL_TERMINATED, rows[k].mask, &out);
        if (CHECK_STATUS(g, "wwwurl_rfc3986_normalize", rows[k].s, rows[k].st, st) &&
            st == WWWURL_OK)
            CHECK_CSTR(g, "wwwurl_rfc3986_normalize", rows[k].s, rows[k].want, out);
        else
            CHECK(g, "*out untouched", rows[k].s, out == NULL);
        wwwurl_string_free(out);
        a.s = rows[k].s;
        a.mask = rows[k].mask;
        check_buf_form(g, "wwwurl_rfc3986_normalize_buf", rows[k].s, normalize_buf, &a,
                       rows[k].st, rows[k].want);
        h_case_end(g);
    }
}

/* args: {base, spec} */
static int browser_resolve_buf(const void *ctx, char *buf, size_t cap, size_t *needed)
{
    const char *const *a = ctx;
    return wwwurl_browser_resolve_buf(a[0], WWWURL_NUL_TERMINATED, a[1], WWWURL_NUL_TERMINATED,
                                      buf, cap, needed);
}

/* wwwurl_browser_resolve, the WHATWG URL Standard's parser: one case of
 * each kind of the browser URL parsing draft's section 4 (where the two
 * agree), and some of the Standard's own rules, both forms */
static void t_browser_resolve(hgroup *g, const char *dir)
{
    static const struct {
        const char *base, *spec, *want;
        int st;
    } rows[] = {
        {"http://a/b/c/d;p?q#f", "", "http://a/b/c/d;p?q", WWWURL_OK},
        {"http://a/b/c/d;p?q#f", " \t g \n", "http://a/b/c/g", WWWURL_OK},
        {"http://a/b/c/d;p?q#f", "http:g", "http://a/b/c/g", WWWURL_OK},
        {"http://a/b/c/d;p?q#f", "https:\\\\x\\y", "https://x/y", WWWURL_OK},
        {"http://a/b/c/d;p?q#f", "\\\\g\\x", "http://g/x", WWWURL_OK},
        {"http://a/b/c/d;p?q#f", "\\g", "http://a/g", WWWURL_OK},
        {"http://a/b/c/d;p?q#f", "?y", "http://a/b/c/d;p?y", WWWURL_OK},
        {"http://a/b/c/d;p?q#f", "#s", "http://a/b/c/d;p?q#s", WWWURL_OK},
        {"http://a/b/c/d;p?q#f", "../g", "http://a/b/g", WWWURL_OK},
        {"mailto:a@b", "#s", "mailto:a@b#s", WWWURL_OK},
        {"mailto:a@b", "c", NULL, WWWURL_ERR_INVALID_URL},
        {"/a/b", "c", NULL, WWWURL_ERR_INVALID_BASE},
        /* The Standard's host, port and percent-encoding rules. */
        {"http://a/", "HTTP://EXAMPLE.com:80/%7e/a b", "http://example.com/%7e/a%20b", WWWURL_OK},
        {"http://a/", "//B\xc3\xbc" "cher.example/", "http://xn--bcher-kva.example/", WWWURL_OK},
        {"http://a/", "http://0x7f.1/", "http://127.0.0.1/", WWWURL_OK},
        {"http://a/", "http://a<b/", NULL, WWWURL_ERR_INVALID_URL},
        {"http://a/", "http://h:99999/", NULL, WWWURL_ERR_INVALID_URL},
        {"file:///C:/a/b", "/c", "file:///C:/c", WWWURL_OK},
        {NULL, NULL, NULL, 0},
    };
    int k;

    (void)dir;
    for (k = 0; rows[k].base; k++) {
        char *out = NULL;
        const char *args[2];
        int st;

        h_case_begin(g, NULL, NULL);
        st = wwwurl_browser_resolve(rows[k].base, WWWURL_NUL_TERMINATED, rows[k].spec,
                                    WWWURL_NUL_TERMINATED, &out);
        if (CHECK_STATUS(g, "wwwurl_browser_resolve", rows[k].spec, rows[k].st, st) &&
            st == WWWURL_OK)
            CHECK_CSTR(g, "wwwurl_browser_resolve", rows[k].spec, rows[k].want, out);
        else
            CHECK(g, "*out untouched", rows[k].spec, out == NULL);
        wwwurl_string_free(out);
        args[0] = rows[k].base;
        args[1] = rows[k].spec;
        check_buf_form(g, "wwwurl_browser_resolve_buf", rows[k].spec, browser_resolve_buf, args,
                       rows[k].st, rows[k].want);
        h_case_end(g);
    }
}

/* wwwurl_webcapture_canonical: the rules its documentation lists */
static void t_webcapture(hgroup *g, const char *dir)
{
    static const struct {
        const char *url, *base, *want;
        int st;
    } rows[] = {
        {"HTTP://WWW.Example.COM/a", NULL, "http://www.example.com/a", WWWURL_OK},
        {"http://h/a#frag", NULL, "http://h/a", WWWURL_OK},
        {"http://h:80/a", NULL, "http://h/a", WWWURL_OK},
        {"https://h:443/a", NULL, "https://h/a", WWWURL_OK},
        {"ftp://h:21/a", NULL, "ftp://h/a", WWWURL_OK},
        {"http://h:8080/a", NULL, "http://h:8080/a", WWWURL_OK},
        {"https://h:80/a", NULL, "https://h:80/a", WWWURL_OK},
        {"file://localhost/etc/x", NULL, "file:///etc/x", WWWURL_OK},
        {"http://h/a/./b/../c", NULL, "http://h/a/c", WWWURL_OK},
        {"http://h/%7Euser/%41", NULL, "http://h/%7Euser/%41", WWWURL_OK},
        {"c/d", "http://h/a/b", "http://h/a/c/d", WWWURL_OK},
        {"../d#x", "http://H/a/b/c", "http://h/a/d", WWWURL_OK},
        {"/x", "https://h:443/a", "https://h/x", WWWURL_OK},
        {"c/d", NULL, NULL, WWWURL_ERR_NOT_ABSOLUTE},
        {"gopher://h/", NULL, NULL, WWWURL_ERR_UNSUPPORTED_SCHEME},
        {"mailto:a@b", NULL, NULL, WWWURL_ERR_UNSUPPORTED_SCHEME},
        {NULL, NULL, NULL, 0},
    };
    int k;

    (void)dir;
    for (k = 0; rows[k].url; k++) {
        char *out = NULL;
        char in[128];
        int st;

        snprintf(in, sizeof in, "%s (base %s)", rows[k].url, rows[k].base ? rows[k].base : "NULL");
        h_case_begin(g, NULL, NULL);
        st = wwwurl_webcapture_canonical(rows[k].url, WWWURL_NUL_TERMINATED, rows[k].base,
                                         WWWURL_NUL_TERMINATED, &out);
        if (CHECK_STATUS(g, "wwwurl_webcapture_canonical", in, rows[k].st, st) &&
            st == WWWURL_OK)
            CHECK_CSTR(g, "wwwurl_webcapture_canonical", in, rows[k].want, out);
        if (st == WWWURL_OK)
            wwwurl_string_free(out);
        else
            CHECK(g, "*out untouched", in, out == NULL);
        {
            const char *args[2];
            args[0] = rows[k].url;
            args[1] = rows[k].base;
            check_buf_form(g, "wwwurl_webcapture_canonical_buf", in, webcapture_buf, args,
                           rows[k].st, rows[k].want);
        }
        h_case_end(g);
    }
}

/* ---- configs ------------------------------------------------------------------- */

static const char *name_of(const struct wwwurl_config *c, const char *url)
{
    static char buf[256];
    wwwurl_url *u = NULL;
    const char *n;
    if (wwwurl_parse(c, url, WWWURL_NUL_TERMINATED, &u) != WWWURL_OK)
        return "(parse failed)";
    n = wwwurl_get(u, WWWURL_PART_FILE, NULL);
    snprintf(buf, sizeof buf, "%s", n ? n : "(null)");
    wwwurl_free(u);
    return buf;
}

#define NT WWWURL_NUL_TERMINATED

/* wwwurl_config_*: defaults equal NULL, each setter's effect on parse,
 * create and link, refusal after first use, dup, lifetimes */
static void t_config(hgroup *g, const char *dir)
{
    static const char *const urls[] = {
        "/x", "http://h:80/", "http://h:8080/", "https://h:443/a", "ftp://h:21/",
        "finger://h:79/", "gopher://h:70/", "http://h/?a=1&amp;b=2", "HTTP://U:P@H/a/../b?c", NULL,
    };
    struct wwwurl_config *c = NULL, *d = NULL, *e = NULL;
    wwwurl_url *u = NULL, *b = NULL, *l = NULL;
    const char *lib_amp = H_LAYOUT_29H ? "http://h/?a=1&amp;b=2" : "http://h/?a=1&b=2";
    size_t k;

    (void)dir;
    /* a new config gives what NULL gives */
    h_case_begin(g, NULL, NULL);
    if (CHECK_STATUS(g, "wwwurl_config_new", NULL, WWWURL_OK, wwwurl_config_new(&c))) {
        for (k = 0; urls[k]; k++) {
            char want[256];
            snprintf(want, sizeof want, "%s", name_of(NULL, urls[k]));
            CHECK_CSTR(g, "a new config = NULL", urls[k], want, name_of(c, urls[k]));
        }
        CHECK_CSTR(g, "NULL config: local host", "/x", "http://localhost:8080/x",
                   name_of(NULL, "/x"));
        CHECK_CSTR(g, "NULL config: mode of the library", "?a=1&amp;b=2", lib_amp,
                   name_of(NULL, "http://h/?a=1&amp;b=2"));
        CHECK_CSTR(g, "NULL config: default ports", NULL, "https://h/a",
                   name_of(NULL, "https://h:443/a"));
        CHECK_STATUS(g, "a setter after use", NULL, WWWURL_ERR_CONFIG_IN_USE,
                     wwwurl_config_set_compat(c, WWWURL_COMPAT_29));
        /* a copy of a used config (or of NULL) can be changed */
        CHECK_STATUS(g, "wwwurl_config_dup", NULL, WWWURL_OK, wwwurl_config_dup(c, &d));
        CHECK_STATUS(g, "setter on the copy", NULL, WWWURL_OK,
                     wwwurl_config_set_local_host(d, "copy:1", NT));
        CHECK_CSTR(g, "the copy's local host", "/x", "http://copy:1/x", name_of(d, "/x"));
        CHECK_CSTR(g, "the original's", "/x", "http://localhost:8080/x", name_of(c, "/x"));
        CHECK_STATUS(g, "wwwurl_config_dup(NULL)", NULL, WWWURL_OK, wwwurl_config_dup(NULL, &e));
        CHECK_STATUS(g, "setter on a copy of NULL", NULL, WWWURL_OK,
                     wwwurl_config_set_compat(e, WWWURL_COMPAT_29H));
        CHECK_CSTR(g, "a copy of NULL in 2.9h", NULL, "http://h/?a=1&amp;b=2",
                   name_of(e, "http://h/?a=1&amp;b=2"));
        wwwurl_config_free(e);
        e = NULL;
        /* the copy of a frozen copy keeps its settings */
        CHECK_STATUS(g, "wwwurl_config_dup of a changed copy", NULL, WWWURL_OK,
                     wwwurl_config_dup(d, &e));
        CHECK_CSTR(g, "a copy keeps the local host", "/x", "http://copy:1/x", name_of(e, "/x"));
    }
    wwwurl_config_free(c);
    wwwurl_config_free(d);
    wwwurl_config_free(e);
    c = d = e = NULL;
    wwwurl_config_free(NULL);
    h_case_end(g);

    /* local host */
    h_case_begin(g, NULL, NULL);
    if (wwwurl_config_new(&c) == WWWURL_OK) {
        CHECK_STATUS(g, "wwwurl_config_set_local_host", NULL, WWWURL_OK,
                     wwwurl_config_set_local_host(c, "proxy.example:3128xyz", 18));
        CHECK_CSTR(g, "parse /x", "/x", "http://proxy.example:3128/x", name_of(c, "/x"));
        CHECK_CSTR(g, "parse of the empty URL", "", "http://proxy.example:3128/", name_of(c, ""));
        CHECK_CSTR(g, "NULL still has localhost", "/x", "http://localhost:8080/x",
                   name_of(NULL, "/x"));
        CHECK_STATUS(g, "after use", NULL, WWWURL_ERR_CONFIG_IN_USE,
                     wwwurl_config_set_local_host(c, "other:1", NT));
        CHECK_CSTR(g, "refused setter changes nothing", "/x", "http://proxy.example:3128/x",
                   name_of(c, "/x"));
    }
    wwwurl_config_free(c);
    c = NULL;
    h_case_end(g);

    /* default ports: set, removed, per scheme, in parse, create and link */
    h_case_begin(g, NULL, NULL);
    if (wwwurl_config_new(&c) == WWWURL_OK) {
        CHECK_STATUS(g, "set_default_port(http, 8080)", NULL, WWWURL_OK,
                     wwwurl_config_set_default_port(c, "http", NT, 8080));
        CHECK_STATUS(g, "set_default_port(gopher, 70)", NULL, WWWURL_OK,
                     wwwurl_config_set_default_port(c, "GOPHERxx", 6, 70));
        CHECK_STATUS(g, "set_default_port(https, 0)", NULL, WWWURL_OK,
                     wwwurl_config_set_default_port(c, "https", NT, 0));
        CHECK_CSTR(g, "parse", NULL, "http://h/", name_of(c, "http://h:8080/"));
        CHECK_CSTR(g, "parse", NULL, "http://h:80/", name_of(c, "http://h:80/"));
        CHECK_CSTR(g, "parse", NULL, "gopher://h/", name_of(c, "gopher://h:70/"));
        CHECK_CSTR(g, "parse", NULL, "https://h:443/a", name_of(c, "https://h:443/a"));
        CHECK_CSTR(g, "parse", NULL, "ftp://h/", name_of(c, "ftp://h:21/"));
        CHECK_CSTR(g, "NULL unchanged", NULL, "http://h:8080/", name_of(NULL, "http://h:8080/"));
        if (CHECK_STATUS(g, "wwwurl_create", NULL, WWWURL_OK,
                         wwwurl_create(c, "http", "h:8080", "/", NULL, NULL, NULL, &u)))
            CHECK_CSTR(g, "create", NULL, "http://h/", wwwurl_get(u, WWWURL_PART_NAME, NULL));
        if (u && CHECK_STATUS(g, "wwwurl_link", NULL, WWWURL_OK,
                              wwwurl_link(c, u, "//k:8080/z", NT, &l)))
            CHECK_CSTR(g, "link", NULL, "http://k/z", wwwurl_get(l, WWWURL_PART_NAME, NULL));
        wwwurl_free(l);
        l = NULL;
        /* a handle outlives its config; wwwurl_set still uses its default ports */
        wwwurl_config_free(c);
        c = NULL;
        if (u) {
            CHECK_STATUS(g, "wwwurl_set port 8080 after the config is freed", NULL, WWWURL_OK,
                         wwwurl_set(u, WWWURL_PART_PORT, "8080", NT));
            CHECK_CSTR(g, "the freed config's default port goes", NULL, "http://h/",
                       wwwurl_get(u, WWWURL_PART_NAME, NULL));
            CHECK_STATUS(g, "wwwurl_set port 80", NULL, WWWURL_OK,
                         wwwurl_set(u, WWWURL_PART_PORT, "80", NT));
            CHECK_CSTR(g, "80 is not its default", NULL, "http://h:80/",
                       wwwurl_get(u, WWWURL_PART_NAME, NULL));
            CHECK_STATUS(g, "wwwurl_dup", NULL, WWWURL_OK, wwwurl_dup(u, &b));
            wwwurl_free(u);
            u = NULL;
            if (b) {
                CHECK_STATUS(g, "wwwurl_set scheme gopher on a copy", NULL, WWWURL_OK,
                             wwwurl_set(b, WWWURL_PART_SCHEME, "gopher", NT));
                CHECK_STATUS(g, "wwwurl_set port 70 on a copy", NULL, WWWURL_OK,
                             wwwurl_set(b, WWWURL_PART_PORT, "70", NT));
                CHECK_CSTR(g, "the copy keeps the config", NULL, "gopher://h/",
                           wwwurl_get(b, WWWURL_PART_NAME, NULL));
                CHECK_STATUS(g, "wwwurl_set_userinfo", NULL, WWWURL_OK,
                             wwwurl_set_userinfo(b, "u", NULL));
                CHECK_CSTR(g, "wwwurl_set_userinfo with the config", NULL, "gopher://u@h/",
                           wwwurl_get(b, WWWURL_PART_FILE, NULL));
            }
        }
    }
    wwwurl_free(u);
    wwwurl_free(b);
    u = b = NULL;
    h_case_end(g);

    /* compat */
    h_case_begin(g, NULL, NULL);
    {
        wwwurl_compat modes[2] = {WWWURL_COMPAT_29, WWWURL_COMPAT_29H};
        const char *want[2] = {"http://h/?a=1&b=2", "http://h/?a=1&amp;b=2"};
        int m;
        for (m = 0; m < 2; m++) {
            if (wwwurl_config_new(&c) != WWWURL_OK)
                continue;
            CHECK_STATUS(g, "wwwurl_config_set_compat", NULL, WWWURL_OK,
                         wwwurl_config_set_compat(c, modes[m]));
            CHECK_CSTR(g, "parse ?a=1&amp;b=2", NULL, want[m],
                       name_of(c, "http://h/?a=1&amp;b=2"));
            if (CHECK_STATUS(g, "wwwurl_create", NULL, WWWURL_OK,
                             wwwurl_create(c, "http", "h", "/", "a=1&amp;b=2", NULL, NULL, &u)))
                CHECK_CSTR(g, "create", NULL, want[m], wwwurl_get(u, WWWURL_PART_NAME, NULL));
            if (u && CHECK_STATUS(g, "wwwurl_link", NULL, WWWURL_OK,
                                  wwwurl_link(c, u, "?a=1&amp;b=2", NT, &l)))
                CHECK_CSTR(g, "link", NULL, want[m], wwwurl_get(l, WWWURL_PART_NAME, NULL));
            wwwurl_free(l);
            wwwurl_free(u);
            u = l = NULL;
            CHECK_STATUS(g, "set_compat after use", NULL, WWWURL_ERR_CONFIG_IN_USE,
                         wwwurl_config_set_compat(c, modes[1 - m]));
            CHECK_CSTR(g, "unchanged", NULL, want[m], name_of(c, "http://h/?a=1&amp;b=2"));
            wwwurl_config_free(c);
            c = NULL;
        }
    }
    h_case_end(g);

    /* max input */
    h_case_begin(g, NULL, NULL);
    if (wwwurl_config_new(&c) == WWWURL_OK) {
        CHECK_STATUS(g, "wwwurl_config_set_max_input(10)", NULL, WWWURL_OK,
                     wwwurl_config_set_max_input(c, 10));
        CHECK_STATUS(g, "10 bytes", NULL, WWWURL_OK, wwwurl_parse(c, "http://h/x", NT, &u));
        CHECK_STATUS(g, "11 bytes", NULL, WWWURL_ERR_TOO_LONG,
                     wwwurl_parse(c, "http://h/xy", NT, &b));
        CHECK(g, "*out untouched", NULL, b == NULL);
        CHECK_STATUS(g, "create: 11-byte path", NULL, WWWURL_ERR_TOO_LONG,
                     wwwurl_create(c, "http", "h", "/0123456789", NULL, NULL, NULL, &b));
        if (u)
            CHECK_STATUS(g, "link: 11 bytes", NULL, WWWURL_ERR_TOO_LONG,
                         wwwurl_link(c, u, "/0123456789", NT, &b));
        CHECK_STATUS(g, "NULL config: 11 bytes", NULL, WWWURL_OK,
                     wwwurl_parse(NULL, "http://h/xy", NT, &b));
        CHECK_STATUS(g, "set_max_input after use", NULL, WWWURL_ERR_CONFIG_IN_USE,
                     wwwurl_config_set_max_input(c, 100));
        wwwurl_free(b);
        b = NULL;
        CHECK_STATUS(g, "still 10", NULL, WWWURL_ERR_TOO_LONG,
                     wwwurl_parse(c, "http://h/xy", NT, &b));
        wwwurl_free(u);
        u = NULL;
    }
    wwwurl_config_free(c);
    c = NULL;
    h_case_end(g);

    /* every setter is refused once the config was read, by any function */
    {
        static const char *const users[] = {"parse", "create", "link", "dup", "legacy_configure",
                                            NULL};
        int i;
        for (i = 0; users[i]; i++) {
            struct wwwurl_config *x = NULL, *y = NULL;
            h_case_begin(g, NULL, NULL);
            if (!CHECK_STATUS(g, "wwwurl_config_new", users[i], WWWURL_OK, wwwurl_config_new(&x))) {
                h_case_end(g);
                continue;
            }
            if (i == 2)
                wwwurl_parse(NULL, "http://h/", NT, &b);
            switch (i) {
            case 0: CHECK_STATUS(g, "use", users[i], WWWURL_OK, wwwurl_parse(x, "/x", NT, &u)); break;
            case 1: CHECK_STATUS(g, "use", users[i], WWWURL_OK,
                                 wwwurl_create(x, "http", "h", "/", NULL, NULL, NULL, &u)); break;
            case 2: CHECK_STATUS(g, "use", users[i], WWWURL_OK, wwwurl_link(x, b, "y", NT, &u)); break;
            case 3: CHECK_STATUS(g, "use", users[i], WWWURL_OK, wwwurl_config_dup(x, &y)); break;
            default: CHECK_STATUS(g, "use", users[i], WWWURL_OK, wwwurl_legacy_configure(x)); break;
            }
            CHECK_STATUS(g, "set_local_host", users[i], WWWURL_ERR_CONFIG_IN_USE,
                         wwwurl_config_set_local_host(x, "a:1", NT));
            CHECK_STATUS(g, "set_default_port", users[i], WWWURL_ERR_CONFIG_IN_USE,
                         wwwurl_config_set_default_port(x, "http", NT, 1));
            CHECK_STATUS(g, "set_compat", users[i], WWWURL_ERR_CONFIG_IN_USE,
                         wwwurl_config_set_compat(x, WWWURL_COMPAT_29H));
            CHECK_STATUS(g, "set_max_input", users[i], WWWURL_ERR_CONFIG_IN_USE,
                         wwwurl_config_set_max_input(x, 5));
            CHECK_CSTR(g, "nothing changed", users[i], "http://localhost:8080/x", name_of(x, "/x"));
            if (y) {
                CHECK_STATUS(g, "the copy is changeable", users[i], WWWURL_OK,
                             wwwurl_config_set_max_input(y, 5));
            }
            wwwurl_free(u);
            wwwurl_free(b);
            u = b = NULL;
            wwwurl_config_free(y);
            wwwurl_config_free(x);
            h_case_end(g);
        }
        wwwurl_legacy_configure(H_CFG29);
    }
}

/* The setters that copy bytes refuse more than the config's input limit
 * with WWWURL_ERR_TOO_LONG, and without reading them: the first calls pass
 * a length of the default limit + 1 with a 4-byte buffer, past which ASan
 * and valgrind see any read. */
static void t_config_limits(hgroup *g, const char *dir)
{
    struct wwwurl_config *c = NULL;
    const size_t over = (size_t)WWWURL_DEFAULT_MAX_INPUT + 1;
    char *tiny = malloc(4);

    (void)dir;
    h_case_begin(g, NULL, NULL);
    if (CHECK(g, "malloc", NULL, tiny != NULL) &&
        CHECK_STATUS(g, "wwwurl_config_new", NULL, WWWURL_OK, wwwurl_config_new(&c))) {
        memcpy(tiny, "abcd", 4);
        CHECK_STATUS(g, "set_local_host", "limit + 1", WWWURL_ERR_TOO_LONG,
                     wwwurl_config_set_local_host(c, tiny, over));
        CHECK_STATUS(g, "set_default_port", "limit + 1", WWWURL_ERR_TOO_LONG,
                     wwwurl_config_set_default_port(c, tiny, over, 70));
        CHECK_STATUS(g, "add_strip_param", "limit + 1", WWWURL_ERR_TOO_LONG,
                     wwwurl_config_add_strip_param(c, tiny, over));
        CHECK_STATUS(g, "add_strip_prefix", "limit + 1", WWWURL_ERR_TOO_LONG,
                     wwwurl_config_add_strip_prefix(c, tiny, over));
        /* NULL with a length is NULL, whatever the length */
        CHECK_STATUS(g, "set_local_host", "NULL, limit + 1", WWWURL_ERR_NULL,
                     wwwurl_config_set_local_host(c, NULL, over));
        /* the config's own limit, in both forms of length */
        CHECK_STATUS(g, "set_max_input", "4", WWWURL_OK, wwwurl_config_set_max_input(c, 4));
        CHECK_STATUS(g, "set_local_host", "5 bytes, limit 4", WWWURL_ERR_TOO_LONG,
                     wwwurl_config_set_local_host(c, "ab:12", 5));
        CHECK_STATUS(g, "set_local_host", "5 bytes NUL-terminated, limit 4", WWWURL_ERR_TOO_LONG,
                     wwwurl_config_set_local_host(c, "ab:12", NT));
        CHECK_STATUS(g, "set_default_port", "gopher, limit 4", WWWURL_ERR_TOO_LONG,
                     wwwurl_config_set_default_port(c, "gopher", NT, 70));
        CHECK_STATUS(g, "set_local_host", "4 bytes, limit 4", WWWURL_OK,
                     wwwurl_config_set_local_host(c, tiny, 4));
        CHECK_STATUS(g, "set_default_port", "http, limit 4", WWWURL_OK,
                     wwwurl_config_set_default_port(c, "http", NT, 81));
        /* what was refused changed nothing */
        CHECK_CSTR(g, "the local host set", "/x", "http://abcd/x", name_of(c, "/x"));
    }
    wwwurl_config_free(c);
    free(tiny);
    h_case_end(g);
}

/* ---- wwwurl_set ---------------------------------------------------------------- */

static const wwwurl_part all_parts[] = {
    WWWURL_PART_NAME, WWWURL_PART_FILE, WWWURL_PART_PROTO, WWWURL_PART_HOSTPORT,
    WWWURL_PART_HOST, WWWURL_PART_PATH, WWWURL_PART_ARGS, WWWURL_PART_USER, WWWURL_PART_PASS,
    WWWURL_PART_ORIGINAL_NAME, WWWURL_PART_ORIGINAL_PATH, WWWURL_PART_ORIGINAL_ARGS,
    WWWURL_PART_PORT,
};
#define N_ALL_PARTS (sizeof all_parts / sizeof all_parts[0])

/* every part, escaped and joined, and the port */
static void snapshot(hbuf *b, const wwwurl_url *u)
{
    size_t k, len;
    hb_reset(b);
    for (k = 0; k < N_ALL_PARTS; k++) {
        const char *p = wwwurl_get(u, all_parts[k], &len);
        hb_esc(b, p, p ? len : 0);
        hb_puts(b, " | ");
    }
    hb_printf(b, "%d", wwwurl_port(u));
}

static void t_set(hgroup *g, const char *dir)
{
    static const char base[] = "http://u:p@h:81/a?q";
    static const struct {
        wwwurl_part part;
        const char *value;
        const char *href;  /* NULL: refused, the handle unchanged */
    } rows[] = {
        {WWWURL_PART_SCHEME, "FTP", "ftp://u:p@h:81/a?q"},
        {WWWURL_PART_PROTO, "https", "https://u:p@h:81/a?q"},
        {WWWURL_PART_USER, "a b", "http://a%20b:p@h:81/a?q"},
        {WWWURL_PART_USERNAME, "x%41", "http://xA:p@h:81/a?q"},
        {WWWURL_PART_USER, NULL, "http://h:81/a?q"},
        {WWWURL_PART_PASS, NULL, "http://u@h:81/a?q"},
        {WWWURL_PART_PASSWORD, "s:t", "http://u:s%3At@h:81/a?q"},
        {WWWURL_PART_HOST, "EX.org", "http://u:p@ex.org:81/a?q"},
        {WWWURL_PART_HOST, "[::1]", "http://u:p@[0:0:0:0:0:0:0:1]:81/a?q"},
        {WWWURL_PART_PORT, "80", "http://u:p@h/a?q"},
        {WWWURL_PART_PORT, "8080", "http://u:p@h:8080/a?q"},
        {WWWURL_PART_PORT, NULL, "http://u:p@h/a?q"},
        {WWWURL_PART_PATH, "/x/../y z", "http://u:p@h:81/y%20z?q"},
        {WWWURL_PART_PATH, "", "http://u:p@h:81/?q"},
        {WWWURL_PART_QUERY, "a b", "http://u:p@h:81/a?a+b"},
        {WWWURL_PART_ARGS, "", "http://u:p@h:81/a"}, /* as wwwurl_create makes it */
        {WWWURL_PART_QUERY, NULL, "http://u:p@h:81/a"},
        {WWWURL_PART_PORT, "8o", NULL},
        {WWWURL_PART_PORT, "65536", NULL},
        {WWWURL_PART_PORT, "", NULL},
        {WWWURL_PART_PORT, "-1", NULL},
        {WWWURL_PART_PORT, "123456", NULL},
        {WWWURL_PART_HOST, "a/b", NULL},
        {WWWURL_PART_HOST, "u@h", NULL},
        {WWWURL_PART_HOST, "h:80", NULL},
        {WWWURL_PART_HOST, "", NULL},
        {WWWURL_PART_HOST, "a b", NULL},
        {WWWURL_PART_HOST, "a?b", NULL},
        {WWWURL_PART_HOST, "a#b", NULL},
        {WWWURL_PART_HOST, "a\\b", NULL},
        {WWWURL_PART_HOST, NULL, NULL},
        {WWWURL_PART_SCHEME, "", NULL},
        {WWWURL_PART_SCHEME, "ht tp", NULL},
        {WWWURL_PART_SCHEME, "a/b", NULL},
        {WWWURL_PART_SCHEME, NULL, NULL},
        {WWWURL_PART_PATH, NULL, NULL},
        {WWWURL_PART_USER, "a%00b", NULL},
        {WWWURL_PART_PASS, "%00", NULL},
        {WWWURL_PART_NAME, "http://x/", NULL},
        {WWWURL_PART_FILE, "http://x/", NULL},
        {WWWURL_PART_HREF, "http://x/", NULL},
        {WWWURL_PART_HOSTPORT, "x:1", NULL},
        {WWWURL_PART_ORIGINAL_NAME, "x", NULL},
        {WWWURL_PART_ORIGINAL_PATH, "/x", NULL},
        {WWWURL_PART_ORIGINAL_ARGS, "x", NULL},
        {WWWURL_PART_NAME, NULL, NULL},
        {99, "x", NULL},
        {(wwwurl_part)-1, "x", NULL},
        {0, NULL, NULL},
    };
    hbuf before, after;
    size_t k;

    (void)dir;
    hb_init(&before);
    hb_init(&after);
    /* WWWURL_PART_PORT via wwwurl_get */
    {
        static const struct { const char *url, *port; } ports[] = {
            {"http://h:81/", "81"}, {"http://h/", NULL}, {"http://h:80/", NULL},
            {"http://[::1]:9/", "9"}, {"ftp://h:22/", "22"}, {NULL, NULL},
        };
        for (k = 0; ports[k].url; k++) {
            wwwurl_url *u = NULL;
            size_t len = 99;
            h_case_begin(g, NULL, NULL);
            if (CHECK_STATUS(g, "wwwurl_parse", ports[k].url, WWWURL_OK,
                             wwwurl_parse(H_CFG, ports[k].url, NT, &u))) {
                const char *p = wwwurl_get(u, WWWURL_PART_PORT, &len);
                CHECK_CSTR(g, "wwwurl_get(PORT)", ports[k].url, ports[k].port, p);
                CHECK_INT(g, "wwwurl_get(PORT) length", ports[k].url, h_slen(ports[k].port), len);
            }
            wwwurl_free(u);
            h_case_end(g);
        }
    }
    for (k = 0; rows[k].part || rows[k].value || rows[k].href; k++) {
        wwwurl_url *u = NULL;
        char in[96];
        int st;
        snprintf(in, sizeof in, "part %u = %s%s%s", (unsigned)rows[k].part,
                 rows[k].value ? "\"" : "", rows[k].value ? rows[k].value : "NULL",
                 rows[k].value ? "\"" : "");
        h_case_begin(g, NULL, NULL);
        if (!CHECK_STATUS(g, "wwwurl_parse", base, WWWURL_OK, wwwurl_parse(H_CFG, base, NT, &u))) {
            h_case_end(g);
            continue;
        }
        snapshot(&before, u);
        st = wwwurl_set(u, rows[k].part, rows[k].value, NT);
        snapshot(&after, u);
        if (rows[k].href) {
            if (CHECK_STATUS(g, "wwwurl_set", in, WWWURL_OK, st)) {
                const char *href = wwwurl_get(u, WWWURL_PART_HREF, NULL);
                const char *name = wwwurl_get(u, WWWURL_PART_NAME, NULL);
                CHECK_CSTR(g, "href", in, rows[k].href, href);
                /* the same with an explicit length */
                if (rows[k].value) {
                    wwwurl_url *v = NULL;
                    size_t n = strlen(rows[k].value);
                    char *bare = malloc(n + 1);
                    if (bare && wwwurl_parse(H_CFG, base, NT, &v) == WWWURL_OK) {
                        memcpy(bare, rows[k].value, n);
                        bare[n] = 'Z';
                        CHECK_STATUS(g, "wwwurl_set with a length", in, WWWURL_OK,
                                     wwwurl_set(v, rows[k].part, bare, n));
                        CHECK_CSTR(g, "href with a length", in, rows[k].href,
                                   wwwurl_get(v, WWWURL_PART_HREF, NULL));
                    }
                    free(bare);
                    wwwurl_free(v);
                }
                (void)name;
            }
        } else {
            CHECK_STATUS(g, "wwwurl_set", in, WWWURL_ERR_INVALID_ARGUMENT, st);
            CHECK_CSTR(g, "every part byte-identical", in, before.p, after.p);
        }
        wwwurl_free(u);
        h_case_end(g);
    }
    /* the name follows: scheme "://" hostport path ["?" query], no user */
    h_case_begin(g, NULL, NULL);
    {
        wwwurl_url *u = NULL;
        if (wwwurl_parse(H_CFG, base, NT, &u) == WWWURL_OK) {
            CHECK_STATUS(g, "host", NULL, WWWURL_OK, wwwurl_set(u, WWWURL_PART_HOST, "x.y", NT));
            CHECK_CSTR(g, "name", NULL, "http://x.y:81/a?q", wwwurl_get(u, WWWURL_PART_NAME, NULL));
            CHECK_CSTR(g, "hostport", NULL, "x.y:81", wwwurl_get(u, WWWURL_PART_HOSTPORT, NULL));
            CHECK_INT(g, "wwwurl_port", NULL, 81, wwwurl_port(u));
            CHECK_STATUS(g, "scheme ftp, port 21", NULL, WWWURL_OK,
                         wwwurl_set(u, WWWURL_PART_PORT, "21", NT));
            CHECK_STATUS(g, "scheme ftp", NULL, WWWURL_OK,
                         wwwurl_set(u, WWWURL_PART_SCHEME, "ftp", NT));
            CHECK_CSTR(g, "a port that is the new scheme's default goes", NULL,
                       "ftp://u:p@x.y/a?q", wwwurl_get(u, WWWURL_PART_FILE, NULL));
            CHECK(g, "no port", NULL, wwwurl_get(u, WWWURL_PART_PORT, NULL) == NULL);
            CHECK_STATUS(g, "NULL handle", NULL, WWWURL_ERR_NULL,
                         wwwurl_set(NULL, WWWURL_PART_HOST, "h", NT));
        }
        wwwurl_free(u);
    }
    h_case_end(g);
    hb_free(&before);
    hb_free(&after);
}

/* the configuration setters: accepted and refused values, and their effect */
static void t_setters(hgroup *g, const char *dir)
{
    static const struct {
        int which;          /* 0: set_local_host, 1: set_default_port */
        const char *arg;
        int port;
        int want;           /* return value */
        const char *url;    /* then parsed (NULL: nothing) */
        const char *name;   /* wanted name */
    } rows[] = {
        {0, "proxy.example:3128", 0, 0, "/x", "http://proxy.example:3128/x"},
        {0, "bad host", 0, WWWURL_ERR_INVALID_ARGUMENT, "/x", "http://proxy.example:3128/x"},
        {0, "", 0, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {0, "a/b", 0, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {0, "a?b", 0, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {0, "a#b", 0, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {0, "u@h", 0, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {0, "h\t", 0, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {0, "h\x7f", 0, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {0, "h\xc3\xa9", 0, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {0, "localhost:8080", 0, 0, "/x", "http://localhost:8080/x"},
        {1, "gopher", 70, 0, "gopher://h:70/", "gopher://h/"},
        {1, "GOPHER", 0, 0, "gopher://h:70/", "gopher://h:70/"},
        {1, "HTTP", 8080, 0, "http://h:8080/", "http://h/"},
        {1, "http", 80, 0, "http://h:80/", "http://h/"},
        {1, "x-y.z+1", 65535, 0, NULL, NULL},
        {1, "x-y.z+1", 0, 0, NULL, NULL},
        {1, "http", 65536, WWWURL_ERR_INVALID_ARGUMENT, "http://h:80/", "http://h/"},
        {1, "http", -1, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {1, "", 80, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {1, "ht tp", 80, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {1, "ht/tp", 80, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {1, "h\xc3\xa9", 80, WWWURL_ERR_INVALID_ARGUMENT, NULL, NULL},
        {0, NULL, 0, WWWURL_ERR_NULL, NULL, NULL},
        {1, NULL, 80, WWWURL_ERR_NULL, NULL, NULL},
        {-1, NULL, 0, 0, NULL, NULL},
    };
    int k, j;

    (void)dir;
    /* row k's setter runs on a new config after the setters of rows 0..k-1
     * (a config cannot change once used), then the config is used */
    for (k = 0; rows[k].which >= 0; k++) {
        char in[80];
        int r = -1;
        struct wwwurl_config *c = NULL;

        snprintf(in, sizeof in, "%s(\"%s\"%s%d)",
                 rows[k].which ? "wwwurl_config_set_default_port" : "wwwurl_config_set_local_host",
                 rows[k].arg ? rows[k].arg : "(NULL)", rows[k].which ? ", " : "",
                 rows[k].which ? rows[k].port : 0);
        h_case_begin(g, NULL, NULL);
        if (!CHECK_STATUS(g, "wwwurl_config_new", in, WWWURL_OK, wwwurl_config_new(&c))) {
            h_case_end(g);
            continue;
        }
        for (j = 0; j <= k; j++)
            r = rows[j].which ? wwwurl_config_set_default_port(c, rows[j].arg, WWWURL_NUL_TERMINATED,
                                                               rows[j].port)
                              : wwwurl_config_set_local_host(c, rows[j].arg, WWWURL_NUL_TERMINATED);
        CHECK_STATUS(g, "return value", in, rows[k].want, r);
        if (rows[k].url) {
            wwwurl_url *u = NULL;
            URL *l;
            int st = wwwurl_parse(c, rows[k].url, WWWURL_NUL_TERMINATED, &u);
            if (CHECK_STATUS(g, "wwwurl_parse", rows[k].url, WWWURL_OK, st))
                CHECK_CSTR(g, "then wwwurl_parse", rows[k].url, rows[k].name,
                           wwwurl_get(u, WWWURL_PART_NAME, NULL));
            wwwurl_free(u);
            CHECK_STATUS(g, "wwwurl_legacy_configure", in, WWWURL_OK, wwwurl_legacy_configure(c));
            l = SplitURL(rows[k].url);
            CHECK_CSTR(g, "then SplitURL", rows[k].url, rows[k].name, l ? l->name : NULL);
            FreeURL(l);
        }
        /* used now: every setter refuses, and nothing changes */
        if (!rows[k].url) {
            wwwurl_url *u = NULL;
            CHECK_STATUS(g, "a first use", in, WWWURL_OK, wwwurl_parse(c, "/", 1, &u));
            wwwurl_free(u);
        }
        r = rows[k].which ? wwwurl_config_set_default_port(c, "http", WWWURL_NUL_TERMINATED, 81)
                          : wwwurl_config_set_local_host(c, "other:1", WWWURL_NUL_TERMINATED);
        CHECK_STATUS(g, "a setter after use", in, WWWURL_ERR_CONFIG_IN_USE, r);
        if (rows[k].url) {
            wwwurl_url *u = NULL;
            int st = wwwurl_parse(c, rows[k].url, WWWURL_NUL_TERMINATED, &u);
            if (CHECK_STATUS(g, "wwwurl_parse", rows[k].url, WWWURL_OK, st))
                CHECK_CSTR(g, "unchanged after the refused setter", rows[k].url, rows[k].name,
                           wwwurl_get(u, WWWURL_PART_NAME, NULL));
            wwwurl_free(u);
        }
        wwwurl_config_free(c);
        h_case_end(g);
    }
    /* the defaults again */
    wwwurl_legacy_configure(H_CFG29);
}

/* ---- canonicalisation profiles ------------------------------------------- */

/* One field of a frozen profile vector (tests/profiles/README.md): `\t`,
 * `\n`, `\\` and `\xHH` decoded in place; returns its length. */
static size_t profile_field(char *s)
{
    size_t o = 0;
    for (size_t i = 0; s[i]; i++) {
        if (s[i] != '\\') {
            s[o++] = s[i];
        } else if (s[i + 1] == 't' || s[i + 1] == 'n' || s[i + 1] == '\\') {
            s[o++] = s[i + 1] == 't' ? '\t' : s[i + 1] == 'n' ? '\n' : '\\';
            i++;
        } else if (s[i + 1] == 'x' && s[i + 2] && s[i + 3]) {
            char hex[3] = {s[i + 2], s[i + 3], 0};
            s[o++] = (char)strtol(hex, NULL, 16);
            i += 3;
        }
    }
    s[o] = 0;
    return o;
}

/* Every frozen vector of every profile through both C forms: the C
 * function gives the bytes the core's tests freeze. */
static void t_canonicalize(hgroup *g, const char *dir)
{
    static const char *const files[] = {
        "cachekey/1", "rfc3986/1", "rfc3986-scheme/1", "safebrowsing/1", "surt/1", "surt/2",
        "webcapture/1", "whatwg/1", "wwwoffle-2.9/1", "wwwoffle-2.9h/1",
    };
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[512], name[64], line[65536];
        size_t rows = 0;
        snprintf(name, sizeof name, "%s", files[f]);
        *strchr(name, '/') = '-';
        snprintf(path, sizeof path, "%s/../profiles/%s.tsv", dir, name);
        FILE *fp = fopen(path, "r");
        h_case_begin(g, NULL, NULL);
        CHECK(g, path, "opens", fp != NULL);
        while (fp && fgets(line, sizeof line, fp)) {
            char *tab = strchr(line, '\t'), *nl = strchr(line, '\n');
            if (line[0] == '#' || !tab)
                continue;
            if (nl)
                *nl = 0;
            *tab = 0;
            size_t in_len = profile_field(line);
            char *want = tab + 1;
            int refused = want[0] == '!';
            if (!refused)
                profile_field(want);
            char *out = NULL, buf[8192];
            size_t needed = 0;
            wwwurl_status st = wwwurl_canonicalize(NULL, files[f], line, in_len, &out);
            wwwurl_status sb = wwwurl_canonicalize_buf(NULL, files[f], line, in_len, buf, sizeof buf,
                                                       &needed);
            if (refused) {
                CHECK_INT(g, files[f], line, WWWURL_ERR_INVALID_ARGUMENT, st);
                CHECK_INT(g, files[f], line, WWWURL_ERR_INVALID_ARGUMENT, sb);
            } else {
                CHECK_INT(g, files[f], line, WWWURL_OK, st);
                CHECK(g, files[f], line, out != NULL && strcmp(out, want) == 0);
                CHECK_INT(g, files[f], line, WWWURL_OK, sb);
                CHECK(g, files[f], line, sb != WWWURL_OK || strcmp(buf, want) == 0);
            }
            wwwurl_string_free(out);
            rows++;
        }
        CHECK(g, path, "holds more than 1,000 vectors", rows > 1000);
        if (fp)
            fclose(fp);
        h_case_end(g);
    }
    /* The bare name is the newest version; an unknown one is refused. */
    h_case_begin(g, NULL, NULL);
    char *a = NULL, *b = NULL;
    CHECK_INT(g, "surt", NULL, WWWURL_OK,
              wwwurl_canonicalize(NULL, "surt", "http://www.Archive.org:80/", WWWURL_NUL_TERMINATED, &a));
    CHECK_INT(g, "surt/1", NULL, WWWURL_OK,
              wwwurl_canonicalize(NULL, "surt/1", "http://www.Archive.org:80/", WWWURL_NUL_TERMINATED, &b));
    CHECK(g, "surt is surt/1", NULL, a && b && strcmp(a, b) == 0 && strcmp(a, "org,archive)/") == 0);
    wwwurl_string_free(a);
    wwwurl_string_free(b);
    a = NULL;
    CHECK_INT(g, "unknown profile", NULL, WWWURL_ERR_NOT_FOUND,
              wwwurl_canonicalize(NULL, "surt/0", "http://a/", WWWURL_NUL_TERMINATED, &a));
    CHECK_INT(g, "unknown profile", "surt/+1", WWWURL_ERR_NOT_FOUND,
              wwwurl_canonicalize(NULL, "surt/+1", "http://a/", WWWURL_NUL_TERMINATED, &a));
    CHECK(g, "unknown profile leaves *out", NULL, a == NULL);
    CHECK_INT(g, "a refused URL is not an unknown profile", NULL, WWWURL_ERR_INVALID_ARGUMENT,
              wwwurl_canonicalize(NULL, "whatwg", "/x", WWWURL_NUL_TERMINATED, &a));
    /* A NUL byte: encoded by the newest rfc3986 and cachekey, refused by
     * webcapture; the frozen version 1 keeps it, so its malloc form refuses
     * the result and its _buf form gives it whole. */
    {
        static const char *const encode[] = {"rfc3986", "rfc3986-scheme", "cachekey"};
        size_t k, needed = 0;
        char nb[32];
        for (k = 0; k < sizeof encode / sizeof encode[0]; k++) {
            CHECK_INT(g, encode[k], "http://h/\\0a", WWWURL_OK,
                      wwwurl_canonicalize(NULL, encode[k], "http://h/\0a", 11, &a));
            CHECK_CSTR(g, encode[k], "http://h/\\0a", "http://h/%00a", a);
            wwwurl_string_free(a);
            a = NULL;
        }
        CHECK_INT(g, "webcapture", "http://h/\\0a", WWWURL_ERR_INVALID_ARGUMENT,
                  wwwurl_canonicalize(NULL, "webcapture", "http://h/\0a", 11, &a));
        CHECK_INT(g, "rfc3986/1", "http://h/\\0a", WWWURL_ERR_HOLDS_NUL,
                  wwwurl_canonicalize(NULL, "rfc3986/1", "http://h/\0a", 11, &a));
        CHECK(g, "rfc3986/1 leaves *out", NULL, a == NULL);
        CHECK_INT(g, "rfc3986/1 _buf", "http://h/\\0a", WWWURL_OK,
                  wwwurl_canonicalize_buf(NULL, "rfc3986/1", "http://h/\0a", 11, nb, sizeof nb,
                                          &needed));
        CHECK(g, "rfc3986/1 _buf", "the NUL and what follows", needed == 12 &&
              memcmp(nb, "http://h/\0a", 12) == 0);
    }
    /* The config's local host reaches the wwwoffle profiles. */
    struct wwwurl_config *c = NULL;
    CHECK_INT(g, "config", NULL, WWWURL_OK, wwwurl_config_new(&c));
    CHECK_INT(g, "local host", NULL, WWWURL_OK,
              wwwurl_config_set_local_host(c, "proxy:3128", WWWURL_NUL_TERMINATED));
    CHECK_INT(g, "wwwoffle-2.9", NULL, WWWURL_OK,
              wwwurl_canonicalize(c, "wwwoffle-2.9", "/x", WWWURL_NUL_TERMINATED, &a));
    CHECK(g, "wwwoffle-2.9 with a local host", NULL, a && strcmp(a, "http://proxy:3128/x") == 0);
    wwwurl_string_free(a);
    wwwurl_config_free(c);
    h_case_end(g);
}

/* ---- WHATWG domains ------------------------------------------------------ */

static void domain_is(hgroup *g, int unicode, const char *in, wwwurl_status want_st,
                      const char *want)
{
    char *out = NULL, buf[256];
    size_t needed = 0;
    wwwurl_status st = unicode ? wwwurl_domain_to_unicode(in, WWWURL_NUL_TERMINATED, &out)
                               : wwwurl_domain_to_ascii(in, WWWURL_NUL_TERMINATED, &out);
    wwwurl_status sb =
        unicode ? wwwurl_domain_to_unicode_buf(in, WWWURL_NUL_TERMINATED, buf, sizeof buf, &needed)
                : wwwurl_domain_to_ascii_buf(in, WWWURL_NUL_TERMINATED, buf, sizeof buf, &needed);
    const char *what = unicode ? "wwwurl_domain_to_unicode" : "wwwurl_domain_to_ascii";
    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, what, in, want_st, st);
    CHECK_INT(g, what, in, want_st, sb);
    if (want) {
        CHECK_CSTR(g, what, in, want, out);
        CHECK(g, what, in, sb == WWWURL_OK && strcmp(buf, want) == 0 && needed == strlen(want) + 1);
    } else {
        CHECK(g, what, in, out == NULL);
    }
    wwwurl_string_free(out);
    h_case_end(g);
}

/* A domain holding a NUL byte, a forbidden domain code point, is refused by
 * both functions in both forms: a result that kept it would read, as a C
 * string, as the domain up to the NUL (`a\0b` as `a`). */
static void domain_nul_refused(hgroup *g, const char *in, size_t len, const char *desc)
{
    int unicode;
    for (unicode = 0; unicode < 2; unicode++) {
        char *out = NULL, buf[64];
        size_t needed = 0;
        wwwurl_status st = unicode ? wwwurl_domain_to_unicode(in, len, &out)
                                   : wwwurl_domain_to_ascii(in, len, &out);
        wwwurl_status sb = unicode ? wwwurl_domain_to_unicode_buf(in, len, buf, sizeof buf, &needed)
                                   : wwwurl_domain_to_ascii_buf(in, len, buf, sizeof buf, &needed);
        const char *what = unicode ? "wwwurl_domain_to_unicode" : "wwwurl_domain_to_ascii";
        h_case_begin(g, NULL, NULL);
        CHECK_INT(g, what, desc, WWWURL_ERR_INVALID_ARGUMENT, st);
        CHECK_INT(g, what, desc, WWWURL_ERR_INVALID_ARGUMENT, sb);
        CHECK(g, what, desc, out == NULL);
        CHECK_INT(g, "*needed untouched", desc, 0, needed);
        wwwurl_string_free(out);
        h_case_end(g);
    }
}

static void t_domains(hgroup *g, const char *dir)
{
    (void)dir;
    domain_is(g, 0, "Example.COM", WWWURL_OK, "example.com");
    domain_is(g, 0, "B\xc3\xbc" "cher.example", WWWURL_OK, "xn--bcher-kva.example");
    domain_is(g, 0, "\xe2\x98\x83.net", WWWURL_OK, "xn--n3h.net");
    domain_is(g, 0, "XN--A.example", WWWURL_OK, "xn--a.example");
    domain_is(g, 0, "a b.example", WWWURL_ERR_INVALID_ARGUMENT, NULL);
    domain_is(g, 0, "a<b", WWWURL_ERR_INVALID_ARGUMENT, NULL);
    domain_is(g, 0, "", WWWURL_ERR_INVALID_ARGUMENT, NULL);
    domain_is(g, 0, "\xff.example", WWWURL_ERR_INVALID_ARGUMENT, NULL);
    domain_is(g, 1, "xn--bcher-kva.example", WWWURL_OK, "b\xc3\xbc" "cher.example");
    domain_is(g, 1, "example.com", WWWURL_OK, "example.com");
    domain_nul_refused(g, "a\0b", 3, "a\\0b");
    domain_nul_refused(g, "\0", 1, "\\0");
    domain_nul_refused(g, "xn--bcher-kva.example\0", 22, "xn--bcher-kva.example\\0");
    domain_nul_refused(g, "b\xc3\xbc" "cher\0.example", 16, "b\\xc3\\xbccher\\0.example");
}

static const h_test tests[] = {
    {"WHATWG domains", t_domains},
    {"wwwurl_canonicalize", t_canonicalize},
    {"wwwurl_parse", t_parse},
    {"wwwurl_parse (s, len)", t_parse_len},
    {"wwwurl_dup", t_dup},
    {"wwwurl_parse 2.9h config (v29h)", t_parse_29h},
    {"wwwurl_parse 2.9 config, legacy 2.9h", t_parse_29_over},
    {"wwwurl_cache_file", t_cache_file},
    {"wwwurl_cache_file: unsafe paths", t_cache_file_unsafe},
    {"wwwurl_create", t_create},
    {"wwwurl_link", t_link},
    {"wwwurl_set_userinfo", t_set_userinfo},
    {"wwwurl_set_userinfo keeps the handle's mode", t_set_userinfo_mode},
    {"transcode DECODE_GENERIC", t_tc0},
    {"transcode DECODE_FORM", t_tc1},
    {"transcode RECODE_FORM", t_tc2},
    {"transcode ENCODE_PATH", t_tc3},
    {"transcode ENCODE_FORM", t_tc4},
    {"transcode ENCODE_PASSWORD", t_tc5},
    {"transcode keeps NUL", t_transcode_nul},
    {"status codes", t_status_codes},
    {"wwwurl_strerror", t_strerror},
    {"version", t_version},
    {"wwwurl_get", t_get},
    {"wwwurl_parse contract", t_parse_contract},
    {"wwwurl_rfc3986_split", t_rfc3986},
    {"configuration setters", t_setters},
    {"configs", t_config},
    {"config setters and the input limit", t_config_limits},
    {"wwwurl_set", t_set},
    {"wwwurl_rfc3986_resolve", t_resolve},
    {"wwwurl_webcapture_canonical", t_webcapture},
    {"wwwurl_rfc3986_make_relative", t_make_relative},
    {"wwwurl_rfc3986_normalize", t_normalize},
    {"wwwurl_browser_resolve", t_browser_resolve},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
