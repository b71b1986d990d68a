//! Maps the effect model's formats and sampler states to wgpu's.

use analysis::{AddressMode, FilterMode, ScalarKind, TextureFormat};

pub fn texture_format(format: TextureFormat) -> wgpu::TextureFormat {
    use wgpu::TextureFormat as W;
    match format {
        TextureFormat::R8 => W::R8Unorm,
        TextureFormat::R16 => W::R16Unorm,
        TextureFormat::R16F => W::R16Float,
        TextureFormat::R32F => W::R32Float,
        TextureFormat::R32I => W::R32Sint,
        TextureFormat::R32U => W::R32Uint,
        TextureFormat::RG8 => W::Rg8Unorm,
        TextureFormat::RG16 => W::Rg16Unorm,
        TextureFormat::RG16F => W::Rg16Float,
        TextureFormat::RG32F => W::Rg32Float,
        TextureFormat::RGBA8 => W::Rgba8Unorm,
        TextureFormat::RGBA16 => W::Rgba16Unorm,
        TextureFormat::RGBA16F => W::Rgba16Float,
        TextureFormat::RGBA32F => W::Rgba32Float,
        TextureFormat::RGB10A2 => W::Rgb10a2Unorm,
    }
}

/// The bind-group sample type of a texture in `format` on a device with `features`.
pub fn sample_type(format: TextureFormat, features: wgpu::Features) -> wgpu::TextureSampleType {
    match format.sample_scalar() {
        ScalarKind::Sint => wgpu::TextureSampleType::Sint,
        ScalarKind::Uint | ScalarKind::Bool => wgpu::TextureSampleType::Uint,
        ScalarKind::Float => {
            let is_32f = matches!(
                format,
                TextureFormat::R32F | TextureFormat::RG32F | TextureFormat::RGBA32F
            );
            wgpu::TextureSampleType::Float {
                filterable: !is_32f || features.contains(wgpu::Features::FLOAT32_FILTERABLE),
            }
        }
    }
}

pub fn address_mode(mode: AddressMode) -> wgpu::AddressMode {
    match mode {
        AddressMode::Clamp => wgpu::AddressMode::ClampToEdge,
        AddressMode::Mirror => wgpu::AddressMode::MirrorRepeat,
        AddressMode::Wrap => wgpu::AddressMode::Repeat,
        AddressMode::Border => wgpu::AddressMode::ClampToBorder,
    }
}

pub fn filter_mode(mode: FilterMode) -> wgpu::FilterMode {
    match mode {
        FilterMode::Point => wgpu::FilterMode::Nearest,
        FilterMode::Linear => wgpu::FilterMode::Linear,
    }
}

pub fn mipmap_filter_mode(mode: FilterMode) -> wgpu::MipmapFilterMode {
    match mode {
        FilterMode::Point => wgpu::MipmapFilterMode::Nearest,
        FilterMode::Linear => wgpu::MipmapFilterMode::Linear,
    }
}
