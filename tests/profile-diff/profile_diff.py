#!/usr/bin/env python3
"""Differential test of canonicalisation profiles against reference
packages: `surt/1` and `surt/2` against the `surt` package, `cachekey/1` against
w3lib's `canonicalize_url`, `safebrowsing/1` against gglsbl's
`URL.canonical`.

    python3 tests/profile-diff/profile_diff.py --tool target/release/wwwurl \
        --corpus kasztp=tests/corpus/kasztp.txt --corpus escapes=build/escapes.txt

The profile is computed by the tool (`wwwurl canon --raw --profile P`, one
process per profile and corpus, every line through standard input), the
reference by the package, line by line. Every disagreement must be
explained by the rules of rules_*.py (see common.py for how); the run
fails when one is not, printing examples, when a package is missing, or
when a rule's own example no longer shows its difference. It prints the
number of disagreements in each class, per corpus.

Options: --only NAME (surt, surt2, w3lib, gglsbl; repeatable) runs only those
comparisons; --show CLASS prints up to --examples N examples of that class
(`unclassified` for the rest); --markdown FILE writes the counts as
Markdown tables.
"""

import argparse
import importlib
import importlib.metadata
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import Case, explain  # noqa: E402

REQUIREMENTS = "python/requirements-dev.txt"


class Comparison:
    """One profile and the package it is compared with."""

    def __init__(self, name, profile, package, version_prefix, call, rules_module):
        self.name = name
        self.profile = profile
        self.package = package
        self.version_prefix = version_prefix
        self.call = call
        self.rules_module = rules_module


def _surt():
    import surt

    # Bytes in, bytes out: the package works on bytes, as the profile does.
    return lambda url: surt.surt(url)


def _w3lib():
    from w3lib.url import canonicalize_url

    return lambda url: canonicalize_url(url).encode("utf-8")


def _gglsbl():
    from gglsbl.protocol import URL

    return lambda url: URL(url).canonical.encode("utf-8")


COMPARISONS = [
    Comparison("surt", "surt/1", "surt", "0.3.1", _surt, "rules_surt"),
    Comparison("surt2", "surt/2", "surt", "0.3.1", _surt, "rules_surt2"),
    Comparison("w3lib", "cachekey/1", "w3lib", "2.5.", _w3lib, "rules_w3lib"),
    Comparison("gglsbl", "safebrowsing/1", "gglsbl", "1.4.", _gglsbl, "rules_safebrowsing"),
]

_REFUSAL = re.compile(rb"^wwwurl: line (\d+): [^:]+/\d+: (.*)$")


def read_corpus(path):
    """The lines of a corpus as the tool reads them: split at LF, a final
    CR removed, no line after a final LF."""
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return [x[:-1] if x.endswith(b"\r") else x for x in lines]


def run_profile(tool, profile, lines):
    """The profile's result for every line: (output, None), or (None,
    reason) for a refusal."""
    proc = subprocess.run(
        [tool, "canon", "--raw", "--profile", profile],
        input=b"".join(x + b"\n" for x in lines),
        capture_output=True,
    )
    if proc.returncode not in (0, 1):
        sys.exit("profile-diff: %s canon --profile %s exited with %d: %s"
                 % (tool, profile, proc.returncode, proc.stderr.decode(errors="replace")[:500]))
    outs = proc.stdout.split(b"\n")
    if outs[-1] != b"" or len(outs) - 1 != len(lines):
        sys.exit("profile-diff: %s canon --profile %s printed %d lines for %d inputs"
                 % (tool, profile, len(outs) - 1, len(lines)))
    outs.pop()
    refused = {}
    for e in proc.stderr.splitlines():
        m = _REFUSAL.match(e)
        if not m:
            sys.exit("profile-diff: unexpected message from the tool: %r" % e)
        refused[int(m.group(1))] = m.group(2).decode()
    if (proc.returncode == 1) != bool(refused):
        sys.exit("profile-diff: exit status %d with %d refusals" % (proc.returncode, len(refused)))
    res = []
    for i, out in enumerate(outs, 1):
        if i in refused:
            if out:
                sys.exit("profile-diff: line %d refused but printed %r" % (i, out))
            res.append((None, refused[i]))
        else:
            res.append((out, None))
    return res


def run_reference(call, lines):
    """The package's result for every line: (output, None), or (None,
    what it raised)."""
    res = []
    for url in lines:
        try:
            res.append((call(url), None))
        except Exception as e:  # the package's failure is a result too
            res.append((None, "%s: %s" % (type(e).__name__, e)))
    return res


def compare(comp, call, rules, tool, lines):
    """Every disagreement of `lines`: a list of (case, rules used or None),
    and the number of inputs that both sides refuse."""
    mine = run_profile(tool, comp.profile, lines)
    theirs = run_reference(call, lines)
    cases = []
    both_refuse = 0
    for i, (url, (a, wa), (b, wb)) in enumerate(zip(lines, mine, theirs), 1):
        if a == b:
            if a is None:
                both_refuse += 1
            continue
        cases.append(Case(i, url, a, wa, b, wb))
    # The input rules, one after the other: each rewrites the inputs
    # left by those before it, and counts for a case when the profile's
    # result for the rewritten input is not what it was.
    urls = [c.url for c in cases]
    results = [c.ours for c in cases]
    used = [[] for _ in cases]
    for rule in rules:
        if rule.reinput is None:
            continue
        todo = []
        for k, c in enumerate(cases):
            if results[k] == c.theirs:
                continue
            new = rule.reinput(c, urls[k])
            assert new is None or b"\n" not in new, rule.name
            if new is not None and new != urls[k]:
                todo.append((k, new))
        if not todo:
            continue
        again = run_profile(tool, comp.profile, [new for _, new in todo])
        for (k, new), (a, _) in zip(todo, again):
            c = cases[k]
            urls[k] = c.read = new
            if a != results[k]:
                results[k] = a
                used[k].append(rule)
    return [(c, explain(rules, c, results[k], used[k])) for k, c in enumerate(cases)], both_refuse


def show(case):
    """A disagreement, for the log: bytes as Python writes them."""
    def fmt(r, how, why):
        return repr(r)[1:] if r is not None else "(%s: %s)" % (how, why)

    return "    line %d: %s\n      profile: %s\n      package: %s" % (
        case.line, repr(case.url)[1:], fmt(case.ours, "refused", case.why_ours),
        fmt(case.theirs, "fails", case.why_theirs))


def check_examples(comp, call, rules, tool):
    """Each rule's example must disagree and be explained with that rule.
    Returns the failures."""
    lines = [r.example for r in rules]
    found = {c.line: (c, used) for c, used in compare(comp, call, rules, tool, lines)[0]}
    bad = []
    for i, r in enumerate(rules, 1):
        if i not in found:
            bad.append("%s: class %s: its example %r no longer differs" % (comp.name, r.name, r.example))
        elif not found[i][1] or r not in found[i][1]:
            got = found[i][1]
            bad.append("%s: class %s: its example is explained by %s instead\n%s" % (
                comp.name, r.name, [u.name for u in got] if got else "nothing", show(found[i][0])))
    return bad


def load(comp):
    """The package's function, or the reason it cannot be used."""
    try:
        call = comp.call()
    except ImportError as e:
        return None, ("the Python package `%s` is missing (%s): run this in the environment "
                      "that `make pyenv` builds from %s"
                      % (comp.package, e, REQUIREMENTS))
    version = importlib.metadata.version(comp.package)
    if not version.startswith(comp.version_prefix):
        return None, ("`%s` %s is installed; these classes are established against %s*: "
                      "`make pyenv` builds the environment of %s" % (comp.package, version, comp.version_prefix,
                                                     REQUIREMENTS))
    return call, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", required=True, help="the wwwurl binary")
    ap.add_argument("--corpus", action="append", required=True, metavar="NAME=FILE")
    ap.add_argument("--only", action="append", metavar="NAME")
    ap.add_argument("--show", metavar="CLASS")
    ap.add_argument("--examples", type=int, default=5, metavar="N")
    ap.add_argument("--markdown", metavar="FILE")
    args = ap.parse_args()

    corpora = []
    for spec in args.corpus:
        name, eq, path = spec.partition("=")
        if not eq:
            ap.error("--corpus takes NAME=FILE")
        corpora.append((name, read_corpus(path)))

    comps = [c for c in COMPARISONS if not args.only or c.name in args.only]
    if args.only and len(comps) != len(set(args.only)):
        ap.error("--only takes %s" % ", ".join(c.name for c in COMPARISONS))

    missing = []
    loaded = []
    for comp in comps:
        call, why = load(comp)
        if why:
            missing.append(why)
        else:
            rules = importlib.import_module(comp.rules_module).RULES
            loaded.append((comp, call, rules))
    if missing:
        for m in missing:
            print("profile-diff: " + m, file=sys.stderr)
        sys.exit(1)

    passed = failed = 0
    md = []
    for comp, call, rules in loaded:
        version = importlib.metadata.version(comp.package)
        print("== %s against %s %s" % (comp.profile, comp.package, version))
        bad = check_examples(comp, call, rules, args.tool)
        for b in bad:
            print("  FAIL " + b)
        passed, failed = (passed + 1, failed) if not bad else (passed, failed + 1)
        counts = {r.name: {} for r in rules}
        for cname, lines in corpora:
            diffs, both_refuse = compare(comp, call, rules, args.tool, lines)
            lost = [c for c, used in diffs if used is None]
            multi = sum(1 for _, used in diffs if used and len(used) > 1)
            for _, used in diffs:
                for r in used or ():
                    counts[r.name][cname] = counts[r.name].get(cname, 0) + 1
            print("  %s: %d URLs, %d agree (%d refused by both), %d differ: %d classified "
                  "(%d by more than one class), %d unclassified"
                  % (cname, len(lines), len(lines) - len(diffs), both_refuse, len(diffs),
                     len(diffs) - len(lost), multi, len(lost)))
            if lost:
                failed += 1
                print("  FAIL %s on %s: %d disagreements in no class, for example:"
                      % (comp.name, cname, len(lost)))
                for c in lost[:args.examples]:
                    print(show(c))
            else:
                passed += 1
            if args.show:
                pick = [c for c, used in diffs
                        if (args.show == "unclassified" and used is None)
                        or (used and args.show in [r.name for r in used])]
                for c in pick[:args.examples]:
                    print(show(c))
        names = [n for n, _ in corpora]
        if not rules:
            # No class: every disagreement above was a failure.
            continue
        width = max(len(r.name) for r in rules)
        print("  %-*s  %s" % (width, "class", "  ".join("%8s" % n for n in names)))
        for r in rules:
            print("  %-*s  %s" % (width, r.name, "  ".join("%8d" % counts[r.name].get(n, 0) for n in names)))
        md.append("### %s against %s %s\n\n| class | %s |\n|---|%s\n" % (
            comp.profile, comp.package, version, " | ".join(names), "---:|" * len(names)))
        md.extend("| `%s` | %s |\n" % (r.name, " | ".join(str(counts[r.name].get(n, 0)) for n in names))
                  for r in rules)
        md.append("\n")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("".join(md))
    print("profile-diff: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
