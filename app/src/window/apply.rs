//! Where the window carries out what the panels ask for ([`Command`]s), after the UI pass: no
//! pipeline is created inside a UI callback. Also the editor's compile loop (debounced, off the
//! UI thread, `rebuild.rs`), dropped files and the keyboard shortcuts.

use std::path::PathBuf;
use std::time::Instant;

use super::layout::{self, Pane};
use super::undo::Edit;
use super::{Command, WorkbenchApp, toolbar};
use crate::session::document::Document;

impl WorkbenchApp {
    pub(super) fn apply(&mut self, commands: Vec<Command>) {
        for command in commands {
            if self.apply_window_command(&command) {
                continue;
            }
            let Ok(runtime) = &mut self.gpu.runtime else {
                return;
            };
            match command {
                Command::SetEnabled(key, on) => {
                    runtime.chain_mut().set_enabled(key, on);
                    self.doc.undo.record(Edit::Enabled { key, after: on });
                    self.doc.preset_dirty = true;
                }
                Command::MoveTechnique { from, to } => {
                    let before = runtime.chain().order().to_vec();
                    let mut order = before.clone();
                    if from < order.len() && to < order.len() {
                        let moved = order.remove(from);
                        order.insert(to, moved);
                        runtime.chain_mut().set_order(&order);
                        self.doc.undo.record(Edit::Order {
                            before,
                            after: order,
                        });
                        self.doc.preset_dirty = true;
                    }
                }
                Command::SetUniform {
                    effect,
                    uniform,
                    value,
                } => {
                    let chain = runtime.chain_mut();
                    let name = chain.effect(effect).uniform(uniform).name.clone();
                    let before = chain.uniform_values(effect)[uniform.index()].clone();
                    chain.set_uniform(effect, uniform, value.clone());
                    self.doc.undo.record(Edit::Uniform {
                        effect: effect.index(),
                        name,
                        before,
                        after: value,
                    });
                    self.doc.preset_dirty = true;
                }
                Command::Undo if self.doc.undo.undo(runtime.chain_mut()) => {
                    self.status = "undone".to_string();
                    self.doc.preset_dirty = true;
                }
                Command::Redo if self.doc.undo.redo(runtime.chain_mut()) => {
                    self.status = "redone".to_string();
                    self.doc.preset_dirty = true;
                }
                Command::SavePreset => match self.own_preset_path() {
                    Some(path) => self.save_preset(path),
                    // No preset of the user's is open (none, or a shipped one): ask where,
                    // never into the current folder or over the shipped presets.
                    None => {
                        let target = self
                            .panels
                            .toolbar
                            .pick_preset_target(&self.settings.opened);
                        self.status = "choose where to save the preset".to_string();
                        if let Some(command) = target {
                            self.apply(vec![command]);
                        }
                    }
                },
                Command::SavePresetAs(path) => self.save_preset(path),
                Command::SetShaders(choice) => self.set_shaders(choice),
                Command::SetCompileMode(mode) => self.set_compile_mode(mode),
                // Handled by apply_window_command.
                _ => {}
            }
        }
    }

    /// Carries out what the panels asked of the next frame ([`Command::PreviewShown`],
    /// [`Command::Overlay`], [`Command::Capture`], [`Command::WantReferenceSide`]) and takes
    /// them out of `commands`; what was not asked is off (a hidden pane asks nothing).
    pub(super) fn apply_frame_asks(&mut self, commands: &mut Vec<Command>) {
        let mut capture = None;
        let mut readout = None;
        let mut runtime = self.gpu.runtime.as_mut().ok();
        commands.retain(|command| {
            let Some(runtime) = runtime.as_deref_mut() else {
                return !is_frame_ask(command);
            };
            match command {
                Command::PreviewShown {
                    image_rect,
                    bypass,
                    without,
                    reference_side,
                    display,
                } => {
                    runtime.set_preview_rect(Some(*image_rect));
                    if let Some(display) = display {
                        runtime.set_display_transform(*display);
                    }
                    runtime.chain_mut().set_bypass(*bypass);
                    runtime.set_reference(*without);
                    if let Some(gain) = reference_side {
                        runtime.want_reference_side(*gain);
                    }
                }
                Command::Overlay { active, hovered } => runtime.set_overlay(*active, *hovered),
                Command::Capture {
                    request,
                    inspector: true,
                } => capture = Some(*request),
                Command::Capture {
                    request,
                    inspector: false,
                } => readout = Some(*request),
                Command::WantReferenceSide(gain) => runtime.want_reference_side(*gain),
                _ => return true,
            }
            false
        });
        // Textures are copied for the inspector (or the preview's pixel readout) only while it
        // is shown.
        if let Some(runtime) = runtime {
            runtime.set_capture(capture.or(readout));
        }
    }

    /// Commands that do not need a running chain; returns whether `command` was one.
    fn apply_window_command(&mut self, command: &Command) -> bool {
        match command {
            Command::Open(options) => {
                let same_document = options.effects == self.settings.opened.effects
                    && options.preset == self.settings.opened.preset;
                if same_document && self.gpu.runtime.is_ok() {
                    self.change_input(options.clone());
                } else {
                    self.begin_open(options.clone());
                }
            }
            Command::OpenAt(target) => {
                layout::show_pane(&mut self.panels.tree, Pane::Editor);
                if let Err(e) = self.panels.editor.open_at(target) {
                    self.status = format!("cannot open {}: {e}", target.path.display());
                }
            }
            Command::BuffersEdited => {
                self.doc.edited_at = Some(Instant::now());
                self.clear_trace(true);
            }
            Command::PickPixel(pixel) => self.pick_pixel(*pixel),
            Command::RecordTrace(ask) => self.start_trace(*ask),
            Command::RecordHistory(pixel) => self.start_history(*pixel),
            Command::DebugPass { technique, pass } => self.debug_pass(*technique, *pass),
            Command::TakeScreenshot => self.take_screenshot(),
            Command::SetScreenshotFolder(folder) => {
                self.settings.screenshots.settings.folder = Some(folder.clone());
            }
            Command::SetScreenshotBefore(before) => {
                self.settings.screenshots.settings.before = *before
            }
            Command::SaveFiles => self.save_files(),
            Command::Reload => self.reload(false),
            Command::SetDefinitions(text) => {
                if self.doc.document.set_definitions(None, text) {
                    self.doc.preset_dirty = true;
                    self.reload(false);
                }
            }
            Command::SetEffectDefinition {
                effect,
                name,
                value,
            } => {
                if self.doc.document.set_definition(Some(effect), name, value) {
                    self.doc.preset_dirty = true;
                    self.reload(false);
                }
            }
            Command::FilesChanged => self.reload(true),
            Command::SetReferenceFolders(folders) => self.set_reference_folders(folders.clone()),
            Command::ShowPane(pane) => layout::show_pane(&mut self.panels.tree, *pane),
            Command::HidePane(pane) => layout::hide_pane(&mut self.panels.tree, *pane),
            Command::ResetLayout => self.panels.tree = layout::default_tree(),
            Command::ToggleHelp => self.panels.show_help = !self.panels.show_help,
            Command::ToggleLog => self.panels.log.open = !self.panels.log.open,
            _ => return false,
        }
        true
    }

    /// Ctrl+S: the edited files, atomically; with none edited, the preset.
    fn save_files(&mut self) {
        if !self.panels.editor.is_dirty() {
            self.apply(vec![Command::SavePreset]);
            return;
        }
        self.status = match self.panels.editor.save_all() {
            Ok(1) => "saved 1 file".to_string(),
            Ok(n) => format!("saved {n} files"),
            Err(e) => format!("could not save: {e}"),
        };
    }

    /// The open preset's path when it is the user's: not one of the presets fxbench ships.
    fn own_preset_path(&self) -> Option<PathBuf> {
        let path = self.doc.document.preset_path.clone()?;
        let shipped = crate::session::files::builtin_presets_dir();
        let canonical = |p: &std::path::Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        (!canonical(&path).starts_with(canonical(&shipped))).then_some(path)
    }

    fn save_preset(&mut self, path: PathBuf) {
        let Ok(runtime) = &self.gpu.runtime else {
            return;
        };
        let preset = self.doc.document.preset_from_chain(runtime.chain());
        let saved = crate::session::files::write_atomic(&path, preset.to_ini().as_bytes());
        self.status = match saved {
            Ok(()) => {
                self.doc.preset_dirty = false;
                self.doc.document.preset_path = Some(path.clone());
                self.settings.opened.preset = Some(path.clone());
                format!("saved {}", path.display())
            }
            Err(e) => format!("could not save {}: {e}", path.display()),
        };
        self.doc.document.preset = Some(preset);
    }

    /// F5 or a changed file: buffers without edits take the disk's text, buffers with edits
    /// that changed on disk ask; a changed preset is read again; then the effects recompile.
    /// `quiet` (the watcher, not F5): when no open file or preset changed (our own save), the
    /// compile that follows leaves the status bar alone.
    fn reload(&mut self, quiet: bool) {
        let (reloaded, conflicts) = self.panels.editor.check_disk();
        if !conflicts.is_empty() {
            self.status = format!(
                "{} changed on disk while edited: choose in the editor",
                conflicts.join(", ")
            );
        }
        let mut preset_changed = false;
        if let Some(path) = &self.doc.document.preset_path
            && !self.doc.preset_dirty
            && let Ok(fresh) = Document::with_preset(path, self.doc.document.effect_paths.clone())
            && fresh.preset != self.doc.document.preset
        {
            self.doc.document.preset = fresh.preset;
            self.doc.reapply_preset = true;
            preset_changed = true;
        }
        self.doc.quiet_compile = quiet && reloaded == 0 && conflicts.is_empty() && !preset_changed;
        self.request_compile();
    }

    /// Looks for ReShade's SPIR-V in `folders` from now on; a chain running the reference it
    /// no longer finds goes back to our shaders.
    fn set_reference_folders(&mut self, folders: Vec<PathBuf>) {
        self.settings.opened.reference = folders;
        let Ok(runtime) = &mut self.gpu.runtime else {
            return;
        };
        let note =
            super::attach_reference(runtime, &self.doc.document, &self.settings.opened.reference);
        let found = runtime.reference_shaders().is_some();
        self.status = note.unwrap_or_else(|| match self.reference_file() {
            Some(path) if found => format!("ReShade reference: {}", path.display()),
            _ => "no ReShade reference for the open effect".to_string(),
        });
        if !found && self.gpu.shaders == crate::session::spirv::ShaderChoice::Reference {
            self.set_shaders(crate::session::spirv::ShaderChoice::default());
        }
    }

    /// Makes the next frame a screenshot frame; without a folder chosen, it goes to the default
    /// one (`session::screenshot::default_folder`), which the Screenshot menu then shows.
    fn take_screenshot(&mut self) {
        let Ok(runtime) = &mut self.gpu.runtime else {
            self.status = "nothing runs: no screenshot to take".to_string();
            return;
        };
        if self.settings.screenshots.settings.folder.is_none() {
            match crate::session::screenshot::default_folder() {
                Some(folder) => self.settings.screenshots.settings.folder = Some(folder),
                None => {
                    self.status =
                        "no pictures folder: choose a folder for screenshots (Screenshot menu)"
                            .to_string();
                    return;
                }
            }
        }
        runtime.request_screenshot(self.settings.screenshots.settings.before);
    }

    /// Files dropped on the window: a preset, an image (the input) or effects.
    pub(super) fn dropped_files(&self, ctx: &egui::Context) -> Option<Command> {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        let first = dropped.first()?.clone();
        let mut options = toolbar::options_for_path(&self.settings.opened, first);
        if options.preset.is_none() && !options.effects.is_empty() {
            // Several effects dropped together open together.
            options.effects = dropped
                .into_iter()
                .filter(|p| toolbar::is_effect_path(p))
                .collect();
        }
        Some(Command::Open(options))
    }

    /// The window's shortcuts (the editor's own, Ctrl+F and Ctrl+G, are in the editor).
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) -> Vec<Command> {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let mut commands = Vec::new();
        let shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let pressed = |m: Modifiers, k: Key| {
            ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(m, k)))
        };
        // With Shift first: a plain shortcut also matches with Shift held.
        if pressed(shift, Key::S) {
            commands.extend(
                self.panels
                    .toolbar
                    .pick_preset_target(&self.settings.opened),
            );
        } else if pressed(Modifiers::COMMAND, Key::S) {
            commands.push(Command::SaveFiles);
        }
        if pressed(Modifiers::COMMAND, Key::O) {
            commands.extend(self.panels.toolbar.pick_effects(&self.settings.opened));
        }
        if pressed(Modifiers::NONE, Key::F5) {
            commands.push(Command::Reload);
        }
        if pressed(Modifiers::NONE, Key::F12) {
            commands.push(Command::TakeScreenshot);
        }
        if pressed(Modifiers::NONE, Key::F1) {
            commands.push(Command::ToggleHelp);
        }
        // In a text field Ctrl+Z is the field's own undo.
        if !ctx.egui_wants_keyboard_input() {
            if pressed(shift, Key::Z) {
                commands.push(Command::Redo);
            } else if pressed(Modifiers::COMMAND, Key::Z) {
                commands.push(Command::Undo);
            }
        }
        commands
    }
}

/// Whether `command` is one of the asks a pane makes of the next frame.
fn is_frame_ask(command: &Command) -> bool {
    matches!(
        command,
        Command::PreviewShown { .. }
            | Command::Overlay { .. }
            | Command::Capture { .. }
            | Command::WantReferenceSide(_)
    )
}
