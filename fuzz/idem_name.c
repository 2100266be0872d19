/* Idempotence of the canonical name: with u = SplitURL(s) and
 * v = SplitURL(u->name), v->name should equal u->name. It does not always:
 * the historical routines are not idempotent in the classes below, which
 * this target allows (and only them). SECURITY.md ("Canonical names that
 * are not fixed points") documents them with examples.
 *
 *  A. 2.9 mode, args: CreateURL runs URLRecodeFormArgs and then replaces
 *     "&amp;" (any case) by "&" in one pass without re-scanning. So
 *     "&amp;amp;" (or "&%61mp;amp;", decoded first by the recoding) leaves
 *     an "&amp;" that the next pass replaces again; and a replacement can
 *     put new bytes after a "%" ("%&amp;qu" -> "%&qu"), which the next
 *     recoding upper-cases ("%&Qu"). Each of the two steps alone is
 *     idempotent, their composition is not.
 *     v->args == URLReplaceAmp(URLRecodeFormArgs(u->args)).
 *  B. A numeric host (IPv4 or bracketed IPv6) whose port is a non-zero
 *     multiple of 65536: CanonicaliseHost writes ":0" (it tests the value
 *     read, then prints its low 16 bits), and ":0" is dropped on the next
 *     pass. u->hostport ends in ":0"; v->hostport == u->host, v->port == -1.
 *  C. A host that is only numeric once a default port with letters after
 *     its digits is removed ("1.2.3.04:80abc" for http): the letters make
 *     CanonicaliseHost keep the text as it is (lower-cased), then CreateURL
 *     removes the port because atoi("80abc") == 80, leaving a numeric host
 *     that was never canonicalised. v->hostport == CanonicaliseHost(u->hostport).
 *  D. The same removal of a default port with letters can leave an empty
 *     hostport ("https://:443x/p" gives "https:///p"); SplitURL then gives
 *     the empty host the local host. v->hostport == the local host.
 *
 * The prediction for v->name is built from u's parts with the class
 * transforms applied; anything else fails.
 * Byte 0 bit 0: the 2.9h mode (the settings of fz_config 2, else 1, given
 * to wwwurl_legacy_configure). The rest is the URL. */
#include "fuzz_common.h"

#include <ctype.h>

static int has_letter(const char *s)
{
    for (; *s; s++)
        if (isalpha((unsigned char)*s))
            return 1;
    return 0;
}

/* The name SplitURL(u->name) is predicted to give, with the classes that
 * make it differ from u->name in *classes (bit 0: A, 1: B, 2: C, 3: D). */
static char *predict(const URL *u, int h29, unsigned *classes)
{
    char *hostport = strdup(u->hostport);
    char *args = u->args ? strdup(u->args) : NULL;
    CHECK(hostport != NULL);
    *classes = 0;
    if (args) {
        /* What CreateURL does to args: URLRecodeFormArgs, then (2.9) the
         * "&amp;" replacement. */
        char *t = URLRecodeFormArgs(args);
        CHECK(t != NULL);
        if (!h29)
            URLReplaceAmp(t);
        if (strcmp(t, args) != 0)
            *classes |= 1;
        free(args);
        args = t;
    }
    size_t hl = strlen(u->hostport);
    if (hl == 0) {
        URL *local = SplitURL("/");
        CHECK(local != NULL);
        free(hostport);
        hostport = strdup(local->hostport);
        CHECK(hostport != NULL);
        FreeURL(local);
        *classes |= 8;
    } else if (u->port == 0 && hl >= 2 && strcmp(u->hostport + hl - 2, ":0") == 0 &&
        (u->host[0] == '[' || !has_letter(u->host))) {
        free(hostport);
        hostport = strdup(u->host);
        CHECK(hostport != NULL);
        *classes |= 2;
    } else if (u->port == -1 && !has_letter(u->hostport)) {
        char *c = CanonicaliseHost(u->hostport);
        CHECK(c != NULL);
        if (strcmp(c, hostport) != 0)
            *classes |= 4;
        free(hostport);
        hostport = c;
    }
    size_t n = strlen(u->proto) + 3 + strlen(hostport) + strlen(u->path) +
               (args ? 1 + strlen(args) : 0) + 1;
    char *name = malloc(n);
    CHECK(name != NULL);
    snprintf(name, n, "%s://%s%s%s%s", u->proto, hostport, u->path,
             args ? "?" : "", args ? args : "");
    free(hostport);
    free(args);
    return name;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int h29 = data[0] & 1;
    fz_legacy_config(h29 ? 2 : 1);
    char *in = fz_strndup(data + 1, size - 1);
    URL *u = SplitURL(in);
    fz_check_url(u);
    URL *v = SplitURL(u->name);
    fz_check_url(v);
    if (strcmp(u->name, v->name) != 0) {
        unsigned classes;
        char *expect = predict(u, h29, &classes);
        if (classes == 0 || strcmp(expect, v->name) != 0) {
            fprintf(stderr, "not idempotent (%s):\n  in    \"%s\"\n  name  \"%s\"\n"
                    "  name2 \"%s\"\n  predicted \"%s\" (classes %u)\n",
                    h29 ? "2.9h" : "2.9", in, u->name, v->name, expect, classes);
            CHECK(!"SplitURL(name)->name != name outside the documented classes");
        }
        free(expect);
    }
    FreeURL(v);
    FreeURL(u);
    free(in);
    return 0;
}
