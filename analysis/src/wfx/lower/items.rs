//! Item lowering: the structure's `uniform`, `texture`, `sampler` and `storage` declarations
//! resolved into the model's items, each error reported at the text the user wrote.

use std::collections::{HashMap, HashSet};

use super::Ctx;
use super::eval::{
    bool_value, enum_value, eval, ident_value, int_value, lower_annotations, no_idents, state_map,
    unknown_state,
};
use crate::Options;
use crate::build::{
    EffectItems, MAX_TEXTURE_SIZE, Placeholders, SamplerStates, fold_uniforms, layout_uniforms,
};
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::lints::LintFacts;
use crate::model::*;
use crate::source::Span;
use crate::wfx::parse::{Assignment, Item, ParsedEffect};

/// Most slices of a 3D texture (the WebGPU and D3D11 minimum-guaranteed 3D extent).
const MAX_TEXTURE_DEPTH: u32 = 2048;

/// The lowered items with what the rest of lowering needs to know about them.
pub(super) struct LoweredItems {
    pub items: EffectItems,
    /// Textures by name, for samplers, storages and render targets.
    pub texture_ids: TextureIds,
    /// Declarations standing in for items that failed to lower.
    pub placeholders: Placeholders,
}

/// Lowers every item in declaration order (samplers after all textures, storages last), folds
/// uniforms into constants in performance mode, and lays out the uniform buffer.
pub(super) fn lower_items(cx: &mut Ctx, parsed: &ParsedEffect, options: &Options) -> LoweredItems {
    // Continue with unknowns: a redefinition is lowered once, and a texture or sampler that fails
    // to lower still gets a placeholder WGSL declaration, so code using it is checked without
    // reporting the same cause again as an undefined name.
    let mut lowered_names: HashSet<&str> = HashSet::new();
    let mut placeholders = Placeholders::default();
    let mut uniforms = Vec::new();
    let mut textures = Vec::new();
    let mut texture_ids = TextureIds::default();
    for item in &parsed.items {
        match item {
            Item::Uniform(decl) if lowered_names.insert(&decl.name.name) => {
                match lower_uniform(cx, decl) {
                    Some(u) => uniforms.push(u),
                    // Uniforms of an unsupported but valid WGSL type (arrays) stay declared, as
                    // private variables, so that code using them is not reported again.
                    None if decl.ty.name.starts_with("array<") => placeholders.privates.push((
                        decl.name.name.clone(),
                        decl.ty.name.clone(),
                        cx.ident_span(&decl.name),
                    )),
                    None => {}
                }
            }
            Item::Texture(decl) if lowered_names.insert(&decl.name.name) => {
                match lower_texture(cx, decl) {
                    Some(t) => {
                        let id = TextureId::new(textures.len());
                        texture_ids.ids.insert(t.name.clone(), id);
                        textures.push(t);
                    }
                    None => {
                        texture_ids.rejected.insert(decl.name.name.clone());
                        placeholders.resources.push((
                            decl.name.name.clone(),
                            "texture_2d<f32>",
                            cx.ident_span(&decl.name),
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    let samplers = lower_samplers(
        cx,
        parsed,
        &texture_ids,
        &mut lowered_names,
        &mut placeholders,
    );
    let mut storages = Vec::new();
    for item in &parsed.items {
        if let Item::Storage(decl) = item
            && let Some(s) = lower_storage(cx, decl, &texture_ids, &textures)
        {
            storages.push(s);
        }
    }
    if options.mode == CompileMode::Performance {
        fold_uniforms(&mut uniforms, &options.uniform_values);
    }
    let uniform_buffer_size = layout_uniforms(&mut uniforms);
    LoweredItems {
        items: EffectItems {
            uniforms,
            uniform_buffer_size,
            textures,
            samplers,
            storages,
            srgb_views: Vec::new(),
            bindings: Vec::new(),
            // The WGSL is the user's code: the lints see everything there.
            lint_facts: LintFacts::default(),
        },
        texture_ids,
        placeholders,
    }
}

/// Every sampler whose name was not taken; one that fails to lower gets a placeholder.
fn lower_samplers<'p>(
    cx: &mut Ctx,
    parsed: &'p ParsedEffect,
    texture_ids: &TextureIds,
    lowered_names: &mut HashSet<&'p str>,
    placeholders: &mut Placeholders,
) -> Vec<Sampler> {
    let mut samplers = Vec::new();
    for item in &parsed.items {
        if let Item::Sampler(decl) = item {
            if !lowered_names.insert(&decl.name.name) {
                continue;
            }
            match lower_sampler(cx, decl, texture_ids) {
                Some(s) => samplers.push(s),
                None => placeholders.resources.push((
                    decl.name.name.clone(),
                    "sampler",
                    cx.ident_span(&decl.name),
                )),
            }
        }
    }
    samplers
}

pub(super) fn parse_uniform_type(name: &str) -> Option<UniformType> {
    // array<T, N>: scalars, vectors and matrices, 1 to 1024 elements.
    if let Some(inner) = name
        .strip_prefix("array<")
        .and_then(|r| r.strip_suffix('>'))
    {
        let (element, count) = inner.rsplit_once(',')?;
        let count: u32 = count.trim().parse().ok()?;
        let element = parse_uniform_type(element.trim())?;
        if element.array != 0 || !(1..=1024).contains(&count) {
            return None;
        }
        return Some(UniformType {
            array: count,
            ..element
        });
    }
    let scalar_of = |s: &str| match s {
        "f32" | "f" => Some(ScalarKind::Float),
        "i32" | "i" => Some(ScalarKind::Sint),
        "u32" | "u" => Some(ScalarKind::Uint),
        "bool" => Some(ScalarKind::Bool),
        _ => None,
    };
    if let Some(scalar) = scalar_of(name).filter(|_| name.len() > 1) {
        return Some(UniformType::scalar(scalar));
    }
    // matCxR<f32> or matCxRf: float matrices only, as in WGSL.
    if let Some(rest) = name.strip_prefix("mat") {
        let mut digits = rest.chars();
        let columns = digits.next()?.to_digit(10)? as u8;
        (digits.next()? == 'x').then_some(())?;
        let rows = digits.next()?.to_digit(10)? as u8;
        let tail: String = digits.collect();
        if !(2..=4).contains(&columns)
            || !(2..=4).contains(&rows)
            || !(tail == "<f32>" || tail == "f")
        {
            return None;
        }
        return Some(UniformType {
            scalar: ScalarKind::Float,
            components: rows,
            columns,
            array: 0,
        });
    }
    let rest = name.strip_prefix("vec")?;
    let components = rest.chars().next()?.to_digit(10)? as u8;
    if !(2..=4).contains(&components) {
        return None;
    }
    let tail = &rest[1..];
    let scalar = if let Some(inner) = tail.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        scalar_of(inner.trim()).filter(|_| inner.trim().len() > 1)?
    } else {
        // vec3f, vec2i, vec4u
        scalar_of(tail).filter(|_| tail.len() == 1)?
    };
    Some(UniformType::vector(scalar, components))
}

/// A uniform's initial value: zeros without one, a scalar splat to every component of a
/// vector, or exactly one value per component.
fn uniform_init(cx: &mut Ctx, decl: &crate::wfx::parse::UniformDecl, ty: UniformType) -> Vec<f64> {
    match &decl.init {
        None => vec![0.0; ty.len()],
        Some(expr) => match eval(expr, &no_idents) {
            Ok(v) if v.len() == ty.len() => v,
            Ok(v) if v.len() == 1 && ty.columns == 1 => vec![v[0]; ty.len()],
            Ok(v) => {
                let s = cx.expr_span(expr);
                cx.error(
                    DiagnosticCode::InvalidAnnotation,
                    s,
                    format!(
                        "'=' : initial value has {} components, '{}' needs {}",
                        v.len(),
                        decl.ty.name,
                        ty.len()
                    ),
                );
                // Keep the uniform (zeroed) so that WGSL using it is still checked, once.
                vec![0.0; ty.len()]
            }
            Err((s, e, m)) => {
                let s = cx.span(s, e);
                cx.error(DiagnosticCode::InvalidAnnotation, s, m);
                vec![0.0; ty.len()]
            }
        },
    }
}

fn lower_uniform(cx: &mut Ctx, decl: &crate::wfx::parse::UniformDecl) -> Option<Uniform> {
    let span = cx.ident_span(&decl.name);
    let annotations = lower_annotations(cx, &decl.annotations);
    if let Some(source) = annotations.string("source")
        && !RUNTIME_SOURCES.contains(&source)
    {
        let at = decl
            .annotations
            .iter()
            .find(|a| a.key.name == "source")
            .map_or(span, |a| cx.expr_span(&a.value));
        cx.diagnostics.push(
            Diagnostic::error(
                DiagnosticCode::UnknownSource,
                at,
                format!("'{source}' : unknown runtime source"),
            )
            .with_note(format!("known sources: {}", RUNTIME_SOURCES.join(", "))),
        );
    }
    let Some(ty) = parse_uniform_type(&decl.ty.name) else {
        let ty_span = cx.ident_span(&decl.ty);
        let mut d = Diagnostic::error(
            DiagnosticCode::UnsupportedType,
            ty_span,
            format!(
                "'{}' : uniform type not supported (use a scalar or vector of f32, i32, u32 or bool, or an f32 matrix)",
                decl.ty.name
            ),
        );
        if decl.ty.name.starts_with("array<") {
            d = d.with_note(
                "a uniform array holds 1 to 1024 scalars, vectors or f32 matrices (`array<vec3<f32>, 4>`, `array<mat3x3f, 2>`)",
            );
        }
        cx.diagnostics.push(d);
        return None;
    };
    if ty.array > 0
        && let Some(a) = decl.annotations.iter().find(|a| a.key.name == "source")
    {
        let at = cx.expr_span(&a.value);
        cx.error(
            DiagnosticCode::InvalidAnnotation,
            at,
            "'source' : runtime sources fill single values, not arrays".to_string(),
        );
    }
    let init = uniform_init(cx, decl, ty);
    Some(Uniform {
        name: decl.name.name.clone(),
        ty,
        offset: 0,
        init,
        annotations,
        span,
        constant: false,
    })
}

fn lower_texture(cx: &mut Ctx, decl: &crate::wfx::parse::TextureDecl) -> Option<Texture> {
    let span = cx.ident_span(&decl.name);
    let annotations = lower_annotations(cx, &decl.annotations);
    let states = state_map(cx, &decl.states);
    let image = texture_image(cx, decl, &annotations, span);
    if let Some(semantic) = &decl.semantic {
        return Some(semantic_texture(cx, decl, semantic, &states, span));
    }
    let shape = texture_shape(cx, &states);
    check_texture_shape(cx, decl, &shape, image.is_some(), span)?;
    Some(Texture {
        name: decl.name.name.clone(),
        written_name: None,
        kind: TextureKind::Owned {
            width: shape.width?,
            height: shape.height?,
            depth: shape.depth?,
            format: shape.format?,
            mip_levels: shape.mip_levels?,
        },
        image,
        srgb_read: false,
        pooled: annotations.flag("pooled").unwrap_or(false),
        span,
    })
}

/// A texture bound to a semantic (`COLOR`, `DEPTH`): the runtime provides it, so it takes no
/// states. An unknown semantic is bound to an empty texture.
fn semantic_texture(
    cx: &mut Ctx,
    decl: &crate::wfx::parse::TextureDecl,
    semantic: &crate::wfx::parse::Ident,
    states: &[&Assignment],
    span: Span,
) -> Texture {
    let semantic_kind = match semantic.name.as_str() {
        "COLOR" | "SV_TARGET" => TextureSemantic::Color,
        "DEPTH" | "SV_DEPTH" => TextureSemantic::Depth,
        other => {
            let at = cx.ident_span(semantic);
            cx.diagnostics.push(Diagnostic::warning(
                DiagnosticCode::UnknownSemantic,
                at,
                format!("'{other}' : unknown semantic; the texture is bound to an empty one"),
            ));
            TextureSemantic::Other(other.to_string())
        }
    };
    if let Some(a) = states.first() {
        let s = cx.ident_span(&a.key);
        cx.error(
            DiagnosticCode::InvalidRenderStateName,
            s,
            format!(
                "'{}' : a texture with a semantic takes no states",
                a.key.name
            ),
        );
    }
    Texture {
        name: decl.name.name.clone(),
        written_name: None,
        kind: TextureKind::Semantic(semantic_kind),
        image: None,
        srgb_read: false,
        pooled: false,
        span,
    }
}

/// An owned texture's states; `None` where a value was invalid (and reported).
struct TextureShape {
    width: Option<u32>,
    height: Option<u32>,
    depth: Option<u32>,
    format: Option<TextureFormat>,
    mip_levels: Option<u32>,
    /// Where `Depth` was given, for errors about 3D textures.
    depth_span: Option<Span>,
}

fn texture_shape(cx: &mut Ctx, states: &[&Assignment]) -> TextureShape {
    let mut shape = TextureShape {
        width: Some(1),
        height: Some(1),
        depth: Some(1),
        format: Some(TextureFormat::RGBA8),
        mip_levels: Some(1),
        depth_span: None,
    };
    for a in states {
        match a.key.name.as_str() {
            "Width" => shape.width = int_value(cx, a, 1..=MAX_TEXTURE_SIZE),
            "Height" => shape.height = int_value(cx, a, 1..=MAX_TEXTURE_SIZE),
            "MipLevels" => shape.mip_levels = int_value(cx, a, 1..=15),
            // A 3D texture (WGSL `texture_3d`), sampled and written by compute passes.
            "Depth" => {
                shape.depth = int_value(cx, a, 1..=MAX_TEXTURE_DEPTH);
                shape.depth_span = Some(cx.expr_span(&a.value));
            }
            "Format" => shape.format = texture_format(cx, a),
            _ => unknown_state(cx, a, "texture"),
        }
    }
    shape
}

fn texture_format(cx: &mut Ctx, a: &Assignment) -> Option<TextureFormat> {
    let name = ident_value(cx, a)?;
    let found = TextureFormat::ALL
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, f)| f);
    if found.is_none() {
        let s = cx.expr_span(&a.value);
        cx.error(
            DiagnosticCode::InvalidRenderStateValue,
            s,
            format!("'{name}' : unknown texture format"),
        );
    }
    found
}

/// An image fills an RGBA8 2D texture; mip levels are generated for 2D textures only.
fn check_texture_shape(
    cx: &mut Ctx,
    decl: &crate::wfx::parse::TextureDecl,
    shape: &TextureShape,
    has_image: bool,
    span: Span,
) -> Option<()> {
    if has_image && shape.format != Some(TextureFormat::RGBA8) {
        cx.error(
            DiagnosticCode::InvalidRenderStateValue,
            span,
            format!(
                "'{}' : a texture filled from an image must be RGBA8",
                decl.name.name
            ),
        );
        return None;
    }
    if let (Some(d), Some(at)) = (shape.depth.filter(|&d| d > 1), shape.depth_span) {
        let why = if shape.mip_levels.is_some_and(|m| m > 1) {
            Some("mip levels are generated for 2D textures only")
        } else if has_image {
            Some("images fill 2D textures only")
        } else {
            None
        };
        if let Some(why) = why {
            cx.error(
                DiagnosticCode::InvalidRenderStateValue,
                at,
                format!("'{}' : a 3D texture (Depth = {d}): {why}", decl.name.name),
            );
            return None;
        }
    }
    Some(())
}

/// The `source = "file.png"` annotation of a texture: the file, looked up next to the file that
/// declares the texture, then in the include search path.
fn texture_image(
    cx: &mut Ctx,
    decl: &crate::wfx::parse::TextureDecl,
    annotations: &Annotations,
    span: Span,
) -> Option<std::path::PathBuf> {
    let name = annotations.string("source")?;
    let declaring_dir = cx
        .sources
        .get(span.file)
        .path
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let found = std::iter::once(declaring_dir)
        .chain(cx.texture_dirs.iter().cloned())
        .chain(cx.include_dirs.iter().cloned())
        .map(|dir| dir.join(name))
        .find(|p| p.is_file());
    if found.is_none() {
        let at = decl
            .annotations
            .iter()
            .find(|a| a.key.name == "source")
            .map_or(span, |a| cx.expr_span(&a.value));
        cx.error(
            DiagnosticCode::IoError,
            at,
            format!("'{name}' : image file not found next to the effect or in the search path"),
        );
    }
    found
}

const FILTER_MODES: [(&str, FilterMode); 2] =
    [("POINT", FilterMode::Point), ("LINEAR", FilterMode::Linear)];

fn lower_sampler(
    cx: &mut Ctx,
    decl: &crate::wfx::parse::SamplerDecl,
    texture_ids: &TextureIds,
) -> Option<Sampler> {
    let span = cx.ident_span(&decl.name);
    let states = state_map(cx, &decl.states);
    let mut texture = None;
    let mut sampler = SamplerStates::default();
    let mut ok = true;
    for a in states {
        ok &= match a.key.name.as_str() {
            key @ ("MinLOD" | "MaxLOD" | "MipLODBias") => {
                lod_state(cx, key, a, &mut sampler.lod_range)
            }
            "Texture" => {
                texture = sampler_texture(cx, a, texture_ids);
                texture.is_some()
            }
            key @ ("AddressU" | "AddressV" | "AddressW") => {
                let axis = match key {
                    "AddressU" => 0,
                    "AddressV" => 1,
                    _ => 2,
                };
                enum_value(cx, a, &AddressMode::NAMES)
                    .map(|m| sampler.address[axis] = m)
                    .is_some()
            }
            key @ ("MinFilter" | "MagFilter" | "MipFilter") => {
                let which = match key {
                    "MinFilter" => 0,
                    "MagFilter" => 1,
                    _ => 2,
                };
                enum_value(cx, a, &FILTER_MODES)
                    .map(|m| sampler.filters[which] = m)
                    .is_some()
            }
            "SRGBTexture" => bool_value(cx, a).map(|v| sampler.srgb = v).is_some(),
            _ => {
                unknown_state(cx, a, "sampler");
                false
            }
        };
    }
    if texture.is_none() && ok {
        cx.error(
            DiagnosticCode::MissingEntry,
            span,
            format!("'{}' : sampler has no 'Texture' state", decl.name.name),
        );
    }
    Some(sampler.sampler(decl.name.name.clone(), texture?, span))
}

/// `MinLOD`, `MaxLOD` (a level of 0 or more) or `MipLODBias` (only 0: wgpu samplers have no
/// bias); false when the value was reported.
fn lod_state(cx: &mut Ctx, key: &str, a: &Assignment, lod_range: &mut (f32, f32)) -> bool {
    match eval(&a.value, &no_idents) {
        Ok(v) if v.len() == 1 && v[0] >= 0.0 && key != "MipLODBias" => {
            if key == "MinLOD" {
                lod_range.0 = v[0] as f32;
            } else {
                lod_range.1 = v[0] as f32;
            }
            true
        }
        // wgpu has no LOD bias; a zero bias is the default and harmless.
        Ok(v) if v.len() == 1 && v[0] == 0.0 => true,
        _ => {
            let at = cx.expr_span(&a.value);
            let why = if key == "MipLODBias" {
                "a non-zero LOD bias is not supported (wgpu samplers have none)"
            } else {
                "expected a level of 0 or more"
            };
            cx.error(
                DiagnosticCode::InvalidRenderStateValue,
                at,
                format!("'{key}' : {why}"),
            );
            false
        }
    }
}

/// A sampler's `Texture` state: a declared texture's name.
fn sampler_texture(cx: &mut Ctx, a: &Assignment, texture_ids: &TextureIds) -> Option<TextureId> {
    let name = ident_value(cx, a)?;
    texture_ids.lookup(cx, name, cx.expr_span(&a.value))
}

/// The textures that lowered, by name, and the names of those that were rejected: still
/// declared (the rejection was reported), so a use of one is not reported again as undeclared.
#[derive(Default)]
pub(super) struct TextureIds {
    pub ids: HashMap<String, TextureId>,
    pub rejected: HashSet<String>,
}

impl TextureIds {
    /// The texture `name`, used at `at`; an undeclared name is reported there, a rejected one
    /// silently gives `None`.
    pub fn lookup(&self, cx: &mut Ctx, name: &str, at: Span) -> Option<TextureId> {
        let id = self.ids.get(name).copied();
        if id.is_none() && !self.rejected.contains(name) {
            cx.error(
                DiagnosticCode::UndeclaredIdentifier,
                at,
                format!("'{name}' : undeclared texture"),
            );
        }
        id
    }
}

/// `storage NAME { Texture = T; MipLevel = N; }`: T must be an owned texture in a format WGSL
/// can store to, and N one of its levels.
fn lower_storage(
    cx: &mut Ctx,
    decl: &crate::wfx::parse::SamplerDecl,
    texture_ids: &TextureIds,
    textures: &[Texture],
) -> Option<Storage> {
    let span = cx.ident_span(&decl.name);
    let states = state_map(cx, &decl.states);
    let mut texture = None;
    let mut mip_level = 0;
    for a in states {
        match a.key.name.as_str() {
            "Texture" => texture = Some(storage_texture(cx, a, texture_ids, textures)?),
            "MipLevel" => mip_level = int_value(cx, a, 0..=14)?,
            _ => {
                unknown_state(cx, a, "storage");
                return None;
            }
        }
    }
    let Some(texture) = texture else {
        cx.error(
            DiagnosticCode::MissingEntry,
            span,
            format!("'{}' : storage has no 'Texture' state", decl.name.name),
        );
        return None;
    };
    if let TextureKind::Owned { mip_levels, .. } = textures[texture.index()].kind
        && mip_level >= mip_levels
    {
        cx.error(
            DiagnosticCode::InvalidSize,
            span,
            format!(
                "'{}' : MipLevel {mip_level} but the texture has {mip_levels} level(s)",
                decl.name.name
            ),
        );
        return None;
    }
    Some(Storage {
        name: decl.name.name.clone(),
        texture,
        mip_level,
        atomic: false,
        read_write: false,
        span,
    })
}

/// A storage's `Texture` state: a declared, owned texture (whether the device can write its
/// format is checked where the chain is built).
fn storage_texture(
    cx: &mut Ctx,
    a: &Assignment,
    texture_ids: &TextureIds,
    textures: &[Texture],
) -> Option<TextureId> {
    let name = ident_value(cx, a)?;
    let value_span = cx.expr_span(&a.value);
    let id = texture_ids.lookup(cx, name, value_span)?;
    match &textures[id.index()].kind {
        TextureKind::Semantic(_) => {
            cx.error(
                DiagnosticCode::InvalidRenderStateValue,
                value_span,
                format!("'{name}' : a texture with a semantic cannot be storage"),
            );
            None
        }
        TextureKind::Owned { .. } => Some(id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_types() {
        let t = |s| parse_uniform_type(s).map(|t| (t.scalar, t.components));
        assert_eq!(t("f32"), Some((ScalarKind::Float, 1)));
        assert_eq!(t("vec3<f32>"), Some((ScalarKind::Float, 3)));
        assert_eq!(t("vec2i"), Some((ScalarKind::Sint, 2)));
        assert_eq!(t("vec4<bool>"), Some((ScalarKind::Bool, 4)));
        assert_eq!(t("vec5<f32>"), None);
        assert_eq!(t("f"), None);
        let m = |s| parse_uniform_type(s).map(|t| (t.columns, t.components));
        assert_eq!(m("mat4x4<f32>"), Some((4, 4)));
        assert_eq!(m("mat2x3f"), Some((2, 3)));
        assert_eq!(m("mat3x3<i32>"), None);
        assert_eq!(m("mat5x2<f32>"), None);
        let a = |s| parse_uniform_type(s).map(|t| (t.array, t.columns, t.components));
        assert_eq!(a("array<mat2x3f, 4>"), Some((4, 2, 3)));
        assert_eq!(a("array<array<f32, 2>, 4>"), None);
    }
}
