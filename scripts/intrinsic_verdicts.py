#!/usr/bin/env python3
"""Asks ReShade's own compiler for its verdict on calls of every FX intrinsic and writes them to
analysis/tests/fx_intrinsic_verdicts.txt, which the test `fx_intrinsic_verdicts` compares our
checker against (the test needs no oracle; this script is run by hand when the table changes).

    scripts/intrinsic_verdicts.py [/path/to/reshade/fxc]    (default /tmp/rsfxc/fxc)

The calls: for each intrinsic and each argument count it takes (and one more and one fewer,
with a few types), every overload's exact parameter types, the same type in every argument for
each type of a spread (scalars, vectors, matrices of each element type, samplers, storages, a texture), and
each overload's parameters with one argument replaced by each type of a smaller spread.
Each call is one function `void fK() { T0 a0; ...; S s = name(a0, ...); }`: ReShade's complaint
about initialising the struct `S` names the call's type, and it checks each function on its own.

Output, one line per call: `name(T0, T1) ok <result type>` or `name(T0, T1) error <code>` with
ReShade's error number (3004/3013 no matching overload, 3067 ambiguous, 3025 `out` argument
not assignable).
"""

import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
TABLE_RS = ROOT / "analysis/src/fx/intrinsic_table.rs"
OUT = ROOT / "analysis/tests/fx_intrinsic_verdicts.txt"

PLACEHOLDERS = {
    "N": ["", "2", "3", "4"],
    "V": ["2", "3", "4"],
    "R": ["2", "3", "4"],
    "C": ["2", "3", "4"],
    "K": ["2", "3", "4"],
    "E": ["int", "uint", "float", "float4"],
}

OBJECTS = [
    "sampler1D", "sampler2D", "sampler3D", "sampler2D<int>", "sampler2D<uint>",
    "sampler2D<float>", "sampler2D<float2>", "sampler1D<int>", "sampler3D<float>",
    "storage1D", "storage2D", "storage3D", "storage2D<int>", "storage2D<uint>",
    "storage2D<float>", "storage1D<uint>", "storage3D<int>", "texture2D",
]
NUMERIC = [
    "bool", "int", "uint", "float", "bool2", "bool3", "bool4", "int2", "int3", "int4",
    "uint2", "uint3", "uint4", "float2", "float3", "float4", "float2x2", "float2x3",
    "float3x2", "float3x3", "float4x3", "float4x4", "int2x2", "int3x3",
]
SPREAD = NUMERIC + OBJECTS
SMALL_SPREAD = ["bool", "int", "uint", "float", "int2", "uint3", "float2", "float3", "float4",
                "bool4", "float3x3", "sampler2D", "storage2D<int>"]


def table():
    """{name: [signature, ...]} with placeholders expanded, in table order."""
    text = TABLE_RS.read_text()
    body = text.split('const TABLE: &str = "', 1)[1].split('";', 1)[0]
    result = {}
    for line in filter(None, map(str.strip, body.splitlines())):
        name, sig = line.split(" ", 1)
        spellings = [sig]
        for ph, values in PLACEHOLDERS.items():
            if ph in sig:
                spellings = [s.replace(ph, v) for s in spellings for v in values]
        for s in spellings:
            ret, params = s.split("(", 1)
            params = [p.strip().removeprefix("out ") for p in params.rstrip(")").split(",") if p.strip()]
            result.setdefault(name, []).append(params)
    return result


def calls():
    seen, out = set(), []

    def add(name, types):
        key = (name, tuple(types))
        if key not in seen:
            seen.add(key)
            out.append(key)

    for name, sigs in table().items():
        arities = sorted({len(p) for p in sigs})
        for params in sigs:
            add(name, params)
        for n in sorted(set(arities) | {max(arities) + 1, max(0, min(arities) - 1)}):
            if n == 0:
                add(name, [])
                continue
            for t in SPREAD if n in arities else ["float", "float4", "sampler2D"]:
                add(name, [t] * n)
        # One argument varied at a time, from the widest overload of each arity.
        for n in arities:
            base = [p for p in sigs if len(p) == n][-1]
            for i in range(n):
                for t in SMALL_SPREAD:
                    add(name, base[:i] + [t] + base[i + 1:])
    return out


def var_name(t):
    return "g_" + re.sub(r"[^A-Za-z0-9]", "_", t)


def header(objects):
    """A global of each object type in `objects`, with a texture of a fitting format behind it."""
    lines = ["struct S { int x; };"]
    formats = {"int": "R32I", "uint": "R32U", "float": "R32F", "float2": "RG32F", "float4": "RGBA8"}
    for elem, fmt in formats.items():
        for dim in "123":
            height = " Height = 4;" if dim != "1" else ""
            depth = " Depth = 4;" if dim == "3" else ""
            lines.append(f"texture{dim}D T{dim}_{elem} {{ Width = 4;{height}{depth} Format = {fmt}; }};")
    for t in sorted(objects):
        m = re.match(r"(sampler|storage|texture)([123])D(?:<(\w+)>)?$", t)
        kind, dim, elem = m.group(1), m.group(2), m.group(3) or "float4"
        if kind == "texture":
            lines.append(f"texture{dim}D {var_name(t)} {{ Width = 4; }};")
        else:
            lines.append(f"{t} {var_name(t)} {{ Texture = T{dim}_{elem}; }};")
    return lines


def is_object(t):
    return t.startswith(("sampler", "storage", "texture"))


def function(k, name, types):
    locals_ = " ".join(f"{t} a{i};" for i, t in enumerate(types) if not is_object(t))
    args = ", ".join(var_name(t) if is_object(t) else f"a{i}" for i, t in enumerate(types))
    return f"void f{k}() {{ {locals_} S s = {name}({args}); }}"


def main():
    fxc = sys.argv[1] if len(sys.argv) > 1 else "/tmp/rsfxc/fxc"
    todo = calls()
    head = header({t for _, types in todo for t in types if is_object(t)})
    src = head + [function(k, n, t) for k, (n, t) in enumerate(todo)]
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / "verdicts.fx"
        path.write_text("\n".join(src) + "\n")
        run = subprocess.run([fxc, "--hlsl", str(path)], capture_output=True, text=True)
    first_error = {}
    for line in (run.stdout + run.stderr).splitlines():
        m = re.match(r".*\((\d+), \d+\): error X(\d+): (.*)", line)
        if m:
            first_error.setdefault(int(m.group(1)), (m.group(2), m.group(3)))
    verdicts = []
    for k, (name, types) in enumerate(todo):
        code, message = first_error.get(len(head) + k + 1, (None, ""))
        call = f"{name}({', '.join(types)})"
        typed = re.match(r"'s': initial value \((.*)\) does not match variable type", message)
        if code == "3017" and typed:
            verdicts.append(f"{call} ok {typed.group(1)}")
        elif code is None:
            raise SystemExit(f"no verdict for line {len(head) + k + 1}: {call}")
        else:
            verdicts.append(f"{call} error {code}")
    header_note = (
        "# ReShade 6.1's verdict on each call (scripts/intrinsic_verdicts.py): "
        "`call ok <result type>` or `call error <ReShade error number>`.\n"
    )
    OUT.write_text(header_note + "\n".join(verdicts) + "\n")
    ok = sum(v.split(") ", 1)[1].startswith("ok") for v in verdicts)
    print(f"{len(verdicts)} calls, {ok} accepted, written to {OUT}")


if __name__ == "__main__":
    main()
