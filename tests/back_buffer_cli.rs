//! `--back-buffer` and `--color-space` through the binary: `render` runs an EXR through an
//! RGBA16F chain and writes it back exactly, writes 16-bit PNG on a wide back buffer, `check`
//! compiles for the chosen back buffer (an `#error` on `BUFFER_COLOR_SPACE` decides), and a pair
//! no swap chain presents is refused.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-bbcli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fxbench(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Whether this machine has a GPU adapter to render with (the binary reports none as an error);
/// with `FXBENCH_REQUIRE_GPU=1` a missing one fails the test.
fn gpu_here() -> bool {
    engine::testing::gpu().is_some()
}

const IDENTITY: &str = r#"#include "ReShade.fxh"
float4 ps(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return tex2D(ReShade::BackBuffer, uv);
}
technique Identity { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
"#;

#[test]
fn an_exr_round_trips_exactly_through_an_rgba16f_chain() {
    if !gpu_here() {
        return;
    }
    let dir = temp_dir("exr");
    std::fs::write(dir.join("identity.fx"), IDENTITY).unwrap();
    // Values a half float holds exactly, past 1.0 and below 0 too (scRGB).
    let (w, h) = (4u32, 2u32);
    let values: Vec<f32> = (0..w * h)
        .flat_map(|i| {
            let i = i as f32;
            [0.25 * i, 12.5 - i, -0.125 * i, 1.0]
        })
        .collect();
    let input = image::Rgba32FImage::from_raw(w, h, values.clone()).unwrap();
    image::DynamicImage::ImageRgba32F(input)
        .save(dir.join("in.exr"))
        .unwrap();
    let output = fxbench(
        &dir,
        &[
            "render",
            "--effect",
            "identity.fx",
            "--input",
            "in.exr",
            "--back-buffer",
            "rgba16f",
            "--out",
            "out.exr",
        ],
    );
    assert!(output.status.success(), "{}", text(&output));
    let out = image::open(dir.join("out.exr")).unwrap().to_rgba32f();
    assert_eq!(out.dimensions(), (w, h));
    assert_eq!(out.into_raw(), values);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_wide_back_buffer_renders_to_a_16_bit_png() {
    if !gpu_here() {
        return;
    }
    let dir = temp_dir("png16");
    std::fs::write(
        dir.join("macros.fx"),
        r#"#include "ReShade.fxh"
float4 ps(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(BUFFER_COLOR_SPACE / 8.0, BUFFER_COLOR_BIT_DEPTH / 32.0, 0.0, 1.0);
}
technique Macros { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
"#,
    )
    .unwrap();
    let output = fxbench(
        &dir,
        &[
            "render",
            "--effect",
            "macros.fx",
            "--size",
            "8x4",
            "--back-buffer",
            "rgb10a2",
            "--color-space",
            "hlg",
            "--out",
            "out.png",
        ],
    );
    assert!(output.status.success(), "{}", text(&output));
    let png = image::open(dir.join("out.png")).unwrap();
    assert_eq!(png.color(), image::ColorType::Rgba16);
    let pixel = png.to_rgba16().get_pixel(3, 2).0;
    // HLG is 4, RGB10A2 10 bits: 0.5 and 0.3125, stored in 10 bits (511 or 512, 320 of 1023),
    // then widened to 16.
    let ten_bit = |v: u16| (f64::from(v) / 65535.0 * 1023.0).round();
    assert!([511.0, 512.0].contains(&ten_bit(pixel[0])), "{pixel:?}");
    assert_eq!(ten_bit(pixel[1]), 320.0, "{pixel:?}");
    assert_eq!((pixel[2], pixel[3]), (0, 65535));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_compiles_for_the_chosen_back_buffer() {
    let dir = temp_dir("check");
    std::fs::write(
        dir.join("hdr_only.fx"),
        "#if BUFFER_COLOR_SPACE != 3 || BUFFER_COLOR_BIT_DEPTH != 10\n\
         #error \"Only HDR10 is supported\"\n\
         #endif\n\
         #include \"ReShade.fxh\"\n\
         float4 ps(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return 0.0; }\n\
         technique T { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n",
    )
    .unwrap();
    let sdr = fxbench(&dir, &["check", "hdr_only.fx"]);
    assert_eq!(sdr.status.code(), Some(1), "{}", text(&sdr));
    assert!(text(&sdr).contains("hdr_only.fx:2:"), "{}", text(&sdr));
    assert!(
        text(&sdr).contains("Only HDR10 is supported"),
        "{}",
        text(&sdr)
    );
    let hdr10 = fxbench(&dir, &["check", "--back-buffer", "rgb10a2", "hdr_only.fx"]);
    assert_eq!(hdr10.status.code(), Some(0), "{}", text(&hdr10));
    let hlg = fxbench(
        &dir,
        &[
            "check",
            "--back-buffer",
            "rgb10a2",
            "--color-space",
            "hlg",
            "hdr_only.fx",
        ],
    );
    assert_eq!(hlg.status.code(), Some(1), "{}", text(&hlg));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pair_no_swap_chain_presents_is_refused() {
    let dir = temp_dir("refused");
    std::fs::write(dir.join("identity.fx"), IDENTITY).unwrap();
    let output = fxbench(
        &dir,
        &[
            "check",
            "--back-buffer",
            "rgba8",
            "--color-space",
            "hdr10",
            "identity.fx",
        ],
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim(),
        "fxbench check: a rgba8 back buffer cannot be presented in colour space hdr10; use srgb"
    );
    let output = fxbench(&dir, &["check", "--back-buffer", "rgba32f", "identity.fx"]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(
        text(&output)
            .contains("unknown back buffer format 'rgba32f'; use one of rgba8, rgb10a2, rgba16f"),
        "{}",
        text(&output)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

const MACROS: &str = r#"#include "ReShade.fxh"
float4 ps(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(BUFFER_COLOR_SPACE / 8.0, BUFFER_COLOR_BIT_DEPTH / 32.0, 0.0, 1.0);
}
technique Macros { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
"#;

#[test]
fn compare_runs_on_the_chosen_back_buffer() {
    if !gpu_here() {
        return;
    }
    let dir = temp_dir("compare");
    std::fs::write(dir.join("macros.fx"), MACROS).unwrap();
    let render = fxbench(
        &dir,
        &[
            "render",
            "--effect",
            "macros.fx",
            "--size",
            "8x4",
            "--back-buffer",
            "rgba16f",
            "--out",
            "golden.exr",
        ],
    );
    assert!(render.status.success(), "{}", text(&render));
    let golden = image::open(dir.join("golden.exr")).unwrap().to_rgba32f();
    // scRGB is 2, RGBA16F 16 bits.
    assert_eq!(golden.get_pixel(3, 2).0, [0.25, 0.5, 0.0, 1.0]);
    let compare = |extra: &[&str]| {
        let mut args = vec![
            "compare",
            "--effect",
            "macros.fx",
            "--expect",
            "golden.exr",
            "--resolution",
            "8x4",
            "--frames",
            "1",
        ];
        args.extend_from_slice(extra);
        fxbench(&dir, &args)
    };
    // The same back buffer gives the same stored floats.
    let same = compare(&["--back-buffer", "rgba16f"]);
    assert_eq!(same.status.code(), Some(0), "{}", text(&same));
    // HDR10 on RGB10A2 gives other macros (3 and 10): red 0.375, green 0.3125.
    let other = compare(&["--back-buffer", "rgb10a2", "--color-space", "hdr10"]);
    assert_eq!(other.status.code(), Some(1), "{}", text(&other));
    let refused = compare(&["--back-buffer", "rgba8", "--color-space", "scrgb"]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused));
    assert!(
        text(&refused).contains("a rgba8 back buffer cannot be presented in colour space scrgb"),
        "{}",
        text(&refused)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
