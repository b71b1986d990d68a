//! Input images: the built-in procedural test card, and PNG/JPEG files through `image`.

use std::path::Path;

use crate::color::{self, BackBuffer, BackBufferFormat, FloatImage};

/// An RGBA8 image in CPU memory, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbaImage {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl RgbaImage {
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        [
            self.pixels[i],
            self.pixels[i + 1],
            self.pixels[i + 2],
            self.pixels[i + 3],
        ]
    }
}

#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    #[error("{path}: {source}")]
    Image {
        path: String,
        #[source]
        source: image::ImageError,
    },
    #[error("{path}: depth image is {depth:?} but the colour image is {color:?}")]
    DepthSize {
        path: String,
        depth: (u32, u32),
        color: (u32, u32),
    },
    #[error("{path}: Cube LUT has {error}")]
    CubeLut {
        path: String,
        error: analysis::cube_lut::CubeError,
    },
    #[error("{path}: image is {width}x{height}; fxbench needs 1..={max} texels on each side")]
    Size {
        path: String,
        width: u32,
        height: u32,
        max: u32,
    },
}

/// The largest image file read (a 16k x 16k RGBA PNG stored uncompressed is 1 GiB; real inputs
/// are far smaller): past it the file is refused before it is read.
pub const MAX_IMAGE_FILE_BYTES: u64 = 256 << 20;

/// The most memory one image may decode into.
pub const MAX_IMAGE_DECODE_BYTES: u64 = 1 << 30;

/// Opens an image for decoding with bounds: a regular file (not a folder, pipe or device, which
/// could block or never end), at most [`MAX_IMAGE_FILE_BYTES`], decoding into at most
/// [`MAX_IMAGE_DECODE_BYTES`] and 16384 texels a side. Every image fxbench reads goes through it.
pub fn open_image(
    path: &Path,
) -> Result<image::ImageReader<std::io::BufReader<std::fs::File>>, InputError> {
    let file = open_bounded(path)?;
    let io = |e: std::io::Error| InputError::Image {
        path: path.display().to_string(),
        source: image::ImageError::IoError(e),
    };
    let mut reader = image::ImageReader::new(std::io::BufReader::new(file))
        .with_guessed_format()
        .map_err(io)?;
    // A format without a signature (TGA) is known by the file's extension.
    if reader.format().is_none()
        && let Ok(format) = image::ImageFormat::from_path(path)
    {
        reader.set_format(format);
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(16384);
    limits.max_image_height = Some(16384);
    limits.max_alloc = Some(MAX_IMAGE_DECODE_BYTES);
    reader.limits(limits);
    Ok(reader)
}

/// Reads a Cube LUT (`.cube`) within [`open_image`]'s bounds on the file.
pub fn load_cube_lut(path: &Path) -> Result<analysis::cube_lut::CubeLut, InputError> {
    let shown = path.display().to_string();
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut open_bounded(path)?, &mut text).map_err(|e| {
        InputError::Image {
            path: shown.clone(),
            source: image::ImageError::IoError(e),
        }
    })?;
    analysis::cube_lut::parse_cube(&String::from_utf8_lossy(&text))
        .map_err(|error| InputError::CubeLut { path: shown, error })
}

/// Opens a regular file of at most [`MAX_IMAGE_FILE_BYTES`].
fn open_bounded(path: &Path) -> Result<std::fs::File, InputError> {
    let shown = path.display().to_string();
    let io = |e: std::io::Error| InputError::Image {
        path: shown.clone(),
        source: image::ImageError::IoError(e),
    };
    // The kind is read before opening: opening a FIFO blocks until a writer comes.
    let metadata = std::fs::metadata(path).map_err(io)?;
    if !metadata.is_file() {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a folder, pipe or device)",
        )));
    }
    if metadata.len() > MAX_IMAGE_FILE_BYTES {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("larger than {} MiB", MAX_IMAGE_FILE_BYTES >> 20),
        )));
    }
    std::fs::File::open(path).map_err(io)
}

/// Decodes `path` within [`open_image`]'s bounds; the path as errors show it comes along.
fn decode_image(path: &Path) -> Result<(String, image::DynamicImage), InputError> {
    let shown = path.display().to_string();
    match open_image(path)?.decode() {
        Ok(decoded) => Ok((shown, decoded)),
        Err(source) => Err(InputError::Image {
            path: shown,
            source,
        }),
    }
}

/// Decodes a PNG or JPEG file to RGBA8.
pub fn load_image(path: &Path) -> Result<RgbaImage, InputError> {
    let (shown, decoded) = decode_image(path)?;
    let rgba = decoded.to_rgba8();
    let (width, height) = rgba.dimensions();
    check_size(shown, width, height)?;
    Ok(RgbaImage {
        width,
        height,
        pixels: rgba.into_raw(),
    })
}

/// How an image file's values are encoded (`color` module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageEncoding {
    /// sRGB code values in `[0, 1]`: 8- and 16-bit PNG, JPEG.
    SrgbCode,
    /// Linear BT.709 light, 1.0 = 80 nits: OpenEXR and Radiance `.hdr`.
    Linear,
}

/// An image decoded at full precision, for a wide back buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct WideImage {
    pub image: FloatImage,
    pub encoding: ImageEncoding,
}

impl WideImage {
    /// The values a back buffer in `color_space` stores for this image (`color` module doc).
    pub fn present(&self, color_space: color::ColorSpace) -> FloatImage {
        let present = match self.encoding {
            ImageEncoding::SrgbCode => color::present_code,
            ImageEncoding::Linear => color::present_linear,
        };
        FloatImage {
            width: self.image.width,
            height: self.image.height,
            pixels: self
                .image
                .pixels
                .iter()
                .map(|p| present(color_space, *p))
                .collect(),
        }
    }
}

/// Decodes a PNG (8- or 16-bit), JPEG, OpenEXR or Radiance `.hdr` file to RGBA floats at full
/// precision, for a wide back buffer.
pub fn load_wide_image(path: &Path) -> Result<WideImage, InputError> {
    let (shown, decoded) = decode_image(path)?;
    let encoding = match decoded {
        image::DynamicImage::ImageRgb32F(_) | image::DynamicImage::ImageRgba32F(_) => {
            ImageEncoding::Linear
        }
        _ => ImageEncoding::SrgbCode,
    };
    let rgba = decoded.to_rgba32f();
    let (width, height) = rgba.dimensions();
    check_size(shown, width, height)?;
    let pixels = rgba
        .into_raw()
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2], p[3]])
        .collect();
    Ok(WideImage {
        image: FloatImage {
            width,
            height,
            pixels,
        },
        encoding,
    })
}

/// Encodes stored back-buffer values as an OpenEXR file (32-bit floats, as stored: scRGB stays
/// linear, HDR10 stays PQ code values), as ReShade's HDR screenshots keep the back buffer.
pub fn encode_exr(image: &FloatImage) -> Result<Vec<u8>, image::ImageError> {
    let flat: Vec<f32> = image.pixels.iter().flatten().copied().collect();
    let buffer = image::Rgba32FImage::from_raw(image.width, image.height, flat)
        .expect("a FloatImage holds width * height pixels");
    let mut bytes = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgba32F(buffer).write_to(&mut bytes, image::ImageFormat::OpenExr)?;
    Ok(bytes.into_inner())
}

/// Encodes stored back-buffer values as a 16-bit RGBA PNG, clipped to `[0, 1]`.
pub fn encode_png16(image: &FloatImage) -> Result<Vec<u8>, image::ImageError> {
    let flat: Vec<u16> = image
        .pixels
        .iter()
        .flatten()
        .map(|v| (v.clamp(0.0, 1.0) * 65535.0).round() as u16)
        .collect();
    let buffer =
        image::ImageBuffer::<image::Rgba<u16>, _>::from_raw(image.width, image.height, flat)
            .expect("a FloatImage holds width * height pixels");
    let mut bytes = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgba16(buffer).write_to(&mut bytes, image::ImageFormat::Png)?;
    Ok(bytes.into_inner())
}

/// The image's RGBA8 pixels scaled to `width` x `height` (bilinear), or as they are when the
/// size already matches.
pub fn resize_rgba8(image: &RgbaImage, width: u32, height: u32) -> Vec<u8> {
    if (image.width, image.height) == (width, height) {
        return image.pixels.clone();
    }
    let buffer = image::RgbaImage::from_raw(image.width, image.height, image.pixels.clone())
        .expect("an RgbaImage holds width * height * 4 bytes");
    image::imageops::resize(
        &buffer,
        width,
        height,
        image::imageops::FilterType::Triangle,
    )
    .into_raw()
}

/// An input image is 1..=8192 texels a side (the engine's texture limit for inputs).
fn check_size(shown: String, width: u32, height: u32) -> Result<(), InputError> {
    let max = 8192;
    if width == 0 || height == 0 || width > max || height > max {
        return Err(InputError::Size {
            path: shown,
            width,
            height,
            max,
        });
    }
    Ok(())
}

/// Decodes a depth image (8- or 16-bit greyscale PNG, 0 near and white far) to linear depth in
/// `[0, 1]`, one value per pixel, rows top to bottom. It must be `size` to pair with its colour
/// image.
pub fn load_depth_image(path: &Path, size: (u32, u32)) -> Result<Vec<f32>, InputError> {
    let shown = path.display().to_string();
    let image_error = |source| InputError::Image {
        path: shown.clone(),
        source,
    };
    let decoded = open_image(path)?.decode().map_err(image_error)?;
    let luma = decoded.to_luma16();
    if luma.dimensions() != size {
        return Err(InputError::DepthSize {
            path: shown,
            depth: luma.dimensions(),
            color: size,
        });
    }
    Ok(luma
        .into_raw()
        .into_iter()
        .map(|v| f32::from(v) / 65535.0)
        .collect())
}

/// A colourful test card: smooth gradients, a checkerboard, hard edges and circles, so that blurs,
/// vignettes and colour effects all show.
pub fn test_card(width: u32, height: u32) -> RgbaImage {
    let mut pixels = Vec::with_capacity((width * height * 4) as usize);
    let (w, h) = (width as f32, height as f32);
    for y in 0..height {
        for x in 0..width {
            let (u, v) = ((x as f32 + 0.5) / w, (y as f32 + 0.5) / h);
            // Base: a hue sweep left to right, darker towards the bottom.
            let hue = u * 6.0;
            let rgb_hue = [
                (hue - 3.0).abs() - 1.0,
                2.0 - (hue - 2.0).abs(),
                2.0 - (hue - 4.0).abs(),
            ]
            .map(|c| c.clamp(0.0, 1.0));
            let shade = 1.0 - 0.6 * v;
            let mut rgb = rgb_hue.map(|c| c * shade);
            // A checkerboard band across the middle.
            if (0.4..0.6).contains(&v) {
                let cell = ((x / 16) + (y / 16)) % 2 == 0;
                rgb = if cell { [0.95; 3] } else { [0.05; 3] };
            }
            // Three rings.
            for (cx, cy, r) in [(0.2, 0.25, 0.12), (0.5, 0.8, 0.1), (0.8, 0.25, 0.14)] {
                let d = ((u - cx) * w / h).hypot(v - cy);
                if (d - r).abs() < 0.012 {
                    rgb = [1.0, 1.0, 1.0];
                }
            }
            pixels.extend(rgb.map(|c| (c * 255.0).round() as u8));
            pixels.push(255);
        }
    }
    RgbaImage {
        width,
        height,
        pixels,
    }
}

/// A one-level 2D texture that can be sampled, rendered to and copied either way: what inputs,
/// depth and back buffers all are.
pub(crate) fn frame_texture(
    device: &wgpu::Device,
    (width, height): (u32, u32),
    format: wgpu::TextureFormat,
    view_formats: &[wgpu::TextureFormat],
    label: &str,
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::COPY_DST
            | wgpu::TextureUsages::COPY_SRC
            | wgpu::TextureUsages::RENDER_ATTACHMENT,
        view_formats,
    })
}

/// Format of input depth: linear depth, 0 at the camera, 1 at the far plane.
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::R32Float;

/// An input's depth buffer, bound to textures with the DEPTH semantic.
#[derive(Debug)]
pub struct DepthTexture {
    pub texture: wgpu::Texture,
    pub view: wgpu::TextureView,
}

impl DepthTexture {
    pub fn new(device: &wgpu::Device, size: (u32, u32), label: &str) -> Self {
        let texture = frame_texture(device, size, DEPTH_FORMAT, &[], label);
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        Self { texture, view }
    }

    /// Uploads linear depth values (row by row, 0 near, 1 far).
    pub fn upload(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        size: (u32, u32),
        depth: &[f32],
        label: &str,
    ) -> Self {
        let this = Self::new(device, size, label);
        queue.write_texture(
            this.texture.as_image_copy(),
            bytemuck::cast_slice(depth),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(size.0 * 4),
                rows_per_image: Some(size.1),
            },
            this.texture.size(),
        );
        this
    }
}

/// An input texture on the GPU, with its depth when it has one.
#[derive(Debug)]
pub struct InputTexture {
    pub texture: wgpu::Texture,
    pub view: wgpu::TextureView,
    /// The same texels decoded as sRGB on read (for `SRGBTexture` samplers of COLOR); for a
    /// format without an sRGB view, a view as stored (`color::wgpu_srgb_format`).
    pub srgb_view: wgpu::TextureView,
    pub depth: Option<DepthTexture>,
}

impl InputTexture {
    /// An RGBA8 back buffer holding `image` (the default back buffer: RGBA8, sRGB).
    pub fn upload(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        image: &RgbaImage,
        label: &str,
    ) -> Self {
        let this = Self::blank(
            device,
            (image.width, image.height),
            BackBufferFormat::Rgba8,
            label,
        );
        queue.write_texture(
            this.texture.as_image_copy(),
            &image.pixels,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(image.width * 4),
                rows_per_image: Some(image.height),
            },
            this.texture.size(),
        );
        this
    }

    /// [`Self::upload`] with the image's linear depth (one value per pixel), when it has one.
    pub fn upload_with_depth(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        image: &RgbaImage,
        depth: Option<&[f32]>,
        label: &str,
    ) -> Self {
        let input = Self::upload(device, queue, image, label);
        match depth {
            Some(depth) => input.with_depth(DepthTexture::upload(
                device,
                queue,
                (image.width, image.height),
                depth,
                &format!("{label} depth"),
            )),
            None => input,
        }
    }

    /// A `back_buffer` back buffer holding the 8-bit sRGB `image` as a game presenting in
    /// that colour space would (`color::present_srgb8`); RGBA8 keeps the bytes as they are.
    pub fn upload_to(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        image: &RgbaImage,
        back_buffer: BackBuffer,
        label: &str,
    ) -> Self {
        if back_buffer.format() == BackBufferFormat::Rgba8 {
            return Self::upload(device, queue, image, label);
        }
        let pixels = image
            .pixels
            .chunks_exact(4)
            .map(|p| color::present_srgb8(back_buffer.color_space(), [p[0], p[1], p[2], p[3]]))
            .collect();
        let stored = FloatImage {
            width: image.width,
            height: image.height,
            pixels,
        };
        Self::upload_stored(device, queue, &stored, back_buffer.format(), label)
    }

    /// A `format` back buffer holding `image`'s values as they are (already in the colour
    /// space's encoding), rounded to what the format stores.
    pub fn upload_stored(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        image: &FloatImage,
        format: BackBufferFormat,
        label: &str,
    ) -> Self {
        let this = Self::blank(device, (image.width, image.height), format, label);
        queue.write_texture(
            this.texture.as_image_copy(),
            &color::pack(format, &image.pixels),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(image.width * color::texel_bytes(format) as u32),
                rows_per_image: Some(image.height),
            },
            this.texture.size(),
        );
        this
    }

    /// A `format` texture to render into (the demo scene), transparent black at first.
    pub fn blank(
        device: &wgpu::Device,
        size: (u32, u32),
        format: BackBufferFormat,
        label: &str,
    ) -> Self {
        let crate::textures::FrameTarget {
            texture,
            view,
            srgb_view,
        } = crate::textures::FrameTarget::new(device, size, format, label);
        Self {
            texture,
            view,
            srgb_view,
            depth: None,
        }
    }

    /// Attaches a depth buffer (as decoded from a depth image or rendered by the demo scene).
    pub fn with_depth(mut self, depth: DepthTexture) -> Self {
        self.depth = Some(depth);
        self
    }

    pub fn width(&self) -> u32 {
        self.texture.width()
    }

    pub fn height(&self) -> u32 {
        self.texture.height()
    }
}

/// Copies an RGBA8 texture back to the CPU, waiting for the GPU. For tests and the CLI.
pub fn read_texture(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
) -> Result<RgbaImage, wgpu::BufferAsyncError> {
    let pixels = read_bytes(device, queue, texture, 4)?;
    Ok(RgbaImage {
        width: texture.width(),
        height: texture.height(),
        pixels,
    })
}

/// Copies a back buffer of any [`BackBufferFormat`] back to the CPU as the floats it stores,
/// waiting for the GPU; `None` for a texture of another format. For tests and the CLI.
pub fn read_texture_stored(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
) -> Option<Result<FloatImage, wgpu::BufferAsyncError>> {
    let format = color::back_buffer_format_of(texture.format())?;
    let read = read_bytes(device, queue, texture, color::texel_bytes(format) as u32);
    Some(read.map(|bytes| FloatImage {
        width: texture.width(),
        height: texture.height(),
        pixels: color::unpack(format, &bytes),
    }))
}

/// The texels of level 0 of a 2D texture of `texel_bytes` per texel, rows packed tightly.
fn read_bytes(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
    texel_bytes: u32,
) -> Result<Vec<u8>, wgpu::BufferAsyncError> {
    let (width, height) = (texture.width(), texture.height());
    let row_bytes = width * texel_bytes;
    let padded_row = row_bytes.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("fxbench texture readback"),
        size: u64::from(padded_row * height),
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some("fxbench readback"),
    });
    encoder.copy_texture_to_buffer(
        texture.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(padded_row),
                rows_per_image: Some(height),
            },
        },
        texture.size(),
    );
    queue.submit([encoder.finish()]);
    let (tx, rx) = std::sync::mpsc::channel();
    buffer.slice(..).map_async(wgpu::MapMode::Read, move |r| {
        let _ = tx.send(r);
    });
    let _ = device.poll(wgpu::PollType::wait_indefinitely());
    rx.recv().unwrap_or(Err(wgpu::BufferAsyncError))?;
    let mapped = buffer
        .slice(..)
        .get_mapped_range()
        .map_err(|_| wgpu::BufferAsyncError)?;
    let mut pixels = Vec::with_capacity((row_bytes * height) as usize);
    for row in mapped.chunks(padded_row as usize) {
        pixels.extend_from_slice(&row[..row_bytes as usize]);
    }
    drop(mapped);
    buffer.unmap();
    Ok(pixels)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(path: &Path) -> String {
        match load_image(path) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{} was read", path.display()),
        }
    }

    #[test]
    fn images_that_are_not_files_or_too_large_are_refused_before_reading() {
        let dir = std::env::temp_dir().join(format!("fxbench-open-image-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(
            refusal(&dir).ends_with("not a regular file (a folder, pipe or device)"),
            "{}",
            refusal(&dir)
        );
        #[cfg(unix)]
        {
            let fifo = dir.join("fifo.png");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                // No writer ever comes: opening it would block forever.
                assert!(refusal(&fifo).contains("not a regular file"));
            }
        }
        // A PNG whose header claims 100000 x 100000 texels: refused by the decoder's limits,
        // not allocated.
        let mut png = Vec::new();
        png.extend_from_slice(b"\x89PNG\r\n\x1a\n");
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(b"IHDR");
        ihdr.extend_from_slice(&100_000u32.to_be_bytes());
        ihdr.extend_from_slice(&100_000u32.to_be_bytes());
        ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
        png.extend_from_slice(&13u32.to_be_bytes());
        png.extend_from_slice(&ihdr);
        png.extend_from_slice(&crc32(&ihdr).to_be_bytes());
        let huge = dir.join("huge.png");
        std::fs::write(&huge, &png).unwrap();
        let message = refusal(&huge);
        assert!(
            message.starts_with(&huge.display().to_string()),
            "{message}"
        );
        assert!(message.to_lowercase().contains("limit"), "{message}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// PNG's chunk checksum (CRC-32, ISO 3309).
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
}
