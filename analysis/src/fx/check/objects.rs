//! Textures, samplers and storages as ReShade's `parse_variable` takes them: which properties
//! each kind and dimension has, that their values are constant scalars or one of ReShade's value
//! names (in any letter case), and that a sampler or storage fits its texture (dimensions,
//! format against the element type, sRGB only on RGBA8). Also the element types an object takes
//! (`accept_type_class`).

use super::Checker;
use crate::DiagnosticCode;
use crate::fx::ast::*;
use crate::fx::lexer::{Base, ObjectKind};

/// ReShade's `texture_format::rgba8`, `r32i` and `r32u` (`effect_module.hpp`).
const RGBA8: i64 = 11;
const R32I: i64 = 4;
const R32U: i64 = 5;
/// A format the checker could not fold: not checked against.
const UNKNOWN_FORMAT: i64 = -1;

/// The value ReShade gives a property or pass-state value name (upper-cased first), from its
/// one table of names for object properties (`parse_variable`).
pub(crate) fn property_name_value(name: &str) -> Option<i64> {
    Some(match name.to_ascii_uppercase().as_str() {
        "NONE" | "POINT" => 0,
        "LINEAR" => 1,
        "ANISOTROPIC" => 0x55,
        "WRAP" | "REPEAT" => 1,
        "MIRROR" => 2,
        "CLAMP" => 3,
        "BORDER" => 4,
        "R8" => 1,
        "R16" => 2,
        "R16F" => 3,
        "R32I" => R32I,
        "R32U" => R32U,
        "R32F" => 6,
        "RG8" | "R8G8" => 7,
        "RG16" | "R16G16" => 8,
        "RG16F" | "R16G16F" => 9,
        "RG32F" | "R32G32F" => 10,
        "RGBA8" | "R8G8B8A8" => RGBA8,
        "RGBA16" | "R16G16B16A16" => 12,
        "RGBA16F" | "R16G16B16A16F" => 13,
        "RGBA32F" | "R32G32B32A32F" => 14,
        "RGB10A2" | "R10G10B10A2" => 15,
        _ => return None,
    })
}

/// What a texture declaration gives its samplers and render targets to check against.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextureInfo {
    pub dim: u8,
    /// ReShade's `texture_format` number.
    pub format: i64,
    pub width: i64,
    pub height: i64,
    pub has_semantic: bool,
}

impl Checker {
    /// The element type written in `sampler2D<T>` / `storage2D<T>`: a scalar or vector (a
    /// matrix, struct or string does not fit in four 32-bit values, X3521; an object is X3124).
    pub(super) fn check_object_element(&mut self, element: &TypeRef) {
        let message = match &element.kind {
            TypeKind::Object { .. } => "object element type cannot be an object type",
            TypeKind::Numeric { cols: 1, .. } => return,
            _ => "element type must fit in four 32-bit quantities",
        };
        let message = format!("'{}' : {message}", self.type_text(element));
        self.report(DiagnosticCode::UnsupportedType, element.range, message);
    }

    fn type_text(&self, ty: &TypeRef) -> String {
        match &ty.kind {
            TypeKind::Named(path) => path.joined().into_owned(),
            TypeKind::Void => "void".into(),
            TypeKind::String => "string".into(),
            TypeKind::Numeric { base, rows, cols } => crate::fx::types::Type::Numeric {
                base: *base,
                rows: *rows,
                cols: *cols,
            }
            .name(),
            TypeKind::Object { .. } => "object".into(),
        }
    }

    /// The integer value of a property, as ReShade reads it: a value name, else a constant
    /// scalar converted to `int` (`Ok(None)` when the checker cannot fold it, as a swizzle of
    /// a constant vector); `Err` (reported) when it is not a constant scalar.
    fn property_value(&mut self, p: &Property) -> Result<Option<i64>, ()> {
        // `::POINT` is a name looked up among the effect's symbols, as ReShade reads it.
        if let ExprKind::Name(path) = &p.value.kind
            && let [only] = path.segments.as_slice()
            && !path.absolute
            && let Some(v) = property_name_value(&only.name)
        {
            return Ok(Some(v));
        }
        let ty = self.expr(&p.value);
        if ty.is_error() {
            return Err(());
        }
        if !ty.is_scalar() || !self.is_constant_expr(&p.value) {
            let message = format!(
                "'{}' : value must be a literal scalar expression",
                p.name.name
            );
            self.report(
                DiagnosticCode::InvalidRenderStateValue,
                p.value.range,
                message,
            );
            return Err(());
        }
        // ReShade casts the folded value to `int` on x86: a float no `int` holds (an infinity,
        // past 2^31) is the smallest `int`, a negative value.
        let float = ty.numeric().is_some_and(|n| n.0 == Base::Float);
        let value = self.const_value(&p.value).map(|v| {
            if float && !crate::fx::types::int_holds(v) {
                i64::from(i32::MIN)
            } else {
                v.trunc() as i64
            }
        });
        if value.is_some_and(|v| v < 0) {
            // ReShade warns (X3571) and goes on: a size becomes 1.
            let message = format!("'{}' : negative value specified for property", p.name.name);
            self.warn(
                DiagnosticCode::InvalidRenderStateValue,
                p.value.range,
                message,
            );
        }
        Ok(value)
    }

    /// Checks the property block of an object declaration; for a texture, returns what its
    /// samplers and render targets are checked against.
    pub(super) fn check_object(
        &mut self,
        kind: ObjectKind,
        dim: u8,
        element: Option<&TypeRef>,
        d: &Declarator,
    ) -> Option<TextureInfo> {
        let mut texture: Option<TextureInfo> = None;
        let mut info = TextureInfo {
            dim,
            format: RGBA8,
            width: 1,
            height: 1,
            has_semantic: d.semantic.is_some(),
        };
        let mut srgb = false;
        let mut named_texture = false;
        // A property that did not parse (the parser keeps its place): ReShade stops reading the
        // declaration there, so what it checks once the block is read is not checked.
        let mut broken = false;
        for p in d.properties.iter().flatten() {
            if matches!(p.value.kind, ExprKind::Error) {
                broken = true;
                continue;
            }
            let name = p.name.name.as_str();
            if name == "Texture" {
                named_texture = true;
                texture = self.sampled_texture(&p.value);
                if !matches!(p.value.kind, ExprKind::Name(_)) {
                    let message = "'Texture' : type mismatch, expected texture name".to_string();
                    self.report(
                        DiagnosticCode::InvalidRenderStateValue,
                        p.value.range,
                        message,
                    );
                    return None;
                }
                continue;
            }
            let known = match kind {
                ObjectKind::Texture => match name {
                    "Width" | "MipLevels" | "Format" => true,
                    "Height" => dim >= 2,
                    "Depth" => dim >= 3,
                    _ => false,
                },
                ObjectKind::Sampler => matches!(
                    name,
                    "SRGBTexture"
                        | "SRGBReadEnable"
                        | "AddressU"
                        | "AddressV"
                        | "AddressW"
                        | "MinFilter"
                        | "MagFilter"
                        | "MipFilter"
                        | "MinLOD"
                        | "MaxMipLevel"
                        | "MaxLOD"
                        | "MipLODBias"
                        | "MipMapLodBias"
                ),
                ObjectKind::Storage => matches!(name, "MipLOD" | "MipLevel"),
            };
            let Ok(value) = self.property_value(p) else {
                return None;
            };
            if !known {
                let message = format!("'{name}' : unrecognized property");
                self.report(
                    DiagnosticCode::InvalidRenderStateName,
                    p.name.range,
                    message,
                );
                return None;
            }
            // A value the checker cannot fold is not checked against.
            let Some(value) = value else {
                info.format = if name == "Format" {
                    UNKNOWN_FORMAT
                } else {
                    info.format
                };
                info.width = if name == "Width" { 0 } else { info.width };
                info.height = if name == "Height" { 0 } else { info.height };
                continue;
            };
            match name {
                "Format" => info.format = value,
                "Width" => info.width = value.max(1),
                "Height" => info.height = value.max(1),
                "SRGBTexture" | "SRGBReadEnable" => srgb = value != 0,
                _ => {}
            }
        }
        if kind != ObjectKind::Texture && !named_texture && broken {
            return None;
        }
        if kind != ObjectKind::Texture && !named_texture {
            let message = format!("'{}' : missing 'Texture' property", d.name.name);
            self.report(
                DiagnosticCode::InvalidRenderStateValue,
                d.name.range,
                message,
            );
            return None;
        }
        match kind {
            ObjectKind::Texture => Some(info),
            ObjectKind::Sampler | ObjectKind::Storage => {
                self.check_view(kind, dim, element, d, texture, srgb);
                None
            }
        }
    }

    /// The texture a `Texture = T` property names, if it is one.
    fn sampled_texture(&mut self, value: &Expr) -> Option<TextureInfo> {
        let ExprKind::Name(path) = &value.kind else {
            return None;
        };
        self.find_candidate(path, |name| self.textures.get(name).copied())
    }

    /// A sampler or storage against its texture, in ReShade's order.
    fn check_view(
        &mut self,
        kind: ObjectKind,
        dim: u8,
        element: Option<&TypeRef>,
        d: &Declarator,
        texture: Option<TextureInfo>,
        srgb: bool,
    ) {
        let Some(t) = texture else {
            // A missing or wrong `Texture` is reported where it is (or by lowering).
            return;
        };
        let what = if kind == ObjectKind::Sampler {
            "sampler"
        } else {
            "storage"
        };
        let element_base = match element.map(|e| &e.kind) {
            Some(TypeKind::Numeric { base, .. }) => *base,
            _ => Base::Float,
        };
        let (code, message) = if t.dim != dim {
            (
                DiagnosticCode::InvalidRenderStateValue,
                format!("type mismatch between texture and {what} type"),
            )
        } else if t.format == UNKNOWN_FORMAT {
            return;
        } else if srgb && t.format != RGBA8 {
            (
                DiagnosticCode::InvalidRenderStateValue,
                "texture does not support sRGB sampling (only textures with RGBA8 format do)"
                    .into(),
            )
        } else if match t.format {
            R32I => element_base != Base::Int,
            R32U => element_base != Base::Uint,
            _ => element_base != Base::Float,
        } {
            (
                DiagnosticCode::InvalidRenderStateValue,
                format!("type mismatch between texture format and {what} element type"),
            )
        } else {
            return;
        };
        self.report(code, d.name.range, format!("'{}' : {message}", d.name.name));
    }
}
