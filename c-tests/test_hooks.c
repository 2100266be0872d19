/* The application hooks of the historical API (doc/behaviour.md, Configuration): a
 * program that defines GetLocalHostPort() and DefaultPort() itself, as
 * WWWOFFLE does, has them used by the library, whether it is linked with
 * the shared or the static library (the Makefile builds this test both
 * ways). The hooks beat the library's own setters. */
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

/* the setters do not override the program's hooks */
static void t_setters(hgroup *g, const char *dir)
{
    int k;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    CHECK_INT(g, "wwwurl_set_local_host", "other.example:1", 0,
              wwwurl_set_local_host("other.example:1"));
    CHECK_INT(g, "wwwurl_set_default_port", "http 8080 -> 80", 0,
              wwwurl_set_default_port("http", 80));
    CHECK_INT(g, "wwwurl_set_default_port", "https 443", 0, wwwurl_set_default_port("https", 443));
    h_case_end(g);
    for (k = 0; split_cases[k].in; k++) {
        h_case_begin(g, NULL, NULL);
        check_split_case(g, &split_cases[k], "SplitURL after the setters");
        h_case_end(g);
    }
    wwwurl_set_local_host("localhost:8080");
    wwwurl_set_default_port("http", 80);
}

/* the modern API goes through the same hooks */
static void t_modern(hgroup *g, const char *dir)
{
    int k;

    (void)dir;
    for (k = 0; split_cases[k].in; k++) {
        wwwurl_url *u = NULL;
        int st;
        h_case_begin(g, NULL, NULL);
        st = wwwurl_parse(split_cases[k].in, WWWURL_NUL_TERMINATED, 0, &u);
        if (CHECK_INT(g, "wwwurl_parse status", split_cases[k].in, WWWURL_OK, st)) {
            CHECK_CSTR(g, "name", split_cases[k].in, split_cases[k].name,
                       wwwurl_get(u, WWWURL_PART_NAME, NULL));
            CHECK_CSTR(g, "hostport", split_cases[k].in, split_cases[k].hostport,
                       wwwurl_get(u, WWWURL_PART_HOSTPORT, NULL));
            CHECK_INT(g, "port", split_cases[k].in, split_cases[k].port, wwwurl_port(u));
            wwwurl_free(u);
        }
        h_case_end(g);
    }
}

static const h_test tests[] = {
    {"SplitURL with hooks", t_split},
    {"CreateURL with hooks", t_create},
    {"hooks beat the setters", t_setters},
    {"wwwurl_parse with hooks", t_modern},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
