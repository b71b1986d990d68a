//! What ReShade 6.1's front end accepts but none of its back ends compile, so no ReShade runtime
//! runs it (`tests/conformance/backend_rejects.tsv` lists the cases). Each rule reports an error
//! that says so; the cases were checked against the code ReShade writes for them (its compiler's
//! `--hlsl`, `--glsl` and `-Fo` output, with D3DCompiler's rules, glslang and spirv-val):
//!
//! - A uniform of a struct type (`uniform S U;`, or a global `S U;` without `static`, which
//!   ReShade makes uniform). `define_uniform` sizes a uniform by its rows, which a struct has
//!   none of: it takes no room, so the next uniform shares its offset. Its HLSL (`cbuffer
//!   _Globals`, or SM3's `register(cN)` list) and its GLSL (`uniform _Globals`) declare the
//!   uniform before the struct's definition ("unrecognized identifier"), and its SPIR-V gives
//!   the struct's members no `Offset` ("must be explicitly laid out"). The runtime would have
//!   nothing to show or save either: its UI and presets handle bool, int, uint and float
//!   uniforms only.
//! - A sampler global passed to an `out` or `inout` sampler parameter that the function
//!   assigns (`void F(out sampler s) { s = S2; }`, `F(S2)`). ReShade passes object arguments
//!   by reference (`parse_expression`, "do not shadow object or pointer parameters"), so the
//!   assignment writes the global: its SPIR-V stores into a read-only `UniformConstant`
//!   variable, GLSL takes no `out` sampler parameters, and its HLSL passes a `static const`
//!   sampler to an `out` parameter.

use rustc_hash::FxHashSet as HashSet;

use super::Checker;
use crate::DiagnosticCode;
use crate::fx::ast::*;
use crate::fx::lexer::ObjectKind;
use crate::fx::types::Type;

/// What the sampler rule collects while checking, judged once every function is known.
#[derive(Default)]
pub(in crate::fx) struct SamplerWrites {
    /// Sampler parameters assigned in their function's body, by the range of their name.
    assigned: HashSet<TextRange>,
    /// Sampler globals passed to an `out`/`inout` parameter: the callee's id, the parameter's
    /// index and the argument.
    global_arguments: Vec<(usize, usize, TextRange, String)>,
}

fn is_sampler(ty: &Type) -> bool {
    matches!(
        ty,
        Type::Object {
            kind: ObjectKind::Sampler,
            ..
        }
    )
}

impl Checker {
    /// Reports declarator `name` of a global of type `ty` when it is a uniform (no `static`,
    /// no `groupshared`) of a struct type or an array of one.
    pub(super) fn struct_uniform(&mut self, v: &VarDecl, name: &Ident, ty: &Type) {
        let has = |q: Qualifier| v.qualifiers.iter().any(|x| x.qualifier == q);
        if has(Qualifier::Static) || has(Qualifier::Groupshared) {
            return;
        }
        let mut element = ty;
        while let Type::Array(inner, _) = element {
            element = inner;
        }
        if let Type::Struct(_, struct_name) = element {
            let message = format!(
                "'{}' : a uniform of struct type '{struct_name}': ReShade's compiler accepts it, \
                 but none of its back ends compile it (the struct takes no room in the uniform \
                 block and is declared after it), and its UI and presets have no struct values",
                name.name
            );
            self.report_back_end_reject(DiagnosticCode::InvalidUniformType, name.range, message);
        }
    }

    /// Notes an assignment to `target` of type `ty` when it is a sampler parameter.
    pub(in crate::fx) fn note_sampler_assignment(&mut self, target: &Expr, ty: &Type) {
        let ExprKind::Name(path) = &target.kind else {
            return;
        };
        if !is_sampler(ty) || self.global_name(path).is_some() {
            return;
        }
        if let Some(var) = self.variable(path) {
            self.sampler_writes.assigned.insert(var.declared);
        }
    }

    /// Notes argument `arg` (of type `ty`) of `out`/`inout` parameter `index` of function
    /// `callee` when it is a sampler global.
    pub(in crate::fx) fn note_sampler_out_argument(
        &mut self,
        callee: usize,
        index: usize,
        arg: &Expr,
        ty: &Type,
    ) {
        let ExprKind::Name(path) = &arg.kind else {
            return;
        };
        if is_sampler(ty) && self.global_name(path).is_some() {
            let entry = (callee, index, arg.range, path.joined().into_owned());
            self.sampler_writes.global_arguments.push(entry);
        }
    }

    /// Reports each sampler global passed to a sampler parameter its function assigns.
    pub(super) fn sampler_global_writes(&mut self) {
        let writes = std::mem::take(&mut self.sampler_writes);
        for (callee, index, range, name) in writes.global_arguments {
            let parameter = self
                .functions
                .values()
                .flatten()
                .find(|s| s.id == callee)
                .and_then(|s| s.param_names.get(index).copied());
            if parameter.is_some_and(|p| writes.assigned.contains(&p)) {
                let message = format!(
                    "'{name}' : a sampler global as the argument of an 'out' sampler parameter \
                     the function assigns: ReShade's compiler accepts it, but none of its back \
                     ends compile the write to the global sampler"
                );
                self.report_back_end_reject(DiagnosticCode::AssignTypeMismatch, range, message);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::fx::check::check;
    use crate::fx::parser::parse;

    /// `code message-start` of each error `src` gets.
    fn errors(src: &str) -> Vec<String> {
        check(&parse(src).module)
            .iter()
            .filter(|f| f.severity == crate::Severity::Error)
            .map(|f| format!("{} {}", f.code, f.message))
            .collect()
    }

    const PS: &str = "float4 PS() : SV_Target { return 1; }\n";

    #[test]
    fn a_struct_uniform_is_reported_with_or_without_uniform() {
        for decl in ["uniform S U;", "S U;", "uniform S U[2];"] {
            let src = format!("struct S {{ float x; }};\n{decl}\n{PS}");
            assert_eq!(
                errors(&src),
                [
                    "InvalidUniformType 'U' : a uniform of struct type 'S': ReShade's compiler \
                     accepts it, but none of its back ends compile it (the struct takes no room \
                     in the uniform block and is declared after it), and its UI and presets \
                     have no struct values"
                ],
                "{decl}"
            );
        }
    }

    #[test]
    fn a_static_struct_global_is_no_uniform() {
        let src = format!("struct S {{ float x; }};\nstatic S U;\n{PS}");
        assert_eq!(errors(&src), Vec::<String>::new());
    }

    const SAMPLERS: &str = "texture T { Width = 1; Height = 1; };\nsampler S1 { Texture = T; };\n\
                            sampler S2 { Texture = T; };\n";

    #[test]
    fn a_global_passed_to_an_assigned_out_sampler_is_reported() {
        for (params, call) in [("out sampler s", "F(S1);"), ("inout sampler s", "F(S2);")] {
            let src = format!(
                "{SAMPLERS}void F({params}) {{ s = S2; }}\n\
                 float4 PS() : SV_Target {{ {call} return 1; }}\n"
            );
            let global = &call[2..4];
            assert_eq!(
                errors(&src),
                [format!(
                    "AssignTypeMismatch '{global}' : a sampler global as the argument of an \
                     'out' sampler parameter the function assigns: ReShade's compiler accepts \
                     it, but none of its back ends compile the write to the global sampler"
                )],
                "{params}"
            );
        }
    }

    #[test]
    fn an_out_sampler_left_alone_or_given_a_parameter_is_not_reported() {
        for (functions, call) in [
            ("void F(out sampler s) { }", "F(S2);"),
            ("void F(inout sampler s) { }", "F(S2);"),
            (
                "void F(out sampler s) { s = S2; } void G(sampler t) { F(t); }",
                "G(S1);",
            ),
        ] {
            let src =
                format!("{SAMPLERS}{functions}\nfloat4 PS() : SV_Target {{ {call} return 1; }}\n");
            assert_eq!(errors(&src), Vec::<String>::new(), "{functions}");
        }
    }
}
