/* Registrable domains per second and instructions per lookup: wwwurl's
 * Public Suffix List through the C ABI (the built-in list, and the same
 * list loaded at run time), libpsl (the same list file loaded, and its own
 * built-in list) and the `psl` crate (its list compiled into code, through
 * bench/psl-peer, a shared library), side by side on the same hosts.
 *
 *   psl-bench CORPUS                     time every row, print a table
 *   psl-bench --only NAME[,NAME] CORPUS  some rows only
 *   psl-bench --callgrind NAME [--count N] [--dry] CORPUS
 *                                        one pass over the first N hosts
 *                                        (default 2000) for callgrind
 *   psl-bench --list                     the row names
 *
 * CORPUS is one URL or host a line (tests/corpus/kasztp.txt: each URL's
 * host, cut by hand), or a list file (a name ending in `.dat`): then one
 * host per rule, made from the rule (`*` becomes a label, `!` goes) with
 * nothing, `www.` or `a.b.` before it in turn, in an order shuffled with a
 * fixed seed. Hosts are lower-cased first, as libpsl and the psl crate
 * want them. The list every row that loads one loads is $PSL_LIST
 * (default data/psl/public_suffix_list.dat). The interface is
 * bench/bench.c's, so that bench/callgrind.sh runs it.
 *
 * Build: see mk/psl.mk (C99 + POSIX, -O2, libwwwurl.a, -lpsl, and
 * -DHAVE_PSL_CRATE with bench/psl-peer's libpsl_peer.so). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <libpsl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wwwurl.h"

#include "measure.h"

#ifdef HAVE_PSL_CRATE
int psl_crate_registrable_domain(const char *host, size_t len, size_t *start);
#endif

static char **hosts;
static size_t *lens;
static size_t n_hosts;
static wwwurl_psl *loaded;
static psl_ctx_t *libpsl_loaded;
static const psl_ctx_t *libpsl_builtin;

static void die(const char *what)
{
    fprintf(stderr, "psl-bench: %s\n", what);
    exit(2);
}

static char *slurp(const char *file, size_t *size)
{
    FILE *f = fopen(file, "rb");
    size_t cap = 1 << 20, len = 0, got;
    char *buf = malloc(cap);
    if (!f) {
        fprintf(stderr, "psl-bench: %s: %s\n", file, strerror(errno));
        exit(2);
    }
    while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len - 1 == 0)
            buf = realloc(buf, cap *= 2);
    }
    if (!buf)
        die("out of memory");
    fclose(f);
    buf[len] = '\0';
    *size = len;
    return buf;
}

static void add_host(const char *p, size_t n)
{
    static size_t cap;
    size_t i;
    if (n_hosts == cap) {
        cap = cap ? 2 * cap : 1024;
        hosts = realloc(hosts, cap * sizeof *hosts);
        lens = realloc(lens, cap * sizeof *lens);
        if (!hosts || !lens)
            die("out of memory");
    }
    hosts[n_hosts] = malloc(n + 1);
    if (!hosts[n_hosts])
        die("out of memory");
    for (i = 0; i < n; i++)
        hosts[n_hosts][i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] + 32 : p[i]);
    hosts[n_hosts][n] = '\0';
    lens[n_hosts++] = n;
}

/* The host of a URL: after `//` and any userinfo, up to a port, path,
 * query or fragment; the line itself when it has no `://`. */
static void host_of(const char *line, size_t n)
{
    const char *p = strstr(line, "://"), *e, *at;
    if (!p) {
        add_host(line, n);
        return;
    }
    p += 3;
    e = p + strcspn(p, "/?#");
    at = memchr(p, '@', (size_t)(e - p));
    if (at)
        p = at + 1;
    if (*p == '[') {
        const char *b = memchr(p, ']', (size_t)(e - p));
        e = b ? b + 1 : e;
    } else {
        const char *c = memchr(p, ':', (size_t)(e - p));
        e = c ? c : e;
    }
    if (e > p)
        add_host(p, (size_t)(e - p));
}

/* One host per rule of a list file, then shuffled (a fixed-seed LCG). */
static void hosts_of_rules(char *text)
{
    static const char *const before[] = {"", "www.", "a.b."};
    char *save = NULL, *line, buf[600];
    size_t k = 0, i;
    unsigned long long seed = 0x9e3779b97f4a7c15ULL;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        size_t n = strcspn(line, " \t\r"), j, o;
        if (n == 0 || (line[0] == '/' && line[1] == '/'))
            continue;
        if (line[0] == '!')
            line++, n--;
        o = (size_t)snprintf(buf, sizeof buf, "%s", before[k++ % 3]);
        for (j = 0; j < n && o + 2 < sizeof buf; j++) {
            if (line[j] == '*')
                buf[o++] = 'x';
            else
                buf[o++] = line[j];
        }
        add_host(buf, o);
    }
    for (i = n_hosts; i > 1; i--) {
        size_t j;
        char *h;
        size_t l;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        j = (size_t)(seed >> 33) % i;
        h = hosts[i - 1], hosts[i - 1] = hosts[j], hosts[j] = h;
        l = lens[i - 1], lens[i - 1] = lens[j], lens[j] = l;
    }
}

static void load_corpus(const char *file)
{
    size_t size, n = strlen(file);
    char *text = slurp(file, &size), *p = text;
    if (n > 4 && strcmp(file + n - 4, ".dat") == 0) {
        hosts_of_rules(text);
    } else {
        while (*p) {
            size_t len = strcspn(p, "\r\n");
            char save = p[len];
            p[len] = '\0';
            if (len)
                host_of(p, len);
            p[len] = save;
            p += len;
            p += strspn(p, "\r\n");
        }
    }
    free(text);
    if (n_hosts == 0)
        die("no host");
}

static void load_lists(void)
{
    const char *file = getenv("PSL_LIST");
    size_t size;
    char *text;
    if (!file || !*file)
        file = "data/psl/public_suffix_list.dat";
    text = slurp(file, &size);
    if (wwwurl_psl_load(text, size, &loaded) != WWWURL_OK)
        die("wwwurl_psl_load failed");
    free(text);
    libpsl_loaded = psl_load_file(file);
    libpsl_builtin = psl_builtin();
    if (!libpsl_loaded)
        die("psl_load_file failed");
}

/* ---- the rows: each does one pass over hosts [a, b), giving the misses -- */

typedef size_t (*pass_fn)(size_t a, size_t b);

static inline size_t wwwurl_rows(const wwwurl_psl *psl, size_t a, size_t b)
{
    size_t none = 0, i;
    for (i = a; i < b; i++) {
        size_t start = 0;
        if (wwwurl_psl_registrable_domain(psl, hosts[i], lens[i], 0, &start) != WWWURL_OK)
            none++;
        ESCAPE(&start);
    }
    return none;
}

static size_t b_builtin(size_t a, size_t b)
{
    return wwwurl_rows(wwwurl_psl_builtin(), a, b);
}

static size_t b_loaded(size_t a, size_t b)
{
    return wwwurl_rows(loaded, a, b);
}

static size_t b_loaded_icann(size_t a, size_t b)
{
    size_t none = 0, i;
    for (i = a; i < b; i++) {
        size_t start = 0;
        if (wwwurl_psl_registrable_domain(loaded, hosts[i], lens[i], WWWURL_PSL_ICANN, &start) !=
            WWWURL_OK)
            none++;
        ESCAPE(&start);
    }
    return none;
}

static inline size_t libpsl_rows(const psl_ctx_t *psl, size_t a, size_t b)
{
    size_t none = 0, i;
    for (i = a; i < b; i++) {
        const char *r = psl_registrable_domain(psl, hosts[i]);
        if (!r)
            none++;
        ESCAPE(r);
    }
    return none;
}

static size_t b_libpsl(size_t a, size_t b)
{
    return libpsl_rows(libpsl_loaded, a, b);
}

static size_t b_libpsl_builtin(size_t a, size_t b)
{
    return libpsl_rows(libpsl_builtin, a, b);
}

#ifdef HAVE_PSL_CRATE
static size_t b_psl_crate(size_t a, size_t b)
{
    size_t none = 0, i;
    for (i = a; i < b; i++) {
        size_t start = 0;
        if (psl_crate_registrable_domain(hosts[i], lens[i], &start) != 0)
            none++;
        ESCAPE(&start);
    }
    return none;
}
#endif

typedef struct row {
    const char *name, *label;
    pass_fn fn;
} row;

static const row rows[] = {
    {"wwwurl_builtin", "wwwurl, built-in list", b_builtin},
    {"wwwurl_loaded", "wwwurl, the list loaded", b_loaded},
    {"wwwurl_icann", "wwwurl, the list loaded, ICANN only", b_loaded_icann},
    {"libpsl", "libpsl, the list loaded", b_libpsl},
    {"libpsl_builtin", "libpsl, its built-in list", b_libpsl_builtin},
#ifdef HAVE_PSL_CRATE
    {"psl_crate", "psl crate, its compiled list", b_psl_crate},
#endif
};
#define N_ROWS (sizeof rows / sizeof rows[0])

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int selected(const char *only, const char *name)
{
    size_t n = strlen(name);
    const char *p = only;
    if (!only)
        return 1;
    while (*p) {
        size_t m = strcspn(p, ",");
        if (m == n && strncmp(p, name, n) == 0)
            return 1;
        p += m + (p[m] == ',');
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *only = NULL, *cg = NULL, *corpus = NULL;
    long count = 2000;
    int dry = 0, i;
    size_t k;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--list") == 0) {
            for (k = 0; k < N_ROWS; k++)
                printf("%s\n", rows[k].name);
            return 0;
        } else if (strcmp(a, "--has-callgrind-macros") == 0) {
            printf("%d\n", CG_MACROS);
            return 0;
        } else if (strcmp(a, "--only") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (strcmp(a, "--callgrind") == 0 && i + 1 < argc) {
            cg = argv[++i];
        } else if (strcmp(a, "--count") == 0 && i + 1 < argc) {
            count = atol(argv[++i]);
        } else if (strcmp(a, "--dry") == 0) {
            dry = 1;
        } else if (a[0] != '-' && !corpus) {
            corpus = a;
        } else {
            fprintf(stderr, "usage: psl-bench [--only NAMES] [--callgrind NAME [--count N] "
                            "[--dry]] CORPUS | --list\n");
            return 2;
        }
    }
    if (!corpus || count < 1)
        die("no corpus");
    load_corpus(corpus);
    load_lists();

    if (cg) {
        size_t n = (size_t)count < n_hosts ? (size_t)count : n_hosts, bytes = 0, none = 0;
        const row *r = NULL;
        for (k = 0; k < N_ROWS; k++)
            if (strcmp(rows[k].name, cg) == 0)
                r = &rows[k];
        if (!r)
            die("unknown row (see --list)");
        for (k = 0; k < n; k++)
            bytes += lens[k];
        r->fn(0, 1);
        if (!dry) {
            CG_START();
            none = r->fn(0, n);
            CG_STOP();
        }
        printf("callgrind %s: %zu URLs, %zu bytes%s, %zu without a registrable domain, macros %s\n",
               cg, n, bytes, dry ? " (dry run)" : "", none, CG_MACROS ? "yes" : "no");
        return 0;
    }

    printf("hosts: %zu from %s; list %s; libpsl %s\n", n_hosts, corpus,
           getenv("PSL_LIST") ? getenv("PSL_LIST") : "data/psl/public_suffix_list.dat",
           psl_get_version());
    printf("%-40s %10s %10s %s\n", "row", "ns/host", "M hosts/s", "without");
    for (k = 0; k < N_ROWS; k++) {
        double best = 1e30;
        size_t none = 0;
        int round;
        if (!selected(only, rows[k].name))
            continue;
        none = rows[k].fn(0, n_hosts);
        for (round = 0; round < 5; round++) {
            double t0 = now_ns(), t;
            size_t passes = 0;
            do {
                rows[k].fn(0, n_hosts);
                passes++;
                t = now_ns() - t0;
            } while (t < 3e8);
            if (t / (double)(passes * n_hosts) < best)
                best = t / (double)(passes * n_hosts);
        }
        printf("%-40s %10.1f %10.2f %zu\n", rows[k].label, best, 1e3 / best, none);
    }
    wwwurl_psl_free(loaded);
    psl_free(libpsl_loaded);
    return 0;
}
