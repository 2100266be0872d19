/* CanonicaliseHost. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *in = fz_strndup(data, size);
    char *r = CanonicaliseHost(in);
    CHECK(r != NULL);
    (void)strlen(r);
    free(r);
    free(in);
    return 0;
}
