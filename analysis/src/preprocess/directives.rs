//! Directives: `#define`/`#undef`, `#include` (with `#pragma once`), `#if` groups (ReShade's
//! `exists` among their operands), `#line`, `#pragma`, `#error` and `#warning`, recognised only
//! at the start of a line outside comments.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::eval::{ExprParser, reshade_evaluate};
use super::tokens::*;
use super::*;

/// One open `#if` group.
#[derive(Debug)]
pub(super) struct Cond {
    pub(super) directive: &'static str,
    /// Where it is reported left open: its `#if`, in ReShade FX its latest `#elif`/`#else`.
    pub(super) span: Span,
    pub(super) parent_active: bool,
    /// Some branch has been taken (later `#elif`/`#else` branches are skipped).
    pub(super) taken: bool,
    pub(super) active: bool,
    pub(super) seen_else: bool,
}

impl Preprocessor<'_> {
    /// Runs the directive from `hash` (the `#`) to `end` (its newline or the end of the text).
    pub(super) fn directive(
        &mut self,
        file: FileId,
        text: &Rc<str>,
        hash: usize,
        end: usize,
        conds: &mut Vec<Cond>,
    ) {
        let line_end = hash + text[hash..end].trim_end().len();
        let span = Span::new(file, hash, line_end);
        // Where the line ends, for an operand missing there.
        let eol = Span::new(file, end, end);
        let toks = lex_all(text, hash + 1, end, file, self.nest());
        let Some(name_tok) = toks.first() else {
            return; // The null directive.
        };
        let name = name_tok.text.clone();
        let args = &toks[1..];
        let active = is_active(conds);
        match &*name {
            "if" | "ifdef" | "ifndef" => {
                let directive = match &*name {
                    "if" => "if",
                    "ifdef" => "ifdef",
                    _ => "ifndef",
                };
                // ReShade reads `#ifdef`'s name first, in skipped groups too, and opens no group
                // without one (so its `#endif` is one too many).
                if self.dialect == Dialect::ReshadeFx
                    && directive != "if"
                    && args.first().is_none_or(|t| t.kind != Kind::Ident)
                {
                    let message = format!("'#{directive}' : expected a macro name");
                    self.error(DiagnosticCode::PreprocessorError, span, message);
                    return;
                }
                let value = active && self.condition(directive, args, span);
                conds.push(Cond {
                    directive,
                    span,
                    parent_active: active,
                    taken: value || !active,
                    active: value,
                    seen_else: false,
                });
            }
            "elif" => self.branch("elif", args, span, conds),
            "else" => self.branch("else", args, span, conds),
            "endif" => match conds.pop() {
                None => {
                    let message = "'#endif' : without #if".to_string();
                    self.error(DiagnosticCode::PreprocessorError, span, message);
                }
                // ReShade checks the line's end only where the branch it closes was read.
                Some(cond) if self.dialect == Dialect::ReshadeFx => {
                    if cond.active {
                        self.trailing_tokens("endif", args);
                    }
                }
                Some(cond) if cond.parent_active => self.extra_tokens("endif", args),
                Some(_) => {}
            },
            _ if !active => {} // Skipped groups run only conditional directives.
            "define" => self.define(args, span),
            "undef" => match args.first() {
                Some(t) if t.kind == Kind::Ident => {
                    self.macros.remove(&*t.text);
                    self.trailing_tokens("undef", &args[1..]);
                }
                _ => self.error(
                    DiagnosticCode::PreprocessorError,
                    span,
                    "'#undef' : expected a macro name".into(),
                ),
            },
            // Its operand starts at its first token: the lexer has passed blanks, comments and
            // line joins (`#include \` then the name on the next line).
            "include" => {
                let from = args.first().map_or(end, |t| t.span.start as usize);
                self.include(file, text, from, end, span);
            }
            "error" | "warning" if self.dialect == Dialect::ReshadeFx => {
                // ReShade's message is one string literal, and the line ends after it.
                match args.first() {
                    Some(t) if t.kind == Kind::Str => {
                        // The literal as written (a line join before it is no part of it).
                        self.message_directive(&name, &t.text, span);
                        self.trailing_tokens(&name, &args[1..]);
                    }
                    found => self.expected_operand(&name, found, eol, "a string"),
                }
            }
            "error" | "warning" => {
                let message = text[name_tok.span.end as usize..end].trim();
                self.message_directive(&name, message, span);
            }
            "pragma" => self.pragma(file, text, args, span, eol),
            "line" => self.line(file, args, span, end),
            _ => {
                let message = format!("'#{name}' : unknown preprocessor directive");
                self.error(DiagnosticCode::PreprocessorError, span, message);
            }
        }
    }

    /// `#elif` or `#else` in the innermost open group of `conds`.
    fn branch(&mut self, directive: &'static str, args: &[Tok], span: Span, conds: &mut [Cond]) {
        let fx = self.dialect == Dialect::ReshadeFx;
        let Some(cond) = conds.last() else {
            let message = format!("'#{directive}' : without #if");
            self.error(DiagnosticCode::PreprocessorError, span, message);
            return;
        };
        let (taken, parent_active, active) = (cond.taken, cond.parent_active, cond.active);
        if cond.seen_else {
            let message = format!("'#{directive}' : after #else");
            self.error(DiagnosticCode::PreprocessorError, span, message);
            if fx {
                return; // ReShade leaves the group as the `#else` left it.
            }
        }
        let value = if directive == "else" {
            if fx {
                if active {
                    self.trailing_tokens(directive, args);
                }
            } else if parent_active {
                self.extra_tokens(directive, args);
            }
            !taken
        } else if fx {
            // ReShade evaluates every `#elif` of a group that is read, after a taken branch
            // too, so its errors count.
            let value = parent_active && self.condition("elif", args, span);
            !taken && value
        } else {
            !taken && self.condition("elif", args, span)
        };
        if let Some(cond) = conds.last_mut() {
            cond.active = value;
            cond.taken |= value;
            cond.seen_else |= directive == "else";
            // ReShade's group remembers its latest `#elif`/`#else` (`parse_elif`,
            // `parse_else`): a group left open is reported there.
            if fx {
                cond.span = span;
            }
        }
    }

    /// `#error` (an error) or `#warning` with its message.
    fn message_directive(&mut self, directive: &str, message: &str, span: Span) {
        let message = format!("'#{directive}' : {message}");
        if directive == "error" {
            self.error(DiagnosticCode::PreprocessorError, span, message);
        } else {
            self.warning(DiagnosticCode::PreprocessorWarning, span, message);
        }
    }

    /// A directive's operand is missing (`found` is what stands there instead, `None` at the
    /// line's end, `eol`).
    pub(super) fn expected_operand(
        &mut self,
        directive: &str,
        found: Option<&Tok>,
        eol: Span,
        expected: &str,
    ) {
        let (at, message) = match found {
            Some(t) => (
                t.span,
                format!("'#{directive}' : expected {expected}, found '{}'", t.text),
            ),
            None => (
                eol,
                format!("'#{directive}' : expected {expected} before the line ends"),
            ),
        };
        self.error(DiagnosticCode::PreprocessorError, at, message);
    }

    /// Tokens after a directive's operands: an error at the first in ReShade FX, as in ReShade;
    /// a warning in the WGSL dialect ([`Self::extra_tokens`]).
    pub(super) fn trailing_tokens(&mut self, directive: &str, rest: &[Tok]) {
        if self.dialect != Dialect::ReshadeFx {
            return self.extra_tokens(directive, rest);
        }
        if let Some(t) = rest.first() {
            let message = format!(
                "'#{directive}' : unexpected token '{}' after the directive",
                t.text
            );
            self.error(DiagnosticCode::PreprocessorError, t.span, message);
        }
    }

    pub(super) fn extra_tokens(&mut self, directive: &str, rest: &[Tok]) {
        if let Some(t) = rest.first() {
            self.warning(
                DiagnosticCode::PreprocessorWarning,
                t.span,
                format!("'#{directive}' : extra tokens at end of directive"),
            );
        }
    }

    pub(super) fn define(&mut self, toks: &[Tok], span: Span) {
        let Some(name) = toks.first().filter(|t| t.kind == Kind::Ident) else {
            let at = toks.first().map_or(span, |t| t.span);
            self.error(
                DiagnosticCode::PreprocessorError,
                at,
                "'#define' : expected a macro name".into(),
            );
            return;
        };
        // ReShade takes `#define __LINE__ ...` (its own value still wins, as here: dynamic
        // macros expand before the table is read), so only the WGSL dialect rejects it.
        let dynamic = DYNAMIC_MACROS.contains(&&*name.text);
        if &*name.text == "defined" || dynamic && self.dialect != Dialect::ReshadeFx {
            self.error(
                DiagnosticCode::PreprocessorError,
                name.span,
                format!("'{}' : cannot be used as a macro name", name.text),
            );
            return;
        }
        let mut rest = &toks[1..];
        let mut params = None;
        let mut variadic = false;
        // A parenthesis right after the name (no space) makes a function-like macro.
        if rest.first().is_some_and(|t| t.is("(") && !t.space) {
            let mut list: Vec<TokText> = Vec::new();
            let mut i = 1;
            let mut ok = false;
            while let Some(t) = rest.get(i) {
                if t.is(")") && list.is_empty() {
                    ok = true;
                    i += 1;
                    break;
                }
                let param = if t.is("...") {
                    variadic = true;
                    TokText::from("__VA_ARGS__")
                } else if t.kind == Kind::Ident && !list.contains(&t.text) {
                    t.text.clone()
                } else {
                    break;
                };
                list.push(param);
                i += 1;
                match rest.get(i) {
                    Some(t) if t.is(")") => {
                        ok = true;
                        i += 1;
                        break;
                    }
                    Some(t) if t.is(",") && !variadic => i += 1,
                    _ => break,
                }
            }
            if !ok {
                let at = rest.get(i).map_or(span, |t| t.span);
                let message = format!("'{}' : invalid macro parameter list", name.text);
                self.error(DiagnosticCode::PreprocessorError, at, message);
                return;
            }
            params = Some(list);
            rest = &rest[i..];
        }
        let body: Vec<Tok> = rest.to_vec();
        if body.first().is_some_and(|t| t.is("##")) || body.last().is_some_and(|t| t.is("##")) {
            let message = "'##' : cannot appear at either end of a macro body".to_string();
            self.error(DiagnosticCode::PreprocessorError, span, message);
            return;
        }
        if let Some(list) = &params {
            let bad_stringize = body.iter().enumerate().find(|(i, t)| {
                t.is("#")
                    && !body
                        .get(i + 1)
                        .is_some_and(|n| n.kind == Kind::Ident && list.contains(&n.text))
            });
            if let Some((_, t)) = bad_stringize {
                let message = "'#' : not followed by a macro parameter".to_string();
                self.error(DiagnosticCode::PreprocessorError, t.span, message);
                return;
            }
        }
        let m = Macro {
            params,
            variadic,
            body,
            defined_at: Some(span),
        };
        if let Some(old) = self.macros.get(&*name.text) {
            // ReShade keeps the first definition and rejects any other, the same text too; the
            // WGSL dialect takes the new one and warns when it differs.
            let fx = self.dialect == Dialect::ReshadeFx;
            if fx || !old.same_definition(&m) {
                let message = format!("'{}' : macro redefinition", name.text);
                let mut d = if fx {
                    Diagnostic::error(DiagnosticCode::MacroRedefinition, name.span, message)
                } else {
                    Diagnostic::warning(DiagnosticCode::MacroRedefinition, name.span, message)
                };
                d = match old.defined_at {
                    Some(at) => d.with_related(at, "previous definition"),
                    None => d.with_note("it was predefined"),
                };
                self.diagnostics.push(d);
            }
            if fx {
                return;
            }
        }
        self.note_macro_name(&name.text);
        self.macros.insert(name.text.clone(), Rc::new(m));
    }

    pub(super) fn note_macro_name(&mut self, name: &str) {
        if let Some(&b) = name.as_bytes().first() {
            self.macro_first_bytes[usize::from(b)] = true;
        }
    }

    /// Whether `name` is a defined macro.
    pub(super) fn is_macro(&self, name: &str) -> bool {
        name.as_bytes().first().is_some_and(|&b| {
            self.macro_first_bytes[usize::from(b)] && self.macros.contains_key(name)
                || b == b'_' && DYNAMIC_MACROS.contains(&name)
        })
    }

    /// The value of `__LINE__`, `__FILE__`, `__FILE_NAME__`, `__FILE_STEM__` or
    /// `__FILE_NAME_HASH__` where `t` is (for a token a macro produced, where that macro was
    /// invoked); `None` for other tokens.
    pub(super) fn dynamic_macro(&self, t: &Tok) -> Option<Tok> {
        if !DYNAMIC_MACROS.contains(&&*t.text) {
            return None;
        }
        let file = self.sources.get(t.span.file);
        let real_line = file.line(t.span.start);
        let path = file.presumed_path(real_line).display().to_string();
        let quote = |text: &str| format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""));
        let part = |f: fn(&Path) -> Option<&std::ffi::OsStr>| {
            f(Path::new(&path)).map_or_else(String::new, |p| p.to_string_lossy().into_owned())
        };
        let (kind, text) = match &*t.text {
            "__LINE__" => (Kind::Number, file.presumed_line(real_line).to_string()),
            "__FILE__" => (Kind::Str, quote(&path)),
            "__FILE_NAME__" => (Kind::Str, quote(&part(Path::file_name))),
            FILE_NAME_HASH => (
                Kind::Number,
                file_name_hash(&part(Path::file_name)).to_string(),
            ),
            _ => (Kind::Str, quote(&part(Path::file_stem))),
        };
        Some(Tok {
            kind,
            text: text.into(),
            span: t.span,
            exact: false,
            space: t.space,
            line_before: false,
            line_after: false,
            minus_space: false,
            hide: t.hide.clone(),
        })
    }

    /// Whether `name` is defined for `#ifdef` and `defined` (`__FILE_NAME_HASH__` is not, as in
    /// ReShade's `is_defined`).
    pub(super) fn is_defined(&self, name: &str) -> bool {
        self.macros.contains_key(name) || DYNAMIC_MACROS.contains(&name) && name != FILE_NAME_HASH
    }

    /// `#line N` or `#line N "name"`, numbering the line after the directive's `end` (past
    /// any line joins).
    pub(super) fn line(&mut self, file: FileId, args: &[Tok], span: Span, end: usize) {
        let number = args
            .first()
            .filter(|t| t.kind == Kind::Number)
            .and_then(|t| t.text.parse::<u32>().ok())
            .filter(|&n| n > 0);
        let Some(number) = number else {
            self.error(
                DiagnosticCode::PreprocessorError,
                span,
                "'#line' : expected a line number from 1 to 4294967295".into(),
            );
            return;
        };
        let name = match args.get(1) {
            Some(t) if t.kind == Kind::Str => Some(t.text.trim_matches('"').to_string()),
            // ReShade reads a file name only where a string follows, and ignores the rest.
            Some(_) if self.dialect == Dialect::ReshadeFx => None,
            Some(t) => {
                self.error(
                    DiagnosticCode::PreprocessorError,
                    t.span,
                    format!(
                        "'#line' : expected a file name in quotes, found '{}'",
                        t.text
                    ),
                );
                return;
            }
            None => None,
        };
        if self.dialect != Dialect::ReshadeFx {
            self.extra_tokens("line", args.get(2..).unwrap_or_default());
        }
        let next_line = self.sources.get(file).line(end as u32) + 1;
        self.sources
            .add_line_directive(file, next_line, number, name.map(PathBuf::from));
    }

    pub(super) fn pragma(&mut self, file: FileId, text: &str, args: &[Tok], span: Span, eol: Span) {
        if self.dialect == Dialect::ReshadeFx && args.first().is_none_or(|t| t.kind != Kind::Ident)
        {
            // ReShade's pragmas start with a name; an empty one is an error too.
            return self.expected_operand("pragma", args.first(), eol, "a name");
        }
        let Some(first) = args.first() else {
            return; // An empty pragma does nothing, as in C.
        };
        match &*first.text {
            "once" => {
                self.once.insert(file);
            }
            "message" => {
                // Line joins are no part of the message.
                let rest = text[first.span.end as usize..span.end as usize]
                    .replace("\\\r\n", "")
                    .replace("\\\n", "");
                let rest = rest.trim().trim_start_matches('(').trim_end_matches(')');
                let message = rest.trim().trim_matches('"');
                // Shown, where ReShade 6.1, which knows no `message` pragma, warns that it
                // ignores it and prints nothing.
                let message = format!("'#pragma message' : {message}");
                self.note(DiagnosticCode::PragmaMessage, span, message);
            }
            // ReShade's own: `#pragma reshade showfps` / `skipoptimization` and
            // `#pragma warning(disable : N)` are read by its runtime and compilers, and accepted
            // without a word; nothing here depends on them.
            "reshade" | "warning" => {}
            other => {
                // ReShade warns (`parse_pragma`); in `.wfx` it is a note.
                let message = format!("'#pragma {other}' : unknown pragma ignored");
                if self.dialect == Dialect::ReshadeFx {
                    self.warning(DiagnosticCode::UnknownPragma, span, message);
                } else {
                    self.note(DiagnosticCode::UnknownPragma, span, message);
                }
            }
        }
    }

    pub(super) fn include(
        &mut self,
        file: FileId,
        text: &Rc<str>,
        from: usize,
        end: usize,
        span: Span,
    ) {
        // `from` is where the operand's first token starts.
        let arg = text[from..end].trim_end();
        let fx = self.dialect == Dialect::ReshadeFx;
        // The operand's name, where the rest of the line starts, and whether the including
        // file's folder is searched first.
        let quoted = if let Some(rest) = arg.strip_prefix('"') {
            rest.split_once('"')
                .map(|(p, _)| (p.to_string(), from + p.len() + 2, true))
        } else if let Some(rest) = arg.strip_prefix('<').filter(|_| !fx) {
            rest.split_once('>')
                .map(|(p, _)| (p.to_string(), from + p.len() + 2, false))
        } else if fx && !arg.starts_with(|c: char| c == '_' || c.is_alphabetic()) {
            // ReShade takes a string or macros giving one, no `<file>`.
            let found = lex_all(text, from, end, file, self.nest());
            let eol = Span::new(file, end, end);
            return self.expected_operand("include", found.first(), eol, "a file name in quotes");
        } else {
            // `#include MACRO`: the expansion must be a quoted name.
            let toks = lex_all(text, from, end, file, self.nest());
            self.aborted = false;
            self.produced = 0;
            let toks = self.expand_list(toks, 0);
            match toks.as_slice() {
                [t] if t.kind == Kind::Str && t.text.len() >= 2 && t.text.ends_with('"') => {
                    Some((t.text[1..t.text.len() - 1].to_string(), end, true))
                }
                // ReShade reports the expansion's first token where the macro stands
                // (`#define F <x.fxh>` then `#include F`: "unexpected token '<'" at `F`).
                [first, ..] if fx && first.kind != Kind::Str => {
                    let eol = Span::new(file, end, end);
                    return self.expected_operand(
                        "include",
                        Some(first),
                        eol,
                        "a file name in quotes",
                    );
                }
                _ => None,
            }
        };
        let Some((path, rest_at, relative)) = quoted else {
            self.error(
                DiagnosticCode::IncludeError,
                span,
                "'#include' : expected a quoted file name".into(),
            );
            return;
        };
        if fx {
            self.trailing_tokens("include", &lex_all(text, rest_at, end, file, false));
        } else if !text[rest_at..end].trim().is_empty()
            && !text[rest_at..end].trim_start().starts_with("//")
        {
            self.warning(
                DiagnosticCode::PreprocessorWarning,
                span,
                "'#include' : extra tokens at end of directive".into(),
            );
        }
        let including_dir = self
            .sources
            .get(file)
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let candidates = relative
            .then_some(including_dir)
            .into_iter()
            .chain(self.include_dirs.iter().cloned());
        let mut found = None;
        let mut last_error = None;
        for dir in candidates {
            let full = dir.join(&path);
            if let Some(id) = self.sources.find(&full) {
                found = Some(id);
                break;
            }
            if let Some((why, exists)) = self.unreadable.get(&full) {
                last_error = Some(why.clone());
                if *exists {
                    break;
                }
                continue;
            }
            match self.loader.read(&full) {
                Ok(text) => {
                    found = Some(self.sources.add(full, text));
                    break;
                }
                Err(e) => {
                    // A file that is there but refused (a folder, a device, a binary file) is
                    // the one the include names, as the first existing file is in ReShade's
                    // search: its reason is the error, and the search stops.
                    let exists = e.kind() != std::io::ErrorKind::NotFound;
                    let why = e.to_string();
                    self.unreadable.insert(full, (why.clone(), exists));
                    last_error = Some(why);
                    if exists {
                        break;
                    }
                }
            }
        }
        let Some(included) = found else {
            let why = last_error.map_or_else(String::new, |e| format!(" ({e})"));
            self.error(
                DiagnosticCode::IncludeError,
                span,
                format!("'{path}' : cannot open include file{why}"),
            );
            return;
        };
        if self.once.contains(&included) {
            return;
        }
        if self.stack.contains(&included) {
            self.error(
                DiagnosticCode::IncludeError,
                span,
                format!("'{path}' : include cycle"),
            );
            return;
        }
        if self.stack.len() >= MAX_INCLUDE_DEPTH {
            self.error(
                DiagnosticCode::IncludeError,
                span,
                format!("'{path}' : includes nested deeper than {MAX_INCLUDE_DEPTH}"),
            );
            return;
        }
        self.stack.push(included);
        self.process_file(included);
        self.stack.pop();
        // Separate the included text from what follows even if it lacks a final newline.
        if !self.out.text.is_empty() && !self.out.text.ends_with('\n') && !self.stopped {
            self.out
                .push_mapped(Span::new(file, span.end as usize, span.end as usize), "\n");
        }
    }

    /// Evaluates the condition of `#if`/`#elif` (or the name of `#ifdef`/`#ifndef`).
    pub(super) fn condition(&mut self, directive: &str, args: &[Tok], span: Span) -> bool {
        if directive == "ifdef" || directive == "ifndef" {
            let Some(name) = args.first().filter(|t| t.kind == Kind::Ident) else {
                let message = format!("'#{directive}' : expected a macro name");
                self.error(DiagnosticCode::PreprocessorError, span, message);
                return false;
            };
            self.trailing_tokens(directive, &args[1..]);
            // As ReShade: a name the effect has not defined itself (undefined, or passed in) is
            // an option the effect offers.
            let own = self
                .macros
                .get(&name.text)
                .is_some_and(|m| m.defined_at.is_some());
            if !own && !self.tested.contains(&name.text) {
                self.tested.push(name.text.clone());
            }
            return self.is_defined(&name.text) == (directive == "ifdef");
        }
        // `defined` operands are read before expansion, so that they stay names; `operands`
        // keeps where their values (and `exists`'s) stand.
        let mut toks = Vec::with_capacity(args.len());
        let mut operands = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let t = &args[i];
            let exists = self.dialect == Dialect::ReshadeFx && &*t.text == "exists";
            if t.kind == Kind::Ident && exists {
                let Some((value, next)) = self.exists_operand(args, i + 1) else {
                    let message = "'exists' : expected a quoted file name".to_string();
                    self.error(DiagnosticCode::PreprocessorError, t.span, message);
                    return false;
                };
                operands.push(join_spans(t.span, args[next - 1].span));
                toks.push(Tok {
                    kind: Kind::Number,
                    text: if value { "1" } else { "0" }.into(),
                    span: join_spans(t.span, args[next - 1].span),
                    exact: false,
                    space: t.space,
                    line_before: false,
                    line_after: false,
                    minus_space: false,
                    hide: HideSet::default(),
                });
                i = next;
                continue;
            }
            if t.kind == Kind::Ident && &*t.text == "defined" {
                let (name, next) = match (args.get(i + 1), args.get(i + 2), args.get(i + 3)) {
                    (Some(p), Some(n), Some(c)) if p.is("(") && c.is(")") => (Some(n), i + 4),
                    (Some(n), _, _) if !n.is("(") => (Some(n), i + 2),
                    _ => (None, i + 1),
                };
                match name.filter(|n| n.kind == Kind::Ident) {
                    Some(n) => {
                        let value = if self.is_defined(&n.text) { "1" } else { "0" };
                        operands.push(join_spans(t.span, args[next - 1].span));
                        toks.push(Tok {
                            kind: Kind::Number,
                            text: value.into(),
                            span: join_spans(t.span, args[next - 1].span),
                            exact: false,
                            space: t.space,
                            line_before: false,
                            line_after: false,
                            minus_space: false,
                            hide: HideSet::default(),
                        });
                    }
                    None => {
                        let message = "'defined' : expected a macro name".to_string();
                        self.error(DiagnosticCode::PreprocessorError, t.span, message);
                        return false;
                    }
                }
                i = next;
                continue;
            }
            toks.push(t.clone());
            i += 1;
        }
        self.aborted = false;
        self.produced = 0;
        self.in_condition = true;
        let toks = self.expand_list(toks, 0);
        self.in_condition = false;
        if self.aborted {
            return false;
        }
        if self.dialect == Dialect::ReshadeFx {
            return match reshade_evaluate(&toks, &operands, &self.macros) {
                Ok(value) => value,
                Err((at, message)) => {
                    let at = at.unwrap_or(span);
                    self.error(DiagnosticCode::PreprocessorError, at, message);
                    false
                }
            };
        }
        let mut parser = ExprParser {
            directive,
            toks: &toks,
            pos: 0,
            macros: &self.macros,
            error: None,
            depth: 0,
        };
        let value = parser.conditional(true);
        if parser.error.is_none() && parser.pos < toks.len() {
            parser.fail(parser.pos, "unexpected token in preprocessor expression");
        }
        if let Some((at, message)) = parser.error {
            let at = at.unwrap_or(span);
            self.error(DiagnosticCode::PreprocessorError, at, message);
            return false;
        }
        value.is_some_and(|v| v != 0)
    }

    /// Reads the operand of ReShade's `exists` at `args[i]`: `"file"`, `<file>`, either in
    /// parentheses. Returns whether the file is found (beside the current file, then in the
    /// include folders) and the index after the operand.
    pub(super) fn exists_operand(&mut self, args: &[Tok], mut i: usize) -> Option<(bool, usize)> {
        let paren = args.get(i).is_some_and(|t| t.is("("));
        i += usize::from(paren);
        let name = match args.get(i) {
            // Closed strings only: slicing off the quotes stays on character boundaries.
            Some(t) if t.kind == Kind::Str && t.text.len() >= 2 && t.text.ends_with('"') => {
                i += 1;
                t.text[1..t.text.len() - 1].to_string()
            }
            Some(t) if t.is("<") => {
                let close = i + args[i..].iter().position(|t| t.is(">"))?;
                let name: String = args[i + 1..close].iter().map(|t| &*t.text).collect();
                i = close + 1;
                name
            }
            _ => return None,
        };
        if paren {
            args.get(i).filter(|t| t.is(")"))?;
            i += 1;
        }
        let current = self.stack.last().map(|&f| self.sources.get(f).path.clone());
        let here = current
            .as_deref()
            .and_then(Path::parent)
            .map(Path::to_path_buf);
        let found = here
            .into_iter()
            .chain(self.include_dirs.iter().cloned())
            .map(|dir| dir.join(&name))
            .any(|path| self.sources.find(&path).is_some() || self.loader.read(&path).is_ok());
        Some((found, i))
    }
}

pub(super) fn is_active(conds: &[Cond]) -> bool {
    conds.last().is_none_or(|c| c.active)
}

/// Where the directive starting at `hash` ends: at the first newline that is neither escaped by a
/// backslash nor inside a block comment (or at the end of the text).
pub(super) fn directive_end(text: &str, hash: usize, nest: bool) -> usize {
    let bytes = text.as_bytes();
    let mut i = hash;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b'\n', _) => {
                let before = text[hash..i].trim_end_matches('\r');
                if !before.ends_with('\\') {
                    return i;
                }
                i += 1;
            }
            // A line comment ends the directive at its newline, a backslash before it or not:
            // ReShade's lexer skips a comment to the newline without looking at backslashes.
            (b'/', Some(b'/')) => {
                return memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |k| i + k);
            }
            (b'/', Some(b'*')) => i = skip_block_comment(text, i, bytes.len(), nest).0,
            (b'"', _) => {
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n') {
                    i += if bytes[i] == b'\\' && bytes.get(i + 1) != Some(&b'\n') {
                        2
                    } else {
                        1
                    };
                }
                if i < bytes.len() && bytes[i] == b'"' {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Follows block comments (which nest when `nest`) and strings through the line of text starting
/// at `start`, so that a `#` inside a comment is not taken for a directive. Returns the comment
/// depth at the end of the line and where the next line starts (a string's backslash-newline
/// ends the line too). Jumps from one byte that matters to the next ([`memchr`]): every line of
/// every file passes here.
pub(super) fn scan_line(
    bytes: &[u8],
    start: usize,
    mut depth: u32,
    open: &mut usize,
    nest: bool,
) -> (u32, usize) {
    let len = bytes.len();
    let line_end = |i: usize| memchr::memchr(b'\n', &bytes[i..]).map_or(len, |k| i + k + 1);
    let mut i = start;
    loop {
        let found = if depth > 0 {
            memchr::memchr3(b'*', b'/', b'\n', &bytes[i..])
        } else {
            memchr::memchr3(b'/', b'"', b'\n', &bytes[i..])
        };
        let Some(k) = found else {
            return (depth, len);
        };
        i += k;
        match (bytes[i], bytes.get(i + 1)) {
            (b'\n', _) => return (depth, i + 1),
            (b'/', Some(b'*')) if depth == 0 || nest => {
                if depth == 0 {
                    *open = i;
                }
                depth += 1;
                i += 2;
            }
            (b'*', Some(b'/')) => {
                depth -= 1;
                i += 2;
            }
            (b'/', Some(b'/')) if depth == 0 => return (0, line_end(i)),
            (b'"', _) => {
                i += 1;
                while i < len && !matches!(bytes[i], b'"' | b'\n') {
                    if bytes[i] == b'\\' && bytes.get(i + 1) == Some(&b'\n') {
                        return (0, i + 2);
                    }
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                match bytes.get(i) {
                    Some(b'"') => i += 1,
                    Some(_) => return (0, i + 1),
                    None => return (0, len),
                }
            }
            _ => i += 1,
        }
    }
}

/// `__FILE_NAME_HASH__`: ReShade's `std::hash<std::string>` of the file's name, its low 32 bits.
/// That hash is the C++ library's own; ReShade ships for 64-bit Windows, whose library (MSVC's)
/// hashes a string with 64-bit FNV-1a, so that is the value here (a Linux build of ReShade's
/// compiler gives another number).
fn file_name_hash(name: &str) -> u32 {
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    hash as u32
}

#[cfg(test)]
mod file_name_hash_tests {
    use super::file_name_hash;

    #[test]
    fn the_file_name_hash_is_64_bit_fnv_1a_truncated() {
        // FNV-1a 64 of "" is its offset basis; of "a", 0xaf63dc4c8601ec8c.
        assert_eq!(file_name_hash(""), 0x8422_2325);
        assert_eq!(file_name_hash("a"), 0x8601_ec8c);
    }
}
