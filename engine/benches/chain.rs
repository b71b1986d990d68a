//! Engine benchmarks: CPU time to record a frame (per pass), building a chain against adopting
//! a built one, what the debugger (pixel history, trace) adds to a frame, and the wall time of a K-pass identity chain against K times one pass. Run on whatever adapter exists; without one they
//! print why and measure nothing.

use std::path::Path;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::{ChainOptions, EffectChain, FrameInput, InputTexture};

fn assets() -> std::path::PathBuf {
    // Found at run time, so that the bench binary also runs away from its checkout (on a
    // device machine, say): see `app::session::files::data_dir`.
    app::session::files::data_dir().join("assets")
}

fn load(path: &Path, size: (u32, u32)) -> analysis::ValidatedEffect {
    let options = analysis::Options {
        buffer_width: size.0,
        buffer_height: size.1,
        include_dirs: vec![assets()],
        ..Default::default()
    };
    let mut out = analysis::load_effect(path, &options);
    let diagnostics = out.render_diagnostics();
    out.effect.take().unwrap_or_else(|| panic!("{diagnostics}"))
}

/// An effect with `passes` full-screen passes that each copy the back buffer unchanged.
fn identity_effect(passes: usize) -> String {
    let mut text = String::from(
        "#include \"shaders/fxbench.wfxh\"\n\
         @fragment fn copy(in: PostProcessOut) -> @location(0) vec4<f32> { return BackBufferLoad(in.position); }\n\
         technique Identity < enabled = true; > {\n",
    );
    for _ in 0..passes {
        text.push_str("  pass { VertexShader = PostProcessVS; PixelShader = copy; }\n");
    }
    text.push_str("}\n");
    text
}

fn bench(c: &mut Criterion) {
    let Some(ctx) = engine::testing::gpu() else {
        return;
    };
    eprintln!("adapter: {}", ctx.describe());
    let size = (1280, 720);
    let image = engine::input::test_card(size.0, size.1);
    let input = InputTexture::upload(&ctx.device, &ctx.queue, &image, "bench input");

    // CPU record time of the demo chain (3 passes), timestamps off so only recording counts.
    let effects = vec![
        load(&assets().join("gaussian_blur.wfx"), size),
        load(&assets().join("vignette.wfx"), size),
    ];
    let options = ChainOptions {
        gpu_timing: false,
        ..Default::default()
    };
    let mut chain = EffectChain::new(&ctx, effects, size, &options).expect("chain");
    let frame = FrameInput::default();
    c.bench_function("record_demo_chain_3_passes", |b| {
        b.iter(|| {
            let mut encoder = ctx.device.create_command_encoder(&Default::default());
            chain.frame(&mut encoder, &input, &frame).expect("records");
            encoder
        })
    });

    // What a rebuild costs where: building the demo chain (every pipeline and texture; a
    // window's compile worker does it) against adopting a built one (the UI thread's share).
    let mut group = c.benchmark_group("rebuild_demo_chain");
    group.sample_size(10);
    let demo = || {
        vec![
            load(&assets().join("gaussian_blur.wfx"), size),
            load(&assets().join("vignette.wfx"), size),
        ]
    };
    group.bench_function("build", |b| {
        b.iter_batched(
            demo,
            |effects| EffectChain::new(&ctx, effects, size, &options).expect("chain"),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("adopt", |b| {
        b.iter_batched(
            || EffectChain::new(&ctx, demo(), size, &options).expect("chain"),
            |next| chain.adopt(next).expect("adopts"),
            BatchSize::PerIteration,
        )
    });
    group.finish();

    // What the debugger adds to a frame, rendered and waited for: the pixel history of the demo
    // chain's centre pixel, and the trace of box_blur.fx's first pass there (an FX effect: the
    // trace instruments ReShade FX), each against the same frame without them.
    let mut group = c.benchmark_group("debugger");
    group.sample_size(10);
    let center = [size.0 / 2, size.1 / 2];
    group.bench_function("demo_frame", |b| {
        b.iter(|| chain.render_blocking(&input, &frame).expect("renders"))
    });
    group.bench_function("demo_pixel_history", |b| {
        b.iter(|| {
            chain
                .pixel_history(&input, &frame, center)
                .expect("history")
        })
    });
    let blur = assets().join("box_blur.fx");
    let fx_options = analysis::Options {
        buffer_width: size.0,
        buffer_height: size.1,
        include_dirs: vec![assets()],
        ..Default::default()
    };
    let mut out = analysis::load_effect(&blur, &fx_options);
    let diagnostics = out.render_diagnostics();
    let effect = out.effect.take().unwrap_or_else(|| panic!("{diagnostics}"));
    let instrumented = analysis::debug::instrument_effect(&blur, &analysis::FsLoader, &fx_options)
        .instrumented
        .expect("box_blur.fx instruments");
    let mut fx_chain = EffectChain::new(&ctx, vec![effect], size, &options).expect("chain");
    let key = fx_chain.order()[0];
    fx_chain.set_enabled(key, true);
    let request = engine::chain::TraceRequest {
        technique: key,
        pass: 0,
        target: [center[0], center[1], 0],
        instrumented: &instrumented,
    };
    group.bench_function("box_blur_frame", |b| {
        b.iter(|| fx_chain.render_blocking(&input, &frame).expect("renders"))
    });
    group.bench_function("box_blur_record_trace", |b| {
        b.iter(|| {
            fx_chain
                .record_trace(&input, &frame, &request)
                .expect("trace")
        })
    });
    group.finish();

    // Wall time of K identity passes, rendered and waited for.
    let dir = std::env::temp_dir().join(format!("fxbench-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut group = c.benchmark_group("identity_chain");
    group.sample_size(20);
    for passes in [1usize, 8] {
        let path = dir.join(format!("identity{passes}.wfx"));
        std::fs::write(&path, identity_effect(passes)).expect("write effect");
        let mut chain =
            EffectChain::new(&ctx, vec![load(&path, size)], size, &options).expect("chain");
        group.bench_with_input(BenchmarkId::from_parameter(passes), &passes, |b, _| {
            b.iter(|| chain.render_blocking(&input, &frame).expect("renders"))
        });
    }
    group.finish();

    // The figure is GPU time: K identity passes against K times one, from timestamps.
    // The two chains render alternately, so drift in the machine's speed (other processes, clock
    // changes) lands on both alike; the minimum over frames is reported beside the mean because
    // it is the figure least disturbed by such noise.
    let timed = ChainOptions {
        gpu_timing: true,
        ..Default::default()
    };
    let frames = 300;
    let mut chains: Vec<EffectChain> = [1usize, 8]
        .iter()
        .map(|passes| {
            let path = dir.join(format!("identity{passes}.wfx"));
            EffectChain::new(&ctx, vec![load(&path, size)], size, &timed).expect("chain")
        })
        .collect();
    for _ in 0..frames {
        for chain in &mut chains {
            chain.render_blocking(&input, &frame).expect("renders");
        }
    }
    let figures: Vec<Option<(f64, f64)>> = chains
        .iter_mut()
        .map(|chain| {
            chain.flush_timings();
            let timings = chain.timings(chain.order()[0])?;
            let mean = timings.gpu_ns.overall_mean()?;
            let (min, _) = timings.gpu_ns.min_max()?;
            Some((mean as f64 / 1e6, min as f64 / 1e6))
        })
        .collect();
    if let [Some((one_mean, one_min)), Some((eight_mean, eight_min))] = figures[..] {
        eprintln!(
            "identity chain GPU time at {}x{} (timestamps, {frames} interleaved frames): \
             1 pass mean {one_mean:.3} ms min {one_min:.3} ms; 8 passes mean {eight_mean:.3} ms \
             min {eight_min:.3} ms; ratio to 8 x 1 pass: mean {:.3}, min {:.3}",
            size.0,
            size.1,
            eight_mean / (8.0 * one_mean),
            eight_min / (8.0 * one_min),
        );
    } else {
        eprintln!("identity chain GPU time: the device has no timestamp queries");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
