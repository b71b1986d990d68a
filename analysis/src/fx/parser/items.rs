//! Top-level declarations: namespaces, structs, functions with their attributes and parameters,
//! and the item loop that recovers from a broken declaration.

use super::{PResult, Parser, Place, Reported, SyncLevel};
use crate::diagnostic::DiagnosticCode;
use crate::fx::ast::*;
use crate::fx::lexer::{Keyword, TokenKind};

/// Why a function's result cannot be `static`, `uniform`, ... (ReShade's X3047).
pub(crate) const RETURN_QUALIFIERS: &str = "function return type cannot have any qualifiers";

impl Parser<'_> {
    /// Items up to the end of the file, or up to the `}` closing a namespace when `in_block`.
    pub(super) fn items(&mut self, in_block: bool) -> Vec<Item> {
        let mut items = Vec::new();
        loop {
            match self.kind() {
                TokenKind::Eof => break,
                TokenKind::Punct("}") if in_block => break,
                TokenKind::Punct(";") => {
                    self.bump();
                    continue;
                }
                _ => {}
            }
            let start = self.pos;
            let begin = self.peek().range.start;
            let outer = std::mem::take(&mut self.salvage);
            let read = self.item();
            let salvage = std::mem::replace(&mut self.salvage, outer);
            let failed = match read {
                Ok(item) => {
                    items.extend(item);
                    false
                }
                Err(Reported) => {
                    self.sync(if in_block {
                        SyncLevel::Item
                    } else {
                        SyncLevel::FileItem
                    });
                    if self.pos == start {
                        // A stray `}` at file level: step over it.
                        self.bump();
                    }
                    true
                }
            };
            // What was read whole before a syntax error (in the item, or in one of its
            // annotations that recovered): its declarations stand, its expressions are checked.
            let mut kept = Vec::new();
            for statement in salvage {
                match statement.kind {
                    StmtKind::Decl(v) => items.push(Item::Variables(v)),
                    StmtKind::Expr(_) | StmtKind::Unfinished(_) => kept.push(statement),
                    _ => {}
                }
            }
            if failed || !kept.is_empty() {
                items.push(Item::Error(self.range_from(begin), kept));
            }
        }
        items
    }

    /// A top-level item; `None` for qualifiers or attributes followed by a `;`, which ReShade's
    /// `parse_top` reads and then drops as an empty declaration.
    fn item(&mut self) -> PResult<Option<Item>> {
        if self.at("[") {
            return self.attributed_function();
        }
        match self.kind() {
            TokenKind::Keyword(Keyword::Namespace) => {
                self.namespace().map(|n| Some(Item::Namespace(n)))
            }
            TokenKind::Keyword(Keyword::Struct) => {
                let s = self.struct_def()?;
                self.expect(";")?;
                Ok(Some(Item::Struct(s)))
            }
            TokenKind::Keyword(Keyword::Technique) => {
                self.technique().map(|t| Some(Item::Technique(t)))
            }
            TokenKind::Punct("}") => Err(self.unexpected("a declaration")),
            _ => self.declaration_or_function(),
        }
    }

    fn namespace(&mut self) -> PResult<Namespace> {
        let start = self.bump().range.start;
        let name = self.ident("a namespace name")?;
        if !self.at("{") {
            return Err(self.unexpected("'{'"));
        }
        self.nested(|p| {
            p.bump();
            let items = p.items(true);
            // Left open at the end of the text, it keeps what it read, as a block does.
            p.close_or_end()?;
            Ok(Namespace {
                name,
                items,
                range: p.range_from(start),
            })
        })
    }

    fn struct_def(&mut self) -> PResult<StructDef> {
        let start = self.bump().range.start;
        let name = if self.kind() == TokenKind::Ident {
            Some(self.ident("a struct name")?)
        } else {
            None
        };
        if let Some(name) = &name {
            self.struct_names.insert(name.name.clone());
        }
        self.expect("{")?;
        let mut fields = Vec::new();
        let mut failed = false;
        while !self.at("}") && self.kind() != TokenKind::Eof {
            let before = self.pos;
            match self.field() {
                Ok(field) => fields.push(field),
                Err(Reported) => {
                    failed = true;
                    self.sync(SyncLevel::Statement);
                    if self.pos == before {
                        break;
                    }
                }
            }
        }
        self.expect("}")?;
        Ok(StructDef {
            name,
            empty: fields.is_empty() && !failed,
            fields,
            range: self.range_from(start),
        })
    }

    fn field(&mut self) -> PResult<VarDecl> {
        let start = self.peek().range.start;
        let qualifiers = self.qualifiers();
        let ty = self.type_ref()?;
        self.declarators(start, qualifiers, ty, Place::Member)
    }

    /// Qualifier keywords in front of a declaration or parameter.
    pub(super) fn qualifiers(&mut self) -> Vec<QualifierAt> {
        let mut list = Vec::new();
        while let TokenKind::Keyword(k) = self.kind() {
            let qualifier = match k {
                Keyword::Extern => Qualifier::Extern,
                Keyword::Static => Qualifier::Static,
                Keyword::Uniform => Qualifier::Uniform,
                Keyword::Volatile => Qualifier::Volatile,
                Keyword::Precise => Qualifier::Precise,
                Keyword::Groupshared => Qualifier::Groupshared,
                Keyword::In => Qualifier::In,
                Keyword::Out => Qualifier::Out,
                Keyword::Inout => Qualifier::Inout,
                Keyword::Const => Qualifier::Const,
                Keyword::Linear => Qualifier::Linear,
                Keyword::Noperspective => Qualifier::Noperspective,
                Keyword::Nointerpolation => Qualifier::Nointerpolation,
                _ => break,
            };
            let range = self.bump().range;
            list.push(QualifierAt { qualifier, range });
        }
        list
    }

    /// `[shader("pixel")]`, `[numthreads(8, 8, 1)]` or an unknown `[name]` before a function,
    /// as ReShade reads them (`parse_top`); on a variable they are reported by the checker.
    fn attributed_function(&mut self) -> PResult<Option<Item>> {
        let mut attributes = Vec::new();
        while self.at("[") {
            let start = self.bump().range.start;
            let name = self.ident("an attribute name")?;
            let mut args = Vec::new();
            match name.name.as_str() {
                "shader" => {
                    self.expect("(")?;
                    if self.kind() != TokenKind::String {
                        return Err(self.unexpected("a string"));
                    }
                    args.push(self.assignment()?);
                    self.expect(")")?;
                }
                "numthreads" => {
                    self.expect("(")?;
                    for i in 0..3 {
                        if i > 0 {
                            self.expect(",")?;
                        }
                        args.push(self.binary_above_relational()?);
                    }
                    self.expect(")")?;
                }
                _ => {}
            }
            self.expect("]")?;
            attributes.push(Attribute {
                name,
                args,
                range: self.range_from(start),
            });
        }
        match self.declaration_or_function()? {
            Some(Item::Function(mut f)) => {
                f.attributes = attributes;
                Ok(Some(Item::Function(f)))
            }
            Some(Item::Variables(mut v)) => {
                v.attributes = attributes;
                Ok(Some(Item::Variables(v)))
            }
            other => Ok(other),
        }
    }

    /// A declaration or a function; `None` when no type follows the qualifiers (or the
    /// attributes before them) but a `;`: an empty declaration ReShade drops.
    fn declaration_or_function(&mut self) -> PResult<Option<Item>> {
        let start = self.peek().range.start;
        let qualifiers = self.qualifiers();
        if self.eat(";") {
            return Ok(None);
        }
        let ty = self.type_ref()?;
        let unknown = self.unknown_type(&ty);
        let (_, item) = self.after(unknown, |p| {
            if p.kind() == TokenKind::Ident && p.at_n(1, "(") {
                return p
                    .function(start, qualifiers, ty)
                    .map(|f| Some(Item::Function(f)));
            }
            p.declarators(start, qualifiers, ty, Place::Global)
                .map(|v| Some(Item::Variables(v)))
        })?;
        Ok(item)
    }

    fn function(
        &mut self,
        start: u32,
        qualifiers: Vec<QualifierAt>,
        return_type: TypeRef,
    ) -> PResult<Function> {
        let qualified = !qualifiers.is_empty();
        let name = self.ident("a function name")?;
        self.expect("(")?;
        // ReShade rejects a qualified result as soon as it knows a function starts here; the
        // checker reports it for a function that parses, this for one that does not.
        let at = name.range;
        match self.function_rest(start, qualifiers, return_type, name) {
            Err(reported) => {
                if qualified {
                    let message = format!("'{}' : {RETURN_QUALIFIERS}", self.text_of(at));
                    self.error(at, message);
                }
                Err(reported)
            }
            done => done,
        }
    }

    fn function_rest(
        &mut self,
        start: u32,
        qualifiers: Vec<QualifierAt>,
        return_type: TypeRef,
        name: Ident,
    ) -> PResult<Function> {
        let mut params = Vec::new();
        // ReShade takes no `(void)` for an empty list: `void` starts a parameter. A `,` is
        // followed by a parameter (`f(float a, )` is a syntax error at the `)`).
        if !self.at(")") {
            loop {
                params.push(self.param()?);
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect(")")?;
        let semantic = self.semantic()?;
        let body = if self.eat(";") {
            None
        } else if self.at("{") {
            Some(self.block()?)
        } else {
            return Err(self.unexpected("'{' or ';'"));
        };
        Ok(Function {
            attributes: Vec::new(),
            qualifiers,
            return_type,
            name,
            params,
            semantic,
            body,
            range: self.range_from(start),
        })
    }

    /// ReShade looks a named type up as it reads it: one no struct names is its error even
    /// when the declaration or parameter then fails to parse (kept as the name it is).
    fn unknown_type(&self, ty: &TypeRef) -> Option<Expr> {
        match &ty.kind {
            TypeKind::Named(path)
                if !path
                    .segments
                    .last()
                    .is_some_and(|s| self.struct_names.contains(s.name.as_str())) =>
            {
                Some(Expr {
                    kind: ExprKind::Name(path.clone()),
                    range: ty.range,
                })
            }
            _ => None,
        }
    }

    fn param(&mut self) -> PResult<Param> {
        let start = self.peek().range.start;
        let qualifiers = self.qualifiers();
        let ty = self.type_ref()?;
        let unknown = self.unknown_type(&ty);
        let (_, (name, array, semantic, default)) = self.after(unknown, |p| {
            let name = p.ident("a parameter name")?;
            p.variable_names.insert(name.name.clone());
            let array = p.array_dims()?;
            let semantic = p.semantic()?;
            let default = p.default_value()?;
            Ok((name, array, semantic, default))
        })?;
        Ok(Param {
            qualifiers,
            ty,
            name,
            array,
            semantic,
            default,
            range: self.range_from(start),
        })
    }

    /// A parameter's `= value`. ReShade 6.1 has no default parameter values (later releases
    /// do): the first one of a file is one error saying so; the value is kept, so calls that
    /// leave it out are checked as the newer release would, without further errors.
    fn default_value(&mut self) -> PResult<Option<Expr>> {
        if !self.at("=") {
            return Ok(None);
        }
        let equals = self.bump().range;
        if !self.reported_default_values {
            self.reported_default_values = true;
            self.error(
                equals,
                "'=' : default parameter values need a newer ReShade than 6.1, the version \
                 fxbench checks effects against"
                    .to_string(),
            );
        }
        Ok(Some(self.assignment()?))
    }

    /// `: SEMANTIC`, if written.
    pub(super) fn semantic(&mut self) -> PResult<Option<Ident>> {
        if self.eat(":") {
            Ok(Some(self.ident("a semantic")?))
        } else {
            Ok(None)
        }
    }

    /// `[N]` or `[]` after a name. A second `[` fails the declaration where it stands, before
    /// its size is read, as ReShade's `parse_array_size` peeks for it (X3119).
    pub(super) fn array_dims(&mut self) -> PResult<Vec<Option<Expr>>> {
        let mut dims = Vec::new();
        if self.eat("[") {
            if self.eat("]") {
                dims.push(None);
            } else {
                let size = self.nested(|p| p.expression())?;
                // ReShade resolves the size's names as it reads them, before the `]` it lacks.
                let (size, _) = self.after(size, |p| p.expect("]"))?;
                dims.push(Some(size));
            }
        }
        if self.at("[") {
            // Taken, so that recovery does not wait for its `]`.
            let range = self.bump().range;
            return Err(self.error_with(
                DiagnosticCode::UnsupportedType,
                range,
                "'[' : arrays cannot be multi-dimensional".to_string(),
            ));
        }
        Ok(dims)
    }
}
