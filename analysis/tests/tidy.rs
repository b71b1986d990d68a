//! Source tidiness the compiler does not check, read from `analysis/src` as text (as
//! rust-analyzer's tidy tests do): the two front ends stay side by side (`fx/` names nothing of
//! `wfx/` and back, and the shared half names neither), and every module opens with a `//!` line
//! saying its job (STYLE 15).

use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} unreadable: {e}", dir.display()))
        .map(|e| e.expect("readable directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// `text` without its `//` comments (doc comments included), so prose may name any module.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| {
            // A `//` inside a string literal is rare in this crate and only hides code after it.
            line.find("//").map_or(line, |i| &line[..i])
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first segment of every path that starts at the crate root: `crate::fx::ast` gives `fx`,
/// `crate::{build, fx::lower}` gives `build` and `fx`.
fn crate_roots(code: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut roots = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        let Some(group) = rest.strip_prefix('{') else {
            roots.push(ident(rest));
            continue;
        };
        // The names at the group's top level, between commas outside nested braces.
        let mut depth = 0;
        let mut start = 0;
        for (j, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    roots.push(ident(&group[start..j]));
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    roots.push(ident(&group[start..j]));
                    start = j + 1;
                }
                _ => {}
            }
        }
    }
    roots.retain(|r| !r.is_empty());
    roots
}

/// `path:line: crate::NAME` for each use of a forbidden crate-root module in the files under
/// `dir`.
fn uses_of(dir: &str, forbidden: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for path in rust_files(&src().join(dir)) {
        let text = std::fs::read_to_string(&path).expect("a source file is readable");
        for (n, line) in without_comments(&text).lines().enumerate() {
            for root in crate_roots(line) {
                if forbidden.contains(&root.as_str()) {
                    let short = path.strip_prefix(src()).unwrap_or(&path).display();
                    found.push(format!("src/{short}:{}: crate::{root}", n + 1));
                }
            }
        }
    }
    found
}

#[test]
fn the_front_ends_name_each_other_nowhere_and_the_shared_half_names_neither() {
    let mut found = uses_of("fx", &["wfx"]);
    found.extend(uses_of("wfx", &["fx"]));
    // What both front ends use, and the lints on what they build.
    for shared in ["build", "lints"] {
        found.extend(uses_of(shared, &["fx", "wfx"]));
    }
    assert!(
        found.is_empty(),
        "a front end reaches into the other (move what both need into build/):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_boundary_check_sees_every_spelling_of_a_crate_path() {
    let code = "use crate::{Options, wfx::parse::Item};\nlet x = crate::fx::is_fx_path(p);\n\
                use crate::{build::{self, EffectBuilder}, model::*};";
    assert_eq!(
        crate_roots(&without_comments(code)),
        ["Options", "wfx", "fx", "build", "model"]
    );
    assert_eq!(
        crate_roots(&without_comments("// crate::wfx is named in prose only")),
        Vec::<String>::new()
    );
}

#[test]
fn every_module_opens_with_a_doc_line() {
    let missing: Vec<String> = rust_files(&src())
        .into_iter()
        .filter(|path| {
            let text = std::fs::read_to_string(path).expect("a source file is readable");
            !text.starts_with("//!")
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "modules without a `//!` line saying their job:\n{}",
        missing.join("\n")
    );
}
