#!/usr/bin/env bash
# Regenerates screenshots/workbench.png (the workbench on its built-in default) and
# screenshots/spirv.png (the SPIR-V view of the demo preset's first pass stage), in a real window under
# Xvfb, on whatever GPU (or lavapipe) is present. Needs xvfb, imagemagick and xdotool.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
display=:97
Xvfb "$display" -screen 0 1600x900x24 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2
DISPLAY=$display WAYLAND_DISPLAY= target/release/fxbench --exit-after-frames 600 &
app=$!
# Let the timing histories fill before the picture is taken.
sleep 12
window=$(DISPLAY=$display xdotool search --name '^fxbench$' | head -n 1)
DISPLAY=$display import -window "$window" screenshots/workbench.png
kill $app 2>/dev/null || true
DISPLAY=$display WAYLAND_DISPLAY= target/release/fxbench --view spirv --preset presets/demo.ini \
    --input test-card --exit-after-frames 600 &
app=$!
sleep 8
window=$(DISPLAY=$display xdotool search --name '^fxbench$' | head -n 1)
DISPLAY=$display import -window "$window" screenshots/spirv.png
kill $app 2>/dev/null || true
echo "wrote screenshots/workbench.png and screenshots/spirv.png"
