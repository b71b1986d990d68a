//! The editor's find bar (Ctrl+F: type, Enter for the next match) and go-to-line bar (Ctrl+G:
//! `line` or `line:column`, Enter), each answering with a range to select.

use super::{Pending, text};

/// Which bar is open and what it holds.
#[derive(Default)]
pub struct SearchBars {
    find: Option<String>,
    goto: Option<String>,
    /// Focus the open bar's field on the next frame.
    focus: bool,
}

impl SearchBars {
    /// Opens a bar on its shortcut and draws the open one; returns a range to select when the
    /// user asked to go somewhere. `selection` is the editor's (characters).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        content: &str,
        selection: Option<(usize, usize)>,
    ) -> Option<Pending> {
        let find_key = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::F);
        let goto_key = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::G);
        if ui.input_mut(|i| i.consume_shortcut(&find_key)) {
            self.find = Some(self.find.take().unwrap_or_default());
            self.goto = None;
            self.focus = true;
        }
        if ui.input_mut(|i| i.consume_shortcut(&goto_key)) {
            self.goto = Some(String::new());
            self.find = None;
            self.focus = true;
        }
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.find = None;
            self.goto = None;
        }
        if self.find.is_some() {
            return self.find_ui(ui, content, selection);
        }
        if self.goto.is_some() {
            return self.goto_ui(ui, content);
        }
        None
    }

    fn find_ui(
        &mut self,
        ui: &mut egui::Ui,
        content: &str,
        selection: Option<(usize, usize)>,
    ) -> Option<Pending> {
        let focus = std::mem::take(&mut self.focus);
        let query = self.find.as_mut()?;
        let mut go = false;
        ui.horizontal(|ui| {
            ui.label("Find");
            let field = ui.add(
                egui::TextEdit::singleline(query)
                    .id_salt("editor find")
                    .desired_width(200.0),
            );
            if focus {
                field.request_focus();
            }
            if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                go = true;
                field.request_focus();
            }
            go |= ui.button("Next").clicked();
            ui.weak(format!("{} match(es)", text::count(content, query)));
        });
        if !go {
            return None;
        }
        // After the current selection, so Enter steps through the matches.
        let from = selection.map_or(0, |(_, end)| text::byte_of_char(content, end));
        let found = text::find_next(content, query, from)?;
        Some(Pending {
            start: text::char_index(content, found.start),
            end: text::char_index(content, found.end),
        })
    }

    fn goto_ui(&mut self, ui: &mut egui::Ui, content: &str) -> Option<Pending> {
        let focus = std::mem::take(&mut self.focus);
        let field_text = self.goto.as_mut()?;
        let mut go = false;
        ui.horizontal(|ui| {
            ui.label("Go to line");
            let field = ui.add(
                egui::TextEdit::singleline(field_text)
                    .id_salt("editor goto")
                    .hint_text("line[:column]")
                    .desired_width(100.0),
            );
            if focus {
                field.request_focus();
            }
            go = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        });
        if !go {
            return None;
        }
        let mut parts = field_text.trim().split(':');
        let line = parts.next()?.trim().parse::<u32>().ok()?;
        let column = parts
            .next()
            .and_then(|c| c.trim().parse::<u32>().ok())
            .unwrap_or(1);
        self.goto = None;
        let at = text::char_index(content, text::byte_offset(content, line, column));
        Some(Pending { start: at, end: at })
    }
}
