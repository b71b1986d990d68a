//! What a ReShade module declares: its entry points, its uniform block member by member, and
//! its other resource variables (samplers, images, storages) with their set and binding.

use super::ids::{self, decoration_literal, id_operand, literal_operand};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{
    BuiltIn, Decoration, Dim, ExecutionMode, ExecutionModel, ImageFormat, Op, StorageClass, Word,
};
use std::collections::HashMap;
use thiserror::Error;

/// Everything a ReShade module declares that a runtime must bind or call.
#[derive(Clone, Debug, PartialEq)]
pub struct ReshadeModule {
    /// Every `OpEntryPoint`, in module order.
    pub entry_points: Vec<EntryPoint>,
    /// The uniform block (`$Globals`, set 0), when the effect has uniforms.
    pub uniforms: Option<UniformBlock>,
    /// Every other resource variable (`UniformConstant` storage class), in module order.
    pub resources: Vec<Resource>,
}

impl ReshadeModule {
    /// The entry point named `name` (for example `F__PS_Deband`).
    pub fn entry_point(&self, name: &str) -> Option<&EntryPoint> {
        self.entry_points.iter().find(|e| e.name == name)
    }

    /// The resource variable named `name` (for example `V__ReShade__BackBuffer`).
    pub fn resource(&self, name: &str) -> Option<&Resource> {
        self.resources.iter().find(|r| r.name == name)
    }
}

/// One `OpEntryPoint`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryPoint {
    /// Its name: `F__<function>` for vertex and pixel shaders, `EF__<function>_<x>_<y>_<z>`
    /// for compute shaders, namespaces joined with `__`.
    pub name: String,
    /// Vertex, Fragment or GLCompute.
    pub model: ExecutionModel,
    /// The id of the function it calls.
    pub function: Word,
    /// The `LocalSize` execution mode of a compute entry point.
    pub local_size: Option<[u32; 3]>,
}

/// Whether a varying comes into or goes out of its entry point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VaryingDirection {
    /// `Input` storage class.
    Input,
    /// `Output` storage class.
    Output,
}

/// One input or output of an entry point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Varying {
    /// The variable's id.
    pub variable: Word,
    /// In or out.
    pub direction: VaryingDirection,
    /// Its `Location` (user varyings, pixel shader targets).
    pub location: Option<u32>,
    /// Its `BuiltIn` (`Position`, `PointSize`, `VertexIndex`, `FragCoord`, ...).
    pub builtin: Option<BuiltIn>,
    /// The component type of a scalar or vector varying (`None` for arrays and the like).
    pub scalar: Option<Scalar>,
    /// Its component count (1 for a scalar; 0 when `scalar` is `None`).
    pub components: u32,
}

/// The inputs and outputs of `entry`, in the order its `OpEntryPoint` lists them (resources,
/// which SPIR-V 1.4 lists too, left out).
///
/// # Errors
/// [`ReflectError`] when a listed variable or its type is not in the module.
pub fn varyings(module: &Module, entry: &EntryPoint) -> Result<Vec<Varying>, ReflectError> {
    let globals = ids::globals(module);
    let Some(inst) = module.entry_points.iter().find(|e| {
        id_operand(e, 1) == Some(entry.function)
            && e.operands.get(2) == Some(&Operand::LiteralString(entry.name.clone()))
    }) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for operand in inst.operands.iter().skip(3) {
        let Operand::IdRef(variable) = operand else {
            continue;
        };
        let var = globals
            .get(variable)
            .ok_or_else(|| ReflectError::MissingType {
                id: *variable,
                what: format!("the interface of {:?}", entry.name),
            })?;
        let direction = match var.operands.first() {
            Some(Operand::StorageClass(StorageClass::Input)) => VaryingDirection::Input,
            Some(Operand::StorageClass(StorageClass::Output)) => VaryingDirection::Output,
            _ => continue,
        };
        let what = || format!("varying %{variable}");
        let ty = pointee(&globals, var.result_type.unwrap_or(0), &what)?;
        let (scalar, components) = match ty.class.opcode {
            Op::TypeVector => {
                let component = id_operand(ty, 0).and_then(|c| globals.get(&c));
                (
                    component.and_then(|c| scalar(c).ok()),
                    literal_operand(ty, 1).unwrap_or(0),
                )
            }
            _ => (scalar(ty).ok(), 1),
        };
        let builtin = module
            .annotations
            .iter()
            .find_map(|a| match &a.operands[..] {
                [
                    Operand::IdRef(t),
                    Operand::Decoration(Decoration::BuiltIn),
                    Operand::BuiltIn(b),
                ] if t == variable => Some(*b),
                _ => None,
            });
        out.push(Varying {
            variable: *variable,
            direction,
            location: decoration_literal(module, *variable, Decoration::Location),
            builtin,
            components: if scalar.is_some() { components } else { 0 },
            scalar,
        });
    }
    Ok(out)
}

/// The uniform block: one `Uniform` variable of a `Block` struct.
#[derive(Clone, Debug, PartialEq)]
pub struct UniformBlock {
    /// The variable's id.
    pub variable: Word,
    /// Its `OpName` (`$Globals` in ReShade's modules).
    pub name: String,
    /// Its `DescriptorSet` decoration.
    pub set: u32,
    /// Its `Binding` decoration.
    pub binding: u32,
    /// The block struct's id.
    pub struct_type: Word,
    /// Every member, in declaration order.
    pub members: Vec<UniformMember>,
}

impl UniformBlock {
    /// The member named `name`.
    pub fn member(&self, name: &str) -> Option<&UniformMember> {
        self.members.iter().find(|m| m.name == name)
    }

    /// The bytes the members span: the end of the last one (no trailing padding).
    pub fn size_bytes(&self) -> u32 {
        self.members
            .iter()
            .map(|m| m.offset_bytes + m.ty.size_bytes())
            .max()
            .unwrap_or(0)
    }
}

/// One member of a uniform struct.
#[derive(Clone, Debug, PartialEq)]
pub struct UniformMember {
    /// From `OpMemberName` (empty when the module has none).
    pub name: String,
    /// From its `Offset` member decoration.
    pub offset_bytes: u32,
    /// Its type with the layout decorations that apply to it.
    pub ty: UniformType,
}

/// The kind of a scalar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarKind {
    /// `OpTypeBool` (never in a uniform block: ReShade stores `bool` uniforms as `uint`).
    Bool,
    /// Signed integer.
    Sint,
    /// Unsigned integer.
    Uint,
    /// Floating point.
    Float,
}

/// A scalar type: kind and width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalar {
    /// Its kind.
    pub kind: ScalarKind,
    /// Its width in bits (32 in ReShade's modules; 16 only with `min16` types enabled).
    pub width_bits: u32,
}

/// How a matrix's vectors lie in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixMajor {
    /// `ColMajor`: each SPIR-V column is contiguous. ReShade decorates every matrix so, and
    /// stores HLSL rows as SPIR-V columns: HLSL `floatRxC` is `OpTypeMatrix` of R columns of
    /// C components, row r at `offset + r * stride`.
    Column,
    /// `RowMajor`.
    Row,
}

/// A type in a uniform block, with its layout.
#[derive(Clone, Debug, PartialEq)]
pub enum UniformType {
    /// A scalar.
    Scalar(Scalar),
    /// A vector of `size` components.
    Vector {
        /// The component type.
        scalar: Scalar,
        /// 2, 3 or 4.
        size: u32,
    },
    /// A matrix (SPIR-V's columns and rows; see [`MatrixMajor::Column`] for HLSL's).
    Matrix {
        /// The component type.
        scalar: Scalar,
        /// SPIR-V columns (HLSL rows in ReShade's modules).
        columns: u32,
        /// Components per SPIR-V column.
        rows: u32,
        /// `MatrixStride`: bytes between two columns (or rows, when row-major).
        stride_bytes: u32,
        /// `ColMajor` or `RowMajor`.
        major: MatrixMajor,
    },
    /// A sized array.
    Array {
        /// The element type.
        element: Box<UniformType>,
        /// The element count.
        length: u32,
        /// `ArrayStride`: bytes between two elements.
        stride_bytes: u32,
    },
    /// A nested struct.
    Struct(Vec<UniformMember>),
}

impl UniformType {
    /// The bytes a value of this type spans (arrays: `length * stride`).
    pub fn size_bytes(&self) -> u32 {
        match self {
            UniformType::Scalar(s) => s.width_bits / 8,
            UniformType::Vector { scalar, size } => scalar.width_bits / 8 * size,
            UniformType::Matrix {
                scalar,
                columns,
                rows,
                stride_bytes,
                major,
            } => {
                let (vectors, components) = match major {
                    MatrixMajor::Column => (*columns, *rows),
                    MatrixMajor::Row => (*rows, *columns),
                };
                stride_bytes * vectors.saturating_sub(1) + scalar.width_bits / 8 * components
            }
            UniformType::Array {
                length,
                stride_bytes,
                ..
            } => length * stride_bytes,
            UniformType::Struct(members) => members
                .iter()
                .map(|m| m.offset_bytes + m.ty.size_bytes())
                .max()
                .unwrap_or(0),
        }
    }
}

/// A resource variable other than the uniform block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    /// The variable's id.
    pub variable: Word,
    /// Its `OpName` (`V__<namespace>__<name>` in ReShade's modules; empty when it has none).
    pub name: String,
    /// Its `DescriptorSet` decoration, when it has one.
    pub set: Option<u32>,
    /// Its `Binding` decoration, when it has one.
    pub binding: Option<u32>,
    /// What it holds.
    pub kind: ResourceKind,
    /// The image's dimensionality (`None` for samplers and uniform blocks).
    pub dim: Option<Dim>,
}

/// What a resource variable holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceKind {
    /// A combined image sampler (`OpTypeSampledImage`): ReShade's `sampler2D`.
    CombinedImageSampler,
    /// A sampled image (`OpTypeImage`, Sampled 1): half of a split sampler.
    SampledImage,
    /// A storage image (`OpTypeImage`, Sampled 2): ReShade's `storage2D`, with its format.
    StorageImage {
        /// The format in the image type (`Rgba8`, `R32f`, ...).
        format: ImageFormat,
    },
    /// A sampler (`OpTypeSampler`): the other half of a split sampler.
    Sampler,
    /// A uniform block (`Uniform` storage class); listed by [`super::resource_variables`] only.
    UniformBlock,
}

/// Why a module cannot be reflected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReflectError {
    /// An id is used as a type but nothing in the module defines it.
    #[error("%{id} is used as a type of {what} but is not defined in the module")]
    MissingType {
        /// The id.
        id: Word,
        /// What refers to it.
        what: String,
    },
    /// An instruction lacks an operand that SPIR-V requires.
    #[error("malformed {opcode:?} instruction (%{id}): {problem}")]
    Malformed {
        /// The opcode.
        opcode: Op,
        /// Its result id, or the id it targets (0 when it has neither).
        id: Word,
        /// What is missing.
        problem: &'static str,
    },
    /// A uniform block member type that uniform blocks cannot hold.
    #[error(
        "uniform member {member:?} of %{struct_type} has a type a uniform block cannot hold ({opcode:?})"
    )]
    UnsupportedUniformType {
        /// The block struct.
        struct_type: Word,
        /// The member's name.
        member: String,
        /// The opcode of the member's type.
        opcode: Op,
    },
    /// A uniform member without an `Offset` decoration.
    #[error("uniform member {member:?} of %{struct_type} has no Offset decoration")]
    MissingOffset {
        /// The struct.
        struct_type: Word,
        /// The member's name (or index).
        member: String,
    },
    /// A resource variable of a type that is not an image, a sampler or a combined sampler.
    #[error(
        "resource variable {name:?} (%{variable}) has a type that is not an image or a sampler ({opcode:?})"
    )]
    UnsupportedResource {
        /// The variable.
        variable: Word,
        /// Its name.
        name: String,
        /// The opcode of its pointee type.
        opcode: Op,
    },
    /// More than one uniform block, where ReShade writes one.
    #[error("a second uniform block {name:?} (%{variable}); ReShade writes one, `$Globals`")]
    SecondUniformBlock {
        /// The second block's variable.
        variable: Word,
        /// Its name.
        name: String,
    },
    /// A uniform block without set or binding.
    #[error("uniform block {name:?} (%{variable}) has no DescriptorSet or Binding decoration")]
    UnboundUniformBlock {
        /// The variable.
        variable: Word,
        /// Its name.
        name: String,
    },
    /// Types nested deeper than any uniform block needs (a cycle in a malformed module).
    #[error("uniform type %{id} is nested more than {limit} levels deep")]
    TooDeep {
        /// The type where the limit was hit.
        id: Word,
        /// The limit.
        limit: u32,
    },
}

/// Reads the entry points, the uniform block and the resource variables of `module`.
///
/// # Errors
/// A [`ReflectError`] for a module whose types or decorations are malformed or of a kind that
/// ReShade does not write (a resource that is not an image or a sampler, two uniform blocks).
pub fn reflect(module: &Module) -> Result<ReshadeModule, ReflectError> {
    let names = ids::names(module);
    let entry_points = entry_points(module)?;
    let mut uniforms = None;
    let mut resources = Vec::new();
    for resource in resource_list(module, &names)? {
        if resource.kind == ResourceKind::UniformBlock {
            if uniforms.is_some() {
                return Err(ReflectError::SecondUniformBlock {
                    variable: resource.variable,
                    name: resource.name,
                });
            }
            uniforms = Some(uniform_block(module, &resource)?);
        } else {
            resources.push(resource);
        }
    }
    Ok(ReshadeModule {
        entry_points,
        uniforms,
        resources,
    })
}

fn entry_points(module: &Module) -> Result<Vec<EntryPoint>, ReflectError> {
    let mut out = Vec::new();
    for inst in &module.entry_points {
        let malformed = |problem| ReflectError::Malformed {
            opcode: Op::EntryPoint,
            id: 0,
            problem,
        };
        let (
            Some(Operand::ExecutionModel(model)),
            Some(function),
            Some(Operand::LiteralString(name)),
        ) = (
            inst.operands.first(),
            id_operand(inst, 1),
            inst.operands.get(2),
        )
        else {
            return Err(malformed("execution model, function and name"));
        };
        let local_size = module
            .execution_modes
            .iter()
            .find_map(|mode| match &mode.operands[..] {
                [
                    Operand::IdRef(f),
                    Operand::ExecutionMode(ExecutionMode::LocalSize),
                    Operand::LiteralBit32(x),
                    Operand::LiteralBit32(y),
                    Operand::LiteralBit32(z),
                    ..,
                ] if *f == function => Some([*x, *y, *z]),
                _ => None,
            });
        out.push(EntryPoint {
            name: name.clone(),
            model: *model,
            function,
            local_size,
        });
    }
    Ok(out)
}

/// Every module-scope variable of the `Uniform` or `UniformConstant` storage class, classified.
pub(crate) fn resource_list(
    module: &Module,
    names: &HashMap<Word, String>,
) -> Result<Vec<Resource>, ReflectError> {
    let globals = ids::globals(module);
    let mut out = Vec::new();
    for inst in &module.types_global_values {
        let (Op::Variable, Some(variable), Some(pointer)) =
            (inst.class.opcode, inst.result_id, inst.result_type)
        else {
            continue;
        };
        let class = match inst.operands.first() {
            Some(Operand::StorageClass(c)) => *c,
            _ => {
                return Err(ReflectError::Malformed {
                    opcode: Op::Variable,
                    id: variable,
                    problem: "no storage class",
                });
            }
        };
        if !matches!(class, StorageClass::Uniform | StorageClass::UniformConstant) {
            continue;
        }
        let name = names.get(&variable).cloned().unwrap_or_default();
        let what = || format!("variable {name:?} (%{variable})");
        let pointee = pointee(&globals, pointer, &what)?;
        let (kind, dim) = if class == StorageClass::Uniform {
            (ResourceKind::UniformBlock, None)
        } else {
            classify(&globals, pointee, variable, &name)?
        };
        out.push(Resource {
            variable,
            name,
            set: decoration_literal(module, variable, Decoration::DescriptorSet),
            binding: decoration_literal(module, variable, Decoration::Binding),
            kind,
            dim,
        });
    }
    Ok(out)
}

fn pointee<'m>(
    globals: &HashMap<Word, &'m Instruction>,
    pointer: Word,
    what: &dyn Fn() -> String,
) -> Result<&'m Instruction, ReflectError> {
    let missing = |id| ReflectError::MissingType { id, what: what() };
    let ptr = globals.get(&pointer).ok_or_else(|| missing(pointer))?;
    if ptr.class.opcode != Op::TypePointer {
        return Err(ReflectError::Malformed {
            opcode: ptr.class.opcode,
            id: pointer,
            problem: "a variable's type must be a pointer",
        });
    }
    let target = id_operand(ptr, 1).ok_or(ReflectError::Malformed {
        opcode: Op::TypePointer,
        id: pointer,
        problem: "no pointee type",
    })?;
    globals.get(&target).copied().ok_or_else(|| missing(target))
}

fn classify(
    globals: &HashMap<Word, &Instruction>,
    ty: &Instruction,
    variable: Word,
    name: &str,
) -> Result<(ResourceKind, Option<Dim>), ReflectError> {
    let image_info = |image: &Instruction| -> Result<(Dim, u32, ImageFormat), ReflectError> {
        match (
            &image.operands.get(1),
            literal_operand(image, 5),
            image.operands.get(6),
        ) {
            (Some(Operand::Dim(dim)), Some(sampled), Some(Operand::ImageFormat(format))) => {
                Ok((*dim, sampled, *format))
            }
            _ => Err(ReflectError::Malformed {
                opcode: Op::TypeImage,
                id: image.result_id.unwrap_or(0),
                problem: "dim, sampled and format operands",
            }),
        }
    };
    match ty.class.opcode {
        Op::TypeSampler => Ok((ResourceKind::Sampler, None)),
        Op::TypeImage => {
            let (dim, sampled, format) = image_info(ty)?;
            let kind = if sampled == 2 {
                ResourceKind::StorageImage { format }
            } else {
                ResourceKind::SampledImage
            };
            Ok((kind, Some(dim)))
        }
        Op::TypeSampledImage => {
            let image = id_operand(ty, 0)
                .and_then(|id| globals.get(&id))
                .ok_or_else(|| ReflectError::MissingType {
                    id: id_operand(ty, 0).unwrap_or(0),
                    what: format!("the sampled image of {name:?} (%{variable})"),
                })?;
            let (dim, _, _) = image_info(image)?;
            Ok((ResourceKind::CombinedImageSampler, Some(dim)))
        }
        opcode => Err(ReflectError::UnsupportedResource {
            variable,
            name: name.to_owned(),
            opcode,
        }),
    }
}

fn uniform_block(module: &Module, resource: &Resource) -> Result<UniformBlock, ReflectError> {
    let globals = ids::globals(module);
    let member_names = ids::member_names(module);
    let (Some(set), Some(binding)) = (resource.set, resource.binding) else {
        return Err(ReflectError::UnboundUniformBlock {
            variable: resource.variable,
            name: resource.name.clone(),
        });
    };
    let variable = globals
        .get(&resource.variable)
        .and_then(|v| v.result_type)
        .unwrap_or(0);
    let what = || format!("uniform block {:?}", resource.name);
    let block = pointee(&globals, variable, &what)?;
    let struct_type = block.result_id.unwrap_or(0);
    if block.class.opcode != Op::TypeStruct {
        return Err(ReflectError::UnsupportedUniformType {
            struct_type,
            member: resource.name.clone(),
            opcode: block.class.opcode,
        });
    }
    let layout = Layout {
        module,
        globals: &globals,
        member_names: &member_names,
    };
    Ok(UniformBlock {
        variable: resource.variable,
        name: resource.name.clone(),
        set,
        binding,
        struct_type,
        members: layout.members(block, 0)?,
    })
}

/// The deepest nesting of structs and arrays read (ReShade writes two levels at most).
const MAX_DEPTH: u32 = 16;

struct Layout<'m> {
    module: &'m Module,
    globals: &'m HashMap<Word, &'m Instruction>,
    member_names: &'m HashMap<(Word, u32), String>,
}

/// The matrix decorations of the member that holds a matrix (or an array of them).
#[derive(Clone, Copy)]
struct MatrixLayout {
    stride_bytes: Option<u32>,
    major: MatrixMajor,
}

impl Layout<'_> {
    fn members(&self, ty: &Instruction, depth: u32) -> Result<Vec<UniformMember>, ReflectError> {
        let struct_type = ty.result_id.unwrap_or(0);
        let mut members = Vec::new();
        for (index, operand) in ty.operands.iter().enumerate() {
            let index = index as u32;
            let Operand::IdRef(member_type) = operand else {
                return Err(ReflectError::Malformed {
                    opcode: Op::TypeStruct,
                    id: struct_type,
                    problem: "member types must be ids",
                });
            };
            let name = self
                .member_names
                .get(&(struct_type, index))
                .cloned()
                .unwrap_or_default();
            let decorations = ids::member_decorations(self.module, struct_type, index);
            let find = |d: Decoration| decorations.iter().find(|(k, _)| *k == d).map(|(_, v)| *v);
            let offset_bytes =
                find(Decoration::Offset).ok_or_else(|| ReflectError::MissingOffset {
                    struct_type,
                    member: if name.is_empty() {
                        index.to_string()
                    } else {
                        name.clone()
                    },
                })?;
            let matrix = MatrixLayout {
                stride_bytes: find(Decoration::MatrixStride),
                major: if find(Decoration::RowMajor).is_some() {
                    MatrixMajor::Row
                } else {
                    MatrixMajor::Column
                },
            };
            let ty = self.member_type(struct_type, &name, *member_type, matrix, depth)?;
            members.push(UniformMember {
                name,
                offset_bytes,
                ty,
            });
        }
        Ok(members)
    }

    fn member_type(
        &self,
        struct_type: Word,
        member: &str,
        id: Word,
        matrix: MatrixLayout,
        depth: u32,
    ) -> Result<UniformType, ReflectError> {
        if depth > MAX_DEPTH {
            return Err(ReflectError::TooDeep {
                id,
                limit: MAX_DEPTH,
            });
        }
        let ty = self
            .globals
            .get(&id)
            .ok_or_else(|| ReflectError::MissingType {
                id,
                what: format!("uniform member {member:?}"),
            })?;
        let unsupported = || ReflectError::UnsupportedUniformType {
            struct_type,
            member: member.to_owned(),
            opcode: ty.class.opcode,
        };
        let malformed = |problem| ReflectError::Malformed {
            opcode: ty.class.opcode,
            id,
            problem,
        };
        match ty.class.opcode {
            Op::TypeBool | Op::TypeInt | Op::TypeFloat => Ok(UniformType::Scalar(scalar(ty)?)),
            Op::TypeVector => {
                let (scalar, size) = self.vector(ty)?;
                Ok(UniformType::Vector { scalar, size })
            }
            Op::TypeMatrix => {
                let column = id_operand(ty, 0)
                    .and_then(|c| self.globals.get(&c))
                    .ok_or(malformed("column type"))?;
                let (scalar, rows) = self.vector(column)?;
                let columns = literal_operand(ty, 1).ok_or(malformed("column count"))?;
                let stride_bytes = matrix
                    .stride_bytes
                    .ok_or(malformed("a matrix member needs a MatrixStride decoration"))?;
                Ok(UniformType::Matrix {
                    scalar,
                    columns,
                    rows,
                    stride_bytes,
                    major: matrix.major,
                })
            }
            Op::TypeArray => {
                let element = id_operand(ty, 0).ok_or(malformed("element type"))?;
                let length = id_operand(ty, 1)
                    .and_then(|c| self.globals.get(&c))
                    .filter(|c| c.class.opcode == Op::Constant)
                    .and_then(|c| literal_operand(c, 0))
                    .ok_or(malformed("length must be a constant"))?;
                let stride_bytes = decoration_literal(self.module, id, Decoration::ArrayStride)
                    .ok_or(malformed(
                        "an array in a uniform block needs an ArrayStride",
                    ))?;
                let element = self.member_type(struct_type, member, element, matrix, depth + 1)?;
                Ok(UniformType::Array {
                    element: Box::new(element),
                    length,
                    stride_bytes,
                })
            }
            Op::TypeStruct => Ok(UniformType::Struct(self.members(ty, depth + 1)?)),
            _ => Err(unsupported()),
        }
    }

    fn vector(&self, ty: &Instruction) -> Result<(Scalar, u32), ReflectError> {
        let id = ty.result_id.unwrap_or(0);
        let malformed = |problem| ReflectError::Malformed {
            opcode: ty.class.opcode,
            id,
            problem,
        };
        if ty.class.opcode != Op::TypeVector {
            return Err(malformed("a vector type"));
        }
        let component = id_operand(ty, 0)
            .and_then(|c| self.globals.get(&c))
            .ok_or(malformed("component type"))?;
        let size = literal_operand(ty, 1).ok_or(malformed("component count"))?;
        Ok((scalar(component)?, size))
    }
}

fn scalar(ty: &Instruction) -> Result<Scalar, ReflectError> {
    let id = ty.result_id.unwrap_or(0);
    match ty.class.opcode {
        Op::TypeBool => Ok(Scalar {
            kind: ScalarKind::Bool,
            width_bits: 32,
        }),
        Op::TypeFloat => Ok(Scalar {
            kind: ScalarKind::Float,
            width_bits: literal_operand(ty, 0).unwrap_or(32),
        }),
        Op::TypeInt => {
            let signed = literal_operand(ty, 1).unwrap_or(0) != 0;
            Ok(Scalar {
                kind: if signed {
                    ScalarKind::Sint
                } else {
                    ScalarKind::Uint
                },
                width_bits: literal_operand(ty, 0).unwrap_or(32),
            })
        }
        opcode => Err(ReflectError::Malformed {
            opcode,
            id,
            problem: "a scalar type",
        }),
    }
}
