//! Filling textures that name a `source` image (or Cube LUT): decoded, scaled to the texture's
//! size, cut to the texture's channels, uploaded, and their mip levels rebuilt, once at load. What a format
//! takes is ReShade's rule ([`analysis::TextureFormat::image_fill`]): 8-bit channels, or floats
//! read as `stbi_loadf` reads them.

use std::path::PathBuf;

use analysis::ImageFill;

use crate::chain::ChainError;
use crate::context::GpuContext;
use crate::input::{ImageEncoding, InputError};
use crate::mips::MipGenerator;
use crate::textures::TextureGpu;

/// A texture to fill from an image file.
pub(crate) struct ImageUpload {
    /// Index of the texture in its effect.
    pub(crate) texture: usize,
    pub(crate) name: String,
    pub(crate) path: PathBuf,
    pub(crate) fill: ImageFill,
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
        let texture = &upload.gpu;
        let size = texture.size();
        let bytes = texels(&upload, size).map_err(|source| ChainError::Image {
            texture: upload.name.clone(),
            source,
        })?;
        // A Cube LUT of another size than a 3D texture leaves it black (the builder warned).
        let Some(bytes) = bytes else {
            continue;
        };
        let texel_size = u32::from(upload.fill.channels) * if upload.fill.float { 4 } else { 1 };
        ctx.queue.write_texture(
            texture.as_image_copy(),
            &bytes,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(size.width * texel_size),
                rows_per_image: Some(size.height),
            },
            size,
        );
        if let Some(mips) = textures[upload.texture].mips() {
            mip_generator.generate(&mut encoder, mips);
        }
    }
    ctx.queue.submit([encoder.finish()]);
    Ok(())
}

/// The bytes of `upload`'s image fitted to the texture's `size`, in its layout; `None` for a
/// Cube LUT that does not fit it.
fn texels(upload: &ImageUpload, size: wgpu::Extent3d) -> Result<Option<Vec<u8>>, InputError> {
    let channels = usize::from(upload.fill.channels);
    let (width, height) = (size.width, size.height);
    if !upload.fill.float {
        let image = crate::input::load_image(&upload.path)?;
        let rgba = crate::input::resize_rgba8(&image, width, height);
        return Ok(Some(first_channels(&rgba, channels)));
    }
    let (values, from) = if analysis::cube_lut::is_cube_lut(&upload.path) {
        let lut = crate::input::load_cube_lut(&upload.path)?;
        // The file may have changed since the build checked its header.
        if !lut.header.fits(width, height, size.depth_or_array_layers) {
            return Ok(None);
        }
        let (w, h, _) = lut.header.extent();
        (lut.entries.into_iter().flatten().collect(), (w, h))
    } else {
        let wide = crate::input::load_wide_image(&upload.path)?;
        let ldr = wide.encoding == ImageEncoding::SrgbCode;
        let image = wide.image;
        let mut values: Vec<f32> = image.pixels.iter().flatten().copied().collect();
        if ldr {
            for (i, v) in values.iter_mut().enumerate() {
                *v = stb_ldr_to_hdr(*v, i % 4 == 3);
            }
        }
        (values, (image.width, image.height))
    };
    let values = if size.depth_or_array_layers == 1 {
        resize_rgba32f(values, from, (width, height))
    } else {
        values
    };
    Ok(Some(
        first_channels(&values, channels)
            .iter()
            .flat_map(|v| v.to_ne_bytes())
            .collect(),
    ))
}

/// An 8-bit (or wider: stb_image reads it as 8-bit first) channel value `v` in `[0, 1]` as
/// `stbi_loadf` gives it: quantised to 8 bits, then `^2.2` unless it is alpha.
fn stb_ldr_to_hdr(v: f32, alpha: bool) -> f32 {
    let code = (v.clamp(0.0, 1.0) * 255.0).round() / 255.0;
    if alpha { code } else { code.powf(2.2) }
}

/// `rgba` (4 values a texel) scaled from `from` to `to` texels, as the 8-bit path scales.
fn resize_rgba32f(rgba: Vec<f32>, from: (u32, u32), to: (u32, u32)) -> Vec<f32> {
    if from == to {
        return rgba;
    }
    let Some(buffer) = image::Rgba32FImage::from_raw(from.0, from.1, rgba) else {
        return vec![0.0; to.0 as usize * to.1 as usize * 4];
    };
    image::imageops::resize(&buffer, to.0, to.1, image::imageops::FilterType::Triangle).into_raw()
}

/// The first `channels` of each RGBA texel of `rgba`.
fn first_channels<T: Copy>(rgba: &[T], channels: usize) -> Vec<T> {
    if channels == 4 {
        return rgba.to_vec();
    }
    rgba.chunks_exact(4)
        .flat_map(|texel| texel[..channels].iter().copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_8_bit_value_becomes_a_float_as_stbi_loadf_gives_it() {
        assert_eq!(stb_ldr_to_hdr(0.0, false), 0.0);
        assert_eq!(stb_ldr_to_hdr(1.0, false), 1.0);
        assert!((stb_ldr_to_hdr(0.5, false) - (128.0f32 / 255.0).powf(2.2)).abs() < 1e-7);
        assert!((stb_ldr_to_hdr(0.5, true) - 128.0 / 255.0).abs() < 1e-7);
    }

    #[test]
    fn fewer_channels_keep_the_first_of_each_texel() {
        let rgba = [1u8, 2, 3, 4, 5, 6, 7, 8];
        assert_eq!(first_channels(&rgba, 1), vec![1, 5]);
        assert_eq!(first_channels(&rgba, 2), vec![1, 2, 5, 6]);
        assert_eq!(first_channels(&rgba, 4), rgba.to_vec());
    }

    #[test]
    fn a_float_image_scales_like_the_8_bit_one() {
        let same = resize_rgba32f(vec![0.5; 16], (2, 2), (2, 2));
        assert_eq!(same, vec![0.5; 16]);
        let scaled = resize_rgba32f(vec![0.25; 16], (2, 2), (4, 1));
        assert_eq!(scaled.len(), 16);
        assert!(scaled.iter().all(|v| (v - 0.25).abs() < 1e-6));
    }
}
