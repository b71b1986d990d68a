//! Turns naga's WGSL parse and validation errors into located [`Diagnostic`]s with the analyzer
//! RFC's semantic codes.
//!
//! # Codes
//!
//! Validation errors are public enums, so [`validation_code`] matches them structurally. Parse
//! errors are not: naga 30 exposes only the rendered [`naga::front::wgsl::ParseError`], so
//! [`parse_code`] classifies its message by the patterns in `PARSE_RULES` (taken from naga's
//! `front/wgsl/error.rs`, `proc/typifier.rs` and `proc/constant_evaluator.rs`). A few patterns
//! need a look at the source as well, written next to them: an unknown identifier followed by `(`
//! is an undefined function, an accessor made of `xyzw`/`rgba` letters is a swizzle, a callee
//! spelled like a type is a constructor. Anything else keeps the generic `WgslParseError` or
//! `WgslValidationError` code with naga's message; `tests/naga_mapping.rs` lists the naga errors
//! known to land there.
//!
//! # Keeping going
//!
//! Going on past the first validation error (by stubbing failing function bodies) lives with the
//! one naga parse-and-validate helper both callers share, `build/naga_check.rs`.
//!
//! # Files
//!
//! `parse.rs` (parse errors: the rules and the located diagnostic), `validation.rs` (validation
//! errors), `capabilities.rs` (missing capabilities), `spanless.rs` (errors naga gives without a
//! span, located by deleting candidates and parsing again).

mod capabilities;
mod parse;
mod spanless;
mod validation;

pub use capabilities::missing_capabilities;
pub use parse::{parse_code, parse_diagnostic};
pub use spanless::locate_spanless;
pub(crate) use spanless::{function_bodies, replace};
pub use validation::{ir_label, validation_code, validation_diagnostic};

use crate::source::Span;

/// Maps a naga span of the text naga read to a span of the user's sources.
pub type SpanMap<'a> = &'a dyn Fn(naga::Span) -> Option<Span>;

#[cfg(test)]
mod tests;
