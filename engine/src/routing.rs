//! The back-buffer route of one frame as a pure plan: for each enabled pass, in order, the back
//! buffer it reads, the one it writes, whether a copy must first put the earlier image under its
//! output, and how its targets load. [`crate::EffectChain::frame`] executes the plan; nothing here
//! touches wgpu, so the routing is tested on the CPU.
//!
//! Back-buffer passes alternate between one frame-sized intermediate target and the chain's output,
//! starting on whichever of the two makes the last pass land in the output, so a chain of
//! full-screen passes needs no copies at all and one frame-sized texture besides the output
//! (ReShade copies the back buffer before the first pass and after every pass that writes it). A
//! pass never writes the texture it reads, its predecessor's target. A copy is made only when a
//! pass must see earlier contents under its output: it blends, masks writes, tests stencil, may
//! `discard`, or its draw is not proved to cover the target (`analysis::Pass::overwrites_target`).

/// One of the three frame-sized textures a back buffer can live in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BackBuffer {
    /// The caller's input texture: the back buffer before any pass wrote it.
    Input,
    /// The chain's one frame-sized scratch target.
    Intermediate,
    /// The chain's output.
    Output,
}

impl BackBuffer {
    /// How many places a back buffer can be: the size of a per-source cache.
    pub(crate) const COUNT: usize = 3;

    /// This back buffer's slot in a per-source cache.
    pub(crate) fn slot(self) -> usize {
        match self {
            BackBuffer::Input => 0,
            BackBuffer::Intermediate => 1,
            BackBuffer::Output => 2,
        }
    }
}

/// What a pass writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PassOutput {
    /// A draw into the back buffer.
    BackBuffer,
    /// A draw into the effect's render targets.
    RenderTargets,
    /// A compute dispatch, which writes storage textures and has no targets to load.
    Storage,
}

/// What routing needs to know about one pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PassNeeds {
    pub(crate) output: PassOutput,
    /// [`analysis::Pass::overwrites_target`]: the draw writes every pixel of its targets whatever
    /// they held, so it needs neither a copy nor a load. False for compute passes.
    pub(crate) overwrites_target: bool,
    /// `ClearRenderTargets = true`.
    pub(crate) clears_render_targets: bool,
}

impl PassNeeds {
    pub(crate) fn of(pass: &analysis::Pass) -> Self {
        let output = if pass.is_compute() {
            PassOutput::Storage
        } else if pass.writes_back_buffer() {
            PassOutput::BackBuffer
        } else {
            PassOutput::RenderTargets
        };
        Self {
            output,
            overwrites_target: output != PassOutput::Storage && pass.overwrites_target(),
            clears_render_targets: pass.clears_render_targets(),
        }
    }
}

/// How a render pass's colour targets start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TargetLoad {
    /// Undefined (`LoadOp::DontCare`): every pixel is written before anything reads it.
    DontCare,
    /// What the target holds: the earlier back buffer copied under it, or a render target as the
    /// last pass left it.
    Load,
    /// Transparent black (`ClearRenderTargets`, on render targets and the back buffer alike).
    Clear,
}

/// A full-frame copy from one back buffer to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FrameCopy {
    pub(crate) from: BackBuffer,
    pub(crate) to: BackBuffer,
}

/// One pass's place in the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PassRoute {
    /// The back buffer it reads as COLOR: the latest back-buffer pass's destination, else the
    /// input.
    pub(crate) source: BackBuffer,
    /// Where it draws, when it draws into the back buffer.
    pub(crate) destination: Option<BackBuffer>,
    /// Recorded before the pass: the source copied under its destination.
    pub(crate) copy_before: Option<FrameCopy>,
    /// How its colour targets load; `None` for a compute pass.
    pub(crate) load: Option<TargetLoad>,
}

/// Every enabled pass's route, in run order, and the copy that ends the frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FramePlan {
    pub(crate) passes: Vec<PassRoute>,
    /// Input to output, when no pass wrote the back buffer: the output is then the input.
    pub(crate) copy_after: Option<FrameCopy>,
}

impl FramePlan {
    /// The plan for `passes`, every enabled pass in run order.
    pub(crate) fn new(passes: &[PassNeeds]) -> Self {
        let mut back_buffer_passes_left = passes
            .iter()
            .filter(|p| p.output == PassOutput::BackBuffer)
            .count();
        let mut current = BackBuffer::Input;
        let routes = passes
            .iter()
            .map(|needs| {
                let destination = (needs.output == PassOutput::BackBuffer).then(|| {
                    back_buffer_passes_left -= 1;
                    // Alternate so that the last back-buffer pass (none left) writes the output.
                    if back_buffer_passes_left.is_multiple_of(2) {
                        BackBuffer::Output
                    } else {
                        BackBuffer::Intermediate
                    }
                });
                let route = route(needs, current, destination);
                current = destination.unwrap_or(current);
                route
            })
            .collect();
        Self {
            passes: routes,
            copy_after: (current == BackBuffer::Input).then_some(FrameCopy {
                from: BackBuffer::Input,
                to: BackBuffer::Output,
            }),
        }
    }

    /// Full-frame copies the plan records.
    pub(crate) fn copies(&self) -> u32 {
        let before = self.passes.iter().filter(|r| r.copy_before.is_some());
        (before.count() + usize::from(self.copy_after.is_some())) as u32
    }
}

/// How many full-frame copies ReShade makes for `techniques` (each its passes' outputs, in run
/// order): its `render_technique` copies the back buffer before a technique's first pass, and
/// again before any pass that follows a back-buffer pass of the same technique. A technique
/// without passes copies nothing. This is the figure fxbench's routing is compared with.
pub(crate) fn reshade_copies<'a>(techniques: impl IntoIterator<Item = &'a [PassOutput]>) -> u32 {
    techniques
        .into_iter()
        .map(|passes| {
            let after_back_buffer = passes
                .windows(2)
                .filter(|w| w[0] == PassOutput::BackBuffer)
                .count();
            let first = usize::from(!passes.is_empty());
            (first + after_back_buffer) as u32
        })
        .sum()
}

/// The route of one pass that reads `source` and writes `destination` when it draws into the back
/// buffer.
fn route(needs: &PassNeeds, source: BackBuffer, destination: Option<BackBuffer>) -> PassRoute {
    // `ClearRenderTargets` clears every bound target, the back buffer included (ReShade sets the
    // clear load op on all of them), so a clearing pass needs no earlier image under it.
    let copy_before = destination
        .filter(|_| !needs.overwrites_target && !needs.clears_render_targets)
        .map(|to| FrameCopy { from: source, to });
    let load = match needs.output {
        PassOutput::Storage => None,
        _ if needs.overwrites_target => Some(TargetLoad::DontCare),
        _ if needs.clears_render_targets => Some(TargetLoad::Clear),
        // The previous back buffer was copied under it, or a render target as it was left.
        PassOutput::BackBuffer | PassOutput::RenderTargets => Some(TargetLoad::Load),
    };
    PassRoute {
        source,
        destination,
        copy_before,
        load,
    }
}

#[cfg(test)]
mod tests {
    use super::BackBuffer::{Input, Intermediate, Output};
    use super::*;

    /// A full-screen draw into the back buffer that writes every pixel.
    const COVERING: PassNeeds = PassNeeds {
        output: PassOutput::BackBuffer,
        overwrites_target: true,
        clears_render_targets: false,
    };
    /// A draw into the back buffer that needs the earlier image under it (it blends, say).
    const BLENDING: PassNeeds = PassNeeds {
        overwrites_target: false,
        ..COVERING
    };
    /// A full-screen draw into a render target.
    const TARGET: PassNeeds = PassNeeds {
        output: PassOutput::RenderTargets,
        ..COVERING
    };
    const COMPUTE: PassNeeds = PassNeeds {
        output: PassOutput::Storage,
        overwrites_target: false,
        clears_render_targets: false,
    };

    fn copy(from: BackBuffer, to: BackBuffer) -> Option<FrameCopy> {
        Some(FrameCopy { from, to })
    }

    /// (source, destination) of each pass.
    fn hops(plan: &FramePlan) -> Vec<(BackBuffer, Option<BackBuffer>)> {
        plan.passes
            .iter()
            .map(|r| (r.source, r.destination))
            .collect()
    }

    #[test]
    fn reshade_copies_once_per_technique_and_after_each_back_buffer_pass_followed_by_another() {
        use PassOutput::{BackBuffer as Bb, RenderTargets as Rt, Storage as Cs};
        // One technique of three back-buffer passes: before the first, after the first two.
        assert_eq!(reshade_copies([&[Bb, Bb, Bb][..]]), 3);
        // A typical bloom: targets, then one back-buffer pass last; a second technique of one.
        assert_eq!(reshade_copies([&[Rt, Rt, Rt, Bb][..], &[Bb][..]]), 2);
        // Back-buffer passes followed by a compute and a target pass, an empty technique.
        assert_eq!(reshade_copies([&[Bb, Cs, Bb, Rt, Bb][..], &[][..]]), 3);
        assert_eq!(reshade_copies(std::iter::empty()), 0);
    }

    #[test]
    fn a_clearing_back_buffer_pass_clears_instead_of_copying() {
        let clearing = PassNeeds {
            clears_render_targets: true,
            ..BLENDING
        };
        let plan = FramePlan::new(&[COVERING, clearing]);
        assert_eq!(plan.passes[1].copy_before, None);
        assert_eq!(plan.passes[1].load, Some(TargetLoad::Clear));
        assert_eq!(plan.passes[1].destination, Some(Output));
        assert_eq!(plan.copies(), 0);
        // Without the clear, the same pass blends over the first one's image, copied under it.
        let plan = FramePlan::new(&[COVERING, BLENDING]);
        assert_eq!(plan.passes[1].copy_before, copy(Intermediate, Output));
        assert_eq!(plan.passes[1].load, Some(TargetLoad::Load));
    }

    #[test]
    fn covering_chains_of_one_to_five_passes_end_in_the_output_without_copies() {
        // As tests/pass_states.rs renders them: the intermediate and the output alternate,
        // starting where the last pass lands in the output, and nothing is copied.
        for len in 1..=5 {
            let plan = FramePlan::new(&vec![COVERING; len]);
            let mut expected = Vec::new();
            let mut source = Input;
            for i in 0..len {
                let left = len - 1 - i;
                let dest = if left % 2 == 0 { Output } else { Intermediate };
                expected.push((source, Some(dest)));
                source = dest;
            }
            assert_eq!(hops(&plan), expected, "{len} passes");
            assert_eq!(plan.copies(), 0, "{len} passes");
            assert!(
                plan.passes
                    .iter()
                    .all(|r| r.load == Some(TargetLoad::DontCare) && r.copy_before.is_none())
            );
        }
    }

    #[test]
    fn three_passes_alternate_from_the_output() {
        let plan = FramePlan::new(&[COVERING; 3]);
        assert_eq!(
            hops(&plan),
            [
                (Input, Some(Output)),
                (Output, Some(Intermediate)),
                (Intermediate, Some(Output)),
            ]
        );
        assert_eq!(plan.copy_after, None);
    }

    #[test]
    fn render_target_passes_read_the_latest_back_buffer_and_do_not_count() {
        // The shape of tests/pass_states.rs's chains: a back-buffer pass, a render-target pass
        // reading COLOR, then back-buffer passes; routes depend only on back-buffer passes.
        let plan = FramePlan::new(&[COVERING, TARGET, COVERING, COVERING]);
        assert_eq!(
            hops(&plan),
            [
                (Input, Some(Output)),
                (Output, None),
                (Output, Some(Intermediate)),
                (Intermediate, Some(Output)),
            ]
        );
        assert_eq!(plan.passes[1].load, Some(TargetLoad::DontCare));
        assert_eq!(plan.copies(), 0);
    }

    #[test]
    fn a_pass_that_reads_its_target_gets_the_source_copied_under_it() {
        // tests/pass_states.rs: blending, a point, a half-covering draw each make one copy.
        let plan = FramePlan::new(&[BLENDING]);
        assert_eq!(plan.passes[0].copy_before, copy(Input, Output));
        assert_eq!(plan.passes[0].load, Some(TargetLoad::Load));
        assert_eq!(plan.copies(), 1);
    }

    #[test]
    fn copies_happen_only_before_passes_that_need_them() {
        let plan = FramePlan::new(&[COVERING, BLENDING, COVERING, BLENDING]);
        let copies: Vec<_> = plan.passes.iter().map(|r| r.copy_before).collect();
        assert_eq!(
            copies,
            [
                None,
                copy(Intermediate, Output),
                None,
                copy(Intermediate, Output)
            ]
        );
        assert_eq!(
            hops(&plan),
            [
                (Input, Some(Intermediate)),
                (Intermediate, Some(Output)),
                (Output, Some(Intermediate)),
                (Intermediate, Some(Output)),
            ]
        );
        assert_eq!(plan.copies(), 2);
    }

    #[test]
    fn no_enabled_pass_copies_the_input_to_the_output_once() {
        // tests/asset_effects.rs: every technique disabled leaves the input, with one copy.
        let plan = FramePlan::new(&[]);
        assert!(plan.passes.is_empty());
        assert_eq!(plan.copy_after, copy(Input, Output));
        assert_eq!(plan.copies(), 1);
    }

    #[test]
    fn passes_that_never_write_the_back_buffer_leave_the_input_to_be_copied() {
        let plan = FramePlan::new(&[TARGET, COMPUTE]);
        assert_eq!(hops(&plan), [(Input, None), (Input, None)]);
        assert_eq!(plan.passes[1].load, None);
        assert_eq!(plan.copy_after, copy(Input, Output));
        assert_eq!(plan.copies(), 1);
    }

    #[test]
    fn render_targets_clear_or_load_unless_overwritten() {
        let clearing = PassNeeds {
            overwrites_target: false,
            clears_render_targets: true,
            ..TARGET
        };
        let keeping = PassNeeds {
            clears_render_targets: false,
            ..clearing
        };
        let overwriting_clear = PassNeeds {
            clears_render_targets: true,
            ..TARGET
        };
        let plan = FramePlan::new(&[clearing, keeping, overwriting_clear, COVERING]);
        let loads: Vec<_> = plan.passes.iter().map(|r| r.load).collect();
        assert_eq!(
            loads,
            [
                Some(TargetLoad::Clear),
                Some(TargetLoad::Load),
                Some(TargetLoad::DontCare),
                Some(TargetLoad::DontCare),
            ]
        );
        assert_eq!(plan.copies(), 0);
    }

    #[test]
    fn disabled_techniques_are_left_out_of_the_route() {
        // Techniques A (a back-buffer pass, then a render target reading COLOR), B (blending) and
        // C (one covering pass). The frame plans for the enabled techniques' passes only:
        // disabling B removes its copy and shifts where A's pass lands.
        let (a, b, c) = ([COVERING, TARGET], [BLENDING], [COVERING]);
        let all = FramePlan::new(&[&a[..], &b, &c].concat());
        assert_eq!(
            hops(&all),
            [
                (Input, Some(Output)),
                (Output, None),
                (Output, Some(Intermediate)),
                (Intermediate, Some(Output)),
            ]
        );
        assert_eq!(all.passes[2].copy_before, copy(Output, Intermediate));
        assert_eq!(all.copies(), 1);

        let without_b = FramePlan::new(&[&a[..], &c].concat());
        assert_eq!(
            hops(&without_b),
            [
                (Input, Some(Intermediate)),
                (Intermediate, None),
                (Intermediate, Some(Output)),
            ]
        );
        assert_eq!(without_b.copies(), 0);
    }

    #[test]
    fn pass_needs_follow_the_validated_passes() {
        // A full-screen triangle drawn plainly, with additive blending, and into a render target
        // that is cleared: only the blending pass needs the earlier image.
        let text = r#"
texture Mid { Width = 8; Height = 8; Format = RGBA8; };
@vertex fn vs(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((id << 1u) & 2u), f32(id & 2u));
    return vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0);
}
@fragment fn white() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }
technique T {
    pass { VertexShader = vs; PixelShader = white; }
    pass { VertexShader = vs; PixelShader = white;
        BlendEnable = true; BlendOp = ADD; SrcBlend = ONE; DestBlend = ONE; }
    pass { VertexShader = vs; PixelShader = white; RenderTarget = Mid; ClearRenderTargets = true; }
}"#;
        let out = analysis::compile(
            std::path::Path::new("needs.wfx"),
            text.to_string(),
            &analysis::FsLoader,
            &analysis::Options::default(),
        );
        let Some(effect) = &out.effect else {
            panic!("{}", out.render_diagnostics());
        };
        let needs: Vec<PassNeeds> = effect.techniques()[0]
            .passes
            .iter()
            .map(PassNeeds::of)
            .collect();
        let cleared_target = PassNeeds {
            clears_render_targets: true,
            ..TARGET
        };
        assert_eq!(needs, [COVERING, BLENDING, cleared_target]);
    }
}
