//! `fxbench debug --history --pixel X,Y`: the pixel history (`EffectChain::pixel_history`) of
//! every technique of the effect, each pass in run order with what it wrote at the pixel.

use anyhow::{Context as _, bail};
use engine::EffectChain;
use engine::chain::{PassHistory, PixelHistory, TargetHistory};

use super::{DebugArgs, Setup, setup};

/// The history and where it came from.
pub(super) struct HistoryReport {
    effect: String,
    history: PixelHistory,
}

pub(super) fn history(args: &DebugArgs) -> anyhow::Result<HistoryReport> {
    let [x, y, z] = args.pixel;
    if z != 0 {
        bail!("--history takes a pixel X,Y, not a thread");
    }
    let Setup {
        compiled,
        ctx,
        input,
        ..
    } = setup(args)?;
    let mut chain = EffectChain::new(&ctx, compiled.effects, args.resolution, &Default::default())?;
    // Without a preset every technique runs, as `render` does.
    for key in chain.order().to_vec() {
        chain.set_enabled(key, true);
    }
    let clock = engine::sources::FrameClock::new().tick();
    let history = chain
        .pixel_history(input.texture(), &clock, [x, y])
        .with_context(|| format!("{}: pixel {x},{y}", args.effect.display()))?;
    Ok(HistoryReport {
        effect: args.effect.display().to_string(),
        history,
    })
}

/// `(0.4, 0.2, 0.8, 1)`: each channel as the shortest text that reads back the same float.
fn value(v: [f32; 4]) -> String {
    let channels: Vec<String> = v.iter().map(f32::to_string).collect();
    format!("({})", channels.join(", "))
}

fn heading(pass: &PassHistory) -> String {
    let what = match (pass.compute, pass.fragments, pass.stencil_passed) {
        (true, _, _) => "compute".to_string(),
        (false, Some(f), Some(s)) => format!("draw, {f} fragment(s), {s} past the stencil test"),
        (false, Some(f), None) => format!("draw, {f} fragment(s)"),
        (false, None, _) => "draw".to_string(),
    };
    format!("{}/{} ({what})", pass.technique, pass.name)
}

fn target_line(t: &TargetHistory) -> String {
    let mut line = format!(
        "  {} [{},{}]: before {}",
        t.name,
        t.texel[0],
        t.texel[1],
        value(t.before)
    );
    if let Some(returned) = t.returned {
        line.push_str(&format!(", returned {}", value(returned)));
    }
    line.push_str(&format!(", after {}", value(t.after)));
    if !t.changed() {
        line.push_str(" (unchanged)");
    }
    let notes: Vec<&str> = t.notes.iter().map(|n| n.describe()).collect();
    if !notes.is_empty() {
        line.push_str(&format!(": {}", notes.join(", ")));
    }
    line
}

impl super::Printed for HistoryReport {
    fn text(&self) -> String {
        let [x, y] = self.history.pixel;
        let mut text = format!(
            "{}: pixel {x},{y}: {} passes\n",
            self.effect,
            self.history.passes.len()
        );
        for pass in &self.history.passes {
            text.push_str(&heading(pass));
            text.push('\n');
            for target in &pass.targets {
                text.push_str(&target_line(target));
                text.push('\n');
            }
        }
        text
    }

    fn json(&self) -> String {
        let passes: Vec<serde_json::Value> = self
            .history
            .passes
            .iter()
            .map(|p| {
                let targets: Vec<serde_json::Value> = p
                    .targets
                    .iter()
                    .map(|t| {
                        serde_json::json!({
                            "name": t.name,
                            "format": format!("{:?}", t.format),
                            "texel": t.texel,
                            "mip_level": t.mip_level,
                            "before": t.before,
                            "returned": t.returned,
                            "after": t.after,
                            "changed": t.changed(),
                            "notes": t.notes.iter().map(|n| n.describe()).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                serde_json::json!({
                    "technique": p.technique,
                    "pass": p.name,
                    "compute": p.compute,
                    "fragments": p.fragments,
                    "stencil_passed": p.stencil_passed,
                    "targets": targets,
                })
            })
            .collect();
        serde_json::json!({
            "effect": self.effect,
            "pixel": self.history.pixel,
            "passes": passes,
        })
        .to_string()
    }
}
