//! Textures whose `source` image ReShade's runtime loads into nothing (`runtime::load_textures`,
//! `update_texture`): a format that takes no image (it fills R8, RG8, RGBA8, R32F, RG32F and
//! RGBA32F textures only); a Cube LUT (`.cube`) in a texture without floats, or one whose table
//! has another depth than the texture (or another size, for a 3D texture); a flat image in a 3D
//! texture. ReShade logs an error, leaves the texture black and runs the effect; so does
//! fxbench, with a warning at the texture.

use std::path::Path;

use crate::cube_lut::{is_cube_lut, parse_cube};
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::{Texture, TextureKind};

pub(super) fn check_images(textures: &[Texture], diagnostics: &mut Vec<Diagnostic>) {
    for t in textures {
        let (Some(image), TextureKind::Owned { .. }) = (&t.image, &t.kind) else {
            continue;
        };
        let Some(why) = why_not_loaded(image, &t.kind) else {
            continue;
        };
        let file = image.file_name().map_or_else(
            || image.display().to_string(),
            |f| f.to_string_lossy().into(),
        );
        diagnostics.push(Diagnostic::warning(
            DiagnosticCode::ImageNotLoaded,
            t.span,
            format!(
                "'{}' : image '{file}' is not loaded: {why}, so the texture stays black",
                t.display_name()
            ),
        ));
    }
}

/// Why ReShade's runtime loads `image` into no texture of `kind`; `None` when it does.
fn why_not_loaded(image: &Path, kind: &TextureKind) -> Option<String> {
    let TextureKind::Owned {
        width,
        height,
        depth,
        format,
        ..
    } = *kind
    else {
        return None;
    };
    let Some(fill) = format.image_fill() else {
        return Some(format!(
            "ReShade's runtime loads images only into R8, RG8, RGBA8, R32F, RG32F and RGBA32F \
             textures, not {}",
            format.name()
        ));
    };
    if !is_cube_lut(image) {
        return (depth > 1)
            .then(|| format!("a flat image cannot fill a 3D texture {depth} slices deep"));
    }
    if !fill.float {
        return Some(format!(
            "a Cube LUT fills only R32F, RG32F and RGBA32F textures, not {}",
            format.name()
        ));
    }
    // An unreadable file is the engine's error when it loads the texture.
    let text = std::fs::read(image).ok()?;
    let lut = match parse_cube(&String::from_utf8_lossy(&text)) {
        Ok(lut) => lut,
        Err(e) => return Some(format!("the Cube LUT has {e}")),
    };
    let (w, h, d) = lut.extent();
    let fits = d == depth && (depth == 1 || (w, h) == (width, height));
    (!fits).then(|| {
        format!(
            "its {}D table is {w}x{h}x{d} entries, which a {width}x{height}x{depth} texture \
             cannot take",
            lut.dimensions
        )
    })
}
