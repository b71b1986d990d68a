//! Walks over naga functions and the functions they call: whether something holds anywhere in an
//! entry point's call tree (a `discard`, a read of some globals).

use std::collections::HashMap;

use crate::model::EntryPointId;

/// Whether a fragment entry point, or anything it calls, may `discard`.
pub(super) fn may_discard(module: &naga::Module, entry: EntryPointId) -> bool {
    let function = &module.entry_points[entry.index()].function;
    in_call_tree(module, function, None, &mut HashMap::new(), &|f| {
        let mut kills = false;
        visit_statements(&f.body, &mut |s| {
            kills |= matches!(s, naga::Statement::Kill)
        });
        kills
    })
}

/// Whether `test` holds for `function` or for a function it calls, directly or not (`skip`
/// and what only it calls are left out). `memo` remembers callees already answered.
pub(super) fn in_call_tree(
    module: &naga::Module,
    function: &naga::Function,
    skip: Option<naga::Handle<naga::Function>>,
    memo: &mut HashMap<naga::Handle<naga::Function>, bool>,
    test: &dyn Fn(&naga::Function) -> bool,
) -> bool {
    if test(function) {
        return true;
    }
    let mut callees = Vec::new();
    visit_statements(&function.body, &mut |s| {
        if let naga::Statement::Call { function, .. } = s {
            callees.push(*function);
        }
    });
    callees
        .into_iter()
        .filter(|&c| Some(c) != skip)
        .any(|callee| {
            if let Some(&known) = memo.get(&callee) {
                return known;
            }
            // WGSL has no recursion, so this terminates; the memo keeps it linear.
            let holds = in_call_tree(module, &module.functions[callee], skip, memo, test);
            memo.insert(callee, holds);
            holds
        })
}

/// Calls `f` on every statement of `block`, nested blocks included.
pub(crate) fn visit_statements(block: &naga::Block, f: &mut dyn FnMut(&naga::Statement)) {
    for statement in block.iter() {
        f(statement);
        match statement {
            naga::Statement::Block(b) => visit_statements(b, f),
            naga::Statement::If { accept, reject, .. } => {
                visit_statements(accept, f);
                visit_statements(reject, f);
            }
            naga::Statement::Switch { cases, .. } => {
                cases.iter().for_each(|c| visit_statements(&c.body, f));
            }
            naga::Statement::Loop {
                body, continuing, ..
            } => {
                visit_statements(body, f);
                visit_statements(continuing, f);
            }
            _ => {}
        }
    }
}
