//! Reading SPIR-V words into rspirv's data representation and writing them back, with errors
//! that point at the offending word instead of panicking on malformed input.

use crate::error::Error;
use rspirv::binary::{Assemble, Consumer, ParseAction, ParseState};
use rspirv::dr::{self, Loader};
use rspirv::spirv;

/// Number of words in a SPIR-V module header.
const HEADER_WORDS: usize = 5;

/// Converts little-endian bytes (the on-disk `.spv` layout) into words.
///
/// # Errors
/// [`Error::NotWordAligned`] when the length is not a multiple of four.
pub fn words_from_bytes(bytes: &[u8]) -> Result<Vec<u32>, Error> {
    if !bytes.len().is_multiple_of(4) {
        return Err(Error::NotWordAligned {
            len_bytes: bytes.len(),
        });
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// Converts words into little-endian bytes for writing a `.spv` file.
pub fn bytes_from_words(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Parses a module, checking the header and the instruction framing before handing the words to
/// rspirv so that every failure carries a word index.
pub(crate) fn parse(words: &[u32]) -> Result<dr::Module, Error> {
    if words.len() < HEADER_WORDS {
        return Err(Error::TruncatedHeader { words: words.len() });
    }
    // A module written on a big-endian machine reads back byte-swapped; accept it by swapping
    // every word, as spirv-tools does.
    let swapped;
    let words = if words[0] == spirv::MAGIC_NUMBER {
        words
    } else if words[0] == spirv::MAGIC_NUMBER.swap_bytes() {
        swapped = words.iter().map(|w| w.swap_bytes()).collect::<Vec<_>>();
        &swapped[..]
    } else {
        return Err(Error::BadMagic { found: words[0] });
    };

    let starts = instruction_starts(words)?;
    let mut consumer = CountingLoader {
        loader: Loader::new(),
        consumed: 0,
    };
    if let Err(state) = rspirv::binary::parse_words(words, &mut consumer) {
        return Err(parse_error(&state, &starts, consumer.consumed, words.len()));
    }
    let mut module = consumer.loader.module();
    // rspirv's header parser replaces the generator word with its own; keep the producer's so
    // that tools reading our output still know where the code came from.
    if let Some(header) = module.header.as_mut() {
        header.generator = words[2];
        header.reserved_word = 0;
    }
    Ok(module)
}

/// Assembles a module into words.
pub(crate) fn assemble(module: &dr::Module) -> Vec<u32> {
    module.assemble()
}

/// Word index at which each instruction starts, checking that every instruction has a non-zero
/// word count that fits in the input (rspirv reports these with byte offsets or not at all).
fn instruction_starts(words: &[u32]) -> Result<Vec<usize>, Error> {
    let mut starts = Vec::new();
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 {
            return Err(Error::Parse {
                word: at,
                message: format!(
                    "instruction #{} (opcode {}) has a word count of 0",
                    starts.len() + 1,
                    words[at] & 0xffff
                ),
            });
        }
        if at + count > words.len() {
            return Err(Error::Parse {
                word: at,
                message: format!(
                    "instruction #{} claims {count} words but only {} remain",
                    starts.len() + 1,
                    words.len() - at
                ),
            });
        }
        starts.push(at);
        at += count;
    }
    Ok(starts)
}

/// Maps rspirv's parser state to our error, translating byte offsets and instruction numbers to
/// word indices.
fn parse_error(state: &ParseState, starts: &[usize], consumed: usize, len: usize) -> Error {
    let word_of_inst = |number: usize| {
        // rspirv numbers instructions from 1.
        starts.get(number.saturating_sub(1)).copied().unwrap_or(len)
    };
    let word = match *state {
        ParseState::WordCountZero(_, n)
        | ParseState::OpcodeUnknown(_, n, _)
        | ParseState::OperandExpected(_, n)
        | ParseState::OperandExceeded(_, n)
        | ParseState::TypeUnsupported(_, n)
        | ParseState::SpecConstantOpIntegerIncorrect(_, n) => word_of_inst(n),
        // The loader rejects the instruction it was just given; operand decoding errors happen in
        // the instruction after the last one consumed.
        ParseState::ConsumerError(_) => word_of_inst(consumed),
        ParseState::OperandError(_) => word_of_inst(consumed + 1),
        ParseState::HeaderIncomplete(_)
        | ParseState::HeaderIncorrect
        | ParseState::EndiannessUnsupported => 0,
        ParseState::Complete | ParseState::ConsumerStopRequested => len,
    };
    let message = match *state {
        ParseState::OpcodeUnknown(_, _, opcode) => format!(
            "unknown opcode {opcode} (newer than the SPIR-V grammar this tool knows, or not SPIR-V)"
        ),
        ParseState::OperandError(ref e) => format!(
            "cannot decode an operand ({e}); the module may use an enumerant (capability, \
             decoration, ...) newer than this tool's SPIR-V grammar"
        ),
        ParseState::ConsumerError(ref e) => format!("unsupported module structure: {e}"),
        ref other => other.to_string(),
    };
    Error::Parse { word, message }
}

/// rspirv's loader, counting instructions so that its errors can be located.
struct CountingLoader {
    loader: Loader,
    consumed: usize,
}

impl Consumer for CountingLoader {
    fn initialize(&mut self) -> ParseAction {
        self.loader.initialize()
    }

    fn finalize(&mut self) -> ParseAction {
        self.loader.finalize()
    }

    fn consume_header(&mut self, header: dr::ModuleHeader) -> ParseAction {
        self.loader.consume_header(header)
    }

    fn consume_instruction(&mut self, inst: dr::Instruction) -> ParseAction {
        self.consumed += 1;
        self.loader.consume_instruction(inst)
    }
}

/// Number of instructions in a module, the unit of every figure in reports.
pub fn instruction_count(module: &dr::Module) -> usize {
    module.all_inst_iter().count()
}
