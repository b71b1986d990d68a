//! Tidy checks over the workspace's own text, as rust-analyzer's `tidy.rs` has: every path and
//! item ARCHITECTURE.md names in backticks still exists, and every Rust module opens with a `//!`
//! line saying its job (STYLE 15).
//!
//! What ARCHITECTURE.md names is checked as far as grep can: a path (`engine/src/chain.rs`,
//! `chain/frame.rs`, `lower/`, `demo.ini`) must be a file or folder of the workspace, from the
//! root or as the tail of one; an item path (`engine::EffectChain`, `EffectChain::frame`,
//! `session::document::Document::target`, `lib.rs::compile`) must have each segment declared:
//! modules as a `mod`, file or folder inside the one before, types and free items declared in a
//! file inside the module before them, and a member (method, field, variant, constant) declared
//! in a file that declares or implements its type. Paths into other crates (their names come from
//! Cargo.lock) and outside the repository (`../shared/...`) are not checked.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// Types of other crates that ARCHITECTURE.md names without their crate (`LoadOp::DontCare`).
const EXTERNAL_TYPES: &[&str] = &["LoadOp"];

/// File endings that make a backticked word a file name.
const FILE_ENDINGS: &[&str] = &[
    ".rs",
    ".md",
    ".toml",
    ".sh",
    ".py",
    ".json",
    ".ini",
    ".wfx",
    ".wfxh",
    ".fx",
    ".fxh",
    ".wgsl",
    ".txt",
    ".png",
    ".sublime-syntax",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One Rust source file: its path from the workspace root (with `/`) and what it declares.
struct SourceFile {
    path: String,
    /// Names declared here: items after `fn`/`struct`/`enum`/..., and the leading name of lines
    /// that declare a field, a variant or an associated constant.
    declares: HashSet<String>,
    /// Types declared or implemented here (`struct T`, `enum T`, `trait T`, `impl ... T ...`).
    types: HashSet<String>,
    /// `mod name` declarations.
    modules: HashSet<String>,
}

/// What the checks look things up in: every file and folder of the workspace, the Rust sources
/// with their declarations, and the names of the crates it depends on.
struct Workspace {
    /// Every file and folder, relative to the root, with `/`.
    entries: Vec<String>,
    sources: Vec<SourceFile>,
    /// Workspace crates by the name code uses (`analysis`) and the folder they live in.
    crates: HashMap<String, String>,
    /// Crates from Cargo.lock that are not the workspace's, with `-` read as `_`.
    external: HashSet<String>,
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifier at the start of `text`, if any.
fn leading_ident(text: &str) -> Option<&str> {
    let end = text.find(|c: char| !is_ident_char(c)).unwrap_or(text.len());
    let ident = &text[..end];
    (!ident.is_empty() && !ident.starts_with(|c: char| c.is_ascii_digit())).then_some(ident)
}

fn scan_source(path: String, text: &str) -> SourceFile {
    let mut file = SourceFile {
        path,
        declares: HashSet::new(),
        types: HashSet::new(),
        modules: HashSet::new(),
    };
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        let words: Vec<&str> = trimmed
            .split(|c: char| !is_ident_char(c) && c != '!')
            .filter(|w| !w.is_empty())
            .collect();
        for pair in words.windows(2) {
            let name = pair[1].trim_end_matches('!');
            match pair[0] {
                "fn" | "const" | "static" | "macro_rules!" => {
                    file.declares.insert(name.to_string());
                }
                "struct" | "enum" | "trait" | "type" | "union" => {
                    file.declares.insert(name.to_string());
                    file.types.insert(name.to_string());
                }
                "mod" => {
                    file.declares.insert(name.to_string());
                    file.modules.insert(name.to_string());
                }
                _ => {}
            }
        }
        if trimmed.starts_with("impl") {
            file.types
                .extend(words.iter().map(|w| w.trim_end_matches('!').to_string()));
        }
        // A field (`pub name: T`), a variant (`Name`, `Name(..)`, `Name { .. }`, `Name = 1`), or
        // a constant in a list: the leading name and what follows it.
        let mut rest = trimmed;
        for visibility in ["pub(crate) ", "pub(super) ", "pub "] {
            rest = rest.strip_prefix(visibility).unwrap_or(rest);
        }
        if let Some(name) = leading_ident(rest) {
            let after = rest[name.len()..].trim_start();
            if after.is_empty() || after.starts_with([':', '(', '{', ',', '=']) {
                file.declares.insert(name.to_string());
            }
        }
    }
    file
}

impl Workspace {
    fn scan(root: &Path) -> Workspace {
        let mut entries = Vec::new();
        let mut sources = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            let listing = std::fs::read_dir(&dir).expect("workspace folder readable");
            for path in listing.map(|entry| entry.expect("folder entry").path()) {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                let name = name.unwrap_or_default();
                let hidden = name.starts_with('.') && name != ".ci";
                if hidden || name == "target" {
                    continue;
                }
                let relative = path
                    .strip_prefix(root)
                    .expect("inside the root")
                    .to_string_lossy()
                    .replace('\\', "/");
                entries.push(relative.clone());
                if path.is_dir() {
                    stack.push(path);
                } else if name.ends_with(".rs") && !relative.starts_with("vendor/") {
                    // vendor/ holds third-party crates as published (patched naga): not ours.
                    let text = std::fs::read_to_string(&path).expect("source readable");
                    sources.push(scan_source(relative, &text));
                }
            }
        }
        let crates = [
            ("analysis", "analysis"),
            ("engine", "engine"),
            ("optimizer", "optimizer"),
            ("app", "app"),
            ("corpus", "tests/corpus"),
            ("fxbench", "src"),
            ("crate", ""),
        ]
        .into_iter()
        .map(|(name, dir)| (name.to_string(), dir.to_string()))
        .collect();
        let lock = std::fs::read_to_string(root.join("Cargo.lock")).expect("Cargo.lock");
        let external = lock
            .lines()
            .filter_map(|l| l.strip_prefix("name = \""))
            .map(|n| n.trim_end_matches('"').replace('-', "_"))
            .filter(|n| !n.starts_with("fxbench"))
            .collect();
        Workspace {
            entries,
            sources,
            crates,
            external,
        }
    }

    /// Whether `path` (a file or folder, `/`-separated) is in the workspace: from the root, or
    /// as the last components of some entry.
    fn has_path(&self, path: &str) -> bool {
        let path = path.trim_end_matches('/');
        self.entries
            .iter()
            .any(|e| e == path || e.ends_with(&format!("/{path}")))
    }

    /// Whether `file` lies inside module `scope` (`None`: anywhere): inside the crate's folder
    /// for a crate name, else in a folder of that name or a file of that stem.
    fn in_scope(&self, file: &str, scope: Option<&str>) -> bool {
        let Some(scope) = scope else {
            return true;
        };
        if let Some(dir) = self.crates.get(scope) {
            return dir.is_empty() || file.starts_with(&format!("{dir}/"));
        }
        let stem = scope.trim_end_matches(".rs");
        file.split('/')
            .any(|c| c == stem || c.strip_suffix(".rs") == Some(stem))
    }

    /// Whether module `name` exists inside `scope`: a `mod name`, a `name.rs` or a `name/`.
    fn has_module(&self, name: &str, scope: Option<&str>) -> bool {
        self.crates.contains_key(name)
            || self.sources.iter().any(|f| {
                self.in_scope(&f.path, scope)
                    && (f.modules.contains(name)
                        || f.path.ends_with(&format!("/{name}.rs"))
                        || f.path.contains(&format!("/{name}/")))
            })
    }

    /// Problems with one item path, `::`-separated (generics and call arguments removed).
    fn check_item_path(&self, path: &str) -> Option<String> {
        let segments: Vec<&str> = path.split("::").collect();
        let first = segments[0];
        let ours = first.starts_with(|c: char| c.is_ascii_uppercase())
            || first.ends_with(".rs")
            || self.has_module(first, None);
        if !ours && self.external.contains(first) || EXTERNAL_TYPES.contains(&first) {
            return None;
        }
        let mut scope: Option<&str> = None;
        let mut owner: Option<&str> = None;
        for (i, segment) in segments.iter().copied().enumerate() {
            let last = i + 1 == segments.len();
            let found = if segment.ends_with(".rs") {
                // `lib.rs::compile`: the file, then items inside it.
                self.has_path(segment)
            } else if let Some(owner) = owner {
                // A member of a type: declared in a file that declares or implements it.
                self.sources
                    .iter()
                    .any(|f| f.types.contains(owner) && f.declares.contains(segment))
            } else if segment.starts_with(|c: char| c.is_ascii_uppercase()) {
                self.sources
                    .iter()
                    .any(|f| self.in_scope(&f.path, scope) && f.types.contains(segment))
            } else if last {
                self.sources
                    .iter()
                    .any(|f| self.in_scope(&f.path, scope) && f.declares.contains(segment))
                    || self.has_module(segment, scope)
            } else {
                self.has_module(segment, scope)
            };
            if !found {
                let prefix = segments[..=i].join("::");
                return Some(format!("`{path}`: `{prefix}` not found"));
            }
            if segment.starts_with(|c: char| c.is_ascii_uppercase()) {
                owner = Some(segment);
            } else if owner.is_none() {
                scope = Some(segment);
            }
        }
        None
    }
}

/// The backticked spans of a Markdown text, outside fenced code blocks, with line breaks inside
/// a span read as spaces.
fn code_spans(markdown: &str) -> Vec<String> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    prose
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|span| span.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// Item paths inside one span: `a::b::C::d` runs, with `X::{a, b}` lists expanded and
/// generics (`<..>`) and call arguments left behind.
fn item_paths(span: &str) -> Vec<String> {
    // Expand `prefix::{a, b}` first.
    let mut text = span.to_string();
    while let Some(open) = text.find("::{") {
        let Some(close) = text[open..].find('}').map(|c| open + c) else {
            break;
        };
        let start = text[..open]
            .rfind(|c: char| !is_ident_char(c) && c != ':' && c != '.')
            .map_or(0, |s| s + 1);
        let prefix = &text[start..open];
        let expanded: Vec<String> = text[open + 3..close]
            .split(',')
            .map(|member| format!("{prefix}::{}", member.trim()))
            .collect();
        text = format!(
            "{} {} {}",
            &text[..start],
            expanded.join(" "),
            &text[close + 1..]
        );
    }
    let mut paths = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i <= chars.len() {
        let c = chars.get(i).copied().unwrap_or(' ');
        if is_ident_char(c) || (c == '.' && current.ends_with(|p: char| is_ident_char(p))) {
            current.push(c);
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            current.push_str("::");
            i += 1;
        } else {
            let candidate = current.trim_matches(':');
            if candidate.contains("::")
                && candidate.split("::").all(|s| {
                    leading_ident(s).is_some_and(|id| id.len() == s.len() || s.ends_with(".rs"))
                })
            {
                paths.push(candidate.to_string());
            }
            current.clear();
        }
        i += 1;
    }
    paths
}

/// Whether a span names a file or folder: no spaces, path characters only, and a `/` or a
/// known file ending.
fn file_path(span: &str) -> Option<&str> {
    let path_chars = |c: char| is_ident_char(c) || "./-*<>".contains(c);
    if span.is_empty() || !span.chars().all(path_chars) || span.contains("::") {
        return None;
    }
    let named = span.contains('/')
        || (FILE_ENDINGS.iter().any(|e| span.ends_with(e)) && !span.starts_with('.'));
    if !named || span.starts_with("../") || span.starts_with("shared/") {
        return None;
    }
    // A pattern (`panels/*.rs`) or a placeholder (`tests/fixtures/<Code>/`): its fixed part.
    let fixed = span
        .find(['*', '<'])
        .map_or(span, |at| span[..at].trim_end_matches('/'));
    (!fixed.is_empty()).then_some(fixed)
}

/// Every path and item `markdown` names that the workspace lacks.
fn missing_names(markdown: &str, workspace: &Workspace) -> BTreeSet<String> {
    let mut problems = BTreeSet::new();
    for span in code_spans(markdown) {
        if let Some(path) = file_path(&span) {
            if !workspace.has_path(path) {
                problems.insert(format!("`{span}`: no such file or folder"));
            }
            continue;
        }
        for path in item_paths(&span) {
            if let Some(problem) = workspace.check_item_path(&path) {
                problems.insert(problem);
            }
        }
    }
    problems
}

#[test]
fn architecture_names_only_what_exists() {
    let root = root();
    let workspace = Workspace::scan(&root);
    let doc = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let problems = missing_names(&doc, &workspace);
    assert!(
        problems.is_empty(),
        "ARCHITECTURE.md names {} things the workspace lacks:\n{}",
        problems.len(),
        problems.into_iter().collect::<Vec<_>>().join("\n")
    );
    // The check reads the document: it found paths and items to check.
    let spans = code_spans(&doc);
    assert!(spans.iter().filter(|s| file_path(s).is_some()).count() > 100);
    assert!(spans.iter().map(|s| item_paths(s).len()).sum::<usize>() > 50);
}

#[test]
fn missing_paths_and_items_are_found() {
    let workspace = Workspace::scan(&root());
    let doc = "Real: `engine/src/chain.rs`, `chain/frame.rs`, `lower/`, `engine::EffectChain`,
        `EffectChain::frame`, `app::session::files::write_atomic`, `lib.rs::compile`,
        `ChainError::{DeviceLost, Gpu}`, `LoadOp::DontCare`, `wgpu::Features::TIMESTAMP_QUERY`,
        `EffectChain::set_reference(Some(technique))`, `panels/*.rs`.
        Gone: `engine/src/gone.rs`, `gone/`, `engine::GoneChain`, `EffectChain::gone_method`,
        `app::gone::write_atomic`, `ChainError::{DeviceLost, Gone}`, `analysis::EffectChain`,
        `gone.rs::compile`.
        ```
        `engine::InAFence` is not prose.
        ```";
    let problems: Vec<String> = missing_names(doc, &workspace).into_iter().collect();
    assert_eq!(
        problems,
        [
            "`ChainError::Gone`: `ChainError::Gone` not found",
            "`EffectChain::gone_method`: `EffectChain::gone_method` not found",
            "`analysis::EffectChain`: `analysis::EffectChain` not found",
            "`app::gone::write_atomic`: `app::gone` not found",
            "`engine/src/gone.rs`: no such file or folder",
            "`engine::GoneChain`: `engine::GoneChain` not found",
            "`gone.rs::compile`: `gone.rs` not found",
            "`gone/`: no such file or folder",
        ]
    );
}

/// Rust files whose first line is not a `//!` line.
fn modules_without_doc(workspace: &Workspace, root: &Path) -> Vec<String> {
    workspace
        .sources
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(root.join(&f.path)).expect("source readable");
            !opens_with_module_doc(&text)
        })
        .map(|f| f.path.clone())
        .collect()
}

fn opens_with_module_doc(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').starts_with("//!")
}

#[test]
fn every_module_says_its_job() {
    let root = root();
    let workspace = Workspace::scan(&root);
    // The walk is real: every crate's sources, the tests, benches and examples.
    assert!(workspace.sources.len() > 150, "{}", workspace.sources.len());
    let missing = modules_without_doc(&workspace, &root);
    assert!(
        missing.is_empty(),
        "modules without a `//!` first line:\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_module_without_a_doc_line_is_found() {
    assert!(opens_with_module_doc("//! The job.\n\nfn f() {}\n"));
    assert!(!opens_with_module_doc("/// An item doc.\nfn f() {}\n"));
    assert!(!opens_with_module_doc("\n//! After a blank line.\n"));
    assert!(!opens_with_module_doc("use std::io;\n//! Too late.\n"));
}
