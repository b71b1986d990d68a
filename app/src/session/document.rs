//! The open document: which effect files, which preset, and how they combine into a chain. Shared
//! by the window and the `fxbench render`/`bench` commands, so both run exactly the same thing.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use analysis::preset::{OrderEntry, Preset, TechniqueRef, merge_technique_list, order_techniques};
use analysis::{
    CompileMode, Diagnostic, LoadOutput, Options, ScalarKind, UniformType, ValidatedEffect,
};
use engine::{EffectChain, ToggleKey};

use super::files::{builtin_assets_dir, include_dirs};
use super::search::{ReshadeIni, SearchPaths};

/// How [`Document::compile_in`] compiles the effects: [`analysis::CompileMode`] and, in
/// performance mode, the values folded in. (A separate name from `CompileMode`: this one carries
/// the values, which only the session knows, from the running chain.)
#[derive(Clone, Debug, Default, PartialEq)]
pub enum CompileSettings {
    /// Uniforms in a buffer, editable every frame.
    #[default]
    Normal,
    /// Uniforms without a `source` folded into constants with these values (by effect path, then
    /// uniform name; a missing one keeps its initial value). See [`Document::performance_mode`].
    Performance(HashMap<PathBuf, HashMap<String, Vec<f64>>>),
}

impl CompileSettings {
    /// The front end's mode these settings compile in.
    pub fn mode(&self) -> CompileMode {
        match self {
            Self::Normal => CompileMode::Normal,
            Self::Performance(_) => CompileMode::Performance,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Document {
    pub effect_paths: Vec<PathBuf>,
    pub preset_path: Option<PathBuf>,
    pub preset: Option<Preset>,
    /// Effect and texture search paths, as ReShade's `EffectSearchPaths` and
    /// `TextureSearchPaths` (`-I` and `--textures` on the command line, then a `ReShade.ini`
    /// beside the preset): `#include` looks in the effect search paths after the including
    /// file's folder and before the built-in headers, a preset's effects are looked up in
    /// them, and `source` images in the texture search paths after the effect's folder (see
    /// [`SearchPaths::texture_dirs`]).
    pub search_paths: SearchPaths,
    /// The `ReShade.ini` beside the preset, when there is one: its search paths are in
    /// [`Self::search_paths`], its `PreprocessorDefinitions` apply to every effect after the
    /// preset's own.
    pub reshade_ini: Option<ReshadeIni>,
    /// What the effects' WGSL is validated against: the window sets its device's capabilities;
    /// `None` means what the engine asks of a device (`analysis::Target::engine`).
    pub target: Option<analysis::Target>,
    /// Effects the preset names that are not installed where ReShade would look: as ReShade,
    /// they are skipped and the rest runs; their lines stay in the preset, so a save keeps them.
    pub missing_effects: Vec<MissingEffect>,
    /// The back buffer the effects are compiled for (`BUFFER_COLOR_SPACE`,
    /// `BUFFER_COLOR_BIT_DEPTH`); the chain must run on the same.
    pub back_buffer: analysis::BackBuffer,
}

/// An effect a preset names that was not found (see [`Document::missing_effects`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("preset names effect '{name}', not found in {searched}; its techniques are skipped")]
pub struct MissingEffect {
    /// The file name as the preset writes it (`Bloom.fx`).
    pub name: String,
    /// The folders searched, in order.
    pub searched: String,
}

/// `--technique` named something no open effect has.
#[derive(Debug, thiserror::Error)]
#[error("no technique '{name}' in the effects (they have: {available})")]
pub struct UnknownTechnique {
    pub name: String,
    pub available: String,
}

/// Effects that compiled, plus every file's diagnostics rendered with their sources.
pub struct Compiled {
    pub effects: Vec<ValidatedEffect>,
    pub outputs: Vec<LoadOutput>,
}

impl Compiled {
    pub fn diagnostics(&self) -> impl Iterator<Item = (&LoadOutput, &Diagnostic)> {
        self.outputs
            .iter()
            .flat_map(|o| o.diagnostics.iter().map(move |d| (o, d)))
    }

    /// Every file the front end read: the effects and everything they include. Text the front
    /// end supplies itself (ReShade FX's `<reshade prelude>` of compatibility macros) is no file.
    pub fn files(&self) -> Vec<PathBuf> {
        self.outputs
            .iter()
            .flat_map(|o| o.sources.read_files().map(|f| f.path.clone()))
            .collect()
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics().any(|(_, d)| d.is_error())
    }

    /// Every diagnostic as `path:line:col: severity[Code]: message`.
    pub fn render_diagnostics(&self) -> String {
        self.outputs
            .iter()
            .filter(|o| !o.diagnostics.is_empty())
            .map(LoadOutput::render_diagnostics)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    #[error("{0}")]
    Preset(String),
    #[error("preset names effect '{name}', not found in {searched}")]
    EffectNotFound { name: String, searched: String },
    #[error("{}: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl Document {
    /// Opens a preset; with no effect paths given, the effects it names are looked up next to it,
    /// in `../assets` beside it, and in the built-in assets.
    pub fn with_preset(
        preset_path: &Path,
        effect_paths: Vec<PathBuf>,
    ) -> Result<Self, DocumentError> {
        Self::with_preset_in(preset_path, effect_paths, SearchPaths::default())
    }

    /// [`Self::with_preset`] with search paths; the preset's effects are also looked for in the
    /// effect search paths (names in any case, as ReShade does). A `ReShade.ini` beside the
    /// preset adds its search paths after these, and its definitions.
    pub fn with_preset_in(
        preset_path: &Path,
        mut effect_paths: Vec<PathBuf>,
        search_paths: SearchPaths,
    ) -> Result<Self, DocumentError> {
        let reshade_ini = ReshadeIni::beside(preset_path.parent().unwrap_or(Path::new(".")));
        let search_paths = match &reshade_ini {
            Some(ini) => search_paths.then(&ini.search_paths),
            None => search_paths,
        };
        let load = Preset::load(preset_path);
        if !load.diagnostics.is_empty() {
            let text = load
                .diagnostics
                .iter()
                .map(|d| d.render_short(&load.sources))
                .collect::<Vec<_>>()
                .join("\n");
            if load.diagnostics.iter().any(Diagnostic::is_error) {
                return Err(DocumentError::Preset(text));
            }
        }
        let preset = load.preset;
        let mut missing_effects = Vec::new();
        if effect_paths.is_empty() {
            let dir = preset_path.parent().unwrap_or(Path::new("."));
            let search = [
                dir.to_path_buf(),
                dir.join("../assets"),
                builtin_assets_dir(),
            ];
            let mut files: Vec<String> = Vec::new();
            for r in preset
                .technique_sorting()
                .into_iter()
                .chain(preset.techniques())
            {
                if let Some(file) = r.effect
                    && !files.contains(&file)
                {
                    files.push(file);
                }
            }
            let named = files.len();
            for file in files {
                match find_preset_effect(&file, &search, &search_paths) {
                    Some(path) => effect_paths.push(path),
                    None => missing_effects.push(MissingEffect {
                        searched: search
                            .iter()
                            .chain(search_paths.effects.iter().map(|p| &p.dir))
                            .map(|p| p.display().to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                        name: file,
                    }),
                }
            }
            // One missing effect is skipped, as ReShade skips it; none found at all is a wrong
            // search path far more often than a preset meant to run nothing.
            if named > 0
                && effect_paths.is_empty()
                && let Some(first) = missing_effects.first()
            {
                return Err(DocumentError::EffectNotFound {
                    name: first.name.clone(),
                    searched: first.searched.clone(),
                });
            }
        }
        Ok(Self {
            effect_paths,
            preset_path: Some(preset_path.to_path_buf()),
            preset: Some(preset),
            search_paths,
            reshade_ini,
            target: None,
            missing_effects,
            back_buffer: analysis::BackBuffer::SRGB8,
        })
    }

    /// The preset's `PreprocessorDefinitions` for the global section (`None`) or an effect's
    /// section, as the user edits them: `NAME=VALUE,NAME2`; empty without a preset.
    pub fn definitions_text(&self, section: Option<&str>) -> String {
        self.preset
            .as_ref()
            .map(|p| {
                p.preprocessor_definitions(section)
                    .into_iter()
                    .map(|(n, v)| if v.is_empty() { n } else { format!("{n}={v}") })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .unwrap_or_default()
    }

    /// Sets the preset's `PreprocessorDefinitions` of the global section (`None`) or an effect's
    /// section from `NAME=VALUE,NAME2` text (a document without a preset gets a new, unsaved
    /// one). Returns whether the definitions changed, in which case the effects must be compiled
    /// again ([`Self::compile_in`] applies them), as ReShade reloads them.
    pub fn set_definitions(&mut self, section: Option<&str>, text: &str) -> bool {
        let definitions = analysis::preset::parse_definitions(text);
        let preset = self.preset.get_or_insert_with(Preset::default);
        if preset.preprocessor_definitions(section) == definitions {
            return false;
        }
        preset.set_preprocessor_definitions(section, &definitions);
        true
    }

    /// Sets one definition, `name` to `value`, in the global section (`None`) or an effect's
    /// section, keeping the others (what the window's list of an effect's definitions edits).
    /// Returns whether anything changed, as [`Self::set_definitions`].
    pub fn set_definition(&mut self, section: Option<&str>, name: &str, value: &str) -> bool {
        let mut definitions = self
            .preset
            .as_ref()
            .map(|p| p.preprocessor_definitions(section))
            .unwrap_or_default();
        match definitions.iter_mut().find(|(n, _)| n == name) {
            Some(entry) => value.clone_into(&mut entry.1),
            None => definitions.push((name.to_string(), value.to_string())),
        }
        let text = definitions
            .iter()
            .map(|(n, v)| {
                if v.is_empty() {
                    n.clone()
                } else {
                    format!("{n}={v}")
                }
            })
            .collect::<Vec<_>>()
            .join(",");
        self.set_definitions(section, &text)
    }

    /// The file that names the document: the preset, else the first effect.
    pub fn main_file(&self) -> Option<&Path> {
        self.preset_path
            .as_deref()
            .or(self.effect_paths.first().map(PathBuf::as_path))
    }

    /// What the document is called: [`Self::main_file`]'s stem, else "fxbench" (screenshots are
    /// named after it, as ReShade names them after the game).
    pub fn name(&self) -> String {
        self.main_file().and_then(Path::file_stem).map_or_else(
            || "fxbench".to_string(),
            |s| s.to_string_lossy().into_owned(),
        )
    }

    pub fn with_effects(effect_paths: Vec<PathBuf>) -> Self {
        Self {
            effect_paths,
            ..Self::default()
        }
    }

    /// Runs the front end on every effect for a back buffer of `size`.
    pub fn compile(&self, size: (u32, u32)) -> Compiled {
        self.compile_in(size, &CompileSettings::Normal)
    }

    /// [`Self::compile`] in a chosen mode.
    pub fn compile_in(&self, size: (u32, u32), settings: &CompileSettings) -> Compiled {
        self.compile_with(size, settings, &analysis::FsLoader)
    }

    /// [`Self::compile_in`] reading files through `loader` (the editor's unsaved buffers over the
    /// disk, [`super::buffer::OverlayLoader`]).
    pub fn compile_with(
        &self,
        size: (u32, u32),
        settings: &CompileSettings,
        loader: &dyn analysis::FileLoader,
    ) -> Compiled {
        let mut effects = Vec::new();
        let mut outputs = Vec::new();
        for path in &self.effect_paths {
            let options = self.effect_options(path, size, settings);
            let mut output = analysis::load_effect_with(path, loader, &options);
            if let Some(effect) = output.effect.take() {
                effects.push(effect);
            }
            outputs.push(output);
        }
        Compiled { effects, outputs }
    }

    /// The front end's options for effect `path` at `size` with `settings`: what
    /// [`Self::compile_with`] compiles it with (the shader debugger's instrumented compile must
    /// use the same, or its bindings would not match the chain's).
    pub fn effect_options(
        &self,
        path: &Path,
        size: (u32, u32),
        settings: &CompileSettings,
    ) -> Options {
        let mut options = Options {
            buffer_width: size.0,
            buffer_height: size.1,
            back_buffer: self.back_buffer,
            include_dirs: include_dirs(&self.search_paths),
            texture_dirs: self.search_paths.texture_dirs(path),
            builtin_include_dir: builtin_assets_dir().join("reshade"),
            ..Options::default()
        };
        if let Some(target) = &self.target {
            options.target = target.clone();
        }
        options.mode = settings.mode();
        // The preset's `PreprocessorDefinitions` (the effect's section, then the global one),
        // then ReShade.ini's; the first of a name wins, as in ReShade.
        if let (Some(preset), Some(file)) = (&self.preset, path.file_name()) {
            options.definitions = preset.effect_definitions(&file.to_string_lossy());
        }
        let mut seen: std::collections::HashSet<String> =
            options.definitions.iter().map(|(n, _)| n.clone()).collect();
        for (name, value) in self.reshade_ini.iter().flat_map(|i| &i.definitions) {
            if seen.insert(name.clone()) {
                options.definitions.push((name.clone(), value.clone()));
            }
        }
        if let CompileSettings::Performance(values) = settings
            && let Some(values) = values.get(path)
        {
            options.uniform_values.clone_from(values);
        }
        options
    }

    /// Performance mode with the values `chain` holds now (what the user set, the preset's, or
    /// the initial ones), as ReShade folds the preset's values.
    pub fn performance_mode(chain: &EffectChain) -> CompileSettings {
        let mut values = HashMap::new();
        for e in chain.effect_indices() {
            let effect = chain.effect(e);
            let by_name: HashMap<String, Vec<f64>> = effect
                .uniforms()
                .iter()
                .zip(chain.uniform_values(e))
                .map(|(u, v)| (u.name.clone(), v.clone()))
                .collect();
            values.insert(effect.path().to_path_buf(), by_name);
        }
        CompileSettings::Performance(values)
    }

    /// Compiles for a back buffer of `size` in `mode`; performance mode folds `chain`'s current
    /// values.
    pub fn compile_like(
        &self,
        size: (u32, u32),
        mode: CompileMode,
        chain: &EffectChain,
    ) -> Compiled {
        let settings = match mode {
            CompileMode::Performance => Self::performance_mode(chain),
            CompileMode::Normal => CompileSettings::Normal,
        };
        self.compile_in(size, &settings)
    }

    /// Applies the preset's technique list, order and uniform values to a chain. Without a
    /// preset every technique runs: the user named the effects to see them, and the window and
    /// `render`/`bench` follow this one rule (ReShade's "only `enabled = true`" is for an effect
    /// just installed under a preset that does not list it yet, which is what a preset gives).
    pub fn apply_preset(&self, chain: &mut EffectChain) {
        match &self.preset {
            Some(preset) => apply_preset(preset, chain),
            None => {
                for key in chain.order().to_vec() {
                    chain.set_enabled(key, true);
                }
            }
        }
    }

    /// A preset capturing the chain's current technique list, order and uniform values.
    pub fn preset_from_chain(&self, chain: &EffectChain) -> Preset {
        let mut preset = self.preset.clone().unwrap_or_default();
        if preset.sections.is_empty() {
            preset.sections.push(Default::default());
        }
        // Techniques marked `nosave` are left out of both lists, as ReShade leaves them.
        let refs = |keys: &mut dyn Iterator<Item = &engine::TechniqueKey>| -> Vec<TechniqueRef> {
            keys.filter(|k| chain.technique(**k).annotations.flag("nosave") != Some(true))
                .map(|k| TechniqueRef {
                    name: chain.technique(*k).name.clone(),
                    effect: Some(effect_file_name(chain.effect(k.effect))),
                })
                .collect()
        };
        let enabled = refs(&mut chain.order().iter().filter(|k| chain.is_enabled(**k)));
        let sorting = refs(&mut chain.order().iter());
        // Entries of effects that are not in the chain (one failed to compile, say) are kept:
        // saving must never drop what the preset said about them.
        let loaded_files: Vec<String> = chain
            .effect_indices()
            .map(|i| effect_file_name(chain.effect(i)))
            .collect();
        let loaded = |r: &TechniqueRef| match &r.effect {
            Some(file) => loaded_files.iter().any(|f| f.eq_ignore_ascii_case(file)),
            None => chain
                .order()
                .iter()
                .any(|k| chain.technique(*k).name == r.name),
        };
        let enabled = merge_technique_list(&preset.techniques(), &enabled, loaded);
        let sorting = merge_technique_list(&preset.technique_sorting(), &sorting, loaded);
        preset.set_techniques(&enabled);
        preset.set_technique_sorting(&sorting);
        // Uniform values by effect section; runtime sources and `nosave` uniforms are not saved,
        // as in ReShade.
        for i in chain.effect_indices() {
            let effect = chain.effect(i);
            let file = effect_file_name(effect);
            for (u, uniform) in effect.uniforms().iter().enumerate() {
                let Some(id) = effect.find_uniform(&uniform.name) else {
                    continue;
                };
                if chain.uniform_source(i, id).is_some()
                    || uniform.annotations.flag("nosave") == Some(true)
                {
                    continue;
                }
                let text = preset_text(&chain.uniform_values(i)[u], uniform.ty);
                preset.set_value(&file, &uniform.name, text);
            }
        }
        preset
    }
}

/// Where a preset's effect `file` is: beside the preset and in the fixed folders (`search`), as
/// named; else in the effect search paths (and the subfolders of recursive ones), nearest first,
/// the name in any case: where ReShade would find it.
fn find_preset_effect(
    file: &str,
    search: &[PathBuf],
    search_paths: &SearchPaths,
) -> Option<PathBuf> {
    search
        .iter()
        .map(|d| d.join(file))
        .find(|p| p.is_file())
        .or_else(|| {
            search_paths
                .effect_dirs()
                .iter()
                .find_map(|d| analysis::fx::find_ignoring_case(&d.join(file)))
        })
}

/// Runs only the techniques `names` pick (`--technique`: `Name` or `Name@File.fx`, the file in
/// any case), in the chain's order; every name must pick at least one.
pub fn select_techniques(
    chain: &mut EffectChain,
    names: &[String],
) -> Result<(), UnknownTechnique> {
    let keys = chain.order().to_vec();
    let refs: Vec<TechniqueRef> = names.iter().map(|n| TechniqueRef::parse(n)).collect();
    let file_of =
        |chain: &EffectChain, k: &engine::TechniqueKey| effect_file_name(chain.effect(k.effect));
    for (name, r) in names.iter().zip(&refs) {
        if !keys
            .iter()
            .any(|k| r.matches(&chain.technique(*k).name, &file_of(chain, k)))
        {
            let available = keys
                .iter()
                .map(|k| format!("{}@{}", chain.technique(*k).name, file_of(chain, k)))
                .collect::<Vec<_>>()
                .join(", ");
            return Err(UnknownTechnique {
                name: name.clone(),
                available,
            });
        }
    }
    for k in keys {
        let on = refs
            .iter()
            .any(|r| r.matches(&chain.technique(k).name, &file_of(chain, &k)));
        chain.set_enabled(k, on);
    }
    Ok(())
}

/// Applies `preset` to `chain` as ReShade 6 reads one (see [`Document::apply_preset`]).
pub fn apply_preset(preset: &Preset, chain: &mut EffectChain) {
    let file_names: Vec<String> = chain
        .effect_indices()
        .map(|i| effect_file_name(chain.effect(i)))
        .collect();
    let keys = chain.order().to_vec();
    let entries: Vec<OrderEntry> = keys
        .iter()
        .map(|k| {
            let t = chain.technique(*k);
            OrderEntry {
                effect_index: k.effect.index(),
                effect_file: &file_names[k.effect.index()],
                name: &t.name,
                label: t.label(),
            }
        })
        .collect();
    let order: Vec<_> = order_techniques(&entries, &preset.technique_sorting())
        .into_iter()
        .map(|i| keys[i])
        .collect();
    chain.set_order(&order);
    if preset.has_technique_list() {
        // As ReShade: a technique runs when its `enabled` annotation says so or the preset
        // lists it (by `Name@File` or by name alone).
        let enabled = preset.techniques();
        for k in &keys {
            let t = chain.technique(*k);
            let on = t.enabled_by_default()
                || enabled
                    .iter()
                    .any(|r| r.matches(&t.name, &file_names[k.effect.index()]));
            chain.set_enabled(*k, on);
        }
    }
    for k in keys {
        let t = chain.technique(k);
        let file = &file_names[k.effect.index()];
        if let Some(toggle) = preset_toggle_key(preset, &t.name, file) {
            chain.set_toggle_key(k, toggle);
        }
    }
    for (i, file) in chain.effect_indices().zip(&file_names) {
        let updates: Vec<_> = chain
            .effect(i)
            .uniforms()
            .iter()
            .filter_map(|uniform| {
                let text = preset.section(file)?.get(&uniform.name)?;
                let id = chain.effect(i).find_uniform(&uniform.name)?;
                Some((id, preset_value(text, uniform.ty)))
            })
            .collect();
        for (id, value) in updates {
            chain.set_uniform(i, id, value);
        }
    }
}

/// A uniform's value as ReShade writes it: integers and booleans as integers, floats with six
/// decimals (`std::to_string`).
pub fn preset_text(values: &[f64], ty: UniformType) -> String {
    values
        .iter()
        .map(|v| match ty.scalar {
            ScalarKind::Float => format!("{v:.6}"),
            _ => format!("{}", v.trunc() as i64),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// A preset's text for a uniform of type `ty`, read as ReShade reads it: as many components as
/// the type has, a missing or unreadable one 0 (ReShade reads into a zeroed array with `strtod`/
/// `strtol`), extra ones ignored, integers truncated.
pub fn preset_value(text: &str, ty: UniformType) -> Vec<f64> {
    let mut items = text.split(',').map(str::trim);
    (0..ty.len())
        .map(|_| {
            let v = items
                .next()
                .and_then(|c| c.parse::<f64>().ok())
                .unwrap_or(0.0);
            match ty.scalar {
                ScalarKind::Float => v,
                _ => v.trunc(),
            }
        })
        .collect()
}

/// A technique's toggle key from the preset, as ReShade 6 reads it: `Key<Name@File>=`, then
/// `Key<Name>=` (which wins when both are there), as `vk,ctrl,shift,alt`. `Some(None)` for a
/// line whose key code is 0 (the annotation's key is then unbound); `None` without a line.
pub fn preset_toggle_key(
    preset: &Preset,
    name: &str,
    effect_file: &str,
) -> Option<Option<ToggleKey>> {
    let global = preset.sections.first()?;
    let text = global
        .get(&format!("Key{name}"))
        .or_else(|| global.get(&format!("Key{name}@{effect_file}")))?;
    let mut values = text
        .split(',')
        .map(|c| c.trim().parse::<u32>().unwrap_or(0));
    let mut next = || values.next().unwrap_or(0);
    let vk = next();
    let (ctrl, shift, alt) = (next() != 0, next() != 0, next() != 0);
    Some((vk != 0).then_some(ToggleKey {
        vk,
        ctrl,
        shift,
        alt,
    }))
}

pub fn effect_file_name(effect: &ValidatedEffect) -> String {
    effect
        .path()
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_presets_effects_are_found_in_the_search_paths() {
        let dir = std::env::temp_dir().join(format!("fxbench-doc-search-{}", std::process::id()));
        let shaders = dir.join("Library").join("Sub");
        std::fs::create_dir_all(&shaders).unwrap();
        // Named in another case, two levels below the search path.
        std::fs::write(shaders.join("warm.FX"), "").unwrap();
        let preset = dir.join("p.ini");
        std::fs::write(&preset, "Techniques=Warm@Warm.fx\n").unwrap();
        assert!(matches!(
            Document::with_preset(&preset, Vec::new()),
            Err(DocumentError::EffectNotFound { .. })
        ));
        let search = SearchPaths::from_args(&[dir.join("Library")], &[]);
        let doc = Document::with_preset_in(&preset, Vec::new(), search)
            .expect("found in the search path");
        assert_eq!(doc.effect_paths, [shaders.join("warm.FX")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn one_definition_is_set_in_its_section_keeping_the_others() {
        let mut doc = Document::default();
        assert!(doc.set_definition(Some("e.fx"), "QUALITY_LEVEL", "3"));
        assert!(doc.set_definitions(Some("e.fx"), "A=1,QUALITY_LEVEL=3,FLAG"));
        assert!(!doc.set_definition(Some("e.fx"), "QUALITY_LEVEL", "3"));
        assert!(doc.set_definition(Some("e.fx"), "QUALITY_LEVEL", "4"));
        assert_eq!(
            doc.definitions_text(Some("e.fx")),
            "A=1,QUALITY_LEVEL=4,FLAG"
        );
        assert_eq!(doc.definitions_text(None), "");
    }

    #[test]
    fn the_files_read_are_real_files_only() {
        let effect = builtin_assets_dir().join("vignette.fx");
        let doc = Document::with_effects(vec![effect.clone()]);
        let files = doc.compile((64, 64)).files();
        assert!(files.contains(&effect), "{files:?}");
        assert!(
            files.iter().any(|f| f.ends_with("ReShade.fxh")),
            "{files:?}"
        );
        // The FX compatibility prelude is text the front end supplies, not a file to open.
        assert!(files.iter().all(|f| f.is_file()), "{files:?}");
    }

    #[test]
    fn effects_are_checked_against_the_document_target() {
        let dir = std::env::temp_dir().join(format!("fxbench-doc-target-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("wide.wfx");
        std::fs::write(
            &path,
            "#include \"shaders/fxbench.wfxh\"\n\
             @fragment fn PS(in: PostProcessOut) -> @location(0) vec4<f32> {\n\
             let big: i64 = 1li;\n\
             return BackBufferLoad(in.position) * f32(big);\n\
             }\n\
             technique T { pass { VertexShader = PostProcessVS; PixelShader = PS; } }\n",
        )
        .unwrap();
        let mut doc = Document::with_effects(vec![path]);
        // By default, what the engine asks of a device: no 64-bit integers.
        let codes = |doc: &Document| -> Vec<&'static str> {
            let compiled = doc.compile((64, 64));
            compiled
                .diagnostics()
                .map(|(_, d)| d.code.as_str())
                .collect()
        };
        assert_eq!(codes(&doc), ["MissingCapability"]);
        // A device that has them (and everything else).
        doc.target = Some(analysis::Target::device(
            "Test GPU",
            analysis::Target::native().capabilities,
        ));
        assert_eq!(codes(&doc), Vec::<&str>::new());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
