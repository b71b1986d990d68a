//! The fast path against naga alone, for the tests (`tests/fast_wgsl.rs`): the same text
//! lowered both ways and the modules compared function by function, expression by expression
//! (type handles written out, as the two may number types differently), span by span, and as
//! naga's WGSL writer prints them.

use naga::{Handle, Module};

use super::{Global, Names, Plan, Slot, lexer, lower_body, scan};

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
        report.fallback = Some(format!("a body did not lower: {}", plan.failing()));
        return report;
    }
    report.difference = compare(&reference, &fast);
    report
}

impl Plan<'_> {
    /// The name of the first body that does not lower into a fresh parse of the blanked text.
    fn failing(&self) -> String {
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
                return format!(
                    "{} at byte {}",
                    body.name,
                    super::LAST_POSITION.with(|p| p.get())
                );
            }
            match slot {
                Slot::Function(h) => module.functions[h] = built.unwrap_or(stub),
                Slot::EntryPoint(i) => module.entry_points[i].function = built.unwrap_or(stub),
            }
        }
        String::new()
    }
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
