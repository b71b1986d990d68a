//! `source` images in textures of each format, end to end through `fxbench render`: the formats
//! ReShade's runtime fills (R8, RG8 and RGBA8 with 8-bit channels; R32F, RG32F and RGBA32F
//! with floats as `stbi_loadf` reads an 8-bit image, `(v / 255)^2.2`) show the image's first
//! channels, and the others stay black with an `ImageNotLoaded` warning, as in ReShade. Cube
//! LUTs (`.cube`) fill 3D float textures of their size; BMP and TGA images read as PNG does.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The image: 4x2 texels with distinct channel values.
const TEXELS: [[u8; 3]; 8] = [
    [0, 64, 128],
    [255, 32, 16],
    [200, 100, 50],
    [10, 20, 30],
    [128, 128, 128],
    [250, 5, 77],
    [33, 66, 99],
    [180, 240, 60],
];

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-images-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Renders an effect showing texture `Img` (format `format`, from the test image) texel for
/// texel over a 4x2 back buffer; its stderr and RGB texels.
fn render(dir: &Path, format: &str) -> (String, Vec<[u8; 3]>) {
    let mut image = image::RgbaImage::new(4, 2);
    for (i, [r, g, b]) in TEXELS.iter().enumerate() {
        image.put_pixel(i as u32 % 4, i as u32 / 4, image::Rgba([*r, *g, *b, 255]));
    }
    image.save(dir.join("img.png")).unwrap();
    render_effect(dir, format, &image_effect("img.png", format))
}

/// An effect showing 2D texture `Img` of `format`, from `source`, texel for texel.
fn image_effect(source: &str, format: &str) -> String {
    format!(
        "#include \"ReShade.fxh\"\n\
         texture Img < source = \"{source}\"; > {{ Width = 4; Height = 2; Format = {format}; }};\n\
         sampler S {{ Texture = Img; MinFilter = POINT; MagFilter = POINT; MipFilter = POINT; }};\n\
         float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target {{ return float4(tex2D(S, uv).rgb, 1.0); }}\n\
         technique Show {{ pass {{ VertexShader = PostProcessVS; PixelShader = PS; }} }}\n"
    )
}

/// Asserts every texel is within 1 of `want` applied to the image's texel.
fn assert_texels(format: &str, got: &[[u8; 3]], want: impl Fn([u8; 3]) -> [u8; 3]) {
    for (i, (got, texel)) in got.iter().zip(TEXELS).enumerate() {
        let want = want(texel);
        let close = got.iter().zip(want).all(|(g, w)| g.abs_diff(w) <= 1);
        assert!(close, "{format} texel {i}: {got:?}, expected {want:?}");
    }
}

/// What a format shows of a texel of the image.
type Shown = fn([u8; 3]) -> [u8; 3];

/// An 8-bit value as `stbi_loadf` gives it, written back to an 8-bit target.
fn ldr_to_hdr(v: u8) -> u8 {
    ((f64::from(v) / 255.0).powf(2.2) * 255.0).round() as u8
}

#[test]
fn each_format_reshade_fills_shows_the_images_first_channels() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("filled");
    let cases: [(&str, Shown); 6] = [
        ("RGBA8", |t| t),
        ("RG8", |[r, g, _]| [r, g, 0]),
        ("R8", |[r, _, _]| [r, 0, 0]),
        ("RGBA32F", |t| t.map(ldr_to_hdr)),
        ("RG32F", |[r, g, _]| [ldr_to_hdr(r), ldr_to_hdr(g), 0]),
        ("R32F", |[r, _, _]| [ldr_to_hdr(r), 0, 0]),
    ];
    for (format, want) in cases {
        let (stderr, got) = render(&dir, format);
        assert!(!stderr.contains("ImageNotLoaded"), "{format}: {stderr}");
        assert_texels(format, &got, want);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_format_reshade_loads_no_image_into_stays_black_with_a_warning() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("black");
    for format in ["RGBA16F", "R16F", "RGB10A2", "RGBA16"] {
        let (stderr, got) = render(&dir, format);
        assert!(
            stderr.contains("warning[ImageNotLoaded]")
                && stderr.contains(&format!("not {format}, so the texture stays black")),
            "{format}: {stderr}"
        );
        assert_texels(format, &got, |_| [0, 0, 0]);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Renders `effect` (run in `dir`) over a 4x2 back buffer; its stderr and RGB texels.
fn render_effect(dir: &Path, name: &str, effect: &str) -> (String, Vec<[u8; 3]>) {
    let path = dir.join(format!("{name}.fx"));
    std::fs::write(&path, effect).unwrap();
    let out = dir.join(format!("{name}.png"));
    let output = Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .arg("render")
        .arg("--effect")
        .arg(&path)
        .args(["--size", "4x2", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{name}: {stderr}");
    let shown = image::open(&out).unwrap().to_rgba8();
    (stderr, shown.pixels().map(|p| [p[0], p[1], p[2]]).collect())
}

/// An effect showing entry `i` of a 2x2x2 table in `Lut` (a texture3D of `size`) at texel `i`.
fn lut_effect(size: &str) -> String {
    format!(
        "#include \"ReShade.fxh\"\n\
         texture3D Lut < source = \"lut.cube\"; > {{ {size} Format = RGBA32F; }};\n\
         sampler3D S {{ Texture = Lut; MinFilter = POINT; MagFilter = POINT; MipFilter = POINT; }};\n\
         float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target\n\
         {{\n    uint i = uint(pos.y) * 4 + uint(pos.x);\n\
             float3 at = (float3(i % 2, (i / 2) % 2, i / 4) + 0.5) / 2.0;\n\
             return float4(tex3D(S, at).rgb, 1.0);\n}}\n\
         technique Show {{ pass {{ VertexShader = PostProcessVS; PixelShader = PS; }} }}\n"
    )
}

#[test]
fn a_cube_lut_fills_a_3d_float_texture_of_its_size_in_its_domain() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("cube");
    // Red changes fastest; DOMAIN_MAX 2 doubles each value.
    let entries: Vec<[f64; 3]> = (0..8)
        .map(|i| [f64::from(i) / 16.0, 0.25, f64::from(8 - i) / 32.0])
        .collect();
    let mut text = String::from("TITLE \"test\"\n# a comment\nLUT_3D_SIZE 2\nDOMAIN_MAX 2 2 2\n");
    for [r, g, b] in &entries {
        text.push_str(&format!("{r} {g} {b}\n"));
    }
    std::fs::write(dir.join("lut.cube"), text).unwrap();
    let (stderr, got) = render_effect(
        &dir,
        "fits",
        &lut_effect("Width = 2; Height = 2; Depth = 2;"),
    );
    assert!(!stderr.contains("ImageNotLoaded"), "{stderr}");
    for (i, (got, entry)) in got.iter().zip(&entries).enumerate() {
        let want = entry.map(|v| ((v * 2.0).min(1.0) * 255.0).round() as u8);
        let close = got.iter().zip(want).all(|(g, w)| g.abs_diff(w) <= 1);
        assert!(close, "entry {i}: {got:?}, expected {want:?}");
    }
    // Another size than the table's leaves the texture black, with a warning.
    let (stderr, got) = render_effect(
        &dir,
        "other",
        &lut_effect("Width = 4; Height = 4; Depth = 4;"),
    );
    assert!(
        stderr.contains("warning[ImageNotLoaded]")
            && stderr.contains("its 3D table is 2x2x2 entries, which a 4x4x4 texture cannot take"),
        "{stderr}"
    );
    assert!(got.iter().all(|t| *t == [0, 0, 0]), "{got:?}");
    // A Cube LUT in an 8-bit texture stays black too (it failed the effect before the engine
    // followed the builder's rule).
    let effect = image_effect("lut.cube", "RGBA8");
    let (stderr, got) = render_effect(&dir, "eight_bit", &effect);
    assert!(
        stderr.contains("a Cube LUT fills only R32F, RG32F and RGBA32F textures, not RGBA8"),
        "{stderr}"
    );
    assert!(got.iter().all(|t| *t == [0, 0, 0]), "{got:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bmp_and_tga_images_fill_textures_as_png_does() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("formats");
    let mut image = image::RgbImage::new(4, 2);
    for (i, [r, g, b]) in TEXELS.iter().enumerate() {
        image.put_pixel(i as u32 % 4, i as u32 / 4, image::Rgb([*r, *g, *b]));
    }
    for ext in ["bmp", "tga"] {
        image.save(dir.join(format!("img.{ext}"))).unwrap();
        let effect = image_effect(&format!("img.{ext}"), "RGBA8");
        let (_, got) = render_effect(&dir, ext, &effect);
        assert_texels(ext, &got, |t| t);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
