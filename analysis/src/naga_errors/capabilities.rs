//! The capabilities a validation error says the module needs and the validator lacks, read
//! from every level of the error chain.

use naga::valid::{
    Capabilities, EntryPointError, ExpressionError, FunctionError, GlobalVariableError, TypeError,
    ValidationError, VaryingError, WidthError,
};

/// The capabilities a validation error says the module needs and the validator lacks; `None`
/// when the error is about something else.
pub fn missing_capabilities(error: &ValidationError) -> Option<Capabilities> {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = cause {
        if let Some(caps) = capabilities_of(e) {
            return Some(caps);
        }
        cause = e.source();
    }
    None
}

/// The capabilities one level of an error chain names as missing.
fn capabilities_of(e: &(dyn std::error::Error + 'static)) -> Option<Capabilities> {
    let width = |w: &WidthError| match w {
        WidthError::MissingCapability { flag, .. } => flag_named(flag),
        _ => None,
    };
    if let Some(e) = e.downcast_ref::<TypeError>() {
        return match e {
            TypeError::MissingCapability(c) => Some(*c),
            TypeError::WidthError(w) => width(w),
            _ => None,
        };
    }
    if let Some(e) = e.downcast_ref::<WidthError>() {
        return width(e);
    }
    let found = match e.downcast_ref::<ExpressionError>() {
        Some(ExpressionError::MissingCapabilities(c)) => Some(*c),
        _ => None,
    }
    .or(match e.downcast_ref::<FunctionError>() {
        Some(FunctionError::MissingCapability(c)) => Some(*c),
        _ => None,
    })
    .or(match e.downcast_ref::<VaryingError>() {
        Some(VaryingError::UnsupportedCapability(c)) => Some(*c),
        _ => None,
    })
    .or(match e.downcast_ref::<GlobalVariableError>() {
        Some(GlobalVariableError::UnsupportedCapability(c)) => Some(*c),
        _ => None,
    })
    .or(match e.downcast_ref::<EntryPointError>() {
        Some(EntryPointError::UnsupportedCapability(c)) => Some(*c),
        _ => None,
    });
    // naga's atomic errors are not public, and transparent wrappers (a literal's width error
    // inside an expression error) hide the inner error: read the message of the innermost
    // level (outer levels repeat it), `Capability Capabilities(A | B) is required` or `Using
    // `i64` values requires the `naga::valid::Capabilities::SHADER_INT64` flag`.
    found.or_else(|| {
        if e.source().is_some() {
            return None;
        }
        let text = e.to_string();
        if let Some((_, rest)) = text.split_once("`naga::valid::Capabilities::") {
            return flag_named(rest.split_once('`')?.0);
        }
        let names = text.split_once("Capabilities(")?.1.split_once(')')?.0;
        names
            .split('|')
            .map(|n| flag_named(n.trim()))
            .try_fold(Capabilities::empty(), |all, c| Some(all | c?))
    })
}

/// The capability flag naga names `flag` (naga says `FLOAT16` for `SHADER_FLOAT16`).
fn flag_named(flag: &str) -> Option<Capabilities> {
    match flag {
        "FLOAT16" => Some(Capabilities::SHADER_FLOAT16),
        _ => Capabilities::from_name(flag),
    }
}
