//! The fixed bars: the menu and tool bar at the top (open, recent files, save, reload, input,
//! shaders, performance mode, panes) with an in-app path field where no file dialog answers, and
//! the status bar at the bottom.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use analysis::CompileMode;

use crate::session::files;
use crate::session::input::InputChoice;
use crate::session::spirv::ShaderChoice;
use crate::window::layout::Pane;
use crate::window::persist::ScreenshotSettings;
use crate::window::{Command, StartOptions};

/// What the toolbar reads from the app.
pub struct ToolbarView<'a> {
    pub opened: &'a StartOptions,
    pub recent: &'a [PathBuf],
    /// Images recently opened as the input, newest first.
    pub recent_images: &'a [PathBuf],
    pub preset_path: Option<&'a Path>,
    pub shaders: ShaderChoice,
    /// ReShade's SPIR-V was found for the open effect: the shader box offers it.
    pub reference_found: bool,
    pub mode: CompileMode,
    pub running: bool,
    pub screenshots: &'a ScreenshotSettings,
    /// The panes in the layout, checked in the View menu.
    pub shown_panes: Vec<Pane>,
}

/// The toolbar's own state: the path field.
#[derive(Default)]
pub struct Toolbar {
    /// The in-app path field, when open.
    path_field: Option<String>,
    /// Why the field opened (no file dialog answered), shown beside it.
    path_note: Option<String>,
    /// The field was opened to save the preset: Enter saves (else Enter opens).
    path_saves: bool,
    /// The Screenshot menu's folder field while it is edited.
    screenshot_folder: Option<String>,
    /// The resolution menu's custom width and height.
    custom_resolution: Option<(u32, u32)>,
    /// The Search paths menu's two lists while they are edited, one folder a line.
    search_text: Option<(String, String)>,
    /// The ReShade reference folders while they are edited, one folder a line.
    reference_text: Option<String>,
}

/// What a path opens as, by its extension: a preset, an image input, or an effect.
pub fn options_for_path(opened: &StartOptions, path: PathBuf) -> StartOptions {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match extension.as_str() {
        "ini" => StartOptions {
            effects: Vec::new(),
            preset: Some(path),
            ..opened.clone()
        },
        "png" | "jpg" | "jpeg" => StartOptions {
            input: InputChoice::Image(path),
            depth: None,
            ..opened.clone()
        },
        _ => StartOptions {
            effects: vec![path],
            preset: None,
            ..opened.clone()
        },
    }
}

/// Whether `path` opens as an effect (not a preset or an image).
pub fn is_effect_path(path: &Path) -> bool {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    !matches!(extension.as_str(), "ini" | "png" | "jpg" | "jpeg")
}

/// A file dialog that returns this soon returned without asking anyone (rfd found neither a
/// portal nor zenity): the path field takes over. Nobody cancels a real dialog within 0.4 s,
/// and finding out there is none can take a few hundred ms on a loaded machine.
const DIALOG_MIN_TIME: Duration = Duration::from_millis(400);

impl Toolbar {
    /// Opens the path field (the File menu's "Open path...", or no file dialog).
    pub fn open_path_field(&mut self, note: Option<String>) {
        self.path_field.get_or_insert_with(String::new);
        self.path_note = note;
        self.path_saves = false;
    }

    /// A file dialog for effects, then [`Command::Open`]; the path field if none answered.
    pub fn pick_effects(&mut self, opened: &StartOptions) -> Option<Command> {
        let start = Instant::now();
        let picked = dialog(opened)
            .add_filter("Effects", &["wfx", "fx"])
            .pick_files();
        match picked {
            Some(effects) => Some(Command::Open(StartOptions {
                effects,
                preset: None,
                ..opened.clone()
            })),
            None => {
                self.no_dialog(start);
                None
            }
        }
    }

    fn no_dialog(&mut self, start: Instant) {
        if start.elapsed() < DIALOG_MIN_TIME {
            self.open_path_field(Some(
                "No file dialog is available here: type the path.".to_string(),
            ));
        }
    }

    /// Draws the menus and the tool bar; returns what they ask for.
    pub fn ui(&mut self, ui: &mut egui::Ui, view: &ToolbarView<'_>) -> Vec<Command> {
        let mut commands = Vec::new();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| self.file_menu(ui, view, &mut commands));
            ui.menu_button("View", |ui| {
                for pane in Pane::ALL {
                    let mut shown = view.shown_panes.contains(&pane);
                    if ui.checkbox(&mut shown, pane.title()).changed() {
                        commands.push(if shown {
                            Command::ShowPane(pane)
                        } else {
                            Command::HidePane(pane)
                        });
                    }
                }
                ui.separator();
                if ui.button("Reset layout").clicked() {
                    commands.push(Command::ResetLayout);
                }
            });
            // Its folder field takes clicks: only a click outside closes it.
            egui::containers::menu::MenuButton::new("Screenshot")
                .config(keep_open())
                .ui(ui, |ui| self.screenshot_menu(ui, view, &mut commands));
            ui.menu_button("Help", |ui| {
                if ui.button("Keyboard shortcuts (F1)").clicked() {
                    commands.push(Command::ToggleHelp);
                }
            });
            ui.separator();
            self.quick_ui(ui, view, &mut commands);
        });
        self.path_field_ui(ui, view, &mut commands);
        commands
    }

    fn file_menu(&mut self, ui: &mut egui::Ui, view: &ToolbarView<'_>, out: &mut Vec<Command>) {
        if ui.button("Open effects...  (Ctrl+O)").clicked() {
            out.extend(self.pick_effects(view.opened));
        }
        if ui.button("Open path...").clicked() {
            self.open_path_field(None);
        }
        ui.menu_button("Open recent", |ui| {
            if view.recent.is_empty() {
                ui.weak("Nothing yet");
            }
            for path in view.recent {
                if ui.button(path.display().to_string()).clicked() {
                    out.push(Command::Open(options_for_path(view.opened, path.clone())));
                }
            }
        });
        ui.separator();
        if ui.button("Save  (Ctrl+S)").clicked() {
            out.push(Command::SaveFiles);
        }
        if ui.button("Save preset as...  (Ctrl+Shift+S)").clicked() {
            out.extend(self.pick_preset_target(view.opened));
        }
        if ui.button("Reload  (F5)").clicked() {
            out.push(Command::Reload);
        }
        ui.separator();
        // In the File menu: the toolbar keeps its width for the quick controls.
        egui::containers::menu::SubMenuButton::new("Search paths")
            .config(keep_open())
            .ui(ui, |ui| self.search_menu(ui, view.opened, out));
        egui::containers::menu::SubMenuButton::new("ReShade reference folders")
            .config(keep_open())
            .ui(ui, |ui| self.reference_menu(ui, view.opened, out));
    }

    /// Where ReShade's own SPIR-V is looked for after beside the effect (`--reference`), one
    /// folder a line; stored with the other settings.
    fn reference_menu(&mut self, ui: &mut egui::Ui, opened: &StartOptions, out: &mut Vec<Command>) {
        let text = self.reference_text.get_or_insert_with(|| {
            opened
                .reference
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join("\n")
        });
        ui.label("Folders of ReShade's SPIR-V").on_hover_text(
            "X.spv for X.fx, flat or mirroring the effect's collection/shaders folders (as \
             shared/corpus/reshade-spirv): the Shaders box then offers ReShade reference",
        );
        ui.add(
            egui::TextEdit::multiline(text)
                .id_salt("reference folders")
                .hint_text("one folder a line")
                .desired_rows(3)
                .desired_width(320.0),
        );
        let folders: Vec<PathBuf> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(PathBuf::from)
            .collect();
        if ui
            .add_enabled(folders != opened.reference, egui::Button::new("Apply"))
            .clicked()
        {
            out.push(Command::SetReferenceFolders(folders));
            self.reference_text = None;
        }
    }

    /// Take a screenshot, where to, and whether the image before the effects is saved too.
    fn screenshot_menu(
        &mut self,
        ui: &mut egui::Ui,
        view: &ToolbarView<'_>,
        out: &mut Vec<Command>,
    ) {
        let settings = view.screenshots;
        if ui
            .add_enabled(view.running, egui::Button::new("Take screenshot  (F12)"))
            .on_hover_text(
                "Saves the next frame as PNG; techniques with enabled_in_screenshot = false \
                 are left out of it, as in ReShade",
            )
            .clicked()
        {
            out.push(Command::TakeScreenshot);
        }
        ui.separator();
        ui.label("Folder");
        let text = self.screenshot_folder.get_or_insert_with(|| {
            settings
                .folder
                .as_ref()
                .map(|f| f.display().to_string())
                .unwrap_or_default()
        });
        ui.horizontal(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(text)
                    .id_salt("screenshot folder")
                    .hint_text("a folder")
                    .desired_width(260.0),
            );
            if field.lost_focus() && !text.trim().is_empty() {
                out.push(Command::SetScreenshotFolder(PathBuf::from(text.trim())));
            }
            if ui.button("Choose...").clicked()
                && let Some(folder) = rfd::FileDialog::new()
                    .set_title("Folder for screenshots")
                    .pick_folder()
            {
                *text = folder.display().to_string();
                out.push(Command::SetScreenshotFolder(folder));
            }
        });
        let mut before = settings.before;
        if ui
            .checkbox(&mut before, "Also save the image before the effects")
            .on_hover_text("As ReShade's SaveBeforeShot: <name> original.png beside the result")
            .changed()
        {
            out.push(Command::SetScreenshotBefore(before));
        }
    }

    /// The effect and texture search paths, one folder a line, applied by reopening the
    /// document with them (and stored with the other settings).
    fn search_menu(&mut self, ui: &mut egui::Ui, opened: &StartOptions, out: &mut Vec<Command>) {
        let lines = |paths: &[PathBuf]| {
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join("\n")
        };
        let (effects, textures) = self
            .search_text
            .get_or_insert_with(|| (lines(&opened.include), lines(&opened.textures)));
        ui.label("Effect search paths (with their subfolders)")
            .on_hover_text("Where #include and a preset's effects are looked for, as -I");
        ui.add(
            egui::TextEdit::multiline(effects)
                .id_salt("effect search paths")
                .hint_text("one folder a line")
                .desired_rows(3)
                .desired_width(320.0),
        );
        ui.label("Texture search paths (DIR/** with subfolders)")
            .on_hover_text(
                "Where source images are looked for after the effect's folder, as --textures; a \
             Textures folder beside the effect's Shaders folder is searched after them",
            );
        ui.add(
            egui::TextEdit::multiline(textures)
                .id_salt("texture search paths")
                .hint_text("one folder a line")
                .desired_rows(3)
                .desired_width(320.0),
        );
        let parse = |text: &str| -> Vec<PathBuf> {
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(PathBuf::from)
                .collect()
        };
        let (include, textures) = (parse(effects), parse(textures));
        let changed = include != opened.include || textures != opened.textures;
        if ui
            .add_enabled(changed, egui::Button::new("Apply"))
            .clicked()
        {
            out.push(Command::Open(StartOptions {
                include,
                textures,
                ..opened.clone()
            }));
            self.search_text = None;
        }
    }

    /// A save dialog for the preset; the path field (as "save to") if none answered.
    pub fn pick_preset_target(&mut self, opened: &StartOptions) -> Option<Command> {
        let start = Instant::now();
        match dialog(opened)
            .add_filter("Presets", &["ini"])
            .set_file_name("fxbench.ini")
            .save_file()
        {
            Some(path) => Some(Command::SavePresetAs(path)),
            None => {
                if start.elapsed() < DIALOG_MIN_TIME {
                    self.path_field = Some(String::new());
                    self.path_note = Some(
                        "No file dialog is available here: type the path, then Enter or Save \
                         preset as."
                            .to_string(),
                    );
                    self.path_saves = true;
                }
                None
            }
        }
    }

    /// Choose an image, or one of the recent ones (as File lists recent files).
    fn image_menu(&mut self, ui: &mut egui::Ui, view: &ToolbarView<'_>, out: &mut Vec<Command>) {
        if ui.button("Choose image...").clicked() {
            let start = Instant::now();
            match dialog(view.opened)
                .add_filter("Images", &["png", "jpg", "jpeg"])
                .pick_file()
            {
                Some(image) => out.push(Command::Open(options_for_path(view.opened, image))),
                None => self.no_dialog(start),
            }
        }
        ui.separator();
        if view.recent_images.is_empty() {
            ui.weak("No recent images");
        }
        for path in view.recent_images {
            if ui.button(path.display().to_string()).clicked() {
                out.push(Command::Open(options_for_path(view.opened, path.clone())));
            }
        }
    }

    /// The buttons every session uses, always in view.
    fn quick_ui(&mut self, ui: &mut egui::Ui, view: &ToolbarView<'_>, out: &mut Vec<Command>) {
        if ui
            .button("Open effects...")
            .on_hover_text("Run these .wfx/.fx files (in place of the open ones)")
            .clicked()
        {
            out.extend(self.pick_effects(view.opened));
        }
        if ui
            .button("Open preset...")
            .on_hover_text("A ReShade-style .ini preset and the effects it names")
            .clicked()
        {
            let start = Instant::now();
            match dialog(view.opened)
                .add_filter("Presets", &["ini"])
                .pick_file()
            {
                Some(preset) => out.push(Command::Open(options_for_path(view.opened, preset))),
                None => self.no_dialog(start),
            }
        }
        ui.menu_button("Open image", |ui| self.image_menu(ui, view, out))
            .response
            .on_hover_text("Run the effects over a PNG or JPEG instead");
        input_ui(ui, view.opened, out);
        self.resolution_ui(ui, view.opened, out);
        if !view.running {
            back_buffer_ui(ui, view.opened, out);
            return;
        }
        let target = view
            .preset_path
            .map_or_else(|| "fxbench.ini".to_string(), |p| p.display().to_string());
        if ui.button("Save preset").on_hover_text(target).clicked() {
            out.push(Command::SavePreset);
        }
        if ui
            .button("Reload")
            .on_hover_text("Read the effect files again (F5)")
            .clicked()
        {
            out.push(Command::Reload);
        }
        let mut choice = view.shaders;
        egui::ComboBox::from_id_salt("shaders")
            .selected_text(choice.label())
            .show_ui(ui, |ui| {
                for c in ShaderChoice::ALL {
                    ui.selectable_value(&mut choice, c, c.label());
                }
                if view.reference_found {
                    let c = ShaderChoice::Reference;
                    ui.selectable_value(&mut choice, c, c.label());
                }
            })
            .response
            .on_hover_text(
                "What the GPU runs: wgpu's translation of naga IR, naga's SPIR-V as the SPIR-V \
                 view shows it, that SPIR-V optimised, or (where found) ReShade's own SPIR-V for \
                 the effect. Compare the GPU times per pass.",
            );
        if choice != view.shaders {
            out.push(Command::SetShaders(choice));
        }
        let mut performance = view.mode == CompileMode::Performance;
        if ui
            .checkbox(&mut performance, "Performance mode")
            .on_hover_text(
                "Compile uniforms in as constants at their current values (those fed by a \
                 source stay live), as ReShade does: faster shaders, values fixed until it is \
                 turned off.",
            )
            .changed()
        {
            out.push(Command::SetCompileMode(if performance {
                CompileMode::Performance
            } else {
                CompileMode::Normal
            }));
        }
        // Last, so the boxes every session uses keep their places on a narrow window.
        back_buffer_ui(ui, view.opened, out);
    }

    /// The chain's resolution (`BUFFER_WIDTH`/`BUFFER_HEIGHT`), chosen apart from the panel's
    /// size: the input's own, a common display size, or typed in.
    fn resolution_ui(&mut self, ui: &mut egui::Ui, opened: &StartOptions, out: &mut Vec<Command>) {
        const SIZES: [(u32, u32); 5] = [
            (1280, 720),
            (1600, 900),
            (1920, 1080),
            (2560, 1440),
            (3840, 2160),
        ];
        let label = |size: Option<(u32, u32)>| {
            size.map_or_else(|| "input's own".to_string(), |(w, h)| format!("{w}x{h}"))
        };
        let mut chosen = opened.resolution;
        ui.label("Resolution");
        egui::ComboBox::from_id_salt("resolution")
            .selected_text(label(chosen))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut chosen, None, label(None))
                    .on_hover_text("An image's own size; the scene and test card at 1280x720");
                for size in SIZES {
                    ui.selectable_value(&mut chosen, Some(size), label(Some(size)));
                }
                ui.separator();
                let custom = self
                    .custom_resolution
                    .get_or_insert(opened.resolution.unwrap_or((1280, 720)));
                ui.horizontal(|ui| {
                    ui.add(egui::DragValue::new(&mut custom.0).range(1..=16384));
                    ui.label("x");
                    ui.add(egui::DragValue::new(&mut custom.1).range(1..=16384));
                    if ui.button("Apply").clicked() {
                        chosen = Some(*custom);
                    }
                });
            })
            .response
            .on_hover_text(
                "The resolution the effects run at (BUFFER_WIDTH x BUFFER_HEIGHT), whatever the \
                 preview's size; an image is scaled to it",
            );
        if chosen != opened.resolution {
            out.push(Command::Open(StartOptions {
                resolution: chosen,
                ..opened.clone()
            }));
        }
    }

    fn path_field_ui(&mut self, ui: &mut egui::Ui, view: &ToolbarView<'_>, out: &mut Vec<Command>) {
        let Some(text) = &mut self.path_field else {
            return;
        };
        let mut close = false;
        ui.horizontal(|ui| {
            ui.label("Path");
            let field = ui.add(
                egui::TextEdit::singleline(text)
                    .id_salt("open path")
                    .hint_text("an effect (.wfx, .fx), a preset (.ini) or an image")
                    .desired_width(420.0),
            );
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let path = PathBuf::from(text.trim());
            // Enter does what the field was opened for.
            let (open, save) = (entered && !self.path_saves, entered && self.path_saves);
            if (ui.button("Open").clicked() || open) && !text.trim().is_empty() {
                out.push(Command::Open(options_for_path(view.opened, path.clone())));
                close = true;
            }
            if (ui.button("Save preset as").clicked() || save) && !text.trim().is_empty() {
                out.push(Command::SavePresetAs(path));
                close = true;
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
            if let Some(note) = &self.path_note {
                ui.weak(note);
            }
        });
        if close {
            self.path_field = None;
            self.path_note = None;
        }
    }
}

/// The back buffer box: every format and colour space a swap chain presents together. Another
/// one reopens the input on it and compiles the effects for it in the background, keeping the
/// session, as another input does.
fn back_buffer_ui(ui: &mut egui::Ui, opened: &StartOptions, out: &mut Vec<Command>) {
    let current = opened.back_buffer();
    let mut chosen = current;
    ui.label("Back buffer");
    egui::ComboBox::from_id_salt("back buffer")
        .selected_text(back_buffer_label(current))
        .show_ui(ui, |ui| {
            for format in analysis::BackBufferFormat::ALL {
                for &space in analysis::BackBuffer::color_spaces_of(format) {
                    if let Ok(back_buffer) = analysis::BackBuffer::new(format, space) {
                        ui.selectable_value(
                            &mut chosen,
                            back_buffer,
                            back_buffer_label(back_buffer),
                        );
                    }
                }
            }
        })
        .response
        .on_hover_text(
            "The game's back buffer the effects run on: its format (BUFFER_COLOR_BIT_DEPTH) and \
             the colour space it is presented in (BUFFER_COLOR_SPACE). The preview shows wide \
             ones through its display transform.",
        );
    if chosen != current {
        out.push(Command::Open(StartOptions {
            back_buffer: Some(chosen),
            ..opened.clone()
        }));
    }
}

/// The back buffer box's name for `back_buffer`.
pub fn back_buffer_label(back_buffer: analysis::BackBuffer) -> &'static str {
    use analysis::{BackBufferFormat as F, ColorSpace as C};
    match (back_buffer.format(), back_buffer.color_space()) {
        (F::Rgba8, _) => "RGBA8 sRGB",
        (F::Rgb10a2, C::Hdr10) => "RGB10A2 HDR10 PQ",
        (F::Rgb10a2, C::Hlg) => "RGB10A2 HDR10 HLG",
        (F::Rgb10a2, _) => "RGB10A2 SDR 10-bit",
        (F::Rgba16f, C::Scrgb) => "RGBA16F scRGB",
        (F::Rgba16f, _) => "RGBA16F sRGB",
    }
}

/// The input selector (scene or test card; images come from Open image).
fn input_ui(ui: &mut egui::Ui, opened: &StartOptions, out: &mut Vec<Command>) {
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
        out.push(Command::Open(StartOptions {
            input,
            depth: None,
            ..opened.clone()
        }));
    }
}

/// rfd's dialog, starting in the open preset's or effect's folder.
fn dialog(opened: &StartOptions) -> rfd::FileDialog {
    let dir = opened
        .preset
        .as_ref()
        .or(opened.effects.first())
        .and_then(|p| p.parent())
        .map_or_else(files::builtin_presets_dir, Path::to_path_buf);
    rfd::FileDialog::new().set_directory(dir)
}

/// The status bar: the last action's outcome, and what the editor's cursor is on.
/// The status bar: the last message, the Log button (`logged` messages so far; true when
/// clicked), the cursor and whether a compile runs.
pub fn status_ui(
    ui: &mut egui::Ui,
    status: &str,
    cursor: Option<(u32, u32)>,
    compiling: bool,
    logged: usize,
) -> bool {
    let mut log_clicked = false;
    ui.horizontal(|ui| {
        ui.label(status);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.weak("F1: shortcuts");
            log_clicked = ui
                .small_button(format!("Log ({logged})"))
                .on_hover_text("Every message the status bar showed")
                .clicked();
            if let Some((line, column)) = cursor {
                ui.weak(format!("Ln {line}, Col {column}"));
            }
            if compiling {
                ui.spinner();
                ui.weak("compiling");
            }
        });
    });
    log_clicked
}

/// The F1 overlay listing the shortcuts.
pub fn help_ui(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for (keys, what) in [
                    ("Ctrl+O", "Open effects"),
                    (
                        "Ctrl+S",
                        "Save edited files (the preset when no file is edited)",
                    ),
                    ("Ctrl+Shift+S", "Save the preset as"),
                    ("F5", "Reload from disk"),
                    ("F12", "Take a screenshot"),
                    (
                        "Ctrl+Z",
                        "Undo a uniform, toggle or reorder (text: in the editor)",
                    ),
                    ("Ctrl+Shift+Z", "Redo"),
                    ("Ctrl+F", "Find in the editor"),
                    ("Ctrl+G", "Go to line in the editor"),
                    ("F1", "This list"),
                ] {
                    ui.monospace(keys);
                    ui.label(what);
                    ui.end_row();
                }
            });
        });
}

/// A menu holding text fields: clicks inside it (into a field) keep it open, as they would not
/// with a menu's default of closing on any click.
fn keep_open() -> egui::containers::menu::MenuConfig {
    egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
}
