//! ReShade's unique names: how its compiler names a variable, a sampler, a storage or an entry
//! point from the FX name and its namespaces, so a runtime looks them up by what it knows.
//!
//! The compiler prefixes the name with its scope (`::` at global scope, `::A::B::` inside
//! namespaces `A::B`) and a letter (`F` functions, `V` textures, samplers, storages and global
//! variables), then replaces every `:` with `_`; a compute entry point is prefixed with `E`
//! and suffixed with its thread group size. The mapping is one way: `A::_::B` and `A__::B`
//! give the same name, so names are compared after encoding, never decoded.

/// The unique name ReShade gives `qualified` (`"ReShade::BackBuffer"`, `"PS_Deband"`) with
/// prefix letter `prefix` (`'V'` for samplers and storages, `'F'` for functions).
///
/// `unique_name('V', "ReShade::BackBuffer")` is `"V__ReShade__BackBuffer"`.
pub fn unique_name(prefix: char, qualified: &str) -> String {
    let mut name = String::with_capacity(qualified.len() + 3);
    name.push(prefix);
    name.push_str("__");
    name.push_str(&qualified.replace(':', "_"));
    name
}

/// The entry point name of FX function `qualified` (namespaces joined with `::`): `F__<name>`
/// for vertex and pixel shaders, and for a compute shader with thread group `threads`,
/// `EF__<name>_<x>_<y>_<z>`.
pub fn entry_point_name(qualified: &str, threads: Option<[u32; 3]>) -> String {
    let function = unique_name('F', qualified);
    match threads {
        None => function,
        Some([x, y, z]) => format!("E{function}_{x}_{y}_{z}"),
    }
}

/// The names [`super::split_combined_samplers`] gives the image and the sampler that replace
/// combined sampler `name`.
pub fn split_names(name: &str) -> (String, String) {
    (format!("{name}_image"), format!("{name}_sampler"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_reshade_writes_them() {
        assert_eq!(
            unique_name('V', "ReShade::BackBuffer"),
            "V__ReShade__BackBuffer"
        );
        assert_eq!(unique_name('V', "ColorSamp"), "V__ColorSamp");
        assert_eq!(
            entry_point_name("ArcaneBloom::_::PS_Blend", None),
            "F__ArcaneBloom_____PS_Blend"
        );
        assert_eq!(
            entry_point_name("CS_Main", Some([8, 8, 1])),
            "EF__CS_Main_8_8_1"
        );
        assert_eq!(
            split_names("V__Tex"),
            ("V__Tex_image".to_owned(), "V__Tex_sampler".to_owned())
        );
    }
}
