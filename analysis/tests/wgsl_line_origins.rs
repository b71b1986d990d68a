//! Each line of an effect's WGSL maps back to what the user wrote: WFX lines to the effect or
//! the header it includes, generated declarations to the item they stand for, and the WGSL the
//! ReShade FX front end generates to the FX line it came from.

use std::path::{Path, PathBuf};

use analysis::{Options, ValidatedEffect};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

fn load(relative: &str) -> ValidatedEffect {
    let options = Options {
        include_dirs: vec![repo().join("assets")],
        ..Default::default()
    };
    let mut out = analysis::load_effect(&repo().join(relative), &options);
    let diagnostics = out.render_diagnostics();
    out.effect.take().unwrap_or_else(|| panic!("{diagnostics}"))
}

/// 1-based number of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> u32 {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?}")) as u32
        + 1
}

fn file_line(path: &Path, line: u32) -> String {
    let text = std::fs::read_to_string(path).expect("readable");
    text.lines()
        .nth(line as usize - 1)
        .expect("in the file")
        .to_string()
}

#[test]
fn a_wfx_line_maps_to_the_effect_file_and_an_included_one_to_the_header() {
    let effect = load("assets/gaussian_blur.wfx");
    let sample = line_of(effect.wgsl(), "sum += w * textureSampleLevel(BlurHalfTex");
    let source = effect.source_of_wgsl_line(sample).expect("mapped");
    assert!(source.path.ends_with("gaussian_blur.wfx"), "{source:?}");
    assert_eq!(source.start.line, 44);
    assert_eq!(source.start.column, 9, "the first non-blank character");
    assert!(
        file_line(source.path, 44).contains("sum += w * textureSampleLevel(BlurHalfTex"),
        "line 44 of the file"
    );
    // The span agrees with the resolved location.
    let span = effect.source_span_of_wgsl_line(sample).expect("mapped");
    assert_eq!(span.end - span.start, {
        let text = file_line(source.path, 44);
        text.trim().len() as u32
    });

    // PostProcessVS comes from the included header, at its own line there.
    let vs = line_of(effect.wgsl(), "fn PostProcessVS");
    let source = effect.source_of_wgsl_line(vs).expect("mapped");
    assert!(source.path.ends_with("shaders/fxbench.wfxh"), "{source:?}");
    assert!(file_line(source.path, source.start.line).contains("fn PostProcessVS"));
    assert!(
        vs > source.start.line,
        "the header is expanded after the effect's first lines"
    );

    // A declaration generated for the texture points at the texture's declaration.
    let generated = effect
        .wgsl()
        .lines()
        .position(|l| l.starts_with("@group(0)") && l.contains(" var BlurHalfTex:"))
        .expect("a generated binding") as u32
        + 1;
    let source = effect.source_of_wgsl_line(generated).expect("mapped");
    assert!(source.path.ends_with("gaussian_blur.wfx"));
    assert_eq!(source.start.line, 8, "texture BlurHalfTex {{ ... }}");

    // Blank lines (the structure items are blanked) and lines past the end map nowhere.
    let technique = line_of(
        &std::fs::read_to_string(repo().join("assets/gaussian_blur.wfx")).expect("readable"),
        "technique GaussianBlur",
    );
    let blanked = sample - 44 + technique;
    assert!(
        effect
            .wgsl()
            .lines()
            .nth(blanked as usize - 1)
            .expect("a line")
            .trim()
            .is_empty()
    );
    assert_eq!(effect.source_of_wgsl_line(blanked), None);
    assert_eq!(effect.source_of_wgsl_line(0), None);
    let past = effect.wgsl().lines().count() as u32 + 1;
    assert_eq!(effect.source_span_of_wgsl_line(past), None);
}

#[test]
fn every_user_line_of_a_wfx_effect_maps_to_the_line_it_was_written_on() {
    // Each non-blank WGSL line before the generated declarations is the text of the line it
    // maps to, wherever that is (effect or header).
    let effect = load("assets/gaussian_blur.wfx");
    let mut checked = 0;
    for (i, line) in effect.wgsl().lines().enumerate() {
        if line.contains("fxbench from the effect structure") {
            break;
        }
        let text = line.trim();
        if text.is_empty() {
            continue; // blanked structure
        }
        let source = effect.source_of_wgsl_line(i as u32 + 1).expect("mapped");
        let written = file_line(source.path, source.start.line);
        // Either the same text, or a line whose BUFFER_* macros were expanded in place.
        if written.trim() != text {
            assert!(written.contains("BUFFER_"), "{written:?} vs {text:?}");
        }
        checked += 1;
    }
    assert!(checked > 40, "{checked} lines checked");
}

#[test]
fn generated_wgsl_of_a_reshade_fx_effect_maps_to_the_fx_lines() {
    let effect = load("assets/box_blur.fx");
    let fetch = effect
        .wgsl()
        .lines()
        .position(|l| l.contains("textureLoad"))
        .unwrap_or_else(|| panic!("no texel fetch in\n{}", effect.wgsl())) as u32
        + 1;
    let source = effect.source_of_wgsl_line(fetch).expect("mapped");
    assert!(source.path.ends_with("box_blur.fx"), "{source:?}");
    assert_eq!(source.start.line, 20, "sum += tex2Dfetch(...)");
    assert!(file_line(source.path, 20).contains("tex2Dfetch"));
}
