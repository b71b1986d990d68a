//! Sampling an integer texture (`tex1D`/`tex2D`/`tex3D` and their `lod`, `grad` and offset
//! forms on a `sampler2D<uint>` and the like). WGSL samples only float textures, but Vulkan
//! filters integer formats only NEAREST, so ReShade's sampled read is the nearest texel under
//! the sampler's address modes: here a `textureLoad` of texel `floor(uv * size) + offset` of the
//! chosen mip level, each axis addressed as the sampler's `AddressU/V/W` say (CLAMP clamps,
//! WRAP/REPEAT wraps, MIRROR mirrors, BORDER reads 0 outside the texture).
//!
//! The level: `tex*lod`'s `w` rounded as Vulkan's NEAREST mip mode does (`ceil(lod + 0.5) - 1`)
//! and clamped to the texture's levels; `tex*grad`'s level from its gradients
//! (`log2(max(|dx * size|, |dy * size|))`); the plain forms read level 0 (an integer texture
//! has no derivative-chosen level here: exact for the usual single-level integer texture).
//! Sampler `MinLOD`/`MaxLOD` are not applied.
//!
//! One helper function per (dimensions, texel scalar, address modes) does the addressing.

use super::super::ast::*;
use super::super::lexer::Base;
use super::super::types::Type;
use super::emit::Emitter;
use super::parens::postfixed;
use super::{Result, unsupported};
use crate::model::{AddressMode, ScalarKind, TextureKind};

const LANES: [&str; 3] = ["x", "y", "z"];

/// What the read needs to know of the sampler: the WGSL texture, its dimensions (2 or 3),
/// texel scalar (`u32`, `i32` or `f32`), the sampler's address modes and its `MipLODBias`.
struct Target {
    tex: String,
    bias: Option<String>,
    dims: u8,
    scalar: &'static str,
    base: Base,
    address: [AddressMode; 3],
}

impl Emitter<'_> {
    /// `name(args)` on an integer sampler, converted to the call's type `t`.
    pub(super) fn integer_sample(
        &mut self,
        name: &str,
        args: &[Expr],
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let Some((first, rest)) = args.split_first() else {
            return unsupported(range, format!("'{name}' : missing sampler"));
        };
        let target = self.integer_target(first)?;
        let n: u8 = name[3..4].parse().unwrap_or(2);
        let form = name[5..].trim_end_matches("offset");
        let float_n = Type::vector(Base::Float, n);
        // The float coordinate and level, and the offset argument if the form has one.
        let (coord, level, offset) = match (form, rest) {
            ("", [c, offset @ ..]) if offset.len() <= 1 => {
                (self.expr_as(c, &float_n)?, "0.0".to_string(), offset)
            }
            ("lod", [c, offset @ ..]) if offset.len() <= 1 => {
                let c = self.expr_as(c, &Type::vector(Base::Float, 4))?;
                let lanes = LANES[..usize::from(n)].concat();
                (
                    postfixed(&c, &[".", &lanes].concat()),
                    postfixed(&c, ".w"),
                    offset,
                )
            }
            ("grad", [c, dx, dy, offset @ ..]) if offset.len() <= 1 => {
                let c = self.expr_as(c, &float_n)?;
                let (dx, dy) = (self.expr_as(dx, &float_n)?, self.expr_as(dy, &float_n)?);
                (c, self.gradient_level(&target, n, dx, dy), offset)
            }
            _ => {
                return unsupported(
                    range,
                    format!("'{name}' : texture intrinsic form not supported yet"),
                );
            }
        };
        let offset = match offset {
            // ReShade's 3D `lod` and `grad` offsets are `int2`: `z` is 0.
            [o] if n == 3 && !form.is_empty() => {
                let o = self.expr_as(o, &Type::vector(Base::Int, 2))?;
                format!("vec3i({o}, 0i)")
            }
            [o] => self.expr_as(o, &Type::vector(Base::Int, n))?,
            _ if n == 1 => "0i".to_string(),
            _ => format!("vec{n}i()"),
        };
        // A 1D texture is a 2D one a texel high: its row is always texel 0.
        let (coord, offset) = match n {
            1 => (
                format!("vec2f({coord}, 0.5f)"),
                format!("vec2i({offset}, 0i)"),
            ),
            _ => (coord, offset),
        };
        if n.max(2) != target.dims {
            return unsupported(
                range,
                format!(
                    "'{name}' : the sampler's texture has {} dimensions",
                    target.dims
                ),
            );
        }
        let level = super::textures::biased(&level, target.bias.as_deref());
        let helper = self.nearest_texel_helper(&target);
        let code = format!("{helper}({}, {coord}, {level}, {offset})", target.tex);
        self.convert(code, &Type::vector(target.base, 4), t, range)
    }

    /// The texture, texel kind and address modes of an integer sampler named by `e` (a global:
    /// a sampler parameter's address modes are not known when lowering).
    fn integer_target(&mut self, e: &Expr) -> Result<Target> {
        let super::textures::SamplerArg {
            tex, samp, bias, ..
        } = self.sampler_pair(e)?;
        let items = &self.lowered.items;
        let Some(s) = items.samplers.iter().find(|s| s.name == samp) else {
            return unsupported(
                e.range,
                "sampling an integer sampler parameter not supported yet",
            );
        };
        let texture = &items.textures[s.texture.index()];
        let kind = match texture.kind {
            TextureKind::Owned { format, .. } => format.sample_scalar(),
            TextureKind::Semantic(_) => ScalarKind::Float,
        };
        let (scalar, base) = match kind {
            ScalarKind::Uint => ("u32", Base::Uint),
            ScalarKind::Sint => ("i32", Base::Int),
            _ => ("f32", Base::Float),
        };
        Ok(Target {
            tex,
            bias,
            dims: texture.dimensions(),
            scalar,
            base,
            address: s.address,
        })
    }

    /// The level `tex*grad` reads: `log2` of the longer gradient in texels of level 0.
    fn gradient_level(&mut self, target: &Target, n: u8, dx: String, dy: String) -> String {
        let (dx, dy) = match n {
            1 => (format!("vec2f({dx}, 0.0f)"), format!("vec2f({dy}, 0.0f)")),
            _ => (dx, dy),
        };
        let d = n.max(2);
        let helper = self.helper(format!("fx_grad_level{d}"), |name| {
            format!(
                "fn {name}(size: vec{d}f, dx: vec{d}f, dy: vec{d}f) -> f32 {{ \
                 return log2(max(length(dx * size), length(dy * size))); }}"
            )
        });
        format!(
            "{helper}(vec{d}f(textureDimensions({}, 0)), {dx}, {dy})",
            target.tex
        )
    }

    /// `fx_nearest_…(t, coord, lod, offset)`: the texel nearest `coord` (plus `offset` texels)
    /// of level `lod` under the sampler's address modes.
    fn nearest_texel_helper(&mut self, target: &Target) -> String {
        let d = target.dims;
        let modes: String = target.address[..usize::from(d)]
            .iter()
            .map(|m| match m {
                AddressMode::Clamp => 'c',
                AddressMode::Wrap => 'w',
                AddressMode::Mirror => 'm',
                AddressMode::Border => 'b',
            })
            .collect();
        let scalar = target.scalar;
        let address = target.address;
        self.helper(format!("fx_nearest{d}_{scalar}_{modes}"), |name| {
            let axes: String = (0..usize::from(d))
                .map(|a| address_axis(address[a], LANES[a], scalar))
                .collect();
            format!(
                "fn {name}(t: texture_{d}d<{scalar}>, c: vec{d}f, lod: f32, off: vec{d}i) -> vec4<{scalar}> {{\n\
                 \x20   let level = clamp(i32(ceil(lod + 0.5) - 1.0), 0, i32(textureNumLevels(t)) - 1);\n\
                 \x20   let size = vec{d}i(textureDimensions(t, level));\n\
                 \x20   let i = vec{d}i(floor(c * vec{d}f(size))) + off;\n\
                 \x20   var at = i;\n\
                 {axes}\
                 \x20   return textureLoad(t, at, level);\n\
                 }}"
            )
        })
    }
}

/// The statements addressing lane `l` of texel `i` into `at` (size `size`).
fn address_axis(mode: AddressMode, l: &str, scalar: &str) -> String {
    match mode {
        AddressMode::Clamp => format!("    at.{l} = clamp(i.{l}, 0, size.{l} - 1);\n"),
        AddressMode::Wrap => format!("    at.{l} = ((i.{l} % size.{l}) + size.{l}) % size.{l};\n"),
        AddressMode::Mirror => format!(
            "    let m{l} = ((i.{l} % (2 * size.{l})) + 2 * size.{l}) % (2 * size.{l});\n\
             \x20   at.{l} = select(m{l}, 2 * size.{l} - 1 - m{l}, m{l} >= size.{l});\n"
        ),
        AddressMode::Border => {
            format!("    if (i.{l} < 0 || i.{l} >= size.{l}) {{ return vec4<{scalar}>(); }}\n")
        }
    }
}
