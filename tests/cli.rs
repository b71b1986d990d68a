//! `fxbench render` end to end: a PNG of the right size and a timing table; bad input gets a
//! located error and a failing exit status.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::process::Command;

fn fxbench() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fxbench"))
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn render_writes_png_and_timing_table() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("render");
    let out = dir.join("out.png");
    let output = fxbench()
        .args([
            "render",
            "--preset",
            "presets/demo.ini",
            "--size",
            "64x48",
            "--frames",
            "3",
            "--out",
        ])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let image = image::open(&out).expect("a readable PNG").to_rgba8();
    assert_eq!(image.dimensions(), (64, 48));
    for row in [
        "Gaussian blur",
        "Horizontal",
        "Vertical",
        "Vignette",
        // ReShade copies once before each of the two techniques; the blur's back-buffer pass
        // is its last, so no copy follows it.
        "full-frame copies per frame: 0 (ReShade would make 2)",
    ] {
        assert!(stdout.contains(row), "missing '{row}' in:\n{stdout}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn broken_effect_is_reported_with_location() {
    let dir = temp_dir("broken");
    let effect = dir.join("broken.wfx");
    std::fs::write(
        &effect,
        "@fragment fn ps() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }\n\
         technique T { pass { VertexShader = nowhere; PixelShader = ps; } }\n",
    )
    .unwrap();
    let output = fxbench()
        .args(["render", "--effect"])
        .arg(&effect)
        .args(["--out"])
        .arg(dir.join("never.png"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    let expected = format!(
        "{}:2:37: error[EntryNotFound]: 'nowhere' : no entry point of that name",
        effect.display()
    );
    assert!(
        stderr.contains(&expected),
        "expected '{expected}' in:\n{stderr}"
    );
    assert!(!dir.join("never.png").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unreadable_input_image_is_an_error_not_a_panic() {
    let dir = temp_dir("badimage");
    let bad = dir.join("bad.png");
    std::fs::write(&bad, b"not a png at all").unwrap();
    let output = fxbench()
        .args(["render", "--preset", "presets/demo.ini", "--input"])
        .arg(&bad)
        .args(["--out"])
        .arg(dir.join("never.png"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("bad.png"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_prints_statistics_per_technique_and_pass() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let output = fxbench()
        .args([
            "bench",
            "--preset",
            "presets/demo.ini",
            "--size",
            "64x36",
            "--frames",
            "12",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.starts_with("12 frames at 64x36 on "), "{stdout}");
    let row = |name: &str| {
        stdout
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no row '{name}' in:\n{stdout}"))
            .to_string()
    };
    // Technique rows carry six numbers (GPU and CPU mean/min/max), pass rows three.
    let numbers = |line: &str| {
        line.split_whitespace()
            .filter(|w| w.parse::<f64>().is_ok())
            .count()
    };
    for technique in ["Gaussian blur", "Vignette"] {
        let line = row(technique);
        let expected = if engine::testing::gpu().is_some_and(|g| g.has_timestamps()) {
            6
        } else {
            3
        };
        assert_eq!(numbers(&line), expected, "{line}");
    }
    assert!(
        stdout.contains("full-frame copies per frame: 0"),
        "{stdout}"
    );
}

#[test]
fn render_binds_a_depth_image_to_the_depth_semantic() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("depth");
    let (w, h) = (16u32, 8u32);
    image::save_buffer(
        dir.join("colour.png"),
        &[40, 80, 120, 255].repeat((w * h) as usize),
        w,
        h,
        image::ExtendedColorType::Rgba8,
    )
    .unwrap();
    // 16-bit depth: 0 (near) on the left half, 65535 (far) on the right half.
    let depth: Vec<u16> = (0..w * h)
        .map(|i| if i % w < w / 2 { 0 } else { u16::MAX })
        .collect();
    image::ImageBuffer::<image::Luma<u16>, _>::from_raw(w, h, depth)
        .unwrap()
        .save(dir.join("depth.png"))
        .unwrap();
    let out = dir.join("out.png");
    let output = fxbench()
        .args(["render", "--effect", "assets/depth_fog.wfx", "--input"])
        .arg(dir.join("colour.png"))
        .arg("--depth")
        .arg(dir.join("depth.png"))
        .arg("--out")
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let result = image::open(&out).unwrap().to_rgba8();
    // Near pixels keep their colour; far ones take fog (start 0.15, density 3, colour .75/.8/.9).
    assert_eq!(result.get_pixel(2, 4).0, [40, 80, 120, 255]);
    let amount = 1.0 - (-3.0f32 * (1.0 - 0.15)).exp();
    let fogged = |c: u8, f: f32| {
        ((f32::from(c) / 255.0 * (1.0 - amount) + f * amount) * 255.0).round() as u8
    };
    let far = result.get_pixel(12, 4).0;
    let expected = [fogged(40, 0.75), fogged(80, 0.8), fogged(120, 0.9)];
    for c in 0..3 {
        assert!(far[c].abs_diff(expected[c]) <= 1, "{far:?} vs {expected:?}");
    }
    // A depth image of the wrong size is an error naming it.
    image::ImageBuffer::<image::Luma<u16>, _>::from_raw(4, 4, vec![0u16; 16])
        .unwrap()
        .save(dir.join("small.png"))
        .unwrap();
    let output = fxbench()
        .args(["render", "--effect", "assets/depth_fog.wfx", "--input"])
        .arg(dir.join("colour.png"))
        .arg("--depth")
        .arg(dir.join("small.png"))
        .arg("--out")
        .arg(dir.join("never.png"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("small.png: depth image is (4, 4) but the colour image is (16, 8)"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_data_folder_is_found_at_run_time() {
    // A data folder whose standard header defines a function the real one does not: an effect
    // calling it checks clean only when that folder is used.
    let dir = temp_dir("data");
    std::fs::create_dir_all(dir.join("data/assets/shaders")).unwrap();
    std::fs::write(
        dir.join("data/assets/shaders/fxbench.wfxh"),
        "fn only_in_this_data_folder() -> f32 { return 1.0; }\n",
    )
    .unwrap();
    let effect = dir.join("uses.wfx");
    std::fs::write(
        &effect,
        "#include \"shaders/fxbench.wfxh\"\nfn f() -> f32 { return only_in_this_data_folder(); }\n",
    )
    .unwrap();
    let check = |data: Option<&std::path::Path>| {
        let mut command = fxbench();
        command.arg("check").arg(&effect).env_remove("FXBENCH_DATA");
        if let Some(data) = data {
            command.env("FXBENCH_DATA", data);
        }
        command.output().unwrap().status.code()
    };
    assert_eq!(check(Some(&dir.join("data"))), Some(0));
    // Without it, the checkout's own header is used, which lacks the function.
    assert_eq!(check(None), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}
