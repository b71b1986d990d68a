//! Data-driven front-end tests: each effect in tests/constructs/ → a summary of its validated
//! model (every uniform, texture, sampler, storage, technique and pass with all its states) and
//! its diagnostics, compared with an insta snapshot. Regenerate with `INSTA_UPDATE=always` or
//! `cargo insta review` after an intended change.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::fmt::Write as _;
use std::path::Path;

fn summary(path: &Path) -> String {
    let options = analysis::Options {
        include_dirs: vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets")],
        ..analysis::Options::default()
    };
    let out = analysis::load_effect(path, &options);
    let mut text = String::new();
    for d in &out.diagnostics {
        let rendered = d.render_short(&out.sources);
        // Paths differ between machines; keep the file name.
        let name = path.file_name().unwrap().to_string_lossy();
        let _ = writeln!(
            text,
            "diagnostic: {}",
            rendered.replace(&path.display().to_string(), &name)
        );
    }
    let Some(fx) = out.effect else {
        return text;
    };
    let _ = writeln!(text, "uniform buffer: {} bytes", fx.uniform_buffer_size());
    for u in fx.uniforms() {
        let _ = writeln!(
            text,
            "uniform {}: {} @{} = {:?}",
            u.name,
            u.ty.wgsl(),
            u.offset,
            u.init
        );
        for (k, v) in &u.annotations.0 {
            let _ = writeln!(text, "    {k} = {v:?}");
        }
    }
    for t in fx.textures() {
        let _ = writeln!(
            text,
            "texture {}: {:?} srgb_read={}",
            t.name, t.kind, t.srgb_read
        );
    }
    for s in fx.samplers() {
        let _ = writeln!(
            text,
            "sampler {} -> {}: address {:?}, filters {:?}/{:?}/{:?}, srgb {}, lod {:?}",
            s.name,
            fx.texture(s.texture).name,
            s.address,
            s.min_filter,
            s.mag_filter,
            s.mip_filter,
            s.srgb,
            s.lod_range
        );
    }
    for s in fx.storages() {
        let _ = writeln!(
            text,
            "storage {} -> {} level {}",
            s.name,
            fx.texture(s.texture).name,
            s.mip_level
        );
    }
    for t in fx.techniques() {
        let _ = writeln!(
            text,
            "technique {} ({}) enabled={}",
            t.name,
            t.label(),
            t.enabled_by_default()
        );
        for (k, v) in &t.annotations.0 {
            let _ = writeln!(text, "    {k} = {v:?}");
        }
        for (i, p) in t.passes.iter().enumerate() {
            let entry = |e: analysis::EntryPointId| fx.entry_point(e).name.clone();
            let (stage, vertex_count, topology) = match p.kind() {
                analysis::PassKind::Compute(c) => (
                    format!("compute {} groups {:?}", entry(c.entry), c.groups),
                    0,
                    analysis::PrimitiveTopology::TriangleList,
                ),
                analysis::PassKind::Draw(d) => (
                    format!("{} / {}", entry(d.vertex), entry(d.fragment)),
                    d.vertex_count,
                    d.topology,
                ),
            };
            let targets: Vec<&str> = p
                .render_targets()
                .iter()
                .map(|t| fx.texture(*t).name.as_str())
                .collect();
            let _ = writeln!(
                text,
                "  pass {i} {:?}: {stage}, targets {targets:?}, clear {}, srgb {}, vertices {} {:?}, mips {}",
                p.name(),
                p.clears_render_targets(),
                p.srgb_write(),
                vertex_count,
                topology,
                p.generate_mips()
            );
            let slots = p.render_targets().len().max(1);
            for slot in 0..slots {
                if p.blend()[slot].is_some() || p.write_mask()[slot] != 0xF {
                    let _ = writeln!(
                        text,
                        "    slot {slot}: blend {:?}, mask {:#x}",
                        p.blend()[slot],
                        p.write_mask()[slot]
                    );
                }
            }
            if let Some(st) = &p.stencil() {
                let _ = writeln!(text, "    stencil {st:?}");
            }
            let bindings: Vec<String> = p
                .bindings()
                .iter()
                .map(|b| format!("{}:{:?}", b.binding, b.resource))
                .collect();
            let _ = writeln!(text, "    bindings {}", bindings.join(", "));
        }
    }
    text
}

#[test]
fn every_construct_lowers_as_recorded() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/constructs");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("constructs folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "wfx"))
        .collect();
    files.sort();
    assert!(files.len() >= 3);
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(name.as_str(), summary(&path));
    }
}
