"""wwwurl in Apache Spark: the two routes a Spark job can take, checked
against the command-line tool on the real corpus.

* The Arrow route: ``spark.read.text`` -> ``mapInArrow`` calling
  ``wwwurl.canonicalize_arrow`` on each batch -> Parquet -> read back.
* The pipe route: ``sc.textFile(...).pipe("wwwurl canon --profile NAME")``,
  the tool run once per partition (no Python package on the executors).

Every output row must equal the tool's output for the same input line, in
the same place: the rows carry their partition and their position in it
(counted inside the mapped function, in the order Spark hands the rows
over), so that a row moved within or across partitions fails as surely as
a wrong canonical form.

Local mode with two worker threads (``local[2]``), one Spark session for
every check. Needs Java 17 or later, PySpark, pyarrow and pandas
(python/requirements-dev.txt, in the environment `make pyenv` builds) and the package (``make spark-test`` installs
it, through ``make python-test``); a missing one fails with what to
install, never skips. Environment:

* ``WWWURL_TOOL``: the ``wwwurl`` tool (default ``target/release/wwwurl``);
* ``WWWURL_CORPUS``: one URL a line (default ``tests/corpus/kasztp.txt``).
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# The mapped function's module, beside this file, whatever pytest's import
# mode.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from spark_job import ARROW_SCHEMA, PROFILES, canonicalize_batches  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TOOL = Path(os.environ.get("WWWURL_TOOL", ROOT / "target" / "release" / "wwwurl")).resolve()
CORPUS = Path(os.environ.get("WWWURL_CORPUS", ROOT / "tests" / "corpus" / "kasztp.txt")).resolve()

# Small enough that the corpus (2 MB) is read as several partitions, each
# of several Arrow batches: the order is then tested across partition and
# batch boundaries.
MAX_PARTITION_BYTES = 512 * 1024
BATCH_ROWS = 4096
PIPE_PARTITIONS = 4

INSTALL_HINT = "run it in the environment that `make pyenv` builds (build/pyenv)"


def _require_java():
    """Java 17 or later, where PySpark looks for it: JAVA_HOME, else PATH."""
    home = os.environ.get("JAVA_HOME")
    java = str(Path(home) / "bin" / "java") if home else shutil.which("java")
    if not java or not os.access(java, os.X_OK):
        where = f"no {java}" if home else "no java on PATH"
        pytest.fail(
            f"Spark needs Java 17 or later and none was found ({where}): install it, "
            "on Debian: apt-get install openjdk-17-jre-headless",
            pytrace=False,
        )
    out = subprocess.run([java, "-version"], capture_output=True, text=True).stderr
    m = re.search(r'version "(\d+)(?:\.(\d+))?', out)
    major = int(m.group(1)) if m else 0
    if major == 1 and m.group(2):  # "1.8.0": Java 8
        major = int(m.group(2))
    if major < 17:
        pytest.fail(
            f"Spark needs Java 17 or later; {java} is {out.splitlines()[0] if out else '?'}: "
            "install it, on Debian: apt-get install openjdk-17-jre-headless",
            pytrace=False,
        )


def _require_modules():
    # pandas: PySpark's mapInArrow checks for it, though no pandas object
    # is made here.
    for name in ("pyspark", "pyarrow", "pandas", "wwwurl"):
        try:
            __import__(name)
        except ImportError as e:
            how = "make python-test installs it" if name == "wwwurl" else INSTALL_HINT
            pytest.fail(
                f"{name} cannot be imported by {sys.executable} ({e}): {how}", pytrace=False
            )


def _require_tool():
    if not os.access(TOOL, os.X_OK):
        pytest.fail(
            f"the wwwurl tool {TOOL} is missing: build it (make, or cargo build --release "
            "-p wwwurl-cli) or set WWWURL_TOOL",
            pytrace=False,
        )
    if not CORPUS.is_file():
        pytest.fail(f"the corpus {CORPUS} is missing (WWWURL_CORPUS)", pytrace=False)


@pytest.fixture(scope="session")
def spark():
    _require_tool()
    _require_modules()
    _require_java()
    # The Python workers must be this interpreter, the one with wwwurl.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    # Only the loopback interface, whatever the host name resolves to.
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("wwwurl-spark-test")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.files.maxPartitionBytes", str(MAX_PARTITION_BYTES))
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(BATCH_ROWS))
        # A run of a minute: the JVM's quick compiler alone and the serial
        # collector start it in half the time on two cores.
        .config("spark.driver.extraJavaOptions", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    # The mapped function's module, for the Python workers to import (a
    # plain module travels this way; the package's native extension does not:
    # it is installed where the workers run).
    session.sparkContext.addPyFile(str(Path(__file__).with_name("spark_job.py")))
    yield session
    session.stop()


def _corpus_lines():
    # The tool reads lines the same way: LF ends a line, a final CR LF or
    # LF is removed, the last line needs no line end.
    data = CORPUS.read_bytes()
    assert b"\r" not in data, "the corpus must not hold CR bytes (Spark ends lines at CR too)"
    lines = data.decode("utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _tool_output(profile):
    """What `wwwurl canon --profile` prints for each corpus line, None for a
    line it refuses (an empty output line, reported on standard error)."""
    run = subprocess.run(
        [str(TOOL), "canon", "--profile", profile, "--no-progress", "-i", str(CORPUS)],
        capture_output=True,
    )
    out = run.stdout.decode("utf-8").split("\n")
    assert out[-1] == "", "the tool's output ends with a line end"
    out.pop()
    refused = set()
    for line in run.stderr.decode("utf-8", "replace").splitlines():
        m = re.match(r"wwwurl: .*: line (\d+): ", line)
        assert m, f"unexpected message from the tool: {line}"
        refused.add(int(m.group(1)) - 1)
    assert run.returncode == (1 if refused else 0), (profile, run.returncode, run.stderr[:300])
    for i in refused:
        assert out[i] == "", (profile, i, out[i])
        out[i] = None
    return out


@pytest.fixture(scope="session")
def expected():
    lines = _corpus_lines()
    table = {p: _tool_output(p) for p in PROFILES}
    for p, out in table.items():
        assert len(out) == len(lines), (p, len(out), len(lines))
    return lines, table


def _first_difference(got, want):
    """None when the sequences are equal, else a description of the first
    difference."""
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return f"row {i}: got {g!r}, expected {w!r}"
    if len(got) != len(want):
        return f"{len(got)} rows, expected {len(want)}"
    return None


def _columns(df):
    """A DataFrame's columns as Python lists, in (partition, position)
    order. Sorted here rather than by Spark: no shuffle, and Arrow rather
    than a Python object per row on the way."""
    table = df.toArrow()
    table = table.sort_by([("part", "ascending"), ("idx", "ascending")])
    return {name: table.column(name).to_pylist() for name in table.column_names}


@pytest.fixture(scope="session")
def arrow_rows(spark, tmp_path_factory):
    """The Arrow route's output after the round trip through Parquet: the
    number of partitions, and each column as a list in (partition,
    position) order."""
    out = tmp_path_factory.mktemp("spark") / "canonical.parquet"
    df = spark.read.text(str(CORPUS))
    partitions = df.rdd.getNumPartitions()
    df.mapInArrow(canonicalize_batches, ARROW_SCHEMA).write.mode("overwrite").parquet(str(out))
    return partitions, _columns(spark.read.parquet(str(out)))


def test_arrow_route_keeps_every_row_in_place(arrow_rows, expected):
    partitions, rows = arrow_rows
    lines, _ = expected
    assert partitions >= 3, (
        f"the corpus was read as {partitions} partitions; the test needs several"
    )
    # Each partition numbered 0..n-1 without a gap or a duplicate.
    seen = {}
    for part, idx in zip(rows["part"], rows["idx"]):
        seen.setdefault(part, []).append(idx)
    assert sorted(seen) == list(range(partitions)), sorted(seen)
    for part, idx in seen.items():
        assert idx == list(range(len(idx))), f"partition {part}: positions not 0..n-1"
    assert max(rows["batch"]) >= 1, "no partition had two Arrow batches"
    # Partitions in order, each in the order its rows reached the function:
    # that is the file, line by line.
    diff = _first_difference(rows["value"], lines)
    assert diff is None, f"the rows reached mapInArrow out of file order: {diff}"


@pytest.mark.parametrize("profile", list(PROFILES))
def test_arrow_route_matches_tool(arrow_rows, expected, profile):
    _, rows = arrow_rows
    lines, table = expected
    got = rows[PROFILES[profile]]
    diff = _first_difference(got, table[profile])
    assert diff is None, f"{profile}: mapInArrow differs from `wwwurl canon`: {diff}"
    assert sum(v is None for v in got) == sum(v is None for v in table[profile])
    assert len(got) == len(lines)


def test_arrow_route_nulls(spark):
    """A null input stays null, a refused URL becomes null, in place."""
    df = spark.createDataFrame(
        [("https://Example.COM/a/./b",), (None,), ("https://",), ("http://x/",)], "value string"
    ).coalesce(1)
    rows = _columns(df.mapInArrow(canonicalize_batches, ARROW_SCHEMA))
    assert rows["c_whatwg"] == ["https://example.com/a/b", None, None, "http://x/"]
    assert rows["c_surt"][1] is None and rows["c_wwwoffle"][1] is None
    assert None not in (rows["c_surt"][0], rows["c_wwwoffle"][3])


def test_comparison_detects_a_swap(arrow_rows, expected):
    """The comparison above fails when two rows trade places."""
    _, rows = arrow_rows
    _, table = expected
    got = list(rows["c_surt"])
    i = next(i for i in range(len(got) - 1) if got[i] != got[i + 1])
    got[i], got[i + 1] = got[i + 1], got[i]
    assert _first_difference(got, table["surt"]) == (
        f"row {i}: got {got[i]!r}, expected {table['surt'][i]!r}"
    )


def pipe_command(profile):
    """The command each partition's lines are piped through. One thread per
    process: Spark already runs one process per partition and core."""
    return shlex.join([str(TOOL), "canon", "--profile", profile, "--jobs", "1", "--no-progress"])


# The tool exits with status 1 when it refused a URL of the partition (the
# whatwg profile refuses one of the corpus): RDD.pipe's default,
# checkCode=False, lets the partition's output through, the refused line
# being an empty line.
@pytest.mark.parametrize("profile", list(PROFILES))
def test_pipe_route_matches_tool(spark, expected, profile):
    lines, table = expected
    sc = spark.sparkContext
    text = sc.textFile(str(CORPUS), minPartitions=PIPE_PARTITIONS)
    sizes_in = text.glom().map(len).collect()
    parts = text.pipe(pipe_command(profile)).glom().collect()
    sizes_out = [len(p) for p in parts]
    assert len(sizes_in) >= PIPE_PARTITIONS, sizes_in
    assert sizes_out == sizes_in, f"lines out and in, per partition: {sizes_out} {sizes_in}"
    # Partitions in order, each line by line: the tool's output for the
    # whole file, a refused URL being an empty line.
    want = ["" if v is None else v for v in table[profile]]
    diff = _first_difference([line for p in parts for line in p], want)
    assert diff is None, f"{profile}: RDD.pipe differs from `wwwurl canon` on the file: {diff}"
    assert len(want) == len(lines)
