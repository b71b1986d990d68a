//! WGSL code for FX functions and statements. Functions are emitted from the entry points
//! outwards (only what a pass uses), each line recorded with the FX range it stands for.
//!
//! - value parameters are copied into a `var` (HLSL parameters are mutable); `out`/`inout`
//!   parameters become `ptr<function, T>`; a `sampler` parameter becomes a texture and a sampler;
//! - `for` becomes `loop` with the step in `continuing`, `do/while` a `loop` ending in
//!   `break if`, `switch` a WGSL `switch` whose fall-through groups repeat the groups they fall
//!   into (and that always gets a `default`);
//! - assignments to several swizzled components go through a temporary, component by component.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::super::ast::*;
use super::super::check::Facts;
use super::super::check_atomic;
use super::super::lexer::{Base, ObjectKind};
use super::super::types::Type;
use super::items::{Global, Lowered};
use super::names::{call_text, ident, local_ident, member, overload, wgsl_type};
use super::passes::Plan;
use super::{Result, unsupported};

/// The generated user text with its span records.
pub(crate) struct Code {
    pub text: String,
    pub records: Vec<(usize, usize, TextRange)>,
    /// WGSL names of the storages texture atomics run on (bound with atomic access).
    pub atomic_storages: BTreeSet<String>,
    /// WGSL names of the storages some shader reads (bound with read-write access).
    pub read_storages: BTreeSet<String>,
    /// Pixel-shader outputs written as the bits of their render target's kind.
    pub retyped: Vec<super::entry::Retyped>,
    /// The user functions emitted, by id: those some pass reaches.
    pub functions: BTreeSet<usize>,
    /// The record sites, when the code is instrumented (`trace.rs`).
    pub trace: Option<super::trace::Tracer>,
}

/// What a user function looks like to callers.
pub(crate) struct FnInfo<'m> {
    pub def: &'m Function,
    pub name: String,
    pub params: Vec<(Type, ParamKind)>,
    pub ret: Type,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ParamKind {
    Value,
    Pointer,
    Sampler,
    /// A texture object, which no intrinsic reads: dropped with its arguments
    /// (`texture_params.rs`).
    Texture,
}

/// The code generator's state for one module.
pub(crate) struct Emitter<'m> {
    pub facts: &'m Facts,
    pub lowered: &'m Lowered,
    /// What the code may use (texture atomics need `TEXTURE_ATOMIC`).
    pub target: &'m crate::Target,
    /// WGSL names of the storages texture atomics run on.
    pub atomic_storages: BTreeSet<String>,
    /// WGSL names of the storages some shader reads (`texNDfetch`).
    pub read_storages: BTreeSet<String>,
    /// Pixel-shader outputs written as the bits of their render target's kind (`entry.rs`).
    pub retyped: Vec<super::entry::Retyped>,
    pub structs: Vec<String>,
    pub functions: HashMap<usize, FnInfo<'m>>,
    /// Static globals by qualified name: their declaration and declarator.
    pub statics: HashMap<String, (&'m VarDecl, &'m Declarator)>,
    /// Struct definitions by index.
    pub struct_defs: HashMap<usize, &'m StructDef>,
    pub text: String,
    pub records: Vec<(usize, usize, TextRange)>,
    indent: usize,
    /// Parameters of the function being emitted that are not plain values.
    pub params: HashMap<String, ParamKind>,
    ret: Type,
    tmp: usize,
    /// Functions and statics used so far (emitted from a worklist), through
    /// [`Emitter::use_function`] and [`Emitter::use_static`].
    pub used_functions: BTreeSet<usize>,
    pub used_statics: BTreeSet<String>,
    /// [`Emitter::computed_const`]'s answer per static, found once (a static is read often).
    computed_consts: HashMap<String, bool>,
    /// The used ones not emitted yet: the worklist, smallest first.
    pending_functions: BTreeSet<usize>,
    pending_statics: BTreeSet<String>,
    /// Generated helper functions (integer matrix operations) by name, declared once.
    pub helpers: BTreeMap<String, String>,
    /// Operands computed before a later operand's side effects, held in a `let` (`order.rs`).
    pub pinned: HashSet<TextRange>,
    /// Arguments of built-in calls of constants, computed at run time (`exprs.rs::call`).
    pub run_time: HashSet<TextRange>,
    /// Locations of the varying semantics other than `TEXCOORDn` (`varyings.rs`).
    pub varying_locations: HashMap<String, u32>,
    /// User functions that write module-scope variables (`global_writes.rs`).
    pub writing_functions: HashSet<usize>,
    /// Every module-scope WGSL name of user items (functions, structs, globals, bindings):
    /// no local or parameter takes one (`names::local_ident`).
    pub module_names: rustc_hash::FxHashSet<String>,
    /// [`Emitter::local_name`]'s answers by FX name, found once (a local is named often).
    local_names: HashMap<String, String>,
    /// Locals declared ahead of the statement that declares them (by the range of their name):
    /// ReShade gives a declaration that is a `switch` group's, an `if` branch's or a `do`
    /// body's statement the enclosing scope, which a WGSL block would not.
    pub hoisted: HashSet<TextRange>,
    /// Lowering a module-scope initialiser: an element of a `static const` array with a
    /// constant index stands for its list's element (`const_element`), which WGSL can fold.
    pub module_initializer: bool,
    /// The debugger's instrumentation, when asked for (`trace.rs`); `None` changes nothing.
    pub trace: Option<super::trace::Tracer>,
}

/// Emits the functions the `entries` reach, the statics they read, the structs and the wrappers.
pub(crate) fn emit_module(
    module: &Module,
    facts: &Facts,
    lowered: &Lowered,
    plan: &mut Plan,
    target: &crate::Target,
    trace: Option<super::trace::Tracer>,
) -> Result<Code> {
    let mut e = Emitter {
        facts,
        lowered,
        target,
        atomic_storages: BTreeSet::new(),
        read_storages: BTreeSet::new(),
        retyped: Vec::new(),
        structs: facts.structs.iter().map(|(n, _)| ident(n)).collect(),
        functions: HashMap::default(),
        statics: HashMap::default(),
        struct_defs: HashMap::default(),
        text: String::new(),
        records: Vec::new(),
        indent: 0,
        params: HashMap::default(),
        ret: Type::Void,
        tmp: 0,
        used_functions: BTreeSet::new(),
        used_statics: BTreeSet::new(),
        computed_consts: HashMap::default(),
        pending_functions: BTreeSet::new(),
        pending_statics: BTreeSet::new(),
        helpers: BTreeMap::new(),
        pinned: HashSet::default(),
        run_time: HashSet::default(),
        varying_locations: HashMap::default(),
        writing_functions: HashSet::default(),
        module_names: rustc_hash::FxHashSet::default(),
        local_names: HashMap::default(),
        hoisted: HashSet::default(),
        module_initializer: false,
        trace,
    };
    // HLSL lets implicit-LOD sampling and derivatives run in non-uniform control flow (their
    // value there is undefined, as in WGSL); WGSL rejects it by default, so FX code says off.
    e.line(
        TextRange::new(0, 0),
        "diagnostic(off, derivative_uniformity);",
    );
    let overloads = overload_counts(facts);
    e.collect(&module.items, &overloads)?;
    e.module_names = e.module_scope_names();
    e.local_names.clear();
    e.find_writing_functions();
    e.structs_decls(&module.items)?;
    e.assign_varying_locations(&plan.entries)?;
    e.feed_missing_inputs(plan)?;
    for entry in &plan.entries {
        e.entry(entry)?;
    }
    // Each used function, then each used static, smallest first, until emitting them uses no
    // new one; the worklist holds only those not emitted yet, so each is taken once.
    loop {
        if let Some(id) = e.pending_functions.pop_first() {
            e.function(id)?;
            continue;
        }
        if let Some(name) = e.pending_statics.pop_first() {
            e.static_global(&name)?;
            continue;
        }
        break;
    }
    for helper in std::mem::take(&mut e.helpers).into_values() {
        e.line(TextRange::new(0, 0), &helper);
    }
    e.trace_declarations();
    Ok(Code {
        text: e.text,
        records: e.records,
        atomic_storages: e.atomic_storages,
        read_storages: e.read_storages,
        retyped: e.retyped,
        functions: e.used_functions,
        trace: e.trace,
    })
}

/// How many functions share each qualified name (overloads get names of their own), counted once
/// for the module rather than once per function.
fn overload_counts(facts: &Facts) -> HashMap<&str, usize> {
    let mut counts = HashMap::default();
    for name in &facts.function_names {
        *counts.entry(name.as_str()).or_insert(0) += 1;
    }
    counts
}

impl<'m> Emitter<'m> {
    /// Records functions (with bodies) and static globals, walking namespaces.
    fn collect(&mut self, items: &'m [Item], overloads: &HashMap<&str, usize>) -> Result<()> {
        for item in items {
            match item {
                Item::Namespace(n) => self.collect(&n.items, overloads)?,
                Item::Struct(s) => {
                    if let Some(&i) = self.facts.struct_decls.get(&s.range) {
                        self.struct_defs.insert(i, s);
                    }
                }
                Item::Function(f) if f.body.is_some() => {
                    let Some(&id) = self.facts.functions.get(&f.name.range) else {
                        continue;
                    };
                    let info = self.fn_info(f, id, overloads)?;
                    self.functions.insert(id, info);
                }
                Item::Variables(v) => {
                    for d in &v.declarators {
                        if let Some(q) = self.facts.global_decls.get(&d.name.range)
                            && matches!(self.lowered.globals.get(q), Some(Global::Value(_)))
                            && v.qualifiers.iter().any(|q| {
                                matches!(q.qualifier, Qualifier::Static | Qualifier::Groupshared)
                            })
                        {
                            self.statics.insert(q.clone(), (v, d));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn fn_info(
        &self,
        f: &'m Function,
        id: usize,
        overloads: &HashMap<&str, usize>,
    ) -> Result<FnInfo<'m>> {
        let qualified = self
            .facts
            .function_names
            .get(id)
            .cloned()
            .unwrap_or_default();
        let name = if overloads.get(qualified.as_str()).copied().unwrap_or(0) > 1 {
            overload(&ident(&qualified), id)
        } else {
            ident(&qualified)
        };
        let mut params = Vec::new();
        for p in &f.params {
            let ty = self
                .facts
                .locals
                .get(&p.name.range)
                .cloned()
                .unwrap_or(Type::Error);
            let out = p
                .qualifiers
                .iter()
                .any(|q| matches!(q.qualifier, Qualifier::Out | Qualifier::Inout));
            let kind = match &ty {
                Type::Object {
                    kind: ObjectKind::Sampler,
                    ..
                } => ParamKind::Sampler,
                _ if super::texture_params::is_texture(&ty) => ParamKind::Texture,
                _ if out => ParamKind::Pointer,
                _ => ParamKind::Value,
            };
            params.push((ty, kind));
        }
        let ret = match &f.return_type.kind {
            // A texture result is dropped like a texture parameter.
            TypeKind::Void
            | TypeKind::Object {
                kind: ObjectKind::Texture,
                ..
            } => Type::Void,
            &TypeKind::Numeric { base, rows, cols } => Type::Numeric { base, rows, cols },
            _ => self
                .facts
                .types
                .get(&f.return_type.range)
                .cloned()
                .unwrap_or_else(|| self.struct_type(&f.return_type)),
        };
        Ok(FnInfo {
            def: f,
            name,
            params,
            ret,
        })
    }

    /// A struct type named in a signature, found by its WGSL name.
    fn struct_type(&self, t: &TypeRef) -> Type {
        if let TypeKind::Named(path) = &t.kind {
            let written = path.joined();
            let found = self
                .facts
                .structs
                .iter()
                .enumerate()
                .filter(|(_, (q, _))| *q == written || q.ends_with(&format!("::{written}")))
                .max_by_key(|(_, (q, _))| q.len());
            if let Some((i, (q, _))) = found {
                return Type::Struct(i, q.clone());
            }
        }
        Type::Error
    }

    /// The WGSL type of `ty`.
    pub fn wgsl(&self, ty: &Type, range: TextRange) -> Result<String> {
        wgsl_type(ty, &self.structs, range)
    }

    /// The module-scope WGSL names of the user's items, as [`Self::module_names`] holds them.
    fn module_scope_names(&self) -> rustc_hash::FxHashSet<String> {
        let items = &self.lowered.items;
        let mut names: rustc_hash::FxHashSet<String> = self.structs.iter().cloned().collect();
        names.extend(self.functions.values().map(|f| f.name.clone()));
        for t in &items.textures {
            names.insert(crate::build::srgb_view_name(&t.name));
            names.insert(t.name.clone());
        }
        names.extend(items.samplers.iter().map(|s| s.name.clone()));
        names.extend(items.storages.iter().map(|s| s.name.clone()));
        names.extend(items.uniforms.iter().map(|u| u.name.clone()));
        for g in self.lowered.globals.values() {
            if let Global::Value(n) | Global::Storage(n) = g {
                names.insert(n.clone());
            }
        }
        names
    }

    /// The WGSL name of the local variable or parameter `name` (see `names::local_ident`),
    /// found once per name: it depends on nothing else once [`Self::module_names`] is known.
    pub fn local_name(&mut self, name: &str) -> String {
        if let Some(known) = self.local_names.get(name) {
            return known.clone();
        }
        let wgsl = local_ident(name, &self.module_names);
        self.local_names.insert(name.to_owned(), wgsl.clone());
        wgsl
    }

    /// Marks function `id` used: the worklist emits it once.
    pub(super) fn use_function(&mut self, id: usize) {
        if self.used_functions.insert(id) {
            self.pending_functions.insert(id);
        }
    }

    /// Whether static `qualified` is a `const` whose value WGSL cannot hold in a constant (an
    /// infinity or a NaN ReShade folds float arithmetic to, or a value computed from such a
    /// constant): it is lowered as a function returning the value. Found once per static.
    pub(super) fn computed_const(&mut self, qualified: &str) -> bool {
        if let Some(&known) = self.computed_consts.get(qualified) {
            return known;
        }
        let computed = self.computed_const_at(qualified, 0);
        self.computed_consts.insert(qualified.to_owned(), computed);
        computed
    }

    fn computed_const_at(&self, qualified: &str, depth: u32) -> bool {
        let Some(&(v, d)) = self.statics.get(qualified) else {
            return false;
        };
        let is_const = v.qualifiers.iter().any(|q| q.qualifier == Qualifier::Const);
        match &d.init {
            Some(init) if is_const && depth < 32 => self.needs_run_time(init, depth),
            _ => false,
        }
    }

    /// Whether constant expression `e` folds to a value WGSL holds in no constant somewhere (an
    /// infinity, a NaN, an overflowing `<<`) or reads a [`Self::computed_const`].
    fn needs_run_time(&self, e: &Expr, depth: u32) -> bool {
        if super::consts::holds_unfoldable(e, &self.lowered.consts) {
            return true;
        }
        let go = |x: &Expr| self.needs_run_time(x, depth);
        match &e.kind {
            ExprKind::Name(p) => self
                .facts
                .globals
                .get(&p.range)
                .is_some_and(|q| self.computed_const_at(q, depth + 1)),
            ExprKind::Binary { lhs, rhs, .. } => go(lhs) || go(rhs),
            ExprKind::Index { base, index } => go(base) || go(index),
            ExprKind::Unary { operand, .. }
            | ExprKind::Cast { operand, .. }
            | ExprKind::Member { base: operand, .. } => go(operand),
            ExprKind::Construct { args, .. } | ExprKind::InitList(args) => args.iter().any(go),
            _ => false,
        }
    }

    /// Marks the static global `qualified` used: the worklist emits it once.
    pub(super) fn use_static(&mut self, qualified: &str) {
        if !self.used_statics.contains(qualified) {
            self.used_statics.insert(qualified.to_owned());
            self.pending_statics.insert(qualified.to_owned());
        }
    }

    /// A fresh temporary name.
    pub fn temp(&mut self) -> String {
        self.tmp += 1;
        format!("fx_t{}", self.tmp)
    }

    /// Writes one line standing for `range`.
    pub fn line(&mut self, range: TextRange, text: &str) {
        self.line_of(range, &[text]);
    }

    /// Writes one line standing for `range`, made of `parts` (no string built for it first).
    pub fn line_of(&mut self, range: TextRange, parts: &[&str]) {
        let start = self.text.len();
        for _ in 0..self.indent {
            self.text.push_str("    ");
        }
        for part in parts {
            self.text.push_str(part);
        }
        self.text.push('\n');
        self.records.push((start, self.text.len(), range));
    }

    pub(super) fn open(&mut self, range: TextRange, text: &str) {
        self.line(range, text);
        self.indent += 1;
    }

    pub(super) fn close(&mut self, range: TextRange, text: &str) {
        self.indent = self.indent.saturating_sub(1);
        self.line(range, text);
    }

    fn structs_decls(&mut self, items: &'m [Item]) -> Result<()> {
        for item in items {
            match item {
                Item::Namespace(n) => self.structs_decls(&n.items)?,
                Item::Struct(s) => {
                    let Some(&i) = self.facts.struct_decls.get(&s.range) else {
                        continue;
                    };
                    let fields = self.facts.structs[i].1.clone();
                    // A struct WGSL cannot hold (a texture, sampler or string member) is left
                    // out: ReShade accepts its declaration, and only a use of it is reported.
                    let types: Option<Vec<String>> = fields
                        .iter()
                        .map(|(_, ty)| self.wgsl(ty, s.range).ok())
                        .collect();
                    let Some(types) = types else {
                        self.structs[i] = String::new();
                        continue;
                    };
                    let name = self.structs[i].clone();
                    self.open(s.range, &format!("struct {name} {{"));
                    let mut seen: Vec<&str> = Vec::new();
                    for ((field, _), t) in fields.iter().zip(&types) {
                        // ReShade takes a member name twice (a use reads the first): the
                        // later one gets a name of its own.
                        let n = if seen.contains(&field.as_str()) {
                            format!("fx_d{}_{}", seen.len(), member(field))
                        } else {
                            member(field)
                        };
                        seen.push(field);
                        self.line(s.range, &format!("{n}: {t},"));
                    }
                    // WGSL has no empty struct; ReShade's may be declared and used.
                    if fields.is_empty() {
                        self.line(s.range, "fx_empty: u32,");
                    }
                    self.close(s.range, "}");
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn static_global(&mut self, qualified: &str) -> Result<()> {
        let Some(&(v, d)) = self.statics.get(qualified) else {
            return Ok(());
        };
        let ty = self.declared_type(v, d)?;
        let name = ident(qualified);
        let t = if self.atomic_groupshared(qualified) {
            self.atomic_type(&ty, d.name.range)?
        } else {
            self.wgsl(&ty, d.name.range)?
        };
        let is_const = v.qualifiers.iter().any(|q| q.qualifier == Qualifier::Const);
        if v.qualifiers
            .iter()
            .any(|q| q.qualifier == Qualifier::Groupshared)
        {
            // Shared by a compute shader's workgroup; HLSL gives it no initialiser.
            if let Some(init) = &d.init {
                return unsupported(init.range, "a 'groupshared' variable takes no initialiser");
            }
            self.line(d.range, &format!("var<workgroup> {name}: {t};"));
            return Ok(());
        }
        let init = match d.init.as_ref().map(|i| self.const_element(i).unwrap_or(i)) {
            Some(init) => {
                if !self.is_constant(init) {
                    return unsupported(
                        init.range,
                        format!(
                            "'{qualified}' : a global initialiser that is not constant is not supported yet"
                        ),
                    );
                }
                if self.computed_const(qualified) {
                    // WGSL holds no infinity or NaN in a constant: the value is a function's,
                    // which each use calls (`Self::name`).
                    let value = self.init(init, &ty)?;
                    self.line(
                        d.range,
                        &format!("fn {name}() -> {t} {{ return {value}; }}"),
                    );
                    return Ok(());
                }
                if self.needs_run_time(init, 0) {
                    // WGSL computes no global's initial value at run time.
                    return unsupported(
                        init.range,
                        format!(
                            "'{qualified}' : a global initialised to an infinity or a NaN is not supported yet"
                        ),
                    );
                }
                self.module_initializer = true;
                let value = self.init(init, &ty);
                self.module_initializer = false;
                Some(value?)
            }
            None => None,
        };
        let scalar_like = matches!(ty, Type::Numeric { .. });
        let parts: &[&str] = match &init {
            Some(init) if is_const && scalar_like => &["const ", &name, ": ", &t, " = ", init, ";"],
            Some(init) => &["var<private> ", &name, ": ", &t, " = ", init, ";"],
            None => &["var<private> ", &name, ": ", &t, ";"],
        };
        self.line_of(d.range, parts);
        Ok(())
    }

    /// The type of a declarator from its declaration (with array sizes from the initialiser).
    pub fn declared_type(&self, v: &VarDecl, d: &Declarator) -> Result<Type> {
        let base = match &v.ty.kind {
            &TypeKind::Numeric { base, rows, cols } => Type::Numeric { base, rows, cols },
            TypeKind::Named(_) => self.struct_type(&v.ty),
            _ => return unsupported(v.ty.range, "type not supported yet here"),
        };
        let mut ty = base;
        for dim in d.array.iter().rev() {
            let n = match dim {
                Some(e) => super::items::const_scalar(e, &self.lowered.consts).map(|n| n as u32),
                None => match d.init.as_ref().map(|e| &e.kind) {
                    Some(ExprKind::InitList(items)) => Some(items.len() as u32),
                    _ => None,
                },
            };
            match n {
                Some(n) if n > 0 => ty = Type::Array(Box::new(ty), Some(n)),
                _ => return unsupported(d.name.range, "array size not known"),
            }
        }
        Ok(ty)
    }

    /// Whether `e` is a WGSL constant expression once lowered.
    /// The element `K[i]` of a `static const` array with a constant index stands for, written
    /// in `K`'s initialiser list: constant for ReShade, while the array itself is a
    /// `var<private>` here (`static float x = K[1];`).
    pub(super) fn const_element(&self, e: &Expr) -> Option<&'m Expr> {
        self.const_element_at(e, 0)
    }

    /// [`Self::const_element`], `depth` links down a chain of elements used as indices.
    fn const_element_at(&self, e: &Expr, depth: u32) -> Option<&'m Expr> {
        let ExprKind::Index { base, index } = &e.kind else {
            return None;
        };
        let ExprKind::Name(p) = &base.kind else {
            return None;
        };
        let (v, d) = self.statics.get(self.facts.globals.get(&p.range)?)?;
        let is_const = v.qualifiers.iter().any(|q| q.qualifier == Qualifier::Const);
        let ExprKind::InitList(items) = &d.init.as_ref()?.kind else {
            return None;
        };
        let i = self.const_index(index, depth)?;
        (is_const && i >= 0.0)
            .then(|| items.get(i as usize))
            .flatten()
    }

    /// The value of constant index `e`, which may itself be an element of a constant array
    /// (`K[K[0]]`); `depth` bounds the chain.
    fn const_index(&self, e: &Expr, depth: u32) -> Option<f64> {
        match &e.kind {
            ExprKind::Index { .. } if depth < 64 => {
                let element = self.const_element_at(e, depth + 1)?;
                self.const_index(element, depth + 1)
            }
            _ => super::items::const_scalar(e, &self.lowered.consts),
        }
    }

    pub(super) fn is_constant(&mut self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Literal(_) => true,
            ExprKind::Name(p) => match self.facts.globals.get(&p.range) {
                Some(q) => match self.statics.get(q) {
                    Some((v, d)) => {
                        let is_const = v.qualifiers.iter().any(|q| q.qualifier == Qualifier::Const);
                        is_const && d.array.is_empty()
                    }
                    None => false,
                },
                None => false,
            },
            ExprKind::Unary { op, operand } => {
                matches!(
                    op,
                    UnaryOp::Plus | UnaryOp::Negate | UnaryOp::Not | UnaryOp::BitNot
                ) && self.is_constant(operand)
            }
            ExprKind::Binary { lhs, rhs, .. } => self.is_constant(lhs) && self.is_constant(rhs),
            ExprKind::Cast { operand, .. } => self.is_constant(operand),
            ExprKind::Construct { args, .. } | ExprKind::InitList(args) => {
                args.iter().all(|a| self.is_constant(a))
            }
            ExprKind::Member { base, .. } => self.is_constant(base),
            // An element of a constant array is its list's (`const_element`: `K[0] + K[1]`,
            // `O[1].y`); of a constant vector or matrix, the element (`float3x3(...)[2][1]`).
            ExprKind::Index { base, index } => match self.const_element(e) {
                Some(element) => self.is_constant(element),
                None => self.is_constant(base) && self.is_constant(index),
            },
            // A comma sequence has its last part's value (`consts::eval_in`).
            ExprKind::Sequence(items) => {
                super::consts::sequence_value(items).is_some_and(|last| self.is_constant(last))
            }
            // naga folds a `select` of constants (what `?:` of constants lowers to).
            ExprKind::Ternary {
                cond,
                then,
                otherwise,
            } => self.is_constant(cond) && self.is_constant(then) && self.is_constant(otherwise),
            _ => false,
        }
    }

    fn function(&mut self, id: usize) -> Result<()> {
        let Some(info) = self.functions.get(&id) else {
            return Ok(());
        };
        let (def, name, params, ret) = (
            info.def,
            info.name.clone(),
            info.params.clone(),
            info.ret.clone(),
        );
        let Some(body) = &def.body else {
            return Ok(());
        };
        self.params.clear();
        if let Some(tracer) = &mut self.trace {
            tracer.function = def.name.name.to_string();
        }
        let mut list = Vec::new();
        let mut copies = Vec::new();
        let written = if params.iter().any(|(_, kind)| *kind == ParamKind::Value) {
            self.written_names(body)
        } else {
            Default::default()
        };
        for (p, (ty, kind)) in def.params.iter().zip(&params) {
            let n = self.local_name(&p.name.name);
            match kind {
                ParamKind::Sampler => {
                    list.push(format!("fx_tex_{n}: texture_2d<f32>, {n}: sampler"));
                    // The argument's `MipLODBias` (`textures.rs`), where some sampler has one.
                    if self.lowered.sampler_biases {
                        list.push(format!("fx_bias_{n}: f32"));
                    }
                }
                ParamKind::Pointer => {
                    list.push([&n, ": ptr<function, ", &self.wgsl(ty, p.range)?, ">"].concat())
                }
                ParamKind::Value
                    if !written.contains(p.name.name.as_str()) && self.read_in_place(ty) =>
                {
                    let t = self.wgsl(ty, p.range)?;
                    list.push([&n, ": ", &t].concat());
                }
                ParamKind::Value => {
                    let t = self.wgsl(ty, p.range)?;
                    list.push(["fx_in_", &n, ": ", &t].concat());
                    copies.push((
                        p.range,
                        ["var ", &n, ": ", &t, " = fx_in_", &n, ";"].concat(),
                    ));
                }
                ParamKind::Texture => {}
            }
            if *kind != ParamKind::Value {
                self.params.insert(p.name.name.to_string(), *kind);
            }
        }
        let ret_text = match &ret {
            Type::Void => String::new(),
            t => [" -> ", &self.wgsl(t, def.return_type.range)?].concat(),
        };
        self.ret = ret;
        let signature = ["fn ", &call_text(&name, &list), &ret_text, " {"].concat();
        self.open(def.name.range, &signature);
        for (range, copy) in copies {
            self.line(range, &copy);
        }
        for s in &body.statements {
            self.statement(s)?;
        }
        // ReShade's code generator ends every function with a return: one that can reach its
        // end without returning a value returns zeros (WGSL would reject it).
        let returns = matches!(
            body.statements.last().map(|s| &s.kind),
            Some(StmtKind::Return(_) | StmtKind::Discard)
        );
        if !returns && self.ret != Type::Void {
            let wt = self.wgsl(&self.ret.clone(), def.return_type.range)?;
            self.line_of(body.range, &["return ", &wt, "();"]);
        }
        self.close(body.range, "}");
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Statements

    pub fn statement(&mut self, s: &Stmt) -> Result<()> {
        match &s.kind {
            StmtKind::Block(b) => {
                self.open(b.range, "{");
                for st in &b.statements {
                    self.statement(st)?;
                }
                self.close(b.range, "}");
            }
            StmtKind::Expr(e) => self.expr_statement(e)?,
            StmtKind::Decl(v) => self.local(v)?,
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let branches: Vec<&Stmt> = std::iter::once(then.as_ref())
                    .chain(otherwise.as_deref())
                    .collect();
                self.hoist(&branches)?;
                let c = self.condition(cond)?;
                // The debugger records the condition: which branch ran.
                let c = self.trace_wrap(
                    crate::debug::SiteKind::Branch,
                    cond.range,
                    "if".into(),
                    &Type::BOOL,
                    c,
                )?;
                self.open(s.range, &["if ", &c, " {"].concat());
                self.statement(then)?;
                if let Some(other) = otherwise {
                    self.close(s.range, "} else {");
                    self.indent += 1;
                    self.statement(other)?;
                }
                self.close(s.range, "}");
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.open(s.range, "{");
                if let Some(init) = init {
                    self.statement(init)?;
                }
                self.open(s.range, "loop {");
                if let Some(cond) = cond {
                    let c = self.condition(cond)?;
                    self.line_of(cond.range, &["if !", &c, " { break; }"]);
                }
                self.statement(body)?;
                if let Some(step) = step {
                    self.open(step.range, "continuing {");
                    self.expr_statement(step)?;
                    self.close(step.range, "}");
                }
                self.close(s.range, "}");
                self.close(s.range, "}");
            }
            StmtKind::While { cond, body } if self.writes(cond) => {
                // The condition's side effects run before every test: inside the loop.
                self.open(s.range, "loop {");
                let c = self.condition(cond)?;
                self.line_of(cond.range, &["if !", &c, " { break; }"]);
                self.statement(body)?;
                self.close(s.range, "}");
            }
            StmtKind::While { cond, body } => {
                let c = self.condition(cond)?;
                self.open(s.range, &["while ", &c, " {"].concat());
                self.statement(body)?;
                self.close(s.range, "}");
            }
            StmtKind::DoWhile { body, cond } => {
                self.hoist(&[body])?;
                self.open(s.range, "loop {");
                self.statement(body)?;
                self.open(cond.range, "continuing {");
                let c = self.condition(cond)?;
                self.line_of(cond.range, &["break if !", &c, ";"]);
                self.close(cond.range, "}");
                self.close(s.range, "}");
            }
            StmtKind::Switch { selector, cases } => self.switch(selector, cases, s.range)?,
            StmtKind::Break => self.line(s.range, "break;"),
            StmtKind::Continue => self.line(s.range, "continue;"),
            StmtKind::Discard => self.line(s.range, "discard;"),
            StmtKind::Return(value) => match value {
                Some(v) if super::texture_params::is_texture(self.ty(v)) => {
                    self.texture_effects(v)?;
                    self.line(s.range, "return;");
                }
                Some(v) => {
                    let ret = self.ret.clone();
                    let code = self.expr_as(v, &ret)?;
                    let code = self.trace_return(s.range, &ret, code)?;
                    self.line_of(s.range, &["return ", super::parens::bare(&code), ";"]);
                }
                None => self.line(s.range, "return;"),
            },
            StmtKind::Empty => {}
            StmtKind::Error(_) | StmtKind::Unfinished(_) => {
                return unsupported(s.range, "statement did not parse");
            }
        }
        Ok(())
    }

    /// A condition as a parenthesised scalar `bool`.
    fn condition(&mut self, cond: &Expr) -> Result<String> {
        let code = self.expr_as(cond, &Type::BOOL)?;
        Ok(["(", &code, ")"].concat())
    }

    /// A local variable. `static` means nothing on a local in ReShade (its parser drops it):
    /// a `static` local is initialised on every call like any other, as ReShade runs it.
    /// The type of local `d` of declaration `v`.
    fn local_type(&mut self, v: &VarDecl, d: &Declarator) -> Result<Type> {
        match self.facts.locals.get(&d.name.range) {
            Some(t @ (Type::Numeric { .. } | Type::Struct(..) | Type::Array(_, Some(_)))) => {
                Ok(t.clone())
            }
            _ => self.declared_type(v, d),
        }
    }

    fn local(&mut self, v: &VarDecl) -> Result<()> {
        for d in &v.declarators {
            let ty = self.local_type(v, d)?;
            let t = self.wgsl(&ty, d.name.range)?;
            let name = self.local_name(&d.name.name);
            let init = d
                .init
                .as_ref()
                .map(|init| self.init(init, &ty))
                .transpose()?;
            let init = init.as_deref().map(super::parens::bare);
            // A local declared ahead (`hoist`) is assigned where it is declared.
            let hoisted = self.hoisted.contains(&d.name.range);
            let parts: &[&str] = match &init {
                Some(init) if hoisted => &[&name, " = ", init, ";"],
                None if hoisted => &[&name, " = ", &t, "();"],
                Some(init) => &["var ", &name, ": ", &t, " = ", init, ";"],
                None => &["var ", &name, ": ", &t, ";"],
            };
            self.line_of(d.range, parts);
            self.params.remove(d.name.name.as_str());
            if d.init.is_some() {
                let kind = crate::debug::SiteKind::Declaration;
                self.trace_put(kind, d.range, d.name.name.to_string(), &ty, &name)?;
            }
        }
        Ok(())
    }

    /// An initialiser for a value of type `ty`, initialiser lists included.
    pub fn init(&mut self, e: &Expr, ty: &Type) -> Result<String> {
        let ExprKind::InitList(items) = &e.kind else {
            return self.expr_as(e, ty);
        };
        self.mark_operands(e);
        let t = self.wgsl(ty, e.range)?;
        let parts: Vec<String> = match ty {
            Type::Array(element, _) => items
                .iter()
                .map(|i| self.init(i, element))
                .collect::<Result<_>>()?,
            Type::Struct(i, _) => {
                let fields = self.facts.structs[*i].1.clone();
                if fields.len() != items.len() {
                    return unsupported(e.range, "initialiser list does not match the struct");
                }
                items
                    .iter()
                    .zip(&fields)
                    .map(|(i, (_, fty))| self.init(i, fty))
                    .collect::<Result<_>>()?
            }
            Type::Numeric { base, .. } => {
                let scalar = Type::scalar(*base);
                items
                    .iter()
                    .map(|i| self.expr_as(i, &scalar))
                    .collect::<Result<_>>()?
            }
            _ => return unsupported(e.range, "initialiser list for this type not supported"),
        };
        let code = call_text(&t, &parts);
        if self.is_pinned(e) {
            return self.pin(code, ty, e.range);
        }
        Ok(code)
    }

    /// Declares ahead the locals that `statements` (direct children of a `switch`, `if` or
    /// `do`) declare, so that they stay visible after it, as in ReShade.
    fn hoist(&mut self, statements: &[&Stmt]) -> Result<()> {
        for s in statements {
            let StmtKind::Decl(v) = &s.kind else {
                continue;
            };
            for d in &v.declarators {
                let ty = self.local_type(v, d)?;
                let t = self.wgsl(&ty, d.name.range)?;
                let name = self.local_name(&d.name.name);
                self.line_of(d.range, &["var ", &name, ": ", &t, ";"]);
                self.hoisted.insert(d.name.range);
            }
        }
        Ok(())
    }

    fn switch(&mut self, selector: &Expr, cases: &[SwitchCase], range: TextRange) -> Result<()> {
        let bodies: Vec<&Stmt> = cases.iter().flat_map(|c| &c.body).collect();
        self.hoist(&bodies)?;
        let sel = self.expr_as(selector, &Type::INT)?;
        self.open(range, &format!("switch ({sel}) {{"));
        let mut has_default = false;
        for (i, case) in cases.iter().enumerate() {
            // Statements before the first label run for no value (ReShade parses them).
            if case.labels.is_empty() {
                continue;
            }
            let mut labels = Vec::new();
            for label in &case.labels {
                match label {
                    Some(l) => match super::items::const_scalar(l, &self.lowered.consts) {
                        Some(v) => labels.push(format!("{}i", v as i32)),
                        None => return unsupported(l.range, "case label is not a constant"),
                    },
                    None => {
                        has_default = true;
                        labels.push("default".to_string());
                    }
                }
            }
            self.open(case.range, &format!("case {}: {{", labels.join(", ")));
            // Fall-through: the statements of the following groups, up to a jump.
            let mut j = i;
            loop {
                let body = &cases[j].body;
                for s in body {
                    self.statement(s)?;
                }
                let jumps = body.last().is_some_and(|s| {
                    matches!(
                        s.kind,
                        StmtKind::Break
                            | StmtKind::Return(_)
                            | StmtKind::Continue
                            | StmtKind::Discard
                    )
                });
                j += 1;
                if jumps || j >= cases.len() {
                    break;
                }
            }
            self.close(case.range, "}");
        }
        if !has_default {
            self.line(range, "default: {}");
        }
        self.close(range, "}");
        Ok(())
    }

    /// An expression used as a statement: assignments, increments, calls and sequences.
    pub fn expr_statement(&mut self, e: &Expr) -> Result<()> {
        if super::texture_params::is_texture(self.ty(e)) {
            return self.texture_effects(e);
        }
        // A sampler or storage whose value is dropped (`(sTex, uv)`, fuzzing seed 61): ReShade
        // reads nothing, and an object is no WGSL value.
        if matches!(self.ty(e), Type::Object { .. }) && matches!(e.kind, ExprKind::Name(_)) {
            return Ok(());
        }
        match &e.kind {
            ExprKind::Assign { op, target, value } => self.assign(*op, target, value, e.range),
            ExprKind::Postfix { op, operand } => {
                let bin = match op {
                    PostfixOp::Increment => BinaryOp::Add,
                    PostfixOp::Decrement => BinaryOp::Subtract,
                };
                self.step(bin, operand, e.range)
            }
            ExprKind::Unary {
                op: op @ (UnaryOp::PreIncrement | UnaryOp::PreDecrement),
                operand,
            } => {
                let bin = if *op == UnaryOp::PreIncrement {
                    BinaryOp::Add
                } else {
                    BinaryOp::Subtract
                };
                self.step(bin, operand, e.range)
            }
            ExprKind::Sequence(items) => {
                for i in items {
                    self.expr_statement(i)?;
                }
                Ok(())
            }
            // A string whose value is dropped (`"text";`, `"a", x`): ReShade takes it as a
            // constant and emits nothing.
            ExprKind::Literal(Literal::String(_)) => Ok(()),
            ExprKind::Call { callee, args }
                if callee.joined() == "sincos" && !self.facts.calls.contains_key(&callee.range) =>
            {
                let [x, s, c] = args.as_slice() else {
                    return unsupported(e.range, "'sincos' takes 3 arguments");
                };
                // The chosen overload's type: the angle converts to it, each result from it.
                let t = self.intrinsic_params(callee, args).swap_remove(0);
                let angle = self.expr_as(x, &t)?;
                for (place, f) in [(s, "sin"), (c, "cos")] {
                    let pt = self.ty(place);
                    let value = self.convert(format!("{f}({angle})"), &t, pt, e.range)?;
                    if self.multi_swizzle(place)?.is_some() {
                        return unsupported(
                            place.range,
                            "'sincos' into several swizzled components not supported yet",
                        );
                    }
                    self.store(place, &value, e.range)?;
                }
                Ok(())
            }
            ExprKind::Call { callee, args }
                if check_atomic::is_atomic(&callee.joined())
                    && !self.facts.calls.contains_key(&callee.range)
                    && args
                        .first()
                        .is_some_and(|s| matches!(self.ty(s), Type::Object { .. })) =>
            {
                self.texture_atomic_statement(&callee.joined(), args, e.range)
            }
            ExprKind::Call { callee, args }
                if callee.joined() == "clip" && !self.facts.calls.contains_key(&callee.range) =>
            {
                let Some(arg) = args.first() else {
                    return unsupported(e.range, "'clip' needs an argument");
                };
                let ty = self.ty(arg);
                let zero = self.convert("0.0f".into(), &Type::FLOAT, ty, e.range)?;
                let x = self.expr(arg)?;
                self.line(e.range, &format!("if any(({x}) < {zero}) {{ discard; }}"));
                Ok(())
            }
            _ => {
                let code = self.expr(e)?;
                if code.is_empty() || super::order::is_temp(&code) {
                    // A call written as a statement already (its `out` arguments written back),
                    // its value in a `let` or none.
                } else if *self.ty(e) == Type::Void {
                    self.line_of(e.range, &[&code, ";"]);
                } else {
                    self.line_of(e.range, &["_ = ", &code, ";"]);
                }
                Ok(())
            }
        }
    }

    /// `x++`, `--x` and friends, and the record of the new value when tracing.
    pub(super) fn step(&mut self, op: BinaryOp, operand: &Expr, range: TextRange) -> Result<()> {
        self.step_untraced(op, operand, range)?;
        let ty = self.ty(operand);
        self.trace_place(operand, ty, range)
    }

    fn step_untraced(&mut self, op: BinaryOp, operand: &Expr, range: TextRange) -> Result<()> {
        let ty = self.ty(operand);
        // A bool matrix steps as an integer one, as a bool does below.
        if ty.is_matrix() && ty.numeric().is_some_and(|n| n.0 == Base::Bool) {
            let step_ty = ty.with_base(Base::Int);
            let current = self.expr_as(operand, &step_ty)?;
            let code = self.binary(
                op,
                current,
                &step_ty,
                "1i".into(),
                &Type::INT,
                &step_ty,
                range,
            )?;
            let value = self.convert(code, &step_ty, ty, range)?;
            return self.store_value(operand, value, ty, range);
        }
        if ty.is_matrix() {
            return self.matrix_step(op, operand, ty, range);
        }
        let sign = if op == BinaryOp::Add { "+" } else { "-" };
        // A bool steps as the integer 0 or 1 and is a bool again (HLSL's `b++` is true), and
        // several swizzled components are written one by one.
        let as_bool = ty.numeric().is_some_and(|n| n.0 == Base::Bool);
        if as_bool || self.multi_swizzle(operand)?.is_some() {
            let step_ty = if as_bool {
                ty.with_base(Base::Int)
            } else {
                ty.clone()
            };
            let current = self.expr_as(operand, &step_ty)?;
            let one = self.convert("1".into(), &Type::INT, &step_ty, range)?;
            let value = self.convert(format!("({current} {sign} {one})"), &step_ty, ty, range)?;
            return self.store_value(operand, value, ty, range);
        }
        let one = match ty.numeric() {
            Some((Base::Int, ..)) => "1i",
            Some((Base::Uint, ..)) => "1u",
            Some((Base::Float, ..)) => "1.0f",
            _ => return unsupported(range, "'++'/'--' on this type not supported"),
        };
        if self.is_atomic_place(operand) {
            let current = self.atomic_load(operand)?;
            return self.store(operand, &format!("{current} {sign} {one}"), range);
        }
        let target = self.lvalue(operand)?;
        self.line_of(range, &[&target, " ", sign, "= ", one, ";"]);
        Ok(())
    }

    pub(super) fn assign(
        &mut self,
        op: Option<BinaryOp>,
        target: &Expr,
        value: &Expr,
        range: TextRange,
    ) -> Result<()> {
        let ty = self.ty(target);
        let rhs = match op {
            // A list assigned to an array (`w[0].m = { 1, 0, 1 };`) is built as an initialiser
            // of the array's type, each element converted.
            None if matches!(value.kind, ExprKind::InitList(_)) => self.init(value, ty)?,
            None => self.expr_as(value, ty)?,
            Some(op) => {
                let current = self.expr(target)?;
                // The value is converted to the place's type first, a constant as ReShade
                // folds its conversion (`u /= -1.0` divides by 0xFFFFFFFF).
                let mut v = self.expr_as(value, ty)?;
                // An integer `/=` or `%=` by a constant zero is left to run time, as the
                // operator is (`exprs.rs`): WGSL rejects a constant zero divisor.
                let integer = ty.numeric().is_some_and(|n| n.0 != Base::Float);
                if matches!(op, BinaryOp::Divide | BinaryOp::Modulo)
                    && integer
                    && super::consts::may_be_constant_zero(value, &self.lowered.consts)
                {
                    v = self.at_run_time(v, ty, range)?;
                }
                self.compound(op, current, ty, v, ty, range)?
            }
        };
        self.store_value(target, rhs, ty, range)?;
        self.trace_place(target, ty, range)
    }

    /// Writes `rhs` (of `target`'s type `ty`) to `target`.
    fn store_value(
        &mut self,
        target: &Expr,
        rhs: String,
        ty: &Type,
        range: TextRange,
    ) -> Result<()> {
        // Several swizzled components: through a temporary, one component at a time.
        if let Some((base, components)) = self.multi_swizzle(target)? {
            let t = self.temp();
            let wt = self.wgsl(ty, range)?;
            self.line(range, &format!("{{ let {t}: {wt} = {rhs};"));
            for (k, c) in components.iter().enumerate() {
                let lane = ['x', 'y', 'z', 'w'][k];
                self.line(range, &format!("    {base}{c} = {t}.{lane};"));
            }
            self.line(range, "}");
            return Ok(());
        }
        self.store(target, &rhs, range)
    }
}
