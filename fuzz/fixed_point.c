/* The law of canonical forms, for the profile FZ_PROFILE: canonicalising a
 * canonical form gives it back, byte for byte, and none holds a NUL byte.
 * fuzz/run.sh builds one target of this file per profile whose output is a
 * URL (fixed_<profile>, with FZ_PROFILE the bare name, so the newest
 * version); the WWWOFFLE profiles have idem_name, which predicts their
 * historical exceptions. The input is the URL, NUL bytes included. */
#include "fuzz_common.h"

#ifndef FZ_PROFILE
#error "fuzz/run.sh defines FZ_PROFILE, the profile's name"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *once = (char *)(uintptr_t)1, *twice = NULL;
    wwwurl_status st = wwwurl_canonicalize(NULL, FZ_PROFILE, (const char *)data, size, &once);
    CHECK(st == WWWURL_OK || st == WWWURL_ERR_INVALID_ARGUMENT);
    if (st != WWWURL_OK) {
        CHECK(once == (char *)(uintptr_t)1);
        return 0;
    }
    /* The malloc form refuses a result with a NUL, so OK means none; the
     * _buf form agrees on the length. */
    size_t needed = 0;
    CHECK(wwwurl_canonicalize_buf(NULL, FZ_PROFILE, (const char *)data, size, NULL, 0, &needed) ==
          WWWURL_ERR_BUFFER_TOO_SMALL);
    CHECK(needed == strlen(once) + 1);
    CHECK(wwwurl_canonicalize(NULL, FZ_PROFILE, once, WWWURL_NUL_TERMINATED, &twice) ==
          WWWURL_OK);
    if (strcmp(once, twice) != 0) {
        fprintf(stderr, FZ_PROFILE " is not a fixed point:\n  %s\n  %s\n", once, twice);
        CHECK(!"canonical(canonical(x)) != canonical(x)");
    }
    wwwurl_string_free(twice);
    wwwurl_string_free(once);
    return 0;
}
