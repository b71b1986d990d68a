//! Every message the status bar showed, with the time it appeared: the status bar holds one line,
//! and an error replaced by the next action's message would otherwise be gone. The Log button of
//! the status bar opens it.

use std::collections::VecDeque;

/// Messages kept; older ones go first.
pub const MAX_ENTRIES: usize = 500;

/// The status bar's history.
#[derive(Default)]
pub struct StatusLog {
    entries: VecDeque<(chrono::NaiveTime, String)>,
    last: String,
    pub open: bool,
}

impl StatusLog {
    /// Records `status` when it differs from the last one seen and is not empty.
    pub fn observe(&mut self, status: &str) {
        if status == self.last {
            return;
        }
        status.clone_into(&mut self.last);
        if status.is_empty() {
            return;
        }
        if self.entries.len() == MAX_ENTRIES {
            self.entries.pop_front();
        }
        self.entries
            .push_back((chrono::Local::now().time(), status.to_string()));
    }

    /// The messages, oldest first.
    pub fn entries(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(_, m)| m.as_str())
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The log's window, newest first, each message selectable to copy.
    pub fn ui(&mut self, ctx: &egui::Context) {
        let mut open = self.open;
        egui::Window::new("Log")
            .open(&mut open)
            .default_size([560.0, 280.0])
            .show(ctx, |ui| {
                if self.entries.is_empty() {
                    ui.weak("Nothing yet.");
                    return;
                }
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for (time, message) in self.entries.iter().rev() {
                        ui.horizontal_wrapped(|ui| {
                            ui.weak(time.format("%H:%M:%S").to_string());
                            ui.add(egui::Label::new(message.as_str()).selectable(true));
                        });
                    }
                });
            });
        self.open = open;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_new_message_is_kept_once_and_the_oldest_go_first() {
        let mut log = StatusLog::default();
        for status in ["a", "a", "", "b", "a"] {
            log.observe(status);
        }
        assert_eq!(log.entries().collect::<Vec<_>>(), ["a", "b", "a"]);
        for n in 0..MAX_ENTRIES {
            log.observe(&n.to_string());
        }
        assert_eq!(log.len(), MAX_ENTRIES);
        assert_eq!(log.entries().next(), Some("0"));
    }
}
