//! Positions in the editor's text: 1-based lines and character columns (as diagnostics report
//! them) to byte and character offsets and back, and find.

/// The byte offset of 1-based `line` and character `column` in `text`, clamped to the line's
/// end (a diagnostic from an older compile may point past an edited line) and the text's end.
pub fn byte_offset(text: &str, line: u32, column: u32) -> usize {
    let mut start = 0;
    for _ in 1..line.max(1) {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    text[start..line_end]
        .char_indices()
        .nth(column.saturating_sub(1) as usize)
        .map_or(line_end, |(i, _)| start + i)
}

/// The character index of byte offset `byte` (rounded down to a character boundary).
pub fn char_index(text: &str, byte: usize) -> usize {
    let mut byte = byte.min(text.len());
    while !text.is_char_boundary(byte) {
        byte -= 1;
    }
    text[..byte].chars().count()
}

/// The byte offset of character index `chars`.
pub fn byte_of_char(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| i)
}

/// The 1-based line and character column of character index `chars`.
pub fn line_col(text: &str, chars: usize) -> (u32, u32) {
    let byte = byte_of_char(text, chars);
    let before = &text[..byte];
    let line = before.matches('\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() as u32 + 1)
}

/// The next occurrence of `needle` (ignoring ASCII case) starting at or after byte `from`,
/// wrapping around to the start; its byte range.
pub fn find_next(text: &str, needle: &str, from: usize) -> Option<std::ops::Range<usize>> {
    if needle.is_empty() {
        return None;
    }
    let haystack = text.to_ascii_lowercase();
    let needle = needle.to_ascii_lowercase();
    let from = from.min(text.len());
    let at = haystack
        .get(from..)
        .and_then(|rest| rest.find(&needle).map(|i| from + i))
        .or_else(|| haystack.find(&needle))?;
    Some(at..at + needle.len())
}

/// How many times `needle` occurs (ignoring ASCII case), not overlapping.
pub fn count(text: &str, needle: &str) -> usize {
    if needle.is_empty() {
        return 0;
    }
    text.to_ascii_lowercase()
        .matches(&needle.to_ascii_lowercase())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_map_to_offsets_and_back() {
        let text = "ab\nçd\n\nxyz";
        assert_eq!(byte_offset(text, 1, 1), 0);
        assert_eq!(byte_offset(text, 2, 2), 5);
        assert_eq!(byte_offset(text, 2, 99), 6, "clamped to the line's end");
        assert_eq!(byte_offset(text, 4, 3), 10);
        assert_eq!(byte_offset(text, 9, 1), text.len());
        assert_eq!(char_index(text, 5), 4);
        assert_eq!(line_col(text, 4), (2, 2));
        assert_eq!(line_col(text, 7), (4, 1));
    }

    #[test]
    fn find_wraps_around_and_ignores_case() {
        let text = "Foo bar foo";
        assert_eq!(find_next(text, "foo", 1), Some(8..11));
        assert_eq!(find_next(text, "FOO", 9), Some(0..3));
        assert_eq!(find_next(text, "baz", 0), None);
        assert_eq!(count(text, "foo"), 2);
    }
}
