//! Walks over naga functions and the functions they call: whether something holds anywhere in an
//! entry point's call tree (a `discard`, a read of some globals).

use rustc_hash::FxHashMap as HashMap;

use crate::model::EntryPointId;

/// Whether a fragment entry point, or anything it calls, may `discard`.
pub(super) fn may_discard(module: &naga::Module, entry: EntryPointId) -> bool {
    let function = &module.entry_points[entry.index()].function;
    in_call_tree(module, function, None, &mut HashMap::default(), &|f| {
        let mut kills = false;
        visit_statements(&f.body, &mut |s| {
            kills |= matches!(s, naga::Statement::Kill)
        });
        kills
    })
}

/// Whether `test` holds for `function` or for a function it calls, directly or not (`skip`
/// and what only it calls are left out). `memo` remembers callees already answered.
///
/// The walk keeps its own stack rather than recursing: a chain of calls is as deep as the user
/// writes it (tens of thousands of functions), and every function is tested once (the memo).
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
    // Each frame: a function being walked (`None` for `function`), its callees, the next one.
    let mut frames = vec![(None, callees(function, skip), 0)];
    let holds = loop {
        let Some((_, list, next)) = frames.last_mut() else {
            break false;
        };
        let Some(&callee) = list.get(*next) else {
            // Nothing under this function holds.
            if let Some((Some(done), _, _)) = frames.pop() {
                memo.insert(done, false);
            }
            continue;
        };
        *next += 1;
        match memo.get(&callee) {
            Some(true) => break true,
            Some(false) => {}
            None => {
                let callee_fn = &module.functions[callee];
                if test(callee_fn) {
                    memo.insert(callee, true);
                    break true;
                }
                // WGSL has no recursion, so the walk never meets a function being walked.
                frames.push((Some(callee), callees(callee_fn, skip), 0));
            }
        }
    };
    if holds {
        // It holds for every function on the way down to where it was found.
        for walked in frames.into_iter().filter_map(|(walked, _, _)| walked) {
            memo.insert(walked, true);
        }
    }
    holds
}

/// The functions `function` calls, in the order of its statements, less `skip`.
fn callees(
    function: &naga::Function,
    skip: Option<naga::Handle<naga::Function>>,
) -> Vec<naga::Handle<naga::Function>> {
    let mut callees = Vec::new();
    visit_statements(&function.body, &mut |s| {
        if let naga::Statement::Call { function, .. } = s
            && Some(*function) != skip
        {
            callees.push(*function);
        }
    });
    callees
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
