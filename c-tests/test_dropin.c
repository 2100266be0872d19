/* Drop-in use: code written the way WWWOFFLE-style proxy code uses the URL
 * record. It reads name, hostp and pathp directly, hangs its own strings on
 * private_file, private_dir and private_link (malloc'ed ones, or hostport
 * and name themselves), calls AddPasswordURL and LinkURL on such records and
 * relies on FreeURL to release everything. Run under valgrind and ASan, a
 * leak or a double free fails the test. */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

/* the proxy's cache path for a record: proto/hostport/D<hash> */
static char *cache_path(const URL *u)
{
    char *hash = MakeHash(u->file);
    size_t n = strlen(u->proto) + strlen(u->hostport) + (hash ? strlen(hash) : 0) + 4;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s/D%s", u->proto, u->hostport, hash ? hash : "");
    free(hash);
    return p;
}

static const char *const urls[] = {
    "http://www.example.com/",
    "http://user:pw@www.example.com:8080/dir/page.html?x=1&y=2",
    "https://WWW.Example.COM:443/a/./b/../c?q",
    "ftp://anon@ftp.example.org/pub/file.tar.gz",
    "/local/page.html",
    "http://[::1]:81/x",
    "finger://h:79/u",
    "http://h:/?",
    NULL,
};

/* name, hostp and pathp as proxy code reads them */
static void check_pointers(hgroup *g, const char *in, const URL *u)
{
    size_t plen = strlen(u->proto), hlen = strlen(u->hostport);

    CHECK(g, "name starts with proto \"://\"", in,
          strncmp(u->name, u->proto, plen) == 0 && strncmp(u->name + plen, "://", 3) == 0);
    CHECK(g, "hostp == name + strlen(proto) + 3", in, u->hostp == u->name + plen + 3);
    CHECK(g, "hostp points at hostport", in, strncmp(u->hostp, u->hostport, hlen) == 0);
    CHECK(g, "pathp == hostp + strlen(hostport)", in, u->pathp == u->hostp + hlen);
    CHECK(g, "pathp points at path", in, strncmp(u->pathp, u->path, strlen(u->path)) == 0);
    if (u->args) {
        CHECK(g, "args follow the path after '?'", in,
              u->pathp[strlen(u->path)] == '?' &&
                  strcmp(u->pathp + strlen(u->path) + 1, u->args) == 0);
    } else {
        CHECK(g, "name ends with the path", in, u->pathp[strlen(u->path)] == '\0');
    }
}

static int privates_null(const URL *u)
{
    return !u->private_link && !u->private_dir && !u->private_file;
}

/* private_dir = hostport, private_link = name, private_file malloc'ed */
static void t_aliases(hgroup *g, const char *dir)
{
    int k;

    (void)dir;
    for (k = 0; urls[k]; k++) {
        URL *u = SplitURL(urls[k]);
        h_case_begin(g, NULL, NULL);
        if (!u) {
            h_fail(g, __FILE__, __LINE__, "SplitURL(\"%s\") returned NULL",
                   urls[k]);
            h_case_end(g);
            continue;
        }
        CHECK(g, "private_* NULL on creation", urls[k], privates_null(u));
        check_pointers(g, urls[k], u);
        u->private_file = cache_path(u);
        u->private_dir = u->hostport;
        u->private_link = u->name;
        FreeURL(u);
        h_case_end(g);
    }
}

/* every private_* malloc'ed, then AddPasswordURL (which releases them) and
 * LinkURL on the same record */
static void t_owned(hgroup *g, const char *dir)
{
    int k;

    (void)dir;
    for (k = 0; urls[k]; k++) {
        URL *u = SplitURL(urls[k]), *l;
        char *name_before;
        h_case_begin(g, NULL, NULL);
        if (!u) {
            h_fail(g, __FILE__, __LINE__, "SplitURL(\"%s\") returned NULL",
                   urls[k]);
            h_case_end(g);
            continue;
        }
        u->private_link = xstrdup(u->name);
        u->private_dir = xstrdup(u->hostport);
        u->private_file = cache_path(u);
        name_before = xstrdup(u->name);

        AddPasswordURL(u, "us er", "p@ss");
        CHECK(g, "AddPasswordURL releases and clears private_*", urls[k], privates_null(u));
        CHECK_CSTR(g, "AddPasswordURL keeps name", urls[k], name_before, u->name);
        CHECK_CSTR(g, "AddPasswordURL user", urls[k], "us er", u->user);
        CHECK_CSTR(g, "AddPasswordURL pass", urls[k], "p@ss", u->pass);
        CHECK(g, "file has the encoded user:pass", urls[k],
              u->file && strstr(u->file, "://us%20er:p%40ss@") != NULL);
        check_pointers(g, urls[k], u);

        u->private_link = xstrdup("link");
        u->private_dir = xstrdup("dir");
        l = LinkURL(u, "sub/other.html?z=9");
        CHECK(g, "LinkURL", urls[k], l != NULL);
        if (l) {
            CHECK(g, "LinkURL: private_* NULL on creation", urls[k], privates_null(l));
            check_pointers(g, urls[k], l);
            CHECK(g, "LinkURL resolves into the base's directory", urls[k],
                  strstr(l->name, "sub/other.html?z=9") != NULL);
            l->private_link = l->name;
            l->private_dir = xstrdup(l->hostport);
            l->private_file = cache_path(l);
        }
        FreeURL(l);
        FreeURL(u);
        free(name_before);
        h_case_end(g);
    }
}

/* aliases set, AddPasswordURL (the aliases must not be freed), aliases set
 * again to the new strings, AddPasswordURL again, FreeURL */
static void t_aliases_rebuilt(hgroup *g, const char *dir)
{
    int k;

    (void)dir;
    for (k = 0; urls[k]; k++) {
        URL *u = SplitURL(urls[k]), *l;
        h_case_begin(g, NULL, NULL);
        if (!u) {
            h_fail(g, __FILE__, __LINE__, "SplitURL(\"%s\") returned NULL",
                   urls[k]);
            h_case_end(g);
            continue;
        }
        u->private_dir = u->hostport;
        u->private_link = u->name;
        u->private_file = cache_path(u);
        AddPasswordURL(u, NULL, NULL);
        CHECK(g, "AddPasswordURL(u, NULL, NULL) clears private_*", urls[k], privates_null(u));
        CHECK(g, "no user: file == name", urls[k], u->file == u->name && u->user == NULL);
        check_pointers(g, urls[k], u);

        u->private_dir = u->hostport;
        u->private_link = u->name;
        u->private_file = xstrdup("f");
        AddPasswordURL(u, "x", NULL);
        CHECK(g, "user without password", urls[k],
              u->user && strcmp(u->user, "x") == 0 && u->pass == NULL);
        CHECK(g, "file != name with a user", urls[k], u->file != u->name);

        l = LinkURL(u, "/abs?q");
        CHECK(g, "LinkURL", urls[k], l != NULL);
        if (l) {
            check_pointers(g, urls[k], l);
            l->private_dir = l->hostport;
            l->private_link = xstrdup(l->name);
            /* LinkURL of a LinkURL result */
            {
                URL *l2 = LinkURL(l, "#frag");
                CHECK(g, "LinkURL(l, \"#frag\") is the page itself", urls[k],
                      l2 && strcmp(l2->name, l->name) == 0);
                if (l2)
                    l2->private_file = xstrdup("x");
                FreeURL(l2);
            }
        }
        u->private_dir = u->hostport;
        u->private_link = u->name;
        FreeURL(l);
        FreeURL(u);
        h_case_end(g);
    }
}

/* records from CreateURL too; FreeURL(NULL) is fine */
static void t_create(hgroup *g, const char *dir)
{
    URL *u;

    (void)dir;
    h_case_begin(g, NULL, NULL);
    FreeURL(NULL);
    u = CreateURL("http", "www.example.com:80", "/a b", "k=v", "u", "p");
    if (!u) {
        h_fail(g, __FILE__, __LINE__, "CreateURL returned NULL");
    } else {
        CHECK(g, "private_* NULL on creation", "CreateURL", privates_null(u));
        check_pointers(g, "CreateURL", u);
        CHECK_CSTR(g, "CreateURL name", NULL, "http://www.example.com/a%20b?k=v", u->name);
        u->private_file = cache_path(u);
        u->private_dir = xstrdup(u->hostport);
        u->private_link = u->name;
        FreeURL(u);
    }
    h_case_end(g);
}

static const h_test tests[] = {
    {"private_* aliases", t_aliases},
    {"private_* owned + AddPasswordURL + LinkURL", t_owned},
    {"aliases across AddPasswordURL", t_aliases_rebuilt},
    {"CreateURL record", t_create},
    {NULL, NULL},
};

int main(int argc, char **argv)
{
    return h_main(argc, argv, tests);
}
