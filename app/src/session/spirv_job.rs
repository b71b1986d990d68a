//! The SPIR-V view's work off the UI thread: one pass stage compiled, optimised, listed, diffed,
//! validated by `spirv-val` and mapped to its source lines on a worker thread, collected by the
//! view when it is done (it never waits).

use std::sync::mpsc;

use analysis::ValidatedEffect;
use engine::spirv::PassStage;

use crate::session::spirv::{StageError, StageSpirv, Validation};
use crate::session::spirv_lines::SourceMapping;

/// Everything the view shows of one stage.
#[derive(Debug)]
pub struct StageWork {
    pub spirv: Result<StageSpirv, StageError>,
    /// `spirv-val`'s verdicts before and after; `None` when it is not installed.
    pub validation: Option<(Validation, Validation)>,
    /// Each instruction's source line.
    pub mapping: Result<SourceMapping, StageError>,
}

impl StageWork {
    /// Does the work on this thread.
    pub fn run(effect: &ValidatedEffect, stage: &PassStage) -> Self {
        let spirv = StageSpirv::build(effect, stage);
        let validation = spirv.as_ref().ok().and_then(StageSpirv::validate);
        let mapping = SourceMapping::build(effect, stage);
        Self {
            spirv,
            validation,
            mapping,
        }
    }
}

/// A [`StageWork`] under way on a worker thread.
pub struct StageJob {
    receiver: mpsc::Receiver<StageWork>,
}

impl StageJob {
    /// Starts the work on a copy of `effect`.
    pub fn spawn(effect: ValidatedEffect, stage: PassStage) -> Self {
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            // The view may have moved on and dropped the receiver: nothing to deliver then.
            let _ = sender.send(StageWork::run(&effect, &stage));
        });
        Self { receiver }
    }

    /// The result once the worker is done; `None` while it runs. A worker that died (a panic
    /// in a dependency) yields an error rather than leaving the view waiting.
    pub fn try_take(&self) -> Option<StageWork> {
        match self.receiver.try_recv() {
            Ok(work) => Some(work),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(StageWork {
                spirv: Err(StageError::WorkerStopped),
                validation: None,
                mapping: Err(StageError::WorkerStopped),
            }),
        }
    }
}
