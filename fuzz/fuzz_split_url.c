/* SplitURL. The first byte selects the compatibility mode (2.9 or 2.9h);
 * the rest is the URL (it ends at its first NUL, as a C string). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    wwwurl_set_compat((data[0] & 1) ? WWWURL_COMPAT_29H : WWWURL_COMPAT_29);
    char *in = fz_strndup(data + 1, size - 1);
    URL *u = SplitURL(in);
    fz_check_url(u);
    FreeURL(u);
    free(in);
    wwwurl_set_compat(WWWURL_COMPAT_29);
    return 0;
}
