/* Hostile-input test of wwwurl, for `make check` (built with ASan+UBSan, and
 * run under valgrind). Three parts:
 *
 *  1. Every byte value 1..255 placed in every component (scheme, user,
 *     password, host, port, path, args, fragment) of a template URL, given
 *     to SplitURL, LinkURL (as the link, and as the base), AddPasswordURL,
 *     wwwurl_parse and wwwurl_whatwg_parse (whose href must parse to
 *     itself and be the `whatwg` profile's result); and in every argument
 *     of CreateURL.
 *  2. Inputs of 1 MiB and 8 MiB made of one pattern repeated ("/./",
 *     "/../", "%", "%2", "&amp;", "@", ":", "["), given to every legacy
 *     function and to wwwurl_parse, wwwurl_link, wwwurl_transcode,
 *     wwwurl_rfc3986_split, wwwurl_rfc3986_resolve,
 *     wwwurl_webcapture_canonical, the WHATWG parser and setters, the query
 *     edits, No-Vary-Search, wwwurl_canonicalize under every profile, and
 *     URL patterns (a pattern's pathname, a URL matched against a pattern
 *     and a set).
 *     Run with `ulimit -s 8192`: nothing may recurse in proportion to the
 *     input.
 *  3. The defined results that SECURITY.md documents for the inputs on which
 *     the historical code had undefined behaviour, and its other documented
 *     examples (canonical names that are not fixed points, the known
 *     limitations of the standards tools).
 *
 * Every result is checked and released (the leak checkers see the rest).
 * The library must print nothing: stdout and stderr are captured while it
 * runs and must stay empty.
 *
 * Environment: WWWURL_TEST_QUICK=1 or HOSTILE_SKIP_8M=1 skip the 8 MiB
 * inputs and give the 1 MiB ones to the URL functions in one form instead
 * of three (for valgrind); HOSTILE_NO_CAPTURE=1 leaves stdout and stderr
 * alone. The last line is "N passed, N failed"; the exit status is 0 when
 * nothing failed. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "wwwurl.h"
#include "wwwurl_legacy.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HOSTILE_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define HOSTILE_ASAN 1
#endif
#ifdef HOSTILE_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

/* ---- reporting ------------------------------------------------------------ */

static unsigned long passed, failed;
static FILE *report;            /* the real stderr, while output is captured */

static void fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    failed++;
    if (failed > 50)
        return;
    fprintf(report, "%s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(report, fmt, ap);
    va_end(ap);
    fputc('\n', report);
    fflush(report);
}

#define EXPECT(cond, ...)                                                      \
    do {                                                                       \
        if (cond)                                                              \
            passed++;                                                          \
        else                                                                   \
            fail(__FILE__, __LINE__, __VA_ARGS__);                             \
    } while (0)

/* A printable form of a short string, for messages. */
static const char *show(const char *s)
{
    static char buf[4][200];
    static int k;
    char *b = buf[k++ & 3];
    size_t o = 0;
    if (s == NULL)
        return "(null)";
    for (; *s && o < sizeof buf[0] - 8; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f && c != '\\')
            b[o++] = (char)c;
        else
            o += (size_t)snprintf(b + o, 8, "\\x%02X", c);
    }
    if (*s)
        b[o++] = '.', b[o++] = '.', b[o++] = '.';
    b[o] = '\0';
    return b;
}

/* ---- capture of stdout and stderr ------------------------------------------- */

static int capture_fd = -1, saved_out = -1, saved_err = -1;
static char capture_path[64];

static void dump_capture(void)
{
    if (capture_fd < 0)
        return;
    char buf[4096];
    ssize_t n;
    fflush(stdout);
    fflush(stderr);
    if (lseek(capture_fd, 0, SEEK_SET) == 0)
        while ((n = read(capture_fd, buf, sizeof buf)) > 0)
            if (write(saved_err, buf, (size_t)n) < 0)
                break;
}

static void capture_begin(void)
{
    const char *no = getenv("HOSTILE_NO_CAPTURE");
    report = stderr;
    if (no && *no && strcmp(no, "0") != 0)
        return;
    strcpy(capture_path, "/tmp/wwwurl-hostile-XXXXXX");
    capture_fd = mkstemp(capture_path);
    if (capture_fd < 0)
        return;
    unlink(capture_path);
    fflush(stdout);
    fflush(stderr);
    saved_out = dup(1);
    saved_err = dup(2);
    report = fdopen(dup(saved_err), "w");
    if (saved_out < 0 || saved_err < 0 || report == NULL ||
        dup2(capture_fd, 1) < 0 || dup2(capture_fd, 2) < 0) {
        perror("capture");
        exit(2);
    }
#ifdef HOSTILE_ASAN
    /* A sanitizer report goes to the captured stderr: show it on death. */
    __sanitizer_set_death_callback(dump_capture);
#endif
}

static void capture_end(void)
{
    if (capture_fd < 0)
        return;
    fflush(stdout);
    fflush(stderr);
    struct stat st;
    int ok = fstat(capture_fd, &st) == 0;
    dump_capture();
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    EXPECT(ok && st.st_size == 0, "the library printed %ld bytes (shown above)",
           ok ? (long)st.st_size : -1L);
    close(capture_fd);
    capture_fd = -1;
#ifdef HOSTILE_ASAN
    __sanitizer_set_death_callback(NULL);
#endif
}

/* ---- helpers ------------------------------------------------------------------ */

static int env_on(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static char *xmalloc(size_t n)
{
    char *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(report, "out of memory\n");
        exit(2);
    }
    return p;
}

static char *cat3(const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *s = xmalloc(la + lb + lc + 1);
    memcpy(s, a, la);
    memcpy(s + la, b, lb);
    memcpy(s + la + lb, c, lc + 1);
    return s;
}

/* The invariants of a record; 1 when they hold. */
static int record_ok(const URL *u)
{
    if (u == NULL || !u->name || !u->file || !u->proto || !u->hostport || !u->host ||
        !u->path)
        return 0;
#if defined(WWWURL_LEGACY_29H)
    if (!u->original_name || !u->original_path || !u->original_pathp)
        return 0;
    (void)strlen(u->original_name);
#endif
    size_t n = strlen(u->name);
    if (u->hostp < u->name || u->hostp > u->name + n || u->pathp < u->hostp ||
        u->pathp > u->name + n)
        return 0;
    if (u->user == NULL && u->file != u->name)
        return 0;
    if (u->private_link || u->private_dir || u->private_file)
        return 0;
    size_t pl = strlen(u->proto);
    if (strncmp(u->name, u->proto, pl) != 0 || strncmp(u->name + pl, "://", 3) != 0)
        return 0;
    if (strncmp(u->hostport, u->host, strlen(u->host)) != 0)
        return 0;
    (void)strlen(u->file);
    if (u->args)
        (void)strlen(u->args);
    if (u->user)
        (void)strlen(u->user);
    if (u->pass)
        (void)strlen(u->pass);
    return 1;
}

/* The name of a modern handle equals the legacy record's. */
static int same_name(const URL *u, const wwwurl_url *m)
{
    size_t n = 0;
    const char *s = wwwurl_get(m, WWWURL_PART_NAME, &n);
    return u && s && strlen(u->name) == n && memcmp(u->name, s, n) == 0;
}

/* ---- part 1: every byte in every component ------------------------------------- */

enum { C_SCHEME, C_USER, C_PASS, C_HOST, C_PORT, C_PATH, C_ARGS, C_FRAG, NCOMP };
static const char *const comp_name[NCOMP] = {"scheme", "user", "password", "host",
                                             "port", "path", "args", "fragment"};
static const char *const comp_text[NCOMP] = {"http", "user", "pass", "host",
                                             "8080", "/path", "args", "frag"};

/* The template URL with component `c` replaced by `text`. */
static char *template_url(int c, const char *text)
{
    const char *p[NCOMP];
    for (int i = 0; i < NCOMP; i++)
        p[i] = i == c ? text : comp_text[i];
    size_t n = 64;
    for (int i = 0; i < NCOMP; i++)
        n += strlen(p[i]);
    char *s = xmalloc(n);
    snprintf(s, n, "%s://%s:%s@%s:%s%s?%s#%s", p[C_SCHEME], p[C_USER], p[C_PASS],
             p[C_HOST], p[C_PORT], p[C_PATH], p[C_ARGS], p[C_FRAG]);
    return s;
}

/* The WHATWG parser: a URL or not; when it is, its href parses to itself
 * and is what the `whatwg` profile gives. */
static void whatwg_url(const char *url, const char *what, int b)
{
    wwwurl_whatwg *w = NULL;
    wwwurl_status st = wwwurl_whatwg_parse(url, WWWURL_NUL_TERMINATED, NULL, 0, &w);
    EXPECT(st == WWWURL_OK || st == WWWURL_ERR_INVALID_URL,
           "wwwurl_whatwg_parse status %u, byte 0x%02X in the %s", (unsigned)st, b, what);
    char *canon = NULL;
    wwwurl_status cst = wwwurl_canonicalize(NULL, "whatwg", url, WWWURL_NUL_TERMINATED, &canon);
    if (st != WWWURL_OK) {
        EXPECT(cst == WWWURL_ERR_INVALID_ARGUMENT,
               "canonicalize whatwg accepts what the parser refuses, byte 0x%02X in the %s", b,
               what);
        return;
    }
    size_t n = 0;
    const char *href = wwwurl_whatwg_get(w, WWWURL_WHATWG_HREF, &n);
    wwwurl_whatwg *again = NULL;
    size_t m = 0;
    const char *href2 = NULL;
    if (wwwurl_whatwg_parse(href, n, NULL, 0, &again) == WWWURL_OK)
        href2 = wwwurl_whatwg_get(again, WWWURL_WHATWG_HREF, &m);
    EXPECT(href2 && m == n && memcmp(href, href2, n) == 0,
           "wwwurl_whatwg_parse(href) is not href, byte 0x%02X in the %s: \"%s\"", b, what,
           show(href));
    EXPECT(cst == WWWURL_OK && strlen(canon) == n && memcmp(canon, href, n) == 0,
           "canonicalize whatwg differs from the href, byte 0x%02X in the %s", b, what);
    wwwurl_string_free(canon);
    wwwurl_whatwg_free(again);
    wwwurl_whatwg_free(w);
}

static void one_url(const char *url, const URL *page, const char *what, int b)
{
    URL *u = SplitURL(url);
    EXPECT(record_ok(u), "SplitURL, byte 0x%02X in the %s: \"%s\"", b, what, show(url));
    if (u == NULL)
        return;

    URL *again = SplitURL(u->name);
    EXPECT(record_ok(again), "SplitURL(name), byte 0x%02X in the %s", b, what);
    FreeURL(again);

    wwwurl_url *m = NULL;
    EXPECT(wwwurl_parse(NULL, url, WWWURL_NUL_TERMINATED, &m) == WWWURL_OK && same_name(u, m),
           "wwwurl_parse differs from SplitURL, byte 0x%02X in the %s", b, what);
    wwwurl_free(m);

    URL *l = LinkURL(page, url);
    EXPECT(record_ok(l), "LinkURL(page, url), byte 0x%02X in the %s", b, what);
    FreeURL(l);

    char rel[8] = {'x', (char)b, 'y', '/', '.', '.', '\0'};
    l = LinkURL(u, rel);
    EXPECT(record_ok(l), "LinkURL(url, \"x%cy/..\"), byte 0x%02X in the %s", b, b, what);
    FreeURL(l);

    whatwg_url(url, what, b);

    char up[4] = {'u', (char)b, 'p', '\0'};
    AddPasswordURL(u, up, up);
    EXPECT(record_ok(u), "AddPasswordURL, byte 0x%02X, after the %s", b, what);
    FreeURL(u);
}

static void part1_bytes(void)
{
    URL *page = SplitURL("http://base.example/dir/page.html?q=1");
    EXPECT(record_ok(page), "SplitURL of the base page");

    for (int c = 0; c < NCOMP; c++) {
        for (int b = 1; b < 256; b++) {
            /* The byte in the middle of the component, and the byte alone. */
            const char *t = comp_text[c];
            size_t tl = strlen(t), half = tl / 2;
            char mid[32], alone[2] = {(char)b, '\0'};
            memcpy(mid, t, half);
            mid[half] = (char)b;
            memcpy(mid + half + 1, t + half, tl - half + 1);

            char *u1 = template_url(c, mid);
            char *u2 = template_url(c, alone);
            one_url(u1, page, comp_name[c], b);
            one_url(u2, page, comp_name[c], b);
            free(u1);
            free(u2);
        }
    }

    /* CreateURL with the byte in each of its six arguments. */
    static const char *const args[6] = {"http", "host:8080", "/path", "a=1&b", "user", "pass"};
    for (int pos = 0; pos < 6; pos++) {
        for (int b = 1; b < 256; b++) {
            const char *a[6];
            char mid[32], alone[2] = {(char)b, '\0'};
            size_t tl = strlen(args[pos]), half = tl / 2;
            memcpy(mid, args[pos], half);
            mid[half] = (char)b;
            memcpy(mid + half + 1, args[pos] + half, tl - half + 1);
            for (int form = 0; form < 2; form++) {
                for (int i = 0; i < 6; i++)
                    a[i] = args[i];
                a[pos] = form ? alone : mid;
                URL *u = CreateURL(a[0], a[1], a[2], a[3], a[4], a[5]);
                EXPECT(record_ok(u), "CreateURL, byte 0x%02X in argument %d", b, pos + 1);
                wwwurl_url *m = NULL;
                EXPECT(wwwurl_create(NULL, a[0], a[1], a[2], a[3], a[4], a[5], &m) == WWWURL_OK &&
                           same_name(u, m),
                       "wwwurl_create differs from CreateURL, byte 0x%02X in argument %d", b,
                       pos + 1);
                wwwurl_free(m);
                FreeURL(u);
            }
        }
    }
    FreeURL(page);
}

/* ---- part 2: very long inputs ---------------------------------------------------- */

static char *repeat(const char *pat, size_t size)
{
    size_t pl = strlen(pat);
    char *s = xmalloc(size + 1);
    for (size_t i = 0; i < size; i++)
        s[i] = pat[i % pl];
    s[size] = '\0';
    return s;
}

typedef char *(*str_fn)(const char *);

static void long_legacy(const char *s, size_t size, const char *pat, int all_forms)
{
    static const struct {
        const char *name;
        str_fn fn;
    } fns[] = {
        {"URLDecodeGeneric", URLDecodeGeneric},   {"URLDecodeFormArgs", URLDecodeFormArgs},
        {"URLRecodeFormArgs", URLRecodeFormArgs}, {"URLEncodePath", URLEncodePath},
        {"URLEncodeFormArgs", URLEncodeFormArgs}, {"URLEncodePassword", URLEncodePassword},
        {"MakeHash", MakeHash},
#if defined(WWWURL_LEGACY_29H)
        {"FixHTMLLinkURL", FixHTMLLinkURL},
#endif
        {"CanonicaliseHost", CanonicaliseHost},
    };
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        char *r = fns[i].fn(s);
        EXPECT(r != NULL, "%s(\"%s\" x %zu) returned NULL", fns[i].name, pat, size);
        if (r)
            (void)strlen(r);
        free(r);
    }

    char *r = HTMLString(s, 0);
    EXPECT(r != NULL, "HTMLString(%s x %zu, 0)", pat, size);
    free(r);
    r = HTMLString(s, 1);
    EXPECT(r != NULL, "HTMLString(%s x %zu, 1)", pat, size);
    free(r);

    r = Base64Encode(s, size);
    EXPECT(r != NULL && strlen(r) == (size + 2) / 3 * 4, "Base64Encode(%s x %zu)", pat, size);
    free(r);
    size_t n = 0;
    r = Base64Decode(s, &n);
    EXPECT(r != NULL && n <= size, "Base64Decode(%s x %zu)", pat, size);
    free(r);

    (void)DateToTimeT(s);
    passed++;

    char **f = SplitFormArgs(s);
    EXPECT(f != NULL && f[0] != NULL, "SplitFormArgs(%s x %zu)", pat, size);
    if (f) {
        free(f[0]);
        free(f);
    }

    /* The in-place functions, on copies. */
    char *c = xmalloc(size + 1);
    memcpy(c, s, size + 1);
    EXPECT(TrimArgs(c) == c, "TrimArgs(%s x %zu)", pat, size);
#if !defined(WWWURL_LEGACY_29H)
    memcpy(c, s, size + 1);
    URLReplaceAmp(c);
    EXPECT(strlen(c) <= size, "URLReplaceAmp(%s x %zu)", pat, size);
#endif
    memcpy(c, s, size + 1);
    CanonicaliseName(c);
    EXPECT(strlen(c) <= size, "CanonicaliseName(%s x %zu)", pat, size);
    free(c);

    /* The URL functions, with the pattern as the whole URL, after "http://"
     * (the host part, or the path for a pattern with '/') and as the path and
     * args. The largest inputs take the second form only, for time. */
    char *forms[3];
    forms[0] = cat3("", s, "");
    forms[1] = cat3("http://", s, "");
    forms[2] = cat3("http://h/", s, "");
    URL *page = SplitURL("http://base.example/a/b/c");
    for (int k = all_forms ? 0 : 1; k < (all_forms ? 3 : 2); k++) {
        URL *u = SplitURL(forms[k]);
        EXPECT(record_ok(u), "SplitURL(form %d of %s x %zu)", k, pat, size);
        URL *l = LinkURL(page, forms[k]);
        EXPECT(record_ok(l), "LinkURL(page, form %d of %s x %zu)", k, pat, size);
        FreeURL(l);
        if (u) {
            l = LinkURL(u, "../x");
            EXPECT(record_ok(l), "LinkURL(form %d of %s x %zu, \"../x\")", k, pat, size);
            FreeURL(l);
            AddPasswordURL(u, s, s);
            EXPECT(record_ok(u), "AddPasswordURL(form %d of %s x %zu)", k, pat, size);
        }
        FreeURL(u);
    }
    FreeURL(page);
    for (int k = 0; k < 3; k++)
        free(forms[k]);

    /* CreateURL with the pattern in each argument. */
    static const char *const args[6] = {"http", "host", "/path", "a=1", "user", "pass"};
    for (int pos = 0; pos < 6; pos++) {
        const char *a[6];
        for (int i = 0; i < 6; i++)
            a[i] = i == pos ? s : args[i];
        URL *u = CreateURL(a[0], a[1], a[2], a[3], a[4], a[5]);
        EXPECT(record_ok(u), "CreateURL(%s x %zu as argument %d)", pat, size, pos + 1);
        FreeURL(u);
    }
}

/* Whether wwwurl_cache_file gives a path for the handle `u` (README, "The
 * cache file"): its protocol and hostport each make one plain directory name,
 * not empty, `.` or `..`, without `/` or a control byte, and a protocol
 * without a byte of 0x80 or more; otherwise WWWURL_ERR_UNSAFE_PATH. */
static int cache_path_safe(const wwwurl_url *u)
{
    size_t n[2];
    const char *p[2];
    p[0] = wwwurl_get(u, WWWURL_PART_PROTO, &n[0]);
    p[1] = wwwurl_get(u, WWWURL_PART_HOSTPORT, &n[1]);
    for (int k = 0; k < 2; k++) {
        if (!p[k] || n[k] == 0 || (n[k] == 1 && p[k][0] == '.') ||
            (n[k] == 2 && p[k][0] == '.' && p[k][1] == '.'))
            return 0;
        for (size_t i = 0; i < n[k]; i++) {
            unsigned char b = (unsigned char)p[k][i];
            if (b < 0x20 || b == 0x7f || b == '/' || (k == 0 && b >= 0x80))
                return 0;
        }
    }
    return 1;
}

static void long_modern(const char *s, size_t size, const char *pat, int full)
{
    wwwurl_url *u = NULL, *l = NULL;
    EXPECT(wwwurl_parse(NULL, s, size, &u) == WWWURL_OK, "wwwurl_parse(%s x %zu)", pat, size);
    if (u) {
        size_t need = 0;
        wwwurl_status st = wwwurl_cache_file(u, 'D', NULL, 0, &need);
        EXPECT(cache_path_safe(u) ? st == WWWURL_ERR_BUFFER_TOO_SMALL && need > 0
                                  : st == WWWURL_ERR_UNSAFE_PATH && need == 0,
               "wwwurl_cache_file(%s x %zu)", pat, size);
        EXPECT(wwwurl_link(NULL, u, "../x", WWWURL_NUL_TERMINATED, &l) == WWWURL_OK,
               "wwwurl_link(%s x %zu, ../x)", pat, size);
        wwwurl_free(l);
        l = NULL;
        EXPECT(wwwurl_set_userinfo(u, s, s) == WWWURL_OK, "wwwurl_set_userinfo(%s x %zu)",
               pat, size);
        wwwurl_free(u);
    }
    wwwurl_url *base = NULL;
    wwwurl_parse(NULL, "http://base.example/a/b/c", WWWURL_NUL_TERMINATED, &base);
    EXPECT(wwwurl_link(NULL, base, s, size, &l) == WWWURL_OK, "wwwurl_link(base, %s x %zu)", pat,
           size);
    wwwurl_free(l);
    wwwurl_free(base);

    for (wwwurl_codec c = 0; c <= WWWURL_CODEC_ENCODE_PASSWORD; c++) {
        size_t need = 0;
        wwwurl_status st = wwwurl_transcode(c, s, size, NULL, 0, &need);
        EXPECT(st == WWWURL_ERR_BUFFER_TOO_SMALL && need >= 1 && need <= 3 * size + 1,
               "wwwurl_transcode(%u, %s x %zu) size", c, pat, size);
        char *buf = xmalloc(need);
        EXPECT(wwwurl_transcode(c, s, size, buf, need, NULL) == WWWURL_OK,
               "wwwurl_transcode(%u, %s x %zu)", c, pat, size);
        free(buf);
        if (!full)
            continue;       /* the same code as above, for time */
        size_t dl = 0;
        char *d = wwwurl_transcode_dup(c, s, size, &dl);
        EXPECT(d != NULL && dl == need - 1, "wwwurl_transcode_dup(%u, %s x %zu)", c, pat, size);
        wwwurl_string_free(d);
    }

    wwwurl_components comp;
    EXPECT(wwwurl_rfc3986_split(s, size, 0, &comp) == WWWURL_OK &&
               comp.path.offset + comp.path.len <= size,
           "wwwurl_rfc3986_split(%s x %zu)", pat, size);
    EXPECT(wwwurl_rfc3986_split(s, size, WWWURL_FLAG_BROWSER, &comp) == WWWURL_OK &&
               comp.path.offset + comp.path.len <= size,
           "wwwurl_rfc3986_split(%s x %zu, BROWSER)", pat, size);

    char *out = NULL;
    EXPECT(wwwurl_rfc3986_resolve("http://a/b/c/d;p?q", WWWURL_NUL_TERMINATED, s, size, &out) ==
               WWWURL_OK,
           "wwwurl_rfc3986_resolve(base, %s x %zu)", pat, size);
    wwwurl_string_free(out);
    out = NULL;
    wwwurl_status st = wwwurl_rfc3986_resolve(s, size, "../g", WWWURL_NUL_TERMINATED, &out);
    EXPECT(st == WWWURL_OK || st == WWWURL_ERR_NOT_ABSOLUTE,
           "wwwurl_rfc3986_resolve(%s x %zu, ../g)", pat, size);
    wwwurl_string_free(out);
    out = NULL;
    EXPECT(wwwurl_webcapture_canonical(s, size, "http://a/b/c", WWWURL_NUL_TERMINATED, &out) ==
               WWWURL_OK,
           "wwwurl_webcapture_canonical(%s x %zu, base)", pat, size);
    wwwurl_string_free(out);
}

/* The profiles of wwwurl_canonicalize. */
static const char *const profiles[] = {"wwwoffle-2.9", "wwwoffle-2.9h", "rfc3986",
                                       "rfc3986-scheme", "webcapture",   "whatwg",
                                       "surt",         "safebrowsing",  "cachekey"};
#define N_PROFILES (sizeof profiles / sizeof profiles[0])

/* The WHATWG parser and setters, the query functions, No-Vary-Search and
 * the profiles on a long input `s`; with `all`, in every position, under
 * every profile, with every setter and every query edit, else in the
 * path, under two profiles, with two setters and two edits (the same code,
 * for time: the 8 MiB inputs, and valgrind). */
static void long_standards(const char *s, size_t size, const char *pat, int all)
{
    static const char *const prefixes[] = {"", "http://", "http://h/", "http://h/p?",
                                           "http://h/p#"};
    /* The prefix, then the input cut to keep `size` bytes in all (8 MiB is
     * the input limit). */
    char *in = xmalloc(size + 1);
    for (size_t k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++) {
        if (!all && k != 2)
            continue; /* the path */
        size_t pl = strlen(prefixes[k]);
        memcpy(in, prefixes[k], pl);
        memcpy(in + pl, s, size - pl);
        in[size] = '\0';
        wwwurl_whatwg *w = NULL;
        wwwurl_status st = wwwurl_whatwg_parse(in, size, NULL, 0, &w);
        EXPECT(st == WWWURL_OK || st == WWWURL_ERR_INVALID_URL,
               "wwwurl_whatwg_parse(%s%s x %zu): status %u", prefixes[k], pat, size,
               (unsigned)st);
        EXPECT(wwwurl_whatwg_can_parse(in, size, NULL, 0) == st,
               "wwwurl_whatwg_can_parse(%s%s x %zu)", prefixes[k], pat, size);
        if (w) {
            size_t n = 0;
            EXPECT(wwwurl_whatwg_get(w, WWWURL_WHATWG_HREF, &n) != NULL && n > 0,
                   "wwwurl_whatwg_get(%s%s x %zu)", prefixes[k], pat, size);
        }
        wwwurl_whatwg_free(w);
        for (size_t p = 0; p < N_PROFILES; p++) {
            if (!all && p != 5 && p != 8)
                continue; /* whatwg and cachekey */
            char *out = NULL;
            st = wwwurl_canonicalize(NULL, profiles[p], in, size, &out);
            EXPECT(st == WWWURL_OK || st == WWWURL_ERR_INVALID_ARGUMENT,
                   "wwwurl_canonicalize(%s, %s%s x %zu): status %u", profiles[p], prefixes[k],
                   pat, size, (unsigned)st);
            wwwurl_string_free(out);
        }
    }
    free(in);

    /* The setters of a short URL, given the long value. */
    static const wwwurl_whatwg_part parts[] = {WWWURL_WHATWG_HREF,     WWWURL_WHATWG_USERNAME,
                                               WWWURL_WHATWG_HOST,     WWWURL_WHATWG_PATHNAME,
                                               WWWURL_WHATWG_SEARCH,   WWWURL_WHATWG_HASH};
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
        if (!all && parts[k] != WWWURL_WHATWG_PATHNAME && parts[k] != WWWURL_WHATWG_SEARCH)
            continue;
        wwwurl_whatwg *w = NULL;
        wwwurl_whatwg_parse("http://u:p@h.example:81/a/b?q#f", WWWURL_NUL_TERMINATED, NULL, 0,
                            &w);
        wwwurl_status st = wwwurl_whatwg_set(w, parts[k], s, size);
        EXPECT(st == WWWURL_OK || st == WWWURL_ERR_IGNORED || st == WWWURL_ERR_PORT_IGNORED ||
                   st == WWWURL_ERR_INVALID_URL,
               "wwwurl_whatwg_set(%u, %s x %zu): status %u", (unsigned)parts[k], pat, size,
               (unsigned)st);
        wwwurl_whatwg_free(w);
    }

    /* The long input as a query. */
    for (wwwurl_query_op op = WWWURL_QUERY_APPEND; op <= WWWURL_QUERY_STRIP_PREFIX; op++) {
        if (!all && op != WWWURL_QUERY_SORT && op != WWWURL_QUERY_DELETE)
            continue;
        char *out = NULL;
        EXPECT(wwwurl_query_edit(s, size, op, "amp;", 4, "1", 1, &out) == WWWURL_OK && out,
               "wwwurl_query_edit(%s x %zu, op %u)", pat, size, (unsigned)op);
        wwwurl_string_free(out);
    }
    char *out = NULL;
    wwwurl_status st = wwwurl_query_get(s, size, "amp;", 4, 0, 0, &out);
    EXPECT(st == WWWURL_OK || st == WWWURL_ERR_NOT_FOUND, "wwwurl_query_get(%s x %zu)", pat,
           size);
    if (st == WWWURL_OK)
        wwwurl_string_free(out);
    out = NULL;
    EXPECT(wwwurl_query_decode(s, size, &out) == WWWURL_OK, "wwwurl_query_decode(%s x %zu)", pat,
           size);
    wwwurl_string_free(out);
    size_t pos = 0, count = 0;
    wwwurl_query_param prm;
    while (wwwurl_query_next(s, size, &pos, &prm) == WWWURL_OK)
        count++;
    EXPECT(count == wwwurl_query_count(s, size), "wwwurl_query_count(%s x %zu)", pat, size);

    /* No-Vary-Search: the long input as the value, and as a URL's query. */
    wwwurl_nvs *v = NULL;
    EXPECT(wwwurl_nvs_parse(s, size, &v) == WWWURL_OK, "wwwurl_nvs_parse(%s x %zu)", pat, size);
    wwwurl_nvs_free(v);
    v = NULL;
    wwwurl_nvs_parse("params=(\"amp;\"), key-order", WWWURL_NUL_TERMINATED, &v);
    char *url = xmalloc(size + 1);
    memcpy(url, "http://h/p?", 11);
    memcpy(url + 11, s, size - 11);
    url[size] = '\0';
    out = NULL;
    EXPECT(wwwurl_nvs_key(v, url, size, &out) == WWWURL_OK, "wwwurl_nvs_key(%s x %zu)", pat,
           size);
    wwwurl_string_free(out);
    EXPECT(wwwurl_nvs_equivalent(v, url, size, url, size) == 1,
           "wwwurl_nvs_equivalent(%s x %zu)", pat, size);
    free(url);
    wwwurl_nvs_free(v);
}

/* URL patterns: the long input as a pattern's pathname, and as the path
 * of a URL matched against a pattern and a set. */
static void long_urlpattern(const char *s, size_t size, const char *pat)
{
    static const char *const rules[] = {"http{s}?://:sub.example.com/:first/*",
                                        "https://*.example.com/a/*", "*://*/logout"};
    char *in = xmalloc(size + 1);
    wwwurl_urlpattern *p = NULL;
    wwwurl_urlpattern_result *r = NULL;
    wwwurl_urlpattern_set *set = NULL;
    size_t idx[3], count = 0, failed;
    int m = -1;

    memcpy(in, "https://www.example.com/a/", 26);
    memcpy(in + 26, s, size - 26);
    in[size] = '\0';
    wwwurl_status st = wwwurl_urlpattern_parse(in, size, NULL, 0, 0, &p);
    EXPECT(st == WWWURL_OK || st == WWWURL_ERR_INVALID_PATTERN,
           "wwwurl_urlpattern_parse(%s x %zu): status %u", pat, size, (unsigned)st);
    wwwurl_urlpattern_free(p);
    p = NULL;
    wwwurl_urlpattern_parse(rules[0], WWWURL_NUL_TERMINATED, NULL, 0, 0, &p);
    /* Dot segments may leave the path too short to match: the three
     * calls agree. */
    EXPECT(wwwurl_urlpattern_test(p, in, size, NULL, 0, &m) == WWWURL_OK && m >= 0,
           "wwwurl_urlpattern_test(%s x %zu)", pat, size);
    EXPECT(wwwurl_urlpattern_exec(p, in, size, NULL, 0, &r) == WWWURL_OK && (r != NULL) == m,
           "wwwurl_urlpattern_exec(%s x %zu)", pat, size);
    wwwurl_urlpattern_result_free(r);
    wwwurl_urlpattern_free(p);
    wwwurl_urlpattern_set_parse(rules, 3, NULL, 0, 0, &failed, &set);
    EXPECT(wwwurl_urlpattern_set_match(set, in, size, NULL, 0, idx, 3, &count) == WWWURL_OK &&
               (count > 0 && idx[0] == 0) == m,
           "wwwurl_urlpattern_set_match(%s x %zu)", pat, size);
    wwwurl_urlpattern_set_free(set);
    free(in);
}

static void part2_long(int skip8)
{
    static const char *const pats[] = {"/./", "/../", "%", "%2", "&amp;", "@", ":", "["};
    static const size_t sizes[] = {1u << 20, 8u << 20};
    for (size_t z = 0; z < 2; z++) {
        if (z == 1 && skip8)
            continue;
        double t0 = now();
        for (size_t p = 0; p < sizeof pats / sizeof pats[0]; p++) {
            char *s = repeat(pats[p], sizes[z]);
            long_legacy(s, sizes[z], pats[p], z == 0 && !skip8);
            long_modern(s, sizes[z], pats[p], z == 0);
            long_standards(s, sizes[z], pats[p], z == 0 && !skip8);
            long_urlpattern(s, sizes[z], pats[p]);
            free(s);
        }
        fprintf(report, "long inputs of %zu MiB: %.1f s\n", sizes[z] >> 20, now() - t0);
    }

    /* One byte over the limit of the length-delimited functions (the
     * default config's, and that of the functions without one). */
    size_t max = WWWURL_DEFAULT_MAX_INPUT;
    char *s = repeat("a", max + 1);
    wwwurl_url *u = NULL;
    EXPECT(wwwurl_parse(NULL, s, max + 1, &u) == WWWURL_ERR_TOO_LONG && u == NULL,
           "wwwurl_parse of max_input + 1 bytes");
    EXPECT(wwwurl_transcode(0, s, max + 1, NULL, 0, NULL) == WWWURL_ERR_TOO_LONG,
           "wwwurl_transcode of max_input + 1 bytes");
    wwwurl_components c;
    EXPECT(wwwurl_rfc3986_split(s, max + 1, 0, &c) == WWWURL_ERR_TOO_LONG,
           "wwwurl_rfc3986_split of max_input + 1 bytes");
    wwwurl_whatwg *w = NULL;
    EXPECT(wwwurl_whatwg_parse(s, max + 1, NULL, 0, &w) == WWWURL_ERR_TOO_LONG && w == NULL,
           "wwwurl_whatwg_parse of max_input + 1 bytes");
    char *out = NULL;
    EXPECT(wwwurl_canonicalize(NULL, "whatwg", s, max + 1, &out) == WWWURL_ERR_TOO_LONG &&
               out == NULL,
           "wwwurl_canonicalize of max_input + 1 bytes");
    EXPECT(wwwurl_query_edit(s, max + 1, WWWURL_QUERY_SORT, NULL, 0, NULL, 0, &out) ==
                   WWWURL_ERR_TOO_LONG &&
               out == NULL,
           "wwwurl_query_edit of max_input + 1 bytes");
    wwwurl_nvs *v = NULL;
    EXPECT(wwwurl_nvs_parse(s, max + 1, &v) == WWWURL_ERR_TOO_LONG && v == NULL,
           "wwwurl_nvs_parse of max_input + 1 bytes");
    free(s);
}

/* ---- part 3: the defined results of historically undefined inputs ------------------ */

static void host_is(const char *in, const char *want, int line)
{
    char *r = CanonicaliseHost(in);
    if (r && strcmp(r, want) == 0)
        passed++;
    else
        fail(__FILE__, line, "CanonicaliseHost(\"%s\") = \"%s\", documented \"%s\"", show(in),
             show(r), want);
    free(r);
}

static void split_is(const char *in, const char *name, int port, int line)
{
    URL *u = SplitURL(in);
    if (record_ok(u) && strcmp(u->name, name) == 0 && u->port == port)
        passed++;
    else
        fail(__FILE__, line, "SplitURL(\"%s\") = \"%s\" port %d, documented \"%s\" port %d",
             show(in), u ? show(u->name) : "(null)", u ? u->port : 0, name, port);
    /* The modern API gives the same. */
    wwwurl_url *m = NULL;
    if (wwwurl_parse(NULL, in, WWWURL_NUL_TERMINATED, &m) == WWWURL_OK && same_name(u, m) &&
        wwwurl_port(m) == port)
        passed++;
    else
        fail(__FILE__, line, "wwwurl_parse(\"%s\") differs from SplitURL", show(in));
    wwwurl_free(m);
    FreeURL(u);
}

static void b64_is(const char *in, const char *want, size_t wantn, int line)
{
    size_t n = 12345;
    char *r = Base64Decode(in, &n);
    if (r && n == wantn && memcmp(r, want, n) == 0 && r[n] == '\0')
        passed++;
    else
        fail(__FILE__, line, "Base64Decode(\"%s\"): %zu bytes, documented %zu", show(in),
             r ? n : 0, wantn);
    free(r);
}

static void date_is(const char *in, long want, int line)
{
    long t = DateToTimeT(in);
    if (t == want)
        passed++;
    else
        fail(__FILE__, line, "DateToTimeT(\"%s\") = %ld, documented %ld", in, t, want);
}

#define HOST(in, want) host_is(in, want, __LINE__)
#define SPLIT(in, name, port) split_is(in, name, port, __LINE__)
#define B64(in, want, n) b64_is(in, want, n, __LINE__)
#define DATE(in, want) date_is(in, want, __LINE__)

static void part3_defined(void)
{
    /* 1. Unclosed IPv6 bracket: only the forward pass's groups count (the
     * historical result where it is defined), and where the forward scan
     * runs off the end it stops there. */
    HOST("[::1", "[0:0:0:0:0:0:0:0]");
    HOST("[zz", "[0:0:0:0:0:0:0:0]");
    HOST("[", "[0:0:0:0:0:0:0:0]");
    HOST("[:80", "[0:0:0:0:0:0:0:0]:80");
    HOST("[1:2:3", "[1:2:3:0:0:0:0:0]");
    SPLIT("http://[::1/x", "http://[0:0:0:0:0:0:0:0]/x", -1);
    SPLIT("http://[fe80::1%25eth0]/", "http://[fe80:0:0:0:0:0:0:0]/", -1);
    SPLIT("http://[1:2:3/x", "http://[1:2:3:0:0:0:0:0]/x", -1);

    /* 2. IPv6 group scan running off the end: the forward pass stops at the
     * end of the string, the backward pass runs as usual. */
    HOST("1:2:3", "[1:2:3:0:0:0:2:3]");
    HOST("f5ef:0:071e:0", "[f5ef:0:71e:0:5ef:0:71e:0]");
    HOST("www.foo.com:8080:90", "[8080:90:0:0:0:0:8080:90]");
    HOST("[1:2]x", "[1:2:0:0:0:0:1:2]");
    SPLIT("http://1:2:3/", "http://[1:2:3:0:0:0:2:3]/", -1);
    SPLIT("http://www.foo.com:8080:90/", "http://[8080:90:0:0:0:0:8080:90]/", -1);

    /* 3. Empty name. */
    {
        char p[4] = "";
        CanonicaliseName(p);
        EXPECT(strcmp(p, "") == 0, "CanonicaliseName(\"\") = \"%s\", documented \"\"", p);
        URL *u = CreateURL("http", "h", "", NULL, NULL, NULL);
        EXPECT(record_ok(u) && strcmp(u->path, "/") == 0 && strcmp(u->name, "http://h/") == 0,
               "CreateURL with an empty path: \"%s\", documented \"http://h/\"",
               u ? show(u->name) : "(null)");
        FreeURL(u);
    }

    /* 4. HTMLString at the historical buffer boundaries: the plain result. */
    for (size_t k = 2; k <= 5; k++) {
        size_t len = 256 * k;           /* output length */
        char *in = xmalloc(len);
        memset(in, 'a', len - 6);
        in[len - 6] = ' ';
        in[len - 5] = '\0';
        char *r = HTMLString(in, 1);
        EXPECT(r && strlen(r) == len && strcmp(r + len - 6, "&nbsp;") == 0 &&
                   strspn(r, "a") == len - 6,
               "HTMLString at the %zu-byte boundary", len);
        free(r);
        free(in);
    }

    /* 5. Malformed base 64: trailing '=' dropped, any other byte outside
     * the alphabet (an inner '=' too) counts as 'A' (0); n = 3*(L/4) +
     * {0,0,1,2}[L%4]. */
    B64("", "", 0);
    B64("=", "", 0);
    B64("====", "", 0);
    B64("@@@@", "\0\0\0", 3);
    B64("A", "", 0);
    B64("AAAAA", "\0\0\0", 3);
    B64("Q@==", "\x40", 1);
    B64("QU JD", "\x41\x40\x09", 3);
    B64("QQ==QQ==", "\x41\0\0\x41", 4);
    B64("-_-_", "\0\0\0", 3);

    /* 6. Numeric overflow, read as glibc reads it: saturation at ULONG_MAX,
     * '-' negates modulo 2^64, then the low 8 (dotted byte), 16 (IPv6 group,
     * port) or 32 bits. */
    HOST("[123456789::1]", "[6789:0:0:0:0:0:0:1]");
    HOST("[fffffffffffffffff::1]", "[ffff:0:0:0:0:0:0:1]");
    HOST("[-1::1]", "[ffff:0:0:0:0:0:0:1]");
    HOST("[1::-1]", "[1:0:0:0:0:0:0:ffff]");
    HOST("1.2.3.4294967296", "1.2.3.0");
    HOST("4294967296.1.1.1", "0.1.1.1");
    HOST("-1.2.3.4", "255.2.3.4");
    HOST("1.2.3.-4", "1.2.3.252");
    HOST("4294967296", "0.0.0.0");
    HOST("1.2.3.4:4294967376", "1.2.3.4:80");
    HOST("1:4294967296", "0.0.0.1");
    HOST("[::1]:4294967296", "[0:0:0:0:0:0:0:1]");
    SPLIT("http://1:4294967296/", "http://0.0.0.1/", -1);
    HOST("1.2.3.4:-1", "1.2.3.4:65535");
    HOST("1.2.3.4:99999999999999999999", "1.2.3.4:65535");
    HOST("[::1]:-1", "[0:0:0:0:0:0:0:1]:65535");
    /* A port of a host with letters: atoi with wrapping 32-bit arithmetic
     * (what glibc's (int)strtol gives whenever the value fits in a long). */
    SPLIT("http://www.foo.com:4294967376/", "http://www.foo.com/", -1);
    SPLIT("ftp://h:4294967317/", "ftp://h/", -1);
    SPLIT("http://www.foo.com:2147483648/", "http://www.foo.com:2147483648/", -2147483647 - 1);
    SPLIT("http://www.foo.com:-2147483649/", "http://www.foo.com:-2147483649/", 2147483647);
    SPLIT("http://www.foo.com:99999999999999999999/",
          "http://www.foo.com:99999999999999999999/", 1661992959);
    SPLIT("http://www.foo.com:-1/", "http://www.foo.com:-1/", -1);
    /* DateToTimeT: %d fields keep the low 32 bits of the number read;
     * the strtol fallback saturates. */
    DATE("Sun, 9999999999 Nov 1994 08:49:37 GMT", 121830434758177L);
    DATE("Sun, 06 Nov 1994 08:49:99999999999 GMT", 1999863931L);
    DATE("9999999999999999999 Nov 1994", 9223372036854775807L);
    DATE("-9999999999999999999", -9223372036854775807L - 1);

    /* 7. Out-of-range times: proleptic Gregorian with 64-bit years. */
    {
        const char *a = RFC822Date(-1, 1);
        EXPECT(strcmp(a, "Wed, 31 Dec 1969 23:59:59 GMT") == 0, "RFC822Date(-1) = \"%s\"", a);
        a = RFC822Date((time_t)2147483648LL, 1);
        EXPECT(strcmp(a, "Tue, 19 Jan 2038 03:14:08 GMT") == 0, "RFC822Date(2^31) = \"%s\"", a);
        a = RFC822Date((time_t)INT64_MAX, 1);
        EXPECT(strcmp(a, "Sun, 04 Dec 292277026596 15:30:07 GMT") == 0,
               "RFC822Date(INT64_MAX) = \"%s\"", a);
        a = RFC822Date((time_t)INT64_MIN, 1);
        EXPECT(strcmp(a, "Sun, 27 Jan -292277022657 08:29:52 GMT") == 0,
               "RFC822Date(INT64_MIN) = \"%s\"", a);
        /* Local time that the C library cannot convert: the UTC form. */
        a = RFC822Date((time_t)INT64_MIN, 0);
        EXPECT(strcmp(a, "Sun, 27 Jan -292277022657 08:29:52 GMT") == 0,
               "RFC822Date(INT64_MIN, local) = \"%s\"", a);
        a = DurationToString(-1);
        EXPECT(strcmp(a, "00:00:-1 (-1s)") == 0, "DurationToString(-1) = \"%s\"", a);
        a = DurationToString((time_t)INT64_MAX);
        EXPECT(strcmp(a, "15250284452471w 3d 15:30:07 (9223372036854775807s)") == 0,
               "DurationToString(INT64_MAX) = \"%s\"", a);
        a = DurationToString((time_t)INT64_MIN);
        EXPECT(strcmp(a, "-106751991167300d -15:-30:-8 (-9223372036854775808s)") == 0,
               "DurationToString(INT64_MIN) = \"%s\"", a);
    }

    /* NULL arguments: NULL results, no crash. */
    EXPECT(SplitURL(NULL) == NULL, "SplitURL(NULL)");
    EXPECT(CreateURL(NULL, "h", "/", NULL, NULL, NULL) == NULL, "CreateURL(NULL proto)");
    EXPECT(CreateURL("http", NULL, "/", NULL, NULL, NULL) == NULL, "CreateURL(NULL host)");
    EXPECT(CreateURL("http", "h", NULL, NULL, NULL, NULL) == NULL, "CreateURL(NULL path)");
    EXPECT(LinkURL(NULL, "x") == NULL, "LinkURL(NULL, x)");
    EXPECT(CanonicaliseHost(NULL) == NULL && Base64Decode(NULL, NULL) == NULL &&
               TrimArgs(NULL) == NULL && SplitFormArgs(NULL) == NULL &&
               HTMLString(NULL, 1) == NULL && DateToTimeT(NULL) == 0,
           "NULL arguments of the string functions");
    CanonicaliseName(NULL);
#if !defined(WWWURL_LEGACY_29H)
    URLReplaceAmp(NULL);
#endif
    AddPasswordURL(NULL, "u", "p");
    FreeURL(NULL);

    /* A NUL byte inside a length-delimited input: wwwurl_parse stops at it
     * (as SplitURL does), wwwurl_transcode keeps decoded and given NULs. */
    {
        wwwurl_url *m = NULL;
        size_t n = 0;
        EXPECT(wwwurl_parse(NULL, "http://a/b\0c", 12, &m) == WWWURL_OK &&
                   strcmp(wwwurl_get(m, WWWURL_PART_NAME, &n), "http://a/b") == 0,
               "wwwurl_parse stops at a NUL byte");
        wwwurl_free(m);
        char out[8];
        size_t need = 0;
        EXPECT(wwwurl_transcode(WWWURL_CODEC_DECODE_GENERIC, "a%00b", 5, out, sizeof out, &need) ==
                       WWWURL_OK &&
                   need == 4 && memcmp(out, "a\0b", 4) == 0,
               "wwwurl_transcode keeps a decoded NUL byte");
    }
}

/* Canonical names that are not fixed points (SECURITY.md): input -> name
 * -> name of the name. */
/* The mode of the legacy functions, through a config. */
static void legacy_mode(wwwurl_compat mode, int line)
{
    struct wwwurl_config *c = NULL;
    if (wwwurl_config_new(&c) == WWWURL_OK && wwwurl_config_set_compat(c, mode) == WWWURL_OK
        && wwwurl_legacy_configure(c) == WWWURL_OK)
        passed++;
    else
        fail(__FILE__, line, "wwwurl_legacy_configure of compat mode %u failed", (unsigned)mode);
    wwwurl_config_free(c);
}

static void name_chain(const char *in, const char *n1, const char *n2, int line)
{
    URL *u = SplitURL(in);
    URL *v = u ? SplitURL(u->name) : NULL;
    if (u && v && strcmp(u->name, n1) == 0 && strcmp(v->name, n2) == 0)
        passed++;
    else
        fail(__FILE__, line, "SplitURL chain of \"%s\": \"%s\" then \"%s\", documented \"%s\" then \"%s\"",
             show(in), u ? show(u->name) : "(null)", v ? show(v->name) : "(null)", n1, n2);
    FreeURL(v);
    FreeURL(u);
}

static void webcapture_is(const char *in, const char *want, int line)
{
    char *out = NULL;
    wwwurl_status st = wwwurl_webcapture_canonical(in, WWWURL_NUL_TERMINATED, NULL, 0, &out);
    if (st == WWWURL_OK && strcmp(out, want) == 0)
        passed++;
    else
        fail(__FILE__, line, "wwwurl_webcapture_canonical(\"%s\") = \"%s\", documented \"%s\"",
             in, out ? show(out) : "(error)", want);
    wwwurl_string_free(out);
}

static void part3_documented_quirks(void)
{
    /* Class A (2.9 mode), B, C, D. */
    name_chain("http://h/?a=1&amp;amp;b=2", "http://h/?a=1&amp;b=2", "http://h/?a=1&b=2", __LINE__);
    name_chain("http://h/?x%&amp;qu", "http://h/?x%&qu", "http://h/?x%&Qu", __LINE__);
    name_chain("http://1.2.3.4:65536/x", "http://1.2.3.4:0/x", "http://1.2.3.4/x", __LINE__);
    name_chain("http://1.2.3.04:80abc/x", "http://1.2.3.04/x", "http://1.2.3.4/x", __LINE__);
    name_chain("https://:443x/p", "https:///p", "https://localhost:8080/p", __LINE__);
    /* In 2.9h mode "&amp;" stays, and the name is a fixed point. */
    legacy_mode(WWWURL_COMPAT_29H, __LINE__);
    name_chain("http://h/?a=1&amp;amp;b=2", "http://h/?a=1&amp;amp;b=2",
               "http://h/?a=1&amp;amp;b=2", __LINE__);
    legacy_mode(WWWURL_COMPAT_29, __LINE__);

    /* Web Capture: results that once were not fixed points, and paths kept
     * off the authority (SECURITY.md, "Defined results"). */
    webcapture_is("ftp://a:21:21/", "ftp://a/", __LINE__);
    webcapture_is("ftp://a:21/", "ftp://a/", __LINE__);
    webcapture_is("ftp://::", "ftp://", __LINE__);
    webcapture_is("file://localhost:/x", "file:///x", __LINE__);
    webcapture_is("file://localhost/x", "file:///x", __LINE__);
    webcapture_is("http:/.//evil.com/x", "http:/.//evil.com/x", __LINE__);
    webcapture_is("http:/a/..//evil.com/x", "http:/.//evil.com/x", __LINE__);
    {
        char *out = NULL;
        EXPECT(wwwurl_rfc3986_resolve("http:/a", WWWURL_NUL_TERMINATED, "/.//evil.com/x",
                                      WWWURL_NUL_TERMINATED, &out) == WWWURL_OK &&
                   strcmp(out, "http:/.//evil.com/x") == 0,
               "wwwurl_rfc3986_resolve(http:/a, /.//evil.com/x) = \"%s\"", out ? show(out) : "");
        wwwurl_string_free(out);
        /* The reference and the base end at their first NUL byte. */
        out = NULL;
        EXPECT(wwwurl_rfc3986_resolve("http://a/", WWWURL_NUL_TERMINATED, "x\0y", 3, &out) ==
                       WWWURL_OK &&
                   strcmp(out, "http://a/x") == 0,
               "wwwurl_rfc3986_resolve ends the reference at a NUL byte");
        wwwurl_string_free(out);
        out = NULL;
        EXPECT(wwwurl_rfc3986_resolve("http://a/b\0c/", 13, "x", 1, &out) == WWWURL_OK &&
                   strcmp(out, "http://a/x") == 0,
               "wwwurl_rfc3986_resolve ends the base at a NUL byte");
        wwwurl_string_free(out);
        out = NULL;
        EXPECT(wwwurl_webcapture_canonical("http://A/b\0/../c", 16, NULL, 0, &out) ==
                       WWWURL_OK &&
                   strcmp(out, "http://a/b") == 0,
               "wwwurl_webcapture_canonical ends the URL at a NUL byte");
        wwwurl_string_free(out);
    }
}

int main(void)
{
    int skip8 = env_on("WWWURL_TEST_QUICK") || env_on("HOSTILE_SKIP_8M");
    double t0 = now();
    capture_begin();

    part1_bytes();
    fprintf(report, "every byte in every component: %.1f s\n", now() - t0);
    part3_defined();
    part3_documented_quirks();
    part2_long(skip8);
    if (skip8)
        fprintf(report, "8 MiB inputs skipped\n");

    capture_end();
    if (report != stderr)
        fclose(report);
    fprintf(stderr, "hostile: %.1f s\n", now() - t0);
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}
