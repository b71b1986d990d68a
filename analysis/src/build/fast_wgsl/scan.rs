//! Which function bodies of a module's text the fast path lowers: each top-level `fn`'s body
//! (from its `{` to its `}`), kept when every token in it is one the fast path reads.

use super::lexer::{Tok, Token};

/// One function body the fast path takes: the function's name and its body's tokens (the
/// braces included), by index into the module's tokens.
pub(super) struct Body<'a> {
    pub name: &'a str,
    pub tokens: std::ops::Range<usize>,
    /// The module-scope names the body uses, each once, in the order it first names them:
    /// what naga's parser would have recorded as the function's dependencies (`Index`).
    pub dependencies: Vec<&'a str>,
}

/// The bodies of `tokens`' top-level functions that hold only what the fast path reads, each
/// with the module-scope names it uses.
pub(super) fn bodies<'a>(tokens: &[Token<'a>]) -> Vec<Body<'a>> {
    let (functions, names) = top_level(tokens);
    let mut found: Vec<Body<'a>> = functions
        .into_iter()
        .filter(|body| body.tokens.clone().all(|i| readable(tokens, i)))
        .collect();
    for body in &mut found {
        let mut after_dot = false;
        for token in &tokens[body.tokens.clone()] {
            match token.tok {
                Tok::Word(w)
                    if !after_dot && names.contains(w) && !body.dependencies.contains(&w) =>
                {
                    body.dependencies.push(w);
                }
                _ => {}
            }
            after_dot = token.tok == Tok::Sym(".");
        }
    }
    found
}

/// For each top-level function the fast path does not take, its first token it does not read
/// (for [`super::differential`]'s report).
pub(super) fn declined<'a>(tokens: &[Token<'a>]) -> Vec<Token<'a>> {
    top_level(tokens)
        .0
        .into_iter()
        .filter_map(|body| body.tokens.clone().find(|&i| !readable(tokens, i)))
        .map(|i| tokens[i])
        .collect()
}

/// Every top-level function (its body without dependencies yet), and the names declared at
/// module scope (functions, variables, constants, overrides, structs, aliases).
fn top_level<'a>(tokens: &[Token<'a>]) -> (Vec<Body<'a>>, rustc_hash::FxHashSet<&'a str>) {
    let mut functions = Vec::new();
    let mut names = rustc_hash::FxHashSet::default();
    let mut depth = 0usize;
    let mut at = 0;
    while at < tokens.len() {
        match tokens[at].tok {
            Tok::Sym("{") => depth += 1,
            Tok::Sym("}") => depth = depth.saturating_sub(1),
            Tok::Word(keyword @ ("fn" | "var" | "const" | "override" | "struct" | "alias"))
                if depth == 0 =>
            {
                let mut next = at + 1;
                // `var<uniform>` and the like: the name follows the template.
                if tokens.get(next).map(|t| t.tok) == Some(Tok::Sym("<")) {
                    while next < tokens.len() && tokens[next].tok != Tok::Sym(">") {
                        next += 1;
                    }
                    next += 1;
                }
                if let Some(Token {
                    tok: Tok::Word(name),
                    ..
                }) = tokens.get(next)
                {
                    names.insert(*name);
                }
                if keyword == "fn"
                    && let Some((body, end)) = function(tokens, at)
                {
                    functions.push(body);
                    at = end;
                    continue;
                }
            }
            _ => {}
        }
        at += 1;
    }
    (functions, names)
}

/// The function whose `fn` is at `at`: its body and the index after its `}`.
fn function<'a>(tokens: &[Token<'a>], at: usize) -> Option<(Body<'a>, usize)> {
    let Tok::Word(name) = tokens.get(at + 1)?.tok else {
        return None;
    };
    // The signature ends at the first `{` outside parentheses.
    let mut parens = 0usize;
    let mut open = at + 2;
    loop {
        match tokens.get(open)?.tok {
            Tok::Sym("(") => parens += 1,
            Tok::Sym(")") => parens = parens.checked_sub(1)?,
            Tok::Sym("{") if parens == 0 => break,
            Tok::Sym(";" | "}") => return None,
            _ => {}
        }
        open += 1;
    }
    let mut depth = 0usize;
    let mut close = open;
    loop {
        match tokens.get(close)?.tok {
            Tok::Sym("{") => depth += 1,
            Tok::Sym("}") => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        close += 1;
    }
    Some((
        Body {
            name,
            tokens: open..close + 1,
            dependencies: Vec::new(),
        },
        close + 1,
    ))
}

/// Whether the fast path reads token `i` inside a body: every number; the punctuation of
/// expressions and of the statements it lowers; a word before `(` or `<` that names a built-in
/// or type it lowers, or nothing WGSL predeclares (a user function or struct); any other word
/// but the keywords of statements it leaves to naga.
fn readable(tokens: &[Token<'_>], i: usize) -> bool {
    match tokens[i].tok {
        Tok::Word(
            "if" | "else" | "return" | "loop" | "continuing" | "break" | "continue" | "discard"
            | "var" | "let" | "true" | "false" | "switch" | "case" | "default",
        ) => true,
        Tok::Word(w) => {
            let called = matches!(tokens.get(i + 1).map(|t| t.tok), Some(Tok::Sym("(" | "<")));
            if called {
                super::calls::known_callee(w)
                    || !(naga::keywords::wgsl::RESERVED_SET.contains(w)
                        || naga::keywords::wgsl::BUILTIN_IDENTIFIER_SET.contains(w))
            } else {
                !matches!(
                    w,
                    "for"
                        | "while"
                        | "const"
                        | "const_assert"
                        | "override"
                        | "alias"
                        | "struct"
                        | "fn"
                        | "enable"
                        | "requires"
                        | "diagnostic"
                )
            }
        }
        Tok::Number(_) => true,
        Tok::Sym(s) => !matches!(s, "++" | "--" | "@" | "->"),
        Tok::Other => false,
    }
}
