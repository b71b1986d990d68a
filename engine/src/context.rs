//! The device and queue an effect chain runs on, with what the adapter offered.

use std::fmt;
use std::sync::{Arc, Mutex};

/// Features fxbench uses when the adapter has them.
pub fn optional_features() -> wgpu::Features {
    wgpu::Features::TIMESTAMP_QUERY
        | wgpu::Features::TIMESTAMP_QUERY_INSIDE_PASSES
        | wgpu::Features::TIMESTAMP_QUERY_INSIDE_ENCODERS
        | wgpu::Features::FLOAT32_FILTERABLE
        | wgpu::Features::TEXTURE_FORMAT_16BIT_NORM
        // ReShade's `AddressU = BORDER` (transparent black); core Vulkan.
        | wgpu::Features::ADDRESS_MODE_CLAMP_TO_BORDER
        // Running the optimiser's SPIR-V (`Shaders::Spirv`); Vulkan only.
        | wgpu::Features::PASSTHROUGH_SHADERS
        // ReShade FX atomics on R32U/R32I storages (`atomicAdd(storage, coord, value)`).
        | wgpu::Features::TEXTURE_ATOMIC
        // Storage writes to the formats the adapter can write beyond WebGPU's guaranteed seven
        // (R8, R16F, RGB10A2, ... as ReShade allows on any format its API can).
        | wgpu::Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES
}

/// The adapter [`GpuContext::headless`] would use: Vulkan first, then GL.
fn headless_adapter() -> Result<wgpu::Adapter, HeadlessError> {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    if std::env::var_os("WGPU_BACKEND").is_none() {
        desc.backends = wgpu::Backends::VULKAN | wgpu::Backends::GL;
    }
    let instance = wgpu::Instance::new(desc);
    pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::HighPerformance,
        force_fallback_adapter: false,
        compatible_surface: None,
        apply_limit_buckets: false,
    }))
    .map_err(|e| HeadlessError::NoAdapter(e.to_string()))
}

/// The shader capabilities a device with `features` and `downlevel` flags validates with, as
/// wgpu maps them.
pub fn shader_capabilities(
    features: wgpu::Features,
    downlevel: wgpu::DownlevelFlags,
) -> naga::valid::Capabilities {
    wgpu_naga_bridge::features_to_naga_capabilities(features, downlevel)
}

/// What this machine's adapter (the one [`GpuContext::headless`] picks) offers shaders when all
/// its features are requested, with its limits (those [`GpuContext::headless`] requests): the
/// `device` target of `fxbench check`.
pub fn adapter_target() -> Result<analysis::Target, HeadlessError> {
    let adapter = headless_adapter()?;
    let caps = shader_capabilities(
        adapter.features(),
        adapter.get_downlevel_capabilities().flags,
    );
    let limits = crate::limits::device_limits(&adapter.limits());
    Ok(analysis::Target::device(&adapter.get_info().name, caps).with_limits(limits))
}

/// A device, its queue, and the adapter's description.
#[derive(Clone, Debug)]
pub struct GpuContext {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub adapter_info: wgpu::AdapterInfo,
    /// The formats of effect textures this device can write as storage textures.
    storage_writable: Arc<[analysis::TextureFormat]>,
    /// The formats it can also read through a storage (read-write access).
    storage_read_writable: Arc<[analysis::TextureFormat]>,
    /// Why the device was lost, once it is (see [`Self::lost`]).
    lost: Arc<Mutex<Option<String>>>,
    /// Validation errors no error scope caught, oldest first (see [`Self::take_error`]).
    errors: Arc<Mutex<UncapturedErrors>>,
}

/// What the device's uncaptured-error handler recorded since the last [`GpuContext::take_error`].
#[derive(Debug, Default)]
struct UncapturedErrors {
    first: Option<String>,
    /// Errors after the first, counted rather than kept (one bad pass repeats every frame).
    more: usize,
}

/// The effect texture formats `device` (made from `adapter`) can bind as write-only storage:
/// WebGPU's guaranteed formats, and with `TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES` whatever
/// the adapter reports, as wgpu itself decides.
fn storage_formats(
    adapter: &wgpu::Adapter,
    device: &wgpu::Device,
    access: wgpu::TextureFormatFeatureFlags,
) -> Arc<[analysis::TextureFormat]> {
    let features = device.features();
    let adapter_specific =
        features.contains(wgpu::Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES);
    analysis::TextureFormat::ALL
        .iter()
        .map(|(_, format)| *format)
        .filter(|format| {
            let wgpu_format = crate::format::texture_format(*format);
            let supported = if adapter_specific {
                adapter.get_texture_format_features(wgpu_format)
            } else {
                wgpu_format.guaranteed_format_features(features)
            };
            supported
                .allowed_usages
                .contains(wgpu::TextureUsages::STORAGE_BINDING)
                && supported.flags.contains(access)
        })
        .collect()
}

/// Records why `device` is lost, when it is, in the returned cell (wgpu's callback runs on
/// whichever thread notices).
fn watch_loss(device: &wgpu::Device) -> Arc<Mutex<Option<String>>> {
    let lost = Arc::new(Mutex::new(None));
    let cell = Arc::clone(&lost);
    device.set_device_lost_callback(move |reason, message| {
        let why = match reason {
            wgpu::DeviceLostReason::Destroyed if message.is_empty() => "destroyed".to_string(),
            wgpu::DeviceLostReason::Destroyed => format!("destroyed: {message}"),
            wgpu::DeviceLostReason::Unknown if message.is_empty() => "unknown reason".to_string(),
            wgpu::DeviceLostReason::Unknown => message,
        };
        if let Ok(mut slot) = cell.lock() {
            slot.get_or_insert(why);
        }
    });
    lost
}

/// Installs on `device` an uncaptured-error handler that records each error in the returned
/// cell. wgpu's default handler panics, so without it any validation error outside an error
/// scope (a bad dispatch reported when the caller finishes its encoder, say) would end the
/// process; with it the chain's next frame returns the error.
fn watch_errors(device: &wgpu::Device) -> Arc<Mutex<UncapturedErrors>> {
    let errors = Arc::new(Mutex::new(UncapturedErrors::default()));
    let cell = Arc::clone(&errors);
    device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
        if let Ok(mut slot) = cell.lock() {
            if slot.first.is_none() {
                slot.first = Some(error.to_string());
            } else {
                slot.more += 1;
            }
        }
    }));
    errors
}

#[derive(Debug)]
#[non_exhaustive]
pub enum HeadlessError {
    NoAdapter(String),
    Device(String),
}

impl fmt::Display for HeadlessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeadlessError::NoAdapter(why) => write!(f, "no GPU adapter: {why}"),
            HeadlessError::Device(why) => write!(f, "GPU device creation failed: {why}"),
        }
    }
}

impl std::error::Error for HeadlessError {}

impl GpuContext {
    /// Wraps a device someone else created from `adapter` (the app gets both from eframe). A
    /// device has one lost callback: the latest context made on it is the one whose
    /// [`Self::lost`] is told (and its clones), and likewise one uncaptured-error handler: the
    /// latest context's [`Self::take_error`] gets the errors.
    pub fn new(device: wgpu::Device, queue: wgpu::Queue, adapter: &wgpu::Adapter) -> Self {
        let lost = watch_loss(&device);
        let errors = watch_errors(&device);
        Self {
            storage_writable: storage_formats(
                adapter,
                &device,
                wgpu::TextureFormatFeatureFlags::STORAGE_WRITE_ONLY,
            ),
            storage_read_writable: storage_formats(
                adapter,
                &device,
                wgpu::TextureFormatFeatureFlags::STORAGE_READ_WRITE,
            ),
            device,
            queue,
            adapter_info: adapter.get_info(),
            lost,
            errors,
        }
    }

    /// The first validation error no error scope caught since the last call (with how many
    /// followed it), taken: `None` when there was none.
    pub fn take_error(&self) -> Option<String> {
        let mut slot = self.errors.lock().ok()?;
        let first = slot.first.take()?;
        let more = std::mem::take(&mut slot.more);
        Some(match more {
            0 => first,
            n => format!("{first} (and {n} more)"),
        })
    }

    /// Whether this device can write effect textures of `format` as storage textures.
    pub fn can_write_storage(&self, format: analysis::TextureFormat) -> bool {
        self.storage_writable.contains(&format)
    }

    /// Whether this device can read and write effect textures of `format` through one storage
    /// (read-write access: `R32Float`, `R32Sint` and `R32Uint` everywhere).
    pub fn can_read_write_storage(&self, format: analysis::TextureFormat) -> bool {
        self.storage_read_writable.contains(&format)
    }

    /// Whether `other` is this context or a clone of it: the same device, watched by the same
    /// lost and error handlers. (`wgpu::Device`'s own equality compares ids within one
    /// instance, so devices of two instances can compare equal.)
    pub fn is_same(&self, other: &GpuContext) -> bool {
        Arc::ptr_eq(&self.lost, &other.lost)
    }

    /// Why the device was lost (a driver reset, or [`wgpu::Device::destroy`]), or `None` while
    /// it works. A lost device never comes back: the caller makes a new context.
    pub fn lost(&self) -> Option<String> {
        self.lost.lock().ok().and_then(|slot| slot.clone())
    }

    /// Creates a device without a window: Vulkan first, then GL, on whatever adapter exists.
    pub fn headless(extra: wgpu::Features) -> Result<Self, HeadlessError> {
        Self::headless_with_limits(extra, |_| {})
    }

    /// [`Self::headless`] with the adapter's limits changed by `adjust` first (tests lower them
    /// to provoke limit errors).
    pub fn headless_with_limits(
        extra: wgpu::Features,
        adjust: impl FnOnce(&mut wgpu::Limits),
    ) -> Result<Self, HeadlessError> {
        let adapter = headless_adapter()?;
        let mut limits = adapter.limits();
        adjust(&mut limits);
        let wanted = optional_features() | extra;
        let features = adapter.features() & wanted;
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("fxbench headless device"),
            required_features: features,
            required_limits: limits,
            experimental_features: wgpu::ExperimentalFeatures::disabled(),
            memory_hints: wgpu::MemoryHints::Performance,
            trace: wgpu::Trace::Off,
        }))
        .map_err(|e| HeadlessError::Device(e.to_string()))?;
        Ok(Self::new(device, queue, &adapter))
    }

    /// Whether the device takes SPIR-V as it is (`Shaders::Spirv`).
    pub fn has_passthrough(&self) -> bool {
        self.device
            .features()
            .contains(wgpu::Features::PASSTHROUGH_SHADERS)
    }

    pub fn has_timestamps(&self) -> bool {
        self.device
            .features()
            .contains(wgpu::Features::TIMESTAMP_QUERY)
    }

    /// A one-line description: adapter name and backend.
    pub fn describe(&self) -> String {
        format!(
            "{} ({:?}, {:?})",
            self.adapter_info.name, self.adapter_info.backend, self.adapter_info.device_type
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_target_is_what_the_engine_asks_of_a_compliant_device() {
        assert_eq!(
            shader_capabilities(optional_features(), wgpu::DownlevelFlags::compliant()),
            analysis::Target::engine().capabilities
        );
    }
}
