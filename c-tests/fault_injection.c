/* Error paths of the C ABI that ordinary input cannot reach: allocation
 * failure and internal panics. Built against the library compiled with the
 * cargo feature `fault-injection` (make fault-test), which adds the two
 * functions declared below; the shipped library does not have them.
 *
 * - Every wwwurl_status value is provoked at least once through the ABI.
 * - Torture (after curl's): every call that hands memory to C is repeated
 *   with its 1st, 2nd, ... such allocation failing, then panicking, until a
 *   run completes. Each faulted run must give the documented result (NULL,
 *   WWWURL_ERR_NO_MEMORY, WWWURL_ERR_PANIC, or the record left as it was)
 *   and leak nothing (run under valgrind and LeakSanitizer).
 * - Every exported function with a panic guard is made to panic as it
 *   starts; the guard's result is checked, and the library works after.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* Test builds only (capi/src/ffi/fault.rs). */
int wwwurl_fault_inject(uint32_t kind, uint64_t skip);
int wwwurl_fault_pending(void);

enum { FAULT_OFF = 0, FAULT_FAIL_ALLOC = 1, FAULT_PANIC_ALLOC = 2, FAULT_PANIC_CALL = 3 };

/* What a faulted call gave: a wwwurl_status for the modern functions,
 * R_NULL when a legacy function returned NULL or left its object as it was. */
enum { R_NULL = -1 };

#define BASE "http://www.example.com/dir/page.html?a=1"

static const char *const want_name = "http://www.example.com/dir/page.html?a=1";

/* ---- the calls under test ------------------------------------------------
 * Each makes one call, checks a successful result against its known value,
 * releases everything and returns WWWURL_OK, or returns what the failed
 * call gave. */

static int check_name(hgroup *g, const char *what, const char *got, const char *want)
{
    CHECK_CSTR(g, what, NULL, want, got);
    return WWWURL_OK;
}

static int op_split_url(hgroup *g)
{
    URL *u = SplitURL(BASE);
    if (!u)
        return R_NULL;
    check_name(g, "SplitURL", u->name, want_name);
    FreeURL(u);
    return WWWURL_OK;
}

static int op_create_url(hgroup *g)
{
    URL *u = CreateURL("http", "www.example.com", "/dir/page.html", "a=1", "us", "pw");
    if (!u)
        return R_NULL;
    check_name(g, "CreateURL", u->file, "http://us:pw@www.example.com/dir/page.html?a=1");
    FreeURL(u);
    return WWWURL_OK;
}

static int op_link_url(hgroup *g)
{
    URL *b = SplitURL(BASE), *u;
    if (!b)
        return R_NULL;
    u = LinkURL(b, "../x?y");
    FreeURL(b);
    if (!u)
        return R_NULL;
    check_name(g, "LinkURL", u->name, "http://www.example.com/x?y");
    FreeURL(u);
    return WWWURL_OK;
}

static int op_add_password(hgroup *g)
{
    URL *u = SplitURL(BASE);
    int r;
    if (!u)
        return R_NULL;
    AddPasswordURL(u, "us", "pw");
    if (u->user == NULL) {
        /* Memory ran out: the record must be as it was. */
        CHECK_CSTR(g, "AddPasswordURL (failed)", NULL, BASE, u->file);
        r = R_NULL;
    } else {
        CHECK_CSTR(g, "AddPasswordURL", NULL, "http://us:pw@www.example.com/dir/page.html?a=1",
                   u->file);
        /* A second change frees the first one's separate block. */
        AddPasswordURL(u, "v", NULL);
        r = u->user != NULL && strcmp(u->user, "v") == 0 ? WWWURL_OK : R_NULL;
        if (r == R_NULL)
            CHECK_CSTR(g, "AddPasswordURL twice (failed)", NULL, "us", u->user);
    }
    FreeURL(u);
    return r;
}

static int op_string(hgroup *g, const char *what, char *got, const char *want)
{
    if (!got)
        return R_NULL;
    CHECK_CSTR(g, what, NULL, want, got);
    free(got);
    return WWWURL_OK;
}

static int op_decode(hgroup *g)
{
    return op_string(g, "URLDecodeGeneric", URLDecodeGeneric("/a%20b"), "/a b");
}
static int op_encode_path(hgroup *g)
{
    return op_string(g, "URLEncodePath", URLEncodePath("/a b"), "/a%20b");
}
static int op_recode(hgroup *g)
{
    return op_string(g, "URLRecodeFormArgs", URLRecodeFormArgs("a=b c"), "a=b+c");
}
static int op_canon_host(hgroup *g)
{
    return op_string(g, "CanonicaliseHost", CanonicaliseHost("WWW.Example.COM"),
                     "www.example.com");
}
static int op_make_hash(hgroup *g)
{
    char *h = MakeHash(BASE);
    if (!h)
        return R_NULL;
    CHECK(g, "MakeHash length", NULL, strlen(h) == 22);
    free(h);
    return WWWURL_OK;
}
static int op_base64(hgroup *g)
{
    size_t n = 0;
    char *e = Base64Encode("abc", 3), *d;
    if (!e)
        return R_NULL;
    CHECK_CSTR(g, "Base64Encode", NULL, "YWJj", e);
    d = Base64Decode(e, &n);
    free(e);
    if (!d)
        return R_NULL;
    CHECK_BYTES(g, "Base64Decode", NULL, "abc", 3, d, n);
    free(d);
    return WWWURL_OK;
}
static int op_html(hgroup *g)
{
    return op_string(g, "HTMLString", HTMLString("a<b", 0), "a&lt;b");
}
#if defined(WWWURL_LEGACY_29H)
static int op_fix_link(hgroup *g)
{
    return op_string(g, "FixHTMLLinkURL", FixHTMLLinkURL("/a&amp;b"), "/a&b");
}
#endif
static int op_split_form_args(hgroup *g)
{
    char **a = SplitFormArgs("a=1&b=2");
    if (!a)
        return R_NULL;
    CHECK_CSTR(g, "SplitFormArgs[0]", NULL, "a=1", a[0]);
    CHECK_CSTR(g, "SplitFormArgs[1]", NULL, "b=2", a[1]);
    CHECK(g, "SplitFormArgs end", NULL, a[2] == NULL);
    free(a[0]);
    free(a);
    return WWWURL_OK;
}

static int op_parse(hgroup *g)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_parse(BASE, WWWURL_NUL_TERMINATED, 0, &u);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_parse leaves *out", NULL, u == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_parse", NULL, want_name, wwwurl_get(u, WWWURL_PART_NAME, NULL));
    wwwurl_free(u);
    return WWWURL_OK;
}

static int op_create(hgroup *g)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_create("http", "www.example.com", "/dir/page.html", "a=1", NULL, NULL, 0, &u);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_create leaves *out", NULL, u == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_create", NULL, want_name, wwwurl_get(u, WWWURL_PART_NAME, NULL));
    wwwurl_free(u);
    return WWWURL_OK;
}

static int op_link_dup(hgroup *g)
{
    wwwurl_url *b = NULL, *l = NULL, *d = NULL;
    int st = wwwurl_parse(BASE, WWWURL_NUL_TERMINATED, 0, &b);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_link(b, "../x?y", WWWURL_NUL_TERMINATED, 0, &l);
    if (st == WWWURL_OK) {
        st = wwwurl_dup(l, &d);
        if (st == WWWURL_OK) {
            CHECK_CSTR(g, "wwwurl_link + wwwurl_dup", NULL, "http://www.example.com/x?y",
                       wwwurl_get(d, WWWURL_PART_NAME, NULL));
            wwwurl_free(d);
        } else {
            CHECK(g, "wwwurl_dup leaves *out", NULL, d == NULL);
        }
        wwwurl_free(l);
    } else {
        CHECK(g, "wwwurl_link leaves *out", NULL, l == NULL);
    }
    wwwurl_free(b);
    return st;
}

static int op_set_userinfo(hgroup *g)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_parse(BASE, WWWURL_NUL_TERMINATED, 0, &u);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_set_userinfo(u, "us", "pw");
    if (st == WWWURL_OK) {
        CHECK_CSTR(g, "wwwurl_set_userinfo", NULL,
                   "http://us:pw@www.example.com/dir/page.html?a=1",
                   wwwurl_get(u, WWWURL_PART_FILE, NULL));
        /* A second change replaces the first one's separate block. */
        st = wwwurl_set_userinfo(u, "v", NULL);
        CHECK_CSTR(g, "wwwurl_set_userinfo twice", NULL,
                   st == WWWURL_OK ? "v" : "us", wwwurl_get(u, WWWURL_PART_USER, NULL));
    } else {
        /* The handle is as it was. */
        CHECK_CSTR(g, "wwwurl_set_userinfo (failed)", NULL, BASE,
                   wwwurl_get(u, WWWURL_PART_FILE, NULL));
    }
    wwwurl_free(u);
    return st;
}

static int op_transcode_dup(hgroup *g)
{
    size_t n = 0;
    char *s = wwwurl_transcode_dup(WWWURL_CODEC_ENCODE_PATH, "/a b", WWWURL_NUL_TERMINATED, &n);
    if (!s)
        return R_NULL;
    CHECK_BYTES(g, "wwwurl_transcode_dup", NULL, "/a%20b", 6, s, n);
    wwwurl_string_free(s);
    return WWWURL_OK;
}

static int op_resolve(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_rfc3986_resolve(BASE, WWWURL_NUL_TERMINATED, "../g", WWWURL_NUL_TERMINATED,
                                    &s);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_rfc3986_resolve leaves *out", NULL, s == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_rfc3986_resolve", NULL, "http://www.example.com/g", s);
    wwwurl_string_free(s);
    return WWWURL_OK;
}

static int op_webcapture(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_webcapture_canonical("HTTP://Example.COM:80/a/./b#f", WWWURL_NUL_TERMINATED,
                                         NULL, 0, &s);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_webcapture_canonical leaves *out", NULL, s == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_webcapture_canonical", NULL, "http://example.com/a/b", s);
    wwwurl_string_free(s);
    return WWWURL_OK;
}

/* A malloc form of a string function: `st` and `s` from the call; checks
 * the result when it succeeded, and that *out was left alone when not. */
static int string_result(hgroup *g, const char *what, int st, char *s, const char *want)
{
    if (st != WWWURL_OK) {
        CHECK(g, what, "leaves *out", s == NULL);
        return st;
    }
    CHECK_CSTR(g, what, NULL, want, s);
    wwwurl_string_free(s);
    return WWWURL_OK;
}

static int op_cache_file_dup(hgroup *g)
{
    wwwurl_url *u = NULL;
    char *s = NULL;
    int st = wwwurl_parse(BASE, WWWURL_NUL_TERMINATED, 0, &u);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_cache_file_dup(u, 'D', &s, NULL);
    wwwurl_free(u);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_cache_file_dup leaves *out", NULL, s == NULL);
        return st;
    }
    CHECK(g, "wwwurl_cache_file_dup", NULL, strncmp(s, "http/www.example.com/D", 22) == 0);
    wwwurl_string_free(s);
    return WWWURL_OK;
}

static int op_make_relative(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_rfc3986_make_relative(BASE, WWWURL_NUL_TERMINATED,
                                          "http://www.example.com/g", WWWURL_NUL_TERMINATED, &s);
    return string_result(g, "wwwurl_rfc3986_make_relative", st, s, "/g");
}

static int op_normalize(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_rfc3986_normalize("HTTP://A/./%7e", WWWURL_NUL_TERMINATED,
                                      WWWURL_NORMALIZE_ALL, &s);
    return string_result(g, "wwwurl_rfc3986_normalize", st, s, "http://a/~");
}

static int op_browser_resolve(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_browser_resolve(BASE, WWWURL_NUL_TERMINATED, "\\\\h\\g",
                                    WWWURL_NUL_TERMINATED, &s);
    return string_result(g, "wwwurl_browser_resolve", st, s, "http://h/g");
}

typedef struct op {
    const char *name;
    int (*fn)(hgroup *g);
    int modern; /* returns a wwwurl_status rather than NULL */
} op;

static const op ops[] = {
    {"SplitURL", op_split_url, 0},
    {"CreateURL", op_create_url, 0},
    {"LinkURL", op_link_url, 0},
    {"AddPasswordURL", op_add_password, 0},
    {"URLDecodeGeneric", op_decode, 0},
    {"URLEncodePath", op_encode_path, 0},
    {"URLRecodeFormArgs", op_recode, 0},
    {"CanonicaliseHost", op_canon_host, 0},
    {"MakeHash", op_make_hash, 0},
    {"Base64Encode/Decode", op_base64, 0},
    {"HTMLString", op_html, 0},
#if defined(WWWURL_LEGACY_29H)
    {"FixHTMLLinkURL", op_fix_link, 0},
#endif
    {"SplitFormArgs", op_split_form_args, 0},
    {"wwwurl_parse", op_parse, 1},
    {"wwwurl_create", op_create, 1},
    {"wwwurl_link/dup", op_link_dup, 1},
    {"wwwurl_set_userinfo", op_set_userinfo, 1},
    {"wwwurl_transcode_dup", op_transcode_dup, 0},
    {"wwwurl_rfc3986_resolve", op_resolve, 1},
    {"wwwurl_webcapture_canonical", op_webcapture, 1},
    {"wwwurl_cache_file_dup", op_cache_file_dup, 1},
    {"wwwurl_rfc3986_make_relative", op_make_relative, 1},
    {"wwwurl_rfc3986_normalize", op_normalize, 1},
    {"wwwurl_browser_resolve", op_browser_resolve, 1},
};

/* Fails (kind 1) or panics at (kind 2) the 1st, 2nd, ... allocation of
 * every op until a run has no allocation left to fault. */
static void torture(hgroup *g, int kind)
{
    size_t i;
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        const op *o = &ops[i];
        int want = !o->modern ? R_NULL
                   : kind == FAULT_FAIL_ALLOC ? WWWURL_ERR_NO_MEMORY
                                              : WWWURL_ERR_PANIC;
        unsigned long skip, faulted = 0;
        h_case_begin(g, NULL, NULL);
        for (skip = 0; skip < 1000; skip++) {
            int r, pending;
            char what[96];
            wwwurl_fault_inject((uint32_t)kind, skip);
            r = o->fn(g);
            pending = wwwurl_fault_pending();
            wwwurl_fault_inject(FAULT_OFF, 0);
            if (pending) {
                snprintf(what, sizeof what, "%s with %lu allocations", o->name, skip);
                CHECK_INT(g, what, NULL, WWWURL_OK, r);
                break;
            }
            faulted++;
            snprintf(what, sizeof what, "%s, allocation %lu %s", o->name, skip + 1,
                     kind == FAULT_FAIL_ALLOC ? "failing" : "panicking");
            CHECK_INT(g, what, NULL, want, r);
        }
        CHECK(g, o->name, "at least one allocation faulted", faulted > 0);
        CHECK(g, o->name, "a run without fault was reached", skip < 1000);
        h_case_end(g);
    }
}

static void t_fail_alloc(hgroup *g, const char *dir)
{
    (void)dir;
    torture(g, FAULT_FAIL_ALLOC);
}

static void t_panic_alloc(hgroup *g, const char *dir)
{
    (void)dir;
    torture(g, FAULT_PANIC_ALLOC);
}

/* ---- every exported function panicking at its start ---------------------- */

static void arm_entry(void)
{
    wwwurl_fault_inject(FAULT_PANIC_CALL, 0);
}

/* The injected panic happened (so the function has a guard), and nothing
 * is left armed for the next call. */
#define PANICKED(g, name)                                                                     \
    do {                                                                                      \
        CHECK(g, name, "panic happened", !wwwurl_fault_pending());                            \
        wwwurl_fault_inject(FAULT_OFF, 0);                                                    \
    } while (0)

static void t_panic_entry(hgroup *g, const char *dir)
{
    URL *u;
    wwwurl_url *h = NULL, *out = (wwwurl_url *)&out;
    char buf[64], *s, *sout;
    size_t n = 7;
    wwwurl_components comp;
    (void)dir;

    h_case_begin(g, NULL, NULL);
    u = SplitURL(BASE);
    CHECK(g, "SplitURL", NULL, u != NULL);
    CHECK(g, "wwwurl_parse", NULL, wwwurl_parse(BASE, WWWURL_NUL_TERMINATED, 0, &h) == WWWURL_OK);

#define PTR_NULL(call)                                                                        \
    do {                                                                                      \
        const void *r_;                                                                       \
        arm_entry();                                                                          \
        r_ = (call);                                                                          \
        CHECK(g, #call, "returns NULL", r_ == NULL);                                          \
        PANICKED(g, #call);                                                                   \
    } while (0)
#define STATUS_PANIC(call)                                                                    \
    do {                                                                                      \
        int r_;                                                                               \
        arm_entry();                                                                          \
        r_ = (call);                                                                          \
        CHECK_INT(g, #call, NULL, WWWURL_ERR_PANIC, r_);                                      \
        PANICKED(g, #call);                                                                   \
    } while (0)
#define INT_IS(call, want)                                                                    \
    do {                                                                                      \
        long long r_;                                                                         \
        arm_entry();                                                                          \
        r_ = (call);                                                                          \
        CHECK_INT(g, #call, NULL, (want), r_);                                                \
        PANICKED(g, #call);                                                                   \
    } while (0)
#define VOID_CALL(call)                                                                       \
    do {                                                                                      \
        arm_entry();                                                                          \
        call;                                                                                 \
        PANICKED(g, #call);                                                                   \
    } while (0)

    /* The legacy API: NULL, 0 or nothing done. */
    PTR_NULL(SplitURL(BASE));
    PTR_NULL(CreateURL("http", "h", "/", NULL, NULL, NULL));
    PTR_NULL(LinkURL(u, "x"));
    PTR_NULL(URLDecodeGeneric("a"));
    PTR_NULL(URLDecodeFormArgs("a"));
    PTR_NULL(URLRecodeFormArgs("a"));
    PTR_NULL(URLEncodePath("a"));
    PTR_NULL(URLEncodeFormArgs("a"));
    PTR_NULL(URLEncodePassword("a"));
    PTR_NULL(SplitFormArgs("a=1"));
    PTR_NULL(MakeHash("a"));
    PTR_NULL(Base64Encode("a", 1));
    PTR_NULL(Base64Decode("YQ==", &n));
    PTR_NULL(RFC822Date(0, 1));
    PTR_NULL(DurationToString(60));
    PTR_NULL(HTMLString("a", 0));
#if defined(WWWURL_LEGACY_29H)
    PTR_NULL(FixHTMLLinkURL("a"));
#endif
    PTR_NULL(CanonicaliseHost("a"));
    INT_IS(DateToTimeT("Thu, 01 Jan 1970 00:01:00 GMT"), 0);
    {
        char t[] = "  a  ";
        PTR_NULL(TrimArgs(t));
        CHECK_CSTR(g, "TrimArgs after a panic", NULL, "  a  ", t);
#if !defined(WWWURL_LEGACY_29H)
        char a[] = "a&amp;b";
        VOID_CALL(URLReplaceAmp(a));
        CHECK_CSTR(g, "URLReplaceAmp after a panic", NULL, "a&amp;b", a);
#endif
        char c[] = "http://A/./b";
        VOID_CALL(CanonicaliseName(c));
        CHECK_CSTR(g, "CanonicaliseName after a panic", NULL, "http://A/./b", c);
    }
    VOID_CALL(AddPasswordURL(u, "us", "pw"));
    CHECK(g, "AddPasswordURL after a panic", NULL, u->user == NULL);
    VOID_CALL(FreeURL(u)); /* did nothing: freed below */

    /* The modern API: WWWURL_ERR_PANIC, NULL, -1 or nothing done. */
    STATUS_PANIC(wwwurl_set_local_host("proxy:3128"));
    STATUS_PANIC(wwwurl_set_default_port("gopher", 70));
    STATUS_PANIC(wwwurl_set_compat(WWWURL_COMPAT_29H));
    STATUS_PANIC(wwwurl_set_max_input(16));
    CHECK(g, "settings unchanged after panics", NULL,
          wwwurl_max_input() == WWWURL_DEFAULT_MAX_INPUT);
    STATUS_PANIC(wwwurl_parse(BASE, WWWURL_NUL_TERMINATED, 0, &out));
    STATUS_PANIC(wwwurl_create("http", "h", "/", NULL, NULL, NULL, 0, &out));
    STATUS_PANIC(wwwurl_link(h, "x", WWWURL_NUL_TERMINATED, 0, &out));
    STATUS_PANIC(wwwurl_dup(h, &out));
    CHECK(g, "*out untouched after panics", NULL, out == (wwwurl_url *)&out);
    PTR_NULL(wwwurl_get(h, WWWURL_PART_NAME, &n));
    INT_IS(wwwurl_port(h), -1);
    STATUS_PANIC(wwwurl_set_userinfo(h, "us", "pw"));
    STATUS_PANIC(wwwurl_cache_file(h, 'D', buf, sizeof buf, &n));
    STATUS_PANIC(wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, "a", 1, buf, sizeof buf, &n));
    PTR_NULL(wwwurl_transcode_dup(WWWURL_CODEC_ENCODE_PATH, "a", 1, &n));
    STATUS_PANIC(wwwurl_rfc3986_split("http://a/", WWWURL_NUL_TERMINATED, 0, &comp));
    sout = NULL;
    STATUS_PANIC(wwwurl_rfc3986_resolve("http://a/", WWWURL_NUL_TERMINATED, "b",
                                        WWWURL_NUL_TERMINATED, &sout));
    STATUS_PANIC(wwwurl_webcapture_canonical("http://a/", WWWURL_NUL_TERMINATED, NULL, 0, &sout));
    STATUS_PANIC(wwwurl_cache_file_dup(h, 'D', &sout, &n));
    STATUS_PANIC(wwwurl_rfc3986_make_relative("http://a/", WWWURL_NUL_TERMINATED, "http://a/b",
                                              WWWURL_NUL_TERMINATED, &sout));
    STATUS_PANIC(wwwurl_rfc3986_normalize("http://a/", WWWURL_NUL_TERMINATED, 0, &sout));
    STATUS_PANIC(wwwurl_browser_resolve("http://a/", WWWURL_NUL_TERMINATED, "b",
                                        WWWURL_NUL_TERMINATED, &sout));
    STATUS_PANIC(wwwurl_rfc3986_resolve_buf("http://a/", WWWURL_NUL_TERMINATED, "b",
                                            WWWURL_NUL_TERMINATED, buf, sizeof buf, &n));
    STATUS_PANIC(wwwurl_webcapture_canonical_buf("http://a/", WWWURL_NUL_TERMINATED, NULL, 0, buf,
                                                 sizeof buf, &n));
    STATUS_PANIC(wwwurl_rfc3986_make_relative_buf("http://a/", WWWURL_NUL_TERMINATED, "http://a/b",
                                                  WWWURL_NUL_TERMINATED, buf, sizeof buf, &n));
    STATUS_PANIC(wwwurl_rfc3986_normalize_buf("http://a/", WWWURL_NUL_TERMINATED, 0, buf,
                                              sizeof buf, &n));
    STATUS_PANIC(wwwurl_browser_resolve_buf("http://a/", WWWURL_NUL_TERMINATED, "b",
                                            WWWURL_NUL_TERMINATED, buf, sizeof buf, &n));
    CHECK(g, "string *out untouched after panics", NULL, sout == NULL);
    CHECK_CSTR(g, "handle unchanged after panics", NULL, want_name,
               wwwurl_get(h, WWWURL_PART_NAME, NULL));
    VOID_CALL(wwwurl_free(h)); /* did nothing: freed below */
    s = wwwurl_transcode_dup(WWWURL_CODEC_ENCODE_PATH, "a", 1, NULL);
    CHECK(g, "wwwurl_transcode_dup", NULL, s != NULL);
    VOID_CALL(wwwurl_string_free(s)); /* did nothing: freed below */

    /* Everything still works, and the objects the panicking frees kept are
     * freed now (valgrind and LeakSanitizer see any leak or double free). */
    CHECK_CSTR(g, "SplitURL after the panics", NULL, want_name, u->name);
    FreeURL(u);
    wwwurl_free(h);
    wwwurl_string_free(s);
    u = SplitURL(BASE);
    CHECK(g, "SplitURL works after the panics", NULL, u != NULL && strcmp(u->name, want_name) == 0);
    FreeURL(u);
    h_case_end(g);
}

/* ---- every status code ------------------------------------------------------ */

static void t_every_status(hgroup *g, const char *dir)
{
    int seen[WWWURL_ERR_UNSAFE_PATH + 1] = {0};
    wwwurl_url *h = NULL;
    char buf[4], *s = NULL;
    size_t need = 0;
    int st, i;
    (void)dir;

    h_case_begin(g, NULL, NULL);
#define SEE(call, want)                                                                       \
    do {                                                                                      \
        st = (call);                                                                          \
        CHECK_INT(g, #call, NULL, (want), st);                                                \
        if (st == (want))                                                                     \
            seen[want] = 1;                                                                   \
    } while (0)
    SEE(wwwurl_parse(BASE, WWWURL_NUL_TERMINATED, 0, &h), WWWURL_OK);
    SEE(wwwurl_parse(NULL, 1, 0, &h), WWWURL_ERR_NULL);
    SEE(wwwurl_set_max_input(8), WWWURL_OK);
    SEE(wwwurl_parse(BASE, WWWURL_NUL_TERMINATED, 0, &h), WWWURL_ERR_TOO_LONG);
    SEE(wwwurl_set_max_input(WWWURL_DEFAULT_MAX_INPUT), WWWURL_OK);
    SEE(wwwurl_cache_file(h, 'D', buf, sizeof buf, &need), WWWURL_ERR_BUFFER_TOO_SMALL);
    SEE(wwwurl_parse(BASE, WWWURL_NUL_TERMINATED, 0x80, &h), WWWURL_ERR_INVALID_ARGUMENT);
    wwwurl_fault_inject(FAULT_FAIL_ALLOC, 0);
    SEE(wwwurl_dup(h, &h), WWWURL_ERR_NO_MEMORY);
    wwwurl_fault_inject(FAULT_PANIC_CALL, 0);
    SEE(wwwurl_dup(h, &h), WWWURL_ERR_PANIC);
    wwwurl_fault_inject(FAULT_OFF, 0);
    SEE(wwwurl_rfc3986_resolve("a/b", WWWURL_NUL_TERMINATED, "c", WWWURL_NUL_TERMINATED, &s),
        WWWURL_ERR_NOT_ABSOLUTE);
    SEE(wwwurl_webcapture_canonical("gopher://h/", WWWURL_NUL_TERMINATED, NULL, 0, &s),
        WWWURL_ERR_UNSUPPORTED_SCHEME);
    CHECK(g, "no string handed out", NULL, s == NULL);
    wwwurl_free(h);
    h = NULL;
    SEE(wwwurl_parse("..://h/x", WWWURL_NUL_TERMINATED, 0, &h), WWWURL_OK);
    SEE(wwwurl_cache_file(h, 'D', buf, sizeof buf, &need), WWWURL_ERR_UNSAFE_PATH);
    for (i = 0; i <= WWWURL_ERR_UNSAFE_PATH; i++) {
        CHECK(g, h_status_name(i), "provoked", seen[i]);
        CHECK(g, h_status_name(i), "has a message",
              wwwurl_strerror(i) != NULL && wwwurl_strerror(i)[0] != '\0');
        CHECK(g, h_status_name(i), "has its C name",
              strncmp(wwwurl_status_name(i), "WWWURL_", 7) == 0);
    }
    wwwurl_free(h);
    h_case_end(g);
}

static const h_test tests[] = {
    {"every status code", t_every_status},
    {"allocation failure torture", t_fail_alloc},
    {"panic at allocation torture", t_panic_alloc},
    {"panic at every entry point", t_panic_entry},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
