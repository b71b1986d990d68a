//! Expressions of ReShade FX, by precedence climbing with HLSL's precedence (loosest first):
//! `,` · assignments (right to left) · `?:` · `||` · `&&` · `|` · `^` · `&` · `==` `!=` ·
//! `<` `>` `<=` `>=` · `<<` `>>` · `+` `-` · `*` `/` `%` · prefix operators and casts · postfix
//! `.` `[]` `++` `--` and calls.
//!
//! Every link of an operator chain (`a + b + c`, `-!~x`, `a.b.c`) counts towards the same nesting
//! budget as brackets: the depth of every tree the parser returns is bounded, so later stages
//! may walk it recursively, and dropping it cannot overflow the stack.

use super::{MAX_NESTING, PResult, Parser};
use crate::fx::ast::*;
use crate::fx::lexer::{TokenKind, TypeWord};

/// How many links of operator chains one bracket level is worth: a bracket level costs several
/// parser frames, a chain link only one tree level.
pub(super) const NEST_COST: usize = 4;

/// `||` binds loosest among binary operators; the higher, the tighter.
fn binary_op(kind: TokenKind) -> Option<(BinaryOp, u8)> {
    let TokenKind::Punct(p) = kind else {
        return None;
    };
    Some(match p {
        "||" => (BinaryOp::Or, 1),
        "&&" => (BinaryOp::And, 2),
        "|" => (BinaryOp::BitOr, 3),
        "^" => (BinaryOp::BitXor, 4),
        "&" => (BinaryOp::BitAnd, 5),
        "==" => (BinaryOp::Equal, 6),
        "!=" => (BinaryOp::NotEqual, 6),
        "<" => (BinaryOp::Less, 7),
        ">" => (BinaryOp::Greater, 7),
        "<=" => (BinaryOp::LessEqual, 7),
        ">=" => (BinaryOp::GreaterEqual, 7),
        "<<" => (BinaryOp::ShiftLeft, 8),
        ">>" => (BinaryOp::ShiftRight, 8),
        "+" => (BinaryOp::Add, 9),
        "-" => (BinaryOp::Subtract, 9),
        "*" => (BinaryOp::Multiply, 10),
        "/" => (BinaryOp::Divide, 10),
        "%" => (BinaryOp::Modulo, 10),
        _ => return None,
    })
}

/// The precedence of shifts: expressions that must stop before `<` and `>` start here.
const SHIFT_PRECEDENCE: u8 = 8;

fn assign_op(kind: TokenKind) -> Option<Option<BinaryOp>> {
    let TokenKind::Punct(p) = kind else {
        return None;
    };
    Some(Some(match p {
        "=" => return Some(None),
        "+=" => BinaryOp::Add,
        "-=" => BinaryOp::Subtract,
        "*=" => BinaryOp::Multiply,
        "/=" => BinaryOp::Divide,
        "%=" => BinaryOp::Modulo,
        "&=" => BinaryOp::BitAnd,
        "|=" => BinaryOp::BitOr,
        "^=" => BinaryOp::BitXor,
        "<<=" => BinaryOp::ShiftLeft,
        ">>=" => BinaryOp::ShiftRight,
        _ => return None,
    }))
}

fn prefix_op(kind: TokenKind) -> Option<UnaryOp> {
    match kind {
        TokenKind::Punct("+") => Some(UnaryOp::Plus),
        TokenKind::Punct("-") => Some(UnaryOp::Negate),
        TokenKind::Punct("!") => Some(UnaryOp::Not),
        TokenKind::Punct("~") => Some(UnaryOp::BitNot),
        TokenKind::Punct("++") => Some(UnaryOp::PreIncrement),
        TokenKind::Punct("--") => Some(UnaryOp::PreDecrement),
        _ => None,
    }
}

/// A prefix operator or a cast, waiting for its operand.
enum Prefix {
    Op(UnaryOp, u32),
    Cast(TypeRef, u32),
}

impl Parser<'_> {
    /// Adds one chain link to the nesting budget, or reports the current token.
    fn link(&mut self) -> PResult<()> {
        if self.depth >= MAX_NESTING * NEST_COST {
            let t = self.peek();
            let shown = self.text_of(t.range).to_string();
            return Err(self.error(
                t.range,
                format!(
                    "'{shown}' : expression nested deeper than {} levels",
                    MAX_NESTING
                ),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// Runs `f` and gives back the chain links it added, whether it succeeded or not.
    fn chained<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let saved = self.depth;
        let result = f(self);
        self.depth = saved;
        result
    }

    /// A full expression, comma operator included.
    pub(super) fn expression(&mut self) -> PResult<Expr> {
        let first = self.assignment()?;
        if !self.at(",") {
            return Ok(first);
        }
        let start = first.range.start;
        let mut list = vec![first];
        while self.eat(",") {
            let (read, next) = self.after(list, Self::assignment)?;
            list = read;
            list.push(next);
        }
        Ok(Expr {
            kind: ExprKind::Sequence(list),
            range: self.range_from(start),
        })
    }

    /// An assignment or anything tighter (function arguments, initialisers).
    pub(super) fn assignment(&mut self) -> PResult<Expr> {
        let target = self.ternary()?;
        let Some(op) = assign_op(self.kind()) else {
            return Ok(target);
        };
        self.bump();
        // The target is checked as the value is read (as a place only once it is).
        let (target, value) = self.after(target, |p| p.nested(|p| p.assignment()))?;
        let range = target.range.to(value.range);
        Ok(Expr {
            kind: ExprKind::Assign {
                op,
                target: Box::new(target),
                value: Box::new(value),
            },
            range,
        })
    }

    /// ReShade's `parse_expression_multary`: every binary operator and `?:`, no assignment or
    /// comma at the top (annotation values, texture and sampler properties, pass states).
    pub(super) fn multary(&mut self) -> PResult<Expr> {
        self.ternary()
    }

    fn ternary(&mut self) -> PResult<Expr> {
        let cond = self.binary(1)?;
        if !self.eat("?") {
            return Ok(cond);
        }
        let (cond, then) = self.after(cond, |p| p.nested(|p| p.expression()))?;
        let ((cond, then), otherwise) = self.after((cond, then), |p| {
            p.expect(":")?;
            p.nested(|p| p.assignment())
        })?;
        let range = cond.range.to(otherwise.range);
        Ok(Expr {
            kind: ExprKind::Ternary {
                cond: Box::new(cond),
                then: Box::new(then),
                otherwise: Box::new(otherwise),
            },
            range,
        })
    }

    /// An expression that stops before `<`, `>` and looser operators: thread counts (ReShade's
    /// `parse_expression_multary(x, 8)`).
    pub(super) fn binary_above_relational(&mut self) -> PResult<Expr> {
        self.binary(SHIFT_PRECEDENCE)
    }

    /// Binary operators of precedence `min` or tighter, left to right.
    fn binary(&mut self, min: u8) -> PResult<Expr> {
        self.chained(|p| {
            let mut lhs = p.unary()?;
            while let Some((op, precedence)) = binary_op(p.kind()) {
                if precedence < min {
                    break;
                }
                let (read, rhs) = p.after(lhs, |p| {
                    p.link()?;
                    p.bump();
                    p.binary(precedence + 1)
                })?;
                lhs = read;
                let range = lhs.range.to(rhs.range);
                lhs = Expr {
                    kind: ExprKind::Binary {
                        op,
                        lhs: Box::new(lhs),
                        rhs: Box::new(rhs),
                    },
                    range,
                };
            }
            Ok(lhs)
        })
    }

    /// Prefix operators and casts (read in a loop, not by recursion), then a postfix expression.
    fn unary(&mut self) -> PResult<Expr> {
        self.chained(|p| {
            let mut prefixes = Vec::new();
            loop {
                let start = p.peek().range.start;
                if let Some(op) = prefix_op(p.kind()) {
                    p.link()?;
                    p.bump();
                    prefixes.push(Prefix::Op(op, start));
                } else if p.at_cast() {
                    p.link()?;
                    p.bump();
                    let ty = p.type_ref()?;
                    p.expect(")")?;
                    prefixes.push(Prefix::Cast(ty, start));
                } else {
                    break;
                }
            }
            let mut e = p.postfix()?;
            for prefix in prefixes.into_iter().rev() {
                let (kind, start) = match prefix {
                    Prefix::Op(op, start) => (
                        ExprKind::Unary {
                            op,
                            operand: Box::new(e),
                        },
                        start,
                    ),
                    Prefix::Cast(ty, start) => (
                        ExprKind::Cast {
                            ty,
                            operand: Box::new(e),
                        },
                        start,
                    ),
                };
                e = Expr {
                    kind,
                    range: p.range_from(start),
                };
            }
            Ok(e)
        })
    }

    /// Whether `(` here opens a cast: `(float3)`, `(vector<float, 2>)`, `(MyStruct)` for a
    /// struct declared earlier.
    fn at_cast(&self) -> bool {
        if !self.at("(") {
            return false;
        }
        match self.peek_at(1).kind {
            TokenKind::Type(TypeWord::Numeric { .. }) => self.at_n(2, ")"),
            TokenKind::Type(TypeWord::Vector | TypeWord::Matrix) => true,
            TokenKind::Ident => {
                let name = self.text_of(self.peek_at(1).range);
                self.at_n(2, ")") && self.struct_names.contains(name)
            }
            _ => false,
        }
    }

    /// A primary expression followed by `.member`, `[index]`, `++` and `--`.
    fn postfix(&mut self) -> PResult<Expr> {
        self.chained(|p| {
            // An initialiser list is an expression of its own: as in ReShade, nothing follows it.
            if p.at("{") {
                return p.initializer();
            }
            let mut e = p.primary()?;
            loop {
                let kind = match p.kind() {
                    TokenKind::Punct(".") => {
                        let (base, member) = p.after(e, |p| {
                            p.link()?;
                            p.bump();
                            let member = p.ident("a member name or swizzle")?;
                            // ReShade reports a method call at its name, before the `(`'s
                            // contents (X3087, X3088).
                            if p.at("(") {
                                let message = format!(
                                    "'{}' : a method call; FX types have no methods",
                                    member.name
                                );
                                return Err(p.error(member.range, message));
                            }
                            Ok(member)
                        })?;
                        e = base;
                        ExprKind::Member {
                            base: Box::new(e),
                            member,
                        }
                    }
                    TokenKind::Punct("[") => {
                        // The bracket level counts for the link too.
                        let (base, index) = p.after(e, |p| {
                            p.nested(|p| {
                                p.bump();
                                let index = p.expression()?;
                                let (index, _) = p.after(index, |p| p.expect("]"))?;
                                Ok(index)
                            })
                        })?;
                        e = base;
                        ExprKind::Index {
                            base: Box::new(e),
                            index: Box::new(index),
                        }
                    }
                    TokenKind::Punct(op @ ("++" | "--")) => {
                        let (base, ()) = p.after(e, Self::link)?;
                        e = base;
                        p.bump();
                        let op = if op == "++" {
                            PostfixOp::Increment
                        } else {
                            PostfixOp::Decrement
                        };
                        ExprKind::Postfix {
                            op,
                            operand: Box::new(e),
                        }
                    }
                    _ => return Ok(e),
                };
                let start = match &kind {
                    ExprKind::Member { base, .. }
                    | ExprKind::Index { base, .. }
                    | ExprKind::Postfix { operand: base, .. } => base.range.start,
                    _ => 0,
                };
                e = Expr {
                    kind,
                    range: p.range_from(start),
                };
            }
        })
    }

    fn primary(&mut self) -> PResult<Expr> {
        let t = self.peek();
        let kind = match t.kind {
            TokenKind::Int | TokenKind::Uint | TokenKind::Float => {
                self.bump();
                ExprKind::Literal(self.number(t.kind, t.range))
            }
            TokenKind::String => ExprKind::Literal(Literal::String(self.strings())),
            TokenKind::True | TokenKind::False => {
                self.bump();
                ExprKind::Literal(Literal::Bool(t.kind == TokenKind::True))
            }
            // As in ReShade, a `{ ... }` list is an expression of its own, anywhere one may
            // stand (`w[0].m = { 1, 0, 1 };`), not only as a declaration's initialiser.
            TokenKind::Punct("{") => return self.initializer(),
            TokenKind::Punct("(") => {
                return self.nested(|p| {
                    p.bump();
                    // ReShade tries what follows as a cast's type first, and a type keyword
                    // followed by `(` as a cast before reading it as a constructor.
                    if matches!(p.kind(), TokenKind::Type(_)) && p.at_n(1, "(") {
                        p.note_token_backtrack();
                    } else {
                        p.note_type_backtrack();
                    }
                    let inner = p.expression()?;
                    let (inner, _) = p.after(inner, |p| p.expect(")"))?;
                    Ok(Expr {
                        kind: inner.kind,
                        range: p.range_from(t.range.start),
                    })
                });
            }
            TokenKind::Type(TypeWord::Numeric { .. } | TypeWord::Vector | TypeWord::Matrix) => {
                let ty = self.type_ref()?;
                if !self.at("(") {
                    return Err(self.unexpected("'(' after a type in an expression"));
                }
                self.arguments(UnfinishedHead::Construct(ty))?.finished()
            }
            TokenKind::Ident | TokenKind::Punct("::") => {
                // ReShade tries a name here as a constructor's type first.
                self.note_type_backtrack();
                let path = self.path()?;
                if self.at("(") {
                    self.arguments(UnfinishedHead::Call(path))?.finished()
                } else {
                    ExprKind::Name(path)
                }
            }
            _ => return Err(self.unexpected("an expression")),
        };
        Ok(Expr {
            kind,
            range: self.range_from(t.range.start),
        })
    }

    /// `( a, b, c )` of a call or constructor.
    fn arguments(&mut self, head: UnfinishedHead) -> PResult<Unfinished> {
        self.nested(|p| {
            p.expect("(")?;
            // The arguments are checked as they are read (an undeclared callee only once all
            // are): a list that does not parse keeps its head and what it read. As in ReShade,
            // a `,` is followed by an argument (`f(a, )` is a syntax error).
            let mut read = Unfinished {
                head,
                args: Vec::new(),
            };
            let mut more = !p.at(")");
            while more {
                let (kept, next) = p.after(read, Self::assignment)?;
                read = kept;
                read.args.push(next);
                more = p.eat(",");
            }
            let (read, _) = p.after(read, |p| p.expect(")"))?;
            Ok(read)
        })
    }

    /// The value of a numeric literal, read as ReShade reads it: an integer keeps the low 32
    /// bits of its first 19 digits (later digits are ignored), so no integer is too large.
    fn number(&mut self, kind: TokenKind, range: TextRange) -> Literal {
        // The text outlives the parser's borrow: no copy per literal.
        let source = self.text;
        let text = source
            .get(range.start as usize..range.end as usize)
            .unwrap_or("");
        if kind == TokenKind::Float {
            let digits = text.trim_end_matches(['f', 'F', 'l', 'L']);
            let value = digits.parse::<f64>().unwrap_or_else(|_| {
                self.error(range, format!("'{text}' : invalid floating-point literal"));
                0.0
            });
            return Literal::Float(value);
        }
        let digits = text.trim_end_matches(['u', 'U']);
        let (digits, radix) = match digits.strip_prefix("0x").or(digits.strip_prefix("0X")) {
            Some(hex) => (hex, 16),
            None if digits.len() > 1 && digits.starts_with('0') => (&digits[1..], 8),
            None => (digits, 10),
        };
        let mut value = 0u64;
        for (i, c) in digits.chars().enumerate() {
            let Some(d) = c.to_digit(radix) else {
                self.error(range, format!("'{text}' : invalid integer literal"));
                return Literal::Int(0);
            };
            if i < 19 {
                value = value
                    .wrapping_mul(u64::from(radix))
                    .wrapping_add(u64::from(d));
            }
        }
        let value = value as u32;
        if kind == TokenKind::Uint {
            Literal::Uint(value)
        } else {
            Literal::Int(value)
        }
    }

    /// One or more adjacent string literals, joined, with escapes resolved.
    fn strings(&mut self) -> String {
        let mut out = String::new();
        while self.kind() == TokenKind::String {
            let t = self.bump();
            let text = self.text_of(t.range);
            let inner = text.strip_prefix('"').unwrap_or(text);
            let inner = inner.strip_suffix('"').unwrap_or(inner);
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                if c != '\\' {
                    out.push(c);
                    continue;
                }
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some('r') => out.push('\r'),
                    Some('0') => out.push('\0'),
                    Some(other) => out.push(other),
                    None => {}
                }
            }
        }
        out
    }
}
