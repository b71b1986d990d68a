//! Mutations of ReShade FX text for robustness runs, shared by the `fx_mutations` test and the
//! `fx_stress` example: token deletions, swaps and insertions, truncations, 10k-level nesting,
//! huge literals and invalid UTF-8. Deterministic for a seed, so a failure names its mutant.

#![allow(dead_code)]

/// xorshift64*: enough randomness for mutations, and reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Pieces of ReShade FX that make mutations reach deep into the preprocessor and parser.
pub const TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    ";",
    ",",
    "=",
    ":",
    "::",
    "?",
    ".",
    "#",
    "\"",
    "\n",
    "/*",
    "*/",
    "//",
    "\\\n",
    "++",
    "+=",
    "<<=",
    "#define X(a) a##a\n",
    "#if 1\n",
    "#endif\n",
    "#include \"Missing.fxh\"\n",
    "#if exists \"ReShade.fxh\"\n",
    "__VA_ARGS__",
    "technique",
    "pass",
    "namespace",
    "struct",
    "uniform",
    "static",
    "const",
    "texture",
    "sampler2D",
    "storage",
    "groupshared",
    "float4x3",
    "int2",
    "vector<float, 3>",
    "switch",
    "case 1:",
    "default:",
    "do",
    "while",
    "for",
    "if",
    "else",
    "return",
    "discard",
    "[unroll]",
    "ComputeShader = CS<8, 8>;",
    "VertexShader",
    "(float3)",
    "float3(",
    "_m00",
    ".xyzw",
    "ReShade::",
    "tex2D",
    "0",
    "-1",
    "1.0f",
    "0x",
    "1e",
    "4294967296",
    "1e40",
    ".5",
    "true",
    "é",
    "\u{0}",
    "__LINE__",
    "BUFFER_WIDTH",
];

/// The ways a text is mutated, used in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Truncate,
    DeleteTokens,
    SwapTokens,
    InsertToken,
    DuplicateTokens,
    DeepNesting,
    HugeLiteral,
    InvalidUtf8,
}

pub const KINDS: [Kind; 8] = [
    Kind::Truncate,
    Kind::DeleteTokens,
    Kind::SwapTokens,
    Kind::InsertToken,
    Kind::DuplicateTokens,
    Kind::DeepNesting,
    Kind::HugeLiteral,
    Kind::InvalidUtf8,
];

/// Byte ranges of rough tokens (words, numbers, single punctuation) outside comments: token
/// edits keep most of the text lexable, so mutants reach the parser.
pub fn token_ranges(text: &[u8]) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        // Comments are skipped: edits inside them would test nothing.
        if text[i..].starts_with(b"//") {
            while i < text.len() && text[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if text[i..].starts_with(b"/*") {
            i += 2;
            while i < text.len() && !text[i..].starts_with(b"*/") {
                i += 1;
            }
            i = (i + 2).min(text.len());
            continue;
        }
        let start = i;
        if b == b'"' {
            // A string is one token, so that nothing is inserted inside one.
            i += 1;
            while i < text.len() && !matches!(text[i], b'"' | b'\n') {
                i += 1;
            }
            i = (i + 1).min(text.len());
        } else if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' {
            while i < text.len()
                && (text[i].is_ascii_alphanumeric() || text[i] == b'_' || text[i] == b'.')
            {
                i += 1;
            }
        } else {
            i += 1;
        }
        ranges.push((start, i));
    }
    ranges
}

/// One mutant of `source` (whose rough tokens are `tokens`).
pub fn mutate(source: &[u8], tokens: &[(usize, usize)], kind: Kind, rng: &mut Rng) -> Vec<u8> {
    let mut bytes = source.to_vec();
    let token = |rng: &mut Rng| {
        tokens
            .get(rng.below(tokens.len()))
            .copied()
            .unwrap_or((0, 0))
    };
    match kind {
        Kind::Truncate => bytes.truncate(rng.below(bytes.len() + 1)),
        Kind::DeleteTokens => {
            let (start, _) = token(rng);
            let i = tokens.partition_point(|t| t.0 < start);
            let last = tokens.get((i + rng.below(3)).min(tokens.len().saturating_sub(1)));
            let end = last.map_or(start, |t| t.1).max(start);
            bytes.drain(start..end.min(bytes.len()));
        }
        Kind::SwapTokens => {
            let (a, b) = (token(rng), token(rng));
            let (first, second) = if a.0 <= b.0 { (a, b) } else { (b, a) };
            if first.1 <= second.0 {
                let mut out = bytes[..first.0].to_vec();
                out.extend_from_slice(&bytes[second.0..second.1]);
                out.extend_from_slice(&bytes[first.1..second.0]);
                out.extend_from_slice(&bytes[first.0..first.1]);
                out.extend_from_slice(&bytes[second.1..]);
                bytes = out;
            }
        }
        Kind::InsertToken => {
            let at = token(rng).0;
            let piece = TOKENS[rng.below(TOKENS.len())];
            bytes.splice(at..at, piece.bytes());
        }
        Kind::DuplicateTokens => {
            let (start, _) = token(rng);
            let end = tokens
                .get(tokens.partition_point(|t| t.0 < start) + rng.below(8))
                .map_or(start, |t| t.1)
                .max(start)
                .min(bytes.len());
            let copy = bytes[start..end].to_vec();
            let to = token(rng).0;
            bytes.splice(to..to, copy);
        }
        Kind::DeepNesting => {
            let at = token(rng).0;
            let (open, close) =
                [("(", ")"), ("{", "}"), ("[", "]"), ("-", ""), ("a.", "")][rng.below(5)];
            let balanced = rng.below(2) == 0;
            let mut piece = open.repeat(10_000);
            piece.push('1');
            if balanced {
                piece.push_str(&close.repeat(10_000));
            }
            bytes.splice(at..at, piece.bytes());
        }
        Kind::HugeLiteral => {
            let at = token(rng).0;
            let piece = match rng.below(5) {
                0 => "9".repeat(400),
                1 => "1e99999".to_string(),
                2 => format!("0x{}", "F".repeat(100)),
                3 => format!("{}.5", "1".repeat(400)),
                _ => format!("\"{}\"", "s".repeat(100_000)),
            };
            bytes.splice(at..at, piece.bytes());
        }
        Kind::InvalidUtf8 => {
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(bytes.len() + 1);
                let b = 0x80 + rng.below(0x80) as u8;
                bytes.insert(at, b);
            }
        }
    }
    bytes
}
