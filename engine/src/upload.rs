//! Filling textures that name a `source` image: decoded, scaled to the texture's size, uploaded,
//! and their mip levels rebuilt, once at load.

use std::path::PathBuf;

use crate::chain::ChainError;
use crate::context::GpuContext;
use crate::mips::MipGenerator;
use crate::textures::TextureGpu;

/// A texture to fill from an image file.
pub(crate) struct ImageUpload {
    /// Index of the texture in its effect.
    pub(crate) texture: usize,
    pub(crate) name: String,
    pub(crate) path: PathBuf,
    pub(crate) gpu: wgpu::Texture,
}

/// Uploads every image and regenerates the mip chains of the textures that have one, in one
/// submission. `textures` are the effect's textures, which `uploads` index.
pub(crate) fn upload_images(
    ctx: &GpuContext,
    uploads: Vec<ImageUpload>,
    textures: &[TextureGpu],
    mip_generator: &MipGenerator,
) -> Result<(), ChainError> {
    let mut encoder = ctx
        .device
        .create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("fxbench texture images"),
        });
    for upload in uploads {
        let image = crate::input::load_image(&upload.path).map_err(|source| ChainError::Image {
            texture: upload.name.clone(),
            source,
        })?;
        let texture = &upload.gpu;
        let pixels = crate::input::resize_rgba8(&image, texture.width(), texture.height());
        ctx.queue.write_texture(
            texture.as_image_copy(),
            &pixels,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(texture.width() * 4),
                rows_per_image: Some(texture.height()),
            },
            wgpu::Extent3d {
                width: texture.width(),
                height: texture.height(),
                depth_or_array_layers: 1,
            },
        );
        if let Some(mips) = textures[upload.texture].mips() {
            mip_generator.generate(&mut encoder, mips);
        }
    }
    ctx.queue.submit([encoder.finish()]);
    Ok(())
}
