//! Recursive-descent parser for ReShade FX: declarations, statements and types here, expressions
//! in [`super::expr`] (precedence climbing with HLSL's precedence).
//!
//! Errors are recovered at the statement and declaration level: a failing statement is skipped
//! to its `;` (or to the `}` that closes its block), a failing declaration to its `;` or the end of
//! its `{ }` block, and parsing goes on, so every independent syntax error of a file is reported
//! in one run. Each error is reported once where it is found; callers see only that it happened
//! ([`Reported`]). Nesting of blocks, parentheses, initialiser lists and the like is limited to
//! [`MAX_NESTING`], so that no input overflows the stack: deeper text gets one located error and
//! is skipped to its closing bracket without recursion.

use std::collections::HashSet;

use super::ast::*;
use super::expr::NEST_COST;
use super::lexer::{Keyword, Token, TokenKind, TypeWord, tokenize};

/// Deepest nesting of blocks, parentheses, brackets and initialiser lists accepted.
pub const MAX_NESTING: usize = 256;

/// A syntax error: where, and a message in the `'token' : what` form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub range: TextRange,
    pub message: String,
}

/// The parser's output: the tree (with `Error` nodes where parts failed) and every error, lexical
/// ones first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parsed {
    pub module: Module,
    pub errors: Vec<ParseError>,
}

/// Marks a failure whose error is already recorded.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reported;

pub(super) type PResult<T> = Result<T, Reported>;

/// Parses preprocessed ReShade FX text.
pub fn parse(text: &str) -> Parsed {
    let (tokens, lex_errors) = tokenize(text);
    let mut parser = Parser {
        text,
        tokens,
        pos: 0,
        depth: 0,
        errors: lex_errors
            .into_iter()
            .map(|e| ParseError {
                range: e.range,
                message: e.message,
            })
            .collect(),
        struct_names: HashSet::new(),
    };
    let items = parser.items(false);
    Parsed {
        module: Module { items },
        errors: parser.errors,
    }
}

pub(super) struct Parser<'t> {
    pub(super) text: &'t str,
    pub(super) tokens: Vec<Token>,
    pub(super) pos: usize,
    /// Nesting so far: [`NEST_COST`] per bracket level, one per operator chain link.
    pub(super) depth: usize,
    pub(super) errors: Vec<ParseError>,
    /// Names of the structs declared so far: `(Name)x` is a cast only when `Name` is one.
    pub(super) struct_names: HashSet<String>,
}

/// Where recovery stops skipping.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SyncLevel {
    Statement,
    Item,
    /// Inside `< >` annotations: also stops before a `>` at depth 0.
    Annotation,
}

impl Parser<'_> {
    // -----------------------------------------------------------------------------------------
    // Token access

    pub(super) fn peek(&self) -> Token {
        self.peek_at(0)
    }

    pub(super) fn peek_at(&self, n: usize) -> Token {
        let i = (self.pos + n).min(self.tokens.len().saturating_sub(1));
        self.tokens.get(i).copied().unwrap_or(Token {
            kind: TokenKind::Eof,
            range: TextRange::new(self.text.len(), self.text.len()),
        })
    }

    pub(super) fn kind(&self) -> TokenKind {
        self.peek().kind
    }

    pub(super) fn bump(&mut self) -> Token {
        let t = self.peek();
        if t.kind != TokenKind::Eof {
            self.pos += 1;
        }
        t
    }

    pub(super) fn at(&self, punct: &str) -> bool {
        matches!(self.kind(), TokenKind::Punct(p) if p == punct)
    }

    pub(super) fn at_n(&self, n: usize, punct: &str) -> bool {
        matches!(self.peek_at(n).kind, TokenKind::Punct(p) if p == punct)
    }

    pub(super) fn eat(&mut self, punct: &str) -> bool {
        let found = self.at(punct);
        if found {
            self.pos += 1;
        }
        found
    }

    pub(super) fn at_keyword(&self, keyword: Keyword) -> bool {
        self.kind() == TokenKind::Keyword(keyword)
    }

    pub(super) fn text_of(&self, range: TextRange) -> &str {
        self.text
            .get(range.start as usize..range.end as usize)
            .unwrap_or("")
    }

    /// The end of the last token consumed, for ranges of nodes.
    pub(super) fn last_end(&self) -> u32 {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map_or(0, |t| t.range.end)
    }

    pub(super) fn range_from(&self, start: u32) -> TextRange {
        TextRange {
            start,
            end: self.last_end().max(start),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Errors and recovery

    pub(super) fn error(&mut self, range: TextRange, message: String) -> Reported {
        self.errors.push(ParseError { range, message });
        Reported
    }

    /// Reports the current token as unexpected where `expected` should be.
    pub(super) fn unexpected(&mut self, expected: &str) -> Reported {
        let t = self.peek();
        let shown = match t.kind {
            TokenKind::Eof => "end of file".to_string(),
            _ => self.text_of(t.range).to_string(),
        };
        self.error(
            t.range,
            format!("'{shown}' : syntax error: unexpected token, expected {expected}"),
        )
    }

    pub(super) fn expect(&mut self, punct: &str) -> PResult<Token> {
        if self.at(punct) {
            Ok(self.bump())
        } else {
            Err(self.unexpected(&format!("'{punct}'")))
        }
    }

    pub(super) fn ident(&mut self, what: &str) -> PResult<Ident> {
        if self.kind() == TokenKind::Ident {
            let t = self.bump();
            Ok(Ident {
                name: self.text_of(t.range).to_string(),
                range: t.range,
            })
        } else {
            Err(self.unexpected(what))
        }
    }

    /// Runs `f` one nesting level deeper; past [`MAX_NESTING`] reports the current token, skips
    /// the bracketed text it opens and fails instead.
    pub(super) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth + NEST_COST > MAX_NESTING * NEST_COST {
            let t = self.peek();
            let shown = self.text_of(t.range).to_string();
            let reported = self.error(
                t.range,
                format!("'{shown}' : nesting deeper than {MAX_NESTING} levels"),
            );
            self.skip_balanced();
            return Err(reported);
        }
        self.depth += NEST_COST;
        let result = f(self);
        self.depth -= NEST_COST;
        result
    }

    /// Skips one token; if it opens a bracket, skips through the matching close (iteratively).
    fn skip_balanced(&mut self) {
        let mut depth = 0usize;
        loop {
            let t = self.bump();
            match t.kind {
                TokenKind::Eof => return,
                TokenKind::Punct("(" | "[" | "{") => depth += 1,
                TokenKind::Punct(")" | "]" | "}") => depth = depth.saturating_sub(1),
                _ => {}
            }
            if depth == 0 {
                return;
            }
        }
    }

    /// Skips to the end of a broken statement or declaration: past its `;`, or past the `{ }`
    /// block it opened, or up to (not past) the `}` that closes the enclosing block.
    fn sync(&mut self, level: SyncLevel) {
        let mut depth = 0usize;
        loop {
            match self.kind() {
                TokenKind::Eof => return,
                TokenKind::Punct(";") if depth == 0 => {
                    self.bump();
                    return;
                }
                TokenKind::Punct("}") if depth == 0 => return,
                TokenKind::Punct(">") if depth == 0 && level == SyncLevel::Annotation => return,
                TokenKind::Keyword(Keyword::Technique | Keyword::Namespace | Keyword::Struct)
                    if depth == 0 && level == SyncLevel::Item =>
                {
                    return;
                }
                TokenKind::Punct("(" | "[" | "{") => depth += 1,
                TokenKind::Punct("}") => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        // A block closed: a function body, or a struct needing its `;`.
                        self.eat(";");
                        return;
                    }
                }
                TokenKind::Punct(")" | "]") => depth = depth.saturating_sub(1),
                _ => {}
            }
            self.bump();
        }
    }

    // -----------------------------------------------------------------------------------------
    // Declarations

    /// Items up to the end of the file, or up to the `}` closing a namespace when `in_block`.
    fn items(&mut self, in_block: bool) -> Vec<Item> {
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
            match self.item() {
                Ok(item) => items.push(item),
                Err(Reported) => {
                    self.sync(SyncLevel::Item);
                    if self.pos == start {
                        // A stray `}` at file level: step over it.
                        self.bump();
                    }
                    items.push(Item::Error(self.range_from(begin)));
                }
            }
        }
        items
    }

    fn item(&mut self) -> PResult<Item> {
        match self.kind() {
            TokenKind::Keyword(Keyword::Namespace) => self.namespace().map(Item::Namespace),
            TokenKind::Keyword(Keyword::Struct) => {
                let s = self.struct_def()?;
                self.expect(";")?;
                Ok(Item::Struct(s))
            }
            TokenKind::Keyword(Keyword::Technique) => self.technique().map(Item::Technique),
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
            p.expect("}")?;
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
        while !self.at("}") && self.kind() != TokenKind::Eof {
            let before = self.pos;
            match self.field() {
                Ok(field) => fields.push(field),
                Err(Reported) => {
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
            fields,
            range: self.range_from(start),
        })
    }

    fn field(&mut self) -> PResult<VarDecl> {
        let start = self.peek().range.start;
        let qualifiers = self.qualifiers();
        let ty = self.type_ref()?;
        self.declarators(start, qualifiers, ty)
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
                Keyword::Centroid => Qualifier::Centroid,
                Keyword::Nointerpolation => Qualifier::Nointerpolation,
                _ => break,
            };
            let range = self.bump().range;
            list.push(QualifierAt { qualifier, range });
        }
        list
    }

    fn declaration_or_function(&mut self) -> PResult<Item> {
        let start = self.peek().range.start;
        let qualifiers = self.qualifiers();
        let ty = self.type_ref()?;
        if self.kind() == TokenKind::Ident && self.at_n(1, "(") {
            return self.function(start, qualifiers, ty).map(Item::Function);
        }
        self.declarators(start, qualifiers, ty).map(Item::Variables)
    }

    fn function(
        &mut self,
        start: u32,
        qualifiers: Vec<QualifierAt>,
        return_type: TypeRef,
    ) -> PResult<Function> {
        let name = self.ident("a function name")?;
        self.expect("(")?;
        let mut params = Vec::new();
        let void_only = matches!(self.kind(), TokenKind::Type(TypeWord::Void)) && self.at_n(1, ")");
        if void_only {
            self.bump();
        }
        while !self.at(")") {
            params.push(self.param()?);
            if !self.eat(",") {
                break;
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
            qualifiers,
            return_type,
            name,
            params,
            semantic,
            body,
            range: self.range_from(start),
        })
    }

    fn param(&mut self) -> PResult<Param> {
        let start = self.peek().range.start;
        let qualifiers = self.qualifiers();
        let ty = self.type_ref()?;
        let name = self.ident("a parameter name")?;
        let array = self.array_dims()?;
        let semantic = self.semantic()?;
        Ok(Param {
            qualifiers,
            ty,
            name,
            array,
            semantic,
            range: self.range_from(start),
        })
    }

    /// `: SEMANTIC`, if written.
    fn semantic(&mut self) -> PResult<Option<Ident>> {
        if self.eat(":") {
            Ok(Some(self.ident("a semantic")?))
        } else {
            Ok(None)
        }
    }

    /// `[N][]...` after a name.
    fn array_dims(&mut self) -> PResult<Vec<Option<Expr>>> {
        let mut dims = Vec::new();
        while self.eat("[") {
            if self.eat("]") {
                dims.push(None);
                continue;
            }
            let size = self.nested(|p| p.expression())?;
            self.expect("]")?;
            dims.push(Some(size));
        }
        Ok(dims)
    }

    /// The names of a variable declaration after its type, through the `;`.
    pub(super) fn declarators(
        &mut self,
        start: u32,
        qualifiers: Vec<QualifierAt>,
        ty: TypeRef,
    ) -> PResult<VarDecl> {
        let is_object = matches!(ty.kind, TypeKind::Object { .. });
        let mut declarators = Vec::new();
        loop {
            declarators.push(self.declarator(is_object)?);
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";")?;
        Ok(VarDecl {
            qualifiers,
            ty,
            declarators,
            range: self.range_from(start),
        })
    }

    fn declarator(&mut self, is_object: bool) -> PResult<Declarator> {
        let name = self.ident("a variable name")?;
        let start = name.range.start;
        let array = self.array_dims()?;
        let semantic = self.semantic()?;
        let annotations = if self.at("<") {
            self.annotations()?
        } else {
            Vec::new()
        };
        let mut init = None;
        let mut properties = None;
        if self.eat("=") {
            init = Some(self.initializer()?);
        } else if is_object && self.at("{") {
            properties = Some(self.properties()?);
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
    fn initializer(&mut self) -> PResult<Expr> {
        if !self.at("{") {
            return self.assignment();
        }
        self.nested(|p| {
            let start = p.bump().range.start;
            let mut elements = Vec::new();
            while !p.at("}") {
                elements.push(p.initializer()?);
                if !p.eat(",") {
                    break;
                }
            }
            p.expect("}")?;
            Ok(Expr {
                kind: ExprKind::InitList(elements),
                range: p.range_from(start),
            })
        })
    }

    /// `< [type] name = value; ... >`.
    fn annotations(&mut self) -> PResult<Vec<Annotation>> {
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
        self.expect(">")?;
        Ok(list)
    }

    fn annotation(&mut self) -> PResult<Annotation> {
        let start = self.peek().range.start;
        let ty = if self.kind() == TokenKind::Ident && self.at_n(1, "=") {
            None
        } else {
            Some(self.type_ref()?)
        };
        let name = self.ident("an annotation name")?;
        self.expect("=")?;
        // The value stops before relational operators: `>` closes the list.
        let value = self.annotation_value()?;
        self.expect(";")?;
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
            self.binary_above_relational()
        }
    }

    /// `{ Key = Value; ... }` of a texture, sampler or storage object.
    fn properties(&mut self) -> PResult<Vec<Property>> {
        self.bump();
        let mut list = Vec::new();
        while !self.at("}") && self.kind() != TokenKind::Eof {
            let before = self.pos;
            match self.property() {
                Ok(p) => list.push(p.0),
                Err(Reported) => {
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
    fn property(&mut self) -> PResult<(Property, Vec<Expr>)> {
        let start = self.peek().range.start;
        let name = match self.kind() {
            // `Texture` is a name here, but `texture` is a type keyword; take either spelling.
            TokenKind::Type(_) | TokenKind::Ident => {
                let t = self.bump();
                Ident {
                    name: self.text_of(t.range).to_string(),
                    range: t.range,
                }
            }
            _ => return Err(self.unexpected("a state name")),
        };
        self.expect("=")?;
        let value = self.binary_above_relational()?;
        let mut threads = Vec::new();
        if self.eat("<") {
            loop {
                threads.push(self.binary_above_relational()?);
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(">")?;
        }
        self.expect(";")?;
        let property = Property {
            name,
            value,
            range: self.range_from(start),
        };
        Ok((property, threads))
    }

    fn technique(&mut self) -> PResult<Technique> {
        let start = self.bump().range.start;
        let name = self.ident("a technique name")?;
        let annotations = if self.at("<") {
            self.annotations()?
        } else {
            Vec::new()
        };
        self.expect("{")?;
        let mut passes = Vec::new();
        while !self.at("}") && self.kind() != TokenKind::Eof {
            let before = self.pos;
            match self.pass() {
                Ok(p) => passes.push(p),
                Err(Reported) => {
                    self.sync(SyncLevel::Statement);
                    if self.pos == before {
                        break;
                    }
                }
            }
        }
        self.expect("}")?;
        Ok(Technique {
            name,
            annotations,
            passes,
            range: self.range_from(start),
        })
    }

    fn pass(&mut self) -> PResult<Pass> {
        if !self.at_keyword(Keyword::Pass) {
            return Err(self.unexpected("'pass'"));
        }
        let start = self.bump().range.start;
        let name = if self.kind() == TokenKind::Ident {
            Some(self.ident("a pass name")?)
        } else {
            None
        };
        self.expect("{")?;
        let mut states = Vec::new();
        while !self.at("}") && self.kind() != TokenKind::Eof {
            let before = self.pos;
            match self.property() {
                Ok((p, threads)) => states.push(PassState {
                    name: p.name,
                    value: p.value,
                    threads,
                    range: p.range,
                }),
                Err(Reported) => {
                    self.sync(SyncLevel::Statement);
                    if self.pos == before {
                        break;
                    }
                }
            }
        }
        self.expect("}")?;
        Ok(Pass {
            name,
            states,
            range: self.range_from(start),
        })
    }

    // -----------------------------------------------------------------------------------------
    // Types

    pub(super) fn type_ref(&mut self) -> PResult<TypeRef> {
        let t = self.peek();
        let kind = match t.kind {
            TokenKind::Type(word) => {
                self.bump();
                self.type_word(word)?
            }
            TokenKind::Ident | TokenKind::Punct("::") => TypeKind::Named(self.path()?),
            _ => return Err(self.unexpected("a type")),
        };
        Ok(TypeRef {
            kind,
            range: self.range_from(t.range.start),
        })
    }

    fn type_word(&mut self, word: TypeWord) -> PResult<TypeKind> {
        use super::lexer::Base;
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
                let element = if self.at("<") {
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

    fn template_scalar(&mut self) -> PResult<super::lexer::Base> {
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

    // -----------------------------------------------------------------------------------------
    // Statements

    pub(super) fn block(&mut self) -> PResult<Block> {
        self.nested(|p| {
            let start = p.expect("{")?.range.start;
            let statements = p.statements_until_close();
            p.expect("}")?;
            Ok(Block {
                statements,
                range: p.range_from(start),
            })
        })
    }

    /// Statements up to a `}` (not consumed), recovering from each broken one.
    fn statements_until_close(&mut self) -> Vec<Stmt> {
        let mut statements = Vec::new();
        while !self.at("}") && self.kind() != TokenKind::Eof {
            statements.push(self.statement_or_error());
        }
        statements
    }

    /// A statement; on an error, the statement skipped to where recovery stops.
    fn statement_or_error(&mut self) -> Stmt {
        let start = self.pos;
        let begin = self.peek().range.start;
        match self.statement() {
            Ok(s) => s,
            Err(Reported) => {
                self.sync(SyncLevel::Statement);
                if self.pos == start && !self.at("}") {
                    self.bump();
                }
                Stmt {
                    attributes: Vec::new(),
                    kind: StmtKind::Error,
                    range: self.range_from(begin),
                }
            }
        }
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

    /// `[unroll]`, `[loop]`, `[unroll(4)]`, `[numthreads(8, 8, 1)]` before a statement.
    fn attributes(&mut self) -> PResult<Vec<Attribute>> {
        let mut list = Vec::new();
        while self.at("[") {
            let start = self.bump().range.start;
            let name = self.ident("an attribute name")?;
            let mut args = Vec::new();
            if self.eat("(") {
                while !self.at(")") {
                    args.push(self.assignment()?);
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(")")?;
            }
            self.expect("]")?;
            list.push(Attribute {
                name,
                args,
                range: self.range_from(start),
            });
        }
        Ok(list)
    }

    fn statement_kind(&mut self) -> PResult<StmtKind> {
        let keyword = match self.kind() {
            TokenKind::Punct("{") => return self.block().map(StmtKind::Block),
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
                let body = Box::new(self.statement()?);
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
                self.expect(";")?;
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
                self.expect(";")?;
                Ok(StmtKind::Return(value))
            }
            _ if self.at_declaration() => self.local_declaration().map(StmtKind::Decl),
            _ => Err(self.unexpected("a statement")),
        }
    }

    fn expression_statement(&mut self) -> PResult<StmtKind> {
        let e = self.expression()?;
        self.expect(";")?;
        Ok(StmtKind::Expr(e))
    }

    /// `( expression )` after `if`, `while`, `switch`.
    fn condition(&mut self) -> PResult<Expr> {
        self.expect("(")?;
        let e = self.expression()?;
        self.expect(")")?;
        Ok(e)
    }

    fn if_statement(&mut self) -> PResult<StmtKind> {
        self.bump();
        let cond = self.condition()?;
        let then = Box::new(self.statement()?);
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
        let cond = if self.at(";") {
            None
        } else {
            Some(self.expression()?)
        };
        self.expect(";")?;
        let step = if self.at(")") {
            None
        } else {
            Some(self.expression()?)
        };
        self.expect(")")?;
        let body = Box::new(self.statement()?);
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
            loop {
                if self.at_keyword(Keyword::Case) {
                    self.bump();
                    labels.push(Some(self.expression()?));
                } else if self.at_keyword(Keyword::Default) {
                    self.bump();
                    labels.push(None);
                } else {
                    break;
                }
                self.expect(":")?;
            }
            if labels.is_empty() {
                return Err(self.unexpected("'case' or 'default'"));
            }
            let mut body = Vec::new();
            while !self.at("}")
                && !self.at_keyword(Keyword::Case)
                && !self.at_keyword(Keyword::Default)
                && self.kind() != TokenKind::Eof
            {
                body.push(self.statement_or_error());
            }
            cases.push(SwitchCase {
                labels,
                body,
                range: self.range_from(start),
            });
        }
        self.expect("}")?;
        Ok(StmtKind::Switch { selector, cases })
    }

    /// Whether the statement here declares variables: qualifiers, a type keyword not followed
    /// by `(` (a constructor), or a (scoped) name followed by another name.
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
                | Keyword::Centroid
                | Keyword::Nointerpolation,
            ) => true,
            TokenKind::Type(_) => !self.at_n(1, "("),
            TokenKind::Ident | TokenKind::Punct("::") => {
                let mut n = usize::from(self.at("::"));
                loop {
                    if self.peek_at(n).kind != TokenKind::Ident {
                        return false;
                    }
                    if self.at_n(n + 1, "::") {
                        n += 2;
                        continue;
                    }
                    return self.peek_at(n + 1).kind == TokenKind::Ident;
                }
            }
            _ => false,
        }
    }

    fn local_declaration(&mut self) -> PResult<VarDecl> {
        let start = self.peek().range.start;
        let qualifiers = self.qualifiers();
        let ty = self.type_ref()?;
        self.declarators(start, qualifiers, ty)
    }
}
