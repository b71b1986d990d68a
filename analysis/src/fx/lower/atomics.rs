//! WGSL code for ReShade FX's atomic intrinsics (`atomicAdd`, ..., `atomicCompareExchange`).
//!
//! - On a `groupshared` place: WGSL has atomics only on `atomic<T>` variables, so a
//!   `groupshared` variable that any atomic writes ([`Facts::atomic_globals`]) is declared
//!   `var<workgroup> x: atomic<i32>` (or an array of atomics), and every plain read or write of it
//!   becomes `atomicLoad`/`atomicStore`. The atomic's result, the value held before, is kept in a
//!   `let` at the point ReShade evaluates it. `atomicCompareExchange` is strong in HLSL while
//!   WGSL's `atomicCompareExchangeWeak` may fail spuriously: it is retried until it exchanges or
//!   sees another value.
//! - On any other place (a local, a `static`, a vector component): memory no other invocation
//!   sees, so the same read-modify-write without atomicity, as ReShade's own code amounts to.
//! - On a texel of an integer storage: `textureAtomic*` (naga's `TEXTURE_ATOMIC` capability,
//!   wgpu's `Features::TEXTURE_ATOMIC`, R32Uint/R32Sint). WGSL's texture atomics return nothing
//!   and have no exchange, so only `atomicAdd/And/Or/Xor/Min/Max` used as statements lower; the
//!   others stop with a located error, as does a target without the capability.
//!
//! [`Facts::atomic_globals`]: super::super::check::Facts

use super::super::ast::*;
use super::super::lexer::Base;
use super::super::types::Type;
use super::emit::Emitter;
use super::items::Global;
use super::{Result, failed, unsupported};
use crate::DiagnosticCode;
use naga::valid::Capabilities;

/// The WGSL atomic function of each FX atomic (`None`: not a plain read-modify-write).
fn wgsl_atomic(name: &str) -> Option<&'static str> {
    Some(match name {
        "atomicAdd" => "atomicAdd",
        "atomicAnd" => "atomicAnd",
        "atomicOr" => "atomicOr",
        "atomicXor" => "atomicXor",
        "atomicMin" => "atomicMin",
        "atomicMax" => "atomicMax",
        "atomicExchange" => "atomicExchange",
        _ => return None,
    })
}

/// The new value a non-atomic `name` stores, from the old value and the operands.
fn updated(name: &str, old: &str, values: &[String]) -> Option<String> {
    let v = values.last()?;
    Some(match name {
        "atomicAdd" => format!("{old} + {v}"),
        "atomicAnd" => format!("{old} & {v}"),
        "atomicOr" => format!("{old} | {v}"),
        "atomicXor" => format!("{old} ^ {v}"),
        "atomicMin" => format!("min({old}, {v})"),
        "atomicMax" => format!("max({old}, {v})"),
        "atomicExchange" => v.clone(),
        "atomicCompareExchange" => format!("select({old}, {v}, {old} == {})", values.first()?),
        _ => return None,
    })
}

impl Emitter<'_> {
    /// Whether `e` is (an element of) a `groupshared` variable declared as a WGSL atomic.
    pub(super) fn is_atomic_place(&self, e: &Expr) -> bool {
        let mut root = e;
        while let ExprKind::Index { base, .. } | ExprKind::Member { base, .. } = &root.kind {
            root = base;
        }
        let ExprKind::Name(path) = &root.kind else {
            return false;
        };
        self.facts
            .globals
            .get(&path.range)
            .is_some_and(|q| self.atomic_groupshared(q))
    }

    /// Whether global `qualified` is a `groupshared` variable some atomic writes.
    pub(super) fn atomic_groupshared(&self, qualified: &str) -> bool {
        self.facts.atomic_globals.contains(qualified)
            && self.statics.get(qualified).is_some_and(|(v, _)| {
                v.qualifiers
                    .iter()
                    .any(|q| q.qualifier == Qualifier::Groupshared)
            })
    }

    /// The WGSL type of a `groupshared` variable of type `ty` that atomics use.
    pub(super) fn atomic_type(&self, ty: &Type, range: TextRange) -> Result<String> {
        match ty {
            Type::Numeric {
                base: base @ (Base::Int | Base::Uint),
                rows: 1,
                cols: 1,
            } => Ok(format!(
                "atomic<{}>",
                if *base == Base::Int { "i32" } else { "u32" }
            )),
            Type::Array(element, Some(n)) => {
                Ok(format!("array<{}, {n}>", self.atomic_type(element, range)?))
            }
            _ => unsupported(
                range,
                format!("'{}' : atomics on this type not supported", ty.name()),
            ),
        }
    }

    /// `&x[i]..`: the pointer to one atomic element, for `atomicLoad`/`atomicStore`/`atomicAdd`.
    fn atomic_pointer(&mut self, e: &Expr) -> Result<String> {
        if !self.ty(e).is_scalar() {
            return unsupported(
                e.range,
                "a whole 'groupshared' array that atomics use: read and write its elements one by one",
            );
        }
        Ok(format!("&{}", self.atomic_reference(e)?))
    }

    /// The WGSL reference to `e`, a name or an element of an atomic `groupshared` variable.
    fn atomic_reference(&mut self, e: &Expr) -> Result<String> {
        match &e.kind {
            ExprKind::Name(path) => self.name(path),
            ExprKind::Index { base, index } => {
                let b = self.atomic_reference(base)?;
                let i = self.index_value(index)?;
                Ok(format!("{b}[{i}]"))
            }
            _ => unsupported(
                e.range,
                "this access to a 'groupshared' variable that atomics use is not supported",
            ),
        }
    }

    /// The value of an atomic `groupshared` element: `atomicLoad(&x[i])`.
    pub(super) fn atomic_load(&mut self, e: &Expr) -> Result<String> {
        let pointer = self.atomic_pointer(e)?;
        Ok(format!("atomicLoad({pointer})"))
    }

    /// Writes `value` (of the checker's type of `target`) to `target`, through `atomicStore` when
    /// it is an atomic `groupshared` element.
    pub(super) fn store(&mut self, target: &Expr, value: &str, range: TextRange) -> Result<()> {
        if self.is_atomic_place(target) {
            let pointer = self.atomic_pointer(target)?;
            self.line(range, &format!("atomicStore({pointer}, {value});"));
            return Ok(());
        }
        let lhs = self.lvalue(target)?;
        let value = super::parens::bare(value);
        self.line(range, &[lhs.as_str(), " = ", value, ";"].concat());
        Ok(())
    }

    /// `atomicX(place, values..)` whose value is used: the old value, held in a `let`.
    pub(super) fn atomic_value(
        &mut self,
        name: &str,
        args: &[Expr],
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let Some((place, operands)) = args.split_first() else {
            return unsupported(range, format!("'{name}' : missing arguments"));
        };
        if matches!(self.ty(place), Type::Object { .. }) {
            return unsupported(
                range,
                format!(
                    "'{name}' on a storage texel returning the value held before: WGSL's texture atomics return nothing (use it as a statement)"
                ),
            );
        }
        let pt = self.ty(place);
        let wt = self.wgsl(pt, range)?;
        let mut values = Vec::new();
        for v in operands {
            let code = self.expr_as(v, pt)?;
            let temp = self.temp();
            self.line(range, &format!("let {temp}: {wt} = {code};"));
            values.push(temp);
        }
        let old = self.temp();
        if self.is_atomic_place(place) {
            let pointer = self.atomic_pointer(place)?;
            match (wgsl_atomic(name), values.as_slice()) {
                (Some(f), [v]) => {
                    self.line(range, &format!("let {old}: {wt} = {f}({pointer}, {v});"));
                }
                (None, [compare, v]) => {
                    self.strong_exchange(&old, &wt, &pointer, compare, v, range)
                }
                _ => return unsupported(range, format!("'{name}' : wrong arguments")),
            }
        } else {
            let current = self.side_effect_free_place(place)?;
            self.line(range, &format!("let {old}: {wt} = {current};"));
            let Some(new) = updated(name, &old, &values) else {
                return unsupported(range, format!("'{name}' : wrong arguments"));
            };
            self.store(place, &new, range)?;
        }
        self.convert(old, pt, t, range)
    }

    /// HLSL's (strong) compare-exchange from WGSL's weak one, retried while it fails spuriously.
    fn strong_exchange(
        &mut self,
        old: &str,
        wt: &str,
        pointer: &str,
        compare: &str,
        value: &str,
        range: TextRange,
    ) {
        let result = self.temp();
        self.line(range, &format!("var {old}: {wt};"));
        self.line(range, "loop {");
        self.line(
            range,
            &format!(
                "    let {result} = atomicCompareExchangeWeak({pointer}, {compare}, {value});"
            ),
        );
        self.line(
            range,
            &format!(
                "    if {result}.exchanged || {result}.old_value != {compare} {{ {old} = {result}.old_value; break; }}"
            ),
        );
        self.line(range, "}");
    }

    /// `atomicX(storage, coord, value);` as a statement: `textureAtomicX`.
    pub(super) fn texture_atomic_statement(
        &mut self,
        name: &str,
        args: &[Expr],
        range: TextRange,
    ) -> Result<()> {
        let [s, coord, value] = args else {
            return unsupported(
                range,
                format!("'{name}' on a storage texel: WGSL's texture atomics have no exchange"),
            );
        };
        let Some(f) = wgsl_atomic(name).filter(|_| name != "atomicExchange") else {
            return unsupported(
                range,
                format!("'{name}' on a storage texel: WGSL's texture atomics have no exchange"),
            );
        };
        if !self
            .target
            .capabilities
            .contains(Capabilities::TEXTURE_ATOMIC)
        {
            let missing = Capabilities::TEXTURE_ATOMIC;
            return failed(
                range,
                DiagnosticCode::MissingCapability,
                format!(
                    "'{name}' : the shader uses {}, which {} does not offer; to use it: {}",
                    crate::target::capability_words(missing),
                    self.target.describe(),
                    self.target.how_to_enable(missing)
                ),
            );
        }
        let storage = self.storage_name(s)?;
        let &Type::Object {
            dim,
            element: (base, _),
            ..
        } = self.ty(s)
        else {
            return unsupported(s.range, "expected a storage name");
        };
        let c = match dim {
            1 => format!("vec2i({}, 0i)", self.expr_as(coord, &Type::INT)?),
            n => self.expr_as(coord, &Type::vector(Base::Int, n))?,
        };
        let v = self.expr_as(value, &Type::scalar(base))?;
        let texture_f = format!("texture{}", &f[..1].to_uppercase()) + &f[1..];
        self.line(range, &format!("{texture_f}({storage}, {c}, {v});"));
        self.atomic_storages.insert(storage);
        Ok(())
    }

    /// The WGSL name of the storage `e` names.
    pub(super) fn storage_name(&self, e: &Expr) -> Result<String> {
        let ExprKind::Name(p) = &e.kind else {
            return unsupported(e.range, "expected a storage name");
        };
        match self
            .facts
            .globals
            .get(&p.range)
            .and_then(|q| self.lowered.globals.get(q))
        {
            Some(Global::Storage(n)) => Ok(n.clone()),
            _ => unsupported(e.range, "expected a storage name"),
        }
    }
}
