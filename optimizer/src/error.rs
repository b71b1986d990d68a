//! Errors of the optimiser, each carrying the location in the input where one applies.

use thiserror::Error;

/// Everything that can go wrong while reading, optimising or writing a module.
///
/// Locations are word indices into the input (word 0 is the magic number), which is how
/// `spirv-dis --offsets` and hex dumps of `.spv` files count.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The byte length is not a multiple of four, so the input cannot be a word stream.
    #[error("input is {len_bytes} bytes long, which is not a whole number of 32-bit words")]
    NotWordAligned {
        /// Length of the input in bytes.
        len_bytes: usize,
    },
    /// Fewer than the five header words.
    #[error("input has {words} words, but a SPIR-V module starts with a 5-word header")]
    TruncatedHeader {
        /// Number of words in the input.
        words: usize,
    },
    /// The first word is not the SPIR-V magic number in either byte order.
    #[error("word 0 is {found:#010x}, not the SPIR-V magic number 0x07230203")]
    BadMagic {
        /// The word found instead.
        found: u32,
    },
    /// The instruction stream could not be read, or uses something the parser does not know
    /// (for example a capability or opcode newer than rspirv's grammar).
    #[error("cannot read the module at word {word}: {message}")]
    Parse {
        /// Word index of the offending instruction (or of the end of the input).
        word: usize,
        /// What went wrong, in words.
        message: String,
    },
    /// The module parsed, but has a shape the passes refuse to touch.
    #[error("unsupported module at word {word}: {message}")]
    Unsupported {
        /// Word index of the offending instruction, where known (0 otherwise).
        word: usize,
        /// Why the module is not supported.
        message: String,
    },
    /// A pass name given on the command line or in [`crate::Options`] is not known.
    #[error("unknown pass `{name}` (known passes: cse, vectorise, prune)")]
    UnknownPass {
        /// The name as given.
        name: String,
    },
    /// An external tool (`spirv-val`) could not be run.
    #[error("cannot run `{tool}`: {source}")]
    Tool {
        /// The program name.
        tool: &'static str,
        /// The operating system's error.
        source: std::io::Error,
    },
}
