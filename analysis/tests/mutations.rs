//! Bad input never panics: every shipped effect, mutated thousands of ways (bytes deleted,
//! duplicated, swapped, replaced by tokens of the language), goes through the whole front end,
//! and every diagnostic it reports resolves to a real file, line and column. Deterministic (a
//! fixed seed), so a failure names the mutation that caused it.

use std::path::{Path, PathBuf};

use analysis::{FsLoader, Options};

/// xorshift64*: enough randomness for mutations, and reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Pieces of ReShade FX and WGSL that make mutations reach deep into the front end.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "<",
    ">",
    ";",
    ",",
    "=",
    "#",
    "\"",
    "\n",
    "/*",
    "*/",
    "//",
    "\\\n",
    "#define X(a) a##a\n",
    "#if 1\n",
    "#endif\n",
    "#include \"missing.wfxh\"\n",
    "__VA_ARGS__",
    "technique",
    "pass",
    "uniform",
    "texture",
    "sampler",
    "storage",
    "RenderTarget",
    "VertexCount",
    "PixelShader",
    "VertexShader",
    "source",
    "ui_type",
    "BUFFER_WIDTH",
    "0",
    "-1",
    "4294967296",
    "1e40",
    "vec4<f32>",
    "f32",
    "array<f32, 4>",
    "@fragment",
    "@vertex",
    "fn",
    "return",
    "let",
    "var",
    "loop",
    "discard",
    "textureLoad",
    "COLOR",
    "DEPTH",
    "true",
    "é",
    "__LINE__",
    "__FILE__",
    "#line 4294967295\n",
    "#line 1 \"x\"\n",
    "\u{0}",
];

fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(5) {
            0 => {
                let end = (at + 1 + rng.below(40)).min(bytes.len());
                bytes.drain(at..end.max(at));
            }
            1 => {
                let end = (at + 1 + rng.below(80)).min(bytes.len());
                let copy = bytes[at.min(end)..end].to_vec();
                let to = rng.below(bytes.len() + 1);
                bytes.splice(to..to, copy);
            }
            2 if !bytes.is_empty() => {
                let other = rng.below(bytes.len());
                let at = at.min(bytes.len() - 1);
                bytes.swap(at, other);
            }
            _ => {
                let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
                bytes.splice(at..at, token.iter().copied());
            }
        }
    }
    // Byte-level edits may split a UTF-8 sequence; the loader reads text, so repair it.
    String::from_utf8_lossy(&bytes).into_owned()
}

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets")
}

#[test]
fn mutated_effects_get_diagnostics_not_panics() {
    let options = Options {
        include_dirs: vec![assets()],
        ..Options::default()
    };
    let mut effects: Vec<PathBuf> = std::fs::read_dir(assets())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "wfx"))
        .collect();
    effects.push(assets().join("shaders/fxbench.wfxh"));
    effects.sort();
    let mut rng = Rng(0x5EED_F00D_CAFE_BABE);
    let (mut rejected, mut total) = (0, 0);
    for path in &effects {
        let original = std::fs::read_to_string(path).unwrap();
        for round in 0..2000 {
            let text = mutate(&original, &mut rng);
            let outcome = std::panic::catch_unwind(|| {
                analysis::compile(path, text.clone(), &FsLoader, &options)
            });
            let output = outcome.unwrap_or_else(|_| {
                panic!(
                    "the front end panicked on mutation {round} of {}:\n{text}",
                    path.display()
                )
            });
            total += 1;
            if output.effect.is_none() {
                rejected += 1;
                assert!(
                    output
                        .diagnostics
                        .iter()
                        .any(|d| d.severity == analysis::Severity::Error),
                    "mutation {round} of {} was rejected without an error",
                    path.display()
                );
            }
            for d in &output.diagnostics {
                if let Some(span) = d.span {
                    // Resolving the location must not panic either, and must name a line.
                    let location = output.sources.location(span).to_string();
                    assert!(location.contains(':'), "{location}");
                }
            }
        }
    }
    // The mutations must reach errors most of the time, or they test little.
    eprintln!("{rejected} of {total} mutations rejected");
    assert!(
        rejected * 2 > total,
        "{rejected} of {total} mutations rejected"
    );
}

#[test]
fn mutated_presets_parse_without_panics_and_save_without_losing_entries() {
    let presets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../presets");
    let mut rng = Rng(0xD1CE_5EED_0BAD_C0DE);
    for entry in std::fs::read_dir(&presets).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ini") {
            continue;
        }
        let original = std::fs::read_to_string(&path).unwrap();
        for round in 0..500 {
            let text = mutate(&original, &mut rng);
            let load = std::panic::catch_unwind(|| analysis::preset::Preset::parse(&path, &text))
                .unwrap_or_else(|_| {
                    panic!("the preset parser panicked on mutation {round}:\n{text}")
                });
            for d in &load.diagnostics {
                if let Some(span) = d.span {
                    assert!(load.sources.location(span).to_string().contains(':'));
                }
            }
            // Whatever was understood survives a save and a reload unchanged.
            let saved = load.preset.to_ini();
            let again = analysis::preset::Preset::parse(&path, &saved);
            assert_eq!(
                again.preset, load.preset,
                "mutation {round} changed on a round trip:\n{text}\n---\n{saved}"
            );
        }
    }
}
