/* TrimArgs, in place: returns its argument; the result is a substring of
 * the input without leading or trailing white space. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *in = fz_strndup(data, size);
    size_t n;
    char *b = fz_guarded_strdup(in, &n);
    char *r = TrimArgs(b);
    CHECK(r == b);
    size_t rl = strlen(r);
    CHECK(rl <= n);
    CHECK(fz_guard_intact(b + n + 1, GUARD_LEN));
    CHECK(strstr(in, r) != NULL);
    CHECK(TrimArgs(NULL) == NULL);
    free(b);
    free(in);
    return 0;
}
