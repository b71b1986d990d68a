//! Where the window carries out what the panels ask for ([`Command`]s), after the UI pass: no
//! pipeline is created inside a UI callback. Also the editor's compile loop (debounced, off the
//! UI thread), dropped files and the keyboard shortcuts.

use std::path::PathBuf;
use std::time::Instant;

use analysis::CompileMode;

use super::layout::{self, Pane};
use super::undo::Edit;
use super::{Command, EDIT_DEBOUNCE, StartOptions, WorkbenchApp, panels, toolbar, watch};
use crate::session::background::Finished;
use crate::session::document::{CompileSettings, Document};

impl WorkbenchApp {
    pub(super) fn apply(&mut self, commands: Vec<Command>) {
        for command in commands {
            if self.apply_window_command(&command) {
                continue;
            }
            let Ok(runtime) = &mut self.runtime else {
                return;
            };
            match command {
                Command::SetEnabled(key, on) => {
                    runtime.chain_mut().set_enabled(key, on);
                    self.undo.record(Edit::Enabled { key, after: on });
                    self.preset_dirty = true;
                }
                Command::MoveTechnique { from, to } => {
                    let before = runtime.chain().order().to_vec();
                    let mut order = before.clone();
                    if from < order.len() && to < order.len() {
                        let moved = order.remove(from);
                        order.insert(to, moved);
                        runtime.chain_mut().set_order(&order);
                        self.undo.record(Edit::Order {
                            before,
                            after: order,
                        });
                        self.preset_dirty = true;
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
                    self.undo.record(Edit::Uniform {
                        effect: effect.index(),
                        name,
                        before,
                        after: value,
                    });
                    self.preset_dirty = true;
                }
                Command::Undo if self.undo.undo(runtime.chain_mut()) => {
                    self.status = "undone".to_string();
                    self.preset_dirty = true;
                }
                Command::Redo if self.undo.redo(runtime.chain_mut()) => {
                    self.status = "redone".to_string();
                    self.preset_dirty = true;
                }
                Command::SavePreset => match self.own_preset_path() {
                    Some(path) => self.save_preset(path),
                    // No preset of the user's is open (none, or a shipped one): ask where,
                    // never into the current folder or over the shipped presets.
                    None => {
                        let target = self.toolbar.pick_preset_target(&self.opened);
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

    /// Commands that do not need a running chain; returns whether `command` was one.
    fn apply_window_command(&mut self, command: &Command) -> bool {
        match command {
            Command::Open(options) => {
                let same_document =
                    options.effects == self.opened.effects && options.preset == self.opened.preset;
                if same_document && self.runtime.is_ok() {
                    self.change_input(options.clone());
                } else {
                    self.open(options.clone());
                }
            }
            Command::OpenAt(target) => {
                layout::show_pane(&mut self.tree, Pane::Editor);
                if let Err(e) = self.editor.open_at(target) {
                    self.status = format!("cannot open {}: {e}", target.path.display());
                }
            }
            Command::BuffersEdited => self.edited_at = Some(Instant::now()),
            Command::TakeScreenshot => self.take_screenshot(),
            Command::SetScreenshotFolder(folder) => {
                self.screenshots.settings.folder = Some(folder.clone());
            }
            Command::SetScreenshotBefore(before) => self.screenshots.settings.before = *before,
            Command::SaveFiles => self.save_files(),
            Command::Reload => self.reload(false),
            Command::SetDefinitions(text) => {
                if self.document.set_definitions(None, text) {
                    self.preset_dirty = true;
                    self.reload(false);
                }
            }
            Command::SetEffectDefinition {
                effect,
                name,
                value,
            } => {
                if self.document.set_definition(Some(effect), name, value) {
                    self.preset_dirty = true;
                    self.reload(false);
                }
            }
            Command::FilesChanged => self.reload(true),
            Command::SetReferenceFolders(folders) => self.set_reference_folders(folders.clone()),
            Command::ShowPane(pane) => layout::show_pane(&mut self.tree, *pane),
            Command::HidePane(pane) => layout::hide_pane(&mut self.tree, *pane),
            Command::ResetLayout => self.tree = layout::default_tree(),
            Command::ToggleHelp => self.show_help = !self.show_help,
            Command::ToggleLog => self.log.open = !self.log.open,
            _ => return false,
        }
        true
    }

    /// Ctrl+S: the edited files, atomically; with none edited, the preset.
    fn save_files(&mut self) {
        if !self.editor.is_dirty() {
            self.apply(vec![Command::SavePreset]);
            return;
        }
        self.status = match self.editor.save_all() {
            Ok(1) => "saved 1 file".to_string(),
            Ok(n) => format!("saved {n} files"),
            Err(e) => format!("could not save: {e}"),
        };
    }

    /// The open preset's path when it is the user's: not one of the presets fxbench ships.
    fn own_preset_path(&self) -> Option<PathBuf> {
        let path = self.document.preset_path.clone()?;
        let shipped = crate::session::files::builtin_presets_dir();
        let canonical = |p: &std::path::Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        (!canonical(&path).starts_with(canonical(&shipped))).then_some(path)
    }

    fn save_preset(&mut self, path: PathBuf) {
        let Ok(runtime) = &self.runtime else {
            return;
        };
        let preset = self.document.preset_from_chain(runtime.chain());
        let saved = crate::session::files::write_atomic(&path, preset.to_ini().as_bytes());
        self.status = match saved {
            Ok(()) => {
                self.preset_dirty = false;
                self.document.preset_path = Some(path.clone());
                self.opened.preset = Some(path.clone());
                format!("saved {}", path.display())
            }
            Err(e) => format!("could not save {}: {e}", path.display()),
        };
        self.document.preset = Some(preset);
    }

    /// F5 or a changed file: buffers without edits take the disk's text, buffers with edits
    /// that changed on disk ask; a changed preset is read again; then the effects recompile.
    /// `quiet` (the watcher, not F5): when no open file or preset changed (our own save), the
    /// compile that follows leaves the status bar alone.
    fn reload(&mut self, quiet: bool) {
        let (reloaded, conflicts) = self.editor.check_disk();
        if !conflicts.is_empty() {
            self.status = format!(
                "{} changed on disk while edited: choose in the editor",
                conflicts.join(", ")
            );
        }
        let mut preset_changed = false;
        if let Some(path) = &self.document.preset_path
            && !self.preset_dirty
            && let Ok(fresh) = Document::with_preset(path, self.document.effect_paths.clone())
            && fresh.preset != self.document.preset
        {
            self.document.preset = fresh.preset;
            self.reapply_preset = true;
            preset_changed = true;
        }
        self.quiet_compile = quiet && reloaded == 0 && conflicts.is_empty() && !preset_changed;
        self.request_compile();
    }

    /// Starts a background compile of the document with the editor's buffers.
    fn request_compile(&mut self) {
        let Ok(runtime) = &self.runtime else {
            return;
        };
        let settings = match self.mode {
            CompileMode::Performance => Document::performance_mode(runtime.chain()),
            CompileMode::Normal => CompileSettings::Normal,
        };
        self.compiler.request(
            self.document.clone(),
            runtime.chain().size(),
            settings,
            self.editor.overlay(),
        );
        self.edited_at = None;
    }

    /// Once typing has paused for [`EDIT_DEBOUNCE`], compiles; applies a finished compile.
    pub(super) fn compile_edits(&mut self) {
        if self
            .edited_at
            .is_some_and(|at| at.elapsed() >= EDIT_DEBOUNCE)
        {
            self.quiet_compile = false;
            self.request_compile();
        }
        if let Some(finished) = self.compiler.poll() {
            self.apply_compiled(finished);
        }
    }

    /// A finished compile: its diagnostics shown; the chain rebuilt only if it has no error, so
    /// the last good chain keeps running while the code is broken.
    fn apply_compiled(&mut self, finished: Finished) {
        let compiled = finished.compiled;
        self.set_diagnostics(panels::diagnostics::rows(&compiled));
        let Ok(runtime) = &mut self.runtime else {
            return;
        };
        self.watcher =
            watch::FileWatcher::new(super::watched_files(&self.document, &compiled)).ok();
        let quiet = std::mem::take(&mut self.quiet_compile);
        let status = if compiled.has_errors() {
            "reload failed: the effects have errors (see Diagnostics)".to_string()
        } else if finished.size != runtime.chain().size() {
            // Compiled for an input size that changed meanwhile: ask again.
            self.edited_at = Some(Instant::now() - EDIT_DEBOUNCE);
            return;
        } else {
            match runtime.reload(compiled.effects) {
                Ok(()) => {
                    if std::mem::take(&mut self.reapply_preset) {
                        self.document.apply_preset(runtime.chain_mut());
                    }
                    self.spirv.refresh(runtime.chain());
                    format!(
                        "reloaded ({:.0} ms to compile)",
                        finished.duration.as_secs_f64() * 1e3
                    )
                }
                Err(e) => format!("reload failed: {e}"),
            }
        };
        if !quiet || compiled_failed(&status) {
            self.status = status;
        }
    }

    fn set_shaders(&mut self, choice: crate::session::spirv::ShaderChoice) {
        let Ok(runtime) = &mut self.runtime else {
            return;
        };
        let shaders = match choice {
            crate::session::spirv::ShaderChoice::Reference => runtime
                .reference_shaders()
                .ok_or(crate::session::spirv::ShaderChoiceError::NoReference),
            _ => choice.shaders(),
        };
        let shaders = match shaders {
            Ok(shaders) => shaders,
            Err(why) => {
                self.status = format!("cannot run {}: {why}", choice.label());
                return;
            }
        };
        let compiled = self.document.compile_with(
            runtime.chain().size(),
            &settings_like(self.mode, runtime.chain()),
            &self.editor.overlay(),
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

    fn set_compile_mode(&mut self, mode: CompileMode) {
        let Ok(runtime) = &mut self.runtime else {
            return;
        };
        let compiled = self.document.compile_with(
            runtime.chain().size(),
            &settings_like(mode, runtime.chain()),
            &self.editor.overlay(),
        );
        let rows = panels::diagnostics::rows(&compiled);
        let status = if compiled.has_errors() {
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
        self.status = status;
        self.set_diagnostics(rows);
    }

    /// Looks for ReShade's SPIR-V in `folders` from now on; a chain running the reference it
    /// no longer finds goes back to our shaders.
    fn set_reference_folders(&mut self, folders: Vec<PathBuf>) {
        self.opened.reference = folders;
        let Ok(runtime) = &mut self.runtime else {
            return;
        };
        let note = super::attach_reference(runtime, &self.document, &self.opened.reference);
        let found = runtime.reference_shaders().is_some();
        self.status = note.unwrap_or_else(|| match self.reference_file() {
            Some(path) if found => format!("ReShade reference: {}", path.display()),
            _ => "no ReShade reference for the open effect".to_string(),
        });
        if !found && self.shaders == crate::session::spirv::ShaderChoice::Reference {
            self.set_shaders(crate::session::spirv::ShaderChoice::default());
        }
    }

    /// Makes the next frame a screenshot frame; without a folder chosen, it goes to the default
    /// one (`session::screenshot::default_folder`), which the Screenshot menu then shows.
    fn take_screenshot(&mut self) {
        let Ok(runtime) = &mut self.runtime else {
            self.status = "nothing runs: no screenshot to take".to_string();
            return;
        };
        if self.screenshots.settings.folder.is_none() {
            match crate::session::screenshot::default_folder() {
                Some(folder) => self.screenshots.settings.folder = Some(folder),
                None => {
                    self.status =
                        "no pictures folder: choose a folder for screenshots (Screenshot menu)"
                            .to_string();
                    return;
                }
            }
        }
        runtime.request_screenshot(self.screenshots.settings.before);
    }

    /// Runs the open effects over `options`' input instead, keeping order, enabled techniques
    /// and values (only the input differs from what is open).
    fn change_input(&mut self, options: StartOptions) {
        let Ok(runtime) = &mut self.runtime else {
            return;
        };
        let (status, rows) = match super::load_source(&options) {
            Ok(source) => {
                let compiled = self.document.compile_with(
                    source.size(),
                    &settings_like(self.mode, runtime.chain()),
                    &self.editor.overlay(),
                );
                let rows = Some(panels::diagnostics::rows(&compiled));
                let status = if compiled.has_errors() {
                    "the effects have errors (see Diagnostics)".to_string()
                } else {
                    match runtime.set_input(source, compiled.effects) {
                        Ok(()) => {
                            if let crate::session::input::InputChoice::Image(image) = &options.input
                            {
                                super::persist::remember(&mut self.recent_images, image.clone());
                            }
                            self.opened = options;
                            self.spirv.refresh(runtime.chain());
                            "input changed".to_string()
                        }
                        Err(e) => format!("cannot run over that input: {e}"),
                    }
                };
                (status, rows)
            }
            Err(e) => (format!("cannot open the input: {e}"), None),
        };
        self.status = status;
        if let Some(rows) = rows {
            self.set_diagnostics(rows);
        }
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
        let mut options = toolbar::options_for_path(&self.opened, first);
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
            commands.extend(self.toolbar.pick_preset_target(&self.opened));
        } else if pressed(Modifiers::COMMAND, Key::S) {
            commands.push(Command::SaveFiles);
        }
        if pressed(Modifiers::COMMAND, Key::O) {
            commands.extend(self.toolbar.pick_effects(&self.opened));
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

/// The compile settings for `mode` with `chain`'s current values.
fn settings_like(mode: CompileMode, chain: &engine::EffectChain) -> CompileSettings {
    match mode {
        CompileMode::Performance => Document::performance_mode(chain),
        CompileMode::Normal => CompileSettings::Normal,
    }
}

/// Whether a reload's status reports a failure (always shown, even for a quiet reload).
fn compiled_failed(status: &str) -> bool {
    status.starts_with("reload failed")
}
