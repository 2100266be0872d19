/* The historical string routines through the C ABI, over every conformance
 * vector: percent codecs, form arguments, hashes, base 64, dates, HTML.
 * Every result is released with free(), as the legacy ABI promises.
 * Inputs are passed as exact-size malloc'ed copies so that a read past the
 * terminating NUL is caught by ASan and valgrind. */
#include "harness.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef char *(*str_fn)(const char *);

/* One string in, one new string out (freed with free()). */
static void str_vectors(hgroup *g, const char *dir, const char *file, const char *func,
                        str_fn fn)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, file, func, 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *in = h_memdup(&r->in[0]);
            char *got;

            h_case_begin(g, &f, r);
            got = fn(in);
            CHECK_STR(g, func, h_desc(&d, r), &r->out[0], got);
            free(got);
            free(in);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

static void t_decode_generic(hgroup *g, const char *dir)
{
    str_vectors(g, dir, "URLDecodeGeneric.tsv", "URLDecodeGeneric", URLDecodeGeneric);
}

static void t_decode_form(hgroup *g, const char *dir)
{
    str_vectors(g, dir, "URLDecodeFormArgs.tsv", "URLDecodeFormArgs", URLDecodeFormArgs);
}

static void t_recode_form(hgroup *g, const char *dir)
{
    str_vectors(g, dir, "URLRecodeFormArgs.tsv", "URLRecodeFormArgs", URLRecodeFormArgs);
}

static void t_encode_path(hgroup *g, const char *dir)
{
    str_vectors(g, dir, "URLEncodePath.tsv", "URLEncodePath", URLEncodePath);
}

static void t_encode_form(hgroup *g, const char *dir)
{
    str_vectors(g, dir, "URLEncodeFormArgs.tsv", "URLEncodeFormArgs", URLEncodeFormArgs);
}

static void t_encode_password(hgroup *g, const char *dir)
{
    str_vectors(g, dir, "URLEncodePassword.tsv", "URLEncodePassword", URLEncodePassword);
}

static void t_make_hash(hgroup *g, const char *dir)
{
    str_vectors(g, dir, "MakeHash.tsv", "MakeHash", MakeHash);
}

#if defined(WWWURL_LEGACY_29H)
static void t_fix_html_link(hgroup *g, const char *dir)
{
    str_vectors(g, dir, "v29h/FixHTMLLinkURL.tsv", "FixHTMLLinkURL", FixHTMLLinkURL);
}
#endif

/* count, then one column per item; free result[0], then result */
static void t_split_form_args(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d, want, got;
    size_t i, step;

    hb_init(&d);
    hb_init(&want);
    hb_init(&got);
    if (hf_load(g, &f, dir, "SplitFormArgs.tsv", "SplitFormArgs", 1, 1, 0)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *in = h_memdup(&r->in[0]);
            char **res;
            long long count;
            unsigned k;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            if (!h_parse_long(&r->out[0], &count) || count != (long long)r->nout - 1) {
                h_fail(g, __FILE__, __LINE__, "bad vector: count %s does not match %u items",
                       r->out[0].p ? r->out[0].p : "\\N", r->nout - 1);
                free(in);
                h_case_end(g);
                continue;
            }
            hb_reset(&want);
            hb_printf(&want, "%lld", count);
            for (k = 1; k < r->nout; k++) {
                hb_puts(&want, " | ");
                hb_esc(&want, r->out[k].p, r->out[k].len);
            }
            res = SplitFormArgs(in);
            hb_reset(&got);
            if (!res) {
                hb_puts(&got, "\\N (no array)");
            } else {
                size_t n = 0;
                while (res[n])
                    n++;
                hb_printf(&got, "%zu", n);
                for (k = 0; k < n; k++) {
                    hb_puts(&got, " | ");
                    hb_escs(&got, res[k]);
                }
                free(res[0]);
                free(res);
            }
            CHECK_DUMP(g, "SplitFormArgs", d.p, &want, &got, NULL);
            free(in);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
    hb_free(&want);
    hb_free(&got);
}

/* in place on a malloc'ed copy; returns its argument */
static void t_trim_args(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "TrimArgs.tsv", "TrimArgs", 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *s = h_memdup(&r->in[0]);
            char *ret;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            ret = TrimArgs(s);
            CHECK(g, "TrimArgs returns its argument", d.p, ret == s);
            CHECK_STR(g, "TrimArgs", d.p, &r->out[0], s);
            free(s);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

#if !defined(WWWURL_LEGACY_29H)
/* in place on a malloc'ed copy */
static void inplace_vectors(hgroup *g, const char *dir, const char *file, const char *func,
                            void (*fn)(char *))
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, file, func, 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *s = h_memdup(&r->in[0]);

            h_case_begin(g, &f, r);
            fn(s);
            CHECK_STR(g, func, h_desc(&d, r), &r->out[0], s);
            free(s);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

static void t_replace_amp(hgroup *g, const char *dir)
{
    inplace_vectors(g, dir, "URLReplaceAmp.tsv", "URLReplaceAmp", URLReplaceAmp);
}
#endif

/* the input is bytes that may contain NUL: passed with its length */
static void t_base64_encode(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "Base64Encode.tsv", "Base64Encode", 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            size_t n = r->in[0].len;
            /* exactly n bytes, no terminator: any read past them is caught */
            char *in = malloc(n ? n : 1);
            char *got;

            h_case_begin(g, &f, r);
            if (n)
                memcpy(in, r->in[0].p, n);
            got = Base64Encode(in, n);
            CHECK_STR(g, "Base64Encode", h_desc(&d, r), &r->out[0], got);
            free(got);
            free(in);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

/* results: decoded length, decoded bytes (plus a terminating NUL) */
static void t_base64_decode(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "Base64Decode.tsv", "Base64Decode", 1, 2, 2)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *in = h_memdup(&r->in[0]);
            size_t n = (size_t)0xdeadbeef;
            long long wantn;
            char *got;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            if (!h_parse_long(&r->out[0], &wantn)) {
                h_fail(g, __FILE__, __LINE__, "bad vector: length column");
                free(in);
                h_case_end(g);
                continue;
            }
            got = Base64Decode(in, &n);
            if (!got) {
                CHECK_BYTES(g, "Base64Decode", d.p, r->out[1].p, r->out[1].len, NULL, 0);
            } else {
                CHECK_INT(g, "Base64Decode length", d.p, wantn, n);
                if (n == r->out[1].len) {
                    CHECK_BYTES(g, "Base64Decode bytes", d.p, r->out[1].p, r->out[1].len, got, n);
                    CHECK(g, "Base64Decode NUL-terminates", d.p, got[n] == '\0');
                }
            }
            free(got);
            free(in);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

static void t_rfc822_date(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "RFC822Date.tsv", "RFC822Date", 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            long long t;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            if (!h_parse_long(&r->in[0], &t))
                h_fail(g, __FILE__, __LINE__, "bad vector: time_t column");
            else
                CHECK_STR(g, "RFC822Date(t, 1)", d.p, &r->out[0], RFC822Date((time_t)t, 1));
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

static void t_date_to_time_t(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "DateToTimeT.tsv", "DateToTimeT", 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *in = h_memdup(&r->in[0]);
            long long want;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            if (!h_parse_long(&r->out[0], &want))
                h_fail(g, __FILE__, __LINE__, "bad vector: time_t column");
            else
                CHECK_INT(g, "DateToTimeT", d.p, want, DateToTimeT(in));
            free(in);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

static void t_duration(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "DurationToString.tsv", "DurationToString", 1, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            long long t;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            if (!h_parse_long(&r->in[0], &t))
                h_fail(g, __FILE__, __LINE__, "bad vector: seconds column");
            else
                CHECK_STR(g, "DurationToString", d.p, &r->out[0], DurationToString((time_t)t));
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

static void t_html_string(hgroup *g, const char *dir)
{
    hfile f;
    hbuf d;
    size_t i, step;

    hb_init(&d);
    if (hf_load(g, &f, dir, "HTMLString.tsv", "HTMLString", 2, 1, 1)) {
        step = h_stride(f.nrows);
        for (i = 0; i < f.nrows; i += step) {
            const hrow *r = &f.rows[i];
            char *in = h_memdup(&r->in[0]);
            long long nbsp;
            char *got;

            h_case_begin(g, &f, r);
            h_desc(&d, r);
            if (!h_parse_long(&r->in[1], &nbsp)) {
                h_fail(g, __FILE__, __LINE__, "bad vector: nbsp column");
            } else {
                got = HTMLString(in, (int)nbsp);
                CHECK_STR(g, "HTMLString", d.p, &r->out[0], got);
                free(got);
            }
            free(in);
            h_case_end(g);
        }
    }
    hf_free(&f);
    hb_free(&d);
}

/* ---- hand-written ---------------------------------------------------------- */

/* NULL input: NULL result, or nothing done */
static void t_null_inputs(hgroup *g, const char *dir)
{
    static const struct {
        const char *name;
        str_fn fn;
    } fns[] = {
        {"URLDecodeGeneric", URLDecodeGeneric},
        {"URLDecodeFormArgs", URLDecodeFormArgs},
        {"URLRecodeFormArgs", URLRecodeFormArgs},
        {"URLEncodePath", URLEncodePath},
        {"URLEncodeFormArgs", URLEncodeFormArgs},
        {"URLEncodePassword", URLEncodePassword},
        {"MakeHash", MakeHash},
#if defined(WWWURL_LEGACY_29H)
        {"FixHTMLLinkURL", FixHTMLLinkURL},
#endif
        {"CanonicaliseHost", CanonicaliseHost},
        {NULL, NULL},
    };
    size_t k, n = 12345;
    char *p;

    (void)dir;
    for (k = 0; fns[k].name; k++) {
        h_case_begin(g, NULL, NULL);
        p = fns[k].fn(NULL);
        CHECK(g, fns[k].name, "NULL", p == NULL);
        free(p);
        h_case_end(g);
    }

    h_case_begin(g, NULL, NULL);
    CHECK(g, "SplitFormArgs", "NULL", SplitFormArgs(NULL) == NULL);
    h_case_end(g);

    h_case_begin(g, NULL, NULL);
    CHECK(g, "TrimArgs", "NULL", TrimArgs(NULL) == NULL);
    h_case_end(g);

    h_case_begin(g, NULL, NULL);
    p = HTMLString(NULL, 0);
    CHECK(g, "HTMLString", "(NULL, 0)", p == NULL);
    free(p);
    p = HTMLString(NULL, 1);
    CHECK(g, "HTMLString", "(NULL, 1)", p == NULL);
    free(p);
    h_case_end(g);

    h_case_begin(g, NULL, NULL);
    p = Base64Decode(NULL, &n);
    CHECK(g, "Base64Decode", "(NULL, &n)", p == NULL);
    CHECK(g, "Base64Decode leaves *n untouched", "(NULL, &n)", n == 12345);
    free(p);
    h_case_end(g);

    h_case_begin(g, NULL, NULL);
    p = Base64Encode(NULL, 3);
    CHECK(g, "Base64Encode", "(NULL, 3)", p == NULL);
    free(p);
    h_case_end(g);

    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "DateToTimeT", "NULL", 0, DateToTimeT(NULL));
    h_case_end(g);

    h_case_begin(g, NULL, NULL);
#if !defined(WWWURL_LEGACY_29H)
    URLReplaceAmp(NULL);
#endif
    CanonicaliseName(NULL);
    h_case_end(g);
}

/* RFC822Date has 4 rotating buffers, DurationToString 2: the most recent
 * results stay valid, and no new memory is handed out. */
static void t_rotating(hgroup *g, const char *dir)
{
    static const time_t times[4] = {0, 86399, 784111777, 2147483647};
    static const char *const dates[4] = {
        "Thu, 01 Jan 1970 00:00:00 GMT",
        "Thu, 01 Jan 1970 23:59:59 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Tue, 19 Jan 2038 03:14:07 GMT",
    };
    char *p[5];
    int k, j;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    for (k = 0; k < 4; k++)
        p[k] = RFC822Date(times[k], 1);
    for (k = 0; k < 4; k++)
        CHECK_CSTR(g, "RFC822Date result still valid after 4 calls", dates[k], dates[k], p[k]);
    for (k = 0; k < 4; k++)
        for (j = k + 1; j < 4; j++)
            CHECK(g, "RFC822Date: 4 distinct buffers", dates[k], p[k] != p[j]);
    p[4] = RFC822Date(times[0], 1);
    CHECK(g, "RFC822Date: 5th call reuses one of the 4 buffers", "-",
          p[4] == p[0] || p[4] == p[1] || p[4] == p[2] || p[4] == p[3]);
    h_case_end(g);

    h_case_begin(g, NULL, NULL);
    p[0] = DurationToString(3600);
    p[1] = DurationToString(0);
    CHECK_CSTR(g, "DurationToString result still valid after 2 calls", "3600", "1h (3600s)", p[0]);
    CHECK_CSTR(g, "DurationToString", "0", " (0s)", p[1]);
    CHECK(g, "DurationToString: 2 distinct buffers", "-", p[0] != p[1]);
    p[2] = DurationToString(60);
    CHECK(g, "DurationToString: 3rd call reuses one of the 2 buffers", "-",
          p[2] == p[0] || p[2] == p[1]);
    h_case_end(g);

    /* local time: any non-empty text, in the same rotation */
    h_case_begin(g, NULL, NULL);
    p[0] = RFC822Date(784111777, 0);
    CHECK(g, "RFC822Date(t, 0) gives text", "784111777", p[0] != NULL && p[0][0] != '\0');
    h_case_end(g);
}

static const h_test tests[] = {
    {"URLDecodeGeneric", t_decode_generic},
    {"URLDecodeFormArgs", t_decode_form},
    {"URLRecodeFormArgs", t_recode_form},
    {"URLEncodePath", t_encode_path},
    {"URLEncodeFormArgs", t_encode_form},
    {"URLEncodePassword", t_encode_password},
    {"SplitFormArgs", t_split_form_args},
    {"TrimArgs", t_trim_args},
    {"MakeHash", t_make_hash},
    {"Base64Encode", t_base64_encode},
    {"Base64Decode", t_base64_decode},
    {"RFC822Date", t_rfc822_date},
    {"DateToTimeT", t_date_to_time_t},
    {"DurationToString", t_duration},
    {"HTMLString", t_html_string},
#if defined(WWWURL_LEGACY_29H)
    {"FixHTMLLinkURL (v29h)", t_fix_html_link},
#else
    {"URLReplaceAmp", t_replace_amp},
#endif
    {"NULL inputs", t_null_inputs},
    {"rotating buffers", t_rotating},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
