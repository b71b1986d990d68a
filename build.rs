//! Link settings of the `fxbench` binary.
//!
//! On Linux it is linked at a fixed address (`-no-pie`). `fxbench check` runs once per file from
//! editors and scripts, so starting the process is part of every check (issue #22's bar is the
//! whole process). As a position-independent executable the binary, which carries the window's
//! crates too, made the dynamic loader apply about 57,000 relocations at every start, writing
//! into a megabyte of tables: about 290 page faults, a third of all the faults of checking a
//! 30 KB effect, and a fifth of its run time with the kernel's share of each fault. Linked at a
//! fixed address those tables are final in the file, and only the pages used are read. The
//! cost is address-space randomisation of the executable itself (libraries, heap and stacks
//! keep theirs).

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
