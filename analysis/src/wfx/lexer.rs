//! Tokens of the effect structure. The same lexer walks the WGSL between structure items, only to
//! find where each top-level item ends; naga parses the WGSL itself.

#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind<'src> {
    /// Borrowed from the text: most identifiers are WGSL that the structure parser only skips,
    /// so they are not copied.
    Ident(&'src str),
    /// A numeric literal: its value and whether it was written as a float.
    Number {
        value: f64,
        float: bool,
    },
    Str(String),
    Punct(char),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token<'src> {
    pub kind: TokenKind<'src>,
    pub start: usize,
    pub end: usize,
}

impl<'src> Token<'src> {
    pub fn is_punct(&self, c: char) -> bool {
        self.kind == TokenKind::Punct(c)
    }

    pub fn ident(&self) -> Option<&'src str> {
        match self.kind {
            TokenKind::Ident(s) => Some(s),
            _ => None,
        }
    }

    /// How the token reads in a message.
    pub fn describe(&self) -> String {
        match &self.kind {
            TokenKind::Ident(s) => s.to_string(),
            TokenKind::Number { value, .. } => value.to_string(),
            TokenKind::Str(s) => format!("\"{s}\""),
            TokenKind::Punct(c) => c.to_string(),
        }
    }
}

/// A lexical error: byte range and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct LexError {
    pub start: usize,
    pub end: usize,
    pub kind: LexErrorKind,
}

/// What is wrong with a piece of text the lexer could not read; its message is glslang's style.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LexErrorKind {
    #[error("'/*' : unterminated block comment")]
    UnterminatedComment,
    #[error("'\"' : unterminated string")]
    UnterminatedString,
    /// `0x` followed by no hexadecimal digit, or by more than 64 bits of them.
    #[error("'{0}' : invalid hexadecimal literal")]
    InvalidHexadecimal(String),
    /// Digits and dots that make no number (`1.2.3`).
    #[error("'{0}' : invalid numeric literal")]
    InvalidNumber(String),
}

/// Splits `text` into tokens, skipping whitespace and comments. Errors do not stop the lexer.
pub fn tokenize(text: &str) -> (Vec<Token<'_>>, Vec<LexError>) {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && bytes.get(i + 1) == Some(&b'*') {
            // WGSL block comments nest.
            let mut depth = 0;
            loop {
                if i + 1 >= bytes.len() {
                    errors.push(LexError {
                        start,
                        end: start + 2,
                        kind: LexErrorKind::UnterminatedComment,
                    });
                    i = bytes.len();
                    break;
                }
                if bytes[i] == b'/' && bytes[i + 1] == b'*' {
                    depth += 1;
                    i += 2;
                } else if bytes[i] == b'*' && bytes[i + 1] == b'/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] >= 0x80)
            {
                i += 1;
            }
            tokens.push(Token {
                kind: TokenKind::Ident(&text[start..i]),
                start,
                end: i,
            });
        } else if c.is_ascii_digit()
            || (c == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            let (token, end) = lex_number(text, start);
            i = end;
            match token {
                Ok(kind) => tokens.push(Token { kind, start, end }),
                Err(kind) => errors.push(LexError { start, end, kind }),
            }
        } else if c == b'"' {
            i += 1;
            let mut value = String::new();
            let mut closed = false;
            while i < bytes.len() && bytes[i] != b'\n' {
                match bytes[i] {
                    b'"' => {
                        closed = true;
                        i += 1;
                        break;
                    }
                    b'\\' if i + 1 < bytes.len() => {
                        match bytes[i + 1] {
                            b'n' => value.push('\n'),
                            b't' => value.push('\t'),
                            b'0' => value.push('\0'),
                            b'"' => value.push('"'),
                            b'\\' => value.push('\\'),
                            other => value.push(other as char),
                        }
                        i += 2;
                    }
                    _ => {
                        let ch = text[i..].chars().next().expect("i is on a char boundary");
                        value.push(ch);
                        i += ch.len_utf8();
                    }
                }
            }
            if closed {
                tokens.push(Token {
                    kind: TokenKind::Str(value),
                    start,
                    end: i,
                });
            } else {
                errors.push(LexError {
                    start,
                    end: i,
                    kind: LexErrorKind::UnterminatedString,
                });
            }
        } else {
            let ch = text[i..].chars().next().expect("i is on a char boundary");
            i += ch.len_utf8();
            tokens.push(Token {
                kind: TokenKind::Punct(ch),
                start,
                end: i,
            });
        }
    }
    (tokens, errors)
}

fn lex_number(text: &str, start: usize) -> (Result<TokenKind<'static>, LexErrorKind>, usize) {
    let bytes = text.as_bytes();
    let mut i = start;
    if bytes[i] == b'0' && matches!(bytes.get(i + 1), Some(b'x' | b'X')) {
        i += 2;
        while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
            i += 1;
        }
        let digits = &text[start + 2..i];
        while i < bytes.len() && matches!(bytes[i], b'u' | b'i') {
            i += 1;
        }
        return match u64::from_str_radix(digits, 16) {
            Ok(v) => (
                Ok(TokenKind::Number {
                    value: v as f64,
                    float: false,
                }),
                i,
            ),
            Err(_) => (
                Err(LexErrorKind::InvalidHexadecimal(text[start..i].to_string())),
                i,
            ),
        };
    }
    let mut float = false;
    while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
        float |= bytes[i] == b'.';
        i += 1;
    }
    if i < bytes.len() && matches!(bytes[i], b'e' | b'E') {
        let mut j = i + 1;
        if j < bytes.len() && matches!(bytes[j], b'+' | b'-') {
            j += 1;
        }
        if j < bytes.len() && bytes[j].is_ascii_digit() {
            float = true;
            i = j;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
        }
    }
    let digits_end = i;
    while i < bytes.len() && matches!(bytes[i], b'f' | b'h' | b'u' | b'i' | b'F') {
        float |= matches!(bytes[i], b'f' | b'h' | b'F');
        i += 1;
    }
    match text[start..digits_end].parse::<f64>() {
        Ok(value) => (Ok(TokenKind::Number { value, float }), i),
        Err(_) => (
            Err(LexErrorKind::InvalidNumber(text[start..i].to_string())),
            i,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_strings_and_comments() {
        let (tokens, errors) = tokenize("a 1.5f 2 0x10 /* x /* y */ */ \"s\\0t\" // c\n;");
        assert!(errors.is_empty(), "{errors:?}");
        let kinds: Vec<_> = tokens.into_iter().map(|t| t.kind).collect();
        assert_eq!(
            kinds,
            vec![
                TokenKind::Ident("a"),
                TokenKind::Number {
                    value: 1.5,
                    float: true
                },
                TokenKind::Number {
                    value: 2.0,
                    float: false
                },
                TokenKind::Number {
                    value: 16.0,
                    float: false
                },
                TokenKind::Str("s\0t".into()),
                TokenKind::Punct(';'),
            ]
        );
    }

    #[test]
    fn unterminated_string_and_comment_are_errors() {
        let (_, errors) = tokenize("\"abc\n/* never closed");
        assert_eq!(errors.len(), 2);
        assert_eq!((errors[0].start, errors[1].start), (0, 5));
    }
}
