//! Whether and how ReShade's runtime fills a texture from its `source` image
//! (`runtime::load_textures`, `update_texture`): [`texture_image_fill`], the one rule the
//! builder's warning and the engine's upload both follow. It loads nothing into a format that
//! takes no image (it fills R8, RG8, RGBA8, R32F, RG32F and RGBA32F textures only), a Cube LUT
//! (`.cube`) into a texture without floats or of another extent than its table, or a flat
//! image into a 3D texture. ReShade logs an error, leaves the texture black and runs the
//! effect; so does fxbench, with a warning at the texture.

use crate::cube_lut::{is_cube_lut, read_cube_header};
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::{ImageFill, Texture, TextureKind};

pub(super) fn check_images(textures: &[Texture], diagnostics: &mut Vec<Diagnostic>) {
    for t in textures {
        let (Some(image), Err(why)) = (&t.image, texture_image_fill(t)) else {
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

/// How ReShade's runtime fills texture `t` from its `source` image: `Ok(None)` when it names
/// none (or is the runtime's own), `Err` with the reason when the runtime loads it into nothing.
/// A Cube LUT's header is read for its size; a file that cannot be read is the loader's error.
pub fn texture_image_fill(t: &Texture) -> Result<Option<ImageFill>, String> {
    let (
        Some(image),
        &TextureKind::Owned {
            width,
            height,
            depth,
            format,
            ..
        },
    ) = (&t.image, &t.kind)
    else {
        return Ok(None);
    };
    let Some(fill) = format.image_fill() else {
        return Err(format!(
            "ReShade's runtime loads images only into R8, RG8, RGBA8, R32F, RG32F and RGBA32F \
             textures, not {}",
            format.name()
        ));
    };
    if !is_cube_lut(image) {
        return match depth {
            1 => Ok(Some(fill)),
            _ => Err(format!(
                "a flat image cannot fill a 3D texture {depth} slices deep"
            )),
        };
    }
    if !fill.float {
        return Err(format!(
            "a Cube LUT fills only R32F, RG32F and RGBA32F textures, not {}",
            format.name()
        ));
    }
    match read_cube_header(image) {
        Some(Ok(header)) if !header.fits(width, height, depth) => {
            let (w, h, d) = header.extent();
            Err(format!(
                "its {}D table is {w}x{h}x{d} entries, which a {width}x{height}x{depth} texture \
                 cannot take",
                header.dimensions
            ))
        }
        Some(Err(e)) => Err(format!("the Cube LUT has {e}")),
        _ => Ok(Some(fill)),
    }
}
