//! ReShade FX's atomic intrinsics in the checker, with ReShade's exact overloads:
//! `atomicAdd/And/Or/Xor/Min/Max/Exchange(inout mem, value)` and
//! `atomicCompareExchange(inout mem, compare, value)` on an `int` or `uint` place, and the same
//! on a texel of an integer storage (`atomicAdd(storage2D<uint> s, int2 coord, uint value)`).
//! Each returns the value the place held before.
//!
//! As ReShade resolves them: the overloads are ranked like any call ([`rank`], best ranks first),
//! then the memory or storage argument must have exactly the winner's type (ReShade reports
//! "no matching intrinsic overload" for `atomicAdd(int_place, 1u)`, whose winner takes a
//! `uint` place), and a memory argument must be assignable. The globals such calls write are
//! recorded in [`Facts::atomic_globals`](super::check::Facts): lowering declares a
//! `groupshared` one as a WGSL `atomic<T>`.

use super::ast::*;
use super::check::Checker;
use super::lexer::{Base, ObjectKind};
use super::types::{Type, rank};
use crate::DiagnosticCode;

/// The atomic intrinsics and whether each takes a comparand (`atomicCompareExchange`).
const ATOMICS: &[(&str, bool)] = &[
    ("atomicAdd", false),
    ("atomicAnd", false),
    ("atomicOr", false),
    ("atomicXor", false),
    ("atomicMin", false),
    ("atomicMax", false),
    ("atomicExchange", false),
    ("atomicCompareExchange", true),
];

/// Whether `name` is one of ReShade's atomic intrinsics.
pub fn is_atomic(name: &str) -> bool {
    ATOMICS.iter().any(|(n, _)| *n == name)
}

/// The overloads of atomic intrinsic `name` taking `arity` arguments: parameter types (the
/// first one is the place or storage) and the result type.
fn overloads(name: &str, arity: usize) -> Vec<(Vec<Type>, Type)> {
    let Some(&(_, compare)) = ATOMICS.iter().find(|(n, _)| *n == name) else {
        return Vec::new();
    };
    let values = if compare { 2 } else { 1 };
    let mut list = Vec::new();
    for base in [Base::Int, Base::Uint] {
        let value = Type::scalar(base);
        if arity == 1 + values {
            let mut params = vec![value.clone()];
            params.extend(std::iter::repeat_n(value.clone(), values));
            list.push((params, value.clone()));
        }
        if arity == 2 + values {
            for dim in 1..=3u8 {
                let storage = Type::Object {
                    kind: ObjectKind::Storage,
                    dim,
                    element: (base, 1),
                };
                let coord = if dim == 1 {
                    Type::INT
                } else {
                    Type::vector(Base::Int, dim)
                };
                let mut params = vec![storage, coord];
                params.extend(std::iter::repeat_n(value.clone(), values));
                list.push((params, value.clone()));
            }
        }
    }
    list
}

/// The indices of the best-ranked candidates for arguments of `types` (ReShade's rule: every
/// argument must convert; each candidate's ranks sorted best first, compared in order).
fn best_candidates(types: &[Type], candidates: &[(Vec<Type>, Type)]) -> Vec<usize> {
    let ranked: Vec<(Vec<u32>, usize)> = candidates
        .iter()
        .enumerate()
        .filter_map(|(i, (params, _))| {
            let mut ranks: Vec<u32> = types.iter().zip(params).map(|(t, p)| rank(t, p)).collect();
            if ranks.contains(&0) {
                return None;
            }
            ranks.sort_unstable_by(|a, b| b.cmp(a));
            Some((ranks, i))
        })
        .collect();
    let best = ranked.iter().map(|(r, _)| r).max().cloned();
    ranked
        .into_iter()
        .filter(|(r, _)| Some(r) == best.as_ref())
        .map(|(_, i)| i)
        .collect()
}

impl Checker {
    /// The type of a call of atomic intrinsic `name` (already typed arguments `types`), after
    /// reporting a call ReShade rejects.
    pub(super) fn atomic_call(
        &mut self,
        name: &str,
        callee: &Path,
        args: &[Expr],
        types: &[Type],
    ) -> Type {
        if types.iter().any(Type::is_error) {
            return Type::Error;
        }
        let candidates = overloads(name, args.len());
        let winners = best_candidates(types, &candidates);
        let no_match = |c: &mut Self| {
            let shown: Vec<String> = types.iter().map(Type::name).collect();
            let message = format!(
                "'{name}' : no matching intrinsic overload ({})",
                shown.join(", ")
            );
            c.report(DiagnosticCode::NoMatchingOverload, callee.range, message);
            Type::Error
        };
        let [winner] = winners[..] else {
            return no_match(self);
        };
        let (params, result) = candidates[winner].clone();
        // The place (or storage) is passed by reference: no conversion.
        if types[0] != params[0] {
            return no_match(self);
        }
        if !matches!(params[0], Type::Object { .. }) {
            self.assignable(&args[0]);
            self.record_atomic_target(&args[0]);
        }
        self.warn_truncated_arguments(&args[1..], &types[1..], &params[1..]);
        result
    }

    /// Records the global an atomic writes (through indexing and members), if it is one.
    fn record_atomic_target(&mut self, place: &Expr) {
        let mut root = place;
        while let ExprKind::Member { base, .. } | ExprKind::Index { base, .. } = &root.kind {
            root = base;
        }
        if let ExprKind::Name(path) = &root.kind
            && let Some(global) = self.facts.globals.get(&path.range)
        {
            self.facts.atomic_globals.insert(global.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn storage(base: Base) -> Type {
        Type::Object {
            kind: ObjectKind::Storage,
            dim: 2,
            element: (base, 1),
        }
    }

    #[test]
    fn overloads_resolve_as_in_reshade() {
        let pick = |name: &str, types: &[Type]| {
            let candidates = overloads(name, types.len());
            best_candidates(types, &candidates)
                .iter()
                .map(|&i| candidates[i].0[0].clone())
                .collect::<Vec<_>>()
        };
        // A uint place with an int value: the uint overload (int to uint ranks higher).
        assert_eq!(pick("atomicAdd", &[Type::UINT, Type::INT]), [Type::UINT]);
        // An int place with a uint value: the uint overload wins too, which then rejects the
        // int place (ReShade: "no matching intrinsic overload").
        assert_eq!(pick("atomicMin", &[Type::INT, Type::UINT]), [Type::UINT]);
        assert_eq!(pick("atomicAdd", &[Type::INT, Type::FLOAT]), [Type::INT]);
        let i2 = Type::vector(Base::Int, 2);
        assert_eq!(
            pick("atomicAdd", &[storage(Base::Uint), i2.clone(), Type::INT]),
            [storage(Base::Uint)]
        );
        assert_eq!(
            pick(
                "atomicCompareExchange",
                &[storage(Base::Int), i2, Type::INT, Type::INT]
            ),
            [storage(Base::Int)]
        );
        let float4_storage = Type::Object {
            kind: ObjectKind::Storage,
            dim: 2,
            element: (Base::Float, 4),
        };
        assert!(pick("atomicAdd", &[float4_storage, Type::INT, Type::INT]).is_empty());
        assert!(pick("atomicExchange", &[Type::INT]).is_empty());
        assert!(is_atomic("atomicXor") && !is_atomic("atomicSub"));
    }
}
