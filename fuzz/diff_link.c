/* Differential: LinkURL(SplitURL(base), link) and
 * wwwurl_link(wwwurl_parse(base), link) agree on every field.
 * Byte 0 bits 0-1 as in diff_split. The rest: base, NUL, link. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const wwwurl_compat global[4] = {WWWURL_COMPAT_29, WWWURL_COMPAT_29,
                                            WWWURL_COMPAT_29H, WWWURL_COMPAT_29H};
    static const uint32_t flags[4] = {0, WWWURL_FLAG_29, WWWURL_FLAG_29H, 0};
    unsigned mode = data[0] & 3;
    char *f[2];
    fz_split_fields(data + 1, size - 1, f, 2);

    wwwurl_set_compat(global[mode]);
    URL *b = SplitURL(f[0]);
    URL *u = LinkURL(b, f[1]);
    wwwurl_url *mb = NULL, *m = NULL;
    CHECK(wwwurl_parse(f[0], WWWURL_NUL_TERMINATED, flags[mode], &mb) == WWWURL_OK);
    CHECK(wwwurl_link(mb, f[1], WWWURL_NUL_TERMINATED, flags[mode], &m) == WWWURL_OK);
    wwwurl_set_compat(WWWURL_COMPAT_29);
    fz_check_url(b);
    fz_check_url(u);
    fz_compare_record(u, m);
    wwwurl_free(m);
    wwwurl_free(mb);
    FreeURL(u);
    FreeURL(b);
    fz_free_fields(f, 2);
    return 0;
}
