//! Cube LUT files (`.cube`, Adobe's colour lookup table format) as ReShade's runtime reads them
//! into a texture's `source` (`runtime::load_textures`): header lines first (`TITLE`,
//! `DOMAIN_MIN r g b`, `DOMAIN_MAX r g b`, `LUT_1D_SIZE n` or `LUT_3D_SIZE n`; `#` comments and
//! blank lines anywhere), then one `r g b` line a table entry, red changing fastest. Each value
//! is scaled into the domain (`v * (max - min) + min`) and alpha is 1. Like ReShade, a line the
//! header does not know starts the table, a number that does not parse reads as 0, and entries
//! past the table's size are ignored; a table with fewer lines than its size leaves the rest 0.

/// A parsed LUT: `size` entries a side, `dimensions` sides (1 or 3), RGBA entries in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeLut {
    pub size: u32,
    pub dimensions: u8,
    pub entries: Vec<[f32; 4]>,
}

impl CubeLut {
    /// The texture extent the LUT fills: `size`×1×1 for a 1D table, `size`³ for a 3D one.
    pub fn extent(&self) -> (u32, u32, u32) {
        match self.dimensions {
            3 => (self.size, self.size, self.size),
            _ => (self.size, 1, 1),
        }
    }
}

/// Whether ReShade reads `image` as a Cube LUT: its extension is `.cube`, as written.
pub fn is_cube_lut(image: &std::path::Path) -> bool {
    image.extension().is_some_and(|e| e == "cube")
}

/// Why a `.cube` file gives no table.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CubeError {
    #[error("no LUT_1D_SIZE or LUT_3D_SIZE line before the table")]
    NoSize,
    #[error("a LUT size of {0}, outside 1..=256")]
    Size(i64),
}

/// The largest side fxbench reads (ReShade allocates whatever the file says; 256³ RGBA floats
/// are 256 MiB).
const MAX_SIZE: i64 = 256;

/// Reads a `.cube` file's text.
pub fn parse_cube(text: &str) -> Result<CubeLut, CubeError> {
    let mut domain_min = [0.0f32; 3];
    let mut domain_max = [1.0f32; 3];
    let mut size = None;
    let mut lines = text.lines().peekable();
    while let Some(&line) = lines.peek() {
        let line = line.trim_end_matches('\r');
        if line.is_empty() || line.starts_with('#') || line.starts_with("TITLE") {
            lines.next();
            continue;
        }
        if let Some(rest) = line.strip_prefix("DOMAIN_MIN") {
            domain_min = three(rest);
        } else if let Some(rest) = line.strip_prefix("DOMAIN_MAX") {
            domain_max = three(rest);
        } else if let Some((rest, dimensions)) = line
            .strip_prefix("LUT_1D_SIZE")
            .map(|r| (r, 1))
            .or_else(|| line.strip_prefix("LUT_3D_SIZE").map(|r| (r, 3)))
        {
            // A second size line ends the header, as in ReShade.
            if size.is_some() {
                break;
            }
            let n = leading_int(rest);
            if !(1..=MAX_SIZE).contains(&n) {
                return Err(CubeError::Size(n));
            }
            size = Some((n as u32, dimensions));
        } else {
            break;
        }
        lines.next();
    }
    let (size, dimensions) = size.ok_or(CubeError::NoSize)?;
    let count = match dimensions {
        3 => (size as usize).pow(3),
        _ => size as usize,
    };
    let mut entries = Vec::with_capacity(count);
    for line in lines {
        if entries.len() == count {
            break;
        }
        let line = line.trim_end_matches('\r');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let v = three(line);
        let scaled: [f32; 3] =
            std::array::from_fn(|i| v[i] * (domain_max[i] - domain_min[i]) + domain_min[i]);
        entries.push([scaled[0], scaled[1], scaled[2], 1.0]);
    }
    entries.resize(count, [0.0; 4]);
    Ok(CubeLut {
        size,
        dimensions,
        entries,
    })
}

/// Three numbers read as C's `strtod` reads them one after the other: a number that does not
/// parse is 0 and reading goes on from where it stopped.
fn three(text: &str) -> [f32; 3] {
    let mut words = text.split_whitespace();
    std::array::from_fn(|_| {
        words
            .next()
            .map_or(0.0, |w| w.parse::<f64>().unwrap_or(0.0) as f32)
    })
}

/// The integer `strtol` reads at the start of `text` (after blanks); 0 when there is none.
fn leading_int(text: &str) -> i64 {
    let t = text.trim_start();
    let end = t
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+'))))
        .map_or(t.len(), |(i, _)| i);
    t[..end].parse().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_3d_table_reads_in_file_order_scaled_into_its_domain() {
        let text = "# comment\nTITLE \"x\"\nLUT_3D_SIZE 2\nDOMAIN_MIN 0 0 0\nDOMAIN_MAX 2 2 2\r\n\
                    0 0 0\n1 0 0\n0 1 0\n1 1 0\n\n0 0 1\n1 0 1\n0 1 1\n0.5 0.25 1\n9 9 9\n";
        let lut = parse_cube(text).unwrap();
        assert_eq!((lut.size, lut.dimensions, lut.extent()), (2, 3, (2, 2, 2)));
        assert_eq!(lut.entries.len(), 8);
        assert_eq!(lut.entries[1], [2.0, 0.0, 0.0, 1.0]);
        assert_eq!(lut.entries[7], [1.0, 0.5, 2.0, 1.0]);
    }

    #[test]
    fn a_1d_table_is_one_row_and_a_short_table_is_padded_with_zeros() {
        let lut = parse_cube("LUT_1D_SIZE 4\n0.1 0.2 0.3\n").unwrap();
        assert_eq!(lut.extent(), (4, 1, 1));
        assert_eq!(lut.entries[0], [0.1, 0.2, 0.3, 1.0]);
        assert_eq!(lut.entries[3], [0.0; 4]);
    }

    #[test]
    fn a_table_without_a_size_or_with_an_absurd_one_is_an_error() {
        assert_eq!(parse_cube("0 0 0\n"), Err(CubeError::NoSize));
        assert_eq!(parse_cube("LUT_3D_SIZE 0\n"), Err(CubeError::Size(0)));
        assert_eq!(parse_cube("LUT_3D_SIZE 4096\n"), Err(CubeError::Size(4096)));
    }
}
