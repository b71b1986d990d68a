//! Source files, byte spans and their mapping to (file, line, column): the real one, where the
//! text is (editors, lints, WGSL line origins), and the presumed one that `#line` directives
//! give, which diagnostics report (as ReShade and C compilers do; clang's `PresumedLoc`).

use std::fmt;
use std::path::{Path, PathBuf};

/// Identifies one file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(u32);

impl FileId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A byte range inside one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Self {
        Self {
            file,
            start: start as u32,
            end: end.max(start) as u32,
        }
    }
}

/// A 1-based line and column (columns count characters, as editors do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub column: u32,
}

/// One loaded file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path shown in diagnostics.
    pub path: PathBuf,
    pub text: String,
    /// Byte offsets at which each line starts.
    line_starts: Vec<u32>,
    /// Text the front end supplies itself (ReShade FX's compatibility prelude), not a file.
    pub(crate) supplied: bool,
    /// Its `#line` directives, in file order.
    line_directives: Vec<LineDirective>,
    /// Real lines that ReShade's parser numbers otherwise (code on logical lines that span
    /// several physical ones, `preprocess::joined_lines`): (real line, parser's line), in
    /// order.
    parser_lines: Vec<(u32, u32)>,
    /// Runs of real lines (first, last) that ReShade's parser reports late, for rewinds of its
    /// lexer over a line break before them (`fx::backtrack_lines`): (offset of the line break,
    /// first, last, lines late).
    parser_shifts: Vec<(u32, u32, u32, u32)>,
    /// Where the text the parser reads ends (its offset) and the line ReShade's parser reports
    /// there, before `#line`s (`fx::end_of_text`).
    end_of_text: Option<(u32, u32)>,
}

/// `#line N "name"`: from real line `next_line` on, lines count from `number`, and the file is
/// called `name` when one is given (else what the previous directive called it).
#[derive(Clone, Debug)]
struct LineDirective {
    next_line: u32,
    number: u32,
    name: Option<PathBuf>,
}

impl SourceFile {
    fn new(path: PathBuf, text: String) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i as u32 + 1));
        Self {
            path,
            text,
            line_starts,
            supplied: false,
            line_directives: Vec::new(),
            parser_lines: Vec::new(),
            parser_shifts: Vec::new(),
            end_of_text: None,
        }
    }

    /// The line `#line` directives give real line `line` (the real line when none applies).
    pub fn presumed_line(&self, line: u32) -> u32 {
        let before = self
            .line_directives
            .partition_point(|d| d.next_line <= line);
        match before.checked_sub(1).map(|i| &self.line_directives[i]) {
            Some(d) => d.number.saturating_add(line - d.next_line),
            None => line,
        }
    }

    /// The line ReShade's parser gives real line `line` (see `parser_lines`).
    pub(crate) fn parser_line(&self, line: u32) -> u32 {
        let numbered = self
            .parser_lines
            .binary_search_by_key(&line, |&(real, _)| real)
            .map_or(line, |i| self.parser_lines[i].1);
        let late: u32 = self
            .parser_shifts
            .iter()
            .filter(|&&(_, first, last, _)| first <= line && line <= last)
            .map(|&(_, _, _, by)| by)
            .sum();
        numbered + late
    }

    /// The name `#line` directives give the file at real line `line`: the last name a
    /// directive before it gave, else the file's path.
    pub fn presumed_path(&self, line: u32) -> &Path {
        let before = self
            .line_directives
            .partition_point(|d| d.next_line <= line);
        self.line_directives[..before]
            .iter()
            .rev()
            .find_map(|d| d.name.as_deref())
            .unwrap_or(&self.path)
    }

    /// The 1-based line of a byte offset (its column not counted).
    pub fn line(&self, offset: u32) -> u32 {
        let offset = offset.min(self.text.len() as u32);
        self.line_starts.partition_point(|&s| s <= offset) as u32
    }

    /// Converts a byte offset into a 1-based line and character column.
    pub fn line_col(&self, offset: u32) -> LineCol {
        let offset = offset.min(self.text.len() as u32);
        let line = self.line(offset) as usize - 1;
        let start = self.line_starts[line] as usize;
        let mut end = offset as usize;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let column = self.text[start..end].chars().count() as u32 + 1;
        LineCol {
            line: line as u32 + 1,
            column,
        }
    }

    /// The text of the 1-based `line`, without its line break.
    pub fn line_text(&self, line: u32) -> &str {
        let Some(&start) = self.line_starts.get(line.saturating_sub(1) as usize) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line as usize)
            .map_or(self.text.len(), |&e| e as usize);
        self.text[start as usize..end].trim_end_matches(['\n', '\r'])
    }

    pub fn line_count(&self) -> u32 {
        self.line_starts.len() as u32
    }
}

/// Every file that took part in loading an effect, in the order they were read.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> Self {
        Self::default()
    }

    /// Text the front end supplies itself under `name` (no file to open or watch): diagnostics
    /// can point into it like into a file.
    pub fn add_supplied(&mut self, name: impl Into<PathBuf>, text: impl Into<String>) -> FileId {
        let id = self.add(name, text);
        self.files[id.0 as usize].supplied = true;
        id
    }

    /// The files read (what was supplied, like the FX prelude, left out).
    pub fn read_files(&self) -> impl Iterator<Item = &SourceFile> {
        self.files.iter().filter(|f| !f.supplied)
    }

    pub fn add(&mut self, path: impl Into<PathBuf>, text: impl Into<String>) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile::new(path.into(), text.into()));
        id
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.index()]
    }

    pub fn find(&self, path: &Path) -> Option<FileId> {
        self.files
            .iter()
            .position(|f| f.path == path)
            .map(|i| FileId(i as u32))
    }

    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    /// Records real lines of `file` that ReShade's parser numbers otherwise: (real line,
    /// parser's line) pairs, in order. A file read twice states them again: kept once.
    pub fn add_parser_lines(&mut self, file: FileId, lines: &[(u32, u32)]) {
        let list = &mut self.files[file.index()].parser_lines;
        for &(real, parser) in lines {
            if let Err(at) = list.binary_search_by_key(&real, |&(r, _)| r) {
                list.insert(at, (real, parser));
            }
        }
    }

    /// Records that ReShade's parser reports real lines `first..=last` of `file` `by` lines
    /// late, for the line break at offset `at` read again `by` times (a file read twice states
    /// its own again: kept once).
    pub fn add_parser_shift(&mut self, file: FileId, at: u32, (first, last): (u32, u32), by: u32) {
        let shifts = &mut self.files[file.index()].parser_shifts;
        if !shifts.iter().any(|&(seen, ..)| seen == at) {
            shifts.push((at, first, last, by));
        }
    }

    /// Records that ReShade's parser reports the end of the text, at `offset` of `file`, on
    /// `line` (before `#line`s).
    pub fn set_end_of_text(&mut self, file: FileId, offset: u32, line: u32) {
        self.files[file.index()].end_of_text = Some((offset, line));
    }

    /// Records `#line number "name"` in `file`: real line `next_line` is line `number` (of
    /// `name`, when given).
    pub fn add_line_directive(
        &mut self,
        file: FileId,
        next_line: u32,
        number: u32,
        name: Option<PathBuf>,
    ) {
        // A file read twice (included again) states its directives again: kept once, in order.
        let list = &mut self.files[file.index()].line_directives;
        if list.iter().all(|d| d.next_line != next_line) {
            let at = list.partition_point(|d| d.next_line < next_line);
            let directive = LineDirective {
                next_line,
                number,
                name,
            };
            list.insert(at, directive);
        }
    }

    /// Resolves a span to where its text is: the location editors jump to.
    pub fn location(&self, span: Span) -> Location<'_> {
        let file = self.get(span.file);
        Location {
            path: &file.path,
            start: file.line_col(span.start),
            end: file.line_col(span.end),
        }
    }

    /// Resolves a span to the location `#line` directives give it: as [`Self::location`],
    /// renumbered, and renamed when `naming` says so (columns stay). The same location where
    /// the file has none. Diagnostics report it ([`crate::Diagnostic::reported_location`]).
    pub fn presumed(&self, span: Span, naming: LineNaming) -> Location<'_> {
        let file = self.get(span.file);
        let real = self.location(span);
        // Later stages read the preprocessor's output, numbered as ReShade numbers it.
        let output_line = |line: u32| match naming {
            LineNaming::Renamed => line,
            LineNaming::RealName => file.parser_line(line),
        };
        // The end of the text is where ReShade's parser says it is.
        let end_line = file
            .end_of_text
            .filter(|&(at, _)| naming == LineNaming::RealName && at == span.start)
            .map(|(_, line)| line);
        let renumber = |lc: LineCol| LineCol {
            line: file.presumed_line(end_line.unwrap_or_else(|| output_line(lc.line))),
            column: lc.column,
        };
        Location {
            path: match naming {
                LineNaming::Renamed => file.presumed_path(real.start.line),
                LineNaming::RealName => real.path,
            },
            start: renumber(real.start),
            end: renumber(real.end),
        }
    }
}

/// Whether a presumed location takes the file name a `#line` gives. ReShade's preprocessor
/// does (its errors, `__FILE__`), its compiler does not: the preprocessor writes only the
/// real names of the files it reads into its output (`#line N "file"` when it switches files),
/// so the parser's diagnostics name the real file, on the renumbered line. They also take the
/// lines ReShade's output gives code on logical lines that span several physical ones
/// (`preprocess::joined_lines`); the preprocessor's own diagnostics keep its lexer's lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineNaming {
    Renamed,
    RealName,
}

/// A resolved span: `path:line:column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location<'a> {
    pub path: &'a Path,
    pub start: LineCol,
    pub end: LineCol,
}

impl fmt::Display for Location<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}",
            self.path.display(),
            self.start.line,
            self.start.column
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters_from_one() {
        let mut map = SourceMap::new();
        let id = map.add("a.wfx", "ab\nçd\n\nx");
        let file = map.get(id);
        assert_eq!(file.line_col(0), LineCol { line: 1, column: 1 });
        assert_eq!(file.line_col(3), LineCol { line: 2, column: 1 });
        // 'ç' is two bytes, one column: byte 5 ('d') is column 2.
        assert_eq!(file.line_col(5), LineCol { line: 2, column: 2 });
        assert_eq!(file.line_col(7), LineCol { line: 3, column: 1 });
        assert_eq!(file.line_col(8), LineCol { line: 4, column: 1 });
        assert_eq!(file.line_text(2), "çd");
    }

    #[test]
    fn line_directives_renumber_and_rename_what_follows() {
        let mut map = SourceMap::new();
        let id = map.add("a.fx", "a\n#line 100 \"b.fx\"\nc\nd\n#line 7\ne\n");
        map.add_line_directive(id, 3, 100, Some("b.fx".into()));
        map.add_line_directive(id, 6, 7, None);
        let at = |offset: usize| {
            let span = Span::new(id, offset, offset + 1);
            let renamed = map.presumed(span, LineNaming::Renamed);
            let real_name = map.presumed(span, LineNaming::RealName);
            format!("{renamed} {real_name} {}", map.location(span))
        };
        assert_eq!(at(0), "a.fx:1:1 a.fx:1:1 a.fx:1:1");
        assert_eq!(at(19), "b.fx:100:1 a.fx:100:1 a.fx:3:1");
        assert_eq!(at(21), "b.fx:101:1 a.fx:101:1 a.fx:4:1");
        // A directive without a name keeps the name the previous one gave.
        assert_eq!(at(31), "b.fx:7:1 a.fx:7:1 a.fx:6:1");
    }
}
