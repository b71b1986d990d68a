//! The shader debugger's data: what an instrumented lowering records and how its records read.
//!
//! [`instrument_effect`] compiles an effect a second time with instrumentation on (ReShade FX:
//! `fx/lower/trace.rs`, in the lowering; WFX: `wfx/trace/`, an edit of naga's IR): every
//! declaration with an initialiser, assignment, `return`, user call argument and `if` condition
//! of the author's code writes one record into a storage buffer (group 1,
//! binding 0, [`TRACE_BUFFER_BYTES`] bytes) when the invocation is the one the buffer's header
//! names (the pixel, `floor(SV_Position.xy)`, or the compute thread, `SV_DispatchThreadID`;
//! in WGSL `@builtin(position)` and `@builtin(global_invocation_id)`). A
//! record is a site id and up to [`RECORD_VALUE_WORDS`] scalar words; the site id stands for the
//! source line, the variable and its type, which the CPU side table ([`TraceTable`]) holds. The
//! engine runs a pass once more with that module and reads the buffer back;
//! [`Trace::decode`] turns the words into records in execution order that print as the author's
//! types. The normal lowering is untouched: instrumentation is a separate compile.

use std::path::{Path, PathBuf};

use crate::model::ScalarKind;
use crate::{FileLoader, LoadOutput, Options};

/// How many records the buffer holds; later ones are counted but not kept ([`Trace::cut`]).
pub const TRACE_CAPACITY: u32 = 4096;
/// Scalar words one record keeps of its value (larger values are cut, [`TraceType::words`]).
pub const RECORD_VALUE_WORDS: u32 = 16;
/// Words per record: the site id, then the value's words.
pub const RECORD_WORDS: u32 = 1 + RECORD_VALUE_WORDS;
/// Bytes before the first record: the target (`vec4<u32>`: x, y, z and a spare word) and the
/// atomic record counter.
pub const TRACE_HEADER_BYTES: u32 = 20;
/// The trace buffer's size in bytes (WGSL's struct size: rounded up to its 16-byte alignment).
pub const TRACE_BUFFER_BYTES: u32 =
    (TRACE_HEADER_BYTES + RECORD_WORDS * 4 * TRACE_CAPACITY).div_ceil(16) * 16;
/// The bind group the trace buffer is declared in (group 0 holds the effect's own bindings).
pub const TRACE_GROUP: u32 = 1;

/// Which language's words a type is named in: the effect's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeSpelling {
    /// `float3`, `int2x2`, `float[4]`.
    ReshadeFx,
    /// `vec3<f32>`, `mat2x2<i32>`, `array<f32, 4>`.
    Wgsl,
}

/// The type of a recorded value as the author wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceType {
    /// A scalar (`rows == cols == 1`), vector (`cols == 1`) or matrix (`rows`×`cols`). A
    /// matrix's words come in the order its language's constructor takes them: ReShade FX's
    /// row by row, WGSL's column by column.
    Numeric {
        scalar: ScalarKind,
        rows: u8,
        cols: u8,
        spelling: TypeSpelling,
    },
    /// A struct, member by member.
    Struct {
        name: String,
        fields: Vec<(String, TraceType)>,
    },
    /// An array, element by element.
    Array(Box<TraceType>, u32),
}

impl TraceType {
    /// Scalar words the whole value has (a record keeps the first [`RECORD_VALUE_WORDS`]).
    pub fn words(&self) -> u32 {
        match self {
            Self::Numeric { rows, cols, .. } => u32::from(*rows) * u32::from(*cols),
            Self::Struct { fields, .. } => fields.iter().map(|(_, t)| t.words()).sum(),
            Self::Array(element, n) => element.words().saturating_mul(*n),
        }
    }

    /// The name of the type as its language spells it (`float3`, `int`, `float2x2`, `S`,
    /// `float[4]`; `vec3<f32>`, `i32`, `mat2x2<f32>`, `array<f32, 4>`).
    pub fn name(&self) -> String {
        match self {
            Self::Numeric {
                scalar,
                rows,
                cols,
                spelling: TypeSpelling::ReshadeFx,
            } => {
                let base = scalar_name(*scalar);
                match (rows, cols) {
                    (1, 1) => base.to_string(),
                    (r, 1) => format!("{base}{r}"),
                    (r, c) => format!("{base}{r}x{c}"),
                }
            }
            Self::Numeric {
                scalar,
                rows,
                cols,
                spelling: TypeSpelling::Wgsl,
            } => {
                let base = wgsl_scalar_name(*scalar);
                match (rows, cols) {
                    (1, 1) => base.to_string(),
                    (r, 1) => format!("vec{r}<{base}>"),
                    (r, c) => format!("mat{c}x{r}<{base}>"),
                }
            }
            Self::Struct { name, .. } => name.clone(),
            Self::Array(element, n) => match self.spelling() {
                TypeSpelling::ReshadeFx => format!("{}[{n}]", element.name()),
                TypeSpelling::Wgsl => format!("array<{}, {n}>", element.name()),
            },
        }
    }

    /// The language the type is spelled in: its numbers'. Every struct and array holds a
    /// number somewhere, since neither language has empty structs.
    pub fn spelling(&self) -> TypeSpelling {
        match self {
            Self::Numeric { spelling, .. } => *spelling,
            Self::Struct { fields, .. } => fields
                .first()
                .map_or(TypeSpelling::ReshadeFx, |(_, t)| t.spelling()),
            Self::Array(element, _) => element.spelling(),
        }
    }

    /// The value held in `words` (as many as were kept), as the author would write it:
    /// `float3(0.5, 0.25, 1.0)`, `3`, `true`, `S { a = 1.0, b = 2 }`, `{ 1.0, 2.0 }`; NaN and
    /// infinities print as `NaN`, `inf` and `-inf`; words that were not kept print as `…`.
    pub fn format(&self, words: &[u32]) -> String {
        let mut at = 0;
        let mut text = String::new();
        self.format_at(words, &mut at, &mut text);
        text
    }

    fn format_at(&self, words: &[u32], at: &mut usize, text: &mut String) {
        match self {
            Self::Numeric {
                scalar, rows, cols, ..
            } => {
                let n = usize::from(*rows) * usize::from(*cols);
                let parts: Vec<String> = (0..n)
                    .map(|k| match words.get(*at + k) {
                        Some(&w) => format_scalar(*scalar, w),
                        None => "…".to_string(),
                    })
                    .collect();
                *at += n;
                if n == 1 {
                    text.push_str(&parts[0]);
                } else {
                    text.push_str(&format!("{}({})", self.name(), parts.join(", ")));
                }
            }
            Self::Struct { name, fields } => {
                text.push_str(name);
                text.push_str(" { ");
                for (k, (field, ty)) in fields.iter().enumerate() {
                    if k > 0 {
                        text.push_str(", ");
                    }
                    text.push_str(field);
                    text.push_str(" = ");
                    ty.format_at(words, at, text);
                }
                text.push_str(" }");
            }
            Self::Array(element, n) => {
                text.push_str("{ ");
                for k in 0..*n {
                    if k > 0 {
                        text.push_str(", ");
                    }
                    if *at >= words.len() {
                        text.push('…');
                        *at += (element.words() * (n - k)) as usize;
                        break;
                    }
                    element.format_at(words, at, text);
                }
                text.push_str(" }");
            }
        }
    }
}

fn wgsl_scalar_name(scalar: ScalarKind) -> &'static str {
    match scalar {
        ScalarKind::Float => "f32",
        ScalarKind::Sint => "i32",
        ScalarKind::Uint => "u32",
        ScalarKind::Bool => "bool",
    }
}

fn scalar_name(scalar: ScalarKind) -> &'static str {
    match scalar {
        ScalarKind::Float => "float",
        ScalarKind::Sint => "int",
        ScalarKind::Uint => "uint",
        ScalarKind::Bool => "bool",
    }
}

/// One scalar word as the author's literal: floats with a decimal point (`1.0`), NaN and
/// infinities marked.
pub fn format_scalar(scalar: ScalarKind, word: u32) -> String {
    match scalar {
        ScalarKind::Float => {
            let f = f32::from_bits(word);
            if f.is_nan() {
                "NaN".to_string()
            } else if f.is_infinite() {
                if f > 0.0 { "inf" } else { "-inf" }.to_string()
            } else {
                format!("{f:?}")
            }
        }
        ScalarKind::Sint => (word as i32).to_string(),
        ScalarKind::Uint => word.to_string(),
        ScalarKind::Bool => (word != 0).to_string(),
    }
}

/// What a record site is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SiteKind {
    /// A local declared with an initialiser.
    Declaration,
    /// An assignment, compound assignment, `++`/`--`, or an `out`/`inout` argument written
    /// back by a call.
    Assignment,
    /// A function's `return` value.
    Return,
    /// A value or `inout` argument of a call of a user function, at the call site, before the
    /// call: the callee and its parameter.
    Argument { callee: String, parameter: String },
    /// An `if`'s condition as it is tested: which branch ran (named `if`).
    Branch,
}

/// One place in the author's code that records a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceSite {
    pub kind: SiteKind,
    /// The file, 1-based line and column of the statement or argument.
    pub path: PathBuf,
    pub line: u32,
    pub column: u32,
    /// The variable (or place: `c.rgb`, `a[i]`), the function for a `return`, the parameter
    /// for an argument.
    pub name: String,
    /// The FX function the site is in.
    pub function: String,
    pub ty: TraceType,
}

/// The side table of an instrumented effect: every site, by the id its records carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceTable {
    pub sites: Vec<TraceSite>,
}

/// An effect compiled with instrumentation: run its pass instead of the normal effect's, with
/// the trace buffer bound, then decode the buffer with [`Self::table`].
#[derive(Debug)]
pub struct InstrumentedEffect {
    pub effect: crate::ValidatedEffect,
    pub table: TraceTable,
}

/// The front end's output for an instrumented compile: the files, the instrumented effect when
/// it compiled, and every diagnostic.
#[derive(Debug)]
pub struct InstrumentOutput {
    pub load: LoadOutput,
    pub instrumented: Option<InstrumentedEffect>,
}

/// Compiles the effect at `path` with instrumentation (see the module's doc), whichever its
/// language: ReShade FX through its lowering (`fx/lower/trace.rs`), WFX through an edit of the
/// validated naga module (`wfx/trace/`).
pub fn instrument_effect(
    path: &Path,
    loader: &dyn FileLoader,
    options: &Options,
) -> InstrumentOutput {
    if crate::fx::is_fx_path(path) {
        return crate::fx::instrument_fx(path, loader, options);
    }
    match loader.read(path) {
        Ok(text) => crate::wfx::instrument_wfx(path, text, loader, options),
        Err(error) => InstrumentOutput {
            load: LoadOutput {
                sources: crate::SourceMap::new(),
                effect: None,
                diagnostics: vec![crate::Diagnostic::error(
                    crate::DiagnosticCode::IoError,
                    None,
                    format!("'{}' : cannot read effect: {error}", path.display()),
                )],
            },
            instrumented: None,
        },
    }
}

/// A record site as a front end finds it, located by span before the sources are final.
pub(crate) struct DraftSite {
    pub kind: SiteKind,
    pub span: crate::Span,
    pub name: String,
    pub function: String,
    pub ty: TraceType,
}

/// The tail of every instrumented compile: the load's tail (`build::load_output`), then the
/// sites located in the final sources, when the effect compiled.
pub(crate) fn instrumented_output(
    path: &Path,
    out: crate::build::FrontEndOutput,
    sites: Vec<DraftSite>,
) -> InstrumentOutput {
    let mut load = crate::build::load_output(path, out);
    let instrumented = load.effect.take().map(|effect| {
        let sites = sites
            .into_iter()
            .map(|site| {
                let at = load.sources.location(site.span);
                TraceSite {
                    kind: site.kind,
                    path: at.path.to_path_buf(),
                    line: at.start.line,
                    column: at.start.column,
                    name: site.name,
                    function: site.function,
                    ty: site.ty,
                }
            })
            .collect();
        InstrumentedEffect {
            effect,
            table: TraceTable { sites },
        }
    });
    InstrumentOutput { load, instrumented }
}

/// One record read back: its site and the words kept of its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceRecord {
    pub site: u32,
    pub words: Vec<u32>,
}

/// The records one recording run wrote, in execution order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub records: Vec<TraceRecord>,
    /// How many records the run wrote (more than `records.len()` when it was cut).
    pub written: u32,
}

impl Trace {
    /// Whether the run wrote more records than the buffer holds.
    pub fn cut(&self) -> bool {
        self.written > TRACE_CAPACITY
    }

    /// Reads the trace buffer's bytes (at least its header); `None` when they are too few or
    /// a record names a site the table does not have (the buffer and the table do not belong
    /// together).
    pub fn decode(bytes: &[u8], table: &TraceTable) -> Option<Trace> {
        let word = |at: usize| -> Option<u32> {
            let b = bytes.get(at..at + 4)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let written = word(16)?;
        let kept = written.min(TRACE_CAPACITY) as usize;
        let stride = (RECORD_WORDS * 4) as usize;
        let mut records = Vec::with_capacity(kept);
        for k in 0..kept {
            let at = TRACE_HEADER_BYTES as usize + k * stride;
            let site = word(at)?;
            let ty = &table.sites.get(site as usize)?.ty;
            let n = ty.words().min(RECORD_VALUE_WORDS) as usize;
            let words = (0..n)
                .map(|w| word(at + 4 + 4 * w))
                .collect::<Option<Vec<u32>>>()?;
            records.push(TraceRecord { site, words });
        }
        Some(Trace { records, written })
    }

    /// The header the buffer starts with for `target` (pixel x, y, 0 or thread x, y, z): the
    /// bytes to upload before a run, the counter at zero.
    pub fn header(target: [u32; 3]) -> [u8; TRACE_HEADER_BYTES as usize] {
        let mut bytes = [0u8; TRACE_HEADER_BYTES as usize];
        for (k, v) in target.iter().enumerate() {
            bytes[4 * k..4 * k + 4].copy_from_slice(&v.to_le_bytes());
        }
        bytes
    }

    /// Each record as `path:line: name = value`, one a line, with a last line saying when the
    /// trace was cut.
    pub fn to_text(&self, table: &TraceTable) -> String {
        let mut text = String::new();
        for r in &self.records {
            let Some(site) = table.sites.get(r.site as usize) else {
                continue;
            };
            let what = match &site.kind {
                SiteKind::Return => format!("return {}", site.function),
                SiteKind::Argument { callee, parameter } => format!("{callee}({parameter})"),
                _ => site.name.clone(),
            };
            text.push_str(&format!(
                "{}:{}: {what} = {}\n",
                site.path.display(),
                site.line,
                site.ty.format(&r.words)
            ));
        }
        if self.cut() {
            text.push_str(&format!(
                "(cut: {} records written, the first {TRACE_CAPACITY} kept)\n",
                self.written
            ));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(scalar: ScalarKind, rows: u8, cols: u8) -> TraceType {
        TraceType::Numeric {
            scalar,
            rows,
            cols,
            spelling: TypeSpelling::ReshadeFx,
        }
    }

    #[test]
    fn values_print_as_the_authors_types() {
        let f3 = num(ScalarKind::Float, 3, 1);
        let words = [0.5f32, 0.25, 1.0].map(f32::to_bits);
        assert_eq!(f3.format(&words), "float3(0.5, 0.25, 1.0)");
        assert_eq!(num(ScalarKind::Sint, 1, 1).format(&[(-3i32) as u32]), "-3");
        assert_eq!(num(ScalarKind::Bool, 1, 1).format(&[1]), "true");
        let special = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY].map(f32::to_bits);
        assert_eq!(f3.format(&special), "float3(NaN, inf, -inf)");
        let m = num(ScalarKind::Float, 2, 2);
        let words = [1.0f32, 2.0, 3.0, 4.0].map(f32::to_bits);
        assert_eq!(m.format(&words), "float2x2(1.0, 2.0, 3.0, 4.0)");
        let s = TraceType::Struct {
            name: "S".into(),
            fields: vec![
                ("a".into(), num(ScalarKind::Float, 1, 1)),
                ("b".into(), num(ScalarKind::Sint, 2, 1)),
            ],
        };
        assert_eq!(s.words(), 3);
        assert_eq!(
            s.format(&[2.0f32.to_bits(), 1, 2]),
            "S { a = 2.0, b = int2(1, 2) }"
        );
        let a = TraceType::Array(Box::new(num(ScalarKind::Uint, 1, 1)), 20);
        assert_eq!(a.words(), 20);
        let kept: Vec<u32> = (0..16).collect();
        let text = a.format(&kept);
        assert!(text.starts_with("{ 0, 1, 2, "), "{text}");
        assert!(text.ends_with(", 15, … }"), "{text}");
    }

    #[test]
    fn wgsl_values_print_in_wgsl_words() {
        let wgsl = |scalar, rows, cols| TraceType::Numeric {
            scalar,
            rows,
            cols,
            spelling: TypeSpelling::Wgsl,
        };
        let f3 = wgsl(ScalarKind::Float, 3, 1);
        let words = [0.5f32, 0.25, 1.0].map(f32::to_bits);
        assert_eq!(f3.format(&words), "vec3<f32>(0.5, 0.25, 1.0)");
        assert_eq!(wgsl(ScalarKind::Sint, 1, 1).name(), "i32");
        // Two rows, three columns: WGSL names the columns first.
        assert_eq!(wgsl(ScalarKind::Float, 2, 3).name(), "mat3x2<f32>");
        let a = TraceType::Array(Box::new(wgsl(ScalarKind::Uint, 2, 1)), 2);
        assert_eq!(a.name(), "array<vec2<u32>, 2>");
        assert_eq!(
            a.format(&[1, 2, 3, 4]),
            "{ vec2<u32>(1, 2), vec2<u32>(3, 4) }"
        );
        assert_eq!(wgsl(ScalarKind::Bool, 1, 1).format(&[0]), "false");
    }

    #[test]
    fn decode_reads_records_in_order_and_notes_a_cut() {
        let table = TraceTable {
            sites: vec![TraceSite {
                kind: SiteKind::Declaration,
                path: "a.fx".into(),
                line: 3,
                column: 5,
                name: "x".into(),
                function: "PS".into(),
                ty: num(ScalarKind::Float, 2, 1),
            }],
        };
        let mut bytes = vec![0u8; TRACE_BUFFER_BYTES as usize];
        bytes[..20].copy_from_slice(&Trace::header([1, 2, 0]));
        bytes[16..20].copy_from_slice(&(TRACE_CAPACITY + 3).to_le_bytes());
        let at = TRACE_HEADER_BYTES as usize;
        bytes[at + 4..at + 8].copy_from_slice(&1.5f32.to_bits().to_le_bytes());
        let trace = Trace::decode(&bytes, &table).expect("a whole buffer");
        assert_eq!(trace.records.len(), TRACE_CAPACITY as usize);
        assert!(trace.cut());
        assert_eq!(trace.records[0].words, vec![1.5f32.to_bits(), 0]);
        let text = trace.to_text(&table);
        assert!(text.starts_with("a.fx:3: x = float2(1.5, 0.0)\n"), "{text}");
        assert!(text.ends_with("(cut: 4099 records written, the first 4096 kept)\n"));
        assert_eq!(Trace::decode(&bytes[..10], &table), None);
    }
}
