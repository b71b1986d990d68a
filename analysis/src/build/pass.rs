//! Pass lowering, shared by every front end: a [`PassStates`] (the states builder a front end
//! fills from its syntax) checked against the module and the items, and built into a model
//! [`Pass`] of kind [`PassKind::Draw`] or [`PassKind::Compute`].

use super::builder::EffectBuilder;
use super::call_tree::may_discard;
use super::outputs::check_pixel_outputs;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::*;
use crate::source::Span;

/// One pass's states as a front end resolved them, before the checks that need the whole pass:
/// starts at ReShade's defaults, and a front end sets what the pass assigns.
pub(crate) struct PassStates {
    pub name: Option<String>,
    pub span: Span,
    pub vertex: Option<EntryPointId>,
    pub fragment: Option<EntryPointId>,
    /// Where the pixel shader is named, for errors about its outputs.
    pub fragment_span: Span,
    /// The pixel shader's name as the user wrote it, when it differs from its entry point's
    /// (ReShade FX functions run through generated wrappers).
    pub fragment_name: Option<String>,
    /// The language messages about the pass speak.
    pub spelling: Spelling,
    pub compute: Option<EntryPointId>,
    /// Where `ComputeShader` is assigned: its presence makes the pass a compute pass.
    pub compute_state: Option<Span>,
    pub groups: [u32; 3],
    /// Render target per slot, with where it is named.
    pub targets: [Option<(TextureId, Span)>; 8],
    pub clear: bool,
    pub srgb_write: bool,
    /// Where `SRGBWriteEnable` is assigned, for the error on a target without an sRGB view.
    pub srgb_write_span: Span,
    pub vertex_count: u32,
    pub topology: PrimitiveTopology,
    pub generate_mips: bool,
    pub blend_enable: [bool; 8],
    /// Per slot: colour and alpha operations.
    pub blend_ops: [(BlendOp, BlendOp); 8],
    /// Per slot: source colour, destination colour, source alpha, destination alpha.
    pub blend_factors: [[BlendFactor; 4]; 8],
    pub write_mask: [u8; 8],
    pub stencil_enable: bool,
    pub stencil: StencilState,
    /// False once a state was invalid (and reported): the pass is then checked no further.
    pub ok: bool,
}

/// How a front end's language names shader outputs and their types, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spelling {
    Wgsl,
    ReshadeFx,
}

impl Spelling {
    /// The output at render-target slot `slot`: `@location(1)` or `SV_Target1`.
    pub fn output(self, slot: impl std::fmt::Display) -> String {
        match self {
            Self::Wgsl => format!("@location({slot})"),
            Self::ReshadeFx => format!("SV_Target{slot}"),
        }
    }

    /// A scalar type: `f32` or `float`.
    pub fn scalar(self, kind: ScalarKind) -> &'static str {
        match (self, kind) {
            (Self::Wgsl, ScalarKind::Float) => "f32",
            (Self::Wgsl, ScalarKind::Sint) => "i32",
            (Self::Wgsl, ScalarKind::Uint) => "u32",
            (Self::ReshadeFx, ScalarKind::Float) => "float",
            (Self::ReshadeFx, ScalarKind::Sint) => "int",
            (Self::ReshadeFx, ScalarKind::Uint) => "uint",
            (_, ScalarKind::Bool) => "bool",
        }
    }
}

impl PassStates {
    /// A pass with every state at its default.
    pub fn new(name: Option<String>, span: Span) -> Self {
        Self {
            name,
            span,
            vertex: None,
            fragment: None,
            fragment_span: span,
            fragment_name: None,
            spelling: Spelling::Wgsl,
            compute: None,
            compute_state: None,
            groups: [1; 3],
            targets: [None; 8],
            clear: false,
            srgb_write: false,
            srgb_write_span: span,
            vertex_count: 3,
            topology: PrimitiveTopology::TriangleList,
            generate_mips: true,
            blend_enable: [false; 8],
            blend_ops: [(BlendOp::Add, BlendOp::Add); 8],
            blend_factors: [[
                BlendFactor::One,
                BlendFactor::Zero,
                BlendFactor::One,
                BlendFactor::Zero,
            ]; 8],
            write_mask: [0xF; 8],
            stencil_enable: false,
            stencil: StencilState {
                func: CompareFunc::Always,
                reference: 0,
                read_mask: 0xFF,
                write_mask: 0xFF,
                pass_op: StencilOp::Keep,
                fail_op: StencilOp::Keep,
                depth_fail_op: StencilOp::Keep,
            },
            ok: true,
        }
    }

    /// Binds texture `id`, named at `span`, to render target `slot`, reporting a texture that
    /// cannot be rendered to (a semantic one, a 3D one) or is already bound to another slot.
    pub fn set_render_target(
        &mut self,
        slot: usize,
        id: TextureId,
        span: Span,
        textures: &[Texture],
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        let texture = &textures[id.index()];
        let name = texture.display_name();
        let refusal = match texture.kind {
            TextureKind::Semantic(_) => Some(format!(
                "'{name}' : a texture with a semantic cannot be a render target"
            )),
            TextureKind::Owned { depth, .. } if depth > 1 => Some(format!(
                "'{name}' : a 3D texture cannot be a render target (write it from a compute pass)"
            )),
            TextureKind::Owned { .. } => None,
        };
        if let Some(message) = refusal {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::InvalidRenderStateValue,
                span,
                message,
            ));
            self.ok = false;
            return;
        }
        if let Some(other) = self.targets.iter().flatten().find(|(t, _)| *t == id) {
            let d = Diagnostic::error(
                DiagnosticCode::InvalidRenderStateValue,
                span,
                format!("'{name}' : bound to two render targets of one pass"),
            )
            .with_related(other.1, "already bound here");
            diagnostics.push(d);
            self.ok = false;
        }
        self.targets[slot] = Some((id, span));
    }

    /// The blend state of each slot that enables blending.
    fn blend(&self) -> [Option<BlendState>; 8] {
        std::array::from_fn(|i| {
            self.blend_enable[i].then(|| BlendState {
                color_op: self.blend_ops[i].0,
                alpha_op: self.blend_ops[i].1,
                src_color: self.blend_factors[i][0],
                dest_color: self.blend_factors[i][1],
                src_alpha: self.blend_factors[i][2],
                dest_alpha: self.blend_factors[i][3],
            })
        })
    }
}

fn error(diagnostics: &mut Vec<Diagnostic>, span: Span, message: String) {
    diagnostics.push(Diagnostic::error(
        DiagnosticCode::InvalidRenderStateValue,
        span,
        message,
    ));
}

impl EffectBuilder<'_> {
    /// Checks a pass's states against each other, the module and the items, and builds the
    /// model pass; `None` after reporting why not.
    pub fn pass(&mut self, states: PassStates, diagnostics: &mut Vec<Diagnostic>) -> Option<Pass> {
        match states.compute_state {
            Some(state_span) => self.compute_pass(states, state_span, diagnostics),
            None => self.draw_pass(states, diagnostics),
        }
    }

    /// A compute pass: `ComputeShader` with `DispatchSizeX/Y/Z`, and no drawing states.
    fn compute_pass(
        &self,
        states: PassStates,
        state_span: Span,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<Pass> {
        let entry = states.compute?;
        let draws = states.vertex.is_some()
            || states.fragment.is_some()
            || states.targets.iter().any(Option::is_some);
        if draws {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::InvalidRenderStateName,
                state_span,
                "'ComputeShader' : a compute pass takes no VertexShader, PixelShader or RenderTarget",
            ));
            return None;
        }
        if !states.ok {
            return None;
        }
        let bindings = self.stage_bindings(&[entry]);
        let uniforms_read = self.uniforms_read(&[entry]);
        check_texture_hazards(
            &self.items.storages,
            states.span,
            &bindings,
            &[],
            diagnostics,
        )?;
        Some(Pass {
            name: states.name,
            kind: PassKind::Compute(ComputeDispatch {
                entry,
                groups: states.groups,
            }),
            render_targets: Vec::new(),
            clear_render_targets: false,
            srgb_write: false,
            covers_target: false,
            may_discard: false,
            blend: [None; 8],
            write_mask: [0xF; 8],
            stencil: None,
            generate_mips: true,
            uniforms_read,
            bindings,
            snapshots: Vec::new(),
            span: states.span,
        })
    }

    /// A draw: a vertex and a pixel shader, render targets from slot 0 (or the back buffer),
    /// and pixel-shader outputs that fill every target it writes.
    fn draw_pass(&mut self, states: PassStates, diagnostics: &mut Vec<Diagnostic>) -> Option<Pass> {
        let (vertex, fragment, render_targets) = draw_entries(&states, diagnostics)?;
        let stencil_enable = states.stencil_enable && self.stencil_fits(&render_targets);
        if states.srgb_write {
            self.check_srgb_targets(states.srgb_write_span, &render_targets, diagnostics)?;
        }
        // Which bindings the two stages use, from naga's per-entry-point analysis.
        let bindings = self.stage_bindings(&[vertex, fragment]);
        let snapshots = self.sampled_targets(states.span, &bindings, &render_targets, diagnostics);
        check_texture_hazards(
            &self.items.storages,
            states.span,
            &bindings,
            &render_targets,
            diagnostics,
        )?;
        // Targets the pixel shader writes no output for are left as they were.
        let mut write_mask = states.write_mask;
        for slot in check_pixel_outputs(
            &self.module,
            &self.items.textures,
            &states,
            fragment,
            &render_targets,
            diagnostics,
        )? {
            write_mask[slot] = 0;
        }
        let (vertex_count, topology) = (states.vertex_count, states.topology);
        let module = &self.module;
        let covers_target = *self
            .coverage
            .entry((vertex, vertex_count, topology))
            .or_insert_with(|| {
                crate::coverage::draw_covers_target(module, vertex.index(), vertex_count, topology)
            });
        Some(Pass {
            name: states.name.clone(),
            kind: PassKind::Draw(Draw {
                vertex,
                fragment,
                vertex_count,
                topology,
            }),
            stencil: stencil_enable.then_some(states.stencil),
            render_targets,
            clear_render_targets: states.clear,
            srgb_write: states.srgb_write,
            covers_target,
            may_discard: may_discard(module, fragment),
            blend: states.blend(),
            write_mask,
            generate_mips: states.generate_mips,
            uniforms_read: self.uniforms_read(&[vertex, fragment]),
            bindings,
            snapshots,
            span: states.span,
        })
    }

    /// The uniforms any of `entries` reads: user code reads a uniform through the private copy
    /// of the same name the generated loader fills, so a read of that copy is a read of the
    /// uniform. Uniforms compiled in as constants (performance mode) count as read.
    fn uniforms_read(&self, entries: &[EntryPointId]) -> Vec<UniformId> {
        let copy = |name: &str| {
            self.module.global_variables.iter().find_map(|(h, g)| {
                (g.space == naga::AddressSpace::Private && g.name.as_deref() == Some(name))
                    .then_some(h)
            })
        };
        self.items
            .uniforms
            .iter()
            .enumerate()
            .filter(|(_, u)| match copy(&u.name) {
                Some(h) => entries.iter().any(|ep| {
                    self.info.get_entry_point(ep.index())[h].contains(naga::valid::GlobalUse::READ)
                }),
                None => true,
            })
            .map(|(i, _)| UniformId::new(i))
            .collect()
    }

    /// The bindings that any of `entries` uses.
    fn stage_bindings(&self, entries: &[EntryPointId]) -> Vec<Binding> {
        self.globals
            .iter()
            .filter(|(_, handle)| {
                handle.is_some_and(|h| {
                    entries
                        .iter()
                        .any(|ep| !self.info.get_entry_point(ep.index())[h].is_empty())
                })
            })
            .map(|(b, _)| *b)
            .collect()
    }

    /// Whether a stencil pass gets the stencil buffer: it is back-buffer sized, and ReShade's
    /// runtime attaches it only to a pass that renders at that size (`runtime.cpp`: the
    /// viewport, its first target's size, equals the effect's); a pass of another size renders
    /// with no stencil test, as there.
    fn stencil_fits(&self, render_targets: &[TextureId]) -> bool {
        render_targets
            .first()
            .is_none_or(|id| match self.items.textures[id.index()].kind {
                TextureKind::Owned { width, height, .. } => (width, height) == self.buffer_size,
                _ => true,
            })
    }

    /// `SRGBWriteEnable` needs an sRGB view of every target, which only RGBA8 (and the back
    /// buffer) has: ReShade refuses the pass (its error X4582), and so do we.
    fn check_srgb_targets(
        &self,
        span: Span,
        render_targets: &[TextureId],
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<()> {
        let mut ok = true;
        for id in render_targets {
            let texture = &self.items.textures[id.index()];
            let TextureKind::Owned { format, .. } = texture.kind else {
                continue;
            };
            if format == TextureFormat::RGBA8 {
                continue;
            }
            let name = TextureFormat::ALL
                .iter()
                .find(|(_, f)| *f == format)
                .map_or("?", |(n, _)| n);
            diagnostics.push(
                Diagnostic::error(
                    DiagnosticCode::SrgbWriteWithoutSrgbFormat,
                    span,
                    format!(
                        "'SRGBWriteEnable' : render target '{}' has format {name}, which has no sRGB view",
                        texture.display_name()
                    ),
                )
                .with_related(texture.span, "declared here")
                .with_note("only RGBA8 render targets and the back buffer support sRGB writes, as in ReShade"),
            );
            ok = false;
        }
        ok.then_some(())
    }

    /// The render targets the pass also samples. ReShade accepts such a pass and leaves what
    /// it reads to the graphics API (D3D11 unbinds the texture, Vulkan reads it while it is
    /// written); fxbench binds a copy of the target made just before the pass, so the pass reads
    /// (and sizes) the target as it was, and says so in a warning at the pass.
    fn sampled_targets(
        &self,
        span: Span,
        bindings: &[Binding],
        render_targets: &[TextureId],
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Vec<TextureId> {
        let mut sampled: Vec<TextureId> = Vec::new();
        for b in bindings {
            if let BindingResource::Texture(id) = b.resource
                && render_targets.contains(&id)
                && !sampled.contains(&id)
            {
                sampled.push(id);
                let texture = &self.items.textures[id.index()];
                diagnostics.push(
                    Diagnostic::warning(
                        DiagnosticCode::RenderTargetSampled,
                        span,
                        format!(
                            "'{}' : the pass samples a texture it renders to; fxbench binds a copy \
                             made before the pass (ReShade leaves what it reads to the graphics API)",
                            texture.display_name()
                        ),
                    )
                    .with_related(texture.span, "declared here"),
                );
            }
        }
        sampled
    }
}

/// A draw's shaders and its render targets, which must be contiguous from slot 0 as colour
/// attachments are; reports a missing shader and a gap.
fn draw_entries(
    states: &PassStates,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(EntryPointId, EntryPointId, Vec<TextureId>)> {
    for (present, state) in [
        (states.vertex.is_some(), "VertexShader"),
        (states.fragment.is_some(), "PixelShader"),
    ] {
        if !present && states.ok {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::MissingEntry,
                states.span,
                format!("'pass' : missing '{state}' state"),
            ));
        }
    }
    let count = states
        .targets
        .iter()
        .rposition(Option::is_some)
        .map_or(0, |i| i + 1);
    let mut ok = states.ok;
    if let Some(gap) = states.targets[..count].iter().position(Option::is_none) {
        error(
            diagnostics,
            states.span,
            format!("'RenderTarget{gap}' : render targets must be bound from slot 0 without gaps"),
        );
        ok = false;
    }
    let (vertex, fragment) = (states.vertex?, states.fragment?);
    if !ok {
        return None;
    }
    let render_targets = states.targets[..count]
        .iter()
        .flatten()
        .map(|(t, _)| *t)
        .collect();
    Some((vertex, fragment, render_targets))
}

/// A texture written through a storage binding may be neither sampled nor rendered to by the
/// same pass: the GPU would see one texture in two conflicting uses.
fn check_texture_hazards(
    storages: &[Storage],
    span: Span,
    bindings: &[Binding],
    render_targets: &[TextureId],
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<()> {
    for b in bindings {
        let BindingResource::Storage(sid) = b.resource else {
            continue;
        };
        let storage = &storages[sid.index()];
        let sampled = bindings
            .iter()
            .any(|o| o.resource == BindingResource::Texture(storage.texture));
        if sampled || render_targets.contains(&storage.texture) {
            let how = if sampled { "samples" } else { "renders to" };
            error(
                diagnostics,
                span,
                format!(
                    "'{}' : the pass writes this storage and {how} its texture",
                    storage.name
                ),
            );
            return None;
        }
    }
    Some(())
}
