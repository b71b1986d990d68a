//! Variable declarations: declarators, initialiser lists, annotations and the property blocks
//! of textures, samplers and storages.

use super::{PResult, Parser, Place, Reported, SyncLevel};
use crate::fx::ast::*;
use crate::fx::lexer::TokenKind;

impl Parser<'_> {
    /// The names of a variable declaration after its type, through the `;`.
    pub(super) fn declarators(
        &mut self,
        start: u32,
        qualifiers: Vec<QualifierAt>,
        ty: TypeRef,
        place: Place,
    ) -> PResult<VarDecl> {
        let is_object = matches!(ty.kind, TypeKind::Object { .. });
        let mark = self.salvage.len();
        let mut declarators = Vec::new();
        let read = loop {
            match self.declarator(is_object, place) {
                Ok(d) => declarators.push(d),
                Err(reported) => break Err(reported),
            }
            if !self.eat(",") {
                break self.expect(";").map(drop);
            }
        };
        let decl = VarDecl {
            attributes: Vec::new(),
            qualifiers,
            ty,
            declarators,
            range: self.range_from(start),
        };
        match read {
            Ok(()) => Ok(decl),
            Err(reported) => {
                // ReShade declares each name as it reads it whole: the names before the error
                // stand (and are checked), ahead of what the failed one kept.
                if place != Place::Member && !decl.declarators.is_empty() {
                    let statement = Stmt {
                        attributes: Vec::new(),
                        range: decl.range,
                        kind: StmtKind::Decl(decl),
                    };
                    self.salvage.insert(mark.min(self.salvage.len()), statement);
                }
                Err(reported)
            }
        }
    }

    /// One name of a declaration, as ReShade's `parse_variable` and `parse_struct` read it: a
    /// semantic ends it (no annotations or value after one); only globals take annotations
    /// and property blocks; struct members take neither a value nor annotations.
    fn declarator(&mut self, is_object: bool, place: Place) -> PResult<Declarator> {
        let name = self.ident("a variable name")?;
        self.variable_names.insert(name.name.clone());
        let start = name.range.start;
        let array = self.array_dims()?;
        let semantic = self.semantic()?;
        let mut annotations = Vec::new();
        let mut init = None;
        let mut properties = None;
        if semantic.is_none() && place != Place::Member {
            if place == Place::Global && self.at("<") {
                annotations = self.annotations()?;
            }
            if self.eat("=") {
                // The annotations were checked as they were read.
                let (read, value) = self.after(annotations, Self::initializer)?;
                annotations = read;
                init = Some(value);
            } else if is_object && place == Place::Global && self.at("{") {
                properties = Some(self.properties()?);
            }
        }
        Ok(Declarator {
            name,
            array,
            semantic,
            annotations,
            init,
            properties,
            range: self.range_from(start),
        })
    }

    /// An expression or a `{ ... }` list, nested.
    pub(super) fn initializer(&mut self) -> PResult<Expr> {
        if !self.at("{") {
            return self.assignment();
        }
        self.nested(|p| {
            let start = p.bump().range.start;
            let mut elements = Vec::new();
            while !p.at("}") {
                let (read, next) = p.after(elements, Self::initializer)?;
                elements = read;
                elements.push(next);
                if !p.eat(",") {
                    break;
                }
            }
            let (elements, _) = p.after(elements, |p| p.expect("}"))?;
            Ok(Expr {
                kind: ExprKind::InitList(elements),
                range: p.range_from(start),
            })
        })
    }

    /// `< [type] name = value; ... >`.
    pub(super) fn annotations(&mut self) -> PResult<Vec<Annotation>> {
        self.bump();
        let mut list = Vec::new();
        while !self.at(">") && self.kind() != TokenKind::Eof {
            let before = self.pos;
            match self.annotation() {
                Ok(a) => list.push(a),
                Err(Reported) => {
                    self.sync(SyncLevel::Annotation);
                    if self.pos == before {
                        break;
                    }
                }
            }
        }
        let (list, _) = self.after(list, |p| p.expect(">"))?;
        Ok(list)
    }

    fn annotation(&mut self) -> PResult<Annotation> {
        let start = self.peek().range.start;
        // A type prefix (deprecated, ignored) is a type word or a struct's name: ReShade tries
        // a name as a struct first and reads it as the annotation's name when it is none.
        let ty = if matches!(self.kind(), TokenKind::Ident | TokenKind::Punct("::"))
            && !self.at_struct_name()
        {
            self.note_type_backtrack();
            None
        } else {
            Some(self.type_ref()?)
        };
        let name = self.ident("an annotation name")?;
        self.expect("=")?;
        // The value is any expression but an assignment: a `>` before the `;` is an operator.
        let value = self.annotation_value()?;
        let (value, _) = self.after(value, |p| p.expect(";"))?;
        Ok(Annotation {
            ty,
            name,
            value,
            range: self.range_from(start),
        })
    }

    fn annotation_value(&mut self) -> PResult<Expr> {
        if self.at("{") {
            self.initializer()
        } else {
            self.multary()
        }
    }

    /// `{ Key = Value; ... }` of a texture, sampler or storage object.
    fn properties(&mut self) -> PResult<Vec<Property>> {
        self.bump();
        let mut list = Vec::new();
        while !self.at("}") && self.kind() != TokenKind::Eof {
            let before = self.pos;
            match self.property(false) {
                Ok(p) => list.push(p.0),
                Err(Reported) => {
                    self.salvaged_state = None;
                    // Its place is kept, with no name and an erroneous value: the checker
                    // makes no check of the whole block (a missing `Texture`) after it.
                    let at = self.peek().range.start;
                    let range = TextRange { start: at, end: at };
                    list.push(Property {
                        name: Ident {
                            name: smol_str::SmolStr::default(),
                            range,
                        },
                        value: Expr {
                            kind: ExprKind::Error,
                            range,
                        },
                        range,
                    });
                    self.sync(SyncLevel::Statement);
                    if self.pos == before {
                        break;
                    }
                }
            }
        }
        self.expect("}")?;
        Ok(list)
    }

    /// `Key = Value;`, with the `<x, y, z>` thread counts a compute shader's name may carry.
    /// In a pass (`pass_state`), a value that is one of ReShade's value names (`SRCALPHA`, in
    /// any case) is the whole value, as ReShade reads it: an operator after it is a syntax
    /// error.
    pub(super) fn property(&mut self, pass_state: bool) -> PResult<(Property, Vec<Expr>)> {
        let start = self.peek().range.start;
        let name = match self.kind() {
            // `Texture` is a name here, but `texture` is a type keyword; take either spelling.
            TokenKind::Type(_) | TokenKind::Ident => {
                let t = self.bump();
                Ident {
                    name: self.text_of(t.range).into(),
                    range: t.range,
                }
            }
            _ => return Err(self.unexpected("a state name")),
        };
        self.expect("=")?;
        // ReShade reads shader and render target states as a name it looks up, never as an
        // expression (`parse_technique_pass`): anything else is a syntax error right there.
        let value = if names_a_symbol(&name.name) {
            if self.kind() != TokenKind::Ident && !self.at("::") {
                return Err(self.unexpected("a function or texture name"));
            }
            let at = self.peek().range.start;
            let path = self.path()?;
            Expr {
                kind: ExprKind::Name(path),
                range: self.range_from(at),
            }
        } else if self.at_value_name(pass_state) {
            let t = self.bump();
            let name = Ident {
                name: self.text_of(t.range).into(),
                range: t.range,
            };
            Expr {
                kind: ExprKind::Name(Path {
                    absolute: false,
                    segments: vec![name],
                    range: t.range,
                }),
                range: t.range,
            }
        } else {
            if self.kind() == TokenKind::Ident {
                // ReShade read it as a value name first.
                self.note_token_backtrack();
            }
            self.multary()?
        };
        // Only a shader or render target state takes thread counts, two or three of them:
        // after any other value (`Format = RGBA8<`), the `<` is a syntax error.
        let mut threads = Vec::new();
        if names_a_symbol(&name.name) && self.eat("<") {
            threads.push(self.binary_above_relational()?);
            self.expect(",")?;
            threads.push(self.binary_above_relational()?);
            if self.eat(",") {
                threads.push(self.binary_above_relational()?);
            }
            self.expect(">")?;
        }
        if let Err(e) = self.expect(";") {
            if names_a_symbol(&name.name) {
                let range = self.range_from(start);
                self.salvaged_state = Some((Property { name, value, range }, threads));
            } else if !is_value_name(&value, pass_state) {
                // An expression read whole was checked (a value name is none).
                self.keep(value);
            }
            return Err(e);
        }
        let property = Property {
            name,
            value,
            range: self.range_from(start),
        };
        Ok((property, threads))
    }
}

impl Parser<'_> {
    /// Whether the token here is one of ReShade's value names, which it reads as a whole value
    /// (`SRCALPHA` in a pass, `CLAMP` or `RGBA8` in an object's block; any letter case):
    /// anything after it but the `;` is a syntax error.
    fn at_value_name(&self, pass_state: bool) -> bool {
        self.kind() == TokenKind::Ident && value_name(self.text_of(self.peek().range), pass_state)
    }
}

/// Whether `word` is a value name of a pass state (`pass_state`) or of an object property.
fn value_name(word: &str, pass_state: bool) -> bool {
    if pass_state {
        crate::build::state_values::reshade_value_number(word).is_some()
    } else {
        crate::fx::check::objects::property_name_value(word).is_some()
    }
}

/// Whether `value` is a value name alone (read as one, never as an expression).
fn is_value_name(value: &Expr, pass_state: bool) -> bool {
    match &value.kind {
        ExprKind::Name(path) if path.segments.len() == 1 && !path.absolute => {
            value_name(&path.segments[0].name, pass_state)
        }
        _ => false,
    }
}

/// Whether a pass state `name` takes a symbol: `*Shader` states (`VertexShader`, `PixelShader`,
/// `ComputeShader`, any other ending so) and `RenderTarget`, `RenderTarget0` to `RenderTarget7`.
fn names_a_symbol(name: &str) -> bool {
    let shader = name.len() > 6 && name.ends_with("Shader");
    let target = name
        .strip_prefix("RenderTarget")
        .is_some_and(|rest| rest.is_empty() || rest.as_bytes()[0].wrapping_sub(b'0') < 8);
    shader || target
}
