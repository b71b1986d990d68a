//! The author's types of naga values as the debugger prints them ([`TraceType`], spelled in
//! WGSL), and the scalar words a record keeps of a value: a path of constant indices from the
//! value to each scalar, in the order WGSL's constructors take them (a matrix column by column),
//! the first [`RECORD_VALUE_WORDS`] of them.

use naga::{ArraySize, Handle, Scalar, Type, TypeInner, UniqueArena};

use crate::debug::{RECORD_VALUE_WORDS, TraceType, TypeSpelling};
use crate::model::ScalarKind;

/// One scalar word of a value: the constant indices that reach it and its scalar kind.
pub(super) struct Word {
    pub path: Vec<u32>,
    pub kind: naga::ScalarKind,
}

fn scalar_kind(scalar: Scalar) -> Option<ScalarKind> {
    match scalar {
        Scalar::F32 => Some(ScalarKind::Float),
        Scalar::I32 => Some(ScalarKind::Sint),
        Scalar::U32 => Some(ScalarKind::Uint),
        Scalar::BOOL => Some(ScalarKind::Bool),
        // 16- and 64-bit numbers are not recorded: a word holds 32 bits.
        _ => None,
    }
}

fn numeric(scalar: Scalar, rows: u8, cols: u8) -> Option<TraceType> {
    Some(TraceType::Numeric {
        scalar: scalar_kind(scalar)?,
        rows,
        cols,
        spelling: TypeSpelling::Wgsl,
    })
}

/// The author's type of a value of type `inner` (named `name` when a struct); `None` for what
/// is not recorded (pointers, atomics, resources, runtime-sized arrays, 16- and 64-bit numbers).
pub(super) fn trace_type(
    types: &UniqueArena<Type>,
    inner: &TypeInner,
    name: Option<&str>,
) -> Option<TraceType> {
    match *inner {
        TypeInner::Scalar(scalar) => numeric(scalar, 1, 1),
        TypeInner::Vector { size, scalar } => numeric(scalar, size as u8, 1),
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => numeric(scalar, rows as u8, columns as u8),
        TypeInner::Array {
            base,
            size: ArraySize::Constant(n),
            ..
        } => Some(TraceType::Array(
            Box::new(trace_type_of(types, base)?),
            n.get(),
        )),
        TypeInner::Struct { ref members, .. } => {
            let fields = members
                .iter()
                .map(|m| {
                    let field = m.name.clone().unwrap_or_default();
                    Some((field, trace_type_of(types, m.ty)?))
                })
                .collect::<Option<Vec<_>>>()?;
            Some(TraceType::Struct {
                name: name.unwrap_or("struct").to_string(),
                fields,
            })
        }
        _ => None,
    }
}

/// [`trace_type`] of the type `ty`.
pub(super) fn trace_type_of(types: &UniqueArena<Type>, ty: Handle<Type>) -> Option<TraceType> {
    trace_type(types, &types[ty].inner, types[ty].name.as_deref())
}

/// The words a record keeps of a value of type `inner`, appended to `out` up to the bound.
pub(super) fn words(types: &UniqueArena<Type>, inner: &TypeInner, out: &mut Vec<Word>) {
    let mut path = Vec::new();
    words_at(types, inner, &mut path, out);
}

fn words_at(
    types: &UniqueArena<Type>,
    inner: &TypeInner,
    path: &mut Vec<u32>,
    out: &mut Vec<Word>,
) {
    let full = |out: &Vec<Word>| out.len() >= RECORD_VALUE_WORDS as usize;
    let push = |path: &[u32], scalar: Scalar, out: &mut Vec<Word>| {
        if !full(out) {
            out.push(Word {
                path: path.to_vec(),
                kind: scalar.kind,
            });
        }
    };
    match *inner {
        TypeInner::Scalar(scalar) => push(path, scalar, out),
        TypeInner::Vector { size, scalar } => {
            for k in 0..size as u32 {
                path.push(k);
                push(path, scalar, out);
                path.pop();
            }
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => {
            for c in 0..columns as u32 {
                for r in 0..rows as u32 {
                    path.extend([c, r]);
                    push(path, scalar, out);
                    path.truncate(path.len() - 2);
                }
            }
        }
        TypeInner::Array {
            base,
            size: ArraySize::Constant(n),
            ..
        } => {
            for k in 0..n.get() {
                if full(out) {
                    break;
                }
                path.push(k);
                words_at(types, &types[base].inner, path, out);
                path.pop();
            }
        }
        TypeInner::Struct { ref members, .. } => {
            for (k, m) in members.iter().enumerate() {
                if full(out) {
                    break;
                }
                path.push(k as u32);
                words_at(types, &types[m.ty].inner, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}
