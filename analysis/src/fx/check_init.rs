//! Initialisers against the declared type, as ReShade checks them. A flat list `{a, b, c}` has
//! a type of its own: an array of its elements merged (the widest element type; a scalar takes
//! the other's shape, vectors truncate to the smaller) as long as the list, so
//! `float a[3] = {1, 2};` is an `int[2]` that does not fit a `float[3]`, `float a[2] =
//! {1, float2(1, 2)}` a `float2[2]` that does not (arrays convert element types, never
//! shapes, but truncate vectors), and a list never initialises a vector or a struct
//! (`float3 v = {1, 2, 3};`, `S s = {1, 2};`). All are `AssignTypeMismatch` with ReShade's
//! words (its X3017). ReShade has no arrays of arrays: a list inside a list is its X3119, and
//! after a declaration's second dimension (already that error) nested lists are checked level
//! by level against it: each level's length, then its elements.

use super::ast::*;
use super::check::Checker;
use super::types::{Type, wider_base};
use crate::DiagnosticCode;

impl Checker {
    /// Checks initialiser `init` against the declared type `ty`.
    pub(super) fn check_init(&mut self, init: &Expr, ty: &Type) {
        let ExprKind::InitList(items) = &init.kind else {
            let value = self.expr(init);
            self.convert(&value, ty, init.range, DiagnosticCode::AssignTypeMismatch);
            return;
        };
        if let Some(inner) = items
            .iter()
            .find(|i| matches!(i.kind, ExprKind::InitList(_)))
        {
            // A list is an array, and ReShade has no arrays of arrays: a list of lists is its
            // X3119 at the first inner list, unless the declaration's own second dimension was
            // that error already (then each level is checked against it).
            return match ty {
                Type::Array(element, _) if matches!(**element, Type::Array(..)) => {
                    self.check_nested_init(init, items, ty)
                }
                _ if ty.is_error() => {}
                _ => self.report(
                    DiagnosticCode::UnsupportedType,
                    inner.range,
                    "'{' : arrays cannot be multi-dimensional".to_string(),
                ),
            };
        }
        let types: Vec<Type> = items.iter().map(|i| self.expr(i)).collect();
        if ty.is_error() || types.iter().any(Type::is_error) || !self.elements_merge(items, &types)
        {
            return;
        }
        let list = list_type(&types);
        if !list_fits(&list, ty) {
            self.init_mismatch(init.range, &list, ty);
        }
    }

    /// A list of lists for a multi-dimensional array: its length, then each element.
    fn check_nested_init(&mut self, init: &Expr, items: &[Expr], ty: &Type) {
        let Type::Array(element, length) = ty else {
            if !ty.is_error() {
                self.init_mismatch(init.range, &Type::Array(Box::new(Type::Void), None), ty);
            }
            return;
        };
        if length.is_some_and(|n| n as usize != items.len()) {
            let list = Type::Array(element.clone(), Some(items.len() as u32));
            self.init_mismatch(init.range, &list, ty);
        }
        for item in items {
            self.check_init(item, element);
        }
    }

    /// ReShade's rule for each element as it reads a list (`parse_expression_unary`): an array
    /// element is X3119, and an element that is a struct where the ones before it are not, or
    /// another struct, or not one where they are, is X3017 at that element. False when one
    /// was reported.
    fn elements_merge(&mut self, items: &[Expr], types: &[Type]) -> bool {
        let definition = |t: &Type| match t {
            Type::Struct(id, _) => Some(*id),
            _ => None,
        };
        for (i, (item, t)) in items.iter().zip(types).enumerate() {
            if matches!(t, Type::Array(..)) {
                let message = format!("'{}' : arrays cannot be multi-dimensional", t.name());
                self.report(DiagnosticCode::UnsupportedType, item.range, message);
                return false;
            }
            if i > 0 && definition(t) != definition(&types[0]) {
                let Type::Array(composite, _) = list_type(&types[..i]) else {
                    return true;
                };
                let message = format!(
                    "'{}' : cannot convert these types (from '{}' to '{}')",
                    t.name(),
                    t.name(),
                    composite.name()
                );
                self.report(DiagnosticCode::AssignTypeMismatch, item.range, message);
                return false;
            }
        }
        true
    }

    fn init_mismatch(&mut self, range: TextRange, list: &Type, ty: &Type) {
        let message = format!(
            "'{}' : initial value does not match variable type '{}'",
            list.name(),
            ty.name()
        );
        self.report(DiagnosticCode::AssignTypeMismatch, range, message);
    }
}

/// The type of a flat initialiser list of elements of `types`: ReShade merges the element
/// types (its `type::merge`) into an array as long as the list; `void` when empty.
pub(super) fn list_type(types: &[Type]) -> Type {
    let Some(first) = types.first() else {
        return Type::Void;
    };
    let mut merged = first.clone();
    for t in &types[1..] {
        merged = match (merged.numeric(), t.numeric()) {
            (Some((ab, ar, ac)), Some((bb, br, bc))) => {
                let scalar = (ar, ac) == (1, 1) || (br, bc) == (1, 1);
                let (rows, cols) = if scalar {
                    (ar.max(br), ac.max(bc))
                } else {
                    (ar.min(br), ac.min(bc))
                };
                Type::Numeric {
                    base: wider_base(ab, bb),
                    rows,
                    cols,
                }
            }
            _ if &merged == t => merged,
            _ => Type::Error,
        };
    }
    Type::Array(Box::new(merged), Some(types.len() as u32))
}

/// Whether a list of type `list` initialises a `ty`: ReShade's rank of one array to another
/// (lengths equal unless `ty` is unsized; any element type converts, no shape changes but a
/// vector truncating to a smaller vector).
fn list_fits(list: &Type, ty: &Type) -> bool {
    let (Type::Array(from, Some(n)), Type::Array(to, m)) = (list, ty) else {
        return false;
    };
    if m.is_some_and(|m| m != *n) {
        return false;
    }
    let (Some((_, fr, fc)), Some((_, tr, tc))) = (from.numeric(), to.numeric()) else {
        return from == to;
    };
    let (from_vector, to_vector) = (fr > 1 && fc == 1, tr > 1 && tc == 1);
    if fc > 1 {
        return (fr, fc) == (tr, tc);
    }
    if from_vector != to_vector || tc > 1 {
        return false;
    }
    fr >= tr
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fx::lexer::Base;

    #[test]
    fn lists_merge_and_fit_as_in_reshade() {
        let f2 = Type::vector(Base::Float, 2);
        let list = list_type(&[Type::INT, f2.clone()]);
        assert_eq!(list.name(), "float2[2]");
        assert_eq!(list_type(&[Type::INT, Type::BOOL]).name(), "int[2]");
        let floats = |n| Type::Array(Box::new(Type::FLOAT), n);
        let ints = list_type(&[Type::INT, Type::INT]);
        assert!(list_fits(&ints, &floats(Some(2))));
        assert!(list_fits(&ints, &floats(None)));
        assert!(!list_fits(&ints, &floats(Some(3))));
        assert!(!list_fits(&list, &floats(Some(2))));
        let f3 = Type::vector(Base::Float, 3);
        let wide = list_type(&[Type::vector(Base::Float, 4), f3.clone()]);
        assert!(list_fits(
            &wide,
            &Type::Array(Box::new(f3.clone()), Some(2))
        ));
        assert!(!list_fits(&ints, &f3));
        assert!(!list_fits(&list_type(&[]), &floats(Some(2))));
    }
}
