#!/usr/bin/env python3
"""Asks ReShade's own compiler for its verdict on every conformance case
(analysis/tests/conformance/**/*.fx) and writes analysis/tests/conformance/verdicts.tsv, which
the test `fx_conformance` compares fxbench's front end against (the test needs no oracle; this
script is run by hand when cases change).

    scripts/conformance_verdicts.py FXC [CASE...]

FXC is ReShade 6.1's compiler built by shared/tools/build_reshade_fxc.sh with assertions off,
as ReShade's release builds have them (add -DNDEBUG to its flags: with assertions on, the code
generator aborts on some inputs after the parser has reported its error, and the verdict is
lost). Each case is compiled by shared/tools/reshade_verdict.py, which compiles a file as
ReShade's runtime does (compatibility macros, predefined macros, the file's folder as include
path; ReShade's own ReShade.fxh stands in for ours with --headers when given via
FXBENCH_RESHADE_HEADERS). With CASE arguments only those cases are asked again and their lines
replaced.

Output, one line per case, tab-separated: the case's path below analysis/tests/conformance,
`accepted` or `rejected`, ReShade's first error as LINE:COLUMN:CODE (CODE like X3004, `-` for an
error without a number, `P` for a preprocessor error; empty when accepted), every error, every
warning (LINE:COLUMN:CODE, space-separated), and the first error's message.
"""

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "analysis/tests/conformance"
OUT = CASES / "verdicts.tsv"
VERDICT = ROOT.parent / "shared/tools/reshade_verdict.py"
HEADER = ("# ReShade 6.1's verdict on each conformance case (scripts/conformance_verdicts.py): "
          "case, verdict, first error, errors, warnings, first error message\n")


def ask(fxc, paths):
    """{relative path: tsv line} for `paths`, asked of `fxc` in batches."""
    extra = []
    if os.environ.get("FXBENCH_RESHADE_HEADERS"):
        extra = ["--headers", os.environ["FXBENCH_RESHADE_HEADERS"]]
    lines = {}
    for start in range(0, len(paths), 200):
        batch = [str(p) for p in paths[start:start + 200]]
        run = subprocess.run([sys.executable, str(VERDICT), fxc, *extra, *batch],
                             capture_output=True, text=True, check=True)
        for row in run.stdout.splitlines():
            path, verdict, diagnostics, message = (row.split("\t") + [""] * 4)[:4]
            errors, _, warnings = diagnostics.partition("|")
            errors, warnings = errors.split(), warnings.split()
            rel = pathlib.Path(path).resolve().relative_to(CASES).as_posix()
            if verdict == "rejected" and not errors:
                raise SystemExit(f"{rel}: rejected without an error (an assertion in fxc? build it with -DNDEBUG)")
            first = errors[0] if errors else ""
            lines[rel] = "\t".join([rel, verdict, first, " ".join(errors), " ".join(warnings),
                                    message.replace("\t", " ")])
    return lines


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    fxc = sys.argv[1]
    chosen = [pathlib.Path(p).resolve() for p in sys.argv[2:]]
    every = sorted(CASES.rglob("*.fx"))
    lines = {}
    if chosen and OUT.exists():
        for row in OUT.read_text().splitlines():
            if row and not row.startswith("#"):
                lines[row.split("\t", 1)[0]] = row
        lines = {k: v for k, v in lines.items() if (CASES / k).exists()}
    lines.update(ask(fxc, chosen or every))
    OUT.write_text(HEADER + "".join(lines[k] + "\n" for k in sorted(lines)))
    accepted = sum(1 for v in lines.values() if v.split("\t")[1] == "accepted")
    print(f"{len(lines)} cases, {accepted} accepted, {len(lines) - accepted} rejected: {OUT}")


if __name__ == "__main__":
    main()
