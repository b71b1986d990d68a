//! The validated effect model: what the engine consumes without re-checking.
//!
//! Only this crate can build a [`ValidatedEffect`] (it is `#[non_exhaustive]`), so holding one
//! proves that the structure resolved and naga validated the WGSL, as naga's back ends demand a
//! `ModuleInfo` that only its validator makes.

use std::path::PathBuf;

use crate::source::Span;

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);

        impl $name {
            pub(crate) fn new(index: usize) -> Self {
                Self(index as u32)
            }

            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

typed_id!(
    /// A uniform of one effect.
    UniformId
);
typed_id!(
    /// A texture of one effect.
    TextureId
);
typed_id!(
    /// A sampler of one effect.
    SamplerId
);
typed_id!(
    /// A technique of one effect, in declaration order.
    TechniqueId
);
typed_id!(
    /// A storage (writable) view of a texture, for compute passes.
    StorageId
);
typed_id!(
    /// An entry point of the effect's naga module (`module().entry_points[id.index()]`).
    EntryPointId
);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarKind {
    Float,
    Sint,
    Uint,
    Bool,
}

/// A uniform's WGSL type: a scalar, a vector of 2 to 4 components, an `f32` matrix of 2 to 4
/// columns of such vectors, or an array of scalars or vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UniformType {
    pub scalar: ScalarKind,
    /// Components of a vector, or rows of a matrix (1 for scalars).
    pub components: u8,
    /// Columns of a matrix (1 for scalars and vectors). A non-float matrix, which WGSL lacks,
    /// is an array of `columns` vectors; as a single value ReShade FX's is also written as
    /// `array` vectors of one column.
    pub columns: u8,
    /// Elements of an array of scalars, vectors or matrices; 0 for a single value.
    pub array: u32,
}

impl UniformType {
    pub fn scalar(scalar: ScalarKind) -> Self {
        Self::vector(scalar, 1)
    }

    pub fn vector(scalar: ScalarKind, components: u8) -> Self {
        Self {
            scalar,
            components,
            columns: 1,
            array: 0,
        }
    }

    /// The type of one element (the type itself when it is not an array).
    pub fn element(self) -> Self {
        Self { array: 0, ..self }
    }

    /// Values in one element: components times columns.
    pub fn element_len(self) -> usize {
        usize::from(self.components) * usize::from(self.columns)
    }

    /// Byte distance between the vectors of an array in the uniform buffer: each element (each
    /// column of a matrix element) is padded to a `vec4` (WGSL requires a 16-byte stride in the
    /// uniform address space).
    pub const ARRAY_STRIDE: u32 = 16;

    /// Vectors the uniform buffer holds for an array: one per element, one per column of a
    /// matrix element.
    pub fn array_vectors(self) -> u32 {
        self.array * u32::from(self.columns)
    }

    /// Number of values: components times columns, column by column.
    /// Values in all: one per component, column and element.
    pub fn len(self) -> usize {
        self.element_len() * (self.array.max(1) as usize)
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The WGSL type user code sees.
    pub fn wgsl(self) -> String {
        self.wgsl_with(match self.scalar {
            ScalarKind::Float => "f32",
            ScalarKind::Sint => "i32",
            ScalarKind::Uint => "u32",
            ScalarKind::Bool => "bool",
        })
    }

    /// The WGSL type stored in the uniform buffer; `bool` is not host-shareable, so it travels as
    /// `u32`.
    pub fn host_wgsl(self) -> String {
        let scalar = match self.scalar {
            ScalarKind::Float => "f32",
            ScalarKind::Sint => "i32",
            ScalarKind::Uint | ScalarKind::Bool => "u32",
        };
        if self.array > 0 {
            // Elements (columns of matrix elements) padded to vec4 for the 16-byte array
            // stride; the loader unpacks them.
            return format!("array<vec4<{scalar}>, {}>", self.array_vectors());
        }
        self.wgsl_with(scalar)
    }

    fn wgsl_with(self, scalar: &str) -> String {
        if self.array > 0 {
            return format!(
                "array<{}, {}>",
                self.element().wgsl_with(scalar),
                self.array
            );
        }
        match (self.columns, self.components) {
            (1, 1) => scalar.to_string(),
            (1, n) => format!("vec{n}<{scalar}>"),
            (c, r) if self.scalar == ScalarKind::Float => format!("mat{c}x{r}<{scalar}>"),
            (c, r) => format!("array<vec{r}<{scalar}>, {c}>"),
        }
    }

    /// Byte distance between matrix columns (a column is aligned like a vector of its rows).
    pub fn column_stride(self) -> u32 {
        match self.components {
            1 => 4,
            2 => 8,
            _ => 16,
        }
    }

    /// Size and alignment in the uniform address space (WGSL's layout rules).
    pub fn size_align(self) -> (u32, u32) {
        if self.array > 0 {
            return (self.array_vectors() * Self::ARRAY_STRIDE, 16);
        }
        let (vector_size, vector_align) = match self.components {
            1 => (4, 4),
            2 => (8, 8),
            3 => (12, 16),
            _ => (16, 16),
        };
        if self.columns == 1 {
            (vector_size, vector_align)
        } else {
            (u32::from(self.columns) * self.column_stride(), vector_align)
        }
    }
}

/// An annotation value as written.
#[derive(Clone, Debug, PartialEq)]
pub enum AnnotationValue {
    Number(f64),
    String(String),
    Bool(bool),
    Ident(String),
    /// A vector constructor, e.g. `ui_min = vec2<f32>(0, 1);`.
    Vector(Vec<f64>),
}

/// The `< key = value; ... >` list of a uniform, texture or technique.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotations(pub Vec<(String, AnnotationValue)>);

impl Annotations {
    pub fn get(&self, key: &str) -> Option<&AnnotationValue> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn number(&self, key: &str) -> Option<f64> {
        match self.get(key)? {
            AnnotationValue::Number(n) => Some(*n),
            AnnotationValue::Bool(b) => Some(f64::from(u8::from(*b))),
            AnnotationValue::Vector(v) => v.first().copied(),
            _ => None,
        }
    }

    pub fn string(&self, key: &str) -> Option<&str> {
        match self.get(key)? {
            AnnotationValue::String(s) | AnnotationValue::Ident(s) => Some(s),
            _ => None,
        }
    }

    pub fn flag(&self, key: &str) -> Option<bool> {
        match self.get(key)? {
            AnnotationValue::Bool(b) => Some(*b),
            AnnotationValue::Number(n) => Some(*n != 0.0),
            _ => None,
        }
    }
}

/// The runtime data sources a uniform's `source` annotation may name: ReShade's, with its older
/// spellings of the overlay flags (`ui_open`, `ui_active`, `ui_hovered`).
pub const RUNTIME_SOURCES: [&str; 19] = [
    "frametime",
    "framecount",
    "random",
    "pingpong",
    "date",
    "timer",
    "key",
    "mousepoint",
    "mousedelta",
    "mousebutton",
    "mousewheel",
    "overlay_open",
    "overlay_active",
    "overlay_hovered",
    "ui_open",
    "ui_active",
    "ui_hovered",
    "screenshot",
    "bufready_depth",
];

#[derive(Clone, Debug, PartialEq)]
pub struct Uniform {
    pub name: String,
    pub ty: UniformType,
    /// Byte offset in the uniform buffer (meaningless for a [`Self::constant`] uniform).
    pub offset: u32,
    /// Initial value, one entry per component (integers and booleans are exact in `f64`). For a
    /// constant uniform, the value compiled in.
    pub init: Vec<f64>,
    pub annotations: Annotations,
    pub span: Span,
    /// Folded into a WGSL `const` (performance mode, and no `source`): it has no place in the
    /// uniform buffer, and a new value needs a recompile.
    pub constant: bool,
}

impl Uniform {
    /// The label the UI shows: `ui_label`, else the name.
    pub fn label(&self) -> &str {
        self.annotations.string("ui_label").unwrap_or(&self.name)
    }
}

/// Texel formats of ReShade FX.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureFormat {
    R8,
    R16,
    R16F,
    R32F,
    R32I,
    R32U,
    RG8,
    RG16,
    RG16F,
    RG32F,
    RGBA8,
    RGBA16,
    RGBA16F,
    RGBA32F,
    RGB10A2,
}

impl TextureFormat {
    pub const ALL: [(&'static str, TextureFormat); 15] = [
        ("R8", TextureFormat::R8),
        ("R16", TextureFormat::R16),
        ("R16F", TextureFormat::R16F),
        ("R32F", TextureFormat::R32F),
        ("R32I", TextureFormat::R32I),
        ("R32U", TextureFormat::R32U),
        ("RG8", TextureFormat::RG8),
        ("RG16", TextureFormat::RG16),
        ("RG16F", TextureFormat::RG16F),
        ("RG32F", TextureFormat::RG32F),
        ("RGBA8", TextureFormat::RGBA8),
        ("RGBA16", TextureFormat::RGBA16),
        ("RGBA16F", TextureFormat::RGBA16F),
        ("RGBA32F", TextureFormat::RGBA32F),
        ("RGB10A2", TextureFormat::RGB10A2),
    ];

    /// The WGSL texel format of a storage texture in this format. Every format has one; whether
    /// a device can write it is the device's (WebGPU guarantees [`Self::webgpu_storable`], an
    /// adapter may offer more), checked where the chain is built; the 16-bit normalized ones
    /// also need naga's `STORAGE_TEXTURE_16BIT_NORM_FORMATS` capability.
    pub fn storage_format(self) -> &'static str {
        match self {
            TextureFormat::R8 => "r8unorm",
            TextureFormat::R16 => "r16unorm",
            TextureFormat::R16F => "r16float",
            TextureFormat::R32F => "r32float",
            TextureFormat::R32I => "r32sint",
            TextureFormat::R32U => "r32uint",
            TextureFormat::RG8 => "rg8unorm",
            TextureFormat::RG16 => "rg16unorm",
            TextureFormat::RG16F => "rg16float",
            TextureFormat::RG32F => "rg32float",
            TextureFormat::RGBA8 => "rgba8unorm",
            TextureFormat::RGBA16 => "rgba16unorm",
            TextureFormat::RGBA16F => "rgba16float",
            TextureFormat::RGBA32F => "rgba32float",
            TextureFormat::RGB10A2 => "rgb10a2unorm",
        }
    }

    /// Whether every WebGPU device can write this format as a storage texture.
    pub fn webgpu_storable(self) -> bool {
        matches!(
            self,
            TextureFormat::RGBA8
                | TextureFormat::RGBA16F
                | TextureFormat::RGBA32F
                | TextureFormat::R32F
                | TextureFormat::R32I
                | TextureFormat::R32U
                | TextureFormat::RG32F
        )
    }

    /// ReShade's name of this format (`RGBA16F`).
    pub fn name(self) -> &'static str {
        TextureFormat::ALL
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("?", |(n, _)| n)
    }

    /// The WGSL sampled type of a texture in this format.
    pub fn sample_scalar(self) -> ScalarKind {
        match self {
            TextureFormat::R32I => ScalarKind::Sint,
            TextureFormat::R32U => ScalarKind::Uint,
            _ => ScalarKind::Float,
        }
    }

    /// How ReShade's runtime fills a texture of this format from its `source` image
    /// (`runtime::load_textures`); `None` for the formats it loads no image into (the texture
    /// stays black, and the runtime logs an error).
    pub fn image_fill(self) -> Option<ImageFill> {
        let (float, channels) = match self {
            TextureFormat::R8 => (false, 1),
            TextureFormat::RG8 => (false, 2),
            TextureFormat::RGBA8 => (false, 4),
            TextureFormat::R32F => (true, 1),
            TextureFormat::RG32F => (true, 2),
            TextureFormat::RGBA32F => (true, 4),
            _ => return None,
        };
        Some(ImageFill { float, channels })
    }
}

/// How a texture takes its `source` image: the first `channels` of the image's RGBA, as 8-bit
/// values or as 32-bit floats. ReShade reads the floats with `stbi_loadf`, which gives an HDR
/// image's values as stored and an 8-bit one's colour channels as `(v / 255)^2.2` (stb_image's
/// default LDR-to-HDR gamma; alpha stays `v / 255`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageFill {
    pub float: bool,
    pub channels: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextureSemantic {
    /// The current back buffer.
    Color,
    /// The input's depth.
    Depth,
    /// Any other semantic: bound to an empty texture.
    Other(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum TextureKind {
    /// A texture the effect owns.
    Owned {
        width: u32,
        height: u32,
        /// Slices of a 3D texture (`Depth`); 1 for a 2D texture.
        depth: u32,
        format: TextureFormat,
        mip_levels: u32,
    },
    /// A texture the runtime provides.
    Semantic(TextureSemantic),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Texture {
    /// The name in the generated WGSL (and what same-named textures of effects share by).
    pub name: String,
    /// The name as the user wrote it, when it differs from `name` (ReShade FX's qualified
    /// names: `ReShade::BackBufferTex` is `ReShade_BackBufferTex` in WGSL). Messages and the
    /// window show [`Texture::display_name`].
    pub written_name: Option<String>,
    pub kind: TextureKind,
    /// The image file it is filled from (`source` annotation), resolved to a path that exists.
    pub image: Option<PathBuf>,
    /// Sampled through an sRGB view (decoded to linear on read), because its samplers say
    /// `SRGBTexture = true`.
    pub srgb_read: bool,
    /// `pooled = true`: other effects may use the same GPU texture when theirs has the same
    /// description, so its contents do not last from one effect (or frame) to the next.
    pub pooled: bool,
    pub span: Span,
}

impl Texture {
    /// The name to show users: as written in their source.
    pub fn display_name(&self) -> &str {
        self.written_name.as_deref().unwrap_or(&self.name)
    }

    /// 3 for a 3D texture (`Depth` > 1), else 2.
    pub fn dimensions(&self) -> u8 {
        match self.kind {
            TextureKind::Owned { depth, .. } if depth > 1 => 3,
            _ => 2,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressMode {
    Clamp,
    Mirror,
    Wrap,
    Border,
}

impl AddressMode {
    /// The `AddressU/V/W` values both front ends accept, as ReShade spells them.
    pub const NAMES: [(&'static str, AddressMode); 5] = [
        ("CLAMP", AddressMode::Clamp),
        ("MIRROR", AddressMode::Mirror),
        ("WRAP", AddressMode::Wrap),
        ("REPEAT", AddressMode::Wrap),
        ("BORDER", AddressMode::Border),
    ];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FilterMode {
    Point,
    Linear,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Sampler {
    pub name: String,
    pub texture: TextureId,
    pub address: [AddressMode; 3],
    pub min_filter: FilterMode,
    pub mag_filter: FilterMode,
    pub mip_filter: FilterMode,
    pub srgb: bool,
    /// Mip levels the sampler may use: `MinLOD` to `MaxLOD`.
    pub lod_range: (f32, f32),
    pub span: Span,
}

/// A writable view of one mip level of a texture (`storage` declaration).
#[derive(Clone, Debug, PartialEq)]
pub struct Storage {
    pub name: String,
    pub texture: TextureId,
    pub mip_level: u32,
    /// Texture atomics run on its texels (ReShade FX `atomicAdd(storage, coord, value)`): it
    /// is bound with atomic access, which needs wgpu's `Features::TEXTURE_ATOMIC`, and its
    /// texture is created with `TextureUsages::STORAGE_ATOMIC`.
    pub atomic: bool,
    /// Some shader reads its texels (ReShade FX `texNDfetch(storage, coord)`): it is bound with
    /// read-write access, which wgpu gives `R32Float`, `R32Sint` and `R32Uint` everywhere and
    /// other formats only where the adapter supports it (`EffectChain::new` says so, located).
    pub read_write: bool,
    pub span: Span,
}

/// What one binding of group 0 holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BindingResource {
    Uniforms,
    Texture(TextureId),
    Sampler(SamplerId),
    Storage(StorageId),
}

/// A compute pass's entry point and workgroup counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ComputeDispatch {
    pub entry: EntryPointId,
    /// Workgroups in x, y and z (`DispatchSizeX/Y/Z`).
    pub groups: [u32; 3],
}

/// A render pass's draw: its two shaders and the primitives it draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Draw {
    pub vertex: EntryPointId,
    pub fragment: EntryPointId,
    pub vertex_count: u32,
    pub topology: PrimitiveTopology,
}

/// What a pass runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassKind {
    /// A draw into render targets (or the back buffer).
    Draw(Draw),
    /// A compute dispatch that writes storage textures.
    Compute(ComputeDispatch),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Binding {
    pub binding: u32,
    pub resource: BindingResource,
    /// For a texture: read through its sRGB view (decoded to linear), the view its
    /// `SRGBTexture = true` samplers need. A texture sampled both ways has two bindings.
    pub srgb: bool,
}

/// One pass of a technique, with every state the engine needs. Its fields are private: only
/// lowering makes one, so [`Pass::covers_target`] and [`Pass::may_discard`] (which the engine's
/// `LoadOp::DontCare` trusts) cannot be forged outside this crate:
///
/// ```compile_fail
/// # fn forge(mut pass: analysis::Pass) {
/// pass.covers_target = true; // private
/// # }
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    pub(crate) name: Option<String>,
    pub(crate) kind: PassKind,
    /// Targets written; empty means the back buffer.
    pub(crate) render_targets: Vec<TextureId>,
    pub(crate) clear_render_targets: bool,
    pub(crate) srgb_write: bool,
    pub(crate) covers_target: bool,
    pub(crate) may_discard: bool,
    pub(crate) blend: [Option<BlendState>; 8],
    pub(crate) write_mask: [u8; 8],
    pub(crate) stencil: Option<StencilState>,
    pub(crate) generate_mips: bool,
    pub(crate) bindings: Vec<Binding>,
    /// Render targets its shaders also sample: each such binding reads a copy of the target
    /// made just before the pass (see [`Pass::snapshots`]).
    pub(crate) snapshots: Vec<TextureId>,
    /// The uniforms its shaders read (all of them when that cannot be told, in performance
    /// mode where uniforms are constants).
    pub(crate) uniforms_read: Vec<UniformId>,
    pub(crate) span: Span,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PrimitiveTopology {
    PointList,
    LineList,
    LineStrip,
    #[default]
    TriangleList,
    TriangleStrip,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompareFunc {
    Never,
    Less,
    Equal,
    LessEqual,
    Greater,
    NotEqual,
    GreaterEqual,
    Always,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StencilOp {
    Keep,
    Zero,
    Replace,
    IncrementSaturate,
    DecrementSaturate,
    Invert,
    IncrementWrap,
    DecrementWrap,
}

/// A pass's stencil test against the effect's 8-bit stencil buffer, which is cleared to 0 before
/// the first stencil pass of each technique, as in ReShade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StencilState {
    pub func: CompareFunc,
    pub reference: u8,
    pub read_mask: u8,
    pub write_mask: u8,
    pub pass_op: StencilOp,
    pub fail_op: StencilOp,
    pub depth_fail_op: StencilOp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlendOp {
    Add,
    Subtract,
    ReverseSubtract,
    Min,
    Max,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlendFactor {
    Zero,
    One,
    SrcColor,
    InvSrcColor,
    SrcAlpha,
    InvSrcAlpha,
    DestAlpha,
    InvDestAlpha,
    DestColor,
    InvDestColor,
}

/// `result = src * src_factor (op) dest * dest_factor`, for colour and alpha separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlendState {
    pub color_op: BlendOp,
    pub src_color: BlendFactor,
    pub dest_color: BlendFactor,
    pub alpha_op: BlendOp,
    pub src_alpha: BlendFactor,
    pub dest_alpha: BlendFactor,
}

impl Pass {
    /// The `pass NAME` name, if it has one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// What the pass runs: a draw or a compute dispatch.
    pub fn kind(&self) -> PassKind {
        self.kind
    }

    /// The draw of a render pass; `None` for a compute pass.
    pub fn draw(&self) -> Option<Draw> {
        match self.kind {
            PassKind::Draw(draw) => Some(draw),
            PassKind::Compute(_) => None,
        }
    }

    /// The dispatch of a compute pass; `None` for a render pass.
    pub fn compute(&self) -> Option<ComputeDispatch> {
        match self.kind {
            PassKind::Compute(dispatch) => Some(dispatch),
            PassKind::Draw(_) => None,
        }
    }

    pub fn is_compute(&self) -> bool {
        self.compute().is_some()
    }

    /// The entry points the pass runs, in pipeline order (vertex then fragment, or the compute
    /// entry point).
    pub fn entry_points(&self) -> Vec<EntryPointId> {
        match self.kind {
            PassKind::Draw(draw) if draw.vertex == draw.fragment => vec![draw.vertex],
            PassKind::Draw(draw) => vec![draw.vertex, draw.fragment],
            PassKind::Compute(dispatch) => vec![dispatch.entry],
        }
    }

    /// Targets written; empty means the back buffer (and nothing, for a compute pass).
    pub fn render_targets(&self) -> &[TextureId] {
        &self.render_targets
    }

    /// `ClearRenderTargets = true`.
    pub fn clears_render_targets(&self) -> bool {
        self.clear_render_targets
    }

    /// `SRGBWriteEnable = true`.
    pub fn srgb_write(&self) -> bool {
        self.srgb_write
    }

    /// Whether the draw provably reaches every pixel of its targets: its vertex shader, run on the
    /// CPU for each vertex, yields triangles whose union covers the viewport (see
    /// [`crate::coverage`]). False when that cannot be shown, and for compute passes.
    pub fn covers_target(&self) -> bool {
        self.covers_target
    }

    /// Whether the pixel shader, or a function it calls, may `discard` (leaving pixels as they
    /// were). False for compute passes.
    pub fn may_discard(&self) -> bool {
        self.may_discard
    }

    /// Blending per render target slot (`None`: replace).
    pub fn blend(&self) -> &[Option<BlendState>; 8] {
        &self.blend
    }

    /// Colour write mask per render target slot: bit 0 red, 1 green, 2 blue, 3 alpha.
    pub fn write_mask(&self) -> &[u8; 8] {
        &self.write_mask
    }

    /// Stencil test and update, against the effect's stencil buffer (`StencilEnable = true`).
    pub fn stencil(&self) -> Option<&StencilState> {
        self.stencil.as_ref()
    }

    /// Regenerate the mip chain of rendered targets that have more than one level (default true,
    /// as in ReShade).
    pub fn generate_mips(&self) -> bool {
        self.generate_mips
    }

    /// The bindings this pass's shaders use, in binding order.
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    /// The render targets this pass also samples: the engine copies each into a texture of its
    /// own just before the pass and binds that copy where the pass reads the target, so the
    /// pass reads the target as it was (wgpu cannot sample a texture a pass renders to).
    pub fn snapshots(&self) -> &[TextureId] {
        &self.snapshots
    }

    /// The uniforms this pass's shaders read (what the window greys when no pass reading a
    /// uniform runs).
    pub fn uniforms_read(&self) -> &[UniformId] {
        &self.uniforms_read
    }

    pub fn span(&self) -> Span {
        self.span
    }

    /// Whether the pass's output depends on what its target held before (blending, masked
    /// writes), so the target must hold the previous image.
    pub fn reads_target(&self) -> bool {
        let slots = self.render_targets.len().max(1);
        self.blend[..slots].iter().any(Option::is_some)
            || self.write_mask[..slots].iter().any(|m| *m != 0xF)
    }

    /// Whether the draw writes every pixel of its targets regardless of what they held: it
    /// provably covers them, and neither blends, masks writes, tests stencil nor discards. Such a
    /// pass needs no previous contents under it, neither copied, loaded nor cleared.
    pub fn overwrites_target(&self) -> bool {
        self.covers_target && !self.reads_target() && self.stencil.is_none() && !self.may_discard
    }

    pub fn writes_back_buffer(&self) -> bool {
        self.render_targets.is_empty() && !self.is_compute()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Technique {
    pub name: String,
    pub annotations: Annotations,
    pub passes: Vec<Pass>,
    pub span: Span,
}

impl Technique {
    /// `ui_label`, else the name.
    pub fn label(&self) -> &str {
        self.annotations.string("ui_label").unwrap_or(&self.name)
    }

    /// The `enabled` annotation: whether it runs when no preset says otherwise.
    pub fn enabled_by_default(&self) -> bool {
        self.annotations.flag("enabled").unwrap_or(false)
    }
}

/// How uniforms reach the shaders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CompileMode {
    /// From a uniform buffer, editable every frame.
    #[default]
    Normal,
    /// Each uniform without a `source` becomes a WGSL `const` holding its value (from
    /// `Options::uniform_values`, else its initial value), so naga and drivers fold it. Uniforms
    /// with a `source` (timers, mouse, ...) stay in the uniform buffer, as in ReShade.
    Performance,
}

/// An effect that parsed, resolved and validated. Its fields are private and only the whole
/// front end ([`crate::load_effect`], [`crate::compile`]) makes one, so holding one proves every
/// check ran, as naga's back ends demand a `ModuleInfo` that only its validator makes.
///
/// ```compile_fail
/// # fn forge(effect: &mut analysis::ValidatedEffect) {
/// effect.techniques.clear(); // private: cannot be edited outside `analysis`
/// # }
/// ```
// Clone copies a proof, which forges nothing: the SPIR-V view compiles a copy on a worker thread.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ValidatedEffect {
    pub(crate) path: PathBuf,
    pub(crate) mode: CompileMode,
    pub(crate) back_buffer: crate::BackBuffer,
    pub(crate) wgsl: String,
    pub(crate) wgsl_lines: crate::wgsl_lines::WgslLineOrigins,
    pub(crate) module: naga::Module,
    pub(crate) info: naga::valid::ModuleInfo,
    pub(crate) uniforms: Vec<Uniform>,
    pub(crate) uniform_buffer_size: u32,
    pub(crate) textures: Vec<Texture>,
    pub(crate) samplers: Vec<Sampler>,
    pub(crate) storages: Vec<Storage>,
    pub(crate) techniques: Vec<Technique>,
    pub(crate) bindings: Vec<Binding>,
    /// Where each texture's, storage's, technique's and pass's declaration is, for errors found
    /// after loading (the device's limits) where the source map is gone, and for the editor's
    /// gutter (a pass's line).
    pub(crate) locations: std::collections::HashMap<Span, DeclarationPlace>,
    /// See [`Self::tested_definitions`].
    pub(crate) tested_definitions: Vec<(String, String)>,
}

/// Where a declaration is: `path:line:column` as errors print it, and its parts.
#[derive(Clone, Debug)]
pub(crate) struct DeclarationPlace {
    text: String,
    path: PathBuf,
    start: crate::source::LineCol,
}

impl ValidatedEffect {
    /// The back buffer the effect was compiled for (its `BUFFER_COLOR_SPACE` and
    /// `BUFFER_COLOR_BIT_DEPTH`).
    pub fn back_buffer(&self) -> crate::BackBuffer {
        self.back_buffer
    }

    /// The preprocessor definitions the effect offers, with their values in this compile (its
    /// default, or what the preset or `-D` set): what ReShade lists under "Preprocessor
    /// definitions". As ReShade: object-like macros an active `#ifdef`/`#ifndef` tested before
    /// the effect defined them, except names under 8 characters, names starting with `_`,
    /// `BUFFER_` or `RESHADE_`, and include guards (`INCLUDE_` in the name).
    pub fn tested_definitions(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tested_definitions
            .iter()
            .filter(|(name, _)| {
                name.len() >= 8
                    && !name.starts_with('_')
                    && !name.starts_with("BUFFER_")
                    && !name.starts_with("RESHADE_")
                    && !name.contains("INCLUDE_")
            })
            .map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The effect file.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Where a declaration of this effect (a texture, storage, technique or pass) is, as
    /// `path:line:column`; `None` for other spans.
    pub fn location(&self, span: Span) -> Option<&str> {
        self.locations.get(&span).map(|p| p.text.as_str())
    }

    /// The file and first line and column of a declaration of this effect (a texture, storage,
    /// technique or pass); `None` for other spans.
    pub fn place(&self, span: Span) -> Option<(&std::path::Path, crate::source::LineCol)> {
        self.locations
            .get(&span)
            .map(|p| (p.path.as_path(), p.start))
    }

    /// Records the file, where the declarations are and where each WGSL line came from, once
    /// loading is done (the source map is final then).
    pub(crate) fn finish(&mut self, path: &std::path::Path, sources: &crate::SourceMap) {
        self.path = path.to_path_buf();
        self.wgsl_lines.resolve(sources);
        let spans = self.textures.iter().map(|t| t.span);
        let spans = spans.chain(self.storages.iter().map(|s| s.span));
        let techniques = self.techniques.iter();
        let spans = spans.chain(
            techniques.flat_map(|t| std::iter::once(t.span).chain(t.passes.iter().map(|p| p.span))),
        );
        let spans: Vec<Span> = spans.collect();
        for span in spans {
            let location = sources.location(span);
            let place = DeclarationPlace {
                text: location.to_string(),
                path: location.path.to_path_buf(),
                start: location.start,
            };
            self.locations.insert(span, place);
        }
    }

    /// How uniforms reach the shaders.
    pub fn mode(&self) -> CompileMode {
        self.mode
    }

    /// The WGSL handed to naga: user code (structure blanked, offsets kept) plus generated
    /// declarations.
    pub fn wgsl(&self) -> &str {
        &self.wgsl
    }

    /// Where 1-based line `line` of [`Self::wgsl`] came from in the user's sources (through
    /// includes and macros for WFX, from the FX construct it stands for for ReShade FX, or the
    /// declaration a generated line was made from); `None` for blank lines, generated text that
    /// stands for no declaration, and lines past the end.
    pub fn source_span_of_wgsl_line(&self, line: u32) -> Option<crate::Span> {
        self.wgsl_lines.span(line)
    }

    /// [`Self::source_span_of_wgsl_line`] as a file, line and column, resolved against the
    /// sources the effect was loaded from.
    pub fn source_of_wgsl_line(&self, line: u32) -> Option<crate::wgsl_lines::SourceLine<'_>> {
        self.wgsl_lines.source_line(line)
    }

    /// The validated naga module.
    pub fn module(&self) -> &naga::Module {
        &self.module
    }

    /// naga's validation result for [`Self::module`].
    pub fn info(&self) -> &naga::valid::ModuleInfo {
        &self.info
    }

    pub fn entry_point(&self, id: EntryPointId) -> &naga::EntryPoint {
        &self.module.entry_points[id.index()]
    }

    pub fn uniforms(&self) -> &[Uniform] {
        &self.uniforms
    }

    /// Size of the uniform buffer in bytes (0 when every uniform is constant, or there are none).
    pub fn uniform_buffer_size(&self) -> u32 {
        self.uniform_buffer_size
    }

    pub fn textures(&self) -> &[Texture] {
        &self.textures
    }

    pub fn samplers(&self) -> &[Sampler] {
        &self.samplers
    }

    pub fn storages(&self) -> &[Storage] {
        &self.storages
    }

    pub fn techniques(&self) -> &[Technique] {
        &self.techniques
    }

    /// Every binding of group 0.
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    pub fn texture(&self, id: TextureId) -> &Texture {
        &self.textures[id.index()]
    }

    /// Every texture's id, in declaration order.
    pub fn texture_ids(&self) -> impl Iterator<Item = TextureId> + '_ {
        (0..self.textures.len()).map(TextureId::new)
    }

    /// Every sampler's id, in declaration order.
    pub fn sampler_ids(&self) -> impl Iterator<Item = SamplerId> + '_ {
        (0..self.samplers.len()).map(SamplerId::new)
    }

    /// Every storage's id, in declaration order.
    pub fn storage_ids(&self) -> impl Iterator<Item = StorageId> + '_ {
        (0..self.storages.len()).map(StorageId::new)
    }

    pub fn sampler(&self, id: SamplerId) -> &Sampler {
        &self.samplers[id.index()]
    }

    pub fn storage(&self, id: StorageId) -> &Storage {
        &self.storages[id.index()]
    }

    pub fn technique(&self, id: TechniqueId) -> &Technique {
        &self.techniques[id.index()]
    }

    pub fn technique_ids(&self) -> impl Iterator<Item = TechniqueId> + '_ {
        (0..self.techniques.len()).map(TechniqueId::new)
    }

    pub fn find_technique(&self, name: &str) -> Option<TechniqueId> {
        self.techniques
            .iter()
            .position(|t| t.name == name)
            .map(TechniqueId::new)
    }

    pub fn find_uniform(&self, name: &str) -> Option<UniformId> {
        self.uniforms
            .iter()
            .position(|u| u.name == name)
            .map(UniformId::new)
    }

    pub fn uniform(&self, id: UniformId) -> &Uniform {
        &self.uniforms[id.index()]
    }

    /// The uniform buffer's bytes for the given values (one `Vec<f64>` per uniform).
    pub fn uniform_bytes(&self, values: &[Vec<f64>]) -> Vec<u8> {
        let mut bytes = vec![0u8; self.uniform_buffer_size as usize];
        for (uniform, value) in self.uniforms.iter().zip(values) {
            if uniform.constant {
                continue;
            }
            let rows = usize::from(uniform.ty.components);
            for (i, &component) in value.iter().take(uniform.ty.len()).enumerate() {
                let word: [u8; 4] = match uniform.ty.scalar {
                    ScalarKind::Float => (component as f32).to_le_bytes(),
                    ScalarKind::Sint => (component as i32).to_le_bytes(),
                    ScalarKind::Uint => (component as u32).to_le_bytes(),
                    ScalarKind::Bool => u32::from(component != 0.0).to_le_bytes(),
                };
                // Matrices are stored column by column, each column padded to its alignment;
                // in an array each vector (an element, or a column of one) takes 16 bytes.
                let at = if uniform.ty.array > 0 {
                    uniform.offset as usize
                        + (i / rows) * UniformType::ARRAY_STRIDE as usize
                        + 4 * (i % rows)
                } else {
                    uniform.offset as usize
                        + (i / rows) * uniform.ty.column_stride() as usize
                        + 4 * (i % rows)
                };
                if let Some(slot) = bytes.get_mut(at..at + 4) {
                    slot.copy_from_slice(&word);
                }
            }
        }
        bytes
    }

    /// Initial values of all uniforms.
    pub fn initial_values(&self) -> Vec<Vec<f64>> {
        self.uniforms.iter().map(|u| u.init.clone()).collect()
    }
}
