/* wwwurl linear-time test: every function that takes a string, on hostile
 * inputs of 64 KiB and of 1 MiB, must take at most 64 times as long on the
 * larger (linear work gives about 16, quadratic about 256).
 *
 *   linear [FILTER]     run only the cases whose name contains FILTER
 *
 * An input repeats one pattern (/./  /../  %  %2  &amp;  @  :  [) in one
 * argument position: for SplitURL, wwwurl_parse, wwwurl_whatwg_parse and
 * wwwurl_canonicalize (each profile) as the whole URL, after "http://" in
 * the host, in the path and in the args; for CreateURL, AddPasswordURL,
 * LinkURL and their modern forms in each argument in turn; for
 * wwwurl_whatwg_set as the value of each attribute.
 *
 * The query functions (wwwurl_query_*, the query edits of the handles,
 * wwwurl_nvs_key, and wwwurl_canonicalize with the pattern in the query)
 * get query patterns instead: many parameters (a=1&  &amp;  &), parameters
 * with distinct names in no order (k######=v&, where ###### is a
 * different 6-digit hex number each time, a permutation of the counter),
 * and one huge parameter (%2  =  +  /./). Sorting n parameters is
 * n log n: 1 MiB of k######=v& is 16 times the parameters of 64 KiB, and
 * n log n gives a ratio of about 16 * log(104857) / log(6553), 21, well
 * within the limit. wwwurl_nvs_parse gets Structured Field patterns:
 * distinct dictionary keys (k######, ), distinct strings in a list
 * ("k######" ) and repeated members. The URL pattern functions get the
 * syntax of patterns ({a}?  \:  /./  %  [  *, a group each): a pattern
 * compiled from each of three components, and URLs matched against a
 * pattern and a set.
 *
 * Each size is timed 3 times (best kept) in thread CPU time
 * (CLOCK_THREAD_CPUTIME_ID, else CLOCK_MONOTONIC), except that a
 * 1 MiB call within half the allowed ratio is not repeated; the copy of the
 * input into the argument buffer and any set-up are outside the timed region.
 *
 * Every case runs in a child process with a timer, so that a quadratic
 * function cannot hang the run: a 1 MiB call slower than 100 times the
 * 64 KiB one (and than 0.5 s) is killed and the case fails, and so does a
 * 64 KiB call slower than 0.25 s.
 *
 * A case over the limit is measured again, up to 3 times in all, and fails
 * only if every try does (a busy machine makes single calls slow).
 *
 * A case whose function reports an internal error (NULL from a legacy
 * function that allocates, WWWURL_ERR_PANIC from a modern one) fails.
 *
 * One line per case, then "N passed, N failed"; the exit status is 1 when a
 * case failed.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "wwwurl.h"
#include "profile_list.h"
#include "wwwurl_legacy.h"

#define SMALL (64u << 10)
#define LARGE (1u << 20)
#define MAX_RATIO 64.0
#define KILL_RATIO 100.0
#define SMALL_LIMIT_S 0.25
#define LARGE_FLOOR_S 0.5
#define MAX_TRIES 3

/* ---- what a case calls --------------------------------------------------- */

/* The outcome of one call. */
enum { CALL_OK = 0, CALL_INTERNAL = 1 };

/* A call with the hostile argument `s` (writable, NUL-terminated, `n` bytes),
 * given the prepared context. */
typedef int (*call_fn)(char *s, size_t n, void *ctx);

/* Optional per-call set-up and clean-up, outside the timed region. */
typedef void *(*prep_fn)(void);
typedef void (*done_fn)(void *ctx);

typedef struct target {
    const char *name;   /* function(position) */
    const char *prefix; /* put before the repeated pattern */
    const char *suffix; /* and after it */
    call_fn call;
    prep_fn prep;
    done_fn done;
} target;

static int legacy_str(char *r) {
    if (!r)
        return CALL_INTERNAL;
    free(r);
    return CALL_OK;
}

static int legacy_url(URL *u) {
    if (!u)
        return CALL_INTERNAL;
    FreeURL(u);
    return CALL_OK;
}

static int modern(wwwurl_status st, struct wwwurl_url *u) {
    wwwurl_free(u);
    return st == WWWURL_ERR_PANIC ? CALL_INTERNAL : CALL_OK;
}

/* SplitURL and wwwurl_parse: the prefix and suffix give the position. */
static int c_split(char *s, size_t n, void *ctx) {
    (void)n, (void)ctx;
    return legacy_url(SplitURL(s));
}
static int c_parse(char *s, size_t n, void *ctx) {
    (void)ctx;
    struct wwwurl_url *u = NULL;
    return modern(wwwurl_parse(NULL, s, n, &u), u);
}

/* CreateURL and wwwurl_create with the hostile string as argument k. */
static const char *create_args(int k, char *s, const char **a) {
    static const char *const dflt[6] = {"http", "www.example.com", "/dir/page.html", "x=1&y=2",
                                        "user", "pass"};
    for (int i = 0; i < 6; i++)
        a[i] = i == k ? s : dflt[i];
    return a[0];
}
#define CREATE(K)                                                                       \
    static int c_create##K(char *s, size_t n, void *ctx) {                              \
        const char *a[6];                                                               \
        (void)n, (void)ctx;                                                             \
        create_args(K, s, a);                                                           \
        return legacy_url(CreateURL(a[0], a[1], a[2], a[3], a[4], a[5]));               \
    }                                                                                   \
    static int c_wcreate##K(char *s, size_t n, void *ctx) {                             \
        const char *a[6];                                                               \
        struct wwwurl_url *u = NULL;                                                    \
        (void)n, (void)ctx;                                                             \
        create_args(K, s, a);                                                           \
        return modern(wwwurl_create(NULL, a[0], a[1], a[2], a[3], a[4], a[5], &u), u);     \
    }
CREATE(0)
CREATE(1)
CREATE(2)
CREATE(3)
CREATE(4)
CREATE(5)

/* LinkURL: a hostile link against a plain page, or a plain link against a
 * page whose path is hostile (built outside the timed region). */
static const char *const page = "http://www.example.com/dir/page.html?q=1";

static void *p_page(void) {
    return SplitURL(page);
}
static void d_url(void *ctx) {
    FreeURL(ctx);
}
static int c_link(char *s, size_t n, void *ctx) {
    (void)n;
    if (!ctx)
        return CALL_INTERNAL;
    return legacy_url(LinkURL(ctx, s));
}
static int c_link_base(char *s, size_t n, void *ctx) {
    (void)n, (void)ctx;
    URL *base = CreateURL("http", "www.example.com", s, NULL, NULL, NULL);
    if (!base)
        return CALL_INTERNAL;
    /* The record is made in the timed region too: a linear call. */
    int r = legacy_url(LinkURL(base, "../other/x.html?a=b"));
    FreeURL(base);
    return r;
}

static void *p_wpage(void) {
    struct wwwurl_url *u = NULL;
    wwwurl_parse(NULL, page, WWWURL_NUL_TERMINATED, &u);
    return u;
}
static void d_wurl(void *ctx) {
    wwwurl_free(ctx);
}
static int c_wlink(char *s, size_t n, void *ctx) {
    struct wwwurl_url *u = NULL;
    if (!ctx)
        return CALL_INTERNAL;
    return modern(wwwurl_link(NULL, ctx, s, n, &u), u);
}
static int c_wlink_base(char *s, size_t n, void *ctx) {
    struct wwwurl_url *base = NULL, *u = NULL;
    (void)n, (void)ctx;
    if (wwwurl_create(NULL, "http", "www.example.com", s, NULL, NULL, NULL, &base) ==
        WWWURL_ERR_PANIC)
        return CALL_INTERNAL;
    int r = modern(wwwurl_link(NULL, base, "../other/x.html?a=b", WWWURL_NUL_TERMINATED, &u), u);
    wwwurl_free(base);
    return r;
}

/* AddPasswordURL and wwwurl_set_userinfo: hostile user or password. */
static int c_addpass(char *s, size_t n, void *ctx, int which) {
    (void)n;
    URL *u = ctx;
    if (!u)
        return CALL_INTERNAL;
    AddPasswordURL(u, which == 0 ? s : "user", which == 1 ? s : "pass");
    /* It leaves the record unchanged when it failed inside. */
    return u->user ? CALL_OK : CALL_INTERNAL;
}
static int c_addpass_user(char *s, size_t n, void *ctx) {
    return c_addpass(s, n, ctx, 0);
}
static int c_addpass_pass(char *s, size_t n, void *ctx) {
    return c_addpass(s, n, ctx, 1);
}
static int c_userinfo(char *s, size_t n, void *ctx, int which) {
    (void)n;
    if (!ctx)
        return CALL_INTERNAL;
    wwwurl_status st =
        wwwurl_set_userinfo(ctx, which == 0 ? s : "user", which == 1 ? s : "pass");
    return st == WWWURL_ERR_PANIC ? CALL_INTERNAL : CALL_OK;
}
static int c_userinfo_user(char *s, size_t n, void *ctx) {
    return c_userinfo(s, n, ctx, 0);
}
static int c_userinfo_pass(char *s, size_t n, void *ctx) {
    return c_userinfo(s, n, ctx, 1);
}

/* The string routines. */
#define STR1(NAME, EXPR)                                      \
    static int c_##NAME(char *s, size_t n, void *ctx) {        \
        (void)n, (void)ctx;                                    \
        return legacy_str(EXPR);                               \
    }
STR1(decode_generic, URLDecodeGeneric(s))
STR1(decode_form, URLDecodeFormArgs(s))
STR1(recode_form, URLRecodeFormArgs(s))
STR1(encode_path, URLEncodePath(s))
STR1(encode_form, URLEncodeFormArgs(s))
STR1(encode_password, URLEncodePassword(s))
STR1(make_hash, MakeHash(s))
STR1(base64_encode, Base64Encode(s, n))
STR1(html_string, HTMLString(s, 1))
#if defined(WWWURL_LEGACY_29H)
STR1(fix_html_link, FixHTMLLinkURL(s))
#endif
STR1(canon_host, CanonicaliseHost(s))

static int c_base64_decode(char *s, size_t n, void *ctx) {
    size_t m;
    (void)n, (void)ctx;
    return legacy_str(Base64Decode(s, &m));
}
static int c_split_form(char *s, size_t n, void *ctx) {
    (void)n, (void)ctx;
    char **v = SplitFormArgs(s);
    if (!v)
        return CALL_INTERNAL;
    free(v[0]);
    free(v);
    return CALL_OK;
}
static volatile long date_sink;
static int c_date(char *s, size_t n, void *ctx) {
    (void)n, (void)ctx;
    date_sink = DateToTimeT(s);
    return CALL_OK;
}
static int c_trim(char *s, size_t n, void *ctx) {
    (void)n, (void)ctx;
    return TrimArgs(s) ? CALL_OK : CALL_INTERNAL;
}
#if !defined(WWWURL_LEGACY_29H)
static int c_replace_amp(char *s, size_t n, void *ctx) {
    (void)n, (void)ctx;
    URLReplaceAmp(s);
    return CALL_OK;
}
#endif
static int c_canon_name(char *s, size_t n, void *ctx) {
    (void)n, (void)ctx;
    CanonicaliseName(s);
    return CALL_OK;
}

/* wwwurl_transcode into a buffer large enough for any codec (3 bytes a byte). */
static char *out_buf;
static size_t out_cap;
#define TRANSCODE(NAME, CODEC)                                                       \
    static int c_t_##NAME(char *s, size_t n, void *ctx) {                            \
        size_t needed;                                                               \
        (void)ctx;                                                                   \
        wwwurl_status st = wwwurl_transcode(CODEC, s, n, out_buf, out_cap, &needed); \
        return st == WWWURL_ERR_PANIC ? CALL_INTERNAL : CALL_OK;                           \
    }
TRANSCODE(decode_generic, WWWURL_CODEC_DECODE_GENERIC)
TRANSCODE(decode_form, WWWURL_CODEC_DECODE_FORM)
TRANSCODE(recode_form, WWWURL_CODEC_RECODE_FORM)
TRANSCODE(encode_path, WWWURL_CODEC_ENCODE_PATH)
TRANSCODE(encode_form, WWWURL_CODEC_ENCODE_FORM)
TRANSCODE(encode_password, WWWURL_CODEC_ENCODE_PASSWORD)

static int c_rfc3986(char *s, size_t n, void *ctx, uint32_t flags) {
    struct wwwurl_components c;
    (void)ctx;
    return wwwurl_rfc3986_split(s, n, flags, &c) == WWWURL_ERR_PANIC ? CALL_INTERNAL : CALL_OK;
}
static int c_rfc3986_strict(char *s, size_t n, void *ctx) {
    return c_rfc3986(s, n, ctx, 0);
}
static int c_rfc3986_browser(char *s, size_t n, void *ctx) {
    return c_rfc3986(s, n, ctx, WWWURL_FLAG_BROWSER);
}

static void *p_create(void) {
    return CreateURL("http", "www.example.com", "/dir/page.html", "x=1", NULL, NULL);
}
static void *p_wcreate(void) {
    struct wwwurl_url *u = NULL;
    wwwurl_create(NULL, "http", "www.example.com", "/dir/page.html", "x=1", NULL, NULL, &u);
    return u;
}

/* ---- WHATWG, profiles, queries, No-Vary-Search ---------------------------- */

static int status_call(wwwurl_status st) {
    return st == WWWURL_ERR_PANIC ? CALL_INTERNAL : CALL_OK;
}

/* Parse (the pattern in the position the prefix and suffix give), read the
 * href, free. */
static int c_whatwg(char *s, size_t n, void *ctx) {
    struct wwwurl_whatwg *u = NULL;
    size_t len;
    (void)ctx;
    wwwurl_status st = wwwurl_whatwg_parse(s, n, NULL, 0, &u);
    if (st == WWWURL_OK && !wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, &len))
        st = WWWURL_ERR_PANIC;
    wwwurl_whatwg_free(u);
    return status_call(st);
}
static int c_whatwg_validate(char *s, size_t n, void *ctx) {
    struct wwwurl_validation *v = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_whatwg_validate(s, n, NULL, 0, &v);
    wwwurl_validation_free(v);
    return status_call(st);
}
static int c_whatwg_base(char *s, size_t n, void *ctx) {
    struct wwwurl_whatwg *u = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_whatwg_parse("../other/x.html?a=b", WWWURL_NUL_TERMINATED, s, n, &u);
    wwwurl_whatwg_free(u);
    return status_call(st);
}

static void *p_whatwg(void) {
    struct wwwurl_whatwg *u = NULL;
    wwwurl_whatwg_parse("http://user:pass@www.example.com:8080/dir/page.html?q=1#f",
                        WWWURL_NUL_TERMINATED, NULL, 0, &u);
    return u;
}
static void d_whatwg(void *ctx) {
    wwwurl_whatwg_free(ctx);
}
#define WSET(NAME, PART)                                                  \
    static int c_wset_##NAME(char *s, size_t n, void *ctx) {             \
        if (!ctx)                                                         \
            return CALL_INTERNAL;                                         \
        return status_call(wwwurl_whatwg_set(ctx, PART, s, n));           \
    }
WSET(href, WWWURL_WHATWG_HREF)
WSET(protocol, WWWURL_WHATWG_PROTOCOL)
WSET(username, WWWURL_WHATWG_USERNAME)
WSET(host, WWWURL_WHATWG_HOST)
WSET(pathname, WWWURL_WHATWG_PATHNAME)
WSET(search, WWWURL_WHATWG_SEARCH)
WSET(hash, WWWURL_WHATWG_HASH)

static int c_browser_base(char *s, size_t n, void *ctx) {
    char *out = NULL;
    (void)ctx;
    wwwurl_status st =
        wwwurl_browser_resolve(s, n, "../other/x.html?a=b", WWWURL_NUL_TERMINATED, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
static int c_browser_spec(char *s, size_t n, void *ctx) {
    char *out = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_browser_resolve(page, WWWURL_NUL_TERMINATED, s, n, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
static int c_domain_ascii(char *s, size_t n, void *ctx) {
    char *out = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_domain_to_ascii(s, n, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
static int c_domain_unicode(char *s, size_t n, void *ctx) {
    char *out = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_domain_to_unicode(s, n, &out);
    wwwurl_string_free(out);
    return status_call(st);
}

/* wwwurl_canonicalize under each profile. */
static int canon(const char *profile, char *s, size_t n) {
    char *out = NULL;
    wwwurl_status st = wwwurl_canonicalize(NULL, profile, s, n, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
#define CANON(NAME, PROFILE)                                      \
    static int c_canon_##NAME(char *s, size_t n, void *ctx) {    \
        (void)ctx;                                                \
        return canon(PROFILE, s, n);                              \
    }
BENCH_PROFILES(CANON)

/* wwwurl_query_edit with the hostile query, name "a", value "1" (none for
 * DELETE, neither for SORT). */
static int qedit(wwwurl_query_op op, const char *q, size_t qn, const char *name, size_t nn,
                 const char *value, size_t vn) {
    char *out = NULL;
    wwwurl_status st = wwwurl_query_edit(q, qn, op, name, nn, value, vn, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
#define QEDIT(NAME, OP, NM, VAL)                                                        \
    static int c_q_##NAME(char *s, size_t n, void *ctx) {                               \
        (void)ctx;                                                                      \
        return qedit(OP, s, n, NM, NM ? WWWURL_NUL_TERMINATED : 0, VAL,                 \
                     VAL ? WWWURL_NUL_TERMINATED : 0);                                  \
    }
QEDIT(append, WWWURL_QUERY_APPEND, "a", "1")
QEDIT(set, WWWURL_QUERY_SET, "a", "1")
QEDIT(delete, WWWURL_QUERY_DELETE, "a", (const char *)NULL)
QEDIT(delete_value, WWWURL_QUERY_DELETE, "a", "1")
QEDIT(sort, WWWURL_QUERY_SORT, (const char *)NULL, (const char *)NULL)
QEDIT(keep, WWWURL_QUERY_KEEP, "a", (const char *)NULL)
QEDIT(strip, WWWURL_QUERY_STRIP, "a", (const char *)NULL)
QEDIT(keep_prefix, WWWURL_QUERY_KEEP_PREFIX, "k1", (const char *)NULL)
QEDIT(strip_prefix, WWWURL_QUERY_STRIP_PREFIX, "k", (const char *)NULL)
static const char short_query[] = "x=1&a=2&y=3";
static int c_q_append_name(char *s, size_t n, void *ctx) {
    (void)ctx;
    return qedit(WWWURL_QUERY_APPEND, short_query, sizeof short_query - 1, s, n, "1", 1);
}
static int c_q_append_value(char *s, size_t n, void *ctx) {
    (void)ctx;
    return qedit(WWWURL_QUERY_APPEND, short_query, sizeof short_query - 1, "a", 1, s, n);
}
static int c_q_delete_name(char *s, size_t n, void *ctx) {
    (void)ctx;
    return qedit(WWWURL_QUERY_DELETE, short_query, sizeof short_query - 1, s, n, NULL, 0);
}
/* A name no parameter has: every parameter is compared. */
static int c_q_get(char *s, size_t n, void *ctx) {
    char *out = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_query_get(s, n, "zz", 2, 0, 0, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
/* The last of the parameters named "a" (prefix "a=1&"): every one is seen. */
static int c_q_get_nth(char *s, size_t n, void *ctx) {
    char *out = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_query_get(s, n, "a", 1, 1000000000u, 0, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
/* The first parameter named "a" (prefix "a="): its value, decoded. */
static int c_q_get_first(char *s, size_t n, void *ctx) {
    char *out = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_query_get(s, n, "a", 1, 0, 0, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
static volatile size_t count_sink;
static int c_q_count(char *s, size_t n, void *ctx) {
    (void)ctx;
    count_sink = wwwurl_query_count(s, n);
    return CALL_OK;
}
static int c_q_next(char *s, size_t n, void *ctx) {
    size_t pos = 0, k = 0;
    struct wwwurl_query_param prm;
    wwwurl_status st;
    (void)ctx;
    while ((st = wwwurl_query_next(s, n, &pos, &prm)) == WWWURL_OK)
        k++;
    count_sink = k;
    return st == WWWURL_ERR_NOT_FOUND ? CALL_OK : CALL_INTERNAL;
}
static int c_q_decode(char *s, size_t n, void *ctx) {
    char *out = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_query_decode(s, n, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
/* The handles' query edits: the handle is made in the timed region too (a
 * linear call), from "http://www.example.com/p?" and the hostile query. */
static int c_url_qsort(char *s, size_t n, void *ctx) {
    struct wwwurl_url *u = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_parse(NULL, s, n, &u);
    if (st == WWWURL_OK)
        st = wwwurl_url_query_edit(u, WWWURL_QUERY_SORT, NULL, 0, NULL, 0);
    wwwurl_free(u);
    return status_call(st);
}
static int c_whatwg_qsort(char *s, size_t n, void *ctx) {
    struct wwwurl_whatwg *u = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_whatwg_parse(s, n, NULL, 0, &u);
    if (st == WWWURL_OK)
        st = wwwurl_whatwg_query_edit(u, WWWURL_QUERY_SORT, NULL, 0, NULL, 0);
    wwwurl_whatwg_free(u);
    return status_call(st);
}

/* No-Vary-Search: a key of a URL whose query is hostile, under a value
 * made before the call. */
static void *nvs_of(const char *value) {
    struct wwwurl_nvs *v = NULL;
    wwwurl_nvs_parse(value, WWWURL_NUL_TERMINATED, &v);
    return v;
}
static void *p_nvs_order(void) {
    return nvs_of("key-order");
}
static void *p_nvs_params(void) {
    return nvs_of("params=(\"a\" \"k000001\" \"x\"), key-order");
}
static void *p_nvs_except(void) {
    return nvs_of("params, except=(\"a\" \"k000001\")");
}
static void d_nvs(void *ctx) {
    wwwurl_nvs_free(ctx);
}
static int c_nvs_key(char *s, size_t n, void *ctx) {
    char *out = NULL;
    if (!ctx)
        return CALL_INTERNAL;
    wwwurl_status st = wwwurl_nvs_key(ctx, s, n, &out);
    wwwurl_string_free(out);
    return status_call(st);
}
static int c_nvs_parse(char *s, size_t n, void *ctx) {
    struct wwwurl_nvs *v = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_nvs_parse(s, n, &v);
    wwwurl_nvs_free(v);
    return status_call(st);
}

/* The Public Suffix List: lookups under the built-in list, and loading. */
static int c_psl_reg(char *s, size_t n, void *ctx) {
    size_t start = 0;
    (void)ctx;
    return status_call(wwwurl_psl_registrable_domain(wwwurl_psl_builtin(), s, n, 0, &start));
}
static int c_psl_suffix(char *s, size_t n, void *ctx) {
    size_t start = 0;
    (void)ctx;
    return status_call(
        wwwurl_psl_public_suffix(wwwurl_psl_builtin(), s, n, WWWURL_PSL_ICANN, &start));
}
static int c_psl_load(char *s, size_t n, void *ctx) {
    struct wwwurl_psl *p = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_psl_load(s, n, &p);
    wwwurl_psl_free(p);
    return status_call(st);
}

/* URL patterns: a pattern compiled from the hostile string, and URLs
 * matched against a pattern or a set made before the call. */
static int c_up_parse(char *s, size_t n, void *ctx) {
    struct wwwurl_urlpattern *p = NULL;
    (void)ctx;
    wwwurl_status st = wwwurl_urlpattern_parse(s, n, NULL, 0, 0, &p);
    wwwurl_urlpattern_free(p);
    return status_call(st);
}
static void *p_up_pattern(void) {
    struct wwwurl_urlpattern *p = NULL;
    wwwurl_urlpattern_parse("http{s}?://:sub.example.com/:first/*", WWWURL_NUL_TERMINATED, NULL,
                            0, 0, &p);
    return p;
}
static void d_up_pattern(void *ctx) {
    wwwurl_urlpattern_free(ctx);
}
static int c_up_test(char *s, size_t n, void *ctx) {
    int m;
    return ctx ? status_call(wwwurl_urlpattern_test(ctx, s, n, NULL, 0, &m)) : CALL_INTERNAL;
}
static int c_up_exec(char *s, size_t n, void *ctx) {
    struct wwwurl_urlpattern_result *r = NULL;
    if (!ctx)
        return CALL_INTERNAL;
    wwwurl_status st = wwwurl_urlpattern_exec(ctx, s, n, NULL, 0, &r);
    wwwurl_urlpattern_result_free(r);
    return status_call(st);
}
static void *p_up_set(void) {
    static const char *const list[] = {"http{s}?://:sub.example.com/:first/*",
                                       "https://www.example.com/*", "*://*/logout",
                                       "https://*.example.com/a/:x/*"};
    struct wwwurl_urlpattern_set *set = NULL;
    size_t failed;
    wwwurl_urlpattern_set_parse(list, 4, NULL, 0, 0, &failed, &set);
    return set;
}
static void d_up_set(void *ctx) {
    wwwurl_urlpattern_set_free(ctx);
}
static int c_up_set_match(char *s, size_t n, void *ctx) {
    size_t idx[4], count;
    return ctx ? status_call(wwwurl_urlpattern_set_match(ctx, s, n, NULL, 0, idx, 4, &count))
               : CALL_INTERNAL;
}

#ifdef LINEAR_SELF_TEST
/* Checks the checker (cc -DLINEAR_SELF_TEST): a quadratic function must fail. */
static volatile size_t quad_sink;
static int c_quadratic(char *s, size_t n, void *ctx) {
    size_t acc = 0;
    (void)ctx;
    for (size_t i = 0; i < n; i += 64)
        acc += strlen(s + i);
    quad_sink = acc;
    return CALL_OK;
}
static int c_linear(char *s, size_t n, void *ctx) {
    (void)n, (void)ctx;
    quad_sink = strlen(s);
    return CALL_OK;
}
#endif

static const target targets[] = {
#ifdef LINEAR_SELF_TEST
    {"self-test quadratic (must FAIL)", "", "", c_quadratic, NULL, NULL},
    {"self-test linear", "", "", c_linear, NULL, NULL},
#endif
    {"SplitURL(whole)", "", "", c_split, NULL, NULL},
    {"SplitURL(host)", "http://", "", c_split, NULL, NULL},
    {"SplitURL(path)", "http://www.example.com/", "", c_split, NULL, NULL},
    {"SplitURL(args)", "http://www.example.com/p?", "", c_split, NULL, NULL},
    {"CreateURL(proto)", "", "", c_create0, NULL, NULL},
    {"CreateURL(hostport)", "", "", c_create1, NULL, NULL},
    {"CreateURL(path)", "/", "", c_create2, NULL, NULL},
    {"CreateURL(args)", "", "", c_create3, NULL, NULL},
    {"CreateURL(user)", "", "", c_create4, NULL, NULL},
    {"CreateURL(pass)", "", "", c_create5, NULL, NULL},
    {"LinkURL(link)", "", "", c_link, p_page, d_url},
    {"LinkURL(link host)", "http://", "", c_link, p_page, d_url},
    {"LinkURL(link path)", "/", "", c_link, p_page, d_url},
    {"LinkURL(link args)", "x.html?", "", c_link, p_page, d_url},
    {"LinkURL(base path)", "/", "/", c_link_base, NULL, NULL},
    {"AddPasswordURL(user)", "", "", c_addpass_user, p_create, d_url},
    {"AddPasswordURL(pass)", "", "", c_addpass_pass, p_create, d_url},
    {"URLDecodeGeneric", "", "", c_decode_generic, NULL, NULL},
    {"URLDecodeFormArgs", "", "", c_decode_form, NULL, NULL},
    {"URLRecodeFormArgs", "", "", c_recode_form, NULL, NULL},
    {"URLEncodePath", "", "", c_encode_path, NULL, NULL},
    {"URLEncodeFormArgs", "", "", c_encode_form, NULL, NULL},
    {"URLEncodePassword", "", "", c_encode_password, NULL, NULL},
    {"SplitFormArgs", "", "", c_split_form, NULL, NULL},
    {"TrimArgs", " ", " ", c_trim, NULL, NULL},
    {"MakeHash", "", "", c_make_hash, NULL, NULL},
    {"Base64Encode", "", "", c_base64_encode, NULL, NULL},
    {"Base64Decode", "", "", c_base64_decode, NULL, NULL},
    {"DateToTimeT", "", "", c_date, NULL, NULL},
    {"HTMLString", "", "", c_html_string, NULL, NULL},
#if defined(WWWURL_LEGACY_29H)
    {"FixHTMLLinkURL", "", "", c_fix_html_link, NULL, NULL},
#else
    {"URLReplaceAmp", "", "", c_replace_amp, NULL, NULL},
#endif
    {"CanonicaliseHost", "", "", c_canon_host, NULL, NULL},
    {"CanonicaliseName", "/", "", c_canon_name, NULL, NULL},
    {"wwwurl_parse(whole)", "", "", c_parse, NULL, NULL},
    {"wwwurl_parse(host)", "http://", "", c_parse, NULL, NULL},
    {"wwwurl_parse(path)", "http://www.example.com/", "", c_parse, NULL, NULL},
    {"wwwurl_parse(args)", "http://www.example.com/p?", "", c_parse, NULL, NULL},
    {"wwwurl_create(proto)", "", "", c_wcreate0, NULL, NULL},
    {"wwwurl_create(hostport)", "", "", c_wcreate1, NULL, NULL},
    {"wwwurl_create(path)", "/", "", c_wcreate2, NULL, NULL},
    {"wwwurl_create(args)", "", "", c_wcreate3, NULL, NULL},
    {"wwwurl_create(user)", "", "", c_wcreate4, NULL, NULL},
    {"wwwurl_create(pass)", "", "", c_wcreate5, NULL, NULL},
    {"wwwurl_link(link)", "", "", c_wlink, p_wpage, d_wurl},
    {"wwwurl_link(link host)", "http://", "", c_wlink, p_wpage, d_wurl},
    {"wwwurl_link(link path)", "/", "", c_wlink, p_wpage, d_wurl},
    {"wwwurl_link(link args)", "x.html?", "", c_wlink, p_wpage, d_wurl},
    {"wwwurl_link(base path)", "/", "/", c_wlink_base, NULL, NULL},
    {"wwwurl_set_userinfo(user)", "", "", c_userinfo_user, p_wcreate, d_wurl},
    {"wwwurl_set_userinfo(pass)", "", "", c_userinfo_pass, p_wcreate, d_wurl},
    {"wwwurl_transcode(DECODE_GENERIC)", "", "", c_t_decode_generic, NULL, NULL},
    {"wwwurl_transcode(DECODE_FORM)", "", "", c_t_decode_form, NULL, NULL},
    {"wwwurl_transcode(RECODE_FORM)", "", "", c_t_recode_form, NULL, NULL},
    {"wwwurl_transcode(ENCODE_PATH)", "", "", c_t_encode_path, NULL, NULL},
    {"wwwurl_transcode(ENCODE_FORM)", "", "", c_t_encode_form, NULL, NULL},
    {"wwwurl_transcode(ENCODE_PASSWORD)", "", "", c_t_encode_password, NULL, NULL},
    {"wwwurl_rfc3986_split(strict)", "", "", c_rfc3986_strict, NULL, NULL},
    {"wwwurl_rfc3986_split(browser)", "", "", c_rfc3986_browser, NULL, NULL},
    {"wwwurl_whatwg_parse(whole)", "", "", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse(host)", "http://", "", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse(path)", "http://www.example.com/", "", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse(query)", "http://www.example.com/p?", "", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse(hash)", "http://www.example.com/p#", "", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse(opaque)", "mailto:", "", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_validate(whole)", "", "", c_whatwg_validate, NULL, NULL},
    {"wwwurl_whatwg_validate(host)", "http://", "", c_whatwg_validate, NULL, NULL},
    {"wwwurl_whatwg_validate(path)", "http://www.example.com/", "", c_whatwg_validate, NULL,
     NULL},
    {"wwwurl_whatwg_validate(opaque)", "mailto:", "", c_whatwg_validate, NULL, NULL},
    {"wwwurl_whatwg_parse(base path)", "http://www.example.com/", "/", c_whatwg_base, NULL,
     NULL},
    {"wwwurl_whatwg_set(href)", "http://www.example.com/", "", c_wset_href, p_whatwg, d_whatwg},
    {"wwwurl_whatwg_set(protocol)", "", "", c_wset_protocol, p_whatwg, d_whatwg},
    {"wwwurl_whatwg_set(username)", "", "", c_wset_username, p_whatwg, d_whatwg},
    {"wwwurl_whatwg_set(host)", "", "", c_wset_host, p_whatwg, d_whatwg},
    {"wwwurl_whatwg_set(pathname)", "", "", c_wset_pathname, p_whatwg, d_whatwg},
    {"wwwurl_whatwg_set(search)", "", "", c_wset_search, p_whatwg, d_whatwg},
    {"wwwurl_whatwg_set(hash)", "", "", c_wset_hash, p_whatwg, d_whatwg},
    {"wwwurl_browser_resolve(base path)", "http://www.example.com/", "/", c_browser_base, NULL,
     NULL},
    {"wwwurl_browser_resolve(spec)", "", "", c_browser_spec, NULL, NULL},
    {"wwwurl_domain_to_ascii", "", "", c_domain_ascii, NULL, NULL},
    {"wwwurl_domain_to_unicode", "", "", c_domain_unicode, NULL, NULL},
#define CANON_TARGETS(NAME, PROFILE)                                                       \
    {"wwwurl_canonicalize(" PROFILE ", whole)", "", "", c_canon_##NAME, NULL, NULL},      \
        {"wwwurl_canonicalize(" PROFILE ", host)", "http://", "", c_canon_##NAME, NULL,   \
         NULL},                                                                            \
        {"wwwurl_canonicalize(" PROFILE ", path)", "http://www.example.com/", "",         \
         c_canon_##NAME, NULL, NULL}
#define CANON_TARGETS_ROW(NAME, PROFILE) CANON_TARGETS(NAME, PROFILE),
    BENCH_PROFILES(CANON_TARGETS_ROW)
};

/* The functions of queries, with the pattern in a query. */
static const target query_targets[] = {
    {"wwwurl_query_edit(APPEND)", "", "", c_q_append, NULL, NULL},
    {"wwwurl_query_edit(SET)", "", "", c_q_set, NULL, NULL},
    {"wwwurl_query_edit(DELETE)", "", "", c_q_delete, NULL, NULL},
    {"wwwurl_query_edit(DELETE value)", "", "", c_q_delete_value, NULL, NULL},
    {"wwwurl_query_edit(SORT)", "", "", c_q_sort, NULL, NULL},
    {"wwwurl_query_edit(KEEP)", "", "", c_q_keep, NULL, NULL},
    {"wwwurl_query_edit(STRIP)", "", "", c_q_strip, NULL, NULL},
    {"wwwurl_query_edit(KEEP_PREFIX)", "", "", c_q_keep_prefix, NULL, NULL},
    {"wwwurl_query_edit(STRIP_PREFIX)", "", "", c_q_strip_prefix, NULL, NULL},
    {"wwwurl_query_edit(APPEND name)", "", "", c_q_append_name, NULL, NULL},
    {"wwwurl_query_edit(APPEND value)", "", "", c_q_append_value, NULL, NULL},
    {"wwwurl_query_edit(DELETE name)", "", "", c_q_delete_name, NULL, NULL},
    {"wwwurl_query_get(absent)", "", "", c_q_get, NULL, NULL},
    {"wwwurl_query_get(nth)", "a=1&", "", c_q_get_nth, NULL, NULL},
    {"wwwurl_query_get(value)", "a=", "", c_q_get_first, NULL, NULL},
    {"wwwurl_query_count", "", "", c_q_count, NULL, NULL},
    {"wwwurl_query_next(all)", "", "", c_q_next, NULL, NULL},
    {"wwwurl_query_decode", "", "", c_q_decode, NULL, NULL},
    {"wwwurl_url_query_edit(SORT)", "http://www.example.com/p?", "", c_url_qsort, NULL, NULL},
    {"wwwurl_whatwg_query_edit(SORT)", "http://www.example.com/p?", "", c_whatwg_qsort, NULL,
     NULL},
    {"wwwurl_nvs_key(key-order)", "http://www.example.com/p?", "", c_nvs_key, p_nvs_order,
     d_nvs},
    {"wwwurl_nvs_key(params)", "http://www.example.com/p?", "", c_nvs_key, p_nvs_params,
     d_nvs},
    {"wwwurl_nvs_key(except)", "http://www.example.com/p?", "", c_nvs_key, p_nvs_except,
     d_nvs},
#define CANON_QUERY(NAME, PROFILE)                                                          \
    {"wwwurl_canonicalize(" PROFILE ", query)", "http://www.example.com/p?", "",         \
     c_canon_##NAME, NULL, NULL}
#define CANON_QUERY_ROW(NAME, PROFILE) CANON_QUERY(NAME, PROFILE),
    BENCH_PROFILES(CANON_QUERY_ROW)
};

/* wwwurl_nvs_parse, with Structured Field patterns. */
static const target nvs_targets[] = {
    {"wwwurl_nvs_parse(dictionary)", "", "", c_nvs_parse, NULL, NULL},
    {"wwwurl_nvs_parse(params list)", "params=(", ")", c_nvs_parse, NULL, NULL},
    {"wwwurl_nvs_parse(except list)", "params, except=(", ")", c_nvs_parse, NULL, NULL},
};

/* A pattern with DISTINCT in it gets a different 6-digit hex number there
 * in each repeat (see build). */
#define DISTINCT "######"

/* The Public Suffix List: a host before a public suffix, and a list's text
 * (one long rule, many distinct rules, comments) before a last rule. */
static const target psl_targets[] = {
    {"wwwurl_psl_registrable_domain(host)", "", ".co.uk", c_psl_reg, NULL, NULL},
    {"wwwurl_psl_public_suffix(host)", "", ".kobe.jp", c_psl_suffix, NULL, NULL},
    {"wwwurl_psl_load(text)", "// ===BEGIN ICANN DOMAINS===\n", "com\n", c_psl_load, NULL,
     NULL},
};
static const char *const psl_patterns[] = {"a.", "www.", "x", "..", "r" DISTINCT ".",
                                           "r" DISTINCT ".com\n", "*.k" DISTINCT "\n",
                                           "// c\n"};

/* URL patterns: compiled from the hostile string in a component, and URLs
 * matched with it in their pathname and search. */
static const target urlpattern_targets[] = {
    {"wwwurl_urlpattern_parse(hostname)", "https://", "/", c_up_parse, NULL, NULL},
    {"wwwurl_urlpattern_parse(pathname)", "https://example.com/", "", c_up_parse, NULL, NULL},
    {"wwwurl_urlpattern_parse(search)", "https://example.com/p?", "", c_up_parse, NULL, NULL},
    {"wwwurl_urlpattern_test(pathname)", "https://www.example.com/a/", "", c_up_test,
     p_up_pattern, d_up_pattern},
    {"wwwurl_urlpattern_exec(pathname)", "https://www.example.com/a/", "", c_up_exec,
     p_up_pattern, d_up_pattern},
    {"wwwurl_urlpattern_exec(search)", "https://www.example.com/a/b?", "", c_up_exec,
     p_up_pattern, d_up_pattern},
    {"wwwurl_urlpattern_set_match(pathname)", "https://www.example.com/a/", "", c_up_set_match,
     p_up_set, d_up_set},
};
static const char *const urlpattern_patterns[] = {"/./", "%", "a", "{a}?", "\\:",
                                                  "/",   "[", "*", "&amp;"};

static const char *const patterns[] = {"/./", "/../", "%", "%2", "&amp;", "@", ":", "["};
static const char *const query_patterns[] = {"a=1&", "&amp;", "&", "k" DISTINCT "=v&",
                                             "%2", "=", "+", "/./"};
static const char *const nvs_patterns[] = {"k" DISTINCT ", ", "\"k" DISTINCT "\" ",
                                           "key-order, ", "a, ", "\"a\" ", "(", "%2", "\""};

#define COUNT(a) (sizeof a / sizeof a[0])

/* The targets and the patterns they get. */
typedef struct group {
    const target *targets;
    size_t n_targets;
    const char *const *patterns;
    size_t n_patterns;
} group;

static const group groups[] = {
    {targets, COUNT(targets), patterns, COUNT(patterns)},
    {query_targets, COUNT(query_targets), query_patterns, COUNT(query_patterns)},
    {nvs_targets, COUNT(nvs_targets), nvs_patterns, COUNT(nvs_patterns)},
    {psl_targets, COUNT(psl_targets), psl_patterns, COUNT(psl_patterns)},
    {urlpattern_targets, COUNT(urlpattern_targets), urlpattern_patterns,
     COUNT(urlpattern_patterns)},
};

/* ---- running a case ------------------------------------------------------ */

/* The CPU time of the calling thread (page faults included): unlike wall
 * time it does not grow when the process waits for a core, which on a busy
 * machine happens more to a 10 ms call than to a 0.2 ms one. */
static double cpu_s(void) {
    struct timespec ts;
#ifdef CLOCK_THREAD_CPUTIME_ID
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* prefix + the pattern repeated to fill `size` bytes (whole repeats) + suffix.
 * DISTINCT in the pattern becomes, in repeat i, the 6 hex digits of
 * i * 0x9E3779B1 mod 2^24: a multiplication by an odd number modulo a power
 * of two is a permutation, so the numbers differ and are in no order. */
static char *build(const target *t, const char *pat, size_t size, size_t *len) {
    size_t pl = strlen(pat), reps = size / pl, a = strlen(t->prefix), b = strlen(t->suffix);
    const char *d = strstr(pat, DISTINCT);
    *len = a + reps * pl + b;
    char *s = malloc(*len + 1);
    if (!s)
        return NULL;
    memcpy(s, t->prefix, a);
    for (size_t i = 0; i < reps; i++) {
        char *p = s + a + i * pl;
        memcpy(p, pat, pl);
        if (d) {
            char hex[8];
            snprintf(hex, sizeof hex, "%06lx", (unsigned long)((i * 0x9E3779B1u) & 0xFFFFFFu));
            memcpy(p + (d - pat), hex, 6);
        }
    }
    memcpy(s + a + reps * pl, t->suffix, b);
    s[*len] = '\0';
    return s;
}

static void arm(double seconds) {
    struct itimerval it;
    memset(&it, 0, sizeof it);
    it.it_value.tv_sec = (time_t)seconds;
    it.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
    setitimer(ITIMER_REAL, &it, NULL);
}

/* The best of up to 3 calls, stopping early once a call took at most
 * `enough` seconds; -1 when the function reported an internal error. */
static double best_of_3(const target *t, const char *in, char *work, size_t len, double enough) {
    double best = 1e30;
    for (int k = 0; k < 3 && best > enough; k++) {
        memcpy(work, in, len + 1);
        void *ctx = t->prep ? t->prep() : NULL;
        double t0 = cpu_s();
        int r = t->call(work, len, ctx);
        double dt = cpu_s() - t0;
        if (t->done)
            t->done(ctx);
        if (r != CALL_OK)
            return -1;
        if (dt < best)
            best = dt;
    }
    return best;
}

typedef struct outcome {
    int status; /* 0 measured, 1 internal error, 2 64 KiB too slow, 3 no memory */
    double small, large;
} outcome;

/* The child: measures and writes an outcome to fd. */
static void child(const target *t, const char *pat, int fd) {
    outcome o = {3, 0, 0};
#ifdef __GLIBC__
    /* Large blocks from the heap, kept after free: the repeated 1 MiB calls
     * then reuse memory instead of faulting in fresh pages from mmap each
     * time, which is linear but noisy. */
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
    size_t ls, ll;
    char *s = build(t, pat, SMALL, &ls), *l = build(t, pat, LARGE, &ll);
    char *work = malloc(ll + 1);
    out_cap = 3 * ll + 16;
    out_buf = malloc(out_cap);
    if (s && l && work && out_buf) {
        arm(10 * SMALL_LIMIT_S);
        o.small = best_of_3(t, s, work, ls, 0);
        arm(0);
        if (o.small < 0) {
            o.status = 1;
        } else if (o.small > SMALL_LIMIT_S) {
            o.status = 2;
        } else {
            double limit = KILL_RATIO * o.small;
            arm(limit > LARGE_FLOOR_S ? limit : LARGE_FLOOR_S);
            /* A 1 MiB call within half the allowed ratio is not repeated. */
            o.large = best_of_3(t, l, work, ll, o.small * MAX_RATIO / 2);
            arm(0);
            o.status = o.large < 0 ? 1 : 0;
        }
    }
    ssize_t w = write(fd, &o, sizeof o);
    _exit(w == (ssize_t)sizeof o ? 0 : 1);
}

static const char *show(const char *pat) {
    static char buf[24];
    snprintf(buf, sizeof buf, "'%s'", pat);
    return buf;
}

/* Runs one case in a child process; 0, or -1 when no child could be made. */
static int run_case(const target *t, const char *pat, outcome *o, ssize_t *got, int *ws) {
    int fds[2];
    if (pipe(fds) != 0) {
        perror("linear: pipe");
        return -1;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        perror("linear: fork");
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        child(t, pat, fds[1]);
    }
    close(fds[1]);
    *got = read(fds[0], o, sizeof *o);
    close(fds[0]);
    while (waitpid(pid, ws, 0) < 0 && errno == EINTR)
        ;
    return 0;
}

int main(int argc, char **argv) {
    const char *filter = NULL;
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: linear [FILTER]\n");
        return 2;
    }
    if (argc == 2)
        filter = argv[1];

    int passed = 0, failed = 0;
    double t_start = now_s();
    for (size_t gi = 0; gi < COUNT(groups); gi++) {
        const group *g = &groups[gi];
        for (size_t ti = 0; ti < g->n_targets; ti++) {
            const target *t = &g->targets[ti];
            if (filter && !strstr(t->name, filter))
                continue;
            for (size_t pi = 0; pi < g->n_patterns; pi++) {
                const char *pat = g->patterns[pi];
                outcome o;
                int ws = 0, tries = 0;
                ssize_t got;
                for (;;) {
                    if (run_case(t, pat, &o, &got, &ws) != 0)
                        return 2;
                    tries++;
                    /* Only a measured ratio above the limit or a kill by the timer
                     * is tried again: on a busy machine one slow call is noise,
                     * three in a row are not. */
                    int timer = got != (ssize_t)sizeof o && WIFSIGNALED(ws) &&
                                WTERMSIG(ws) == SIGALRM;
                    int high = got == (ssize_t)sizeof o && o.status == 0 &&
                               o.large > MAX_RATIO * o.small;
                    if (!(timer || high) || tries == MAX_TRIES)
                        break;
                }
                char again[32] = "";
                if (tries > 1)
                    snprintf(again, sizeof again, " (try %d)", tries);
                printf("%-44s %-12s ", t->name, show(pat));
                if (got != (ssize_t)sizeof o) {
                    if (WIFSIGNALED(ws) && WTERMSIG(ws) == SIGALRM)
                        printf("FAIL killed: a 1 MiB call outlasted max(%.0fx the 64 KiB time, %.1f s)%s\n",
                               KILL_RATIO, LARGE_FLOOR_S, again);
                    else if (WIFSIGNALED(ws))
                        printf("FAIL crashed (signal %d)\n", WTERMSIG(ws));
                    else
                        printf("FAIL no result (exit %d)\n", WEXITSTATUS(ws));
                    failed++;
                } else if (o.status == 1) {
                    printf("FAIL internal error (NULL or WWWURL_ERR_PANIC)\n");
                    failed++;
                } else if (o.status == 2) {
                    printf("FAIL 64 KiB took %.3f s\n", o.small);
                    failed++;
                } else if (o.status == 3) {
                    printf("FAIL out of memory\n");
                    failed++;
                } else {
                    double ratio = o.large / (o.small > 1e-9 ? o.small : 1e-9);
                    int ok = ratio <= MAX_RATIO;
                    printf("%s 64KiB %9.3f ms  1MiB %9.3f ms  ratio %6.1f%s\n", ok ? "ok  " : "FAIL",
                           o.small * 1e3, o.large * 1e3, ratio, again);
                    if (ok)
                        passed++;
                    else
                        failed++;
                }
            }
        }
    }
    printf("linear: %.1f s\n", now_s() - t_start);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
