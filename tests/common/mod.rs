//! Shared helpers for end-to-end tests: rendering through the same document → chain path as the
//! app and CLI, and CPU references.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use app::session::document::Document;
use engine::{ChainOptions, EffectChain, GpuContext, InputTexture, RgbaImage};

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

pub fn asset(name: &str) -> PathBuf {
    repo().join("assets").join(name)
}

/// Compiles `document` for the image's size and builds a chain with the preset applied.
pub fn chain_for(ctx: &GpuContext, document: &Document, image: &RgbaImage) -> EffectChain {
    chain_with(ctx, document, image, &ChainOptions::default())
}

/// [`chain_for`] with chosen options.
pub fn chain_with(
    ctx: &GpuContext,
    document: &Document,
    image: &RgbaImage,
    options: &ChainOptions,
) -> EffectChain {
    let compiled = document.compile((image.width, image.height));
    assert!(!compiled.has_errors(), "{}", compiled.render_diagnostics());
    let mut chain = EffectChain::new(ctx, compiled.effects, (image.width, image.height), options)
        .expect("chain builds");
    document.apply_preset(&mut chain);
    chain
}

/// Renders `frames` frames and reads the output back.
pub fn render(
    ctx: &GpuContext,
    chain: &mut EffectChain,
    image: &RgbaImage,
    frames: u32,
) -> RgbaImage {
    let input = InputTexture::upload(&ctx.device, &ctx.queue, image, "test input");
    let mut clock = engine::sources::FrameClock::new();
    for _ in 0..frames {
        chain
            .render_blocking(&input, &clock.tick())
            .expect("frame records");
    }
    engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).expect("readback")
}

/// An RGB float image, channels in 0..=1.
#[derive(Clone)]
pub struct FloatImage {
    pub width: usize,
    pub height: usize,
    pub data: Vec<[f32; 4]>,
}

impl FloatImage {
    pub fn from_rgba8(image: &RgbaImage) -> Self {
        let data = image
            .pixels
            .chunks(4)
            .map(|p| [p[0], p[1], p[2], p[3]].map(|c| f32::from(c) / 255.0))
            .collect();
        Self {
            width: image.width as usize,
            height: image.height as usize,
            data,
        }
    }

    pub fn at(&self, x: usize, y: usize) -> [f32; 4] {
        self.data[y * self.width + x]
    }

    /// Bilinear sample with clamp-to-edge addressing, as a GPU sampler does.
    pub fn bilinear(&self, u: f32, v: f32) -> [f32; 4] {
        let tx = u * self.width as f32 - 0.5;
        let ty = v * self.height as f32 - 0.5;
        let (x0, y0) = (tx.floor(), ty.floor());
        let (fx, fy) = (tx - x0, ty - y0);
        let clamp_x = |x: f32| (x as isize).clamp(0, self.width as isize - 1) as usize;
        let clamp_y = |y: f32| (y as isize).clamp(0, self.height as isize - 1) as usize;
        let (xa, xb, ya, yb) = (
            clamp_x(x0),
            clamp_x(x0 + 1.0),
            clamp_y(y0),
            clamp_y(y0 + 1.0),
        );
        let mut out = [0.0; 4];
        for (c, o) in out.iter_mut().enumerate() {
            let top = self.at(xa, ya)[c] * (1.0 - fx) + self.at(xb, ya)[c] * fx;
            let bottom = self.at(xa, yb)[c] * (1.0 - fx) + self.at(xb, yb)[c] * fx;
            *o = top * (1.0 - fy) + bottom * fy;
        }
        out
    }

    pub fn to_rgba8(&self) -> RgbaImage {
        RgbaImage {
            width: self.width as u32,
            height: self.height as u32,
            pixels: self
                .data
                .iter()
                .flat_map(|p| p.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8))
                .collect(),
        }
    }
}

/// Largest and mean absolute channel difference, in 8-bit steps.
pub fn compare(actual: &RgbaImage, expected: &RgbaImage) -> (u8, f64) {
    assert_eq!(
        (actual.width, actual.height),
        (expected.width, expected.height)
    );
    let mut max = 0u8;
    let mut sum = 0u64;
    for (a, e) in actual.pixels.iter().zip(&expected.pixels) {
        let d = a.abs_diff(*e);
        max = max.max(d);
        sum += u64::from(d);
    }
    (max, sum as f64 / actual.pixels.len() as f64)
}

/// assets/gaussian_blur.wfx's half-size target after its horizontal pass, on the CPU: texel
/// (x, y) is the 9-tap Gaussian (sigma 2) of 2x2 block averages along x, clamped at the edges.
pub fn blur_half_texel(input: &FloatImage, x: usize, y: usize) -> [f32; 4] {
    const RADIUS: i32 = 4;
    let weight = |k: i32| (-((k * k) as f32) / 8.0).exp();
    let hw = input.width / 2;
    let total: f32 = (-RADIUS..=RADIUS).map(weight).sum();
    let mut sum = [0.0f32; 4];
    for k in -RADIUS..=RADIUS {
        let bx = (x as i32 + k).clamp(0, hw as i32 - 1) as usize;
        for (c, s) in sum.iter_mut().enumerate() {
            let block = (input.at(2 * bx, 2 * y)[c]
                + input.at(2 * bx + 1, 2 * y)[c]
                + input.at(2 * bx, 2 * y + 1)[c]
                + input.at(2 * bx + 1, 2 * y + 1)[c])
                / 4.0;
            *s += weight(k) * block;
        }
    }
    sum.map(|s| s / total)
}
