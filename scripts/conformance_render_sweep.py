#!/usr/bin/env python3
"""Renders every conformance case ReShade's compiler accepts with fxbench's shaders and with
ReShade's own SPIR-V for it, and sorts the outcomes (a local sweep: it needs the oracle and a
GPU or lavapipe; nothing in CI runs it).

    scripts/conformance_render_sweep.py FXBENCH FXC STD_HEADERS [OUT.tsv]

FXBENCH is a release `fxbench`; FXC is ReShade 6.1's compiler from
shared/tools/build_reshade_fxc.sh; STD_HEADERS holds ReShade's own ReShade.fxh and
ReShadeUI.fxh. The cases are copied to a temporary folder, compiled there by
shared/tools/reshade_spirv.py (1280x720), and each is run by `fxbench compare --reference`
(the test card, one frame). Written to OUT.tsv (default: conformance_render_sweep.tsv), one
line per case: compare's exit status (0 agrees, 1 differs, 2 a side cannot run, else a crash),
the case, and the lines of compare's report that are not agreements. Printed: the count of
each status and every case that differs or crashed. See docs/RESHADE_FX.md ("Rendering the
conformance cases") for what the last sweep found.
"""

import collections
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "analysis/tests/conformance"
SPIRV_TOOL = ROOT.parent / "shared/tools/reshade_spirv.py"


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    fxbench, fxc, headers = (os.path.abspath(a) for a in sys.argv[1:4])
    out = pathlib.Path(sys.argv[4] if len(sys.argv) > 4 else "conformance_render_sweep.tsv")
    env = dict(os.environ)
    env.setdefault("XDG_RUNTIME_DIR", tempfile.gettempdir())
    with tempfile.TemporaryDirectory() as tmp:
        src, spv = pathlib.Path(tmp, "src"), pathlib.Path(tmp, "spv")
        shutil.copytree(CASES, src / "conformance")
        subprocess.run([sys.executable, SPIRV_TOOL, fxc, src, headers, spv], check=True)
        rows = []
        for module in sorted(spv.rglob("*.spv")):
            rel = module.relative_to(spv).with_suffix(".fx")
            cmd = [fxbench, "compare", "--effect", src / rel, "--reference", module, "--frames", "1"]
            try:
                done = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                                      env=env, timeout=120)
                status, text = done.returncode, done.stdout + done.stderr
            except subprocess.TimeoutExpired:
                status, text = "timeout", ""
            report = " | ".join(l.strip() for l in text.splitlines()
                                if l.strip() and "agrees" not in l)[:400]
            rows.append((status, str(rel), report.replace(str(src) + os.sep, "")))
    with open(out, "w") as f:
        for row in rows:
            f.write("\t".join(str(c) for c in row) + "\n")
    counts = collections.Counter(str(s) for s, _, _ in rows)
    print(", ".join(f"{n} with status {s}" for s, n in sorted(counts.items())), f"-> {out}")
    for status, case, report in rows:
        if status not in (0, 2):
            print(f"{status}\t{case}\t{report[:200]}")


if __name__ == "__main__":
    main()
