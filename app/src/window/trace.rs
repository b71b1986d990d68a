//! The window's side of the shader debugger (issue #25): a trace the Debug pane asks for is
//! compiled instrumented off the UI thread (`session::debug::InstrumentJob`, the editor's
//! unsaved text, the chain's compile options), then recorded on the UI thread with
//! `EffectChain::record_trace` once no compile or rebuild is under way (one pass at one pixel:
//! a few milliseconds on lavapipe over the test card, the pane shows how long). The rows go to
//! the pane, the values to the editor's line ends; an edit, another document or a rebuilt chain
//! clears them.

use std::time::Instant;

use engine::chain::TraceRequest;

use super::WorkbenchApp;
use super::editor::trace_marks::TraceMarks;
use super::layout::{self, Pane};
use super::panels::debugger::{Recorded, TraceAsk, TraceState, WFX_NOT_INSTRUMENTED};
use crate::session::debug::{InstrumentJob, trace_rows};

impl WorkbenchApp {
    /// A click on the preview or the inspector at `pixel`: the Debug pane's pixel, while the
    /// pane is open (and its trace, when a pass is chosen).
    pub(super) fn pick_pixel(&mut self, pixel: [u32; 2]) {
        if !layout::has_pane(&self.panels.tree, Pane::Debugger) {
            return;
        }
        if let Some(ask) = self.panels.debugger.pick_pixel(pixel) {
            self.start_trace(ask);
        }
    }

    /// Starts the instrumented compile of `ask`'s effect; the trace is recorded when it is done.
    pub(super) fn start_trace(&mut self, ask: TraceAsk) {
        let Ok(runtime) = &self.gpu.runtime else {
            return;
        };
        let chain = runtime.chain();
        let path = chain.effect(ask.technique.effect).path().to_path_buf();
        if !analysis::fx::is_fx_path(&path) {
            self.panels.debugger.state = TraceState::Failed(WFX_NOT_INSTRUMENTED.to_string());
            return;
        }
        let settings = super::rebuild::settings_like(self.gpu.mode, chain);
        let options = self
            .doc
            .document
            .effect_options(&path, chain.size(), &settings);
        let job = InstrumentJob::spawn(path, self.panels.editor.overlay(), options);
        self.panels.debugger.state = TraceState::Compiling { ask, job };
        self.panels.editor.set_trace(None);
    }

    /// Records the trace whose instrumented compile finished, once the chain is not about to
    /// be rebuilt.
    pub(super) fn poll_trace(&mut self) {
        let TraceState::Compiling { job, .. } = &self.panels.debugger.state else {
            return;
        };
        if self.is_compiling() {
            return;
        }
        let Some(out) = job.try_take() else {
            return;
        };
        let TraceState::Compiling { ask, .. } = std::mem::take(&mut self.panels.debugger.state)
        else {
            unreachable!("matched above");
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
        let start = Instant::now();
        let recorded = runtime.record_trace(&request);
        let duration = start.elapsed();
        let trace = match recorded {
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
            duration,
        });
    }

    /// Drops the recorded trace and the editor's values (the code or the chain changed); with
    /// `edited`, a compile under way of the old text too.
    pub(super) fn clear_trace(&mut self, edited: bool) {
        if edited {
            self.panels.debugger.state = TraceState::Idle;
        } else {
            self.panels.debugger.clear_result();
        }
        if !matches!(self.panels.debugger.state, TraceState::Compiling { .. }) {
            self.panels.editor.set_trace(None);
        }
    }
}
