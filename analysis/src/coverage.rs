//! Whether a draw writes every pixel of its target, proved by running its vertex shader.
//!
//! The engine needs this twice: a pass that overwrites every pixel of the back buffer needs no copy
//! of the previous contents under it, and its targets need not be loaded or cleared first. ReShade
//! effects almost always draw one full-screen triangle, but nothing forces them to, so instead of
//! assuming it from the vertex count we evaluate the vertex shader on the CPU for each vertex the
//! draw issues and check that the triangles' union covers the viewport.
//!
//! The interpreter understands the subset of naga IR that full-screen vertex shaders use:
//! arithmetic on scalars, vectors and matrices, locals, private globals, control flow with known
//! conditions, calls and the common math functions. Values the CPU cannot know (uniforms, textures,
//! storage) are `Unknown`; a clip position that depends on one, or a branch on one, means the draw
//! is not proved to cover, and the engine then keeps the previous contents, which is always
//! correct.

use naga::{
    BinaryOperator, Expression, Function, Handle, Literal, MathFunction, Module, ScalarKind,
    Statement, TypeInner, UnaryOperator,
};

use crate::model::PrimitiveTopology;

/// Draws with more vertices than this are not examined (they are not full-screen passes).
const MAX_VERTICES: u32 = 1024;
/// Statements and loop iterations one vertex may execute before the proof gives up.
const FUEL: u32 = 100_000;
/// Nested calls before the proof gives up (WGSL forbids recursion; this only bounds work).
const MAX_CALL_DEPTH: u32 = 64;

/// Whether drawing `vertex_count` vertices with `topology` through vertex entry point
/// `vertex_entry` provably covers every pixel of the viewport.
pub fn draw_covers_target(
    module: &Module,
    vertex_entry: usize,
    vertex_count: u32,
    topology: PrimitiveTopology,
) -> bool {
    if !(3..=MAX_VERTICES).contains(&vertex_count) {
        return false;
    }
    let triangles: Vec<[u32; 3]> = match topology {
        PrimitiveTopology::TriangleList => (0..vertex_count / 3)
            .map(|t| [3 * t, 3 * t + 1, 3 * t + 2])
            .collect(),
        PrimitiveTopology::TriangleStrip => {
            (0..vertex_count - 2).map(|t| [t, t + 1, t + 2]).collect()
        }
        _ => return false,
    };
    let Some(entry) = module.entry_points.get(vertex_entry) else {
        return false;
    };
    if entry.stage != naga::ShaderStage::Vertex {
        return false;
    }
    let mut interpreter = Interpreter::new(module);
    let globals = interpreter.globals.clone();
    let positions: Vec<Option<[f64; 4]>> = (0..vertex_count)
        .map(|index| {
            interpreter.globals.clone_from(&globals);
            interpreter.fuel = FUEL;
            clip_position(&mut interpreter, &entry.function, index)
        })
        .collect();
    let ndc: Vec<[[f64; 2]; 3]> = triangles
        .iter()
        .filter_map(|t| {
            let mut out = [[0.0; 2]; 3];
            for (slot, &v) in out.iter_mut().zip(t) {
                let [x, y, z, w] = positions[v as usize]?;
                // Any clipping (behind the eye, outside the depth range) may cut the triangle:
                // such triangles are not counted.
                if !(w > 0.0 && z >= 0.0 && z <= w) {
                    return None;
                }
                *slot = [x / w, y / w];
            }
            Some(out)
        })
        .collect();
    covers_unit_square(&ndc)
}

/// Whether the union of `triangles` covers [-1, 1]², up to slivers far thinner than a pixel.
fn covers_unit_square(triangles: &[[[f64; 2]; 3]]) -> bool {
    const EPSILON: f64 = 1e-9;
    let mut uncovered: Vec<Vec<[f64; 2]>> =
        vec![vec![[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]];
    for triangle in triangles {
        let mut t = *triangle;
        let doubled_area = cross(t[0], t[1], t[2]);
        if doubled_area.abs() <= EPSILON {
            continue;
        }
        if doubled_area < 0.0 {
            t.swap(1, 2);
        }
        let mut next = Vec::new();
        for piece in uncovered {
            // Peel off the part of the piece outside each edge; what is inside all three is
            // covered and dropped.
            let mut rest = piece;
            for i in 0..3 {
                let (a, b) = (t[i], t[(i + 1) % 3]);
                let outside = clip(&rest, a, b, false);
                if polygon_area(&outside) > EPSILON {
                    next.push(outside);
                }
                rest = clip(&rest, a, b, true);
                if polygon_area(&rest) <= EPSILON {
                    break;
                }
            }
        }
        uncovered = next;
        if uncovered.is_empty() {
            return true;
        }
    }
    uncovered.is_empty()
}

/// Twice the signed area of triangle `a b c` (positive when counter-clockwise).
fn cross(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

fn polygon_area(points: &[[f64; 2]]) -> f64 {
    if points.len() < 3 {
        return 0.0;
    }
    let mut sum = 0.0;
    for i in 0..points.len() {
        let (p, q) = (points[i], points[(i + 1) % points.len()]);
        sum += p[0] * q[1] - q[0] * p[1];
    }
    sum.abs() / 2.0
}

/// The part of convex polygon `points` on the left of the directed line `a → b` (`left`), or
/// on its right.
fn clip(points: &[[f64; 2]], a: [f64; 2], b: [f64; 2], left: bool) -> Vec<[f64; 2]> {
    let side = |p: [f64; 2]| {
        let c = cross(a, b, p);
        if left { c } else { -c }
    };
    let mut out = Vec::with_capacity(points.len() + 1);
    for i in 0..points.len() {
        let (p, q) = (points[i], points[(i + 1) % points.len()]);
        let (sp, sq) = (side(p), side(q));
        if sp >= 0.0 {
            out.push(p);
        }
        if (sp > 0.0 && sq < 0.0) || (sp < 0.0 && sq > 0.0) {
            let t = sp / (sp - sq);
            out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
        }
    }
    out
}

/// The clip-space position the vertex shader writes for vertex `index`, when it is known.
fn clip_position(
    interpreter: &mut Interpreter<'_>,
    function: &Function,
    index: u32,
) -> Option<[f64; 4]> {
    let module = interpreter.module;
    let arguments = function
        .arguments
        .iter()
        .map(|a| input_value(module, a.ty, a.binding.as_ref(), index))
        .collect();
    let result = interpreter.call(function, arguments, 0).ok()??;
    let output = function.result.as_ref()?;
    let position = match &output.binding {
        Some(binding) if is_position(binding) => result,
        Some(_) => return None,
        None => {
            let TypeInner::Struct { members, .. } = &module.types[output.ty].inner else {
                return None;
            };
            let member = members
                .iter()
                .position(|m| m.binding.as_ref().is_some_and(is_position))?;
            match result {
                Value::Composite(mut fields) if member < fields.len() => fields.swap_remove(member),
                _ => return None,
            }
        }
    };
    match position {
        Value::Composite(c) if c.len() == 4 => {
            let mut out = [0.0; 4];
            for (slot, v) in out.iter_mut().zip(&c) {
                let Value::F32(f) = v else { return None };
                if !f.is_finite() {
                    return None;
                }
                *slot = f64::from(*f);
            }
            Some(out)
        }
        _ => None,
    }
}

fn is_position(binding: &naga::Binding) -> bool {
    matches!(
        binding,
        naga::Binding::BuiltIn(naga::BuiltIn::Position { .. })
    )
}

/// An entry-point argument: the vertex index and instance 0 are known, anything else is not.
fn input_value(
    module: &Module,
    ty: Handle<naga::Type>,
    binding: Option<&naga::Binding>,
    index: u32,
) -> Value {
    match binding {
        Some(naga::Binding::BuiltIn(naga::BuiltIn::VertexIndex)) => Value::U32(index),
        Some(naga::Binding::BuiltIn(naga::BuiltIn::InstanceIndex)) => Value::U32(0),
        Some(_) => Value::Unknown,
        None => match &module.types[ty].inner {
            TypeInner::Struct { members, .. } => Value::Composite(
                members
                    .iter()
                    .map(|m| input_value(module, m.ty, m.binding.as_ref(), index))
                    .collect(),
            ),
            _ => Value::Unknown,
        },
    }
}

/// A value during interpretation. Vectors, matrices (as columns), structs and arrays are all
/// `Composite`; `Unknown` is anything that depends on data the CPU does not have.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    F32(f32),
    I32(i32),
    U32(u32),
    Bool(bool),
    Composite(Vec<Value>),
    Pointer(Place),
    Unknown,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Root {
    Local(Handle<naga::LocalVariable>),
    Global(Handle<naga::GlobalVariable>),
    /// What pointer argument `i` of the running function points at, copied in from the caller
    /// and copied back when the call returns (WGSL's pointers never alias, so this is exact).
    Argument(usize),
}

#[derive(Clone, Debug, PartialEq)]
struct Place {
    root: Root,
    path: Vec<usize>,
}

/// Why interpretation stopped: the proof cannot be made (an unknown branch, an unsupported
/// construct, out of fuel). Never an error in the effect.
#[derive(Debug)]
struct GiveUp;

type Eval<T> = Result<T, GiveUp>;

enum Flow {
    Next,
    Break,
    Continue,
    Return(Option<Value>),
}

fn zero_value(module: &Module, ty: Handle<naga::Type>) -> Value {
    fn scalar(s: naga::Scalar) -> Value {
        match s.kind {
            ScalarKind::Float if s.width == 4 => Value::F32(0.0),
            ScalarKind::Sint if s.width == 4 => Value::I32(0),
            ScalarKind::Uint if s.width == 4 => Value::U32(0),
            ScalarKind::Bool => Value::Bool(false),
            _ => Value::Unknown,
        }
    }
    match &module.types[ty].inner {
        TypeInner::Scalar(s) => scalar(*s),
        TypeInner::Vector { size, scalar: s } => Value::Composite(vec![scalar(*s); *size as usize]),
        TypeInner::Matrix {
            columns,
            rows,
            scalar: s,
        } => Value::Composite(vec![
            Value::Composite(vec![scalar(*s); *rows as usize]);
            *columns as usize
        ]),
        TypeInner::Struct { members, .. } => {
            Value::Composite(members.iter().map(|m| zero_value(module, m.ty)).collect())
        }
        TypeInner::Array {
            base,
            size: naga::ArraySize::Constant(n),
            ..
        } if n.get() <= 4096 => Value::Composite(vec![zero_value(module, *base); n.get() as usize]),
        _ => Value::Unknown,
    }
}

struct Interpreter<'m> {
    module: &'m Module,
    /// Private and workgroup globals (tracked); `None` for the rest (uniform, storage, handles).
    globals: Vec<Option<Value>>,
    fuel: u32,
    /// Values of the module's constant expressions (`global_expressions`), as evaluated.
    constants: Vec<Option<Value>>,
}

/// One function activation.
struct Frame<'f> {
    function: &'f Function,
    arguments: Vec<Value>,
    /// Per argument, what a pointer argument points at (`Root::Argument`).
    pointees: Vec<Option<Value>>,
    locals: Vec<Value>,
    /// Values of the function's expressions, as last evaluated.
    values: Vec<Option<Value>>,
}

impl<'m> Interpreter<'m> {
    /// An interpreter with the module's private globals at their initial values.
    fn new(module: &'m Module) -> Self {
        let mut interpreter = Interpreter {
            module,
            globals: Vec::new(),
            fuel: FUEL,
            constants: vec![None; module.global_expressions.len()],
        };
        let globals = module
            .global_variables
            .iter()
            .map(|(_, g)| match g.space {
                naga::AddressSpace::Private | naga::AddressSpace::WorkGroup => Some(match g.init {
                    Some(init) => interpreter.constant(init).unwrap_or(Value::Unknown),
                    None => zero_value(module, g.ty),
                }),
                _ => None,
            })
            .collect();
        interpreter.globals = globals;
        interpreter
    }

    /// A constant expression of the module's global arena, evaluated once.
    fn constant(&mut self, handle: Handle<Expression>) -> Eval<Value> {
        if let Some(Some(value)) = self.constants.get(handle.index()) {
            return Ok(value.clone());
        }
        let empty = Function::default();
        let mut frame = Frame {
            function: &empty,
            arguments: Vec::new(),
            pointees: Vec::new(),
            locals: Vec::new(),
            values: std::mem::take(&mut self.constants),
        };
        let module = self.module;
        let value = self.expression(&mut frame, &module.global_expressions, handle);
        self.constants = frame.values;
        value
    }

    fn call(
        &mut self,
        function: &Function,
        arguments: Vec<Value>,
        depth: u32,
    ) -> Eval<Option<Value>> {
        self.call_with(function, arguments, Vec::new(), depth)
            .map(|(value, _)| value)
    }

    /// [`Self::call`] with what pointer arguments point at; returns those values as the call
    /// left them too.
    fn call_with(
        &mut self,
        function: &Function,
        arguments: Vec<Value>,
        pointees: Vec<Option<Value>>,
        depth: u32,
    ) -> Eval<(Option<Value>, Vec<Option<Value>>)> {
        if depth > MAX_CALL_DEPTH {
            return Err(GiveUp);
        }
        let mut frame = Frame {
            function,
            arguments,
            pointees,
            locals: Vec::new(),
            values: vec![None; function.expressions.len()],
        };
        for (_, local) in function.local_variables.iter() {
            let value = match local.init {
                Some(init) => self.expression(&mut frame, &function.expressions, init)?,
                None => zero_value(self.module, local.ty),
            };
            frame.locals.push(value);
        }
        let value = match self.block(&mut frame, &function.body, depth)? {
            Flow::Return(value) => value,
            Flow::Next => None,
            Flow::Break | Flow::Continue => return Err(GiveUp),
        };
        Ok((value, frame.pointees))
    }

    fn burn(&mut self) -> Eval<()> {
        self.fuel = self.fuel.checked_sub(1).ok_or(GiveUp)?;
        Ok(())
    }

    fn block(&mut self, frame: &mut Frame, block: &naga::Block, depth: u32) -> Eval<Flow> {
        for statement in block.iter() {
            match self.statement(frame, statement, depth)? {
                Flow::Next => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Next)
    }

    fn statement(&mut self, frame: &mut Frame, statement: &Statement, depth: u32) -> Eval<Flow> {
        self.burn()?;
        let arena = &frame.function.expressions;
        match statement {
            Statement::Emit(range) => {
                for handle in range.clone() {
                    // Re-evaluated on every execution: loads must see the memory of this moment.
                    frame.values[handle.index()] = None;
                    self.expression(frame, arena, handle)?;
                }
                Ok(Flow::Next)
            }
            Statement::Block(block) => self.block(frame, block, depth),
            Statement::If {
                condition,
                accept,
                reject,
            } => match self.expression(frame, arena, *condition)? {
                Value::Bool(true) => self.block(frame, accept, depth),
                Value::Bool(false) => self.block(frame, reject, depth),
                _ => Err(GiveUp),
            },
            Statement::Switch { selector, cases } => {
                let selector = match self.expression(frame, arena, *selector)? {
                    Value::I32(v) => naga::SwitchValue::I32(v),
                    Value::U32(v) => naga::SwitchValue::U32(v),
                    _ => return Err(GiveUp),
                };
                let start = cases.iter().position(|c| c.value == selector).or_else(|| {
                    cases
                        .iter()
                        .position(|c| c.value == naga::SwitchValue::Default)
                });
                let Some(start) = start else {
                    return Ok(Flow::Next);
                };
                for case in &cases[start..] {
                    match self.block(frame, &case.body, depth)? {
                        Flow::Next if case.fall_through => {}
                        Flow::Next | Flow::Break => return Ok(Flow::Next),
                        other => return Ok(other),
                    }
                }
                Ok(Flow::Next)
            }
            Statement::Loop {
                body,
                continuing,
                break_if,
            } => loop {
                self.burn()?;
                match self.block(frame, body, depth)? {
                    Flow::Break => return Ok(Flow::Next),
                    Flow::Return(value) => return Ok(Flow::Return(value)),
                    Flow::Next | Flow::Continue => {}
                }
                match self.block(frame, continuing, depth)? {
                    Flow::Next => {}
                    _ => return Err(GiveUp),
                }
                if let Some(condition) = break_if {
                    match self.expression(frame, arena, *condition)? {
                        Value::Bool(true) => return Ok(Flow::Next),
                        Value::Bool(false) => {}
                        _ => return Err(GiveUp),
                    }
                }
            },
            Statement::Break => Ok(Flow::Break),
            Statement::Continue => Ok(Flow::Continue),
            Statement::Return { value } => {
                let value = match value {
                    Some(v) => Some(self.expression(frame, arena, *v)?),
                    None => None,
                };
                Ok(Flow::Return(value))
            }
            Statement::Kill => Err(GiveUp),
            Statement::Store { pointer, value } => {
                let Value::Pointer(place) = self.expression(frame, arena, *pointer)? else {
                    return Err(GiveUp);
                };
                let value = self.expression(frame, arena, *value)?;
                self.store(frame, &place, value)?;
                Ok(Flow::Next)
            }
            Statement::Call {
                function,
                arguments,
                result,
            } => {
                let mut arguments = arguments
                    .iter()
                    .map(|a| self.expression(frame, arena, *a))
                    .collect::<Eval<Vec<_>>>()?;
                // Pointers to this frame's memory: the callee works on copies, written back.
                let mut pointees = vec![None; arguments.len()];
                let mut places = vec![None; arguments.len()];
                for (i, argument) in arguments.iter_mut().enumerate() {
                    if let Value::Pointer(place) = argument
                        && !matches!(place.root, Root::Global(_))
                    {
                        pointees[i] = Some(self.load(frame, place)?);
                        places[i] = Some(std::mem::replace(
                            place,
                            Place {
                                root: Root::Argument(i),
                                path: Vec::new(),
                            },
                        ));
                    }
                }
                let callee = &self.module.functions[*function];
                let (value, pointees) = self.call_with(callee, arguments, pointees, depth + 1)?;
                for (place, value) in places.into_iter().zip(pointees) {
                    if let (Some(place), Some(value)) = (place, value) {
                        self.store(frame, &place, value)?;
                    }
                }
                if let Some(result) = result {
                    frame.values[result.index()] = Some(value.unwrap_or(Value::Unknown));
                }
                Ok(Flow::Next)
            }
            // Writes the position cannot depend on (images, atomics, barriers, ...). Their
            // results, where they have any, evaluate to `Unknown`.
            _ => Ok(Flow::Next),
        }
    }

    fn place_mut<'a>(&'a mut self, frame: &'a mut Frame, place: &Place) -> Eval<&'a mut Value> {
        let mut value = match place.root {
            Root::Local(h) => frame.locals.get_mut(h.index()).ok_or(GiveUp)?,
            Root::Argument(i) => frame
                .pointees
                .get_mut(i)
                .and_then(Option::as_mut)
                .ok_or(GiveUp)?,
            Root::Global(h) => self
                .globals
                .get_mut(h.index())
                .and_then(Option::as_mut)
                .ok_or(GiveUp)?,
        };
        for &i in &place.path {
            value = match value {
                Value::Composite(items) => items.get_mut(i).ok_or(GiveUp)?,
                _ => return Err(GiveUp),
            };
        }
        Ok(value)
    }

    fn store(&mut self, frame: &mut Frame, place: &Place, value: Value) -> Eval<()> {
        *self.place_mut(frame, place)? = value;
        Ok(())
    }

    fn load(&mut self, frame: &mut Frame, place: &Place) -> Eval<Value> {
        if let Root::Global(h) = place.root
            && self.globals.get(h.index()).is_none_or(Option::is_none)
        {
            // Uniform, storage and other memory the CPU does not see.
            return Ok(Value::Unknown);
        }
        match self.place_mut(frame, place) {
            Ok(value) => Ok(value.clone()),
            // A path into a value that is unknown as a whole.
            Err(GiveUp) => Ok(Value::Unknown),
        }
    }

    fn expression(
        &mut self,
        frame: &mut Frame,
        arena: &naga::Arena<Expression>,
        handle: Handle<Expression>,
    ) -> Eval<Value> {
        if let Some(Some(value)) = frame.values.get(handle.index()) {
            return Ok(value.clone());
        }
        let value = self.evaluate(frame, arena, handle)?;
        if let Some(slot) = frame.values.get_mut(handle.index()) {
            *slot = Some(value.clone());
        }
        Ok(value)
    }

    fn evaluate(
        &mut self,
        frame: &mut Frame,
        arena: &naga::Arena<Expression>,
        handle: Handle<Expression>,
    ) -> Eval<Value> {
        let module = self.module;
        let sub =
            |s: &mut Self, frame: &mut Frame, h: Handle<Expression>| s.expression(frame, arena, h);
        Ok(match &arena[handle] {
            Expression::Literal(literal) => match *literal {
                Literal::F32(v) => Value::F32(v),
                Literal::I32(v) => Value::I32(v),
                Literal::U32(v) => Value::U32(v),
                Literal::Bool(v) => Value::Bool(v),
                _ => Value::Unknown,
            },
            Expression::Constant(c) => self.constant(module.constants[*c].init)?,
            Expression::ZeroValue(ty) => zero_value(module, *ty),
            Expression::Compose { ty, components } => {
                let mut items = Vec::with_capacity(components.len());
                for &c in components {
                    let value = sub(self, frame, c)?;
                    match (&module.types[*ty].inner, value) {
                        // `vec4(v.xy, 0.0, 1.0)`: vector components flatten.
                        (TypeInner::Vector { .. }, Value::Composite(parts)) => items.extend(parts),
                        (_, value) => items.push(value),
                    }
                }
                Value::Composite(items)
            }
            Expression::Access { base, index } => {
                let index = match sub(self, frame, *index)? {
                    Value::I32(i) if i >= 0 => i as usize,
                    Value::U32(i) => i as usize,
                    Value::Unknown => return Ok(Value::Unknown),
                    _ => return Err(GiveUp),
                };
                element(sub(self, frame, *base)?, index)?
            }
            Expression::AccessIndex { base, index } => {
                element(sub(self, frame, *base)?, *index as usize)?
            }
            Expression::Splat { size, value } => {
                Value::Composite(vec![sub(self, frame, *value)?; *size as usize])
            }
            Expression::Swizzle {
                size,
                vector,
                pattern,
            } => match sub(self, frame, *vector)? {
                Value::Composite(items) => Value::Composite(
                    pattern[..*size as usize]
                        .iter()
                        .map(|&c| items.get(c as usize).cloned().ok_or(GiveUp))
                        .collect::<Eval<_>>()?,
                ),
                _ => Value::Unknown,
            },
            Expression::FunctionArgument(i) => frame
                .arguments
                .get(*i as usize)
                .cloned()
                .unwrap_or(Value::Unknown),
            Expression::GlobalVariable(h) => match module.global_variables[*h].space {
                naga::AddressSpace::Handle => Value::Unknown,
                _ => Value::Pointer(Place {
                    root: Root::Global(*h),
                    path: Vec::new(),
                }),
            },
            Expression::LocalVariable(h) => Value::Pointer(Place {
                root: Root::Local(*h),
                path: Vec::new(),
            }),
            Expression::Load { pointer } => match sub(self, frame, *pointer)? {
                Value::Pointer(place) => self.load(frame, &place)?,
                _ => Value::Unknown,
            },
            Expression::Unary { op, expr } => map1(sub(self, frame, *expr)?, &|v| unary(*op, v))?,
            Expression::Binary { op, left, right } => {
                let (l, r) = (sub(self, frame, *left)?, sub(self, frame, *right)?);
                binary(*op, l, r)?
            }
            Expression::Select {
                condition,
                accept,
                reject,
            } => {
                let condition = sub(self, frame, *condition)?;
                let (a, r) = (sub(self, frame, *accept)?, sub(self, frame, *reject)?);
                select(condition, a, r)?
            }
            Expression::Relational { fun, argument } => {
                let argument = sub(self, frame, *argument)?;
                let Value::Composite(items) = argument else {
                    return Ok(Value::Unknown);
                };
                let bools: Option<Vec<bool>> = items
                    .iter()
                    .map(|v| match v {
                        Value::Bool(b) => Some(*b),
                        _ => None,
                    })
                    .collect();
                match (fun, bools) {
                    (naga::RelationalFunction::All, Some(b)) => Value::Bool(b.iter().all(|&x| x)),
                    (naga::RelationalFunction::Any, Some(b)) => Value::Bool(b.iter().any(|&x| x)),
                    _ => Value::Unknown,
                }
            }
            Expression::Math {
                fun,
                arg,
                arg1,
                arg2,
                ..
            } => {
                let a = sub(self, frame, *arg)?;
                let b = match arg1 {
                    Some(h) => Some(sub(self, frame, *h)?),
                    None => None,
                };
                let c = match arg2 {
                    Some(h) => Some(sub(self, frame, *h)?),
                    None => None,
                };
                math(*fun, a, b, c)?
            }
            Expression::As {
                expr,
                kind,
                convert,
            } => {
                let value = sub(self, frame, *expr)?;
                map1(value, &|v| cast(v, *kind, convert.is_some()))?
            }
            Expression::CallResult(_) => return Err(GiveUp),
            // Samples, derivatives, queries, atomics: data the CPU does not have.
            _ => Value::Unknown,
        })
    }
}

fn element(base: Value, index: usize) -> Eval<Value> {
    Ok(match base {
        Value::Pointer(mut place) => {
            place.path.push(index);
            Value::Pointer(place)
        }
        Value::Composite(mut items) if index < items.len() => items.swap_remove(index),
        Value::Composite(_) => return Err(GiveUp),
        _ => Value::Unknown,
    })
}

/// Applies `f` to each scalar of `value`.
fn map1(value: Value, f: &dyn Fn(Value) -> Eval<Value>) -> Eval<Value> {
    match value {
        Value::Composite(items) => Ok(Value::Composite(
            items.into_iter().map(|v| map1(v, f)).collect::<Eval<_>>()?,
        )),
        Value::Unknown => Ok(Value::Unknown),
        scalar => f(scalar),
    }
}

/// Applies `f` to matching scalars of `a` and `b`, broadcasting a scalar against a composite.
fn map2(a: Value, b: Value, f: &dyn Fn(Value, Value) -> Eval<Value>) -> Eval<Value> {
    match (a, b) {
        (Value::Unknown, _) | (_, Value::Unknown) => Ok(Value::Unknown),
        (Value::Composite(x), Value::Composite(y)) if x.len() == y.len() => Ok(Value::Composite(
            x.into_iter()
                .zip(y)
                .map(|(x, y)| map2(x, y, f))
                .collect::<Eval<_>>()?,
        )),
        (Value::Composite(_), Value::Composite(_)) => Err(GiveUp),
        (Value::Composite(x), s) => Ok(Value::Composite(
            x.into_iter()
                .map(|x| map2(x, s.clone(), f))
                .collect::<Eval<_>>()?,
        )),
        (s, Value::Composite(y)) => Ok(Value::Composite(
            y.into_iter()
                .map(|y| map2(s.clone(), y, f))
                .collect::<Eval<_>>()?,
        )),
        (x, y) => f(x, y),
    }
}

fn is_matrix(value: &Value) -> bool {
    matches!(value, Value::Composite(columns) if matches!(columns.first(), Some(Value::Composite(_))))
}

fn unary(op: UnaryOperator, v: Value) -> Eval<Value> {
    Ok(match (op, v) {
        (UnaryOperator::Negate, Value::F32(x)) => Value::F32(-x),
        (UnaryOperator::Negate, Value::I32(x)) => Value::I32(x.wrapping_neg()),
        (UnaryOperator::LogicalNot, Value::Bool(x)) => Value::Bool(!x),
        (UnaryOperator::BitwiseNot, Value::I32(x)) => Value::I32(!x),
        (UnaryOperator::BitwiseNot, Value::U32(x)) => Value::U32(!x),
        _ => return Err(GiveUp),
    })
}

fn binary(op: BinaryOperator, l: Value, r: Value) -> Eval<Value> {
    if op == BinaryOperator::Multiply && (is_matrix(&l) || is_matrix(&r)) {
        return matrix_multiply(l, r);
    }
    map2(l, r, &|a, b| scalar_binary(op, a, b))
}

/// Matrix products (matrices are lists of columns); a scalar factor scales componentwise.
/// The sum of the products of matching components.
fn dot(a: &[Value], b: &[Value]) -> Eval<Value> {
    let mut sum = Value::F32(0.0);
    for (x, y) in a.iter().zip(b) {
        let product = scalar_binary(BinaryOperator::Multiply, x.clone(), y.clone())?;
        sum = scalar_binary(BinaryOperator::Add, sum, product)?;
    }
    Ok(sum)
}

fn matrix_multiply(l: Value, r: Value) -> Eval<Value> {
    let columns = |v: Value| -> Eval<Vec<Value>> {
        match v {
            Value::Composite(c) => Ok(c),
            _ => Err(GiveUp),
        }
    };
    // M * v: the sum of M's columns weighted by v.
    let matrix_vector = |m: &[Value], v: &[Value]| -> Eval<Value> {
        let rows = match m.first() {
            Some(Value::Composite(c)) => c.len(),
            _ => return Err(GiveUp),
        };
        let mut out = Vec::with_capacity(rows);
        for row in 0..rows {
            let row_values: Vec<Value> = m
                .iter()
                .map(|c| element(c.clone(), row))
                .collect::<Eval<_>>()?;
            out.push(dot(&row_values, v)?);
        }
        Ok(Value::Composite(out))
    };
    match (is_matrix(&l), is_matrix(&r)) {
        (true, true) => {
            let m = columns(l)?;
            let out = columns(r)?
                .into_iter()
                .map(|c| matrix_vector(&m, &columns(c)?))
                .collect::<Eval<_>>()?;
            Ok(Value::Composite(out))
        }
        (true, false) if matches!(r, Value::Composite(_)) => {
            matrix_vector(&columns(l)?, &columns(r)?)
        }
        (false, true) if matches!(l, Value::Composite(_)) => {
            // v * M: one dot product per column.
            let v = columns(l)?;
            let out = columns(r)?
                .into_iter()
                .map(|c| dot(&v, &columns(c)?))
                .collect::<Eval<_>>()?;
            Ok(Value::Composite(out))
        }
        _ => map2(l, r, &|a, b| scalar_binary(BinaryOperator::Multiply, a, b)),
    }
}

/// `==`, `!=`, `<`, `<=`, `>`, `>=` on numbers of one kind; `None` for other operators.
fn compare<T: PartialOrd>(op: BinaryOperator, x: T, y: T) -> Option<bool> {
    use BinaryOperator as B;
    Some(match op {
        B::Equal => x == y,
        B::NotEqual => x != y,
        B::Less => x < y,
        B::LessEqual => x <= y,
        B::Greater => x > y,
        B::GreaterEqual => x >= y,
        _ => return None,
    })
}

fn scalar_binary(op: BinaryOperator, a: Value, b: Value) -> Eval<Value> {
    use BinaryOperator as B;
    use Value::*;
    let compared = match (&a, &b) {
        (F32(x), F32(y)) => compare(op, x, y),
        (I32(x), I32(y)) => compare(op, x, y),
        (U32(x), U32(y)) => compare(op, x, y),
        _ => None,
    };
    if let Some(result) = compared {
        return Ok(Bool(result));
    }
    Ok(match (a, b) {
        (F32(x), F32(y)) => match op {
            B::Add => F32(x + y),
            B::Subtract => F32(x - y),
            B::Multiply => F32(x * y),
            B::Divide => F32(x / y),
            // WGSL's `%` on floats truncates, like Rust's.
            B::Modulo => F32(x % y),
            _ => return Err(GiveUp),
        },
        (I32(x), I32(y)) => match op {
            B::Add => I32(x.wrapping_add(y)),
            B::Subtract => I32(x.wrapping_sub(y)),
            B::Multiply => I32(x.wrapping_mul(y)),
            B::Divide if y != 0 => I32(x.wrapping_div(y)),
            B::Modulo if y != 0 => I32(x.wrapping_rem(y)),
            B::And => I32(x & y),
            B::InclusiveOr => I32(x | y),
            B::ExclusiveOr => I32(x ^ y),
            _ => return Err(GiveUp),
        },
        (I32(x), U32(y)) => match op {
            B::ShiftLeft => I32(x.wrapping_shl(y)),
            B::ShiftRight => I32(x.wrapping_shr(y)),
            _ => return Err(GiveUp),
        },
        (U32(x), U32(y)) => match op {
            B::Add => U32(x.wrapping_add(y)),
            B::Subtract => U32(x.wrapping_sub(y)),
            B::Multiply => U32(x.wrapping_mul(y)),
            B::Divide if y != 0 => U32(x / y),
            B::Modulo if y != 0 => U32(x % y),
            B::And => U32(x & y),
            B::InclusiveOr => U32(x | y),
            B::ExclusiveOr => U32(x ^ y),
            B::ShiftLeft => U32(x.wrapping_shl(y)),
            B::ShiftRight => U32(x.wrapping_shr(y)),
            _ => return Err(GiveUp),
        },
        (Bool(x), Bool(y)) => match op {
            B::Equal => Bool(x == y),
            B::NotEqual => Bool(x != y),
            B::And | B::LogicalAnd => Bool(x && y),
            B::InclusiveOr | B::LogicalOr => Bool(x || y),
            _ => return Err(GiveUp),
        },
        _ => return Err(GiveUp),
    })
}

fn select(condition: Value, accept: Value, reject: Value) -> Eval<Value> {
    match condition {
        Value::Bool(c) => Ok(if c { accept } else { reject }),
        Value::Composite(conditions) => {
            let (Value::Composite(a), Value::Composite(r)) = (accept, reject) else {
                return Ok(Value::Unknown);
            };
            if a.len() != conditions.len() || r.len() != conditions.len() {
                return Err(GiveUp);
            }
            Ok(Value::Composite(
                conditions
                    .into_iter()
                    .zip(a.into_iter().zip(r))
                    .map(|(c, (a, r))| select(c, a, r))
                    .collect::<Eval<_>>()?,
            ))
        }
        _ => Ok(Value::Unknown),
    }
}

fn float(v: &Value) -> Option<f32> {
    match v {
        Value::F32(x) => Some(*x),
        _ => None,
    }
}

fn math(fun: MathFunction, a: Value, b: Option<Value>, c: Option<Value>) -> Eval<Value> {
    use MathFunction as M;
    let unary_float = |f: fn(f32) -> f32| {
        map1(a.clone(), &|v| {
            float(&v).map(|x| Value::F32(f(x))).ok_or(GiveUp)
        })
    };
    match (fun, b, c) {
        (M::Abs, None, None) => map1(a, &|v| match v {
            Value::F32(x) => Ok(Value::F32(x.abs())),
            Value::I32(x) => Ok(Value::I32(x.wrapping_abs())),
            Value::U32(x) => Ok(Value::U32(x)),
            _ => Err(GiveUp),
        }),
        (M::Min | M::Max, Some(b), None) => map2(a, b, &|x, y| {
            let less = matches!(
                scalar_binary(BinaryOperator::Less, x.clone(), y.clone())?,
                Value::Bool(true)
            );
            Ok(if less == (fun == M::Min) { x } else { y })
        }),
        (M::Clamp, Some(lo), Some(hi)) => {
            let lower = math(M::Max, a, Some(lo), None)?;
            math(M::Min, lower, Some(hi), None)
        }
        (M::Saturate, None, None) => unary_float(|x| x.clamp(0.0, 1.0)),
        (M::Floor, None, None) => unary_float(f32::floor),
        (M::Ceil, None, None) => unary_float(f32::ceil),
        (M::Round, None, None) => unary_float(f32::round_ties_even),
        (M::Trunc, None, None) => unary_float(f32::trunc),
        (M::Fract, None, None) => unary_float(|x| x - x.floor()),
        (M::Sign, None, None) => map1(a, &|v| match v {
            Value::F32(x) => Ok(Value::F32(if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                0.0
            })),
            Value::I32(x) => Ok(Value::I32(x.signum())),
            _ => Err(GiveUp),
        }),
        (M::Sqrt, None, None) => unary_float(f32::sqrt),
        (M::Sin, None, None) => unary_float(f32::sin),
        (M::Cos, None, None) => unary_float(f32::cos),
        (M::Tan, None, None) => unary_float(f32::tan),
        (M::Exp2, None, None) => unary_float(f32::exp2),
        (M::Dot, Some(b), None) => {
            let (Value::Composite(x), Value::Composite(y)) = (a, b) else {
                return Ok(Value::Unknown);
            };
            dot(&x, &y)
        }
        (M::Mix, Some(b), Some(t)) => {
            // a * (1 - t) + b * t, componentwise, t scalar or vector.
            let one_minus = map1(t.clone(), &|v| {
                float(&v).map(|x| Value::F32(1.0 - x)).ok_or(GiveUp)
            })?;
            let left = binary(BinaryOperator::Multiply, a, one_minus)?;
            let right = binary(BinaryOperator::Multiply, b, t)?;
            binary(BinaryOperator::Add, left, right)
        }
        (M::Fma, Some(b), Some(c)) => {
            let product = binary(BinaryOperator::Multiply, a, b)?;
            binary(BinaryOperator::Add, product, c)
        }
        (M::Step, Some(x), None) => map2(a, x, &|edge, x| match (edge, x) {
            (Value::F32(e), Value::F32(x)) => Ok(Value::F32(if x >= e { 1.0 } else { 0.0 })),
            _ => Err(GiveUp),
        }),
        _ => Ok(Value::Unknown),
    }
}

/// `As` on one scalar: a value conversion (`convert`) or a bit cast.
fn cast(v: Value, kind: ScalarKind, convert: bool) -> Eval<Value> {
    use ScalarKind as K;
    Ok(match (v, kind, convert) {
        (Value::F32(x), K::Float, _) => Value::F32(x),
        (Value::F32(x), K::Sint, true) => Value::I32(x as i32),
        (Value::F32(x), K::Uint, true) => Value::U32(x as u32),
        (Value::F32(x), K::Bool, true) => Value::Bool(x != 0.0),
        (Value::F32(x), K::Sint, false) => Value::I32(x.to_bits() as i32),
        (Value::F32(x), K::Uint, false) => Value::U32(x.to_bits()),
        (Value::I32(x), K::Float, true) => Value::F32(x as f32),
        (Value::I32(x), K::Float, false) => Value::F32(f32::from_bits(x as u32)),
        (Value::I32(x), K::Sint, _) => Value::I32(x),
        (Value::I32(x), K::Uint, _) => Value::U32(x as u32),
        (Value::I32(x), K::Bool, true) => Value::Bool(x != 0),
        (Value::U32(x), K::Float, true) => Value::F32(x as f32),
        (Value::U32(x), K::Float, false) => Value::F32(f32::from_bits(x)),
        (Value::U32(x), K::Sint, _) => Value::I32(x as i32),
        (Value::U32(x), K::Uint, _) => Value::U32(x),
        (Value::U32(x), K::Bool, true) => Value::Bool(x != 0),
        (Value::Bool(x), K::Float, true) => Value::F32(if x { 1.0 } else { 0.0 }),
        (Value::Bool(x), K::Sint, true) => Value::I32(i32::from(x)),
        (Value::Bool(x), K::Uint, true) => Value::U32(u32::from(x)),
        (Value::Bool(x), K::Bool, _) => Value::Bool(x),
        _ => return Err(GiveUp),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn covers(source: &str, entry: &str, vertex_count: u32, topology: PrimitiveTopology) -> bool {
        let module = naga::front::wgsl::parse_str(source).expect("test shader parses");
        let index = module
            .entry_points
            .iter()
            .position(|e| e.name == entry)
            .expect("entry point");
        draw_covers_target(&module, index, vertex_count, topology)
    }

    const FULL_SCREEN: &str = r#"
        struct Out { @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32> }
        @vertex fn vs(@builtin(vertex_index) id: u32) -> Out {
            let uv = vec2<f32>(f32((id << 1u) & 2u), f32(id & 2u));
            var out: Out;
            out.position = vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0);
            out.uv = uv;
            return out;
        }
    "#;

    #[test]
    fn the_full_screen_triangle_covers() {
        assert!(covers(
            FULL_SCREEN,
            "vs",
            3,
            PrimitiveTopology::TriangleList
        ));
        assert!(!covers(FULL_SCREEN, "vs", 3, PrimitiveTopology::LineList));
        assert!(!covers(
            FULL_SCREEN,
            "vs",
            2,
            PrimitiveTopology::TriangleList
        ));
    }

    /// ReShade FX's `PostProcessVS(in uint id, out float4 position, out float2 texcoord)` as
    /// the FX lowering writes it: `out` parameters are pointers into the caller's locals.
    #[test]
    fn a_full_screen_triangle_written_through_pointer_arguments_covers() {
        let source = r#"
            fn post_process(id: u32, position: ptr<function, vec4<f32>>, uv: ptr<function, vec2<f32>>) {
                (*uv).x = select(0.0, 2.0, id == 2u);
                (*uv).y = select(0.0, 2.0, id == 1u);
                let u = (*uv).x;
                let v = (*uv).y;
                (*position) = vec4<f32>(u * 2.0 - 1.0, 1.0 - v * 2.0, 0.0, 1.0);
            }
            fn forward(id: u32, position: ptr<function, vec4<f32>>) {
                var uv: vec2<f32>;
                post_process(id, position, &uv);
            }
            @vertex fn direct(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
                var position: vec4<f32>;
                var uv: vec2<f32>;
                post_process(id, &position, &uv);
                return position;
            }
            @vertex fn nested(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
                var position: vec4<f32>;
                forward(id, &position);
                return position;
            }
            @vertex fn half(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
                var position: vec4<f32>;
                var uv: vec2<f32>;
                post_process(id, &position, &uv);
                return vec4<f32>(position.x * 0.5, position.yzw);
            }
        "#;
        assert!(covers(source, "direct", 3, PrimitiveTopology::TriangleList));
        assert!(covers(source, "nested", 3, PrimitiveTopology::TriangleList));
        assert!(!covers(source, "half", 3, PrimitiveTopology::TriangleList));
    }

    #[test]
    fn a_quad_from_a_strip_or_two_triangles_covers() {
        let strip = r#"
            @vertex fn vs(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
                var corners = array<vec2<f32>, 4>(
                    vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));
                return vec4<f32>(corners[id], 0.5, 1.0);
            }
        "#;
        assert!(covers(strip, "vs", 4, PrimitiveTopology::TriangleStrip));
        // Only the first triangle of the strip: half the target.
        assert!(!covers(strip, "vs", 3, PrimitiveTopology::TriangleStrip));
        let list = r#"
            @vertex fn vs(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
                switch id {
                    case 0u, 3u: { return vec4(-1.0, -1.0, 0.0, 1.0); }
                    case 1u: { return vec4(1.0, -1.0, 0.0, 1.0); }
                    case 2u, 4u: { return vec4(1.0, 1.0, 0.0, 1.0); }
                    default: { return vec4(-1.0, 1.0, 0.0, 1.0); }
                }
            }
        "#;
        assert!(covers(list, "vs", 6, PrimitiveTopology::TriangleList));
    }

    #[test]
    fn partial_or_unknown_draws_do_not_cover() {
        // Half-size triangle in the top-left corner.
        let small = r#"
            @vertex fn vs(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
                let uv = vec2<f32>(f32((id << 1u) & 2u), f32(id & 2u));
                return vec4<f32>(uv.x - 1.0, 1.0 - uv.y, 0.0, 1.0);
            }
        "#;
        assert!(!covers(small, "vs", 3, PrimitiveTopology::TriangleList));
        // Position scaled by a uniform the CPU cannot know.
        let uniform = r#"
            @group(0) @binding(0) var<uniform> scale: f32;
            @vertex fn vs(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
                let uv = vec2<f32>(f32((id << 1u) & 2u), f32(id & 2u));
                return vec4<f32>((uv * 2.0 - 1.0) * scale, 0.0, 1.0);
            }
        "#;
        assert!(!covers(uniform, "vs", 3, PrimitiveTopology::TriangleList));
        // Behind the near plane (z < 0) is clipped away.
        let clipped = FULL_SCREEN.replace("0.0, 1.0);", "-0.5, 1.0);");
        assert!(!covers(&clipped, "vs", 3, PrimitiveTopology::TriangleList));
    }

    #[test]
    fn uniforms_that_do_not_reach_the_position_do_not_matter() {
        // The shape the front end generates: a loader copies uniforms into private globals at
        // entry, and the vertex shader passes one through to the pixel shader.
        let source = r#"
            struct U { tint: vec4<f32> }
            @group(0) @binding(0) var<uniform> u: U;
            var<private> tint: vec4<f32>;
            fn load_uniforms() { tint = u.tint; }
            struct Out { @builtin(position) position: vec4<f32>, @location(0) tint: vec4<f32> }
            @vertex fn vs(@builtin(vertex_index) id: u32) -> Out {
                load_uniforms();
                var p = vec2<f32>(-1.0, 1.0);
                for (var i = 0u; i < id; i++) {
                    p = select(vec2(p.x + 4.0, p.y), vec2(-1.0, p.y - 4.0), i == 1u);
                }
                return Out(vec4<f32>(p, 0.0, 1.0), tint);
            }
        "#;
        assert!(covers(source, "vs", 3, PrimitiveTopology::TriangleList));
    }

    #[test]
    fn matrices_and_homogeneous_w_are_honoured() {
        // A full-screen triangle scaled by 2 in clip space, with w = 2: the same triangle.
        let source = r#"
            const M = mat4x4<f32>(
                vec4(2.0, 0.0, 0.0, 0.0), vec4(0.0, 2.0, 0.0, 0.0),
                vec4(0.0, 0.0, 1.0, 0.0), vec4(0.0, 0.0, 0.0, 2.0));
            @vertex fn vs(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
                let uv = vec2<f32>(f32((id << 1u) & 2u), f32(id & 2u));
                return M * vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0);
            }
        "#;
        assert!(covers(source, "vs", 3, PrimitiveTopology::TriangleList));
    }

    #[test]
    fn square_coverage_is_exact() {
        let tri = |a: [f64; 2], b: [f64; 2], c: [f64; 2]| [a, b, c];
        // Two triangles sharing the diagonal, either winding.
        assert!(covers_unit_square(&[
            tri([-1.0, -1.0], [1.0, -1.0], [1.0, 1.0]),
            tri([-1.0, -1.0], [-1.0, 1.0], [1.0, 1.0]),
        ]));
        // Four triangles fanning from the centre, one missing.
        let fan = [
            tri([0.0, 0.0], [-1.0, -1.0], [1.0, -1.0]),
            tri([0.0, 0.0], [1.0, -1.0], [1.0, 1.0]),
            tri([0.0, 0.0], [1.0, 1.0], [-1.0, 1.0]),
            tri([0.0, 0.0], [-1.0, 1.0], [-1.0, -1.0]),
        ];
        assert!(covers_unit_square(&fan));
        assert!(!covers_unit_square(&fan[..3]));
        // Slightly short of the right edge.
        assert!(!covers_unit_square(&[tri(
            [-1.0, -1.0],
            [5.0, -1.0],
            [-1.0, 5.0]
        )
        .map(|p| [p[0] * 0.99, p[1]])]));
    }
}
