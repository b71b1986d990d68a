//! The fxbench workbench window (feature `window`): the chain's output in the centre (or the
//! SPIR-V view of its passes), techniques with their GPU times and uniforms on the left,
//! diagnostics beside them.
//!
//! Invariant: the only module that knows eframe and egui. State is split three ways: settings
//! ([`StartOptions`]), the open document ([`Document`], from the session layer) and GPU state
//! ([`runtime::Runtime`]); panels return [`Command`]s that [`WorkbenchApp::apply`] carries out in
//! one place. What is not drawing (opening, compiling, inputs, SPIR-V) is the session layer's.

pub mod input_map;
pub mod panels;
pub mod runtime;
pub mod watch;

use std::path::PathBuf;

use analysis::CompileMode;
use engine::TechniqueKey;
use runtime::Runtime;

use crate::session::document::Document;
use crate::session::input::{InputChoice, TEST_CARD_SIZE};
use crate::session::{self, files, spirv};

/// What the window opens with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StartOptions {
    /// Effects to open; with none (and no preset) the built-in demo preset.
    pub effects: Vec<PathBuf>,
    pub preset: Option<PathBuf>,
    /// What the effects run over.
    pub input: InputChoice,
    /// A depth image for an image input (greyscale PNG, black near, white far).
    pub depth: Option<PathBuf>,
    /// Close the window after this many frames (smoke tests, screenshots).
    pub exit_after_frames: Option<u64>,
    /// What the central panel shows first.
    pub view: CentralView,
}

/// Something a panel asks for; applied after the UI pass.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    SetEnabled(TechniqueKey, bool),
    /// Moves the technique at run position `from` to position `to`.
    MoveTechnique {
        from: usize,
        to: usize,
    },
    /// Writes the current technique list, order and uniform values to the open preset.
    SavePreset,
    /// Reads the effect files again (after editing them) and rebuilds the chain, keeping order,
    /// enabled techniques and uniform values.
    Reload,
    SetUniform {
        effect: usize,
        uniform: analysis::UniformId,
        value: Vec<f64>,
    },
    /// Rebuilds the chain running other shaders (naga IR, naga's SPIR-V or the optimiser's), so
    /// their GPU times can be compared pass by pass.
    SetShaders(spirv::ShaderChoice),
    /// Recompiles with uniforms folded into constants at their current values (performance
    /// mode) or back into the uniform buffer (normal), as ReShade's performance mode does.
    SetCompileMode(CompileMode),
    /// Opens other effects, a preset or an input (see [`WorkbenchApp::open`]).
    Open(StartOptions),
    /// Sets the preset's global `PreprocessorDefinitions` (`NAME=VALUE,NAME2`) and, when they
    /// changed, compiles the effects again as [`Command::Reload`] does.
    SetDefinitions(String),
}

/// What the central panel shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CentralView {
    #[default]
    Preview,
    /// The passes as SPIR-V, before and after the optimiser.
    Spirv,
}

/// The eframe application.
pub struct WorkbenchApp {
    document: Document,
    runtime: Result<Runtime, String>,
    /// Front-end diagnostics of the open effects, rendered.
    diagnostics: Vec<panels::diagnostics::Row>,
    frames_drawn: u64,
    exit_after_frames: Option<u64>,
    /// The outcome of the last action (a save, a reload), shown under the techniques.
    status: String,
    /// Reloads the effects when one of their files changes on disk.
    watcher: Option<watch::FileWatcher>,
    view: CentralView,
    spirv: panels::spirv::SpirvPanel,
    /// Which shaders the chain runs.
    shaders: spirv::ShaderChoice,
    /// How uniforms reach the shaders (performance mode compiles them in as constants).
    mode: CompileMode,
    /// The device the window renders with, for chains opened later.
    render_state: Option<egui_wgpu::RenderState>,
    /// What [`Self::open`] opened last.
    opened: StartOptions,
}

impl WorkbenchApp {
    pub fn new(cc: &eframe::CreationContext<'_>, options: StartOptions) -> Self {
        let mut app = Self {
            document: Document::default(),
            runtime: Err(String::new()),
            diagnostics: Vec::new(),
            frames_drawn: 0,
            exit_after_frames: options.exit_after_frames,
            status: String::new(),
            watcher: None,
            view: options.view,
            spirv: panels::spirv::SpirvPanel::default(),
            shaders: spirv::ShaderChoice::default(),
            mode: CompileMode::Normal,
            render_state: cc.wgpu_render_state.clone(),
            opened: options.clone(),
        };
        app.open(options);
        app
    }

    /// Opens the effects, preset and input of `options` in place of what is open. The shader
    /// choice and performance mode start afresh; on failure the window says why.
    pub fn open(&mut self, options: StartOptions) {
        // The old chain goes first: its GPU memory is not needed by the new one.
        self.runtime = Err(String::new());
        let document =
            session::open_document(options.preset.as_deref(), &options.effects, &options.input)
                .map_err(|e| e.to_string());
        let image = load_source(&options);
        let mut diagnostics = Vec::new();
        let mut watched = Vec::new();
        let runtime = match (&document, image, self.render_state.as_ref()) {
            (Err(e), _, _) => Err(e.clone()),
            (_, Err(e), _) => Err(e),
            (_, _, None) => Err("the window has no wgpu renderer".to_string()),
            (Ok(doc), Ok(source), Some(render_state)) => {
                let compiled = doc.compile(source.size());
                diagnostics = panels::diagnostics::rows(&compiled);
                watched = compiled.files();
                Runtime::new(render_state, doc, compiled.effects, source).map_err(|e| e.to_string())
            }
        };
        if let Ok(runtime) = &runtime {
            self.spirv.refresh(runtime.chain());
        }
        self.document = document.unwrap_or_default();
        self.runtime = runtime;
        self.diagnostics = diagnostics;
        self.watcher = watch::FileWatcher::new(watched).ok();
        self.shaders = spirv::ShaderChoice::default();
        self.mode = CompileMode::Normal;
        self.status = match &self.runtime {
            Ok(_) => String::new(),
            Err(_) => "nothing runs: see the message above".to_string(),
        };
        self.opened = options;
    }

    /// Runs the open effects over `options`' input instead, keeping order, enabled techniques
    /// and values (only the input differs from what is open).
    fn change_input(&mut self, options: StartOptions) {
        let Ok(runtime) = &mut self.runtime else {
            return;
        };
        self.status = match load_source(&options) {
            Ok(source) => {
                let compiled =
                    self.document
                        .compile_like(source.size(), self.mode, runtime.chain());
                self.diagnostics = panels::diagnostics::rows(&compiled);
                if compiled.has_errors() {
                    "the effects have errors (see Diagnostics)".to_string()
                } else {
                    match runtime.set_input(source, compiled.effects) {
                        Ok(()) => {
                            self.opened = options;
                            self.spirv.refresh(runtime.chain());
                            "input changed".to_string()
                        }
                        Err(e) => format!("cannot run over that input: {e}"),
                    }
                }
            }
            Err(e) => format!("cannot open the input: {e}"),
        };
    }

    /// What is open: the effects, preset and input last given to [`Self::open`].
    pub fn opened(&self) -> &StartOptions {
        &self.opened
    }

    /// The SPIR-V view's state (its stage list follows the open effects).
    pub fn spirv_panel(&self) -> &panels::spirv::SpirvPanel {
        &self.spirv
    }

    /// The GPU state, if the chain could be built.
    pub fn runtime(&self) -> Option<&Runtime> {
        self.runtime.as_ref().ok()
    }

    pub fn document(&self) -> &Document {
        &self.document
    }

    fn apply(&mut self, commands: Vec<Command>) {
        for command in commands {
            let command = match command {
                Command::SetDefinitions(text) if self.document.set_definitions(None, &text) => {
                    Command::Reload
                }
                Command::SetDefinitions(_) => continue,
                other => other,
            };
            if let Command::Open(options) = command {
                let same_document =
                    options.effects == self.opened.effects && options.preset == self.opened.preset;
                if same_document && self.runtime.is_ok() {
                    self.change_input(options);
                } else {
                    self.open(options);
                }
                continue;
            }
            let Ok(runtime) = &mut self.runtime else {
                return;
            };
            match command {
                Command::Open(_) | Command::SetDefinitions(_) => unreachable!("handled above"),
                Command::SetEnabled(key, on) => runtime.chain_mut().set_enabled(key, on),
                Command::MoveTechnique { from, to } => {
                    let mut order = runtime.chain().order().to_vec();
                    if from < order.len() && to < order.len() {
                        let moved = order.remove(from);
                        order.insert(to, moved);
                        runtime.chain_mut().set_order(&order);
                    }
                }
                Command::Reload => {
                    let compiled = self.document.compile_like(
                        runtime.chain().size(),
                        self.mode,
                        runtime.chain(),
                    );
                    self.diagnostics = panels::diagnostics::rows(&compiled);
                    // Includes may have changed: watch what this compile read.
                    self.watcher = watch::FileWatcher::new(compiled.files()).ok();
                    self.status = if compiled.has_errors() {
                        "reload failed: the effects have errors (see Diagnostics)".to_string()
                    } else {
                        match runtime.reload(compiled.effects) {
                            Ok(()) => {
                                self.spirv.refresh(runtime.chain());
                                "reloaded".to_string()
                            }
                            Err(e) => format!("reload failed: {e}"),
                        }
                    };
                }
                Command::SavePreset => {
                    let path = self
                        .document
                        .preset_path
                        .clone()
                        .unwrap_or_else(|| std::path::PathBuf::from("fxbench.ini"));
                    let preset = self.document.preset_from_chain(runtime.chain());
                    let saved =
                        crate::session::files::write_atomic(&path, preset.to_ini().as_bytes());
                    self.status = match saved {
                        Ok(()) => format!("saved {}", path.display()),
                        Err(e) => format!("could not save {}: {e}", path.display()),
                    };
                    self.document.preset = Some(preset);
                }
                Command::SetUniform {
                    effect,
                    uniform,
                    value,
                } => runtime.chain_mut().set_uniform(effect, uniform, value),
                Command::SetShaders(choice) => {
                    let shaders = match choice.shaders() {
                        Ok(shaders) => shaders,
                        Err(why) => {
                            self.status = format!("cannot run {}: {why}", choice.label());
                            continue;
                        }
                    };
                    let compiled = self.document.compile_like(
                        runtime.chain().size(),
                        self.mode,
                        runtime.chain(),
                    );
                    let options = engine::ChainOptions {
                        shaders,
                        ..runtime.chain().options().clone()
                    };
                    self.status = if compiled.has_errors() {
                        "the effects have errors (see Diagnostics)".to_string()
                    } else {
                        match runtime.reload_with(compiled.effects, &options) {
                            Ok(()) => {
                                self.shaders = choice;
                                self.spirv.refresh(runtime.chain());
                                format!("running {}", choice.label())
                            }
                            Err(e) => format!("cannot run {}: {e}", choice.label()),
                        }
                    };
                }
                Command::SetCompileMode(mode) => {
                    let compiled =
                        self.document
                            .compile_like(runtime.chain().size(), mode, runtime.chain());
                    self.diagnostics = panels::diagnostics::rows(&compiled);
                    self.status = if compiled.has_errors() {
                        "the effects have errors (see Diagnostics)".to_string()
                    } else {
                        match runtime.reload(compiled.effects) {
                            Ok(()) => {
                                self.mode = mode;
                                self.spirv.refresh(runtime.chain());
                                match mode {
                                    CompileMode::Performance => {
                                        "performance mode: uniforms compiled in".to_string()
                                    }
                                    CompileMode::Normal => {
                                        "performance mode off: uniforms editable".to_string()
                                    }
                                }
                            }
                            Err(e) => format!("cannot switch performance mode: {e}"),
                        }
                    };
                }
            }
        }
    }
}

/// "Open effects", "Open preset" and "Open image" with the system's file dialog; returns what to
/// open instead of `opened`. (The dialog is modal: the preview pauses while it is up.)
fn open_buttons(ui: &mut egui::Ui, opened: &StartOptions) -> Option<StartOptions> {
    let dir = opened
        .preset
        .as_ref()
        .or(opened.effects.first())
        .and_then(|p| p.parent())
        .map_or_else(files::builtin_presets_dir, std::path::Path::to_path_buf);
    let dialog = || rfd::FileDialog::new().set_directory(&dir);
    let mut open = None;
    ui.horizontal(|ui| {
        if ui
            .button("Open effects...")
            .on_hover_text("Run these .wfx files (in place of the open ones)")
            .clicked()
            && let Some(effects) = dialog().add_filter("Effects", &["wfx", "fx"]).pick_files()
        {
            open = Some(StartOptions {
                effects,
                preset: None,
                ..opened.clone()
            });
        }
        if ui
            .button("Open preset...")
            .on_hover_text("A ReShade-style .ini preset and the effects it names")
            .clicked()
            && let Some(preset) = dialog().add_filter("Presets", &["ini"]).pick_file()
        {
            open = Some(StartOptions {
                effects: Vec::new(),
                preset: Some(preset),
                ..opened.clone()
            });
        }
        if ui
            .button("Open image...")
            .on_hover_text("Run the effects over a PNG or JPEG instead")
            .clicked()
            && let Some(image) = dialog()
                .add_filter("Images", &["png", "jpg", "jpeg"])
                .pick_file()
        {
            open = Some(StartOptions {
                input: InputChoice::Image(image),
                depth: None,
                ..opened.clone()
            });
        }
    });
    ui.horizontal(|ui| {
        ui.label("Input");
        let current = match &opened.input {
            InputChoice::Scene => "3D scene (with depth)".to_string(),
            InputChoice::TestCard => "test card".to_string(),
            InputChoice::Image(path) => path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into(),
            ),
        };
        let mut choice = None;
        egui::ComboBox::from_id_salt("input")
            .selected_text(current)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(opened.input == InputChoice::Scene, "3D scene (with depth)")
                    .clicked()
                {
                    choice = Some(InputChoice::Scene);
                }
                if ui
                    .selectable_label(opened.input == InputChoice::TestCard, "test card")
                    .clicked()
                {
                    choice = Some(InputChoice::TestCard);
                }
            });
        if let Some(input) = choice.filter(|c| *c != opened.input) {
            open = Some(StartOptions {
                input,
                depth: None,
                ..opened.clone()
            });
        }
    });
    open
}

/// What `options` says the effects run over, loaded (the test card and scene at
/// [`TEST_CARD_SIZE`]).
fn load_source(options: &StartOptions) -> Result<session::input::Source, String> {
    session::input::load_input(&options.input, options.depth.as_deref(), TEST_CARD_SIZE)
        .map_err(|e| e.to_string())
}

impl eframe::App for WorkbenchApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        if let Ok(runtime) = &mut self.runtime {
            runtime.render_frame(ui.ctx());
        }
        let mut commands = Vec::new();
        if self
            .watcher
            .as_ref()
            .is_some_and(watch::FileWatcher::take_change)
        {
            commands.push(Command::Reload);
        }
        egui::Panel::left("techniques")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                if let Some(open) = open_buttons(ui, &self.opened) {
                    commands.push(Command::Open(open));
                }
                ui.separator();
                match &self.runtime {
                    Ok(runtime) => {
                        commands.extend(panels::techniques::techniques_ui(ui, runtime.chain()));
                        let definitions = self.document.definitions_text(None);
                        commands.extend(panels::techniques::definitions_ui(ui, &definitions));
                        ui.horizontal(|ui| {
                            let target = self.document.preset_path.as_ref().map_or_else(
                                || "fxbench.ini".to_string(),
                                |p| p.display().to_string(),
                            );
                            if ui.button("Save preset").on_hover_text(target).clicked() {
                                commands.push(Command::SavePreset);
                            }
                            if ui
                                .button("Reload")
                                .on_hover_text("Read the effect files again")
                                .clicked()
                            {
                                commands.push(Command::Reload);
                            }
                            ui.weak(&self.status);
                        });
                        ui.horizontal(|ui| {
                            ui.label("Shaders");
                            let mut choice = self.shaders;
                            egui::ComboBox::from_id_salt("shaders")
                            .selected_text(choice.label())
                            .show_ui(ui, |ui| {
                                for c in spirv::ShaderChoice::ALL {
                                    ui.selectable_value(&mut choice, c, c.label());
                                }
                            })
                            .response
                            .on_hover_text(
                                "What the GPU runs: wgpu's translation of naga IR, naga's SPIR-V \
                                 as the SPIR-V view shows it, or that SPIR-V optimised. \
                                 Compare the GPU times per pass.",
                            );
                            if choice != self.shaders {
                                commands.push(Command::SetShaders(choice));
                            }
                        });
                        let mut performance = self.mode == CompileMode::Performance;
                        if ui
                            .checkbox(&mut performance, "Performance mode")
                            .on_hover_text(
                                "Compile uniforms in as constants at their current values (those \
                             fed by a source stay live), as ReShade does: faster shaders, \
                             values fixed until it is turned off.",
                            )
                            .changed()
                        {
                            commands.push(Command::SetCompileMode(if performance {
                                CompileMode::Performance
                            } else {
                                CompileMode::Normal
                            }));
                        }
                        commands.extend(panels::uniforms::uniforms_ui(ui, runtime.chain()));
                        ui.separator();
                        panels::diagnostics::diagnostics_ui(ui, &self.diagnostics);
                    }
                    Err(error) => {
                        ui.heading("Cannot run the effects");
                        ui.label(error);
                        panels::diagnostics::diagnostics_ui(ui, &self.diagnostics);
                    }
                }
            });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.view, CentralView::Preview, "Preview");
                ui.selectable_value(&mut self.view, CentralView::Spirv, "SPIR-V");
            });
            ui.separator();
            if let Ok(runtime) = &mut self.runtime {
                match self.view {
                    CentralView::Preview => {
                        let rect = panels::preview::preview_ui(ui, runtime);
                        runtime.set_preview_rect(Some(rect));
                    }
                    CentralView::Spirv => {
                        runtime.set_preview_rect(None);
                        self.spirv.ui(ui, runtime.chain(), self.shaders.label());
                    }
                }
            }
        });
        self.apply(commands);
        // Effects animate (timers, random sources): keep frames coming.
        ui.ctx().request_repaint();
        self.frames_drawn += 1;
        if self
            .exit_after_frames
            .is_some_and(|n| self.frames_drawn >= n)
        {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

/// Opens the window and runs until it closes.
pub fn run_native(options: StartOptions) -> anyhow::Result<()> {
    let mut native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("fxbench")
            .with_inner_size([1500.0, 860.0]),
        renderer: eframe::Renderer::Wgpu,
        ..Default::default()
    };
    if let egui_wgpu::WgpuSetup::CreateNew(setup) = &mut native.wgpu_options.wgpu_setup {
        setup.device_descriptor = std::sync::Arc::new(runtime::device_descriptor);
    }
    eframe::run_native(
        "fxbench",
        native,
        Box::new(move |cc| Ok(Box::new(WorkbenchApp::new(cc, options)))),
    )
    .map_err(|e| anyhow::anyhow!("the window failed: {e}"))
}
