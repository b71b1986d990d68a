#!/usr/bin/env python3
"""Writes the generated families of ReShade FX conformance cases under
analysis/tests/conformance/families/: every operator on a spread of operand types, every
implicit conversion and cast between a spread of types, compound assignments, and pass and
sampler states with each value name. The hand-written cases beside them cover the rules one by
one; these cover the tables (ReShade's `type::merge`, `type::rank`, the operator checks in
`parse_expression_multary`/`parse_expression_unary`/`parse_expression_assignment`, the state
value tables in `parse_variable`/`parse_technique_pass`).

    scripts/conformance_families.py

Each case is one file with one verdict; line 1 says what it checks. Then run
scripts/conformance_verdicts.py to record ReShade's verdicts.
"""

import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "analysis/tests/conformance/families"

PS_HEAD = "float4 PS(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target\n{\n"
PS_TAIL = "    return 0;\n}\ntechnique T { pass { VertexShader = CaseVS; PixelShader = PS; } }\n"
TECH = "technique T {{ pass {{ VertexShader = CaseVS; PixelShader = PS; {states} }} }}\n"

BINARY = {
    "add": "+", "sub": "-", "mul": "*", "div": "/", "mod": "%", "shl": "<<", "shr": ">>",
    "and": "&", "or": "|", "xor": "^", "land": "&&", "lor": "||", "lt": "<", "gt": ">",
    "le": "<=", "ge": ">=", "eq": "==", "ne": "!=",
}
BINARY_PAIRS = [
    ("bool", "bool"), ("int", "int"), ("uint", "uint"), ("float", "float"), ("int", "uint"),
    ("int", "float"), ("bool", "float"), ("float2", "float2"), ("float3", "float"),
    ("int2", "int3"), ("float4", "float2"), ("float2x2", "float2x2"), ("float2x2", "float"),
    ("float3x3", "float3"), ("int2x2", "int2x2"), ("bool2", "bool2"),
]
UNARY = {"neg": "-{}", "plus": "+{}", "not": "!{}", "bitnot": "~{}", "preinc": "++{}",
         "predec": "--{}", "postinc": "{}++", "postdec": "{}--"}
UNARY_TYPES = ["bool", "int", "uint", "float", "float3", "int2", "float2x2", "int2x2", "bool2"]
CONVERSION_TYPES = ["bool", "int", "uint", "float", "int2", "float2", "float3", "float4",
                    "float2x2", "float3x3", "float4x4"]
CAST_TYPES = ["bool", "int", "uint", "float", "int3", "float2", "float4", "float2x2", "float3x3"]
COMPOUND = {"add": "+=", "sub": "-=", "mul": "*=", "div": "/=", "mod": "%=", "shl": "<<=",
            "shr": ">>=", "and": "&=", "or": "|=", "xor": "^="}
COMPOUND_PAIRS = [("int", "int"), ("float", "float"), ("float3", "float"), ("float", "float3"),
                  ("uint", "int"), ("float2x2", "float2x2"), ("bool", "bool")]

# Pass states: each with the value names of its own family, names of other families, and numbers.
PASS_STATES = {
    "BlendOp": ["ADD", "SUBTRACT", "REVSUBTRACT", "MIN", "MAX", "ONE", "SRCALPHA", "5", "99"],
    "SrcBlend": ["ZERO", "ONE", "SRCCOLOR", "INVSRCCOLOR", "SRCALPHA", "INVSRCALPHA", "DESTALPHA",
                 "INVDESTALPHA", "DESTCOLOR", "INVDESTCOLOR", "ADD", "KEEP", "11", "99"],
    "StencilFunc": ["NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER", "NEQUAL", "GEQUAL", "ALWAYS",
                    "ONE", "REPLACE", "9"],
    "StencilPass": ["KEEP", "ZERO", "REPLACE", "INCRSAT", "DECRSAT", "INVERT", "INCR", "DECR",
                    "ALWAYS", "ADD", "9"],
    "PrimitiveTopology": ["POINTLIST", "LINELIST", "LINESTRIP", "TRIANGLELIST",
                          "TRIANGLESTRIP", "POINTS", "LINES", "TRIANGLES", "ADD", "0", "9"],
}
SAMPLER_STATES = {
    "AddressU": ["WRAP", "REPEAT", "MIRROR", "CLAMP", "BORDER", "POINT", "LINEAR", "1", "0", "9"],
    "MagFilter": ["POINT", "LINEAR", "ANISOTROPIC", "NONE", "WRAP", "2", "7"],
    "MipFilter": ["POINT", "LINEAR", "NONE", "CLAMP"],
}
FORMAT_NUMBERS = ["0", "1", "2", "8", "255"]


def write(family, name, comment, text):
    path = OUT / family / f"{name}.fx"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"// {comment}\n#include \"../../case.fxh\"\n{text}")


def ps(body):
    return PS_HEAD + "".join(f"    {line}\n" for line in body) + PS_TAIL


def operators():
    for name, op in BINARY.items():
        for lhs, rhs in BINARY_PAIRS:
            write("binary", f"{name}_{lhs}_{rhs}",
                  f"{lhs} {op} {rhs} (parse_expression_multary, type::merge)",
                  ps([f"{lhs} a;", f"{rhs} b;", f"a {op} b;"]))
    for name, form in UNARY.items():
        for t in UNARY_TYPES:
            write("unary", f"{name}_{t}", f"{form.format(t)} on a local (parse_expression_unary)",
                  ps([f"{t} a;", form.format("a") + ";"]))


def conversions():
    for src in CONVERSION_TYPES:
        for dst in CONVERSION_TYPES:
            write("conversion", f"{src}_to_{dst}",
                  f"a {src} initialising a {dst} (parse_variable, type::rank)",
                  ps([f"{src} a;", f"{dst} b = a;"]))
    for src in CAST_TYPES:
        for dst in CAST_TYPES:
            write("cast", f"{src}_to_{dst}", f"({dst}) of a {src} (parse_expression_unary, type::rank)",
                  ps([f"{src} a;", f"({dst})a;"]))
    for name, op in COMPOUND.items():
        for lhs, rhs in COMPOUND_PAIRS:
            write("compound", f"{name}_{lhs}_{rhs}",
                  f"{lhs} {op} {rhs} (parse_expression_assignment)",
                  ps([f"{lhs} a;", f"{rhs} b;", f"a {op} b;"]))


def states():
    for state, values in PASS_STATES.items():
        extra = "BlendEnable = true; " if "Blend" in state else (
            "StencilEnable = true; " if "Stencil" in state else "VertexCount = 3; ")
        for value in values:
            write("pass_state", f"{state}_{value}", f"{state} = {value} (parse_technique_pass)",
                  PS_HEAD + "    return 0;\n}\n" + TECH.format(states=f"{extra}{state} = {value};"))
    for state, values in SAMPLER_STATES.items():
        for value in values:
            write("sampler_state", f"{state}_{value}", f"sampler {state} = {value} (parse_variable)",
                  f"sampler2D S {{ Texture = CaseTex; {state} = {value}; }};\n"
                  + PS_HEAD + "    return tex2D(S, uv);\n}\n"
                  "technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }\n")
    for value in FORMAT_NUMBERS:
        write("texture_format", f"number_{value}", f"texture Format = {value} (parse_variable)",
              f"texture2D F {{ Width = 4; Height = 4; Format = {value}; }};\n"
              "sampler2D S { Texture = F; };\n"
              + PS_HEAD + "    return tex2D(S, uv);\n}\n"
              "technique T { pass { VertexShader = CaseVS; PixelShader = PS; } }\n")


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    operators()
    conversions()
    states()
    print(sum(1 for _ in OUT.rglob("*.fx")), "generated cases in", OUT)


if __name__ == "__main__":
    main()
