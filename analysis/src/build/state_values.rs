//! Pass-state values as ReShade reads them, for both front ends. ReShade's parser turns a value
//! written as a name into a number through one table of names (case-insensitive, any state), or
//! evaluates it as a constant expression, and the state then reads that number through its own
//! enumeration. So `StencilFunc = NEQUAL`, `StencilFunc = NOTEQUAL` and `StencilFunc = 5` are
//! one value, and `PrimitiveTopology = TRIANGLES` is `TRIANGLELIST`. The numbers are ReShade's
//! (`reshadefx::pass_stencil_func` and friends), not Direct3D's. Per-render-target state names
//! (`BlendEnable3`) are split here too ([`per_target_state`]).

use crate::model::{BlendFactor, BlendOp, CompareFunc, PrimitiveTopology, StencilOp};

/// ReShade's value names and the numbers they stand for.
const RESHADE_VALUE_NAMES: [(&str, u32); 42] = [
    ("NONE", 0),
    ("ZERO", 0),
    ("ONE", 1),
    ("ADD", 1),
    ("SUBTRACT", 2),
    ("REVSUBTRACT", 3),
    ("MIN", 4),
    ("MAX", 5),
    ("SRCCOLOR", 2),
    ("INVSRCCOLOR", 3),
    ("DESTCOLOR", 4),
    ("INVDESTCOLOR", 5),
    ("SRCALPHA", 6),
    ("INVSRCALPHA", 7),
    ("DESTALPHA", 8),
    ("INVDESTALPHA", 9),
    ("KEEP", 1),
    ("REPLACE", 2),
    ("INVERT", 5),
    ("INCR", 6),
    ("INCRSAT", 3),
    ("DECR", 7),
    ("DECRSAT", 4),
    ("NEVER", 0),
    ("EQUAL", 2),
    ("NEQUAL", 5),
    ("NOTEQUAL", 5),
    ("LESS", 1),
    ("GREATER", 4),
    ("LEQUAL", 3),
    ("LESSEQUAL", 3),
    ("GEQUAL", 6),
    ("GREATEREQUAL", 6),
    ("ALWAYS", 7),
    ("POINTS", 1),
    ("POINTLIST", 1),
    ("LINES", 2),
    ("LINELIST", 2),
    ("LINESTRIP", 3),
    ("TRIANGLES", 4),
    ("TRIANGLELIST", 4),
    ("TRIANGLESTRIP", 5),
];

/// The number ReShade gives a value name, in any case.
pub(crate) fn reshade_value_number(name: &str) -> Option<u32> {
    RESHADE_VALUE_NAMES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, v)| v)
}

/// One state family's values: ReShade's number for each, and the names shown in errors.
pub(crate) struct StateValues<T: 'static> {
    /// The usual spelling of each value, for messages.
    pub names: &'static [&'static str],
    by_number: &'static [(u32, T)],
}

impl<T: Copy> StateValues<T> {
    /// The value ReShade's number `n` stands for in this state.
    pub(crate) fn value_of_number(&self, n: u32) -> Option<T> {
        self.by_number
            .iter()
            .find(|(k, _)| *k == n)
            .map(|&(_, v)| v)
    }

    /// The value a name stands for in this state, as ReShade reads it.
    pub(crate) fn value_of_name(&self, name: &str) -> Option<T> {
        self.value_of_number(reshade_value_number(name)?)
    }

    /// The value a constant number stands for: a whole number ReShade's enumeration has.
    pub(crate) fn value_of_constant(&self, value: f64) -> Option<T> {
        let whole = value.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&value);
        whole.then(|| self.value_of_number(value as u32)).flatten()
    }
}

pub(crate) const COMPARE_FUNCS: StateValues<CompareFunc> = StateValues {
    names: &[
        "NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER", "NEQUAL", "GEQUAL", "ALWAYS",
    ],
    by_number: &[
        (0, CompareFunc::Never),
        (1, CompareFunc::Less),
        (2, CompareFunc::Equal),
        (3, CompareFunc::LessEqual),
        (4, CompareFunc::Greater),
        (5, CompareFunc::NotEqual),
        (6, CompareFunc::GreaterEqual),
        (7, CompareFunc::Always),
    ],
};

pub(crate) const STENCIL_OPS: StateValues<StencilOp> = StateValues {
    names: &[
        "ZERO", "KEEP", "REPLACE", "INCRSAT", "DECRSAT", "INVERT", "INCR", "DECR",
    ],
    by_number: &[
        (0, StencilOp::Zero),
        (1, StencilOp::Keep),
        (2, StencilOp::Replace),
        (3, StencilOp::IncrementSaturate),
        (4, StencilOp::DecrementSaturate),
        (5, StencilOp::Invert),
        (6, StencilOp::IncrementWrap),
        (7, StencilOp::DecrementWrap),
    ],
};

pub(crate) const TOPOLOGIES: StateValues<PrimitiveTopology> = StateValues {
    names: &[
        "POINTLIST",
        "LINELIST",
        "LINESTRIP",
        "TRIANGLELIST",
        "TRIANGLESTRIP",
    ],
    by_number: &[
        (1, PrimitiveTopology::PointList),
        (2, PrimitiveTopology::LineList),
        (3, PrimitiveTopology::LineStrip),
        (4, PrimitiveTopology::TriangleList),
        (5, PrimitiveTopology::TriangleStrip),
    ],
};

pub(crate) const BLEND_OPS: StateValues<BlendOp> = StateValues {
    names: &["ADD", "SUBTRACT", "REVSUBTRACT", "MIN", "MAX"],
    by_number: &[
        (1, BlendOp::Add),
        (2, BlendOp::Subtract),
        (3, BlendOp::ReverseSubtract),
        (4, BlendOp::Min),
        (5, BlendOp::Max),
    ],
};

pub(crate) const BLEND_FACTORS: StateValues<BlendFactor> = StateValues {
    names: &[
        "ZERO",
        "ONE",
        "SRCCOLOR",
        "INVSRCCOLOR",
        "DESTCOLOR",
        "INVDESTCOLOR",
        "SRCALPHA",
        "INVSRCALPHA",
        "DESTALPHA",
        "INVDESTALPHA",
    ],
    by_number: &[
        (0, BlendFactor::Zero),
        (1, BlendFactor::One),
        (2, BlendFactor::SrcColor),
        (3, BlendFactor::InvSrcColor),
        (4, BlendFactor::DestColor),
        (5, BlendFactor::InvDestColor),
        (6, BlendFactor::SrcAlpha),
        (7, BlendFactor::InvSrcAlpha),
        (8, BlendFactor::DestAlpha),
        (9, BlendFactor::InvDestAlpha),
    ],
};

/// Splits a per-render-target state name into its base name and the slots it sets: `BlendEnable`
/// sets all eight, `BlendEnable3` slot 3.
pub(crate) fn per_target_state(key: &str) -> Option<(&'static str, std::ops::Range<usize>)> {
    const STATES: [&str; 10] = [
        "BlendEnable",
        "BlendOpAlpha",
        "BlendOp",
        "SrcBlendAlpha",
        "SrcBlend",
        "DestBlendAlpha",
        "DestBlend",
        "RenderTargetWriteMask",
        "ColorWriteEnable",
        "ColorWriteMask",
    ];
    STATES.iter().find_map(|name| {
        let rest = key.strip_prefix(name)?;
        match rest {
            "" => Some((*name, 0..8)),
            digit => {
                let slot: usize = digit.parse().ok().filter(|s| *s < 8)?;
                Some((*name, slot..slot + 1))
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reshade_spellings_and_numbers_name_one_value() {
        for (name, func) in [
            ("NEQUAL", CompareFunc::NotEqual),
            ("notequal", CompareFunc::NotEqual),
            ("LEQUAL", CompareFunc::LessEqual),
            ("GEQUAL", CompareFunc::GreaterEqual),
            ("ONE", CompareFunc::Less),
        ] {
            assert_eq!(COMPARE_FUNCS.value_of_name(name), Some(func), "{name}");
        }
        assert_eq!(
            COMPARE_FUNCS.value_of_constant(7.0),
            Some(CompareFunc::Always)
        );
        assert_eq!(COMPARE_FUNCS.value_of_constant(8.0), None);
        assert_eq!(COMPARE_FUNCS.value_of_constant(2.5), None);
        assert_eq!(STENCIL_OPS.value_of_constant(2.0), Some(StencilOp::Replace));
        assert_eq!(
            STENCIL_OPS.value_of_name("INCR"),
            Some(StencilOp::IncrementWrap)
        );
        assert_eq!(
            TOPOLOGIES.value_of_name("POINTS"),
            Some(PrimitiveTopology::PointList)
        );
        assert_eq!(
            TOPOLOGIES.value_of_name("LINES"),
            Some(PrimitiveTopology::LineList)
        );
        assert_eq!(
            TOPOLOGIES.value_of_name("TRIANGLES"),
            Some(PrimitiveTopology::TriangleList)
        );
        assert_eq!(
            TOPOLOGIES.value_of_name("TriangleStrip"),
            Some(PrimitiveTopology::TriangleStrip)
        );
        assert_eq!(BLEND_OPS.value_of_name("ZERO"), None);
        assert_eq!(
            BLEND_FACTORS.value_of_constant(9.0),
            Some(BlendFactor::InvDestAlpha)
        );
        // Every usual spelling reads back as its own value.
        for (i, name) in COMPARE_FUNCS.names.iter().enumerate() {
            assert_eq!(
                COMPARE_FUNCS.value_of_name(name),
                COMPARE_FUNCS.value_of_number(i as u32)
            );
        }
        for (i, name) in BLEND_FACTORS.names.iter().enumerate() {
            assert_eq!(
                BLEND_FACTORS.value_of_name(name),
                BLEND_FACTORS.value_of_number(i as u32)
            );
        }
    }
}
