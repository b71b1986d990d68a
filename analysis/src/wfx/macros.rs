//! The macros every WFX effect sees before its first line: fxbench's and ReShade's version and
//! performance-mode macros, and the `BUFFER_*` constants of the back buffer.

use crate::{CompileMode, Options};

/// `__RESHADE__`'s value: ReShade 6.0.0, so effects written for ReShade take their modern paths.
pub(crate) const RESHADE_VERSION: u32 = 60000;
/// `__FXBENCH__`'s value: major·10000 + minor·100 + patch (0.1.0 is 100).
pub(crate) fn version_number() -> u32 {
    let mut parts = env!("CARGO_PKG_VERSION")
        .split(['.', '-', '+'])
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let mut next = || parts.next().unwrap_or(0);
    next() * 10000 + next() * 100 + next()
}

/// The macros every WFX effect sees: the version and performance-mode macros (fxbench's and
/// ReShade's), the `BUFFER_*` constants for `options`' back buffer, then `options.definitions`.
pub fn predefined_macros(options: &Options) -> Vec<(String, String)> {
    let performance = u8::from(options.mode == CompileMode::Performance).to_string();
    let width = options.buffer_width.max(1);
    let height = options.buffer_height.max(1);
    let mut list = vec![
        ("__FXBENCH__".to_string(), version_number().to_string()),
        (
            "__FXBENCH_PERFORMANCE_MODE__".to_string(),
            performance.clone(),
        ),
        ("__RESHADE__".to_string(), RESHADE_VERSION.to_string()),
        ("__RESHADE_PERFORMANCE_MODE__".to_string(), performance),
        ("BUFFER_WIDTH".to_string(), width.to_string()),
        ("BUFFER_HEIGHT".to_string(), height.to_string()),
        (
            "BUFFER_RCP_WIDTH".to_string(),
            format!("{:?}", 1.0 / f64::from(width)),
        ),
        (
            "BUFFER_RCP_HEIGHT".to_string(),
            format!("{:?}", 1.0 / f64::from(height)),
        ),
    ];
    list.extend(
        options
            .back_buffer
            .macros()
            .map(|(name, value)| (name.to_string(), value)),
    );
    list.extend(options.definitions.iter().cloned());
    list
}
