//! The lines ReShade's parser reports late after rewinding its lexer over a line break
//! (`parser/backtracks.rs` finds where it rewinds).
//!
//! A rewind over a name that ends its line counts that line break twice, so from the next line
//! on every location is a line late. The count is put right by the next `#line` of the
//! preprocessor's output, which comes before the first line of code after a line with none: a
//! blank line, a comment alone, a directive. Rewinds within one such run add up.

use super::ast::TextRange;
use crate::preprocess::{Preprocessed, newlines_in};
use crate::source::SourceMap;

/// A line break read again: its file and offset.
type LineBreak = (crate::FileId, u32);

/// Records in `sources` the lines the rewinds in `backtracks` make late.
pub(super) fn record(
    pp: &Preprocessed,
    sources: &mut SourceMap,
    backtracks: &[(TextRange, TextRange)],
) {
    // Each line break read again: (file, its offset) → the run of lines after it, and how
    // many times it was read again.
    let mut late: Vec<(LineBreak, (u32, u32), u32)> = Vec::new();
    for &(first, after) in backtracks {
        let Some((key, run)) = rewound_line_break(pp, sources, first, after) else {
            continue;
        };
        match late.iter_mut().find(|(seen, ..)| *seen == key) {
            Some((_, _, by)) => *by += 1,
            None => late.push((key, run, 1)),
        }
    }
    for ((file, at), run, by) in late {
        sources.add_parser_shift(file, at, run, by);
    }
}

/// The line break a rewind from `first` to `after` reads again, when it moves later lines:
/// its file and offset, and the run of lines (first, last) that it makes late.
fn rewound_line_break(
    pp: &Preprocessed,
    sources: &SourceMap,
    first: TextRange,
    after: TextRange,
) -> Option<(LineBreak, (u32, u32))> {
    let name = pp.span(first.start as usize, first.end as usize)?;
    let next = pp.span(after.start as usize, after.end as usize)?;
    if name.file != next.file || name.end > next.start {
        return None;
    }
    let file = sources.get(name.file);
    let text = file.text.as_bytes();
    // Both tokens as the file has them (not a macro's expansion), one line break apart (a
    // blank line or a comment's line breaks between them bring a `#line`).
    let own = |span: crate::Span, range: TextRange| {
        text.get(span.start as usize..span.end as usize)
            == pp
                .text
                .as_bytes()
                .get(range.start as usize..range.end as usize)
    };
    let gap = text.get(name.end as usize..next.start as usize)?;
    let line = file.line(next.start);
    if !own(name, first)
        || !own(next, after)
        || newlines_in(gap) != 1
        || file.line(name.end) + 1 != line
    {
        return None;
    }
    let at = name.end + memchr::memchr(b'\n', gap)? as u32;
    Some(((name.file, at), (line, last_line_of_run(&file.text, line))))
}

/// The last line of the run of lines with code that line `from` (1-based) is in: the line
/// before the first later line with no code (blank, a comment alone, a directive), or the
/// file's last line.
fn last_line_of_run(text: &str, from: u32) -> u32 {
    let mut in_comment = false;
    let mut last = from;
    let first = from.saturating_sub(1) as usize;
    for (index, line) in text.lines().enumerate().skip(first) {
        let has_code = line_has_code(line.as_bytes(), &mut in_comment);
        if index == first {
            continue;
        }
        if !has_code || line.trim_start().starts_with('#') {
            break;
        }
        last = index as u32 + 1;
    }
    last
}

/// Whether `line` holds anything but blanks and comments, `in_comment` saying whether a block
/// comment is open at its start (and, after, at its end).
fn line_has_code(line: &[u8], in_comment: &mut bool) -> bool {
    let mut code = false;
    let mut i = 0;
    while i < line.len() {
        if *in_comment {
            match memchr::memmem::find(&line[i..], b"*/") {
                Some(k) => {
                    *in_comment = false;
                    i += k + 2;
                }
                None => return code,
            }
            continue;
        }
        match (line[i], line.get(i + 1)) {
            (b'/', Some(b'/')) => return code,
            (b'/', Some(b'*')) => {
                *in_comment = true;
                i += 2;
            }
            (b, _) if b.is_ascii_whitespace() => i += 1,
            _ => {
                code = true;
                i += 1;
            }
        }
    }
    code
}

#[cfg(test)]
mod tests {
    use super::last_line_of_run;

    #[test]
    fn a_run_ends_before_a_line_without_code() {
        let text = "a\nb\nc\n\nd\n";
        assert_eq!(last_line_of_run(text, 2), 3);
        assert_eq!(last_line_of_run("a\nb\n// c\nd\n", 1), 2);
        assert_eq!(last_line_of_run("a\nb\n#if 1\nd\n", 1), 2);
        // A block comment's last line with nothing after it holds no code.
        assert_eq!(last_line_of_run("a\nb /* x\ny */\nc\n", 1), 2);
        assert_eq!(last_line_of_run("a /* x\ny */ b\nc\n\n", 1), 3);
        assert_eq!(last_line_of_run("a\nb\nc", 2), 3);
    }
}
