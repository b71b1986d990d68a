//! ReShade FX's built-in functions, every overload ReShade 6.1 declares, as data: one line per
//! overload family, written like HLSL signatures with placeholders that expand to the family.
//! Four derivatives later releases added (`ddx_coarse`, `ddx_fine`, `ddy_coarse`, `ddy_fine`,
//! `floatN(floatN)` as `ddx`) are here to type a call of one, which the checker then reports
//! as ReShade 6.1 does (`check/newer_reshade.rs::newer_intrinsic`).
//!
//! Placeholders: `N` is a vector size 1 to 4 (`floatN` is `float` … `float4`), `V` a size 2 to 4,
//! and `R`, `C`, `K` are matrix dimensions 2 to 4 (`floatRxC`); every combination of the
//! placeholders a line uses is one overload. `E` is a texel type (`int`, `uint`, `float`,
//! `float4`): `sampler2D<E>` takes a sampler of that element type only, as in ReShade, where
//! `sampler2D<float2>` matches nothing. `out` marks a parameter the call writes.
//!
//! The atomics, which need more than a signature (an assignable or `groupshared` place), are
//! in `check_atomic.rs`.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::lexer::{Base, ObjectKind};
use super::types::Type;

/// `name ret(params)` per line; ReShade's `effect_symbol_table_intrinsics.inl`, compacted.
const TABLE: &str = "
abs intN(intN)
abs floatN(floatN)
all bool(boolN)
any bool(boolN)
asin floatN(floatN)
acos floatN(floatN)
atan floatN(floatN)
atan2 floatN(floatN, floatN)
sin floatN(floatN)
sinh floatN(floatN)
cos floatN(floatN)
cosh floatN(floatN)
tan floatN(floatN)
tanh floatN(floatN)
sincos void(floatN, out floatN, out floatN)
asint intN(floatN)
asuint uintN(floatN)
asfloat floatN(intN)
asfloat floatN(uintN)
f16tof32 floatN(uintN)
f32tof16 uintN(floatN)
firstbitlow uintN(uintN)
firstbithigh intN(intN)
firstbithigh uintN(uintN)
countbits uintN(uintN)
reversebits uintN(uintN)
ceil floatN(floatN)
floor floatN(floatN)
clamp intN(intN, intN, intN)
clamp uintN(uintN, uintN, uintN)
clamp floatN(floatN, floatN, floatN)
saturate floatN(floatN)
mad floatN(floatN, floatN, floatN)
rcp floatN(floatN)
pow floatN(floatN, floatN)
exp floatN(floatN)
exp2 floatN(floatN)
log floatN(floatN)
log2 floatN(floatN)
log10 floatN(floatN)
sign intN(intN)
sign floatN(floatN)
sqrt floatN(floatN)
rsqrt floatN(floatN)
lerp floatN(floatN, floatN, floatN)
step floatN(floatN, floatN)
smoothstep floatN(floatN, floatN, floatN)
frac floatN(floatN)
ldexp floatN(floatN, intN)
modf floatN(floatN, out floatN)
frexp floatN(floatN, out intN)
trunc floatN(floatN)
round floatN(floatN)
min intN(intN, intN)
min floatN(floatN, floatN)
max intN(intN, intN)
max floatN(floatN, floatN)
degrees floatN(floatN)
radians floatN(floatN)
ddx floatN(floatN)
ddy floatN(floatN)
fwidth floatN(floatN)
ddx_coarse floatN(floatN)
ddx_fine floatN(floatN)
ddy_coarse floatN(floatN)
ddy_fine floatN(floatN)
dot float(floatN, floatN)
cross float3(float3, float3)
length float(floatN)
distance float(floatN, floatN)
normalize floatV(floatV)
transpose floatCxR(floatRxC)
determinant float(floatVxV)
reflect floatV(floatV, floatV)
refract floatV(floatV, floatV, float)
faceforward floatN(floatN, floatN, floatN)
mul intV(int, intV)
mul floatV(float, floatV)
mul intV(intV, int)
mul floatV(floatV, float)
mul intRxC(int, intRxC)
mul floatRxC(float, floatRxC)
mul intRxC(intRxC, int)
mul floatRxC(floatRxC, float)
mul intC(intR, intRxC)
mul floatC(floatR, floatRxC)
mul intR(intRxC, intC)
mul floatR(floatRxC, floatC)
mul intRxC(intRxK, intKxC)
mul floatRxC(floatRxK, floatKxC)
isinf boolN(floatN)
isnan boolN(floatN)
tex1D E(sampler1D<E>, float)
tex1D E(sampler1D<E>, float, int)
tex2D E(sampler2D<E>, float2)
tex2D E(sampler2D<E>, float2, int2)
tex3D E(sampler3D<E>, float3)
tex3D E(sampler3D<E>, float3, int3)
tex1Dgrad E(sampler1D<E>, float, float, float)
tex1Dgrad E(sampler1D<E>, float, float, float, int)
tex2Dgrad E(sampler2D<E>, float2, float2, float2)
tex2Dgrad E(sampler2D<E>, float2, float2, float2, int2)
tex3Dgrad E(sampler3D<E>, float3, float3, float3)
tex3Dgrad E(sampler3D<E>, float3, float3, float3, int2)
tex1Dlod E(sampler1D<E>, float4)
tex1Dlod E(sampler1D<E>, float4, int)
tex2Dlod E(sampler2D<E>, float4)
tex2Dlod E(sampler2D<E>, float4, int2)
tex3Dlod E(sampler3D<E>, float4)
tex3Dlod E(sampler3D<E>, float4, int2)
tex1Dfetch E(sampler1D<E>, int)
tex1Dfetch E(sampler1D<E>, int, int)
tex1Dfetch E(storage1D<E>, int)
tex2Dfetch E(sampler2D<E>, int2)
tex2Dfetch E(sampler2D<E>, int2, int)
tex2Dfetch E(storage2D<E>, int2)
tex3Dfetch E(sampler3D<E>, int3)
tex3Dfetch E(sampler3D<E>, int3, int)
tex3Dfetch E(storage3D<E>, int3)
tex2DgatherR float4(sampler2D, float2)
tex2DgatherR float4(sampler2D, float2, int2)
tex2DgatherR float4(sampler2D, float2, int2, int2, int2, int2)
tex2DgatherG float4(sampler2D, float2)
tex2DgatherG float4(sampler2D, float2, int2)
tex2DgatherG float4(sampler2D, float2, int2, int2, int2, int2)
tex2DgatherB float4(sampler2D, float2)
tex2DgatherB float4(sampler2D, float2, int2)
tex2DgatherB float4(sampler2D, float2, int2, int2, int2, int2)
tex2DgatherA float4(sampler2D, float2)
tex2DgatherA float4(sampler2D, float2, int2)
tex2DgatherA float4(sampler2D, float2, int2, int2, int2, int2)
tex1Dstore void(storage1D<E>, int, E)
tex2Dstore void(storage2D<E>, int2, E)
tex3Dstore void(storage3D<E>, int3, E)
tex1Dsize int(sampler1D<E>)
tex1Dsize int(sampler1D<E>, int)
tex1Dsize int(storage1D<E>)
tex2Dsize int2(sampler2D<E>)
tex2Dsize int2(sampler2D<E>, int)
tex2Dsize int2(storage2D<E>)
tex3Dsize int3(sampler3D<E>)
tex3Dsize int3(sampler3D<E>, int)
tex3Dsize int3(storage3D<E>)
barrier void()
memoryBarrier void()
groupMemoryBarrier void()
";

/// One overload: parameter types, which parameters are `out`, and the result type.
#[derive(Clone, Debug, PartialEq)]
pub struct Overload {
    pub params: Vec<Type>,
    pub outs: Vec<bool>,
    pub ret: Type,
}

/// The values each placeholder takes.
const PLACEHOLDERS: &[(char, &[&str])] = &[
    ('N', &["", "2", "3", "4"]),
    ('V', &["2", "3", "4"]),
    ('R', &["2", "3", "4"]),
    ('C', &["2", "3", "4"]),
    ('K', &["2", "3", "4"]),
    ('E', &["int", "uint", "float", "float4"]),
];

/// Every overload of built-in `name` (empty when `name` is none). A family's signatures are
/// expanded the first time one of its calls is checked: an effect calls a few dozen of the
/// table's families, and `fxbench check` runs once per process.
pub fn overloads(name: &str) -> &'static [Overload] {
    static FAMILIES: OnceLock<HashMap<&'static str, Family>> = OnceLock::new();
    FAMILIES
        .get_or_init(families)
        .get(name)
        .map_or(&[], |family| {
            family.overloads.get_or_init(|| family.expand())
        })
}

/// One built-in's lines of [`TABLE`], and their overloads once asked for.
struct Family {
    signatures: Vec<&'static str>,
    overloads: OnceLock<Vec<Overload>>,
}

impl Family {
    fn expand(&self) -> Vec<Overload> {
        self.signatures
            .iter()
            .flat_map(|signature| expand(signature))
            .map(|concrete| parse_signature(&concrete).expect("the table spells valid signatures"))
            .collect()
    }
}

fn families() -> HashMap<&'static str, Family> {
    let mut table: HashMap<&'static str, Family> = HashMap::new();
    for line in TABLE.lines().filter(|l| !l.trim().is_empty()) {
        let (name, signature) = line
            .split_once(' ')
            .expect("a table line is `name signature`");
        table
            .entry(name)
            .or_insert_with(|| Family {
                signatures: Vec::new(),
                overloads: OnceLock::new(),
            })
            .signatures
            .push(signature);
    }
    table
}

/// Every spelling of `signature` with its placeholders replaced, one value per placeholder (no
/// other upper-case letter than the `D` of `sampler2D` appears in a signature).
fn expand(signature: &str) -> Vec<String> {
    let mut spellings = vec![signature.to_string()];
    for (placeholder, values) in PLACEHOLDERS {
        if !signature.contains(*placeholder) {
            continue;
        }
        spellings = spellings
            .iter()
            .flat_map(|s| values.iter().map(|v| s.replace(*placeholder, v)))
            .collect();
    }
    spellings
}

/// `ret(params)` of concrete types.
fn parse_signature(s: &str) -> Option<Overload> {
    let (ret, rest) = s.split_once('(')?;
    let params = rest.strip_suffix(')')?;
    let mut overload = Overload {
        params: Vec::new(),
        outs: Vec::new(),
        ret: parse_type(ret.trim())?,
    };
    for param in params.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (out, ty) = match param.strip_prefix("out ") {
            Some(ty) => (true, ty),
            None => (false, param),
        };
        overload.params.push(parse_type(ty)?);
        overload.outs.push(out);
    }
    Some(overload)
}

/// A type as HLSL spells it: `void`, `float`, `int3`, `float2x4`, `sampler2D`, `storage3D<uint>`.
pub fn parse_type(s: &str) -> Option<Type> {
    if s == "void" {
        return Some(Type::Void);
    }
    for (prefix, kind) in [
        ("sampler", ObjectKind::Sampler),
        ("storage", ObjectKind::Storage),
        ("texture", ObjectKind::Texture),
    ] {
        let Some(rest) = s.strip_prefix(prefix) else {
            continue;
        };
        let dim = rest.chars().next()?.to_digit(10)? as u8;
        let rest = rest.get(1..)?.strip_prefix('D')?;
        let element = match rest.strip_prefix('<').and_then(|r| r.strip_suffix('>')) {
            Some(inner) => parse_type(inner)?.numeric().map(|(b, r, _)| (b, r))?,
            None if rest.is_empty() => (Base::Float, 4),
            None => return None,
        };
        return Some(Type::Object { kind, dim, element });
    }
    let (base, shape) = [
        ("bool", Base::Bool),
        ("int", Base::Int),
        ("uint", Base::Uint),
        ("float", Base::Float),
    ]
    .into_iter()
    .find_map(|(n, b)| s.strip_prefix(n).map(|rest| (b, rest)))?;
    let digit = |c: &str| c.parse::<u8>().ok().filter(|n| (1..=4).contains(n));
    let (rows, cols) = match shape.split_once('x') {
        Some((r, c)) => (digit(r)?, digit(c)?),
        None if shape.is_empty() => (1, 1),
        None => (digit(shape)?, 1),
    };
    Some(Type::Numeric { base, rows, cols })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The overload counts of ReShade 6.1's table (without the atomics), and the later
    /// derivatives.
    #[test]
    fn the_table_has_reshades_overloads() {
        let count = |name: &str| overloads(name).len();
        assert_eq!(count("abs"), 8);
        assert_eq!(count("mul"), 138);
        assert_eq!(count("transpose"), 9);
        assert_eq!(count("determinant"), 3);
        assert_eq!(count("normalize"), 3);
        assert_eq!(count("clamp"), 12);
        assert_eq!(count("tex2Dfetch"), 12);
        assert_eq!(count("tex3Dsize"), 12);
        assert_eq!(count("tex2DgatherA"), 3);
        assert_eq!(count("barrier"), 1);
        assert_eq!(count("fmod"), 0);
        assert_eq!(count("ddx_fine"), 4);
        let total: usize = families().values().map(|f| f.expand().len()).sum();
        // 667 declarations, less 8 atomics of 8 overloads each, plus the 4 overloads of each of
        // the 4 later derivatives.
        assert_eq!(total, 667 - 8 * 8 + 4 * 4);
    }

    #[test]
    fn signatures_expand_and_parse() {
        let sincos = &overloads("sincos")[1];
        let f2 = Type::vector(Base::Float, 2);
        assert_eq!(sincos.params, [f2.clone(), f2.clone(), f2]);
        assert_eq!(sincos.outs, [false, true, true]);
        assert_eq!(sincos.ret, Type::Void);
        let transpose = &overloads("transpose")[1];
        assert_eq!(transpose.params, [Type::matrix(Base::Float, 2, 3)]);
        assert_eq!(transpose.ret, Type::matrix(Base::Float, 3, 2));
        let fetch = &overloads("tex2Dfetch")[3];
        assert_eq!(fetch.params[0].name(), "sampler2D");
        assert_eq!(fetch.ret, Type::vector(Base::Float, 4));
        assert_eq!(
            overloads("tex1Dstore")[1].params[0].name(),
            "storage1D<uint>"
        );
        assert_eq!(parse_type("float2x5"), None);
        assert_eq!(parse_type("half"), None);
    }
}
