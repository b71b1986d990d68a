//! Every compile and chain rebuild off the frame that asked for it (issue #23): opening other
//! effects, another shader choice, performance mode, another input or size, a reload and the
//! editor's text all go through `session::background`; another back buffer is another input
//! (the input is uploaded onto it and the effects compiled for its macros). What an action changes waits in
//! [`Pending`] while the front end runs on a worker thread and the old chain keeps drawing (the
//! status bar says "compiling"); the worker builds the new chain too, with every pipeline
//! ([`ChainBuild`]), and a later frame adopts it with everything pending at once. A compile with errors, or a chain that cannot be built, keeps the
//! session as it was and says why.

use std::time::{Duration, Instant};

use analysis::CompileMode;

use super::{EDIT_DEBOUNCE, StartOptions, WorkbenchApp, panels, watch};
use crate::session::background::{ChainBuild, Finished};
use crate::session::buffer::OverlayLoader;
use crate::session::document::{CompileSettings, Document};
use crate::session::input::{InputChoice, Source};
use crate::session::spirv::{ShaderChoice, ShaderChoiceError};

/// An open whose document and input were read; compiled in the background.
pub(super) struct Opening {
    pub(super) document: Document,
    pub(super) options: StartOptions,
    pub(super) source: Source,
}

/// What the running compile changes once it finishes; empty for a reload or an edit.
#[derive(Default)]
pub(super) struct Pending {
    shaders: Option<(ShaderChoice, engine::Shaders)>,
    mode: Option<CompileMode>,
    input: Option<(StartOptions, Source)>,
    /// Other effects or a preset: replaces everything else pending.
    open: Option<Opening>,
}

impl Pending {
    fn is_empty(&self) -> bool {
        self.shaders.is_none() && self.mode.is_none() && self.input.is_none() && self.open.is_none()
    }
}

impl WorkbenchApp {
    /// Opens `options` in place of what is open once its effects compiled in the background;
    /// a document or input that cannot be read changes nothing and says why now.
    pub(super) fn begin_open(&mut self, options: StartOptions) {
        match self.prepare_open(options) {
            Ok(opening) => {
                self.doc.pending = Pending {
                    open: Some(opening),
                    ..Pending::default()
                };
                self.request_compile();
            }
            Err(e) => self.status = e.to_string(),
        }
    }

    /// Runs the chain with `choice`'s shaders once the effects compiled again.
    pub(super) fn set_shaders(&mut self, choice: ShaderChoice) {
        let Ok(runtime) = &self.gpu.runtime else {
            return;
        };
        let shaders = match choice {
            ShaderChoice::Reference => runtime
                .reference_shaders()
                .ok_or(ShaderChoiceError::NoReference),
            _ => choice.shaders(),
        };
        match shaders {
            Ok(shaders) => {
                self.doc.pending.shaders = Some((choice, shaders));
                self.request_compile();
            }
            Err(why) => self.status = format!("cannot run {}: {why}", choice.label()),
        }
    }

    /// Compiles uniforms in at their current values (performance mode) or back out.
    pub(super) fn set_compile_mode(&mut self, mode: CompileMode) {
        self.doc.pending.mode = Some(mode);
        self.request_compile();
    }

    /// Runs the open effects over `options`' input instead, keeping order, enabled techniques
    /// and values (only the input differs from what is open).
    pub(super) fn change_input(&mut self, options: StartOptions) {
        match super::load_source(&options) {
            Ok(source) => {
                self.doc.pending.input = Some((options, source));
                self.request_compile();
            }
            Err(e) => self.status = format!("cannot open the input: {e}"),
        }
    }

    /// Starts a background compile of what is pending: the document being opened, or the open
    /// one with the editor's buffers, in the mode and at the size pending or current.
    pub(super) fn request_compile(&mut self) {
        self.doc.edited_at = None;
        if let Some(opening) = &self.doc.pending.open {
            // Built on the running chain's device; with none running, built at the open.
            let build = self.gpu.runtime.as_ref().ok().map(|runtime| ChainBuild {
                gpu: runtime.gpu().clone(),
                options: super::runtime::Runtime::options_for(&opening.document),
            });
            self.doc.compiler.request_and_build(
                opening.document.clone(),
                opening.source.size(),
                CompileSettings::Normal,
                OverlayLoader::default(),
                build,
            );
            return;
        }
        let Ok(runtime) = &self.gpu.runtime else {
            return;
        };
        let mode = self.doc.pending.mode.unwrap_or(self.gpu.mode);
        let pending_input = self.doc.pending.input.as_ref();
        let size =
            pending_input.map_or_else(|| runtime.chain().size(), |(_, source)| source.size());
        let mut document = self.doc.document.clone();
        if let Some((options, _)) = pending_input {
            // Another back buffer changes the macros the effects see (`BUFFER_COLOR_SPACE`).
            document.back_buffer = options.back_buffer();
        }
        let build = ChainBuild {
            gpu: runtime.gpu().clone(),
            options: chain_options(runtime.chain().options(), &self.doc.pending),
        };
        self.doc.compiler.request_and_build(
            document,
            size,
            settings_like(mode, runtime.chain()),
            self.panels.editor.overlay(),
            Some(build),
        );
    }

    /// Once typing has paused for [`EDIT_DEBOUNCE`], compiles; applies a finished compile.
    pub(super) fn compile_edits(&mut self) {
        if self
            .doc
            .edited_at
            .is_some_and(|at| at.elapsed() >= EDIT_DEBOUNCE)
        {
            self.doc.quiet_compile = false;
            self.request_compile();
        }
        if let Some(finished) = self.doc.compiler.poll() {
            self.apply_compiled(finished);
        }
    }

    /// A finished compile: an open replaces the session; otherwise its diagnostics are shown
    /// and the chain is rebuilt with what is pending only if it has no error, so the last good
    /// chain keeps running while the code is broken.
    fn apply_compiled(&mut self, finished: Finished) {
        if let Some(opening) = self.doc.pending.open.take() {
            self.doc.pending = Pending::default();
            self.finish_open(opening, finished.compiled, finished.built);
            return;
        }
        let compiled = finished.compiled;
        self.set_diagnostics(panels::diagnostics::rows(&compiled));
        let pending = std::mem::take(&mut self.doc.pending);
        let Ok(runtime) = &self.gpu.runtime else {
            return;
        };
        self.doc.watcher =
            watch::FileWatcher::new(super::watched_files(&self.doc.document, &compiled)).ok();
        let wanted_size = pending
            .input
            .as_ref()
            .map_or_else(|| runtime.chain().size(), |(_, source)| source.size());
        if !compiled.has_errors() && finished.size != wanted_size {
            // Compiled for a size that changed meanwhile: ask again.
            self.doc.pending = pending;
            self.doc.edited_at = Some(Instant::now() - EDIT_DEBOUNCE);
            return;
        }
        let quiet = std::mem::take(&mut self.doc.quiet_compile) && pending.is_empty();
        let status = if compiled.has_errors() {
            match self.back_buffer_change(&pending) {
                Some(back_buffer) => format!(
                    "cannot run on the {back_buffer} back buffer: the effects have errors \
                     there (see Diagnostics); the {} chain keeps running",
                    self.doc.document.back_buffer
                ),
                None if pending.is_empty() => {
                    "reload failed: the effects have errors (see Diagnostics)".to_string()
                }
                None => "the effects have errors (see Diagnostics)".to_string(),
            }
        } else {
            self.rebuild(compiled.effects, finished.built, pending, finished.duration)
        };
        if !quiet || compiled_failed(&status) {
            self.status = status;
        }
    }

    /// The back buffer `pending` switches to, when it is another than the document's.
    fn back_buffer_change(&self, pending: &Pending) -> Option<analysis::BackBuffer> {
        let (options, _) = pending.input.as_ref()?;
        Some(options.back_buffer()).filter(|b| *b != self.doc.document.back_buffer)
    }

    /// Rebuilds the chain from compiled `effects` with everything `pending`, or runs `built`,
    /// the chain the worker built from them with the same options, when it was built on this
    /// runtime's device (a lost device's replacement builds again here); the status.
    fn rebuild(
        &mut self,
        effects: Vec<analysis::ValidatedEffect>,
        built: Option<Result<engine::EffectChain, engine::ChainError>>,
        pending: Pending,
        duration: Duration,
    ) -> String {
        let back_buffer = self.back_buffer_change(&pending);
        let Ok(runtime) = &mut self.gpu.runtime else {
            return String::new();
        };
        let options = chain_options(runtime.chain().options(), &pending);
        let Pending {
            shaders,
            mode,
            input,
            open: _,
        } = pending;
        let choice = shaders.map(|(choice, _)| choice);
        let (input_options, source) = input.unzip();
        let gpu = runtime.gpu().clone();
        let built = match built {
            Some(Ok(next)) if next.gpu().is_same(&gpu) => runtime.adopt(next, source),
            Some(Err(e)) => Err(e),
            _ => match source {
                Some(source) => runtime.set_input(source, effects, &options),
                None => runtime.reload_with(effects, &options),
            },
        };
        if let Err(e) = built {
            return match (&input_options, choice, mode) {
                (Some(_), _, _) if back_buffer.is_some() => {
                    format!("cannot run on that back buffer: {e}")
                }
                (Some(_), _, _) => format!("cannot run over that input: {e}"),
                (None, Some(choice), _) => format!("cannot run {}: {e}", choice.label()),
                (None, None, Some(_)) => format!("cannot switch performance mode: {e}"),
                (None, None, None) => format!("reload failed: {e}"),
            };
        }
        if std::mem::take(&mut self.doc.reapply_preset) {
            self.doc.document.apply_preset(runtime.chain_mut());
        }
        self.panels.spirv.refresh(runtime.chain());
        // Values traced on the old chain are stale.
        self.clear_trace(false);
        let mut done = Vec::new();
        if let Some(options) = input_options {
            if let InputChoice::Image(image) = &options.input {
                super::persist::remember(&mut self.settings.recent_images, image.clone());
            }
            self.doc.document.back_buffer = options.back_buffer();
            self.settings.opened = options;
            done.push(match back_buffer {
                Some(back_buffer) => format!("back buffer: {back_buffer}"),
                None => "input changed".to_string(),
            });
        }
        if let Some(choice) = choice {
            self.gpu.shaders = choice;
            done.push(format!("running {}", choice.label()));
        }
        if let Some(mode) = mode {
            self.gpu.mode = mode;
            done.push(
                match mode {
                    CompileMode::Performance => "performance mode: uniforms compiled in",
                    CompileMode::Normal => "performance mode off: uniforms editable",
                }
                .to_string(),
            );
        }
        if done.is_empty() {
            format!(
                "reloaded ({:.0} ms to compile)",
                duration.as_secs_f64() * 1e3
            )
        } else {
            done.join("; ")
        }
    }
}

/// The options of the chain `pending` asks for, the others as `current`.
fn chain_options(current: &engine::ChainOptions, pending: &Pending) -> engine::ChainOptions {
    let current = current.clone();
    engine::ChainOptions {
        shaders: pending
            .shaders
            .as_ref()
            .map_or(current.shaders, |(_, shaders)| shaders.clone()),
        back_buffer: pending
            .input
            .as_ref()
            .map_or(current.back_buffer, |(options, _)| options.back_buffer()),
        ..current
    }
}

/// The compile settings for `mode` with `chain`'s current values.
pub(super) fn settings_like(mode: CompileMode, chain: &engine::EffectChain) -> CompileSettings {
    match mode {
        CompileMode::Performance => Document::performance_mode(chain),
        CompileMode::Normal => CompileSettings::Normal,
    }
}

/// Whether a reload's status reports a failure (always shown, even for a quiet reload).
fn compiled_failed(status: &str) -> bool {
    status.starts_with("reload failed")
}
