/* wwwurl memory test: the peak heap memory of every function that takes a
 * string, per byte of its input, against the bounds SECURITY.md documents.
 *
 *   memory SECURITY.md [FILTER]   run only the functions whose name
 *                                 contains FILTER
 *
 * Every allocation of the process goes through the malloc, calloc,
 * realloc, free and aligned allocation functions defined below, which keep
 * the number of bytes live (malloc_usable_size of each block) and its peak;
 * the library is linked statically, so its Rust allocator calls them too.
 * A realloc that moves a block counts the old and the new block together
 * for a moment, as the copy needs both.
 *
 * A case is one function with a hostile input of N bytes in one argument
 * position: a pattern (one byte, an escape, a separator, a dot segment...)
 * repeated to N bytes after a prefix that puts it there. A function declared
 * once in the C layer is measured as soon as it is declared: tools/headers
 * writes a row per argument of it that takes a string, which gets the
 * pattern with no prefix (wwwurl_memory_rows.h). Each case runs in a
 * fresh child process, so that no working buffer a thread keeps between
 * calls is already there; the child makes the input (and a record, handle or caller
 * buffer when the call needs one), takes the live bytes, calls, and reports
 * (peak - live before the call) / N: the input's own copy and the caller's
 * buffer are not counted, the result the call returns is (it is freed after
 * the call). N is 1 MiB for every pattern, then 4 MiB for the pattern with
 * the largest factor, so that a constant cannot hide in it; a function's
 * factor is its largest over positions, patterns and sizes.
 *
 * The bound of a declared function is part of its declaration (the
 * generated mem_bounds; a function that takes a string has one, or the
 * header generator refuses it). SECURITY.md holds the bound of every other
 * function in a table between the lines <!-- memory-table --> and
 * <!-- /memory-table -->, one row "| `Name` | bound | ..." per function.
 * The test fails when a function exceeds its bound (more than bound * N +
 * 64 KiB bytes on some case), when a function it measures has no bound or
 * two (a declared one with a row too), when a row names a function this
 * library does not
 * have (except the one historical function of the other WWWOFFLE variant),
 * when a call fails (NULL from a legacy function that allocates,
 * WWWURL_ERR_PANIC or WWWURL_ERR_NO_MEMORY), and when a sample that the
 * generated rows make inside the measured call takes more than 16 KiB. It
 * prints one line per case over its function's bound and the table in
 * SECURITY.md's format, measured values filled in.
 *
 * Linux with glibc: the counting functions hand the blocks to glibc's own
 * allocator (__libc_malloc and friends) and size them with
 * malloc_usable_size, so the figures are glibc's block sizes. */
#define _GNU_SOURCE 1

#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "wwwurl.h"
#include "profile_list.h"
#include "wwwurl_legacy.h"

#ifndef __GLIBC__
#error "bench/memory.c counts allocations through glibc's __libc_malloc"
#endif

/* ---- counting allocator ---------------------------------------------------- */

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_memalign(size_t align, size_t n);
extern void __libc_free(void *p);

static size_t live, peak;

static void *counted(void *p)
{
    if (p) {
        live += malloc_usable_size(p);
        if (live > peak)
            peak = live;
    }
    return p;
}

void *malloc(size_t n)
{
    return counted(__libc_malloc(n));
}

void *calloc(size_t n, size_t size)
{
    return counted(__libc_calloc(n, size));
}

void free(void *p)
{
    if (p)
        live -= malloc_usable_size(p);
    __libc_free(p);
}

void *realloc(void *p, size_t n)
{
    size_t old = p ? malloc_usable_size(p) : 0;
    void *q = __libc_realloc(p, n);
    if (!q) {
        if (p && n == 0)
            live -= old; /* freed */
        return NULL;
    }
    if (q == p) {
        live -= old;
        return counted(q);
    }
    counted(q); /* both blocks, while the bytes are copied */
    live -= old;
    return q;
}

void *memalign(size_t align, size_t n)
{
    return counted(__libc_memalign(align, n));
}

void *aligned_alloc(size_t align, size_t n)
{
    return counted(__libc_memalign(align, n));
}

int posix_memalign(void **out, size_t align, size_t n)
{
    void *p;
    if (align < sizeof(void *) || (align & (align - 1)) != 0)
        return EINVAL;
    p = counted(__libc_memalign(align, n));
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

/* ---- the calls ------------------------------------------------------------- */

/* The caller's buffer of the _buf forms (generated rows too) and
 * wwwurl_transcode, made before the call: large enough for every result
 * (`\xff` written as `%EF%BF%BD` takes nine bytes per input byte). */
static char *out_buf;
static size_t out_cap;

/* The generated rows of the declared functions (mem_rows) and the samples
 * they make (mem_samples). The hand targets below are what the rows cannot
 * express: a prefix, an operation, codec or profile other than the declared
 * sample, a handle made from the hostile input, the legacy functions. */
#include "wwwurl_memory_rows.h"

/* A call with the hostile argument `s` (NUL-terminated, `n` bytes) and what
 * `prep` made for it; returns 0, or -1 when the call failed. */
typedef int (*call_fn)(char *s, size_t n, void *ctx);
/* Made before the measured call (not counted): a record, handle or buffer. */
typedef void *(*prep_fn)(char *s, size_t n);
typedef void (*done_fn)(void *ctx);

typedef struct target {
    const char *fn;     /* the function, as SECURITY.md's table names it */
    const char *where;  /* the argument position */
    const char *prefix; /* before the repeated pattern */
    call_fn call;
    prep_fn prep;
    done_fn done;
} target;

/* A case to measure: a hand target, or a generated row (then `row` is set
 * and called instead of `t.call`). */
typedef struct measured {
    target t;
    const mem_row *row;
} measured;

static const char *const ND = "http://www.example.com/dir/page.html?q=1";

static int str_result(char *r)
{
    if (!r)
        return -1;
    free(r);
    return 0;
}

static int url_result(URL *u)
{
    if (!u)
        return -1;
    FreeURL(u);
    return 0;
}

static int handle_result(wwwurl_status st, wwwurl_url *u)
{
    wwwurl_free(u);
    return mem_result(st);
}

static int string_out(wwwurl_status st, char *out)
{
    if (st == WWWURL_OK)
        wwwurl_string_free(out);
    return mem_result(st);
}

static void *p_buffer(char *s, size_t n)
{
    (void)s;
    out_cap = 12 * n + 4096;
    out_buf = malloc(out_cap);
    return out_buf;
}

static void d_buffer(void *ctx)
{
    free(ctx);
}

/* ---- legacy ---- */

static int c_split(char *s, size_t n, void *ctx)
{
    (void)n, (void)ctx;
    return url_result(SplitURL(s));
}

static const char *const create_dflt[6] = {"http", "www.example.com", "/dir/page.html",
                                           "x=1&y=2", "user", "pass"};
#define CREATE(K)                                                                             \
    static int c_create##K(char *s, size_t n, void *ctx)                                      \
    {                                                                                         \
        const char *a[6];                                                                     \
        int i;                                                                                \
        (void)n, (void)ctx;                                                                   \
        for (i = 0; i < 6; i++)                                                               \
            a[i] = i == K ? s : create_dflt[i];                                               \
        return url_result(CreateURL(a[0], a[1], a[2], a[3], a[4], a[5]));                     \
    }
CREATE(0)
CREATE(1)
CREATE(2)
CREATE(3)
CREATE(4)
CREATE(5)

static void *p_page(char *s, size_t n)
{
    (void)s, (void)n;
    return SplitURL(ND);
}
static void *p_page_path(char *s, size_t n)
{
    (void)n;
    return CreateURL("http", "www.example.com", s, NULL, NULL, NULL);
}
static void *p_record(char *s, size_t n)
{
    (void)s, (void)n;
    return CreateURL("http", "www.example.com", "/dir/page.html", "x=1", NULL, NULL);
}
static void d_url(void *ctx)
{
    FreeURL(ctx);
}
static int c_link(char *s, size_t n, void *ctx)
{
    (void)n;
    return ctx ? url_result(LinkURL(ctx, s)) : -1;
}
static int c_link_base(char *s, size_t n, void *ctx)
{
    (void)s, (void)n;
    return ctx ? url_result(LinkURL(ctx, "../other/x.html?a=b")) : -1;
}
static int c_addpass(char *s, void *ctx, int which)
{
    URL *u = ctx;
    if (!u)
        return -1;
    AddPasswordURL(u, which == 0 ? s : "user", which == 1 ? s : "pass");
    return u->user ? 0 : -1;
}
static int c_addpass_user(char *s, size_t n, void *ctx)
{
    (void)n;
    return c_addpass(s, ctx, 0);
}
static int c_addpass_pass(char *s, size_t n, void *ctx)
{
    (void)n;
    return c_addpass(s, ctx, 1);
}

#define STR1(NAME, EXPR)                                                                      \
    static int c_##NAME(char *s, size_t n, void *ctx)                                         \
    {                                                                                         \
        (void)n, (void)ctx;                                                                   \
        return str_result(EXPR);                                                              \
    }
STR1(decode_generic, URLDecodeGeneric(s))
STR1(decode_form, URLDecodeFormArgs(s))
STR1(recode_form, URLRecodeFormArgs(s))
STR1(encode_path, URLEncodePath(s))
STR1(encode_form, URLEncodeFormArgs(s))
STR1(encode_password, URLEncodePassword(s))
STR1(make_hash, MakeHash(s))
STR1(base64_encode, Base64Encode(s, n))
STR1(html_string0, HTMLString(s, 0))
STR1(html_string1, HTMLString(s, 1))
STR1(canon_host, CanonicaliseHost(s))
#if defined(WWWURL_LEGACY_29H)
STR1(fix_html_link, FixHTMLLinkURL(s))
#else
static int c_replace_amp(char *s, size_t n, void *ctx)
{
    (void)n, (void)ctx;
    URLReplaceAmp(s);
    return 0;
}
#endif

static int c_base64_decode(char *s, size_t n, void *ctx)
{
    size_t m;
    (void)n, (void)ctx;
    return str_result(Base64Decode(s, &m));
}
static int c_split_form(char *s, size_t n, void *ctx)
{
    char **v = SplitFormArgs(s);
    (void)n, (void)ctx;
    if (!v)
        return -1;
    free(v[0]);
    free(v);
    return 0;
}
static volatile long date_sink;
static int c_date(char *s, size_t n, void *ctx)
{
    (void)n, (void)ctx;
    date_sink = DateToTimeT(s);
    return 0;
}
static int c_trim(char *s, size_t n, void *ctx)
{
    (void)n, (void)ctx;
    return TrimArgs(s) ? 0 : -1;
}
static int c_canon_name(char *s, size_t n, void *ctx)
{
    (void)n, (void)ctx;
    CanonicaliseName(s);
    return 0;
}

/* ---- modern: handles ---- */

/* The path after "/" (the generated row gives it without). */
static int c_wcreate_path(char *s, size_t n, void *ctx)
{
    const char *const *a = create_dflt;
    wwwurl_url *u = NULL;
    (void)n, (void)ctx;
    return handle_result(wwwurl_create(NULL, a[0], a[1], s, a[3], a[4], a[5], &u), u);
}

static int c_parse(char *s, size_t n, void *ctx)
{
    wwwurl_url *u = NULL;
    (void)ctx;
    return handle_result(wwwurl_parse(NULL, s, n, &u), u);
}
static void *p_wpage(char *s, size_t n)
{
    wwwurl_url *u = NULL;
    (void)s, (void)n;
    wwwurl_parse(NULL, ND, WWWURL_NUL_TERMINATED, &u);
    return u;
}
static void *p_wpage_path(char *s, size_t n)
{
    wwwurl_url *u = NULL;
    (void)n;
    wwwurl_create(NULL, "http", "www.example.com", s, NULL, NULL, NULL, &u);
    return u;
}
static void *p_whandle(char *s, size_t n)
{
    wwwurl_url *u = NULL;
    (void)s, (void)n;
    wwwurl_create(NULL, "http", "www.example.com", "/dir/page.html", "x=1", NULL, NULL, &u);
    return u;
}
static void *p_whandle_host(char *s, size_t n)
{
    wwwurl_url *u = NULL;
    (void)n;
    wwwurl_create(NULL, "http", s, "/dir/page.html", "x=1", NULL, NULL, &u);
    return u;
}
static void *p_whandle_proto(char *s, size_t n)
{
    wwwurl_url *u = NULL;
    (void)n;
    wwwurl_create(NULL, s, "www.example.com", "/dir/page.html", "x=1", NULL, NULL, &u);
    return u;
}
static void d_wurl(void *ctx)
{
    wwwurl_free(ctx);
}
static int c_wlink(char *s, size_t n, void *ctx)
{
    wwwurl_url *u = NULL;
    return ctx ? handle_result(wwwurl_link(NULL, ctx, s, n, &u), u) : -1;
}
static int c_wlink_base(char *s, size_t n, void *ctx)
{
    wwwurl_url *u = NULL;
    (void)s, (void)n;
    return ctx ? handle_result(wwwurl_link(NULL, ctx, "../other/x.html?a=b", WWWURL_NUL_TERMINATED, &u),
                               u)
               : -1;
}
static int c_set_path(char *s, size_t n, void *ctx)
{
    return ctx ? mem_result(wwwurl_set(ctx, WWWURL_PART_PATH, s, n)) : -1;
}
static int c_cache_file(char *s, size_t n, void *ctx)
{
    char buf[64];
    size_t needed;
    (void)s, (void)n;
    /* most hostile hosts are too long for buf: BUFFER_TOO_SMALL is fine */
    return ctx ? mem_result(wwwurl_cache_file(ctx, 'D', buf, sizeof buf, &needed)) : -1;
}
static int c_cache_file_dup(char *s, size_t n, void *ctx)
{
    char *out = NULL;
    (void)s, (void)n;
    return ctx ? string_out(wwwurl_cache_file_dup(ctx, 'D', &out, NULL), out) : -1;
}

/* ---- modern: strings ---- */

/* wwwurl_transcode under each codec; wwwurl_transcode_dup under each codec
 * but DECODE_GENERIC, its declared sample (a generated row). */
#define TRANSCODE(NAME, CODEC)                                                                \
    static int c_t_##NAME(char *s, size_t n, void *ctx)                                       \
    {                                                                                         \
        size_t needed;                                                                        \
        (void)ctx;                                                                            \
        return mem_result(wwwurl_transcode(CODEC, s, n, out_buf, out_cap, &needed));          \
    }
#define TRANSCODE_DUP(NAME, CODEC)                                                            \
    static int c_td_##NAME(char *s, size_t n, void *ctx)                                      \
    {                                                                                         \
        size_t len;                                                                           \
        char *r = wwwurl_transcode_dup(CODEC, s, n, &len);                                    \
        (void)ctx;                                                                            \
        if (!r)                                                                               \
            return -1;                                                                        \
        wwwurl_string_free(r);                                                                \
        return 0;                                                                             \
    }
TRANSCODE(decode_generic, WWWURL_CODEC_DECODE_GENERIC)
TRANSCODE(decode_form, WWWURL_CODEC_DECODE_FORM)
TRANSCODE(recode_form, WWWURL_CODEC_RECODE_FORM)
TRANSCODE(encode_path, WWWURL_CODEC_ENCODE_PATH)
TRANSCODE(encode_form, WWWURL_CODEC_ENCODE_FORM)
TRANSCODE(encode_password, WWWURL_CODEC_ENCODE_PASSWORD)
TRANSCODE_DUP(decode_form, WWWURL_CODEC_DECODE_FORM)
TRANSCODE_DUP(recode_form, WWWURL_CODEC_RECODE_FORM)
TRANSCODE_DUP(encode_path, WWWURL_CODEC_ENCODE_PATH)
TRANSCODE_DUP(encode_form, WWWURL_CODEC_ENCODE_FORM)
TRANSCODE_DUP(encode_password, WWWURL_CODEC_ENCODE_PASSWORD)

static int c_rfc3986_browser(char *s, size_t n, void *ctx)
{
    wwwurl_components c;
    (void)ctx;
    return mem_result(wwwurl_rfc3986_split(s, n, WWWURL_FLAG_BROWSER, &c));
}

/* The two-string tools, with the hostile string as the first argument (the
 * base, or the URL of wwwurl_webcapture_canonical) and `second` after it,
 * or as the second argument after `first`. */
typedef wwwurl_status (*two_fn)(const char *, size_t, const char *, size_t, char **);
typedef wwwurl_status (*two_buf_fn)(const char *, size_t, const char *, size_t, char *, size_t,
                                    size_t *);

static int two(two_fn f, char *s, size_t n, const char *first, const char *second)
{
    char *out = NULL;
    wwwurl_status st = first ? f(first, WWWURL_NUL_TERMINATED, s, n, &out)
                             : f(s, n, second, WWWURL_NUL_TERMINATED, &out);
    return string_out(st, out);
}
static int two_buf(two_buf_fn f, char *s, size_t n, const char *first, const char *second)
{
    size_t needed;
    wwwurl_status st =
        first ? f(first, WWWURL_NUL_TERMINATED, s, n, out_buf, out_cap, &needed)
              : f(s, n, second, WWWURL_NUL_TERMINATED, out_buf, out_cap, &needed);
    return mem_result(st);
}
/* The hostile string after a prefix as the first argument, SECOND after it;
 * as the second argument, FIRST before it. (Without a prefix, the generated
 * rows have both.) */
#define TWO_FIRST(NAME, FN, SECOND)                                                           \
    static int c_##NAME##_1(char *s, size_t n, void *ctx)                                     \
    {                                                                                         \
        (void)ctx;                                                                            \
        return two(FN, s, n, NULL, SECOND);                                                   \
    }                                                                                         \
    static int c_##NAME##_buf_1(char *s, size_t n, void *ctx)                                 \
    {                                                                                         \
        (void)ctx;                                                                            \
        return two_buf(FN##_buf, s, n, NULL, SECOND);                                         \
    }
#define TWO_SECOND(NAME, FN, FIRST)                                                           \
    static int c_##NAME##_2(char *s, size_t n, void *ctx)                                     \
    {                                                                                         \
        (void)ctx;                                                                            \
        return two(FN, s, n, FIRST, NULL);                                                    \
    }                                                                                         \
    static int c_##NAME##_buf_2(char *s, size_t n, void *ctx)                                 \
    {                                                                                         \
        (void)ctx;                                                                            \
        return two_buf(FN##_buf, s, n, FIRST, NULL);                                          \
    }
#define BASE "http://a/b/c/d;p?q"
TWO_FIRST(resolve, wwwurl_rfc3986_resolve, "../g")
TWO_FIRST(webcapture, wwwurl_webcapture_canonical, BASE)
TWO_SECOND(webcapture, wwwurl_webcapture_canonical, "../g")
TWO_FIRST(relative, wwwurl_rfc3986_make_relative, "http://a/b/g")
TWO_SECOND(relative, wwwurl_rfc3986_make_relative, BASE)
TWO_FIRST(browser, wwwurl_browser_resolve, "../g")

static int c_normalize(char *s, size_t n, void *ctx)
{
    char *out = NULL;
    (void)ctx;
    return string_out(wwwurl_rfc3986_normalize(s, n, WWWURL_NORMALIZE_ALL, &out), out);
}
static int c_normalize_buf(char *s, size_t n, void *ctx)
{
    size_t needed;
    (void)ctx;
    return mem_result(
        wwwurl_rfc3986_normalize_buf(s, n, WWWURL_NORMALIZE_ALL, out_buf, out_cap, &needed));
}

/* ---- modern: WHATWG, profiles, queries, No-Vary-Search ---- */

static int c_whatwg(char *s, size_t n, void *ctx)
{
    wwwurl_whatwg *u = NULL;
    size_t len;
    wwwurl_status st = wwwurl_whatwg_parse(s, n, NULL, 0, &u);
    (void)ctx;
    if (st == WWWURL_OK)
        (void)wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, &len);
    wwwurl_whatwg_free(u);
    return mem_result(st);
}
static int c_whatwg_base(char *s, size_t n, void *ctx)
{
    wwwurl_whatwg *u = NULL;
    wwwurl_status st = wwwurl_whatwg_parse("../g?x#y", WWWURL_NUL_TERMINATED, s, n, &u);
    (void)ctx;
    wwwurl_whatwg_free(u);
    return mem_result(st);
}
static int c_whatwg_can(char *s, size_t n, void *ctx)
{
    (void)ctx;
    return mem_result(wwwurl_whatwg_can_parse(s, n, NULL, 0));
}
/* The report of the hostile URL, each error read, then freed. */
static int c_whatwg_validate(char *s, size_t n, void *ctx)
{
    wwwurl_validation *v = NULL;
    wwwurl_validation_error e;
    wwwurl_status st = wwwurl_whatwg_validate(s, n, NULL, 0, &v);
    (void)ctx;
    if (st == WWWURL_OK)
        (void)wwwurl_validation_get(v, wwwurl_validation_count(v) / 2, &e);
    wwwurl_validation_free(v);
    return mem_result(st);
}
/* A validation report of the hostile URL, made before the call. */
static void *p_validation(char *s, size_t n)
{
    wwwurl_validation *v = NULL;
    wwwurl_whatwg_validate(s, n, NULL, 0, &v);
    return v;
}
static void d_validation(void *ctx)
{
    wwwurl_validation_free(ctx);
}
static int c_validation_get(char *s, size_t n, void *ctx)
{
    wwwurl_validation_error e;
    (void)s, (void)n;
    if (!ctx)
        return -1;
    /* an empty report has nothing at 0: WWWURL_ERR_NOT_FOUND is a call that worked */
    wwwurl_status st = wwwurl_validation_get(ctx, 0, &e);
    return mem_result(st == WWWURL_ERR_NOT_FOUND ? WWWURL_OK : st);
}
/* A WHATWG handle of the hostile URL, made before the call. */
static void *p_whatwg_url(char *s, size_t n)
{
    wwwurl_whatwg *u = NULL;
    wwwurl_whatwg_parse(s, n, NULL, 0, &u);
    return u;
}
/* A WHATWG handle of a short URL, whose attributes the call sets. */
static void *p_whatwg_page(char *s, size_t n)
{
    wwwurl_whatwg *u = NULL;
    (void)s, (void)n;
    wwwurl_whatwg_parse("http://user:pass@www.example.com:8080/dir/page.html?q=1#f",
                        WWWURL_NUL_TERMINATED, NULL, 0, &u);
    return u;
}
static void d_whatwg(void *ctx)
{
    wwwurl_whatwg_free(ctx);
}
static int c_whatwg_dup(char *s, size_t n, void *ctx)
{
    wwwurl_whatwg *d = NULL;
    wwwurl_status st;
    (void)s, (void)n;
    if (!ctx)
        return -1;
    st = wwwurl_whatwg_dup(ctx, &d);
    wwwurl_whatwg_free(d);
    return mem_result(st);
}
static int c_whatwg_get_buf(char *s, size_t n, void *ctx)
{
    char buf[64];
    size_t needed;
    (void)s, (void)n;
    /* most hostile paths are too long for buf: BUFFER_TOO_SMALL is fine */
    return ctx ? mem_result(wwwurl_whatwg_get_buf(ctx, WWWURL_WHATWG_PATHNAME, buf, sizeof buf,
                                                  &needed))
               : -1;
}
static int c_whatwg_get_dup(char *s, size_t n, void *ctx)
{
    char *out = NULL;
    (void)s, (void)n;
    return ctx ? string_out(wwwurl_whatwg_get_dup(ctx, WWWURL_WHATWG_HREF, &out, NULL), out) : -1;
}
static int wset(char *s, size_t n, void *ctx, wwwurl_whatwg_part part)
{
    wwwurl_status st;
    if (!ctx)
        return -1;
    /* a value the Standard ignores (WWWURL_ERR_IGNORED) is a call that worked */
    st = wwwurl_whatwg_set(ctx, part, s, n);
    return mem_result(st);
}
#define WSET(NAME, PART)                                                                      \
    static int c_wset_##NAME(char *s, size_t n, void *ctx)                                    \
    {                                                                                         \
        return wset(s, n, ctx, PART);                                                         \
    }
WSET(href, WWWURL_WHATWG_HREF)
WSET(username, WWWURL_WHATWG_USERNAME)
WSET(host, WWWURL_WHATWG_HOST)
WSET(pathname, WWWURL_WHATWG_PATHNAME)
WSET(search, WWWURL_WHATWG_SEARCH)
WSET(hash, WWWURL_WHATWG_HASH)

static int c_whatwg_qsort(char *s, size_t n, void *ctx)
{
    (void)s, (void)n;
    return ctx ? mem_result(wwwurl_whatwg_query_edit(ctx, WWWURL_QUERY_SORT, NULL, 0, NULL, 0))
               : -1;
}
static int c_whatwg_qappend(char *s, size_t n, void *ctx)
{
    (void)s, (void)n;
    return ctx ? mem_result(wwwurl_whatwg_query_edit(ctx, WWWURL_QUERY_APPEND, "a", 1, "b c",
                                                        3))
               : -1;
}
/* A handle of the hostile URL, made before the call. */
static void *p_wurl(char *s, size_t n)
{
    wwwurl_url *u = NULL;
    wwwurl_parse(NULL, s, n, &u);
    return u;
}
static int c_url_qsort(char *s, size_t n, void *ctx)
{
    (void)s, (void)n;
    return ctx ? mem_result(wwwurl_url_query_edit(ctx, WWWURL_QUERY_SORT, NULL, 0, NULL, 0))
               : -1;
}
static int c_url_qdelete(char *s, size_t n, void *ctx)
{
    (void)s, (void)n;
    return ctx ? mem_result(wwwurl_url_query_edit(ctx, WWWURL_QUERY_DELETE, "a", 1, NULL, 0))
               : -1;
}

/* wwwurl_canonicalize under each profile, and its buffer form. The whole
 * URL under the declared sample profile, rfc3986, is a generated row:
 * CANON_UNLESS_SAMPLE(NAME)(text) is the text for every other profile and
 * nothing for that one (CANON_PROBE_rfc3986 puts a 1 in second place). */
#define CANON_PROBE_rfc3986 ~, 1
#define CANON_SECOND(a, b, ...) b
#define CANON_SECOND_OF(...) CANON_SECOND(__VA_ARGS__)
#define CANON_IS_SAMPLE(NAME) CANON_SECOND_OF(CANON_PROBE_##NAME, 0, ~)
#define CANON_KEEP_0(...) __VA_ARGS__
#define CANON_KEEP_1(...)
#define CANON_KEEP(bit) CANON_KEEP_##bit
#define CANON_KEEP_OF(bit) CANON_KEEP(bit)
#define CANON_UNLESS_SAMPLE(NAME) CANON_KEEP_OF(CANON_IS_SAMPLE(NAME))

static int canon(const char *profile, char *s, size_t n, int buf)
{
    char *out = NULL;
    size_t needed;
    wwwurl_status st = buf ? wwwurl_canonicalize_buf(NULL, profile, s, n, out_buf, out_cap, &needed)
                           : wwwurl_canonicalize(NULL, profile, s, n, &out);
    return buf ? mem_result(st) : string_out(st, out);
}
#define CANON(NAME, PROFILE)                                                                  \
    static int c_canon_##NAME(char *s, size_t n, void *ctx)                                   \
    {                                                                                         \
        (void)ctx;                                                                            \
        return canon(PROFILE, s, n, 0);                                                       \
    }                                                                                         \
    CANON_UNLESS_SAMPLE(NAME)(static int c_canon_buf_##NAME(char *s, size_t n, void *ctx) {   \
        (void)ctx;                                                                            \
        return canon(PROFILE, s, n, 1);                                                       \
    })
BENCH_PROFILES(CANON)

/* wwwurl_query_edit on the hostile query: name "a", value "b c", under each
 * operation but APPEND, the declared sample (a generated row). */
static int qedit(char *s, size_t n, wwwurl_query_op op, int buf)
{
    char *out = NULL;
    size_t needed;
    const char *name = op == WWWURL_QUERY_SORT ? NULL : "a";
    size_t nlen = name ? 1 : 0;
    const char *value = op == WWWURL_QUERY_APPEND || op == WWWURL_QUERY_SET ? "b c" : NULL;
    size_t vlen = value ? 3 : 0;
    wwwurl_status st = buf ? wwwurl_query_edit_buf(s, n, op, name, nlen, value, vlen, out_buf,
                                                   out_cap, &needed)
                           : wwwurl_query_edit(s, n, op, name, nlen, value, vlen, &out);
    return buf ? mem_result(st) : string_out(st, out);
}
#define QEDIT(NAME, OP)                                                                       \
    static int c_q_##NAME(char *s, size_t n, void *ctx)                                       \
    {                                                                                         \
        (void)ctx;                                                                            \
        return qedit(s, n, OP, 0);                                                            \
    }                                                                                         \
    static int c_qb_##NAME(char *s, size_t n, void *ctx)                                      \
    {                                                                                         \
        (void)ctx;                                                                            \
        return qedit(s, n, OP, 1);                                                            \
    }
QEDIT(set, WWWURL_QUERY_SET)
QEDIT(delete, WWWURL_QUERY_DELETE)
QEDIT(sort, WWWURL_QUERY_SORT)
QEDIT(keep, WWWURL_QUERY_KEEP)
QEDIT(strip, WWWURL_QUERY_STRIP)
QEDIT(keep_prefix, WWWURL_QUERY_KEEP_PREFIX)
QEDIT(strip_prefix, WWWURL_QUERY_STRIP_PREFIX)
/* The hostile string as the appended value after a 7-byte query. Not the
 * generated row's case: the factor of the growing result depends on the
 * exact lengths, and after this query it is its largest (9 against 6 after
 * the row's sample URL, on '\x01'). */
static int c_q_append_value(char *s, size_t n, void *ctx)
{
    char *out = NULL;
    (void)ctx;
    return string_out(wwwurl_query_edit("x=1&a=2", 7, WWWURL_QUERY_APPEND, "a", 1, s, n, &out),
                      out);
}
/* The value of the first "a" (the prefix "a=" puts the pattern there),
 * decoded or raw. */
static int qget(char *s, size_t n, uint32_t flags, int buf)
{
    char *out = NULL;
    size_t needed;
    wwwurl_status st = buf ? wwwurl_query_get_buf(s, n, "a", 1, 0, flags, out_buf, out_cap, &needed)
                           : wwwurl_query_get(s, n, "a", 1, 0, flags, &out);
    return buf ? mem_result(st) : string_out(st, out);
}
static int c_qget(char *s, size_t n, void *ctx)
{
    (void)ctx;
    return qget(s, n, 0, 0);
}
static int c_qget_raw(char *s, size_t n, void *ctx)
{
    (void)ctx;
    return qget(s, n, WWWURL_QUERY_RAW, 0);
}
static int c_qget_buf(char *s, size_t n, void *ctx)
{
    (void)ctx;
    return qget(s, n, 0, 1);
}
/* Every parameter in turn (the generated row reads the first). */
static volatile size_t count_sink;
static int c_qnext(char *s, size_t n, void *ctx)
{
    size_t pos = 0, k = 0;
    wwwurl_query_param prm;
    wwwurl_status st;
    (void)ctx;
    while ((st = wwwurl_query_next(s, n, &pos, &prm)) == WWWURL_OK)
        k++;
    count_sink = k;
    return st == WWWURL_ERR_NOT_FOUND ? 0 : -1;
}

/* No-Vary-Search: the value made before the call (with key-order, so that
 * the key sorts), and the caller's buffer of the _buf form. */
static void *p_nvs(char *s, size_t n)
{
    wwwurl_nvs *v = NULL;
    p_buffer(s, n);
    wwwurl_nvs_parse("params=(\"utm_source\"), key-order", WWWURL_NUL_TERMINATED, &v);
    return v;
}
static void d_nvs(void *ctx)
{
    wwwurl_nvs_free(ctx);
    free(out_buf);
    out_buf = NULL;
}
static int c_nvs_key(char *s, size_t n, void *ctx)
{
    char *out = NULL;
    return ctx ? string_out(wwwurl_nvs_key(ctx, s, n, &out), out) : -1;
}
static int c_nvs_key_buf(char *s, size_t n, void *ctx)
{
    size_t needed;
    return ctx ? mem_result(wwwurl_nvs_key_buf(ctx, s, n, out_buf, out_cap, &needed)) : -1;
}
static int c_nvs_equivalent(char *s, size_t n, void *ctx)
{
    return ctx && wwwurl_nvs_equivalent(ctx, s, n, "http://www.example.com/p?x=1",
                                         WWWURL_NUL_TERMINATED) >= 0
               ? 0
               : -1;
}
static int c_nvs_parse(char *s, size_t n, void *ctx)
{
    wwwurl_nvs *v = NULL;
    wwwurl_status st = wwwurl_nvs_parse(s, n, &v);
    (void)ctx;
    wwwurl_nvs_free(v);
    return mem_result(st);
}

/* URL patterns: the hostile string where the generated rows cannot put it
 * (a component of a constructor string after its prefix, a member of an
 * init, a URL that matches the pattern or set made before the call). */
#define UP_SAMPLE "http{s}?://:sub.example.com/:first/*"
static int c_up_parse(char *s, size_t n, void *ctx)
{
    wwwurl_urlpattern *p = NULL;
    wwwurl_status st = wwwurl_urlpattern_parse(s, n, NULL, 0, 0, &p);
    (void)ctx;
    wwwurl_urlpattern_free(p);
    return mem_result(st);
}
static int c_up_error_message(char *s, size_t n, void *ctx)
{
    char *out = NULL;
    wwwurl_status st = wwwurl_urlpattern_error_message(s, n, NULL, 0, 0, &out);
    (void)ctx;
    wwwurl_string_free(out);
    return st == WWWURL_ERR_NOT_FOUND ? 0 : mem_result(st);
}
/* An init with `s` as its member number `member` (in the order of the
 * struct), the others those of a URL the sample pattern matches. */
static void up_init(wwwurl_urlpattern_init *init, int member, char *s, size_t n)
{
    const char **ptr[] = {&init->protocol, &init->hostname, &init->pathname, &init->hash,
                          &init->base_url};
    size_t *len[] = {&init->protocol_len, &init->hostname_len, &init->pathname_len,
                     &init->hash_len, &init->base_url_len};
    memset(init, 0, sizeof *init);
    init->protocol = "https";
    init->protocol_len = WWWURL_NUL_TERMINATED;
    init->hostname = "www.example.com";
    init->hostname_len = WWWURL_NUL_TERMINATED;
    init->pathname = "/a/b";
    init->pathname_len = WWWURL_NUL_TERMINATED;
    *ptr[member] = s;
    *len[member] = n;
    if (member == 4) {
        /* The base gives what the init does not. */
        init->protocol = init->hostname = init->pathname = NULL;
    }
}
enum { UP_PROTOCOL, UP_HOSTNAME, UP_PATHNAME, UP_HASH, UP_BASE };
#define UP_FROM_INIT(NAME, MEMBER)                                                            \
    static int c_up_from_init_##NAME(char *s, size_t n, void *ctx)                           \
    {                                                                                         \
        wwwurl_urlpattern_init init;                                                          \
        wwwurl_urlpattern *p = NULL;                                                          \
        wwwurl_status st;                                                                     \
        (void)ctx;                                                                            \
        up_init(&init, MEMBER, s, n);                                                         \
        st = wwwurl_urlpattern_from_init(&init, 0, &p);                                       \
        wwwurl_urlpattern_free(p);                                                            \
        return mem_result(st);                                                                \
    }
UP_FROM_INIT(hostname, UP_HOSTNAME)
UP_FROM_INIT(pathname, UP_PATHNAME)
UP_FROM_INIT(hash, UP_HASH)
static void *p_up_pattern(char *s, size_t n)
{
    wwwurl_urlpattern *p = NULL;
    (void)s, (void)n;
    wwwurl_urlpattern_parse(UP_SAMPLE, WWWURL_NUL_TERMINATED, NULL, 0, 0, &p);
    return p;
}
/* A pattern whose pathname is a regular expression of its own, with one
 * quantifier: matched by the ECMAScript engine on any length. */
static void *p_up_regexp(char *s, size_t n)
{
    wwwurl_urlpattern *p = NULL;
    (void)s, (void)n;
    wwwurl_urlpattern_parse("https://www.example.com/:rest(.*)", WWWURL_NUL_TERMINATED, NULL, 0,
                            0, &p);
    return p;
}
static void d_up_pattern(void *ctx)
{
    wwwurl_urlpattern_free(ctx);
}
static int c_up_test(char *s, size_t n, void *ctx)
{
    int m;
    return ctx ? mem_result(wwwurl_urlpattern_test(ctx, s, n, NULL, 0, &m)) : -1;
}
static int c_up_exec(char *s, size_t n, void *ctx)
{
    wwwurl_urlpattern_result *r = NULL;
    wwwurl_status st = ctx ? wwwurl_urlpattern_exec(ctx, s, n, NULL, 0, &r) : WWWURL_ERR_PANIC;
    wwwurl_urlpattern_result_free(r);
    return mem_result(st);
}
#define UP_INIT_INPUT(NAME, MEMBER)                                                           \
    static int c_up_test_init_##NAME(char *s, size_t n, void *ctx)                          \
    {                                                                                         \
        wwwurl_urlpattern_init init;                                                          \
        int m;                                                                                \
        up_init(&init, MEMBER, s, n);                                                         \
        return ctx ? mem_result(wwwurl_urlpattern_test_init(ctx, &init, &m)) : -1;           \
    }                                                                                         \
    static int c_up_exec_init_##NAME(char *s, size_t n, void *ctx)                          \
    {                                                                                         \
        wwwurl_urlpattern_init init;                                                          \
        wwwurl_urlpattern_result *r = NULL;                                                   \
        wwwurl_status st = WWWURL_ERR_PANIC;                                                  \
        up_init(&init, MEMBER, s, n);                                                         \
        if (ctx)                                                                              \
            st = wwwurl_urlpattern_exec_init(ctx, &init, &r);                                 \
        wwwurl_urlpattern_result_free(r);                                                     \
        return mem_result(st);                                                                \
    }
UP_INIT_INPUT(pathname, UP_PATHNAME)
UP_INIT_INPUT(hash, UP_HASH)
UP_INIT_INPUT(base, UP_BASE)
static int c_up_set_parse(char *s, size_t n, void *ctx)
{
    const char *list[3];
    wwwurl_urlpattern_set *set = NULL;
    size_t failed;
    wwwurl_status st;
    (void)n, (void)ctx;
    list[0] = UP_SAMPLE;
    list[1] = s;
    list[2] = "*://*/logout";
    st = wwwurl_urlpattern_set_parse(list, 3, NULL, 0, 0, &failed, &set);
    wwwurl_urlpattern_set_free(set);
    return mem_result(st);
}
static void *p_up_set(char *s, size_t n)
{
    static const char *const list[] = {UP_SAMPLE, "https://www.example.com/*",
                                       "https://*.example.com/a/:x/*", "*://*/logout"};
    wwwurl_urlpattern_set *set = NULL;
    size_t failed;
    (void)s, (void)n;
    wwwurl_urlpattern_set_parse(list, 4, NULL, 0, 0, &failed, &set);
    return set;
}
static void d_up_set(void *ctx)
{
    wwwurl_urlpattern_set_free(ctx);
}
static int c_up_set_match(char *s, size_t n, void *ctx)
{
    size_t idx[4], count;
    return ctx ? mem_result(wwwurl_urlpattern_set_match(ctx, s, n, NULL, 0, idx, 4, &count))
               : -1;
}

#define BUF p_buffer, d_buffer
#define TWO_TARGETS_1(FN, NAME, FIRST)                                                        \
    {FN, FIRST, "http://a/", c_##NAME##_1, NULL, NULL},                                       \
        {FN "_buf", FIRST, "http://a/", c_##NAME##_buf_1, BUF}
#define TWO_TARGETS_2(FN, NAME, SECOND)                                                       \
    {FN, SECOND, "http://a/", c_##NAME##_2, NULL, NULL},                                      \
        {FN "_buf", SECOND, "http://a/", c_##NAME##_buf_2, BUF}

static const target targets[] = {
    {"SplitURL", "whole", "", c_split, NULL, NULL},
    {"SplitURL", "host", "http://", c_split, NULL, NULL},
    {"SplitURL", "path", "http://www.example.com/", c_split, NULL, NULL},
    {"SplitURL", "args", "http://www.example.com/p?", c_split, NULL, NULL},
    {"CreateURL", "proto", "", c_create0, NULL, NULL},
    {"CreateURL", "hostport", "", c_create1, NULL, NULL},
    {"CreateURL", "path", "/", c_create2, NULL, NULL},
    {"CreateURL", "args", "", c_create3, NULL, NULL},
    {"CreateURL", "user", "", c_create4, NULL, NULL},
    {"CreateURL", "pass", "", c_create5, NULL, NULL},
    {"LinkURL", "link", "", c_link, p_page, d_url},
    {"LinkURL", "link host", "http://", c_link, p_page, d_url},
    {"LinkURL", "link path", "/", c_link, p_page, d_url},
    {"LinkURL", "link args", "x.html?", c_link, p_page, d_url},
    {"LinkURL", "base path", "/", c_link_base, p_page_path, d_url},
    {"AddPasswordURL", "user", "", c_addpass_user, p_record, d_url},
    {"AddPasswordURL", "pass", "", c_addpass_pass, p_record, d_url},
    {"URLDecodeGeneric", "", "", c_decode_generic, NULL, NULL},
    {"URLDecodeFormArgs", "", "", c_decode_form, NULL, NULL},
    {"URLRecodeFormArgs", "", "", c_recode_form, NULL, NULL},
    {"URLEncodePath", "", "", c_encode_path, NULL, NULL},
    {"URLEncodeFormArgs", "", "", c_encode_form, NULL, NULL},
    {"URLEncodePassword", "", "", c_encode_password, NULL, NULL},
    {"SplitFormArgs", "", "", c_split_form, NULL, NULL},
    {"TrimArgs", "", " ", c_trim, NULL, NULL},
    {"MakeHash", "", "", c_make_hash, NULL, NULL},
    {"Base64Encode", "", "", c_base64_encode, NULL, NULL},
    {"Base64Decode", "", "", c_base64_decode, NULL, NULL},
    {"DateToTimeT", "", "", c_date, NULL, NULL},
    {"HTMLString", "nbsp 0", "", c_html_string0, NULL, NULL},
    {"HTMLString", "nbsp 1", "", c_html_string1, NULL, NULL},
#if defined(WWWURL_LEGACY_29H)
    {"FixHTMLLinkURL", "", "", c_fix_html_link, NULL, NULL},
#else
    {"URLReplaceAmp", "", "", c_replace_amp, NULL, NULL},
#endif
    {"CanonicaliseHost", "", "", c_canon_host, NULL, NULL},
    {"CanonicaliseName", "", "/", c_canon_name, NULL, NULL},
    {"wwwurl_parse", "host", "http://", c_parse, NULL, NULL},
    {"wwwurl_parse", "path", "http://www.example.com/", c_parse, NULL, NULL},
    {"wwwurl_parse", "args", "http://www.example.com/p?", c_parse, NULL, NULL},
    {"wwwurl_create", "path", "/", c_wcreate_path, NULL, NULL},
    {"wwwurl_link", "link host", "http://", c_wlink, p_wpage, d_wurl},
    {"wwwurl_link", "link path", "/", c_wlink, p_wpage, d_wurl},
    {"wwwurl_link", "link args", "x.html?", c_wlink, p_wpage, d_wurl},
    {"wwwurl_link", "base path", "/", c_wlink_base, p_wpage_path, d_wurl},
    {"wwwurl_set", "path", "", c_set_path, p_whandle, d_wurl},
    {"wwwurl_cache_file", "proto", "", c_cache_file, p_whandle_proto, d_wurl},
    {"wwwurl_cache_file", "hostport", "", c_cache_file, p_whandle_host, d_wurl},
    {"wwwurl_cache_file_dup", "proto", "", c_cache_file_dup, p_whandle_proto, d_wurl},
    {"wwwurl_cache_file_dup", "hostport", "", c_cache_file_dup, p_whandle_host, d_wurl},
    {"wwwurl_transcode", "DECODE_GENERIC", "", c_t_decode_generic, BUF},
    {"wwwurl_transcode", "DECODE_FORM", "", c_t_decode_form, BUF},
    {"wwwurl_transcode", "RECODE_FORM", "", c_t_recode_form, BUF},
    {"wwwurl_transcode", "ENCODE_PATH", "", c_t_encode_path, BUF},
    {"wwwurl_transcode", "ENCODE_FORM", "", c_t_encode_form, BUF},
    {"wwwurl_transcode", "ENCODE_PASSWORD", "", c_t_encode_password, BUF},
    {"wwwurl_transcode_dup", "DECODE_FORM", "", c_td_decode_form, NULL, NULL},
    {"wwwurl_transcode_dup", "RECODE_FORM", "", c_td_recode_form, NULL, NULL},
    {"wwwurl_transcode_dup", "ENCODE_PATH", "", c_td_encode_path, NULL, NULL},
    {"wwwurl_transcode_dup", "ENCODE_FORM", "", c_td_encode_form, NULL, NULL},
    {"wwwurl_transcode_dup", "ENCODE_PASSWORD", "", c_td_encode_password, NULL, NULL},
    {"wwwurl_rfc3986_split", "browser", "", c_rfc3986_browser, NULL, NULL},
    TWO_TARGETS_1("wwwurl_rfc3986_resolve", resolve, "base"),
    TWO_TARGETS_1("wwwurl_webcapture_canonical", webcapture, "url"),
    TWO_TARGETS_2("wwwurl_webcapture_canonical", webcapture, "base"),
    TWO_TARGETS_1("wwwurl_rfc3986_make_relative", relative, "base"),
    TWO_TARGETS_2("wwwurl_rfc3986_make_relative", relative, "target"),
    TWO_TARGETS_1("wwwurl_browser_resolve", browser, "base"),
    {"wwwurl_rfc3986_normalize", "", "http://a/", c_normalize, NULL, NULL},
    {"wwwurl_rfc3986_normalize_buf", "", "http://a/", c_normalize_buf, BUF},
    {"wwwurl_whatwg_parse", "host", "http://", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse", "path", "http://www.example.com/", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse", "query", "http://www.example.com/p?", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse", "hash", "http://www.example.com/p#", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse", "opaque", "mailto:", c_whatwg, NULL, NULL},
    {"wwwurl_whatwg_parse", "base", "http://www.example.com/", c_whatwg_base, NULL, NULL},
    {"wwwurl_whatwg_can_parse", "path", "http://www.example.com/", c_whatwg_can, NULL, NULL},
    {"wwwurl_whatwg_validate", "host", "http://", c_whatwg_validate, NULL, NULL},
    {"wwwurl_whatwg_validate", "path", "http://www.example.com/", c_whatwg_validate, NULL, NULL},
    {"wwwurl_whatwg_validate", "query", "http://www.example.com/p?", c_whatwg_validate, NULL,
     NULL},
    {"wwwurl_whatwg_validate", "opaque", "mailto:", c_whatwg_validate, NULL, NULL},
    {"wwwurl_validation_get", "path", "http://www.example.com/", c_validation_get, p_validation,
     d_validation},
    {"wwwurl_whatwg_validate", "tabs", "http://www.example.com/\t", c_whatwg_validate, NULL,
     NULL},
    {"wwwurl_whatwg_can_parse", "host", "http://", c_whatwg_can, NULL, NULL},
    {"wwwurl_whatwg_dup", "path", "http://www.example.com/", c_whatwg_dup, p_whatwg_url,
     d_whatwg},
    {"wwwurl_whatwg_get_buf", "path", "http://www.example.com/", c_whatwg_get_buf, p_whatwg_url,
     d_whatwg},
    {"wwwurl_whatwg_get_dup", "path", "http://www.example.com/", c_whatwg_get_dup, p_whatwg_url,
     d_whatwg},
    {"wwwurl_whatwg_set", "href", "http://www.example.com/", c_wset_href, p_whatwg_page,
     d_whatwg},
    {"wwwurl_whatwg_set", "username", "", c_wset_username, p_whatwg_page, d_whatwg},
    {"wwwurl_whatwg_set", "host", "", c_wset_host, p_whatwg_page, d_whatwg},
    {"wwwurl_whatwg_set", "pathname", "", c_wset_pathname, p_whatwg_page, d_whatwg},
    {"wwwurl_whatwg_set", "search", "", c_wset_search, p_whatwg_page, d_whatwg},
    {"wwwurl_whatwg_set", "hash", "", c_wset_hash, p_whatwg_page, d_whatwg},
    {"wwwurl_whatwg_query_edit", "SORT", "http://www.example.com/p?", c_whatwg_qsort,
     p_whatwg_url, d_whatwg},
    {"wwwurl_whatwg_query_edit", "APPEND", "http://www.example.com/p?", c_whatwg_qappend,
     p_whatwg_url, d_whatwg},
    {"wwwurl_url_query_edit", "SORT", "http://www.example.com/p?", c_url_qsort, p_wurl, d_wurl},
    {"wwwurl_url_query_edit", "DELETE", "http://www.example.com/p?", c_url_qdelete, p_wurl,
     d_wurl},
#define CANON_TARGETS(NAME, PROFILE)                                                          \
    CANON_UNLESS_SAMPLE(NAME)({"wwwurl_canonicalize", PROFILE ", whole", "", c_canon_##NAME,  \
                               NULL, NULL},                                                   \
                              {"wwwurl_canonicalize_buf", PROFILE ", whole", "",              \
                               c_canon_buf_##NAME, BUF}, )                                    \
    {"wwwurl_canonicalize", PROFILE ", query", "http://www.example.com/p?", c_canon_##NAME,   \
     NULL, NULL},
    BENCH_PROFILES(CANON_TARGETS)
    {"wwwurl_query_edit", "APPEND value, short query", "", c_q_append_value, NULL, NULL},
    {"wwwurl_query_edit", "SET", "", c_q_set, NULL, NULL},
    {"wwwurl_query_edit", "DELETE", "", c_q_delete, NULL, NULL},
    {"wwwurl_query_edit", "SORT", "", c_q_sort, NULL, NULL},
    {"wwwurl_query_edit", "KEEP", "", c_q_keep, NULL, NULL},
    {"wwwurl_query_edit", "STRIP", "", c_q_strip, NULL, NULL},
    {"wwwurl_query_edit", "KEEP_PREFIX", "", c_q_keep_prefix, NULL, NULL},
    {"wwwurl_query_edit", "STRIP_PREFIX", "", c_q_strip_prefix, NULL, NULL},
    {"wwwurl_query_edit_buf", "SET", "", c_qb_set, BUF},
    {"wwwurl_query_edit_buf", "DELETE", "", c_qb_delete, BUF},
    {"wwwurl_query_edit_buf", "SORT", "", c_qb_sort, BUF},
    {"wwwurl_query_edit_buf", "KEEP", "", c_qb_keep, BUF},
    {"wwwurl_query_edit_buf", "STRIP", "", c_qb_strip, BUF},
    {"wwwurl_query_edit_buf", "KEEP_PREFIX", "", c_qb_keep_prefix, BUF},
    {"wwwurl_query_edit_buf", "STRIP_PREFIX", "", c_qb_strip_prefix, BUF},
    {"wwwurl_query_get", "value", "a=", c_qget, NULL, NULL},
    {"wwwurl_query_get", "value, raw", "a=", c_qget_raw, NULL, NULL},
    {"wwwurl_query_get_buf", "value", "a=", c_qget_buf, BUF},
    {"wwwurl_query_next", "every parameter", "", c_qnext, NULL, NULL},
    {"wwwurl_nvs_parse", "params list", "params=(", c_nvs_parse, NULL, NULL},
    {"wwwurl_nvs_key", "query", "http://www.example.com/p?", c_nvs_key, p_nvs, d_nvs},
    {"wwwurl_nvs_key_buf", "query", "http://www.example.com/p?", c_nvs_key_buf, p_nvs, d_nvs},
    {"wwwurl_nvs_equivalent", "query", "http://www.example.com/p?", c_nvs_equivalent, p_nvs,
     d_nvs},
#define UP p_up_pattern, d_up_pattern
    {"wwwurl_urlpattern_parse", "hostname", "https://", c_up_parse, NULL, NULL},
    {"wwwurl_urlpattern_parse", "pathname", "https://example.com/", c_up_parse, NULL, NULL},
    {"wwwurl_urlpattern_parse", "search", "https://example.com/p?", c_up_parse, NULL, NULL},
    {"wwwurl_urlpattern_error_message", "pathname", "https://example.com/", c_up_error_message,
     NULL, NULL},
    {"wwwurl_urlpattern_from_init", "hostname", "", c_up_from_init_hostname, NULL, NULL},
    {"wwwurl_urlpattern_from_init", "pathname", "/", c_up_from_init_pathname, NULL, NULL},
    {"wwwurl_urlpattern_from_init", "hash", "", c_up_from_init_hash, NULL, NULL},
    {"wwwurl_urlpattern_test", "pathname", "https://www.example.com/a/", c_up_test, UP},
    {"wwwurl_urlpattern_exec", "pathname", "https://www.example.com/a/", c_up_exec, UP},
    {"wwwurl_urlpattern_exec", "hash", "https://www.example.com/a/b#", c_up_exec, UP},
    {"wwwurl_urlpattern_test", "pathname, (.*)", "https://www.example.com/", c_up_test,
     p_up_regexp, d_up_pattern},
    {"wwwurl_urlpattern_exec", "pathname, (.*)", "https://www.example.com/", c_up_exec,
     p_up_regexp, d_up_pattern},
    {"wwwurl_urlpattern_test_init", "pathname", "/a/", c_up_test_init_pathname, UP},
    {"wwwurl_urlpattern_test_init", "hash", "", c_up_test_init_hash, UP},
    {"wwwurl_urlpattern_test_init", "base_url", "https://www.example.com/a/",
     c_up_test_init_base, UP},
    {"wwwurl_urlpattern_exec_init", "pathname", "/a/", c_up_exec_init_pathname, UP},
    {"wwwurl_urlpattern_exec_init", "hash", "", c_up_exec_init_hash, UP},
    {"wwwurl_urlpattern_exec_init", "base_url", "https://www.example.com/a/",
     c_up_exec_init_base, UP},
    {"wwwurl_urlpattern_set_parse", "pathname", "https://example.com/", c_up_set_parse, NULL,
     NULL},
    {"wwwurl_urlpattern_set_match", "pathname", "https://www.example.com/a/", c_up_set_match,
     p_up_set, d_up_set},
};

/* Bytes of each kind (kept, escaped, upper case), escapes, separators, dot
 * segments, and a URL pattern group per byte. */
static const char *const patterns[] = {
    "a", "A", " ", "\x01", "\xff", "%", "%2", "%41", "&", "&amp;", "=", ";", "/", "//",
    "./", "../", "/./", "/../", "\\", "@", ":", "[", "<", "?", "a&", "a=&", "\"a\" ",
    "k, ", "*",
};

#define N_TARGETS (sizeof targets / sizeof targets[0])
#define N_PATTERNS (sizeof patterns / sizeof patterns[0])
/* The generated rows, less the row of NULLs that ends the table. */
#define N_MEM_ROWS (sizeof mem_rows / sizeof mem_rows[0] - 1)

/* The hand targets, then a case per generated row (collect). */
static measured cases[N_TARGETS + N_MEM_ROWS];
static size_t n_cases;

static void collect(void)
{
    size_t k;
    for (k = 0; k < N_TARGETS; k++)
        cases[n_cases++].t = targets[k];
    for (k = 0; k < N_MEM_ROWS; k++) {
        measured *m = &cases[n_cases++];
        m->t.fn = mem_rows[k].fn;
        m->t.where = mem_rows[k].arg;
        m->t.prefix = "";
        m->t.prep = mem_rows[k].buffer ? p_buffer : NULL;
        m->t.done = mem_rows[k].buffer ? d_buffer : NULL;
        m->row = &mem_rows[k];
    }
}

#define SMALL (1u << 20)
#define LARGE (4u << 20)

/* ---- measuring ------------------------------------------------------------- */

/* prefix + the pattern repeated to fill `size` bytes (whole repeats). */
static char *build(const target *t, const char *pat, size_t size, size_t *len)
{
    size_t pl = strlen(pat), reps = size / pl, a = strlen(t->prefix);
    char *s;
    *len = a + reps * pl;
    s = malloc(*len + 1);
    if (!s)
        return NULL;
    memcpy(s, t->prefix, a);
    for (size_t i = 0; i < reps; i++)
        memcpy(s + a + i * pl, pat, pl);
    s[*len] = '\0';
    return s;
}

typedef struct outcome {
    int ok;        /* 1 measured, 0 the call failed, -1 no memory for the input */
    size_t bytes;  /* peak - live before the call */
    size_t n;      /* the hostile argument's length */
} outcome;

static void child(const measured *m, const char *pat, size_t size, int fd)
{
    const target *t = &m->t;
    outcome o = {-1, 0, 0};
    size_t len;
    char buf[8];
    size_t needed;
    char *s;
    void *ctx;
    ssize_t w;

    /* the first guarded call installs the panic hook: not this call's memory */
    wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, "a", 1, buf, sizeof buf, &needed);
    s = build(t, pat, size, &len);
    if (s) {
        ctx = t->prep ? t->prep(s, len) : NULL;
        o.n = len;
        peak = live;
        {
            size_t before = live;
            o.ok = (m->row ? m->row->call(s, len) : t->call(s, len, ctx)) == 0;
            o.bytes = peak - before;
        }
        if (t->done)
            t->done(ctx);
    }
    w = write(fd, &o, sizeof o);
    _exit(w == (ssize_t)sizeof o ? 0 : 1);
}

static int run_case(const measured *m, const char *pat, size_t size, outcome *o)
{
    const target *t = &m->t;
    int fds[2], ws = 0;
    pid_t pid;
    ssize_t got;

    if (pipe(fds) != 0) {
        perror("memory: pipe");
        return -1;
    }
    fflush(stdout);
    pid = fork();
    if (pid < 0) {
        perror("memory: fork");
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        child(m, pat, size, fds[1]);
    }
    close(fds[1]);
    got = read(fds[0], o, sizeof *o);
    close(fds[0]);
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
        ;
    if (got != (ssize_t)sizeof *o) {
        if (WIFSIGNALED(ws))
            printf("FAIL %s(%s) on %zu bytes: crashed (signal %d)\n", t->fn, t->where, size,
                   WTERMSIG(ws));
        else
            printf("FAIL %s(%s) on %zu bytes: no result\n", t->fn, t->where, size);
        return 1;
    }
    return 0;
}

/* The samples that the generated rows make inside the measured call (a
 * handle of a short URL, a config, a No-Vary-Search value) are counted with
 * the call's own memory: each, made and freed alone in a fresh process,
 * must stay within a quarter of the constant allowance, so that the rest is
 * the call's. */
#define SAMPLE_MAX (16u << 10)

/* Returns the number of samples over SAMPLE_MAX or not made. */
static int check_samples(void)
{
    size_t k, largest = 0;
    int failed = 0;
    for (k = 0; mem_samples[k].fn; k++) {
        measured m = {{NULL, "sample", "", NULL, NULL, NULL}, NULL};
        outcome o = {0, 0, 0};
        m.t.fn = mem_samples[k].fn;
        m.row = &mem_samples[k];
        if (run_case(&m, "a", 1, &o) != 0 || o.ok != 1 || o.bytes > SAMPLE_MAX) {
            printf("FAIL sample %s: %s\n", m.t.fn, o.ok != 1 ? "not made" : "too large");
            failed++;
        }
        if (o.bytes > largest)
            largest = o.bytes;
    }
    printf("%zu samples made inside the measured calls, the largest %zu bytes (at most %u)\n",
           k, largest, SAMPLE_MAX);
    return failed;
}

/* ---- the documented table -------------------------------------------------- */

#define MAX_ROWS 128

typedef struct row {
    char name[64];
    double bound;   /* from SECURITY.md; < 0 when the function has no row */
    double factor;  /* measured, the largest */
    char worst[96]; /* where: position, pattern, size */
    int measured;
    int over;       /* some case exceeded the bound */
} row;

static row rows[MAX_ROWS];
static size_t n_rows;

static row *row_of(const char *name)
{
    size_t k;
    for (k = 0; k < n_rows; k++)
        if (strcmp(rows[k].name, name) == 0)
            return &rows[k];
    if (n_rows == MAX_ROWS)
        return NULL;
    snprintf(rows[n_rows].name, sizeof rows[n_rows].name, "%s", name);
    rows[n_rows].bound = -1;
    return &rows[n_rows++];
}

/* Reads the bounds between the table markers; returns the number of rows,
 * -1 when the file or the markers are missing. */
static int read_bounds(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int in = 0, n = 0;

    if (!f) {
        perror(path);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "<!-- memory-table -->")) {
            in = 1;
            continue;
        }
        if (strstr(line, "<!-- /memory-table -->")) {
            in = 2;
            break;
        }
        if (in == 1 && strncmp(line, "| `", 3) == 0) {
            char *name = line + 3, *end = strchr(name, '`'), *cell;
            row *r;
            if (!end)
                continue;
            *end = '\0';
            cell = strchr(end + 1, '|');
            r = row_of(name);
            if (!cell || !r)
                continue;
            r->bound = strtod(cell + 1, NULL);
            n++;
        }
    }
    fclose(f);
    if (in != 2) {
        fprintf(stderr, "memory: %s has no <!-- memory-table --> ... <!-- /memory-table -->\n",
                path);
        return -1;
    }
    return n;
}

/* Takes the bounds of the declared functions from their declarations
 * (mem_bounds); returns -1 when SECURITY.md's hand table has a row for one
 * of them too, whose bound would then be written in two places. */
static int declared_bounds(void)
{
    size_t k;
    for (k = 0; mem_bounds[k].fn; k++) {
        row *r = row_of(mem_bounds[k].fn);
        if (!r)
            return -1;
        if (r->bound >= 0) {
            fprintf(stderr,
                    "memory: %s is declared with its bound (capi/src/ffi): remove its row from "
                    "SECURITY.md's <!-- memory-table -->\n",
                    mem_bounds[k].fn);
            return -1;
        }
        r->bound = mem_bounds[k].bound;
    }
    return 0;
}

/* Whether `bytes` for an input of `n` bytes exceed `bound` bytes per input
 * byte plus the constant allowance (a few fixed-size buffers). */
#define ALLOWANCE (64u << 10)
static int over(size_t bytes, size_t n, double bound)
{
    return (double)bytes > bound * (double)n + ALLOWANCE;
}

/* The historical function of the other WWWOFFLE variant, not in this library. */
static int other_variant(const char *name)
{
#if defined(WWWURL_LEGACY_29H)
    return strcmp(name, "URLReplaceAmp") == 0;
#else
    return strcmp(name, "FixHTMLLinkURL") == 0;
#endif
}

static int in_library(const char *name)
{
    size_t ci;
    for (ci = 0; ci < n_cases; ci++)
        if (strcmp(cases[ci].t.fn, name) == 0)
            return 1;
    return 0;
}

static const char *show(const char *pat)
{
    static char buf[32];
    size_t i, o = 0;
    for (i = 0; pat[i] && o + 5 < sizeof buf; i++) {
        unsigned char c = (unsigned char)pat[i];
        if (c < 0x20 || c >= 0x7f)
            o += (size_t)snprintf(buf + o, sizeof buf - o, "\\x%02x", c);
        else
            buf[o++] = (char)c;
    }
    buf[o] = '\0';
    return buf;
}

int main(int argc, char **argv)
{
    const char *filter = NULL;
    size_t ci, pi, k, worst;
    double worst_f;
    int failed = 0, run = 0;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: memory SECURITY.md [FILTER]\n");
        return 2;
    }
    if (argc == 3)
        filter = argv[2];
    if (read_bounds(argv[1]) < 0 || declared_bounds() < 0)
        return 2;
    collect();
    failed += check_samples();

    for (ci = 0; ci < n_cases; ci++) {
        const target *t = &cases[ci].t;
        row *r;
        if (filter && !strstr(t->fn, filter))
            continue;
        r = row_of(t->fn);
        if (!r)
            return 2;
        /* every pattern on 1 MiB, then the worst one on 4 MiB */
        worst = 0;
        worst_f = -1;
        for (pi = 0; pi <= N_PATTERNS; pi++) {
            const char *pat = patterns[pi < N_PATTERNS ? pi : worst];
            size_t size = pi < N_PATTERNS ? SMALL : LARGE;
            outcome o;
            double f;
            if (run_case(&cases[ci], pat, size, &o) != 0) {
                failed++;
                continue;
            }
            run++;
            if (o.ok < 0) {
                printf("FAIL %s(%s) '%s' %zu bytes: no memory for the input\n", t->fn, t->where,
                       show(pat), size);
                failed++;
                continue;
            }
            if (o.ok == 0) {
                printf("FAIL %s(%s) '%s' %zu bytes: the call failed\n", t->fn, t->where,
                       show(pat), size);
                failed++;
            }
            f = o.n ? (double)o.bytes / (double)o.n : 0;
            if (pi < N_PATTERNS && f > worst_f) {
                worst_f = f;
                worst = pi;
            }
            if (!r->measured || f > r->factor) {
                r->factor = f;
                snprintf(r->worst, sizeof r->worst, "%s%s'%s' x %zu MiB", t->where,
                         *t->where ? ", " : "", show(pat), size >> 20);
            }
            r->measured = 1;
            if (r->bound >= 0 && over(o.bytes, o.n, r->bound)) {
                r->over = 1;
                printf("FAIL %s(%s) '%s' %zu bytes: %.2f bytes per input byte, documented %g\n",
                       t->fn, t->where, show(pat), size, f, r->bound);
            }
        }
    }

    printf("%d cases in child processes; peak heap bytes per input byte:\n\n", run);
    printf("<!-- memory-table -->\n");
    printf("| function | documented bound | measured | worst input |\n");
    printf("| --- | --- | --- | --- |\n");
    for (k = 0; k < n_rows; k++) {
        row *r = &rows[k];
        if (!r->measured) {
            if (!filter && !other_variant(r->name)) {
                printf("FAIL `%s`: documented, but %s\n", r->name,
                       in_library(r->name) ? "not measured" : "not a function of the library");
                failed++;
            }
            continue;
        }
        if (r->bound < 0) {
            printf("| `%s` | (none: FAIL) | %.2f | %s |\n", r->name, r->factor, r->worst);
            failed++;
            continue;
        }
        printf("| `%s` | %g | %.2f | %s |\n", r->name, r->bound, r->factor,
               r->factor < 0.005 ? "-" : r->worst);
        if (r->over)
            failed++;
    }
    printf("<!-- /memory-table -->\n\n");
    printf("memory: %s\n", failed ? "FAILED" : "every function within its documented bound");
    return failed ? 1 : 0;
}
