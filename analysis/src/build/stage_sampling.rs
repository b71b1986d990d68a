//! Implicit-LOD sampling outside pixel shaders, as ReShade FX allows it.
//!
//! ReShade accepts `tex2D` in every stage and emits implicit-LOD sampling for it everywhere
//! (GLSL `texture()`, `OpImageSampleImplicitLod`, even in a vertex or compute shader, where no
//! derivatives exist); GLSL defines that outside fragment shaders as level 0.
//! The FX lowering writes `textureSample` wherever the level of detail matters (a mipmapped
//! texture, or min and mag filters that differ), which naga allows in fragment shaders only. This
//! naga IR edit gives the other stages what a stage without derivatives can mean: level 0.
//! Functions that only non-fragment entry points reach are not told apart from shared ones:
//! each function a non-fragment entry point reaches and that samples implicitly, directly or
//! through its callees, gets a copy sampling level 0, and the non-fragment call trees call the
//! copies. Fragment shaders keep the originals. `.wfx` code is WGSL, where the rule is naga's.

use naga::{Expression, Function, Handle, SampleLevel, ShaderStage, Statement};

use super::call_tree::visit_statements;

/// Rewrites implicit-LOD sampling reached from vertex and compute entry points to level 0.
pub(super) fn level_zero_outside_fragment(module: &mut naga::Module) {
    // Callees always have smaller handles than their callers (naga's validator requires it), so
    // one pass in handle order knows every callee's answer before its callers'.
    let mut samples = vec![false; module.functions.len()];
    for (handle, function) in module.functions.iter() {
        samples[handle.index()] = samples_implicitly(function, &samples);
    }
    let outside: Vec<usize> = module
        .entry_points
        .iter()
        .enumerate()
        .filter(|(_, e)| e.stage != ShaderStage::Fragment)
        .filter(|(_, e)| samples_implicitly(&e.function, &samples))
        .map(|(i, _)| i)
        .collect();
    if outside.is_empty() {
        return;
    }
    // The functions those entry points reach that sample implicitly: callers first, from the
    // entry points down, then copied in handle order so a copy's callees are copied before it.
    let mut needed = vec![false; module.functions.len()];
    let mut stack: Vec<Handle<Function>> = Vec::new();
    for &entry in &outside {
        stack.extend(sampling_callees(
            &module.entry_points[entry].function,
            &samples,
        ));
    }
    while let Some(handle) = stack.pop() {
        if !std::mem::replace(&mut needed[handle.index()], true) {
            stack.extend(sampling_callees(&module.functions[handle], &samples));
        }
    }
    let mut copies: Vec<Option<Handle<Function>>> = vec![None; module.functions.len()];
    let originals: Vec<Handle<Function>> = module.functions.iter().map(|(h, _)| h).collect();
    for handle in originals.into_iter().filter(|h| needed[h.index()]) {
        let mut copy = module.functions[handle].clone();
        copy.name = copy.name.map(|n| format!("{n}_fxbench_level0"));
        to_level_zero(&mut copy, &copies);
        let span = module.functions.get_span(handle);
        copies[handle.index()] = Some(module.functions.append(copy, span));
    }
    for entry in outside {
        to_level_zero(&mut module.entry_points[entry].function, &copies);
    }
}

/// Whether `function` samples with implicit LOD, or calls a function that does (`samples`).
fn samples_implicitly(function: &Function, samples: &[bool]) -> bool {
    function.expressions.iter().any(|(_, e)| match e {
        Expression::ImageSample { level, .. } => {
            matches!(level, SampleLevel::Auto | SampleLevel::Bias(_))
        }
        _ => false,
    }) || !sampling_callees(function, samples).is_empty()
}

/// The functions `function` calls that sample implicitly.
fn sampling_callees(function: &Function, samples: &[bool]) -> Vec<Handle<Function>> {
    let mut found = Vec::new();
    visit_statements(&function.body, &mut |s| {
        if let Statement::Call { function: f, .. } = s
            && samples[f.index()]
        {
            found.push(*f);
        }
    });
    found
}

/// Level 0 for `function`'s implicit-LOD samples (a bias moves nothing without derivatives),
/// and its calls to functions with a copy (`copies`) call the copy.
fn to_level_zero(function: &mut Function, copies: &[Option<Handle<Function>>]) {
    let copy_of = |f: Handle<Function>| copies.get(f.index()).copied().flatten().unwrap_or(f);
    for (_, e) in function.expressions.iter_mut() {
        match e {
            Expression::ImageSample { level, .. }
                if matches!(level, SampleLevel::Auto | SampleLevel::Bias(_)) =>
            {
                *level = SampleLevel::Zero;
            }
            Expression::CallResult(f) => *f = copy_of(*f),
            _ => {}
        }
    }
    redirect_calls(&mut function.body, &copy_of);
}

/// Points every call statement in `block` (nested blocks too) at `copy_of` its function.
fn redirect_calls(block: &mut naga::Block, copy_of: &dyn Fn(Handle<Function>) -> Handle<Function>) {
    let mut stack: Vec<&mut naga::Block> = vec![block];
    while let Some(block) = stack.pop() {
        for statement in block.iter_mut() {
            match statement {
                Statement::Call { function, .. } => *function = copy_of(*function),
                Statement::Block(b) => stack.push(b),
                Statement::If { accept, reject, .. } => {
                    stack.push(accept);
                    stack.push(reject);
                }
                Statement::Switch { cases, .. } => {
                    stack.extend(cases.iter_mut().map(|c| &mut c.body))
                }
                Statement::Loop {
                    body, continuing, ..
                } => {
                    stack.push(body);
                    stack.push(continuing);
                }
                _ => {}
            }
        }
    }
}
