//! An effect's passes as SPIR-V, for the engine's passthrough, the SPIR-V view and `fxbench spirv`:
//! each stage of each pass written by naga's SPIR-V back end from the same validated module the
//! engine runs, so what the view shows is what the front end produced, not a second compilation.
//!
//! It lives in the engine because its options are wgpu's: the Vulkan backend's bounds checks and
//! point size, and the way that backend numbers a bind group layout's descriptors.

use analysis::{EntryPointId, TechniqueId, ValidatedEffect};

/// SPIR-V version written (and the `spirv-val` environment it validates under: `vulkan1.0`).
pub const SPIRV_VERSION: (u8, u8) = (1, 0);

/// One shader stage of one pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassStage {
    pub technique: TechniqueId,
    /// Index of the pass within its technique.
    pub pass: usize,
    pub stage: naga::ShaderStage,
    pub entry: EntryPointId,
}

/// Every stage of every pass, in technique and pass order: vertex then fragment, or compute.
pub fn pass_stages(effect: &ValidatedEffect) -> Vec<PassStage> {
    let mut out = Vec::new();
    for technique in effect.technique_ids() {
        for (pass, p) in effect.technique(technique).passes.iter().enumerate() {
            for entry in p.entry_points() {
                out.push(PassStage {
                    technique,
                    pass,
                    stage: effect.entry_point(entry).stage,
                    entry,
                });
            }
        }
    }
    out
}

/// "Technique / pass 1 (Name) / fragment ps_main".
pub fn stage_label(effect: &ValidatedEffect, stage: &PassStage) -> String {
    let technique = effect.technique(stage.technique);
    let pass = &technique.passes[stage.pass];
    let name = pass.name().map(|n| format!(" ({n})")).unwrap_or_default();
    let kind = match stage.stage {
        naga::ShaderStage::Vertex => "vertex",
        naga::ShaderStage::Fragment => "fragment",
        naga::ShaderStage::Compute => "compute",
        _ => "other",
    };
    format!(
        "{} / pass {}{name} / {kind} {}",
        technique.name,
        stage.pass,
        effect.entry_point(stage.entry).name
    )
}

/// Writing SPIR-V failed (a naga back-end limitation; validated modules rarely hit one).
#[derive(Debug, thiserror::Error)]
#[error("cannot write SPIR-V for entry point '{entry}': {message}")]
pub struct SpirvError {
    pub entry: String,
    pub message: String,
}

/// How the written module numbers resource bindings (all in group 0).
#[derive(Clone, Copy, Debug)]
pub enum Bindings<'a> {
    /// As the WGSL declares them (`@binding(n)`): what the SPIR-V view shows.
    Wgsl,
    /// Each binding renumbered to its rank among these, the bindings of the bind group layout
    /// the module will run with. wgpu's Vulkan backend numbers a layout's descriptors this way
    /// (entries sorted by binding, numbered from 0), so a module passed through to the driver
    /// must use these numbers.
    Ranked(&'a [u32]),
}

/// The SPIR-V module for one entry point of the effect: that entry point and what it uses.
pub fn compile_entry(
    effect: &ValidatedEffect,
    entry: EntryPointId,
    bindings: Bindings<'_>,
) -> Result<Vec<u32>, SpirvError> {
    write_entry(effect, entry, bindings, None)
}

/// [`compile_entry`] with WGSL binding numbers and debug line information: an `OpLine` before
/// the instructions of each statement gives its line (1-based) in [`ValidatedEffect::wgsl`], the
/// text naga compiled. Only for the SPIR-V view's source mapping; the engine runs modules
/// without it.
pub fn compile_entry_with_lines(
    effect: &ValidatedEffect,
    entry: EntryPointId,
) -> Result<Vec<u32>, SpirvError> {
    let file_name = effect.path().display().to_string();
    let debug = naga::back::spv::DebugInfo {
        source_code: effect.wgsl(),
        file_name: &file_name,
        language: naga::back::spv::SourceLanguage::WGSL,
    };
    write_entry(effect, entry, Bindings::Wgsl, Some(debug))
}

fn write_entry(
    effect: &ValidatedEffect,
    entry: EntryPointId,
    bindings: Bindings<'_>,
    debug_info: Option<naga::back::spv::DebugInfo<'_>>,
) -> Result<Vec<u32>, SpirvError> {
    let ep = effect.entry_point(entry);
    let mut binding_map = naga::back::spv::BindingMap::default();
    if let Bindings::Ranked(numbers) = bindings {
        let mut sorted = numbers.to_vec();
        sorted.sort_unstable();
        for (rank, &binding) in sorted.iter().enumerate() {
            binding_map.insert(
                naga::ResourceBinding { group: 0, binding },
                naga::back::spv::BindingInfo {
                    descriptor_set: 0,
                    binding: rank as u32,
                    binding_array_size: None,
                },
            );
        }
    }
    // What wgpu's Vulkan backend asks of naga on a device without robustness features, so the
    // module is the one wgpu would run and is safe to pass through: out-of-bounds indices and
    // texel loads are clamped (WGSL requires them to stay in bounds), vertex shaders write a
    // point size (Vulkan needs one for point lists), clip space is left as WGSL has it (wgpu
    // flips the viewport instead). The same flags in debug and release builds, so listings do
    // not depend on the build.
    let restrict = naga::proc::BoundsCheckPolicy::Restrict;
    let options = naga::back::spv::Options {
        lang_version: SPIRV_VERSION,
        // naga writes the debug information only with its DEBUG flag (which also names ids).
        flags: naga::back::spv::WriterFlags::LABEL_VARYINGS
            | naga::back::spv::WriterFlags::FORCE_POINT_SIZE
            | if debug_info.is_some() {
                naga::back::spv::WriterFlags::DEBUG
            } else {
                naga::back::spv::WriterFlags::empty()
            },
        binding_map,
        // A binding the map lacks is an error when ranking (the module would read a descriptor
        // the layout does not have); with WGSL numbers every binding keeps its own.
        fake_missing_bindings: matches!(bindings, Bindings::Wgsl),
        debug_info,
        bounds_check_policies: naga::proc::BoundsCheckPolicies {
            index: restrict,
            buffer: restrict,
            image_load: restrict,
            binding_array: naga::proc::BoundsCheckPolicy::Unchecked,
        },
        ..Default::default()
    };
    let pipeline = naga::back::spv::PipelineOptions {
        shader_stage: ep.stage,
        entry_point: ep.name.clone(),
    };
    naga::back::spv::write_vec(effect.module(), effect.info(), &options, Some(&pipeline)).map_err(
        |e| SpirvError {
            entry: ep.name.clone(),
            message: e.to_string(),
        },
    )
}
