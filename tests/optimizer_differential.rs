//! Differential execution of the optimiser: scalarised compute shaders from
//! `optimizer::testgen`, run on the GPU before and after optimisation through wgpu's
//! SPIR-V passthrough, must write bit-identical output buffers.

use engine::testing;
use wgpu::util::DeviceExt as _;

const ELEMENTS: u32 = 1024;
const SEEDS: u64 = 32;
/// A NaN payload no arithmetic produces.
const SENTINEL: u32 = 0x7FC0_DEAD;

/// A splitmix64 stream of floats in [-4, 4], the range the generator keeps finite.
fn inputs(seed: u64) -> Vec<f32> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
    (0..ELEMENTS * 4)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            ((z >> 40) as f32 / (1u64 << 24) as f32) * 8.0 - 4.0
        })
        .collect()
}

struct Runner {
    ctx: engine::GpuContext,
    layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
}

impl Runner {
    fn new(ctx: engine::GpuContext) -> Self {
        let storage = |binding, read_only| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        };
        let layout = ctx
            .device
            .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("differential bindings"),
                entries: &[storage(0, true), storage(1, true), storage(2, false)],
            });
        let pipeline_layout = ctx
            .device
            .create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some("differential layout"),
                bind_group_layouts: &[Some(&layout)],
                immediate_size: 0,
            });
        Self {
            ctx,
            layout,
            pipeline_layout,
        }
    }

    /// Runs `spirv` over the two inputs and returns the output buffer's floats.
    fn run(&self, spirv: &[u32], a: &[f32], b: &[f32]) -> Vec<u32> {
        let device = &self.ctx.device;
        // SAFETY: every module passed here was checked by spirv-val in the optimiser's own tests
        // (testgen output and its optimised form), and the layout matches the generator's
        // documented interface: set 0, bindings 0 and 1 read, binding 2 written.
        let module = unsafe {
            device.create_shader_module_passthrough(wgpu::ShaderModuleDescriptorPassthrough {
                label: Some("differential shader"),
                entry_points: std::borrow::Cow::Owned(vec![wgpu::PassthroughShaderEntryPoint {
                    name: "main".into(),
                    workgroup_size: (optimizer::testgen::WORKGROUP_SIZE, 1, 1),
                }]),
                spirv: Some(std::borrow::Cow::Borrowed(spirv)),
                ..Default::default()
            })
        };
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("differential pipeline"),
            layout: Some(&self.pipeline_layout),
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let input = |data: &[f32], label| {
            device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some(label),
                contents: bytemuck::cast_slice(data),
                usage: wgpu::BufferUsages::STORAGE,
            })
        };
        let (buf_a, buf_b) = (input(a, "input a"), input(b, "input b"));
        let size = u64::from(ELEMENTS) * 16;
        // Pre-filled with a sentinel so that an element the shader fails to write shows.
        let sentinel = vec![SENTINEL; (ELEMENTS * 4) as usize];
        let output = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("output"),
            contents: bytemuck::cast_slice(&sentinel),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        });
        let readback = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("differential bind group"),
            layout: &self.layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: buf_a.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: buf_b.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: output.as_entire_binding(),
                },
            ],
        });
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bind_group, &[]);
            pass.dispatch_workgroups(ELEMENTS / optimizer::testgen::WORKGROUP_SIZE, 1, 1);
        }
        encoder.copy_buffer_to_buffer(&output, 0, &readback, 0, size);
        self.ctx.queue.submit([encoder.finish()]);
        let (tx, rx) = std::sync::mpsc::channel();
        readback.slice(..).map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("the GPU finishes");
        rx.recv().expect("map callback").expect("readback maps");
        let view = readback.slice(..).get_mapped_range().expect("mapped");
        bytemuck::cast_slice(&view).to_vec()
    }
}

#[test]
fn optimised_shaders_compute_the_same_bits() {
    let Some(ctx) = testing::passthrough_gpu() else {
        return;
    };
    let runner = Runner::new(ctx);
    let mut total_before = 0;
    let mut total_after = 0;
    for seed in 0..SEEDS {
        let original = optimizer::testgen::compute_shader(seed);
        let (optimised, report) =
            optimizer::optimize(&original, &optimizer::Options::default()).expect("optimises");
        assert!(
            report.instructions_after < report.instructions_before,
            "seed {seed}: nothing was optimised ({report})"
        );
        total_before += report.instructions_before;
        total_after += report.instructions_after;
        let (a, b) = (inputs(seed * 2), inputs(seed * 2 + 1));
        let expected = runner.run(&original, &a, &b);
        let actual = runner.run(&optimised, &a, &b);
        assert!(
            !expected.contains(&SENTINEL),
            "seed {seed}: the original shader left elements unwritten"
        );
        for (i, (e, o)) in expected.iter().zip(&actual).enumerate() {
            assert_eq!(
                e,
                o,
                "seed {seed}, float {i}: original {}, optimised {}",
                f32::from_bits(*e),
                f32::from_bits(*o)
            );
        }
    }
    eprintln!("{SEEDS} shaders: {total_before} -> {total_after} instructions, identical outputs");
}

/// Buffer values reloaded for every lane, as glslang emits them (the GLSL is
/// `optimizer/tests/glsl/reload.comp`, compiled with and without `spirv-opt -O`), with a read
/// back of memory the shader just wrote: load forwarding must drop the reloads, keep the read
/// back after the store, and the vectorised result must compute the same bits.
#[test]
fn load_forwarded_shaders_compute_the_same_bits() {
    let Some(ctx) = testing::passthrough_gpu() else {
        return;
    };
    let runner = Runner::new(ctx);
    let fixtures: [(&str, &[u8]); 2] = [
        (
            "reload.spv",
            include_bytes!("../optimizer/tests/glsl/reload.spv"),
        ),
        (
            "reload.O.spv",
            include_bytes!("../optimizer/tests/glsl/reload.O.spv"),
        ),
    ];
    for (name, bytes) in fixtures {
        let original = optimizer::words_from_bytes(bytes).expect("whole words");
        let (optimised, report) =
            optimizer::optimize(&original, &optimizer::Options::default()).expect("optimises");
        let forwarded = report
            .per_pass()
            .iter()
            .find(|s| s.pass == optimizer::PassId::LoadForward)
            .map_or(0, |s| s.net_removed);
        assert!(forwarded > 0, "{name}: no load was forwarded ({report})");
        assert!(
            report.instructions_after < report.instructions_before,
            "{name}: nothing was optimised ({report})"
        );
        for seed in 0..4 {
            let (a, b) = (inputs(100 + seed * 2), inputs(101 + seed * 2));
            let expected = runner.run(&original, &a, &b);
            let actual = runner.run(&optimised, &a, &b);
            assert!(
                !expected.contains(&SENTINEL),
                "{name}: the original shader left elements unwritten"
            );
            for (i, (e, o)) in expected.iter().zip(&actual).enumerate() {
                assert_eq!(
                    e,
                    o,
                    "{name}, seed {seed}, float {i}: original {}, optimised {}",
                    f32::from_bits(*e),
                    f32::from_bits(*o)
                );
            }
        }
        eprintln!(
            "{name}: {} -> {} instructions ({forwarded} by load-forward), identical outputs",
            report.instructions_before, report.instructions_after
        );
    }
}
