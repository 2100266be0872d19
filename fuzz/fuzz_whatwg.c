/* wwwurl_whatwg_parse, _can_parse, _get, _dup. Byte 0: bit 0 parse against
 * a base, bit 1 give the input by its exact length (before an inaccessible
 * page) instead of NUL-terminated. The rest: the input, then NUL and the
 * base.
 * Properties: the status is one the header documents, and _can_parse gives
 * the same; on success every attribute is a string of the length given
 * (ASCII but the origin), the href begins with the protocol and ends with
 * the hash and the search before it, and the href parses again, without a
 * base, to exactly itself with every attribute equal (the serialisation is
 * idempotent); a copy from _dup has every attribute equal; an unknown
 * attribute gives NULL and length 0. */
#include "fuzz_common.h"

#define N_PARTS (WWWURL_WHATWG_HASH + 1)

/* Every attribute of `a` equals that of `b`, byte for byte. */
static void same_parts(const wwwurl_whatwg *a, const wwwurl_whatwg *b)
{
    for (wwwurl_whatwg_part p = 0; p < N_PARTS; p++) {
        size_t la = 0, lb = 0;
        const char *sa = wwwurl_whatwg_get(a, p, &la);
        const char *sb = wwwurl_whatwg_get(b, p, &lb);
        CHECK(sa != NULL && sb != NULL);
        if (la != lb || memcmp(sa, sb, la) != 0) {
            fprintf(stderr, "attribute %u: \"%.*s\" then \"%.*s\"\n", (unsigned)p, (int)la, sa,
                    (int)lb, sb);
            CHECK(!"attributes differ");
        }
    }
}

/* The attributes are strings of their length; the href holds the others. */
static void check_parts(const wwwurl_whatwg *u)
{
    size_t len[N_PARTS];
    const char *s[N_PARTS];
    for (wwwurl_whatwg_part p = 0; p < N_PARTS; p++) {
        len[p] = 12345;
        s[p] = wwwurl_whatwg_get(u, p, &len[p]);
        CHECK(s[p] != NULL);
        /* a view: no NUL inside; the href's is NUL-terminated */
        CHECK(memchr(s[p], 0, len[p]) == NULL);
        CHECK(p != WWWURL_WHATWG_HREF || s[p][len[p]] == '\0');
        if (p != WWWURL_WHATWG_ORIGIN)
            for (size_t i = 0; i < len[p]; i++)
                CHECK((unsigned char)s[p][i] < 0x80);
    }
    size_t n = 12345;
    CHECK(wwwurl_whatwg_get(u, N_PARTS, &n) == NULL && n == 0);
    CHECK(wwwurl_whatwg_get(u, 0xFFFFFFFFu, NULL) == NULL);

    const char *href = s[WWWURL_WHATWG_HREF];
    size_t hl = len[WWWURL_WHATWG_HREF];
    size_t pl = len[WWWURL_WHATWG_PROTOCOL], ql = len[WWWURL_WHATWG_SEARCH],
           fl = len[WWWURL_WHATWG_HASH];
    CHECK(pl >= 2 && s[WWWURL_WHATWG_PROTOCOL][pl - 1] == ':');
    CHECK(hl >= pl && memcmp(href, s[WWWURL_WHATWG_PROTOCOL], pl) == 0);
    /* the search and hash attributes are empty for an empty component, whose
     * '?' or '#' the href keeps: a '#' ends the href only as an empty
     * fragment (elsewhere it would begin the fragment) */
    size_t tail = fl ? fl : (hl > pl && href[hl - 1] == '#');
    CHECK(hl >= pl + ql + tail);
    CHECK(memcmp(href + hl - fl, s[WWWURL_WHATWG_HASH], fl) == 0);
    CHECK(memcmp(href + hl - tail - ql, s[WWWURL_WHATWG_SEARCH], ql) == 0);
    CHECK(fl == 0 || s[WWWURL_WHATWG_HASH][0] == '#');
    CHECK(ql == 0 || s[WWWURL_WHATWG_SEARCH][0] == '?');
    /* the host is the hostname, or the hostname, ":" and the port */
    size_t hn = len[WWWURL_WHATWG_HOSTNAME], hp = len[WWWURL_WHATWG_HOST],
           po = len[WWWURL_WHATWG_PORT];
    CHECK(hp == hn + (po ? po + 1 : 0));
    CHECK(memcmp(s[WWWURL_WHATWG_HOST], s[WWWURL_WHATWG_HOSTNAME], hn) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int with_base = data[0] & 1, exact = (data[0] & 2) != 0;
    data++, size--;
    size_t in_len = size;
    const uint8_t *base_data = NULL;
    size_t base_len = 0;
    if (with_base) {
        const uint8_t *nul = memchr(data, 0, size);
        if (nul) {
            in_len = (size_t)(nul - data);
            base_data = nul + 1;
            base_len = size - in_len - 1;
        } else {
            base_data = data + size;
        }
    }
    char *in = fz_input(0, exact, data, in_len);
    char *base = with_base ? fz_input(1, exact, base_data, base_len) : NULL;
    size_t ilen = exact ? in_len : WWWURL_NUL_TERMINATED;
    size_t blen = exact ? base_len : WWWURL_NUL_TERMINATED;

    wwwurl_whatwg *u = (wwwurl_whatwg *)(uintptr_t)1;
    wwwurl_status st = wwwurl_whatwg_parse(in, ilen, base, blen, &u);
    /* One handle takes every input in turn: the same answer as a new
     * handle, and a failure leaves it as it was. */
    static wwwurl_whatwg *reused;
    if (reused == NULL)
        CHECK(wwwurl_whatwg_parse("https://first.example/", WWWURL_NUL_TERMINATED, NULL, 0,
                                  &reused) == WWWURL_OK);
    wwwurl_whatwg *before = NULL;
    CHECK(wwwurl_whatwg_dup(reused, &before) == WWWURL_OK);
    CHECK(wwwurl_whatwg_parse_into(reused, in, ilen, base, blen) == st);
    if (st == WWWURL_OK)
        same_parts(u, reused);
    else
        same_parts(before, reused);
    wwwurl_whatwg_free(before);
    CHECK(st == WWWURL_OK || st == WWWURL_ERR_INVALID_URL ||
          (with_base && st == WWWURL_ERR_INVALID_BASE));
    CHECK(wwwurl_whatwg_can_parse(in, ilen, base, blen) == st);
    if (st != WWWURL_OK) {
        CHECK(u == (wwwurl_whatwg *)(uintptr_t)1);
    } else {
        check_parts(u);
        size_t hl = 0;
        const char *href = wwwurl_whatwg_get(u, WWWURL_WHATWG_HREF, &hl);
        wwwurl_whatwg *again = NULL;
        wwwurl_status ast = wwwurl_whatwg_parse(href, hl, NULL, 0, &again);
        if (ast != WWWURL_OK) {
            fprintf(stderr, "href \"%s\" does not parse again (status %u)\n", href,
                    (unsigned)ast);
            CHECK(!"href is not a URL");
        }
        same_parts(u, again);
        wwwurl_whatwg_free(again);

        wwwurl_whatwg *copy = NULL;
        CHECK(wwwurl_whatwg_dup(u, &copy) == WWWURL_OK && copy != NULL);
        same_parts(u, copy);
        wwwurl_whatwg_free(u);
        check_parts(copy); /* the copy does not share the original's memory */
        wwwurl_whatwg_free(copy);
    }
    fz_input_free(in, exact, in_len);
    if (base)
        fz_input_free(base, exact, base_len);
    return 0;
}
