//! ReShade FX's built-in functions in the checker: a call is resolved against every overload of
//! ReShade's intrinsic table (`intrinsic_table.rs`) with the ranking user functions get
//! ([`rank`]: each candidate's ranks sorted best first, compared in order), so the result type
//! is the chosen overload's and a call ReShade rejects is an error here too:
//!
//! - no overload takes that many arguments: `'clamp' : takes 3 arguments, 2 given`;
//! - none takes these types: `'cross' : no matching intrinsic overload (float2, float2)`
//!   (ReShade: "undeclared identifier or no matching intrinsic overload for 'cross'");
//! - two rank the same: `'normalize' : ambiguous intrinsic call (float)`;
//! - an `out` argument that is not assignable (`sincos(x, 1.0, c)`).
//!
//! The chosen overload's parameter types are recorded in [`Facts::intrinsic_params`]
//! (super::check::Facts), so lowering converts each argument as ReShade does (`asint(1)` is the
//! bits of `1.0f`, `abs(1u)` is the float overload).

use super::ast::*;
use super::check::Checker;
use super::intrinsic_table::{Overload, overloads};
use super::types::{Type, candidate_ranks, rank};
use crate::DiagnosticCode;

/// Whether `name` is a built-in function (the atomics are typed in `check_atomic.rs`).
pub fn is_intrinsic(name: &str) -> bool {
    !overloads(name).is_empty() || super::check_atomic::is_atomic(name)
}

/// How a call of a built-in resolves.
#[derive(Debug, PartialEq)]
pub enum Resolution {
    /// `name` is no built-in (or an atomic, resolved elsewhere).
    NotIntrinsic,
    /// No overload takes this many arguments: the fewest and most any takes.
    WrongCount(usize, usize),
    NoMatch,
    Ambiguous,
    Unique(&'static Overload),
}

/// Resolves built-in `name` for arguments of `types`.
pub fn resolve(name: &str, types: &[Type]) -> Resolution {
    let all = overloads(name);
    if all.is_empty() {
        return Resolution::NotIntrinsic;
    }
    let same_count = || all.iter().filter(|o| o.params.len() == types.len());
    if same_count().next().is_none() {
        let counts = all.iter().map(|o| o.params.len());
        let (min, max) = (counts.clone().min(), counts.max());
        return Resolution::WrongCount(min.unwrap_or(0), max.unwrap_or(0));
    }
    let ranked: Vec<(Vec<u32>, &'static Overload)> = same_count()
        .filter_map(|o| Some((candidate_ranks(types, &o.params)?, o)))
        .collect();
    let Some(best) = ranked.iter().map(|(r, _)| r).max() else {
        return Resolution::NoMatch;
    };
    let mut winners = ranked.iter().filter(|(r, _)| r == best);
    match (winners.next(), winners.next()) {
        (Some((_, one)), None) => Resolution::Unique(one),
        _ => Resolution::Ambiguous,
    }
}

impl Checker {
    /// Whether a user function `name` takes arguments of `types` (ReShade tries the built-ins
    /// only when none does).
    pub(super) fn user_function_viable(&self, name: &str, types: &[Type]) -> bool {
        self.functions.get(name).is_some_and(|list| {
            list.iter().any(|o| {
                o.takes(types.len()) && types.iter().zip(&o.params).all(|(t, p)| rank(t, p) > 0)
            })
        })
    }

    /// The type of a call of built-in `name` (arguments `args` of types `types`), after
    /// reporting a call ReShade rejects; `None` when `name` is no built-in.
    pub(super) fn intrinsic_call(
        &mut self,
        name: &str,
        callee: &Path,
        args: &[Expr],
        types: &[Type],
    ) -> Option<Type> {
        let shown = || types.iter().map(Type::name).collect::<Vec<_>>().join(", ");
        let message = match resolve(name, types) {
            Resolution::NotIntrinsic => return None,
            Resolution::Unique(overload) => {
                let ty = self.accept(overload, callee, args, types);
                if let Some(message) = super::check::newer_reshade::newer_intrinsic(name) {
                    // ReShade 6.1 has no such built-in (X3004); the call's type is known, so
                    // nothing after it adds errors.
                    self.report(DiagnosticCode::UndefinedFunction, callee.range, message);
                }
                return Some(ty);
            }
            Resolution::WrongCount(min, max) => {
                let expected = if min == max {
                    format!("{min}")
                } else {
                    format!("{min} to {max}")
                };
                let plural = if max == 1 { "" } else { "s" };
                format!(
                    "'{name}' : takes {expected} argument{plural}, {} given",
                    args.len()
                )
            }
            _ if types.iter().any(Type::is_error) => return Some(Type::Error),
            Resolution::NoMatch => {
                format!("'{name}' : no matching intrinsic overload ({})", shown())
            }
            Resolution::Ambiguous => format!("'{name}' : ambiguous intrinsic call ({})", shown()),
        };
        self.report(DiagnosticCode::NoMatchingOverload, callee.range, message);
        Some(Type::Error)
    }

    /// Checks what the chosen `overload` asks of the arguments (assignable `out` places,
    /// truncation warnings) and records its parameter types for lowering.
    fn accept(
        &mut self,
        overload: &Overload,
        callee: &Path,
        args: &[Expr],
        types: &[Type],
    ) -> Type {
        for (arg, _) in args.iter().zip(&overload.outs).filter(|(_, out)| **out) {
            self.assignable(arg);
        }
        self.warn_truncated_arguments(args, types, &overload.params);
        self.facts
            .intrinsic_params
            .insert(callee.range, overload.params.clone());
        overload.ret.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fx::lexer::Base;

    fn result(name: &str, args: &[Type]) -> Option<String> {
        match resolve(name, args) {
            Resolution::Unique(o) => Some(o.ret.name()),
            _ => None,
        }
    }

    #[test]
    fn calls_resolve_to_reshades_overloads() {
        let f3 = Type::vector(Base::Float, 3);
        let f2 = Type::vector(Base::Float, 2);
        let i2 = Type::vector(Base::Int, 2);
        let m43 = Type::matrix(Base::Float, 4, 3);
        let lerp = [f3.clone(), f3.clone(), Type::FLOAT];
        assert_eq!(result("lerp", &lerp).as_deref(), Some("float3"));
        assert_eq!(
            result("abs", std::slice::from_ref(&i2)).as_deref(),
            Some("int2")
        );
        assert_eq!(result("abs", &[Type::UINT]).as_deref(), Some("float"));
        assert_eq!(result("sqrt", &[i2]).as_deref(), Some("float2"));
        assert_eq!(
            result("mul", &[m43.clone(), f3.clone()]).as_deref(),
            Some("float4")
        );
        let v4 = Type::vector(Base::Float, 4);
        assert_eq!(result("mul", &[v4, m43.clone()]).as_deref(), Some("float3"));
        assert_eq!(result("transpose", &[m43]).as_deref(), Some("float3x4"));
        // No overload takes a float2 for a float2x3: ReShade scales by its first component.
        let m23 = [
            Type::matrix(Base::Float, 2, 3),
            Type::vector(Base::Float, 2),
        ];
        assert_eq!(result("mul", &m23).as_deref(), Some("float2x3"));
        assert_eq!(resolve("cross", &[f2.clone(), f2]), Resolution::NoMatch);
        assert_eq!(resolve("normalize", &[Type::FLOAT]), Resolution::Ambiguous);
        assert_eq!(
            resolve("saturate", &[f3.clone(), f3]),
            Resolution::WrongCount(1, 1)
        );
        assert_eq!(resolve("tex2Dlod", &[]), Resolution::WrongCount(2, 3));
        assert_eq!(resolve("my_function", &[]), Resolution::NotIntrinsic);
        assert!(is_intrinsic("tex2Dlod") && is_intrinsic("atomicAdd") && !is_intrinsic("fmod"));
    }
}
