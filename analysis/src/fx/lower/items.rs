//! FX structure items into the model: uniforms (HLSL types to [`UniformType`], annotations,
//! initial values), textures (semantic or owned, with their properties), samplers (a texture and
//! a sampler binding, with the sampler states) and storages; plus constant evaluation of the
//! values these are written with.

use rustc_hash::FxHashMap as HashMap;

use super::super::ast::*;
use super::super::check::Facts;
use super::super::lexer::{Base, ObjectKind};
use super::super::types::Type;
pub(crate) use super::consts::{Consts, const_scalar, data_values};
use super::consts::{as_base, eval, lookup_const};
use super::names::ident;
use super::{ItemIds, Result, failed, unsupported};
use crate::build::{EffectItems, SamplerStates};
use crate::model::*;
use crate::source::Span;
use crate::{DiagnosticCode, Options};

/// What a global FX name stands for in the generated WGSL.
#[derive(Clone, Debug)]
pub(crate) enum Global {
    /// A value: a uniform, a `static const` or a `static` variable, by WGSL name.
    Value(String),
    Texture,
    /// A sampler: the WGSL names of its texture and sampler bindings, and whether its sampling
    /// needs the hardware's level of detail (then `tex2D` stays `textureSample`): the texture has
    /// more than one mip level, or the min and mag filters differ, where the derivatives choose
    /// between them (level 0 would always magnify: CRT_Lottes's 2x downscale with `MinFilter =
    /// LINEAR`, `MagFilter = POINT` read point-sampled texels).
    ///
    /// `bias` is the sampler's `MipLODBias` where it moves the level of detail (0 elsewhere):
    /// wgpu samplers have none, so sampling adds it (`textures.rs`).
    Sampler {
        texture: String,
        sampler: String,
        implicit_lod: bool,
        bias: i32,
    },
    Storage(String),
}

/// The lowered items and what code generation needs to know about them.
pub(crate) struct Lowered {
    pub items: EffectItems,
    pub ids: ItemIds,
    /// Global FX names (qualified) to what they are.
    pub globals: HashMap<String, Global>,
    /// Values of `static const` scalars, for constant expressions.
    pub consts: Consts,
    /// Folders searched for texture images (`source` annotation).
    pub image_dirs: Vec<std::path::PathBuf>,
    /// Whether a sampler has a bias (`Global::Sampler`): then sampler parameters carry one too.
    pub sampler_biases: bool,
}

/// Lowers the structure items of `module` in declaration order.
pub(crate) fn lower_items(
    module: &Module,
    facts: &Facts,
    options: &Options,
    root: &std::path::Path,
    locate: &dyn Fn(TextRange) -> Span,
) -> Result<Lowered> {
    let mut lowered = Lowered {
        items: EffectItems::default(),
        ids: ItemIds::default(),
        globals: HashMap::default(),
        consts: Consts::default(),
        image_dirs: image_dirs(root, options),
        sampler_biases: false,
    };
    walk(&module.items, facts, locate, &mut lowered)?;
    if options.mode == CompileMode::Performance {
        crate::build::fold_uniforms(&mut lowered.items.uniforms, &options.uniform_values);
    }
    lowered.items.uniform_buffer_size = crate::build::layout_uniforms(&mut lowered.items.uniforms);
    Ok(lowered)
}

/// Where texture images are looked for, in order: the effect's folder, the texture search
/// paths, the include folders, then ReShade's default `Textures` folder beside the effect's
/// `Shaders` folder with its subfolders (`fx::textures_beside_shaders`) unless the caller listed
/// the texture folders itself (the session layer's `SearchPaths::texture_dirs` includes that
/// default), and last the built-in headers' folder, which holds the images those headers name
/// (DrawText's `FontAtlas.png`), so an effect's own image of the same name wins.
fn image_dirs(root: &std::path::Path, options: &Options) -> Vec<std::path::PathBuf> {
    let dir = match root.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let mut dirs = vec![dir.clone()];
    dirs.extend(options.texture_dirs.iter().cloned());
    dirs.extend(options.include_dirs.iter().cloned());
    if options.texture_dirs.is_empty() {
        dirs.extend(crate::fx::textures_beside_shaders(&dir));
    }
    dirs.push(options.builtin_include_dir.clone());
    dirs
}

fn walk(
    items: &[Item],
    facts: &Facts,
    locate: &dyn Fn(TextRange) -> Span,
    out: &mut Lowered,
) -> Result<()> {
    for item in items {
        match item {
            Item::Namespace(n) => walk(&n.items, facts, locate, out)?,
            Item::Variables(v) => variables(v, facts, locate, out)?,
            _ => {}
        }
    }
    Ok(())
}

fn has(v: &VarDecl, q: Qualifier) -> bool {
    v.qualifiers.iter().any(|x| x.qualifier == q)
}

fn variables(
    v: &VarDecl,
    facts: &Facts,
    locate: &dyn Fn(TextRange) -> Span,
    out: &mut Lowered,
) -> Result<()> {
    for d in &v.declarators {
        let Some(qualified) = facts.global_decls.get(&d.name.range) else {
            continue;
        };
        let name = ident(qualified);
        let span = locate(d.name.range);
        let global = match &v.ty.kind {
            TypeKind::Object {
                kind: ObjectKind::Texture,
                ..
            } => {
                let texture = texture(d, &name, qualified, span, out)?;
                out.ids
                    .textures
                    .insert(qualified.clone(), TextureId::new(out.items.textures.len()));
                out.items.textures.push(texture);
                Global::Texture
            }
            TypeKind::Object {
                kind: ObjectKind::Sampler,
                ..
            } => sampler(d, &name, span, out)?,
            TypeKind::Object {
                kind: ObjectKind::Storage,
                ..
            } => storage(d, &name, span, out)?,
            // `groupshared` variables are declared where used (`var<workgroup>`, emit.rs).
            _ if has(v, Qualifier::Groupshared) => Global::Value(name),
            _ if has(v, Qualifier::Static) => {
                if has(v, Qualifier::Const)
                    && let Some(mut value) = d.init.as_ref().and_then(|e| eval(e, &out.consts))
                {
                    // A scalar initialiser splats (`static const int2 Size = 256;`), and the
                    // value takes the declared type (an integer holds the truncated value).
                    if let TypeKind::Numeric { base, rows, cols } = v.ty.kind {
                        let n = usize::from(rows) * usize::from(cols);
                        if value.values.len() == 1 && n > 1 && d.array.is_empty() {
                            value.values = vec![value.values[0]; n];
                        }
                        value.values.iter_mut().for_each(|x| *x = as_base(base, *x));
                        value.base = base;
                    }
                    out.consts.insert(qualified.clone(), value);
                }
                Global::Value(name)
            }
            // A uniform string is text for the runtime, never shader data: it has no place in
            // the uniform buffer (code reading it is reported where it does).
            TypeKind::String => continue,
            _ => {
                let uniform = uniform(v, d, &name, span, out)?;
                out.items.uniforms.push(uniform);
                Global::Value(name)
            }
        };
        out.globals.insert(qualified.clone(), global);
    }
    Ok(())
}

/// The model type of a uniform's FX type.
fn uniform_type(ty: &Type, range: TextRange) -> Result<UniformType> {
    let (inner, array) = match ty {
        Type::Array(inner, Some(n)) => (inner.as_ref(), *n),
        other => (other, 0),
    };
    let Type::Numeric { base, rows, cols } = inner else {
        return unsupported(
            range,
            format!("'{}' : uniform type not supported yet", ty.name()),
        );
    };
    let scalar = match base {
        Base::Float => ScalarKind::Float,
        Base::Int => ScalarKind::Sint,
        Base::Uint => ScalarKind::Uint,
        Base::Bool => ScalarKind::Bool,
    };
    let ok = matches!((rows, cols), (1..=4, 1) | (2..=4, 2..=4));
    if !ok || array > 1024 {
        return unsupported(
            range,
            format!("'{}' : uniform type not supported yet", ty.name()),
        );
    }
    if *cols > 1 && *base != Base::Float && array == 0 {
        // An integer or bool matrix is an array of its rows in user code (see `names.rs`):
        // as a uniform, an array of row vectors, each padded to 16 bytes as in ReShade's
        // constant buffers, its values row by row. (In an array, each element is such an
        // array: `columns` counts its rows, as below.)
        return Ok(UniformType {
            scalar,
            components: *cols,
            columns: 1,
            array: u32::from(*rows),
        });
    }
    // HLSL rows are WGSL columns (see `names.rs`).
    let (components, columns) = if *cols > 1 {
        (*cols, *rows)
    } else {
        (*rows, 1)
    };
    Ok(UniformType {
        scalar,
        components,
        columns,
        array,
    })
}

fn uniform(v: &VarDecl, d: &Declarator, name: &str, span: Span, out: &Lowered) -> Result<Uniform> {
    let base = match &v.ty.kind {
        &TypeKind::Numeric { base, rows, cols } => Type::Numeric { base, rows, cols },
        _ => {
            return unsupported(v.ty.range, "uniform type not supported yet");
        }
    };
    let ty = match d.array.as_slice() {
        [] => base,
        [Some(size)] => match const_scalar(size, &out.consts) {
            Some(n) if n >= 1.0 => Type::Array(Box::new(base), Some(n as u32)),
            _ => return unsupported(size.range, "uniform array size not constant"),
        },
        _ => return unsupported(d.name.range, "uniform array not supported yet"),
    };
    let ty = uniform_type(&ty, v.ty.range)?;
    let annotations = annotations(&d.annotations, &out.consts)?;
    let mut init = match &d.init {
        Some(e) => match data_values(e, &out.consts) {
            Some(values) => values,
            None => return unsupported(e.range, "uniform initial value is not constant"),
        },
        None => Vec::new(),
    };
    let len = ty.len();
    if init.len() == 1 && len > 1 {
        init = vec![init[0]; len];
    }
    init.resize(len, 0.0);
    Ok(Uniform {
        name: name.to_string(),
        ty,
        offset: 0,
        init,
        annotations,
        span,
        constant: false,
    })
}

/// Annotations with their values (numbers, strings, booleans, names and vectors).
pub(crate) fn annotations(list: &[Annotation], consts: &Consts) -> Result<Annotations> {
    let mut out = Annotations::default();
    for a in list {
        let value = match &a.value.kind {
            ExprKind::Literal(Literal::String(s)) => AnnotationValue::String(s.clone()),
            ExprKind::Literal(Literal::Bool(b)) => AnnotationValue::Bool(*b),
            ExprKind::Name(p) if lookup_const(consts, &p.joined()).is_none() => {
                AnnotationValue::Ident(p.joined().into_owned())
            }
            ExprKind::Construct { .. } | ExprKind::InitList(_) => {
                match data_values(&a.value, consts) {
                    Some(v) => AnnotationValue::Vector(v),
                    None => return unsupported(a.value.range, "annotation value is not constant"),
                }
            }
            _ => match data_values(&a.value, consts).as_deref() {
                Some(&[v]) => AnnotationValue::Number(v),
                _ => return unsupported(a.value.range, "annotation value is not constant"),
            },
        };
        if out.get(&a.name.name).is_none() {
            out.0.push((a.name.name.to_string(), value));
        }
    }
    Ok(out)
}

/// The value of an object property that names something (a sampler's or storage's texture).
fn property_name(p: &Property) -> Option<String> {
    match &p.value.kind {
        ExprKind::Name(path) => Some(path.joined().into_owned()),
        _ => None,
    }
}

/// The integer value of a property as ReShade reads it: one of its value names (any letter
/// case: `RGBA16f`, `clamp`), else a constant scalar converted to `int` as ReShade converts
/// its folded value (`Width = 1e999 * 64` is an infinity, so the smallest `int`).
fn property_int(p: &Property, consts: &Consts) -> Result<i64> {
    if let ExprKind::Name(path) = &p.value.kind
        && let [only] = path.segments.as_slice()
        && let Some(v) = crate::fx::check::property_name_value(&only.name)
    {
        return Ok(v);
    }
    match super::consts::data_int(&p.value, consts) {
        Some(v) => Ok(v),
        None => failed(
            p.value.range,
            DiagnosticCode::InvalidRenderStateValue,
            format!(
                "'{}' : value must be a literal scalar expression",
                p.name.name
            ),
        ),
    }
}

/// ReShade's `texture_format` numbers (`effect_module.hpp`) by name.
const RESHADE_FORMATS: [&str; 15] = [
    "R8", "R16", "R16F", "R32I", "R32U", "R32F", "RG8", "RG16", "RG16F", "RG32F", "RGBA8",
    "RGBA16", "RGBA16F", "RGBA32F", "RGB10A2",
];

/// The FX name when the WGSL one differs from it.
fn written_name(wgsl: &str, qualified: &str) -> Option<String> {
    (wgsl != qualified).then(|| qualified.to_string())
}

fn texture(
    d: &Declarator,
    name: &str,
    qualified: &str,
    span: Span,
    out: &Lowered,
) -> Result<Texture> {
    if let Some(semantic) = &d.semantic {
        let kind = match semantic.name.to_ascii_uppercase().as_str() {
            "COLOR" | "SV_TARGET" => TextureSemantic::Color,
            "DEPTH" | "SV_DEPTH" => TextureSemantic::Depth,
            other => TextureSemantic::Other(other.to_string()),
        };
        return Ok(Texture {
            name: name.to_string(),
            written_name: written_name(name, qualified),
            kind: TextureKind::Semantic(kind),
            image: None,
            srgb_read: false,
            pooled: false,
            span,
        });
    }
    let (mut width, mut height, mut depth, mut mips) = (1u32, 1u32, 1u32, 1u32);
    let mut format = TextureFormat::RGBA8;
    let limit = crate::build::MAX_TEXTURE_SIZE;
    // As ReShade takes sizes: one that is not positive is 1 (a `Depth` or `MipLevels` past
    // 65535 too). A size past what textures can have is reported at its value.
    let sized = |p: &Property, max: i64| -> Result<u32> {
        let value = property_int(p, &out.consts)?;
        if value > i64::from(limit) && max > 65535 {
            let name = &p.name.name;
            return failed(
                p.value.range,
                DiagnosticCode::InvalidSize,
                format!("'{name}' : value {value} outside 1..={limit}"),
            );
        }
        Ok(if (1..=max).contains(&value) {
            value as u32
        } else {
            1
        })
    };
    for p in d.properties.iter().flatten() {
        match p.name.name.as_str() {
            "Width" => width = sized(p, i64::MAX)?,
            "Height" => height = sized(p, i64::MAX)?,
            "Depth" => depth = sized(p, 65535)?.min(limit),
            "MipLevels" => mips = sized(p, 65535)?,
            "Format" => {
                let value = property_int(p, &out.consts)?;
                let named = usize::try_from(value - 1)
                    .ok()
                    .and_then(|i| RESHADE_FORMATS.get(i));
                format = match named.and_then(|n| TextureFormat::ALL.iter().find(|(a, _)| a == n)) {
                    Some((_, f)) => *f,
                    // ReShade's runtime cannot create a texture of another format.
                    None => {
                        return failed(
                            p.value.range,
                            DiagnosticCode::InvalidRenderStateValue,
                            format!("'{value}' : not a texture format"),
                        );
                    }
                };
            }
            other => {
                return unsupported(p.name.range, format!("'{other}' : unknown texture state"));
            }
        }
    }
    // As ReShade does, more mip levels than the size allows are clamped.
    let mips = mips.min(32 - width.max(height).max(1).leading_zeros());
    let pooled = d.annotations.iter().any(|a| {
        a.name.name == "pooled" && matches!(a.value.kind, ExprKind::Literal(Literal::Bool(true)))
    });
    let image = match d.annotations.iter().find(|a| a.name.name == "source") {
        Some(a) => Some(image_path(qualified, a, out)?),
        None => None,
    };
    Ok(Texture {
        name: name.to_string(),
        written_name: written_name(name, qualified),
        kind: TextureKind::Owned {
            width,
            height,
            depth,
            format,
            mip_levels: mips,
        },
        image,
        srgb_read: false,
        pooled,
        span,
    })
}

/// The texture a sampler or storage names, with its id.
fn object_texture(p: &Property, out: &Lowered) -> Result<(TextureId, String)> {
    let Some(written) = property_name(p) else {
        return unsupported(p.value.range, "'Texture' : expected a texture name");
    };
    // The written name is resolved in the declaring namespace, then outwards: the checker
    // checked it, so the longest matching qualified name is the one.
    let found = out
        .ids
        .textures
        .iter()
        .filter(|(q, _)| *q == &written || q.ends_with(&format!("::{written}")))
        .max_by_key(|(q, _)| q.len());
    match found {
        Some((q, id)) => Ok((*id, ident(q))),
        None => unsupported(p.value.range, format!("'{written}' : undeclared texture")),
    }
}

fn sampler(d: &Declarator, name: &str, span: Span, out: &mut Lowered) -> Result<Global> {
    let mut texture = None;
    let mut address = [AddressMode::Clamp; 3];
    // ReShade keeps one filter number (a D3D filter: min, mag and mip in two bits each, 0x40
    // for anisotropic), which `MinFilter`/`MagFilter`/`MipFilter` edit; the default is linear.
    let mut filter = 0x15i64;
    let mut srgb = false;
    let mut lod_range = (0.0f32, 1000.0f32);
    let mut bias = None;
    for p in d.properties.iter().flatten() {
        let key = p.name.name.as_str();
        match key {
            "Texture" => texture = Some(object_texture(p, out)?),
            "AddressU" | "AddressV" | "AddressW" => {
                let axis = usize::from(key == "AddressV") + 2 * usize::from(key == "AddressW");
                // As ReShade's Vulkan runtime converts them: an unknown mode repeats.
                address[axis] = match property_int(p, &out.consts)? {
                    2 => AddressMode::Mirror,
                    3 => AddressMode::Clamp,
                    4 => AddressMode::Border,
                    _ => AddressMode::Wrap,
                };
            }
            "MinFilter" | "MagFilter" | "MipFilter" => {
                let v = property_int(p, &out.consts)?;
                let (keep, shift) = match key {
                    "MinFilter" => (0x4F, 4),
                    "MagFilter" => (0x73, 2),
                    _ => (0x7C, 0),
                };
                filter = (filter & keep) | ((v & 0x03) << shift) | (v & 0x40);
            }
            "SRGBTexture" | "SRGBReadEnable" => srgb = property_int(p, &out.consts)? != 0,
            "MinLOD" | "MaxMipLevel" => lod_range.0 = property_int(p, &out.consts)? as f32,
            "MaxLOD" => lod_range.1 = property_int(p, &out.consts)? as f32,
            "MipLODBias" | "MipMapLodBias" => bias = Some(property_int(p, &out.consts)?),
            other => {
                return unsupported(p.name.range, format!("'{other}' : unknown sampler state"));
            }
        }
    }
    let Some((texture, texture_name)) = texture else {
        return unsupported(d.name.range, "sampler has no 'Texture' state");
    };
    let mips = matches!(
        out.items.textures[texture.index()].kind,
        TextureKind::Owned { mip_levels, .. } if mip_levels > 1
    );
    let filters = reshade_filters(filter);
    let implicit_lod = mips || filters[0] != filters[1];
    // ReShade's integer bias (a D3D/Vulkan sampler's `mipLodBias`) moves the level of detail,
    // and with it the choice between min and mag filter: it changes nothing where neither
    // depends on the level. Vulkan clamps it to the device's limit, 16 at most.
    let bias = match bias {
        Some(b) if implicit_lod && b != 0 => b.clamp(-16, 16) as i32,
        _ => 0,
    };
    out.sampler_biases |= bias != 0;
    let states = SamplerStates {
        address,
        filters,
        srgb,
        lod_range,
    };
    out.items
        .samplers
        .push(states.sampler(name.to_string(), texture, span));
    // A decoding sampler reads the texture's sRGB view, a binding of its own, so one effect
    // (even one pass) may sample the same texture both ways, as ReShade allows.
    let texture_name = if srgb {
        if !out.items.srgb_views.contains(&texture) {
            out.items.srgb_views.push(texture);
        }
        crate::build::srgb_view_name(&texture_name)
    } else {
        texture_name
    };
    Ok(Global::Sampler {
        texture: texture_name,
        sampler: name.to_string(),
        implicit_lod,
        bias,
    })
}

/// Min, mag and mip filters of ReShade's filter number as its Vulkan runtime reads it: one of
/// the D3D filters (anisotropic ones filter linearly), anything else point sampling.
fn reshade_filters(filter: i64) -> [FilterMode; 3] {
    let f = |linear: bool| {
        if linear {
            FilterMode::Linear
        } else {
            FilterMode::Point
        }
    };
    match filter {
        0x00 | 0x01 | 0x04 | 0x05 | 0x10 | 0x11 | 0x14 | 0x15 => [
            f(filter & 0x10 != 0),
            f(filter & 0x04 != 0),
            f(filter & 0x01 != 0),
        ],
        0x54 => [FilterMode::Linear, FilterMode::Linear, FilterMode::Point],
        0x55 => [FilterMode::Linear; 3],
        _ => [FilterMode::Point; 3],
    }
}

fn storage(d: &Declarator, name: &str, span: Span, out: &mut Lowered) -> Result<Global> {
    let mut texture = None;
    let mut mip_level = 0;
    for p in d.properties.iter().flatten() {
        match p.name.name.as_str() {
            "Texture" => texture = Some(object_texture(p, out)?.0),
            // ReShade takes a level outside 1..65535 as 0.
            "MipLOD" | "MipLevel" => {
                mip_level = u32::try_from(property_int(p, &out.consts)?)
                    .ok()
                    .filter(|v| *v < u32::from(u16::MAX))
                    .unwrap_or(0);
            }
            other => {
                return unsupported(p.name.range, format!("'{other}' : unknown storage state"));
            }
        }
    }
    let Some(texture) = texture else {
        return unsupported(d.name.range, "storage has no 'Texture' state");
    };
    let TextureKind::Owned { mip_levels, .. } = &out.items.textures[texture.index()].kind else {
        return unsupported(d.name.range, "storage of a texture with a semantic");
    };
    // As ReShade: a level past the texture's last is its last.
    let mip_level = mip_level.min(mip_levels.saturating_sub(1));
    out.items.storages.push(Storage {
        name: name.to_string(),
        texture,
        mip_level,
        // Set once the code is emitted: whether texture atomics use it.
        atomic: false,
        read_write: false,
        span,
    });
    Ok(Global::Storage(name.to_string()))
}

/// The image a `source` annotation of texture `texture` names, found in the image folders; a
/// missing one is an `IoError` naming the file and the texture.
fn image_path(texture: &str, a: &Annotation, out: &Lowered) -> Result<std::path::PathBuf> {
    let ExprKind::Literal(Literal::String(file)) = &a.value.kind else {
        return unsupported(a.value.range, "'source' : expected a file name");
    };
    // Written on Windows: `\` separates folders and letter case does not matter.
    let written = file.replace('\\', "/");
    let found = |p: std::path::PathBuf| match p.is_file() {
        true => Some(p),
        false => super::super::files::find_ignoring_case(&p).filter(|p| p.is_file()),
    };
    match out
        .image_dirs
        .iter()
        .find_map(|dir| found(dir.join(&written)))
    {
        Some(p) => Ok(p),
        None => super::failed(
            a.value.range,
            DiagnosticCode::IoError,
            format!(
                "'{file}' : image for texture '{texture}' not found next to the effect, in the texture search paths or include folders, or in the 'Textures' folder beside its 'Shaders' folder"
            ),
        ),
    }
}
