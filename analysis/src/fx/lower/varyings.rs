//! Values passed from a pass's vertex shader to its pixel shader, by semantic.
//!
//! - Locations: `TEXCOORDn` is `@location(n)`; every other varying semantic (`NORMAL`,
//!   `COLOR1` as an input, `TANGENT`, ...) gets a location of its own for the whole effect, the
//!   lowest no `TEXCOORDn` of the effect uses, in the order the entry points name them, so one
//!   vertex shader and every pixel shader after it agree.
//! - Inputs the vertex shader does not write: ReShade warns (X4576, at the pass, for a
//!   parameter with a semantic the vertex shader has no output of the same semantic and type)
//!   and the input reads zero. WGSL wants every pixel shader input written by the vertex stage,
//!   so the pixel shader's wrapper for such a pass leaves those inputs out and their places keep
//!   their zero (`fx_ps_N_vsM`, one per vertex shader that lacks some).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::BTreeSet;

use super::super::ast::{self, ExprKind, Function, Item, Module, Qualifier, TypeKind};
use super::super::check::Facts;
use super::super::types::Type;
use super::Result;
use super::emit::Emitter;
use super::entry::{EntryRequest, Interpolation, Varying, is_varying, known_attribute, normalised};
use super::passes::Plan;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::source::Span;

impl Emitter<'_> {
    /// The varyings of entry function `function` on the side `input` says (its inputs or its
    /// outputs), as its wrapper reads or writes them.
    fn varyings(&self, function: usize, input: bool) -> Result<Vec<Varying>> {
        let Some(info) = self.functions.get(&function) else {
            return Ok(Vec::new());
        };
        let (def, params, ret) = (info.def, &info.params, &info.ret);
        let mut out = Vec::new();
        for (i, (p, (ty, _))) in def.params.iter().zip(params).enumerate() {
            let is_out = has(&p.qualifiers, Qualifier::Out);
            let is_inout = has(&p.qualifiers, Qualifier::Inout);
            let reads = !is_out || is_inout;
            let writes = is_out || is_inout;
            if (input && reads) || (!input && writes) {
                let place = format!("fx_a{i}");
                let interpolation = Interpolation::of(&p.qualifiers, Interpolation::Perspective);
                let semantic = (p.semantic.as_ref(), interpolation);
                self.flatten(ty, semantic, place, p.range, &mut out)?;
            }
        }
        if !input && *ret != Type::Void {
            let range = def.return_type.range;
            let semantic = (def.semantic.as_ref(), Interpolation::Perspective);
            self.flatten(ret, semantic, "fx_r".into(), range, &mut out)?;
        }
        Ok(out)
    }

    /// Gives each varying semantic that is neither built in nor `TEXCOORDn` its location.
    pub(super) fn assign_varying_locations(&mut self, entries: &[EntryRequest]) -> Result<()> {
        let mut taken = HashSet::default();
        let mut others: Vec<String> = Vec::new();
        for request in entries {
            let input = match request.stage {
                naga::ShaderStage::Vertex => false,
                naga::ShaderStage::Fragment => true,
                _ => continue,
            };
            for v in self.varyings(request.function, input)? {
                match known_attribute(
                    &v.semantic.name,
                    &v.ty,
                    request.stage,
                    input,
                    v.interpolation,
                ) {
                    Some((attribute, _)) => {
                        if let Some(n) = location_of(&attribute) {
                            taken.insert(n);
                        }
                    }
                    None if is_varying(request.stage, input) => {
                        let name = normalised(&v.semantic.name);
                        if !others.contains(&name) {
                            others.push(name);
                        }
                    }
                    None => {}
                }
            }
        }
        let mut next = 0u32;
        for name in others {
            while taken.contains(&next) {
                next += 1;
            }
            self.varying_locations.insert(name, next);
            next += 1;
        }
        Ok(())
    }

    /// The inputs of pixel shader request `ps` (normalised semantics) that its pass's vertex
    /// shader does not write; built-in inputs (the position, the face) are always there.
    fn missing_inputs(&self, ps: &EntryRequest) -> Result<Vec<String>> {
        let Some(vs) = ps.vertex else {
            return Ok(Vec::new());
        };
        let written: HashSet<String> = self
            .varyings(vs, false)?
            .iter()
            .map(|v| normalised(&v.semantic.name))
            .collect();
        let mut missing = BTreeSet::new();
        for v in self.varyings(ps.function, true)? {
            let builtin = known_attribute(&v.semantic.name, &v.ty, ps.stage, true, v.interpolation)
                .is_some_and(|(a, _)| a.starts_with("@builtin"));
            let name = normalised(&v.semantic.name);
            if !builtin && !written.contains(&name) {
                missing.insert(name);
            }
        }
        Ok(missing.into_iter().collect())
    }

    /// Fills in each pixel shader request's inputs that read zero, then keeps one request per
    /// wrapper name (a pixel shader after several vertex shaders that write all its inputs
    /// needs one wrapper).
    pub(super) fn feed_missing_inputs(&self, plan: &mut Plan) -> Result<()> {
        for request in plan.entries.iter_mut().chain(plan.by_state.values_mut()) {
            if request.stage == naga::ShaderStage::Fragment {
                request.zeroed = self.missing_inputs(request)?;
            }
        }
        let mut names = HashSet::default();
        plan.entries.retain(|e| names.insert(e.wgsl_name()));
        Ok(())
    }
}

/// The `n` of an attribute `@location(n)...`.
pub(super) fn location_of(attribute: &str) -> Option<u32> {
    let rest = attribute.strip_prefix("@location(")?;
    rest.split(')').next()?.parse().ok()
}

fn has(qualifiers: &[ast::QualifierAt], qualifier: Qualifier) -> bool {
    qualifiers.iter().any(|q| q.qualifier == qualifier)
}

/// Function definitions by id, namespaces included.
pub(crate) fn functions_by_id<'m>(
    items: &'m [Item],
    facts: &Facts,
    out: &mut HashMap<usize, &'m Function>,
) {
    for item in items {
        match item {
            Item::Namespace(n) => functions_by_id(&n.items, facts, out),
            Item::Function(f) => {
                if let Some(&id) = facts.functions.get(&f.name.range) {
                    out.insert(id, f);
                }
            }
            _ => {}
        }
    }
}

/// ReShade's check of a pass's signatures (`parse_technique_pass`): each pixel shader
/// parameter with a semantic that it reads must match a vertex shader output (its result or an
/// `out` parameter) of the same upper-case semantic and type, or ReShade warns X4576 at the
/// pass. Struct parameters are not checked, as in ReShade.
pub(crate) fn signature_warnings(
    module: &Module,
    facts: &Facts,
    pass: &ast::Pass,
    locate: &dyn Fn(ast::TextRange) -> Span,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut functions = HashMap::default();
    functions_by_id(&module.items, facts, &mut functions);
    let shader = |key: &str| {
        let state = pass.states.iter().rev().find(|s| s.name.name == key)?;
        let ExprKind::Name(path) = &state.value.kind else {
            return None;
        };
        functions.get(facts.entry_points.get(&path.range)?).copied()
    };
    if pass.states.iter().any(|s| s.name.name == "ComputeShader") {
        return;
    }
    let (Some(vs), Some(ps)) = (shader("VertexShader"), shader("PixelShader")) else {
        return;
    };
    let param_type = |p: &ast::Param| facts.locals.get(&p.name.range).cloned();
    let mut written: HashMap<String, Option<Type>> = HashMap::default();
    if let Some(semantic) = &vs.semantic {
        let ty = match &vs.return_type.kind {
            &TypeKind::Numeric { base, rows, cols } => Some(Type::Numeric { base, rows, cols }),
            _ => facts.types.get(&vs.return_type.range).cloned(),
        };
        written.insert(semantic.name.to_ascii_uppercase(), ty);
    }
    for p in &vs.params {
        if let Some(semantic) = &p.semantic
            && (has(&p.qualifiers, Qualifier::Out) || has(&p.qualifiers, Qualifier::Inout))
        {
            written.insert(semantic.name.to_ascii_uppercase(), param_type(p));
        }
    }
    for p in &ps.params {
        let Some(semantic) = &p.semantic else {
            continue;
        };
        if has(&p.qualifiers, Qualifier::Out) && !has(&p.qualifiers, Qualifier::Inout) {
            continue;
        }
        let matches = written
            .get(&semantic.name.to_ascii_uppercase())
            .is_some_and(|t| *t == param_type(p));
        if !matches {
            diagnostics.push(Diagnostic::warning(
                DiagnosticCode::InvalidQualifier,
                locate(ast::TextRange {
                    start: pass.range.start,
                    end: pass.range.start + 4,
                }),
                format!(
                    "'{}': input parameter '{}' semantic does not match vertex shader one \
                     (it reads 0)",
                    ps.name.name, p.name.name
                ),
            ));
        }
    }
}
