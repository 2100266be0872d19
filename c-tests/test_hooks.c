/* The application hooks of the historical API (doc/behaviour.md, Configuration): a
 * program that defines GetLocalHostPort() and DefaultPort() itself, as
 * WWWOFFLE does, has them used by the library, whether it is linked with
 * the shared or the static library (the Makefile builds this test both
 * ways). The hooks beat wwwurl_legacy_configure; the modern API never
 * calls them (it takes a config). */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *GetLocalHostPort(void);
int DefaultPort(const URL *url);

static unsigned long local_calls, port_calls, port_bad_arg;
static char last_proto[32];

/* The historical contract: a malloc'ed string that the caller frees. */
char *GetLocalHostPort(void)
{
    static const char host[] = "hook.example:3128";
    char *p = malloc(sizeof host);

    local_calls++;
    if (p)
        memcpy(p, host, sizeof host);
    return p;
}

int DefaultPort(const URL *url)
{
    port_calls++;
    if (!url || !url->proto) {
        port_bad_arg++;
        return 0;
    }
    snprintf(last_proto, sizeof last_proto, "%s", url->proto);
    return strcmp(url->proto, "http") == 0 ? 8080 : 0;
}

static const struct split_case {
    const char *in;
    const char *name;
    const char *hostport;
    const char *host;
    int port;
} split_cases[] = {
    /* local URLs get the hook's host; 3128 is not http's default (8080 here) */
    {"/x", "http://hook.example:3128/x", "hook.example:3128", "hook.example", 3128},
    {"/", "http://hook.example:3128/", "hook.example:3128", "hook.example", 3128},
    {"http:///y", "http://hook.example:3128/y", "hook.example:3128", "hook.example", 3128},
    /* the hook's default port for http is 8080: dropped; 80 is kept */
    {"http://h:8080/", "http://h/", "h", "h", -1},
    {"http://h:80/", "http://h:80/", "h:80", "h", 80},
    {"HTTP://H:8080/a", "http://h/a", "h", "h", -1},
    /* no default port for anything else */
    {"https://h:443/", "https://h:443/", "h:443", "h", 443},
    {"ftp://h:21/", "ftp://h:21/", "h:21", "h", 21},
    {"https://h:8080/", "https://h:8080/", "h:8080", "h", 8080},
    {NULL, NULL, NULL, NULL, 0},
};

static void check_split_case(hgroup *g, const struct split_case *c, const char *what)
{
    URL *u = SplitURL(c->in);

    if (!u) {
        h_fail(g, __FILE__, __LINE__, "%s: SplitURL(\"%s\") returned NULL",
               what, c->in);
        return;
    }
    CHECK_CSTR(g, "name", c->in, c->name, u->name);
    CHECK_CSTR(g, "hostport", c->in, c->hostport, u->hostport);
    CHECK_CSTR(g, "host", c->in, c->host, u->host);
    CHECK_INT(g, "port", c->in, c->port, u->port);
    CHECK(g, "host == hostport iff no port", c->in, (u->host == u->hostport) == (c->port == -1));
    FreeURL(u);
}

static void t_split(hgroup *g, const char *dir)
{
    int k;

    (void)dir;
    for (k = 0; split_cases[k].in; k++) {
        h_case_begin(g, NULL, NULL);
        check_split_case(g, &split_cases[k], "SplitURL");
        h_case_end(g);
    }
    h_case_begin(g, NULL, NULL);
    CHECK(g, "GetLocalHostPort() was called", NULL, local_calls > 0);
    CHECK(g, "DefaultPort() was called", NULL, port_calls > 0);
    CHECK_INT(g, "DefaultPort() got a record with a proto", NULL, 0, port_bad_arg);
    h_case_end(g);
}

static void t_create(hgroup *g, const char *dir)
{
    static const struct {
        const char *proto, *hostport, *name;
        int port;
    } rows[] = {
        {"http", "h:8080", "http://h/", -1},
        {"http", "h:80", "http://h:80/", 80},
        {"https", "h:443", "https://h:443/", 443},
        {NULL, NULL, NULL, 0},
    };
    int k;

    (void)dir;
    for (k = 0; rows[k].proto; k++) {
        URL *u;
        h_case_begin(g, NULL, NULL);
        u = CreateURL(rows[k].proto, rows[k].hostport, "/", NULL, NULL, NULL);
        CHECK_CSTR(g, "CreateURL name", rows[k].hostport, rows[k].name, u ? u->name : NULL);
        if (u)
            CHECK_INT(g, "CreateURL port", rows[k].hostport, rows[k].port, u->port);
        FreeURL(u);
        h_case_end(g);
    }
    h_case_begin(g, NULL, NULL);
    CHECK_CSTR(g, "DefaultPort() saw the proto", NULL, "https", last_proto);
    h_case_end(g);
}

/* wwwurl_legacy_configure does not override the program's hooks */
static void t_setters(hgroup *g, const char *dir)
{
    struct wwwurl_config *c = NULL;
    int k;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    if (CHECK_STATUS(g, "wwwurl_config_new", NULL, WWWURL_OK, wwwurl_config_new(&c))) {
        CHECK_STATUS(g, "wwwurl_config_set_local_host", "other.example:1", WWWURL_OK,
                     wwwurl_config_set_local_host(c, "other.example:1", WWWURL_NUL_TERMINATED));
        CHECK_STATUS(g, "wwwurl_config_set_default_port", "http 80", WWWURL_OK,
                     wwwurl_config_set_default_port(c, "http", WWWURL_NUL_TERMINATED, 80));
        CHECK_STATUS(g, "wwwurl_config_set_default_port", "https 443", WWWURL_OK,
                     wwwurl_config_set_default_port(c, "https", WWWURL_NUL_TERMINATED, 443));
        CHECK_STATUS(g, "wwwurl_legacy_configure", NULL, WWWURL_OK, wwwurl_legacy_configure(c));
    }
    wwwurl_config_free(c);
    h_case_end(g);
    for (k = 0; split_cases[k].in; k++) {
        h_case_begin(g, NULL, NULL);
        check_split_case(g, &split_cases[k], "SplitURL after wwwurl_legacy_configure");
        h_case_end(g);
    }
    wwwurl_legacy_configure(H_CFG);
}

/* the modern API never calls the hooks: a NULL config gives the library's
 * defaults, and a config with the hooks' settings gives their results */
static const struct split_case modern_defaults[] = {
    {"/x", "http://localhost:8080/x", "localhost:8080", "localhost", 8080},
    {"/", "http://localhost:8080/", "localhost:8080", "localhost", 8080},
    {"http:///y", "http://localhost:8080/y", "localhost:8080", "localhost", 8080},
    {"http://h:8080/", "http://h:8080/", "h:8080", "h", 8080},
    {"http://h:80/", "http://h/", "h", "h", -1},
    {"HTTP://H:8080/a", "http://h:8080/a", "h:8080", "h", 8080},
    {"https://h:443/", "https://h/", "h", "h", -1},
    {"ftp://h:21/", "ftp://h/", "h", "h", -1},
    {"https://h:8080/", "https://h:8080/", "h:8080", "h", 8080},
    {NULL, NULL, NULL, NULL, 0},
};

static void check_modern(hgroup *g, const struct wwwurl_config *cfg, const struct split_case *cases)
{
    int k;
    for (k = 0; cases[k].in; k++) {
        wwwurl_url *u = NULL;
        int st;
        h_case_begin(g, NULL, NULL);
        st = wwwurl_parse(cfg, cases[k].in, WWWURL_NUL_TERMINATED, &u);
        if (CHECK_INT(g, "wwwurl_parse status", cases[k].in, WWWURL_OK, st)) {
            CHECK_CSTR(g, "name", cases[k].in, cases[k].name, wwwurl_get(u, WWWURL_PART_NAME, NULL));
            CHECK_CSTR(g, "hostport", cases[k].in, cases[k].hostport,
                       wwwurl_get(u, WWWURL_PART_HOSTPORT, NULL));
            CHECK_INT(g, "port", cases[k].in, cases[k].port, wwwurl_port(u));
            wwwurl_free(u);
        }
        h_case_end(g);
    }
}

static void t_modern(hgroup *g, const char *dir)
{
    unsigned long lc = local_calls, pc = port_calls;
    struct wwwurl_config *c = NULL;

    (void)dir;
    check_modern(g, NULL, modern_defaults);
    check_modern(g, H_CFG, modern_defaults);
    h_case_begin(g, NULL, NULL);
    if (CHECK_STATUS(g, "wwwurl_config_new", NULL, WWWURL_OK, wwwurl_config_new(&c))) {
        CHECK_STATUS(g, "set_local_host", NULL, WWWURL_OK,
                     wwwurl_config_set_local_host(c, "hook.example:3128", WWWURL_NUL_TERMINATED));
        CHECK_STATUS(g, "set_default_port", NULL, WWWURL_OK,
                     wwwurl_config_set_default_port(c, "http", WWWURL_NUL_TERMINATED, 8080));
        CHECK_STATUS(g, "set_default_port", NULL, WWWURL_OK,
                     wwwurl_config_set_default_port(c, "https", WWWURL_NUL_TERMINATED, 0));
        CHECK_STATUS(g, "set_default_port", NULL, WWWURL_OK,
                     wwwurl_config_set_default_port(c, "ftp", WWWURL_NUL_TERMINATED, 0));
    }
    h_case_end(g);
    if (c)
        check_modern(g, c, split_cases);
    wwwurl_config_free(c);
    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "GetLocalHostPort() calls by the modern API", NULL, lc, local_calls);
    CHECK_INT(g, "DefaultPort() calls by the modern API", NULL, pc, port_calls);
    h_case_end(g);
}

static const h_test tests[] = {
    {"SplitURL with hooks", t_split},
    {"CreateURL with hooks", t_create},
    {"hooks beat wwwurl_legacy_configure", t_setters},
    {"wwwurl_parse ignores the hooks", t_modern},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
