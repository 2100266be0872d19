/* Differential test of the RFC 3986 tools against uriparser, a vetted C
 * implementation of RFC 3986: resolution (uriAddBaseUriExA, strict),
 * make-relative (uriRemoveBaseUriA) and syntax-based normalisation
 * (uriNormalizeSyntaxExA), over (base, reference) pairs from the corpus
 * and generated from a fixed seed.
 *
 * uriparser only accepts references that match the RFC 3986 grammar; wwwurl
 * accepts any bytes. A pair is compared when uriparser parses both strings.
 * Every disagreement fails the test unless it falls into a documented class,
 * each detected by a predicate on the input or the two results (see
 * class_of_* below):
 *
 *   resolve and normalise
 *     ipv6-expanded       uriparser writes an IPv6 literal with all eight
 *                         groups ("[::1]" becomes
 *                         "[0000:0000:0000:0000:0000:0000:0000:0001]");
 *                         the long form is turned back and the rest of the
 *                         string must agree.
 *     path-off-authority  the result has no authority and its path starts
 *                         with "//": wwwurl writes "/.//g" so that the path
 *                         does not read as an authority, uriparser "//g"
 *                         ("HTTP:/A/..//x" gives uriparser "HTTP://x", a
 *                         URI with the authority "x").
 *     rootless-dots       a scheme, no authority, a rootless path with dot
 *                         segments ("http:g:h/.."): RFC 3986 section 5.2.4
 *                         as written leaves "/" ("http:/"), uriparser keeps
 *                         the path rootless ("http:").
 *   resolve
 *     uriparser-dot-prefix  uriparser puts "/." in front of a path where
 *                         none is needed ("s:/a/b" + ".." gives "s:/./",
 *                         wwwurl "s:/").
 *   normalise
 *     relative-dots       a reference without a scheme: wwwurl removes dot
 *                         segments only from an absolute path and keeps
 *                         those of a relative-path reference, which only
 *                         mean something against a base; uriparser removes
 *                         them from neither ("//u@a/.." stays) or from both
 *                         ("./%2e/x" becomes "x").
 *     host-percent-case   a percent-encoding in the host: wwwurl writes
 *                         its hex digits in upper case (RFC 3986 section
 *                         6.2.2.1), uriparser lower-cases the whole host.
 *   make-relative
 *     shorter-or-equal    uriparser's reference differs and is no shorter
 *                         (wwwurl "." for uriparser's "./"): both resolve
 *                         back to the target, which is checked.
 *     not-back            uriparser's reference does not resolve back to the
 *                         target ("" from "https://h/?q" to "https://h/",
 *                         which resolves to the base with its query).
 *
 * Usage: diff_uriparser CORPUS. Prints the counts, the classes with an
 * example each, and "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "wwwurl.h"

typedef unsigned long long u64;

static u64 rng_state = 0x0018d1ff00000002ULL;

static u64 rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static const char *pick(const char *const *t, size_t n) { return t[rng() % n]; }

#define N_OF(t) (sizeof(t) / sizeof((t)[0]))

/* ---- counts ------------------------------------------------------------- */

#define MAX_CLASSES 16

struct tally {
    const char *what;
    long pairs, agree, skipped;
    int nclasses;
    const char *cls[MAX_CLASSES];
    long count[MAX_CLASSES];
    char example[MAX_CLASSES][512];
    long bad;
};

static struct tally t_res = {"resolve vs uriAddBaseUriExA", 0, 0, 0, 0, {0}, {0}, {{0}}, 0};
static struct tally t_rel = {"make-relative vs uriRemoveBaseUriA", 0, 0, 0, 0, {0}, {0}, {{0}}, 0};
static struct tally t_norm = {"normalise vs uriNormalizeSyntaxExA", 0, 0, 0, 0, {0}, {0}, {{0}}, 0};

static void note(struct tally *t, const char *cls, const char *a, const char *b, const char *ours,
                 const char *theirs)
{
    int k;

    if (!cls) {
        if (t->bad < 20)
            printf("DISAGREE %s: \"%s\" \"%s\": wwwurl \"%s\", uriparser \"%s\"\n", t->what, a,
                   b ? b : "", ours, theirs);
        t->bad++;
        return;
    }
    for (k = 0; k < t->nclasses; k++)
        if (strcmp(t->cls[k], cls) == 0)
            break;
    if (k == t->nclasses) {
        if (k == MAX_CLASSES)
            return;
        t->cls[k] = cls;
        t->nclasses++;
        snprintf(t->example[k], sizeof t->example[k],
                 "\"%s\" \"%s\": wwwurl \"%s\", uriparser \"%s\"", a, b ? b : "", ours, theirs);
    }
    t->count[k]++;
}

static void report(const struct tally *t)
{
    int k;

    printf("%s: %ld pairs compared, %ld agree byte for byte, %ld not parsed by uriparser, "
           "%ld undocumented disagreements\n",
           t->what, t->pairs, t->agree, t->skipped, t->bad);
    for (k = 0; k < t->nclasses; k++)
        printf("  class %s: %ld, e.g. %s\n", t->cls[k], t->count[k], t->example[k]);
}

/* ---- uriparser ---------------------------------------------------------- */

static int parse(UriUriA *u, const char *s)
{
    const char *err = NULL;
    return uriParseSingleUriA(u, s, &err) == URI_SUCCESS;
}

/* A malloc'ed string of `u`, or NULL. */
static char *to_string(const UriUriA *u)
{
    int need = 0;
    char *s;

    if (uriToStringCharsRequiredA(u, &need) != URI_SUCCESS)
        return NULL;
    s = malloc((size_t)need + 1);
    if (!s || uriToStringA(s, u, need + 1, NULL) != URI_SUCCESS) {
        free(s);
        return NULL;
    }
    return s;
}

/* uriParser writes an IPv6 literal with all eight groups in full; the
 * generated inputs only use [::1], so its long form is turned back (class
 * ipv6-expanded) and the rest of the string is still compared. Returns
 * whether it was there. */
static int unexpand_ipv6(char *s)
{
    static const char full[] = "[0000:0000:0000:0000:0000:0000:0000:0001]";
    char *p = s ? strstr(s, full) : NULL;
    if (!p)
        return 0;
    memcpy(p, "[::1]", 5);
    memmove(p + 5, p + sizeof full - 1, strlen(p + sizeof full - 1) + 1);
    return 1;
}

/* ---- wwwurl ------------------------------------------------------------- */

static char *w_resolve(const char *base, const char *ref)
{
    char *out = NULL;
    if (wwwurl_rfc3986_resolve(base, WWWURL_NUL_TERMINATED, ref, WWWURL_NUL_TERMINATED, &out) !=
        WWWURL_OK)
        return NULL;
    return out;
}

/* ---- classes ------------------------------------------------------------ */

/* Whether deleting one "/." from `theirs` gives `ours`. */
static int extra_dot(const char *ours, const char *theirs)
{
    size_t n = strlen(theirs), i;
    if (strlen(ours) + 2 != n)
        return 0;
    for (i = 0; i + 1 < n; i++)
        if (theirs[i] == '/' && theirs[i + 1] == '.' && strncmp(ours, theirs, i) == 0 &&
            strcmp(ours + i, theirs + i + 2) == 0)
            return 1;
    return 0;
}

/* Whether `s` has no authority and a path starting with "/.//". */
static int guarded_path(const char *s)
{
    wwwurl_components c;
    return wwwurl_rfc3986_split(s, WWWURL_NUL_TERMINATED, 0, &c) == WWWURL_OK &&
           !c.authority.present && c.path.len >= 4 && strncmp(s + c.path.offset, "/.//", 4) == 0;
}

static const char *class_of_resolve(const char *ours, const char *theirs)
{
    wwwurl_components c;
    if (extra_dot(ours, theirs))
        return "uriparser-dot-prefix";
    if (wwwurl_rfc3986_split(ours, WWWURL_NUL_TERMINATED, 0, &c) != WWWURL_OK)
        return NULL;
    if (!c.authority.present && c.path.len >= 4 && strncmp(ours + c.path.offset, "/.//", 4) == 0)
        return "path-off-authority";
    /* uriparser's result keeps a rootless path rootless */
    if (!c.authority.present && c.path.len && ours[c.path.offset] == '/' &&
        (theirs[c.scheme.len + 1] != '/'))
        return "rootless-dots";
    return NULL;
}

static int stray_percent(const char *s)
{
    size_t i, n = strlen(s);
    for (i = 0; i < n; i++) {
        if (s[i] == '%' && !(i + 2 < n && strchr("0123456789abcdefABCDEF", s[i + 1]) && s[i + 1] &&
                             strchr("0123456789abcdefABCDEF", s[i + 2]) && s[i + 2]))
            return 1;
    }
    return 0;
}

static const char *class_of_normalize(const char *in, const char *ours, const char *theirs)
{
    wwwurl_components c;
    (void)theirs;
    if (guarded_path(ours))
        return "path-off-authority";
    if (wwwurl_rfc3986_split(in, WWWURL_NUL_TERMINATED, 0, &c) != WWWURL_OK)
        return NULL;
    if (c.host.present && memchr(in + c.host.offset, '%', c.host.len))
        return "host-percent-case";
    if (!c.scheme.present)
        return "relative-dots";
    if (!c.authority.present && !(c.path.len && in[c.path.offset] == '/'))
        return "rootless-dots";
    if (stray_percent(in))
        return "stray-percent";
    return NULL;
}

/* ---- the three comparisons --------------------------------------------- */

static void compare(const char *base, const char *ref)
{
    UriUriA ub, ur, ures, urel;
    char *ours, *theirs = NULL, *o_rel, *t_rel_s = NULL;

    ours = w_resolve(base, ref);
    if (!parse(&ub, base)) {
        t_res.skipped++;
        free(ours);
        return;
    }
    if (!parse(&ur, ref)) {
        t_res.skipped++;
        uriFreeUriMembersA(&ub);
        free(ours);
        return;
    }
    t_res.pairs++;
    if (uriAddBaseUriExA(&ures, &ur, &ub, URI_RESOLVE_STRICTLY) == URI_SUCCESS) {
        theirs = to_string(&ures);
        uriFreeUriMembersA(&ures);
    }
    if (unexpand_ipv6(theirs) && ours && strcmp(ours, theirs) == 0) {
        note(&t_res, "ipv6-expanded", base, ref, ours, theirs);
    } else if (!ours || !theirs) {
        note(&t_res, NULL, base, ref, ours ? ours : "(error)", theirs ? theirs : "(error)");
    } else if (strcmp(ours, theirs) == 0) {
        t_res.agree++;
    } else {
        note(&t_res, class_of_resolve(ours, theirs), base, ref, ours, theirs);
    }

    /* make-relative of the resolved target, when uriparser parses it. The
     * target is resolved once more: a result can keep the base's dot
     * segments (an empty path takes the base path as it is), and no
     * reference resolves to those. */
    if (ours) {
        UriUriA ut;
        char *target = w_resolve(base, ours);
        if (target && parse(&ut, target)) {
            char *back;
            t_rel.pairs++;
            o_rel = NULL;
            wwwurl_rfc3986_make_relative(base, WWWURL_NUL_TERMINATED, target,
                                         WWWURL_NUL_TERMINATED, &o_rel);
            back = o_rel ? w_resolve(base, o_rel) : NULL;
            if (!back || strcmp(back, target) != 0) {
                note(&t_rel, NULL, base, target, o_rel ? o_rel : "(error)",
                     "(ours does not resolve back)");
            } else {
                if (uriRemoveBaseUriA(&urel, &ut, &ub, URI_FALSE) == URI_SUCCESS) {
                    t_rel_s = to_string(&urel);
                    uriFreeUriMembersA(&urel);
                }
                if (!t_rel_s) {
                    note(&t_rel, "uriparser-error", base, target, o_rel, "(error)");
                } else if (strcmp(o_rel, t_rel_s) == 0) {
                    t_rel.agree++;
                } else {
                    char *tback = w_resolve(base, t_rel_s);
                    if (!tback || strcmp(tback, target) != 0)
                        note(&t_rel, "not-back", base, target, o_rel, t_rel_s);
                    else if (strlen(o_rel) <= strlen(t_rel_s))
                        note(&t_rel, "shorter-or-equal", base, target, o_rel, t_rel_s);
                    else
                        note(&t_rel, NULL, base, target, o_rel, t_rel_s);
                    wwwurl_string_free(tback);
                }
                free(t_rel_s);
            }
            wwwurl_string_free(back);
            wwwurl_string_free(o_rel);
            uriFreeUriMembersA(&ut);
        }
        wwwurl_string_free(target);
    }

    uriFreeUriMembersA(&ub);
    uriFreeUriMembersA(&ur);
    wwwurl_string_free(ours);
    free(theirs);
}

static void compare_normalize(const char *s)
{
    static const unsigned masks[] = {
        URI_NORMALIZE_SCHEME | URI_NORMALIZE_USER_INFO | URI_NORMALIZE_HOST | URI_NORMALIZE_PATH |
            URI_NORMALIZE_QUERY | URI_NORMALIZE_FRAGMENT,
        URI_NORMALIZE_SCHEME, URI_NORMALIZE_HOST, URI_NORMALIZE_PATH,
        URI_NORMALIZE_QUERY | URI_NORMALIZE_FRAGMENT,
    };
    /* uriparser's mask bits and wwwurl's are the same six bits */
    unsigned mask = masks[rng() % N_OF(masks)];
    UriUriA u;
    char *ours = NULL, *theirs = NULL;

    if (!parse(&u, s)) {
        t_norm.skipped++;
        return;
    }
    t_norm.pairs++;
    if (uriNormalizeSyntaxExA(&u, mask) == URI_SUCCESS)
        theirs = to_string(&u);
    uriFreeUriMembersA(&u);
    wwwurl_rfc3986_normalize(s, WWWURL_NUL_TERMINATED, mask, &ours);
    if (unexpand_ipv6(theirs) && ours && strcmp(ours, theirs) == 0)
        note(&t_norm, "ipv6-expanded", s, NULL, ours, theirs);
    else if (!ours || !theirs)
        note(&t_norm, NULL, s, NULL, ours ? ours : "(error)", theirs ? theirs : "(error)");
    else if (strcmp(ours, theirs) == 0)
        t_norm.agree++;
    else
        note(&t_norm, class_of_normalize(s, ours, theirs), s, NULL, ours, theirs);
    wwwurl_string_free(ours);
    free(theirs);
}

/* ---- inputs ------------------------------------------------------------- */

static void gen_reference(char *s, size_t cap)
{
    static const char *const schemes[] = {"", "", "", "http:", "https:", "s:", "HTTP:"};
    static const char *const auths[] = {"a", "b.example", "a:8080", "u:p@a", "", "[::1]", "G"};
    static const char *const segs[] = {"", "a", "b", "c", ".", "..", "g:h", "%41", "d;p", "%2e",
                                       "%7e", "%7E", "A", "%3a"};
    static const char *const tails[] = {"", "", "?", "?q", "?y=1&z", "#", "#f", "?q#f", "?%7e"};
    int authority = rng() % 3 == 0;
    unsigned segn = (unsigned)(rng() % 5), i;

    s[0] = '\0';
    strncat(s, pick(schemes, N_OF(schemes)), cap - strlen(s) - 1);
    if (authority) {
        strncat(s, "//", cap - strlen(s) - 1);
        strncat(s, pick(auths, N_OF(auths)), cap - strlen(s) - 1);
    }
    if ((authority || rng() % 2 == 0) && segn > 0)
        strncat(s, "/", cap - strlen(s) - 1);
    for (i = 0; i < segn; i++) {
        if (i)
            strncat(s, "/", cap - strlen(s) - 1);
        strncat(s, pick(segs, N_OF(segs)), cap - strlen(s) - 1);
    }
    strncat(s, pick(tails, N_OF(tails)), cap - strlen(s) - 1);
}

static void gen_base(char *s, size_t cap)
{
    static const char *const bases[] = {
        "http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "https://b.example/", "http://a",
        "http://u:p@a:8080/x/y/z?q", "http://a/b//c/", "s:a/b", "s:/a/b", "s:a", "file:///etc/x",
    };
    char r[200];
    snprintf(s, cap, "%s", pick(bases, N_OF(bases)));
    if (rng() % 4 == 0) {
        gen_reference(r, sizeof r);
        if (r[0] == '/' && r[1] != '/' && strncmp(s, "http://a/", 9) == 0 && strlen(r) + 9 < cap) {
            s[0] = '\0';
            strcat(s, "http://a");
            strcat(s, r);
        }
    }
}

/* References cut from the corpus URL `u`: the URL, its path onwards, its
 * last segment onwards, ../ forms. */
static int cut_references(const char *u, char out[4][2048])
{
    const char *p = strstr(u, "://"), *path, *last;
    int n = 0;

    snprintf(out[n++], 2048, "%s", u);
    if (!p)
        return n;
    path = strchr(p + 3, '/');
    if (!path)
        return n;
    snprintf(out[n++], 2048, "%s", path);
    last = strrchr(path, '/');
    {
        const char *q = strpbrk(path, "?#");
        if (q && q < last) {
            last = path;
            while (last < q && strchr(last + 1, '/') && strchr(last + 1, '/') < q)
                last = strchr(last + 1, '/');
        }
    }
    snprintf(out[n++], 2048, "%s", last + 1);
    snprintf(out[n++], 2048, "%.*s%s", (int)(rng() % 4) * 3, "../../../", last + 1);
    return n;
}

int main(int argc, char **argv)
{
    FILE *f;
    char **lines = NULL, line[2048], refs[4][2048], b[256], r[256];
    size_t n = 0, cap = 0, i;
    int k, nr;
    long failed;

    if (argc != 2) {
        fprintf(stderr, "usage: %s CORPUS\n", argv[0]);
        return 2;
    }
    f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 1024;
            lines = realloc(lines, cap * sizeof *lines);
        }
        lines[n++] = strdup(line);
    }
    fclose(f);
    if (n < 1000) {
        fprintf(stderr, "corpus too small: %zu lines\n", n);
        return 2;
    }

    for (i = 0; i < n; i++) {
        nr = cut_references(lines[(i * 7919 + 13) % n], refs);
        for (k = 0; k < nr; k++)
            compare(lines[i], refs[k]);
        compare_normalize(lines[i]);
    }
    for (i = 0; i < 100000; i++) {
        gen_base(b, sizeof b);
        gen_reference(r, sizeof r);
        compare(b, r);
        compare_normalize(r);
        compare_normalize(b);
    }
    report(&t_res);
    report(&t_rel);
    report(&t_norm);
    failed = t_res.bad + t_rel.bad + t_norm.bad;
    if (t_res.pairs < 100000) {
        printf("too few resolution pairs compared: %ld\n", t_res.pairs);
        failed++;
    }
    printf("%ld passed, %ld failed\n",
           t_res.pairs + t_rel.pairs + t_norm.pairs - failed, failed);
    for (i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
    return failed ? 1 : 0;
}
