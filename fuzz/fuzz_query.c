/* wwwurl_query_edit and its buffer form, wwwurl_query_get, _count, _next,
 * _decode. Byte 0: the edit (low 3 bits: WWWURL_QUERY_APPEND ..
 * STRIP_PREFIX; bit 3 set and bits 4-7 all set: an unknown edit); byte 1:
 * bit 0 passes no value (NULL), bits 1-7 the buffer form's capacity (0-127,
 * times 3). The rest: the query, NUL, the name, NUL, the value.
 * Properties: the edit succeeds (INVALID_ARGUMENT for an unknown one), and
 * the buffer form gives the same bytes and writes nothing at or past its
 * capacity. An edit that removes nothing gives the query itself; any other
 * result has no empty piece. Losslessness: every parameter the edit keeps is byte-identical
 * to the one in the query, in the same order; what it removes is exactly
 * what it must (names and values compared decoded); APPEND and SET add one
 * parameter that decodes to the name and value; SORT is a stable
 * permutation in which ASCII names are in order. wwwurl_query_get gives
 * the decoded value of the first parameter so named; wwwurl_query_count
 * counts what wwwurl_query_next gives. */
#include "fuzz_common.h"

/* More than any input of libFuzzer's default maximum length (4096 bytes)
 * can hold, the added parameter included. */
#define MAX_PARAMS 4096
/* The sort checks compare every pair: only up to this many parameters. */
#define QUADRATIC_MAX 300

typedef struct param {
    const char *raw; /* the piece, name[=value] */
    size_t len;
    char *name; /* decoded */
    size_t nlen;
    char *value; /* decoded; empty when there is no '=' */
    size_t vlen;
} param;

static char *decode(const char *s, size_t n, size_t *len)
{
    size_t needed = 0;
    CHECK(wwwurl_query_decode_buf(s, n, NULL, 0, &needed) == WWWURL_ERR_BUFFER_TOO_SMALL ||
          needed == 1);
    char *out = malloc(needed);
    CHECK(out != NULL);
    CHECK(wwwurl_query_decode_buf(s, n, out, needed, NULL) == WWWURL_OK);
    *len = needed - 1;
    return out;
}

/* The parameters of q (non-empty pieces), by wwwurl_query_next. */
static size_t params_of(const char *q, size_t qn, param *out)
{
    size_t pos = 0, n = 0;
    wwwurl_query_param p;
    wwwurl_status st;
    while ((st = wwwurl_query_next(q, qn, &pos, &p)) == WWWURL_OK) {
        CHECK(n < MAX_PARAMS);
        size_t end = p.has_value ? p.value_offset + p.value_len : p.name_offset + p.name_len;
        CHECK(p.name_offset < end && end <= qn && pos >= end && pos <= qn);
        CHECK(p.has_value ? q[p.value_offset - 1] == '=' : p.value_len == 0);
        out[n].raw = q + p.name_offset;
        out[n].len = end - p.name_offset;
        CHECK(memchr(out[n].raw, '&', out[n].len) == NULL);
        out[n].name = decode(q + p.name_offset, p.name_len, &out[n].nlen);
        out[n].value = decode(q + p.value_offset, p.value_len, &out[n].vlen);
        n++;
    }
    CHECK(st == WWWURL_ERR_NOT_FOUND);
    CHECK(wwwurl_query_count(q, qn) == n);
    return n;
}

static void free_params(param *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(p[i].name);
        free(p[i].value);
    }
}

static int same_raw(const param *a, const param *b)
{
    return a->len == b->len && memcmp(a->raw, b->raw, a->len) == 0;
}

static int is(const char *s, size_t n, const char *t, size_t tn)
{
    return n == tn && memcmp(s, t, n) == 0;
}

static int starts(const char *s, size_t n, const char *t, size_t tn)
{
    return n >= tn && memcmp(s, t, tn) == 0;
}

static int ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return 0;
    return 1;
}

/* Whether the edit removes p (for the edits that only remove). */
static int removed(uint32_t op, const param *p, const char *nm, size_t nn, const char *v,
                   size_t vn)
{
    switch (op) {
    case WWWURL_QUERY_DELETE:
        return is(p->name, p->nlen, nm, nn) && (!v || is(p->value, p->vlen, v, vn));
    case WWWURL_QUERY_STRIP:
        return is(p->name, p->nlen, nm, nn);
    case WWWURL_QUERY_KEEP:
        return !is(p->name, p->nlen, nm, nn);
    case WWWURL_QUERY_STRIP_PREFIX:
        return starts(p->name, p->nlen, nm, nn);
    case WWWURL_QUERY_KEEP_PREFIX:
        return !starts(p->name, p->nlen, nm, nn);
    }
    CHECK(!"not a removing edit");
    return 0;
}

/* The output's parameter k is the added one: it decodes to name and value. */
static void is_added(const param *p, const char *nm, size_t nn, const char *v, size_t vn)
{
    CHECK(is(p->name, p->nlen, nm, nn));
    CHECK(is(p->value, p->vlen, v ? v : "", v ? vn : 0));
    CHECK(memchr(p->raw, '=', p->len) != NULL);
}

static void check_edit(uint32_t op, const param *in, size_t n, const param *out, size_t m,
                       const char *nm, size_t nn, const char *v, size_t vn)
{
    size_t i, j, k;
    switch (op) {
    case WWWURL_QUERY_APPEND:
        CHECK(m == n + 1);
        for (i = 0; i < n; i++)
            CHECK(same_raw(&in[i], &out[i]));
        is_added(&out[n], nm, nn, v, vn);
        break;
    case WWWURL_QUERY_SET:
        for (k = 0; k < n && !is(in[k].name, in[k].nlen, nm, nn); k++)
            ;
        if (k == n) { /* appended */
            CHECK(m == n + 1);
            for (i = 0; i < n; i++)
                CHECK(same_raw(&in[i], &out[i]));
            is_added(&out[n], nm, nn, v, vn);
            break;
        }
        /* the first so named replaced, the others so named gone */
        for (i = 0, j = 0; i < n; i++) {
            if (i == k) {
                CHECK(j < m);
                is_added(&out[j++], nm, nn, v, vn);
            } else if (!is(in[i].name, in[i].nlen, nm, nn)) {
                CHECK(j < m && same_raw(&in[i], &out[j]));
                j++;
            }
        }
        CHECK(j == m);
        break;
    case WWWURL_QUERY_SORT: {
        CHECK(m == n);
        if (n > QUADRATIC_MAX)
            break; /* the checks below take n * n steps */
        size_t *from = malloc((n + 1) * sizeof *from);
        char *used = calloc(n + 1, 1);
        CHECK(from != NULL && used != NULL);
        /* a permutation: each output parameter is an input one, byte for
         * byte (the first unused one with its bytes) */
        for (j = 0; j < m; j++) {
            for (i = 0; i < n && (used[i] || !same_raw(&in[i], &out[j])); i++)
                ;
            CHECK(i < n);
            used[i] = 1;
            from[j] = i;
        }
        for (j = 0; j < m; j++)
            for (k = j + 1; k < m; k++) {
                /* stable: parameters of one decoded name keep their order */
                if (is(out[j].name, out[j].nlen, out[k].name, out[k].nlen))
                    CHECK(from[j] < from[k]);
                /* in order: ASCII names compare as bytes (code units) */
                if (ascii(out[j].name, out[j].nlen) && ascii(out[k].name, out[k].nlen)) {
                    size_t a = out[j].nlen, b = out[k].nlen;
                    int c = memcmp(out[j].name, out[k].name, a < b ? a : b);
                    CHECK(c < 0 || (c == 0 && a <= b));
                }
            }
        free(from);
        free(used);
        break;
    }
    default:
        for (i = 0, j = 0; i < n; i++) {
            if (removed(op, &in[i], nm, nn, v, vn))
                continue;
            CHECK(j < m && same_raw(&in[i], &out[j]));
            j++;
        }
        CHECK(j == m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    uint32_t op = data[0] & 7;
    if ((data[0] & 0xF8) == 0xF8)
        op = 8 + (data[0] & 7);
    int no_value = data[1] & 1;
    size_t cap = (size_t)(data[1] >> 1) * 3;
    char *f[3];
    fz_split_fields(data + 2, size - 2, f, 3);
    const char *q = f[0], *nm = f[1], *v = no_value ? NULL : f[2];
    size_t qn = strlen(q), nn = strlen(nm), vn = v ? strlen(v) : 0;

    char *out = (char *)(uintptr_t)1;
    wwwurl_status st = wwwurl_query_edit(q, qn, op, nm, nn, v, vn, &out);
    char *buf = malloc(cap + GUARD_LEN);
    CHECK(buf != NULL);
    memset(buf, GUARD_BYTE, cap + GUARD_LEN);
    size_t needed = 0;
    wwwurl_status bst =
        wwwurl_query_edit_buf(q, qn, op, nm, nn, v, vn, cap ? buf : NULL, cap, &needed);
    CHECK(fz_guard_intact(buf + cap, GUARD_LEN));
    if (op > WWWURL_QUERY_STRIP_PREFIX) {
        CHECK(st == WWWURL_ERR_INVALID_ARGUMENT && bst == st);
        CHECK(out == (char *)(uintptr_t)1);
    } else {
        CHECK(st == WWWURL_OK);
        size_t ol = strlen(out);
        CHECK(needed == ol + 1);
        if (cap >= needed)
            CHECK(bst == WWWURL_OK && memcmp(buf, out, needed) == 0);
        else
            CHECK(bst == WWWURL_ERR_BUFFER_TOO_SMALL);

        static param in[MAX_PARAMS], res[MAX_PARAMS];
        size_t n = params_of(q, qn, in);
        size_t m = params_of(out, ol, res);
        /* An edit that changes nothing writes the query as it is (the
         * core's "What a rewrite keeps"); any other joins the parameters
         * with single '&'s: no empty piece, no '&' at either end. */
        if (!(ol == qn && memcmp(out, q, qn) == 0) && ol) {
            CHECK(out[0] != '&' && out[ol - 1] != '&');
            CHECK(strstr(out, "&&") == NULL);
        }
        check_edit(op, in, n, res, m, nm, nn, v, vn);
        if (op != WWWURL_QUERY_APPEND && op != WWWURL_QUERY_SET && op != WWWURL_QUERY_SORT &&
            m == n)
            CHECK(ol == qn && memcmp(out, q, qn) == 0);

        /* the first parameter so named, decoded */
        size_t k;
        for (k = 0; k < n && !is(in[k].name, in[k].nlen, nm, nn); k++)
            ;
        char *got = (char *)(uintptr_t)1;
        wwwurl_status gst = wwwurl_query_get(q, qn, nm, nn, 0, 0, &got);
        if (k == n) {
            CHECK(gst == WWWURL_ERR_NOT_FOUND && got == (char *)(uintptr_t)1);
        } else if (memchr(in[k].value, 0, in[k].vlen)) {
            /* A decoded NUL: the malloc form has no length to give it. */
            CHECK(gst == WWWURL_ERR_HOLDS_NUL && got == (char *)(uintptr_t)1);
        } else {
            CHECK(gst == WWWURL_OK);
            CHECK(memcmp(got, in[k].value, in[k].vlen) == 0 && got[in[k].vlen] == '\0');
            wwwurl_string_free(got);
        }
        free_params(in, n);
        free_params(res, m);
        wwwurl_string_free(out);
    }
    free(buf);
    fz_free_fields(f, 3);
    return 0;
}
