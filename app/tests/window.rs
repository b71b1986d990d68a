//! The real workbench, driven through egui_kittest on the software GPU: untick a technique by its
//! label and the preview's pixels change.

mod common;

use app::window::{StartOptions, WorkbenchApp};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;

/// The real app in a 1200x600 harness on the software GPU, with the device the window asks
/// for (the same features), test card input unless told otherwise.
fn open_window(options: StartOptions) -> Harness<'static, WorkbenchApp> {
    let setup = common::wgpu_setup();
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

/// Steps the window until `label` is shown (a rebuild runs after a background compile, #23),
/// for up to 10 s; then finds it.
fn wait_for_label(harness: &mut Harness<'_, WorkbenchApp>, label: &str) {
    for _ in 0..500 {
        harness.run_steps(1);
        if harness.query_by_label(label).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    harness.get_by_label(label);
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

    // Compare a corner of the preview (where the window last drew it) and its centre. The
    // vignette darkens corners, not the centre.
    let rect = harness
        .state()
        .runtime()
        .expect("runtime")
        .preview_rect()
        .expect("the preview is shown");
    let scale = harness.ctx.pixels_per_point();
    let (x0, y0) = ((rect.min.x * scale) as u32, (rect.min.y * scale) as u32);
    let (x1, y1) = ((rect.max.x * scale) as u32, (rect.max.y * scale) as u32);
    let (w, h) = (x1 - x0, y1 - y0);
    let corner = |img: &image::RgbaImage| {
        mean_brightness(img, x1 - w / 8, y0 + h / 10, x1 - 4, y0 + h / 10 + 20)
    };
    let centre = |img: &image::RgbaImage| {
        let (cx, cy) = (x0 + w / 2, y0 + h / 2);
        mean_brightness(img, cx - 20, cy - 20, cx + 20, cy)
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
    // Up to 10 s: the watcher and the background compile are slow on a loaded machine.
    let wait_for = |harness: &mut Harness<'_, WorkbenchApp>, label: &str| {
        for _ in 0..500 {
            harness.run_steps(1);
            if harness.query_by_label_contains(label).is_some() {
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

/// Steps the window until the SPIR-V view's worker has delivered the selected stage.
fn wait_for_spirv(harness: &mut Harness<'_, WorkbenchApp>) {
    for _ in 0..500 {
        harness.run_steps(1);
        if !harness.state().spirv_panel().is_compiling() {
            harness.run_steps(1);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the SPIR-V worker did not finish");
}

/// Asserts that the SPIR-V view shows the instruction counts of the first effect's stage `i`.
fn expect_counts_of_stage(harness: &Harness<'_, WorkbenchApp>, i: usize) {
    let chain = harness.state().runtime().expect("runtime").chain();
    let effect = chain.effect(chain.effect_at(0).expect("an effect"));
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
    wait_for_spirv(&mut harness);
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
    wait_for_spirv(&mut harness);
    expect_counts_of_stage(&harness, 3);

    // The optimised listing alone.
    harness.get_by_label("Optimised").click();
    harness.run_steps(2);
    assert!(harness.query_by_label_contains("+++").is_none());
    harness.get_by_label_contains("OpEntryPoint Fragment");

    // The source map: the vertical pass's sampling line, then the instructions made for it.
    harness.get_by_label("Source map").click();
    harness.run_steps(2);
    let text_input = egui::accesskit::Role::TextInput;
    harness.get_by_role_and_label(text_input, "Find").focus();
    harness.run_steps(1);
    harness
        .get_by_role_and_label(text_input, "Find")
        .type_text("Sample");
    harness.run_steps(3);
    let sample_line = harness
        .get_by_label_contains("| sum += w * textureSampleLevel(BlurHalfTex")
        .rect();
    let instruction = harness
        .get_by_label_contains("OpImageSampleExplicitLod")
        .rect();
    assert!(
        instruction.top() > sample_line.top(),
        "the instruction is listed under its line"
    );
}

#[test]
fn clicking_a_source_map_row_opens_the_editor_at_the_users_line() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let effect = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/gaussian_blur.wfx")
        .canonicalize()
        .expect("shipped");
    let text = std::fs::read_to_string(&effect).expect("readable");
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .expect("in the file") as u32
            + 1
    };
    let mut harness = open_window(StartOptions {
        effects: vec![effect.clone()],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    let vertical = harness
        .state()
        .spirv_panel()
        .stage_labels()
        .position(|l| l.contains("BlurVerticalPS"))
        .expect("the vertical pass's fragment stage");
    harness.get_by_label("SPIR-V").click();
    harness.run_steps(2);
    wait_for_spirv(&mut harness);
    let first = harness
        .state()
        .spirv_panel()
        .stage_labels()
        .next()
        .expect("a stage")
        .to_string();
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some(first.as_str()))
        .expect("the stage selector")
        .click();
    harness.run_steps(2);
    let label = harness
        .state()
        .spirv_panel()
        .stage_labels()
        .nth(vertical)
        .expect("listed")
        .to_string();
    harness
        .get_all_by_label(&label)
        .last()
        .expect("listed")
        .click();
    harness.run_steps(2);
    wait_for_spirv(&mut harness);
    harness.get_by_label("Source map").click();
    harness.run_steps(2);

    // Only the rows with `needle` (the listing shows the rows in view).
    let find = |harness: &mut Harness<'_, WorkbenchApp>, needle: &str| {
        let text_input = egui::accesskit::Role::TextInput;
        harness.get_by_role_and_label(text_input, "Find").focus();
        harness.run_steps(1);
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        harness.run_steps(1);
        harness.event(egui::Event::Text(needle.to_string()));
        harness.run_steps(3);
    };

    // The sampling instruction's row sits under the effect's own line, and a click on the
    // instruction opens the editor at that line.
    find(&mut harness, "Sample");
    let sample = line_of("sum += w * textureSampleLevel(BlurHalfTex");
    harness.get_by_label_contains(&format!(
        "gaussian_blur.wfx:{sample} | sum += w * textureSampleLevel(BlurHalfTex"
    ));
    harness
        .get_by_label_contains("OpImageSampleExplicitLod")
        .click();
    harness.run_steps(3);
    let editor = harness.state().editor();
    assert_eq!(editor.active_path(), Some(effect.as_path()));
    let ((line, column), _) = editor.selection().expect("selected");
    assert_eq!((line, column), (sample, 9), "the line's first character");

    // Another line's header row moves the editor to that line.
    harness.get_by_label("SPIR-V").click();
    harness.run_steps(2);
    find(&mut harness, "return exp(");
    let weight = line_of("return exp(-(x * x)");
    harness
        .get_by_label_contains(&format!("gaussian_blur.wfx:{weight} | return exp("))
        .click();
    harness.run_steps(3);
    let ((line, _), _) = harness.state().editor().selection().expect("selected");
    assert_eq!(line, weight);
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
    wait_for_label(&mut harness, "running optimised SPIR-V");
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
    wait_for_label(&mut harness, "performance mode: uniforms compiled in");
    let chain = harness.state().runtime().expect("runtime").chain();
    assert!(
        chain
            .effect_indices()
            .all(|e| chain.effect(e).uniforms().iter().all(|u| u.constant))
    );
    harness
        .get_all_by_label_contains("Performance mode: values are compiled in")
        .next()
        .expect("note");

    harness.get_by_label("Performance mode").click();
    wait_for_label(&mut harness, "performance mode off: uniforms editable");
    let chain = harness.state().runtime().expect("runtime").chain();
    assert!(
        chain
            .effect_indices()
            .all(|e| chain.effect(e).uniforms().iter().all(|u| !u.constant))
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
    let first = chain.effect_at(0).expect("an effect");
    assert!(chain.effect(first).path().ends_with("vignette.wfx"));
    assert_eq!(harness.state().spirv_panel().stage_labels().count(), 2);
    harness.get_by_label("Vignette");

    // A preset that is not there: the window says so and keeps running what was open.
    assert!(!harness.state_mut().open(StartOptions {
        preset: Some(assets.join("missing.ini")),
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    }));
    harness.run_steps(2);
    let chain = harness.state().runtime().expect("still running").chain();
    assert_eq!(chain.effect_count(), 1);
    assert!(harness.state().status().starts_with("could not open:"));
    assert!(harness.state().opened().effects[0].ends_with("vignette.wfx"));
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
    wait_for_label(&mut harness, "input changed");
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
    let (dir, effect) = effect_in_temp(
        "arrays",
        "#include \"shaders/fxbench.wfxh\"\n\
         uniform Weights: array<f32, 3> < ui_type = \"slider\"; > = array<f32, 3>(0.25, 0.5, 0.75);\n\
         @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(Weights[0], Weights[1], Weights[2], 1.0); }\n\
         technique Arrays < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n",
    );
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
fn bounds_folded_to_infinities_and_nans_give_drag_fields_and_sliders_that_work() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, _) = effect_in_temp("bounds", "");
    let effect = dir.join("bounds.fx");
    // ReShade folds `1e99999 - 1.0` to an infinity and `0.0 / 0.0` to a NaN and keeps both.
    std::fs::write(
        &effect,
        "#include \"ReShade.fxh\"\n\
         uniform float Wide < ui_type = \"slider\"; ui_min = 0.0; ui_max = 1e99999 - 1.0; > = 0.5;\n\
         uniform float Odd < ui_type = \"slider\"; ui_min = 0.0 / 0.0; ui_max = 2.0; > = 0.25;\n\
         float4 PS(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target { return float4(min(Wide, 1.0), Odd, 0.0, 1.0); }\n\
         technique Bounds < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = PS; } }\n",
    )
    .expect("effect written");
    let mut harness = open_window(StartOptions {
        effects: vec![effect],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    use egui_kittest::kittest::NodeT as _;
    let value_of = |role| {
        harness
            .get_all_by_role(role)
            .filter_map(|c| c.accesskit_node().numeric_value())
            .collect::<Vec<f64>>()
    };
    // The infinite range is a drag field; the NaN bound falls back to ui_min's default of 0.
    assert!(value_of(egui::accesskit::Role::SpinButton).contains(&0.5));
    assert!(value_of(egui::accesskit::Role::Slider).contains(&0.25));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_timing_plot_has_samples_after_frames_and_restarts_after_a_reload() {
    let Some(mut harness) = demo_on_test_card() else {
        return;
    };
    harness.get_by_label("Timing").click();
    harness.run_steps(8);
    let frames = harness
        .state()
        .runtime()
        .expect("runtime")
        .chain()
        .frame_timings()
        .cpu_ns
        .len();
    let (_, cpu_samples) = harness.state().timing_panel().plotted_samples();
    assert!(frames >= 8, "{frames} frames timed");
    assert_eq!(
        cpu_samples, frames,
        "the plot shows every frame since the build"
    );
    // The costliest of the demo's three passes is named.
    harness.get_by_label_contains("Costliest pass: ");

    harness.get_by_label("Reload").click();
    // The reload compiles in the background: wait for the rebuilt chain.
    for _ in 0..100 {
        harness.step();
        if harness
            .state()
            .runtime()
            .expect("runtime")
            .chain()
            .generation()
            == 1
        {
            break;
        }
    }
    let chain = harness.state().runtime().expect("runtime").chain();
    assert_eq!(chain.generation(), 1);
    harness.run_steps(2);
    let (_, cpu_samples) = harness.state().timing_panel().plotted_samples();
    assert!(
        (1..=2).contains(&cpu_samples),
        "the plot restarted: {cpu_samples} samples"
    );
}

/// The half-size blur target of assets/gaussian_blur.wfx at (x, y), on the CPU.
fn blur_half_texel(input: &engine::RgbaImage, x: usize, y: usize) -> [f32; 4] {
    let at = |x: usize, y: usize, c: usize| {
        f32::from(input.pixels[(y * input.width as usize + x) * 4 + c]) / 255.0
    };
    let weight = |k: i32| (-((k * k) as f32) / 8.0).exp();
    let hw = input.width as i32 / 2;
    let total: f32 = (-4..=4).map(weight).sum();
    let mut sum = [0.0f32; 4];
    for k in -4..=4 {
        let bx = (x as i32 + k).clamp(0, hw - 1) as usize;
        for (c, s) in sum.iter_mut().enumerate() {
            let block = (at(2 * bx, 2 * y, c)
                + at(2 * bx + 1, 2 * y, c)
                + at(2 * bx, 2 * y + 1, c)
                + at(2 * bx + 1, 2 * y + 1, c))
                / 4.0;
            *s += weight(k) * block;
        }
    }
    sum.map(|s| s / total)
}

#[test]
fn the_inspector_reads_the_blur_target_under_the_cursor() {
    let Some(mut harness) = demo_on_test_card() else {
        return;
    };
    harness.get_by_label("Inspector").click();
    harness.run_steps(2);
    harness
        .get_by_label_contains("gaussian_blur.wfx: BlurHalfTex")
        .click();
    // The readback arrives a frame or more later, and the layout settles once it is shown: hover
    // where the image is now until the readout names the texel aimed at.
    let (x, y) = (37usize, 21usize);
    let mut readout = String::new();
    for _ in 0..50 {
        harness.run_steps(1);
        let shows_target = matches!(
            harness.state().runtime().expect("runtime").chain().captured(),
            Some(Ok(image)) if image.width == 640
        );
        let placement = harness.state().inspector_panel().image_placement();
        let (Some((rect, scale)), true) = (placement, shows_target) else {
            continue;
        };
        harness.hover_at(rect.min + egui::vec2((x as f32 + 0.5) * scale, (y as f32 + 0.5) * scale));
        harness.run_steps(1);
        if let Some(r) = harness.state().inspector_panel().readout() {
            readout = r.to_string();
            if readout.starts_with(&format!("({x}, {y})")) {
                break;
            }
        }
    }
    assert!(readout.starts_with(&format!("({x}, {y})")), "{readout}");
    let values: Vec<f32> = readout
        .split_whitespace()
        .skip(2)
        .skip_while(|w| *w != "R")
        .filter_map(|w| w.parse().ok())
        .collect();
    let (w, h) = app::session::input::TEST_CARD_SIZE;
    let expected = blur_half_texel(&engine::input::test_card(w, h), x, y);
    assert_eq!(values.len(), 4, "{readout}");
    for c in 0..4 {
        assert!(
            (values[c] - expected[c]).abs() < 2e-3,
            "channel {c}: {readout} vs {expected:?}"
        );
    }
    // Leaving the inspector stops the copies.
    harness.get_by_label("Preview").click();
    harness.run_steps(2);
    let chain = harness.state().runtime().expect("runtime").chain();
    assert_eq!(chain.capture_request(), None);
}

#[test]
fn the_split_view_shows_the_input_left_and_the_output_right() {
    let Some(mut harness) = demo_on_test_card() else {
        return;
    };
    harness.run_steps(2);
    let rect = harness
        .state()
        .preview_panel()
        .image_rect()
        .expect("the preview is shown");
    let before = harness.render().expect("render");
    harness.get_by_label("Split before/after").click();
    harness.run_steps(3);
    assert_eq!(harness.state().preview_panel().divider(), Some(0.5));
    let split = harness.render().expect("render");
    // The vignette darkens the corners: left of the divider the input shows, undarkened; right
    // of it the output, as before.
    let region = |img: &image::RgbaImage, fx: f32| {
        let x = (rect.left() + fx * rect.width()) as u32;
        let y = (rect.top() + 0.1 * rect.height()) as u32;
        mean_brightness(img, x, y, x + 20, y + 20)
    };
    let (left_before, left_split) = (region(&before, 0.03), region(&split, 0.03));
    let (right_before, right_split) = (region(&before, 0.93), region(&split, 0.93));
    assert!(
        left_split > left_before + 5.0,
        "left corner {left_before:.1} -> {left_split:.1}"
    );
    assert!(
        (right_split - right_before).abs() < 3.0,
        "right corner {right_before:.1} -> {right_split:.1}"
    );

    // Dragging the divider moves it.
    let y = rect.center().y;
    harness.drag_at(egui::pos2(rect.center().x, y));
    harness.run_steps(1);
    harness.hover_at(egui::pos2(rect.left() + 0.25 * rect.width(), y));
    harness.run_steps(1);
    harness.drop_at(egui::pos2(rect.left() + 0.25 * rect.width(), y));
    harness.run_steps(1);
    let divider = harness.state().preview_panel().divider().expect("split");
    assert!((divider - 0.25).abs() < 0.02, "divider at {divider}");
}

#[test]
fn bypass_all_shows_the_input_and_the_readout_gives_output_pixels() {
    let Some(mut harness) = demo_on_test_card() else {
        return;
    };
    let rect = harness
        .state()
        .preview_panel()
        .image_rect()
        .expect("the preview is shown");
    let (w, h) = app::session::input::TEST_CARD_SIZE;
    let probe = egui::pos2(
        rect.left() + rect.width() * 100.5 / w as f32,
        rect.top() + rect.height() * 50.5 / h as f32,
    );
    harness.hover_at(probe);
    // The readout arrives with the capture's readback: a few frames, more on a loaded machine.
    for _ in 0..200 {
        harness.run_steps(1);
        if harness.state().preview_panel().readout().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    harness.run_steps(1);
    let readout = harness
        .state()
        .preview_panel()
        .readout()
        .expect("a pixel under the cursor")
        .to_string();
    let runtime = harness.state().runtime().expect("runtime");
    let output = engine::input::read_texture(
        &runtime.gpu().device,
        &runtime.gpu().queue,
        runtime.chain().output(),
    )
    .expect("readback");
    let i = (50 * w as usize + 100) * 4;
    let p = &output.pixels[i..i + 4];
    assert_eq!(
        readout,
        format!("output (100, 50): {} {} {} {}", p[0], p[1], p[2], p[3])
    );

    harness.get_by_label("Bypass all").click();
    harness.run_steps(3);
    let runtime = harness.state().runtime().expect("runtime");
    assert!(runtime.chain().is_bypassed());
    let output = engine::input::read_texture(
        &runtime.gpu().device,
        &runtime.gpu().queue,
        runtime.chain().output(),
    )
    .expect("readback");
    assert_eq!(
        output,
        engine::input::test_card(w, h),
        "the output is the input"
    );
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
    // The effects compile again in the background.
    common::settle(&mut harness);
    assert_eq!(harness.state().document().definitions_text(None), "LEVEL=4");
    assert!(harness.query_by_label("LevelFour").is_some());
    assert!(harness.query_by_label_contains("reloaded").is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saving_a_shipped_preset_asks_where_instead_of_overwriting_it() {
    let Some(mut harness) = demo_on_test_card() else {
        return;
    };
    let shipped = app::session::files::default_preset_path();
    assert_eq!(
        harness.state().document().preset_path.as_deref(),
        Some(shipped.as_path())
    );
    let before = std::fs::read(&shipped).unwrap();
    let stray = std::env::current_dir().unwrap().join("fxbench.ini");
    let stray_existed = stray.exists();
    // A change, then Ctrl+S: with no preset of the user's open, it asks where (here no file
    // dialog answers, so the path field opens), and writes nothing.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    harness.run_steps(2);
    assert_eq!(
        std::fs::read(&shipped).unwrap(),
        before,
        "the shipped preset is untouched"
    );
    assert_eq!(
        stray.exists(),
        stray_existed,
        "nothing is written into the current folder"
    );
    assert!(harness.query_by_label("Save preset as").is_some());
    assert_eq!(harness.state().status(), "choose where to save the preset");
    // The field opened to save: Enter saves there (it used to run Open and lose the path).
    let dir = std::env::temp_dir().join(format!("fxbench-save-enter-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("mine.ini");
    let label = harness.get_by_label("Path").rect();
    let field = harness
        .get_all_by_role(egui::accesskit::Role::TextInput)
        .map(|n| n.rect())
        .filter(|r| (r.center().y - label.center().y).abs() < 8.0 && r.left() > label.left())
        .min_by(|a, b| a.left().total_cmp(&b.left()))
        .expect("the path field beside its label");
    harness.hover_at(field.center());
    harness.drag_at(field.center());
    harness.drop_at(field.center());
    harness.run_steps(1);
    harness.event(egui::Event::Text(target.display().to_string()));
    harness.run_steps(1);
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    assert!(target.is_file(), "{}", harness.state().status());
    assert!(
        harness.query_by_label("Save preset as").is_none(),
        "the field closes"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_overlay_sources_follow_the_uniform_being_hovered_and_edited() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, effect) = effect_in_temp(
        "overlay",
        "#include \"shaders/fxbench.wfxh\"\n\
         uniform Gain: f32 < ui_type = \"slider\"; > = 0.5;\n\
         uniform Active: u32 < source = \"overlay_active\"; >;\n\
         uniform Bias: f32 < ui_type = \"drag\"; > = 0.25;\n\
         uniform Hovered: u32 < source = \"overlay_hovered\"; >;\n\
         @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(Gain, Bias, f32(Active + Hovered), 1.0); }\n\
         technique Overlay < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n",
    );
    let mut harness = open_window(StartOptions {
        effects: vec![effect],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    let sourced = |harness: &Harness<'_, WorkbenchApp>| {
        let chain = harness.state().runtime().expect("runtime").chain();
        let first = chain.effect_at(0).expect("an effect");
        let values = chain.uniform_values(first);
        let effect = chain.effect(first);
        let at = |name: &str| values[effect.find_uniform(name).unwrap().index()][0];
        (at("Active"), at("Hovered"))
    };
    assert_eq!(sourced(&harness), (0.0, 0.0));
    // Bias is the effect's third uniform (sourced ones count, as in ReShade).
    harness.get_by_label("Bias").hover();
    harness.run_steps(2);
    assert_eq!(sourced(&harness), (0.0, 3.0));
    // Typing into Bias's field makes it the active one too.
    harness
        .get_all_by_role(egui::accesskit::Role::SpinButton)
        .find(|c| {
            use egui_kittest::kittest::NodeT as _;
            c.accesskit_node().numeric_value() == Some(0.25)
        })
        .expect("Bias's field")
        .focus();
    harness.run_steps(2);
    assert_eq!(sourced(&harness), (3.0, 3.0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Writes one effect into a fresh folder named after the test.
fn effect_in_temp(test: &str, text: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("fxbench-window-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    let effect = dir.join(format!("{test}.wfx"));
    std::fs::write(&effect, text).expect("effect written");
    (dir, effect)
}

#[test]
fn f12_saves_a_screenshot_without_the_techniques_kept_out_of_it() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, effect) = effect_in_temp(
        "shot",
        "#include \"shaders/fxbench.wfxh\"\n\
         @fragment fn tint(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(0.25, 0.5, 0.75, 1.0); }\n\
         @fragment fn mark(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(1.0, 0.0, 0.0, 1.0); }\n\
         technique Tint < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = tint; } }\n\
         technique Mark < enabled = true; enabled_in_screenshot = false; > { pass { VertexShader = PostProcessVS; PixelShader = mark; } }\n",
    );
    let mut harness = open_window(StartOptions {
        effects: vec![effect],
        input: app::session::input::InputChoice::TestCard,
        resolution: Some((64, 32)),
        ..StartOptions::default()
    });
    let shots = dir.join("shots");
    harness.state_mut().set_screenshot_folder(shots.clone());
    harness.get_by_label("Screenshot").click();
    harness.run_steps(2);
    harness
        .get_by_label("Also save the image before the effects")
        .click();
    harness.run_steps(1);
    harness.key_press(egui::Key::F12);
    let mut saved = Vec::new();
    for _ in 0..200 {
        harness.step();
        saved = std::fs::read_dir(&shots)
            .map(|d| d.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        if saved.len() == 2 && harness.state().status().starts_with("screenshot saved") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    saved.sort();
    assert_eq!(saved.len(), 2, "{saved:?} {}", harness.state().status());
    let names: Vec<String> = saved
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    // "shot YYYY-MM-DD HH-MM-SS.png" and its " original.png".
    assert!(
        names[0].starts_with("shot 20") && names[0].ends_with(" original.png"),
        "{names:?}"
    );
    assert_eq!(names[1], names[0].replace(" original.png", ".png"));
    let after = image::open(&saved[1]).unwrap().to_rgba8();
    let before = image::open(&saved[0]).unwrap().to_rgba8();
    assert_eq!(after.dimensions(), (64, 32));
    // Mark is left out of the screenshot: Tint's colour, not red.
    assert_eq!(after.get_pixel(10, 10).0, [64, 128, 191, 255]);
    let card = engine::input::test_card(64, 32);
    assert_eq!(before.into_raw(), card.pixels);
    // The preview kept Mark: the next frames are red again.
    harness.run_steps(2);
    let runtime = harness.state().runtime().expect("runtime");
    let ctx = runtime.gpu();
    let out =
        engine::input::read_texture(&ctx.device, &ctx.queue, runtime.chain().output()).unwrap();
    assert_eq!(out.pixel(10, 10), [255, 0, 0, 255]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_chosen_resolution_sets_buffer_width_whatever_the_panel_size() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let (dir, effect) = effect_in_temp(
        "resolution",
        "#include \"shaders/fxbench.wfxh\"\n\
         @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(f32(BUFFER_WIDTH) / 4000.0, f32(BUFFER_HEIGHT) / 4000.0, 0.0, 1.0); }\n\
         technique Size < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }\n",
    );
    let mut harness = open_window(StartOptions {
        effects: vec![effect],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    let output_at = |harness: &Harness<'_, WorkbenchApp>| {
        let runtime = harness.state().runtime().expect("runtime");
        let ctx = runtime.gpu();
        let out =
            engine::input::read_texture(&ctx.device, &ctx.queue, runtime.chain().output()).unwrap();
        ((out.width, out.height), out.pixel(0, 0))
    };
    let unorm = |v: f32| (v / 4000.0 * 255.0).round() as u8;
    assert_eq!(
        output_at(&harness),
        ((1280, 720), [unorm(1280.0), unorm(720.0), 0, 255])
    );
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some("input's own"))
        .expect("the resolution selector")
        .click();
    harness.run_steps(2);
    harness.get_by_label("2560x1440").click();
    common::settle(&mut harness);
    assert_eq!(
        output_at(&harness),
        ((2560, 1440), [unorm(2560.0), unorm(1440.0), 0, 255])
    );
    assert_eq!(harness.state().opened().resolution, Some((2560, 1440)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_split_can_compare_the_output_with_one_technique_left_out() {
    if engine::testing::gpu().is_none() {
        return;
    }
    // Red sets the red channel, Blue the blue one: without Blue the left side is red only.
    let (dir, effect) = effect_in_temp(
        "tints",
        "#include \"shaders/fxbench.wfxh\"\n\
         @fragment fn red(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(1.0, 0.0, 0.0, 1.0); }\n\
         @fragment fn blue(in: PostProcessOut) -> @location(0) vec4<f32> { let c = BackBufferLoad(in.position); return vec4<f32>(c.r, 0.0, 1.0, 1.0); }\n\
         technique Red < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = red; } }\n\
         technique Blue < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = blue; } }\n",
    );
    let mut harness = open_window(StartOptions {
        effects: vec![effect],
        input: app::session::input::InputChoice::TestCard,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    harness.get_by_label("Split before/after").click();
    harness.run_steps(2);
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|c| c.value().as_deref() == Some("input"))
        .expect("the left side's selector")
        .click();
    harness.run_steps(2);
    harness.get_by_label("without Blue").click();
    harness.run_steps(4);
    let state = harness.state();
    assert_eq!(
        state.preview_panel().before(),
        app::window::panels::compare::Before::Without(
            state
                .runtime()
                .expect("runtime")
                .chain()
                .find("Blue", None)
                .expect("Blue")
        )
    );
    let rect = state.preview_panel().image_rect().expect("the preview");
    let shot = harness.render().expect("render");
    let at = |fx: f32| {
        let p = shot.get_pixel(
            (rect.left() + fx * rect.width()) as u32,
            (rect.top() + 0.5 * rect.height()) as u32,
        );
        [p[0], p[1], p[2]]
    };
    // Left of the divider: red only (no Blue); right of it: magenta (both).
    assert_eq!(at(0.25), [255, 0, 0]);
    assert_eq!(at(0.75), [255, 0, 255]);
    // The split off: the extra run stops.
    harness.get_by_label("Split before/after").click();
    harness.run_steps(3);
    assert!(
        harness
            .state()
            .runtime()
            .expect("runtime")
            .chain()
            .reference()
            .is_none()
    );
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn split_in_the_start_options_opens_the_split_against_that_technique() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let mut harness = open_window(StartOptions {
        input: app::session::input::InputChoice::TestCard,
        split: Some(Some("Vignette".to_string())),
        ..StartOptions::default()
    });
    harness.run_steps(3);
    let state = harness.state();
    let chain = state.runtime().expect("runtime").chain();
    let vignette = chain.find("Vignette", None).expect("the demo's vignette");
    assert_eq!(
        state.preview_panel().before(),
        app::window::panels::compare::Before::Without(vignette)
    );
    assert!(state.preview_panel().divider().is_some(), "split on");
    assert_eq!(chain.reference(), Some(vignette), "the extra run is on");
}

#[test]
fn the_source_map_view_opens_on_the_fx_pixel_shaders_own_lines() {
    if engine::testing::gpu().is_none() {
        return;
    }
    let effect = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/vignette.fx");
    let mut harness = open_window(StartOptions {
        effects: vec![effect],
        input: app::session::input::InputChoice::TestCard,
        view: app::window::CentralView::SourceMap,
        ..StartOptions::default()
    });
    harness.run_steps(2);
    wait_for_spirv(&mut harness);
    harness.run_steps(2);
    // The FX line as written, heading the instructions made for it (found: the list shows the
    // rows in view).
    let find = egui::accesskit::Role::TextInput;
    harness.get_by_role_and_label(find, "Find").focus();
    harness.run_steps(1);
    harness
        .get_by_role_and_label(find, "Find")
        .type_text("tex2D");
    harness.run_steps(3);
    harness.get_by_label_contains(
        "vignette.fx:17 | float4 color = tex2D(ReShade::BackBuffer, texcoord);",
    );
}
