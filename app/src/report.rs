//! Text reports of a chain's timings, for the command line.

use std::fmt::Write as _;

use engine::EffectChain;

fn ms(ns: Option<u64>) -> String {
    ns.map_or_else(|| "-".to_string(), |ns| format!("{:.3}", ns as f64 / 1e6))
}

/// A table: one row per enabled technique and one per pass, GPU and CPU mean times in ms.
pub fn timing_table(chain: &EffectChain) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<40} {:>10} {:>10}",
        "technique / pass", "GPU ms", "CPU ms"
    );
    for key in chain.order().iter().filter(|k| chain.is_enabled(**k)) {
        let technique = chain.technique(*key);
        let timings = chain.timings(*key);
        let _ = writeln!(
            out,
            "{:<40} {:>10} {:>10}",
            technique.label(),
            ms(timings.and_then(|t| t.gpu_ns.mean())),
            ms(timings.and_then(|t| t.cpu_ns.mean())),
        );
        for (i, pass) in technique.passes.iter().enumerate() {
            let gpu = timings
                .and_then(|t| t.passes_gpu_ns.get(i))
                .and_then(|a| a.mean());
            let name = pass.name.clone().unwrap_or_else(|| format!("pass {i}"));
            let _ = writeln!(out, "  {:<38} {:>10} {:>10}", name, ms(gpu), "");
        }
    }
    let _ = writeln!(
        out,
        "full-frame copies per frame: {}",
        chain.copies_last_frame()
    );
    if !chain.has_gpu_timing() {
        let _ = writeln!(
            out,
            "(GPU times unavailable: the device has no timestamp queries)"
        );
    }
    out
}
