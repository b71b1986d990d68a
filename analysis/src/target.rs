//! What a shader is checked against: the naga capabilities a target offers, the words a
//! missing capability is reported in, and how to get it.
//!
//! naga validates a module against a set of [`Capabilities`]; a shader that uses something
//! outside the set (64-bit integers, `f64`, `texture_external`, ...) fails validation. Which
//! set is right depends on where the shader will run, so `fxbench check` takes a target:
//!
//! - [`TargetKind::WebGpu`]: core WebGPU, plus the capabilities of the `enable` directives the
//!   module declares that are WebGPU extensions (`f16`, `clip_distances`,
//!   `dual_source_blending`, `primitive_index`);
//! - [`TargetKind::Native`]: everything naga can validate, the set naga's own command line
//!   validates with; what some native wgpu device can give;
//! - [`TargetKind::Vulkan`]: what wgpu's Vulkan backend can give a device (every capability
//!   but external textures, which wgpu offers on Metal and DX12 only);
//! - [`TargetKind::Device`]: what one adapter offers, measured by the caller (the CLI has the
//!   engine ask wgpu), since this crate knows no wgpu;
//! - [`TargetKind::Engine`]: what fxbench's engine asks of the device for effects (its optional
//!   features on a WebGPU-compliant adapter); `engine/tests` checks this against wgpu's own
//!   features-to-capabilities mapping.

use naga::valid::Capabilities as Caps;

/// Which kind of target, for the words of a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    WebGpu,
    Native,
    Vulkan,
    Device,
    Engine,
}

/// A set of capabilities to validate against, with a name for diagnostics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub kind: TargetKind,
    /// The name diagnostics use (`webgpu`, `native`, `vulkan`, the adapter's name, ...).
    pub name: String,
    /// The capabilities before any `enable` directive of the module.
    pub capabilities: Caps,
    /// The device limits effects are checked against (`crate::limits`), when the target is one
    /// device whose limits were measured ([`Target::with_limits`]); `None` checks only what
    /// holds everywhere (the private-memory budget).
    pub limits: Option<crate::limits::DeviceLimits>,
}

/// Capabilities that wgpu derives from downlevel flags every WebGPU-compliant adapter has, plus
/// `texture_external`, which core WebGPU has (wgpu asks for a feature).
const WEBGPU_CORE: Caps = Caps::SHADER_FLOAT16_IN_FLOAT32
    .union(Caps::MULTISAMPLED_SHADING)
    .union(Caps::CUBE_ARRAY_TEXTURES)
    .union(Caps::TEXTURE_EXTERNAL);

/// The `enable` extensions of WebGPU and the capability each gives.
const WEBGPU_ENABLES: &[(&str, Caps)] = &[
    ("f16", Caps::SHADER_FLOAT16),
    ("clip_distances", Caps::CLIP_DISTANCES),
    ("dual_source_blending", Caps::DUAL_SOURCE_BLENDING),
    ("primitive_index", Caps::PRIMITIVE_INDEX),
    ("subgroups", Caps::SUBGROUP),
];

impl Target {
    /// Core WebGPU; `enable` directives add their capabilities (see [`Target::for_module`]).
    pub fn webgpu() -> Self {
        Self {
            kind: TargetKind::WebGpu,
            name: "webgpu".to_string(),
            capabilities: WEBGPU_CORE,
            limits: None,
        }
    }

    /// Everything naga validates, as naga's command line does.
    pub fn native() -> Self {
        Self {
            kind: TargetKind::Native,
            name: "native".to_string(),
            capabilities: Caps::all(),
            limits: None,
        }
    }

    /// What wgpu's Vulkan backend can give: all but external textures.
    pub fn vulkan() -> Self {
        Self {
            kind: TargetKind::Vulkan,
            name: "vulkan".to_string(),
            capabilities: Caps::all().difference(Caps::TEXTURE_EXTERNAL),
            limits: None,
        }
    }

    /// What fxbench's engine asks of the device for effects: wgpu's mapping of its optional
    /// features (`engine::context::optional_features`: 16-bit normalized formats among them)
    /// and the downlevel flags of a WebGPU-compliant adapter.
    pub fn engine() -> Self {
        Self {
            kind: TargetKind::Engine,
            name: "fxbench's engine".to_string(),
            capabilities: Caps::SHADER_FLOAT16_IN_FLOAT32
                | Caps::MULTISAMPLED_SHADING
                | Caps::CUBE_ARRAY_TEXTURES
                | Caps::STORAGE_TEXTURE_16BIT_NORM_FORMATS
                | Caps::TEXTURE_ATOMIC,
            limits: None,
        }
    }

    /// One adapter's capabilities, as the caller measured them; `name` names the adapter.
    pub fn device(name: &str, capabilities: Caps) -> Self {
        Self {
            kind: TargetKind::Device,
            name: format!("this device ({name})"),
            capabilities,
            limits: None,
        }
    }

    /// This target with `limits` to check effects against: the device's, measured by the
    /// caller (the engine asks wgpu).
    pub fn with_limits(mut self, limits: crate::limits::DeviceLimits) -> Self {
        self.limits = Some(limits);
        self
    }

    /// The capabilities to validate `wgsl` with: the target's, plus on WebGPU those of the
    /// WebGPU `enable` directives at the top of the module.
    pub fn for_module(&self, wgsl: &str) -> Caps {
        if self.kind != TargetKind::WebGpu {
            return self.capabilities;
        }
        enables(wgsl)
            .iter()
            .filter_map(|name| WEBGPU_ENABLES.iter().find(|(n, _)| n == name))
            .fold(self.capabilities, |caps, (_, c)| caps | *c)
    }

    /// The target in a sentence: "the webgpu target", "fxbench's engine", "this device (X)".
    pub fn describe(&self) -> String {
        match self.kind {
            TargetKind::WebGpu | TargetKind::Native | TargetKind::Vulkan => {
                format!("the {} target", self.name)
            }
            TargetKind::Device | TargetKind::Engine => self.name.clone(),
        }
    }

    /// How to get `missing` on this target, as one sentence.
    pub fn how_to_enable(&self, missing: Caps) -> String {
        let feature = wgpu_feature(missing);
        match self.kind {
            TargetKind::WebGpu => match WEBGPU_ENABLES.iter().find(|(_, c)| missing == *c) {
                Some((name, _)) => format!(
                    "declare `enable {name};` at the top of the file (the device must offer it)"
                ),
                None => format!(
                    "WebGPU has no extension for it; native wgpu offers it as `{feature}` \
                     (check with `--target native`)"
                ),
            },
            TargetKind::Native => format!("request `{feature}` when creating the wgpu device"),
            TargetKind::Vulkan => format!(
                "wgpu's Vulkan backend does not offer `{feature}`; check with `--target native` \
                 for other backends"
            ),
            TargetKind::Device => format!(
                "the adapter does not offer `{feature}`; check with `--target native` to see \
                 whether other devices can run it"
            ),
            TargetKind::Engine => format!(
                "fxbench does not request `{feature}` from the device, so effects cannot use it"
            ),
        }
    }
}

/// The names in the `enable` directives of `wgsl` (directives come before any declaration).
pub fn enables(wgsl: &str) -> Vec<String> {
    let code = strip_comments(wgsl);
    let mut names = Vec::new();
    for directive in code.split(';') {
        let directive = directive.trim();
        let Some((keyword, rest)) = directive.split_once(char::is_whitespace) else {
            break;
        };
        match keyword {
            "enable" => names.extend(
                rest.split(',')
                    .map(|n| n.trim().to_string())
                    .filter(|n| !n.is_empty()),
            ),
            "requires" | "diagnostic" => {}
            _ => break,
        }
    }
    names
}

/// `wgsl` with its comments replaced by spaces.
fn strip_comments(wgsl: &str) -> String {
    let mut out = String::with_capacity(wgsl.len());
    let mut chars = wgsl.chars().peekable();
    let mut depth = 0usize;
    let mut line = false;
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        if line {
            if c == '\n' {
                line = false;
                out.push(c);
            }
        } else if c == '/' && next == Some('*') {
            chars.next();
            depth += 1;
            out.push(' ');
        } else if depth > 0 && c == '*' && next == Some('/') {
            chars.next();
            depth -= 1;
            out.push(' ');
        } else if depth > 0 {
            out.push(if c == '\n' { '\n' } else { ' ' });
        } else if c == '/' && next == Some('/') {
            line = true;
        } else {
            out.push(c);
        }
    }
    out
}

/// One capability flag: its user words, the wgpu feature (or downlevel flag) that gives it.
const WORDS: &[(Caps, &str, &str)] = &[
    (Caps::IMMEDIATES, "immediate data", "Features::IMMEDIATES"),
    (Caps::FLOAT64, "f64 (64-bit floats)", "Features::SHADER_F64"),
    (
        Caps::SHADER_FLOAT16,
        "f16 (16-bit floats)",
        "Features::SHADER_F16",
    ),
    (
        Caps::SHADER_FLOAT16_IN_FLOAT32,
        "16-bit float packing (pack2x16float, unpack2x16float)",
        "DownlevelFlags::SHADER_F16_IN_F32",
    ),
    (
        Caps::SHADER_INT16,
        "16-bit integers",
        "Features::SHADER_I16",
    ),
    (
        Caps::PRIMITIVE_INDEX,
        "@builtin(primitive_index)",
        "Features::PRIMITIVE_INDEX",
    ),
    (
        Caps::TEXTURE_AND_SAMPLER_BINDING_ARRAY,
        "binding arrays of textures and samplers",
        "Features::TEXTURE_BINDING_ARRAY",
    ),
    (
        Caps::BUFFER_BINDING_ARRAY,
        "binding arrays of buffers",
        "Features::BUFFER_BINDING_ARRAY",
    ),
    (
        Caps::STORAGE_TEXTURE_BINDING_ARRAY,
        "binding arrays of storage textures",
        "Features::STORAGE_RESOURCE_BINDING_ARRAY",
    ),
    (
        Caps::STORAGE_BUFFER_BINDING_ARRAY,
        "binding arrays of storage buffers",
        "Features::STORAGE_RESOURCE_BINDING_ARRAY",
    ),
    (
        Caps::TEXTURE_AND_SAMPLER_BINDING_ARRAY_NON_UNIFORM_INDEXING,
        "non-uniform indexing of texture binding arrays",
        "Features::SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING",
    ),
    (
        Caps::BUFFER_BINDING_ARRAY_NON_UNIFORM_INDEXING,
        "non-uniform indexing of buffer binding arrays",
        "Features::UNIFORM_BUFFER_BINDING_ARRAYS",
    ),
    (
        Caps::STORAGE_TEXTURE_BINDING_ARRAY_NON_UNIFORM_INDEXING,
        "non-uniform indexing of storage texture binding arrays",
        "Features::STORAGE_TEXTURE_ARRAY_NON_UNIFORM_INDEXING",
    ),
    (
        Caps::STORAGE_BUFFER_BINDING_ARRAY_NON_UNIFORM_INDEXING,
        "non-uniform indexing of storage buffer binding arrays",
        "Features::SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING",
    ),
    (
        Caps::ACCELERATION_STRUCTURE_BINDING_ARRAY,
        "binding arrays of acceleration structures",
        "Features::ACCELERATION_STRUCTURE_BINDING_ARRAY",
    ),
    (
        Caps::STORAGE_TEXTURE_16BIT_NORM_FORMATS,
        "16-bit normalized storage texture formats",
        "Features::TEXTURE_FORMAT_16BIT_NORM",
    ),
    (
        Caps::MULTIVIEW,
        "multiview (@builtin(view_index))",
        "Features::MULTIVIEW",
    ),
    (
        Caps::EARLY_DEPTH_TEST,
        "@early_depth_test",
        "Features::SHADER_EARLY_DEPTH_TEST",
    ),
    (
        Caps::SHADER_INT64,
        "64-bit integers",
        "Features::SHADER_INT64",
    ),
    (
        Caps::SHADER_INT64_ATOMIC_MIN_MAX,
        "64-bit atomic min and max",
        "Features::SHADER_INT64_ATOMIC_MIN_MAX",
    ),
    (
        Caps::SHADER_INT64_ATOMIC_ALL_OPS,
        "all 64-bit atomic operations",
        "Features::SHADER_INT64_ATOMIC_ALL_OPS",
    ),
    (
        Caps::TEXTURE_ATOMIC,
        "texture atomics",
        "Features::TEXTURE_ATOMIC",
    ),
    (
        Caps::TEXTURE_INT64_ATOMIC,
        "64-bit texture atomics",
        "Features::TEXTURE_INT64_ATOMIC",
    ),
    (
        Caps::SHADER_FLOAT32_ATOMIC,
        "32-bit float atomics",
        "Features::SHADER_FLOAT32_ATOMIC",
    ),
    (
        Caps::MULTISAMPLED_SHADING,
        "per-sample shading (@builtin(sample_index), @interpolate(..., sample))",
        "DownlevelFlags::MULTISAMPLED_SHADING",
    ),
    (
        Caps::DUAL_SOURCE_BLENDING,
        "dual-source blending (@blend_src)",
        "Features::DUAL_SOURCE_BLENDING",
    ),
    (
        Caps::CLIP_DISTANCES,
        "clip distances (@builtin(clip_distances))",
        "Features::CLIP_DISTANCES",
    ),
    (
        Caps::CUBE_ARRAY_TEXTURES,
        "cube array textures",
        "DownlevelFlags::CUBE_ARRAY_TEXTURES",
    ),
    (Caps::SUBGROUP, "subgroup operations", "Features::SUBGROUP"),
    (
        Caps::SUBGROUP_BARRIER,
        "subgroup barriers",
        "Features::SUBGROUP_BARRIER",
    ),
    (
        Caps::RAY_QUERY,
        "ray queries",
        "Features::EXPERIMENTAL_RAY_QUERY",
    ),
    (
        Caps::SUBGROUP_VERTEX_STAGE,
        "subgroup operations in vertex shaders",
        "Features::SUBGROUP_VERTEX",
    ),
    (
        Caps::RAY_HIT_VERTEX_POSITION,
        "ray hit vertex positions",
        "Features::EXPERIMENTAL_RAY_HIT_VERTEX_RETURN",
    ),
    (
        Caps::TEXTURE_EXTERNAL,
        "external textures (texture_external)",
        "Features::EXTERNAL_TEXTURE",
    ),
    (
        Caps::SHADER_BARYCENTRICS,
        "barycentric coordinates",
        "Features::SHADER_BARYCENTRICS",
    ),
    (
        Caps::MESH_SHADER,
        "mesh shaders",
        "Features::EXPERIMENTAL_MESH_SHADER",
    ),
    (
        Caps::MESH_SHADER_POINT_TOPOLOGY,
        "point topology in mesh shaders",
        "Features::EXPERIMENTAL_MESH_SHADER_POINTS",
    ),
    (
        Caps::COOPERATIVE_MATRIX,
        "cooperative matrices",
        "Features::EXPERIMENTAL_COOPERATIVE_MATRIX",
    ),
    (
        Caps::PER_VERTEX,
        "per-vertex inputs (@interpolate(per_vertex))",
        "Features::SHADER_PER_VERTEX",
    ),
    (
        Caps::DRAW_INDEX,
        "@builtin(draw_index)",
        "Features::SHADER_DRAW_INDEX",
    ),
    (
        Caps::MEMORY_DECORATION_COHERENT,
        "coherent memory",
        "Features::MEMORY_DECORATION_COHERENT",
    ),
    (
        Caps::MEMORY_DECORATION_VOLATILE,
        "volatile memory",
        "Features::MEMORY_DECORATION_VOLATILE",
    ),
    (
        Caps::CULL_DISTANCE,
        "cull distances (@builtin(cull_distance))",
        "Features::SHADER_CULL_DISTANCE",
    ),
    (
        Caps::RAY_TRACING_PIPELINE,
        "ray tracing pipelines",
        "Features::EXPERIMENTAL_RAY_TRACING_PIPELINES",
    ),
];

/// The flags of `caps` that [`WORDS`] describes, in its order.
fn described(caps: Caps) -> impl Iterator<Item = &'static (Caps, &'static str, &'static str)> {
    WORDS
        .iter()
        .filter(move |(c, _, _)| caps.contains(*c) && !c.is_empty())
}

/// `caps` in user words, such as "64-bit integers" or "f64 (64-bit floats) and subgroup
/// operations"; the flag names for flags without words.
pub fn capability_words(caps: Caps) -> String {
    let mut words: Vec<String> = described(caps).map(|(_, w, _)| (*w).to_string()).collect();
    let rest = caps.difference(described(caps).fold(Caps::empty(), |all, (c, _, _)| all | *c));
    words.extend(rest.iter_names().map(|(name, _)| name.to_lowercase()));
    match words.len() {
        0 => "a capability".to_string(),
        1 => words.remove(0),
        _ => {
            let last = words.pop().unwrap_or_default();
            format!("{} and {last}", words.join(", "))
        }
    }
}

/// The wgpu feature (or downlevel flag) that gives `caps`, as `wgpu::Features::X`; several
/// joined by ` | `.
pub fn wgpu_feature(caps: Caps) -> String {
    let mut names: Vec<String> = described(caps)
        .map(|(_, _, f)| format!("wgpu::{f}"))
        .collect();
    names.dedup();
    if names.is_empty() {
        return format!("{caps:?}");
    }
    names.join(" | ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_capability_has_words() {
        let with_words = WORDS.iter().fold(Caps::empty(), |all, (c, _, _)| all | *c);
        assert_eq!(Caps::all().difference(with_words), Caps::empty());
    }

    #[test]
    fn words_for_capabilities() {
        assert_eq!(capability_words(Caps::SHADER_INT64), "64-bit integers");
        assert_eq!(
            capability_words(Caps::FLOAT64 | Caps::SUBGROUP),
            "f64 (64-bit floats) and subgroup operations"
        );
        assert_eq!(
            wgpu_feature(Caps::SHADER_INT64),
            "wgpu::Features::SHADER_INT64"
        );
    }

    #[test]
    fn enable_directives_are_read_until_the_first_declaration() {
        let wgsl = "// enable wgpu_ray_query;\n/* enable x; */ enable f16 , clip_distances;\n\
                    requires readonly_and_readwrite_storage_textures;\nenable subgroups;\n\
                    const a = 1;\nenable dual_source_blending;\n";
        assert_eq!(enables(wgsl), ["f16", "clip_distances", "subgroups"]);
        let caps = Target::webgpu().for_module(wgsl);
        assert!(caps.contains(Caps::SHADER_FLOAT16 | Caps::CLIP_DISTANCES | Caps::SUBGROUP));
        assert!(!caps.contains(Caps::DUAL_SOURCE_BLENDING));
        assert_eq!(Target::native().for_module(wgsl), Caps::all());
    }

    #[test]
    fn webgpu_hints_name_the_enable_or_the_native_feature() {
        let webgpu = Target::webgpu();
        assert_eq!(
            webgpu.how_to_enable(Caps::SHADER_FLOAT16),
            "declare `enable f16;` at the top of the file (the device must offer it)"
        );
        assert!(
            webgpu
                .how_to_enable(Caps::SHADER_INT64)
                .contains("`wgpu::Features::SHADER_INT64` (check with `--target native`)")
        );
    }
}
