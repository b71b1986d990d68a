//! Running `spirv-val` (from SPIRV-Tools) on a module, when it is installed.

use crate::error::Error;
use crate::module::bytes_from_words;
use std::io::Write;
use std::process::{Command, Stdio};

/// Target environments tried, newest first, when finding which one a module was written for.
/// rust-gpu output validates under `vulkan1.2` but not `vulkan1.3`.
pub const TARGET_ENVS: [&str; 3] = ["vulkan1.3", "vulkan1.2", "vulkan1.1"];

/// The outcome of one validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The module is valid for the environment.
    Valid,
    /// The validator rejected the module; its message.
    Invalid(String),
}

/// Whether `spirv-val` can be run. Asked once per process (starting it costs milliseconds, and
/// the window asks on every shader choice).
pub fn available() -> bool {
    static AVAILABLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        Command::new("spirv-val")
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// Whether tests should run their `spirv-val` checks: true when the tool is installed. Without
/// it the checks are skipped with a printed reason, unless `FXBENCH_REQUIRE_SPIRV_VAL=1`, which
/// turns the absence into a failure (a panic), so CI cannot pass by skipping.
pub fn checks_enabled() -> bool {
    if available() {
        return true;
    }
    if std::env::var("FXBENCH_REQUIRE_SPIRV_VAL").is_ok_and(|v| v == "1") {
        panic!("spirv-val is not installed but FXBENCH_REQUIRE_SPIRV_VAL=1");
    }
    eprintln!("skipping spirv-val checks: spirv-val is not installed");
    false
}

/// Validates `words` for `target_env` (for example `vulkan1.3`), feeding the module on stdin.
///
/// # Errors
/// [`Error::Tool`] when `spirv-val` cannot be started.
pub fn validate(words: &[u32], target_env: &str) -> Result<Verdict, Error> {
    let tool = |source| Error::Tool {
        tool: "spirv-val",
        source,
    };
    let mut child = Command::new("spirv-val")
        .args(["--target-env", target_env, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(tool)?;
    let bytes = bytes_from_words(words);
    if let Some(mut stdin) = child.stdin.take() {
        // A validator that exits early closes the pipe; its verdict below still tells us why.
        let _ = stdin.write_all(&bytes);
    }
    let output = child.wait_with_output().map_err(tool)?;
    if output.status.success() {
        Ok(Verdict::Valid)
    } else {
        let mut message = String::from_utf8_lossy(&output.stderr).into_owned();
        message.push_str(&String::from_utf8_lossy(&output.stdout));
        Ok(Verdict::Invalid(message.trim().to_owned()))
    }
}

/// The first of [`TARGET_ENVS`] under which `words` validates, if any.
///
/// # Errors
/// [`Error::Tool`] when `spirv-val` cannot be started.
pub fn valid_env(words: &[u32]) -> Result<Option<&'static str>, Error> {
    for env in TARGET_ENVS {
        if validate(words, env)? == Verdict::Valid {
            return Ok(Some(env));
        }
    }
    Ok(None)
}
