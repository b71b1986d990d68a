//! Writes one generated shader (development helper).
fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let words = optimizer::testgen::compute_shader(seed);
    std::fs::write("/tmp/o/gen.spv", optimizer::bytes_from_words(&words)).unwrap();
}
