/* CreateURL. Byte 0: bits 0-5 make argument 1-6 NULL, bits 6-7 select the
 * configuration (fz_config: the defaults, 2.9, 2.9h, 2.9h with another
 * local host and default ports), given to wwwurl_create and, by
 * wwwurl_legacy_configure, to CreateURL. The rest is split at NUL bytes into the 6 arguments
 * (proto, hostport, path, args, user, pass). The result is also compared
 * with wwwurl_create, the same function in the modern API. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned nulls = data[0] & 0x3f;
    unsigned mode = data[0] >> 6;
    char *f[6];
    fz_split_fields(data + 1, size - 1, f, 6);
    const char *a[6];
    for (int i = 0; i < 6; i++)
        a[i] = (nulls & (1u << i)) ? NULL : f[i];

    fz_legacy_config(mode);
    URL *u = CreateURL(a[0], a[1], a[2], a[3], a[4], a[5]);
    wwwurl_url *m = NULL;
    wwwurl_status st =
        wwwurl_create(fz_config(mode), a[0], a[1], a[2], a[3], a[4], a[5], &m);
    if (nulls & 7) {
        CHECK(u == NULL);
        CHECK(st == WWWURL_ERR_NULL && m == NULL);
    } else {
        fz_check_url(u);
        CHECK(st == WWWURL_OK);
        fz_check_handle(m);
        fz_compare_record(u, m);
    }
    FreeURL(u);
    wwwurl_free(m);
    fz_free_fields(f, 6);
    return 0;
}
