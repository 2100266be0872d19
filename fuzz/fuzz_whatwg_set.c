/* wwwurl_whatwg_set of any attribute to any value. Byte 0: the attribute
 * (modulo 12: the eleven of the header, then an unknown one); byte 1: bit 0
 * gives the value by its exact length (before an inaccessible page), bit 1
 * sets a second attribute (byte 2, modulo 11) to the same value after the
 * first. The rest: the URL, NUL, the value. A URL that does not parse is
 * replaced by one with every attribute.
 * Properties: the status is one the header allows for that attribute (never
 * WWWURL_ERR_PANIC or WWWURL_ERR_NO_MEMORY); on every status but OK and
 * PORT_IGNORED every attribute is byte-identical to what it was; after any
 * set the href parses again, without a base, to exactly itself with every
 * attribute equal; the origin cannot be set. */
#include "fuzz_common.h"

#define N_PARTS (WWWURL_WHATWG_HASH + 1)

typedef struct snapshot {
    char *s[N_PARTS];
    size_t len[N_PARTS];
} snapshot;

static void take(const wwwurl_whatwg *u, snapshot *sn)
{
    for (wwwurl_whatwg_part p = 0; p < N_PARTS; p++) {
        const char *s = wwwurl_whatwg_get(u, p, &sn->len[p]);
        CHECK(s != NULL && memchr(s, 0, sn->len[p]) == NULL);
        sn->s[p] = fz_strndup((const uint8_t *)s, sn->len[p]);
    }
}

static void drop(snapshot *sn)
{
    for (int p = 0; p < N_PARTS; p++)
        free(sn->s[p]);
}

static int equal(const snapshot *a, const snapshot *b)
{
    for (int p = 0; p < N_PARTS; p++)
        if (a->len[p] != b->len[p] || memcmp(a->s[p], b->s[p], a->len[p]) != 0)
            return 0;
    return 1;
}

static void show(const char *what, const snapshot *sn)
{
    fprintf(stderr, "%s: href \"%s\"\n", what, sn->s[WWWURL_WHATWG_HREF]);
}

/* The href parses to a URL with the same attributes. */
static void fixed_point(const wwwurl_whatwg *u)
{
    snapshot a, b;
    take(u, &a);
    wwwurl_whatwg *again = NULL;
    wwwurl_status st = wwwurl_whatwg_parse(a.s[WWWURL_WHATWG_HREF], a.len[WWWURL_WHATWG_HREF],
                                           NULL, 0, &again);
    if (st != WWWURL_OK) {
        show("after the set", &a);
        CHECK(!"the href does not parse again");
    }
    take(again, &b);
    if (!equal(&a, &b)) {
        show("after the set", &a);
        show("parsed again", &b);
        CHECK(!"the href parses to other attributes");
    }
    drop(&a);
    drop(&b);
    wwwurl_whatwg_free(again);
}

static void set_once(wwwurl_whatwg *u, wwwurl_whatwg_part part, const char *v, size_t vlen)
{
    snapshot before, after;
    take(u, &before);
    wwwurl_status st = wwwurl_whatwg_set(u, part, v, vlen);
    switch (st) {
    case WWWURL_OK:
    case WWWURL_ERR_IGNORED:
        CHECK(part < N_PARTS && part != WWWURL_WHATWG_ORIGIN);
        break;
    case WWWURL_ERR_PORT_IGNORED:
        CHECK(part == WWWURL_WHATWG_HOST);
        break;
    case WWWURL_ERR_INVALID_URL:
        CHECK(part == WWWURL_WHATWG_HREF);
        break;
    case WWWURL_ERR_INVALID_ARGUMENT:
        CHECK(part >= N_PARTS || part == WWWURL_WHATWG_ORIGIN);
        break;
    default:
        fprintf(stderr, "wwwurl_whatwg_set(%u): status %u\n", (unsigned)part, (unsigned)st);
        CHECK(!"a status wwwurl_whatwg_set does not document here");
    }
    if (part >= N_PARTS || part == WWWURL_WHATWG_ORIGIN)
        CHECK(st == WWWURL_ERR_INVALID_ARGUMENT);
    take(u, &after);
    if (st != WWWURL_OK && st != WWWURL_ERR_PORT_IGNORED && !equal(&before, &after)) {
        show("before", &before);
        show("after", &after);
        CHECK(!"a set that did not apply changed the URL");
    }
    drop(&before);
    drop(&after);
    fixed_point(u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    wwwurl_whatwg_part part = data[0] % (N_PARTS + 1);
    int exact = data[1] & 1, twice = (data[1] & 2) != 0;
    wwwurl_whatwg_part second = data[2] % N_PARTS;
    data += 3, size -= 3;
    const uint8_t *nul = memchr(data, 0, size);
    size_t ul = nul ? (size_t)(nul - data) : size;
    const uint8_t *vd = nul ? nul + 1 : data + size;
    size_t vl = nul ? size - ul - 1 : 0;

    char *url = fz_strndup(data, ul);
    wwwurl_whatwg *u = NULL;
    if (wwwurl_whatwg_parse(url, WWWURL_NUL_TERMINATED, NULL, 0, &u) != WWWURL_OK)
        CHECK(wwwurl_whatwg_parse("https://user:pass@www.example.com:8080/a/b?q=1#frag",
                                  WWWURL_NUL_TERMINATED, NULL, 0, &u) == WWWURL_OK);
    free(url);

    char *v = fz_input(0, exact, vd, vl);
    size_t vlen = exact ? vl : WWWURL_NUL_TERMINATED;
    set_once(u, part, v, vlen);
    if (twice)
        set_once(u, second, v, vlen);
    fz_input_free(v, exact, vl);
    wwwurl_whatwg_free(u);
    return 0;
}
