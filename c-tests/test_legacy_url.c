/* The historical URL record through the C ABI, over every conformance vector:
 * SplitURL, CreateURL, AddPasswordURL, LinkURL, CanonicaliseHost,
 * CanonicaliseName, and SplitURL in 2.9h mode. Each record is flattened into
 * one " | "-joined line (every field, the port, the hostp/pathp offsets, the
 * pointer identities file==name and host==hostport, private_* NULL) and
 * compared with the line built from the vector's columns. */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Compares record `u` with the URL columns of `r` starting at out[first]. */
static void check_record(hgroup *g, const char *what, const char *in, const hrow *r,
                         unsigned first, const URL *u, int v29h)
{
    hbuf want, got;

    hb_init(&want);
    hb_init(&got);
    if (!h_want_legacy(&want, r, first, v29h)) {
        h_fail(g, __FILE__, __LINE__, "bad vector: URL columns");
    } else {
        h_dump_legacy(&got, u, v29h);
        CHECK_DUMP(g, what, in, &want, &got, v29h ? h_url_columns_29h : h_url_columns);
    }
    hb_free(&want);
    hb_free(&got);
}

static void split_vectors(hgroup *g, const char *dir, const char *file, int v29h)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, file, "SplitURL", 1, v29h ? H_URL_NOUT_29H : H_URL_NOUT,
                v29h ? H_URL_NOUT_29H : H_URL_NOUT)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *in = h_memdup(&r->in[0]);
            URL *u;

            h_case_begin(g, &f, r);
            u = SplitURL(in);
            /* the record owns copies: the input may go at once */
            free(in);
            check_record(g, v29h ? "SplitURL (2.9h)" : "SplitURL", h_desc(&d, r), r, 0, u, v29h);
            FreeURL(u);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

static void t_split(hgroup *g, const char *dir)
{
    split_vectors(g, dir, "SplitURL.tsv", 0);
}

static void t_split_29h(hgroup *g, const char *dir)
{
    wwwurl_legacy_configure(H_CFG29H);
    split_vectors(g, dir, "v29h/SplitURL.tsv", 1);
    wwwurl_legacy_configure(H_CFG29);
}

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
            char *a[6];
            URL *u;
            int k;

            h_case_begin(g, &f, r);
            for (k = 0; k < 6; k++)
                a[k] = h_memdup(&r->in[k]);
            u = CreateURL(a[0], a[1], a[2], a[3], a[4], a[5]);
            for (k = 0; k < 6; k++)
                free(a[k]);
            check_record(g, "CreateURL", h_desc(&d, r), r, 0, u, 0);
            FreeURL(u);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

/* SplitURL, then AddPasswordURL in place: the same record pointer */
static void t_add_password(hgroup *g, const char *dir)
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
            char *url = h_memdup(&r->in[0]);
            char *user = h_memdup(&r->in[1]);
            char *pass = h_memdup(&r->in[2]);
            URL *u, *before;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            u = SplitURL(url);
            before = u;
            if (u)
                AddPasswordURL(u, user, pass);
            free(url);
            free(user);
            free(pass);
            CHECK(g, "AddPasswordURL keeps the record", d.p, u == before);
            check_record(g, "AddPasswordURL", d.p, r, 0, u, 0);
            FreeURL(u);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

/* SplitURL the base, then LinkURL; the base record is not changed */
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
            char *base = h_memdup(&r->in[0]);
            char *link = h_memdup(&r->in[1]);
            URL *b, *u = NULL;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            b = SplitURL(base);
            free(base);
            if (b) {
                h_dump_legacy(&b0, b, 1);
                u = LinkURL(b, link);
                h_dump_legacy(&b1, b, 1);
                CHECK_DUMP(g, "LinkURL leaves the base record alone", d.p, &b0, &b1,
                           h_url_columns_29h);
            }
            free(link);
            check_record(g, "LinkURL", d.p, r, 0, u, 0);
            FreeURL(u);
            FreeURL(b);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
    hb_free(&b0);
    hb_free(&b1);
}

static void t_canon_host(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "CanonicaliseHost.tsv", "CanonicaliseHost", 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *in = h_memdup(&r->in[0]);
            char *got;

            h_case_begin(g, &f, r);
            got = CanonicaliseHost(in);
            CHECK_STR(g, "CanonicaliseHost", h_desc(&d, r), &r->out[0], got);
            free(got);
            free(in);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

/* In place on a malloc'ed copy: the path never gets longer. */
static void t_canon_name(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "CanonicaliseName.tsv", "CanonicaliseName", 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *s = h_memdup(&r->in[0]);

            h_case_begin(g, &f, r);
            CanonicaliseName(s);
            CHECK_STR(g, "CanonicaliseName", h_desc(&d, r), &r->out[0], s);
            free(s);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

/* ---- hand-written ---------------------------------------------------------- */

/* The compat switch is process-wide and only its two values are accepted:
 * an unknown mode leaves 2.9h (or 2.9) in place. */
static void t_compat_switch(hgroup *g, const char *dir)
{
    static const struct {
        int mode;       /* the config's compat; -1: NULL (the library's) */
        unsigned bogus; /* then refused by wwwurl_config_set_compat (0: none) */
        const char *args;
    } rows[] = {
        {WWWURL_COMPAT_29, 0, "a=1&b=2"},
        {WWWURL_COMPAT_29H, 0, "a=1&amp;b=2"},
        {WWWURL_COMPAT_29, 2, "a=1&b=2"},
        {WWWURL_COMPAT_29H, 2, "a=1&amp;b=2"},
        {WWWURL_COMPAT_29H, 0xffffffffu, "a=1&amp;b=2"},
        {-1, 0, H_LAYOUT_29H ? "a=1&amp;b=2" : "a=1&b=2"},
        {0, 0, NULL},
    };
    int k;

    (void)dir;
    for (k = 0; rows[k].args; k++) {
        URL *u;
        char in[32];
        struct wwwurl_config *c = NULL;

        snprintf(in, sizeof in, "mode %d then %u", rows[k].mode, rows[k].bogus);
        h_case_begin(g, NULL, NULL);
        if (rows[k].mode >= 0) {
            CHECK_STATUS(g, "wwwurl_config_new", in, WWWURL_OK, wwwurl_config_new(&c));
            CHECK_STATUS(g, "wwwurl_config_set_compat", in, WWWURL_OK,
                         wwwurl_config_set_compat(c, (wwwurl_compat)rows[k].mode));
            if (rows[k].bogus)
                CHECK_STATUS(g, "wwwurl_config_set_compat (refused, nothing changes)", in,
                             WWWURL_ERR_INVALID_ARGUMENT, wwwurl_config_set_compat(c, rows[k].bogus));
        } else {
            /* another mode first, so that NULL must change it back */
            wwwurl_legacy_configure(H_LAYOUT_29H ? H_CFG29 : H_CFG29H);
        }
        CHECK_STATUS(g, "wwwurl_legacy_configure", in, WWWURL_OK, wwwurl_legacy_configure(c));
        wwwurl_config_free(c);
        u = SplitURL("http://h/p?a=1&amp;b=2");
        CHECK_CSTR(g, "SplitURL(\"http://h/p?a=1&amp;b=2\")->args", in, rows[k].args,
                   u ? u->args : NULL);
        FreeURL(u);
        h_case_end(g);
    }
    wwwurl_legacy_configure(H_CFG29);
}

/* wwwurl_legacy_configure copies the local host and the default ports too;
 * the modern API never reads them */
static void t_legacy_configure(hgroup *g, const char *dir)
{
    struct wwwurl_config *c = NULL;
    URL *u, *l;
    wwwurl_url *m = NULL;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    if (CHECK_STATUS(g, "wwwurl_config_new", NULL, WWWURL_OK, wwwurl_config_new(&c))) {
        CHECK_STATUS(g, "set_local_host", NULL, WWWURL_OK,
                     wwwurl_config_set_local_host(c, "cfg.example:1", WWWURL_NUL_TERMINATED));
        CHECK_STATUS(g, "set_default_port", NULL, WWWURL_OK,
                     wwwurl_config_set_default_port(c, "http", WWWURL_NUL_TERMINATED, 8080));
        CHECK_STATUS(g, "wwwurl_legacy_configure", NULL, WWWURL_OK, wwwurl_legacy_configure(c));
        CHECK_STATUS(g, "the config is in use", NULL, WWWURL_ERR_CONFIG_IN_USE,
                     wwwurl_config_set_local_host(c, "x:2", WWWURL_NUL_TERMINATED));
        wwwurl_config_free(c); /* the settings are a copy */
        u = SplitURL("/x");
        CHECK_CSTR(g, "SplitURL(\"/x\")", NULL, "http://cfg.example:1/x", u ? u->name : NULL);
        FreeURL(u);
        u = SplitURL("http://h:8080/a");
        CHECK_CSTR(g, "SplitURL(http://h:8080/a)", NULL, "http://h/a", u ? u->name : NULL);
        l = u ? LinkURL(u, "//k:8080/b") : NULL;
        CHECK_CSTR(g, "LinkURL", NULL, "http://k/b", l ? l->name : NULL);
        FreeURL(l);
        FreeURL(u);
        u = SplitURL("http://h:80/a");
        CHECK_CSTR(g, "SplitURL(http://h:80/a)", NULL, "http://h:80/a", u ? u->name : NULL);
        FreeURL(u);
        u = CreateURL("http", "h:8080", "/c", NULL, NULL, NULL);
        CHECK_CSTR(g, "CreateURL", NULL, "http://h/c", u ? u->name : NULL);
        FreeURL(u);
        if (CHECK_STATUS(g, "wwwurl_parse", NULL, WWWURL_OK,
                         wwwurl_parse(NULL, "/x", WWWURL_NUL_TERMINATED, &m)))
            CHECK_CSTR(g, "the modern API ignores it", NULL, "http://localhost:8080/x",
                       wwwurl_get(m, WWWURL_PART_NAME, NULL));
        wwwurl_free(m);
    }
    CHECK_STATUS(g, "wwwurl_legacy_configure(NULL)", NULL, WWWURL_OK, wwwurl_legacy_configure(NULL));
    u = SplitURL("/x");
    CHECK_CSTR(g, "NULL: the defaults again", NULL, "http://localhost:8080/x", u ? u->name : NULL);
    FreeURL(u);
    h_case_end(g);
    wwwurl_legacy_configure(H_CFG29);
}

/* Each library starts in the mode of its variant, so that a program picks
 * the 2.9h behaviour by linking libwwwurl-29h alone; and the record has
 * that variant's size. */
static void t_library_variant(hgroup *g, const char *dir)
{
    (void)dir;
    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "the mode a process starts in (1: 2.9h)", NULL, H_LAYOUT_29H, h_initial_29h);
#if H_LAYOUT_29H
    CHECK_INT(g, "sizeof(URL), the 2.9h record", NULL, 19 * sizeof(char *), sizeof(URL));
    CHECK_INT(g, "wwwurl_legacy_layout_29h", NULL, sizeof(URL), wwwurl_legacy_layout_29h);
#else
    CHECK_INT(g, "sizeof(URL), the 2.9 record", NULL, 15 * sizeof(char *), sizeof(URL));
    CHECK_INT(g, "wwwurl_legacy_layout_29", NULL, sizeof(URL), wwwurl_legacy_layout_29);
#endif
    h_case_end(g);
}

static const h_test tests[] = {
    {"library variant", t_library_variant},
    {"SplitURL", t_split},
    {"CreateURL", t_create},
    {"AddPasswordURL", t_add_password},
    {"LinkURL", t_link},
    {"CanonicaliseHost", t_canon_host},
    {"CanonicaliseName", t_canon_name},
#if H_LAYOUT_29H
    {"SplitURL (v29h, 2.9h record)", t_split_29h},
#else
    {"SplitURL (v29h, set_compat)", t_split_29h},
#endif
    {"wwwurl_legacy_configure: compat", t_compat_switch},
    {"wwwurl_legacy_configure", t_legacy_configure},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
