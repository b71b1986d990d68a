#!/usr/bin/env python3
"""Times `fxbench check` against ReShade's own compiler (`fxc --hlsl`) on the corpus's five
largest ReShade FX effects, whole process, median of 15 runs after 2 warm-ups, the two taking
turns run by run (issue #22's speed figure; docs/RESHADE_FX.md "Figures"). A local measurement:
the oracle is never a dependency.

    scripts/check_vs_fxc.py FXBENCH FXC HEADERS

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
    print(f"{'effect':48} {'fxbench check':>14} {'fxc --hlsl':>12} ratio")
    for effect in EFFECTS:
        path = os.path.join(CORPUS, effect)
        shaders = os.path.dirname(path)
        (ours, rc_ours), (theirs, rc_theirs) = medians_ms([
            [fxbench, "check", "-I", shaders, path],
            [fxc, "-I", shaders, "-I", headers, "--width", "1280", "--height", "720", "--hlsl",
             "--shader-model", "50", path],
        ])
        print(f"{effect:48} {ours:11.1f} ms {theirs:9.1f} ms {ours / theirs:5.2f}"
              f"  (exit {rc_ours}/{rc_theirs})")


if __name__ == "__main__":
    main()
