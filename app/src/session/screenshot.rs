//! Screenshots as ReShade 6.1 takes them: the frame after the effects, optionally the frame
//! before them (ReShade's "SaveBeforeShot", saved with the postfix ` original`), named
//! `<name> <date> <time>.png` (ReShade's default `%AppName% %Date% %Time%`, with the preset's or
//! effect's name standing in for the game's), written atomically into a chosen folder. Taking one
//! is a frame of its own: the chain runs it with [`engine::FrameInput::screenshot`] set, so
//! `screenshot` uniforms are true and techniques annotated `enabled_in_screenshot = false` are
//! left out, as in ReShade. A wide back buffer's shots keep its format as ReShade's do: the
//! stored values as OpenEXR (`.exr`), never the preview's display transform.

use std::path::{Path, PathBuf};

use engine::{FloatImage, RgbaImage};

/// One image of a screenshot, as the back buffer held it.
pub enum ShotImage {
    /// An RGBA8 back buffer's bytes, saved as PNG.
    Rgba8(RgbaImage),
    /// A wide back buffer's stored values, saved as OpenEXR.
    Stored(FloatImage),
}

impl ShotImage {
    /// The file extension it is saved with.
    pub fn extension(&self) -> &'static str {
        match self {
            Self::Rgba8(_) => "png",
            Self::Stored(_) => "exr",
        }
    }

    fn encode(&self) -> Result<Vec<u8>, image::ImageError> {
        match self {
            Self::Rgba8(image) => encode_png(image),
            Self::Stored(image) => engine::input::encode_exr(image),
        }
    }
}

/// The images of one screenshot frame.
pub struct Shot {
    /// The chain's output.
    pub after: ShotImage,
    /// The input the effects ran over, when the before image was asked for.
    pub before: Option<ShotImage>,
}

/// Why a screenshot was not saved, with the file it was writing.
#[derive(Debug, thiserror::Error)]
pub enum ScreenshotError {
    #[error("cannot create the screenshot folder {}: {source}", .path.display())]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot encode {}: {source}", .path.display())]
    Encode {
        path: PathBuf,
        source: image::ImageError,
    },
    #[error("cannot write {}: {source}", .path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// `image` as PNG bytes.
pub fn encode_png(image: &RgbaImage) -> Result<Vec<u8>, image::ImageError> {
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &image.pixels,
        image.width,
        image.height,
        image::ExtendedColorType::Rgba8,
    )?;
    Ok(png)
}

/// The file stem of a screenshot taken at `when`: `<name> YYYY-MM-DD HH-MM-SS` (ReShade's
/// `%Date%` and `%Time%`, with dashes where a file name cannot hold colons).
pub fn stem(name: &str, when: chrono::NaiveDateTime) -> String {
    format!("{name} {}", when.format("%Y-%m-%d %H-%M-%S"))
}

/// Where screenshots go until the user picks a folder: `fxbench` in the user's pictures folder
/// (`XDG_PICTURES_DIR`, else `Pictures` in the home folder: `HOME`, or `USERPROFILE` on
/// Windows), made on the first save. `None` without a home folder. ReShade saves beside the game
/// by default; a workbench has no game folder, and the pictures folder is where a user looks.
pub fn default_folder() -> Option<PathBuf> {
    default_folder_from(|name| std::env::var_os(name))
}

/// [`default_folder`] reading the environment through `var`.
pub fn default_folder_from(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
    let pictures = var("XDG_PICTURES_DIR")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            var("HOME")
                .or_else(|| var("USERPROFILE"))
                .filter(|p| !p.is_empty())
                .map(|home| PathBuf::from(home).join("Pictures"))
        })?;
    Some(pictures.join("fxbench"))
}

/// Saves `shot` into `folder` (created if missing) as `<stem>.png` (`.exr` for a wide back
/// buffer) and, with a before image, `<stem> original.png`. A stem already taken in that folder (two shots in one second) gets
/// ` 2`, ` 3`, ... so nothing is overwritten. Returns the files written, the result first.
pub fn save(folder: &Path, stem: &str, shot: &Shot) -> Result<Vec<PathBuf>, ScreenshotError> {
    std::fs::create_dir_all(folder).map_err(|source| ScreenshotError::Folder {
        path: folder.to_path_buf(),
        source,
    })?;
    let taken = |stem: &str| {
        ["png", "exr"].iter().any(|ext| {
            folder.join(format!("{stem}.{ext}")).exists()
                || folder.join(format!("{stem} original.{ext}")).exists()
        })
    };
    let mut unique = stem.to_string();
    let mut n = 2;
    while taken(&unique) {
        unique = format!("{stem} {n}");
        n += 1;
    }
    let after = folder.join(format!("{unique}.{}", shot.after.extension()));
    let mut files = vec![(after, &shot.after)];
    if let Some(before) = &shot.before {
        let path = folder.join(format!("{unique} original.{}", before.extension()));
        files.push((path, before));
    }
    let mut written = Vec::new();
    for (path, image) in files {
        let png = image.encode().map_err(|source| ScreenshotError::Encode {
            path: path.clone(),
            source,
        })?;
        super::files::write_atomic(&path, &png).map_err(|source| ScreenshotError::Write {
            path: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_folder_is_in_the_pictures_folder() {
        use std::ffi::OsString;
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        let folder = |pairs| super::default_folder_from(env(pairs));
        assert_eq!(
            folder(&[("XDG_PICTURES_DIR", "/p"), ("HOME", "/h")]),
            Some(PathBuf::from("/p/fxbench"))
        );
        assert_eq!(
            folder(&[("XDG_PICTURES_DIR", ""), ("HOME", "/h")]),
            Some(PathBuf::from("/h/Pictures/fxbench"))
        );
        assert_eq!(
            folder(&[("USERPROFILE", "C:/Users/u")]),
            Some(PathBuf::from("C:/Users/u/Pictures/fxbench"))
        );
        assert_eq!(folder(&[]), None);
    }

    use super::*;

    fn image(value: u8) -> ShotImage {
        ShotImage::Rgba8(RgbaImage {
            width: 2,
            height: 1,
            pixels: vec![value; 8],
        })
    }

    #[test]
    fn a_wide_back_buffers_shot_keeps_its_stored_values_as_exr() {
        let dir = tempfile::tempdir().expect("temp dir");
        let stored = FloatImage {
            width: 2,
            height: 1,
            pixels: vec![[2.5, -0.25, 12.0, 1.0], [0.5, 0.75, 0.0, 0.0]],
        };
        let shot = Shot {
            after: ShotImage::Stored(stored.clone()),
            before: Some(ShotImage::Stored(stored.clone())),
        };
        let written = save(dir.path(), "hdr", &shot).unwrap();
        assert_eq!(
            written,
            [
                dir.path().join("hdr.exr"),
                dir.path().join("hdr original.exr")
            ]
        );
        let read = image::open(&written[0]).unwrap().to_rgba32f().into_raw();
        assert_eq!(read, stored.pixels.concat());
        // A second shot in the same second gets the next stem, whatever the extension.
        let again = save(
            dir.path(),
            "hdr",
            &Shot {
                after: image(3),
                before: None,
            },
        )
        .unwrap();
        assert_eq!(again, [dir.path().join("hdr 2.png")]);
    }

    #[test]
    fn names_follow_reshades_default_and_never_overwrite() {
        let when = chrono::NaiveDate::from_ymd_opt(2026, 12, 1)
            .unwrap()
            .and_hms_opt(9, 5, 7)
            .unwrap();
        assert_eq!(stem("demo", when), "demo 2026-12-01 09-05-07");
        let dir = tempfile::tempdir().expect("temp dir");
        let folder = dir.path().join("shots");
        let shot = Shot {
            after: image(200),
            before: Some(image(10)),
        };
        let first = save(&folder, "demo 2026-12-01 09-05-07", &shot).unwrap();
        let names: Vec<_> = first
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            [
                "demo 2026-12-01 09-05-07.png",
                "demo 2026-12-01 09-05-07 original.png"
            ]
        );
        let second = save(
            &folder,
            "demo 2026-12-01 09-05-07",
            &Shot {
                after: image(90),
                before: None,
            },
        )
        .unwrap();
        assert_eq!(second, [folder.join("demo 2026-12-01 09-05-07 2.png")]);
        // Each file holds its own image.
        let read = |p: &Path| image::open(p).unwrap().to_rgba8().into_raw();
        assert_eq!(read(&first[0]), vec![200; 8]);
        assert_eq!(read(&first[1]), vec![10; 8]);
        assert_eq!(read(&second[0]), vec![90; 8]);
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_a_located_error() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("not a folder");
        std::fs::write(&file, "x").unwrap();
        let error = save(
            &file.join("shots"),
            "x",
            &Shot {
                after: image(1),
                before: None,
            },
        )
        .unwrap_err();
        assert!(matches!(error, ScreenshotError::Folder { .. }), "{error}");
        assert!(error.to_string().contains("not a folder"), "{error}");
    }
}
