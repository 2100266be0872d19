/* wwwurl_transcode into a caller buffer of a random small size followed by
 * a guard region, and wwwurl_transcode_dup. Byte 0: codec (0..7; 6 and 7
 * are unknown), bit 3 exact length (the input may then hold NUL bytes).
 * Byte 1: buffer size. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    wwwurl_codec codec = data[0] & 7;
    int exact = (data[0] & 8) != 0;
    size_t cap = data[1];
    data += 2, size -= 2;
    char *in = fz_input(0, exact, data, size);
    size_t len = exact ? size : WWWURL_NUL_TERMINATED;

    size_t needed = 0;
    wwwurl_status st = wwwurl_transcode(codec, in, len, NULL, 0, &needed);
    if (codec > WWWURL_CODEC_ENCODE_PASSWORD) {
        CHECK(st == WWWURL_ERR_INVALID_ARGUMENT);
        CHECK(wwwurl_transcode_dup(codec, in, len, NULL) == NULL);
        fz_input_free(in, exact, size);
        return 0;
    }
    CHECK(st == WWWURL_ERR_BUFFER_TOO_SMALL && needed >= 1);
    size_t inlen = exact ? size : strlen(in);
    CHECK(needed - 1 <= 3 * inlen);

    cap = cap % (needed + 3);
    char *buf = malloc(cap + GUARD_LEN);
    CHECK(buf != NULL);
    memset(buf, GUARD_BYTE, cap + GUARD_LEN);
    size_t need2 = 0;
    st = wwwurl_transcode(codec, in, len, buf, cap, &need2);
    CHECK(need2 == needed);
    CHECK(st == (cap >= needed ? WWWURL_OK : WWWURL_ERR_BUFFER_TOO_SMALL));
    CHECK(fz_guard_intact(buf + cap, GUARD_LEN));

    size_t dl = 12345;
    char *d = wwwurl_transcode_dup(codec, in, len, &dl);
    CHECK(d != NULL);
    CHECK(dl == needed - 1 && d[dl] == '\0');
    if (st == WWWURL_OK) {
        CHECK(buf[needed - 1] == '\0');
        CHECK(memcmp(buf, d, dl) == 0);
    }
    wwwurl_string_free(d);
    free(buf);
    fz_input_free(in, exact, size);
    return 0;
}
