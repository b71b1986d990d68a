//! The back buffer effects run on: its format and the colour space the swap chain presents it
//! in, as ReShade's runtime learns them from the game's swap chain, and the macros
//! (`BUFFER_COLOR_SPACE`, `BUFFER_COLOR_BIT_DEPTH`) it derives from them.
//!
//! ReShade's rules (runtime.cpp of ReShade 6.1): `BUFFER_COLOR_SPACE` is the swap chain's colour
//! space as ReShade's `api::color_space` numbers it (1 sRGB, 2 scRGB, 3 HDR10 ST 2084, 4 HDR10
//! HLG); `BUFFER_COLOR_BIT_DEPTH` is `format_color_bit_depth` of the back buffer's format (8 for
//! RGBA8, 10 for RGB10A2, 16 for RGBA16F). Which format goes with which colour space is the
//! swap chain's business (DXGI's `CheckColorSpaceSupport`, Vulkan's surface formats): see
//! [`BackBuffer::new`].

use std::fmt;
use std::str::FromStr;

/// The back buffer's texture format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BackBufferFormat {
    /// 8 bits per channel, unsigned normalised, with an sRGB view (ReShade's `r8g8b8a8_unorm`).
    #[default]
    Rgba8,
    /// 10 bits per colour channel and 2 of alpha (ReShade's `r10g10b10a2_unorm`).
    Rgb10a2,
    /// Half floats (ReShade's `r16g16b16a16_float`).
    Rgba16f,
}

impl BackBufferFormat {
    pub const ALL: [Self; 3] = [Self::Rgba8, Self::Rgb10a2, Self::Rgba16f];

    /// `BUFFER_COLOR_BIT_DEPTH`: ReShade's `format_color_bit_depth` of the format.
    pub fn color_bit_depth(self) -> u32 {
        match self {
            Self::Rgba8 => 8,
            Self::Rgb10a2 => 10,
            Self::Rgba16f => 16,
        }
    }

    /// Whether the format has an sRGB view. ReShade binds the back buffer's sRGB view for
    /// `SRGBWriteEnable` and for `SRGBTexture` on `COLOR`; for a format without one
    /// (`format_to_default_typed(format, 1)` is the format itself) both read and write the
    /// values as stored.
    pub fn has_srgb_view(self) -> bool {
        self == Self::Rgba8
    }

    /// The name on the command line and in sessions.
    pub fn name(self) -> &'static str {
        match self {
            Self::Rgba8 => "rgba8",
            Self::Rgb10a2 => "rgb10a2",
            Self::Rgba16f => "rgba16f",
        }
    }
}

/// The colour space the swap chain presents the back buffer in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColorSpace {
    /// sRGB-encoded BT.709 (DXGI `RGB_FULL_G22_NONE_P709`, Vulkan `SRGB_NONLINEAR`).
    #[default]
    Srgb,
    /// Linear BT.709, 1.0 = 80 nits, values past 1.0 and below 0 allowed (DXGI
    /// `RGB_FULL_G10_NONE_P709`, Vulkan `EXTENDED_SRGB_LINEAR`).
    Scrgb,
    /// BT.2020 encoded with SMPTE ST 2084 (PQ) (DXGI `RGB_FULL_G2084_NONE_P2020`, Vulkan
    /// `HDR10_ST2084`).
    Hdr10,
    /// BT.2020 encoded with ARIB STD-B67 hybrid log-gamma (Vulkan `HDR10_HLG`).
    Hlg,
}

impl ColorSpace {
    pub const ALL: [Self; 4] = [Self::Srgb, Self::Scrgb, Self::Hdr10, Self::Hlg];

    /// `BUFFER_COLOR_SPACE`: ReShade's `api::color_space` value.
    pub fn reshade_value(self) -> u32 {
        match self {
            Self::Srgb => 1,
            Self::Scrgb => 2,
            Self::Hdr10 => 3,
            Self::Hlg => 4,
        }
    }

    /// The name on the command line and in sessions.
    pub fn name(self) -> &'static str {
        match self {
            Self::Srgb => "srgb",
            Self::Scrgb => "scrgb",
            Self::Hdr10 => "hdr10",
            Self::Hlg => "hlg",
        }
    }
}

/// A back buffer format and colour space a swap chain can present together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BackBuffer {
    format: BackBufferFormat,
    color_space: ColorSpace,
}

/// A format and colour space no swap chain presents together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a {} back buffer cannot be presented in colour space {}; use {}",
    format.name(),
    color_space.name(),
    BackBuffer::color_spaces_of(*format).iter().map(|c| c.name()).collect::<Vec<_>>().join(" or ")
)]
pub struct BackBufferError {
    pub format: BackBufferFormat,
    pub color_space: ColorSpace,
}

impl BackBuffer {
    /// RGBA8 in sRGB, what ReShade sees on an SDR game and fxbench's default.
    pub const SRGB8: Self = Self {
        format: BackBufferFormat::Rgba8,
        color_space: ColorSpace::Srgb,
    };

    /// `format` presented in `color_space`, when a swap chain can do that: RGBA8 only in sRGB
    /// (no swap chain presents 8 bits in an HDR colour space); RGB10A2 in sRGB (10-bit SDR), HDR10
    /// PQ or HLG; RGBA16F in scRGB or sRGB (DXGI and Vulkan both offer FP16 with the sRGB
    /// colour space; scRGB needs FP16 for its range).
    pub fn new(format: BackBufferFormat, color_space: ColorSpace) -> Result<Self, BackBufferError> {
        if Self::color_spaces_of(format).contains(&color_space) {
            Ok(Self {
                format,
                color_space,
            })
        } else {
            Err(BackBufferError {
                format,
                color_space,
            })
        }
    }

    /// `format` in the colour space a game presents it in by default: sRGB for RGBA8, HDR10 PQ
    /// for RGB10A2, scRGB for RGBA16F.
    pub fn of_format(format: BackBufferFormat) -> Self {
        let color_space = match format {
            BackBufferFormat::Rgba8 => ColorSpace::Srgb,
            BackBufferFormat::Rgb10a2 => ColorSpace::Hdr10,
            BackBufferFormat::Rgba16f => ColorSpace::Scrgb,
        };
        Self {
            format,
            color_space,
        }
    }

    /// The colour spaces `format` can be presented in, the default first.
    pub fn color_spaces_of(format: BackBufferFormat) -> &'static [ColorSpace] {
        match format {
            BackBufferFormat::Rgba8 => &[ColorSpace::Srgb],
            BackBufferFormat::Rgb10a2 => &[ColorSpace::Hdr10, ColorSpace::Srgb, ColorSpace::Hlg],
            BackBufferFormat::Rgba16f => &[ColorSpace::Scrgb, ColorSpace::Srgb],
        }
    }

    pub fn format(self) -> BackBufferFormat {
        self.format
    }

    pub fn color_space(self) -> ColorSpace {
        self.color_space
    }

    /// The macros ReShade defines for this back buffer, `BUFFER_COLOR_SPACE` and
    /// `BUFFER_COLOR_BIT_DEPTH`, with their values.
    pub fn macros(self) -> [(&'static str, String); 2] {
        [
            (
                "BUFFER_COLOR_SPACE",
                self.color_space.reshade_value().to_string(),
            ),
            (
                "BUFFER_COLOR_BIT_DEPTH",
                self.format.color_bit_depth().to_string(),
            ),
        ]
    }
}

impl fmt::Display for BackBuffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.format.name(), self.color_space.name())
    }
}

/// A name that is no format or colour space.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{name}'; use one of {allowed}")]
pub struct UnknownName {
    pub what: &'static str,
    pub name: String,
    pub allowed: String,
}

impl FromStr for BackBufferFormat {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownName {
                what: "back buffer format",
                name: s.to_string(),
                allowed: Self::ALL.map(Self::name).join(", "),
            })
    }
}

impl FromStr for ColorSpace {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownName {
                what: "colour space",
                name: s.to_string(),
                allowed: Self::ALL.map(Self::name).join(", "),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swap_chains_present_these_pairs_only() {
        let valid: Vec<String> = BackBufferFormat::ALL
            .into_iter()
            .flat_map(|f| ColorSpace::ALL.map(|c| (f, c)))
            .filter_map(|(f, c)| BackBuffer::new(f, c).ok())
            .map(|b| b.to_string())
            .collect();
        assert_eq!(
            valid,
            [
                "rgba8 srgb",
                "rgb10a2 srgb",
                "rgb10a2 hdr10",
                "rgb10a2 hlg",
                "rgba16f srgb",
                "rgba16f scrgb",
            ]
        );
        let refused = BackBuffer::new(BackBufferFormat::Rgba8, ColorSpace::Hdr10).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "a rgba8 back buffer cannot be presented in colour space hdr10; use srgb"
        );
    }

    #[test]
    fn macros_are_reshades_numbers() {
        let hdr10 = BackBuffer::of_format(BackBufferFormat::Rgb10a2).macros();
        assert_eq!(hdr10[0], ("BUFFER_COLOR_SPACE", "3".to_string()));
        assert_eq!(hdr10[1], ("BUFFER_COLOR_BIT_DEPTH", "10".to_string()));
        let scrgb = BackBuffer::of_format(BackBufferFormat::Rgba16f).macros();
        assert_eq!(scrgb[0].1, "2");
        assert_eq!(scrgb[1].1, "16");
        let hlg = BackBuffer::new(BackBufferFormat::Rgb10a2, ColorSpace::Hlg).unwrap();
        assert_eq!(hlg.macros()[0].1, "4");
        assert_eq!(BackBuffer::SRGB8.macros()[0].1, "1");
        assert_eq!(BackBuffer::SRGB8.macros()[1].1, "8");
    }

    #[test]
    fn names_parse_back() {
        for f in BackBufferFormat::ALL {
            assert_eq!(f.name().parse::<BackBufferFormat>(), Ok(f));
        }
        for c in ColorSpace::ALL {
            assert_eq!(c.name().parse::<ColorSpace>(), Ok(c));
        }
        assert_eq!(
            "rgba32f"
                .parse::<BackBufferFormat>()
                .unwrap_err()
                .to_string(),
            "unknown back buffer format 'rgba32f'; use one of rgba8, rgb10a2, rgba16f"
        );
    }
}
