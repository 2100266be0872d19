/* The HTML routines; byte 0 picks the variant's link fixer (FixHTMLLinkURL
 * in the 2.9h library, URLReplaceAmp in place in the 2.9 one) or
 * HTMLString (nbsp 0 or 1). fuzz/run.sh builds the 2.9 one; compile with
 * -DWWWURL_LEGACY_29H and link libwwwurl-29h for FixHTMLLinkURL. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned which = data[0] % 4;
    char *in = fz_strndup(data + 1, size - 1);
    size_t n = strlen(in);
    if (which <= 1) {
#if defined(WWWURL_LEGACY_29H)
        char *r = FixHTMLLinkURL(in);
        CHECK(r != NULL);
        (void)strlen(r);
        free(r);
#else
        size_t bl;
        char *b = fz_guarded_strdup(in, &bl);
        URLReplaceAmp(b);
        CHECK(strlen(b) <= n);
        CHECK(fz_guard_intact(b + bl + 1, GUARD_LEN));
        URLReplaceAmp(in);
        CHECK(strcmp(in, b) == 0);
        free(b);
#endif
    } else {
        char *r = HTMLString(in, which == 3);
        CHECK(r != NULL);
        CHECK(strlen(r) <= 6 * n);
        free(r);
    }
    free(in);
    return 0;
}
