//! Where each line of an effect's WGSL came from in the user's sources, so tools that speak in
//! WGSL lines (the SPIR-V view's `OpLine`s) can point at what the user wrote: for `.wfx` the
//! user's text through the preprocessor's map (includes and macros), for `.fx` the ReShade FX
//! construct the generated WGSL stands for, and for generated declarations the item they were
//! generated from.
//!
//! A line's origin is the origin of its first non-blank byte up to the line's end. The table is
//! made while lowering (`EffectBuilder::new`, which holds the span map); a line is resolved to
//! its file, line and column when asked, against the effect's final [`SourceMap`].

use std::path::Path;
use std::sync::Arc;

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
    /// The sources the spans point into, final once loading is done ([`Self::resolve`]): a
    /// line is resolved to its file, line and column when asked for (only the SPIR-V view
    /// asks), not for every line of every effect loaded.
    sources: Option<Arc<SourceMap>>,
}

impl WgslLineOrigins {
    /// Maps every line of `wgsl` through its span map; blank lines and generated text that
    /// stands for no declaration have no origin.
    pub fn of(wgsl: &GeneratedWgsl) -> Self {
        let text = wgsl.text.as_bytes();
        let mut spans = Vec::with_capacity(memchr::memchr_iter(b'\n', text).count() + 1);
        let mut start = 0;
        while start < text.len() {
            let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i);
            // The line's content: without its indentation and trailing blanks (WGSL's text
            // is ASCII around them, so bytes are characters here).
            let line = &text[start..end];
            let first = line.iter().position(|b| !b.is_ascii_whitespace());
            let span = first.and_then(|first| {
                let last = line.iter().rposition(|b| !b.is_ascii_whitespace())?;
                wgsl.origin_of(start + first, start + last + 1)
            });
            spans.push(span);
            start = end + 1;
        }
        Self {
            spans,
            sources: None,
        }
    }

    /// Keeps the effect's final sources, against which lines are resolved.
    pub fn resolve(&mut self, sources: &SourceMap) {
        self.sources = Some(Arc::new(sources.clone()));
    }

    /// The origin of 1-based WGSL `line`.
    pub fn span(&self, line: u32) -> Option<Span> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        self.spans.get(index).copied().flatten()
    }

    /// The origin of 1-based WGSL `line`, resolved; `None` before [`Self::resolve`].
    pub fn source_line(&self, line: u32) -> Option<SourceLine<'_>> {
        let span = self.span(line)?;
        let sources = self.sources.as_deref()?;
        let file = sources.get(span.file);
        // Text the front end supplies (the FX prelude) is not the user's: the WGSL made there
        // is generated code and has no line to show.
        if file.supplied {
            return None;
        }
        let location = sources.location(span);
        Some(SourceLine {
            path: &file.path,
            start: location.start,
            end: location.end,
            text: file.line_text(location.start.line),
        })
    }
}
