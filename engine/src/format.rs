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

pub fn topology(topology: analysis::PrimitiveTopology) -> wgpu::PrimitiveTopology {
    use analysis::PrimitiveTopology as T;
    match topology {
        T::PointList => wgpu::PrimitiveTopology::PointList,
        T::LineList => wgpu::PrimitiveTopology::LineList,
        T::LineStrip => wgpu::PrimitiveTopology::LineStrip,
        T::TriangleList => wgpu::PrimitiveTopology::TriangleList,
        T::TriangleStrip => wgpu::PrimitiveTopology::TriangleStrip,
    }
}

fn blend_factor(factor: analysis::BlendFactor) -> wgpu::BlendFactor {
    use analysis::BlendFactor as F;
    match factor {
        F::Zero => wgpu::BlendFactor::Zero,
        F::One => wgpu::BlendFactor::One,
        F::SrcColor => wgpu::BlendFactor::Src,
        F::InvSrcColor => wgpu::BlendFactor::OneMinusSrc,
        F::SrcAlpha => wgpu::BlendFactor::SrcAlpha,
        F::InvSrcAlpha => wgpu::BlendFactor::OneMinusSrcAlpha,
        F::DestAlpha => wgpu::BlendFactor::DstAlpha,
        F::InvDestAlpha => wgpu::BlendFactor::OneMinusDstAlpha,
        F::DestColor => wgpu::BlendFactor::Dst,
        F::InvDestColor => wgpu::BlendFactor::OneMinusDst,
    }
}

fn blend_op(op: analysis::BlendOp) -> wgpu::BlendOperation {
    use analysis::BlendOp as O;
    match op {
        O::Add => wgpu::BlendOperation::Add,
        O::Subtract => wgpu::BlendOperation::Subtract,
        O::ReverseSubtract => wgpu::BlendOperation::ReverseSubtract,
        O::Min => wgpu::BlendOperation::Min,
        O::Max => wgpu::BlendOperation::Max,
    }
}

pub fn blend_state(state: analysis::BlendState) -> wgpu::BlendState {
    // wgpu requires factors of One for Min and Max, which ignore them anyway.
    let component = |op: analysis::BlendOp, src, dst| {
        let minmax = matches!(op, analysis::BlendOp::Min | analysis::BlendOp::Max);
        wgpu::BlendComponent {
            src_factor: if minmax {
                wgpu::BlendFactor::One
            } else {
                blend_factor(src)
            },
            dst_factor: if minmax {
                wgpu::BlendFactor::One
            } else {
                blend_factor(dst)
            },
            operation: blend_op(op),
        }
    };
    wgpu::BlendState {
        color: component(state.color_op, state.src_color, state.dest_color),
        alpha: component(state.alpha_op, state.src_alpha, state.dest_alpha),
    }
}

fn compare(func: analysis::CompareFunc) -> wgpu::CompareFunction {
    use analysis::CompareFunc as C;
    match func {
        C::Never => wgpu::CompareFunction::Never,
        C::Less => wgpu::CompareFunction::Less,
        C::Equal => wgpu::CompareFunction::Equal,
        C::LessEqual => wgpu::CompareFunction::LessEqual,
        C::Greater => wgpu::CompareFunction::Greater,
        C::NotEqual => wgpu::CompareFunction::NotEqual,
        C::GreaterEqual => wgpu::CompareFunction::GreaterEqual,
        C::Always => wgpu::CompareFunction::Always,
    }
}

fn stencil_op(op: analysis::StencilOp) -> wgpu::StencilOperation {
    use analysis::StencilOp as S;
    match op {
        S::Keep => wgpu::StencilOperation::Keep,
        S::Zero => wgpu::StencilOperation::Zero,
        S::Replace => wgpu::StencilOperation::Replace,
        S::IncrementSaturate => wgpu::StencilOperation::IncrementClamp,
        S::DecrementSaturate => wgpu::StencilOperation::DecrementClamp,
        S::Invert => wgpu::StencilOperation::Invert,
        S::IncrementWrap => wgpu::StencilOperation::IncrementWrap,
        S::DecrementWrap => wgpu::StencilOperation::DecrementWrap,
    }
}

/// The same test and operations for front and back faces (post-processing draws have no
/// meaningful facing).
pub fn stencil_state(state: analysis::StencilState) -> wgpu::StencilState {
    let face = wgpu::StencilFaceState {
        compare: compare(state.func),
        fail_op: stencil_op(state.fail_op),
        depth_fail_op: stencil_op(state.depth_fail_op),
        pass_op: stencil_op(state.pass_op),
    };
    wgpu::StencilState {
        front: face,
        back: face,
        read_mask: u32::from(state.read_mask),
        write_mask: u32::from(state.write_mask),
    }
}
