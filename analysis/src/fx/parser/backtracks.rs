//! Where ReShade's parser backtracks over a name, which moves the lines it reports.
//!
//! ReShade's parser tries a name as a type where a declaration may start (a statement, a
//! file-level item, an annotation, the operand after `(`) and as a value name in a pass state;
//! when the name is no struct (no value name) it rewinds its lexer to just after the name
//! (`backup`/`restore`, `lexer::reset_to_offset`). The rewind moves the read position back but
//! not the line count, so a newline between the name and the token read after it is counted
//! twice: everything after it is reported a line late, until the next `#line` of the
//! preprocessor's output (`fx/backtrack_lines.rs` turns the places noted here into lines).
//! Every rewind counts: an expression's operand that is a name is tried as a constructor's
//! type too, so `(pos` then a line break is read three times (the cast, the constructor, the
//! name), and a statement `x` then a line break as many (the declaration, the constructor).

use super::Parser;
use crate::fx::ast::TextRange;
use crate::fx::lexer::TokenKind;

impl Parser<'_> {
    /// Notes the name (or `::` path) here, which ReShade tries as a type, unless it names a
    /// struct: the first token and the token after the path.
    pub(super) fn note_type_backtrack(&mut self) {
        let lead = usize::from(self.at("::"));
        if self.peek_at(lead).kind != TokenKind::Ident {
            return;
        }
        let mut last = lead;
        while self.at_n(last + 1, "::") && self.peek_at(last + 2).kind == TokenKind::Ident {
            last += 2;
        }
        let (first, after) = (self.peek_at(0).range, self.peek_at(last + 1).range);
        if !self.line_break_between(first, after) {
            return;
        }
        let name = self.text_of(self.peek_at(last).range);
        if !self.struct_names.contains(name) {
            self.backtracks.push((first, after));
        }
    }

    /// Notes that ReShade reads the token here and then rewinds to just after it.
    pub(super) fn note_token_backtrack(&mut self) {
        self.note_backtrack(self.peek_at(0).range, self.peek_at(1).range);
    }

    fn note_backtrack(&mut self, first: TextRange, after: TextRange) {
        if self.line_break_between(first, after) {
            self.backtracks.push((first, after));
        }
    }

    /// Whether a line break comes between two tokens: only then does a rewind move anything.
    fn line_break_between(&self, first: TextRange, after: TextRange) -> bool {
        let gap = self
            .text
            .as_bytes()
            .get(first.end as usize..after.start as usize)
            .unwrap_or_default();
        memchr::memchr(b'\n', gap).is_some()
    }
}
