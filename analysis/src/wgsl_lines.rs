//! Where each line of an effect's WGSL came from in the user's sources, so tools that speak in
//! WGSL lines (the SPIR-V view's `OpLine`s) can point at what the user wrote: for `.wfx` the
//! user's text through the preprocessor's map (includes and macros), for `.fx` the ReShade FX
//! construct the generated WGSL stands for, and for generated declarations the item they were
//! generated from.
//!
//! A line's origin is the origin of its first non-blank byte up to the line's end. The table is
//! made while lowering (`EffectBuilder::new`, which holds the span map) and resolved to file
//! paths, lines and columns once the effect's [`SourceMap`] is final.

use std::path::{Path, PathBuf};

use crate::build::GeneratedWgsl;
use crate::source::{LineCol, SourceMap, Span};

/// A WGSL line's origin resolved against the sources: a file and a range of 1-based lines and
/// character columns (end exclusive, as diagnostics have them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceLine<'a> {
    pub path: &'a Path,
    pub start: LineCol,
    pub end: LineCol,
    /// The text of the user's line `start.line`, as it was compiled (unsaved edits included).
    pub text: &'a str,
}

/// The origin of every line of an effect's WGSL (index 0 is line 1).
#[derive(Clone, Debug, Default)]
pub(crate) struct WgslLineOrigins {
    spans: Vec<Option<Span>>,
    /// Each span resolved; empty until [`Self::resolve`] runs.
    resolved: Vec<Option<(usize, LineCol, LineCol)>>,
    /// The text of each resolved span's first line, as compiled: all of them in one buffer
    /// (`text_ends[i]` ends line `i`'s), so loading an effect allocates once for them.
    texts: String,
    text_ends: Vec<u32>,
    /// The files `resolved` names, by [`crate::FileId`] index.
    files: Vec<PathBuf>,
}

impl WgslLineOrigins {
    /// Maps every line of `wgsl` through its span map; blank lines and generated text that
    /// stands for no declaration have no origin.
    pub fn of(wgsl: &GeneratedWgsl) -> Self {
        let mut spans = Vec::new();
        let mut start = 0;
        for line in wgsl.text.split_inclusive('\n') {
            let content = line.trim_end();
            let indent = content.len() - content.trim_start().len();
            spans.push(
                (indent < content.len())
                    .then(|| wgsl.origin_of(start + indent, start + content.len()))
                    .flatten(),
            );
            start += line.len();
        }
        Self {
            spans,
            resolved: Vec::new(),
            texts: String::new(),
            text_ends: Vec::new(),
            files: Vec::new(),
        }
    }

    /// Resolves every origin to a file, line and column with the effect's final sources.
    pub fn resolve(&mut self, sources: &SourceMap) {
        self.files = sources.files().map(|(_, f)| f.path.clone()).collect();
        self.texts.clear();
        self.text_ends.clear();
        self.resolved = self
            .spans
            .iter()
            .map(|span| {
                // Text the front end supplies (the FX prelude) is not the user's: the WGSL
                // made there is generated code and has no line to show.
                let resolved = span.filter(|s| !sources.get(s.file).supplied).map(|s| {
                    let location = sources.location(s);
                    let file = sources.get(s.file);
                    self.texts.push_str(file.line_text(location.start.line));
                    (s.file.index(), location.start, location.end)
                });
                self.text_ends.push(self.texts.len() as u32);
                resolved
            })
            .collect();
    }

    /// The user's text behind WGSL line `index + 1` (empty without one).
    fn line_text(&self, index: usize) -> &str {
        let end = self.text_ends.get(index).map_or(0, |e| *e as usize);
        let start = index
            .checked_sub(1)
            .and_then(|i| self.text_ends.get(i))
            .map_or(0, |e| *e as usize);
        self.texts.get(start..end).unwrap_or("")
    }

    /// The origin of 1-based WGSL `line`.
    pub fn span(&self, line: u32) -> Option<Span> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        self.spans.get(index).copied().flatten()
    }

    /// The origin of 1-based WGSL `line`, resolved; `None` before [`Self::resolve`].
    pub fn source_line(&self, line: u32) -> Option<SourceLine<'_>> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        let (file, start, end) = (*self.resolved.get(index)?)?;
        Some(SourceLine {
            path: self.files.get(file)?,
            start,
            end,
            text: self.line_text(index),
        })
    }
}
