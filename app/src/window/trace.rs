//! The window's side of the shader debugger (issue #25): a trace the Debug pane asks for is
//! compiled instrumented off the UI thread (`session::debug::InstrumentJob`, the editor's
//! unsaved text, the chain's compile options); once no compile or rebuild is under way its
//! recording run is set up (`EffectChain::begin_trace`, the pipeline made on the UI thread) to
//! ride along with the next frame, and its trace is read back when the GPU is done
//! (`EffectChain::poll_trace`), so the UI never waits for a frame: `record_trace`, which
//! renders a frame of its own and waits, took 0.5–0.8 s on lavapipe for the demo preset with an
//! FX effect at 1280×720. The rows go to the pane, the values to the editor's line ends; an
//! edit, another document or a rebuilt chain clears them. A pixel picked while the pane is
//! open also gets its pixel history (`EffectChain::begin_history`, riding along the same way,
//! its replay pipelines made on the UI thread), cleared alike.

use std::time::Instant;

use engine::TechniqueKey;
use engine::chain::TraceRequest;

use super::WorkbenchApp;
use super::editor::trace_marks::TraceMarks;
use super::layout::{self, Pane};
use super::panels::debugger::{DebugView, Recorded, TraceAsk, TraceState};
use super::panels::pixel_history::HistoryState;
use crate::session::debug::{InstrumentJob, trace_rows};

impl WorkbenchApp {
    /// A click on the preview or the inspector at `pixel`: the Debug pane's pixel, while the
    /// pane is open (and its trace, when a pass is chosen).
    pub(super) fn pick_pixel(&mut self, pixel: [u32; 2]) {
        if !layout::has_pane(&self.panels.tree, Pane::Debugger) {
            return;
        }
        let ask = self.panels.debugger.pick_pixel(pixel);
        self.start_history(pixel);
        if let Some(ask) = ask {
            self.start_trace(ask);
        }
    }

    /// A pass chosen from the editor's gutter: the Debug pane shows with it chosen, and its
    /// trace is recorded at the pane's pixel or thread when one is set.
    pub(super) fn debug_pass(&mut self, technique: TechniqueKey, pass: usize) {
        layout::show_pane(&mut self.panels.tree, Pane::Debugger);
        self.panels.debugger.view = DebugView::Trace;
        if let Some(ask) = self.panels.debugger.choose_pass(technique, pass) {
            self.start_trace(ask);
        }
    }

    /// Sets the pixel history of `pixel` up to ride along with the next frame (its replay
    /// pipelines made here, on the UI thread); [`Self::poll_trace`] takes it once read back.
    pub(super) fn start_history(&mut self, pixel: [u32; 2]) {
        let Ok(runtime) = &mut self.gpu.runtime else {
            return;
        };
        let began = Instant::now();
        self.panels.debugger.view = DebugView::History;
        self.panels.debugger.history = match runtime.chain_mut().begin_history(pixel) {
            Ok(()) => HistoryState::Recording {
                pixel,
                began,
                ui_time: began.elapsed(),
            },
            Err(e) => HistoryState::Failed(e.to_string()),
        };
    }

    /// Takes the pixel history once a frame recorded it and the GPU is done.
    fn finish_history(&mut self) {
        let (Ok(runtime), HistoryState::Recording { began, ui_time, .. }) =
            (&mut self.gpu.runtime, &self.panels.debugger.history)
        else {
            return;
        };
        let (began, ui_time) = (*began, *ui_time);
        let Some(result) = runtime.chain_mut().poll_history() else {
            return;
        };
        self.panels.debugger.history = match result {
            Ok(history) => HistoryState::Done {
                history,
                ui_time,
                latency: began.elapsed(),
            },
            Err(e) => HistoryState::Failed(e.to_string()),
        };
    }

    /// Starts the instrumented compile of `ask`'s effect; the trace is recorded when it is done.
    pub(super) fn start_trace(&mut self, ask: TraceAsk) {
        self.drop_trace(true);
        self.panels.debugger.view = DebugView::Trace;
        let Ok(runtime) = &self.gpu.runtime else {
            return;
        };
        let chain = runtime.chain();
        let path = chain.effect(ask.technique.effect).path().to_path_buf();
        let settings = super::rebuild::settings_like(self.gpu.mode, chain);
        let options = self
            .doc
            .document
            .effect_options(&path, chain.size(), &settings);
        let job = InstrumentJob::spawn(path, self.panels.editor.overlay(), options);
        self.panels.debugger.state = TraceState::Compiling { ask, job };
    }

    /// Moves the trace on: sets its run up once the instrumented compile finished and the
    /// chain is not about to be rebuilt, and takes its records once a frame recorded them.
    pub(super) fn poll_trace(&mut self) {
        self.finish_history();
        match &self.panels.debugger.state {
            TraceState::Compiling { job, .. } if !self.is_compiling() => {
                if let Some(out) = job.try_take() {
                    self.begin_recording(out);
                }
            }
            TraceState::Recording { .. } => self.finish_recording(),
            _ => {}
        }
    }

    /// The instrumented compile is done: its run, set up for the next frame.
    fn begin_recording(&mut self, out: Option<analysis::debug::InstrumentOutput>) {
        let TraceState::Compiling { ask, .. } = std::mem::take(&mut self.panels.debugger.state)
        else {
            return;
        };
        let Ok(runtime) = &mut self.gpu.runtime else {
            return;
        };
        let instrumented = match out.map(|o| (o.instrumented, o.load)) {
            Some((Some(instrumented), _)) => instrumented,
            Some((None, load)) => {
                self.panels.debugger.state = TraceState::Failed(format!(
                    "the instrumented effect does not compile:\n{}",
                    load.render_diagnostics()
                ));
                return;
            }
            None => {
                self.panels.debugger.state =
                    TraceState::Failed("the instrumented compile stopped".to_string());
                return;
            }
        };
        let request = TraceRequest {
            technique: ask.technique,
            pass: ask.pass,
            target: ask.target,
            instrumented: &instrumented,
        };
        let began = Instant::now();
        self.panels.debugger.state = match runtime.begin_trace(&request) {
            Ok(()) => TraceState::Recording {
                ask,
                instrumented: Box::new(instrumented),
                began,
                ui_time: began.elapsed(),
            },
            Err(e) => TraceState::Failed(format!("not recorded: {e}")),
        };
    }

    /// Takes the trace once a frame recorded it and the GPU is done.
    fn finish_recording(&mut self) {
        let (Ok(runtime), TraceState::Recording { instrumented, .. }) =
            (&mut self.gpu.runtime, &self.panels.debugger.state)
        else {
            return;
        };
        let Some(result) = runtime.poll_trace(&instrumented.table) else {
            return;
        };
        let TraceState::Recording {
            ask,
            instrumented,
            began,
            ui_time,
        } = std::mem::take(&mut self.panels.debugger.state)
        else {
            return;
        };
        let trace = match result {
            Ok(trace) => trace,
            Err(e) => {
                self.panels.debugger.state = TraceState::Failed(format!("not recorded: {e}"));
                return;
            }
        };
        let rows = trace_rows(&trace, &instrumented.table);
        let compute = runtime.chain().technique(ask.technique).passes[ask.pass].is_compute();
        self.panels
            .editor
            .set_trace(Some(TraceMarks::new(rows.clone(), instrumented.table)));
        self.panels.debugger.state = TraceState::Done(Recorded {
            ask,
            rows,
            written: trace.written,
            cut: trace.cut(),
            compute,
            ui_time,
            latency: began.elapsed(),
        });
    }

    /// Drops the recorded trace, the editor's values and the pixel history (the code or the
    /// chain changed), and runs set up on the chain; with `edited`, an instrumented compile of
    /// the old text too.
    pub(super) fn clear_trace(&mut self, edited: bool) {
        self.drop_trace(edited);
        if matches!(self.panels.debugger.history, HistoryState::Recording { .. })
            && let Ok(runtime) = &mut self.gpu.runtime
        {
            runtime.chain_mut().cancel_history();
        }
        self.panels.debugger.history = HistoryState::Idle;
    }

    /// [`Self::clear_trace`] without the pixel history: another trace is asked for.
    fn drop_trace(&mut self, edited: bool) {
        if matches!(self.panels.debugger.state, TraceState::Recording { .. })
            && let Ok(runtime) = &mut self.gpu.runtime
        {
            runtime.chain_mut().cancel_trace();
        }
        if edited {
            self.panels.debugger.state = TraceState::Idle;
        } else {
            self.panels.debugger.clear_result();
        }
        self.panels.editor.set_trace(None);
    }
}
