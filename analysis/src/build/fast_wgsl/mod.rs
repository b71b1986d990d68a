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
mod expr;
mod function;
mod lexer;
mod scan;

use rustc_hash::FxHashMap as HashMap;

use naga::{Handle, Module};

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
        let extra = |name: &str| {
            self.bodies
                .iter()
                .find(|b| b.name == name)
                .map(|b| b.dependencies.as_slice())
        };
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

/// What the fast path made of a text, against naga alone (for `tests/fast_wgsl.rs`).
#[derive(Debug, Default)]
pub struct Differential {
    /// Top-level functions in the text.
    pub functions: usize,
    /// Bodies the fast path took.
    pub taken: usize,
    /// Why the fast path gave the text back to naga, when it did.
    pub fallback: Option<String>,
    /// The first difference from naga's module, when there is one.
    pub difference: Option<String>,
    /// For each body not taken, the first token the fast path does not read (with the
    /// token after it).
    pub declined: Vec<String>,
}

/// Lowers `text` with naga alone and with the fast path, and compares the modules: each
/// function and entry point as naga's WGSL writer prints it (or its debug form when the module
/// does not validate as it stands), and every expression's and local's span.
pub fn differential(text: &str) -> Differential {
    let mut report = Differential {
        functions: lexer::tokenize(text)
            .iter()
            .filter(|t| t.tok == lexer::Tok::Word("fn"))
            .count(),
        ..Default::default()
    };
    let tokens = lexer::tokenize(text);
    report.declined = scan::declined(&tokens)
        .iter()
        .map(|t| {
            let end = (t.end as usize + 12).min(text.len());
            text.get(t.start as usize..end)
                .unwrap_or("")
                .replace('\n', " ")
        })
        .collect();
    let Ok(reference) = naga::front::wgsl::parse_str(text) else {
        report.fallback = Some("naga rejects the text".into());
        return report;
    };
    let Some(plan) = Plan::of(text) else {
        return report;
    };
    report.taken = plan.len();
    let mut fast = match plan.parse() {
        Ok(module) => module,
        Err(e) => {
            report.fallback = Some(format!("naga rejects the blanked text: {e}"));
            return report;
        }
    };
    if plan.build(&mut fast).is_err() {
        report.fallback = Some(format!("a body did not lower: {}", plan.failing(&fast)));
        return report;
    }
    report.difference = compare(&reference, &fast);
    report
}

impl Plan<'_> {
    /// The name of the first body that does not lower into a fresh parse of the blanked text.
    fn failing(&self, _built: &Module) -> String {
        let Ok(mut module) = self.parse() else {
            return String::new();
        };
        let names = Names::of(&module);
        let mut layouter = naga::proc::Layouter::default();
        for body in &self.bodies {
            let slot = match names.globals.get(body.name) {
                Some(&Global::Function(h)) => Slot::Function(h),
                _ => match module.entry_points.iter().position(|e| e.name == body.name) {
                    Some(i) => Slot::EntryPoint(i),
                    None => return body.name.to_string(),
                },
            };
            let stub = std::mem::take(match slot {
                Slot::Function(h) => &mut module.functions[h],
                Slot::EntryPoint(i) => &mut module.entry_points[i].function,
            });
            let tokens = &self.tokens[body.tokens.clone()];
            let built = lower_body(tokens, &stub, &mut module, &mut layouter, &names);
            if built.is_err() {
                return format!("{} at byte {}", body.name, LAST_POSITION.with(|p| p.get()));
            }
            match slot {
                Slot::Function(h) => module.functions[h] = built.unwrap_or(stub),
                Slot::EntryPoint(i) => module.entry_points[i].function = built.unwrap_or(stub),
            }
        }
        String::new()
    }
}

thread_local! {
    /// The byte offset the last body lowered had reached (for [`differential`]'s report).
    static LAST_POSITION: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The first difference between two modules' functions and entry points.
fn compare(reference: &Module, fast: &Module) -> Option<String> {
    let validate = |m: &Module| {
        naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        )
        .validate(m)
        .ok()
    };
    let texts = match (validate(reference), validate(fast)) {
        (Some(a), Some(b)) => {
            let flags = naga::back::wgsl::WriterFlags::empty();
            let a = naga::back::wgsl::write_string(reference, &a, flags).ok();
            let b = naga::back::wgsl::write_string(fast, &b, flags).ok();
            a.zip(b)
        }
        (None, None) => None,
        (a, _) => {
            return Some(format!(
                "naga's module {} but the fast path's does not",
                if a.is_some() {
                    "validates"
                } else {
                    "does not validate"
                }
            ));
        }
    };
    let functions = reference
        .functions
        .iter()
        .map(|(_, f)| f)
        .zip(fast.functions.iter().map(|(_, f)| f))
        .chain(
            reference
                .entry_points
                .iter()
                .map(|e| &e.function)
                .zip(fast.entry_points.iter().map(|e| &e.function)),
        );
    for (a, b) in functions {
        if texts.is_none() && format!("{:?}", a.body) != format!("{:?}", b.body) {
            return Some(format!("{:?}: bodies differ", a.name));
        }
        if a.expressions.len() != b.expressions.len() {
            let first = a
                .expressions
                .iter()
                .zip(b.expressions.iter())
                .position(|((_, x), (_, y))| normalized(x, reference) != normalized(y, fast))
                .unwrap_or(a.expressions.len().min(b.expressions.len()));
            let show = |f: &naga::Function| {
                f.expressions
                    .iter()
                    .skip(first.saturating_sub(2))
                    .take(6)
                    .map(|(h, e)| format!("{h:?} {e:?} @{:?}", f.expressions.get_span(h)))
                    .collect::<Vec<_>>()
                    .join("\n   ")
            };
            return Some(format!(
                "{:?}: {} expressions against naga's {}, from {first}:\n naga {}\n fast {}",
                a.name,
                b.expressions.len(),
                a.expressions.len(),
                show(a),
                show(b),
            ));
        }
        for ((h, x), (_, y)) in a.expressions.iter().zip(b.expressions.iter()) {
            if normalized(x, reference) != normalized(y, fast) {
                return Some(format!(
                    "{:?}: expression {h:?} is {y:?}, naga's {x:?}",
                    a.name
                ));
            }
            let (sa, sb) = (a.expressions.get_span(h), b.expressions.get_span(h));
            if sa != sb {
                return Some(format!(
                    "{:?}: expression {h:?} ({x:?}) spans {sb:?}, naga's {sa:?}",
                    a.name
                ));
            }
        }
        if format!("{:?}", a.body) != format!("{:?}", b.body) {
            return Some(format!(
                "{:?}: statements differ:\n{:?}\n{:?}",
                a.name, a.body, b.body
            ));
        }
        let spans = |f: &naga::Function| {
            let mut out = Vec::new();
            collect_spans(&f.body, &mut out);
            out
        };
        if spans(a) != spans(b) {
            return Some(format!(
                "{:?}: statement spans {:?}, naga's {:?}",
                a.name,
                spans(b),
                spans(a)
            ));
        }
        let locals = |f: &naga::Function, m: &Module| {
            f.local_variables
                .iter()
                .map(|(_, l)| format!("{:?} {} {:?}", l.name, type_key(l.ty, m), l.init))
                .collect::<Vec<_>>()
        };
        if locals(a, reference) != locals(b, fast)
            || format!("{:?}", a.named_expressions) != format!("{:?}", b.named_expressions)
        {
            return Some(format!(
                "{:?}: locals or names differ:\n{:?}\n{:?}\n{:?}\n{:?}",
                a.name,
                a.local_variables,
                b.local_variables,
                a.named_expressions,
                b.named_expressions
            ));
        }
    }
    if let Some((a, b)) = &texts
        && a != b
    {
        let line = a
            .lines()
            .zip(b.lines())
            .position(|(x, y)| x != y)
            .unwrap_or(0);
        let context = |t: &str| {
            t.lines()
                .skip(line.saturating_sub(3))
                .take(6)
                .collect::<Vec<_>>()
                .join("\n")
        };
        return Some(format!(
            "WGSL differs at line {line}:\n--- naga\n{}\n--- fast\n{}",
            context(a),
            context(b)
        ));
    }
    None
}

/// `e` as debug text, a type handle in it written as the type it stands for (the two modules
/// may number their types differently).
fn normalized(e: &naga::Expression, module: &Module) -> String {
    match *e {
        naga::Expression::Compose { ty, ref components } => {
            format!(
                "Compose {{ ty: {}, components: {components:?} }}",
                type_key(ty, module)
            )
        }
        naga::Expression::ZeroValue(ty) => format!("ZeroValue({})", type_key(ty, module)),
        naga::Expression::AtomicResult { ty, comparison } => {
            format!(
                "AtomicResult {{ ty: {}, comparison: {comparison} }}",
                type_key(ty, module)
            )
        }
        naga::Expression::WorkGroupUniformLoadResult { ty } => {
            format!("WorkGroupUniformLoadResult({})", type_key(ty, module))
        }
        naga::Expression::SubgroupOperationResult { ty } => {
            format!("SubgroupOperationResult({})", type_key(ty, module))
        }
        _ => format!("{e:?}"),
    }
}

/// A type written out whole, nested types included.
fn type_key(ty: Handle<naga::Type>, module: &Module) -> String {
    let t = &module.types[ty];
    match t.inner {
        naga::TypeInner::Array { base, size, stride } => {
            format!(
                "{:?} array<{}, {size:?}> stride {stride}",
                t.name,
                type_key(base, module)
            )
        }
        naga::TypeInner::Pointer { base, space } => {
            format!("ptr<{space:?}, {}>", type_key(base, module))
        }
        naga::TypeInner::Struct { ref members, span } => {
            let members: Vec<String> = members
                .iter()
                .map(|m| format!("{:?}: {} @{}", m.name, type_key(m.ty, module), m.offset))
                .collect();
            format!("{:?} struct {{ {} }} {span}", t.name, members.join(", "))
        }
        ref inner => format!("{:?} {inner:?}", t.name),
    }
}

fn collect_spans(block: &naga::Block, out: &mut Vec<naga::Span>) {
    for (statement, span) in block.span_iter() {
        out.push(*span);
        match statement {
            naga::Statement::Block(b) => collect_spans(b, out),
            naga::Statement::If { accept, reject, .. } => {
                collect_spans(accept, out);
                collect_spans(reject, out);
            }
            naga::Statement::Loop {
                body, continuing, ..
            } => {
                collect_spans(body, out);
                collect_spans(continuing, out);
            }
            naga::Statement::Switch { cases, .. } => {
                for case in cases {
                    collect_spans(&case.body, out);
                }
            }
            _ => {}
        }
    }
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
