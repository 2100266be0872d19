/* Thread safety: every legacy and modern function, run by 4 threads at once
 * over interleaved slices of the vectors, must give the results computed
 * single-threaded first, while a fifth thread keeps calling the
 * configuration setters with unrelated values. RFC822Date's 4 and
 * DurationToString's 2 rotating buffers must be per thread. */
#include "harness.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NTHREADS 4

/* Each runner computes one row's result as a flat string. */
/* *miss is set when a result is missing: NULL where a string or record was
 * wanted, or a status other than the one a result comes with. */
typedef void (*runner)(const hrow *r, hbuf *out, int *miss);

/* ---- runners: legacy -------------------------------------------------------- */

static void put_str_free(hbuf *out, char *s, int *miss)
{
    if (!s)
        *miss = 1;
    hb_escs(out, s);
    free(s);
}

#define STR_RUNNER(name, fn)                                                                  \
    static void name(const hrow *r, hbuf *out, int *miss)                                     \
    {                                                                                         \
        char *in = h_memdup(&r->in[0]);                                                       \
        put_str_free(out, fn(in), miss);                                                      \
        free(in);                                                                             \
    }

STR_RUNNER(r_decode_generic, URLDecodeGeneric)
STR_RUNNER(r_decode_form, URLDecodeFormArgs)
STR_RUNNER(r_recode_form, URLRecodeFormArgs)
STR_RUNNER(r_encode_path, URLEncodePath)
STR_RUNNER(r_encode_form, URLEncodeFormArgs)
STR_RUNNER(r_encode_password, URLEncodePassword)
STR_RUNNER(r_make_hash, MakeHash)
#if defined(WWWURL_LEGACY_29H)
STR_RUNNER(r_fix_html, FixHTMLLinkURL)
#endif
STR_RUNNER(r_canon_host, CanonicaliseHost)

#define INPLACE_RUNNER(name, fn)                                                              \
    static void name(const hrow *r, hbuf *out, int *miss)                                     \
    {                                                                                         \
        char *s = h_memdup(&r->in[0]);                                                        \
        fn(s);                                                                                \
        hb_escs(out, s);                                                                      \
        free(s);                                                                              \
    }

#if !defined(WWWURL_LEGACY_29H)
INPLACE_RUNNER(r_replace_amp, URLReplaceAmp)
#endif
INPLACE_RUNNER(r_canon_name, CanonicaliseName)

static void r_trim(const hrow *r, hbuf *out, int *miss)
{
    char *s = h_memdup(&r->in[0]);
    char *ret = TrimArgs(s);
    hb_printf(out, "%d | ", ret == s);
    hb_escs(out, s);
    free(s);
}

static void r_split_form(const hrow *r, hbuf *out, int *miss)
{
    char *in = h_memdup(&r->in[0]);
    char **res = SplitFormArgs(in);
    size_t k;

    if (!res) {
        *miss = 1;
        hb_puts(out, "\\N");
    } else {
        for (k = 0; res[k]; k++) {
            hb_puts(out, " | ");
            hb_escs(out, res[k]);
        }
        free(res[0]);
        free(res);
    }
    free(in);
}

static void r_b64_encode(const hrow *r, hbuf *out, int *miss)
{
    char *in = h_memdup(&r->in[0]);
    put_str_free(out, Base64Encode(in, r->in[0].len), miss);
    free(in);
}

static void r_b64_decode(const hrow *r, hbuf *out, int *miss)
{
    char *in = h_memdup(&r->in[0]);
    size_t n = 0;
    char *p = Base64Decode(in, &n);
    if (!p)
        *miss = 1;
    if (p)
        hb_printf(out, "%zu | ", n);
    hb_esc(out, p, p ? n : 0);
    free(p);
    free(in);
}

static long long num(const hstr *s)
{
    long long v = 0;
    h_parse_long(s, &v);
    return v;
}

static void r_rfc822(const hrow *r, hbuf *out, int *miss)
{
    time_t t = (time_t)num(&r->in[0]);
    const char *a = RFC822Date(t, 1);
    hb_escs(out, a);
    hb_puts(out, " | ");
    if (!a)
        *miss = 1;
    a = RFC822Date(t, 0);
    hb_escs(out, a);
    if (!a)
        *miss = 1;
}

static void r_date_to_time(const hrow *r, hbuf *out, int *miss)
{
    char *in = h_memdup(&r->in[0]);
    hb_printf(out, "%ld", DateToTimeT(in));
    free(in);
}

static void r_duration(const hrow *r, hbuf *out, int *miss)
{
    const char *a = DurationToString((time_t)num(&r->in[0]));
    if (!a)
        *miss = 1;
    hb_escs(out, a);
}

static void r_html(const hrow *r, hbuf *out, int *miss)
{
    char *in = h_memdup(&r->in[0]);
    put_str_free(out, HTMLString(in, (int)num(&r->in[1])), miss);
    free(in);
}

static void r_split_url(const hrow *r, hbuf *out, int *miss)
{
    char *in = h_memdup(&r->in[0]);
    URL *u = SplitURL(in);
    free(in);
    if (!u)
        *miss = 1;
    h_dump_legacy(out, u, 1);
    FreeURL(u);
}

static void r_create_url(const hrow *r, hbuf *out, int *miss)
{
    char *a[6];
    URL *u;
    int k;

    for (k = 0; k < 6; k++)
        a[k] = h_memdup(&r->in[k]);
    u = CreateURL(a[0], a[1], a[2], a[3], a[4], a[5]);
    for (k = 0; k < 6; k++)
        free(a[k]);
    if (!u)
        *miss = 1;
    h_dump_legacy(out, u, 1);
    FreeURL(u);
}

static void r_add_password(const hrow *r, hbuf *out, int *miss)
{
    char *in = h_memdup(&r->in[0]);
    URL *u = SplitURL(in);
    if (u)
        AddPasswordURL(u, r->in[1].p, r->in[2].p);
    free(in);
    if (!u)
        *miss = 1;
    h_dump_legacy(out, u, 1);
    FreeURL(u);
}

static void r_link_url(const hrow *r, hbuf *out, int *miss)
{
    char *in = h_memdup(&r->in[0]);
    URL *b = SplitURL(in), *u = NULL;
    if (b)
        u = LinkURL(b, r->in[1].p);
    free(in);
    if (!u)
        *miss = 1;
    h_dump_legacy(out, u, 1);
    FreeURL(u);
    FreeURL(b);
}

/* ---- runners: modern -------------------------------------------------------- */

static void put_handle(hbuf *out, int st, wwwurl_url *u, int *miss)
{
    if (st != WWWURL_OK)
        *miss = 1;
    hb_printf(out, "st=%d | ", st);
    h_dump_modern(out, st == WWWURL_OK ? u : NULL, 1);
    if (st == WWWURL_OK)
        wwwurl_free(u);
}

static void r_parse(const hrow *r, hbuf *out, int *miss)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_parse(H_CFG, r->in[0].p, r->in[0].len, &u);
    put_handle(out, st, u, miss);
}

static void r_parse_29h(const hrow *r, hbuf *out, int *miss)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_parse(H_CFG29H, r->in[0].p, WWWURL_NUL_TERMINATED, &u);
    put_handle(out, st, u, miss);
}

static void r_dup(const hrow *r, hbuf *out, int *miss)
{
    wwwurl_url *u = NULL, *c = NULL;
    int st = wwwurl_parse(H_CFG, r->in[0].p, WWWURL_NUL_TERMINATED, &u);
    if (st == WWWURL_OK) {
        st = wwwurl_dup(u, &c);
        wwwurl_free(u);
    }
    put_handle(out, st, c, miss);
}

static void r_cache_file(const hrow *r, hbuf *out, int *miss)
{
    wwwurl_url *u = NULL;
    char buf[8192];
    size_t needed = 0;
    int st = wwwurl_parse(H_CFG, r->in[0].p, WWWURL_NUL_TERMINATED, &u);
    if (st == WWWURL_OK) {
        st = wwwurl_cache_file(u, 'D', buf, sizeof buf, &needed);
        wwwurl_free(u);
    }
    /* a refused path is a result too */
    if (st != WWWURL_OK && st != WWWURL_ERR_UNSAFE_PATH)
        *miss = 1;
    hb_printf(out, "st=%d | %zu | ", st, needed);
    hb_escs(out, st == WWWURL_OK ? buf : NULL);
}

static void r_create(const hrow *r, hbuf *out, int *miss)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_create(H_CFG, r->in[0].p, r->in[1].p, r->in[2].p, r->in[3].p, r->in[4].p,
                           r->in[5].p, &u);
    put_handle(out, st, u, miss);
}

static void r_link(const hrow *r, hbuf *out, int *miss)
{
    wwwurl_url *b = NULL, *u = NULL;
    int st = wwwurl_parse(H_CFG, r->in[0].p, WWWURL_NUL_TERMINATED, &b);
    if (st == WWWURL_OK) {
        st = wwwurl_link(H_CFG, b, r->in[1].p, r->in[1].len, &u);
        wwwurl_free(b);
    }
    put_handle(out, st, u, miss);
}

static void r_set_userinfo(const hrow *r, hbuf *out, int *miss)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_parse(H_CFG, r->in[0].p, WWWURL_NUL_TERMINATED, &u);
    if (st == WWWURL_OK) {
        st = wwwurl_set_userinfo(u, r->in[1].p, r->in[2].p);
        if (st != WWWURL_OK)
            wwwurl_free(u);
    }
    put_handle(out, st, u, miss);
}

static void transcode(wwwurl_codec c, const hrow *r, hbuf *out, int *miss)
{
    size_t needed = 0, dlen = 0;
    char small[4096];
    char *dup;
    int st = wwwurl_transcode(c, r->in[0].p, r->in[0].len, small, sizeof small, &needed);

    hb_printf(out, "st=%d | %zu | ", st, needed);
    hb_esc(out, st == WWWURL_OK ? small : NULL, st == WWWURL_OK ? needed - 1 : 0);
    dup = wwwurl_transcode_dup(c, r->in[0].p, WWWURL_NUL_TERMINATED, &dlen);
    if (st == WWWURL_ERR_PANIC || !dup)
        *miss = 1;
    hb_puts(out, " | ");
    hb_esc(out, dup, dup ? dlen : 0);
    wwwurl_string_free(dup);
}

#define TC_RUNNER(name, codec)                                                                \
    static void name(const hrow *r, hbuf *out, int *miss) { transcode((codec), r, out, miss); }

TC_RUNNER(r_tc_decode_generic, WWWURL_CODEC_DECODE_GENERIC)
TC_RUNNER(r_tc_decode_form, WWWURL_CODEC_DECODE_FORM)
TC_RUNNER(r_tc_recode_form, WWWURL_CODEC_RECODE_FORM)
TC_RUNNER(r_tc_encode_path, WWWURL_CODEC_ENCODE_PATH)
TC_RUNNER(r_tc_encode_form, WWWURL_CODEC_ENCODE_FORM)
TC_RUNNER(r_tc_encode_password, WWWURL_CODEC_ENCODE_PASSWORD)

static void r_rfc3986(const hrow *r, hbuf *out, int *miss)
{
    static const uint32_t flags[2] = {0, WWWURL_FLAG_BROWSER};
    int k;

    for (k = 0; k < 2; k++) {
        wwwurl_components c;
        int st;
        memset(&c, 0, sizeof c);
        st = wwwurl_rfc3986_split(r->in[0].p, r->in[0].len, flags[k], &c);
        if (st != WWWURL_OK)
            *miss = 1;
        hb_printf(out, "st=%d", st);
        if (st == WWWURL_OK) {
            const wwwurl_component *parts[10];
            int j;
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
            for (j = 0; j < 10; j++)
                hb_printf(out, " %u:%zu+%zu", parts[j]->present, parts[j]->offset, parts[j]->len);
        }
        hb_puts(out, k ? "" : " | ");
    }
}

/* ---- the jobs ----------------------------------------------------------------- */

/* The WHATWG parser (IDNA tables, shared by every thread), the getters of
 * one handle, a setter and the query edits: href, host, search, then the
 * sorted query; a URL the Standard refuses gives its status. */
static void r_whatwg(const hrow *r, hbuf *out, int *miss)
{
    wwwurl_whatwg *u = NULL;
    int st = wwwurl_whatwg_parse(r->in[0].p, r->in[0].len, "http://b\xc3\xa4se.example/d/",
                                 WWWURL_NUL_TERMINATED, &u);
    (void)miss;
    hb_printf(out, "st=%d", st);
    if (st != WWWURL_OK)
        return;
    size_t host_len = 0, search_len = 0;
    const char *host = wwwurl_whatwg_get(u, WWWURL_WHATWG_HOST, &host_len);
    const char *search = wwwurl_whatwg_get(u, WWWURL_WHATWG_SEARCH, &search_len);
    hb_printf(out, " %s %.*s %.*s", wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, NULL), (int)host_len,
              host, (int)search_len, search);
    st = wwwurl_whatwg_query_edit(u, WWWURL_QUERY_SORT, NULL, 0, NULL, 0);
    hb_printf(out, " sort=%d %s", st, wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, NULL));
    st = wwwurl_whatwg_set(u, WWWURL_WHATWG_HOSTNAME, "Stra\xc3\x9f" "e", WWWURL_NUL_TERMINATED);
    hb_printf(out, " set=%d %s", st, wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, NULL));
    wwwurl_whatwg_free(u);
}

static const struct job {
    const char *name;
    const char *file;
    const char *func;
    unsigned nin;
    runner run;
} jobs[] = {
    {"URLDecodeGeneric", "URLDecodeGeneric.tsv", "URLDecodeGeneric", 1, r_decode_generic},
    {"URLDecodeFormArgs", "URLDecodeFormArgs.tsv", "URLDecodeFormArgs", 1, r_decode_form},
    {"URLRecodeFormArgs", "URLRecodeFormArgs.tsv", "URLRecodeFormArgs", 1, r_recode_form},
    {"URLEncodePath", "URLEncodePath.tsv", "URLEncodePath", 1, r_encode_path},
    {"URLEncodeFormArgs", "URLEncodeFormArgs.tsv", "URLEncodeFormArgs", 1, r_encode_form},
    {"URLEncodePassword", "URLEncodePassword.tsv", "URLEncodePassword", 1, r_encode_password},
    {"SplitFormArgs", "SplitFormArgs.tsv", "SplitFormArgs", 1, r_split_form},
    {"TrimArgs", "TrimArgs.tsv", "TrimArgs", 1, r_trim},
    {"MakeHash", "MakeHash.tsv", "MakeHash", 1, r_make_hash},
    {"Base64Encode", "Base64Encode.tsv", "Base64Encode", 1, r_b64_encode},
    {"Base64Decode", "Base64Decode.tsv", "Base64Decode", 1, r_b64_decode},
    {"RFC822Date (utc 1 and 0)", "RFC822Date.tsv", "RFC822Date", 1, r_rfc822},
    {"DateToTimeT", "DateToTimeT.tsv", "DateToTimeT", 1, r_date_to_time},
    {"DurationToString", "DurationToString.tsv", "DurationToString", 1, r_duration},
    {"HTMLString", "HTMLString.tsv", "HTMLString", 2, r_html},
#if defined(WWWURL_LEGACY_29H)
    {"FixHTMLLinkURL", "v29h/FixHTMLLinkURL.tsv", "FixHTMLLinkURL", 1, r_fix_html},
#else
    {"URLReplaceAmp", "URLReplaceAmp.tsv", "URLReplaceAmp", 1, r_replace_amp},
#endif
    {"CanonicaliseHost", "CanonicaliseHost.tsv", "CanonicaliseHost", 1, r_canon_host},
    {"CanonicaliseName", "CanonicaliseName.tsv", "CanonicaliseName", 1, r_canon_name},
    {"SplitURL", "SplitURL.tsv", "SplitURL", 1, r_split_url},
    {"CreateURL", "CreateURL.tsv", "CreateURL", 6, r_create_url},
    {"AddPasswordURL", "AddPasswordURL.tsv", "AddPasswordURL", 3, r_add_password},
    {"LinkURL", "LinkURL.tsv", "LinkURL", 2, r_link_url},
    {"wwwurl_parse", "SplitURL.tsv", "SplitURL", 1, r_parse},
    {"wwwurl_parse 2.9h config", "v29h/SplitURL.tsv", "SplitURL", 1, r_parse_29h},
    {"wwwurl_dup", "SplitURL.tsv", "SplitURL", 1, r_dup},
    {"wwwurl_cache_file", "SplitURL.tsv", "SplitURL", 1, r_cache_file},
    {"wwwurl_create", "CreateURL.tsv", "CreateURL", 6, r_create},
    {"wwwurl_link", "LinkURL.tsv", "LinkURL", 2, r_link},
    {"wwwurl_set_userinfo", "AddPasswordURL.tsv", "AddPasswordURL", 3, r_set_userinfo},
    {"transcode DECODE_GENERIC", "URLDecodeGeneric.tsv", "URLDecodeGeneric", 1, r_tc_decode_generic},
    {"transcode DECODE_FORM", "URLDecodeFormArgs.tsv", "URLDecodeFormArgs", 1, r_tc_decode_form},
    {"transcode RECODE_FORM", "URLRecodeFormArgs.tsv", "URLRecodeFormArgs", 1, r_tc_recode_form},
    {"transcode ENCODE_PATH", "URLEncodePath.tsv", "URLEncodePath", 1, r_tc_encode_path},
    {"transcode ENCODE_FORM", "URLEncodeFormArgs.tsv", "URLEncodeFormArgs", 1, r_tc_encode_form},
    {"transcode ENCODE_PASSWORD", "URLEncodePassword.tsv", "URLEncodePassword", 1, r_tc_encode_password},
    {"wwwurl_rfc3986_split", "SplitURL.tsv", "SplitURL", 1, r_rfc3986},
    {"wwwurl_whatwg_parse, _get, _set, _query_edit", "SplitURL.tsv", "SplitURL", 1, r_whatwg},
    {NULL, NULL, NULL, 0, NULL},
};

#define NJOBS (sizeof jobs / sizeof jobs[0] - 1)

static struct jobdata {
    hfile f;
    size_t step;
    char **ref;   /* ref[i] for the rows checked (i % step == 0) */
    size_t nref;  /* NULL/PANIC-looking reference results */
} data[NJOBS];

/* ---- worker threads ----------------------------------------------------------- */

static pthread_mutex_t done_lock = PTHREAD_MUTEX_INITIALIZER;
static int workers_done;

struct worker {
    int id;
    hgroup g;
    unsigned long compared[NJOBS];
};

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    hbuf got;
    size_t j, i;

    hb_init(&got);
    for (j = 0; j < NJOBS; j++) {
        struct jobdata *d = &data[j];
        size_t n = 0;
        for (i = 0; i < d->f.nrows; i += d->step, n++) {
            const hrow *r = &d->f.rows[i];
            int miss = 0;
            if (n % NTHREADS != (size_t)w->id)
                continue;
            h_case_begin(&w->g, &d->f, r);
            hb_reset(&got);
            jobs[j].run(r, &got, &miss);
            if (strcmp(got.p, d->ref[i]) != 0) {
                hbuf desc;
                hb_init(&desc);
                h_fail(&w->g, __FILE__, __LINE__,
                       "%s in thread %d: in %s: single-threaded [%.300s] threaded [%.300s]",
                       jobs[j].name, w->id, h_desc(&desc, r), d->ref[i], got.p);
                hb_free(&desc);
            }
            h_case_end(&w->g);
            w->compared[j]++;
            /* Lets the toggler run between rows: under valgrind, whose
             * scheduler runs one thread at a time, it otherwise got its
             * first time slice only after the workers ended, and its
             * setters raced with nothing. */
            sched_yield();
        }
    }
    hb_free(&got);
    pthread_mutex_lock(&done_lock);
    workers_done++;
    pthread_mutex_unlock(&done_lock);
    return NULL;
}

/* Configures the legacy functions (wwwurl_legacy_configure) with the values
 * in force, and calls the config setters with values they must refuse,
 * until every worker is done. */
struct toggler {
    unsigned long iterations;
    unsigned long overlapped; /* rounds begun and ended before any worker ended */
    unsigned long bad;
    char first_bad[160];
};

static void toggler_note(struct toggler *t, const char *call, int want, int got)
{
    if (want == got)
        return;
    if (t->bad++ == 0)
        snprintf(t->first_bad, sizeof t->first_bad, "%s: wanted %d got %d", call, want, got);
}

static void *toggler_main(void *arg)
{
    struct toggler *t = arg;

    for (;;) {
        int done, none_done;
        pthread_mutex_lock(&done_lock);
        done = workers_done == NTHREADS;
        none_done = workers_done == 0;
        pthread_mutex_unlock(&done_lock);
        if (done && t->iterations > 0)
            break;
        /* the legacy settings, written again with the values in force
         * (those of H_CFG): real writes that race with every legacy call */
        {
            struct wwwurl_config *c = NULL;
            toggler_note(t, "wwwurl_config_new", WWWURL_OK, wwwurl_config_new(&c));
            if (c) {
                toggler_note(t, "set_default_port(\"wwwurltest\", 0)", WWWURL_OK,
                             wwwurl_config_set_default_port(c, "wwwurltest", WWWURL_NUL_TERMINATED, 0));
                toggler_note(t, "set_local_host(\"localhost:8080\")", WWWURL_OK,
                             wwwurl_config_set_local_host(c, "localhost:8080", WWWURL_NUL_TERMINATED));
                toggler_note(t, "set_compat(WWWURL_COMPAT_29)", WWWURL_OK,
                             wwwurl_config_set_compat(c, WWWURL_COMPAT_29));
                toggler_note(t, "set_max_input(WWWURL_DEFAULT_MAX_INPUT)", WWWURL_OK,
                             wwwurl_config_set_max_input(c, WWWURL_DEFAULT_MAX_INPUT));
                /* refused, and no change */
                toggler_note(t, "set_local_host(\"bad host\")", WWWURL_ERR_INVALID_ARGUMENT,
                             wwwurl_config_set_local_host(c, "bad host", WWWURL_NUL_TERMINATED));
                toggler_note(t, "set_local_host(\"\")", WWWURL_ERR_INVALID_ARGUMENT,
                             wwwurl_config_set_local_host(c, "", WWWURL_NUL_TERMINATED));
                toggler_note(t, "set_default_port(\"http\", 65536)", WWWURL_ERR_INVALID_ARGUMENT,
                             wwwurl_config_set_default_port(c, "http", WWWURL_NUL_TERMINATED, 65536));
                toggler_note(t, "set_default_port(\"ht tp\", 1)", WWWURL_ERR_INVALID_ARGUMENT,
                             wwwurl_config_set_default_port(c, "ht tp", WWWURL_NUL_TERMINATED, 1));
                toggler_note(t, "set_compat(7)", WWWURL_ERR_INVALID_ARGUMENT,
                             wwwurl_config_set_compat(c, 7));
                toggler_note(t, "wwwurl_legacy_configure(c)", WWWURL_OK, wwwurl_legacy_configure(c));
                toggler_note(t, "set_compat after use", WWWURL_ERR_CONFIG_IN_USE,
                             wwwurl_config_set_compat(c, WWWURL_COMPAT_29H));
                wwwurl_config_free(c);
            }
            /* the shared frozen config that the workers read, read here too */
            toggler_note(t, "wwwurl_legacy_configure(H_CFG)", WWWURL_OK,
                         wwwurl_legacy_configure(H_CFG));
        }
        t->iterations++;
        /* Begun and ended while every worker still parsed: no lock orders
         * these writes with the workers' reads, so a race detector sees them
         * race with all of them. */
        pthread_mutex_lock(&done_lock);
        if (none_done && workers_done == 0)
            t->overlapped++;
        pthread_mutex_unlock(&done_lock);
        /* Lets the workers run: under valgrind, whose scheduler runs one
         * thread at a time, a toggler that never yields took most of the
         * time slices, and the helgrind run of this test took many times
         * longer, at random, for the same coverage. */
        sched_yield();
    }
    return NULL;
}

static void t_threads(hgroup *g, const char *dir)
{
    struct worker w[NTHREADS];
    struct toggler tog;
    pthread_t th[NTHREADS], tt;
    hbuf out;
    size_t j, i;
    int k, started = 0, tog_started;

    hb_init(&out);
    /* reference results, single-threaded */
    for (j = 0; j < NJOBS; j++) {
        struct jobdata *d = &data[j];
        if (!hf_load(g, &d->f, dir, jobs[j].file, jobs[j].func, jobs[j].nin, 1, 0))
            continue;
        d->step = h_stride(d->f.nrows);
        d->ref = calloc(d->f.nrows, sizeof *d->ref);
        for (i = 0; i < d->f.nrows; i += d->step) {
            int miss = 0;
            hb_reset(&out);
            jobs[j].run(&d->f.rows[i], &out, &miss);
            d->ref[i] = strdup(out.p);
            if (miss) {
                /* no result to compare with: the row fails */
                d->nref++;
                h_case_begin(g, &d->f, &d->f.rows[i]);
                h_fail(g, __FILE__, __LINE__, "%s: no single-threaded result: %.200s",
                       jobs[j].name, out.p);
                h_case_end(g);
            }
        }
    }

    /* 4 workers and the toggler */
    memset(&tog, 0, sizeof tog);
    workers_done = 0;
    for (k = 0; k < NTHREADS; k++) {
        memset(&w[k], 0, sizeof w[k]);
        w[k].id = k;
        h_group_init(&w[k].g, g->name);
        if (pthread_create(&th[k], NULL, worker_main, &w[k]) != 0)
            break;
        started++;
    }
    tog_started = pthread_create(&tt, NULL, toggler_main, &tog) == 0;
    for (k = 0; k < started; k++)
        pthread_join(th[k], NULL);
    if (started < NTHREADS) {
        /* let the toggler stop */
        pthread_mutex_lock(&done_lock);
        workers_done = NTHREADS;
        pthread_mutex_unlock(&done_lock);
    }
    if (tog_started)
        pthread_join(tt, NULL);
    for (k = 0; k < NTHREADS; k++)
        h_group_merge(g, &w[k].g);

    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "pthread_create (workers)", NULL, NTHREADS, started);
    CHECK(g, "pthread_create (toggler)", NULL, tog_started);
    /* Without a round while the workers parse the setters raced with
     * nothing, and helgrind would have nothing to see. */
    CHECK(g, "toggler rounds while the workers parse", NULL, !tog_started || tog.overlapped > 0);
    if (tog.bad)
        h_fail(g, __FILE__, __LINE__, "toggler: %lu bad setter results, first: %s", tog.bad,
               tog.first_bad);
    h_case_end(g);

    for (j = 0; j < NJOBS; j++) {
        unsigned long n = 0;
        for (k = 0; k < NTHREADS; k++)
            n += w[k].compared[j];
        printf("    %-28s %6lu rows compared in %d threads", jobs[j].name, n, NTHREADS);
        if (data[j].nref)
            printf(" (%lu single-threaded results missing: failed)",
                   (unsigned long)data[j].nref);
        printf("\n");
        if (n == 0) {
            h_case_begin(g, &data[j].f, NULL);
            h_fail(g, __FILE__, __LINE__, "%s: no row compared", jobs[j].name);
            h_case_end(g);
        }
    }
    printf("    toggler: %lu rounds of setter calls during the run, %lu before any worker ended\n",
           tog.iterations, tog.overlapped);

    for (j = 0; j < NJOBS; j++) {
        if (data[j].ref) {
            for (i = 0; i < data[j].f.nrows; i++)
                free(data[j].ref[i]);
            free(data[j].ref);
        }
        hf_free(&data[j].f);
    }
    hb_free(&out);
}

/* ---- rotating buffers per thread ---------------------------------------------- */

#define HOLDERS 4
#define HAMMERS 4

static pthread_barrier_t rb_start, rb_end;

struct holder {
    int id;
    char *dates[4];
    char *durs[2];
    char want_dates[4][40];
    char want_durs[2][40];
    int intact;
    int distinct_own;
};

static void *holder_main(void *arg)
{
    struct holder *h = arg;
    int k, j;

    for (k = 0; k < 4; k++) {
        time_t t = (time_t)(86400L * 365 * (h->id + 1) + 3600L * k + 61L * h->id);
        h->dates[k] = RFC822Date(t, 1);
        if (h->dates[k])
            snprintf(h->want_dates[k], sizeof h->want_dates[k], "%s", h->dates[k]);
    }
    for (k = 0; k < 2; k++) {
        h->durs[k] = DurationToString((time_t)(1000 * h->id + 7 * k + 1));
        if (h->durs[k])
            snprintf(h->want_durs[k], sizeof h->want_durs[k], "%s", h->durs[k]);
    }
    h->distinct_own = 1;
    for (k = 0; k < 4; k++)
        for (j = k + 1; j < 4; j++)
            if (h->dates[k] == h->dates[j])
                h->distinct_own = 0;
    if (h->durs[0] == h->durs[1])
        h->distinct_own = 0;
    /* the hammers run between the two barriers; this thread stays alive */
    pthread_barrier_wait(&rb_start);
    pthread_barrier_wait(&rb_end);
    h->intact = 1;
    for (k = 0; k < 4; k++)
        if (!h->dates[k] || strcmp(h->dates[k], h->want_dates[k]) != 0)
            h->intact = 0;
    for (k = 0; k < 2; k++)
        if (!h->durs[k] || strcmp(h->durs[k], h->want_durs[k]) != 0)
            h->intact = 0;
    return NULL;
}

struct hammer {
    int id;
    unsigned long calls;
    unsigned long wrong;
};

static void *hammer_main(void *arg)
{
    struct hammer *m = arg;
    int k;

    pthread_barrier_wait(&rb_start);
    for (k = 0; k < 2000; k++) {
        const char *a = RFC822Date((time_t)0, 1);
        const char *b = DurationToString((time_t)3600);
        if (!a || strcmp(a, "Thu, 01 Jan 1970 00:00:00 GMT") != 0)
            m->wrong++;
        if (!b || strcmp(b, "1h (3600s)") != 0)
            m->wrong++;
        m->calls += 2;
    }
    pthread_barrier_wait(&rb_end);
    return NULL;
}

static void t_rotating(hgroup *g, const char *dir)
{
    struct holder h[HOLDERS];
    struct hammer m[HAMMERS];
    pthread_t th[HOLDERS + HAMMERS];
    const char *all[HOLDERS * 6];
    int k, j, n = 0, ok = 1;

    (void)dir;
    memset(h, 0, sizeof h);
    memset(m, 0, sizeof m);
    if (pthread_barrier_init(&rb_start, NULL, HOLDERS + HAMMERS) != 0 ||
        pthread_barrier_init(&rb_end, NULL, HOLDERS + HAMMERS) != 0) {
        h_case_begin(g, NULL, NULL);
        h_fail(g, __FILE__, __LINE__, "pthread_barrier_init failed");
        h_case_end(g);
        return;
    }
    for (k = 0; k < HOLDERS; k++) {
        h[k].id = k;
        if (pthread_create(&th[k], NULL, holder_main, &h[k]) != 0)
            ok = 0;
    }
    for (k = 0; k < HAMMERS; k++) {
        m[k].id = k;
        if (pthread_create(&th[HOLDERS + k], NULL, hammer_main, &m[k]) != 0)
            ok = 0;
    }
    if (!ok) {
        /* barriers would never open: give up loudly */
        h_case_begin(g, NULL, NULL);
        h_fail(g, __FILE__, __LINE__, "pthread_create failed");
        h_case_end(g);
        fflush(stdout);
        exit(97);
    }
    for (k = 0; k < HOLDERS + HAMMERS; k++)
        pthread_join(th[k], NULL);
    pthread_barrier_destroy(&rb_start);
    pthread_barrier_destroy(&rb_end);

    for (k = 0; k < HOLDERS; k++) {
        char in[32];
        snprintf(in, sizeof in, "holder thread %d", k);
        h_case_begin(g, NULL, NULL);
        CHECK(g, "4 RFC822Date and 2 DurationToString buffers of one thread are distinct", in,
              h[k].distinct_own);
        CHECK(g, "results of a thread survive calls in other threads", in, h[k].intact);
        h_case_end(g);
        for (j = 0; j < 4; j++)
            all[n++] = h[k].dates[j];
        for (j = 0; j < 2; j++)
            all[n++] = h[k].durs[j];
    }
    h_case_begin(g, NULL, NULL);
    ok = 1;
    for (k = 0; k < n; k++)
        for (j = k + 1; j < n; j++)
            if (all[k] == all[j])
                ok = 0;
    CHECK(g, "no two threads share a rotating buffer", NULL, ok);
    h_case_end(g);
    for (k = 0; k < HAMMERS; k++) {
        char in[32];
        snprintf(in, sizeof in, "hammer thread %d", k);
        h_case_begin(g, NULL, NULL);
        CHECK_INT(g, "wrong results while hammering", in, 0, m[k].wrong);
        h_case_end(g);
    }
}

/* Two threads at once, each with its own config (another local host and
 * another compat mode), parse the same inputs: each gets its own results. */
struct cfg_worker {
    const struct wwwurl_config *cfg;
    const char *local, *amp; /* the names wanted for "/x" and "?a=1&amp;b=2" */
    unsigned long rounds, wrong;
    char first_wrong[160];
};

static void cfg_note(struct cfg_worker *w, const char *what, const char *want, const char *got)
{
    if (want && got && strcmp(want, got) == 0)
        return;
    if (w->wrong++ == 0)
        snprintf(w->first_wrong, sizeof w->first_wrong, "%s: wanted %s got %s", what, want,
                 got ? got : "(null)");
}

static void *cfg_worker_main(void *arg)
{
    struct cfg_worker *w = arg;
    unsigned long n = h_quick() ? 300 : 5000, i;

    for (i = 0; i < n; i++) {
        wwwurl_url *u = NULL, *l = NULL;
        if (wwwurl_parse(w->cfg, "/x", WWWURL_NUL_TERMINATED, &u) == WWWURL_OK) {
            cfg_note(w, "/x", w->local, wwwurl_get(u, WWWURL_PART_NAME, NULL));
            if (wwwurl_link(w->cfg, u, "?a=1&amp;b=2", WWWURL_NUL_TERMINATED, &l) == WWWURL_OK) {
                const char *a = wwwurl_get(l, WWWURL_PART_ARGS, NULL);
                cfg_note(w, "link ?a=1&amp;b=2", strstr(w->amp, "?") + 1, a);
            } else {
                cfg_note(w, "wwwurl_link", "OK", "an error");
            }
            wwwurl_free(l);
        } else {
            cfg_note(w, "wwwurl_parse /x", "OK", "an error");
        }
        wwwurl_free(u);
        u = NULL;
        if (wwwurl_parse(w->cfg, "http://h/?a=1&amp;b=2", WWWURL_NUL_TERMINATED, &u) == WWWURL_OK)
            cfg_note(w, "?a=1&amp;b=2", w->amp, wwwurl_get(u, WWWURL_PART_NAME, NULL));
        else
            cfg_note(w, "wwwurl_parse ?a=1&amp;b=2", "OK", "an error");
        wwwurl_free(u);
        w->rounds++;
    }
    return NULL;
}

static void t_two_configs(hgroup *g, const char *dir)
{
    struct wwwurl_config *c[2] = {NULL, NULL};
    struct cfg_worker w[2];
    pthread_t th[2];
    int started[2] = {0, 0}, k;

    (void)dir;
    memset(w, 0, sizeof w);
    h_case_begin(g, NULL, NULL);
    CHECK_STATUS(g, "wwwurl_config_new", NULL, WWWURL_OK, wwwurl_config_new(&c[0]));
    CHECK_STATUS(g, "wwwurl_config_new", NULL, WWWURL_OK, wwwurl_config_new(&c[1]));
    if (c[0] && c[1]) {
        CHECK_STATUS(g, "set_local_host", NULL, WWWURL_OK,
                     wwwurl_config_set_local_host(c[0], "one.example:1", WWWURL_NUL_TERMINATED));
        CHECK_STATUS(g, "set_compat", NULL, WWWURL_OK, wwwurl_config_set_compat(c[0], WWWURL_COMPAT_29));
        CHECK_STATUS(g, "set_local_host", NULL, WWWURL_OK,
                     wwwurl_config_set_local_host(c[1], "two.example:2", WWWURL_NUL_TERMINATED));
        CHECK_STATUS(g, "set_compat", NULL, WWWURL_OK, wwwurl_config_set_compat(c[1], WWWURL_COMPAT_29H));
        w[0].cfg = c[0];
        w[0].local = "http://one.example:1/x";
        w[0].amp = "http://h/?a=1&b=2";
        w[1].cfg = c[1];
        w[1].local = "http://two.example:2/x";
        w[1].amp = "http://h/?a=1&amp;b=2";
        for (k = 0; k < 2; k++)
            started[k] = pthread_create(&th[k], NULL, cfg_worker_main, &w[k]) == 0;
        for (k = 0; k < 2; k++)
            if (started[k])
                pthread_join(th[k], NULL);
        for (k = 0; k < 2; k++) {
            CHECK(g, "thread started", NULL, started[k]);
            CHECK(g, "rounds", NULL, w[k].rounds > 0);
            if (w[k].wrong)
                h_fail(g, __FILE__, __LINE__, "thread %d: %lu wrong results, first: %s", k,
                       w[k].wrong, w[k].first_wrong);
        }
    }
    wwwurl_config_free(c[0]);
    wwwurl_config_free(c[1]);
    h_case_end(g);
}

/* wwwurl_legacy_configure publishes a config whole: while one thread
 * alternates config A (2.9, local host alpha:1) and config B (2.9h,
 * beta:2), SplitURL in another thread gives A's name or B's, never A's
 * host with B's mode or the reverse. 2.9 turns the `&amp;` of the args into
 * `&`; 2.9h keeps it. */
#define SWAP_WANT_A "http://alpha:1/p?a&b"
#define SWAP_WANT_B "http://beta:2/p?a&amp;b"

struct swap_state {
    const struct wwwurl_config *cfg[2];
    pthread_mutex_t lock; /* guards stop */
    int stop;
    unsigned long swaps, bad_status;
};

static void *swap_main(void *arg)
{
    struct swap_state *s = arg;
    unsigned long k;

    for (k = 0;; k++) {
        int stop;
        pthread_mutex_lock(&s->lock);
        stop = s->stop;
        pthread_mutex_unlock(&s->lock);
        if (stop)
            break;
        if (wwwurl_legacy_configure(s->cfg[k & 1]) != WWWURL_OK)
            s->bad_status++;
        s->swaps++;
        /* valgrind runs one thread at a time: let the reader in */
        if (h_quick())
            sched_yield();
    }
    return NULL;
}

static void t_configure_whole(hgroup *g, const char *dir)
{
    struct wwwurl_config *c[2] = {NULL, NULL};
    struct swap_state s;
    unsigned long calls = h_quick() ? 3000 : 100000, i, seen[2] = {0, 0}, mixed = 0, null = 0;
    char first_mixed[200] = "";
    pthread_t th;
    int started = 0;

    (void)dir;
    memset(&s, 0, sizeof s);
    h_case_begin(g, NULL, NULL);
    CHECK_STATUS(g, "wwwurl_config_new", "A", WWWURL_OK, wwwurl_config_new(&c[0]));
    CHECK_STATUS(g, "wwwurl_config_new", "B", WWWURL_OK, wwwurl_config_new(&c[1]));
    if (c[0] && c[1]) {
        CHECK_STATUS(g, "set_local_host", "alpha:1", WWWURL_OK,
                     wwwurl_config_set_local_host(c[0], "alpha:1", WWWURL_NUL_TERMINATED));
        CHECK_STATUS(g, "set_compat", "A", WWWURL_OK, wwwurl_config_set_compat(c[0], WWWURL_COMPAT_29));
        CHECK_STATUS(g, "set_local_host", "beta:2", WWWURL_OK,
                     wwwurl_config_set_local_host(c[1], "beta:2", WWWURL_NUL_TERMINATED));
        CHECK_STATUS(g, "set_compat", "B", WWWURL_OK, wwwurl_config_set_compat(c[1], WWWURL_COMPAT_29H));
        /* each config alone gives its own name */
        for (i = 0; i < 2; i++) {
            URL *u;
            CHECK_STATUS(g, "wwwurl_legacy_configure", i ? "B" : "A", WWWURL_OK,
                         wwwurl_legacy_configure(c[i]));
            u = SplitURL("/p?a&amp;b");
            CHECK_CSTR(g, "SplitURL(\"/p?a&amp;b\")", i ? "B alone" : "A alone",
                       i ? SWAP_WANT_B : SWAP_WANT_A, u ? u->name : NULL);
            FreeURL(u);
        }
        s.cfg[0] = c[0];
        s.cfg[1] = c[1];
        pthread_mutex_init(&s.lock, NULL);
        started = pthread_create(&th, NULL, swap_main, &s) == 0;
        CHECK(g, "pthread_create", NULL, started);
        for (i = 0; started && i < calls; i++) {
            URL *u = SplitURL("/p?a&amp;b");
            if (!u) {
                null++;
            } else if (strcmp(u->name, SWAP_WANT_A) == 0) {
                seen[0]++;
            } else if (strcmp(u->name, SWAP_WANT_B) == 0) {
                seen[1]++;
            } else if (mixed++ == 0) {
                snprintf(first_mixed, sizeof first_mixed, "%s", u->name);
            }
            FreeURL(u);
            if (h_quick())
                sched_yield();
        }
        if (started) {
            pthread_mutex_lock(&s.lock);
            s.stop = 1;
            pthread_mutex_unlock(&s.lock);
            pthread_join(th, NULL);
        }
        pthread_mutex_destroy(&s.lock);
        printf("    %lu SplitURL calls during %lu reconfigurations: %lu A, %lu B, %lu mixed\n",
               calls, s.swaps, seen[0], seen[1], mixed);
        if (mixed)
            h_fail(g, __FILE__, __LINE__,
                   "%lu of %lu names mix the two configs, first: %s (wanted %s or %s)", mixed,
                   calls, first_mixed, SWAP_WANT_A, SWAP_WANT_B);
        CHECK_INT(g, "SplitURL NULL results", NULL, 0, null);
        CHECK_INT(g, "wwwurl_legacy_configure failures", NULL, 0, s.bad_status);
        CHECK(g, "the configs alternated during the calls", NULL, !started || s.swaps > 1);
    }
    /* the settings every other test runs with */
    CHECK_STATUS(g, "wwwurl_legacy_configure(H_CFG)", NULL, WWWURL_OK,
                 wwwurl_legacy_configure(H_CFG));
    wwwurl_config_free(c[0]);
    wwwurl_config_free(c[1]);
    h_case_end(g);
}

/* A config changed by one thread while another starts using it: the first
 * call that reads it freezes it, and from then on every call sees the same
 * settings and every setter is refused. Under helgrind (make
 * c-tests-helgrind) the setter's writes and the first reader's reads must
 * not look like a race. */
struct first_use {
    struct wwwurl_config *cfg;
    unsigned long set_ok, set_in_use, set_bad;
    int frozen_then_set; /* a setter succeeded after a reader got OK */
    pthread_mutex_t lock; /* guards read_ok and started */
    int read_ok;
    int started; /* the setter made its first call */
};

static void *first_use_setter(void *arg)
{
    struct first_use *f = arg;
    static const char *const hosts[2] = {"alpha:1", "beta:2"};
    int k;

    for (k = 0; k < 64; k++) {
        int read_ok, st;
        pthread_mutex_lock(&f->lock);
        read_ok = f->read_ok;
        pthread_mutex_unlock(&f->lock);
        st = wwwurl_config_set_local_host(f->cfg, hosts[k & 1], WWWURL_NUL_TERMINATED);
        if (st == WWWURL_OK) {
            f->set_ok++;
            if (read_ok)
                f->frozen_then_set = 1;
        } else if (st == WWWURL_ERR_CONFIG_IN_USE) {
            f->set_in_use++;
        } else {
            f->set_bad++;
        }
        if (k == 0) {
            pthread_mutex_lock(&f->lock);
            f->started = 1;
            pthread_mutex_unlock(&f->lock);
        }
        sched_yield();
    }
    return NULL;
}

static void t_first_use(hgroup *g, const char *dir)
{
    unsigned long rounds = h_quick() ? 20 : 500, r, wrong = 0, unread = 0, set_bad = 0;
    unsigned long late_sets = 0, set_ok = 0;
    char first_wrong[200] = "";

    (void)dir;
    h_case_begin(g, NULL, NULL);
    for (r = 0; r < rounds; r++) {
        struct first_use f;
        pthread_t th;
        char name[64] = "";
        int k, got = 0;

        memset(&f, 0, sizeof f);
        pthread_mutex_init(&f.lock, NULL);
        if (wwwurl_config_new(&f.cfg) != WWWURL_OK) {
            h_fail(g, __FILE__, __LINE__, "wwwurl_config_new failed");
            break;
        }
        if (pthread_create(&th, NULL, first_use_setter, &f) != 0) {
            h_fail(g, __FILE__, __LINE__, "pthread_create failed");
            wwwurl_config_free(f.cfg);
            break;
        }
        /* Reads only once the setter runs, so that its later calls race
         * with the first read (else this thread, already running, mostly
         * froze the config before the setter's first call). */
        for (;;) {
            int started;
            pthread_mutex_lock(&f.lock);
            started = f.started;
            pthread_mutex_unlock(&f.lock);
            if (started)
                break;
            sched_yield();
        }
        for (k = 0; k < 64; k++) {
            wwwurl_url *u = NULL;
            int st = wwwurl_parse(f.cfg, "/x", WWWURL_NUL_TERMINATED, &u);
            if (st == WWWURL_OK) {
                const char *n = wwwurl_get(u, WWWURL_PART_NAME, NULL);
                if (!got) {
                    snprintf(name, sizeof name, "%s", n ? n : "(null)");
                    got = 1;
                    pthread_mutex_lock(&f.lock);
                    f.read_ok = 1;
                    pthread_mutex_unlock(&f.lock);
                } else if (!n || strcmp(n, name) != 0) {
                    if (wrong++ == 0)
                        snprintf(first_wrong, sizeof first_wrong, "%s then %s", name,
                                 n ? n : "(null)");
                }
                wwwurl_free(u);
            } else if (st != WWWURL_ERR_CONFIG_IN_USE && wrong++ == 0) {
                snprintf(first_wrong, sizeof first_wrong, "wwwurl_parse status %d", st);
            }
            sched_yield();
        }
        pthread_join(th, NULL);
        if (!got)
            unread++;
        else if (strcmp(name, "http://localhost:8080/x") != 0 &&
                 strcmp(name, "http://alpha:1/x") != 0 && strcmp(name, "http://beta:2/x") != 0 &&
                 wrong++ == 0)
            snprintf(first_wrong, sizeof first_wrong, "first name %s", name);
        set_bad += f.set_bad;
        set_ok += f.set_ok;
        late_sets += (unsigned long)f.frozen_then_set;
        pthread_mutex_destroy(&f.lock);
        wwwurl_config_free(f.cfg);
    }
    printf("    %lu configs, each set by one thread while another reads it: %lu setter"
           " successes, %lu configs never read\n",
           rounds, set_ok, unread);
    if (wrong)
        h_fail(g, __FILE__, __LINE__, "%lu wrong results, first: %s", wrong, first_wrong);
    CHECK_INT(g, "setter results other than OK and CONFIG_IN_USE", NULL, 0, set_bad);
    CHECK_INT(g, "configs changed after a call read them", NULL, 0, late_sets);
    h_case_end(g);
}

/* One WHATWG handle read by four threads at once: the attributes after
 * the href are written the first time any thread asks for one, and every
 * thread must see them whole. */
#define SHARED_URLS 64

struct shared_reader {
    struct wwwurl_whatwg *const *u;
    const char *const (*want)[WWWURL_WHATWG_HASH + 1];
    unsigned long wrong;
};

/* Each URL of the table, parsed once in the main thread. */
static const char *const shared_inputs[] = {
    "https://user:pw@EXAMPLE.com:8080/a/../b c?x=1&y#frag",
    "blob:https://h.example:1/p",
    "sc://opaque%20host/p?q",
    "file:///C:/dir/f",
    "http://[1:0::2]/",
    "mailto:x@y.example",
};
#define N_SHARED_INPUTS (sizeof shared_inputs / sizeof shared_inputs[0])

static void *shared_reader_main(void *arg)
{
    struct shared_reader *r = arg;
    for (int i = 0; i < SHARED_URLS; i++) {
        /* Every part of every handle, which the threads read at once. */
        for (int p = WWWURL_WHATWG_HASH; p >= WWWURL_WHATWG_HREF; p--) {
            size_t n = 0;
            const char *got = wwwurl_whatwg_get(r->u[i], (wwwurl_whatwg_part)p, &n);
            const char *want = r->want[i % N_SHARED_INPUTS][p];
            if (got == NULL || n != strlen(want) || memcmp(got, want, n) != 0)
                r->wrong++;
        }
    }
    return NULL;
}

static void t_shared_whatwg(hgroup *g, const char *dir)
{
    struct wwwurl_whatwg *u[SHARED_URLS];
    char *want[N_SHARED_INPUTS][WWWURL_WHATWG_HASH + 1];
    struct wwwurl_whatwg *model[N_SHARED_INPUTS];
    struct shared_reader r[4];
    pthread_t th[4];
    int started[4], k, ok = 1;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    /* The answers, from handles read in this thread alone. */
    for (size_t i = 0; i < N_SHARED_INPUTS; i++) {
        model[i] = NULL;
        CHECK_STATUS(g, "wwwurl_whatwg_parse", shared_inputs[i], WWWURL_OK,
                     wwwurl_whatwg_parse(shared_inputs[i], WWWURL_NUL_TERMINATED, NULL, 0,
                                         &model[i]));
        for (int p = WWWURL_WHATWG_HREF; p <= WWWURL_WHATWG_HASH; p++)
            if (model[i] == NULL ||
                wwwurl_whatwg_get_dup(model[i], (wwwurl_whatwg_part)p, &want[i][p], NULL) !=
                    WWWURL_OK)
                want[i][p] = NULL, ok = 0;
        ok = ok && model[i] != NULL;
    }
    CHECK_CSTR(g, "origin of a blob URL", NULL, "https://h.example:1",
               want[1][WWWURL_WHATWG_ORIGIN]);
    CHECK_CSTR(g, "pathname", NULL, "/b%20c", want[0][WWWURL_WHATWG_PATHNAME]);
    for (int i = 0; i < SHARED_URLS; i++) {
        u[i] = NULL;
        if (ok && wwwurl_whatwg_parse(shared_inputs[i % N_SHARED_INPUTS], WWWURL_NUL_TERMINATED,
                                      NULL, 0, &u[i]) != WWWURL_OK)
            ok = 0;
    }
    CHECK(g, "every shared handle parsed", NULL, ok);
    if (ok) {
        for (k = 0; k < 4; k++) {
            r[k].u = u;
            r[k].want = (const char *const (*)[WWWURL_WHATWG_HASH + 1])want;
            r[k].wrong = 0;
            started[k] = pthread_create(&th[k], NULL, shared_reader_main, &r[k]) == 0;
        }
        for (k = 0; k < 4; k++) {
            if (started[k])
                pthread_join(th[k], NULL);
            CHECK(g, "thread started", NULL, started[k]);
            CHECK(g, "every part whole in every thread", NULL, r[k].wrong == 0);
        }
    }
    for (int i = 0; i < SHARED_URLS; i++)
        wwwurl_whatwg_free(u[i]);
    for (size_t i = 0; i < N_SHARED_INPUTS; i++) {
        wwwurl_whatwg_free(model[i]);
        for (int p = WWWURL_WHATWG_HREF; p <= WWWURL_WHATWG_HASH; p++)
            wwwurl_string_free(want[i][p]);
    }
    h_case_end(g);
}

/* URL patterns and a set of them, made once and used by 4 threads at
 * once: test, exec (every component's input and groups) and the set's
 * match of each URL must give what one thread got alone. */
static const char *const pattern_rules[] = {
    "https://*.example.com/static/*",
    "https://example.com/books/:id(\\d+){/:rest}*",
    "*://*/logout",
    "http{s}?://:sub.example.com/:first/*",
    "https://example.org/:a?/:b?",
};
#define N_PATTERN_RULES (sizeof pattern_rules / sizeof pattern_rules[0])

static const char *const pattern_urls[] = {
    "https://www.example.com/static/a.css",
    "https://example.com/books/42/x/y",
    "http://h.example/logout",
    "https://api.example.com/v1/users?x#y",
    "https://example.org/",
    "https://example.org/one",
    "not a URL",
};
#define N_PATTERN_URLS (sizeof pattern_urls / sizeof pattern_urls[0])

struct pattern_reader {
    wwwurl_urlpattern *const *p;
    const wwwurl_urlpattern_set *set;
    char *const *want; /* per URL: the flat answer */
    unsigned long wrong;
};

/* Everything a URL gets from the patterns and the set, as one line. */
static void pattern_answer(wwwurl_urlpattern *const *p, const wwwurl_urlpattern_set *set,
                           const char *url, hbuf *out)
{
    size_t k, idx[N_PATTERN_RULES], count = 0;
    int c;

    hb_reset(out);
    for (k = 0; k < N_PATTERN_RULES; k++) {
        wwwurl_urlpattern_result *r = NULL;
        int m = -1;
        int st = (int)wwwurl_urlpattern_test(p[k], url, WWWURL_NUL_TERMINATED, NULL, 0, &m);
        hb_printf(out, "[%d %d", st, m);
        st = (int)wwwurl_urlpattern_exec(p[k], url, WWWURL_NUL_TERMINATED, NULL, 0, &r);
        hb_printf(out, " %d", st);
        for (c = 0; r && c <= WWWURL_URLPATTERN_HASH; c++) {
            size_t i, n = wwwurl_urlpattern_result_group_count(r, (wwwurl_urlpattern_component)c);
            hb_printf(out, " %s", wwwurl_urlpattern_result_input(r, (wwwurl_urlpattern_component)c,
                                                                  NULL));
            for (i = 0; i < n; i++) {
                const char *v = wwwurl_urlpattern_result_group_value(
                    r, (wwwurl_urlpattern_component)c, i, NULL);
                hb_printf(out, " %s=%s",
                          wwwurl_urlpattern_result_group_name(r, (wwwurl_urlpattern_component)c,
                                                              i, NULL),
                          v ? v : "(undefined)");
            }
        }
        wwwurl_urlpattern_result_free(r);
        hb_puts(out, "]");
    }
    c = (int)wwwurl_urlpattern_set_match(set, url, WWWURL_NUL_TERMINATED, NULL, 0, idx,
                                         N_PATTERN_RULES, &count);
    hb_printf(out, " set %d:", c);
    for (k = 0; k < count && k < N_PATTERN_RULES; k++)
        hb_printf(out, " %zu", idx[k]);
}

static void *pattern_reader_main(void *arg)
{
    struct pattern_reader *r = arg;
    hbuf got;
    hb_init(&got);
    for (int round = 0; round < 50; round++)
        for (size_t u = 0; u < N_PATTERN_URLS; u++) {
            size_t i = (u + (size_t)round) % N_PATTERN_URLS;
            pattern_answer(r->p, r->set, pattern_urls[i], &got);
            if (strcmp(got.p, r->want[i]) != 0)
                r->wrong++;
        }
    hb_free(&got);
    return NULL;
}

static void t_shared_patterns(hgroup *g, const char *dir)
{
    wwwurl_urlpattern *p[N_PATTERN_RULES];
    wwwurl_urlpattern_set *set = NULL;
    char *want[N_PATTERN_URLS];
    struct pattern_reader r[4];
    pthread_t th[4];
    int started[4], k, ok = 1;
    size_t i;
    hbuf b;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    hb_init(&b);
    for (i = 0; i < N_PATTERN_RULES; i++) {
        p[i] = NULL;
        ok &= CHECK_STATUS(g, "wwwurl_urlpattern_parse", pattern_rules[i], WWWURL_OK,
                           wwwurl_urlpattern_parse(pattern_rules[i], WWWURL_NUL_TERMINATED, NULL,
                                                   0, 0, &p[i]));
    }
    ok &= CHECK_STATUS(g, "wwwurl_urlpattern_set_new", NULL, WWWURL_OK,
                       wwwurl_urlpattern_set_new((const wwwurl_urlpattern *const *)p,
                                                 N_PATTERN_RULES, &set));
    for (i = 0; i < N_PATTERN_URLS; i++) {
        want[i] = NULL;
        if (ok) {
            pattern_answer(p, set, pattern_urls[i], &b);
            want[i] = strdup(b.p);
        }
    }
    if (ok) {
        CHECK_CSTR(g, "the answer for a book", NULL,
                   "[0 0 0][0 1 0 https  0=  0= example.com  /books/42/x/y id=42 rest=x/y  0=  "
                   "0=][0 0 0][0 0 0][0 0 0] set 0: 1",
                   want[1]);
        for (k = 0; k < 4; k++) {
            r[k].p = p;
            r[k].set = set;
            r[k].want = want;
            r[k].wrong = 0;
            started[k] = pthread_create(&th[k], NULL, pattern_reader_main, &r[k]) == 0;
        }
        for (k = 0; k < 4; k++) {
            if (started[k])
                pthread_join(th[k], NULL);
            CHECK(g, "thread started", NULL, started[k]);
            CHECK(g, "every answer right in every thread", NULL, r[k].wrong == 0);
        }
    }
    for (i = 0; i < N_PATTERN_URLS; i++)
        free(want[i]);
    for (i = 0; i < N_PATTERN_RULES; i++)
        wwwurl_urlpattern_free(p[i]);
    wwwurl_urlpattern_set_free(set);
    hb_free(&b);
    h_case_end(g);
}

static const h_test tests[] = {
    {"two threads, two configs", t_two_configs},
    {"wwwurl_legacy_configure publishes a config whole", t_configure_whole},
    {"a config set in one thread, first read in another", t_first_use},
    {"4 threads read the same WHATWG handles", t_shared_whatwg},
    {"4 threads match the same URL patterns and set", t_shared_patterns},
    {"4 threads vs single-threaded", t_threads},
    {"rotating buffers per thread", t_rotating},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
