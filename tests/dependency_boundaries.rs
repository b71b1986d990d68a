//! Crate boundaries from ARCHITECTURE.md, checked against `cargo metadata`: analysis and
//! optimizer never reach wgpu, egui or eframe; engine never reaches egui or eframe. Transitive
//! normal and build dependencies count; dev-dependencies do not. And, against `cargo tree`, which
//! resolves features as a build does: `fxbench` and `fxbench-app` without their default `window`
//! feature reach no eframe, egui or winit; `fxbench-app` reaches no clap; and no normal build of
//! `fxbench` turns on the `test-support` features of engine and optimizer.

use std::collections::{BTreeSet, HashMap};
use std::process::Command;

/// The host's target triple, from `rustc -vV`.
fn host_triple() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let output = Command::new(rustc).arg("-vV").output().expect("rustc runs");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .expect("rustc -vV names the host")
}

fn metadata() -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // Only the host's dependencies: others (macOS file watching, Windows backends) are never
    // downloaded here, and --offline must not need them.
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--filter-platform",
        ])
        .arg(host_triple())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON")
}

/// Names of every package `root` depends on, transitively, through non-dev edges.
fn reachable(meta: &serde_json::Value, root: &str) -> BTreeSet<String> {
    let packages: HashMap<&str, &str> = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| {
            (
                p["id"].as_str().expect("id"),
                p["name"].as_str().expect("name"),
            )
        })
        .collect();
    let nodes: HashMap<&str, &serde_json::Value> = meta["resolve"]["nodes"]
        .as_array()
        .expect("resolve nodes")
        .iter()
        .map(|n| (n["id"].as_str().expect("id"), n))
        .collect();
    let root_id = packages
        .iter()
        .find(|(_, name)| **name == root)
        .map(|(id, _)| *id)
        .unwrap_or_else(|| panic!("package {root} not in the workspace"));
    let mut seen = BTreeSet::new();
    let mut stack = vec![root_id];
    while let Some(id) = stack.pop() {
        for dep in nodes[id]["deps"].as_array().expect("deps") {
            let non_dev = dep["dep_kinds"]
                .as_array()
                .expect("dep_kinds")
                .iter()
                .any(|k| k["kind"].as_str() != Some("dev"));
            let dep_id = dep["pkg"].as_str().expect("pkg");
            if non_dev && seen.insert(packages[dep_id].to_string()) {
                stack.push(dep_id);
            }
        }
    }
    seen
}

fn assert_free_of(meta: &serde_json::Value, krate: &str, forbidden: &[&str]) {
    let deps = reachable(meta, krate);
    let found: Vec<&&str> = forbidden.iter().filter(|f| deps.contains(**f)).collect();
    assert!(found.is_empty(), "{krate} depends on {found:?}");
}

#[test]
fn crates_keep_their_boundaries() {
    let meta = metadata();
    let gui_and_gpu = [
        "wgpu",
        "wgpu-core",
        "wgpu-hal",
        "egui",
        "eframe",
        "egui-wgpu",
        "winit",
    ];
    assert_free_of(&meta, "fxbench-analysis", &gui_and_gpu);
    assert_free_of(&meta, "fxbench-optimizer", &gui_and_gpu);
    assert_free_of(
        &meta,
        "fxbench-engine",
        &["egui", "eframe", "egui-wgpu", "winit"],
    );
    // The check can fail: the app does reach both.
    let app = reachable(&meta, "fxbench-app");
    assert!(app.contains("eframe") && app.contains("wgpu"));
}

/// Every package `package` reaches through `edges` on the host, with the features each has,
/// resolved as `cargo build -p package <feature_args>` resolves them (with `dev` among the edges,
/// as `cargo test` does). `cargo metadata` cannot answer this: its resolve graph is the union over
/// every feature.
fn tree_with_features(
    package: &str,
    edges: &str,
    feature_args: &[&str],
) -> HashMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["tree", "-p", package, "--edges", edges, "--offline"])
        .args(["--prefix", "none", "--format", "{p}|{f}"])
        .args(feature_args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Each line is `name vX.Y.Z [(path)]|feature,feature [(*)]`.
    let mut packages: HashMap<String, BTreeSet<String>> = HashMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Some((id, features)) = line.split_once('|') else {
            continue;
        };
        let Some(name) = id.split_whitespace().next() else {
            continue;
        };
        let features = features.trim_end().trim_end_matches("(*)");
        packages.entry(name.to_string()).or_default().extend(
            features
                .split(',')
                .map(str::trim)
                .filter(|f| !f.is_empty())
                .map(str::to_string),
        );
    }
    packages
}

/// Names of every package `package` reaches through normal and build edges on the host, with
/// features resolved as `cargo build -p package <feature_args>` resolves them.
fn tree(package: &str, feature_args: &[&str]) -> BTreeSet<String> {
    tree_with_features(package, "normal,build", feature_args)
        .into_keys()
        .collect()
}

#[test]
fn the_command_line_and_the_session_layer_build_without_a_window() {
    let window = [
        "eframe",
        "egui",
        "egui-wgpu",
        "egui_extras",
        "egui-winit",
        "winit",
        "rfd",
    ];
    for package in ["fxbench", "fxbench-app"] {
        let headless = tree(package, &["--no-default-features"]);
        // The tree is real: the headless build still runs effects on the GPU.
        assert!(
            headless.contains(package) && headless.contains("wgpu"),
            "{package}: {headless:?}"
        );
        let found: Vec<&&str> = window.iter().filter(|w| headless.contains(**w)).collect();
        assert!(
            found.is_empty(),
            "{package} without default features depends on {found:?}"
        );
        // The check can fail: with the default `window` feature both reach the window stack.
        let default = tree(package, &[]);
        assert!(
            default.contains("eframe") && default.contains("winit"),
            "{package} by default: {default:?}"
        );
    }
}

#[test]
fn the_session_layer_needs_no_command_line_parser() {
    for features in [&["--no-default-features"][..], &[]] {
        let app = tree("fxbench-app", features);
        assert!(
            app.contains("fxbench-optimizer") && !app.contains("clap"),
            "fxbench-app {features:?} reaches clap: {app:?}"
        );
    }
    // The check can fail: the binary, which parses the command line, does reach it.
    assert!(tree("fxbench", &[]).contains("clap"));
}

#[test]
fn test_harnesses_stay_out_of_product_builds() {
    let harnesses = [
        ("fxbench-engine", "test-support"),
        ("fxbench-optimizer", "test-support"),
    ];
    for features in [&["--no-default-features"][..], &[]] {
        let build = tree_with_features("fxbench", "normal,build", features);
        for (package, feature) in harnesses {
            let enabled = build.get(package).unwrap_or_else(|| {
                panic!("fxbench {features:?} does not reach {package}: {build:?}")
            });
            assert!(
                !enabled.contains(feature),
                "fxbench {features:?} builds {package} with `{feature}`"
            );
        }
    }
    // The check can fail: the tests' dev-dependencies do turn the harnesses on.
    let tests = tree_with_features("fxbench", "normal,build,dev", &[]);
    for (package, feature) in harnesses {
        assert!(
            tests.get(package).is_some_and(|f| f.contains(feature)),
            "{package} in fxbench's tests: {:?}",
            tests.get(package)
        );
    }
}
