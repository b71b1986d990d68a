//! ReShade FX tokens: keywords, HLSL type names, literals with their suffixes, operators.
//!
//! The lexer runs on preprocessed text, which still holds comments (the preprocessor copies text
//! byte for byte so that spans map back exactly); block comments do not nest, as in ReShade.
//! It never fails: bytes it cannot read become [`TokenKind::Unknown`] tokens plus an error, so
//! the parser sees every other token and reports every independent problem.

use std::sync::LazyLock;

use rustc_hash::FxHashMap;

use super::ast::TextRange;

/// The element type of a numeric type name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    Bool,
    Int,
    Uint,
    Float,
}

impl Base {
    pub fn as_str(self) -> &'static str {
        match self {
            Base::Bool => "bool",
            Base::Int => "int",
            Base::Uint => "uint",
            Base::Float => "float",
        }
    }
}

/// The kind of an object type name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjectKind {
    Texture,
    Sampler,
    Storage,
}

/// A keyword that names a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeWord {
    Void,
    String,
    /// `vector` (a template: `vector<float, 3>`; alone it is `float4`).
    Vector,
    /// `matrix` (a template: `matrix<float, 3, 3>`; alone it is `float4x4`).
    Matrix,
    /// `float3x2`: rows 3, columns 2; vectors have one column, scalars one of each.
    Numeric {
        base: Base,
        rows: u8,
        cols: u8,
    },
    /// `texture2D`, `sampler3D`, `storage1D`: the kind and the dimension (1 to 3).
    Object {
        kind: ObjectKind,
        dim: u8,
    },
}

/// A keyword that is not a type name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Keyword {
    Namespace,
    Struct,
    Technique,
    Pass,
    For,
    While,
    Do,
    If,
    Else,
    Switch,
    Case,
    Default,
    Break,
    Continue,
    Return,
    Discard,
    Extern,
    Static,
    Uniform,
    Volatile,
    Precise,
    Groupshared,
    In,
    Out,
    Inout,
    Const,
    Linear,
    Noperspective,
    Nointerpolation,
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    Ident,
    /// An integer literal without a `u` suffix.
    Int,
    /// An integer literal with a `u` suffix.
    Uint,
    /// A floating-point literal (a `.`, an exponent, or an `f`/`l` suffix).
    Float,
    String,
    True,
    False,
    Keyword(Keyword),
    Type(TypeWord),
    /// A word HLSL or C++ reserves that ReShade FX does not use (`half`, `class`, `typedef`).
    Reserved,
    /// An operator or punctuation, as its text (`"<<="`, `"::"`, `"{"`).
    Punct(&'static str),
    /// A character that starts no token.
    Unknown,
    Eof,
}

/// One token: its kind and where it is in the preprocessed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub range: TextRange,
}

/// A lexical error: where, and a message in the `'text' : what` form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub range: TextRange,
    pub message: String,
}

/// The operator or punctuation at the start of `rest`, longest first (maximal munch).
fn punct_at(rest: &[u8]) -> Option<&'static str> {
    let second = rest.get(1).copied().unwrap_or(0);
    let third = rest.get(2).copied().unwrap_or(0);
    let p = match (rest.first()?, second) {
        (b'<', b'<') if third == b'=' => "<<=",
        (b'>', b'>') if third == b'=' => ">>=",
        (b'.', b'.') if third == b'.' => "...",
        (b'<', b'<') => "<<",
        (b'>', b'>') => ">>",
        (b'!', b'=') => "!=",
        (b'%', b'=') => "%=",
        (b'&', b'&') => "&&",
        (b'&', b'=') => "&=",
        (b'*', b'=') => "*=",
        (b'+', b'+') => "++",
        (b'+', b'=') => "+=",
        (b'-', b'-') => "--",
        (b'-', b'=') => "-=",
        (b'-', b'>') => "->",
        (b'/', b'=') => "/=",
        (b':', b':') => "::",
        (b'<', b'=') => "<=",
        (b'=', b'=') => "==",
        (b'>', b'=') => ">=",
        (b'^', b'=') => "^=",
        (b'|', b'=') => "|=",
        (b'|', b'|') => "||",
        (b, _) => single_punct(*b)?,
    };
    Some(p)
}

/// The one-byte operator or punctuation `b`, if it is one: a `match`, which the compiler turns
/// into a table, not a search through the list (this runs for every operator of an effect).
fn single_punct(b: u8) -> Option<&'static str> {
    Some(match b {
        b'!' => "!",
        b'%' => "%",
        b'&' => "&",
        b'(' => "(",
        b')' => ")",
        b'*' => "*",
        b'+' => "+",
        b',' => ",",
        b'-' => "-",
        b'.' => ".",
        b'/' => "/",
        b':' => ":",
        b';' => ";",
        b'<' => "<",
        b'=' => "=",
        b'>' => ">",
        b'?' => "?",
        b'[' => "[",
        b']' => "]",
        b'^' => "^",
        b'{' => "{",
        b'|' => "|",
        b'}' => "}",
        b'~' => "~",
        b'#' => "#",
        _ => return None,
    })
}

/// Splits `text` into tokens, ending with one [`TokenKind::Eof`] token.
pub fn tokenize(text: &str) -> (Vec<Token>, Vec<LexError>) {
    let mut lexer = Lexer {
        bytes: text.as_bytes(),
        text,
        pos: 0,
        errors: Vec::new(),
    };
    let mut tokens = Vec::with_capacity(text.len() / 4);
    loop {
        let token = lexer.next();
        tokens.push(token);
        if token.kind == TokenKind::Eof {
            break;
        }
    }
    (tokens, lexer.errors)
}

struct Lexer<'t> {
    bytes: &'t [u8],
    text: &'t str,
    pos: usize,
    errors: Vec<LexError>,
}

impl Lexer<'_> {
    fn at(&self, i: usize) -> u8 {
        self.bytes.get(i).copied().unwrap_or(0)
    }

    fn error(&mut self, start: usize, end: usize, message: String) {
        self.errors.push(LexError {
            range: TextRange::new(start, end),
            message,
        });
    }

    fn skip_space_and_comments(&mut self) {
        while self.pos < self.bytes.len() {
            match (self.bytes[self.pos], self.at(self.pos + 1)) {
                (b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c', _) => self.pos += 1,
                (b'\\', b'\n') => self.pos += 2,
                (b'/', b'/') => {
                    self.pos = memchr::memchr(b'\n', &self.bytes[self.pos..])
                        .map_or(self.bytes.len(), |i| self.pos + i);
                }
                (b'/', b'*') => {
                    // Block comments end at the first `*/`: they do not nest.
                    let start = self.pos;
                    match memchr::memmem::find(&self.bytes[start + 2..], b"*/") {
                        Some(i) => self.pos = start + 2 + i + 2,
                        None => {
                            self.pos = self.bytes.len();
                            self.error(start, start + 2, "'/*' : unterminated comment".into());
                        }
                    }
                }
                _ => break,
            }
        }
    }

    fn next(&mut self) -> Token {
        self.skip_space_and_comments();
        let start = self.pos;
        let Some(&b) = self.bytes.get(start) else {
            return token(TokenKind::Eof, start, start);
        };
        let kind = if b.is_ascii_alphabetic() || b == b'_' {
            self.word()
        } else if b.is_ascii_digit() || (b == b'.' && self.at(start + 1).is_ascii_digit()) {
            self.number()
        } else if b == b'"' {
            self.string()
        } else if let Some(p) = punct_at(&self.bytes[start..]) {
            self.pos += p.len();
            TokenKind::Punct(p)
        } else {
            // Step over one whole character, so that ranges stay on character boundaries.
            let len = self.text[start..].chars().next().map_or(1, char::len_utf8);
            self.pos += len;
            let shown = &self.text[start..start + len];
            self.error(
                start,
                start + len,
                format!("'{shown}' : unexpected character"),
            );
            TokenKind::Unknown
        };
        token(kind, start, self.pos)
    }

    fn word(&mut self) -> TokenKind {
        let start = self.pos;
        while self.at(self.pos).is_ascii_alphanumeric() || self.at(self.pos) == b'_' {
            self.pos += 1;
        }
        classify_word(&self.text[start..self.pos])
    }

    fn digits(&mut self, hex: bool) -> usize {
        let start = self.pos;
        while (hex && self.at(self.pos).is_ascii_hexdigit()) || self.at(self.pos).is_ascii_digit() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> TokenKind {
        let start = self.pos;
        if self.at(start) == b'0' && matches!(self.at(start + 1), b'x' | b'X') {
            self.pos += 2;
            if self.digits(true) == 0 {
                let text = self.text[start..self.pos].to_string();
                self.error(
                    start,
                    self.pos,
                    format!("'{text}' : hexadecimal literal without digits"),
                );
            }
            return self.int_suffix();
        }
        let mut float = self.mantissa();
        if matches!(self.at(self.pos), b'e' | b'E') {
            let sign = usize::from(matches!(self.at(self.pos + 1), b'+' | b'-'));
            if self.at(self.pos + 1 + sign).is_ascii_digit() {
                float = true;
                self.pos += 1 + sign;
                self.digits(false);
            }
        }
        // As ReShade reads suffixes: `f` makes a float, `l` a double (read as a float), `u` an
        // unsigned integer, only on an integer; there is no `h`, and only one suffix.
        match self.at(self.pos) {
            b'f' | b'F' | b'l' | b'L' => {
                self.pos += 1;
                TokenKind::Float
            }
            _ if float => TokenKind::Float,
            _ => self.int_suffix(),
        }
    }

    /// The digits and decimal point of a decimal or octal literal, read as ReShade's lexer reads
    /// them; whether a decimal point was read. A literal starting with `0` is octal until its
    /// decimal point (`08` is `0` and `8`), and the point is part of the literal only among its
    /// first 19 characters: in `11111111111111111111.5` (20 digits) the literal ends before it.
    fn mantissa(&mut self) -> bool {
        let mut radix = if self.at(self.pos) == b'0' { 8 } else { 10 };
        let mut point = false;
        for _ in 0..19 {
            match self.at(self.pos) {
                c @ b'0'..=b'9' if c - b'0' < radix => {}
                b'.' if !point => {
                    point = true;
                    radix = 10;
                }
                _ => return point,
            }
            self.pos += 1;
        }
        // More digits no longer change the value; a point after them is not the literal's.
        while matches!(self.at(self.pos), c @ b'0'..=b'9' if c - b'0' < radix) {
            self.pos += 1;
        }
        point
    }

    fn int_suffix(&mut self) -> TokenKind {
        if matches!(self.at(self.pos), b'u' | b'U') {
            self.pos += 1;
            return TokenKind::Uint;
        }
        TokenKind::Int
    }

    /// A string literal, escapes read: it ends at its closing quote or, unclosed, at its line's
    /// end without a word, as ReShade's lexer ends it (its preprocessor, which reads no
    /// escapes, reports a string its own reading leaves open: `preprocess/strings.rs`; so
    /// `"a\"` is closed for the preprocessor and runs to the line's end here).
    fn string(&mut self) -> TokenKind {
        self.pos += 1;
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            match self.bytes[self.pos] {
                b'"' => {
                    self.pos += 1;
                    return TokenKind::String;
                }
                b'\\' => self.pos = (self.pos + 2).min(self.bytes.len()),
                _ => self.pos += 1,
            }
        }
        // An escape may have stepped into a multi-byte character.
        while !self.text.is_char_boundary(self.pos) {
            self.pos += 1;
        }
        TokenKind::String
    }
}

fn token(kind: TokenKind, start: usize, end: usize) -> Token {
    Token {
        kind,
        range: TextRange::new(start, end),
    }
}

/// What a word is: a keyword, a type name, a reserved word or an identifier. The lexer asks
/// for every word of an effect: numeric type names by rule, the other words in a hash table
/// built once.
pub fn classify_word(word: &str) -> TokenKind {
    static WORDS: LazyLock<FxHashMap<&str, TokenKind>> = LazyLock::new(word_table);
    if let Some(kind) = numeric_type(word) {
        return kind;
    }
    if word
        .strip_prefix("half")
        .is_some_and(|rest| dimensions(rest).is_some())
    {
        return TokenKind::Reserved;
    }
    WORDS.get(word).copied().unwrap_or(TokenKind::Ident)
}

/// The keywords that are not type names.
const KEYWORDS: [(&str, Keyword); 29] = [
    ("namespace", Keyword::Namespace),
    ("struct", Keyword::Struct),
    ("technique", Keyword::Technique),
    ("pass", Keyword::Pass),
    ("for", Keyword::For),
    ("while", Keyword::While),
    ("do", Keyword::Do),
    ("if", Keyword::If),
    ("else", Keyword::Else),
    ("switch", Keyword::Switch),
    ("case", Keyword::Case),
    ("default", Keyword::Default),
    ("break", Keyword::Break),
    ("continue", Keyword::Continue),
    ("return", Keyword::Return),
    ("discard", Keyword::Discard),
    ("extern", Keyword::Extern),
    ("static", Keyword::Static),
    ("uniform", Keyword::Uniform),
    ("volatile", Keyword::Volatile),
    ("precise", Keyword::Precise),
    ("groupshared", Keyword::Groupshared),
    ("in", Keyword::In),
    ("out", Keyword::Out),
    ("inout", Keyword::Inout),
    ("const", Keyword::Const),
    ("linear", Keyword::Linear),
    ("noperspective", Keyword::Noperspective),
    ("nointerpolation", Keyword::Nointerpolation),
];

/// Type names other than the numeric ones, and the boolean literals.
fn other_words() -> [(&'static str, TokenKind); 20] {
    let object = |kind, dim| TokenKind::Type(TypeWord::Object { kind, dim });
    [
        ("true", TokenKind::True),
        ("TRUE", TokenKind::True),
        ("false", TokenKind::False),
        ("FALSE", TokenKind::False),
        ("void", TokenKind::Type(TypeWord::Void)),
        ("string", TokenKind::Type(TypeWord::String)),
        ("vector", TokenKind::Type(TypeWord::Vector)),
        ("matrix", TokenKind::Type(TypeWord::Matrix)),
        ("texture", object(ObjectKind::Texture, 2)),
        ("texture2D", object(ObjectKind::Texture, 2)),
        ("texture1D", object(ObjectKind::Texture, 1)),
        ("texture3D", object(ObjectKind::Texture, 3)),
        ("sampler", object(ObjectKind::Sampler, 2)),
        ("sampler2D", object(ObjectKind::Sampler, 2)),
        ("sampler1D", object(ObjectKind::Sampler, 1)),
        ("sampler3D", object(ObjectKind::Sampler, 3)),
        ("storage", object(ObjectKind::Storage, 2)),
        ("storage2D", object(ObjectKind::Storage, 2)),
        ("storage1D", object(ObjectKind::Storage, 1)),
        ("storage3D", object(ObjectKind::Storage, 3)),
    ]
}

/// Words ReShade reserves (HLSL and C++ keywords it does not implement); `half` with any
/// dimensions (`half`, `half3`, `half4x4`) too, by rule.
const RESERVED: [&str; 75] = [
    "asm",
    "asm_fragment",
    "auto",
    "cast",
    "catch",
    "centroid",
    "char",
    "class",
    "column_major",
    "compile",
    "const_cast",
    "delete",
    "double",
    "dynamic_cast",
    "enum",
    "explicit",
    "external",
    "foreach",
    "friend",
    "globallycoherent",
    "goto",
    "inline",
    "interface",
    "long",
    "mutable",
    "new",
    "noinline",
    "operator",
    "packed",
    "packoffset",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "restrict",
    "row_major",
    "sample",
    "sampler1DArray",
    "sampler2DArray",
    "sampler2DMS",
    "sampler2DMSArray",
    "sampler_state",
    "samplerCube",
    "samplerCubeArray",
    "samplerCUBE",
    "samplerRect",
    "samplerRECT",
    "SamplerState",
    "shared",
    "short",
    "signed",
    "sizeof",
    "snorm",
    "static_cast",
    "template",
    "this",
    "try",
    "typedef",
    "union",
    "unorm",
    "unsigned",
    "using",
    "Texture1D",
    "Texture1DArray",
    "Texture2D",
    "Texture2DArray",
    "Texture2DMS",
    "Texture2DMSArray",
    "Texture3D",
    "textureCUBE",
    "TextureCube",
    "TextureCubeArray",
    "textureRECT",
    "virtual",
];

/// Every word that is not an identifier, except the numeric type names and `half`'s family.
fn word_table() -> FxHashMap<&'static str, TokenKind> {
    let others = other_words();
    let mut words = FxHashMap::with_capacity_and_hasher(
        RESERVED.len() + others.len() + KEYWORDS.len(),
        Default::default(),
    );
    words.extend(RESERVED.map(|word| (word, TokenKind::Reserved)));
    words.extend(others);
    words.extend(KEYWORDS.map(|(word, keyword)| (word, TokenKind::Keyword(keyword))));
    words
}

fn dimensions(rest: &str) -> Option<(u8, u8)> {
    let dim = |s: &str| match s.as_bytes() {
        [d @ b'1'..=b'4'] => Some(d - b'0'),
        _ => None,
    };
    if rest.is_empty() {
        return Some((1, 1));
    }
    match rest.split_once('x') {
        None => Some((dim(rest)?, 1)),
        Some((r, c)) => Some((dim(r)?, dim(c)?)),
    }
}

/// `float`, `int3`, `uint4x2`, `dword2`, `min16float3`: the numeric type names.
fn numeric_type(word: &str) -> Option<TokenKind> {
    // Most words start with no type name's first letter: they are known at once.
    if !matches!(
        word.as_bytes().first(),
        Some(b'b' | b'i' | b'u' | b'd' | b'f' | b'm')
    ) {
        return None;
    }
    let (base, rest, matrices) = [
        ("bool", Base::Bool, true),
        ("int", Base::Int, true),
        ("uint", Base::Uint, true),
        ("dword", Base::Uint, true),
        ("float", Base::Float, true),
        ("min16float", Base::Float, false),
        ("min16int", Base::Int, false),
        ("min16uint", Base::Uint, false),
    ]
    .iter()
    .find_map(|&(prefix, base, matrices)| {
        word.strip_prefix(prefix).map(|rest| (base, rest, matrices))
    })?;
    if rest.starts_with('1') || (rest.contains('x') && !matrices) {
        return None;
    }
    let (rows, cols) = dimensions(rest)?;
    // `float3x1` is a vector in ReShade; `float1x3` is a matrix.
    Some(TokenKind::Type(TypeWord::Numeric { base, rows, cols }))
}

impl TokenKind {
    /// How the token kind reads in a message when its text is not at hand.
    pub fn describe(self) -> &'static str {
        match self {
            TokenKind::Ident => "identifier",
            TokenKind::Int | TokenKind::Uint | TokenKind::Float => "number",
            TokenKind::String => "string",
            TokenKind::True | TokenKind::False => "boolean literal",
            TokenKind::Keyword(_) => "keyword",
            TokenKind::Type(_) => "type name",
            TokenKind::Reserved => "reserved word",
            TokenKind::Punct(p) => p,
            TokenKind::Unknown => "unknown character",
            TokenKind::Eof => "end of file",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokenKind> {
        let (tokens, errors) = tokenize(text);
        assert_eq!(errors, Vec::new(), "{text}");
        tokens.iter().map(|t| t.kind).collect()
    }

    #[test]
    fn literals_take_their_suffixes() {
        use TokenKind::*;
        assert_eq!(
            kinds("1.0f 1u 0x1F 1e-3 .5 2. 7 3F 0xFFu 1.5L 010 2L"),
            [
                Float, Uint, Int, Float, Float, Float, Int, Float, Uint, Float, Int, Float, Eof
            ]
        );
        // As in ReShade: no `h` suffix, one suffix only, `u` only on an integer.
        assert_eq!(kinds("1.5h"), [Float, Ident, Eof]);
        assert_eq!(kinds("1uL"), [Uint, Ident, Eof]);
        assert_eq!(kinds("1.0u"), [Float, Ident, Eof]);
        let (tokens, _) = tokenize("1e-3f");
        assert_eq!(tokens[0].range, TextRange::new(0, 5));
    }

    #[test]
    fn literals_end_where_reshade_ends_them() {
        use TokenKind::*;
        // Octal until the decimal point: `08.5` is `0` and `8.5`, `09` is `0` and `9`.
        assert_eq!(
            kinds("08.5 09 07.5 0.59"),
            [Int, Float, Int, Int, Float, Float, Eof]
        );
        // The decimal point belongs to the literal only among its first 19 characters.
        assert_eq!(kinds("111111111111111111.5"), [Float, Eof]);
        assert_eq!(kinds("1111111111111111111.5"), [Int, Float, Eof]);
        assert_eq!(kinds("0000000000000000000.5"), [Int, Float, Eof]);
        assert_eq!(
            kinds("1.2345678901234567890123 11111111111111111111e5"),
            [Float, Float, Eof]
        );
    }

    #[test]
    fn type_names_and_keywords() {
        let numeric = |base, rows, cols| TokenKind::Type(TypeWord::Numeric { base, rows, cols });
        assert_eq!(classify_word("float4x3"), numeric(Base::Float, 4, 3));
        assert_eq!(classify_word("int2"), numeric(Base::Int, 2, 1));
        assert_eq!(classify_word("bool"), numeric(Base::Bool, 1, 1));
        assert_eq!(classify_word("dword3"), numeric(Base::Uint, 3, 1));
        assert_eq!(classify_word("float3x1"), numeric(Base::Float, 3, 1));
        assert_eq!(classify_word("float5"), TokenKind::Ident);
        assert_eq!(classify_word("float1"), TokenKind::Ident);
        assert_eq!(classify_word("half3"), TokenKind::Reserved);
        assert_eq!(classify_word("min16float2x2"), TokenKind::Ident);
        assert_eq!(classify_word("min16uint3"), numeric(Base::Uint, 3, 1));
        assert_eq!(classify_word("float1x3"), TokenKind::Ident);
        assert_eq!(classify_word("uint4x4"), numeric(Base::Uint, 4, 4));
        assert_eq!(classify_word("half"), TokenKind::Reserved);
        assert_eq!(classify_word("half1x4"), TokenKind::Reserved);
        assert_eq!(classify_word("half5"), TokenKind::Ident);
        assert_eq!(classify_word("TextureCube"), TokenKind::Reserved);
        assert_eq!(classify_word("FALSE"), TokenKind::False);
        assert_eq!(classify_word("Float"), TokenKind::Ident);
        assert_eq!(
            classify_word("groupshared"),
            TokenKind::Keyword(Keyword::Groupshared)
        );
        assert_eq!(
            classify_word("storage3D"),
            TokenKind::Type(TypeWord::Object {
                kind: ObjectKind::Storage,
                dim: 3
            })
        );
    }

    #[test]
    fn operators_use_maximal_munch_and_comments_do_not_nest() {
        use TokenKind::*;
        assert_eq!(
            kinds("a<<=b>>c::d /* /* */ ++ // x\n[unroll]"),
            [
                Ident,
                Punct("<<="),
                Ident,
                Punct(">>"),
                Ident,
                Punct("::"),
                Ident,
                Punct("++"),
                Punct("["),
                Ident,
                Punct("]"),
                Eof
            ]
        );
    }

    #[test]
    fn bad_input_gives_located_errors() {
        // An unclosed string is the preprocessor's to report (`preprocess/strings.rs`).
        let (tokens, errors) = tokenize("a @ \"x\nb é /*");
        assert_eq!(
            errors,
            [
                LexError {
                    range: TextRange::new(2, 3),
                    message: "'@' : unexpected character".into()
                },
                LexError {
                    range: TextRange::new(9, 11),
                    message: "'é' : unexpected character".into()
                },
                LexError {
                    range: TextRange::new(12, 14),
                    message: "'/*' : unterminated comment".into()
                },
            ]
        );
        assert_eq!(tokens.last().map(|t| t.kind), Some(TokenKind::Eof));
    }
}
