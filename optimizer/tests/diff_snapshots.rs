//! Snapshots of the diff listing for a few corpus modules and a generated shader; regenerate
//! with `INSTA_UPDATE=always` (or `cargo insta review`) after an intended change.

mod common;

use common::{corpus_dir, read_words};
use optimizer::{DiffOptions, Options, diff_listing, optimize};

fn diff_of(words: &[u32]) -> String {
    let (out, _) = optimize(words, &Options::default()).expect("optimises");
    diff_listing(words, &out, &DiffOptions::default()).expect("both parse")
}

/// The diff of a corpus module; `None` (after one printed line) when the corpus is absent.
fn corpus_diff(relative: &str) -> Option<String> {
    Some(diff_of(&read_words(&corpus_dir()?.join(relative))))
}

#[test]
fn diff_rust_gpu_velocity_reduce_x() {
    let Some(diff) = corpus_diff("rust-gpu/kajiya_motion_blurvelocity_reduce_x.spv") else {
        return;
    };
    insta::assert_snapshot!(diff);
}

#[test]
fn diff_rust_gpu_blur() {
    let Some(diff) = corpus_diff("rust-gpu/kajiya_blurblur_cs.spv") else {
        return;
    };
    insta::assert_snapshot!(diff);
}

#[test]
fn diff_glslang_textoverlay_frag() {
    let Some(diff) = corpus_diff("glslang/base__textoverlay.frag.spv") else {
        return;
    };
    insta::assert_snapshot!(diff);
}

#[test]
fn diff_generated_shader() {
    insta::assert_snapshot!(diff_of(&optimizer::testgen::compute_shader_sized(11, 6)));
}

#[test]
fn diff_of_a_module_with_itself_is_empty() {
    let words = optimizer::testgen::compute_shader(2);
    assert_eq!(
        diff_listing(&words, &words, &DiffOptions::default()).unwrap(),
        ""
    );
}

/// Renumbering: the same module with every id shifted lists identically.
#[test]
fn listing_does_not_depend_on_id_values() {
    let words = optimizer::testgen::compute_shader(4);
    let mut module = rspirv::dr::load_words(&words).unwrap();
    for inst in module.all_inst_iter_mut() {
        if let Some(id) = inst.result_id.as_mut() {
            *id += 1000;
        }
        if let Some(id) = inst.result_type.as_mut() {
            *id += 1000;
        }
        for operand in &mut inst.operands {
            if let Some(id) = operand.id_ref_any_mut() {
                *id += 1000;
            }
        }
    }
    if let Some(header) = module.header.as_mut() {
        header.bound += 1000;
    }
    let shifted = rspirv::binary::Assemble::assemble(&module);
    assert_eq!(
        optimizer::listing(&words).unwrap(),
        optimizer::listing(&shifted).unwrap()
    );
}
