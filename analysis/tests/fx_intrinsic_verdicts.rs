//! Our checker against ReShade's own verdicts on thousands of intrinsic calls
//! (`fx_intrinsic_verdicts.txt`, written by `scripts/intrinsic_verdicts.py` from ReShade 6.1's
//! compiler): every call ReShade accepts is accepted with the same result type, every call it
//! rejects is an error of the matching code on that call's line. No oracle is needed here.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use analysis::fx::ast::TextRange;
use analysis::{DiagnosticCode, MemoryLoader, Options};

const VERDICTS: &str = include_str!("fx_intrinsic_verdicts.txt");

/// One call: the intrinsic, its argument types, and ReShade's verdict (`Ok(result type)` or
/// `Err(error number)`).
struct Case<'a> {
    name: &'a str,
    types: Vec<&'a str>,
    verdict: Result<&'a str, &'a str>,
}

fn cases() -> Vec<Case<'static>> {
    VERDICTS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|line| {
            let (call, verdict) = line.rsplit_once(") ").expect("`call) verdict`");
            let (name, args) = call.split_once('(').expect("`name(args`");
            let types = args.split(", ").filter(|t| !t.is_empty()).collect();
            let verdict = match verdict.split_once(' ') {
                Some(("ok", ty)) => Ok(ty),
                Some(("error", code)) => Err(code),
                _ => panic!("unreadable verdict: {line}"),
            };
            Case {
                name,
                types,
                verdict,
            }
        })
        .collect()
}

fn is_object(t: &str) -> bool {
    ["sampler", "storage", "texture"]
        .iter()
        .any(|k| t.starts_with(k))
}

fn global_name(t: &str) -> String {
    let safe: String = t
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("g_{safe}")
}

/// A global of each object type the cases use, with a texture of a fitting format behind it.
fn declarations(cases: &[Case]) -> String {
    let mut objects: Vec<&str> = cases
        .iter()
        .flat_map(|c| c.types.iter().copied())
        .filter(|t| is_object(t))
        .collect();
    objects.sort_unstable();
    objects.dedup();
    let mut src = String::new();
    for (element, format) in [
        ("int", "R32I"),
        ("uint", "R32U"),
        ("float", "R32F"),
        ("float2", "RG32F"),
        ("float4", "RGBA8"),
    ] {
        for dim in 1..=3 {
            // Each dimension's own properties: ReShade has no `Height` on a 1D texture.
            let height = if dim > 1 { " Height = 4;" } else { "" };
            let depth = if dim == 3 { " Depth = 4;" } else { "" };
            src += &format!(
                "texture{dim}D T{dim}_{element} {{ Width = 4;{height}{depth} Format = {format}; }};\n"
            );
        }
    }
    for t in objects {
        let (kind, rest) = t.split_at(7);
        let dim = &rest[..1];
        let element = rest
            .strip_prefix(&format!("{dim}D<"))
            .and_then(|e| e.strip_suffix('>'))
            .unwrap_or("float4");
        let global = global_name(t);
        src += &match kind {
            "texture" => format!("texture{dim}D {global} {{ Width = 4; }};\n"),
            _ => format!("{t} {global} {{ Texture = T{dim}_{element}; }};\n"),
        };
    }
    src
}

/// The expected diagnostic code for ReShade's error number.
fn expected_code(number: &str) -> DiagnosticCode {
    match number {
        "3025" => DiagnosticCode::AssignTypeMismatch,
        _ => DiagnosticCode::NoMatchingOverload,
    }
}

#[test]
fn checker_agrees_with_reshade_on_every_intrinsic_call() {
    let cases = cases();
    assert!(
        cases.len() > 7000,
        "the verdict file has {} calls",
        cases.len()
    );
    let mut src = declarations(&cases);
    let first_line = src.lines().count() + 1;
    let mut calls = Vec::new();
    for (k, case) in cases.iter().enumerate() {
        let mut locals = String::new();
        let mut args = Vec::new();
        for (i, t) in case.types.iter().enumerate() {
            if is_object(t) {
                args.push(global_name(t));
            } else {
                locals += &format!("{t} a{i}; ");
                args.push(format!("a{i}"));
            }
        }
        src += &format!("void f{k}() {{ {locals}");
        let start = src.len();
        src += &format!("{}({})", case.name, args.join(", "));
        calls.push(TextRange::new(start, src.len()));
        src += "; }\n";
    }
    let loader = MemoryLoader::new([(PathBuf::from("v.fx"), src.clone())]);
    let out = analysis::fx::parse_effect(Path::new("v.fx"), &loader, &Options::default());
    // The preprocessor puts its predefined macros first (as blank lines); nothing else moves.
    let pp = &out.preprocessed.text;
    assert!(pp.ends_with(&src), "no macro changes the generated text");
    let shift = pp.len() - src.len();
    let calls: Vec<TextRange> = calls
        .iter()
        .map(|r| TextRange::new(r.start as usize + shift, r.end as usize + shift))
        .collect();
    let mut errors: HashMap<usize, Vec<DiagnosticCode>> = HashMap::new();
    for d in out.diagnostics.iter().filter(|d| d.is_error()) {
        let line = out.sources.location(d.span.expect("located")).start.line as usize;
        assert!(line >= first_line, "declarations: {}", d.message);
        errors.entry(line - first_line).or_default().push(d.code);
    }
    let mut disagreements = Vec::new();
    for (k, (case, range)) in cases.iter().zip(&calls).enumerate() {
        let ours = errors.get(&k);
        let ty = out.facts.types.get(range).map(|t| t.name());
        let agrees = match case.verdict {
            Ok(expected) => ours.is_none() && ty.as_deref() == Some(expected),
            Err(number) => ours.is_some_and(|codes| codes.contains(&expected_code(number))),
        };
        if !agrees {
            disagreements.push(format!(
                "{}({}): ReShade {:?}, ours {:?} {:?}",
                case.name,
                case.types.join(", "),
                case.verdict,
                ty,
                ours
            ));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} calls disagree:\n{}",
        disagreements.len(),
        cases.len(),
        disagreements[..disagreements.len().min(40)].join("\n")
    );
}

/// Where a call can run: a compute shader for barriers and storages, else a pixel shader (where
/// derivatives and implicit-level sampling are allowed).
fn in_compute(case: &Case) -> bool {
    case.name.contains("arrier")
        || case.name.ends_with("store")
        || case.types.iter().any(|t| t.starts_with("storage"))
}

/// An effect running `cases` (each in a block of its own) in one pixel or compute shader.
fn effect_of(cases: &[&Case], compute: bool, declarations: &str) -> String {
    let mut body = String::new();
    for case in cases {
        let mut args = Vec::new();
        body += "    { ";
        for (i, t) in case.types.iter().enumerate() {
            if is_object(t) {
                args.push(global_name(t));
            } else {
                body += &format!("{t} a{i}; ");
                args.push(format!("a{i}"));
            }
        }
        body += &format!("{}({}); }}\n", case.name, args.join(", "));
    }
    let vs = "void VS(in uint id : SV_VertexID, out float4 pos : SV_Position) { pos = 0; }\n";
    if compute {
        format!(
            "{declarations}void CS(uint3 id : SV_DispatchThreadID)\n{{\n{body}}}\n\
             float4 PS(float4 pos : SV_Position) : SV_Target {{ return 0; }}\n{vs}\
             technique T {{ pass {{ ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; }}\n\
             pass {{ VertexShader = VS; PixelShader = PS; }} }}\n"
        )
    } else {
        format!(
            "{declarations}float4 PS(float4 pos : SV_Position) : SV_Target\n{{\n{body}    return 0;\n}}\n\
             {vs}technique T {{ pass {{ VertexShader = VS; PixelShader = PS; }} }}\n"
        )
    }
}

/// Whether `cases` lower to a module naga validates; the first error when not.
fn lowers(
    cases: &[&Case],
    compute: bool,
    declarations: &str,
) -> Result<(), (DiagnosticCode, String)> {
    let path = PathBuf::from("v.fx");
    let text = effect_of(cases, compute, declarations);
    let loader = MemoryLoader::new([(path.clone(), text.clone())]);
    let out = analysis::compile(&path, text, &loader, &Options::default());
    if out.effect.is_some() {
        return Ok(());
    }
    let error = out.diagnostics.iter().find(|d| d.is_error());
    Err(
        error.map_or((DiagnosticCode::IoError, "no error".into()), |d| {
            (d.code, d.message.clone())
        }),
    )
}

#[test]
fn every_call_reshade_accepts_lowers_to_valid_wgsl_or_is_reported_unsupported() {
    // Lowering follows the chosen overload (`asint(1)` reinterprets `1.0f`, `dot(float3, float4)`
    // truncates the second argument, `mul(float2, float4x4)` scales by the first component), so
    // no accepted call reaches naga as a type error. Calls are compiled in batches; a failing
    // batch is retried call by call to name the culprit.
    let cases = cases();
    let declarations = declarations(&cases);
    let accepted: Vec<&Case> = cases.iter().filter(|c| c.verdict.is_ok()).collect();
    let (mut failures, mut unsupported) = (Vec::new(), Vec::new());
    for compute in [false, true] {
        let stage: Vec<&Case> = accepted
            .iter()
            .copied()
            .filter(|c| in_compute(c) == compute)
            .collect();
        for batch in stage.chunks(64) {
            if lowers(batch, compute, &declarations).is_ok() {
                continue;
            }
            for case in batch {
                if let Err((code, message)) = lowers(&[case], compute, &declarations) {
                    let line =
                        format!("{}({}): {code} {message}", case.name, case.types.join(", "));
                    if code == DiagnosticCode::UnsupportedFeature {
                        unsupported.push(line);
                    } else {
                        failures.push(line);
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} accepted calls fail to lower:\n{}",
        failures.len(),
        accepted.len(),
        failures[..failures.len().min(60)].join("\n")
    );
    // Since reading a storage with `texNDfetch` binds it read-write, every accepted call lowers:
    // none is `UnsupportedFeature` any more, and lowering more must keep it so.
    assert!(
        unsupported.is_empty(),
        "{} accepted calls not supported:\n{}",
        unsupported.len(),
        unsupported.join("\n")
    );
}
