//! The shader debugger end to end on the GPU (`analysis::debug`, `engine::chain::debug`): the
//! instrumented effect's recording run for one pixel or compute thread of
//! `tests/debugger/trace.fx` and of its WGSL twin `tests/debugger/trace.wfx` (instrumented
//! through naga IR), whose every value is known, equals the expected trace exactly (straight
//! code, both branches at two pixels, a loop, nested calls with `out` and `inout` or a pointer
//! argument, a matrix, a struct, an array, `discard`, a compute thread).

use std::path::{Path, PathBuf};

use analysis::debug::{InstrumentedEffect, Trace};
use engine::chain::TraceRequest;
use engine::{EffectChain, GpuContext, InputTexture, testing};

const SIZE: (u32, u32) = (8, 4);

const FX: &str = "trace.fx";
const WFX: &str = "trace.wfx";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/debugger")
        .join(name)
}

fn options() -> analysis::Options {
    analysis::Options {
        buffer_width: SIZE.0,
        buffer_height: SIZE.1,
        // The shipped WFX headers (`shaders/fxbench.wfxh`).
        include_dirs: vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")],
        ..analysis::Options::default()
    }
}

/// The chain of the fixture `name` and its instrumented compile.
fn setup(ctx: &GpuContext, name: &str) -> (EffectChain, InstrumentedEffect) {
    let loaded = analysis::load_effect(&fixture(name), &options());
    let effect = loaded.effect.expect("the fixture compiles");
    let chain = EffectChain::new(ctx, vec![effect], SIZE, &Default::default()).expect("chain");
    let out = analysis::debug::instrument_effect(&fixture(name), &analysis::FsLoader, &options());
    assert_eq!(out.load.render_diagnostics(), "");
    (
        chain,
        out.instrumented.expect("the instrumented fixture compiles"),
    )
}

/// The trace of the fixture `name`'s `technique`'s first pass at `target`, as text with the
/// fixture's folder left out.
fn trace(ctx: &GpuContext, name: &str, technique: &str, target: [u32; 3]) -> (Trace, String) {
    let (mut chain, instrumented) = setup(ctx, name);
    let image = engine::input::test_card(SIZE.0, SIZE.1);
    let input = InputTexture::upload(&ctx.device, &ctx.queue, &image, "test input");
    let key = chain.find(technique, None).expect("technique");
    chain.set_enabled(key, true);
    let request = TraceRequest {
        technique: key,
        pass: 0,
        target,
        instrumented: &instrumented,
    };
    let clock = engine::sources::FrameClock::new().tick();
    let trace = chain
        .record_trace(&input, &clock, &request)
        .expect("the recording run");
    let text = trace.to_text(&instrumented.table);
    let dir = format!(
        "{}/",
        fixture(name).parent().expect("in a folder").display()
    );
    (trace, text.replace(&dir, ""))
}

/// The records every pixel gets up to the last `if`, for `x` = floor(SV_Position.x): each `if`
/// records which way it went.
fn common_start(x: f32, k: f32) -> String {
    let (twice, outer) = (x * 2.0, x * 2.0 + 1.0);
    let (first, last) = (x < 2.0, x > 4.0);
    format!(
        "trace.fx:12: x = {x:?}
trace.fx:14: if = {first}
trace.fx:14: k = {k:?}
trace.fx:15: sum = 0
trace.fx:16: i = 0
trace.fx:16: sum = 0
trace.fx:16: i = 1
trace.fx:16: sum = 1
trace.fx:16: i = 2
trace.fx:16: sum = 3
trace.fx:16: i = 3
trace.fx:17: Outer(y) = {x:?}
trace.fx:8: Twice(x) = {x:?}
trace.fx:6: return Twice = {twice:?}
trace.fx:8: t = {twice:?}
trace.fx:8: return Outer = {outer:?}
trace.fx:17: o = {outer:?}
trace.fx:18: w = 0.5
trace.fx:20: Bump(v) = 0.5
trace.fx:7: v = 1.5
trace.fx:7: n = 7
trace.fx:20: w = 1.5
trace.fx:20: n = 7
trace.fx:21: m = float2x2(1.0, 2.0, 3.0, 4.0)
trace.fx:22: r = float2(1.0, 3.0)
trace.fx:24: p.a = 1.5
trace.fx:25: p.b = int2(7, 3)
trace.fx:26: arr = {{ 1.0, 2.0, 3.0 }}
trace.fx:27: arr[1] = {k:?}
trace.fx:28: q = Pair {{ a = 1.5, b = int2(7, 3) }}
trace.fx:29: if = {last}
"
    )
}

#[test]
fn a_pixel_on_the_then_branch_records_every_value_and_the_return() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (trace, text) = trace(&ctx, FX, "Trace", [1, 2, 0]);
    let expected =
        common_start(1.0, 10.0) + "trace.fx:30: return PS = float4(10.0, 3.0, 1.0, 10.0)\n";
    assert_eq!(text, expected);
    assert_eq!(trace.written, 32);
    assert!(!trace.cut());
}

#[test]
fn a_pixel_on_the_else_branch_stops_at_its_discard() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (_, text) = trace(&ctx, FX, "Trace", [5, 0, 0]);
    assert_eq!(text, common_start(5.0, 20.0));
}

#[test]
fn a_compute_thread_records_its_own_value() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (trace, text) = trace(&ctx, FX, "TraceCompute", [2, 3, 0]);
    assert_eq!(text, "trace.fx:38: v = 23.0\n");
    assert_eq!(trace.written, 1);
}

/// The WGSL fixture's records at a pixel whose `floor(position.x)` is `x` (`k` is what the
/// `if` chose): straight code, the branch, the loop, nested calls, a pointer argument written
/// by the callee, a matrix (column by column, as WGSL constructs it), a struct, an array.
fn wfx_expected(x: f32, k: f32) -> String {
    let (twice, outer) = (x * 2.0, x * 2.0 + 1.0);
    let first = x < 2.0;
    format!(
        "trace.wfx:12: x = {x:?}
trace.wfx:13: k = 0.0
trace.wfx:14: if = {first}
trace.wfx:14: k = {k:?}
trace.wfx:15: sum = 0
trace.wfx:16: i = 0
trace.wfx:16: sum = 0
trace.wfx:16: i = 1
trace.wfx:16: sum = 1
trace.wfx:16: i = 2
trace.wfx:16: sum = 3
trace.wfx:16: i = 3
trace.wfx:17: Outer(y) = {x:?}
trace.wfx:8: Twice(x) = {x:?}
trace.wfx:6: return Twice = {twice:?}
trace.wfx:8: t = {twice:?}
trace.wfx:8: return Outer = {outer:?}
trace.wfx:17: o = {outer:?}
trace.wfx:18: w = 0.5
trace.wfx:19: Bump(v) = 0.5
trace.wfx:7: *v = 1.5
trace.wfx:19: w = 1.5
trace.wfx:20: m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0)
trace.wfx:21: r = vec2<f32>(1.0, 2.0)
trace.wfx:23: p.a = 1.5
trace.wfx:24: p.b = vec2<i32>(7, 3)
trace.wfx:25: arr = {{ 1.0, 2.0, 3.0 }}
trace.wfx:26: arr[1] = {k:?}
trace.wfx:27: q = Pair {{ a = 1.5, b = vec2<i32>(7, 3) }}
trace.wfx:28: return PS = vec4<f32>({k:?}, {outer:?}, 1.0, {k:?})
"
    )
}

#[test]
fn a_wfx_pixel_records_every_value_on_either_branch() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (trace, text) = trace(&ctx, WFX, "Trace", [1, 2, 0]);
    assert_eq!(text, wfx_expected(1.0, 10.0));
    assert_eq!(trace.written, 30);
    let (_, text) = self::trace(&ctx, WFX, "Trace", [5, 0, 0]);
    assert_eq!(text, wfx_expected(5.0, 20.0));
}

/// An entry point without a position input gets one for the gate, and records at its pixel only.
#[test]
fn a_wfx_pixel_shader_without_a_position_input_records_its_pixel() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (trace, text) = trace(&ctx, WFX, "TraceFlat", [3, 1, 0]);
    assert_eq!(
        text,
        "trace.wfx:43: c = 0.25\ntrace.wfx:44: return Flat = vec4<f32>(0.25, 0.25, 0.25, 0.25)\n"
    );
    assert_eq!(trace.written, 2);
}

#[test]
fn a_wfx_compute_thread_records_its_own_value() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (trace, text) = trace(&ctx, WFX, "TraceCompute", [2, 1, 0]);
    assert_eq!(text, "trace.wfx:36: v = 21.0\n");
    assert_eq!(trace.written, 1);
}

#[test]
fn a_pixel_outside_the_target_is_refused_with_the_reason() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (mut chain, instrumented) = setup(&ctx, FX);
    let image = engine::input::test_card(SIZE.0, SIZE.1);
    let input = InputTexture::upload(&ctx.device, &ctx.queue, &image, "test input");
    let request = TraceRequest {
        technique: chain.find("Trace", None).expect("technique"),
        pass: 0,
        target: [8, 0, 0],
        instrumented: &instrumented,
    };
    let clock = engine::sources::FrameClock::new().tick();
    let error = chain.record_trace(&input, &clock, &request).unwrap_err();
    assert_eq!(
        error.to_string(),
        "shader debugger: pixel 8,0 is outside the pass's 8x4 target"
    );
}

/// Renders ordinary frames (as the window does, never waiting) until the run begun rides
/// along and its trace is read back.
fn poll_frames(
    ctx: &GpuContext,
    chain: &mut EffectChain,
    input: &InputTexture,
    instrumented: &InstrumentedEffect,
) -> Result<Trace, engine::ChainError> {
    let clock = engine::sources::FrameClock::new().tick();
    for _ in 0..200 {
        let mut encoder = ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("test frame"),
            });
        chain.frame(&mut encoder, input, &clock)?;
        ctx.queue.submit([encoder.finish()]);
        chain.after_submit();
        if let Some(result) = chain.poll_trace(&instrumented.table) {
            return result;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("no trace after 200 frames");
}

#[test]
fn a_trace_begun_rides_along_with_the_next_frames_and_equals_the_waited_one() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (mut chain, instrumented) = setup(&ctx, FX);
    let image = engine::input::test_card(SIZE.0, SIZE.1);
    let input = InputTexture::upload(&ctx.device, &ctx.queue, &image, "test input");
    let key = chain.find("Trace", None).expect("technique");
    chain.set_enabled(key, true);
    let request = TraceRequest {
        technique: key,
        pass: 0,
        target: [1, 2, 0],
        instrumented: &instrumented,
    };
    // Nothing is begun: nothing to poll.
    assert!(chain.poll_trace(&instrumented.table).is_none());
    chain.begin_trace(&request).expect("set up");
    let trace = poll_frames(&ctx, &mut chain, &input, &instrumented).expect("read back");
    let (waited, _) = self::trace(&ctx, FX, "Trace", [1, 2, 0]);
    assert_eq!(trace, waited);
    // Taken once: the frames after it record nothing more.
    assert!(chain.poll_trace(&instrumented.table).is_none());

    // A frame that does not reach the pass says so instead of waiting forever.
    chain.set_enabled(key, false);
    chain.begin_trace(&request).expect("set up");
    let error = poll_frames(&ctx, &mut chain, &input, &instrumented).unwrap_err();
    assert_eq!(
        error.to_string(),
        "shader debugger: the frame did not reach technique 'Trace' (is it enabled?)"
    );
}
