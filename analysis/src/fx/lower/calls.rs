//! Calls of user functions. Value arguments are converted to their parameter's type, a sampler
//! becomes a texture and a sampler, and an `out`/`inout` argument is passed by address when it
//! is a local variable of the parameter's type. Anything else (another type, a swizzle, a
//! vector or matrix component, a struct field or array element, a global) goes through a
//! temporary of the parameter's type, as in ReShade: converted in once every argument is
//! evaluated (for `inout`; an `out` temporary starts at zero), and converted back to its place
//! right after the call, before the rest of the expression reads it (`J(n) + n` and `n + J(n)`
//! both read the value `J` wrote: ReShade reads a place when its operator runs). A call with
//! `out`/`inout` parameters is therefore written as a statement of its own at the point ReShade
//! evaluates it, its value held in a `let`, and so is a call of a function that writes
//! module-scope variables (`G + Bump()` reads what `Bump` wrote). The place is evaluated once:
//! `H(a[k++].xyz)` steps `k` once.

use super::super::ast::*;
use super::super::types::Type;
use super::emit::{Emitter, ParamKind};
use super::exprs::shape;
use super::names::{self, call_text};
use super::{Result, unsupported};
use crate::debug::SiteKind;

const LANES: [&str; 4] = ["x", "y", "z", "w"];

impl Emitter<'_> {
    /// A call of user function `id`; an empty string when it was written as a statement of its
    /// own and returns nothing.
    pub(super) fn user_call(
        &mut self,
        id: usize,
        callee: &Path,
        args: &[Expr],
        range: TextRange,
    ) -> Result<String> {
        let Some(info) = self.functions.get(&id) else {
            return unsupported(
                callee.range,
                format!("'{}' : function has no body", callee.joined()),
            );
        };
        let (name, params, ret) = (info.name.clone(), info.params.clone(), info.ret.clone());
        // The parameters' names are for the debugger's records only.
        let param_names: Vec<String> = match self.trace {
            Some(_) => info
                .def
                .params
                .iter()
                .map(|p| p.name.name.to_string())
                .collect(),
            None => Vec::new(),
        };
        let callee_name = callee.joined();
        let out_only: Vec<bool> = info
            .def
            .params
            .iter()
            .map(|p| {
                p.qualifiers.iter().any(|q| q.qualifier == Qualifier::Out)
                    && !p.qualifiers.iter().any(|q| q.qualifier == Qualifier::Inout)
            })
            .collect();
        self.use_function(id);
        let shared = shared_roots(args, &params);
        let mut list = Vec::new();
        // The temporaries' declarations (copying in) and the statements writing them back.
        let (mut copy_ins, mut writebacks) = (Vec::new(), Vec::new());
        for (k, (a, (pt, kind))) in args.iter().zip(&params).enumerate() {
            match kind {
                ParamKind::Sampler => {
                    let arg = self.sampler_pair(a)?;
                    list.push(format!("{}, {}", arg.tex, arg.samp));
                    if self.lowered.sampler_biases {
                        list.push(arg.bias.unwrap_or_else(|| "0.0f".to_string()));
                    }
                }
                ParamKind::Value if self.trace.is_none() => list.push(self.expr_as(a, pt)?),
                ParamKind::Value => {
                    let code = self.expr_as(a, pt)?;
                    let kind = SiteKind::Argument {
                        callee: callee_name.to_string(),
                        parameter: param_names.get(k).cloned().unwrap_or_default(),
                    };
                    let parameter = param_names.get(k).cloned().unwrap_or_default();
                    list.push(self.trace_wrap(kind, a.range, parameter, pt, code)?);
                }
                ParamKind::Texture => self.texture_effects(a)?,
                ParamKind::Pointer => match self.direct_address(a, pt, &shared) {
                    Some(address) => list.push(address),
                    None => {
                        let out = out_only.get(k).copied().unwrap_or(false);
                        let temp =
                            self.out_temporary(a, pt, out, &mut copy_ins, &mut writebacks)?;
                        list.push(format!("&{temp}"));
                    }
                },
            }
        }
        let call = call_text(&name, &list);
        let pointers = params.iter().any(|(_, k)| *k == ParamKind::Pointer);
        if !pointers && !self.writing_functions.contains(&id) {
            return Ok(call);
        }
        // ReShade copies the arguments in once every argument is evaluated.
        for c in copy_ins {
            self.line(range, &c);
        }
        self.trace_pointer_arguments(args, &params, &list, &out_only, &callee_name, &param_names)?;
        let value = if ret == Type::Void {
            self.line_of(range, &[&call, ";"]);
            String::new()
        } else {
            let t = self.temp();
            let wt = self.wgsl(&ret, range)?;
            self.line_of(range, &["let ", &t, ": ", &wt, " = ", &call, ";"]);
            t
        };
        for w in writebacks {
            self.line(range, &w);
        }
        if self.trace.is_some() {
            for (a, (_, kind)) in args.iter().zip(&params) {
                if *kind == ParamKind::Pointer {
                    let ty = self.ty(a);
                    self.trace_place(a, ty, range)?;
                }
            }
        }
        Ok(value)
    }

    /// When tracing: records the value each `inout` argument passes in (the place, or the
    /// temporary standing for it, read through the address in `list`), at the call site.
    fn trace_pointer_arguments(
        &mut self,
        args: &[Expr],
        params: &[(Type, ParamKind)],
        list: &[String],
        out_only: &[bool],
        callee: &str,
        param_names: &[String],
    ) -> Result<()> {
        if self.trace.is_none() {
            return Ok(());
        }
        // `list` has one entry per argument except dropped texture arguments.
        let mut entries = list.iter();
        for (k, (a, (pt, kind))) in args.iter().zip(params).enumerate() {
            if *kind == ParamKind::Texture {
                continue;
            }
            let Some(entry) = entries.next() else {
                break;
            };
            if *kind != ParamKind::Pointer || out_only.get(k).copied().unwrap_or(false) {
                continue;
            }
            let value = match entry.strip_prefix('&') {
                Some(place) => place.to_string(),
                None => format!("*{entry}"),
            };
            let parameter = param_names.get(k).cloned().unwrap_or_default();
            let site = SiteKind::Argument {
                callee: callee.to_string(),
                parameter: parameter.clone(),
            };
            self.trace_put(site, a.range, parameter, pt, &value)?;
        }
        Ok(())
    }

    /// The address of a local variable (or a pointer parameter passed on) of exactly the
    /// parameter's type; `None` when the argument needs a temporary.
    fn direct_address(&mut self, a: &Expr, pt: &Type, shared: &[String]) -> Option<String> {
        let ExprKind::Name(p) = &a.kind else {
            return None;
        };
        let name = p.joined();
        // A variable two `out` arguments share goes through temporaries: ReShade copies each in
        // and writes each back in parameter order, where two addresses would see each other's
        // writes during the call.
        if shared.iter().any(|s| *s == *name) {
            return None;
        }
        // Globals live at module scope: no `ptr<function>` to them.
        let global = self.facts.globals.contains_key(&p.range);
        if self.ty(a) != pt || global {
            return None;
        }
        if self.params.get(&*name) == Some(&ParamKind::Pointer) {
            return Some(self.local_name(&name));
        }
        Some(format!("&{}", self.local_name(&name)))
    }

    /// Adds the declaration of the temporary standing for out argument `a` (copied in unless
    /// `out_only`) to `copy_ins` and the statements that write it back to `writebacks`; returns
    /// its name.
    fn out_temporary(
        &mut self,
        a: &Expr,
        pt: &Type,
        out_only: bool,
        copy_ins: &mut Vec<String>,
        writebacks: &mut Vec<String>,
    ) -> Result<String> {
        let at = self.ty(a);
        let temp = self.temp();
        let wt = self.wgsl(pt, a.range)?;
        // Several swizzled components: read from the base place, written back one by one.
        if let Some((base, components)) = self.multi_swizzle(a)? {
            let Some((ab, ..)) = shape(at) else {
                return unsupported(a.range, "'out' argument of this type not supported");
            };
            let cells: Vec<String> = components.iter().map(|c| format!("{base}{c}")).collect();
            let current = format!("{}({})", names::vector(ab, cells.len()), cells.join(", "));
            copy_ins.push(self.declare_temp(&temp, &wt, current, at, pt, out_only, a.range)?);
            let lane_ty = Type::scalar(shape(pt).map_or(ab, |s| s.0));
            let lanes = pt.components() as usize;
            for (k, cell) in cells.iter().enumerate().take(lanes) {
                let lane = if lanes == 1 {
                    temp.clone()
                } else {
                    format!("{temp}.{}", LANES[k])
                };
                let value = self.convert(lane, &lane_ty, &Type::scalar(ab), a.range)?;
                writebacks.push(format!("{cell} = {value};"));
            }
            return Ok(temp);
        }
        let place = self.lvalue(a)?;
        copy_ins.push(self.declare_temp(&temp, &wt, place.clone(), at, pt, out_only, a.range)?);
        let back = self.convert(temp.clone(), pt, at, a.range)?;
        writebacks.push(format!("{place} = {back};"));
        Ok(temp)
    }

    /// `var temp: T = current;` converted to the parameter type (`var temp: T;` for `out`).
    #[allow(clippy::too_many_arguments)]
    fn declare_temp(
        &mut self,
        temp: &str,
        wt: &str,
        current: String,
        at: &Type,
        pt: &Type,
        out_only: bool,
        range: TextRange,
    ) -> Result<String> {
        if out_only {
            Ok(format!("var {temp}: {wt};"))
        } else {
            let value = self.convert(current, at, pt, range)?;
            Ok(format!("var {temp}: {wt} = {value};"))
        }
    }
}

/// The variables that more than one `out`/`inout` argument of a call writes (`F(v, v)`,
/// `F(v, v.x)`), by the name their places start from.
fn shared_roots(args: &[Expr], params: &[(Type, ParamKind)]) -> Vec<String> {
    let mut roots: Vec<String> = args
        .iter()
        .zip(params)
        .filter(|(_, (_, kind))| *kind == ParamKind::Pointer)
        .filter_map(|(a, _)| root_path(a).map(|p| p.joined().into_owned()))
        .collect();
    roots.sort_unstable();
    let mut shared: Vec<String> = roots
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0].clone())
        .collect();
    shared.dedup();
    shared
}

/// The name a place starts from: `v` of `v`, `v.x`, `v[i].y`.
fn root_path(e: &Expr) -> Option<&Path> {
    match &e.kind {
        ExprKind::Name(p) => Some(p),
        ExprKind::Member { base, .. } | ExprKind::Index { base, .. } => root_path(base),
        _ => None,
    }
}
