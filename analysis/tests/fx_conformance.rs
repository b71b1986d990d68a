//! The ReShade FX conformance suite: hundreds of small effects (`tests/conformance/<area>/*.fx`),
//! each checking one rule of ReShade 6.1's front end, against ReShade's own verdict on each
//! (`tests/conformance/verdicts.tsv`, recorded by `scripts/conformance_verdicts.py` from its
//! compiler; no oracle is needed here). For every case fxbench must give the same verdict —
//! accepted means `analysis::load_effect` builds the effect with no error, so an effect ReShade
//! accepts must also lower (an `UnsupportedFeature` is a disagreement) — and, for a rejected
//! case, its first error on the line of ReShade's first error. Error codes differ between the
//! two catalogues: a code outside the expected ones for ReShade's is printed as a note.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use analysis::{DiagnosticCode, LoadOutput, Options};

#[path = "support/reshade_first.rs"]
mod reshade_first;

const VERDICTS: &str = include_str!("conformance/verdicts.tsv");
const BACKEND_REJECTS: &str = include_str!("conformance/backend_rejects.tsv");
const PENDING: &str = include_str!("conformance/pending.tsv");

/// The suite may grow, never silently shrink.
const MIN_CASES: usize = 600;
/// First errors at ReShade's column (as ReShade counts it) when this floor was set.
const MIN_SAME_COLUMNS: usize = 612;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance")
}

/// ReShade's verdict on one case.
struct Recorded<'a> {
    case: &'a str,
    accepted: bool,
    /// ReShade's first error: the file it is in (`None` for the case itself), line, code.
    first_error: Option<(Option<&'a str>, u32, &'a str)>,
    /// Its column, as ReShade counts it (see [`column_as_reshade_counts`]).
    first_column: Option<u32>,
    /// Every warning, `LINE:COL:CODE`, space-separated.
    warnings: &'a str,
    message: &'a str,
}

fn recorded() -> Vec<Recorded<'static>> {
    VERDICTS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert!(fields.len() >= 6, "unreadable verdict line: {line}");
            let first_error = (!fields[2].is_empty()).then(|| {
                // LINE:COL:CODE, or FILE:LINE:COL:CODE for an error in another file.
                let parts: Vec<&str> = fields[2].split(':').collect();
                let (file, rest) = match parts.len() {
                    4 => (Some(parts[0]), &parts[1..]),
                    _ => (None, &parts[..]),
                };
                let line = rest[0].parse().expect("a line number");
                (file, line, rest[2])
            });
            let first_column = first_error.and_then(|_| {
                let parts: Vec<&str> = fields[2].split(':').collect();
                parts[parts.len() - 2].parse().ok()
            });
            Recorded {
                case: fields[0],
                accepted: fields[1] == "accepted",
                first_error,
                first_column,
                warnings: fields[4],
                message: fields[5],
            }
        })
        .collect()
}

/// Our verdict on one case.
struct Ours {
    accepted: bool,
    /// Our first error: the file it is in (`None` for the case itself), line, code, message.
    first_error: Option<(Option<String>, u32, DiagnosticCode, String)>,
    /// Its column as ReShade would count it, when it is in the case's own text.
    first_column: Option<u32>,
}

/// ReShade's preprocessor writes each line without its leading blanks, so the columns its
/// parser reports count from a line's first non-blank character: column `column` of `line`
/// of `text`, counted that way.
fn column_as_reshade_counts(text: &str, line: u32, column: u32) -> Option<u32> {
    let indent = text
        .lines()
        .nth(usize::try_from(line).ok()?.checked_sub(1)?)?;
    let blanks = indent
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .count() as u32;
    column.checked_sub(blanks)
}

fn ours(case: &Path, out: &LoadOutput) -> Ours {
    let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
    let located = |d: &analysis::Diagnostic| {
        // The location reported, as ReShade reports it: after `#line`.
        let location = d.reported_location(&out.sources)?;
        let path = location.path;
        let file = (path != case).then(|| {
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        });
        Some((file, location.start.line, location.start.column))
    };
    // The first error in the case's own text; one elsewhere only when the case has none.
    let in_case = reshade_first::first_of(errors.iter().filter_map(|d| {
        let l = located(d).filter(|(f, _, _)| f.is_none())?;
        Some(((l.clone(), d), l.1, *d))
    }));
    let first_column = in_case.as_ref().and_then(|&((_, line, column), _)| {
        let text = std::fs::read_to_string(case).ok()?;
        column_as_reshade_counts(&text, line, column)
    });
    let first_error = in_case
        .or_else(|| errors.iter().find_map(|d| located(d).map(|l| (l, d))))
        .map(|((file, line, _), d)| (file, line, d.code, d.message.clone()))
        .or_else(|| {
            errors
                .first()
                .map(|d| (Some("?".into()), 0, d.code, d.message.clone()))
        });
    Ours {
        accepted: errors.is_empty() && out.effect.is_some(),
        first_error,
        first_column,
    }
}

/// The codes of ours that stand for a ReShade error number (a note when another one is used).
fn expected_codes(reshade: &str) -> &'static [DiagnosticCode] {
    use DiagnosticCode as C;
    match reshade {
        "P" => &[C::PreprocessorError, C::IncludeError, C::MacroRedefinition],
        "-" => &[C::UnreachableCode, C::SyntaxError],
        "X3000" => &[C::SyntaxError],
        "X3003" => &[C::Redefinition],
        "X3004" => &[
            C::UndeclaredIdentifier,
            C::UndefinedFunction,
            C::NoMatchingOverload,
            C::InvalidRenderStateName,
            C::InvalidRenderStateValue,
        ],
        "X3005" => &[C::UndefinedFunction, C::NonConstInitializer],
        "X3011" | "X3538" => &[
            C::NonConstInitializer,
            C::InvalidRenderStateValue,
            C::InvalidAnnotation,
        ],
        "X3012" => &[
            C::MissingEntry,
            C::InvalidRenderStateValue,
            C::NonConstInitializer,
        ],
        "X3013" | "X3067" => &[C::NoMatchingOverload],
        "X3014" => &[C::ConstructorArgCount],
        "X3017" => &[
            C::InvalidConversion,
            C::AssignTypeMismatch,
            C::ReturnTypeMismatch,
            C::ConstructorArgType,
        ],
        "X3018" => &[C::InvalidSwizzle, C::UndeclaredStructMember],
        "X3019" => &[C::NonBoolCondition, C::NonIntegerSwitch],
        "X3020" => &[
            C::AssignTypeMismatch,
            C::InvalidBinaryOperands,
            C::NonBoolCondition,
            C::NonIntegerSwitch,
            C::InvalidRenderStateValue,
            C::EntryNotFound,
        ],
        "X3022" => &[
            C::InvalidBinaryOperands,
            C::InvalidUnaryOperand,
            C::NonBoolCondition,
        ],
        "X3025" => &[C::AssignTypeMismatch],
        "X3037" => &[C::ConstructorArgType],
        "X3058" => &[C::NonConstArraySize],
        "X3059" | "X3074" => &[C::InvalidSize],
        "X3079" => &[C::ReturnInVoidFunction],
        "X3080" => &[C::ReturnTypeMismatch, C::MissingReturn],
        "X3082" => &[C::InvalidBinaryOperands, C::InvalidUnaryOperand],
        "X3120" => &[C::NonIntegerIndex],
        "X3121" => &[C::NonIndexableType],
        "X3501" => &[C::EntryNotFound],
        "X3502" | "X3503" => &[C::MissingSemantic],
        "X3504" => &[C::IndexOutOfBounds],
        "X3518" | "X3519" => &[C::MisplacedControlFlow],
        "X3532" => &[C::DuplicateSwitchCase, C::InvalidSwitchDefault],
        "X4582" => &[C::SrgbWriteWithoutSrgbFormat, C::InvalidRenderStateValue],
        "X3006" | "X3007" | "X3008" | "X3010" | "X3035" | "X3043" | "X3046" | "X3047" | "X3055"
        | "X3076" | "X3524" | "X4568" | "X4576" => &[C::InvalidQualifier],
        "X3038" | "X3090" | "X3119" | "X3124" => &[C::UnsupportedType],
        "X3521" => &[C::UnsupportedType, C::InvalidRenderStateValue],
        // Type-template errors are errors of `vector<...>`/`matrix<...>`'s syntax here.
        "X3052" | "X3053" | "X3122" | "X3123" => &[C::SyntaxError],
        "X3087" | "X3088" => &[C::SyntaxError],
        "X3009" => &[C::UniformInitializer],
        "X3072" => &[C::InvalidSize],
        "X3510" => &[C::UndefinedFunction],
        "X3533" => &[C::MisplacedControlFlow],
        "X3667" => &[C::EntryNotFound],
        "X4545" => &[C::InvalidRenderStateValue],
        _ => &[],
    }
}

/// The case files on disk, relative to the cases folder.
fn case_files(dir: &Path, root: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).expect("the conformance folder is readable") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            case_files(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "fx") {
            let rel = path.strip_prefix(root).expect("below the root");
            out.insert(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The cases (by `*` pattern) ReShade's front end accepts but no ReShade back end runs, with
/// the reason.
fn backend_rejects() -> Vec<(&'static str, &'static str)> {
    BACKEND_REJECTS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split_once('\t').expect("`pattern<TAB>reason`"))
        .collect()
}

/// The disagreements left (`pending.tsv`): case, cause, the fix it needs.
fn pending() -> Vec<(&'static str, &'static str)> {
    PENDING
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut fields = l.split('\t');
            let case = fields.next().expect("a case");
            (case, fields.next().expect("`case<TAB>cause<TAB>fix`"))
        })
        .collect()
}

/// Whether `case` matches `pattern`, where `*` stands for any text and `[ab]` for one of its
/// characters.
fn matches_pattern(pattern: &str, case: &str) -> bool {
    fn go(p: &[u8], c: &[u8]) -> bool {
        match p.split_first() {
            None => c.is_empty(),
            Some((b'*', rest)) => (0..=c.len()).any(|i| go(rest, &c[i..])),
            Some((b'[', rest)) => {
                let Some(close) = rest.iter().position(|&b| b == b']') else {
                    return false;
                };
                c.first().is_some_and(|ch| rest[..close].contains(ch))
                    && go(&rest[close + 1..], &c[1..])
            }
            Some((&b, rest)) => c.first() == Some(&b) && go(rest, &c[1..]),
        }
    }
    go(pattern.as_bytes(), case.as_bytes())
}

/// One line describing a verdict, for the failure message.
fn describe_reshade(r: &Recorded) -> String {
    match (r.accepted, r.first_error) {
        (true, None) => "accepted".into(),
        (true, Some((_, line, code))) => {
            format!("accepted, reporting {code} at {line} ({})", r.message)
        }
        (false, None) => "rejected".into(),
        (false, Some((file, line, code))) => format!(
            "rejected at {}{line} {code} ({})",
            file.map(|f| format!("{f}:")).unwrap_or_default(),
            r.message
        ),
    }
}

fn describe_ours(o: &Ours) -> String {
    match (&o.first_error, o.accepted) {
        (_, true) => "accepted".into(),
        (None, false) => "rejected without an error (no effect)".into(),
        (Some((file, line, code, message)), false) => format!(
            "rejected at {}{line} {} ({message})",
            file.as_ref().map(|f| format!("{f}:")).unwrap_or_default(),
            code.as_str()
        ),
    }
}

/// Compares one case; `Err` describes a disagreement, `Ok(Some(_))` a note on the codes.
/// `backend` holds the reason when no ReShade back end runs the case: then ours must reject it.
/// A case on which fxbench agrees with ReShade: a note when the error code is another than
/// the one expected for ReShade's, and for a rejected case whose first error is in its own
/// text, whether the column is ReShade's too.
#[derive(Default)]
struct Agreement {
    note: Option<String>,
    same_column: Option<bool>,
}

fn compare(r: &Recorded, backend: Option<&str>) -> Result<Agreement, String> {
    let path = cases_dir().join(r.case);
    let out = analysis::load_effect(&path, &Options::default());
    let o = ours(&path, &out);
    if let Some(reason) = backend {
        return match (r.accepted, o.accepted) {
            (true, false) => Ok(Agreement::default()),
            (false, _) => Err(format!(
                "{}: listed in backend_rejects.tsv, but ReShade's front end rejects it",
                r.case
            )),
            (true, true) => Err(format!(
                "{}: no ReShade back end runs it ({reason}); ours accepted",
                r.case
            )),
        };
    }
    let disagreement = || {
        format!(
            "{}: ReShade {}; ours {}",
            r.case,
            describe_reshade(r),
            describe_ours(&o)
        )
    };
    match (r.accepted, o.accepted) {
        (true, true) => Ok(Agreement::default()),
        (false, false) => {
            let (file, line, code) = r.first_error.expect("a rejected case has an error");
            let Some((our_file, our_line, our_code, _)) = &o.first_error else {
                return Err(disagreement());
            };
            if our_file.as_deref() != file || *our_line != line {
                return Err(disagreement());
            }
            let note = (!expected_codes(code).contains(our_code))
                .then(|| format!("{}: ReShade {code}, ours {}", r.case, our_code.as_str()));
            let same_column = match (file, r.first_column, o.first_column) {
                (None, Some(theirs), Some(ours)) => Some(theirs == ours),
                _ => None,
            };
            Ok(Agreement { note, same_column })
        }
        _ => Err(disagreement()),
    }
}

#[test]
fn every_case_agrees_with_reshade() {
    let recorded = recorded();
    let on_disk = {
        let mut files = BTreeSet::new();
        case_files(&cases_dir(), &cases_dir(), &mut files);
        files
    };
    let listed: BTreeSet<String> = recorded.iter().map(|r| r.case.to_string()).collect();
    let unrecorded: Vec<_> = on_disk.difference(&listed).collect();
    let missing: Vec<_> = listed.difference(&on_disk).collect();
    assert!(
        unrecorded.is_empty() && missing.is_empty(),
        "run scripts/conformance_verdicts.py: cases without a verdict {unrecorded:?}, \
         verdicts without a case {missing:?}"
    );
    assert!(
        recorded.len() >= MIN_CASES,
        "the suite has {} cases, fewer than {MIN_CASES}",
        recorded.len()
    );
    let backend = backend_rejects();
    for (pattern, _) in &backend {
        assert!(
            recorded.iter().any(|r| matches_pattern(pattern, r.case)),
            "backend_rejects.tsv: '{pattern}' matches no case"
        );
    }
    let reason = |case: &str| {
        backend
            .iter()
            .find(|(p, _)| matches_pattern(p, case))
            .map(|(_, why)| *why)
    };
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = recorded.len().div_ceil(threads);
    let results: Vec<Result<Agreement, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = recorded
            .chunks(chunk)
            .map(|cases| {
                scope.spawn(move || {
                    cases
                        .iter()
                        .map(|r| compare(r, reason(r.case)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a case panicked"))
            .collect()
    });
    let notes: Vec<&String> = results
        .iter()
        .filter_map(|r| r.as_ref().ok()?.note.as_ref())
        .collect();
    let columns: Vec<bool> = results
        .iter()
        .filter_map(|r| r.as_ref().ok()?.same_column)
        .collect();
    let same_columns = columns.iter().filter(|same| **same).count();
    // A pending case must still disagree: when its fix lands, its entry goes.
    let pending = pending();
    let mut stale = Vec::new();
    let mut disagreements: Vec<&String> = Vec::new();
    for (r, result) in recorded.iter().zip(&results) {
        let listed = pending.iter().any(|(case, _)| *case == r.case);
        match (result, listed) {
            (Err(d), false) => disagreements.push(d),
            (Ok(_), true) => stale.push(r.case),
            _ => {}
        }
    }
    assert!(
        stale.is_empty(),
        "pending.tsv lists cases that agree now (remove them): {stale:?}"
    );
    for (case, _) in &pending {
        assert!(
            recorded.iter().any(|r| r.case == *case),
            "pending.tsv: no case {case}"
        );
    }
    if !notes.is_empty() {
        eprintln!(
            "{} cases agree with another error code than the one expected for ReShade's:\n{}",
            notes.len(),
            notes
                .iter()
                .map(|n| n.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    let agreed = recorded.len() - disagreements.len() - pending.len();
    eprintln!(
        "conformance: {agreed} of {} cases agree ({:.1}%), {} pending (pending.tsv)",
        recorded.len(),
        100.0 * agreed as f64 / recorded.len() as f64,
        pending.len()
    );
    // Not part of the verdict (ReShade's columns count from a line's first non-blank
    // character, `column_as_reshade_counts`): how often the first error is at ReShade's
    // token, which must not fall.
    eprintln!(
        "columns: {same_columns} of {} first errors in the case's own text at ReShade's column",
        columns.len()
    );
    assert!(
        same_columns >= MIN_SAME_COLUMNS,
        "{same_columns} first errors at ReShade's column, fewer than {MIN_SAME_COLUMNS}"
    );
    assert!(
        disagreements.is_empty(),
        "{} of {} cases disagree with ReShade:\n{}",
        disagreements.len(),
        recorded.len(),
        disagreements
            .iter()
            .map(|d| d.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// ReShade's warnings that fxbench gives under a code of its own, each on the line ReShade
/// gives it, for every accepted case: X5000 (a global without `uniform` or `static`, and a
/// `double` literal), X4717 (a type before an annotation's name), X5002 (a `switch` without
/// labels), X5001 (a struct without members), X3048 (a repeated qualifier group), X4568 (an
/// integer parameter or field with a semantic), X3571 (a negative property) and X3089 (a pass
/// with a compute shader and another). Both ways: a warning ReShade recorded that fxbench misses, and one fxbench gives
/// that ReShade did not, fail.
#[test]
fn reshade_warnings_we_give_fall_on_reshades_lines() {
    use DiagnosticCode as C;
    let ours_of = |reshade: &str, d: &analysis::Diagnostic| match reshade {
        "X5000" => {
            d.code == C::ImplicitUniform
                || (d.code == C::ImplicitTruncation && d.message.contains("double literal"))
        }
        "X4717" => d.code == C::DeprecatedSyntax,
        "X5001" => d.code == C::EmptyStruct,
        "X3048" => d.message == "duplicate usages specified",
        "X4568" => d
            .message
            .contains("have the 'nointerpolation' qualifier by default"),
        "X3571" => d.message.contains("negative value specified for property"),
        "X3089" => d.message.contains("cannot be used together"),
        _ => d.code == C::EmptySwitch,
    };
    let mut problems = Vec::new();
    let mut compared = 0;
    for r in recorded().iter().filter(|r| r.accepted) {
        let path = cases_dir().join(r.case);
        let LoadOutput {
            sources,
            diagnostics,
            ..
        } = analysis::load_effect(&path, &Options::default());
        for code in [
            "X5000", "X4717", "X5002", "X5001", "X3048", "X4568", "X3571", "X3089",
        ] {
            let theirs: BTreeSet<u32> = r
                .warnings
                .split(' ')
                .filter_map(|w| w.strip_suffix(&format!(":{code}")))
                .filter_map(|at| at.split(':').next()?.parse().ok())
                .collect();
            let mine: BTreeSet<u32> = diagnostics
                .iter()
                .filter(|d| !d.is_error() && ours_of(code, d))
                .filter_map(|d| Some(sources.location(d.span?).start.line))
                .collect();
            compared += theirs.len();
            if theirs != mine {
                problems.push(format!(
                    "{}: {code} ReShade {theirs:?}, ours {mine:?}",
                    r.case
                ));
            }
        }
    }
    assert!(compared >= 30, "only {compared} such warnings recorded");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
