//! Helpers the window tests share.

/// eframe's storage in memory, for the tests that restart the window.
#[allow(dead_code)] // Not every test file that shares this module restarts the window.
#[derive(Default, Clone)]
pub struct MemoryStorage(pub std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// Steps the window until no compile or rebuild is under way (#23: they run on a
/// worker thread), for up to 10 s, then two frames more so the new chain has drawn.
///
/// Panics when the work is still under way after 10 s.
#[allow(dead_code)] // Not every test file that shares this module waits for compiles.
pub fn settle(harness: &mut egui_kittest::Harness<'_, app::window::WorkbenchApp>) {
    harness.run_steps(1);
    for _ in 0..500 {
        if !harness.state().is_compiling() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        harness.run_steps(1);
    }
    assert!(
        !harness.state().is_compiling(),
        "still compiling after 10 s"
    );
    harness.run_steps(2);
}

/// The software GPU with the device the window asks for (its features and limits).
#[allow(dead_code)] // Not every test file that shares this module opens the window.
pub fn wgpu_setup() -> egui_wgpu::WgpuSetup {
    let mut setup = egui_kittest::wgpu::default_wgpu_setup();
    if let egui_wgpu::WgpuSetup::CreateNew(create) = &mut setup {
        create.device_descriptor = std::sync::Arc::new(app::window::runtime::device_descriptor);
    }
    setup
}
