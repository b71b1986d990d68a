//! The display transform: a wide back buffer's stored values (scRGB, HDR10 PQ, HLG) shown on an
//! SDR screen, for the window's preview only. The chain, screenshots and the inspector never see
//! it. [`display_pixel`] is the CPU reference; [`DisplayPass`] does the same on the GPU, one
//! full-screen triangle from the chain's output into an RGBA8 texture of sRGB code values.
//!
//! The rule (fxbench's; ReShade presents the back buffer to an HDR screen and needs none):
//! 1. Stored values to light in nits, [`light_nits`]: scRGB is linear BT.709 with 1.0 = 80
//!    nits; HDR10 is PQ-decoded (SMPTE ST 2084) BT.2020, converted to BT.709; HLG is the BT.2100
//!    inverse OETF normalised so 75 % signal is SDR white at 80 nits (the rule
//!    [`crate::color`] presents SDR images by), converted to BT.709; sRGB is decoded with 1.0 =
//!    80 nits.
//! 2. Relative to paper white: nits / [`DisplayTransform::paper_white_nits`] (1.0 is the SDR
//!    screen's white).
//! 3. The curve: [`DisplayCurve::Clip`] clips each channel to `[0, 1]`;
//!    [`DisplayCurve::Shoulder`] keeps luminance (BT.709 weights) below [`SHOULDER_KNEE`] and
//!    rolls it off above with a Reinhard shoulder that is continuous with slope 1 at the knee and
//!    tends to 1.0, scaling RGB by the luminance ratio (hue kept), then clips.
//! 4. sRGB-encoded for the screen, alpha 1.
//!
//! An sRGB back buffer (RGBA8, or RGB10A2 and RGBA16F presented as SDR) holds what an SDR screen
//! shows: its code values are displayed as stored, whatever the curve.

use crate::color::{self, ColorSpace};

/// Luminance below which [`DisplayCurve::Shoulder`] leaves light as it is.
pub const SHOULDER_KNEE: f64 = 0.75;

/// BT.709's luminance weights.
const BT709_LUMA: [f64; 3] = [0.2126, 0.7152, 0.0722];

/// BT.2020's luminance weights.
const BT2020_LUMA: [f64; 3] = [0.2627, 0.6780, 0.0593];

/// Linear BT.2020 to linear BT.709, the inverse of [`color::BT709_TO_BT2020`].
pub const BT2020_TO_BT709: [[f64; 3]; 3] = [
    [1.660_490_949_165, -0.587_641_123_412, -0.072_849_825_754],
    [-0.124_550_470_550, 1.132_899_895_973, -0.008_349_425_423],
    [-0.018_150_762_776, -0.100_578_898_176, 1.118_729_660_952],
];

/// How light above paper white reaches the SDR screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DisplayCurve {
    /// Each channel clipped at paper white.
    #[default]
    Clip,
    /// A Reinhard shoulder on luminance above [`SHOULDER_KNEE`] (module doc).
    Shoulder,
}

impl DisplayCurve {
    pub const ALL: [Self; 2] = [Self::Clip, Self::Shoulder];

    /// The preview's name for the curve.
    pub fn label(self) -> &'static str {
        match self {
            Self::Clip => "Clip",
            Self::Shoulder => "Tone map (Reinhard)",
        }
    }

    fn code(self) -> u32 {
        match self {
            Self::Clip => 0,
            Self::Shoulder => 1,
        }
    }
}

/// The preview's display transform: a curve and the nits shown as the SDR screen's white.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DisplayTransform {
    pub curve: DisplayCurve,
    pub paper_white_nits: f32,
}

impl DisplayTransform {
    /// Clip at the colour space's usual paper white: 203 nits for HDR10 and HLG (ITU-R BT.2408's
    /// reference white), 80 nits for scRGB and sRGB (scRGB's 1.0).
    pub fn for_color_space(color_space: ColorSpace) -> Self {
        Self {
            curve: DisplayCurve::Clip,
            paper_white_nits: default_paper_white_nits(color_space),
        }
    }
}

/// The paper white [`DisplayTransform::for_color_space`] starts at.
pub fn default_paper_white_nits(color_space: ColorSpace) -> f32 {
    match color_space {
        ColorSpace::Hdr10 | ColorSpace::Hlg => 203.0,
        ColorSpace::Srgb | ColorSpace::Scrgb => color::SDR_WHITE_NITS as f32,
    }
}

fn mul(m: &[[f64; 3]; 3], v: [f64; 3]) -> [f64; 3] {
    m.map(|row| row[0] * v[0] + row[1] * v[1] + row[2] * v[2])
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The light a stored pixel stands for, as linear BT.709 in nits (step 1 of the module doc).
pub fn light_nits(color_space: ColorSpace, stored: [f32; 4]) -> [f64; 3] {
    let rgb = [0, 1, 2].map(|i| f64::from(stored[i]));
    match color_space {
        ColorSpace::Srgb => {
            rgb.map(|c| f64::from(color::srgb_to_linear(c as f32)) * color::SDR_WHITE_NITS)
        }
        ColorSpace::Scrgb => rgb.map(|c| c * color::SDR_WHITE_NITS),
        ColorSpace::Hdr10 => mul(&BT2020_TO_BT709, rgb.map(color::pq_decode)),
        ColorSpace::Hlg => mul(
            &BT2020_TO_BT709,
            rgb.map(|c| color::hlg_decode(c) / color::hlg_sdr_white() * color::SDR_WHITE_NITS),
        ),
    }
}

/// A stored pixel's luminance in nits: BT.2020's weights on BT.2020 light (HDR10, HLG), BT.709's
/// on BT.709 light (sRGB, scRGB; negative scRGB channels count as they are).
pub fn luminance_nits(color_space: ColorSpace, stored: [f32; 4]) -> f64 {
    match color_space {
        ColorSpace::Hdr10 | ColorSpace::Hlg => {
            let to_2020 = mul(&color::BT709_TO_BT2020, light_nits(color_space, stored));
            dot(BT2020_LUMA, to_2020)
        }
        ColorSpace::Srgb | ColorSpace::Scrgb => dot(BT709_LUMA, light_nits(color_space, stored)),
    }
}

/// [`DisplayCurve::Shoulder`] on a luminance relative to paper white.
pub fn shoulder(y: f64) -> f64 {
    if y <= SHOULDER_KNEE {
        return y;
    }
    let t = (y - SHOULDER_KNEE) / (1.0 - SHOULDER_KNEE);
    SHOULDER_KNEE + (1.0 - SHOULDER_KNEE) * t / (1.0 + t)
}

/// The CPU reference of the display transform: what the SDR screen shows for a stored pixel,
/// as sRGB code values in `[0, 1]` with alpha 1 (module doc).
pub fn display_pixel(
    color_space: ColorSpace,
    transform: DisplayTransform,
    stored: [f32; 4],
) -> [f32; 4] {
    if color_space == ColorSpace::Srgb {
        return [stored[0], stored[1], stored[2], 1.0].map(|c| c.clamp(0.0, 1.0));
    }
    let paper_white = f64::from(transform.paper_white_nits.max(1e-3));
    let mut rgb = light_nits(color_space, stored).map(|c| c / paper_white);
    if transform.curve == DisplayCurve::Shoulder {
        let y = dot(BT709_LUMA, rgb);
        if y > SHOULDER_KNEE {
            let scale = shoulder(y) / y;
            rgb = rgb.map(|c| c * scale);
        }
    }
    let out = rgb.map(|c| color::linear_to_srgb(c.clamp(0.0, 1.0) as f32));
    [out[0], out[1], out[2], 1.0]
}

/// The display pass's WGSL: the module doc's rule, as [`display_pixel`] computes it.
const DISPLAY_WGSL: &str = r"
struct Display {
    color_space: u32,
    curve: u32,
    paper_white_nits: f32,
    knee: f32,
}

@group(0) @binding(0) var stored: texture_2d<f32>;
@group(0) @binding(1) var<uniform> display: Display;

fn srgb_to_linear(v: vec3<f32>) -> vec3<f32> {
    return select(pow((v + 0.055) / 1.055, vec3<f32>(2.4)), v / 12.92, v <= vec3<f32>(0.04045));
}

fn linear_to_srgb(v: vec3<f32>) -> vec3<f32> {
    return select(1.055 * pow(v, vec3<f32>(1.0 / 2.4)) - 0.055, v * 12.92, v <= vec3<f32>(0.0031308));
}

fn pq_decode(signal: vec3<f32>) -> vec3<f32> {
    let m1 = 2610.0 / 16384.0;
    let m2 = 2523.0 / 4096.0 * 128.0;
    let c1 = 3424.0 / 4096.0;
    let c2 = 2413.0 / 4096.0 * 32.0;
    let c3 = 2392.0 / 4096.0 * 32.0;
    let e = pow(clamp(signal, vec3<f32>(0.0), vec3<f32>(1.0)), vec3<f32>(1.0 / m2));
    return 10000.0 * pow(max(e - c1, vec3<f32>(0.0)) / (c2 - c3 * e), vec3<f32>(1.0 / m1));
}

fn hlg_decode(signal: vec3<f32>) -> vec3<f32> {
    let a = 0.17883277;
    let b = 1.0 - 4.0 * a;
    let c = 0.55991073;
    let s = clamp(signal, vec3<f32>(0.0), vec3<f32>(1.0));
    return select((exp((s - c) / a) + b) / 12.0, s * s / 3.0, s <= vec3<f32>(0.5));
}

const BT2020_TO_BT709: mat3x3<f32> = mat3x3<f32>(
    vec3<f32>(1.660490949165, -0.124550470550, -0.018150762776),
    vec3<f32>(-0.587641123412, 1.132899895973, -0.100578898176),
    vec3<f32>(-0.072849825754, -0.008349425423, 1.118729660952),
);

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let value = textureLoad(stored, vec2<i32>(position.xy), 0).rgb;
    if display.color_space == 1u {
        return vec4<f32>(clamp(value, vec3<f32>(0.0), vec3<f32>(1.0)), 1.0);
    }
    var nits: vec3<f32>;
    if display.color_space == 2u {
        nits = value * 80.0;
    } else if display.color_space == 3u {
        nits = BT2020_TO_BT709 * pq_decode(value);
    } else {
        // 75 % signal is SDR white at 80 nits.
        let white = (exp((0.75 - 0.55991073) / 0.17883277) + 1.0 - 4.0 * 0.17883277) / 12.0;
        nits = BT2020_TO_BT709 * (hlg_decode(value) / white * 80.0);
    }
    var rgb = nits / max(display.paper_white_nits, 0.001);
    if display.curve == 1u {
        let y = dot(rgb, vec3<f32>(0.2126, 0.7152, 0.0722));
        let k = display.knee;
        if y > k {
            let t = (y - k) / (1.0 - k);
            rgb = rgb * ((k + (1.0 - k) * t / (1.0 + t)) / y);
        }
    }
    return vec4<f32>(linear_to_srgb(clamp(rgb, vec3<f32>(0.0), vec3<f32>(1.0))), 1.0);
}
";

/// The display texture's format: sRGB code values, as egui expects of a texture it shows.
pub const DISPLAY_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// The display transform on the GPU, into a texture of its own of the source's size.
pub struct DisplayPass(crate::fullscreen::FullscreenPass);

impl DisplayPass {
    /// The pass and its `size` target.
    pub fn new(device: &wgpu::Device, size: (u32, u32)) -> Self {
        Self(crate::fullscreen::FullscreenPass::new(
            device,
            "fxbench display transform",
            DISPLAY_WGSL,
            size,
            DISPLAY_FORMAT,
        ))
    }

    /// What the SDR screen shows (tests read it back).
    pub fn texture(&self) -> &wgpu::Texture {
        self.0.texture()
    }

    pub fn view(&self) -> &wgpu::TextureView {
        self.0.view()
    }

    /// Records the transform of `stored` (a view of the stored values, of this pass's size) in
    /// `color_space` into the display texture.
    pub fn record(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        stored: &wgpu::TextureView,
        color_space: ColorSpace,
        transform: DisplayTransform,
    ) {
        let mut words = [0u8; 16];
        for (i, word) in [
            color_space.reshade_value().to_le_bytes(),
            transform.curve.code().to_le_bytes(),
            transform.paper_white_nits.to_le_bytes(),
            (SHOULDER_KNEE as f32).to_le_bytes(),
        ]
        .iter()
        .enumerate()
        {
            words[i * 4..i * 4 + 4].copy_from_slice(word);
        }
        let bind_group = self.0.bind_group(device, &[stored]);
        self.0.record(queue, encoder, &bind_group, &words);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::{BackBufferFormat, FloatImage};

    fn clip(paper_white_nits: f32) -> DisplayTransform {
        DisplayTransform {
            curve: DisplayCurve::Clip,
            paper_white_nits,
        }
    }

    /// Within f32's rounding of sRGB's encoding (`linear_to_srgb(1.0)` is 1 - 6e-8).
    fn assert_near(got: [f32; 4], want: [f32; 4]) {
        assert!(
            got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-6),
            "{got:?} against {want:?}"
        );
    }

    #[test]
    fn paper_white_is_the_screens_white_and_light_scales_with_it() {
        // scRGB 1.0 at its default paper white (80 nits) is the SDR screen's white.
        let scrgb = ColorSpace::Scrgb;
        let white = display_pixel(scrgb, DisplayTransform::for_color_space(scrgb), [1.0; 4]);
        assert_near(white, [1.0; 4]);
        // 4.0 is 320 nits: clipped at 80, exactly white at 320.
        assert_near(
            display_pixel(scrgb, clip(80.0), [4.0, 4.0, 4.0, 1.0]),
            [1.0; 4],
        );
        assert_near(
            display_pixel(scrgb, clip(320.0), [4.0, 4.0, 4.0, 1.0]),
            [1.0; 4],
        );
        let half = display_pixel(scrgb, clip(320.0), [2.0, 2.0, 2.0, 1.0]);
        assert!(
            (half[0] - color::linear_to_srgb(0.5)).abs() < 1e-6,
            "{half:?}"
        );
        // PQ's code for 1000 nits clips to white at 203 nits; 203 nits is white exactly.
        let hdr10 = ColorSpace::Hdr10;
        let code_1000 = color::pq_encode(1000.0) as f32;
        assert_near(
            display_pixel(hdr10, clip(203.0), [code_1000, code_1000, code_1000, 1.0]),
            [1.0; 4],
        );
        let code_203 = color::pq_encode(203.0) as f32;
        let at_white = display_pixel(hdr10, clip(203.0), [code_203, code_203, code_203, 1.0]);
        assert!(
            at_white[..3].iter().all(|c| (c - 1.0).abs() < 1e-4),
            "{at_white:?}"
        );
        // An sRGB back buffer shows its code values, whatever the transform.
        let srgb = display_pixel(ColorSpace::Srgb, clip(400.0), [0.25, 0.5, 0.75, 0.0]);
        assert_eq!(srgb, [0.25, 0.5, 0.75, 1.0]);
    }

    #[test]
    fn the_shoulder_is_continuous_at_its_knee_and_stays_below_white() {
        assert_eq!(shoulder(0.5), 0.5);
        assert!((shoulder(SHOULDER_KNEE + 1e-9) - SHOULDER_KNEE).abs() < 1e-8);
        // Slope 1 at the knee.
        let h = 1e-6;
        let slope = (shoulder(SHOULDER_KNEE + h) - SHOULDER_KNEE) / h;
        assert!((slope - 1.0).abs() < 1e-4, "{slope}");
        assert!((shoulder(1.0) - 0.875).abs() < 1e-12);
        assert!(shoulder(1000.0) < 1.0 && shoulder(1000.0) > 0.999);
        // 1000 nits of grey at 203 nits paper white is below white, not clipped, and brighter
        // than paper white's shoulder value.
        let code = color::pq_encode(1000.0) as f32;
        let toned = display_pixel(
            ColorSpace::Hdr10,
            DisplayTransform {
                curve: DisplayCurve::Shoulder,
                paper_white_nits: 203.0,
            },
            [code, code, code, 1.0],
        );
        let expected = color::linear_to_srgb(shoulder(1000.0 / 203.0) as f32);
        assert!(
            (toned[0] - expected).abs() < 1e-3,
            "{toned:?} against {expected}"
        );
        assert!(toned[0] < 1.0);
    }

    #[test]
    fn luminance_in_nits_of_known_values() {
        assert!((luminance_nits(ColorSpace::Scrgb, [2.5, 2.5, 2.5, 1.0]) - 200.0).abs() < 1e-9);
        let code = color::pq_encode(1000.0) as f32;
        let nits = luminance_nits(ColorSpace::Hdr10, [code, code, code, 1.0]);
        assert!((nits - 1000.0).abs() < 0.05, "{nits}");
        let nits = luminance_nits(ColorSpace::Hlg, [0.75, 0.75, 0.75, 1.0]);
        assert!((nits - 80.0).abs() < 1e-6, "{nits}");
        assert!((luminance_nits(ColorSpace::Srgb, [1.0; 4]) - 80.0).abs() < 1e-9);
    }

    /// Known values per colour space and curve through the GPU pass, read back, against
    /// [`display_pixel`]: within 1/255 (one 8-bit step; the GPU's `pow` in f32 and the
    /// target's rounding).
    #[test]
    fn the_gpu_pass_matches_the_cpu_reference() {
        let Some(ctx) = crate::testing::gpu() else {
            return;
        };
        let pq = |nits: f64| color::pq_encode(nits) as f32;
        let cases: [(ColorSpace, BackBufferFormat, Vec<[f32; 4]>); 3] = [
            (
                ColorSpace::Scrgb,
                BackBufferFormat::Rgba16f,
                vec![
                    [1.0, 1.0, 1.0, 1.0],
                    [0.5, 0.25, 0.125, 1.0],
                    [4.0, 2.0, 0.0, 1.0],
                    [12.5, 12.5, 12.5, 1.0],
                    [-0.5, 0.0, 0.2, 1.0],
                ],
            ),
            (
                ColorSpace::Hdr10,
                BackBufferFormat::Rgb10a2,
                vec![
                    [pq(1000.0), pq(1000.0), pq(1000.0), 1.0],
                    [pq(203.0), pq(203.0), pq(203.0), 1.0],
                    [pq(100.0), pq(20.0), pq(5.0), 1.0],
                    [pq(4000.0), pq(50.0), pq(0.0), 1.0],
                ],
            ),
            (
                ColorSpace::Hlg,
                BackBufferFormat::Rgb10a2,
                vec![[0.75, 0.75, 0.75, 1.0], [0.3, 0.6, 0.9, 1.0]],
            ),
        ];
        for (space, format, pixels) in cases {
            let image = FloatImage {
                width: pixels.len() as u32,
                height: 1,
                pixels,
            };
            // What the texture really holds (RGB10A2 rounds to 10 bits) is what both see.
            let input = crate::input::InputTexture::upload_stored(
                &ctx.device,
                &ctx.queue,
                &image,
                format,
                "display test",
            );
            let stored = crate::input::read_texture_stored(&ctx.device, &ctx.queue, &input.texture)
                .expect("a back-buffer format")
                .expect("read back");
            for curve in DisplayCurve::ALL {
                for paper_white_nits in [80.0, 203.0] {
                    let transform = DisplayTransform {
                        curve,
                        paper_white_nits,
                    };
                    let pass = DisplayPass::new(&ctx.device, (image.width, 1));
                    let mut encoder = ctx
                        .device
                        .create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
                    pass.record(
                        &ctx.device,
                        &ctx.queue,
                        &mut encoder,
                        &input.view,
                        space,
                        transform,
                    );
                    ctx.queue.submit([encoder.finish()]);
                    let shown = crate::input::read_texture(&ctx.device, &ctx.queue, pass.texture())
                        .expect("read back");
                    for x in 0..image.width {
                        let expected = display_pixel(space, transform, stored.pixel(x, 0));
                        let got = shown.pixel(x, 0);
                        for c in 0..4 {
                            let got = f32::from(got[c]) / 255.0;
                            assert!(
                                (got - expected[c]).abs() <= 1.0 / 255.0 + 1e-6,
                                "{space:?} {transform:?} pixel {x} channel {c}: GPU {got}, CPU {}",
                                expected[c]
                            );
                        }
                    }
                }
            }
        }
    }
}
