//! The generator's varyings family: a vertex shader of its own hands the pixel shader values of
//! every kind through `TEXCOORD` semantics (floats with each interpolation modifier, integers
//! without interpolation, arrays over consecutive semantics, float matrices) and the pixel
//! shader reads them. The values are linear in `uv` (or constant per triangle for the integer
//! ones), so what the rasteriser interpolates is the same in both modules.

use analysis::fx::lexer::Base;
use analysis::fx::types::Type;

use super::{Generator, Parts};

/// Interpolation modifiers for float varyings (`centroid` is a reserved word in ReShade 6.1).
/// The vertex shader's `w` is 2 at one vertex, so `noperspective` differs from the default.
const MODIFIERS: [&str; 4] = ["", "linear ", "noperspective ", "nointerpolation "];

/// The most `TEXCOORD` semantics a program's varyings take.
const MAX_SEMANTICS: usize = 12;

impl Generator<'_> {
    /// A vertex shader with one to four varyings besides `uv`, and the pixel shader's
    /// parameters that read them.
    pub(super) fn varyings(&mut self, parts: &mut Parts) {
        // One vertex shader a program (the family may be drawn twice).
        if parts.vertex_shader.is_some() {
            return;
        }
        let vs = self.fresh("FzVs");
        let mut outs = vec![
            "in uint id : SV_VertexID".to_string(),
            "out float4 pos : SV_Position".to_string(),
            "out float2 uv : TEXCOORD0".to_string(),
        ];
        let mut body = vec![
            "    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);".to_string(),
            "    float w = (id == 2) ? 2.0 : 1.0;".to_string(),
            "    pos = float4((uv * float2(2.0, -2.0) + float2(-1.0, 1.0)) * w, 0.0, w);"
                .to_string(),
        ];
        let mut semantic = 1;
        for _ in 0..1 + self.rng.below(4) {
            let v = self.fresh("vy");
            let (declared, size, writes, reads) = match self.rng.below(4) {
                0 => self.float_varying(&v),
                1 => self.integer_varying(&v),
                2 => self.array_varying(&v),
                _ => self.matrix_varying(&v),
            };
            if semantic + size > MAX_SEMANTICS {
                break;
            }
            outs.push(format!("out {declared} : TEXCOORD{semantic}"));
            parts
                .ps_params
                .push(format!("{declared} : TEXCOORD{semantic}"));
            semantic += size;
            body.extend(writes);
            self.vars.extend(reads);
        }
        if self.rng.below(2) == 0 {
            returned_struct(parts, &vs, &outs, &body);
        } else {
            parts
                .globals
                .push(format!("void {vs}({})", outs.join(", ")));
            parts.globals.push("{".to_string());
            parts.globals.extend(body);
            parts.globals.push("}".to_string());
        }
        parts.vertex_shader = Some(vs);
    }

    /// A value linear in `uv` of `n` components.
    fn linear_value(&mut self, n: usize) -> String {
        let parts: Vec<String> = (0..n)
            .map(|_| {
                let lane = ["uv.x", "uv.y", "(uv.x - uv.y)"][self.rng.below(3)];
                format!(
                    "{lane} * {}.{} + {}.{}",
                    self.rng.below(3),
                    1 + self.rng.below(9),
                    self.rng.below(2),
                    self.rng.below(10)
                )
            })
            .collect();
        if n == 1 {
            parts[0].clone()
        } else {
            format!("float{n}({})", parts.join(", "))
        }
    }

    /// A float scalar or vector with a random interpolation modifier.
    fn float_varying(&mut self, v: &str) -> (String, usize, Vec<String>, Vec<(String, Type)>) {
        let n = 1 + self.rng.below(4);
        let modifier = MODIFIERS[self.rng.below(MODIFIERS.len())];
        let ty = Type::vector(Base::Float, n as u8);
        let value = self.linear_value(n);
        (
            format!("{modifier}{} {v}", ty.name()),
            1,
            vec![format!("    {v} = {value};")],
            vec![(v.to_string(), ty)],
        )
    }

    /// An integer scalar or vector, not interpolated, the same at every vertex.
    fn integer_varying(&mut self, v: &str) -> (String, usize, Vec<String>, Vec<(String, Type)>) {
        let n = 1 + self.rng.below(4);
        let base = if self.rng.below(2) == 0 {
            Base::Int
        } else {
            Base::Uint
        };
        let ty = Type::vector(base, n as u8);
        let lanes: Vec<String> = (0..n)
            .map(|k| match base {
                Base::Int => format!("{}", k as i32 * 7 - 5),
                _ => format!("{}u", k * 11 + 3),
            })
            .collect();
        let value = if n == 1 {
            lanes[0].clone()
        } else {
            format!("{}({})", ty.name(), lanes.join(", "))
        };
        (
            format!("nointerpolation {} {v}", ty.name()),
            1,
            vec![format!("    {v} = {value};")],
            vec![(v.to_string(), ty)],
        )
    }

    /// An array of float vectors over consecutive semantics.
    fn array_varying(&mut self, v: &str) -> (String, usize, Vec<String>, Vec<(String, Type)>) {
        let len = 2 + self.rng.below(2);
        let n = 2 + self.rng.below(3);
        let ty = Type::vector(Base::Float, n as u8);
        let mut writes = Vec::new();
        let mut reads = Vec::new();
        for i in 0..len {
            let value = self.linear_value(n);
            writes.push(format!("    {v}[{i}] = {value};"));
            reads.push((format!("{v}[{i}]"), ty.clone()));
        }
        (format!("{} {v}[{len}]", ty.name()), len, writes, reads)
    }

    /// A float matrix, a semantic per row.
    fn matrix_varying(&mut self, v: &str) -> (String, usize, Vec<String>, Vec<(String, Type)>) {
        let rows = 2 + self.rng.below(2);
        let cols = 2 + self.rng.below(2);
        let ty = Type::matrix(Base::Float, rows as u8, cols as u8);
        let mut writes = Vec::new();
        for r in 0..rows {
            let value = self.linear_value(cols);
            writes.push(format!("    {v}[{r}] = {value};"));
        }
        (
            format!("{} {v}", ty.name()),
            rows,
            writes,
            vec![(v.to_string(), ty)],
        )
    }
}

/// The vertex shader returning a struct whose members carry the semantics (as many effects
/// write theirs): `out T v : S` becomes member `T v : S` of the result `o`, and the body writes
/// and reads `o.v`.
fn returned_struct(parts: &mut Parts, vs: &str, outs: &[String], body: &[String]) {
    let s = format!("{vs}Out");
    parts.globals.push(format!("struct {s}"));
    parts.globals.push("{".to_string());
    let mut members = Vec::new();
    for out in &outs[1..] {
        let member = out.trim_start_matches("out ");
        parts.globals.push(format!("    {member};"));
        let name = member
            .split(':')
            .next()
            .and_then(|d| d.split_whitespace().last())
            .map(|n| n.split('[').next().unwrap_or(n).to_string())
            .unwrap_or_default();
        members.push(name);
    }
    parts.globals.push("};".to_string());
    parts.globals.push(format!("{s} {vs}({})", outs[0]));
    parts.globals.push("{".to_string());
    parts.globals.push(format!("    {s} o;"));
    for line in body {
        let mut line = line.clone();
        for m in &members {
            line = replace_word(&line, m, &format!("o.{m}"));
        }
        parts.globals.push(line);
    }
    parts.globals.push("    return o;".to_string());
    parts.globals.push("}".to_string());
}

/// `text` with every whole word `word` (not a member: no `.` before it) replaced by `with`.
fn replace_word(text: &str, word: &str, with: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + word.len()..].chars().next();
        let word_char = |c: char| c.is_alphanumeric() || c == '_';
        out += &rest[..at];
        if before.is_some_and(|c| word_char(c) || c == '.') || after.is_some_and(word_char) {
            out += word;
        } else {
            out += with;
        }
        rest = &rest[at + word.len()..];
    }
    out + rest
}
