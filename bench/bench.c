/* wwwurl benchmark: ns per URL of the C ABI over a corpus of URLs (the real
 * URLs of tests/corpus/kasztp.txt, or the escape-heavy ones of
 * bench/gen_escapes.c).
 *
 * Besides the 2.9 record and the handle: the WHATWG parser (parse, read
 * the href, free), wwwurl_canonicalize under each of the nine profiles
 * (result freed), wwwurl_query_edit on each URL's query (delete its first
 * parameter's name, sort, append a parameter; empty for a URL without a
 * query) and wwwurl_nvs_key under a No-Vary-Search value with key-order.
 *
 *   bench CORPUS                      time every function, print a table
 *   bench --only NAME[,NAME] CORPUS   time some functions only
 *   bench --rounds N --min-time S     at least N rounds of at least S seconds
 *   bench --callgrind NAME [--count N] [--dry] CORPUS
 *                                     run NAME once over the first N URLs
 *                                     (default 2000) for valgrind's callgrind,
 *                                     and print N and their length in bytes;
 *                                     --dry: the same without the measured loop
 *   bench --list                      the function names, one a line
 *
 * The corpus (one URL per line) is read into memory once. Each round loops
 * over the whole corpus as many times as needed to last the minimum time
 * (clock_gettime(CLOCK_MONOTONIC)); a round's figure is its time divided by
 * the number of URLs processed. The table gives the minimum and the median
 * of the rounds, and the ratio of minimums to SplitURL+FreeURL.
 *
 * In --callgrind mode the measured region is bracketed with
 * CALLGRIND_START_INSTRUMENTATION / CALLGRIND_STOP_INSTRUMENTATION when
 * <valgrind/callgrind.h> was found at build time (HAVE_CALLGRIND_H); run
 * valgrind with --instr-atstart=no. Without it, bench/callgrind.sh subtracts
 * the instructions of a --dry run (same set-up, no measured loop).
 * Every function is called once on the first URL before the region, so lazy
 * binding and first-use initialisation are not counted.
 *
 * Build: C99 + POSIX, -O2, linked with libwwwurl.a; -DHAVE_ADA adds ada's C
 * API (the WHATWG parser's peer, from the ada-url crate's build), and
 * -DHAVE_CURL and -DHAVE_URIPARSER the libcurl and uriparser peers (see
 * bench/bench.mk).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wwwurl.h"
#include "profile_list.h"
#include "wwwurl_legacy.h"

#ifdef HAVE_CURL
#include <curl/curl.h>
#endif
#ifdef HAVE_URIPARSER
#include <uriparser/Uri.h>
#endif

#include "measure.h"

/* ---- the corpus ---------------------------------------------------------- */

static char **urls;   /* NUL-terminated URLs */
static size_t *lens;  /* their lengths */
static char **paths;  /* each URL's path, for the codec benchmarks */
static size_t *plens; /* their lengths */
static size_t n_urls;
static int paths_from_split; /* 1: paths came from SplitURL; 0: a fallback cut */
static const char **queries; /* each URL's query (after '?', before '#'), "" for none */
static size_t *qlens;        /* their lengths */
static char **qnames;        /* the decoded name of each query's first parameter */
static size_t *qnlens;       /* their lengths */
static size_t n_with_query;  /* URLs of the prepared range that have a '?' */
static struct wwwurl_nvs *nvs; /* the No-Vary-Search value of the nvs row */

static char *slurp(const char *file, size_t *size) {
    FILE *f = fopen(file, "rb");
    if (!f) {
        fprintf(stderr, "bench: %s: %s\n", file, strerror(errno));
        exit(2);
    }
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fprintf(stderr, "bench: out of memory\n");
            exit(2);
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
        if (cap - len - 1 == 0) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
    }
    fclose(f);
    buf[len] = '\0';
    *size = len;
    return buf;
}

/* Splits the file into lines in place; empty lines are skipped. */
static void load_corpus(const char *file) {
    size_t size;
    char *buf = slurp(file, &size);
    size_t cap = 1024;
    urls = malloc(cap * sizeof *urls);
    lens = malloc(cap * sizeof *lens);
    char *p = buf, *end = buf + size;
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *e = nl ? nl : end;
        char *q = e;
        if (q > p && q[-1] == '\r')
            q--;
        *q = '\0';
        if (q > p) {
            if (n_urls == cap) {
                cap *= 2;
                urls = realloc(urls, cap * sizeof *urls);
                lens = realloc(lens, cap * sizeof *lens);
            }
            if (!urls || !lens) {
                fprintf(stderr, "bench: out of memory\n");
                exit(2);
            }
            urls[n_urls] = p;
            lens[n_urls] = (size_t)(q - p);
            n_urls++;
        }
        p = e + 1;
    }
    if (n_urls == 0) {
        fprintf(stderr, "bench: %s: no URL\n", file);
        exit(2);
    }
}

/* The path of a URL cut by hand: after "scheme://host", up to '?' or '#'.
 * Only used while SplitURL is not available. */
static char *cut_path(const char *s) {
    const char *p = strstr(s, "://");
    p = p ? p + 3 : s;
    p += strcspn(p, "/?#");
    if (*p != '/')
        return strdup("/");
    size_t n = strcspn(p, "?#");
    char *r = malloc(n + 1);
    if (r) {
        memcpy(r, p, n);
        r[n] = '\0';
    }
    return r;
}

/* Each URL's canonical path, from SplitURL, outside any timed region. */
static void prepare_paths(size_t count) {
    paths = calloc(count, sizeof *paths);
    plens = calloc(count, sizeof *plens);
    if (!paths || !plens) {
        fprintf(stderr, "bench: out of memory\n");
        exit(2);
    }
    URL *probe = SplitURL("http://a/b");
    paths_from_split = probe != NULL;
    FreeURL(probe);
    for (size_t i = 0; i < count; i++) {
        URL *u = paths_from_split ? SplitURL(urls[i]) : NULL;
        paths[i] = u ? strdup(u->path) : cut_path(urls[i]);
        FreeURL(u);
        if (!paths[i]) {
            fprintf(stderr, "bench: out of memory\n");
            exit(2);
        }
        plens[i] = strlen(paths[i]);
    }
}

/* Each URL's query, and the decoded name of its first parameter, for the
 * query-edit rows; outside any timed region. */
static void prepare_queries(size_t count) {
    queries = calloc(count, sizeof *queries);
    qlens = calloc(count, sizeof *qlens);
    qnames = calloc(count, sizeof *qnames);
    qnlens = calloc(count, sizeof *qnlens);
    if (!queries || !qlens || !qnames || !qnlens) {
        fprintf(stderr, "bench: out of memory\n");
        exit(2);
    }
    n_with_query = 0;
    for (size_t i = 0; i < count; i++) {
        const char *q = memchr(urls[i], '?', lens[i]);
        const char *h = memchr(urls[i], '#', lens[i]);
        if (q && (!h || q < h)) {
            q++;
            queries[i] = q;
            qlens[i] = (size_t)((h ? h : urls[i] + lens[i]) - q);
            n_with_query++;
        } else {
            queries[i] = "";
            qlens[i] = 0;
        }
        size_t pos = 0, needed = 0;
        struct wwwurl_query_param prm;
        char name[4096];
        qnames[i] = NULL;
        if (wwwurl_query_next(queries[i], qlens[i], &pos, &prm) == WWWURL_OK &&
            wwwurl_query_decode_buf(queries[i] + prm.name_offset, prm.name_len, name, sizeof name,
                                    &needed) == WWWURL_OK) {
            qnlens[i] = needed - 1;
            qnames[i] = malloc(needed);
            if (qnames[i])
                memcpy(qnames[i], name, needed);
        } else {
            qnlens[i] = 0;
            qnames[i] = malloc(1);
            if (qnames[i])
                qnames[i][0] = '\0';
        }
        if (!qnames[i]) {
            fprintf(stderr, "bench: out of memory\n");
            exit(2);
        }
    }
    /* Two tracking parameters that do not vary the response, and the rest
     * sorted: the key of every URL with a query is built anew. */
    static const char nvs_value[] = "params=(\"utm_source\" \"gclid\"), key-order";
    if (wwwurl_nvs_parse(nvs_value, sizeof nvs_value - 1, &nvs) != WWWURL_OK) {
        fprintf(stderr, "bench: wwwurl_nvs_parse failed\n");
        exit(2);
    }
}

/* ---- the functions timed ------------------------------------------------- */

/* Each runs over URLs [a, b) and returns how many calls failed (NULL or an
 * error status). */
typedef size_t (*pass_fn)(size_t a, size_t b);

static size_t b_baseline(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        char *p = malloc(lens[i] + 1);
        if (!p) {
            fails++;
            continue;
        }
        memcpy(p, urls[i], lens[i] + 1);
        ESCAPE(p);
        free(p);
    }
    return fails;
}

static size_t b_split(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        URL *u = SplitURL(urls[i]);
        if (!u)
            fails++;
        ESCAPE(u);
        FreeURL(u);
    }
    return fails;
}

static size_t b_codec(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        char *d = URLDecodeGeneric(paths[i]);
        char *e = d ? URLEncodePath(d) : NULL;
        if (!e)
            fails++;
        ESCAPE(e);
        free(d);
        free(e);
    }
    return fails;
}

static size_t b_hash(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        char *h = MakeHash(urls[i]);
        if (!h)
            fails++;
        ESCAPE(h);
        free(h);
    }
    return fails;
}

/* wwwurl_parse, then with `read_parts` every part with its length and the
 * port, then wwwurl_free. Inlined into both rows, so that the flag costs
 * neither. The get row less the parse row: what the thirteen reads cost. */
static inline size_t parse_rows(size_t a, size_t b, int read_parts) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        struct wwwurl_url *u = NULL;
        if (wwwurl_parse(NULL, urls[i], lens[i], &u) != WWWURL_OK)
            fails++;
        ESCAPE(u);
        for (wwwurl_part p = WWWURL_PART_NAME; read_parts && p <= WWWURL_PART_ORIGINAL_ARGS; p++) {
            size_t n;
            const char *s = wwwurl_get(u, p, &n);
            ESCAPE(s);
            ESCAPE(&n);
        }
        if (read_parts && wwwurl_port(u) < -1)
            fails++;
        wwwurl_free(u);
    }
    return fails;
}

static size_t b_parse(size_t a, size_t b) {
    return parse_rows(a, b, 0);
}

static size_t b_get(size_t a, size_t b) {
    return parse_rows(a, b, 1);
}

static size_t b_transcode(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        char buf[4096];
        size_t needed;
        if (wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, paths[i], plens[i], buf, sizeof buf,
                             &needed) != WWWURL_OK)
            fails++;
        ESCAPE(buf);
    }
    return fails;
}

/* The allocation-free counterpart of URLDecodeGeneric + URLEncodePath. */
static size_t b_transcode2(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        char dec[4096], enc[12288];
        size_t dn, en;
        if (wwwurl_transcode(WWWURL_CODEC_DECODE_GENERIC, paths[i], plens[i], dec, sizeof dec,
                             &dn) != WWWURL_OK ||
            wwwurl_transcode(WWWURL_CODEC_ENCODE_PATH, dec, dn - 1, enc, sizeof enc, &en) !=
                WWWURL_OK)
            fails++;
        ESCAPE(enc);
    }
    return fails;
}

/* The WHATWG parser: parse without a base, read the href, free. */
static size_t b_whatwg(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        struct wwwurl_whatwg *u = NULL;
        if (wwwurl_whatwg_parse(urls[i], lens[i], NULL, 0, &u) != WWWURL_OK) {
            fails++;
            continue;
        }
        size_t n;
        const char *href = wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, &n);
        ESCAPE(href);
        ESCAPE(&n);
        wwwurl_whatwg_free(u);
    }
    return fails;
}

/* The WHATWG parser: parse, read the hostname, pathname and search (views
 * into the handle), free. */
static size_t b_whatwg_parts(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        struct wwwurl_whatwg *u = NULL;
        if (wwwurl_whatwg_parse(urls[i], lens[i], NULL, 0, &u) != WWWURL_OK) {
            fails++;
            continue;
        }
        size_t n1, n2, n3;
        const char *host = wwwurl_whatwg_get(u, WWWURL_WHATWG_HOSTNAME, &n1);
        const char *path = wwwurl_whatwg_get(u, WWWURL_WHATWG_PATHNAME, &n2);
        const char *search = wwwurl_whatwg_get(u, WWWURL_WHATWG_SEARCH, &n3);
        ESCAPE(host);
        ESCAPE(path);
        ESCAPE(search);
        ESCAPE(&n1);
        ESCAPE(&n2);
        ESCAPE(&n3);
        wwwurl_whatwg_free(u);
    }
    return fails;
}

/* The bulk loop: one handle takes every URL (wwwurl_whatwg_parse_into),
 * its href read each time. */
static size_t b_whatwg_into(size_t a, size_t b) {
    size_t fails = 0;
    struct wwwurl_whatwg *u = NULL;
    if (wwwurl_whatwg_parse("x:", WWWURL_NUL_TERMINATED, NULL, 0, &u) != WWWURL_OK)
        return b - a;
    for (size_t i = a; i < b; i++) {
        if (wwwurl_whatwg_parse_into(u, urls[i], lens[i], NULL, 0) != WWWURL_OK) {
            fails++;
            continue;
        }
        size_t n;
        const char *href = wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, &n);
        ESCAPE(href);
        ESCAPE(&n);
    }
    wwwurl_whatwg_free(u);
    return fails;
}

#ifdef HAVE_ADA
/* ada's C API (ada_c.h), declared here: the static library comes from the
 * ada-url crate's build (bench/bench.mk). */
typedef void *ada_url;
typedef struct {
    const char *data;
    size_t length;
} ada_string;
ada_url ada_parse(const char *input, size_t length);
int ada_is_valid(ada_url result);
ada_string ada_get_href(ada_url result);
ada_string ada_get_hostname(ada_url result);
ada_string ada_get_pathname(ada_url result);
ada_string ada_get_search(ada_url result);
void ada_free(ada_url result);

/* ada's C API: parse, read the href, free. */
static size_t b_ada_href(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        ada_url u = ada_parse(urls[i], lens[i]);
        if (!ada_is_valid(u)) {
            fails++;
        } else {
            ada_string s = ada_get_href(u);
            ESCAPE(&s);
        }
        ada_free(u);
    }
    return fails;
}

/* ada's C API: parse, read the hostname, pathname and search, free. */
static size_t b_ada_parts(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        ada_url u = ada_parse(urls[i], lens[i]);
        if (!ada_is_valid(u)) {
            fails++;
        } else {
            ada_string h = ada_get_hostname(u), p = ada_get_pathname(u), s = ada_get_search(u);
            ESCAPE(&h);
            ESCAPE(&p);
            ESCAPE(&s);
        }
        ada_free(u);
    }
    return fails;
}
#endif

/* wwwurl_canonicalize under one profile, the result freed. */
static inline size_t canon_rows(size_t a, size_t b, const char *profile) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        char *out = NULL;
        if (wwwurl_canonicalize(NULL, profile, urls[i], lens[i], &out) != WWWURL_OK)
            fails++;
        ESCAPE(out);
        wwwurl_string_free(out);
    }
    return fails;
}
#define CANON(NAME, PROFILE)                        \
    static size_t b_canon_##NAME(size_t a, size_t b) { \
        return canon_rows(a, b, PROFILE);           \
    }
BENCH_PROFILES(CANON)

/* wwwurl_query_edit on each URL's query, the result freed. */
static inline size_t query_rows(size_t a, size_t b, wwwurl_query_op op) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        char *out = NULL;
        wwwurl_status st;
        if (op == WWWURL_QUERY_DELETE)
            st = wwwurl_query_edit(queries[i], qlens[i], op, qnames[i], qnlens[i], NULL, 0, &out);
        else if (op == WWWURL_QUERY_SORT)
            st = wwwurl_query_edit(queries[i], qlens[i], op, NULL, 0, NULL, 0, &out);
        else
            st = wwwurl_query_edit(queries[i], qlens[i], op, "utm_source", 10, "news letter",
                                   11, &out);
        if (st != WWWURL_OK)
            fails++;
        ESCAPE(out);
        wwwurl_string_free(out);
    }
    return fails;
}

static size_t b_qdelete(size_t a, size_t b) {
    return query_rows(a, b, WWWURL_QUERY_DELETE);
}

static size_t b_qsort(size_t a, size_t b) {
    return query_rows(a, b, WWWURL_QUERY_SORT);
}

static size_t b_qappend(size_t a, size_t b) {
    return query_rows(a, b, WWWURL_QUERY_APPEND);
}

/* wwwurl_nvs_key of each URL under a value with params and key-order. */
static size_t b_nvs(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        char *out = NULL;
        if (wwwurl_nvs_key(nvs, urls[i], lens[i], &out) != WWWURL_OK)
            fails++;
        ESCAPE(out);
        wwwurl_string_free(out);
    }
    return fails;
}

#ifdef HAVE_CURL
static size_t b_curl(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        CURLU *h = curl_url();
        char *host = NULL, *path = NULL;
        if (!h || curl_url_set(h, CURLUPART_URL, urls[i],
                               CURLU_NON_SUPPORT_SCHEME | CURLU_GUESS_SCHEME) != CURLUE_OK ||
            curl_url_get(h, CURLUPART_HOST, &host, 0) != CURLUE_OK ||
            curl_url_get(h, CURLUPART_PATH, &path, 0) != CURLUE_OK)
            fails++;
        ESCAPE(host);
        ESCAPE(path);
        curl_free(host);
        curl_free(path);
        curl_url_cleanup(h);
    }
    return fails;
}
#endif

#ifdef HAVE_URIPARSER
static size_t b_uriparser(size_t a, size_t b) {
    size_t fails = 0;
    for (size_t i = a; i < b; i++) {
        UriUriA uri;
        const char *err = NULL;
        if (uriParseSingleUriA(&uri, urls[i], &err) != URI_SUCCESS) {
            fails++; /* uriparser frees the members itself on failure */
            continue;
        }
        if (uriNormalizeSyntaxA(&uri) != URI_SUCCESS)
            fails++;
        ESCAPE(&uri);
        uriFreeUriMembersA(&uri);
    }
    return fails;
}
#endif

typedef struct bench_fn {
    const char *name;  /* for --only and --callgrind */
    const char *label; /* for the table */
    pass_fn fn;
} bench_fn;

static const bench_fn fns[] = {
    {"baseline", "malloc+memcpy+free (baseline)", b_baseline},
    {"split", "SplitURL+FreeURL", b_split},
    {"codec", "URLDecodeGeneric+URLEncodePath (path)", b_codec},
    {"hash", "MakeHash", b_hash},
    {"parse", "wwwurl_parse+wwwurl_free", b_parse},
    {"get", "wwwurl_parse+12 get+port+free", b_get},
    {"transcode", "wwwurl_transcode ENCODE_PATH (path)", b_transcode},
    {"transcode2", "wwwurl_transcode DECODE+ENCODE (path)", b_transcode2},
    {"whatwg", "wwwurl_whatwg_parse+get HREF+free", b_whatwg},
    {"whatwg_parts", "wwwurl_whatwg_parse+get HOSTNAME,PATHNAME,SEARCH+free", b_whatwg_parts},
    {"whatwg_into", "wwwurl_whatwg_parse_into (one handle)+get HREF", b_whatwg_into},
#ifdef HAVE_ADA
    {"ada_href", "ada_parse+ada_get_href+ada_free (C API)", b_ada_href},
    {"ada_parts", "ada_parse+hostname,pathname,search+ada_free", b_ada_parts},
#endif
#define CANON_ROW(NAME, PROFILE) {"canon_" PROFILE, "wwwurl_canonicalize " PROFILE, b_canon_##NAME},
    BENCH_PROFILES(CANON_ROW)
    {"qdelete", "wwwurl_query_edit DELETE first name", b_qdelete},
    {"qsort", "wwwurl_query_edit SORT", b_qsort},
    {"qappend", "wwwurl_query_edit APPEND", b_qappend},
    {"nvs", "wwwurl_nvs_key (params, key-order)", b_nvs},
#ifdef HAVE_CURL
    {"curl", "curl_url set+get host,path+cleanup", b_curl},
#endif
#ifdef HAVE_URIPARSER
    {"uriparser", "uriParseSingleUriA+Normalize+Free", b_uriparser},
#endif
};
#define N_FNS (sizeof fns / sizeof fns[0])

/* ---- timing -------------------------------------------------------------- */

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct result {
    double min, median;
    size_t fails; /* failed calls in one pass over the corpus */
} result;

static result time_fn(pass_fn fn, int rounds, double min_ns) {
    double *per = malloc((size_t)rounds * sizeof *per);
    result r = {0, 0, 0};
    if (!per) {
        fprintf(stderr, "bench: out of memory\n");
        exit(2);
    }
    r.fails = fn(0, n_urls); /* warm-up pass; also counts failures */
    for (int k = 0; k < rounds; k++) {
        size_t passes = 0;
        double t0 = now_ns(), t;
        do {
            fn(0, n_urls);
            passes++;
            t = now_ns() - t0;
        } while (t < min_ns);
        per[k] = t / ((double)passes * (double)n_urls);
    }
    qsort(per, (size_t)rounds, sizeof *per, cmp_double);
    r.min = per[0];
    r.median = rounds % 2 ? per[rounds / 2] : (per[rounds / 2 - 1] + per[rounds / 2]) / 2;
    free(per);
    return r;
}

/* ---- main ---------------------------------------------------------------- */

static void usage(void) {
    fprintf(stderr,
            "usage: bench [--rounds N] [--min-time SECONDS] [--only NAME[,NAME...]] CORPUS\n"
            "       bench --callgrind NAME [--count N] [--dry] CORPUS\n"
            "       bench --list\n");
    exit(2);
}

static int selected(const char *only, const char *name) {
    if (!only)
        return 1;
    size_t n = strlen(name);
    for (const char *p = only; *p;) {
        size_t m = strcspn(p, ",");
        if (m == n && strncmp(p, name, n) == 0)
            return 1;
        p += m;
        if (*p == ',')
            p++;
    }
    return 0;
}

static const bench_fn *find_fn(const char *name) {
    for (size_t i = 0; i < N_FNS; i++)
        if (strcmp(fns[i].name, name) == 0)
            return &fns[i];
    return NULL;
}

int main(int argc, char **argv) {
    int rounds = 5;
    double min_time = 0.5;
    const char *only = NULL, *cg = NULL, *corpus = NULL;
    long count = 2000;
    int dry = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--list") == 0) {
            for (size_t k = 0; k < N_FNS; k++)
                printf("%s\n", fns[k].name);
            return 0;
        } else if (strcmp(a, "--has-callgrind-macros") == 0) {
            printf("%d\n", CG_MACROS);
            return 0;
        } else if (strcmp(a, "--rounds") == 0 && i + 1 < argc) {
            rounds = atoi(argv[++i]);
        } else if (strcmp(a, "--min-time") == 0 && i + 1 < argc) {
            min_time = atof(argv[++i]);
        } else if (strcmp(a, "--only") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (strcmp(a, "--callgrind") == 0 && i + 1 < argc) {
            cg = argv[++i];
        } else if (strcmp(a, "--dry") == 0) {
            dry = 1;
        } else if (strcmp(a, "--count") == 0 && i + 1 < argc) {
            count = atol(argv[++i]);
        } else if (a[0] == '-' && a[1] != '\0') {
            usage();
        } else if (!corpus) {
            corpus = a;
        } else {
            usage();
        }
    }
    if (!corpus || rounds < 1 || min_time < 0 || count < 1)
        usage();

#ifdef HAVE_CURL
    curl_global_init(CURL_GLOBAL_DEFAULT);
#endif
    load_corpus(corpus);

    if (cg) {
        const bench_fn *f = find_fn(cg);
        if (!f) {
            fprintf(stderr, "bench: unknown function %s (see --list)\n", cg);
            return 2;
        }
        size_t n = (size_t)count < n_urls ? (size_t)count : n_urls;
        prepare_paths(n);
        prepare_queries(n);
        size_t fails = 0, bytes = 0;
        for (size_t i = 0; i < n; i++)
            bytes += lens[i];
        f->fn(0, 1); /* the first call, outside the region */
        if (!dry) {
            CG_START();
            fails = f->fn(0, n);
            CG_STOP();
        }
        printf("callgrind %s: %zu URLs, %zu bytes%s, %zu failed calls, macros %s\n", cg, n, bytes,
               dry ? " (dry run: set-up only)" : "", fails, CG_MACROS ? "yes" : "no");
        return 0;
    }

    prepare_paths(n_urls);
    prepare_queries(n_urls);
    size_t bytes = 0;
    for (size_t i = 0; i < n_urls; i++)
        bytes += lens[i];
    printf("corpus: %s: %zu URLs, %.1f bytes/URL on average\n", corpus, n_urls,
           (double)bytes / (double)n_urls);
    printf("libwwwurl %s; paths for the codecs from %s\n", wwwurl_version(),
           paths_from_split ? "SplitURL" : "a hand cut (SplitURL returned NULL)");
#ifdef HAVE_CURL
    printf("peer: %s\n", curl_version());
#endif
#ifdef HAVE_URIPARSER
    printf("peer: uriparser %s\n", URI_VER_ANSI);
#endif
    printf("URLs with a query (the query-edit rows): %zu of %zu\n", n_with_query, n_urls);
    printf("%d rounds of >= %.2f s each\n\n", rounds, min_time);

    result res[N_FNS];
    int done[N_FNS] = {0};
    for (size_t k = 0; k < N_FNS; k++) {
        if (!selected(only, fns[k].name))
            continue;
        res[k] = time_fn(fns[k].fn, rounds, min_time * 1e9);
        done[k] = 1;
    }

    double ref = done[1] ? res[1].min : 0;
    printf("%-40s %10s %10s %8s %10s %s\n", "function", "min ns/URL", "median", "M URL/s",
           "/SplitURL", "failed/pass");
    for (size_t k = 0; k < N_FNS; k++) {
        if (!done[k])
            continue;
        char ratio[32] = "-";
        if (ref > 0)
            snprintf(ratio, sizeof ratio, "%.2f", res[k].min / ref);
        printf("%-40s %10.1f %10.1f %8.2f %10s %zu%s\n", fns[k].label, res[k].min, res[k].median,
               1e3 / res[k].min, ratio, res[k].fails,
               res[k].fails == n_urls ? " (every call failed)" : "");
    }
    if (done[1] && res[1].fails)
        printf("\nnote: SplitURL returned NULL %zu times of %zu: its figures and the ratios "
               "time the caught internal error, not a split.\n",
               res[1].fails, n_urls);
    return 0;
}
