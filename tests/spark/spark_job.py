"""The function that the Spark test (test_spark.py) maps over Arrow batches,
in a module of its own so that Spark can ship it to its Python workers
(``SparkContext.addPyFile``): a function of the test module itself would be
pickled by reference to a module that the workers cannot import."""

# The profiles checked, and the Arrow columns they go into (Spark column
# names cannot hold `-` or `.` unquoted). Three kinds of output: the
# WWWOFFLE cache name, the Internet Archive's SURT and the WHATWG href
# (which refuses one line of the corpus, so that the refusal path is
# checked on both routes).
PROFILES = {"wwwoffle-2.9": "c_wwwoffle", "surt": "c_surt", "whatwg": "c_whatwg"}

ARROW_SCHEMA = "part int, batch int, idx long, value string, " + ", ".join(
    f"{c} string" for c in PROFILES.values()
)


def canonicalize_batches(batches):
    """The function given to mapInArrow: each batch's `value` column through
    wwwurl.canonicalize_arrow once per profile, with the partition, the
    batch number and the row's position in the partition, counted here in
    the order the rows arrive."""
    import pyarrow as pa
    import wwwurl
    from pyspark import TaskContext

    part = TaskContext.get().partitionId()
    start = 0
    for n, batch in enumerate(batches):
        value = batch.column(batch.schema.get_field_index("value"))
        rows = len(value)
        columns = [
            pa.array([part] * rows, pa.int32()),
            pa.array([n] * rows, pa.int32()),
            pa.array(range(start, start + rows), pa.int64()),
            value,
        ]
        names = ["part", "batch", "idx", "value"]
        for profile, column in PROFILES.items():
            out = wwwurl.canonicalize_arrow(value, profile=profile, threads=1)
            # One output per input, of the input's type: a reordering or a
            # lost row inside the package would not get past here unseen.
            assert len(out) == rows and out.type == value.type, (profile, out.type, value.type)
            columns.append(out)
            names.append(column)
        start += rows
        yield pa.RecordBatch.from_arrays(columns, names=names)
