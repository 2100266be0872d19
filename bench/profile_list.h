/* The canonicalisation profiles that bench.c, linear.c and memory.c run
 * through wwwurl_canonicalize, in the registry's order: X(ident, "name")
 * for each, so that a new profile is added in one place. */
#ifndef WWWURL_BENCH_PROFILE_LIST_H
#define WWWURL_BENCH_PROFILE_LIST_H

#define BENCH_PROFILES(X)                                                                     \
    X(wwwoffle29, "wwwoffle-2.9")                                                             \
    X(wwwoffle29h, "wwwoffle-2.9h")                                                           \
    X(rfc3986, "rfc3986")                                                                     \
    X(rfc3986_scheme, "rfc3986-scheme")                                                       \
    X(webcapture, "webcapture")                                                               \
    X(whatwg, "whatwg")                                                                       \
    X(surt, "surt")                                                                           \
    X(safebrowsing, "safebrowsing")                                                           \
    X(cachekey, "cachekey")

#endif
