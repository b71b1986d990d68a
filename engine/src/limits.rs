//! The device's limits for the shared check: [`device_limits`] reads wgpu's `Limits` into
//! `analysis::DeviceLimits`, and [`check`] runs `analysis::limits::check` (the same check
//! `fxbench check --target device` runs) before anything of an effect is created, turning the
//! first finding into a located [`ChainError`]: wgpu would reject the pipeline or the texture
//! with a message that names no line, or (a dispatch too large) fail the frame.

use analysis::ValidatedEffect;

use crate::chain::{ChainError, LimitError};

/// `limits` as the analysis crate names them.
pub fn device_limits(limits: &wgpu::Limits) -> analysis::DeviceLimits {
    analysis::DeviceLimits {
        max_texture_dimension_2d: limits.max_texture_dimension_2d,
        max_texture_dimension_3d: limits.max_texture_dimension_3d,
        max_compute_workgroups_per_dimension: limits.max_compute_workgroups_per_dimension,
        max_compute_workgroup_size_x: limits.max_compute_workgroup_size_x,
        max_compute_workgroup_size_y: limits.max_compute_workgroup_size_y,
        max_compute_workgroup_size_z: limits.max_compute_workgroup_size_z,
        max_compute_invocations_per_workgroup: limits.max_compute_invocations_per_workgroup,
        max_compute_workgroup_storage_size: limits.max_compute_workgroup_storage_size,
        max_bindings_per_bind_group: limits.max_bindings_per_bind_group,
        max_sampled_textures_per_shader_stage: limits.max_sampled_textures_per_shader_stage,
        max_samplers_per_shader_stage: limits.max_samplers_per_shader_stage,
        max_storage_textures_per_shader_stage: limits.max_storage_textures_per_shader_stage,
        max_uniform_buffer_binding_size: limits.max_uniform_buffer_binding_size,
        max_color_attachments: limits.max_color_attachments,
        max_color_attachment_bytes_per_sample: limits.max_color_attachment_bytes_per_sample,
        max_inter_stage_shader_variables: limits.max_inter_stage_shader_variables,
    }
}

/// The first limit of `limits` that `effect` exceeds, as a located error: a texture as
/// [`ChainError::TextureTooLarge`], anything else as [`ChainError::LimitExceeded`].
pub(crate) fn check(effect: &ValidatedEffect, limits: &wgpu::Limits) -> Result<(), ChainError> {
    let Some(found) = analysis::limits::check(effect, Some(&device_limits(limits)))
        .into_iter()
        .next()
    else {
        return Ok(());
    };
    let name = effect.path().display().to_string();
    let location = effect
        .location(found.span)
        .map_or_else(|| name.clone(), str::to_string);
    let texture = effect.textures().iter().find(|t| t.span == found.span);
    if let (
        Some(texture),
        Some(analysis::TextureKind::Owned {
            width,
            height,
            depth,
            ..
        }),
    ) = (texture, texture.map(|t| &t.kind))
    {
        let size = if *depth > 1 {
            format!("{width}x{height}x{depth}")
        } else {
            format!("{width}x{height}")
        };
        return Err(ChainError::TextureTooLarge {
            effect: name,
            texture: texture.name.clone(),
            location,
            size,
            limit_name: found.limit,
            limit: u32::try_from(found.maximum).unwrap_or(u32::MAX),
        });
    }
    Err(ChainError::LimitExceeded(Box::new(LimitError {
        effect: name,
        location,
        limit: found.limit,
        value: found.value,
        maximum: found.maximum,
        message: found.to_string(),
    })))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use crate::chain::{ChainError, ChainOptions, EffectChain};
    use crate::testing;

    /// Loads `text` as `name` in a temporary folder, fxbench's and ReShade's headers on the path.
    fn load(name: &str, text: &str) -> analysis::ValidatedEffect {
        let dir = std::env::temp_dir().join(format!("fxbench-limits-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
        let options = analysis::Options {
            buffer_width: 8,
            buffer_height: 8,
            include_dirs: vec![assets.join("shaders")],
            builtin_include_dir: assets.join("reshade"),
            ..Default::default()
        };
        let output = analysis::load_effect(&path, &options);
        let diagnostics = output.render_diagnostics();
        output.effect.unwrap_or_else(|| panic!("{diagnostics}"))
    }

    /// The error building a chain of `effect` on `ctx` gives.
    fn build_error(ctx: &crate::GpuContext, effect: analysis::ValidatedEffect) -> ChainError {
        match EffectChain::new(ctx, vec![effect], (8, 8), &ChainOptions::default()) {
            Ok(_) => panic!("the chain built"),
            Err(error) => error,
        }
    }

    /// `count` render targets of `format`, each written by the one pass (line `count + 4`,
    /// column 5).
    fn targets_effect(count: usize, format: &str) -> String {
        let mut fx = String::from("#include \"ReShade.fxh\"\n");
        for i in 0..count {
            fx.push_str(&format!(
                "texture T{i} {{ Width = 4; Height = 4; Format = {format}; }};\n"
            ));
        }
        let outs: Vec<String> = (0..count)
            .map(|i| format!("out float4 c{i} : SV_Target{i}"))
            .collect();
        let writes: String = (0..count).map(|i| format!("c{i} = {i}; ")).collect();
        let targets: String = (0..count)
            .map(|i| format!("RenderTarget{i} = T{i}; "))
            .collect();
        fx.push_str(&format!(
            "void ManyPS(float4 pos : SV_Position, float2 uv : TEXCOORD, {}) {{ {writes}}}\n\
             technique Many\n{{\n    pass Targets {{ VertexShader = PostProcessVS; PixelShader = ManyPS; {targets}}}\n}}\n",
            outs.join(", ")
        ));
        fx
    }

    fn limit_error(error: &ChainError) -> &super::LimitError {
        match error {
            ChainError::LimitExceeded(found) => found,
            other => panic!("expected LimitExceeded, got {other:?}"),
        }
    }

    #[test]
    fn too_many_render_targets_is_a_located_error() {
        let Some(ctx) = testing::gpu_with_limits(|l| l.max_color_attachments = 4) else {
            return;
        };
        let effect = load("Targets.fx", &targets_effect(5, "RGBA8"));
        let path = effect.path().display().to_string();
        let error = build_error(&ctx, effect);
        let found = limit_error(&error);
        assert_eq!(
            (found.limit, found.value, found.maximum),
            ("max_color_attachments", 5, 4)
        );
        assert_eq!(
            error.to_string(),
            format!(
                "{path}:10:5: technique 'Many', pass 'Targets': the number of render targets is 5 \
                 but this device allows at most 4 (max_color_attachments)"
            )
        );
        // Four fit.
        let fits = load("Four.fx", &targets_effect(4, "RGBA8"));
        EffectChain::new(&ctx, vec![fits], (8, 8), &ChainOptions::default()).expect("4 fit");
    }

    #[test]
    fn render_targets_beyond_the_bytes_per_sample_are_a_located_error() {
        let Some(ctx) = testing::gpu_with_limits(|l| l.max_color_attachment_bytes_per_sample = 32)
        else {
            return;
        };
        let effect = load("Wide.fx", &targets_effect(3, "RGBA32F"));
        let path = effect.path().display().to_string();
        let error = build_error(&ctx, effect);
        let found = limit_error(&error);
        assert_eq!(
            (found.limit, found.value, found.maximum),
            ("max_color_attachment_bytes_per_sample", 48, 32)
        );
        assert_eq!(
            error.to_string(),
            format!(
                "{path}:8:5: technique 'Many', pass 'Targets': the bytes per sample of its render \
                 targets (RGBA32F, RGBA32F, RGBA32F) is 48 but this device allows at most 32 \
                 (max_color_attachment_bytes_per_sample)"
            )
        );
    }

    /// The `.wfx` case: workgroup memory, from naga's IR, beyond the device's.
    #[test]
    fn workgroup_memory_beyond_the_device_is_a_located_error() {
        let Some(ctx) = testing::gpu_with_limits(|l| l.max_compute_workgroup_storage_size = 1024)
        else {
            return;
        };
        let effect = load(
            "Tile.wfx",
            r#"#include "fxbench.wfxh"
texture Out { Width = 4; Height = 4; Format = RGBA8; };
storage OutStore { Texture = Out; };
var<workgroup> tile: array<vec4<f32>, 64>;
var<workgroup> row: array<f32, 3>;
@compute @workgroup_size(4, 4)
fn fill(@builtin(local_invocation_index) i: u32, @builtin(global_invocation_id) id: vec3<u32>) {
    tile[i] = vec4<f32>(f32(i)); row[i % 3u] = 1.0;
    workgroupBarrier();
    textureStore(OutStore, vec2<i32>(id.xy), tile[15u - i] * row[0]);
}
technique Tiles { pass Fill { ComputeShader = fill; } }"#,
        );
        let path = effect.path().display().to_string();
        let error = build_error(&ctx, effect);
        let found = limit_error(&error);
        // 64 vec4s (1024 bytes) and 3 floats rounded up to 16, as WebGPU counts them.
        assert_eq!(
            (found.limit, found.value, found.maximum),
            ("max_compute_workgroup_storage_size", 1040, 1024)
        );
        assert_eq!(
            error.to_string(),
            format!(
                "{path}:12:19: technique 'Tiles', pass 'Fill': the workgroup memory of its \
                 compute shader, in bytes, is 1040 but this device allows at most 1024 \
                 (max_compute_workgroup_storage_size)"
            )
        );
    }

    /// A validation error outside every error scope (here a texture of width 0 made on the
    /// chain's device) would panic in wgpu's default handler; the context's handler records it
    /// and the chain's next frame returns it, then frames go on.
    #[test]
    fn an_uncaptured_gpu_error_comes_back_from_the_next_frame() {
        let Some(ctx) = testing::gpu() else {
            return;
        };
        let effect = load(
            "Plain.wfx",
            r#"#include "fxbench.wfxh"
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(1.0); }
technique T < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }"#,
        );
        let mut chain = EffectChain::new(&ctx, vec![effect], (8, 8), &ChainOptions::default())
            .expect("chain builds");
        let image = crate::RgbaImage {
            width: 8,
            height: 8,
            pixels: vec![128; 8 * 8 * 4],
        };
        let input = crate::InputTexture::upload(&ctx.device, &ctx.queue, &image, "input");
        let mut clock = crate::sources::FrameClock::new();
        chain
            .render_blocking(&input, &clock.tick())
            .expect("renders");

        let _bad = ctx.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("fxbench test: a texture of width 0"),
            size: wgpu::Extent3d {
                width: 0,
                height: 4,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        });
        let error = chain.render_blocking(&input, &clock.tick()).unwrap_err();
        match &error {
            ChainError::GpuError { what, message } => {
                assert_eq!(what, "since the last frame");
                assert!(
                    message.contains("fxbench test: a texture of width 0"),
                    "{message}"
                );
            }
            other => panic!("expected GpuError, got {other:?}"),
        }
        assert!(
            error
                .to_string()
                .starts_with("GPU error since the last frame: "),
            "{error}"
        );
        // Taken once: the frame after renders.
        chain
            .render_blocking(&input, &clock.tick())
            .expect("renders again");
    }
}
