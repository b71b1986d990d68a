//! `spirv-extra-opt`: vectorises and prunes a SPIR-V module.
fn main() {}
