//! The SPIR-V view's source map rows, Compiler Explorer style: each line of the user's sources
//! that produced instructions (`file:line` and its text), then those instructions indented, in
//! the order of the WGSL naga compiled. Bands alternate colour so a line and its instructions
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

/// The source map of one stage of `effect` as listing rows.
pub fn source_lines(effect: &ValidatedEffect, mapping: &SourceMapping) -> Vec<Line> {
    let text: Vec<&str> = effect.wgsl().lines().collect();
    // Canonical paths, to match the editor's tabs; one file-system look-up per file.
    let mut canonical_paths: HashMap<&Path, PathBuf> = HashMap::new();
    let mut out = Vec::new();
    for (band, line) in mapping.lines().into_iter().enumerate() {
        let kind = if band % 2 == 0 {
            LineKind::Added
        } else {
            LineKind::Header
        };
        let source = text
            .get((line as usize).saturating_sub(1))
            .copied()
            .unwrap_or("")
            .trim();
        let (place, target) = match effect.source_of_wgsl_line(line) {
            Some(origin) => {
                let name = origin.path.file_name().map_or_else(
                    || origin.path.display().to_string(),
                    |n| n.display().to_string(),
                );
                let path = canonical_paths
                    .entry(origin.path)
                    .or_insert_with(|| canonical(origin.path))
                    .clone();
                let target = Target {
                    path,
                    start: origin.start,
                    end: origin.end,
                };
                (format!("{name}:{}", origin.start.line), Some(target))
            }
            None => (format!("wgsl:{line}"), None),
        };
        out.push(Line {
            kind,
            text: format!("{place:>24} | {source}"),
            target: target.clone(),
        });
        for inst in mapping.at_line(line) {
            out.push(Line {
                kind,
                text: format!("{:>24}   {}", "", inst.text),
                target: target.clone(),
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
