//! The SPIR-V view's modules: every pass stage of every shipped effect compiles to SPIR-V that
//! `spirv-val` accepts before and after the optimiser, which never adds instructions; and
//! `fxbench spirv` prints, lists and writes them.

mod common;

use std::process::Command;

use app::session::spirv::{StageSpirv, TARGET_ENV};
use engine::spirv::pass_stages;
use optimizer::spirv_val::{self, Verdict};

fn load(path: &std::path::Path) -> analysis::ValidatedEffect {
    let options = analysis::Options {
        buffer_width: 1280,
        buffer_height: 720,
        include_dirs: vec![common::repo().join("assets")],
        ..Default::default()
    };
    let mut output = analysis::load_effect(path, &options);
    let diagnostics = output.render_diagnostics();
    output
        .effect
        .take()
        .unwrap_or_else(|| panic!("{}: {diagnostics}", path.display()))
}

fn shipped_effects() -> Vec<std::path::PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir(common::repo().join("assets"))
        .expect("assets")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "wfx"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 3, "the shipped effects: {paths:?}");
    paths
}

#[test]
fn every_shipped_pass_stage_is_valid_spirv_before_and_after_the_optimiser() {
    let validate = spirv_val::checks_enabled();
    let mut stages = 0;
    for path in shipped_effects() {
        let effect = load(&path);
        for stage in pass_stages(&effect) {
            let spirv = StageSpirv::build(&effect, &stage).expect("builds");
            stages += 1;
            assert_eq!(
                optimizer::instruction_count(&spirv.before).unwrap(),
                spirv.report.instructions_before
            );
            assert_eq!(
                optimizer::instruction_count(&spirv.after).unwrap(),
                spirv.report.instructions_after
            );
            assert!(
                spirv.report.instructions_after <= spirv.report.instructions_before,
                "{}: {}",
                spirv.label,
                spirv.summary()
            );
            assert!(spirv.report.converged, "{}", spirv.label);
            // The module holds exactly the selected entry point.
            let entry_points = spirv
                .before_listing
                .lines()
                .filter(|l| l.trim_start().starts_with("OpEntryPoint"))
                .count();
            assert_eq!(entry_points, 1, "{}", spirv.label);
            if validate {
                for (what, words) in [("naga", &spirv.before), ("optimised", &spirv.after)] {
                    let verdict = spirv_val::validate(words, TARGET_ENV).expect("spirv-val runs");
                    assert_eq!(verdict, Verdict::Valid, "{} ({what})", spirv.label);
                }
            }
        }
    }
    assert!(stages >= 8, "{stages} stages");
}

#[test]
fn stages_are_listed_per_pass_in_order() {
    let effect = load(&common::asset("gaussian_blur.wfx"));
    let labels: Vec<String> = pass_stages(&effect)
        .iter()
        .map(|s| engine::spirv::stage_label(&effect, s))
        .collect();
    assert_eq!(
        labels,
        [
            "GaussianBlur / pass 0 (Horizontal) / vertex PostProcessVS",
            "GaussianBlur / pass 0 (Horizontal) / fragment BlurHorizontalPS",
            "GaussianBlur / pass 1 (Vertical) / vertex PostProcessVS",
            "GaussianBlur / pass 1 (Vertical) / fragment BlurVerticalPS",
        ]
    );
}

#[test]
fn the_optimiser_vectorises_the_full_screen_vertex_shader() {
    // PostProcessVS computes `uv.x * 2.0` and `uv.y * 2.0` separately: vectorise turns them into
    // one OpVectorTimesScalar, and the diff shows it.
    let effect = load(&common::asset("vignette.wfx"));
    let stage = pass_stages(&effect)
        .into_iter()
        .find(|s| s.stage == naga::ShaderStage::Vertex)
        .expect("a vertex stage");
    let spirv = StageSpirv::build(&effect, &stage).expect("builds");
    let count = |text: &str, op: &str| text.lines().filter(|l| l.contains(op)).count();
    assert_eq!(count(&spirv.before_listing, "OpVectorTimesScalar"), 0);
    assert_eq!(count(&spirv.after_listing, "OpVectorTimesScalar"), 1);
    assert_eq!(
        count(&spirv.before_listing, "OpFMul") - count(&spirv.after_listing, "OpFMul"),
        2
    );
    assert!(
        spirv
            .diff
            .lines()
            .any(|l| l.starts_with('+') && l.contains("OpVectorTimesScalar")),
        "{}",
        spirv.diff
    );
}

fn fxbench() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fxbench"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

#[test]
fn the_cli_lists_prints_and_writes_modules() {
    let list = fxbench()
        .args(["spirv", "assets/gaussian_blur.wfx", "--list"])
        .output()
        .unwrap();
    assert!(list.status.success(), "{list:?}");
    let stdout = String::from_utf8_lossy(&list.stdout);
    assert_eq!(stdout.lines().count(), 4, "{stdout}");
    assert!(
        stdout
            .lines()
            .all(|l| l.contains(" instructions (") && l.starts_with("GaussianBlur / pass ")),
        "{stdout}"
    );

    let diff = fxbench()
        .args([
            "spirv",
            "assets/vignette.wfx",
            "--stage",
            "vertex",
            "--diff",
        ])
        .output()
        .unwrap();
    assert!(diff.status.success(), "{diff:?}");
    let stdout = String::from_utf8_lossy(&diff.stdout);
    assert!(stdout.contains("+++ Vignette / pass 0 / vertex PostProcessVS (optimised)"));

    let dir = std::env::temp_dir().join(format!("fxbench-spirv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("ps.spv");
    let write = fxbench()
        .args([
            "spirv",
            "assets/vignette.wfx",
            "--stage",
            "fragment",
            "--optimized",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(write.status.success(), "{write:?}");
    let words = optimizer::words_from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(words[0], 0x0723_0203, "SPIR-V magic");
    let effect = load(&common::asset("vignette.wfx"));
    let stage = pass_stages(&effect)
        .into_iter()
        .find(|s| s.stage == naga::ShaderStage::Fragment)
        .unwrap();
    assert_eq!(words, StageSpirv::build(&effect, &stage).unwrap().after);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_cli_reports_bad_selections_and_broken_effects() {
    let none = fxbench()
        .args(["spirv", "assets/vignette.wfx", "--stage", "no such stage"])
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no pass stage"));

    let many = fxbench()
        .args(["spirv", "assets/gaussian_blur.wfx", "--out", "x.spv"])
        .output()
        .unwrap();
    assert_eq!(many.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&many.stderr).contains("4 stages match"));

    let dir = std::env::temp_dir().join(format!("fxbench-spirv-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.wfx");
    std::fs::write(
        &path,
        "@fragment fn ps() -> @location(0) vec4<f32> { return vec4<f32>(1.0) }\n",
    )
    .unwrap();
    let broken = fxbench().arg("spirv").arg(&path).output().unwrap();
    assert_eq!(broken.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&broken.stderr);
    assert!(stderr.contains("broken.wfx:1:"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The 1-based line of the effect's WGSL that contains `needle`.
fn line_of(effect: &analysis::ValidatedEffect, needle: &str) -> u32 {
    effect
        .wgsl()
        .lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?}")) as u32
        + 1
}

#[test]
fn source_mapping_links_a_wgsl_line_to_its_instructions() {
    let effect = load(&common::repo().join("assets/gaussian_blur.wfx"));
    let stage = pass_stages(&effect)
        .into_iter()
        .find(|s| effect.entry_point(s.entry).name == "BlurHorizontalPS")
        .expect("the horizontal pass's fragment stage");
    let mapping = app::session::spirv_lines::SourceMapping::build(&effect, &stage).expect("maps");
    let sample_line = line_of(&effect, "sum += w * textureSampleLevel(BackBufferTex");
    let at_sample: Vec<&str> = mapping
        .at_line(sample_line)
        .map(|i| i.text.as_str())
        .collect();
    // The line samples, scales by the weight and accumulates.
    for op in ["OpImageSampleExplicitLod", "OpVectorTimesScalar", "OpFAdd"] {
        assert!(
            at_sample.iter().any(|t| t.contains(op)),
            "line {sample_line} lacks {op}: {at_sample:#?}"
        );
    }
    // Sampling happens on that line and nowhere else in this stage.
    let samples: Vec<_> = mapping
        .instructions
        .iter()
        .filter(|i| i.text.contains("OpImageSampleExplicitLod"))
        .collect();
    assert!(!samples.is_empty());
    assert!(
        samples.iter().all(|i| i.line == Some(sample_line)),
        "{samples:#?}"
    );
    // blur_weight's return line computes -(x * x) / (2 sigma^2) (the divisor is a constant),
    // takes GLSL.std.450 Exp (27) of it and returns it: exactly these instructions.
    let exp_line = line_of(&effect, "return exp(-(x * x)");
    let ops: Vec<&str> = mapping
        .at_line(exp_line)
        .map(|i| {
            let text = i
                .text
                .split_once(" = ")
                .map_or(i.text.as_str(), |(_, op)| op);
            text.split_whitespace().next().unwrap_or("")
        })
        .collect();
    assert_eq!(
        ops,
        [
            "OpFMul",
            "OpFNegate",
            "OpFDiv",
            "OpExtInst",
            "OpReturnValue"
        ]
    );
    assert!(
        mapping
            .at_line(exp_line)
            .any(|i| i.text.contains("OpExtInst") && i.text.contains(" 27 ")),
        "Exp is GLSL.std.450 instruction 27"
    );
    // Every mapped line is a line of the text.
    let last = effect.wgsl().lines().count() as u32;
    assert!(mapping.lines().iter().all(|l| (1..=last).contains(l)));
}

/// The source map of an `.fx` effect shows the user's FX lines, not the WGSL the front end made
/// of them, one band per user line: a line lowered to several WGSL lines heads one band.
#[test]
fn the_fx_source_map_shows_the_users_lines_once_each() {
    let path = common::repo().join("assets/vignette.fx");
    let effect = load(&path);
    let stage = pass_stages(&effect)
        .into_iter()
        .find(|s| effect.entry_point(s.entry).stage == naga::ShaderStage::Fragment)
        .expect("the vignette's fragment stage");
    let mapping = app::session::spirv_lines::SourceMapping::build(&effect, &stage).expect("maps");
    let rows = app::window::panels::spirv_source::source_lines(&effect, &mapping);
    let headers: Vec<&str> = rows
        .iter()
        .map(|r| r.text.as_str())
        .filter(|t| t.contains(" | "))
        .collect();
    let text = std::fs::read_to_string(&path).expect("readable");
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .expect("in the file")
            + 1
    };
    // The sampling line and the multiplication, as written in the .fx file.
    for needle in [
        "float4 color = tex2D(ReShade::BackBuffer, texcoord);",
        "color.rgb *= Darkening(texcoord, d);",
    ] {
        let header = format!("vignette.fx:{} | {needle}", line_of(needle));
        let count = headers.iter().filter(|h| h.trim_start() == header).count();
        assert_eq!(count, 1, "{header:?} in {headers:#?}");
    }
    // No two consecutive bands name the same place.
    let places: Vec<&str> = headers
        .iter()
        .map(|h| h.split(" | ").next().unwrap_or("").trim())
        .collect();
    assert!(places.windows(2).all(|w| w[0] != w[1]), "{places:#?}");
    // Every header of a user line shows that line's text.
    for header in &headers {
        let (place, shown) = header.trim_start().split_once(" | ").expect("a header");
        if let Some(line) = place.strip_prefix("vignette.fx:") {
            let line: usize = line.parse().expect("a line number");
            assert_eq!(shown, text.lines().nth(line - 1).expect("a line").trim());
        }
    }
}
