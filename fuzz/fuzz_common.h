/* Shared helpers of the libFuzzer harnesses (fuzz/fuzz_*.c).
 *
 * Conventions of every harness:
 *  - the input is copied into fresh malloc()ed memory of its exact size, so
 *    AddressSanitizer sees any read past its end through the C library
 *    (strlen, memcpy, memchr...); length-delimited input is also placed
 *    right before an inaccessible page (fz_tail_copy), which catches the
 *    direct reads of the (uninstrumented) Rust code;
 *  - buffers the library writes into (in place, or caller buffers of the
 *    modern API) are followed by a guard region that is checked afterwards:
 *    the Rust library is not ASan-instrumented, so a stray byte store would
 *    otherwise go unnoticed;
 *  - a legacy function that returns NULL for non-NULL arguments is a bug
 *    (the library catches its own panics and returns NULL: with the fuzz
 *    build's overflow checks this also reports integer overflow);
 *  - every result is released; the leak checker is on.
 *
 * Failures call CHECK(), which prints the condition and aborts, so libFuzzer
 * records the input as a crash. */
#ifndef WWWURL_FUZZ_COMMON_H
#define WWWURL_FUZZ_COMMON_H

/* MAP_ANONYMOUS (the build asks for POSIX 2008 only); this header must be
 * included before any system header. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/mman.h>
#include <unistd.h>

#include "wwwurl.h"
#include "wwwurl_legacy.h"

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,   \
                    #cond);                                                    \
            abort();                                                           \
        }                                                                      \
    } while (0)

#define GUARD_LEN 64
#define GUARD_BYTE 0xA5

/* A NUL-terminated copy of data[0..n) in a block of exactly n+1 bytes.
 * Embedded NUL bytes are kept (the C string then ends at the first one). */
static inline char *fz_strndup(const uint8_t *data, size_t n)
{
    char *s = malloc(n + 1);
    CHECK(s != NULL);
    if (n)
        memcpy(s, data, n);
    s[n] = '\0';
    return s;
}

/* An exact-size copy without terminator (for length-delimited input);
 * never NULL, even for n == 0. */
static inline char *fz_memdup(const uint8_t *data, size_t n)
{
    char *s = malloc(n ? n : 1);
    CHECK(s != NULL);
    if (n)
        memcpy(s, data, n);
    return s;
}

/* For length-delimited input: a copy of data[0..n) that ends exactly where
 * an inaccessible page begins, so that reading even one byte past `len`
 * faults. (The Rust library is not ASan-instrumented: its own byte reads are
 * only checked this way.) Two slots, for targets with two such inputs; the
 * copy stays valid until the next call for the same slot. Inputs larger
 * than a slot get an exact-size malloc()ed copy, to be released with
 * fz_tail_free(). */
#define FZ_TAIL_CAP (1u << 20)
static inline char *fz_tail_copy(int slot, const uint8_t *data, size_t n)
{
    static char *region[2];
    if (n > FZ_TAIL_CAP)
        return fz_memdup(data, n);
    if (region[slot] == NULL) {
        /* Kept for the life of the process. mmap, not malloc: the leak
         * checker scans heap blocks and would fault on the guard page. */
        long page = sysconf(_SC_PAGESIZE);
        char *m = mmap(NULL, FZ_TAIL_CAP + (size_t)page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        CHECK(m != MAP_FAILED);
        CHECK(mprotect(m + FZ_TAIL_CAP, (size_t)page, PROT_NONE) == 0);
        region[slot] = m;
    }
    char *p = region[slot] + FZ_TAIL_CAP - n;
    if (n)
        memcpy(p, data, n);
    return p;
}

static inline void fz_tail_free(char *p, size_t n)
{
    if (n > FZ_TAIL_CAP)
        free(p);
}

/* The input of a function that takes (pointer, length): with `exact`, the
 * bytes before an inaccessible page (slot 0 or 1); otherwise a
 * NUL-terminated copy. Released with fz_input_free(p, exact, n). */
static inline char *fz_input(int slot, int exact, const uint8_t *data, size_t n)
{
    return exact ? fz_tail_copy(slot, data, n) : fz_strndup(data, n);
}

static inline void fz_input_free(char *p, int exact, size_t n)
{
    if (exact)
        fz_tail_free(p, n);
    else
        free(p);
}

/* A copy of the C string `s` followed by a NUL and GUARD_LEN guard bytes,
 * for functions that write in place. */
static inline char *fz_guarded_strdup(const char *s, size_t *lenp)
{
    size_t n = strlen(s);
    char *b = malloc(n + 1 + GUARD_LEN);
    CHECK(b != NULL);
    memcpy(b, s, n + 1);
    memset(b + n + 1, GUARD_BYTE, GUARD_LEN);
    if (lenp)
        *lenp = n;
    return b;
}

static inline int fz_guard_intact(const char *g, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)g[i] != GUARD_BYTE)
            return 0;
    return 1;
}

/* Splits data[0..n) at NUL bytes into at most `max` fields (the last field
 * takes the rest, NULs included, and therefore ends at its first NUL as a C
 * string). Missing fields are empty strings. Each field is malloc()ed.
 * NUL is the separator because it is the one byte a C string argument can
 * never contain: TAB, CR, LF and every other byte stay available inside the
 * fields. */
static inline void fz_split_fields(const uint8_t *data, size_t n, char **out, int max)
{
    size_t pos = 0;
    for (int i = 0; i < max; i++) {
        size_t end = pos;
        if (i < max - 1)
            while (end < n && data[end] != 0)
                end++;
        else
            end = n;
        out[i] = fz_strndup(data + (pos < n ? pos : n), pos < n ? end - pos : 0);
        pos = end < n ? end + 1 : n;
    }
}

static inline void fz_free_fields(char **f, int max)
{
    for (int i = 0; i < max; i++)
        free(f[i]);
}

/* True if p points into the C string s (its terminating NUL included). */
static inline int fz_points_into(const char *p, const char *s)
{
    return p != NULL && s != NULL && p >= s && p <= s + strlen(s);
}

/* Checks the invariants of a record made by SplitURL, CreateURL, LinkURL or
 * AddPasswordURL, reading every string (so ASan sees a missing terminator or
 * a freed block). */
static inline void fz_check_url(const URL *u)
{
    CHECK(u != NULL);
    CHECK(u->name && u->file && u->proto && u->hostport && u->host && u->path);
#if defined(WWWURL_LEGACY_29H)
    CHECK(u->original_name && u->original_path && u->original_pathp);
    CHECK(fz_points_into(u->original_pathp, u->original_name));
    if (u->original_args)
        (void)strlen(u->original_args);
#endif
    CHECK(fz_points_into(u->hostp, u->name));
    CHECK(fz_points_into(u->pathp, u->name));
    CHECK(u->hostp <= u->pathp);
    CHECK(u->private_link == NULL && u->private_dir == NULL && u->private_file == NULL);
    /* doc/behaviour.md, The URL record: file is the same pointer as name without a user. */
    if (u->user == NULL)
        CHECK(u->file == u->name);
    if (u->pass)
        (void)strlen(u->pass);
    /* The host is the hostport, or a prefix of it. */
    CHECK(strncmp(u->host, u->hostport, strlen(u->host)) == 0);
    /* The name starts with the protocol and "://". */
    size_t pl = strlen(u->proto);
    CHECK(strncmp(u->name, u->proto, pl) == 0);
    CHECK(strncmp(u->name + pl, "://", 3) == 0);
    if (u->args)
        (void)strlen(u->args);
}

/* Compares a (possibly NULL) C string with a (possibly NULL) wwwurl_get
 * result of length len. */
static inline int fz_same_opt(const char *a, const char *b, size_t blen)
{
    if (a == NULL || b == NULL)
        return a == b;
    return strlen(a) == blen && strlen(b) == blen && memcmp(a, b, blen) == 0;
}

/* Fills the parts every modern handle must answer; checks the lengths, and
 * that the hostport is the host, or the host, ":" and the port text. */
static inline void fz_check_handle(const wwwurl_url *u)
{
    CHECK(u != NULL);
    for (wwwurl_part p = 0; p <= WWWURL_PART_PORT + 2; p++) {
        size_t len = 12345;
        const char *s = wwwurl_get(u, p, &len);
        if (s == NULL) {
            CHECK(len == 0);
            CHECK(p != WWWURL_PART_NAME && p != WWWURL_PART_FILE &&
                  p != WWWURL_PART_PROTO && p != WWWURL_PART_HOSTPORT &&
                  p != WWWURL_PART_HOST && p != WWWURL_PART_PATH);
        } else {
            CHECK(p <= WWWURL_PART_PORT);
            CHECK(strlen(s) == len);
        }
    }
    size_t hl = 0, hpl = 0, pl = 0;
    const char *host = wwwurl_get(u, WWWURL_PART_HOST, &hl);
    const char *hostport = wwwurl_get(u, WWWURL_PART_HOSTPORT, &hpl);
    const char *port = wwwurl_get(u, WWWURL_PART_PORT, &pl);
    CHECK(hl <= hpl && memcmp(host, hostport, hl) == 0);
    if (port == NULL)
        CHECK(hl == hpl);
    else
        CHECK(hpl == hl + 1 + pl && hostport[hl] == ':' && memcmp(hostport + hl + 1, port, pl) == 0);
    (void)wwwurl_port(u);
}

/* The configurations the targets choose from, made on the first call and
 * kept for the life of the process (each is frozen by its first use):
 *   0  NULL: the library's defaults (2.9 in libwwwurl, 2.9h in libwwwurl-29h)
 *   1  WWWURL_COMPAT_29
 *   2  WWWURL_COMPAT_29H
 *   3  WWWURL_COMPAT_29H, local host "proxy.example:3128", the default port
 *      of http 8080 and of gopher 70, none for finger.
 * `which` is taken modulo 4. */
#define FZ_NCONFIGS 4
static inline const wwwurl_config *fz_config(unsigned which)
{
    static wwwurl_config *cfg[FZ_NCONFIGS];
    static int made;
    if (!made) {
        cfg[0] = NULL;
        CHECK(wwwurl_config_new(&cfg[1]) == WWWURL_OK);
        CHECK(wwwurl_config_set_compat(cfg[1], WWWURL_COMPAT_29) == WWWURL_OK);
        CHECK(wwwurl_config_new(&cfg[2]) == WWWURL_OK);
        CHECK(wwwurl_config_set_compat(cfg[2], WWWURL_COMPAT_29H) == WWWURL_OK);
        CHECK(wwwurl_config_new(&cfg[3]) == WWWURL_OK);
        CHECK(wwwurl_config_set_compat(cfg[3], WWWURL_COMPAT_29H) == WWWURL_OK);
        CHECK(wwwurl_config_set_local_host(cfg[3], "proxy.example:3128",
                                           WWWURL_NUL_TERMINATED) == WWWURL_OK);
        CHECK(wwwurl_config_set_default_port(cfg[3], "http", WWWURL_NUL_TERMINATED, 8080) ==
              WWWURL_OK);
        CHECK(wwwurl_config_set_default_port(cfg[3], "gopher", WWWURL_NUL_TERMINATED, 70) ==
              WWWURL_OK);
        CHECK(wwwurl_config_set_default_port(cfg[3], "finger", WWWURL_NUL_TERMINATED, 0) ==
              WWWURL_OK);
        made = 1;
    }
    return cfg[which % FZ_NCONFIGS];
}

/* The historical functions with the settings of fz_config(which) (the
 * targets define no GetLocalHostPort or DefaultPort hooks). */
static inline void fz_legacy_config(unsigned which)
{
    CHECK(wwwurl_legacy_configure(fz_config(which)) == WWWURL_OK);
}

#define SAME(field, part)                                                      \
    do {                                                                       \
        size_t n_ = 0;                                                         \
        const char *m_ = wwwurl_get(m, part, &n_);                             \
        if (!fz_same_opt(u->field, m_, n_)) {                                  \
            fprintf(stderr, "%s: legacy \"%s\" modern \"%s\"\n", #field,       \
                    u->field ? u->field : "(null)", m_ ? m_ : "(null)");       \
            CHECK(!"legacy record and modern handle differ");          \
        }                                                                      \
    } while (0)

/* Compares a legacy record with a modern handle, field by field. */
static inline void fz_compare_record(const URL *u, const wwwurl_url *m)
{
    SAME(name, WWWURL_PART_NAME);
    SAME(file, WWWURL_PART_FILE);
    SAME(proto, WWWURL_PART_PROTO);
    SAME(hostport, WWWURL_PART_HOSTPORT);
    SAME(host, WWWURL_PART_HOST);
    SAME(path, WWWURL_PART_PATH);
    SAME(args, WWWURL_PART_ARGS);
    SAME(user, WWWURL_PART_USER);
    SAME(pass, WWWURL_PART_PASS);
#if defined(WWWURL_LEGACY_29H)
    SAME(original_name, WWWURL_PART_ORIGINAL_NAME);
    SAME(original_path, WWWURL_PART_ORIGINAL_PATH);
    SAME(original_args, WWWURL_PART_ORIGINAL_ARGS);
#endif
    CHECK(u->port == wwwurl_port(m));
}

/* Whether wwwurl_cache_file gives a path for the handle `u` (README, "The
 * cache file"): its protocol and hostport each make one plain directory name,
 * not empty, `.` or `..`, without `/` or a control byte, and a protocol
 * without a byte of 0x80 or more; otherwise WWWURL_ERR_UNSAFE_PATH. */
static inline int fz_cache_path_safe(const wwwurl_url *u)
{
    size_t n[2];
    const char *p[2];
    p[0] = wwwurl_get(u, WWWURL_PART_PROTO, &n[0]);
    p[1] = wwwurl_get(u, WWWURL_PART_HOSTPORT, &n[1]);
    for (int k = 0; k < 2; k++) {
        if (!p[k] || n[k] == 0 || (n[k] == 1 && p[k][0] == '.') ||
            (n[k] == 2 && p[k][0] == '.' && p[k][1] == '.'))
            return 0;
        for (size_t i = 0; i < n[k]; i++) {
            unsigned char b = (unsigned char)p[k][i];
            if (b < 0x20 || b == 0x7f || b == '/' || (k == 0 && b >= 0x80))
                return 0;
        }
    }
    return 1;
}

#endif
