#!/usr/bin/env bash
# Regenerates screenshots/workbench.png (the workbench on its built-in default),
# screenshots/spirv.png (the SPIR-V view of the demo preset's first pass stage) and
# screenshots/editor.png (the editor on an effect with an error: underlined, listed in Diagnostics),
# screenshots/inspector.png and timing.png (those tabs on the demo), screenshots/split.png (the
# preview's split against the demo without its vignette), screenshots/source-map.png (the SPIR-V
# view's source map of an FX pixel shader), screenshots/reshade-fx.png (a
# corpus ReShade FX effect running, when ../shared/corpus is there),
# in a real window under Xvfb, on whatever GPU (or lavapipe) is present. Needs xvfb, imagemagick and
# xdotool. FXBENCH_BIN picks a binary already built (else a release build is made).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${FXBENCH_BIN:-}
if [ -z "$bin" ]; then
    cargo build --release
    bin=target/release/fxbench
fi
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
# A fresh home: no layout or files remembered from an earlier run.
scratch=$(mktemp -d)
export HOME=$scratch
display=:97
Xvfb "$display" -screen 0 1600x900x24 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$scratch"' EXIT
sleep 2

# shot NAME SECONDS ARGS...: runs the window with ARGS and captures it after SECONDS.
shot() {
    local name=$1 wait=$2
    shift 2
    DISPLAY=$display WAYLAND_DISPLAY= "$bin" --exit-after-frames 100000 "$@" &
    local app=$!
    sleep "$wait"
    local window
    window=$(DISPLAY=$display xdotool search --name 'fxbench$' | head -n 1)
    DISPLAY=$display import -window "$window" "screenshots/$name.png"
    kill $app 2>/dev/null || true
    wait $app 2>/dev/null || true
}

# Let the 60-frame timing averages fill before the picture is taken.
shot workbench 12
shot spirv 8 --view spirv --preset presets/demo.ini --input test-card
# The vignette with a misspelt uniform.
sed 's/1.0 - Strength \*/1.0 - Strenght */' assets/vignette.wfx \
    > "$scratch/vignette.wfx"
shot editor 8 --effect "$scratch/vignette.wfx" --input test-card
shot inspector 10 --view inspector --preset presets/demo.ini --input test-card
shot timing 12 --view timing --preset presets/demo.ini --input test-card
# The SPIR-V view's source map of the FX vignette's pixel shader: its lines and their instructions.
shot source-map 10 --view source-map --effect assets/vignette.fx --input test-card
# The split: left of the divider the demo without its vignette, right of it with it.
shot split 10 --preset presets/demo.ini --input test-card --split Vignette
# A ReShade FX effect as published (FXShaders' CRT_Lottes.fx from the shared corpus, beside the
# clone; skipped without it).
corpus=${FXBENCH_CORPUS:-../shared/corpus}
if [ -f "$corpus/reshadefx/FXShaders/Shaders/CRT_Lottes.fx" ]; then
    shot reshade-fx 15 --effect "$corpus/reshadefx/FXShaders/Shaders/CRT_Lottes.fx" --input scene
fi
echo "wrote screenshots/*.png"
