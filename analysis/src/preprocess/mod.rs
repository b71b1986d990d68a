//! Preprocessor, first stage of the front end: runs the C-style directives (`#include`, `#define`,
//! `#undef`, `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif`, `#error`, `#warning`, `#pragma`,
//! `#line`), expands macros (`__LINE__` and `__FILE__` included), and keeps a map from every byte
//! of its output back to a file and offset.
//!
//! The output keeps the source's lines: directive lines and skipped lines become spaces (newlines
//! kept), text without macros is copied byte for byte, and an included file's text is spliced in
//! after its `#include` line. A macro expansion maps to its invocation (name through closing
//! parenthesis), except argument tokens, which map to where they were written.
//!
//! Expansion follows C: hide sets stop a macro from expanding inside its own expansion, arguments
//! are expanded before substitution unless they meet `#` or `##`, and the result is rescanned with
//! the rest of the text. `#if` evaluates 64-bit signed integer expressions; identifiers left after
//! expansion are 0 (`true` is 1). Directives are recognised only at the start of a line outside
//! comments, and nothing is expanded inside comments or `"strings"`. A backslash before a newline
//! continues a directive.

use rustc_hash::{FxHashMap, FxHashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::diagnostic::{Diagnostic, DiagnosticCode, Severity};
use crate::source::{FileId, SourceMap, Span};
use crate::{CompileMode, Options};

/// Reads the files an effect names. Tests use an in-memory one.
pub trait FileLoader {
    fn read(&self, path: &Path) -> std::io::Result<String>;
}

/// Files held in memory, by path: for tests, benchmarks and editors with unsaved buffers.
#[derive(Clone, Debug, Default)]
pub struct MemoryLoader(pub std::collections::HashMap<PathBuf, String>);

impl MemoryLoader {
    pub fn new<P: Into<PathBuf>, T: Into<String>>(files: impl IntoIterator<Item = (P, T)>) -> Self {
        Self(
            files
                .into_iter()
                .map(|(p, t)| (p.into(), t.into()))
                .collect(),
        )
    }
}

impl FileLoader for MemoryLoader {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        self.0.get(path).cloned().ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "not among the files in memory",
            )
        })
    }
}

/// Reads from the file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct FsLoader;

impl FileLoader for FsLoader {
    /// ReShade FX files (`.fx`, `.fxh`) are read as ReShade reads them
    /// ([`crate::fx::FxFileLoader`]: Latin-1 when not UTF-8, names in any case); others must be
    /// UTF-8 and named exactly.
    fn read(&self, path: &Path) -> std::io::Result<String> {
        if crate::fx::is_fx_path(path) {
            return crate::fx::FxFileLoader.read(path);
        }
        std::fs::read_to_string(path)
    }
}

/// `__RESHADE__`'s value: ReShade 6.0.0, so effects written for ReShade take their modern paths.
pub const RESHADE_VERSION: u32 = 60000;
/// Longest preprocessed text accepted, in bytes.
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;
const MAX_INCLUDE_DEPTH: usize = 32;
/// Macros whose value depends on where they are used: the line (after any `#line`), the file's
/// path, its name and its name without extension (the last three as string literals).
const DYNAMIC_MACROS: [&str; 4] = ["__LINE__", "__FILE__", "__FILE_NAME__", "__FILE_STEM__"];
/// Deepest nesting of macro arguments expanded inside macro arguments.
const MAX_EXPANSION_DEPTH: usize = 256;
/// Most tokens one top-level macro invocation may produce.
const MAX_EXPANSION_TOKENS: usize = 1 << 20;

/// Which language's preprocessor rules apply where WGSL and ReShade FX differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `.wfx`: block comments nest (as in WGSL); `##` must form one token.
    Wgsl,
    /// ReShade FX: block comments end at the first `*/`; `#if exists "file"`; `##` may leave
    /// two tokens side by side (`Tint##id##.rgb`).
    ReshadeFx,
}

/// `__FXBENCH__`'s value: major·10000 + minor·100 + patch (0.1.0 is 100).
pub fn version_number() -> u32 {
    let mut parts = env!("CARGO_PKG_VERSION")
        .split(['.', '-', '+'])
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let mut next = || parts.next().unwrap_or(0);
    next() * 10000 + next() * 100 + next()
}

/// The macros every effect sees: the version and performance-mode macros (fxbench's and
/// ReShade's), the `BUFFER_*` constants for `options`' back buffer, then `options.definitions`.
pub fn predefined_macros(options: &Options) -> Vec<(String, String)> {
    let performance = u8::from(options.mode == CompileMode::Performance).to_string();
    let width = options.buffer_width.max(1);
    let height = options.buffer_height.max(1);
    let mut list = vec![
        ("__FXBENCH__".to_string(), version_number().to_string()),
        (
            "__FXBENCH_PERFORMANCE_MODE__".to_string(),
            performance.clone(),
        ),
        ("__RESHADE__".to_string(), RESHADE_VERSION.to_string()),
        ("__RESHADE_PERFORMANCE_MODE__".to_string(), performance),
        ("BUFFER_WIDTH".to_string(), width.to_string()),
        ("BUFFER_HEIGHT".to_string(), height.to_string()),
        (
            "BUFFER_RCP_WIDTH".to_string(),
            format!("{:?}", 1.0 / f64::from(width)),
        ),
        (
            "BUFFER_RCP_HEIGHT".to_string(),
            format!("{:?}", 1.0 / f64::from(height)),
        ),
        ("BUFFER_COLOR_BIT_DEPTH".to_string(), "8".to_string()),
    ];
    list.extend(options.definitions.iter().cloned());
    list
}

// ---------------------------------------------------------------------------------------------
// Output and source map

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
            // The segment holding the range's last byte.
            let j = self.segments.partition_point(|s| s.out_end() < end);
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
    fn push_exact(&mut self, file: FileId, file_start: usize, text: &str) {
        self.push_segment(text, file, file_start as u32, text.len() as u32, true);
    }

    /// Appends `source` (from `file` at `file_start`) as spaces, keeping its newlines.
    fn push_blank(&mut self, file: FileId, file_start: usize, source: &[u8]) {
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
    fn push_mapped(&mut self, origin: Span, text: &str) {
        self.push_segment(
            text,
            origin.file,
            origin.start,
            origin.end - origin.start,
            false,
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Tokens

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ident,
    Number,
    Str,
    Punct,
}

/// A token as the lexer finds it: a byte range of the text it reads.
#[derive(Clone, Copy, Debug)]
struct RawTok {
    kind: Kind,
    start: usize,
    end: usize,
    /// Whitespace or a comment comes before it.
    space: bool,
}

/// The punctuators of more than one character, longest first (maximal munch).
const PUNCTUATORS: [&str; 24] = [
    "<<=", ">>=", "...", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "->", "++", "--", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", "::",
];

/// The length of the punctuator at the start of `rest` (one of [`PUNCTUATORS`], longest first,
/// else its first byte): a match rather than a search of the list, which every token would pay.
fn punct_len(rest: &[u8]) -> usize {
    match rest {
        [b'<', b'<', b'=', ..] | [b'>', b'>', b'=', ..] | [b'.', b'.', b'.', ..] => 3,
        [b'<', b'<' | b'=', ..]
        | [b'>', b'>' | b'=', ..]
        | [
            b'=' | b'!' | b'+' | b'-' | b'*' | b'/' | b'%' | b'&' | b'|' | b'^',
            b'=',
            ..,
        ]
        | [b'&', b'&', ..]
        | [b'|', b'|', ..]
        | [b'-', b'>' | b'-', ..]
        | [b'+', b'+', ..]
        | [b'#', b'#', ..]
        | [b':', b':', ..] => 2,
        _ => 1,
    }
}

/// Bytes that continue a word: letters, digits, `_` and any byte of a non-ASCII character.
const WORD_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        table[i] = b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
        i += 1;
    }
    table
};

fn is_word_byte(b: u8) -> bool {
    WORD_BYTES[usize::from(b)]
}

/// Splits a range of text into preprocessing tokens, skipping whitespace, comments (block comments
/// nest, as in WGSL) and backslash-newlines.
#[derive(Clone)]
struct Lexer<'t> {
    text: &'t str,
    pos: usize,
    end: usize,
    /// Block comments nest (WGSL) or end at the first `*/` (ReShade FX).
    nest: bool,
}

impl<'t> Lexer<'t> {
    fn new(text: &'t str, start: usize, end: usize) -> Self {
        Self {
            text,
            pos: start,
            end: end.min(text.len()),
            nest: true,
        }
    }

    /// The bytes the lexer may read (up to its end).
    fn bytes(&self) -> &'t [u8] {
        &self.text.as_bytes()[..self.end]
    }

    /// Skips whitespace and comments; says whether there were any.
    fn skip_space(&mut self) -> bool {
        let bytes = self.bytes();
        let start = self.pos;
        let mut i = start;
        while let Some(&b) = bytes.get(i) {
            match (b, bytes.get(i + 1)) {
                (b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c', _) => i += 1,
                (b'\\', Some(b'\n')) => i += 2,
                (b'\\', Some(b'\r')) if bytes.get(i + 2) == Some(&b'\n') => i += 3,
                (b'/', Some(b'/')) => {
                    i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |k| i + k);
                }
                (b'/', Some(b'*')) => i = skip_block_comment(self.text, i, self.end, self.nest).0,
                _ => break,
            }
        }
        self.pos = i;
        i > start
    }

    fn next_raw(&mut self) -> Option<RawTok> {
        let space = self.skip_space();
        let bytes = self.bytes();
        let start = self.pos;
        let b = *bytes.get(start)?;
        let mut i = start + 1;
        let kind = if is_word_byte(b) && !b.is_ascii_digit() {
            while bytes.get(i).is_some_and(|&c| is_word_byte(c)) {
                i += 1;
            }
            Kind::Ident
        } else if b.is_ascii_digit() || (b == b'.' && bytes.get(i).is_some_and(u8::is_ascii_digit))
        {
            while let Some(&c) = bytes.get(i) {
                let exponent_sign =
                    matches!(c, b'+' | b'-') && matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P');
                if is_word_byte(c) || c == b'.' || exponent_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            Kind::Number
        } else if b == b'"' {
            while let Some(&c) = bytes.get(i) {
                match c {
                    b'"' => {
                        i += 1;
                        break;
                    }
                    b'\n' => break,
                    b'\\' if bytes.get(i + 1).is_some_and(|&n| n != b'\n') => i += 2,
                    _ => i += 1,
                }
            }
            // An escaped multi-byte character could leave us inside it.
            while !self.text.is_char_boundary(i) {
                i += 1;
            }
            Kind::Str
        } else {
            i = start + punct_len(&bytes[start..]);
            Kind::Punct
        };
        self.pos = i;
        Some(RawTok {
            kind,
            start,
            end: i,
            space,
        })
    }
}

/// Skips a block comment starting at `start` (nested ones too when `nest`); returns where it
/// ends and whether it was closed.
fn skip_block_comment(text: &str, start: usize, end: usize, nest: bool) -> (usize, bool) {
    let bytes = &text.as_bytes()[..end];
    let mut depth = 0u32;
    let mut i = start;
    while i + 1 < bytes.len() {
        // Only `/` and `*` matter; the last byte cannot start a pair.
        let Some(k) = memchr::memchr2(b'/', b'*', &bytes[i..bytes.len() - 1]) else {
            break;
        };
        i += k;
        match (bytes[i], bytes[i + 1]) {
            (b'/', b'*') if nest || depth == 0 => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return (i, true);
                }
            }
            _ => i += 1,
        }
    }
    (end, false)
}

/// A token's text: a range of a shared text (the file it was read from, or a string made for
/// it), so that reading a token allocates nothing.
#[derive(Clone)]
struct TokText {
    shared: Rc<str>,
    start: u32,
    end: u32,
}

impl TokText {
    /// The range `start..end` of `shared`.
    fn slice(shared: &Rc<str>, start: usize, end: usize) -> Self {
        Self {
            shared: shared.clone(),
            start: start as u32,
            end: end as u32,
        }
    }
}

impl std::ops::Deref for TokText {
    type Target = str;

    fn deref(&self) -> &str {
        &self.shared[self.start as usize..self.end as usize]
    }
}

impl From<&str> for TokText {
    fn from(text: &str) -> Self {
        Self::slice(&text.into(), 0, text.len())
    }
}

impl From<String> for TokText {
    fn from(text: String) -> Self {
        let len = text.len();
        Self::slice(&text.into(), 0, len)
    }
}

impl PartialEq for TokText {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for TokText {}

impl std::hash::Hash for TokText {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl std::borrow::Borrow<str> for TokText {
    fn borrow(&self) -> &str {
        self
    }
}

impl std::fmt::Debug for TokText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl std::fmt::Display for TokText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// A set of macro names a token may no longer expand (C's hide set). Most tokens have none:
/// the empty set is `None`, so that making a token allocates nothing.
#[derive(Clone, Debug, Default)]
struct HideSet(Option<Rc<Vec<TokText>>>);

impl HideSet {
    fn of(names: Vec<TokText>) -> Self {
        Self((!names.is_empty()).then(|| Rc::new(names)))
    }

    fn names(&self) -> &[TokText] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }

    fn contains(&self, name: &str) -> bool {
        self.names().iter().any(|n| **n == *name)
    }

    /// The names in `self` or `other` (`self`'s first).
    fn union(&self, other: &HideSet) -> HideSet {
        match (&self.0, &other.0) {
            (None, _) => other.clone(),
            (Some(a), Some(b)) if Rc::ptr_eq(a, b) => other.clone(),
            (_, None) => self.clone(),
            (Some(a), Some(b)) => {
                let mut set = (**a).clone();
                set.extend(b.iter().filter(|n| !a.contains(n)).cloned());
                Self::of(set)
            }
        }
    }
}

/// A token during macro expansion.
#[derive(Clone, Debug)]
struct Tok {
    kind: Kind,
    text: TokText,
    /// Where the token maps to: its own place, or the invocation that produced it.
    span: Span,
    /// `text` is the source text at `span`, so the output can map byte for byte.
    exact: bool,
    space: bool,
    hide: HideSet,
}

impl Tok {
    fn from_raw(raw: RawTok, text: &Rc<str>, file: FileId) -> Self {
        Self {
            kind: raw.kind,
            text: TokText::slice(text, raw.start, raw.end),
            span: Span::new(file, raw.start, raw.end),
            exact: true,
            space: raw.space,
            hide: HideSet::default(),
        }
    }

    fn is(&self, punct: &str) -> bool {
        self.kind == Kind::Punct && &*self.text == punct
    }
}

fn lex_all(text: &Rc<str>, start: usize, end: usize, file: FileId, nest: bool) -> Vec<Tok> {
    let mut lexer = Lexer::new(text, start, end);
    lexer.nest = nest;
    std::iter::from_fn(|| lexer.next_raw())
        .map(|raw| Tok::from_raw(raw, text, file))
        .collect()
}

/// Whether two pieces of text written side by side would lex differently than apart.
fn needs_space(before: Option<u8>, after: Option<u8>) -> bool {
    let (Some(a), Some(b)) = (before, after) else {
        return false;
    };
    if (is_word_byte(a) && (is_word_byte(b) || b == b'.')) || (a == b'.' && b.is_ascii_digit()) {
        return true;
    }
    let pair = [a, b];
    pair == *b"//" || pair == *b"/*" || PUNCTUATORS.iter().any(|p| p.as_bytes().starts_with(&pair))
}

fn join_spans(first: Span, last: Span) -> Span {
    if first.file == last.file && last.end >= first.start {
        Span {
            file: first.file,
            start: first.start,
            end: last.end,
        }
    } else {
        first
    }
}

// ---------------------------------------------------------------------------------------------
// Macro expansion

#[derive(Debug)]
struct Macro {
    /// `None` for an object-like macro.
    params: Option<Vec<TokText>>,
    /// The last parameter is `__VA_ARGS__`.
    variadic: bool,
    body: Vec<Tok>,
    /// Where it was defined; `None` for predefined macros.
    defined_at: Option<Span>,
}

impl Macro {
    fn same_definition(&self, other: &Macro) -> bool {
        self.params == other.params
            && self.variadic == other.variadic
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(&other.body)
                .enumerate()
                .all(|(i, (a, b))| a.text == b.text && (i == 0 || a.space == b.space))
    }
}

/// Where the tokens a macro expansion reads after its own come from.
trait Source {
    fn next_tok(&mut self) -> Option<Tok>;
    fn peek_is_lparen(&mut self) -> bool;
}

struct VecSource(std::vec::IntoIter<Tok>);

impl Source for VecSource {
    fn next_tok(&mut self) -> Option<Tok> {
        self.0.next()
    }

    fn peek_is_lparen(&mut self) -> bool {
        self.0.as_slice().first().is_some_and(|t| t.is("("))
    }
}

/// Source text, read lazily so that only what an invocation uses is consumed.
struct TextSource<'t> {
    lexer: Lexer<'t>,
    /// The text the lexer reads, shared with the tokens read from it.
    shared: &'t Rc<str>,
    file: FileId,
    consumed_to: usize,
}

impl Source for TextSource<'_> {
    fn next_tok(&mut self) -> Option<Tok> {
        let raw = self.lexer.next_raw()?;
        self.consumed_to = raw.end;
        Some(Tok::from_raw(raw, self.shared, self.file))
    }

    fn peek_is_lparen(&mut self) -> bool {
        let mut ahead = self.lexer.clone();
        ahead
            .next_raw()
            .is_some_and(|t| t.kind == Kind::Punct && &self.lexer.text[t.start..t.end] == "(")
    }
}

/// Tokens still to rescan (a stack: the next one is last), in front of a source.
struct Stream<'s> {
    pending: Vec<Tok>,
    source: &'s mut dyn Source,
}

impl Stream<'_> {
    fn next(&mut self) -> Option<Tok> {
        self.pending.pop().or_else(|| self.source.next_tok())
    }

    fn peek_is_lparen(&mut self) -> bool {
        match self.pending.last() {
            Some(t) => t.is("("),
            None => self.source.peek_is_lparen(),
        }
    }
}

/// `#line N "name"`: the line after the directive is line `number` of `name`.
#[derive(Debug)]
struct LineDirective {
    /// The real (1-based) line the directive's next line is.
    next_line: u32,
    number: u32,
    name: Option<String>,
}

/// One open `#if` group.
#[derive(Debug)]
struct Cond {
    directive: &'static str,
    span: Span,
    parent_active: bool,
    /// Some branch has been taken (later `#elif`/`#else` branches are skipped).
    taken: bool,
    active: bool,
    seen_else: bool,
}

/// Preprocesses `root` (already added to `sources`) with `definitions` (name, value) defined
/// first, in order; see [`predefined_macros`].
pub fn preprocess(
    root: FileId,
    sources: &mut SourceMap,
    loader: &dyn FileLoader,
    include_dirs: &[PathBuf],
    definitions: &[(String, String)],
    diagnostics: &mut Vec<Diagnostic>,
) -> Preprocessed {
    let mut pp = Preprocessor::new(sources, loader, include_dirs, diagnostics, Dialect::Wgsl);
    pp.stack = vec![root];
    for (name, value) in definitions {
        pp.define_predefined(root, name, value);
    }
    pp.process_file(root);
    pp.out
}

/// Preprocesses a ReShade FX effect: ReShade's dialect, `definitions` (see
/// [`fx_predefined_macros`]) defined first, then `prelude` run as a file of its own (ReShade's
/// compatibility macros, [`FX_PRELUDE`]), then `root`.
pub fn preprocess_fx(
    root: FileId,
    sources: &mut SourceMap,
    loader: &dyn FileLoader,
    include_dirs: &[PathBuf],
    definitions: &[(String, String)],
    diagnostics: &mut Vec<Diagnostic>,
) -> Preprocessed {
    let prelude = sources.add_supplied("<reshade prelude>", FX_PRELUDE);
    let mut pp = Preprocessor::new(
        sources,
        loader,
        include_dirs,
        diagnostics,
        Dialect::ReshadeFx,
    );
    for (name, value) in definitions {
        pp.define_predefined(root, name, value);
    }
    pp.stack = vec![prelude];
    pp.process_file(prelude);
    pp.stack = vec![root];
    pp.process_file(root);
    pp.out
}

/// The macros ReShade's runtime defines before every effect, for effects written against older
/// versions (texture reads with offsets and gathers under their old names).
pub const FX_PRELUDE: &str = "\
#define tex2Doffset(s, coords, offset) tex2D(s, coords, offset)
#define tex2Dlodoffset(s, coords, offset) tex2Dlod(s, coords, offset)
#define tex2Dgather(s, t, c) tex2Dgather##c(s, t)
#define tex2Dgatheroffset(s, t, o, c) tex2Dgather##c(s, t, o)
#define tex2Dgather0 tex2DgatherR
#define tex2Dgather1 tex2DgatherG
#define tex2Dgather2 tex2DgatherB
#define tex2Dgather3 tex2DgatherA
";

/// `__RESHADE__` for ReShade FX effects: ReShade 6.1.0.
pub const FX_RESHADE_VERSION: u32 = 60100;
/// `__RENDERER__`: ReShade's id for Vulkan (0x20000) with the API version 1.3 (0x1300), the
/// back end fxbench runs effects on.
pub const FX_RENDERER: u32 = 0x2_1300;
/// `BUFFER_COLOR_SPACE`: 1, sRGB (ReShade's `color_space::srgb_nonlinear`).
pub const FX_COLOR_SPACE_SRGB: u32 = 1;

/// The macros ReShade's runtime defines for every effect, with `options`' back buffer, then
/// `options.definitions`. No GPU is known here, so `__VENDOR__`, `__DEVICE__` and
/// `__APPLICATION__` are 0.
pub fn fx_predefined_macros(options: &Options) -> Vec<(String, String)> {
    let performance = u8::from(options.mode == CompileMode::Performance);
    let pairs: [(&str, String); 12] = [
        ("__RESHADE__", FX_RESHADE_VERSION.to_string()),
        ("__RESHADE_PERFORMANCE_MODE__", performance.to_string()),
        ("__VENDOR__", "0".into()),
        ("__DEVICE__", "0".into()),
        ("__RENDERER__", FX_RENDERER.to_string()),
        ("__APPLICATION__", "0".into()),
        ("BUFFER_WIDTH", options.buffer_width.max(1).to_string()),
        ("BUFFER_HEIGHT", options.buffer_height.max(1).to_string()),
        ("BUFFER_RCP_WIDTH", "(1.0 / BUFFER_WIDTH)".into()),
        ("BUFFER_RCP_HEIGHT", "(1.0 / BUFFER_HEIGHT)".into()),
        ("BUFFER_COLOR_SPACE", FX_COLOR_SPACE_SRGB.to_string()),
        ("BUFFER_COLOR_BIT_DEPTH", "8".into()),
    ];
    let mut list: Vec<(String, String)> = pairs
        .into_iter()
        .map(|(name, value)| (name.to_string(), value))
        .collect();
    list.extend(options.definitions.iter().cloned());
    list
}

struct Preprocessor<'a> {
    sources: &'a mut SourceMap,
    loader: &'a dyn FileLoader,
    include_dirs: &'a [PathBuf],
    diagnostics: &'a mut Vec<Diagnostic>,
    out: Preprocessed,
    macros: FxHashMap<TokText, Rc<Macro>>,
    /// First bytes of every name ever defined: most identifiers in WGSL code are not macros,
    /// and this check spares them the hash lookup.
    macro_first_bytes: [bool; 256],
    /// Files that said `#pragma once`.
    once: FxHashSet<FileId>,
    /// Include candidates the loader could not read, with why: an effect's headers include the
    /// same names again and again, and a miss can cost a directory listing (names in any case).
    unreadable: FxHashMap<PathBuf, String>,
    /// The files being included, outermost first.
    stack: Vec<FileId>,
    /// `#line` directives per file, in file order.
    line_directives: FxHashMap<FileId, Vec<LineDirective>>,
    /// The output grew too large; nothing more is emitted.
    stopped: bool,
    /// The current top-level expansion hit a limit; it is dropped.
    aborted: bool,
    /// Tokens produced by the current top-level expansion.
    produced: usize,
    /// The macro invoked in the text that the current expansion started from.
    outermost: Option<TokText>,
    dialect: Dialect,
}

impl<'a> Preprocessor<'a> {
    fn new(
        sources: &'a mut SourceMap,
        loader: &'a dyn FileLoader,
        include_dirs: &'a [PathBuf],
        diagnostics: &'a mut Vec<Diagnostic>,
        dialect: Dialect,
    ) -> Self {
        Self {
            sources,
            loader,
            include_dirs,
            diagnostics,
            out: Preprocessed::default(),
            macros: FxHashMap::default(),
            macro_first_bytes: [false; 256],
            once: FxHashSet::default(),
            unreadable: FxHashMap::default(),
            stack: Vec::new(),
            line_directives: FxHashMap::default(),
            stopped: false,
            aborted: false,
            produced: 0,
            outermost: None,
            dialect,
        }
    }

    /// Whether block comments nest.
    fn nest(&self) -> bool {
        self.dialect == Dialect::Wgsl
    }

    fn error(&mut self, code: DiagnosticCode, span: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::error(code, span, message));
    }

    fn warning(&mut self, code: DiagnosticCode, span: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::warning(code, span, message));
    }

    fn note(&mut self, code: DiagnosticCode, span: Span, message: String) {
        self.diagnostics.push(Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(code, span, message)
        });
    }

    fn define_predefined(&mut self, root: FileId, name: &str, value: &str) {
        let valid = name.bytes().next().is_some_and(|b| !b.is_ascii_digit())
            && name.bytes().all(is_word_byte);
        if !valid || name == "defined" {
            self.diagnostics.push(Diagnostic::error(
                DiagnosticCode::PreprocessorError,
                None,
                format!("'{name}' : invalid macro name in a definition passed in"),
            ));
            return;
        }
        let body = lex_all(&value.into(), 0, value.len(), root, self.nest())
            .into_iter()
            .map(|mut t| {
                t.exact = false;
                t
            })
            .collect();
        let m = Macro {
            params: None,
            variadic: false,
            body,
            defined_at: None,
        };
        let name = TokText::from(name);
        self.note_macro_name(&name);
        self.macros.insert(name, Rc::new(m));
    }

    /// Checks the output limit before appending `len` bytes; reports once when it is exceeded.
    fn room_for(&mut self, len: usize, at: Span) -> bool {
        if self.stopped {
            return false;
        }
        if self.out.text.len() + len > MAX_OUTPUT_BYTES {
            self.stopped = true;
            self.error(
                DiagnosticCode::PreprocessorError,
                at,
                format!(
                    "'#include' : preprocessed output exceeds {} MiB",
                    MAX_OUTPUT_BYTES >> 20
                ),
            );
            return false;
        }
        true
    }

    fn emit_exact(&mut self, file: FileId, text: &str, start: usize, end: usize) {
        if start < end && self.room_for(end - start, Span::new(file, start, start)) {
            self.out.push_exact(file, start, &text[start..end]);
        }
    }

    /// Emits a range of source as spaces, keeping its newlines and its length.
    fn emit_blank(&mut self, file: FileId, text: &str, start: usize, end: usize) {
        if start < end && self.room_for(end - start, Span::new(file, start, start)) {
            self.out
                .push_blank(file, start, &text.as_bytes()[start..end]);
        }
    }

    fn process_file(&mut self, file: FileId) {
        // The text is shared so that included files can be added to `sources` while we walk it.
        let text: Rc<str> = self.sources.get(file).text.as_str().into();
        let bytes = text.as_bytes();
        let mut conds: Vec<Cond> = Vec::new();
        let mut pos = 0;
        let mut run_start = 0;
        let mut comment_depth = 0u32;
        let mut comment_open = 0;
        while pos < bytes.len() && !self.stopped {
            // Leading blanks never cross a newline, so this finds the line's first character.
            let first = bytes[pos..]
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c'))
                .map(|i| pos + i);
            match first {
                Some(hash) if comment_depth == 0 && bytes[hash] == b'#' => {
                    self.flush_run(file, &text, run_start, pos, is_active(&conds));
                    let end = directive_end(&text, hash, self.nest());
                    let next = (end + 1).min(bytes.len());
                    self.emit_blank(file, &text, pos, next);
                    self.directive(file, &text, hash, end, &mut conds);
                    pos = next;
                    run_start = next;
                }
                _ => {
                    (comment_depth, pos) =
                        scan_line(bytes, pos, comment_depth, &mut comment_open, self.nest());
                }
            }
        }
        if self.stopped {
            return;
        }
        self.flush_run(file, &text, run_start, bytes.len(), is_active(&conds));
        if comment_depth > 0 {
            self.error(
                DiagnosticCode::PreprocessorError,
                Span::new(file, comment_open, comment_open + 2),
                "'/*' : unterminated comment".into(),
            );
            // Close it so the comment does not swallow the including file's text.
            let end = Span::new(file, bytes.len(), bytes.len());
            self.out
                .push_mapped(end, &"*/".repeat(comment_depth as usize));
        }
        for cond in conds.iter().rev() {
            let message = format!("'#{}' : unterminated conditional directive", cond.directive);
            self.error(DiagnosticCode::PreprocessorError, cond.span, message);
        }
    }

    /// Emits lines of text: with macros expanded when the group is active, blank otherwise.
    fn flush_run(&mut self, file: FileId, text: &Rc<str>, start: usize, end: usize, active: bool) {
        if start >= end {
            return;
        }
        if !active {
            self.emit_blank(file, text, start, end);
            return;
        }
        let mut source = TextSource {
            lexer: Lexer {
                nest: self.nest(),
                ..Lexer::new(text, start, end)
            },
            shared: text,
            file,
            consumed_to: start,
        };
        let mut copied_to = start;
        while let Some(raw) = source.lexer.next_raw() {
            if self.stopped {
                return;
            }
            if raw.kind != Kind::Ident || !self.is_macro(&text[raw.start..raw.end]) {
                continue;
            }
            source.consumed_to = raw.end;
            let tok = Tok::from_raw(raw, text, file);
            self.aborted = false;
            self.produced = 0;
            self.outermost = Some(tok.text.clone());
            let mut stream = Stream {
                pending: Vec::new(),
                source: &mut source,
            };
            if !self.expand_one(&tok, &mut stream, 0) {
                continue;
            }
            let mut expansion = Vec::new();
            while let Some(t) = stream.pending.pop() {
                if self.aborted {
                    break;
                }
                if !self.expand_one(&t, &mut stream, 0) {
                    expansion.push(t);
                }
            }
            self.outermost = None;
            let invocation_end = source.consumed_to;
            self.emit_exact(file, text, copied_to, raw.start);
            if !self.aborted {
                let next = text.as_bytes().get(invocation_end).copied();
                self.emit_tokens(&expansion, next, Span::new(file, raw.start, invocation_end));
            }
            copied_to = invocation_end;
        }
        self.emit_exact(file, text, copied_to, end);
    }

    /// Writes expanded tokens, spaced so that they lex as they did, mapped to where they came from.
    fn emit_tokens(&mut self, toks: &[Tok], next: Option<u8>, invocation: Span) {
        let len: usize = toks.iter().map(|t| t.text.len() + 1).sum();
        if !self.room_for(len + 1, invocation) {
            return;
        }
        for (i, t) in toks.iter().enumerate() {
            let before = self.out.text.as_bytes().last().copied();
            if (i > 0 && t.space) || needs_space(before, t.text.bytes().next()) {
                self.out.push_mapped(t.span, " ");
            }
            if t.exact {
                self.out
                    .push_exact(t.span.file, t.span.start as usize, &t.text);
            } else {
                self.out.push_mapped(t.span, &t.text);
            }
        }
        if needs_space(self.out.text.as_bytes().last().copied(), next) {
            let at = toks.last().map_or(invocation, |t| t.span);
            self.out.push_mapped(at, " ");
        }
    }

    /// Expands `t` if it names a macro it may expand to: reads its arguments from `stream` and
    /// pushes the substituted body back onto it. Says whether it did (an invocation with errors
    /// counts: it is dropped after its diagnostic).
    fn expand_one(&mut self, t: &Tok, stream: &mut Stream, depth: usize) -> bool {
        if t.kind != Kind::Ident || t.hide.contains(&t.text) {
            return false;
        }
        if let Some(value) = self.dynamic_macro(t) {
            stream.pending.push(value);
            return true;
        }
        let Some(m) = self.macros.get(&*t.text).cloned() else {
            return false;
        };
        if self.aborted {
            return true;
        }
        let name = &t.text;
        let (args, origin, hide) = match &m.params {
            None => (
                Vec::new(),
                t.span,
                t.hide.union(&HideSet::of(vec![name.clone()])),
            ),
            Some(params) => {
                if !stream.peek_is_lparen() {
                    return false;
                }
                stream.next();
                let mut args: Vec<Vec<Tok>> = vec![Vec::new()];
                let mut level = 0usize;
                let mut close = None;
                while let Some(a) = stream.next() {
                    if a.is("(") {
                        level += 1;
                    } else if a.is(")") {
                        if level == 0 {
                            close = Some(a);
                            break;
                        }
                        level -= 1;
                    } else if a.is(",") && level == 0 && !(m.variadic && args.len() == params.len())
                    {
                        args.push(Vec::new());
                        continue;
                    }
                    if let Some(last) = args.last_mut() {
                        last.push(a);
                    }
                }
                let Some(close) = close else {
                    self.error(
                        DiagnosticCode::PreprocessorError,
                        t.span,
                        format!("'{name}' : unterminated argument list invoking macro"),
                    );
                    return true;
                };
                let origin = join_spans(t.span, close.span);
                if params.is_empty() && args.len() == 1 && args[0].is_empty() {
                    args.clear();
                }
                if m.variadic && args.len() + 1 == params.len() {
                    args.push(Vec::new());
                }
                if args.len() != params.len() {
                    let message = format!(
                        "'{name}' : macro expects {} argument{}, {} given",
                        params.len(),
                        if params.len() == 1 { "" } else { "s" },
                        args.len()
                    );
                    self.error(DiagnosticCode::PreprocessorError, origin, message);
                    return true;
                }
                let shared: Vec<TokText> = t
                    .hide
                    .names()
                    .iter()
                    .filter(|n| close.hide.contains(n))
                    .cloned()
                    .collect();
                let hide = HideSet::of(shared).union(&HideSet::of(vec![name.clone()]));
                (args, origin, hide)
            }
        };
        if depth > MAX_EXPANSION_DEPTH {
            self.aborted = true;
            self.error(
                DiagnosticCode::PreprocessorError,
                origin,
                format!("'{name}' : macro expansion nested deeper than {MAX_EXPANSION_DEPTH}"),
            );
            return true;
        }
        let mut body = self.substitute(&m, &args, origin, &hide, depth);
        // The expansion takes the invocation's place, spacing included.
        if let Some(first) = body.first_mut() {
            first.space = t.space;
        }
        self.produced += body.len();
        if self.produced > MAX_EXPANSION_TOKENS {
            self.aborted = true;
            let name = self.outermost.clone().unwrap_or_else(|| name.clone());
            self.error(
                DiagnosticCode::PreprocessorError,
                origin,
                format!("'{name}' : macro expansion exceeds {MAX_EXPANSION_TOKENS} tokens"),
            );
            return true;
        }
        stream.pending.extend(body.into_iter().rev());
        true
    }

    /// Expands every macro in `toks`, reading nothing beyond them.
    fn expand_list(&mut self, toks: Vec<Tok>, depth: usize) -> Vec<Tok> {
        let mut source = VecSource(toks.into_iter());
        let mut stream = Stream {
            pending: Vec::new(),
            source: &mut source,
        };
        let mut out = Vec::new();
        while let Some(t) = stream.next() {
            if self.aborted {
                break;
            }
            if !self.expand_one(&t, &mut stream, depth) {
                out.push(t);
            }
        }
        out
    }

    /// The body of `m` with its parameters replaced, `#` and `##` applied, mapped to `origin` and
    /// hidden from the macros in `hide`.
    fn substitute(
        &mut self,
        m: &Macro,
        args: &[Vec<Tok>],
        origin: Span,
        hide: &HideSet,
        depth: usize,
    ) -> Vec<Tok> {
        let params = m.params.as_deref().unwrap_or(&[]);
        let param = |t: &Tok| {
            (t.kind == Kind::Ident)
                .then(|| params.iter().position(|p| **p == *t.text))
                .flatten()
        };
        let mut expanded: Vec<Option<Vec<Tok>>> = vec![None; args.len()];
        let mut out: Vec<Tok> = Vec::new();
        // The left operand of a `##` was an empty argument: there is nothing to paste onto.
        let mut placemarker = false;
        let body = &m.body;
        let mut i = 0;
        while i < body.len() {
            let b = &body[i];
            if m.params.is_some()
                && b.is("#")
                && let Some(p) = body.get(i + 1).and_then(param)
            {
                out.push(stringize(&args[p], b.space, origin));
                i += 2;
                continue;
            }
            if b.is("##") && i + 1 < body.len() {
                let next = &body[i + 1];
                let rhs: Vec<Tok> = match param(next) {
                    Some(p) => args[p].clone(),
                    None => vec![body_token(next, origin)],
                };
                let mut rhs = rhs.into_iter();
                if let Some(first) = rhs.next() {
                    match out.pop().filter(|_| !placemarker) {
                        Some(lhs) => {
                            let pasted = self.paste(lhs, first, origin);
                            out.extend(pasted);
                        }
                        None => out.push(first),
                    }
                }
                out.extend(rhs);
                placemarker = false;
                i += 2;
                continue;
            }
            if let Some(p) = param(b) {
                let pasted_next = body.get(i + 1).is_some_and(|n| n.is("##"));
                let mut toks = if pasted_next {
                    args[p].clone()
                } else {
                    match &expanded[p] {
                        Some(toks) => toks.clone(),
                        None => {
                            let toks = self.expand_list(args[p].clone(), depth + 1);
                            expanded[p] = Some(toks.clone());
                            toks
                        }
                    }
                };
                if let Some(first) = toks.first_mut() {
                    first.space = b.space;
                }
                placemarker = pasted_next && toks.is_empty();
                out.extend(toks);
                i += 1;
                continue;
            }
            placemarker = false;
            out.push(body_token(b, origin));
            i += 1;
        }
        for t in &mut out {
            t.hide = t.hide.union(hide);
        }
        out
    }

    fn paste(&mut self, lhs: Tok, rhs: Tok, origin: Span) -> Vec<Tok> {
        let text = format!("{}{}", lhs.text, rhs.text);
        let mut lexer = Lexer::new(&text, 0, text.len());
        let single = lexer
            .next_raw()
            .filter(|t| t.start == 0 && t.end == text.len());
        match single {
            Some(raw) => vec![Tok {
                kind: raw.kind,
                text: text.into(),
                span: origin,
                exact: false,
                space: lhs.space,
                hide: lhs.hide,
            }],
            // ReShade pastes text: `Tint##id##.rgb` leaves `Tint1` and `.` side by side.
            None if self.dialect == Dialect::ReshadeFx => vec![
                lhs,
                Tok {
                    space: false,
                    span: origin,
                    exact: false,
                    ..rhs
                },
            ],
            None => {
                self.error(
                    DiagnosticCode::PreprocessorError,
                    origin,
                    format!(
                        "'##' : pasting '{}' and '{}' does not give a valid token",
                        lhs.text, rhs.text
                    ),
                );
                vec![lhs, rhs]
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Directives

    /// Runs the directive from `hash` (the `#`) to `end` (its newline or the end of the text).
    fn directive(
        &mut self,
        file: FileId,
        text: &Rc<str>,
        hash: usize,
        end: usize,
        conds: &mut Vec<Cond>,
    ) {
        let line_end = hash + text[hash..end].trim_end().len();
        let span = Span::new(file, hash, line_end);
        let toks = lex_all(text, hash + 1, end, file, self.nest());
        let Some(name_tok) = toks.first() else {
            return; // The null directive.
        };
        let name = name_tok.text.clone();
        let args = &toks[1..];
        let active = is_active(conds);
        match &*name {
            "if" | "ifdef" | "ifndef" => {
                let directive = match &*name {
                    "if" => "if",
                    "ifdef" => "ifdef",
                    _ => "ifndef",
                };
                let value = active && self.condition(directive, args, span);
                conds.push(Cond {
                    directive,
                    span,
                    parent_active: active,
                    taken: value || !active,
                    active: value,
                    seen_else: false,
                });
            }
            "elif" | "else" => {
                let directive = if &*name == "elif" { "elif" } else { "else" };
                let Some(cond) = conds.last() else {
                    let message = format!("'#{directive}' : without #if");
                    self.error(DiagnosticCode::PreprocessorError, span, message);
                    return;
                };
                if cond.seen_else {
                    let message = format!("'#{directive}' : after #else");
                    self.error(DiagnosticCode::PreprocessorError, span, message);
                }
                let (taken, parent_active) = (cond.taken, cond.parent_active);
                let value = if directive == "else" {
                    if parent_active {
                        self.extra_tokens(directive, args);
                    }
                    !taken
                } else {
                    !taken && self.condition("elif", args, span)
                };
                if let Some(cond) = conds.last_mut() {
                    cond.active = value;
                    cond.taken |= value;
                    cond.seen_else |= directive == "else";
                }
            }
            "endif" => match conds.pop() {
                None => {
                    let message = "'#endif' : without #if".to_string();
                    self.error(DiagnosticCode::PreprocessorError, span, message);
                }
                Some(cond) if cond.parent_active => self.extra_tokens("endif", args),
                Some(_) => {}
            },
            _ if !active => {} // Skipped groups run only conditional directives.
            "define" => self.define(args, span),
            "undef" => match args.first() {
                Some(t) if t.kind == Kind::Ident => {
                    self.macros.remove(&*t.text);
                    self.extra_tokens("undef", &args[1..]);
                }
                _ => self.error(
                    DiagnosticCode::PreprocessorError,
                    span,
                    "'#undef' : expected a macro name".into(),
                ),
            },
            "include" => self.include(file, text, name_tok.span.end as usize, end, span),
            "error" | "warning" => {
                let message = text[name_tok.span.end as usize..end].trim();
                let message = format!("'#{name}' : {message}");
                if &*name == "error" {
                    self.error(DiagnosticCode::PreprocessorError, span, message);
                } else {
                    self.warning(DiagnosticCode::PreprocessorWarning, span, message);
                }
            }
            "pragma" => self.pragma(file, text, args, span),
            "line" => self.line(file, args, span),
            _ => {
                let message = format!("'#{name}' : unknown preprocessor directive");
                self.error(DiagnosticCode::PreprocessorError, span, message);
            }
        }
    }

    fn extra_tokens(&mut self, directive: &str, rest: &[Tok]) {
        if let Some(t) = rest.first() {
            self.warning(
                DiagnosticCode::PreprocessorWarning,
                t.span,
                format!("'#{directive}' : extra tokens at end of directive"),
            );
        }
    }

    fn define(&mut self, toks: &[Tok], span: Span) {
        let Some(name) = toks.first().filter(|t| t.kind == Kind::Ident) else {
            let at = toks.first().map_or(span, |t| t.span);
            self.error(
                DiagnosticCode::PreprocessorError,
                at,
                "'#define' : expected a macro name".into(),
            );
            return;
        };
        if &*name.text == "defined" || DYNAMIC_MACROS.contains(&&*name.text) {
            self.error(
                DiagnosticCode::PreprocessorError,
                name.span,
                format!("'{}' : cannot be used as a macro name", name.text),
            );
            return;
        }
        let mut rest = &toks[1..];
        let mut params = None;
        let mut variadic = false;
        // A parenthesis right after the name (no space) makes a function-like macro.
        if rest.first().is_some_and(|t| t.is("(") && !t.space) {
            let mut list: Vec<TokText> = Vec::new();
            let mut i = 1;
            let mut ok = false;
            while let Some(t) = rest.get(i) {
                if t.is(")") && list.is_empty() {
                    ok = true;
                    i += 1;
                    break;
                }
                let param = if t.is("...") {
                    variadic = true;
                    TokText::from("__VA_ARGS__")
                } else if t.kind == Kind::Ident && !list.contains(&t.text) {
                    t.text.clone()
                } else {
                    break;
                };
                list.push(param);
                i += 1;
                match rest.get(i) {
                    Some(t) if t.is(")") => {
                        ok = true;
                        i += 1;
                        break;
                    }
                    Some(t) if t.is(",") && !variadic => i += 1,
                    _ => break,
                }
            }
            if !ok {
                let at = rest.get(i).map_or(span, |t| t.span);
                let message = format!("'{}' : invalid macro parameter list", name.text);
                self.error(DiagnosticCode::PreprocessorError, at, message);
                return;
            }
            params = Some(list);
            rest = &rest[i..];
        }
        let body: Vec<Tok> = rest.to_vec();
        if body.first().is_some_and(|t| t.is("##")) || body.last().is_some_and(|t| t.is("##")) {
            let message = "'##' : cannot appear at either end of a macro body".to_string();
            self.error(DiagnosticCode::PreprocessorError, span, message);
            return;
        }
        if let Some(list) = &params {
            let bad_stringize = body.iter().enumerate().find(|(i, t)| {
                t.is("#")
                    && !body
                        .get(i + 1)
                        .is_some_and(|n| n.kind == Kind::Ident && list.contains(&n.text))
            });
            if let Some((_, t)) = bad_stringize {
                let message = "'#' : not followed by a macro parameter".to_string();
                self.error(DiagnosticCode::PreprocessorError, t.span, message);
                return;
            }
        }
        let m = Macro {
            params,
            variadic,
            body,
            defined_at: Some(span),
        };
        if let Some(old) = self.macros.get(&*name.text)
            && !old.same_definition(&m)
        {
            let mut d = Diagnostic::warning(
                DiagnosticCode::MacroRedefinition,
                name.span,
                format!("'{}' : macro redefinition", name.text),
            );
            d = match old.defined_at {
                Some(at) => d.with_related(at, "previous definition"),
                None => d.with_note("it was predefined"),
            };
            self.diagnostics.push(d);
        }
        self.note_macro_name(&name.text);
        self.macros.insert(name.text.clone(), Rc::new(m));
    }

    fn note_macro_name(&mut self, name: &str) {
        if let Some(&b) = name.as_bytes().first() {
            self.macro_first_bytes[usize::from(b)] = true;
        }
    }

    /// Whether `name` is a defined macro.
    fn is_macro(&self, name: &str) -> bool {
        name.as_bytes().first().is_some_and(|&b| {
            self.macro_first_bytes[usize::from(b)] && self.macros.contains_key(name)
                || b == b'_' && DYNAMIC_MACROS.contains(&name)
        })
    }

    /// The value of `__LINE__`, `__FILE__`, `__FILE_NAME__` or `__FILE_STEM__` where `t` is (for
    /// a token a macro produced, where that macro was invoked); `None` for other tokens.
    fn dynamic_macro(&self, t: &Tok) -> Option<Tok> {
        if !DYNAMIC_MACROS.contains(&&*t.text) {
            return None;
        }
        let file = self.sources.get(t.span.file);
        let real_line = file.line_col(t.span.start).line;
        let directive = self
            .line_directives
            .get(&t.span.file)
            .and_then(|list| list.iter().rev().find(|d| d.next_line <= real_line));
        let path = directive
            .and_then(|d| d.name.clone())
            .unwrap_or_else(|| file.path.display().to_string());
        let quote = |text: &str| format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""));
        let part = |f: fn(&Path) -> Option<&std::ffi::OsStr>| {
            f(Path::new(&path)).map_or_else(String::new, |p| p.to_string_lossy().into_owned())
        };
        let (kind, text) = match &*t.text {
            "__LINE__" => (
                Kind::Number,
                directive
                    .map_or(real_line, |d| {
                        d.number.saturating_add(real_line - d.next_line)
                    })
                    .to_string(),
            ),
            "__FILE__" => (Kind::Str, quote(&path)),
            "__FILE_NAME__" => (Kind::Str, quote(&part(Path::file_name))),
            _ => (Kind::Str, quote(&part(Path::file_stem))),
        };
        Some(Tok {
            kind,
            text: text.into(),
            span: t.span,
            exact: false,
            space: t.space,
            hide: t.hide.clone(),
        })
    }

    /// Whether `name` is defined for `#ifdef` and `defined`.
    fn is_defined(&self, name: &str) -> bool {
        self.macros.contains_key(name) || DYNAMIC_MACROS.contains(&name)
    }

    /// `#line N` or `#line N "name"`.
    fn line(&mut self, file: FileId, args: &[Tok], span: Span) {
        let number = args
            .first()
            .filter(|t| t.kind == Kind::Number)
            .and_then(|t| t.text.parse::<u32>().ok())
            .filter(|&n| n > 0);
        let Some(number) = number else {
            self.error(
                DiagnosticCode::PreprocessorError,
                span,
                "'#line' : expected a line number from 1 to 4294967295".into(),
            );
            return;
        };
        let name = match args.get(1) {
            Some(t) if t.kind == Kind::Str => Some(t.text.trim_matches('"').to_string()),
            Some(t) => {
                self.error(
                    DiagnosticCode::PreprocessorError,
                    t.span,
                    format!(
                        "'#line' : expected a file name in quotes, found '{}'",
                        t.text
                    ),
                );
                return;
            }
            None => None,
        };
        self.extra_tokens("line", args.get(2..).unwrap_or_default());
        let next_line = self.sources.get(file).line_col(span.start).line + 1;
        self.line_directives
            .entry(file)
            .or_default()
            .push(LineDirective {
                next_line,
                number,
                name,
            });
    }

    fn pragma(&mut self, file: FileId, text: &str, args: &[Tok], span: Span) {
        let Some(first) = args.first() else {
            return; // An empty pragma does nothing, as in C.
        };
        match &*first.text {
            "once" => {
                self.once.insert(file);
            }
            "message" => {
                let rest = &text[first.span.end as usize..span.end as usize];
                let rest = rest.trim().trim_start_matches('(').trim_end_matches(')');
                let message = rest.trim().trim_matches('"');
                let message = format!("'#pragma message' : {message}");
                self.note(DiagnosticCode::PragmaMessage, span, message);
            }
            // ReShade's own: `#pragma reshade showfps` / `skipoptimization` and
            // `#pragma warning(disable : N)` are read by its runtime and compilers, and accepted
            // without a word; nothing here depends on them.
            "reshade" | "warning" => {}
            other => {
                let message = format!("'#pragma {other}' : unknown pragma ignored");
                self.note(DiagnosticCode::UnknownPragma, span, message);
            }
        }
    }

    fn include(&mut self, file: FileId, text: &Rc<str>, from: usize, end: usize, span: Span) {
        let arg = text[from..end].trim();
        let quoted = if let Some(rest) = arg.strip_prefix('"') {
            rest.split_once('"').map(|(p, r)| (p.to_string(), r, true))
        } else if let Some(rest) = arg.strip_prefix('<') {
            rest.split_once('>').map(|(p, r)| (p.to_string(), r, false))
        } else {
            // `#include MACRO`: the expansion must be a quoted name.
            let toks = lex_all(text, from, end, file, self.nest());
            self.aborted = false;
            self.produced = 0;
            let toks = self.expand_list(toks, 0);
            match toks.as_slice() {
                [t] if t.kind == Kind::Str && t.text.len() >= 2 && t.text.ends_with('"') => {
                    Some((t.text[1..t.text.len() - 1].to_string(), "", true))
                }
                _ => None,
            }
        };
        let Some((path, rest, relative)) = quoted else {
            self.error(
                DiagnosticCode::IncludeError,
                span,
                "'#include' : expected a quoted file name".into(),
            );
            return;
        };
        if !rest.trim().is_empty() && !rest.trim_start().starts_with("//") {
            self.warning(
                DiagnosticCode::PreprocessorWarning,
                span,
                "'#include' : extra tokens at end of directive".into(),
            );
        }
        let including_dir = self
            .sources
            .get(file)
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let candidates = relative
            .then_some(including_dir)
            .into_iter()
            .chain(self.include_dirs.iter().cloned());
        let mut found = None;
        let mut last_error = None;
        for dir in candidates {
            let full = dir.join(&path);
            if let Some(id) = self.sources.find(&full) {
                found = Some(id);
                break;
            }
            if let Some(why) = self.unreadable.get(&full) {
                last_error = Some(why.clone());
                continue;
            }
            match self.loader.read(&full) {
                Ok(text) => {
                    found = Some(self.sources.add(full, text));
                    break;
                }
                Err(e) => {
                    let why = e.to_string();
                    self.unreadable.insert(full, why.clone());
                    last_error = Some(why);
                }
            }
        }
        let Some(included) = found else {
            let why = last_error.map_or_else(String::new, |e| format!(" ({e})"));
            self.error(
                DiagnosticCode::IncludeError,
                span,
                format!("'{path}' : cannot open include file{why}"),
            );
            return;
        };
        if self.once.contains(&included) {
            return;
        }
        if self.stack.contains(&included) {
            self.error(
                DiagnosticCode::IncludeError,
                span,
                format!("'{path}' : include cycle"),
            );
            return;
        }
        if self.stack.len() >= MAX_INCLUDE_DEPTH {
            self.error(
                DiagnosticCode::IncludeError,
                span,
                format!("'{path}' : includes nested deeper than {MAX_INCLUDE_DEPTH}"),
            );
            return;
        }
        self.stack.push(included);
        self.process_file(included);
        self.stack.pop();
        // Separate the included text from what follows even if it lacks a final newline.
        if !self.out.text.is_empty() && !self.out.text.ends_with('\n') && !self.stopped {
            self.out
                .push_mapped(Span::new(file, span.end as usize, span.end as usize), "\n");
        }
    }

    /// Evaluates the condition of `#if`/`#elif` (or the name of `#ifdef`/`#ifndef`).
    fn condition(&mut self, directive: &str, args: &[Tok], span: Span) -> bool {
        if directive == "ifdef" || directive == "ifndef" {
            let Some(name) = args.first().filter(|t| t.kind == Kind::Ident) else {
                let message = format!("'#{directive}' : expected a macro name");
                self.error(DiagnosticCode::PreprocessorError, span, message);
                return false;
            };
            self.extra_tokens(directive, &args[1..]);
            return self.is_defined(&name.text) == (directive == "ifdef");
        }
        // `defined` operands are read before expansion, so that they stay names.
        let mut toks = Vec::with_capacity(args.len());
        let mut i = 0;
        while i < args.len() {
            let t = &args[i];
            let exists = self.dialect == Dialect::ReshadeFx && &*t.text == "exists";
            if t.kind == Kind::Ident && exists {
                let Some((value, next)) = self.exists_operand(args, i + 1) else {
                    let message = "'exists' : expected a quoted file name".to_string();
                    self.error(DiagnosticCode::PreprocessorError, t.span, message);
                    return false;
                };
                toks.push(Tok {
                    kind: Kind::Number,
                    text: if value { "1" } else { "0" }.into(),
                    span: join_spans(t.span, args[next - 1].span),
                    exact: false,
                    space: t.space,
                    hide: HideSet::default(),
                });
                i = next;
                continue;
            }
            if t.kind == Kind::Ident && &*t.text == "defined" {
                let (name, next) = match (args.get(i + 1), args.get(i + 2), args.get(i + 3)) {
                    (Some(p), Some(n), Some(c)) if p.is("(") && c.is(")") => (Some(n), i + 4),
                    (Some(n), _, _) if !n.is("(") => (Some(n), i + 2),
                    _ => (None, i + 1),
                };
                match name.filter(|n| n.kind == Kind::Ident) {
                    Some(n) => {
                        let value = if self.is_defined(&n.text) { "1" } else { "0" };
                        toks.push(Tok {
                            kind: Kind::Number,
                            text: value.into(),
                            span: join_spans(t.span, args[next - 1].span),
                            exact: false,
                            space: t.space,
                            hide: HideSet::default(),
                        });
                    }
                    None => {
                        let message = "'defined' : expected a macro name".to_string();
                        self.error(DiagnosticCode::PreprocessorError, t.span, message);
                        return false;
                    }
                }
                i = next;
                continue;
            }
            toks.push(t.clone());
            i += 1;
        }
        self.aborted = false;
        self.produced = 0;
        let toks = self.expand_list(toks, 0);
        if self.aborted {
            return false;
        }
        let mut parser = ExprParser {
            directive,
            toks: &toks,
            pos: 0,
            macros: &self.macros,
            error: None,
            depth: 0,
        };
        let value = parser.conditional(true);
        if parser.error.is_none() && parser.pos < toks.len() {
            parser.fail(parser.pos, "unexpected token in preprocessor expression");
        }
        if let Some((at, message)) = parser.error {
            let at = at.unwrap_or(span);
            self.error(DiagnosticCode::PreprocessorError, at, message);
            return false;
        }
        value.is_some_and(|v| v != 0)
    }
}

impl Preprocessor<'_> {
    /// Reads the operand of ReShade's `exists` at `args[i]`: `"file"`, `<file>`, either in
    /// parentheses. Returns whether the file is found (beside the current file, then in the
    /// include folders) and the index after the operand.
    fn exists_operand(&mut self, args: &[Tok], mut i: usize) -> Option<(bool, usize)> {
        let paren = args.get(i).is_some_and(|t| t.is("("));
        i += usize::from(paren);
        let name = match args.get(i) {
            // Closed strings only: slicing off the quotes stays on character boundaries.
            Some(t) if t.kind == Kind::Str && t.text.len() >= 2 && t.text.ends_with('"') => {
                i += 1;
                t.text[1..t.text.len() - 1].to_string()
            }
            Some(t) if t.is("<") => {
                let close = i + args[i..].iter().position(|t| t.is(">"))?;
                let name: String = args[i + 1..close].iter().map(|t| &*t.text).collect();
                i = close + 1;
                name
            }
            _ => return None,
        };
        if paren {
            args.get(i).filter(|t| t.is(")"))?;
            i += 1;
        }
        let current = self.stack.last().map(|&f| self.sources.get(f).path.clone());
        let here = current
            .as_deref()
            .and_then(Path::parent)
            .map(Path::to_path_buf);
        let found = here
            .into_iter()
            .chain(self.include_dirs.iter().cloned())
            .map(|dir| dir.join(&name))
            .any(|path| self.sources.find(&path).is_some() || self.loader.read(&path).is_ok());
        Some((found, i))
    }
}

fn body_token(t: &Tok, origin: Span) -> Tok {
    Tok {
        span: origin,
        exact: false,
        ..t.clone()
    }
}

fn stringize(arg: &[Tok], space: bool, origin: Span) -> Tok {
    let mut text = String::from("\"");
    for (i, t) in arg.iter().enumerate() {
        if i > 0 && t.space {
            text.push(' ');
        }
        if t.kind == Kind::Str {
            for c in t.text.chars() {
                if matches!(c, '"' | '\\') {
                    text.push('\\');
                }
                text.push(c);
            }
        } else {
            text.push_str(&t.text);
        }
    }
    text.push('"');
    Tok {
        kind: Kind::Str,
        text: text.into(),
        span: origin,
        exact: false,
        space,
        hide: HideSet::default(),
    }
}

fn is_active(conds: &[Cond]) -> bool {
    conds.last().is_none_or(|c| c.active)
}

/// Where the directive starting at `hash` ends: at the first newline that is neither escaped by a
/// backslash nor inside a block comment (or at the end of the text).
fn directive_end(text: &str, hash: usize, nest: bool) -> usize {
    let bytes = text.as_bytes();
    let mut i = hash;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b'\n', _) => {
                let before = text[hash..i].trim_end_matches('\r');
                if !before.ends_with('\\') {
                    return i;
                }
                i += 1;
            }
            (b'/', Some(b'/')) => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            (b'/', Some(b'*')) => i = skip_block_comment(text, i, bytes.len(), nest).0,
            (b'"', _) => {
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n') {
                    i += if bytes[i] == b'\\' && bytes.get(i + 1) != Some(&b'\n') {
                        2
                    } else {
                        1
                    };
                }
                if i < bytes.len() && bytes[i] == b'"' {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Follows block comments (which nest when `nest`) and strings through the line of text starting
/// at `start`, so that a `#` inside a comment is not taken for a directive. Returns the comment
/// depth at the end of the line and where the next line starts (a string's backslash-newline
/// ends the line too). Jumps from one byte that matters to the next ([`memchr`]): every line of
/// every file passes here.
fn scan_line(
    bytes: &[u8],
    start: usize,
    mut depth: u32,
    open: &mut usize,
    nest: bool,
) -> (u32, usize) {
    let len = bytes.len();
    let line_end = |i: usize| memchr::memchr(b'\n', &bytes[i..]).map_or(len, |k| i + k + 1);
    let mut i = start;
    loop {
        let found = if depth > 0 {
            memchr::memchr3(b'*', b'/', b'\n', &bytes[i..])
        } else {
            memchr::memchr3(b'/', b'"', b'\n', &bytes[i..])
        };
        let Some(k) = found else {
            return (depth, len);
        };
        i += k;
        match (bytes[i], bytes.get(i + 1)) {
            (b'\n', _) => return (depth, i + 1),
            (b'/', Some(b'*')) if depth == 0 || nest => {
                if depth == 0 {
                    *open = i;
                }
                depth += 1;
                i += 2;
            }
            (b'*', Some(b'/')) => {
                depth -= 1;
                i += 2;
            }
            (b'/', Some(b'/')) if depth == 0 => return (0, line_end(i)),
            (b'"', _) => {
                i += 1;
                while i < len && !matches!(bytes[i], b'"' | b'\n') {
                    if bytes[i] == b'\\' && bytes.get(i + 1) == Some(&b'\n') {
                        return (0, i + 2);
                    }
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                match bytes.get(i) {
                    Some(b'"') => i += 1,
                    Some(_) => return (0, i + 1),
                    None => return (0, len),
                }
            }
            _ => i += 1,
        }
    }
}

/// A `#if` expression over tokens already macro-expanded.
struct ExprParser<'a> {
    directive: &'a str,
    toks: &'a [Tok],
    pos: usize,
    macros: &'a FxHashMap<TokText, Rc<Macro>>,
    /// The first error: where (`None`: at the end of the line) and what.
    error: Option<(Option<Span>, String)>,
    /// Nesting of parentheses, unary operators and `?:`, bounded so that no input overflows the
    /// stack.
    depth: usize,
}

/// Deepest nesting accepted in a `#if` expression.
const MAX_EXPRESSION_DEPTH: usize = 256;

/// Binary operators by precedence, loosest first.
const BINARY: [&[&str]; 10] = [
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", ">", "<=", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl ExprParser<'_> {
    fn fail(&mut self, at: usize, what: &str) -> Option<i64> {
        if self.error.is_none() {
            self.error = Some(match self.toks.get(at) {
                Some(t) => (Some(t.span), format!("'{}' : {what}", t.text)),
                None => (None, format!("'#{}' : {what}", self.directive)),
            });
        }
        None
    }

    fn peek_punct(&self) -> Option<&str> {
        self.toks
            .get(self.pos)
            .filter(|t| t.kind == Kind::Punct)
            .map(|t| &*t.text)
    }

    /// `c ? a : b`; `live` is false in a branch that is not evaluated (no division errors there).
    fn conditional(&mut self, live: bool) -> Option<i64> {
        self.depth += 1;
        let value = self.conditional_inner(live);
        self.depth -= 1;
        value
    }

    fn conditional_inner(&mut self, live: bool) -> Option<i64> {
        if self.depth > MAX_EXPRESSION_DEPTH {
            return self.fail(self.pos, "expression nested too deeply");
        }
        let c = self.binary(0, live)?;
        if self.peek_punct() != Some("?") {
            return Some(c);
        }
        self.pos += 1;
        let a = self.conditional(live && c != 0)?;
        if self.peek_punct() != Some(":") {
            return self.fail(self.pos, "expected ':'");
        }
        self.pos += 1;
        let b = self.conditional(live && c == 0)?;
        Some(if c != 0 { a } else { b })
    }

    fn binary(&mut self, level: usize, live: bool) -> Option<i64> {
        if level == BINARY.len() {
            return self.unary(live);
        }
        let mut lhs = self.binary(level + 1, live)?;
        while let Some(op) = self.peek_punct().filter(|p| BINARY[level].contains(p)) {
            let op = op.to_string();
            let at = self.pos;
            self.pos += 1;
            let rhs_live = match op.as_str() {
                "&&" => live && lhs != 0,
                "||" => live && lhs == 0,
                _ => live,
            };
            let rhs = self.binary(level + 1, rhs_live)?;
            lhs = if rhs_live {
                self.apply(&op, lhs, rhs, at)?
            } else {
                match op.as_str() {
                    "&&" => 0,
                    "||" => 1,
                    _ => 0,
                }
            };
        }
        Some(lhs)
    }

    fn apply(&mut self, op: &str, a: i64, b: i64, at: usize) -> Option<i64> {
        Some(match op {
            "||" => i64::from(a != 0 || b != 0),
            "&&" => i64::from(a != 0 && b != 0),
            "|" => a | b,
            "^" => a ^ b,
            "&" => a & b,
            "==" => i64::from(a == b),
            "!=" => i64::from(a != b),
            "<" => i64::from(a < b),
            ">" => i64::from(a > b),
            "<=" => i64::from(a <= b),
            ">=" => i64::from(a >= b),
            "<<" | ">>" => {
                let shift = match u32::try_from(b) {
                    Ok(s) if s < 64 => s,
                    _ => return self.fail(at, "shift count out of range"),
                };
                if op == "<<" {
                    a.wrapping_shl(shift)
                } else {
                    a >> shift
                }
            }
            "+" => a.wrapping_add(b),
            "-" => a.wrapping_sub(b),
            "*" => a.wrapping_mul(b),
            "/" | "%" if b == 0 => return self.fail(at, "division by zero"),
            "/" => a.wrapping_div(b),
            _ => a.wrapping_rem(b),
        })
    }

    fn unary(&mut self, live: bool) -> Option<i64> {
        self.depth += 1;
        let value = self.unary_inner(live);
        self.depth -= 1;
        value
    }

    fn unary_inner(&mut self, live: bool) -> Option<i64> {
        if self.depth > MAX_EXPRESSION_DEPTH {
            return self.fail(self.pos, "expression nested too deeply");
        }
        let Some(t) = self.toks.get(self.pos) else {
            return self.fail(self.pos, "expected an integer expression");
        };
        self.pos += 1;
        match t.kind {
            Kind::Punct => match &*t.text {
                "+" => self.unary(live),
                "-" => self.unary(live).map(i64::wrapping_neg),
                "~" => self.unary(live).map(|v| !v),
                "!" => self.unary(live).map(|v| i64::from(v == 0)),
                "(" => {
                    let v = self.conditional(live)?;
                    if self.peek_punct() != Some(")") {
                        return self.fail(self.pos, "expected ')'");
                    }
                    self.pos += 1;
                    Some(v)
                }
                _ => self.fail(self.pos - 1, "unexpected token in preprocessor expression"),
            },
            Kind::Number => match parse_integer(&t.text) {
                Some(v) => Some(v),
                None => self.fail(self.pos - 1, "not an integer literal"),
            },
            Kind::Ident => match &*t.text {
                // A `defined` that a macro produced.
                "defined" => {
                    let paren = self.peek_punct() == Some("(");
                    if paren {
                        self.pos += 1;
                    }
                    let Some(name) = self.toks.get(self.pos).filter(|n| n.kind == Kind::Ident)
                    else {
                        return self.fail(self.pos, "expected a macro name after 'defined'");
                    };
                    let value = i64::from(self.macros.contains_key(&*name.text));
                    self.pos += 1;
                    if paren {
                        if self.peek_punct() != Some(")") {
                            return self.fail(self.pos, "expected ')'");
                        }
                        self.pos += 1;
                    }
                    Some(value)
                }
                "true" => Some(1),
                _ => Some(0),
            },
            Kind::Str => self.fail(self.pos - 1, "unexpected token in preprocessor expression"),
        }
    }
}

/// A C integer literal: decimal, `0x` hexadecimal or `0` octal, with `u`/`l` suffixes.
fn parse_integer(text: &str) -> Option<i64> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let (digits, radix) = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        (hex, 16)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (&digits[1..], 8)
    } else {
        (digits, 10)
    };
    // Values above i64::MAX wrap, as C's unsigned literals compared as signed would.
    u64::from_str_radix(digits, radix).ok().map(|v| v as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `punct_len` agrees with the longest match in [`PUNCTUATORS`] on every sequence of up to
    /// three punctuation bytes.
    #[test]
    fn punctuator_lengths_match_the_list() {
        let bytes: Vec<u8> = (0x21u8..0x7f)
            .filter(|b| !b.is_ascii_alphanumeric() && *b != b'_')
            .collect();
        let longest = |rest: &[u8]| {
            PUNCTUATORS
                .iter()
                .find(|p| rest.starts_with(p.as_bytes()))
                .map_or(1, |p| p.len())
        };
        let mut checked = 0;
        for &a in &bytes {
            for &b in &bytes {
                for &c in &bytes {
                    for rest in [&[a][..], &[a, b], &[a, b, c]] {
                        assert_eq!(punct_len(rest), longest(rest), "{:?}", rest.escape_ascii());
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 80_000);
    }
}
