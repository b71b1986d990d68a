//! What the effects run over: the choice (demo scene, test card or an image with its depth),
//! loading it, and its GPU side. The window and `fxbench render`/`bench` load inputs here.

use std::path::{Path, PathBuf};

use engine::{GpuContext, InputTexture, RgbaImage};

/// Size of the built-in test card and demo scene in the window.
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
}

impl Source {
    pub fn size(&self) -> (u32, u32) {
        match self {
            Source::Image(image, _) => (image.width, image.height),
            Source::Scene(size) => *size,
        }
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
    pub fn new(ctx: &GpuContext, source: Source) -> Self {
        match source {
            Source::Image(image, depth) => LiveInput::Image(InputTexture::upload_with_depth(
                &ctx.device,
                &ctx.queue,
                &image,
                depth.as_deref(),
                "fxbench input",
            )),
            Source::Scene(size) => {
                LiveInput::Scene(engine::scene::DemoScene::new(&ctx.device, size))
            }
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
