/* wwwurl benchmark: instructions per input byte of the string functions on
 * 1 MiB inputs made of one repeated pattern, for valgrind's callgrind.
 *
 *   perbyte --callgrind FUNCTION PATTERN [--size BYTES] [--dry]
 *                         build the input, call FUNCTION once on it
 *   perbyte --functions   the function names, one a line
 *   perbyte --patterns    the patterns, one a line
 *   perbyte --has-callgrind-macros
 *
 * FUNCTION and its input (PATTERN repeated, whole copies only, so that the
 * input is at most BYTES long, default 1 MiB = 1048576):
 *   decode   URLDecodeGeneric(PATTERN...)              result freed
 *   encode   URLEncodePath(PATTERN...)                 result freed
 *   split    SplitURL("http://h/" PATTERN...)          record freed (FreeURL)
 *   canon    CanonicaliseName on a malloc'd copy of "/" PATTERN... (it works
 *            in place; the copy is made before the measured region)
 *   form     URLDecodeFormArgs(PATTERN...)             result freed
 *   host     SplitURL("http://" PATTERN...)            record freed: the
 *            pattern in the host (and whatever follows where it ends)
 *
 * As in bench/bench.c, the call is bracketed with
 * CALLGRIND_START_INSTRUMENTATION / CALLGRIND_STOP_INSTRUMENTATION when
 * <valgrind/callgrind.h> was found (HAVE_CALLGRIND_H; run valgrind with
 * --instr-atstart=no); without it bench/perbyte.sh subtracts the
 * instructions of a --dry run (same set-up, no call). Each function is first
 * called once on a short input outside the region, so that lazy binding and
 * first-use initialisation are not counted.
 *
 * The line printed gives the input's length in bytes, which bench/perbyte.sh
 * divides the instructions by.
 *
 * Build: C99 + POSIX, -O2, linked with libwwwurl.a (see bench/bench.mk).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wwwurl_legacy.h"

#include "measure.h"

/* The patterns of the table, in its order. `abcdefgh` is plain text with no
 * dot segment; so are `/.a/` (segments that start with a dot) and `a.b`
 * (dots inside segments). `u%41` and `a+` put single plain bytes between
 * escapes or form spaces. */
static const char *const patterns[] = {"%41", "%",        "&amp;", "%zz", "%2F", "+",  "/./",
                                       "/../", "abcdefgh", "u%41",  "a+",  "/.a/", "a.b"};
#define N_PATTERNS (sizeof patterns / sizeof patterns[0])

static const char *const functions[] = {"decode", "encode", "split", "canon", "form", "host"};
#define N_FUNCTIONS (sizeof functions / sizeof functions[0])

/* prefix followed by pattern repeated, whole copies only, at most size bytes
 * in all; malloc'd, NUL-terminated. */
static char *build(const char *prefix, const char *pattern, size_t size, size_t *len) {
    size_t pl = strlen(prefix), n = strlen(pattern);
    size_t reps = size > pl ? (size - pl) / n : 0;
    char *s = malloc(pl + reps * n + 1);
    if (!s) {
        fprintf(stderr, "perbyte: out of memory\n");
        exit(2);
    }
    memcpy(s, prefix, pl);
    for (size_t i = 0; i < reps; i++)
        memcpy(s + pl + i * n, pattern, n);
    *len = pl + reps * n;
    s[*len] = '\0';
    return s;
}

/* One call of function f on s; returns 0 when it failed (NULL). */
static int call(int f, char *s) {
    switch (f) {
    case 0: {
        char *r = URLDecodeGeneric(s);
        ESCAPE(r);
        free(r);
        return r != NULL;
    }
    case 1: {
        char *r = URLEncodePath(s);
        ESCAPE(r);
        free(r);
        return r != NULL;
    }
    case 2: {
        URL *u = SplitURL(s);
        ESCAPE(u);
        FreeURL(u);
        return u != NULL;
    }
    case 3:
        CanonicaliseName(s);
        ESCAPE(s);
        return 1;
    case 4: {
        char *r = URLDecodeFormArgs(s);
        ESCAPE(r);
        free(r);
        return r != NULL;
    }
    default: {
        URL *u = SplitURL(s);
        ESCAPE(u);
        FreeURL(u);
        return u != NULL;
    }
    }
}

static void usage(void) {
    fprintf(stderr, "usage: perbyte --callgrind FUNCTION PATTERN [--size BYTES] [--dry]\n"
                    "       perbyte --functions | --patterns | --has-callgrind-macros\n");
    exit(2);
}

int main(int argc, char **argv) {
    const char *fname = NULL, *pattern = NULL;
    size_t size = (size_t)1 << 20;
    int dry = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--functions") == 0) {
            for (size_t k = 0; k < N_FUNCTIONS; k++)
                printf("%s\n", functions[k]);
            return 0;
        } else if (strcmp(a, "--patterns") == 0) {
            for (size_t k = 0; k < N_PATTERNS; k++)
                printf("%s\n", patterns[k]);
            return 0;
        } else if (strcmp(a, "--has-callgrind-macros") == 0) {
            printf("%d\n", CG_MACROS);
            return 0;
        } else if (strcmp(a, "--callgrind") == 0 && i + 2 < argc) {
            fname = argv[++i];
            pattern = argv[++i];
        } else if (strcmp(a, "--size") == 0 && i + 1 < argc) {
            size = (size_t)strtoul(argv[++i], NULL, 10);
        } else if (strcmp(a, "--dry") == 0) {
            dry = 1;
        } else {
            usage();
        }
    }
    if (!fname || !*pattern || size < 16)
        usage();
    int f = -1;
    for (size_t k = 0; k < N_FUNCTIONS; k++)
        if (strcmp(functions[k], fname) == 0)
            f = (int)k;
    if (f < 0) {
        fprintf(stderr, "perbyte: unknown function %s (see --functions)\n", fname);
        return 2;
    }

    const char *prefix = f == 2 ? "http://h/" : f == 3 ? "/" : f == 5 ? "http://" : "";
    size_t len, wlen;
    char *s = build(prefix, pattern, size, &len);
    char *warm = build(prefix, pattern, 64, &wlen);
    int ok = call(f, warm); /* the first call, outside the region */
    free(warm);
    if (!dry) {
        CG_START();
        ok = call(f, s) && ok;
        CG_STOP();
    }
    printf("perbyte %s %s: %zu bytes%s, %s, macros %s\n", fname, pattern, len,
           dry ? " (dry run: set-up only)" : "", ok ? "ok" : "FAILED (NULL)",
           CG_MACROS ? "yes" : "no");
    free(s);
    return ok ? 0 : 1;
}
