//! The ReShade FX front end, stage 1 (preprocess and parse), on the corpus of real effects and on
//! broken snippets: exact counts, codes and locations.

use std::path::{Path, PathBuf};
use std::time::Instant;

use analysis::fx::{self, FxFileLoader, FxParse};
use analysis::{MemoryLoader, Options, Severity};

/// The effect collections of the corpus: each has a `Shaders/` folder.
const COLLECTIONS: [&str; 3] = ["prod80", "FXShaders", "reshade-shaders"];

fn parse_corpus_effect(shaders: &Path, effect: &Path) -> FxParse {
    let options = Options {
        include_dirs: fx::collection_include_dirs(shaders),
        ..Options::default()
    };
    fx::parse_effect(effect, &FxFileLoader, &options)
}

/// Every `.fx` effect of the corpus with its collection's `Shaders/` folder.
fn corpus_effects() -> Option<Vec<(PathBuf, PathBuf)>> {
    let root = corpus::dir("reshadefx", "ReShade FX corpus parse")?;
    let mut effects = Vec::new();
    for collection in COLLECTIONS {
        let shaders = root.join(collection).join("Shaders");
        for effect in corpus::files(&shaders, "fx") {
            effects.push((shaders.clone(), effect));
        }
    }
    Some(effects)
}

#[test]
fn every_corpus_effect_parses_and_checks_cleanly_but_for_pongs_two_truncations() {
    let Some(effects) = corpus_effects() else {
        return;
    };
    assert_eq!(effects.len(), 66, "the corpus holds 66 effects");
    let started = Instant::now();
    let mut failures = Vec::new();
    let mut items = 0;
    for (shaders, effect) in &effects {
        let out = parse_corpus_effect(shaders, effect);
        items += out.module.items.len();
        // Warnings count too: the corpus is clean ReShade FX (notes, such as ignored pragmas, are
        // allowed).
        let errors: Vec<_> = out
            .diagnostics
            .iter()
            .filter(|d| d.severity >= Severity::Warning)
            .collect();
        let name = effect.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "Pong.fx" {
            // `tex2Dfetch(s, int4(...))` truncates its coordinate to the `int2` of every
            // overload, twice, and ReShade warns about both (X3206) as we do. Its
            // `DrawText.fxh` is fxbench's own.
            let at: Vec<String> = errors
                .iter()
                .map(|d| {
                    let l = out.sources.location(d.span.expect("located"));
                    let file = l.path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    format!(
                        "{}[{}] {file}:{}",
                        d.severity.as_str(),
                        d.code,
                        l.start.line
                    )
                })
                .collect();
            assert_eq!(
                at,
                [
                    "warning[ImplicitTruncation] Digits.fxh:827",
                    "warning[ImplicitTruncation] Pong.fx:244"
                ]
            );
            continue;
        }
        if !errors.is_empty() {
            failures.push(format!(
                "{}:\n{}",
                effect.display(),
                analysis::render::short(&out.sources, &out.diagnostics)
            ));
        }
    }
    println!(
        "{} effects, {items} top-level items, parsed in {:?}",
        effects.len(),
        started.elapsed()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(items > 66 * 5, "items: {items}");
}

/// Parses `files` (the first is the effect) from memory; renders each diagnostic as
/// `file:line:col-line:col Code message`.
fn diagnostics(files: &[(&str, &str)]) -> Vec<String> {
    let loader = MemoryLoader::new(
        files
            .iter()
            .map(|&(p, t)| (PathBuf::from(p), t.to_string())),
    );
    let out = fx::parse_effect(Path::new(files[0].0), &loader, &Options::default());
    out.diagnostics
        .iter()
        .map(|d| {
            let at = d.span.map_or_else(String::new, |span| {
                let l = out.sources.location(span);
                format!(
                    "{}:{}:{}-{}:{} ",
                    l.path.display(),
                    l.start.line,
                    l.start.column,
                    l.end.line,
                    l.end.column
                )
            });
            format!("{at}{} {}", d.code, d.message)
        })
        .collect()
}

#[test]
fn every_independent_syntax_error_is_reported_once_in_one_run() {
    let src = "\
float a = ;
float4 PS(float2 uv : TEXCOORD) : SV_Target
{
    float x = 1.0
    float y = 2.0;
    return x +;
}
technique T { pass { VertexShader = ; PixelShader = PS; } }
struct S { float a };
int b = 1 @ 2;
int c = 1.5h;
static const float ok = 1.0;
";
    assert_eq!(
        diagnostics(&[("a.fx", src)]),
        [
            "a.fx:1:11-1:12 SyntaxError ';' : syntax error: unexpected token, expected an expression",
            "a.fx:5:5-5:10 SyntaxError 'float' : syntax error: unexpected token, expected ';'",
            "a.fx:6:15-6:16 SyntaxError ';' : syntax error: unexpected token, expected an expression",
            "a.fx:8:37-8:38 SyntaxError ';' : syntax error: unexpected token, expected a function or texture name",
            "a.fx:9:20-9:21 SyntaxError '}' : syntax error: unexpected token, expected ';'",
            "a.fx:10:11-10:12 SyntaxError '@' : unexpected character",
            "a.fx:10:13-10:14 SyntaxError '2' : syntax error: unexpected token, expected ';'",
            "a.fx:11:12-11:13 SyntaxError 'h' : syntax error: unexpected token, expected ';'",
            // Read whole before their syntax errors, `b` and `c` are declared (as in ReShade,
            // which warns for them too).
            "a.fx:10:5-10:6 ImplicitUniform 'b' : global variables are considered 'uniform' by default",
            "a.fx:11:5-11:6 ImplicitUniform 'c' : global variables are considered 'uniform' by default",
        ]
    );
}

#[test]
fn errors_map_back_through_includes_and_macros() {
    let effect = "\
#include \"lib.fxh\"
#define BROKEN(x) float x = ;
BROKEN(value)
float4 ok() { return 0; }
";
    let header = "float f() { return 1 }\n";
    assert_eq!(
        diagnostics(&[("fx/a.fx", effect), ("fx/lib.fxh", header)]),
        [
            "fx/lib.fxh:1:22-1:23 SyntaxError '}' : syntax error: unexpected token, expected ';'",
            "fx/a.fx:3:1-3:14 SyntaxError ';' : syntax error: unexpected token, expected an expression",
        ]
    );
}

#[test]
fn a_missing_include_is_one_located_error_and_nothing_after_it() {
    // As in ReShade, nothing is parsed after a preprocessor error: the syntax error on line 3
    // is not reported (runtime.cpp compiles only what preprocessed cleanly).
    let effect = "int a;\n#include \"Missing.fxh\"\nint b = ;\n";
    let out = diagnostics(&[("a.fx", effect)]);
    assert_eq!(out.len(), 1, "{out:#?}");
    assert!(
        out[0].starts_with("a.fx:2:1-2:23 IncludeError 'Missing.fxh' : cannot open include file")
    );
}

#[test]
fn the_end_of_the_file_inside_a_function_is_located_there() {
    assert_eq!(
        diagnostics(&[("a.fx", "float f()\n{\n    return 1;\n")]),
        ["a.fx:4:1-4:1 SyntaxError 'end of file' : syntax error: unexpected token, expected '}'"]
    );
}

/// `levels` copies of `open`, then `middle`, then `levels` copies of `close`, inside `wrap`'s `{}`.
fn deep(levels: usize, open: &str, middle: &str, close: &str, wrap: &str) -> String {
    let inner = format!("{}{middle}{}", open.repeat(levels), close.repeat(levels));
    wrap.replace("{}", &inner)
}

/// Runs `src` and checks it gives exactly one error, at line 1, `column`, saying `message`.
fn assert_one_error_at(what: &str, src: &str, column: usize, message: &str) {
    // Errors only: the `int ok;` after the text is a uniform, as ReShade warns (X5000).
    let out: Vec<String> = diagnostics(&[("deep.fx", src)])
        .into_iter()
        .filter(|d| !d.contains(" ImplicitUniform "))
        .collect();
    assert_eq!(out.len(), 1, "{what}: {out:#?}");
    let at = format!("deep.fx:1:{column}-");
    assert!(out[0].starts_with(&at), "{what}: {} (want {at})", out[0]);
    assert!(
        out[0].ends_with(message),
        "{what}: {} (want {message})",
        out[0]
    );
}

#[test]
fn ten_thousand_nesting_levels_give_one_located_error_each() {
    let limit = analysis::fx::parser::MAX_NESTING;
    let message = format!("nesting deeper than {limit} levels");
    // (case, text, column of the first repeated part, levels around it, columns per level,
    // offset of the reported token in the part).
    let cases = [
        (
            "parentheses",
            deep(10_000, "(", "1", ")", "float f() { return {}; }\nint ok;"),
            20,
            2,
            1,
            0,
        ),
        (
            "blocks",
            deep(10_000, "{", "", "}", "void f() {}\nint ok;"),
            11,
            1,
            1,
            0,
        ),
        (
            "init lists",
            deep(10_000, "{", "1", "}", "static const int a[] = {};\nint ok;"),
            24,
            0,
            1,
            0,
        ),
        (
            "namespaces",
            deep(10_000, "namespace n { ", "", "}", "{}\nint ok;"),
            1,
            0,
            14,
            12,
        ),
        (
            "calls",
            deep(10_000, "f(", "1", ")", "float g() { return {}; }\nint ok;"),
            20,
            2,
            2,
            1,
        ),
        (
            "indices",
            // `a` declared: what is read whole before the error is checked.
            deep(
                10_000,
                "a[",
                "0",
                "]",
                "float g(int a) { return {}; }\nint ok;",
            ),
            25,
            2,
            2,
            1,
        ),
        (
            "ifs",
            deep(10_000, "if (x) ", ";", "", "void g(bool x) { {} }\nint ok;"),
            18,
            1,
            7,
            0,
        ),
    ];
    for (what, src, first, around, per_level, offset) in cases {
        let column = first + (limit - around) * per_level + offset;
        assert_one_error_at(what, &src, column, &message);
    }
}

#[test]
fn ten_thousand_operators_in_a_chain_give_one_located_error_each() {
    let limit = analysis::fx::parser::MAX_NESTING;
    let chain = format!("expression nested deeper than {limit} levels");
    let nesting = format!("nesting deeper than {limit} levels");
    // A chain link costs a quarter of a bracket level: 4 × 256 links fit.
    let links = 4 * limit;
    let cases = [
        (
            "prefix",
            format!("int a = {}1;\nint ok;", "-".repeat(10_000)),
            9 + links * 2,
            &chain,
        ),
        (
            "sum",
            format!("int a = 1{};\nint ok;", " + 1".repeat(10_000)),
            11 + links * 4,
            &chain,
        ),
        (
            "members",
            format!("int b; int a = b{};\nint ok;", ".x".repeat(10_000)),
            17 + links * 2,
            &chain,
        ),
        (
            "casts",
            format!("int a = {}1;\nint ok;", "(int)".repeat(10_000)),
            9 + links * 5,
            &chain,
        ),
        // Right-associative operators nest: a bracket level each, after the block and statement.
        (
            "assignments",
            format!(
                "void f() {{ int a; {} 1; }}\nint ok;",
                "a = ".repeat(10_000)
            ),
            19 + (limit - 2 + 1) * 4,
            &nesting,
        ),
        (
            "ternaries",
            format!("int b; int a = {}1;\nint ok;", "b ? 1 : ".repeat(10_000)),
            16 + limit * 8 + 4,
            &nesting,
        ),
    ];
    for (what, src, column, message) in cases {
        assert_one_error_at(what, &src, column, message);
    }
}

fn run(files: &[(&str, &str)], options: &Options) -> FxParse {
    let loader = MemoryLoader::new(
        files
            .iter()
            .map(|&(p, t)| (PathBuf::from(p), t.to_string())),
    );
    fx::parse_effect(Path::new(files[0].0), &loader, options)
}

/// The names of the file-level variables and functions of a parse.
fn item_names(out: &FxParse) -> Vec<String> {
    use analysis::fx::ast::Item;
    out.module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Variables(v) => Some(v.declarators[0].name.name.to_string()),
            Item::Function(f) => Some(f.name.name.to_string()),
            Item::Namespace(n) => Some(format!("namespace {}", n.name.name)),
            _ => None,
        })
        .collect()
}

#[test]
fn reshade_predefined_and_compatibility_macros() {
    let src = "\
#if __RESHADE__ != 60101 || __RENDERER__ != 0x21300 || BUFFER_COLOR_SPACE != 1
#error wrong version, renderer or colour space
#endif
#if BUFFER_COLOR_BIT_DEPTH != 8 || __RESHADE_PERFORMANCE_MODE__ != 1 || BUFFER_WIDTH != 640
#error wrong buffer or mode
#endif
#if !defined(__VENDOR__) || !defined(__DEVICE__) || !defined(__APPLICATION__)
#error missing
#endif
static const float w = BUFFER_RCP_WIDTH;
float4 f(sampler s, float2 uv) { return tex2Doffset(s, uv, int2(1, 0)) + tex2Dgather(s, uv, 2); }
";
    let options = Options {
        buffer_width: 640,
        mode: analysis::CompileMode::Performance,
        ..Options::default()
    };
    let out = run(&[("a.fx", src)], &options);
    assert_eq!(analysis::render::short(&out.sources, &out.diagnostics), "");
    let text = &out.preprocessed.text;
    assert!(text.contains("(1.0 / 640)"), "{text}");
    assert!(text.contains("tex2D(s, uv, int2(1, 0))"), "{text}");
    assert!(text.contains("tex2DgatherB(s, uv)"), "{text}");
}

#[test]
fn exists_tests_files_beside_the_effect_and_in_include_folders() {
    let src = "\
#if exists \"lib.fxh\" && exists(<inc.fxh>) && !exists \"none.fxh\" && exists(\"sub/x.fxh\")
int found;
#endif
#if exists
#endif
#if exists \"é
#endif
";
    let options = Options {
        include_dirs: vec![PathBuf::from("inc")],
        ..Options::default()
    };
    let files = [
        ("fx/a.fx", src),
        ("fx/lib.fxh", ""),
        ("inc/inc.fxh", ""),
        ("fx/sub/x.fxh", ""),
    ];
    let out = run(&files, &options);
    assert_eq!(item_names(&out), ["found"]);
    let errors: Vec<String> = out
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    // A bare `exists`, and one before an unterminated string (no slice inside the 'é'), which
    // is an error of its own, as in ReShade.
    let expected = "PreprocessorError 'exists' : expected a quoted file name";
    let open = "PreprocessorError '\"' : unterminated string literal";
    assert_eq!(errors, [open, expected, expected]);
}

#[test]
fn token_pasting_may_leave_a_dot_and_block_comments_do_not_nest() {
    let src = "\
#define TINT(id) Tint##id##.rgb * Tint##id##.a
uniform float4 Tint1;
/* a /* b */ float3 f() { return TINT(1); } /* */
";
    let out = run(&[("a.fx", src)], &Options::default());
    assert_eq!(analysis::render::short(&out.sources, &out.diagnostics), "");
    assert_eq!(item_names(&out), ["Tint1", "f"]);
}

#[test]
fn a_line_end_beside_a_macro_argument_stops_token_pasting() {
    // ReShade keeps a line end that starts or ends a macro argument in its text, so `##` beside
    // it pastes nothing, also in a call the argument is passed on to (conformance cases
    // `preprocessor/paste_argument_*`; ReShade numbers the nested case's lines past the end).
    let pasted = |call: &str| {
        let src = format!(
            "#define Q(a) V##a\n#define P(a) Q(a)\n#define R(a) a##1\nstatic const float V1 = 1.0;\n\
             float f() {{ return {call}; }}\n"
        );
        let out = run(&[("a.fx", &src)], &Options::default());
        analysis::render::short(&out.sources, &out.diagnostics)
    };
    for call in ["Q(1)", "P(1)", "R(V)", "Q(  1  )", "P(\t1 )"] {
        assert_eq!(pasted(call), "", "{call}");
    }
    for call in ["Q(\n1)", "P(\n1)", "R(V\n)", "P(\n  1)"] {
        assert!(
            pasted(call).contains("SyntaxError"),
            "{call}: {}",
            pasted(call)
        );
    }
}

#[test]
fn builtin_headers_give_the_reshade_api_and_an_effects_own_header_wins() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let effect = "\
#include \"ReShade.fxh\"
#include \"ReShadeUI.fxh\"
uniform float Strength < __UNIFORM_SLIDER_FLOAT1 ui_min = 0.0; ui_max = 1.0; > = 0.5;
uniform int Mode < __UNIFORM_COMBO_INT1 ui_items = \"A\\0B\\0\"; > = 0;
uniform float3 Tint < __UNIFORM_COLOR_FLOAT3 > = 1.0;
float4 PS(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float depth = ReShade::GetLinearizedDepth(uv);
    float2 px = BUFFER_PIXEL_SIZE * ReShade::ScreenSize * ReShade::PixelSize;
    return tex2D(ReShade::BackBuffer, uv) * depth * ReShade::AspectRatio * BUFFER_ASPECT_RATIO;
}
technique T { pass { VertexShader = PostProcessVS; PixelShader = PS; } }
";
    let path = dir.path().join("Effect.fx");
    std::fs::write(&path, effect).expect("write effect");
    // Every depth switch turned on, so that each branch of GetLinearizedDepth is parsed.
    let switches = [
        "RESHADE_DEPTH_INPUT_IS_UPSIDE_DOWN",
        "RESHADE_DEPTH_INPUT_IS_REVERSED",
        "RESHADE_DEPTH_INPUT_IS_LOGARITHMIC",
    ];
    for value in ["0", "1"] {
        let options = Options {
            definitions: switches
                .iter()
                .map(|s| (s.to_string(), value.to_string()))
                .collect(),
            ..Options::default()
        };
        let out = fx::parse_effect(&path, &FxFileLoader, &options);
        assert_eq!(
            analysis::render::short(&out.sources, &out.diagnostics),
            "",
            "switches = {value}"
        );
        assert_eq!(
            item_names(&out),
            [
                "namespace ReShade",
                "PostProcessVS",
                "Strength",
                "Mode",
                "Tint",
                "PS"
            ]
        );
    }
    // The effect's folder holds its own ReShade.fxh: it is found before the built-in one.
    std::fs::write(dir.path().join("reshade.FXH"), "int own_header;\n").expect("write header");
    let own = fx::parse_effect(&path, &FxFileLoader, &Options::default());
    assert_eq!(item_names(&own)[0], "own_header");
}

#[test]
fn latin1_files_are_read() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("a.fx");
    std::fs::write(&path, b"// caf\xe9 cr\xe8me\nstatic int a;\nint b = ;\n")
        .expect("write effect");
    let out = fx::parse_effect(&path, &FxFileLoader, &Options::default());
    assert_eq!(item_names(&out), ["a"]);
    let [error] = out.diagnostics.as_slice() else {
        panic!(
            "{}",
            analysis::render::short(&out.sources, &out.diagnostics)
        )
    };
    let location = out.sources.location(error.span.expect("located"));
    assert_eq!((location.start.line, location.start.column), (3, 9));
}

#[test]
fn double_literals_are_floats_with_reshades_warning() {
    // ReShade reads `l`/`L` as a double, truncated to a float with its warning X5000.
    assert_eq!(
        diagnostics(&[(
            "a.fx",
            "static float a = 1.0l;\nstatic float b = 2L + 0.5;\nstatic int c = 3;\n"
        )]),
        [
            "a.fx:1:18-1:22 ImplicitTruncation '1.0l' : double literal truncated to float literal",
            "a.fx:2:18-2:20 ImplicitTruncation '2L' : double literal truncated to float literal",
        ]
    );
}

#[test]
fn the_end_of_the_text_is_reported_where_reshade_reports_it() {
    // ReShade appends a line feed to every file and its preprocessor one more to its output, so
    // its parser meets the end two lines after the last line of code (lines from ReShade 6.1's
    // compiler on each text); a NUL byte ends the text on its own line when code precedes it.
    let cases: [(&str, u32); 5] = [
        ("float f()\n{\n    return 1;", 5),
        ("float f()\n{\n    return 1;\n", 5),
        ("float f()\n{\n    return 1;\n\n\n", 5),
        ("float f()\n{\n    return 1; // c", 5),
        ("float f()\n{\n    return 1;\0garbage\n", 4),
    ];
    for (text, line) in cases {
        let loader = MemoryLoader::new([(PathBuf::from("a.fx"), text.to_string())]);
        let out = fx::parse_effect(Path::new("a.fx"), &loader, &Options::default());
        let end = out
            .diagnostics
            .iter()
            .find(|d| d.message.contains("'end of file'"))
            .unwrap_or_else(|| panic!("{text:?}: {:?}", out.diagnostics));
        let at = end.reported_location(&out.sources).expect("located");
        assert_eq!(at.start.line, line, "{text:?}");
    }
}
