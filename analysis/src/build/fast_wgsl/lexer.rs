//! Tokens of WGSL as far as the fast path reads it: words, decimal numbers, punctuation, with
//! their byte ranges in the module's text. Comments and blanks are trivia, as for naga. What it
//! does not read (a hexadecimal number, a character outside WGSL's ASCII punctuation, a word
//! with a non-ASCII character) is a [`Tok::Other`]: the function holding it stays naga's.

/// A token: what it is and where (byte offsets in the module's text).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Token<'a> {
    pub tok: Tok<'a>,
    pub start: u32,
    pub end: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Tok<'a> {
    Word(&'a str),
    Number(Number),
    /// Punctuation and operators, longest match first (`<<=`, `&&`, `->`, `.`).
    Sym(&'static str),
    /// Something the fast path does not read.
    Other,
}

/// A number as naga's lexer reads it (`front/wgsl/parse/number.rs`): a suffix makes it
/// concrete, none leaves it abstract.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Number {
    I32(i32),
    U32(u32),
    F32(f32),
    AbstractInt(i64),
    AbstractFloat(f64),
}

/// The punctuation token at the start of `rest`, longest match first.
fn symbol(rest: &[u8]) -> Option<&'static str> {
    let next = rest.get(1).copied();
    let third = rest.get(2).copied();
    Some(match (rest.first()?, next) {
        (b'(', _) => "(",
        (b')', _) => ")",
        (b'{', _) => "{",
        (b'}', _) => "}",
        (b'[', _) => "[",
        (b']', _) => "]",
        (b',', _) => ",",
        (b';', _) => ";",
        (b':', _) => ":",
        (b'.', _) => ".",
        (b'~', _) => "~",
        (b'@', _) => "@",
        (b'_', _) => "_",
        (b'<', Some(b'<')) if third == Some(b'=') => "<<=",
        (b'>', Some(b'>')) if third == Some(b'=') => ">>=",
        (b'<', Some(b'<')) => "<<",
        (b'>', Some(b'>')) => ">>",
        (b'<', Some(b'=')) => "<=",
        (b'>', Some(b'=')) => ">=",
        (b'<', _) => "<",
        (b'>', _) => ">",
        (b'=', Some(b'=')) => "==",
        (b'=', _) => "=",
        (b'!', Some(b'=')) => "!=",
        (b'!', _) => "!",
        (b'&', Some(b'&')) => "&&",
        (b'&', Some(b'=')) => "&=",
        (b'&', _) => "&",
        (b'|', Some(b'|')) => "||",
        (b'|', Some(b'=')) => "|=",
        (b'|', _) => "|",
        (b'^', Some(b'=')) => "^=",
        (b'^', _) => "^",
        (b'+', Some(b'+')) => "++",
        (b'+', Some(b'=')) => "+=",
        (b'+', _) => "+",
        (b'-', Some(b'-')) => "--",
        (b'-', Some(b'=')) => "-=",
        (b'-', Some(b'>')) => "->",
        (b'-', _) => "-",
        (b'*', Some(b'=')) => "*=",
        (b'*', _) => "*",
        (b'/', Some(b'=')) => "/=",
        (b'/', _) => "/",
        (b'%', Some(b'=')) => "%=",
        (b'%', _) => "%",
        _ => return None,
    })
}

/// What a byte starts: used to read the text a byte class at a time.
#[derive(Clone, Copy, PartialEq)]
enum Class {
    Blank,
    Word,
    Digit,
    Other,
}

const CLASSES: [Class; 256] = {
    let mut table = [Class::Other; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_whitespace() {
            Class::Blank
        } else if c.is_ascii_alphabetic() || c == b'_' {
            Class::Word
        } else if c.is_ascii_digit() {
            Class::Digit
        } else {
            Class::Other
        };
        b += 1;
    }
    table
};

/// Whether byte `b` continues a word.
fn word_part(b: u8) -> bool {
    matches!(CLASSES[b as usize], Class::Word | Class::Digit)
}

/// Every token of `text`, trivia skipped.
pub(super) fn tokenize(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::with_capacity(text.len() / 3);
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        let start = at;
        let tok = match CLASSES[b as usize] {
            Class::Blank => {
                at += 1;
                while bytes
                    .get(at)
                    .is_some_and(|&b| CLASSES[b as usize] == Class::Blank)
                {
                    at += 1;
                }
                continue;
            }
            // A lone `_` is punctuation (`_ = e;`).
            Class::Word if b != b'_' || bytes.get(at + 1).is_some_and(|&n| word_part(n)) => {
                at += 1;
                while bytes.get(at).is_some_and(|&b| word_part(b)) {
                    at += 1;
                }
                match bytes.get(at) {
                    // A word running into a character outside ASCII: naga's to read.
                    Some(b) if !b.is_ascii() => {
                        at += text[at..].chars().next().map_or(1, char::len_utf8);
                        Tok::Other
                    }
                    _ => Tok::Word(&text[start..at]),
                }
            }
            Class::Digit => {
                let (number, end) = number(text, at);
                at = end;
                number.map_or(Tok::Other, Tok::Number)
            }
            _ if b == b'.' && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) => {
                let (number, end) = number(text, at);
                at = end;
                number.map_or(Tok::Other, Tok::Number)
            }
            _ if b == b'/' && bytes.get(at + 1) == Some(&b'/') => {
                while bytes.get(at).is_some_and(|&b| b != b'\n') {
                    at += 1;
                }
                continue;
            }
            _ if b == b'/' && bytes.get(at + 1) == Some(&b'*') => {
                at = block_comment_end(bytes, at);
                continue;
            }
            _ => match symbol(&bytes[at..]) {
                Some(sym) => {
                    at += sym.len();
                    Tok::Sym(sym)
                }
                None => {
                    at += text[at..].chars().next().map_or(1, char::len_utf8);
                    Tok::Other
                }
            },
        };
        tokens.push(Token {
            tok,
            start: start as u32,
            end: at as u32,
        });
    }
    tokens
}

/// The end of the (nesting) block comment starting at `at`.
fn block_comment_end(bytes: &[u8], mut at: usize) -> usize {
    let mut depth = 0;
    while at < bytes.len() {
        if bytes[at] == b'/' && bytes.get(at + 1) == Some(&b'*') {
            depth += 1;
            at += 2;
        } else if bytes[at] == b'*' && bytes.get(at + 1) == Some(&b'/') {
            depth -= 1;
            at += 2;
            if depth == 0 {
                return at;
            }
        } else {
            at += 1;
        }
    }
    at
}

/// A decimal number at `start` and where it ends; `None` for what naga reads otherwise
/// (hexadecimal, `f16`/64-bit suffixes) or rejects.
fn number(text: &str, start: usize) -> (Option<Number>, usize) {
    let bytes = text.as_bytes();
    let mut at = start;
    let digits = |at: &mut usize| {
        while *at < bytes.len() && bytes[*at].is_ascii_digit() {
            *at += 1;
        }
    };
    digits(&mut at);
    if at < bytes.len() && matches!(bytes[at], b'x' | b'X') && text[start..at] == *"0" {
        return hex_int(text, at + 1);
    }
    let mut float = false;
    if at < bytes.len() && bytes[at] == b'.' {
        float = true;
        at += 1;
        digits(&mut at);
    }
    if at < bytes.len() && matches!(bytes[at], b'e' | b'E') {
        let mut exp = at + 1;
        if exp < bytes.len() && matches!(bytes[exp], b'+' | b'-') {
            exp += 1;
        }
        if exp < bytes.len() && bytes[exp].is_ascii_digit() {
            float = true;
            at = exp;
            digits(&mut at);
        }
    }
    let body = &text[start..at];
    let suffix = bytes.get(at).copied();
    let word_follows = |end: usize| {
        bytes
            .get(end)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    };
    let parsed = match suffix {
        Some(b'f') if !word_follows(at + 1) => {
            at += 1;
            body.parse::<f32>()
                .ok()
                .filter(|v| v.is_finite())
                .map(Number::F32)
        }
        Some(b'i') if !float && !word_follows(at + 1) => {
            at += 1;
            decimal_int(body)
                .then(|| body.parse::<i32>().ok())
                .flatten()
                .map(Number::I32)
        }
        Some(b'u') if !float && !word_follows(at + 1) => {
            at += 1;
            decimal_int(body)
                .then(|| body.parse::<u32>().ok())
                .flatten()
                .map(Number::U32)
        }
        _ if word_follows(at) => {
            while word_follows(at) {
                at += 1;
            }
            None
        }
        _ if float => body
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .map(Number::AbstractFloat),
        _ => decimal_int(body)
            .then(|| body.parse::<i64>().ok())
            .flatten()
            .map(Number::AbstractInt),
    };
    (parsed, at)
}

/// A hexadecimal integer (`0x7fffffffu`) whose digits start at `digits`; `None` for a
/// hexadecimal float.
fn hex_int(text: &str, digits: usize) -> (Option<Number>, usize) {
    let bytes = text.as_bytes();
    let mut at = digits;
    while at < bytes.len() && bytes[at].is_ascii_hexdigit() {
        at += 1;
    }
    let body = &text[digits..at];
    let word_follows = |end: usize| {
        bytes
            .get(end)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'.')
    };
    let parsed = match bytes.get(at) {
        _ if body.is_empty() => None,
        Some(b'i') if !word_follows(at + 1) => {
            at += 1;
            i32::from_str_radix(body, 16).ok().map(Number::I32)
        }
        Some(b'u') if !word_follows(at + 1) => {
            at += 1;
            u32::from_str_radix(body, 16).ok().map(Number::U32)
        }
        _ if word_follows(at) => None,
        _ => i64::from_str_radix(body, 16).ok().map(Number::AbstractInt),
    };
    if parsed.is_none() {
        while at < bytes.len()
            && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'.' || bytes[at] == b'_')
        {
            at += 1;
        }
    }
    (parsed, at)
}

/// Whether `body` is a decimal integer as WGSL writes one (no leading zero but `0` itself).
fn decimal_int(body: &str) -> bool {
    body == "0" || !body.starts_with('0')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Tok<'_>> {
        tokenize(text).into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn numbers_are_read_as_naga_reads_them() {
        assert_eq!(
            kinds("1.5f 2i 3u 0.0 7 1e-5f 2.0 .5"),
            vec![
                Tok::Number(Number::F32(1.5)),
                Tok::Number(Number::I32(2)),
                Tok::Number(Number::U32(3)),
                Tok::Number(Number::AbstractFloat(0.0)),
                Tok::Number(Number::AbstractInt(7)),
                Tok::Number(Number::F32(1e-5)),
                Tok::Number(Number::AbstractFloat(2.0)),
                Tok::Number(Number::AbstractFloat(0.5)),
            ]
        );
        assert_eq!(kinds("1h 01"), vec![Tok::Other, Tok::Other]);
        assert_eq!(
            kinds("0x7fffffffu 0x1Fi 0x10"),
            vec![
                Tok::Number(Number::U32(0x7fff_ffff)),
                Tok::Number(Number::I32(0x1f)),
                Tok::Number(Number::AbstractInt(16)),
            ]
        );
    }

    #[test]
    fn operators_take_the_longest_match_and_comments_are_trivia() {
        assert_eq!(
            kinds("a<<=b // c\n&&/* d /* e */ */x.y"),
            vec![
                Tok::Word("a"),
                Tok::Sym("<<="),
                Tok::Word("b"),
                Tok::Sym("&&"),
                Tok::Word("x"),
                Tok::Sym("."),
                Tok::Word("y"),
            ]
        );
        let spans: Vec<(u32, u32)> = tokenize(" ab  1.0f")
            .iter()
            .map(|t| (t.start, t.end))
            .collect();
        assert_eq!(spans, vec![(1, 3), (5, 9)]);
    }
}
