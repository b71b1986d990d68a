//! Links the `fxbench` binary as a position-dependent executable on Linux.
//!
//! A position-independent executable is relocated by the dynamic loader at every start: 57,000
//! relative relocations here (the window's crates bring most of them), which write all 1.07 MB
//! of `.data.rel.ro` and so fault in about 270 pages before `main` runs. `fxbench check` is a
//! command that runs for a few milliseconds, so that start-up is a fifth of its time on an
//! effect (`fxbench --version`: 1.87 ms → 1.23 ms, 412 → 145 page faults; docs/RESHADE_FX.md,
//! "Session 18"). The objects stay position-independent; only the final link resolves their
//! addresses. What is given up is address-space randomisation of the executable's own image
//! (shared libraries, heap and stacks are still randomised).
//!
//! Only the binaries: tests, benchmarks and examples link as the target's default.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" {
        // Both GCC's and Clang's drivers take `-no-pie`; it overrides the `-pie` rustc passes.
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
