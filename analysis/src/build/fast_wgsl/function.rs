//! One function body lowered to naga's IR, statement by statement, exactly as naga's WGSL front
//! end lowers it (`front/wgsl/lower/mod.rs`, `Lowerer::function` and `Lowerer::statement`):
//! the same expressions in the same order, the same `Emit` ranges, the same constant folding
//! (through naga's own [`ConstantEvaluator`]), the same spans.
//!
//! naga parses a whole module into a syntax tree, then lowers it; the body is lowered here as it
//! is read, which gives the same order because naga lowers each statement's expressions in the
//! order of the text (its left operand before its right one, a callee's arguments left to
//! right). The one place where the order differs (a `switch`'s case values, lowered with its
//! selector before any case body) is not read here.

use naga::proc::{ConstantEvaluator, Emitter, ExpressionKind, ExpressionKindTracker, Layouter};
use naga::{Block, Expression, Function, Handle, Module, Span, Statement, TypeInner};

use super::lexer::{Tok, Token};
use super::{Names, Unread};

/// A lowered expression: a reference (a place, loaded when its value is wanted: WGSL's Load
/// Rule) or a plain value.
#[derive(Clone, Copy, Debug)]
pub(super) enum Typed {
    Reference(Handle<Expression>),
    Plain(Handle<Expression>),
}

/// Where a statement's expressions go: its block and the emitter that covers them.
pub(super) struct Site<'b> {
    pub block: &'b mut Block,
    pub emitter: &'b mut Emitter,
}

/// The state of lowering one function body.
pub(super) struct FnLowerer<'a, 'm> {
    pub toks: &'a [Token<'a>],
    pub pos: usize,
    /// The end of the last token read: where a span being read ends.
    pub last_end: u32,
    pub module: &'m mut Module,
    pub layouter: &'m mut Layouter,
    pub names: &'m Names,
    pub function: Function,
    pub tracker: ExpressionKindTracker,
    pub typifier: naga::front::Typifier,
    /// Named expressions in the order naga names them (arguments, then `let`s).
    pub named: Vec<(Handle<Expression>, String)>,
    /// The function's arguments by name, the outermost scope.
    pub arguments: Vec<(String, Typed)>,
    /// The locals in scope by name (the innermost of a name), with what each declaration
    /// hid, to restore when its scope ends, and where each scope's declarations start.
    pub scope: rustc_hash::FxHashMap<&'a str, Typed>,
    pub hidden: Vec<(&'a str, Option<Typed>)>,
    pub scopes: Vec<usize>,
}

pub(super) type Result<T> = std::result::Result<T, Unread>;

impl<'a, 'm> FnLowerer<'a, 'm> {
    // ---------------------------------------------------------------------------------------
    // Tokens

    pub fn peek(&self) -> Tok<'a> {
        self.toks.get(self.pos).map_or(Tok::Other, |t| t.tok)
    }

    pub fn peek_at(&self, ahead: usize) -> Tok<'a> {
        self.toks
            .get(self.pos + ahead)
            .map_or(Tok::Other, |t| t.tok)
    }

    /// Where the next token starts.
    pub fn start(&self) -> u32 {
        self.toks.get(self.pos).map_or(self.last_end, |t| t.start)
    }

    pub fn next(&mut self) -> Result<Token<'a>> {
        let token = *self.toks.get(self.pos).ok_or(Unread)?;
        self.pos += 1;
        self.last_end = token.end;
        Ok(token)
    }

    pub fn eat(&mut self, sym: &str) -> bool {
        if matches!(self.peek(), Tok::Sym(s) if s == sym) {
            self.pos += 1;
            self.last_end = self.toks[self.pos - 1].end;
            true
        } else {
            false
        }
    }

    pub fn eat_word(&mut self, word: &str) -> bool {
        if matches!(self.peek(), Tok::Word(w) if w == word) {
            self.pos += 1;
            self.last_end = self.toks[self.pos - 1].end;
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, sym: &str) -> Result<()> {
        if self.eat(sym) { Ok(()) } else { Err(Unread) }
    }

    pub fn word(&mut self) -> Result<(&'a str, Span)> {
        match self.next()? {
            Token {
                tok: Tok::Word(w),
                start,
                end,
            } => Ok((w, Span::new(start, end))),
            _ => Err(Unread),
        }
    }

    /// The span from `start` to the end of the last token read.
    pub fn since(&self, start: u32) -> Span {
        Span::new(start, self.last_end)
    }

    // ---------------------------------------------------------------------------------------
    // Expressions into the arena, as naga's `ExpressionContext` appends them

    /// naga's constant evaluator over this function's arena, as the WGSL front end makes it for
    /// a function body: what every expression goes through.
    fn evaluator<'s>(&'s mut self, site: &'s mut Site) -> ConstantEvaluator<'s> {
        ConstantEvaluator::for_wgsl_function(
            self.module,
            &mut self.function.expressions,
            &mut self.tracker,
            self.layouter,
            site.emitter,
            site.block,
            false,
        )
    }

    /// Appends `expr` through naga's constant evaluator, which folds a constant expression and
    /// leaves the emitter running over what it appends.
    pub fn append(
        &mut self,
        site: &mut Site,
        expr: Expression,
        span: Span,
    ) -> Result<Handle<Expression>> {
        self.evaluator(site)
            .try_eval_and_append(expr, span)
            .map_err(|_| Unread)
    }

    /// Appends `expr` outside any `Emit` range (`interrupt_emitter`).
    pub fn interrupt(
        &mut self,
        site: &mut Site,
        expr: Expression,
        span: Span,
    ) -> Result<Handle<Expression>> {
        site.block
            .extend(site.emitter.finish(&self.function.expressions));
        let handle = self.append(site, expr, span);
        site.emitter.start(&self.function.expressions);
        handle
    }

    /// Appends `expr` to the arena directly, as a run-time expression (what naga does for a
    /// call's result and an increment's load).
    pub fn append_runtime(&mut self, expr: Expression, span: Span) -> Handle<Expression> {
        let handle = self.function.expressions.append(expr, span);
        self.tracker.insert(handle, ExpressionKind::Runtime);
        handle
    }

    /// The type of `handle`, resolved as naga's typifier resolves it.
    pub fn inner(
        &mut self,
        handle: Handle<Expression>,
    ) -> Result<(&TypeInner, &naga::UniqueArena<naga::Type>)> {
        let ctx = naga::proc::ResolveContext::with_locals(
            self.module,
            &self.function.local_variables,
            &self.function.arguments,
        );
        self.typifier
            .grow(handle, &self.function.expressions, &ctx)
            .map_err(|_| Unread)?;
        Ok((
            self.typifier.get(handle, &self.module.types),
            &self.module.types,
        ))
    }

    /// The type of `handle` as a type handle, added to the module's types when it is none yet
    /// (`register_type`).
    pub fn register_type(&mut self, handle: Handle<Expression>) -> Result<Handle<naga::Type>> {
        self.inner(handle)?;
        Ok(self.typifier.register_type(handle, &mut self.module.types))
    }

    /// WGSL's Load Rule: a reference's value.
    pub fn load(&mut self, site: &mut Site, typed: Typed) -> Result<Handle<Expression>> {
        match typed {
            Typed::Plain(handle) => Ok(handle),
            Typed::Reference(pointer) => {
                let (inner, types) = self.inner(pointer)?;
                if inner.is_atomic_pointer(types) {
                    return Err(Unread);
                }
                let span = self.function.expressions.get_span(pointer);
                self.append(site, Expression::Load { pointer }, span)
            }
        }
    }

    /// `handle` made concrete (an abstract number's value as the type WGSL prefers).
    pub fn concretize(
        &mut self,
        site: &mut Site,
        handle: Handle<Expression>,
    ) -> Result<Handle<Expression>> {
        let (inner, types) = self.inner(handle)?;
        let scalar = convertible_scalar(inner, types);
        let Some(scalar) = scalar else {
            return Ok(handle);
        };
        let goal = match scalar.kind {
            naga::ScalarKind::AbstractInt => naga::Scalar::I32,
            naga::ScalarKind::AbstractFloat => naga::Scalar::F32,
            _ => return Ok(handle),
        };
        let span = self.function.expressions.get_span(handle);
        self.evaluator(site)
            .cast_array(handle, goal, span)
            .map_err(|_| Unread)
    }

    /// An abstract `handle` converted to the type `goal` (`try_automatic_conversions`); a
    /// concrete one is left as it is.
    pub fn convert_to(
        &mut self,
        site: &mut Site,
        handle: Handle<Expression>,
        goal: Handle<naga::Type>,
    ) -> Result<Handle<Expression>> {
        let (inner, types) = self.inner(handle)?;
        if !inner.is_abstract(types) {
            return Ok(handle);
        }
        let goal_scalar = self.module.types[goal].inner.scalar().ok_or(Unread)?;
        self.convert_leaf(site, handle, goal_scalar)
    }

    /// An abstract `handle` converted to leaf scalar `goal` (`convert_leaf_scalar`).
    pub fn convert_leaf(
        &mut self,
        site: &mut Site,
        handle: Handle<Expression>,
        goal: naga::Scalar,
    ) -> Result<Handle<Expression>> {
        let (inner, types) = self.inner(handle)?;
        let is_array = matches!(inner, TypeInner::Array { .. });
        let Some(scalar) = convertible_scalar(inner, types) else {
            return Err(Unread);
        };
        if scalar == goal {
            return Ok(handle);
        }
        if !scalar.is_abstract() || is_array {
            return Err(Unread);
        }
        let span = self.function.expressions.get_span(handle);
        self.evaluator(site)
            .cast(handle, goal, span)
            .map_err(|_| Unread)
    }

    // ---------------------------------------------------------------------------------------
    // Names

    pub fn push_scope(&mut self) {
        self.scopes.push(self.hidden.len());
    }

    pub fn pop_scope(&mut self) {
        let start = self.scopes.pop().unwrap_or(0);
        for (name, previous) in self.hidden.drain(start..).rev() {
            match previous {
                Some(t) => self.scope.insert(name, t),
                None => self.scope.remove(name),
            };
        }
    }

    /// Declares local `name` in the innermost scope.
    pub fn declare(&mut self, name: &'a str, typed: Typed) {
        let previous = self.scope.insert(name, typed);
        self.hidden.push((name, previous));
    }

    pub fn local(&self, name: &str) -> Option<Typed> {
        if let Some(&t) = self.scope.get(name) {
            return Some(t);
        }
        self.arguments
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, t)| t)
    }

    // ---------------------------------------------------------------------------------------
    // Statements

    /// The statements of a `{ ... }` block (a scope of its own).
    pub fn block(&mut self, in_loop: bool) -> Result<Block> {
        self.expect("{")?;
        self.push_scope();
        let mut block = Block::new();
        while !self.eat("}") {
            self.statement(&mut block, in_loop)?;
        }
        self.pop_scope();
        Ok(block)
    }

    fn statement(&mut self, block: &mut Block, in_loop: bool) -> Result<()> {
        let start = self.start();
        let statement = match self.peek() {
            Tok::Sym("{") => {
                let inner = self.block(in_loop)?;
                Statement::Block(inner)
            }
            Tok::Sym(";") => {
                self.next()?;
                return Ok(());
            }
            Tok::Word("return") => {
                self.next()?;
                self.return_statement(block)?
            }
            Tok::Word("if") => {
                self.next()?;
                self.if_statement(block, in_loop)?
            }
            Tok::Word("loop") => {
                self.next()?;
                self.loop_statement()?
            }
            Tok::Word("break") if !matches!(self.peek_at(1), Tok::Word("if")) => {
                self.next()?;
                self.expect(";")?;
                Statement::Break
            }
            Tok::Word("continue") => {
                self.next()?;
                self.expect(";")?;
                Statement::Continue
            }
            Tok::Word("discard") => {
                self.next()?;
                self.expect(";")?;
                Statement::Kill
            }
            Tok::Word("switch") => {
                self.next()?;
                self.switch_statement(block, in_loop)?
            }
            Tok::Sym("_") if matches!(self.peek_at(1), Tok::Sym("=")) => {
                return self.phony_statement(block);
            }
            Tok::Word("var") => return self.var_statement(block, in_loop, start),
            Tok::Word("let") => return self.let_statement(block),
            Tok::Word(_) | Tok::Sym("*" | "(") => return self.updating_statement(block, start),
            _ => return Err(Unread),
        };
        block.push(statement, self.since(start));
        Ok(())
    }

    /// Runs `lower` with an emitter started for one statement, whose `Emit` goes into `block`
    /// once it is done (every statement of naga's lowerer starts one of its own).
    fn emitted<T>(
        &mut self,
        block: &mut Block,
        lower: impl FnOnce(&mut Self, &mut Site) -> Result<T>,
    ) -> Result<T> {
        let mut emitter = Emitter::default();
        emitter.start(&self.function.expressions);
        let value = lower(
            self,
            &mut Site {
                block,
                emitter: &mut emitter,
            },
        )?;
        block.extend(emitter.finish(&self.function.expressions));
        Ok(value)
    }

    fn return_statement(&mut self, block: &mut Block) -> Result<Statement> {
        let value = self.emitted(block, |this, site| {
            let value = if matches!(this.peek(), Tok::Sym(";")) {
                None
            } else {
                let value = this.expression_for_abstract(site)?;
                Some(match this.function.result.as_ref().map(|r| r.ty) {
                    Some(ty) => this.convert_to(site, value, ty)?,
                    None => value,
                })
            };
            this.expect(";")?;
            Ok(value)
        })?;
        Ok(Statement::Return { value })
    }

    /// An `if` (its `else if`s nested as naga's parser nests them: each an `If` alone in the
    /// `reject` block before it, spanning from its `else` to the end of the whole chain).
    fn if_statement(&mut self, block: &mut Block, in_loop: bool) -> Result<Statement> {
        let condition = self.condition(block)?;
        let accept = self.block(in_loop)?;
        // The `else if`s are lowered as they are read (naga lowers its tree in the same order)
        // and nested once the chain's end, which their spans reach, is known.
        let mut chain: Vec<(u32, Handle<Expression>, Block, Block)> = Vec::new();
        let mut reject = Block::new();
        let mut else_start = self.start();
        loop {
            if !self.eat_word("else") {
                break;
            }
            if !self.eat_word("if") {
                reject = self.block(in_loop)?;
                break;
            }
            // The condition's `Emit` goes where naga puts it: the nested `If`'s own block.
            let mut before = Block::new();
            let condition = self.condition(&mut before)?;
            let accept = self.block(in_loop)?;
            chain.push((else_start, condition, accept, before));
            else_start = self.start();
        }
        for (start, condition, accept, mut before) in chain.into_iter().rev() {
            before.push(
                Statement::If {
                    condition,
                    accept,
                    reject,
                },
                self.since(start),
            );
            reject = before;
        }
        Ok(Statement::If {
            condition,
            accept,
            reject,
        })
    }

    /// A condition: an expression in its own `Emit` range.
    fn condition(&mut self, block: &mut Block) -> Result<Handle<Expression>> {
        self.emitted(block, |this, site| this.expression(site))
    }

    /// `_ = e;`: the value computed and named `phony`.
    fn phony_statement(&mut self, block: &mut Block) -> Result<()> {
        self.next()?;
        self.next()?;
        let value = self.emitted(block, |this, site| {
            let value = this.expression(site)?;
            this.expect(";")?;
            Ok(value)
        })?;
        self.named.push((value, "phony".to_string()));
        Ok(())
    }

    /// `switch s { case a, b: {..} default: {..} }`. naga lowers the selector and every case
    /// value first, then the bodies: the values are read ahead, then the bodies in order.
    fn switch_statement(&mut self, block: &mut Block, in_loop: bool) -> Result<Statement> {
        let mut emitter = Emitter::default();
        emitter.start(&self.function.expressions);
        let mut site = Site {
            block,
            emitter: &mut emitter,
        };
        let selector = self.expression_for_abstract(&mut site)?;
        self.expect("{")?;
        // The case list: each case's values (`None` for `default`) and where its body starts.
        let mut values = Vec::new();
        let mut cases: Vec<(Vec<Option<Handle<Expression>>>, usize)> = Vec::new();
        values.push(selector);
        loop {
            if self.eat("}") {
                break;
            }
            let mut case_values = Vec::new();
            if self.eat_word("default") {
                case_values.push(None);
            } else if self.eat_word("case") {
                loop {
                    if self.eat_word("default") {
                        case_values.push(None);
                    } else {
                        let value = self.expression_for_abstract(&mut site)?;
                        values.push(value);
                        case_values.push(Some(value));
                    }
                    if !self.eat(",") || matches!(self.peek(), Tok::Sym(":" | "{")) {
                        break;
                    }
                }
            } else {
                return Err(Unread);
            }
            self.eat(":");
            cases.push((case_values, self.pos));
            self.skip_block()?;
        }
        let end = (self.pos, self.last_end);
        // The consensus scalar of selector and values: `i32` when all are abstract.
        let mut consensus = None;
        for &value in &values {
            let scalar = match *self.inner(value)?.0 {
                TypeInner::Scalar(
                    s @ (naga::Scalar::I32 | naga::Scalar::U32 | naga::Scalar::ABSTRACT_INT),
                ) => s,
                _ => return Err(Unread),
            };
            consensus = match consensus {
                None => Some(scalar),
                Some(c) if c == scalar || scalar == naga::Scalar::ABSTRACT_INT => Some(c),
                Some(naga::Scalar::ABSTRACT_INT) => Some(scalar),
                Some(_) => return Err(Unread),
            };
        }
        let consensus = match consensus.ok_or(Unread)? {
            naga::Scalar::ABSTRACT_INT => naga::Scalar::I32,
            c => c,
        };
        let mut converted = Vec::with_capacity(values.len());
        for value in values {
            let same = self.inner(value)?.0.scalar() == Some(consensus);
            converted.push(if same {
                value
            } else {
                let span = self.function.expressions.get_span(value);
                let cast = Expression::As {
                    expr: value,
                    kind: consensus.kind,
                    convert: Some(consensus.width),
                };
                self.append(&mut site, cast, span)?
            });
        }
        block.extend(emitter.finish(&self.function.expressions));
        let selector = converted[0];
        let mut next_value = converted[1..].iter();
        let mut lowered = Vec::new();
        for (case_values, body_at) in cases {
            let count = case_values.len();
            for (k, value) in case_values.into_iter().enumerate() {
                let value = match value {
                    None => naga::SwitchValue::Default,
                    Some(_) => {
                        let &h = next_value.next().ok_or(Unread)?;
                        match self.function.expressions[h] {
                            Expression::Literal(naga::Literal::I32(v)) => naga::SwitchValue::I32(v),
                            Expression::Literal(naga::Literal::U32(v)) => naga::SwitchValue::U32(v),
                            _ => return Err(Unread),
                        }
                    }
                };
                let last = k + 1 == count;
                let body = if last {
                    self.pos = body_at;
                    self.last_end = self.toks.get(body_at.wrapping_sub(1)).map_or(0, |t| t.end);
                    self.block(in_loop)?
                } else {
                    Block::new()
                };
                lowered.push(naga::SwitchCase {
                    value,
                    body,
                    fall_through: !last,
                });
            }
        }
        self.pos = end.0;
        self.last_end = end.1;
        Ok(Statement::Switch {
            selector,
            cases: lowered,
        })
    }

    /// Steps over a `{ ... }` block without lowering it.
    fn skip_block(&mut self) -> Result<()> {
        self.expect("{")?;
        let mut depth = 1usize;
        while depth > 0 {
            match self.next()?.tok {
                Tok::Sym("{") => depth += 1,
                Tok::Sym("}") => depth -= 1,
                _ => {}
            }
        }
        Ok(())
    }

    /// `loop { ... continuing { ... break if c; } }`: the body and `continuing` share a scope.
    fn loop_statement(&mut self) -> Result<Statement> {
        self.expect("{")?;
        self.push_scope();
        let mut body = Block::new();
        let mut continuing = Block::new();
        let mut break_if = None;
        loop {
            if self.eat_word("continuing") {
                self.expect("{")?;
                loop {
                    if self.eat_word("break") {
                        if !self.eat_word("if") {
                            return Err(Unread);
                        }
                        break_if = Some(self.condition(&mut continuing)?);
                        self.expect(";")?;
                        self.expect("}")?;
                        break;
                    } else if self.eat("}") {
                        break;
                    }
                    self.statement(&mut continuing, true)?;
                }
                self.expect("}")?;
                break;
            }
            if self.eat("}") {
                break;
            }
            self.statement(&mut body, true)?;
        }
        self.pop_scope();
        Ok(Statement::Loop {
            body,
            continuing,
            break_if,
        })
    }

    /// The type written after a name (`name: T`), when there is one.
    fn declared_type(&mut self, site: Option<&mut Site>) -> Result<Option<Handle<naga::Type>>> {
        if self.eat(":") {
            Ok(Some(self.type_specifier(site)?))
        } else {
            Ok(None)
        }
    }

    /// `var name: T = init;` as naga lowers it: a constant initialiser outside loops becomes
    /// the variable's `init`, any other a `Store` after it.
    fn var_statement(&mut self, block: &mut Block, in_loop: bool, start: u32) -> Result<()> {
        self.next()?;
        let (name, _) = self.word()?;
        let mut emitter = Emitter::default();
        emitter.start(&self.function.expressions);
        let mut site = Site {
            block,
            emitter: &mut emitter,
        };
        let explicit = self.declared_type(Some(&mut site))?;
        let init = if self.eat("=") {
            Some(self.expression_for_abstract(&mut site)?)
        } else {
            None
        };
        let (ty, init) = self.type_and_init(&mut site, init, explicit)?;
        let span = self.since(start);
        self.expect(";")?;
        let (const_init, init) = match init {
            Some(init) if !in_loop && self.tracker.is_const_or_override(init) => (Some(init), None),
            init => (None, init),
        };
        let var = self.function.local_variables.append(
            naga::LocalVariable {
                name: Some(name.to_string()),
                ty,
                init: const_init,
            },
            span,
        );
        let handle = self.interrupt(&mut site, Expression::LocalVariable(var), Span::UNDEFINED)?;
        let init = match init {
            None if in_loop => Some(self.append(&mut site, Expression::ZeroValue(ty), span)?),
            init => init,
        };
        block.extend(emitter.finish(&self.function.expressions));
        self.declare(name, Typed::Reference(handle));
        if let Some(value) = init {
            block.push(
                Statement::Store {
                    pointer: handle,
                    value,
                },
                span,
            );
        }
        Ok(())
    }

    /// `let name: T = init;`: the initialiser named, never constant.
    fn let_statement(&mut self, block: &mut Block) -> Result<()> {
        self.next()?;
        let (name, _) = self.word()?;
        let init = self.emitted(block, |this, site| {
            let explicit = this.declared_type(Some(site))?;
            this.expect("=")?;
            let init = this.expression_for_abstract(site)?;
            let (ty, init) = this.type_and_init(site, Some(init), explicit)?;
            let init = init.ok_or(Unread)?;
            if this.module.types[ty]
                .inner
                .is_dynamically_sized(&this.module.types)
            {
                return Err(Unread);
            }
            this.expect(";")?;
            this.tracker.force_non_const(init);
            Ok(init)
        })?;
        self.declare(name, Typed::Plain(init));
        self.named.push((init, name.to_string()));
        Ok(())
    }

    /// naga's `type_and_init` with `AbstractRule::Concretize`, for an initialiser already
    /// lowered (without the Load Rule's concretisation).
    fn type_and_init(
        &mut self,
        site: &mut Site,
        init: Option<Handle<Expression>>,
        explicit: Option<Handle<naga::Type>>,
    ) -> Result<(Handle<naga::Type>, Option<Handle<Expression>>)> {
        match (init, explicit) {
            (Some(init), Some(ty)) => {
                let init = self.convert_to(site, init, ty)?;
                let init_ty = self.register_type(init)?;
                if !self.module.compare_types(
                    &naga::proc::TypeResolution::Handle(ty),
                    &naga::proc::TypeResolution::Handle(init_ty),
                ) {
                    return Err(Unread);
                }
                Ok((ty, Some(init)))
            }
            (Some(init), None) => {
                let init = self.concretize(site, init)?;
                Ok((self.register_type(init)?, Some(init)))
            }
            (None, Some(ty)) => Ok((ty, None)),
            (None, None) => Err(Unread),
        }
    }

    /// A call statement (`f(a);`) or an assignment (`p = v;`, `p op= v;`).
    fn updating_statement(&mut self, block: &mut Block, start: u32) -> Result<()> {
        let mut emitter = Emitter::default();
        emitter.start(&self.function.expressions);
        let mut site = Site {
            block,
            emitter: &mut emitter,
        };
        if let (Tok::Word(name), Tok::Sym("(")) = (self.peek(), self.peek_at(1)) {
            let (_, name_span) = self.word()?;
            self.call(&mut site, name, name_span, start, true)?;
            self.expect(";")?;
            block.extend(emitter.finish(&self.function.expressions));
            return Ok(());
        }
        let target = match self.lhs_expression(&mut site)? {
            Typed::Reference(handle) => handle,
            Typed::Plain(_) => return Err(Unread),
        };
        let op = match self.next()?.tok {
            Tok::Sym("=") => None,
            Tok::Sym(s) => Some(compound_operator(s).ok_or(Unread)?),
            _ => return Err(Unread),
        };
        let target_scalar = match op {
            Some(naga::BinaryOperator::ShiftLeft | naga::BinaryOperator::ShiftRight) => {
                Some(naga::Scalar::U32)
            }
            _ => {
                let (inner, types) = self.inner(target)?;
                inner.pointer_automatically_convertible_scalar(types)
            }
        };
        let left = match op {
            Some(op) => Some((op, self.load(&mut site, Typed::Reference(target))?)),
            None => None,
        };
        let value = self.expression_for_abstract(&mut site)?;
        let value = match target_scalar {
            Some(scalar) => self.convert_leaf(&mut site, value, scalar)?,
            None => value,
        };
        let span = self.since(start);
        let value = match left {
            Some((op, mut left)) => {
                let mut right = value;
                self.binary_op_splat(&mut site, op, &mut left, &mut right)?;
                self.append(&mut site, Expression::Binary { op, left, right }, span)?
            }
            None => value,
        };
        self.expect(";")?;
        block.extend(emitter.finish(&self.function.expressions));
        block.push(
            Statement::Store {
                pointer: target,
                value,
            },
            span,
        );
        Ok(())
    }
}

/// The operator of a compound assignment (`+=` and the like).
fn compound_operator(sym: &str) -> Option<naga::BinaryOperator> {
    use naga::BinaryOperator as Bo;
    Some(match sym {
        "+=" => Bo::Add,
        "-=" => Bo::Subtract,
        "*=" => Bo::Multiply,
        "/=" => Bo::Divide,
        "%=" => Bo::Modulo,
        "&=" => Bo::And,
        "|=" => Bo::InclusiveOr,
        "^=" => Bo::ExclusiveOr,
        "<<=" => Bo::ShiftLeft,
        ">>=" => Bo::ShiftRight,
        _ => return None,
    })
}

/// The leaf scalar of a value of type `inner` that automatic conversions may change (naga's
/// private `automatically_convertible_scalar`).
pub(super) fn convertible_scalar(
    inner: &TypeInner,
    types: &naga::UniqueArena<naga::Type>,
) -> Option<naga::Scalar> {
    match *inner {
        TypeInner::Scalar(scalar)
        | TypeInner::Vector { scalar, .. }
        | TypeInner::Matrix { scalar, .. } => Some(scalar),
        TypeInner::Array { base, .. } => convertible_scalar(&types[base].inner, types),
        _ => None,
    }
}

/// The value of constant `handle` as a `u32` (naga's `get_const_val_from`), `None` when it is
/// no constant, not an integer or negative.
pub(super) fn const_u32(
    module: &Module,
    expressions: &naga::Arena<Expression>,
    tracker: &ExpressionKindTracker,
    handle: Handle<Expression>,
) -> Option<u32> {
    if !tracker.is_const(handle) {
        return None;
    }
    let (arena, handle) = match expressions[handle] {
        Expression::Constant(c) => (&module.global_expressions, module.constants[c].init),
        _ => (expressions, handle),
    };
    let literal = match arena[handle] {
        Expression::Literal(literal) => literal,
        Expression::ZeroValue(ty) => match module.types[ty].inner {
            TypeInner::Scalar(scalar) => naga::Literal::zero(scalar)?,
            _ => return None,
        },
        _ => return None,
    };
    match literal {
        naga::Literal::U32(v) => Some(v),
        naga::Literal::I32(v) => u32::try_from(v).ok(),
        naga::Literal::U16(v) => Some(u32::from(v)),
        naga::Literal::I16(v) => u32::try_from(v).ok(),
        _ => None,
    }
}
