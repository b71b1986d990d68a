//! The shader debugger's instrumented lowering (`analysis::debug`, `fx/lower/trace.rs`) on the
//! CPU: the record sites of a known effect, and the normal lowering unchanged by the feature
//! (its WGSL byte for byte as recorded in `tests/debug/*.wgsl`; `FXBENCH_BLESS=1` rewrites them).
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn options() -> analysis::Options {
    analysis::Options {
        buffer_width: 8,
        buffer_height: 4,
        ..analysis::Options::default()
    }
}

/// [`options`] with the shipped headers (`shaders/fxbench.wfxh`) on the include path.
fn wfx_options() -> analysis::Options {
    analysis::Options {
        include_dirs: vec![root().join("assets")],
        ..options()
    }
}

#[test]
fn normal_lowering_is_byte_identical() {
    let effects = [
        ("assets/box_blur.fx", "box_blur.wgsl"),
        ("assets/vignette.fx", "vignette.wgsl"),
        ("tests/debugger/trace.fx", "trace.wgsl"),
    ];
    for (effect, golden) in effects {
        let path = root().join(effect);
        let wgsl = analysis::fx::generated_wgsl(&path, &analysis::FsLoader, &options()).unwrap();
        assert!(!wgsl.contains("fxbench_trace"), "{effect}");
        let golden = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/debug")
            .join(golden);
        if std::env::var_os("FXBENCH_BLESS").is_some() {
            std::fs::write(&golden, &wgsl).unwrap();
        }
        let expected = std::fs::read_to_string(&golden).unwrap();
        assert!(wgsl == expected, "{effect}: the normal lowering changed");
    }
}

#[test]
fn instrumented_effect_lists_every_site() {
    let path = root().join("tests/debugger/trace.fx");
    let out = analysis::debug::instrument_effect(&path, &analysis::FsLoader, &options());
    assert_eq!(out.load.render_diagnostics(), "");
    let instrumented = out.instrumented.unwrap();
    assert!(instrumented.effect.wgsl().contains("fxbench_trace"));
    let sites: Vec<String> = instrumented
        .table
        .sites
        .iter()
        .map(|s| {
            format!(
                "{} {:?} {} {} {}",
                s.line,
                s.kind,
                s.function,
                s.name,
                s.ty.name()
            )
        })
        .collect();
    let expected = [
        "104 Assignment PostProcessVS texcoord.x float",
        "105 Assignment PostProcessVS texcoord.y float",
        "106 Assignment PostProcessVS position float4",
        "12 Declaration PS x float",
        "14 Branch PS if bool",
        "14 Assignment PS k float",
        "14 Assignment PS k float",
        "15 Declaration PS sum int",
        "16 Declaration PS i int",
        "16 Assignment PS sum int",
        "16 Assignment PS i int",
        "17 Argument { callee: \"Outer\", parameter: \"y\" } PS y float",
        "17 Declaration PS o float",
        "18 Declaration PS w float",
        "20 Argument { callee: \"Bump\", parameter: \"v\" } PS v float",
        "20 Assignment PS w float",
        "20 Assignment PS n int",
        "21 Declaration PS m float2x2",
        "22 Declaration PS r float2",
        "24 Assignment PS p.a float",
        "25 Assignment PS p.b int2",
        "26 Declaration PS arr float[3]",
        "27 Assignment PS arr[1] float",
        "28 Declaration PS q Pair",
        "29 Branch PS if bool",
        "30 Return PS PS float4",
        "7 Assignment Bump v float",
        "7 Assignment Bump n int",
        "8 Argument { callee: \"Twice\", parameter: \"x\" } Outer x float",
        "8 Declaration Outer t float",
        "8 Return Outer Outer float",
        "6 Return Twice Twice float",
        "38 Declaration CS v float",
    ];
    assert_eq!(sites, expected);
}

/// The sites of the WGSL fixture, instrumented through naga IR (`wfx/trace/`): lines, kinds,
/// names and WGSL types, in site-id order (functions in declaration order, then entry points).
#[test]
fn instrumented_wfx_effect_lists_every_site() {
    let path = root().join("tests/debugger/trace.wfx");
    let out = analysis::debug::instrument_effect(&path, &analysis::FsLoader, &wfx_options());
    assert_eq!(out.load.render_diagnostics(), "");
    let instrumented = out.instrumented.unwrap();
    let module = instrumented.effect.module();
    let trace = module
        .global_variables
        .iter()
        .find(|(_, g)| g.name.as_deref() == Some("fxbench_trace"))
        .map(|(_, g)| g.binding);
    assert_eq!(
        trace,
        Some(Some(naga::ResourceBinding {
            group: 1,
            binding: 0
        }))
    );
    let sites: Vec<String> = instrumented
        .table
        .sites
        .iter()
        .map(|s| {
            let file = s.path.file_name().unwrap().to_string_lossy();
            format!(
                "{file}:{}:{} {:?} {} {} {}",
                s.line,
                s.column,
                s.kind,
                s.function,
                s.name,
                s.ty.name()
            )
        })
        .collect();
    let expected = [
        "fxbench.wfxh:31:5 Return BackBufferLoad BackBufferLoad vec4<f32>",
        "fxbench.wfxh:36:5 Return LinearDepth LinearDepth f32",
        "trace.wfx:6:27 Return Twice Twice f32",
        "trace.wfx:7:34 Assignment Bump *v f32",
        "trace.wfx:8:35 Argument { callee: \"Twice\", parameter: \"x\" } Outer x f32",
        "trace.wfx:8:35 Declaration Outer t f32",
        "trace.wfx:8:45 Return Outer Outer f32",
        "trace.wfx:12:13 Declaration PS x f32",
        "trace.wfx:13:5 Declaration PS k f32",
        "trace.wfx:14:5 Branch PS if bool",
        "trace.wfx:14:18 Assignment PS k f32",
        "trace.wfx:14:37 Assignment PS k f32",
        "trace.wfx:15:5 Declaration PS sum i32",
        "trace.wfx:16:10 Declaration PS i i32",
        "trace.wfx:16:35 Assignment PS sum i32",
        "trace.wfx:16:28 Assignment PS i i32",
        "trace.wfx:17:13 Argument { callee: \"Outer\", parameter: \"y\" } PS y f32",
        "trace.wfx:17:13 Declaration PS o f32",
        "trace.wfx:18:5 Declaration PS w f32",
        "trace.wfx:19:5 Argument { callee: \"Bump\", parameter: \"v\" } PS v f32",
        "trace.wfx:19:5 Assignment PS w f32",
        "trace.wfx:20:13 Declaration PS m mat2x2<f32>",
        "trace.wfx:21:13 Declaration PS r vec2<f32>",
        "trace.wfx:23:5 Assignment PS p.a f32",
        "trace.wfx:24:5 Assignment PS p.b vec2<i32>",
        "trace.wfx:25:5 Declaration PS arr array<f32, 3>",
        "trace.wfx:26:5 Assignment PS arr[1] f32",
        "trace.wfx:27:5 Declaration PS q Pair",
        "trace.wfx:28:5 Return PS PS vec4<f32>",
        "trace.wfx:36:13 Declaration CS v f32",
        "trace.wfx:43:13 Declaration Flat c f32",
        "trace.wfx:44:5 Return Flat Flat vec4<f32>",
    ];
    assert_eq!(sites, expected);
}

/// Where the WGSL instrumentation puts records naga's IR hides: an index by a variable, a member
/// through a pointer parameter and the place written back after the call, a `var` without
/// initialiser in a loop (its zero is not recorded), a `while` condition (not an `if`), an
/// `else if`.
#[test]
fn wfx_sites_name_places_and_skip_what_the_author_did_not_write() {
    let text = "#include \"shaders/fxbench.wfxh\"
struct S { a: f32, }
fn Set(s: ptr<function, S>, j: i32) {
    (*s).a = f32(j);
}
@fragment
fn PS(in: PostProcessOut) -> @location(0) vec4<f32> {
    var arr = array<f32, 2>(0.0, 0.0);
    var j = 1;
    arr[j] = 2.0;
    var s: S;
    Set(&s, j);
    var n = 0;
    while n < 2 {
        var t: f32;
        t = 1.0;
        n += 1;
    }
    if n == 0 { n = 1; } else if n == 2 { n = 3; }
    return vec4<f32>(arr[1], s.a, f32(n), 1.0);
}
technique T { pass P { VertexShader = PostProcessVS; PixelShader = PS; } }
";
    let dir = std::env::temp_dir().join(format!("fxbench-wfx-sites-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("sites.wfx");
    std::fs::write(&path, text).unwrap();
    let out = analysis::debug::instrument_effect(&path, &analysis::FsLoader, &wfx_options());
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.load.render_diagnostics(), "");
    let sites: Vec<String> = out
        .instrumented
        .unwrap()
        .table
        .sites
        .iter()
        .filter(|s| s.path.ends_with("sites.wfx"))
        .map(|s| format!("{} {:?} {} {}", s.line, s.kind, s.name, s.ty.name()))
        .collect();
    let expected = [
        "4 Assignment (*s).a f32",
        "8 Declaration arr array<f32, 2>",
        "9 Declaration j i32",
        "10 Assignment arr[j] f32",
        "12 Argument { callee: \"Set\", parameter: \"s\" } s S",
        "12 Argument { callee: \"Set\", parameter: \"j\" } j i32",
        "12 Assignment s S",
        "13 Declaration n i32",
        "16 Assignment t f32",
        "17 Assignment n i32",
        "19 Branch if bool",
        "19 Assignment n i32",
        "19 Branch if bool",
        "19 Assignment n i32",
        "20 Return PS vec4<f32>",
    ];
    assert_eq!(sites, expected);
}

/// `None` when `effect` does not compile; else whether it also compiles instrumented (naga
/// validates the records) with the same techniques, passes and bindings, which the engine's
/// recording run relies on, while its normal compile holds no record.
fn instrumented_alike(effect: &Path, options: &analysis::Options) -> Option<Result<(), String>> {
    let normal = analysis::load_effect(effect, options).effect?;
    assert!(!normal.wgsl().contains("fxbench_trace"));
    let out = analysis::debug::instrument_effect(effect, &analysis::FsLoader, options);
    let Some(instrumented) = out.instrumented else {
        let diagnostics = out.load.render_diagnostics();
        return Some(Err(format!("{}\n{diagnostics}", effect.display())));
    };
    let shape = |e: &analysis::ValidatedEffect| -> Vec<(String, Vec<analysis::Binding>)> {
        e.techniques()
            .iter()
            .flat_map(|t| {
                t.passes
                    .iter()
                    .map(|p| (t.name.clone(), p.bindings().to_vec()))
            })
            .collect()
    };
    if shape(&normal) != shape(&instrumented.effect) {
        return Some(Err(format!("{}: passes differ", effect.display())));
    }
    Some(Ok(()))
}

/// Every shipped `.wfx` effect and every `.wfx` test fixture that compiles also compiles
/// instrumented (naga validates the edited module), with the same passes and bindings.
#[test]
fn every_wfx_effect_that_compiles_compiles_instrumented() {
    let mut paths = corpus::files(&root().join("assets"), "wfx");
    paths.extend(corpus::files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/constructs"),
        "wfx",
    ));
    paths.extend(corpus::files(&root().join("tests/debugger"), "wfx"));
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(root().join("tests/fixtures"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    fixtures.sort();
    for folder in fixtures {
        paths.extend(corpus::files(&folder, "wfx"));
    }
    let (mut compiled, mut failures) = (0, Vec::new());
    for effect in &paths {
        if let Some(outcome) = instrumented_alike(effect, &wfx_options()) {
            compiled += 1;
            failures.extend(outcome.err());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(compiled, 85, "wfx effects that compile");
}

/// Every `.fx` file under `dir` and its subfolders, sorted.
fn effects(dir: &Path) -> Vec<PathBuf> {
    let mut out = corpus::files(dir, "fx");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        out.extend(effects(&folder));
    }
    out
}

/// Every corpus effect that compiles also compiles instrumented (naga validates the records),
/// with the same techniques, passes and bindings, which the engine's recording run relies on.
#[test]
fn every_corpus_effect_that_compiles_compiles_instrumented() {
    let Some(root) = corpus::dir("reshadefx", "the instrumented lowering on the corpus") else {
        return;
    };
    let mut collections: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    collections.sort();
    let (mut compiled, mut failures) = (0, Vec::new());
    for collection in collections {
        let shaders = analysis::fx::find_ignoring_case(&collection.join("Shaders")).unwrap();
        let options = analysis::Options {
            include_dirs: analysis::fx::collection_include_dirs(&shaders),
            ..analysis::Options::default()
        };
        for effect in effects(&shaders) {
            if let Some(outcome) = instrumented_alike(&effect, &options) {
                compiled += 1;
                failures.extend(outcome.err());
            }
        }
    }
    assert_eq!(compiled, 123, "corpus effects that compile");
    assert!(
        failures.is_empty(),
        "{} of {compiled}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
