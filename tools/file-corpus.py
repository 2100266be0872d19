#!/usr/bin/env python3
"""Writes a corpus of `file:` URLs and module specifiers, one a line.

    python3 tools/file-corpus.py TREE [COUNT] > tests/corpus/file-urls.txt

The files under TREE (a source tree: any folder of projects) become the
paths of a developer's checkout under /home/dev/src, and each path one of
the forms that tools write: `file:///abs/path`, with `localhost`, a
Windows drive (`file:///C:/Users/dev/src/...`), a UNC share
(`file://server/share/...`), a directory with a trailing slash, a query
or fragment as editors and source maps add them; then Node-style module
specifiers (`node:fs`). Every byte depends only on the tree's file names:
the lines are sorted, then shuffled with a fixed seed.
"""
import os
import random
import sys

NODE = """assert async_hooks buffer child_process cluster console crypto dgram
diagnostics_channel dns domain events fs fs/promises http http2 https inspector
module net os path path/posix path/win32 perf_hooks process punycode querystring
readline repl stream stream/promises stream/web string_decoder test timers
timers/promises tls trace_events tty url util util/types v8 vm wasi
worker_threads zlib sqlite sea""".split()


def main():
    tree = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    rels = []
    for root, dirs, files in os.walk(tree):
        dirs.sort()
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(root, f), tree)
            rels.append(rel.replace(os.sep, "/"))
    rels.sort()
    rng = random.Random(46)
    rng.shuffle(rels)
    out = []
    for i, rel in enumerate(rels[:count]):
        form = i % 20
        if form < 11:
            out.append("file:///home/dev/src/" + rel)
        elif form < 13:
            out.append("file://localhost/home/dev/src/" + rel)
        elif form < 15:
            out.append("file:///C:/Users/dev/src/" + rel)
        elif form == 15:
            out.append("file://build-server/share/src/" + rel)
        elif form == 16:
            out.append("file:///home/dev/src/" + rel.rsplit("/", 1)[0] + "/")
        elif form == 17:
            out.append("file:///home/dev/src/" + rel + "#L" + str(1 + i % 400))
        elif form == 18:
            out.append("file:///home/dev/src/" + rel + "?v=" + str(i))
        else:
            out.append("file:///home/dev/src/" + rel.replace("/", "/./", 1))
    for name in NODE:
        out.append("node:" + name)
    rng.shuffle(out)
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
