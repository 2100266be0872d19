/* The wwwurl C test harness: conformance-vector loader, failure counting,
 * check helpers, URL record dumps and a JSON reader (the web-platform-tests
 * files).
 *
 * Every test program defines a sentinel-terminated table of groups and calls
 * h_main() from main():
 *
 *     static const h_test tests[] = {
 *         {"URLDecodeGeneric", t_decode_generic},
 *         {NULL, NULL},
 *     };
 *     int main(int argc, char **argv) { return h_main(argc, argv, tests); }
 *
 * A group checks "cases" (one vector row, or one hand-written table row):
 * h_case_begin(), any number of checks, h_case_end(). A case passes when no
 * check in it failed. Each failed check prints one line:
 *
 *     test_x.c:123: Func [tests/vectors/F.tsv:45] in "..." wanted "..." got "..."
 *
 * After each group one line gives the count of cases checked; a group that
 * checked no case (no vector file, or an empty one) FAILS. At the end the
 * last line is exactly "N passed, N failed". The exit status is 0 when
 * nothing failed, else 10 + the index of the first failing group.
 *
 * Environment: WWWURL_TEST_QUICK=1 checks every 4th row of files with more
 * than 100 rows (never zero rows); WWWURL_TEST_VERBOSE=1 prints every
 * failure (the default prints the first 10 of each group).
 */
#ifndef WWWURL_C_TESTS_HARNESS_H
#define WWWURL_C_TESTS_HARNESS_H

#include <stddef.h>

#include "wwwurl.h"
#include "wwwurl_legacy.h"

/* ---- growable byte buffer ------------------------------------------------ */

typedef struct hbuf {
    char *p;    /* always NUL-terminated once anything was added */
    size_t len;
    size_t cap;
} hbuf;

void hb_init(hbuf *b);
void hb_free(hbuf *b);
void hb_reset(hbuf *b);
void hb_put(hbuf *b, const void *p, size_t n);
void hb_puts(hbuf *b, const char *s);
void hb_putc(hbuf *b, char c);
void hb_printf(hbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends bytes in the escaped notation of the vector files (\\ \t \n \r
 * \xHH, and '|' as \x7C so that " | "-joined dumps are unambiguous); a NULL
 * pointer appends \N. */
void hb_esc(hbuf *b, const char *p, size_t n);
/* hb_esc of a C string (NULL gives \N). */
void hb_escs(hbuf *b, const char *s);
/* Like hb_escs, quoted, and cut after `max` bytes for messages. */
void hb_quote(hbuf *b, const char *p, size_t n, size_t max);

/* ---- vector files --------------------------------------------------------- */

/* One field: `p` is NULL for \N, else `len` bytes followed by a NUL (the
 * bytes may contain NUL: Base64Encode input, Base64Decode output). */
typedef struct hstr {
    const char *p;
    size_t len;
} hstr;

typedef struct hrow {
    unsigned line;    /* 1-based line in the file */
    unsigned nin;     /* input columns (after the function name) */
    unsigned nout;    /* result columns (after "=>") */
    const hstr *in;
    const hstr *out;
} hrow;

typedef struct hfile {
    char path[1024];
    char *buf;        /* the whole file, unescaped in place */
    hstr *fields;
    hrow *rows;
    size_t nrows;
} hfile;

typedef struct hgroup hgroup;

/* Loads <dir>/<rel>. Checks that every row names `func`, has `nin` inputs
 * and between `nout_min` and `nout_max` results (nout_max 0: no limit).
 * Problems (missing file, bad escape, bad row) are reported as failures of
 * `g`; bad rows are dropped. Returns the number of good rows (0 on error). */
size_t hf_load(hgroup *g, hfile *f, const char *dir, const char *rel, const char *func,
               unsigned nin, unsigned nout_min, unsigned nout_max);
void hf_free(hfile *f);

/* 1, or 4 in quick mode for files of more than 100 rows. */
size_t h_stride(size_t nrows);
int h_quick(void);

/* A malloc'ed copy of exactly len+1 bytes (so ASan sees reads past the
 * NUL); NULL for a NULL field. */
char *h_memdup(const hstr *s);
/* The inputs of a row, quoted and joined by ", ", for failure lines. */
const char *h_desc(hbuf *b, const hrow *r);

/* Parses a decimal field (optional '-'); returns 0 and reports on error. */
int h_parse_long(const hstr *s, long long *out);

/* ---- groups, cases, checks ------------------------------------------------ */

struct hgroup {
    const char *name;
    unsigned long checked;   /* cases */
    unsigned long passed;
    unsigned long failed;
    unsigned long printed;   /* failure lines printed */
    unsigned long hidden;    /* failure lines not printed */
    /* the current case */
    const char *vfile;
    unsigned vline;
    int case_failed;
};

typedef void (*h_test_fn)(hgroup *g, const char *dir);

typedef struct h_test {
    const char *name;
    h_test_fn fn;
} h_test;

/* Runs the groups of `tests` over the vectors in argv[1] (default
 * "tests/vectors"), prints the summary, returns the exit status. */
int h_main(int argc, char **argv, const h_test *tests);

void h_group_init(hgroup *g, const char *name);
/* Adds the counts of `from` to `to` (thread-safe). */
void h_group_merge(hgroup *to, const hgroup *from);

/* A case at a vector row (`f`, `r`) or hand-written (f and r NULL). */
void h_case_begin(hgroup *g, const hfile *f, const hrow *r);
/* Ends the case: counts it as passed or failed. Returns 1 if it passed. */
int h_case_end(hgroup *g);

/* Reports a failed check of the current case: one line. Thread-safe as long
 * as each thread has its own group. */
void h_fail(hgroup *g, const char *cfile, int cline, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Byte-exact comparison. `want`/`got` may be NULL (NULL wanted / returned).
 * `what` names the call, `in` describes the input (already escaped, may be
 * NULL). Returns 1 on match. */
int h_check_bytes(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                  const char *want, size_t wantlen, const char *got, size_t gotlen);
int h_check_long(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                 long long want, long long got);
int h_check_true(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                 int cond, const char *condtext);

/* strlen, 0 for NULL */
size_t h_slen(const char *s);

/* got is a C string (strlen), want an hstr. */
#define CHECK_STR(g, what, in, want_hstr, got)                                                \
    h_check_bytes((g), __FILE__, __LINE__, (what), (in), (want_hstr)->p, (want_hstr)->len,    \
                  (got), h_slen(got))
/* both C strings (NULL allowed) */
#define CHECK_CSTR(g, what, in, want, got)                                                    \
    h_check_bytes((g), __FILE__, __LINE__, (what), (in), (want), h_slen(want), (got), h_slen(got))
#define CHECK_BYTES(g, what, in, want, wantlen, got, gotlen)                                  \
    h_check_bytes((g), __FILE__, __LINE__, (what), (in), (want), (wantlen), (got), (gotlen))
/* a WHATWG URL's attribute, a view of its length (not NUL-terminated) */
#define CHECK_PART(g, what, in, want, u, part)                                                \
    do {                                                                                      \
        size_t part_len_ = 0;                                                                 \
        const char *part_ = wwwurl_whatwg_get((u), (part), &part_len_);                       \
        CHECK_BYTES((g), (what), (in), (want), h_slen(want), part_, part_len_);               \
    } while (0)
#define CHECK_INT(g, what, in, want, got)                                                     \
    h_check_long((g), __FILE__, __LINE__, (what), (in), (long long)(want), (long long)(got))
#define CHECK(g, what, in, cond)                                                              \
    h_check_true((g), __FILE__, __LINE__, (what), (in), (cond) ? 1 : 0, #cond)
/* compares two " | "-joined dumps and names the first differing column */
#define CHECK_DUMP(g, what, in, want, got, names)                                             \
    h_check_dump((g), __FILE__, __LINE__, (what), (in), (want), (got), (names))
int h_check_dump(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                 const hbuf *want, const hbuf *got, const char *const *names);

/* The name of a wwwurl_status value ("WWWURL_ERR_NULL"), or "(unknown status)". */
const char *h_status_name(int st);

/* A status check: the status wanted, exactly, reported by name. */
#define CHECK_STATUS(g, what, in, want, got)                                                  \
    h_check_status((g), __FILE__, __LINE__, (what), (in), (int)(want), (int)(got))
int h_check_status(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                   int want, int got);

/* Whether a protocol and a hostport make a cache path that wwwurl_cache_file
 * gives (README, "The cache file"): each one plain directory name, not empty,
 * `.` or `..`, without `/` or a control byte, and a protocol without a byte
 * of 0x80 or more; otherwise it refuses with WWWURL_ERR_UNSAFE_PATH. */
int h_cache_path_safe(const char *proto, size_t plen, const char *hostport, size_t hlen);

/* ---- JSON, enough for the web-platform-tests files ------------------------ */

enum { HJ_NULL, HJ_BOOL, HJ_NUM, HJ_STR, HJ_ARR, HJ_OBJ };

/* A JSON value. Numbers are recognised, not read. */
typedef struct hjson {
    int type;
    int b;              /* HJ_BOOL */
    char *s;            /* HJ_STR: UTF-8, NUL-terminated (may hold NULs: see n) */
    size_t n;           /* HJ_STR: length; HJ_ARR, HJ_OBJ: members */
    struct hjson *item; /* HJ_ARR, HJ_OBJ: the members */
    char **key;         /* HJ_OBJ: their keys */
} hjson;

/* Reads <dir>/../wpt/<rel>, the web-platform-tests data beside the vectors
 * directory, into `out` (free it with hj_free); 0 when it cannot be read or
 * is not JSON, which fails `g`. A lone surrogate escape becomes U+FFFD, as
 * JavaScript's USVString conversion makes it. */
int hj_load(hgroup *g, const char *dir, const char *rel, hjson *out);
void hj_free(hjson *v);
/* The member `key` of an object, or NULL (also when `o` is no object). */
const hjson *hj_get(const hjson *o, const char *key);
/* The member `key` of an object when it is a string, else NULL. */
const hjson *hj_str(const hjson *o, const char *key);

/* ---- URL dumps --------------------------------------------------------------
 * A whole record flattened into one " | "-joined line (lib1560's "get all
 * parts"), so that one comparison checks everything:
 *
 *   name | file | proto | hostport | host | port | path | args | user | pass
 *   [| original_name | original_path | original_args | original_pathp-offset]
 *   | hostp-offset | pathp-offset | file==name | host==hostport | private
 *
 * The last three columns are the pointer identities (1/0) and "NULL" when
 * the three private_* fields are NULL. The vector gives the identities:
 * file == name iff user is \N, host == hostport iff the two columns are
 * equal (hostport without a port; note "h:-1" has port -1 but a port). */
extern const char *const h_url_columns[];
extern const char *const h_url_columns_29h[];
/* Column names of h_dump_modern / h_want_modern. */
extern const char *const h_modern_columns[];
extern const char *const h_modern_columns_29h[];

/* The URL columns of a vector row, starting at out[first]. Returns 0 when the
 * row is malformed (bad port or offset). */
int h_want_legacy(hbuf *b, const hrow *r, unsigned first, int v29h);
void h_dump_legacy(hbuf *b, const URL *u, int v29h);

/* Modern handle: name | file | proto | hostport | host | port | path | args |
 * user | pass [| original_name | original_path | original_args] | lengths,
 * every part read with wwwurl_get (absent = \N) and the port with
 * wwwurl_port; "lengths" is "ok" when every returned length equals strlen()
 * and absent parts got length 0. */
int h_want_modern(hbuf *b, const hrow *r, unsigned first, int v29h);
void h_dump_modern(hbuf *b, const wwwurl_url *u, int v29h);

/* 1 when the record has the 2.9h layout (the four original_* fields):
 * the tests are compiled once per library, with WWWURL_LEGACY_29H for
 * libwwwurl-29h. Without them, dumps of v29h rows leave those columns out. */
#if defined(WWWURL_LEGACY_29H)
#define H_LAYOUT_29H 1
#else
#define H_LAYOUT_29H 0
#endif

/* Whether wwwurl_parse with a NULL config (the library's defaults) keeps
 * `&amp;` in the args, i.e. runs in 2.9h mode: 1 or 0, -1 if the probe
 * failed. */
int h_probe_29h(void);
/* h_probe_29h() as h_main found it: the library's own default. */
extern int h_initial_29h;

/* ---- configurations ----------------------------------------------------------
 * One frozen config per compat mode (WWWURL_COMPAT_29 or WWWURL_COMPAT_29H),
 * made by h_main before any group runs (so threads and fault injection never
 * make them), already used once (so any setter on them returns
 * WWWURL_ERR_CONFIG_IN_USE), freed at exit. Otherwise defaults: local host
 * localhost:8080, the default ports, WWWURL_DEFAULT_MAX_INPUT. */
const struct wwwurl_config *harness_config(wwwurl_compat compat);
/* The mode the suites test (the vectors outside v29h/ are 2.9 behaviour,
 * whichever library runs them): what `flags` 0 meant before configs. */
#define H_CFG harness_config(WWWURL_COMPAT_29)
#define H_CFG29 harness_config(WWWURL_COMPAT_29)
#define H_CFG29H harness_config(WWWURL_COMPAT_29H)

/* Number of URL result columns in a vector file. */
#define H_URL_NOUT 12
#define H_URL_NOUT_29H 16

#endif /* WWWURL_C_TESTS_HARNESS_H */
