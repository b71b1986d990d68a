//! What the effects run over: the choice (demo scene, test card or an image with its depth),
//! loading it, and its GPU side. The window and `fxbench render`/`bench` load inputs here.

use std::path::{Path, PathBuf};

use engine::input::WideImage;
use engine::{BackBuffer, BackBufferFormat, GpuContext, InputTexture, RgbaImage};
use image::imageops::FilterType;

/// Size of the built-in test card and demo scene in the window, unless another resolution is
/// chosen.
pub const TEST_CARD_SIZE: (u32, u32) = (1280, 720);

/// The image effects run over.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum InputChoice {
    /// The animated 3D demo scene, with depth.
    #[default]
    Scene,
    /// The procedural test card.
    TestCard,
    /// A PNG or JPEG file.
    Image(PathBuf),
}

impl std::str::FromStr for InputChoice {
    type Err = std::convert::Infallible;

    /// `scene`, `test-card`, or a file path.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(match text {
            "scene" => InputChoice::Scene,
            "test-card" | "testcard" => InputChoice::TestCard,
            path => InputChoice::Image(PathBuf::from(path)),
        })
    }
}

/// An input loaded into memory, before it reaches the GPU.
pub enum Source {
    /// A still image and, optionally, its linear depth (one value per pixel).
    Image(RgbaImage, Option<Vec<f32>>),
    /// The animated demo scene at this size.
    Scene((u32, u32)),
    /// A still image at full precision (OpenEXR, Radiance `.hdr`, 16-bit PNG) for a wide back
    /// buffer, and optionally its depth. It is not scaled ([`Self::at_size`] keeps it).
    Wide(WideImage, Option<Vec<f32>>),
}

impl Source {
    pub fn size(&self) -> (u32, u32) {
        match self {
            Source::Image(image, _) => (image.width, image.height),
            Source::Scene(size) => *size,
            Source::Wide(wide, _) => (wide.image.width, wide.image.height),
        }
    }

    /// This input at `size` (the chain's resolution, which `BUFFER_WIDTH`/`BUFFER_HEIGHT`
    /// follow): the scene renders at it; an image of another size is scaled to it, its colours
    /// filtered (triangle) and its depth taken from the nearest pixel, so no depth is invented
    /// between a near and a far object.
    pub fn at_size(self, size: (u32, u32)) -> Self {
        let size = (size.0.max(1), size.1.max(1));
        match self {
            Source::Scene(_) => Source::Scene(size),
            Source::Image(image, depth) if (image.width, image.height) != size => {
                let (width, height) = (image.width, image.height);
                let colour = image::RgbaImage::from_raw(width, height, image.pixels)
                    .map(|c| image::imageops::resize(&c, size.0, size.1, FilterType::Triangle))
                    .map_or_else(Vec::new, image::RgbaImage::into_raw);
                let depth = depth.and_then(|d| {
                    let d = image::ImageBuffer::<image::Luma<f32>, _>::from_raw(width, height, d)?;
                    Some(
                        image::imageops::resize(&d, size.0, size.1, FilterType::Nearest).into_raw(),
                    )
                });
                Source::Image(
                    RgbaImage {
                        width: size.0,
                        height: size.1,
                        pixels: colour,
                    },
                    depth,
                )
            }
            unchanged => unchanged,
        }
    }
}

/// [`load_input`] for a `back_buffer` back buffer: on a wide one an image file is decoded at
/// full precision (OpenEXR, Radiance `.hdr`, 16-bit PNG).
pub fn load_input_for(
    choice: &InputChoice,
    depth: Option<&Path>,
    size: (u32, u32),
    back_buffer: BackBuffer,
) -> Result<Source, engine::input::InputError> {
    match choice {
        InputChoice::Image(path) if back_buffer.format() != BackBufferFormat::Rgba8 => {
            let wide = engine::input::load_wide_image(path)?;
            let size = (wide.image.width, wide.image.height);
            let depth = match depth {
                Some(depth) => Some(engine::input::load_depth_image(depth, size)?),
                None => None,
            };
            Ok(Source::Wide(wide, depth))
        }
        _ => load_input(choice, depth, size),
    }
}

/// Loads what `choice` names. `depth` (a greyscale PNG, black near, white far) applies to an
/// image and must match its size; the test card and the scene are made at `size`.
pub fn load_input(
    choice: &InputChoice,
    depth: Option<&Path>,
    size: (u32, u32),
) -> Result<Source, engine::input::InputError> {
    match choice {
        InputChoice::Image(path) => {
            let image = engine::input::load_image(path)?;
            let depth = match depth {
                Some(depth) => Some(engine::input::load_depth_image(
                    depth,
                    (image.width, image.height),
                )?),
                None => None,
            };
            Ok(Source::Image(image, depth))
        }
        InputChoice::TestCard => Ok(Source::Image(
            engine::input::test_card(size.0, size.1),
            None,
        )),
        InputChoice::Scene => Ok(Source::Scene(size)),
    }
}

/// A [`Source`] on the GPU: an uploaded image, or the demo scene that renders a new frame into
/// its own input texture each time [`Self::record`] is called.
pub enum LiveInput {
    Image(InputTexture),
    Scene(engine::scene::DemoScene),
}

impl LiveInput {
    /// `source` on the default back buffer (RGBA8, sRGB).
    pub fn new(ctx: &GpuContext, source: Source) -> Self {
        Self::on(ctx, source, BackBuffer::SRGB8)
    }

    /// `source` on a `back_buffer` back buffer: an image presented in its colour space as
    /// `engine::color` writes down, the scene rendered for it.
    pub fn on(ctx: &GpuContext, source: Source, back_buffer: BackBuffer) -> Self {
        let (device, queue) = (&ctx.device, &ctx.queue);
        let with_depth =
            |input: InputTexture, size: (u32, u32), depth: Option<Vec<f32>>| match depth {
                Some(depth) => input.with_depth(engine::input::DepthTexture::upload(
                    device,
                    queue,
                    size,
                    &depth,
                    "fxbench input depth",
                )),
                None => input,
            };
        match source {
            Source::Image(image, depth) if back_buffer == BackBuffer::SRGB8 => {
                LiveInput::Image(InputTexture::upload_with_depth(
                    device,
                    queue,
                    &image,
                    depth.as_deref(),
                    "fxbench input",
                ))
            }
            Source::Image(image, depth) => {
                let size = (image.width, image.height);
                let input =
                    InputTexture::upload_to(device, queue, &image, back_buffer, "fxbench input");
                LiveInput::Image(with_depth(input, size, depth))
            }
            Source::Wide(wide, depth) => {
                let stored = wide.present(back_buffer.color_space());
                let size = (stored.width, stored.height);
                let input = InputTexture::upload_stored(
                    device,
                    queue,
                    &stored,
                    back_buffer.format(),
                    "fxbench input",
                );
                LiveInput::Image(with_depth(input, size, depth))
            }
            Source::Scene(size) => LiveInput::Scene(engine::scene::DemoScene::for_back_buffer(
                device,
                size,
                back_buffer,
            )),
        }
    }

    /// What the chain reads.
    pub fn texture(&self) -> &InputTexture {
        match self {
            LiveInput::Image(texture) => texture,
            LiveInput::Scene(scene) => scene.input(),
        }
    }

    /// Records this frame of the input (the scene at `elapsed_ns`; nothing for a still image)
    /// ahead of the chain's passes in the same encoder.
    pub fn record(&self, queue: &wgpu::Queue, encoder: &mut wgpu::CommandEncoder, elapsed_ns: u64) {
        if let LiveInput::Scene(scene) = self {
            scene.render(queue, encoder, elapsed_ns as f32 * 1e-9);
        }
    }

    /// Whether [`Self::record`] draws anything (the input changes from frame to frame).
    pub fn is_animated(&self) -> bool {
        matches!(self, LiveInput::Scene(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_scales_to_the_chosen_resolution_with_nearest_depth() {
        // Left half black and near, right half white and far.
        let (width, height) = (4, 2);
        let mut pixels = Vec::new();
        let mut depth = Vec::new();
        for _ in 0..height {
            for x in 0..width {
                let v = if x < 2 { 0 } else { 255 };
                pixels.extend([v, v, v, 255]);
                depth.push(if x < 2 { 0.1 } else { 0.9 });
            }
        }
        let image = RgbaImage {
            width,
            height,
            pixels,
        };
        let Source::Image(scaled, Some(depth)) = Source::Image(image, Some(depth)).at_size((8, 4))
        else {
            panic!("still an image with depth");
        };
        assert_eq!((scaled.width, scaled.height), (8, 4));
        assert_eq!(scaled.pixels.len(), 8 * 4 * 4);
        assert_eq!(scaled.pixel(0, 0), [0, 0, 0, 255]);
        assert_eq!(scaled.pixel(7, 3), [255, 255, 255, 255]);
        // Depth is never blended across the edge.
        assert!(depth.iter().all(|d| *d == 0.1 || *d == 0.9), "{depth:?}");
        assert_eq!((depth[0], depth[7]), (0.1, 0.9));
        assert!(matches!(
            Source::Scene((1, 1)).at_size((640, 360)),
            Source::Scene((640, 360))
        ));
    }
}
