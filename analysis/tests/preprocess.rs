//! The preprocessor, feature by feature: each case gives input files, the expected output text
//! (compared with whitespace runs collapsed) and the exact diagnostics; then the source map
//! through includes, conditionals and macro expansions, and the limits on hostile input.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use analysis::{Options, Preprocessed, SourceMap};

struct Run {
    sources: SourceMap,
    pp: Preprocessed,
    diagnostics: Vec<String>,
}

impl Run {
    /// Where the `n`th occurrence (from 0) of `needle` in the output maps: `path:line:col`.
    fn location_of(&self, needle: &str, n: usize) -> String {
        let (start, _) = self
            .pp
            .text
            .match_indices(needle)
            .nth(n)
            .unwrap_or_else(|| panic!("{needle:?} #{n} not in output:\n{}", self.pp.text));
        let span = self
            .pp
            .span(start, start + needle.len())
            .expect("the output is mapped");
        self.sources.location(span).to_string()
    }

    /// The source text that the `n`th occurrence of `needle` in the output maps to.
    fn source_of(&self, needle: &str, n: usize) -> String {
        let (start, _) = self
            .pp
            .text
            .match_indices(needle)
            .nth(n)
            .expect("in output");
        let span = self
            .pp
            .span(start, start + needle.len())
            .expect("the output is mapped");
        self.sources.get(span.file).text[span.start as usize..span.end as usize].to_string()
    }

    fn normalized(&self) -> String {
        normalize(&self.pp.text)
    }
}

fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Preprocesses `files[0]` with the given definitions after the default predefined macros.
fn run_with(files: &[(&str, &str)], definitions: &[(&str, &str)]) -> Run {
    let memory = analysis::MemoryLoader(
        files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect(),
    );
    let options = Options {
        definitions: definitions
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        include_dirs: vec![PathBuf::from("lib")],
        ..Options::default()
    };
    let analysis::PreprocessOutput {
        sources,
        preprocessed: pp,
        diagnostics,
        ..
    } = analysis::preprocess_text(
        Path::new(files[0].0),
        files[0].1.to_string(),
        &memory,
        &options,
    );
    let diagnostics = diagnostics
        .iter()
        .map(|d| d.render_short(&sources))
        .collect();
    Run {
        sources,
        pp,
        diagnostics,
    }
}

fn run(files: &[(&str, &str)]) -> Run {
    run_with(files, &[])
}

/// Checks a one-file case: output (whitespace-insensitive) and diagnostics, exactly.
fn check(source: &str, output: &str, diagnostics: &[&str]) {
    check_files(&[("t.wfx", source)], output, diagnostics);
}

fn check_files(files: &[(&str, &str)], output: &str, diagnostics: &[&str]) {
    let r = run(files);
    assert_eq!(r.normalized(), normalize(output), "input: {files:?}");
    assert_eq!(r.diagnostics, diagnostics, "input: {files:?}");
    // Every byte of the output keeps the length of the source's lines where nothing expanded.
    assert!(r.pp.text.is_empty() || r.pp.span(0, r.pp.text.len()).is_some());
}

#[test]
fn includes_resolve_relative_to_the_includer_then_the_search_path() {
    check_files(
        &[
            (
                "fx/main.wfx",
                "#include \"a.wfxh\"\n#include \"b.wfxh\"\nmain\n",
            ),
            ("fx/a.wfxh", "from_a"),
            ("lib/b.wfxh", "from_b\n"),
        ],
        "from_a from_b main",
        &[],
    );
    check_files(
        &[
            ("fx/main.wfx", "#include <a.wfxh>\n"),
            ("fx/a.wfxh", "relative"),
            ("lib/a.wfxh", "searched"),
        ],
        "searched",
        &[],
    );
    check_files(
        &[
            (
                "main.wfx",
                "#define HEADER \"h.wfxh\"\n#include HEADER\n#include\n",
            ),
            ("h.wfxh", "h"),
        ],
        "h",
        &["main.wfx:3:1: error[IncludeError]: '#include' : expected a quoted file name"],
    );
}

#[test]
fn pragma_once_includes_a_file_once_reshades_are_accepted_and_others_are_notes() {
    check_files(
        &[
            (
                "main.wfx",
                "#include \"o.wfxh\"\n#include \"o.wfxh\"\n#pragma message(\"hello\")\n#pragma optimize(off)\n#pragma\n#pragma reshade showfps\n#pragma warning(disable : 3571)\n",
            ),
            ("o.wfxh", "#pragma once\nonce"),
        ],
        "once",
        &[
            "main.wfx:3:1: note[PragmaMessage]: '#pragma message' : hello",
            "main.wfx:4:1: note[UnknownPragma]: '#pragma optimize' : unknown pragma ignored",
        ],
    );
}

#[test]
fn object_like_macros_expand_and_rescan() {
    check(
        "#define N 4\n#define TWICE_N (N * 2)\nlet a = TWICE_N + N;\n",
        "let a = (4 * 2) + 4;",
        &[],
    );
    // Nothing expands inside comments, strings or longer identifiers.
    check(
        "#define X 1\n// X\n/* X /* X */ X */ \"X\" X_Y XX X\n",
        "// X\n/* X /* X */ X */ \"X\" X_Y XX 1",
        &[],
    );
    // An empty macro expands to nothing; expansions never glue onto their neighbours.
    check(
        "#define E\n#define M -1\nlet a = -M + E b;\n",
        "let a = - -1 + b;",
        &[],
    );
}

#[test]
fn function_like_macros_substitute_arguments() {
    check(
        "#define MAD(a, b, c) ((a) * (b) + (c))\nlet x = MAD(f(1, 2), y, vec2<f32>(0.5));\n",
        "let x = ((f(1, 2)) * (y) + (vec2<f32>(0.5)));",
        &[],
    );
    // Arguments may span lines; a name without '(' is not an invocation.
    check(
        "#define F(x) [x]\nF(\n  1,2\n) F G(F)\n",
        "F G(F)",
        &["t.wfx:2:1: error[PreprocessorError]: 'F' : macro expects 1 argument, 2 given"],
    );
    check(
        "#define F(x) [x]\nF(\n  (1,2)\n) F G(F)\n",
        "[(1,2)] F G(F)",
        &[],
    );
    // Arguments are expanded first, and `#`, `##` and `__VA_ARGS__` work as in C.
    check(
        "#define ONE 1\n#define ID(x) x\n#define STR(x) #x\n#define CAT(a, b) a ## b\n#define V(f, ...) f(__VA_ARGS__)\n\
ID(ONE) STR(a  \"q\"  ONE) CAT(ONE, 2) CAT(, z) CAT(x, ) V(g, 1, 2) V(h)\n",
        "1 \"a \\\"q\\\" ONE\" ONE2 z x g(1, 2) h()",
        &[],
    );
    check(
        "#define F() 7\n#define G(a, b) a b\nF() G(1) F(\n",
        "7",
        &[
            "t.wfx:3:5: error[PreprocessorError]: 'G' : macro expects 2 arguments, 1 given",
            "t.wfx:3:10: error[PreprocessorError]: 'F' : unterminated argument list invoking macro",
        ],
    );
}

#[test]
fn a_macro_does_not_expand_inside_its_own_expansion() {
    check(
        "#define A A + B\n#define B A\n#define f(x) x f\nA; B; f(1)(2);\n",
        "A + A; A + B; 1 f(2);",
        &[],
    );
}

#[test]
fn define_errors_and_redefinitions() {
    check(
        "#define\n#define 1\n#define defined\n#define F(a, a) a\n#define G(a) # b\n#define H ## x\n\
#define X 1\n#define X 1\n#define X 2\n#define BUFFER_WIDTH 3\n#undef\n#undef X\nX BUFFER_WIDTH\n",
        "X 3",
        &[
            "t.wfx:1:1: error[PreprocessorError]: '#define' : expected a macro name",
            "t.wfx:2:9: error[PreprocessorError]: '#define' : expected a macro name",
            "t.wfx:3:9: error[PreprocessorError]: 'defined' : cannot be used as a macro name",
            "t.wfx:4:14: error[PreprocessorError]: 'F' : invalid macro parameter list",
            "t.wfx:5:14: error[PreprocessorError]: '#' : not followed by a macro parameter",
            "t.wfx:6:1: error[PreprocessorError]: '##' : cannot appear at either end of a macro body",
            "t.wfx:9:9: warning[MacroRedefinition]: 'X' : macro redefinition\n  t.wfx:8:1: previous definition",
            "t.wfx:10:9: warning[MacroRedefinition]: 'BUFFER_WIDTH' : macro redefinition\n  note: it was predefined",
            "t.wfx:11:1: error[PreprocessorError]: '#undef' : expected a macro name",
        ],
    );
}

#[test]
fn conditionals_select_groups() {
    check(
        "#define A 2\n#if A > 1 && defined(A) && !defined B\na\n#elif 1\nb\n#else\nc\n#endif\n\
#ifdef A\nd\n#endif\n#ifndef A\ne\n#elif A == 2\nf\n#endif\n#if 0\n#if 1\ng\n#else\nh\n#endif\n#error hidden\n#bogus\n#else\ni\n#endif\n",
        "a d f i",
        &[],
    );
    // Unknown names are 0, `true` is 1, and a `defined` may be written with or without parentheses.
    check(
        "#if UNKNOWN || !true\nno\n#elif defined __RESHADE__ && __RESHADE__ >= 50000 && __FXBENCH__ == 100\nyes\n#endif\n",
        "yes",
        &[],
    );
}

#[test]
fn if_expressions_use_c_integer_arithmetic() {
    let cases = [
        ("1 + 2 * 3 == 7", true),
        ("(1 + 2) * 3 == 9", true),
        ("-7 / 2 == -3 && -7 % 2 == -1", true),
        ("1 << 62 > 0 && (1 << 63) < 0", true),
        ("0x10 == 16 && 010 == 8 && 10u == 10 && 5L == 5", true),
        (
            "~0 == -1 && (6 & 3) == 2 && (6 | 3) == 7 && (6 ^ 3) == 5",
            true,
        ),
        ("1 ? 0 : 1", false),
        ("0 ? 1 : 2 == 2", true),
        ("0 && 1 / 0", false),
        ("1 || 1 % 0", true),
        ("9223372036854775807 + 1 < 0", true),
        (
            "BUFFER_WIDTH == 1280 && BUFFER_HEIGHT == 720 && BUFFER_COLOR_BIT_DEPTH == 8",
            true,
        ),
        (
            "__FXBENCH_PERFORMANCE_MODE__ == 0 && __RESHADE_PERFORMANCE_MODE__ == 0",
            true,
        ),
    ];
    for (expression, expected) in cases {
        let r = run(&[("t.wfx", &format!("#if {expression}\nyes\n#endif\n"))]);
        assert_eq!(r.diagnostics, Vec::<String>::new(), "{expression}");
        assert_eq!(r.normalized() == "yes", expected, "{expression}");
    }
}

#[test]
fn bad_if_expressions_are_located_errors() {
    check(
        "#if 1 / 0\na\n#elif 2 % (1 - 1)\nb\n#elif\nc\n#elif 1 +\nd\n#elif (1\ne\n#elif 1 2\nf\n#elif 1.5\ng\n#elif 1 << 64\nh\n#elif \"s\"\ni\n#elif defined\nj\n#else\nk\n#endif\n",
        "k",
        &[
            "t.wfx:1:7: error[PreprocessorError]: '/' : division by zero",
            "t.wfx:3:9: error[PreprocessorError]: '%' : division by zero",
            "t.wfx:5:1: error[PreprocessorError]: '#elif' : expected an integer expression",
            "t.wfx:7:1: error[PreprocessorError]: '#elif' : expected an integer expression",
            "t.wfx:9:1: error[PreprocessorError]: '#elif' : expected ')'",
            "t.wfx:11:9: error[PreprocessorError]: '2' : unexpected token in preprocessor expression",
            "t.wfx:13:7: error[PreprocessorError]: '1.5' : not an integer literal",
            "t.wfx:15:9: error[PreprocessorError]: '<<' : shift count out of range",
            "t.wfx:17:7: error[PreprocessorError]: '\"s\"' : unexpected token in preprocessor expression",
            "t.wfx:19:7: error[PreprocessorError]: 'defined' : expected a macro name",
        ],
    );
    // Errors from inside an expansion point at the invocation.
    check(
        "#define DIV(a) (1 / (a))\n#if DIV(0)\n#endif\n",
        "",
        &["t.wfx:2:5: error[PreprocessorError]: '/' : division by zero"],
    );
}

#[test]
fn unbalanced_conditionals_are_errors() {
    check(
        "#endif\n#else\n#elif 1\n#if 1\n#else x\n#else\n#elif 1\n#endif y\n#ifdef\n#endif\n#if 1\n#ifndef Q\nkept\n",
        "kept",
        &[
            "t.wfx:1:1: error[PreprocessorError]: '#endif' : without #if",
            "t.wfx:2:1: error[PreprocessorError]: '#else' : without #if",
            "t.wfx:3:1: error[PreprocessorError]: '#elif' : without #if",
            "t.wfx:5:7: warning[PreprocessorWarning]: '#else' : extra tokens at end of directive",
            "t.wfx:6:1: error[PreprocessorError]: '#else' : after #else",
            "t.wfx:7:1: error[PreprocessorError]: '#elif' : after #else",
            "t.wfx:8:8: warning[PreprocessorWarning]: '#endif' : extra tokens at end of directive",
            "t.wfx:9:1: error[PreprocessorError]: '#ifdef' : expected a macro name",
            "t.wfx:12:1: error[PreprocessorError]: '#ifndef' : unterminated conditional directive",
            "t.wfx:11:1: error[PreprocessorError]: '#if' : unterminated conditional directive",
        ],
    );
    // A conditional must close in the file that opened it.
    check_files(
        &[
            ("main.wfx", "#include \"h.wfxh\"\n#endif\n"),
            ("h.wfxh", "#if 1\n"),
        ],
        "",
        &[
            "h.wfxh:1:1: error[PreprocessorError]: '#if' : unterminated conditional directive",
            "main.wfx:2:1: error[PreprocessorError]: '#endif' : without #if",
        ],
    );
}

#[test]
fn error_warning_and_unknown_directives() {
    check(
        "#error stop  here\n#warning careful\n#assert 3\n# \n#if 0\n#error skipped\n#endif\n",
        "",
        &[
            "t.wfx:1:1: error[PreprocessorError]: '#error' : stop  here",
            "t.wfx:2:1: warning[PreprocessorWarning]: '#warning' : careful",
            "t.wfx:3:1: error[PreprocessorError]: '#assert' : unknown preprocessor directive",
        ],
    );
}

#[test]
fn directives_continue_after_a_backslash_and_hide_in_comments() {
    check(
        "#define LONG 1 + \\\n  2\nLONG\n/*\n#error not a directive\n*/\n  #  define INDENTED 3\nINDENTED\n\
#define C 4 /* a comment\n spanning lines */ + 5\nC\n",
        "1 + 2 /*\n#error not a directive\n*/ 3 4 + 5",
        &[],
    );
    // WGSL block comments nest: the inner `*/` does not end the outer comment.
    check(
        "/* /* */\n#error hidden\n*/\n",
        "/* /* */ #error hidden */",
        &[],
    );
    check(
        "/* open\n",
        "/* open */",
        &["t.wfx:1:1: error[PreprocessorError]: '/*' : unterminated comment"],
    );
}

#[test]
fn definitions_passed_in_are_macros() {
    let r = run_with(
        &[("t.wfx", "#if QUALITY >= 2\nSAMPLES\n#endif\n")],
        &[("QUALITY", "3"), ("SAMPLES", "QUALITY * 4")],
    );
    assert_eq!(r.diagnostics, Vec::<String>::new());
    assert_eq!(r.normalized(), "3 * 4");
    let r = run_with(&[("t.wfx", "")], &[("1X", "1")]);
    assert_eq!(
        r.diagnostics,
        ["error[PreprocessorError]: '1X' : invalid macro name in a definition passed in"]
    );
}

#[test]
fn the_source_map_follows_includes_and_macro_expansions() {
    let header =
        "// helpers\n#define SCALE(x) ((x) * 2.0)\nfn f() -> f32 {\n    return SCALE(1.5);\n}\n";
    let main =
        "#include \"h.wfxh\"\n#define K BUFFER_WIDTH\nfn g() -> f32 {\n  return f() + K;\n}\n";
    let r = run(&[("main.wfx", main), ("h.wfxh", header)]);
    assert_eq!(r.diagnostics, Vec::<String>::new());
    // Body tokens map to the invocation, in the included file; argument tokens to themselves.
    assert_eq!(r.location_of("* 2.0", 0), "h.wfxh:4:12");
    assert_eq!(r.source_of("* 2.0", 0), "SCALE(1.5)");
    assert_eq!(r.location_of("1.5", 0), "h.wfxh:4:18");
    assert_eq!(r.source_of("1.5", 0), "1.5");
    // A nested expansion maps to the outermost invocation.
    assert_eq!(r.location_of("1280", 0), "main.wfx:4:16");
    assert_eq!(r.source_of("1280", 0), "K");
    // Copied text maps byte for byte, before and after expansions and includes.
    assert_eq!(r.location_of("return", 0), "h.wfxh:4:5");
    assert_eq!(r.location_of("return", 1), "main.wfx:4:3");
    assert_eq!(r.location_of(";", 1), "main.wfx:4:17");
    // A range from copied text through an expansion spans both.
    let start = r.pp.text.find("return f()").expect("in output");
    let end = r.pp.text.find("1280").expect("in output") + 4;
    let span = r.pp.span(start, end).expect("mapped");
    assert_eq!(
        &r.sources.get(span.file).text[span.start as usize..span.end as usize],
        "return f() + K"
    );
}

#[test]
fn lines_after_a_skipped_block_keep_their_line() {
    let source =
        "#if 0\nskipped\n  more skipped\n#elif \\\n  0\nalso\n#else\nkept\n#endif\nafter;\n";
    let r = run(&[("t.wfx", source)]);
    assert_eq!(r.normalized(), "kept after;");
    assert_eq!(r.location_of("kept", 0), "t.wfx:8:1");
    assert_eq!(r.location_of("after", 0), "t.wfx:10:1");
    // The output itself keeps the lines, so WGSL errors read the same line numbers.
    assert_eq!(r.pp.text.lines().position(|l| l == "after;"), Some(9));
    assert_eq!(r.pp.text.len(), source.len());
}

#[test]
fn wgsl_errors_inside_expansions_point_at_the_invocation() {
    let effect = "#define BAD(x) (x + undefined_name)\n\
fn f() -> f32 {\n  let a = 1.0;\n  return BAD(a);\n}\n";
    let memory = analysis::MemoryLoader(HashMap::from([(
        PathBuf::from("e.wfx"),
        effect.to_string(),
    )]));
    let out = analysis::load_effect_with(Path::new("e.wfx"), &memory, &Options::default());
    let d: Vec<String> = out
        .diagnostics
        .iter()
        .map(|d| d.render_short(&out.sources))
        .collect();
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0].starts_with(
            "e.wfx:4:10: error[UndeclaredIdentifier]: no definition in scope for identifier"
        ),
        "{}",
        d[0]
    );
}

#[test]
fn include_cycles_and_depth_are_errors() {
    check_files(
        &[
            ("a.wfx", "#include \"b.wfxh\"\n"),
            ("b.wfxh", "b\n#include \"a.wfx\"\n"),
        ],
        "b",
        &["b.wfxh:2:1: error[IncludeError]: 'a.wfx' : include cycle"],
    );
    let mut files: Vec<(String, String)> = (0..40)
        .map(|i| {
            (
                format!("f{i}.wfxh"),
                format!("#include \"f{}.wfxh\"\n", i + 1),
            )
        })
        .collect();
    files.push(("f40.wfxh".into(), "deep\n".into()));
    let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (&**p, &**t)).collect();
    let r = run(&files);
    assert_eq!(
        r.diagnostics,
        ["f31.wfxh:1:1: error[IncludeError]: 'f32.wfxh' : includes nested deeper than 32"]
    );
}

#[test]
fn hostile_input_gets_located_diagnostics() {
    // Exponential growth: each level doubles the one below.
    let mut source = String::from("#define L0 x x\n");
    for i in 1..=24 {
        source.push_str(&format!("#define L{i} L{} L{}\n", i - 1, i - 1));
    }
    source.push_str("ok L24 ok\n");
    let r = run(&[("t.wfx", &source)]);
    assert_eq!(
        r.diagnostics,
        ["t.wfx:26:4: error[PreprocessorError]: 'L24' : macro expansion exceeds 1048576 tokens"]
    );
    assert_eq!(r.normalized(), "ok ok");

    // Arguments nested deeper than the expansion limit.
    let depth = 300;
    let source = format!(
        "#define F(x) x\n{}1{}\n",
        "F(".repeat(depth),
        ")".repeat(depth)
    );
    let r = run(&[("t.wfx", &source)]);
    assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
    assert!(
        r.diagnostics[0]
            .contains("error[PreprocessorError]: 'F' : macro expansion nested deeper than 256"),
        "{}",
        r.diagnostics[0]
    );

    // Expressions nested deeper than the parser allows.
    let source = format!(
        "#if {}1{}\n#endif\n",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let r = run(&[("t.wfx", &source)]);
    assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
    assert!(r.diagnostics[0].ends_with("'(' : expression nested too deeply"));

    // Output beyond the limit: a 1 MiB header included twenty times.
    let big = "x".repeat(1 << 20);
    let main = "#include \"big.wfxh\"\n".repeat(20);
    let r = run(&[("main.wfx", &main), ("big.wfxh", &big)]);
    assert_eq!(
        r.diagnostics,
        ["big.wfxh:1:1: error[PreprocessorError]: '#include' : preprocessed output exceeds 16 MiB"]
    );
    assert!(r.pp.text.len() <= analysis::MAX_OUTPUT_BYTES);

    // Ten thousand nested groups, stray bytes and unfinished constructs.
    let source = format!(
        "{}\u{0}\u{7f}é#\"unterminated\n#define S(x) #x\nS(\"é\n#if 1 ? 2\n",
        "#if 1\n".repeat(10_000)
    );
    let r = run(&[("t.wfx", &source)]);
    assert_eq!(r.diagnostics.len(), 10_003, "{:?}", &r.diagnostics[..3]);
}

#[test]
fn performance_mode_and_version_macros() {
    let options = Options {
        mode: analysis::CompileMode::Performance,
        buffer_width: 1920,
        buffer_height: 1080,
        ..Options::default()
    };
    let defined: HashMap<String, String> =
        analysis::predefined_macros(&options).into_iter().collect();
    let value = |name: &str| defined.get(name).map(String::as_str);
    assert_eq!(value("__FXBENCH__"), Some("100"));
    assert_eq!(value("__FXBENCH_PERFORMANCE_MODE__"), Some("1"));
    assert_eq!(value("__RESHADE__"), Some("60000"));
    assert_eq!(value("__RESHADE_PERFORMANCE_MODE__"), Some("1"));
    assert_eq!(value("BUFFER_WIDTH"), Some("1920"));
    assert_eq!(value("BUFFER_HEIGHT"), Some("1080"));
    assert_eq!(
        value("BUFFER_RCP_HEIGHT"),
        Some(&*format!("{:?}", 1.0 / 1080.0))
    );
    assert_eq!(value("BUFFER_COLOR_BIT_DEPTH"), Some("8"));
}

/// A small deterministic generator (xorshift) of directive and macro soup.
fn soup(seed: u64, pieces: usize) -> String {
    const PIECES: [&str; 32] = [
        "#define A(x) x A B\n",
        "#define B A(",
        "#define C C C\n",
        "#undef A\n",
        "#if A(1) + B\n",
        "#ifdef C\n",
        "#elif 1/0\n",
        "#else\n",
        "#endif\n",
        "#include \"s.wfxh\"\n",
        "A(",
        ")",
        ",",
        "B",
        "C",
        "\"str",
        "\"",
        "/*",
        "*/",
        "//",
        "\\\n",
        "\n",
        " ",
        "#",
        "##",
        "#x",
        "é",
        "\u{0}",
        "#pragma once\n",
        "#error e\n",
        "defined",
        "(",
    ];
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut out = String::new();
    for _ in 0..pieces {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        out.push_str(PIECES[(state % PIECES.len() as u64) as usize]);
    }
    out
}

#[test]
fn every_output_byte_maps_inside_its_file_for_arbitrary_input() {
    for seed in 0..300 {
        let main = soup(seed, 60);
        let header = soup(seed + 1000, 20);
        let r = run(&[("m.wfx", &main), ("s.wfxh", &header)]);
        for i in 0..r.pp.text.len() {
            let span = r.pp.span(i, i + 1).expect("mapped");
            let len = r.sources.get(span.file).text.len() as u32;
            assert!(
                span.start <= span.end && span.end <= len,
                "seed {seed}: byte {i} maps to {span:?} in a file of {len} bytes"
            );
        }
        // Every diagnostic is located in one of the two files.
        assert!(
            r.diagnostics
                .iter()
                .all(|d| d.starts_with("m.wfx:") || d.starts_with("s.wfxh:")),
            "seed {seed}: {:?}",
            r.diagnostics
        );
    }
}

#[test]
fn line_and_file_macros_say_where_they_are_used() {
    check_files(
        &[
            (
                "fx/main.wfx",
                "a __LINE__\n#include \"inc.wfxh\"\n#define HERE __LINE__\nb HERE\n",
            ),
            (
                "fx/inc.wfxh",
                "\nc __LINE__ __FILE__ __FILE_NAME__ __FILE_STEM__\n",
            ),
        ],
        "a 1 c 2 \"fx/inc.wfxh\" \"inc.wfxh\" \"inc\" b 4",
        &[],
    );
    // `#line` renumbers the lines after it (and may rename the file); `#ifdef` sees them.
    check(
        "#line 100\nx __LINE__\n\ny __LINE__\n#line 7 \"other.fx\"\nz __LINE__ __FILE__\n\
         #if defined(__LINE__) && __LINE__ == 8\nyes\n#endif\n",
        "x 100 y 102 z 7 \"other.fx\" yes",
        &[],
    );
    check(
        "#line\n#line 0\n#line 3 name\n#define __FILE__ 1\n",
        "",
        &[
            "t.wfx:1:1: error[PreprocessorError]: '#line' : expected a line number from 1 to 4294967295",
            "t.wfx:2:1: error[PreprocessorError]: '#line' : expected a line number from 1 to 4294967295",
            "t.wfx:3:9: error[PreprocessorError]: '#line' : expected a file name in quotes, found 'name'",
            "t.wfx:4:9: error[PreprocessorError]: '__FILE__' : cannot be used as a macro name",
        ],
    );
}

/// Preprocesses `files[0]` as a ReShade FX effect (its dialect, prelude and predefined macros):
/// the output, whitespace collapsed, and the preprocessor's diagnostics (the parser's left out).
fn run_fx(files: &[(&str, &str)]) -> (String, Vec<String>) {
    let memory = analysis::MemoryLoader(
        files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect(),
    );
    let out = analysis::fx::parse_effect_source(
        Path::new(files[0].0),
        files[0].1.to_string(),
        &memory,
        &Options::default(),
    );
    let diagnostics = out
        .diagnostics
        .iter()
        .filter(|d| {
            use analysis::DiagnosticCode as C;
            matches!(
                d.code,
                C::PreprocessorError
                    | C::PreprocessorWarning
                    | C::IncludeError
                    | C::MacroRedefinition
            )
        })
        .map(|d| d.render_short(&out.sources))
        .collect();
    (normalize(&out.preprocessed.text), diagnostics)
}

fn check_fx(source: &str, output: &str, diagnostics: &[&str]) {
    let (text, found) = run_fx(&[("t.fx", source)]);
    assert_eq!(text, normalize(output), "input: {source:?}");
    assert_eq!(found, diagnostics, "input: {source:?}");
}

#[test]
fn fx_defining_a_defined_macro_is_an_error_and_the_first_definition_stays() {
    check_fx(
        "#define A 1\n#define A 2\n#define A 1\nA\n#define  BUFFER_WIDTH 5\n#define tex2Dgather0 x\n\
         #undef A\n#define A 3\nA BUFFER_WIDTH\n#if 0\n#define A 4\n#endif\nA\n",
        "1 3 1280 3",
        &[
            "t.fx:2:9: error[MacroRedefinition]: 'A' : macro redefinition\n  t.fx:1:1: previous definition",
            "t.fx:3:9: error[MacroRedefinition]: 'A' : macro redefinition\n  t.fx:1:1: previous definition",
            "t.fx:5:10: error[MacroRedefinition]: 'BUFFER_WIDTH' : macro redefinition\n  note: it was predefined",
            "t.fx:6:9: error[MacroRedefinition]: 'tex2Dgather0' : macro redefinition\n  <reshade prelude>:5:1: previous definition",
        ],
    );
    // `__LINE__` may be defined (ReShade's own value still wins), but only once.
    check_fx(
        "#define __LINE__ 9
__LINE__
#define __LINE__ 9
",
        "2",
        &[
            "t.fx:3:9: error[MacroRedefinition]: '__LINE__' : macro redefinition\n  t.fx:1:1: previous definition",
        ],
    );
}

#[test]
fn fx_function_like_macro_names_need_a_parenthesis_on_their_line() {
    check_fx(
        "#define F(x) [x]\na F b\nc F= d\ne F\n(f)\ng F (h)\ni F/**/= j\n#define G F\nk G l\n\
         #if F == 0\nzero\n#endif\n",
        "a b c F= d e F (f) g [h] i F/**/= j k l zero",
        &[],
    );
}

#[test]
fn fx_every_elif_of_a_read_group_is_evaluated() {
    check_fx(
        "#if 1\none\n#elif 1 / 0\ntwo\n#elif (\n#endif\n#if 0\n#if 1\n#elif 1 / 0\n#endif\n#endif\n\
         #if 0\n#else\n#elif 1 / 0\n#else\n#endif\n",
        "one",
        &[
            // As ReShade's compiler reports them (line, column and words).
            "t.fx:3:11: error[PreprocessorError]: division by zero",
            "t.fx:5:7: error[PreprocessorError]: unmatched ')'",
            "t.fx:14:1: error[PreprocessorError]: '#elif' : after #else",
            "t.fx:15:1: error[PreprocessorError]: '#else' : after #else",
        ],
    );
}

#[test]
fn fx_tokens_after_operands_are_errors_where_reshade_reads_the_line_end() {
    check_fx(
        "#if 1\n#else junk\n#endif junk\n#ifdef A junk\n#endif // fine\n#undef A junk\n\
         #if 0\n#else code\n#endif /* fine */\n#if 0\n#endif more\n#if 0\n#if 1\n#endif skipped\n\
         #endif\n#line 30 junk\n#pragma once junk\n#if 1\n#elif 1\n#else hidden\n#endif\n",
        // The `#endif` on line 3 ends the skipped `#else` branch: its `junk` is text again.
        "junk code more",
        &[
            "t.fx:2:7: error[PreprocessorError]: '#else' : unexpected token 'junk' after the directive",
            "t.fx:4:10: error[PreprocessorError]: '#ifdef' : unexpected token 'junk' after the directive",
            "t.fx:6:10: error[PreprocessorError]: '#undef' : unexpected token 'junk' after the directive",
        ],
    );
}

#[test]
fn fx_include_pragma_and_message_operands() {
    let (text, diagnostics) = run_fx(&[
        (
            "t.fx",
            "#include <h.fxh>\n#include 5\n#include\n#pragma\n#pragma 5\n#pragma \"x\"\n\
             #warning careful\n#warning \"careful\" junk\n#error\n#include \"h.fxh\" junk\n",
        ),
        ("h.fxh", "from_h\n"),
    ]);
    assert_eq!(text, "from_h");
    assert_eq!(
        diagnostics,
        [
            "t.fx:1:10: error[PreprocessorError]: '#include' : expected a file name in quotes, found '<'",
            "t.fx:2:10: error[PreprocessorError]: '#include' : expected a file name in quotes, found '5'",
            "t.fx:3:9: error[PreprocessorError]: '#include' : expected a file name in quotes before the line ends",
            "t.fx:4:8: error[PreprocessorError]: '#pragma' : expected a name before the line ends",
            "t.fx:5:9: error[PreprocessorError]: '#pragma' : expected a name, found '5'",
            "t.fx:6:9: error[PreprocessorError]: '#pragma' : expected a name, found '\"x\"'",
            "t.fx:7:10: error[PreprocessorError]: '#warning' : expected a string, found 'careful'",
            "t.fx:8:1: warning[PreprocessorWarning]: '#warning' : \"careful\"",
            "t.fx:8:20: error[PreprocessorError]: '#warning' : unexpected token 'junk' after the directive",
            "t.fx:9:7: error[PreprocessorError]: '#error' : expected a string before the line ends",
            "t.fx:10:18: error[PreprocessorError]: '#include' : unexpected token 'junk' after the directive",
        ]
    );
}

#[test]
fn fx_directive_operands_after_a_line_join() {
    // ReShade reads an operand on the line after a `\` as the directive's own (`#line` is in
    // the conformance cases: preprocessor/line_joined.fx).
    let (text, diagnostics) = run_fx(&[
        (
            "t.fx",
            "#include \\\n  \"h.fxh\"\n#warning \\\n\"careful\"\nafter\n",
        ),
        ("h.fxh", "from_h\n"),
    ]);
    assert_eq!(text, "from_h after");
    assert_eq!(
        diagnostics,
        ["t.fx:3:1: warning[PreprocessorWarning]: '#warning' : \"careful\""]
    );
}
