#!/usr/bin/env python3
"""Times `fxbench check` against ReShade's own compiler (`fxc --hlsl`) on the corpus's five
largest ReShade FX effects, whole process, median of 15 runs after 2 warm-ups, the two taking
turns run by run (issue #22's speed figure; docs/RESHADE_FX.md "Figures"). A local measurement:
the oracle is never a dependency.

    scripts/check_vs_fxc.py FXBENCH FXC HEADERS [RUNS [OTHER_FXBENCH...]]

With OTHER_FXBENCH binaries (another build to compare with, such as a session's first), each
takes its turn too and gets its own column and ratio.

FXBENCH is a release `fxbench`; FXC is ReShade 6.1's compiler from
shared/tools/build_reshade_fxc.sh (built with -O2 -DNDEBUG for a fair figure); HEADERS is a
folder with ReShade's own ReShade.fxh and ReShadeUI.fxh (crosire/reshade-shaders, branch slim).
"""

import os
import statistics
import subprocess
import sys
import time

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../shared/corpus/reshadefx")
EFFECTS = [
    "Glamarye/Shaders/Glamayre_Fast_Effects.fx",
    "prod80/Shaders/PD80_04_Selective_Color_v2.fx",
    "prod80/Shaders/PD80_02_Bloom.fx",
    "NiceGuy/Shaders/NiceGuy_Lamps.fx",
    "FXShaders/Shaders/NeoBloom.fx",
]


def medians_ms(commands, runs=15):
    """Median wall time of each command, the commands taking turns run by run (after 2 warm-up
    turns), so that a change of load on a shared machine weighs on each alike."""
    times = [[] for _ in commands]
    codes = [None for _ in commands]
    for _ in range(runs + 2):
        for i, cmd in enumerate(commands):
            start = time.perf_counter()
            done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[i].append(time.perf_counter() - start)
            codes[i] = done.returncode
    return [(statistics.median(t[2:]) * 1000, code) for t, code in zip(times, codes)]


def main():
    fxbench, fxc, headers = sys.argv[1:4]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 15
    binaries = [fxbench] + sys.argv[5:]
    names = "".join(f"{os.path.basename(b)[:14]:>15}" for b in binaries)
    print(f"{'effect':48}{names} {'fxc --hlsl':>12} ratios")
    for effect in EFFECTS:
        path = os.path.join(CORPUS, effect)
        shaders = os.path.dirname(path)
        results = medians_ms([[b, "check", "-I", shaders, path] for b in binaries] + [
            [fxc, "-I", shaders, "-I", headers, "--width", "1280", "--height", "720", "--hlsl",
             "--shader-model", "50", path],
        ], runs)
        theirs, rc_theirs = results[-1]
        ours = "".join(f"{ms:12.2f} ms" for ms, _ in results[:-1])
        ratios = " ".join(f"{ms / theirs:.2f}" for ms, _ in results[:-1])
        codes = "/".join(str(rc) for _, rc in results)
        print(f"{effect:48}{ours} {theirs:9.2f} ms {ratios}  (exit {codes})")


if __name__ == "__main__":
    main()
