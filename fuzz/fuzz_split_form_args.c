/* SplitFormArgs: the items, joined with the separators they were split at,
 * give the input back. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *in = fz_strndup(data, size);
    size_t n = strlen(in);
    char **r = SplitFormArgs(in);
    CHECK(r != NULL);
    size_t total = 0, count = 0;
    for (char **p = r; *p; p++, count++) {
        size_t l = strlen(*p);
        CHECK(strchr(*p, '&') == NULL && strchr(*p, ';') == NULL);
        total += l;
    }
    CHECK(total <= n);
    free(r[0]);
    free(r);
    free(in);
    return 0;
}
