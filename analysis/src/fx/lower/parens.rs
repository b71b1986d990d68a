//! Parentheses the generated WGSL can do without. Every expression lowering writes is either
//! primary (a name, a call, a parenthesised expression, each with postfixes) or wrapped in
//! parentheses, so that it can stand anywhere; where it stands alone (a statement's value) or
//! takes a postfix, the extra pair is only more text for naga to read. Dropping them changes no
//! expression naga builds, only how much text it parses (about 7% of the tokens of the corpus's
//! largest effects).

/// Whether `code` takes a postfix (`.x`, `[i]`) as it stands: a name or a parenthesised
/// expression, then calls, indices and member accesses. A literal, a template (`vec3<bool>`),
/// a pointer (`*p`, `&p`) or any operator outside brackets is not.
pub(super) fn is_primary(code: &str) -> bool {
    let b = code.as_bytes();
    let mut i = word_end(b, 0);
    if i == 0 {
        // No leading name: a parenthesised expression, or nothing primary.
        if b.first() != Some(&b'(') {
            return false;
        }
    } else if b[0].is_ascii_digit() {
        return false;
    }
    while i < b.len() {
        i = match b[i] {
            b'(' | b'[' => match closing(b, i) {
                Some(close) => close + 1,
                None => return false,
            },
            b'.' => match word_end(b, i + 1) {
                end if end > i + 1 => end,
                _ => return false,
            },
            _ => return false,
        };
    }
    true
}

/// `code` followed by `postfix` (`.xy`, `[1][0]`), in parentheses only where it needs them.
pub(super) fn postfixed(code: &str, postfix: &str) -> String {
    if is_primary(code) {
        [code, postfix].concat()
    } else {
        ["(", code, ")", postfix].concat()
    }
}

/// `code` without one pair of parentheses around all of it (`(a + b)` → `a + b`), for places
/// that take any expression: the value of an assignment, an initialiser, a `return`.
pub(super) fn bare(code: &str) -> &str {
    let b = code.as_bytes();
    if b.first() == Some(&b'(') && closing(b, 0) == Some(b.len() - 1) {
        &code[1..code.len() - 1]
    } else {
        code
    }
}

/// The end of the identifier characters from `start`.
fn word_end(b: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    i
}

/// The index of the bracket closing the one at `open` (WGSL has no strings or character
/// literals, so every bracket counts).
fn closing(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' | b'[' => depth += 1,
            b')' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primaries_take_postfixes_as_they_stand() {
        for code in [
            "uv",
            "fx_l1_i.texcoord",
            "(*Fog)",
            "(a + b)",
            "f(a, (b))",
            "tex[2].rgb",
            "m[0][1]",
            "textureSampleLevel(t, s, uv, 0.0)",
            "(a).x",
        ] {
            assert!(is_primary(code), "{code}");
        }
        for code in [
            "",
            "2.0f",
            "1i",
            "-x",
            "*p",
            "&p",
            "a + b",
            "(a) + (b)",
            "(a)(",
            "vec3<bool>(true)",
            "bitcast<i32>(5u)",
            "a.",
            "a.(b)",
        ] {
            assert!(!is_primary(code), "{code}");
        }
    }

    #[test]
    fn only_a_pair_around_everything_is_dropped() {
        assert_eq!(bare("(a + b)"), "a + b");
        assert_eq!(bare("((a))"), "(a)");
        assert_eq!(bare("(a) + (b)"), "(a) + (b)");
        assert_eq!(bare("(a).x"), "(a).x");
        assert_eq!(bare("f(a)"), "f(a)");
        assert_eq!(bare("x"), "x");
        assert_eq!(bare("("), "(");
    }
}
