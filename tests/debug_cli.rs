//! `fxbench debug` end to end: the trace of a pixel as text, a compute thread's as JSON, and
//! requests it cannot serve (exit 2 with the located reason).
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::process::{Command, Output};

const EFFECT: &str = "tests/debugger/trace.fx";

fn debug(args: &[&str]) -> (Output, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["debug", "--effect", EFFECT, "--resolution", "8x4"])
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
    assert_eq!(lines.len(), 31, "{stdout}");
    assert_eq!(
        lines[0],
        format!("{EFFECT}: Trace/Draw at pixel 1,2: 30 records")
    );
    assert_eq!(lines[1], format!("{EFFECT}:12: x = 1.0"));
    assert_eq!(lines[12], format!("{EFFECT}:8: Twice(x) = 1.0"));
    assert_eq!(
        lines[23],
        format!("{EFFECT}:21: m = float2x2(1.0, 2.0, 3.0, 4.0)")
    );
    assert_eq!(
        lines[30],
        format!("{EFFECT}:30: return PS = float4(10.0, 3.0, 1.0, 10.0)")
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
