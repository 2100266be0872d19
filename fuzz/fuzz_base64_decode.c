/* Base64Decode on any text: the result holds *n bytes and a NUL. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *in = fz_strndup(data, size);
    size_t n = (size_t)-7;
    char *r = Base64Decode(in, &n);
    CHECK(r != NULL);
    CHECK(n <= strlen(in));
    CHECK(r[n] == '\0');
    volatile char sink = 0;
    for (size_t i = 0; i < n; i++)
        sink ^= r[i];
    (void)sink;
    free(r);
    r = Base64Decode(in, NULL);
    CHECK(r != NULL);
    free(r);
    free(in);
    return 0;
}
