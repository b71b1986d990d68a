//! Installs as ReShade lays them out, end to end through `fxbench render`: `source` images found
//! in a `Textures` folder beside `Shaders` (and its subfolders), in `--textures` folders, under
//! Windows spellings, and through a `ReShade.ini` beside the preset (its search paths and
//! `PreprocessorDefinitions`); the loaded image's texels reach the shader.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The image every test loads: 4x2 texels, each a different colour.
const TEXELS: [[u8; 3]; 8] = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
    [255, 255, 0],
    [0, 255, 255],
    [255, 0, 255],
    [128, 64, 32],
    [16, 32, 240],
];

/// An effect that shows texture `Img` (from `source = "{source}"`) texel for texel over a 4x2
/// back buffer, or magenta when `SHOW_IMAGE` is defined to 0.
fn effect_text(source: &str) -> String {
    format!(
        "#include \"ReShade.fxh\"\n\
         #ifndef SHOW_IMAGE\n#define SHOW_IMAGE 1\n#endif\n\
         texture Img < source = \"{source}\"; > {{ Width = 4; Height = 2; Format = RGBA8; }};\n\
         sampler S {{ Texture = Img; MinFilter = POINT; MagFilter = POINT; MipFilter = POINT; }};\n\
         float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target\n\
         {{\n#if SHOW_IMAGE\n    return tex2D(S, uv);\n#else\n    return float4(1.0, 0.0, 1.0, 1.0);\n#endif\n}}\n\
         technique Show < enabled = true; > {{ pass {{ VertexShader = PostProcessVS; PixelShader = PS; }} }}\n"
    )
}

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-search-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `path`, making its folders.
fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Writes the 4x2 test image as a PNG (or JPEG, by the extension) at `path`.
fn write_image(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut image = image::RgbaImage::new(4, 2);
    for (i, texel) in TEXELS.iter().enumerate() {
        let [r, g, b] = *texel;
        image.put_pixel(i as u32 % 4, i as u32 / 4, image::Rgba([r, g, b, 255]));
    }
    image.save(path).unwrap();
}

/// `fxbench render --size 4x2 --out OUT` with `args`, run in `dir`.
fn render(dir: &Path, args: &[&str]) -> (Output, PathBuf) {
    let out = dir.join("out.png");
    let _ = std::fs::remove_file(&out);
    let output = Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .arg("render")
        .args(args)
        .args(["--size", "4x2", "--out"])
        .arg(&out)
        .current_dir(dir)
        .output()
        .unwrap();
    (output, out)
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The rendered image's RGB texels, in row order.
fn texels(out: &Path) -> Vec<[u8; 3]> {
    let image = image::open(out).expect("a readable PNG").to_rgba8();
    assert_eq!(image.dimensions(), (4, 2));
    image.pixels().map(|p| [p[0], p[1], p[2]]).collect()
}

/// Asserts the render succeeded and shows the test image, texel for texel (within 1 of 255).
fn assert_shows_image(output: &Output, out: &Path) {
    assert!(output.status.success(), "{}", stderr(output));
    let got = texels(out);
    for (i, (got, want)) in got.iter().zip(TEXELS).enumerate() {
        let close = got.iter().zip(want).all(|(g, w)| g.abs_diff(w) <= 1);
        assert!(close, "texel {i}: {got:?}, expected {want:?}");
    }
}

#[test]
fn textures_beside_the_shaders_folder_are_searched_with_their_subfolders() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("beside");
    write(&dir.join("Pack/Shaders/x.fx"), &effect_text("img.png"));
    // A subfolder of `Shaders` finds the same `Textures` folder.
    write(&dir.join("Pack/Shaders/dev/y.fx"), &effect_text("img.png"));
    write_image(&dir.join("Pack/Textures/sub/img.png"));
    let (output, out) = render(&dir, &["--effect", "Pack/Shaders/x.fx"]);
    assert_shows_image(&output, &out);
    let (output, out) = render(&dir, &["--effect", "Pack/Shaders/dev/y.fx"]);
    assert_shows_image(&output, &out);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_image_is_a_located_error_naming_the_file_and_the_texture() {
    let dir = temp_dir("missing");
    let effect = dir.join("Pack/Shaders/x.fx");
    write(&effect, &effect_text("absent.png"));
    std::fs::create_dir_all(dir.join("Pack/Textures")).unwrap();
    let (output, out) = render(&dir, &["--effect", "Pack/Shaders/x.fx"]);
    let stderr = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    // Line 5, at the annotation's value.
    assert!(stderr.contains("x.fx:5:"), "{stderr}");
    assert!(stderr.contains("error[IoError]"), "{stderr}");
    assert!(
        stderr.contains("'absent.png' : image for texture 'Img' not found"),
        "{stderr}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn texture_search_paths_from_the_command_line_follow_reshade_s_rules() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("flag");
    write(&dir.join("Loose/z.fx"), &effect_text("pic.png"));
    write_image(&dir.join("Pictures/deep/pic.png"));
    let effect = ["--effect", "Loose/z.fx"];
    // Not beside a `Shaders` folder: not found by default.
    let (output, _) = render(&dir, &effect);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("'pic.png'"), "{}", stderr(&output));
    // A folder alone is searched alone; `DIR/**` (or `DIR\**`) with its subfolders.
    let (output, _) = render(&dir, &[&effect[..], &["--textures", "Pictures"]].concat());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let (output, out) = render(
        &dir,
        &[&effect[..], &["--textures", "Pictures/**"]].concat(),
    );
    assert_shows_image(&output, &out);
    let (output, out) = render(
        &dir,
        &[&effect[..], &["--textures", r"pictures\**"]].concat(),
    );
    assert_shows_image(&output, &out);
    let (output, out) = render(
        &dir,
        &[&effect[..], &["--textures", "Pictures/deep"]].concat(),
    );
    assert_shows_image(&output, &out);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn source_names_written_on_windows_are_found() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("windows");
    // `SUB\Img.PNG` in the effect, `sub/img.png` on disk.
    write(
        &dir.join("Pack/Shaders/w.fx"),
        &effect_text(r"SUB\\Img.PNG"),
    );
    write_image(&dir.join("Pack/Textures/sub/img.png"));
    let (output, out) = render(&dir, &["--effect", "Pack/Shaders/w.fx"]);
    assert_shows_image(&output, &out);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reshade_ini_beside_the_preset_gives_search_paths_and_definitions() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = temp_dir("ini");
    let game = dir.join("Game");
    // Neither folder is where fxbench would look on its own, and both are written in another
    // letter case than on disk.
    write(
        &game.join("Mods/Shaders/deep/z.fx"),
        &effect_text("pic.png"),
    );
    write_image(&game.join("Mods/Pictures/a/pic.png"));
    write(&game.join("preset.ini"), "Techniques=Show@z.fx\n");
    let ini = |definitions: &str| {
        format!(
            "[GENERAL]\r\nEffectSearchPaths=.\\mods\\SHADERS\\**\r\n\
             TextureSearchPaths=.\\Mods\\pictures\\**\r\n\
             PreprocessorDefinitions={definitions}\r\n"
        )
    };
    let preset = ["--preset", "Game/preset.ini"];
    // Without ReShade.ini the preset's effect is nowhere.
    let (output, _) = render(&dir, &preset);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("preset names effect 'z.fx', not found"),
        "{}",
        stderr(&output)
    );
    write(&game.join("ReShade.ini"), &ini("OTHER=2"));
    let (output, out) = render(&dir, &preset);
    assert_shows_image(&output, &out);
    // ReShade.ini's definitions reach the effect...
    write(&game.join("ReShade.ini"), &ini("SHOW_IMAGE=0"));
    let (output, out) = render(&dir, &preset);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(texels(&out).iter().all(|t| *t == [255, 0, 255]));
    // ...after the preset's own, which win.
    write(
        &game.join("preset.ini"),
        "PreprocessorDefinitions=SHOW_IMAGE=1\nTechniques=Show@z.fx\n",
    );
    let (output, out) = render(&dir, &preset);
    assert_shows_image(&output, &out);
    std::fs::remove_dir_all(&dir).unwrap();
}
