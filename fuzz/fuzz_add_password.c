/* AddPasswordURL, compared with wwwurl_set_userinfo. Byte 0: bit 0 user
 * NULL, bit 1 pass NULL, bit 2 set the private_* fields first (FreeURL
 * rules), bit 3 call it twice, bit 4 set private_* before FreeURL. Fields
 * (NUL-separated): url, user, pass. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *f[3];
    fz_split_fields(data + 1, size - 1, f, 3);
    const char *user = (data[0] & 1) ? NULL : f[1];
    const char *pass = (data[0] & 2) ? NULL : f[2];
    URL *u = SplitURL(f[0]);
    fz_check_url(u);
    if (data[0] & 4) {
        u->private_link = u->name;
        u->private_dir = u->hostport;
        u->private_file = strdup("private");
    }
    wwwurl_url *m = NULL;
    CHECK(wwwurl_parse(NULL, f[0], WWWURL_NUL_TERMINATED, &m) == WWWURL_OK);
    URL *before = u;
    AddPasswordURL(u, user, pass);
    CHECK(u == before);
    fz_check_url(u);
    /* The modern equivalent gives the same record. */
    CHECK(wwwurl_set_userinfo(m, user, pass) == WWWURL_OK);
    fz_compare_record(u, m);
    wwwurl_free(m);
    if (data[0] & 8) {
        AddPasswordURL(u, pass, user);
        fz_check_url(u);
    }
    if (data[0] & 16) {
        u->private_link = strdup("l");
        u->private_dir = strdup("d");
    }
    FreeURL(u);
    AddPasswordURL(NULL, user, pass);
    fz_free_fields(f, 3);
    return 0;
}
