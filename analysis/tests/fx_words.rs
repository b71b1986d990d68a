//! Every diagnostic fxbench gives on ReShade FX speaks FX: no WGSL type spellings (`vec3<f32>`,
//! `mat2x2`, `i32`), no naga handles (`[3]`), no names lowering makes up (`fx_l1_i`,
//! `fxbench_uniforms`), whatever the diagnostic and whichever stage found it. Checked over every
//! case of the conformance suite (`tests/conformance/`, 1,700 small effects, most of them
//! rejected: every error and warning the front end can give) and over four mutants of each
//! corpus effect (token edits; skipped with one line without `../shared/corpus`). A word the case itself contains (a local the user
//! named `f32`) is the user's, not a leak.

#[path = "support/fx_mutator.rs"]
mod fx_mutator;

use std::path::Path;

use analysis::{FsLoader, LoadOutput, Options};
use fx_mutator::{Kind, Rng, mutate, token_ranges};

/// Words only WGSL or lowering would write.
fn foreign(word: &str) -> bool {
    const WGSL: &[&str] = &[
        "f16",
        "f32",
        "i32",
        "u32",
        "i64",
        "u64",
        "vec2",
        "vec3",
        "vec4",
        "mat2x2",
        "mat2x3",
        "mat2x4",
        "mat3x2",
        "mat3x3",
        "mat3x4",
        "mat4x2",
        "mat4x3",
        "mat4x4",
        "texture_2d",
        "texture_3d",
        "texture_storage_2d",
        "texture_storage_3d",
        "sampler_comparison",
        "ptr",
        "builtin",
        "textureSample",
        "textureSampleLevel",
        "textureLoad",
        "textureStore",
        "textureDimensions",
        "bitcast",
        "fract",
        "inverseSqrt",
    ];
    WGSL.contains(&word)
        || word.starts_with("fxbench_")
        || word
            .strip_prefix("fx_")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
}

/// The words of a message (identifier-like runs), and naga's handle notation: a `[N]` after a
/// space or at the start (a type written `float[3]` and a quoted index `'[3]'` are FX; naga
/// writes `Expression [12]`).
fn leaks(message: &str, source: &str) -> Vec<String> {
    let mut found: Vec<String> = message
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty() && foreign(w) && !source.contains(*w))
        .map(str::to_string)
        .collect();
    let bytes = message.as_bytes();
    for (i, _) in message.match_indices('[') {
        let handle_place = i == 0 || bytes[i - 1] == b' ';
        let index = message[i + 1..]
            .split_once(']')
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if index && handle_place {
            found.push(message[i..].chars().take(6).collect());
        }
    }
    found
}

/// Every message (with its notes) fxbench gives on the effect at `path`, with the leaks in it.
fn leaks_in(path: &Path, options: &Options) -> Vec<String> {
    messages_with_leaks(path, &analysis::load_effect(path, options))
}

/// The messages of `output` (an effect that claims to live at `path`) with leaks in them; a
/// word any file it read contains is the user's.
fn messages_with_leaks(path: &Path, output: &LoadOutput) -> Vec<String> {
    let source: String = output
        .sources
        .files()
        .map(|(_, f)| f.text.as_str())
        .collect();
    output
        .diagnostics
        .iter()
        .flat_map(|d| std::iter::once(&d.message).chain(&d.notes))
        .filter_map(|m| {
            let found = leaks(m, &source);
            (!found.is_empty()).then(|| format!("{}: {m}  (foreign: {found:?})", path.display()))
        })
        .collect()
}

#[test]
fn the_leak_finder_sees_wgsl_and_handles_and_spares_fx() {
    assert_eq!(
        leaks("cannot convert vec3<f32> to [2]", ""),
        ["vec3", "f32", "[2]"]
    );
    assert_eq!(leaks("'fx_l1_i' : undeclared", ""), ["fx_l1_i"]);
    assert!(leaks("'x' : cannot convert from 'float[3]' to 'float3'", "").is_empty());
    assert!(leaks("'[3]' : index out of range", "").is_empty());
    assert!(leaks("'Tint' : not in fxbench's catalogue", "").is_empty());
    assert!(leaks("'f32' : redefinition", "float f32;").is_empty());
    assert!(leaks("array dimensions must be literal scalar expressions", "").is_empty());
}

#[test]
fn conformance_diagnostics_speak_fx() {
    let cases = corpus::files_below(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance"),
        "fx",
    );
    assert!(cases.len() >= 600, "the suite has {} cases", cases.len());
    let options = Options::default();
    let leaks: Vec<String> = cases.iter().flat_map(|c| leaks_in(c, &options)).collect();
    assert!(
        leaks.is_empty(),
        "{} messages in WGSL or naga words:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
}

#[test]
fn corpus_mutant_diagnostics_speak_fx() {
    let Some(root) = corpus::dir("reshadefx", "diagnostics in FX words") else {
        return;
    };
    // Token edits keep a mutant mostly lexable, so it reaches the checker and lowering (where
    // naga's words could come from); each effect gets each kind once, from one seed.
    const KINDS: [Kind; 4] = [
        Kind::DeleteTokens,
        Kind::SwapTokens,
        Kind::InsertToken,
        Kind::DuplicateTokens,
    ];
    let options = Options::default();
    let mut rng = Rng(0x5eed_f00d);
    let mut leaks = Vec::new();
    let mut with_errors = 0;
    let effects = corpus::files_below(&root, "fx");
    for path in &effects {
        let Ok(text) = std::fs::read(path) else {
            continue;
        };
        let tokens = token_ranges(&text);
        for kind in KINDS {
            let mutant =
                String::from_utf8_lossy(&mutate(&text, &tokens, kind, &mut rng)).into_owned();
            let output = analysis::compile(path, mutant, &FsLoader, &options);
            with_errors += usize::from(output.diagnostics.iter().any(|d| d.is_error()));
            leaks.extend(messages_with_leaks(path, &output));
        }
    }
    assert!(
        with_errors > effects.len(),
        "the mutants reach errors: {with_errors}"
    );
    assert!(
        leaks.is_empty(),
        "{} messages in WGSL or naga words:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
}
