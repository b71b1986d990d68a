//! Device limits an effect exceeds (#23): `fxbench render` stops with a located error naming the
//! limit, the value and this device's maximum (exit 1, no panic), and `fxbench check --target
//! device` reports the same at the same place. The limits are read from the device the tests
//! run on (lavapipe on CI), so each case exceeds that device's maximum by one.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh folder for one test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-limits-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The limits of the adapter `render` and `check --target device` use, or `None` (the test
/// skips) without one unless `FXBENCH_REQUIRE_GPU=1`.
fn device_limits() -> Option<wgpu::Limits> {
    engine::testing::gpu().map(|ctx| ctx.device.limits())
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `render` of `file` in `dir` fails with exit status 1 and `expected` (a located message) on
/// stderr, without a panic or an image.
fn assert_render_fails(dir: &Path, file: &str, expected: &str) {
    let output = run(
        dir,
        &[
            "render",
            "--effect",
            file,
            "--size",
            "16x16",
            "--out",
            "never.png",
        ],
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(expected),
        "expected '{expected}' in:\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!dir.join("never.png").exists());
}

/// `check --target device` of `file` in `dir` exits 1 with exactly the `expected` errors
/// (`line:column: message` each) as `LimitExceeded`, in order.
fn assert_check_reports(dir: &Path, file: &str, expected: &[String]) {
    let output = run(
        dir,
        &["check", "--target", "device", "--format", "json", file],
    );
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let found: Vec<String> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            assert_eq!(d["code"], "LimitExceeded", "{d}");
            let start = &d["range"]["start"];
            let message = d["message"].as_str().unwrap();
            format!("{}:{}: {message}", start["line"], start["column"])
        })
        .collect();
    assert_eq!(found, expected, "{stdout}");
    let human = run(dir, &["check", "--target", "device", file]);
    let first = format!(
        "{file}:{}",
        expected[0].replacen(": ", ": error[LimitExceeded]: ", 1)
    );
    assert!(
        text(&human.stdout).contains(&first),
        "expected '{first}' in:\n{}",
        text(&human.stdout)
    );
}

/// A compute-only effect: `FillCS<X, Y>` dispatched `groups` times, its pass on line 6,
/// column 5.
fn compute_effect(threads: (u32, u32), groups: (u32, u32)) -> String {
    format!(
        "texture OutTex {{ Width = 16; Height = 16; Format = RGBA8; }};
storage2D OutStorage {{ Texture = OutTex; }};
void FillCS(uint3 id : SV_DispatchThreadID) {{ tex2Dstore(OutStorage, int2(id.xy), float4(1, 0, 0, 1)); }}
technique Big
{{
    pass Fill {{ ComputeShader = FillCS<{}, {}>; DispatchSizeX = {}; DispatchSizeY = {}; }}
}}
",
        threads.0, threads.1, groups.0, groups.1
    )
}

#[test]
fn a_dispatch_beyond_the_device_is_a_located_error_in_render_and_check() {
    let Some(limits) = device_limits() else {
        return;
    };
    let dir = temp_dir("dispatch");
    let max = limits.max_compute_workgroups_per_dimension;
    // 65535 on lavapipe and most devices: the issue's `DispatchSizeX = 65536`.
    std::fs::write(
        dir.join("Dispatch.fx"),
        compute_effect((1, 1), (max + 1, 1)),
    )
    .unwrap();
    let message = format!(
        "technique 'Big', pass 'Fill': DispatchSizeX is {} but this device allows at most {max} \
         (max_compute_workgroups_per_dimension)",
        max + 1
    );
    assert_render_fails(&dir, "Dispatch.fx", &format!("Dispatch.fx:6:5: {message}"));
    assert_check_reports(&dir, "Dispatch.fx", &[format!("6:5: {message}")]);

    // At the limit it renders (a 1x1 workgroup writes one texel per group).
    std::fs::write(dir.join("Fits.fx"), compute_effect((1, 1), (max, 1))).unwrap();
    let output = run(&dir, &["check", "--target", "device", "Fits.fx"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_workgroup_beyond_the_device_is_a_located_error_in_render_and_check() {
    let Some(limits) = device_limits() else {
        return;
    };
    let dir = temp_dir("workgroup");
    let x = limits.max_compute_workgroup_size_x + 1;
    std::fs::write(dir.join("Workgroup.fx"), compute_effect((x, 1), (1, 1))).unwrap();
    let size = format!(
        "technique 'Big', pass 'Fill': the workgroup size of its compute shader in x is {x} but \
         this device allows at most {} (max_compute_workgroup_size_x)",
        limits.max_compute_workgroup_size_x
    );
    let invocations = format!(
        "technique 'Big', pass 'Fill': the invocations per workgroup of its compute shader \
         ({x}x1x1) is {x} but this device allows at most {} \
         (max_compute_invocations_per_workgroup)",
        limits.max_compute_invocations_per_workgroup
    );
    assert!(x > limits.max_compute_invocations_per_workgroup);
    assert_render_fails(&dir, "Workgroup.fx", &format!("Workgroup.fx:6:5: {size}"));
    assert_check_reports(
        &dir,
        "Workgroup.fx",
        &[format!("6:5: {size}"), format!("6:5: {invocations}")],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `count` samplers of one texture, all read by the pixel shader of the one pass (line
/// `count + 4`, column 5).
fn sampler_effect(count: u32) -> String {
    let mut fx = String::from(
        "#include \"ReShade.fxh\"\ntexture Src { Width = 4; Height = 4; Format = RGBA8; };\n",
    );
    for i in 0..count {
        fx.push_str(&format!("sampler S{i} {{ Texture = Src; }};\n"));
    }
    fx.push_str("float4 ManyPS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target {\n    float4 sum = 0;\n");
    for i in 0..count {
        fx.push_str(&format!("    sum += tex2D(S{i}, uv);\n"));
    }
    fx.push_str(
        "    return sum;\n}\ntechnique Many\n{\n    pass Sum { VertexShader = PostProcessVS; PixelShader = ManyPS; }\n}\n",
    );
    fx
}

#[test]
fn too_many_samplers_in_one_pass_is_a_located_error_in_render_and_check() {
    let Some(limits) = device_limits() else {
        return;
    };
    let max = limits.max_samplers_per_shader_stage;
    let dir = temp_dir("samplers");
    std::fs::write(dir.join("Samplers.fx"), sampler_effect(max + 1)).unwrap();
    // Line: include, texture, the samplers, the function (3 + count lines, 1 + count + 3),
    // `technique`, `{`, then the pass.
    let line = 2 + (max + 1) + 2 + (max + 1) + 2 + 3;
    let message = format!(
        "technique 'Many', pass 'Sum': the samplers its shaders use is {} but this device allows \
         at most {max} (max_samplers_per_shader_stage)",
        max + 1
    );
    assert_render_fails(
        &dir,
        "Samplers.fx",
        &format!("Samplers.fx:{line}:5: {message}"),
    );
    assert_check_reports(&dir, "Samplers.fx", &[format!("{line}:5: {message}")]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The effect: a local array of 2^28 floats (1 GiB), which Mesa's compiler crashed on.
/// ReShade FX caps an array at 65536 elements, so it is written in WGSL (`.wfx`).
const HUGE_LOCAL_ARRAY: &str = "#include \"shaders/fxbench.wfxh\"
@fragment
fn HugePS(in: PostProcessOut) -> @location(0) vec4<f32> {
    var big: array<f32, 268435456>;
    big[u32(in.position.x)] = in.uv.x;
    return vec4<f32>(big[u32(in.position.y)]);
}
technique Huge { pass { VertexShader = PostProcessVS; PixelShader = HugePS; } }
";

/// In ReShade FX: two arrays of 65536 float4s (1 MiB each) in a function the pixel shader
/// calls, beside a small one of its own.
const LARGE_FX_ARRAYS: &str = "#include \"ReShade.fxh\"
float4 Blur(float2 uv)
{
    float4 a[65536];
    float4 b[65536];
    a[uint(uv.x * 65535)] = uv.xyxy;
    b[uint(uv.y * 65535)] = a[7];
    return b[3];
}
float4 LargePS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float small[4];
    small[uint(pos.x) % 4] = 1;
    return Blur(uv) + small[1];
}
technique Large { pass Blur { VertexShader = PostProcessVS; PixelShader = LargePS; } }
";

#[test]
fn a_huge_local_array_is_a_located_error_in_render_and_check() {
    if device_limits().is_none() {
        return;
    }
    let dir = temp_dir("private");
    std::fs::create_dir_all(dir.join("shaders")).unwrap();
    let header = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/shaders/fxbench.wfxh");
    std::fs::copy(header, dir.join("shaders/fxbench.wfxh")).unwrap();
    std::fs::write(dir.join("Huge.wfx"), HUGE_LOCAL_ARRAY).unwrap();
    let message = "technique 'Huge', pass 0: the private memory of its pixel shader (its \
                   variables and the locals of the functions it calls), in bytes, is 1073741824 \
                   but fxbench allows at most 1048576 (fxbench's private memory budget)";
    // Located at the array; a front-end error for every target, so `render` stops before the
    // GPU.
    assert_render_fails(
        &dir,
        "Huge.wfx",
        &format!("Huge.wfx:4:5: error[LimitExceeded]: {message}"),
    );
    assert_check_reports(&dir, "Huge.wfx", &[format!("4:5: {message}")]);

    // 2 MiB of locals in the called function, plus the pixel shader's own (its array, and the
    // entry point wrapper's copies of its inputs and result: 56 bytes; parameters the functions
    // only read take no copy): located at the largest local on the deepest path, the first
    // array's name.
    std::fs::write(dir.join("Large.fx"), LARGE_FX_ARRAYS).unwrap();
    let message = "technique 'Large', pass 'Blur': the private memory of its pixel shader (its \
                   variables and the locals of the functions it calls), in bytes, is 2097208 \
                   but fxbench allows at most 1048576 (fxbench's private memory budget)";
    assert_render_fails(
        &dir,
        "Large.fx",
        &format!("Large.fx:4:12: error[LimitExceeded]: {message}"),
    );
    assert_check_reports(&dir, "Large.fx", &[format!("4:12: {message}")]);
    std::fs::remove_dir_all(&dir).unwrap();
}
