//! Two images of one texture compared texel by texel, on the CPU: the largest and mean absolute
//! difference per channel, how many texels differ by more than the tolerance and the first of
//! them with both values. The rule follows the texture's format: 8-bit (normalised) textures
//! within an absolute step (2/255 by default), float textures within a relative 1e-3 or, near
//! 0, an absolute 1e-5.

/// How far two texels may be apart and still agree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    /// Largest absolute difference per channel of a normalised (8-bit) texture, in 0..=1.
    pub unorm: f32,
    /// Largest difference of a float channel relative to the larger magnitude of the two.
    pub float_relative: f32,
    /// Largest absolute difference of a float channel that always agrees (values near 0).
    pub float_absolute: f32,
}

impl Default for Tolerance {
    fn default() -> Self {
        Self {
            unorm: 2.0 / 255.0,
            float_relative: 1e-3,
            float_absolute: 1e-5,
        }
    }
}

impl Tolerance {
    /// Normalised channels within `steps` 8-bit steps (`steps / 255`), floats as by default.
    pub fn unorm_steps(steps: f32) -> Self {
        Self {
            unorm: steps / 255.0,
            ..Self::default()
        }
    }

    /// Whether channel values `a` and `b` agree. Two NaNs agree, as do equal infinities; a NaN
    /// and a number never do.
    pub fn allows(&self, float: bool, a: f32, b: f32) -> bool {
        if a == b || (a.is_nan() && b.is_nan()) {
            return true;
        }
        let d = (a - b).abs();
        if !d.is_finite() {
            // A NaN against a number, an infinity against anything else.
            return false;
        }
        if float {
            d <= self.float_absolute || d <= self.float_relative * a.abs().max(b.abs())
        } else {
            // Decoded 8-bit values are k/255 in f32: allow for the rounding of that division.
            d <= self.unorm + 1e-6
        }
    }
}

/// One texel where the two sides disagree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TexelDifference {
    pub x: u32,
    pub y: u32,
    pub ours: [f32; 4],
    pub theirs: [f32; 4],
}

/// The difference between two images of the same size and format.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageDiff {
    pub width: u32,
    pub height: u32,
    /// Compared as floats (the relative rule) rather than as 8-bit values.
    pub float: bool,
    /// Largest absolute difference per channel (infinite where only one side is NaN or the
    /// two are infinities of opposite signs).
    pub max_abs: [f32; 4],
    /// Mean absolute difference per channel over the finite differences.
    pub mean_abs: [f64; 4],
    /// Texels with at least one channel over the tolerance.
    pub over: u64,
    /// The first of them, row by row.
    pub first_over: Option<TexelDifference>,
}

impl ImageDiff {
    /// Whether every texel agrees.
    pub fn agrees(&self) -> bool {
        self.over == 0
    }
}

/// Why two images cannot be compared.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiffError {
    #[error("the images differ in size: {ours:?} against {theirs:?}")]
    Size {
        ours: (u32, u32),
        theirs: (u32, u32),
    },
    #[error("{what} has {texels} texels, not {width}x{height}")]
    Texels {
        what: &'static str,
        texels: usize,
        width: u32,
        height: u32,
    },
}

/// Texels of one image, row by row, as RGBA floats (what the inspector's capture decodes).
#[derive(Clone, Copy, Debug)]
pub struct Texels<'a> {
    pub width: u32,
    pub height: u32,
    pub texels: &'a [[f32; 4]],
}

impl<'a> From<&'a crate::inspect::CapturedImage> for Texels<'a> {
    fn from(image: &'a crate::inspect::CapturedImage) -> Self {
        Self {
            width: image.width,
            height: image.height,
            texels: &image.texels,
        }
    }
}

/// Compares `ours` with `theirs` texel by texel; `float` picks the float rule of `tolerance`.
pub fn compare(
    ours: Texels<'_>,
    theirs: Texels<'_>,
    float: bool,
    tolerance: &Tolerance,
) -> Result<ImageDiff, DiffError> {
    if (ours.width, ours.height) != (theirs.width, theirs.height) {
        return Err(DiffError::Size {
            ours: (ours.width, ours.height),
            theirs: (theirs.width, theirs.height),
        });
    }
    let count = ours.width as usize * ours.height as usize;
    for (what, side) in [("ours", ours), ("theirs", theirs)] {
        if side.texels.len() != count {
            return Err(DiffError::Texels {
                what,
                texels: side.texels.len(),
                width: side.width,
                height: side.height,
            });
        }
    }
    let mut max_abs = [0.0f32; 4];
    let mut sum = [0.0f64; 4];
    let mut finite = [0u64; 4];
    let mut over = 0;
    let mut first_over = None;
    for (i, (a, b)) in ours.texels.iter().zip(theirs.texels).enumerate() {
        let mut differs = false;
        for c in 0..4 {
            let d = channel_difference(a[c], b[c]);
            max_abs[c] = max_abs[c].max(d);
            if d.is_finite() {
                sum[c] += f64::from(d);
                finite[c] += 1;
            }
            differs |= !tolerance.allows(float, a[c], b[c]);
        }
        if differs {
            over += 1;
            if first_over.is_none() {
                let width = ours.width as usize;
                first_over = Some(TexelDifference {
                    x: (i % width) as u32,
                    y: (i / width) as u32,
                    ours: *a,
                    theirs: *b,
                });
            }
        }
    }
    let mean_abs = std::array::from_fn(|c| {
        if finite[c] == 0 {
            0.0
        } else {
            sum[c] / finite[c] as f64
        }
    });
    Ok(ImageDiff {
        width: ours.width,
        height: ours.height,
        float,
        max_abs,
        mean_abs,
        over,
        first_over,
    })
}

/// |a - b|, 0 for two NaNs or equal infinities, infinite for a NaN against a number.
fn channel_difference(a: f32, b: f32) -> f32 {
    if a == b || (a.is_nan() && b.is_nan()) {
        0.0
    } else {
        let d = (a - b).abs();
        if d.is_nan() { f32::INFINITY } else { d }
    }
}

/// The absolute difference as an opaque RGBA8 picture, amplified by `gain` (1 shows it as it
/// is), for `--out-diff`: black where the two agree exactly. Sizes must match (see [`compare`]).
pub fn difference_image(ours: Texels<'_>, theirs: Texels<'_>, gain: f32) -> crate::RgbaImage {
    let mut pixels = Vec::with_capacity(ours.texels.len() * 4);
    for (a, b) in ours.texels.iter().zip(theirs.texels) {
        for c in 0..3 {
            let d = channel_difference(a[c], b[c]) * gain;
            pixels.push((d.min(1.0) * 255.0).round() as u8);
        }
        pixels.push(255);
    }
    crate::RgbaImage {
        width: ours.width,
        height: ours.height,
        pixels,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(width: u32, texels: &[[f32; 4]]) -> Texels<'_> {
        Texels {
            width,
            height: texels.len() as u32 / width,
            texels,
        }
    }

    fn unorm(v: [u8; 4]) -> [f32; 4] {
        v.map(|c| f32::from(c) / 255.0)
    }

    #[test]
    fn eight_bit_texels_agree_within_two_steps() {
        let ours = [unorm([10, 20, 30, 255]), unorm([0, 0, 0, 0])];
        let theirs = [unorm([12, 18, 30, 255]), unorm([0, 3, 0, 0])];
        let diff = compare(
            image(2, &ours),
            image(2, &theirs),
            false,
            &Tolerance::default(),
        )
        .expect("same size");
        assert_eq!(diff.over, 1);
        assert_eq!(
            diff.first_over,
            Some(TexelDifference {
                x: 1,
                y: 0,
                ours: ours[1],
                theirs: theirs[1],
            })
        );
        assert_eq!(
            diff.max_abs.map(|d| (d * 255.0).round()),
            [2.0, 3.0, 0.0, 0.0]
        );
        assert!((diff.mean_abs[1] * 255.0 - 2.5).abs() < 1e-4);
        // Three steps pass with a tolerance of three.
        let diff = compare(
            image(2, &ours),
            image(2, &theirs),
            false,
            &Tolerance::unorm_steps(3.0),
        )
        .expect("same size");
        assert!(diff.agrees());
    }

    #[test]
    fn float_texels_agree_relatively_or_near_zero() {
        let t = Tolerance::default();
        assert!(t.allows(true, 1000.0, 1000.9));
        assert!(!t.allows(true, 1000.0, 1001.1));
        assert!(t.allows(true, 0.0, 9e-6));
        assert!(!t.allows(true, 0.0, 2e-5));
        assert!(t.allows(true, f32::NAN, f32::NAN));
        assert!(!t.allows(true, f32::NAN, 0.0));
        assert!(t.allows(true, f32::INFINITY, f32::INFINITY));
        assert!(!t.allows(true, f32::INFINITY, f32::NEG_INFINITY));
        // A float texture never gets the 8-bit rule: 0.5 against 0.5 + 1/255 is over.
        assert!(!t.allows(true, 0.5, 0.5 + 1.0 / 255.0));
        assert!(t.allows(false, 0.5, 0.5 + 2.0 / 255.0));
        assert!(!t.allows(false, 0.5, 0.5 + 3.0 / 255.0));
    }

    #[test]
    fn a_nan_against_a_number_counts_and_stays_out_of_the_mean() {
        let ours = [[f32::NAN, 1.0, 0.0, 1.0], [0.0, 3.0, 0.0, 1.0]];
        let theirs = [[0.0, 1.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]];
        let diff = compare(
            image(1, &ours),
            image(1, &theirs),
            true,
            &Tolerance::default(),
        )
        .expect("same size");
        assert_eq!(diff.over, 2);
        assert_eq!(diff.max_abs[0], f32::INFINITY);
        assert_eq!(diff.mean_abs[0], 0.0);
        assert_eq!(diff.max_abs[1], 2.0);
        assert_eq!(diff.mean_abs[1], 1.0);
        assert_eq!(diff.first_over.map(|t| (t.x, t.y)), Some((0, 0)));
    }

    #[test]
    fn sizes_must_match() {
        let a = [[0.0; 4]; 4];
        assert_eq!(
            compare(image(2, &a), image(4, &a), false, &Tolerance::default()),
            Err(DiffError::Size {
                ours: (2, 2),
                theirs: (4, 1)
            })
        );
        let short = Texels {
            width: 3,
            height: 2,
            texels: &a,
        };
        assert!(matches!(
            compare(short, short, false, &Tolerance::default()),
            Err(DiffError::Texels { texels: 4, .. })
        ));
    }

    #[test]
    fn the_difference_image_is_amplified_and_opaque() {
        let ours = [[0.5, 0.5, 0.5, 0.0]];
        let theirs = [[0.5, 0.6, 0.0, 1.0]];
        let picture = difference_image(image(1, &ours), image(1, &theirs), 4.0);
        assert_eq!(picture.pixels, [0, 102, 255, 255]);
    }
}
