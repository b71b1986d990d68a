//! Device limits an effect can exceed, checked over a [`ValidatedEffect`] and a [`DeviceLimits`]
//! without wgpu: the engine passes its device's limits in when it builds a chain, and
//! `fxbench check --target device` the adapter's, so both report the same findings.
//!
//! What is checked, per pass: workgroup counts (`DispatchSizeX/Y/Z`), workgroup size and
//! invocations, workgroup memory (from naga's IR), the bindings of its one bind group and of
//! each stage (sampled textures, samplers, storage textures), render targets and their bytes per
//! sample, and the vertex shader's inter-stage variables; per effect the uniform block's size
//! and every texture's dimensions. A non-indexed draw has no vertex-count limit in WebGPU or
//! wgpu, so `VertexCount` has none either.
//!
//! Private memory (module `var<private>` plus function locals along the deepest call path)
//! has no device limit, yet a shader with a huge local array crashes driver compilers (Mesa's
//! ran out of memory on 2^28 floats). [`PRIVATE_MEMORY_BUDGET_BYTES`] bounds it for every
//! target, always checked by the front end.

use std::collections::HashMap;
use std::fmt;

use crate::model::{BindingResource, EntryPointId, Pass, TextureFormat, TextureKind};
use crate::source::Span;
use crate::{PrimitiveTopology, ValidatedEffect};

/// The bytes of private memory (module `var<private>` variables an entry point uses plus the
/// locals of the functions on its deepest call path) an entry point may use: 1 MiB.
///
/// Neither naga nor wgpu bounds it (naga only caps a type at `i32::MAX` bytes). WGSL's portable
/// limit is 8192 bytes of each kind (WGSL spec, "Limits"), but ReShade effects are written for
/// D3D and Vulkan compilers, which spill what does not fit in registers to scratch memory, so
/// effects larger than 8192 bytes run; refusing them would refuse working effects. The budget
/// is therefore generous: 1 MiB is over 600 times the most any corpus effect uses (1689 bytes,
/// uniform copies included, measured with `check` over the 125 effects), and 1024 times
/// smaller than the 2^28-float (1 GiB) local array Mesa's compiler took 9 GB on before
/// crashing.
pub const PRIVATE_MEMORY_BUDGET_BYTES: u64 = 1 << 20;

/// The name of the private-memory budget in messages, where a device limit's name would be.
pub const PRIVATE_MEMORY_BUDGET: &str = "fxbench's private memory budget";

/// The device limits an effect can exceed, by wgpu's names (`wgpu::Limits`), so this crate
/// needs no wgpu: the engine fills one from its device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DeviceLimits {
    pub max_texture_dimension_2d: u32,
    pub max_texture_dimension_3d: u32,
    pub max_compute_workgroups_per_dimension: u32,
    pub max_compute_workgroup_size_x: u32,
    pub max_compute_workgroup_size_y: u32,
    pub max_compute_workgroup_size_z: u32,
    pub max_compute_invocations_per_workgroup: u32,
    pub max_compute_workgroup_storage_size: u32,
    pub max_bindings_per_bind_group: u32,
    pub max_sampled_textures_per_shader_stage: u32,
    pub max_samplers_per_shader_stage: u32,
    pub max_storage_textures_per_shader_stage: u32,
    pub max_uniform_buffer_binding_size: u64,
    pub max_color_attachments: u32,
    pub max_color_attachment_bytes_per_sample: u32,
    pub max_inter_stage_shader_variables: u32,
}

impl DeviceLimits {
    /// WebGPU's default limits (what `wgpu::Limits::default()` gives).
    pub const fn webgpu() -> Self {
        Self {
            max_texture_dimension_2d: 8192,
            max_texture_dimension_3d: 2048,
            max_compute_workgroups_per_dimension: 65535,
            max_compute_workgroup_size_x: 256,
            max_compute_workgroup_size_y: 256,
            max_compute_workgroup_size_z: 64,
            max_compute_invocations_per_workgroup: 256,
            max_compute_workgroup_storage_size: 16384,
            max_bindings_per_bind_group: 1000,
            max_sampled_textures_per_shader_stage: 16,
            max_samplers_per_shader_stage: 16,
            max_storage_textures_per_shader_stage: 4,
            max_uniform_buffer_binding_size: 64 << 10,
            max_color_attachments: 8,
            max_color_attachment_bytes_per_sample: 32,
            max_inter_stage_shader_variables: 16,
        }
    }
}

/// One limit an effect exceeds: which, by how much, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct LimitExceeded {
    /// The limit's name: wgpu's (`max_compute_workgroups_per_dimension`), or
    /// [`PRIVATE_MEMORY_BUDGET`].
    pub limit: &'static str,
    pub value: u64,
    pub maximum: u64,
    /// What exceeds it, in words: "technique 'T', pass 'P': DispatchSizeX".
    pub what: String,
    /// The declaration it belongs to (a pass, texture or uniform), which
    /// [`ValidatedEffect::location`] resolves.
    pub span: Span,
    /// The WGSL of the variable that exceeds it, when a variable does (private and workgroup
    /// memory): more precise than `span` where the span map is at hand.
    pub wgsl_span: Option<naga::Span>,
}

impl fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = if self.limit == PRIVATE_MEMORY_BUDGET {
            "fxbench allows"
        } else {
            "this device allows"
        };
        write!(
            f,
            "{} is {} but {who} at most {} ({})",
            self.what, self.value, self.maximum, self.limit
        )
    }
}

/// Every limit of `limits` that `effect` exceeds, and with or without device limits the private
/// memory budget, in declaration order.
pub fn check(effect: &ValidatedEffect, limits: Option<&DeviceLimits>) -> Vec<LimitExceeded> {
    let mut found = Vec::new();
    let memory = MemoryUse::new(effect.module(), effect.info());
    if let Some(limits) = limits {
        check_textures(effect, limits, &mut found);
        check_uniforms(effect, limits, &mut found);
    }
    for technique in effect.techniques() {
        for (index, pass) in technique.passes.iter().enumerate() {
            let name = match pass.name() {
                Some(name) => format!("technique '{}', pass '{name}'", technique.name),
                None => format!("technique '{}', pass {index}", technique.name),
            };
            let cx = PassCheck {
                effect,
                pass,
                name,
                memory: &memory,
            };
            cx.private_memory(&mut found);
            if let Some(limits) = limits {
                cx.device(limits, &mut found);
            }
        }
    }
    // A shader shared by passes is reported once, at the first.
    let mut seen = std::collections::HashSet::new();
    found.retain(|f| {
        let range = f.wgsl_span.and_then(|s| s.to_range());
        range.is_none() || seen.insert((f.limit, range))
    });
    found
}

fn check_textures(effect: &ValidatedEffect, limits: &DeviceLimits, found: &mut Vec<LimitExceeded>) {
    for t in effect.textures() {
        let TextureKind::Owned {
            width,
            height,
            depth,
            ..
        } = t.kind
        else {
            continue;
        };
        let (limit, maximum, size) = if depth > 1 {
            let size = format!("{width}x{height}x{depth}");
            (
                "max_texture_dimension_3d",
                limits.max_texture_dimension_3d,
                size,
            )
        } else {
            let size = format!("{width}x{height}");
            (
                "max_texture_dimension_2d",
                limits.max_texture_dimension_2d,
                size,
            )
        };
        let largest = width.max(height).max(depth);
        if largest > maximum {
            found.push(LimitExceeded {
                limit,
                value: u64::from(largest),
                maximum: u64::from(maximum),
                what: format!("texture '{}' ({size}): its largest dimension", t.name),
                span: t.span,
                wgsl_span: None,
            });
        }
    }
}

fn check_uniforms(effect: &ValidatedEffect, limits: &DeviceLimits, found: &mut Vec<LimitExceeded>) {
    let size = u64::from(effect.uniform_buffer_size());
    if size <= limits.max_uniform_buffer_binding_size {
        return;
    }
    // Located at the first uniform that does not fit.
    let Some(uniform) = effect.uniforms().iter().find(|u| {
        !u.constant
            && u64::from(u.offset + u.ty.size_align().0) > limits.max_uniform_buffer_binding_size
    }) else {
        return;
    };
    found.push(LimitExceeded {
        limit: "max_uniform_buffer_binding_size",
        value: size,
        maximum: limits.max_uniform_buffer_binding_size,
        what: format!(
            "the uniform block (up to uniform '{}'), in bytes,",
            uniform.name
        ),
        span: uniform.span,
        wgsl_span: None,
    });
}

/// One pass, named as messages name it.
struct PassCheck<'a> {
    effect: &'a ValidatedEffect,
    pass: &'a Pass,
    name: String,
    memory: &'a MemoryUse<'a>,
}

impl PassCheck<'_> {
    fn exceeded(
        &self,
        limit: &'static str,
        value: u64,
        maximum: u32,
        what: String,
    ) -> LimitExceeded {
        LimitExceeded {
            limit,
            value,
            maximum: u64::from(maximum),
            what: format!("{}: {what}", self.name),
            span: self.pass.span(),
            wgsl_span: None,
        }
    }

    /// The shader in the pass's words: the FX front end names entry points it generates
    /// (`fx_cs_0_8_8_1`), so messages name the stage, as ReShade's pass states do.
    fn stage(&self, entry: EntryPointId) -> &'static str {
        match self.effect.entry_point(entry).stage {
            naga::ShaderStage::Vertex => "vertex shader",
            naga::ShaderStage::Fragment => "pixel shader",
            _ => "compute shader",
        }
    }

    fn private_memory(&self, found: &mut Vec<LimitExceeded>) {
        for entry in self.pass.entry_points() {
            let (bytes, largest) = self.memory.private(entry);
            if bytes > PRIVATE_MEMORY_BUDGET_BYTES {
                found.push(LimitExceeded {
                    limit: PRIVATE_MEMORY_BUDGET,
                    value: bytes,
                    maximum: PRIVATE_MEMORY_BUDGET_BYTES,
                    what: format!(
                        "{}: the private memory of its {} (its variables and the locals of the \
                         functions it calls), in bytes,",
                        self.name,
                        self.stage(entry)
                    ),
                    span: self.pass.span(),
                    wgsl_span: largest,
                });
            }
        }
    }

    fn device(&self, limits: &DeviceLimits, found: &mut Vec<LimitExceeded>) {
        if let Some(dispatch) = self.pass.compute() {
            self.compute(dispatch.entry, dispatch.groups, limits, found);
        }
        if let Some(draw) = self.pass.draw() {
            self.varyings(draw.vertex, draw.topology, limits, found);
            self.render_targets(limits, found);
        }
        self.bindings(limits, found);
    }

    fn compute(
        &self,
        entry: EntryPointId,
        groups: [u32; 3],
        limits: &DeviceLimits,
        found: &mut Vec<LimitExceeded>,
    ) {
        let per_dimension = limits.max_compute_workgroups_per_dimension;
        for (axis, count) in ["X", "Y", "Z"].iter().zip(groups) {
            if count > per_dimension {
                found.push(self.exceeded(
                    "max_compute_workgroups_per_dimension",
                    u64::from(count),
                    per_dimension,
                    format!("DispatchSize{axis}"),
                ));
            }
        }
        let size = self.effect.entry_point(entry).workgroup_size;
        let maxima = [
            (
                "max_compute_workgroup_size_x",
                limits.max_compute_workgroup_size_x,
            ),
            (
                "max_compute_workgroup_size_y",
                limits.max_compute_workgroup_size_y,
            ),
            (
                "max_compute_workgroup_size_z",
                limits.max_compute_workgroup_size_z,
            ),
        ];
        for ((axis, (limit, maximum)), threads) in ["x", "y", "z"].iter().zip(maxima).zip(size) {
            if threads > maximum {
                found.push(self.exceeded(
                    limit,
                    u64::from(threads),
                    maximum,
                    format!("the workgroup size of its compute shader in {axis}"),
                ));
            }
        }
        let invocations: u64 = size.iter().map(|&s| u64::from(s)).product();
        let maximum = limits.max_compute_invocations_per_workgroup;
        if invocations > u64::from(maximum) {
            found.push(self.exceeded(
                "max_compute_invocations_per_workgroup",
                invocations,
                maximum,
                format!(
                    "the invocations per workgroup of its compute shader ({}x{}x{})",
                    size[0], size[1], size[2]
                ),
            ));
        }
        let (bytes, largest) = self.memory.workgroup(entry);
        let maximum = limits.max_compute_workgroup_storage_size;
        if bytes > u64::from(maximum) {
            let mut exceeded = self.exceeded(
                "max_compute_workgroup_storage_size",
                bytes,
                maximum,
                "the workgroup memory of its compute shader, in bytes,".to_string(),
            );
            exceeded.wgsl_span = largest;
            found.push(exceeded);
        }
    }

    fn varyings(
        &self,
        vertex: EntryPointId,
        topology: PrimitiveTopology,
        limits: &DeviceLimits,
        found: &mut Vec<LimitExceeded>,
    ) {
        let locations = output_locations(self.effect.module(), self.effect.entry_point(vertex));
        let Some(&highest) = locations.iter().max() else {
            return;
        };
        // A point list spends one variable on the point size (as wgpu counts).
        let deduction = u32::from(topology == PrimitiveTopology::PointList);
        let maximum = limits.max_inter_stage_shader_variables;
        let available = maximum.saturating_sub(deduction);
        let used = (highest + 1).max(locations.len() as u32);
        if used > available {
            found.push(self.exceeded(
                "max_inter_stage_shader_variables",
                u64::from(used),
                maximum,
                format!(
                    "the inter-stage variables its vertex shader writes (up to location \
                     {highest}{})",
                    if deduction > 0 {
                        ", plus the point size"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }

    fn render_targets(&self, limits: &DeviceLimits, found: &mut Vec<LimitExceeded>) {
        let targets = self.pass.render_targets();
        let maximum = limits.max_color_attachments;
        if targets.len() as u64 > u64::from(maximum) {
            found.push(self.exceeded(
                "max_color_attachments",
                targets.len() as u64,
                maximum,
                "the number of render targets".to_string(),
            ));
        }
        // The back buffer is RGBA8: 8 bytes, as one target.
        let formats: Vec<TextureFormat> = if targets.is_empty() {
            vec![TextureFormat::RGBA8]
        } else {
            targets
                .iter()
                .map(|&id| match self.effect.texture(id).kind {
                    TextureKind::Owned { format, .. } => format,
                    TextureKind::Semantic(_) => TextureFormat::RGBA8,
                })
                .collect()
        };
        let bytes = bytes_per_sample(&formats);
        let maximum = limits.max_color_attachment_bytes_per_sample;
        if bytes > u64::from(maximum) {
            let names: Vec<&str> = formats.iter().map(|f| f.name()).collect();
            found.push(self.exceeded(
                "max_color_attachment_bytes_per_sample",
                bytes,
                maximum,
                format!(
                    "the bytes per sample of its render targets ({})",
                    names.join(", ")
                ),
            ));
        }
    }

    /// The pass's bind group: every binding is visible to each stage of the pass (the engine's
    /// layout), so each stage counts all of its kind.
    fn bindings(&self, limits: &DeviceLimits, found: &mut Vec<LimitExceeded>) {
        let bindings = self.pass.bindings();
        let count = |kind: fn(&BindingResource) -> bool| {
            bindings.iter().filter(|b| kind(&b.resource)).count() as u64
        };
        let checks: [(&'static str, u64, u32, &str); 4] = [
            (
                "max_bindings_per_bind_group",
                bindings.len() as u64,
                limits.max_bindings_per_bind_group,
                "the bindings of its bind group",
            ),
            (
                "max_sampled_textures_per_shader_stage",
                count(|r| matches!(r, BindingResource::Texture(_))),
                limits.max_sampled_textures_per_shader_stage,
                "the textures its shaders sample",
            ),
            (
                "max_samplers_per_shader_stage",
                count(|r| matches!(r, BindingResource::Sampler(_))),
                limits.max_samplers_per_shader_stage,
                "the samplers its shaders use",
            ),
            (
                "max_storage_textures_per_shader_stage",
                count(|r| matches!(r, BindingResource::Storage(_))),
                limits.max_storage_textures_per_shader_stage,
                "the storages its shaders write",
            ),
        ];
        for (limit, value, maximum, what) in checks {
            if value > u64::from(maximum) {
                found.push(self.exceeded(limit, value, maximum, what.to_string()));
            }
        }
    }
}

/// The `@location`s a vertex shader writes.
fn output_locations(module: &naga::Module, entry: &naga::EntryPoint) -> Vec<u32> {
    let Some(result) = &entry.function.result else {
        return Vec::new();
    };
    let location = |b: &Option<naga::Binding>| match b {
        Some(naga::Binding::Location { location, .. }) => Some(*location),
        _ => None,
    };
    match &module.types[result.ty].inner {
        naga::TypeInner::Struct { members, .. } => members
            .iter()
            .filter_map(|m| location(&m.binding))
            .collect(),
        _ => location(&result.binding).into_iter().collect(),
    }
}

/// WebGPU's render-target pixel byte cost and component alignment of each format (wgpu's
/// `target_pixel_byte_cost` and `target_component_alignment`).
fn target_cost(format: TextureFormat) -> (u64, u64) {
    use TextureFormat as F;
    match format {
        F::R8 => (1, 1),
        F::RG8 => (2, 1),
        F::RGBA8 => (8, 1),
        F::R16 | F::R16F => (2, 2),
        F::RG16 | F::RG16F => (4, 2),
        F::RGBA16 | F::RGBA16F => (8, 2),
        F::R32F | F::R32I | F::R32U => (4, 4),
        F::RG32F | F::RGB10A2 => (8, 4),
        F::RGBA32F => (16, 4),
    }
}

/// Bytes per sample of render targets in `formats`, each aligned to its component size, as
/// WebGPU counts them for `maxColorAttachmentBytesPerSample`.
pub fn bytes_per_sample(formats: &[TextureFormat]) -> u64 {
    formats.iter().fold(0, |total, &format| {
        let (cost, alignment) = target_cost(format);
        total.div_ceil(alignment) * alignment + cost
    })
}

/// Bytes of memory and the largest variable among them (its size and WGSL span).
type Footprint = (u64, Option<(u64, naga::Span)>);

/// The private and workgroup memory of a module's entry points, from naga's IR.
struct MemoryUse<'a> {
    module: &'a naga::Module,
    info: &'a naga::valid::ModuleInfo,
    /// Per function: the bytes of its locals plus those of its deepest call path, and the
    /// largest local on that path.
    locals: std::cell::RefCell<HashMap<naga::Handle<naga::Function>, Footprint>>,
}

impl<'a> MemoryUse<'a> {
    fn new(module: &'a naga::Module, info: &'a naga::valid::ModuleInfo) -> Self {
        Self {
            module,
            info,
            locals: Default::default(),
        }
    }

    fn type_bytes(&self, ty: naga::Handle<naga::Type>) -> u64 {
        u64::from(
            self.module.types[ty]
                .inner
                .try_size(self.module.to_ctx())
                .unwrap_or(u32::MAX),
        )
    }

    /// The module variables in `space` entry point `entry` uses (directly or through calls:
    /// naga's analysis merges callees' uses), each rounded up to `round` bytes, their total and
    /// the largest one's span.
    fn globals(&self, entry: EntryPointId, space: naga::AddressSpace, round: u64) -> Footprint {
        let uses = self.info.get_entry_point(entry.index());
        let mut total = 0u64;
        let mut largest: Option<(u64, naga::Span)> = None;
        for (handle, var) in self.module.global_variables.iter() {
            if var.space != space || uses[handle].is_empty() {
                continue;
            }
            let bytes = self.type_bytes(var.ty).div_ceil(round) * round;
            total = total.saturating_add(bytes);
            let span = self.module.global_variables.get_span(handle);
            if largest.is_none_or(|(b, _)| bytes > b) {
                largest = Some((bytes, span));
            }
        }
        (total, largest)
    }

    /// Workgroup memory, each variable rounded to 16 bytes as WebGPU counts it.
    fn workgroup(&self, entry: EntryPointId) -> (u64, Option<naga::Span>) {
        let (bytes, largest) = self.globals(entry, naga::AddressSpace::WorkGroup, 16);
        (bytes, largest.map(|(_, span)| span))
    }

    /// Private memory: module `var<private>` variables used plus function locals along the
    /// deepest call path.
    fn private(&self, entry: EntryPointId) -> (u64, Option<naga::Span>) {
        let (global_bytes, largest_global) = self.globals(entry, naga::AddressSpace::Private, 1);
        let function = &self.module.entry_points[entry.index()].function;
        let (local_bytes, largest_local) = self.function_locals(function);
        let largest = match (largest_global, largest_local) {
            (Some(g), Some(l)) => Some(if l.0 >= g.0 { l } else { g }),
            (g, l) => g.or(l),
        };
        (
            global_bytes.saturating_add(local_bytes),
            largest.map(|(_, span)| span),
        )
    }

    /// The bytes of `function`'s locals and of its deepest call path, and the largest local
    /// on that path.
    fn function_locals(&self, function: &naga::Function) -> Footprint {
        let mut memo = self.locals.borrow_mut();
        if memo.is_empty() {
            // Every function's footprint in arena order: naga's validator refuses a call to a
            // function declared after the caller, so callees are done first, in one pass
            // without recursion (a call chain can be as deep as the effect is long).
            for (handle, f) in self.module.functions.iter() {
                let footprint = self.footprint(f, &memo);
                memo.insert(handle, footprint);
            }
        }
        self.footprint(function, &memo)
    }

    /// `function`'s own locals plus the deepest of its callees' footprints (from `done`).
    fn footprint(
        &self,
        function: &naga::Function,
        done: &HashMap<naga::Handle<naga::Function>, Footprint>,
    ) -> Footprint {
        let mut own = 0u64;
        let mut largest: Option<(u64, naga::Span)> = None;
        for (handle, local) in function.local_variables.iter() {
            let bytes = self.type_bytes(local.ty);
            own = own.saturating_add(bytes);
            if largest.is_none_or(|(b, _)| bytes > b) {
                largest = Some((bytes, function.local_variables.get_span(handle)));
            }
        }
        let mut deepest: Footprint = (0, None);
        crate::build::call_tree::visit_statements(&function.body, &mut |s| {
            if let naga::Statement::Call { function, .. } = s
                && let Some(path) = done.get(function)
                && path.0 > deepest.0
            {
                deepest = *path;
            }
        });
        let largest = match (largest, deepest.1) {
            (Some(own), Some(called)) => Some(if called.0 > own.0 { called } else { own }),
            (own, called) => own.or(called),
        };
        (own.saturating_add(deepest.0), largest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_per_sample_align_each_target_as_webgpu_does() {
        use TextureFormat as F;
        assert_eq!(bytes_per_sample(&[F::RGBA8]), 8);
        // R8 (1), then RGBA32F aligned to 4: 4 + 16.
        assert_eq!(bytes_per_sample(&[F::R8, F::RGBA32F]), 20);
        assert_eq!(bytes_per_sample(&[F::RGBA32F; 8]), 128);
        assert_eq!(bytes_per_sample(&[F::R8, F::R16F, F::R32F]), 1 + 1 + 2 + 4);
    }
}
