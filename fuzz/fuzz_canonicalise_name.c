/* CanonicaliseName, in place: the path never gets longer, and nothing after
 * its terminating NUL is written. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *in = fz_strndup(data, size);
    size_t n;
    char *b = fz_guarded_strdup(in, &n);
    CanonicaliseName(b);
    CHECK(strlen(b) <= n);
    CHECK(fz_guard_intact(b + n + 1, GUARD_LEN));
    /* Also on an exact-size block, for ASan's interceptors. */
    CanonicaliseName(in);
    CHECK(strcmp(in, b) == 0);
    free(b);
    free(in);
    return 0;
}
