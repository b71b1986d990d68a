//! The SPIR-V view's source map rows, Compiler Explorer style: each line of the user's sources
//! that produced instructions (`file:line` and its text as the user wrote it, `.fx` included),
//! then those instructions indented, in the order of the WGSL naga compiled; consecutive WGSL
//! lines from one user line are one band. Bands alternate colour so a line and its instructions
//! read as one, and every row of a band knows the place it came from, so a click opens it in
//! the editor. The WGSL line of an `OpLine` goes back to the user's file through
//! `ValidatedEffect::source_of_wgsl_line` (includes, macros and the FX front end's generated
//! WGSL included).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use analysis::ValidatedEffect;

use super::diagnostics::Target;
use super::spirv::Line;
use crate::session::buffer::canonical;
use crate::session::spirv::LineKind;
use crate::session::spirv_lines::SourceMapping;

/// Where a WGSL line came from: the user's `file:line`, its text, and the place to open.
struct Origin {
    place: String,
    text: String,
    target: Option<Target>,
}

/// The source map of one stage of `effect` as listing rows: one band per run of WGSL lines
/// that came from the same user line (an FX statement the front end lowered to several WGSL
/// lines, or a macro expanding to several), headed by that user line as the user wrote it.
pub fn source_lines(effect: &ValidatedEffect, mapping: &SourceMapping) -> Vec<Line> {
    // Canonical paths, to match the editor's tabs; one file-system look-up per file.
    let mut canonical_paths: HashMap<&Path, PathBuf> = HashMap::new();
    let mut origin_of = |line: u32| match effect.source_of_wgsl_line(line) {
        Some(origin) => {
            let name = origin.path.file_name().map_or_else(
                || origin.path.display().to_string(),
                |n| n.display().to_string(),
            );
            let path = canonical_paths
                .entry(origin.path)
                .or_insert_with(|| canonical(origin.path))
                .clone();
            Origin {
                place: format!("{name}:{}", origin.start.line),
                text: origin.text.trim().to_string(),
                target: Some(Target {
                    path,
                    start: origin.start,
                    end: origin.end,
                }),
            }
        }
        // A WGSL line with no place in the user's files: code the front end generated (entry
        // point wrappers, uniform loading), or instructions naga gave no span (line 1).
        None => Origin {
            place: "generated".to_string(),
            text: "code fxbench generated (entry points, uniform loading)".to_string(),
            target: None,
        },
    };
    let mut out = Vec::new();
    let mut band = 0;
    let mut current: Option<String> = None;
    for line in mapping.lines() {
        let origin = origin_of(line);
        let kind = |band: usize| {
            if band.is_multiple_of(2) {
                LineKind::Added
            } else {
                LineKind::Header
            }
        };
        if current.as_deref() != Some(origin.place.as_str()) {
            if current.is_some() {
                band += 1;
            }
            out.push(Line {
                kind: kind(band),
                text: format!("{:>24} | {}", origin.place, origin.text),
                target: origin.target.clone(),
            });
            current = Some(origin.place.clone());
        }
        for inst in mapping.at_line(line) {
            out.push(Line {
                kind: kind(band),
                text: format!("{:>24}   {}", "", inst.text),
                target: origin.target.clone(),
            });
        }
    }
    let unmapped = mapping
        .instructions
        .iter()
        .filter(|i| i.line.is_none())
        .count();
    out.push(Line {
        kind: LineKind::Context,
        text: format!(
            "({unmapped} instructions without a source line: labels, variables, returns naga added)"
        ),
        target: None,
    });
    out
}
