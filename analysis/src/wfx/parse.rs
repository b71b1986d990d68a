//! Structure parser, second stage: finds the effect items (`uniform`, `texture`, `sampler`,
//! `technique`) among the WGSL at top level, parses them into an AST, and records the byte ranges
//! they occupy so that the WGSL text can blank them out and keep every other offset.
//!
//! Offsets here are into the preprocessed text; `lower` maps them back to files.

use crate::wfx::lexer::{Token, TokenKind};

/// A name with its range.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub start: usize,
    pub end: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// A constant expression: state values, annotation values, initial values.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Number {
        value: f64,
        float: bool,
    },
    Str(String),
    Ident(String),
    /// `name(args)` or `name<generic>(args)`, e.g. `vec3<f32>(1, 0, 0)`.
    Call {
        callee: String,
        generic: Option<String>,
        args: Vec<Expr>,
    },
    Neg(Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub start: usize,
    pub end: usize,
}

/// `key = value;` in a state block or an annotation list.
#[derive(Clone, Debug, PartialEq)]
pub struct Assignment {
    pub key: Ident,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct UniformDecl {
    pub name: Ident,
    /// The WGSL type as written, e.g. `vec3<f32>`.
    pub ty: Ident,
    pub annotations: Vec<Assignment>,
    pub init: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TextureDecl {
    pub name: Ident,
    pub semantic: Option<Ident>,
    pub annotations: Vec<Assignment>,
    pub states: Vec<Assignment>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SamplerDecl {
    pub name: Ident,
    pub states: Vec<Assignment>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PassDecl {
    pub name: Option<Ident>,
    /// The `pass` keyword, for locating diagnostics about the whole pass.
    pub keyword: Ident,
    pub states: Vec<Assignment>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TechniqueDecl {
    pub name: Ident,
    pub annotations: Vec<Assignment>,
    pub passes: Vec<PassDecl>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Uniform(UniformDecl),
    Texture(TextureDecl),
    Sampler(SamplerDecl),
    /// `storage NAME { Texture = T; MipLevel = 0; }`: a writable view for compute passes. It has
    /// the same shape as a sampler declaration.
    Storage(SamplerDecl),
    Technique(TechniqueDecl),
}

/// A syntax error at a byte range of the preprocessed text.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    pub start: usize,
    pub end: usize,
    pub message: String,
}

#[derive(Debug, Default)]
pub struct ParsedEffect {
    pub items: Vec<Item>,
    /// Byte ranges of structure items, to blank out of the WGSL.
    pub structure_ranges: Vec<(usize, usize)>,
    pub errors: Vec<SyntaxError>,
}

const STRUCTURE_KEYWORDS: [&str; 5] = ["uniform", "texture", "sampler", "storage", "technique"];

/// Parses the structure of a whole preprocessed effect. Errors inside one item skip to that
/// item's end and parsing continues with the next.
pub fn parse(tokens: &[Token], text_len: usize) -> ParsedEffect {
    let mut out = ParsedEffect::default();
    let mut depth = 0usize;
    let mut at_item_start = true;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        if depth == 0
            && at_item_start
            && token
                .ident()
                .is_some_and(|name| STRUCTURE_KEYWORDS.contains(&name))
        {
            let mut parser = Parser {
                tokens,
                pos: i,
                text_len,
            };
            let result = parser.item();
            let end_pos = match result {
                Ok(item) => {
                    out.items.push(item);
                    parser.pos
                }
                Err(error) => {
                    out.errors.push(error);
                    recover(tokens, i, token.ident() == Some("uniform"))
                }
            };
            let end = tokens
                .get(end_pos.saturating_sub(1))
                .map_or(text_len, |t| t.end);
            out.structure_ranges.push((token.start, end.max(token.end)));
            i = end_pos.max(i + 1);
            at_item_start = true;
            continue;
        }
        match token.kind {
            TokenKind::Punct('{') => {
                depth += 1;
                at_item_start = false;
            }
            TokenKind::Punct('}') => {
                depth = depth.saturating_sub(1);
                at_item_start = depth == 0;
            }
            TokenKind::Punct(';') => at_item_start = depth == 0,
            _ => at_item_start = false,
        }
        i += 1;
    }
    out
}

/// After a broken item, skips to the end of its block (or its `;` if it never opened one). In a
/// uniform, `< >` enclose annotations whose `;` do not end the item.
fn recover(tokens: &[Token], start: usize, angle_brackets_nest: bool) -> usize {
    let mut depth = 0usize;
    let mut angle = 0usize;
    let mut i = start + 1;
    while i < tokens.len() {
        match tokens[i].kind {
            TokenKind::Punct('<') if angle_brackets_nest => angle += 1,
            TokenKind::Punct('>') if angle_brackets_nest => angle = angle.saturating_sub(1),
            TokenKind::Punct(';') if angle > 0 => {}
            TokenKind::Punct('{') => depth += 1,
            TokenKind::Punct('}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    // A `};` closes the item too.
                    return if tokens.get(i + 1).is_some_and(|t| t.is_punct(';')) {
                        i + 2
                    } else {
                        i + 1
                    };
                }
            }
            TokenKind::Punct(';') if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    tokens.len()
}

struct Parser<'t> {
    tokens: &'t [Token<'t>],
    pos: usize,
    text_len: usize,
}

type PResult<T> = Result<T, SyntaxError>;

impl<'t> Parser<'t> {
    fn peek(&self) -> Option<&Token<'t>> {
        self.tokens.get(self.pos)
    }

    fn peek_at(&self, ahead: usize) -> Option<&Token<'t>> {
        self.tokens.get(self.pos + ahead)
    }

    fn error_here(&self, expected: &str) -> SyntaxError {
        match self.peek() {
            Some(t) => SyntaxError {
                start: t.start,
                end: t.end,
                message: format!("'{}' : syntax error, expected {expected}", t.describe()),
            },
            None => {
                let at = self.tokens.last().map_or(self.text_len, |t| t.end);
                SyntaxError {
                    start: at,
                    end: at,
                    message: format!("'end of file' : syntax error, expected {expected}"),
                }
            }
        }
    }

    fn eat_punct(&mut self, c: char) -> bool {
        if self.peek().is_some_and(|t| t.is_punct(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_punct(&mut self, c: char) -> PResult<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            Err(self.error_here(&format!("'{c}'")))
        }
    }

    fn ident(&mut self) -> PResult<Ident> {
        match self.peek() {
            Some(Token {
                kind: TokenKind::Ident(name),
                start,
                end,
            }) => {
                let ident = Ident {
                    name: name.to_string(),
                    start: *start,
                    end: *end,
                };
                self.pos += 1;
                Ok(ident)
            }
            _ => Err(self.error_here("an identifier")),
        }
    }

    fn item(&mut self) -> PResult<Item> {
        let keyword = self.ident()?;
        match keyword.name.as_str() {
            "uniform" => self.uniform().map(Item::Uniform),
            "texture" => self.texture().map(Item::Texture),
            "sampler" => self.sampler().map(Item::Sampler),
            "storage" => self.sampler().map(Item::Storage),
            _ => self.technique().map(Item::Technique),
        }
    }

    /// `uniform NAME : TYPE [< annotations >] [= EXPR] ;`
    fn uniform(&mut self) -> PResult<UniformDecl> {
        let name = self.ident()?;
        self.expect_punct(':')?;
        let ty = self.type_name()?;
        let annotations = self.annotations()?;
        let init = if self.eat_punct('=') {
            Some(self.expr()?)
        } else {
            None
        };
        self.expect_punct(';')?;
        Ok(UniformDecl {
            name,
            ty,
            annotations,
            init,
        })
    }

    /// A WGSL type name, possibly generic (`vec3<f32>`), kept as text.
    fn type_name(&mut self) -> PResult<Ident> {
        let mut ident = self.ident()?;
        // `f32 < ui_type = ...` opens annotations, not generic arguments.
        let opens_annotations = self.peek_at(2).is_some_and(|t| t.is_punct('='));
        if self.peek().is_some_and(|t| t.is_punct('<')) && !opens_annotations {
            let inner = self.generic_args()?;
            ident.name = format!("{}<{}>", ident.name, inner.name);
            ident.end = inner.end + 1;
        }
        Ok(ident)
    }

    /// `< arg (, arg)* >` after a type name, each a type or a count (`array<f32, 4>`); returns
    /// the inner text and its range.
    fn generic_args(&mut self) -> PResult<Ident> {
        self.expect_punct('<')?;
        let first = self.generic_arg()?;
        let mut name = first.name;
        let mut end = first.end;
        while self.eat_punct(',') {
            let next = self.generic_arg()?;
            name.push_str(", ");
            name.push_str(&next.name);
            end = next.end;
        }
        self.expect_punct('>')?;
        Ok(Ident {
            name,
            start: first.start,
            end,
        })
    }

    /// A type, or an integer as in `array<f32, 4>`.
    fn generic_arg(&mut self) -> PResult<Ident> {
        if let Some(Token {
            kind:
                TokenKind::Number {
                    value,
                    float: false,
                },
            start,
            end,
        }) = self.peek()
        {
            let ident = Ident {
                name: value.to_string(),
                start: *start,
                end: *end,
            };
            self.pos += 1;
            return Ok(ident);
        }
        self.type_name()
    }

    /// `< key = value; ... >`, or nothing.
    fn annotations(&mut self) -> PResult<Vec<Assignment>> {
        let mut list = Vec::new();
        if !self.eat_punct('<') {
            return Ok(list);
        }
        while !self.eat_punct('>') {
            list.push(self.assignment()?);
        }
        Ok(list)
    }

    fn assignment(&mut self) -> PResult<Assignment> {
        let key = self.ident()?;
        self.expect_punct('=')?;
        let value = self.expr()?;
        self.expect_punct(';')?;
        Ok(Assignment { key, value })
    }

    /// `{ key = value; ... }`
    fn state_block(&mut self) -> PResult<Vec<Assignment>> {
        self.expect_punct('{')?;
        let mut states = Vec::new();
        while !self.eat_punct('}') {
            if self.peek().is_none() {
                return Err(self.error_here("'}'"));
            }
            states.push(self.assignment()?);
        }
        Ok(states)
    }

    /// `texture NAME [: SEMANTIC] [< annotations >] [{ states }] [;]`
    fn texture(&mut self) -> PResult<TextureDecl> {
        let name = self.ident()?;
        let semantic = if self.eat_punct(':') {
            Some(self.ident()?)
        } else {
            None
        };
        let annotations = self.annotations()?;
        let states = if self.peek().is_some_and(|t| t.is_punct('{')) {
            self.state_block()?
        } else {
            Vec::new()
        };
        self.eat_punct(';');
        Ok(TextureDecl {
            name,
            semantic,
            annotations,
            states,
        })
    }

    /// `sampler NAME { states } [;]`
    fn sampler(&mut self) -> PResult<SamplerDecl> {
        let name = self.ident()?;
        let states = self.state_block()?;
        self.eat_punct(';');
        Ok(SamplerDecl { name, states })
    }

    /// `technique NAME [< annotations >] { pass [NAME] { states } ... }`
    fn technique(&mut self) -> PResult<TechniqueDecl> {
        let name = self.ident()?;
        let annotations = self.annotations()?;
        self.expect_punct('{')?;
        let mut passes = Vec::new();
        while !self.eat_punct('}') {
            let keyword = self.ident()?;
            if keyword.name != "pass" {
                return Err(SyntaxError {
                    start: keyword.start,
                    end: keyword.end,
                    message: format!("'{}' : syntax error, expected 'pass'", keyword.name),
                });
            }
            let pass_name = if self.peek().is_some_and(|t| t.ident().is_some()) {
                Some(self.ident()?)
            } else {
                None
            };
            let states = self.state_block()?;
            passes.push(PassDecl {
                name: pass_name,
                keyword,
                states,
            });
        }
        self.eat_punct(';');
        Ok(TechniqueDecl {
            name,
            annotations,
            passes,
        })
    }

    fn expr(&mut self) -> PResult<Expr> {
        self.binary(0)
    }

    fn binary(&mut self, min_precedence: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        loop {
            let (op, precedence) = match self.peek().map(|t| &t.kind) {
                Some(TokenKind::Punct('+')) => (BinaryOp::Add, 1),
                Some(TokenKind::Punct('-')) => (BinaryOp::Sub, 1),
                Some(TokenKind::Punct('*')) => (BinaryOp::Mul, 2),
                Some(TokenKind::Punct('/')) => (BinaryOp::Div, 2),
                Some(TokenKind::Punct('%')) => (BinaryOp::Rem, 2),
                _ => return Ok(lhs),
            };
            if precedence < min_precedence {
                return Ok(lhs);
            }
            self.pos += 1;
            let rhs = self.binary(precedence + 1)?;
            lhs = Expr {
                start: lhs.start,
                end: rhs.end,
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
            };
        }
    }

    fn unary(&mut self) -> PResult<Expr> {
        if let Some(t) = self.peek().filter(|t| t.is_punct('-')) {
            let start = t.start;
            self.pos += 1;
            let operand = self.unary()?;
            return Ok(Expr {
                start,
                end: operand.end,
                kind: ExprKind::Neg(Box::new(operand)),
            });
        }
        if self.peek().is_some_and(|t| t.is_punct('+')) {
            self.pos += 1;
        }
        self.primary()
    }

    fn primary(&mut self) -> PResult<Expr> {
        let Some(token) = self.peek().cloned() else {
            return Err(self.error_here("a value"));
        };
        match token.kind {
            TokenKind::Number { value, float } => {
                self.pos += 1;
                Ok(Expr {
                    kind: ExprKind::Number { value, float },
                    start: token.start,
                    end: token.end,
                })
            }
            TokenKind::Str(s) => {
                self.pos += 1;
                // Adjacent strings concatenate, as in C.
                let mut value = s;
                let mut end = token.end;
                while let Some(Token {
                    kind: TokenKind::Str(next),
                    end: next_end,
                    ..
                }) = self.peek().cloned()
                {
                    value.push_str(&next);
                    end = next_end;
                    self.pos += 1;
                }
                Ok(Expr {
                    kind: ExprKind::Str(value),
                    start: token.start,
                    end,
                })
            }
            TokenKind::Punct('(') => {
                self.pos += 1;
                let inner = self.expr()?;
                self.expect_punct(')')?;
                Ok(inner)
            }
            TokenKind::Ident(name) => {
                self.pos += 1;
                let is_generic_call = self.peek().is_some_and(|t| t.is_punct('<'))
                    && self.peek_at(1).is_some_and(|t| t.ident().is_some());
                let generic = if is_generic_call {
                    Some(self.generic_args()?.name)
                } else {
                    None
                };
                if generic.is_some() || self.peek().is_some_and(|t| t.is_punct('(')) {
                    self.expect_punct('(')?;
                    let mut args = Vec::new();
                    if !self.eat_punct(')') {
                        loop {
                            args.push(self.expr()?);
                            if self.eat_punct(')') {
                                break;
                            }
                            self.expect_punct(',')?;
                        }
                    }
                    let end = self.tokens[self.pos - 1].end;
                    return Ok(Expr {
                        kind: ExprKind::Call {
                            callee: name.to_string(),
                            generic,
                            args,
                        },
                        start: token.start,
                        end,
                    });
                }
                Ok(Expr {
                    kind: ExprKind::Ident(name.to_string()),
                    start: token.start,
                    end: token.end,
                })
            }
            TokenKind::Punct(_) => Err(self.error_here("a value")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wfx::lexer::tokenize;

    fn parse_text(text: &str) -> ParsedEffect {
        let (tokens, errors) = tokenize(text);
        assert!(errors.is_empty());
        parse(&tokens, text.len())
    }

    #[test]
    fn structure_items_are_found_between_wgsl_items() {
        let text = "fn f() -> f32 { let uniform_like = 1.0; return uniform_like; }\n\
                    uniform Strength: f32 < ui_type = \"slider\"; ui_max = 2.0; > = 0.5;\n\
                    struct S { texture: f32 }\n\
                    texture T { Width = BUFFER_WIDTH / 2; Format = RGBA16F; };\n\
                    technique Blur < enabled = true; > { pass H { PixelShader = ps; } pass { VertexShader = vs; } }";
        let parsed = parse_text(text);
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        assert_eq!(parsed.items.len(), 3);
        let Item::Uniform(u) = &parsed.items[0] else {
            panic!("not a uniform")
        };
        assert_eq!(
            (u.name.name.as_str(), u.ty.name.as_str()),
            ("Strength", "f32")
        );
        assert_eq!(u.annotations.len(), 2);
        let Item::Technique(t) = &parsed.items[2] else {
            panic!("not a technique")
        };
        assert_eq!(t.passes.len(), 2);
        assert_eq!(
            t.passes[0].name.as_ref().map(|n| n.name.as_str()),
            Some("H")
        );
        // Each structure range starts at its keyword.
        for &(start, _) in &parsed.structure_ranges {
            assert!(
                ["uniform", "texture", "technique"]
                    .iter()
                    .any(|k| text[start..].starts_with(k))
            );
        }
        let (_, end) = parsed.structure_ranges[1];
        assert_eq!(&text[end - 2..end], "};");
    }

    #[test]
    fn a_broken_item_does_not_hide_the_next() {
        let parsed = parse_text("texture A { Width = ; }\ntexture B { Width = 4; }");
        assert_eq!(parsed.errors.len(), 1);
        assert_eq!(
            parsed.errors[0].message,
            "';' : syntax error, expected a value"
        );
        assert_eq!(parsed.items.len(), 1);
    }

    #[test]
    fn annotations_after_a_scalar_type_are_not_generics() {
        let parsed = parse_text("uniform S: f32 < ui_type = \"slider\"; ui_min = 0.0; > = 0.5;");
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let Item::Uniform(u) = &parsed.items[0] else {
            panic!("not a uniform")
        };
        assert_eq!((u.ty.name.as_str(), u.annotations.len()), ("f32", 2));
    }

    #[test]
    fn a_broken_uniform_is_skipped_whole() {
        let text = "uniform S: f32 < ui_min = ; ui_max = 1.0; > = 0.5;\nfn f() {}";
        let parsed = parse_text(text);
        assert_eq!(parsed.errors.len(), 1);
        assert_eq!(parsed.structure_ranges, vec![(0, text.find('\n').unwrap())]);
    }

    #[test]
    fn generic_calls_and_precedence() {
        let parsed = parse_text("uniform C: vec3<f32> = vec3<f32>(1, -2, 3 + 4 * 2);");
        let Item::Uniform(u) = &parsed.items[0] else {
            panic!("not a uniform")
        };
        assert_eq!(u.ty.name, "vec3<f32>");
        let Some(Expr {
            kind: ExprKind::Call { generic, args, .. },
            ..
        }) = &u.init
        else {
            panic!("not a call")
        };
        assert_eq!(generic.as_deref(), Some("f32"));
        assert!(matches!(
            args[2].kind,
            ExprKind::Binary(BinaryOp::Add, _, _)
        ));
    }
}
