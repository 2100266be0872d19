/* wwwurl_nvs_parse, _key, _key_buf, _equivalent. Byte 0: the buffer form's
 * capacity (0-255). The rest: a No-Vary-Search header value, NUL, a URL,
 * NUL, another URL.
 * Properties: any value parses (a malformed one gives the default
 * behaviour); two URLs are equivalent exactly when their keys are equal;
 * a key is its own key (a fixed point); a URL is equivalent to itself;
 * the buffer form gives the same key and writes nothing at or past its
 * capacity. */
#include "fuzz_common.h"

static char *key_of(const wwwurl_nvs *nvs, const char *url)
{
    char *k = (char *)(uintptr_t)1;
    CHECK(wwwurl_nvs_key(nvs, url, WWWURL_NUL_TERMINATED, &k) == WWWURL_OK);
    CHECK(k != (char *)(uintptr_t)1 && k != NULL);
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t cap = data[0];
    char *f[3];
    fz_split_fields(data + 1, size - 1, f, 3);

    /* the value by its exact length, so that a read past it faults */
    size_t hl = strlen(f[0]);
    char *h = fz_input(0, 1, (const uint8_t *)f[0], hl);
    wwwurl_nvs *nvs = NULL;
    CHECK(wwwurl_nvs_parse(h, hl, &nvs) == WWWURL_OK && nvs != NULL);
    fz_input_free(h, 1, hl);

    char *k1 = key_of(nvs, f[1]), *k2 = key_of(nvs, f[2]);
    int eq = wwwurl_nvs_equivalent(nvs, f[1], WWWURL_NUL_TERMINATED, f[2],
                                   WWWURL_NUL_TERMINATED);
    CHECK(eq == 0 || eq == 1);
    if (eq != (strcmp(k1, k2) == 0)) {
        fprintf(stderr, "value \"%s\"\nurl1 \"%s\" key \"%s\"\nurl2 \"%s\" key \"%s\"\n"
                        "equivalent: %d\n", f[0], f[1], k1, f[2], k2, eq);
        CHECK(!"equivalence and equal keys disagree");
    }
    CHECK(wwwurl_nvs_equivalent(nvs, f[1], WWWURL_NUL_TERMINATED, f[1],
                                WWWURL_NUL_TERMINATED) == 1);

    char *kk = key_of(nvs, k1);
    if (strcmp(kk, k1) != 0) {
        fprintf(stderr, "value \"%s\"\nurl \"%s\"\nkey \"%s\"\nits key \"%s\"\n", f[0], f[1],
                k1, kk);
        CHECK(!"a key is not its own key");
    }
    wwwurl_string_free(kk);

    char *buf = malloc(cap + GUARD_LEN);
    CHECK(buf != NULL);
    memset(buf, GUARD_BYTE, cap + GUARD_LEN);
    size_t needed = 0;
    wwwurl_status bst =
        wwwurl_nvs_key_buf(nvs, f[1], WWWURL_NUL_TERMINATED, cap ? buf : NULL, cap, &needed);
    CHECK(fz_guard_intact(buf + cap, GUARD_LEN));
    CHECK(needed == strlen(k1) + 1);
    if (cap >= needed)
        CHECK(bst == WWWURL_OK && memcmp(buf, k1, needed) == 0);
    else
        CHECK(bst == WWWURL_ERR_BUFFER_TOO_SMALL);

    free(buf);
    wwwurl_string_free(k1);
    wwwurl_string_free(k2);
    wwwurl_nvs_free(nvs);
    fz_free_fields(f, 3);
    return 0;
}
