//! The line ReShade's parser reports the end of an effect's text on.
//!
//! ReShade reads every file with a line feed appended (`read_file`), and its preprocessor ends
//! its output with one more after the last line it writes, so the parser meets the end of the
//! text two lines after the last line of code: an effect that stops inside a function is
//! reported there, whether or not its file ends in a line break, and whatever blank lines or
//! comments follow. A NUL byte ends the text where it stands (`preprocess`): with code before
//! it on its line, that line is not ended yet, and the end comes one line after it.

use super::ast::TextRange;
use crate::preprocess::Preprocessed;
use crate::source::SourceMap;

/// Records in `sources` where ReShade's parser meets the end of the text `pp`, whose last
/// token is `last`.
pub(super) fn record(pp: &Preprocessed, sources: &mut SourceMap, last: Option<TextRange>) {
    let end = pp.text.len();
    let (Some(eof), Some(last)) = (pp.span(end, end), last) else {
        return;
    };
    let Some(token) = pp.span(last.start as usize, last.end as usize) else {
        return;
    };
    if token.file != eof.file {
        return;
    }
    let file = sources.get(eof.file);
    let line = file.line(token.start);
    let cut_on_its_line = memchr::memchr(0, file.text.as_bytes())
        .is_some_and(|nul| file.line(nul as u32) == line && nul as u32 >= token.end);
    let reported = file.parser_line(line) + if cut_on_its_line { 1 } else { 2 };
    sources.set_end_of_text(eof.file, eof.start, reported);
}
