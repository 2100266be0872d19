/* wwwurl linear-time test: every function that takes a string, on hostile
 * inputs of 64 KiB and of 1 MiB, must take at most 64 times as long on the
 * larger (linear work gives about 16, quadratic about 256).
 *
 *   linear [FILTER]     run only the cases whose name contains FILTER
 *
 * An input repeats one pattern (/./  /../  %  %2  &amp;  @  :  [) in one
 * argument position: for SplitURL and wwwurl_parse as the whole URL, after
 * "http://" in the host, in the path and in the args; for CreateURL,
 * AddPasswordURL, LinkURL and their modern forms in each argument in turn.
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
};

static const char *const patterns[] = {"/./", "/../", "%", "%2", "&amp;", "@", ":", "["};

#define N_TARGETS (sizeof targets / sizeof targets[0])
#define N_PATTERNS (sizeof patterns / sizeof patterns[0])

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

/* prefix + the pattern repeated to fill `size` bytes (whole repeats) + suffix. */
static char *build(const target *t, const char *pat, size_t size, size_t *len) {
    size_t pl = strlen(pat), reps = size / pl, a = strlen(t->prefix), b = strlen(t->suffix);
    *len = a + reps * pl + b;
    char *s = malloc(*len + 1);
    if (!s)
        return NULL;
    memcpy(s, t->prefix, a);
    for (size_t i = 0; i < reps; i++)
        memcpy(s + a + i * pl, pat, pl);
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
    static char buf[16];
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
    for (size_t ti = 0; ti < N_TARGETS; ti++) {
        const target *t = &targets[ti];
        if (filter && !strstr(t->name, filter))
            continue;
        for (size_t pi = 0; pi < N_PATTERNS; pi++) {
            const char *pat = patterns[pi];
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
            printf("%-36s %-8s ", t->name, show(pat));
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
    printf("linear: %.1f s\n", now_s() - t_start);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
