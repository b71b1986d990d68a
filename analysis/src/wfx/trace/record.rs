//! The trace buffer in naga IR and the statements that write one record into it.
//!
//! [`add_globals`] declares what `fx/lower/trace.rs` writes as WGSL text: `struct FxbenchRecord
//! { site: u32, words: array<u32, 16> }`, `struct FxbenchTrace { at: vec4<u32>, count:
//! atomic<u32>, records: array<FxbenchRecord, 4096> }`, the buffer `@group(1) @binding(0)
//! var<storage, read_write> fxbench_trace` and `var<private> fxbench_on: bool`. A record is
//! written inline where its value is ([`Recorder::record`]), as
//!
//! ```wgsl
//! if fxbench_on {
//!     let i = atomicAdd(&fxbench_trace.count, 1u);
//!     if i < 4096u { fxbench_trace.records[i].site = SITE; fxbench_trace.records[i].words[k] = …; }
//! }
//! ```
//!
//! with no `return`, so the code after it keeps its uniformity (naga's analysis would mark
//! everything after a conditional `return` non-uniform, and derivatives there invalid).

use std::num::NonZeroU32;

use naga::{
    AddressSpace, Arena, ArraySize, Block, Expression, GlobalVariable, Handle, Literal, Module,
    ResourceBinding, Scalar, Span, Statement, StructMember, Type, TypeInner, VectorSize,
};

use super::types::Word;
use crate::debug::{
    RECORD_VALUE_WORDS, RECORD_WORDS, TRACE_BUFFER_BYTES, TRACE_CAPACITY, TRACE_GROUP,
    TRACE_HEADER_BYTES,
};

/// The two globals every record reads.
#[derive(Clone, Copy)]
pub(super) struct TraceGlobals {
    pub trace: Handle<GlobalVariable>,
    pub on: Handle<GlobalVariable>,
    pub u32_ty: Handle<Type>,
}

fn add_type(module: &mut Module, name: Option<&str>, inner: TypeInner) -> Handle<Type> {
    module.types.insert(
        Type {
            name: name.map(str::to_string),
            inner,
        },
        Span::UNDEFINED,
    )
}

fn member(name: &str, ty: Handle<Type>, offset: u32) -> StructMember {
    StructMember {
        name: Some(name.to_string()),
        ty,
        binding: None,
        offset,
    }
}

fn non_zero(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).expect("the trace buffer's sizes are constants above zero")
}

/// Declares the trace buffer and `fxbench_on` in `module`.
pub(super) fn add_globals(module: &mut Module) -> TraceGlobals {
    let u32_ty = add_type(module, None, TypeInner::Scalar(Scalar::U32));
    let bool_ty = add_type(module, None, TypeInner::Scalar(Scalar::BOOL));
    let at_ty = add_type(
        module,
        None,
        TypeInner::Vector {
            size: VectorSize::Quad,
            scalar: Scalar::U32,
        },
    );
    let count_ty = add_type(module, None, TypeInner::Atomic(Scalar::U32));
    let words_ty = add_type(
        module,
        None,
        TypeInner::Array {
            base: u32_ty,
            size: ArraySize::Constant(non_zero(RECORD_VALUE_WORDS)),
            stride: 4,
        },
    );
    let record_ty = add_type(
        module,
        Some("FxbenchRecord"),
        TypeInner::Struct {
            members: vec![member("site", u32_ty, 0), member("words", words_ty, 4)],
            span: RECORD_WORDS * 4,
        },
    );
    let records_ty = add_type(
        module,
        None,
        TypeInner::Array {
            base: record_ty,
            size: ArraySize::Constant(non_zero(TRACE_CAPACITY)),
            stride: RECORD_WORDS * 4,
        },
    );
    let trace_ty = add_type(
        module,
        Some("FxbenchTrace"),
        TypeInner::Struct {
            members: vec![
                member("at", at_ty, 0),
                member("count", count_ty, 16),
                member("records", records_ty, TRACE_HEADER_BYTES),
            ],
            span: TRACE_BUFFER_BYTES,
        },
    );
    let trace = module.global_variables.append(
        GlobalVariable {
            name: Some("fxbench_trace".to_string()),
            space: AddressSpace::Storage {
                access: naga::StorageAccess::LOAD | naga::StorageAccess::STORE,
            },
            binding: Some(ResourceBinding {
                group: TRACE_GROUP,
                binding: 0,
            }),
            ty: trace_ty,
            init: None,
            memory_decorations: Default::default(),
        },
        Span::UNDEFINED,
    );
    let on = module.global_variables.append(
        GlobalVariable {
            name: Some("fxbench_on".to_string()),
            space: AddressSpace::Private,
            binding: None,
            ty: bool_ty,
            init: None,
            memory_decorations: Default::default(),
        },
        Span::UNDEFINED,
    );
    TraceGlobals { trace, on, u32_ty }
}

/// Writes records into one function's body: the globals as expressions of that function.
pub(super) struct Recorder {
    globals: TraceGlobals,
    trace: Handle<Expression>,
    on: Handle<Expression>,
}

/// Appends `e` to `exprs` and emits it at the end of `out`.
pub(super) fn emit(
    exprs: &mut Arena<Expression>,
    out: &mut Block,
    e: Expression,
    span: Span,
) -> Handle<Expression> {
    let h = exprs.append(e, span);
    out.push(Statement::Emit(naga::Range::new_from_bounds(h, h)), span);
    h
}

fn literal(exprs: &mut Arena<Expression>, v: u32, span: Span) -> Handle<Expression> {
    exprs.append(Expression::Literal(Literal::U32(v)), span)
}

impl Recorder {
    /// A recorder for the function whose expressions are `exprs`.
    pub fn new(globals: TraceGlobals, exprs: &mut Arena<Expression>) -> Self {
        Self {
            globals,
            trace: exprs.append(Expression::GlobalVariable(globals.trace), Span::UNDEFINED),
            on: exprs.append(Expression::GlobalVariable(globals.on), Span::UNDEFINED),
        }
    }

    /// The pointer to `fxbench_on`, for the entry points' gate.
    pub fn on(&self) -> Handle<Expression> {
        self.on
    }

    /// The pointer to the trace buffer, for the entry points' gate.
    pub fn trace(&self) -> Handle<Expression> {
        self.trace
    }

    /// Appends to `out` the statements recording `value`'s `words` as site `site`.
    pub fn record(
        &self,
        exprs: &mut Arena<Expression>,
        out: &mut Block,
        site: u32,
        value: Handle<Expression>,
        words: &[Word],
        span: Span,
    ) {
        let on = emit(exprs, out, Expression::Load { pointer: self.on }, span);
        let mut counted = Block::new();
        let count = emit(
            exprs,
            &mut counted,
            Expression::AccessIndex {
                base: self.trace,
                index: 1,
            },
            span,
        );
        let one = literal(exprs, 1, span);
        let i = exprs.append(
            Expression::AtomicResult {
                ty: self.globals.u32_ty,
                comparison: false,
            },
            span,
        );
        counted.push(
            Statement::Atomic {
                pointer: count,
                fun: naga::AtomicFunction::Add,
                value: one,
                result: Some(i),
            },
            span,
        );
        let capacity = literal(exprs, TRACE_CAPACITY, span);
        let kept = emit(
            exprs,
            &mut counted,
            Expression::Binary {
                op: naga::BinaryOperator::Less,
                left: i,
                right: capacity,
            },
            span,
        );
        let stores = self.stores(exprs, i, site, value, words, span);
        counted.push(
            Statement::If {
                condition: kept,
                accept: stores,
                reject: Block::new(),
            },
            span,
        );
        out.push(
            Statement::If {
                condition: on,
                accept: counted,
                reject: Block::new(),
            },
            span,
        );
    }

    /// The stores of record `i`: its site, then each word of `value`.
    fn stores(
        &self,
        exprs: &mut Arena<Expression>,
        i: Handle<Expression>,
        site: u32,
        value: Handle<Expression>,
        words: &[Word],
        span: Span,
    ) -> Block {
        let mut out = Block::new();
        let records = emit(
            exprs,
            &mut out,
            Expression::AccessIndex {
                base: self.trace,
                index: 2,
            },
            span,
        );
        let record = emit(
            exprs,
            &mut out,
            Expression::Access {
                base: records,
                index: i,
            },
            span,
        );
        let site_ptr = emit(
            exprs,
            &mut out,
            Expression::AccessIndex {
                base: record,
                index: 0,
            },
            span,
        );
        let site = literal(exprs, site, span);
        out.push(
            Statement::Store {
                pointer: site_ptr,
                value: site,
            },
            span,
        );
        let words_ptr = emit(
            exprs,
            &mut out,
            Expression::AccessIndex {
                base: record,
                index: 1,
            },
            span,
        );
        for (k, word) in words.iter().enumerate() {
            let mut part = value;
            for &index in &word.path {
                part = emit(
                    exprs,
                    &mut out,
                    Expression::AccessIndex { base: part, index },
                    span,
                );
            }
            let bits = match word.kind {
                naga::ScalarKind::Uint => part,
                naga::ScalarKind::Bool => {
                    let (accept, reject) = (literal(exprs, 1, span), literal(exprs, 0, span));
                    emit(
                        exprs,
                        &mut out,
                        Expression::Select {
                            condition: part,
                            accept,
                            reject,
                        },
                        span,
                    )
                }
                _ => emit(
                    exprs,
                    &mut out,
                    Expression::As {
                        expr: part,
                        kind: naga::ScalarKind::Uint,
                        convert: None,
                    },
                    span,
                ),
            };
            let pointer = emit(
                exprs,
                &mut out,
                Expression::AccessIndex {
                    base: words_ptr,
                    index: k as u32,
                },
                span,
            );
            out.push(
                Statement::Store {
                    pointer,
                    value: bits,
                },
                span,
            );
        }
        out
    }
}
