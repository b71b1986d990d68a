//! Presets read and written as ReShade 6 reads and writes them, through the session layer the
//! window and the CLI share: `PreprocessorDefinitions` (global and per effect) compiled in and
//! recompiled when edited, enabling by annotation or list, `Key<Technique@File>` toggle keys,
//! partial vectors and integer values, and what a save leaves out (`nosave`, sourced uniforms).
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

mod common;

use app::session::document::Document;
use common::*;
use engine::{TechniqueKey, ToggleKey, testing};

/// A folder holding `files`, for one test.
fn folder(test: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-presets-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

fn grey() -> engine::RgbaImage {
    engine::RgbaImage {
        width: 4,
        height: 4,
        pixels: [100, 100, 100, 255].repeat(16),
    }
}

const LEVELS: &str = r#"#include "shaders/fxbench.wfxh"
#ifndef LEVEL
#define LEVEL 1
#endif
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(f32(LEVEL) * 0.25, f32(OTHER) * 0.25, 0.0, 1.0); }
technique Levels < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }"#;

#[test]
fn preprocessor_definitions_compile_in_and_recompile_when_edited() {
    let preset = "PreprocessorDefinitions=LEVEL=2,OTHER\nTechniques=Levels@levels.wfx\n\n\
        [levels.wfx]\nPreprocessorDefinitions=LEVEL=3\n";
    let dir = folder("definitions", &[("levels.wfx", LEVELS), ("p.ini", preset)]);
    let mut document = Document::with_preset(&dir.join("p.ini"), Vec::new()).unwrap();
    assert_eq!(document.definitions_text(None), "LEVEL=2,OTHER");
    assert_eq!(document.definitions_text(Some("levels.wfx")), "LEVEL=3");
    // Compiling needs no GPU: the effect's own LEVEL=3 wins over the global LEVEL=2, and OTHER
    // without a value is 1.
    let compiled = document.compile((4, 4));
    assert!(!compiled.has_errors(), "{}", compiled.render_diagnostics());
    // Editing to the same text changes nothing; a new value asks for a recompile.
    assert!(!document.set_definitions(Some("levels.wfx"), "LEVEL=3"));
    let Some(ctx) = testing::gpu() else { return };
    let image = grey();
    let mut chain = chain_for(&ctx, &document, &image);
    assert_eq!(
        render(&ctx, &mut chain, &image, 1).pixel(1, 1),
        [191, 64, 0, 255]
    );
    assert!(document.set_definitions(Some("levels.wfx"), ""));
    assert!(document.set_definitions(None, "LEVEL=4,OTHER=3"));
    let compiled = document.compile((4, 4));
    chain.reload(compiled.effects, (4, 4)).unwrap();
    assert_eq!(
        render(&ctx, &mut chain, &image, 1).pixel(1, 1),
        [255, 191, 0, 255]
    );
    // The edit is in the preset the session saves.
    let saved = document.preset_from_chain(&chain).to_ini();
    assert!(
        saved.starts_with("PreprocessorDefinitions=LEVEL=4,OTHER=3\n"),
        "{saved}"
    );
    assert!(
        saved.contains("[levels.wfx]\nPreprocessorDefinitions=\n"),
        "{saved}"
    );
}

const TECHNIQUES: &str = r#"#include "shaders/fxbench.wfxh"
uniform Tint: vec3<f32> = vec3<f32>(0.5, 0.5, 0.5);
uniform Mode: i32 = 1;
uniform Flag: bool = true;
uniform Hidden: f32 < nosave = true; > = 0.25;
uniform Time: f32 < source = "timer"; >;
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(Tint * f32(Mode) * select(0.0, 1.0, Flag) * Hidden + Time * 0.0, 1.0); }
technique A < enabled = true; toggle = 65; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
technique B { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
technique C { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
technique Secret < nosave = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }"#;

fn keys(chain: &engine::EffectChain) -> [TechniqueKey; 4] {
    ["A", "B", "C", "Secret"].map(|n| chain.find(n, None).unwrap())
}

#[test]
fn enabling_keys_and_values_follow_reshade() {
    let preset = "KeyA@fx.wfx=0,0,0,0\nKeyB@fx.wfx=66,1,0,1\nTechniques=B@fx.wfx,Secret@fx.wfx\n\
        TechniqueSorting=C@fx.wfx,B@fx.wfx,A@fx.wfx,Secret@fx.wfx\n\n\
        [fx.wfx]\nFlag=0\nHidden=0.5\nMode=2.7\nTint=1\n";
    let dir = folder("techniques", &[("fx.wfx", TECHNIQUES), ("p.ini", preset)]);
    let document = Document::with_preset(&dir.join("p.ini"), Vec::new()).unwrap();
    let Some(ctx) = testing::gpu() else { return };
    let image = grey();
    let mut chain = chain_for(&ctx, &document, &image);
    let [a, b, c, secret] = keys(&chain);
    // A by its annotation, B and Secret by the list; C by neither.
    assert!(chain.is_enabled(a) && chain.is_enabled(b) && chain.is_enabled(secret));
    assert!(!chain.is_enabled(c));
    // The preset's keys replace the annotation's: A is unbound, B is Ctrl+Alt+B.
    assert_eq!(chain.toggle_key(a), None);
    let ctrl_alt_b = ToggleKey {
        vk: 66,
        ctrl: true,
        shift: false,
        alt: true,
    };
    assert_eq!(chain.toggle_key(b), Some(ctrl_alt_b));
    // A partial vector fills the rest with 0; integers are truncated as ReShade's strtol does.
    let first = chain.effect_at(0).expect("one effect");
    let effect = chain.effect(first);
    let value = |name: &str| {
        let u = effect
            .uniforms()
            .iter()
            .position(|u| u.name == name)
            .unwrap();
        chain.uniform_values(first)[u].clone()
    };
    assert_eq!(value("Tint"), [1.0, 0.0, 0.0]);
    assert_eq!(value("Mode"), [2.0]);
    assert_eq!(value("Flag"), [0.0]);
    // The bound key toggles B with its modifiers held (Ctrl 0x11, Alt 0x12), not without.
    let input = engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "input");
    let mut frame = engine::FrameInput::default();
    frame.keys_down.insert(66);
    chain.render_blocking(&input, &frame).unwrap();
    assert!(chain.is_enabled(b), "B without Ctrl+Alt stays");
    frame.keys_down.clear();
    chain.render_blocking(&input, &frame).unwrap();
    frame.keys_down.extend([0x11, 0x12, 66]);
    chain.render_blocking(&input, &frame).unwrap();
    assert!(!chain.is_enabled(b), "Ctrl+Alt+B toggles B off");
    // A reload keeps the preset's key.
    let compiled = document.compile((4, 4));
    chain.reload(compiled.effects, (4, 4)).unwrap();
    let [_, b, ..] = keys(&chain);
    assert_eq!(chain.toggle_key(b), Some(ctrl_alt_b));

    // Saving: `nosave` techniques and uniforms and sourced uniforms left out, integers as
    // integers, floats with six decimals.
    let saved = document.preset_from_chain(&chain).to_ini();
    let line = |key: &str| {
        saved
            .lines()
            .find(|l| l.starts_with(&format!("{key}=")))
            .map(str::to_owned)
    };
    assert_eq!(line("Techniques").unwrap(), "Techniques=A@fx.wfx");
    assert_eq!(
        line("TechniqueSorting").unwrap(),
        "TechniqueSorting=C@fx.wfx,B@fx.wfx,A@fx.wfx"
    );
    assert_eq!(line("Mode").unwrap(), "Mode=2");
    assert_eq!(line("Flag").unwrap(), "Flag=0");
    assert_eq!(line("Tint").unwrap(), "Tint=1.000000,0.000000,0.000000");
    assert_eq!(
        line("Hidden").unwrap(),
        "Hidden=0.5",
        "a nosave uniform's line stays as read"
    );
    assert_eq!(line("Time"), None);
}

#[test]
fn a_missing_effect_is_skipped_and_its_lines_survive_a_save() {
    let preset = "Techniques=Gone@Gone.fx,Levels@levels.wfx\n\
        TechniqueSorting=Gone@Gone.fx,Levels@levels.wfx\n\n\
        [Gone.fx]\nStrength=2\n\n[levels.wfx]\nPreprocessorDefinitions=LEVEL=2\n";
    let dir = folder(
        "missing",
        &[
            ("levels.wfx", &LEVELS.replace("OTHER", "1")),
            ("p.ini", preset),
        ],
    );
    let document = Document::with_preset(&dir.join("p.ini"), Vec::new()).unwrap();
    assert_eq!(document.effect_paths, [dir.join("levels.wfx")]);
    let [missing] = document.missing_effects.as_slice() else {
        panic!("{:?}", document.missing_effects);
    };
    assert_eq!(missing.name, "Gone.fx");
    let Some(ctx) = testing::gpu() else { return };
    let image = grey();
    let mut chain = chain_for(&ctx, &document, &image);
    assert_eq!(
        render(&ctx, &mut chain, &image, 1).pixel(1, 1),
        [128, 64, 0, 255]
    );
    let saved = document.preset_from_chain(&chain).to_ini();
    assert_eq!(
        saved, preset,
        "the save changes nothing it did not understand"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
