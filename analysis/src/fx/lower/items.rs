//! FX structure items into the model: uniforms (HLSL types to [`UniformType`], annotations,
//! initial values), textures (semantic or owned, with their properties), samplers (a texture and
//! a sampler binding, with the sampler states) and storages; plus constant evaluation of the
//! values these are written with.

use std::collections::HashMap;

use super::super::ast::*;
use super::super::check::Facts;
use super::super::lexer::{Base, ObjectKind};
use super::super::types::Type;
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
    dirs.extend(options.texture_dirs.iter().cloned());
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
                    && let Some(mut value) =
                        d.init.as_ref().and_then(|e| const_values(e, &out.consts))
                {
                    // A scalar initialiser splats (`static const int2 Size = 256;`), and an
                    // integer holds the truncated value.
                    if let TypeKind::Numeric { base, rows, cols } = v.ty.kind
                        && d.array.is_empty()
                    {
                        let n = usize::from(rows) * usize::from(cols);
                        if value.len() == 1 && n > 1 {
                            value = vec![value[0]; n];
                        }
                        if matches!(base, Base::Int | Base::Uint) {
                            value.iter_mut().for_each(|x| *x = x.trunc());
                        }
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

/// Constants by qualified name: the components of `static const` values.
pub(crate) type Consts = HashMap<String, Vec<f64>>;

/// The constant a written name means: the exact qualified name, else the longest one ending in
/// `::name` (a name written inside a namespace).
fn lookup_const<'c>(consts: &'c Consts, written: &str) -> Option<&'c Vec<f64>> {
    consts.get(written).or_else(|| {
        let suffix = format!("::{written}");
        consts
            .iter()
            .filter(|(q, _)| q.ends_with(&suffix))
            .max_by_key(|(q, _)| q.len())
            .map(|(_, v)| v)
    })
}

/// A constant scalar (see [`const_values`]).
pub(crate) fn const_scalar(e: &Expr, consts: &Consts) -> Option<f64> {
    match const_values(e, consts)?.as_slice() {
        [v] => Some(*v),
        _ => None,
    }
}

/// The flattened constant components of `e`: literals, `static const` values, constructors,
/// initialiser lists, casts, unary and component-wise binary arithmetic (scalars broadcast).
pub(crate) fn const_values(e: &Expr, consts: &Consts) -> Option<Vec<f64>> {
    let one = |v: f64| Some(vec![v]);
    match &e.kind {
        ExprKind::Literal(Literal::Int(v) | Literal::Uint(v)) => one(f64::from(*v)),
        ExprKind::Literal(Literal::Float(v)) => one(*v),
        ExprKind::Literal(Literal::Bool(b)) => one(f64::from(u8::from(*b))),
        ExprKind::Name(p) => lookup_const(consts, &p.joined()).cloned(),
        ExprKind::Construct { args, .. } | ExprKind::InitList(args) => {
            let mut values = Vec::new();
            for a in args {
                values.extend(const_values(a, consts)?);
            }
            Some(values)
        }
        ExprKind::Member { base, member } => {
            let v = const_values(base, consts)?;
            member
                .name
                .chars()
                .map(|c| {
                    let i = match c {
                        'x' | 'r' => 0,
                        'y' | 'g' => 1,
                        'z' | 'b' => 2,
                        'w' | 'a' => 3,
                        _ => return None,
                    };
                    v.get(i).copied()
                })
                .collect()
        }
        ExprKind::Unary { op, operand } => {
            let v = const_values(operand, consts)?;
            match op {
                UnaryOp::Plus => Some(v),
                UnaryOp::Negate => Some(v.iter().map(|x| -x).collect()),
                UnaryOp::Not => Some(v.iter().map(|x| f64::from(u8::from(*x == 0.0))).collect()),
                _ => None,
            }
        }
        ExprKind::Cast { ty, operand } => {
            let v = const_values(operand, consts)?;
            match ty.kind {
                TypeKind::Numeric {
                    base: Base::Int | Base::Uint,
                    ..
                } => Some(v.iter().map(|x| x.trunc()).collect()),
                _ => Some(v),
            }
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let (a, b) = (const_values(lhs, consts)?, const_values(rhs, consts)?);
            let integers = is_integer(lhs) && is_integer(rhs);
            let n = a.len().max(b.len());
            if a.len() != n && a.len() != 1 || b.len() != n && b.len() != 1 {
                return None;
            }
            let at = |v: &Vec<f64>, i: usize| if v.len() == 1 { v[0] } else { v[i] };
            let mut out = Vec::with_capacity(n);
            for i in 0..n {
                let (x, y) = (at(&a, i), at(&b, i));
                let v = match op {
                    BinaryOp::Add => x + y,
                    BinaryOp::Subtract => x - y,
                    BinaryOp::Multiply => x * y,
                    BinaryOp::Divide if integers => (x / y).trunc(),
                    BinaryOp::Divide => x / y,
                    BinaryOp::Modulo => x % y,
                    BinaryOp::Less => f64::from(u8::from(x < y)),
                    BinaryOp::Greater => f64::from(u8::from(x > y)),
                    _ => return None,
                };
                if !v.is_finite() {
                    return None;
                }
                out.push(v);
            }
            Some(out)
        }
        _ => None,
    }
}

fn is_integer(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Literal(Literal::Int(_) | Literal::Uint(_)) => true,
        ExprKind::Binary { lhs, rhs, .. } => is_integer(lhs) && is_integer(rhs),
        ExprKind::Unary { operand, .. } => is_integer(operand),
        _ => false,
    }
}

/// The value of an object property that names something (`RGBA8`, `CLAMP`, a texture).
fn property_name(p: &Property) -> Option<String> {
    match &p.value.kind {
        ExprKind::Name(path) => Some(path.joined()),
        _ => None,
    }
}

fn property_number(p: &Property, consts: &Consts) -> Result<f64> {
    match const_scalar(&p.value, consts) {
        Some(v) => Ok(v),
        None => unsupported(
            p.value.range,
            format!("'{}' : value is not a constant number", p.name.name),
        ),
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
    // A size outside its range is reported at its value, as the `.wfx` front end does.
    let sized = |p: &Property, max: u32| -> Result<u32> {
        let value = property_number(p, &out.consts)?;
        if value < 1.0 || value > f64::from(max) {
            let name = &p.name.name;
            return failed(
                p.value.range,
                DiagnosticCode::InvalidSize,
                format!("'{name}' : value {value} outside 1..={max}"),
            );
        }
        Ok(value as u32)
    };
    for p in d.properties.iter().flatten() {
        match p.name.name.as_str() {
            "Width" => width = sized(p, limit)?,
            "Height" => height = sized(p, limit)?,
            "Depth" => depth = sized(p, limit)?,
            "MipLevels" => mips = sized(p, u32::MAX)?,
            "Format" => {
                let value = property_name(p).unwrap_or_default();
                format = match TextureFormat::ALL.iter().find(|(n, _)| *n == value) {
                    Some((_, f)) => *f,
                    None => {
                        return unsupported(p.value.range, format!("'{value}' : unknown format"));
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
        Some(a) => Some(image_path(name, a, out)?),
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
        let value = property_name(p).unwrap_or_default().to_ascii_uppercase();
        match key {
            "Texture" => texture = Some(object_texture(p, out)?),
            "AddressU" | "AddressV" | "AddressW" => {
                let axis = usize::from(key == "AddressV") + 2 * usize::from(key == "AddressW");
                match AddressMode::NAMES.iter().find(|(n, _)| *n == value) {
                    Some((_, m)) => address[axis] = *m,
                    None => return unsupported(p.value.range, "unknown address mode"),
                }
            }
            "MinFilter" | "MagFilter" | "MipFilter" => {
                let which = usize::from(key == "MagFilter") + 2 * usize::from(key == "MipFilter");
                filters[which] = match value.as_str() {
                    "POINT" => FilterMode::Point,
                    "LINEAR" | "ANISOTROPIC" => FilterMode::Linear,
                    _ => return unsupported(p.value.range, "unknown filter"),
                };
            }
            "SRGBTexture" => srgb = const_scalar(&p.value, &out.consts).unwrap_or(0.0) != 0.0,
            "MinLOD" => lod_range.0 = property_number(p, &out.consts)? as f32,
            "MaxLOD" => lod_range.1 = property_number(p, &out.consts)? as f32,
            "MipLODBias" => {
                if property_number(p, &out.consts)? != 0.0 {
                    return unsupported(p.value.range, "'MipLODBias' : only 0 is supported");
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
            "MipLOD" | "MipLevel" => mip_level = property_number(p, &out.consts)? as u32,
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
                "'{file}' : image for texture '{texture}' not found next to the effect, in the search path or in a 'Textures' folder beside the effect's folder"
            ),
        ),
    }
}
