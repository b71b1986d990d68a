//! Errors naga reports without a span, located by deleting candidates from the text and
//! parsing again; and the text surgery that needs (function bodies, comments, replacements).

pub(super) fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Where a parse error that naga reports without a span comes from (its typifier's errors carry
/// none: indexing a scalar, a constant index past a vector's end, ...), found by deleting
/// candidates from `wgsl` and parsing again: first the function whose body, replaced by an empty
/// loop, makes the error go away, then the index expression inside it whose removal does. Returns
/// a byte range of `wgsl` within its first `user_len` bytes (user text, not generated code).
/// Only runs on an error, and then parses the text once per function and per index expression.
pub fn locate_spanless(
    wgsl: &str,
    user_len: usize,
    message: &str,
) -> Option<std::ops::Range<usize>> {
    let same_error = |text: &str| match naga::front::wgsl::parse_str(text) {
        Ok(_) => false,
        Err(e) => normalize(e.message()) == normalize(message),
    };
    let user = &wgsl[..user_len.min(wgsl.len())];
    let bodies = function_bodies(user);
    let (name, body) = bodies.into_iter().find(|(_, body)| {
        // The body's inside becomes an endless loop (valid for any return type), padded so
        // that every other byte keeps its offset.
        let inside = body.start + 1..body.end - 1;
        inside.len() >= "loop{}".len()
            && !same_error(&replace(
                wgsl,
                inside.clone(),
                &format!("{:<1$}", "loop{}", inside.len()),
            ))
    })?;
    // Inside the function, the index expression `[...]` at fault. First with the index replaced
    // by 0, which keeps every type as it was, so only the culprit's change can clear the error
    // (a constant index out of bounds); then with `[...]` removed, which changes the indexed
    // expression's type, so only a removal that lets the whole text parse counts (indexing a
    // value that cannot be indexed).
    let text = wgsl.as_bytes();
    let indexes: Vec<std::ops::Range<usize>> = (body.start..body.end)
        .filter(|&i| text[i] == b'[')
        .filter_map(|i| matching(text, i, b'[', b']', body.end).map(|close| i..close + 1))
        .collect();
    for range in &indexes {
        let inside = range.start + 1..range.end - 1;
        if !inside.is_empty()
            && !same_error(&replace(
                wgsl,
                inside.clone(),
                &format!("{:<1$}", "0", inside.len()),
            ))
        {
            return Some(range.clone());
        }
    }
    for range in &indexes {
        if naga::front::wgsl::parse_str(&replace(wgsl, range.clone(), &" ".repeat(range.len())))
            .is_ok()
        {
            return Some(range.clone());
        }
    }
    Some(name)
}

/// Messages name IR handles (`[3]`), which shift when the text changes: compare without them.
fn normalize(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut in_handle = false;
    for c in message.chars() {
        match c {
            '[' => in_handle = true,
            ']' if in_handle => in_handle = false,
            _ if in_handle && c.is_ascii_digit() => {}
            _ => {
                if in_handle {
                    // Not a handle after all.
                    out.push('[');
                    in_handle = false;
                }
                out.push(c);
            }
        }
    }
    out
}

pub(crate) fn replace(text: &str, range: std::ops::Range<usize>, with: &str) -> String {
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..range.start]);
    out.push_str(with);
    out.push_str(&text[range.end..]);
    out
}

/// The byte after `open` (at `start`) that closes it, skipping nested pairs; `None` past `end`.
fn matching(text: &[u8], start: usize, open: u8, close: u8, end: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &b) in text.iter().enumerate().take(end).skip(start) {
        if b == open {
            depth += 1;
        } else if b == close {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// Each top-level `fn`: the range of its name and of its body, braces included. Comments are
/// skipped (the preprocessor has already removed them from effects; plain WGSL files keep them).
pub(crate) fn function_bodies(text: &str) -> Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> {
    // Comment bytes blanked, so braces inside them do not count.
    let code = blank_comments(text.as_bytes());
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < code.len() {
        match code[i] {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b'f' if depth == 0
                && code[i..].starts_with(b"fn")
                && (i == 0 || !word(code[i - 1]))
                && code.get(i + 2).is_some_and(|&b| !word(b)) =>
            {
                let name_start = (i + 2..code.len()).find(|&j| !code[j].is_ascii_whitespace());
                let name_end = name_start
                    .and_then(|s| (s..code.len()).find(|&j| !word(code[j])))
                    .unwrap_or(code.len());
                let open = (i..code.len()).find(|&j| code[j] == b'{');
                if let (Some(name_start), Some(open)) = (name_start, open)
                    && let Some(close) = matching(&code, open, b'{', b'}', code.len())
                {
                    out.push((name_start..name_end, open..close + 1));
                    i = close + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// `bytes` with the bytes of `//` and (nested) `/* */` comments replaced by spaces.
pub(super) fn blank_comments(bytes: &[u8]) -> Vec<u8> {
    let mut code = bytes.to_vec();
    let mut i = 0;
    while i + 1 < code.len() {
        match (code[i], code[i + 1]) {
            (b'/', b'/') => {
                while i < code.len() && code[i] != b'\n' {
                    code[i] = b' ';
                    i += 1;
                }
            }
            (b'/', b'*') => {
                let mut depth = 0;
                while i + 1 < code.len() {
                    if code[i] == b'/' && code[i + 1] == b'*' {
                        depth += 1;
                        code[i] = b' ';
                        code[i + 1] = b' ';
                        i += 2;
                    } else if code[i] == b'*' && code[i + 1] == b'/' {
                        depth -= 1;
                        code[i] = b' ';
                        code[i + 1] = b' ';
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        code[i] = b' ';
                        i += 1;
                    }
                }
            }
            _ => i += 1,
        }
    }
    code
}
