/* Differential: each legacy codec and wwwurl_transcode with the same codec
 * agree up to the first NUL of the modern result (which keeps decoded NUL
 * bytes, where the legacy string ends). Byte 0 picks the codec. */
#include "fuzz_common.h"

typedef char *(*legacy_fn)(const char *);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const legacy_fn fns[6] = {URLDecodeGeneric, URLDecodeFormArgs,
                                     URLRecodeFormArgs, URLEncodePath,
                                     URLEncodeFormArgs, URLEncodePassword};
    wwwurl_codec codec = data[0] % 6;
    char *in = fz_strndup(data + 1, size - 1);

    char *l = fns[codec](in);
    CHECK(l != NULL);
    size_t needed = 0;
    CHECK(wwwurl_transcode(codec, in, WWWURL_NUL_TERMINATED, NULL, 0, &needed) ==
          WWWURL_ERR_BUFFER_TOO_SMALL);
    char *m = malloc(needed);
    CHECK(m != NULL);
    CHECK(wwwurl_transcode(codec, in, WWWURL_NUL_TERMINATED, m, needed, NULL) == WWWURL_OK);
    size_t ml = strnlen(m, needed);     /* up to the first NUL */
    if (strlen(l) != ml || memcmp(l, m, ml) != 0) {
        fprintf(stderr, "codec %u: legacy \"%s\" modern \"%.*s\"\n", codec, l, (int)ml, m);
        CHECK(!"legacy codec and wwwurl_transcode differ");
    }
    free(m);
    free(l);
    free(in);
    return 0;
}
