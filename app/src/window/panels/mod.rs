//! One file per panel; each `*_ui` function draws and returns the commands it wants applied.

pub mod diagnostics;
pub mod preview;
pub mod spirv;
pub mod techniques;
pub mod uniforms;
