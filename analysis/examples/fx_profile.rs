//! One pass of the ReShade FX front end over one effect (the corpus' largest, FXShaders'
//! NeoBloom.fx, unless a path is given), then naga's parse and validation of the WGSL it
//! generates, each in a function of its own, so that an instruction counter can compare them:
//!
//! ```text
//! CARGO_PROFILE_RELEASE_DEBUG=true cargo build --release -p fxbench-analysis --example fx_profile
//! valgrind --tool=callgrind --toggle-collect=fx_profile::front_end target/release/examples/fx_profile
//! valgrind --tool=callgrind --toggle-collect=fx_profile::naga_parse_validate target/release/examples/fx_profile
//! ```
//!
//! The issue's bar: the front end (preprocess, parse, check, lower to WGSL text) costs at most
//! 1.5× naga's parse and validation of that text. Each runs once (`fx_profile PATH RUNS` for more:
//! the counts above then add up every run).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use analysis::Options;
use analysis::fx::{self, FxFileLoader};

/// The front end up to WGSL text.
#[inline(never)]
fn front_end(path: &Path, options: &Options) -> Option<String> {
    fx::generated_wgsl(path, &FxFileLoader, options).ok()
}

/// What naga spends on that text.
#[inline(never)]
fn naga_parse_validate(wgsl: &str) -> bool {
    let Ok(module) = naga::front::wgsl::parse_str(wgsl) else {
        return false;
    };
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::default(),
    )
    .validate(&module)
    .is_ok()
}

fn main() -> ExitCode {
    let runs: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let (path, shaders) = match std::env::args_os().nth(1).map(PathBuf::from) {
        Some(path) => {
            let shaders = path.parent().map(Path::to_path_buf).unwrap_or_default();
            (path, shaders)
        }
        None => {
            let Some(root) = corpus::dir("reshadefx", "fx_profile") else {
                return ExitCode::SUCCESS;
            };
            let shaders = root.join("FXShaders/Shaders");
            (shaders.join("NeoBloom.fx"), shaders)
        }
    };
    let options = Options {
        include_dirs: fx::collection_include_dirs(&shaders),
        ..Options::default()
    };
    for _ in 0..runs {
        let Some(wgsl) = front_end(&path, &options) else {
            eprintln!("{}: does not lower to WGSL", path.display());
            return ExitCode::FAILURE;
        };
        if !naga_parse_validate(&wgsl) {
            eprintln!("{}: naga rejects the generated WGSL", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
