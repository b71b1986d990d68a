//! The ReShade FX syntax tree: every node carries the byte range it covers in the preprocessed
//! text, which [`crate::preprocess::Preprocessed::span`] maps back to a file.
//!
//! The tree is syntactic: names are not resolved and types are as written. A part that failed to
//! parse is an `Error` node, so that later stages can skip it without reporting it again.

use super::lexer::{Base, ObjectKind};

/// A byte range of the preprocessed text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextRange {
    pub start: u32,
    pub end: u32,
}

impl TextRange {
    pub fn new(start: usize, end: usize) -> Self {
        Self {
            start: start as u32,
            end: end.max(start) as u32,
        }
    }

    /// The range from the start of `self` to the end of `other`.
    pub fn to(self, other: TextRange) -> TextRange {
        TextRange {
            start: self.start,
            end: other.end.max(self.start),
        }
    }
}

/// A name as written, with its range.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// Held inline up to 23 bytes (nearly every name), so reading a name allocates nothing.
    pub name: smol_str::SmolStr,
    pub range: TextRange,
}

/// A possibly scoped name: `x`, `ReShade::BackBuffer`, `::Global`.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// Starts with `::` (the global namespace).
    pub absolute: bool,
    pub segments: Vec<Ident>,
    pub range: TextRange,
}

impl Path {
    /// The segments joined with `::`; borrowed for a plain name (one segment, not `::x`), the
    /// form nearly every name in an effect has, so that looking names up allocates nothing.
    pub fn joined(&self) -> std::borrow::Cow<'_, str> {
        if let [only] = self.segments.as_slice()
            && !self.absolute
        {
            return std::borrow::Cow::Borrowed(&only.name);
        }
        let len = self.segments.iter().map(|s| s.name.len() + 2).sum();
        let mut joined = String::with_capacity(len);
        for (i, segment) in self.segments.iter().enumerate() {
            if i > 0 || self.absolute {
                joined.push_str("::");
            }
            joined.push_str(&segment.name);
        }
        std::borrow::Cow::Owned(joined)
    }
}

/// A type as written.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeRef {
    pub kind: TypeKind,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeKind {
    Void,
    String,
    /// A scalar (1×1), vector (rows×1) or matrix; `vector<T, N>` and `matrix<T, R, C>` included.
    Numeric {
        base: Base,
        rows: u8,
        cols: u8,
    },
    /// A texture, sampler or storage object, with its element type when one is written
    /// (`sampler2D<uint4>`).
    Object {
        kind: ObjectKind,
        dim: u8,
        element: Option<Box<TypeRef>>,
    },
    /// A struct, named by a possibly scoped name.
    Named(Path),
}

/// A storage class, interpolation or parameter qualifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Qualifier {
    Extern,
    Static,
    Uniform,
    Volatile,
    Precise,
    Groupshared,
    In,
    Out,
    Inout,
    Const,
    Linear,
    Noperspective,
    Nointerpolation,
}

/// A qualifier with where it is written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QualifierAt {
    pub qualifier: Qualifier,
    pub range: TextRange,
}

/// The whole effect.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    pub items: Vec<Item>,
}

/// A top-level declaration (or one inside a namespace).
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Namespace(Namespace),
    Struct(StructDef),
    Function(Function),
    Variables(VarDecl),
    Technique(Technique),
    /// A declaration that did not parse; its error is already reported. It keeps the
    /// expressions and unfinished calls read before the error (its declarations become items
    /// before it).
    Error(TextRange, Salvage),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Namespace {
    pub name: Ident,
    pub items: Vec<Item>,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    pub name: Option<Ident>,
    pub fields: Vec<VarDecl>,
    /// Nothing between its braces (ReShade warns, X5001; not when a member failed to parse).
    pub empty: bool,
    pub range: TextRange,
}

/// One or more variables of one type: `static const float a = 1, b[2] = { 1, 2 };`, a struct
/// field list, a uniform with annotations, a texture or sampler with its properties.
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    /// `[name]` attributes written before a global (ReShade reports them: they are valid only
    /// on functions).
    pub attributes: Vec<Attribute>,
    pub qualifiers: Vec<QualifierAt>,
    pub ty: TypeRef,
    pub declarators: Vec<Declarator>,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Declarator {
    pub name: Ident,
    /// Array dimensions, outermost first; `None` is an unsized `[]` (sized by the initialiser).
    pub array: Vec<Option<Expr>>,
    pub semantic: Option<Ident>,
    pub annotations: Vec<Annotation>,
    pub init: Option<Expr>,
    /// The `{ Key = Value; }` block of a texture, sampler or storage object.
    pub properties: Option<Vec<Property>>,
    pub range: TextRange,
}

/// `< int ui_min = 0; ui_label = "x"; >` entry (the type may be left out).
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    pub ty: Option<TypeRef>,
    pub name: Ident,
    pub value: Expr,
    pub range: TextRange,
}

/// `Key = Value;` in an object's block or a pass.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    pub name: Ident,
    pub value: Expr,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// `[shader("pixel")]`, `[numthreads(8, 8, 1)]` and unknown attributes before it.
    pub attributes: Vec<Attribute>,
    pub qualifiers: Vec<QualifierAt>,
    pub return_type: TypeRef,
    pub name: Ident,
    pub params: Vec<Param>,
    pub semantic: Option<Ident>,
    /// `None` for a prototype (`float f(float);`).
    pub body: Option<Block>,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// `in`, `out`, `inout`, `const`, `uniform` and interpolation qualifiers.
    pub qualifiers: Vec<QualifierAt>,
    pub ty: TypeRef,
    pub name: Ident,
    pub array: Vec<Option<Expr>>,
    pub semantic: Option<Ident>,
    /// `= value` after the parameter: syntax of ReShade releases after 6.1, parsed so the rest
    /// of the file is checked as it would be there, and reported once (see `parser/items.rs`).
    pub default: Option<Expr>,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Technique {
    pub name: Ident,
    pub annotations: Vec<Annotation>,
    pub passes: Vec<Pass>,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    pub name: Option<Ident>,
    pub states: Vec<PassState>,
    /// Every state parsed and the `}` read: only then does ReShade check the pass as a whole
    /// (a missing shader, X3012).
    pub complete: bool,
    pub range: TextRange,
}

/// `VertexShader = PostProcessVS;`, `BlendEnable = true;`, `ComputeShader = CS<8, 8, 1>;`.
#[derive(Clone, Debug, PartialEq)]
pub struct PassState {
    pub name: Ident,
    pub value: Expr,
    /// The thread group size written after a compute shader's name, `<x, y, z>`.
    pub threads: Vec<Expr>,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub statements: Vec<Stmt>,
    pub range: TextRange,
}

/// `[unroll]`, `[loop]`, `[unroll(4)]`, `[numthreads(8, 8, 1)]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    pub name: Ident,
    /// The arguments of a function attribute (`shader`'s string, `numthreads`' three counts);
    /// statement attributes take none.
    pub args: Vec<Expr>,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub attributes: Vec<Attribute>,
    pub kind: StmtKind,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Block(Block),
    Expr(Expr),
    Decl(VarDecl),
    If {
        cond: Expr,
        then: Box<Stmt>,
        otherwise: Option<Box<Stmt>>,
    },
    Switch {
        selector: Expr,
        cases: Vec<SwitchCase>,
    },
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    Discard,
    /// A lone `;`.
    Empty,
    /// A statement that did not parse; its error is already reported. It keeps what was read
    /// whole before the error ([`Salvage`]).
    Error(Salvage),
    /// A call or constructor whose argument list did not parse, as far as it was read (only
    /// ever in a [`Salvage`]).
    Unfinished(Unfinished),
}

/// What a construct with a syntax error read whole before the error, in reading order:
/// expressions (as expression statements) and declarations. ReShade checks what it reads as it
/// reads it (a name is looked up where it stands, an operator's operands when the operator is
/// read, a declarator when its value is read, and declared then), so their errors come before
/// the syntax error; the checker checks them where the construct stands, declarations
/// included. What ReShade only checks once the construct is complete (an undeclared callee,
/// an assignment's target) is not kept.
pub type Salvage = Vec<Stmt>;

/// A call or constructor cut off in its argument list: its head and the arguments read whole.
/// ReShade checks a callee that is a variable at the `(`, and each constructor argument as it
/// is read.
#[derive(Clone, Debug, PartialEq)]
pub struct Unfinished {
    pub head: UnfinishedHead,
    pub args: Vec<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum UnfinishedHead {
    Call(Path),
    Construct(TypeRef),
}

impl Unfinished {
    /// The call or constructor, once its `)` is read.
    pub fn finished(self) -> ExprKind {
        match self.head {
            UnfinishedHead::Call(callee) => ExprKind::Call {
                callee,
                args: self.args,
            },
            UnfinishedHead::Construct(ty) => ExprKind::Construct {
                ty,
                args: self.args,
            },
        }
    }

    /// From the head's start to the end of the last argument read.
    pub fn range(&self) -> TextRange {
        let start = match &self.head {
            UnfinishedHead::Call(callee) => callee.range,
            UnfinishedHead::Construct(ty) => ty.range,
        };
        self.args.last().map_or(start, |a| start.to(a.range))
    }
}

/// One group of labels and the statements after them. A group whose statements do not end in
/// `break`/`return` falls through to the next.
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    /// `None` is `default`.
    pub labels: Vec<Option<Expr>>,
    /// Where each `default` keyword of the group is, in order.
    pub defaults: Vec<TextRange>,
    pub body: Vec<Stmt>,
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub range: TextRange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Plus,
    Negate,
    Not,
    BitNot,
    PreIncrement,
    PreDecrement,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PostfixOp {
    Increment,
    Decrement,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Or,
    And,
    BitOr,
    BitXor,
    BitAnd,
    Equal,
    NotEqual,
    Less,
    Greater,
    LessEqual,
    GreaterEqual,
    ShiftLeft,
    ShiftRight,
    Add,
    Subtract,
    Multiply,
    Divide,
    Modulo,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    Bool(bool),
    /// The value of an integer literal without `u`; values past `u32::MAX` are reported and kept
    /// wrapped.
    Int(u32),
    Uint(u32),
    Float(f64),
    /// A string with its escapes resolved; adjacent strings are joined.
    String(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Literal(Literal),
    Name(Path),
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Postfix {
        op: PostfixOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `a = b` (`op` is `None`) or a compound assignment such as `a += b`.
    Assign {
        op: Option<BinaryOp>,
        target: Box<Expr>,
        value: Box<Expr>,
    },
    Ternary {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
    /// `(float3)x`.
    Cast {
        ty: TypeRef,
        operand: Box<Expr>,
    },
    /// `float3(a, b)`.
    Construct {
        ty: TypeRef,
        args: Vec<Expr>,
    },
    /// `f(a, b)`, `ReShade::GetLinearizedDepth(uv)`.
    Call {
        callee: Path,
        args: Vec<Expr>,
    },
    /// `s.field`, swizzles `v.xyz`, `m._m00_m11`, `m._11`: the checker tells them apart.
    Member {
        base: Box<Expr>,
        member: Ident,
    },
    Index {
        base: Box<Expr>,
        index: Box<Expr>,
    },
    /// `a, b` (the comma operator).
    Sequence(Vec<Expr>),
    /// `{ 1, 2, 3 }` in an initialiser.
    InitList(Vec<Expr>),
    /// An expression that did not parse; its error is already reported.
    Error,
}
