//! Entry-point wrappers: a WGSL `@vertex`/`@fragment`/`@compute` function per FX function a pass
//! names, which reads the stage inputs by semantic, calls the FX function (plain WGSL function)
//! and writes its outputs (return value, `out` parameters, struct fields) by semantic:
//! `SV_Position`/`POSITION`/`VPOS` → `@builtin(position)`, `TEXCOORDn` → `@location(n)` (flat
//! for integers and `nointerpolation`, linear for `noperspective`; a matrix one location a row,
//! an array one an element), `SV_Target[n]`/`COLOR[n]` → `@location(n)`, `SV_VertexID` →
//! `vertex_index`, `SV_InstanceID` → `instance_index`, `SV_DispatchThreadID`,
//! `SV_GroupThreadID`, `SV_GroupID`, `SV_GroupIndex` → the compute ids; other varying
//! semantics → the location `varyings.rs` gives them.

use super::super::ast::*;
use super::super::lexer::Base;
use super::super::types::Type;
use super::emit::{Emitter, ParamKind};
use super::{Result, unsupported};

/// An entry point a pass needs: the FX function, the stage and (compute) the group size.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EntryRequest {
    pub function: usize,
    pub stage: naga::ShaderStage,
    pub threads: [u32; 3],
    pub range: TextRange,
    /// A pixel shader's: the vertex shader of its pass.
    pub vertex: Option<usize>,
    /// A pixel shader's inputs (normalised semantics) that vertex shader does not write: they
    /// read zero (`varyings.rs`).
    pub zeroed: Vec<String>,
    /// A pixel shader's: what its pass's render targets hold by slot (`Base::Float` for the
    /// back buffer and every float format), empty when all hold floats. An output of another
    /// kind is written as its bits (see [`Retyped`]).
    pub targets: Vec<Base>,
}

/// A pixel-shader output written to a render target of another scalar kind (a `float4` to an
/// `R32I` texture): ReShade accepts it, and Direct3D and Vulkan leave the texels undefined; the
/// GPUs ReShade runs on store the output register's bits, and so does fxbench (`bitcast`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Retyped {
    /// The wrapper's WGSL name.
    pub entry: String,
    pub slot: u32,
    pub from: Base,
    pub to: Base,
}

impl EntryRequest {
    /// The generated entry point's WGSL name.
    pub fn wgsl_name(&self) -> String {
        match self.stage {
            naga::ShaderStage::Vertex => format!("fx_vs_{}", self.function),
            naga::ShaderStage::Fragment => {
                let mut name = match self.vertex {
                    Some(vs) if !self.zeroed.is_empty() => {
                        format!("fx_ps_{}_vs{vs}", self.function)
                    }
                    _ => format!("fx_ps_{}", self.function),
                };
                if !self.targets.is_empty() {
                    name.push_str("_t");
                    name.extend(self.targets.iter().map(|b| match b {
                        Base::Int => 'i',
                        Base::Uint => 'u',
                        _ => 'f',
                    }));
                }
                name
            }
            _ => format!(
                "fx_cs_{}_{}_{}_{}",
                self.function, self.threads[0], self.threads[1], self.threads[2]
            ),
        }
    }
}

/// One value crossing a stage boundary, before it gets its attribute: the semantic (an array
/// element's numbered on), the FX type, the place in the wrapper and how it is interpolated.
pub(super) struct Varying {
    pub semantic: Ident,
    pub ty: Type,
    pub place: String,
    pub range: TextRange,
    pub interpolation: Interpolation,
}

/// How a float varying is interpolated, from ReShade's modifiers as its module decorates the
/// variable: `nointerpolation` is SPIR-V's `Flat` (WGSL `flat`), `noperspective` its
/// `NoPerspective` (WGSL `linear`), `linear` and none the default (WGSL `perspective`).
/// Integers are always flat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Interpolation {
    #[default]
    Perspective,
    NoPerspective,
    Flat,
}

impl Interpolation {
    /// The interpolation `qualifiers` ask for, within `outer`'s (a struct parameter's modifier
    /// holds for its members).
    pub(super) fn of(qualifiers: &[QualifierAt], outer: Interpolation) -> Interpolation {
        let has = |q: Qualifier| qualifiers.iter().any(|x| x.qualifier == q);
        if has(Qualifier::Nointerpolation) || outer == Interpolation::Flat {
            Interpolation::Flat
        } else if has(Qualifier::Noperspective) || outer == Interpolation::NoPerspective {
            Interpolation::NoPerspective
        } else {
            Interpolation::Perspective
        }
    }

    /// The WGSL attribute after `@location(n)`.
    fn attribute(self) -> &'static str {
        match self {
            Interpolation::Perspective => "",
            Interpolation::NoPerspective => " @interpolate(linear)",
            Interpolation::Flat => " @interpolate(flat)",
        }
    }
}

/// One stage input or output: the WGSL attribute and type, and the FX value's type and place.
struct Slot {
    attribute: String,
    wgsl_ty: String,
    ty: Type,
    /// The type of the FX value.
    fx_ty: Type,
    /// The place in the wrapper (`a0`, `a1.field`, `r`).
    place: String,
    /// The semantic, as numbered on for an array's element or a matrix's row, and where the
    /// value is declared.
    semantic: String,
    range: TextRange,
    /// A pixel-shader output's own kind when its render target holds another (`ty` is then
    /// the target's, and the value is written as its bits).
    bitcast_from: Option<Base>,
}

/// A semantic's name and index, as ReShade reads them: the digits that end it are the index
/// (`TEXCOORD12` → `TEXCOORD`, 12; none is 0).
fn split_semantic(semantic: &str) -> (&str, u32) {
    let stem = semantic.trim_end_matches(|c: char| c.is_ascii_digit());
    (stem, semantic[stem.len()..].parse().unwrap_or(0))
}

/// A pixel shader output's semantic as ReShade's code generators read it: any name starting
/// with `SV_TARGET` or `COLOR` is a render target, its index the digits right after the prefix
/// (`strtoul`: `SV_TARGET0_m00` is target 0, `COLORX` target 0).
fn target_semantic(upper: &str) -> Option<(&'static str, u32)> {
    let (stem, rest) = ["SV_TARGET", "COLOR"]
        .into_iter()
        .find_map(|stem| upper.strip_prefix(stem).map(|rest| (stem, rest)))?;
    let digits = &rest[..rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len()];
    // No digits is target 0; too many for a u32 is past the 8 targets either way.
    let index = if digits.is_empty() {
        0
    } else {
        digits.parse().unwrap_or(u32::MAX)
    };
    Some((stem, index))
}

/// Whether an output with this semantic is one ReShade's back ends write but no pass of its
/// runtime observes, so the value is computed and dropped: a pixel shader's `SV_Depth` (a
/// FragDepth built-in; ReShade draws every pass with depth testing and depth writes off) and
/// a vertex shader's `SV_PointSize` (Direct3D 10 and later ignore it; WGSL has no point size).
fn unobserved_output(semantic: &str, stage: naga::ShaderStage) -> bool {
    match stage {
        naga::ShaderStage::Fragment => semantic.eq_ignore_ascii_case("SV_DEPTH"),
        naga::ShaderStage::Vertex => semantic.eq_ignore_ascii_case("SV_POINTSIZE"),
        _ => false,
    }
}

/// A semantic in upper case with its index written: `TEXCOORD` and `texcoord0` are `TEXCOORD0`.
pub(super) fn normalised(semantic: &str) -> String {
    let upper = semantic.to_ascii_uppercase();
    let (stem, index) = split_semantic(&upper);
    format!("{stem}{index}")
}

/// Whether a value with this semantic crosses from the vertex to the pixel shader.
pub(super) fn is_varying(stage: naga::ShaderStage, input: bool) -> bool {
    matches!(
        (stage, input),
        (naga::ShaderStage::Vertex, false) | (naga::ShaderStage::Fragment, true)
    )
}

/// A user-defined varying at `location` interpolated as `interpolation` asks: flat for
/// integers, bools as `u32`.
fn location_slot(location: u32, ty: &Type, interpolation: Interpolation) -> (String, Type) {
    let integer = matches!(
        ty.numeric(),
        Some((Base::Int | Base::Uint | Base::Bool, ..))
    );
    let t = if matches!(ty.numeric(), Some((Base::Bool, ..))) {
        ty.with_base(Base::Uint)
    } else {
        ty.clone()
    };
    let interpolation = if integer {
        Interpolation::Flat
    } else {
        interpolation
    };
    (
        format!("@location({location}){}", interpolation.attribute()),
        t,
    )
}

/// The attribute and stage type of a semantic, for an input (`input`) or output; varyings of
/// other semantics than `TEXCOORDn` take their location from `locations` (`varyings.rs`).
fn attribute(
    semantic: &str,
    ty: &Type,
    (stage, input): (naga::ShaderStage, bool),
    interpolation: Interpolation,
    range: TextRange,
    locations: &rustc_hash::FxHashMap<String, u32>,
) -> Result<(String, Type)> {
    let found = known_attribute(semantic, ty, stage, input, interpolation).or_else(|| {
        let location = *locations.get(&normalised(semantic))?;
        is_varying(stage, input).then(|| location_slot(location, ty, interpolation))
    });
    match found {
        Some(found) => Ok(found),
        // ReShade draws without vertex buffers: D3D11 drops such a draw, and Vulkan leaves the
        // input undefined (or forbids it, for a position).
        None if stage == naga::ShaderStage::Vertex && input => unsupported(
            range,
            format!(
                "'{semantic}' : a vertex shader input other than SV_VertexID or SV_InstanceID; \
                 ReShade's compiler accepts it, but none of its back ends compile it (ReShade \
                 draws without vertex buffers, so nothing feeds it)"
            ),
        ),
        // ReShade's Direct3D back ends reject it (a render target is SV_TARGETn, or COLORn in
        // Direct3D 9); its Vulkan and OpenGL ones give it the next free varying location, so
        // the value lands on whichever render target that number names, if any.
        None if stage == naga::ShaderStage::Fragment && !input => unsupported(
            range,
            format!(
                "'{semantic}' : a pixel shader output other than SV_TARGETn or COLORn; ReShade's \
                 compiler accepts it, but its Direct3D back ends reject it and its Vulkan and \
                 OpenGL ones write it to the render target of the next free varying location"
            ),
        ),
        None => unsupported(
            range,
            format!(
                "'{semantic}' : semantic not supported yet as a {stage:?} {}",
                if input { "input" } else { "output" }
            ),
        ),
    }
}

/// The attribute and stage type of a built-in semantic, a `TEXCOORDn` or a render target.
pub(super) fn known_attribute(
    semantic: &str,
    ty: &Type,
    stage: naga::ShaderStage,
    input: bool,
    interpolation: Interpolation,
) -> Option<(String, Type)> {
    let upper = semantic.to_ascii_uppercase();
    let (stem, index) = if stage == naga::ShaderStage::Fragment && !input {
        target_semantic(&upper).unwrap_or_else(|| split_semantic(&upper))
    } else {
        split_semantic(&upper)
    };
    let u3 = Type::vector(Base::Uint, 3);
    use naga::ShaderStage::*;
    match (stage, input, stem) {
        (Vertex, true, "SV_VERTEXID" | "VERTEXID") => {
            Some(("@builtin(vertex_index)".into(), Type::UINT))
        }
        (Vertex, true, "SV_INSTANCEID") => Some(("@builtin(instance_index)".into(), Type::UINT)),
        (Vertex, false, "SV_POSITION" | "POSITION")
        | (Fragment, true, "SV_POSITION" | "POSITION" | "VPOS") => {
            Some(("@builtin(position)".into(), Type::vector(Base::Float, 4)))
        }
        (Vertex, false, "TEXCOORD") | (Fragment, true, "TEXCOORD") if index < 16 => {
            Some(location_slot(index, ty, interpolation))
        }
        (Fragment, true, "SV_ISFRONTFACE") => Some(("@builtin(front_facing)".into(), Type::BOOL)),
        // Render targets take four components: fewer are padded with zeros.
        (Fragment, false, "SV_TARGET" | "COLOR") if index < 8 => {
            let base = ty.numeric().map_or(Base::Float, |n| n.0);
            Some((format!("@location({index})"), Type::vector(base, 4)))
        }
        (Compute, true, "SV_DISPATCHTHREADID") => {
            Some(("@builtin(global_invocation_id)".into(), u3))
        }
        (Compute, true, "SV_GROUPTHREADID") => Some(("@builtin(local_invocation_id)".into(), u3)),
        (Compute, true, "SV_GROUPID") => Some(("@builtin(workgroup_id)".into(), u3)),
        (Compute, true, "SV_GROUPINDEX") => {
            Some(("@builtin(local_invocation_index)".into(), Type::UINT))
        }
        _ => None,
    }
}

impl Emitter<'_> {
    /// The varyings of a value of type `ty` with `semantic` at `place`: struct fields
    /// flattened, arrays one per element.
    pub(super) fn flatten(
        &self,
        ty: &Type,
        (semantic, interpolation): (Option<&Ident>, Interpolation),
        place: String,
        range: TextRange,
        out: &mut Vec<Varying>,
    ) -> Result<()> {
        // An array varying (`float4 offsets[3] : TEXCOORD1`) takes one location per element,
        // and a matrix varying (`float3x3 tbn : TEXCOORD1`) one per row, numbered on from its
        // semantic's (TEXCOORD1, TEXCOORD2, TEXCOORD3), as in HLSL and ReShade (whose module
        // declares a matrix of the rows): WGSL stage inputs and outputs are never arrays.
        let parts = match (ty, ty.numeric(), semantic) {
            (Type::Array(element, Some(n)), _, Some(_)) => Some(((**element).clone(), *n)),
            (_, Some((base, rows @ 2.., cols @ 2..)), Some(s))
                if !s.name.to_ascii_uppercase().starts_with("SV_") =>
            {
                Some((Type::vector(base, cols), u32::from(rows)))
            }
            _ => None,
        };
        if let (Some((part, n)), Some(semantic)) = (parts, semantic) {
            let upper = semantic.name.to_ascii_uppercase();
            let (stem, index) = split_semantic(&upper);
            for k in 0..n {
                let each = Ident {
                    name: format!("{stem}{}", index.saturating_add(k)).into(),
                    range: semantic.range,
                };
                let p = format!("{place}[{k}]");
                self.flatten(&part, (Some(&each), interpolation), p, range, out)?;
            }
            return Ok(());
        }
        if let Type::Struct(i, name) = ty {
            let Some(def) = self.struct_def(*i) else {
                return unsupported(range, format!("'{name}' : struct not found"));
            };
            for field in &def.fields {
                for d in &field.declarators {
                    let fty = self.facts.structs[*i]
                        .1
                        .iter()
                        .find(|(n, _)| *n == d.name.name)
                        .map(|(_, t)| t.clone())
                        .unwrap_or(Type::Error);
                    let p = format!("{place}.{}", super::names::member(&d.name.name));
                    let inner = Interpolation::of(&field.qualifiers, interpolation);
                    self.flatten(&fty, (d.semantic.as_ref(), inner), p, d.range, out)?;
                }
            }
            return Ok(());
        }
        let Some(semantic) = semantic else {
            return unsupported(
                range,
                "an entry point parameter or result without a semantic",
            );
        };
        out.push(Varying {
            semantic: semantic.clone(),
            ty: ty.clone(),
            place,
            range,
            interpolation,
        });
        Ok(())
    }

    /// The slots of a value of type `ty` with `semantic` at `place`; a pixel shader's input
    /// its pass's vertex shader does not write is left out (its place keeps its zero).
    #[allow(clippy::too_many_arguments)]
    fn slots(
        &self,
        ty: &Type,
        semantic: (Option<&Ident>, Interpolation),
        place: String,
        request: &EntryRequest,
        input: bool,
        range: TextRange,
        out: &mut Vec<Slot>,
    ) -> Result<()> {
        let mut varyings = Vec::new();
        self.flatten(ty, semantic, place, range, &mut varyings)?;
        for v in varyings {
            let name = normalised(&v.semantic.name);
            if input && request.zeroed.contains(&name) {
                continue;
            }
            if !input && unobserved_output(&v.semantic.name, request.stage) {
                continue;
            }
            // Each side as it is declared: ReShade refuses a pixel shader whose modifiers are
            // not its vertex shader's (X4568, `check/passes.rs`), and WGSL wants them alike.
            let (attribute, mut stage_ty) = attribute(
                &v.semantic.name,
                &v.ty,
                (request.stage, input),
                v.interpolation,
                v.semantic.range,
                &self.varying_locations,
            )?;
            let mut bitcast_from = None;
            if !input
                && request.stage == naga::ShaderStage::Fragment
                && let Some(location) = super::varyings::location_of(&attribute)
                && let Some((base, 4, 1)) = stage_ty.numeric()
                && base != Base::Bool
            {
                let target = request.targets.get(location as usize);
                let to = target.copied().unwrap_or(Base::Float);
                if to != base {
                    bitcast_from = Some(base);
                    stage_ty = Type::vector(to, 4);
                }
            }
            let wgsl_ty = self.wgsl(&stage_ty, v.range)?;
            // The FX value's own type must lower too (its place is declared with it).
            self.wgsl(&v.ty, v.range)?;
            out.push(Slot {
                attribute,
                wgsl_ty,
                ty: stage_ty,
                fx_ty: v.ty,
                place: v.place,
                semantic: v.semantic.name.to_string(),
                range: v.range,
                bitcast_from,
            });
        }
        Ok(())
    }

    /// The struct definition with index `i`.
    fn struct_def(&self, i: usize) -> Option<&StructDef> {
        self.struct_defs.get(&i).copied()
    }

    /// Emits the wrapper for `request`.
    pub fn entry(&mut self, request: &EntryRequest) -> Result<()> {
        let Some(info) = self.functions.get(&request.function) else {
            return unsupported(request.range, "entry point has no body");
        };
        let (def, name, params, ret) = (
            info.def,
            info.name.clone(),
            info.params.clone(),
            info.ret.clone(),
        );
        self.use_function(request.function);
        let range = def.name.range;
        let mut inputs = Vec::new();
        let mut outputs = Vec::new();
        let mut locals = Vec::new();
        let mut args = Vec::new();
        for (i, (p, (ty, kind))) in def.params.iter().zip(&params).enumerate() {
            let place = format!("fx_a{i}");
            let is_out = p.qualifiers.iter().any(|q| q.qualifier == Qualifier::Out);
            let is_inout = p.qualifiers.iter().any(|q| q.qualifier == Qualifier::Inout);
            match kind {
                ParamKind::Sampler | ParamKind::Texture => {
                    return unsupported(p.range, "an object parameter on an entry point");
                }
                ParamKind::Pointer => args.push(format!("&{place}")),
                ParamKind::Value => args.push(place.clone()),
            }
            locals.push(format!("var {place}: {};", self.wgsl(ty, p.range)?));
            let semantic = (
                p.semantic.as_ref(),
                Interpolation::of(&p.qualifiers, Interpolation::Perspective),
            );
            if !is_out || is_inout {
                self.slots(
                    ty,
                    semantic,
                    place.clone(),
                    request,
                    true,
                    p.range,
                    &mut inputs,
                )?;
            }
            if is_out || is_inout {
                self.slots(ty, semantic, place, request, false, p.range, &mut outputs)?;
            }
        }
        distinct_locations(&inputs)?;
        let call = format!("{name}({})", args.join(", "));
        let call_line = if ret == Type::Void {
            format!("{call};")
        } else {
            self.slots(
                &ret,
                (def.semantic.as_ref(), Interpolation::Perspective),
                "fx_r".into(),
                request,
                false,
                def.return_type.range,
                &mut outputs,
            )?;
            format!("let fx_r = {call};")
        };
        distinct_locations(&outputs)?;
        for o in &outputs {
            if let (Some(from), Some(slot), Some((to, ..))) = (
                o.bitcast_from,
                super::varyings::location_of(&o.attribute),
                o.ty.numeric(),
            ) {
                self.retyped.push(Retyped {
                    entry: request.wgsl_name(),
                    slot,
                    from,
                    to,
                });
            }
        }
        self.wrapper(request, &inputs, &outputs, &locals, &call_line, range)
    }

    fn wrapper(
        &mut self,
        request: &EntryRequest,
        inputs: &[Slot],
        outputs: &[Slot],
        locals: &[String],
        call_line: &str,
        range: TextRange,
    ) -> Result<()> {
        let entry = request.wgsl_name();
        let out_struct = format!("{entry}_out");
        if !outputs.is_empty() {
            self.line(range, &format!("struct {out_struct} {{"));
            for (k, o) in outputs.iter().enumerate() {
                self.line(range, &format!("    {} o{k}: {},", o.attribute, o.wgsl_ty));
            }
            self.line(range, "}");
        }
        let attribute = match request.stage {
            naga::ShaderStage::Vertex => "@vertex".to_string(),
            naga::ShaderStage::Fragment => "@fragment".to_string(),
            _ => format!(
                "@compute @workgroup_size({}, {}, {})",
                request.threads[0], request.threads[1], request.threads[2]
            ),
        };
        let mut params: Vec<String> = inputs
            .iter()
            .enumerate()
            .map(|(k, i)| format!("{} fx_i{k}: {}", i.attribute, i.wgsl_ty))
            .collect();
        let gate = self.gate(request.stage, inputs, &mut params);
        let ret = if outputs.is_empty() {
            String::new()
        } else {
            format!(" -> {out_struct}")
        };
        self.line(
            range,
            &format!("{attribute} fn {entry}({}){ret} {{", params.join(", ")),
        );
        if let Some(gate) = gate {
            self.line(range, &format!("    {gate}"));
        }
        for l in locals {
            self.line(range, &format!("    {l}"));
        }
        for (k, i) in inputs.iter().enumerate() {
            let value = self.convert(format!("fx_i{k}"), &i.ty, &i.fx_ty, range)?;
            self.line(range, &format!("    {} = {value};", i.place));
        }
        self.line(range, &format!("    {call_line}"));
        if !outputs.is_empty() {
            self.line(range, &format!("    var fx_o: {out_struct};"));
            for (k, o) in outputs.iter().enumerate() {
                let value = self.widen(o, range)?;
                self.line(range, &format!("    fx_o.o{k} = {value};"));
            }
            self.line(range, "    return fx_o;");
        }
        self.line(range, "}");
        Ok(())
    }

    /// When tracing, the statement a pixel or compute wrapper starts with to say whether its
    /// invocation is the target (`trace.rs`), adding the position or thread id input to
    /// `params` when the shader does not take it.
    fn gate(
        &self,
        stage: naga::ShaderStage,
        inputs: &[Slot],
        params: &mut Vec<String>,
    ) -> Option<String> {
        self.trace.as_ref()?;
        let (attribute, ty) = match stage {
            naga::ShaderStage::Fragment => ("@builtin(position)", "vec4f"),
            naga::ShaderStage::Compute => ("@builtin(global_invocation_id)", "vec3u"),
            _ => return None,
        };
        let place = match inputs.iter().position(|i| i.attribute == attribute) {
            Some(k) => format!("fx_i{k}"),
            None => {
                params.push(format!("{attribute} fxbench_at: {ty}"));
                "fxbench_at".to_string()
            }
        };
        Self::trace_gate(stage, &place)
    }

    /// An output slot's value in its stage type: converted, and widened with zeros when the
    /// FX value has fewer components (a `float3` written to a render target).
    fn widen(&mut self, o: &Slot, range: TextRange) -> Result<String> {
        let Some(own) = o.bitcast_from else {
            return self.widen_to(o, &o.ty, range);
        };
        // The output in its own kind, then its bits in the render target's.
        let value = self.widen_to(o, &Type::vector(own, 4), range)?;
        Ok(format!("bitcast<{}>({value})", o.wgsl_ty))
    }

    /// An output slot's value as a value of `stage` (the slot's stage type, or the output's own
    /// kind when it is written as bits).
    fn widen_to(&mut self, o: &Slot, stage: &Type, range: TextRange) -> Result<String> {
        let (from, to) = (o.fx_ty.components(), stage.components());
        if o.fx_ty.is_matrix() || from >= to {
            return self.convert(o.place.clone(), &o.fx_ty, stage, range);
        }
        let base = stage.numeric().map_or(Base::Float, |n| n.0);
        let own = if from == 1 {
            Type::scalar(base)
        } else {
            Type::vector(base, from as u8)
        };
        let value = self.convert(o.place.clone(), &o.fx_ty, &own, range)?;
        let zero = match base {
            Base::Float => "0.0f",
            Base::Int => "0i",
            Base::Uint => "0u",
            Base::Bool => "false",
        };
        let pad = vec![zero; (to - from) as usize].join(", ");
        let wt = self.wgsl(stage, range)?;
        Ok(format!("{wt}({value}, {pad})"))
    }
}

/// Refuses two stage inputs (or outputs) at one location: an array or matrix varying takes a
/// semantic per element or row (`float3x2 m : TEXCOORD1` takes `TEXCOORD1` to `TEXCOORD3`), so
/// another value declared at one of those overlaps it. ReShade's compiler accepts the overlap
/// and its module has two variables at one location, which no API defines; WebGPU refuses it.
fn distinct_locations(slots: &[Slot]) -> Result<()> {
    let mut seen = Vec::new();
    for slot in slots {
        let Some(location) = super::varyings::location_of(&slot.attribute) else {
            continue;
        };
        if seen.contains(&location) {
            return unsupported(
                slot.range,
                format!(
                    "'{}' : taken twice (an array or matrix varying takes one semantic per \
                     element or row, so one declared before takes it too); ReShade's compiler \
                     accepts it, but D3D refuses overlapping semantics and Vulkan leaves them \
                     undefined",
                    slot.semantic
                ),
            );
        }
        seen.push(location);
    }
    Ok(())
}
