//! Pipelines, one per pass: the shaders they run (the front end's naga IR, or SPIR-V passed
//! through to the driver), their layouts, and render or compute pipeline creation.

use std::sync::Arc;

use analysis::{TextureKind, ValidatedEffect};

use crate::chain::ChainError;
use crate::format;

/// Format of each effect's stencil buffer.
pub(crate) const STENCIL_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Stencil8;

/// Rewrites one stage's SPIR-V module (our optimiser, say), or says why it cannot.
pub type SpirvTransform =
    Arc<dyn Fn(&[u32]) -> Result<Vec<u32>, SpirvTransformError> + Send + Sync>;

/// Why a [`SpirvTransform`] gave no module; the chain reports it as
/// [`ChainError::SpirvTransform`], naming the effect and entry point.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpirvTransformError {
    /// The transform could not rewrite the module (the optimiser refused its shape, say).
    #[error("the transform failed: {0}")]
    Failed(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// A validator rejected the rewritten module.
    #[error("the transformed module fails {validator}: {message}")]
    Invalid {
        /// The validator's name (`spirv-val`).
        validator: &'static str,
        /// What it said.
        message: String,
    },
    /// The rewritten module could not be checked, so it does not run (fail closed).
    #[error("the transformed module cannot be checked: {0}")]
    Unchecked(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// Which shaders a chain's pipelines run.
#[derive(Clone, Default)]
pub enum Shaders {
    /// The front end's naga module, which wgpu translates for the backend.
    #[default]
    Naga,
    /// Each pass stage as the SPIR-V module [`crate::spirv::compile_entry`] writes, passed
    /// through a transform and handed to the driver as it is (`PASSTHROUGH_SHADERS`, Vulkan).
    /// Only [`Shaders::spirv`], which is `unsafe`, makes one:
    ///
    /// ```compile_fail
    /// # fn forge(transform: engine::SpirvTransform) -> engine::Shaders {
    /// engine::Shaders::Spirv(engine::SpirvPassthrough(transform)) // private field
    /// # }
    /// ```
    Spirv(SpirvPassthrough),
    /// ReShade's own SPIR-V for the effect (`reference/module.rs`): each pass's entry points by
    /// name, its resources mapped by name onto the effect and numbered for the pass's layout,
    /// each stage's module checked by `spirv-val` before it reaches the driver (Vulkan,
    /// `PASSTHROUGH_SHADERS`).
    Reference(Arc<crate::reference::ReferenceModule>),
}

/// A SPIR-V transform whose caller promised, through [`Shaders::spirv`], that it keeps modules
/// valid; its field is private so safe code cannot make one.
#[derive(Clone)]
pub struct SpirvPassthrough(SpirvTransform);

impl Shaders {
    /// ReShade's module as the shaders (see [`Shaders::Reference`]).
    pub fn reference(module: crate::reference::ReferenceModule) -> Self {
        Shaders::Reference(Arc::new(module))
    }

    /// SPIR-V passthrough with `transform` applied to each stage's module.
    ///
    /// # Safety
    /// `transform` must return valid SPIR-V (as `spirv-val` checks it for Vulkan 1.0) with the
    /// same entry point, bindings and stage interface as its input: the driver receives it
    /// unchecked.
    pub unsafe fn spirv(transform: SpirvTransform) -> Self {
        Shaders::Spirv(SpirvPassthrough(transform))
    }
}

impl std::fmt::Debug for Shaders {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Shaders::Naga => "Naga",
            Shaders::Spirv(_) => "Spirv(..)",
            Shaders::Reference(_) => "Reference(..)",
        })
    }
}

/// A pass's pipeline.
pub(crate) enum PassPipeline {
    Render(wgpu::RenderPipeline),
    Compute(wgpu::ComputePipeline),
}

/// Where an effect's pipelines get their shader modules.
pub(crate) enum ShaderModules<'t> {
    /// One for the whole effect, from naga IR.
    Naga(wgpu::ShaderModule),
    /// One per pass stage, SPIR-V passed through after `transform`.
    Spirv(&'t SpirvTransform),
    /// One per pass stage, from ReShade's module.
    Reference(&'t crate::reference::ReferenceModule),
}

/// A pass's shader modules and what its bind group holds.
pub(crate) struct PassStages {
    pub(crate) bindings: Vec<analysis::Binding>,
    /// Per entry point: its module and the name the pipeline calls.
    stages: Vec<(analysis::EntryPointId, wgpu::ShaderModule, String)>,
}

impl PassStages {
    fn get(&self, entry: analysis::EntryPointId) -> (&wgpu::ShaderModule, &str) {
        let (_, module, name) = self
            .stages
            .iter()
            .find(|(e, _, _)| *e == entry)
            .expect("every entry point of the pass has a module");
        (module, name)
    }
}

impl<'t> ShaderModules<'t> {
    pub(crate) fn new(
        device: &wgpu::Device,
        effect: &ValidatedEffect,
        shaders: &'t Shaders,
    ) -> Result<Self, ChainError> {
        match shaders {
            Shaders::Naga => Ok(Self::Naga(device.create_shader_module(
                wgpu::ShaderModuleDescriptor {
                    label: Some(&effect.path().display().to_string()),
                    source: wgpu::ShaderSource::Naga(std::borrow::Cow::Owned(
                        effect.module().clone(),
                    )),
                },
            ))),
            Shaders::Spirv(_) | Shaders::Reference(_)
                if !device
                    .features()
                    .contains(wgpu::Features::PASSTHROUGH_SHADERS) =>
            {
                Err(ChainError::Gpu {
                    effect: effect.path().display().to_string(),
                    what: "SPIR-V shaders".to_string(),
                    message:
                        "the device cannot take SPIR-V as it is (PASSTHROUGH_SHADERS needs Vulkan)"
                            .to_string(),
                })
            }
            Shaders::Spirv(SpirvPassthrough(transform)) => Ok(Self::Spirv(transform)),
            Shaders::Reference(module) => Ok(Self::Reference(module)),
        }
    }

    /// Every stage's module for `pass` and the bindings its layout holds.
    pub(crate) fn pass_stages(
        &self,
        device: &wgpu::Device,
        effect: &ValidatedEffect,
        pass: &analysis::Pass,
        label: &str,
    ) -> Result<PassStages, ChainError> {
        let reference = match self {
            Self::Reference(reference) => reference,
            _ => {
                let mut stages = Vec::new();
                for entry in pass.entry_points() {
                    let module = self.get(device, effect, pass, entry)?;
                    stages.push((entry, module, effect.entry_point(entry).name.clone()));
                }
                return Ok(PassStages {
                    bindings: pass.bindings().to_vec(),
                    stages,
                });
            }
        };
        let built =
            reference
                .pass(effect, pass, label)
                .map_err(|source| ChainError::Reference {
                    effect: effect.path().display().to_string(),
                    source: Box::new(source),
                })?;
        let stages = built
            .stages
            .into_iter()
            .map(|stage| {
                let [x, y, z] = effect.entry_point(stage.entry).workgroup_size;
                // SAFETY: `spirv-val` accepted the module (`ReferenceModule::pass` checks every
                // stage, fail closed), its resources are numbered 0.. in the order of
                // `built.bindings`, the layout this pass is made with (sorted by binding, so
                // wgpu's Vulkan backend numbers the descriptors alike), and its stage interface
                // is ReShade's own between its vertex and pixel shaders.
                let module = unsafe {
                    device.create_shader_module_passthrough(
                        wgpu::ShaderModuleDescriptorPassthrough {
                            label: Some(&stage.name),
                            entry_points: std::borrow::Cow::Owned(vec![
                                wgpu::PassthroughShaderEntryPoint {
                                    name: stage.name.clone().into(),
                                    workgroup_size: (x, y, z),
                                },
                            ]),
                            spirv: Some(std::borrow::Cow::Owned(stage.words)),
                            ..Default::default()
                        },
                    )
                };
                (stage.entry, module, stage.name)
            })
            .collect();
        Ok(PassStages {
            bindings: built.bindings,
            stages,
        })
    }

    /// The module holding entry point `entry` for `pass`, whose bind group layout holds the
    /// pass's bindings.
    fn get(
        &self,
        device: &wgpu::Device,
        effect: &ValidatedEffect,
        pass: &analysis::Pass,
        entry: analysis::EntryPointId,
    ) -> Result<wgpu::ShaderModule, ChainError> {
        let transform = match self {
            Self::Naga(module) => return Ok(module.clone()),
            Self::Spirv(transform) => transform,
            Self::Reference(_) => unreachable!("reference stages are made by pass_stages"),
        };
        let ep = effect.entry_point(entry);
        let error = |message: String| ChainError::Gpu {
            effect: effect.path().display().to_string(),
            what: format!("SPIR-V for entry point '{}'", ep.name),
            message,
        };
        let numbers: Vec<u32> = pass.bindings().iter().map(|b| b.binding).collect();
        let words =
            crate::spirv::compile_entry(effect, entry, crate::spirv::Bindings::Ranked(&numbers))
                .map_err(|e| error(e.message))?;
        let words = transform(&words).map_err(|source| ChainError::SpirvTransform {
            effect: effect.path().display().to_string(),
            entry_point: ep.name.clone(),
            source,
        })?;
        let [x, y, z] = ep.workgroup_size;
        // SAFETY: naga writes valid SPIR-V for a module that passed its validator (every
        // ValidatedEffect did), and `Shaders::spirv`'s contract makes the transform keep it valid
        // with the same interface. Its bindings are ranked among the pass's bindings, which is
        // how wgpu's Vulkan backend numbers the descriptors of the layout made from them (see
        // `pass_pipeline`: sorted by binding, from 0); the stage interface is naga's own for both
        // stages.
        Ok(unsafe {
            device.create_shader_module_passthrough(wgpu::ShaderModuleDescriptorPassthrough {
                label: Some(&ep.name),
                entry_points: std::borrow::Cow::Owned(vec![wgpu::PassthroughShaderEntryPoint {
                    name: ep.name.clone().into(),
                    workgroup_size: (x, y, z),
                }]),
                spirv: Some(std::borrow::Cow::Owned(words)),
                ..Default::default()
            })
        })
    }
}

/// What a pipeline is made for: one pass of an effect, labelled "effect technique pass N".
pub(crate) struct PipelineSource<'a, 'm> {
    pub(crate) device: &'a wgpu::Device,
    pub(crate) effect: &'a ValidatedEffect,
    pub(crate) modules: &'a ShaderModules<'m>,
    pub(crate) pass: &'a analysis::Pass,
    pub(crate) label: &'a str,
}

impl PipelineSource<'_, '_> {
    /// The pass's pipeline, its bind group layout and the bindings that layout holds.
    pub(crate) fn build(
        &self,
        features: wgpu::Features,
    ) -> Result<(PassPipeline, wgpu::BindGroupLayout, Vec<analysis::Binding>), ChainError> {
        let stages = self
            .modules
            .pass_stages(self.device, self.effect, self.pass, self.label)?;
        let entries = crate::bind_group::layout_entries(self.effect, &stages.bindings, features);
        let layout = self
            .device
            .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some(self.label),
                entries: &entries,
            });
        let pipeline_layout = self
            .device
            .create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some(self.label),
                bind_group_layouts: &[Some(&layout)],
                immediate_size: 0,
            });
        let pipeline = match self.pass.kind() {
            analysis::PassKind::Compute(dispatch) => {
                PassPipeline::Compute(self.compute(&pipeline_layout, dispatch, &stages))
            }
            analysis::PassKind::Draw(draw) => PassPipeline::Render(
                self.render(
                    &pipeline_layout,
                    draw,
                    &stages,
                    &self.color_targets(),
                    self.pass
                        .stencil()
                        .map(|st| stencil_test(format::stencil_state(*st))),
                ),
            ),
        };
        Ok((pipeline, layout, stages.bindings))
    }

    /// A draw's pipeline for the pixel history's replay (`chain/history.rs`), with the pass's
    /// bind group `layout`: its shaders and target formats, no blending, every channel written,
    /// and with `stencil` the pass's stencil test writing no stencil.
    pub(crate) fn replay(
        &self,
        layout: &wgpu::BindGroupLayout,
        stencil: bool,
    ) -> Result<wgpu::RenderPipeline, ChainError> {
        let analysis::PassKind::Draw(draw) = self.pass.kind() else {
            unreachable!("only draws are replayed");
        };
        let stages = self
            .modules
            .pass_stages(self.device, self.effect, self.pass, self.label)?;
        let pipeline_layout = self
            .device
            .create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some(self.label),
                bind_group_layouts: &[Some(layout)],
                immediate_size: 0,
            });
        let targets: Vec<Option<wgpu::ColorTargetState>> = self
            .color_targets()
            .into_iter()
            .map(|t| {
                t.map(|t| wgpu::ColorTargetState {
                    blend: None,
                    write_mask: wgpu::ColorWrites::ALL,
                    ..t
                })
            })
            .collect();
        let depth_stencil = self.pass.stencil().filter(|_| stencil).map(|st| {
            let keep = |face: wgpu::StencilFaceState| wgpu::StencilFaceState {
                fail_op: wgpu::StencilOperation::Keep,
                depth_fail_op: wgpu::StencilOperation::Keep,
                pass_op: wgpu::StencilOperation::Keep,
                ..face
            };
            let state = format::stencil_state(*st);
            stencil_test(wgpu::StencilState {
                front: keep(state.front),
                back: keep(state.back),
                write_mask: 0,
                ..state
            })
        });
        Ok(self.render(&pipeline_layout, draw, &stages, &targets, depth_stencil))
    }

    fn compute(
        &self,
        layout: &wgpu::PipelineLayout,
        dispatch: analysis::ComputeDispatch,
        stages: &PassStages,
    ) -> wgpu::ComputePipeline {
        let (module, entry) = stages.get(dispatch.entry);
        self.device
            .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(self.label),
                layout: Some(layout),
                module,
                entry_point: Some(entry),
                compilation_options: Default::default(),
                cache: None,
            })
    }

    fn render(
        &self,
        layout: &wgpu::PipelineLayout,
        draw: analysis::Draw,
        stages: &PassStages,
        targets: &[Option<wgpu::ColorTargetState>],
        depth_stencil: Option<wgpu::DepthStencilState>,
    ) -> wgpu::RenderPipeline {
        let device = self.device;
        let (vertex, vertex_entry) = stages.get(draw.vertex);
        let (fragment, fragment_entry) = stages.get(draw.fragment);
        device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some(self.label),
            layout: Some(layout),
            vertex: wgpu::VertexState {
                module: vertex,
                entry_point: Some(vertex_entry),
                compilation_options: Default::default(),
                buffers: &[],
            },
            primitive: wgpu::PrimitiveState {
                topology: format::topology(draw.topology),
                ..Default::default()
            },
            depth_stencil,
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: fragment,
                entry_point: Some(fragment_entry),
                compilation_options: Default::default(),
                targets,
            }),
            multiview_mask: None,
            cache: None,
        })
    }

    fn color_targets(&self) -> Vec<Option<wgpu::ColorTargetState>> {
        color_targets(self.effect, self.pass)
    }
}

/// The effect's stencil buffer tested with `stencil`, depth untouched.
fn stencil_test(stencil: wgpu::StencilState) -> wgpu::DepthStencilState {
    wgpu::DepthStencilState {
        format: STENCIL_FORMAT,
        depth_write_enabled: Some(false),
        depth_compare: Some(wgpu::CompareFunction::Always),
        stencil,
        bias: wgpu::DepthBiasState::default(),
    }
}

/// A draw's colour targets: the back buffer (through its sRGB view for `SRGBWriteEnable`) or
/// its render targets, each with its slot's blending and write mask.
pub(crate) fn color_targets(
    effect: &ValidatedEffect,
    pass: &analysis::Pass,
) -> Vec<Option<wgpu::ColorTargetState>> {
    let back_buffer = effect.back_buffer().format();
    let formats: Vec<wgpu::TextureFormat> = if pass.writes_back_buffer() {
        // On a back buffer without an sRGB view `SRGBWriteEnable` writes as stored, as in
        // ReShade (`format_to_default_typed(format, 1)` is the format itself).
        vec![if pass.srgb_write() {
            crate::color::wgpu_srgb_format(back_buffer)
        } else {
            crate::color::wgpu_format(back_buffer)
        }]
    } else {
        pass.render_targets()
            .iter()
            .map(|id| match &effect.texture(*id).kind {
                // Analysis allows `SRGBWriteEnable` only on RGBA8, which has an sRGB view.
                TextureKind::Owned { format: f, .. } if pass.srgb_write() => {
                    format::texture_format(*f).add_srgb_suffix()
                }
                TextureKind::Owned { format: f, .. } => format::texture_format(*f),
                TextureKind::Semantic(_) => crate::color::wgpu_format(back_buffer),
            })
            .collect()
    };
    formats
        .iter()
        .enumerate()
        .map(|(slot, &format)| {
            Some(wgpu::ColorTargetState {
                format,
                blend: pass.blend()[slot].map(format::blend_state),
                write_mask: wgpu::ColorWrites::from_bits_truncate(u32::from(
                    pass.write_mask()[slot],
                )),
            })
        })
        .collect()
}
