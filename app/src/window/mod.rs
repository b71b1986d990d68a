//! The fxbench workbench window (feature `window`): dockable panes (techniques, uniforms,
//! diagnostics, code editor, preview, SPIR-V) between a menu/tool bar and a status bar.
//!
//! Invariant: the only module that knows eframe and egui. [`WorkbenchApp`] owns, in four parts,
//! what was opened ([`StartOptions`], and what [`persist`] stores), the open document
//! ([`Document`], from the session layer; the editor's buffers are the editor panel's), the GPU
//! state ([`runtime::Runtime`], or why none runs) and each panel's state; the panels that change
//! something return [`Command`]s that `WorkbenchApp::apply` carries out in one place. What is not drawing
//! (opening, compiling, inputs, SPIR-V) is the session layer's; every compile an action asks for
//! (open, shaders, performance mode, input, reload, the editor's text) runs off the UI thread
//! (`session::background`) and rebuilds the chain on a later frame (`rebuild.rs`).

mod apply;
pub mod editor;
pub mod input_map;
pub mod layout;
pub mod panels;
pub mod persist;
mod rebuild;
pub mod recovery;
pub mod reference_side;
pub mod runtime;
pub mod screenshots;
pub mod status_log;
mod toolbar;
mod trace;
pub mod undo;
pub mod watch;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use analysis::CompileMode;
use engine::TechniqueKey;
use runtime::Runtime;

use crate::session::background::BackgroundCompiler;
use crate::session::document::Document;
use crate::session::input::{InputChoice, TEST_CARD_SIZE};
use crate::session::{self, spirv};
use layout::Pane;

/// How long typing pauses before the editor's text is compiled.
pub const EDIT_DEBOUNCE: Duration = Duration::from_millis(300);

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
    /// The chain's resolution (`BUFFER_WIDTH`/`BUFFER_HEIGHT`), whatever the preview panel's
    /// size: `None` runs at an image's own size and the test card and scene at
    /// [`TEST_CARD_SIZE`]; an image of another size is scaled to it.
    pub resolution: Option<(u32, u32)>,
    /// Close the window after this many frames (smoke tests, screenshots).
    pub exit_after_frames: Option<u64>,
    /// What the central panel shows first.
    pub view: CentralView,
    /// A recovery file a window that lost its GPU device wrote (`--recover`): open what it
    /// names, with its unsaved text and preset changes.
    pub recover: Option<PathBuf>,
    /// After a lost device, write the recovery file but start no new window (tests).
    pub no_relaunch: bool,
    /// Open the preview split before/after; with a technique's name, its left side is the
    /// output without that technique.
    pub split: Option<Option<String>>,
    /// Effect search paths (`-I`; each with its subfolders), as the command line or the Search
    /// paths menu gives them.
    pub include: Vec<PathBuf>,
    /// Texture search paths (`--textures`; with its subfolders when written `DIR/**`).
    pub textures: Vec<PathBuf>,
    /// Folders of ReShade's own SPIR-V (`--reference`, the File menu's setting): a reference
    /// module for the open effect is looked for there after beside it
    /// ([`session::reference::find`]).
    pub reference: Vec<PathBuf>,
    /// The back buffer the effects run on (`--back-buffer`/`--color-space`, the tool bar's
    /// box): `None` is what the last session stored, else RGBA8 sRGB.
    pub back_buffer: Option<analysis::BackBuffer>,
}

impl StartOptions {
    /// The back buffer these options run on (RGBA8 sRGB unless one was chosen).
    pub fn back_buffer(&self) -> analysis::BackBuffer {
        self.back_buffer.unwrap_or_default()
    }

    /// The search paths the document opens with.
    pub fn search_paths(&self) -> session::search::SearchPaths {
        session::search::SearchPaths::from_args(&self.include, &self.textures)
    }
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
    /// [`Command::SavePreset`] to another file, which becomes the open preset.
    SavePresetAs(PathBuf),
    /// Reads the files again (after editing them elsewhere) and rebuilds the chain, keeping
    /// order, enabled techniques and uniform values. Buffers with unsaved edits are not
    /// replaced: a file changed under one asks which to keep.
    Reload,
    /// A watched file changed on disk: [`Command::Reload`], quietly when no open file or the
    /// preset changed (the window's own save).
    FilesChanged,
    SetUniform {
        effect: engine::EffectIndex,
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
    /// Opens a file in the editor at a range (a diagnostic's) and selects it.
    OpenAt(panels::diagnostics::Target),
    /// The editor's text changed: compile it after [`EDIT_DEBOUNCE`].
    BuffersEdited,
    /// Saves the edited files (Ctrl+S), or the preset when no file is edited.
    SaveFiles,
    /// Undoes or redoes the last uniform, toggle or reorder.
    Undo,
    Redo,
    ShowPane(Pane),
    HidePane(Pane),
    ResetLayout,
    ToggleHelp,
    ToggleLog,
    /// Set definition `name` to `value` in effect file `effect`'s section of the preset.
    SetEffectDefinition {
        effect: String,
        name: String,
        value: String,
    },
    /// Takes a screenshot of the next frame (asking for a folder first when none is set).
    TakeScreenshot,
    /// Where screenshots go.
    SetScreenshotFolder(PathBuf),
    /// Whether a screenshot also saves the image before the effects.
    SetScreenshotBefore(bool),
    /// Sets the preset's global `PreprocessorDefinitions` (`NAME=VALUE,NAME2`) and, when they
    /// changed, compiles the effects again as [`Command::Reload`] does.
    SetDefinitions(String),
    /// Where ReShade's own SPIR-V is looked for (after beside the effect): the reference
    /// folders, and the module found again.
    SetReferenceFolders(Vec<PathBuf>),
    /// What the preview asks of the next frame, every frame it is drawn: where the image is
    /// (mouse sources), bypass all, the technique the split leaves out, and ReShade's side with
    /// the differences' gain. Not asked, each is off.
    PreviewShown {
        image_rect: egui::Rect,
        bypass: bool,
        without: Option<TechniqueKey>,
        reference_side: Option<f32>,
        /// The display transform, on a wide back buffer (`engine::display`).
        display: Option<engine::display::DisplayTransform>,
    },
    /// The uniform being edited and the one hovered in the uniforms panel, for the
    /// `overlay_active`/`overlay_hovered` sources of the next frame.
    Overlay {
        active: Option<engine::sources::UniformRef>,
        hovered: Option<engine::sources::UniformRef>,
    },
    /// The texture the chain copies for a panel while it is shown: the inspector's wins over
    /// the preview's pixel readout; with none asked, nothing is copied.
    Capture {
        request: engine::inspect::CaptureRequest,
        inspector: bool,
    },
    /// The inspector shows differences: run ReShade's side with this gain next frame.
    WantReferenceSide(f32),
    /// A click on the preview's or the inspector's image at this pixel: the Debug pane's
    /// pixel while it is open.
    PickPixel([u32; 2]),
    /// Records the shader debugger's trace of a pass at a pixel or thread (the Debug pane).
    RecordTrace(panels::debugger::TraceAsk),
    /// Records the pixel history of a pixel (the Debug pane).
    RecordHistory([u32; 2]),
    /// A pass's marker in the editor's gutter was clicked: the Debug pane shows, chooses that
    /// pass and records it at its pixel or thread, when one is chosen.
    DebugPass {
        technique: TechniqueKey,
        /// The pass's index in its technique.
        pass: usize,
    },
}

/// What the central panel shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CentralView {
    #[default]
    Preview,
    /// The passes as SPIR-V, before and after the optimiser.
    Spirv,
    /// Every texture of the chain, as it is after a chosen pass.
    Inspector,
    /// Per technique and pass times, shares of the frame and their history.
    Timing,
    /// The SPIR-V view's source map of the first pixel shader.
    SourceMap,
}

/// Why the window could not open what it was asked to open.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpenError {
    #[error("could not open: {0}")]
    Document(#[source] session::document::DocumentError),
    #[error("could not open the input: {0}")]
    Input(#[source] engine::input::InputError),
    #[error("the window has no wgpu renderer")]
    NoRenderer,
}

/// Why no chain runs, shown in the panes that need one.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NotRunning {
    /// The window is opening something (the old chain goes before the new one is built).
    #[error("nothing is open yet")]
    Opening,
    #[error(transparent)]
    Open(OpenError),
    /// The effects compiled but their chain could not be built.
    #[error(transparent)]
    Chain(engine::ChainError),
}

/// The eframe application, split as ARCHITECTURE.md draws it: what was opened and is kept
/// between runs ([`Settings`]), the open document and what is being done to it
/// ([`DocumentState`]), the GPU state ([`GpuState`]) and the panels' own state ([`PanelState`]).
pub struct WorkbenchApp {
    settings: Settings,
    doc: DocumentState,
    gpu: GpuState,
    panels: PanelState,
    /// The outcome of the last action (a save, a reload), shown in the status bar.
    status: String,
    title: String,
    frames_drawn: u64,
    /// Commands queued from outside the UI pass ([`Self::queue`]).
    queued: Vec<Command>,
}

/// What was opened and what the window remembers between runs ([`persist`]).
struct Settings {
    /// What [`WorkbenchApp::open`] opened last.
    opened: StartOptions,
    recent: Vec<PathBuf>,
    /// Images opened as the input, newest first.
    recent_images: Vec<PathBuf>,
    screenshots: screenshots::Screenshots,
    exit_after_frames: Option<u64>,
}

/// The open document, its diagnostics, and the compiles and edits under way.
struct DocumentState {
    document: Document,
    /// Front-end diagnostics of the open effects, rendered.
    diagnostics: Vec<panels::diagnostics::Row>,
    /// Reloads the effects when one of their files changes on disk.
    watcher: Option<watch::FileWatcher>,
    compiler: BackgroundCompiler,
    /// When the editor's text last changed and has not been compiled since.
    edited_at: Option<Instant>,
    /// What the running background compile changes once it finishes.
    pending: rebuild::Pending,
    undo: undo::UndoStack,
    /// Technique or uniform changes not yet saved to the preset.
    preset_dirty: bool,
    /// The preset file changed on disk: apply it to the chain the running compile builds.
    reapply_preset: bool,
    /// The running compile follows a reload that changed nothing visible: keep the status.
    quiet_compile: bool,
}

/// The GPU side: the chain (or why none runs) and how it is built.
struct GpuState {
    runtime: Result<Runtime, NotRunning>,
    /// The device the window renders with, for chains opened later.
    render_state: Option<egui_wgpu::RenderState>,
    /// Which shaders the chain runs.
    shaders: spirv::ShaderChoice,
    /// How uniforms reach the shaders (performance mode compiles them in as constants).
    mode: CompileMode,
    /// Written once the device is lost (see [`recovery`]).
    recovery_file: Option<PathBuf>,
}

/// Each panel's own state, the layout and the bars.
struct PanelState {
    spirv: panels::spirv::SpirvPanel,
    editor: editor::EditorPanel,
    preview: panels::compare::PreviewPanel,
    inspector: panels::inspector::InspectorPanel,
    timing: panels::timing::TimingPanel,
    debugger: panels::debugger::DebuggerPanel,
    tree: egui_tiles::Tree<Pane>,
    toolbar: toolbar::Toolbar,
    uniform_filter: String,
    show_help: bool,
    /// Every status message shown, for the Log window.
    log: status_log::StatusLog,
}

impl WorkbenchApp {
    /// The window with `options`, and what the last run stored (layout, recent files, and the
    /// open files when `options` names none).
    pub fn new(cc: &eframe::CreationContext<'_>, options: StartOptions) -> Self {
        Self::with_storage(cc, options, cc.storage)
    }

    /// [`Self::new`] reading `storage` instead of the window's.
    pub fn with_storage(
        cc: &eframe::CreationContext<'_>,
        mut options: StartOptions,
        storage: Option<&dyn eframe::Storage>,
    ) -> Self {
        let stored: Option<persist::Stored> =
            storage.and_then(|s| eframe::get_value(s, persist::KEY));
        let mut tree = layout::default_tree();
        let mut recent = Vec::new();
        let mut recent_images = Vec::new();
        let mut screenshot_settings = persist::ScreenshotSettings::default();
        if let Some(stored) = stored {
            tree = stored.layout;
            recent = stored.recent;
            recent_images = stored.recent_images;
            if options.effects.is_empty() && options.preset.is_none() {
                options.effects = stored.effects;
                options.preset = stored.preset;
                if options.input == InputChoice::default() {
                    options.input = stored.input.into();
                }
            }
            if options.resolution.is_none() {
                options.resolution = stored.resolution;
            }
            if options.include.is_empty() && options.textures.is_empty() {
                options.include = stored.include;
                options.textures = stored.textures;
            }
            if options.reference.is_empty() {
                options.reference = stored.reference;
            }
            if options.back_buffer.is_none() {
                options.back_buffer = stored.back_buffer.and_then(|b| b.back_buffer());
            }
            screenshot_settings = stored.screenshots;
        }
        let mut app = Self {
            settings: Settings {
                opened: StartOptions::default(),
                recent,
                recent_images,
                screenshots: screenshots::Screenshots::new(screenshot_settings),
                exit_after_frames: options.exit_after_frames,
            },
            doc: DocumentState {
                document: Document::default(),
                diagnostics: Vec::new(),
                watcher: None,
                compiler: BackgroundCompiler::default(),
                edited_at: None,
                pending: rebuild::Pending::default(),
                undo: undo::UndoStack::default(),
                preset_dirty: false,
                reapply_preset: false,
                quiet_compile: false,
            },
            gpu: GpuState {
                runtime: Err(NotRunning::Opening),
                render_state: cc.wgpu_render_state.clone(),
                shaders: spirv::ShaderChoice::default(),
                mode: CompileMode::Normal,
                recovery_file: None,
            },
            panels: PanelState {
                spirv: panels::spirv::SpirvPanel::default(),
                editor: editor::EditorPanel::default(),
                preview: panels::compare::PreviewPanel::default(),
                inspector: panels::inspector::InspectorPanel::default(),
                timing: panels::timing::TimingPanel::default(),
                debugger: panels::debugger::DebuggerPanel::default(),
                tree,
                toolbar: toolbar::Toolbar::default(),
                uniform_filter: String::new(),
                show_help: false,
                log: status_log::StatusLog::default(),
            },
            status: String::new(),
            title: String::new(),
            frames_drawn: 0,
            queued: Vec::new(),
        };
        match options.view {
            CentralView::Preview => {}
            CentralView::Spirv | CentralView::SourceMap => {
                layout::show_pane(&mut app.panels.tree, Pane::Spirv);
            }
            CentralView::Inspector => layout::show_pane(&mut app.panels.tree, Pane::Inspector),
            CentralView::Timing => layout::show_pane(&mut app.panels.tree, Pane::Timing),
        }
        let recovery = options.recover.as_deref().map(recovery::Recovery::read);
        if let Some(Ok(recovery)) = &recovery {
            options.effects.clone_from(&recovery.effects);
            options.preset.clone_from(&recovery.preset);
            options.input = recovery.input.clone().into();
            options.depth.clone_from(&recovery.depth);
            options.resolution = recovery.resolution;
            options.include.clone_from(&recovery.include);
            options.textures.clone_from(&recovery.textures);
            if let Some(back_buffer) = recovery.back_buffer.as_ref().and_then(|b| b.back_buffer()) {
                options.back_buffer = Some(back_buffer);
            }
        }
        if let Err(e) = app.try_open(options.clone()) {
            // Nothing was open to keep: say why in the panes too.
            app.status = e.to_string();
            app.gpu.runtime = Err(NotRunning::Open(e));
            app.settings.opened = options;
        }
        if app.settings.opened.view == CentralView::SourceMap {
            app.panels.spirv.show_source_map();
        }
        if let (Some(without), Ok(runtime)) = (&app.settings.opened.split, &app.gpu.runtime) {
            let chain = runtime.chain();
            let before = without
                .as_deref()
                .and_then(|name| chain.find(name, None))
                .map_or(
                    panels::compare::Before::Input,
                    panels::compare::Before::Without,
                );
            app.panels.preview.set_split(before);
        }
        match recovery {
            Some(Ok(recovery)) => app.restore(&recovery),
            Some(Err(e)) => app.status = format!("could not recover the last session: {e}"),
            None => {}
        }
        app
    }

    /// Puts a lost window's unsaved text back into the editor and its preset changes onto the
    /// chain, both still unsaved.
    fn restore(&mut self, recovery: &recovery::Recovery) {
        for (path, text) in &recovery.buffers {
            self.panels.editor.restore_text(path, text);
        }
        if let (Some(text), Ok(runtime)) = (&recovery.preset_text, &mut self.gpu.runtime) {
            let path = self.doc.document.preset_path.clone().unwrap_or_default();
            let preset = analysis::preset::Preset::parse(&path, text).preset;
            // Onto the chain only: the preset on disk stays the saved one, the changes unsaved.
            session::document::apply_preset(&preset, runtime.chain_mut());
            self.doc.preset_dirty = true;
        }
        if !recovery.buffers.is_empty() {
            self.doc.edited_at = Some(Instant::now());
        }
        self.status = format!(
            "recovered after the GPU device was lost ({}): unsaved edits kept",
            recovery.why
        );
    }

    /// The device is gone and eframe cannot make another: write the session to a recovery file
    /// and hand it to a new fxbench window (see [`recovery`]), then close.
    fn recover_from_device_loss(&mut self, ctx: &egui::Context, why: String) {
        if self.gpu.recovery_file.is_some() {
            return;
        }
        let preset_text = match (&self.gpu.runtime, self.doc.preset_dirty) {
            (Ok(runtime), true) => Some(
                self.doc
                    .document
                    .preset_from_chain(runtime.chain())
                    .to_ini(),
            ),
            _ => None,
        };
        let recovery = recovery::Recovery {
            effects: self.settings.opened.effects.clone(),
            preset: self.settings.opened.preset.clone(),
            input: (&self.settings.opened.input).into(),
            depth: self.settings.opened.depth.clone(),
            resolution: self.settings.opened.resolution,
            include: self.settings.opened.include.clone(),
            textures: self.settings.opened.textures.clone(),
            back_buffer: Some(self.settings.opened.back_buffer().into()),
            buffers: self.panels.editor.unsaved(),
            preset_text,
            why,
        };
        let written = recovery.write(&std::env::temp_dir());
        self.status = match &written {
            Ok(file) if self.settings.opened.no_relaunch => {
                format!(
                    "the GPU device was lost; session saved to {}",
                    file.display()
                )
            }
            Ok(file) => match recovery::relaunch(file) {
                Ok(()) => {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                    "the GPU device was lost: continuing in a new window".to_string()
                }
                Err(e) => format!(
                    "the GPU device was lost and {e}; session saved to {}",
                    file.display()
                ),
            },
            Err(e) => format!("the GPU device was lost and the session could not be saved: {e}"),
        };
        self.gpu.recovery_file = Some(written.unwrap_or_default());
    }

    /// The recovery file written after a lost device, if one was.
    pub fn recovery_file(&self) -> Option<&Path> {
        self.gpu.recovery_file.as_deref()
    }

    /// Opens the effects, preset and input of `options` in place of what is open; returns
    /// whether it did. A document or input that cannot be opened keeps the current session
    /// and says why in the status bar. The shader choice and performance mode start afresh.
    /// Effects opened without a preset run with all their techniques enabled.
    pub fn open(&mut self, options: StartOptions) -> bool {
        match self.try_open(options) {
            Ok(()) => true,
            Err(e) => {
                self.status = e.to_string();
                false
            }
        }
    }

    /// [`Self::open`], saying why it opened nothing: the whole open in this call (the first
    /// open, and [`Self::open`]'s callers); [`Command::Open`] compiles in the background.
    fn try_open(&mut self, options: StartOptions) -> Result<(), OpenError> {
        let opening = self.prepare_open(options)?;
        let compiled = opening.document.compile(opening.source.size());
        self.finish_open(opening, compiled, None);
        Ok(())
    }

    /// What an open reads before anything is compiled: the document and the input. A failure
    /// here changes nothing.
    fn prepare_open(&self, options: StartOptions) -> Result<rebuild::Opening, OpenError> {
        let mut document = session::open_document_in(
            options.preset.as_deref(),
            &options.effects,
            &options.input,
            &options.search_paths(),
        )
        .map_err(OpenError::Document)?;
        document.back_buffer = options.back_buffer();
        // Effects are checked against what this window's device really offers.
        document.target = self.gpu.render_state.as_ref().map(runtime::device_target);
        let source = load_source(&options).map_err(OpenError::Input)?;
        if self.gpu.render_state.is_none() {
            return Err(OpenError::NoRenderer);
        }
        Ok(rebuild::Opening {
            document,
            options,
            source,
        })
    }

    /// Replaces the session with `opening`, compiled: the document's diagnostics, editor tabs,
    /// watcher and chain; the chain is `built` (on the compile's worker) when that was built on
    /// the running chain's device, or built here.
    fn finish_open(
        &mut self,
        opening: rebuild::Opening,
        compiled: session::document::Compiled,
        built: Option<Result<engine::EffectChain, engine::ChainError>>,
    ) {
        let rebuild::Opening {
            document,
            options,
            source,
        } = opening;
        let Some(render_state) = self.gpu.render_state.clone() else {
            self.status = OpenError::NoRenderer.to_string();
            return;
        };
        // Nothing asked of the old document applies to the new one.
        self.doc.compiler.forget();
        self.doc.pending = rebuild::Pending::default();
        let old_gpu = self.gpu.runtime.as_ref().ok().map(|r| r.gpu().clone());
        let built = built.filter(|built| match (built, &old_gpu) {
            (Ok(chain), Some(gpu)) => chain.gpu().is_same(gpu),
            (Err(_), _) => true,
            (Ok(_), None) => false,
        });
        // The old chain goes before one is built here: its GPU memory is not needed then.
        self.gpu.runtime = Err(NotRunning::Opening);
        self.panels.editor = editor::EditorPanel::default();
        self.panels.debugger = panels::debugger::DebuggerPanel::default();
        self.set_diagnostics(panels::diagnostics::rows(&compiled));
        self.panels
            .editor
            .set_files(editor_files(&document, &compiled));
        self.doc.watcher = watch::FileWatcher::new(watched_files(&document, &compiled)).ok();
        let mut runtime = match built {
            Some(built) => built
                .map(|chain| Runtime::with_chain(&render_state, &document, chain, source))
                .map_err(NotRunning::Chain),
            None => Runtime::new(&render_state, &document, compiled.effects, source)
                .map_err(NotRunning::Chain),
        };
        let mut reference_note = None;
        if let Ok(runtime) = &mut runtime {
            self.panels.spirv.refresh(runtime.chain());
            reference_note = attach_reference(runtime, &document, &options.reference);
        }
        for path in options.preset.iter().chain(&options.effects) {
            persist::remember(&mut self.settings.recent, path.clone());
        }
        if let InputChoice::Image(image) = &options.input {
            persist::remember(&mut self.settings.recent_images, image.clone());
        }
        self.doc.document = document;
        self.gpu.runtime = runtime;
        self.gpu.shaders = spirv::ShaderChoice::default();
        self.gpu.mode = CompileMode::Normal;
        self.doc.undo.clear();
        self.doc.preset_dirty = false;
        self.doc.edited_at = None;
        self.status = match &self.gpu.runtime {
            Ok(_) => self
                .doc
                .document
                .missing_effects
                .iter()
                .map(ToString::to_string)
                .chain(reference_note)
                .collect::<Vec<_>>()
                .join("; "),
            Err(e) => format!("nothing runs: {e}"),
        };
        self.settings.opened = options;
    }

    /// Queues `command` as if a panel had asked for it in the next frame (tests, and what
    /// drives the window from outside).
    pub fn queue(&mut self, command: Command) {
        self.queued.push(command);
    }

    /// Which shaders the chain runs.
    pub fn shaders(&self) -> spirv::ShaderChoice {
        self.gpu.shaders
    }

    /// How uniforms reach the shaders (performance mode compiles them in).
    pub fn compile_mode(&self) -> CompileMode {
        self.gpu.mode
    }

    /// Whether a compile or rebuild is under way (the status bar's "compiling").
    pub fn is_compiling(&self) -> bool {
        self.doc.compiler.is_busy() || self.doc.edited_at.is_some()
    }

    /// The reference module found for the open effect, if any (see
    /// [`session::reference::find`]).
    pub fn reference_file(&self) -> Option<PathBuf> {
        reference_file(&self.doc.document, &self.settings.opened.reference)
    }

    fn set_diagnostics(&mut self, rows: Vec<panels::diagnostics::Row>) {
        self.panels.editor.set_diagnostics(&rows);
        self.doc.diagnostics = rows;
    }

    /// What is open: the effects, preset and input last given to [`Self::open`].
    pub fn opened(&self) -> &StartOptions {
        &self.settings.opened
    }

    /// The SPIR-V view's state (its stage list follows the open effects).
    pub fn spirv_panel(&self) -> &panels::spirv::SpirvPanel {
        &self.panels.spirv
    }

    /// The editor's state: its tabs, buffers and selection.
    pub fn editor(&self) -> &editor::EditorPanel {
        &self.panels.editor
    }

    /// The diagnostics of the last compile.
    pub fn diagnostics(&self) -> &[panels::diagnostics::Row] {
        &self.doc.diagnostics
    }

    /// The status bar's text.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// Every status message shown since the window opened, oldest first.
    pub fn status_log(&self) -> impl Iterator<Item = &str> {
        self.panels.log.entries()
    }

    /// The dockable layout.
    pub fn layout(&self) -> &egui_tiles::Tree<Pane> {
        &self.panels.tree
    }

    /// The layout, to change it as a drag would.
    pub fn layout_mut(&mut self) -> &mut egui_tiles::Tree<Pane> {
        &mut self.panels.tree
    }

    /// Recently opened files, newest first.
    pub fn recent_files(&self) -> &[PathBuf] {
        &self.settings.recent
    }

    /// Images recently opened as the input, newest first.
    pub fn recent_images(&self) -> &[PathBuf] {
        &self.settings.recent_images
    }

    /// The window's title: the preset (or effect) and a marker while something is unsaved.
    pub fn title(&self) -> String {
        let name = self
            .doc
            .document
            .main_file()
            .and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned());
        let unsaved = if self.panels.editor.is_dirty() || self.doc.preset_dirty {
            " \u{2022}"
        } else {
            ""
        };
        match name {
            Some(name) => format!("{name}{unsaved} \u{2014} fxbench"),
            None => "fxbench".to_string(),
        }
    }

    /// The preview's state (split, bypass, zoom, readout).
    pub fn preview_panel(&self) -> &panels::compare::PreviewPanel {
        &self.panels.preview
    }

    /// The render-target inspector's state.
    pub fn inspector_panel(&self) -> &panels::inspector::InspectorPanel {
        &self.panels.inspector
    }

    /// The Debug pane's state (its pass, pixel and trace).
    pub fn debugger_panel(&self) -> &panels::debugger::DebuggerPanel {
        &self.panels.debugger
    }

    /// The timing panel's state.
    pub fn timing_panel(&self) -> &panels::timing::TimingPanel {
        &self.panels.timing
    }

    /// The GPU state, if the chain could be built.
    pub fn runtime(&self) -> Option<&Runtime> {
        self.gpu.runtime.as_ref().ok()
    }

    pub fn document(&self) -> &Document {
        &self.doc.document
    }

    /// Where screenshots go from now on (the Screenshot menu's folder).
    pub fn set_screenshot_folder(&mut self, folder: PathBuf) {
        self.apply(vec![Command::SetScreenshotFolder(folder)]);
    }

    /// What [`eframe::App::save`] stores.
    pub fn stored(&self) -> persist::Stored {
        persist::Stored {
            layout: self.panels.tree.clone(),
            effects: self.settings.opened.effects.clone(),
            preset: self.settings.opened.preset.clone(),
            input: (&self.settings.opened.input).into(),
            recent: self.settings.recent.clone(),
            recent_images: self.settings.recent_images.clone(),
            resolution: self.settings.opened.resolution,
            screenshots: self.settings.screenshots.settings.clone(),
            include: self.settings.opened.include.clone(),
            textures: self.settings.opened.textures.clone(),
            reference: self.settings.opened.reference.clone(),
            back_buffer: self.settings.opened.back_buffer.map(Into::into),
        }
    }
}

/// The editor's tabs for a document: the effects first, then every file they include.
fn editor_files(document: &Document, compiled: &session::document::Compiled) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = document.effect_paths.clone();
    for file in compiled.files() {
        let canonical = session::buffer::canonical(&file);
        if !files
            .iter()
            .any(|f| session::buffer::canonical(f) == canonical)
        {
            files.push(file);
        }
    }
    files
}

/// ReShade's SPIR-V for the document's one effect (a chain of several has no one module).
fn reference_file(document: &Document, folders: &[PathBuf]) -> Option<PathBuf> {
    match document.effect_paths.as_slice() {
        [effect] => session::reference::find(effect, folders),
        _ => None,
    }
}

/// Gives `runtime` the reference module found for `document`'s effect; a module found that
/// cannot be read is said (the returned note), and none is offered.
fn attach_reference(
    runtime: &mut Runtime,
    document: &Document,
    folders: &[PathBuf],
) -> Option<String> {
    let (shaders, note) =
        match reference_file(document, folders).map(|path| session::reference::load(&path)) {
            Some(Ok(shaders)) => (Some(shaders), None),
            Some(Err(e)) => (None, Some(format!("ReShade reference not offered: {e}"))),
            None => (None, None),
        };
    runtime.set_reference_module(shaders);
    note
}

/// What the watcher watches: every file the compile read, the effects (one that failed to read
/// may be created), and the preset.
fn watched_files(document: &Document, compiled: &session::document::Compiled) -> Vec<PathBuf> {
    let mut files = compiled.files();
    files.extend(document.effect_paths.iter().cloned());
    files.extend(document.preset_path.iter().cloned());
    files
}

/// What `options` says the effects run over, loaded at its resolution (without one, the test
/// card and scene at [`TEST_CARD_SIZE`]).
fn load_source(
    options: &StartOptions,
) -> Result<session::input::Source, engine::input::InputError> {
    let size = options.resolution.unwrap_or(TEST_CARD_SIZE);
    let source = session::input::load_input_for(
        &options.input,
        options.depth.as_deref(),
        size,
        options.back_buffer(),
    )?;
    Ok(match options.resolution {
        Some(size) => source.at_size(size),
        None => source,
    })
}

impl eframe::App for WorkbenchApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        if let Ok(runtime) = &mut self.gpu.runtime {
            match runtime.render_frame(ui.ctx()) {
                Err(engine::ChainError::DeviceLost(why)) => {
                    self.recover_from_device_loss(ui.ctx(), why);
                }
                Err(error) => {
                    let message = format!("rendering stopped: {error}");
                    if self.status != message {
                        self.status = message;
                    }
                }
                Ok(()) => {}
            }
            let Ok(runtime) = &mut self.gpu.runtime else {
                return;
            };
            runtime.set_preview_rect(None);
            match runtime.take_shot() {
                Some(Ok(shot)) => {
                    let name = self.doc.document.name();
                    self.settings.screenshots.save(&name, shot);
                }
                Some(Err(e)) => self.status = format!("screenshot not taken: {e}"),
                None => {}
            }
        }
        if let Some(message) = self.settings.screenshots.poll() {
            self.status = message;
        }
        if self.settings.screenshots.is_saving() {
            ui.ctx().request_repaint();
        }
        let mut commands = std::mem::take(&mut self.queued);
        if self
            .doc
            .watcher
            .as_ref()
            .is_some_and(watch::FileWatcher::take_change)
        {
            commands.push(Command::FilesChanged);
        }
        commands.extend(self.dropped_files(ui.ctx()));
        commands.extend(self.shortcuts(ui.ctx()));
        let view = toolbar::ToolbarView {
            opened: &self.settings.opened,
            recent: &self.settings.recent,
            recent_images: &self.settings.recent_images,
            preset_path: self.doc.document.preset_path.as_deref(),
            shaders: self.gpu.shaders,
            reference_found: self
                .gpu
                .runtime
                .as_ref()
                .is_ok_and(|r| r.reference_shaders().is_some()),
            mode: self.gpu.mode,
            running: self.gpu.runtime.is_ok(),
            screenshots: &self.settings.screenshots.settings,
            shown_panes: Pane::ALL
                .into_iter()
                .filter(|p| layout::has_pane(&self.panels.tree, *p))
                .collect(),
        };
        egui::Panel::top("toolbar").show(ui, |ui| {
            commands.extend(self.panels.toolbar.ui(ui, &view));
        });
        let cursor = self.panels.editor.selection().map(|(_, end)| end);
        let compiling = self.is_compiling();
        egui::Panel::bottom("status").show(ui, |ui| {
            if toolbar::status_ui(ui, &self.status, cursor, compiling, self.panels.log.len()) {
                commands.push(Command::ToggleLog);
            }
        });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                let definitions = self.doc.document.definitions_text(None);
                let mut panes = layout::Panes {
                    runtime: self.gpu.runtime.as_ref(),
                    editor: &mut self.panels.editor,
                    diagnostics: &self.doc.diagnostics,
                    spirv: &mut self.panels.spirv,
                    preview: &mut self.panels.preview,
                    inspector: &mut self.panels.inspector,
                    timing: &mut self.panels.timing,
                    debugger: &mut self.panels.debugger,
                    running: self.gpu.shaders.label(),
                    uniform_filter: &mut self.panels.uniform_filter,
                    definitions: &definitions,
                    commands: Vec::new(),
                };
                self.panels.tree.ui(&mut panes, ui);
                commands.extend(panes.commands);
            });
        self.apply_frame_asks(&mut commands);
        toolbar::help_ui(ui.ctx(), &mut self.panels.show_help);
        self.panels.log.ui(ui.ctx());
        // A compile finished since the last frame is applied first: one this frame's commands
        // ask for is never applied in the frame that asked (the old chain draws meanwhile).
        self.compile_edits();
        self.poll_trace();
        self.apply(commands);
        self.panels.log.observe(&self.status);
        let title = self.title();
        if title != self.title {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        // Effects animate (timers, random sources): keep frames coming.
        ui.ctx().request_repaint();
        self.frames_drawn += 1;
        if self
            .settings
            .exit_after_frames
            .is_some_and(|n| self.frames_drawn >= n)
        {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, persist::KEY, &self.stored());
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
