//! fxbench's own reader of the WGSL lowering generates: function bodies straight to naga's IR,
//! without naga's syntax tree (issue #22's speed bar: naga's parse and lowering were 14 of the
//! 38 M instructions of `fxbench check` of the corpus's slowest effect).
//!
//! It is an accelerator, never a second meaning: for each body it reads, it must produce what
//! naga's WGSL front end produces from the same text, expression for expression, span for span
//! (`tests/fast_wgsl.rs` compares the two over the corpus and the conformance cases). So:
//!
//! - [`Plan::of`] finds the top-level functions whose bodies hold only what it reads (the
//!   scan's test is by token; a body using anything else stays naga's) and a copy of the text
//!   with those bodies blanked (`{` and `}` kept, everything between made spaces, so that every
//!   offset stays);
//! - naga parses the copy: declarations, signatures and the bodies left to it;
//! - [`Plan::build`] lowers each blanked body into its function (`function.rs`, `expr.rs`,
//!   `calls.rs`), the way naga's lowerer would have, with naga's own constant evaluator;
//! - anything unexpected (a name it cannot resolve, a form it does not lower) makes `build`
//!   fail, and the caller parses the original text with naga alone: the result is then
//!   exactly what it was before this path existed.

mod calls;
mod differential;
mod expr;
mod function;
mod lexer;
mod scan;

use rustc_hash::FxHashMap as HashMap;

use naga::{Handle, Module};

pub use differential::{Differential, differential};
use function::{FnLowerer, Typed};
use lexer::Token;

/// The fast path cannot read something; the caller leaves the text to naga.
#[derive(Debug)]
pub(crate) struct Unread;

/// A module-scope name as naga's lowerer resolves it (`LoweredGlobalDecl`).
#[derive(Clone, Copy)]
pub(super) enum Global {
    Var(Handle<naga::GlobalVariable>),
    Const(Handle<naga::Constant>),
    Function(Handle<naga::Function>),
    Type(Handle<naga::Type>),
}

/// The module-scope names of a parsed module.
pub(super) struct Names {
    pub globals: HashMap<String, Global>,
}

impl Names {
    fn of(module: &Module) -> Self {
        let mut globals = HashMap::default();
        let mut add = |name: &Option<String>, global| {
            if let Some(name) = name {
                globals.insert(name.clone(), global);
            }
        };
        for (h, ty) in module.types.iter() {
            if matches!(ty.inner, naga::TypeInner::Struct { .. }) {
                add(&ty.name, Global::Type(h));
            }
        }
        for (h, c) in module.constants.iter() {
            add(&c.name, Global::Const(h));
        }
        for (h, v) in module.global_variables.iter() {
            add(&v.name, Global::Var(h));
        }
        for (h, f) in module.functions.iter() {
            add(&f.name, Global::Function(h));
        }
        Self { globals }
    }
}

/// What the fast path takes of a module's text.
pub(crate) struct Plan<'a> {
    tokens: Vec<Token<'a>>,
    bodies: Vec<scan::Body<'a>>,
    /// The text with the bodies taken blanked: what naga parses.
    pub blanked: String,
}

impl<'a> Plan<'a> {
    /// The bodies of `text` the fast path reads, `None` when there are none.
    pub(crate) fn of(text: &'a str) -> Option<Self> {
        let tokens = lexer::tokenize(text);
        let bodies = scan::bodies(&tokens);
        if bodies.is_empty() {
            return None;
        }
        let mut blanked = text.as_bytes().to_vec();
        for body in &bodies {
            let open = tokens[body.tokens.start].end as usize;
            let close = tokens[body.tokens.end - 1].start as usize;
            for b in &mut blanked[open..close] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
        }
        // Only ASCII bytes inside bodies were replaced (a body with any other is not taken).
        let blanked = String::from_utf8(blanked).ok()?;
        Some(Self {
            tokens,
            bodies,
            blanked,
        })
    }

    /// naga's parse of [`Self::blanked`], each function depending on what its body used.
    pub(crate) fn parse(&self) -> Result<Module, naga::front::wgsl::ParseError> {
        // One lookup per function declaration: a map, not a search of the bodies.
        let by_name: HashMap<&str, &[&str]> = self
            .bodies
            .iter()
            .map(|b| (b.name, b.dependencies.as_slice()))
            .collect();
        let extra = |name: &str| by_name.get(name).copied();
        naga::front::wgsl::Frontend::new().parse_with_dependencies(&self.blanked, &extra)
    }

    /// How many function bodies the fast path takes.
    pub(crate) fn len(&self) -> usize {
        self.bodies.len()
    }

    /// Lowers every body taken into `module`, which naga parsed from [`Self::blanked`].
    pub(crate) fn build(&self, module: &mut Module) -> Result<(), Unread> {
        let names = Names::of(module);
        let mut layouter = naga::proc::Layouter::default();
        let entry_points: HashMap<String, usize> = module
            .entry_points
            .iter()
            .enumerate()
            .map(|(i, e)| (e.name.clone(), i))
            .collect();
        for body in &self.bodies {
            let stub = match names.globals.get(body.name) {
                Some(&Global::Function(h)) => Slot::Function(h),
                _ => Slot::EntryPoint(*entry_points.get(body.name).ok_or(Unread)?),
            };
            // The stub is taken out while its body is lowered (nothing calls itself in WGSL).
            let stub_fn = std::mem::take(match stub {
                Slot::Function(h) => &mut module.functions[h],
                Slot::EntryPoint(i) => &mut module.entry_points[i].function,
            });
            let built = lower_body(
                &self.tokens[body.tokens.clone()],
                &stub_fn,
                module,
                &mut layouter,
                &names,
            )?;
            match stub {
                Slot::Function(h) => module.functions[h] = built,
                Slot::EntryPoint(i) => module.entry_points[i].function = built,
            }
        }
        // What naga's lowerer does last: constant evaluation leaves unused expressions (the
        // literal `u32(2i)` folded) and types behind.
        naga::compact::compact(module, naga::compact::KeepUnused::Yes);
        Ok(())
    }
}

thread_local! {
    /// The byte offset the last body lowered had reached (for [`differential`]'s report).
    static LAST_POSITION: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

enum Slot {
    Function(Handle<naga::Function>),
    EntryPoint(usize),
}

/// The function `stub` (naga's, of the blanked text) with its body lowered from `tokens`.
fn lower_body(
    tokens: &[Token<'_>],
    stub: &naga::Function,
    module: &mut Module,
    layouter: &mut naga::proc::Layouter,
    names: &Names,
) -> Result<naga::Function, Unread> {
    let mut function = naga::Function {
        name: stub.name.clone(),
        arguments: stub.arguments.clone(),
        result: stub.result.clone(),
        local_variables: naga::Arena::new(),
        expressions: naga::Arena::new(),
        named_expressions: Default::default(),
        body: naga::Block::new(),
        diagnostic_filter_leaf: stub.diagnostic_filter_leaf,
    };
    let mut tracker = naga::proc::ExpressionKindTracker::new();
    let mut named = Vec::with_capacity(stub.arguments.len());
    let mut arguments = Vec::with_capacity(stub.arguments.len());
    // The arguments, as naga appends them first (its stub's arena holds them, with their spans).
    for ((i, arg), (stub_handle, _)) in stub
        .arguments
        .iter()
        .enumerate()
        .zip(stub.expressions.iter())
    {
        let span = stub.expressions.get_span(stub_handle);
        let handle = function
            .expressions
            .append(naga::Expression::FunctionArgument(i as u32), span);
        tracker.insert(handle, naga::proc::ExpressionKind::Runtime);
        let name = arg.name.clone().ok_or(Unread)?;
        arguments.push((name.clone(), Typed::Plain(handle)));
        named.push((handle, name));
    }
    if arguments.len() != stub.arguments.len() {
        return Err(Unread);
    }
    let mut lowerer = FnLowerer {
        toks: tokens,
        pos: 0,
        last_end: tokens.first().map_or(0, |t| t.start),
        module,
        layouter,
        names,
        function,
        tracker,
        typifier: naga::front::Typifier::new(),
        named,
        arguments,
        scope: Default::default(),
        hidden: Vec::new(),
        scopes: Vec::new(),
    };
    let mut body = match lowerer.block(false) {
        Ok(body) => body,
        Err(e) => {
            let at = tokens
                .get(lowerer.pos.min(tokens.len().saturating_sub(1)))
                .map_or(0, |t| t.start);
            LAST_POSITION.with(|p| p.set(at));
            return Err(e);
        }
    };
    if lowerer.pos != tokens.len() {
        return Err(Unread);
    }
    naga::proc::ensure_block_returns(&mut body);
    let mut function = lowerer.function;
    function.body = body;
    function.named_expressions = lowerer.named.into_iter().collect();
    Ok(function)
}

/// The module of `text` with every body the fast path takes lowered by it and the rest by
/// naga, before validation; `None` when it takes none or gives the text back (for the
/// benchmarks: `benches/fx_parse.rs`).
pub fn module(text: &str) -> Option<Module> {
    let plan = Plan::of(text)?;
    let mut module = plan.parse().ok()?;
    plan.build(&mut module).ok()?;
    Some(module)
}
