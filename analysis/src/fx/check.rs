//! Semantic checks of a ReShade FX tree (stage 2, first part): a symbol table with namespaces
//! and block scopes, the type of every expression, overload resolution of user functions with
//! ReShade's ranking ([`super::types::rank`]), built-ins by rule ([`super::intrinsics`]), and
//! ReShade's implicit-truncation warning.
//!
//! Every independent error is reported in one run: an expression whose type cannot be known
//! gets [`Type::Error`], which converts to anything silently, so one mistake is reported once.
//! Declarations are checked in order, as ReShade reads them: a use before the declaration is an
//! undeclared name.
//! Expressions are checked in [`super::check_expr`].

mod backend_rejects;
mod decl;
pub(crate) mod newer_reshade;
pub(crate) mod objects;
mod pass_state_values;
pub(crate) use pass_state_values::reshade_state_name;
mod passes;

pub(crate) use objects::property_name_value;

use petgraph::graph::NodeIndex;
use rustc_hash::FxHashMap as HashMap;

use super::ast::*;
use super::lexer::Base;
use super::types::{Type, rank, truncates};
use crate::{DiagnosticCode, Severity};

/// One finding of the checker, located in the preprocessed text.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub severity: Severity,
    pub code: DiagnosticCode,
    pub range: TextRange,
    pub message: String,
    /// A second place the finding is about (the first declaration of a redefined name).
    pub related: Option<(TextRange, String)>,
    /// An error of code ReShade's front end accepts and none of its back ends compile
    /// (`conformance/backend_rejects.tsv`): ReShade reads on past it as past valid code.
    pub reshade_accepts: bool,
}

impl Finding {
    /// An error of ReShade's at `range`.
    fn error(code: DiagnosticCode, range: TextRange, message: String) -> Self {
        Self {
            severity: Severity::Error,
            code,
            range,
            message,
            related: None,
            reshade_accepts: false,
        }
    }
}

/// Checks `module`; returns every finding in text order.
pub fn check(module: &Module) -> Vec<Finding> {
    check_with_facts(module, 0).0
}

/// What the checker learnt that lowering needs: the type of every expression, what each name and
/// call resolved to, and the structs and functions by number.
#[derive(Default, Debug)]
pub struct Facts {
    /// The type of each expression, by its range.
    pub types: HashMap<TextRange, Type>,
    /// Names (by the range of their path) that resolved to a global: its qualified name.
    pub globals: HashMap<TextRange, String>,
    /// Calls of user functions, by the callee's range: the function's id.
    pub calls: HashMap<TextRange, usize>,
    /// Function definitions and prototypes, by the range of their name: their id.
    pub functions: HashMap<TextRange, usize>,
    /// Global declarators, by the range of their name: the qualified name.
    pub global_decls: HashMap<TextRange, String>,
    /// Local variables and parameters, by the range of their name: their type.
    pub locals: HashMap<TextRange, Type>,
    /// Structs by index: qualified name and fields.
    pub structs: Vec<(String, Vec<(String, Type)>)>,
    /// Structs by the range of their definition: their index.
    pub struct_decls: HashMap<TextRange, usize>,
    /// Qualified function names by id, with how many overloads share the name.
    pub function_names: Vec<String>,
    /// Qualified names of the globals an atomic intrinsic writes (`atomicAdd(counter, 1)`):
    /// a `groupshared` one is a WGSL `atomic<T>`.
    pub atomic_globals: rustc_hash::FxHashSet<String>,
    /// Calls of built-ins, by the callee's range: the parameter types of the overload chosen,
    /// which each argument converts to.
    pub intrinsic_params: HashMap<TextRange, Vec<Type>>,
    /// The function each pass's `VertexShader`/`PixelShader`/`ComputeShader` names, by the
    /// range of the name: its id. Of several overloads, the last declared, as in ReShade.
    pub entry_points: HashMap<TextRange, usize>,
    /// Whether some written place goes through a cast or a unary `+` (`place_casts.rs`), which
    /// the tree must have rewritten before lowering.
    pub place_casts: bool,
}

/// Checks `module`, parsed from a text of `tokens` tokens; returns every finding in text order
/// and the facts lowering needs.
pub fn check_with_facts(module: &Module, tokens: usize) -> (Vec<Finding>, Facts) {
    let mut checker = Checker::default();
    // The corpus's effects have 0.24-0.52 typed expressions a token (0.40 in the slowest to
    // check): the table is made once at its final size instead of doubled up to it.
    checker.facts.types.reserve(tokens / 2);
    checker.items(&module.items);
    checker.recursion();
    checker.sampler_global_writes();
    let mut findings = checker.findings;
    findings.sort_by_key(|f| f.range.start);
    let mut facts = checker.facts;
    facts.function_names = checker.qualified_ids;
    (findings, facts)
}

pub(super) struct StructInfo {
    pub name: String,
    pub fields: Vec<(String, Type)>,
    /// The range of its name.
    pub declared: TextRange,
}

pub(super) struct Signature {
    pub params: Vec<Type>,
    /// How many leading parameters have no default value (`= value`, syntax of ReShade releases
    /// after 6.1 that the parser reports): calls pass at least these.
    pub required: usize,
    /// Which parameters are `out` or `inout`: their arguments must be assignable.
    pub outs: Vec<bool>,
    /// The ranges of the parameters' names in its definition with a body (else its prototype).
    pub param_names: Vec<TextRange>,
    pub ret: Type,
    pub has_body: bool,
    /// Numbers functions in declaration order, for the call graph.
    pub id: usize,
    /// The range of the name of its first declaration with a body (else of its prototype).
    pub declared: TextRange,
    /// What of its definition has no semantic (checked where it is an entry point).
    pub unsemantic: Vec<String>,
    /// The stage a `[shader("...")]` attribute gives it.
    pub stage: Option<String>,
    /// Its inputs and outputs with semantics (checked where a pass uses it).
    pub io: Vec<passes::Io>,
}

impl Signature {
    /// Whether a call may pass `count` arguments.
    pub fn takes(&self, count: usize) -> bool {
        (self.required..=self.params.len()).contains(&count)
    }
}

#[derive(Clone)]
pub(super) struct Var {
    pub ty: Type,
    /// `const`, `uniform`, or a global without `static` (implicitly uniform): not assignable.
    pub read_only: bool,
    /// The value of a `const` scalar whose initialiser is constant (array sizes, case labels).
    pub value: Option<f64>,
    /// A `const` whose initialiser is constant (of any type): a constant expression itself.
    pub constant: bool,
    /// The range of its name.
    pub declared: TextRange,
}

impl Var {
    /// Whether ReShade keeps it as a named constant rather than a variable: a numeric `const`
    /// with a constant initial value, an array of fewer than 100 elements at most.
    pub(super) fn is_named_constant(&self) -> bool {
        let numeric = match &self.ty {
            Type::Numeric { .. } => true,
            Type::Array(element, Some(n)) => *n < 100 && matches!(**element, Type::Numeric { .. }),
            _ => false,
        };
        self.constant && numeric
    }
}

#[derive(Default)]
pub(super) struct Checker {
    pub structs: Vec<StructInfo>,
    /// Qualified names (`ns::Name`) of structs, to their index.
    pub struct_names: HashMap<String, usize>,
    /// Qualified names of global variables, textures, samplers and storages.
    pub globals: HashMap<String, Var>,
    /// Qualified names of functions, to their overloads.
    pub functions: HashMap<String, Vec<Signature>>,
    /// The namespace being checked, outermost first.
    pub namespace: Vec<String>,
    /// Block scopes of the function being checked, innermost last.
    pub locals: Vec<HashMap<smol_str::SmolStr, Var>>,
    pub loops: usize,
    pub switches: usize,
    pub return_type: Option<Type>,
    /// The function whose body is being checked.
    pub current: Option<usize>,
    /// Names of functions by id.
    pub function_ids: Vec<String>,
    /// Calls between user functions: caller, callee, where.
    pub calls: Vec<(usize, usize, TextRange)>,
    /// The callees of each caller in `calls`, kept with it, so walks over the call graph visit
    /// only what they reach.
    pub callees: HashMap<usize, Vec<usize>>,
    pub findings: Vec<Finding>,
    /// What lowering needs (see [`Facts`]).
    pub facts: Facts,
    /// Qualified names of functions by id.
    pub qualified_ids: Vec<String>,
    /// Textures by qualified name: what their samplers, storages and render targets are
    /// checked against.
    pub textures: HashMap<String, objects::TextureInfo>,
    /// Functions that name a storage, by id: where they first do (ReShade allows storages in
    /// compute shaders only).
    pub storage_uses: HashMap<usize, TextRange>,
    /// Sampler parameters assigned and sampler globals passed to `out` parameters
    /// ([`backend_rejects`]).
    pub sampler_writes: backend_rejects::SamplerWrites,
}

impl Checker {
    pub(super) fn report(&mut self, code: DiagnosticCode, range: TextRange, message: String) {
        self.findings.push(Finding::error(code, range, message));
    }

    /// Reports a redefinition at `range` of a name first declared at `first`.
    fn redefinition(&mut self, range: TextRange, first: TextRange, message: String) {
        self.findings.push(Finding {
            related: Some((first, "first defined here".to_string())),
            ..Finding::error(DiagnosticCode::Redefinition, range, message)
        });
    }

    /// Reports code ReShade's front end accepts and none of its back ends compile (see
    /// [`Finding::reshade_accepts`]).
    pub(super) fn report_back_end_reject(
        &mut self,
        code: DiagnosticCode,
        range: TextRange,
        message: String,
    ) {
        self.findings.push(Finding {
            reshade_accepts: true,
            ..Finding::error(code, range, message)
        });
    }

    pub(super) fn warn(&mut self, code: DiagnosticCode, range: TextRange, message: String) {
        self.findings.push(Finding {
            severity: Severity::Warning,
            code,
            range,
            message,
            related: None,
            reshade_accepts: false,
        });
    }

    fn qualified(&self, name: &str) -> String {
        let mut parts = self.namespace.clone();
        parts.push(name.to_string());
        parts.join("::")
    }

    /// The first of `f`'s answers for the qualified names `path` may stand for, from the
    /// current namespace outwards (`A::B::name`, `A::name`, `name`); an absolute path only as
    /// written. Each name is built in one reused buffer: name lookup is the checker's hottest
    /// path.
    pub(super) fn find_candidate<T>(
        &self,
        path: &Path,
        mut f: impl FnMut(&str) -> Option<T>,
    ) -> Option<T> {
        let outermost_only = path.absolute || self.namespace.is_empty();
        if let ([only], true) = (path.segments.as_slice(), outermost_only) {
            // The common case needs no buffer at all.
            return f(&only.name);
        }
        let mut written = String::new();
        for (i, segment) in path.segments.iter().enumerate() {
            if i > 0 {
                written.push_str("::");
            }
            written.push_str(&segment.name);
        }
        if outermost_only {
            return f(&written);
        }
        let mut name = String::with_capacity(64);
        for i in (0..=self.namespace.len()).rev() {
            name.clear();
            for part in &self.namespace[..i] {
                name.push_str(part);
                name.push_str("::");
            }
            name.push_str(&written);
            if let Some(found) = f(&name) {
                return Some(found);
            }
        }
        None
    }

    /// A variable by name: locals innermost first, then globals from the current namespace out.
    pub(super) fn variable(&self, path: &Path) -> Option<Var> {
        if let [only] = path.segments.as_slice()
            && !path.absolute
        {
            let local = self
                .locals
                .iter()
                .rev()
                .find_map(|s| s.get(only.name.as_str()));
            if let Some(var) = local {
                return Some(var.clone());
            }
        }
        self.find_candidate(path, |name| self.globals.get(name).cloned())
    }

    /// The qualified name of the global `path` names, if it names no local.
    pub(super) fn global_name(&self, path: &Path) -> Option<String> {
        if let [only] = path.segments.as_slice()
            && !path.absolute
            && self
                .locals
                .iter()
                .any(|s| s.contains_key(only.name.as_str()))
        {
            return None;
        }
        self.find_candidate(path, |name| {
            self.globals.contains_key(name).then(|| name.to_string())
        })
    }

    /// The function a pass's shader state names: ReShade's symbol lookup finds the overload
    /// declared last (the name's newest symbol), whatever its signature.
    pub(super) fn entry_point(&self, path: &Path) -> Option<&Signature> {
        let name = self.function_name(path)?;
        self.functions.get(&name)?.iter().max_by_key(|o| o.id)
    }

    /// The qualified name of the function `path` names, if any.
    pub(super) fn function_name(&self, path: &Path) -> Option<String> {
        self.find_candidate(path, |name| {
            self.functions.contains_key(name).then(|| name.to_string())
        })
    }

    // -----------------------------------------------------------------------------------------
    // Types

    /// The type `ty` names; an unknown struct is reported and becomes [`Type::Error`].
    pub(super) fn resolve_type(&mut self, ty: &TypeRef) -> Type {
        match &ty.kind {
            TypeKind::Void => Type::Void,
            TypeKind::String => Type::String,
            &TypeKind::Numeric { base, rows, cols } => Type::Numeric { base, rows, cols },
            TypeKind::Object { kind, dim, element } => {
                if let Some(e) = element.as_deref() {
                    self.check_object_element(e);
                }
                let element = match element.as_deref().map(|e| &e.kind) {
                    Some(&TypeKind::Numeric {
                        base,
                        rows,
                        cols: 1,
                    }) => (base, rows),
                    _ => (Base::Float, 4),
                };
                Type::Object {
                    kind: *kind,
                    dim: *dim,
                    element,
                }
            }
            TypeKind::Named(path) => {
                let found = self.find_candidate(path, |name| self.struct_names.get(name).copied());
                match found {
                    Some(i) => Type::Struct(i, self.structs[i].name.clone()),
                    None => {
                        let message = format!("'{}' : undeclared type", path.joined());
                        self.report(DiagnosticCode::UndeclaredIdentifier, path.range, message);
                        Type::Error
                    }
                }
            }
        }
    }

    /// The value a `const` scalar of type `ty` takes from `init`, if constant.
    fn constant(&self, is_const: bool, ty: &Type, init: Option<&Expr>) -> Option<f64> {
        let value = self.const_value(init.filter(|_| is_const && ty.is_scalar())?)?;
        // An integer constant holds the truncated value.
        match ty.numeric() {
            Some((Base::Int | Base::Uint, _, _)) => Some(value.trunc()),
            _ => Some(value),
        }
    }

    /// `ty` with the array dimensions written after a name, outermost first; when `report`,
    /// a size that is not a constant, or not a positive integer, is reported.
    pub(super) fn with_array(&mut self, ty: Type, dims: &[Option<Expr>], report: bool) -> Type {
        let mut lengths = Vec::new();
        for dim in dims {
            let Some(dim) = dim else {
                lengths.push(None);
                continue;
            };
            // ReShade takes an integer scalar constant from 1 to 65536 (`parse_array_length`).
            let value = self
                .const_value(dim)
                .filter(|_| self.is_integral_constant(dim));
            let length = value
                .filter(|v| *v >= 1.0 && v.fract() == 0.0 && *v <= 65536.0)
                .map(|v| v as u32);
            if report && length.is_none() {
                let integral = self.is_integral_constant(dim);
                let (code, message) = match self.const_value(dim) {
                    Some(_) if !integral => {
                        let shown = match &dim.kind {
                            ExprKind::Name(path) => path.joined().into_owned(),
                            _ => "[]".to_string(),
                        };
                        let message = format!("'{shown}' : array size must be an integer constant");
                        (DiagnosticCode::NonConstArraySize, message)
                    }
                    None => {
                        let shown = match &dim.kind {
                            ExprKind::Name(path) => path.joined().into_owned(),
                            _ => "[]".to_string(),
                        };
                        let message =
                            format!("'{shown}' : array size must be a constant expression");
                        (DiagnosticCode::NonConstArraySize, message)
                    }
                    Some(v) => (
                        DiagnosticCode::InvalidSize,
                        format!("'{v}' : array size must be an integer from 1 to 65536"),
                    ),
                };
                self.report(code, dim.range, message);
            }
            lengths.push(length);
        }
        lengths
            .into_iter()
            .rev()
            .fold(ty, |element, length| Type::Array(Box::new(element), length))
    }

    /// Whether the constant expression `e` has an integer (or bool) type, as an array size
    /// and a case label must.
    pub(super) fn is_integral_constant(&self, e: &Expr) -> bool {
        let integral = |b: Base| matches!(b, Base::Bool | Base::Int | Base::Uint);
        match &e.kind {
            ExprKind::Literal(l) => !matches!(l, Literal::Float(_) | Literal::String(_)),
            ExprKind::Name(path) => self
                .variable(path)
                .and_then(|v| v.ty.numeric())
                .is_some_and(|(b, _, _)| integral(b)),
            ExprKind::Unary { operand, .. } => self.is_integral_constant(operand),
            ExprKind::Binary { op, lhs, rhs } => {
                let comparison = matches!(
                    op,
                    BinaryOp::Less
                        | BinaryOp::Greater
                        | BinaryOp::LessEqual
                        | BinaryOp::GreaterEqual
                        | BinaryOp::Equal
                        | BinaryOp::NotEqual
                        | BinaryOp::And
                        | BinaryOp::Or
                );
                comparison || (self.is_integral_constant(lhs) && self.is_integral_constant(rhs))
            }
            ExprKind::Cast { ty, .. } => matches!(
                ty.kind,
                TypeKind::Numeric { base, .. } if integral(base)
            ),
            _ => true,
        }
    }

    /// The value of a constant expression: literals, named constants, arithmetic and casts.
    pub(super) fn const_value(&self, e: &Expr) -> Option<f64> {
        match &e.kind {
            ExprKind::Literal(Literal::Int(v) | Literal::Uint(v)) => Some(f64::from(*v)),
            ExprKind::Literal(Literal::Float(v)) => Some(*v),
            ExprKind::Literal(Literal::Bool(b)) => Some(f64::from(u8::from(*b))),
            ExprKind::Name(path) => self.variable(path)?.value,
            ExprKind::Sequence(items) => self.const_value(items.last()?),
            ExprKind::Unary { op, operand } => {
                let v = self.const_value(operand)?;
                match op {
                    UnaryOp::Plus => Some(v),
                    UnaryOp::Negate => Some(-v),
                    _ => None,
                }
            }
            ExprKind::Cast { ty, operand } => {
                let v = self.const_value(operand)?;
                match ty.kind {
                    TypeKind::Numeric {
                        base: Base::Int | Base::Uint,
                        rows: 1,
                        cols: 1,
                    } => Some(v.trunc()),
                    TypeKind::Numeric {
                        rows: 1, cols: 1, ..
                    } => Some(v),
                    _ => None,
                }
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let (a, b) = (self.const_value(lhs)?, self.const_value(rhs)?);
                let v = match op {
                    BinaryOp::Add => a + b,
                    BinaryOp::Subtract => a - b,
                    BinaryOp::Multiply => a * b,
                    // Integer operands divide as integers.
                    BinaryOp::Divide if is_integer_expr(lhs) && is_integer_expr(rhs) => {
                        (a / b).trunc()
                    }
                    BinaryOp::Divide => a / b,
                    BinaryOp::Modulo => a % b,
                    _ => return None,
                };
                v.is_finite().then_some(v)
            }
            _ => None,
        }
    }

    /// Reports a conversion of `from` to `to` that is impossible (an error with `code`) or that
    /// drops components (a warning).
    pub(super) fn convert(
        &mut self,
        from: &Type,
        to: &Type,
        range: TextRange,
        code: DiagnosticCode,
    ) {
        if rank(from, to) == 0 {
            let message = format!("'{}' : cannot convert to '{}'", from.name(), to.name());
            self.report(code, range, message);
        } else if truncates(from, to) {
            self.warn_truncation(from, to, range);
        }
    }

    /// ReShade's X3206 warning: `from` loses components becoming `to`.
    pub(super) fn warn_truncation(&mut self, from: &Type, to: &Type, range: TextRange) {
        let message = format!(
            "'{}' : implicit truncation of vector type to '{}'",
            from.name(),
            to.name()
        );
        self.warn(DiagnosticCode::ImplicitTruncation, range, message);
    }

    /// [`Self::warn_truncation`] for each argument that loses components becoming its parameter.
    pub(super) fn warn_truncated_arguments(
        &mut self,
        args: &[Expr],
        types: &[Type],
        params: &[Type],
    ) {
        for ((arg, t), p) in args.iter().zip(types).zip(params) {
            if truncates(t, p) {
                self.warn_truncation(t, p, arg.range);
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Declarations

    /// Declares and checks `items` in order: as in ReShade, a name is known from its
    /// declaration on (a prototype declares a function early).
    fn items(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Namespace(n) => {
                    self.namespace.push(n.name.name.to_string());
                    self.items(&n.items);
                    self.namespace.pop();
                }
                Item::Struct(s) => self.declare_struct(s),
                Item::Function(f) => {
                    self.current = Some(self.declare_function(f));
                    self.check_function(f);
                    self.current = None;
                }
                Item::Variables(v) => {
                    self.check_global_rules(v);
                    // The initialiser comes first: `static const float a = a;` names no `a`.
                    self.check_global_values(v);
                    self.declare_globals(v);
                }
                Item::Technique(t) => self.check_technique(t),
                // What ReShade read whole before the syntax error, it checked.
                // (Expressions and unfinished calls: its declarations became items.)
                Item::Error(_, salvage) => salvage.iter().for_each(|s| self.statement(s)),
            }
        }
    }

    /// Reports each call that closes a cycle of calls (recursion, which no shader stage
    /// supports): a call to a function declared no later than the caller that reaches the caller.
    fn recursion(&mut self) {
        // A call closes a cycle exactly when its caller and callee are in one strongly connected
        // component of the call graph: one pass over the graph, however deep the call chains.
        let mut graph = petgraph::graph::DiGraph::<(), ()>::with_capacity(
            self.function_ids.len(),
            self.calls.len(),
        );
        let nodes = self
            .calls
            .iter()
            .map(|&(caller, callee, _)| caller.max(callee) + 1)
            .max()
            .unwrap_or(0)
            .max(self.function_ids.len());
        for _ in 0..nodes {
            graph.add_node(());
        }
        for &(caller, callee, _) in &self.calls {
            graph.add_edge(NodeIndex::new(caller), NodeIndex::new(callee), ());
        }
        let mut component = vec![0; nodes];
        for (index, members) in petgraph::algo::tarjan_scc(&graph).iter().enumerate() {
            for node in members {
                component[node.index()] = index;
            }
        }
        let closing: Vec<(usize, TextRange)> = self
            .calls
            .iter()
            .filter(|&&(caller, callee, _)| {
                callee <= caller && (callee == caller || component[callee] == component[caller])
            })
            .map(|&(_, callee, range)| (callee, range))
            .collect();
        for (callee, range) in closing {
            let name = self.function_ids.get(callee).cloned().unwrap_or_default();
            let message = format!("'{name}' : recursive call");
            self.report(DiagnosticCode::RecursiveFunction, range, message);
        }
    }

    fn declare_struct(&mut self, s: &StructDef) {
        if s.empty {
            let at = TextRange::new(s.range.start as usize, s.range.start as usize + 6);
            self.warn(
                DiagnosticCode::EmptyStruct,
                at,
                "struct has no members".to_string(),
            );
        }
        let mut fields = Vec::new();
        for field in &s.fields {
            let ty = self.resolve_type(&field.ty);
            self.check_member_rules(field);
            // ReShade takes a member name twice (`s.x` reads the first).
            for d in &field.declarators {
                let ty = self.with_array(ty.clone(), &d.array, true);
                fields.push((d.name.name.to_string(), ty));
            }
        }
        let Some(name) = &s.name else {
            return;
        };
        let qualified = self.qualified(&name.name);
        let earlier = self.declared_global(&qualified).or_else(|| {
            let function = self.functions.get(&qualified)?.first()?;
            Some(function.declared)
        });
        if let Some(first) = earlier {
            let message = format!("'{}' : redefinition", name.name);
            self.redefinition(name.range, first, message);
            return;
        }
        self.facts.struct_decls.insert(s.range, self.structs.len());
        self.facts.structs.push((qualified.clone(), fields.clone()));
        self.struct_names.insert(qualified, self.structs.len());
        self.structs.push(StructInfo {
            name: name.name.to_string(),
            fields,
            declared: name.range,
        });
    }

    /// Where the struct or global variable called `qualified` was declared, if there is one.
    /// A named constant (ReShade's `symbol_type::constant`) holds no id in ReShade's symbol
    /// table, so it never makes a later declaration of its name a redefinition: the later one
    /// replaces it.
    fn declared_global(&self, qualified: &str) -> Option<TextRange> {
        let structure = self.struct_names.get(qualified);
        structure
            .and_then(|&i| self.structs.get(i).map(|s| s.declared))
            .or_else(|| {
                let v = self.globals.get(qualified)?;
                (!v.is_named_constant()).then_some(v.declared)
            })
    }

    /// Declares `f`; returns its id.
    fn declare_function(&mut self, f: &Function) -> usize {
        self.check_function_rules(f);
        let ret = self.resolve_type(&f.return_type);
        let params: Vec<Type> = f
            .params
            .iter()
            .map(|p| {
                let ty = self.resolve_type(&p.ty);
                self.with_array(ty, &p.array, true)
            })
            .collect();
        let unsemantic = super::check_entry::unsemantic(f, &ret, &params);
        let required = f.params.iter().take_while(|p| p.default.is_none()).count();
        let io = passes::function_io(f, &ret, &params);
        let stage = f
            .attributes
            .iter()
            .filter(|a| a.name.name == "shader")
            .find_map(|a| match a.args.first().map(|e| &e.kind) {
                Some(ExprKind::Literal(Literal::String(s))) => Some(s.clone()),
                _ => None,
            });
        let qualified = self.qualified(&f.name.name);
        let overloads = self.functions.entry(qualified.clone()).or_default();
        // A prototype (an error of its own) and its definition are one function. As in
        // ReShade, a second definition with the same parameters is another overload: only a
        // call that both take is an error (ambiguous).
        let id = self.function_ids.len();
        match overloads
            .iter_mut()
            .find(|o| o.params == params && !(o.has_body && f.body.is_some()))
        {
            Some(o) => {
                o.required = o.required.min(required);
                if f.body.is_some() {
                    o.declared = f.name.range;
                    o.unsemantic = unsemantic;
                    o.io = io;
                    o.stage = stage;
                    o.param_names = f.params.iter().map(|p| p.name.range).collect();
                }
                o.has_body |= f.body.is_some();
                self.facts.functions.insert(f.name.range, o.id);
                o.id
            }
            None => {
                let outs = f
                    .params
                    .iter()
                    .map(|p| {
                        p.qualifiers
                            .iter()
                            .any(|q| matches!(q.qualifier, Qualifier::Out | Qualifier::Inout))
                    })
                    .collect();
                overloads.push(Signature {
                    params,
                    required,
                    outs,
                    param_names: f.params.iter().map(|p| p.name.range).collect(),
                    ret,
                    has_body: f.body.is_some(),
                    id,
                    declared: f.name.range,
                    unsemantic,
                    stage,
                    io,
                });
                self.function_ids.push(f.name.name.to_string());
                self.qualified_ids.push(qualified);
                self.facts.functions.insert(f.name.range, id);
                id
            }
        }
    }

    fn declare_globals(&mut self, v: &VarDecl) {
        let base = self.resolve_type(&v.ty);
        let has = |q: Qualifier| v.qualifiers.iter().any(|x| x.qualifier == q);
        let read_only = has(Qualifier::Const) || has(Qualifier::Uniform) || !has(Qualifier::Static);
        let read_only = read_only && !has(Qualifier::Groupshared);
        for d in &v.declarators {
            if let TypeKind::Object { kind, dim, element } = &v.ty.kind {
                let info = self.check_object(*kind, *dim, element.as_deref(), d);
                if let Some(info) = info {
                    self.textures.insert(self.qualified(&d.name.name), info);
                }
            }
            let ty = sized_by_list(
                self.with_array(base.clone(), &d.array, true),
                d.init.as_ref(),
            );
            let value = self.constant(has(Qualifier::Const), &ty, d.init.as_ref());
            let constant =
                has(Qualifier::Const) && d.init.as_ref().is_some_and(|i| self.is_constant_expr(i));
            let qualified = self.qualified(&d.name.name);
            self.facts
                .global_decls
                .insert(d.name.range, qualified.clone());
            let earlier = self.declared_global(&qualified).or_else(|| {
                let function = self.functions.get(&qualified)?.first()?;
                Some(function.declared)
            });
            if let Some(first) = earlier {
                let message = format!("'{}' : redefinition", d.name.name);
                self.redefinition(d.name.range, first, message);
                continue;
            }
            self.struct_uniform(v, &d.name, &ty);
            self.globals.insert(
                qualified,
                Var {
                    ty,
                    read_only,
                    value,
                    constant,
                    declared: d.name.range,
                },
            );
        }
    }

    // -----------------------------------------------------------------------------------------
    // Bodies

    fn check_global_values(&mut self, v: &VarDecl) {
        let base = self.resolve_type_quietly(&v.ty);
        for d in &v.declarators {
            let ty = self.with_array(base.clone(), &d.array, false);
            if let Some(init) = &d.init {
                self.check_init(init, &ty);
                self.check_global_constant(&d.name.name, init);
            }
            for p in d.properties.iter().flatten() {
                if p.name.name == "Texture" {
                    self.expect_object(&p.value, super::lexer::ObjectKind::Texture);
                }
            }
            self.annotations_constant(&d.annotations);
        }
    }

    /// Resolves a type already resolved (and reported) during declaration, without reporting.
    pub(super) fn resolve_type_quietly(&mut self, ty: &TypeRef) -> Type {
        let before = self.findings.len();
        let resolved = self.resolve_type(ty);
        self.findings.truncate(before);
        resolved
    }

    /// `value` must name a global of object kind `kind` (a sampler's `Texture`, a render target).
    fn expect_object(&mut self, value: &Expr, kind: super::lexer::ObjectKind) {
        let ExprKind::Name(path) = &value.kind else {
            return;
        };
        match self.variable(path).map(|v| v.ty) {
            Some(Type::Object { kind: k, .. }) if k == kind => {}
            Some(Type::Error) => {}
            Some(other) => {
                let message = format!(
                    "'{}' : is a '{}', not a texture",
                    path.joined(),
                    other.name()
                );
                self.report(DiagnosticCode::InvalidRenderStateValue, path.range, message);
            }
            None => {
                let message = format!("'{}' : undeclared identifier", path.joined());
                self.report(DiagnosticCode::UndeclaredIdentifier, path.range, message);
            }
        }
    }

    /// Annotation values must be constant (ReShade's X3011 in `parse_annotations`). A type
    /// prefix (deprecated, ignored) is one only when it names a type: ReShade reads any other
    /// word there as the annotation's name, and the name after it as a syntax error.
    fn annotations_constant(&mut self, annotations: &[Annotation]) {
        for a in annotations {
            if let Some(
                ty @ TypeRef {
                    kind: TypeKind::Named(path),
                    ..
                },
            ) = &a.ty
                && self.resolve_type_quietly(ty).is_error()
            {
                let message = format!(
                    "'{}' : syntax error: unexpected identifier, expected '=' ('{}' is no type)",
                    a.name.name,
                    path.joined()
                );
                self.report(DiagnosticCode::SyntaxError, a.name.range, message);
                continue;
            }
            if let Some(ty) = &a.ty {
                let message = format!(
                    "'{}' : type prefixes for annotations are deprecated and ignored",
                    self.resolve_type_quietly(ty).name()
                );
                self.warn(DiagnosticCode::DeprecatedSyntax, ty.range, message);
            }
            // The value is an expression like any other first: a string in arithmetic is
            // X3022, an unknown name X3004, and after such an error ReShade skips the rest of
            // the list (no X3011).
            let before = self.findings.len();
            if !matches!(a.value.kind, ExprKind::InitList(_)) {
                self.expr(&a.value);
            }
            if self.findings[before..]
                .iter()
                .any(|f| f.severity == Severity::Error)
            {
                break;
            }
            if !self.is_constant_expr(&a.value) {
                let message = format!("'{}' : value must be a literal expression", a.name.name);
                self.report(DiagnosticCode::NonConstInitializer, a.value.range, message);
            }
        }
    }

    fn check_technique(&mut self, t: &Technique) {
        self.annotations_constant(&t.annotations);
        for pass in &t.passes {
            self.check_entry_semantics(pass);
            self.check_pass_rules(pass);
            for state in &pass.states {
                let name = state.name.name.as_str();
                if matches!(name, "VertexShader" | "PixelShader" | "ComputeShader") {
                    let ExprKind::Name(path) = &state.value.kind else {
                        continue;
                    };
                    match self.entry_point(path) {
                        Some(signature) => {
                            let id = signature.id;
                            self.facts.entry_points.insert(path.range, id);
                        }
                        None => {
                            let message = format!("'{}' : entry point not found", path.joined());
                            self.report(DiagnosticCode::EntryNotFound, path.range, message);
                        }
                    }
                } else if name.starts_with("RenderTarget") {
                    self.expect_object(&state.value, super::lexer::ObjectKind::Texture);
                }
            }
        }
    }

    fn check_function(&mut self, f: &Function) {
        let Some(body) = &f.body else {
            return;
        };
        let ret = self.resolve_type_quietly(&f.return_type);
        self.return_type = Some(ret);
        let mut scope = HashMap::default();
        for p in &f.params {
            let ty = self.resolve_type_quietly(&p.ty);
            let ty = self.with_array(ty, &p.array, false);
            let read_only = p.qualifiers.iter().any(|q| q.qualifier == Qualifier::Const);
            self.facts.locals.insert(p.name.range, ty.clone());
            if let Some(first) = scope.get(p.name.name.as_str()).map(|v: &Var| v.declared) {
                let message = format!("'{}' : redefinition of a parameter", p.name.name);
                self.redefinition(p.name.range, first, message);
                continue;
            }
            let var = Var {
                ty,
                read_only,
                value: None,
                constant: false,
                declared: p.name.range,
            };
            scope.insert(p.name.name.clone(), var);
        }
        self.locals = vec![scope];
        self.statements(&body.statements);
        self.locals.clear();
        self.return_type = None;
    }

    /// A statement list; as in ReShade, a statement after one that leaves the block (`return`,
    /// `break`, `continue`, `discard`) is an error, and the rest of the list is not read.
    fn statements(&mut self, statements: &[Stmt]) {
        let mut ended = false;
        for s in statements {
            if ended {
                let message = "unreachable code".to_string();
                let at = TextRange::new(s.range.start as usize, s.range.start as usize + 1);
                self.report(DiagnosticCode::UnreachableCode, at, message);
                return;
            }
            self.statement(s);
            // A misplaced `break` or `continue` is an error of its own, not a jump.
            ended = terminates(s) && !self.misplaced_jump(s);
        }
    }

    /// Statement attributes as ReShade reads them: `[unroll]`/`[loop]`/`[fastopt]`,
    /// `[flatten]`/`[branch]`, `[forcecase]`, `[call]`; others are ignored with a warning, and
    /// contradicting ones are an error.
    fn statement_attributes(&mut self, attributes: &[Attribute]) {
        let (mut unroll, mut dont_unroll, mut flatten, mut branch) = (false, false, false, false);
        for a in attributes {
            match a.name.name.as_str() {
                "unroll" => unroll = true,
                "loop" | "fastopt" => dont_unroll = true,
                "flatten" => flatten = true,
                "branch" => branch = true,
                "forcecase" | "call" => {}
                other => {
                    let message = format!("'{other}' : unknown attribute");
                    self.warn(DiagnosticCode::InvalidQualifier, a.name.range, message);
                }
            }
            let conflict = if unroll && dont_unroll {
                Some("can't use loop and unroll attributes together")
            } else if flatten && branch {
                Some("can't use branch and flatten attributes together")
            } else {
                None
            };
            if let Some(conflict) = conflict {
                let message = format!("'{}' : {conflict}", a.name.name);
                self.report(DiagnosticCode::InvalidQualifier, a.name.range, message);
                return;
            }
        }
    }

    fn scoped(&mut self, f: impl FnOnce(&mut Self)) {
        self.locals.push(HashMap::default());
        f(self);
        self.locals.pop();
    }

    fn statement(&mut self, s: &Stmt) {
        self.statement_attributes(&s.attributes);
        match &s.kind {
            StmtKind::Block(b) => self.scoped(|c| c.statements(&b.statements)),
            StmtKind::Expr(e) => drop(self.expr(e)),
            StmtKind::Decl(v) => self.local_declaration(v),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                // As in ReShade, a branch that is a declaration (not a block) declares in the
                // enclosing scope: `if (c) float a = 1;` leaves `a` declared.
                self.condition(cond);
                self.statement(then);
                if let Some(o) = otherwise {
                    self.statement(o);
                }
            }
            StmtKind::Switch { selector, cases } => self.switch(selector, cases, s.range),
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => self.scoped(|c| {
                if let Some(init) = init {
                    c.statement(init);
                }
                cond.iter().for_each(|e| c.condition(e));
                step.iter().for_each(|e| drop(c.expr(e)));
                c.loop_body(body);
            }),
            StmtKind::While { cond, body } => {
                self.condition(cond);
                self.loop_body(body);
            }
            // ReShade enters no scope for a `do` body (a declaration there is visible after).
            StmtKind::DoWhile { body, cond } => {
                self.loops += 1;
                self.statement(body);
                self.loops -= 1;
                self.condition(cond);
            }
            StmtKind::Break | StmtKind::Continue => self.jump(s),
            StmtKind::Return(value) => self.return_statement(value.as_ref(), s.range),
            // What ReShade read whole before the syntax error, it checked (and declared).
            StmtKind::Error(salvage) => salvage.iter().for_each(|s| self.statement(s)),
            StmtKind::Unfinished(read) => self.unfinished(read),
            StmtKind::Discard | StmtKind::Empty => {}
        }
    }

    /// A condition must be a scalar (any numeric type converts to `bool`).
    fn condition(&mut self, cond: &Expr) {
        let ty = self.expr(cond);
        if !ty.is_error() && !ty.is_scalar() {
            let message = format!("'{}' : condition must be a scalar", ty.name());
            self.report(DiagnosticCode::NonBoolCondition, cond.range, message);
        }
    }

    /// The selector is a scalar (as in ReShade, a `float` or `bool` one converts to `int`);
    /// labels must be distinct constants, with at most one `default`; as in ReShade 6.1, every
    /// group of statements must end by leaving it (`break`, `return`, ...): there is no
    /// fall-through, and an empty last group or switch is an error too.
    fn switch(&mut self, selector: &Expr, cases: &[SwitchCase], range: TextRange) {
        let ty = self.expr(selector);
        if !ty.is_error() && !matches!(ty.numeric(), Some((_, 1, 1))) {
            let message = format!("'{}' : switch selector must be a scalar", ty.name());
            self.report(DiagnosticCode::NonIntegerSwitch, selector.range, message);
        }
        let mut seen: Vec<f64> = Vec::new();
        let mut default = None;
        self.switches += 1;
        // ReShade enters no scope for a switch's body: what its groups declare stays declared
        // after it.
        for case in cases {
            let mut defaults = case.defaults.iter();
            for label in &case.labels {
                let Some(label) = label else {
                    // ReShade points at the second `default` keyword.
                    let keyword = defaults.next().copied().unwrap_or(case.range);
                    if default.replace(keyword).is_some() {
                        let message = "'default' : more than one default label".to_string();
                        self.report(DiagnosticCode::InvalidSwitchDefault, keyword, message);
                    }
                    continue;
                };
                let ty = self.expr(label);
                let value = self.const_value(label);
                let integral = matches!(
                    ty.numeric(),
                    Some((Base::Bool | Base::Int | Base::Uint, 1, 1))
                );
                if !ty.is_error() && (!integral || value.is_none()) {
                    let message = format!(
                        "'{}' : case label must be an integer scalar constant",
                        ty.name()
                    );
                    self.report(DiagnosticCode::NonIntegerSwitch, label.range, message);
                    continue;
                }
                // Labels compare as ReShade stores them: 32-bit patterns (-1 is 0xFFFFFFFF).
                if let Some(value) = value.map(|v| f64::from(v as i64 as u32)) {
                    if seen.contains(&value) {
                        let message = format!("'{value}' : duplicate case label");
                        self.report(DiagnosticCode::DuplicateSwitchCase, label.range, message);
                    }
                    seen.push(value);
                }
            }
            self.statements(&case.body);
        }
        self.switches -= 1;
        if cases.iter().all(|c| c.labels.is_empty()) {
            // ReShade places it where the selector's `(` is.
            let message = "'switch' : switch statement contains no 'case' or 'default' labels";
            self.warn(
                DiagnosticCode::EmptySwitch,
                selector.range,
                message.to_string(),
            );
        }
        // Where ReShade stops: the next label, or the switch's closing brace.
        let close = TextRange::new(range.end as usize - 1, range.end as usize);
        let ends: Vec<TextRange> = cases
            .iter()
            .skip(1)
            .map(|c| TextRange::new(c.range.start as usize, c.range.start as usize + 1))
            .chain([close])
            .collect();
        let open = cases
            .iter()
            .zip(&ends)
            // A case that ends in a statement that failed to parse (the switch cut off at the
            // end of the text, say) is no case ReShade gets to check: it stopped at the error.
            .find(|(case, _)| {
                !case
                    .body
                    .last()
                    .is_some_and(|s| terminates(s) || matches!(s.kind, StmtKind::Error(_)))
            })
            .map(|(_, &at)| at)
            .or(cases.is_empty().then_some(close));
        if let Some(at) = open {
            let message = "non-empty case statements must have break or return".to_string();
            self.report(DiagnosticCode::MisplacedControlFlow, at, message);
        }
    }

    fn loop_body(&mut self, body: &Stmt) {
        self.loops += 1;
        self.scoped(|c| c.statement(body));
        self.loops -= 1;
    }

    fn misplaced_jump(&self, s: &Stmt) -> bool {
        match s.kind {
            StmtKind::Break => self.loops + self.switches == 0,
            StmtKind::Continue => self.loops == 0,
            _ => false,
        }
    }

    fn jump(&mut self, s: &Stmt) {
        let (allowed, word) = match s.kind {
            StmtKind::Break => (self.loops + self.switches > 0, "break"),
            _ => (self.loops > 0, "continue"),
        };
        if !allowed {
            let place = if word == "break" {
                "a loop or switch"
            } else {
                "a loop"
            };
            let message = format!("'{word}' : not allowed outside {place}");
            self.report(DiagnosticCode::MisplacedControlFlow, s.range, message);
        }
    }

    fn return_statement(&mut self, value: Option<&Expr>, range: TextRange) {
        let expected = self.return_type.clone().unwrap_or(Type::Error);
        match (value, &expected) {
            (Some(e), Type::Void) => {
                self.expr(e);
                let message = "'return' : a void function cannot return a value".to_string();
                self.report(DiagnosticCode::ReturnInVoidFunction, e.range, message);
            }
            (Some(e), _) => {
                let ty = self.expr(e);
                self.convert(&ty, &expected, e.range, DiagnosticCode::ReturnTypeMismatch);
            }
            (None, Type::Void | Type::Error) => {}
            (None, _) => {
                let message = format!("'return' : function must return a '{}'", expected.name());
                self.report(DiagnosticCode::ReturnTypeMismatch, range, message);
            }
        }
    }

    fn local_declaration(&mut self, v: &VarDecl) {
        self.check_local_rules(v);
        let base = self.resolve_type(&v.ty);
        let read_only = v.qualifiers.iter().any(|q| q.qualifier == Qualifier::Const);
        for d in &v.declarators {
            let ty = sized_by_list(
                self.with_array(base.clone(), &d.array, true),
                d.init.as_ref(),
            );
            let value = self.constant(read_only, &ty, d.init.as_ref());
            let constant = read_only && d.init.as_ref().is_some_and(|i| self.is_constant_expr(i));
            self.facts.locals.insert(d.name.range, ty.clone());
            // The initialiser is checked before the name is declared: `float x = x;` reads an
            // outer `x`.
            if let Some(init) = &d.init {
                self.check_init(init, &ty);
            }
            let scope = self.locals.last_mut();
            let Some(scope) = scope else {
                continue;
            };
            let earlier = scope
                .get(d.name.name.as_str())
                .filter(|v| !v.is_named_constant());
            if let Some(first) = earlier.map(|v| v.declared) {
                let message = format!("'{}' : redefinition", d.name.name);
                self.redefinition(d.name.range, first, message);
                continue;
            }
            scope.insert(
                d.name.name.clone(),
                Var {
                    ty,
                    read_only,
                    value,
                    constant,
                    declared: d.name.range,
                },
            );
        }
    }
}

/// Whether control cannot go on after `s` (ReShade's code generator has left the block): it
/// jumps, or is a block that ends by jumping. Branches and loops always merge again.
fn terminates(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Break | StmtKind::Continue | StmtKind::Return(_) | StmtKind::Discard => true,
        StmtKind::Block(b) => b.statements.last().is_some_and(terminates),
        _ => false,
    }
}

/// Whether `e` is made of integer literals only (so `/` divides as integers).
fn is_integer_expr(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Literal(Literal::Int(_) | Literal::Uint(_)) => true,
        ExprKind::Unary { operand, .. } => is_integer_expr(operand),
        ExprKind::Binary { lhs, rhs, .. } => is_integer_expr(lhs) && is_integer_expr(rhs),
        ExprKind::Cast { ty, .. } => matches!(
            ty.kind,
            TypeKind::Numeric {
                base: Base::Int | Base::Uint,
                ..
            }
        ),
        _ => false,
    }
}

/// An unsized array takes its length from the initialiser list it is declared with, as ReShade
/// gives it the list's (`parse_variable`), so a constant index past it is X3504.
fn sized_by_list(ty: Type, init: Option<&Expr>) -> Type {
    match (ty, init.map(|e| &e.kind)) {
        (Type::Array(element, None), Some(ExprKind::InitList(items))) => {
            Type::Array(element, u32::try_from(items.len()).ok())
        }
        (ty, _) => ty,
    }
}
