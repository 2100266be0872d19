/* DateToTimeT on the input; RFC822Date (UTC and local) and
 * DurationToString on a time_t taken from its first 8 bytes. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *in = fz_strndup(data, size);
    (void)DateToTimeT(in);
    if (size >= 9) {
        int64_t t;
        memcpy(&t, data + 1, 8);
        if (data[0] & 1)         /* also plausible times */
            t = (int64_t)((uint64_t)t % 8000000000ull) - 4000000000ll;
        char *a = RFC822Date((time_t)t, 1);
        char *b = RFC822Date((time_t)t, 0);
        CHECK(a != NULL && b != NULL);
        CHECK(strlen(a) < 256 && strlen(b) < 256);
        /* The UTC form parses back to the same time. */
        if (t >= 0 && t < 253402300800ll && strlen(a) == 29)
            CHECK(DateToTimeT(a) == (long)t);
        char *d = DurationToString((time_t)t);
        CHECK(d != NULL);
        (void)strlen(d);
    }
    free(in);
    return 0;
}
