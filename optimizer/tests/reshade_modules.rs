//! ReShade's own SPIR-V (`../shared/corpus/reshade-spirv`) made bindable: every module is
//! reflected, its combined image samplers split, and its resources rebound; `spirv-val` accepts
//! each result that was valid before. Small hand-made modules pin the cases one by one.

#![allow(clippy::unwrap_used)] // Tests unwrap what they built.

use optimizer::reshade::{
    self, DebugInfo, MatrixMajor, RebindError, RebindOptions, ResourceKind, Scalar, ScalarKind,
    SplitError, UniformType,
};
use optimizer::spirv_val::{self, Verdict};
use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Instruction, Module, Operand};
use rspirv::spirv::{
    AddressingModel, Capability, Decoration, Dim, ExecutionMode, ExecutionModel, FunctionControl,
    ImageFormat, ImageOperands, MemoryModel, Op, StorageClass, Word,
};
use std::path::{Path, PathBuf};
use std::thread;

/// The modules that `spirv-val --target-env vulkan1.1` rejects as ReShade ships them (see the
/// corpus README), with the reason; the split must not make any other module invalid.
const INVALID_AS_SHIPPED: [(&str, &str); 2] = [
    (
        "FXShaders/Shaders/GrainSpread.spv",
        "a non-constant texel offset, which ReShade emits and drivers accept",
    ),
    (
        "Daodan/Shaders/dev/Template.spv",
        "an effect with no technique has no entry point",
    ),
];

/// The 39 modules that pass samplers to functions (their parameters become two).
const PASS_SAMPLERS: [&str; 39] = [
    "CShade/shaders/cBloom.spv",
    "CShade/shaders/cBlurH.spv",
    "CShade/shaders/cBlurV.spv",
    "CShade/shaders/cFlow.spv",
    "CShade/shaders/cMotionBlur.spv",
    "CShade/shaders/cMotionStabilization.spv",
    "CShade/shaders/kContour.spv",
    "CShade/shaders/kDatamosh.spv",
    "Daodan/Shaders/Comic.spv",
    "Daodan/Shaders/dev/AdaptiveTint.spv",
    "Daodan/Shaders/dev/DrawOverlay.spv",
    "Daodan/Shaders/dev/Stats.spv",
    "FXShaders/Shaders/ArcaneBloom.spv",
    "FXShaders/Shaders/FramerateLimiter.spv",
    "FXShaders/Shaders/HexLensFlare.spv",
    "FXShaders/Shaders/LiquidLens.spv",
    "FXShaders/Shaders/MagicHDR.spv",
    "FXShaders/Shaders/NeoBloom.spv",
    "FXShaders/Shaders/Sketch.spv",
    "FXShaders/Shaders/TrackingRays.spv",
    "FXShaders/Shaders/UnrealLens.spv",
    "FXShaders/Shaders/Unsharp.spv",
    "Glamarye/Shaders/Glamayre_Fast_Effects.spv",
    "Glamarye/Shaders/fastBlur.spv",
    "NiceGuy/Shaders/DynamicRaindrops.spv",
    "NiceGuy/Shaders/NGLighting.spv",
    "prod80/Shaders/PD80_01B_RT_Correct_Color.spv",
    "prod80/Shaders/PD80_02_Bloom.spv",
    "prod80/Shaders/PD80_02_Bonus_LUT_pack.spv",
    "prod80/Shaders/PD80_02_Cinetools_LUT.spv",
    "prod80/Shaders/PD80_03_Color_Space_Curves.spv",
    "prod80/Shaders/PD80_03_Curved_Levels.spv",
    "prod80/Shaders/PD80_03_Levels.spv",
    "prod80/Shaders/PD80_03_Shadows_Midtones_Highlights.spv",
    "prod80/Shaders/PD80_04_BlacknWhite.spv",
    "prod80/Shaders/PD80_04_Color_Gradients.spv",
    "prod80/Shaders/PD80_04_Contrast_Brightness_Saturation.spv",
    "prod80/Shaders/PD80_04_Magical_Rectangle.spv",
    "prod80/Shaders/PD80_06_Posterize_Pixelate.spv",
];

const ENV: &str = "vulkan1.1";

fn corpus_root() -> Option<PathBuf> {
    corpus::dir("reshade-spirv", "the ReShade SPIR-V corpus test")
}

fn load_path(path: &Path) -> Module {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let words = optimizer::words_from_bytes(&bytes).expect("whole words");
    rspirv::dr::load_words(&words).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn corpus_module(relative: &str) -> Option<Module> {
    Some(load_path(&corpus_root()?.join(relative)))
}

/// ReShade's compiler's output for `tests/data/reshade/storage_compute.fx` (uniform matrices,
/// arrays and bools, storages, a compute pass, a namespaced helper taking a sampler), which no
/// corpus effect has; remade with `fxc --vulkan-semantics -Zi -Fo storage_compute.spv`.
fn storage_compute() -> Module {
    load_path(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/reshade/storage_compute.spv"))
}

fn validate(module: &Module) -> Verdict {
    spirv_val::validate(&module.assemble(), ENV).expect("spirv-val runs")
}

fn count(module: &Module, op: Op) -> usize {
    module
        .all_inst_iter()
        .filter(|i| i.class.opcode == op)
        .count()
}

/// `UniformConstant` variables whose pointee is an `OpTypeSampledImage`.
fn combined_variables(module: &Module) -> usize {
    let globals: std::collections::HashMap<Word, &Instruction> = module
        .types_global_values
        .iter()
        .filter_map(|i| Some((i.result_id?, i)))
        .collect();
    let sampled_image = |ty: Word| {
        let pointer = globals.get(&ty);
        let pointee = pointer.and_then(|p| match p.operands.get(1) {
            Some(Operand::IdRef(t)) => globals.get(t),
            _ => None,
        });
        pointee.is_some_and(|t| t.class.opcode == Op::TypeSampledImage)
    };
    module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Variable && i.result_type.is_some_and(sampled_image))
        .count()
}

/// Set 0, bindings 0.. in module order: the layout the engine gives a module.
fn sequential(module: &Module) -> impl Fn(&reshade::Resource) -> Option<(u32, u32)> + use<> {
    let order: Vec<Word> = reshade::resource_variables(module)
        .unwrap()
        .iter()
        .map(|r| r.variable)
        .collect();
    move |r| {
        order
            .iter()
            .position(|&v| v == r.variable)
            .map(|i| (0, i as u32))
    }
}

#[derive(Default)]
struct Totals {
    modules: usize,
    samplers: usize,
    parameters: usize,
    modules_with_parameters: usize,
    loads: usize,
    images_read_directly: usize,
    samplers_unloaded: usize,
    validated: usize,
    with_parameters: Vec<String>,
    invalid_before: Vec<String>,
    problems: Vec<String>,
}

fn check_module(root: &Path, path: &Path, validate_too: bool, totals: &mut Totals) {
    let name = path
        .strip_prefix(root)
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/");
    let original = load_path(path);
    let mut problem = |p: String| totals.problems.push(format!("{name}: {p}"));
    let reflected = match reshade::reflect(&original) {
        Ok(r) => r,
        Err(e) => return problem(format!("reflect: {e}")),
    };
    let combined = reflected
        .resources
        .iter()
        .filter(|r| r.kind == ResourceKind::CombinedImageSampler)
        .count();
    let mut split = original.clone();
    let report = match reshade::split_combined_samplers(&mut split) {
        Ok(r) => r,
        Err(e) => return problem(format!("split: {e}")),
    };
    totals.modules += 1;
    totals.samplers += report.samplers.len();
    totals.parameters += report.parameters_split;
    totals.modules_with_parameters += usize::from(report.parameters_split > 0);
    if report.parameters_split > 0 {
        totals.with_parameters.push(name.clone());
    }
    totals.loads += report.loads_split;
    totals.images_read_directly += report.images_read_directly;
    totals.samplers_unloaded += report.samplers_unloaded;
    if report.samplers.len() != combined {
        problem(format!(
            "{combined} combined samplers, {} split",
            report.samplers.len()
        ));
    }
    if combined_variables(&split) != 0 {
        problem("a combined sampler variable is left".into());
    }
    if count(&split, Op::FunctionCall) != count(&original, Op::FunctionCall) {
        problem("the number of OpFunctionCall changed".into());
    }
    let after = reshade::reflect(&split).unwrap();
    let kinds = |k: ResourceKind| after.resources.iter().filter(|r| r.kind == k).count();
    if kinds(ResourceKind::SampledImage) != combined || kinds(ResourceKind::Sampler) != combined {
        problem("not one image and one sampler per combined sampler".into());
    }
    if after.entry_points != reflected.entry_points || after.uniforms != reflected.uniforms {
        problem("entry points or uniforms changed".into());
    }
    let mut rebound = split.clone();
    let placed = reshade::rebind(&mut rebound, &sequential(&split), &RebindOptions::default());
    if let Err(e) = placed {
        problem(format!("rebind: {e}"));
    }
    if !validate_too {
        return;
    }
    if validate(&original) != Verdict::Valid {
        totals.invalid_before.push(name);
        return;
    }
    for (what, module) in [("split", &split), ("rebound", &rebound)] {
        if let Verdict::Invalid(message) = validate(module) {
            problem(format!("{what} module fails spirv-val: {message}"));
        }
    }
    totals.validated += 1;
}

/// Every corpus module: reflected, split (every combined sampler variable gone, calls kept,
/// one image and one sampler each), rebound to set 0; valid wherever the input was.
#[test]
fn every_corpus_module_splits_and_validates() {
    let Some(root) = corpus_root() else {
        return;
    };
    let validate_too = spirv_val::checks_enabled();
    let files = corpus::files_below(&root, "spv");
    assert_eq!(files.len(), 125, "modules in the corpus");
    let (left, right) = files.split_at(files.len() / 2);
    let run = |part: &[PathBuf]| {
        let mut totals = Totals::default();
        for path in part {
            check_module(&root, path, validate_too, &mut totals);
        }
        totals
    };
    let (a, b) = thread::scope(|scope| {
        let handle = scope.spawn(|| run(left));
        let b = run(right);
        (handle.join().expect("worker thread"), b)
    });
    let mut totals = a;
    totals.modules += b.modules;
    totals.samplers += b.samplers;
    totals.parameters += b.parameters;
    totals.modules_with_parameters += b.modules_with_parameters;
    totals.loads += b.loads;
    totals.images_read_directly += b.images_read_directly;
    totals.samplers_unloaded += b.samplers_unloaded;
    totals.validated += b.validated;
    totals.invalid_before.extend(b.invalid_before);
    totals.with_parameters.extend(b.with_parameters);
    totals.problems.extend(b.problems);
    assert!(totals.problems.is_empty(), "{}", totals.problems.join("\n"));
    println!(
        "{} modules split: {} combined samplers, {} parameters in {} modules, {} loads, {} OpImage read the image directly ({} samplers then not loaded); {} validated",
        totals.modules,
        totals.samplers,
        totals.parameters,
        totals.modules_with_parameters,
        totals.loads,
        totals.images_read_directly,
        totals.samplers_unloaded,
        totals.validated
    );
    assert_eq!(totals.modules, 125);
    assert_eq!(totals.samplers, 540);
    assert_eq!(totals.parameters, 210);
    assert_eq!(totals.modules_with_parameters, 39);
    totals.with_parameters.sort();
    let mut expected = PASS_SAMPLERS.to_vec();
    expected.sort();
    assert_eq!(totals.with_parameters, expected);
    assert_eq!(totals.loads, 1280);
    assert_eq!(totals.images_read_directly, 70);
    // Every OpImage of the corpus (tex2Dsize, tex2Dfetch) is the only use of its load.
    assert_eq!(totals.samplers_unloaded, 70);
    if validate_too {
        totals.invalid_before.sort();
        let mut expected: Vec<String> = INVALID_AS_SHIPPED
            .iter()
            .map(|(n, _)| (*n).to_owned())
            .collect();
        expected.sort();
        assert_eq!(totals.invalid_before, expected);
        assert_eq!(totals.validated, 123);
    }
}

#[test]
fn deband_reflects_exactly() {
    let Some(module) = corpus_module("reshade-shaders/Shaders/Deband.spv") else {
        return;
    };
    let r = reshade::reflect(&module).unwrap();
    let entries: Vec<(&str, ExecutionModel)> = r
        .entry_points
        .iter()
        .map(|e| (e.name.as_str(), e.model))
        .collect();
    assert_eq!(
        entries,
        [
            ("F__PostProcessVS", ExecutionModel::Vertex),
            ("F__PS_Deband", ExecutionModel::Fragment)
        ]
    );
    let u = r.uniforms.as_ref().unwrap();
    assert_eq!((u.name.as_str(), u.set, u.binding), ("$Globals", 0, 0));
    let uint = UniformType::Scalar(Scalar {
        kind: ScalarKind::Uint,
        width_bits: 32,
    });
    let float = UniformType::Scalar(Scalar {
        kind: ScalarKind::Float,
        width_bits: 32,
    });
    let int = UniformType::Scalar(Scalar {
        kind: ScalarKind::Sint,
        width_bits: 32,
    });
    let members: Vec<(&str, u32, &UniformType)> = u
        .members
        .iter()
        .map(|m| (m.name.as_str(), m.offset_bytes, &m.ty))
        .collect();
    assert_eq!(
        members,
        [
            ("enable_weber", 0, &uint),
            ("enable_sdeviation", 4, &uint),
            ("enable_depthbuffer", 8, &uint),
            ("t1", 12, &float),
            ("t2", 16, &float),
            ("banding_depth", 20, &float),
            ("range", 24, &float),
            ("iterations", 28, &int),
            ("debug_output", 32, &int),
            ("drandom", 36, &int),
        ]
    );
    assert_eq!(u.size_bytes(), 40);
    type Row<'a> = (&'a str, Option<u32>, Option<u32>, ResourceKind, Option<Dim>);
    let resources: Vec<Row> = r
        .resources
        .iter()
        .map(|x| (x.name.as_str(), x.set, x.binding, x.kind, x.dim))
        .collect();
    let combined = ResourceKind::CombinedImageSampler;
    assert_eq!(
        resources,
        [
            (
                "V__ReShade__BackBuffer",
                Some(1),
                Some(0),
                combined,
                Some(Dim::Dim2D)
            ),
            (
                "V__ReShade__DepthBuffer",
                Some(1),
                Some(1),
                combined,
                Some(Dim::Dim2D)
            ),
        ]
    );
}

/// FXShaders' namespaces: `namespace ArcaneBloom { namespace _ { ... } }` gives
/// `F__ArcaneBloom_____<function>` (`'F' + "::ArcaneBloom::_::" + name`, each `:` a `_`).
#[test]
fn arcane_bloom_reflects_namespaced_entry_points() {
    let Some(module) = corpus_module("FXShaders/Shaders/ArcaneBloom.spv") else {
        return;
    };
    let r = reshade::reflect(&module).unwrap();
    assert_eq!(r.entry_points.len(), 21);
    let vertex: Vec<&str> = r
        .entry_points
        .iter()
        .filter(|e| e.model == ExecutionModel::Vertex)
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(vertex, ["F__ArcaneBloom_____VS_PostProcess"]);
    assert!(r.entry_point("F__ArcaneBloom_____PS_Blend").is_some());
    let u = r.uniforms.as_ref().unwrap();
    let offsets: Vec<(&str, u32)> = u
        .members
        .iter()
        .map(|m| (m.name.as_str(), m.offset_bytes))
        .collect();
    assert_eq!(
        offsets,
        [
            ("uBloomIntensity", 0),
            ("uAdapt_Intensity", 4),
            ("uAdapt_Time", 8),
            ("uAdapt_Sensitivity", 12),
            ("uAdapt_Precision", 16),
            ("uAdapt_DoLimits", 20),
            ("uAdapt_Limits", 24),
            ("uExposure", 32),
            ("uMaxBrightness", 36),
            ("uTime", 40),
            ("uFrameTime", 44),
        ]
    );
    assert_eq!(
        u.member("uAdapt_Limits").unwrap().ty,
        UniformType::Vector {
            scalar: Scalar {
                kind: ScalarKind::Float,
                width_bits: 32
            },
            size: 2
        }
    );
    assert_eq!(r.resources.len(), 14);
    let bindings: Vec<u32> = r.resources.iter().map(|x| x.binding.unwrap()).collect();
    assert_eq!(bindings, (0..14).collect::<Vec<_>>());
    assert!(r.resources.iter().all(|x| x.set == Some(1)));
}

/// What no corpus effect has: matrices, arrays and bools in the uniform block, storages (set 2
/// with their formats), a compute entry point (`EF__<name>_<x>_<y>_<z>`).
#[test]
fn storage_compute_reflects_layout_storages_and_compute() {
    let r = reshade::reflect(&storage_compute()).unwrap();
    let entries: Vec<(&str, ExecutionModel, Option<[u32; 3]>)> = r
        .entry_points
        .iter()
        .map(|e| (e.name.as_str(), e.model, e.local_size))
        .collect();
    assert_eq!(
        entries,
        [
            (
                "EF__CS_Main_8_8_1",
                ExecutionModel::GLCompute,
                Some([8, 8, 1])
            ),
            ("F__VS", ExecutionModel::Vertex, None),
            ("F__PS", ExecutionModel::Fragment, None),
        ]
    );
    let float = Scalar {
        kind: ScalarKind::Float,
        width_bits: 32,
    };
    let int = Scalar {
        kind: ScalarKind::Sint,
        width_bits: 32,
    };
    let uint = Scalar {
        kind: ScalarKind::Uint,
        width_bits: 32,
    };
    let u = r.uniforms.as_ref().unwrap();
    let members: Vec<(&str, u32, UniformType)> = u
        .members
        .iter()
        .map(|m| (m.name.as_str(), m.offset_bytes, m.ty.clone()))
        .collect();
    assert_eq!(
        members,
        [
            (
                "Scale",
                0,
                UniformType::Vector {
                    scalar: float,
                    size: 2
                }
            ),
            // HLSL float4x3: four SPIR-V columns (HLSL rows) of three, 16 bytes apart.
            (
                "M",
                16,
                UniformType::Matrix {
                    scalar: float,
                    columns: 4,
                    rows: 3,
                    stride_bytes: 16,
                    major: MatrixMajor::Column
                }
            ),
            (
                "Arr",
                80,
                UniformType::Array {
                    element: Box::new(UniformType::Scalar(int)),
                    length: 3,
                    stride_bytes: 16
                }
            ),
            ("Flag", 128, UniformType::Scalar(uint)),
        ]
    );
    assert_eq!(u.size_bytes(), 132);
    let resources: Vec<(&str, Option<u32>, Option<u32>, ResourceKind)> = r
        .resources
        .iter()
        .map(|x| (x.name.as_str(), x.set, x.binding, x.kind))
        .collect();
    assert_eq!(
        resources,
        [
            (
                "V__ColorSamp",
                Some(1),
                Some(0),
                ResourceKind::CombinedImageSampler
            ),
            (
                "V__ColorStore",
                Some(2),
                Some(0),
                ResourceKind::StorageImage {
                    format: ImageFormat::Rgba16f
                }
            ),
            (
                "V__RStore",
                Some(2),
                Some(1),
                ResourceKind::StorageImage {
                    format: ImageFormat::R32f
                }
            ),
        ]
    );
}

#[test]
fn storage_compute_splits_rebinds_and_validates() {
    let original = storage_compute();
    let mut split = original.clone();
    let report = reshade::split_combined_samplers(&mut split).unwrap();
    assert_eq!(report.samplers.len(), 1);
    let s = &report.samplers[0];
    assert_eq!(
        (
            s.name.as_str(),
            s.image_name.as_str(),
            s.sampler_name.as_str(),
            s.set,
            s.binding,
            s.sampler_binding
        ),
        (
            "V__ColorSamp",
            "V__ColorSamp_image",
            "V__ColorSamp_sampler",
            Some(1),
            Some(0),
            Some(1)
        )
    );
    // helper(s, uv) called from the compute shader; tex2D and tex2Dsize in the pixel shader.
    assert_eq!(
        (
            report.parameters_split,
            report.loads_split,
            report.images_read_directly,
            report.samplers_unloaded
        ),
        (1, 3, 1, 1)
    );
    let after = reshade::reflect(&split).unwrap();
    let names: Vec<(&str, Option<u32>, Option<u32>, ResourceKind)> = after
        .resources
        .iter()
        .map(|x| (x.name.as_str(), x.set, x.binding, x.kind))
        .collect();
    assert_eq!(
        names[0],
        (
            "V__ColorSamp_image",
            Some(1),
            Some(0),
            ResourceKind::SampledImage
        )
    );
    assert_eq!(
        names[1],
        (
            "V__ColorSamp_sampler",
            Some(1),
            Some(1),
            ResourceKind::Sampler
        )
    );
    let mut rebound = split.clone();
    let placed = reshade::rebind(
        &mut rebound,
        &sequential(&split),
        &RebindOptions {
            debug_info: DebugInfo::Strip,
        },
    )
    .unwrap();
    let layout: Vec<(&str, u32, u32)> = placed
        .iter()
        .map(|p| (p.resource.name.as_str(), p.set, p.binding))
        .collect();
    assert_eq!(
        layout,
        [
            ("V__ColorSamp_image", 0, 0),
            ("V__ColorSamp_sampler", 0, 1),
            ("V__ColorStore", 0, 2),
            ("V__RStore", 0, 3),
            ("$Globals", 0, 4),
        ]
    );
    assert_eq!(count(&rebound, Op::Line), 0);
    assert_eq!(count(&rebound, Op::String), 0);
    assert!(count(&split, Op::Line) > 0, "debug lines kept by default");
    if spirv_val::checks_enabled() {
        for m in [&original, &split, &rebound] {
            assert_eq!(validate(m), Verdict::Valid);
        }
    }
}

#[test]
fn rebind_refuses_an_unplaced_or_doubly_placed_resource() {
    let Some(module) = corpus_module("reshade-shaders/Shaders/Deband.spv") else {
        return;
    };
    let mut split = module.clone();
    reshade::split_combined_samplers(&mut split).unwrap();
    let before = split.assemble();
    let no_depth = |r: &reshade::Resource| {
        (r.name != "V__ReShade__DepthBuffer_sampler").then_some((0, r.variable))
    };
    let e = reshade::rebind(&mut split, &no_depth, &RebindOptions::default()).unwrap_err();
    assert!(matches!(
        &e,
        RebindError::Unplaced { name, kind: ResourceKind::Sampler, .. }
            if name == "V__ReShade__DepthBuffer_sampler"
    ));
    let all_zero = |_: &reshade::Resource| Some((0, 0));
    let e = reshade::rebind(&mut split, &all_zero, &RebindOptions::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "resources \"V__ReShade__BackBuffer_image\" and \"V__ReShade__BackBuffer_sampler\" are both placed at set 0, binding 0"
    );
    assert_eq!(split.assemble(), before, "a refused rebind changes nothing");
}

/// A hand-made fragment shader: `V__Tex` (a combined 2D sampler at set 1, binding 0), an
/// output at location 0, and the types the cases need.
struct Frag {
    b: Builder,
    v4: Word,
    v2int: Word,
    image: Word,
    si: Word,
    ptr_si: Word,
    tex: Word,
    out: Word,
    uv: Word,
    zero: Word,
    izero: Word,
}

impl Frag {
    fn new() -> Frag {
        let mut b = Builder::new();
        b.set_version(1, 3);
        b.capability(Capability::Shader);
        b.capability(Capability::ImageQuery);
        b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
        let float = b.type_float(32, None);
        let int = b.type_int(32, 1);
        let v2 = b.type_vector(float, 2);
        let v4 = b.type_vector(float, 4);
        let v2int = b.type_vector(int, 2);
        let image = b.type_image(float, Dim::Dim2D, 0, 0, 0, 1, ImageFormat::Unknown, None);
        let si = b.type_sampled_image(image);
        let ptr_si = b.type_pointer(None, StorageClass::UniformConstant, si);
        let ptr_out = b.type_pointer(None, StorageClass::Output, v4);
        let zero = b.constant_bit32(float, 0);
        let izero = b.constant_bit32(int, 0);
        let uv = b.constant_composite(v2, [zero, zero]);
        let tex = b.variable(ptr_si, None, StorageClass::UniformConstant, None);
        b.name(tex, "V__Tex");
        b.decorate(tex, Decoration::DescriptorSet, [Operand::LiteralBit32(1)]);
        b.decorate(tex, Decoration::Binding, [Operand::LiteralBit32(0)]);
        let out = b.variable(ptr_out, None, StorageClass::Output, None);
        b.decorate(out, Decoration::Location, [Operand::LiteralBit32(0)]);
        Frag {
            b,
            v4,
            v2int,
            image,
            si,
            ptr_si,
            tex,
            out,
            uv,
            zero,
            izero,
        }
    }

    /// Loads the combined sampler behind `pointer` and samples it at lod 0.
    fn sample(&mut self, pointer: Word) -> Word {
        let loaded = self.b.load(self.si, None, pointer, None, []).unwrap();
        self.b
            .image_sample_explicit_lod(
                self.v4,
                None,
                loaded,
                self.uv,
                ImageOperands::LOD,
                [Operand::IdRef(self.zero)],
            )
            .unwrap()
    }

    /// A function `name(pointer to combined sampler × params) -> vec4` whose body `body`
    /// writes, given its parameters.
    fn function(
        &mut self,
        name: &str,
        params: usize,
        body: impl FnOnce(&mut Frag, &[Word]) -> Word,
    ) -> Word {
        let ty = self.b.type_function(self.v4, vec![self.ptr_si; params]);
        let f = self
            .b
            .begin_function(self.v4, None, FunctionControl::NONE, ty)
            .unwrap();
        self.b.name(f, name);
        let ps: Vec<Word> = (0..params)
            .map(|_| self.b.function_parameter(self.ptr_si).unwrap())
            .collect();
        self.b.begin_block(None).unwrap();
        let value = body(self, &ps);
        self.b.ret_value(value).unwrap();
        self.b.end_function().unwrap();
        f
    }

    /// Adds `main`, storing what `body` computes to the output, and returns the module.
    fn finish(mut self, body: impl FnOnce(&mut Frag) -> Word) -> Module {
        let void = self.b.type_void();
        let ty = self.b.type_function(void, []);
        let main = self
            .b
            .begin_function(void, None, FunctionControl::NONE, ty)
            .unwrap();
        self.b.name(main, "main");
        self.b.begin_block(None).unwrap();
        let value = body(&mut self);
        self.b.store(self.out, value, None, []).unwrap();
        self.b.ret().unwrap();
        self.b.end_function().unwrap();
        self.b
            .entry_point(ExecutionModel::Fragment, main, "main", [self.out]);
        self.b
            .execution_mode(main, ExecutionMode::OriginUpperLeft, []);
        self.b.module()
    }
}

fn assert_valid(module: &Module) {
    if spirv_val::checks_enabled() {
        assert_eq!(validate(module), Verdict::Valid, "{}", {
            use rspirv::binary::Disassemble;
            module.disassemble()
        });
    }
}

fn function_named<'m>(module: &'m Module, name: &str) -> &'m rspirv::dr::Function {
    let id = module
        .debug_names
        .iter()
        .find_map(|i| match &i.operands[..] {
            [Operand::IdRef(id), Operand::LiteralString(n)] if n == name => Some(*id),
            _ => None,
        })
        .unwrap();
    module
        .functions
        .iter()
        .find(|f| f.def_id() == Some(id))
        .unwrap()
}

fn calls(module: &Module) -> Vec<Vec<Operand>> {
    module
        .all_inst_iter()
        .filter(|i| i.class.opcode == Op::FunctionCall)
        .map(|i| i.operands.clone())
        .collect()
}

#[test]
fn a_sampler_passed_through_two_levels_of_calls() {
    let mut f = Frag::new();
    let leaf = f.function("leaf", 1, |f, p| f.sample(p[0]));
    let v4 = f.v4;
    let mid = f.function("mid", 1, |f, p| {
        f.b.function_call(v4, None, leaf, [p[0]]).unwrap()
    });
    let tex = f.tex;
    let mut module = f.finish(|f| f.b.function_call(v4, None, mid, [tex]).unwrap());
    assert_valid(&module);
    let report = reshade::split_combined_samplers(&mut module).unwrap();
    assert_eq!((report.parameters_split, report.loads_split), (2, 1));
    let s = &report.samplers[0];
    assert_eq!(
        (s.name.as_str(), s.set, s.binding, s.sampler_binding),
        ("V__Tex", Some(1), Some(0), Some(1))
    );
    let mid_params: Vec<Word> = function_named(&module, "mid")
        .parameters
        .iter()
        .map(|p| p.result_id.unwrap())
        .collect();
    assert_eq!(mid_params.len(), 2);
    assert_eq!(function_named(&module, "leaf").parameters.len(), 2);
    let calls = calls(&module);
    assert_eq!(calls.len(), 2);
    assert!(calls.contains(&vec![
        Operand::IdRef(leaf),
        Operand::IdRef(mid_params[0]),
        Operand::IdRef(mid_params[1])
    ]));
    assert!(calls.contains(&vec![
        Operand::IdRef(mid),
        Operand::IdRef(s.image),
        Operand::IdRef(s.sampler)
    ]));
    assert_eq!(combined_variables(&module), 0);
    assert_eq!(count(&module, Op::SampledImage), 1);
    assert_valid(&module);
}

#[test]
fn a_sampler_passed_twice_to_one_call() {
    let mut f = Frag::new();
    let v4 = f.v4;
    let both = f.function("both", 2, |f, p| {
        let a = f.sample(p[0]);
        let b = f.sample(p[1]);
        f.b.f_add(v4, None, a, b).unwrap()
    });
    let tex = f.tex;
    let mut module = f.finish(|f| f.b.function_call(v4, None, both, [tex, tex]).unwrap());
    let report = reshade::split_combined_samplers(&mut module).unwrap();
    assert_eq!((report.parameters_split, report.loads_split), (2, 2));
    let (image, sampler) = (report.samplers[0].image, report.samplers[0].sampler);
    assert_eq!(
        calls(&module),
        [vec![
            Operand::IdRef(both),
            Operand::IdRef(image),
            Operand::IdRef(sampler),
            Operand::IdRef(image),
            Operand::IdRef(sampler)
        ]]
    );
    // One widened function type, four parameters (image, sampler, image, sampler).
    let params: Vec<Word> = function_named(&module, "both")
        .parameters
        .iter()
        .map(|p| p.result_type.unwrap())
        .collect();
    assert_eq!(params.len(), 4);
    assert_eq!((params[0], params[1]), (params[2], params[3]));
    assert_ne!(params[0], params[1]);
    assert_valid(&module);
}

/// `tex2Dsize`: `OpImage` of a loaded combined sampler reads the image load directly, and the
/// sampler, then unused, is not loaded.
#[test]
fn op_image_on_a_combined_sampler_reads_the_image() {
    let f = Frag::new();
    let (si, image, v2int, izero, tex, v4) = (f.si, f.image, f.v2int, f.izero, f.tex, f.v4);
    let mut query = 0;
    let mut module = f.finish(|f| {
        let loaded = f.b.load(si, None, tex, None, []).unwrap();
        let img = f.b.image(image, None, loaded).unwrap();
        query = f.b.image_query_size_lod(v2int, None, img, izero).unwrap();
        let float = f.b.type_float(32, None);
        let v2 = f.b.type_vector(float, 2);
        let x = f.b.convert_s_to_f(v2, None, query).unwrap();
        f.b.vector_shuffle(v4, None, x, x, [0, 1, 0, 1]).unwrap()
    });
    assert_valid(&module);
    let report = reshade::split_combined_samplers(&mut module).unwrap();
    assert_eq!(
        (
            report.loads_split,
            report.images_read_directly,
            report.samplers_unloaded
        ),
        (1, 1, 1)
    );
    assert_eq!(count(&module, Op::Image), 0);
    assert_eq!(count(&module, Op::SampledImage), 0);
    let loads: Vec<&Instruction> = module
        .all_inst_iter()
        .filter(|i| i.class.opcode == Op::Load)
        .collect();
    assert_eq!(loads.len(), 1);
    assert_eq!(
        loads[0].operands[0],
        Operand::IdRef(report.samplers[0].image)
    );
    let q = module
        .all_inst_iter()
        .find(|i| i.result_id == Some(query))
        .unwrap();
    assert_eq!(q.operands[0], Operand::IdRef(loads[0].result_id.unwrap()));
    assert_valid(&module);
}

#[test]
fn an_unsupported_use_is_an_exact_error_and_changes_nothing() {
    let f = Frag::new();
    let (ptr_si, tex) = (f.ptr_si, f.tex);
    let mut copy = 0;
    let mut module = f.finish(|f| {
        copy = f.b.copy_object(ptr_si, None, tex).unwrap();
        f.sample(copy)
    });
    let before = module.assemble();
    let e = reshade::split_combined_samplers(&mut module).unwrap_err();
    assert_eq!(
        e,
        SplitError::UnsupportedUse {
            function: "main".into(),
            instruction: format!("%{copy} = OpCopyObject  %{ptr_si}  %{tex}"),
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "cannot split a combined image sampler used by `%{copy} = OpCopyObject  %{ptr_si}  %{tex}` in main"
        )
    );
    assert_eq!(module.assemble(), before);
}

/// A loaded sampler consumed in another block would need an `OpSampledImage` there: refused.
#[test]
fn a_loaded_sampler_used_in_another_block_is_refused() {
    let f = Frag::new();
    let (si, tex, v4, uv, zero) = (f.si, f.tex, f.v4, f.uv, f.zero);
    let mut sample = 0;
    let mut module = f.finish(|f| {
        let loaded = f.b.load(si, None, tex, None, []).unwrap();
        let next = f.b.id();
        f.b.branch(next).unwrap();
        f.b.begin_block(Some(next)).unwrap();
        sample =
            f.b.image_sample_explicit_lod(
                v4,
                None,
                loaded,
                uv,
                ImageOperands::LOD,
                [Operand::IdRef(zero)],
            )
            .unwrap();
        sample
    });
    let e = reshade::split_combined_samplers(&mut module).unwrap_err();
    let SplitError::UnsupportedUse {
        function,
        instruction,
    } = e
    else {
        panic!("{e:?}");
    };
    assert_eq!(function, "main");
    assert!(
        instruction.starts_with(&format!("%{sample} = OpImageSampleExplicitLod")),
        "{instruction}"
    );
}

#[test]
fn an_array_of_combined_samplers_is_refused() {
    let mut f = Frag::new();
    let uint = f.b.type_int(32, 0);
    let two = f.b.constant_bit32(uint, 2);
    let array = f.b.type_array(f.si, two);
    let v4 = f.v4;
    let mut module = f.finish(|f| f.b.undef(v4, None));
    let e = reshade::split_combined_samplers(&mut module).unwrap_err();
    assert_eq!(
        e,
        SplitError::UnsupportedType {
            instruction: format!("%{array} = OpTypeArray %{} %{two}", f_si(&module)),
            reason: "an array of combined samplers",
        }
    );
}

fn f_si(module: &Module) -> Word {
    module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == Op::TypeSampledImage)
        .and_then(|i| i.result_id)
        .unwrap()
}

#[test]
fn a_split_module_splits_to_itself() {
    let mut split = storage_compute();
    reshade::split_combined_samplers(&mut split).unwrap();
    let mut again = split.clone();
    let report = reshade::split_combined_samplers(&mut again).unwrap();
    assert_eq!(report, reshade::SplitReport::default());
    assert_eq!(again.assemble(), split.assemble());
}

/// A sampler type the module declares after the first combined sampler pointer is moved up,
/// not declared twice.
#[test]
fn a_sampler_type_declared_late_is_moved_up() {
    let mut f = Frag::new();
    let late = f.b.type_sampler();
    let tex = f.tex;
    let mut module = f.finish(|f| f.sample(tex));
    let at = |m: &Module, id: Word| {
        m.types_global_values
            .iter()
            .position(|i| i.result_id == Some(id))
    };
    assert!(at(&module, late) > at(&module, tex));
    reshade::split_combined_samplers(&mut module).unwrap();
    assert_eq!(count(&module, Op::TypeSampler), 1);
    let sampler_var = reshade::reflect(&module)
        .unwrap()
        .resources
        .iter()
        .find(|r| r.kind == ResourceKind::Sampler)
        .unwrap()
        .variable;
    assert!(at(&module, late) < at(&module, sampler_var));
    assert_valid(&module);
}

/// Words in, words out: Deband split and placed by name in one set, as the engine lays it out.
#[test]
fn prepare_deband_by_name() {
    let Some(root) = corpus_root() else {
        return;
    };
    let bytes = std::fs::read(root.join("reshade-shaders/Shaders/Deband.spv")).unwrap();
    let words = optimizer::words_from_bytes(&bytes).unwrap();
    let back = reshade::unique_name('V', "ReShade::BackBuffer");
    let (back_image, back_sampler) = reshade::split_names(&back);
    let order = [
        "$Globals".to_owned(),
        back_image,
        back_sampler,
        "V__ReShade__DepthBuffer_image".to_owned(),
        "V__ReShade__DepthBuffer_sampler".to_owned(),
    ];
    let place = |r: &reshade::Resource| {
        order
            .iter()
            .position(|n| *n == r.name)
            .map(|i| (0, i as u32))
    };
    let prepared = reshade::prepare(&words, &place, &RebindOptions::default()).unwrap();
    let layout: Vec<(&str, u32, u32)> = prepared
        .bindings
        .iter()
        .map(|b| (b.resource.name.as_str(), b.set, b.binding))
        .collect();
    assert_eq!(
        layout,
        [
            ("V__ReShade__BackBuffer_image", 0, 1),
            ("V__ReShade__BackBuffer_sampler", 0, 2),
            ("V__ReShade__DepthBuffer_image", 0, 3),
            ("V__ReShade__DepthBuffer_sampler", 0, 4),
            ("$Globals", 0, 0),
        ]
    );
    assert_eq!(prepared.split.samplers.len(), 2);
    assert!(
        prepared
            .module
            .entry_point(&reshade::entry_point_name("PS_Deband", None))
            .is_some()
    );
    if spirv_val::checks_enabled() {
        assert_eq!(
            spirv_val::validate(&prepared.words, ENV).unwrap(),
            Verdict::Valid
        );
    }
    let e = reshade::prepare(&words[..6], &place, &RebindOptions::default()).unwrap_err();
    assert!(matches!(e, reshade::PrepareError::Parse(_)), "{e:?}");
}

/// Corrupted words of a real module: whatever rspirv still reads, the split either refuses
/// with an error or, when `spirv-val` accepted the corrupted input, returns a valid module.
#[test]
fn corrupted_modules_are_refused_or_split_validly() {
    let Some(root) = corpus_root() else {
        return;
    };
    let bytes = std::fs::read(root.join("reshade-shaders/Shaders/Deband.spv")).unwrap();
    let words = optimizer::words_from_bytes(&bytes).unwrap();
    let validate_too = spirv_val::checks_enabled();
    let (mut read, mut refused, mut valid_in, mut valid_out) = (0, 0, 0, 0);
    // A fixed walk over the words (no randomness: the counts below are exact).
    for step in 0..300usize {
        let mut corrupted = words.clone();
        let at = 5 + (step * 7919) % (words.len() - 5);
        corrupted[at] = match step % 3 {
            0 => corrupted[at].wrapping_add(1),
            1 => corrupted[at] ^ 0xffff,
            _ => 3,
        };
        let Ok(mut module) = rspirv::dr::load_words(&corrupted) else {
            continue;
        };
        read += 1;
        let _ = reshade::reflect(&module);
        let input_valid =
            validate_too && spirv_val::validate(&corrupted, ENV).unwrap() == Verdict::Valid;
        match reshade::split_combined_samplers(&mut module) {
            Err(_) => refused += 1,
            Ok(_) if input_valid => {
                valid_in += 1;
                if validate(&module) == Verdict::Valid {
                    valid_out += 1;
                }
            }
            Ok(_) => {}
        }
    }
    println!(
        "{read} corrupted modules read, {refused} refused, {valid_in} valid in, {valid_out} valid out"
    );
    assert_eq!((read, refused), (230, 1));
    assert_eq!(valid_out, valid_in);
    assert!(
        !validate_too || valid_in > 0,
        "no corrupted module was still valid"
    );
}

/// SPIR-V 1.4 lists every global an entry point uses in its interface: both halves replace the
/// combined sampler there.
#[test]
fn a_spirv_1_4_interface_lists_both_halves() {
    let mut f = Frag::new();
    f.b.set_version(1, 4);
    let tex = f.tex;
    let mut module = f.finish(|f| f.sample(tex));
    let interface = |m: &Module| m.entry_points[0].operands[3..].to_vec();
    let out = match interface(&module)[..] {
        [Operand::IdRef(out)] => out,
        ref other => panic!("{other:?}"),
    };
    module.entry_points[0].operands.push(Operand::IdRef(tex));
    let report = reshade::split_combined_samplers(&mut module).unwrap();
    let s = &report.samplers[0];
    assert_eq!(
        interface(&module),
        [
            Operand::IdRef(out),
            Operand::IdRef(s.image),
            Operand::IdRef(s.sampler)
        ]
    );
    if spirv_val::checks_enabled() {
        let verdict = spirv_val::validate(&module.assemble(), "vulkan1.2").unwrap();
        assert_eq!(verdict, Verdict::Valid);
    }
}

/// Varyings as ReShade numbers them: built-ins for position, point size, vertex index and
/// fragment coordinate; `TEXCOORDn` at location n, shared by every entry point of the module.
#[test]
fn storage_compute_varyings() {
    use optimizer::reshade::VaryingDirection::{Input, Output};
    use rspirv::spirv::BuiltIn;
    let module = storage_compute();
    let r = reshade::reflect(&module).unwrap();
    let rows = |name: &str| -> Vec<(reshade::VaryingDirection, Option<u32>, Option<BuiltIn>, u32)> {
        reshade::varyings(&module, r.entry_point(name).unwrap())
            .unwrap()
            .iter()
            .map(|v| (v.direction, v.location, v.builtin, v.components))
            .collect()
    };
    assert_eq!(
        rows("F__VS"),
        [
            (Input, None, Some(BuiltIn::VertexIndex), 1),
            (Output, None, Some(BuiltIn::Position), 4),
            (Output, Some(0), None, 2),
            (Output, Some(1), None, 3),
            (Output, None, Some(BuiltIn::PointSize), 1),
        ]
    );
    assert_eq!(
        rows("F__PS"),
        [
            (Input, None, Some(BuiltIn::FragCoord), 4),
            (Input, Some(0), None, 2),
            (Output, Some(0), None, 4),
        ]
    );
    assert_eq!(
        rows("EF__CS_Main_8_8_1"),
        [
            (Input, None, Some(BuiltIn::GlobalInvocationId), 3),
            (Input, None, Some(BuiltIn::LocalInvocationId), 3),
        ]
    );
}
