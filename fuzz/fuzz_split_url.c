/* SplitURL. Byte 0 bits 0-1 select the settings given to
 * wwwurl_legacy_configure (fz_config: the defaults, 2.9, 2.9h, 2.9h with
 * another local host and default ports); the rest is the URL (it ends at
 * its first NUL, as a C string). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    fz_legacy_config(data[0] & 3);
    char *in = fz_strndup(data + 1, size - 1);
    URL *u = SplitURL(in);
    fz_check_url(u);
    FreeURL(u);
    free(in);
    return 0;
}
