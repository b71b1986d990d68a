//! Preprocessing tokens: the lexer over a range of a file's text, a token's text as a range of
//! its shared text (`TokText`, so that reading a token allocates nothing), hide sets, and the
//! spacing that keeps expanded tokens lexing as they did.

use std::rc::Rc;

use crate::source::{FileId, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Ident,
    Number,
    Str,
    Punct,
}

/// A token as the lexer finds it: a byte range of the text it reads.
#[derive(Clone, Copy, Debug)]
pub(super) struct RawTok {
    pub(super) kind: Kind,
    pub(super) start: usize,
    pub(super) end: usize,
    /// Whitespace or a comment comes before it.
    pub(super) space: bool,
}

/// The punctuators of more than one character, longest first (maximal munch).
pub(super) const PUNCTUATORS: [&str; 24] = [
    "<<=", ">>=", "...", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "->", "++", "--", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", "::",
];

/// The length of the punctuator at the start of `rest` (one of [`PUNCTUATORS`], longest first,
/// else its first byte): a match rather than a search of the list, which every token would pay.
pub(super) fn punct_len(rest: &[u8]) -> usize {
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
pub(super) const WORD_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        table[i] = b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
        i += 1;
    }
    table
};

pub(super) fn is_word_byte(b: u8) -> bool {
    WORD_BYTES[usize::from(b)]
}

/// Splits a range of text into preprocessing tokens, skipping whitespace, comments (block comments
/// nest, as in WGSL) and backslash-newlines.
#[derive(Clone)]
pub(super) struct Lexer<'t> {
    pub(super) text: &'t str,
    pub(super) pos: usize,
    pub(super) end: usize,
    /// Block comments nest (WGSL) or end at the first `*/` (ReShade FX).
    pub(super) nest: bool,
}

impl<'t> Lexer<'t> {
    pub(super) fn new(text: &'t str, start: usize, end: usize) -> Self {
        Self {
            text,
            pos: start,
            end: end.min(text.len()),
            nest: true,
        }
    }

    /// Whether `b` continues a word. WGSL's identifiers may hold any non-ASCII character; ReShade
    /// FX's lexer ends a word at one (`effect_lexer.cpp`'s type table stops at ASCII), so
    /// `FOO\u{e9}` there is the name `FOO` and a character of its own: `FOO` expands, and in an
    /// `#if` the character is an error.
    fn is_word(&self, b: u8) -> bool {
        is_word_byte(b) && (self.nest || b.is_ascii())
    }

    /// The bytes the lexer may read (up to its end).
    pub(super) fn bytes(&self) -> &'t [u8] {
        &self.text.as_bytes()[..self.end]
    }

    /// Skips whitespace and comments; says whether there were any.
    pub(super) fn skip_space(&mut self) -> bool {
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

    pub(super) fn next_raw(&mut self) -> Option<RawTok> {
        let space = self.skip_space();
        let bytes = self.bytes();
        let start = self.pos;
        let b = *bytes.get(start)?;
        let mut i = start + 1;
        let kind = if self.is_word(b) && !b.is_ascii_digit() {
            while bytes.get(i).is_some_and(|&c| self.is_word(c)) {
                i += 1;
            }
            Kind::Ident
        } else if b.is_ascii_digit() || (b == b'.' && bytes.get(i).is_some_and(u8::is_ascii_digit))
        {
            // ReShade FX reads a number as its lexer does, so a word right after one is a word of
            // its own (`1.0N` is `1.0` and a macro `N`).
            if !self.nest {
                i = reshade_number_end(bytes, start);
            }
            while let Some(&c) = bytes.get(i).filter(|_| self.nest) {
                let exponent_sign =
                    matches!(c, b'+' | b'-') && matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P');
                if self.is_word(c) || c == b'.' || exponent_sign {
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
            // A non-ASCII character of ReShade FX is one token of its own (see `is_word`).
            while !self.text.is_char_boundary(i) {
                i += 1;
            }
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
pub(super) fn skip_block_comment(
    text: &str,
    start: usize,
    end: usize,
    nest: bool,
) -> (usize, bool) {
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
pub(super) struct TokText {
    pub(super) shared: Rc<str>,
    pub(super) start: u32,
    pub(super) end: u32,
}

impl TokText {
    /// The range `start..end` of `shared`.
    pub(super) fn slice(shared: &Rc<str>, start: usize, end: usize) -> Self {
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
pub(super) struct HideSet(Option<Rc<Vec<TokText>>>);

impl HideSet {
    pub(super) fn of(names: Vec<TokText>) -> Self {
        Self((!names.is_empty()).then(|| Rc::new(names)))
    }

    pub(super) fn names(&self) -> &[TokText] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }

    pub(super) fn contains(&self, name: &str) -> bool {
        self.names().iter().any(|n| **n == *name)
    }

    /// The names in `self` or `other` (`self`'s first).
    pub(super) fn union(&self, other: &HideSet) -> HideSet {
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
pub(super) struct Tok {
    pub(super) kind: Kind,
    pub(super) text: TokText,
    /// Where the token maps to: its own place, or the invocation that produced it.
    pub(super) span: Span,
    /// `text` is the source text at `span`, so the output can map byte for byte.
    pub(super) exact: bool,
    pub(super) space: bool,
    /// A line end comes right before it, or right after it, inside a macro call's argument
    /// (`P(\n y)`, `P(y\n)`). ReShade keeps such a line end in the argument's text, so a `##`
    /// beside the argument finds the line end and pastes nothing; it travels with the token into
    /// the calls the argument is passed on to.
    pub(super) line_before: bool,
    pub(super) line_after: bool,
    /// It begins the expansion of a macro whose body begins with `-`: ReShade's text has a
    /// space before it (`create_macro_replacement_list`), so `-N` with `N` `-1` reads `- -1`.
    /// The expansion of an argument that begins with `-` gets none: `-P(-1)` with `P(a)` `a`
    /// reads `--1`, a decrement.
    pub(super) minus_space: bool,
    pub(super) hide: HideSet,
}

impl Tok {
    pub(super) fn from_raw(raw: RawTok, text: &Rc<str>, file: FileId) -> Self {
        Self {
            kind: raw.kind,
            text: TokText::slice(text, raw.start, raw.end),
            span: Span::new(file, raw.start, raw.end),
            exact: true,
            space: raw.space,
            line_before: false,
            line_after: false,
            minus_space: false,
            hide: HideSet::default(),
        }
    }

    pub(super) fn is(&self, punct: &str) -> bool {
        self.kind == Kind::Punct && &*self.text == punct
    }
}

pub(super) fn lex_all(
    text: &Rc<str>,
    start: usize,
    end: usize,
    file: FileId,
    nest: bool,
) -> Vec<Tok> {
    let mut lexer = Lexer::new(text, start, end);
    lexer.nest = nest;
    std::iter::from_fn(|| lexer.next_raw())
        .map(|raw| Tok::from_raw(raw, text, file))
        .collect()
}

/// Where the numeric literal at `bytes[start]` ends as ReShade's lexer reads it
/// (`parse_numeric_literal`): `0x` and hexadecimal digits, or decimal (octal when it starts
/// with `0`, until a point) digits with one point among the first 19 characters and any more
/// digits, an exponent when digits follow it, then one suffix: `f` or `l`, or `u` on an integer.
pub(super) fn reshade_number_end(bytes: &[u8], start: usize) -> usize {
    let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
    let mut i = start;
    let mut radix = 10u8;
    if at(i) == b'0' {
        if matches!(at(i + 1), b'x' | b'X') {
            i += 2;
            radix = 16;
        } else {
            radix = 8;
        }
    }
    let digit = |c: u8, radix: u8| match radix {
        16 => c.is_ascii_hexdigit(),
        _ => c.is_ascii_digit() && c - b'0' < radix,
    };
    let mut point = false;
    for _ in 0..19 {
        let c = at(i);
        if !digit(c, radix) {
            if radix == 16 || c != b'.' || point {
                break;
            }
            point = true;
            radix = 10;
        }
        i += 1;
    }
    while digit(at(i), radix) {
        i += 1;
    }
    let mut float = point;
    if matches!(at(i), b'e' | b'E') {
        let sign = usize::from(matches!(at(i + 1), b'+' | b'-'));
        if at(i + 1 + sign).is_ascii_digit() {
            float = true;
            i += 1 + sign;
            while at(i).is_ascii_digit() {
                i += 1;
            }
        }
    }
    match at(i) {
        b'f' | b'F' | b'l' | b'L' => i + 1,
        b'u' | b'U' if !float => i + 1,
        _ => i,
    }
}

/// Whether two pieces of text written side by side would lex differently than apart.
pub(super) fn needs_space(before: Option<u8>, after: Option<u8>) -> bool {
    let (Some(a), Some(b)) = (before, after) else {
        return false;
    };
    if (is_word_byte(a) && (is_word_byte(b) || b == b'.')) || (a == b'.' && b.is_ascii_digit()) {
        return true;
    }
    let pair = [a, b];
    pair == *b"//" || pair == *b"/*" || PUNCTUATORS.iter().any(|p| p.as_bytes().starts_with(&pair))
}

pub(super) fn join_spans(first: Span, last: Span) -> Span {
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
