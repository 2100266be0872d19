/* Differential: SplitURL and wwwurl_parse agree on every field.
 * Byte 0 bits 0-1: the configuration (fz_config: the defaults, 2.9, 2.9h,
 * 2.9h with another local host and default ports), given to wwwurl_parse
 * and to the historical functions by wwwurl_legacy_configure. The rest is
 * the URL; wwwurl_parse gets it with its exact length (up to the first NUL:
 * both stop there). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned mode = data[0] & 3;
    data++, size--;
    char *in = fz_strndup(data, size);

    fz_legacy_config(mode);
    URL *u = SplitURL(in);
    wwwurl_url *m = NULL;
    wwwurl_status st = wwwurl_parse(fz_config(mode), in, size, &m);
    fz_check_url(u);
    CHECK(st == WWWURL_OK);
    fz_compare_record(u, m);
    wwwurl_free(m);
    FreeURL(u);
    free(in);
    return 0;
}
