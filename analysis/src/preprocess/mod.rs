//! Preprocessor, first stage of the front end: runs the C-style directives (`#include`, `#define`,
//! `#undef`, `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif`, `#error`, `#warning`, `#pragma`,
//! `#line`), expands macros (`__LINE__` and `__FILE__` included), and keeps a map from every byte
//! of its output back to a file and offset.
//!
//! The output keeps the source's lines: directive lines and skipped lines become spaces (newlines
//! kept), text without macros is copied byte for byte, and an included file's text is spliced in
//! after its `#include` line. A macro expansion maps to its invocation (name through closing
//! parenthesis), except argument tokens, which map to where they were written.
//!
//! Expansion follows C: hide sets stop a macro from expanding inside its own expansion, arguments
//! are expanded before substitution unless they meet `#` or `##`, and the result is rescanned with
//! the rest of the text. `#if` evaluates 64-bit signed integer expressions; identifiers left after
//! expansion are 0 (`true` is 1). Directives are recognised only at the start of a line outside
//! comments, and nothing is expanded inside comments or `"strings"`. A backslash before a newline
//! continues a directive.
//!
//! One run serves both front ends, in their dialect ([`Dialect`]); what each defines before the
//! effect's first line lives with it (`wfx/macros.rs`, `fx/macros.rs`). By concern:
//!
//! - `loader.rs`: where files are read from ([`FileLoader`]);
//! - `output.rs`: the output text and its source map ([`Preprocessed`]);
//! - `tokens.rs`: preprocessing tokens and their text;
//! - `expand.rs`: macro expansion;
//! - `directives.rs`: the directives, `#include` and `#if` groups among them;
//! - `eval.rs`: `#if` expressions;
//! - here: the entry points and the per-file line scan that finds directives.

mod call_lines;
pub(crate) use call_lines::newlines_in;
mod directives;
mod eval;
mod expand;
mod joined_lines;
mod loader;
mod output;
mod strings;
mod tokens;

use rustc_hash::{FxHashMap, FxHashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

pub use loader::{
    FileLoader, FsLoader, MAX_SOURCE_BYTES, MemoryLoader, read_bounded_file, read_source_bytes,
};
pub use output::Preprocessed;

use crate::PreprocessOutput;
use crate::diagnostic::{Diagnostic, DiagnosticCode, Severity};
use crate::source::{FileId, SourceMap, Span};
use directives::{Cond, directive_end, is_active, scan_line};
use expand::{Macro, Stream, TextSource};
use tokens::{Kind, Lexer, Tok, TokText, is_word_byte, lex_all};

/// Longest preprocessed text accepted, in bytes.
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;
const MAX_INCLUDE_DEPTH: usize = 32;
/// Macros whose value depends on where they are used: the line (after any `#line`), the file's
/// path, its name and its name without extension (these three as string literals), and a hash
/// of its name.
const DYNAMIC_MACROS: [&str; 5] = [
    "__LINE__",
    "__FILE__",
    "__FILE_NAME__",
    "__FILE_STEM__",
    FILE_NAME_HASH,
];
/// The dynamic macro ReShade expands but `defined` does not know (`is_defined` leaves it out):
/// a number from the file's name, as Windows builds of ReShade compute it.
const FILE_NAME_HASH: &str = "__FILE_NAME_HASH__";
/// Deepest nesting of macro arguments expanded inside macro arguments.
const MAX_EXPANSION_DEPTH: usize = 256;
/// Most tokens one top-level macro invocation may produce.
const MAX_EXPANSION_TOKENS: usize = 1 << 20;

/// Which language's preprocessor rules apply where WGSL and ReShade FX differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `.wfx`: block comments nest (as in WGSL); `##` must form one token.
    Wgsl,
    /// ReShade FX: block comments end at the first `*/`; `#if exists "file"`; `##` may leave
    /// two tokens side by side (`Tint##id##.rgb`).
    ReshadeFx,
}

/// Preprocesses `root` (already added to `sources`) in the WGSL dialect with `definitions`
/// (name, value) defined first, in order (see `wfx::predefined_macros`).
pub fn preprocess(
    root: FileId,
    sources: &mut SourceMap,
    loader: &dyn FileLoader,
    include_dirs: &[PathBuf],
    definitions: &[(String, String)],
    diagnostics: &mut Vec<Diagnostic>,
) -> Preprocessed {
    let files = Files {
        dialect: Dialect::Wgsl,
        prelude: None,
        root,
    };
    preprocess_files(
        files,
        sources,
        loader,
        include_dirs,
        definitions,
        diagnostics,
    )
}

/// The files one run reads first and the rules it reads them by.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Files {
    pub dialect: Dialect,
    /// Run as a top-level file of its own before `root`, seeing the definitions (ReShade's
    /// compatibility macros, a front end's supplied text): what it defines, `root` sees.
    pub prelude: Option<FileId>,
    /// The effect, already added to the sources.
    pub root: FileId,
}

/// Preprocesses `files` with `definitions` (name, value) defined first, in order.
pub(crate) fn preprocess_files(
    files: Files,
    sources: &mut SourceMap,
    loader: &dyn FileLoader,
    include_dirs: &[PathBuf],
    definitions: &[(String, String)],
    diagnostics: &mut Vec<Diagnostic>,
) -> Preprocessed {
    let mut pp = Preprocessor::new(sources, loader, include_dirs, diagnostics, files.dialect);
    for (name, value) in definitions {
        pp.define_predefined(files.root, name, value);
    }
    for file in files.prelude.into_iter().chain([files.root]) {
        pp.stack = vec![file];
        pp.process_file(file);
    }
    pp.out.tested_definitions = pp.tested_definitions();
    pp.out
}

/// One of the preprocessor's dialects as a front end runs it (`preprocess`,
/// `fx::macros::preprocess_fx`).
pub(crate) type PreprocessorRun = fn(
    FileId,
    &mut SourceMap,
    &dyn FileLoader,
    &[PathBuf],
    &[(String, String)],
    &mut Vec<Diagnostic>,
) -> Preprocessed;

/// Adds `text` as the root file of a new source map and runs `run` over it: the start both front
/// ends share.
pub(crate) fn run_preprocessor(
    path: &Path,
    text: String,
    loader: &dyn FileLoader,
    include_dirs: &[PathBuf],
    definitions: &[(String, String)],
    run: PreprocessorRun,
) -> PreprocessOutput {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let root = sources.add(path, text);
    let preprocessed = run(
        root,
        &mut sources,
        loader,
        include_dirs,
        definitions,
        &mut diagnostics,
    );
    PreprocessOutput {
        sources,
        root,
        preprocessed,
        diagnostics,
    }
}

struct Preprocessor<'a> {
    sources: &'a mut SourceMap,
    loader: &'a dyn FileLoader,
    include_dirs: &'a [PathBuf],
    diagnostics: &'a mut Vec<Diagnostic>,
    out: Preprocessed,
    macros: FxHashMap<TokText, Rc<Macro>>,
    /// First bytes of every name ever defined: most identifiers in WGSL code are not macros,
    /// and this check spares them the hash lookup.
    macro_first_bytes: [bool; 256],
    /// Files that said `#pragma once`.
    once: FxHashSet<FileId>,
    /// Include candidates the loader could not read, with why and whether the file is there
    /// (refused rather than missing): an effect's headers include the same names again and
    /// again, and a miss can cost a directory listing (names in any case).
    unreadable: FxHashMap<PathBuf, (String, bool)>,
    /// The files being included, outermost first.
    stack: Vec<FileId>,
    /// Names active `#ifdef`/`#ifndef`s tested while the effect had not defined them, in
    /// order (see [`Preprocessed::tested_definitions`]).
    tested: Vec<TokText>,
    /// The output grew too large; nothing more is emitted.
    stopped: bool,
    /// The current top-level expansion hit a limit; it is dropped.
    aborted: bool,
    /// Where in `diagnostics` the last macro call whose arguments ran to the end of the text
    /// was reported.
    unterminated_call: Option<usize>,
    /// The last piece of a macro call whose arguments span lines, until the newline that
    /// ends it is known (`call_lines.rs`).
    call_tail: Option<call_lines::CallTail>,
    /// Tokens produced by the current top-level expansion.
    produced: usize,
    /// The macro invoked in the text that the current expansion started from.
    outermost: Option<TokText>,
    dialect: Dialect,
    /// An `#if` expression is being expanded (ReShade FX keeps a function-like macro's name
    /// there when no `(` follows, as an identifier that is 0).
    in_condition: bool,
}

impl<'a> Preprocessor<'a> {
    fn new(
        sources: &'a mut SourceMap,
        loader: &'a dyn FileLoader,
        include_dirs: &'a [PathBuf],
        diagnostics: &'a mut Vec<Diagnostic>,
        dialect: Dialect,
    ) -> Self {
        Self {
            sources,
            loader,
            include_dirs,
            diagnostics,
            out: Preprocessed::default(),
            macros: FxHashMap::default(),
            macro_first_bytes: [false; 256],
            once: FxHashSet::default(),
            unreadable: FxHashMap::default(),
            stack: Vec::new(),
            tested: Vec::new(),
            stopped: false,
            aborted: false,
            unterminated_call: None,
            call_tail: None,
            produced: 0,
            outermost: None,
            dialect,
            in_condition: false,
        }
    }

    /// Whether block comments nest.
    fn nest(&self) -> bool {
        self.dialect == Dialect::Wgsl
    }

    fn error(&mut self, code: DiagnosticCode, span: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::error(code, span, message));
    }

    fn warning(&mut self, code: DiagnosticCode, span: Span, message: String) {
        self.diagnostics
            .push(Diagnostic::warning(code, span, message));
    }

    fn note(&mut self, code: DiagnosticCode, span: Span, message: String) {
        self.diagnostics.push(Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(code, span, message)
        });
    }

    /// What [`Preprocessed::tested_definitions`] lists, once the files are done.
    fn tested_definitions(&self) -> Vec<(String, String)> {
        self.tested
            .iter()
            .filter_map(|name| {
                let m = self.macros.get(name)?;
                if m.params.is_some() {
                    return None;
                }
                let mut value = String::new();
                for t in &m.body {
                    if t.space && !value.is_empty() {
                        value.push(' ');
                    }
                    value.push_str(&t.text);
                }
                Some((name.to_string(), value))
            })
            .collect()
    }

    fn define_predefined(&mut self, root: FileId, name: &str, value: &str) {
        let valid = name.bytes().next().is_some_and(|b| !b.is_ascii_digit())
            && name.bytes().all(is_word_byte);
        if !valid || name == "defined" {
            self.diagnostics.push(Diagnostic::error(
                DiagnosticCode::PreprocessorError,
                None,
                format!("'{name}' : invalid macro name in a definition passed in"),
            ));
            return;
        }
        let body = lex_all(&value.into(), 0, value.len(), root, self.nest())
            .into_iter()
            .map(|mut t| {
                t.exact = false;
                t
            })
            .collect();
        let m = Macro {
            params: None,
            variadic: false,
            body,
            defined_at: None,
        };
        let name = TokText::from(name);
        self.note_macro_name(&name);
        self.macros.insert(name, Rc::new(m));
    }

    /// Checks the output limit before appending `len` bytes; reports once when it is exceeded.
    fn room_for(&mut self, len: usize, at: Span) -> bool {
        if self.stopped {
            return false;
        }
        if self.out.text.len() + len > MAX_OUTPUT_BYTES {
            self.stopped = true;
            self.error(
                DiagnosticCode::PreprocessorError,
                at,
                format!(
                    "'#include' : preprocessed output exceeds {} MiB",
                    MAX_OUTPUT_BYTES >> 20
                ),
            );
            return false;
        }
        true
    }

    fn emit_exact(&mut self, file: FileId, text: &str, start: usize, end: usize) {
        if start < end && self.room_for(end - start, Span::new(file, start, start)) {
            self.out.push_exact(file, start, &text[start..end]);
        }
    }

    /// Emits a range of source as spaces, keeping its newlines and its length.
    fn emit_blank(&mut self, file: FileId, text: &str, start: usize, end: usize) {
        if start < end && self.room_for(end - start, Span::new(file, start, start)) {
            self.out
                .push_blank(file, start, &text.as_bytes()[start..end]);
        }
    }

    fn process_file(&mut self, file: FileId) {
        // The text is shared so that included files can be added to `sources` while we walk it.
        let mut text: Rc<str> = self.sources.get(file).text.as_str().into();
        if self.dialect == Dialect::ReshadeFx {
            // ReShade's lexer reads a NUL byte as the end of its input: the file ends there.
            if let Some(nul) = memchr::memchr(0, text.as_bytes()) {
                self.warning(
                    DiagnosticCode::PreprocessorWarning,
                    Span::new(file, nul, nul + 1),
                    "a NUL byte ends the file for ReShade: the text after it is not read".into(),
                );
                text = text[..nul].into();
            }
            for at in strings::unterminated_strings(&text) {
                self.error(
                    DiagnosticCode::PreprocessorError,
                    Span::new(file, at, at + 1),
                    "'\"' : unterminated string literal".into(),
                );
            }
        }
        let bytes = text.as_bytes();
        // A macro call whose arguments run to the end of this file (ReShade FX reads them on
        // through directives, so any unterminated one does).
        self.unterminated_call = None;
        let mut conds: Vec<Cond> = Vec::new();
        let mut pos = 0;
        let mut run_start = 0;
        let mut comment_depth = 0u32;
        let mut comment_open = 0;
        while pos < bytes.len() && !self.stopped {
            // Leading blanks never cross a newline, so this finds the line's first character.
            let first = bytes[pos..]
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c'))
                .map(|i| pos + i);
            match first {
                Some(hash) if comment_depth == 0 && bytes[hash] == b'#' => {
                    let active = is_active(&conds);
                    if let Some(resume) = self.flush_run(file, &text, run_start, pos, active) {
                        // A macro call read its arguments on through this directive and the
                        // text after it: the text goes on after the call, mid-line.
                        run_start = resume;
                        (comment_depth, pos) =
                            scan_line(bytes, resume, 0, &mut comment_open, self.nest());
                        continue;
                    }
                    let end = directive_end(&text, hash, self.nest());
                    let next = (end + 1).min(bytes.len());
                    let tail = self.skipped_branch_tail(&text, hash, end, &conds);
                    self.emit_blank(file, &text, pos, tail.unwrap_or(next));
                    self.directive(file, &text, hash, end, &mut conds);
                    pos = next;
                    run_start = next;
                    let resume = tail.and_then(|tail| {
                        self.flush_run(file, &text, tail, next, is_active(&conds))
                    });
                    if let Some(resume) = resume {
                        run_start = resume;
                        (comment_depth, pos) =
                            scan_line(bytes, resume, 0, &mut comment_open, self.nest());
                    }
                }
                _ => {
                    (comment_depth, pos) =
                        scan_line(bytes, pos, comment_depth, &mut comment_open, self.nest());
                }
            }
        }
        if self.stopped {
            return;
        }
        self.flush_run(file, &text, run_start, bytes.len(), is_active(&conds));
        // ReShade finds the open `#if`s as its lexer reaches the end of the file, before a
        // macro call still reading its arguments there says the file ended.
        let unterminated_at = match self.dialect {
            Dialect::ReshadeFx => self.unterminated_call.take(),
            Dialect::Wgsl => None,
        };
        if comment_depth > 0 {
            let span = Span::new(file, comment_open, comment_open + 2);
            if self.dialect == Dialect::Wgsl {
                self.error(
                    DiagnosticCode::PreprocessorError,
                    span,
                    "'/*' : unterminated comment".into(),
                );
            } else {
                // ReShade's lexer ends a block comment at the end of its file without a word
                // (effect_lexer.cpp), so the effect is valid; what the comment swallowed is
                // worth a warning of our own.
                self.warning(
                    DiagnosticCode::PreprocessorWarning,
                    span,
                    "'/*' : comment runs to the end of the file (ReShade ends it there)".into(),
                );
            }
            // Close it so the comment does not swallow the including file's text.
            let end = Span::new(file, bytes.len(), bytes.len());
            self.out
                .push_mapped(end, &"*/".repeat(comment_depth as usize));
        }
        let open = conds.iter().rev().map(|cond| {
            let message = format!("'#{}' : unterminated conditional directive", cond.directive);
            Diagnostic::error(DiagnosticCode::PreprocessorError, cond.span, message)
        });
        match unterminated_at {
            Some(at) => {
                let at = at.min(self.diagnostics.len());
                self.diagnostics.splice(at..at, open);
            }
            None => self.diagnostics.extend(open),
        }
    }

    /// Records the lines ReShade's parser gives code on logical lines that span physical ones
    /// in `text[start..end]` (`joined_lines`), from the line of the first backslash-newline or
    /// block comment on: before it every line keeps its number.
    fn number_joined_lines(&mut self, file: FileId, text: &str, start: usize, end: usize) {
        let run = &text.as_bytes()[start..end];
        // One pass over the run for the first backslash-newline or `/*`.
        let first = memchr::memchr2_iter(b'\\', b'/', run).find(|&i| match run[i] {
            b'\\' => run[i + 1..].starts_with(b"\n") || run[i + 1..].starts_with(b"\r\n"),
            _ => run.get(i + 1) == Some(&b'*'),
        });
        let Some(first) = first else {
            return;
        };
        let from = memchr::memrchr(b'\n', &run[..first]).map_or(start, |k| start + k + 1);
        let first_line = self.sources.get(file).line(from as u32);
        let mut lines = Vec::new();
        joined_lines::parser_lines(text, from, end, first_line, &mut lines);
        if !lines.is_empty() {
            self.sources.add_parser_lines(file, &lines);
        }
    }

    /// Where the text after an `#else` or `#endif` that ends a skipped branch starts, in ReShade
    /// FX: ReShade checks such a line's end only when the branch was read, and otherwise reads
    /// what follows the directive's name as text of the branch that comes next.
    fn skipped_branch_tail(
        &self,
        text: &Rc<str>,
        hash: usize,
        end: usize,
        conds: &[Cond],
    ) -> Option<usize> {
        if self.dialect != Dialect::ReshadeFx || is_active(conds) {
            return None;
        }
        let mut lexer = Lexer::new(text, hash + 1, end);
        lexer.nest = false;
        let name = lexer.next_raw()?;
        if !matches!(&text[name.start..name.end], "else" | "endif") {
            return None;
        }
        lexer.next_raw().map(|_| name.end)
    }

    /// Writes the text `text[start..end]` between directives: with macros expanded when the
    /// group is active, blank otherwise. A macro call there
    /// whose arguments go on past `end` (ReShade FX: through directives, which are then never
    /// run) ends the run: where the text goes on is returned.
    fn flush_run(
        &mut self,
        file: FileId,
        text: &Rc<str>,
        start: usize,
        end: usize,
        active: bool,
    ) -> Option<usize> {
        if start >= end {
            return None;
        }
        if !active {
            self.emit_blank(file, text, start, end);
            return None;
        }
        if self.dialect == Dialect::ReshadeFx {
            self.number_joined_lines(file, text, start, end);
        }
        let mut source = TextSource {
            lexer: Lexer {
                nest: self.nest(),
                ..Lexer::new(text, start, end)
            },
            shared: text,
            file,
            consumed_to: start,
            limit: match self.dialect {
                Dialect::ReshadeFx => text.len(),
                Dialect::Wgsl => end,
            },
        };
        let mut copied_to = start;
        while let Some(raw) = source.lexer.next_raw() {
            if self.stopped {
                return None;
            }
            if raw.kind != Kind::Ident || !self.is_macro(&text[raw.start..raw.end]) {
                continue;
            }
            source.consumed_to = raw.end;
            let tok = Tok::from_raw(raw, text, file);
            self.aborted = false;
            self.produced = 0;
            self.outermost = Some(tok.text.clone());
            let mut stream = Stream {
                pending: Vec::new(),
                source: &mut source,
            };
            if !self.expand_one(&tok, &mut stream, 0) {
                continue;
            }
            let mut expansion = Vec::new();
            while let Some(t) = stream.pending.pop() {
                if self.aborted {
                    break;
                }
                if !self.expand_one(&t, &mut stream, 0) {
                    expansion.push(t);
                }
            }
            self.outermost = None;
            let invocation_end = source.consumed_to;
            self.emit_exact(file, text, copied_to, raw.start);
            if !self.aborted {
                let next = text.as_bytes().get(invocation_end).copied();
                self.emit_tokens(&expansion, next, Span::new(file, raw.start, invocation_end));
            }
            copied_to = invocation_end;
            if source.lexer.end > end {
                self.finish_call_lines();
                return Some(invocation_end);
            }
        }
        self.finish_call_lines();
        self.emit_exact(file, text, copied_to, end);
        None
    }
}
