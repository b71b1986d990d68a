//! Generator of scalarised compute shaders for differential tests (placeholder).
pub fn compute_shader(seed: u64) -> Vec<u32> {
    compute_shader_sized(seed, 40)
}
pub fn compute_shader_sized(_seed: u64, _steps: usize) -> Vec<u32> {
    vec![0x07230203, 0x00010000, 0, 1, 0]
}
