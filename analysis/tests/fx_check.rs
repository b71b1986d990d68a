//! The ReShade FX checker (stage 2): names through scopes and namespaces, types, overloads with
//! ReShade's ranking, implicit truncation warnings, and every independent error in one run.
//! Each case gives exact codes, severities, locations and messages.

use std::path::{Path, PathBuf};

use analysis::fx;
use analysis::{MemoryLoader, Options};

/// `line:col-line:col severity[Code] message` for each diagnostic of `src` parsed as `a.fx`.
fn check(src: &str) -> Vec<String> {
    let loader = MemoryLoader::new([(PathBuf::from("a.fx"), src.to_string())]);
    let out = fx::parse_effect(Path::new("a.fx"), &loader, &Options::default());
    out.diagnostics
        .iter()
        .map(|d| {
            let l = out.sources.location(d.span.expect("located"));
            format!(
                "{}:{}-{}:{} {}[{}] {}",
                l.start.line,
                l.start.column,
                l.end.line,
                l.end.column,
                d.severity.as_str(),
                d.code,
                d.message
            )
        })
        .collect()
}

#[test]
fn every_independent_error_is_reported_once() {
    let src = "\
struct S { float a; float2 b; };
namespace N { static const float k = 1.0; float twice(float x) { return x * 2.0; } }
float4 PS(float2 uv : TEXCOORD) : SV_Target
{
    S s;
    float v = s.c + N::k + N::missing;
    float w = undefined_fn(1.0) + N::twice(uv.x) + nothing.x.y.z;
    float3 c = float3(1.0, 2.0);
    float2 d = uv.xyz;
    break;
    k = 2.0;
    return s;
}
void VS() { return 1; }
float f() { return; }
technique T { pass { VertexShader = VS; PixelShader = NoSuchPS; } }
";
    assert_eq!(
        check(src),
        [
            "6:17-6:18 error[UndeclaredStructMember] 'c' : not a member of 'S'",
            "6:28-6:38 error[UndeclaredIdentifier] 'N::missing' : undeclared identifier",
            "7:15-7:27 error[UndefinedFunction] 'undefined_fn' : undefined function",
            "7:52-7:59 error[UndeclaredIdentifier] 'nothing' : undeclared identifier",
            "8:16-8:22 error[ConstructorArgCount] 'float3' : wrong number of components (2 given, 3 expected)",
            "9:19-9:22 error[InvalidSwizzle] 'xyz' : invalid swizzle of 'float2'",
            "10:5-10:11 error[MisplacedControlFlow] 'break' : not allowed outside a loop or switch",
            "11:5-11:6 error[UndeclaredIdentifier] 'k' : undeclared identifier",
            "12:12-12:13 error[ReturnTypeMismatch] 'S' : cannot convert to 'float4'",
            "14:20-14:21 error[ReturnInVoidFunction] 'return' : a void function cannot return a value",
            "15:13-15:20 error[ReturnTypeMismatch] 'return' : function must return a 'float'",
            "16:55-16:63 error[EntryNotFound] 'NoSuchPS' : entry point not found",
        ]
    );
}

#[test]
fn overloads_rank_as_reshade_does() {
    let src = "\
float4 pick(float x) { return x; }
float pick(int x) { return x; }
float one(float x) { return x; }
float one(uint x) { return x; }
float both(int x, float y) { return x; }
float both(float x, int y) { return y; }
void main()
{
    float a = pick(1);
    float b = one(1);
    float c = both(1, 1);
    float d = pick(float2(1.0, 2.0));
    float e = one(1, 2);
}
";
    assert_eq!(
        check(src),
        [
            // pick(float) would be a float4: a truncation warning would show that it was chosen.
            "11:15-11:19 error[NoMatchingOverload] 'both' : ambiguous call with (int, int)",
            "12:15-12:37 warning[ImplicitTruncation] 'float4' : implicit truncation of vector type to 'float'",
            "12:20-12:36 warning[ImplicitTruncation] 'float2' : implicit truncation of vector type to 'float'",
            "13:15-13:18 error[NoMatchingOverload] 'one' : no matching overload for (int, int)",
        ]
    );
}

#[test]
fn writes_to_read_only_values_and_conversions() {
    let src = "\
uniform float Strength;
static const float3 Tint = float3(1, 1, 1);
static float counter;
sampler2D Samp { Texture = Strength; };
float4 PS(const float x, inout float4 y) : SV_Target
{
    Strength = 1.0;
    Tint.x = 0.0;
    counter += 1.0;
    x++;
    y.xy = float2(1, 2);
    float4 t = tex2D(Samp, 0.5);
    t.rgb = tex2D(Samp, float2(0.5, 0.5));
    float m = mul(float3x3(1, 0, 0, 0, 1, 0, 0, 0, 1), Tint);
    return saturate(t, t) + Samp;
}
";
    assert_eq!(
        check(src),
        [
            "4:28-4:36 error[InvalidRenderStateValue] 'Strength' : is a 'float', not a texture",
            "7:5-7:13 error[AssignTypeMismatch] 'Strength' : l-value specifies a read-only value",
            "8:5-8:11 error[AssignTypeMismatch] 'Tint' : l-value specifies a read-only value",
            "10:5-10:6 error[AssignTypeMismatch] 'x' : l-value specifies a read-only value",
            // ReShade ranks an assignment's target against its value, so a longer vector does
            // not go into a shorter place ("cannot convert these types (from float4 to
            // float3)", X3020, asked of its compiler), though it goes into a scalar.
            "13:13-13:42 error[AssignTypeMismatch] 'float4' : cannot convert to 'float3'",
            "14:15-14:61 warning[ImplicitTruncation] 'float3' : implicit truncation of vector type to 'float'",
            "15:12-15:20 error[NoMatchingOverload] 'saturate' : takes 1 argument, 2 given",
        ]
    );
}

#[test]
fn namespaces_scopes_and_redefinitions() {
    let src = "\
namespace A { float x; namespace B { float y; float f() { return x + y + A::x + ::A::B::y; } } }
float g() { return A::B::y + A::B::f() + B::y; }
float x;
float x;
struct P { float a; float a; };
void h(float p, float p)
{
    float q = 1.0;
    { float q = 2.0; }
    float q = 3.0;
    for (int i = 0; i < 2; i++) { continue; }
    i = 1;
}
";
    assert_eq!(
        check(src),
        [
            // Globals without `uniform` or `static` are uniforms, as ReShade warns (X5000).
            "1:21-1:22 warning[ImplicitUniform] 'x' : global variables are considered 'uniform' by default",
            "1:44-1:45 warning[ImplicitUniform] 'y' : global variables are considered 'uniform' by default",
            "2:42-2:46 error[UndeclaredIdentifier] 'B::y' : undeclared identifier",
            "3:7-3:8 warning[ImplicitUniform] 'x' : global variables are considered 'uniform' by default",
            "4:7-4:8 warning[ImplicitUniform] 'x' : global variables are considered 'uniform' by default",
            "4:7-4:8 error[Redefinition] 'x' : redefinition",
            "6:23-6:24 error[Redefinition] 'p' : redefinition of a parameter",
            "10:11-10:12 error[Redefinition] 'q' : redefinition",
            "12:5-12:6 error[UndeclaredIdentifier] 'i' : undeclared identifier",
        ]
    );
}

#[test]
fn names_a_broken_declaration_would_have_declared_are_not_reported_again() {
    let src = "\
static const float k = ;
float f() { return k + missing; }
float g() { return 1.0.xxxx.w + (1 + float2(1, 1)).z; }
";
    assert_eq!(
        check(src),
        [
            "1:24-1:25 error[SyntaxError] ';' : syntax error: unexpected token, expected an expression",
            "3:52-3:53 error[InvalidSwizzle] 'z' : invalid swizzle of 'float2'",
        ]
    );
}

#[test]
fn the_deepest_trees_the_parser_accepts_are_checked_without_overflow() {
    // 1,000 chained operators, then 240 parentheses: both just inside the parser's limits.
    let sum = format!("float f(float a) {{ return a{}; }}", " + a".repeat(1000));
    assert_eq!(check(&sum), Vec::<String>::new());
    let parens = format!(
        "float g(float a) {{ return {}a{}; }}",
        "(".repeat(240),
        ")".repeat(240)
    );
    assert_eq!(check(&parens), Vec::<String>::new());
    let blocks = format!(
        "void h() {{ {}float x = 1.0;{} }}",
        "{".repeat(250),
        "}".repeat(250)
    );
    assert_eq!(check(&blocks), Vec::<String>::new());
}

#[test]
fn conditions_switches_and_out_arguments() {
    let src = "\
uniform int Mode;
void get(out float x, inout float y) { x = 1.0; y += x; }
float4 PS(float2 uv : TEXCOORD) : SV_Target
{
    float a = 0.0, b = 0.0;
    get(a, b);
    get(1.0, Mode);
    if (uv) { a = 1.0; }
    while (float3(1, 1, 1)) { break; }
    switch (Mode) { case 1: a = 2.0; case 1: default: break; default: break; }
    switch (uv.x) { default: break; }
    switch (uv) { default: break; }
    return a;
}
";
    assert_eq!(
        check(src),
        [
            "7:9-7:12 error[AssignTypeMismatch] 'expression' : l-value specifies a read-only value",
            "7:14-7:18 error[AssignTypeMismatch] 'Mode' : l-value specifies a read-only value",
            "8:9-8:11 error[NonBoolCondition] 'float2' : condition must be a scalar",
            "9:12-9:27 error[NonBoolCondition] 'float3' : condition must be a scalar",
            "10:38-10:39 error[MisplacedControlFlow] non-empty case statements must have break or return",
            "10:43-10:44 error[DuplicateSwitchCase] '1' : duplicate case label",
            "10:62-10:69 error[InvalidSwitchDefault] 'default' : more than one default label",
            "12:13-12:15 error[NonIntegerSwitch] 'float2' : switch selector must be a scalar",
        ]
    );
}

#[test]
fn names_are_known_from_their_declaration_on_as_in_reshade() {
    let src = "\
float f() { return g() + later; }
float g() { return 1.0; }
static const float later = 1.0;
float h();
float k() { return h() + g() + later; }
float h() { return 2.0; }
";
    assert_eq!(
        check(src),
        [
            "1:20-1:21 error[UndefinedFunction] 'g' : undefined function",
            "1:26-1:31 error[UndeclaredIdentifier] 'later' : undeclared identifier",
            // As in ReShade, a prototype is an error (X3510) but declares the function.
            "4:7-4:8 error[UndefinedFunction] 'h' : function is missing an implementation",
        ]
    );
}

#[test]
fn array_sizes_and_case_labels_fold_named_constants() {
    let src = "\
static const int N = 4;
static const float F = 2.5;
uniform int Count;
static const float weights[N * 2] = { 1, 2, 3, 4, 5, 6, 7, 8 };
static const int sizes[(int)F] = { 1, 2 };
static float table[Count];
static float none[N - 4];
static float part[F];
void f() { const int M = 3; float local[M + 7 / 2]; switch (N) { case N: break; case 4: break; } }
";
    assert_eq!(
        check(src),
        [
            "6:20-6:25 error[NonConstArraySize] 'Count' : array size must be a constant expression",
            "7:19-7:24 error[InvalidSize] '0' : array size must be an integer from 1 to 65536",
            "8:19-8:20 error[NonConstArraySize] 'F' : array size must be an integer constant",
            "9:86-9:87 error[DuplicateSwitchCase] '4' : duplicate case label",
        ]
    );
}

#[test]
fn recursion_is_reported_once_per_cycle() {
    let src = "\
float even(int n);
float odd(int n) { return n == 0 ? 0.0 : even(n - 1); }
float even(int n) { return n == 0 ? 1.0 : odd(n - 1); }
float self_call(float x) { return x > 1.0 ? self_call(x / 2.0) : x; }
float leaf(float x) { return x; }
float caller(float x) { return leaf(x) + leaf(leaf(x)); }
";
    assert_eq!(
        check(src),
        [
            // `even` is declared (by its prototype) before `odd`: the call back to it closes the
            // cycle.
            "1:7-1:11 error[UndefinedFunction] 'even' : function is missing an implementation",
            "2:42-2:46 error[RecursiveFunction] 'even' : recursive call",
            "4:45-4:54 error[RecursiveFunction] 'self_call' : recursive call",
        ]
    );
}

#[test]
fn atomics_take_reshade_overloads_and_a_place_of_the_exact_type() {
    // As ReShade's compiler answers: a `uint` place takes an `int` value (the uint overload
    // wins), an `int` place with a `uint` value picks the uint overload and is then rejected;
    // a storage must be `storage2D<int>`/`<uint>`; the place must be writable.
    let src = "\
texture T { Width = 4; Height = 4; Format = R32U; };
storage2D<uint> S { Texture = T; };
storage2D Sf { Texture = T; };
groupshared uint Counter;
groupshared int Ints[4];
uniform int Fixed;
void CS(uint3 id : SV_DispatchThreadID)
{
    uint a = atomicAdd(Counter, 1);
    int b = atomicMin(Ints[1], 1u);
    uint c = atomicCompareExchange(Counter, 0u, 1u) + atomicAdd(S, int2(id.xy), 1u);
    atomicAdd(Sf, int2(0, 0), 1u);
    atomicOr(Fixed, 1);
    int d = atomicXor(Ints[0], 2.5);
}
";
    assert_eq!(
        check(src),
        [
            "3:11-3:13 error[InvalidRenderStateValue] 'Sf' : type mismatch between texture format and storage element type",
            "10:13-10:22 error[NoMatchingOverload] 'atomicMin' : no matching intrinsic overload (int, uint)",
            "12:5-12:14 error[NoMatchingOverload] 'atomicAdd' : no matching intrinsic overload (storage2D, int2, uint)",
            "13:14-13:19 error[AssignTypeMismatch] 'Fixed' : l-value specifies a read-only value",
        ]
    );
}

#[test]
fn casts_follow_reshade_ranks_and_matrices_meet_vectors_in_the_smaller_shape() {
    // ReShade accepts no cast to a struct but from the same struct, no widening cast and no
    // matrix reshaping; `matrix * vector` is component-wise in the smaller shape, with a
    // truncation warning on each operand that loses components.
    let src = "\
struct S { float a; };
float4 PS(float4 pos : SV_Position) : SV_Target
{
    S s = (S)0;
    float4 w = (float4)pos.xy;
    float2x2 m = (float2x2)float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);
    float3x3 n = float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);
    float3 v = n * pos.xyz;
    float2 u = float2x3(1, 2, 3, 4, 5, 6) * v;
    return float4(v, u.x) + (float)pos.x;
}
";
    assert_eq!(
        check(src),
        [
            "4:11-4:12 error[InvalidConversion] 'int' : cannot convert these types (from 'int' to 'S')",
            "5:16-5:17 error[InvalidConversion] 'float2' : cannot convert these types (from 'float2' to 'float4')",
            "6:18-6:19 error[InvalidConversion] 'float3x3' : cannot convert these types (from 'float3x3' to 'float2x2')",
            "8:16-8:17 warning[ImplicitTruncation] 'float3x3' : implicit truncation of vector type to 'float3'",
            "9:16-9:42 warning[ImplicitTruncation] 'float2x3' : implicit truncation of vector type to 'float2'",
            "9:45-9:46 warning[ImplicitTruncation] 'float3' : implicit truncation of vector type to 'float2'",
        ]
    );
}

#[test]
fn a_scalar_becomes_a_matrix_under_an_operator_but_not_when_assigned() {
    // As ReShade 6.1's compiler says: `m * 2` splats, `m *= 2` and `int2x2 m = 3` are
    // "cannot convert these types"; integer and bool matrices take the float rules.
    let src = "\
void F(inout int2x2 m) { m += 1; }
float4 PS(float4 pos : SV_Position) : SV_Target
{
    int2x2 a = int2x2(1, 2, 3, 4) * 2;
    float2x2 f = 3;
    a *= 2;
    f -= a;
    bool2x2 b = a < f;
    return b[0][0];
}
";
    assert_eq!(
        check(src),
        [
            "1:31-1:32 error[AssignTypeMismatch] 'int' : cannot convert to 'int2x2'",
            "5:18-5:19 error[AssignTypeMismatch] 'int' : cannot convert to 'float2x2'",
            "6:10-6:11 error[AssignTypeMismatch] 'int' : cannot convert to 'int2x2'",
        ]
    );
}

#[test]
fn intrinsic_calls_resolve_to_reshades_overloads() {
    // ReShade's verdicts (its compiler, one call a file): `cross` takes only float3s, a float
    // splats equally well to float2/3/4 for `normalize` (a tie), objects match exactly, `out`
    // arguments must be places; `abs(uint)` and `countbits(float)` are accepted, typed by the
    // chosen overload (a float and a uint); a user `lerp` of two parameters leaves the built-in
    // one of three callable; a coordinate that loses components warns.
    let src = "\
texture T { Width = 4; Height = 4; };
sampler2D S { Texture = T; };
float lerp(float a, float b) { return a; }
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float2 v = pos.xy;
    float3 c = cross(v, v);
    float3 n = normalize(1.0);
    float4 t = tex2D(v, v);
    float s, k;
    sincos(v.x, 1.0, k);
    float a = abs(1u) + countbits(1.5) + lerp(1.0, 2.0) + lerp(1.0, 2.0, 0.5);
    float b = clamp(a, 0.0);
    return tex2Dfetch(S, int4(v, 0, 0)) + tex2Dsize(T).x;
}
";
    assert_eq!(
        check(src),
        [
            "7:16-7:21 error[NoMatchingOverload] 'cross' : no matching intrinsic overload (float2, float2)",
            "8:16-8:25 error[NoMatchingOverload] 'normalize' : ambiguous intrinsic call (float)",
            "9:16-9:21 error[NoMatchingOverload] 'tex2D' : no matching intrinsic overload (float2, float2)",
            "11:17-11:20 error[AssignTypeMismatch] 'expression' : l-value specifies a read-only value",
            "13:15-13:20 error[NoMatchingOverload] 'clamp' : takes 3 arguments, 2 given",
            "14:26-14:39 warning[ImplicitTruncation] 'int4' : implicit truncation of vector type to 'int2'",
            "14:43-14:52 error[NoMatchingOverload] 'tex2Dsize' : no matching intrinsic overload (texture2D)",
        ]
    );
}

#[test]
fn initialiser_lists_fit_the_declared_array() {
    // ReShade's verdicts (X3017 for each error): a list is an array of its merged element type
    // as long as the list; lengths must match (an unsized array takes any), elements convert
    // but keep their shape (vectors may truncate), and no list initialises a vector or struct.
    let src = "\
struct S { float x; float y; };
void f()
{
    float a[3] = {1, 2};
    float b[2] = {1, float2(1, 2)};
    float3 v = {1, 2, 3};
    S s = {1, 2};
    float c[] = {1, 2};
    float3 d[2] = {float4(1, 2, 3, 4), float3(1, 2, 3)};
    bool e[2] = {1, 2.5};
    float g[2] = {1, 2,};
}
";
    assert_eq!(
        check(src),
        [
            "4:18-4:24 error[AssignTypeMismatch] 'int[2]' : initial value does not match variable type 'float[3]'",
            "5:18-5:35 error[AssignTypeMismatch] 'float2[2]' : initial value does not match variable type 'float[2]'",
            "6:16-6:25 error[AssignTypeMismatch] 'int[3]' : initial value does not match variable type 'float3'",
            "7:11-7:17 error[AssignTypeMismatch] 'int[2]' : initial value does not match variable type 'S'",
        ]
    );
}

#[test]
fn vertex_and_pixel_shaders_need_semantics() {
    // ReShade's verdicts (X3502/X3503 at the `pass`): a non-void, non-struct result and every
    // non-struct parameter of a pass's vertex and pixel shaders needs a semantic; a compute
    // shader's do not (ReShade accepts `void CS(uint3 id)`).
    let src = "\
void VS(in uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv) { uv = 0; pos = 0; }
float4 PS(float4 pos : SV_Position, float2 uv) { return 0; }
void CS(uint3 id) { }
technique T { pass { VertexShader = VS; PixelShader = PS; } }
technique C { pass { ComputeShader = CS<8, 8>; DispatchSizeX = 1; DispatchSizeY = 1; } }
";
    assert_eq!(
        check(src),
        [
            "4:15-4:19 error[MissingSemantic] 'VS' : output parameter 'uv' is missing semantics",
            "4:15-4:19 error[MissingSemantic] 'PS' : function return value is missing semantics",
            "4:15-4:19 error[MissingSemantic] 'PS' : input parameter 'uv' is missing semantics",
        ]
    );
}

/// `?:` as ReShade checks it: the condition is a scalar or vector whose rows or columns match the
/// value's (X3020 "dimension of conditional does not match value"; a `bool2` picks the rows of a
/// `float2x2`, a scalar cannot), never a matrix (X3022).
#[test]
fn conditional_operators_check_the_condition_as_reshade_does() {
    let src = "\
float4 PS() : SV_Target
{
    bool c = true;
    bool2 c2 = true;
    float2x2 m = float2x2(1, 2, 3, 4);
    float2x2 a = c ? m : m;
    float2x2 b = c2 ? m : m;
    float2 v = m ? c2 : c2;
    float3 w = c ? float3(1, 2, 3) : 0;
    return float4(a[0] + b[1] + v, w.xy);
}
";
    assert_eq!(
        check(src),
        [
            "6:18-6:19 error[NonBoolCondition] 'bool' : dimension of conditional does not match value 'float2x2'",
            "8:16-8:17 error[NonBoolCondition] 'float2x2' : boolean or vector expression expected",
        ]
    );
}

/// Syntax of ReShade releases after 6.1: default parameter values are one located error for the
/// whole file (at the first `=`, the line where ReShade 6.1 reports its syntax error), and calls
/// that leave the defaulted arguments out raise nothing more; a call of a derivative those
/// releases added (`ddx_fine`, `ddx_coarse`, `ddy_fine`, `ddy_coarse`) is one error at the call,
/// as ReShade 6.1's X3004, and its value types as `ddx`'s, so nothing else follows.
#[test]
fn effects_written_for_a_newer_reshade_get_one_error() {
    let src = "\
float scale(float x, float by = 2.0, float plus = 0.0) { return x * by + plus; }
float2 shift(float2 v, float2 by = float2(1, 1)) { return v + by; }
float4 PS(float4 p : SV_Position) : SV_Target
{
    float a = scale(p.x) + scale(p.x, 3.0) + scale(p.x, 3.0, 1.0);
    float2 b = shift(p.xy) + shift(p.xy, 0.5);
    return float4(a + b, 0, 0);
}
";
    assert_eq!(
        check(src),
        [
            "1:31-1:32 error[SyntaxError] '=' : default parameter values need a newer ReShade than 6.1, the version fxbench checks effects against"
        ]
    );
    // Too few arguments for the parameters without a default, or too many, still fail.
    let src = "\
float scale(float x, float by = 2.0) { return x * by; }
float4 PS() : SV_Target { return scale() + scale(1.0, 2.0, 3.0); }
";
    assert_eq!(
        check(src),
        [
            "1:31-1:32 error[SyntaxError] '=' : default parameter values need a newer ReShade than 6.1, the version fxbench checks effects against",
            "2:34-2:39 error[NoMatchingOverload] 'scale' : no matching overload for ()",
            "2:44-2:49 error[NoMatchingOverload] 'scale' : no matching overload for (float, float, float)",
        ]
    );
    // The derivatives: one error per call, at its name, with ReShade's overloads typing it.
    let src = "\
float4 PS(float4 p : SV_Position) : SV_Target
{
    float2 d = ddx_fine(p.xy) + ddy_coarse(p.x);
    return float4(d, ddx_coarse(p.z), ddy_fine(p.w));
}
";
    let newer = |at: &str, name: &str| {
        format!(
            "{at} error[UndefinedFunction] '{name}' : undefined function in ReShade 6.1, the \
             version fxbench checks effects against (a newer ReShade declares it)"
        )
    };
    assert_eq!(
        check(src),
        [
            newer("3:16-3:24", "ddx_fine"),
            newer("3:33-3:43", "ddy_coarse"),
            newer("4:22-4:32", "ddx_coarse"),
            newer("4:39-4:47", "ddy_fine"),
        ]
    );
}

#[test]
fn assignments_rank_the_target_against_the_value_as_reshade_does() {
    // ReShade's verdicts, asked of its compiler one line at a time: a shorter vector widens
    // into a longer place, a vector goes into a scalar with a warning (X3206), a longer vector
    // into a shorter place and a scalar into a matrix are "cannot convert these types"
    // (X3020), a list fills an array of its own length only, and booleans add as integers.
    let src = "struct W { int m[3]; };
float4 PS(float4 pos : SV_Position) : SV_Target
{
    float4 b = 0; float3 a = 1; float s = 0; float2x2 m = float2x2(0, 0, 0, 0); W w[2];
    b = a;
    b += a;
    s = a;
    a = b;
    m = 1;
    w[0].m = { 1, 0, 1 };
    w[1].m = { 1, 0 };
    bool p = true, q = false;
    int n = p + q;
    return b + s + n;
}
";
    assert_eq!(
        check(src),
        [
            "7:9-7:10 warning[ImplicitTruncation] 'float3' : implicit truncation of vector type to 'float'",
            "8:9-8:10 error[AssignTypeMismatch] 'float4' : cannot convert to 'float3'",
            "9:9-9:10 error[AssignTypeMismatch] 'int' : cannot convert to 'float2x2'",
            "11:14-11:22 error[AssignTypeMismatch] 'int[2]' : initial value does not match variable type 'int[3]'",
        ]
    );
}

#[test]
fn a_pass_runs_the_overload_of_its_shader_declared_last() {
    // As ReShade's symbol lookup does: the newest symbol of the name, whatever its signature
    // (so its semantics are the ones checked).
    let two = "float4 PS(float4 pos : SV_Position) : SV_Target { return 1; }
float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return 2; }
float4 VS(uint id : SV_VertexID) : SV_Position { return 0; }
technique X { pass { VertexShader = VS; PixelShader = PS; } }
";
    assert_eq!(check(two), Vec::<String>::new());
    let last_unsemantic = two.replace("float4 VS", "float3 PS(float2 uv) { return 3; }\nfloat4 VS");
    assert_eq!(
        check(&last_unsemantic),
        [
            "5:15-5:19 error[MissingSemantic] 'PS' : function return value is missing semantics",
            "5:15-5:19 error[MissingSemantic] 'PS' : input parameter 'uv' is missing semantics",
        ]
    );
}

#[test]
fn the_one_int_quotient_no_int_holds_is_an_error_of_constants_only() {
    // ReShade's compiler folds `-2147483648 / -1` (and `%`) with the machine's division, which
    // faults: its process stops (exit 136 here), so no runtime compiles the effect. Of a
    // variable it is computed at run time, and `uint`s never overflow.
    let src = "\
static const int M = -2147483648;
float4 PS(float2 uv : TEXCOORD) : SV_Target
{
    int a = -2147483648 / -1;
    int b = M % -1;
    int minus = -1;
    int c = M / minus;
    uint d = 0x80000000u / 0xFFFFFFFFu;
    int e = M / 1;
    return float4(a, b, c, d + e);
}
";
    let quotient = "-2147483648 / -1 overflows an int: ReShade's compiler stops with a division \
                    fault as it folds these constants";
    let remainder = quotient.replace(" / ", " % ");
    assert_eq!(
        check(src),
        [
            format!("4:13-4:29 error[ConstDivideByZero] '/' : {quotient}"),
            format!("5:13-5:19 error[ConstDivideByZero] '%' : {remainder}"),
        ]
    );
}

#[test]
fn integer_division_by_a_constant_zero_warns_at_the_divisor() {
    // ReShade folds none of these and says nothing; the GPU's answer is undefined there.
    let src = "\
static const int Zero = 0;
float4 PS(float2 uv : TEXCOORD) : SV_Target
{
    int i = int(uv.x * 8.0);
    int a = i / 0;
    int b = i % Zero;
    i /= 0.5;
    float c = uv.x / 0;
    uint d = 7u / 1u;
    return float4(a, b, c, d + i);
}
";
    assert_eq!(
        check(src),
        [
            "5:17-5:18 warning[ConstDivideByZero] '/' : integer division by zero: ReShade leaves the result to the GPU, where it is undefined; fxbench's preview gives the dividend",
            "6:17-6:21 warning[ConstDivideByZero] '%' : integer division by zero: ReShade leaves the result to the GPU, where it is undefined; fxbench's preview gives 0",
            "7:10-7:13 warning[ConstDivideByZero] '/' : integer division by zero: ReShade leaves the result to the GPU, where it is undefined; fxbench's preview gives the dividend",
        ]
    );
}
