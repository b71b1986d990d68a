//! Prints the WGSL that the ReShade FX front end generates for an effect (a debugging aid):
//! `cargo run -p fxbench-analysis --example fx_wgsl -- path/to/Effect.fx`.

use std::path::PathBuf;

use analysis::{FsLoader, Options};

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: fx_wgsl EFFECT.fx");
        return std::process::ExitCode::from(2);
    };
    match analysis::fx::generated_wgsl(&path, &FsLoader, &Options::default()) {
        Ok(text) => {
            println!("{text}");
            std::process::ExitCode::SUCCESS
        }
        Err(diagnostics) => {
            eprintln!("{diagnostics:?}");
            std::process::ExitCode::FAILURE
        }
    }
}
