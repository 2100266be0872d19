/* The wwwurl C test harness (see harness.h). */
#include "harness.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- growable byte buffer ------------------------------------------------ */

static void *h_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("harness: out of memory\n", stderr);
        exit(98);
    }
    return q;
}

void hb_init(hbuf *b)
{
    b->p = NULL;
    b->len = 0;
    b->cap = 0;
}

void hb_free(hbuf *b)
{
    free(b->p);
    hb_init(b);
}

static void hb_room(hbuf *b, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->p = h_xrealloc(b->p, cap);
        b->cap = cap;
    }
}

void hb_reset(hbuf *b)
{
    hb_room(b, 0);
    b->len = 0;
    b->p[0] = '\0';
}

void hb_put(hbuf *b, const void *p, size_t n)
{
    hb_room(b, n);
    if (n)
        memcpy(b->p + b->len, p, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void hb_puts(hbuf *b, const char *s)
{
    hb_put(b, s, strlen(s));
}

void hb_putc(hbuf *b, char c)
{
    hb_put(b, &c, 1);
}

void hb_printf(hbuf *b, const char *fmt, ...)
{
    va_list ap;
    char small[256];
    int n;

    va_start(ap, fmt);
    n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        hb_put(b, small, (size_t)n);
        return;
    }
    hb_room(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

static void hb_esc_byte(hbuf *b, unsigned char c)
{
    static const char hex[] = "0123456789ABCDEF";
    char t[4];

    switch (c) {
    case '\\': hb_put(b, "\\\\", 2); return;
    case '\t': hb_put(b, "\\t", 2); return;
    case '\n': hb_put(b, "\\n", 2); return;
    case '\r': hb_put(b, "\\r", 2); return;
    default: break;
    }
    if (c < 0x20 || c >= 0x7f || c == '|') {
        t[0] = '\\';
        t[1] = 'x';
        t[2] = hex[c >> 4];
        t[3] = hex[c & 15];
        hb_put(b, t, 4);
    } else {
        hb_putc(b, (char)c);
    }
}

void hb_esc(hbuf *b, const char *p, size_t n)
{
    size_t i;

    if (!p) {
        hb_put(b, "\\N", 2);
        return;
    }
    hb_room(b, n);
    for (i = 0; i < n; i++)
        hb_esc_byte(b, (unsigned char)p[i]);
}

void hb_escs(hbuf *b, const char *s)
{
    hb_esc(b, s, s ? strlen(s) : 0);
}

void hb_quote(hbuf *b, const char *p, size_t n, size_t max)
{
    if (!p) {
        hb_put(b, "\\N", 2);
        return;
    }
    hb_putc(b, '"');
    hb_esc(b, p, n > max ? max : n);
    hb_putc(b, '"');
    if (n > max)
        hb_printf(b, "...(%zu bytes)", n);
}

/* ---- groups and checks ---------------------------------------------------- */

static pthread_mutex_t h_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long h_max_print = 10;

void h_group_init(hgroup *g, const char *name)
{
    memset(g, 0, sizeof *g);
    g->name = name;
}

void h_group_merge(hgroup *to, const hgroup *from)
{
    pthread_mutex_lock(&h_lock);
    to->checked += from->checked;
    to->passed += from->passed;
    to->failed += from->failed;
    to->printed += from->printed;
    to->hidden += from->hidden;
    pthread_mutex_unlock(&h_lock);
}

static void h_case_at(hgroup *g, const char *vfile, unsigned vline)
{
    g->vfile = vfile;
    g->vline = vline;
    g->case_failed = 0;
}

void h_case_begin(hgroup *g, const hfile *f, const hrow *r)
{
    h_case_at(g, f ? f->path : NULL, r ? r->line : 0);
}

int h_case_end(hgroup *g)
{
    int ok = !g->case_failed;

    g->checked++;
    if (!ok)
        g->failed++;
    else
        g->passed++;
    g->case_failed = 0;
    return ok;
}

void h_fail(hgroup *g, const char *cfile, int cline, const char *fmt, ...)
{
    va_list ap;
    hbuf line;
    int n;

    g->case_failed = 1;
    if (g->printed >= h_max_print) {
        g->hidden++;
        return;
    }
    g->printed++;
    hb_init(&line);
    hb_printf(&line, "%s:%d: %s", cfile, cline, g->name);
    if (g->vfile)
        hb_printf(&line, " [%s:%u]", g->vfile, g->vline);
    hb_puts(&line, " ");
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        char *m = h_xrealloc(NULL, (size_t)n + 1);
        va_start(ap, fmt);
        vsnprintf(m, (size_t)n + 1, fmt, ap);
        va_end(ap);
        hb_put(&line, m, (size_t)n);
        free(m);
    }
    hb_putc(&line, '\n');
    /* one write per line, so lines of several threads do not mix */
    fwrite(line.p, 1, line.len, stdout);
    fflush(stdout);
    hb_free(&line);
}

#define H_SHOW 240

int h_check_bytes(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                  const char *want, size_t wantlen, const char *got, size_t gotlen)
{
    hbuf w, o;

    if (want == NULL && got == NULL)
        return 1;
    if (want && got && wantlen == gotlen && memcmp(want, got, wantlen) == 0)
        return 1;
    hb_init(&w);
    hb_init(&o);
    hb_quote(&w, want, wantlen, H_SHOW);
    hb_quote(&o, got, gotlen, H_SHOW);
    h_fail(g, cfile, cline, "%s: in %s wanted %s got %s", what, in ? in : "-", w.p, o.p);
    hb_free(&w);
    hb_free(&o);
    return 0;
}

int h_check_long(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                 long long want, long long got)
{
    if (want == got)
        return 1;
    h_fail(g, cfile, cline, "%s: in %s wanted %lld got %lld", what, in ? in : "-", want, got);
    return 0;
}

int h_check_true(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                 int cond, const char *condtext)
{
    if (cond)
        return 1;
    h_fail(g, cfile, cline, "%s: in %s: failed: %s", what, in ? in : "-", condtext);
    return 0;
}

/* The i-th " | "-separated column of `s` (escaped text has no '|'). */
static const char *h_column(const char *s, size_t i, size_t *len)
{
    const char *e;

    while (i--) {
        s = strstr(s, " | ");
        if (!s) {
            *len = 0;
            return NULL;
        }
        s += 3;
    }
    e = strstr(s, " | ");
    *len = e ? (size_t)(e - s) : strlen(s);
    return s;
}

int h_check_dump(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                 const hbuf *want, const hbuf *got, const char *const *names)
{
    size_t i, wl, gl;
    const char *wc, *gc;
    const char *col = "?";
    hbuf w, o;

    if (want->len == got->len && memcmp(want->p, got->p, want->len) == 0)
        return 1;
    for (i = 0;; i++) {
        wc = h_column(want->p, i, &wl);
        gc = h_column(got->p, i, &gl);
        if (!wc || !gc || wl != gl || memcmp(wc, gc, wl) != 0)
            break;
    }
    if (names) {
        size_t k;
        for (k = 0; names[k] && k < i; k++)
            ;
        if (k == i && names[k])
            col = names[k];
    }
    hb_init(&w);
    hb_init(&o);
    hb_put(&w, want->p, want->len > 3 * H_SHOW ? 3 * H_SHOW : want->len);
    hb_put(&o, got->p, got->len > 3 * H_SHOW ? 3 * H_SHOW : got->len);
    h_fail(g, cfile, cline, "%s: in %s: first difference in column %zu (%s): wanted [%s%s] got [%s%s]",
           what, in ? in : "-", i, col, w.p, want->len > 3 * H_SHOW ? "..." : "", o.p,
           got->len > 3 * H_SHOW ? "..." : "");
    hb_free(&w);
    hb_free(&o);
    return 0;
}

/* ---- vector files --------------------------------------------------------- */

int h_quick(void)
{
    const char *q = getenv("WWWURL_TEST_QUICK");
    return q && *q && strcmp(q, "0") != 0;
}

size_t h_stride(size_t nrows)
{
    return (h_quick() && nrows > 100) ? 4 : 1;
}

static int h_hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Unescapes [s, s+n) in place; returns the new length or (size_t)-1. */
static size_t h_unescape(char *s, size_t n)
{
    size_t r = 0, w = 0;

    while (r < n) {
        char c = s[r++];
        if (c != '\\') {
            s[w++] = c;
            continue;
        }
        if (r >= n)
            return (size_t)-1;
        c = s[r++];
        switch (c) {
        case '\\': s[w++] = '\\'; break;
        case 't': s[w++] = '\t'; break;
        case 'n': s[w++] = '\n'; break;
        case 'r': s[w++] = '\r'; break;
        case 'x': {
            int hi, lo;
            if (r + 2 > n)
                return (size_t)-1;
            hi = h_hexval(s[r]);
            lo = h_hexval(s[r + 1]);
            if (hi < 0 || lo < 0)
                return (size_t)-1;
            s[w++] = (char)(hi * 16 + lo);
            r += 2;
            break;
        }
        default:
            return (size_t)-1;
        }
    }
    return w;
}

static void h_load_error(hgroup *g, const hfile *f, unsigned line, const char *msg)
{
    h_case_at(g, f->path, line);
    h_fail(g, __FILE__, __LINE__, "vector file: %s", msg);
    h_case_end(g);
}

size_t hf_load(hgroup *g, hfile *f, const char *dir, const char *rel, const char *func,
               unsigned nin, unsigned nout_min, unsigned nout_max)
{
    FILE *fp;
    size_t size = 0, cap = 0, nlines = 1, ntabs = 0, i, nf = 0, nr = 0;
    char *p, *end;
    unsigned lineno = 0;

    memset(f, 0, sizeof *f);
    snprintf(f->path, sizeof f->path, "%s/%s", dir, rel);
    fp = fopen(f->path, "rb");
    if (!fp) {
        char msg[1200];
        snprintf(msg, sizeof msg, "cannot open %s: %s", f->path, strerror(errno));
        h_load_error(g, f, 0, msg);
        return 0;
    }
    for (;;) {
        size_t got;
        if (size + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 65536;
            f->buf = h_xrealloc(f->buf, cap);
        }
        got = fread(f->buf + size, 1, cap - size - 1, fp);
        size += got;
        if (got == 0)
            break;
    }
    if (ferror(fp)) {
        fclose(fp);
        h_load_error(g, f, 0, "read error");
        return 0;
    }
    fclose(fp);
    f->buf[size] = '\0';
    for (i = 0; i < size; i++) {
        if (f->buf[i] == '\n')
            nlines++;
        else if (f->buf[i] == '\t')
            ntabs++;
    }
    f->fields = h_xrealloc(NULL, (ntabs + nlines + 1) * sizeof *f->fields);
    f->rows = h_xrealloc(NULL, nlines * sizeof *f->rows);

    p = f->buf;
    end = f->buf + size;
    while (p < end) {
        char *eol = memchr(p, '\n', (size_t)(end - p));
        char *q;
        size_t first = nf, k, n;
        int bad = 0;

        if (!eol)
            eol = end;
        lineno++;
        if (p == eol || *p == '#') {
            p = eol + 1;
            continue;
        }
        /* split at tabs; each field is NUL-terminated in place */
        q = p;
        for (;;) {
            char *t = memchr(q, '\t', (size_t)(eol - q));
            char *fe = t ? t : eol;
            f->fields[nf].p = q;
            f->fields[nf].len = (size_t)(fe - q);
            nf++;
            *fe = '\0';
            if (!t)
                break;
            q = t + 1;
        }
        n = nf - first;
        /* fields[first] is the function, then nin inputs, "=>", results */
        if (strcmp(f->fields[first].p, func) != 0) {
            h_load_error(g, f, lineno, "row does not name the expected function");
            bad = 1;
        } else if (n < 2 + (size_t)nin || strcmp(f->fields[first + 1 + nin].p, "=>") != 0) {
            h_load_error(g, f, lineno, "no \"=>\" after the expected number of inputs");
            bad = 1;
        } else if (n - 2 - nin < nout_min || (nout_max && n - 2 - nin > nout_max)) {
            h_load_error(g, f, lineno, "unexpected number of result columns");
            bad = 1;
        }
        for (k = first + 1; !bad && k < nf; k++) {
            hstr *fs = &f->fields[k];
            char *fp2 = (char *)fs->p;
            if (fs->len == 2 && fp2[0] == '\\' && fp2[1] == 'N') {
                fs->p = NULL;
                fs->len = 0;
                continue;
            }
            fs->len = h_unescape(fp2, fs->len);
            if (fs->len == (size_t)-1) {
                h_load_error(g, f, lineno, "bad escape");
                bad = 1;
                break;
            }
            fp2[fs->len] = '\0';
        }
        if (bad) {
            nf = first;
        } else {
            hrow *r = &f->rows[nr++];
            r->line = lineno;
            r->nin = nin;
            r->nout = (unsigned)(n - 2 - nin);
            r->in = &f->fields[first + 1];
            r->out = &f->fields[first + 2 + nin];
        }
        p = eol + 1;
    }
    f->nrows = nr;
    if (nr == 0)
        h_load_error(g, f, 0, "no vectors in the file");
    return nr;
}

void hf_free(hfile *f)
{
    free(f->buf);
    free(f->fields);
    free(f->rows);
    memset(f, 0, sizeof *f);
}

size_t h_slen(const char *s)
{
    return s ? strlen(s) : 0;
}

char *h_memdup(const hstr *s)
{
    char *p;

    if (!s->p)
        return NULL;
    p = h_xrealloc(NULL, s->len + 1);
    memcpy(p, s->p, s->len);
    p[s->len] = '\0';
    return p;
}

const char *h_desc(hbuf *b, const hrow *r)
{
    unsigned k;

    hb_reset(b);
    hb_putc(b, '(');
    for (k = 0; k < r->nin; k++) {
        if (k)
            hb_puts(b, ", ");
        hb_quote(b, r->in[k].p, r->in[k].len, H_SHOW);
    }
    hb_putc(b, ')');
    return b->p;
}

int h_parse_long(const hstr *s, long long *out)
{
    const char *p;
    char *e;
    long long v;

    if (!s->p || s->len == 0)
        return 0;
    p = s->p;
    errno = 0;
    v = strtoll(p, &e, 10);
    if (errno || (size_t)(e - p) != s->len)
        return 0;
    *out = v;
    return 1;
}

const char *h_status_name(int st)
{
    /* The library's own table, so that a new status needs no change here. */
    return wwwurl_status_name((uint32_t)st);
}

int h_check_status(hgroup *g, const char *cfile, int cline, const char *what, const char *in,
                   int want, int got)
{
    if (want == got)
        return 1;
    h_fail(g, cfile, cline, "%s: in %s wanted %s got %s", what, in ? in : "-",
           h_status_name(want), h_status_name(got));
    return 0;
}

static int h_plain_component(const char *s, size_t n, int high)
{
    size_t i;

    if (n == 0 || (n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
        return 0;
    for (i = 0; i < n; i++) {
        unsigned char b = (unsigned char)s[i];
        if (b < 0x20 || b == 0x7f || b == '/' || (!high && b >= 0x80))
            return 0;
    }
    return 1;
}

int h_cache_path_safe(const char *proto, size_t plen, const char *hostport, size_t hlen)
{
    return h_plain_component(proto, plen, 0) && h_plain_component(hostport, hlen, 1);
}

/* ---- JSON, enough for the web-platform-tests files ------------------------ */

/* The reader's place in the text. */
typedef struct hjp {
    const char *p, *end;
    int bad;
} hjp;

static void hj_ws(hjp *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t'))
        j->p++;
}

static void hj_put_utf8(hbuf *b, unsigned long c)
{
    if (c < 0x80) {
        hb_putc(b, (char)c);
    } else if (c < 0x800) {
        hb_putc(b, (char)(0xc0 | c >> 6));
        hb_putc(b, (char)(0x80 | (c & 0x3f)));
    } else if (c < 0x10000) {
        hb_putc(b, (char)(0xe0 | c >> 12));
        hb_putc(b, (char)(0x80 | (c >> 6 & 0x3f)));
        hb_putc(b, (char)(0x80 | (c & 0x3f)));
    } else {
        hb_putc(b, (char)(0xf0 | c >> 18));
        hb_putc(b, (char)(0x80 | (c >> 12 & 0x3f)));
        hb_putc(b, (char)(0x80 | (c >> 6 & 0x3f)));
        hb_putc(b, (char)(0x80 | (c & 0x3f)));
    }
}

static long hj_hex4(hjp *j)
{
    long v = 0;
    int k;
    if (j->end - j->p < 4)
        return -1;
    for (k = 0; k < 4; k++) {
        char c = *j->p++;
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= c - '0';
        else if (c >= 'a' && c <= 'f')
            v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v |= c - 'A' + 10;
        else
            return -1;
    }
    return v;
}

/* A string after its opening quote. A lone surrogate escape becomes
 * U+FFFD, as the URL API's USVString conversion makes it. */
static char *hj_string(hjp *j, size_t *len)
{
    hbuf b;
    hb_init(&b);
    while (j->p < j->end && *j->p != '"') {
        char c = *j->p++;
        if (c != '\\') {
            hb_putc(&b, c);
            continue;
        }
        if (j->p >= j->end)
            break;
        c = *j->p++;
        switch (c) {
        case 'n': hb_putc(&b, '\n'); break;
        case 't': hb_putc(&b, '\t'); break;
        case 'r': hb_putc(&b, '\r'); break;
        case 'b': hb_putc(&b, '\b'); break;
        case 'f': hb_putc(&b, '\f'); break;
        case 'u': {
            long u = hj_hex4(j);
            if (u < 0) {
                j->bad = 1;
                break;
            }
            if (u >= 0xd800 && u < 0xdc00 && j->end - j->p >= 6 && j->p[0] == '\\' &&
                j->p[1] == 'u') {
                const char *save = j->p;
                long lo;
                j->p += 2;
                lo = hj_hex4(j);
                if (lo >= 0xdc00 && lo < 0xe000) {
                    hj_put_utf8(&b, 0x10000 + ((unsigned long)(u - 0xd800) << 10) +
                                     (unsigned long)(lo - 0xdc00));
                    break;
                }
                j->p = save;
            }
            hj_put_utf8(&b, (u >= 0xd800 && u < 0xe000) ? 0xfffd : (unsigned long)u);
            break;
        }
        default: hb_putc(&b, c); break;
        }
    }
    if (j->p >= j->end)
        j->bad = 1;
    else
        j->p++;
    *len = b.len;
    hb_putc(&b, '\0');
    return b.p;
}

static void hj_value(hjp *j, hjson *v);

static void hj_push(hjson *v, hjson *item, char *key)
{
    v->item = h_xrealloc(v->item, (v->n + 1) * sizeof *v->item);
    if (v->type == HJ_OBJ)
        v->key = h_xrealloc(v->key, (v->n + 1) * sizeof *v->key);
    v->item[v->n] = *item;
    if (v->type == HJ_OBJ)
        v->key[v->n] = key;
    v->n++;
}

static void hj_value(hjp *j, hjson *v)
{
    memset(v, 0, sizeof *v);
    hj_ws(j);
    if (j->p >= j->end) {
        j->bad = 1;
        return;
    }
    if (*j->p == '"') {
        j->p++;
        v->type = HJ_STR;
        v->s = hj_string(j, &v->n);
    } else if (*j->p == '[' || *j->p == '{') {
        int obj = *j->p == '{';
        v->type = obj ? HJ_OBJ : HJ_ARR;
        j->p++;
        hj_ws(j);
        if (j->p < j->end && *j->p == (obj ? '}' : ']')) {
            j->p++;
            return;
        }
        while (!j->bad) {
            hjson item;
            char *key = NULL;
            if (obj) {
                size_t kn;
                hj_ws(j);
                if (j->p >= j->end || *j->p != '"') {
                    j->bad = 1;
                    return;
                }
                j->p++;
                key = hj_string(j, &kn);
                hj_ws(j);
                if (j->p >= j->end || *j->p != ':') {
                    free(key);
                    j->bad = 1;
                    return;
                }
                j->p++;
            }
            hj_value(j, &item);
            hj_push(v, &item, key);
            hj_ws(j);
            if (j->p < j->end && *j->p == ',') {
                j->p++;
                continue;
            }
            if (j->p < j->end && *j->p == (obj ? '}' : ']')) {
                j->p++;
                return;
            }
            j->bad = 1;
        }
    } else if (j->end - j->p >= 4 && !memcmp(j->p, "null", 4)) {
        v->type = HJ_NULL;
        j->p += 4;
    } else if (j->end - j->p >= 4 && !memcmp(j->p, "true", 4)) {
        v->type = HJ_BOOL;
        v->b = 1;
        j->p += 4;
    } else if (j->end - j->p >= 5 && !memcmp(j->p, "false", 5)) {
        v->type = HJ_BOOL;
        j->p += 5;
    } else {
        v->type = HJ_NUM;
        while (j->p < j->end && strchr("+-.0123456789eE", *j->p))
            j->p++;
    }
}

void hj_free(hjson *v)
{
    size_t k;
    free(v->s);
    for (k = 0; k < v->n && v->item; k++) {
        hj_free(&v->item[k]);
        if (v->key)
            free(v->key[k]);
    }
    free(v->item);
    free(v->key);
}

/* The member `key` of an object, or NULL. */
const hjson *hj_get(const hjson *o, const char *key)
{
    size_t k;
    if (!o || o->type != HJ_OBJ)
        return NULL;
    for (k = 0; k < o->n; k++)
        if (!strcmp(o->key[k], key))
            return &o->item[k];
    return NULL;
}

const hjson *hj_str(const hjson *o, const char *key)
{
    const hjson *v = hj_get(o, key);
    return v && v->type == HJ_STR ? v : NULL;
}

int hj_load(hgroup *g, const char *dir, const char *name, hjson *out)
{
    char path[4096];
    FILE *f;
    long size;
    char *text;
    hjp j;

    snprintf(path, sizeof path, "%s/../wpt/%s", dir, name);
    f = fopen(path, "rb");
    h_case_begin(g, NULL, NULL);
    CHECK(g, "read the web-platform-tests file", path, f != NULL);
    if (!f) {
        h_case_end(g);
        return 0;
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(text);
        CHECK(g, "read the web-platform-tests file", path, 0);
        h_case_end(g);
        return 0;
    }
    fclose(f);
    j.p = text;
    j.end = text + size;
    j.bad = 0;
    hj_value(&j, out);
    free(text);
    CHECK(g, "parse the web-platform-tests file", path, !j.bad);
    h_case_end(g);
    return !j.bad;
}


/* ---- URL dumps ------------------------------------------------------------ */

const char *const h_url_columns[] = {
    "name", "file", "proto", "hostport", "host", "port", "path", "args", "user", "pass",
    "hostp-offset", "pathp-offset", "file==name", "host==hostport", "private_*", NULL,
};

const char *const h_url_columns_29h[] = {
    "name", "file", "proto", "hostport", "host", "port", "path", "args", "user", "pass",
#if H_LAYOUT_29H
    "original_name", "original_path", "original_args", "original_pathp-offset",
#endif
    "hostp-offset", "pathp-offset", "file==name", "host==hostport", "private_*", NULL,
};

const char *const h_modern_columns[] = {
    "name", "file", "proto", "hostport", "host", "port", "path", "args", "user", "pass",
    "lengths", NULL,
};

const char *const h_modern_columns_29h[] = {
    "name", "file", "proto", "hostport", "host", "port", "path", "args", "user", "pass",
    "original_name", "original_path", "original_args", "lengths", NULL,
};

static void h_sep(hbuf *b)
{
    hb_put(b, " | ", 3);
}

int h_want_legacy(hbuf *b, const hrow *r, unsigned first, int v29h)
{
    const hstr *o = r->out + first;
    unsigned need = v29h ? H_URL_NOUT_29H : H_URL_NOUT;
    long long port, off;
    unsigned k;

    hb_reset(b);
    if (r->nout < first + need || !h_parse_long(&o[5], &port))
        return 0;
    for (k = 0; k < 10; k++) {
        if (k)
            h_sep(b);
        if (k == 5)
            hb_printf(b, "%lld", port);
        else
            hb_esc(b, o[k].p, o[k].len);
    }
    for (k = 10; k < need; k++) {
        /* a 2.9-layout record has no original_* fields to compare */
        if (v29h && !H_LAYOUT_29H && k < 14)
            continue;
        h_sep(b);
        if (k == need - 2 || k == need - 1 || (v29h && k == 13)) {
            if (!h_parse_long(&o[k], &off))
                return 0;
            hb_printf(b, "%lld", off);
        } else {
            hb_esc(b, o[k].p, o[k].len);
        }
    }
    /* identities: file == name iff there is no user; host == hostport iff
     * hostport has no port (not "iff port == -1": "h:-1" has port -1) */
    hb_printf(b, " | %d | %d | NULL", o[8].p == NULL,
              o[3].p && o[4].p && o[3].len == o[4].len && memcmp(o[3].p, o[4].p, o[3].len) == 0);
    return 1;
}

static void h_offset(hbuf *b, const char *base, const char *p)
{
    if (!base || !p)
        hb_put(b, "\\N", 2);
    else
        hb_printf(b, "%lld", (long long)((intptr_t)((uintptr_t)p - (uintptr_t)base)));
}

void h_dump_legacy(hbuf *b, const URL *u, int v29h)
{
    hb_reset(b);
    if (!u) {
        hb_puts(b, "\\N (no record)");
        return;
    }
    hb_escs(b, u->name);
    h_sep(b);
    hb_escs(b, u->file);
    h_sep(b);
    hb_escs(b, u->proto);
    h_sep(b);
    hb_escs(b, u->hostport);
    h_sep(b);
    hb_escs(b, u->host);
    hb_printf(b, " | %d | ", u->port);
    hb_escs(b, u->path);
    h_sep(b);
    hb_escs(b, u->args);
    h_sep(b);
    hb_escs(b, u->user);
    h_sep(b);
    hb_escs(b, u->pass);
    h_sep(b);
#if H_LAYOUT_29H
    if (v29h) {
        hb_escs(b, u->original_name);
        h_sep(b);
        hb_escs(b, u->original_path);
        h_sep(b);
        hb_escs(b, u->original_args);
        h_sep(b);
        h_offset(b, u->original_name, u->original_pathp);
        h_sep(b);
    }
#endif
    h_offset(b, u->name, u->hostp);
    h_sep(b);
    h_offset(b, u->name, u->pathp);
    hb_printf(b, " | %d | %d | ", u->file == u->name, u->host == u->hostport);
    if (!u->private_link && !u->private_dir && !u->private_file)
        hb_puts(b, "NULL");
    else
        hb_printf(b, "set(link=%p dir=%p file=%p)", (void *)u->private_link,
                  (void *)u->private_dir, (void *)u->private_file);
}

int h_want_modern(hbuf *b, const hrow *r, unsigned first, int v29h)
{
    const hstr *o = r->out + first;
    unsigned need = v29h ? H_URL_NOUT_29H : H_URL_NOUT;
    long long port;
    unsigned k;

    hb_reset(b);
    if (r->nout < first + need || !h_parse_long(&o[5], &port))
        return 0;
    for (k = 0; k < (v29h ? 13u : 10u); k++) {
        if (k)
            h_sep(b);
        if (k == 5)
            hb_printf(b, "%lld", port);
        else
            hb_esc(b, o[k].p, o[k].len);
    }
    hb_puts(b, " | ok");
    return 1;
}

void h_dump_modern(hbuf *b, const wwwurl_url *u, int v29h)
{
    static const wwwurl_part parts[] = {
        WWWURL_PART_NAME, WWWURL_PART_FILE, WWWURL_PART_PROTO, WWWURL_PART_HOSTPORT,
        WWWURL_PART_HOST, (wwwurl_part)-1 /* port */, WWWURL_PART_PATH, WWWURL_PART_ARGS,
        WWWURL_PART_USER, WWWURL_PART_PASS, WWWURL_PART_ORIGINAL_NAME,
        WWWURL_PART_ORIGINAL_PATH, WWWURL_PART_ORIGINAL_ARGS,
    };
    unsigned k, n = v29h ? 13u : 10u;
    hbuf bad;

    hb_reset(b);
    if (!u) {
        hb_puts(b, "\\N (no handle)");
        return;
    }
    hb_init(&bad);
    for (k = 0; k < n; k++) {
        const char *p;
        size_t len = (size_t)0xdeadbeef;
        if (k)
            h_sep(b);
        if (k == 5) {
            hb_printf(b, "%d", wwwurl_port(u));
            continue;
        }
        p = wwwurl_get(u, parts[k], &len);
        hb_escs(b, p);
        if (p ? len != strlen(p) : len != 0)
            hb_printf(&bad, "%s%u:%zu", bad.len ? "," : "", k, len);
    }
    h_sep(b);
    if (bad.len)
        hb_printf(b, "bad(%s)", bad.p);
    else
        hb_puts(b, "ok");
    hb_free(&bad);
}

/* ---- main ----------------------------------------------------------------- */

int h_initial_29h = -1;

int h_probe_29h(void)
{
    wwwurl_url *u = NULL;
    const char *args = NULL;
    size_t len = 0;
    int r = -1;

    if (wwwurl_parse(NULL, "http://h/?a&amp;b", WWWURL_NUL_TERMINATED, &u) == WWWURL_OK &&
        (args = wwwurl_get(u, WWWURL_PART_ARGS, &len)) != NULL)
        r = strcmp(args, "a&amp;b") == 0;
    wwwurl_free(u);
    return r;
}

static struct wwwurl_config *h_cfg29, *h_cfg29h;

static void h_free_configs(void)
{
    wwwurl_config_free(h_cfg29);
    wwwurl_config_free(h_cfg29h);
    h_cfg29 = h_cfg29h = NULL;
}

/* A config of `compat`, frozen by a first use (a copy, freed at once). */
static struct wwwurl_config *h_make_config(wwwurl_compat compat)
{
    struct wwwurl_config *c = NULL, *copy = NULL;
    if (wwwurl_config_new(&c) != WWWURL_OK || wwwurl_config_set_compat(c, compat) != WWWURL_OK ||
        wwwurl_config_dup(c, &copy) != WWWURL_OK) {
        fprintf(stderr, "harness: cannot make a config of compat mode %u\n", (unsigned)compat);
        exit(2);
    }
    wwwurl_config_free(copy);
    return c;
}

static void h_init_configs(void)
{
    if (h_cfg29)
        return;
    h_cfg29 = h_make_config(WWWURL_COMPAT_29);
    h_cfg29h = h_make_config(WWWURL_COMPAT_29H);
    atexit(h_free_configs);
}

const struct wwwurl_config *harness_config(wwwurl_compat compat)
{
    h_init_configs();
    return compat == WWWURL_COMPAT_29H ? h_cfg29h : h_cfg29;
}

int h_main(int argc, char **argv, const h_test *tests)
{
    const char *dir = argc > 1 ? argv[1] : "tests/vectors";
    const char *v = getenv("WWWURL_TEST_VERBOSE");
    unsigned long passed = 0, failed = 0;
    int status = 0, idx;

    setvbuf(stdout, NULL, _IOLBF, 0);
    h_initial_29h = h_probe_29h();
    h_init_configs();
    /* The vectors of every suite but v29h/ are 2.9 behaviour, and the 2.9h
     * library starts in 2.9h mode: the legacy functions start in 2.9 mode
     * (the suites set the mode they test), and the modern calls take H_CFG. */
    if (wwwurl_legacy_configure(h_cfg29) != WWWURL_OK) {
        fprintf(stderr, "harness: wwwurl_legacy_configure failed\n");
        return 2;
    }
    if (v && *v && strcmp(v, "0") != 0)
        h_max_print = (unsigned long)-1;
    if (h_quick())
        printf("(quick mode: every 4th row of files over 100 rows)\n");

    for (idx = 0; tests[idx].name; idx++) {
        hgroup g;
        h_group_init(&g, tests[idx].name);
        tests[idx].fn(&g, dir);
        if (g.checked == 0) {
            h_case_at(&g, NULL, 0);
            h_fail(&g, __FILE__, __LINE__, "no case was checked (missing or empty vectors?)");
            h_case_end(&g);
        }
        printf("  %-34s %6lu checked, %6lu passed, %6lu failed", g.name, g.checked, g.passed,
               g.failed);
        if (g.hidden)
            printf(" [%lu failure lines not shown]", g.hidden);
        printf("\n");
        passed += g.passed;
        failed += g.failed;
        if (g.failed && status == 0)
            status = 10 + (idx < 80 ? idx : 80);
    }
    printf("%lu passed, %lu failed\n", passed, failed);
    fflush(stdout);
    return status;
}
