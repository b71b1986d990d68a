//! Vectorise pass: finds the scalarised pattern (components extracted, the same operation
//! applied to each, results rebuilt or used) and replaces it with one vector instruction.
//!
//! The pass walks each block once in order. At an instruction `u` that reads lane `j` of some
//! vector `V` it looks, later in the block, for the same operation reading the other lanes of
//! `V` at the same operand position. Each other operand position must then form a *group*: the
//! lanes of existing vectors (used directly or through one `OpVectorShuffle`), one scalar used
//! by every lane (splatted, or folded into `OpVectorTimesScalar`), or scalar constants (an
//! `OpConstantComposite`). The vector instruction is inserted just before `u`, and every scalar
//! result is rewritten in place into an `OpCompositeExtract` of it, keeping its id, so that the
//! scalar's users need no change and themselves become candidates further down the block. That
//! makes one walk handle whole chains; the driver's fixpoint catches the rest.
//!
//! Guarantees (each one a miscompile of the original tool):
//! - operands keep their positions (`Pow`, `Step`, `Atan2`, `FMix`, ... are not commutative);
//! - only component-wise operations are vectorised: `Reflect`, `Refract`, `FaceForward`,
//!   `Cross`, `Distance`, `Length`, `Normalize`, `Determinant`, `Frexp`, `Modf`, pack/unpack
//!   and every other extended set are left alone;
//! - `NoContraction` and `RelaxedPrecision` on the scalar results move to the vector result
//!   when every lane carries the same set; otherwise (or for any other decoration) the rewrite
//!   is refused.

use super::{Pass, PassId};
use crate::error::Error;
use crate::ir::{self, FxHashMap, FxHashSet, Globals, Shape};
use rspirv::dr::{Function, Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, Word};

/// The vectorise pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct Vectorise;

impl Pass for Vectorise {
    fn id(&self) -> PassId {
        PassId::Vectorise
    }

    fn run(&self, module: &mut Module) -> Result<bool, Error> {
        let mut cx = Context::new(module);
        let mut changed = false;
        for f in 0..module.functions.len() {
            // Take the function out so that the module's global section can grow (new vector
            // types and constants) while its blocks are being rewritten.
            let mut function = std::mem::take(&mut module.functions[f]);
            changed |= cx.function(module, &mut function);
            module.functions[f] = function;
        }
        cx.finish(module);
        Ok(changed)
    }
}

/// A decoration as stored on a result: kind plus literal operands.
type DecorationSet = Vec<(Decoration, Vec<Operand>)>;

/// Module-wide state of one run.
struct Context {
    globals: Globals,
    glsl: Vec<Word>,
    /// Whether `OpSelect` accepts a scalar condition with vector objects (SPIR-V 1.4+).
    scalar_select_condition: bool,
    /// `OpDecorate`s by target.
    decorations: FxHashMap<Word, DecorationSet>,
    /// Targets of decorations the pass does not model (`OpDecorateId`, `OpDecorateString`,
    /// decoration groups); such results are never rewritten.
    opaque: FxHashSet<Word>,
    /// Types of module-scope values (constants, variables, undefs).
    global_types: FxHashMap<Word, Word>,
    new_decorations: Vec<Instruction>,
    /// `NoContraction` decorations to drop because their target became an extract.
    drop_no_contraction: FxHashSet<Word>,
}

impl Context {
    fn new(module: &Module) -> Context {
        let mut decorations: FxHashMap<Word, DecorationSet> = FxHashMap::default();
        let mut opaque = FxHashSet::default();
        for inst in &module.annotations {
            match (inst.class.opcode, &inst.operands[..]) {
                (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(d), rest @ ..]) => {
                    decorations
                        .entry(*target)
                        .or_default()
                        .push((*d, rest.to_vec()));
                }
                (Op::GroupDecorate, [_, targets @ ..]) => {
                    opaque.extend(targets.iter().filter_map(Operand::id_ref_any));
                }
                (_, [Operand::IdRef(target), ..]) => {
                    opaque.insert(*target);
                }
                _ => {}
            }
        }
        for set in decorations.values_mut() {
            set.sort_by_key(|(d, _)| *d as u32);
        }
        let global_types = module
            .types_global_values
            .iter()
            .filter_map(|i| Some((i.result_id?, i.result_type?)))
            .collect();
        Context {
            globals: Globals::new(module),
            glsl: ir::ext_imports_named(module, ir::GLSL_STD_450),
            scalar_select_condition: ir::version(module) >= (1, 4),
            decorations,
            opaque,
            global_types,
            new_decorations: Vec::new(),
            drop_no_contraction: FxHashSet::default(),
        }
    }

    fn function(&mut self, module: &mut Module, function: &mut Function) -> bool {
        let mut fx = FunctionState::default();
        for inst in function
            .parameters
            .iter()
            .chain(function.blocks.iter().flat_map(|b| b.instructions.iter()))
        {
            if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
                fx.types.insert(id, ty);
            }
        }
        for inst in function.blocks.iter().flat_map(|b| b.instructions.iter()) {
            if let Some((id, source, index)) = self.lane_extract(&fx, inst) {
                fx.add_lane(id, source, index);
            }
            // Count instructions, not operands, matching the block users lists.
            let mut read: Vec<Word> = inst
                .operands
                .iter()
                .filter_map(|o| match o {
                    Operand::IdRef(id) => Some(*id),
                    _ => None,
                })
                .collect();
            read.sort_unstable();
            read.dedup();
            for id in read {
                *fx.use_count.entry(id).or_default() += 1;
            }
        }
        let mut changed = false;
        for block in &mut function.blocks {
            changed |= self.block(module, &mut fx, &mut block.instructions);
        }
        if !fx.subst.is_empty() {
            for inst in function
                .blocks
                .iter_mut()
                .flat_map(|b| b.instructions.iter_mut())
            {
                fx.substitute(inst);
            }
        }
        changed
    }

    fn finish(self, module: &mut Module) {
        if !self.drop_no_contraction.is_empty() {
            module.annotations.retain(|inst| {
                !matches!(
                    (inst.class.opcode, &inst.operands[..]),
                    (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(Decoration::NoContraction)])
                        if self.drop_no_contraction.contains(t)
                )
            });
        }
        module.annotations.extend(self.new_decorations);
    }

    fn type_of(&self, fx: &FunctionState, id: Word) -> Option<Word> {
        fx.types
            .get(&id)
            .or_else(|| self.global_types.get(&id))
            .copied()
    }

    /// `(result, source, index)` when `inst` reads one component of a vector.
    fn lane_extract(&self, fx: &FunctionState, inst: &Instruction) -> Option<(Word, Word, u32)> {
        if inst.class.opcode != Op::CompositeExtract {
            return None;
        }
        let [Operand::IdRef(source), Operand::LiteralBit32(index)] = inst.operands[..] else {
            return None;
        };
        let source_type = self.type_of(fx, source)?;
        match self.globals.shape(source_type) {
            Shape::Vector { count, .. } if index < count => Some((inst.result_id?, source, index)),
            _ => None,
        }
    }

    /// The operation key of a component-wise scalar instruction, or `None` if `inst` is not one.
    fn componentwise_key(&self, inst: &Instruction) -> Option<OpKey> {
        let result_type = inst.result_type?;
        if self.globals.shape(result_type) != Shape::Scalar {
            return None;
        }
        let op = inst.class.opcode;
        let (ext, first_value) = if op == Op::ExtInst {
            match ir::glsl_inst(inst, &self.glsl) {
                Some((set, number)) if ir::glsl::is_componentwise(number) => {
                    (Some((set, number)), 2)
                }
                _ => return None,
            }
        } else if ir::is_componentwise(op) {
            (None, 0)
        } else {
            return None;
        };
        let values = inst.operands.get(first_value..)?;
        if values.is_empty() || !values.iter().all(|o| matches!(o, Operand::IdRef(_))) {
            return None;
        }
        Some(OpKey {
            op,
            ext,
            result_type,
            first_value,
            values: values.len(),
        })
    }

    /// Processes one block; returns whether anything changed.
    fn block(
        &mut self,
        module: &mut Module,
        fx: &mut FunctionState,
        insts: &mut Vec<Instruction>,
    ) -> bool {
        let mut bx = BlockState {
            position: FxHashMap::default(),
            users: FxHashMap::default(),
            pending: vec![Vec::new(); insts.len()],
            dropped: vec![false; insts.len()],
            made: FxHashMap::default(),
        };
        for (q, inst) in insts.iter().enumerate() {
            if let Some(id) = inst.result_id {
                bx.position.insert(id, 2 * q);
                if let (Op::VectorShuffle | Op::CompositeConstruct, Some(ty)) =
                    (inst.class.opcode, inst.result_type)
                {
                    bx.made
                        .entry((inst.class.opcode, ty, inst.operands.clone()))
                        .or_insert(id);
                }
            }
            for operand in &inst.operands {
                if let Operand::IdRef(id) = operand {
                    let users = bx.users.entry(*id).or_default();
                    if users.last() != Some(&q) {
                        users.push(q);
                    }
                }
            }
        }
        let mut changed = false;
        for p in 0..insts.len() {
            fx.substitute(&mut insts[p]);
            if insts[p].class.opcode == Op::CompositeConstruct {
                changed |= self.simplify_construct(fx, &mut bx, insts, p);
            } else if let Some(key) = self.componentwise_key(&insts[p]) {
                changed |= self.try_group(module, fx, &mut bx, insts, p, key);
            }
        }
        if changed {
            // Splice the new instructions in front of the ones they were created for.
            let old = std::mem::take(&mut bx.pending);
            let mut rebuilt =
                Vec::with_capacity(insts.len() + old.iter().map(Vec::len).sum::<usize>());
            for ((inst, before), dropped) in insts.iter().zip(old).zip(&bx.dropped) {
                rebuilt.extend(before);
                if !dropped {
                    rebuilt.push(inst.clone());
                }
            }
            *insts = rebuilt;
        }
        changed
    }

    /// Rewrites `OpCompositeConstruct` of lanes of existing vectors: the vector itself when the
    /// lanes are all of it in order, otherwise one `OpVectorShuffle`.
    fn simplify_construct(
        &mut self,
        fx: &mut FunctionState,
        bx: &mut BlockState,
        insts: &mut [Instruction],
        p: usize,
    ) -> bool {
        let inst = &insts[p];
        let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else {
            return false;
        };
        let Shape::Vector { count, .. } = self.globals.shape(ty) else {
            return false;
        };
        if inst.operands.len() != count as usize {
            return false;
        }
        let mut lanes = Vec::with_capacity(inst.operands.len());
        for operand in &inst.operands {
            let Operand::IdRef(part) = operand else {
                return false;
            };
            let Some(lane) = fx.lane(*part) else {
                return false;
            };
            lanes.push(lane);
        }
        let Some(shuffle) = self.shuffle_of(fx, &lanes) else {
            return false;
        };
        match shuffle {
            Source::Whole(vector)
                if self.type_of(fx, vector) == Some(ty)
                    && !self.decorations.contains_key(&id)
                    && !self.opaque.contains(&id) =>
            {
                fx.subst.insert(id, vector);
                true
            }
            Source::Whole(vector) => {
                // Same lanes, different type id (or decorated): keep the id, copy the value.
                if self.type_of(fx, vector) != Some(ty) {
                    return false;
                }
                insts[p] = Instruction::new(
                    Op::CopyObject,
                    Some(ty),
                    Some(id),
                    vec![Operand::IdRef(vector)],
                );
                true
            }
            Source::Shuffle(first, second, indices) => {
                let mut operands = vec![Operand::IdRef(first), Operand::IdRef(second)];
                operands.extend(indices.into_iter().map(Operand::LiteralBit32));
                bx.made
                    .entry((Op::VectorShuffle, ty, operands.clone()))
                    .or_insert(id);
                insts[p] = Instruction::new(Op::VectorShuffle, Some(ty), Some(id), operands);
                true
            }
        }
    }

    /// How to obtain a vector whose lanes are `lanes` (each `(vector, component)`), if at most
    /// two source vectors are involved and they share a component type.
    fn shuffle_of(&self, fx: &FunctionState, lanes: &[(Word, u32)]) -> Option<Source> {
        let (first, _) = *lanes.first()?;
        let first_type = self.type_of(fx, first)?;
        let Shape::Vector {
            component,
            count: first_count,
        } = self.globals.shape(first_type)
        else {
            return None;
        };
        let mut second = None;
        let mut indices = Vec::with_capacity(lanes.len());
        for &(vector, index) in lanes {
            if vector == first {
                indices.push(index);
                continue;
            }
            match second {
                None => {
                    let Shape::Vector { component: c, .. } =
                        self.globals.shape(self.type_of(fx, vector)?)
                    else {
                        return None;
                    };
                    if c != component {
                        return None;
                    }
                    second = Some(vector);
                }
                Some(s) if s == vector => {}
                Some(_) => return None,
            }
            indices.push(first_count + index);
        }
        let identity = indices.iter().copied().eq(0..first_count);
        Some(match second {
            None if identity => Source::Whole(first),
            None => Source::Shuffle(first, first, indices),
            Some(second) => Source::Shuffle(first, second, indices),
        })
    }

    /// Tries to vectorise the instruction at `p` with partners later in the block.
    fn try_group(
        &mut self,
        module: &mut Module,
        fx: &mut FunctionState,
        bx: &mut BlockState,
        insts: &mut [Instruction],
        p: usize,
        key: OpKey,
    ) -> bool {
        let view = BlockView {
            cx: self,
            fx,
            bx,
            insts,
        };
        let Some(rewrite) = view.rewrite_at(p, &key) else {
            return false;
        };
        let out = Emitter {
            module,
            fx,
            bx,
            new: Vec::new(),
            p: rewrite.at,
        };
        self.emit(out, insts, &key, &rewrite.lanes, rewrite.groups);
        true
    }

    /// Cheap check that two candidate lanes could form groups at every position but `k`:
    /// `None` if some operand types differ, `Some(true)` if every position pairs as a splat,
    /// lanes or constants, `Some(false)` if some position would need a construct.
    fn compatible(
        &self,
        fx: &FunctionState,
        key: &OpKey,
        a: &Instruction,
        b: &Instruction,
        k: usize,
    ) -> Option<bool> {
        let mut strict = true;
        for m in (0..key.values).filter(|&m| m != k) {
            let (Some(Operand::IdRef(x)), Some(Operand::IdRef(y))) = (
                a.operands.get(key.first_value + m),
                b.operands.get(key.first_value + m),
            ) else {
                return None;
            };
            let (x, y) = (fx.resolve(*x), fx.resolve(*y));
            if x == y {
                continue;
            }
            if self.type_of(fx, x) != self.type_of(fx, y) {
                return None;
            }
            strict &= fx.lanes.contains_key(&x) && fx.lanes.contains_key(&y)
                || self.globals.is_scalar_constant(x) && self.globals.is_scalar_constant(y);
        }
        Some(strict)
    }

    /// Instructions a vector op with these operand groups adds to the block, less the scalar
    /// ops that nested groups leave dead.
    fn added(&self, key: &OpKey, groups: &[Group]) -> i64 {
        let vector_times_scalar = self.vector_times_scalar(key, groups).is_some();
        1 + groups
            .iter()
            .enumerate()
            .map(|(m, g)| match g {
                Group::Lanes(Source::Shuffle(..), _) | Group::Construct(..) => 1,
                Group::Splat(id, _) => i64::from(
                    !(vector_times_scalar
                        || self.globals.is_scalar_constant(*id)
                        || key.op == Op::Select && m == 0 && self.scalar_select_condition),
                ),
                Group::Nested(nested) => nested.added - nested.lanes as i64,
                _ => 0,
            })
            .sum::<i64>()
    }

    /// For `FMul` of a vector group by one shared scalar: (vector position, the scalar).
    /// Float multiplication is commutative, so the scalar may come first in the scalar code.
    fn vector_times_scalar(&self, key: &OpKey, groups: &[Group]) -> Option<(usize, Word)> {
        if key.op != Op::FMul {
            return None;
        }
        match groups {
            [
                Group::Splat(s, _),
                Group::Lanes(..) | Group::Construct(..) | Group::Nested(..),
            ] => Some((1, *s)),
            [
                Group::Lanes(..) | Group::Construct(..) | Group::Nested(..),
                Group::Splat(s, _),
            ] => Some((0, *s)),
            _ => None,
        }
    }

    /// Inserts the vector instruction (and any shuffles, splats and constants it needs) before
    /// `out.p`, and turns every lane into an extract of it.
    fn emit(
        &mut self,
        mut out: Emitter<'_>,
        insts: &mut [Instruction],
        key: &OpKey,
        lanes: &[usize],
        groups: Vec<Group>,
    ) {
        let p = out.p;
        let shape = Nested {
            key: key.clone(),
            lanes: lanes.len(),
            prefix: insts[p].operands[..key.first_value].to_vec(),
            first: insts[lanes[0]].result_id.unwrap_or(0),
            groups,
            added: 0,
        };
        let vector = self.vector_op(&mut out, &shape);
        let Emitter {
            fx, bx, mut new, ..
        } = out;
        // Gathered lanes before `p` cannot read a vector defined after them: they move to just
        // after it, as extracts, and their old places are dropped (their only reader, the
        // construct, comes after `p`).
        for (index, &q) in lanes.iter().enumerate() {
            if let (true, Some(id)) = (q < p, insts[q].result_id) {
                new.push(Instruction::new(
                    Op::CompositeExtract,
                    Some(key.result_type),
                    Some(id),
                    vec![Operand::IdRef(vector), Operand::LiteralBit32(index as u32)],
                ));
                bx.dropped[q] = true;
            }
        }
        for inst in &new {
            if let Some(id) = inst.result_id {
                bx.position.insert(id, 2 * p - usize::from(p > 0));
            }
        }
        bx.pending[p].extend(new);
        for (index, &q) in lanes.iter().enumerate() {
            let Some(id) = insts[q].result_id else {
                continue;
            };
            insts[q] = if q < p {
                // Its extract is already among the instructions inserted before `p`.
                Instruction::new(Op::Nop, None, None, Vec::new())
            } else {
                Instruction::new(
                    Op::CompositeExtract,
                    Some(key.result_type),
                    Some(id),
                    vec![Operand::IdRef(vector), Operand::LiteralBit32(index as u32)],
                )
            };
            // The extract keeps `RelaxedPrecision` (it describes the value); `NoContraction`
            // only means something on arithmetic.
            if let Some(set) = self.decorations.get_mut(&id)
                && set.iter().any(|(d, _)| *d == Decoration::NoContraction)
            {
                set.retain(|(d, _)| *d != Decoration::NoContraction);
                self.drop_no_contraction.insert(id);
            }
            fx.add_lane(id, vector, index as u32);
        }
    }

    /// Appends the vector op `shape` describes (after the instructions its operands need) to
    /// `out`, carrying the first lane's decorations, and returns its id.
    fn vector_op(&mut self, out: &mut Emitter<'_>, shape: &Nested) -> Word {
        let key = &shape.key;
        let width = shape.lanes as u32;
        let (result_type, _) = self.globals.vector_type(out.module, key.result_type, width);
        let (op, values) = match self.vector_times_scalar(key, &shape.groups) {
            Some((v, scalar)) => {
                let vector = self.vector_operand(out, key, width, &shape.groups[v], v);
                (Op::VectorTimesScalar, vec![vector, scalar])
            }
            None => {
                let values = shape
                    .groups
                    .iter()
                    .enumerate()
                    .map(|(m, g)| self.vector_operand(out, key, width, g, m))
                    .collect();
                (key.op, values)
            }
        };
        let vector = ir::fresh_id(out.module);
        let mut operands = shape.prefix.clone();
        operands.extend(values.into_iter().map(Operand::IdRef));
        out.new.push(Instruction::new(
            op,
            Some(result_type),
            Some(vector),
            operands,
        ));
        out.fx.types.insert(vector, result_type);
        if let Some(set) = self.decorations.get(&shape.first).cloned() {
            for (decoration, extra) in &set {
                let mut operands = vec![Operand::IdRef(vector), Operand::Decoration(*decoration)];
                operands.extend(extra.iter().cloned());
                self.new_decorations
                    .push(Instruction::new(Op::Decorate, None, None, operands));
            }
            self.decorations.insert(vector, set);
        }
        vector
    }

    /// Materialises operand group `m` as a vector id, appending any new instruction to `out`.
    fn vector_operand(
        &mut self,
        out: &mut Emitter<'_>,
        key: &OpKey,
        width: u32,
        group: &Group,
        m: usize,
    ) -> Word {
        match group {
            Group::Lanes(Source::Whole(v), _) => *v,
            Group::Nested(nested) => self.vector_op(out, nested),
            Group::Lanes(Source::Shuffle(a, b, indices), ty) => {
                let (vty, _) = self.globals.vector_type(out.module, *ty, width);
                let mut operands = vec![Operand::IdRef(*a), Operand::IdRef(*b)];
                operands.extend(indices.iter().map(|&i| Operand::LiteralBit32(i)));
                out.make(Op::VectorShuffle, vty, operands)
            }
            Group::Splat(s, _)
                if key.op == Op::Select && m == 0 && self.scalar_select_condition =>
            {
                *s
            }
            Group::Splat(s, ty) if self.globals.is_scalar_constant(*s) => {
                let (vty, _) = self.globals.vector_type(out.module, *ty, width);
                let parts = vec![*s; width as usize];
                let (id, _) = self.globals.constant_composite(out.module, vty, &parts);
                self.global_types.insert(id, vty);
                id
            }
            Group::Splat(s, ty) => {
                let (vty, _) = self.globals.vector_type(out.module, *ty, width);
                let operands = vec![Operand::IdRef(*s); width as usize];
                out.make(Op::CompositeConstruct, vty, operands)
            }
            Group::Construct(ids, ty) => {
                let (vty, _) = self.globals.vector_type(out.module, *ty, width);
                let operands = ids.iter().map(|&id| Operand::IdRef(id)).collect();
                out.make(Op::CompositeConstruct, vty, operands)
            }
            Group::Constants(ids, ty) => {
                let (vty, _) = self.globals.vector_type(out.module, *ty, width);
                let (id, _) = self.globals.constant_composite(out.module, vty, ids);
                self.global_types.insert(id, vty);
                id
            }
        }
    }
}

/// The block under the walk, read-only: what the analyses look at to find and plan a rewrite.
#[derive(Clone, Copy)]
struct BlockView<'a> {
    cx: &'a Context,
    fx: &'a FunctionState,
    bx: &'a BlockState,
    insts: &'a [Instruction],
}

impl BlockView<'_> {
    /// The rewrite of the instruction at `p` with partners later in the block, if one pays.
    fn rewrite_at(&self, p: usize, key: &OpKey) -> Option<Rewrite> {
        for k in 0..key.values {
            let Some(Operand::IdRef(x)) = self.insts[p].operands.get(key.first_value + k) else {
                continue;
            };
            let Some(&(recorded, j)) = self.fx.lanes.get(x) else {
                continue;
            };
            let lane = Lane { k, recorded, j };
            let Some(lanes) = self.find_partners(p, key, lane) else {
                continue;
            };
            if let Some(groups) = self.plan(p, key, &lanes, Rooted::Extracts) {
                return Some(Rewrite {
                    at: p,
                    lanes,
                    groups,
                });
            }
        }
        // No lane of an existing vector: the scalars may still be gathered into a vector by one
        // construct, as compilers emit `vec3(f(p.lo, x), f(p.lo, y), f(p.lo, z))`. The vector op
        // then goes before the last lane, where every operand is defined.
        let lanes = self.gathered_lanes(p, key)?;
        let at = lanes.iter().copied().max().unwrap_or(p);
        let groups = self.plan(at, key, &lanes, Rooted::Rebuild)?;
        Some(Rewrite { at, lanes, groups })
    }

    /// The lanes, in component order, when the result of `insts[p]` is one part of an
    /// `OpCompositeConstruct` whose every part is the result of the same operation in this
    /// block, used by that construct alone.
    fn gathered_lanes(&self, p: usize, key: &OpKey) -> Option<Vec<usize>> {
        let construct = self.sole_construct_user(self.insts[p].result_id?)?;
        let c = &self.insts[construct];
        let Shape::Vector { component, count } = self.cx.globals.shape(c.result_type?) else {
            return None;
        };
        if component != key.result_type || !(2..=4).contains(&count) {
            return None;
        }
        let mut lanes = Vec::with_capacity(c.operands.len());
        for operand in &c.operands {
            let Operand::IdRef(part) = operand else {
                return None;
            };
            let at = *self.bx.position.get(part)?;
            // Odd positions are instructions this walk inserted, never scalar lanes.
            if at % 2 == 1 || lanes.contains(&(at / 2)) {
                return None;
            }
            let q = at / 2;
            if self.cx.componentwise_key(&self.insts[q]).as_ref() != Some(key)
                || self.sole_construct_user(*part) != Some(construct)
            {
                return None;
            }
            lanes.push(q);
        }
        (lanes.len() == count as usize).then_some(lanes)
    }

    /// The position of the `OpCompositeConstruct` that is the only reader of `id`, if any.
    fn sole_construct_user(&self, id: Word) -> Option<usize> {
        match self.bx.users.get(&id).map(Vec::as_slice) {
            Some(&[c]) if self.fx.use_count.get(&id) == Some(&1) => Some(c),
            _ => None,
        }
    }

    /// Whether the lanes' results feed, in order, one `OpCompositeConstruct` of exactly them,
    /// which then becomes the vector result itself: one instruction fewer than counted.
    fn rebuilt_in_order(&self, key: &OpKey, lanes: &[usize]) -> bool {
        let ids: Option<Vec<Word>> = lanes.iter().map(|&q| self.insts[q].result_id).collect();
        let Some(ids) = ids else { return false };
        let Some(construct) = self.sole_construct_user(ids[0]) else {
            return false;
        };
        let c = &self.insts[construct];
        c.class.opcode == Op::CompositeConstruct
            && c.result_type.map(|t| self.cx.globals.shape(t))
                == Some(Shape::Vector {
                    component: key.result_type,
                    count: lanes.len() as u32,
                })
            && c.operands.len() == ids.len()
            && c.operands
                .iter()
                .zip(&ids)
                .all(|(o, &id)| *o == Operand::IdRef(id))
            && ids
                .iter()
                .all(|&id| self.sole_construct_user(id) == Some(construct))
    }

    /// For each component of `lane.recorded`, the first instruction after `p` with the same key
    /// that reads that component at value position `lane.k` and agrees with `insts[p]`
    /// elsewhere. Returns the instruction positions of the lanes found, in component order, when
    /// there are 2 to 4.
    fn find_partners(&self, p: usize, key: &OpKey, lane: Lane) -> Option<Vec<usize>> {
        let Lane { k, recorded, j } = lane;
        let count = match self.cx.globals.shape(self.cx.type_of(self.fx, recorded)?) {
            Shape::Vector { count, .. } if count <= 4 => count,
            _ => return None,
        };
        let u = &self.insts[p];
        let mut lanes = Vec::with_capacity(count as usize);
        for l in 0..count {
            if l == j {
                lanes.push(p);
                continue;
            }
            // Prefer the earliest candidate whose other operands pair up with `u`'s; failing
            // that, the earliest whose other operands merely have the same types.
            let mut best: Option<(bool, usize)> = None;
            for extract in self.fx.extracts.get(&(recorded, l)).into_iter().flatten() {
                for &q in self.bx.users.get(extract).into_iter().flatten() {
                    if q <= p
                        || lanes.contains(&q)
                        || self.cx.componentwise_key(&self.insts[q]).as_ref() != Some(key)
                        || self.insts[q].operands.get(key.first_value + k)
                            != Some(&Operand::IdRef(*extract))
                    {
                        continue;
                    }
                    let Some(strict) = self.cx.compatible(self.fx, key, u, &self.insts[q], k)
                    else {
                        continue;
                    };
                    let candidate = (!strict, q);
                    if best.is_none_or(|b| candidate < b) {
                        best = Some(candidate);
                    }
                }
            }
            if let Some((_, q)) = best {
                lanes.push(q);
            }
        }
        (lanes.len() >= 2).then_some(lanes)
    }

    /// Decides how every operand position becomes a vector, or refuses. `p` is where the vector
    /// op will go: every operand must be defined before it.
    fn plan(&self, p: usize, key: &OpKey, lanes: &[usize], rooted: Rooted) -> Option<Vec<Group>> {
        let groups = self.groups(p, key, lanes, rooted, 0)?;
        if rooted == Rooted::Extracts && !groups.iter().any(|g| matches!(g, Group::Lanes(..))) {
            return None;
        }
        // Refuse rewrites that add more instructions to the block than they remove: the scalar
        // ops, and the construct rebuilding them in order, which becomes the vector itself.
        let removed = lanes.len() + usize::from(self.rebuilt_in_order(key, lanes));
        (self.cx.added(key, &groups) <= removed as i64).then_some(groups)
    }

    /// The operand groups of a vector op over `lanes`, or `None` when some position cannot be
    /// formed or the lanes' decorations differ. `depth` counts nested gathers, which are
    /// bounded so that a walk stays linear.
    fn groups(
        &self,
        p: usize,
        key: &OpKey,
        lanes: &[usize],
        rooted: Rooted,
        depth: u32,
    ) -> Option<Vec<Group>> {
        // Decorations: all lanes identical, and only the precision ones the vector op can carry.
        let first = self.insts[lanes[0]].result_id?;
        let decorations = self.cx.decorations.get(&first);
        for &q in lanes {
            let id = self.insts[q].result_id?;
            if self.cx.opaque.contains(&id) || self.cx.decorations.get(&id) != decorations {
                return None;
            }
        }
        if decorations.is_some_and(|set| set.iter().any(|(d, _)| !ir::is_precision_decoration(*d)))
        {
            return None;
        }

        let mut groups = Vec::with_capacity(key.values);
        for m in 0..key.values {
            let mut ids = Vec::with_capacity(lanes.len());
            for &q in lanes {
                let Some(Operand::IdRef(id)) = self.insts[q].operands.get(key.first_value + m)
                else {
                    return None;
                };
                ids.push(self.fx.resolve(*id));
            }
            let ty = self.cx.type_of(self.fx, ids[0])?;
            if self.cx.globals.shape(ty) != Shape::Scalar
                || ids
                    .iter()
                    .any(|&id| self.cx.type_of(self.fx, id) != Some(ty))
            {
                return None;
            }
            let group = if ids.iter().all(|&id| id == ids[0]) {
                Group::Splat(ids[0], ty)
            } else if let Some(lane_list) = ids
                .iter()
                .map(|&id| self.fx.lane(id))
                .collect::<Option<Vec<_>>>()
            {
                let source = self.cx.shuffle_of(self.fx, &lane_list)?;
                // Every source vector must already be defined where the vector op will go.
                let available = |v: Word| self.bx.available(v, p);
                match &source {
                    Source::Whole(v) if available(*v) => Group::Lanes(source, ty),
                    Source::Shuffle(a, b, _) if available(*a) && available(*b) => {
                        Group::Lanes(source, ty)
                    }
                    _ => return None,
                }
            } else if ids.iter().all(|&id| self.cx.globals.is_scalar_constant(id)) {
                Group::Constants(ids, ty)
            } else if let Some(nested) = self.nested(p, &ids, depth) {
                Group::Nested(Box::new(nested))
            } else if ids.iter().all(|&id| self.bx.available(id, p))
                && (rooted == Rooted::Rebuild || self.chain_continues(lanes))
            {
                // Unrelated scalars cost an `OpCompositeConstruct`; worth it only when the
                // results feed further vectorisable work.
                Group::Construct(ids, ty)
            } else {
                return None;
            };
            groups.push(group);
        }
        Some(groups)
    }

    /// When `ids` are the results of one operation on each lane, earlier in the block, each read
    /// only by the lane using it: the vector op computing them all, built in the same place as
    /// its user, so that a chain rebuilt by a construct is vectorised in one walk. The scalar
    /// ops are left dead, for prune. Taken only when it adds no more than the construct it
    /// replaces.
    fn nested(&self, p: usize, ids: &[Word], depth: u32) -> Option<Nested> {
        if depth >= MAX_NESTING {
            return None;
        }
        let mut lanes = Vec::with_capacity(ids.len());
        for &id in ids {
            let at = *self.bx.position.get(&id)?;
            // Odd positions are instructions this walk inserted; later ones are not defined
            // where the vector op goes.
            if at % 2 == 1 || at / 2 >= p || lanes.contains(&(at / 2)) {
                return None;
            }
            if self.fx.use_count.get(&id) != Some(&1) {
                return None;
            }
            lanes.push(at / 2);
        }
        let key = self.cx.componentwise_key(&self.insts[lanes[0]])?;
        if lanes[1..]
            .iter()
            .any(|&q| self.cx.componentwise_key(&self.insts[q]).as_ref() != Some(&key))
        {
            return None;
        }
        let groups = self.groups(p, &key, &lanes, Rooted::Rebuild, depth + 1)?;
        let added = self.cx.added(&key, &groups);
        let first = &self.insts[lanes[0]];
        (added <= lanes.len() as i64 + 1).then(|| Nested {
            prefix: first.operands[..key.first_value].to_vec(),
            first: first.result_id.unwrap_or(0),
            key,
            lanes: lanes.len(),
            groups,
            added,
        })
    }

    /// Whether every lane's result is used only in this block, and only by component-wise
    /// operations or constructs: the signal that the vector result will be consumed as a vector.
    fn chain_continues(&self, lanes: &[usize]) -> bool {
        lanes.iter().all(|&q| {
            let Some(id) = self.insts[q].result_id else {
                return false;
            };
            let users = self.bx.users.get(&id).map_or(&[][..], Vec::as_slice);
            !users.is_empty()
                && self.fx.use_count.get(&id).copied().unwrap_or(0) == users.len()
                && users.iter().all(|&u| {
                    self.insts[u].class.opcode == Op::CompositeConstruct
                        || self.cx.componentwise_key(&self.insts[u]).is_some()
                })
        })
    }
}

/// Where a rewrite's new instructions go: the module (for new types, constants and ids), the
/// function's and block's state, and the instructions to insert before position `p`.
struct Emitter<'a> {
    module: &'a mut Module,
    fx: &'a mut FunctionState,
    bx: &'a mut BlockState,
    new: Vec<Instruction>,
    p: usize,
}

impl Emitter<'_> {
    /// Finds an available shuffle or construct computing the same thing, or makes one.
    fn make(&mut self, op: Op, ty: Word, operands: Vec<Operand>) -> Word {
        let key = (op, ty, operands);
        if let Some(&id) = self.bx.made.get(&key)
            && (self.bx.available(id, self.p) || self.new.iter().any(|i| i.result_id == Some(id)))
        {
            return id;
        }
        let id = ir::fresh_id(self.module);
        self.new
            .push(Instruction::new(op, Some(ty), Some(id), key.2.clone()));
        self.fx.types.insert(id, ty);
        self.bx.made.insert(key, id);
        id
    }
}

/// A rewrite found at one instruction: where the vector op goes, its lanes in component order
/// and its operand groups.
struct Rewrite {
    at: usize,
    lanes: Vec<usize>,
    groups: Vec<Group>,
}

/// Identity of a scalar operation for grouping: the same opcode (and extended instruction) on the
/// same result type with the same number of value operands.
#[derive(Clone, Debug, PartialEq, Eq)]
struct OpKey {
    op: Op,
    ext: Option<(Word, u32)>,
    result_type: Word,
    /// Index of the first value operand (2 for `OpExtInst`, after the set and the number).
    first_value: usize,
    values: usize,
}

/// The lane the instruction at `p` reads: value operand `k` is component `j` of `recorded`.
#[derive(Clone, Copy)]
struct Lane {
    k: usize,
    recorded: Word,
    j: u32,
}

/// What a group of lanes was found from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rooted {
    /// One operand position reads the lanes of an existing vector.
    Extracts,
    /// The results are rebuilt into a vector by one `OpCompositeConstruct`.
    Rebuild,
}

/// Where the lanes of a group come from.
#[derive(Clone, Debug)]
enum Source {
    /// All components of this vector, in order.
    Whole(Word),
    /// `OpVectorShuffle first second indices`.
    Shuffle(Word, Word, Vec<u32>),
}

/// How one operand position of the scalar lanes becomes a vector operand.
#[derive(Clone, Debug)]
enum Group {
    /// Lanes of existing vectors; the scalar type is carried for new shuffles.
    Lanes(Source, Word),
    /// The same scalar in every lane.
    Splat(Word, Word),
    /// A different scalar constant in each lane.
    Constants(Vec<Word>, Word),
    /// Unrelated scalars, gathered with `OpCompositeConstruct`.
    Construct(Vec<Word>, Word),
    /// The results of one operation on every lane, computed by a vector op of their own.
    Nested(Box<Nested>),
}

/// How deep nested groups may go: a bound on the work per instruction, not a limit real chains
/// reach often (the driver's fixpoint continues longer ones).
const MAX_NESTING: u32 = 4;

/// A vector op to build: the operation, its width, the operands before the values (the
/// extended set and number), the lane whose decorations it carries, and its operand groups.
#[derive(Clone, Debug)]
struct Nested {
    key: OpKey,
    lanes: usize,
    prefix: Vec<Operand>,
    first: Word,
    groups: Vec<Group>,
    /// Instructions it adds, as [`Context::added`] counts them.
    added: i64,
}

/// Per-function state.
#[derive(Default)]
struct FunctionState {
    types: FxHashMap<Word, Word>,
    /// Extract result → (vector, component), for single-component extracts of vectors.
    lanes: FxHashMap<Word, (Word, u32)>,
    /// (vector, component) → extracts reading it.
    extracts: FxHashMap<(Word, u32), Vec<Word>>,
    /// Constructs replaced by the vector they rebuild.
    subst: FxHashMap<Word, Word>,
    /// Number of instructions reading each id.
    use_count: FxHashMap<Word, usize>,
}

impl FunctionState {
    fn add_lane(&mut self, id: Word, source: Word, index: u32) {
        self.lanes.insert(id, (source, index));
        self.extracts.entry((source, index)).or_default().push(id);
    }

    fn resolve(&self, mut id: Word) -> Word {
        // Substitutions point to earlier definitions, so chains are short and acyclic; the bound
        // only guards against a bug turning into a hang.
        for _ in 0..=self.subst.len() {
            match self.subst.get(&id) {
                Some(&next) => id = next,
                None => break,
            }
        }
        id
    }

    /// The (resolved vector, component) that `id` reads, if it is a lane extract.
    fn lane(&self, id: Word) -> Option<(Word, u32)> {
        self.lanes
            .get(&id)
            .map(|&(source, index)| (self.resolve(source), index))
    }

    fn substitute(&self, inst: &mut Instruction) {
        if self.subst.is_empty() {
            return;
        }
        for operand in &mut inst.operands {
            if let Some(id) = operand.id_ref_any_mut() {
                *id = self.resolve(*id);
            }
        }
    }
}

/// Per-block state of one walk.
struct BlockState {
    /// Result id → ordering key: 2q for the instruction at q, 2q-1 for one inserted before q.
    position: FxHashMap<Word, usize>,
    /// Id → positions of the block's instructions that read it.
    users: FxHashMap<Word, Vec<usize>>,
    /// Instructions to insert before each position.
    pending: Vec<Vec<Instruction>>,
    /// Positions whose instruction moved (a gathered lane now extracted after the vector op).
    dropped: Vec<bool>,
    /// Shuffles and constructs of the block (existing and new) by what they compute, so that
    /// the same shuffle or splat is made once.
    made: FxHashMap<(Op, Word, Vec<Operand>), Word>,
}

impl BlockState {
    /// Whether `id` is defined before position `p` (or outside the block, hence before it).
    fn available(&self, id: Word, p: usize) -> bool {
        self.position.get(&id).is_none_or(|&at| at < 2 * p)
    }
}
