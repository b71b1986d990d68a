//! The generator's family of texture reads that semantic programs may draw: a first pass fills
//! a texture (float with mips, or integer), and the pixel shader reads it through samplers of
//! random states with every form ReShade 6.1 has (`tex2D`, `tex2Dlod`, `tex2Dgrad` with and
//! without constant texel offsets, gathers of each component with and without an offset,
//! fetches and sizes of levels). What is read stays defined: coordinates come from `uv` (their
//! derivatives, and so the implicit level, are the same in both modules), levels and gradients
//! are bounded constants, fetches stay inside their level, integer textures are read with point
//! filters (Vulkan filters no integer texel), and the reads come first in the shader, where
//! control flow is uniform.

use analysis::fx::lexer::Base;
use analysis::fx::types::Type;

use super::{Generator, Parts};

/// Address modes ReShade takes (the generator's `ADDRESS` also has a wrong one).
const ADDRESS: [&str; 4] = ["CLAMP", "WRAP", "MIRROR", "BORDER"];

/// What the fill pass writes and how it is read: format, the type the fill pass returns,
/// whether it filters; an integer texture's sampler is typed with the scalar of its texels,
/// which its reads return (ReShade 6.1 takes `sampler2D<uint>`, not `<uint4>`, for `R32U`).
struct Fill {
    format: &'static str,
    element: &'static str,
    float: bool,
}

impl Fill {
    /// The scalar an integer texture's sampler is typed with.
    fn scalar(&self) -> &'static str {
        self.element.trim_end_matches('4')
    }
}

const FILLS: [Fill; 4] = [
    Fill {
        format: "RGBA8",
        element: "float4",
        float: true,
    },
    Fill {
        format: "RGBA16F",
        element: "float4",
        float: true,
    },
    Fill {
        format: "R32I",
        element: "int4",
        float: false,
    },
    Fill {
        format: "R32U",
        element: "uint4",
        float: false,
    },
];

impl Generator<'_> {
    /// A filled texture, its fill pass and one to four reads of it.
    pub(super) fn filled_reads(&mut self, parts: &mut Parts) {
        let fill = &FILLS[self.rng.below(FILLS.len())];
        let t = self.fresh("FzFill");
        let (w, h) = (1 + self.rng.below(40), 1 + self.rng.below(40));
        let most = usize::BITS - w.max(h).leading_zeros();
        // Integer textures keep one level: mips are made by filtering.
        let levels = if fill.float {
            1 + self.rng.below(most as usize)
        } else {
            1
        };
        parts.globals.push(format!(
            "texture2D {t} {{ Width = {w}; Height = {h}; MipLevels = {levels}; Format = {}; }};",
            fill.format
        ));
        let pattern = match fill.element {
            "float4" => {
                "float4(frac(uv * 3.7), ((p.x ^ p.y) & 3) / 3.0, ((p.x * 7 + p.y * 3) % 16) / 15.0)"
            }
            "int4" => "int4(p.x - 9, p.y * 3, p.x ^ p.y, p.x * 7 - p.y * 5)",
            _ => "uint4(p.x, p.y * 3, p.x ^ p.y, p.x * 7 + p.y * 5)",
        };
        let fill_ps = format!("{t}PS");
        parts.globals.push(format!(
            "{} {fill_ps}(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target {{ int2 p = int2(pos.xy); return {pattern}; }}",
            fill.element
        ));
        parts.passes_before.push(format!(
            "pass {{ VertexShader = CaseVS; PixelShader = {fill_ps}; RenderTarget = {t}; }}"
        ));
        let samplers: Vec<String> = (0..1 + self.rng.below(2))
            .map(|_| self.filled_sampler(parts, &t, fill))
            .collect();
        for _ in 0..1 + self.rng.below(4) {
            let s = samplers[self.rng.below(samplers.len())].clone();
            let (read, ty) = self.filled_read(&s, fill, (w, h), levels);
            let v = self.fresh("fr");
            parts.body.push(format!("    {} {v} = {read};", ty.name()));
            self.vars.push((v, ty));
        }
    }

    /// A sampler of `t` with random address modes and filters (point ones for an integer
    /// texture).
    fn filled_sampler(&mut self, parts: &mut Parts, t: &str, fill: &Fill) -> String {
        let s = self.fresh("FzFillS");
        let mut states = vec![
            format!("AddressU = {};", ADDRESS[self.rng.below(4)]),
            format!("AddressV = {};", ADDRESS[self.rng.below(4)]),
        ];
        for state in ["MinFilter", "MagFilter", "MipFilter"] {
            let filter = if fill.float && self.rng.below(2) == 0 {
                "LINEAR"
            } else {
                "POINT"
            };
            states.push(format!("{state} = {filter};"));
        }
        let typed = if fill.float {
            String::new()
        } else {
            format!("<{}>", fill.scalar())
        };
        parts.globals.push(format!(
            "sampler2D{typed} {s} {{ Texture = {t}; {} }};",
            states.join(" ")
        ));
        s
    }

    /// Coordinates from `uv`, over the texture and past its edges.
    fn filled_coordinate(&mut self) -> String {
        let scale = ["1.0", "2.5", "-1.25", "0.75"];
        let shift = ["0.0", "-0.75", "0.3"];
        format!(
            "(uv * float2({}, {}) + float2({}, {}))",
            scale[self.rng.below(4)],
            scale[self.rng.below(4)],
            shift[self.rng.below(3)],
            shift[self.rng.below(3)]
        )
    }

    /// A constant texel offset WGSL and Vulkan take (-8 to 7).
    fn filled_offset(&mut self) -> String {
        format!(
            "int2({}, {})",
            self.rng.below(16) as i32 - 8,
            self.rng.below(16) as i32 - 8
        )
    }

    /// One read of sampler `s` and the type of its value.
    fn filled_read(
        &mut self,
        s: &str,
        fill: &Fill,
        (w, h): (usize, usize),
        levels: usize,
    ) -> (String, Type) {
        let texel = match fill.element {
            "int4" => Type::INT,
            "uint4" => Type::UINT,
            _ => Type::vector(Base::Float, 4),
        };
        let c = self.filled_coordinate();
        let level = self.rng.below(levels);
        let lod = format!("{level}.{}", ["0", "25", "5"][self.rng.below(3)]);
        let offset = self.filled_offset();
        let read = match self.rng.below(if fill.float { 9 } else { 7 }) {
            0 => format!("tex2D({s}, {c})"),
            1 => format!("tex2D({s}, {c}, {offset})"),
            2 => format!("tex2Dlod({s}, float4({c}, 0.0, {lod}))"),
            3 => format!("tex2Dlod({s}, float4({c}, 0.0, {lod}), {offset})"),
            4 => {
                let g = ["0.02", "0.1", "0.3"][self.rng.below(3)];
                let extra = if self.rng.below(2) == 0 {
                    format!(", {offset}")
                } else {
                    String::new()
                };
                format!("tex2Dgrad({s}, {c}, float2({g}, 0.0), float2(0.0, {g}){extra})")
            }
            5 => {
                let (lw, lh) = ((w >> level).max(1), (h >> level).max(1));
                let at = format!("int2(frac({c}) * float2({lw}.0, {lh}.0))");
                if level == 0 && self.rng.below(2) == 0 {
                    format!("tex2Dfetch({s}, {at})")
                } else {
                    format!("tex2Dfetch({s}, {at}, {level})")
                }
            }
            6 => {
                let size = if self.rng.below(2) == 0 {
                    format!("tex2Dsize({s})")
                } else {
                    format!("tex2Dsize({s}, {level})")
                };
                return (size, Type::vector(Base::Int, 2));
            }
            k => {
                let name = [
                    "tex2DgatherR",
                    "tex2DgatherG",
                    "tex2DgatherB",
                    "tex2DgatherA",
                ][self.rng.below(4)];
                // Not the four-offset form: lavapipe's `ConstOffsets` reads a texel outside the
                // texture in place of the footprint's `i0j0` when the shader reads through
                // another sampler too (checked against the texel the specification names;
                // `tests/reference/texture_offsets.fx` covers the form where lavapipe agrees).
                let offsets = if k == 7 {
                    String::new()
                } else {
                    format!(", {offset}")
                };
                format!("{name}({s}, {c}{offsets})")
            }
        };
        (read, texel)
    }
}
