//! Techniques and their passes.

use super::{PResult, Parser, Reported, SyncLevel};
use crate::fx::ast::*;
use crate::fx::lexer::{Keyword, TokenKind};

impl Parser<'_> {
    pub(super) fn technique(&mut self) -> PResult<Technique> {
        let start = self.bump().range.start;
        let name = self.ident("a technique name")?;
        let annotations = if self.at("<") {
            self.annotations()?
        } else {
            Vec::new()
        };
        self.expect("{")?;
        let mut passes = Vec::new();
        while !self.at("}") && self.kind() != TokenKind::Eof {
            let before = self.pos;
            match self.pass() {
                Ok(p) => passes.push(p),
                Err(Reported) => {
                    self.sync(SyncLevel::Statement);
                    if self.pos == before {
                        break;
                    }
                }
            }
        }
        // A technique left open (its `}` taken by what a broken pass swallowed) keeps the
        // passes read so far: ReShade checked their states as it read them (an undeclared
        // shader is reported on its line, before the syntax error after it).
        let _ = self.expect("}");
        Ok(Technique {
            name,
            annotations,
            passes,
            range: self.range_from(start),
        })
    }

    fn pass(&mut self) -> PResult<Pass> {
        if !self.at_keyword(Keyword::Pass) {
            return Err(self.unexpected("'pass'"));
        }
        let start = self.bump().range.start;
        let name = if self.kind() == TokenKind::Ident {
            Some(self.ident("a pass name")?)
        } else {
            None
        };
        self.expect("{")?;
        let mut states = Vec::new();
        let mut complete = true;
        while !self.at("}") && self.kind() != TokenKind::Eof {
            let before = self.pos;
            match self.property(true) {
                Ok((p, threads)) => states.push(PassState {
                    name: shader_state_role(p.name),
                    value: p.value,
                    threads,
                    range: p.range,
                }),
                Err(Reported) => {
                    complete = false;
                    if let Some((p, threads)) = self.salvaged_state.take() {
                        states.push(PassState {
                            name: shader_state_role(p.name),
                            value: p.value,
                            threads,
                            range: p.range,
                        });
                    }
                    self.sync(SyncLevel::Statement);
                    if self.pos == before {
                        break;
                    }
                }
            }
        }
        // A pass cut off (the file ends in it) keeps the states read: ReShade checked them as
        // it read them (an undeclared shader before the end of the file).
        complete &= self.expect("}").is_ok();
        Ok(Pass {
            name,
            states,
            complete,
            range: self.range_from(start),
        })
    }
}

/// A shader state named by its role: ReShade takes any state name longer than `Shader` that ends
/// in it as a shader state and tells the stage by the first letter alone (`parse_technique_pass`:
/// `PixelShaderPixelShader` and `PShader` set the pixel shader); other first letters are
/// ignored, and keep their name.
fn shader_state_role(mut name: Ident) -> Ident {
    if name.name.len() > 6 && name.name.ends_with("Shader") {
        let role = match name.name.as_bytes()[0] {
            b'V' => "VertexShader",
            b'P' => "PixelShader",
            b'C' => "ComputeShader",
            _ => return name,
        };
        name.name = role.into();
    }
    name
}
