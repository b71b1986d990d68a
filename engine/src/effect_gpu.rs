//! One effect on the GPU: its uniform buffer, textures, samplers, stencil buffer and one pipeline
//! per pass, built at load in a validation error scope so that wgpu's complaints come back as
//! [`ChainError`]s.

use analysis::ValidatedEffect;

use crate::bind_group::{EffectResources, FrameViews};
use crate::chain::ChainError;
use crate::context::GpuContext;
use crate::format;
use crate::mips::MipGenerator;
use crate::pipeline::{PassPipeline, PipelineSource, STENCIL_FORMAT, ShaderModules, Shaders};
use crate::routing::{BackBuffer, PassNeeds};
use crate::sources::Source;
use crate::textures::{TextureGpu, TexturePool};

/// One pass's pipeline and bind groups.
pub(crate) struct PassGpu {
    /// "effect technique pass N", for GPU debuggers; made once rather than every frame.
    pub(crate) label: String,
    pub(crate) pipeline: PassPipeline,
    pub(crate) layout: wgpu::BindGroupLayout,
    /// What its bind group holds: the pass's bindings, or those of ReShade's module for it.
    pub(crate) bindings: Vec<analysis::Binding>,
    /// Whether it binds COLOR or DEPTH, whose textures change from pass to pass.
    pub(crate) reads_frame: bool,
    /// What the frame's back-buffer routing needs to know about it, read once at load.
    pub(crate) needs: PassNeeds,
    /// The bind group when it reads neither COLOR nor DEPTH, else one per back buffer it may
    /// read (see [`BackBuffer::slot`]), made on first use.
    pub(crate) fixed_bind_group: Option<wgpu::BindGroup>,
    pub(crate) frame_bind_groups: [Option<wgpu::BindGroup>; BackBuffer::COUNT],
}

pub(crate) struct EffectGpu {
    pub(crate) effect: ValidatedEffect,
    /// Per uniform: the runtime source that fills it every frame, if any.
    pub(crate) sources: Vec<Option<Source>>,
    pub(crate) uniform_buffer: Option<wgpu::Buffer>,
    pub(crate) uniform_values: Vec<Vec<f64>>,
    /// With ReShade's module as the shaders: its uniform block's layout, which the buffer has.
    pub(crate) reference_uniforms: Option<crate::reference::ReferenceUniforms>,
    pub(crate) uniforms_dirty: bool,
    pub(crate) textures: Vec<TextureGpu>,
    pub(crate) samplers: Vec<wgpu::Sampler>,
    /// Bound for DEPTH and unknown semantics: a 1x1 transparent black texture.
    pub(crate) empty_view: wgpu::TextureView,
    /// One view per `storage` declaration: its mip level of its texture.
    pub(crate) storage_views: Vec<wgpu::TextureView>,
    /// The effect's stencil buffer, when a pass uses one.
    pub(crate) stencil_view: Option<wgpu::TextureView>,
    /// Per technique, per pass.
    pub(crate) passes: Vec<Vec<PassGpu>>,
}

impl EffectGpu {
    /// The resources bind groups point at, beside the passes whose bind-group caches fill up
    /// while those resources are borrowed.
    pub(crate) fn split(&mut self) -> (EffectResources<'_>, &mut [Vec<PassGpu>]) {
        let resources = EffectResources {
            effect: &self.effect,
            textures: &self.textures,
            samplers: &self.samplers,
            uniform_buffer: self.uniform_buffer.as_ref(),
            empty_view: &self.empty_view,
            storage_views: &self.storage_views,
            stencil_view: self.stencil_view.as_ref(),
        };
        (resources, &mut self.passes)
    }

    /// Drops the bind groups that reference the back buffer or the input.
    pub(crate) fn forget_frame_bind_groups(&mut self) {
        for pass in self.passes.iter_mut().flatten() {
            pass.frame_bind_groups = Default::default();
        }
    }
}

/// Builds `effect`'s GPU resources for a `size` back buffer.
pub(crate) fn build_effect(
    ctx: &GpuContext,
    effect: ValidatedEffect,
    size: (u32, u32),
    shaders: &Shaders,
    mip_generator: &mut MipGenerator,
    pool: &mut TexturePool,
) -> Result<EffectGpu, ChainError> {
    let device = &ctx.device;
    crate::limits::check(&effect, &device.limits())?;
    crate::textures::check_storage_formats(&effect, |f, read| {
        if read {
            ctx.can_read_write_storage(f)
        } else {
            ctx.can_write_storage(f)
        }
    })?;
    let reference_uniforms = crate::reference::uniforms_for(shaders, &effect)?;
    let name = effect.path().display().to_string();
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    // Inside the validation scope: popped first. Without it wgpu's default handler panics.
    let memory_scope = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let stencil_view = stencil_view(device, &effect, size);

    let uniform_size = reference_uniforms
        .as_ref()
        .map_or(effect.uniform_buffer_size(), |u| u.size());
    let uniform_buffer = (uniform_size > 0).then(|| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(&format!("{name} uniforms")),
            size: u64::from(uniform_size),
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    });
    let (textures, image_uploads) =
        crate::textures::create_textures(device, &effect, mip_generator, pool);
    let storage_views = crate::textures::storage_views(&effect, &textures);
    let samplers = samplers(device, &effect);
    let empty_view = crate::textures::empty_view(device);
    if let Some(error) = pollster::block_on(memory_scope.pop()) {
        return Err(ChainError::OutOfMemory {
            effect: name,
            what: "creating its textures".into(),
            message: error.to_string(),
        });
    }
    let passes = match build_passes(device, &effect, shaders) {
        Ok(passes) => passes,
        Err(error) => {
            // Leave no scope pushed behind: later errors would land in it.
            let _ = pollster::block_on(scope.pop());
            return Err(error);
        }
    };
    crate::upload::upload_images(ctx, image_uploads, &textures, mip_generator)?;

    let sources = effect.uniforms().iter().map(Source::for_uniform).collect();
    let mut gpu = EffectGpu {
        sources,
        uniform_values: effect.initial_values(),
        reference_uniforms,
        uniforms_dirty: true,
        effect,
        uniform_buffer,
        textures,
        samplers,
        empty_view,
        storage_views,
        stencil_view,
        passes,
    };
    make_fixed_bind_groups(device, &mut gpu);
    // Everything above, bind groups included, reports validation errors here rather than
    // through wgpu's panicking default handler.
    if let Some(error) = pollster::block_on(scope.pop()) {
        return Err(ChainError::Gpu {
            effect: name,
            what: "creating GPU resources".into(),
            message: error.to_string(),
        });
    }
    Ok(gpu)
}

/// One stencil buffer per effect, shared by its passes, as in ReShade; none when no pass tests
/// stencil.
fn stencil_view(
    device: &wgpu::Device,
    effect: &ValidatedEffect,
    size: (u32, u32),
) -> Option<wgpu::TextureView> {
    let uses_stencil = effect
        .techniques()
        .iter()
        .flat_map(|t| &t.passes)
        .any(|p| p.stencil().is_some());
    uses_stencil.then(|| {
        let label = "fxbench effect stencil";
        crate::input::frame_texture(device, size, STENCIL_FORMAT, &[], label).create_view(
            &wgpu::TextureViewDescriptor {
                label: Some(label),
                ..Default::default()
            },
        )
    })
}

fn samplers(device: &wgpu::Device, effect: &ValidatedEffect) -> Vec<wgpu::Sampler> {
    effect
        .samplers()
        .iter()
        .map(|s| {
            device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some(&s.name),
                address_mode_u: format::address_mode(s.address[0]),
                address_mode_v: format::address_mode(s.address[1]),
                address_mode_w: format::address_mode(s.address[2]),
                mag_filter: format::filter_mode(s.mag_filter),
                min_filter: format::filter_mode(s.min_filter),
                mipmap_filter: format::mipmap_filter_mode(s.mip_filter),
                lod_min_clamp: s.lod_range.0,
                lod_max_clamp: s.lod_range.1.max(s.lod_range.0),
                border_color: s
                    .address
                    .contains(&analysis::AddressMode::Border)
                    .then_some(wgpu::SamplerBorderColor::TransparentBlack),
                ..Default::default()
            })
        })
        .collect()
}

/// A pipeline per pass, per technique, without bind groups yet.
fn build_passes(
    device: &wgpu::Device,
    effect: &ValidatedEffect,
    shaders: &Shaders,
) -> Result<Vec<Vec<PassGpu>>, ChainError> {
    let modules = ShaderModules::new(device, effect, shaders)?;
    let features = device.features();
    let name = effect.path().display().to_string();
    let mut passes = Vec::with_capacity(effect.techniques().len());
    for technique in effect.techniques() {
        let mut technique_passes = Vec::with_capacity(technique.passes.len());
        for (pass_index, pass) in technique.passes.iter().enumerate() {
            let label = format!("{name} {} pass {pass_index}", technique.name);
            let source = PipelineSource {
                device,
                effect,
                modules: &modules,
                pass,
                label: &label,
            };
            let (pipeline, layout, bindings) = source.build(features)?;
            technique_passes.push(PassGpu {
                reads_frame: crate::bind_group::reads_frame(effect, &bindings),
                bindings,
                needs: PassNeeds::of(pass),
                label,
                pipeline,
                layout,
                fixed_bind_group: None,
                frame_bind_groups: Default::default(),
            });
        }
        passes.push(technique_passes);
    }
    Ok(passes)
}

/// Passes that read neither COLOR nor DEPTH bind the same resources every frame: their bind
/// groups are made once, here.
fn make_fixed_bind_groups(device: &wgpu::Device, gpu: &mut EffectGpu) {
    let (resources, passes) = gpu.split();
    for (technique, technique_passes) in resources.effect.techniques().iter().zip(passes) {
        for (pass, pass_gpu) in technique.passes.iter().zip(technique_passes) {
            if !pass_gpu.reads_frame {
                pass_gpu.fixed_bind_group = Some(resources.bind_group(
                    device,
                    &pass_gpu.layout,
                    pass,
                    &pass_gpu.bindings,
                    FrameViews::default(),
                ));
            }
        }
    }
}

impl PassGpu {
    /// Makes, unless it is cached, the bind group this pass uses when it reads `source` as the
    /// back buffer; passes that read neither COLOR nor DEPTH got theirs at load.
    pub(crate) fn prepare_bind_group(
        &mut self,
        source: BackBuffer,
        make: impl FnOnce(&wgpu::BindGroupLayout, &[analysis::Binding]) -> wgpu::BindGroup,
    ) {
        if self.reads_frame && self.frame_bind_groups[source.slot()].is_none() {
            self.frame_bind_groups[source.slot()] = Some(make(&self.layout, &self.bindings));
        }
    }

    /// The bind group for reading `source`, made by [`Self::prepare_bind_group`] or at load.
    pub(crate) fn bind_group(&self, source: BackBuffer) -> &wgpu::BindGroup {
        if self.reads_frame {
            self.frame_bind_groups[source.slot()]
                .as_ref()
                .expect("prepare_bind_group runs before every use")
        } else {
            self.fixed_bind_group
                .as_ref()
                .expect("passes that read neither COLOR nor DEPTH get a bind group at load")
        }
    }
}
