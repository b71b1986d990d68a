//! The `spirv-extra-opt` binary: the original's usage, the new flags, and exit code 1 with a
//! message (never a panic) on bad input.

mod common;

use std::path::PathBuf;
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_spirv-extra-opt"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spirv-extra-opt-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

#[test]
fn optimises_to_the_output_file_with_stats_and_diff() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let input = corpus.join("rust-gpu/kajiya_blurblur_cs.spv");
    let output = scratch("blur.spv");
    let result = bin()
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .args(["--stats", "--diff", "--validate"])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    assert!(stdout.contains("instructions: "), "{stdout}");
    assert!(stdout.contains("@@ "), "{stdout}");
    assert!(
        stdout.contains("+") && stdout.contains("OpVectorTimesScalar"),
        "{stdout}"
    );
    let written = optimizer::words_from_bytes(&std::fs::read(&output).expect("written"))
        .expect("whole words");
    let original = common::read_words(&input);
    assert!(written.len() < original.len());
}

#[test]
fn default_output_is_a_spv_in_the_working_directory() {
    let dir = scratch("cwd");
    std::fs::create_dir_all(&dir).expect("dir");
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let input = corpus.join("rust-gpu/kajiya_blurblur_cs.spv");
    let status = bin().arg(&input).current_dir(&dir).status().expect("runs");
    assert!(status.success());
    assert!(dir.join("a.spv").is_file());
}

#[test]
fn selected_passes_only() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let input = corpus.join("rust-gpu/kajiya_blurblur_cs.spv");
    let output = scratch("prune-only.spv");
    let result = bin()
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .args(["--passes", "prune", "--stats"])
        .output()
        .expect("runs");
    assert!(result.status.success());
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert!(
        stdout.contains("prune") && !stdout.contains("vectorise"),
        "{stdout}"
    );
}

/// `--passes load-forward` runs the load-forwarding pass alone: the glslang fixture loses its 4
/// reloads (73 -> 69 instructions) and nothing else runs.
#[test]
fn load_forward_is_selectable_by_name() {
    let input =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/glsl/smoothstep.O.spv");
    let output = scratch("load-forward-only.spv");
    let result = bin()
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .args(["--passes", "load-forward", "--stats"])
        .output()
        .expect("runs");
    assert!(result.status.success());
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert!(stdout.starts_with("instructions: 73 -> 69"), "{stdout}");
    assert!(
        stdout.contains("load-forward") && !stdout.contains("vectorise"),
        "{stdout}"
    );
}

#[test]
fn garbage_input_exits_1_with_a_message() {
    let input = scratch("garbage.spv");
    std::fs::write(&input, b"this is not SPIR-V, honest").expect("write");
    let result = bin()
        .arg(&input)
        .arg("-o")
        .arg(scratch("never.spv"))
        .output()
        .expect("runs");
    assert_eq!(result.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("error:"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn unsupported_module_exits_1_with_a_located_message() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let input = corpus.join("glslang/descriptorheapuntyped__cube.frag.spv");
    let result = bin()
        .arg(&input)
        .arg("-o")
        .arg(scratch("heap.spv"))
        .output()
        .expect("runs");
    assert_eq!(result.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("at word"), "{stderr}");
}

#[test]
fn unknown_pass_exits_1() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let input = corpus.join("rust-gpu/kajiya_blurblur_cs.spv");
    let result = bin()
        .arg(&input)
        .args(["--passes", "inline"])
        .arg("-o")
        .arg(scratch("x.spv"))
        .output()
        .expect("runs");
    assert_eq!(result.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&result.stderr).contains("unknown pass"));
}

#[test]
fn split_samplers_writes_the_split_module_and_reports_each_sampler() {
    let Some(root) = corpus::dir("reshade-spirv", "the split-samplers command test") else {
        return;
    };
    let input = root.join("reshade-shaders/Shaders/Deband.spv");
    let output = scratch("deband-split.spv");
    let result = bin()
        .arg("split-samplers")
        .arg(&input)
        .arg(&output)
        .args(["--validate", "--strip-debug"])
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(result.status.success(), "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&result.stdout),
        "V__ReShade__BackBuffer (set 1, binding 0) -> V__ReShade__BackBuffer_image (set 1, binding 0) + V__ReShade__BackBuffer_sampler (set 1, binding 2)\n\
         V__ReShade__DepthBuffer (set 1, binding 1) -> V__ReShade__DepthBuffer_image (set 1, binding 1) + V__ReShade__DepthBuffer_sampler (set 1, binding 3)\n\
         2 combined samplers split; 0 parameters, 6 loads, 0 OpImage read the image directly\n"
    );
    if optimizer::spirv_val::checks_enabled() {
        assert!(stderr.contains("output valid"), "{stderr}");
    }
    let written = common::load(&common::read_words(&output));
    let reflected = optimizer::reflect(&written).expect("reflects");
    let kinds: Vec<optimizer::reshade::ResourceKind> =
        reflected.resources.iter().map(|r| r.kind).collect();
    use optimizer::reshade::ResourceKind::{SampledImage, Sampler};
    assert_eq!(kinds, [SampledImage, Sampler, SampledImage, Sampler]);
    assert!(
        written
            .all_inst_iter()
            .all(|i| i.class.opcode != rspirv::spirv::Op::Line)
    );
}

#[test]
fn split_samplers_of_garbage_exits_1_with_a_message() {
    let input = scratch("garbage-split.spv");
    std::fs::write(&input, [0u8; 12]).expect("written");
    let result = bin()
        .arg("split-samplers")
        .arg(&input)
        .arg(scratch("garbage-out.spv"))
        .output()
        .expect("runs");
    assert_eq!(result.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.starts_with("spirv-extra-opt: error: cannot read"),
        "{stderr}"
    );
}
