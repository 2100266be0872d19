/* URL patterns through the C ABI: every case of the web-platform-tests
 * urlpatterntestdata.json (tests/wpt/urlpattern, beside the vectors
 * directory given on the command line), run as WPT's urlpatterntests.js
 * runs it, through wwwurl_urlpattern_parse / _from_init, the component
 * strings of wwwurl_urlpattern_get, and _test / _exec (and their _init
 * forms) with each component's input and groups; then exact results of the
 * getters, the result accessors, the statuses and their messages, input
 * that is not UTF-8, pattern sets against single patterns on a list of
 * URLs (and WWWURL_ERR_BUFFER_TOO_SMALL), and patterns whose matching
 * would take exponential time returning WWWURL_ERR_BUDGET promptly. */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NT WWWURL_NUL_TERMINATED

static const char *const component_names[] = {
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
};
#define N_COMPONENTS 8

/* ---- the web-platform-tests cases -------------------------------------------- */

/* An init from a JSON object: its string members named as the Standard's
 * URLPatternInit members (others are ignored, as WebIDL ignores them). */
static void init_of(const hjson *o, wwwurl_urlpattern_init *init)
{
    static const char *const names[] = {
        "protocol", "username", "password", "hostname", "port",
        "pathname", "search",   "hash",     "baseURL",
    };
    const char **ptr[9];
    size_t *len[9];
    size_t k;

    memset(init, 0, sizeof *init);
    ptr[0] = &init->protocol, len[0] = &init->protocol_len;
    ptr[1] = &init->username, len[1] = &init->username_len;
    ptr[2] = &init->password, len[2] = &init->password_len;
    ptr[3] = &init->hostname, len[3] = &init->hostname_len;
    ptr[4] = &init->port, len[4] = &init->port_len;
    ptr[5] = &init->pathname, len[5] = &init->pathname_len;
    ptr[6] = &init->search, len[6] = &init->search_len;
    ptr[7] = &init->hash, len[7] = &init->hash_len;
    ptr[8] = &init->base_url, len[8] = &init->base_url_len;
    for (k = 0; k < 9; k++) {
        const hjson *v = hj_str(o, names[k]);
        if (v) {
            *ptr[k] = v->s;
            *len[k] = v->n;
        }
    }
}

/* What a case's JavaScript call does: a status of the C call, or a
 * TypeError that comes from the JavaScript types of the arguments (an init
 * with a base URL string beside it, options that are not a dictionary),
 * which no C call can be made with: the C forms take an init's base URL in
 * the init and the options as flags. */
#define JS_ONLY_ERROR (-1)

/* The constructor of a case: new URLPattern(...pattern). WebIDL's
 * overloads: (input, baseURL, options) with three arguments, baseURL
 * converted to a string; (input, baseURL) or (input, options) with two. */
static int construct(const hjson *args, wwwurl_urlpattern **out)
{
    const hjson *first = args->n > 0 ? &args->item[0] : NULL;
    const char *base = NULL;
    size_t base_len = 0;
    uint32_t flags = 0;
    const hjson *options = NULL;

    *out = NULL;
    if (args->n == 3) {
        const hjson *b = &args->item[1];
        if (b->type == HJ_STR)
            base = b->s, base_len = b->n;
        else
            base = "[object Object]", base_len = NT;
        options = &args->item[2];
        if (options->type != HJ_OBJ)
            return JS_ONLY_ERROR;
    } else if (args->n == 2 && args->item[1].type == HJ_STR) {
        base = args->item[1].s, base_len = args->item[1].n;
    } else if (args->n == 2) {
        options = &args->item[1];
        if (options->type != HJ_OBJ)
            return JS_ONLY_ERROR;
    }
    if (options) {
        const hjson *ic = hj_get(options, "ignoreCase");
        if (ic && ic->type == HJ_BOOL && ic->b)
            flags = WWWURL_URLPATTERN_IGNORE_CASE;
    }
    if (first && first->type == HJ_STR)
        return wwwurl_urlpattern_parse(first->s, first->n, base, base_len, flags, out);
    {
        wwwurl_urlpattern_init init;
        if (base)
            return JS_ONLY_ERROR;
        init_of(first, &init);
        return wwwurl_urlpattern_from_init(&init, flags, out);
    }
}

/* Whether the JSON array `a` holds the string `s`. */
static int listed(const hjson *a, const char *s)
{
    size_t k;
    for (k = 0; a && a->type == HJ_ARR && k < a->n; k++)
        if (a->item[k].type == HJ_STR && strcmp(a->item[k].s, s) == 0)
            return 1;
    return 0;
}

/* The component of a base URL as the constructor takes it: the WHATWG
 * attribute without the `:` of the protocol, the `?` or the `#`. 0 when the
 * base is not a URL (the component is then expected empty). */
static int base_component(const char *base, size_t base_len, int c, hbuf *out)
{
    static const wwwurl_whatwg_part parts[] = {
        WWWURL_WHATWG_PROTOCOL, WWWURL_WHATWG_USERNAME, WWWURL_WHATWG_PASSWORD,
        WWWURL_WHATWG_HOSTNAME, WWWURL_WHATWG_PORT,     WWWURL_WHATWG_PATHNAME,
        WWWURL_WHATWG_SEARCH,   WWWURL_WHATWG_HASH,
    };
    wwwurl_whatwg *u = NULL;
    const char *p;
    size_t n = 0;

    if (wwwurl_whatwg_parse(base, base_len, NULL, 0, &u) != WWWURL_OK)
        return 0;
    p = wwwurl_whatwg_get(u, parts[c], &n);
    if (c == 0 && n > 0 && p[n - 1] == ':')
        n--;
    if ((c == 6 || c == 7) && n > 0)
        p++, n--;
    hb_put(out, p, n);
    wwwurl_whatwg_free(u);
    return 1;
}

/* The pattern string WPT's runner expects of component `c` when the case's
 * expected_obj does not give it. */
static void expected_component(const hjson *entry, int c, hbuf *out)
{
    static const int earlier_count[] = {0, 0, 0, 1, 2, 3, 4, 5};
    const hjson *obj = hj_get(entry, "expected_obj"), *args = hj_get(entry, "pattern");
    const hjson *given = hj_str(obj, component_names[c]);
    const hjson *first = args && args->n > 0 ? &args->item[0] : NULL;
    const char *base = NULL;
    size_t base_len = 0;
    int k;

    hb_reset(out);
    hb_put(out, "", 0);
    if (given) {
        hb_put(out, given->s, given->n);
        return;
    }
    if (listed(hj_get(entry, "exactly_empty_components"), component_names[c]))
        return;
    if (first && first->type == HJ_OBJ) {
        const hjson *v = hj_str(first, component_names[c]);
        if (v && v->n > 0) {
            hb_put(out, v->s, v->n);
            return;
        }
        /* protocol < hostname < port < pathname < search < hash */
        for (k = 0; k < earlier_count[c]; k++) {
            static const char *const order[] = {"protocol", "hostname", "port", "pathname",
                                                "search"};
            if (hj_get(first, order[k])) {
                hb_puts(out, "*");
                return;
            }
        }
    }
    if (first && first->type == HJ_OBJ && hj_get(first, "baseURL")) {
        const hjson *b = hj_str(first, "baseURL");
        if (b)
            base = b->s, base_len = b->n;
    } else if (args && args->n > 1 && args->item[1].type == HJ_STR) {
        base = args->item[1].s, base_len = args->item[1].n;
    }
    if (base && c != 1 && c != 2) {
        base_component(base, base_len, c, out);
        return;
    }
    hb_puts(out, "*");
}

/* The groups of component `c` in `r` against the expected `groups` object
 * (a name to a string, or null for a group that did not take part). */
static void check_groups(hgroup *g, const char *in, const wwwurl_urlpattern_result *r, int c,
                         const hjson *groups)
{
    size_t count = wwwurl_urlpattern_result_group_count(r, (wwwurl_urlpattern_component)c);
    size_t k;
    char what[96];

    snprintf(what, sizeof what, "%s groups", component_names[c]);
    CHECK_INT(g, what, in, groups ? groups->n : 0, count);
    for (k = 0; groups && k < groups->n; k++) {
        const hjson *want = &groups->item[k];
        size_t i = (size_t)-1, n = 7;
        const char *v;
        snprintf(what, sizeof what, "%s group %s", component_names[c], groups->key[k]);
        if (!CHECK_STATUS(g, what, in, WWWURL_OK,
                          wwwurl_urlpattern_result_group_index(
                              r, (wwwurl_urlpattern_component)c, groups->key[k],
                              strlen(groups->key[k]), &i)))
            continue;
        CHECK_CSTR(g, what, in, groups->key[k],
                   wwwurl_urlpattern_result_group_name(r, (wwwurl_urlpattern_component)c, i,
                                                       NULL));
        v = wwwurl_urlpattern_result_group_value(r, (wwwurl_urlpattern_component)c, i, &n);
        if (want->type == HJ_NULL) {
            CHECK(g, what, in, v == NULL && n == 0);
        } else if (CHECK(g, what, in, v != NULL && want->type == HJ_STR)) {
            CHECK_BYTES(g, what, in, want->s, want->n, v, n);
            CHECK(g, "a group's value is NUL-terminated", in, v[n] == '\0');
        }
    }
}

/* test() and exec() of a case's inputs against `p`: the status of the
 * calls (JS_ONLY_ERROR for an init beside a base URL string), whether
 * test() matched, and exec()'s result. */
static int run_inputs(hgroup *g, const char *in, const wwwurl_urlpattern *p, const hjson *inputs,
                      int *matched, wwwurl_urlpattern_result **r)
{
    const hjson *first = inputs && inputs->n > 0 ? &inputs->item[0] : NULL;
    const hjson *base = inputs && inputs->n > 1 && inputs->item[1].type == HJ_STR
                            ? &inputs->item[1]
                            : NULL;
    int st, st2;

    *matched = -1;
    *r = NULL;
    if (first && first->type == HJ_STR) {
        st = wwwurl_urlpattern_test(p, first->s, first->n, base ? base->s : NULL,
                                    base ? base->n : 0, matched);
        st2 = wwwurl_urlpattern_exec(p, first->s, first->n, base ? base->s : NULL,
                                     base ? base->n : 0, r);
    } else {
        wwwurl_urlpattern_init init;
        if (base)
            return JS_ONLY_ERROR;
        init_of(first, &init);
        st = wwwurl_urlpattern_test_init(p, &init, matched);
        st2 = wwwurl_urlpattern_exec_init(p, &init, r);
    }
    CHECK_STATUS(g, "test() and exec() give the same status", in, st, st2);
    return st;
}

/* One case; 1 when it passed. `js_only` counts those whose JavaScript
 * error no C call can make. */
static void run_case(hgroup *g, const hjson *entry, unsigned *js_only)
{
    const hjson *args = hj_get(entry, "pattern"), *expected_obj = hj_get(entry, "expected_obj");
    const hjson *inputs = hj_get(entry, "inputs"), *expected = hj_get(entry, "expected_match");
    const hjson *empty = hj_get(entry, "exactly_empty_components");
    wwwurl_urlpattern *p = NULL;
    wwwurl_urlpattern_result *r = NULL;
    hbuf in, want;
    int st, matched, c;
    size_t k;

    hb_init(&in);
    hb_init(&want);
    /* The case's name: its pattern and inputs, as the runner names them. */
    hb_puts(&in, "pattern");
    for (k = 0; args && k < args->n; k++)
        hb_printf(&in, " %s", args->item[k].type == HJ_STR ? args->item[k].s : "{...}");
    if (inputs && inputs->n > 0)
        hb_printf(&in, " inputs %s", inputs->item[0].type == HJ_STR ? inputs->item[0].s : "{...}");

    h_case_begin(g, NULL, NULL);
    if (!CHECK(g, "a case has a pattern array", in.p, args && args->type == HJ_ARR)) {
        h_case_end(g);
        goto out;
    }
    st = construct(args, &p);
    if (expected_obj && expected_obj->type == HJ_STR && !strcmp(expected_obj->s, "error")) {
        if (st == JS_ONLY_ERROR)
            ++*js_only;
        else
            CHECK_STATUS(g, "the constructor fails", in.p, WWWURL_ERR_INVALID_PATTERN, st);
        CHECK(g, "no pattern on failure", in.p, p == NULL);
        h_case_end(g);
        goto out;
    }
    if (!CHECK_STATUS(g, "the constructor", in.p, WWWURL_OK, st)) {
        h_case_end(g);
        goto out;
    }
    for (c = 0; c < N_COMPONENTS; c++) {
        size_t n = 7;
        const char *got = wwwurl_urlpattern_get(p, (wwwurl_urlpattern_component)c, &n);
        expected_component(entry, c, &want);
        if (CHECK(g, component_names[c], in.p, got != NULL)) {
            CHECK_BYTES(g, component_names[c], in.p, want.p, want.len, got, n);
            CHECK(g, "a component string is NUL-terminated", in.p, got[n] == '\0');
        }
    }

    st = run_inputs(g, in.p, p, inputs, &matched, &r);
    if (expected && expected->type == HJ_STR && !strcmp(expected->s, "error")) {
        if (st == JS_ONLY_ERROR)
            ++*js_only;
        else
            CHECK(g, "test() and exec() fail", in.p, st != WWWURL_OK);
        h_case_end(g);
        goto out;
    }
    if (!CHECK_STATUS(g, "test() and exec()", in.p, WWWURL_OK, st)) {
        h_case_end(g);
        goto out;
    }
    CHECK_INT(g, "test()", in.p, expected && expected->type == HJ_OBJ, matched);
    if (!expected || expected->type != HJ_OBJ) {
        CHECK(g, "exec() gives no result", in.p, r == NULL);
        h_case_end(g);
        goto out;
    }
    if (!CHECK(g, "exec() gives a result", in.p, r != NULL)) {
        h_case_end(g);
        goto out;
    }
    /* expected_match.inputs echoes the arguments of exec(), which are the
     * caller's own: a C result does not hold them. */
    for (c = 0; c < N_COMPONENTS; c++) {
        const hjson *exp = hj_get(expected, component_names[c]);
        const hjson *exp_input = hj_str(exp, "input"), *exp_groups = hj_get(exp, "groups");
        size_t n = 7;
        const char *got = wwwurl_urlpattern_result_input(r, (wwwurl_urlpattern_component)c, &n);
        char what[64];
        snprintf(what, sizeof what, "%s input", component_names[c]);
        if (!exp) {
            /* Not listed: matched by a wildcard, an empty input whose group
             * "0" is empty, or no group for a component that is exactly
             * empty. */
            static const hjson empty_value = {HJ_STR, 0, (char *)"", 0, NULL, NULL};
            static char *zero_key[] = {(char *)"0"};
            static const hjson zero_group = {HJ_OBJ, 0, NULL, 1, (hjson *)&empty_value, zero_key};
            static const hjson no_groups = {HJ_OBJ, 0, NULL, 0, NULL, NULL};
            CHECK(g, what, in.p, got != NULL && n == 0);
            check_groups(g, in.p, r, c,
                         listed(empty, component_names[c]) ? &no_groups : &zero_group);
            continue;
        }
        if (CHECK(g, what, in.p, got != NULL && exp_input != NULL)) {
            CHECK_BYTES(g, what, in.p, exp_input->s, exp_input->n, got, n);
            CHECK(g, "an input is NUL-terminated", in.p, got[n] == '\0');
        }
        check_groups(g, in.p, r, c, exp_groups);
    }
    h_case_end(g);
out:
    wwwurl_urlpattern_result_free(r);
    wwwurl_urlpattern_free(p);
    hb_free(&in);
    hb_free(&want);
}

static void t_wpt(hgroup *g, const char *dir)
{
    hjson all;
    size_t k, cases = 0;
    unsigned long failed_before;
    unsigned js_only = 0;

    if (!hj_load(g, dir, "urlpattern/urlpatterntestdata.json", &all))
        return;
    failed_before = g->failed;
    for (k = 0; k < all.n; k++) {
        if (all.item[k].type != HJ_OBJ)
            continue;
        run_case(g, &all.item[k], &js_only);
        cases++;
    }
    hj_free(&all);
    printf("    urlpatterntestdata.json: %lu of %zu cases pass (%u with a JavaScript argument "
           "error no C call can make: an init with a base URL string beside it, options "
           "that are not a dictionary)\n",
           (unsigned long)cases - (g->failed - failed_before), cases, js_only);
    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "urlpatterntestdata.json has its cases", NULL, 369, cases);
    CHECK_INT(g, "cases that pass", NULL, 369, cases - (g->failed - failed_before));
    CHECK_INT(g, "cases of JavaScript argument errors", NULL, 3, js_only);
    h_case_end(g);
}

/* ---- exact results ---------------------------------------------------------------- */

/* The value of the group `name` of component `c`: its bytes, NULL when it
 * did not take part; "(none)" when there is no such group. */
static const char *group(const wwwurl_urlpattern_result *r, wwwurl_urlpattern_component c,
                         const char *name)
{
    size_t i;
    if (wwwurl_urlpattern_result_group_index(r, c, name, NT, &i) != WWWURL_OK)
        return "(none)";
    return wwwurl_urlpattern_result_group_value(r, c, i, NULL);
}

static void t_getters(hgroup *g, const char *dir)
{
    static const char *const want[] = {
        "https", "*", "*", ":sub.example.com", "", "/books/:id(\\d+)/:rest*", "*", "*",
    };
    wwwurl_urlpattern *p = NULL, *q = NULL;
    wwwurl_urlpattern_result *r = (wwwurl_urlpattern_result *)&r;
    size_t n = 7, i = 7;
    int c, m = 7;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    CHECK_STATUS(g, "parse", NULL, WWWURL_OK,
                 wwwurl_urlpattern_parse("https://:sub.example.com:443/books/:id(\\d+)/:rest*",
                                         NT, NULL, 0, 0, &p));
    for (c = 0; c < N_COMPONENTS; c++)
        CHECK_CSTR(g, component_names[c], NULL, want[c],
                   wwwurl_urlpattern_get(p, (wwwurl_urlpattern_component)c, NULL));
    CHECK(g, "an unknown component", NULL,
          wwwurl_urlpattern_get(p, 8, &n) == NULL && n == 0);
    CHECK_INT(g, "has_regexp_groups", NULL, 1, wwwurl_urlpattern_has_regexp_groups(p));
    CHECK_INT(g, "has_regexp_groups(NULL)", NULL, -1, wwwurl_urlpattern_has_regexp_groups(NULL));

    CHECK_STATUS(g, "exec", NULL, WWWURL_OK,
                 wwwurl_urlpattern_exec(p, "https://WWW.Example.com/books/42/a/b?q#f", NT, NULL,
                                        0, &r));
    CHECK_CSTR(g, "input protocol", NULL, "https",
               wwwurl_urlpattern_result_input(r, WWWURL_URLPATTERN_PROTOCOL, NULL));
    CHECK_CSTR(g, "input hostname", NULL, "www.example.com",
               wwwurl_urlpattern_result_input(r, WWWURL_URLPATTERN_HOSTNAME, NULL));
    CHECK_CSTR(g, "input port", NULL, "",
               wwwurl_urlpattern_result_input(r, WWWURL_URLPATTERN_PORT, NULL));
    CHECK_CSTR(g, "input pathname", NULL, "/books/42/a/b",
               wwwurl_urlpattern_result_input(r, WWWURL_URLPATTERN_PATHNAME, NULL));
    CHECK_CSTR(g, "input search", NULL, "q",
               wwwurl_urlpattern_result_input(r, WWWURL_URLPATTERN_SEARCH, NULL));
    CHECK_CSTR(g, "input hash", NULL, "f",
               wwwurl_urlpattern_result_input(r, WWWURL_URLPATTERN_HASH, &n));
    CHECK_INT(g, "input length", NULL, 1, n);
    CHECK(g, "input of an unknown component", NULL,
          wwwurl_urlpattern_result_input(r, 99, &n) == NULL && n == 0);
    CHECK_INT(g, "groups of the pathname", NULL, 2,
              wwwurl_urlpattern_result_group_count(r, WWWURL_URLPATTERN_PATHNAME));
    CHECK_INT(g, "groups of the port", NULL, 0,
              wwwurl_urlpattern_result_group_count(r, WWWURL_URLPATTERN_PORT));
    CHECK_INT(g, "groups of the search", NULL, 1,
              wwwurl_urlpattern_result_group_count(r, WWWURL_URLPATTERN_SEARCH));
    CHECK_INT(g, "groups of an unknown component", NULL, 0,
              wwwurl_urlpattern_result_group_count(r, 8));
    CHECK_INT(g, "groups of NULL", NULL, 0,
              wwwurl_urlpattern_result_group_count(NULL, WWWURL_URLPATTERN_PATHNAME));
    CHECK_CSTR(g, "group 0 of the pathname", NULL, "id",
               wwwurl_urlpattern_result_group_name(r, WWWURL_URLPATTERN_PATHNAME, 0, NULL));
    CHECK_CSTR(g, "group 1 of the pathname", NULL, "rest",
               wwwurl_urlpattern_result_group_name(r, WWWURL_URLPATTERN_PATHNAME, 1, NULL));
    CHECK_CSTR(g, "value 0 of the pathname", NULL, "42",
               wwwurl_urlpattern_result_group_value(r, WWWURL_URLPATTERN_PATHNAME, 0, NULL));
    CHECK_CSTR(g, "value 1 of the pathname", NULL, "a/b",
               wwwurl_urlpattern_result_group_value(r, WWWURL_URLPATTERN_PATHNAME, 1, &n));
    CHECK_INT(g, "its length", NULL, 3, n);
    CHECK(g, "group 2 of the pathname", NULL,
          wwwurl_urlpattern_result_group_name(r, WWWURL_URLPATTERN_PATHNAME, 2, &n) == NULL &&
              n == 0);
    CHECK(g, "value 2 of the pathname", NULL,
          wwwurl_urlpattern_result_group_value(r, WWWURL_URLPATTERN_PATHNAME, 2, NULL) == NULL);
    CHECK_CSTR(g, "group sub", NULL, "www", group(r, WWWURL_URLPATTERN_HOSTNAME, "sub"));
    CHECK_CSTR(g, "group 0 of the search", NULL, "q", group(r, WWWURL_URLPATTERN_SEARCH, "0"));
    CHECK_STATUS(g, "group_index of a missing name", NULL, WWWURL_ERR_NOT_FOUND,
                 wwwurl_urlpattern_result_group_index(r, WWWURL_URLPATTERN_PATHNAME, "sub", NT,
                                                      &i));
    CHECK_STATUS(g, "group_index of a prefix of a name", NULL, WWWURL_ERR_NOT_FOUND,
                 wwwurl_urlpattern_result_group_index(r, WWWURL_URLPATTERN_PATHNAME, "i", NT,
                                                      &i));
    CHECK_INT(g, "group_index leaves *index", NULL, 7, i);
    CHECK_STATUS(g, "group_index with its length", NULL, WWWURL_OK,
                 wwwurl_urlpattern_result_group_index(r, WWWURL_URLPATTERN_PATHNAME, "restless",
                                                      4, &i));
    CHECK_INT(g, "group_index", NULL, 1, i);
    CHECK_STATUS(g, "group_index of an unknown component", NULL, WWWURL_ERR_INVALID_ARGUMENT,
                 wwwurl_urlpattern_result_group_index(r, 8, "id", NT, &i));
    wwwurl_urlpattern_result_free(r);

    /* No match: WWWURL_OK and NULL; test agrees. */
    r = (wwwurl_urlpattern_result *)&r;
    CHECK_STATUS(g, "exec without a match", NULL, WWWURL_OK,
                 wwwurl_urlpattern_exec(p, "https://www.example.com/books/x/", NT, NULL, 0, &r));
    CHECK(g, "no result", NULL, r == NULL);
    CHECK_STATUS(g, "test", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test(p, "https://www.example.com/books/x/", NT, NULL, 0, &m));
    CHECK_INT(g, "test without a match", NULL, 0, m);
    CHECK_STATUS(g, "test of a relative URL with a base", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test(p, "../7", NT, "https://a.example.com/books/x/y", NT,
                                        &m));
    CHECK_INT(g, "test of a relative URL with a base", NULL, 1, m);
    CHECK_STATUS(g, "test of what is not a URL", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test(p, "/books/7", NT, NULL, 0, &m));
    CHECK_INT(g, "what is not a URL matches nothing", NULL, 0, m);
    r = (wwwurl_urlpattern_result *)&r;
    CHECK_STATUS(g, "exec with a base that is not a URL", NULL, WWWURL_OK,
                 wwwurl_urlpattern_exec(p, "/books/7", NT, "example", NT, &r));
    CHECK(g, "no result", NULL, r == NULL);

    /* An optional group that does not take part: NULL, JavaScript's
     * undefined; an empty one that does: "". The pattern string of
     * {/:x}? is /:x? (the Standard writes no braces it does not need). */
    CHECK_STATUS(g, "parse", NULL, WWWURL_OK,
                 wwwurl_urlpattern_parse("/a{/:x}?/:y?", NT, "https://e.example", NT, 0, &q));
    CHECK_CSTR(g, "a component of the base", NULL, "e.example",
               wwwurl_urlpattern_get(q, WWWURL_URLPATTERN_HOSTNAME, NULL));
    CHECK_CSTR(g, "pathname", NULL, "/a/:x?/:y?",
               wwwurl_urlpattern_get(q, WWWURL_URLPATTERN_PATHNAME, NULL));
    CHECK_INT(g, "has_regexp_groups", NULL, 0, wwwurl_urlpattern_has_regexp_groups(q));
    CHECK_STATUS(g, "exec", NULL, WWWURL_OK,
                 wwwurl_urlpattern_exec(q, "https://e.example/a", NT, NULL, 0, &r));
    CHECK_INT(g, "groups", NULL, 2,
              wwwurl_urlpattern_result_group_count(r, WWWURL_URLPATTERN_PATHNAME));
    CHECK(g, "x did not take part", NULL, group(r, WWWURL_URLPATTERN_PATHNAME, "x") == NULL);
    CHECK(g, "y did not take part", NULL, group(r, WWWURL_URLPATTERN_PATHNAME, "y") == NULL);
    CHECK_CSTR(g, "the name of an undefined group", NULL, "y",
               wwwurl_urlpattern_result_group_name(r, WWWURL_URLPATTERN_PATHNAME, 1, NULL));
    CHECK_CSTR(g, "a wildcard that took part, empty", NULL, "",
               group(r, WWWURL_URLPATTERN_HASH, "0"));
    wwwurl_urlpattern_result_free(r);
    CHECK_STATUS(g, "exec", NULL, WWWURL_OK,
                 wwwurl_urlpattern_exec(q, "https://e.example/a/b/c", NT, NULL, 0, &r));
    CHECK_CSTR(g, "x", NULL, "b", group(r, WWWURL_URLPATTERN_PATHNAME, "x"));
    CHECK_CSTR(g, "y", NULL, "c", group(r, WWWURL_URLPATTERN_PATHNAME, "y"));
    wwwurl_urlpattern_result_free(r);
    wwwurl_urlpattern_free(q);
    wwwurl_urlpattern_free(p);
    h_case_end(g);
}

static void t_init(hgroup *g, const char *dir)
{
    wwwurl_urlpattern_init init, in;
    wwwurl_urlpattern *p = NULL;
    wwwurl_urlpattern_result *r = NULL;
    char *big;
    int m = 7;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    /* The components up to the first one given come from the base URL. */
    memset(&init, 0, sizeof init);
    init.pathname = "/static/*.css-and-more";
    init.pathname_len = strlen("/static/*.css");
    init.base_url = "https://cdn.example/x?y#z";
    init.base_url_len = NT;
    CHECK_STATUS(g, "from_init", NULL, WWWURL_OK,
                 wwwurl_urlpattern_from_init(&init, WWWURL_URLPATTERN_IGNORE_CASE, &p));
    CHECK_CSTR(g, "protocol", NULL, "https", wwwurl_urlpattern_get(p, WWWURL_URLPATTERN_PROTOCOL, NULL));
    CHECK_CSTR(g, "hostname", NULL, "cdn.example",
               wwwurl_urlpattern_get(p, WWWURL_URLPATTERN_HOSTNAME, NULL));
    CHECK_CSTR(g, "pathname", NULL, "/static/*.css",
               wwwurl_urlpattern_get(p, WWWURL_URLPATTERN_PATHNAME, NULL));
    CHECK_CSTR(g, "search", NULL, "*", wwwurl_urlpattern_get(p, WWWURL_URLPATTERN_SEARCH, NULL));
    CHECK_CSTR(g, "username", NULL, "*",
               wwwurl_urlpattern_get(p, WWWURL_URLPATTERN_USERNAME, NULL));

    /* ignoreCase: the pathname without regard to case. */
    CHECK_STATUS(g, "test", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test(p, "https://cdn.example/STATIC/a/b.CSS?v=1", NT, NULL, 0,
                                        &m));
    CHECK_INT(g, "ignoreCase", NULL, 1, m);

    /* An init input: a component given empty is not one absent. */
    memset(&in, 0, sizeof in);
    in.protocol = "https:";
    in.protocol_len = NT;
    in.hostname = "CDN.example";
    in.hostname_len = NT;
    in.pathname = "/static/site.css";
    in.pathname_len = NT;
    CHECK_STATUS(g, "test_init", NULL, WWWURL_OK, wwwurl_urlpattern_test_init(p, &in, &m));
    CHECK_INT(g, "test_init", NULL, 1, m);
    CHECK_STATUS(g, "exec_init", NULL, WWWURL_OK, wwwurl_urlpattern_exec_init(p, &in, &r));
    CHECK_CSTR(g, "the hostname canonicalised", NULL, "cdn.example",
               wwwurl_urlpattern_result_input(r, WWWURL_URLPATTERN_HOSTNAME, NULL));
    CHECK_CSTR(g, "group 0", NULL, "site", group(r, WWWURL_URLPATTERN_PATHNAME, "0"));
    CHECK_CSTR(g, "the search absent: empty", NULL, "",
               wwwurl_urlpattern_result_input(r, WWWURL_URLPATTERN_SEARCH, NULL));
    wwwurl_urlpattern_result_free(r);
    in.pathname = NULL;
    in.pathname_len = 99;
    CHECK_STATUS(g, "test_init", NULL, WWWURL_OK, wwwurl_urlpattern_test_init(p, &in, &m));
    CHECK_INT(g, "the pathname absent: empty, no match", NULL, 0, m);
    /* A base URL in the input: the components up to the first one given. */
    memset(&in, 0, sizeof in);
    in.pathname = "a.css";
    in.pathname_len = NT;
    in.base_url = "https://cdn.example/static/";
    in.base_url_len = NT;
    CHECK_STATUS(g, "test_init with a base", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test_init(p, &in, &m));
    CHECK_INT(g, "a pathname relative to the base's", NULL, 1, m);
    in.base_url = "not a URL";
    CHECK_STATUS(g, "test_init with a base that is not a URL", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test_init(p, &in, &m));
    CHECK_INT(g, "matches nothing", NULL, 0, m);
    r = (wwwurl_urlpattern_result *)&r;
    CHECK_STATUS(g, "exec_init with a base that is not a URL", NULL, WWWURL_OK,
                 wwwurl_urlpattern_exec_init(p, &in, &r));
    CHECK(g, "no result", NULL, r == NULL);
    /* Each member is an input of its own, held to the input limit. */
    in.base_url = NULL;
    big = malloc(((size_t)8 << 20) + 2);
    if (CHECK(g, "memory for a long member", NULL, big != NULL)) {
        memset(big, 'x', ((size_t)8 << 20) + 1);
        big[((size_t)8 << 20) + 1] = '\0';
        in.hash = big;
        in.hash_len = NT;
        CHECK_STATUS(g, "a member over the input limit", NULL, WWWURL_ERR_TOO_LONG,
                     wwwurl_urlpattern_test_init(p, &in, &m));
        in.hash_len = (size_t)8 << 20;
        CHECK_STATUS(g, "a member at the input limit", NULL, WWWURL_OK,
                     wwwurl_urlpattern_test_init(p, &in, &m));
        CHECK_INT(g, "a member at the input limit", NULL, 0, m);
    }
    free(big);
    CHECK_STATUS(g, "NULL init", NULL, WWWURL_ERR_NULL, wwwurl_urlpattern_test_init(p, NULL, &m));
    wwwurl_urlpattern_free(p);

    /* An init with a component given empty. */
    memset(&init, 0, sizeof init);
    init.protocol = "https";
    init.protocol_len = NT;
    init.search = "";
    init.search_len = 0;
    p = NULL;
    CHECK_STATUS(g, "from_init", NULL, WWWURL_OK, wwwurl_urlpattern_from_init(&init, 0, &p));
    CHECK_CSTR(g, "search given empty", NULL, "",
               wwwurl_urlpattern_get(p, WWWURL_URLPATTERN_SEARCH, NULL));
    CHECK_CSTR(g, "hash absent", NULL, "*", wwwurl_urlpattern_get(p, WWWURL_URLPATTERN_HASH, NULL));
    CHECK_STATUS(g, "test", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test(p, "https://h/?q", NT, NULL, 0, &m));
    CHECK_INT(g, "a query where none may be", NULL, 0, m);
    CHECK_STATUS(g, "test", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test(p, "https://h/#q", NT, NULL, 0, &m));
    CHECK_INT(g, "no query", NULL, 1, m);
    wwwurl_urlpattern_free(p);
    h_case_end(g);
}

static void t_statuses(hgroup *g, const char *dir)
{
    static const struct {
        const char *pattern, *base, *why;
    } bad[] = {
        {"/books/*", NULL, "relative pattern without a base URL"},
        {"/books/*", "not a URL", "invalid base URL"},
        {"https://example.com/:id(\\m)", NULL, "invalid escape in a regular expression"},
        {"https://example.com/(a", NULL, NULL},
        {"https://example.com/:", NULL, NULL},
        {"https://example.com/:id:id", NULL, NULL},
        {"https://example.com/((a)", NULL, NULL},
        {"https://example.com/([)", NULL, NULL},
    };
    wwwurl_urlpattern *p = (wwwurl_urlpattern *)&p;
    char *msg = NULL;
    size_t k;
    int m = 7;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        p = (wwwurl_urlpattern *)&p;
        CHECK_STATUS(g, "parse", bad[k].pattern, WWWURL_ERR_INVALID_PATTERN,
                     wwwurl_urlpattern_parse(bad[k].pattern, NT, bad[k].base, NT, 0, &p));
        CHECK(g, "*out untouched", bad[k].pattern, p == (wwwurl_urlpattern *)&p);
        msg = NULL;
        if (CHECK_STATUS(g, "error_message", bad[k].pattern, WWWURL_OK,
                         wwwurl_urlpattern_error_message(bad[k].pattern, NT, bad[k].base, NT, 0,
                                                         &msg))) {
            if (bad[k].why)
                CHECK_CSTR(g, "error_message", bad[k].pattern, bad[k].why, msg);
            else
                CHECK(g, "a message", bad[k].pattern, msg && msg[0] != '\0');
        }
        wwwurl_string_free(msg);
    }
    msg = (char *)&msg;
    CHECK_STATUS(g, "error_message of a pattern that compiles", NULL, WWWURL_ERR_NOT_FOUND,
                 wwwurl_urlpattern_error_message("https://*.example.com/*", NT, NULL, 0, 0,
                                                 &msg));
    CHECK(g, "*out untouched", NULL, msg == (char *)&msg);
    CHECK_STATUS(g, "an unknown flag", NULL, WWWURL_ERR_INVALID_ARGUMENT,
                 wwwurl_urlpattern_parse("https://e/", NT, NULL, 0, 2, &p));
    CHECK_STATUS(g, "NULL input", NULL, WWWURL_ERR_NULL,
                 wwwurl_urlpattern_parse(NULL, 3, NULL, 0, 0, &p));
    CHECK_STATUS(g, "NULL out", NULL, WWWURL_ERR_NULL,
                 wwwurl_urlpattern_parse("https://e/", NT, NULL, 0, 0, NULL));
    CHECK_STATUS(g, "from_init NULL", NULL, WWWURL_ERR_NULL,
                 wwwurl_urlpattern_from_init(NULL, 0, &p));
    /* The empty input: a relative pattern. */
    CHECK_STATUS(g, "the empty input", NULL, WWWURL_ERR_INVALID_PATTERN,
                 wwwurl_urlpattern_parse(NULL, 0, NULL, 0, 0, &p));

    /* Input that is not UTF-8 is decoded with replacement, pattern and URL
     * alike (as the URL parser decodes it). */
    p = NULL;
    CHECK_STATUS(g, "parse of a byte that is not UTF-8", NULL, WWWURL_OK,
                 wwwurl_urlpattern_parse("https://example.com/\xff/:x", NT, NULL, 0, 0, &p));
    CHECK_CSTR(g, "U+FFFD, percent-encoded", NULL, "/%EF%BF%BD/:x",
               wwwurl_urlpattern_get(p, WWWURL_URLPATTERN_PATHNAME, NULL));
    CHECK_STATUS(g, "test", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test(p, "https://example.com/\xfe/y", NT, NULL, 0, &m));
    CHECK_INT(g, "another invalid byte is U+FFFD too", NULL, 1, m);
    CHECK_STATUS(g, "test", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test(p, "https://example.com/\xef\xbf\xbd/y", NT, NULL, 0, &m));
    CHECK_INT(g, "U+FFFD itself", NULL, 1, m);
    CHECK_STATUS(g, "test of a NUL-less length", NULL, WWWURL_OK,
                 wwwurl_urlpattern_test(p, "https://example.com/%EF%BF%BD/y/z", 31, NULL, 0, &m));
    CHECK_INT(g, "the input is its length", NULL, 1, m);
    CHECK_STATUS(g, "test NULL matched", NULL, WWWURL_ERR_NULL,
                 wwwurl_urlpattern_test(p, "https://e/", NT, NULL, 0, NULL));
    wwwurl_urlpattern_free(p);
    h_case_end(g);
}

/* ---- sets -------------------------------------------------------------------------- */

static const char *const rules[] = {
    "https://*.example.com/static/*",
    "https://example.com/logout",
    "*://*/logout",
    "https://example.com/books/:id(\\d+)",
    "http{s}?://example.com/*",
    "https://api.example.com/v:version/*",
    "https://example.org/*",
    "*://*:8080/*",
    "https://example.com/books/*",
    "file:///etc/*",
    "https://example.com/LOGOUT",
};
#define N_RULES (sizeof rules / sizeof rules[0])

static const char *const urls[] = {
    "https://example.com/logout",
    "https://www.example.com/static/a.css",
    "http://example.com/logout",
    "https://example.com/books/42",
    "https://example.com/books/x",
    "https://api.example.com/v2/users",
    "https://example.org/",
    "http://example.net:8080/logout",
    "file:///etc/passwd",
    "https://EXAMPLE.com/Logout",
    "https://example.com/LOGOUT",
    "not a URL",
    "mailto:someone@example.com",
    "https://example.com:443/logout",
    "https://user:pw@example.com/logout?x#y",
};
#define N_URLS (sizeof urls / sizeof urls[0])

/* The indices of the rules each URL matches, tested one by one. */
static size_t by_one(hgroup *g, wwwurl_urlpattern *const *p, size_t n, const char *url,
                     size_t *out)
{
    size_t k, count = 0;
    for (k = 0; k < n; k++) {
        int m = -1;
        CHECK_STATUS(g, "test", url, WWWURL_OK, wwwurl_urlpattern_test(p[k], url, NT, NULL, 0, &m));
        if (m == 1)
            out[count++] = k;
    }
    return count;
}

static void t_sets(hgroup *g, const char *dir)
{
    /* Exact answers for some URLs. */
    static const struct {
        const char *url;
        size_t count;
        size_t idx[4];
    } want[] = {
        {"https://example.com/logout", 3, {1, 2, 4}},
        {"https://www.example.com/static/a.css", 1, {0}},
        {"https://example.com/books/42", 3, {3, 4, 8}},
        {"http://example.net:8080/logout", 1, {7}},
        {"https://example.com/LOGOUT", 2, {4, 10}},
        {"not a URL", 0, {0}},
    };
    wwwurl_urlpattern *p[N_RULES];
    wwwurl_urlpattern_set *set = NULL, *copy = NULL, *bad = (wwwurl_urlpattern_set *)&bad;
    size_t k, j, failed = 99, got[N_RULES + 1], one[N_RULES], count, n1;
    const wwwurl_urlpattern *cp[N_RULES];
    const wwwurl_urlpattern *with_null[2];
    static const char *const broken[] = {"https://e/", "https://e/:", "/relative"};
    int ok = 1;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    for (k = 0; k < N_RULES; k++) {
        p[k] = NULL;
        ok &= CHECK_STATUS(g, "parse", rules[k], WWWURL_OK,
                           wwwurl_urlpattern_parse(rules[k], NT, NULL, 0, 0, &p[k]));
        cp[k] = p[k];
    }
    CHECK_STATUS(g, "set_parse", NULL, WWWURL_OK,
                 wwwurl_urlpattern_set_parse(rules, N_RULES, NULL, 0, 0, &failed, &set));
    CHECK_INT(g, "failed_index untouched", NULL, 99, failed);
    CHECK_INT(g, "set_len", NULL, N_RULES, wwwurl_urlpattern_set_len(set));
    CHECK_INT(g, "set_len(NULL)", NULL, 0, wwwurl_urlpattern_set_len(NULL));
    if (ok)
        CHECK_STATUS(g, "set_new", NULL, WWWURL_OK,
                     wwwurl_urlpattern_set_new(cp, N_RULES, &copy));
    /* The set holds copies: the patterns may go. */
    for (k = 0; k < N_RULES / 2; k++) {
        wwwurl_urlpattern_free(p[k]);
        p[k] = NULL;
    }
    for (k = N_RULES / 2; k < N_RULES; k++)
        cp[k] = p[k];
    CHECK_INT(g, "set_len", NULL, N_RULES, wwwurl_urlpattern_set_len(copy));

    /* Every URL: the set agrees with the patterns one by one (made again
     * where freed). */
    for (k = 0; k < N_RULES; k++)
        if (!p[k])
            wwwurl_urlpattern_parse(rules[k], NT, NULL, 0, 0, &p[k]);
    for (k = 0; k < N_URLS; k++) {
        size_t c2 = 0;
        n1 = by_one(g, p, N_RULES, urls[k], one);
        count = 99;
        CHECK_STATUS(g, "set_match", urls[k], WWWURL_OK,
                     wwwurl_urlpattern_set_match(set, urls[k], NT, NULL, 0, got, N_RULES + 1,
                                                 &count));
        CHECK_BYTES(g, "set_match agrees with test", urls[k], (const char *)one,
                    n1 * sizeof one[0], (const char *)got, count * sizeof got[0]);
        CHECK_STATUS(g, "set_match of the copies", urls[k], WWWURL_OK,
                     wwwurl_urlpattern_set_match(copy, urls[k], NT, NULL, 0, got, N_RULES + 1,
                                                 &c2));
        CHECK_BYTES(g, "set_new agrees with set_parse", urls[k], (const char *)one,
                    n1 * sizeof one[0], (const char *)got, c2 * sizeof got[0]);
    }
    for (k = 0; k < sizeof want / sizeof want[0]; k++) {
        count = 99;
        CHECK_STATUS(g, "set_match", want[k].url, WWWURL_OK,
                     wwwurl_urlpattern_set_match(set, want[k].url, NT, NULL, 0, got, N_RULES,
                                                 &count));
        CHECK_BYTES(g, "set_match", want[k].url, (const char *)want[k].idx,
                    want[k].count * sizeof(size_t), (const char *)got, count * sizeof got[0]);
    }
    /* A relative URL against a base. */
    CHECK_STATUS(g, "set_match with a base", NULL, WWWURL_OK,
                 wwwurl_urlpattern_set_match(set, "../logout", NT, "https://example.com/a/b", NT,
                                             got, N_RULES, &count));
    CHECK_INT(g, "count", NULL, 3, count);

    /* Too small: the first cap indices, the count of all, nothing after. */
    for (j = 0; j < N_RULES + 1; j++)
        got[j] = 77;
    count = 0;
    CHECK_STATUS(g, "set_match, room for 2 of 3", NULL, WWWURL_ERR_BUFFER_TOO_SMALL,
                 wwwurl_urlpattern_set_match(set, "https://example.com/logout", NT, NULL, 0, got,
                                             2, &count));
    CHECK_INT(g, "count", NULL, 3, count);
    CHECK_INT(g, "first", NULL, 1, got[0]);
    CHECK_INT(g, "second", NULL, 2, got[1]);
    CHECK_INT(g, "nothing past cap", NULL, 77, got[2]);
    count = 0;
    CHECK_STATUS(g, "set_match, the count alone", NULL, WWWURL_ERR_BUFFER_TOO_SMALL,
                 wwwurl_urlpattern_set_match(set, "https://example.com/logout", NT, NULL, 0, NULL,
                                             0, &count));
    CHECK_INT(g, "count", NULL, 3, count);
    count = 5;
    CHECK_STATUS(g, "set_match, no room and no match", NULL, WWWURL_OK,
                 wwwurl_urlpattern_set_match(set, "https://other.example/", NT, NULL, 0, NULL, 0,
                                             &count));
    CHECK_INT(g, "count", NULL, 0, count);
    CHECK_STATUS(g, "set_match, NULL with room", NULL, WWWURL_ERR_NULL,
                 wwwurl_urlpattern_set_match(set, "https://e/", NT, NULL, 0, NULL, 3, &count));
    CHECK_STATUS(g, "set_match, NULL count", NULL, WWWURL_ERR_NULL,
                 wwwurl_urlpattern_set_match(set, "https://e/", NT, NULL, 0, got, 3, NULL));

    /* set_parse: the first pattern that fails, and why. */
    CHECK_STATUS(g, "set_parse of a bad pattern", NULL, WWWURL_ERR_INVALID_PATTERN,
                 wwwurl_urlpattern_set_parse(broken, 3, NULL, 0, 0, &failed, &bad));
    CHECK_INT(g, "failed_index", NULL, 1, failed);
    CHECK(g, "*out untouched", NULL, bad == (wwwurl_urlpattern_set *)&bad);
    CHECK_STATUS(g, "set_parse with a base", NULL, WWWURL_ERR_INVALID_PATTERN,
                 wwwurl_urlpattern_set_parse(broken + 2, 1, "not a URL", NT, 0, &failed, &bad));
    CHECK_INT(g, "failed_index", NULL, 0, failed);
    bad = NULL;
    CHECK_STATUS(g, "set_parse with a base", NULL, WWWURL_OK,
                 wwwurl_urlpattern_set_parse(broken + 2, 1, "https://e/", NT,
                                             WWWURL_URLPATTERN_IGNORE_CASE, &failed, &bad));
    CHECK_STATUS(g, "set_match", NULL, WWWURL_OK,
                 wwwurl_urlpattern_set_match(bad, "https://e/RELATIVE", NT, NULL, 0, got, 1,
                                             &count));
    CHECK_INT(g, "ignoreCase in a set", NULL, 1, count);
    wwwurl_urlpattern_set_free(bad);
    CHECK_STATUS(g, "set_parse, an unknown flag", NULL, WWWURL_ERR_INVALID_ARGUMENT,
                 wwwurl_urlpattern_set_parse(broken, 1, NULL, 0, 4, &failed, &bad));

    /* Empty sets, NULL patterns. */
    bad = NULL;
    CHECK_STATUS(g, "an empty set", NULL, WWWURL_OK, wwwurl_urlpattern_set_new(NULL, 0, &bad));
    CHECK_INT(g, "set_len", NULL, 0, wwwurl_urlpattern_set_len(bad));
    count = 9;
    CHECK_STATUS(g, "set_match of the empty set", NULL, WWWURL_OK,
                 wwwurl_urlpattern_set_match(bad, "https://e/", NT, NULL, 0, NULL, 0, &count));
    CHECK_INT(g, "count", NULL, 0, count);
    wwwurl_urlpattern_set_free(bad);
    bad = NULL;
    CHECK_STATUS(g, "an empty set of strings", NULL, WWWURL_OK,
                 wwwurl_urlpattern_set_parse(NULL, 0, NULL, 0, 0, &failed, &bad));
    wwwurl_urlpattern_set_free(bad);
    with_null[0] = p[0];
    with_null[1] = NULL;
    bad = (wwwurl_urlpattern_set *)&bad;
    CHECK_STATUS(g, "a NULL pattern", NULL, WWWURL_ERR_NULL,
                 wwwurl_urlpattern_set_new(with_null, 2, &bad));
    CHECK_STATUS(g, "NULL patterns", NULL, WWWURL_ERR_NULL,
                 wwwurl_urlpattern_set_new(NULL, 1, &bad));
    CHECK_STATUS(g, "NULL strings", NULL, WWWURL_ERR_NULL,
                 wwwurl_urlpattern_set_parse(NULL, 1, NULL, 0, 0, &failed, &bad));
    CHECK(g, "*out untouched", NULL, bad == (wwwurl_urlpattern_set *)&bad);

    for (k = 0; k < N_RULES; k++)
        wwwurl_urlpattern_free(p[k]);
    wwwurl_urlpattern_set_free(set);
    wwwurl_urlpattern_set_free(copy);
    h_case_end(g);
}

/* ---- the budget ---------------------------------------------------------------------- */

/* Seconds of processor time since `t0`. */
static double since(clock_t t0)
{
    return (double)(clock() - t0) / CLOCKS_PER_SEC;
}

static void t_budget(hgroup *g, const char *dir)
{
    /* Each hostile pattern is given a run of a and then its third string,
     * so that the input holds the pattern's fixed texts (an input without
     * them is turned away before any matcher runs) and still does not
     * match. (a+)+b backtracks exponentially: the custom group is not run
     * on more than 16 code points. Ten segment wildcards before `/x` take
     * the part matcher exponential time: its steps are counted. */
    static const char *const hostile[][3] = {
        {"https://example.com/(a+)+b", "https://example.com/aab", "xb"},
        {"https://example.com/:a:b:c:d:e:f:g:h:i:j/x", "https://example.com/abcdefghij/x",
         "/y/x"},
        {"https://example.com/:x(a*)+:y(a*)+b", "https://example.com/aab", "xb"},
    };
    char url[4096];
    size_t k, n, count = 7;
    const char *set_rules[2];
    wwwurl_urlpattern_set *set = NULL;
    wwwurl_urlpattern *glob = NULL;
    int none = 7;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    /* Full wildcards and fixed text alone never reach the budget: the
     * fixed texts in order decide. */
    memcpy(url, "https://example.com/", 20);
    for (n = 20; n < sizeof url - 1; n++)
        url[n] = 'a';
    url[n] = '\0';
    if (CHECK_STATUS(g, "parse", "glob", WWWURL_OK,
                     wwwurl_urlpattern_parse("https://example.com/*a*a*a*a*a*a*a*a*a*a*a*a*b", NT,
                                             NULL, 0, 0, &glob))) {
        clock_t t0 = clock();
        CHECK_STATUS(g, "test", "glob", WWWURL_OK,
                     wwwurl_urlpattern_test(glob, url, NT, NULL, 0, &none));
        CHECK_INT(g, "no match", "glob", 0, none);
        CHECK(g, "promptly", "glob", since(t0) < 2.0);
        wwwurl_urlpattern_free(glob);
    }
    for (k = 0; k < sizeof hostile / sizeof hostile[0]; k++) {
        wwwurl_urlpattern *p = NULL;
        size_t tail = strlen(hostile[k][2]);
        for (n = 20; n < sizeof url - 1 - tail; n++)
            url[n] = 'a';
        memcpy(url + n, hostile[k][2], tail + 1);
        wwwurl_urlpattern_result *r = (wwwurl_urlpattern_result *)&r;
        clock_t t0 = clock();
        int m = 7;
        if (!CHECK_STATUS(g, "parse", hostile[k][0], WWWURL_OK,
                          wwwurl_urlpattern_parse(hostile[k][0], NT, NULL, 0, 0, &p)))
            continue;
        CHECK_STATUS(g, "test", hostile[k][0], WWWURL_ERR_BUDGET,
                     wwwurl_urlpattern_test(p, url, NT, NULL, 0, &m));
        CHECK_INT(g, "*matched untouched", hostile[k][0], 7, m);
        CHECK_STATUS(g, "exec", hostile[k][0], WWWURL_ERR_BUDGET,
                     wwwurl_urlpattern_exec(p, url, NT, NULL, 0, &r));
        CHECK(g, "*out untouched", hostile[k][0], r == (wwwurl_urlpattern_result *)&r);
        /* A short input is matched in full. */
        CHECK_STATUS(g, "test of a short input", hostile[k][0], WWWURL_OK,
                     wwwurl_urlpattern_test(p, hostile[k][1], NT, NULL, 0, &m));
        CHECK_INT(g, "a short input matches", hostile[k][0], 1, m);
        CHECK(g, "promptly (under 2 s of processor time)", hostile[k][0], since(t0) < 2.0);
        wwwurl_urlpattern_free(p);
    }
    /* A set passes the budget on (the URL of the last pattern, which the
     * first does not match). */
    set_rules[0] = "https://example.com/*";
    set_rules[1] = hostile[2][0];
    CHECK_STATUS(g, "set_parse", NULL, WWWURL_OK,
                 wwwurl_urlpattern_set_parse(set_rules, 2, NULL, 0, 0, &n, &set));
    CHECK_STATUS(g, "set_match", NULL, WWWURL_ERR_BUDGET,
                 wwwurl_urlpattern_set_match(set, url, NT, NULL, 0, NULL, 0, &count));
    CHECK_INT(g, "*count untouched", NULL, 7, count);
    wwwurl_urlpattern_set_free(set);
    h_case_end(g);
}

static const h_test tests[] = {
    {"urlpatterntestdata.json", t_wpt},
    {"getters and results", t_getters},
    {"inits", t_init},
    {"statuses and messages", t_statuses},
    {"pattern sets", t_sets},
    {"the budget", t_budget},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
