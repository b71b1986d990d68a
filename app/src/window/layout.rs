//! The window's dockable layout (egui_tiles, as rerun uses): each panel is a pane that can be
//! dragged into tabs or splits and resized; the tree is saved with the window's storage.

use crate::window::Command;
use crate::window::editor::EditorPanel;
use crate::window::panels;
use crate::window::runtime::Runtime;

/// A dockable panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Pane {
    Techniques,
    Uniforms,
    Diagnostics,
    Editor,
    Preview,
    Spirv,
    Inspector,
    Timing,
}

impl Pane {
    /// Every pane, in the order the View menu lists them.
    pub const ALL: [Self; 8] = [
        Self::Techniques,
        Self::Uniforms,
        Self::Diagnostics,
        Self::Editor,
        Self::Preview,
        Self::Spirv,
        Self::Inspector,
        Self::Timing,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Self::Techniques => "Techniques",
            Self::Uniforms => "Uniforms",
            Self::Diagnostics => "Diagnostics",
            Self::Editor => "Editor",
            Self::Preview => "Preview",
            Self::Spirv => "SPIR-V",
            Self::Inspector => "Inspector",
            Self::Timing => "Timing",
        }
    }
}

/// The first layout: techniques over uniforms on the left; the preview (SPIR-V, inspector and
/// timing behind it) over the diagnostics in the middle; the editor on the right.
pub fn default_tree() -> egui_tiles::Tree<Pane> {
    let mut tiles = egui_tiles::Tiles::default();
    let tabs = |tiles: &mut egui_tiles::Tiles<Pane>, panes: &[Pane]| {
        let children = panes.iter().map(|p| tiles.insert_pane(*p)).collect();
        tiles.insert_tab_tile(children)
    };
    let techniques = tabs(&mut tiles, &[Pane::Techniques]);
    let uniforms = tabs(&mut tiles, &[Pane::Uniforms]);
    let left = tiles.insert_vertical_tile(vec![techniques, uniforms]);
    let preview = tabs(
        &mut tiles,
        &[Pane::Preview, Pane::Spirv, Pane::Inspector, Pane::Timing],
    );
    let diagnostics = tabs(&mut tiles, &[Pane::Diagnostics]);
    let middle = tiles.insert_vertical_tile(vec![preview, diagnostics]);
    set_shares(&mut tiles, middle, &[(preview, 0.7), (diagnostics, 0.3)]);
    let editor = tabs(&mut tiles, &[Pane::Editor]);
    let root = tiles.insert_horizontal_tile(vec![left, middle, editor]);
    set_shares(
        &mut tiles,
        root,
        &[(left, 0.24), (middle, 0.42), (editor, 0.34)],
    );
    egui_tiles::Tree::new(egui::Id::unique("fxbench layout"), root, tiles)
}

fn set_shares(
    tiles: &mut egui_tiles::Tiles<Pane>,
    container: egui_tiles::TileId,
    shares: &[(egui_tiles::TileId, f32)],
) {
    if let Some(egui_tiles::Tile::Container(egui_tiles::Container::Linear(linear))) =
        tiles.get_mut(container)
    {
        for (id, share) in shares {
            linear.shares.set_share(*id, *share);
        }
    }
}

/// Makes `pane` the visible tab of its tab group; adds it back (beside the root) if the user
/// had closed it.
pub fn show_pane(tree: &mut egui_tiles::Tree<Pane>, pane: Pane) {
    if tree.tiles.find_pane(&pane).is_none() {
        let id = tree.tiles.insert_pane(pane);
        match tree.root() {
            Some(root) => {
                let tabs = tree.tiles.insert_tab_tile(vec![id]);
                let new_root = tree.tiles.insert_horizontal_tile(vec![root, tabs]);
                tree.root = Some(new_root);
            }
            None => tree.root = Some(id),
        }
    }
    tree.make_active(|_, tile| matches!(tile, egui_tiles::Tile::Pane(p) if *p == pane));
}

/// What the panes draw from, borrowed from the app for one frame, and the commands they ask for.
pub struct Panes<'a> {
    pub runtime: Result<&'a mut Runtime, &'a super::NotRunning>,
    pub editor: &'a mut EditorPanel,
    pub diagnostics: &'a [panels::diagnostics::Row],
    pub spirv: &'a mut panels::spirv::SpirvPanel,
    pub preview: &'a mut panels::compare::PreviewPanel,
    pub inspector: &'a mut panels::inspector::InspectorPanel,
    pub timing: &'a mut panels::timing::TimingPanel,
    /// The label of the shaders the chain runs.
    pub running: &'a str,
    pub uniform_filter: &'a mut String,
    /// The preset's global `PreprocessorDefinitions`, as text.
    pub definitions: &'a str,
    pub commands: Vec<Command>,
    /// The one texture capture the chain makes this frame: the inspector's when it is shown,
    /// else the preview's pixel readout while the cursor is over the image, else none.
    pub capture: Option<engine::inspect::CaptureRequest>,
}

impl Panes<'_> {
    fn runtime_missing(&self, ui: &mut egui::Ui) {
        if let Err(error) = &self.runtime {
            ui.heading("Cannot run the effects");
            ui.label(error.to_string());
        }
    }
}

impl egui_tiles::Behavior<Pane> for Panes<'_> {
    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        match pane {
            Pane::Editor if self.editor.is_dirty() => "Editor \u{2022}".into(),
            p => p.title().into(),
        }
    }

    fn pane_ui(
        &mut self,
        ui: &mut egui::Ui,
        _tile_id: egui_tiles::TileId,
        pane: &mut Pane,
    ) -> egui_tiles::UiResponse {
        // Panes sit flush against each other: keep their content off the edges.
        egui::Frame::new().inner_margin(4.0).show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            match pane {
                Pane::Techniques => match &mut self.runtime {
                    Ok(runtime) => {
                        let chain = runtime.chain();
                        let definitions = self.definitions;
                        egui::ScrollArea::both()
                            .id_salt("techniques")
                            .auto_shrink([false, false])
                            .show(ui, |ui| {
                                self.commands
                                    .extend(panels::techniques::techniques_ui(ui, chain));
                                ui.separator();
                                self.commands
                                    .extend(panels::techniques::definitions_ui(ui, definitions));
                            });
                    }
                    Err(_) => self.runtime_missing(ui),
                },
                Pane::Uniforms => {
                    if let Ok(runtime) = &mut self.runtime {
                        let output =
                            panels::uniforms::uniforms_ui(ui, runtime.chain(), self.uniform_filter);
                        self.commands.extend(output.commands);
                        runtime.set_overlay(output.active, output.hovered);
                    }
                }
                Pane::Diagnostics => {
                    self.commands
                        .extend(panels::diagnostics::diagnostics_ui(ui, self.diagnostics));
                }
                Pane::Editor => self.commands.extend(self.editor.ui(ui)),
                Pane::Preview => match &mut self.runtime {
                    Ok(runtime) => {
                        let shown = self.preview.show(
                            ui,
                            runtime.chain(),
                            runtime.preview_texture(),
                            (runtime.input_texture(), runtime.reference_texture()),
                        );
                        runtime.set_preview_rect(Some(shown.image_rect));
                        runtime.chain_mut().set_bypass(shown.bypass);
                        runtime.set_reference(shown.reference);
                        self.capture = self.capture.or(shown.capture);
                    }
                    Err(_) => self.runtime_missing(ui),
                },
                Pane::Spirv => {
                    if let Ok(runtime) = &self.runtime {
                        let commands = self.spirv.ui(ui, runtime.chain(), self.running);
                        self.commands.extend(commands);
                    }
                }
                Pane::Inspector => match &self.runtime {
                    Ok(runtime) => self.capture = Some(self.inspector.show(ui, runtime.chain())),
                    Err(_) => self.runtime_missing(ui),
                },
                Pane::Timing => match &self.runtime {
                    Ok(runtime) => self.timing.show(ui, runtime.chain()),
                    Err(_) => self.runtime_missing(ui),
                },
            }
        });
        egui_tiles::UiResponse::None
    }

    fn simplification_options(&self) -> egui_tiles::SimplificationOptions {
        egui_tiles::SimplificationOptions {
            // Every pane has a tab to drag it by.
            all_panes_must_have_tabs: true,
            ..Default::default()
        }
    }

    fn is_tab_closable(
        &self,
        _tiles: &egui_tiles::Tiles<Pane>,
        _tile_id: egui_tiles::TileId,
    ) -> bool {
        // The View menu brings a closed pane back.
        true
    }
}
