/* The string codecs of the legacy API; the first byte picks the function:
 * URLDecodeGeneric, URLDecodeFormArgs, URLRecodeFormArgs, URLEncodePath,
 * URLEncodeFormArgs, URLEncodePassword, MakeHash, Base64Encode. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned which = data[0] % 8;
    data++, size--;

    if (which == 7) {
        /* Binary data, NUL bytes included, before an inaccessible page. */
        char *in = fz_tail_copy(0, data, size);
        char *r = Base64Encode(in, size);
        CHECK(r != NULL);
        CHECK(strlen(r) == (size + 2) / 3 * 4);
        size_t n = 12345;
        char *d = Base64Decode(r, &n);
        CHECK(d != NULL);
        CHECK(n == size && memcmp(d, in, size) == 0 && d[n] == 0);
        free(d);
        free(r);
        fz_tail_free(in, size);
        return 0;
    }

    char *in = fz_strndup(data, size);
    size_t len = strlen(in);
    char *r = NULL;
    switch (which) {
    case 0: r = URLDecodeGeneric(in); break;
    case 1: r = URLDecodeFormArgs(in); break;
    case 2: r = URLRecodeFormArgs(in); break;
    case 3: r = URLEncodePath(in); break;
    case 4: r = URLEncodeFormArgs(in); break;
    case 5: r = URLEncodePassword(in); break;
    case 6: r = MakeHash(in); break;
    }
    CHECK(r != NULL);
    size_t rl = strlen(r);
    if (which <= 1)
        CHECK(rl <= len);        /* decoding never lengthens */
    else if (which <= 5)
        CHECK(rl <= 3 * len);    /* encoding at most triples */
    else
        CHECK(rl == 22);
    free(r);
    free(in);
    return 0;
}
