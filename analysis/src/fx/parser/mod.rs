//! Recursive-descent parser for ReShade FX. This file holds the token cursor, error reporting
//! and recovery; the grammar is split by concern: top-level declarations in [`items`], variables,
//! annotations and properties in [`decl`], techniques and passes in [`technique`], types in
//! [`types`], statements in [`stmt`] and expressions in [`expr`] (precedence climbing with HLSL's
//! precedence).
//!
//! Errors are recovered at the statement and declaration level: a failing statement is skipped
//! to its `;` (or to the `}` that closes its block), a failing declaration to its `;` or the end of
//! its `{ }` block, and parsing goes on, so every independent syntax error of a file is reported
//! in one run. Each error is reported once where it is found; callers see only that it happened
//! ([`Reported`]). Nesting of blocks, parentheses, initialiser lists and the like is limited to
//! [`MAX_NESTING`], so that no input overflows the stack: deeper text gets one located error and
//! is skipped to its closing bracket without recursion.

mod backtracks;
mod decl;
mod expr;
pub(crate) mod items;
mod stmt;
mod technique;
mod types;

use crate::diagnostic::DiagnosticCode;
use rustc_hash::FxHashSet as HashSet;

use self::expr::NEST_COST;
use super::ast::*;
use super::lexer::{Keyword, Token, TokenKind, tokenize};

/// Deepest nesting of blocks, parentheses, brackets and initialiser lists accepted.
pub const MAX_NESTING: usize = 256;

/// A syntax error: where, and a message in the `'token' : what` form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub range: TextRange,
    pub message: String,
    /// `SyntaxError` but for the few rules ReShade's parser checks as it reads (a second
    /// array dimension, X3119).
    pub code: DiagnosticCode,
}

/// The parser's output: the tree (with `Error` nodes where parts failed) and every error, lexical
/// ones first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parsed {
    pub module: Module,
    pub errors: Vec<ParseError>,
    /// Where the `double` literals are (`1.0l`): ReShade reads each as a float and warns
    /// (X5000 "double literal truncated to float literal").
    pub doubles: Vec<TextRange>,
    /// Where ReShade's parser rewinds over a name (`backtracks.rs`): the name's first token
    /// and the token read after it, in text order.
    pub backtracks: Vec<(TextRange, TextRange)>,
    /// The last token before the end of the text, if any.
    pub last_token: Option<TextRange>,
    /// How many tokens the text has: what the checker sizes its tables by.
    pub tokens: usize,
}

/// Marks a failure whose error is already recorded.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reported;

pub(super) type PResult<T> = Result<T, Reported>;

/// Where a declaration is: what may follow a declared name depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    Global,
    Local,
    Member,
}

/// Parses preprocessed ReShade FX text.
pub fn parse(text: &str) -> Parsed {
    let (mut tokens, lex_errors) = tokenize(text);
    // The lexer has reported every unknown character; the parser reads on as if it were absent,
    // so that one stray byte gives one error.
    tokens.retain(|t| t.kind != TokenKind::Unknown);
    let doubles = tokens
        .iter()
        .filter(|t| {
            t.kind == TokenKind::Float
                && text
                    .get(t.range.start as usize..t.range.end as usize)
                    .is_some_and(|s| s.ends_with(['l', 'L']))
        })
        .map(|t| t.range)
        .collect();
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
                code: DiagnosticCode::SyntaxError,
            })
            .collect(),
        struct_names: HashSet::default(),
        variable_names: HashSet::default(),
        reported_default_values: false,
        salvage: Vec::new(),
        salvaged_state: None,
        backtracks: Vec::new(),
    };
    let items = parser.items(false);
    let last_token = parser
        .tokens
        .iter()
        .rev()
        .find(|t| t.kind != TokenKind::Eof)
        .map(|t| t.range);
    // Lexical and syntax errors in text order (a sort that keeps equal starts in report order).
    parser.errors.sort_by_key(|e| e.range.start);
    Parsed {
        module: Module { items },
        errors: parser.errors,
        doubles,
        backtracks: parser.backtracks,
        last_token,
        tokens: parser.tokens.len(),
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
    pub(super) struct_names: HashSet<smol_str::SmolStr>,
    /// Names declared as variables or parameters so far, anywhere: a struct's name that is
    /// also one may stand for the variable where a statement starts (ReShade looks it up by
    /// scope), so only a struct's name that never is starts a declaration there whatever
    /// follows it.
    pub(super) variable_names: HashSet<smol_str::SmolStr>,
    /// Whether a default parameter value was reported already (one error per file).
    reported_default_values: bool,
    /// What the construct being read has read whole so far when a syntax error ends it
    /// ([`Salvage`]): kept on the way out of each rule the error leaves, taken by the
    /// statement or item that recovers.
    pub(super) salvage: Salvage,
    /// A shader or render-target state whose `;` is missing: ReShade looks its name up as it
    /// reads it, before that syntax error, so the pass keeps the state.
    pub(super) salvaged_state: Option<(Property, Vec<Expr>)>,
    /// See [`Parsed::backtracks`].
    pub(super) backtracks: Vec<(TextRange, TextRange)>,
}

/// What a rule keeps of what it read when a later part fails ([`Salvage`]).
pub(super) trait Keep {
    fn into_statements(self, out: &mut Vec<Stmt>);
}

impl Keep for Expr {
    /// An expression statement; an initialiser list is kept element by element (only a
    /// declaration gives a list its meaning).
    fn into_statements(self, out: &mut Vec<Stmt>) {
        match self.kind {
            ExprKind::InitList(elements) => elements.into_statements(out),
            ExprKind::Error => {}
            kind => out.push(Stmt {
                attributes: Vec::new(),
                range: self.range,
                kind: StmtKind::Expr(Expr {
                    kind,
                    range: self.range,
                }),
            }),
        }
    }
}

impl Keep for Unfinished {
    fn into_statements(self, out: &mut Vec<Stmt>) {
        out.push(Stmt {
            attributes: Vec::new(),
            range: self.range(),
            kind: StmtKind::Unfinished(self),
        });
    }
}

impl Keep for Vec<Expr> {
    fn into_statements(self, out: &mut Vec<Stmt>) {
        for e in self {
            e.into_statements(out);
        }
    }
}

impl<A: Keep, B: Keep> Keep for (A, B) {
    fn into_statements(self, out: &mut Vec<Stmt>) {
        self.0.into_statements(out);
        self.1.into_statements(out);
    }
}

impl<T: Keep> Keep for Option<T> {
    fn into_statements(self, out: &mut Vec<Stmt>) {
        if let Some(kept) = self {
            kept.into_statements(out);
        }
    }
}

impl Keep for Box<Stmt> {
    fn into_statements(self, out: &mut Vec<Stmt>) {
        out.push(*self);
    }
}

impl Keep for Vec<Annotation> {
    /// The values.
    fn into_statements(self, out: &mut Vec<Stmt>) {
        for a in self {
            a.value.into_statements(out);
        }
    }
}

/// Where recovery stops skipping.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SyncLevel {
    Statement,
    Item,
    /// A declaration at file level, where a `}` closes nothing and is skipped too.
    FileItem,
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
        self.error_with(DiagnosticCode::SyntaxError, range, message)
    }

    /// An error of another code than `SyntaxError` that the parser reports as it reads.
    pub(super) fn error_with(
        &mut self,
        code: DiagnosticCode,
        range: TextRange,
        message: String,
    ) -> Reported {
        self.errors.push(ParseError {
            range,
            message,
            code,
        });
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
                name: self.text_of(t.range).into(),
                range: t.range,
            })
        } else {
            Err(self.unexpected(what))
        }
    }

    /// Runs `f`; when it fails, keeps `kept` (read whole before it) in the salvage, ahead of
    /// what `f` kept, and gives it back with `f`'s result otherwise.
    pub(super) fn after<K: Keep, T>(
        &mut self,
        kept: K,
        f: impl FnOnce(&mut Self) -> PResult<T>,
    ) -> PResult<(K, T)> {
        let mark = self.salvage.len();
        match f(self) {
            Ok(value) => Ok((kept, value)),
            Err(reported) => {
                let mut read = Vec::new();
                kept.into_statements(&mut read);
                self.salvage.splice(mark..mark, read);
                Err(reported)
            }
        }
    }

    /// Keeps `kept` in the salvage after what is there (see [`Parser::after`]).
    pub(super) fn keep(&mut self, kept: impl Keep) {
        kept.into_statements(&mut self.salvage);
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
                TokenKind::Punct("}") if depth == 0 && level != SyncLevel::FileItem => return,
                TokenKind::Punct(">") if depth == 0 && level == SyncLevel::Annotation => return,
                TokenKind::Keyword(Keyword::Technique | Keyword::Namespace | Keyword::Struct)
                    if depth == 0 && matches!(level, SyncLevel::Item | SyncLevel::FileItem) =>
                {
                    return;
                }
                TokenKind::Punct("(" | "[" | "{") => depth += 1,
                TokenKind::Punct("}") => {
                    if depth == 0 {
                        // Only at file level: a stray `}`.
                        self.bump();
                        continue;
                    }
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fx::lexer::Base;

    fn parse_ok(text: &str) -> Module {
        let parsed = parse(text);
        assert_eq!(parsed.errors, Vec::new(), "{text}");
        parsed.module
    }

    /// An expression as a compact S-expression: the tree shape without ranges.
    fn sexp(e: &Expr) -> String {
        let list = |items: &[Expr]| items.iter().map(sexp).collect::<Vec<_>>().join(" ");
        match &e.kind {
            ExprKind::Literal(Literal::Bool(b)) => b.to_string(),
            ExprKind::Literal(Literal::Int(v)) => v.to_string(),
            ExprKind::Literal(Literal::Uint(v)) => format!("{v}u"),
            ExprKind::Literal(Literal::Float(v)) => format!("{v:?}"),
            ExprKind::Literal(Literal::String(s)) => format!("{s:?}"),
            ExprKind::Name(p) => p.joined().into_owned(),
            ExprKind::Unary { op, operand } => format!("({op:?} {})", sexp(operand)),
            ExprKind::Postfix { op, operand } => format!("(Post{op:?} {})", sexp(operand)),
            ExprKind::Binary { op, lhs, rhs } => format!("({op:?} {} {})", sexp(lhs), sexp(rhs)),
            ExprKind::Assign { op, target, value } => {
                format!("(Assign{op:?} {} {})", sexp(target), sexp(value))
            }
            ExprKind::Ternary {
                cond,
                then,
                otherwise,
            } => format!("(? {} {} {})", sexp(cond), sexp(then), sexp(otherwise)),
            ExprKind::Cast { ty, operand } => format!("(cast {} {})", ty_name(ty), sexp(operand)),
            ExprKind::Construct { ty, args } => format!("({} {})", ty_name(ty), list(args)),
            ExprKind::Call { callee, args } => format!("(call {} {})", callee.joined(), list(args)),
            ExprKind::Member { base, member } => format!("(. {} {})", sexp(base), member.name),
            ExprKind::Index { base, index } => format!("([] {} {})", sexp(base), sexp(index)),
            ExprKind::Sequence(items) => format!("(, {})", list(items)),
            ExprKind::InitList(items) => format!("{{{}}}", list(items)),
            ExprKind::Error => "error".into(),
        }
    }

    fn ty_name(ty: &TypeRef) -> String {
        match &ty.kind {
            TypeKind::Numeric { base, rows, cols } => format!("{}{rows}x{cols}", base.as_str()),
            TypeKind::Named(path) => path.joined().into_owned(),
            other => format!("{other:?}"),
        }
    }

    /// The initialiser of the first variable of `text`'s first item.
    fn init_of(text: &str) -> String {
        let module = parse_ok(text);
        match module.items.first() {
            Some(Item::Variables(v)) => v.declarators[0].init.as_ref().map_or("none".into(), sexp),
            other => panic!("not a variable: {other:?}"),
        }
    }

    #[test]
    fn expressions_follow_hlsl_precedence() {
        assert_eq!(
            init_of("int x = a + b * c << 1 == d & e | f ^ g && h || i ? j : k;"),
            "(? (Or (And (BitOr (BitAnd (Equal (ShiftLeft (Add a (Multiply b c)) 1) d) e) \
             (BitXor f g)) h) i) j k)"
        );
        assert_eq!(init_of("int x = a - b - c;"), "(Subtract (Subtract a b) c)");
        assert_eq!(
            init_of("int x = -a++ * !~b;"),
            "(Multiply (Negate (PostIncrement a)) (Not (BitNot b)))"
        );
        assert_eq!(init_of("int x = a ? b : c ? d : e;"), "(? a b (? c d e))");
        assert_eq!(init_of("int x = (a, b);"), "(, a b)");
    }

    #[test]
    fn casts_constructors_swizzles_and_scoped_names() {
        assert_eq!(init_of("float3 x = (float3)y;"), "(cast float3x1 y)");
        assert_eq!(init_of("float x = (a) - b;"), "(Subtract a b)");
        let module = parse_ok("struct S { float a; };\nS x = (S)0;");
        let Some(Item::Variables(v)) = module.items.get(1) else {
            panic!("{module:?}")
        };
        let init = v.declarators[0].init.as_ref().map(sexp);
        assert_eq!(
            init.as_deref(),
            Some("(cast S 0)"),
            "S is a struct declared earlier"
        );
        assert_eq!(
            init_of("float4x3 m = float4x3(1, 2.0f, .5, 1e-3, 0x10u, 1u, 7, 8, 9, 10, 11, 12);"),
            "(float4x3 1 2.0 0.5 0.001 16u 1u 7 8 9 10 11 12)"
        );
        assert_eq!(
            init_of("float x = m._m00_m11.x + v.xyz[1] + ::ReShade::GetLinearizedDepth(uv).r;"),
            "(Add (Add (. (. m _m00_m11) x) ([] (. v xyz) 1)) (. (call ::ReShade::GetLinearizedDepth uv) r))"
        );
        assert_eq!(
            init_of("vector<int, 2> v = vector<int, 2>(1, 2);"),
            "(int2x1 1 2)"
        );
        assert_eq!(init_of("string s = \"a\\tb\" \"c\";"), "\"a\\tbc\"");
    }

    #[test]
    fn assignments_are_right_associative_with_compound_operators() {
        let module = parse_ok("void f() { a = b += c <<= 2; i++; --j; }");
        let Some(Item::Function(f)) = module.items.first() else {
            panic!("{module:?}")
        };
        let body = f
            .body
            .as_ref()
            .map(|b| &b.statements[..])
            .unwrap_or_default();
        let shapes: Vec<String> = body
            .iter()
            .map(|s| match &s.kind {
                StmtKind::Expr(e) => sexp(e),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(
            shapes,
            [
                "(AssignNone a (AssignSome(Add) b (AssignSome(ShiftLeft) c 2)))",
                "(PostIncrement i)",
                "(PreDecrement j)"
            ]
        );
    }

    /// A second array dimension fails its declaration at the second `[`, before its size is
    /// read (ReShade's `parse_array_size`, X3119), with one error however the size goes on.
    #[test]
    fn a_second_array_dimension_is_one_error_at_its_bracket() {
        for text in [
            "float a[5][2];",
            "struct S { float m[2][3]; };",
            "float F(float p[2][2]) { return 0; }",
            "void F() { float3 a[5][\n float b = 1; }",
        ] {
            let parsed = parse(text);
            let second = text.match_indices('[').nth(1).map(|(i, _)| i as u32);
            let errors: Vec<_> = parsed
                .errors
                .iter()
                .map(|e| (e.range.start, e.code))
                .collect();
            assert_eq!(
                errors,
                [(second.unwrap(), DiagnosticCode::UnsupportedType)],
                "{text}"
            );
        }
    }

    #[test]
    fn declarations_with_qualifiers_arrays_semantics_annotations_and_properties() {
        let module = parse_ok(
            "static const float2 k[] = { { 1, 2 }, { 3, 4 } };\n\
             uniform float Strength < ui_type = \"slider\"; float ui_min = -1.0; > = 0.5;\n\
             groupshared uint tile[64];\n\
             texture Tex < source = \"a.png\"; > { Width = BUFFER_WIDTH / 2; Format = RGBA16F; };\n\
             sampler2D<uint4> Samp { Texture = Tex; AddressU = CLAMP; };\n\
             storage2D Store { Texture = Tex; MipLevel = 0; };\n",
        );
        let [
            Item::Variables(k),
            Item::Variables(u),
            Item::Variables(g),
            Item::Variables(t),
            Item::Variables(s),
            Item::Variables(st),
        ] = &module.items[..]
        else {
            panic!("{module:#?}")
        };
        let quals = |v: &VarDecl| v.qualifiers.iter().map(|q| q.qualifier).collect::<Vec<_>>();
        assert_eq!(quals(k), [Qualifier::Static, Qualifier::Const]);
        assert_eq!(k.declarators[0].array.len(), 1);
        assert!(k.declarators[0].array[0].is_none());
        assert_eq!(
            k.declarators[0].init.as_ref().map(sexp).as_deref(),
            Some("{{1 2} {3 4}}")
        );
        let annotations = &u.declarators[0].annotations;
        assert_eq!(annotations.len(), 2);
        assert_eq!(annotations[0].ty, None);
        assert_eq!(annotations[1].name.name, "ui_min");
        assert_eq!(sexp(&annotations[1].value), "(Negate 1.0)");
        assert_eq!(quals(g), [Qualifier::Groupshared]);
        let props = |v: &VarDecl| -> Vec<String> {
            v.declarators[0]
                .properties
                .iter()
                .flatten()
                .map(|p| format!("{}={}", p.name.name, sexp(&p.value)))
                .collect()
        };
        assert_eq!(
            props(t),
            ["Width=(Divide BUFFER_WIDTH 2)", "Format=RGBA16F"]
        );
        assert_eq!(t.declarators[0].annotations.len(), 1);
        assert_eq!(props(s), ["Texture=Tex", "AddressU=CLAMP"]);
        let TypeKind::Object {
            element: Some(e), ..
        } = &s.ty.kind
        else {
            panic!("{s:?}")
        };
        assert_eq!(
            e.kind,
            TypeKind::Numeric {
                base: Base::Uint,
                rows: 4,
                cols: 1
            }
        );
        assert_eq!(props(st), ["Texture=Tex", "MipLevel=0"]);
    }

    #[test]
    fn functions_techniques_and_compute_passes() {
        let module = parse_ok(
            "float4 PS(in float4 p : SV_Position, inout float2 uv : TEXCOORD0, out float d) : SV_Target;\n\
             void CS(uint3 id : SV_DispatchThreadID) {}\n\
             technique T < ui_label = \"T\"; > {\n\
               pass P { VertexShader = PostProcessVS; PixelShader = ReShade::PS; BlendEnable = true; }\n\
               pass { ComputeShader = CS<8, 8, 1>; DispatchSizeX = BUFFER_WIDTH / 8; }\n\
             }\n",
        );
        let [Item::Function(ps), Item::Function(cs), Item::Technique(t)] = &module.items[..] else {
            panic!("{module:#?}")
        };
        assert!(ps.body.is_none());
        assert_eq!(
            ps.semantic.as_ref().map(|s| s.name.as_str()),
            Some("SV_Target")
        );
        let param_quals: Vec<_> = ps
            .params
            .iter()
            .map(|p| p.qualifiers[0].qualifier)
            .collect();
        assert_eq!(
            param_quals,
            [Qualifier::In, Qualifier::Inout, Qualifier::Out]
        );
        assert_eq!(ps.params[2].semantic, None);
        assert_eq!(
            cs.params[0].semantic.as_ref().map(|s| s.name.as_str()),
            Some("SV_DispatchThreadID")
        );
        assert_eq!(t.annotations.len(), 1);
        assert_eq!(t.passes.len(), 2);
        assert_eq!(
            t.passes[0].name.as_ref().map(|n| n.name.as_str()),
            Some("P")
        );
        let states: Vec<String> = t.passes[1]
            .states
            .iter()
            .map(|s| {
                let threads: Vec<String> = s.threads.iter().map(sexp).collect();
                format!("{}={}<{}>", s.name.name, sexp(&s.value), threads.join(","))
            })
            .collect();
        assert_eq!(
            states,
            [
                "ComputeShader=CS<8,8,1>",
                "DispatchSizeX=(Divide BUFFER_WIDTH 8)<>"
            ]
        );
        assert_eq!(sexp(&t.passes[0].states[1].value), "ReShade::PS");
    }

    #[test]
    fn statements_switch_fallthrough_loops_and_attributes() {
        let module = parse_ok(
            "void f() {\n\
               [unroll] for (int i = 0; i < 4; i++) { continue; }\n\
               [loop] while (true) break;\n\
               do { discard; } while (false);\n\
               switch (x) { case 0: case 1: y = 1; default: y = 2; break; }\n\
               if (a) return; else { ; }\n\
               [fastopt] for (;;) {}\n\
             }",
        );
        let Some(Item::Function(f)) = module.items.first() else {
            panic!("{module:?}")
        };
        let body = &f
            .body
            .as_ref()
            .map(|b| b.statements.clone())
            .unwrap_or_default();
        assert_eq!(body.len(), 6);
        assert_eq!(body[0].attributes[0].name.name, "unroll");
        assert!(matches!(
            &body[0].kind,
            StmtKind::For {
                init: Some(_),
                cond: Some(_),
                step: Some(_),
                ..
            }
        ));
        assert!(matches!(&body[1].kind, StmtKind::While { .. }));
        assert!(matches!(&body[2].kind, StmtKind::DoWhile { .. }));
        let StmtKind::Switch { cases, .. } = &body[3].kind else {
            panic!("{:?}", body[3])
        };
        let shape: Vec<(usize, usize)> = cases
            .iter()
            .map(|c| (c.labels.len(), c.body.len()))
            .collect();
        assert_eq!(shape, [(2, 1), (1, 2)], "case 0 falls through to case 1");
        assert_eq!(cases[1].labels[0], None);
        assert!(matches!(
            &body[4].kind,
            StmtKind::If {
                otherwise: Some(_),
                ..
            }
        ));
        assert_eq!(body[5].attributes[0].name.name, "fastopt");
        assert!(matches!(
            &body[5].kind,
            StmtKind::For {
                init: None,
                cond: None,
                step: None,
                ..
            }
        ));
    }

    #[test]
    fn ranges_cover_each_node() {
        let text = "namespace N { float f(float x) { return x * 2.0; } }";
        let module = parse_ok(text);
        let Some(Item::Namespace(n)) = module.items.first() else {
            panic!("{module:?}")
        };
        assert_eq!(n.range, TextRange::new(0, text.len()));
        let Some(Item::Function(f)) = n.items.first() else {
            panic!("{n:?}")
        };
        assert_eq!(
            &text[f.range.start as usize..f.range.end as usize],
            "float f(float x) { return x * 2.0; }"
        );
        let Some(StmtKind::Return(Some(e))) = f.body.as_ref().map(|b| &b.statements[0].kind) else {
            panic!("{f:?}")
        };
        assert_eq!(
            &text[e.range.start as usize..e.range.end as usize],
            "x * 2.0"
        );
    }
}
