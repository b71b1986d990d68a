#!/usr/bin/env bash
# GPU figures on a lent device machine (see ../.library/device/README.md), as one prepared run.
#
#   scripts/device-bench.sh prepare   # here: release binaries into .device/, Vulkan loaders into .gl/
#   then, with the device tool:  run  command="bash scripts/device-bench.sh run"
#                                     carry=[".device", ".gl"]  timeout_s=420
#
# The device machine has no Rust toolchain, so the binaries are built here (x86-64) and carried;
# they find assets/ and presets/ in the working-tree copy there (app::session::files::data_dir).
# `run` also works here, on whatever adapter exists. It prints, and writes under $OUT when set:
#   - the engine bench: recording time per pass, identity-chain wall time and the GPU-time ratio
#     of an 8-pass identity chain to 8 x one pass (issue #4's <= 1.05 target);
#   - `fxbench bench` of the demo preset at 1920x1080 with naga IR, naga SPIR-V and optimised SPIR-V.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
prepare)
    cargo build --release
    cargo bench -p fxbench-engine --bench chain --no-run
    mkdir -p .device
    grep -qx '/.device/' .git/info/exclude 2>/dev/null || echo '/.device/' >>.git/info/exclude
    cp target/release/fxbench .device/fxbench
    bench=$(ls -t target/release/deps/chain-* | grep -v '\.d$' | head -n 1)
    cp "$bench" .device/chain-bench
    if [ ! -d .gl ]; then
        grep -qx '/.gl/' .git/info/exclude 2>/dev/null || echo '/.gl/' >>.git/info/exclude
        mkdir -p .gl /tmp/amd64/partial
        o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
        # shellcheck disable=SC2086
        apt-get $o update >/dev/null
        # shellcheck disable=SC2086
        (cd .gl && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
    fi
    du -sh .device .gl
    ;;
run)
    if [ -d .gl ] && ! ldconfig -p | grep -q libvulkan; then
        for f in .gl/*.deb; do dpkg -x "$f" /; done
        ldconfig
    fi
    if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
        export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
        export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
    fi
    out=${OUT:-/tmp/fxbench-device}
    mkdir -p "$out"
    export FXBENCH_DATA=$PWD
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv | tee "$out/gpu.txt"
    .device/chain-bench --bench --warm-up-time 1 --measurement-time 3 2>&1 | tee "$out/chain-bench.txt"
    for shaders in wgpu spirv optimized; do
        .device/fxbench bench --preset presets/demo.ini --size 1920x1080 --frames 300 \
            --shaders "$shaders" 2>&1 | tee "$out/bench-$shaders.txt"
    done
    ;;
*)
    echo "usage: $0 prepare|run" >&2
    exit 2
    ;;
esac
