//! The real workbench, driven through egui_kittest on the software GPU: untick a technique by its
//! label and the preview's pixels change.

use app::window::{StartOptions, WorkbenchApp};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;

/// The real app in a 1200x600 harness on the software GPU, with the device the window asks
/// for (the same features), test card input unless told otherwise.
fn open_window(options: StartOptions) -> Harness<'static, WorkbenchApp> {
    let mut setup = egui_kittest::wgpu::default_wgpu_setup();
    if let egui_wgpu::WgpuSetup::CreateNew(create) = &mut setup {
        create.device_descriptor = std::sync::Arc::new(app::window::runtime::device_descriptor);
    }
    Harness::builder()
        .with_size(egui::vec2(1200.0, 600.0))
        .wgpu_setup(setup)
        .build_eframe(move |cc| WorkbenchApp::new(cc, options))
}

/// The window on its built-in demo preset over the test card, two frames in; `None` (the test
/// skips) without a GPU.
fn demo_on_test_card() -> Option<Harness<'static, WorkbenchApp>> {
    engine::testing::gpu()?;
    let mut harness = open_window(StartOptions {
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    Some(harness)
}

/// Mean brightness (0..=255) of an image region.
fn mean_brightness(image: &image::RgbaImage, x0: u32, y0: u32, x1: u32, y1: u32) -> f64 {
    let mut sum = 0u64;
    let mut n = 0u64;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = image.get_pixel(x, y);
            sum += u64::from(p[0]) + u64::from(p[1]) + u64::from(p[2]);
            n += 3;
        }
    }
    sum as f64 / n as f64
}

#[test]
fn unticking_vignette_brightens_the_preview_corners() {
    let Some(mut harness) = demo_on_test_card() else {
        return;
    };
    harness.run_steps(2);
    let runtime = harness.state().runtime().expect("the demo chain builds");
    let vignette = runtime
        .chain()
        .find("Vignette", None)
        .expect("demo preset has a vignette");
    assert!(runtime.chain().is_enabled(vignette));
    let before = harness.render().expect("render");

    harness.get_by_label("Vignette").click();
    harness.run_steps(4);
    assert!(
        !harness
            .state()
            .runtime()
            .expect("runtime")
            .chain()
            .is_enabled(vignette)
    );
    let after = harness.render().expect("render");

    // The preview fills the central panel: find where the image starts by the panel's size, then
    // compare a corner of the preview and its centre. The vignette darkens corners, not the centre.
    let (w, h) = before.dimensions();
    let left = w * 2 / 5;
    let corner =
        |img: &image::RgbaImage| mean_brightness(img, w - w / 10, h / 4, w - 20, h / 4 + 40);
    let centre = |img: &image::RgbaImage| {
        mean_brightness(
            img,
            (left + w) / 2 - 20,
            h / 2 - 60,
            (left + w) / 2 + 20,
            h / 2 - 40,
        )
    };
    let (corner_before, corner_after) = (corner(&before), corner(&after));
    assert!(
        corner_after > corner_before + 5.0,
        "corner brightness {corner_before:.1} -> {corner_after:.1}"
    );
    let (centre_before, centre_after) = (centre(&before), centre(&after));
    assert!(
        (centre_after - centre_before).abs() < 3.0,
        "centre brightness {centre_before:.1} -> {centre_after:.1}"
    );
}

#[test]
fn dragging_a_technique_reorders_and_saving_writes_the_preset() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("fxbench-window-preset-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let preset = dir.join("mine.ini");
    let demo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../presets/demo.ini");
    std::fs::copy(&demo, &preset).unwrap();
    let mut harness = open_window(StartOptions {
        preset: Some(preset.clone()),
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(3);
    let names = |h: &Harness<'_, WorkbenchApp>| -> Vec<String> {
        let chain = h.state().runtime().expect("runtime").chain();
        chain
            .order()
            .iter()
            .map(|k| chain.technique(*k).name.clone())
            .collect()
    };
    assert_eq!(names(&harness), ["GaussianBlur", "Vignette"]);

    // Drag the blur's handle onto the vignette's row.
    let handles: Vec<egui::Rect> = harness.get_all_by_label("::").map(|n| n.rect()).collect();
    assert_eq!(handles.len(), 2);
    let (from, to) = (handles[0].center(), handles[1].center());
    harness.hover_at(from);
    harness.run_steps(1);
    harness.drag_at(from);
    harness.run_steps(1);
    for t in 1..=5 {
        harness.hover_at(from + (to - from) * (t as f32 / 5.0));
        harness.run_steps(1);
    }
    harness.drop_at(to);
    harness.run_steps(3);
    assert_eq!(names(&harness), ["Vignette", "GaussianBlur"]);

    harness.get_by_label("Save preset").click();
    harness.run_steps(2);
    let saved = analysis::preset::Preset::load(&preset).preset;
    let sorting: Vec<String> = saved
        .technique_sorting()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        sorting,
        ["Vignette@vignette.wfx", "GaussianBlur@gaussian_blur.wfx"]
    );
    assert_eq!(
        saved.uniform_value("vignette.wfx", "Strength"),
        Some(vec![0.8])
    );
    assert_eq!(
        saved.uniform_value("vignette.wfx", "Inner"),
        Some(vec![0.3])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn editing_an_effect_file_reloads_it() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("fxbench-window-watch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let effect = dir.join("live.wfx");
    let write = |body: &str| {
        std::fs::write(
            &effect,
            format!(
                "#include \"shaders/fxbench.wfxh\"\n\
                 @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {{ {body} }}\n\
                 technique Live < enabled = true; > {{ pass {{ VertexShader = PostProcessVS; PixelShader = ps; }} }}\n"
            ),
        )
        .unwrap();
    };
    write("return vec4<f32>(1.0, 0.0, 0.0, 1.0);");
    let mut harness = open_window(StartOptions {
        effects: vec![effect.clone()],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    let wait_for = |harness: &mut Harness<'_, WorkbenchApp>, label: &str| {
        for _ in 0..100 {
            harness.run_steps(1);
            if harness.query_by_label(label).is_some() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        false
    };
    // A broken edit is reported and the last good chain keeps running.
    write("return vec4<f32>(1.0, 0.0, 0.0);");
    assert!(wait_for(
        &mut harness,
        "reload failed: the effects have errors (see Diagnostics)"
    ));
    assert!(harness.state().runtime().is_some());
    // Fixing it reloads.
    write("return vec4<f32>(0.0, 1.0, 0.0, 1.0);");
    assert!(wait_for(&mut harness, "reloaded"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Asserts that the SPIR-V view shows the instruction counts of the first effect's stage `i`.
fn expect_counts_of_stage(harness: &Harness<'_, WorkbenchApp>, i: usize) {
    let effect = harness
        .state()
        .runtime()
        .expect("runtime")
        .chain()
        .effect(0);
    let stage = &engine::spirv::pass_stages(effect)[i];
    let expected = app::session::spirv::StageSpirv::build(effect, stage).expect("builds");
    harness.get_by_label(&expected.summary_counts());
}

#[test]
fn the_spirv_view_shows_each_pass_stage_before_and_after_the_optimiser() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let mut harness = open_window(StartOptions {
        effects: vec![
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/gaussian_blur.wfx"),
        ],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    let labels: Vec<String> = harness
        .state()
        .spirv_panel()
        .stage_labels()
        .map(str::to_string)
        .collect();
    assert_eq!(labels.len(), 4, "{labels:?}");

    harness.get_by_label("SPIR-V").click();
    harness.run_steps(2);
    // The first stage is compiled, optimised and diffed: its counts and the diff header show.
    expect_counts_of_stage(&harness, 0);
    harness.get_by_label_contains(&format!("+++ {} (optimised)", labels[0]));
    // Beside the code, what the pass costs on the GPU with the shaders running now.
    harness.get_by_label_contains("GPU time of this pass: ");

    // Another stage from the selector.
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some(labels[0].as_str()))
        .expect("the stage selector shows the first stage")
        .click();
    harness.run_steps(2);
    harness
        .get_all_by_label(&labels[3])
        .last()
        .expect("listed")
        .click();
    harness.run_steps(2);
    expect_counts_of_stage(&harness, 3);

    // The optimised listing alone.
    harness.get_by_label("Optimised").click();
    harness.run_steps(2);
    assert!(harness.query_by_label_contains("+++").is_none());
    harness.get_by_label_contains("OpEntryPoint Fragment");
}

#[test]
fn choosing_optimised_shaders_rebuilds_the_chain_on_them() {
    if engine::testing::passthrough_gpu().is_none() {
        return;
    }
    let mut harness = open_window(StartOptions {
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(4);
    let output = |harness: &Harness<'_, WorkbenchApp>| {
        let runtime = harness.state().runtime().expect("runtime");
        let gpu = runtime.gpu();
        engine::input::read_texture(&gpu.device, &gpu.queue, runtime.chain().output())
            .expect("read back")
    };
    let before = output(&harness);
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some("naga IR (wgpu)"))
        .expect("the shader selector")
        .click();
    harness.run_steps(2);
    harness.get_by_label("optimised SPIR-V").click();
    harness.run_steps(4);
    harness.get_by_label("running optimised SPIR-V");
    assert!(matches!(
        harness
            .state()
            .runtime()
            .expect("runtime")
            .chain()
            .options()
            .shaders,
        engine::Shaders::Spirv(_)
    ));
    // The same picture (the demo preset over the still test card): the optimiser changes no
    // pixel.
    let after = output(&harness);
    assert_eq!((before.width, before.height), (after.width, after.height));
    let differing = before
        .pixels
        .chunks(4)
        .zip(after.pixels.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 0);
}

#[test]
fn performance_mode_compiles_the_values_in_and_back_out() {
    let Some(mut harness) = demo_on_test_card() else {
        return;
    };
    harness.get_by_label("Performance mode").click();
    harness.run_steps(2);
    harness.get_by_label("performance mode: uniforms compiled in");
    let chain = harness.state().runtime().expect("runtime").chain();
    assert!(
        (0..chain.effect_count()).all(|e| chain.effect(e).uniforms().iter().all(|u| u.constant))
    );
    harness
        .get_all_by_label_contains("Performance mode: values are compiled in")
        .next()
        .expect("note");

    harness.get_by_label("Performance mode").click();
    harness.run_steps(2);
    harness.get_by_label("performance mode off: uniforms editable");
    let chain = harness.state().runtime().expect("runtime").chain();
    assert!(
        (0..chain.effect_count()).all(|e| chain.effect(e).uniforms().iter().all(|u| !u.constant))
    );
}

#[test]
fn opening_other_files_replaces_the_chain_and_recovers_from_bad_ones() {
    let Some(mut harness) = demo_on_test_card() else {
        return;
    };
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
    // What the Open effects button sends once a file is picked.
    harness.state_mut().open(StartOptions {
        effects: vec![assets.join("vignette.wfx")],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    let chain = harness
        .state()
        .runtime()
        .expect("the vignette runs")
        .chain();
    assert_eq!(chain.effect_count(), 1);
    assert!(chain.effect(0).path().ends_with("vignette.wfx"));
    assert_eq!(harness.state().spirv_panel().stage_labels().count(), 2);
    harness.get_by_label("Vignette");

    // A preset that is not there: the window says so and runs nothing, but stays usable.
    harness.state_mut().open(StartOptions {
        preset: Some(assets.join("missing.ini")),
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    assert!(harness.state().runtime().is_none());
    harness.get_by_label("Cannot run the effects");
    harness.get_by_label("Open preset...");

    harness.state_mut().open(StartOptions {
        preset: Some(assets.join("../presets/demo.ini")),
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    assert_eq!(
        harness
            .state()
            .runtime()
            .expect("the demo runs")
            .chain()
            .effect_count(),
        2
    );
}

#[test]
fn changing_the_input_keeps_the_techniques_settings() {
    let Some(mut harness) = demo_on_test_card() else {
        return;
    };
    harness.get_by_label("Vignette").click();
    harness.run_steps(2);
    let vignette = |h: &Harness<'_, WorkbenchApp>| {
        let chain = h.state().runtime().expect("runtime").chain();
        let key = chain.find("Vignette", None).expect("vignette");
        chain.is_enabled(key)
    };
    assert!(!vignette(&harness));

    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some("test card"))
        .expect("the input selector")
        .click();
    harness.run_steps(2);
    harness.get_by_label("3D scene (with depth)").click();
    harness.run_steps(2);
    harness.get_by_label("input changed");
    assert_eq!(
        harness.state().opened().input,
        app::session::input::InputChoice::Scene
    );
    // Still off: the chain was rebuilt for the new input, not reopened.
    assert!(!vignette(&harness));
}

#[test]
fn uniform_arrays_get_one_row_per_element() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("fxbench-window-arrays-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let effect = dir.join("arrays.wfx");
    std::fs::write(
        &effect,
        "#include \"shaders/fxbench.wfxh\"\n\
         uniform Weights: array<f32, 3> < ui_type = \"slider\"; > = array<f32, 3>(0.25, 0.5, 0.75);\n\
         @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(Weights[0], Weights[1], Weights[2], 1.0); }\n\
         technique Arrays < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n",
    )
    .unwrap();
    let mut harness = open_window(StartOptions {
        effects: vec![effect],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    for i in 0..3 {
        harness.get_by_label(&format!("Weights[{i}]"));
    }
    assert!(harness.query_by_label("Weights[3]").is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn editing_the_preprocessor_definitions_recompiles_the_effects() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("fxbench-window-defs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The technique's name says which LEVEL the effect was compiled with.
    std::fs::write(
        dir.join("levels.wfx"),
        "#include \"shaders/fxbench.wfxh\"\n\
         @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(1.0); }\n\
         #if LEVEL == 4\n\
         technique LevelFour < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n\
         #else\n\
         technique LevelOther < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n\
         #endif\n",
    )
    .unwrap();
    let preset = dir.join("p.ini");
    std::fs::write(&preset, "PreprocessorDefinitions=LEVEL=2\nTechniques=\n").unwrap();
    let mut harness = open_window(StartOptions {
        effects: vec![dir.join("levels.wfx")],
        preset: Some(preset),
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    assert!(harness.query_by_label("LevelOther").is_some());
    let field = harness.get_by_label("Definitions");
    field.focus();
    harness.run_steps(1);
    harness.get_by_label("Definitions").type_text(",LEVEL=4");
    harness.run_steps(1);
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    // LEVEL=2,LEVEL=4: the first of a name wins, as in ReShade, so nothing changes yet.
    assert_eq!(
        harness.state().document().definitions_text(None),
        "LEVEL=2,LEVEL=4"
    );
    assert!(harness.query_by_label("LevelOther").is_some());
    let field = harness.get_by_label("Definitions");
    field.focus();
    harness.run_steps(1);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Definitions").type_text("LEVEL=4");
    harness.run_steps(1);
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    assert_eq!(harness.state().document().definitions_text(None), "LEVEL=4");
    assert!(harness.query_by_label("LevelFour").is_some());
    assert!(harness.query_by_label("reloaded").is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}
