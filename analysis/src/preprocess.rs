//! Preprocessor, first stage of the front end: splices `#include`d files into one text and keeps a
//! map from every byte of that text back to its file and offset.
//!
//! This version handles `#include "file"` (relative to the including file, then the search paths)
//! and rejects every other directive with a located error; macros and conditionals come with the
//! full language.

use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::source::{FileId, SourceMap, Span};

/// Reads the files an effect names. Tests use an in-memory one.
pub trait FileLoader {
    fn read(&self, path: &Path) -> std::io::Result<String>;
}

/// Reads from the file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct FsLoader;

impl FileLoader for FsLoader {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        std::fs::read_to_string(path)
    }
}

/// A contiguous run of output bytes copied from one file.
#[derive(Clone, Copy, Debug)]
struct Segment {
    out_start: u32,
    len: u32,
    file: FileId,
    file_start: u32,
}

/// The preprocessed text and its source map.
#[derive(Debug, Default)]
pub struct Preprocessed {
    pub text: String,
    segments: Vec<Segment>,
}

impl Preprocessed {
    /// Maps a byte range of [`Self::text`] back to its file. A range that crosses a file boundary
    /// is clipped to the file where it starts.
    pub fn span(&self, start: usize, end: usize) -> Option<Span> {
        let i = self
            .segments
            .partition_point(|s| (s.out_start + s.len) as usize <= start);
        let seg = self.segments.get(i).or_else(|| self.segments.last())?;
        let rel = (start as u32).saturating_sub(seg.out_start).min(seg.len);
        let seg_end = (seg.out_start + seg.len) as usize;
        let rel_end = (end.min(seg_end) as u32)
            .saturating_sub(seg.out_start)
            .max(rel);
        Some(Span {
            file: seg.file,
            start: seg.file_start + rel,
            end: seg.file_start + rel_end,
        })
    }

    fn push(&mut self, file: FileId, file_start: usize, text: &str) {
        if text.is_empty() {
            return;
        }
        self.segments.push(Segment {
            out_start: self.text.len() as u32,
            len: text.len() as u32,
            file,
            file_start: file_start as u32,
        });
        self.text.push_str(text);
    }
}

const MAX_INCLUDE_DEPTH: usize = 32;

/// Preprocesses `root` (already added to `sources`).
pub fn preprocess(
    root: FileId,
    sources: &mut SourceMap,
    loader: &dyn FileLoader,
    include_dirs: &[PathBuf],
    diagnostics: &mut Vec<Diagnostic>,
) -> Preprocessed {
    let mut out = Preprocessed::default();
    let mut stack = vec![root];
    expand(
        root,
        sources,
        loader,
        include_dirs,
        diagnostics,
        &mut out,
        &mut stack,
    );
    out
}

fn expand(
    file: FileId,
    sources: &mut SourceMap,
    loader: &dyn FileLoader,
    include_dirs: &[PathBuf],
    diagnostics: &mut Vec<Diagnostic>,
    out: &mut Preprocessed,
    stack: &mut Vec<FileId>,
) {
    // The text is cloned so that included files can be added to `sources` while we walk it.
    let text = sources.get(file).text.clone();
    let mut copied_to = 0;
    let mut line_start = 0;
    let mut in_block_comment = false;
    for line in text.split_inclusive('\n') {
        let this_start = line_start;
        line_start += line.len();
        let was_in_comment = in_block_comment;
        in_block_comment = ends_in_block_comment(line, in_block_comment);
        if was_in_comment {
            continue;
        }
        let trimmed = line.trim_start();
        if !trimmed.starts_with('#') {
            continue;
        }
        let hash = this_start + (line.len() - trimmed.len());
        let directive_end = this_start + line.trim_end().len();
        out.push(file, copied_to, &text[copied_to..this_start]);
        // Keep the line's bytes as spaces so later offsets in this file still line up.
        let blank: String = line
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        out.push(file, this_start, &blank);
        copied_to = line_start;

        let body = trimmed[1..].trim_start();
        let name_len = body
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .unwrap_or(body.len());
        let name = &body[..name_len];
        let span = Span::new(file, hash, directive_end);
        if name != "include" {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::SyntaxError,
                span,
                format!("'#{name}' : preprocessor directive not supported"),
            ));
            continue;
        }
        let arg = body[name_len..].trim();
        let Some(path) = arg
            .strip_prefix('"')
            .and_then(|a| a.split_once('"'))
            .map(|(p, _)| p)
        else {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::IncludeError,
                span,
                "'#include' : expected a quoted file name",
            ));
            continue;
        };
        let including_dir = sources
            .get(file)
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let candidates = std::iter::once(including_dir).chain(include_dirs.iter().cloned());
        let mut found = None;
        let mut last_error = None;
        for dir in candidates {
            let full = dir.join(path);
            if let Some(id) = sources.find(&full) {
                found = Some(id);
                break;
            }
            match loader.read(&full) {
                Ok(text) => {
                    found = Some(sources.add(full, text));
                    break;
                }
                Err(e) => last_error = Some(e),
            }
        }
        let Some(included) = found else {
            let why = last_error.map_or_else(String::new, |e| format!(" ({e})"));
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::IncludeError,
                span,
                format!("'{path}' : cannot open include file{why}"),
            ));
            continue;
        };
        if stack.contains(&included) {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::IncludeError,
                span,
                format!("'{path}' : include cycle"),
            ));
            continue;
        }
        if stack.len() >= MAX_INCLUDE_DEPTH {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::IncludeError,
                span,
                format!("'{path}' : includes nested deeper than {MAX_INCLUDE_DEPTH}"),
            ));
            continue;
        }
        stack.push(included);
        expand(
            included,
            sources,
            loader,
            include_dirs,
            diagnostics,
            out,
            stack,
        );
        stack.pop();
        // Separate the included text from what follows even if it lacks a final newline.
        out.text.push('\n');
        if let Some(last) = out.segments.last_mut() {
            last.len += 1;
        }
    }
    out.push(file, copied_to, &text[copied_to..]);
}

/// Tracks `/* */` comments across lines so that a `#` inside one is not taken as a directive.
fn ends_in_block_comment(line: &str, mut inside: bool) -> bool {
    let bytes = line.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        match (inside, bytes[i], bytes[i + 1]) {
            (false, b'/', b'/') => return false,
            (false, b'/', b'*') => {
                inside = true;
                i += 2;
            }
            (true, b'*', b'/') => {
                inside = false;
                i += 2;
            }
            _ => i += 1,
        }
    }
    inside
}
