//! `fxbench debug` end to end: the trace of a pixel as text, a compute thread's as JSON, and
//! requests it cannot serve (exit 2 with the located reason).
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::process::{Command, Output};

const EFFECT: &str = "tests/debugger/trace.fx";

fn debug(args: &[&str]) -> (Output, String, String) {
    debug_effect(EFFECT, args)
}

fn debug_effect(effect: &str, args: &[&str]) -> (Output, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["debug", "--effect", effect, "--resolution", "8x4"])
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output, stdout, stderr)
}

#[test]
fn a_pixel_trace_prints_line_variable_and_value() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (output, stdout, stderr) = debug(&["--pass", "Trace/Draw", "--pixel", "1,2"]);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 33, "{stdout}");
    assert_eq!(
        lines[0],
        format!("{EFFECT}: Trace/Draw at pixel 1,2: 32 records")
    );
    assert_eq!(lines[1], format!("{EFFECT}:12: x = 1.0"));
    // Which branch ran: x < 2.0 at pixel 1.
    assert_eq!(lines[2], format!("{EFFECT}:14: if = true"));
    assert_eq!(lines[13], format!("{EFFECT}:8: Twice(x) = 1.0"));
    assert_eq!(
        lines[24],
        format!("{EFFECT}:21: m = float2x2(1.0, 2.0, 3.0, 4.0)")
    );
    assert_eq!(lines[31], format!("{EFFECT}:29: if = false"));
    assert_eq!(
        lines[32],
        format!("{EFFECT}:30: return PS = float4(10.0, 3.0, 1.0, 10.0)")
    );
}

/// The `.wfx` twin of the fixture, instrumented through naga IR: the same lines in WGSL words.
#[test]
fn a_wfx_pixel_trace_prints_line_variable_and_value() {
    if engine::testing::gpu().is_none() {
        return;
    }
    const WFX: &str = "tests/debugger/trace.wfx";
    let (output, stdout, stderr) = debug_effect(WFX, &["--pass", "Trace/Draw", "--pixel", "5,0"]);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 31, "{stdout}");
    assert_eq!(
        lines[0],
        format!("{WFX}: Trace/Draw at pixel 5,0: 30 records")
    );
    assert_eq!(lines[1], format!("{WFX}:12: x = 5.0"));
    // Which branch ran: x < 2.0 is false at pixel 5.
    assert_eq!(lines[3], format!("{WFX}:14: if = false"));
    assert_eq!(lines[4], format!("{WFX}:14: k = 20.0"));
    assert_eq!(lines[14], format!("{WFX}:8: Twice(x) = 5.0"));
    assert_eq!(lines[21], format!("{WFX}:7: *v = 1.5"));
    assert_eq!(
        lines[23],
        format!("{WFX}:20: m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0)")
    );
    assert_eq!(
        lines[29],
        format!("{WFX}:27: q = Pair {{ a = 1.5, b = vec2<i32>(7, 3) }}")
    );
    assert_eq!(
        lines[30],
        format!("{WFX}:28: return PS = vec4<f32>(20.0, 11.0, 1.0, 20.0)")
    );
}

#[test]
fn a_compute_thread_trace_as_json() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (output, stdout, stderr) = debug(&[
        "--pass",
        "TraceCompute/0",
        "--pixel",
        "2,3,0",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["compute"], true);
    assert_eq!(json["written"], 1);
    assert_eq!(json["cut"], false);
    let record = &json["records"][0];
    assert_eq!(record["line"], 38);
    assert_eq!(record["kind"], "declaration");
    assert_eq!(record["name"], "v");
    assert_eq!(record["function"], "CS");
    assert_eq!(record["type"], "float");
    assert_eq!(record["value"], "23.0");
    assert_eq!(record["words"][0], 23.0f32.to_bits());
}

#[test]
fn requests_it_cannot_serve_exit_2_with_the_reason() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (output, stdout, stderr) = debug(&["--pass", "Trace/Draw", "--pixel", "9,0"]);
    assert_eq!(output.status.code(), Some(2), "{stdout}\n{stderr}");
    assert_eq!(
        stderr,
        format!(
            "fxbench debug: cannot run: {EFFECT}:42:19: pass 'Trace/Draw': shader debugger: \
             pixel 9,0 is outside the pass's 8x4 target\n"
        )
    );
    let (output, _, stderr) = debug(&["--pass", "Trace/Nope", "--pixel", "0,0"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr,
        "fxbench debug: cannot run: technique 'Trace' has no pass 'Nope' (its passes: Draw)\n"
    );
}

#[test]
fn a_pixel_history_lists_every_pass_with_what_kept_the_value() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let effect = "tests/debugger/history.fx";
    let output = Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["debug", "--effect", effect, "--resolution", "8x4"])
        .args(["--input", "tests/debugger/flat_8x4.png"])
        .args(["--history", "--pixel", "6,1"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 7, "{stdout}");
    assert_eq!(lines[0], format!("{effect}: pixel 6,1: 3 passes"));
    assert!(lines[1].starts_with("History/Write (draw, "), "{stdout}");
    assert_eq!(
        lines[2],
        "  history.fx: HistoryTex [6,1]: before (0, 0, 0, 0), returned (0.8117647, 0.3764706, \
         0.2509804, 1), after (0.8117647, 0.3764706, 0.2509804, 1)"
    );
    assert!(
        lines[3].starts_with("History/Blend (draw, 0 fragment(s), 0 past"),
        "{stdout}"
    );
    assert_eq!(
        lines[4],
        "  back buffer [6,1]: before (0.4, 0.2, 0.8, 1), after (0.4, 0.2, 0.8, 1) (unchanged): \
         discarded"
    );
    assert!(lines[5].ends_with(", 0 past the stencil test)"), "{stdout}");
    assert_eq!(
        lines[6],
        "  back buffer [6,1]: before (0.4, 0.2, 0.8, 1), returned (0.2509804, 0.1254902, 0, 0), \
         after (0.4, 0.2, 0.8, 1) (unchanged): stencil test failed"
    );

    let output = Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["debug", "--effect", effect, "--resolution", "8x4"])
        .args(["--history", "--pixel", "8,0"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("pixel 8,0 is outside the 8x4 back buffer"),
        "{stderr}"
    );
}
