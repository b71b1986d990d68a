//! FX structure items into the model: uniforms (HLSL types to [`UniformType`], annotations,
//! initial values), textures (semantic or owned, with their properties), samplers (a texture and
//! a sampler binding, with the sampler states) and storages; plus constant evaluation of the
//! values these are written with.

use std::collections::HashMap;

use super::super::ast::*;
use super::super::check::Facts;
use super::super::lexer::{Base, ObjectKind};
use super::super::types::Type;
pub(crate) use super::consts::{Consts, const_scalar, const_values};
use super::consts::{as_base, eval, lookup_const};
use super::names::ident;
use super::{ItemIds, Result, failed, unsupported};
use crate::lower::EffectItems;
use crate::model::*;
use crate::source::Span;
use crate::{DiagnosticCode, Options};

/// What a global FX name stands for in the generated WGSL.
#[derive(Clone, Debug)]
pub(crate) enum Global {
    /// A value: a uniform, a `static const` or a `static` variable, by WGSL name.
    Value(String),
    Texture,
    /// A sampler: the WGSL names of its texture and sampler bindings, and whether the texture
    /// has more than one mip level (then implicit-LOD sampling keeps `textureSample`).
    Sampler {
        texture: String,
        sampler: String,
        mips: bool,
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
        globals: HashMap::new(),
        consts: HashMap::new(),
        image_dirs: image_dirs(root, options),
    };
    walk(&module.items, facts, locate, &mut lowered)?;
    if options.mode == CompileMode::Performance {
        crate::lower::fold_uniforms(&mut lowered.items.uniforms, &options.uniform_values);
    }
    lowered.items.uniform_buffer_size = crate::lower::layout_uniforms(&mut lowered.items.uniforms);
    Ok(lowered)
}

/// Where texture images are looked for: the effect's folder, the include folders, and the
/// `Textures` folder beside the effect's folder (ReShade's layout: `Shaders/` and `Textures/`).
fn image_dirs(root: &std::path::Path, options: &Options) -> Vec<std::path::PathBuf> {
    let dir = root
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let mut dirs = vec![dir.clone()];
    dirs.extend(options.include_dirs.iter().cloned());
    if let Some(parent) = dir.parent() {
        dirs.push(parent.join("Textures"));
    }
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
    let ok = match (rows, cols) {
        (1..=4, 1) => true,
        (2..=4, 2..=4) => array == 0,
        _ => false,
    };
    if !ok || array > 1024 {
        return unsupported(
            range,
            format!("'{}' : uniform type not supported yet", ty.name()),
        );
    }
    if *cols > 1 && *base != Base::Float {
        // An integer or bool matrix is an array of its rows in user code (see `names.rs`):
        // as a uniform, an array of row vectors, each padded to 16 bytes as in ReShade's
        // constant buffers, its values row by row.
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
        Some(e) => match const_values(e, &out.consts) {
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
                AnnotationValue::Ident(p.joined())
            }
            ExprKind::Construct { .. } | ExprKind::InitList(_) => {
                match const_values(&a.value, consts) {
                    Some(v) => AnnotationValue::Vector(v),
                    None => return unsupported(a.value.range, "annotation value is not constant"),
                }
            }
            _ => match const_scalar(&a.value, consts) {
                Some(v) => AnnotationValue::Number(v),
                None => return unsupported(a.value.range, "annotation value is not constant"),
            },
        };
        if out.get(&a.name.name).is_none() {
            out.0.push((a.name.name.clone(), value));
        }
    }
    Ok(out)
}

/// The value of an object property that names something (a sampler's or storage's texture).
fn property_name(p: &Property) -> Option<String> {
    match &p.value.kind {
        ExprKind::Name(path) => Some(path.joined()),
        _ => None,
    }
}

/// ReShade's value names for object properties, matched in any letter case before anything
/// else (a `static const` of the same name does not hide one): filters, address modes and
/// formats, with the numbers ReShade gives them (its `texture_format` and
/// `texture_address_mode` enumerations).
const PROPERTY_VALUES: &[(&str, i32)] = &[
    ("NONE", 0),
    ("POINT", 0),
    ("LINEAR", 1),
    ("ANISOTROPIC", 0x55),
    ("WRAP", 1),
    ("REPEAT", 1),
    ("MIRROR", 2),
    ("CLAMP", 3),
    ("BORDER", 4),
    ("R8", 1),
    ("R16", 2),
    ("R16F", 3),
    ("R32I", 4),
    ("R32U", 5),
    ("R32F", 6),
    ("RG8", 7),
    ("R8G8", 7),
    ("RG16", 8),
    ("R16G16", 8),
    ("RG16F", 9),
    ("R16G16F", 9),
    ("RG32F", 10),
    ("R32G32F", 10),
    ("RGBA8", 11),
    ("R8G8B8A8", 11),
    ("RGBA16", 12),
    ("R16G16B16A16", 12),
    ("RGBA16F", 13),
    ("R16G16B16A16F", 13),
    ("RGBA32F", 14),
    ("R32G32B32A32F", 14),
    ("RGB10A2", 15),
    ("R10G10B10A2", 15),
];

/// ReShade's texture formats by number (0 is its `unknown`).
const FORMATS_BY_NUMBER: [Option<TextureFormat>; 16] = [
    None,
    Some(TextureFormat::R8),
    Some(TextureFormat::R16),
    Some(TextureFormat::R16F),
    Some(TextureFormat::R32I),
    Some(TextureFormat::R32U),
    Some(TextureFormat::R32F),
    Some(TextureFormat::RG8),
    Some(TextureFormat::RG16),
    Some(TextureFormat::RG16F),
    Some(TextureFormat::RG32F),
    Some(TextureFormat::RGBA8),
    Some(TextureFormat::RGBA16),
    Some(TextureFormat::RGBA16F),
    Some(TextureFormat::RGBA32F),
    Some(TextureFormat::RGB10A2),
];

/// An object property's value as ReShade reads it: a value name of [`PROPERTY_VALUES`] in
/// any letter case, else a constant scalar expression (`static const` values, macros
/// expanded to arithmetic), converted to an integer as ReShade's cast to `int` does.
fn property_int(p: &Property, consts: &Consts) -> Result<i32> {
    if let ExprKind::Name(path) = &p.value.kind
        && let [only] = path.segments.as_slice()
        && !path.absolute
    {
        let upper = only.name.to_ascii_uppercase();
        if let Some((_, v)) = PROPERTY_VALUES.iter().find(|(n, _)| *n == upper) {
            return Ok(*v);
        }
    }
    match const_scalar(&p.value, consts) {
        // `as` saturates: far outside what any property takes either way.
        Some(v) => Ok(v.trunc() as i32),
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

/// A width, height, depth or mip count as ReShade takes it: a value below 1 is 1, and so is
/// a depth or mip count above 65535 (`limited`).
fn at_least_one(value: i32, limited: bool) -> u32 {
    match u32::try_from(value) {
        Ok(v) if v > u32::from(u16::MAX) && limited => 1,
        Ok(v) => v.max(1),
        Err(_) => 1,
    }
}

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
    let limit = crate::lower::MAX_TEXTURE_SIZE;
    // A size beyond what a GPU takes is reported at its value, as the `.wfx` front end does.
    let sized = |p: &Property, limited: bool| -> Result<u32> {
        let value = at_least_one(property_int(p, &out.consts)?, limited);
        if value > limit {
            let name = &p.name.name;
            return failed(
                p.value.range,
                DiagnosticCode::InvalidSize,
                format!("'{name}' : value {value} outside 1..={limit}"),
            );
        }
        Ok(value)
    };
    for p in d.properties.iter().flatten() {
        match p.name.name.as_str() {
            "Width" => width = sized(p, false)?,
            "Height" => height = sized(p, false)?,
            "Depth" => depth = sized(p, true)?,
            "MipLevels" => mips = at_least_one(property_int(p, &out.consts)?, true),
            "Format" => {
                let value = property_int(p, &out.consts)?;
                let found = usize::try_from(value)
                    .ok()
                    .and_then(|i| FORMATS_BY_NUMBER.get(i).copied().flatten());
                format = match found {
                    Some(f) => f,
                    None => {
                        return failed(
                            p.value.range,
                            DiagnosticCode::InvalidRenderStateValue,
                            format!("'Format' : {value} is not a texture format"),
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
    let mut filters = [FilterMode::Linear; 3];
    let mut srgb = false;
    let mut lod_range = (0.0f32, 1000.0f32);
    for p in d.properties.iter().flatten() {
        let key = p.name.name.as_str();
        match key {
            "Texture" => texture = Some(object_texture(p, out)?),
            "AddressU" | "AddressV" | "AddressW" => {
                let axis = usize::from(key == "AddressV") + 2 * usize::from(key == "AddressW");
                address[axis] = match property_int(p, &out.consts)? {
                    1 => AddressMode::Wrap,
                    2 => AddressMode::Mirror,
                    3 => AddressMode::Clamp,
                    4 => AddressMode::Border,
                    other => {
                        return failed(
                            p.value.range,
                            DiagnosticCode::InvalidRenderStateValue,
                            format!("'{key}' : {other} is not an address mode"),
                        );
                    }
                };
            }
            "MinFilter" | "MagFilter" | "MipFilter" => {
                let which = usize::from(key == "MagFilter") + 2 * usize::from(key == "MipFilter");
                // ReShade keeps the low two bits of each (ANISOTROPIC, 0x55, filters linearly).
                filters[which] = match property_int(p, &out.consts)? & 0x03 {
                    0 => FilterMode::Point,
                    1 => FilterMode::Linear,
                    other => {
                        return failed(
                            p.value.range,
                            DiagnosticCode::InvalidRenderStateValue,
                            format!("'{key}' : {other} is not a filter"),
                        );
                    }
                };
            }
            "SRGBTexture" | "SRGBReadEnable" => srgb = property_int(p, &out.consts)? != 0,
            "MinLOD" | "MaxMipLevel" => lod_range.0 = property_int(p, &out.consts)? as f32,
            "MaxLOD" => lod_range.1 = property_int(p, &out.consts)? as f32,
            "MipLODBias" | "MipMapLodBias" => {
                if property_int(p, &out.consts)? != 0 {
                    return unsupported(p.value.range, format!("'{key}' : only 0 is supported"));
                }
            }
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
    out.items.samplers.push(Sampler {
        name: name.to_string(),
        texture,
        address,
        min_filter: filters[0],
        mag_filter: filters[1],
        mip_filter: filters[2],
        srgb,
        lod_range,
        span,
    });
    // A decoding sampler reads the texture's sRGB view, a binding of its own, so one effect
    // (even one pass) may sample the same texture both ways, as ReShade allows.
    let texture_name = if srgb {
        if !out.items.srgb_views.contains(&texture) {
            out.items.srgb_views.push(texture);
        }
        crate::lower::srgb_view_name(&texture_name)
    } else {
        texture_name
    };
    Ok(Global::Sampler {
        texture: texture_name,
        sampler: name.to_string(),
        mips,
    })
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
    if !matches!(
        &out.items.textures[texture.index()].kind,
        TextureKind::Owned { .. }
    ) {
        return unsupported(d.name.range, "storage of a texture with a semantic");
    }
    out.items.storages.push(Storage {
        name: name.to_string(),
        texture,
        mip_level,
        // Set once the code is emitted: whether texture atomics use it.
        atomic: false,
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
    match out
        .image_dirs
        .iter()
        .map(|dir| dir.join(file))
        .find(|p| p.is_file())
    {
        Some(p) => Ok(p),
        None => super::failed(
            a.value.range,
            DiagnosticCode::IoError,
            format!(
                "'{file}' : image for texture '{texture}' not found next to the effect, in the search path or in a 'Textures' folder beside the effect's folder"
            ),
        ),
    }
}
