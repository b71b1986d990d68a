//! Two chains of the same effects run side by side, frame by frame, over the same input and the
//! same runtime sources, every pass of the last frame captured on both sides and compared: the
//! machinery behind `fxbench compare` and the reference corpus test.
//!
//! Both chains see the same [`FrameInput`] each frame ([`FrameInput::fixed`]: a fixed frame
//! time, no wall clock), and every chain seeds its random sources alike, so `timer`, `frametime`,
//! `framecount`, `random` and the rest are frozen per frame and shared between the sides;
//! [`compare_chains`] checks that after every frame (the uniform values of every effect must be
//! equal) rather than trusting it.

#[cfg(test)]
mod tests;

use super::diff::{self, ImageDiff, Tolerance};
use crate::chain::{ChainError, EffectChain, TechniqueKey};
use crate::input::InputTexture;
use crate::inspect::{CapturePoint, CaptureRequest, CapturedImage, PassRef, ResourceId};
use crate::sources::FrameInput;

/// How a comparison runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CompareOptions {
    /// Frames run on both sides (at least one); the last one is captured and compared.
    pub frames: u32,
    pub tolerance: Tolerance,
}

impl Default for CompareOptions {
    fn default() -> Self {
        Self {
            frames: 4,
            tolerance: Tolerance::default(),
        }
    }
}

/// One texture as one pass left it (or the back buffer at the end of the frame).
#[derive(Clone, Debug, PartialEq)]
pub struct ProbeDiff {
    /// `None` for the chain's output at the end of the frame.
    pub pass: Option<PassRef>,
    pub technique: String,
    /// The pass's name, when it has one.
    pub pass_name: Option<String>,
    pub resource: ResourceId,
    /// "effect.fx: Name", or "back buffer".
    pub resource_name: String,
    /// The difference, or why the texture could not be captured or compared on a side.
    pub diff: Result<ImageDiff, String>,
}

impl ProbeDiff {
    pub fn agrees(&self) -> bool {
        self.diff.as_ref().is_ok_and(ImageDiff::agrees)
    }
}

/// GPU time of one pass on both sides, averaged over the frames run.
#[derive(Clone, Debug, PartialEq)]
pub struct PassTime {
    pub pass: PassRef,
    pub technique: String,
    pub ours_ns: Option<u64>,
    pub theirs_ns: Option<u64>,
}

/// What a comparison found.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// Every texture every pass of the last frame wrote, in run order, then the output.
    pub probes: Vec<ProbeDiff>,
    /// Per pass GPU times, in run order; empty without timestamp queries.
    pub times: Vec<PassTime>,
    /// The chains' outputs after the last frame, for a difference image.
    pub outputs: Option<(CapturedImage, CapturedImage)>,
}

impl Comparison {
    /// Whether every probe agrees (and each could be captured).
    pub fn agrees(&self) -> bool {
        self.probes.iter().all(ProbeDiff::agrees)
    }
}

/// Why two chains could not be compared.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CompareError {
    #[error(transparent)]
    Chain(Box<ChainError>),
    /// The chains do not hold the same effects, techniques and passes.
    #[error("the two chains differ: {0}")]
    Mismatch(String),
    /// A uniform got different values on the two sides (a runtime source that is not shared).
    #[error("frame {frame}: uniform '{uniform}' is {ours:?} on our side and {theirs:?} on theirs")]
    SourcesDiffer {
        frame: u32,
        uniform: String,
        ours: Vec<f64>,
        theirs: Vec<f64>,
    },
}

impl From<ChainError> for CompareError {
    fn from(error: ChainError) -> Self {
        Self::Chain(Box::new(error))
    }
}

impl FrameInput {
    /// The input of frame `n` (from 0) of a reproducible run: 60 frames a second exactly, no
    /// input devices, a fixed date (1 January 2026, noon). What comparisons and tests feed both
    /// sides, so nothing depends on the wall clock.
    pub fn fixed(n: u32) -> Self {
        const FRAME_NS: u64 = 16_666_667;
        Self {
            last_frame_ns: FRAME_NS,
            elapsed_ns: u64::from(n) * FRAME_NS,
            date: [2026, 1, 1, 12 * 3600],
            ..Self::default()
        }
    }
}

/// Runs `ours` and `theirs` (built from the same effects, with other shaders) for
/// `options.frames` frames over `input`, every technique enabled, and compares every texture each
/// pass of the last frame writes, then the output. Before frame `n` runs, `animate` is called with
/// its elapsed time to update the input (the demo scene; a still image ignores it).
pub fn compare_chains(
    ours: &mut EffectChain,
    theirs: &mut EffectChain,
    input: &InputTexture,
    animate: &mut dyn FnMut(u64),
    options: &CompareOptions,
) -> Result<Comparison, CompareError> {
    check_same_shape(ours, theirs)?;
    for chain in [&mut *ours, &mut *theirs] {
        for key in chain.order().to_vec() {
            chain.set_enabled(key, true);
        }
    }
    let requests = probe_requests(ours);
    let frames = options.frames.max(1);
    for n in 0..frames {
        let frame = FrameInput::fixed(n);
        animate(frame.elapsed_ns);
        let last = n + 1 == frames;
        for chain in [&mut *ours, &mut *theirs] {
            if last {
                chain.set_probes(&requests);
            }
            chain.render_blocking(input, &frame)?;
        }
        check_same_uniforms(ours, theirs, n)?;
    }
    let captured = [ours.wait_for_probes(), theirs.wait_for_probes()];
    let mut probes = Vec::with_capacity(requests.len());
    let mut outputs = None;
    let resources = ours.resources();
    for (i, request) in requests.iter().enumerate() {
        let (a, b) = (&captured[0][i], &captured[1][i]);
        let diff = match (a, b) {
            (Ok(a), Ok(b)) => diff::compare(a.into(), b.into(), a.is_float(), &options.tolerance)
                .map_err(|e| e.to_string()),
            (Err(e), _) => Err(format!("ours: {e}")),
            (_, Err(e)) => Err(format!("theirs: {e}")),
        };
        if let (CapturePoint::End, Ok(a), Ok(b)) = (request.point, a, b) {
            outputs = Some((a.clone(), b.clone()));
        }
        let pass = match request.point {
            CapturePoint::AfterPass(pass) => Some(pass),
            _ => None,
        };
        let technique = pass.map(|p| ours.technique(p.key));
        probes.push(ProbeDiff {
            pass,
            technique: technique.map_or_else(String::new, |t| t.name.clone()),
            pass_name: pass
                .zip(technique)
                .and_then(|(p, t)| t.passes[p.pass].name().map(str::to_owned)),
            resource: request.resource,
            resource_name: resources
                .iter()
                .find(|r| r.id == request.resource)
                .map_or_else(|| "?".to_string(), |r| r.name.clone()),
            diff,
        });
    }
    Ok(Comparison {
        probes,
        times: pass_times(ours, theirs),
        outputs,
    })
}

/// Both chains hold the same effects (by file name), techniques (by name) and pass counts.
fn check_same_shape(ours: &EffectChain, theirs: &EffectChain) -> Result<(), CompareError> {
    let shape = |chain: &EffectChain| -> Vec<(String, String, usize)> {
        chain
            .order()
            .iter()
            .map(|k| {
                let t = chain.technique(*k);
                let path = chain.effect(k.effect).path();
                (
                    path.file_name().map_or_else(
                        || path.display().to_string(),
                        |n| n.to_string_lossy().into_owned(),
                    ),
                    t.name.clone(),
                    t.passes.len(),
                )
            })
            .collect()
    };
    let (a, b) = (shape(ours), shape(theirs));
    if a != b {
        return Err(CompareError::Mismatch(format!("{a:?} against {b:?}")));
    }
    Ok(())
}

fn check_same_uniforms(
    ours: &EffectChain,
    theirs: &EffectChain,
    frame: u32,
) -> Result<(), CompareError> {
    for e in ours.effect_indices() {
        let effect = ours.effect(e);
        for (u, (a, b)) in effect
            .uniforms()
            .iter()
            .zip(ours.uniform_values(e).iter().zip(theirs.uniform_values(e)))
        {
            if a != b {
                return Err(CompareError::SourcesDiffer {
                    frame,
                    uniform: u.name.clone(),
                    ours: a.clone(),
                    theirs: b.clone(),
                });
            }
        }
    }
    Ok(())
}

/// A capture of every texture each pass writes, right after it, in run order, then the back
/// buffer at the end of the frame.
fn probe_requests(chain: &EffectChain) -> Vec<CaptureRequest> {
    let position = |pass: PassRef| {
        let technique = chain.order().iter().position(|k| *k == pass.key);
        (technique, pass.pass)
    };
    let mut requests: Vec<CaptureRequest> = chain
        .resources()
        .iter()
        .flat_map(|r| {
            r.writers.iter().map(|pass| CaptureRequest {
                resource: r.id,
                point: CapturePoint::AfterPass(*pass),
                mip_level: 0,
            })
        })
        .collect();
    requests.sort_by_key(|r| match r.point {
        CapturePoint::AfterPass(pass) => position(pass),
        _ => (None, 0),
    });
    requests.push(CaptureRequest {
        resource: ResourceId::BackBuffer,
        point: CapturePoint::End,
        mip_level: 0,
    });
    requests
}

fn pass_times(ours: &EffectChain, theirs: &EffectChain) -> Vec<PassTime> {
    if !ours.has_gpu_timing() || !theirs.has_gpu_timing() {
        return Vec::new();
    }
    let mean = |chain: &EffectChain, key: TechniqueKey, pass: usize| {
        chain
            .timings(key)
            .and_then(|t| t.passes_gpu_ns.get(pass))
            .and_then(crate::timing::FrameAverage::mean)
    };
    let mut times = Vec::new();
    for &key in ours.order() {
        for pass in 0..ours.technique(key).passes.len() {
            times.push(PassTime {
                pass: PassRef { key, pass },
                technique: ours.technique(key).name.clone(),
                ours_ns: mean(ours, key, pass),
                theirs_ns: mean(theirs, key, pass),
            });
        }
    }
    times
}
