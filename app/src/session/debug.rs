//! The shader debugger's headless half, shared by the window's Debug pane: the instrumented
//! compile of one effect off the UI thread ([`InstrumentJob`], `analysis::debug`), and a
//! recorded trace turned into what the pane lists ([`trace_rows`]) and what the editor writes
//! at line ends ([`line_marks`]).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use analysis::debug::{InstrumentOutput, SiteKind, Trace, TraceTable};

use super::buffer::{OverlayLoader, canonical};

/// An instrumented compile under way on a worker thread.
pub struct InstrumentJob {
    receiver: mpsc::Receiver<InstrumentOutput>,
}

impl InstrumentJob {
    /// Compiles `path` instrumented with `options`, reading the editor's buffers through
    /// `loader`, on a worker thread.
    pub fn spawn(path: PathBuf, loader: OverlayLoader, options: analysis::Options) -> Self {
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            // The pane may have moved on and dropped the receiver: nothing to deliver then.
            let _ = sender.send(analysis::debug::instrument_effect(&path, &loader, &options));
        });
        Self { receiver }
    }

    /// The compile's output once the worker is done; `None` while it runs, `Some(None)` when
    /// the worker died (a panic in the front end).
    pub fn try_take(&self) -> Option<Option<InstrumentOutput>> {
        match self.receiver.try_recv() {
            Ok(out) => Some(Some(out)),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(None),
        }
    }
}

/// One record of a trace as the Debug pane lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceRow {
    /// The file (canonical where it exists, to match the editor's tabs), 1-based line and
    /// column of the statement or argument.
    pub path: PathBuf,
    pub line: u32,
    pub column: u32,
    /// What was recorded: the variable or place, `return F` for a return value, `F(p)` for
    /// argument `p` of a call of `F`.
    pub what: String,
    /// The value as the author's type prints it.
    pub value: String,
    /// The function the record was made in.
    pub function: String,
    /// Which time this site recorded (1-based): a loop's iteration, or a function's call.
    pub occurrence: u32,
    /// How many times this site recorded in the whole trace.
    pub times: u32,
}

/// The rows of `trace` read against `table`, in execution order.
pub fn trace_rows(trace: &Trace, table: &TraceTable) -> Vec<TraceRow> {
    let mut times: HashMap<u32, u32> = HashMap::new();
    for r in &trace.records {
        *times.entry(r.site).or_default() += 1;
    }
    let mut seen: HashMap<u32, u32> = HashMap::new();
    let mut paths: HashMap<PathBuf, PathBuf> = HashMap::new();
    trace
        .records
        .iter()
        .filter_map(|r| {
            let site = table.sites.get(r.site as usize)?;
            let occurrence = seen.entry(r.site).or_default();
            *occurrence += 1;
            let what = match &site.kind {
                SiteKind::Return => format!("return {}", site.function),
                SiteKind::Argument { callee, parameter } => format!("{callee}({parameter})"),
                _ => site.name.clone(),
            };
            let path = paths
                .entry(site.path.clone())
                .or_insert_with(|| canonical(&site.path))
                .clone();
            Some(TraceRow {
                path,
                line: site.line,
                column: site.column,
                what,
                value: site.ty.format(&r.words),
                function: site.function.clone(),
                occurrence: *occurrence,
                times: times[&r.site],
            })
        })
        .collect()
}

/// What one traced line shows at its end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineValue {
    /// Every record the line made, `what = value`, in execution order.
    pub records: Vec<String>,
}

impl LineValue {
    /// The text at the line's end: the last record, and `×N` when the line recorded N > 1
    /// times.
    pub fn label(&self) -> String {
        let last = self.records.last().map_or("", String::as_str);
        match self.records.len() {
            0 | 1 => last.to_string(),
            n => format!("{last}  \u{d7}{n}"),
        }
    }
}

/// What a trace puts on the lines of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineMarks {
    /// The traced lines, by 1-based line.
    pub values: BTreeMap<u32, LineValue>,
    /// Lines of the traced functions with a statement that records and did not run for this
    /// pixel (a branch not taken, code after a `discard`).
    pub not_run: BTreeSet<u32>,
}

/// What `rows` (a trace of `table`'s effect) put on the lines of file `path` (canonical).
pub fn line_marks(rows: &[TraceRow], table: &TraceTable, path: &Path) -> LineMarks {
    let mut marks = LineMarks::default();
    for row in rows.iter().filter(|r| r.path == path) {
        let entry = marks.values.entry(row.line).or_default();
        entry.records.push(format!("{} = {}", row.what, row.value));
    }
    let ran: BTreeSet<&str> = rows.iter().map(|r| r.function.as_str()).collect();
    let mut paths: HashMap<&Path, bool> = HashMap::new();
    for site in &table.sites {
        let here = *paths
            .entry(&site.path)
            .or_insert_with(|| canonical(&site.path) == path);
        if here && ran.contains(site.function.as_str()) && !marks.values.contains_key(&site.line) {
            marks.not_run.insert(site.line);
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use analysis::ScalarKind;
    use analysis::debug::{TraceRecord, TraceSite, TraceType, TypeSpelling};

    fn site(kind: SiteKind, line: u32, name: &str, function: &str) -> TraceSite {
        TraceSite {
            kind,
            path: "/nonexistent/a.fx".into(),
            line,
            column: 5,
            name: name.into(),
            function: function.into(),
            ty: TraceType::Numeric {
                scalar: ScalarKind::Sint,
                rows: 1,
                cols: 1,
                spelling: TypeSpelling::ReshadeFx,
            },
        }
    }

    #[test]
    fn rows_count_each_sites_iterations_and_lines_keep_their_last_value() {
        let table = TraceTable {
            sites: vec![
                site(SiteKind::Declaration, 3, "n", "PS"),
                site(SiteKind::Assignment, 4, "n", "PS"),
                site(
                    SiteKind::Argument {
                        callee: "F".into(),
                        parameter: "x".into(),
                    },
                    5,
                    "x",
                    "PS",
                ),
                site(SiteKind::Return, 9, "F", "F"),
                site(SiteKind::Assignment, 6, "n", "PS"),
                site(SiteKind::Return, 12, "G", "G"),
            ],
        };
        let record = |site: u32, value: i32| TraceRecord {
            site,
            words: vec![value as u32],
        };
        let trace = Trace {
            records: vec![
                record(0, 0),
                record(1, 1),
                record(1, 3),
                record(2, 3),
                record(3, -3),
            ],
            written: 5,
        };
        let rows = trace_rows(&trace, &table);
        let listed: Vec<(u32, &str, &str, u32, u32)> = rows
            .iter()
            .map(|r| {
                (
                    r.line,
                    r.what.as_str(),
                    r.value.as_str(),
                    r.occurrence,
                    r.times,
                )
            })
            .collect();
        assert_eq!(
            listed,
            [
                (3, "n", "0", 1, 1),
                (4, "n", "1", 1, 2),
                (4, "n", "3", 2, 2),
                (5, "F(x)", "3", 1, 1),
                (9, "return F", "-3", 1, 1),
            ]
        );
        let marks = line_marks(&rows, &table, Path::new("/nonexistent/a.fx"));
        assert_eq!(marks.values[&4].label(), "n = 3  \u{d7}2");
        assert_eq!(marks.values[&4].records, ["n = 1", "n = 3"]);
        assert_eq!(marks.values[&3].label(), "n = 0");
        // Line 6 is PS's and did not run; G never ran, so its line is not said to be skipped.
        assert_eq!(marks.not_run.iter().copied().collect::<Vec<_>>(), [6]);
        assert!(
            line_marks(&rows, &table, Path::new("/elsewhere.fx"))
                .values
                .is_empty()
        );
    }
}
