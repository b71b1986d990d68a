//! Textures whose `source` image ReShade's runtime loads into nothing: a format that takes no
//! image (`runtime::load_textures` fills R8, RG8, RGBA8, R32F, RG32F and RGBA32F textures only)
//! or a 3D texture, which a flat image cannot fill (`runtime::update_texture` wants the image's
//! depth to be the texture's). ReShade logs an error, leaves the texture black and runs the
//! effect; so does fxbench, with a warning at the texture.

use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::model::{Texture, TextureKind};

pub(super) fn check_images(textures: &[Texture], diagnostics: &mut Vec<Diagnostic>) {
    for t in textures {
        let (Some(image), TextureKind::Owned { format, depth, .. }) = (&t.image, &t.kind) else {
            continue;
        };
        let file = image.file_name().map_or_else(
            || image.display().to_string(),
            |f| f.to_string_lossy().into(),
        );
        let why = if format.image_fill().is_none() {
            format!(
                "ReShade's runtime loads images only into R8, RG8, RGBA8, R32F, RG32F and \
                 RGBA32F textures, not {}",
                format.name()
            )
        } else if *depth > 1 {
            format!("a flat image cannot fill a 3D texture {depth} slices deep")
        } else {
            continue;
        };
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
