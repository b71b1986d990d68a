//! The fxbench runtime: builds GPU resources for validated effects and runs their techniques on
//! wgpu, timing every pass. Shaped like librashader's filter chain: load once, then `frame`
//! records into the caller's command encoder.
//!
//! Invariants: no egui here; the engine never parses effect text, it accepts only
//! `analysis::ValidatedEffect`s.

mod bind_group;
pub mod chain;
pub mod color;
pub mod context;
pub mod display;
mod effect_gpu;
pub mod format;
pub mod fullscreen;
pub mod input;
pub mod inspect;
pub mod limits;
pub mod mips;
mod pipeline;
pub mod reference;
mod routing;
pub mod scene;
pub mod sources;
pub mod spirv;
#[cfg(any(test, feature = "test-support"))]
pub mod testing;
mod textures;
pub mod timing;
mod upload;

pub use chain::{
    ChainError, ChainOptions, EffectChain, EffectIndex, FrameTimings, LimitError, Shaders,
    SpirvPassthrough, SpirvTransform, SpirvTransformError, StorageFormatError, TechniqueKey,
    TechniqueTimings, TextureConflict, ToggleKey, TraceRequest,
};
pub use color::{BackBuffer, BackBufferFormat, ColorSpace, FloatImage};
pub use context::GpuContext;
pub use input::{InputTexture, RgbaImage};
pub use sources::{FrameInput, Source};
