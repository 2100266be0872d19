/* Differential: SplitURL and wwwurl_parse agree on every field.
 * Byte 0 bits 0-1: (global compat, parse flags) = (2.9, 0), (2.9, FLAG_29),
 * (2.9h, FLAG_29H), (2.9h, 0). The rest is the URL; wwwurl_parse gets it
 * with its exact length (up to the first NUL: both stop there). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const wwwurl_compat global[4] = {WWWURL_COMPAT_29, WWWURL_COMPAT_29,
                                            WWWURL_COMPAT_29H, WWWURL_COMPAT_29H};
    static const uint32_t flags[4] = {0, WWWURL_FLAG_29, WWWURL_FLAG_29H, 0};
    unsigned mode = data[0] & 3;
    data++, size--;
    char *in = fz_strndup(data, size);

    wwwurl_set_compat(global[mode]);
    URL *u = SplitURL(in);
    wwwurl_url *m = NULL;
    wwwurl_status st = wwwurl_parse(in, size, flags[mode], &m);
    wwwurl_set_compat(WWWURL_COMPAT_29);
    fz_check_url(u);
    CHECK(st == WWWURL_OK);
    fz_compare_record(u, m);
    wwwurl_free(m);
    FreeURL(u);
    free(in);
    return 0;
}
