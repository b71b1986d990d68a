//! The back buffer's formats and colour spaces on the GPU: the wgpu format of each
//! [`BackBufferFormat`], the transfer functions (sRGB, SMPTE ST 2084 "PQ", BT.2100 HLG), how an
//! 8-bit sRGB image is presented in each colour space, and texel packing for upload and readback.
//!
//! How an SDR image becomes what a game would present in each colour space (fxbench's rule;
//! ReShade takes whatever the game presents and has none):
//! - sRGB: the code values as stored (RGB10A2 and RGBA16F keep the sRGB-encoded value);
//! - scRGB: sRGB decoded to linear BT.709, SDR white (1.0) at 1.0 = 80 nits, scRGB's definition;
//! - HDR10: linear BT.709 → BT.2020 (the matrix of ITU-R BT.2087), 1.0 = 80 nits as in scRGB, then
//!   PQ of nits / 10000 (SMPTE ST 2084), so an effect converting scRGB to PQ with 80 nits per
//!   unit sees the same light in both;
//! - HLG: linear BT.709 → BT.2020, scaled so SDR white lands at 75 % signal (ITU-R BT.2408's
//!   reference white), then the BT.2100 HLG OETF.
//!
//! An HDR image file (OpenEXR, Radiance `.hdr`) holds linear BT.709 light with 1.0 = 80 nits
//! (scRGB's convention): scRGB stores it as it is, HDR10 and HLG as above from the linear step,
//! sRGB encodes it clipped to `[0, 1]`. A 16-bit PNG holds sRGB code values, as an 8-bit one.
//!
//! Alpha is `a / 255` (or the file's alpha) in every colour space.

pub use analysis::{BackBuffer, BackBufferFormat, ColorSpace};

/// The wgpu format of a back buffer format.
pub fn wgpu_format(format: BackBufferFormat) -> wgpu::TextureFormat {
    match format {
        BackBufferFormat::Rgba8 => wgpu::TextureFormat::Rgba8Unorm,
        BackBufferFormat::Rgb10a2 => wgpu::TextureFormat::Rgb10a2Unorm,
        BackBufferFormat::Rgba16f => wgpu::TextureFormat::Rgba16Float,
    }
}

/// The format of the back buffer's sRGB view, bound for `SRGBWriteEnable` and for `SRGBTexture`
/// samplers of `COLOR`: RGBA8's sRGB twin, or the format itself where there is none (as ReShade's
/// `format_to_default_typed(format, 1)`), so the values are read and written as stored.
pub fn wgpu_srgb_format(format: BackBufferFormat) -> wgpu::TextureFormat {
    let linear = wgpu_format(format);
    if format.has_srgb_view() {
        linear.add_srgb_suffix()
    } else {
        linear
    }
}

/// An image of RGBA floats in CPU memory, rows top to bottom: the values stored in a back buffer
/// (in its colour space's encoding), or read from an HDR file.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatImage {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<[f32; 4]>,
}

impl FloatImage {
    pub fn pixel(&self, x: u32, y: u32) -> [f32; 4] {
        self.pixels[(y * self.width + x) as usize]
    }
}

/// sRGB's EOTF: an encoded value in `[0, 1]` to linear light.
pub fn srgb_to_linear(v: f32) -> f32 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// sRGB's inverse EOTF.
pub fn linear_to_srgb(v: f32) -> f32 {
    if v <= 0.003_130_8 {
        v * 12.92
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    }
}

// SMPTE ST 2084's constants.
const PQ_M1: f64 = 2610.0 / 16384.0;
const PQ_M2: f64 = 2523.0 / 4096.0 * 128.0;
const PQ_C1: f64 = 3424.0 / 4096.0;
const PQ_C2: f64 = 2413.0 / 4096.0 * 32.0;
const PQ_C3: f64 = 2392.0 / 4096.0 * 32.0;

/// PQ's inverse EOTF: luminance in nits (0..=10000) to the signal in `[0, 1]`.
pub fn pq_encode(nits: f64) -> f64 {
    let y = (nits / 10000.0).clamp(0.0, 1.0).powf(PQ_M1);
    ((PQ_C1 + PQ_C2 * y) / (1.0 + PQ_C3 * y)).powf(PQ_M2)
}

/// PQ's EOTF: the signal in `[0, 1]` to luminance in nits.
pub fn pq_decode(signal: f64) -> f64 {
    let e = signal.clamp(0.0, 1.0).powf(1.0 / PQ_M2);
    10000.0 * ((e - PQ_C1).max(0.0) / (PQ_C2 - PQ_C3 * e)).powf(1.0 / PQ_M1)
}

// BT.2100 HLG's constants.
const HLG_A: f64 = 0.178_832_77;
const HLG_B: f64 = 1.0 - 4.0 * HLG_A;
const HLG_C: f64 = 0.559_910_73;

/// BT.2100 HLG's OETF: normalised scene light in `[0, 1]` to the signal.
pub fn hlg_encode(e: f64) -> f64 {
    let e = e.clamp(0.0, 1.0);
    if e <= 1.0 / 12.0 {
        (3.0 * e).sqrt()
    } else {
        HLG_A * (12.0 * e - HLG_B).ln() + HLG_C
    }
}

/// The inverse of [`hlg_encode`].
pub fn hlg_decode(signal: f64) -> f64 {
    let s = signal.clamp(0.0, 1.0);
    if s <= 0.5 {
        s * s / 3.0
    } else {
        (((s - HLG_C) / HLG_A).exp() + HLG_B) / 12.0
    }
}

/// Nits of scRGB's and HDR10's 1.0 here (scRGB's definition).
pub const SDR_WHITE_NITS: f64 = 80.0;

/// HLG scene light of SDR white: the light [`hlg_encode`] turns into 75 % signal (BT.2408).
pub fn hlg_sdr_white() -> f64 {
    hlg_decode(0.75)
}

/// Linear BT.709 to linear BT.2020 (ITU-R BT.2087).
pub const BT709_TO_BT2020: [[f64; 3]; 3] = [
    [0.627_403_914_928, 0.329_283_038_370, 0.043_313_046_702],
    [0.069_097_289_358, 0.919_540_395_075, 0.011_362_315_567],
    [0.016_391_438_875, 0.088_013_307_877, 0.895_595_253_248],
];

fn mul(m: &[[f64; 3]; 3], v: [f64; 3]) -> [f64; 3] {
    m.map(|row| row[0] * v[0] + row[1] * v[1] + row[2] * v[2])
}

/// An 8-bit sRGB pixel as `color_space` stores it (module doc).
pub fn present_srgb8(color_space: ColorSpace, rgba: [u8; 4]) -> [f32; 4] {
    present_code(color_space, rgba.map(|c| f32::from(c) / 255.0))
}

/// An sRGB-encoded pixel (code values in `[0, 1]`) as `color_space` stores it (module doc).
pub fn present_code(color_space: ColorSpace, code: [f32; 4]) -> [f32; 4] {
    if color_space == ColorSpace::Srgb {
        return code;
    }
    let linear = [0, 1, 2].map(|i| srgb_to_linear(code[i]));
    present_linear(color_space, [linear[0], linear[1], linear[2], code[3]])
}

/// A linear BT.709 pixel (1.0 = 80 nits) as `color_space` stores it (module doc).
pub fn present_linear(color_space: ColorSpace, pixel: [f32; 4]) -> [f32; 4] {
    let linear = [0, 1, 2].map(|i| f64::from(pixel[i]));
    let rgb: [f64; 3] = match color_space {
        ColorSpace::Srgb => linear.map(|c| f64::from(linear_to_srgb(c.clamp(0.0, 1.0) as f32))),
        ColorSpace::Scrgb => return pixel,
        ColorSpace::Hdr10 => mul(&BT709_TO_BT2020, linear).map(|c| pq_encode(c * SDR_WHITE_NITS)),
        ColorSpace::Hlg => mul(&BT709_TO_BT2020, linear).map(|c| hlg_encode(c * hlg_sdr_white())),
    };
    [rgb[0] as f32, rgb[1] as f32, rgb[2] as f32, pixel[3]]
}

/// Bytes per texel of `format`.
pub fn texel_bytes(format: BackBufferFormat) -> usize {
    match format {
        BackBufferFormat::Rgba8 | BackBufferFormat::Rgb10a2 => 4,
        BackBufferFormat::Rgba16f => 8,
    }
}

/// Texels as `format` stores them (RGB10A2: red in the low 10 bits, alpha in the top 2, little
/// endian, as wgpu's `Rgb10a2Unorm`). Unorm formats clamp to `[0, 1]` and round to nearest.
pub fn pack(format: BackBufferFormat, pixels: &[[f32; 4]]) -> Vec<u8> {
    let unorm = |v: f32, max: f32| (v.clamp(0.0, 1.0) * max).round() as u32;
    let mut bytes = Vec::with_capacity(pixels.len() * texel_bytes(format));
    for p in pixels {
        match format {
            BackBufferFormat::Rgba8 => bytes.extend(p.map(|c| unorm(c, 255.0) as u8)),
            BackBufferFormat::Rgb10a2 => {
                let word = unorm(p[0], 1023.0)
                    | unorm(p[1], 1023.0) << 10
                    | unorm(p[2], 1023.0) << 20
                    | unorm(p[3], 3.0) << 30;
                bytes.extend(word.to_le_bytes());
            }
            BackBufferFormat::Rgba16f => {
                for c in p {
                    bytes.extend(half::f16::from_f32(*c).to_le_bytes());
                }
            }
        }
    }
    bytes
}

/// The inverse of [`pack`]: texels of `format` as floats.
pub fn unpack(format: BackBufferFormat, bytes: &[u8]) -> Vec<[f32; 4]> {
    bytes
        .chunks_exact(texel_bytes(format))
        .map(|t| match format {
            BackBufferFormat::Rgba8 => [0, 1, 2, 3].map(|i| f32::from(t[i]) / 255.0),
            BackBufferFormat::Rgb10a2 => {
                let word = u32::from_le_bytes([t[0], t[1], t[2], t[3]]);
                let field = |shift: u32, bits: u32| ((word >> shift) & ((1 << bits) - 1)) as f32;
                [
                    field(0, 10) / 1023.0,
                    field(10, 10) / 1023.0,
                    field(20, 10) / 1023.0,
                    field(30, 2) / 3.0,
                ]
            }
            BackBufferFormat::Rgba16f => {
                [0, 1, 2, 3].map(|i| half::f16::from_le_bytes([t[2 * i], t[2 * i + 1]]).to_f32())
            }
        })
        .collect()
}

/// The back buffer format of a wgpu format, for readback.
pub fn back_buffer_format_of(format: wgpu::TextureFormat) -> Option<BackBufferFormat> {
    BackBufferFormat::ALL
        .into_iter()
        .find(|f| wgpu_format(*f) == format.remove_srgb_suffix())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pq_matches_st_2084_reference_values() {
        // Signal values of ST 2084 for these luminances (published tables, e.g. ITU-R BT.2408).
        for (nits, signal) in [
            (0.0, 0.000_000_73),
            (100.0, 0.508_078),
            (203.0, 0.580_690),
            (1000.0, 0.751_827),
            (10000.0, 1.0),
        ] {
            let encoded = pq_encode(nits);
            assert!((encoded - signal).abs() < 1e-3, "PQ({nits}) = {encoded}");
            let decoded = pq_decode(signal);
            assert!(
                (decoded - nits).abs() <= 1e-3 * nits.max(1.0),
                "PQ⁻¹({signal}) = {decoded}, not {nits}"
            );
        }
    }

    #[test]
    fn hlg_matches_bt_2100() {
        assert!((hlg_encode(1.0 / 12.0) - 0.5).abs() < 1e-9);
        assert!((hlg_encode(1.0) - 1.0).abs() < 1e-6);
        assert!((hlg_sdr_white() - 0.2650).abs() < 1e-3);
        for s in [0.1, 0.5, 0.75, 0.9] {
            assert!((hlg_encode(hlg_decode(s)) - s).abs() < 1e-9);
        }
    }

    #[test]
    fn sdr_white_in_each_colour_space() {
        let white = [255, 255, 255, 255];
        assert_eq!(present_srgb8(ColorSpace::Srgb, white), [1.0; 4]);
        assert_eq!(present_srgb8(ColorSpace::Scrgb, white), [1.0; 4]);
        let pq = present_srgb8(ColorSpace::Hdr10, white);
        // The rows of BT.2087's matrix sum to 1: white stays white, at 80 nits.
        for c in &pq[..3] {
            assert!((f64::from(*c) - pq_encode(80.0)).abs() < 1e-5, "{pq:?}");
        }
        let hlg = present_srgb8(ColorSpace::Hlg, white);
        for c in &hlg[..3] {
            assert!((c - 0.75).abs() < 1e-5, "{hlg:?}");
        }
        let grey = present_srgb8(ColorSpace::Scrgb, [188, 188, 188, 128]);
        assert!((grey[0] - 0.5029).abs() < 1e-3, "{grey:?}");
        assert!((grey[3] - 128.0 / 255.0).abs() < 1e-7);
    }

    #[test]
    fn texels_pack_as_the_formats_store_them() {
        let rgb10a2 = pack(BackBufferFormat::Rgb10a2, &[[1.0, 0.0, 0.5, 0.3]]);
        // 1023 | 0 << 10 | 512 << 20 | 1 << 30 (0.3 alpha rounds to 1 of 3).
        assert_eq!(
            u32::from_le_bytes(rgb10a2[..].try_into().unwrap()),
            1023 | 512 << 20 | 1 << 30
        );
        assert_eq!(
            unpack(BackBufferFormat::Rgb10a2, &rgb10a2),
            [[1.0, 0.0, 512.0 / 1023.0, 1.0 / 3.0]]
        );
        let wide = [[4.5, -0.25, 1000.0, 1.0]];
        let rgba16f = pack(BackBufferFormat::Rgba16f, &wide);
        assert_eq!(rgba16f.len(), 8);
        assert_eq!(unpack(BackBufferFormat::Rgba16f, &rgba16f), wide);
        let rgba8 = pack(BackBufferFormat::Rgba8, &[[1.5, 0.5, 0.0, 1.0]]);
        assert_eq!(rgba8, [255, 128, 0, 255]);
    }
}
