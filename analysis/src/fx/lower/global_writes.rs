//! Which user functions write module-scope variables (statics, groupshared), directly or
//! through the functions they call. A call of one is a side effect inside an expression: in
//! `G + Bump()` ReShade calls `Bump` before it reads `G` (a place is read when its operator
//! runs), so the call is written as a statement of its own where it stands (`order.rs`).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::super::ast::*;
use super::super::check_atomic;
use super::emit::{Emitter, ParamKind};

impl Emitter<'_> {
    /// Computes [`Emitter::writing_functions`]: functions writing module scope, to a fixpoint
    /// over calls.
    pub(super) fn find_writing_functions(&mut self) {
        let mut callees: HashMap<usize, HashSet<usize>> = HashMap::default();
        let mut writing = HashSet::default();
        for (&id, info) in &self.functions {
            let Some(body) = &info.def.body else {
                continue;
            };
            let mut found = Found::default();
            for s in &body.statements {
                stmt_exprs(s, &mut |e| self.scan(e, &mut found));
            }
            if found.writes {
                writing.insert(id);
            }
            callees.insert(id, found.callees);
        }
        // The fixpoint is every caller, transitively, of a function that writes: one walk up
        // the call graph from them, each function visited once.
        let mut callers: HashMap<usize, Vec<usize>> = HashMap::default();
        for (&id, called) in &callees {
            for &callee in called {
                callers.entry(callee).or_default().push(id);
            }
        }
        let mut stack: Vec<usize> = writing.iter().copied().collect();
        while let Some(f) = stack.pop() {
            for &caller in callers.get(&f).into_iter().flatten() {
                if writing.insert(caller) {
                    stack.push(caller);
                }
            }
        }
        self.writing_functions = writing;
    }

    /// Whether calling `callee` (a user function) writes module scope.
    pub(super) fn writes_module_scope(&self, callee: &Path) -> bool {
        self.facts
            .calls
            .get(&callee.range)
            .is_some_and(|id| self.writing_functions.contains(id))
    }

    /// Records in `found` what expression `e` (and everything inside it) writes and calls.
    fn scan(&self, e: &Expr, found: &mut Found) {
        let mut writes = false;
        self.each_write(
            e,
            &mut |place| writes |= self.is_global_place(place),
            &mut |id| {
                found.callees.insert(id);
            },
        );
        found.writes |= writes;
    }

    /// Calls `place` with each place expression `e` (and everything inside it) may write: the
    /// target of an assignment, of `++`/`--`, an argument of a user function's `out`/`inout`
    /// parameter or of `modf`, `frexp`, `sincos` or an atomic; and `callee` with each user
    /// function it calls.
    ///
    /// Generic over the two callbacks (and [`each_child`] over its own), so that the walk, which
    /// visits every expression of every function, calls no closure through a pointer.
    pub(super) fn each_write<'a>(
        &self,
        e: &'a Expr,
        place: &mut impl FnMut(&'a Expr),
        callee: &mut impl FnMut(usize),
    ) {
        match &e.kind {
            ExprKind::Assign { target, .. }
            | ExprKind::Postfix {
                operand: target, ..
            }
            | ExprKind::Unary {
                op: UnaryOp::PreIncrement | UnaryOp::PreDecrement,
                operand: target,
            } => place(target),
            ExprKind::Call { callee: name, args } => match self.facts.calls.get(&name.range) {
                Some(id) => {
                    callee(*id);
                    let params = self.functions.get(id).map(|f| &f.params);
                    for (k, a) in args.iter().enumerate() {
                        let pointer = params
                            .and_then(|p| p.get(k))
                            .is_some_and(|(_, kind)| *kind == ParamKind::Pointer);
                        if pointer {
                            place(a);
                        }
                    }
                }
                None => {
                    let name = name.joined();
                    if matches!(name.as_ref(), "modf" | "frexp" | "sincos")
                        || check_atomic::is_atomic(&name)
                    {
                        args.iter().for_each(&mut *place);
                    }
                }
            },
            _ => {}
        }
        each_child(e, &mut |child| self.each_write(child, place, callee));
    }

    /// Whether place `e` lies in a module-scope variable.
    fn is_global_place(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(p) => self.facts.globals.contains_key(&p.range),
            ExprKind::Member { base, .. }
            | ExprKind::Index { base, .. }
            | ExprKind::Cast { operand: base, .. } => self.is_global_place(base),
            _ => false,
        }
    }
}

#[derive(Default)]
struct Found {
    writes: bool,
    callees: HashSet<usize>,
}

/// Calls `f` with each direct sub-expression of `e`, in order.
pub(super) fn each_child<'a>(e: &'a Expr, f: &mut impl FnMut(&'a Expr)) {
    match &e.kind {
        ExprKind::Literal(_) | ExprKind::Name(_) | ExprKind::Error => {}
        ExprKind::Unary { operand, .. }
        | ExprKind::Postfix { operand, .. }
        | ExprKind::Cast { operand, .. }
        | ExprKind::Member { base: operand, .. } => f(operand),
        ExprKind::Binary { lhs, rhs, .. } => {
            f(lhs);
            f(rhs);
        }
        ExprKind::Assign { target, value, .. } => {
            f(target);
            f(value);
        }
        ExprKind::Ternary {
            cond,
            then,
            otherwise,
        } => {
            f(cond);
            f(then);
            f(otherwise);
        }
        ExprKind::Index { base, index } => {
            f(base);
            f(index);
        }
        ExprKind::Construct { args, .. }
        | ExprKind::Call { args, .. }
        | ExprKind::Sequence(args)
        | ExprKind::InitList(args) => args.iter().for_each(f),
    }
}

/// Calls `f` with every expression statement `s` holds, nested statements included.
pub(super) fn stmt_exprs<'a>(s: &'a Stmt, f: &mut dyn FnMut(&'a Expr)) {
    match &s.kind {
        StmtKind::Block(b) => b.statements.iter().for_each(|s| stmt_exprs(s, f)),
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => f(e),
        StmtKind::Decl(d) => d
            .declarators
            .iter()
            .filter_map(|d| d.init.as_ref())
            .for_each(&mut *f),
        StmtKind::If {
            cond,
            then,
            otherwise,
        } => {
            f(cond);
            stmt_exprs(then, f);
            if let Some(o) = otherwise {
                stmt_exprs(o, f);
            }
        }
        StmtKind::Switch { selector, cases } => {
            f(selector);
            for c in cases {
                c.body.iter().for_each(|s| stmt_exprs(s, f));
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                stmt_exprs(i, f);
            }
            cond.iter().chain(step).for_each(&mut *f);
            stmt_exprs(body, f);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            f(cond);
            stmt_exprs(body, f);
        }
        StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Return(None)
        | StmtKind::Discard
        | StmtKind::Empty
        | StmtKind::Error(_)
        | StmtKind::Unfinished(_) => {}
    }
}
