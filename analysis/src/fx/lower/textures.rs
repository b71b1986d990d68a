//! WGSL code for FX texture intrinsics (`tex1D`/`tex2D`/`tex3D` and their `lod`, `grad`,
//! `fetch`, `size`, `gather`, `store` and offset forms) and for naming a sampler's texture and
//! sampler bindings.
//!
//! Sampling: `tex2D` reads with `textureSampleLevel(.., 0.0)` when the texture has one mip level
//! and the sampler's min and mag filters agree (the same value, and valid in vertex and compute
//! shaders); otherwise it stays `textureSample`, whose derivatives pick the level and choose
//! between the two filters as ReShade's implicit-LOD sampling does (FX modules turn WGSL's
//! derivative uniformity analysis off, as HLSL has none; outside fragment shaders
//! `build/stage_sampling.rs` makes it level 0).

use super::super::ast::*;
use super::super::lexer::Base;
use super::super::types::Type;
use super::emit::{Emitter, ParamKind};
use super::items::Global;
use super::{Result, unsupported};
use crate::model::TextureKind;

/// What a sampler argument reads: the WGSL names of its texture and sampler, whether its level
/// of detail matters (`Global::Sampler`), and the `MipLODBias` its levels take, as WGSL `f32`
/// code (a constant, or a sampler parameter's bias parameter; `None` without one).
pub(super) struct SamplerArg {
    pub tex: String,
    pub samp: String,
    pub implicit_lod: bool,
    pub bias: Option<String>,
}

/// Level `level` plus `bias` (WGSL `f32` code), if there is one.
pub(super) fn biased(level: &str, bias: Option<&str>) -> String {
    match bias {
        Some(b) => format!("({level} + {b})"),
        None => level.to_string(),
    }
}

impl SamplerArg {
    /// Level `level` with the bias added, as a Vulkan sampler adds it to an explicit level.
    pub(super) fn level(&self, level: &str) -> String {
        biased(level, self.bias.as_deref())
    }

    /// Gradient `d` scaled so that the level it gives moves by the bias (`log2` of the
    /// gradients' length, times `2^bias`, is the level plus the bias).
    fn gradient(&self, d: String) -> String {
        match &self.bias {
            Some(b) => format!("({d} * exp2({b}))"),
            None => d,
        }
    }

    /// Sampling at `at` with the level of detail chosen as ReShade's implicit-LOD sampling
    /// chooses it: the hardware's (plus the bias) where it matters, else level 0.
    fn sample(&self, at: &str) -> String {
        let (tex, samp) = (&self.tex, &self.samp);
        match (&self.bias, self.implicit_lod) {
            (Some(b), _) => format!("textureSampleBias({tex}, {samp}, {at}, {b})"),
            (None, true) => format!("textureSample({tex}, {samp}, {at})"),
            (None, false) => format!("textureSampleLevel({tex}, {samp}, {at}, 0.0)"),
        }
    }
}

impl Emitter<'_> {
    /// The texture and sampler a sampler argument names.
    pub(super) fn sampler_pair(&mut self, e: &Expr) -> Result<SamplerArg> {
        let ExprKind::Name(path) = &e.kind else {
            return unsupported(e.range, "expected a sampler name");
        };
        if let Some(q) = self.facts.globals.get(&path.range) {
            return match self.lowered.globals.get(q) {
                Some(Global::Sampler {
                    texture,
                    sampler,
                    implicit_lod,
                    bias,
                }) => Ok(SamplerArg {
                    tex: texture.clone(),
                    samp: sampler.clone(),
                    implicit_lod: *implicit_lod,
                    bias: (*bias != 0).then(|| format!("{bias}.0f")),
                }),
                _ => unsupported(e.range, format!("'{q}' : not a sampler")),
            };
        }
        let name = path.joined();
        match self.params.get(&*name) {
            Some(ParamKind::Sampler) => {
                let n = self.local_name(&name);
                Ok(SamplerArg {
                    tex: format!("fx_tex_{n}"),
                    bias: self.lowered.sampler_biases.then(|| format!("fx_bias_{n}")),
                    samp: n,
                    implicit_lod: true,
                })
            }
            _ => unsupported(e.range, format!("'{name}' : not a sampler")),
        }
    }

    /// The width and height of the 2D texture the effect declares under WGSL name `texture`
    /// (`None` for a runtime texture, whose size the effect does not fix, and a 3D one).
    fn owned_size(&self, texture: &str) -> Option<(u32, u32)> {
        let t = self
            .lowered
            .items
            .textures
            .iter()
            .find(|t| t.name == texture)?;
        match t.kind {
            TextureKind::Owned {
                width,
                height,
                depth: 1,
                ..
            } => Some((width, height)),
            _ => None,
        }
    }

    pub(super) fn texture_call(
        &mut self,
        name: &str,
        args: &[Expr],
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let Some(first) = args.first() else {
            return unsupported(range, format!("'{name}' : missing sampler"));
        };
        if name.ends_with("size")
            && let Ok(storage) = self.storage_name(first)
        {
            return self.storage_size(name, &storage, t, range);
        }
        if name.ends_with("fetch")
            && let Ok(storage) = self.storage_name(first)
        {
            return self.storage_fetch(name, &storage, args, t, range);
        }
        let integer = matches!(
            self.ty(first),
            Type::Object {
                element: (Base::Int | Base::Uint, _),
                ..
            }
        );
        let samples = !["fetch", "size", "store"].iter().any(|k| name.ends_with(k));
        if integer && samples {
            // WGSL filters only float textures: the nearest texel, read (`integer_sampling.rs`).
            return self.integer_sample(name, args, t, range);
        }
        if name.starts_with("tex1D") || name.starts_with("tex3D") {
            return self.texture_call_1d_3d(name, args, t, range);
        }
        if name == "tex2Dstore" {
            return self.texture_store(name, args, 2, range);
        }
        let arg = self.sampler_pair(first)?;
        let (tex, samp) = (&arg.tex, &arg.samp);
        let f2 = Type::vector(Base::Float, 2);
        let f4 = Type::vector(Base::Float, 4);
        let i2 = Type::vector(Base::Int, 2);
        // Implicit LOD only where the level of detail changes the value (`Global::Sampler`):
        // elsewhere level 0 is the same value and is valid in vertex and compute shaders.
        let sample = |at: &str| arg.sample(at);
        let code = match (name, &args[1..]) {
            ("tex2D", [uv]) => sample(&self.expr_as(uv, &f2)?),
            // A texel offset, which WGSL wants constant, is added to the coordinate instead:
            // addressing applies to the sum either way.
            ("tex2D" | "tex2Doffset", [uv, offset]) => {
                let uv = self.expr_as(uv, &f2)?;
                let offset = self.expr_as(offset, &f2)?;
                sample(&format!(
                    "({uv} + {offset} / vec2f(textureDimensions({tex}, 0)))"
                ))
            }
            ("tex2Dlod" | "tex2Dlodoffset", [c, offset]) => {
                let c = self.expr_as(c, &f4)?;
                let offset = self.expr_as(offset, &f2)?;
                let level = arg.level(&format!("({c}).w"));
                format!(
                    "textureSampleLevel({tex}, {samp}, ({c}).xy + {offset} / vec2f(textureDimensions({tex}, u32(max({level}, 0.0)))), {level})"
                )
            }
            ("tex2Dlod", [c]) => {
                let c = self.expr_as(c, &f4)?;
                let level = arg.level(&format!("({c}).w"));
                format!("textureSampleLevel({tex}, {samp}, ({c}).xy, {level})")
            }
            ("tex2Dgrad", [uv, dx, dy, rest @ ..]) if rest.len() <= 1 => {
                let mut uv = self.expr_as(uv, &f2)?;
                if let [offset] = rest {
                    let offset = self.expr_as(offset, &f2)?;
                    uv = format!("({uv} + {offset} / vec2f(textureDimensions({tex}, 0)))");
                }
                let dx = arg.gradient(self.expr_as(dx, &f2)?);
                let dy = arg.gradient(self.expr_as(dy, &f2)?);
                format!("textureSampleGrad({tex}, {samp}, {uv}, {dx}, {dy})")
            }
            ("tex2Dbias", [c]) => {
                let c = self.expr_as(c, &f4)?;
                let bias = arg.level(&format!("({c}).w"));
                format!("textureSampleBias({tex}, {samp}, ({c}).xy, {bias})")
            }
            ("tex2Dfetch", [c]) | ("tex2Dfetch", [c, _]) => {
                let ct = self.ty(c);
                let lod = match &args[2..] {
                    [l] => self.expr_as(l, &Type::INT)?,
                    _ if ct.components() == 4 => {
                        let c4 = self.expr_as(c, &Type::vector(Base::Int, 4))?;
                        format!("({c4}).w")
                    }
                    _ => "0i".to_string(),
                };
                let c = self.expr_as(c, &i2)?;
                format!("textureLoad({tex}, {c}, {lod})")
            }
            ("tex2Dsize", rest) => {
                let lod = match rest {
                    [l] => Some(self.expr_as(l, &Type::UINT)?),
                    _ => None,
                };
                let code = match (self.owned_size(tex), lod) {
                    // The size of a texture the effect declares is known here: a constant
                    // reads no binding, so a pass may ask the size of its own render target
                    // (Daodan's Canvas.fxh does), which a bound texture could not be.
                    (Some((w, h)), None) => format!("vec2i({w}, {h})"),
                    (Some((w, h)), Some(lod)) => {
                        format!("max(vec2i({w}, {h}) >> vec2u({lod}), vec2i(1))")
                    }
                    (None, lod) => {
                        let lod = lod.unwrap_or_else(|| "0u".to_string());
                        format!("vec2i(textureDimensions({tex}, {lod}))")
                    }
                };
                return self.convert(code, &i2, t, range);
            }
            (
                "tex2Dgather" | "tex2DgatherR" | "tex2DgatherG" | "tex2DgatherB" | "tex2DgatherA",
                [uv, rest @ ..],
            ) => {
                let component = match (name, rest) {
                    ("tex2DgatherG", _) => 1,
                    ("tex2DgatherB", _) => 2,
                    ("tex2DgatherA", _) => 3,
                    ("tex2Dgather", [c]) => {
                        match super::items::const_scalar(c, &self.lowered.consts) {
                            Some(v) => v as u32,
                            None => {
                                return unsupported(c.range, "gather component must be constant");
                            }
                        }
                    }
                    _ => 0,
                };
                let uv = self.expr_as(uv, &f2)?;
                format!("textureGather({component}, {tex}, {samp}, {uv})")
            }
            _ => {
                return unsupported(
                    range,
                    format!("'{name}' : texture intrinsic form not supported yet"),
                );
            }
        };
        self.convert(code, &f4, t, range)
    }

    /// `tex1D*` and `tex3D*`. A `texture1D` is a 2D texture one texel high (as ReShade creates
    /// it), so 1D coordinates become `(u, 0.5)` and texel `(x, 0)`; a `texture3D` with a depth
    /// is a WGSL `texture_3d`.
    fn texture_call_1d_3d(
        &mut self,
        name: &str,
        args: &[Expr],
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let one_d = name.starts_with("tex1D");
        let form = &name[5..];
        let (first, rest) = match args.split_first() {
            Some(split) => split,
            None => return unsupported(range, format!("'{name}' : missing sampler")),
        };
        let n: u8 = if one_d { 1 } else { 3 };
        let float_n = if one_d {
            Type::FLOAT
        } else {
            Type::vector(Base::Float, 3)
        };
        let int_n = if one_d {
            Type::INT
        } else {
            Type::vector(Base::Int, 3)
        };
        // A 1D coordinate on the 2D texture that holds it.
        let at = |c: String, texel: bool| match (one_d, texel) {
            (true, false) => format!("vec2f({c}, 0.5f)"),
            (true, true) => format!("vec2i({c}, 0i)"),
            (false, _) => c,
        };
        let f4 = Type::vector(Base::Float, 4);
        if form == "store" {
            return self.texture_store(name, args, n, range);
        }
        let arg = self.sampler_pair(first)?;
        let (tex, samp) = (&arg.tex, &arg.samp);
        let lanes = if one_d { "x" } else { "xyz" };
        let (rest, shift) = self.texel_offset(form, rest, one_d, tex)?;
        let code = match (form, rest) {
            ("", [c]) => arg.sample(&at(
                format!("({}{shift})", self.expr_as(c, &float_n)?),
                false,
            )),
            ("lod", [c]) => {
                let c = self.expr_as(c, &f4)?;
                let level = arg.level(&format!("({c}).w"));
                let shift = shift.replace("LEVEL", &format!("u32(max({level}, 0.0))"));
                let uv = at(format!("(({c}).{lanes}{shift})"), false);
                format!("textureSampleLevel({tex}, {samp}, {uv}, {level})")
            }
            ("grad", [c, dx, dy]) => {
                let c = at(format!("({}{shift})", self.expr_as(c, &float_n)?), false);
                let (dx, dy) = (self.expr_as(dx, &float_n)?, self.expr_as(dy, &float_n)?);
                let (dx, dy) = (arg.gradient(dx), arg.gradient(dy));
                let (dx, dy) = if one_d {
                    (format!("vec2f({dx}, 0.0f)"), format!("vec2f({dy}, 0.0f)"))
                } else {
                    (dx, dy)
                };
                format!("textureSampleGrad({tex}, {samp}, {c}, {dx}, {dy})")
            }
            ("fetch", [c, lod @ ..]) => {
                let ct = self.ty(c);
                let (coord, level) = if ct.components() == u32::from(n) + 1 {
                    let c4 = self.expr_as(c, &Type::vector(Base::Int, n + 1))?;
                    let last = ["x", "y", "z", "w"][usize::from(n)];
                    (format!("({c4}).{lanes}"), format!("({c4}).{last}"))
                } else {
                    let level = match lod {
                        [l] => self.expr_as(l, &Type::INT)?,
                        _ => "0i".to_string(),
                    };
                    (self.expr_as(c, &int_n)?, level)
                };
                format!("textureLoad({tex}, {}, {level})", at(coord, true))
            }
            ("size", lod) => {
                let level = match lod {
                    [l] => self.expr_as(l, &Type::UINT)?,
                    _ => "0u".to_string(),
                };
                let code = if one_d {
                    format!("i32(textureDimensions({tex}, {level}).x)")
                } else {
                    format!("vec3i(textureDimensions({tex}, {level}))")
                };
                return self.convert(code, &int_n, t, range);
            }
            _ => {
                return unsupported(
                    range,
                    format!("'{name}' : texture intrinsic form not supported yet"),
                );
            }
        };
        self.convert(code, &f4, t, range)
    }

    /// Splits the texel offset off the arguments of a `tex1D`/`tex3D` offset form (plain,
    /// `lod`, `grad`: one argument more) and gives the WGSL to add to the float coordinate:
    /// the offset in texels of level `LEVEL` (which the caller replaces; level 0 here), as
    /// WGSL wants offsets constant. ReShade's 3D `lod` and `grad` offsets are `int2`: `z` is 0.
    fn texel_offset<'a>(
        &mut self,
        form: &str,
        rest: &'a [Expr],
        one_d: bool,
        tex: &str,
    ) -> Result<(&'a [Expr], String)> {
        let plain = match form {
            "" | "lod" => 1,
            "grad" => 3,
            _ => return Ok((rest, String::new())),
        };
        let [args @ .., offset] = rest else {
            return Ok((rest, String::new()));
        };
        if args.len() != plain {
            return Ok((rest, String::new()));
        }
        let shift = if one_d {
            let o = self.expr_as(offset, &Type::INT)?;
            format!(" + f32({o}) / f32(textureDimensions({tex}, LEVEL).x)")
        } else {
            let n = if form.is_empty() { 3 } else { 2 };
            let o = self.expr_as(offset, &Type::vector(Base::Int, n))?;
            let o3 = if n == 3 { o } else { format!("vec3i({o}, 0i)") };
            format!(" + vec3f({o3}) / vec3f(textureDimensions({tex}, LEVEL))")
        };
        let level = if form == "lod" { "LEVEL" } else { "0u" };
        Ok((args, shift.replace("LEVEL", level)))
    }

    /// `tex1Dstore`/`tex2Dstore`/`tex3Dstore(storage, coord, value)` on a storage of `dims`
    /// dimensions (a 1D one is a 2D texture one texel high): the value converted to the storage's
    /// texel kind.
    fn texture_store(
        &mut self,
        name: &str,
        args: &[Expr],
        dims: u8,
        range: TextRange,
    ) -> Result<String> {
        let [s, coord, value] = args else {
            return unsupported(range, format!("'{name}' takes 3 arguments"));
        };
        let storage = self.storage_name(s)?;
        let c = match dims {
            1 => format!("vec2i({}, 0i)", self.expr_as(coord, &Type::INT)?),
            _ => self.expr_as(coord, &Type::vector(Base::Int, dims))?,
        };
        let v = self.expr_as(value, &self.storage_texel(&storage))?;
        Ok(format!("textureStore({storage}, {c}, {v})"))
    }

    /// `texNDfetch(storage, coord)`: the texel, read through read-write access (the storage
    /// is bound so, `Storage::read_write`); a 1D storage is a 2D texture one texel high.
    fn storage_fetch(
        &mut self,
        name: &str,
        storage: &str,
        args: &[Expr],
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let [_, coord] = args else {
            return unsupported(range, format!("'{name}' on a storage takes 2 arguments"));
        };
        let dims = name[3..4].parse::<u8>().unwrap_or(2);
        let c = match dims {
            1 => format!("vec2i({}, 0i)", self.expr_as(coord, &Type::INT)?),
            _ => self.expr_as(coord, &Type::vector(Base::Int, dims))?,
        };
        self.read_storages.insert(storage.to_string());
        let texel = self.storage_texel(storage);
        self.convert(format!("textureLoad({storage}, {c})"), &texel, t, range)
    }

    /// `texNDsize(storage)`: its dimensions as `int`/`int2`/`int3` (a 1D storage is a 2D
    /// texture one texel high).
    fn storage_size(
        &mut self,
        name: &str,
        storage: &str,
        t: &Type,
        range: TextRange,
    ) -> Result<String> {
        let code = match &name[3..4] {
            "1" => format!("i32(textureDimensions({storage}).x)"),
            "2" => format!("vec2i(textureDimensions({storage}))"),
            _ => format!("vec3i(textureDimensions({storage}))"),
        };
        let dims = name[3..4].parse::<u8>().unwrap_or(2);
        let int_n = if dims == 1 {
            Type::INT
        } else {
            Type::vector(Base::Int, dims)
        };
        self.convert(code, &int_n, t, range)
    }

    /// The value a store to storage `name` writes: four components of its texture's texel kind
    /// (`uint4` for an `R32U` texture, `float4` for a float or normalised one).
    fn storage_texel(&self, name: &str) -> Type {
        let base = self
            .lowered
            .items
            .storages
            .iter()
            .find(|s| s.name == name)
            .and_then(
                |s| match self.lowered.items.textures[s.texture.index()].kind {
                    crate::model::TextureKind::Owned { format, .. } => Some(format.sample_scalar()),
                    crate::model::TextureKind::Semantic(_) => None,
                },
            )
            .map_or(Base::Float, |kind| match kind {
                crate::model::ScalarKind::Sint => Base::Int,
                crate::model::ScalarKind::Uint => Base::Uint,
                _ => Base::Float,
            });
        Type::vector(base, 4)
    }
}
