//! Disassembly listings with canonical names, and a unified diff of two of them.
//!
//! Ids are renamed so that a diff shows real changes rather than id churn: ids named by `OpName`
//! keep that name, types and scalar constants get `spirv-dis --friendly-names` style names
//! (`%float`, `%v3float`, `%_ptr_Function_float`, `%float_0_5`), and every other id becomes
//! `%N`, numbered by first appearance. In a diff both listings share one naming: ids present in
//! the first module are numbered by their appearance there, new ids of the second continue the
//! count. The optimiser preserves the ids of what it does not touch, so unchanged lines stay
//! identical.

use crate::error::Error;
use crate::module;
use rspirv::binary::Disassemble;
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::grammar;
use rspirv::spirv::{Op, Word};
use similar::{Algorithm, TextDiff};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::time::Duration;

/// Width of the right-aligned result-id column, as in `spirv-dis`.
const RESULT_COLUMN: usize = 12;

/// How to render a diff.
#[derive(Clone, Debug)]
pub struct DiffOptions {
    /// Unchanged lines shown around each change.
    pub context_lines: usize,
    /// File names shown in the `---`/`+++` header.
    pub labels: (String, String),
}

impl Default for DiffOptions {
    fn default() -> Self {
        DiffOptions {
            context_lines: 3,
            labels: ("before".to_owned(), "after".to_owned()),
        }
    }
}

/// Disassembles a module with canonical names, one instruction per line.
///
/// # Errors
/// When the module cannot be parsed.
pub fn listing(words: &[u32]) -> Result<String, Error> {
    let module = module::parse(words)?;
    let mut namer = Namer::default();
    namer.name_module(&module);
    Ok(render(&module, &namer))
}

/// Unified diff (with `@@` hunks) of the canonical listings of two modules; empty when they
/// list the same.
///
/// # Errors
/// When either module cannot be parsed.
pub fn diff_listing(before: &[u32], after: &[u32], options: &DiffOptions) -> Result<String, Error> {
    let (old, new) = shared_listings(before, after)?;
    let diff = line_diff(&old, &new);
    let text = diff
        .unified_diff()
        .context_radius(options.context_lines)
        .header(&options.labels.0, &options.labels.1)
        .to_string();
    Ok(text)
}

/// How one row of an [`aligned_listing`] changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowChange {
    /// The same line in both.
    Same,
    /// Only in the first module: the optimiser removed it.
    Removed,
    /// Only in the second: the optimiser created it.
    Added,
    /// A line of the first replaced by one of the second, side by side.
    Replaced,
}

/// One row of two listings side by side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlignedRow {
    pub before: Option<String>,
    pub after: Option<String>,
    pub change: RowChange,
}

/// The canonical listings of two modules (one naming, as in [`diff_listing`]) aligned row by
/// row along their diff: unchanged lines face each other, removed lines face a gap, created
/// lines face a gap, and a run of removed lines replaced by created ones is paired up in order.
///
/// # Errors
/// When either module cannot be parsed.
pub fn aligned_listing(before: &[u32], after: &[u32]) -> Result<Vec<AlignedRow>, Error> {
    let (old, new) = shared_listings(before, after)?;
    let diff = line_diff(&old, &new);
    let (old_lines, new_lines): (Vec<&str>, Vec<&str>) =
        (old.lines().collect(), new.lines().collect());
    let line = |lines: &[&str], i: usize| lines.get(i).map(|l| (*l).to_owned());
    let mut rows = Vec::new();
    for op in diff.ops() {
        let (old_range, new_range) = (op.old_range(), op.new_range());
        let change = match op.tag() {
            similar::DiffTag::Equal => RowChange::Same,
            similar::DiffTag::Delete => RowChange::Removed,
            similar::DiffTag::Insert => RowChange::Added,
            similar::DiffTag::Replace => RowChange::Replaced,
        };
        for k in 0..old_range.len().max(new_range.len()) {
            let before = (k < old_range.len())
                .then(|| line(&old_lines, old_range.start + k))
                .flatten();
            let after = (k < new_range.len())
                .then(|| line(&new_lines, new_range.start + k))
                .flatten();
            // The longer side of a replacement runs past the shorter one's end.
            let change = match (change, &before, &after) {
                (RowChange::Replaced, None, _) => RowChange::Added,
                (RowChange::Replaced, _, None) => RowChange::Removed,
                (c, _, _) => c,
            };
            rows.push(AlignedRow {
                before,
                after,
                change,
            });
        }
    }
    Ok(rows)
}

/// Both modules listed with one naming, so unchanged instructions list the same.
fn shared_listings(before: &[u32], after: &[u32]) -> Result<(String, String), Error> {
    let before = module::parse(before)?;
    let after = module::parse(after)?;
    let mut namer = Namer::default();
    namer.name_module(&before);
    namer.name_module(&after);
    Ok((render(&before, &namer), render(&after, &namer)))
}

fn line_diff<'a>(old: &'a str, new: &'a str) -> TextDiff<'a, 'a, str> {
    TextDiff::configure()
        .algorithm(Algorithm::Patience)
        // Huge, unrelated modules would make the diff slow; past this it approximates.
        .timeout(Duration::from_secs(2))
        .diff_lines(old, new)
}

/// Canonical names for ids.
#[derive(Default)]
struct Namer {
    names: HashMap<Word, String>,
    taken: HashSet<String>,
    next_number: u32,
}

impl Namer {
    /// Names every id of `module` that has no name yet: first `OpName`s, then friendly type and
    /// constant names, then numbers in listing order.
    fn name_module(&mut self, module: &Module) {
        for inst in &module.debug_names {
            if let (Op::Name, [Operand::IdRef(id), Operand::LiteralString(name)]) =
                (inst.class.opcode, &inst.operands[..])
                && !self.names.contains_key(id)
            {
                let base = sanitize(name);
                self.assign(*id, &base);
            }
        }
        let kinds = numeric_kinds(module);
        for inst in &module.types_global_values {
            let Some(id) = inst.result_id else { continue };
            if self.names.contains_key(&id) {
                continue;
            }
            if let Some(base) = self.friendly(&kinds, inst) {
                self.assign(id, &base);
            }
        }
        for inst in module.all_inst_iter() {
            let ids = inst
                .result_id
                .into_iter()
                .chain(inst.result_type)
                .chain(inst.operands.iter().filter_map(Operand::id_ref_any));
            for id in ids {
                if !self.names.contains_key(&id) {
                    self.next_number += 1;
                    let name = self.next_number.to_string();
                    self.taken.insert(name.clone());
                    self.names.insert(id, name);
                }
            }
        }
    }

    fn assign(&mut self, id: Word, base: &str) {
        let mut name = base.to_owned();
        let mut suffix = 0;
        while self.taken.contains(&name) {
            name = format!("{base}_{suffix}");
            suffix += 1;
        }
        self.taken.insert(name.clone());
        self.names.insert(id, name);
    }

    fn name(&self, id: Word) -> String {
        match self.names.get(&id) {
            Some(name) => format!("%{name}"),
            None => format!("%{id}"),
        }
    }

    /// A `spirv-dis --friendly-names` style name for a type or scalar constant.
    fn friendly(&self, kinds: &Kinds, inst: &Instruction) -> Option<String> {
        let named = |id: &Word| self.names.get(id).cloned();
        let ops = &inst.operands;
        Some(match (inst.class.opcode, &ops[..]) {
            (Op::TypeVoid, _) => "void".to_owned(),
            (Op::TypeBool, _) => "bool".to_owned(),
            (Op::TypeInt, [Operand::LiteralBit32(width), Operand::LiteralBit32(signed)]) => {
                let base = if *signed == 0 { "uint" } else { "int" };
                if *width == 32 {
                    base.to_owned()
                } else {
                    format!("{base}{width}")
                }
            }
            (Op::TypeFloat, [Operand::LiteralBit32(width), ..]) => match width {
                16 => "half".to_owned(),
                32 => "float".to_owned(),
                64 => "double".to_owned(),
                w => format!("float{w}"),
            },
            (Op::TypeVector, [Operand::IdRef(c), Operand::LiteralBit32(n)]) => {
                format!("v{n}{}", named(c)?)
            }
            (Op::TypeMatrix, [Operand::IdRef(c), Operand::LiteralBit32(n)]) => {
                format!("mat{n}{}", named(c)?)
            }
            (Op::TypePointer, [Operand::StorageClass(class), Operand::IdRef(t)]) => {
                format!("_ptr_{class:?}_{}", named(t)?)
            }
            (Op::TypeArray, [Operand::IdRef(t), Operand::IdRef(len)]) => {
                format!("_arr_{}_{}", named(t)?, named(len)?)
            }
            (Op::TypeRuntimeArray, [Operand::IdRef(t)]) => format!("_runtimearr_{}", named(t)?),
            (Op::TypeStruct, _) => "_struct".to_owned(),
            (Op::TypeSampler, _) => "type_sampler".to_owned(),
            (Op::TypeImage, _) => "type_image".to_owned(),
            (Op::TypeSampledImage, [Operand::IdRef(t)]) => format!("type_sampled_{}", named(t)?),
            (Op::ConstantTrue, _) => "true".to_owned(),
            (Op::ConstantFalse, _) => "false".to_owned(),
            (Op::Constant, [value]) => {
                let ty = inst.result_type?;
                let literal = literal_text(kinds, ty, value);
                format!("{}_{}", named(&ty)?, sanitize_number(&literal))
            }
            _ => return None,
        })
    }
}

/// Keeps `[A-Za-z0-9_]`, replacing everything else by `_`, and avoids names that could be taken
/// for numbered ids.
fn sanitize(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.chars().all(|c| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// `-1.5` → `n1_5`, as `spirv-dis` names constants.
fn sanitize_number(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '-' => 'n',
            c if c.is_ascii_alphanumeric() => c,
            _ => '_',
        })
        .collect()
}

/// Numeric types of a module: id → (opcode, width, signed).
type Kinds = HashMap<Word, (Op, u32, bool)>;

fn numeric_kinds(module: &Module) -> Kinds {
    module
        .types_global_values
        .iter()
        .filter_map(|inst| {
            let id = inst.result_id?;
            match (inst.class.opcode, &inst.operands[..]) {
                (Op::TypeFloat, [Operand::LiteralBit32(w), ..]) => {
                    Some((id, (Op::TypeFloat, *w, true)))
                }
                (Op::TypeInt, [Operand::LiteralBit32(w), Operand::LiteralBit32(s)]) => {
                    Some((id, (Op::TypeInt, *w, *s != 0)))
                }
                _ => None,
            }
        })
        .collect()
}

/// Renders a numeric literal the way `spirv-dis` does, as far as is useful for reading diffs.
fn literal_text(kinds: &Kinds, ty: Word, value: &Operand) -> String {
    let kind = kinds.get(&ty).copied();
    match (kind, value) {
        (Some((Op::TypeFloat, 32, _)), Operand::LiteralBit32(bits)) => {
            let v = f32::from_bits(*bits);
            if v.is_finite() {
                format!("{v}")
            } else {
                format!("{bits:#010x}")
            }
        }
        (Some((Op::TypeFloat, 64, _)), Operand::LiteralBit64(bits)) => {
            let v = f64::from_bits(*bits);
            if v.is_finite() {
                format!("{v}")
            } else {
                format!("{bits:#018x}")
            }
        }
        (Some((Op::TypeInt, 32, true)), Operand::LiteralBit32(bits)) => (*bits as i32).to_string(),
        (Some((Op::TypeInt, 64, true)), Operand::LiteralBit64(bits)) => (*bits as i64).to_string(),
        (_, Operand::LiteralBit32(bits)) => bits.to_string(),
        (_, Operand::LiteralBit64(bits)) => bits.to_string(),
        (_, other) => other.disassemble(),
    }
}

/// Name of instruction `number` of the extended set imported as `set`.
fn ext_inst_name(sets: &HashMap<Word, String>, set: Word, number: u32) -> String {
    let table = match sets.get(&set).map(String::as_str) {
        Some("GLSL.std.450") => Some(&grammar::GLSL_STD_450_INSTRUCTION_TABLE),
        Some("NonSemantic.DebugPrintf") => {
            Some(&grammar::NONSEMANTIC_DEBUGPRINTF_INSTRUCTION_TABLE)
        }
        Some("NonSemantic.Shader.DebugInfo.100") => {
            Some(&grammar::NONSEMANTIC_SHADER_DEBUGINFO_100_INSTRUCTION_TABLE)
        }
        _ => None,
    };
    table
        .and_then(|t| t.lookup_opcode(number))
        .map_or_else(|| number.to_string(), |i| i.opname.to_owned())
}

fn render(module: &Module, namer: &Namer) -> String {
    let sets: HashMap<Word, String> = module
        .ext_inst_imports
        .iter()
        .filter_map(|i| match (i.result_id, i.operands.first()) {
            (Some(id), Some(Operand::LiteralString(name))) => Some((id, name.clone())),
            _ => None,
        })
        .collect();
    let kinds = numeric_kinds(module);
    let mut out = String::new();
    if let Some(header) = &module.header {
        let (major, minor) = header.version();
        let (tool, version) = header.generator();
        // The bound is left out: it changes with every new id and says nothing about the code.
        let _ = writeln!(
            out,
            "; SPIR-V\n; Version: {major}.{minor}\n; Generator: {tool}; {version}"
        );
    }
    for inst in module.all_inst_iter() {
        render_instruction(&mut out, &kinds, namer, &sets, inst);
        out.push('\n');
    }
    out
}

fn render_instruction(
    out: &mut String,
    kinds: &Kinds,
    namer: &Namer,
    sets: &HashMap<Word, String>,
    inst: &Instruction,
) {
    match inst.result_id {
        Some(id) => {
            let _ = write!(out, "{:>RESULT_COLUMN$} = ", namer.name(id));
        }
        None => out.push_str(&" ".repeat(RESULT_COLUMN + 3)),
    }
    let _ = write!(out, "Op{}", inst.class.opname);
    if let Some(ty) = inst.result_type {
        let _ = write!(out, " {}", namer.name(ty));
    }
    let op = inst.class.opcode;
    let mut ext_set = None;
    for (index, operand) in inst.operands.iter().enumerate() {
        out.push(' ');
        match operand {
            Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id) => {
                if op == Op::ExtInst && index == 0 {
                    ext_set = Some(*id);
                }
                out.push_str(&namer.name(*id));
            }
            Operand::LiteralString(s) => {
                let _ = write!(out, "\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
            }
            Operand::LiteralExtInstInteger(number) => match ext_set {
                Some(set) => out.push_str(&ext_inst_name(sets, set, *number)),
                None => out.push_str(&number.to_string()),
            },
            Operand::LiteralBit32(_) | Operand::LiteralBit64(_)
                if matches!(op, Op::Constant | Op::SpecConstant) =>
            {
                let ty = inst.result_type.unwrap_or(0);
                out.push_str(&literal_text(kinds, ty, operand));
            }
            Operand::LiteralSpecConstantOpInteger(opcode) => {
                let _ = write!(out, "{opcode:?}");
            }
            other => out.push_str(&other.disassemble()),
        }
    }
}
