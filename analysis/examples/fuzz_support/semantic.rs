//! `fx_diff_fuzz --render FXBENCH`: semantic (rendering) differential fuzzing. The generator's
//! semantic mode keeps every value defined and finite (loops end, divisors and intrinsic
//! arguments stay in their domain, no float turns into a negative `uint`) and ends the pixel
//! shader with a colour made of every local it computed; each program both compilers accept is
//! compiled to SPIR-V by ReShade's compiler (`shared/tools/reshade_spirv.py`) and rendered by
//! `fxbench compare --reference` beside ours (lavapipe here): exit 0 agree, 1 differ, 2 a side
//! cannot run.

use std::path::{Path, PathBuf};
use std::process::Command;

use analysis::fx::lexer::Base;
use analysis::fx::types::Type;

/// The intrinsics semantic programs leave out of the generator's: the derivatives (undefined
/// after non-uniform control flow), `asfloat` and `f16tof32` (NaNs and denormals from random
/// bits).
pub const LEFT_OUT: [&str; 5] = ["asfloat", "f16tof32", "fwidth", "ddx", "ddy"];

/// The construct families semantic programs draw (indices into the generator's `FAMILIES`):
/// the preprocessor, structs (every element of their arrays written), arrays (indices kept in
/// bounds, every element written), namespaces, overloads (calls ranked among overloads, `out`
/// and `inout` arguments, none read before written), annotations, shader forms (`static`s,
/// `const` parameters, `out` parameters, which semantic programs always write, `mul` of float
/// matrices and vectors), reads of a filled texture (`filled_reads.rs`) and compute passes
/// whose result does not depend on the threads' order (`semantic_compute.rs`), and varyings of
/// every kind from a vertex shader of the program's own (`varyings.rs`). The others race in
/// compute passes, or read textures never written.
pub const FAMILIES: [usize; 11] = [0, 1, 2, 3, 4, 5, 7, 9, 11, 12, 13];

/// The right operand `b` of a binary operator `op` on `base` values, kept in its domain:
/// divisors away from zero, shift counts below 32.
pub fn guard_operand(op: &str, base: Base, b: &str) -> String {
    match (op, base) {
        ("/" | "%", Base::Float) => format!("({b} * {b} + 1.0)"),
        ("/" | "%", Base::Int) => format!("(({b} & 7) + 1)"),
        ("/" | "%", Base::Uint) => format!("(({b} & 7u) + 1u)"),
        ("<<" | ">>", Base::Int) => format!("({b} & 31)"),
        ("<<" | ">>", Base::Uint) => format!("({b} & 31u)"),
        _ => b.to_string(),
    }
}

/// `e` of type `from` converted to `want`'s base: a float made a `uint` is made positive first
/// (a negative one is undefined in SPIR-V, 0 in WGSL). Two more dodge ReShade's constant
/// folder, which computes them otherwise than its own run-time code (and HLSL): a number made
/// a `bool` is compared with a zero instead (ReShade folds `(bool)2u == true` to false: the cast
/// keeps the 2), and a `uint` made a float keeps below 2^31 (ReShade folds `(float)~4u` to -5).
pub fn guard_conversion(semantic: bool, want: &Type, from: &Type, e: String) -> String {
    let base = |t: &Type| t.numeric().map(|n| n.0);
    if !semantic {
        return e;
    }
    match (base(want), base(from)) {
        // An `int` too: a swizzle of a float stands where an `int` is wanted, then is cast.
        (Some(Base::Uint | Base::Int), Some(Base::Float)) => format!("abs({e})"),
        // A zero of the operand's type: ReShade's module compares a vector with a scalar 0
        // (invalid SPIR-V) where the zero is a scalar.
        (Some(Base::Bool), Some(Base::Int | Base::Uint | Base::Float)) => {
            format!("({e} != ({})0)", from.name())
        }
        (Some(Base::Float), Some(Base::Uint)) => format!("({e} & 0x7fffffffu)"),
        _ => e,
    }
}

/// An intrinsic's arguments kept in its domain, its result finite.
pub fn guard_arguments(name: &str, args: &mut [String]) {
    let positive = |a: &str| format!("(abs({a}) + 1.0)");
    let small = |a: &str| format!("(frac({a}) * 4.0)");
    match (name, args) {
        ("pow", [a, b]) => {
            *a = positive(a);
            *b = small(b);
        }
        ("exp" | "exp2" | "sinh" | "cosh", [a]) => *a = small(a),
        ("tan", [a]) => *a = format!("frac({a})"),
        ("log" | "log2" | "log10" | "rsqrt" | "rcp" | "normalize", [a]) => *a = positive(a),
        ("sqrt", [a]) => *a = format!("abs({a})"),
        ("asin" | "acos", [a]) => *a = format!("saturate({a})"),
        ("atan2" | "fmod", [_, b]) => *b = positive(b),
        ("ldexp", [_, b]) => *b = format!("floor(frac({b}) * 8.0)"),
        ("clamp", [_, lo, hi]) => {
            let (l, h) = (lo.clone(), hi.clone());
            *lo = format!("min({l}, {h})");
            *hi = format!("max({l}, {h})");
        }
        ("smoothstep", [lo, hi, _]) => {
            let (l, h) = (lo.clone(), hi.clone());
            *lo = format!("min({l}, {h})");
            *hi = format!("(max({l}, {h}) + 1.0)");
        }
        _ => {}
    }
}

/// A float value made a colour component that an 8-bit target keeps: its fraction, of a
/// magnitude kept below 4096 (past it a few ulps move the fraction by steps: lavapipe rounds a
/// loop of float vector products a few ulps apart in the two modules).
/// `ty` is the value's float type (`float`, `float2`, ...).
pub fn squash(v: &str, ty: &str) -> String {
    format!("frac(min(abs({v}), ({ty})4096.0) * 0.37 + 0.001)")
}

/// The pixel shader's last lines: every local of `vars` (squashed) summed per component, and
/// the sum scaled into 0..1.
pub fn output(vars: &[(String, Type)]) -> Vec<String> {
    let mut lines = vec!["    float4 fz_out = float4(0.0, 0.0, 0.0, 0.0);".to_string()];
    let mut counts = [0u32; 4];
    let mut next = 0;
    let mut add = |lines: &mut Vec<String>, value: String, n: usize| {
        let comps = if n == 1 {
            let c = next % 4;
            next += 1;
            counts[c] += 1;
            "xyzw"[c..=c].to_string()
        } else {
            counts.iter_mut().take(n).for_each(|c| *c += 1);
            "xyzw"[..n].to_string()
        };
        let ty = if n == 1 {
            "float".to_string()
        } else {
            format!("float{n}")
        };
        lines.push(format!(
            "    fz_out.{comps} += {};",
            squash(&format!("({ty}){value}"), &ty)
        ));
    };
    for (name, t) in vars {
        match t.numeric() {
            Some((_, rows, 1)) => add(&mut lines, name.clone(), usize::from(rows)),
            Some((_, rows, cols)) => {
                for r in 0..rows {
                    add(&mut lines, format!("{name}[{r}]"), usize::from(cols));
                }
            }
            None => {}
        }
    }
    let most = counts.iter().max().copied().unwrap_or(0) + 1;
    lines.push(format!("    return fz_out / {most}.0;"));
    lines
}

/// Where and how the programs are rendered.
pub struct Render {
    pub fxbench: PathBuf,
    /// ReShade's standard headers for `reshade_spirv.py`.
    pub headers: PathBuf,
    pub script: PathBuf,
    /// Where differences and the per-program list go (`OUT/semantic`).
    pub out: PathBuf,
    pub seed: u64,
}

/// What came of the programs so far.
#[derive(Default)]
pub struct Tally {
    pub accepted: usize,
    pub rendered: usize,
    pub agree: usize,
    pub differ: usize,
    pub cannot_run: usize,
    /// ReShade's compiler accepted the program but wrote no SPIR-V.
    pub no_module: usize,
    pub timeout: usize,
    pub crash: usize,
}

impl Tally {
    pub fn summary(&self) -> String {
        format!(
            "semantic: {} accepted by both, {} rendered: {} agree, {} differ, {} cannot run, {} timed out, {} crashed; {} without ReShade's SPIR-V",
            self.accepted,
            self.rendered,
            self.agree,
            self.differ,
            self.cannot_run,
            self.timeout,
            self.crash,
            self.no_module
        )
    }
}

/// Compiles `programs` (number, text; each accepted by both compilers) with ReShade's
/// compiler to SPIR-V in `dir` and renders each beside ours; differences are kept in
/// `render.out`, each program's outcome listed in `seedS.tsv` there.
pub fn render_batch(
    render: &Render,
    fxc: &Path,
    dir: &Path,
    programs: &[(usize, &str)],
    tally: &mut Tally,
) {
    let src = dir.join("render_src");
    let spv = dir.join("render_spv");
    let _ = std::fs::remove_dir_all(&src);
    let _ = std::fs::remove_dir_all(&spv);
    std::fs::create_dir_all(&src).expect("a render folder");
    std::fs::create_dir_all(&render.out).expect("the semantic output folder");
    let _ = std::fs::copy(dir.join("case.fxh"), src.join("case.fxh"));
    let _ = std::fs::copy(dir.join("case.fxh"), render.out.join("case.fxh"));
    for (k, text) in programs {
        std::fs::write(src.join(format!("p{k}.fx")), text).expect("a program is written");
    }
    let _ = Command::new("python3")
        .arg(&render.script)
        .args([fxc, &src, &render.headers, &spv])
        .output();
    let mut rows = String::new();
    for (k, _) in programs {
        tally.accepted += 1;
        let (status, note) = render_one(render, &src, &spv, *k, tally);
        rows += &format!("{k}\t{status}\t{note}\n");
    }
    let list = render.out.join(format!("seed{}.tsv", render.seed));
    let old = std::fs::read_to_string(&list).unwrap_or_default();
    let _ = std::fs::write(list, old + &rows);
}

/// Renders program `k` both ways: its status and the first line of what compare said.
fn render_one(
    render: &Render,
    src: &Path,
    spv: &Path,
    k: usize,
    tally: &mut Tally,
) -> (&'static str, String) {
    let effect = src.join(format!("p{k}.fx"));
    let module = spv.join(format!("p{k}.spv"));
    if !module.exists() {
        tally.no_module += 1;
        return ("no-module", String::new());
    }
    tally.rendered += 1;
    let runtime = std::env::var("XDG_RUNTIME_DIR").unwrap_or_else(|_| "/tmp".into());
    let output = Command::new("timeout")
        .arg("60")
        .arg(&render.fxbench)
        .arg("compare")
        .arg("--effect")
        .arg(&effect)
        .arg("--reference")
        .arg(&module)
        .args(["--frames", "1"])
        .env("XDG_RUNTIME_DIR", runtime)
        .output();
    let Ok(output) = output else {
        tally.crash += 1;
        return ("crash", "fxbench did not start".into());
    };
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    // What compare said went wrong, without the temporary folder's name, on one line.
    let folder = format!("{}/", src.display());
    let first_error = String::from_utf8_lossy(&output.stderr)
        .replace(&folder, "")
        .lines()
        .collect::<Vec<_>>()
        .join(" | ")
        .chars()
        .take(400)
        .collect::<String>();
    let status = match output.status.code() {
        Some(0) => {
            tally.agree += 1;
            return ("agree", String::new());
        }
        Some(1) => {
            tally.differ += 1;
            "differ"
        }
        Some(2) => {
            tally.cannot_run += 1;
            return ("cannot-run", first_error);
        }
        Some(124) => {
            tally.timeout += 1;
            "timeout"
        }
        _ => {
            tally.crash += 1;
            "crash"
        }
    };
    // Kept to triage: the program, ReShade's module and compare's report.
    let stem = render.out.join(format!("seed{}_p{k}", render.seed));
    let _ = std::fs::copy(&effect, stem.with_extension("fx"));
    let _ = std::fs::copy(&module, stem.with_extension("spv"));
    let _ = std::fs::write(stem.with_extension("txt"), &report);
    println!("semantic {status}: seed {} program {k}", render.seed);
    (status, first_error)
}
