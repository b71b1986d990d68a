//! Macro expansion: hide sets, argument collection and pre-expansion, substitution with `#`
//! and `##`, and rescanning with the rest of the text, as C does.

use std::rc::Rc;

use super::tokens::*;
use super::*;

#[derive(Debug)]
pub(super) struct Macro {
    /// `None` for an object-like macro.
    pub(super) params: Option<Vec<TokText>>,
    /// The last parameter is `__VA_ARGS__`.
    pub(super) variadic: bool,
    pub(super) body: Vec<Tok>,
    /// Where it was defined; `None` for predefined macros.
    pub(super) defined_at: Option<Span>,
}

impl Macro {
    pub(super) fn same_definition(&self, other: &Macro) -> bool {
        self.params == other.params
            && self.variadic == other.variadic
            && self.body.len() == other.body.len()
            && self
                .body
                .iter()
                .zip(&other.body)
                .enumerate()
                .all(|(i, (a, b))| a.text == b.text && (i == 0 || a.space == b.space))
    }
}

/// What comes after a function-like macro's name, which decides whether it is invoked.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Follower {
    /// The next token is `(`.
    pub(super) paren: bool,
    /// Whitespace (not only a comment) comes between the name and the next token.
    pub(super) blank: bool,
    /// A line ends between them, or nothing follows.
    pub(super) new_line: bool,
}

impl Follower {
    fn of(next: Option<&Tok>) -> Self {
        next.map_or(Self::END, |t| Self {
            paren: t.is("("),
            blank: t.space,
            new_line: false,
        })
    }

    const END: Self = Self {
        paren: false,
        blank: false,
        new_line: true,
    };
}

/// Where the tokens a macro expansion reads after its own come from.
pub(super) trait Source {
    fn next_tok(&mut self) -> Option<Tok>;
    fn peek_follower(&mut self) -> Follower;
    /// Goes on reading past the end of the text between directives, to the end of the file,
    /// directives and all, as ReShade reads a macro call's arguments; says whether it can.
    fn read_on(&mut self) -> bool {
        false
    }
}

pub(super) struct VecSource(std::vec::IntoIter<Tok>);

impl Source for VecSource {
    fn next_tok(&mut self) -> Option<Tok> {
        self.0.next()
    }

    fn peek_follower(&mut self) -> Follower {
        Follower::of(self.0.as_slice().first())
    }
}

/// Source text, read lazily so that only what an invocation uses is consumed.
pub(super) struct TextSource<'t> {
    pub(super) lexer: Lexer<'t>,
    /// The text the lexer reads, shared with the tokens read from it.
    pub(super) shared: &'t Rc<str>,
    pub(super) file: FileId,
    pub(super) consumed_to: usize,
    /// How far [`Source::read_on`] may read: the file's end (ReShade FX), or the run's.
    pub(super) limit: usize,
}

impl Source for TextSource<'_> {
    fn next_tok(&mut self) -> Option<Tok> {
        let raw = self.lexer.next_raw()?;
        self.consumed_to = raw.end;
        Some(Tok::from_raw(raw, self.shared, self.file))
    }

    fn read_on(&mut self) -> bool {
        let more = self.lexer.end < self.limit;
        self.lexer.end = self.limit;
        more
    }

    fn peek_follower(&mut self) -> Follower {
        let mut ahead = self.lexer.clone();
        let Some(t) = ahead.next_raw() else {
            return Follower::END;
        };
        let (blank, new_line) = gap_blanks(&self.lexer.text[self.lexer.pos..t.start]);
        Follower {
            paren: t.kind == Kind::Punct && &self.lexer.text[t.start..t.end] == "(",
            blank,
            new_line,
        }
    }
}

/// Tokens still to rescan (a stack: the next one is last), in front of a source.
pub(super) struct Stream<'s> {
    pub(super) pending: Vec<Tok>,
    pub(super) source: &'s mut dyn Source,
}

impl Stream<'_> {
    pub(super) fn next(&mut self) -> Option<Tok> {
        self.pending.pop().or_else(|| self.source.next_tok())
    }

    pub(super) fn peek_follower(&mut self) -> Follower {
        match self.pending.last() {
            Some(t) => Follower::of(Some(t)),
            None => self.source.peek_follower(),
        }
    }
}

/// Whether the text between two tokens holds whitespace outside comments, and whether it holds
/// a line end outside block comments (a line comment runs to one; a backslash-newline is
/// whitespace, not a line end).
fn gap_blanks(gap: &str) -> (bool, bool) {
    let bytes = gap.as_bytes();
    let (mut blank, mut new_line) = (false, false);
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match (b, bytes.get(i + 1)) {
            (b'/', Some(b'/')) => {
                i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |k| i + k);
            }
            (b'/', Some(b'*')) => {
                i = memchr::memmem::find(&bytes[i + 2..], b"*/").map_or(bytes.len(), |k| i + k + 4);
            }
            (b'\\', _) => {
                blank = true;
                i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |k| i + k + 1);
            }
            (b'\n', _) => {
                new_line = true;
                i += 1;
            }
            _ => {
                blank |= b.is_ascii_whitespace() || b == b'\x0b';
                i += 1;
            }
        }
    }
    (blank, new_line)
}

impl Preprocessor<'_> {
    /// Writes expanded tokens, mapped to where they came from. In the WGSL dialect they are
    /// spaced so that they lex as they did. ReShade FX's preprocessor pastes a macro's text
    /// as it is (`parse`, `create_macro_replacement_list`): a space only where the text had one,
    /// and before a replacement that starts with `-` (so `a-NEG` does not make `--`), so the
    /// pieces join what stands beside them when the result is read (`1.0N` with `N` 5 reads
    /// `1.05`, `N.0` reads `5.0`).
    pub(super) fn emit_tokens(&mut self, toks: &[Tok], next: Option<u8>, invocation: Span) {
        let len: usize = toks.iter().map(|t| t.text.len() + 1).sum();
        if !self.room_for(len + 1, invocation) {
            return;
        }
        let textual = self.dialect == super::Dialect::ReshadeFx;
        for (i, t) in toks.iter().enumerate() {
            let before = self.out.text.as_bytes().last().copied();
            let space = if textual {
                (i > 0 && t.space) || t.minus_space
            } else {
                (i > 0 && t.space) || needs_space(before, t.text.bytes().next())
            };
            if space {
                self.out.push_mapped(t.span, " ");
            }
            if t.exact {
                self.out
                    .push_exact(t.span.file, t.span.start as usize, &t.text);
            } else {
                self.out.push_mapped(t.span, &t.text);
            }
        }
        if !textual && needs_space(self.out.text.as_bytes().last().copied(), next) {
            let at = toks.last().map_or(invocation, |t| t.span);
            self.out.push_mapped(at, " ");
        }
    }

    /// Expands `t` if it names a macro it may expand to: reads its arguments from `stream` and
    /// pushes the substituted body back onto it. Says whether it did (an invocation with errors
    /// counts: it is dropped after its diagnostic).
    pub(super) fn expand_one(&mut self, t: &Tok, stream: &mut Stream, depth: usize) -> bool {
        if t.kind != Kind::Ident || t.hide.contains(&t.text) {
            return false;
        }
        if let Some(value) = self.dynamic_macro(t) {
            stream.pending.push(value);
            return true;
        }
        let Some(m) = self.macros.get(&*t.text).cloned() else {
            return false;
        };
        if self.aborted {
            return true;
        }
        let name = &t.text;
        let (args, origin, hide) = match &m.params {
            None => (
                Vec::new(),
                t.span,
                t.hide.union(&HideSet::of(vec![name.clone()])),
            ),
            Some(params) => {
                let follower = stream.peek_follower();
                if self.dialect == Dialect::ReshadeFx {
                    // ReShade looks for the `(` on the name's line only, skipping blanks, and a
                    // name it skipped blanks after without finding one is gone from the text (in
                    // an `#if`, where identifiers are 0, it stays).
                    if follower.new_line || !follower.paren {
                        return follower.blank && !follower.new_line && !self.in_condition;
                    }
                } else if !follower.paren {
                    return false;
                }
                // The `(`, each `,` between arguments and the `)`: where the arguments lie.
                let mut bounds: Vec<Tok> = stream.next().into_iter().collect();
                let mut args: Vec<Vec<Tok>> = vec![Vec::new()];
                let mut level = 0usize;
                let mut close = None;
                // ReShade reads the arguments on through directives (which it then never runs)
                // to the `)`, or to the end of the file.
                while let Some(a) = stream
                    .next()
                    .or_else(|| stream.source.read_on().then(|| stream.next())?)
                {
                    // A `#` first on its line is a directive to ReShade's lexer even here, and
                    // the directive token's text is the word after it (`#define` reads `define`,
                    // `#,` nothing); the arguments never run it.
                    if self.dialect == Dialect::ReshadeFx && a.is("#") && self.first_on_line(&a) {
                        continue;
                    }
                    if a.is("(") {
                        level += 1;
                    } else if a.is(")") {
                        if level == 0 {
                            close = Some(a);
                            break;
                        }
                        level -= 1;
                    } else if a.is(",") && level == 0 && !(m.variadic && args.len() == params.len())
                    {
                        bounds.push(a);
                        args.push(Vec::new());
                        continue;
                    }
                    if let Some(last) = args.last_mut() {
                        last.push(a);
                    }
                }
                let Some(close) = close else {
                    self.unterminated_call = Some(self.diagnostics.len());
                    self.error(
                        DiagnosticCode::PreprocessorError,
                        t.span,
                        format!("'{name}' : unterminated argument list invoking macro"),
                    );
                    return true;
                };
                let origin = join_spans(t.span, close.span);
                let reshade = self.dialect == Dialect::ReshadeFx;
                if reshade {
                    bounds.push(close.clone());
                    if depth == 0 {
                        self.number_call_lines(&m, t, &bounds, &args);
                    }
                    self.mark_line_ends(&bounds, &mut args);
                    // ReShade drops the blanks before an argument, the space a `-` body put
                    // before it included (`R(N)` with `R(a)` `P(a)`, `N` `-1`: `P( -1)`
                    // passes `-1`).
                    for arg in &mut args {
                        if let Some(first) = arg.first_mut() {
                            first.minus_space = false;
                        }
                    }
                }
                // ReShade counts no argument where `)` follows `(` or a `,` with blanks at most
                // between (`F()`, `F(a, )`), but a line end there is an argument's text
                // (`F(a,\n)` has two); C counts `F()` as one empty argument of a one-parameter
                // macro.
                let line_end_before_close = reshade
                    && bounds.len() >= 2
                    && self.line_end_between(&bounds[bounds.len() - 2], &close);
                if (reshade || params.is_empty())
                    && !line_end_before_close
                    && args.last().is_some_and(|a| a.is_empty())
                {
                    args.pop();
                }
                if m.variadic && args.len() + 1 == params.len() {
                    args.push(Vec::new());
                }
                if args.len() != params.len() {
                    let message = format!(
                        "'{name}' : macro expects {} argument{}, {} given",
                        params.len(),
                        if params.len() == 1 { "" } else { "s" },
                        args.len()
                    );
                    // ReShade warns and drops the invocation (`expand_macro`), silently for a
                    // macro without a body.
                    if !reshade {
                        self.error(DiagnosticCode::PreprocessorError, origin, message);
                    } else if !m.body.is_empty() {
                        self.warning(DiagnosticCode::PreprocessorWarning, origin, message);
                    }
                    return true;
                }
                let shared: Vec<TokText> = t
                    .hide
                    .names()
                    .iter()
                    .filter(|n| close.hide.contains(n))
                    .cloned()
                    .collect();
                let hide = HideSet::of(shared).union(&HideSet::of(vec![name.clone()]));
                (args, origin, hide)
            }
        };
        if depth > MAX_EXPANSION_DEPTH {
            self.aborted = true;
            self.error(
                DiagnosticCode::PreprocessorError,
                origin,
                format!("'{name}' : macro expansion nested deeper than {MAX_EXPANSION_DEPTH}"),
            );
            return true;
        }
        let mut body = self.substitute(&m, &args, origin, &hide, depth);
        // The expansion takes the invocation's place, spacing included, and a space before it
        // when the body begins with `-` (ReShade's text has one).
        let minus_body = m.body.first().is_some_and(|b| b.is("-"));
        if let Some(first) = body.first_mut() {
            first.space = t.space;
            first.minus_space |= minus_body;
        }
        self.produced += body.len();
        if self.produced > MAX_EXPANSION_TOKENS {
            self.aborted = true;
            let name = self.outermost.clone().unwrap_or_else(|| name.clone());
            self.error(
                DiagnosticCode::PreprocessorError,
                origin,
                format!("'{name}' : macro expansion exceeds {MAX_EXPANSION_TOKENS} tokens"),
            );
            return true;
        }
        stream.pending.extend(body.into_iter().rev());
        true
    }

    /// Expands every macro in `toks`, reading nothing beyond them.
    pub(super) fn expand_list(&mut self, toks: Vec<Tok>, depth: usize) -> Vec<Tok> {
        let mut source = VecSource(toks.into_iter());
        let mut stream = Stream {
            pending: Vec::new(),
            source: &mut source,
        };
        let mut out = Vec::new();
        while let Some(t) = stream.next() {
            if self.aborted {
                break;
            }
            if !self.expand_one(&t, &mut stream, depth) {
                out.push(t);
            }
        }
        out
    }

    /// The body of `m` with its parameters replaced, `#` and `##` applied, mapped to `origin` and
    /// hidden from the macros in `hide`.
    /// `m`'s body with `args` in place of its parameters. A `##` beside an argument that starts
    /// or ends with a line end ([`Tok::line_before`]) pastes nothing: ReShade finds the line
    /// end there (`P(\ny)` with `PS_##a` leaves `PS_` and `y` on two lines).
    pub(super) fn substitute(
        &mut self,
        m: &Macro,
        args: &[Vec<Tok>],
        origin: Span,
        hide: &HideSet,
        depth: usize,
    ) -> Vec<Tok> {
        let params = m.params.as_deref().unwrap_or(&[]);
        let param = |t: &Tok| {
            (t.kind == Kind::Ident)
                .then(|| params.iter().position(|p| **p == *t.text))
                .flatten()
        };
        let mut expanded: Vec<Option<Vec<Tok>>> = vec![None; args.len()];
        let mut out: Vec<Tok> = Vec::new();
        // The left operand of a `##` was an empty argument: there is nothing to paste onto.
        let mut placemarker = false;
        let body = &m.body;
        let mut i = 0;
        while i < body.len() {
            let b = &body[i];
            if m.params.is_some()
                && b.is("#")
                && let Some(p) = body.get(i + 1).and_then(param)
            {
                out.push(stringize(&args[p], b.space, origin));
                i += 2;
                continue;
            }
            if b.is("##") && i + 1 < body.len() {
                let next = &body[i + 1];
                let rhs: Vec<Tok> = match param(next) {
                    Some(p) => args[p].clone(),
                    None => vec![body_token(next, origin)],
                };
                let mut rhs = rhs.into_iter();
                if let Some(first) = rhs.next() {
                    match out.pop().filter(|_| !placemarker) {
                        // The line end stays between them.
                        Some(lhs) if lhs.line_after || first.line_before => {
                            out.extend([
                                lhs,
                                Tok {
                                    space: true,
                                    ..first
                                },
                            ]);
                        }
                        Some(lhs) => {
                            let pasted = self.paste(lhs, first, origin);
                            out.extend(pasted);
                        }
                        None => out.push(first),
                    }
                }
                out.extend(rhs);
                placemarker = false;
                i += 2;
                continue;
            }
            if let Some(p) = param(b) {
                let pasted_next = body.get(i + 1).is_some_and(|n| n.is("##"));
                let mut toks = if pasted_next {
                    args[p].clone()
                } else {
                    match &expanded[p] {
                        Some(toks) => toks.clone(),
                        None => {
                            let toks = self.expand_list(args[p].clone(), depth + 1);
                            expanded[p] = Some(toks.clone());
                            toks
                        }
                    }
                };
                if let Some(first) = toks.first_mut() {
                    first.space = b.space;
                }
                placemarker = pasted_next && toks.is_empty();
                out.extend(toks);
                i += 1;
                continue;
            }
            placemarker = false;
            out.push(body_token(b, origin));
            i += 1;
        }
        for t in &mut out {
            t.hide = t.hide.union(hide);
        }
        out
    }

    /// Marks the first token of each argument of a call written in one file when a line end
    /// lies between it and the `(` or `,` before it, and the last when one lies between it and
    /// the `,` or `)` after it ([`Tok::line_before`]). ReShade's argument text keeps such a line
    /// end: it skips one blank before an argument and trims one after it, never a line end
    /// (`evaluate_identifier_as_macro`).
    fn mark_line_ends(&self, bounds: &[Tok], args: &mut [Vec<Tok>]) {
        let line_end_between = |a: &Tok, b: &Tok| self.line_end_between(a, b);
        for (arg, pair) in args.iter_mut().zip(bounds.windows(2)) {
            let before = arg
                .first()
                .is_some_and(|first| line_end_between(&pair[0], first));
            let after = arg
                .last()
                .is_some_and(|last| line_end_between(last, &pair[1]));
            if let Some(first) = arg.first_mut() {
                first.line_before |= before;
            }
            if let Some(last) = arg.last_mut() {
                last.line_after |= after;
            }
        }
    }

    /// Whether a token read from a file's text has only blanks before it on its line.
    fn first_on_line(&self, t: &Tok) -> bool {
        let text = &self.sources.get(t.span.file).text;
        t.exact
            && text.get(..t.span.start as usize).is_some_and(|before| {
                before
                    .bytes()
                    .rev()
                    .take_while(|&b| b != b'\n')
                    .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c'))
            })
    }

    /// Whether a line end lies between two tokens read from the same file's text.
    fn line_end_between(&self, a: &Tok, b: &Tok) -> bool {
        a.exact
            && b.exact
            && a.span.file == b.span.file
            && self
                .sources
                .get(a.span.file)
                .text
                .get(a.span.end as usize..b.span.start as usize)
                .is_some_and(|gap| gap_blanks(gap).1)
    }

    pub(super) fn paste(&mut self, lhs: Tok, rhs: Tok, origin: Span) -> Vec<Tok> {
        let text = format!("{}{}", lhs.text, rhs.text);
        let mut lexer = Lexer::new(&text, 0, text.len());
        let single = lexer
            .next_raw()
            .filter(|t| t.start == 0 && t.end == text.len());
        match single {
            Some(raw) => vec![Tok {
                kind: raw.kind,
                text: text.into(),
                span: origin,
                exact: false,
                space: lhs.space,
                line_before: lhs.line_before,
                line_after: rhs.line_after,
                minus_space: false,
                hide: lhs.hide,
            }],
            // ReShade pastes text: `Tint##id##.rgb` leaves `Tint1` and `.` side by side.
            None if self.dialect == Dialect::ReshadeFx => vec![
                lhs,
                Tok {
                    space: false,
                    span: origin,
                    exact: false,
                    minus_space: false,
                    ..rhs
                },
            ],
            None => {
                self.error(
                    DiagnosticCode::PreprocessorError,
                    origin,
                    format!(
                        "'##' : pasting '{}' and '{}' does not give a valid token",
                        lhs.text, rhs.text
                    ),
                );
                vec![lhs, rhs]
            }
        }
    }
}

pub(super) fn body_token(t: &Tok, origin: Span) -> Tok {
    Tok {
        span: origin,
        exact: false,
        ..t.clone()
    }
}

pub(super) fn stringize(arg: &[Tok], space: bool, origin: Span) -> Tok {
    let mut text = String::from("\"");
    for (i, t) in arg.iter().enumerate() {
        if i > 0 && t.space {
            text.push(' ');
        }
        if t.kind == Kind::Str {
            for c in t.text.chars() {
                if matches!(c, '"' | '\\') {
                    text.push('\\');
                }
                text.push(c);
            }
        } else {
            text.push_str(&t.text);
        }
    }
    text.push('"');
    Tok {
        kind: Kind::Str,
        text: text.into(),
        span: origin,
        exact: false,
        space,
        line_before: false,
        line_after: false,
        minus_space: false,
        hide: HideSet::default(),
    }
}
