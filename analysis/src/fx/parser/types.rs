//! Types: scalar, vector and matrix words, `vector<T, N>` and `matrix<T, R, C>` templates,
//! object types with their element type, and (scoped) type names.

use super::{PResult, Parser};
use crate::fx::ast::*;
use crate::fx::lexer::{Base, ObjectKind, TokenKind, TypeWord};

impl Parser<'_> {
    /// Whether the name (or `::` path) here ends in the name of a struct declared so far: what
    /// ReShade's `accept_type_class` takes as a type where a name may also be one.
    pub(super) fn at_struct_name(&self) -> bool {
        self.path_last().is_some_and(|n| {
            self.struct_names
                .contains(self.text_of(self.peek_at(n).range))
        })
    }

    /// How far ahead the last name of the name or `::` path here is (`None` when a part of it
    /// is no name).
    pub(super) fn path_last(&self) -> Option<usize> {
        let mut n = usize::from(self.at("::"));
        loop {
            if self.peek_at(n).kind != TokenKind::Ident {
                return None;
            }
            if !self.at_n(n + 1, "::") {
                return Some(n);
            }
            n += 2;
        }
    }

    pub(super) fn type_ref(&mut self) -> PResult<TypeRef> {
        let t = self.peek();
        let kind = match t.kind {
            TokenKind::Type(word) => {
                self.bump();
                self.type_word(word)?
            }
            TokenKind::Ident | TokenKind::Punct("::") => {
                self.note_type_backtrack();
                TypeKind::Named(self.path()?)
            }
            _ => return Err(self.unexpected("a type")),
        };
        Ok(TypeRef {
            kind,
            range: self.range_from(t.range.start),
        })
    }

    fn type_word(&mut self, word: TypeWord) -> PResult<TypeKind> {
        Ok(match word {
            TypeWord::Void => TypeKind::Void,
            TypeWord::String => TypeKind::String,
            TypeWord::Numeric { base, rows, cols } => TypeKind::Numeric { base, rows, cols },
            TypeWord::Vector | TypeWord::Matrix if !self.at("<") => TypeKind::Numeric {
                base: Base::Float,
                rows: 4,
                cols: if word == TypeWord::Vector { 1 } else { 4 },
            },
            TypeWord::Vector | TypeWord::Matrix => {
                self.bump();
                let base = self.template_scalar()?;
                self.expect(",")?;
                let rows = self.template_dimension()?;
                let cols = if word == TypeWord::Matrix {
                    self.expect(",")?;
                    self.template_dimension()?
                } else {
                    1
                };
                self.expect(">")?;
                TypeKind::Numeric { base, rows, cols }
            }
            TypeWord::Object { kind, dim } => {
                // Samplers and storages take an element type; a texture none (ReShade's
                // `accept_type_class`): `texture2D<uint>` leaves the `<` where a name must be.
                let element = if self.at("<") && kind != ObjectKind::Texture {
                    self.bump();
                    let element = self.nested(|p| p.type_ref())?;
                    self.expect(">")?;
                    Some(Box::new(element))
                } else {
                    None
                };
                TypeKind::Object { kind, dim, element }
            }
        })
    }

    fn template_scalar(&mut self) -> PResult<Base> {
        match self.kind() {
            TokenKind::Type(TypeWord::Numeric {
                base,
                rows: 1,
                cols: 1,
            }) => {
                self.bump();
                Ok(base)
            }
            _ => Err(self.unexpected("a scalar type")),
        }
    }

    fn template_dimension(&mut self) -> PResult<u8> {
        let t = self.peek();
        let text = self.text_of(t.range);
        match (t.kind, text.as_bytes()) {
            (TokenKind::Int, [d @ b'1'..=b'4']) => {
                let d = d - b'0';
                self.bump();
                Ok(d)
            }
            _ => Err(self.unexpected("a dimension from 1 to 4")),
        }
    }

    /// `a`, `a::b`, `::a::b`.
    pub(super) fn path(&mut self) -> PResult<Path> {
        let start = self.peek().range.start;
        let absolute = self.eat("::");
        let mut segments = vec![self.ident("an identifier")?];
        while self.at("::") && self.peek_at(1).kind == TokenKind::Ident {
            self.bump();
            segments.push(self.ident("an identifier")?);
        }
        Ok(Path {
            absolute,
            segments,
            range: self.range_from(start),
        })
    }
}
