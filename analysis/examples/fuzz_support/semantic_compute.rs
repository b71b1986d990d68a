//! The generator's compute family for semantic programs: a compute pass before the pixel
//! shader's writes a texture through a storage, and the pixel shader fetches it. What it
//! computes is the same whatever order the threads run in: group-shared values are written by
//! one thread each and read after a barrier, atomics on shared and storage integers are only
//! the commutative ones (add, min, max, and, or, xor) and their results are read after a
//! barrier, never as the value an atomic returns, and every store writes the thread's own texel.

use analysis::fx::types::Type;

use super::{Generator, Parts};

/// The commutative atomics: their final value does not depend on the threads' order.
pub const ATOMICS: [&str; 6] = [
    "atomicAdd",
    "atomicMin",
    "atomicMax",
    "atomicAnd",
    "atomicOr",
    "atomicXor",
];

/// Values a thread computes from its ids (`uint3 id, tid, gid`, `uint gi`).
const THREAD_VALUES: [&str; 6] = ["gi", "id.x", "id.y * 3u", "tid.x + tid.y", "gid.x", "1u"];

impl Generator<'_> {
    /// A compute pass that writes a texture the pixel shader then reads.
    pub(super) fn semantic_compute(&mut self, parts: &mut Parts) {
        let t = self.fresh("FzCt");
        let (w, h) = (1 + self.rng.below(24), 1 + self.rng.below(24));
        // A float texture for the stored values, an integer one for storage atomics.
        let atomic_storage = self.rng.below(3) == 0;
        let format = if atomic_storage { "R32U" } else { "RGBA16F" };
        parts.globals.push(format!(
            "texture2D {t} {{ Width = {w}; Height = {h}; Format = {format}; }};"
        ));
        let st = format!("{t}St");
        let typed = if atomic_storage { "<uint>" } else { "" };
        parts
            .globals
            .push(format!("storage2D{typed} {st} {{ Texture = {t}; }};"));
        let samp = format!("{t}S");
        parts.globals.push(format!(
            "sampler2D{typed} {samp} {{ Texture = {t}; MinFilter = POINT; MagFilter = POINT; MipFilter = POINT; }};"
        ));
        let (x, y) = (
            [1, 4, 8, 16][self.rng.below(4)],
            [1, 2, 4, 8][self.rng.below(4)],
        );
        let n = x * y;
        let shared = format!("{t}G");
        let count = format!("{t}C");
        parts
            .globals
            .push(format!("groupshared float {shared}[{n}];"));
        parts.globals.push(format!("groupshared uint {count};"));
        let cs = format!("{t}CS");
        let mut body = vec![
            format!(
                "void {cs}(uint3 id : SV_DispatchThreadID, uint3 tid : SV_GroupThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)"
            ),
            "{".to_string(),
        ];
        let start = ["0u", "0xFFFFFFFFu", "7u"][self.rng.below(3)];
        body.push(format!("    if (gi == 0) {count} = {start};"));
        let a = THREAD_VALUES[self.rng.below(THREAD_VALUES.len())];
        let b = THREAD_VALUES[self.rng.below(THREAD_VALUES.len())];
        body.push(format!(
            "    {shared}[gi] = float({a}) * 0.25 + float({b}) * 0.125;"
        ));
        body.push("    barrier();".to_string());
        let op = ATOMICS[self.rng.below(ATOMICS.len())];
        let value = THREAD_VALUES[self.rng.below(THREAD_VALUES.len())];
        body.push(format!("    {op}({count}, {value});"));
        // An execution barrier: a memory barrier alone lets a read race the atomics.
        body.push("    barrier();".to_string());
        // Reads after the barrier: a neighbour's shared value and the atomic's result.
        let neighbour = ["(gi + 1u)", "(gi * 3u + 2u)", "(uint(id.x) ^ gi)"][self.rng.below(3)];
        body.push(format!(
            "    float v = {shared}[{neighbour} % {n}u] + float({count} % 97u);"
        ));
        body.push(format!("    if (id.x < {w}u && id.y < {h}u)"));
        body.push("    {".to_string());
        if atomic_storage {
            let op = ATOMICS[self.rng.below(ATOMICS.len())];
            body.push(format!(
                "        {op}({st}, int2(id.xy), uint(v * 4.0) + {value});"
            ));
        } else {
            body.push(format!(
                "        tex2Dstore({st}, int2(id.xy), float4(v, float(tid.x), float(gid.y), float(gi) * 0.5));"
            ));
        }
        body.push("    }".to_string());
        body.push("}".to_string());
        parts.globals.extend(body);
        let (dx, dy) = (
            w.div_ceil(x) + self.rng.below(2),
            h.div_ceil(y) + self.rng.below(2),
        );
        parts.passes_before.push(format!(
            "pass {{ ComputeShader = {cs}<{x}, {y}>; DispatchSizeX = {dx}; DispatchSizeY = {dy}; }}"
        ));
        let read = self.fresh("cr");
        let at = format!("int2(frac(uv * 1.7) * float2({w}.0, {h}.0))");
        let ty = if atomic_storage {
            Type::UINT
        } else {
            Type::vector(analysis::fx::lexer::Base::Float, 4)
        };
        parts.body.push(format!(
            "    {} {read} = tex2Dfetch({samp}, {at});",
            ty.name()
        ));
        self.vars.push((read, ty));
    }
}
