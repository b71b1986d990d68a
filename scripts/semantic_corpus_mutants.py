#!/usr/bin/env python3
"""Semantic mutants of the corpus effects (local only; ReShade's compiler is the oracle, never a
dependency): each mutant is a corpus effect with one to three float literals of its code scaled,
so that real effects' code runs on other values and down other branches; with `--options`, one
to three of its options (`#ifndef NAME` / `#define NAME 0`, what ReShade's UI lists as
preprocessor definitions) set to another value the effect tests them against, so that the code
behind them is compiled and run as users who change them get it. Each one ReShade's
compiler accepts is compiled to SPIR-V by it (`shared/tools/reshade_spirv.py`) and rendered by
`fxbench compare --reference` beside ours over the default input; an effect whose unmutated self
differs already is skipped (the corpus test lists those, with why).

    scripts/semantic_corpus_mutants.py FXBENCH FXC HEADERS OUT [--count N] [--seed S] [--options]

FXBENCH is a release `fxbench`; FXC is ReShade 6.1's compiler from
shared/tools/build_reshade_fxc.sh; HEADERS holds ReShade's own ReShade.fxh and ReShadeUI.fxh.
Each difference is kept in OUT (the mutant, its SPIR-V, compare's report); OUT/summary.tsv has
one line a mutant. A mutant ReShade rejects is checked by `fxbench check` too: `both-reject`, or
`ours-accepts` (a disagreement, kept).
"""

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "../shared/corpus/reshadefx")
SPIRV = os.path.join(ROOT, "../shared/tools/reshade_spirv.py")
# A float literal of code: digits with a point (or an exponent), not part of a name.
FLOAT = re.compile(r"(?<![\w.])(\d+\.\d*|\.\d+)([eE][-+]?\d+)?[fF]?(?![\w.])")
FACTORS = [0.5, 0.8, 1.25, 1.7, 2.5]


def code_literals(text):
    """The float literals outside comments, strings, annotations and preprocessor lines."""
    spans = []
    for line_start, line in line_offsets(text):
        stripped = line.lstrip()
        if stripped.startswith("#") or stripped.startswith("//") or "ui_" in line or '"' in line:
            continue
        for m in FLOAT.finditer(line):
            spans.append((line_start + m.start(), line_start + m.end()))
    return spans


def line_offsets(text):
    pos = 0
    for line in text.splitlines(keepends=True):
        yield pos, line
        pos += len(line)


def mutate(text, rng):
    spans = code_literals(text)
    if not spans:
        return None
    chosen = sorted(rng.sample(spans, min(len(spans), 1 + rng.randrange(3))), reverse=True)
    for start, end in chosen:
        literal = text[start:end].rstrip("fF")
        try:
            value = float(literal)
        except ValueError:
            continue
        text = text[:start] + repr(value * rng.choice(FACTORS)) + text[end:]
    return text


# An option: `#ifndef NAME` then `#define NAME <integer>` on the next line.
OPTION = re.compile(r"^[ \t]*#[ \t]*ifndef[ \t]+(\w+)[ \t]*\r?\n[ \t]*#[ \t]*define[ \t]+\1[ \t]+(\d+)[ \t]*(?=\r?\n|//)",
                    re.M)


def mutate_options(text, rng):
    """One to three options set to another value: one the effect compares them with (`NAME == 2`,
    `NAME > 1`, and one past it), or 0 and 1."""
    options = list(OPTION.finditer(text))
    if not options:
        return None
    chosen = sorted(rng.sample(options, min(len(options), 1 + rng.randrange(3))),
                    key=lambda m: m.start(2), reverse=True)
    for m in chosen:
        name, current = m.group(1), int(m.group(2))
        values = {0, 1}
        for c in re.finditer(r"\b" + re.escape(name) + r"\s*(?:==|!=|>=|<=|>|<)\s*(\d+)", text):
            values |= {int(c.group(1)), int(c.group(1)) + 1}
        values.discard(current)
        value = rng.choice(sorted(values))
        text = text[:m.start(2)] + str(value) + text[m.end(2):]
    return text


def effects():
    out = []
    for collection in sorted(os.listdir(CORPUS)):
        root = os.path.join(CORPUS, collection)
        for d, _, files in os.walk(root):
            out += [(collection, os.path.join(d, f)) for f in files if f.endswith(".fx")]
    return out


def stage(collection, effect, text, work):
    """A copy of `collection` holding only `effect` (as `text`) and the headers and images."""
    src = os.path.join(work, "src")
    shutil.rmtree(src, ignore_errors=True)
    shutil.copytree(os.path.join(CORPUS, collection), os.path.join(src, collection),
                    ignore=lambda d, names: [n for n in names if n.endswith(".fx")])
    rel = os.path.relpath(effect, CORPUS)
    with open(os.path.join(src, rel), "w", encoding="latin-1") as fh:
        fh.write(text)
    return src, rel


def verdict(fxbench, fxc, headers, collection, effect, text, work):
    """`agree`, `differ` (with the report), `rejected` (by ReShade) or `cannot-run`."""
    src, rel = stage(collection, effect, text, work)
    spv_dir = os.path.join(work, "spv")
    shutil.rmtree(spv_dir, ignore_errors=True)
    subprocess.run([sys.executable, SPIRV, fxc, src, headers, spv_dir], capture_output=True)
    spv = os.path.join(spv_dir, rel[:-3] + ".spv")
    if not os.path.exists(spv):
        r = subprocess.run([fxbench, "check", os.path.join(src, rel)], capture_output=True,
                           text=True, errors="replace", timeout=300)
        return ("both-reject", "") if r.returncode == 1 else ("ours-accepts", r.stdout + r.stderr)
    r = subprocess.run([fxbench, "compare", "--effect", os.path.join(src, rel), "--reference", spv,
                        "--frames", "1"], capture_output=True, text=True, errors="replace",
                       timeout=300)
    return {0: "agree", 1: "differ"}.get(r.returncode, "cannot-run"), r.stdout + r.stderr


def main():
    fxbench, fxc, headers, out = (os.path.abspath(a) for a in sys.argv[1:5])
    args = sys.argv[5:]
    count = int(args[args.index("--count") + 1]) if "--count" in args else 20
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
    options = "--options" in args
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    baseline = {}
    rows = []
    with tempfile.TemporaryDirectory() as work:
        pool = effects()
        for k in range(count):
            collection, effect = rng.choice(pool)
            original = open(effect, encoding="latin-1").read()
            if effect not in baseline:
                baseline[effect] = verdict(fxbench, fxc, headers, collection, effect, original, work)[0]
            if baseline[effect] != "agree":
                rows.append((k, os.path.relpath(effect, CORPUS), "skipped: " + baseline[effect]))
                continue
            text = mutate_options(original, rng) if options else mutate(original, rng)
            if text is None:
                continue
            outcome, report = verdict(fxbench, fxc, headers, collection, effect, text, work)
            rows.append((k, os.path.relpath(effect, CORPUS), outcome))
            print(k, os.path.relpath(effect, CORPUS), outcome, flush=True)
            if outcome in ("differ", "cannot-run", "ours-accepts"):
                name = f"m{k}_{os.path.basename(effect)}"
                with open(os.path.join(out, name), "w", encoding="latin-1") as fh:
                    fh.write(text)
                with open(os.path.join(out, name + ".txt"), "w") as fh:
                    fh.write(report)
    with open(os.path.join(out, "summary.tsv"), "w") as fh:
        for row in rows:
            fh.write("\t".join(str(x) for x in row) + "\n")
    tally = {}
    for _, _, outcome in rows:
        tally[outcome] = tally.get(outcome, 0) + 1
    print(tally)


if __name__ == "__main__":
    main()
