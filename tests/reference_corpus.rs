//! ReShade's own SPIR-V run beside ours, pass by pass: synthetic effects that pin the binding
//! logic (uniform packing across types and arrays, samplers with every state, a storage written
//! by a compute pass, several render targets, namespaced entry points, texel offsets and gathers,
//! `out` arguments sharing a variable, matrix varyings, interpolation modifiers; their
//! references made by `shared/tools/reshade_spirv.py` and kept in `tests/reference/`), modules
//! that do not fit their effect (located errors), and every corpus effect with a reference
//! module.

#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::path::{Path, PathBuf};

use app::session::document::Document;
use app::session::input::{InputChoice, LiveInput};
use engine::reference::{CompareOptions, Comparison, ReferenceModule};
use engine::{ChainError, ChainOptions, EffectChain, GpuContext, Shaders};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A device that runs ReShade's modules: SPIR-V passthrough and spirv-val.
fn device() -> Option<GpuContext> {
    let ctx = engine::testing::passthrough_gpu()?;
    if !optimizer::spirv_val::available() {
        assert_ne!(
            std::env::var("FXBENCH_REQUIRE_SPIRV_VAL").as_deref(),
            Ok("1"),
            "FXBENCH_REQUIRE_SPIRV_VAL=1 but spirv-val is not installed"
        );
        eprintln!("skipping: spirv-val is not installed");
        return None;
    }
    Some(ctx)
}

fn reference(spv: &Path) -> Shaders {
    let bytes = std::fs::read(spv).unwrap_or_else(|e| panic!("{}: {e}", spv.display()));
    let words = optimizer::words_from_bytes(&bytes).expect("SPIR-V words");
    Shaders::reference(ReferenceModule::new(&words, &spv.display().to_string()).expect("a module"))
}

/// Our effect `fx` against ReShade's `spv` over `input` at `size`; `Err` when a side cannot
/// run.
fn compare(
    ctx: &GpuContext,
    fx: &Path,
    spv: &Path,
    (size, frames): ((u32, u32), u32),
    input: &InputChoice,
) -> Result<Comparison, String> {
    let compiled = Document::with_effects(vec![fx.to_path_buf()]).compile(size);
    if compiled.has_errors() {
        return Err(format!(
            "does not compile: {}",
            compiled.render_diagnostics()
        ));
    }
    let ours = EffectChain::new(
        ctx,
        compiled.effects.clone(),
        size,
        &ChainOptions::default(),
    );
    let mut ours = ours.map_err(|e| format!("ours: {e}"))?;
    let theirs = ChainOptions {
        shaders: reference(spv),
        ..ChainOptions::default()
    };
    let mut theirs = EffectChain::new(ctx, compiled.effects, size, &theirs)
        .map_err(|e| format!("theirs: {e}"))?;
    let source = app::session::input::load_input(input, None, size)
        .map_err(|e| format!("input: {e}"))?
        .at_size(size);
    let input = LiveInput::new(ctx, source);
    // The scene moves: both sides see the frame of the same fixed time.
    let mut animate = |elapsed_ns: u64| {
        if input.is_animated() {
            let mut encoder = ctx.device.create_command_encoder(&Default::default());
            input.record(&ctx.queue, &mut encoder, elapsed_ns);
            ctx.queue.submit([encoder.finish()]);
        }
    };
    engine::reference::compare_chains(
        &mut ours,
        &mut theirs,
        input.texture(),
        &mut animate,
        &CompareOptions {
            frames,
            ..CompareOptions::default()
        },
    )
    .map_err(|e| e.to_string())
}

/// Each probe as "pass -> texture: agrees" or with its largest difference.
fn summary(comparison: &Comparison) -> Vec<String> {
    comparison
        .probes
        .iter()
        .map(|p| {
            let pass = p
                .pass
                .map_or_else(|| "end".to_string(), |r| r.pass.to_string());
            match &p.diff {
                Ok(d) if d.agrees() => format!("{pass} -> {}: agrees", p.resource_name),
                Ok(d) => format!(
                    "{pass} -> {}: {} over, max {:?}, first {:?}",
                    p.resource_name, d.over, d.max_abs, d.first_over
                ),
                Err(e) => format!("{pass} -> {}: {e}", p.resource_name),
            }
        })
        .collect()
}

#[test]
fn synthetic_references_agree_pass_by_pass() {
    let Some(ctx) = device() else { return };
    let dir = repo().join("tests/reference");
    // References compiled at 1280x720, except box_blur's (BUFFER_WIDTH clamps its fetches):
    // the others do not depend on the size.
    let cases: [(&str, PathBuf, &[&str]); 12] = [
        (
            "constant_casts",
            dir.join("constant_casts.fx"),
            &["0 -> back buffer: agrees", "end -> back buffer: agrees"],
        ),
        (
            "uniforms",
            dir.join("uniforms.fx"),
            &["0 -> uniforms.fx: TA: agrees", "end -> back buffer: agrees"],
        ),
        (
            "samplers",
            dir.join("samplers.fx"),
            &[
                "0 -> samplers.fx: Src: agrees",
                "1 -> samplers.fx: Out: agrees",
                "end -> back buffer: agrees",
            ],
        ),
        (
            "texture_offsets",
            dir.join("texture_offsets.fx"),
            &[
                "0 -> texture_offsets.fx: Src: agrees",
                "1 -> texture_offsets.fx: Out: agrees",
                "end -> back buffer: agrees",
            ],
        ),
        (
            "out_arguments",
            dir.join("out_arguments.fx"),
            &["0 -> back buffer: agrees", "end -> back buffer: agrees"],
        ),
        (
            "constant_elements",
            dir.join("constant_elements.fx"),
            &["0 -> back buffer: agrees", "end -> back buffer: agrees"],
        ),
        (
            "constant_matrix_swizzles",
            dir.join("constant_matrix_swizzles.fx"),
            &["0 -> back buffer: agrees", "end -> back buffer: agrees"],
        ),
        (
            "int_literals",
            dir.join("int_literals.fx"),
            &["0 -> back buffer: agrees", "end -> back buffer: agrees"],
        ),
        (
            "matrix_varyings",
            dir.join("matrix_varyings.fx"),
            &[
                "0 -> back buffer: agrees",
                "1 -> back buffer: agrees",
                "end -> back buffer: agrees",
            ],
        ),
        (
            "interpolation",
            dir.join("interpolation.fx"),
            &[
                "0 -> back buffer: agrees",
                "1 -> back buffer: agrees",
                "end -> back buffer: agrees",
            ],
        ),
        (
            "compute",
            dir.join("compute.fx"),
            &[
                "0 -> compute.fx: Outer::Grid: agrees",
                "1 -> compute.fx: RT0: agrees",
                "1 -> compute.fx: RT1: agrees",
                "1 -> compute.fx: RT2: agrees",
                "2 -> back buffer: agrees",
                "end -> back buffer: agrees",
            ],
        ),
        (
            "box_blur_64x32",
            repo().join("assets/box_blur.fx"),
            &[
                "0 -> box_blur.fx: BlurTex: agrees",
                "1 -> back buffer: agrees",
                "end -> back buffer: agrees",
            ],
        ),
    ];
    for (name, fx, expected) in cases {
        let spv = dir.join(format!("{name}.spv"));
        let comparison = compare(&ctx, &fx, &spv, ((64, 32), 2), &InputChoice::TestCard)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(summary(&comparison), expected, "{name}");
    }
}

/// `tests/reference/<name>.fx` with `from` replaced by `to`, in a folder of its own.
fn edited(name: &str, from: &str, to: &str) -> PathBuf {
    let text = std::fs::read_to_string(repo().join(format!("tests/reference/{name}.fx"))).unwrap();
    assert!(text.contains(from), "{from}");
    let dir = std::env::temp_dir().join(format!(
        "fxbench-reference-{name}-{}-{}",
        from.len(),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.fx"));
    std::fs::write(&path, text.replace(from, to)).unwrap();
    path
}

/// The error building the reference chain of `fx` with `spv`.
fn reference_error(ctx: &GpuContext, fx: &Path, spv: &str) -> String {
    let size = (64, 32);
    let compiled = Document::with_effects(vec![fx.to_path_buf()]).compile(size);
    assert!(!compiled.has_errors(), "{}", compiled.render_diagnostics());
    let options = ChainOptions {
        shaders: reference(&repo().join("tests/reference").join(spv)),
        ..ChainOptions::default()
    };
    match EffectChain::new(ctx, compiled.effects, size, &options) {
        Ok(_) => panic!("{} ran with {spv}", fx.display()),
        Err(e @ ChainError::Reference { .. }) => e.to_string(),
        Err(e) => panic!("not a reference error: {e}"),
    }
}

#[test]
fn a_module_that_does_not_fit_its_effect_is_a_located_error() {
    let Some(ctx) = device() else { return };
    let dir = repo().join("tests/reference");
    // Another effect's module: the first pass's vertex shader is not there.
    let error = reference_error(&ctx, &dir.join("samplers.fx"), "box_blur_64x32.spv");
    assert!(error.contains("samplers.fx:38:"), "{error}");
    assert!(
        error.contains("ReShade's module has no entry point 'F__VS'"),
        "{error}"
    );
    // A module with uniforms the effect does not have, found before any pass.
    let error = reference_error(&ctx, &dir.join("samplers.fx"), "uniforms.spv");
    assert!(
        error.contains("uniform 'U_f': the effect has no uniform of that name"),
        "{error}"
    );
    // A uniform of another type.
    let fx = edited(
        "uniforms",
        "uniform float U_f = 1.5;",
        "uniform int U_f = 1;",
    );
    let error = reference_error(&ctx, &fx, "uniforms.spv");
    assert!(error.contains("uniform 'U_f': ReShade's is"), "{error}");
    assert!(error.contains("the effect's i32"), "{error}");
    // A uniform the effect lacks.
    let fx = edited("uniforms", "U_last", "U_final");
    let error = reference_error(&ctx, &fx, "uniforms.spv");
    assert!(
        error.contains("uniform 'U_last': the effect has no uniform of that name"),
        "{error}"
    );
    // A sampler the effect lacks.
    let fx = edited("samplers", "sBorder", "sEdge");
    let error = reference_error(&ctx, &fx, "samplers.spv");
    assert!(error.contains("samplers.fx:39:"), "{error}");
    assert!(
        error.contains("the effect has no sampler named V__sBorder"),
        "{error}"
    );
    // A 1D image, which fxbench holds as 2D: refused, not handed to the driver (lavapipe
    // crashed on it).
    let error = reference_error(&ctx, &dir.join("texture1d.fx"), "texture1d.spv");
    assert!(error.contains("texture1d.fx:17:"), "{error}");
    assert!(
        error.contains(
            "variable 'V__S_image' of ReShade's module: ReShade's module reads it as a 1D image"
        ),
        "{error}"
    );
}

/// Corpus effects whose every pass agrees with ReShade's module (test card, 4 frames, every
/// technique), `Daodan/Shaders/dev/Template.fx` (no technique: only its output) included.
const CORPUS_AGREEING: usize = 117;

/// The same over the 3D scene with depth: the test card's exceptions and [`SCENE_EXCEPTIONS`].
const SCENE_AGREEING: usize = 115;

/// Effects that agree over the test card (no depth: their depth-reading paths do not run) but
/// not over the scene.
const SCENE_EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "CShade/shaders/cFlow.fx",
        "differs: 4 -> cFlow.fx: MotionVectorTex_Flow: 2 over",
        "2 of 921,600 texels of its optical-flow motion vectors 4 half-float steps apart (relative 2e-3): rounding, not diagnosed further",
    ),
    (
        "NiceGuy/Shaders/NGLighting.fx",
        "differs: 4 -> NGLighting.fx: SSSR_ReflectionTex",
        "undefined behaviour in the effect: DoRayMarch's `out float a` (NGLighting-Shader.fxh:632) is written only on a hit (line 661), so a missed ray reads an uninitialised variable; ReShade's module leaves it undefined (lavapipe's compiler makes it arbitrary), our WGSL zero-initialises it (no reflection)",
    ),
];

/// A `frac(sin(x) * 43758.5453)` hash: the sine's last bits, scaled 43758 times, are the noise,
/// so two correct compilations that round the argument in another order (a fused multiply-add,
/// the dot product's order) give other noise. A driver-level difference, not semantics.
const SIN_HASH: &str =
    "noise from a frac(sin(x) * 43758.5453) hash, which amplifies rounding-order differences";

/// Every other corpus effect: a text its outcome must contain, and why it does not agree.
const CORPUS_EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "CShade/shaders/kDatamosh.fx",
        "differs: 10 -> kDatamosh.fx: AccumulationTex_Datamosh",
        "its motion noise is a sin hash (line 237: frac(43758.5453 * sin(f))), and the accumulation feedback carries the differences across frames",
    ),
    (
        "FXShaders/Shaders/GrainSpread.fx",
        "fails spirv-val",
        "ReShade's module fails spirv-val (a non-constant texel offset; drivers accept it), so it does not run",
    ),
    (
        "FXShaders/Shaders/NeoBloom.fx",
        "NeoBloom.fx: FXShaders::NeoBloom_AtlasA: ",
        "41 texels (28 over the scene) of an RGBA16F atlas 1 or 2 half-float steps apart (relative 1.2e-3, the tolerance is 1e-3): rounding before the 16-bit store",
    ),
    (
        "NiceGuy/Shaders/Scatter.fx",
        "Scatter.fx: NoiseTex",
        SIN_HASH,
    ),
    (
        "NiceGuy/Shaders/VolumetricFog.fx",
        "VolumetricFog.fx: FogTex",
        SIN_HASH,
    ),
    (
        "prod80/Shaders/PD80_02_Bonus_LUT_pack.fx",
        "'pd80_example-lut.png' : image for texture",
        "its LUT image is not in the corpus, so our side does not compile",
    ),
    (
        "prod80/Shaders/PD80_02_Cinetools_LUT.fx",
        "'pd80_cinelut.png' : image for texture",
        "its LUT image is not in the corpus, so our side does not compile",
    ),
    (
        "prod80/Shaders/PD80_06_Film_Grain.fx",
        "pd80_filmgrain::texNoise",
        SIN_HASH,
    ),
];

/// How an effect that does not agree is listed.
fn reason(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Agrees => "agrees".into(),
        Outcome::Differs(lines) => format!("differs: {}", lines.join("; ")),
        Outcome::CannotRun(why) => format!("cannot run: {why}"),
    }
}

/// What one corpus effect gave.
enum Outcome {
    Agrees,
    Differs(Vec<String>),
    CannotRun(String),
}

#[test]
fn corpus_effects_agree_with_reshade_pass_by_pass() {
    corpus_agrees(&InputChoice::TestCard, CORPUS_AGREEING, &[]);
}

/// The same over the animated 3D scene with its depth buffer: the depth-reading paths run.
#[test]
fn corpus_effects_agree_over_the_scene_with_depth() {
    corpus_agrees(&InputChoice::Scene, SCENE_AGREEING, SCENE_EXCEPTIONS);
}

/// Every corpus effect with a reference module over `input` (1280x720, 4 frames, every
/// technique); asserts `expected` agree and every other one is listed with its reason, in
/// [`CORPUS_EXCEPTIONS`] or in `more`.
fn corpus_agrees(input: &InputChoice, expected: usize, more: &[(&str, &str, &str)]) {
    let exceptions: Vec<_> = CORPUS_EXCEPTIONS.iter().chain(more).collect();
    let Some(ctx) = device() else { return };
    let Some(root) = corpus::dir("reshadefx", "reference rendering") else {
        return;
    };
    let Some(spirv) = corpus::dir("reshade-spirv", "reference rendering") else {
        return;
    };
    // A development aid: only effects whose path contains this (counts are then not checked).
    let only = std::env::var("FXBENCH_REFERENCE_ONLY").ok();
    let mut rows = Vec::new();
    println!("{:<60} result", "effect");
    for fx in corpus::files_below(&root, "fx") {
        let name = fx.strip_prefix(&root).unwrap_or(&fx).display().to_string();
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let spv = spirv.join(&name).with_extension("spv");
        let outcome = if !spv.exists() {
            Outcome::CannotRun("no reference module".into())
        } else {
            match compare(&ctx, &fx, &spv, ((1280, 720), 4), input) {
                Ok(c) if c.agrees() => Outcome::Agrees,
                Ok(c) => Outcome::Differs(
                    summary(&c)
                        .into_iter()
                        .filter(|line| !line.ends_with(": agrees"))
                        .collect(),
                ),
                Err(e) => Outcome::CannotRun(e.lines().next().unwrap_or("").to_string()),
            }
        };
        match &outcome {
            Outcome::Agrees => println!("{name:<60} agrees"),
            other => println!("{name:<60} {}", reason(other)),
        }
        rows.push((name, outcome));
    }
    let mut agreeing = 0;
    let mut unexplained = Vec::new();
    for (name, outcome) in &rows {
        if let Outcome::Agrees = outcome {
            agreeing += 1;
            continue;
        }
        let reason = reason(outcome);
        match exceptions.iter().find(|(n, _, _)| n == name) {
            Some((_, marker, _)) if reason.contains(marker) => {}
            Some((_, marker, _)) => {
                unexplained.push(format!("{name}: listed with '{marker}', but {reason}"));
            }
            None => unexplained.push(format!("{name}: {reason}")),
        }
    }
    for (name, _, _) in &exceptions {
        if let Some((_, Outcome::Agrees)) = rows.iter().find(|(n, _)| n == name) {
            unexplained.push(format!("{name} agrees now: take it off the exceptions"));
        }
    }
    println!("{agreeing} of {} corpus effects agree", rows.len());
    assert!(unexplained.is_empty(), "{}", unexplained.join("\n"));
    if only.is_none() {
        assert_eq!(agreeing, expected);
        assert_eq!(rows.len(), expected + exceptions.len());
    }
}
