/* Application hooks of the historical API (doc/behaviour.md, Configuration).
 *
 * WWWOFFLE defines GetLocalHostPort() and DefaultPort() itself. They are
 * referenced weakly: when the program linking the library (statically or
 * dynamically) defines them, these wrappers call them; otherwise the
 * references are NULL and the library's own configuration applies. */
#include <stddef.h>

struct _URL;

extern char *GetLocalHostPort(void) __attribute__((weak));
extern int DefaultPort(const struct _URL *url) __attribute__((weak));

char *libwwwurl_hook_local_host(int *present)
{
    if (GetLocalHostPort == NULL) {
        *present = 0;
        return NULL;
    }
    *present = 1;
    return GetLocalHostPort();
}

int libwwwurl_hook_default_port(const struct _URL *url, int *present)
{
    if (DefaultPort == NULL) {
        *present = 0;
        return 0;
    }
    *present = 1;
    return DefaultPort(url);
}

/* Bit 0: GetLocalHostPort is defined; bit 1: DefaultPort is defined. */
int libwwwurl_hooks_present(void)
{
    return (GetLocalHostPort != NULL ? 1 : 0) | (DefaultPort != NULL ? 2 : 0);
}
