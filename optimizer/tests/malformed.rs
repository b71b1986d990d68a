//! Malformed or unsupported input is rejected with a located error, never a panic.

mod common;

use optimizer::{Error, Options};

fn optimize(words: &[u32]) -> Result<Vec<u32>, Error> {
    optimizer::optimize(words, &Options::default()).map(|(w, _)| w)
}

fn valid_module() -> Vec<u32> {
    optimizer::testgen::compute_shader(7)
}

#[test]
fn empty_input_is_a_truncated_header() {
    assert!(matches!(
        optimize(&[]),
        Err(Error::TruncatedHeader { words: 0 })
    ));
}

#[test]
fn truncated_header_is_reported() {
    let words = &valid_module()[..3];
    assert!(matches!(
        optimize(words),
        Err(Error::TruncatedHeader { words: 3 })
    ));
}

#[test]
fn bad_magic_is_reported() {
    let mut words = valid_module();
    words[0] = 0xdead_beef;
    assert!(matches!(
        optimize(&words),
        Err(Error::BadMagic { found: 0xdead_beef })
    ));
}

#[test]
fn byte_swapped_modules_are_read() {
    let words: Vec<u32> = valid_module().iter().map(|w| w.swap_bytes()).collect();
    assert!(optimize(&words).is_ok());
}

#[test]
fn zero_word_count_is_located() {
    let mut words = valid_module();
    words[5] = 0; // First instruction (OpCapability) with word count 0.
    match optimize(&words) {
        Err(Error::Parse { word: 5, message }) => assert!(message.contains("word count of 0")),
        other => panic!("expected a parse error at word 5, got {other:?}"),
    }
}

#[test]
fn truncated_instruction_is_located() {
    let mut words = valid_module();
    let last = words.len() - 1;
    // OpFunctionEnd claiming three words where one remains.
    words[last] = (3 << 16) | (words[last] & 0xffff);
    match optimize(&words) {
        Err(Error::Parse { word, message }) => {
            assert_eq!(word, last);
            assert!(message.contains("only 1 remain"), "{message}");
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn missing_function_end_is_reported() {
    let words = valid_module();
    match optimize(&words[..words.len() - 1]) {
        Err(Error::Parse { message, .. }) => assert!(message.contains("unclosed"), "{message}"),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn unknown_opcode_is_located() {
    let mut words = valid_module();
    words[5] = (2 << 16) | 0x7ff0;
    match optimize(&words) {
        Err(Error::Parse { word: 5, message }) => assert!(message.contains("unknown opcode")),
        other => panic!("expected a parse error at word 5, got {other:?}"),
    }
}

#[test]
fn odd_byte_lengths_are_rejected() {
    assert!(matches!(
        optimizer::words_from_bytes(&[3, 2, 35, 7, 0]),
        Err(Error::NotWordAligned { len_bytes: 5 })
    ));
}

/// Random corruption of real modules: every outcome is an error or a module that parses again.
#[test]
fn corrupted_modules_never_panic() {
    let mut state = 0x1234_5678_9abc_def0_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut inputs = vec![valid_module()];
    for path in common::corpus_files("rust-gpu")
        .unwrap_or_default()
        .iter()
        .take(4)
    {
        inputs.push(common::read_words(path));
    }
    let (mut rejected, mut accepted) = (0, 0);
    for input in &inputs {
        for _ in 0..150 {
            let mut words = input.clone();
            for _ in 0..1 + next() % 3 {
                let at = 5 + (next() as usize) % (words.len() - 5);
                words[at] = match next() % 3 {
                    0 => next() as u32,
                    1 => words[at] ^ (1 << (next() % 32)),
                    _ => words[at].wrapping_add(1),
                };
            }
            match optimize(&words) {
                Ok(out) => {
                    accepted += 1;
                    optimizer::instruction_count(&out).expect("output of accepted input parses");
                }
                Err(_) => rejected += 1,
            }
        }
    }
    assert!(
        rejected > 0 && accepted > 0,
        "{rejected} rejected, {accepted} accepted"
    );
}
