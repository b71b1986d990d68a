//! The SPIR-V view's side by side listing marks what the optimiser did: on a stage whose
//! instruction count it changed, the removed and created rows account for exactly the
//! difference, unchanged rows face their twin, and the panel draws the marks.

use std::path::Path;

use app::session::spirv::{LineKind, StageSpirv};
use app::window::panels::spirv::side_by_side;
use optimizer::RowChange;

fn load(relative: &str) -> analysis::ValidatedEffect {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let options = analysis::Options {
        buffer_width: 1280,
        buffer_height: 720,
        include_dirs: vec![repo.join("assets")],
        ..Default::default()
    };
    let mut output = analysis::load_effect(&repo.join(relative), &options);
    let diagnostics = output.render_diagnostics();
    output
        .effect
        .take()
        .unwrap_or_else(|| panic!("{diagnostics}"))
}

#[test]
fn side_by_side_marks_the_instructions_the_optimiser_removed_and_created() {
    let effect = load("assets/gaussian_blur.wfx");
    let stages: Vec<StageSpirv> = engine::spirv::pass_stages(&effect)
        .iter()
        .map(|s| StageSpirv::build(&effect, s).expect("builds"))
        .collect();
    let stage = stages
        .iter()
        .find(|s| s.report.instructions_before != s.report.instructions_after)
        .expect("a stage the optimiser shrinks");
    let rows = &stage.aligned;
    let count = |f: &dyn Fn(&optimizer::AlignedRow) -> bool| rows.iter().filter(|r| f(r)).count();

    // Every line of both listings is on its side, in order.
    assert_eq!(
        count(&|r| r.before.is_some()),
        stage.before_listing.lines().count()
    );
    assert_eq!(
        count(&|r| r.after.is_some()),
        stage.after_listing.lines().count()
    );
    // The marks account for the change in instruction count.
    let removed = count(&|r| matches!(r.change, RowChange::Removed | RowChange::Replaced));
    let created = count(&|r| matches!(r.change, RowChange::Added | RowChange::Replaced));
    assert!(removed > 0, "the optimiser removed something");
    assert_eq!(
        removed as i64 - created as i64,
        stage.report.instructions_before as i64 - stage.report.instructions_after as i64,
        "{} -> {}",
        stage.report.instructions_before,
        stage.report.instructions_after
    );
    // A mark means a side is missing or differs; no mark means the same line on both sides.
    for row in rows {
        match row.change {
            RowChange::Same => assert_eq!(row.before, row.after),
            RowChange::Removed => assert!(row.before.is_some() && row.after.is_none()),
            RowChange::Added => assert!(row.before.is_none() && row.after.is_some()),
            RowChange::Replaced => {
                assert!(row.before.is_some() && row.after.is_some() && row.before != row.after);
            }
        }
    }

    // The panel's rows: a header, then one per aligned row, marked and coloured.
    let lines = side_by_side(rows);
    assert_eq!(lines.len(), rows.len() + 1);
    let marked_left = lines[1..]
        .iter()
        .filter(|l| l.text.starts_with("- "))
        .count();
    assert_eq!(marked_left, removed);
    let marked_right = lines[1..]
        .iter()
        .filter(|l| l.text.contains(" | + "))
        .count();
    assert_eq!(marked_right, created);
    for (line, row) in lines[1..].iter().zip(rows) {
        let expected = match row.change {
            RowChange::Same => LineKind::Context,
            RowChange::Removed => LineKind::Removed,
            RowChange::Added => LineKind::Added,
            RowChange::Replaced => LineKind::Changed,
        };
        assert_eq!(line.kind, expected, "{}", line.text);
    }
}

#[test]
fn an_unchanged_module_aligns_with_no_marks() {
    let effect = load("assets/gaussian_blur.wfx");
    let stage = &engine::spirv::pass_stages(&effect)[0];
    let words = engine::spirv::compile_entry(&effect, stage.entry, engine::spirv::Bindings::Wgsl)
        .expect("compiles");
    let rows = optimizer::aligned_listing(&words, &words).expect("aligns");
    assert_eq!(
        rows.len(),
        optimizer::listing(&words).expect("lists").lines().count()
    );
    assert!(rows.iter().all(|r| r.change == RowChange::Same));
}

#[test]
fn listing_rows_are_syntax_coloured_and_marked_rows_keep_their_mark_colour() {
    use app::window::panels::spirv::{Line, row_job};
    let font = egui::FontId::monospace(12.0);
    let plain = egui::Color32::WHITE;
    let row = |kind, text: &str| Line {
        kind,
        text: text.to_string(),
        target: None,
    };
    let text = "         %12 = OpFAdd %float %10 %11";
    let colours = |job: &egui::text::LayoutJob| {
        let mut colours: Vec<egui::Color32> = job.sections.iter().map(|s| s.format.color).collect();
        colours.dedup();
        colours
    };
    let coloured = row_job(&row(LineKind::Context, text), true, plain, &font);
    assert_eq!(coloured.text, text);
    let at = |job: &egui::text::LayoutJob, needle: &str| {
        let offset = text.find(needle).expect("in the row");
        job.sections
            .iter()
            .find(|s| (s.byte_range.start.0..s.byte_range.end.0).contains(&offset))
            .expect("laid out")
            .format
            .color
    };
    assert_ne!(at(&coloured, "OpFAdd"), at(&coloured, "%12"));
    assert_ne!(at(&coloured, "OpFAdd"), at(&coloured, "%float"));
    assert!(colours(&coloured).len() >= 3, "{:?}", colours(&coloured));
    // A removed instruction is drawn in the removal colour only.
    let removed = row_job(&row(LineKind::Removed, text), true, plain, &font);
    assert_eq!(colours(&removed), [egui::Color32::from_rgb(225, 95, 95)]);
}
