//! Depth inputs: the DEPTH semantic binds the input's depth (or an empty texture, with
//! `bufready_depth` false), and the demo scene renders colour with matching linear depth.

mod common;

use app::session::document::Document;
use common::*;
use engine::testing;

#[test]
fn depth_fog_uses_the_bound_depth_image() {
    let Some(ctx) = testing::gpu() else { return };
    let size = (16u32, 8u32);
    let image = engine::RgbaImage {
        width: size.0,
        height: size.1,
        pixels: [40, 80, 120, 255].repeat((size.0 * size.1) as usize),
    };
    // Depth grows left to right: 0 at x = 0, 15/16 at x = 15.
    let depth: Vec<f32> = (0..size.0 * size.1)
        .map(|i| (i % size.0) as f32 / size.0 as f32)
        .collect();
    let document = Document::with_effects(vec![asset("depth_fog.wfx")]);
    let mut chain = chain_for(&ctx, &document, &image);
    let read = |chain: &engine::EffectChain| {
        engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).unwrap()
    };
    let frame = engine::FrameInput::default();

    // Without depth the effect passes the image through (bufready_depth is false).
    let plain = engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "plain");
    chain.render_blocking(&plain, &frame).unwrap();
    assert_eq!(read(&chain), image);

    let with_depth =
        engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "with depth").with_depth(
            engine::input::DepthTexture::upload(&ctx.device, &ctx.queue, size, &depth, "depth"),
        );
    chain.render_blocking(&with_depth, &frame).unwrap();
    let out = read(&chain);
    // Fog: start 0.15, density 3, colour (0.75, 0.8, 0.9).
    let fog = [0.75f32, 0.8, 0.9];
    for x in 0..size.0 {
        let d = x as f32 / size.0 as f32;
        let amount = 1.0 - (-3.0 * (d - 0.15).max(0.0)).exp();
        let expected: Vec<u8> = [40u8, 80, 120]
            .iter()
            .zip(fog)
            .map(|(&c, f)| {
                ((f32::from(c) / 255.0 * (1.0 - amount) + f * amount) * 255.0).round() as u8
            })
            .collect();
        let got = out.pixel(x, 3);
        for c in 0..3 {
            assert!(
                got[c].abs_diff(expected[c]) <= 1,
                "x {x}: {got:?} vs {expected:?}"
            );
        }
    }
}

#[test]
fn demo_scene_renders_colour_and_linear_depth() {
    let Some(ctx) = testing::gpu() else { return };
    let size = (64u32, 36u32);
    let scene = engine::scene::DemoScene::new(&ctx.device, size);
    let mut encoder = ctx.device.create_command_encoder(&Default::default());
    scene.render(&ctx.queue, &mut encoder, 1.0);
    let depth_texture = &scene.input().depth.as_ref().unwrap().texture;
    let row = (size.0 * 4).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
    let buffer = ctx.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("depth readback"),
        size: u64::from(row * size.1),
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    encoder.copy_texture_to_buffer(
        depth_texture.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(row),
                rows_per_image: Some(size.1),
            },
        },
        depth_texture.size(),
    );
    ctx.queue.submit([encoder.finish()]);
    buffer.slice(..).map_async(wgpu::MapMode::Read, |_| {});
    ctx.device
        .poll(wgpu::PollType::wait_indefinitely())
        .unwrap();
    let data = buffer.slice(..).get_mapped_range().unwrap();
    let depth: Vec<f32> = data
        .chunks(row as usize)
        .flat_map(|r| bytemuck::cast_slice::<u8, f32>(&r[..(size.0 * 4) as usize]).to_vec())
        .collect();
    // The top row looks at the sky (depth 1); the bottom row at the floor just ahead (near).
    assert!(
        depth[..size.0 as usize].iter().all(|d| *d == 1.0),
        "top row {:?}",
        &depth[..8]
    );
    let bottom = &depth[((size.1 - 1) * size.0) as usize..];
    assert!(
        bottom.iter().all(|d| *d > 0.0 && *d < 0.3),
        "bottom row {bottom:?}"
    );
    // Depth is ordered: the bottom row is nearer than the middle of the image.
    let middle = depth[((size.1 / 2) * size.0 + size.0 / 2) as usize];
    assert!(
        bottom[size.0 as usize / 2] < middle,
        "{} vs {middle}",
        bottom[size.0 as usize / 2]
    );
    let colour =
        engine::input::read_texture(&ctx.device, &ctx.queue, &scene.input().texture).unwrap();
    let distinct: std::collections::HashSet<[u8; 4]> = colour
        .pixels
        .chunks(4)
        .map(|p| [p[0], p[1], p[2], p[3]])
        .collect();
    assert!(
        distinct.len() > 100,
        "the scene is more than a flat fill ({} colours)",
        distinct.len()
    );
}
