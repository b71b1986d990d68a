//! `fxbench check` end to end: exit status, and diagnostics as text, JSON and SARIF, for effects
//! and plain WGSL files.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh folder for one test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-check-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `fxbench check ARGS` in `dir`.
fn check(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .arg("check")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// An effect whose only error is an unknown pass state, `Bogus` on line 6, columns 60..65.
const BROKEN_EFFECT: &str = "\
#include \"shaders/fxbench.wfxh\"

@fragment
fn PS(in: PostProcessOut) -> @location(0) vec4<f32> { return BackBufferLoad(in.position); }
technique T {
    pass { VertexShader = PostProcessVS; PixelShader = PS; Bogus = 1; }
}
";

/// WGSL with a type error: returning a `u32` from a function declared to return `f32`.
const BROKEN_WGSL: &str = "\
// A type error.
fn f() -> f32 {
    return 1u;
}
";

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

#[test]
fn shipped_effects_are_clean() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut effects: Vec<String> = std::fs::read_dir(&assets)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".wfx"))
        .collect();
    effects.sort();
    assert!(effects.len() >= 2, "{effects:?}");
    let mut args = vec!["--format", "json"];
    args.extend(effects.iter().map(String::as_str));
    let output = check(&assets, &args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "{\"diagnostics\":[]}\n");

    let output = check(
        &assets,
        &effects.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!("checked {} files: 0 errors, 0 warnings\n", effects.len())
    );
}

#[test]
fn effect_error_is_exit_1_with_exact_json_range() {
    let dir = temp_dir("effect-json");
    write(&dir, "broken.wfx", BROKEN_EFFECT);
    let output = check(&dir, &["--format", "json", "broken.wfx"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let offset = BROKEN_EFFECT.find("Bogus").unwrap();
    assert_eq!(offset, 208);
    assert_eq!(
        stdout(&output),
        concat!(
            r#"{"diagnostics":[{"file":"broken.wfx","severity":"error","code":"InvalidRenderStateName","#,
            r#""message":"'Bogus' : unknown pass state","#,
            r#""range":{"start":{"line":6,"column":60,"offset":208},"end":{"line":6,"column":65,"offset":213}}}]}"#,
            "\n"
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn effect_error_in_human_form_shows_the_line_and_carets() {
    let dir = temp_dir("effect-human");
    write(&dir, "broken.wfx", BROKEN_EFFECT);
    let output = check(&dir, &["broken.wfx"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let carets = format!("  | {}^^^^^", " ".repeat(59));
    let expected = format!(
        "\
broken.wfx:6:60: error[InvalidRenderStateName]: 'Bogus' : unknown pass state
  |
4 | fn PS(in: PostProcessOut) -> @location(0) vec4<f32> {{ return BackBufferLoad(in.position); }}
5 | technique T {{
6 |     pass {{ VertexShader = PostProcessVS; PixelShader = PS; Bogus = 1; }}
{carets}
7 | }}

checked 1 file: 1 error, 0 warnings
"
    );
    assert_eq!(stdout(&output), expected);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `#line 100` on line 2: the error on line 5 is reported on line 102 (as ReShade reports it),
/// in the human form (with a note giving the real line the snippet shows) and in JSON (the
/// range stays the real text, `presumed` is the reported place).
#[test]
fn a_line_directive_renumbers_the_reported_location() {
    let dir = temp_dir("line-directive");
    let text = "// An error after #line.\n#line 100\nfloat4 PS(float4 p : SV_Position) : SV_Target\n\
                {\n    float a = ;\n    return 0;\n}\n";
    write(&dir, "renumbered.fx", text);
    let output = check(&dir, &["renumbered.fx"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let human = stdout(&output);
    let first = human.lines().next().unwrap();
    assert!(
        first.starts_with("renumbered.fx:102:") && first.contains("error[SyntaxError]"),
        "{human}"
    );
    assert!(human.contains("5 |     float a = ;"), "{human}");
    assert!(
        human.contains("= note: the text is at renumbered.fx:5:"),
        "{human}"
    );
    let output = check(&dir, &["--format", "json", "renumbered.fx"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let d = &json["diagnostics"][0];
    assert_eq!(d["range"]["start"]["line"], 5, "{d}");
    assert_eq!(d["presumed"]["line"], 102, "{d}");
    assert_eq!(d["presumed"]["file"], "renumbered.fx", "{d}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn target_decides_what_a_wgsl_file_may_use() {
    let dir = temp_dir("target");
    write(
        &dir,
        "wide.wgsl",
        "// 64-bit integers.\nfn wide(x: i32) -> i64 {\n    return i64(x);\n}\n",
    );
    // Plain WGSL defaults to the native target, where 64-bit integers exist.
    let output = check(&dir, &["wide.wgsl"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let output = check(&dir, &["--target", "native", "wide.wgsl"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));

    let output = check(
        &dir,
        &["--target", "webgpu", "--format", "json", "wide.wgsl"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let diagnostics = json["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{json}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "MissingCapability");
    assert_eq!(
        d["message"],
        "the shader uses 64-bit integers, which the webgpu target does not offer"
    );
    assert_eq!(d["range"]["start"]["line"], 2, "{d}");
    assert_eq!(d["range"]["start"]["column"], 20, "{d}");
    assert_eq!(d["range"]["end"]["column"], 23, "{d}");

    let output = check(&dir, &["--target", "metal", "wide.wgsl"]);
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn wgsl_type_error_is_exit_1_with_exact_position() {
    let dir = temp_dir("wgsl");
    write(&dir, "broken.wgsl", BROKEN_WGSL);
    write(&dir, "fine.wgsl", "fn g() -> f32 { return 1.0; }\n");
    let output = check(&dir, &["--format", "json", "fine.wgsl", "broken.wgsl"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let diagnostics = json["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{json}");
    let d = &diagnostics[0];
    assert_eq!(d["file"], "broken.wgsl");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["code"], "ReturnTypeMismatch");
    assert_eq!(d["range"]["start"]["line"], 3, "{d}");
    assert_eq!(d["range"]["start"]["column"], 12, "{d}");

    let output = check(&dir, &["fine.wgsl"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sarif_for_several_files_is_one_log() {
    let dir = temp_dir("sarif");
    write(&dir, "broken.wfx", BROKEN_EFFECT);
    write(&dir, "broken.wgsl", BROKEN_WGSL);
    let output = check(&dir, &["--format", "sarif", "broken.wfx", "broken.wgsl"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let log: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(log["version"], "2.1.0");
    assert!(log["$schema"].as_str().unwrap().contains("sarif"));
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0]["tool"]["driver"]["name"], "fxbench");
    let rules: Vec<&str> = runs[0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["InvalidRenderStateName", "ReturnTypeMismatch"]);
    let results = runs[0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    let effect = &results[0];
    assert_eq!(effect["ruleId"], "InvalidRenderStateName");
    assert_eq!(effect["level"], "error");
    assert_eq!(effect["message"]["text"], "'Bogus' : unknown pass state");
    let location = &effect["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "broken.wfx");
    assert_eq!(location["region"]["startLine"], 6);
    assert_eq!(location["region"]["startColumn"], 60);
    assert_eq!(location["region"]["endColumn"], 65);
    assert_eq!(location["region"]["charOffset"], 208);
    assert_eq!(location["region"]["charLength"], 5);
    let wgsl = &results[1];
    assert_eq!(wgsl["ruleId"], "ReturnTypeMismatch");
    assert_eq!(
        wgsl["locations"][0]["physicalLocation"]["region"]["startLine"],
        3
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unreadable_file_is_exit_2_naming_it() {
    let dir = temp_dir("unreadable");
    write(&dir, "fine.wgsl", "fn g() -> f32 { return 1.0; }\n");
    let output = check(&dir, &["fine.wgsl", "missing.wfx"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("'missing.wfx'"),
        "{}",
        stderr(&output)
    );
    assert_eq!(stdout(&output), "");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_are_exit_2() {
    let dir = temp_dir("usage");
    write(&dir, "fine.wgsl", "fn g() -> f32 { return 1.0; }\n");
    write(&dir, "notes.txt", "");
    for args in [
        &["--format", "xml", "fine.wgsl"][..],
        &["--frobnicate", "fine.wgsl"],
        &["-D", "1X=2", "fine.wgsl"],
        &[],
        &["notes.txt"],
    ] {
        let output = check(&dir, args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).is_empty(), "{args:?}");
    }
    let output = check(&dir, &["-D", "QUALITY=2", "-DFAST", "fine.wgsl"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn definitions_reach_the_preprocessor() {
    let dir = temp_dir("defines");
    let effect = BROKEN_EFFECT.replace("Bogus = 1; ", "").replace(
        "@fragment",
        "#if QUALITY < 2\nfn low() -> f32 { return undefined_name; }\n#endif\n@fragment",
    );
    write(&dir, "q.wfx", &effect);
    let output = check(&dir, &["--format", "json", "q.wfx"]);
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert!(
        stdout(&output).contains("undefined_name"),
        "{}",
        stdout(&output)
    );
    let output = check(&dir, &["--format", "json", "-D", "QUALITY=2", "q.wfx"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert_eq!(stdout(&output), "{\"diagnostics\":[]}\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_checks_the_effects_in_it() {
    let dir = temp_dir("folder");
    let shaders = dir.join("Shaders");
    std::fs::create_dir_all(&shaders).unwrap();
    write(&shaders, "Broken.wfx", BROKEN_EFFECT);
    write(
        &shaders,
        "Tint.fx",
        "#include \"ReShade.fxh\"\n\
         float4 TintPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target\n\
         { return tex2D(ReShade::BackBuffer, uv) * 0.5; }\n\
         technique Tint { pass { VertexShader = PostProcessVS; PixelShader = TintPS; } }\n",
    );
    // Headers and other files are not checked on their own.
    write(&shaders, "Common.fxh", "this is not checked on its own");
    write(&shaders, "notes.txt", "neither is this");
    let output = check(&dir, &["Shaders"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr(&output));
    assert!(
        text.contains("checked 2 files: 1 error, 0 warnings"),
        "{text}"
    );
    assert!(text.contains("Broken.wfx:6:"), "{text}");
    assert!(!text.contains("Tint.fx:"), "{text}");

    // Subfolders are searched too (a collection's root holds `Shaders/`), hidden ones are not.
    let hidden = dir.join(".git");
    std::fs::create_dir_all(&hidden).unwrap();
    write(&hidden, "Stale.wfx", BROKEN_EFFECT);
    let output = check(&dir, &["."]);
    let text = stdout(&output);
    assert!(
        text.contains("checked 2 files: 1 error, 0 warnings"),
        "{text}"
    );
    assert!(!text.contains("Stale.wfx"), "{text}");
}

#[test]
fn include_search_paths_are_searched_with_their_subfolders() {
    let dir = temp_dir("include");
    let shaders = dir.join("Shaders");
    let library = dir.join("Library").join("Common");
    std::fs::create_dir_all(&shaders).unwrap();
    std::fs::create_dir_all(&library).unwrap();
    // The header lives two levels below the search path, its name in another case.
    write(
        &library,
        "Tones.FXH",
        "float3 Warm(float3 c) { return c * float3(1.1, 1.0, 0.9); }\n",
    );
    write(
        &shaders,
        "Warm.fx",
        "#include \"ReShade.fxh\"\n#include \"tones.fxh\"\n\
         float4 WarmPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target\n\
         { return float4(Warm(tex2D(ReShade::BackBuffer, uv).rgb), 1); }\n\
         technique Warm { pass { VertexShader = PostProcessVS; PixelShader = WarmPS; } }\n",
    );
    // A Latin-1 comment (not UTF-8), as effects written on Windows have: read as ReShade does.
    let mut bytes = std::fs::read(shaders.join("Warm.fx")).unwrap();
    bytes.extend(b"// r\xe9glages chauds\n");
    std::fs::write(shaders.join("Warm.fx"), bytes).unwrap();
    let without = check(&dir, &["Shaders/Warm.fx"]);
    let text = stdout(&without);
    assert_eq!(without.status.code(), Some(1), "{text}");
    assert!(
        text.contains("Warm.fx:2:1: error[IncludeError]: 'tones.fxh'"),
        "{text}"
    );
    let with = check(&dir, &["-I", "Library", "Shaders/Warm.fx"]);
    let text = stdout(&with);
    assert_eq!(with.status.code(), Some(0), "{text}{}", stderr(&with));
    assert!(text.contains("checked 1 file: 0 errors"), "{text}");
}
