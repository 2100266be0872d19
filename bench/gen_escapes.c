/* wwwurl benchmark corpus: escape-heavy, valid but non-canonical URLs.
 *
 *   gen_escapes [COUNT [SEED]]     write COUNT URLs (default 20000), one a
 *                                  line, to standard output
 *   gen_escapes --stats [COUNT [SEED]]
 *                                  print what the corpus is made of instead
 *
 * The URLs look like what sloppy clients and crawlers send:
 *   - scheme and host in upper or mixed case (`HTTP://WWW.Example.COM`),
 *     a few numeric IPv4 hosts;
 *   - default ports (`:80`, `:443` for https) on many, `:8080` on some;
 *   - userinfo (`user:pa%40ss@`) on some;
 *   - paths of 4 to 30 segments with about a quarter of their bytes in
 *     `%XX` escapes: escaped unreserved letters and digits (`%41`, `%7e`,
 *     upper- and lower-case hex), `%2F`, `%25`, `%20`, other reserved
 *     characters, UTF-8 sequences of 2 to 4 bytes (`%C3%A9`, `%E2%82%AC`,
 *     `%F0%9F%98%80`); `.`, `..` and empty segments;
 *   - queries of `key=value` pairs joined by `&amp;` (sometimes `&`), with
 *     escapes and `+`;
 *   - fragments.
 * Nothing decodes to a NUL or a control byte, and every URL is printable
 * ASCII without a space, so that every line is one URL.
 *
 * The output depends only on COUNT and SEED: a splitmix64 generator, integer
 * arithmetic only, no clock, no locale, no network, so it is the same byte
 * for byte on every machine (the Makefile checks its checksum). Changing this
 * program changes the corpus: update the checksum (bench/bench.mk) and the
 * figures of BENCHMARKS.md measured on it.
 *
 * C99, nothing but the standard library.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the generator --------------------------------------------------------- */

static uint64_t state;

static uint64_t next(void) {
    uint64_t z = (state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A number in [0, n), n > 0 (the tiny modulo bias does not matter here). */
static unsigned below(unsigned n) { return (unsigned)(next() % n); }

/* A number in [lo, hi]. */
static unsigned between(unsigned lo, unsigned hi) { return lo + below(hi - lo + 1); }

/* True with probability pct %. */
static int chance(unsigned pct) { return below(100) < pct; }

#define PICK(a) ((a)[below((unsigned)(sizeof(a) / sizeof((a)[0])))])

/* ---- the output buffer ------------------------------------------------------ */

#define MAX_URL 4096
static char url[MAX_URL + 64];
static size_t len;
static size_t esc_bytes;  /* bytes of `%XX` triplets in this URL */
static size_t path_start, path_end; /* where its path is */
static size_t path_esc;   /* bytes of `%XX` triplets in its path */

static void put(const char *s) {
    size_t n = strlen(s);
    if (len + n <= MAX_URL) {
        memcpy(url + len, s, n);
        len += n;
    }
}

static void putc_(char c) {
    if (len < MAX_URL)
        url[len++] = c;
}

/* `%XX` of byte b, with upper- or lower-case hex digits. */
static void put_escape(unsigned b, int lower) {
    static const char up[] = "0123456789ABCDEF", lo[] = "0123456789abcdef";
    const char *h = lower ? lo : up;
    if (len + 3 <= MAX_URL) {
        url[len++] = '%';
        url[len++] = h[(b >> 4) & 15];
        url[len++] = h[b & 15];
        esc_bytes += 3;
    }
}

/* The word in mixed case: as is, capitalised, or all upper case. */
static void put_word(const char *w, unsigned upper_pct) {
    int mode = chance(upper_pct) ? below(3) + 1 : 0;
    for (size_t i = 0; w[i]; i++) {
        char c = w[i];
        if (c >= 'a' && c <= 'z' &&
            (mode == 1 || (mode == 2 && i == 0) || (mode == 3 && chance(50))))
            c = (char)(c - 'a' + 'A');
        putc_(c);
    }
}

/* ---- the parts of a URL ---------------------------------------------------- */

static const char *const words[] = {
    "index",   "news",     "archive", "images",  "static",  "assets",  "blog",
    "product", "category", "search",  "download", "files",  "docs",    "media",
    "user",    "profile",  "cart",    "item",    "page",    "article", "view",
    "content", "library",  "public",  "data",    "report",  "year",    "photos",
    "en",      "fr",       "de",      "wiki",    "forum",   "thread",  "topic",
    "shop",    "catalog",  "events",  "about",   "contact", "help",    "faq",
};
static const char *const tlds[] = {"com", "org", "net", "de", "fr", "co.uk", "io", "edu"};
static const char *const exts[] = {".html", ".htm", ".php", ".asp", ".jpg", ".pdf", ".cgi", ""};
static const char *const keys[] = {"q",    "id",     "page", "lang", "sort", "ref",
                                   "utm_source", "s", "cat", "sid",  "view", "filter"};

/* UTF-8 sequences, as the bytes to escape. */
static const unsigned char utf8[][4] = {
    {0xC3, 0xA9}, {0xC3, 0xBC}, {0xC3, 0x9F}, {0xC3, 0xB1}, {0xC5, 0x82}, {0xD0, 0xB6},
    {0xE2, 0x82, 0xAC}, {0xE6, 0x97, 0xA5}, {0xE2, 0x80, 0x93}, {0xE3, 0x81, 0x82},
    {0xF0, 0x9F, 0x98, 0x80}, {0xF0, 0x9F, 0x8D, 0x95},
};
static const unsigned utf8_len[] = {2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4};

/* Reserved and other characters that clients escape. */
static const unsigned reserved[] = {'/', '%', ' ', '&', '=', '?', '#', '+', ':', '@',
                                    ';', ',', '!', '\'', '(', ')', '[', ']', '"', '<',
                                    '>', '{', '}', '|', '\\', '^', '`'};

/* One escape: the kinds a path or a query value carries. */
static void put_some_escape(void) {
    int lower = chance(25);
    unsigned k = below(100);
    if (k < 30) { /* an unreserved letter, digit or mark: %41, %7e, %2d */
        static const char unres[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
        put_escape((unsigned char)unres[below(sizeof unres - 1)], lower);
    } else if (k < 40) {
        put_escape('/', lower); /* %2F */
    } else if (k < 47) {
        put_escape('%', lower); /* %25 */
    } else if (k < 57) {
        put_escape(' ', lower); /* %20 */
    } else if (k < 72) {
        put_escape(PICK(reserved), lower);
    } else { /* a UTF-8 character */
        unsigned i = below((unsigned)(sizeof utf8 / sizeof utf8[0]));
        for (unsigned j = 0; j < utf8_len[i]; j++)
            put_escape(utf8[i][j], lower);
    }
}

static const char marks[] = {'-', '_', '.', '~', '!', '*'};

/* Text of about n bytes: words, marks and escapes, escapes at esc_pct % of
 * the tokens. */
static void put_text(unsigned n, unsigned esc_pct, int plus) {
    size_t end = len + n;
    while (len < end) {
        unsigned k = below(100);
        if (k < esc_pct)
            put_some_escape();
        else if (k < esc_pct + 8)
            putc_(plus ? '+' : PICK(marks));
        else if (k < esc_pct + 14) {
            char d[8];
            snprintf(d, sizeof d, "%u", below(2030));
            put(d);
        } else
            put_word(PICK(words), 15);
    }
}

static void put_scheme_host(int *https) {
    static const char *const http_forms[] = {"HTTP", "Http", "http", "HTTP", "hTTp"};
    static const char *const https_forms[] = {"HTTPS", "Https", "https", "HTTPS", "HttpS"};
    *https = chance(35);
    put(*https ? PICK(https_forms) : PICK(http_forms));
    put("://");
    if (chance(12)) { /* user:pa%40ss@ */
        put_word(PICK(words), 30);
        if (chance(50)) {
            char d[8];
            snprintf(d, sizeof d, "%u", below(1000));
            put(d);
        }
        putc_(':');
        put("pa");
        put_escape('@', chance(20));
        put("ss");
        if (chance(50))
            put_escape(PICK(reserved), 0);
        putc_('@');
    }
    if (chance(5)) { /* a numeric host */
        /* One draw a statement: the order of evaluation of function
         * arguments is unspecified in C. */
        char ip[24];
        unsigned d = between(1, 254);
        unsigned c = below(256);
        unsigned b = below(256);
        unsigned a = between(1, 223);
        snprintf(ip, sizeof ip, "%u.%u.%u.%u", a, b, c, d);
        put(ip);
    } else {
        if (chance(70))
            put_word(chance(50) ? "WWW." : "www.", 0);
        if (chance(30)) {
            put_word(PICK(words), 60);
            putc_('.');
        }
        put_word(PICK(words), 60);
        if (chance(40)) {
            putc_('-');
            put_word(PICK(words), 60);
        }
        putc_('.');
        put_word(PICK(tlds), 60);
    }
    unsigned p = below(100);
    if (p < 45)
        put(*https ? ":443" : ":80");
    else if (p < 55)
        put(":8080");
}

static void put_path(void) {
    unsigned segs = between(4, 30);
    for (unsigned i = 0; i < segs; i++) {
        putc_('/');
        unsigned k = below(100);
        if (k < 6)
            putc_('.');
        else if (k < 12)
            put("..");
        else if (k < 16)
            ; /* empty */
        else
            put_text(between(5, 18), 28, 0);
    }
    if (chance(60))
        put(PICK(exts));
}

static void put_query(void) {
    unsigned pairs = between(1, 8);
    const char *amp = chance(80) ? "&amp;" : "&";
    putc_('?');
    for (unsigned i = 0; i < pairs; i++) {
        if (i)
            put(amp);
        put(PICK(keys));
        putc_('=');
        put_text(between(2, 16), 30, 1);
    }
}

static void put_fragment(void) {
    putc_('#');
    put_text(between(3, 12), 10, 0);
}

static void make_url(void) {
    int https;
    len = 0;
    esc_bytes = 0;
    put_scheme_host(&https);
    path_start = len;
    put_path();
    path_end = len;
    path_esc = esc_bytes;
    if (chance(65))
        put_query();
    if (chance(30))
        put_fragment();
}

/* ---- main -------------------------------------------------------------------- */

int main(int argc, char **argv) {
    int stats = 0;
    int a = 1;
    if (a < argc && strcmp(argv[a], "--stats") == 0) {
        stats = 1;
        a++;
    }
    unsigned long count = 20000;
    uint64_t seed = UINT64_C(20261122);
    if (a < argc) {
        char *e;
        count = strtoul(argv[a++], &e, 10);
        if (*e || count == 0) {
            fprintf(stderr, "usage: gen_escapes [--stats] [COUNT [SEED]]\n");
            return 2;
        }
    }
    if (a < argc) {
        char *e;
        seed = (uint64_t)strtoull(argv[a++], &e, 10);
        if (*e) {
            fprintf(stderr, "usage: gen_escapes [--stats] [COUNT [SEED]]\n");
            return 2;
        }
    }
    if (a < argc) {
        fprintf(stderr, "usage: gen_escapes [--stats] [COUNT [SEED]]\n");
        return 2;
    }
    state = seed;

    unsigned long long bytes = 0, escapes = 0, pbytes = 0, pescapes = 0;
    size_t min = (size_t)-1, max = 0;
    for (unsigned long i = 0; i < count; i++) {
        make_url();
        bytes += len;
        escapes += esc_bytes;
        pbytes += path_end - path_start;
        pescapes += path_esc;
        if (len < min)
            min = len;
        if (len > max)
            max = len;
        if (!stats) {
            url[len++] = '\n';
            fwrite(url, 1, len, stdout);
        }
    }
    if (stats)
        printf("%lu URLs, %llu bytes, %.1f bytes/URL (min %zu, max %zu), "
               "%.1f%% of the bytes in %%XX escapes (%.1f escapes/URL); "
               "paths %.1f bytes/URL, %.1f%% of their bytes in escapes\n",
               count, bytes, (double)bytes / (double)count, min, max,
               100.0 * (double)escapes / (double)bytes, (double)escapes / 3.0 / (double)count,
               (double)pbytes / (double)count, 100.0 * (double)pescapes / (double)pbytes);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("gen_escapes");
        return 1;
    }
    return 0;
}
