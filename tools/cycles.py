#!/usr/bin/env python3
"""Finds import cycles between the modules of Rust crates.

    python3 tools/cycles.py SRC_DIR [SRC_DIR ...]

Each SRC_DIR is the source folder of one crate (its lib.rs or main.rs is
the crate root). A module is a file: `a/b.rs` or `a/b/mod.rs` is `a::b`.
An import is a path that starts with `crate::` or `super::`, in a `use`
or anywhere in the code, braces included (`use crate::{a::b, c}`); it
points at the longest module that its segments name, or, for an item, the
module that holds it. A module's own submodules and `mod` lines do not
count. Every set of modules that reach each other through imports is
printed with one path that shows it; the exit status is 1 if there is any
such set, else 0. Test modules (`#[cfg(test)]` blocks) count like the
rest: a cycle through a test is still a cycle of the source.

The same holds one level up: taking each module of the crate root, with
everything under it (`bytes`, `wwwoffle::split::fast`), as one, no two
of them import each other, straight or round a loop. So the crate's
top-level modules stand in floors, and no lower one imports a higher one.
"""

import os
import re
import sys


def modules(src):
    """{module path tuple: file} of the crate in `src`."""
    mods = {}
    for dirpath, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), src)
            parts = rel[:-3].split(os.sep)
            if parts[-1] in ("mod", "lib", "main"):
                parts = parts[:-1]
            mods[tuple(parts)] = os.path.join(dirpath, f)
    return mods


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    # String literals may hold `crate::` in messages.
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    return text


def expand(text, i):
    """The paths of the path expression starting at text[i] (after
    `crate::` or `super::` has been read), as lists of segments; and where
    it ends."""
    paths = [[]]
    n = len(text)
    while i < n:
        m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*|\{)", text[i:])
        if not m:
            break
        tok = m.group(1)
        i += m.end()
        if tok == "{":
            subs = []
            while True:
                inner, i = expand(text, i)
                subs.extend(inner)
                m2 = re.match(r"\s*([,}])", text[i:])
                if not m2:
                    return paths, i
                i += m2.end()
                if m2.group(1) == "}":
                    break
                if re.match(r"\s*}", text[i:]):
                    i += re.match(r"\s*}", text[i:]).end()
                    break
            return [p + s for p in paths for s in subs], i
        for p in paths:
            p.append(tok)
        m3 = re.match(r"\s*::", text[i:])
        if not m3:
            break
        i += m3.end()
    return paths, i


def imports(mod, text, mods):
    """The modules that `mod` imports."""
    found = set()
    for m in re.finditer(r"\b(crate|super)\s*::", text):
        kind = m.group(1)
        if kind == "super":
            # Chains of super:: go up one module each.
            base = list(mod)
            j = m.start()
            rest = text[j:]
            while True:
                s = re.match(r"super\s*::\s*", rest)
                if not s:
                    break
                base = base[:-1]
                rest = rest[s.end():]
            if m.start() > 0 and re.search(r"super\s*::\s*$", text[: m.start()]):
                continue  # counted with the first super:: of the chain
            start = len(text) - len(rest)
        else:
            if re.search(r"(super|crate)\s*::\s*$", text[: m.start()]):
                continue
            base = []
            start = m.end()
        paths, _ = expand(text, start)
        for p in paths:
            p = [s for s in p if s != "self"]
            target = tuple(base)
            for k in range(len(p), -1, -1):
                if tuple(base + p[:k]) in mods:
                    target = tuple(base + p[:k])
                    break
            if target != mod and not target[: len(mod)] == mod:
                found.add(target)
    return found


def cycles(graph):
    """The strongly connected components of more than one module."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def path_in(graph, comp):
    """One cycle through the component, as module names."""
    comp = set(comp)
    start = min(comp)
    seen, trail = {start}, [start]
    v = start
    while True:
        nxt = sorted(w for w in graph[v] if w in comp)
        back = [w for w in nxt if w == start]
        if back and len(trail) > 1:
            return trail + [start]
        fresh = [w for w in nxt if w not in seen]
        if not fresh:
            return trail + [nxt[0]]
        v = fresh[0]
        seen.add(v)
        trail.append(v)


def top_level(graph):
    """The graph between the crate root's own modules, each standing for
    everything under it."""
    top = {}
    for v, ws in graph.items():
        if not v:
            continue
        top.setdefault(v[:1], set())
        for w in ws:
            if w and w[:1] != v[:1]:
                top[v[:1]].add(w[:1])
                top.setdefault(w[:1], set())
    return top


def name(m):
    return "::".join(m) or "crate"


def main(dirs):
    total = 0
    for src in dirs:
        mods = modules(src)
        graph = {}
        for mod, f in mods.items():
            with open(f, encoding="utf-8") as fh:
                text = strip_comments(fh.read())
            graph[mod] = imports(mod, text, mods)
        found = cycles(graph)
        total += len(found)
        for comp in found:
            trail = " -> ".join(name(m) for m in path_in(graph, comp))
            print("%s: import cycle of %d modules: %s" % (src, len(comp), trail))
        top = top_level(graph)
        found = cycles(top)
        total += len(found)
        for comp in found:
            trail = " -> ".join(name(m) for m in path_in(top, comp))
            print("%s: import cycle of %d top-level modules: %s" % (src, len(comp), trail))
    if total:
        print("tools/cycles.py: %d import cycle(s)" % total)
        return 1
    print("tools/cycles.py: no import cycle in %s" % " ".join(dirs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]) if len(sys.argv) > 1 else 2)
