//! Differential fuzzing of the ReShade FX front end against ReShade's own compiler (local only:
//! ReShade's compiler is never a dependency of fxbench). Random effects — locals of every type,
//! conversions, operators, intrinsic overloads from ReShade's table, statement forms, uniforms
//! with annotations, textures and samplers with their states, pass states — and mutations of
//! the corpus effects are compiled by both; a program where the verdicts differ (accepted
//! against rejected, or a first error on another line) is a disagreement. Each generated one is
//! minimised (lines dropped while it still disagrees) and written as a conformance case.
//!
//! ```text
//! cargo run --release -p fxbench-analysis --example fx_diff_fuzz -- \
//!     --fxc /tmp/rsfxc/fxc [--programs 2000] [--mutants 300] [--seed 1] [--out DIR]
//! ```
//!
//! FXC is ReShade 6.1's compiler from `shared/tools/build_reshade_fxc.sh` built with
//! `-DNDEBUG`; its verdicts come from `shared/tools/reshade_verdict.py`. Minimised cases go to
//! DIR (default `analysis/tests/conformance/fuzz`), then `scripts/conformance_verdicts.py`
//! records their verdicts for the conformance test.

#[path = "../tests/support/fx_mutator.rs"]
mod fx_mutator;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use analysis::fx::intrinsic_table;
use analysis::fx::lexer::Base;
use analysis::fx::types::Type;
use analysis::{FileLoader, Options};
use fx_mutator::{KINDS, Rng, mutate, token_ranges};

/// A verdict: accepted, or the first error's file (`None`: the program itself) and line.
#[derive(Clone, Debug, PartialEq)]
enum Verdict {
    Accepted,
    Rejected(Option<String>, u32),
    /// Ours only: rejected as code ReShade's front end accepts and none of its back ends
    /// compile (`conformance/backend_rejects.tsv`, e.g. shifts of floats).
    BackendReject,
}

/// The words of our error for a `source` image not found.
const MISSING_IMAGE: &str = "image for texture";

/// The words of our errors for code no ReShade back end compiles.
const BACKEND_REJECT: &str = "none of its back ends compile it";

struct Args {
    fxc: PathBuf,
    programs: usize,
    mutants: usize,
    seed: u64,
    out: PathBuf,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the analysis crate lives in the workspace")
        .to_path_buf()
}

/// What is wrong with the command line.
#[derive(Debug, thiserror::Error)]
enum ArgsError {
    #[error("{0} needs a value")]
    MissingValue(String),
    #[error("{flag}: {source}")]
    NotANumber {
        flag: String,
        source: std::num::ParseIntError,
    },
    #[error("unknown argument {0}")]
    Unknown(String),
    #[error("--fxc FXC is required")]
    NoCompiler,
}

/// The number given to `flag`.
fn number<T: std::str::FromStr<Err = std::num::ParseIntError>>(
    flag: &str,
    text: &str,
) -> Result<T, ArgsError> {
    text.parse().map_err(|source| ArgsError::NotANumber {
        flag: flag.to_string(),
        source,
    })
}

fn parse_args() -> Result<Args, ArgsError> {
    let mut args = Args {
        fxc: PathBuf::new(),
        programs: 2000,
        mutants: 300,
        seed: 1,
        out: root().join("analysis/tests/conformance/fuzz"),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or_else(|| ArgsError::MissingValue(a.clone()));
        match a.as_str() {
            "--fxc" => args.fxc = PathBuf::from(value()?),
            "--programs" => args.programs = number(&a, &value()?)?,
            "--mutants" => args.mutants = number(&a, &value()?)?,
            "--seed" => args.seed = number(&a, &value()?)?,
            "--out" => args.out = PathBuf::from(value()?),
            other => return Err(ArgsError::Unknown(other.to_string())),
        }
    }
    if args.fxc.as_os_str().is_empty() {
        return Err(ArgsError::NoCompiler);
    }
    Ok(args)
}

// ---------------------------------------------------------------------------------------------
// The generator

const SCALARS: [Base; 4] = [Base::Bool, Base::Int, Base::Uint, Base::Float];

fn random_type(rng: &mut Rng) -> Type {
    let base = SCALARS[rng.below(4)];
    match rng.below(10) {
        0..=3 => Type::scalar(base),
        4..=7 => Type::vector(base, 2 + rng.below(3) as u8),
        _ => Type::Numeric {
            base: if rng.below(3) == 0 { base } else { Base::Float },
            rows: 2 + rng.below(2) as u8,
            cols: 2 + rng.below(2) as u8,
        },
    }
}

fn literal(rng: &mut Rng, base: Base) -> String {
    match base {
        Base::Bool => ["true", "false"][rng.below(2)].into(),
        Base::Int => format!("{}", rng.below(9) as i32 - 2),
        Base::Uint => format!("{}u", rng.below(9)),
        Base::Float => format!("{}.{}", rng.below(5), rng.below(10)),
    }
}

/// A value of type `ty` built from literals: a constructor of the right number of components.
fn constant_of(rng: &mut Rng, ty: &Type) -> String {
    let Some((base, rows, cols)) = ty.numeric() else {
        return "0".into();
    };
    if rows == 1 && cols == 1 {
        return literal(rng, base);
    }
    let parts: Vec<String> = (0..rows * cols).map(|_| literal(rng, base)).collect();
    format!("{}({})", ty.name(), parts.join(", "))
}

struct Generator<'r> {
    rng: &'r mut Rng,
    /// Locals declared so far: name and type.
    vars: Vec<(String, Type)>,
    depth: usize,
}

const BINARY: [&str; 18] = [
    "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "<", ">", "<=", ">=", "==",
    "!=",
];
const ASSIGN: [&str; 11] = [
    "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
];
const INTRINSICS: [&str; 28] = [
    "abs",
    "saturate",
    "lerp",
    "clamp",
    "min",
    "max",
    "dot",
    "length",
    "normalize",
    "frac",
    "floor",
    "pow",
    "exp2",
    "sqrt",
    "rsqrt",
    "sin",
    "cos",
    "step",
    "smoothstep",
    "mad",
    "distance",
    "cross",
    "mul",
    "any",
    "all",
    "sign",
    "countbits",
    "asuint",
];

impl Generator<'_> {
    fn var_of(&mut self, want: Option<&Type>) -> Option<(String, Type)> {
        let fits: Vec<&(String, Type)> = self
            .vars
            .iter()
            .filter(|(_, t)| want.is_none_or(|w| w == t))
            .collect();
        (!fits.is_empty()).then(|| fits[self.rng.below(fits.len())].clone())
    }

    /// A random expression, of type `want` most of the time; its type is not checked here:
    /// both compilers are asked.
    fn expr(&mut self, want: &Type) -> String {
        self.depth += 1;
        let e = if self.depth > 3 {
            self.leaf(want)
        } else {
            match self.rng.below(12) {
                0..=2 => self.leaf(want),
                3 | 4 => {
                    // Shifts of floats are a known difference (ReShade's front end takes them,
                    // no back end does): keep to integer operands for those.
                    let mut op = BINARY[self.rng.below(BINARY.len())];
                    let other = if self.rng.below(3) == 0 {
                        random_type(self.rng)
                    } else {
                        want.clone()
                    };
                    let float = |t: &Type| t.numeric().is_some_and(|n| n.0 == Base::Float);
                    if (float(want) || float(&other)) && (op == "<<" || op == ">>") {
                        op = "+";
                    }
                    let (a, b) = (self.expr(want), self.expr(&other));
                    format!("({a} {op} {b})")
                }
                5 => {
                    let op = ["-", "!", "~", "+"][self.rng.below(4)];
                    format!("{op}{}", self.expr(want))
                }
                6 => {
                    let c = self.expr(&Type::BOOL);
                    let (a, b) = (self.expr(want), self.expr(want));
                    format!("({c} ? {a} : {b})")
                }
                7 => {
                    let from = random_type(self.rng);
                    format!("(({}){})", want.name(), self.expr(&from))
                }
                8 => self.swizzle(want),
                9 | 10 => self.call(want),
                _ => self.construct(want),
            }
        };
        self.depth -= 1;
        e
    }

    fn leaf(&mut self, want: &Type) -> String {
        if self.rng.below(3) != 0
            && let Some((n, _)) = self.var_of(Some(want))
        {
            return n;
        }
        if self.rng.below(4) == 0
            && let Some((n, _)) = self.var_of(None)
        {
            return n;
        }
        constant_of(self.rng, want)
    }

    fn swizzle(&mut self, want: &Type) -> String {
        let Some((n, t)) = self.var_of(None) else {
            return self.leaf(want);
        };
        let len = want.components().clamp(1, 4) as usize;
        match t.numeric() {
            Some((_, rows, 1)) => {
                let sets = ["xyzw", "rgba", "stpq"];
                let set = sets[self.rng.below(3)].as_bytes();
                let s: String = (0..len)
                    .map(|_| set[self.rng.below(usize::from(rows).max(1))] as char)
                    .collect();
                format!("{n}.{s}")
            }
            Some((_, rows, cols)) => {
                let cells: String = (0..len)
                    .map(|_| {
                        format!(
                            "_m{}{}",
                            self.rng.below(usize::from(rows)),
                            self.rng.below(usize::from(cols))
                        )
                    })
                    .collect();
                format!("{n}.{cells}")
            }
            None => n,
        }
    }

    fn call(&mut self, want: &Type) -> String {
        let name = INTRINSICS[self.rng.below(INTRINSICS.len())];
        let overloads = intrinsic_table::overloads(name);
        let exact: Vec<_> = overloads.iter().filter(|o| &o.ret == want).collect();
        let pick = if !exact.is_empty() && self.rng.below(4) != 0 {
            exact[self.rng.below(exact.len())]
        } else if let Some(o) = overloads.get(self.rng.below(overloads.len().max(1))) {
            o
        } else {
            return self.leaf(want);
        };
        let args: Vec<String> = pick
            .params
            .iter()
            .map(|p| {
                if self.rng.below(5) == 0 {
                    let t = random_type(self.rng);
                    self.expr(&t)
                } else {
                    self.expr(p)
                }
            })
            .collect();
        format!("{name}({})", args.join(", "))
    }

    fn construct(&mut self, want: &Type) -> String {
        let Some((base, rows, cols)) = want.numeric() else {
            return self.leaf(want);
        };
        if rows * cols == 1 {
            return self.leaf(want);
        }
        let mut left = u32::from(rows * cols);
        let mut args = Vec::new();
        while left > 0 {
            let n = (1 + self.rng.below(left.min(4) as usize)) as u8;
            let t = if n == 1 {
                Type::scalar(SCALARS[self.rng.below(4)])
            } else {
                Type::vector(base, n)
            };
            args.push(self.expr(&t));
            left -= u32::from(n);
        }
        // Now and then a component too many or too few: ReShade's X3014.
        if self.rng.below(12) == 0 {
            args.push(literal(self.rng, base));
        }
        format!("{}({})", want.name(), args.join(", "))
    }

    fn statement(&mut self, out: &mut Vec<String>, indent: usize) {
        let pad = "    ".repeat(indent);
        let depth_left = indent < 3;
        match self.rng.below(10) {
            0..=3 => {
                let t = random_type(self.rng);
                let name = format!("v{}", self.vars.len());
                let init = self.expr(&t);
                out.push(format!("{pad}{} {name} = {init};", t.name()));
                self.vars.push((name, t));
            }
            4 | 5 => {
                if let Some((n, t)) = self.var_of(None) {
                    let mut op = ASSIGN[self.rng.below(ASSIGN.len())];
                    // As for `<<`: shifting a float is a known difference.
                    if t.numeric().is_some_and(|x| x.0 == Base::Float) && op.len() == 3 {
                        op = "+=";
                    }
                    let value_ty = if self.rng.below(4) == 0 {
                        random_type(self.rng)
                    } else {
                        t
                    };
                    let v = self.expr(&value_ty);
                    out.push(format!("{pad}{n} {op} {v};"));
                }
            }
            6 if depth_left => {
                let c = self.expr(&Type::BOOL);
                out.push(format!("{pad}if ({c})"));
                out.push(format!("{pad}{{"));
                self.statement(out, indent + 1);
                out.push(format!("{pad}}}"));
            }
            7 if depth_left => {
                let i = format!("i{}", self.vars.len());
                out.push(format!("{pad}for (int {i} = 0; {i} < 3; {i}++)"));
                out.push(format!("{pad}{{"));
                self.statement(out, indent + 1);
                out.push(format!("{pad}}}"));
            }
            8 if depth_left => {
                let s = self.expr(&Type::INT);
                out.push(format!("{pad}switch ({s})"));
                out.push(format!("{pad}{{"));
                for label in 0..1 + self.rng.below(3) {
                    out.push(format!("{pad}case {label}:"));
                    self.statement(out, indent + 1);
                    // Mostly terminated groups; sometimes a fall-through (ReShade's X3533).
                    if self.rng.below(8) != 0 {
                        out.push(format!("{pad}    break;"));
                    }
                }
                out.push(format!("{pad}default: break;"));
                out.push(format!("{pad}}}"));
            }
            _ => {
                if let Some((n, _)) = self.var_of(None) {
                    let op = ["++", "--"][self.rng.below(2)];
                    out.push(format!("{pad}{n}{op};"));
                }
            }
        }
    }
}

const BLEND: [&str; 6] = ["ONE", "ZERO", "SRCALPHA", "INVSRCALPHA", "DESTCOLOR", "ADD"];
const ADDRESS: [&str; 5] = ["CLAMP", "WRAP", "MIRROR", "BORDER", "POINT"];
const FORMATS: [&str; 7] = ["RGBA8", "RGBA16F", "R32F", "rg16f", "R8", "RGB10A2", "R32I"];

/// One random effect: globals, a pixel shader of random statements, a technique.
fn program(rng: &mut Rng) -> String {
    let mut text = String::from("// generated\n#include \"case.fxh\"\n");
    let format = FORMATS[rng.below(FORMATS.len())];
    let _ = writeln!(
        text,
        "texture2D FuzzTex {{ Width = {}; Height = 16; Format = {format}; }};",
        1 + rng.below(64)
    );
    let _ = writeln!(
        text,
        "sampler2D FuzzSamp {{ Texture = FuzzTex; AddressU = {}; MagFilter = {}; }};",
        ADDRESS[rng.below(ADDRESS.len())],
        ["POINT", "LINEAR", "ANISOTROPIC"][rng.below(3)]
    );
    let ut = random_type(rng);
    let _ = writeln!(
        text,
        "uniform {} FuzzU < ui_type = \"drag\"; ui_min = {}; ui_label = \"U\"; > = {};",
        ut.name(),
        literal(rng, Base::Float),
        constant_of(rng, &ut)
    );
    let mut generator = Generator {
        rng,
        vars: vec![
            ("uv".into(), Type::vector(Base::Float, 2)),
            ("FuzzU".into(), ut),
        ],
        depth: 0,
    };
    let mut body = Vec::new();
    for _ in 0..3 + generator.rng.below(6) {
        generator.statement(&mut body, 1);
    }
    text += "float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target\n{\n";
    for line in &body {
        text += line;
        text.push('\n');
    }
    text += "    return tex2D(FuzzSamp, uv);\n}\n";
    let states = [
        format!("BlendEnable = {};", ["true", "false", "1"][rng.below(3)]),
        format!("SrcBlend = {};", BLEND[rng.below(BLEND.len())]),
        format!("DestBlend = {};", BLEND[rng.below(BLEND.len())]),
        format!("ColorWriteMask = {};", rng.below(20)),
    ];
    let chosen: Vec<&str> = states
        .iter()
        .filter(|_| rng.below(2) == 0)
        .map(String::as_str)
        .collect();
    let _ = writeln!(
        text,
        "technique T {{ pass {{ VertexShader = CaseVS; PixelShader = PS; {} }} }}",
        chosen.join(" ")
    );
    text
}

// ---------------------------------------------------------------------------------------------
// Both compilers

/// ReShade's verdict on each of `files` (`reshade_verdict.py`, extra arguments `extra`).
fn reshade_verdicts(fxc: &Path, files: &[PathBuf], extra: &[String]) -> Vec<Verdict> {
    let script = root().join("../shared/tools/reshade_verdict.py");
    let output = Command::new("python3")
        .arg(script)
        .arg(fxc)
        .args(extra)
        .args(files)
        .output();
    let Ok(output) = output else {
        return vec![Verdict::Accepted; 0];
    };
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines()
        .map(|row| {
            let fields: Vec<&str> = row.split('\t').collect();
            if fields.get(1) == Some(&"accepted") {
                return Verdict::Accepted;
            }
            let first = fields
                .get(2)
                .and_then(|d| d.split_whitespace().next())
                .unwrap_or("");
            let parts: Vec<&str> = first.split(':').collect();
            let (file, line) = match parts.as_slice() {
                [file, line, _, _] => (Some((*file).to_string()), line.parse().unwrap_or(0)),
                [line, ..] => (None, line.parse().unwrap_or(0)),
                [] => (None, 0),
            };
            Verdict::Rejected(file, line)
        })
        .collect()
}

/// fxbench's verdict: the effect builds with no error, or the first error in the file itself
/// (one elsewhere when it has none).
fn our_verdict(path: &Path, options: &Options) -> Verdict {
    let out = analysis::load_effect(path, options);
    // ReShade's compiler loads no images: a `source` image the corpus lacks is the runtime's
    // error, not the front end's.
    let errors: Vec<_> = out
        .diagnostics
        .iter()
        .filter(|d| d.is_error() && !d.message.contains(MISSING_IMAGE))
        .collect();
    let image_missing = || {
        out.diagnostics
            .iter()
            .any(|d| d.message.contains(MISSING_IMAGE))
    };
    if errors.is_empty() && (out.effect.is_some() || image_missing()) {
        return Verdict::Accepted;
    }
    // Where ReShade's front end goes on past code no back end compiles, so do we: its first
    // error is compared with our first other one.
    let (backend, errors): (Vec<_>, Vec<_>) = errors
        .into_iter()
        .partition(|d| d.message.contains(BACKEND_REJECT));
    if errors.is_empty() && !backend.is_empty() {
        return Verdict::BackendReject;
    }
    let located: Vec<(Option<String>, u32)> = errors
        .iter()
        .filter_map(|d| {
            let l = out.sources.location(d.span?);
            let file = (l.path != path).then(|| {
                l.path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            });
            Some((file, l.start.line))
        })
        .collect();
    let own = located
        .iter()
        .filter(|(f, _)| f.is_none())
        .min_by_key(|(_, l)| *l);
    match own.or(located.first()) {
        Some((f, l)) => Verdict::Rejected(f.clone(), *l),
        None => Verdict::Rejected(Some("?".into()), 0),
    }
}

fn disagree(reshade: &Verdict, ours: &Verdict, path: &Path) -> bool {
    match (reshade, ours) {
        (Verdict::Accepted, Verdict::BackendReject) => false,
        // ReShade's compiler stopped without a located error (its recursive parser overflows
        // the stack on nesting ours limits to 256 levels): no verdict to compare.
        (Verdict::Rejected(None, 0), Verdict::Rejected(..)) => false,
        // An error at the end of the input lands in the file `reshade_verdict.py` wraps the
        // case in; ours is on the case's last line.
        (Verdict::Rejected(Some(file), _), Verdict::Rejected(None, line))
            if file == "__verdict.fx" =>
        {
            let lines = std::fs::read_to_string(path).map_or(0, |t| t.lines().count() as u32);
            *line + 1 < lines
        }
        _ => reshade != ours,
    }
}

/// Drops lines of `text` (not the first two or the technique, and no line with a brace, so
/// blocks stay closed) while the two compilers still disagree; returns the smallest text found.
fn minimise(text: &str, dir: &Path, fxc: &Path, options: &Options) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let path = dir.join("minimise.fx");
    let still = |lines: &[String]| {
        std::fs::write(&path, lines.join("\n") + "\n").is_ok()
            && reshade_verdicts(fxc, std::slice::from_ref(&path), &[])
                .first()
                .is_some_and(|r| disagree(r, &our_verdict(&path, options), &path))
    };
    let mut i = 2;
    while i + 1 < lines.len() {
        if lines[i].contains(['{', '}']) {
            i += 1;
            continue;
        }
        let mut shorter = lines.clone();
        shorter.remove(i);
        if still(&shorter) {
            lines = shorter;
        } else {
            i += 1;
        }
    }
    lines.join("\n") + "\n"
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "{e}\nusage: fx_diff_fuzz --fxc FXC [--programs N] [--mutants N] [--seed S] [--out DIR]"
            );
            return ExitCode::FAILURE;
        }
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let header = root().join("analysis/tests/conformance/case.fxh");
    std::fs::copy(&header, dir.path().join("case.fxh")).expect("case.fxh is copied");
    let options = Options::default();
    let mut rng = Rng(args.seed.max(1));
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    let mut run = 0;
    // Generated programs, in batches for ReShade's compiler.
    for batch in 0..args.programs.div_ceil(100) {
        let texts: Vec<String> = (0..100.min(args.programs - batch * 100))
            .map(|_| program(&mut rng))
            .collect();
        let paths: Vec<PathBuf> = (0..texts.len())
            .map(|k| dir.path().join(format!("p{k}.fx")))
            .collect();
        for (p, t) in paths.iter().zip(&texts) {
            std::fs::write(p, t).expect("a program is written");
        }
        let reshade = reshade_verdicts(&args.fxc, &paths, &[]);
        for ((p, t), r) in paths.iter().zip(&texts).zip(&reshade) {
            run += 1;
            let ours = our_verdict(p, &options);
            if disagree(r, &ours, p) {
                let small = minimise(t, dir.path(), &args.fxc, &options);
                println!("disagreement (ReShade {r:?}, ours {ours:?}):\n{small}");
                found
                    .entry(small)
                    .or_insert_with(|| format!("{r:?} / {ours:?}"));
            }
        }
    }
    // Corpus mutants: each effect with one mutation, compiled with its collection's folders.
    let mutants = corpus_mutants(&mut rng, args.mutants, dir.path());
    // ReShade's compiler finds the standard headers where fxbench has its built-in ones:
    // ReShade's own ReShade.fxh (the corpus has it) and the rest below.
    let headers = dir.path().join("headers");
    std::fs::create_dir_all(&headers).expect("a headers folder");
    if let Some(corpus) = corpus::dir("reshadefx", "fx_diff_fuzz") {
        let _ = std::fs::copy(
            corpus.join("reshade-shaders/Shaders/ReShade.fxh"),
            headers.join("ReShade.fxh"),
        );
    }
    // The other standard headers (ReShadeUI.fxh, DrawText.fxh, ...) the corpus lacks: fxbench's
    // API-compatible built-in ones stand in.
    if let Ok(builtin) = std::fs::read_dir(root().join("assets/reshade")) {
        for entry in builtin.flatten() {
            let to = headers.join(entry.file_name());
            if !to.exists() {
                let _ = std::fs::copy(entry.path(), to);
            }
        }
    }
    let mut mutant_disagreements = 0;
    for (path, include) in &mutants {
        run += 1;
        // Both search the collection's folders (ReShade's runtime searches them recursively).
        let dirs = analysis::fx::collection_include_dirs(include);
        let mut extra: Vec<String> = dirs
            .iter()
            .flat_map(|d| ["-I".to_string(), d.display().to_string()])
            .collect();
        extra.push("--headers".into());
        extra.push(headers.display().to_string());
        let reshade = reshade_verdicts(&args.fxc, std::slice::from_ref(path), &extra);
        // The effect's images are beside its collection's shaders (`Textures`).
        let mut include_dirs = dirs;
        if let Some(collection) = include.parent() {
            include_dirs.push(collection.join("Textures"));
            include_dirs.push(collection.join("textures"));
        }
        let options = Options {
            include_dirs,
            ..Options::default()
        };
        let ours = our_verdict(path, &options);
        if let Some(r) = reshade.first()
            && disagree(r, &ours, path)
        {
            mutant_disagreements += 1;
            // Kept for a look (a mutant is no case: its corpus headers are not in the suite).
            let kept = args.out.join("mutants");
            let _ = std::fs::create_dir_all(&kept);
            if let Some(name) = path.file_name() {
                let _ = std::fs::copy(path, kept.join(name));
            }
            println!(
                "corpus mutant disagreement {}: ReShade {r:?}, ours {ours:?}",
                path.display()
            );
        }
    }
    std::fs::create_dir_all(&args.out).expect("the output folder is created");
    for (k, (text, verdicts)) in found.iter().enumerate() {
        let case = text
            .replacen(
                "// generated",
                &format!(
                    "// found by fx_diff_fuzz, seed {} (ReShade / ours: {verdicts}): say what it checks",
                    args.seed
                ),
                1,
            )
            .replacen("#include \"case.fxh\"", "#include \"../case.fxh\"", 1);
        let name = args.out.join(format!("seed{}_{k}.fx", args.seed));
        std::fs::write(name, case).expect("a case is written");
    }
    println!(
        "{run} programs ({} generated, {} corpus mutants): {} generated disagreements (minimised, distinct) written to {}, {mutant_disagreements} mutant disagreements",
        args.programs,
        mutants.len(),
        found.len(),
        args.out.display()
    );
    ExitCode::SUCCESS
}

/// `count` mutated corpus effects, written beside their originals' names in `dir`, each with the
/// `Shaders` folder its includes resolve in.
fn corpus_mutants(rng: &mut Rng, count: usize, dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let Some(root) = corpus::dir("reshadefx", "fx_diff_fuzz") else {
        return Vec::new();
    };
    let mut effects = Vec::new();
    for collection in [
        "prod80",
        "FXShaders",
        "reshade-shaders",
        "CShade",
        "Glamarye",
        "Daodan",
        "NiceGuy",
    ] {
        for shaders in ["Shaders", "shaders"] {
            let folder = root.join(collection).join(shaders);
            if folder.is_dir() {
                effects.extend(
                    corpus::files(&folder, "fx")
                        .into_iter()
                        .map(|p| (p, folder.clone())),
                );
            }
        }
    }
    let mut out = Vec::new();
    if effects.is_empty() {
        return out;
    }
    for k in 0..count {
        let (path, include) = &effects[rng.below(effects.len())];
        let Ok(source) = analysis::FsLoader.read(path) else {
            continue;
        };
        let tokens = token_ranges(source.as_bytes());
        let kind = KINDS[rng.below(KINDS.len())];
        let mutated = mutate(source.as_bytes(), &tokens, kind, rng);
        let file = dir.join(format!(
            "m{k}_{}",
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        ));
        if std::fs::write(&file, &mutated).is_ok() {
            // Includes resolve beside the effect first: the mutant also finds its folder's.
            out.push((file, include.clone()));
        }
    }
    out
}
