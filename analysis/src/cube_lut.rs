//! Cube LUT files (`.cube`, Adobe's colour lookup table format) as ReShade's runtime reads them
//! into a texture's `source` (`runtime::load_textures`): header lines first (`TITLE`,
//! `DOMAIN_MIN r g b`, `DOMAIN_MAX r g b`, `LUT_1D_SIZE n` or `LUT_3D_SIZE n`; `#` comments and
//! blank lines anywhere), then one `r g b` line a table entry, red changing fastest. Each value
//! is scaled into the domain (`v * (max - min) + min`) and alpha is 1. Like ReShade, a line the
//! header does not know starts the table, a number that does not parse reads as 0, and entries
//! past the table's size are ignored; a table with fewer lines than its size leaves the rest 0.

/// A table's header: `size` entries a side, `dimensions` sides (1 or 3), and its domain.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeHeader {
    pub size: u32,
    pub dimensions: u8,
    pub domain_min: [f32; 3],
    pub domain_max: [f32; 3],
}

impl CubeHeader {
    /// The extent of the table: `size`×1×1 for a 1D table, `size`³ for a 3D one.
    pub fn extent(&self) -> (u32, u32, u32) {
        match self.dimensions {
            3 => (self.size, self.size, self.size),
            _ => (self.size, 1, 1),
        }
    }

    /// Whether ReShade's runtime takes the table into a texture of this extent
    /// (`runtime::update_texture`): the depths must match, and a 3D texture's width and height
    /// too (a flat table is scaled to a 2D texture).
    pub fn fits(&self, width: u32, height: u32, depth: u32) -> bool {
        let (w, h, d) = self.extent();
        d == depth && (depth == 1 || (w, h) == (width, height))
    }

    /// Entries the table holds.
    fn count(&self) -> usize {
        let (w, h, d) = self.extent();
        w as usize * h as usize * d as usize
    }
}

/// A parsed LUT: its header and its RGBA entries in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeLut {
    pub header: CubeHeader,
    pub entries: Vec<[f32; 4]>,
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
    let mut lines = text.lines();
    let (header, first) = parse_header(&mut lines)?;
    let count = header.count();
    let mut entries = Vec::with_capacity(count);
    for line in first.into_iter().chain(lines) {
        if entries.len() == count {
            break;
        }
        let line = line.trim_end_matches('\r');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let v = three(line);
        let (min, max) = (header.domain_min, header.domain_max);
        let scaled: [f32; 3] = std::array::from_fn(|i| v[i] * (max[i] - min[i]) + min[i]);
        entries.push([scaled[0], scaled[1], scaled[2], 1.0]);
    }
    entries.resize(count, [0.0; 4]);
    Ok(CubeLut { header, entries })
}

/// Reads the header of the `.cube` file at `path` alone (its first 64 KiB at most), for a check
/// that needs the table's size and not its entries; `None` when the file cannot be read.
pub fn read_cube_header(path: &std::path::Path) -> Option<Result<CubeHeader, CubeError>> {
    use std::io::{BufRead, Read};
    let file = std::fs::File::open(path).ok()?;
    let mut lines = std::io::BufReader::new(file.take(64 << 10))
        .split(b'\n')
        .map_while(Result::ok)
        .map(|l| String::from_utf8_lossy(&l).into_owned());
    Some(parse_header(&mut lines).map(|(header, _)| header))
}

/// The header lines at the start of `lines`, and the first line of the table after them.
fn parse_header<S: AsRef<str>>(
    lines: &mut impl Iterator<Item = S>,
) -> Result<(CubeHeader, Option<S>), CubeError> {
    let mut domain_min = [0.0f32; 3];
    let mut domain_max = [1.0f32; 3];
    let mut size = None;
    let mut first = None;
    for raw in lines.by_ref() {
        let line = raw.as_ref().trim_end_matches('\r');
        if line.is_empty() || line.starts_with('#') || line.starts_with("TITLE") {
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
            // A second size line ends the header, as in ReShade (and is no entry).
            if size.is_some() {
                break;
            }
            let n = leading_int(rest);
            if !(1..=MAX_SIZE).contains(&n) {
                return Err(CubeError::Size(n));
            }
            size = Some((n as u32, dimensions));
        } else {
            first = Some(raw);
            break;
        }
    }
    let (size, dimensions) = size.ok_or(CubeError::NoSize)?;
    let header = CubeHeader {
        size,
        dimensions,
        domain_min,
        domain_max,
    };
    Ok((header, first))
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
        let h = &lut.header;
        assert_eq!((h.size, h.dimensions, h.extent()), (2, 3, (2, 2, 2)));
        assert!(h.fits(2, 2, 2) && !h.fits(4, 4, 2) && !h.fits(2, 2, 1));
        assert_eq!(lut.entries.len(), 8);
        assert_eq!(lut.entries[1], [2.0, 0.0, 0.0, 1.0]);
        assert_eq!(lut.entries[7], [1.0, 0.5, 2.0, 1.0]);
    }

    #[test]
    fn a_1d_table_is_one_row_and_a_short_table_is_padded_with_zeros() {
        let lut = parse_cube("LUT_1D_SIZE 4\n0.1 0.2 0.3\n").unwrap();
        assert_eq!(lut.header.extent(), (4, 1, 1));
        // A flat table is scaled to any 2D texture.
        assert!(lut.header.fits(64, 2, 1) && !lut.header.fits(4, 1, 4));
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
