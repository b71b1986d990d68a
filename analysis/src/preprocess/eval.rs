//! `#if` evaluation over tokens already macro-expanded. The WGSL dialect's (`ExprParser`):
//! 64-bit signed integer expressions with C's precedence and `?:`; identifiers left after
//! expansion are 0 (`true` is 1). ReShade FX's (`reshade_evaluate`): ReShade's own
//! shunting-yard evaluator, with its operators, precedences and 32-bit values.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::expand::Macro;
use super::tokens::*;
use crate::source::Span;

/// A `#if` expression over tokens already macro-expanded.
pub(super) struct ExprParser<'a> {
    pub(super) directive: &'a str,
    pub(super) toks: &'a [Tok],
    pub(super) pos: usize,
    pub(super) macros: &'a FxHashMap<TokText, Rc<Macro>>,
    /// The first error: where (`None`: at the end of the line) and what.
    pub(super) error: Option<(Option<Span>, String)>,
    /// Nesting of parentheses, unary operators and `?:`, bounded so that no input overflows the
    /// stack.
    pub(super) depth: usize,
}

/// Deepest nesting accepted in a `#if` expression.
pub(super) const MAX_EXPRESSION_DEPTH: usize = 256;

/// Binary operators by precedence, loosest first.
pub(super) const BINARY: [&[&str]; 10] = [
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", ">", "<=", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl ExprParser<'_> {
    pub(super) fn fail(&mut self, at: usize, what: &str) -> Option<i64> {
        if self.error.is_none() {
            self.error = Some(match self.toks.get(at) {
                Some(t) => (Some(t.span), format!("'{}' : {what}", t.text)),
                None => (None, format!("'#{}' : {what}", self.directive)),
            });
        }
        None
    }

    pub(super) fn peek_punct(&self) -> Option<&str> {
        self.toks
            .get(self.pos)
            .filter(|t| t.kind == Kind::Punct)
            .map(|t| &*t.text)
    }

    /// `c ? a : b`; `live` is false in a branch that is not evaluated (no division errors there).
    pub(super) fn conditional(&mut self, live: bool) -> Option<i64> {
        self.depth += 1;
        let value = self.conditional_inner(live);
        self.depth -= 1;
        value
    }

    pub(super) fn conditional_inner(&mut self, live: bool) -> Option<i64> {
        if self.depth > MAX_EXPRESSION_DEPTH {
            return self.fail(self.pos, "expression nested too deeply");
        }
        let c = self.binary(0, live)?;
        if self.peek_punct() != Some("?") {
            return Some(c);
        }
        self.pos += 1;
        let a = self.conditional(live && c != 0)?;
        if self.peek_punct() != Some(":") {
            return self.fail(self.pos, "expected ':'");
        }
        self.pos += 1;
        let b = self.conditional(live && c == 0)?;
        Some(if c != 0 { a } else { b })
    }

    pub(super) fn binary(&mut self, level: usize, live: bool) -> Option<i64> {
        if level == BINARY.len() {
            return self.unary(live);
        }
        let mut lhs = self.binary(level + 1, live)?;
        while let Some(op) = self.peek_punct().filter(|p| BINARY[level].contains(p)) {
            let op = op.to_string();
            let at = self.pos;
            self.pos += 1;
            let rhs_live = match op.as_str() {
                "&&" => live && lhs != 0,
                "||" => live && lhs == 0,
                _ => live,
            };
            let rhs = self.binary(level + 1, rhs_live)?;
            lhs = if rhs_live {
                self.apply(&op, lhs, rhs, at)?
            } else {
                match op.as_str() {
                    "&&" => 0,
                    "||" => 1,
                    _ => 0,
                }
            };
        }
        Some(lhs)
    }

    pub(super) fn apply(&mut self, op: &str, a: i64, b: i64, at: usize) -> Option<i64> {
        Some(match op {
            "||" => i64::from(a != 0 || b != 0),
            "&&" => i64::from(a != 0 && b != 0),
            "|" => a | b,
            "^" => a ^ b,
            "&" => a & b,
            "==" => i64::from(a == b),
            "!=" => i64::from(a != b),
            "<" => i64::from(a < b),
            ">" => i64::from(a > b),
            "<=" => i64::from(a <= b),
            ">=" => i64::from(a >= b),
            "<<" | ">>" => {
                let shift = match u32::try_from(b) {
                    Ok(s) if s < 64 => s,
                    _ => return self.fail(at, "shift count out of range"),
                };
                if op == "<<" {
                    a.wrapping_shl(shift)
                } else {
                    a >> shift
                }
            }
            "+" => a.wrapping_add(b),
            "-" => a.wrapping_sub(b),
            "*" => a.wrapping_mul(b),
            "/" | "%" if b == 0 => return self.fail(at, "division by zero"),
            "/" => a.wrapping_div(b),
            _ => a.wrapping_rem(b),
        })
    }

    pub(super) fn unary(&mut self, live: bool) -> Option<i64> {
        self.depth += 1;
        let value = self.unary_inner(live);
        self.depth -= 1;
        value
    }

    pub(super) fn unary_inner(&mut self, live: bool) -> Option<i64> {
        if self.depth > MAX_EXPRESSION_DEPTH {
            return self.fail(self.pos, "expression nested too deeply");
        }
        let Some(t) = self.toks.get(self.pos) else {
            return self.fail(self.pos, "expected an integer expression");
        };
        self.pos += 1;
        match t.kind {
            Kind::Punct => match &*t.text {
                "+" => self.unary(live),
                "-" => self.unary(live).map(i64::wrapping_neg),
                "~" => self.unary(live).map(|v| !v),
                "!" => self.unary(live).map(|v| i64::from(v == 0)),
                "(" => {
                    let v = self.conditional(live)?;
                    if self.peek_punct() != Some(")") {
                        return self.fail(self.pos, "expected ')'");
                    }
                    self.pos += 1;
                    Some(v)
                }
                _ => self.fail(self.pos - 1, "unexpected token in preprocessor expression"),
            },
            Kind::Number => match parse_integer(&t.text) {
                Some(v) => Some(v),
                None => self.fail(self.pos - 1, "not an integer literal"),
            },
            Kind::Ident => match &*t.text {
                // A `defined` that a macro produced.
                "defined" => {
                    let paren = self.peek_punct() == Some("(");
                    if paren {
                        self.pos += 1;
                    }
                    let Some(name) = self.toks.get(self.pos).filter(|n| n.kind == Kind::Ident)
                    else {
                        return self.fail(self.pos, "expected a macro name after 'defined'");
                    };
                    let value = i64::from(self.macros.contains_key(&*name.text));
                    self.pos += 1;
                    if paren {
                        if self.peek_punct() != Some(")") {
                            return self.fail(self.pos, "expected ')'");
                        }
                        self.pos += 1;
                    }
                    Some(value)
                }
                "true" => Some(1),
                _ => Some(0),
            },
            Kind::Str => self.fail(self.pos - 1, "unexpected token in preprocessor expression"),
        }
    }
}

/// A C integer literal: decimal, `0x` hexadecimal or `0` octal, with `u`/`l` suffixes.
pub(super) fn parse_integer(text: &str) -> Option<i64> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let (digits, radix) = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        (hex, 16)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (&digits[1..], 8)
    } else {
        (digits, 10)
    };
    // Values above i64::MAX wrap, as C's unsigned literals compared as signed would.
    u64::from_str_radix(digits, radix).ok().map(|v| v as i64)
}

/// An integer literal's value as ReShade's lexer computes it (`parse_numeric_literal`): the
/// digits among its first 19 characters (after `0x`; an octal literal's leading `0` is one of
/// them) accumulated with wrapping, the rest read but ignored, the result cut to 32 bits, so
/// that `#if 99999999999999999999999` is true as in ReShade; `None` when it is not an integer.
pub(super) fn reshade_integer(text: &str) -> Option<i32> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let (digits, radix) = match digits.strip_prefix("0x").or(digits.strip_prefix("0X")) {
        Some(hex) => (hex, 16),
        None if digits.starts_with('0') => (digits, 8),
        None => (digits, 10),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value = 0u64;
    for (i, c) in digits.chars().enumerate() {
        let digit = c.to_digit(radix)?;
        if i < 19 {
            value = value
                .wrapping_mul(u64::from(radix))
                .wrapping_add(u64::from(digit));
        }
    }
    Some(value as u32 as i32)
}

/// An operator of ReShade's `#if` evaluator, with its precedence (`s_precedence_lookup`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Op {
    Binary(&'static str, u8),
    Unary(&'static str),
    Parenthesis,
}

impl Op {
    fn precedence(self) -> u8 {
        match self {
            Op::Binary(_, p) => p,
            Op::Unary(_) => 11,
            Op::Parenthesis => 0,
        }
    }
}

/// The binary operators of ReShade's evaluator and their precedences: `!=` binds looser than
/// `==`, and there is no `?:`.
const RESHADE_BINARY: [(&str, u8); 18] = [
    ("||", 0),
    ("&&", 1),
    ("|", 2),
    ("^", 3),
    ("&", 4),
    ("!=", 5),
    ("==", 6),
    ("<", 7),
    (">", 7),
    ("<=", 7),
    (">=", 7),
    ("<<", 8),
    (">>", 8),
    ("+", 9),
    ("-", 9),
    ("%", 10),
    ("/", 10),
    ("*", 10),
];

/// Entries ReShade's evaluator holds in its operator stack and its output queue.
const RESHADE_STACK_SIZE: usize = 128;

/// An item of the output queue: a value or an operator.
enum Rpn {
    Value(i32),
    Op(Op),
}

/// Evaluates a `#if` expression as ReShade's preprocessor does (`evaluate_expression`): a
/// shunting-yard pass over the tokens, then the queue evaluated on 32-bit integers that wrap.
/// Every operand is evaluated (no short-circuit: `0 && 1 / 0` divides by zero); `+`/`-` are
/// binary only after a number, a name or `)`, where a `defined` or `exists` operand (the
/// tokens at `operands`, already numbers) does not count; a name left after expansion, `true`
/// among them, is 0; a token that is no operator, number, name or parenthesis (a float, a
/// string, `?`, `,`) is an invalid expression. The error: where (`None`: the end of the line)
/// and what.
pub(super) fn reshade_evaluate(
    toks: &[Tok],
    operands: &[Span],
    macros: &FxHashMap<TokText, Rc<Macro>>,
) -> Result<bool, (Option<Span>, String)> {
    let fail = |at: Option<&Tok>, what: &str| Err((at.map(|t| t.span), what.to_string()));
    let mut rpn: Vec<Rpn> = Vec::new();
    let mut stack: Vec<Op> = Vec::new();
    // Whether the token before counts as an operand for a following `+`/`-`.
    let mut after_operand = false;
    let mut i = 0;
    while i < toks.len() {
        if stack.len() >= RESHADE_STACK_SIZE || rpn.len() >= RESHADE_STACK_SIZE {
            return fail(toks.get(i), "expression evaluator ran out of stack space");
        }
        let t = &toks[i];
        i += 1;
        match t.kind {
            Kind::Number if operands.contains(&t.span) => {
                rpn.push(Rpn::Value(i32::from(&*t.text == "1")));
                continue;
            }
            // Octal, hexadecimal and decimal literals, as ReShade's lexer reads them.
            Kind::Number => match reshade_integer(&t.text) {
                Some(v) => rpn.push(Rpn::Value(v)),
                None => return fail(Some(t), "invalid expression"),
            },
            // A `defined` a macro produced.
            Kind::Ident if &*t.text == "defined" => {
                let paren = toks.get(i).is_some_and(|p| p.is("("));
                i += usize::from(paren);
                let Some(name) = toks.get(i).filter(|n| n.kind == Kind::Ident) else {
                    return fail(toks.get(i), "syntax error: expected identifier");
                };
                i += 1;
                if paren {
                    if !toks.get(i).is_some_and(|p| p.is(")")) {
                        return fail(toks.get(i), "syntax error: expected ')'");
                    }
                    i += 1;
                }
                rpn.push(Rpn::Value(i32::from(macros.contains_key(&*name.text))));
                continue;
            }
            Kind::Ident => rpn.push(Rpn::Value(0)),
            Kind::Str => return fail(Some(t), "invalid expression"),
            Kind::Punct => match &*t.text {
                "(" => stack.push(Op::Parenthesis),
                ")" => loop {
                    match stack.pop() {
                        Some(Op::Parenthesis) => break,
                        Some(op) => rpn.push(Rpn::Op(op)),
                        None => return fail(Some(t), "unmatched ')'"),
                    }
                },
                text => {
                    let op = match text {
                        "+" | "-" if !after_operand => {
                            Op::Unary(if text == "+" { "+" } else { "-" })
                        }
                        "!" => Op::Unary("!"),
                        "~" => Op::Unary("~"),
                        _ => match RESHADE_BINARY.iter().find(|(o, _)| *o == text) {
                            Some(&(o, p)) => Op::Binary(o, p),
                            None => return fail(Some(t), "invalid expression"),
                        },
                    };
                    let left = matches!(op, Op::Binary(..));
                    while let Some(&top) = stack.last() {
                        let stays = top == Op::Parenthesis
                            || if left {
                                op.precedence() > top.precedence()
                            } else {
                                op.precedence() >= top.precedence()
                            };
                        if stays {
                            break;
                        }
                        stack.pop();
                        rpn.push(Rpn::Op(top));
                    }
                    stack.push(op);
                }
            },
        }
        after_operand = matches!(t.kind, Kind::Number | Kind::Ident) || t.is(")");
    }
    let last = toks.last();
    while let Some(op) = stack.pop() {
        if op == Op::Parenthesis {
            return fail(last, "unmatched ')'");
        }
        rpn.push(Rpn::Op(op));
    }
    let mut values: Vec<i32> = Vec::new();
    for item in rpn {
        match item {
            Rpn::Value(v) => values.push(v),
            Rpn::Op(Op::Unary(op)) => {
                let Some(v) = values.last_mut() else {
                    return fail(last, "invalid expression");
                };
                *v = match op {
                    "+" => *v,
                    "-" => v.wrapping_neg(),
                    "!" => i32::from(*v == 0),
                    _ => !*v,
                };
            }
            Rpn::Op(Op::Binary(op, _)) => {
                // The zero divisor is found before the operand count is checked.
                if values.last() == Some(&0) && (op == "/" || op == "%") {
                    let what = if op == "/" {
                        "division by zero"
                    } else {
                        "right operand of '%' is zero"
                    };
                    return fail(last, what);
                }
                let (Some(b), Some(a)) = (values.pop(), values.pop()) else {
                    return fail(last, "invalid expression");
                };
                // Shift counts are taken modulo 32, as the x86 shift instructions take them.
                values.push(match op {
                    "||" => i32::from(a != 0 || b != 0),
                    "&&" => i32::from(a != 0 && b != 0),
                    "|" => a | b,
                    "^" => a ^ b,
                    "&" => a & b,
                    "!=" => i32::from(a != b),
                    "==" => i32::from(a == b),
                    "<" => i32::from(a < b),
                    ">" => i32::from(a > b),
                    "<=" => i32::from(a <= b),
                    ">=" => i32::from(a >= b),
                    "<<" => a.wrapping_shl(b as u32),
                    ">>" => a.wrapping_shr(b as u32),
                    "+" => a.wrapping_add(b),
                    "-" => a.wrapping_sub(b),
                    "%" => a.wrapping_rem(b),
                    "/" => a.wrapping_div(b),
                    _ => a.wrapping_mul(b),
                });
            }
            Rpn::Op(Op::Parenthesis) => {}
        }
    }
    match values.as_slice() {
        [v] => Ok(*v != 0),
        _ => fail(last, "invalid expression"),
    }
}
