//! A technique's passes as ReShade's `parse_technique_pass` checks them: shader functions of the
//! right stage (`[shader("pixel")]`), render targets of one size, a compute pass's dispatch
//! size, storages only in compute shaders, and the interpolation of each pixel-shader input
//! against the vertex-shader output of the same semantic.

use rustc_hash::FxHashSet as HashSet;

use super::Checker;
use crate::DiagnosticCode;
use crate::diagnostic::Severity;
use crate::fx::ast::*;

/// A parameter's interpolation qualifiers, as ReShade compares them.
pub(crate) const LINEAR: u8 = 1;
pub(crate) const NOPERSPECTIVE: u8 = 2;
pub(crate) const NOINTERPOLATION: u8 = 4;

/// One input or output of a function by semantic: ReShade's normalised semantic (upper case; a
/// number added to one that is not a system value, `SV_...0` without its zero), the type's
/// name, whether it is an output, and its interpolation qualifiers.
#[derive(Clone, Debug)]
pub(crate) struct Io {
    pub semantic: String,
    pub ty: String,
    pub output: bool,
    pub interpolation: u8,
}

/// ReShade's spelling of a semantic for comparisons.
pub(crate) fn normalized_semantic(written: &str) -> String {
    let mut s = written.to_ascii_uppercase();
    if !s.starts_with("SV_") {
        if !s.ends_with(|c: char| c.is_ascii_digit()) {
            s.push('0');
        }
    } else if s.ends_with('0') && !s[..s.len() - 1].ends_with(|c: char| c.is_ascii_digit()) {
        s.pop();
    }
    s
}

/// The inputs and outputs with semantics of `f` (types resolved as `params`).
pub(crate) fn function_io(
    f: &Function,
    ret: &crate::fx::types::Type,
    params: &[crate::fx::types::Type],
) -> Vec<Io> {
    let mut io = Vec::new();
    if let Some(s) = &f.semantic {
        io.push(Io {
            semantic: normalized_semantic(&s.name),
            ty: ret.name(),
            output: true,
            interpolation: 0,
        });
    }
    for (p, ty) in f.params.iter().zip(params) {
        let Some(s) = &p.semantic else {
            continue;
        };
        let has = |q: Qualifier| p.qualifiers.iter().any(|x| x.qualifier == q);
        let semantic = normalized_semantic(&s.name);
        let mut interpolation = 0;
        if has(Qualifier::Linear) {
            interpolation |= LINEAR;
        }
        if has(Qualifier::Noperspective) {
            interpolation |= NOPERSPECTIVE;
        }
        // Integers do not interpolate: ReShade adds the qualifier to any but system values.
        let integral = matches!(
            ty.numeric(),
            Some((
                crate::fx::lexer::Base::Bool
                    | crate::fx::lexer::Base::Int
                    | crate::fx::lexer::Base::Uint,
                _,
                _
            ))
        );
        if has(Qualifier::Nointerpolation) || (integral && !semantic.starts_with("SV_")) {
            interpolation |= NOINTERPOLATION;
        }
        io.push(Io {
            semantic,
            ty: ty.name(),
            output: has(Qualifier::Out) || has(Qualifier::Inout),
            interpolation,
        });
    }
    io
}

impl Checker {
    /// The function a shader state names: as ReShade's symbol lookup finds it, the last one
    /// declared with that name.
    fn entry_function(&self, path: &Path) -> Option<usize> {
        let qualified = self.function_name(path)?;
        self.functions.get(&qualified)?.iter().map(|o| o.id).max()
    }

    fn signature(&self, id: usize) -> Option<&super::Signature> {
        self.functions.values().flatten().find(|o| o.id == id)
    }

    /// Whether `f` or a function it calls names a storage.
    fn uses_storage(&self, f: usize) -> bool {
        let mut seen = HashSet::default();
        let mut stack = vec![f];
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            if self.storage_uses.contains_key(&f) {
                return true;
            }
            stack.extend(self.callees.get(&f).into_iter().flatten());
        }
        false
    }

    pub(super) fn check_pass_rules(&mut self, pass: &Pass) {
        let before = self.findings.len();
        let at = TextRange::new(pass.range.start as usize, pass.range.start as usize + 4);
        let mut entries: [Option<usize>; 3] = [None; 3];
        let mut target_size: Option<(i64, i64)> = None;
        let mut dispatch = [false; 2];
        for state in &pass.states {
            let name = state.name.name.as_str();
            let loose: Vec<TextRange> = state
                .threads
                .iter()
                .filter(|e| !self.is_constant_expr(e))
                .map(|e| e.range)
                .collect();
            if let Some(&range) = loose.first() {
                let message = format!("'{name}' : value must be a literal expression");
                self.report(DiagnosticCode::NonConstInitializer, range, message);
                return;
            }
            if !super::pass_state_values::names_a_symbol(name) {
                // ReShade reads the value first, then looks the name up (X3004): a value it
                // reports comes first.
                let value_reported = self.check_pass_state_value(state);
                if !value_reported && super::pass_state_values::reshade_state_name(name).is_none() {
                    let message = format!("'{name}' : unrecognized pass state");
                    self.report(
                        DiagnosticCode::InvalidRenderStateName,
                        state.name.range,
                        message,
                    );
                }
            }
            let is_shader = super::pass_state_values::is_shader_state(name);
            if let (true, ExprKind::Name(path)) = (is_shader, &state.value.kind) {
                let Some(id) = self.entry_function(path) else {
                    continue;
                };
                let (slot, stage) = match name.as_bytes()[0] {
                    b'V' => (0, "vertex"),
                    b'P' => (1, "pixel"),
                    b'C' => (2, "compute"),
                    _ => continue,
                };
                let declared = self.signature(id).and_then(|s| s.stage.clone());
                if declared.as_deref().is_some_and(|d| d != stage) {
                    let message = format!(
                        "'{}' : type mismatch, expected {stage} shader function",
                        path.joined()
                    );
                    self.report(DiagnosticCode::EntryNotFound, path.range, message);
                }
                entries[slot] = Some(id);
            } else if name.starts_with("RenderTarget") {
                let ExprKind::Name(path) = &state.value.kind else {
                    continue;
                };
                let Some(t) = self.find_candidate(path, |n| self.textures.get(n).copied()) else {
                    continue;
                };
                // ReShade refuses these where it parses the pass, before later errors.
                let refusal = match t.dim {
                    _ if t.has_semantic => Some("a texture with a semantic".to_string()),
                    3 => Some("a 3D texture".to_string()),
                    2 => None,
                    dim => Some(format!("a {dim}D texture")),
                };
                if let Some(what) = refusal {
                    let hint = if t.dim == 3 {
                        " (write it from a compute pass)"
                    } else {
                        ""
                    };
                    let message = format!(
                        "'{}' : {what} cannot be a render target{hint}",
                        path.joined()
                    );
                    self.report(DiagnosticCode::InvalidRenderStateValue, path.range, message);
                    continue;
                }
                // A size the checker could not fold (0) is not compared.
                if t.width == 0 || t.height == 0 {
                    continue;
                }
                if let Some((w, h)) = target_size.filter(|&s| s != (t.width, t.height)) {
                    let message = format!(
                        "'{}' : cannot use multiple render targets with different texture dimensions (is {}x{}, but expected {w}x{h})",
                        path.joined(),
                        t.width,
                        t.height
                    );
                    self.report(DiagnosticCode::InvalidRenderStateValue, path.range, message);
                }
                target_size = Some((t.width, t.height));
            } else if let Some(axis) = ["DispatchSizeX", "DispatchSizeY"]
                .iter()
                .position(|n| *n == name)
            {
                dispatch[axis] = self.const_value(&state.value).is_some_and(|v| v != 0.0);
            }
        }
        if entries[2].is_some() {
            if !dispatch[0] || !dispatch[1] {
                let message =
                    "pass is missing 'DispatchSizeX' or 'DispatchSizeY' property".to_string();
                self.report(DiagnosticCode::MissingEntry, at, message);
            }
            // ReShade warns (X3089) and runs the compute shader alone.
            for (entry, stage) in entries[..2].iter().zip(["VertexShader", "PixelShader"]) {
                if entry.is_some() {
                    let message = format!(
                        "pass is specifying both '{stage}' and 'ComputeShader' which cannot \
                         be used together"
                    );
                    self.warn(DiagnosticCode::InvalidRenderStateName, at, message);
                }
            }
            return;
        }
        // As ReShade's pass parser does once the pass's `}` is read (X3012): so a pass left
        // without a shader state is reported even where a syntax error after it stops the
        // effect from building. After an error in the pass ReShade has reported that one first
        // (a shader state that names no function is reported where it stands); the builder
        // still finds the shader missing then.
        let clean = pass.complete
            && !self.findings[before..]
                .iter()
                .any(|f| f.severity == Severity::Error);
        let missing = ["VertexShader", "PixelShader"]
            .into_iter()
            .filter(|role| clean && !pass.states.iter().any(|s| s.name.name == *role));
        for state in missing {
            let message = format!("pass is missing '{state}' property");
            self.report(DiagnosticCode::MissingEntry, at, message);
        }
        let (Some(vs), Some(ps)) = (entries[0], entries[1]) else {
            return;
        };
        self.check_interpolation(vs, ps, at);
        if self.uses_storage(vs) || self.uses_storage(ps) {
            let message = "storage writes are only valid in compute shaders".to_string();
            self.report(DiagnosticCode::EntryNotFound, at, message);
        }
    }

    /// A pixel-shader input must be interpolated as the vertex shader's output of the same
    /// semantic and type is (ReShade's X4568; another type only warns).
    fn check_interpolation(&mut self, vs: usize, ps: usize, at: TextRange) {
        let (Some(v), Some(p)) = (self.signature(vs), self.signature(ps)) else {
            return;
        };
        let mismatch = p.io.iter().filter(|i| !i.output).find_map(|input| {
            let output =
                v.io.iter()
                    .rev()
                    .find(|o| o.output && o.semantic == input.semantic)?;
            (output.ty == input.ty && output.interpolation != input.interpolation)
                .then(|| input.semantic.clone())
        });
        if let Some(semantic) = mismatch {
            let message = format!(
                "'{semantic}' : input interpolation qualifiers do not match the vertex shader's"
            );
            self.report(DiagnosticCode::InvalidQualifier, at, message);
        }
    }
}
