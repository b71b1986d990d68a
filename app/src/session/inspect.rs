//! How the inspector shows a captured texture, without egui: channel isolation, the value range
//! mapped to black..white (fixed, chosen or automatic), NaN and infinities in warning colours, a
//! texel described for the readout, and the displayed image as PNG.

use engine::inspect::CapturedImage;

/// Which channels are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Channel {
    /// Red, green and blue as colour (alpha ignored, so transparent texels stay visible).
    #[default]
    Rgb,
    Red,
    Green,
    Blue,
    Alpha,
    /// Rec. 709 luminance of red, green and blue.
    Luma,
}

impl Channel {
    pub const ALL: [Channel; 6] = [
        Channel::Rgb,
        Channel::Red,
        Channel::Green,
        Channel::Blue,
        Channel::Alpha,
        Channel::Luma,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Channel::Rgb => "RGB",
            Channel::Red => "R",
            Channel::Green => "G",
            Channel::Blue => "B",
            Channel::Alpha => "A",
            Channel::Luma => "Luma",
        }
    }

    /// The grey value this channel shows for `texel`, or `None` for colour.
    fn grey(self, [r, g, b, a]: [f32; 4]) -> Option<f32> {
        match self {
            Channel::Rgb => None,
            Channel::Red => Some(r),
            Channel::Green => Some(g),
            Channel::Blue => Some(b),
            Channel::Alpha => Some(a),
            Channel::Luma => Some(0.2126 * r + 0.7152 * g + 0.0722 * b),
        }
    }
}

/// Which values map to black and white.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ValueRange {
    /// 0..=1, as the texture would be shown.
    Unit,
    /// From `min` to `max`.
    Manual { min: f32, max: f32 },
    /// The smallest and largest finite value of the shown channels.
    Auto,
}

/// How to show a capture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DisplaySettings {
    pub channel: Channel,
    pub range: ValueRange,
}

impl Default for DisplaySettings {
    fn default() -> Self {
        Self {
            channel: Channel::Rgb,
            range: ValueRange::Unit,
        }
    }
}

/// Shown for NaN: magenta.
pub const NAN_COLOUR: [u8; 4] = [255, 0, 255, 255];
/// Shown for an infinity: cyan.
pub const INFINITY_COLOUR: [u8; 4] = [0, 255, 255, 255];

/// The values a channel choice looks at.
fn shown_values(texel: [f32; 4], channel: Channel) -> impl Iterator<Item = f32> {
    let values: Vec<f32> = match channel.grey(texel) {
        Some(v) => vec![v],
        None => texel[..3].to_vec(),
    };
    values.into_iter()
}

/// The smallest and largest finite value of the shown channels; `None` when there is none.
pub fn finite_range(image: &CapturedImage, channel: Channel) -> Option<(f32, f32)> {
    image
        .texels
        .iter()
        .flat_map(|t| shown_values(*t, channel))
        .filter(|v| v.is_finite())
        .fold(None, |range, v| match range {
            None => Some((v, v)),
            Some((lo, hi)) => Some((f32::min(lo, v), f32::max(hi, v))),
        })
}

/// How many texels hold a NaN, and how many an infinity, in any channel.
pub fn non_finite_counts(image: &CapturedImage) -> (usize, usize) {
    let nan = image
        .texels
        .iter()
        .filter(|t| t.iter().any(|v| v.is_nan()))
        .count();
    let inf = image
        .texels
        .iter()
        .filter(|t| t.iter().any(|v| v.is_infinite()))
        .count();
    (nan, inf)
}

/// The image as 8-bit RGBA, row by row, as `settings` say; texels whose shown channels hold a NaN
/// or an infinity take [`NAN_COLOUR`] or [`INFINITY_COLOUR`].
pub fn display_rgba8(image: &CapturedImage, settings: DisplaySettings) -> Vec<u8> {
    let (lo, hi) = match settings.range {
        ValueRange::Unit => (0.0, 1.0),
        ValueRange::Manual { min, max } => (min, max),
        ValueRange::Auto => finite_range(image, settings.channel).unwrap_or((0.0, 1.0)),
    };
    let scale = if hi > lo { 1.0 / (hi - lo) } else { 0.0 };
    let byte = |v: f32| ((v - lo) * scale).clamp(0.0, 1.0).mul_add(255.0, 0.5) as u8;
    let mut out = Vec::with_capacity(image.texels.len() * 4);
    for texel in &image.texels {
        let shown: Vec<f32> = shown_values(*texel, settings.channel).collect();
        let pixel = if shown.iter().any(|v| v.is_nan()) {
            NAN_COLOUR
        } else if shown.iter().any(|v| v.is_infinite()) {
            INFINITY_COLOUR
        } else if let [grey] = shown[..] {
            let g = byte(grey);
            [g, g, g, 255]
        } else {
            [byte(shown[0]), byte(shown[1]), byte(shown[2]), 255]
        };
        out.extend_from_slice(&pixel);
    }
    out
}

/// The absolute difference of two captures of one texture (ours and ReShade's reference side),
/// amplified by `gain`, alpha opaque, as a capture the inspector shows like any other; `None`
/// when they are not of the same request, size and format.
pub fn difference(
    ours: &CapturedImage,
    theirs: &CapturedImage,
    gain: f32,
) -> Option<CapturedImage> {
    if ours.request != theirs.request
        || (ours.width, ours.height, ours.format) != (theirs.width, theirs.height, theirs.format)
    {
        return None;
    }
    let texels = ours
        .texels
        .iter()
        .zip(&theirs.texels)
        .map(|(a, b)| {
            let d = |c: usize| (a[c] - b[c]).abs() * gain;
            [d(0), d(1), d(2), 1.0]
        })
        .collect();
    Some(CapturedImage {
        // Either side's new capture, or another gain, is another image.
        serial: ours.serial
            ^ theirs.serial.rotate_left(24)
            ^ u64::from(gain.to_bits()).rotate_left(48),
        texels,
        ..ours.clone()
    })
}

/// The stored values of texel (x, y) for the readout: floats in full for float formats, else
/// with the integer code beside each (8-bit, or RGB10A2's 10-bit colour and 2-bit alpha).
pub fn describe_texel(image: &CapturedImage, x: u32, y: u32) -> Option<String> {
    describe_texel_in(image, x, y, None)
}

/// [`describe_texel`] of a back buffer presented in `light` (a wide colour space): the stored
/// values (past 1.0 in scRGB, PQ or HLG code values in HDR10) and the light they stand for,
/// their luminance in nits (`engine::display::luminance_nits`).
pub fn describe_texel_in(
    image: &CapturedImage,
    x: u32,
    y: u32,
    light: Option<analysis::ColorSpace>,
) -> Option<String> {
    let texel = image.texel(x, y)?;
    let codes: [f32; 4] = match image.format {
        wgpu::TextureFormat::Rgb10a2Unorm => [1023.0, 1023.0, 1023.0, 3.0],
        _ => [255.0; 4],
    };
    let values: Vec<String> = if image.is_float() {
        texel.iter().map(|v| format!("{v}")).collect()
    } else {
        texel
            .iter()
            .zip(codes)
            .map(|(v, code)| format!("{v:.4} ({})", (v * code).round()))
            .collect()
    };
    let mut text = format!(
        "({x}, {y})  R {}  G {}  B {}  A {}",
        values[0], values[1], values[2], values[3]
    );
    if let Some(space) = light.filter(|s| *s != analysis::ColorSpace::Srgb) {
        let nits = engine::display::luminance_nits(space, texel);
        let what = match space {
            analysis::ColorSpace::Hdr10 => "PQ",
            analysis::ColorSpace::Hlg => "HLG",
            _ => "scRGB",
        };
        text.push_str(&format!("  {what}: {nits:.1} nits"));
    }
    Some(text)
}

/// The displayed image encoded as PNG.
pub fn display_png(
    image: &CapturedImage,
    settings: DisplaySettings,
) -> Result<Vec<u8>, image::ImageError> {
    super::screenshot::encode_png(&engine::RgbaImage {
        width: image.width,
        height: image.height,
        pixels: display_rgba8(image, settings),
    })
}

#[cfg(test)]
mod tests {
    use engine::inspect::{CapturePoint, CaptureRequest, ResourceId};

    use super::*;

    fn image(texels: Vec<[f32; 4]>) -> CapturedImage {
        CapturedImage {
            request: CaptureRequest {
                resource: ResourceId::BackBuffer,
                point: CapturePoint::End,
                mip_level: 0,
            },
            serial: 1,
            width: texels.len() as u32,
            height: 1,
            format: wgpu::TextureFormat::Rgba32Float,
            texels,
        }
    }

    #[test]
    fn channels_isolate_and_luma_weighs_rec709() {
        let img = image(vec![[1.0, 0.5, 0.0, 0.25]]);
        let show = |channel| {
            display_rgba8(
                &img,
                DisplaySettings {
                    channel,
                    range: ValueRange::Unit,
                },
            )
        };
        assert_eq!(show(Channel::Rgb), [255, 128, 0, 255]);
        assert_eq!(show(Channel::Red), [255, 255, 255, 255]);
        assert_eq!(show(Channel::Green), [128, 128, 128, 255]);
        assert_eq!(show(Channel::Alpha), [64, 64, 64, 255]);
        // 0.2126 + 0.7152 * 0.5 = 0.5702 -> 145.
        assert_eq!(show(Channel::Luma), [145, 145, 145, 255]);
    }

    #[test]
    fn auto_range_maps_the_finite_extremes_and_flags_non_finite_values() {
        let img = image(vec![
            [-2.0, -2.0, -2.0, 1.0],
            [6.0, 6.0, 6.0, 1.0],
            [2.0, 2.0, 2.0, 1.0],
            [f32::NAN, 0.0, 0.0, 1.0],
            [f32::INFINITY, 0.0, 0.0, 1.0],
        ]);
        assert_eq!(finite_range(&img, Channel::Rgb), Some((-2.0, 6.0)));
        assert_eq!(non_finite_counts(&img), (1, 1));
        let out = display_rgba8(
            &img,
            DisplaySettings {
                channel: Channel::Rgb,
                range: ValueRange::Auto,
            },
        );
        assert_eq!(&out[0..4], &[0, 0, 0, 255]);
        assert_eq!(&out[4..8], &[255, 255, 255, 255]);
        assert_eq!(&out[8..12], &[128, 128, 128, 255], "2 is half way");
        assert_eq!(&out[12..16], &NAN_COLOUR);
        assert_eq!(&out[16..20], &INFINITY_COLOUR);
        // The green channel alone has no NaN: that texel shows its green value.
        let green = display_rgba8(
            &img,
            DisplaySettings {
                channel: Channel::Green,
                range: ValueRange::Manual { min: 0.0, max: 4.0 },
            },
        );
        assert_eq!(&green[12..16], &[0, 0, 0, 255]);
        assert_eq!(&green[8..12], &[128, 128, 128, 255]);
    }

    #[test]
    fn a_difference_is_amplified_absolute_and_needs_the_same_capture() {
        let ours = image(vec![[0.5, 0.25, 0.0, 0.3], [1.0, 1.0, 1.0, 1.0]]);
        let theirs = image(vec![[0.25, 0.5, 0.0, 0.9], [1.0, 1.0, 1.0, 1.0]]);
        let diff = difference(&ours, &theirs, 4.0).expect("same request and size");
        assert_eq!(
            diff.texels,
            vec![[1.0, 1.0, 0.0, 1.0], [0.0, 0.0, 0.0, 1.0]]
        );
        assert_ne!(diff.serial, ours.serial);
        let narrower = image(vec![[0.0; 4]]);
        assert!(difference(&ours, &narrower, 4.0).is_none());
    }

    #[test]
    fn the_readout_gives_stored_floats_and_the_png_decodes_to_the_display() {
        let img = image(vec![[0.1, -3.5, f32::NAN, 1.0], [0.0, 0.0, 0.0, 0.0]]);
        assert_eq!(
            describe_texel(&img, 0, 0).as_deref(),
            Some("(0, 0)  R 0.1  G -3.5  B NaN  A 1")
        );
        assert_eq!(describe_texel(&img, 2, 0), None);
        // On a wide back buffer, the stored value and the light in nits.
        let scrgb = image(vec![[2.5, 2.5, 2.5, 1.0]]);
        assert_eq!(
            describe_texel_in(&scrgb, 0, 0, Some(analysis::ColorSpace::Scrgb)).as_deref(),
            Some("(0, 0)  R 2.5  G 2.5  B 2.5  A 1  scRGB: 200.0 nits")
        );
        // RGB10A2 gives 10-bit codes: PQ's code for 1000 nits is 769 of 1023.
        let code = (engine::color::pq_encode(1000.0) * 1023.0).round() as f32 / 1023.0;
        let hdr10 = CapturedImage {
            format: wgpu::TextureFormat::Rgb10a2Unorm,
            ..image(vec![[code, code, code, 1.0]])
        };
        let text = describe_texel_in(&hdr10, 0, 0, Some(analysis::ColorSpace::Hdr10)).unwrap();
        assert!(
            text.starts_with("(0, 0)  R 0.7517 (769)  G 0.7517 (769)"),
            "{text}"
        );
        assert!(text.contains("A 1.0000 (3)"), "{text}");
        let nits: f64 = text
            .split("PQ: ")
            .nth(1)
            .and_then(|t| t.strip_suffix(" nits"))
            .unwrap()
            .parse()
            .unwrap();
        assert!((nits - 1000.0).abs() < 2.0, "{text}");
        let png = display_png(&img, DisplaySettings::default()).unwrap();
        let decoded = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!(
            decoded.as_raw().as_slice(),
            display_rgba8(&img, DisplaySettings::default())
        );
    }
}
