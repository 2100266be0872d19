/* LinkURL. Byte 0 bit 0: the base comes from SplitURL(field 1) or from
 * CreateURL("http"/field 1, field 2, field 3); the last field is the link.
 * Fields are separated by NUL bytes. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int create = data[0] & 1;
    char *f[4];
    URL *base;
    const char *link;
    if (create) {
        fz_split_fields(data + 1, size - 1, f, 4);
        base = CreateURL((data[0] & 2) ? "ftp" : f[0], f[1], f[2], NULL, NULL, NULL);
        link = f[3];
    } else {
        fz_split_fields(data + 1, size - 1, f, 2);
        f[2] = f[3] = NULL;
        base = SplitURL(f[0]);
        link = f[1];
    }
    fz_check_url(base);
    URL *u = LinkURL(base, link);
    fz_check_url(u);
    FreeURL(u);
    FreeURL(base);
    fz_free_fields(f, create ? 4 : 2);
    return 0;
}
