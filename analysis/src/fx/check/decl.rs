//! ReShade's rules on what a declaration may be written with (`parse_variable`, `parse_struct`,
//! `parse_function`, `parse_type`): which qualifiers a global, a local, a parameter or a struct
//! member takes, which need an initial value, semantics, `void`, array dimensions, a function's
//! return qualifiers and its body. Each rule is reported where ReShade reports it: at the name.

use super::Checker;
use crate::DiagnosticCode;
use crate::fx::ast::*;
use crate::fx::lexer::Base;

/// What kind of declaration a qualifier list belongs to, for the messages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    Global,
    Local,
    Param,
    Member,
}

impl Owner {
    fn words(self) -> &'static str {
        match self {
            Owner::Global => "global variables",
            Owner::Local => "local variables",
            Owner::Param => "function parameters",
            Owner::Member => "struct members",
        }
    }
}

fn has(qualifiers: &[QualifierAt], q: Qualifier) -> bool {
    qualifiers.iter().any(|x| x.qualifier == q)
}

fn is_void(ty: &TypeRef) -> bool {
    matches!(ty.kind, TypeKind::Void)
}

fn is_integral(ty: &TypeRef) -> bool {
    matches!(
        ty.kind,
        TypeKind::Numeric {
            base: Base::Bool | Base::Int | Base::Uint,
            ..
        }
    )
}

impl Checker {
    fn invalid_qualifier(&mut self, name: &Ident, what: String) {
        let message = format!("'{}' : {what}", name.name);
        self.report(DiagnosticCode::InvalidQualifier, name.range, message);
    }

    /// The qualifiers of a type as `parse_type` reads them: a group that repeats what the
    /// groups before it gave (ReShade's X3048, a warning) and `noperspective` on an integer
    /// type (X4576).
    fn type_qualifiers(&mut self, qualifiers: &[QualifierAt], ty: &TypeRef) {
        for at in repeated_qualifier_groups(qualifiers) {
            self.warn(
                DiagnosticCode::InvalidQualifier,
                at,
                "duplicate usages specified".to_string(),
            );
        }
        if let Some(q) = qualifiers
            .iter()
            .find(|q| q.qualifier == Qualifier::Noperspective)
            .filter(|_| is_integral(ty))
        {
            let message = "'noperspective' : invalid interpolation mode for an integer type";
            self.report(DiagnosticCode::InvalidQualifier, q.range, message.into());
        }
    }

    /// An integer parameter or struct field with a semantic other than a system value's is
    /// not interpolated, and ReShade says so where `nointerpolation` is not written (X4568, a
    /// warning); `what` is "fields" or "parameters".
    fn integer_interpolation(
        &mut self,
        qualifiers: &[QualifierAt],
        ty: &TypeRef,
        semantic: &Ident,
        name: &Ident,
        what: &str,
    ) {
        let system_value = semantic
            .name
            .get(..3)
            .is_some_and(|p| p.eq_ignore_ascii_case("SV_"));
        if !system_value && is_integral(ty) && !has(qualifiers, Qualifier::Nointerpolation) {
            let message = format!(
                "'{}' : integer {what} have the 'nointerpolation' qualifier by default",
                name.name
            );
            self.warn(DiagnosticCode::InvalidQualifier, name.range, message);
        }
    }

    /// The qualifiers no kind of `owner` takes, in ReShade's order; the first one found.
    fn forbidden_qualifier(
        &mut self,
        qualifiers: &[QualifierAt],
        name: &Ident,
        owner: Owner,
    ) -> bool {
        let forbidden: &[(Qualifier, &str)] = match owner {
            Owner::Member => &[
                (Qualifier::In, "in' or 'out"),
                (Qualifier::Out, "in' or 'out"),
                (Qualifier::Inout, "in' or 'out"),
                (Qualifier::Const, "const"),
                (Qualifier::Extern, "extern"),
                (Qualifier::Static, "static"),
                (Qualifier::Uniform, "uniform"),
                (Qualifier::Groupshared, "groupshared"),
            ],
            Owner::Param => &[
                (Qualifier::Extern, "extern"),
                (Qualifier::Static, "static"),
                (Qualifier::Uniform, "uniform"),
                (Qualifier::Groupshared, "groupshared"),
            ],
            Owner::Local => &[
                (Qualifier::In, "in' or 'out"),
                (Qualifier::Out, "in' or 'out"),
                (Qualifier::Inout, "in' or 'out"),
                (Qualifier::Extern, "extern"),
                (Qualifier::Uniform, "uniform"),
                (Qualifier::Groupshared, "groupshared"),
            ],
            Owner::Global => &[
                (Qualifier::In, "in' or 'out"),
                (Qualifier::Out, "in' or 'out"),
                (Qualifier::Inout, "in' or 'out"),
            ],
        };
        let found = forbidden
            .iter()
            .find(|(q, _)| has(qualifiers, *q))
            .map(|(_, word)| *word);
        if let Some(word) = found {
            let what = format!("{} cannot be declared '{word}'", owner.words());
            self.invalid_qualifier(name, what);
        }
        found.is_some()
    }

    /// A struct's members: no `void`, no nested struct, no storage or parameter qualifier, no
    /// unsized array.
    pub(super) fn check_member_rules(&mut self, field: &VarDecl) {
        for d in &field.declarators {
            if is_void(&field.ty) {
                let message = format!("'{}' : struct members cannot be void", d.name.name);
                self.report(DiagnosticCode::UnsupportedType, d.name.range, message);
            }
            if matches!(field.ty.kind, TypeKind::Named(_)) && self.names_struct(&field.ty) {
                let message = format!(
                    "'{}' : nested struct members are not supported",
                    d.name.name
                );
                self.report(DiagnosticCode::UnsupportedType, d.name.range, message);
            }
            self.forbidden_qualifier(&field.qualifiers, &d.name, Owner::Member);
            self.type_qualifiers(&field.qualifiers, &field.ty);
            if let Some(semantic) = &d.semantic {
                let q = &field.qualifiers;
                self.integer_interpolation(q, &field.ty, semantic, &d.name, "fields");
            }
            self.array_rules(&d.array, &d.name, "struct members");
        }
    }

    /// Array dimensions as ReShade takes them (`parse_array_length`): an unsized one only
    /// where an initialiser gives the size (`what` names where it has none). A second
    /// dimension is the parser's error (`array_dims`).
    fn array_rules(&mut self, dims: &[Option<Expr>], name: &Ident, unsized_owner: &str) {
        if matches!(dims.first(), Some(None)) && !unsized_owner.is_empty() {
            let message = format!(
                "'{}' : array dimensions of {unsized_owner} must be explicit",
                name.name
            );
            self.report(DiagnosticCode::InvalidSize, name.range, message);
        }
    }

    /// Whether `ty` names a struct declared so far.
    fn names_struct(&self, ty: &TypeRef) -> bool {
        let TypeKind::Named(path) = &ty.kind else {
            return false;
        };
        self.find_candidate(path, |name| self.struct_names.get(name).copied())
            .is_some()
    }

    /// A function's head: no qualifier on the result, no semantic on a `void` one, a body, and
    /// its parameters' rules.
    pub(super) fn check_function_rules(&mut self, f: &Function) {
        if !f.qualifiers.is_empty() {
            let what = crate::fx::parser::items::RETURN_QUALIFIERS.to_string();
            self.invalid_qualifier(&f.name, what);
        }
        for p in &f.params {
            self.check_param_rules(p);
        }
        if let (Some(semantic), true) = (&f.semantic, is_void(&f.return_type)) {
            let message = format!("'{}' : void function cannot have a semantic", f.name.name);
            self.report(DiagnosticCode::InvalidQualifier, semantic.range, message);
        }
        for a in f.attributes.iter().filter(|a| a.name.name == "numthreads") {
            // ReShade reports it but still compiles the effect: a warning here.
            let loose: Vec<TextRange> = a
                .args
                .iter()
                .filter(|v| !self.is_constant_expr(v))
                .map(|v| v.range)
                .collect();
            for range in loose {
                let message = "'numthreads' : value must be a literal expression".to_string();
                self.warn(DiagnosticCode::NonConstInitializer, range, message);
            }
        }
        for a in f
            .attributes
            .iter()
            .filter(|a| !matches!(a.name.name.as_str(), "shader" | "numthreads"))
        {
            let message = format!("'{}' : unknown attribute", a.name.name);
            self.warn(DiagnosticCode::InvalidQualifier, a.name.range, message);
        }
        if f.body.is_none() {
            let message = format!("'{}' : function is missing an implementation", f.name.name);
            self.report(DiagnosticCode::UndefinedFunction, f.name.range, message);
        }
    }

    fn check_param_rules(&mut self, p: &Param) {
        if is_void(&p.ty) {
            let message = format!("'{}' : function parameters cannot be void", p.name.name);
            self.report(DiagnosticCode::UnsupportedType, p.name.range, message);
        }
        self.forbidden_qualifier(&p.qualifiers, &p.name, Owner::Param);
        if has(&p.qualifiers, Qualifier::Const)
            && (has(&p.qualifiers, Qualifier::Out) || has(&p.qualifiers, Qualifier::Inout))
        {
            let what = "output parameters cannot be declared 'const'".to_string();
            self.invalid_qualifier(&p.name, what);
        }
        self.type_qualifiers(&p.qualifiers, &p.ty);
        if let Some(semantic) = &p.semantic {
            self.integer_interpolation(&p.qualifiers, &p.ty, semantic, &p.name, "parameters");
        }
        self.array_rules(&p.array, &p.name, "function parameters");
    }

    /// A global declaration's rules.
    pub(super) fn check_global_rules(&mut self, v: &VarDecl) {
        for a in &v.attributes {
            // ReShade reports it but still compiles the effect: a warning here.
            let message = format!("'{}' : attribute is valid only on functions", a.name.name);
            self.warn(DiagnosticCode::InvalidQualifier, a.name.range, message);
        }
        let q = &v.qualifiers;
        self.type_qualifiers(q, &v.ty);
        for d in &v.declarators {
            if is_void(&v.ty) {
                let message = format!("'{}' : variables cannot be void", d.name.name);
                self.report(DiagnosticCode::UnsupportedType, d.name.range, message);
                continue;
            }
            if self.forbidden_qualifier(q, &d.name, Owner::Global) {
                continue;
            }
            let object = matches!(v.ty.kind, TypeKind::Object { .. });
            if !object
                && ![
                    Qualifier::Static,
                    Qualifier::Groupshared,
                    Qualifier::Uniform,
                ]
                .iter()
                .any(|&k| has(q, k))
            {
                // ReShade's parse_variable, before it checks what a uniform may not be.
                let message = format!(
                    "'{}' : global variables are considered 'uniform' by default",
                    d.name.name
                );
                self.warn(DiagnosticCode::ImplicitUniform, d.name.range, message);
            }
            let what = if has(q, Qualifier::Static) {
                if has(q, Qualifier::Uniform) {
                    Some("uniform global variables cannot be declared 'static'")
                } else if has(q, Qualifier::Volatile) {
                    Some("global variables cannot be declared 'volatile'")
                } else {
                    None
                }
            } else if !has(q, Qualifier::Groupshared) && has(q, Qualifier::Const) {
                // A global without `static` is uniform, and a uniform cannot be constant.
                Some("variables which are 'uniform' cannot be declared 'const'")
            } else {
                None
            };
            if let Some(what) = what {
                self.invalid_qualifier(&d.name, what.to_string());
                continue;
            }
            self.array_rules(&d.array, &d.name, "");
            self.initial_value_rules(v, d, has(q, Qualifier::Groupshared));
        }
    }

    /// A local declaration's rules (`static` has no meaning there and is dropped).
    pub(super) fn check_local_rules(&mut self, v: &VarDecl) {
        let q = &v.qualifiers;
        self.type_qualifiers(q, &v.ty);
        for d in &v.declarators {
            if is_void(&v.ty) {
                let message = format!("'{}' : variables cannot be void", d.name.name);
                self.report(DiagnosticCode::UnsupportedType, d.name.range, message);
                continue;
            }
            if self.forbidden_qualifier(q, &d.name, Owner::Local) {
                continue;
            }
            if matches!(v.ty.kind, TypeKind::Object { .. }) {
                let message = format!(
                    "'{}' : local variables cannot be texture, sampler or storage objects",
                    d.name.name
                );
                self.report(DiagnosticCode::UnsupportedType, d.name.range, message);
                continue;
            }
            self.array_rules(&d.array, &d.name, "");
            if let Some(semantic) = &d.semantic {
                let message = format!("'{}' : local variables cannot have semantics", d.name.name);
                self.report(DiagnosticCode::InvalidQualifier, semantic.range, message);
                continue;
            }
            self.initial_value_rules(v, d, false);
        }
    }

    /// A `groupshared` variable has no initial value; a numeric or struct `const` needs one;
    /// an unsized array takes its size from one.
    fn initial_value_rules(&mut self, v: &VarDecl, d: &Declarator, groupshared: bool) {
        match &d.init {
            Some(init) if groupshared => {
                let message = format!(
                    "'{}' : variables declared 'groupshared' cannot have an initializer",
                    d.name.name
                );
                self.report(DiagnosticCode::UniformInitializer, init.range, message);
            }
            Some(_) => {}
            None => {
                let numeric_or_struct =
                    matches!(v.ty.kind, TypeKind::Numeric { .. } | TypeKind::Named(_));
                if numeric_or_struct && has(&v.qualifiers, Qualifier::Const) {
                    let message = format!("'{}' : missing initial value", d.name.name);
                    self.report(DiagnosticCode::NonConstInitializer, d.name.range, message);
                } else if matches!(d.array.first(), Some(None)) {
                    let message =
                        format!("'{}' : implicit array missing initial value", d.name.name);
                    self.report(DiagnosticCode::InvalidSize, d.name.range, message);
                }
            }
        }
    }
}

/// Where ReShade warns that a group of qualifiers repeats what came before (X3048): it reads
/// qualifiers in groups, each in its fixed order (`accept_type_qualifiers`, the order of
/// [`Qualifier`]), a qualifier not after the last one starting the next group; a group whose
/// qualifiers the groups before it all gave is reported at its last qualifier.
fn repeated_qualifier_groups(qualifiers: &[QualifierAt]) -> Vec<TextRange> {
    let mut found = Vec::new();
    let (mut before, mut group) = (0u32, 0u32);
    let mut last: Option<QualifierAt> = None;
    for q in qualifiers {
        if let Some(prev) = last
            && q.qualifier as u32 <= prev.qualifier as u32
        {
            if before & group == group {
                found.push(prev.range);
            }
            before |= group;
            group = 0;
        }
        group |= 1 << q.qualifier as u32;
        last = Some(*q);
    }
    if let Some(prev) = last
        && before & group == group
    {
        found.push(prev.range);
    }
    found
}
