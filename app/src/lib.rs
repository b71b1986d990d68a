//! fxbench's application layer: the headless session ([`session`]: the open document, its input,
//! SPIR-V and timing reports, the product's files) that the window and the command line share,
//! and, with the default `window` feature, the eframe workbench window ([`window`]).
//!
//! Built with `default-features = false` this crate is the session layer alone and reaches no
//! eframe, egui or winit, as rerun's `re_viewer_context` sits beside `re_viewer`.

pub mod session;

#[cfg(feature = "window")]
pub mod window;
