//! Names and types in the generated WGSL: FX names as WGSL identifiers that never meet WGSL's
//! own words or the names lowering generates ([`ident`]), and FX types as WGSL types.
//!
//! Matrices: an HLSL `floatRxC` (R rows of C columns) is stored as a WGSL `matRxC<f32>`, that
//! is R columns of C components, so WGSL column `i` is HLSL row `i`: `m[i]` means the same in
//! both, row-major constructors keep their argument order, and `mul` swaps its operands (see
//! `exprs.rs`). An integer or bool matrix is an array of its rows (`array<vec3i, 2>` for
//! `int2x3`), with generated helper functions for its operators (`matrices.rs`).

use std::sync::LazyLock;

use rustc_hash::FxHashSet;

use super::super::lexer::Base;
use super::super::types::Type;
use super::{Result, unsupported};
use crate::fx::ast::TextRange;

/// Names naga's WGSL front end resolves that its keyword lists (`naga::keywords::wgsl`) leave
/// out: type aliases, and built-in functions and types of extensions.
const PREDECLARED_EXTRA: &[&str] = &[
    "vec2f",
    "vec3f",
    "vec4f",
    "vec2h",
    "vec3h",
    "vec4h",
    "vec2i",
    "vec3i",
    "vec4i",
    "vec2u",
    "vec3u",
    "vec4u",
    "mat2x2f",
    "mat2x3f",
    "mat2x4f",
    "mat3x2f",
    "mat3x3f",
    "mat3x4f",
    "mat4x2f",
    "mat4x3f",
    "mat4x4f",
    "mat2x2h",
    "mat2x3h",
    "mat2x4h",
    "mat3x2h",
    "mat3x3h",
    "mat3x4h",
    "mat4x2h",
    "mat4x3h",
    "mat4x4h",
    "i16",
    "u16",
    "binding_array",
    "acceleration_structure",
    "ray_query",
    "RayDesc",
    "RayIntersection",
    "coop_mat8x8",
    "coop_mat16x16",
    "textureAtomicAdd",
    "textureAtomicAnd",
    "textureAtomicOr",
    "textureAtomicXor",
    "textureAtomicMin",
    "textureAtomicMax",
    "subgroupBarrier",
    "traceRay",
    "rayQueryInitialize",
    "rayQueryProceed",
    "rayQueryTerminate",
    "rayQueryGenerateIntersection",
    "rayQueryConfirmIntersection",
    "rayQueryGetCandidateIntersection",
    "rayQueryGetCommittedIntersection",
    "getCandidateHitVertexPositions",
    "getCommittedHitVertexPositions",
    "coopLoad",
    "coopLoadT",
    "coopStore",
    "coopStoreT",
    "coopMultiplyAdd",
];

/// Every word a user's name must not be in WGSL: keywords and reserved words (no declaration
/// may take them) and predeclared names (types, enumerants, built-in functions), which a
/// declaration would shadow from the code lowering generates (`mix`, `select`, `vec3`, ...).
fn predeclared(word: &str) -> bool {
    static WORDS: LazyLock<FxHashSet<&str>> = LazyLock::new(|| {
        let wgsl = naga::keywords::wgsl::RESERVED
            .iter()
            .chain(naga::keywords::wgsl::BUILTIN_IDENTIFIERS);
        wgsl.chain(PREDECLARED_EXTRA).copied().collect()
    });
    WORDS.contains(word)
}

/// Whether `part` (one name of a qualified name) keeps its spelling: an ASCII letter first
/// and no `__` inside (`__` joins namespaces), so joined parts read back one way only.
fn plain_part(part: &str) -> bool {
    let bytes = part.as_bytes();
    // One pass over the bytes (this runs for every name written): no substring search for
    // `__`, only whether the byte before each `_` was one.
    bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes
            .iter()
            .zip(bytes.iter().skip(1))
            .all(|(&before, &b)| b.is_ascii_alphanumeric() || (b == b'_' && before != b'_'))
}

/// Whether a whole WGSL spelling is left to user names: not predeclared in WGSL, and outside
/// the generated namespace (`fx_*` for this front end's helpers, wrappers and temporaries;
/// `fxbench` anywhere for the shared half's uniform buffer, loader and sRGB views).
fn user_space(joined: &str) -> bool {
    !joined.starts_with("fx_") && !contains_fxbench(joined) && !predeclared(joined)
}

/// Whether `name` holds `fxbench` in any case. Only a window starting with an `f` is compared
/// (this runs for every name written, and few hold an `f`).
fn contains_fxbench(name: &str) -> bool {
    const WORD: &[u8] = b"fxbench";
    let bytes = name.as_bytes();
    bytes
        .iter()
        .enumerate()
        .filter(|&(_, b)| b.eq_ignore_ascii_case(&b'f'))
        .any(|(i, _)| {
            bytes
                .get(i..i + WORD.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(WORD))
        })
}

/// The escaped spelling of a name: `fx_` and `tag`, then each part as its length, `_` and
/// itself (`loop` → `fx_u4_loop`, `A::_b` → `fx_u1_A2__b`). The lengths make it read back one
/// way only, and no generated name starts with `fx_` and a tag followed by a digit.
fn escaped(tag: char, parts: &[&str]) -> String {
    use std::fmt::Write as _;
    let mut out = format!("fx_{tag}");
    for part in parts {
        let _ = write!(out, "{}_{part}", part.len());
    }
    out
}

/// The WGSL identifier of the FX name `name`, qualified or not (a function, global, texture,
/// sampler, storage, uniform, struct, local or parameter).
///
/// One rule keeps every user name apart from every other and from every name the lowering
/// generates or calls, whatever the user named things: a name whose parts are plain (see
/// [`plain_part`]) keeps its spelling, parts joined by `__` (`ReShade::BackBuffer` →
/// `ReShade__BackBuffer`), when that spelling is in the user space (see [`user_space`]); any
/// other is [`escaped`] with the tag `u`. Both forms read back to one FX name, and neither can
/// be a WGSL keyword, a predeclared name or a generated one (those all start with `fx_`
/// and a tag other than `u`, `l` and `o` followed by a digit, or contain `fxbench`).
pub(crate) fn ident(name: &str) -> String {
    let mut name = name;
    while let Some(rest) = name.strip_prefix("::") {
        name = rest;
    }
    if plain_part(name) {
        // The common case, a plain unqualified name: no allocation but the result.
        if user_space(name) {
            return name.to_string();
        }
        return escaped('u', &[name]);
    }
    // A qualified name: its parts joined by `__` as they are read, without a list of them
    // (this runs for every namespaced global and function name).
    let mut joined = String::with_capacity(name.len() + 8);
    let mut plain = true;
    for (i, part) in parts_of(name).enumerate() {
        if i > 0 {
            joined.push_str("__");
        }
        plain &= plain_part(part);
        joined.push_str(part);
    }
    if plain && user_space(&joined) {
        return joined;
    }
    let parts: Vec<&str> = parts_of(name).collect();
    escaped('u', &parts)
}

/// The parts of a qualified name, as `name.split("::")` gives them, found by a scan of its bytes
/// (no substring searcher to set up for each name).
fn parts_of(name: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(name);
    std::iter::from_fn(move || {
        let text = rest?;
        let bytes = text.as_bytes();
        match (1..bytes.len()).find(|&i| bytes[i - 1] == b':' && bytes[i] == b':') {
            Some(i) => {
                rest = Some(&text[i + 1..]);
                Some(&text[..i - 1])
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

/// The WGSL identifier of a local variable or parameter named `name` in a function that
/// also sees the module-scope names `module`: [`ident`], unless that is one of them (a local
/// named like a texture, which the code lowering generates for a sampler still names), then
/// [`escaped`] with the tag `l`, which no other name takes.
pub(crate) fn local_ident(name: &str, module: &FxHashSet<String>) -> String {
    let wgsl = ident(name);
    if module.contains(&wgsl) {
        escaped('l', &[name])
    } else {
        wgsl
    }
}

/// The WGSL name of struct member `name`: members live in their struct's own namespace, so
/// only what no declaration may take (keywords and reserved words) and what is not plain is
/// [`escaped`], with `fx_` names so that no escaped member meets one kept as written.
pub(crate) fn member(name: &str) -> String {
    static RESERVED: LazyLock<FxHashSet<&str>> =
        LazyLock::new(|| naga::keywords::wgsl::RESERVED.iter().copied().collect());
    if plain_part(name) && !RESERVED.contains(name) && !name.starts_with("fx_") {
        name.to_string()
    } else {
        escaped('u', &[name])
    }
}

/// The text of a call, `name(a, b, c)`, built in one allocation (this runs for every call
/// written; `format!` with a `join` of the arguments took three and the formatting machinery).
pub(crate) fn call_text(name: &str, args: &[impl AsRef<str>]) -> String {
    let len = name.len() + 2 + args.iter().map(|a| a.as_ref().len() + 2).sum::<usize>();
    let mut text = String::with_capacity(len);
    text.push_str(name);
    text.push('(');
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(arg.as_ref());
    }
    text.push(')');
    text
}

/// The WGSL name of overload `id` of a function whose [`ident`] is `base`.
pub(crate) fn overload(base: &str, id: usize) -> String {
    format!("fx_o{id}_{base}")
}

/// The FX name a WGSL name written by lowering stands for, to speak of it in FX words: the
/// reverse of [`ident`], [`local_ident`], [`overload`] and the parameter copies; `None` for a
/// name lowering made up (helpers, wrappers, temporaries).
pub(crate) fn fx_name(wgsl: &str) -> Option<String> {
    let parts = |encoded: &str| -> Option<String> {
        let mut rest = encoded;
        let mut out = Vec::new();
        while !rest.is_empty() {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let len: usize = rest[..digits].parse().ok()?;
            let part = rest[digits..].strip_prefix('_')?.get(..len)?;
            out.push(part);
            rest = &rest[digits + 1 + len..];
        }
        (!out.is_empty()).then(|| out.join("::"))
    };
    let tagged = |tag: &str| {
        wgsl.strip_prefix(tag)
            .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    };
    if let Some(encoded) = tagged("fx_u").or_else(|| tagged("fx_l")) {
        return parts(encoded);
    }
    for prefix in ["fx_in_", "fx_tex_"] {
        if let Some(rest) = wgsl.strip_prefix(prefix) {
            return fx_name(rest);
        }
    }
    if let Some(rest) = tagged("fx_o") {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        return fx_name(rest[digits..].strip_prefix('_')?);
    }
    if wgsl.starts_with("fx_") || wgsl.to_ascii_lowercase().contains("fxbench") {
        return None;
    }
    Some(wgsl.replace("__", "::"))
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

/// The WGSL type of a vector of `n` components of `base`, by WGSL's predeclared alias where
/// there is one (`vec3f`, `vec2i`, `vec4u`; `vec3<bool>` has none): one token for naga to read
/// instead of a template list.
pub(crate) fn vector(base: Base, n: impl std::fmt::Display) -> String {
    match base {
        Base::Bool => format!("vec{n}<bool>"),
        Base::Int => format!("vec{n}i"),
        Base::Uint => format!("vec{n}u"),
        Base::Float => format!("vec{n}f"),
    }
}

/// The WGSL type of a numeric shape: scalar, vector ([`vector`]), `matRxCf` for a float matrix,
/// and for an integer or bool matrix (WGSL has only float matrices) an array of its rows,
/// `array<vecCT, R>`. Both matrix forms index a row with `m[i]` and build from rows.
pub(crate) fn numeric(base: Base, rows: u8, cols: u8) -> Option<String> {
    const VECTORS: [[&str; 3]; 4] = [
        ["vec2<bool>", "vec3<bool>", "vec4<bool>"],
        ["vec2i", "vec3i", "vec4i"],
        ["vec2u", "vec3u", "vec4u"],
        ["vec2f", "vec3f", "vec4f"],
    ];
    const MATRICES: [[&str; 3]; 3] = [
        ["mat2x2f", "mat2x3f", "mat2x4f"],
        ["mat3x2f", "mat3x3f", "mat3x4f"],
        ["mat4x2f", "mat4x3f", "mat4x4f"],
    ];
    let index = |base: Base| match base {
        Base::Bool => 0,
        Base::Int => 1,
        Base::Uint => 2,
        Base::Float => 3,
    };
    match (rows, cols) {
        (1, 1) => Some(scalar(base).to_string()),
        (2..=4, 1) => Some(VECTORS[index(base)][usize::from(rows - 2)].to_string()),
        (2..=4, 2..=4) if base == Base::Float => {
            Some(MATRICES[usize::from(rows - 2)][usize::from(cols - 2)].to_string())
        }
        (2..=4, 2..=4) => Some(format!(
            "array<{}, {rows}>",
            VECTORS[index(base)][usize::from(cols - 2)]
        )),
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
        Type::Struct(i, name) => structs.get(*i).cloned().map_or_else(
            || unsupported(range, format!("'{name}' : unknown struct")),
            Ok,
        ),
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

/// A WGSL `i32` literal for `v` that stands anywhere: a negative one in parentheses, the
/// smallest as a difference (`-2147483648i` would negate a literal no `i32` holds).
pub(crate) fn int_literal(v: i32) -> String {
    match v {
        i32::MIN => "(-2147483647i - 1i)".to_string(),
        v if v < 0 => format!("({v}i)"),
        v => format!("{v}i"),
    }
}

/// A WGSL float literal for `v`.
pub(crate) fn float_literal(v: f64) -> String {
    use std::fmt::Write as _;
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
    let mut s = String::with_capacity(16);
    // A whole number below 2^24 (most literals: `2.0`, `1280.0`) is written as the integer it
    // is, as `{:?}` writes it, without the shortest-digits search; -0.0 keeps its sign below.
    if v.fract() == 0.0 && v.abs() < 16_777_216.0 && !(v == 0.0 && v.is_sign_negative()) {
        let _ = write!(s, "{}.0f", v as i32);
        return s;
    }
    let _ = write!(s, "{v:?}");
    if !s.contains(['.', 'e']) {
        s.push_str(".0");
    }
    s.push('f');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_literals_are_what_debug_formatting_writes_with_an_f() {
        let reference = |v: f64| {
            let s = format!("{:?}", v as f32);
            if s.contains(['.', 'e']) {
                format!("{s}f")
            } else {
                format!("{s}.0f")
            }
        };
        let mut values = vec![0.0, -0.0, 0.5, -3.0, 1e-5, 1e20, -1e-30, 0.1, 1.047, 3.4e38];
        values.extend((0..200).map(|i| f64::from(i) * 12_345.678));
        values.extend([16_777_215.0, 16_777_216.0, 16_777_217.0, -16_777_215.0, 2e9]);
        for v in values {
            assert_eq!(float_literal(v), reference(v), "{v}");
        }
    }

    #[test]
    fn qualified_names_split_as_str_split_splits_them() {
        for name in [
            "a", "", "a::b", "a::", "::a", "a:::b", "a::::b", "A::B::c", ":", "a:b::",
        ] {
            let expected: Vec<&str> = name.split("::").collect();
            assert_eq!(parts_of(name).collect::<Vec<_>>(), expected, "{name:?}");
        }
    }

    #[test]
    fn names_keep_their_spelling_unless_wgsl_or_lowering_has_it() {
        assert_eq!(ident("Strength"), "Strength");
        assert_eq!(ident("ReShade::BackBuffer"), "ReShade__BackBuffer");
        assert_eq!(ident("::x"), "x");
        for (fx, wgsl) in [
            ("loop", "fx_u4_loop"),
            ("mix", "fx_u3_mix"),
            ("vec3f", "fx_u5_vec3f"),
            ("fx_t1", "fx_u5_fx_t1"),
            ("fxbench_uniforms", "fx_u16_fxbench_uniforms"),
            ("T_FxBench_srgb", "fx_u14_T_FxBench_srgb"),
            ("__x", "fx_u3___x"),
            ("_", "fx_u1__"),
            ("a__b", "fx_u4_a__b"),
            ("A::_b", "fx_u1_A2__b"),
            ("fx::x", "fx_u2_fx1_x"),
        ] {
            assert_eq!(ident(fx), wgsl, "{fx}");
            assert_eq!(fx_name(wgsl).as_deref(), Some(fx), "{wgsl}");
        }
        let module: FxHashSet<String> = ["T".to_string()].into_iter().collect();
        assert_eq!(local_ident("T", &module), "fx_l1_T");
        assert_eq!(local_ident("loop", &module), "fx_u4_loop");
        assert_eq!(fx_name("fx_l1_T").as_deref(), Some("T"));
        assert_eq!(fx_name(&overload("fx_u4_loop", 3)).as_deref(), Some("loop"));
        assert_eq!(fx_name("fx_in_A__b").as_deref(), Some("A::b"));
        assert_eq!(fx_name("fx_m_add_i2x2"), None);
        assert_eq!(member("loop"), "fx_u4_loop");
        assert_eq!(member("mix"), "mix");
    }
}
