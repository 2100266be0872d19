/* Differential: LinkURL(SplitURL(base), link) and
 * wwwurl_link(wwwurl_parse(base), link) agree on every field.
 * Byte 0 bits 0-1: the configuration, as in diff_split (the same one for
 * wwwurl_parse and wwwurl_link). The rest: base, NUL, link. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned mode = data[0] & 3;
    char *f[2];
    fz_split_fields(data + 1, size - 1, f, 2);

    fz_legacy_config(mode);
    URL *b = SplitURL(f[0]);
    URL *u = LinkURL(b, f[1]);
    wwwurl_url *mb = NULL, *m = NULL;
    CHECK(wwwurl_parse(fz_config(mode), f[0], WWWURL_NUL_TERMINATED, &mb) == WWWURL_OK);
    CHECK(wwwurl_link(fz_config(mode), mb, f[1], WWWURL_NUL_TERMINATED, &m) == WWWURL_OK);
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
