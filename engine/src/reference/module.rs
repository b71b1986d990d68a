//! ReShade's own SPIR-V for an effect as the chain's shader source ([`crate::Shaders::Reference`]):
//! the module parsed once, its combined image samplers split (`optimizer::reshade`), then for
//! each pass the entry points found by name (`F__<function>`, `EF__<function>_<x>_<y>_<z>` for
//! compute, namespaces joined with `__`), the resources they use mapped by name onto the
//! effect's textures, samplers and storages, and the module renumbered to the pass's own layout.
//! The uniform block is laid out by the module's member offsets and filled from the effect's
//! uniform values by name ([`ReferenceUniforms`]). Anything that does not match is a
//! [`ReferenceError`] naming the pass, entry point, uniform or variable; nothing is bound by
//! guess.

use std::collections::{HashMap, HashSet};

use analysis::{BindingResource, EntryPointId, ScalarKind, UniformId, ValidatedEffect};
use optimizer::reshade::{self as rs, ResourceKind};
use rspirv::binary::Assemble as _;
use rspirv::dr::{Module, Operand};
use rspirv::spirv::Word;

/// `spirv-val`'s environment for ReShade's modules (SPIR-V 1.3).
pub const REFERENCE_TARGET_ENV: &str = "vulkan1.1";

/// Why ReShade's module cannot stand in for an effect's shaders.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReferenceError {
    #[error("{label}: not a SPIR-V module: {message}")]
    Parse { label: String, message: String },
    #[error("{label}: {message}")]
    Module { label: String, message: String },
    /// The effect needs an entry point the module does not have.
    #[error("{location}: {what}: ReShade's module has no entry point '{name}'")]
    MissingEntryPoint {
        location: String,
        what: String,
        name: String,
    },
    /// A uniform of the module the effect lacks, or has with another type.
    #[error("uniform '{name}': {problem}")]
    Uniform { name: String, problem: String },
    /// A resource a pass's shaders use that maps onto nothing of the effect.
    #[error("{location}: {what}: variable '{variable}' of ReShade's module: {problem}")]
    Binding {
        location: String,
        what: String,
        variable: String,
        problem: String,
    },
    /// `spirv-val` rejected a stage's module, or could not be run.
    #[error("{location}: {what}: {message}")]
    Invalid {
        location: String,
        what: String,
        message: String,
    },
}

/// An image or sampler variable of the split module: which combined sampler it came from.
#[derive(Clone, Debug)]
struct SplitHalf {
    /// The combined sampler's name (`V__ReShade__BackBuffer`).
    combined: String,
    /// The image half (else the sampler half).
    image: bool,
}

/// ReShade's module for one effect, parsed and split, ready to be bound pass by pass.
#[derive(Debug)]
pub struct ReferenceModule {
    label: String,
    module: Module,
    reflected: rs::ReshadeModule,
    halves: HashMap<Word, SplitHalf>,
}

impl ReferenceModule {
    /// Parses `words` (a `.spv` file's), splits its combined samplers and reflects it; `label`
    /// names it in errors (its path).
    pub fn new(words: &[u32], label: &str) -> Result<Self, ReferenceError> {
        let module_error = |message: String| ReferenceError::Module {
            label: label.to_string(),
            message,
        };
        let mut module = rspirv::dr::load_words(words).map_err(|e| ReferenceError::Parse {
            label: label.to_string(),
            message: e.to_string(),
        })?;
        let report =
            rs::split_combined_samplers(&mut module).map_err(|e| module_error(e.to_string()))?;
        let reflected = rs::reflect(&module).map_err(|e| module_error(e.to_string()))?;
        let mut halves = HashMap::new();
        for s in report.samplers {
            let combined = s.name.clone();
            halves.insert(
                s.image,
                SplitHalf {
                    combined: combined.clone(),
                    image: true,
                },
            );
            halves.insert(
                s.sampler,
                SplitHalf {
                    combined,
                    image: false,
                },
            );
        }
        Ok(Self {
            label: label.to_string(),
            module,
            reflected,
            halves,
        })
    }

    /// The file it came from, as given to [`Self::new`].
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The module's uniform block laid out for `effect`'s uniform values.
    pub(crate) fn uniforms(
        &self,
        effect: &ValidatedEffect,
    ) -> Result<Option<ReferenceUniforms>, ReferenceError> {
        self.reflected
            .uniforms
            .as_ref()
            .map(|block| ReferenceUniforms::new(block, effect))
            .transpose()
    }

    /// The SPIR-V ReShade names `entry` of `effect` by.
    pub(crate) fn entry_name(effect: &ValidatedEffect, entry: EntryPointId) -> Option<String> {
        let ep = effect.entry_point(entry);
        let function = called_function(effect.module(), &ep.function.body)?;
        let fx = analysis::fx::fx_name(&function)?;
        let threads = (ep.stage == naga::ShaderStage::Compute).then_some(ep.workgroup_size);
        Some(rs::entry_point_name(&fx, threads))
    }

    /// `pass`'s stages as ReShade's module renumbered to the pass's layout, and that layout:
    /// every resource the pass's entry points use, mapped onto the effect by name and numbered
    /// from 0 in the order first used.
    pub(crate) fn pass(
        &self,
        effect: &ValidatedEffect,
        pass: &analysis::Pass,
        what: &str,
    ) -> Result<ReferencePass, ReferenceError> {
        let location = effect
            .location(pass.span())
            .unwrap_or(&self.label)
            .to_string();
        let mut entries = Vec::new();
        for entry in pass.entry_points() {
            let name = Self::entry_name(effect, entry).ok_or_else(|| {
                ReferenceError::MissingEntryPoint {
                    location: location.clone(),
                    what: what.to_string(),
                    name: format!("(for {})", effect.entry_point(entry).name),
                }
            })?;
            let ep = self.reflected.entry_point(&name).ok_or_else(|| {
                ReferenceError::MissingEntryPoint {
                    location: location.clone(),
                    what: what.to_string(),
                    name: name.clone(),
                }
            })?;
            entries.push((entry, name, ep.function));
        }
        let mut used: Vec<Word> = Vec::new();
        for (_, _, function) in &entries {
            for v in used_variables(&self.module, *function) {
                if !used.contains(&v) {
                    used.push(v);
                }
            }
        }
        let binding_error = |variable: &str, problem: String| ReferenceError::Binding {
            location: location.clone(),
            what: what.to_string(),
            variable: variable.to_string(),
            problem,
        };
        let mut bindings: Vec<analysis::Binding> = Vec::new();
        let mut numbers: HashMap<Word, u32> = HashMap::new();
        let resources =
            rs::resource_variables(&self.module).map_err(|e| binding_error("?", e.to_string()))?;
        for &variable in &used {
            let Some(resource) = resources.iter().find(|r| r.variable == variable) else {
                continue;
            };
            // fxbench holds a `texture1D` as a 2D texture one texel high (as its lowering reads
            // it); a module declaring a 1D image cannot be bound to that view, and a driver
            // given one anyway may crash (lavapipe did).
            if resource.dim == Some(rspirv::spirv::Dim::Dim1D) {
                return Err(binding_error(
                    &resource.name,
                    "ReShade's module reads it as a 1D image; fxbench holds 1D textures as 2D \
                     ones a texel high, which that module cannot be bound to"
                        .to_string(),
                ));
            }
            let (resource_kind, srgb) = self
                .map_resource(effect, resource)
                .map_err(|problem| binding_error(&resource.name, problem))?;
            numbers.insert(variable, bindings.len() as u32);
            bindings.push(analysis::Binding {
                binding: bindings.len() as u32,
                resource: resource_kind,
                srgb,
            });
        }
        let mut stages = Vec::new();
        for (entry, name, _) in entries {
            let words = self
                .stage_words(&numbers)
                .map_err(|message| binding_error(&name, message))?;
            check(&words).map_err(|message| ReferenceError::Invalid {
                location: location.clone(),
                what: format!("{what}, entry point '{name}'"),
                message,
            })?;
            stages.push(ReferenceStage { entry, name, words });
        }
        Ok(ReferencePass { bindings, stages })
    }

    /// What resource variable `resource` stands for in `effect`, and whether a texture is
    /// read through its sRGB view.
    fn map_resource(
        &self,
        effect: &ValidatedEffect,
        resource: &rs::Resource,
    ) -> Result<(BindingResource, bool), String> {
        if resource.kind == ResourceKind::UniformBlock {
            return Ok((BindingResource::Uniforms, false));
        }
        if let Some(half) = self.halves.get(&resource.variable) {
            let id = effect
                .sampler_ids()
                .find(|id| {
                    reshade_name(&effect.sampler(*id).name).as_deref()
                        == Some(half.combined.as_str())
                })
                .ok_or_else(|| format!("the effect has no sampler named {}", half.combined))?;
            let s = effect.sampler(id);
            return Ok(if half.image {
                (BindingResource::Texture(s.texture), s.srgb)
            } else {
                (BindingResource::Sampler(id), false)
            });
        }
        match resource.kind {
            ResourceKind::StorageImage { .. } => {
                let id = effect
                    .storage_ids()
                    .find(|id| {
                        reshade_name(&effect.storage(*id).name).as_deref()
                            == Some(resource.name.as_str())
                    })
                    .ok_or_else(|| "the effect has no storage of that name".to_string())?;
                Ok((BindingResource::Storage(id), false))
            }
            kind => Err(format!("a {kind:?} that is no half of a split sampler")),
        }
    }

    /// The module with every used resource at set 0 and its number, the others out of the way
    /// (no stage uses them, so no layout needs them).
    fn stage_words(&self, numbers: &HashMap<Word, u32>) -> Result<Vec<u32>, String> {
        let mut module = self.module.clone();
        // Resources this pass does not use go to set 3 (no layout of the chain has one), each
        // at its own number.
        let place = |r: &rs::Resource| -> Option<(u32, u32)> {
            Some(
                numbers
                    .get(&r.variable)
                    .map_or((3, r.variable), |n| (0, *n)),
            )
        };
        rs::rebind(
            &mut module,
            &place,
            &rs::RebindOptions {
                debug_info: rs::DebugInfo::Keep,
            },
        )
        .map_err(|e| e.to_string())?;
        Ok(module.assemble())
    }
}

/// One pass's stages from ReShade's module and the layout they are numbered for.
pub(crate) struct ReferencePass {
    pub(crate) bindings: Vec<analysis::Binding>,
    pub(crate) stages: Vec<ReferenceStage>,
}

pub(crate) struct ReferenceStage {
    pub(crate) entry: EntryPointId,
    /// ReShade's name of the entry point (what the pipeline calls).
    pub(crate) name: String,
    pub(crate) words: Vec<u32>,
}

/// `spirv-val` on a stage's module (fail closed: without the validator nothing runs).
fn check(words: &[u32]) -> Result<(), String> {
    if !optimizer::spirv_val::available() {
        return Err("ReShade's modules run only after spirv-val checks them, and spirv-val is not installed (Debian: spirv-tools)".into());
    }
    match optimizer::spirv_val::validate(words, REFERENCE_TARGET_ENV) {
        Ok(optimizer::spirv_val::Verdict::Valid) => Ok(()),
        Ok(optimizer::spirv_val::Verdict::Invalid(message)) => {
            Err(format!("the module fails spirv-val: {message}"))
        }
        Err(e) => Err(format!("the module cannot be checked: {e}")),
    }
}

/// ReShade's name of a global of ours (`V__ReShade__BackBuffer`), from its FX name.
fn reshade_name(wgsl: &str) -> Option<String> {
    Some(rs::unique_name('V', &analysis::fx::fx_name(wgsl)?))
}

/// The first user function the entry point wrapper calls (the FX function the pass names).
fn called_function(module: &naga::Module, block: &naga::Block) -> Option<String> {
    for statement in block.iter() {
        let found = match statement {
            naga::Statement::Call { function, .. } => {
                let name = module.functions[*function].name.clone()?;
                analysis::fx::fx_name(&name).map(|_| name)
            }
            naga::Statement::Block(b) => called_function(module, b),
            naga::Statement::If { accept, reject, .. } => {
                called_function(module, accept).or_else(|| called_function(module, reject))
            }
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Every variable the functions reachable from `entry` refer to.
fn used_variables(module: &Module, entry: Word) -> Vec<Word> {
    let functions: HashMap<Word, &rspirv::dr::Function> = module
        .functions
        .iter()
        .filter_map(|f| Some((f.def.as_ref()?.result_id?, f)))
        .collect();
    let globals: HashSet<Word> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == rspirv::spirv::Op::Variable)
        .filter_map(|i| i.result_id)
        .collect();
    let mut seen = HashSet::from([entry]);
    let mut queue = vec![entry];
    let mut used = Vec::new();
    while let Some(id) = queue.pop() {
        let Some(function) = functions.get(&id) else {
            continue;
        };
        for inst in function.blocks.iter().flat_map(|b| &b.instructions) {
            for operand in &inst.operands {
                let Operand::IdRef(r) = operand else {
                    continue;
                };
                if functions.contains_key(r) && seen.insert(*r) {
                    queue.push(*r);
                } else if globals.contains(r) && !used.contains(r) {
                    used.push(*r);
                }
            }
        }
    }
    used
}

/// Where one of our uniforms goes in ReShade's block.
#[derive(Clone, Debug, PartialEq)]
struct Placement {
    uniform: UniformId,
    scalar: ScalarKind,
    offset: u32,
    /// Values per vector (a matrix's HLSL row, an array element's vector).
    vector_len: usize,
    /// Bytes between vectors (matrix rows, array elements); 0 for a single vector.
    stride: u32,
}

/// ReShade's uniform block for an effect: its size and where each member's value goes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ReferenceUniforms {
    size: u32,
    placements: Vec<Placement>,
}

impl ReferenceUniforms {
    fn new(block: &rs::UniformBlock, effect: &ValidatedEffect) -> Result<Self, ReferenceError> {
        let mut placements = Vec::new();
        for member in &block.members {
            let error = |problem: String| ReferenceError::Uniform {
                name: member.name.clone(),
                problem,
            };
            let (index, uniform) = effect
                .uniforms()
                .iter()
                .enumerate()
                .find(|(_, u)| {
                    analysis::fx::fx_name(&u.name)
                        .is_some_and(|fx| fx.rsplit("::").next() == Some(member.name.as_str()))
                })
                .ok_or_else(|| error("the effect has no uniform of that name".into()))?;
            let id = effect
                .find_uniform(&uniform.name)
                .filter(|id| id.index() == index)
                .ok_or_else(|| error("the effect's uniform cannot be found by name".into()))?;
            let (scalar, vector_len, stride, count) = shape(&member.ty).ok_or_else(|| {
                error(format!(
                    "ReShade's type {:?} is not one fxbench has",
                    member.ty
                ))
            })?;
            let ty = uniform.ty;
            let ours = (
                ty.scalar,
                ty.components as usize,
                if ty.array > 0 {
                    ty.array_vectors() as usize
                } else {
                    ty.columns as usize
                },
            );
            let scalar_agrees = scalar == ty.scalar
                || (scalar == ScalarKind::Uint && ty.scalar == ScalarKind::Bool);
            if !scalar_agrees || ours.1 != vector_len || ours.2 != count {
                return Err(error(format!(
                    "ReShade's is {:?}, the effect's {}",
                    member.ty,
                    ty.wgsl()
                )));
            }
            placements.push(Placement {
                uniform: id,
                scalar: ty.scalar,
                offset: member.offset_bytes,
                vector_len,
                stride,
            });
        }
        Ok(Self {
            size: block.size_bytes().next_multiple_of(16).max(16),
            placements,
        })
    }

    pub(crate) fn size(&self) -> u32 {
        self.size
    }

    /// The block's bytes for the effect's uniform values.
    pub(crate) fn bytes(&self, values: &[Vec<f64>]) -> Vec<u8> {
        let mut bytes = vec![0u8; self.size as usize];
        for p in &self.placements {
            let Some(value) = values.get(p.uniform.index()) else {
                continue;
            };
            for (i, &component) in value.iter().enumerate() {
                let word: [u8; 4] = match p.scalar {
                    ScalarKind::Float => (component as f32).to_le_bytes(),
                    ScalarKind::Sint => (component as i32).to_le_bytes(),
                    ScalarKind::Uint => (component as u32).to_le_bytes(),
                    ScalarKind::Bool => u32::from(component != 0.0).to_le_bytes(),
                };
                let at = p.offset as usize
                    + (i / p.vector_len) * p.stride as usize
                    + 4 * (i % p.vector_len);
                if let Some(slot) = bytes.get_mut(at..at + 4) {
                    slot.copy_from_slice(&word);
                }
            }
        }
        bytes
    }
}

/// A member type as scalar kind, values per vector, bytes between vectors and vector count.
fn shape(ty: &rs::UniformType) -> Option<(ScalarKind, usize, u32, usize)> {
    let kind = |s: &rs::Scalar| {
        (s.width_bits == 32).then_some(())?;
        Some(match s.kind {
            rs::ScalarKind::Float => ScalarKind::Float,
            rs::ScalarKind::Sint => ScalarKind::Sint,
            rs::ScalarKind::Uint => ScalarKind::Uint,
            rs::ScalarKind::Bool => ScalarKind::Bool,
        })
    };
    match ty {
        rs::UniformType::Scalar(s) => Some((kind(s)?, 1, 0, 1)),
        rs::UniformType::Vector { scalar, size } => Some((kind(scalar)?, *size as usize, 0, 1)),
        rs::UniformType::Matrix {
            scalar,
            columns,
            rows,
            stride_bytes,
            major: rs::MatrixMajor::Column,
        } => Some((
            kind(scalar)?,
            *rows as usize,
            *stride_bytes,
            *columns as usize,
        )),
        rs::UniformType::Array {
            element,
            length,
            stride_bytes,
        } => match element.as_ref() {
            rs::UniformType::Scalar(s) => Some((kind(s)?, 1, *stride_bytes, *length as usize)),
            rs::UniformType::Vector { scalar, size } => Some((
                kind(scalar)?,
                *size as usize,
                *stride_bytes,
                *length as usize,
            )),
            // An array of matrices is one run of columns when its elements follow each other.
            rs::UniformType::Matrix {
                scalar,
                columns,
                rows,
                stride_bytes: column_stride,
                major: rs::MatrixMajor::Column,
            } if *stride_bytes == column_stride * *columns => Some((
                kind(scalar)?,
                *rows as usize,
                *column_stride,
                *columns as usize * *length as usize,
            )),
            _ => None,
        },
        _ => None,
    }
}
