/* wwwurl_webcapture_canonical. Byte 0: bit 0 exact lengths, bit 1 no base
 * (NULL). The rest: url, NUL, base. A canonical form should be a fixed
 * point: canonicalising it again gives it back (with three known exceptions,
 * below, documented in SECURITY.md). */
#include "fuzz_common.h"

#include <strings.h>

/* Known exception to the fixed-point property: an unbracketed authority
 * with more than one ':' ("ftp://a:21:21/" -> "ftp://a:21/" -> "ftp://a/",
 * "ftp://::" -> "ftp://:" -> "ftp://"): each pass removes one default or
 * empty port, the text after the last ':'. True when `again` is `out` less
 * one ":port" at the end of its authority, and nothing else changed. */
static int one_more_port_removed(const char *out, const char *again)
{
    wwwurl_components a, b;
    CHECK(wwwurl_rfc3986_split(out, WWWURL_NUL_TERMINATED, 0, &a) == WWWURL_OK);
    CHECK(wwwurl_rfc3986_split(again, WWWURL_NUL_TERMINATED, 0, &b) == WWWURL_OK);
    if (!a.authority.present || !b.authority.present || a.authority.len <= b.authority.len)
        return 0;
    size_t cut = a.authority.offset + b.authority.len;   /* where ":port" starts */
    if (out[cut] != ':' || memchr(out + cut + 1, ':', a.authority.len - b.authority.len - 1))
        return 0;
    /* Same text before the ":port" and after the authority. */
    return strncmp(out, again, cut) == 0 &&
           strcmp(out + a.authority.offset + a.authority.len,
                  again + b.authority.offset + b.authority.len) == 0;
}

/* Known finding (reported, not fixed here): when the absolute URL has no
 * authority, dot-segment removal can leave a path that starts with "//",
 * and the result then reads as a URL with an authority:
 * "http:/.//evil.com/x" -> "http://evil.com/x" (whose host is evil.com).
 * wwwurl_rfc3986_resolve does the same, as the RFC 3986 algorithm does
 * literally. Delete this exemption once the library guards against it. */
static int path_became_authority(const char *u, size_t ulen, const char *b, size_t blen,
                                 const char *out)
{
    wwwurl_components cu, cb, co;
    CHECK(wwwurl_rfc3986_split(u, ulen, 0, &cu) == WWWURL_OK);
    CHECK(wwwurl_rfc3986_split(out, WWWURL_NUL_TERMINATED, 0, &co) == WWWURL_OK);
    int authority = cu.authority.present;
    if (!cu.scheme.present && b != NULL) {
        CHECK(wwwurl_rfc3986_split(b, blen, 0, &cb) == WWWURL_OK);
        authority = authority || cb.authority.present;
    }
    return !authority && co.authority.present;
}

/* Known finding: step 5 (drop the host of file://localhost) runs before
 * step 6 drops an empty port, so "file://localhost:/x" gives
 * "file://localhost/x", whose host the next pass drops. */
static int file_localhost_left(const char *out)
{
    wwwurl_components c;
    CHECK(wwwurl_rfc3986_split(out, WWWURL_NUL_TERMINATED, 0, &c) == WWWURL_OK);
    return c.scheme.len == 4 && strncmp(out + c.scheme.offset, "file", 4) == 0 &&
           c.authority.len == 9 && strncasecmp(out + c.authority.offset, "localhost", 9) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int exact = data[0] & 1;
    int nobase = (data[0] & 2) != 0;
    data++, size--;
    const uint8_t *nul = memchr(data, 0, size);
    size_t ulen = nul ? (size_t)(nul - data) : size;
    const uint8_t *bp = nul ? nul + 1 : data + size;
    size_t blen = (size_t)(data + size - bp);
    char *u = fz_input(0, exact, data, ulen);
    char *b = nobase ? NULL : fz_input(1, exact, bp, blen);

    /* With exact lengths the inputs may hold NUL bytes, which reach the
     * result (a C string without a length): no fixed-point check then. */
    int has_nul = exact && (memchr(u, 0, ulen) || (b && memchr(b, 0, blen)));
    char *out = (char *)(uintptr_t)1;
    wwwurl_status st = wwwurl_webcapture_canonical(
        u, exact ? ulen : WWWURL_NUL_TERMINATED, b,
        nobase ? 0 : exact ? blen : WWWURL_NUL_TERMINATED, &out);
    CHECK(st == WWWURL_OK || st == WWWURL_ERR_NOT_ABSOLUTE ||
          st == WWWURL_ERR_UNSUPPORTED_SCHEME);
    if (st == WWWURL_OK) {
        CHECK(out != NULL);
        (void)strlen(out);
        /* Canonical means a fixed point. */
        char *again = NULL;
        CHECK(wwwurl_webcapture_canonical(out, WWWURL_NUL_TERMINATED, NULL, 0, &again) == WWWURL_OK);
        if (!has_nul && strcmp(again, out) != 0 && !one_more_port_removed(out, again) &&
            !file_localhost_left(out) &&
            !path_became_authority(u, exact ? ulen : WWWURL_NUL_TERMINATED, b,
                                   nobase ? 0 : exact ? blen : WWWURL_NUL_TERMINATED, out)) {
            fprintf(stderr, "not a fixed point:\n  %s\n  %s\n", out, again);
            CHECK(!"webcapture(webcapture(x)) != webcapture(x)");
        }
        wwwurl_string_free(again);
        wwwurl_string_free(out);
    } else {
        CHECK(out == (char *)(uintptr_t)1);
    }
    fz_input_free(u, exact, ulen);
    if (b)
        fz_input_free(b, exact, blen);
    return 0;
}
