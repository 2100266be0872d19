/* The wwwurl demo: canonicalise a few URLs with the historical SplitURL and
 * with the modern API, the way a proxy would name its cache files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wwwurl.h>
#include <wwwurl_legacy.h>

static const char *const samples[] = {
    "HTTP://WWW.Example.COM:80/a/./b/../c.html?x=%41&amp;y=1#top",
    "http://user:p%40ss@host.example:8080/%7euser/index.html",
    "https://[::FFFF:192.168.0.1]:443/path%2fwith%20space",
    "/local/page.html",
    "ftp://ftp.example.org/pub/../README",
    NULL,
};

int main(void)
{
    printf("wwwurl %s\n\n", wwwurl_version());
    for (const char *const *s = samples; *s; s++) {
        URL *u = SplitURL(*s);
        if (!u) {
            fprintf(stderr, "SplitURL failed\n");
            return 1;
        }
        printf("%s\n  SplitURL  name=%s host=%s port=%d path=%s args=%s\n", *s, u->name,
               u->host, u->port, u->path, u->args ? u->args : "(null)");

        wwwurl_url *m = NULL;
        wwwurl_status st = wwwurl_parse(NULL, *s, WWWURL_NUL_TERMINATED, &m);
        if (st != WWWURL_OK) {
            fprintf(stderr, "wwwurl_parse: %s\n", wwwurl_strerror(st));
            FreeURL(u);
            return 1;
        }
        size_t len = 0;
        const char *name = wwwurl_get(m, WWWURL_PART_NAME, &len);
        char path[512];
        st = wwwurl_cache_file(m, 'D', path, sizeof path, NULL);
        printf("  modern    name=%.*s (%s)\n  cache     %s\n", (int)len, name,
               strcmp(name, u->name) == 0 ? "same" : "DIFFERENT",
               st == WWWURL_OK ? path : wwwurl_strerror(st));
        wwwurl_free(m);
        FreeURL(u);
    }
    return 0;
}
