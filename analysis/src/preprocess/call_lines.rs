//! The lines ReShade reports for code on a line with a function-like macro call whose arguments
//! span lines.
//!
//! ReShade's preprocessor copies an argument's text with its newlines, so a multi-line
//! argument puts newlines inside the expansion, and the output line the call stands on is
//! written in pieces, each ended by one of those newlines. Its output is numbered by the
//! newline that ends each piece (`parse`: `#line` when the number differs), so:
//!
//! - the expansion is lexed from the place of the last token read before it is pushed: the
//!   call's `)`, moved on by every newline of every argument pasted through the argument
//!   prescan (once per use of the parameter; a `##` operand or a `#` one is not prescanned).
//!   Call that line S; the expansion's k-th newline is at line S + k, and the piece it ends
//!   is reported there;
//! - the last piece goes on after the call and is ended by the next newline: another such
//!   call's first newline on the same line, or the file's own at the end of the line (the line
//!   of the `)`);
//! - the next line after that is numbered as usual (a `#line` puts it back).
//!
//! Lines map whole: each physical line of the call takes the piece its first token lands in
//! (the name's line the first piece). A line holding tokens of two pieces (arguments used out
//! of order) keeps the first. The preprocessor's own diagnostics keep their real lines.

use super::expand::Macro;
use super::tokens::Tok;
use super::*;

/// The last piece of a multi-line call: its lines are numbered by the newline that ends it.
pub(super) struct CallTail {
    file: FileId,
    /// The line of the call's `)`, where the file's newline ends the piece when nothing else
    /// does.
    line: u32,
    /// Real lines whose first token is in the piece.
    lines: Vec<u32>,
}

/// One step through an expansion: an argument token's real line, or a newline.
#[derive(Clone, Copy)]
enum Step {
    Token(u32),
    Newline,
}

impl Preprocessor<'_> {
    /// Numbers the lines of the call of `m` by `name` (see the module comment). `bounds` are the
    /// call's `(`, the `,` between its arguments and its `)`; every token must be the file's own.
    pub(super) fn number_call_lines(
        &mut self,
        m: &Macro,
        name: &Tok,
        bounds: &[Tok],
        args: &[Vec<Tok>],
    ) {
        let file = name.span.file;
        let own = |t: &Tok| t.exact && t.span.file == file;
        let (Some(open), Some(close)) = (bounds.first(), bounds.last()) else {
            return;
        };
        let within = self
            .sources
            .get(file)
            .text
            .as_bytes()
            .get(open.span.end as usize..close.span.start as usize);
        // Most calls sit on one line: nothing to number.
        if within.is_none_or(|text| memchr::memchr(b'\n', text).is_none()) {
            return;
        }
        if bounds.len() != args.len() + 1
            || !own(name)
            || !bounds.iter().all(own)
            || !args.iter().flatten().all(own)
        {
            return;
        }
        let Some((steps, prescanned)) = self.expansion_steps(m, bounds, args) else {
            return;
        };
        let source = self.sources.get(file);
        let line = |t: &Tok| source.line(t.span.start);
        let first = line(name);
        let close = line(&bounds[bounds.len() - 1]);
        let start = close + prescanned;
        let newlines = steps.iter().filter(|s| matches!(s, Step::Newline)).count() as u32;
        // Each real line's piece: the first its tokens land in.
        let mut pieces: Vec<(u32, u32)> = vec![(first, 0)];
        let mut piece = 0;
        for step in steps {
            match step {
                Step::Newline => piece += 1,
                Step::Token(l) if !pieces.iter().any(|&(seen, _)| seen == l) => {
                    pieces.push((l, piece));
                }
                Step::Token(_) => {}
            }
        }
        let mut numbered = Vec::new();
        // The previous call's last piece, if this call goes on with it.
        if let Some(tail) = self.call_tail.take() {
            let same_line = tail.file == file && tail.line == first;
            if same_line && newlines == 0 {
                pieces.extend(tail.lines.iter().map(|&l| (l, 0)));
            } else {
                let end = if same_line { start } else { tail.line };
                numbered.extend(tail.lines.iter().map(|&l| (l, end)));
            }
        }
        let mut tail = CallTail {
            file,
            line: close,
            lines: Vec::new(),
        };
        for (l, piece) in pieces {
            if piece < newlines {
                numbered.push((l, start + piece));
            } else {
                tail.lines.push(l);
            }
        }
        self.call_tail = Some(tail);
        self.record_numbered(file, numbered);
    }

    /// Ends the line a multi-line call stood on: its last piece is numbered by the file's
    /// newline there.
    pub(super) fn finish_call_lines(&mut self) {
        if let Some(tail) = self.call_tail.take() {
            let numbered = tail.lines.iter().map(|&l| (l, tail.line)).collect();
            self.record_numbered(tail.file, numbered);
        }
    }

    fn record_numbered(&mut self, file: FileId, mut numbered: Vec<(u32, u32)>) {
        numbered.retain(|&(real, reported)| real != reported);
        if numbered.is_empty() {
            return;
        }
        numbered.sort_unstable();
        self.sources.add_parser_lines(file, &numbered);
    }

    /// The argument tokens and newlines of the expansion of `m` in order, and how many
    /// newlines the prescanned arguments hold; `None` when no argument holds one.
    fn expansion_steps(
        &self,
        m: &Macro,
        bounds: &[Tok],
        args: &[Vec<Tok>],
    ) -> Option<(Vec<Step>, u32)> {
        let source = self.sources.get(bounds[0].span.file);
        let text = source.text.as_bytes();
        let line = |t: &Tok| source.line(t.span.start);
        // Each argument as ReShade copies it: its tokens with the newlines before each, then
        // the newlines before the `,` or `)` after it.
        let copied: Vec<Vec<Step>> = args
            .iter()
            .zip(bounds.windows(2))
            .map(|(arg, pair)| {
                let mut steps = Vec::new();
                let mut from = pair[0].span.end as usize;
                for t in arg {
                    let gap = text.get(from..t.span.start as usize).unwrap_or_default();
                    steps.extend((0..newlines_in(gap)).map(|_| Step::Newline));
                    steps.push(Step::Token(line(t)));
                    from = t.span.end as usize;
                }
                let gap = text
                    .get(from..pair[1].span.start as usize)
                    .unwrap_or_default();
                steps.extend((0..newlines_in(gap)).map(|_| Step::Newline));
                steps
            })
            .collect();
        if copied.iter().all(|steps| count(steps) == 0) {
            return None;
        }
        Some(self.substituted(m, &copied, 0))
    }

    /// The steps of `m`'s expansion with `copied` for its arguments, and how far its text's
    /// line is past the call's `)`: the newlines of every prescanned argument. A body that is a
    /// call of another function-like macro (`#define HELP(t) MESSAGE(Help, t)`) is lexed from
    /// there: its own `)` comes after the newlines before it, and its expansion is numbered
    /// from that `)` moved on by its own prescanned arguments, and so on down.
    fn substituted(&self, m: &Macro, copied: &[Vec<Step>], depth: usize) -> (Vec<Step>, u32) {
        let params = m.params.as_deref().unwrap_or(&[]);
        let param = |t: &Tok| {
            (t.kind == Kind::Ident)
                .then(|| params.iter().position(|p| **p == *t.text))
                .flatten()
                .filter(|&p| p < copied.len())
        };
        let body = &m.body;
        if depth < MAX_NESTED_CALLS
            && let Some(found) = self.nested_call(body, &param, copied, depth)
        {
            return found;
        }
        let mut steps = Vec::new();
        let mut prescanned = 0;
        for (i, b) in body.iter().enumerate() {
            let Some(p) = param(b) else {
                continue;
            };
            // A `#` operand becomes a string; its newlines are not lines of code.
            if i > 0 && body[i - 1].is("#") {
                continue;
            }
            let pasted =
                (i > 0 && body[i - 1].is("##")) || body.get(i + 1).is_some_and(|n| n.is("##"));
            if !pasted {
                prescanned += count(&copied[p]);
            }
            steps.extend_from_slice(&copied[p]);
        }
        (steps, prescanned)
    }

    /// When `body` holds a call of a function-like macro whose `(`, `,` and `)` are the
    /// body's own, and the arguments' newlines are all inside it (`MESSAGE(Help, t)`): its
    /// expansion's steps and line offset (see [`Preprocessor::substituted`]).
    fn nested_call(
        &self,
        body: &[Tok],
        param: &dyn Fn(&Tok) -> Option<usize>,
        copied: &[Vec<Step>],
        depth: usize,
    ) -> Option<(Vec<Step>, u32)> {
        let at = body.windows(2).position(|pair| {
            pair[0].kind == Kind::Ident
                && param(&pair[0]).is_none()
                && pair[1].is("(")
                && self
                    .macros
                    .get(&pair[0].text)
                    .is_some_and(|m| m.params.is_some())
        })?;
        let nested = self.macros.get(&body[at].text)?;
        let nested_params = nested.params.as_deref()?;
        if nested.variadic {
            return None;
        }
        // Its arguments: the body's tokens between its commas, parameters standing for what
        // the outer call copied.
        let mut args: Vec<Vec<Step>> = vec![Vec::new()];
        let mut level = 0;
        let mut end = None;
        for (k, t) in body.iter().enumerate().skip(at + 1) {
            if t.is("#") || t.is("##") {
                return None;
            }
            if t.is("(") {
                level += 1;
                if level == 1 {
                    continue;
                }
            } else if t.is(")") {
                level -= 1;
                if level == 0 {
                    end = Some(k);
                    break;
                }
            } else if t.is(",") && level == 1 {
                args.push(Vec::new());
                continue;
            }
            if let Some(p) = param(t) {
                args.last_mut()?.extend_from_slice(&copied[p]);
            }
        }
        let end = end?;
        if args.len() != nested_params.len() {
            return None;
        }
        // Outside the call, no parameter may bring a newline (its piece would be numbered
        // from this level, not the call's).
        let outside = body[..at].iter().chain(&body[end + 1..]);
        if outside.filter_map(param).any(|p| count(&copied[p]) > 0) {
            return None;
        }
        // Each use of a parameter in the outer body is prescanned once, as in the plain case.
        let prescanned: u32 = body[at..=end]
            .iter()
            .filter_map(param)
            .map(|p| count(&copied[p]))
            .sum();
        // Its `)` stands after every newline of its arguments.
        let before_close: u32 = args.iter().map(|a| count(a)).sum();
        let (steps, offset) = self.substituted(nested, &args, depth + 1);
        Some((steps, prescanned + before_close + offset))
    }
}

/// How deep [`Preprocessor::nested_call`] follows calls of calls.
const MAX_NESTED_CALLS: usize = 8;

/// The newlines among `steps`.
fn count(steps: &[Step]) -> u32 {
    steps.iter().filter(|s| matches!(s, Step::Newline)).count() as u32
}

/// The newlines ReShade's lexer reads as line ends in `gap` (text between two tokens): not one
/// inside a block comment (the comment is skipped whole) or after a backslash (a join).
pub(crate) fn newlines_in(gap: &[u8]) -> u32 {
    let mut count = 0;
    let mut i = 0;
    while let Some(&b) = gap.get(i) {
        match (b, gap.get(i + 1)) {
            (b'/', Some(b'*')) => {
                i = memchr::memmem::find(&gap[i + 2..], b"*/").map_or(gap.len(), |k| i + k + 4);
            }
            (b'/', Some(b'/')) => {
                i = memchr::memchr(b'\n', &gap[i..]).map_or(gap.len(), |k| i + k);
            }
            (b'\\', Some(b'\n')) => i += 2,
            (b'\\', Some(b'\r')) if gap.get(i + 2) == Some(&b'\n') => i += 3,
            (b'\n', _) => {
                count += 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::newlines_in;

    #[test]
    fn newlines_count_outside_comments_and_joins() {
        assert_eq!(newlines_in(b" \n\t\n"), 2);
        assert_eq!(newlines_in(b" /* a\nb */ "), 0);
        assert_eq!(newlines_in(b" // c\n"), 1);
        assert_eq!(newlines_in(b" \\\n "), 0);
    }
}
