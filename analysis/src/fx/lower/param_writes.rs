//! Which value parameters a function's body may write. FX parameters are local variables the
//! body can assign, so lowering copies each into a `var`; a parameter the body only reads is
//! read where it arrives instead (less code for naga to read and no copy to optimise away).

use rustc_hash::FxHashSet;

use super::super::ast::*;
use super::super::types::Type;
use super::emit::Emitter;
use super::global_writes::stmt_exprs;

impl Emitter<'_> {
    /// The names of the parameters `body` may write: the root of an assignment, of `++`/`--`,
    /// or of an argument a callee writes (an `out`/`inout` parameter, `modf`, `frexp`,
    /// `sincos`, an atomic). By name, so that a nested local of the same name counts too.
    pub(super) fn written_names<'b>(&self, body: &'b Block) -> FxHashSet<&'b str> {
        let mut written = FxHashSet::default();
        for s in &body.statements {
            stmt_exprs(s, &mut |e| {
                self.each_write(
                    e,
                    &mut |place| written.extend(root_name(place)),
                    &mut |_| {},
                );
            });
        }
        written
    }

    /// Whether a value parameter of type `ty` that the body never writes can be read where it
    /// arrives: scalars, vectors, matrices and structs without arrays. An array (or a struct
    /// holding one) keeps its copy, which indexing reads in place where naga would otherwise
    /// spill the value to a variable at each access with a run-time index.
    pub(super) fn read_in_place(&self, ty: &Type) -> bool {
        match ty {
            Type::Numeric { .. } => true,
            Type::Struct(i, _) => self
                .facts
                .structs
                .get(*i)
                .is_some_and(|(_, fields)| fields.iter().all(|(_, t)| self.read_in_place(t))),
            _ => false,
        }
    }
}

/// The variable a place expression lies in: `p` for `p`, `p.x`, `p[i].m`, `(float)p`.
fn root_name(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(p) => match p.segments.as_slice() {
            [one] if !p.absolute => Some(one.name.as_str()),
            _ => None,
        },
        ExprKind::Member { base, .. }
        | ExprKind::Index { base, .. }
        | ExprKind::Cast { operand: base, .. } => root_name(base),
        _ => None,
    }
}
