//! One file per panel; each `*_ui` function draws and returns the commands it wants applied.

pub mod compare;
pub mod debugger;
pub mod diagnostics;
pub mod inspector;
pub mod pixel_history;
pub mod spirv;
pub mod spirv_source;
pub mod techniques;
pub mod timing;
pub mod uniforms;
pub mod zoom;
