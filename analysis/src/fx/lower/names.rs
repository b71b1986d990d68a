//! Names and types in the generated WGSL: FX names made valid WGSL identifiers (namespaces
//! joined with `_`, WGSL keywords and `__` prefixes escaped), and FX types as WGSL types.
//!
//! Matrices: an HLSL `floatRxC` (R rows of C columns) is stored as a WGSL `matRxC<f32>`, that
//! is R columns of C components, so WGSL column `i` is HLSL row `i`: `m[i]` means the same in
//! both, row-major constructors keep their argument order, and `mul` swaps its operands (see
//! `exprs.rs`). An integer or bool matrix is an array of its rows (`array<vec3<i32>, 2>` for
//! `int2x3`), with generated helper functions for its operators (`matrices.rs`).

use std::sync::LazyLock;

use rustc_hash::FxHashSet;

use super::super::lexer::Base;
use super::super::types::Type;
use super::{Result, unsupported};
use crate::fx::ast::TextRange;

/// WGSL's keywords and reserved words that are plausible FX identifiers.
const RESERVED: &[&str] = &[
    "alias",
    "array",
    "atomic",
    "bitcast",
    "bool",
    "const",
    "const_assert",
    "continuing",
    "diagnostic",
    "discard",
    "enable",
    "f16",
    "f32",
    "fallthrough",
    "fn",
    "i32",
    "let",
    "loop",
    "mat2x2",
    "override",
    "ptr",
    "requires",
    "sampler",
    "sampler_comparison",
    "struct",
    "texture_1d",
    "texture_2d",
    "texture_3d",
    "true",
    "false",
    "type",
    "u32",
    "var",
    "vec2",
    "vec3",
    "vec4",
    "while",
    "for",
    "if",
    "else",
    "switch",
    "case",
    "default",
    "break",
    "continue",
    "return",
    "filter",
    "sample",
    "texture",
    "target",
    "mod",
    "self",
    "super",
    "module",
    "new",
    "null",
    "private",
    "public",
    "static",
    "uniform",
    "storage",
    "workgroup",
    "function",
    "in",
    "out",
    "inout",
    "input",
    "output",
    "layout",
    "precision",
    "attribute",
    "varying",
    "mat",
    "matrix",
    "vector",
    "vec",
    "mut",
    "move",
    "ref",
    "unsafe",
    "use",
    "where",
    "yield",
    "await",
    "async",
    "goto",
    "handle",
    "highp",
    "lowp",
    "mediump",
    "namespace",
    "package",
    "packed",
    "readonly",
    "resource",
    "signed",
    "unsigned",
    "sizeof",
    "typedef",
    "typename",
    "typeof",
    "union",
    "virtual",
    "void",
    "volatile",
    "with",
    "writeonly",
    "active",
    "asm",
    "auto",
    "cast",
    "catch",
    "class",
    "co_await",
    "common",
    "coop_mat",
    "const_cast",
    "constexpr",
    "demote",
    "do",
    "dynamic_cast",
    "enum",
    "explicit",
    "export",
    "extends",
    "extern",
    "external",
    "final",
    "finally",
    "friend",
    "from",
    "fxgroup",
    "get",
    "groupshared",
    "immediate",
    "impl",
    "implements",
    "import",
    "inline",
    "instanceof",
    "interface",
    "let",
    "macro",
    "match",
    "meta",
    "noexcept",
    "noinline",
    "nointerpolation",
    "noperspective",
    "of",
    "operator",
    "patch",
    "pixelfragment",
    "precise",
    "premerge",
    "priv",
    "protected",
    "pub",
    "set",
    "shared",
    "sizeof",
    "smooth",
    "snorm",
    "static_assert",
    "static_cast",
    "std",
    "subroutine",
    "template",
    "this",
    "thread_local",
    "throw",
    "trait",
    "try",
    "unless",
    "unorm",
    "using",
    "vertex",
    "fragment",
    "compute",
    "demote_to_helper",
    "line",
    "lineadj",
    "point",
    "triangle",
    "abstract",
    "as",
    "become",
    "binding_array",
    "centroid",
    "coherent",
    "concept",
    "crate",
    "debugger",
    "decltype",
    "delete",
    "dynamic",
    "elif",
    "enable",
    "float",
    "half",
    "int",
    "uint",
];

/// WGSL's built-in functions and predeclared type aliases: a user name equal to one would hide
/// the built-in that generated code calls (`float mix = ...;` beside `lerp`), so it is escaped
/// like a keyword. The names in the generated WGSL never collide with the user's.
const BUILTINS: &[&str] = &[
    "abs",
    "acos",
    "acosh",
    "all",
    "any",
    "arrayLength",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "atomicAdd",
    "atomicAnd",
    "atomicCompareExchangeWeak",
    "atomicExchange",
    "atomicLoad",
    "atomicMax",
    "atomicMin",
    "atomicOr",
    "atomicStore",
    "atomicSub",
    "atomicXor",
    "ceil",
    "clamp",
    "cos",
    "cosh",
    "countLeadingZeros",
    "countOneBits",
    "countTrailingZeros",
    "cross",
    "degrees",
    "determinant",
    "distance",
    "dot",
    "dpdx",
    "dpdxCoarse",
    "dpdxFine",
    "dpdy",
    "dpdyCoarse",
    "dpdyFine",
    "exp",
    "exp2",
    "extractBits",
    "faceForward",
    "firstLeadingBit",
    "firstTrailingBit",
    "floor",
    "fma",
    "fract",
    "frexp",
    "fwidth",
    "fwidthCoarse",
    "fwidthFine",
    "insertBits",
    "inverseSqrt",
    "ldexp",
    "length",
    "log",
    "log2",
    "max",
    "min",
    "mix",
    "modf",
    "normalize",
    "pack2x16float",
    "pack2x16snorm",
    "pack2x16unorm",
    "pack4x8snorm",
    "pack4x8unorm",
    "pow",
    "quantizeToF16",
    "radians",
    "reflect",
    "refract",
    "reverseBits",
    "round",
    "saturate",
    "select",
    "sign",
    "sin",
    "sinh",
    "smoothstep",
    "sqrt",
    "step",
    "storageBarrier",
    "tan",
    "tanh",
    "textureAtomicAdd",
    "textureAtomicAnd",
    "textureAtomicMax",
    "textureAtomicMin",
    "textureAtomicOr",
    "textureAtomicXor",
    "textureBarrier",
    "textureDimensions",
    "textureGather",
    "textureGatherCompare",
    "textureLoad",
    "textureNumLayers",
    "textureNumLevels",
    "textureNumSamples",
    "textureSample",
    "textureSampleBaseClampToEdge",
    "textureSampleBias",
    "textureSampleCompare",
    "textureSampleCompareLevel",
    "textureSampleGrad",
    "textureSampleLevel",
    "textureStore",
    "transpose",
    "trunc",
    "unpack2x16float",
    "unpack2x16snorm",
    "unpack2x16unorm",
    "unpack4x8snorm",
    "unpack4x8unorm",
    "workgroupBarrier",
    "workgroupUniformLoad",
    "vec2f",
    "vec3f",
    "vec4f",
    "vec2i",
    "vec3i",
    "vec4i",
    "vec2u",
    "vec3u",
    "vec4u",
    "vec2h",
    "vec3h",
    "vec4h",
    "mat2x3",
    "mat2x4",
    "mat3x2",
    "mat3x3",
    "mat3x4",
    "mat4x2",
    "mat4x3",
    "mat4x4",
    "mat2x2f",
    "mat2x3f",
    "mat2x4f",
    "mat3x2f",
    "mat3x3f",
    "mat3x4f",
    "mat4x2f",
    "mat4x3f",
    "mat4x4f",
    "texture_cube",
    "texture_depth_2d",
    "texture_storage_2d",
    "texture_storage_3d",
    "texture_storage_1d",
    "texture_multisampled_2d",
    "texture_2d_array",
];

/// A valid WGSL identifier for the FX name `name` (a qualified name joins its parts with `_`).
pub(crate) fn ident(name: &str) -> String {
    // Lowering asks for every name it writes: a hash set, and no pattern search for plain names.
    static RESERVED_SET: LazyLock<FxHashSet<&str>> =
        LazyLock::new(|| RESERVED.iter().chain(BUILTINS).copied().collect());
    let mut name = name;
    while let Some(rest) = name.strip_prefix("::") {
        name = rest;
    }
    let joined = if name.contains(':') {
        name.replace("::", "_")
    } else {
        name.to_string()
    };
    if RESERVED_SET.contains(joined.as_str())
        || joined.starts_with("__")
        || joined.starts_with("fx_")
    {
        format!("fx_{joined}")
    } else if joined == "_" {
        "fx__".to_string()
    } else {
        joined
    }
}

/// The WGSL scalar for an FX base type.
pub(crate) fn scalar(base: Base) -> &'static str {
    match base {
        Base::Bool => "bool",
        Base::Int => "i32",
        Base::Uint => "u32",
        Base::Float => "f32",
    }
}

/// The WGSL type of a numeric shape: scalar, `vecN<T>`, `matRxC<f32>` for a float matrix, and
/// for an integer or bool matrix (WGSL has only float matrices) an array of its rows,
/// `array<vecC<T>, R>`. Both matrix forms index a row with `m[i]` and build from rows.
pub(crate) fn numeric(base: Base, rows: u8, cols: u8) -> Option<String> {
    match (rows, cols) {
        (1, 1) => Some(scalar(base).to_string()),
        (2..=4, 1) => Some(format!("vec{rows}<{}>", scalar(base))),
        (2..=4, 2..=4) if base == Base::Float => Some(format!("mat{rows}x{cols}<f32>")),
        (2..=4, 2..=4) => Some(format!("array<vec{cols}<{}>, {rows}>", scalar(base))),
        _ => None,
    }
}

/// The WGSL type of `ty`, given the WGSL names of structs; `range` locates an error.
pub(crate) fn wgsl_type(ty: &Type, structs: &[String], range: TextRange) -> Result<String> {
    match ty {
        Type::Numeric { base, rows, cols } => match numeric(*base, *rows, *cols) {
            Some(t) => Ok(t),
            None => unsupported(
                range,
                format!(
                    "'{}' : type not supported yet (WGSL has no such vector or matrix)",
                    ty.name()
                ),
            ),
        },
        // A struct left out of the module (a member WGSL cannot hold) has no name.
        Type::Struct(i, name) => match structs.get(*i).filter(|n| !n.is_empty()) {
            Some(n) => Ok(n.clone()),
            None if structs.get(*i).is_some() => unsupported(
                range,
                format!("'{name}' : a struct with a texture, sampler, storage or string member"),
            ),
            None => unsupported(range, format!("'{name}' : unknown struct")),
        },
        Type::Array(element, Some(n)) => Ok(format!(
            "array<{}, {n}>",
            wgsl_type(element, structs, range)?
        )),
        _ => unsupported(
            range,
            format!("'{}' : type not supported yet here", ty.name()),
        ),
    }
}

/// A WGSL float literal for `v`.
pub(crate) fn float_literal(v: f64) -> String {
    let v = v as f32;
    if !v.is_finite() {
        return if v.is_nan() {
            "(0.0 / 0.0)".to_string()
        } else if v > 0.0 {
            "3.4028235e38".to_string()
        } else {
            "-3.4028235e38".to_string()
        };
    }
    let s = format!("{v:?}");
    if s.contains(['.', 'e']) {
        format!("{s}f")
    } else {
        format!("{s}.0f")
    }
}
