//! The preprocessor's output: the text and its source map ([`Preprocessed`]), a run of
//! segments each saying where its bytes came from.

use crate::source::{FileId, Span};

/// A contiguous run of output bytes and where it came from.
#[derive(Clone, Copy, Debug)]
struct Segment {
    out_start: u32,
    len: u32,
    file: FileId,
    file_start: u32,
    file_len: u32,
    /// Copied (or blanked) byte for byte, so each byte maps to its own source byte; otherwise the
    /// segment is a macro expansion and every byte maps to the whole invocation.
    exact: bool,
}

impl Segment {
    fn out_end(&self) -> usize {
        (self.out_start + self.len) as usize
    }

    fn map_start(&self, out: usize) -> u32 {
        if self.exact {
            let rel = (out as u32).saturating_sub(self.out_start).min(self.len);
            self.file_start + rel
        } else {
            self.file_start
        }
    }

    fn map_end(&self, out: usize) -> u32 {
        if self.exact {
            let rel = (out.min(self.out_end()) as u32)
                .saturating_sub(self.out_start)
                .min(self.len);
            self.file_start + rel
        } else {
            self.file_start + self.file_len
        }
    }
}

/// The preprocessed text and its source map.
#[derive(Debug, Default)]
pub struct Preprocessed {
    pub text: String,
    segments: Vec<Segment>,
    /// The macros an active `#ifdef`/`#ifndef` tested while they were not defined by the
    /// effect (undefined then, or passed in), that are object-like macros at the end, with
    /// their replacement as written, in the order first tested: the options an effect offers
    /// (`#ifndef QUALITY` + `#define QUALITY 2`), which ReShade lists for the user to change.
    pub tested_definitions: Vec<(String, String)>,
}

impl Preprocessed {
    /// Maps a byte range of [`Self::text`] back to its file. A range that ends in another file (or
    /// before where it starts, after a macro reordered its arguments) is clipped to the piece of
    /// text where it starts. Bytes produced by a macro map to the whole invocation.
    pub fn span(&self, start: usize, end: usize) -> Option<Span> {
        let i = self.segments.partition_point(|s| s.out_end() <= start);
        let first = self.segments.get(i).or_else(|| self.segments.last())?;
        let mapped_start = first.map_start(start);
        let mut mapped_end = first.map_end(end.max(start));
        if end > start {
            // The segment holding the range's last byte: the first one's, most often, else one
            // after it (every segment before the first ends before `end`).
            let j = if self.segments.get(i).is_some_and(|s| s.out_end() >= end) {
                i
            } else {
                i + self.segments[i..].partition_point(|s| s.out_end() < end)
            };
            if let Some(last) = self.segments.get(j) {
                let last_end = last.map_end(end);
                if j > i && last.file == first.file && last_end >= mapped_start {
                    mapped_end = last_end;
                }
            }
        }
        Some(Span {
            file: first.file,
            start: mapped_start,
            end: mapped_end.max(mapped_start),
        })
    }

    fn push_segment(
        &mut self,
        text: &str,
        file: FileId,
        file_start: u32,
        file_len: u32,
        exact: bool,
    ) {
        if text.is_empty() {
            return;
        }
        let out_start = self.text.len() as u32;
        self.text.push_str(text);
        self.record_segment(out_start, file, file_start, file_len, exact);
    }

    /// Notes that the output from `out_start` on came from `file` at `file_start` (`file_len`
    /// bytes), joining the previous segment where it continues it.
    fn record_segment(
        &mut self,
        out_start: u32,
        file: FileId,
        file_start: u32,
        file_len: u32,
        exact: bool,
    ) {
        let len = self.text.len() as u32 - out_start;
        if let Some(last) = self.segments.last_mut() {
            let contiguous = last.out_start + last.len == out_start && last.file == file;
            if contiguous && exact && last.exact && last.file_start + last.file_len == file_start {
                last.len += len;
                last.file_len += len;
                return;
            }
            if contiguous
                && !exact
                && !last.exact
                && last.file_start == file_start
                && last.file_len == file_len
            {
                last.len += len;
                return;
            }
        }
        self.segments.push(Segment {
            out_start,
            len,
            file,
            file_start,
            file_len,
            exact,
        });
    }

    /// Appends `text`, copied from `file` at `file_start`.
    pub(super) fn push_exact(&mut self, file: FileId, file_start: usize, text: &str) {
        self.push_segment(text, file, file_start as u32, text.len() as u32, true);
    }

    /// Appends `source` (from `file` at `file_start`) as spaces, keeping its newlines.
    pub(super) fn push_blank(&mut self, file: FileId, file_start: usize, source: &[u8]) {
        if source.is_empty() {
            return;
        }
        let out_start = self.text.len() as u32;
        self.text.reserve(source.len());
        for (i, line) in source.split(|&b| b == b'\n').enumerate() {
            if i > 0 {
                self.text.push('\n');
            }
            self.text.extend(std::iter::repeat_n(' ', line.len()));
        }
        let len = source.len() as u32;
        self.record_segment(out_start, file, file_start as u32, len, true);
    }

    /// Appends `text`, produced for (and mapped as a whole to) `origin`.
    pub(super) fn push_mapped(&mut self, origin: Span, text: &str) {
        self.push_segment(
            text,
            origin.file,
            origin.start,
            origin.end - origin.start,
            false,
        );
    }
}
