//! A headless GPU for tests and command-line tools: whatever adapter exists (lavapipe Vulkan or
//! llvmpipe GL on CI), with the optional features fxbench uses turned on when offered.
//!
//! With no adapter, [`gpu`] prints why and returns `None` so the test can skip, unless
//! `FXBENCH_REQUIRE_GPU=1`, in which case it panics: CI must not pass by skipping.

use crate::context::{GpuContext, HeadlessError};

/// The environment variable that turns a missing adapter into a failure.
pub const REQUIRE_GPU_VAR: &str = "FXBENCH_REQUIRE_GPU";

/// Whether `FXBENCH_REQUIRE_GPU=1` is set.
pub fn gpu_required() -> bool {
    std::env::var(REQUIRE_GPU_VAR).is_ok_and(|v| v == "1")
}

/// A headless device, or `None` (with the reason printed) when none exists and none is required.
pub fn gpu() -> Option<GpuContext> {
    gpu_with(wgpu::Features::empty())
}

/// Like [`gpu`], also requesting `extra` features where the adapter offers them.
pub fn gpu_with(extra: wgpu::Features) -> Option<GpuContext> {
    match GpuContext::headless(extra) {
        Ok(ctx) => Some(ctx),
        Err(error) => skip_or_fail(&error),
    }
}

/// Like [`gpu`], with the adapter's limits changed by `adjust`.
pub fn gpu_with_limits(adjust: impl FnOnce(&mut wgpu::Limits)) -> Option<GpuContext> {
    match GpuContext::headless_with_limits(wgpu::Features::empty(), adjust) {
        Ok(ctx) => Some(ctx),
        Err(error) => skip_or_fail(&error),
    }
}

/// A device that takes SPIR-V as it is (`PASSTHROUGH_SHADERS`), or `None` with the reason
/// printed. Vulkan adapters offer it, so with `FXBENCH_REQUIRE_GPU=1` a Vulkan device without it
/// is a failure; other backends (GL) skip.
pub fn passthrough_gpu() -> Option<GpuContext> {
    let ctx = gpu_with(wgpu::Features::PASSTHROUGH_SHADERS)?;
    vulkan_offers(
        ctx,
        GpuContext::has_passthrough,
        "offers no SPIR-V passthrough",
    )
}

/// A device with timestamp queries, or `None` with the reason printed. Vulkan adapters (lavapipe
/// included) offer them, so with `FXBENCH_REQUIRE_GPU=1` a Vulkan device without them is a
/// failure; other backends (GL) skip.
pub fn timestamp_gpu() -> Option<GpuContext> {
    vulkan_offers(
        gpu()?,
        GpuContext::has_timestamps,
        "has no timestamp queries",
    )
}

/// `ctx` if it has what `has` asks; otherwise `None` with the reason printed, or a failure when a
/// GPU is required and the device is Vulkan (which always offers it).
fn vulkan_offers(
    ctx: GpuContext,
    has: fn(&GpuContext) -> bool,
    lacking: &str,
) -> Option<GpuContext> {
    if has(&ctx) {
        return Some(ctx);
    }
    let why = format!("{} {lacking}", ctx.describe());
    assert!(
        !gpu_required() || ctx.adapter_info.backend != wgpu::Backend::Vulkan,
        "{why}"
    );
    eprintln!("skipping: {why}");
    None
}

fn skip_or_fail(error: &HeadlessError) -> Option<GpuContext> {
    if gpu_required() {
        panic!("{REQUIRE_GPU_VAR}=1 but no GPU device could be created: {error}");
    }
    eprintln!("skipping GPU test: {error} (set {REQUIRE_GPU_VAR}=1 to make this a failure)");
    None
}
