//! Undo and redo (Ctrl+Z, Ctrl+Shift+Z) of what the user changes in the chain: uniform values,
//! technique toggles and the technique order. A drag of one slider is one step: changes to the
//! same uniform within [`MERGE_WINDOW`] of each other merge.

use std::time::{Duration, Instant};

use engine::{EffectChain, TechniqueKey};

/// Changes of one uniform closer together than this are one step.
pub const MERGE_WINDOW: Duration = Duration::from_millis(800);

/// One undoable change, with what it replaced.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// A uniform (by effect position and name, which survive a reload) from `before` to
    /// `after`.
    Uniform {
        /// The effect's place in the chain ([`engine::EffectIndex::index`]).
        effect: usize,
        name: String,
        before: Vec<f64>,
        after: Vec<f64>,
    },
    Enabled {
        key: TechniqueKey,
        after: bool,
    },
    Order {
        before: Vec<TechniqueKey>,
        after: Vec<TechniqueKey>,
    },
}

impl Edit {
    /// Applies the edit (`forward`) or its inverse to `chain`; an edit whose effect, uniform or
    /// technique no longer exists (the code changed) does nothing.
    fn apply(&self, chain: &mut EffectChain, forward: bool) {
        match self {
            Self::Uniform {
                effect,
                name,
                before,
                after,
            } => {
                let Some(effect) = chain.effect_at(*effect) else {
                    return;
                };
                let Some(id) = chain.effect(effect).find_uniform(name) else {
                    return;
                };
                let value = if forward { after } else { before };
                chain.set_uniform(effect, id, value.clone());
            }
            Self::Enabled { key, after } => {
                if chain.order().contains(key) {
                    chain.set_enabled(*key, if forward { *after } else { !*after });
                }
            }
            Self::Order { before, after } => {
                let order = if forward { after } else { before };
                if order.iter().all(|k| chain.order().contains(k)) {
                    chain.set_order(order);
                }
            }
        }
    }
}

/// The undo and redo stacks.
#[derive(Default)]
pub struct UndoStack {
    done: Vec<(Edit, Instant)>,
    undone: Vec<Edit>,
}

impl UndoStack {
    /// Records an edit the user just made (a new edit clears what was undone).
    pub fn record(&mut self, edit: Edit) {
        self.undone.clear();
        let now = Instant::now();
        if let (
            Some((
                Edit::Uniform {
                    effect,
                    name,
                    after,
                    ..
                },
                at,
            )),
            Edit::Uniform {
                effect: e,
                name: n,
                after: new_after,
                ..
            },
        ) = (self.done.last_mut(), &edit)
            && effect == e
            && name == n
            && now.duration_since(*at) < MERGE_WINDOW
        {
            after.clone_from(new_after);
            *at = now;
            return;
        }
        self.done.push((edit, now));
    }

    /// Undoes the last edit; returns whether there was one.
    pub fn undo(&mut self, chain: &mut EffectChain) -> bool {
        let Some((edit, _)) = self.done.pop() else {
            return false;
        };
        edit.apply(chain, false);
        self.undone.push(edit);
        true
    }

    /// Redoes the last undone edit; returns whether there was one.
    pub fn redo(&mut self, chain: &mut EffectChain) -> bool {
        let Some(edit) = self.undone.pop() else {
            return false;
        };
        edit.apply(chain, true);
        // Not merged with what follows.
        self.done.push((edit, Instant::now() - MERGE_WINDOW));
        true
    }

    /// Forgets everything (another document was opened).
    pub fn clear(&mut self) {
        self.done.clear();
        self.undone.clear();
    }

    /// How many edits can be undone.
    pub fn len(&self) -> usize {
        self.done.len()
    }

    /// Whether nothing can be undone.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_of_one_uniform_in_quick_succession_merge_and_others_do_not() {
        let mut stack = UndoStack::default();
        let edit = |name: &str, before: f64, after: f64| Edit::Uniform {
            effect: 0,
            name: name.to_string(),
            before: vec![before],
            after: vec![after],
        };
        stack.record(edit("A", 0.0, 0.1));
        stack.record(edit("A", 0.1, 0.2));
        assert_eq!(stack.len(), 1);
        assert_eq!(stack.done[0].0, edit("A", 0.0, 0.2));
        stack.record(edit("B", 1.0, 2.0));
        assert_eq!(stack.len(), 2);
        stack.done[1].1 -= MERGE_WINDOW;
        stack.record(edit("B", 2.0, 3.0));
        assert_eq!(stack.len(), 3);
    }
}
