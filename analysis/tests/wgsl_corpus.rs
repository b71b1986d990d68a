//! `fxbench check`'s WGSL checker over public WGSL that naga accepts (naga's `tests/in`, the
//! WebGPU samples), when those files are present: set `FXBENCH_WGSL_CORPUS` to one or more
//! folders (separated by `:`), searched recursively for `.wgsl` files. Without it the test
//! prints one line and passes; docs/WGSL_CHECK.md says how to extract the corpora.
//!
//! The bar: under the native target a file has errors exactly when naga itself (parse, then
//! validate with every capability, as naga's command line does) rejects it, so there are no
//! false errors; under the webgpu target every file that is clean natively has only
//! `MissingCapability` errors, and only where it uses something WebGPU lacks.

use std::path::{Path, PathBuf};

use analysis::wgsl_file::check_wgsl_for;
use analysis::{DiagnosticCode, Target};

fn wgsl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            wgsl_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "wgsl") {
            out.push(path);
        }
    }
}

/// Whether naga alone rejects `text` with every capability granted.
fn naga_rejects(text: &str) -> bool {
    let Ok(module) = naga::front::wgsl::parse_str(text) else {
        return true;
    };
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .is_err()
}

#[test]
fn public_wgsl_has_no_false_errors() {
    let Some(folders) = std::env::var_os("FXBENCH_WGSL_CORPUS") else {
        println!("skipped: set FXBENCH_WGSL_CORPUS to folders of .wgsl files (docs/WGSL_CHECK.md)");
        return;
    };
    let mut problems = Vec::new();
    for folder in std::env::split_paths(&folders) {
        let mut files = Vec::new();
        wgsl_files(&folder, &mut files);
        assert!(
            !files.is_empty(),
            "no .wgsl files under {}",
            folder.display()
        );
        let (mut native_errors, mut webgpu_errors, mut rejected) = (0, 0, 0);
        for path in &files {
            let text = std::fs::read_to_string(path).expect("a readable corpus file");
            let naga = naga_rejects(&text);
            let native = check_wgsl_for(path, text.clone(), &Target::native());
            let webgpu = check_wgsl_for(path, text, &Target::webgpu());
            let native_has = native.diagnostics.iter().any(|d| d.is_error());
            let webgpu_has = webgpu.diagnostics.iter().any(|d| d.is_error());
            rejected += usize::from(naga);
            native_errors += usize::from(native_has);
            webgpu_errors += usize::from(webgpu_has);
            if native_has != naga {
                problems.push(format!(
                    "{}: naga {}, fxbench native reports {:?}",
                    path.display(),
                    if naga { "rejects it" } else { "accepts it" },
                    native.diagnostics
                ));
            }
            let webgpu_only = webgpu
                .diagnostics
                .iter()
                .filter(|d| d.code != DiagnosticCode::MissingCapability)
                .count();
            if !native_has && webgpu_only > 0 {
                problems.push(format!(
                    "{}: clean natively, yet on webgpu: {:?}",
                    path.display(),
                    webgpu.diagnostics
                ));
            }
        }
        println!(
            "{}: {} files; naga rejects {rejected}; with errors: native {native_errors}, \
             webgpu {webgpu_errors}",
            folder.display(),
            files.len()
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
