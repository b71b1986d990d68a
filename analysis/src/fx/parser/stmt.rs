//! Statements: blocks, control flow, local declarations, and recovery from a broken
//! statement.

use super::{PResult, Parser, Place, Reported, SyncLevel};
use crate::fx::ast::*;
use crate::fx::lexer::{Keyword, TokenKind};

impl Parser<'_> {
    pub(super) fn block(&mut self) -> PResult<Block> {
        self.nested(|p| p.block_inner())
    }

    /// A block where the nesting level is already counted (a block statement).
    fn block_inner(&mut self) -> PResult<Block> {
        let start = self.expect("{")?.range.start;
        let statements = self.statements_until_close();
        self.close_or_end()?;
        Ok(Block {
            statements,
            range: self.range_from(start),
        })
    }

    /// The `}` closing a block or a switch. One left open at the end of the text is reported
    /// and what was read is kept, for ReShade checks statements as it reads them (an
    /// undeclared name, `unreachable code`, before the end).
    pub(super) fn close_or_end(&mut self) -> PResult<()> {
        match self.expect("}") {
            Err(_) if self.kind() == TokenKind::Eof => Ok(()),
            done => done.map(drop),
        }
    }

    /// Statements up to a `}` (not consumed), recovering from each broken one.
    fn statements_until_close(&mut self) -> Vec<Stmt> {
        let mut statements = Vec::new();
        while !self.at("}") && self.kind() != TokenKind::Eof {
            self.statement_or_error(&mut statements);
        }
        statements
    }

    /// A statement onto `out`; on an error, the statement skipped to where recovery stops,
    /// with what it read whole before the error ([`Salvage`]).
    fn statement_or_error(&mut self, out: &mut Vec<Stmt>) {
        let start = self.pos;
        let begin = self.peek().range.start;
        let outer = std::mem::take(&mut self.salvage);
        let statement = match self.statement() {
            Ok(s) => s,
            Err(Reported) => {
                self.sync(SyncLevel::Statement);
                if self.pos == start && !self.at("}") {
                    self.bump();
                }
                Stmt {
                    attributes: Vec::new(),
                    kind: StmtKind::Error(std::mem::take(&mut self.salvage)),
                    range: self.range_from(begin),
                }
            }
        };
        self.salvage = outer;
        out.push(statement);
    }

    pub(super) fn statement(&mut self) -> PResult<Stmt> {
        self.nested(|p| {
            let start = p.peek().range.start;
            let attributes = p.attributes()?;
            let kind = p.statement_kind()?;
            Ok(Stmt {
                attributes,
                kind,
                range: p.range_from(start),
            })
        })
    }

    /// `[unroll]`, `[loop]`, `[flatten]` before a statement: a name only, as ReShade reads
    /// them (`[unroll(4)]` is a syntax error there).
    fn attributes(&mut self) -> PResult<Vec<Attribute>> {
        let mut list = Vec::new();
        while self.at("[") {
            let start = self.bump().range.start;
            let name = self.ident("an attribute name")?;
            self.expect("]")?;
            list.push(Attribute {
                name,
                args: Vec::new(),
                range: self.range_from(start),
            });
        }
        Ok(list)
    }

    fn statement_kind(&mut self) -> PResult<StmtKind> {
        // ReShade tries a statement that starts with a name as a declaration first.
        self.note_type_backtrack();
        let keyword = match self.kind() {
            TokenKind::Punct("{") => return self.block_inner().map(StmtKind::Block),
            TokenKind::Punct(";") => {
                self.bump();
                return Ok(StmtKind::Empty);
            }
            TokenKind::Keyword(k) => k,
            _ if self.at_declaration() => return self.local_declaration().map(StmtKind::Decl),
            _ => return self.expression_statement(),
        };
        match keyword {
            Keyword::If => self.if_statement(),
            Keyword::Switch => self.switch_statement(),
            Keyword::For => self.for_statement(),
            Keyword::While => {
                self.bump();
                let cond = self.condition()?;
                let (cond, body) = self.statement_after(cond)?;
                Ok(StmtKind::While { cond, body })
            }
            Keyword::Do => {
                self.bump();
                let body = Box::new(self.statement()?);
                if !self.at_keyword(Keyword::While) {
                    return Err(self.unexpected("'while'"));
                }
                self.bump();
                let cond = self.condition()?;
                let (cond, _) = self.after(cond, |p| p.expect(";"))?;
                Ok(StmtKind::DoWhile { body, cond })
            }
            Keyword::Break | Keyword::Continue | Keyword::Discard => {
                self.bump();
                self.expect(";")?;
                Ok(match keyword {
                    Keyword::Break => StmtKind::Break,
                    Keyword::Continue => StmtKind::Continue,
                    _ => StmtKind::Discard,
                })
            }
            Keyword::Return => {
                self.bump();
                let value = if self.at(";") {
                    None
                } else {
                    Some(self.expression()?)
                };
                let (value, _) = self.after(value, |p| p.expect(";"))?;
                Ok(StmtKind::Return(value))
            }
            _ if self.at_declaration() => self.local_declaration().map(StmtKind::Decl),
            _ => Err(self.unexpected("a statement")),
        }
    }

    fn expression_statement(&mut self) -> PResult<StmtKind> {
        let e = self.expression()?;
        let (e, _) = self.after(e, |p| p.expect(";"))?;
        Ok(StmtKind::Expr(e))
    }

    /// `( expression )` after `if`, `while`, `switch`.
    fn condition(&mut self) -> PResult<Expr> {
        self.expect("(")?;
        let e = self.expression()?;
        let (e, _) = self.after(e, |p| p.expect(")"))?;
        Ok(e)
    }

    /// A statement read after `kept` (a condition read whole): kept when the statement fails.
    fn statement_after(&mut self, kept: Expr) -> PResult<(Expr, Box<Stmt>)> {
        self.after(kept, |p| p.statement().map(Box::new))
    }

    fn if_statement(&mut self) -> PResult<StmtKind> {
        self.bump();
        let cond = self.condition()?;
        let (cond, then) = self.statement_after(cond)?;
        let otherwise = if self.at_keyword(Keyword::Else) {
            self.bump();
            Some(Box::new(self.statement()?))
        } else {
            None
        };
        Ok(StmtKind::If {
            cond,
            then,
            otherwise,
        })
    }

    fn for_statement(&mut self) -> PResult<StmtKind> {
        self.bump();
        self.expect("(")?;
        let init = if self.eat(";") {
            None
        } else {
            let start = self.peek().range.start;
            let kind = if self.at_declaration() {
                StmtKind::Decl(self.local_declaration()?)
            } else {
                self.expression_statement()?
            };
            Some(Box::new(Stmt {
                attributes: Vec::new(),
                kind,
                range: self.range_from(start),
            }))
        };
        // What the header read whole is kept when a later part fails (the init declared).
        let (init, cond) = self.after(init, |p| {
            if p.at(";") {
                Ok(None)
            } else {
                p.expression().map(Some)
            }
        })?;
        let ((init, cond), step) = self.after((init, cond), |p| {
            p.expect(";")?;
            if p.at(")") {
                Ok(None)
            } else {
                p.expression().map(Some)
            }
        })?;
        let (((init, cond), step), body) = self.after(((init, cond), step), |p| {
            p.expect(")")?;
            p.statement().map(Box::new)
        })?;
        Ok(StmtKind::For {
            init,
            cond,
            step,
            body,
        })
    }

    fn switch_statement(&mut self) -> PResult<StmtKind> {
        self.bump();
        let selector = self.condition()?;
        self.expect("{")?;
        let mut cases = Vec::new();
        while !self.at("}") && self.kind() != TokenKind::Eof {
            let start = self.peek().range.start;
            let mut labels = Vec::new();
            let mut defaults = Vec::new();
            loop {
                if self.at_keyword(Keyword::Case) {
                    self.bump();
                    // The label is checked as read, before its `:` (ReShade's undeclared name
                    // comes first).
                    let label = self.expression()?;
                    let (label, _) = self.after(label, |p| p.expect(":"))?;
                    labels.push(Some(label));
                } else if self.at_keyword(Keyword::Default) {
                    defaults.push(self.peek().range);
                    self.bump();
                    labels.push(None);
                    self.expect(":")?;
                } else {
                    break;
                }
            }
            // ReShade parses statements before the first label too (as a group no value
            // reaches): the checker holds them to the same rules.
            let mut body = Vec::new();
            while !self.at("}")
                && !self.at_keyword(Keyword::Case)
                && !self.at_keyword(Keyword::Default)
                && self.kind() != TokenKind::Eof
            {
                self.statement_or_error(&mut body);
            }
            cases.push(SwitchCase {
                labels,
                defaults,
                body,
                range: self.range_from(start),
            });
        }
        self.close_or_end()?;
        Ok(StmtKind::Switch { selector, cases })
    }

    /// Whether the statement here declares variables: qualifiers, a type keyword (even before
    /// `(`: ReShade's `parse_statement` takes any statement that starts with a type as a
    /// declaration, so `float2(a).x = 1;` is a syntax error at the `(`), or a (scoped) name
    /// followed by another name.
    fn at_declaration(&self) -> bool {
        match self.kind() {
            TokenKind::Keyword(
                Keyword::Static
                | Keyword::Const
                | Keyword::Uniform
                | Keyword::Extern
                | Keyword::Volatile
                | Keyword::Precise
                | Keyword::Groupshared
                | Keyword::In
                | Keyword::Out
                | Keyword::Inout
                | Keyword::Linear
                | Keyword::Noperspective
                | Keyword::Nointerpolation,
            ) => true,
            TokenKind::Type(_) => true,
            TokenKind::Ident | TokenKind::Punct("::") => {
                let Some(n) = self.path_last() else {
                    return false;
                };
                // A struct's name is a type (ReShade tries the type first): before anything
                // but a name, a declaration missing its name, not an expression. A variable may
                // take a struct's name, and ReShade looks it up by scope, so a name also
                // declared as a variable is a type only before a type word.
                let name = self.text_of(self.peek_at(n).range);
                let next = self.peek_at(n + 1).kind;
                next == TokenKind::Ident
                    || (self.struct_names.contains(name)
                        && (matches!(next, TokenKind::Type(_))
                            || !self.variable_names.contains(name)))
            }
            _ => false,
        }
    }

    fn local_declaration(&mut self) -> PResult<VarDecl> {
        let start = self.peek().range.start;
        let qualifiers = self.qualifiers();
        let ty = self.type_ref()?;
        self.declarators(start, qualifiers, ty, Place::Local)
    }
}
