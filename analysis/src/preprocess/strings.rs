//! ReShade FX's check of string literals: every string the preprocessor reads must end on its
//! line. ReShade's lexer ends a string at the end of its line (or file) without a word, and its
//! preprocessor then reports each string token not closed by a `"` (`effect_preprocessor.cpp`,
//! "unterminated string literal"). The preprocessor reads every token of a file, in skipped
//! groups and directives (a `#define` body) too, so the check walks the whole text, skipping
//! comments as the lexer does.

/// Where each string that does not end on its line starts (byte offsets into `text`).
pub(super) fn unterminated_strings(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b'/', Some(b'/')) => {
                i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |k| i + k);
            }
            (b'/', Some(b'*')) => {
                i = memchr::memmem::find(&bytes[i + 2..], b"*/").map_or(bytes.len(), |k| i + 4 + k);
            }
            (b'"', _) => {
                let (end, closed) = string_end(bytes, i);
                // ReShade tests the token's last character: a lone `"` at the end of a line
                // passes.
                if !closed && end > i + 1 {
                    found.push(i);
                }
                i = end;
            }
            // Nothing else matters: go straight to the next slash or quote.
            _ => {
                i = memchr::memchr2(b'/', b'"', &bytes[i + 1..]).map_or(bytes.len(), |k| i + 1 + k)
            }
        }
    }
    found
}

/// Where the string opening at `open` ends (past its closing quote, or at its line's end), and
/// whether a quote closed it. A backslash before the line's end continues it on the next line;
/// before anything else it is a plain character, as ReShade's preprocessor lexes strings (no
/// escapes: `"a\"` is closed there, though the parser, which reads escapes, takes its `\"` as a
/// quote within the string).
fn string_end(bytes: &[u8], open: usize) -> (usize, bool) {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return (i + 1, true),
            b'\n' => return (i, false),
            b'\\' if bytes.get(i + 1) == Some(&b'\n') => i += 2,
            b'\\' if bytes.get(i + 1) == Some(&b'\r') && bytes.get(i + 2) == Some(&b'\n') => i += 3,
            _ => i += 1,
        }
    }
    // A `\r` before the end of the line is no part of the token either.
    (bytes.len(), false)
}

#[cfg(test)]
mod tests {
    use super::unterminated_strings;

    #[test]
    fn strings_that_do_not_end_on_their_line_are_found_outside_comments() {
        let text = "a \"ok\" \"open\nb \"x\\\ny\" // \"in a comment\n/* \"too */ \"last";
        assert_eq!(unterminated_strings(text), [7, 50]);
        // A lone quote at the end of a line passes, as ReShade's last-character test does.
        assert!(unterminated_strings("x = \"\n").is_empty());
        assert!(unterminated_strings("\"escaped \\\" quote\"").is_empty());
    }
}
