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
    Debugger,
}

impl Pane {
    /// Every pane, in the order the View menu lists them.
    pub const ALL: [Self; 9] = [
        Self::Techniques,
        Self::Uniforms,
        Self::Diagnostics,
        Self::Editor,
        Self::Preview,
        Self::Spirv,
        Self::Inspector,
        Self::Timing,
        Self::Debugger,
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
            Self::Debugger => "Debug",
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

/// Whether `pane` is in the layout (the View menu's checkmark).
pub fn has_pane(tree: &egui_tiles::Tree<Pane>, pane: Pane) -> bool {
    tree.tiles.find_pane(&pane).is_some()
}

/// Closes `pane`, as its tab's close button does; the View menu brings it back.
pub fn hide_pane(tree: &mut egui_tiles::Tree<Pane>, pane: Pane) {
    let Some(id) = tree.tiles.find_pane(&pane) else {
        return;
    };
    // A tab group left empty goes too, so nothing waits for the next frame's simplification.
    let group = tree.tiles.parent_of(id).filter(|g| {
        matches!(tree.tiles.get(*g),
            Some(egui_tiles::Tile::Container(c)) if c.num_children() == 1)
    });
    tree.remove_recursively(group.unwrap_or(id));
}

/// Where a closed pane goes back: beside the first of these panes still in the layout, as in
/// the default layout (a tab among them, or a group of its own below or to the right of theirs).
fn home(pane: Pane) -> (&'static [Pane], Placement) {
    use Pane::*;
    match pane {
        Techniques => (&[Uniforms], Placement::Above),
        Uniforms => (&[Techniques], Placement::Below),
        Diagnostics => (&[Preview, Spirv, Inspector, Timing], Placement::Below),
        Editor => (&[Preview, Spirv, Inspector, Timing], Placement::Right),
        Debugger => (&[Diagnostics], Placement::Tab),
        Preview | Spirv | Inspector | Timing => {
            (&[Preview, Spirv, Inspector, Timing], Placement::Tab)
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Placement {
    Tab,
    Above,
    Below,
    Right,
}

/// Makes `pane` the visible tab of its tab group; adds it back where it was in the default
/// layout if the user had closed it ([`home`]), with a third of its neighbour's room, so the
/// panes already there keep most of theirs.
pub fn show_pane(tree: &mut egui_tiles::Tree<Pane>, pane: Pane) {
    if tree.tiles.find_pane(&pane).is_none() {
        let id = tree.tiles.insert_pane(pane);
        let (neighbours, placement) = home(pane);
        let group = neighbours
            .iter()
            .filter(|n| **n != pane)
            .find_map(|n| tree.tiles.find_pane(n))
            .and_then(|n| tree.tiles.parent_of(n));
        match (group, tree.root()) {
            (Some(group), _) => place(tree, id, group, placement),
            (None, Some(root)) => {
                let tabs = tree.tiles.insert_tab_tile(vec![id]);
                let new_root = tree.tiles.insert_horizontal_tile(vec![root, tabs]);
                tree.root = Some(new_root);
            }
            (None, None) => tree.root = Some(id),
        }
    }
    tree.make_active(|_, tile| matches!(tile, egui_tiles::Tile::Pane(p) if *p == pane));
}

/// Puts pane tile `id` into tab group `group` or in a new group beside it.
fn place(
    tree: &mut egui_tiles::Tree<Pane>,
    id: egui_tiles::TileId,
    group: egui_tiles::TileId,
    placement: Placement,
) {
    use egui_tiles::{Container, ContainerKind, Tile};
    let is_tabs = matches!(
        tree.tiles.get(group),
        Some(Tile::Container(Container::Tabs(_)))
    );
    if placement == Placement::Tab || !is_tabs {
        let index = tree.tiles.get(group).map_or(0, |t| match t {
            Tile::Container(c) => c.num_children(),
            Tile::Pane(_) => 0,
        });
        tree.move_tile_to_container(id, group, index, false);
        return;
    }
    let kind = match placement {
        Placement::Right => ContainerKind::Horizontal,
        _ => ContainerKind::Vertical,
    };
    let new_group = tree.tiles.insert_tab_tile(vec![id]);
    let first = placement == Placement::Above;
    let parent = tree.tiles.parent_of(group);
    let parent_kind = parent.and_then(|p| match tree.tiles.get(p) {
        Some(Tile::Container(c)) => Some(c.kind()),
        _ => None,
    });
    let container = match (parent, parent_kind) {
        (Some(parent), Some(k)) if k == kind => parent,
        _ => {
            // Wrap the neighbour's group in a container of the right direction.
            let wrapper = match kind {
                ContainerKind::Horizontal => tree.tiles.insert_horizontal_tile(vec![group]),
                _ => tree.tiles.insert_vertical_tile(vec![group]),
            };
            match parent.and_then(|p| tree.tiles.get_mut(p)) {
                Some(Tile::Container(c)) => {
                    // `group` came from `parent_of`, so it is a child there.
                    let _ = c.replace_child(group, wrapper);
                }
                _ => tree.root = Some(wrapper),
            }
            wrapper
        }
    };
    let index = match tree.tiles.get(container) {
        Some(Tile::Container(c)) => c.children().position(|c| *c == group).unwrap_or(0),
        _ => 0,
    } + usize::from(!first);
    tree.move_tile_to_container(new_group, container, index, false);
    if let Some(Tile::Container(Container::Linear(linear))) = tree.tiles.get_mut(container) {
        let share = linear.shares[group];
        linear.shares.set_share(group, share * 2.0 / 3.0);
        linear.shares.set_share(new_group, share / 3.0);
    }
}

/// What the panes draw from, borrowed from the app for one frame, and the commands they ask for.
pub struct Panes<'a> {
    pub runtime: Result<&'a Runtime, &'a super::NotRunning>,
    pub editor: &'a mut EditorPanel,
    pub diagnostics: &'a [panels::diagnostics::Row],
    pub spirv: &'a mut panels::spirv::SpirvPanel,
    pub preview: &'a mut panels::compare::PreviewPanel,
    pub inspector: &'a mut panels::inspector::InspectorPanel,
    pub timing: &'a mut panels::timing::TimingPanel,
    pub debugger: &'a mut panels::debugger::DebuggerPanel,
    /// The label of the shaders the chain runs.
    pub running: &'a str,
    pub uniform_filter: &'a mut String,
    /// The preset's global `PreprocessorDefinitions`, as text.
    pub definitions: &'a str,
    pub commands: Vec<Command>,
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
                Pane::Techniques => match &self.runtime {
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
                                self.commands
                                    .extend(panels::techniques::offered_definitions_ui(ui, chain));
                            });
                    }
                    Err(_) => self.runtime_missing(ui),
                },
                Pane::Uniforms => {
                    if let Ok(runtime) = &self.runtime {
                        self.commands.extend(panels::uniforms::uniforms_ui(
                            ui,
                            runtime.chain(),
                            self.uniform_filter,
                        ));
                    }
                }
                Pane::Diagnostics => {
                    self.commands
                        .extend(panels::diagnostics::diagnostics_ui(ui, self.diagnostics));
                }
                Pane::Editor => {
                    let chain = self.runtime.as_ref().ok().map(|r| r.chain());
                    self.commands.extend(self.editor.ui(ui, chain));
                }
                Pane::Preview => match &self.runtime {
                    Ok(runtime) => {
                        let textures = panels::compare::PreviewTextures {
                            output: runtime.preview_texture(),
                            input: runtime.input_texture(),
                            without: runtime.reference_texture(),
                            reference_found: runtime.reference_shaders().is_some(),
                            reference: runtime
                                .reference_side()
                                .map(|s| (s.preview_texture(), s.difference_texture())),
                            reference_error: runtime.reference_side_error(),
                        };
                        let commands = self.preview.ui(ui, runtime.chain(), &textures);
                        self.commands.extend(commands);
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
                    Ok(runtime) => {
                        // The preview's differences view holds here too (its gain).
                        let differences = self
                            .preview
                            .differences()
                            .filter(|_| runtime.reference_shaders().is_some());
                        self.commands
                            .extend(differences.map(Command::WantReferenceSide));
                        let against = differences
                            .and_then(|gain| runtime.reference_side().map(|s| (s.chain(), gain)));
                        let commands = self.inspector.ui(ui, runtime.chain(), against);
                        self.commands.extend(commands);
                    }
                    Err(_) => self.runtime_missing(ui),
                },
                Pane::Timing => match &self.runtime {
                    Ok(runtime) => self.commands.extend(self.timing.ui(ui, runtime.chain())),
                    Err(_) => self.runtime_missing(ui),
                },
                Pane::Debugger => match &self.runtime {
                    Ok(runtime) => self.commands.extend(self.debugger.ui(ui, runtime.chain())),
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

#[cfg(test)]
mod tests {
    use super::*;
    use egui_tiles::{Container, Tile, TileId};

    /// The pane's tab group and that group's parent container.
    fn group_and_parent(tree: &egui_tiles::Tree<Pane>, pane: Pane) -> (TileId, TileId) {
        let id = tree.tiles.find_pane(&pane).expect("in the layout");
        let group = tree.tiles.parent_of(id).expect("in a group");
        (group, tree.tiles.parent_of(group).expect("in a container"))
    }

    fn linear(tree: &egui_tiles::Tree<Pane>, id: TileId) -> &egui_tiles::Linear {
        match tree.tiles.get(id) {
            Some(Tile::Container(Container::Linear(l))) => l,
            other => panic!("not a linear container: {other:?}"),
        }
    }

    #[test]
    fn a_closed_pane_comes_back_where_the_default_layout_had_it() {
        let mut tree = default_tree();
        let (_, middle) = group_and_parent(&tree, Pane::Diagnostics);
        let (preview_group, _) = group_and_parent(&tree, Pane::Preview);
        let root = tree.root().expect("a root");
        hide_pane(&mut tree, Pane::Diagnostics);
        assert!(!has_pane(&tree, Pane::Diagnostics));
        show_pane(&mut tree, Pane::Diagnostics);
        // Below the preview in the middle column, not a new full-height column.
        let (group, parent) = group_and_parent(&tree, Pane::Diagnostics);
        assert_eq!(parent, middle);
        assert_eq!(tree.root(), Some(root));
        assert_eq!(linear(&tree, root).children.len(), 3);
        let column = linear(&tree, middle);
        assert_eq!(column.dir, egui_tiles::LinearDir::Vertical);
        assert_eq!(column.children, [preview_group, group]);
        assert!(column.shares[group] < column.shares[preview_group]);
        // The inspector closed and brought back is a tab of the preview's group again.
        hide_pane(&mut tree, Pane::Inspector);
        show_pane(&mut tree, Pane::Inspector);
        assert_eq!(group_and_parent(&tree, Pane::Inspector).0, preview_group);
        // Techniques come back above the uniforms.
        hide_pane(&mut tree, Pane::Techniques);
        show_pane(&mut tree, Pane::Techniques);
        let (techniques, left) = group_and_parent(&tree, Pane::Techniques);
        let (uniforms, _) = group_and_parent(&tree, Pane::Uniforms);
        assert_eq!(linear(&tree, left).children, [techniques, uniforms]);
    }
}
