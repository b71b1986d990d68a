//! The shader debugger's data: what an instrumented lowering records and how its records read.
//!
//! [`instrument_effect`] compiles a ReShade FX effect a second time with instrumentation on
//! (`fx/lower/trace.rs`): every declaration with an initialiser, assignment, `return` and user
//! call argument of the author's code writes one record into a storage buffer (group 1,
//! binding 0, [`TRACE_BUFFER_BYTES`] bytes) when the invocation is the one the buffer's header
//! names (the pixel, `floor(SV_Position.xy)`, or the compute thread, `SV_DispatchThreadID`). A
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

/// The type of a recorded value as the author wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceType {
    /// A scalar (`rows == cols == 1`), vector (`cols == 1`) or matrix (`rows`×`cols`, words row
    /// by row).
    Numeric {
        scalar: ScalarKind,
        rows: u8,
        cols: u8,
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

    /// The FX name of the type (`float3`, `int`, `float2x2`, `S`, `float[4]`).
    pub fn name(&self) -> String {
        match self {
            Self::Numeric { scalar, rows, cols } => {
                let base = scalar_name(*scalar);
                match (rows, cols) {
                    (1, 1) => base.to_string(),
                    (r, 1) => format!("{base}{r}"),
                    (r, c) => format!("{base}{r}x{c}"),
                }
            }
            Self::Struct { name, .. } => name.clone(),
            Self::Array(element, n) => format!("{}[{n}]", element.name()),
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
            Self::Numeric { scalar, rows, cols } => {
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

/// Compiles the ReShade FX effect at `path` with instrumentation (see the module's doc). Only
/// ReShade FX is instrumented so far: another language gives one `UnsupportedFeature` error.
pub fn instrument_effect(
    path: &Path,
    loader: &dyn FileLoader,
    options: &Options,
) -> InstrumentOutput {
    if !crate::fx::is_fx_path(path) {
        return InstrumentOutput {
            load: LoadOutput {
                sources: crate::SourceMap::new(),
                effect: None,
                diagnostics: vec![crate::Diagnostic::error(
                    crate::DiagnosticCode::UnsupportedFeature,
                    None,
                    format!(
                        "'{}' : the shader debugger instruments ReShade FX effects only so far",
                        path.display()
                    ),
                )],
            },
            instrumented: None,
        };
    }
    crate::fx::instrument_fx(path, loader, options)
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
        TraceType::Numeric { scalar, rows, cols }
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
