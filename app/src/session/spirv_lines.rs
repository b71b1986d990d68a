//! Source mapping for the SPIR-V view, Compiler Explorer style: a pass stage compiled with debug
//! line information (`engine::spirv::compile_entry_with_lines`), and each instruction of its
//! functions paired with the line of the WGSL naga compiled (`ValidatedEffect::wgsl`) that the
//! last `OpLine` before it names. An `OpNoLine` or the end of a block ends a line's scope, as the
//! SPIR-V specification says.

use analysis::ValidatedEffect;
use engine::spirv::PassStage;
use rspirv::binary::Disassemble as _;

use crate::session::spirv::StageError;

/// One instruction of a function body and the source line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MappedInstruction {
    /// The instruction as `spirv-dis` would print it (without `OpLine`s).
    pub text: String,
    /// 1-based line in the effect's WGSL; `None` for instructions naga emitted without one.
    pub line: Option<u32>,
}

/// Every function instruction of one pass stage, in module order, with its source line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceMapping {
    pub instructions: Vec<MappedInstruction>,
}

impl SourceMapping {
    /// Compiles `stage` of `effect` with line information and maps it.
    pub fn build(effect: &ValidatedEffect, stage: &PassStage) -> Result<Self, StageError> {
        let words = engine::spirv::compile_entry_with_lines(effect, stage.entry)?;
        Self::of_words(&words)
    }

    /// Maps a module's function instructions to the lines its `OpLine`s give.
    pub fn of_words(words: &[u32]) -> Result<Self, StageError> {
        let module = rspirv::dr::load_words(words).map_err(StageError::Read)?;
        let mut instructions = Vec::new();
        for function in &module.functions {
            for block in &function.blocks {
                let mut line = None;
                if let Some(label) = &block.label {
                    instructions.push(MappedInstruction {
                        text: label.disassemble(),
                        line: None,
                    });
                }
                for inst in &block.instructions {
                    match inst.class.opcode {
                        rspirv::spirv::Op::Line => {
                            line = match inst.operands.get(1) {
                                Some(rspirv::dr::Operand::LiteralBit32(l)) => Some(*l),
                                _ => None,
                            };
                        }
                        rspirv::spirv::Op::NoLine => line = None,
                        _ => instructions.push(MappedInstruction {
                            text: inst.disassemble(),
                            line,
                        }),
                    }
                }
            }
        }
        Ok(Self { instructions })
    }

    /// The instructions that came from `line`.
    pub fn at_line(&self, line: u32) -> impl Iterator<Item = &MappedInstruction> {
        self.instructions
            .iter()
            .filter(move |i| i.line == Some(line))
    }

    /// Every source line some instruction came from, ascending.
    pub fn lines(&self) -> Vec<u32> {
        let mut lines: Vec<u32> = self.instructions.iter().filter_map(|i| i.line).collect();
        lines.sort_unstable();
        lines.dedup();
        lines
    }
}
