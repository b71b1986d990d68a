//! The effect chain: GPU resources for a list of validated effects, the technique order, and
//! `frame`, which records every enabled technique into the caller's command encoder.
//!
//! Back-buffer passes alternate between one frame-sized intermediate target and the chain's output,
//! starting on whichever of the two makes the last pass land in the output, so a chain of
//! full-screen passes needs no copies at all and one frame-sized texture besides the output
//! (ReShade copies the back buffer before the first pass and after every pass that writes it). A
//! copy is made only when a pass must see earlier contents under its output: it blends, masks
//! writes, tests stencil, may `discard`, or its draw is not proved to cover the target
//! ([`analysis::coverage`] runs the vertex shader on the CPU to decide).

use std::sync::Arc;
use std::time::Instant;

use analysis::{
    BindingResource, TechniqueId, TextureKind, TextureSemantic, UniformId, ValidatedEffect,
};

use crate::context::GpuContext;
use crate::format;
use crate::input::BACK_BUFFER_FORMAT;
use crate::sources::{FrameInput, Source, SourceState};
use crate::timing::{FrameAverage, GpuTimer, TimedScope};

/// Options for building a chain; `Default` gives the usual ones.
#[derive(Clone, Debug)]
pub struct ChainOptions {
    /// Measure GPU time with timestamp queries where the device supports them.
    pub gpu_timing: bool,
    /// Which shaders the pipelines run.
    pub shaders: Shaders,
}

impl Default for ChainOptions {
    fn default() -> Self {
        Self {
            gpu_timing: true,
            shaders: Shaders::Naga,
        }
    }
}

/// Rewrites one stage's SPIR-V module (our optimiser, say), or says why it cannot.
pub type SpirvTransform = Arc<dyn Fn(&[u32]) -> Result<Vec<u32>, String> + Send + Sync>;

/// Which shaders a chain's pipelines run.
#[derive(Clone, Default)]
pub enum Shaders {
    /// The front end's naga module, which wgpu translates for the backend.
    #[default]
    Naga,
    /// Each pass stage as the SPIR-V module [`analysis::spirv::compile_entry`] writes, passed
    /// through a transform and handed to the driver as it is (`PASSTHROUGH_SHADERS`, Vulkan).
    /// Only [`Shaders::spirv`], which is `unsafe`, makes one:
    ///
    /// ```compile_fail
    /// # fn forge(transform: engine::SpirvTransform) -> engine::Shaders {
    /// engine::Shaders::Spirv(engine::SpirvPassthrough(transform)) // private field
    /// # }
    /// ```
    Spirv(SpirvPassthrough),
}

/// A SPIR-V transform whose caller promised, through [`Shaders::spirv`], that it keeps modules
/// valid; its field is private so safe code cannot make one.
#[derive(Clone)]
pub struct SpirvPassthrough(SpirvTransform);

impl Shaders {
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
        })
    }
}

#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ChainError {
    #[error("effect '{effect}': {what}: {message}")]
    Gpu {
        effect: String,
        what: String,
        message: String,
    },
    #[error("input is {actual:?} but the chain was built for {expected:?}")]
    InputSize {
        expected: (u32, u32),
        actual: (u32, u32),
    },
    #[error("no technique named '{0}'")]
    UnknownTechnique(String),
    #[error("texture '{texture}': {source}")]
    Image {
        texture: String,
        #[source]
        source: crate::input::InputError,
    },
}

/// One technique's place in the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TechniqueKey {
    /// Index of the effect in the list given to [`EffectChain::new`].
    pub effect: usize,
    pub technique: TechniqueId,
}

/// Timings of one technique and its passes.
#[derive(Clone, Debug, Default)]
pub struct TechniqueTimings {
    /// GPU time from the start of its first pass to the end of its last, in nanoseconds.
    pub gpu_ns: FrameAverage,
    /// CPU time spent recording it, in nanoseconds.
    pub cpu_ns: FrameAverage,
    /// GPU time of each pass, in nanoseconds.
    pub passes_gpu_ns: Vec<FrameAverage>,
}

/// A frame-sized texture with a linear and an sRGB view.
struct FrameTarget {
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    srgb_view: wgpu::TextureView,
}

impl FrameTarget {
    fn new(device: &wgpu::Device, size: (u32, u32), label: &str) -> Self {
        let texture = crate::input::frame_texture(
            device,
            size,
            BACK_BUFFER_FORMAT,
            &[BACK_BUFFER_FORMAT.add_srgb_suffix()],
            label,
        );
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let srgb_view = texture.create_view(&wgpu::TextureViewDescriptor {
            format: Some(BACK_BUFFER_FORMAT.add_srgb_suffix()),
            ..Default::default()
        });
        Self {
            texture,
            view,
            srgb_view,
        }
    }
}

enum PassPipeline {
    Render(wgpu::RenderPipeline),
    Compute(wgpu::ComputePipeline),
}

/// Ctrl, Shift and Alt as Windows virtual-key codes, in the order of `togglectrl`,
/// `toggleshift` and `togglealt`.
const MODIFIER_KEYS: [u32; 3] = [0x11, 0x10, 0x12];

/// A technique's `toggle*` and `timeout` annotations, read once at load.
#[derive(Clone, Copy, Debug, Default)]
struct TechniqueControls {
    /// The toggle key and whether Ctrl, Shift and Alt must be held.
    toggle: Option<(u32, [bool; 3])>,
    timeout_ms: Option<f64>,
}

impl TechniqueControls {
    fn of(technique: &analysis::Technique) -> Self {
        let a = &technique.annotations;
        let held = |name: &str| a.flag(name).unwrap_or(false);
        Self {
            toggle: a.number("toggle").filter(|c| *c > 0.0).map(|c| {
                (
                    c as u32,
                    [held("togglectrl"), held("toggleshift"), held("togglealt")],
                )
            }),
            timeout_ms: a.number("timeout").filter(|t| *t > 0.0),
        }
    }
}

/// Format of each effect's stencil buffer.
const STENCIL_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Stencil8;

/// Where the back buffer of a pass lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BackBuffer {
    Input,
    Intermediate,
    Output,
}

struct PassGpu {
    /// "technique pass name", for GPU debuggers; made once rather than every frame.
    label: String,
    pipeline: PassPipeline,
    layout: wgpu::BindGroupLayout,
    /// Whether it binds the COLOR semantic, whose texture changes from pass to pass.
    reads_frame: bool,
    /// [`analysis::Pass::overwrites_target`]: needs no copy of the back buffer under it and
    /// loads nothing (`LoadOp::DontCare`). False for compute passes.
    overwrites_target: bool,
    /// The bind group when it does not read COLOR, else one per back buffer it may read
    /// (input, intermediate, output), made on first use.
    fixed_bind_group: Option<wgpu::BindGroup>,
    frame_bind_groups: [Option<wgpu::BindGroup>; 3],
}

// One per texture, built at load: the variants' size difference costs nothing that matters.
#[allow(clippy::large_enum_variant)]
enum TextureGpu {
    Owned {
        texture: wgpu::Texture,
        /// Every level, for sampling.
        view: wgpu::TextureView,
        /// Level 0 only, for rendering.
        target_view: wgpu::TextureView,
        mips: Option<crate::mips::MipChain>,
    },
    Semantic(TextureSemantic),
}

struct EffectGpu {
    effect: ValidatedEffect,
    /// Per uniform: the runtime source that fills it every frame, if any.
    sources: Vec<Option<Source>>,
    uniform_buffer: Option<wgpu::Buffer>,
    uniform_values: Vec<Vec<f64>>,
    uniforms_dirty: bool,
    textures: Vec<TextureGpu>,
    samplers: Vec<wgpu::Sampler>,
    /// Bound for DEPTH and unknown semantics: a 1x1 transparent black texture.
    empty_view: wgpu::TextureView,
    /// One view per `storage` declaration: its mip level of its texture.
    storage_views: Vec<wgpu::TextureView>,
    /// The effect's stencil buffer, when a pass uses one.
    stencil_view: Option<wgpu::TextureView>,
    passes: Vec<Vec<PassGpu>>,
}

/// A chain of effects on one device.
pub struct EffectChain {
    ctx: GpuContext,
    size: (u32, u32),
    effects: Vec<EffectGpu>,
    order: Vec<TechniqueKey>,
    enabled: Vec<TechniqueKey>,
    intermediate: FrameTarget,
    output: FrameTarget,
    timer: Option<GpuTimer>,
    timings: std::collections::HashMap<TechniqueKey, TechniqueTimings>,
    copies_last_frame: u32,
    /// See [`Self::texture_memory_bytes`]; fixed once the chain is built.
    texture_memory_bytes: u64,
    source_state: SourceState,
    mip_generator: crate::mips::MipGenerator,
    /// When each technique with a `timeout` annotation was last enabled, in ns of frame time.
    enabled_at: std::collections::HashMap<TechniqueKey, u64>,
    /// Whether the input has a depth buffer (for `bufready_depth`).
    depth_bound: bool,
    /// The input the cached per-frame bind groups were made for.
    bound_input: Option<wgpu::Texture>,
    options: ChainOptions,
    /// Techniques with toggle keys or timeouts.
    controls: Vec<(TechniqueKey, TechniqueControls)>,
}

impl EffectChain {
    /// Builds GPU resources and pipelines for `effects`, all validated for a `size` back buffer.
    /// Techniques run in declaration order, effect after effect, until [`Self::set_order`];
    /// those whose `enabled` annotation is true are enabled.
    pub fn new(
        ctx: &GpuContext,
        effects: Vec<ValidatedEffect>,
        size: (u32, u32),
        options: &ChainOptions,
    ) -> Result<Self, ChainError> {
        let device = &ctx.device;
        let intermediate = FrameTarget::new(device, size, "fxbench intermediate back buffer");
        let output = FrameTarget::new(device, size, "fxbench chain output");
        let mut mip_generator = crate::mips::MipGenerator::new(device);
        let mut gpu_effects = Vec::with_capacity(effects.len());
        let mut pool = TexturePool::default();
        for effect in effects {
            gpu_effects.push(build_effect(
                ctx,
                effect,
                size,
                &options.shaders,
                &mut mip_generator,
                &mut pool,
            )?);
        }
        let order: Vec<TechniqueKey> = gpu_effects
            .iter()
            .enumerate()
            .flat_map(|(i, e)| {
                e.effect.technique_ids().map(move |technique| TechniqueKey {
                    effect: i,
                    technique,
                })
            })
            .collect();
        let enabled = order
            .iter()
            .filter(|k| {
                gpu_effects[k.effect]
                    .effect
                    .technique(k.technique)
                    .enabled_by_default()
            })
            .copied()
            .collect();
        let total_passes: usize = gpu_effects
            .iter()
            .map(|e| e.passes.iter().map(Vec::len).sum::<usize>())
            .sum();
        let timer = options
            .gpu_timing
            .then(|| GpuTimer::new(device, &ctx.queue, total_passes.max(1) as u32))
            .flatten();
        Ok(Self {
            ctx: ctx.clone(),
            size,
            effects: gpu_effects,
            order,
            enabled,
            intermediate,
            output,
            timer,
            timings: Default::default(),
            copies_last_frame: 0,
            texture_memory_bytes: 0,
            source_state: SourceState::new(0x5EED),
            mip_generator,
            enabled_at: Default::default(),
            depth_bound: false,
            bound_input: None,
            options: options.clone(),
            controls: Vec::new(),
        })
        .map(|mut chain| {
            chain.controls = chain
                .order
                .iter()
                .map(|&k| (k, TechniqueControls::of(chain.technique(k))))
                .filter(|(_, c)| c.toggle.is_some() || c.timeout_ms.is_some())
                .collect();
            chain.texture_memory_bytes = texture_memory(&chain.effects);
            chain
        })
    }

    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// Rebuilds the chain for new versions of its effects — edited files, or the same files
    /// compiled for a new back-buffer size (`BUFFER_WIDTH` and texture sizes change with it) —
    /// keeping what the user set: technique order and enabled state (matched by effect path and
    /// technique name) and uniform values (matched by effect path, name and type). Techniques new
    /// to the chain come after the known ones. Timing averages start afresh.
    pub fn reload(
        &mut self,
        effects: Vec<ValidatedEffect>,
        size: (u32, u32),
    ) -> Result<(), ChainError> {
        let options = self.options.clone();
        self.reload_with(effects, size, &options)
    }

    /// [`Self::reload`] with new options (another [`Shaders`] choice, say). On an error the
    /// chain is unchanged.
    pub fn reload_with(
        &mut self,
        effects: Vec<ValidatedEffect>,
        size: (u32, u32),
        options: &ChainOptions,
    ) -> Result<(), ChainError> {
        type Name = (std::path::PathBuf, String);
        let name_of = |chain: &Self, k: TechniqueKey| -> Name {
            (
                chain.effects[k.effect].effect.path().to_path_buf(),
                chain.technique(k).name.clone(),
            )
        };
        let old_order: Vec<Name> = self.order.iter().map(|k| name_of(self, *k)).collect();
        let old_enabled: Vec<Name> = self.enabled.iter().map(|k| name_of(self, *k)).collect();
        let mut old_values = std::collections::HashMap::new();
        for e in &self.effects {
            for (u, value) in e.effect.uniforms().iter().zip(&e.uniform_values) {
                old_values.insert(
                    (e.effect.path().to_path_buf(), u.name.clone()),
                    (u.ty, value.clone()),
                );
            }
        }
        let mut next = Self::new(&self.ctx, effects, size, options)?;
        let known: Vec<TechniqueKey> = old_order
            .iter()
            .filter_map(|name| {
                next.order
                    .iter()
                    .copied()
                    .find(|k| name_of(&next, *k) == *name)
            })
            .collect();
        next.set_order(&known);
        for key in known {
            let on = old_enabled.contains(&name_of(&next, key));
            next.set_enabled(key, on);
        }
        for i in 0..next.effects.len() {
            let path = next.effects[i].effect.path().to_path_buf();
            let updates: Vec<(UniformId, Vec<f64>)> = next.effects[i]
                .effect
                .uniforms()
                .iter()
                .filter_map(|uniform| {
                    let (ty, value) = old_values.get(&(path.clone(), uniform.name.clone()))?;
                    let id = next.effects[i].effect.find_uniform(&uniform.name)?;
                    (*ty == uniform.ty).then(|| (id, value.clone()))
                })
                .collect();
            for (id, value) in updates {
                next.set_uniform(i, id, value);
            }
        }
        next.source_state = std::mem::replace(&mut self.source_state, SourceState::new(0));
        *self = next;
        Ok(())
    }

    pub fn effect(&self, index: usize) -> &ValidatedEffect {
        &self.effects[index].effect
    }

    pub fn effect_count(&self) -> usize {
        self.effects.len()
    }

    /// Every technique in run order.
    pub fn order(&self) -> &[TechniqueKey] {
        &self.order
    }

    /// Sets the run order; techniques left out keep their relative order after those given.
    pub fn set_order(&mut self, order: &[TechniqueKey]) {
        let mut rest: Vec<TechniqueKey> = self
            .order
            .iter()
            .filter(|k| !order.contains(k))
            .copied()
            .collect();
        let mut new: Vec<TechniqueKey> = order
            .iter()
            .filter(|k| self.order.contains(k))
            .copied()
            .collect();
        new.dedup();
        new.append(&mut rest);
        self.order = new;
    }

    pub fn is_enabled(&self, key: TechniqueKey) -> bool {
        self.enabled.contains(&key)
    }

    pub fn set_enabled(&mut self, key: TechniqueKey, enabled: bool) {
        let was = self.is_enabled(key);
        self.enabled.retain(|k| *k != key);
        if enabled {
            self.enabled.push(key);
            if !was {
                // Restart a `timeout` from the next frame's clock.
                self.enabled_at.remove(&key);
            }
        }
    }

    /// Applies technique annotations that react to the frame: `toggle` keys (with
    /// `togglectrl`/`toggleshift`/`togglealt`) flip a technique; `timeout` (ms) disables one that
    /// long after it was enabled.
    fn apply_technique_annotations(&mut self, input: &FrameInput) {
        // Read at load into `controls`, so this per-frame loop allocates nothing.
        for i in 0..self.controls.len() {
            let (key, control) = self.controls[i];
            if let Some((code, modifiers)) = control.toggle {
                let modifiers_match = MODIFIER_KEYS
                    .iter()
                    .zip(modifiers)
                    .all(|(vk, wanted)| wanted == input.keys_down.contains(vk));
                if modifiers_match && self.source_state.key_pressed(input, code) {
                    let on = !self.is_enabled(key);
                    self.set_enabled(key, on);
                }
            }
            if let Some(timeout_ms) = control.timeout_ms
                && self.is_enabled(key)
            {
                let since = *self.enabled_at.entry(key).or_insert(input.elapsed_ns);
                if input.elapsed_ns.saturating_sub(since) as f64 >= timeout_ms * 1e6 {
                    self.set_enabled(key, false);
                }
            }
        }
    }

    /// The technique's name and label.
    pub fn technique(&self, key: TechniqueKey) -> &analysis::Technique {
        self.effects[key.effect].effect.technique(key.technique)
    }

    /// Finds a technique by name, optionally within the effect whose file name is `effect_file`.
    pub fn find(&self, name: &str, effect_file: Option<&str>) -> Option<TechniqueKey> {
        self.order.iter().copied().find(|k| {
            let effect = &self.effects[k.effect].effect;
            effect.technique(k.technique).name == name
                && effect_file.is_none_or(|f| {
                    effect
                        .path()
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().eq_ignore_ascii_case(f))
                })
        })
    }

    /// Current uniform values of an effect.
    pub fn uniform_values(&self, effect: usize) -> &[Vec<f64>] {
        &self.effects[effect].uniform_values
    }

    /// The runtime source filling a uniform, if any (such uniforms are not user-editable).
    pub fn uniform_source(&self, effect: usize, uniform: UniformId) -> Option<&Source> {
        self.effects[effect].sources[uniform.index()].as_ref()
    }

    /// Sets a uniform; it reaches the GPU with the next frame.
    /// Sets a uniform's value for the next frames. A uniform compiled into a constant
    /// (performance mode) keeps the value it was compiled with: recompile to change it.
    pub fn set_uniform(&mut self, effect: usize, uniform: UniformId, value: Vec<f64>) {
        let e = &mut self.effects[effect];
        if e.effect.uniform(uniform).constant {
            return;
        }
        if e.uniform_values[uniform.index()] != value {
            e.uniform_values[uniform.index()] = value;
            e.uniforms_dirty = true;
        }
    }

    pub fn timings(&self, key: TechniqueKey) -> Option<&TechniqueTimings> {
        self.timings.get(&key)
    }

    /// Bytes of GPU memory the effects' own textures take (every mip level; a pooled texture
    /// shared by several effects counts once). Back buffers and stencil buffers are not included.
    pub fn texture_memory_bytes(&self) -> u64 {
        self.texture_memory_bytes
    }

    /// The options the chain was built with.
    pub fn options(&self) -> &ChainOptions {
        &self.options
    }

    /// Whether GPU times are measured (the device has timestamp queries).
    pub fn has_gpu_timing(&self) -> bool {
        self.timer.is_some()
    }

    /// Full-frame copies recorded by the last frame.
    pub fn copies_last_frame(&self) -> u32 {
        self.copies_last_frame
    }

    /// How many full-frame copies ReShade makes for the enabled techniques: one of the back buffer
    /// before the first pass, and one after every pass that writes the back buffer.
    pub fn reshade_copies_per_frame(&self) -> u32 {
        let back_buffer_passes: usize = self
            .order
            .iter()
            .filter(|k| self.enabled.contains(k))
            .map(|k| {
                self.technique(*k)
                    .passes
                    .iter()
                    .filter(|p| p.writes_back_buffer())
                    .count()
            })
            .sum();
        1 + back_buffer_passes as u32
    }

    /// The chain's result after a frame: RGBA8, the chain's size.
    pub fn output(&self) -> &wgpu::Texture {
        &self.output.texture
    }

    pub fn output_view(&self) -> &wgpu::TextureView {
        &self.output.view
    }

    /// Records every enabled technique, in order, over `input` into `encoder`; the result lands in
    /// [`Self::output`]. Call [`Self::after_submit`] once the encoder's commands are submitted.
    pub fn frame(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        input: &crate::input::InputTexture,
        frame_input: &FrameInput,
    ) -> Result<(), ChainError> {
        let actual = (input.width(), input.height());
        if actual != self.size {
            return Err(ChainError::InputSize {
                expected: self.size,
                actual,
            });
        }
        if self.bound_input.as_ref() != Some(&input.texture) {
            // Bind groups that reference the input (as COLOR or DEPTH) are stale.
            for e in &mut self.effects {
                for pass in e.passes.iter_mut().flatten() {
                    pass.frame_bind_groups = [None, None, None];
                }
            }
            self.bound_input = Some(input.texture.clone());
            self.depth_bound = input.depth.is_some();
        }
        // Collect finished timings without waiting.
        let _ = self.ctx.device.poll(wgpu::PollType::Poll);
        if let Some(timer) = &mut self.timer {
            for (scope, ns) in timer.collect() {
                record_sample(&mut self.timings, scope, ns);
            }
            timer.begin_frame();
        }
        self.apply_technique_annotations(frame_input);
        for e in &mut self.effects {
            for (source, value) in e.sources.iter().zip(&mut e.uniform_values) {
                if let Some(source) = source {
                    let before = value.clone();
                    self.source_state
                        .evaluate(source, frame_input, self.depth_bound, value);
                    e.uniforms_dirty |= *value != before;
                }
            }
            if let (true, Some(buffer)) = (e.uniforms_dirty, &e.uniform_buffer) {
                self.ctx
                    .queue
                    .write_buffer(buffer, 0, &e.effect.uniform_bytes(&e.uniform_values));
                e.uniforms_dirty = false;
            }
        }

        let active: Vec<TechniqueKey> = self
            .order
            .iter()
            .filter(|k| self.enabled.contains(k))
            .copied()
            .collect();
        let mut back_buffer_passes_left: usize = active
            .iter()
            .map(|k| {
                self.effects[k.effect]
                    .effect
                    .technique(k.technique)
                    .passes
                    .iter()
                    .filter(|p| p.writes_back_buffer())
                    .count()
            })
            .sum();
        let mut current = BackBuffer::Input;
        let mut copies = 0;
        let mut stencil_cleared = std::collections::HashSet::new();

        for key in active {
            let started = Instant::now();
            let first_query = self.timer.as_ref().map(GpuTimer::next_query);
            let effect_gpu = &mut self.effects[key.effect];
            let technique = effect_gpu.effect.technique(key.technique);
            for (pass_index, pass) in technique.passes.iter().enumerate() {
                let pass_gpu = &mut effect_gpu.passes[key.technique.index()][pass_index];
                let destination = if pass.writes_back_buffer() {
                    back_buffer_passes_left -= 1;
                    // Alternate so that the last back-buffer pass (none left) writes the output;
                    // a pass never writes the texture it reads, its predecessor's target.
                    Some(if back_buffer_passes_left.is_multiple_of(2) {
                        BackBuffer::Output
                    } else {
                        BackBuffer::Intermediate
                    })
                } else {
                    None
                };
                if let Some(dest) = destination.filter(|_| !pass_gpu.overwrites_target) {
                    encoder.copy_texture_to_texture(
                        back_buffer_texture(current, input, &self.intermediate, &self.output)
                            .as_image_copy(),
                        back_buffer_texture(dest, input, &self.intermediate, &self.output)
                            .as_image_copy(),
                        input.texture.size(),
                    );
                    copies += 1;
                }

                let bind_group = if pass_gpu.reads_frame {
                    let slot = match current {
                        BackBuffer::Input => 0,
                        BackBuffer::Intermediate => 1,
                        BackBuffer::Output => 2,
                    };
                    let color_view =
                        back_buffer_view(current, input, &self.intermediate, &self.output, false);
                    let color_srgb_view =
                        back_buffer_view(current, input, &self.intermediate, &self.output, true);
                    let make = |layout: &wgpu::BindGroupLayout| {
                        make_bind_group(
                            &self.ctx.device,
                            &effect_gpu.effect,
                            layout,
                            pass,
                            &effect_gpu.textures,
                            &effect_gpu.samplers,
                            effect_gpu.uniform_buffer.as_ref(),
                            &effect_gpu.empty_view,
                            &effect_gpu.storage_views,
                            FrameViews {
                                color: Some(color_view),
                                color_srgb: Some(color_srgb_view),
                                depth: input.depth.as_ref().map(|d| &d.view),
                            },
                        )
                    };
                    if pass_gpu.frame_bind_groups[slot].is_none() {
                        pass_gpu.frame_bind_groups[slot] = Some(make(&pass_gpu.layout));
                    }
                    pass_gpu.frame_bind_groups[slot]
                        .as_ref()
                        .expect("filled just above")
                } else {
                    pass_gpu
                        .fixed_bind_group
                        .as_ref()
                        .expect("passes that read neither COLOR nor DEPTH get a bind group at load")
                };

                if let (PassPipeline::Compute(pipeline), Some(dispatch)) =
                    (&pass_gpu.pipeline, pass.compute())
                {
                    let timestamp_writes = self.timer.as_mut().and_then(|t| {
                        t.compute_pass_writes(TimedScope::Pass {
                            effect: key.effect,
                            technique: key.technique,
                            pass: pass_index,
                        })
                    });
                    let mut cpass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                        label: Some(&pass_gpu.label),
                        timestamp_writes,
                    });
                    cpass.set_pipeline(pipeline);
                    cpass.set_bind_group(0, bind_group, &[]);
                    let [x, y, z] = dispatch.groups;
                    cpass.dispatch_workgroups(x, y, z);
                    drop(cpass);
                    if pass.generate_mips() {
                        // Storage writes to level 0 refresh the levels below it.
                        for b in pass.bindings() {
                            let BindingResource::Storage(sid) = b.resource else {
                                continue;
                            };
                            let storage = effect_gpu.effect.storage(sid);
                            if let (
                                0,
                                TextureGpu::Owned {
                                    mips: Some(mips), ..
                                },
                            ) = (
                                storage.mip_level,
                                &effect_gpu.textures[storage.texture.index()],
                            ) {
                                self.mip_generator.generate(encoder, mips);
                            }
                        }
                    }
                    continue;
                }
                let PassPipeline::Render(render_pipeline) = &pass_gpu.pipeline else {
                    unreachable!("compute passes were handled above");
                };

                let target_views: Vec<&wgpu::TextureView> = match destination {
                    Some(dest) => {
                        let target = match dest {
                            BackBuffer::Intermediate => &self.intermediate,
                            _ => &self.output,
                        };
                        vec![if pass.srgb_write() {
                            &target.srgb_view
                        } else {
                            &target.view
                        }]
                    }
                    None => pass
                        .render_targets()
                        .iter()
                        .map(|id| match &effect_gpu.textures[id.index()] {
                            TextureGpu::Owned { target_view, .. } => target_view,
                            TextureGpu::Semantic(_) => {
                                unreachable!("validation rejects semantic render targets")
                            }
                        })
                        .collect(),
                };
                let load = if pass_gpu.overwrites_target {
                    // SAFETY: (wgpu's contract for DontCare) every pixel of every target is
                    // written before anything reads or blends it: `overwrites_target` holds only
                    // for draws proved to cover the viewport, with no blending, write masks,
                    // stencil test or discard, whose pixel shader writes every target (the
                    // analyzer rejects a target without an output at its slot).
                    wgpu::LoadOp::DontCare(unsafe { wgpu::LoadOpDontCare::enabled() })
                } else if destination.is_some() {
                    // The previous back buffer was copied under it just above.
                    wgpu::LoadOp::Load
                } else if pass.clears_render_targets() {
                    wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT)
                } else {
                    wgpu::LoadOp::Load
                };
                let attachments: Vec<Option<wgpu::RenderPassColorAttachment>> = target_views
                    .iter()
                    .map(|view| {
                        Some(wgpu::RenderPassColorAttachment {
                            view,
                            depth_slice: None,
                            resolve_target: None,
                            ops: wgpu::Operations {
                                load,
                                store: wgpu::StoreOp::Store,
                            },
                        })
                    })
                    .collect();
                let timestamp_writes = self.timer.as_mut().and_then(|t| {
                    t.pass_writes(TimedScope::Pass {
                        effect: key.effect,
                        technique: key.technique,
                        pass: pass_index,
                    })
                });
                let depth_stencil_attachment = match (&pass.stencil(), &effect_gpu.stencil_view) {
                    (Some(_), Some(view)) => {
                        // Cleared before the effect's first stencil pass of each frame.
                        let load = if stencil_cleared.insert(key.effect) {
                            wgpu::LoadOp::Clear(0)
                        } else {
                            wgpu::LoadOp::Load
                        };
                        Some(wgpu::RenderPassDepthStencilAttachment {
                            view,
                            depth_ops: None,
                            stencil_ops: Some(wgpu::Operations {
                                load,
                                store: wgpu::StoreOp::Store,
                            }),
                        })
                    }
                    _ => None,
                };
                let mut rpass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                    label: Some(&pass_gpu.label),
                    color_attachments: &attachments,
                    depth_stencil_attachment,
                    timestamp_writes,
                    occlusion_query_set: None,
                    multiview_mask: None,
                });
                if let Some(stencil) = pass.stencil() {
                    rpass.set_stencil_reference(u32::from(stencil.reference));
                }
                rpass.set_pipeline(render_pipeline);
                rpass.set_bind_group(0, bind_group, &[]);
                rpass.draw(0..pass.draw().map_or(0, |d| d.vertex_count), 0..1);
                drop(rpass);

                if destination.is_none() && pass.generate_mips() {
                    for id in pass.render_targets() {
                        if let TextureGpu::Owned {
                            mips: Some(mips), ..
                        } = &effect_gpu.textures[id.index()]
                        {
                            self.mip_generator.generate(encoder, mips);
                        }
                    }
                }
                if let Some(dest) = destination {
                    current = dest;
                }
            }
            if let (Some(timer), Some(first)) = (self.timer.as_mut(), first_query) {
                let last = timer.next_query();
                if last > first && timer.frame_is_timed() {
                    timer.span_scope(
                        TimedScope::Technique {
                            effect: key.effect,
                            technique: key.technique,
                        },
                        first,
                        last - 1,
                    );
                }
            }
            let pass_count = technique.passes.len();
            let entry = self.timings.entry(key).or_default();
            entry
                .passes_gpu_ns
                .resize_with(pass_count, Default::default);
            entry.cpu_ns.push(started.elapsed().as_nanos() as u64);
        }

        if current == BackBuffer::Input {
            // Nothing wrote the back buffer: the output is the input.
            encoder.copy_texture_to_texture(
                input.texture.as_image_copy(),
                self.output.texture.as_image_copy(),
                input.texture.size(),
            );
            copies += 1;
        }
        self.copies_last_frame = copies;
        if let Some(timer) = &mut self.timer {
            timer.end_frame(encoder);
        }
        self.source_state.end_frame(frame_input);
        Ok(())
    }

    /// Call once the commands recorded by [`Self::frame`] have been submitted.
    pub fn after_submit(&mut self) {
        if let Some(timer) = &mut self.timer {
            timer.after_submit();
        }
    }

    /// Convenience for tools: records one frame, submits it and waits for the GPU.
    pub fn render_blocking(
        &mut self,
        input: &crate::input::InputTexture,
        frame_input: &FrameInput,
    ) -> Result<(), ChainError> {
        let mut encoder = self
            .ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("fxbench frame"),
            });
        self.frame(&mut encoder, input, frame_input)?;
        self.ctx.queue.submit([encoder.finish()]);
        self.after_submit();
        let _ = self.ctx.device.poll(wgpu::PollType::wait_indefinitely());
        Ok(())
    }

    /// Waits for the GPU and folds every outstanding timestamp into the averages.
    pub fn flush_timings(&mut self) {
        let _ = self.ctx.device.poll(wgpu::PollType::wait_indefinitely());
        if let Some(timer) = &mut self.timer {
            for (scope, ns) in timer.collect() {
                record_sample(&mut self.timings, scope, ns);
            }
        }
    }
}

fn record_sample(
    timings: &mut std::collections::HashMap<TechniqueKey, TechniqueTimings>,
    scope: TimedScope,
    ns: u64,
) {
    match scope {
        TimedScope::Technique { effect, technique } => {
            let key = TechniqueKey { effect, technique };
            timings.entry(key).or_default().gpu_ns.push(ns);
        }
        TimedScope::Pass {
            effect,
            technique,
            pass,
        } => {
            let key = TechniqueKey { effect, technique };
            let entry = timings.entry(key).or_default();
            if entry.passes_gpu_ns.len() <= pass {
                entry.passes_gpu_ns.resize_with(pass + 1, Default::default);
            }
            entry.passes_gpu_ns[pass].push(ns);
        }
    }
}

fn back_buffer_texture<'a>(
    which: BackBuffer,
    input: &'a crate::input::InputTexture,
    intermediate: &'a FrameTarget,
    output: &'a FrameTarget,
) -> &'a wgpu::Texture {
    match which {
        BackBuffer::Input => &input.texture,
        BackBuffer::Intermediate => &intermediate.texture,
        BackBuffer::Output => &output.texture,
    }
}

fn back_buffer_view<'a>(
    which: BackBuffer,
    input: &'a crate::input::InputTexture,
    intermediate: &'a FrameTarget,
    output: &'a FrameTarget,
    srgb: bool,
) -> &'a wgpu::TextureView {
    match (which, srgb) {
        (BackBuffer::Input, false) => &input.view,
        (BackBuffer::Input, true) => &input.srgb_view,
        (BackBuffer::Intermediate, false) => &intermediate.view,
        (BackBuffer::Intermediate, true) => &intermediate.srgb_view,
        (BackBuffer::Output, false) => &output.view,
        (BackBuffer::Output, true) => &output.srgb_view,
    }
}

/// The per-frame views a bind group may need: the back buffer (COLOR) and the input's depth.
#[derive(Clone, Copy, Default)]
struct FrameViews<'a> {
    color: Option<&'a wgpu::TextureView>,
    /// The back buffer decoded as sRGB, for COLOR textures whose samplers ask for it.
    color_srgb: Option<&'a wgpu::TextureView>,
    depth: Option<&'a wgpu::TextureView>,
}

#[allow(clippy::too_many_arguments)]
fn make_bind_group(
    device: &wgpu::Device,
    effect: &ValidatedEffect,
    layout: &wgpu::BindGroupLayout,
    pass: &analysis::Pass,
    textures: &[TextureGpu],
    samplers: &[wgpu::Sampler],
    uniform_buffer: Option<&wgpu::Buffer>,
    empty_view: &wgpu::TextureView,
    storage_views: &[wgpu::TextureView],
    frame: FrameViews,
) -> wgpu::BindGroup {
    let entries: Vec<wgpu::BindGroupEntry> = pass
        .bindings()
        .iter()
        .map(|b| wgpu::BindGroupEntry {
            binding: b.binding,
            resource: match b.resource {
                BindingResource::Uniforms => uniform_buffer
                    .expect("an effect with a uniform binding has a uniform buffer")
                    .as_entire_binding(),
                BindingResource::Texture(id) => wgpu::BindingResource::TextureView(match &textures
                    [id.index()]
                {
                    TextureGpu::Owned { view, .. } => view,
                    TextureGpu::Semantic(TextureSemantic::Color) => if effect.texture(id).srgb_read
                    {
                        frame.color_srgb
                    } else {
                        frame.color
                    }
                    .expect("passes reading COLOR are given its views"),
                    TextureGpu::Semantic(TextureSemantic::Depth) => {
                        frame.depth.unwrap_or(empty_view)
                    }
                    TextureGpu::Semantic(_) => empty_view,
                }),
                BindingResource::Sampler(id) => {
                    wgpu::BindingResource::Sampler(&samplers[id.index()])
                }
                BindingResource::Storage(id) => {
                    wgpu::BindingResource::TextureView(&storage_views[id.index()])
                }
            },
        })
        .collect();
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some(&format!("{} bind group", effect.path().display())),
        layout,
        entries: &entries,
    })
}

/// GPU textures of `pooled` textures, shared between effects: for each description, the textures
/// made so far, in the order an effect asks for them.
#[derive(Default)]
struct TexturePool(std::collections::HashMap<String, Vec<wgpu::Texture>>);

fn build_effect(
    ctx: &GpuContext,
    effect: ValidatedEffect,
    size: (u32, u32),
    shaders: &Shaders,
    mip_generator: &mut crate::mips::MipGenerator,
    pool: &mut TexturePool,
) -> Result<EffectGpu, ChainError> {
    let device = &ctx.device;
    // One stencil buffer per effect, shared by its passes, as in ReShade.
    let uses_stencil = effect
        .techniques()
        .iter()
        .flat_map(|t| &t.passes)
        .any(|p| p.stencil().is_some());
    let stencil_view = uses_stencil.then(|| {
        crate::input::frame_texture(device, size, STENCIL_FORMAT, &[], "fxbench effect stencil")
            .create_view(&wgpu::TextureViewDescriptor::default())
    });
    let name = effect.path().display().to_string();
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);

    let uniform_buffer = (effect.uniform_buffer_size() > 0).then(|| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(&format!("{name} uniforms")),
            size: u64::from(effect.uniform_buffer_size()),
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    });
    let mut image_uploads = Vec::new();
    // How many pooled textures of each description this effect has taken: two of its own never
    // share one GPU texture.
    let mut pooled_taken: std::collections::HashMap<String, usize> = Default::default();
    let textures: Vec<TextureGpu> = effect
        .textures()
        .iter()
        .enumerate()
        .map(|(i, t)| match &t.kind {
            TextureKind::Owned {
                width,
                height,
                depth,
                format: fmt,
                mip_levels,
            } => {
                let three_d = *depth > 1;
                let descriptor = wgpu::TextureDescriptor {
                    label: Some(&t.name),
                    size: wgpu::Extent3d {
                        width: *width,
                        height: *height,
                        depth_or_array_layers: *depth,
                    },
                    mip_level_count: *mip_levels,
                    sample_count: 1,
                    dimension: if three_d {
                        wgpu::TextureDimension::D3
                    } else {
                        wgpu::TextureDimension::D2
                    },
                    format: format::texture_format(*fmt),
                    // 3D textures are never render targets (analysis rejects them as such).
                    usage: (if three_d {
                        wgpu::TextureUsages::empty()
                    } else {
                        wgpu::TextureUsages::RENDER_ATTACHMENT
                    }) | wgpu::TextureUsages::TEXTURE_BINDING
                        | wgpu::TextureUsages::COPY_DST
                        | wgpu::TextureUsages::COPY_SRC
                        | if written_as_storage(&effect, i) {
                            wgpu::TextureUsages::STORAGE_BINDING
                        } else {
                            wgpu::TextureUsages::empty()
                        },
                    view_formats: if t.srgb_read {
                        &[wgpu::TextureFormat::Rgba8UnormSrgb]
                    } else {
                        &[]
                    },
                };
                let texture = if t.pooled && t.image.is_none() {
                    // The descriptor is the key (labels aside): same size, format, levels,
                    // usages and view formats.
                    let key = format!(
                        "{:?}",
                        wgpu::TextureDescriptor {
                            label: None,
                            ..descriptor.clone()
                        }
                    );
                    let taken = pooled_taken.entry(key.clone()).or_default();
                    let shared = pool.0.entry(key).or_default();
                    if *taken == shared.len() {
                        shared.push(device.create_texture(&descriptor));
                    }
                    *taken += 1;
                    shared[*taken - 1].clone()
                } else {
                    device.create_texture(&descriptor)
                };
                // Sampled through an sRGB view when its samplers ask for decoding.
                let view = texture.create_view(&wgpu::TextureViewDescriptor {
                    label: Some(&t.name),
                    format: t.srgb_read.then_some(wgpu::TextureFormat::Rgba8UnormSrgb),
                    ..Default::default()
                });
                let target_view = texture.create_view(&wgpu::TextureViewDescriptor {
                    label: Some(&t.name),
                    mip_level_count: Some(1),
                    ..Default::default()
                });
                let mips = mip_generator.chain(device, &texture);
                if let Some(path) = &t.image {
                    image_uploads.push((t.name.clone(), path.clone(), texture.clone()));
                }
                TextureGpu::Owned {
                    texture,
                    view,
                    target_view,
                    mips,
                }
            }
            TextureKind::Semantic(s) => TextureGpu::Semantic(s.clone()),
        })
        .collect();
    let storage_views = effect
        .storages()
        .iter()
        .map(|st| match &textures[st.texture.index()] {
            TextureGpu::Owned { texture, .. } => {
                texture.create_view(&wgpu::TextureViewDescriptor {
                    label: Some(&st.name),
                    base_mip_level: st.mip_level,
                    mip_level_count: Some(1),
                    ..Default::default()
                })
            }
            TextureGpu::Semantic(_) => {
                unreachable!("storage of a semantic texture is rejected by analysis")
            }
        })
        .collect();
    let samplers = effect
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
        .collect();
    let empty = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("fxbench empty texture"),
        size: wgpu::Extent3d {
            width: 1,
            height: 1,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: BACK_BUFFER_FORMAT,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    // A new texture is zero-initialised by wgpu: transparent black.
    let empty_view = empty.create_view(&wgpu::TextureViewDescriptor::default());

    let modules = ShaderModules::new(device, &effect, shaders)?;

    let features = device.features();
    let mut passes = Vec::with_capacity(effect.techniques().len());
    for technique in effect.techniques() {
        let mut technique_passes = Vec::with_capacity(technique.passes.len());
        for (pass_index, pass) in technique.passes.iter().enumerate() {
            let layout_entries: Vec<wgpu::BindGroupLayoutEntry> = pass
                .bindings()
                .iter()
                .map(|b| wgpu::BindGroupLayoutEntry {
                    binding: b.binding,
                    // Writable storage is not allowed in vertex shaders.
                    visibility: if matches!(b.resource, BindingResource::Storage(_)) {
                        wgpu::ShaderStages::FRAGMENT | wgpu::ShaderStages::COMPUTE
                    } else {
                        wgpu::ShaderStages::VERTEX_FRAGMENT | wgpu::ShaderStages::COMPUTE
                    },
                    ty: match b.resource {
                        BindingResource::Uniforms => wgpu::BindingType::Buffer {
                            ty: wgpu::BufferBindingType::Uniform,
                            has_dynamic_offset: false,
                            min_binding_size: None,
                        },
                        BindingResource::Texture(id) => wgpu::BindingType::Texture {
                            sample_type: match &effect.texture(id).kind {
                                TextureKind::Owned { format: f, .. } => {
                                    format::sample_type(*f, features)
                                }
                                // Depth is R32Float: filterable only with FLOAT32_FILTERABLE.
                                TextureKind::Semantic(TextureSemantic::Depth) => {
                                    wgpu::TextureSampleType::Float {
                                        filterable: features
                                            .contains(wgpu::Features::FLOAT32_FILTERABLE),
                                    }
                                }
                                TextureKind::Semantic(_) => {
                                    wgpu::TextureSampleType::Float { filterable: true }
                                }
                            },
                            view_dimension: view_dimension(effect.texture(id)),
                            multisampled: false,
                        },
                        BindingResource::Storage(id) => wgpu::BindingType::StorageTexture {
                            access: wgpu::StorageTextureAccess::WriteOnly,
                            format: match &effect.texture(effect.storage(id).texture).kind {
                                TextureKind::Owned { format: f, .. } => format::texture_format(*f),
                                TextureKind::Semantic(_) => unreachable!(
                                    "storage of a semantic texture is rejected by analysis"
                                ),
                            },
                            view_dimension: view_dimension(
                                effect.texture(effect.storage(id).texture),
                            ),
                        },
                        BindingResource::Sampler(id) => {
                            let s = effect.sampler(id);
                            let filtering = [s.min_filter, s.mag_filter, s.mip_filter]
                                .contains(&analysis::FilterMode::Linear);
                            wgpu::BindingType::Sampler(if filtering {
                                wgpu::SamplerBindingType::Filtering
                            } else {
                                wgpu::SamplerBindingType::NonFiltering
                            })
                        }
                    },
                    count: None,
                })
                .collect();
            let label = format!("{name} {} pass {pass_index}", technique.name);
            let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some(&label),
                entries: &layout_entries,
            });
            let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some(&label),
                bind_group_layouts: &[Some(&layout)],
                immediate_size: 0,
            });
            let reads_frame = pass.bindings().iter().any(|b| {
                matches!(b.resource, BindingResource::Texture(id)
                    if matches!(effect.texture(id).kind,
                        TextureKind::Semantic(TextureSemantic::Color | TextureSemantic::Depth)))
            });
            let draw = match pass.kind() {
                analysis::PassKind::Draw(draw) => draw,
                analysis::PassKind::Compute(dispatch) => {
                    let pipeline =
                        device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                            label: Some(&label),
                            layout: Some(&pipeline_layout),
                            module: &modules.get(device, &effect, pass, dispatch.entry)?,
                            entry_point: Some(&effect.entry_point(dispatch.entry).name),
                            compilation_options: Default::default(),
                            cache: None,
                        });
                    technique_passes.push(PassGpu {
                        label: label.clone(),
                        pipeline: PassPipeline::Compute(pipeline),
                        layout,
                        reads_frame,
                        overwrites_target: false,
                        fixed_bind_group: None,
                        frame_bind_groups: [None, None, None],
                    });
                    continue;
                }
            };
            let target_formats: Vec<wgpu::TextureFormat> = if pass.writes_back_buffer() {
                vec![if pass.srgb_write() {
                    BACK_BUFFER_FORMAT.add_srgb_suffix()
                } else {
                    BACK_BUFFER_FORMAT
                }]
            } else {
                pass.render_targets()
                    .iter()
                    .map(|id| match &effect.texture(*id).kind {
                        TextureKind::Owned { format: f, .. } => format::texture_format(*f),
                        TextureKind::Semantic(_) => BACK_BUFFER_FORMAT,
                    })
                    .collect()
            };
            let targets: Vec<Option<wgpu::ColorTargetState>> = target_formats
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
                .collect();
            let vertex_entry = &effect.entry_point(draw.vertex).name;
            let fragment_entry = &effect.entry_point(draw.fragment).name;
            let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(&label),
                layout: Some(&pipeline_layout),
                vertex: wgpu::VertexState {
                    module: &modules.get(device, &effect, pass, draw.vertex)?,
                    entry_point: Some(vertex_entry),
                    compilation_options: Default::default(),
                    buffers: &[],
                },
                primitive: wgpu::PrimitiveState {
                    topology: format::topology(draw.topology),
                    ..Default::default()
                },
                depth_stencil: pass.stencil().map(|st| wgpu::DepthStencilState {
                    format: STENCIL_FORMAT,
                    depth_write_enabled: Some(false),
                    depth_compare: Some(wgpu::CompareFunction::Always),
                    stencil: format::stencil_state(*st),
                    bias: wgpu::DepthBiasState::default(),
                }),
                multisample: wgpu::MultisampleState::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &modules.get(device, &effect, pass, draw.fragment)?,
                    entry_point: Some(fragment_entry),
                    compilation_options: Default::default(),
                    targets: &targets,
                }),
                multiview_mask: None,
                cache: None,
            });
            let overwrites_target = pass.overwrites_target();
            technique_passes.push(PassGpu {
                label: label.clone(),
                pipeline: PassPipeline::Render(pipeline),
                layout,
                reads_frame,
                overwrites_target,
                fixed_bind_group: None,
                frame_bind_groups: [None, None, None],
            });
        }
        passes.push(technique_passes);
    }

    // Image-sourced textures: decoded, scaled to the texture's size, uploaded, mips rebuilt.
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some("fxbench texture images"),
    });
    for (name, path, texture) in image_uploads {
        let image = crate::input::load_image(&path).map_err(|source| ChainError::Image {
            texture: name.clone(),
            source,
        })?;
        let pixels = crate::input::resize_rgba8(&image, texture.width(), texture.height());
        ctx.queue.write_texture(
            texture.as_image_copy(),
            &pixels,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(texture.width() * 4),
                rows_per_image: Some(texture.height()),
            },
            wgpu::Extent3d {
                width: texture.width(),
                height: texture.height(),
                depth_or_array_layers: 1,
            },
        );
        if let Some(TextureGpu::Owned {
            mips: Some(mips), ..
        }) = effect
            .textures()
            .iter()
            .position(|t| t.name == name)
            .map(|i| &textures[i])
        {
            mip_generator.generate(&mut encoder, mips);
        }
    }
    ctx.queue.submit([encoder.finish()]);

    let sources = effect
        .uniforms()
        .iter()
        .map(|u| Source::from_annotations(&u.annotations))
        .collect();
    let mut gpu = EffectGpu {
        sources,
        uniform_values: effect.initial_values(),
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
    // Passes that do not read COLOR bind the same resources every frame.
    for (t, technique) in gpu.effect.techniques().iter().enumerate() {
        for (p, pass) in technique.passes.iter().enumerate() {
            let pass_gpu = &gpu.passes[t][p];
            if !pass_gpu.reads_frame {
                let bg = make_bind_group(
                    device,
                    &gpu.effect,
                    &pass_gpu.layout,
                    pass,
                    &gpu.textures,
                    &gpu.samplers,
                    gpu.uniform_buffer.as_ref(),
                    &gpu.empty_view,
                    &gpu.storage_views,
                    FrameViews::default(),
                );
                gpu.passes[t][p].fixed_bind_group = Some(bg);
            }
        }
    }
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

/// Where an effect's pipelines get their shader modules.
enum ShaderModules<'t> {
    /// One for the whole effect, from naga IR.
    Naga(wgpu::ShaderModule),
    /// One per pass stage, SPIR-V passed through after `transform`.
    Spirv(&'t SpirvTransform),
}

impl<'t> ShaderModules<'t> {
    fn new(
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
            Shaders::Spirv(_)
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
        }
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
        };
        let ep = effect.entry_point(entry);
        let error = |message: String| ChainError::Gpu {
            effect: effect.path().display().to_string(),
            what: format!("SPIR-V for entry point '{}'", ep.name),
            message,
        };
        let numbers: Vec<u32> = pass.bindings().iter().map(|b| b.binding).collect();
        let words = analysis::spirv::compile_entry(
            effect,
            entry,
            analysis::spirv::Bindings::Ranked(&numbers),
        )
        .map_err(|e| error(e.message))?;
        let words = transform(&words).map_err(error)?;
        let [x, y, z] = ep.workgroup_size;
        // SAFETY: naga writes valid SPIR-V for a module that passed its validator (every
        // ValidatedEffect did), and `Shaders::spirv`'s contract makes the transform keep it valid
        // with the same interface. Its bindings are ranked among the pass's bindings, which is
        // how wgpu's Vulkan backend numbers the descriptors of the layout made from them below
        // (sorted by binding, from 0); the stage interface is naga's own for both stages.
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

/// Bytes the effects' own textures take, every mip level, each GPU texture once.
fn texture_memory(effects: &[EffectGpu]) -> u64 {
    let mut seen: Vec<&wgpu::Texture> = Vec::new();
    let mut bytes = 0;
    for t in effects.iter().flat_map(|e| &e.textures) {
        let TextureGpu::Owned { texture, .. } = t else {
            continue;
        };
        if seen.contains(&texture) {
            continue;
        }
        seen.push(texture);
        let block = u64::from(texture.format().block_copy_size(None).unwrap_or(4));
        for level in 0..texture.mip_level_count() {
            let extent = texture.size().mip_level_size(level, texture.dimension());
            bytes += u64::from(extent.width)
                * u64::from(extent.height)
                * u64::from(extent.depth_or_array_layers)
                * block;
        }
    }
    bytes
}

/// How a texture is bound: 2D, or 3D for `Depth` > 1.
fn view_dimension(texture: &analysis::Texture) -> wgpu::TextureViewDimension {
    if texture.dimensions() == 3 {
        wgpu::TextureViewDimension::D3
    } else {
        wgpu::TextureViewDimension::D2
    }
}

/// Whether some `storage` declaration writes texture `index`.
fn written_as_storage(effect: &ValidatedEffect, index: usize) -> bool {
    effect.storages().iter().any(|s| s.texture.index() == index)
}
