/* Error paths of the C ABI that ordinary input cannot reach: allocation
 * failure and internal panics. Built against the library compiled with the
 * cargo feature `fault-injection` (make fault-test), which adds the three
 * functions declared below; the shipped library does not have them.
 *
 * - Every wwwurl_status value is provoked at least once through the ABI.
 * - Torture (after curl's): every op below is repeated with its 1st, 2nd,
 *   ... allocation failing until a run completes: first counting only the
 *   memory handed to C (failing, then panicking), then counting every
 *   allocation, the library's own Rust heap included (but for the ops that
 *   run the ECMAScript engine of the URL patterns' own regular expressions,
 *   which ends the process when Rust's memory runs out: SECURITY.md). Each
 *   faulted run must give the documented result (NULL, WWWURL_ERR_NO_MEMORY,
 *   WWWURL_ERR_PANIC, the record left as it was, the empty date string)
 *   and leak nothing (run under valgrind and LeakSanitizer).
 * - Every Nth allocation failing, for a few N, over the whole op: the
 *   result is the right one or the documented failure.
 * - Every exported function with a panic guard is made to panic as it
 *   starts; the guard's result is checked, and the library works after.
 *
 * A failed allocation that the library does not handle aborts the process
 * (Rust's default), so each op is tortured in a child process of its own:
 * an abort is counted and reported with the op and the allocation that
 * caused it, and the other ops are still tested. Environment:
 *   WWWURL_FAULT_OP=name[,name...]  only these ops (an unknown name lists them)
 *   WWWURL_FAULT_NOFORK=1           everything in this process (for a
 *                                   debugger); an abort ends the run, and
 *                                   a SIGABRT handler names the culprit.
 */
#include "wwwurl_api_rows.h"
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

/* Test builds only (capi/src/ffi/fault.rs). */
int wwwurl_fault_inject(uint32_t kind, uint64_t skip);
int wwwurl_fault_pending(void);
uint64_t wwwurl_fault_count(void);

enum {
    FAULT_OFF = 0,
    FAULT_FAIL_ALLOC = 1,  /* memory handed to C: NULL, once */
    FAULT_PANIC_ALLOC = 2, /* memory handed to C: panic, once */
    FAULT_PANIC_CALL = 3,  /* panic as an exported function starts */
    FAULT_FAIL_ANY = 4,    /* any allocation, Rust heap included: NULL, once */
    FAULT_FAIL_EVERY = 5   /* every (skip + 1)th allocation of any kind: NULL */
};

/* What a faulted call gave: a wwwurl_status for the modern functions,
 * R_NULL when a legacy function returned NULL or left its object as it was,
 * R_EMPTY when a rotating-buffer function gave its empty string. */
enum { R_NULL = -1, R_EMPTY = -2 };

#define BASE "http://www.example.com/dir/page.html?a=1"

static const char *const want_name = "http://www.example.com/dir/page.html?a=1";

/* BASE is canonical, so it takes the parser's fast path; GEN takes the
 * general one: case to fold, userinfo, a default port, dot segments,
 * escapes to decode (%2f among them), `&amp;` and a fragment. */
#define GEN "HTTP://User:Pw@WWW.Example.COM:80/a/./b/../%41%2f%7e?x=%7e&amp;y#f"
#define GEN_NAME "http://www.example.com/a/A/~?x=~&y"
#define GEN_FILE "http://User:Pw@www.example.com/a/A/~?x=~&y"
/* A link with dot segments and escapes, and what it gives against GEN. */
#define GEN_LINK "../c/./%7Ed%20e/..?q=%41&amp;r#frag"
#define GEN_LINKED "http://www.example.com/a/c/?q=A&r"
/* Escapes of every sort for the codecs: valid, invalid, truncated, UTF-8. */
#define CODEC_IN "/a b%41%2f%7e+&=?#%zz\xc3\xa9%"

/* Objects some ops need that must exist before the fault is armed. */
static wwwurl_url *fx_gen;

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

/* An op that makes one string with a legacy function and compares it. */
#define STRING_OP(name, what, call, want)                                                     \
    static int name(hgroup *g)                                                                \
    {                                                                                         \
        return op_string(g, what, call, want);                                                \
    }

STRING_OP(op_decode, "URLDecodeGeneric", URLDecodeGeneric("/a%20b"), "/a b")
STRING_OP(op_encode_path, "URLEncodePath", URLEncodePath("/a b"), "/a%20b")
STRING_OP(op_recode, "URLRecodeFormArgs", URLRecodeFormArgs("a=b c"), "a=b+c")
STRING_OP(op_canon_host, "CanonicaliseHost", CanonicaliseHost("WWW.Example.COM"),
          "www.example.com")
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
    size_t n = 7;
    char *e = Base64Encode("abc", 3), *d;
    if (!e)
        return R_NULL;
    CHECK_CSTR(g, "Base64Encode", NULL, "YWJj", e);
    d = Base64Decode(e, &n);
    free(e);
    if (!d) {
        CHECK(g, "Base64Decode leaves *n", NULL, n == 7);
        return R_NULL;
    }
    CHECK_BYTES(g, "Base64Decode", NULL, "abc", 3, d, n);
    free(d);
    return WWWURL_OK;
}
STRING_OP(op_html, "HTMLString", HTMLString("a<b", 0), "a&lt;b")
#if defined(WWWURL_LEGACY_29H)
STRING_OP(op_fix_link, "FixHTMLLinkURL", FixHTMLLinkURL("/a&amp;b"), "/a&b")
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
    int st = wwwurl_parse(H_CFG, BASE, WWWURL_NUL_TERMINATED, &u);
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
    int st = wwwurl_create(H_CFG, "http", "www.example.com", "/dir/page.html", "a=1", NULL, NULL, &u);
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
    int st = wwwurl_parse(H_CFG, BASE, WWWURL_NUL_TERMINATED, &b);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_link(H_CFG, b, "../x?y", WWWURL_NUL_TERMINATED, &l);
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
    int st = wwwurl_parse(H_CFG, BASE, WWWURL_NUL_TERMINATED, &u);
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
    size_t n = 7;
    char *s = wwwurl_transcode_dup(WWWURL_CODEC_ENCODE_PATH, "/a b", WWWURL_NUL_TERMINATED, &n);
    if (!s) {
        CHECK(g, "wwwurl_transcode_dup leaves *out_len", NULL, n == 7);
        return R_NULL;
    }
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
    int st = wwwurl_parse(H_CFG, BASE, WWWURL_NUL_TERMINATED, &u);
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

/* ---- the general paths ---------------------------------------------------- */

static int op_split_general(hgroup *g)
{
    URL *u = SplitURL(GEN);
    if (!u)
        return R_NULL;
    CHECK_CSTR(g, "SplitURL general: name", NULL, GEN_NAME, u->name);
    CHECK_CSTR(g, "SplitURL general: file", NULL, GEN_FILE, u->file);
    CHECK_CSTR(g, "SplitURL general: hostport", NULL, "www.example.com", u->hostport);
    CHECK_CSTR(g, "SplitURL general: path", NULL, "/a/A/~", u->path);
    CHECK_CSTR(g, "SplitURL general: args", NULL, "x=~&y", u->args);
    CHECK_CSTR(g, "SplitURL general: user", NULL, "User", u->user);
    CHECK_CSTR(g, "SplitURL general: pass", NULL, "Pw", u->pass);
    CHECK_INT(g, "SplitURL general: port", NULL, -1, u->port);
    FreeURL(u);
    return WWWURL_OK;
}

static int op_parse_general(hgroup *g)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_parse(H_CFG, GEN, WWWURL_NUL_TERMINATED, &u);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_parse general leaves *out", NULL, u == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_parse general: name", NULL, GEN_NAME,
               wwwurl_get(u, WWWURL_PART_NAME, NULL));
    CHECK_CSTR(g, "wwwurl_parse general: file", NULL, GEN_FILE,
               wwwurl_get(u, WWWURL_PART_FILE, NULL));
    CHECK_CSTR(g, "wwwurl_parse general: path", NULL, "/a/A/~",
               wwwurl_get(u, WWWURL_PART_PATH, NULL));
    CHECK_CSTR(g, "wwwurl_parse general: user", NULL, "User",
               wwwurl_get(u, WWWURL_PART_USER, NULL));
    CHECK_CSTR(g, "wwwurl_parse general: original name", NULL,
               "HTTP://WWW.Example.COM:80/a/./b/../%41%2f%7e?x=%7e&amp;y",
               wwwurl_get(u, WWWURL_PART_ORIGINAL_NAME, NULL));
    wwwurl_free(u);
    return WWWURL_OK;
}

/* GEN's kind of URL with a path long enough that the general path builds
 * its record in a block of its own rather than on the stack: 400 `%41`,
 * which decode to 400 `A`. Made once, in static memory, before any fault. */
#define LONG_REPEAT 400
static char long_url[64 + 3 * LONG_REPEAT];
static char long_name[64 + LONG_REPEAT];

static void make_long(void)
{
    size_t u, n;
    if (long_url[0])
        return;
    u = (size_t)sprintf(long_url, "HTTP://User:Pw@WWW.Example.COM:80/");
    n = (size_t)sprintf(long_name, "http://www.example.com/");
    for (int i = 0; i < LONG_REPEAT; i++) {
        memcpy(long_url + u, "%41", 3);
        u += 3;
        long_name[n++] = 'A';
    }
    strcpy(long_url + u, "?x=1#f");
    strcpy(long_name + n, "?x=1");
}

static int op_split_long(hgroup *g)
{
    URL *u = SplitURL(long_url);
    if (!u)
        return R_NULL;
    CHECK_CSTR(g, "SplitURL long: name", NULL, long_name, u->name);
    CHECK_CSTR(g, "SplitURL long: user", NULL, "User", u->user);
    FreeURL(u);
    return WWWURL_OK;
}

static int op_parse_long(hgroup *g)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_parse(H_CFG, long_url, WWWURL_NUL_TERMINATED, &u);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_parse long leaves *out", NULL, u == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_parse long: name", NULL, long_name,
               wwwurl_get(u, WWWURL_PART_NAME, NULL));
    wwwurl_free(u);
    return WWWURL_OK;
}

static int op_link_general(hgroup *g)
{
    URL *b = SplitURL(GEN), *u;
    if (!b)
        return R_NULL;
    u = LinkURL(b, GEN_LINK);
    FreeURL(b);
    if (!u)
        return R_NULL;
    CHECK_CSTR(g, "LinkURL general: name", NULL, GEN_LINKED, u->name);
    CHECK_CSTR(g, "LinkURL general: path", NULL, "/a/c/", u->path);
    CHECK(g, "LinkURL general: no user", NULL, u->user == NULL && u->file == u->name);
    FreeURL(u);
    return WWWURL_OK;
}

static int op_wlink_general(hgroup *g)
{
    wwwurl_url *b = NULL, *l = NULL;
    int st = wwwurl_parse(H_CFG, GEN, WWWURL_NUL_TERMINATED, &b);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_link(H_CFG, b, GEN_LINK, WWWURL_NUL_TERMINATED, &l);
    wwwurl_free(b);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_link general leaves *out", NULL, l == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_link general: name", NULL, GEN_LINKED,
               wwwurl_get(l, WWWURL_PART_NAME, NULL));
    CHECK_CSTR(g, "wwwurl_link general: original name", NULL,
               "http://www.example.com/a/c/%7Ed%20e/..?q=%41&amp;r",
               wwwurl_get(l, WWWURL_PART_ORIGINAL_NAME, NULL));
    wwwurl_free(l);
    return WWWURL_OK;
}

/* Parts that need encoding, case folding, a default port and dot segments. */
#define CR_ARGS                                                                               \
    "HTTP", "WWW.Example.COM:80", "/a b/./%7e/../c%2F", "x=1 2&amp;y=%41", "us er", "p@ss:w"
#define CR_NAME "http://www.example.com/a%20b/c/?x=1+2&y=A"
#define CR_FILE "http://us%20er:p%40ss%3Aw@www.example.com/a%20b/c/?x=1+2&y=A"

static int op_create_escapes(hgroup *g)
{
    URL *u = CreateURL(CR_ARGS);
    if (!u)
        return R_NULL;
    CHECK_CSTR(g, "CreateURL escapes: name", NULL, CR_NAME, u->name);
    CHECK_CSTR(g, "CreateURL escapes: file", NULL, CR_FILE, u->file);
    CHECK_CSTR(g, "CreateURL escapes: user", NULL, "us er", u->user);
    CHECK_CSTR(g, "CreateURL escapes: pass", NULL, "p@ss:w", u->pass);
    FreeURL(u);
    return WWWURL_OK;
}

static int op_wcreate_escapes(hgroup *g)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_create(H_CFG, CR_ARGS, &u);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_create escapes leaves *out", NULL, u == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_create escapes: name", NULL, CR_NAME,
               wwwurl_get(u, WWWURL_PART_NAME, NULL));
    CHECK_CSTR(g, "wwwurl_create escapes: file", NULL, CR_FILE,
               wwwurl_get(u, WWWURL_PART_FILE, NULL));
    CHECK_CSTR(g, "wwwurl_create escapes: original name", NULL,
               "HTTP://WWW.Example.COM:80/a b/./%7e/../c%2F?x=1 2&amp;y=%41",
               wwwurl_get(u, WWWURL_PART_ORIGINAL_NAME, NULL));
    wwwurl_free(u);
    return WWWURL_OK;
}

/* A user and password to decode, then to encode again in `file`. */
#define UI_USER "n%41me@x"
#define UI_PASS "p:w d"
#define UI_FILE "http://nAme%40x:p%3Aw%20d@www.example.com/a/A/~?x=~&y"

static int op_add_password_escapes(hgroup *g)
{
    URL *u = SplitURL(GEN);
    int r;
    if (!u)
        return R_NULL;
    AddPasswordURL(u, UI_USER, UI_PASS);
    if (u->user != NULL && strcmp(u->user, "User") == 0) {
        /* Memory ran out: the record must be as it was. */
        CHECK_CSTR(g, "AddPasswordURL escapes (failed): file", NULL, GEN_FILE, u->file);
        CHECK_CSTR(g, "AddPasswordURL escapes (failed): name", NULL, GEN_NAME, u->name);
        CHECK_CSTR(g, "AddPasswordURL escapes (failed): pass", NULL, "Pw", u->pass);
        r = R_NULL;
    } else {
        CHECK_CSTR(g, "AddPasswordURL escapes: file", NULL, UI_FILE, u->file);
        CHECK_CSTR(g, "AddPasswordURL escapes: name", NULL, GEN_NAME, u->name);
        CHECK_CSTR(g, "AddPasswordURL escapes: user", NULL, "nAme@x", u->user);
        CHECK_CSTR(g, "AddPasswordURL escapes: pass", NULL, "p:w d", u->pass);
        r = WWWURL_OK;
    }
    FreeURL(u);
    return r;
}

static int op_set_userinfo_escapes(hgroup *g)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_parse(H_CFG, GEN, WWWURL_NUL_TERMINATED, &u);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_set_userinfo(u, UI_USER, UI_PASS);
    if (st == WWWURL_OK) {
        CHECK_CSTR(g, "wwwurl_set_userinfo escapes: file", NULL, UI_FILE,
                   wwwurl_get(u, WWWURL_PART_FILE, NULL));
        CHECK_CSTR(g, "wwwurl_set_userinfo escapes: pass", NULL, "p:w d",
                   wwwurl_get(u, WWWURL_PART_PASS, NULL));
    } else {
        CHECK_CSTR(g, "wwwurl_set_userinfo escapes (failed): file", NULL, GEN_FILE,
                   wwwurl_get(u, WWWURL_PART_FILE, NULL));
        CHECK_CSTR(g, "wwwurl_set_userinfo escapes (failed): pass", NULL, "Pw",
                   wwwurl_get(u, WWWURL_PART_PASS, NULL));
    }
    wwwurl_free(u);
    return st;
}

static int op_dup_general(hgroup *g)
{
    wwwurl_url *u = NULL, *d = NULL;
    int st = wwwurl_parse(H_CFG, GEN, WWWURL_NUL_TERMINATED, &u);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_dup(u, &d);
    wwwurl_free(u);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_dup general leaves *out", NULL, d == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_dup general: file", NULL, GEN_FILE,
               wwwurl_get(d, WWWURL_PART_FILE, NULL));
    CHECK_CSTR(g, "wwwurl_dup general: original args", NULL, "x=%7e&amp;y",
               wwwurl_get(d, WWWURL_PART_ORIGINAL_ARGS, NULL));
    wwwurl_free(d);
    return WWWURL_OK;
}

static int op_cache_file_dup_general(hgroup *g)
{
    wwwurl_url *u = NULL;
    char *s = NULL;
    size_t n = 0;
    int st = wwwurl_parse(H_CFG, GEN, WWWURL_NUL_TERMINATED, &u);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_cache_file_dup(u, 'U', &s, &n);
    wwwurl_free(u);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_cache_file_dup general leaves *out", NULL, s == NULL && n == 0);
        return st;
    }
    CHECK_BYTES(g, "wwwurl_cache_file_dup general", NULL,
                "http/www.example.com/UfPktW9iLLk5P1ZttH-D47w", 44, s, n);
    wwwurl_string_free(s);
    return WWWURL_OK;
}

STRING_OP(op_decode_escapes, "URLDecodeGeneric escapes", URLDecodeGeneric("/%41%2F%7e+%20x%3d%E9%"),
          "/A/~+ x=\xe9%")
STRING_OP(op_decode_form_escapes, "URLDecodeFormArgs escapes",
          URLDecodeFormArgs("a+b%20c%3D%26d&e=%7E"),
          "a b c=&d&e=~")
STRING_OP(op_recode_escapes, "URLRecodeFormArgs escapes",
          URLRecodeFormArgs("a b=%7e+%2x&c=d/e?f%3D"),
          "a+b=~++&c=d/e?f%3D")
STRING_OP(op_encode_path_escapes, "URLEncodePath escapes", URLEncodePath("/a b/\xc3\xa9?#%&\"<>"),
          "/a%20b/%C3%A9%3F%23%25%26%22%3C%3E")
STRING_OP(op_encode_form_escapes, "URLEncodeFormArgs escapes",
          URLEncodeFormArgs("a b&c=d/\xc3\xa9+%~"),
          "a+b%26c%3Dd/%C3%A9%2B%25~")
STRING_OP(op_encode_password_escapes, "URLEncodePassword escapes",
          URLEncodePassword("u:s@r/ \xc3\xa9%"),
          "u%3As%40r%2F%20%C3%A9%25")
static int op_canon_host_general(hgroup *g)
{
    int r = op_string(g, "CanonicaliseHost IPv6", CanonicaliseHost("[::FFFF:1.2.3.4]:8080"),
                      "[0:0:0:0:0:ffff:102:304]:8080");
    if (r != WWWURL_OK)
        return r;
    return op_string(g, "CanonicaliseHost name", CanonicaliseHost("WWW.Example.COM.:0080"),
                     "www.example.com.:0080");
}
STRING_OP(op_html_nbsp, "HTMLString nbsp", HTMLString("a <b> & \"c\"  d", 1),
          "a&nbsp;&lt;b&gt;&nbsp;&amp;&nbsp;\"c\"&nbsp;&nbsp;d")
STRING_OP(op_make_hash_general, "MakeHash general", MakeHash(GEN), "Xh3B0h+GWlajb9pl0udh+Q")
static int op_base64_binary(hgroup *g)
{
    static const char bin[] = "\x00\xff user:pass \xfe";
    size_t n = 0;
    char *e = Base64Encode(bin, 15), *d;
    if (!e)
        return R_NULL;
    CHECK_CSTR(g, "Base64Encode binary", NULL, "AP8gdXNlcjpwYXNzIP4A", e);
    d = Base64Decode(e, &n);
    free(e);
    if (!d)
        return R_NULL;
    CHECK_BYTES(g, "Base64Decode binary", NULL, bin, 15, d, n);
    free(d);
    return WWWURL_OK;
}
static int op_split_form_args_general(hgroup *g)
{
    static const char *const want[] = {"a=1", "b=%20", "c", "", "d=x+y", ""};
    size_t i;
    char **a = SplitFormArgs("a=1&b=%20;c&&d=x+y;");
    if (!a)
        return R_NULL;
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        CHECK_CSTR(g, "SplitFormArgs general", want[i], want[i], a[i]);
        if (a[i] == NULL)
            break;
    }
    CHECK(g, "SplitFormArgs general end", NULL, i == 6 && a[6] == NULL);
    free(a[0]);
    free(a);
    return WWWURL_OK;
}

static int op_transcode_codecs(hgroup *g)
{
    static const struct {
        int codec;
        const char *name;
        const char *want;
        size_t len;
    } t[] = {
        {WWWURL_CODEC_DECODE_GENERIC, "DECODE_GENERIC", "/a bA/~+&=?#\0\xc3\xa9%", 16},
        {WWWURL_CODEC_DECODE_FORM, "DECODE_FORM", "/a bA/~ &=?#\0\xc3\xa9%", 16},
        {WWWURL_CODEC_RECODE_FORM, "RECODE_FORM", "/a+bA/~+&=?%23%ZZ%C3%A9%25", 26},
        {WWWURL_CODEC_ENCODE_PATH, "ENCODE_PATH",
         "/a%20b%2541%252f%257e+%26=%3F%23%25zz%C3%A9%25", 46},
        {WWWURL_CODEC_ENCODE_FORM, "ENCODE_FORM",
         "/a+b%2541%252f%257e%2B%26%3D%3F%23%25zz%C3%A9%25", 48},
        {WWWURL_CODEC_ENCODE_PASSWORD, "ENCODE_PASSWORD",
         "%2Fa%20b%2541%252f%257e+%26=%3F%23%25zz%C3%A9%25", 48},
    };
    size_t i;
    for (i = 0; i < sizeof t / sizeof t[0]; i++) {
        size_t n = 0;
        char *s = wwwurl_transcode_dup((wwwurl_codec)t[i].codec, CODEC_IN, WWWURL_NUL_TERMINATED,
                                       &n);
        if (!s)
            return R_NULL;
        CHECK_BYTES(g, "wwwurl_transcode_dup", t[i].name, t[i].want, t[i].len, s, n);
        wwwurl_string_free(s);
    }
    return WWWURL_OK;
}

/* The rotating buffers. They are written in place and allocate nothing
 * (checked: NO_ALLOC), so memory cannot run out; an empty string would be
 * the only way to say it did. */
static int rotating(hgroup *g, const char *what, const char *got, const char *want)
{
    if (got == NULL)
        return R_NULL;
    if (got[0] == '\0')
        return R_EMPTY;
    CHECK_CSTR(g, what, NULL, want, got);
    return WWWURL_OK;
}
static int op_rfc822_date(hgroup *g)
{
    return rotating(g, "RFC822Date", RFC822Date(784111777, 1), "Sun, 06 Nov 1994 08:49:37 GMT");
}
static int op_duration(hgroup *g)
{
    return rotating(g, "DurationToString", DurationToString(90061), "1d 01:01:01 (90061s)");
}

/* The standards tools on input with dot segments, escapes and case. */
#define RS_BASE "http://a/b/c/d;p?q"
#define RS_REF "../../g%7e/./h/..?y#s"
#define RS_WANT "http://a/g%7e/?y#s"
#define NM_IN "HTTP://Us%65r@WWW.Example.COM:80/a/./b/../%41%2f%7e?x=%7e#%7e"
#define NM_WANT "http://User@www.example.com/a/A%2F~?x=~#~"
#define MR_TARGET "../x/./%7e/y?z#f"
#define MR_WANT "../x/%7e/y?z#f"
#define BR_BASE "http://h/a/b"
#define BR_SPEC "  ..\\c\\.\\d%7e?q#f "
#define BR_WANT "http://h/c/d%7e?q#f"
#define WC_URL "../C/./d%7e?q#f"
#define WC_BASE "HTTP://Example.COM:80/a/b/"
#define WC_WANT "http://example.com/a/C/d%7e?q"

static int op_resolve_dots(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_rfc3986_resolve(RS_BASE, WWWURL_NUL_TERMINATED, RS_REF, WWWURL_NUL_TERMINATED,
                                    &s);
    return string_result(g, "wwwurl_rfc3986_resolve dots", st, s, RS_WANT);
}
static int op_normalize_general(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_rfc3986_normalize(NM_IN, WWWURL_NUL_TERMINATED, WWWURL_NORMALIZE_ALL, &s);
    return string_result(g, "wwwurl_rfc3986_normalize general", st, s, NM_WANT);
}
static int op_make_relative_dots(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_rfc3986_make_relative(RS_BASE, WWWURL_NUL_TERMINATED, MR_TARGET,
                                          WWWURL_NUL_TERMINATED, &s);
    return string_result(g, "wwwurl_rfc3986_make_relative dots", st, s, MR_WANT);
}
static int op_browser_general(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_browser_resolve(BR_BASE, WWWURL_NUL_TERMINATED, BR_SPEC, WWWURL_NUL_TERMINATED,
                                    &s);
    return string_result(g, "wwwurl_browser_resolve general", st, s, BR_WANT);
}
static int op_webcapture_base(hgroup *g)
{
    char *s = NULL;
    int st = wwwurl_webcapture_canonical(WC_URL, WWWURL_NUL_TERMINATED, WC_BASE,
                                         WWWURL_NUL_TERMINATED, &s);
    return string_result(g, "wwwurl_webcapture_canonical base", st, s, WC_WANT);
}

/* The buffer forms: no memory is handed out, but they may need some. */
static int buf_result(hgroup *g, const char *what, int st, const char *buf, size_t need,
                      const char *want)
{
    if (st != WWWURL_OK) {
        CHECK(g, what, "leaves *needed", need == 12345);
        return st;
    }
    CHECK_CSTR(g, what, NULL, want, buf);
    CHECK_INT(g, what, "needed", strlen(want) + 1, need);
    return WWWURL_OK;
}
static int op_resolve_buf(hgroup *g)
{
    char buf[64];
    size_t n = 12345;
    int st = wwwurl_rfc3986_resolve_buf(RS_BASE, WWWURL_NUL_TERMINATED, RS_REF,
                                        WWWURL_NUL_TERMINATED, buf, sizeof buf, &n);
    return buf_result(g, "wwwurl_rfc3986_resolve_buf", st, buf, n, RS_WANT);
}
static int op_normalize_buf(hgroup *g)
{
    char buf[64];
    size_t n = 12345;
    int st = wwwurl_rfc3986_normalize_buf(NM_IN, WWWURL_NUL_TERMINATED, WWWURL_NORMALIZE_ALL, buf,
                                          sizeof buf, &n);
    return buf_result(g, "wwwurl_rfc3986_normalize_buf", st, buf, n, NM_WANT);
}
static int op_make_relative_buf(hgroup *g)
{
    char buf[64];
    size_t n = 12345;
    int st = wwwurl_rfc3986_make_relative_buf(RS_BASE, WWWURL_NUL_TERMINATED, MR_TARGET,
                                              WWWURL_NUL_TERMINATED, buf, sizeof buf, &n);
    return buf_result(g, "wwwurl_rfc3986_make_relative_buf", st, buf, n, MR_WANT);
}
static int op_browser_buf(hgroup *g)
{
    char buf[64];
    size_t n = 12345;
    int st = wwwurl_browser_resolve_buf(BR_BASE, WWWURL_NUL_TERMINATED, BR_SPEC,
                                        WWWURL_NUL_TERMINATED, buf, sizeof buf, &n);
    return buf_result(g, "wwwurl_browser_resolve_buf", st, buf, n, BR_WANT);
}
static int op_webcapture_buf(hgroup *g)
{
    char buf[64];
    size_t n = 12345;
    int st = wwwurl_webcapture_canonical_buf(WC_URL, WWWURL_NUL_TERMINATED, WC_BASE,
                                             WWWURL_NUL_TERMINATED, buf, sizeof buf, &n);
    return buf_result(g, "wwwurl_webcapture_canonical_buf", st, buf, n, WC_WANT);
}

/* ---- settings: the op changes a process-wide value, `after` checks it
 * with the fault disarmed and puts the default back ---------------------- */

/* A config with the local host, copied into the legacy settings. */
static int op_set_local_host(hgroup *g)
{
    struct wwwurl_config *c = NULL;
    int st = wwwurl_config_new(&c);
    (void)g;
    if (st == WWWURL_OK)
        st = wwwurl_config_set_local_host(c, "Proxy.Example:3128", WWWURL_NUL_TERMINATED);
    if (st == WWWURL_OK)
        st = wwwurl_legacy_configure(c);
    wwwurl_config_free(c);
    return st;
}
static void after_set_local_host(hgroup *g, int r)
{
    URL *u = SplitURL("/x?y");
    CHECK(g, "SplitURL after wwwurl_legacy_configure", NULL, u != NULL);
    if (u) {
        /* Nothing changes unless it returned WWWURL_OK. */
        CHECK_CSTR(g, "wwwurl_config_set_local_host", r == WWWURL_OK ? "took effect" : "changed nothing",
                   r == WWWURL_OK ? "http://proxy.example:3128/x?y" : "http://localhost:8080/x?y",
                   u->name);
        FreeURL(u);
    }
    CHECK_INT(g, "wwwurl_legacy_configure back", NULL, WWWURL_OK, wwwurl_legacy_configure(H_CFG));
}

/* A protocol never set before on each call, so that every call must store
 * a new entry. */
static char port_proto[32];
static unsigned port_calls;
static int op_set_default_port(hgroup *g)
{
    struct wwwurl_config *c = NULL;
    int st;
    (void)g;
    snprintf(port_proto, sizeof port_proto, "gopher%u", ++port_calls);
    port_proto[0] = 'G'; /* compared case-insensitively */
    st = wwwurl_config_new(&c);
    if (st == WWWURL_OK)
        st = wwwurl_config_set_default_port(c, port_proto, WWWURL_NUL_TERMINATED, 70);
    if (st == WWWURL_OK)
        st = wwwurl_legacy_configure(c);
    wwwurl_config_free(c);
    return st;
}
static void after_set_default_port(hgroup *g, int r)
{
    char want[64];
    URL *u;
    port_proto[0] = 'g';
    u = CreateURL(port_proto, "h:70", "/x", NULL, NULL, NULL);
    CHECK(g, "CreateURL after wwwurl_legacy_configure", NULL, u != NULL);
    if (u) {
        snprintf(want, sizeof want, r == WWWURL_OK ? "%s://h/x" : "%s://h:70/x", port_proto);
        CHECK_CSTR(g, "wwwurl_config_set_default_port", r == WWWURL_OK ? "took effect" : "changed nothing",
                   want, u->name);
        FreeURL(u);
    }
    CHECK_INT(g, "wwwurl_legacy_configure back", NULL, WWWURL_OK, wwwurl_legacy_configure(H_CFG));
}

/* wwwurl_config_new, every setter, wwwurl_config_dup: the copy has the
 * settings (checked by a parse), or a status says why not */
static int op_config(hgroup *g)
{
    struct wwwurl_config *c = NULL, *d = NULL;
    wwwurl_url *u = NULL;
    int st = wwwurl_config_new(&c);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_config_new leaves *out", NULL, c == NULL);
        return st;
    }
    st = wwwurl_config_set_local_host(c, "cfg.example:9", WWWURL_NUL_TERMINATED);
    if (st == WWWURL_OK)
        st = wwwurl_config_set_default_port(c, "http", WWWURL_NUL_TERMINATED, 8080);
    if (st == WWWURL_OK)
        st = wwwurl_config_set_compat(c, WWWURL_COMPAT_29H);
    if (st == WWWURL_OK)
        st = wwwurl_config_set_max_input(c, 1000);
    if (st == WWWURL_OK) {
        st = wwwurl_config_dup(c, &d);
        if (st != WWWURL_OK)
            CHECK(g, "wwwurl_config_dup leaves *out", NULL, d == NULL);
    }
    if (st == WWWURL_OK)
        st = wwwurl_parse(d, "/x?a&amp;b", WWWURL_NUL_TERMINATED, &u);
    if (st == WWWURL_OK) {
        CHECK_CSTR(g, "the copy's settings", NULL, "http://cfg.example:9/x?a&amp;b",
                   wwwurl_get(u, WWWURL_PART_NAME, NULL));
        wwwurl_free(u);
    }
    wwwurl_config_free(d);
    wwwurl_config_free(c);
    return st;
}

/* wwwurl_set: the new part, or WWWURL_ERR_NO_MEMORY with every part of the
 * handle byte-identical */
static wwwurl_url *fx_set;
#define SET_URL "http://u:p@h:81/a?q"
static const wwwurl_part set_parts[] = {
    WWWURL_PART_NAME, WWWURL_PART_FILE, WWWURL_PART_PROTO, WWWURL_PART_HOSTPORT,
    WWWURL_PART_HOST, WWWURL_PART_PATH, WWWURL_PART_ARGS, WWWURL_PART_USER, WWWURL_PART_PASS,
    WWWURL_PART_ORIGINAL_NAME, WWWURL_PART_ORIGINAL_PATH, WWWURL_PART_ORIGINAL_ARGS,
    WWWURL_PART_PORT,
};
#define N_SET_PARTS (sizeof set_parts / sizeof set_parts[0])
static void set_snapshot(hbuf *b, const wwwurl_url *u)
{
    size_t k, len;
    hb_reset(b);
    for (k = 0; k < N_SET_PARTS; k++) {
        const char *p = wwwurl_get(u, set_parts[k], &len);
        hb_esc(b, p, p ? len : 0);
        hb_puts(b, " | ");
    }
    hb_printf(b, "%d", wwwurl_port(u));
}
static int set_calls;
static int op_set(hgroup *g)
{
    static const struct { wwwurl_part part; const char *value, *href; } rows[] = {
        {WWWURL_PART_PATH, "/x/../y z", "http://u:p@h:81/y%20z?q"},
        {WWWURL_PART_HOST, "EX.org", "http://u:p@ex.org:81/a?q"},
        {WWWURL_PART_USER, "a b", "http://a%20b:p@h:81/a?q"},
        {WWWURL_PART_QUERY, "a b", "http://u:p@h:81/a?a+b"},
        {WWWURL_PART_SCHEME, "FTP", "ftp://u:p@h:81/a?q"},
        {WWWURL_PART_PORT, "80", "http://u:p@h/a?q"},
        {WWWURL_PART_PASS, NULL, "http://u@h:81/a?q"},
    };
    hbuf before, after;
    int k = set_calls++ % (int)(sizeof rows / sizeof rows[0]);
    int st;

    if (!fx_set)
        return WWWURL_ERR_NULL;
    hb_init(&before);
    hb_init(&after);
    set_snapshot(&before, fx_set);
    st = wwwurl_set(fx_set, rows[k].part, rows[k].value, WWWURL_NUL_TERMINATED);
    set_snapshot(&after, fx_set);
    if (st == WWWURL_OK)
        CHECK_CSTR(g, "wwwurl_set", rows[k].value, rows[k].href,
                   wwwurl_get(fx_set, WWWURL_PART_HREF, NULL));
    else
        CHECK_CSTR(g, "wwwurl_set failed: every part byte-identical", rows[k].value, before.p,
                   after.p);
    hb_free(&before);
    hb_free(&after);
    return st;
}
static void after_set(hgroup *g, int r)
{
    (void)r;
    wwwurl_free(fx_set);
    fx_set = NULL;
    CHECK_INT(g, "wwwurl_parse(SET_URL) again", NULL, WWWURL_OK,
              wwwurl_parse(H_CFG, SET_URL, WWWURL_NUL_TERMINATED, &fx_set));
}

/* ---- functions that must not allocate --------------------------------------
 * Documented "Allocates nothing", or with no result that could say memory
 * ran out (void, a borrowed pointer, a number, a status without
 * WWWURL_ERR_NO_MEMORY among its documented values). */

static int op_cache_file_buf(hgroup *g)
{
    char buf[64];
    size_t n = 0;
    int st = wwwurl_cache_file(fx_gen, 'D', buf, sizeof buf, &n);
    CHECK_INT(g, "wwwurl_cache_file", NULL, WWWURL_OK, st);
    if (st == WWWURL_OK)
        CHECK_CSTR(g, "wwwurl_cache_file", NULL, "http/www.example.com/DfPktW9iLLk5P1ZttH-D47w",
                   buf);
    return st;
}

static int op_transcode_buf(hgroup *g)
{
    char buf[64];
    size_t n = 0;
    int st = wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, CODEC_IN, WWWURL_NUL_TERMINATED, buf,
                              sizeof buf, &n);
    CHECK_INT(g, "wwwurl_transcode", NULL, WWWURL_OK, st);
    if (st == WWWURL_OK)
        CHECK_BYTES(g, "wwwurl_transcode", NULL,
                    "/a%20b%2541%252f%257e+%26=%3F%23%25zz%C3%A9%25", 46, buf, n - 1);
    return st;
}

/* canParse makes no URL: hosts in every form but one that needs UTS #46,
 * with and without a base, decided without a byte of the heap. */
static int op_whatwg_can_parse(hgroup *g)
{
    static const struct {
        const char *in, *base;
        int want;
    } cases[] = {
        {"https://EXAMPLE.com:8080/a/../b?q#f", NULL, WWWURL_OK},
        {"http://ex\tample.com/\n", NULL, WWWURL_OK},
        {"http://a%41%2e.com/", NULL, WWWURL_OK},
        {"http://[1:0::2]:80/", NULL, WWWURL_OK},
        {"http://0x7f.1/", NULL, WWWURL_OK},
        {"sc://h%20x/p", NULL, WWWURL_OK},
        {"//h/p", "file:///C:/x", WWWURL_OK},
        {"../x", "http://example.com/a/b", WWWURL_OK},
        {"http://a b/", NULL, WWWURL_ERR_INVALID_URL},
        {"http://h:65536/", NULL, WWWURL_ERR_INVALID_URL},
        {"http://1.2.3.256/", NULL, WWWURL_ERR_INVALID_URL},
        {"x", "mailto:a", WWWURL_ERR_INVALID_URL},
        {"x", "not a url", WWWURL_ERR_INVALID_BASE},
    };
    int st = WWWURL_OK;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *b = cases[i].base;
        int got = wwwurl_whatwg_can_parse(cases[i].in, WWWURL_NUL_TERMINATED, b,
                                          b ? WWWURL_NUL_TERMINATED : 0);
        CHECK_INT(g, "wwwurl_whatwg_can_parse", cases[i].in, cases[i].want, got);
        if (got != cases[i].want)
            st = got;
    }
    return st;
}

/* canParse of hosts that need UTS #46: those allocate (the domain's ASCII
 * form), and an allocation that fails must give WWWURL_ERR_NO_MEMORY, never
 * WWWURL_ERR_PANIC, whichever allocation it is. */
static int op_whatwg_can_parse_idna(hgroup *g)
{
    static const struct {
        const char *in, *base;
        int want;
    } cases[] = {
        {"http://b\xc3\xbc" "cher.example/", NULL, WWWURL_OK},
        {"//B\xc3\xbc" "cher.example/x", "http://a/", WWWURL_OK},
        {"http://%C3%BC" "ber.example/", NULL, WWWURL_OK},
        {"http://\xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc"
         "\xc3\xbc\xc3\xbc.\xe2\x98\x83\xe2\x98\x83.example/", NULL, WWWURL_OK},
        {"http://a\xe2\x80\x8d" "b.example/", NULL, WWWURL_ERR_INVALID_URL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *b = cases[i].base;
        int got = wwwurl_whatwg_can_parse(cases[i].in, WWWURL_NUL_TERMINATED, b,
                                          b ? WWWURL_NUL_TERMINATED : 0);
        /* a fault's status is the op's result, which the torture checks */
        if (got == WWWURL_ERR_NO_MEMORY || got == WWWURL_ERR_PANIC)
            return got;
        CHECK_INT(g, "wwwurl_whatwg_can_parse", cases[i].in, cases[i].want, got);
        if (got != cases[i].want)
            return got;
    }
    return WWWURL_OK;
}

static void check_component(hgroup *g, const char *what, const char *s,
                            const wwwurl_component *c, const char *want)
{
    if (want == NULL) {
        CHECK(g, "wwwurl_rfc3986_split", what, !c->present);
        return;
    }
    CHECK(g, "wwwurl_rfc3986_split", what, c->present);
    CHECK_BYTES(g, "wwwurl_rfc3986_split", what, want, strlen(want), s + c->offset, c->len);
}

static int op_rfc3986_split(hgroup *g)
{
    wwwurl_components c;
    int st = wwwurl_rfc3986_split(GEN, WWWURL_NUL_TERMINATED, 0, &c);
    CHECK_INT(g, "wwwurl_rfc3986_split", NULL, WWWURL_OK, st);
    if (st != WWWURL_OK)
        return st;
    check_component(g, "scheme", GEN, &c.scheme, "HTTP");
    check_component(g, "authority", GEN, &c.authority, "User:Pw@WWW.Example.COM:80");
    check_component(g, "userinfo", GEN, &c.userinfo, "User:Pw");
    check_component(g, "user", GEN, &c.user, "User");
    check_component(g, "password", GEN, &c.password, "Pw");
    check_component(g, "host", GEN, &c.host, "WWW.Example.COM");
    check_component(g, "port", GEN, &c.port, "80");
    check_component(g, "path", GEN, &c.path, "/a/./b/../%41%2f%7e");
    check_component(g, "query", GEN, &c.query, "x=%7e&amp;y");
    check_component(g, "fragment", GEN, &c.fragment, "f");
    return WWWURL_OK;
}

static int op_accessors(hgroup *g)
{
    size_t n = 0;
    CHECK_CSTR(g, "wwwurl_get", "name", GEN_NAME, wwwurl_get(fx_gen, WWWURL_PART_NAME, &n));
    CHECK_INT(g, "wwwurl_get", "length", strlen(GEN_NAME), n);
    CHECK_CSTR(g, "wwwurl_get", "pass", "Pw", wwwurl_get(fx_gen, WWWURL_PART_PASS, NULL));
    CHECK_INT(g, "wwwurl_port", NULL, -1, wwwurl_port(fx_gen));
    CHECK_CSTR(g, "wwwurl_status_name", NULL, "WWWURL_ERR_NO_MEMORY",
               wwwurl_status_name(WWWURL_ERR_NO_MEMORY));
    CHECK(g, "wwwurl_strerror", NULL, wwwurl_strerror(WWWURL_ERR_NO_MEMORY)[0] != '\0');
    CHECK(g, "wwwurl_version", NULL, wwwurl_version()[0] != '\0');
    CHECK(g, "wwwurl_idna_unicode_version", NULL, wwwurl_idna_unicode_version()[0] != '\0');
    CHECK_INT(g, "wwwurl_config_set_compat of a used config", NULL, WWWURL_ERR_CONFIG_IN_USE,
              wwwurl_config_set_compat((struct wwwurl_config *)(void *)H_CFG, WWWURL_COMPAT_29));
    CHECK_INT(g, "wwwurl_config_set_max_input of a used config", NULL, WWWURL_ERR_CONFIG_IN_USE,
              wwwurl_config_set_max_input((struct wwwurl_config *)(void *)H_CFG, 5));
    CHECK_INT(g, "DateToTimeT", NULL, 784111777L, DateToTimeT("Sunday, 06-Nov-94 08:49:37 GMT"));
    return WWWURL_OK;
}

static int op_in_place(hgroup *g)
{
    char trim[] = " \t a b \n", name[] = "/a/./b/../c/%2e%2e/d/..";
    CHECK_CSTR(g, "TrimArgs", NULL, "a b", TrimArgs(trim));
    CanonicaliseName(name);
    CHECK_CSTR(g, "CanonicaliseName", NULL, "/a/c/%2e%2e/", name);
#if !defined(WWWURL_LEGACY_29H)
    {
        char amp[] = "x?a=1&amp;b=2&AMP;c&amp";
        URLReplaceAmp(amp);
        CHECK_CSTR(g, "URLReplaceAmp", NULL, "x?a=1&b=2&c&amp", amp);
    }
#endif
    return WWWURL_OK;
}

/* How an op shows that memory ran out. */
enum {
    OP_NULL,   /* R_NULL: NULL, or the record left as it was */
    OP_STATUS, /* WWWURL_ERR_NO_MEMORY (WWWURL_ERR_PANIC when it panicked) */
    OP_EMPTY,  /* R_EMPTY: the empty string (NULL when it panicked) */
    OP_FALLBACK /* API_FALLBACK: a number function's fixed value, panic or not */
};
/* What an op allocates. */
enum {
    TO_C = 1,      /* hands memory to C: kinds 1 and 2 must find an allocation */
    NO_ALLOC = 2,  /* must allocate nothing at all */
    RUST_HEAP = 4, /* allocates working memory: the any-kind torture must find it */
    C_ONLY = 8     /* runs the ECMAScript engine of the URL patterns' own regular
                    * expressions, which ends the process when Rust's memory runs
                    * out (SECURITY.md): only the memory handed to C is failed */
};

typedef struct op {
    const char *name;
    int (*fn)(hgroup *g);
    int fails_as;
    unsigned flags;
    /* Run after each call with the fault disarmed: checks and undoes what
     * the call changed for the whole process. */
    void (*after)(hgroup *g, int r);
} op;

/* ---- WHATWG URLs, query edits, No-Vary-Search ---------------------------------- */

#define WW_IN "HTTPS://B\xc3\xbc" "cher.example:443/a/../b?z=1&a=%2C#f"
#define WW_HREF "https://xn--bcher-kva.example/b?z=1&a=%2C#f"

static int op_whatwg_parse(hgroup *g)
{
    wwwurl_whatwg *u = NULL;
    int st = wwwurl_whatwg_parse("../b?z=1&a=%2C#f", WWWURL_NUL_TERMINATED,
                                 "HTTPS://B\xc3\xbc" "cher.example:443/a/x", WWWURL_NUL_TERMINATED, &u);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_whatwg_parse leaves *out", NULL, u == NULL);
        return st;
    }
    CHECK_CSTR(g, "wwwurl_whatwg_parse", NULL, WW_HREF, wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, NULL));
    CHECK_PART(g, "origin", NULL, "https://xn--bcher-kva.example", u, WWWURL_WHATWG_ORIGIN);
    wwwurl_whatwg_free(u);
    return WWWURL_OK;
}

/* A parse into a handle that fails leaves it as it was; one that succeeds
 * gives the new URL, its stored origin included. */
static int op_whatwg_parse_into(hgroup *g)
{
    wwwurl_whatwg *u = NULL;
    int st = wwwurl_whatwg_parse(WW_IN, WWWURL_NUL_TERMINATED, NULL, 0, &u);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_whatwg_parse_into(u, "../b?z=1&a=%2C#f", WWWURL_NUL_TERMINATED,
                                  "HTTPS://u:p@B\xc3\xbc" "cher.example:443/a/x", WWWURL_NUL_TERMINATED);
    if (st == WWWURL_OK) {
        CHECK_PART(g, "parse_into", NULL, "https://u:p@xn--bcher-kva.example/b?z=1&a=%2C#f", u,
                   WWWURL_WHATWG_HREF);
        CHECK_PART(g, "parse_into origin", NULL, "https://xn--bcher-kva.example", u,
                   WWWURL_WHATWG_ORIGIN);
    } else {
        CHECK_PART(g, "parse_into (failed)", NULL, WW_HREF, u, WWWURL_WHATWG_HREF);
    }
    wwwurl_whatwg_free(u);
    return st;
}

/* A setter that fails leaves every attribute as it was. */
static int op_whatwg_set(hgroup *g)
{
    wwwurl_whatwg *u = NULL, *d = NULL;
    int st = wwwurl_whatwg_parse(WW_IN, WWWURL_NUL_TERMINATED, NULL, 0, &u);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_whatwg_set(u, WWWURL_WHATWG_HOSTNAME, "Stra\xc3\x9f" "e.example", WWWURL_NUL_TERMINATED);
    if (st == WWWURL_OK) {
        CHECK_CSTR(g, "wwwurl_whatwg_set", NULL, "https://xn--strae-oqa.example/b?z=1&a=%2C#f",
                   wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, NULL));
        st = wwwurl_whatwg_dup(u, &d);
        if (st == WWWURL_OK)
            CHECK_PART(g, "wwwurl_whatwg_dup", NULL, "xn--strae-oqa.example", d,
                       WWWURL_WHATWG_HOST);
        else
            CHECK(g, "wwwurl_whatwg_dup leaves *out", NULL, d == NULL);
    } else {
        CHECK_CSTR(g, "wwwurl_whatwg_set (failed)", NULL, WW_HREF,
                   wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, NULL));
        CHECK_PART(g, "wwwurl_whatwg_set (failed) host", NULL, "xn--bcher-kva.example", u,
                   WWWURL_WHATWG_HOST);
    }
    wwwurl_whatwg_free(d);
    wwwurl_whatwg_free(u);
    return st;
}

static int op_whatwg_query_edit(hgroup *g)
{
    wwwurl_whatwg *u = NULL;
    int st = wwwurl_whatwg_parse(WW_IN, WWWURL_NUL_TERMINATED, NULL, 0, &u);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_whatwg_query_edit(u, WWWURL_QUERY_SORT, NULL, 0, NULL, 0);
    CHECK_CSTR(g, "wwwurl_whatwg_query_edit", NULL,
               st == WWWURL_OK ? "https://xn--bcher-kva.example/b?a=%2C&z=1#f" : WW_HREF,
               wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, NULL));
    wwwurl_whatwg_free(u);
    return st;
}

static int op_url_query_edit(hgroup *g)
{
    wwwurl_url *u = NULL;
    int st = wwwurl_parse(H_CFG, "http://h/p?utm_a=1&b=%2C&utm_c", WWWURL_NUL_TERMINATED, &u);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_url_query_edit(u, WWWURL_QUERY_STRIP_PREFIX, "utm_", WWWURL_NUL_TERMINATED, NULL, 0);
    CHECK_CSTR(g, "wwwurl_url_query_edit", NULL,
               st == WWWURL_OK ? "http://h/p?b=," : "http://h/p?utm_a=1&b=,&utm_c",
               wwwurl_get(u, WWWURL_PART_NAME, NULL));
    wwwurl_free(u);
    return st;
}

static int op_nvs(hgroup *g)
{
    wwwurl_nvs *nvs = NULL;
    char *k = NULL;
    int st = wwwurl_nvs_parse("params=(\"utm_source\"), key-order", WWWURL_NUL_TERMINATED, &nvs);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_nvs_parse leaves *out", NULL, nvs == NULL);
        return st;
    }
    st = wwwurl_nvs_key(nvs, "https://e/p?b=%7e&utm_source=x&a=1+2", WWWURL_NUL_TERMINATED, &k);
    wwwurl_nvs_free(nvs);
    return string_result(g, "wwwurl_nvs_key", st, k, "https://e/p?a=1+2&b=%7E");
}

static int op_canonicalize_cachekey(hgroup *g)
{
    wwwurl_config *cfg = NULL;
    char *s = NULL;
    int st = wwwurl_config_new(&cfg);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_config_add_strip_prefix(cfg, "utm_", WWWURL_NUL_TERMINATED);
    if (st == WWWURL_OK)
        st = wwwurl_canonicalize(cfg, "cachekey", "http://E/?z&utm_a=1&a", WWWURL_NUL_TERMINATED,
                                 &s);
    wwwurl_config_free(cfg);
    return string_result(g, "wwwurl_canonicalize cachekey", st, s, "http://e/?a&z");
}

/* ---- URL patterns ---------------------------------------------------------------- */

/* A set of rules, fixed hostnames and patterns of them (the set's index
 * and its list of the others), and a match against it. */
static int op_urlpattern_set(hgroup *g)
{
    static const char *const rules[] = {"https://example.com/a/*", "https://*.example.com/:x",
                                        "https://example.org/*", "*://*/a/:y"};
    wwwurl_urlpattern_set *set = NULL;
    size_t failed = 9, idx[4], n = 0;
    int st = wwwurl_urlpattern_set_parse(rules, 4, NULL, 0, 0, &failed, &set);
    if (st != WWWURL_OK) {
        CHECK(g, "wwwurl_urlpattern_set_parse leaves *out", NULL, set == NULL);
        CHECK_INT(g, "wwwurl_urlpattern_set_parse leaves *failed_index", NULL, 9, failed);
        return st;
    }
    st = wwwurl_urlpattern_set_match(set, "https://example.com/a/b?q", WWWURL_NUL_TERMINATED,
                                     NULL, 0, idx, 4, &n);
    if (st == WWWURL_OK) {
        CHECK_INT(g, "wwwurl_urlpattern_set_match count", NULL, 2, n);
        CHECK(g, "wwwurl_urlpattern_set_match", NULL, idx[0] == 0 && idx[1] == 3);
    }
    wwwurl_urlpattern_set_free(set);
    return st;
}

/* A pattern with a group of its own regular expression, its match, and a
 * set made of it. */
static int op_urlpattern_regexp(hgroup *g)
{
    wwwurl_urlpattern *p = NULL;
    const wwwurl_urlpattern *list[1];
    wwwurl_urlpattern_set *set = NULL;
    wwwurl_urlpattern_result *r = NULL;
    size_t i = 0, n = 0, idx[1];
    int st = wwwurl_urlpattern_parse("https://example.com/books/:id(\\d+)", WWWURL_NUL_TERMINATED,
                                     NULL, 0, 0, &p);
    if (st != WWWURL_OK)
        return st;
    st = wwwurl_urlpattern_exec(p, "https://example.com/books/42", WWWURL_NUL_TERMINATED, NULL, 0,
                                &r);
    if (st == WWWURL_OK && CHECK(g, "wwwurl_urlpattern_exec matches", NULL, r != NULL)) {
        CHECK_INT(g, "wwwurl_urlpattern_result_group_index", NULL, WWWURL_OK,
                  wwwurl_urlpattern_result_group_index(r, WWWURL_URLPATTERN_PATHNAME, "id",
                                                       WWWURL_NUL_TERMINATED, &i));
        CHECK_CSTR(g, "wwwurl_urlpattern_result_group_value", NULL, "42",
                   wwwurl_urlpattern_result_group_value(r, WWWURL_URLPATTERN_PATHNAME, i, NULL));
        wwwurl_urlpattern_result_free(r);
        list[0] = p;
        st = wwwurl_urlpattern_set_new(list, 1, &set);
    }
    if (st == WWWURL_OK) {
        st = wwwurl_urlpattern_set_match(set, "https://example.com/books/7", WWWURL_NUL_TERMINATED,
                                         NULL, 0, idx, 1, &n);
        if (st == WWWURL_OK)
            CHECK_INT(g, "wwwurl_urlpattern_set_match count", NULL, 1, n);
        wwwurl_urlpattern_set_free(set);
    }
    wwwurl_urlpattern_free(p);
    return st;
}

/* The functions declared once in the C layer (wwwurl_api_rows.h): each
 * call on a sample input reports memory running out as a status. */
static const char api_sample[] = "http://www.example.com/a/./b?c=d#e";
#define API_OP_FN(name, to_c, fallback)                                                        \
    static int api_op_##name(hgroup *g)                                                       \
    {                                                                                         \
        int st = api_##name(-1, api_sample, "rfc3986");                                          \
        CHECK(g, #name " writes no output when it fails", NULL, st != API_OUTPUT_WRITTEN);     \
        return st;                                                                            \
    }
API_ROWS(API_OP_FN)
#define API_OP(name, to_c, fallback)                                                           \
    {#name " (declared)", api_op_##name, (fallback) ? OP_FALLBACK : OP_STATUS, (to_c) ? TO_C : 0, NULL},

static const op ops[] = {
    /* BASE: the canonical fast path. */
    {"SplitURL", op_split_url, OP_NULL, TO_C, NULL},
    {"CreateURL", op_create_url, OP_NULL, TO_C, NULL},
    {"LinkURL", op_link_url, OP_NULL, TO_C, NULL},
    {"AddPasswordURL", op_add_password, OP_NULL, TO_C, NULL},
    {"URLDecodeGeneric", op_decode, OP_NULL, TO_C, NULL},
    {"URLEncodePath", op_encode_path, OP_NULL, TO_C, NULL},
    {"URLRecodeFormArgs", op_recode, OP_NULL, TO_C, NULL},
    {"CanonicaliseHost", op_canon_host, OP_NULL, TO_C, NULL},
    {"MakeHash", op_make_hash, OP_NULL, TO_C, NULL},
    {"Base64Encode/Decode", op_base64, OP_NULL, TO_C, NULL},
    {"HTMLString", op_html, OP_NULL, TO_C, NULL},
#if defined(WWWURL_LEGACY_29H)
    {"FixHTMLLinkURL", op_fix_link, OP_NULL, TO_C, NULL},
#endif
    {"SplitFormArgs", op_split_form_args, OP_NULL, TO_C, NULL},
    {"wwwurl_parse", op_parse, OP_STATUS, TO_C, NULL},
    {"wwwurl_create", op_create, OP_STATUS, TO_C, NULL},
    {"wwwurl_link/dup", op_link_dup, OP_STATUS, TO_C, NULL},
    {"wwwurl_set_userinfo", op_set_userinfo, OP_STATUS, TO_C, NULL},
    {"wwwurl_transcode_dup", op_transcode_dup, OP_NULL, TO_C, NULL},
    {"wwwurl_rfc3986_resolve", op_resolve, OP_STATUS, TO_C, NULL},
    {"wwwurl_webcapture_canonical", op_webcapture, OP_STATUS, TO_C, NULL},
    {"wwwurl_cache_file_dup", op_cache_file_dup, OP_STATUS, TO_C, NULL},
    {"wwwurl_rfc3986_make_relative", op_make_relative, OP_STATUS, TO_C, NULL},
    {"wwwurl_rfc3986_normalize", op_normalize, OP_STATUS, TO_C, NULL},
    {"wwwurl_browser_resolve", op_browser_resolve, OP_STATUS, TO_C, NULL},
    {"wwwurl_whatwg_parse", op_whatwg_parse, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_whatwg_set/dup", op_whatwg_set, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_whatwg_parse_into", op_whatwg_parse_into, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_whatwg_query_edit", op_whatwg_query_edit, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_url_query_edit", op_url_query_edit, OP_STATUS, TO_C, NULL},
    {"wwwurl_nvs_parse/key", op_nvs, OP_STATUS, TO_C, NULL},
    {"wwwurl_canonicalize cachekey config", op_canonicalize_cachekey, OP_STATUS, TO_C, NULL},
    {"wwwurl_urlpattern_set_parse/match", op_urlpattern_set, OP_STATUS, TO_C | RUST_HEAP, NULL},
    {"wwwurl_urlpattern regular expression", op_urlpattern_regexp, OP_STATUS, TO_C | C_ONLY,
     NULL},
    /* GEN and friends: the general paths. */
    {"SplitURL general", op_split_general, OP_NULL, TO_C, NULL},
    {"wwwurl_parse general", op_parse_general, OP_STATUS, TO_C, NULL},
    {"SplitURL long", op_split_long, OP_NULL, TO_C, NULL},
    {"wwwurl_parse long", op_parse_long, OP_STATUS, TO_C, NULL},
    {"LinkURL general", op_link_general, OP_NULL, TO_C, NULL},
    {"wwwurl_link general", op_wlink_general, OP_STATUS, TO_C, NULL},
    {"CreateURL escapes", op_create_escapes, OP_NULL, TO_C, NULL},
    {"wwwurl_create escapes", op_wcreate_escapes, OP_STATUS, TO_C, NULL},
    {"AddPasswordURL escapes", op_add_password_escapes, OP_NULL, TO_C, NULL},
    {"wwwurl_set_userinfo escapes", op_set_userinfo_escapes, OP_STATUS, TO_C, NULL},
    {"wwwurl_dup general", op_dup_general, OP_STATUS, TO_C, NULL},
    {"wwwurl_cache_file_dup general", op_cache_file_dup_general, OP_STATUS, TO_C, NULL},
    {"URLDecodeGeneric escapes", op_decode_escapes, OP_NULL, TO_C, NULL},
    {"URLDecodeFormArgs escapes", op_decode_form_escapes, OP_NULL, TO_C, NULL},
    {"URLRecodeFormArgs escapes", op_recode_escapes, OP_NULL, TO_C, NULL},
    {"URLEncodePath escapes", op_encode_path_escapes, OP_NULL, TO_C, NULL},
    {"URLEncodeFormArgs escapes", op_encode_form_escapes, OP_NULL, TO_C, NULL},
    {"URLEncodePassword escapes", op_encode_password_escapes, OP_NULL, TO_C, NULL},
    {"CanonicaliseHost general", op_canon_host_general, OP_NULL, TO_C, NULL},
    {"HTMLString nbsp", op_html_nbsp, OP_NULL, TO_C, NULL},
    {"MakeHash general", op_make_hash_general, OP_NULL, TO_C, NULL},
    {"Base64 binary", op_base64_binary, OP_NULL, TO_C, NULL},
    {"SplitFormArgs general", op_split_form_args_general, OP_NULL, TO_C, NULL},
    {"wwwurl_transcode_dup codecs", op_transcode_codecs, OP_NULL, TO_C, NULL},
    {"RFC822Date", op_rfc822_date, OP_EMPTY, NO_ALLOC, NULL},
    {"DurationToString", op_duration, OP_EMPTY, NO_ALLOC, NULL},
    {"wwwurl_rfc3986_resolve dots", op_resolve_dots, OP_STATUS, TO_C, NULL},
    {"wwwurl_rfc3986_normalize general", op_normalize_general, OP_STATUS, TO_C, NULL},
    {"wwwurl_rfc3986_make_relative dots", op_make_relative_dots, OP_STATUS, TO_C, NULL},
    {"wwwurl_browser_resolve general", op_browser_general, OP_STATUS, TO_C, NULL},
    {"wwwurl_webcapture_canonical base", op_webcapture_base, OP_STATUS, TO_C, NULL},
    {"wwwurl_rfc3986_resolve_buf", op_resolve_buf, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_rfc3986_normalize_buf", op_normalize_buf, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_rfc3986_make_relative_buf", op_make_relative_buf, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_browser_resolve_buf", op_browser_buf, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_webcapture_canonical_buf", op_webcapture_buf, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_config_set_local_host", op_set_local_host, OP_STATUS, RUST_HEAP, after_set_local_host},
    {"wwwurl_config_set_default_port", op_set_default_port, OP_STATUS, RUST_HEAP,
     after_set_default_port},
    {"wwwurl_config_new/dup", op_config, OP_STATUS, RUST_HEAP, NULL},
    {"wwwurl_set", op_set, OP_STATUS, RUST_HEAP, after_set},
    {"wwwurl_cache_file", op_cache_file_buf, OP_STATUS, NO_ALLOC, NULL},
    {"wwwurl_transcode", op_transcode_buf, OP_STATUS, NO_ALLOC, NULL},
    {"wwwurl_rfc3986_split", op_rfc3986_split, OP_STATUS, NO_ALLOC, NULL},
    {"wwwurl_whatwg_can_parse", op_whatwg_can_parse, OP_STATUS, NO_ALLOC, NULL},
    {"wwwurl_whatwg_can_parse UTS #46", op_whatwg_can_parse_idna, OP_STATUS, RUST_HEAP, NULL},
    {"accessors", op_accessors, OP_STATUS, NO_ALLOC, NULL},
    {"in-place", op_in_place, OP_NULL, NO_ALLOC, NULL},
    API_ROWS(API_OP)
};

#define N_OPS (sizeof ops / sizeof ops[0])
/* No op comes near this many allocations: reaching it means the faults
 * stopped counting. */
#define MAX_ALLOCS 1000

/* ---- faults, culprits, counts ------------------------------------------------ */

typedef struct tally {
    unsigned long faults;  /* allocations made to fail or panic */
    unsigned long results; /* results of faulted (and reference) runs checked */
    unsigned long aborts;  /* processes killed by a signal */
} tally;

static tally total;

/* What is being faulted right now, for the report of an abort: written
 * before each faulted call, read by the signal handler (which may only use
 * async-signal-safe calls, so the text is ready in advance). */
static char culprit[256];
/* In a child: the pipe to the parent. */
static int report_fd = -1;

static void set_culprit(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static void set_culprit(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(culprit, sizeof culprit, fmt, ap);
    va_end(ap);
}

static void write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        p += w;
        n -= (size_t)w;
    }
}

static size_t c_len(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

/* " (faults injected: N)" into `out`, without stdio. N counts the faults
 * since the op was armed, including any that the abort's own reporting
 * ran into while the fault stayed armed. */
static size_t faults_so_far(char *out, size_t cap)
{
    static const char head[] = " (faults injected: ", tail[] = ")";
    char digits[24];
    size_t n = 0, k = 0;
    uint64_t v = wwwurl_fault_count();
    do
        digits[k++] = (char)('0' + v % 10);
    while ((v /= 10) != 0 && k < sizeof digits);
    if (sizeof head + k + sizeof tail > cap)
        return 0;
    memcpy(out, head, sizeof head - 1);
    n = sizeof head - 1;
    while (k > 0)
        out[n++] = digits[--k];
    memcpy(out + n, tail, sizeof tail - 1);
    return n + sizeof tail - 1;
}

static void on_fatal_signal(int sig)
{
    static const char head[] = "fault_injection: fatal signal during: ";
    char count[64];
    /* The state is per thread and plain memory: reading it here is safe. */
    size_t cn = faults_so_far(count, sizeof count);
    (void)sig;
    write_all(2, head, sizeof head - 1);
    write_all(2, culprit, c_len(culprit));
    write_all(2, count, cn);
    write_all(2, "\n", 1);
    if (report_fd >= 0) {
        write_all(report_fd, "A", 1);
        write_all(report_fd, culprit, c_len(culprit));
        write_all(report_fd, count, cn);
    }
    /* SA_RESETHAND restored the default: returning lets abort() finish. */
}

static void catch_fatal_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGABRT, &sa, NULL);
    /* What an abort without the C library raises. */
    sigaction(SIGILL, &sa, NULL);
}

static const char *result_name(int r)
{
    return r == R_NULL ? "NULL (or unchanged)" : r == R_EMPTY ? "empty string" : h_status_name(r);
}

/* The result of a run of `o` in which an allocation of `kind` faulted. */
static int failure_result(const op *o, int kind)
{
    int panicked = kind == FAULT_PANIC_ALLOC;
    switch (o->fails_as) {
    case OP_STATUS:
        return panicked ? WWWURL_ERR_PANIC : WWWURL_ERR_NO_MEMORY;
    case OP_EMPTY:
        return panicked ? R_NULL : R_EMPTY;
    case OP_FALLBACK:
        return API_FALLBACK;
    default:
        return R_NULL;
    }
}

/* One call of `o` with `kind` armed; `*faults` receives how many
 * allocations were faulted. */
static int run_op(hgroup *g, const op *o, int kind, uint64_t skip, unsigned long *faults)
{
    int r, pending;
    uint64_t n;
    wwwurl_fault_inject((uint32_t)kind, skip);
    r = o->fn(g);
    pending = wwwurl_fault_pending();
    n = wwwurl_fault_count();
    wwwurl_fault_inject(FAULT_OFF, 0);
    if (kind != FAULT_OFF)
        CHECK(g, o->name, "wwwurl_fault_pending agrees with wwwurl_fault_count",
              pending == (n == 0));
    if (o->after)
        o->after(g, r);
    *faults = (unsigned long)n;
    return r;
}

static void check_result(hgroup *g, tally *t, const char *what, int want, int got)
{
    t->results++;
    if (want != got)
        h_fail(g, __FILE__, __LINE__, "%s: wanted %s, got %s", what, result_name(want),
               result_name(got));
}

static const char *kind_text(int kind)
{
    switch (kind) {
    case FAULT_FAIL_ALLOC:
        return "C allocation failing";
    case FAULT_PANIC_ALLOC:
        return "C allocation panicking";
    default:
        return "allocation (any kind) failing";
    }
}

/* Faults the 1st, 2nd, ... allocation of `kind` in `o` until a run has
 * none left to fault. */
static void torture_op(hgroup *g, const op *o, int kind, tally *t)
{
    int want = failure_result(o, kind), r;
    unsigned long skip, faulted = 0, n;
    char what[320];

    h_case_begin(g, NULL, NULL);
    /* A reference run: the op works, and what a first call sets up once
     * (lazily) is not counted below. */
    set_culprit("%s, without a fault", o->name);
    r = run_op(g, o, FAULT_OFF, 0, &n);
    snprintf(what, sizeof what, "%s without a fault", o->name);
    check_result(g, t, what, WWWURL_OK, r);
    for (skip = 0; skip < MAX_ALLOCS; skip++) {
        set_culprit("%s, %s %lu", o->name, kind_text(kind), skip + 1);
        r = run_op(g, o, kind, skip, &n);
        if (n == 0) {
            snprintf(what, sizeof what, "%s with %lu allocations", o->name, skip);
            check_result(g, t, what, WWWURL_OK, r);
            break;
        }
        t->faults += n;
        faulted++;
        snprintf(what, sizeof what, "%s, %s %lu", o->name, kind_text(kind), skip + 1);
        check_result(g, t, what, want, r);
    }
    if (o->flags & NO_ALLOC)
        CHECK(g, o->name, "allocates nothing", faulted == 0);
    else if ((o->flags & TO_C) || ((o->flags & RUST_HEAP) && kind == FAULT_FAIL_ANY))
        CHECK(g, o->name, "at least one allocation faulted", faulted > 0);
    CHECK(g, o->name, "a run without fault was reached", skip < MAX_ALLOCS);
    h_case_end(g);
}

/* "every 3rd allocation failing", in a static buffer. */
static const char *every_text(unsigned n)
{
    static char text[48];
    const char *suffix = "th";
    if (n % 100 < 11 || n % 100 > 13)
        suffix = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
    if (n == 1)
        snprintf(text, sizeof text, "every allocation failing");
    else
        snprintf(text, sizeof text, "every %u%s allocation failing", n, suffix);
    return text;
}

/* Every Nth allocation of any kind failing, over the whole op: the right
 * result, or the documented failure once something failed. */
static void every_nth_op(hgroup *g, const op *o, int kind, tally *t)
{
    static const unsigned periods[] = {1, 2, 3, 5, 8, 11};
    int want = failure_result(o, FAULT_FAIL_ANY), r;
    unsigned long n;
    size_t i;
    char what[320];

    (void)kind;
    h_case_begin(g, NULL, NULL);
    set_culprit("%s, without a fault", o->name);
    r = run_op(g, o, FAULT_OFF, 0, &n);
    snprintf(what, sizeof what, "%s without a fault", o->name);
    check_result(g, t, what, WWWURL_OK, r);
    for (i = 0; i < sizeof periods / sizeof periods[0]; i++) {
        set_culprit("%s, %s", o->name, every_text(periods[i]));
        r = run_op(g, o, FAULT_FAIL_EVERY, periods[i] - 1, &n);
        t->faults += n;
        snprintf(what, sizeof what, "%s, %s (%lu failed)", o->name, every_text(periods[i]), n);
        if (n == 0 || r == WWWURL_OK) {
            check_result(g, t, what, WWWURL_OK, r);
        } else {
            check_result(g, t, what, want, r);
        }
        if (o->flags & NO_ALLOC)
            CHECK(g, what, "allocates nothing", n == 0);
    }
    h_case_end(g);
}

/* ---- one child process per op ------------------------------------------------ */

typedef void (*op_body)(hgroup *g, const op *o, int kind, tally *t);

/* What a child sends back when it finishes: its counts. */
typedef struct child_report {
    unsigned long checked, passed, failed, printed, hidden;
    tally t;
} child_report;

static int use_fork(void)
{
    const char *v = getenv("WWWURL_FAULT_NOFORK");
    return !(v && *v && strcmp(v, "0") != 0);
}

static void run_child(hgroup *g, const op *o, int kind, op_body body, int fd)
{
    child_report rep;
    hgroup before = *g;
    tally t = {0, 0, 0};

    report_fd = fd;
    body(g, o, kind, &t);
    rep.checked = g->checked - before.checked;
    rep.passed = g->passed - before.passed;
    rep.failed = g->failed - before.failed;
    rep.printed = g->printed - before.printed;
    rep.hidden = g->hidden - before.hidden;
    rep.t = t;
    write_all(fd, "T", 1);
    write_all(fd, (const char *)&rep, sizeof rep);
    close(fd);
    /* exit, not _exit: LeakSanitizer and valgrind check the child's heap
     * as it exits, and their verdict is its exit status. */
    exit(0);
}

/* Runs `body` for `o`, in a child process unless WWWURL_FAULT_NOFORK is
 * set, and adds what it checked to `g` and `t`. */
static void isolated(hgroup *g, const op *o, int kind, op_body body, tally *t)
{
    char buf[1 + sizeof(child_report) + sizeof culprit + 64];
    size_t got = 0;
    int fds[2], status = 0;
    pid_t pid;

    if (!use_fork()) {
        body(g, o, kind, t);
        return;
    }
    if (pipe(fds) != 0) {
        h_case_begin(g, NULL, NULL);
        h_fail(g, __FILE__, __LINE__, "%s: pipe: %s", o->name, strerror(errno));
        h_case_end(g);
        return;
    }
    /* Nothing buffered may be written twice, by the child as well. */
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        h_case_begin(g, NULL, NULL);
        h_fail(g, __FILE__, __LINE__, "%s: fork: %s", o->name, strerror(errno));
        h_case_end(g);
        return;
    }
    if (pid == 0) {
        close(fds[0]);
        run_child(g, o, kind, body, fds[1]);
    }
    close(fds[1]);
    for (;;) {
        ssize_t n = read(fds[0], buf + got, sizeof buf - 1 - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(fds[0]);
    buf[got] = '\0';
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;

    if (got == 1 + sizeof(child_report) && buf[0] == 'T') {
        child_report rep;
        hgroup add;
        memcpy(&rep, buf + 1, sizeof rep);
        h_group_init(&add, g->name);
        add.checked = rep.checked;
        add.passed = rep.passed;
        add.failed = rep.failed;
        add.printed = rep.printed;
        add.hidden = rep.hidden;
        h_group_merge(g, &add);
        t->faults += rep.t.faults;
        t->results += rep.t.results;
    }
    if (WIFSIGNALED(status)) {
        t->aborts++;
        h_case_begin(g, NULL, NULL);
        h_fail(g, __FILE__, __LINE__, "%s: killed by signal %d during: %s", o->name,
               WTERMSIG(status), got > 0 && buf[0] == 'A' ? buf + 1 : "(not reported)");
        h_case_end(g);
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || buf[0] != 'T') {
        h_case_begin(g, NULL, NULL);
        h_fail(g, __FILE__, __LINE__,
               "%s: the child exited with status %d (a leak or memory error is reported above)",
               o->name, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        h_case_end(g);
    }
}

/* ---- which ops ----------------------------------------------------------------- */

/* Whether WWWURL_FAULT_OP (a comma-separated list of op names) selects `o`;
 * without it, every op. */
static int selected(const op *o)
{
    const char *sel = getenv("WWWURL_FAULT_OP"), *p;
    size_t len = strlen(o->name);
    if (!sel || !*sel)
        return 1;
    for (p = sel; *p;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == len && strncmp(p, o->name, n) == 0)
            return 1;
        p += n;
        if (*p == ',')
            p++;
    }
    return 0;
}

static void for_each_op(hgroup *g, int kind, op_body body, const char *label)
{
    tally t = {0, 0, 0};
    size_t i, chosen = 0;

    if (!fx_set)
        wwwurl_parse(H_CFG, SET_URL, WWWURL_NUL_TERMINATED, &fx_set);
    if (!fx_gen && wwwurl_parse(H_CFG, GEN, WWWURL_NUL_TERMINATED, &fx_gen) != WWWURL_OK) {
        h_case_begin(g, NULL, NULL);
        h_fail(g, __FILE__, __LINE__, "wwwurl_parse(GEN) failed without a fault");
        h_case_end(g);
        return;
    }
    make_long();
    catch_fatal_signals();
    for (i = 0; i < N_OPS; i++) {
        if (!selected(&ops[i]))
            continue;
        chosen++;
        if ((ops[i].flags & C_ONLY) && kind != FAULT_FAIL_ALLOC && kind != FAULT_PANIC_ALLOC)
            continue;
        isolated(g, &ops[i], kind, body, &t);
    }
    if (chosen == 0) {
        static int listed;
        h_case_begin(g, NULL, NULL);
        h_fail(g, __FILE__, __LINE__, "WWWURL_FAULT_OP selects no op%s",
               listed ? "" : "; the ops are:");
        for (i = 0; !listed && i < N_OPS; i++)
            printf("    %s\n", ops[i].name);
        listed = 1;
        h_case_end(g);
    }
    printf("    %s: %lu allocations failed, %lu results checked, %lu aborts\n", label, t.faults,
           t.results, t.aborts);
    total.faults += t.faults;
    total.results += t.results;
    total.aborts += t.aborts;
}

static void t_fail_alloc(hgroup *g, const char *dir)
{
    (void)dir;
    for_each_op(g, FAULT_FAIL_ALLOC, torture_op, "C allocations failing");
}

static void t_panic_alloc(hgroup *g, const char *dir)
{
    (void)dir;
    for_each_op(g, FAULT_PANIC_ALLOC, torture_op, "C allocations panicking");
}

static void t_fail_any(hgroup *g, const char *dir)
{
    (void)dir;
    for_each_op(g, FAULT_FAIL_ANY, torture_op, "any allocation failing");
}

static void t_fail_every(hgroup *g, const char *dir)
{
    (void)dir;
    for_each_op(g, FAULT_FAIL_EVERY, every_nth_op, "every Nth allocation failing");
    printf("fault injection: %lu allocations failed, %lu results checked, %lu aborts\n",
           total.faults, total.results, total.aborts);
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

/* Every declared function panicking at its start: WWWURL_ERR_PANIC (a
 * number function: its fixed value; a static string: a usable one). */
static void t_panic_entry_declared(hgroup *g)
{
    h_case_begin(g, NULL, NULL);
    for (size_t r = 0; r < sizeof api_rows / sizeof api_rows[0]; r++) {
        wwwurl_status st;
        if (!api_rows[r].can_panic)
            continue; /* a getter or a release: its body cannot panic */
        /* Armed after the row has made the handles the call takes. */
        api_before_call = arm_entry;
        st = api_rows[r].call(-1, api_sample, "rfc3986");
        api_before_call = NULL;
        CHECK_INT(g, api_rows[r].name, "panic at entry", api_rows[r].on_panic, st);
        PANICKED(g, api_rows[r].name);
    }
    h_case_end(g);
}

static void t_panic_entry(hgroup *g, const char *dir)
{
    URL *u;
    wwwurl_url *h = NULL, *out = (wwwurl_url *)&out;
    char buf[64], *sout;
    size_t n = 7;
    wwwurl_components comp;
    (void)dir;

    h_case_begin(g, NULL, NULL);
    u = SplitURL(BASE);
    CHECK(g, "SplitURL", NULL, u != NULL);
    CHECK(g, "wwwurl_parse", NULL, wwwurl_parse(H_CFG, BASE, WWWURL_NUL_TERMINATED, &h) == WWWURL_OK);

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
#define STR_IS(call, want)                                                                    \
    do {                                                                                      \
        const char *r_;                                                                       \
        arm_entry();                                                                          \
        r_ = (call);                                                                          \
        CHECK_CSTR(g, #call, NULL, (want), r_);                                               \
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
    {
        /* FreeURL of a record whose strings follow it cannot panic, and the
         * injector does not reach it (CONTRIBUTING.md, "The data flow of a C
         * call"): it frees, and the panic stays armed. A record whose
         * strings AddPasswordURL moved, or that holds a private_* string,
         * takes the guarded way. */
        URL *v = SplitURL(BASE), *w = SplitURL(BASE), *x = SplitURL(BASE);
        CHECK(g, "SplitURL", NULL, v != NULL && w != NULL && x != NULL);
        AddPasswordURL(w, "us", "pw");
        CHECK(g, "AddPasswordURL", NULL, w && w->user && strcmp(w->user, "us") == 0);
        if (x)
            x->private_file = strdup("private");
        arm_entry();
        FreeURL(v);
        CHECK(g, "FreeURL(a fresh record)", "frees, the injected panic still pending",
              wwwurl_fault_pending());
        wwwurl_fault_inject(FAULT_OFF, 0);
        VOID_CALL(FreeURL(w)); /* did nothing: freed next */
        FreeURL(w);
        VOID_CALL(FreeURL(x)); /* did nothing: freed next, private_file too */
        FreeURL(x);
    }

    /* The functions whose result C uses unchecked: a usable value. */
    STR_IS(wwwurl_version(), WWWURL_VERSION_STRING);
    STR_IS(wwwurl_strerror(WWWURL_ERR_NULL), "unknown status");
    STR_IS(wwwurl_status_name(WWWURL_ERR_NULL), "(unknown status)");

    /* The modern API: WWWURL_ERR_PANIC, NULL, -1 or nothing done. */
    {
        struct wwwurl_config *pc = NULL, *pd = (struct wwwurl_config *)(void *)&pc;
        if (wwwurl_config_new(&pc) == WWWURL_OK) {
            STATUS_PANIC(wwwurl_config_set_local_host(pc, "proxy:3128", WWWURL_NUL_TERMINATED));
            STATUS_PANIC(wwwurl_config_set_default_port(pc, "gopher", WWWURL_NUL_TERMINATED, 70));
            STATUS_PANIC(wwwurl_config_set_compat(pc, WWWURL_COMPAT_29H));
            STATUS_PANIC(wwwurl_config_set_max_input(pc, 16));
            STATUS_PANIC(wwwurl_config_new(&pd));
            STATUS_PANIC(wwwurl_config_dup(pc, &pd));
            CHECK(g, "*out untouched after config panics", NULL,
                  pd == (struct wwwurl_config *)(void *)&pc);
            STATUS_PANIC(wwwurl_legacy_configure(pc));
            {
                /* nothing changed: the config is still new and has the defaults */
                wwwurl_url *pu = NULL;
                CHECK_INT(g, "set_max_input after the panics", NULL, WWWURL_OK,
                          wwwurl_config_set_max_input(pc, 100));
                CHECK_INT(g, "parse with it", NULL, WWWURL_OK,
                          wwwurl_parse(pc, "/x?a&amp;b", WWWURL_NUL_TERMINATED, &pu));
                CHECK_CSTR(g, "settings unchanged after panics", NULL,
                           H_LAYOUT_29H ? "http://localhost:8080/x?a&amp;b"
                                        : "http://localhost:8080/x?a&b",
                           pu ? wwwurl_get(pu, WWWURL_PART_NAME, NULL) : NULL);
                wwwurl_free(pu);
            }
            arm_entry();
            wwwurl_config_free(pc);
            CHECK(g, "wwwurl_config_free", "frees, the injected panic still pending",
                  wwwurl_fault_pending());
            wwwurl_fault_inject(FAULT_OFF, 0);
        }
    }
    {
        wwwurl_url *su = NULL;
        if (wwwurl_parse(H_CFG, SET_URL, WWWURL_NUL_TERMINATED, &su) == WWWURL_OK) {
            STATUS_PANIC(wwwurl_set(su, WWWURL_PART_HOST, "x", WWWURL_NUL_TERMINATED));
            CHECK_CSTR(g, "wwwurl_set: handle unchanged after a panic", NULL, SET_URL,
                       wwwurl_get(su, WWWURL_PART_HREF, NULL));
            wwwurl_free(su);
        }
    }
    STATUS_PANIC(wwwurl_parse(H_CFG, BASE, WWWURL_NUL_TERMINATED, &out));
    STATUS_PANIC(wwwurl_create(H_CFG, "http", "h", "/", NULL, NULL, NULL, &out));
    STATUS_PANIC(wwwurl_link(H_CFG, h, "x", WWWURL_NUL_TERMINATED, &out));
    STATUS_PANIC(wwwurl_dup(h, &out));
    CHECK(g, "*out untouched after panics", NULL, out == (wwwurl_url *)&out);
    /* The accessors read the header and cannot panic; the injector does not
     * reach them either (CONTRIBUTING.md, "The data flow of a C call"): they
     * answer, and the panic stays armed. */
    {
        const char *name;
        wwwurl_url *ported = NULL;
        CHECK(g, "wwwurl_parse", "a URL with a port",
              wwwurl_parse(H_CFG, "http://a:8080/", WWWURL_NUL_TERMINATED, &ported) == WWWURL_OK);
        arm_entry();
        n = 7;
        name = wwwurl_get(h, WWWURL_PART_NAME, &n);
        CHECK_CSTR(g, "wwwurl_get with a panic armed", NULL, BASE, name); /* canonical already */
        CHECK(g, "wwwurl_get with a panic armed", "length, the panic still pending",
              n == strlen(BASE) && wwwurl_fault_pending());
        /* A port other than the -1 a panic would give. */
        CHECK_INT(g, "wwwurl_port with a panic armed", NULL, 8080, wwwurl_port(ported));
        CHECK(g, "wwwurl_port with a panic armed", "the panic still pending",
              wwwurl_fault_pending());
        wwwurl_fault_inject(FAULT_OFF, 0);
        wwwurl_free(ported);
    }
    STATUS_PANIC(wwwurl_set_userinfo(h, "us", "pw"));
    STATUS_PANIC(wwwurl_cache_file(h, 'D', buf, sizeof buf, &n));
    STATUS_PANIC(wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, "a", 1, buf, sizeof buf, &n));
    /* A short text that its codec leaves as it is takes a path that cannot
     * panic and that the injector does not reach (CONTRIBUTING.md, "The data
     * flow of a C call"): the call succeeds and the panic stays armed. */
    arm_entry();
    CHECK_INT(g, "wwwurl_transcode short path", NULL, WWWURL_OK,
              wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, "abcd", 4, buf, sizeof buf, &n));
    CHECK(g, "wwwurl_transcode short path", "the injected panic still pending",
          wwwurl_fault_pending());
    wwwurl_fault_inject(FAULT_OFF, 0);
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
    {
        wwwurl_whatwg *w = NULL, *w2 = NULL;
        wwwurl_nvs *nv = NULL;
        wwwurl_query_param qp;
        size_t qpos = 0;
        if (wwwurl_whatwg_parse("http://a/?q", WWWURL_NUL_TERMINATED, NULL, 0, &w) == WWWURL_OK &&
            wwwurl_nvs_parse("key-order", WWWURL_NUL_TERMINATED, &nv) == WWWURL_OK) {
            STATUS_PANIC(wwwurl_whatwg_parse("http://a/", WWWURL_NUL_TERMINATED, NULL, 0, &w2));
            STATUS_PANIC(wwwurl_whatwg_can_parse("http://a/", WWWURL_NUL_TERMINATED, NULL, 0));
            STATUS_PANIC(wwwurl_whatwg_set(w, WWWURL_WHATWG_HASH, "x", WWWURL_NUL_TERMINATED));
            STATUS_PANIC(wwwurl_whatwg_dup(w, &w2));
            STATUS_PANIC(wwwurl_whatwg_query_edit(w, WWWURL_QUERY_SORT, NULL, 0, NULL, 0));
            STATUS_PANIC(wwwurl_url_query_edit(h, WWWURL_QUERY_SORT, NULL, 0, NULL, 0));
            STATUS_PANIC(wwwurl_query_next("a", WWWURL_NUL_TERMINATED, &qpos, &qp));
            STATUS_PANIC(wwwurl_nvs_parse("key-order", WWWURL_NUL_TERMINATED, &nv));
            STATUS_PANIC(wwwurl_nvs_key(nv, "http://a/", WWWURL_NUL_TERMINATED, &sout));
            STATUS_PANIC(wwwurl_nvs_key_buf(nv, "http://a/", WWWURL_NUL_TERMINATED, buf,
                                            sizeof buf, &n));
            INT_IS(wwwurl_query_count("a&b", WWWURL_NUL_TERMINATED), 0);
            INT_IS(wwwurl_nvs_equivalent(nv, "http://a/", WWWURL_NUL_TERMINATED, "http://a/",
                                         WWWURL_NUL_TERMINATED),
                   -1);
            {
                wwwurl_config *c = NULL;
                if (wwwurl_config_new(&c) == WWWURL_OK) {
                    STATUS_PANIC(wwwurl_config_add_strip_param(c, "a", WWWURL_NUL_TERMINATED));
                    STATUS_PANIC(wwwurl_config_add_strip_prefix(c, "a", WWWURL_NUL_TERMINATED));
                }
                wwwurl_config_free(c);
            }
            CHECK(g, "handles untouched after panics", NULL, w2 == NULL && qpos == 0);
            CHECK_CSTR(g, "WHATWG URL unchanged after panics", NULL, "http://a/?q",
                       wwwurl_whatwg_get(w, WWWURL_WHATWG_HREF, NULL));
        } else {
            CHECK(g, "WHATWG and NVS handles for the panic test", NULL, 0);
        }
        wwwurl_whatwg_free(w);
        wwwurl_nvs_free(nv);
    }
    CHECK(g, "string *out untouched after panics", NULL, sout == NULL);
    CHECK_CSTR(g, "handle unchanged after panics", NULL, want_name,
               wwwurl_get(h, WWWURL_PART_NAME, NULL));
    {
        /* wwwurl_free cannot panic either: it frees. */
        wwwurl_url *k = NULL;
        CHECK(g, "wwwurl_parse", NULL,
              wwwurl_parse(H_CFG, BASE, WWWURL_NUL_TERMINATED, &k) == WWWURL_OK);
        arm_entry();
        wwwurl_free(k);
        CHECK(g, "wwwurl_free", "frees, the injected panic still pending",
              wwwurl_fault_pending());
        wwwurl_fault_inject(FAULT_OFF, 0);
    }
    {
        /* wwwurl_string_free cannot panic either: it frees. */
        char *k = wwwurl_transcode_dup(WWWURL_CODEC_ENCODE_PATH, "a", 1, NULL);
        CHECK(g, "wwwurl_transcode_dup", NULL, k != NULL);
        arm_entry();
        wwwurl_string_free(k);
        CHECK(g, "wwwurl_string_free", "frees, the injected panic still pending",
              wwwurl_fault_pending());
        wwwurl_fault_inject(FAULT_OFF, 0);
    }

    /* Everything still works, and the objects the panicking frees kept are
     * freed now (valgrind and LeakSanitizer see any leak or double free). */
    CHECK_CSTR(g, "SplitURL after the panics", NULL, want_name, u->name);
    FreeURL(u);
    wwwurl_free(h);
    u = SplitURL(BASE);
    CHECK(g, "SplitURL works after the panics", NULL, u != NULL && strcmp(u->name, want_name) == 0);
    FreeURL(u);
    h_case_end(g);
    t_panic_entry_declared(g);
}

/* ---- every status code ------------------------------------------------------ */

static void t_every_status(hgroup *g, const char *dir)
{
    int seen[WWWURL_ERR_BUDGET + 1] = {0};
    wwwurl_whatwg *w = NULL;
    wwwurl_psl *psl = NULL;
    wwwurl_urlpattern *pat = NULL;
    char hostile[64];
    wwwurl_nvs *nvs = NULL;
    struct wwwurl_config *lim = NULL;
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
    SEE(wwwurl_parse(H_CFG, BASE, WWWURL_NUL_TERMINATED, &h), WWWURL_OK);
    SEE(wwwurl_parse(H_CFG, NULL, 1, &h), WWWURL_ERR_NULL);
    SEE(wwwurl_config_new(&lim), WWWURL_OK);
    SEE(wwwurl_config_set_max_input(lim, 8), WWWURL_OK);
    SEE(wwwurl_parse(lim, BASE, WWWURL_NUL_TERMINATED, &h), WWWURL_ERR_TOO_LONG);
    SEE(wwwurl_config_set_max_input(lim, 100), WWWURL_ERR_CONFIG_IN_USE);
    wwwurl_config_free(lim);
    SEE(wwwurl_cache_file(h, 'D', buf, sizeof buf, &need), WWWURL_ERR_BUFFER_TOO_SMALL);
    SEE(wwwurl_set(h, WWWURL_PART_NAME, "x", WWWURL_NUL_TERMINATED), WWWURL_ERR_INVALID_ARGUMENT);
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
    SEE(wwwurl_parse(H_CFG, "..://h/x", WWWURL_NUL_TERMINATED, &h), WWWURL_OK);
    SEE(wwwurl_cache_file(h, 'D', buf, sizeof buf, &need), WWWURL_ERR_UNSAFE_PATH);
    SEE(wwwurl_whatwg_parse("/x", WWWURL_NUL_TERMINATED, NULL, 0, &w), WWWURL_ERR_INVALID_URL);
    SEE(wwwurl_whatwg_parse("/x", WWWURL_NUL_TERMINATED, "b", WWWURL_NUL_TERMINATED, &w),
        WWWURL_ERR_INVALID_BASE);
    SEE(wwwurl_whatwg_parse("http://h/", WWWURL_NUL_TERMINATED, NULL, 0, &w), WWWURL_OK);
    SEE(wwwurl_whatwg_set(w, WWWURL_WHATWG_PORT, "x", WWWURL_NUL_TERMINATED), WWWURL_ERR_IGNORED);
    SEE(wwwurl_whatwg_set(w, WWWURL_WHATWG_HOST, "g:x", WWWURL_NUL_TERMINATED),
        WWWURL_ERR_PORT_IGNORED);
    wwwurl_whatwg_free(w);
    SEE(wwwurl_query_get("a=1", WWWURL_NUL_TERMINATED, "b", WWWURL_NUL_TERMINATED, 0, 0, &s),
        WWWURL_ERR_NOT_FOUND);
    SEE(wwwurl_query_decode("a%00b", WWWURL_NUL_TERMINATED, &s), WWWURL_ERR_HOLDS_NUL);
    SEE(wwwurl_nvs_parse("key-order", WWWURL_NUL_TERMINATED, &nvs), WWWURL_OK);
    wwwurl_nvs_free(nvs);
    SEE(wwwurl_psl_registrable_domain(wwwurl_psl_builtin(), "co.uk", WWWURL_NUL_TERMINATED, 0,
                                      &need),
        WWWURL_ERR_NO_DOMAIN);
    SEE(wwwurl_psl_load("<html>", WWWURL_NUL_TERMINATED, &psl), WWWURL_ERR_INVALID_LIST);
    SEE(wwwurl_urlpattern_parse("/x/*", WWWURL_NUL_TERMINATED, NULL, 0, 0, &pat),
        WWWURL_ERR_INVALID_PATTERN);
    /* (a+)+ runs on 16 code points at most; the input ends with the
     * pattern's fixed `b`, or it would be turned away before. */
    SEE(wwwurl_urlpattern_parse("http://h/(a+)+b", WWWURL_NUL_TERMINATED, NULL, 0, 0, &pat),
        WWWURL_OK);
    memset(hostile, 'a', sizeof hostile - 1);
    memcpy(hostile, "http://h/", 9);
    memcpy(hostile + sizeof hostile - 3, "xb", 3);
    SEE(wwwurl_urlpattern_test(pat, hostile, WWWURL_NUL_TERMINATED, NULL, 0, &i),
        WWWURL_ERR_BUDGET);
    wwwurl_urlpattern_free(pat);
    /* The C libraries are built with IDNA: WWWURL_ERR_NO_IDNA cannot come. */
    seen[WWWURL_ERR_NO_IDNA] = 1;
    for (i = 0; i <= WWWURL_ERR_BUDGET; i++) {
        CHECK(g, h_status_name(i), "provoked", seen[i]);
        CHECK(g, h_status_name(i), "has a message",
              wwwurl_strerror(i) != NULL && wwwurl_strerror(i)[0] != '\0');
        CHECK(g, h_status_name(i), "has its C name",
              strncmp(wwwurl_status_name(i), "WWWURL_", 7) == 0);
    }
    wwwurl_free(h);
    h_case_end(g);
}

/* The number of allocations of any kind a call makes: the first K that
 * kind 4 lets pass without the call reaching a (K + 1)th. */
static unsigned allocations_of(wwwurl_status (*call)(const char *), const char *in)
{
    for (unsigned k = 0; k < 64; k++) {
        wwwurl_fault_inject(4, k);
        wwwurl_status st = call(in);
        int pending = wwwurl_fault_pending();
        wwwurl_fault_inject(0, 0);
        if (pending && st == WWWURL_OK)
            return k;
    }
    return 99;
}

static wwwurl_status whatwg_parse_free(const char *in)
{
    wwwurl_whatwg *u = NULL;
    wwwurl_status st = wwwurl_whatwg_parse(in, WWWURL_NUL_TERMINATED, NULL, 0, &u);
    wwwurl_whatwg_free(u);
    return st;
}

/* A handle reused by whatwg_parse_into_twice: two URLs no longer than it. */
static wwwurl_whatwg *reused;
static wwwurl_status whatwg_parse_into_twice(const char *in)
{
    wwwurl_status st = wwwurl_whatwg_parse_into(reused, in, WWWURL_NUL_TERMINATED, NULL, 0);
    return st == WWWURL_OK ? wwwurl_whatwg_parse_into(reused, in, WWWURL_NUL_TERMINATED, NULL, 0)
                           : st;
}

/* A WHATWG parse is one allocation (text and handle in one block), and a
 * parse into a handle whose memory holds the URL is none. */
static void t_whatwg_allocations(hgroup *g, const char *dir)
{
    static const char *const inputs[] = {
        "https://example.com/a/b?c=d#e", "HTTP://Example.COM:80/a/./b/../c d?x y",
        "file:///home/dev/src/lib.rs", "file://localhost/C:/x", "https://u:p@h.example:8/x",
        "node:fs", "http://[::1]:8080/", "http://b\xc3\xbc" "cher.example/",
    };
    (void)dir;
    h_case_begin(g, NULL, NULL);
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++)
        CHECK_INT(g, "allocations of wwwurl_whatwg_parse + free", inputs[i], 1,
                  allocations_of(whatwg_parse_free, inputs[i]));
    CHECK_STATUS(g, "a handle to reuse", NULL, WWWURL_OK,
                 wwwurl_whatwg_parse("https://a-long-enough-host.example/with/a/long/path?and=query",
                                     WWWURL_NUL_TERMINATED, NULL, 0, &reused));
    /* Once the handle has held a URL twice (its text, and the text
     * before it kept for the next), the same URL allocates nothing. */
    for (size_t i = 0; i < 4; i++) {
        CHECK_STATUS(g, "the URL twice", inputs[i], WWWURL_OK, whatwg_parse_into_twice(inputs[i]));
        CHECK_INT(g, "allocations of wwwurl_whatwg_parse_into, twice", inputs[i], 0,
                  allocations_of(whatwg_parse_into_twice, inputs[i]));
    }
    wwwurl_whatwg_free(reused);
    h_case_end(g);
}

static const h_test tests[] = {
    {"every status code", t_every_status},
    {"WHATWG parse allocations", t_whatwg_allocations},
    {"C allocation failure torture", t_fail_alloc},
    {"C allocation panic torture", t_panic_alloc},
    {"panic at every entry point", t_panic_entry},
    {"any allocation failure torture", t_fail_any},
    {"every Nth allocation failing", t_fail_every},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    int st = h_main(argc, argv, tests);
    wwwurl_free(fx_gen);
    wwwurl_free(fx_set);
    fx_set = NULL;
    return st;
}
