"""Throughput of the Python package wwwurl beside the Python URL libraries
that do the same jobs, and of wwwurl's two Spark routes (`make
bench-python`).

    python bench/python/bench.py [--tool WWWURL] [--min-time S] [--rounds N]
        [--spark-lines N] [--spark-profile NAME] [--no-spark | --spark-only]
        CORPUS...

For each corpus (one URL a line), URLs per second, of wall-clock time and of
CPU time (``time.process_time``, every thread of the process), of:

* WHATWG href: ``wwwurl.URL(u).href`` and the ``whatwg`` profile, against
  ``ada_url.URL(u).href`` (ada-url) and ``can_ada.parse(u).href`` (can_ada);
* SURT: the ``surt`` profile against ``surt.surt(u)`` (surt);
* a cache key: the ``cachekey`` profile against
  ``w3lib.url.canonicalize_url(u)`` (w3lib), a similar job with different
  rules (query sorted, fragment dropped; w3lib keeps a default port);
* RFC 3986: ``wwwurl.split(u)`` against ``urllib.parse.urlsplit(u)``, and
  ``wwwurl.resolve(base, ref)`` against ``urllib.parse.urljoin(base, ref)``
  (each URL as the base of one of RFC 3986's section 5.4 references, in
  turn).

Each is timed as single calls from a Python loop (a try/except around each
call, for every library alike) and, for the profiles, as the batch forms:
``canonicalize_many`` and ``canonicalize_arrow`` on one thread ("1 thr")
and on one thread per core. A rate is the best of ``--rounds`` rounds,
each at least ``--min-time`` seconds of whole passes over the corpus, the
rounds of one job's implementations taking turns (so that a drift of the
machine's speed favours none); "per CPU-s" divides by the CPU time the
process used, so that for one thread it is the rate per core even while
other work shares the machine. "agree"
is the share of URLs on which the peer's output equals ours (its refusals
and ours count as equal).

Then Spark in local mode (``local[N]``, every core) on the first corpus
repeated to ``--spark-lines`` lines, so that the JVM's start does not
count: the session is up and warmed before timing, and each route's rate
is the best of three runs, from reading the text file to the last output
row (``write.format("noop")``, or ``RDD.count()`` for the pipe; one more
run with a Parquet write), in wall-clock time. Beside each route, its baseline: the same job
with a function that returns its input (mapInArrow) or ``cat`` (pipe), i.e.
what Spark itself costs.

Every peer must be installed; a missing one stops the run with the pip
command to install it.
"""

import argparse
import os
import shlex
import shutil
import sys
import tempfile
import time
import urllib.parse

PEERS = {
    "ada_url": "ada-url",
    "can_ada": "can_ada",
    "surt": "surt",
    "w3lib": "w3lib",
    "pyarrow": "pyarrow",
}

# RFC 3986 section 5.4: normal and abnormal references, resolved against
# each corpus URL in turn.
REFERENCES = [
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../g",
    "../../../g",
    "/./g",
    "g.",
    "g/../h",
    "g;x=1/../y",
    "g?y/./x",
    "g#s/../x",
]


def die(message):
    print(f"bench-python: {message}", file=sys.stderr)
    sys.exit(1)


def import_peers():
    missing = []
    mods = {}
    for mod, dist in PEERS.items():
        try:
            mods[mod] = __import__(mod)
        except ImportError:
            missing.append(dist)
    try:
        import wwwurl  # noqa: F401
    except ImportError:
        die("the wwwurl package is not installed (make python-test installs it)")
    if missing:
        die(
            f"missing Python packages: {', '.join(missing)}; install them with "
            f"{sys.executable} -m pip install {' '.join(missing)}"
        )
    import w3lib.url  # noqa: F401

    return mods


def read_corpus(path):
    with open(path, "rb") as f:
        data = f.read()
    lines = data.decode("utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def one_round(fn, min_time):
    """(passes, wall-clock seconds, CPU seconds) of as many whole calls of
    fn, each a pass over the corpus, as fill `min_time` seconds."""
    passes = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while True:
        fn()
        passes += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            break
    return passes, elapsed, time.process_time() - cpu_start


def each(f, urls):
    """A pass of single calls, a refusal or error costing what it costs."""

    def run():
        for u in urls:
            try:
                f(u)
            except Exception:
                pass

    return run


def outputs(f, urls):
    out = []
    for u in urls:
        try:
            out.append(f(u))
        except Exception:
            out.append(None)
    return out


def agreement(a, b):
    same = sum(x == y for x, y in zip(a, b))
    return f"{100.0 * same / len(a):.1f} %"


def fmt_rate(r):
    return f"{r:>12,.0f}"


class Table:
    """The implementations of one job, timed together: round r of every one
    of them runs before round r + 1 of any, so that a machine whose speed
    drifts (other work starting or stopping) favours none of them. Each
    rate is the best round's: URLs per second of wall-clock time, and per
    second of the process's CPU time (all its threads), the steadier one
    on a shared machine and, for one thread, the rate per core."""

    def __init__(self, title, count, args):
        self.title, self.count, self.args = title, count, args
        self.rows = []

    def row(self, impl, form, fn, agree=""):
        self.rows.append((impl, form, fn, agree))

    def show(self):
        wall = [0.0] * len(self.rows)
        cpu = [0.0] * len(self.rows)
        for _, _, fn, _ in self.rows:
            fn()  # warm up (imports, caches, thread pool)
        for _ in range(self.args.rounds):
            for i, (_, _, fn, _) in enumerate(self.rows):
                passes, elapsed, used = one_round(fn, self.args.min_time)
                wall[i] = max(wall[i], passes * self.count / elapsed)
                if used > 0:
                    cpu[i] = max(cpu[i], passes * self.count / used)
        print(f"\n{self.title}")
        print(f"  {'implementation':<42} {'form':<15} {'URLs/s':>12} {'per CPU-s':>12}  agree")
        for i, (impl, form, _, agree) in enumerate(self.rows):
            print(f"  {impl:<42} {form:<15} {fmt_rate(wall[i])} {fmt_rate(cpu[i])}  {agree}")
        sys.stdout.flush()


def profile_rows(table, wwwurl, profile, urls, arr, cores):
    table.row(
        f'canonicalize(u, "{profile}")',
        "single",
        each(lambda u: wwwurl.canonicalize(u, profile), urls),
    )
    table.row(
        f'canonicalize_many(urls, "{profile}")',
        "batch, 1 thr",
        lambda: wwwurl.canonicalize_many(urls, profile, threads=1),
    )
    table.row(
        f'canonicalize_arrow(array, "{profile}")',
        "batch, 1 thr",
        lambda: wwwurl.canonicalize_arrow(arr, profile, threads=1),
    )
    table.row(
        f'canonicalize_many(urls, "{profile}")',
        f"batch, {cores} thr",
        lambda: wwwurl.canonicalize_many(urls, profile),
    )
    table.row(
        f'canonicalize_arrow(array, "{profile}")',
        f"batch, {cores} thr",
        lambda: wwwurl.canonicalize_arrow(arr, profile),
    )


def bench_corpus(path, mods, args, cores):
    import wwwurl

    pa = mods["pyarrow"]
    urls = read_corpus(path)
    arr = pa.array(urls, pa.string())
    n = len(urls)
    print(f"\n== {path}: {n} URLs, {cores} cores")

    ours_href = outputs(lambda u: wwwurl.URL(u).href, urls)
    table = Table("WHATWG href", n, args)
    table.row(
        "wwwurl.URL(u).href",
        "single",
        each(lambda u: wwwurl.URL(u).href, urls),
    )
    profile_rows(table, wwwurl, "whatwg", urls, arr, cores)
    ada_url, can_ada = mods["ada_url"], mods["can_ada"]
    table.row(
        "ada_url.URL(u).href (ada-url)",
        "single",
        each(lambda u: ada_url.URL(u).href, urls),
        agreement(outputs(lambda u: ada_url.URL(u).href, urls), ours_href),
    )
    table.row(
        "can_ada.parse(u).href (can_ada)",
        "single",
        each(lambda u: can_ada.parse(u).href, urls),
        agreement(outputs(lambda u: can_ada.parse(u).href, urls), ours_href),
    )

    table.show()

    table = Table("SURT", n, args)
    profile_rows(table, wwwurl, "surt", urls, arr, cores)
    surt = mods["surt"].surt
    table.row(
        "surt.surt(u) (surt)",
        "single",
        each(surt, urls),
        agreement(outputs(surt, urls), wwwurl.canonicalize_many(urls, "surt")),
    )

    table.show()

    table = Table("Cache key (different rules: see the agreement)", n, args)
    profile_rows(table, wwwurl, "cachekey", urls, arr, cores)
    w3 = sys.modules["w3lib.url"].canonicalize_url
    table.row(
        "w3lib.url.canonicalize_url(u) (w3lib)",
        "single",
        each(w3, urls),
        agreement(outputs(w3, urls), wwwurl.canonicalize_many(urls, "cachekey")),
    )

    table.show()

    table = Table("RFC 3986 split", n, args)
    table.row("wwwurl.split(u)", "single", each(wwwurl.split, urls))
    table.row(
        "urllib.parse.urlsplit(u)",
        "single",
        each(urllib.parse.urlsplit, urls),
    )

    pairs = [(u, REFERENCES[i % len(REFERENCES)]) for i, u in enumerate(urls)]

    def resolve_pass(f):
        def run():
            for b, r in pairs:
                try:
                    f(b, r)
                except Exception:
                    pass

        return run

    def resolved(f):
        out = []
        for b, r in pairs:
            try:
                out.append(f(b, r))
            except Exception:
                out.append(None)
        return out

    table.show()

    table = Table("RFC 3986 resolve (the section 5.4 references against each URL)", n, args)
    table.row("wwwurl.resolve(base, ref)", "single", resolve_pass(wwwurl.resolve))
    table.row(
        "urllib.parse.urljoin(base, ref)",
        "single",
        resolve_pass(urllib.parse.urljoin),
        agreement(resolved(urllib.parse.urljoin), resolved(wwwurl.resolve)),
    )
    table.show()


# ---- Spark -------------------------------------------------------------------


def spark_session(cores):
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    try:
        import pandas  # noqa: F401  (mapInArrow checks for it)
        from pyspark.sql import SparkSession
    except ImportError as e:
        die(
            f"{e.name} is not installed: {sys.executable} -m pip install pyspark~=4.3 "
            "pandas~=2.3 (python/requirements-dev.txt), or pass --no-spark"
        )
    if not (os.environ.get("JAVA_HOME") or shutil.which("java")):
        die("Spark needs Java 17 or later: apt-get install openjdk-17-jre-headless")
    spark = (
        SparkSession.builder.master(f"local[{cores}]")
        .appName("wwwurl-bench")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def spark_time(job, runs=3):
    job()  # warm: Python workers started, JIT, page cache
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        job()
        best = min(best, time.perf_counter() - start)
    return best


def bench_spark(corpus, args, cores):
    urls = read_corpus(corpus)
    copies = max(1, -(-args.spark_lines // len(urls)))
    work = tempfile.mkdtemp(prefix="wwwurl-bench-spark-")
    try:
        text = os.path.join(work, "urls.txt")
        with open(text, "w", encoding="utf-8") as f:
            for _ in range(copies):
                f.write("\n".join(urls))
                f.write("\n")
        lines = copies * len(urls)
        spark = spark_session(cores)
        sc = spark.sparkContext
        profile = args.spark_profile

        def canon(batches):
            import pyarrow as pa
            import wwwurl

            for b in batches:
                # One thread: Spark already runs one task per core.
                out = wwwurl.canonicalize_arrow(b.column(0), profile, threads=1)
                yield pa.RecordBatch.from_arrays([out], names=["value"])

        def same(batches):
            yield from batches

        df = spark.read.text(text)
        parts = df.rdd.getNumPartitions()
        print(
            f"\n== Spark {spark.version}, local[{cores}]: {corpus} repeated {copies} times "
            f"({lines:,} lines, {os.path.getsize(text) / 1e6:.0f} MB, {parts} partitions), "
            f"profile {profile}"
        )
        print("  from reading the text file to the last row; best of 3 runs after a warm-up")
        print(f"  {'route':<68} {'URLs/s':>12}")

        def row(name, seconds):
            print(f"  {name:<68} {fmt_rate(lines / seconds)}", flush=True)

        def noop(d):
            return lambda: d.write.format("noop").mode("overwrite").save()

        row(
            "mapInArrow: canonicalize_arrow on each batch",
            spark_time(noop(df.mapInArrow(canon, "value string"))),
        )
        row(
            "  the same, written as Parquet",
            spark_time(
                lambda: (
                    df.mapInArrow(canon, "value string")
                    .write.mode("overwrite")
                    .parquet(os.path.join(work, "out.parquet"))
                )
            ),
        )
        row(
            "  baseline: mapInArrow returning its input",
            spark_time(noop(df.mapInArrow(same, "value string"))),
        )

        from pyspark.sql.functions import udf

        @udf("string")
        def canon_row(u):
            import wwwurl

            try:
                return wwwurl.canonicalize(u, profile)
            except wwwurl.Error:
                return None

        row(
            "row-at-a-time Python UDF: canonicalize(u) (for comparison)",
            spark_time(noop(df.select(canon_row("value")))),
        )

        rdd = sc.textFile(text, minPartitions=parts)
        cmd = shlex.join(
            [
                os.path.abspath(args.tool),
                "canon",
                "--profile",
                profile,
                "--jobs",
                "1",
                "--no-progress",
            ]
        )
        row(
            f"RDD.pipe: wwwurl canon --profile {profile} --jobs 1",
            spark_time(lambda: rdd.pipe(cmd).count()),
        )
        row("  baseline: RDD.pipe through cat", spark_time(lambda: rdd.pipe("/bin/cat").count()))
        spark.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", nargs="+", help="one URL a line")
    ap.add_argument("--tool", default="target/release/wwwurl", help="the wwwurl tool, for RDD.pipe")
    ap.add_argument("--min-time", type=float, default=0.3, help="seconds a round lasts at least")
    ap.add_argument(
        "--rounds", type=int, default=5, help="rounds per measurement (the best counts)"
    )
    ap.add_argument(
        "--spark-lines", type=int, default=1_920_000, help="lines of the Spark input, at least"
    )
    ap.add_argument(
        "--spark-profile", default="wwwoffle-2.9", help="the profile the Spark routes run"
    )
    ap.add_argument("--no-spark", action="store_true", help="leave Spark out")
    ap.add_argument("--spark-only", action="store_true", help="only the Spark routes")
    args = ap.parse_args()

    mods = import_peers()
    import wwwurl

    cores = len(os.sched_getaffinity(0))
    from importlib.metadata import version

    peers = ", ".join(f"{d} {version(d)}" for d in PEERS.values())
    print(f"wwwurl {wwwurl.__version__}, Python {sys.version.split()[0]}; {peers}")
    print(f"{cores} cores: {os.uname().machine}, {cpu_model()}")
    if not args.no_spark and not os.access(args.tool, os.X_OK):
        die(f"the wwwurl tool {args.tool} is missing: build it (make) or pass --tool")
    for path in [] if args.spark_only else args.corpus:
        bench_corpus(path, mods, args, cores)
    if not args.no_spark:
        bench_spark(args.corpus[0], args, cores)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


if __name__ == "__main__":
    main()
