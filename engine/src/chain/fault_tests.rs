//! GPU faults become [`ChainError`]s: a texture beyond the device's limits (located, before
//! anything is created) and a lost device, on a headless device.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::{ChainError, ChainOptions, EffectChain};
use crate::testing;

/// Loads `text` as a `.wfx` effect in a temporary folder, with fxbench's header on the path.
fn load(name: &str, text: &str) -> analysis::ValidatedEffect {
    load_as(name, "wfx", text)
}

/// [`load`] as a `.extension` file (`fx` for ReShade FX).
fn load_as(name: &str, extension: &str, text: &str) -> analysis::ValidatedEffect {
    let dir = std::env::temp_dir().join(format!("fxbench-faults-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.{extension}"));
    std::fs::write(&path, text).unwrap();
    let options = analysis::Options {
        buffer_width: 8,
        buffer_height: 8,
        include_dirs: vec![
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/shaders"),
        ],
        ..Default::default()
    };
    let output = analysis::load_effect(&path, &options);
    let diagnostics = output.render_diagnostics();
    output.effect.unwrap_or_else(|| panic!("{diagnostics}"))
}

/// An effect drawing into a `width` x 4 RGBA8 texture named on line 2, column 9.
fn wide_texture_effect(width: u32) -> String {
    format!(
        r#"#include "fxbench.wfxh"
texture Wide {{ Width = {width}; Height = 4; Format = RGBA8; }};
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {{ return vec4<f32>(1.0); }}
technique T < enabled = true; > {{ pass {{ VertexShader = PostProcessVS; PixelShader = ps; RenderTarget = Wide; }} }}"#
    )
}

#[test]
fn a_texture_wider_than_the_device_allows_is_a_located_error_before_creation() {
    let Some(ctx) = testing::gpu_with_limits(|l| l.max_texture_dimension_2d = 4096) else {
        return;
    };
    assert_eq!(ctx.device.limits().max_texture_dimension_2d, 4096);
    // At the limit it builds.
    let fits = load("fits", &wide_texture_effect(4096));
    EffectChain::new(&ctx, vec![fits], (8, 8), &ChainOptions::default()).expect("4096 fits");

    let effect = load("wide", &wide_texture_effect(4097));
    let path = effect.path().display().to_string();
    let Err(error) = EffectChain::new(&ctx, vec![effect], (8, 8), &ChainOptions::default()) else {
        panic!("a 4097-wide texture built on a device allowing 4096");
    };
    match &error {
        ChainError::TextureTooLarge {
            texture,
            location,
            size,
            limit_name,
            limit,
            ..
        } => {
            assert_eq!(texture, "Wide");
            assert_eq!(location, &format!("{path}:2:9"));
            assert_eq!(size, "4097x4");
            assert_eq!(*limit_name, "max_texture_dimension_2d");
            assert_eq!(*limit, 4096);
        }
        other => panic!("expected TextureTooLarge, got {other:?}"),
    }
    assert_eq!(
        error.to_string(),
        format!(
            "{path}:2:9: texture 'Wide' is 4097x4 but this device allows at most 4096 \
             (max_texture_dimension_2d)"
        )
    );
}

#[test]
fn a_lost_device_is_an_error_when_building_and_rendering() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let effect = load("lost", &wide_texture_effect(16));
    let mut chain = EffectChain::new(&ctx, vec![effect.clone()], (8, 8), &ChainOptions::default())
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
        .expect("renders before the loss");
    assert_eq!(ctx.lost(), None);

    ctx.device.destroy();
    // wgpu reports the loss once the device is maintained.
    let _ = ctx.device.poll(wgpu::PollType::wait_indefinitely());
    assert_eq!(ctx.lost().as_deref(), Some("destroyed"));
    let error = chain.render_blocking(&input, &clock.tick()).unwrap_err();
    assert!(
        matches!(&error, ChainError::DeviceLost(why) if why == "destroyed"),
        "{error:?}"
    );
    assert_eq!(error.to_string(), "the GPU device was lost: destroyed");
    let rebuilt = EffectChain::new(&ctx, vec![effect], (8, 8), &ChainOptions::default());
    assert!(matches!(rebuilt, Err(ChainError::DeviceLost(_))));
}

/// On a device that writes only WebGPU's guaranteed storage formats (no
/// `TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES`), an R8 storage is a located error naming the
/// format, the storage, its texture, the pass that writes it and the formats that would do.
#[test]
fn a_storage_in_a_format_the_device_cannot_write_is_a_located_error() {
    let effect = load(
        "r8-storage",
        r#"#include "fxbench.wfxh"
texture Mask { Width = 4; Height = 4; Format = R8; };
storage MaskOut { Texture = Mask; };
@compute @workgroup_size(4, 4)
fn fill(@builtin(global_invocation_id) id: vec3<u32>) { textureStore(MaskOut, vec2<i32>(id.xy), vec4<f32>(1.0)); }
technique Masks { pass Clear { ComputeShader = fill; } pass Fill { ComputeShader = fill; } }"#,
    );
    let path = effect.path().display().to_string();
    let error = crate::textures::check_storage_formats(&effect, |f, _| {
        analysis::TextureFormat::webgpu_storable(f)
    })
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{path}:3:9: storage 'MaskOut' writes texture 'Mask' in format R8, which this device \
             cannot write as a storage texture (technique 'Masks', pass 'Clear'); use one of \
             R32F, R32I, R32U, RG32F, RGBA8, RGBA16F, RGBA32F"
        )
    );
    // A device that writes R8 builds it.
    crate::textures::check_storage_formats(&effect, |_, _| true).unwrap();
}

/// A storage some compute shader reads (`tex2Dfetch(storage, coord)`) is bound read-write, which
/// WebGPU gives only the 32-bit one-channel formats: an RGBA8 one is a located error on a device
/// without more, naming the access; an R32F one builds.
#[test]
fn a_storage_read_in_a_format_the_device_cannot_read_and_write_is_a_located_error() {
    let text = |format: &str| {
        format!(
            "texture T {{ Width = 4; Height = 4; Format = {format}; }};\n\
             storage2D Store {{ Texture = T; }};\n\
             void CS(uint3 id : SV_DispatchThreadID) {{ tex2Dstore(Store, id.xy, tex2Dfetch(Store, id.xy) + 1); }}\n\
             technique Grow {{ pass Step {{ ComputeShader = CS<4, 4>; DispatchSizeX = 1; DispatchSizeY = 1; }} }}\n"
        )
    };
    let webgpu = |f: analysis::TextureFormat, read: bool| {
        use analysis::TextureFormat as F;
        if read {
            matches!(f, F::R32F | F::R32I | F::R32U)
        } else {
            F::webgpu_storable(f)
        }
    };
    let effect = load_as("rgba8-read", "fx", &text("RGBA8"));
    assert!(effect.storages()[0].read_write);
    let path = effect.path().display().to_string();
    let error = crate::textures::check_storage_formats(&effect, webgpu).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{path}:2:11: storage 'Store' writes texture 'T' in format RGBA8, which this device \
             cannot read and write as a storage texture (technique 'Grow', pass 'Step'); use one \
             of R32F, R32I, R32U"
        )
    );
    let effect = load_as("r32f-read", "fx", &text("R32F"));
    crate::textures::check_storage_formats(&effect, webgpu).unwrap();
}

/// A chain built on another thread takes the running chain's place with what the user set (here
/// a technique turned off) and one generation more; a chain of another device is refused and the
/// running chain stays as it was.
#[test]
fn a_chain_built_on_a_worker_is_adopted_and_one_of_another_device_refused() {
    let (Some(ctx), Some(other)) = (testing::gpu(), testing::gpu()) else {
        return;
    };
    let effect = load("adopt", &wide_texture_effect(16));
    let options = ChainOptions::default();
    let mut chain = EffectChain::new(&ctx, vec![effect.clone()], (8, 8), &options).unwrap();
    let key = chain.order()[0];
    assert!(chain.is_enabled(key));
    chain.set_enabled(key, false);

    let worker = {
        let (ctx, effect, options) = (ctx.clone(), effect.clone(), options.clone());
        std::thread::spawn(move || EffectChain::new(&ctx, vec![effect], (8, 8), &options))
    };
    let next = worker.join().unwrap().unwrap();
    let worker_thread = next.built_on();
    assert_ne!(worker_thread, std::thread::current().id());
    chain.adopt(next).unwrap();
    assert_eq!(chain.built_on(), worker_thread);
    assert_eq!(chain.generation(), 1);
    assert!(
        !chain.is_enabled(chain.order()[0]),
        "the user's setting was lost"
    );

    let elsewhere = EffectChain::new(&other, vec![effect], (8, 8), &options).unwrap();
    assert!(matches!(
        chain.adopt(elsewhere),
        Err(ChainError::OtherDevice)
    ));
    assert_eq!(chain.built_on(), worker_thread);
    assert_eq!(chain.generation(), 1);
}
