/* The Public Suffix List: wwwurl_psl_registrable_domain and _public_suffix
 * of a host under the built-in list and under a list loaded from the
 * input. Byte 0: flags (bit 0: WWWURL_PSL_ICANN). The rest: a host, NUL,
 * the text of a list.
 * Properties: no panic (never WWWURL_ERR_PANIC); a loaded text is a list or
 * WWWURL_ERR_INVALID_LIST; every answer is a tail of the host that starts
 * at a label (at 0, or after a dot) and is not the empty tail; the
 * registrable domain, when there is one, starts a label before the public
 * suffix; a host with a registrable domain has a public suffix. */
#include "fuzz_common.h"

static void check_host(const wwwurl_psl *psl, const char *host, size_t len, uint32_t flags)
{
    size_t reg = (size_t)-1, suf = (size_t)-1;
    wwwurl_status rs = wwwurl_psl_registrable_domain(psl, host, len, flags, &reg);
    wwwurl_status ss = wwwurl_psl_public_suffix(psl, host, len, flags, &suf);
    CHECK(rs == WWWURL_OK || rs == WWWURL_ERR_NO_DOMAIN);
    CHECK(ss == WWWURL_OK || ss == WWWURL_ERR_NO_DOMAIN);
    if (ss == WWWURL_OK) {
        CHECK(suf < len);
        CHECK(suf == 0 || host[suf - 1] == '.');
    }
    if (rs == WWWURL_OK) {
        CHECK(ss == WWWURL_OK);
        CHECK(reg < suf);
        CHECK(reg == 0 || host[reg - 1] == '.');
        CHECK(memchr(host + reg, '.', suf - reg) == host + suf - 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint32_t flags = data[0] & 1 ? WWWURL_PSL_ICANN : 0;
    const uint8_t *rest = data + 1;
    size_t n = size - 1;
    const uint8_t *nul = memchr(rest, 0, n);
    size_t hl = nul ? (size_t)(nul - rest) : n;

    /* the host by its exact length, so that a read past it faults */
    char *host = fz_input(0, 1, rest, hl);
    check_host(wwwurl_psl_builtin(), host, hl, flags);

    if (nul) {
        size_t tl = n - hl - 1;
        char *text = fz_input(1, 1, nul + 1, tl);
        wwwurl_psl *psl = NULL;
        wwwurl_status st = wwwurl_psl_load(text, tl, &psl);
        CHECK(st == WWWURL_OK || st == WWWURL_ERR_INVALID_LIST);
        CHECK((st == WWWURL_OK) == (psl != NULL));
        if (psl) {
            check_host(psl, host, hl, flags);
            CHECK(wwwurl_psl_version(psl, NULL) != NULL);
        }
        wwwurl_psl_free(psl);
        fz_input_free(text, 1, tl);
    }
    fz_input_free(host, 1, hl);
    return 0;
}
