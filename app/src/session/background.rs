//! Compiling off the UI thread: the editor asks for a compile of the document with its unsaved
//! buffers, a worker thread runs the front end and, when asked ([`ChainBuild`]), builds the
//! chain from what it compiled (every pipeline: the longest step of a rebuild), and the window
//! picks the result up on a later frame. Results are numbered, so one that an edit has
//! overtaken is dropped, not applied.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use engine::{ChainError, ChainOptions, EffectChain, GpuContext};

use super::buffer::OverlayLoader;
use super::document::{CompileSettings, Compiled, Document};

/// A finished compile and the request it answers.
pub struct Finished {
    pub generation: u64,
    pub compiled: Compiled,
    /// The back-buffer size it was compiled for.
    pub size: (u32, u32),
    /// How long the front end took on the worker thread.
    pub duration: Duration,
    /// The chain built from the compiled effects, when the request asked for one and the
    /// effects have no errors.
    pub built: Option<Result<EffectChain, ChainError>>,
}

/// What a worker needs to build the chain too: the device and the chain's options.
pub struct ChainBuild {
    pub gpu: GpuContext,
    pub options: ChainOptions,
}

/// One worker at a time; a new request while one runs waits for it to finish.
#[derive(Default)]
pub struct BackgroundCompiler {
    running: Option<mpsc::Receiver<Finished>>,
    /// The newest request's number; older results are stale.
    generation: u64,
    /// A request waiting for the running one to finish.
    queued: Option<Request>,
}

struct Request {
    document: Document,
    size: (u32, u32),
    settings: CompileSettings,
    overlay: OverlayLoader,
    build: Option<ChainBuild>,
}

impl BackgroundCompiler {
    /// Asks for `document` compiled at `size` with `settings`, reading `overlay`. Returns the
    /// request's number.
    pub fn request(
        &mut self,
        document: Document,
        size: (u32, u32),
        settings: CompileSettings,
        overlay: OverlayLoader,
    ) -> u64 {
        self.request_and_build(document, size, settings, overlay, None)
    }

    /// [`Self::request`], and with `build` the chain built from the effects on the worker too
    /// ([`Finished::built`]).
    pub fn request_and_build(
        &mut self,
        document: Document,
        size: (u32, u32),
        settings: CompileSettings,
        overlay: OverlayLoader,
        build: Option<ChainBuild>,
    ) -> u64 {
        self.generation += 1;
        self.queued = Some(Request {
            document,
            size,
            settings,
            overlay,
            build,
        });
        self.start_queued();
        self.generation
    }

    /// Drops what was asked so far: a running compile's result is stale (the document it
    /// compiled was replaced), and a queued request never starts.
    pub fn forget(&mut self) {
        self.generation += 1;
        self.queued = None;
    }

    /// Whether a compile is running or waiting.
    pub fn is_busy(&self) -> bool {
        self.running.is_some() || self.queued.is_some()
    }

    /// The newest request's result once it is ready; stale results are dropped.
    pub fn poll(&mut self) -> Option<Finished> {
        let receiver = self.running.as_ref()?;
        let finished = match receiver.try_recv() {
            Ok(finished) => Some(finished),
            Err(mpsc::TryRecvError::Empty) => return None,
            // The worker died (a panic in the front end): nothing to apply.
            Err(mpsc::TryRecvError::Disconnected) => None,
        };
        self.running = None;
        self.start_queued();
        finished.filter(|f| f.generation == self.generation)
    }

    /// Waits (at most `timeout`) for the newest request's result; for tests and the CLI.
    pub fn wait(&mut self, timeout: Duration) -> Option<Finished> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Some(finished) = self.poll() {
                return Some(finished);
            }
            if !self.is_busy() {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
        None
    }

    fn start_queued(&mut self) {
        if self.running.is_some() {
            return;
        }
        let Some(request) = self.queued.take() else {
            return;
        };
        let generation = self.generation;
        let (sender, receiver) = mpsc::channel();
        let spawned = thread::Builder::new()
            .name("fxbench compile".to_string())
            .spawn(move || {
                let start = Instant::now();
                let compiled = request.document.compile_with(
                    request.size,
                    &request.settings,
                    &request.overlay,
                );
                let duration = start.elapsed();
                let built = request
                    .build
                    .filter(|_| !compiled.has_errors())
                    .map(|build| {
                        EffectChain::new(
                            &build.gpu,
                            compiled.effects.clone(),
                            request.size,
                            &build.options,
                        )
                    });
                // The window may have closed meanwhile; nobody to tell then.
                let _ = sender.send(Finished {
                    generation,
                    compiled,
                    size: request.size,
                    duration,
                    built,
                });
            });
        if spawned.is_ok() {
            self.running = Some(receiver);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::buffer::Buffer;

    #[test]
    fn a_compile_reads_the_unsaved_buffer_and_stale_results_are_dropped() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.wfx");
        let body = |colour: &str| {
            format!(
                "#include \"shaders/fxbench.wfxh\"\n\
                 @fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {{ return {colour}; }}\n\
                 technique T {{ pass {{ VertexShader = PostProcessVS; PixelShader = ps; }} }}\n"
            )
        };
        std::fs::write(&path, body("vec4<f32>(1.0)")).expect("write");
        let mut buffer = Buffer::open(&path).expect("open");
        let document = Document::with_effects(vec![path.clone()]);
        let mut compiler = BackgroundCompiler::default();

        // An error typed into the buffer (the file on disk is fine).
        buffer.text = body("vec3<f32>(1.0)");
        let first = compiler.request(
            document.clone(),
            (64, 64),
            CompileSettings::Normal,
            OverlayLoader::new([&buffer]),
        );
        buffer.text = body("vec4<f32>(0.5)");
        let second = compiler.request(
            document.clone(),
            (64, 64),
            CompileSettings::Normal,
            OverlayLoader::new([&buffer]),
        );
        assert!(second > first);
        let finished = compiler.wait(Duration::from_secs(60)).expect("finishes");
        assert_eq!(finished.generation, second);
        assert!(!finished.compiled.has_errors());
        assert_eq!(finished.compiled.effects.len(), 1);

        buffer.text = body("vec3<f32>(1.0)");
        compiler.request(
            document,
            (64, 64),
            CompileSettings::Normal,
            OverlayLoader::new([&buffer]),
        );
        let finished = compiler.wait(Duration::from_secs(60)).expect("finishes");
        assert!(finished.compiled.has_errors());
        assert!(finished.compiled.effects.is_empty());
    }
}
