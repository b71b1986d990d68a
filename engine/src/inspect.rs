//! Render-target inspection: every texture of a chain with its size, format, levels, memory and
//! the passes that write and read it ([`ResourceInfo`], from `EffectChain::resources`), and a
//! texture captured as it is at one pass boundary of a frame ([`CaptureRequest`]), read back to
//! the CPU as floats ([`CapturedImage`]).
//!
//! A capture is one `copy_texture_to_buffer` recorded at the chosen boundary while a request is
//! set; with none set the frame records no copy at all. The readback buffer is mapped after the
//! frame is submitted and read at the start of a later frame, so inspecting never stalls the GPU.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use analysis::TextureId;

use crate::chain::{EffectIndex, TechniqueKey};

/// One pass of the chain: a technique and the pass's index in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PassRef {
    pub key: TechniqueKey,
    pub pass: usize,
}

/// A texture of the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceId {
    /// The back buffer (COLOR), wherever the frame's routing keeps it at the chosen boundary.
    BackBuffer,
    /// The input's depth (DEPTH).
    Depth,
    /// A texture an effect owns.
    Texture {
        effect: EffectIndex,
        texture: TextureId,
    },
}

/// What a texture is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceRole {
    BackBuffer,
    Depth,
    /// Some pass renders into it.
    RenderTarget,
    /// Some compute pass writes it through a `storage`.
    Storage,
    /// Filled from an image file at load.
    Image,
    /// Only sampled (or unused).
    Texture,
}

impl ResourceRole {
    /// A short word for lists.
    pub fn label(self) -> &'static str {
        match self {
            ResourceRole::BackBuffer => "back buffer",
            ResourceRole::Depth => "depth",
            ResourceRole::RenderTarget => "render target",
            ResourceRole::Storage => "storage",
            ResourceRole::Image => "image",
            ResourceRole::Texture => "texture",
        }
    }
}

/// One texture of the chain, described.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceInfo {
    pub id: ResourceId,
    /// "effect.wfx: Name", or "back buffer" / "depth".
    pub name: String,
    pub role: ResourceRole,
    /// Width, height and depth (slices of a 3D texture; 1 for 2D).
    pub size: (u32, u32, u32),
    pub format: wgpu::TextureFormat,
    pub mip_levels: u32,
    /// Bytes of every level.
    pub memory_bytes: u64,
    /// Passes that write it, in run order (enabled or not).
    pub writers: Vec<PassRef>,
    /// Passes that sample or load it.
    pub readers: Vec<PassRef>,
}

/// Where in the frame a capture is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CapturePoint {
    /// Before the first pass: the back buffer is then the input.
    Start,
    /// Right after this pass.
    AfterPass(PassRef),
    /// After every pass: the back buffer is then the chain's output.
    End,
}

/// What to capture: a texture, at a boundary, one mip level (slice 0 of a 3D texture).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CaptureRequest {
    pub resource: ResourceId,
    pub point: CapturePoint,
    pub mip_level: u32,
}

/// A texture as it was at a boundary, every texel as RGBA floats: normalised formats in 0..=1,
/// float formats as stored (NaN and infinities kept), integer formats converted; channels the
/// format lacks read as 0 (alpha as 1), as sampling does.
#[derive(Clone, Debug, PartialEq)]
pub struct CapturedImage {
    pub request: CaptureRequest,
    /// Counts the captures of one request (1 for the first): a viewer redraws when it changes.
    pub serial: u64,
    pub width: u32,
    pub height: u32,
    pub format: wgpu::TextureFormat,
    /// Row by row.
    pub texels: Vec<[f32; 4]>,
}

impl CapturedImage {
    /// The texel at (x, y); `None` outside the image.
    pub fn texel(&self, x: u32, y: u32) -> Option<[f32; 4]> {
        (x < self.width && y < self.height).then(|| self.texels[(y * self.width + x) as usize])
    }

    /// Whether the format stores floats (values may leave 0..=1, or be NaN or infinite).
    pub fn is_float(&self) -> bool {
        is_float_format(self.format)
    }
}

/// Why a capture did not happen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CaptureError {
    #[error("the pass did not run in the last frame (its technique is disabled)")]
    PassDidNotRun,
    #[error("the input has no depth")]
    NoDepth,
    #[error("no such texture in the chain")]
    NoSuchResource,
    #[error("{0:?} textures cannot be read back")]
    UnsupportedFormat(wgpu::TextureFormat),
    #[error("reading the texture back failed: {0}")]
    Readback(String),
}

/// Whether `format` stores floats.
pub fn is_float_format(format: wgpu::TextureFormat) -> bool {
    use wgpu::TextureFormat as F;
    matches!(
        format,
        F::R16Float | F::Rg16Float | F::Rgba16Float | F::R32Float | F::Rg32Float | F::Rgba32Float
    )
}

const RECORDED: u8 = 0;
const MAPPING: u8 = 1;
const MAPPED: u8 = 2;
const FAILED: u8 = 3;

/// A copy recorded into a frame, waiting to be read.
struct Readback {
    buffer: wgpu::Buffer,
    state: Arc<AtomicU8>,
    request: CaptureRequest,
    width: u32,
    height: u32,
    padded_row: u32,
    format: wgpu::TextureFormat,
}

/// A chain's capture: the request, the copy in flight and the latest result.
pub(crate) struct CaptureState {
    pub(crate) request: CaptureRequest,
    in_flight: Option<Readback>,
    latest: Option<Result<CapturedImage, CaptureError>>,
    /// Whether this frame reached the request's boundary.
    reached: bool,
    /// Captures read so far.
    serial: u64,
}

impl CaptureState {
    pub(crate) fn new(request: CaptureRequest) -> Self {
        Self {
            request,
            in_flight: None,
            latest: None,
            reached: false,
            serial: 0,
        }
    }

    pub(crate) fn latest(&self) -> Option<&Result<CapturedImage, CaptureError>> {
        self.latest.as_ref()
    }

    /// Reads a finished copy (without waiting) and starts the frame.
    pub(crate) fn begin_frame(&mut self) {
        self.reached = false;
        let Some(readback) = &self.in_flight else {
            return;
        };
        match readback.state.load(Ordering::Acquire) {
            MAPPED => {
                let readback = self.in_flight.take().expect("checked just above");
                self.serial += 1;
                self.latest = Some(readback.read(self.serial));
            }
            FAILED => {
                self.in_flight = None;
                self.latest = Some(Err(CaptureError::Readback(
                    "the buffer could not be mapped".into(),
                )));
            }
            _ => {}
        }
    }

    /// Whether a copy should be recorded at `point` now: it is the request's boundary and no
    /// earlier copy is still being read.
    pub(crate) fn wants(&mut self, point: CapturePoint) -> bool {
        if point != self.request.point {
            return false;
        }
        self.reached = true;
        self.in_flight.is_none()
    }

    /// Records a copy of `texture`'s requested level into a new readback buffer.
    pub(crate) fn record(
        &mut self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        texture: Option<&wgpu::Texture>,
    ) {
        match texture {
            None => {
                self.latest = Some(Err(match self.request.resource {
                    ResourceId::Depth => CaptureError::NoDepth,
                    _ => CaptureError::NoSuchResource,
                }));
            }
            Some(texture) => match Readback::record(device, encoder, texture, self.request) {
                Ok(readback) => self.in_flight = Some(readback),
                Err(e) => self.latest = Some(Err(e)),
            },
        }
    }

    /// After the frame: a boundary never reached means the pass did not run.
    pub(crate) fn end_frame(&mut self) {
        if !self.reached {
            self.latest = Some(Err(CaptureError::PassDidNotRun));
        }
    }

    /// Call once the frame is submitted: asks for the copy to be mapped.
    pub(crate) fn after_submit(&mut self) {
        let Some(readback) = &self.in_flight else {
            return;
        };
        if readback.state.load(Ordering::Acquire) != RECORDED {
            return;
        }
        readback.state.store(MAPPING, Ordering::Release);
        let state = readback.state.clone();
        readback
            .buffer
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |result| {
                state.store(
                    if result.is_ok() { MAPPED } else { FAILED },
                    Ordering::Release,
                );
            });
    }
}

impl Readback {
    fn record(
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        texture: &wgpu::Texture,
        request: CaptureRequest,
    ) -> Result<Self, CaptureError> {
        let format = texture.format();
        let block = bytes_per_texel(format).ok_or(CaptureError::UnsupportedFormat(format))?;
        let level = request.mip_level.min(texture.mip_level_count() - 1);
        let extent = texture.size().mip_level_size(level, texture.dimension());
        let (width, height) = (extent.width, extent.height);
        let padded_row = (width * block).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("fxbench inspector readback"),
            size: u64::from(padded_row) * u64::from(height),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture,
                mip_level: level,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(padded_row),
                    rows_per_image: Some(height),
                },
            },
            wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
        Ok(Self {
            buffer,
            state: Arc::new(AtomicU8::new(RECORDED)),
            request: CaptureRequest {
                mip_level: level,
                ..request
            },
            width,
            height,
            padded_row,
            format,
        })
    }

    fn read(self, serial: u64) -> Result<CapturedImage, CaptureError> {
        let block =
            bytes_per_texel(self.format).ok_or(CaptureError::UnsupportedFormat(self.format))?;
        let texels = {
            let view = self
                .buffer
                .slice(..)
                .get_mapped_range()
                .map_err(|e| CaptureError::Readback(e.to_string()))?;
            let mut texels = Vec::with_capacity((self.width * self.height) as usize);
            for row in view.chunks(self.padded_row as usize) {
                for texel in row[..(self.width * block) as usize].chunks(block as usize) {
                    texels.push(decode_texel(self.format, texel));
                }
            }
            texels
        };
        self.buffer.unmap();
        Ok(CapturedImage {
            request: self.request,
            serial,
            width: self.width,
            height: self.height,
            format: self.format,
            texels,
        })
    }
}

/// Bytes of one texel of the formats the chain uses; `None` for others.
pub fn bytes_per_texel(format: wgpu::TextureFormat) -> Option<u32> {
    use wgpu::TextureFormat as F;
    Some(match format {
        F::R8Unorm => 1,
        F::Rg8Unorm | F::R16Unorm | F::R16Float => 2,
        F::Rgba8Unorm
        | F::Rgba8UnormSrgb
        | F::Rg16Unorm
        | F::Rg16Float
        | F::R32Float
        | F::R32Sint
        | F::R32Uint
        | F::Rgb10a2Unorm => 4,
        F::Rgba16Unorm | F::Rgba16Float | F::Rg32Float => 8,
        F::Rgba32Float => 16,
        _ => return None,
    })
}

/// One texel's bytes (little-endian, as wgpu copies them) as RGBA floats; missing channels are 0
/// and missing alpha is 1.
pub fn decode_texel(format: wgpu::TextureFormat, bytes: &[u8]) -> [f32; 4] {
    use wgpu::TextureFormat as F;
    let u16_at = |i: usize| u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]);
    let u32_at = |i: usize| {
        u32::from_le_bytes([
            bytes[4 * i],
            bytes[4 * i + 1],
            bytes[4 * i + 2],
            bytes[4 * i + 3],
        ])
    };
    let unorm8 = |i: usize| f32::from(bytes[i]) / 255.0;
    let unorm16 = |i: usize| f32::from(u16_at(i)) / 65535.0;
    let half = |i: usize| f16_to_f32(u16_at(i));
    let float = |i: usize| f32::from_bits(u32_at(i));
    let mut out = [0.0, 0.0, 0.0, 1.0];
    let channels = match format {
        F::R8Unorm => vec![unorm8(0)],
        F::Rg8Unorm => vec![unorm8(0), unorm8(1)],
        F::Rgba8Unorm | F::Rgba8UnormSrgb => (0..4).map(unorm8).collect(),
        F::R16Unorm => vec![unorm16(0)],
        F::Rg16Unorm => vec![unorm16(0), unorm16(1)],
        F::Rgba16Unorm => (0..4).map(unorm16).collect(),
        F::R16Float => vec![half(0)],
        F::Rg16Float => vec![half(0), half(1)],
        F::Rgba16Float => (0..4).map(half).collect(),
        F::R32Float => vec![float(0)],
        F::Rg32Float => vec![float(0), float(1)],
        F::Rgba32Float => (0..4).map(float).collect(),
        F::R32Sint => vec![u32_at(0).cast_signed() as f32],
        F::R32Uint => vec![u32_at(0) as f32],
        F::Rgb10a2Unorm => {
            let v = u32_at(0);
            vec![
                (v & 0x3ff) as f32 / 1023.0,
                ((v >> 10) & 0x3ff) as f32 / 1023.0,
                ((v >> 20) & 0x3ff) as f32 / 1023.0,
                (v >> 30) as f32 / 3.0,
            ]
        }
        _ => Vec::new(),
    };
    out[..channels.len()].copy_from_slice(&channels);
    out
}

/// An IEEE half-precision float's value (subnormals, infinities and NaN included).
pub fn f16_to_f32(bits: u16) -> f32 {
    let sign = if bits & 0x8000 == 0 { 1.0 } else { -1.0 };
    let exponent = i32::from((bits >> 10) & 0x1f);
    let mantissa = f32::from(bits & 0x3ff);
    match exponent {
        0 => sign * mantissa * 2f32.powi(-24),
        31 if mantissa == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        e => sign * (1.0 + mantissa / 1024.0) * 2f32.powi(e - 15),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_decode_exactly() {
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f16_to_f32(0xc000), -2.0);
        assert_eq!(f16_to_f32(0x3555), 0.333_251_95);
        assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24), "smallest subnormal");
        assert_eq!(f16_to_f32(0x7bff), 65504.0, "largest finite");
        assert_eq!(f16_to_f32(0x7c00), f32::INFINITY);
        assert_eq!(f16_to_f32(0xfc00), f32::NEG_INFINITY);
        assert!(f16_to_f32(0x7e00).is_nan());
    }

    #[test]
    fn texels_decode_per_format() {
        use wgpu::TextureFormat as F;
        assert_eq!(
            decode_texel(F::Rgba8Unorm, &[255, 0, 51, 255]),
            [1.0, 0.0, 0.2, 1.0]
        );
        assert_eq!(decode_texel(F::R8Unorm, &[255]), [1.0, 0.0, 0.0, 1.0]);
        let rg32: Vec<u8> = [2.5f32, f32::NAN]
            .iter()
            .flat_map(|f| f.to_le_bytes())
            .collect();
        let texel = decode_texel(F::Rg32Float, &rg32);
        assert_eq!(texel[0], 2.5);
        assert!(texel[1].is_nan());
        assert_eq!(&texel[2..], &[0.0, 1.0]);
        // r = 1023, g = 0, b = 512, a = 3.
        let packed: u32 = 1023 | (512 << 20) | (3 << 30);
        let texel = decode_texel(F::Rgb10a2Unorm, &packed.to_le_bytes());
        assert_eq!(texel[0], 1.0);
        assert_eq!(texel[1], 0.0);
        assert!((texel[2] - 512.0 / 1023.0).abs() < 1e-6);
        assert_eq!(texel[3], 1.0);
        assert_eq!(
            decode_texel(F::R32Sint, &(-7i32).to_le_bytes()),
            [-7.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(bytes_per_texel(F::Stencil8), None);
    }
}
