//! The model-building half of lowering, shared by every front end: given the generated WGSL with
//! its span map and the resolved items, [`EffectBuilder`] has naga parse and validate the WGSL,
//! matches bindings to naga's globals, turns each pass's [`PassStates`](super::PassStates) into a
//! model pass (`pass.rs`), builds the [`ValidatedEffect`] only when nothing was wrong, and runs
//! the lints on it (`lints/`) while the WGSL's span map still lives: every front end's effects
//! are linted, in their user's words.
//!
//! A front end drives it in three steps, so its diagnostics keep the order of its text:
//! [`EffectBuilder::new`] (validation), then per pass [`EffectBuilder::entry_point`] to resolve
//! shader names and [`EffectBuilder::pass`], then [`EffectBuilder::finish`].

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::GeneratedWgsl;
use super::naga_check;
use super::wgsl::inject_uniform_loads;
use crate::Options;
use crate::diagnostic::{Diagnostic, DiagnosticCode};
use crate::lints::{self, LintContext, LintFacts};
use crate::model::*;
use crate::source::Span;

/// The effect's resolved structure items, from whichever front end: what the generated WGSL
/// declares.
#[derive(Default)]
pub(crate) struct EffectItems {
    pub uniforms: Vec<Uniform>,
    pub uniform_buffer_size: u32,
    pub textures: Vec<Texture>,
    pub samplers: Vec<Sampler>,
    pub storages: Vec<Storage>,
    /// Textures that get a second binding, their sRGB view, named by
    /// [`super::wgsl::srgb_view_name`]: a front end whose samplers choose the view (ReShade FX)
    /// lists the textures that some sampler reads with decoding.
    pub srgb_views: Vec<TextureId>,
    /// Every group-0 binding the generated WGSL declares (see `wgsl::generate`).
    pub bindings: Vec<Binding>,
    /// What the front end knows about its code that the WGSL cannot show, for the lints.
    pub lint_facts: LintFacts,
}

/// A validated WGSL module and the items it declares, collecting passes into an effect.
pub(crate) struct EffectBuilder<'a> {
    pub(super) mode: CompileMode,
    /// The back buffer's size, which the stencil buffer shares.
    pub(super) buffer_size: (u32, u32),
    back_buffer: crate::BackBuffer,
    /// The WGSL and its span map, for the lints.
    wgsl: GeneratedWgsl<'a>,
    /// Where each line of `wgsl` came from.
    pub(super) wgsl_lines: crate::wgsl_lines::WgslLineOrigins,
    pub(super) module: naga::Module,
    pub(super) info: naga::valid::ModuleInfo,
    pub(super) items: EffectItems,
    /// Each binding with its global variable in the module, found once rather than per pass.
    pub(super) globals: Vec<(Binding, Option<naga::Handle<naga::GlobalVariable>>)>,
    /// Whether a draw covers its target, by vertex entry point, vertex count and topology:
    /// passes share vertex shaders, and the proof runs the shader.
    pub(super) coverage: HashMap<(EntryPointId, u32, PrimitiveTopology), bool>,
    /// Errors in the diagnostics before the front end began: more at the end means no effect.
    errors_before: usize,
    /// The target's device limits, checked once the effect is built (`crate::limits`).
    limits: Option<crate::limits::DeviceLimits>,
}

/// Counts the errors among `diagnostics`.
pub(crate) fn error_count(diagnostics: &[Diagnostic]) -> usize {
    diagnostics.iter().filter(|d| d.is_error()).count()
}

impl<'a> EffectBuilder<'a> {
    /// Has naga parse `wgsl` (adding the uniform loads to entry points) and validate it,
    /// reporting each error once at the user's text; `None` when the WGSL is not valid.
    /// `errors_before` is the error count when the front end started on this effect.
    pub fn new(
        wgsl: GeneratedWgsl<'a>,
        items: EffectItems,
        options: &Options,
        errors_before: usize,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<Self> {
        let runtime: Vec<&str> = items
            .uniforms
            .iter()
            .filter(|u| !u.constant)
            .map(|u| u.name.as_str())
            .collect();
        let map = |s: naga::Span| Some(wgsl.map_span(s));
        let checked = naga_check::parse_and_validate(
            &wgsl.text,
            wgsl.user_len(),
            &map,
            &options.target,
            wgsl.fast_bodies,
            |module| {
                if wgsl.level_zero_outside_fragment {
                    super::stage_sampling::level_zero_outside_fragment(module);
                }
                if !runtime.is_empty() {
                    inject_uniform_loads(module, &runtime);
                }
            },
        );
        let (module, info) = match checked {
            Ok(checked) => checked,
            Err(found) => {
                for mut d in found {
                    d.span.get_or_insert(wgsl.fallback());
                    // Two naga objects can map to one place (generated code maps to its origin).
                    if !diagnostics.contains(&d) {
                        diagnostics.push(d);
                    }
                }
                return None;
            }
        };
        let by_binding: HashMap<u32, naga::Handle<naga::GlobalVariable>> = module
            .global_variables
            .iter()
            .filter_map(|(handle, var)| {
                let b = var.binding.as_ref().filter(|b| b.group == 0)?;
                Some((b.binding, handle))
            })
            .collect();
        let globals = items
            .bindings
            .iter()
            .map(|b| (*b, by_binding.get(&b.binding).copied()))
            .collect();
        Some(Self {
            mode: options.mode,
            buffer_size: (options.buffer_width, options.buffer_height),
            back_buffer: options.back_buffer,
            // Only the SPIR-V view reads the line table; a one-shot check never shows one.
            wgsl_lines: if options.exit_after {
                crate::wgsl_lines::WgslLineOrigins::default()
            } else {
                crate::wgsl_lines::WgslLineOrigins::of(&wgsl)
            },
            wgsl,
            module,
            info,
            items,
            globals,
            coverage: HashMap::default(),
            errors_before,
            limits: options.target.limits,
        })
    }

    /// The effect's textures, by `TextureId`.
    pub fn textures(&self) -> &[Texture] {
        &self.items.textures
    }

    /// The entry point called `name` for a pass state `key` that wants a `stage` shader, its
    /// value written at `span`; reports a missing one, or one of another stage.
    pub fn entry_point(
        &self,
        name: &str,
        stage: naga::ShaderStage,
        key: &str,
        span: Span,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<EntryPointId> {
        let module = &self.module;
        match module.entry_points.iter().position(|e| e.name == name) {
            Some(i) if module.entry_points[i].stage == stage => Some(EntryPointId::new(i)),
            Some(i) => {
                diagnostics.push(Diagnostic::error(
                    DiagnosticCode::EntryNotFound,
                    span,
                    format!(
                        "'{name}' : is a {:?} entry point, '{key}' needs a {stage:?} one",
                        module.entry_points[i].stage
                    ),
                ));
                None
            }
            None => {
                let is_function = module
                    .functions
                    .iter()
                    .any(|(_, f)| f.name.as_deref() == Some(name));
                let attribute = match stage {
                    naga::ShaderStage::Vertex => "@vertex",
                    naga::ShaderStage::Fragment => "@fragment",
                    _ => "@compute",
                };
                let mut d = Diagnostic::error(
                    DiagnosticCode::EntryNotFound,
                    span,
                    format!("'{name}' : no entry point of that name"),
                );
                if is_function {
                    d = d.with_note(format!(
                        "'{name}' is a plain function: mark it '{attribute}'"
                    ));
                }
                diagnostics.push(d);
                None
            }
        }
    }

    /// Resolves how textures are read (sRGB or linear), builds the effect and lints it; `None`
    /// when any error was reported since the front end began, so no effect with an error ever
    /// exists.
    pub fn finish(
        mut self,
        mut techniques: Vec<Technique>,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<ValidatedEffect> {
        // Only samplers some pass binds decide how a texture is read (a header's unused sampler
        // must not clash with an effect's own).
        let used_samplers: HashSet<SamplerId> = techniques
            .iter()
            .flat_map(|t: &Technique| &t.passes)
            .flat_map(|p| &p.bindings)
            .filter_map(|b| match b.resource {
                BindingResource::Sampler(id) => Some(id),
                _ => None,
            })
            .collect();
        let decoded = resolve_srgb_reads(&mut self.items, &used_samplers, diagnostics);
        super::images::check_images(&self.items.textures, diagnostics);
        let pass_bindings = techniques
            .iter_mut()
            .flat_map(|t| &mut t.passes)
            .flat_map(|p| &mut p.bindings);
        for b in self.items.bindings.iter_mut().chain(pass_bindings) {
            if let BindingResource::Texture(id) = b.resource
                && decoded.contains(&id)
            {
                b.srgb = true;
            }
        }
        if error_count(diagnostics) > self.errors_before {
            return None;
        }
        let lint_facts = std::mem::take(&mut self.items.lint_facts);
        let items = self.items;
        let effect = ValidatedEffect {
            path: std::path::PathBuf::new(),
            mode: self.mode,
            back_buffer: self.back_buffer,
            wgsl: self.wgsl.take_text(),
            wgsl_lines: self.wgsl_lines,
            module: self.module,
            info: self.info,
            uniforms: items.uniforms,
            uniform_buffer_size: items.uniform_buffer_size,
            textures: items.textures,
            samplers: items.samplers,
            storages: items.storages,
            techniques,
            bindings: items.bindings,
            locations: std::collections::HashMap::default(),
            tested_definitions: Vec::new(),
        };
        let cx = LintContext {
            effect: &effect,
            wgsl: &self.wgsl,
            facts: &lint_facts,
        };
        lints::run(&cx, diagnostics);
        for exceeded in crate::limits::check(&effect, self.limits.as_ref()) {
            let span = exceeded
                .wgsl_span
                .map_or(exceeded.span, |s| self.wgsl.map_span(s));
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::LimitExceeded,
                span,
                exceeded.to_string(),
            ));
        }
        if error_count(diagnostics) > self.errors_before {
            return None;
        }
        Some(effect)
    }
}

/// Which view each texture is read through. A front end that binds a texture's sRGB view on
/// its own (`EffectItems::srgb_views`, ReShade FX) lets samplers mix both modes. Otherwise the
/// user's code names one texture binding, so all samplers naming it must agree, and when they
/// all decode, that binding becomes the sRGB view. Either way the texture needs a format with
/// an sRGB view (RGBA8, or the back buffer).
///
/// Returns the textures whose one binding now reads the sRGB view.
fn resolve_srgb_reads(
    items: &mut EffectItems,
    used: &HashSet<SamplerId>,
    diagnostics: &mut Vec<Diagnostic>,
) -> HashSet<TextureId> {
    let mut decoded = HashSet::default();
    for i in 0..items.textures.len() {
        let id = TextureId::new(i);
        let users: Vec<&Sampler> = items
            .samplers
            .iter()
            .enumerate()
            .filter(|(s, sampler)| sampler.texture == id && used.contains(&SamplerId::new(*s)))
            .map(|(_, s)| s)
            .collect();
        let Some(first_srgb) = users.iter().find(|s| s.srgb) else {
            continue;
        };
        let texture = &items.textures[i];
        let own_view = items.srgb_views.contains(&id);
        if !own_view && let Some(linear) = users.iter().find(|s| !s.srgb) {
            let d = Diagnostic::error(
                DiagnosticCode::InvalidRenderStateValue,
                linear.span,
                format!(
                    "'{}' : samples '{}' without sRGB decoding, but '{}' samples it with SRGBTexture = true",
                    linear.name,
                    texture.display_name(),
                    first_srgb.name
                ),
            )
            .with_related(first_srgb.span, "sRGB sampler")
            .with_note("the code names one texture binding: declare a second texture or use one mode");
            diagnostics.push(d);
            continue;
        }
        // A texture of a semantic takes any sampler: ReShade's runtime binds a semantic's one
        // view for both modes where it has no sRGB view (`update_texture_bindings`: depth, and
        // the empty texture of a semantic nothing provides), so only COLOR decodes.
        let has_srgb_view = match &texture.kind {
            TextureKind::Owned { format, .. } => *format == TextureFormat::RGBA8,
            TextureKind::Semantic(_) => true,
        };
        if !has_srgb_view {
            diagnostics.push(Diagnostic::error(
                DiagnosticCode::InvalidRenderStateValue,
                first_srgb.span,
                format!(
                    "'{}' : SRGBTexture needs a texture with an sRGB view (RGBA8 or COLOR); '{}' has none",
                    first_srgb.name,
                    texture.display_name()
                ),
            ));
            continue;
        }
        items.textures[i].srgb_read = true;
        if !own_view {
            decoded.insert(id);
        }
    }
    decoded
}
