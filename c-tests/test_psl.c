/* The Public Suffix List through the C ABI: the list project's own tests
 * (tests/psl/test_psl.txt, next to the vectors directory given on the
 * command line) against the built-in list and against the repository's
 * copy of the list loaded at run time (data/psl/public_suffix_list.dat);
 * both sections and the ICANN one, both label forms, hosts without an
 * answer; the URL Standard's table (url.bs section 3.2) on WHATWG URLs and
 * same site; what is not a list; and threads that look hosts up while
 * another swaps newer lists in as the header says (release/acquire, the
 * old list freed once every reader has passed it). A missing file fails. */
#include "harness.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NT WWWURL_NUL_TERMINATED

/* Reads DIR/REL whole, NUL-terminated; NULL on failure (which fails g). */
static char *read_file(hgroup *g, const char *dir, const char *rel, size_t *len)
{
    char path[4096];
    FILE *f;
    long size;
    char *text = NULL;

    snprintf(path, sizeof path, "%s/%s", dir, rel);
    f = fopen(path, "rb");
    h_case_begin(g, NULL, NULL);
    if (f && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        text = malloc((size_t)size + 1);
        if (text && fread(text, 1, (size_t)size, f) == (size_t)size) {
            text[size] = '\0';
            *len = (size_t)size;
        } else {
            free(text);
            text = NULL;
        }
    }
    if (f)
        fclose(f);
    CHECK(g, "read the file", path, text != NULL);
    h_case_end(g);
    return text;
}

/* The registrable domain of `host` as a string ("" for none), lower-cased as
 * the list project's tests write it. */
static void answer(const wwwurl_psl *psl, const char *host, uint32_t flags, int suffix, char *out,
                   size_t cap, int *status)
{
    size_t start = (size_t)-1, i, n;
    int st = suffix ? wwwurl_psl_public_suffix(psl, host, NT, flags, &start)
                    : wwwurl_psl_registrable_domain(psl, host, NT, flags, &start);
    *status = st;
    out[0] = '\0';
    if (st != WWWURL_OK)
        return;
    n = strlen(host + start);
    for (i = 0; i < n && i + 1 < cap; i++) {
        char c = host[start + i];
        out[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    out[i] = '\0';
}

/* checkPublicSuffix('input', 'expected') of test_psl.txt against `psl`. */
static void project_tests(hgroup *g, const char *dir, const wwwurl_psl *psl)
{
    size_t len = 0;
    char *text = read_file(g, dir, "../psl/test_psl.txt", &len), *line, *save = NULL;
    int cases = 0;

    if (!text)
        return;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char in[256], want[256], got[256];
        int st;
        if (sscanf(line, "checkPublicSuffix('%255[^']', '%255[^']');", in, want) != 2) {
            if (sscanf(line, "checkPublicSuffix('%255[^']', null);", in) != 1)
                continue;
            want[0] = '\0';
        }
        h_case_begin(g, NULL, NULL);
        answer(psl, in, 0, 0, got, sizeof got, &st);
        CHECK_CSTR(g, "wwwurl_psl_registrable_domain", in, want, got);
        CHECK_STATUS(g, "its status", in, want[0] ? WWWURL_OK : WWWURL_ERR_NO_DOMAIN, st);
        h_case_end(g);
        cases++;
    }
    h_case_begin(g, NULL, NULL);
    /* 78 cases less the null input, which C cannot write as a string. */
    CHECK_INT(g, "cases of test_psl.txt", NULL, 77, cases);
    h_case_end(g);
    free(text);
}

static wwwurl_psl *load_list(hgroup *g, const char *dir)
{
    size_t len = 0;
    char *text = read_file(g, dir, "../../data/psl/public_suffix_list.dat", &len);
    wwwurl_psl *psl = NULL;
    if (!text)
        return NULL;
    h_case_begin(g, NULL, NULL);
    CHECK_STATUS(g, "wwwurl_psl_load", "public_suffix_list.dat", WWWURL_OK,
                 wwwurl_psl_load(text, len, &psl));
    h_case_end(g);
    free(text);
    return psl;
}

static void t_project_builtin(hgroup *g, const char *dir)
{
    project_tests(g, dir, wwwurl_psl_builtin());
}

static void t_project_loaded(hgroup *g, const char *dir)
{
    wwwurl_psl *psl = load_list(g, dir);
    if (psl)
        project_tests(g, dir, psl);
    wwwurl_psl_free(psl);
}

/* host, flags, registrable domain, public suffix ("-" for WWWURL_ERR_NO_DOMAIN) */
static const char *const cases[][4] = {
    {"www.example.co.uk", "", "example.co.uk", "co.uk"},
    {"WWW.Example.CO.UK", "", "Example.CO.UK", "CO.UK"},
    {"x.whatwg.github.io", "", "whatwg.github.io", "github.io"},
    {"x.whatwg.github.io", "icann", "github.io", "io"},
    {"github.io", "", "-", "github.io"},
    {"github.io", "icann", "github.io", "io"},
    {"www.example.com.", "", "example.com.", "com."},
    {"a.b.c.kobe.jp", "", "b.c.kobe.jp", "c.kobe.jp"},
    {"www.city.kobe.jp", "", "city.kobe.jp", "kobe.jp"},
    {"www.\xe9\xa3\x9f\xe7\x8b\xae.\xe5\x85\xac\xe5\x8f\xb8.cn", "",
     "\xe9\xa3\x9f\xe7\x8b\xae.\xe5\x85\xac\xe5\x8f\xb8.cn", "\xe5\x85\xac\xe5\x8f\xb8.cn"},
    {"www.xn--85x722f.xn--55qx5d.cn", "", "xn--85x722f.xn--55qx5d.cn", "xn--55qx5d.cn"},
    {"www.xn--85x722f.XN--55QX5D.cn", "", "xn--85x722f.XN--55QX5D.cn", "XN--55QX5D.cn"},
    {"example", "", "-", "example"},
    {"a.b.example", "", "b.example", "example"},
    {"co.uk", "", "-", "co.uk"},
    {"192.168.0.1", "", "-", "-"},
    {"[::1]", "", "-", "-"},
    {"", "", "-", "-"},
    {".", "", "-", "-"},
    {".example.com", "", "-", "-"},
    {"a..example.com", "", "-", "-"},
};

static void t_answers(hgroup *g, const char *dir)
{
    wwwurl_psl *loaded = load_list(g, dir);
    const wwwurl_psl *lists[2];
    size_t k, j, start = 99, n = 0;
    char got[256];
    int st;

    lists[0] = wwwurl_psl_builtin();
    lists[1] = loaded;
    for (j = 0; j < 2 && lists[j]; j++)
        for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            uint32_t flags = cases[k][1][0] ? WWWURL_PSL_ICANN : 0;
            size_t i;
            h_case_begin(g, NULL, NULL);
            for (i = 0; i < 2; i++) {
                const char *want = cases[k][2 + i];
                size_t s = (size_t)-1;
                st = i ? wwwurl_psl_public_suffix(lists[j], cases[k][0], NT, flags, &s)
                       : wwwurl_psl_registrable_domain(lists[j], cases[k][0], NT, flags, &s);
                if (strcmp(want, "-") == 0) {
                    CHECK_STATUS(g, i ? "public suffix" : "registrable domain", cases[k][0],
                                 WWWURL_ERR_NO_DOMAIN, st);
                    CHECK(g, "*start untouched", cases[k][0], s == (size_t)-1);
                } else if (CHECK_STATUS(g, i ? "public suffix" : "registrable domain",
                                        cases[k][0], WWWURL_OK, st)) {
                    CHECK_CSTR(g, i ? "public suffix" : "registrable domain", cases[k][0], want,
                               cases[k][0] + s);
                }
            }
            h_case_end(g);
        }
    h_case_begin(g, NULL, NULL);
    /* A length, not a NUL: the host is the bytes given. */
    CHECK_STATUS(g, "host with a length", NULL, WWWURL_OK,
                 wwwurl_psl_registrable_domain(lists[0], "a.example.co.uk/path", 15, 0, &start));
    CHECK_INT(g, "start", NULL, 2, start);
    CHECK_STATUS(g, "unknown flag", NULL, WWWURL_ERR_INVALID_ARGUMENT,
                 wwwurl_psl_registrable_domain(lists[0], "a.com", NT, 2, &start));
    CHECK_STATUS(g, "NULL list", NULL, WWWURL_ERR_NULL,
                 wwwurl_psl_registrable_domain(NULL, "a.com", NT, 0, &start));
    CHECK_STATUS(g, "NULL host with a length", NULL, WWWURL_ERR_NULL,
                 wwwurl_psl_public_suffix(lists[0], NULL, 3, 0, &start));
    CHECK_STATUS(g, "NULL host, length 0: the empty host", NULL, WWWURL_ERR_NO_DOMAIN,
                 wwwurl_psl_public_suffix(lists[0], NULL, 0, 0, &start));
    CHECK_CSTR(g, "the built-in list's version", NULL, "2026-08-19 (e8c9a2b2)",
               wwwurl_psl_version(lists[0], &n));
    CHECK_INT(g, "its length", NULL, 21, n);
    if (loaded)
        CHECK_CSTR(g, "a loaded list without a VERSION comment", NULL, "",
                   wwwurl_psl_version(loaded, NULL));
    CHECK(g, "the built-in list is one", NULL, wwwurl_psl_builtin() == wwwurl_psl_builtin());
    /* Freeing NULL or the built-in list does nothing. */
    wwwurl_psl_free(NULL);
    wwwurl_psl_free((wwwurl_psl *)wwwurl_psl_builtin());
    answer(wwwurl_psl_builtin(), "a.b.com", 0, 0, got, sizeof got, &st);
    CHECK_CSTR(g, "the built-in list after its free", NULL, "b.com", got);
    h_case_end(g);
    wwwurl_psl_free(loaded);
}

/* The URL Standard's table: host, public suffix, registrable domain ("" for
 * null). */
static const char *const url_table[][3] = {
    {"com", "com", ""},
    {"example.com", "com", "example.com"},
    {"www.example.com", "com", "example.com"},
    {"sub.www.example.com", "com", "example.com"},
    {"EXAMPLE.COM", "com", "example.com"},
    {"example.com.", "com.", "example.com."},
    {"github.io", "github.io", ""},
    {"whatwg.github.io", "github.io", "whatwg.github.io"},
    {"\xd8\xa5\xd8\xae\xd8\xaa\xd8\xa8\xd8\xa7\xd8\xb1", "xn--kgbechtv", ""},
    {"example.\xd8\xa5\xd8\xae\xd8\xaa\xd8\xa8\xd8\xa7\xd8\xb1", "xn--kgbechtv",
     "example.xn--kgbechtv"},
    {"sub.example.\xd8\xa5\xd8\xae\xd8\xaa\xd8\xa8\xd8\xa7\xd8\xb1", "xn--kgbechtv",
     "example.xn--kgbechtv"},
    {"[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", "", ""},
};

static int same(const char *a, const char *b, uint32_t flags)
{
    wwwurl_whatwg *ua = NULL, *ub = NULL;
    int r = -2;
    if (wwwurl_whatwg_parse(a, NT, NULL, 0, &ua) == WWWURL_OK &&
        wwwurl_whatwg_parse(b, NT, NULL, 0, &ub) == WWWURL_OK)
        r = wwwurl_psl_same_site(wwwurl_psl_builtin(), ua, ub, flags);
    wwwurl_whatwg_free(ua);
    wwwurl_whatwg_free(ub);
    return r;
}

static void t_urls(hgroup *g, const char *dir)
{
    const wwwurl_psl *psl = wwwurl_psl_builtin();
    size_t k;
    (void)dir;
    for (k = 0; k < sizeof url_table / sizeof url_table[0]; k++) {
        char url[256];
        wwwurl_whatwg *u = NULL;
        const char *hostname;
        size_t hostname_len = 0;
        int i;
        snprintf(url, sizeof url, "https://%s/", url_table[k][0]);
        h_case_begin(g, NULL, NULL);
        if (!CHECK_STATUS(g, "parse", url, WWWURL_OK, wwwurl_whatwg_parse(url, NT, NULL, 0, &u))) {
            h_case_end(g);
            continue;
        }
        hostname = wwwurl_whatwg_get(u, WWWURL_WHATWG_HOSTNAME, &hostname_len);
        for (i = 0; i < 2; i++) {
            const char *want = url_table[k][1 + i];
            size_t s = (size_t)-1;
            int st = i ? wwwurl_psl_url_registrable_domain(psl, u, 0, &s)
                       : wwwurl_psl_url_public_suffix(psl, u, 0, &s);
            if (!want[0])
                CHECK_STATUS(g, i ? "registrable domain" : "public suffix", url,
                             WWWURL_ERR_NO_DOMAIN, st);
            else if (CHECK_STATUS(g, i ? "registrable domain" : "public suffix", url, WWWURL_OK,
                                  st))
                CHECK_BYTES(g, i ? "registrable domain" : "public suffix", url, want,
                            strlen(want), hostname + s, hostname_len - s);
        }
        wwwurl_whatwg_free(u);
        h_case_end(g);
    }
    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "same site", NULL, 1,
              same("https://a.example.com/", "https://b.example.com:81/", 0));
    CHECK_INT(g, "another scheme", NULL, 0, same("https://example.com/", "http://example.com/", 0));
    CHECK_INT(g, "two sites of github.io", NULL, 0,
              same("https://a.github.io/", "https://b.github.io/", 0));
    CHECK_INT(g, "one site of github.io under ICANN only", NULL, 1,
              same("https://a.github.io/", "https://b.github.io/", WWWURL_PSL_ICANN));
    CHECK_INT(g, "hosts without a registrable domain", NULL, 1,
              same("https://[::1]/", "https://[::1]:8080/", 0));
    CHECK_INT(g, "opaque origins", NULL, 0, same("file:///a", "file:///a", 0));
    CHECK_INT(g, "an unknown flag", NULL, -1,
              same("https://a.example.com/", "https://b.example.com/", 2));
    CHECK_INT(g, "NULL URLs", NULL, -1, wwwurl_psl_same_site(psl, NULL, NULL, 0));
    h_case_end(g);
}

static void t_not_lists(hgroup *g, const char *dir)
{
    static const char *const bad[] = {
        "", "// only comments\n", "<html><body>Not Found</body></html>\n", "com\n.com\n",
        "com\nexample..com\n", "com.\n", "a*.com\n", "!com\n", "\x7f" "ELF\x02\x01", "com\n\xff\n",
    };
    wwwurl_psl *psl = (wwwurl_psl *)&psl;
    size_t k, big = (size_t)9 << 20;
    char *text;
    (void)dir;
    for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        h_case_begin(g, NULL, NULL);
        CHECK_STATUS(g, "wwwurl_psl_load", bad[k], WWWURL_ERR_INVALID_LIST,
                     wwwurl_psl_load(bad[k], NT, &psl));
        CHECK(g, "*out untouched", bad[k], psl == (wwwurl_psl *)&psl);
        h_case_end(g);
    }
    h_case_begin(g, NULL, NULL);
    CHECK_STATUS(g, "binary junk with a NUL", NULL, WWWURL_ERR_INVALID_LIST,
                 wwwurl_psl_load("com\n\0\x01\x02", 7, &psl));
    /* Over the default input limit of 8 MiB. */
    text = malloc(big);
    if (text) {
        memset(text, 'a', big);
        CHECK_STATUS(g, "9 MiB", NULL, WWWURL_ERR_TOO_LONG, wwwurl_psl_load(text, big, &psl));
        /* A 1 MiB line of labels, then of one label. */
        for (k = 0; k < (1 << 20); k += 2)
            text[k + 1] = '.';
        CHECK_STATUS(g, "1 MiB line of labels", NULL, WWWURL_ERR_INVALID_LIST,
                     wwwurl_psl_load(text, 1 << 20, &psl));
        memset(text, 'a', 1 << 20);
        CHECK_STATUS(g, "1 MiB label", NULL, WWWURL_ERR_INVALID_LIST,
                     wwwurl_psl_load(text, 1 << 20, &psl));
        free(text);
    }
    CHECK_STATUS(g, "NULL out", NULL, WWWURL_ERR_NULL, wwwurl_psl_load("com", NT, NULL));
    CHECK_STATUS(g, "a list", NULL, WWWURL_OK,
                 wwwurl_psl_load("// VERSION: 2030-01-01\r\nexample\r\n", NT, &psl));
    CHECK_CSTR(g, "its version", NULL, "2030-01-01", wwwurl_psl_version(psl, NULL));
    wwwurl_psl_free(psl);
    h_case_end(g);
}

/* ---- threads: lookups while lists are swapped in ------------------------ */

#define READERS 3
#define SWAPS 40

static wwwurl_psl *current;        /* the list readers use: acquire/release */
static unsigned long passed[READERS]; /* the swap each reader has last seen */
static int stop_readers;
static int reader_errors;
static char *list_text;
static size_t list_len;

static void *reader(void *arg)
{
    int id = (int)(long)arg;
    static const char *const hosts[] = {"www.example.co.uk", "a.b.c.kobe.jp", "x.github.io"};
    static const size_t want[] = {4, 2, 0};
    unsigned long n = 0;
    while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
        /* One acquire load per lookup; the pointer is not kept past it. */
        unsigned long seen = __atomic_load_n(&passed[id], __ATOMIC_RELAXED);
        const wwwurl_psl *psl = __atomic_load_n(&current, __ATOMIC_SEQ_CST);
        size_t start = 99;
        int k = (int)(n++ % 3);
        if (wwwurl_psl_registrable_domain(psl, hosts[k], NT, 0, &start) != WWWURL_OK ||
            start != want[k])
            __atomic_add_fetch(&reader_errors, 1, __ATOMIC_RELAXED);
        /* Done with it: the writer may free what this reader held. */
        __atomic_store_n(&passed[id], seen + 1, __ATOMIC_SEQ_CST);
    }
    return NULL;
}

static void t_threads(hgroup *g, const char *dir)
{
    pthread_t th[READERS];
    wwwurl_psl *old[SWAPS + 1];
    int k, r, started = 0, made = 0, freed = 0;
    /* Fewer swaps in quick mode (valgrind): each is a load of the list. */
    int swaps = h_quick() ? 4 : SWAPS;

    list_text = read_file(g, dir, "../../data/psl/public_suffix_list.dat", &list_len);
    if (!list_text)
        return;
    h_case_begin(g, NULL, NULL);
    CHECK_STATUS(g, "load", NULL, WWWURL_OK, wwwurl_psl_load(list_text, list_len, &current));
    old[made++] = current;
    for (r = 0; r < READERS; r++)
        if (pthread_create(&th[r], NULL, reader, (void *)(long)r) == 0)
            started++;
    CHECK_INT(g, "readers started", NULL, READERS, started);
    for (k = 0; k < swaps && started == READERS; k++) {
        wwwurl_psl *next = NULL;
        unsigned long mark[READERS];
        if (wwwurl_psl_load(list_text, list_len, &next) != WWWURL_OK)
            break;
        /* Published with a release store (sequentially consistent here,
         * for the counters' sake); then every reader that finishes a
         * lookup begun after it has dropped the old list: once each has
         * finished two more, the old list is free to go (an epoch). */
        __atomic_store_n(&current, next, __ATOMIC_SEQ_CST);
        old[made++] = next;
        for (r = 0; r < READERS; r++)
            mark[r] = __atomic_load_n(&passed[r], __ATOMIC_SEQ_CST);
        for (r = 0; r < READERS; r++)
            while (__atomic_load_n(&passed[r], __ATOMIC_SEQ_CST) < mark[r] + 2)
                sched_yield();
        wwwurl_psl_free(old[made - 2]);
        freed++;
    }
    __atomic_store_n(&stop_readers, 1, __ATOMIC_RELEASE);
    for (r = 0; r < started; r++)
        pthread_join(th[r], NULL);
    wwwurl_psl_free(old[made - 1]);
    CHECK_INT(g, "lists swapped in", NULL, swaps, freed);
    CHECK_INT(g, "lookups that went wrong", NULL, 0, reader_errors);
    h_case_end(g);
    free(list_text);
}

static const h_test tests[] = {
    {"test_psl.txt, built-in list", t_project_builtin},
    {"test_psl.txt, loaded list", t_project_loaded},
    {"answers and statuses", t_answers},
    {"URL Standard's table, same site", t_urls},
    {"what is not a list", t_not_lists},
    {"lists swapped under readers", t_threads},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
