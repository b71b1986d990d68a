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
//!     --fxc /tmp/rsfxc/fxc [--programs 2000] [--mutants 300] [--seed 1] [--out DIR] [--dump DIR]
//! cargo run --release -p fxbench-analysis --example fx_diff_fuzz -- --fxc FXC --check FILE...
//! cargo run --release -p fxbench-analysis --example fx_diff_fuzz -- --fxc FXC --mutants 0 \
//!     --render target/release/fxbench [--std-headers DIR] --out DIR
//! ```
//!
//! `--render FXBENCH` is the semantic mode (`fuzz_support/semantic.rs`): the programs keep their
//! values defined and finite, and each one both compilers accept is rendered with our shaders
//! and with ReShade's SPIR-V (`fxbench compare --reference`); differences go to `DIR/semantic`.
//!
//! FXC is ReShade 6.1's compiler from `shared/tools/build_reshade_fxc.sh` built with
//! `-DNDEBUG`; its verdicts come from `shared/tools/reshade_verdict.py`. Minimised cases go to
//! DIR (default `analysis/tests/conformance/fuzz`), then `scripts/conformance_verdicts.py`
//! records their verdicts for the conformance test.

#[path = "fuzz_support/filled_reads.rs"]
mod filled_reads;
#[path = "../tests/support/fx_mutator.rs"]
mod fx_mutator;
#[path = "../tests/support/reshade_first.rs"]
mod reshade_first;
#[path = "fuzz_support/semantic.rs"]
mod semantic;
#[path = "fuzz_support/semantic_compute.rs"]
mod semantic_compute;
#[path = "fuzz_support/varyings.rs"]
mod varyings;

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

/// The words of our errors for code no ReShade back end compiles (or only some, writing it
/// somewhere else than the code says: a pixel shader output of the effect's own semantic).
const BACKEND_REJECT: [&str; 4] = [
    "none of its back ends compile it",
    "its Direct3D back ends reject it",
    // A vertex shader without a position (`MissingVertexPosition`, `lower/naga_words.rs`).
    "no back end draws",
    // A texture size past what devices make (`InvalidSize`, `lower/items.rs`).
    "outside 1..=",
];

struct Args {
    fxc: PathBuf,
    programs: usize,
    mutants: usize,
    seed: u64,
    out: PathBuf,
    /// Where to keep every generated program (to look at what the generator makes).
    dump: Option<PathBuf>,
    /// Files to compare only (`--check FILE...`): both verdicts of each, nothing generated.
    check: Vec<PathBuf>,
    /// Semantic mode (`--render FXBENCH`, a release `fxbench`): programs that keep their values
    /// defined, each one both compilers accept rendered with ours and ReShade's SPIR-V.
    render: Option<PathBuf>,
    /// ReShade's standard headers for its SPIR-V (`--std-headers DIR`, default `/tmp/wtb_headers`).
    std_headers: PathBuf,
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
        dump: None,
        check: Vec::new(),
        render: None,
        std_headers: PathBuf::from("/tmp/wtb_headers"),
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
            "--dump" => args.dump = Some(PathBuf::from(value()?)),
            "--check" => args.check.extend(it.by_ref().map(PathBuf::from)),
            "--render" => args.render = Some(PathBuf::from(value()?)),
            "--std-headers" => args.std_headers = PathBuf::from(value()?),
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

/// Whether matrices are of floats only (semantic mode: ReShade's SPIR-V for integer and bool
/// matrices fails `spirv-val`, so such programs cannot run).
static FLOAT_MATRICES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn random_type(rng: &mut Rng) -> Type {
    let base = SCALARS[rng.below(4)];
    let float_only = FLOAT_MATRICES.load(std::sync::atomic::Ordering::Relaxed);
    match rng.below(10) {
        0..=3 => Type::scalar(base),
        4..=7 => Type::vector(base, 2 + rng.below(3) as u8),
        _ => Type::Numeric {
            base: if rng.below(3) == 0 && !float_only {
                base
            } else {
                Base::Float
            },
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
    /// Places declared so far (locals, struct members, array elements): text and type.
    vars: Vec<(String, Type)>,
    /// Values that are no places (constants of a namespace, a macro, a struct's getter).
    values: Vec<(String, Type)>,
    /// Functions and function-like macros the families declared.
    callables: Vec<Callable>,
    depth: usize,
    /// Loops and `switch`es around the statement being generated (`break`/`continue`).
    loops: usize,
    switches: usize,
    /// A counter for fresh names.
    fresh: usize,
    /// Whether the preprocessor family's `FZ_CAT` is defined.
    cat: bool,
    /// Well typed: operands, arguments and assigned values of the types they need, so that
    /// the families' code after the statements is compared too (most programs that are not
    /// strict fail early).
    strict: bool,
    /// Semantic mode (`--render`): strict, and every value defined and finite — loops that
    /// end, divisors and intrinsic arguments kept in their domain — so that what the program
    /// computes can be compared with ReShade's SPIR-V (`semantic.rs`).
    semantic: bool,
}

/// A function or function-like macro a family declared: name, parameter types (`None`: any
/// type) and result type.
struct Callable {
    name: String,
    params: Vec<Option<Type>>,
    ret: Type,
}

const BINARY: [&str; 18] = [
    "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "<", ">", "<=", ">=", "==",
    "!=",
];
const ASSIGN: [&str; 11] = [
    "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
];
const INTRINSICS: [&str; 65] = [
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
    "asint",
    "asfloat",
    "f32tof16",
    "f16tof32",
    "firstbithigh",
    "firstbitlow",
    "reversebits",
    "determinant",
    "transpose",
    "fmod",
    "acos",
    "asin",
    "atan",
    "atan2",
    "ceil",
    "cosh",
    "degrees",
    "exp",
    "faceforward",
    "fwidth",
    "isinf",
    "isnan",
    "ldexp",
    "log",
    "log10",
    "log2",
    "radians",
    "rcp",
    "reflect",
    "refract",
    "round",
    "sinh",
    "tan",
    "tanh",
    "trunc",
    "ddx",
    "ddy",
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
                3 | 4 if self.strict => self.strict_binary(want),
                5 if self.strict => self.strict_unary(want),
                7 if self.strict => {
                    // A cast between types of the same shape.
                    let from = want.with_base(SCALARS[self.rng.below(4)]);
                    let e = self.expr(&from);
                    let e = semantic::guard_conversion(self.semantic, want, &from, e);
                    format!("(({}){e})", want.name())
                }
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
                // ReShade's condition has the values' dimensions (X3020 otherwise): a bool
                // vector for vectors, and for a matrix one as long as its rows (ReShade
                // compares the rows or the columns).
                // ReShade's SPIR-V for a matrix `?:` fails `spirv-val` (`OpSelect` of matrices).
                6 if self.semantic && want.is_matrix() => self.leaf(want),
                6 if self.strict && want.is_matrix() => {
                    let rows = want.numeric().map_or(2, |n| n.1);
                    let c = self.expr(&Type::vector(Base::Bool, rows));
                    let (a, b) = (self.expr(want), self.expr(want));
                    format!("({c} ? {a} : {b})")
                }
                6 if self.strict => {
                    let c = self.expr(&want.with_base(Base::Bool));
                    let (a, b) = (self.expr(want), self.expr(want));
                    format!("({c} ? {a} : {b})")
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

    /// A binary operator its operands' type takes, both of type `want`, or a comparison of
    /// two scalars for a `bool`.
    fn strict_binary(&mut self, want: &Type) -> String {
        let Some((base, _, _)) = want.numeric() else {
            return self.leaf(want);
        };
        let (op, operand) = match base {
            Base::Bool if want.is_scalar() && self.rng.below(2) == 0 => {
                let t = Type::scalar(SCALARS[1 + self.rng.below(3)]);
                (["<", ">", "<=", ">=", "==", "!="][self.rng.below(6)], t)
            }
            Base::Bool => (["&&", "||", "==", "!="][self.rng.below(4)], want.clone()),
            Base::Float => (["+", "-", "*", "/"][self.rng.below(4)], want.clone()),
            Base::Int | Base::Uint => (
                ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"][self.rng.below(10)],
                want.clone(),
            ),
        };
        let (a, b) = (self.expr(&operand), self.expr(&operand));
        if self.semantic {
            let op = if base == Base::Uint && op == "-" {
                "+"
            } else {
                op
            };
            return format!("({a} {op} {})", semantic::guard_operand(op, base, &b));
        }
        format!("({a} {op} {b})")
    }

    /// A unary operator its operand's type takes.
    fn strict_unary(&mut self, want: &Type) -> String {
        let op = match want.numeric().map(|n| n.0) {
            Some(Base::Bool) => "!",
            Some(Base::Float) => ["-", "+"][self.rng.below(2)],
            Some(Base::Int | Base::Uint) => ["-", "~", "+"][self.rng.below(3)],
            None => return self.leaf(want),
        };
        // ReShade's constant folder makes a `uint` of 2^31 or more a negative float (`-6u` is
        // -6.0 where a float is wanted): semantic programs make none of constants.
        let op = if self.semantic && want.numeric().is_some_and(|n| n.0 == Base::Uint) {
            "+"
        } else {
            op
        };
        format!("{op}{}", self.expr(want))
    }

    fn leaf(&mut self, want: &Type) -> String {
        if !self.values.is_empty() && self.rng.below(4) == 0 {
            let fits: Vec<&(String, Type)> =
                self.values.iter().filter(|(_, t)| t == want).collect();
            if !fits.is_empty() {
                return fits[self.rng.below(fits.len())].0.clone();
            }
        }
        if self.cat
            && self.rng.below(6) == 0
            && let Some((n, _)) = self.var_of(Some(want))
            && let Some(digits) = n.strip_prefix('v')
            && digits.bytes().all(|b| b.is_ascii_digit())
        {
            return format!("FZ_CAT(v, {digits})");
        }
        if self.rng.below(3) != 0
            && let Some((n, _)) = self.var_of(Some(want))
        {
            return n;
        }
        if !self.strict
            && self.rng.below(4) == 0
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
        let s = self.swizzle_of(&n, &t, want);
        semantic::guard_conversion(self.semantic, want, &t, s)
    }

    /// A swizzle of `n` (of type `t`) with as many components as `want`.
    fn swizzle_of(&mut self, n: &str, t: &Type, want: &Type) -> String {
        let n = n.to_string();
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
                // Zero-based `_m00` or one-based `_11` cells.
                let one = self.rng.below(2);
                let prefix = if one == 1 { "_" } else { "_m" };
                let cells: String = (0..len)
                    .map(|_| {
                        format!(
                            "{prefix}{}{}",
                            self.rng.below(usize::from(rows)) + one,
                            self.rng.below(usize::from(cols)) + one
                        )
                    })
                    .collect();
                format!("{n}.{cells}")
            }
            None => n,
        }
    }

    fn call(&mut self, want: &Type) -> String {
        if !self.callables.is_empty() && self.rng.below(3) == 0 {
            return self.user_call(want);
        }
        let name = if self.semantic {
            let kept: Vec<&str> = INTRINSICS
                .into_iter()
                .filter(|n| !semantic::LEFT_OUT.contains(n))
                .collect();
            kept[self.rng.below(kept.len())]
        } else {
            INTRINSICS[self.rng.below(INTRINSICS.len())]
        };
        let overloads = intrinsic_table::overloads(name);
        let exact: Vec<_> = overloads.iter().filter(|o| &o.ret == want).collect();
        let pick = if !exact.is_empty() && (self.strict || self.rng.below(4) != 0) {
            exact[self.rng.below(exact.len())]
        } else if self.strict {
            return self.leaf(want);
        } else if let Some(o) = overloads.get(self.rng.below(overloads.len().max(1))) {
            o
        } else {
            return self.leaf(want);
        };
        let mut args: Vec<String> = pick
            .params
            .iter()
            .map(|p| {
                if !self.strict && self.rng.below(5) == 0 {
                    let t = random_type(self.rng);
                    self.expr(&t)
                } else {
                    self.expr(p)
                }
            })
            .collect();
        if self.semantic {
            semantic::guard_arguments(name, &mut args);
        }
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
            let e = self.expr(&t);
            args.push(semantic::guard_conversion(
                self.semantic,
                &Type::scalar(base),
                &t,
                e,
            ));
            left -= u32::from(n);
        }
        // Now and then a component too many or too few: ReShade's X3014.
        if !self.strict && self.rng.below(12) == 0 {
            args.push(literal(self.rng, base));
        }
        format!("{}({})", want.name(), args.join(", "))
    }

    /// A call of a function or macro a family declared, of type `want` when one returns it.
    fn user_call(&mut self, want: &Type) -> String {
        let fits: Vec<usize> = (0..self.callables.len())
            .filter(|&k| &self.callables[k].ret == want)
            .collect();
        let k = if !fits.is_empty() && (self.strict || self.rng.below(4) != 0) {
            fits[self.rng.below(fits.len())]
        } else if self.strict {
            return self.leaf(want);
        } else {
            self.rng.below(self.callables.len())
        };
        let name = self.callables[k].name.clone();
        let params = self.callables[k].params.clone();
        let args: Vec<String> = params
            .iter()
            .map(|p| match p {
                Some(t) if self.strict || self.rng.below(6) != 0 => self.expr(t),
                _ => {
                    let t = random_type(self.rng);
                    self.expr(&t)
                }
            })
            .collect();
        format!("{name}({})", args.join(", "))
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    /// A block `{ ... }` of one or two statements at `indent + 1`.
    fn block(&mut self, out: &mut Vec<String>, indent: usize) {
        let pad = "    ".repeat(indent);
        out.push(format!("{pad}{{"));
        let vars = self.vars.len();
        for _ in 0..1 + self.rng.below(2) {
            self.statement(out, indent + 1);
        }
        // Locals of the block go out of scope with it.
        self.vars.truncate(vars);
        out.push(format!("{pad}}}"));
    }

    fn statement(&mut self, out: &mut Vec<String>, indent: usize) {
        let pad = "    ".repeat(indent);
        let depth_left = indent < 3;
        match self.rng.below(15) {
            0..=3 => {
                let t = random_type(self.rng);
                let name = format!("v{}", self.vars.len());
                let init = self.expr(&t);
                out.push(format!("{pad}{} {name} = {init};", t.name()));
                self.vars.push((name, t));
            }
            4 | 5 => {
                let place = if self.rng.below(40) == 0 {
                    self.values.first().cloned()
                } else {
                    self.var_of(None)
                };
                if let Some((n, t)) = place {
                    let mut op = ASSIGN[self.rng.below(ASSIGN.len())];
                    if self.strict {
                        op = match t.numeric().map(|x| x.0) {
                            Some(Base::Int | Base::Uint) => op,
                            Some(Base::Float) => ["=", "+=", "-=", "*=", "/="][self.rng.below(5)],
                            _ => "=",
                        };
                    }
                    // As for `<<`: shifting a float is a known difference.
                    if t.numeric().is_some_and(|x| x.0 == Base::Float) && op.len() == 3 {
                        op = "+=";
                    }
                    let value_ty = if !self.strict && self.rng.below(4) == 0 {
                        random_type(self.rng)
                    } else {
                        t
                    };
                    let mut v = self.expr(&value_ty);
                    if self.semantic
                        && let Some((base, _, _)) = value_ty.numeric()
                    {
                        v = semantic::guard_operand(op.trim_end_matches('='), base, &v);
                    }
                    out.push(format!("{pad}{n} {op} {v};"));
                }
            }
            6 if depth_left => {
                let c = self.expr(&Type::BOOL);
                let attribute = ["", "", "[flatten] ", "[branch] "][self.rng.below(4)];
                out.push(format!("{pad}{attribute}if ({c})"));
                self.block(out, indent);
                if self.rng.below(3) == 0 {
                    out.push(format!("{pad}else"));
                    self.block(out, indent);
                }
            }
            7 if depth_left => {
                let i = format!("i{}", self.vars.len());
                let attribute = ["", "[unroll] ", "[loop] ", "[fastopt] "][self.rng.below(4)];
                out.push(format!("{pad}{attribute}for (int {i} = 0; {i} < 3; {i}++)"));
                self.loops += 1;
                self.block(out, indent);
                self.loops -= 1;
            }
            8 if depth_left => self.switch(out, indent),
            9 if depth_left => self.while_loop(out, indent),
            10 if depth_left => self.do_loop(out, indent),
            11 => self.jump(out, indent),
            12 if depth_left => self.nested_block(out, indent),
            _ => {
                let place = self.var_of(None).filter(|(_, t)| {
                    !self.strict || t.numeric().is_some_and(|n| n.0 != Base::Bool)
                });
                if let Some((n, _)) = place {
                    let op = ["++", "--"][self.rng.below(2)];
                    if self.rng.below(2) == 0 {
                        out.push(format!("{pad}{n}{op};"));
                    } else {
                        out.push(format!("{pad}{op}{n};"));
                    }
                }
            }
        }
    }

    fn switch(&mut self, out: &mut Vec<String>, indent: usize) {
        let pad = "    ".repeat(indent);
        let s = if !self.strict && self.rng.below(5) == 0 {
            let t = random_type(self.rng);
            self.expr(&t)
        } else {
            self.expr(&Type::INT)
        };
        let attribute = ["", "[flatten] ", "[branch] ", "[forcecase] "][self.rng.below(4)];
        out.push(format!("{pad}{attribute}switch ({s})"));
        out.push(format!("{pad}{{"));
        self.switches += 1;
        let vars = self.vars.len();
        let labels = 1 + self.rng.below(3);
        for label in 0..labels {
            // Now and then a label twice (ReShade's X3532) or two labels for one group.
            let value = if !self.strict && self.rng.below(15) == 0 {
                0
            } else {
                label
            };
            out.push(format!("{pad}case {value}:"));
            if self.rng.below(6) == 0 {
                out.push(format!("{pad}case {}:", 10 + label));
            }
            self.statement(out, indent + 1);
            // Mostly terminated groups; sometimes a fall-through (ReShade's X3533).
            if self.strict || self.rng.below(8) != 0 {
                out.push(format!("{pad}    break;"));
            }
            // A variable one group declares is in scope in the next, as in HLSL, but unwritten
            // there when that group runs alone: undefined in ReShade's SPIR-V, zero in WGSL
            // (seed 927). Strict programs keep their values defined.
            if self.strict {
                self.vars.truncate(vars);
            }
        }
        match self.rng.below(4) {
            0 => {}
            1 => {
                out.push(format!("{pad}default:"));
                self.statement(out, indent + 1);
                out.push(format!("{pad}    break;"));
            }
            _ => out.push(format!("{pad}default: break;")),
        }
        self.vars.truncate(vars);
        self.switches -= 1;
        out.push(format!("{pad}}}"));
    }

    /// A loop's body: one statement, inside the loop (`break`/`continue` allowed), its
    /// variables gone after it.
    fn loop_body(&mut self, out: &mut Vec<String>, indent: usize) {
        self.loops += 1;
        let vars = self.vars.len();
        self.statement(out, indent + 1);
        self.vars.truncate(vars);
        self.loops -= 1;
    }

    fn while_loop(&mut self, out: &mut Vec<String>, indent: usize) {
        let pad = "    ".repeat(indent);
        let i = self.fresh("w");
        out.push(format!("{pad}int {i} = 0;"));
        let c = if self.rng.below(3) == 0 {
            let c = self.expr(&Type::BOOL);
            self.bounded(&i, c)
        } else {
            format!("{i} < {}", 1 + self.rng.below(4))
        };
        let attribute = ["", "[loop] ", "[unroll] "][self.rng.below(3)];
        out.push(format!("{pad}{attribute}while ({c})"));
        out.push(format!("{pad}{{"));
        out.push(format!("{pad}    {i}++;"));
        self.loop_body(out, indent);
        out.push(format!("{pad}}}"));
    }

    fn do_loop(&mut self, out: &mut Vec<String>, indent: usize) {
        let pad = "    ".repeat(indent);
        let i = self.fresh("d");
        out.push(format!("{pad}int {i} = 0;"));
        out.push(format!("{pad}do"));
        out.push(format!("{pad}{{"));
        out.push(format!("{pad}    {i} += 1;"));
        self.loop_body(out, indent);
        let c = if self.rng.below(3) == 0 {
            let c = self.expr(&Type::BOOL);
            self.bounded(&i, c)
        } else {
            format!("{i} < {}", 1 + self.rng.below(4))
        };
        out.push(format!("{pad}}} while ({c});"));
    }

    /// A loop condition `c`, in semantic mode also bounded by the loop's counter `i`.
    fn bounded(&mut self, i: &str, c: String) -> String {
        if self.semantic {
            format!("{i} < {} && ({c})", 1 + self.rng.below(4))
        } else {
            c
        }
    }

    /// `break` or `continue`, mostly where one may stand (X3518 elsewhere), or a `return` of
    /// the pixel shader's type now and then of another.
    fn jump(&mut self, out: &mut Vec<String>, indent: usize) {
        let pad = "    ".repeat(indent);
        let may_break = self.loops + self.switches > 0;
        let may_continue = self.loops > 0;
        let guard = self.expr(&Type::BOOL);
        match self.rng.below(7) {
            6 => out.push(format!("{pad}if ({guard}) discard;")),
            0 | 1 if may_break || self.rng.below(10) == 0 => {
                out.push(format!("{pad}if ({guard}) break;"));
            }
            2 | 3 if may_continue || self.rng.below(10) == 0 => {
                out.push(format!("{pad}if ({guard}) continue;"));
            }
            4 => {
                let t = if !self.strict && self.rng.below(8) == 0 {
                    random_type(self.rng)
                } else {
                    Type::vector(Base::Float, 4)
                };
                let v = self.expr(&t);
                let v = if self.semantic {
                    semantic::squash(&v, "float4")
                } else {
                    v
                };
                out.push(format!("{pad}if ({guard}) return {v};"));
            }
            _ => out.push(format!("{pad};")),
        }
    }

    /// A bare block, whose locals may shadow the outer ones.
    fn nested_block(&mut self, out: &mut Vec<String>, indent: usize) {
        let pad = "    ".repeat(indent);
        out.push(format!("{pad}{{"));
        if let Some((n, _)) = self.var_of(None)
            && self.rng.below(2) == 0
        {
            let t = random_type(self.rng);
            let init = self.expr(&t);
            out.push(format!("{pad}    {} {n} = {init};", t.name()));
        }
        let vars = self.vars.len();
        self.statement(out, indent + 1);
        self.vars.truncate(vars);
        out.push(format!("{pad}}}"));
    }
}

// ---------------------------------------------------------------------------------------------
// Construct families: each declares globals (and callables, places and values the pixel
// shader's statements then use), and may add statements to the pixel shader and techniques.

/// What the families add to a program.
#[derive(Default)]
struct Parts {
    /// Lines before the pixel shader.
    globals: Vec<String>,
    /// Statements at the start of the pixel shader.
    body: Vec<String>,
    /// Lines after the pixel shader's technique (more shaders and techniques).
    after: Vec<String>,
    /// Passes of the technique before the pixel shader's (which fill what it reads).
    passes_before: Vec<String>,
    /// The pixel shader's parameters after `pos` and `uv` (varyings of `vertex_shader`).
    ps_params: Vec<String>,
    /// The vertex shader the pixel shader's passes run instead of `CaseVS`.
    vertex_shader: Option<String>,
}

/// The families, the preprocessor's first (drawn twice as often: it has the most forms).
const FAMILIES: [fn(&mut Generator, &mut Parts); 14] = [
    |g, p| g.preprocessor(p),
    |g, p| g.preprocessor(p),
    |g, p| g.structs(p),
    |g, p| g.arrays(p),
    |g, p| g.namespaces(p),
    |g, p| g.overloads(p),
    |g, p| g.compute(p),
    |g, p| g.annotations(p),
    |g, p| g.texture_reads(p),
    |g, p| g.shader_forms(p),
    |g, p| g.pass_states(p),
    |g, p| g.filled_reads(p),
    |g, p| g.semantic_compute(p),
    |g, p| g.varyings(p),
];

const PP_BINARY: [&str; 18] = [
    "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "<", ">", "<=", ">=", "==",
    "!=",
];

impl Generator<'_> {
    /// An `#if` condition: literals, `defined`, macros (defined or not), operators.
    fn pp_condition(&mut self, depth: usize) -> String {
        let choice = if depth > 2 {
            self.rng.below(3)
        } else {
            self.rng.below(8)
        };
        match choice {
            0 => [
                "0", "1", "2", "0x10", "3u", "07", "-1", "100000", "'a'", "0", "1", "2", "3", "4",
                "5", "6", "7", "8", "9", "1.5",
            ][self.rng.below(20)]
            .into(),
            1 => [
                "defined(FZ_ONE)",
                "defined FZ_ONE",
                "defined(FZ_NOPE)",
                "defined ( FZ_ADD )",
                "defined(__RESHADE__)",
                "defined BUFFER_WIDTH",
            ][self.rng.below(6)]
            .into(),
            2 => [
                "FZ_ONE",
                "FZ_NOPE",
                "FZ_TWO",
                "__RESHADE__",
                "BUFFER_WIDTH",
                "__RENDERER__",
                "FZ_ADD(1, 2)",
                "FZ_EMPTY 1",
            ][self.rng.below(8)]
            .into(),
            3 | 4 => {
                let op = PP_BINARY[self.rng.below(PP_BINARY.len())];
                let (a, b) = (self.pp_condition(depth + 1), self.pp_condition(depth + 1));
                format!("{a} {op} {b}")
            }
            5 => {
                let op = ["!", "-", "~", "+"][self.rng.below(4)];
                format!("{op}{}", self.pp_condition(depth + 1))
            }
            // ReShade's evaluator has no `?:`: now and then one.
            6 if self.strict || self.rng.below(4) != 0 => {
                format!("({})", self.pp_condition(depth + 1))
            }
            6 => {
                let (c, a, b) = (
                    self.pp_condition(depth + 1),
                    self.pp_condition(depth + 1),
                    self.pp_condition(depth + 1),
                );
                format!("{c} ? {a} : {b}")
            }
            _ => format!("({})", self.pp_condition(depth + 1)),
        }
    }

    /// Macros of every form, `#if`/`#elif` chains, `#undef`, `#pragma`, `#warning`, now and
    /// then `#line` or an `#error`.
    fn preprocessor(&mut self, parts: &mut Parts) {
        if self.callables.iter().any(|c| c.name == "FZ_ADD") {
            return;
        }
        let g = &mut parts.globals;
        g.push("#define FZ_ONE 1".into());
        g.push(format!("#define FZ_TWO (FZ_ONE + {})", self.rng.below(3)));
        g.push("#define FZ_EMPTY".into());
        g.push("#define FZ_ADD(a, b) ((a) + (b))".into());
        g.push("#define FZ_MUL(a,b) ((a)*(b))".into());
        g.push("#define FZ_TWICE(x) FZ_ADD(x, x)".into());
        g.push("#define FZ_PICK(a, b, c) b".into());
        g.push("#define FZ_CAT(a, b) a##b".into());
        g.push("#define FZ_STR(x) #x".into());
        g.push("#define FZ_NOARGS() 2.0".into());
        if self.rng.below(3) == 0 {
            g.push("#define FZ_LONG(a, b) \\".into());
            g.push("    ((a) - \\".into());
            g.push("     (b))".into());
            self.callables.push(Callable {
                name: "FZ_LONG".into(),
                params: vec![None, None],
                ret: Type::FLOAT,
            });
        }
        self.cat = true;
        for name in ["FZ_ADD", "FZ_MUL"] {
            let t = random_type(self.rng);
            self.callables.push(Callable {
                name: name.into(),
                params: vec![Some(t.clone()), Some(t.clone())],
                ret: t,
            });
        }
        let t = random_type(self.rng);
        self.callables.push(Callable {
            name: "FZ_TWICE".into(),
            params: vec![Some(t.clone())],
            ret: t,
        });
        let t = random_type(self.rng);
        self.callables.push(Callable {
            name: "FZ_PICK".into(),
            params: vec![None, Some(t.clone()), None],
            ret: t,
        });
        self.values.push(("FZ_ONE".into(), Type::INT));
        self.values.push(("FZ_TWO".into(), Type::INT));
        self.values.push(("FZ_NOARGS()".into(), Type::FLOAT));
        self.values
            .push(("FZ_EMPTY FZ_ONE FZ_EMPTY".into(), Type::INT));
        // An `#if` chain that declares FZ_K on every path.
        let k = self.fresh("FZ_K");
        let directive = ["#if", "#ifdef", "#ifndef"][self.rng.below(3)];
        let first = if directive == "#if" {
            self.pp_condition(0)
        } else {
            ["FZ_ONE", "FZ_NOPE", "FZ_ADD"][self.rng.below(3)].to_string()
        };
        let g = &mut parts.globals;
        g.push(format!("{directive} {first}"));
        g.push(format!("static const float {k} = 1.0;"));
        for n in 0..self.rng.below(3) {
            let c = self.pp_condition(0);
            parts.globals.push(format!("#elif {c}"));
            parts
                .globals
                .push(format!("static const float {k} = {}.5;", n + 2));
        }
        let nested = self.rng.below(3) == 0;
        let inner = self.pp_condition(1);
        let g = &mut parts.globals;
        g.push("#else".into());
        if nested {
            g.push(format!("#if {inner}"));
            g.push(format!("static const float {k} = 7.0;"));
            g.push("#else".into());
            g.push("#error \"not reached\"".into());
            g.push(format!("static const float {k} = 8.0;"));
            g.push("#endif".into());
        } else {
            g.push(format!("static const float {k} = 9.0;"));
        }
        g.push("#endif".into());
        self.values.push((k, Type::FLOAT));
        let g = &mut parts.globals;
        match self.rng.below(8) {
            0 => {
                g.push("#undef FZ_ONE".into());
                g.push("#define FZ_ONE 1".into());
            }
            1 => g.push("#undef FZ_NOPE".into()),
            2 => g.push("#pragma warning(disable : 3206)".into()),
            3 => g.push("#pragma once".into()),
            4 => g.push("#warning \"fuzz warning\"".into()),
            5 => g.push(format!("#line {}", 20 + self.rng.below(40))),
            6 => g.push("#pragma reshade showfps".into()),
            _ => g.push("#pragma fuzz_unknown".into()),
        }
        // A string from `#`, in an annotation.
        let label = ["fuzz label", "(a, b)", "\"q\"", "x  y", ""][self.rng.below(5)];
        parts.globals.push(format!(
            "uniform float FZ_CAT(Fz, Str) < ui_label = FZ_STR({label}); > = FZ_TWO;"
        ));
        self.values.push(("FzStr".into(), Type::FLOAT));
        if self.rng.below(25) == 0 {
            parts.globals.push("#error \"fuzz error\"".into());
        }
    }

    /// A struct of random members (an array now and then), one nesting it, a maker, a getter;
    /// the pixel shader declares one of each and an array of them.
    fn structs(&mut self, parts: &mut Parts) {
        let s = self.fresh("FzS");
        let members: Vec<(String, Type)> = (0..1 + self.rng.below(3))
            .map(|m| (format!("m{m}"), random_type(self.rng)))
            .collect();
        let array = self.rng.below(3) == 0;
        let mut decl = format!("struct {s} {{");
        for (n, t) in &members {
            let _ = write!(decl, " {} {n};", t.name());
        }
        if array {
            decl += " float arr[2];";
        }
        decl += " };";
        parts.globals.push(decl);
        let (first, first_ty) = members[0].clone();
        let param = random_type(self.rng);
        parts
            .globals
            .push(format!("{s} {s}Make({} x)", param.name()));
        parts.globals.push("{".into());
        parts.globals.push(format!("    {s} r;"));
        // The maker sees its parameter and the globals, none of the pixel shader's locals.
        let vars = std::mem::replace(&mut self.vars, vec![("x".into(), param.clone())]);
        let values = std::mem::take(&mut self.values);
        for (n, t) in &members {
            let v = self.expr(t);
            parts.globals.push(format!("    r.{n} = {v};"));
        }
        self.vars = vars;
        self.values = values;
        if array {
            parts
                .globals
                .push("    r.arr[0] = 1.0; r.arr[1] = 2.0;".into());
        }
        parts.globals.push("    return r;".into());
        parts.globals.push("}".into());
        parts.globals.push(format!(
            "{} {s}Get({s} s) {{ return s.{first}; }}",
            first_ty.name()
        ));
        let v = self.fresh("s");
        let arg = self.expr(&param);
        parts.body.push(format!("    {s} {v} = {s}Make({arg});"));
        for (n, t) in &members {
            self.vars.push((format!("{v}.{n}"), t.clone()));
        }
        if array {
            self.vars.push((format!("{v}.arr[1]"), Type::FLOAT));
        }
        self.values.push((format!("{s}Get({v})"), first_ty.clone()));
        // A struct as a member now and then (ReShade has no nested structs: X3000).
        let w = self.fresh("n");
        if self.rng.below(10) == 0 {
            let nest = format!("{s}N");
            let extra = random_type(self.rng);
            parts.globals.push(format!(
                "struct {nest} {{ {s} inner; {} extra; }};",
                extra.name()
            ));
            parts.body.push(format!("    {nest} {w};"));
            parts.body.push(format!("    {w}.inner = {v};"));
        } else {
            parts.body.push(format!("    {s} {w} = {v};"));
        }
        for (n, t) in &members {
            self.vars.push((format!("{w}.{n}"), t.clone()));
        }
        // A struct returned by a call and read at once.
        let arg = self.expr(&param);
        self.values
            .push((format!("{s}Make({arg}).{first}"), first_ty.clone()));
        let a = self.fresh("sa");
        let count = 1 + self.rng.below(3);
        parts.body.push(format!("    {s} {a}[{count}];"));
        let at = self.rng.below(count + 1);
        if self.semantic {
            // Every element written, none past the end (the others would be undefined).
            for k in 0..count {
                parts.body.push(format!("    {a}[{k}] = {v};"));
            }
        } else {
            parts.body.push(format!("    {a}[{at}] = {v};"));
        }
        self.vars
            .push((format!("{a}[{}].{first}", self.rng.below(count)), first_ty));
        // Now and then a struct copied from the wrong struct or built from a list.
        match self.rng.below(10) {
            0 => parts.body.push(format!("    {w} = {v};")),
            1 => {
                let list: Vec<String> = members
                    .iter()
                    .map(|(_, t)| constant_of(self.rng, t))
                    .collect();
                parts.body.push(format!(
                    "    {s} {} = {{ {} }};",
                    self.fresh("l"),
                    list.join(", ")
                ));
            }
            _ => {}
        }
    }

    /// Global constant arrays, local arrays with and without initialiser lists, indexed by
    /// constants (now and then out of bounds) and by variables.
    fn arrays(&mut self, parts: &mut Parts) {
        let t = random_type(self.rng);
        let k = self.fresh("FzA");
        let n = 1 + self.rng.below(4);
        let items: Vec<String> = (0..n).map(|_| constant_of(self.rng, &t)).collect();
        // Semantic programs keep every element defined and every index in bounds.
        let size = match self.rng.below(12) {
            0 if !self.semantic => format!("{}", n + 1),
            1 if n > 1 && !self.semantic => format!("{}", n - 1),
            2..=5 => String::new(),
            _ => format!("{n}"),
        };
        parts.globals.push(format!(
            "static const {} {k}[{size}] = {{ {}{} }};",
            t.name(),
            items.join(", "),
            if self.rng.below(4) == 0 { "," } else { "" }
        ));
        let index = if self.rng.below(20) == 0 && !self.semantic {
            n
        } else {
            self.rng.below(n)
        };
        self.values.push((format!("{k}[{index}]"), t.clone()));
        // A local array, with a list or assigned element by element.
        let u = random_type(self.rng);
        let a = self.fresh("la");
        let m = 1 + self.rng.below(4);
        if self.rng.below(2) == 0 {
            let items: Vec<String> = (0..m).map(|_| self.expr(&u)).collect();
            parts.body.push(format!(
                "    {} {a}[{m}] = {{ {} }};",
                u.name(),
                items.join(", ")
            ));
        } else {
            parts.body.push(format!("    {} {a}[{m}];", u.name()));
            for i in 0..m {
                let v = self.expr(&u);
                parts.body.push(format!("    {a}[{i}] = {v};"));
            }
        }
        for i in 0..m {
            self.vars.push((format!("{a}[{i}]"), u.clone()));
        }
        if let Some((int, _)) = self.var_of(Some(&Type::INT)) {
            // In bounds in semantic programs: the index made a `uint` (a bit cast in both
            // languages) modulo the length.
            let index = if self.semantic {
                format!("((uint){int}) % {m}u")
            } else {
                int
            };
            self.vars.push((format!("{a}[{index}]"), u.clone()));
        }
        // A two-dimensional array now and then (not in semantic programs: it is read where
        // it was not written), and an array copied whole.
        match self.rng.below(12) {
            0 if !self.semantic => {
                let b = self.fresh("la");
                parts.body.push(format!("    float {b}[2][3];"));
                parts.body.push(format!("    {b}[1][2] = 1.0;"));
                self.vars.push((format!("{b}[0][1]"), Type::FLOAT));
            }
            1 => {
                let b = self.fresh("la");
                parts.body.push(format!("    {} {b}[{m}] = {a};", u.name()));
            }
            _ => {}
        }
    }

    /// A namespace with a constant, a function and a nested namespace, used qualified.
    fn namespaces(&mut self, parts: &mut Parts) {
        let ns = self.fresh("FzNs");
        let t = random_type(self.rng);
        let c = constant_of(self.rng, &t);
        let u = random_type(self.rng);
        let g = &mut parts.globals;
        g.push(format!("namespace {ns}"));
        g.push("{".into());
        g.push(format!("    static const {} k = {c};", t.name()));
        g.push(format!(
            "    {} f({} x) {{ return x; }}",
            u.name(),
            u.name()
        ));
        g.push("    namespace In".into());
        g.push("    {".into());
        g.push(format!(
            "        float g(float2 v) {{ return v.x + {}; }}",
            ["1.0", "k.x", "f(v).x", "In::h()", "0.5"][self.rng.below(5)]
        ));
        g.push("    }".into());
        g.push("}".into());
        if self.rng.below(3) == 0 {
            // Reopened, with a name that uses the first part's.
            g.push(format!(
                "namespace {ns} {{ float h2() {{ return In::g(float2(1.0, 2.0)); }} }}"
            ));
            self.values.push((format!("{ns}::h2()"), Type::FLOAT));
        }
        self.values.push((format!("{ns}::k"), t));
        self.callables.push(Callable {
            name: format!("{ns}::f"),
            params: vec![Some(u.clone())],
            ret: u,
        });
        self.callables.push(Callable {
            name: format!("{ns}::In::g"),
            params: vec![Some(Type::vector(Base::Float, 2))],
            ret: Type::FLOAT,
        });
        // Now and then unqualified, or qualified from the global namespace.
        match self.rng.below(10) {
            0 => self.values.push(("k".into(), Type::FLOAT)),
            1 => self.values.push((format!("::{ns}::k"), Type::FLOAT)),
            _ => {}
        }
    }

    /// Overloads of one name on parameter types and counts, and a function with `out` and
    /// `inout` parameters called with places (now and then with a value).
    fn overloads(&mut self, parts: &mut Parts) {
        let name = self.fresh("FzOv");
        let mut seen: Vec<Type> = Vec::new();
        for _ in 0..2 + self.rng.below(3) {
            let p = random_type(self.rng);
            if seen.contains(&p) && self.rng.below(4) != 0 {
                continue;
            }
            seen.push(p.clone());
            let r = random_type(self.rng);
            let body = constant_of(self.rng, &r);
            parts.globals.push(format!(
                "{} {name}({} x) {{ return {body}; }}",
                r.name(),
                p.name()
            ));
            self.callables.push(Callable {
                name: name.clone(),
                params: vec![Some(p)],
                ret: r,
            });
        }
        let (p, q) = (random_type(self.rng), random_type(self.rng));
        parts.globals.push(format!(
            "float {name}({} x, {} y) {{ return 1.0; }}",
            p.name(),
            q.name()
        ));
        self.callables.push(Callable {
            name: name.clone(),
            params: vec![Some(p), Some(q)],
            ret: Type::FLOAT,
        });
        // out and inout.
        let out_name = self.fresh("FzOut");
        let (a, b) = (random_type(self.rng), random_type(self.rng));
        // Semantic programs read no `out` parameter before writing it (`acc += x` reads it).
        let (qa, qb) = (
            ["out", "inout", "in out", "out in"][self.rng.below(4)],
            ["inout", "out", "in", ""][self.rng.below(if self.semantic { 1 } else { 4 })],
        );
        let init = constant_of(self.rng, &a);
        parts.globals.push(format!(
            "void {out_name}({qa} {} r, {qb} {} acc, float x) {{ r = {init}; acc += x; }}",
            a.name(),
            b.name()
        ));
        let place = |g: &mut Self, t: &Type, body: &mut Vec<String>| -> String {
            match g.rng.below(8) {
                0 => constant_of(g.rng, t),
                1 => {
                    if let Some((n, _)) = g.var_of(None) {
                        n
                    } else {
                        constant_of(g.rng, t)
                    }
                }
                _ => {
                    if let Some((n, _)) = g.var_of(Some(t)) {
                        n
                    } else {
                        // With a value in semantic programs: `inout` reads it.
                        let n = g.fresh("o");
                        let init = if g.semantic {
                            format!(" = {}", constant_of(g.rng, t))
                        } else {
                            String::new()
                        };
                        body.push(format!("    {} {n}{init};", t.name()));
                        g.vars.push((n.clone(), t.clone()));
                        n
                    }
                }
            }
        };
        let r = place(self, &a, &mut parts.body);
        let acc = place(self, &b, &mut parts.body);
        let x = self.expr(&Type::FLOAT);
        // `acc += x` converts to `acc`'s type: a negative float made a `uint` is undefined.
        let x = if self.semantic {
            format!("abs({x})")
        } else {
            x
        };
        parts.body.push(format!("    {out_name}({r}, {acc}, {x});"));
        // A function with the same name as a variable, or declared twice.
        if self.rng.below(12) == 0 && !self.semantic {
            parts
                .globals
                .push(format!("float {name}(float x) {{ return x; }}"));
            parts
                .globals
                .push(format!("float {name}(float y) {{ return y; }}"));
        }
    }

    /// A storage, `groupshared` memory, atomics, barriers and a compute pass.
    fn compute(&mut self, parts: &mut Parts) {
        let (format, element, base) = [
            ("RGBA8", "float4", Base::Float),
            ("R32F", "float", Base::Float),
            ("R32I", "int", Base::Int),
            ("R32U", "uint", Base::Uint),
            ("RG16F", "float2", Base::Float),
        ][self.rng.below(5)];
        let typed = format.starts_with("R32") && format != "R32F";
        let t = self.fresh("FzCTex");
        let st = self.fresh("FzStore");
        let gs = self.fresh("FzShared");
        let a = &mut parts.after;
        a.push(format!(
            "texture2D {t} {{ Width = 16; Height = 16; Format = {format}; }};"
        ));
        let qualifier = if typed || self.rng.below(3) == 0 {
            format!("<{element}>")
        } else {
            String::new()
        };
        a.push(format!(
            "storage2D{qualifier} {st} {{ Texture = {t}; MipLevel = 0; }};"
        ));
        let shared_ty = ["uint", "int", "float"][self.rng.below(3)];
        let shared_len = [1, 4, 64][self.rng.below(3)];
        let shared_decl = if shared_len == 1 {
            format!("groupshared {shared_ty} {gs};")
        } else {
            format!("groupshared {shared_ty} {gs}[{shared_len}];")
        };
        a.push(shared_decl);
        let slot = if shared_len == 1 {
            gs.clone()
        } else {
            format!("{gs}[{}]", self.rng.below(shared_len))
        };
        let (x, y) = ([1, 8, 16, 32][self.rng.below(4)], [1, 8][self.rng.below(2)]);
        a.push(format!(
            "void {gs}CS(uint3 id : SV_DispatchThreadID, uint3 tid : SV_GroupThreadID, uint gi : SV_GroupIndex, uint3 gid : SV_GroupID)"
        ));
        a.push("{".into());
        let zero = match shared_ty {
            "uint" => "0u",
            "int" => "0",
            _ => "0.0",
        };
        a.push(format!("    {slot} = {zero};"));
        a.push(format!(
            "    {}();",
            [
                "barrier",
                "memoryBarrier",
                "groupMemoryBarrier",
                "groupMemoryBarrier"
            ][self.rng.below(4)]
        ));
        let op = match self.rng.below(7) {
            6 => "atomicExchange",
            k => semantic_compute::ATOMICS[k],
        };
        let value = ["1u", "1", "gi", "id.x", "1.0"][self.rng.below(5)];
        if self.rng.below(2) == 0 {
            a.push(format!("    {op}({slot}, {value});"));
        } else {
            a.push(format!("    {shared_ty} old = {op}({slot}, {value});"));
        }
        if self.rng.below(4) == 0 {
            a.push(format!(
                "    atomicCompareExchange({slot}, {zero}, {value});"
            ));
        }
        let coord = ["id.xy", "int2(id.xy)", "tid.xy", "gid.xy", "id"][self.rng.below(5)];
        let stored = Type::vector(base, 4);
        let stored = match element {
            "float" | "int" | "uint" => Type::scalar(base),
            "float2" => Type::vector(base, 2),
            _ => stored,
        };
        let v = constant_of(self.rng, &stored);
        a.push(format!("    tex2Dstore({st}, {coord}, {v});"));
        if typed && self.rng.below(2) == 0 {
            let value = ["1", "1u", "gi"][self.rng.below(3)];
            // A storage texel has no exchange in WGSL (a known lowering gap): an add instead.
            let op = if op == "atomicExchange" {
                "atomicAdd"
            } else {
                op
            };
            a.push(format!("    {op}({st}, int2(id.xy), {value});"));
        }
        if self.rng.below(4) == 0 {
            a.push(format!(
                "    {} r = tex2Dfetch({st}, int2(0, 0));",
                stored.name()
            ));
        }
        a.push("}".into());
        let dispatch = if self.rng.below(2) == 0 {
            format!(
                "DispatchSizeX = {}; DispatchSizeY = {};",
                1 + self.rng.below(4),
                1 + self.rng.below(4)
            )
        } else {
            format!("DispatchSizeX = {};", 1 + self.rng.below(4))
        };
        let threads = if self.rng.below(3) == 0 {
            format!("<{x}, {y}, 1>")
        } else {
            format!("<{x}, {y}>")
        };
        a.push(format!(
            "technique {gs}T {{ pass {{ ComputeShader = {gs}CS{threads}; {dispatch} }} pass {{ VertexShader = CaseVS; PixelShader = PS; RenderTarget = {}; }} }}",
            if format == "RGBA8" { t.as_str() } else { "CaseTex" }
        ));
    }

    /// Texture reads of every kind through a second sampler (states of every kind, an integer
    /// texture now and then), sizes, the compatibility macros, and uniform arrays.
    fn texture_reads(&mut self, parts: &mut Parts) {
        let t = self.fresh("FzRTex");
        let (format, element) = match self.rng.below(8) {
            0 => ("R32I", "int4"),
            1 => ("R32U", "uint4"),
            _ => ("RGBA16F", "float4"),
        };
        let typed = element != "float4";
        let levels = 1 + self.rng.below(4);
        // A texture takes no element type in ReShade 6.1 (a syntax error now and then).
        parts.globals.push(format!(
            "texture2D{} {t} {{ Width = {}; Height = {}; MipLevels = {}; Format = {format}; }};",
            if typed && self.rng.below(20) == 0 {
                format!("<{element}>")
            } else {
                String::new()
            },
            1 + self.rng.below(64),
            1 + self.rng.below(64),
            levels
        ));
        let states = [
            format!(
                "MinFilter = {};",
                ["POINT", "LINEAR", "ANISOTROPIC"][self.rng.below(3)]
            ),
            format!("MipFilter = {};", ["POINT", "LINEAR"][self.rng.below(2)]),
            format!("AddressV = {};", ADDRESS[self.rng.below(ADDRESS.len())]),
            format!("MinLOD = {}.0;", self.rng.below(3)),
            format!("MaxLOD = {}.0;", self.rng.below(9)),
            // A bias now and then, on any texture (lowered since session 16).
            if self.rng.below(4) == 0 {
                format!("MipLODBias = {}.5;", self.rng.below(3))
            } else {
                "MipLODBias = 0.0;".into()
            },
            format!("SRGBTexture = {};", ["true", "false"][self.rng.below(2)]),
        ];
        let chosen: Vec<&str> = states
            .iter()
            .filter(|_| self.rng.below(3) == 0)
            .map(String::as_str)
            .collect();
        let samp = format!("{t}S");
        parts.globals.push(format!(
            "sampler2D{} {samp} {{ Texture = {t}; {} }};",
            if typed {
                format!("<{element}>")
            } else {
                String::new()
            },
            chosen.join(" ")
        ));
        let f2 = Type::vector(Base::Float, 2);
        let f4 = Type::vector(Base::Float, 4);
        let i2 = Type::vector(Base::Int, 2);
        let value = Type::vector(
            match element {
                "int4" => Base::Int,
                "uint4" => Base::Uint,
                _ => Base::Float,
            },
            4,
        );
        for _ in 0..1 + self.rng.below(3) {
            let read = match self.rng.below(9) {
                0 => format!("tex2D({samp}, {})", self.expr(&f2)),
                1 => format!("tex2Dlod({samp}, {})", self.expr(&f4)),
                2 => format!("tex2Dfetch({samp}, {})", self.expr(&i2)),
                3 => format!(
                    "tex2Dfetch({samp}, {}, {})",
                    self.expr(&i2),
                    self.rng.below(3)
                ),
                4 => format!(
                    "tex2Dgrad({samp}, {}, {}, {})",
                    self.expr(&f2),
                    self.expr(&f2),
                    self.expr(&f2)
                ),
                5 => format!(
                    "tex2Doffset({samp}, {}, int2({}, {}))",
                    self.expr(&f2),
                    self.rng.below(5) as i32 - 2,
                    self.rng.below(5) as i32 - 2
                ),
                6 if !typed => format!(
                    "tex2Dgather({samp}, {}, {})",
                    self.expr(&f2),
                    self.rng.below(4)
                ),
                7 if !typed => format!(
                    "{}({samp}, {})",
                    [
                        "tex2DgatherR",
                        "tex2DgatherG",
                        "tex2DgatherB",
                        "tex2DgatherA"
                    ][self.rng.below(4)],
                    self.expr(&f2)
                ),
                _ => format!("tex2Dlod({samp}, float4({}, 0.0, 0.0))", self.expr(&f2)),
            };
            let v = self.fresh("tr");
            parts
                .body
                .push(format!("    {} {v} = {read};", value.name()));
            self.vars.push((v, value.clone()));
        }
        let size = self.fresh("ts");
        let level = if self.rng.below(2) == 0 {
            String::new()
        } else {
            format!(", {}", self.rng.below(3))
        };
        parts
            .body
            .push(format!("    int2 {size} = tex2Dsize({samp}{level});"));
        self.vars.push((size, i2));
        // A uniform array with its initial values.
        let ua = self.fresh("FzUA");
        let n = 1 + self.rng.below(4);
        // Of any type, matrices too (lowered since session 16).
        let ut = random_type(self.rng);
        let items: Vec<String> = (0..n).map(|_| constant_of(self.rng, &ut)).collect();
        parts.globals.push(format!(
            "uniform {} {ua}[{n}] < ui_type = \"drag\"; > = {{ {} }};",
            ut.name(),
            items.join(", ")
        ));
        self.values
            .push((format!("{ua}[{}]", self.rng.below(n)), ut));
    }

    /// Annotations of every value type on uniforms, textures, samplers, techniques and passes.
    fn annotations(&mut self, parts: &mut Parts) {
        let value = |g: &mut Self| -> String {
            match g.rng.below(14) {
                0 => format!("{}", g.rng.below(20)),
                1 => format!("-{}", g.rng.below(20)),
                2 => format!("{}u", g.rng.below(20)),
                3 => literal(g.rng, Base::Float),
                4 => format!("-{}", literal(g.rng, Base::Float)),
                5 => ["true", "false"][g.rng.below(2)].into(),
                6 => "\"text\"".into(),
                7 => "\"a\" \"b\"".into(),
                8 => "\"a\\0b\\0\"".into(),
                9 => format!("{}.0f", g.rng.below(9)),
                10 => format!("0x{:x}", g.rng.below(256)),
                11 => ["1e3", "1.5e-2", ".5", "2."][g.rng.below(4)].into(),
                12 => ["float2(1, 2)", "1 + 2", "-true", "FuzzU", "!1"][g.rng.below(5)].into(),
                _ => format!("{}", g.rng.below(3)),
            }
        };
        const NAMES: [&str; 14] = [
            "ui_type",
            "ui_min",
            "ui_max",
            "ui_step",
            "ui_items",
            "ui_label",
            "ui_tooltip",
            "ui_category",
            "ui_category_closed",
            "ui_spacing",
            "ui_units",
            "hidden",
            "noreset",
            "fuzz_custom",
        ];
        let list = |g: &mut Self| -> String {
            let mut text = String::new();
            let mut used = Vec::new();
            for _ in 0..g.rng.below(4) {
                let name = NAMES[g.rng.below(NAMES.len())];
                if used.contains(&name) && g.rng.below(4) != 0 {
                    continue;
                }
                used.push(name);
                let v = value(g);
                let _ = write!(text, " {name} = {v};");
            }
            format!("<{text} >")
        };
        let ut = random_type(self.rng);
        let u = self.fresh("FzAnnU");
        let ann = list(self);
        let init = if self.rng.below(3) == 0 {
            String::new()
        } else {
            format!(" = {}", constant_of(self.rng, &ut))
        };
        parts
            .globals
            .push(format!("uniform {} {u} {ann}{init};", ut.name()));
        self.values.push((u, ut));
        let source = [
            "timer",
            "frametime",
            "framecount",
            "random",
            "pingpong",
            "mousepoint",
            "key",
            "overlay_open",
            "fuzz_unknown",
        ][self.rng.below(9)];
        let u = self.fresh("FzSrc");
        let st = ["float", "int", "uint", "bool", "float2", "float4"][self.rng.below(6)];
        parts
            .globals
            .push(format!("uniform {st} {u} < source = \"{source}\"; >;"));
        let t = self.fresh("FzAnnTex");
        let ann = list(self);
        parts
            .globals
            .push(format!("texture2D {t} {ann} {{ Width = 4; Height = 4; }};"));
        if self.rng.below(3) == 0 {
            let ann = list(self);
            parts
                .globals
                .push(format!("sampler2D {t}S {ann} {{ Texture = {t}; }};"));
        }
        // ReShade takes no annotations on a pass: now and then some.
        let ta = list(self);
        let pa = if self.rng.below(10) == 0 {
            list(self)
        } else {
            String::new()
        };
        parts.after.push(format!(
            "technique {t}T {ta} {{ pass {t}P {pa} {{ VertexShader = CaseVS; PixelShader = PS; }} }}"
        ));
    }

    /// `static` globals and locals of every type, `const` parameters, an `out` parameter left
    /// unwritten on some paths, `mul` of matrices and vectors in every order, integer division
    /// and modulo of negative constants, a struct returned through two calls.
    fn shader_forms(&mut self, parts: &mut Parts) {
        // A static global, constant or not, with an initialiser (now and then none).
        let t = random_type(self.rng);
        let g = self.fresh("FzSt");
        let konst = self.rng.below(2) == 0;
        let init = if !self.strict && self.rng.below(6) == 0 {
            String::new()
        } else if !self.strict && self.rng.below(3) == 0 {
            // Not a literal expression now and then (ReShade: X3011).
            let s = self.values.clone();
            self.values.clear();
            let v = self.vars.clone();
            self.vars.clear();
            let e = format!(" = {}", self.expr(&t));
            self.values = s;
            self.vars = v;
            e
        } else {
            format!(" = {}", constant_of(self.rng, &t))
        };
        parts.globals.push(format!(
            "static {}{} {g}{init};",
            if konst { "const " } else { "" },
            t.name()
        ));
        if konst {
            self.values.push((g, t));
        } else {
            self.vars.push((g, t));
        }
        // A static local.
        let t = random_type(self.rng);
        let l = self.fresh("sl");
        let konst = self.rng.below(2) == 0;
        let init = if self.rng.below(3) == 0 {
            self.expr(&t)
        } else {
            constant_of(self.rng, &t)
        };
        parts.body.push(format!(
            "    static {}{} {l} = {init};",
            if konst { "const " } else { "" },
            t.name()
        ));
        if konst {
            self.values.push((l, t));
        } else {
            self.vars.push((l, t));
        }
        // A function of `const` parameters (now and then one assigned: X3025).
        let (p, q, r) = (
            random_type(self.rng),
            random_type(self.rng),
            random_type(self.rng),
        );
        let f = self.fresh("FzCp");
        let vars = std::mem::replace(&mut self.vars, vec![("y".into(), q.clone())]);
        let values = std::mem::replace(&mut self.values, vec![("x".into(), p.clone())]);
        let body = self.expr(&r);
        let write = if !self.strict && self.rng.below(8) == 0 {
            format!(" x = {};", constant_of(self.rng, &p))
        } else {
            String::new()
        };
        self.vars = vars;
        self.values = values;
        parts.globals.push(format!(
            "{} {f}(const {} x, {} {} y) {{{write} return {body}; }}",
            r.name(),
            p.name(),
            ["in const", "const in", "const", "in"][self.rng.below(4)],
            q.name()
        ));
        self.callables.push(Callable {
            name: f,
            params: vec![Some(p), Some(q)],
            ret: r,
        });
        // An `out` parameter written on one path only, or never.
        let t = random_type(self.rng);
        let f = self.fresh("FzUo");
        let write = constant_of(self.rng, &t);
        let form = self.rng.below(3);
        // Semantic programs write it on every path (an unwritten one is undefined).
        let form = if self.semantic { 3 } else { form };
        parts.globals.push(match form {
            3 => format!("void {f}(out {} r, float c) {{ r = {write}; }}", t.name()),
            0 => format!("void {f}(out {} r, float c) {{ }}", t.name()),
            1 => format!(
                "void {f}(out {} r, float c) {{ if (c > 0.5) r = {write}; }}",
                t.name()
            ),
            _ => format!(
                "void {f}(out {} r, float c) {{ if (c > 0.5) return; r = {write}; }}",
                t.name()
            ),
        });
        let o = self.fresh("uo");
        let c = self.expr(&Type::FLOAT);
        parts.body.push(format!("    {} {o};", t.name()));
        parts.body.push(format!("    {f}({o}, {c});"));
        self.vars.push((o, t));
        self.mul_and_division();
        // A struct returned through two calls, read member by member.
        let s = self.fresh("FzR");
        parts
            .globals
            .push(format!("struct {s} {{ float4 c; float2 d; int k; }};"));
        parts.globals.push(format!(
            "{s} {s}Make(float x) {{ {s} r; r.c = x; r.d = float2(x, 1.0); r.k = int(x); return r; }}"
        ));
        parts.globals.push(format!(
            "{s} {s}Wrap(float x) {{ return {s}Make(x * 2.0); }}"
        ));
        let x = self.expr(&Type::FLOAT);
        self.values
            .push((format!("{s}Wrap({x}).c.zyx"), Type::vector(Base::Float, 3)));
        let x = self.expr(&Type::FLOAT);
        self.values.push((format!("{s}Wrap({x}).k"), Type::INT));
    }

    /// Pass states of every kind (render targets 0 to 7, sRGB writes, blend and stencil states
    /// with every enumeration value, clears, mipmap generation, topology), function-like macros
    /// in states and annotations, uniforms of every `source`.
    fn pass_states(&mut self, parts: &mut Parts) {
        let first = !parts
            .globals
            .iter()
            .any(|l| l.starts_with("#define FZ_ST("));
        if first {
            parts.globals.push("#define FZ_ST(x) x".into());
            parts.globals.push("#define FZ_LBL(s) #s".into());
            parts.globals.push("#define FZ_TWO_OF(a) (a * 2)".into());
        }
        let p = self.fresh("FzPs");
        let most = if self.rng.below(4) == 0 { 8 } else { 3 };
        let targets = 1 + self.rng.below(most);
        let odd_size = !self.strict && self.rng.below(10) == 0;
        for k in 0..targets {
            // Strict programs keep to RGBA8, the one format `SRGBWriteEnable` writes.
            let format = if self.strict {
                "RGBA8"
            } else if self.rng.below(10) == 0 {
                FORMATS[self.rng.below(FORMATS.len())]
            } else {
                ["RGBA8", "RGBA16F", "RGBA32F", "RGB10A2", "R8", "RG16F"][self.rng.below(6)]
            };
            let width = if odd_size && k == 1 { 8 } else { 16 };
            parts.globals.push(format!(
                "texture2D {p}RT{k} {{ Width = {width}; Height = 16; Format = {format}; MipLevels = {}; }};",
                1 + self.rng.below(3)
            ));
        }
        if first {
            // FZ_RT(n) names the first family's targets.
            parts.globals.push(format!("#define FZ_RT(n) {p}RT##n"));
        }
        // A pixel shader writing every target.
        let outs: Vec<String> = (0..targets)
            .map(|k| format!("out float4 c{k} : SV_Target{k}"))
            .collect();
        parts.after.push(format!(
            "void {p}PS(float4 pos : SV_Position, float2 uv : TEXCOORD0, {})",
            outs.join(", ")
        ));
        parts.after.push("{".into());
        for k in 0..targets {
            parts
                .after
                .push(format!("    c{k} = float4(uv, {k}.0, 1.0);"));
        }
        parts.after.push("}".into());
        let mut states: Vec<String> = Vec::new();
        let skip = !self.strict && targets > 2 && self.rng.below(8) == 0;
        for k in 0..targets {
            if skip && k == 1 {
                continue;
            }
            let name = if targets == 1 && self.rng.below(2) == 0 {
                "RenderTarget".to_string()
            } else {
                format!("RenderTarget{k}")
            };
            let value = if first && self.rng.below(3) == 0 {
                format!("FZ_RT({k})")
            } else {
                format!("{p}RT{k}")
            };
            states.push(format!("{name} = {value};"));
        }
        states.extend(self.pass_state_list(targets));
        // Annotations with macros on the technique and a uniform.
        let ann = [
            "< ui_label = FZ_LBL(fuzz pass); >",
            "< ui_tooltip = FZ_ST(\"tip\"); enabled = FZ_ST(true); >",
            "< hidden = FZ_TWO_OF(0); timeout = FZ_ST(100); >",
            "",
        ][self.rng.below(4)];
        parts.after.push(format!(
            "technique {p}T {ann} {{ pass {{ VertexShader = CaseVS; PixelShader = {p}PS; {} }} }}",
            states.join(" ")
        ));
        let u = self.fresh("FzMu");
        parts.globals.push(format!(
            "uniform float {u} < ui_max = FZ_TWO_OF(2.0); ui_label = FZ_LBL(a b); ui_type = FZ_ST(\"slider\"); > = FZ_ST(1.0);"
        ));
        self.values.push((u, Type::FLOAT));
        self.source_uniforms(parts);
    }

    /// `mul` of matrices and vectors in every order, integer division and modulo of negative
    /// constants: values for the statements.
    fn mul_and_division(&mut self) {
        // `mul` of a matrix and a vector or matrix, in both orders.
        let (rows, cols) = (2 + self.rng.below(3) as u8, 2 + self.rng.below(3) as u8);
        let base = if self.rng.below(4) == 0 && !self.semantic {
            SCALARS[1 + self.rng.below(3)]
        } else {
            Base::Float
        };
        let m = Type::Numeric { base, rows, cols };
        let (a, b) = (self.expr(&m), self.expr(&Type::vector(base, cols)));
        self.values
            .push((format!("mul({a}, {b})"), Type::vector(base, rows)));
        let (a, b) = (self.expr(&Type::vector(base, rows)), self.expr(&m));
        self.values
            .push((format!("mul({a}, {b})"), Type::vector(base, cols)));
        let k = 2 + self.rng.below(3) as u8;
        let n = Type::Numeric {
            base,
            rows: cols,
            cols: k,
        };
        let (a, b) = (self.expr(&m), self.expr(&n));
        self.values.push((
            format!("mul({a}, {b})"),
            Type::Numeric {
                base,
                rows,
                cols: k,
            },
        ));
        let s = self.expr(&Type::scalar(base));
        let b = self.expr(&m);
        self.values.push((format!("mul({s}, {b})"), m));
        // Integer division and modulo of negative constants.
        let number = |g: &mut Self, zero: bool| -> i32 {
            let n = g.rng.below(19) as i32 - 9;
            if n == 0 && !zero { 3 } else { n }
        };
        for _ in 0..2 {
            let zero = !self.strict && self.rng.below(6) == 0;
            let (x, y) = (number(self, true), number(self, zero));
            let op = ["/", "%"][self.rng.below(2)];
            let (text, ty) = match self.rng.below(4) {
                0 => (format!("({x}u {op} {}u)", y.unsigned_abs()), Type::UINT),
                1 => (format!("({x} {op} {}u)", y.unsigned_abs()), Type::UINT),
                _ => (format!("({x} {op} {y})"), Type::INT),
            };
            self.values.push((text, ty));
        }
    }

    /// Two to seven pass states of every kind for a pass of `targets` render targets.
    fn pass_state_list(&mut self, targets: usize) -> Vec<String> {
        let mut states = Vec::new();
        const FACTORS: [&str; 12] = [
            "ZERO",
            "ONE",
            "SRCCOLOR",
            "INVSRCCOLOR",
            "DESTCOLOR",
            "INVDESTCOLOR",
            "SRCALPHA",
            "INVSRCALPHA",
            "DESTALPHA",
            "INVDESTALPHA",
            "NONE",
            "1",
        ];
        const OPS: [&str; 5] = ["ADD", "SUBTRACT", "REVSUBTRACT", "MIN", "MAX"];
        const FUNCS: [&str; 12] = [
            "NEVER",
            "EQUAL",
            "NEQUAL",
            "NOTEQUAL",
            "LESS",
            "GREATER",
            "LEQUAL",
            "LESSEQUAL",
            "GEQUAL",
            "GREATEREQUAL",
            "ALWAYS",
            "8",
        ];
        const STENCIL_OPS: [&str; 8] = [
            "KEEP", "ZERO", "REPLACE", "INVERT", "INCR", "INCRSAT", "DECR", "DECRSAT",
        ];
        const TOPOLOGIES: [&str; 8] = [
            "POINTS",
            "POINTLIST",
            "LINES",
            "LINELIST",
            "LINESTRIP",
            "TRIANGLES",
            "TRIANGLELIST",
            "TRIANGLESTRIP",
        ];
        let boolean = |g: &mut Self| -> String {
            [
                "true",
                "false",
                "1",
                "0",
                "FZ_ST(true)",
                "FZ_TWO_OF(1)",
                "2 > 1",
            ][g.rng.below(7)]
            .into()
        };
        let index = |g: &mut Self| -> String {
            match g.rng.below(4) {
                0 => String::new(),
                _ => format!("{}", g.rng.below(targets)),
            }
        };
        for _ in 0..2 + self.rng.below(6) {
            let state = match self.rng.below(16) {
                0 => format!("SRGBWriteEnable = {};", boolean(self)),
                1 => format!("ClearRenderTargets = {};", boolean(self)),
                2 => format!(
                    "{} = {};",
                    ["GenerateMipMaps", "GenerateMipmaps"][self.rng.below(2)],
                    boolean(self)
                ),
                3 => format!("BlendEnable{} = {};", index(self), boolean(self)),
                4 => format!(
                    "BlendOp{} = {};",
                    index(self),
                    OPS[self.rng.below(OPS.len())]
                ),
                5 => format!("BlendOpAlpha{} = {};", index(self), OPS[self.rng.below(5)]),
                6 => format!(
                    "{}{} = {};",
                    ["SrcBlend", "SrcBlendAlpha", "DestBlend", "DestBlendAlpha"][self.rng.below(4)],
                    index(self),
                    FACTORS[self.rng.below(FACTORS.len())]
                ),
                7 => format!(
                    "{}{} = {};",
                    ["ColorWriteMask", "RenderTargetWriteMask"][self.rng.below(2)],
                    index(self),
                    ["0xF", "15", "7", "0", "FZ_ST(3)", "255", "0x1F"][self.rng.below(7)]
                ),
                8 => format!("StencilEnable = {};", boolean(self)),
                9 => format!(
                    "{} = {};",
                    [
                        "StencilRef",
                        "StencilReadMask",
                        "StencilMask",
                        "StencilWriteMask"
                    ][self.rng.below(4)],
                    ["0", "1", "0xFF", "255", "FZ_TWO_OF(3)", "256"][self.rng.below(6)]
                ),
                10 => format!("StencilFunc = {};", FUNCS[self.rng.below(FUNCS.len())]),
                11 => format!(
                    "{} = {};",
                    [
                        "StencilPass",
                        "StencilPassOp",
                        "StencilFail",
                        "StencilFailOp",
                        "StencilZFail",
                        "StencilDepthFail",
                        "StencilDepthFailOp"
                    ][self.rng.below(7)],
                    STENCIL_OPS[self.rng.below(STENCIL_OPS.len())]
                ),
                12 => format!(
                    "{} = {};",
                    ["PrimitiveTopology", "PrimitiveType"][self.rng.below(2)],
                    TOPOLOGIES[self.rng.below(TOPOLOGIES.len())]
                ),
                13 => format!("VertexCount = {};", [3, 4, 6, 1][self.rng.below(4)]),
                // An enumeration value of another state's kind, an index past 7, a value
                // that is no scalar constant (ReShade: X3004, X3011).
                14 if !self.strict => [
                    "SrcBlend = KEEP;",
                    "StencilFunc = ADD;",
                    "BlendEnable8 = true;",
                    "ColorWriteMask9 = 1;",
                    "RenderTarget8 = CaseTex;",
                    "BlendEnable = float2(1, 0);",
                    "StencilRef = FuzzU;",
                    "SrcBlend = POINT;",
                    "BlendOp = 1.5;",
                    "SRGBWriteEnable = \"yes\";",
                ][self.rng.below(10)]
                .into(),
                _ => format!(
                    "BlendEnable{} = FZ_ST({});",
                    index(self),
                    ["true", "false"][self.rng.below(2)]
                ),
            };
            states.push(state);
        }
        states
    }

    /// Uniforms of every `source`, with their extra annotations.
    fn source_uniforms(&mut self, parts: &mut Parts) {
        // Uniforms of every source, with their extra annotations.
        for _ in 0..1 + self.rng.below(3) {
            let (source, ty, extra) = [
                ("timer", "float", ""),
                ("frametime", "float", ""),
                ("framecount", "int", ""),
                ("framecount", "uint", ""),
                ("random", "int", " min = 0; max = 10;"),
                (
                    "pingpong",
                    "float2",
                    " min = 0.0; max = 1.0; step = float2(1.0, 2.0); smoothing = 0.0;",
                ),
                ("date", "int4", ""),
                ("key", "bool", " keycode = 32; mode = \"toggle\";"),
                ("key", "bool", " keycode = 0x20; mode = \"press\";"),
                ("mousepoint", "float2", ""),
                ("mousedelta", "float2", ""),
                ("mousebutton", "bool", " keycode = 0; toggle = true;"),
                ("mousewheel", "float2", " min = 0.0; max = 10.0;"),
                ("overlay_open", "bool", ""),
                ("overlay_active", "int", ""),
                ("overlay_hovered", "int", ""),
                ("screenshot", "bool", ""),
                ("bufready_depth", "bool", ""),
                ("fuzz_unknown", "float3", ""),
            ][self.rng.below(19)];
            let ty = if !self.strict && self.rng.below(6) == 0 {
                [
                    "float", "int", "uint", "bool", "float2", "float3", "float4", "int2",
                    "float4x4",
                ][self.rng.below(9)]
            } else {
                ty
            };
            let u = self.fresh("FzSrcU");
            parts.globals.push(format!(
                "uniform {ty} {u} < source = \"{source}\";{extra} >;"
            ));
            if let Some(t) = intrinsic_table::parse_type(ty) {
                self.values.push((u, t));
            }
        }
    }
}

const BLEND: [&str; 6] = ["ONE", "ZERO", "SRCALPHA", "INVSRCALPHA", "DESTCOLOR", "ADD"];
const ADDRESS: [&str; 5] = ["CLAMP", "WRAP", "MIRROR", "BORDER", "POINT"];
const FORMATS: [&str; 7] = ["RGBA8", "RGBA16F", "R32F", "rg16f", "R8", "RGB10A2", "R32I"];

/// One random effect: globals, the families' declarations, a pixel shader of random
/// statements, a technique, the families' techniques.
fn program(rng: &mut Rng, semantic: bool) -> String {
    let mut text = String::from("// generated\n#include \"case.fxh\"\n");
    // The last format (an integer one, which a float sampler rejects) one time in twenty.
    let format = if rng.below(20) == 0 {
        FORMATS[FORMATS.len() - 1]
    } else {
        FORMATS[rng.below(FORMATS.len() - 1)]
    };
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
        vars: vec![("uv".into(), Type::vector(Base::Float, 2))],
        // The uniform is no place: assigned now and then only (X3025).
        values: vec![("FuzzU".into(), ut)],
        callables: Vec::new(),
        depth: 0,
        loops: 0,
        switches: 0,
        fresh: 0,
        cat: false,
        strict: semantic,
        semantic,
    };
    if !semantic {
        generator.strict = generator.rng.below(2) == 0;
    }
    // A third of the programs keep to the statements alone; the others draw one to three
    // families.
    let mut parts = Parts::default();
    if generator.rng.below(3) != 0 {
        // In the table's order, so that the macros are defined before the others use them.
        let mut chosen: Vec<usize> = (0..1 + generator.rng.below(3))
            .map(|_| {
                if semantic {
                    semantic::FAMILIES[generator.rng.below(semantic::FAMILIES.len())]
                } else {
                    generator.rng.below(FAMILIES.len())
                }
            })
            .collect();
        chosen.sort_unstable();
        for k in chosen {
            FAMILIES[k](&mut generator, &mut parts);
        }
    }
    // The struct's and array's locals are declared in the body: only the body may use them,
    // so the globals are written before the statements are drawn.
    let mut body = std::mem::take(&mut parts.body);
    // Semantic programs are longer: only what they compute is compared.
    let statements = if semantic { 6 } else { 3 } + generator.rng.below(6);
    for _ in 0..statements {
        generator.statement(&mut body, 1);
    }
    if semantic {
        body.extend(semantic::output(&generator.vars));
    } else {
        body.push("    return tex2D(FuzzSamp, uv);".into());
    }
    let rng = generator.rng;
    for line in &parts.globals {
        text += line;
        text.push('\n');
    }
    let _ = writeln!(
        text,
        "float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0{}) : SV_Target\n{{",
        parts
            .ps_params
            .iter()
            .map(|p| format!(", {p}"))
            .collect::<String>()
    );
    for line in &body {
        text += line;
        text.push('\n');
    }
    text += "}\n";
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
        "technique T {{ {}pass {{ VertexShader = CaseVS; PixelShader = PS; {} }} }}",
        parts
            .passes_before
            .iter()
            .map(|p| format!("{p} "))
            .collect::<String>(),
        chosen.join(" ")
    );
    for line in &parts.after {
        text += line;
        text.push('\n');
    }
    // Every pass of the pixel shader runs the vertex shader that writes its varyings.
    match &parts.vertex_shader {
        Some(vs) => text.replace(
            "VertexShader = CaseVS; PixelShader = PS;",
            &format!("VertexShader = {vs}; PixelShader = PS;"),
        ),
        None => text,
    }
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
        .partition(|d| BACKEND_REJECT.iter().any(|w| d.message.contains(w)));
    if errors.is_empty() && !backend.is_empty() {
        return Verdict::BackendReject;
    }
    let located: Vec<((Option<String>, u32), &analysis::Diagnostic)> = errors
        .iter()
        .filter_map(|d| {
            // Where ReShade reports it: after `#line`.
            let l = d.reported_location(&out.sources)?;
            let file = (l.path != path).then(|| {
                l.path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            });
            Some(((file, l.start.line), *d))
        })
        .collect();
    // ReShade stops at a failed preprocessing: its first error is then the preprocessor's
    // first, in whichever file; else the effect's own first stands for it.
    let preprocessing_failed = located.iter().any(|(_, d)| d.code.is_preprocessor());
    let own = reshade_first::first_of(
        located
            .iter()
            .filter(|((f, _), _)| preprocessing_failed || f.is_none())
            .map(|(l, d)| (l, l.1, *d)),
    );
    let first = own.or(located.first().map(|(l, _)| l));
    // The end of the text: ReShade's error lands in the file `reshade_verdict.py` wraps the case
    // in (its parser reads on into it), where no line compares.
    let at_end = located
        .iter()
        .any(|(l, d)| Some(l) == first && d.message.starts_with("'end of file'"));
    match first {
        Some(_) if at_end => Verdict::Rejected(Some(WRAPPER.into()), 0),
        Some((f, l)) => Verdict::Rejected(f.clone(), *l),
        None => Verdict::Rejected(Some("?".into()), 0),
    }
}

/// The file `reshade_verdict.py` includes each case from.
const WRAPPER: &str = "__verdict.fx";

fn disagree(reshade: &Verdict, ours: &Verdict, path: &Path) -> bool {
    match (reshade, ours) {
        (Verdict::Accepted, Verdict::BackendReject) => false,
        // ReShade's compiler stopped without a located error (its recursive parser overflows
        // the stack on nesting ours limits to 256 levels): no verdict to compare.
        (Verdict::Rejected(None, 0), Verdict::Rejected(..)) => false,
        // An error at the end of the input lands in the file `reshade_verdict.py` wraps the
        // case in: ours is at the end too, or on the case's last line.
        (Verdict::Rejected(Some(file), _), Verdict::Rejected(Some(ours), _))
            if file == WRAPPER && ours == WRAPPER =>
        {
            false
        }
        (Verdict::Rejected(Some(file), _), Verdict::Rejected(None, line)) if file == WRAPPER => {
            let lines = std::fs::read_to_string(path).map_or(0, |t| t.lines().count() as u32);
            *line + 1 < lines
        }
        _ => reshade != ours,
    }
}

/// Drops lines of `text` (not the first two or the technique, no line with a brace, so blocks
/// stay closed, and no line of a `\` continuation) while the two compilers still disagree; returns the smallest text found.
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
        // A line continued with `\` stays with the line it continues.
        let continued = lines[i].ends_with('\\') || lines[i - 1].ends_with('\\');
        if lines[i].contains(['{', '}']) || continued {
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

/// `--check FILE...`: both verdicts of each file, and our first errors.
fn check(args: &Args) {
    let reshade = reshade_verdicts(&args.fxc, &args.check, &[]);
    for (path, r) in args.check.iter().zip(&reshade) {
        let ours = our_verdict(path, &Options::default());
        let mark = if disagree(r, &ours, path) {
            "DIFFER"
        } else {
            "agree"
        };
        println!("{mark}\t{}\tReShade {r:?}\tours {ours:?}", path.display());
        // Our errors, to see what a disagreement is about.
        let out = analysis::load_effect(path, &Options::default());
        for d in out.diagnostics.iter().filter(|d| d.is_error()).take(4) {
            let line = d
                .reported_location(&out.sources)
                .map_or(0, |l| l.start.line);
            println!("\t{line}: {}", d.message);
        }
    }
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "{e}\nusage: fx_diff_fuzz --fxc FXC [--programs N] [--mutants N] [--seed S] [--out DIR] [--dump DIR] [--check FILE...] [--render FXBENCH [--std-headers DIR]]"
            );
            return ExitCode::FAILURE;
        }
    };
    if !args.check.is_empty() {
        check(&args);
        return ExitCode::SUCCESS;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let header = root().join("analysis/tests/conformance/case.fxh");
    std::fs::copy(&header, dir.path().join("case.fxh")).expect("case.fxh is copied");
    let options = Options::default();
    let mut rng = Rng(args.seed.max(1));
    FLOAT_MATRICES.store(args.render.is_some(), std::sync::atomic::Ordering::Relaxed);
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    let mut run = 0;
    let render = args.render.as_ref().map(|fxbench| semantic::Render {
        fxbench: fxbench.clone(),
        headers: args.std_headers.clone(),
        script: root().join("../shared/tools/reshade_spirv.py"),
        out: args.out.join("semantic"),
        seed: args.seed,
    });
    let mut tally = semantic::Tally::default();
    // Generated programs, in batches for ReShade's compiler.
    for batch in 0..args.programs.div_ceil(100) {
        let texts: Vec<String> = (0..100.min(args.programs - batch * 100))
            .map(|_| program(&mut rng, render.is_some()))
            .collect();
        let paths: Vec<PathBuf> = (0..texts.len())
            .map(|k| dir.path().join(format!("p{k}.fx")))
            .collect();
        for (p, t) in paths.iter().zip(&texts) {
            std::fs::write(p, t).expect("a program is written");
        }
        let reshade = reshade_verdicts(&args.fxc, &paths, &[]);
        if let Some(dump) = &args.dump {
            let _ = std::fs::create_dir_all(dump);
            for (k, (t, r)) in texts.iter().zip(&reshade).enumerate() {
                let verdict = if *r == Verdict::Accepted { "ok" } else { "err" };
                let _ = std::fs::write(dump.join(format!("p{}_{verdict}.fx", batch * 100 + k)), t);
            }
        }
        let mut both = Vec::new();
        for (k, ((p, t), r)) in paths.iter().zip(&texts).zip(&reshade).enumerate() {
            run += 1;
            let ours = our_verdict(p, &options);
            if *r == Verdict::Accepted && ours == Verdict::Accepted {
                both.push((batch * 100 + k, t.as_str()));
            }
            if disagree(r, &ours, p) {
                let small = minimise(t, dir.path(), &args.fxc, &options);
                println!("disagreement (ReShade {r:?}, ours {ours:?}):\n{small}");
                found
                    .entry(small)
                    .or_insert_with(|| format!("{r:?} / {ours:?}"));
            }
        }
        if let Some(render) = &render {
            semantic::render_batch(render, &args.fxc, dir.path(), &both, &mut tally);
            println!("after {} programs, {}", run, tally.summary());
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
    write_cases(&args, &found);
    println!(
        "{run} programs ({} generated, {} corpus mutants): {} generated disagreements (minimised, distinct) written to {}, {mutant_disagreements} mutant disagreements",
        args.programs,
        mutants.len(),
        found.len(),
        args.out.display()
    );
    if render.is_some() {
        println!("{}", tally.summary());
    }
    ExitCode::SUCCESS
}

/// The minimised disagreements `found` (text, both verdicts), written as cases in `args.out`.
fn write_cases(args: &Args, found: &BTreeMap<String, String>) {
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
