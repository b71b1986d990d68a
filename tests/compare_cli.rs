//! `fxbench compare` end to end: our naga IR against our own SPIR-V passed through (which must
//! agree, pass by pass), our output against a stored image (within the tolerance, then three
//! texels off: exit 1, the first one named, the difference image written), JSON output, and a
//! side that cannot run (exit 2, the reason printed).
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fxbench() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fxbench"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-compare-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn compare(args: &[&str]) -> Output {
    fxbench()
        .args([
            "compare",
            "--effect",
            "assets/box_blur.fx",
            "--resolution",
            "64x32",
        ])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn naga_ir_and_our_spirv_agree_pass_by_pass() {
    if engine::testing::passthrough_gpu().is_none() {
        return;
    }
    let output = compare(&["--against", "spirv", "--frames", "2"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    for line in [
        "assets/box_blur.fx: naga IR (wgpu) against naga SPIR-V, 64x32, frame 2 of 2",
        "technique BoxBlurFX",
        "  pass 0 (Horizontal) -> box_blur.fx: BlurTex: agrees, max 0.000e0 0.000e0 0.000e0 0.000e0",
        "  pass 1 (Vertical) -> back buffer: agrees, max 0.00 0.00 0.00 0.00",
        "  output (back buffer): agrees",
        "agrees: 3 of 3 textures agree",
    ] {
        assert!(stdout.contains(line), "missing '{line}' in:\n{stdout}");
    }
    // Timestamps on both sides, for both passes.
    if stdout.contains("GPU time per pass") {
        assert!(stdout.contains("  BoxBlurFX pass 0: "), "{stdout}");
        assert!(stdout.contains("  BoxBlurFX pass 1: "), "{stdout}");
    }
    let output = compare(&["--against", "spirv", "--format", "json"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["agrees"], true);
    assert_eq!(json["frames"], 4);
    let probes = json["probes"].as_array().unwrap();
    assert_eq!(probes.len(), 3);
    assert_eq!(probes[0]["texture"], "box_blur.fx: BlurTex");
    assert_eq!(probes[0]["pass_name"], "Horizontal");
    assert_eq!(probes[0]["diff"]["float"], true);
    assert_eq!(probes[0]["diff"]["over"], 0);
    assert_eq!(probes[2]["pass"], serde_json::Value::Null);
}

/// The blurred test card as `fxbench render` writes it.
fn golden(dir: &Path) -> PathBuf {
    let path = dir.join("golden.png");
    let output = fxbench()
        .args([
            "render",
            "--effect",
            "assets/box_blur.fx",
            "--size",
            "64x32",
            "--out",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(output.status.success(), "{:?}", text(&output));
    path
}

#[test]
fn the_output_is_compared_with_a_stored_image() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("expect");
    let path = golden(&dir);
    let output = compare(&["--expect", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("  output (back buffer): agrees, max 0.00 0.00 0.00 0.00"),
        "{stdout}"
    );
    assert!(stdout.contains("agrees: 1 of 1 textures agree"), "{stdout}");

    // Three texels off: one by 10 steps of red, one by 3 of blue, one by 2 of green (within).
    let mut image = image::open(&path).unwrap().to_rgba8();
    let p = image.get_pixel_mut(5, 1);
    p[0] = if p[0] > 127 { p[0] - 10 } else { p[0] + 10 };
    let p = image.get_pixel_mut(7, 3);
    p[2] = if p[2] > 127 { p[2] - 3 } else { p[2] + 3 };
    let p = image.get_pixel_mut(9, 9);
    p[1] = if p[1] > 127 { p[1] - 2 } else { p[1] + 2 };
    image.save(&path).unwrap();
    let diff = dir.join("diff.png");
    let output = compare(&[
        "--expect",
        path.to_str().unwrap(),
        "--out-diff",
        diff.to_str().unwrap(),
    ]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("  output (back buffer): 2 texels over, max 10.00 2.00 3.00 0.00"),
        "{stdout}"
    );
    assert!(stdout.contains("first at (5, 1)"), "{stdout}");
    assert!(
        stdout.contains("differs: 0 of 1 textures agree"),
        "{stdout}"
    );
    let picture = image::open(&diff).unwrap().to_rgba8();
    assert_eq!(picture.dimensions(), (64, 32));
    assert_eq!(picture.get_pixel(5, 1).0, [80, 0, 0, 255]);
    assert_eq!(picture.get_pixel(7, 3).0, [0, 0, 24, 255]);
    assert_eq!(picture.get_pixel(0, 0).0, [0, 0, 0, 255]);
    // Within a tolerance of 10 steps it agrees.
    let output = compare(&["--expect", path.to_str().unwrap(), "--tolerance", "10"]);
    assert_eq!(output.status.code(), Some(0), "{:?}", text(&output));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_side_that_cannot_run_exits_2_with_the_reason() {
    let dir = temp_dir("cannot");
    let junk = dir.join("junk.spv");
    std::fs::write(&junk, b"not SPIR-V at all").unwrap();
    let output = compare(&["--reference", junk.to_str().unwrap()]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(stderr.contains("fxbench compare: cannot run: "), "{stderr}");
    assert!(stderr.contains("junk.spv"), "{stderr}");
    // A stored image of another size.
    let small = dir.join("small.png");
    image::RgbaImage::new(8, 8).save(&small).unwrap();
    if engine::testing::gpu().is_some() {
        let output = compare(&["--expect", small.to_str().unwrap()]);
        let (stdout, stderr) = text(&output);
        assert_eq!(output.status.code(), Some(2), "{stdout}\n{stderr}");
        assert!(
            stderr.contains("64x32") && stderr.contains("8x8"),
            "{stderr}"
        );
    }
    // No other side at all is a usage error.
    let output = compare(&[]);
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ours_and_reshades_own_spirv_agree() {
    if engine::testing::passthrough_gpu().is_none() || !optimizer::spirv_val::available() {
        return;
    }
    let output = compare(&[
        "--reference",
        "tests/reference/box_blur_64x32.spv",
        "--frames",
        "1",
    ]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("against ReShade's SPIR-V (tests/reference/box_blur_64x32.spv), 64x32"),
        "{stdout}"
    );
    assert!(stdout.contains("agrees: 3 of 3 textures agree"), "{stdout}");
}
