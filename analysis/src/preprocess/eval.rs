//! `#if` evaluation: 64-bit signed integer expressions over tokens already macro-expanded,
//! with C's precedence; identifiers left after expansion are 0 (`true` is 1).

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
