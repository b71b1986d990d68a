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
use super::parens::postfixed;
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
    /// chooses it: the hardware's (plus the bias) where it matters, else level 0; `offset` is
    /// a constant texel offset (WGSL's last argument).
    fn sample(&self, at: &str, offset: Option<&str>) -> String {
        let (tex, samp) = (&self.tex, &self.samp);
        let o = offset.map_or(String::new(), |o| format!(", {o}"));
        match (&self.bias, self.implicit_lod) {
            (Some(b), _) => format!("textureSampleBias({tex}, {samp}, {at}, {b}{o})"),
            (None, true) => format!("textureSample({tex}, {samp}, {at}{o})"),
            (None, false) => format!("textureSampleLevel({tex}, {samp}, {at}, 0.0{o})"),
        }
    }
}

/// A texel offset argument as lowered: WGSL's own constant offset where it can be one (exact:
/// the hardware applies it in texels of each level it reads, as ReShade's `ConstOffset`), else
/// the WGSL to add to the float coordinate (the offset over level `LEVEL`'s size, which the
/// caller replaces).
enum TexelOffset {
    Native(String),
    Shift(String),
}

/// The largest texel offset WGSL takes as a constant (its smallest is `-8`).
const MAX_NATIVE_OFFSET: f64 = 7.0;

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

    /// The components of `e`, a texel offset of `n` components, as WGSL integer literals when
    /// it folds to integers from -8 to 7, the range WGSL's constant offsets allow (a scalar is
    /// splat, as ReShade converts it; components past `n` are dropped, as in its truncation).
    fn const_offset(&self, e: &Expr, n: u8) -> Option<Vec<String>> {
        let values = super::consts::const_values(e, &self.lowered.consts)?;
        let n = usize::from(n);
        let values: Vec<f64> = match values.as_slice() {
            [v] => vec![*v; n],
            v if v.len() >= n => v[..n].to_vec(),
            _ => return None,
        };
        values
            .iter()
            .map(|v| super::consts::as_base(Base::Int, *v))
            .map(|v| {
                (-MAX_NATIVE_OFFSET - 1.0..=MAX_NATIVE_OFFSET)
                    .contains(&v)
                    .then(|| format!("{v}i"))
            })
            .collect()
    }

    /// A 2D texel offset as lowered: native when constant, else added to the coordinate in
    /// texels of level `level` (WGSL `u32`).
    fn offset_2d(&mut self, e: &Expr, tex: &str, level: &str) -> Result<TexelOffset> {
        if let Some(o) = self.const_offset(e, 2) {
            return Ok(TexelOffset::Native(format!("vec2i({})", o.join(", "))));
        }
        let o = self.expr_as(e, &Type::vector(Base::Float, 2))?;
        Ok(TexelOffset::Shift(format!(
            " + {o} / vec2f(textureDimensions({tex}, {level}))"
        )))
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
        let code = match (name, &args[1..]) {
            ("tex2D", [uv]) => arg.sample(&self.expr_as(uv, &f2)?, None),
            // A texel offset that is no constant WGSL takes is added to the coordinate:
            // addressing applies to the sum either way.
            ("tex2D" | "tex2Doffset", [uv, offset]) => {
                let uv = self.expr_as(uv, &f2)?;
                match self.offset_2d(offset, tex, "0")? {
                    TexelOffset::Native(o) => arg.sample(&uv, Some(&o)),
                    TexelOffset::Shift(shift) => arg.sample(&format!("({uv}{shift})"), None),
                }
            }
            ("tex2Dlod" | "tex2Dlodoffset", [c, rest @ ..]) if rest.len() <= 1 => {
                let c = self.expr_as(c, &f4)?;
                let level = arg.level(&postfixed(&c, ".w"));
                let offset = match rest {
                    [o] => Some(self.offset_2d(o, tex, &format!("u32(max({level}, 0.0))"))?),
                    _ => None,
                };
                match offset {
                    Some(TexelOffset::Native(o)) => {
                        format!("textureSampleLevel({tex}, {samp}, ({c}).xy, {level}, {o})")
                    }
                    Some(TexelOffset::Shift(shift)) => {
                        format!("textureSampleLevel({tex}, {samp}, ({c}).xy{shift}, {level})")
                    }
                    None => format!("textureSampleLevel({tex}, {samp}, ({c}).xy, {level})"),
                }
            }
            ("tex2Dgrad", [uv, dx, dy, rest @ ..]) if rest.len() <= 1 => {
                let mut uv = self.expr_as(uv, &f2)?;
                let mut native = String::new();
                if let [offset] = rest {
                    match self.offset_2d(offset, tex, "0")? {
                        TexelOffset::Native(o) => native = format!(", {o}"),
                        TexelOffset::Shift(shift) => uv = format!("({uv}{shift})"),
                    }
                }
                let dx = arg.gradient(self.expr_as(dx, &f2)?);
                let dy = arg.gradient(self.expr_as(dy, &f2)?);
                format!("textureSampleGrad({tex}, {samp}, {uv}, {dx}, {dy}{native})")
            }
            ("tex2Dbias", [c]) => {
                let c = self.expr_as(c, &f4)?;
                let bias = arg.level(&postfixed(&c, ".w"));
                format!("textureSampleBias({tex}, {samp}, ({c}).xy, {bias})")
            }
            ("tex2Dfetch", [c]) | ("tex2Dfetch", [c, _]) => {
                let ct = self.ty(c);
                let lod = match &args[2..] {
                    [l] => self.expr_as(l, &Type::INT)?,
                    _ if ct.components() == 4 => {
                        let c4 = self.expr_as(c, &Type::vector(Base::Int, 4))?;
                        postfixed(&c4, ".w")
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
            ) => self.gather(name, &arg, uv, rest)?,
            _ => {
                return unsupported(
                    range,
                    format!("'{name}' : texture intrinsic form not supported yet"),
                );
            }
        };
        self.convert(code, &f4, t, range)
    }

    /// `tex2Dgather` (its component a constant argument) and `tex2DgatherR/G/B/A`, with one
    /// texel offset for the four texels or one for each: component `i` of the result is then
    /// texel `i0j0` (the last a gather returns) of the footprint at offset `i`, as SPIR-V's
    /// `ConstOffsets`, which ReShade's module uses (GLSL's `textureGatherOffsets`): four
    /// gathers here.
    fn gather(&mut self, name: &str, arg: &SamplerArg, uv: &Expr, rest: &[Expr]) -> Result<String> {
        let (tex, samp) = (&arg.tex, &arg.samp);
        let (component, offsets) = match (name, rest) {
            ("tex2Dgather", [c]) => match super::items::const_scalar(c, &self.lowered.consts) {
                Some(v) => (v as u32, &rest[1..]),
                None => return unsupported(c.range, "gather component must be constant"),
            },
            ("tex2DgatherG", _) => (1, rest),
            ("tex2DgatherB", _) => (2, rest),
            ("tex2DgatherA", _) => (3, rest),
            _ => (0, rest),
        };
        let uv = self.expr_as(uv, &Type::vector(Base::Float, 2))?;
        let mut one = |e: Option<&Expr>| -> Result<String> {
            Ok(match e.map(|e| self.offset_2d(e, tex, "0")).transpose()? {
                Some(TexelOffset::Native(o)) => {
                    format!("textureGather({component}, {tex}, {samp}, {uv}, {o})")
                }
                Some(TexelOffset::Shift(shift)) => {
                    format!("textureGather({component}, {tex}, {samp}, ({uv}{shift}))")
                }
                None => {
                    format!("textureGather({component}, {tex}, {samp}, {uv})")
                }
            })
        };
        match offsets {
            [] => one(None),
            [o] => one(Some(o)),
            [o0, o1, o2, o3] => {
                let lanes = [o0, o1, o2, o3]
                    .into_iter()
                    .map(|o| Ok(format!("{}.w", one(Some(o))?)))
                    .collect::<Result<Vec<_>>>()?;
                Ok(format!("vec4f({})", lanes.join(", ")))
            }
            _ => unsupported(
                offsets[0].range,
                format!("'{name}' : wrong number of offsets"),
            ),
        }
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
        let (rest, offset) = self.texel_offset(form, rest, one_d, tex)?;
        let (shift, native) = match &offset {
            Some(TexelOffset::Shift(shift)) => (shift.as_str(), None),
            Some(TexelOffset::Native(o)) => ("", Some(o.as_str())),
            None => ("", None),
        };
        let tail = native.map_or(String::new(), |o| format!(", {o}"));
        let code = match (form, rest) {
            ("", [c]) => arg.sample(
                &at(format!("({}{shift})", self.expr_as(c, &float_n)?), false),
                native,
            ),
            ("lod", [c]) => {
                let c = self.expr_as(c, &f4)?;
                let level = arg.level(&postfixed(&c, ".w"));
                let shift = shift.replace("LEVEL", &format!("u32(max({level}, 0.0))"));
                let uv = at(format!("(({c}).{lanes}{shift})"), false);
                format!("textureSampleLevel({tex}, {samp}, {uv}, {level}{tail})")
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
                format!("textureSampleGrad({tex}, {samp}, {c}, {dx}, {dy}{tail})")
            }
            ("fetch", [c, lod @ ..]) => {
                let ct = self.ty(c);
                let (coord, level) = if ct.components() == u32::from(n) + 1 {
                    let c4 = self.expr_as(c, &Type::vector(Base::Int, n + 1))?;
                    let last = ["x", "y", "z", "w"][usize::from(n)];
                    (
                        postfixed(&c4, &[".", lanes].concat()),
                        postfixed(&c4, &[".", last].concat()),
                    )
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
    /// `lod`, `grad`: one argument more). A constant one is WGSL's own offset (a 1D texture is
    /// a 2D one texel high: `(o, 0)`); another is added to the float coordinate in texels of
    /// level `LEVEL` (which the caller replaces; level 0 but for `lod`). ReShade's 3D `lod` and
    /// `grad` offsets are `int2`: `z` is 0.
    fn texel_offset<'a>(
        &mut self,
        form: &str,
        rest: &'a [Expr],
        one_d: bool,
        tex: &str,
    ) -> Result<(&'a [Expr], Option<TexelOffset>)> {
        let plain = match form {
            "" | "lod" => 1,
            "grad" => 3,
            _ => return Ok((rest, None)),
        };
        let [args @ .., offset] = rest else {
            return Ok((rest, None));
        };
        if args.len() != plain {
            return Ok((rest, None));
        }
        let n = match (one_d, form) {
            (true, _) => 1,
            (false, "") => 3,
            (false, _) => 2,
        };
        if let Some(mut o) = self.const_offset(offset, n) {
            // A 1D texture is 2D and a 3D `lod`/`grad` offset has no `z`: the rest are 0.
            let dims = if one_d { 2 } else { 3 };
            o.resize(dims, "0i".to_string());
            let native = TexelOffset::Native(format!("vec{dims}i({})", o.join(", ")));
            return Ok((args, Some(native)));
        }
        let shift = if one_d {
            let o = self.expr_as(offset, &Type::INT)?;
            format!(" + f32({o}) / f32(textureDimensions({tex}, LEVEL).x)")
        } else {
            let o = self.expr_as(offset, &Type::vector(Base::Int, n))?;
            let o3 = if n == 3 { o } else { format!("vec3i({o}, 0i)") };
            format!(" + vec3f({o3}) / vec3f(textureDimensions({tex}, LEVEL))")
        };
        let level = if form == "lod" { "LEVEL" } else { "0u" };
        Ok((
            args,
            Some(TexelOffset::Shift(shift.replace("LEVEL", level))),
        ))
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
