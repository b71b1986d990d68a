//! The effect chain: GPU resources for a list of validated effects, the technique order, enabled
//! techniques and uniform values, shaped like librashader's filter chain: load once, then
//! [`EffectChain::frame`] (in `chain/frame.rs`) records every enabled technique into the caller's
//! command encoder, routing the back buffer as `routing.rs` plans.

mod controls;
mod debug;
pub use debug::TraceRequest;
#[cfg(test)]
mod fault_tests;
mod frame;
mod history;
pub use history::{HistoryNote, PassHistory, PixelHistory, TargetHistory};
mod inspect;
use inspect::owned_texture;
mod reference;

use std::collections::HashMap;

use analysis::{TechniqueId, UniformId, ValidatedEffect};

use crate::context::GpuContext;
use crate::effect_gpu::{EffectGpu, build_effect};
use crate::routing::PassOutput;
use crate::sources::{FrameInput, Source, SourceState};
pub use crate::textures::TextureConflict;
use crate::textures::{FrameTarget, TexturePool};
use crate::timing::{FrameAverage, GpuTimer, TimedScope};

pub use crate::pipeline::{Shaders, SpirvPassthrough, SpirvTransform, SpirvTransformError};
use controls::TechniqueControls;
pub use controls::ToggleKey;

/// Options for building a chain; `Default` gives the usual ones.
#[derive(Clone, Debug)]
pub struct ChainOptions {
    /// Measure GPU time with timestamp queries where the device supports them.
    pub gpu_timing: bool,
    /// Which shaders the pipelines run.
    pub shaders: Shaders,
    /// The back buffer's format and colour space: the input, the intermediate back buffer and
    /// the output are of its format, and every effect must be compiled for it
    /// (`analysis::Options::back_buffer`).
    pub back_buffer: analysis::BackBuffer,
}

impl Default for ChainOptions {
    fn default() -> Self {
        Self {
            gpu_timing: true,
            shaders: Shaders::Naga,
            back_buffer: analysis::BackBuffer::SRGB8,
        }
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
    /// The input texture is not of the chain's back-buffer format.
    #[error("input is {actual:?} but the chain's back buffer is {expected:?}")]
    InputFormat {
        expected: wgpu::TextureFormat,
        actual: wgpu::TextureFormat,
    },
    /// An effect compiled for another back buffer than the chain's (its `BUFFER_COLOR_SPACE`
    /// and `BUFFER_COLOR_BIT_DEPTH` would lie).
    #[error(
        "effect '{effect}' was compiled for a {compiled} back buffer but the chain's is {chain}"
    )]
    BackBufferMismatch {
        effect: String,
        compiled: analysis::BackBuffer,
        chain: analysis::BackBuffer,
    },
    #[error("no technique named '{0}'")]
    UnknownTechnique(String),
    /// [`EffectChain::adopt`] of a chain built on another device (another [`GpuContext`]) than
    /// the chain's.
    #[error("the new chain was built on another GPU device than the running one")]
    OtherDevice,
    /// A texture larger than the device allows, found before anything is created.
    #[error(
        "{location}: texture '{texture}' is {size} but this device allows at most {limit} ({limit_name})"
    )]
    TextureTooLarge {
        effect: String,
        texture: String,
        /// `path:line:column` of the texture's declaration.
        location: String,
        /// `WIDTHxHEIGHT` or `WIDTHxHEIGHTxDEPTH`.
        size: String,
        /// The wgpu limit exceeded, `max_texture_dimension_2d` say.
        limit_name: &'static str,
        limit: u32,
    },
    /// A pass or item beyond one of the device's limits (`analysis::limits`: workgroup counts
    /// and size, workgroup or private memory, bindings, render targets, varyings, the uniform
    /// block), found before anything is created.
    #[error(transparent)]
    LimitExceeded(Box<LimitError>),
    /// A wgpu validation error outside chain building: caught by the frame's error scope, or
    /// recorded by the device's uncaptured-error handler ([`GpuContext::take_error`]) and
    /// returned by the next frame, where wgpu's default handler would panic.
    #[error("GPU error {what}: {message}")]
    GpuError { what: String, message: String },
    /// A storage the device cannot write: its texture's format is neither one WebGPU
    /// guarantees nor one the adapter offers for storage writes.
    #[error(transparent)]
    StorageFormat(Box<StorageFormatError>),
    /// The device ran out of memory (a texture too big to allocate, usually).
    #[error("effect '{effect}': out of GPU memory {what}: {message}")]
    OutOfMemory {
        effect: String,
        what: String,
        message: String,
    },
    /// The device is gone (a driver reset or a crash); every resource on it is lost, so the
    /// chain must be rebuilt on a new device.
    #[error("the GPU device was lost: {0}")]
    DeviceLost(String),
    /// A [`SpirvTransform`] refused a pass stage's module.
    #[error("effect '{effect}': SPIR-V for entry point '{entry_point}': {source}")]
    SpirvTransform {
        effect: String,
        entry_point: String,
        #[source]
        source: SpirvTransformError,
    },
    /// ReShade's module does not fit the effect (an entry point, uniform or binding missing or
    /// of another kind), or failed its validation.
    #[error("effect '{effect}': ReShade's SPIR-V: {source}")]
    Reference {
        effect: String,
        #[source]
        source: Box<crate::reference::ReferenceError>,
    },
    /// The shader debugger's recording run cannot be made as asked (`record_trace`).
    #[error("shader debugger: {0}")]
    Debug(String),
    #[error("texture '{texture}': {source}")]
    Image {
        texture: String,
        #[source]
        source: crate::input::InputError,
    },
}

/// A limit of the device an effect exceeds, located at the pass or item that exceeds it.
#[derive(Debug, thiserror::Error)]
#[error("{location}: {message}")]
pub struct LimitError {
    pub effect: String,
    /// `path:line:column` of the pass's (or item's) declaration.
    pub location: String,
    /// wgpu's name of the limit (`max_compute_workgroups_per_dimension`), or
    /// [`analysis::limits::PRIVATE_MEMORY_BUDGET`].
    pub limit: &'static str,
    pub value: u64,
    /// The device's maximum.
    pub maximum: u64,
    /// The finding in words, the limit, the value and the maximum included.
    pub message: String,
}

/// A storage whose texture's format the device cannot write as a storage texture.
#[derive(Debug, thiserror::Error)]
#[error(
    "{location}: storage '{storage}' writes texture '{texture}' in format {format}, which this device cannot {access} as a storage texture ({pass}); use one of {allowed}"
)]
pub struct StorageFormatError {
    pub effect: String,
    pub storage: String,
    pub texture: String,
    /// ReShade's name of the format (`R8`).
    pub format: &'static str,
    /// "write", or "read and write" for a storage some shader reads (`texNDfetch`).
    pub access: &'static str,
    /// `path:line:column` of the storage's declaration.
    pub location: String,
    /// The first pass that binds it: `technique 'T', pass 'P'` (or `pass 2`).
    pub pass: String,
    /// The formats this device can write, comma-separated.
    pub allowed: String,
}

/// An effect's place in the chain: its index in the list given to [`EffectChain::new`] (or to the
/// latest reload). Only the chain makes one ([`EffectChain::effect_indices`],
/// [`EffectChain::effect_at`], [`TechniqueKey::effect`]), so a bare `usize` cannot index the
/// chain's effects:
///
/// ```compile_fail
/// let index: engine::EffectIndex = 0usize.into(); // no `From<usize>`
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EffectIndex(usize);

impl EffectIndex {
    pub(crate) const fn new(index: usize) -> Self {
        Self(index)
    }

    /// The effect's position in the list the chain was built from.
    pub const fn index(self) -> usize {
        self.0
    }
}

/// One technique's place in the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TechniqueKey {
    pub effect: EffectIndex,
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
    /// CPU time spent recording each pass, in nanoseconds.
    pub passes_cpu_ns: Vec<FrameAverage>,
}

/// Times of whole frames.
#[derive(Clone, Debug, Default)]
pub struct FrameTimings {
    /// GPU time from the start of the frame's first pass to the end of its last, in nanoseconds.
    pub gpu_ns: FrameAverage,
    /// CPU time of [`EffectChain::frame`], in nanoseconds.
    pub cpu_ns: FrameAverage,
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
    timings: HashMap<TechniqueKey, TechniqueTimings>,
    frame_timings: FrameTimings,
    /// How many times the chain was rebuilt ([`Self::reload`]); its timings restart each time.
    generation: u64,
    copies_last_frame: u32,
    /// See [`Self::texture_memory_bytes`]; fixed once the chain is built.
    texture_memory_bytes: u64,
    source_state: SourceState,
    mip_generator: crate::mips::MipGenerator,
    /// When each technique with a `timeout` annotation was last enabled, in ns of frame time.
    enabled_at: HashMap<TechniqueKey, u64>,
    /// Whether the input has a depth buffer (for `bufready_depth`).
    depth_bound: bool,
    /// The input the cached per-frame bind groups were made for.
    bound_input: Option<wgpu::Texture>,
    options: ChainOptions,
    /// Techniques with toggle keys or timeouts.
    controls: Vec<(TechniqueKey, TechniqueControls)>,
    /// Run no technique: the output is a copy of the input (the preview's before/after).
    bypass: bool,
    /// The texture being inspected (`chain/inspect.rs`); with none, frames copy nothing.
    capture: Option<crate::inspect::CaptureState>,
    /// Same-named textures of different effects that could not be one texture.
    texture_conflicts: Vec<TextureConflict>,
    /// The frame without one technique, rendered too while compared (`chain/reference.rs`).
    reference: Option<reference::Reference>,
    /// Captures served by the next frame only, every one at its boundary
    /// ([`Self::set_probes`]): a comparison's view of every pass.
    probes: Vec<crate::inspect::CaptureState>,
    /// Whether the probes still wait for their frame.
    probes_pending: bool,
    /// The shader debugger's recording run for the next frame (`chain/debug.rs`); with none,
    /// frames record nothing of it.
    debug: Option<debug::DebugRun>,
    /// The pixel history for the next frame (`chain/history.rs`); with none, frames record
    /// nothing of it.
    history: Option<history::HistoryRun>,
    /// The thread that built the chain's pipelines ([`Self::built_on`]).
    built_on: std::thread::ThreadId,
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
        if let Some(why) = ctx.lost() {
            return Err(ChainError::DeviceLost(why));
        }
        let device = &ctx.device;
        // Around what `build_effect`'s own scopes leave out (frame targets, mips, timer).
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        if let Some(e) = effects
            .iter()
            .find(|e| e.back_buffer() != options.back_buffer)
        {
            return Err(ChainError::BackBufferMismatch {
                effect: e.path().display().to_string(),
                compiled: e.back_buffer(),
                chain: options.back_buffer,
            });
        }
        let format = options.back_buffer.format();
        let intermediate =
            FrameTarget::new(device, size, format, "fxbench intermediate back buffer");
        let output = FrameTarget::new(device, size, format, "fxbench chain output");
        let mut mip_generator = crate::mips::MipGenerator::new(device);
        let mut gpu_effects = Vec::with_capacity(effects.len());
        let mut pool = TexturePool::for_effects(&effects);
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
        let order = declaration_order(&gpu_effects);
        let technique =
            |k: &TechniqueKey| gpu_effects[k.effect.index()].effect.technique(k.technique);
        let enabled = order
            .iter()
            .filter(|k| technique(k).enabled_by_default())
            .copied()
            .collect();
        let controls = order
            .iter()
            .map(|k| (*k, TechniqueControls::of(technique(k))))
            .filter(|(_, c)| c.reacts())
            .collect();
        let total_passes: usize = gpu_effects
            .iter()
            .map(|e| e.passes.iter().map(Vec::len).sum::<usize>())
            .sum();
        let timer = options
            .gpu_timing
            .then(|| GpuTimer::new(device, &ctx.queue, total_passes.max(1) as u32))
            .flatten();
        let texture_memory_bytes =
            crate::textures::texture_memory(gpu_effects.iter().flat_map(|e| &e.textures));
        let texture_conflicts = std::mem::take(&mut pool.conflicts);
        if let Some(error) = pollster::block_on(scope.pop()) {
            return Err(ChainError::GpuError {
                what: "building the chain".into(),
                message: error.to_string(),
            });
        }
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
            frame_timings: FrameTimings::default(),
            generation: 0,
            copies_last_frame: 0,
            texture_memory_bytes,
            source_state: SourceState::new(0x5EED),
            mip_generator,
            enabled_at: Default::default(),
            depth_bound: false,
            bound_input: None,
            options: options.clone(),
            controls,
            bypass: false,
            capture: None,
            texture_conflicts,
            reference: None,
            probes: Vec::new(),
            probes_pending: false,
            debug: None,
            history: None,
            built_on: std::thread::current().id(),
        })
    }

    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// The back buffer the chain runs on.
    pub fn back_buffer(&self) -> analysis::BackBuffer {
        self.options.back_buffer
    }

    /// Rebuilds the chain for new versions of its effects — edited files, or the same files
    /// compiled for a new back-buffer size (`BUFFER_WIDTH` and texture sizes change with it) —
    /// keeping what the user set: technique order, enabled state and toggle keys bound by a preset
    /// (matched by effect path and technique name) and uniform values (matched by effect path, name and type). Techniques new
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
        let next = Self::new(&self.ctx, effects, size, options)?;
        self.adopt(next)
    }

    /// Takes the place of `next`, a chain built apart (on a worker thread, say: building makes
    /// every pipeline, so a window does it off its UI thread) on this chain's device, keeping
    /// what the user set as [`Self::reload`] does. A chain of another device is refused and
    /// this one is unchanged.
    pub fn adopt(&mut self, mut next: EffectChain) -> Result<(), ChainError> {
        if !next.ctx.is_same(&self.ctx) {
            return Err(ChainError::OtherDevice);
        }
        type Name = (std::path::PathBuf, String);
        let name_of = |chain: &Self, k: TechniqueKey| -> Name {
            (
                chain.effects[k.effect.index()].effect.path().to_path_buf(),
                chain.technique(k).name.clone(),
            )
        };
        let old_order: Vec<Name> = self.order.iter().map(|k| name_of(self, *k)).collect();
        let old_enabled: Vec<Name> = self.enabled.iter().map(|k| name_of(self, *k)).collect();
        let old_keys: Vec<(Name, Option<ToggleKey>)> = self
            .bound_toggle_keys()
            .into_iter()
            .map(|(k, toggle)| (name_of(self, k), toggle))
            .collect();
        let mut old_values = HashMap::new();
        for e in &self.effects {
            for (u, value) in e.effect.uniforms().iter().zip(&e.uniform_values) {
                old_values.insert(
                    (e.effect.path().to_path_buf(), u.name.clone()),
                    (u.ty, value.clone()),
                );
            }
        }
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
            if let Some((_, toggle)) = old_keys.iter().find(|(n, _)| *n == name_of(&next, key)) {
                next.set_toggle_key(key, *toggle);
            }
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
                next.set_uniform(EffectIndex(i), id, value);
            }
        }
        next.source_state = std::mem::replace(&mut self.source_state, SourceState::new(0));
        next.generation = self.generation + 1;
        next.bypass = self.bypass;
        // Keep inspecting what was inspected, when the rebuilt chain still has it.
        let request = self.capture_request().filter(|r| match r.resource {
            crate::inspect::ResourceId::Texture { .. } => next.owned_texture(r.resource).is_some(),
            _ => true,
        });
        next.set_capture(request);
        // Keep comparing against the same technique, matched by name like the order.
        if let Some(without) = self.reference() {
            let name = name_of(self, without);
            let key = next
                .order
                .iter()
                .copied()
                .find(|k| name_of(&next, *k) == name);
            next.set_reference(key);
        }
        *self = next;
        Ok(())
    }

    pub fn effect(&self, index: EffectIndex) -> &ValidatedEffect {
        &self.effects[index.index()].effect
    }

    /// The index of the effect at `position` in the list the chain was built from, if there is
    /// one: the checked way from a position (a list row, a saved session) to an [`EffectIndex`].
    pub fn effect_at(&self, position: usize) -> Option<EffectIndex> {
        (position < self.effects.len()).then_some(EffectIndex(position))
    }

    pub fn effect_count(&self) -> usize {
        self.effects.len()
    }

    /// Every effect's index, in chain order.
    pub fn effect_indices(&self) -> impl Iterator<Item = EffectIndex> + use<> {
        (0..self.effects.len()).map(EffectIndex)
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

    /// Runs no technique from the next frame (the output is then the input), or runs the enabled
    /// ones again; which techniques are enabled is kept.
    pub fn set_bypass(&mut self, bypass: bool) {
        self.bypass = bypass;
    }

    /// Whether every technique is bypassed.
    pub fn is_bypassed(&self) -> bool {
        self.bypass
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

    /// The technique's name and label.
    pub fn technique(&self, key: TechniqueKey) -> &analysis::Technique {
        self.effects[key.effect.index()]
            .effect
            .technique(key.technique)
    }

    /// Finds a technique by name, optionally within the effect whose file name is `effect_file`.
    pub fn find(&self, name: &str, effect_file: Option<&str>) -> Option<TechniqueKey> {
        self.order.iter().copied().find(|k| {
            let effect = &self.effects[k.effect.index()].effect;
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
    pub fn uniform_values(&self, effect: EffectIndex) -> &[Vec<f64>] {
        &self.effects[effect.index()].uniform_values
    }

    /// The runtime source filling a uniform, if any (such uniforms are not user-editable).
    pub fn uniform_source(&self, effect: EffectIndex, uniform: UniformId) -> Option<&Source> {
        self.effects[effect.index()].sources[uniform.index()].as_ref()
    }

    /// Sets a uniform's value for the next frames; it reaches the GPU with the next frame. A
    /// uniform compiled into a constant (performance mode) keeps the value it was compiled with:
    /// recompile to change it.
    pub fn set_uniform(&mut self, effect: EffectIndex, uniform: UniformId, value: Vec<f64>) {
        let e = &mut self.effects[effect.index()];
        if e.effect.uniform(uniform).constant {
            return;
        }
        if e.uniform_values[uniform.index()] != value {
            e.uniform_values[uniform.index()] = value;
            e.uniforms_dirty = true;
        }
    }

    /// A technique's times since the chain was last built; `None` before it first ran.
    pub fn timings(&self, key: TechniqueKey) -> Option<&TechniqueTimings> {
        self.timings.get(&key)
    }

    /// Times of whole frames since the chain was last built.
    pub fn frame_timings(&self) -> &FrameTimings {
        &self.frame_timings
    }

    /// How many times the chain was rebuilt by [`Self::reload`] or [`Self::reload_with`]: every
    /// rebuild starts the timings afresh, because the first frames after one include pipeline
    /// and bind-group creation.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Bytes of GPU memory the effects' own textures take (every mip level; a pooled texture
    /// shared by several effects counts once). Back buffers and stencil buffers are not included.
    pub fn texture_memory_bytes(&self) -> u64 {
        self.texture_memory_bytes
    }

    /// Textures declared under a name an earlier effect's texture has, but with another
    /// description or image, so each effect kept its own (ReShade warns and shares the first).
    pub fn texture_conflicts(&self) -> &[TextureConflict] {
        &self.texture_conflicts
    }

    /// The options the chain was built with.
    /// The thread that built the chain (a window's worker, not its UI thread: see
    /// [`Self::adopt`]).
    pub fn built_on(&self) -> std::thread::ThreadId {
        self.built_on
    }

    /// The device and queue the chain was built on.
    pub fn gpu(&self) -> &GpuContext {
        &self.ctx
    }

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
    /// before each technique's first pass, and one before every pass that follows a back-buffer
    /// pass of the same technique ([`crate::routing`] has the rule).
    pub fn reshade_copies_per_frame(&self) -> u32 {
        let techniques: Vec<Vec<PassOutput>> = self
            .order
            .iter()
            .filter(|k| self.enabled.contains(k))
            .map(|k| {
                self.effects[k.effect.index()].passes[k.technique.index()]
                    .iter()
                    .map(|p| p.needs.output)
                    .collect()
            })
            .collect();
        crate::routing::reshade_copies(techniques.iter().map(Vec::as_slice))
    }

    /// The chain's result after a frame: RGBA8, the chain's size.
    pub fn output(&self) -> &wgpu::Texture {
        &self.output.texture
    }

    pub fn output_view(&self) -> &wgpu::TextureView {
        &self.output.view
    }

    /// Call once the commands recorded by [`Self::frame`] have been submitted.
    pub fn after_submit(&mut self) {
        if let Some(timer) = &mut self.timer {
            timer.after_submit();
        }
        if let Some(capture) = &mut self.capture {
            capture.after_submit();
        }
        for probe in &mut self.probes {
            probe.after_submit();
        }
        self.trace_after_submit();
        self.history_after_submit();
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
        // Finishing the encoder is where wgpu reports what recording did wrong.
        let scope = self
            .ctx
            .device
            .push_error_scope(wgpu::ErrorFilter::Validation);
        self.frame(&mut encoder, input, frame_input)?;
        self.ctx.queue.submit([encoder.finish()]);
        let caught = pollster::block_on(scope.pop());
        self.after_submit();
        let _ = self.ctx.device.poll(wgpu::PollType::wait_indefinitely());
        if let Some(error) = caught {
            return Err(ChainError::GpuError {
                what: "submitting the frame".into(),
                message: error.to_string(),
            });
        }
        if let Some(message) = self.ctx.take_error() {
            return Err(ChainError::GpuError {
                what: "rendering the frame".into(),
                message,
            });
        }
        Ok(())
    }

    /// Waits for the GPU and folds every outstanding timestamp into the averages.
    pub fn flush_timings(&mut self) {
        let _ = self.ctx.device.poll(wgpu::PollType::wait_indefinitely());
        if let Some(timer) = &mut self.timer {
            for (scope, ns) in timer.collect() {
                record_sample(&mut self.timings, &mut self.frame_timings, scope, ns);
            }
        }
    }
}

/// Every technique of every effect, effect after effect, each in declaration order.
fn declaration_order(effects: &[EffectGpu]) -> Vec<TechniqueKey> {
    effects
        .iter()
        .enumerate()
        .flat_map(|(i, e)| {
            e.effect.technique_ids().map(move |technique| TechniqueKey {
                effect: EffectIndex(i),
                technique,
            })
        })
        .collect()
}

/// Folds one timestamp measurement into its technique's averages.
fn record_sample(
    timings: &mut HashMap<TechniqueKey, TechniqueTimings>,
    frame: &mut FrameTimings,
    scope: TimedScope,
    ns: u64,
) {
    match scope {
        TimedScope::Frame => frame.gpu_ns.push(ns),
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
