/* Differential test against libpsl (Debian libpsl-dev), both loading the
 * same list file: the registrable domain and the public suffix of each
 * host, with both sections of the list and with the ICANN one alone.
 *
 *   diff_libpsl LIST CORPUS
 *
 * Hosts: every rule of LIST (`*` made a label, `!` dropped) with nothing,
 * one and two labels before it, in the list's form and in A-labels (made
 * by wwwurl's WHATWG parser); 300,000 random hosts of one to five labels
 * drawn from the list's labels and a few others (a fixed-seed generator:
 * the same hosts on every run, but not ones written down anywhere); and the
 * host of every URL of CORPUS. All lower case, as libpsl wants them. Left
 * out, as the two libraries define them differently: hosts whose last
 * label is a number (IP addresses to wwwurl, no answer) and hosts with an
 * empty label.
 *
 * libpsl's answers: psl_registrable_domain and psl_unregistrable_domain
 * for both sections; for the ICANN one, the longest suffix of the host
 * that psl_is_public_suffix2(PSL_TYPE_ICANN) calls a public suffix, and
 * the label before it.
 *
 * One class of disagreement is expected and counted apart: libpsl takes
 * the parent of a wildcard rule for a public suffix (`*.kobe.jp` makes
 * `kobe.jp` one for libpsl), where the list's algorithm, which wwwurl and
 * the URL Standard follow, matches `*.kobe.jp` only on three labels: with
 * only `jp` matching, `kobe.jp` is a registrable domain. A host is in that
 * class when libpsl's public suffix X is longer than wwwurl's and `*.X` is
 * a rule (wwwurl finds `wild.X` a public suffix). Every other
 * disagreement fails the test (exit 1), the first ones printed. */
#define _POSIX_C_SOURCE 200809L

#include <libpsl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wwwurl.h"

#define NT WWWURL_NUL_TERMINATED

static const wwwurl_psl *ours;
static psl_ctx_t *theirs;
static unsigned long checked, differ, wildcard_parents;

static char *slurp(const char *file, size_t *size)
{
    FILE *f = fopen(file, "rb");
    size_t cap = 1 << 20, len = 0, got;
    char *buf = malloc(cap);
    if (!f || !buf) {
        fprintf(stderr, "diff_libpsl: cannot read %s\n", file);
        exit(2);
    }
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len - 1 == 0 && !(buf = realloc(buf, cap *= 2))) {
            fprintf(stderr, "diff_libpsl: out of memory\n");
            exit(2);
        }
    }
    fclose(f);
    buf[len] = '\0';
    *size = len;
    return buf;
}

/* Where the public suffix of `host` starts by the ICANN section, libpsl's
 * way: the longest suffix that is a public suffix. */
static size_t libpsl_icann_suffix(const char *host)
{
    const char *p = host;
    for (;;) {
        if (psl_is_public_suffix2(theirs, p, PSL_TYPE_ICANN))
            return (size_t)(p - host);
        p = strchr(p, '.');
        if (!p)
            return strlen(host);
        p++;
    }
}

/* The label before the suffix at `s`, or -1 if there is none. */
static long label_before(const char *host, size_t s)
{
    size_t i;
    if (s == 0)
        return -1;
    for (i = s - 1; i > 0; i--)
        if (host[i - 1] == '.')
            return (long)i;
    return 0;
}

static void report(const char *what, const char *host, long want, long got)
{
    if (++differ <= 30)
        printf("differ: %s of \"%s\": libpsl %ld, wwwurl %ld\n", what, host, want, got);
}

static long our(int suffix, const char *host, uint32_t flags)
{
    size_t start = 0;
    int st = suffix ? wwwurl_psl_public_suffix(ours, host, NT, flags, &start)
                    : wwwurl_psl_registrable_domain(ours, host, NT, flags, &start);
    return st == WWWURL_OK ? (long)start : -1;
}

static int comparable(const char *host)
{
    const char *last = strrchr(host, '.');
    size_t n = strlen(host);
    last = last ? last + 1 : host;
    if (n == 0 || host[0] == '.' || host[n - 1] == '.' || strstr(host, ".."))
        return 0;
    if (strspn(last, "0123456789") == strlen(last))
        return 0;
    return 1;
}

/* Whether libpsl's public suffix of `host`, at `theirs_at`, is the
 * parent of a wildcard rule that the list's algorithm does not make one. */
static int wildcard_parent(const char *host, long theirs_at, uint32_t flags)
{
    char probe[2048];
    long ours_at = our(1, host, flags);
    if (theirs_at < 0 || ours_at <= theirs_at)
        return 0;
    snprintf(probe, sizeof probe, "wild.%s", host + theirs_at);
    return our(1, probe, flags) == 0;
}

static void compare(const char *host)
{
    const char *r, *u;
    long want, got;
    size_t icann;
    if (!comparable(host))
        return;
    checked++;
    u = psl_unregistrable_domain(theirs, host);
    icann = libpsl_icann_suffix(host);
    if (wildcard_parent(host, u ? (long)(u - host) : -1, 0) ||
        wildcard_parent(host, (long)icann, WWWURL_PSL_ICANN)) {
        wildcard_parents++;
        return;
    }
    r = psl_registrable_domain(theirs, host);
    want = r ? (long)(r - host) : -1;
    if ((got = our(0, host, 0)) != want)
        report("registrable domain", host, want, got);
    want = u ? (long)(u - host) : -1;
    if ((got = our(1, host, 0)) != want)
        report("public suffix", host, want, got);
    if ((got = our(1, host, WWWURL_PSL_ICANN)) != (long)icann)
        report("ICANN public suffix", host, (long)icann, got);
    want = label_before(host, icann);
    if ((got = our(0, host, WWWURL_PSL_ICANN)) != want)
        report("ICANN registrable domain", host, want, got);
}

/* `host` and its A-label form, by wwwurl's WHATWG parser. */
static void compare_forms(const char *host)
{
    char url[1024];
    wwwurl_whatwg *u = NULL;
    compare(host);
    snprintf(url, sizeof url, "http://%s/", host);
    if (wwwurl_whatwg_parse(url, NT, NULL, 0, &u) == WWWURL_OK) {
        char a[1024];
        if (wwwurl_whatwg_get_buf(u, WWWURL_WHATWG_HOSTNAME, a, sizeof a, NULL) == WWWURL_OK &&
            strcmp(a, host) != 0)
            compare(a);
    }
    wwwurl_whatwg_free(u);
}

static char **labels;
static size_t n_labels, cap_labels;

static void add_label(const char *p, size_t n)
{
    if (n_labels == cap_labels) {
        cap_labels = cap_labels ? 2 * cap_labels : 4096;
        labels = realloc(labels, cap_labels * sizeof *labels);
        if (!labels)
            exit(2);
    }
    labels[n_labels] = malloc(n + 1);
    if (!labels[n_labels])
        exit(2);
    memcpy(labels[n_labels], p, n);
    labels[n_labels++][n] = '\0';
}

static void every_rule(char *text)
{
    static const char *const before[] = {"", "x.", "y.x."};
    char *save = NULL, *line;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char host[600];
        size_t n = strcspn(line, " \t\r"), j, k, o, start;
        if (n == 0 || (line[0] == '/' && line[1] == '/'))
            continue;
        if (line[0] == '!')
            line++, n--;
        for (k = 0; k < 3; k++) {
            o = (size_t)snprintf(host, sizeof host, "%s", before[k]);
            for (j = 0; j < n && o + 5 < sizeof host; j++) {
                if (line[j] == '*') {
                    memcpy(host + o, "wild", 4);
                    o += 4;
                } else {
                    host[o++] = line[j];
                }
            }
            host[o] = '\0';
            compare_forms(host);
        }
        for (start = 0, j = 0; j <= n; j++)
            if (j == n || line[j] == '.') {
                if (j > start && !(j - start == 1 && line[start] == '*'))
                    add_label(line + start, j - start);
                start = j + 1;
            }
    }
}

static void random_hosts(unsigned long count)
{
    static const char *const extra[] = {"www", "example", "a-b", "q", "xn--85x722f", "shishi"};
    unsigned long long s = 0x2545f4914f6cdd1dULL;
    unsigned long i;
    size_t k;
    for (k = 0; k < sizeof extra / sizeof extra[0]; k++)
        add_label(extra[k], strlen(extra[k]));
    for (i = 0; i < count; i++) {
        char host[2048];
        size_t o = 0, n, j;
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        n = 1 + (size_t)(s % 5);
        for (j = 0; j < n; j++) {
            const char *l;
            s ^= s << 13, s ^= s >> 7, s ^= s << 17;
            l = labels[(size_t)(s >> 11) % n_labels];
            o += (size_t)snprintf(host + o, sizeof host - o, "%s%s", j ? "." : "", l);
        }
        compare(host);
    }
}

static void corpus_hosts(char *text)
{
    char *save = NULL, *line;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char host[1024];
        const char *p = strstr(line, "://"), *at;
        size_t n, i;
        if (!p)
            continue;
        p += 3;
        n = strcspn(p, "/?#\r");
        at = memchr(p, '@', n);
        if (at) {
            n -= (size_t)(at + 1 - p);
            p = at + 1;
        }
        if (*p == '[')
            continue;
        n = strcspn(p, ":/?#\r") < n ? strcspn(p, ":/?#\r") : n;
        if (n == 0 || n >= sizeof host)
            continue;
        for (i = 0; i < n; i++)
            host[i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] + 32 : p[i]);
        host[n] = '\0';
        compare(host);
    }
}

int main(int argc, char **argv)
{
    size_t size;
    char *text, *copy;
    wwwurl_psl *loaded = NULL;
    unsigned long rules, rnd, corpus;

    if (argc != 3) {
        fprintf(stderr, "usage: diff_libpsl LIST CORPUS\n");
        return 2;
    }
    text = slurp(argv[1], &size);
    copy = malloc(size + 1);
    if (!copy)
        return 2;
    memcpy(copy, text, size + 1);
    if (wwwurl_psl_load(text, size, &loaded) != WWWURL_OK) {
        fprintf(stderr, "diff_libpsl: wwwurl_psl_load refused %s\n", argv[1]);
        return 1;
    }
    ours = loaded;
    theirs = psl_load_file(argv[1]);
    if (!theirs) {
        fprintf(stderr, "diff_libpsl: psl_load_file refused %s\n", argv[1]);
        return 1;
    }
    printf("libpsl %s, list %s (%d rules by libpsl)\n", psl_get_version(), argv[1],
           psl_suffix_count(theirs));
    every_rule(copy);
    rules = checked;
    random_hosts(300000);
    rnd = checked - rules;
    free(text);
    text = slurp(argv[2], &size);
    corpus_hosts(text);
    corpus = checked - rules - rnd;
    printf("hosts compared: %lu made from the rules, %lu random, %lu of the corpus; 4 answers "
           "each\n",
           rules, rnd, corpus);
    printf("parents of wildcard rules (libpsl: a public suffix; the list's algorithm: not): "
           "%lu hosts\n",
           wildcard_parents);
    printf("diff_libpsl: %lu passed, %lu failed\n", 4 * (checked - wildcard_parents) - differ,
           differ);
    free(text);
    free(copy);
    wwwurl_psl_free(loaded);
    psl_free(theirs);
    return differ ? 1 : 0;
}
