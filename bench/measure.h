/* What the benchmarks of bench/ share: callgrind's client requests when
 * <valgrind/callgrind.h> is there (HAVE_CALLGRIND_H; NO_CALLGRIND_H turns
 * them off), and ESCAPE, which keeps the compiler from removing work whose
 * result is not otherwise used. */
#ifndef WWWURL_BENCH_MEASURE_H
#define WWWURL_BENCH_MEASURE_H

#if !defined(HAVE_CALLGRIND_H) && !defined(NO_CALLGRIND_H) && defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#define HAVE_CALLGRIND_H 1
#endif
#endif
#ifdef HAVE_CALLGRIND_H
#include <valgrind/callgrind.h>
#define CG_START() CALLGRIND_START_INSTRUMENTATION
#define CG_STOP() CALLGRIND_STOP_INSTRUMENTATION
#define CG_MACROS 1
#else
#define CG_START() ((void)0)
#define CG_STOP() ((void)0)
#define CG_MACROS 0
#endif

#if defined(__GNUC__)
#define ESCAPE(p) __asm__ volatile("" : : "g"(p) : "memory")
#else
static void *volatile escape_sink;
#define ESCAPE(p) (escape_sink = (void *)(p))
#endif

#endif /* WWWURL_BENCH_MEASURE_H */
