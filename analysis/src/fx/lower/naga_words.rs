//! naga's messages about the WGSL lowering generated, in FX words. Generated code that naga
//! rejects is a lowering bug, but its message still reaches the user, located at the FX code
//! it stands for: so it must speak of FX types (`float3`, not `Vector { size: Tri, .. }`) and
//! FX names (`loop`, not `fx_u4_loop`), without naga's arena handles (`Expression [211]`).

use super::names::fx_name;

/// `message` with naga's type debug forms as FX type names, handles dropped and generated
/// names read back as the FX names they stand for.
pub(crate) fn fx_words(message: &str) -> String {
    let typed = types_in_fx_words(message);
    let unhandled = without_handles(&typed);
    names_in_fx_words(&unhandled)
}

/// naga's `Entry point fx_ps_1 at Fragment is invalid: Uses operations forbidden at this stage`
/// as `'PS' as a pixel shader is invalid: it uses an operation that stage cannot ...`: the
/// generated wrapper named by the FX function a pass names (`entry`: a wrapper's FX name and
/// stage).
pub(crate) fn entry_points_in_fx_words(
    message: &str,
    entry: &dyn Fn(&str) -> Option<(String, naga::ShaderStage)>,
) -> String {
    let Some(rest) = message.strip_prefix("Entry point ") else {
        return message.to_string();
    };
    let Some((wgsl, rest)) = rest.split_once(" at ") else {
        return message.to_string();
    };
    let Some((_, rest)) = rest.split_once(' ') else {
        return message.to_string();
    };
    let Some((fx, stage)) = entry(wgsl) else {
        return message.to_string();
    };
    let stage = match stage {
        naga::ShaderStage::Vertex => "vertex",
        naga::ShaderStage::Fragment => "pixel",
        _ => "compute",
    };
    let forbidden = format!(
        "it uses an operation a {stage} shader cannot (a barrier or groupshared memory outside \
         a compute shader, a derivative or discard outside a pixel shader); ReShade's compiler \
         accepts that, but none of its back ends compile it"
    );
    let rest = rest
        .replace("Uses operations forbidden at this stage", &forbidden)
        .replace(
            "Vertex shaders must return a `@builtin(position)` output value",
            "it writes no SV_Position (ReShade's compiler accepts that, but no back end draws \
             with it)",
        );
    format!("'{fx}' as a {stage} shader {rest}")
}

/// The FX name of naga's scalar debug form `Scalar { kind: K, width: W }` (its inside).
fn scalar_name(inside: &str) -> Option<&'static str> {
    let kind = inside.split("kind: ").nth(1)?.split([',', ' ']).next()?;
    Some(match kind {
        "Float" | "AbstractFloat" => "float",
        "Sint" | "AbstractInt" => "int",
        "Uint" => "uint",
        "Bool" => "bool",
        _ => return None,
    })
}

fn size_number(size: &str) -> Option<u8> {
    Some(match size {
        "Bi" => 2,
        "Tri" => 3,
        "Quad" => 4,
        _ => return None,
    })
}

/// The value of `field: X` in a debug form.
fn field<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    text.split(&format!("{name}: "))
        .nth(1)?
        .split([',', ' '])
        .next()
}

/// Replaces every `Scalar(Scalar { .. })`, `Vector { .. }`, `Matrix { .. }` and bare
/// `Scalar { .. }` with its FX type name.
fn types_in_fx_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = ["Scalar(Scalar {", "Vector {", "Matrix {", "Scalar {"]
        .iter()
        .filter_map(|p| rest.find(p).map(|i| (i, *p)))
        .min_by_key(|(i, p)| (*i, std::cmp::Reverse(p.len())))
    {
        let (i, prefix) = at;
        out.push_str(&rest[..i]);
        let Some(end) = closing(&rest[i..]) else {
            out.push_str(&rest[i..]);
            return out;
        };
        let form = &rest[i..i + end];
        let name = match prefix {
            "Vector {" => scalar_name(form)
                .zip(field(form, "size").and_then(size_number))
                .map(|(s, n)| format!("{s}{n}")),
            "Matrix {" => scalar_name(form)
                .zip(field(form, "columns").and_then(size_number))
                .zip(field(form, "rows").and_then(size_number))
                // WGSL's columns are FX rows (see `names.rs`).
                .map(|((s, c), r)| format!("{s}{c}x{r}")),
            _ => scalar_name(form).map(str::to_string),
        };
        match name {
            Some(name) => out.push_str(&format!("'{name}'")),
            None => out.push_str(form),
        }
        rest = &rest[i + end..];
    }
    out.push_str(rest);
    out
}

/// The length of the debug form at the start of `text`, through the brace or parenthesis that
/// closes its first one.
fn closing(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Drops naga's arena handles (` [N]` after a space): `Expression [211]` is "an expression",
/// `Function [3] 'f'` "a function 'f'", `[208] (of type T)` "a value (of type T)".
fn without_handles(message: &str) -> String {
    const KINDS: [&str; 6] = [
        "Expression",
        "Function",
        "Type",
        "Constant",
        "Global",
        "Local",
    ];
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find('[') {
        let (before, inside) = (&rest[..open], &rest[open + 1..]);
        let digits = inside.bytes().take_while(u8::is_ascii_digit).count();
        let handle = digits > 0
            && inside[digits..].starts_with(']')
            && (before.is_empty() || before.ends_with(' '));
        if !handle {
            out.push_str(&rest[..=open]);
            rest = inside;
            continue;
        }
        let kept = before.trim_end();
        let word_start = kept.rfind(' ').map_or(0, |i| i + 1);
        let word = &kept[word_start..];
        if KINDS.contains(&word) {
            let article = if word.starts_with(['E', 'A', 'O', 'I', 'U']) {
                "an"
            } else {
                "a"
            };
            out.push_str(&kept[..word_start]);
            out.push_str(&format!("{article} {}", word.to_ascii_lowercase()));
        } else {
            out.push_str(before);
            out.push_str("a value");
        }
        rest = &inside[digits + 1..];
    }
    out.push_str(rest);
    out
}

/// Generated names in quotes or backticks read back as the FX names they stand for.
fn names_in_fx_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find(['\'', '`']) {
        let quote = rest[open..].chars().next().unwrap_or('\'');
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        let Some(close) = inside.find(quote) else {
            out.push_str(inside);
            return out;
        };
        let word = &inside[..close];
        let identifier = word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        match fx_name(word).filter(|_| identifier) {
            Some(fx) => out.push_str(&fx),
            None => out.push_str(word),
        }
        out.push(quote);
        rest = &inside[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naga_messages_speak_fx() {
        let naga = "Function [24] 'Lighting' is invalid: Expression [211] is invalid: \
                    Operation Add can't work with [208] (of type Scalar(Scalar { kind: Bool, \
                    width: 1 })) and [210] (of type Vector { size: Tri, scalar: Scalar { kind: \
                    Float, width: 4 } })";
        assert_eq!(
            fx_words(naga),
            "a function 'Lighting' is invalid: an expression is invalid: Operation Add can't \
             work with a value (of type 'bool') and a value (of type 'float3')"
        );
        assert_eq!(
            fx_words("expected an image, but found `fx_l6_SrcTex` which is not an image"),
            "expected an image, but found `SrcTex` which is not an image"
        );
        assert_eq!(
            fx_words(
                "Type [3] of Matrix { columns: Bi, rows: Quad, scalar: Scalar { kind: Float, width: 4 } }"
            ),
            "a type of 'float2x4'"
        );
        assert_eq!(
            fx_words("'ReShade__BackBuffer' : x"),
            "'ReShade::BackBuffer' : x"
        );
        assert_eq!(fx_words("index [i] of a[0]"), "index [i] of a[0]");
        let entries = |wgsl: &str| {
            (wgsl == "fx_ps_1").then(|| ("PS".to_string(), naga::ShaderStage::Fragment))
        };
        assert_eq!(
            entry_points_in_fx_words(
                "Entry point fx_ps_1 at Fragment is invalid: Uses operations forbidden at this stage",
                &entries
            ),
            "'PS' as a pixel shader is invalid: it uses an operation a pixel shader cannot (a \
             barrier or groupshared memory outside a compute shader, a derivative or discard \
             outside a pixel shader); ReShade's compiler accepts that, but none of its back \
             ends compile it"
        );
        assert_eq!(
            entry_points_in_fx_words("Entry point fx_vs_9 at Vertex is invalid", &entries),
            "Entry point fx_vs_9 at Vertex is invalid"
        );
    }
}
