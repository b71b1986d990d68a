//! Which of fxbench's errors stands for the one ReShade's compiler reports first (the
//! conformance test and the differential fuzzer compare that one).

use analysis::Diagnostic;

/// The first of `errors` (each with its line, in the order fxbench gives them) as ReShade would
/// report it. ReShade preprocesses the whole input before it parses, and stops there when the
/// preprocessor failed: its first error is then the preprocessor's first, in the order found (an
/// unterminated `#if` is only found at the input's end, after errors on later lines). Its parser
/// and checker are one pass in source order, for which the error first in the text stands
/// (fxbench parses the whole input before it checks; the text order, not the lowest line, as
/// ReShade's lines do not always grow with the text: a multi-line macro call, a rewind). The
/// errors must all be in one file; `line` orders those without a place.
pub fn first_of<'d, T>(errors: impl IntoIterator<Item = (T, u32, &'d Diagnostic)>) -> Option<T> {
    let errors: Vec<_> = errors.into_iter().collect();
    if errors.iter().any(|(_, _, d)| d.code.is_preprocessor()) {
        return errors
            .into_iter()
            .find(|(_, _, d)| d.code.is_preprocessor())
            .map(|(t, _, _)| t);
    }
    errors
        .into_iter()
        .min_by_key(|(_, line, d)| (d.span.map_or(u32::MAX, |s| s.start), *line))
        .map(|(t, _, _)| t)
}
