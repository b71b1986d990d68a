//! What `render` runs: without a preset every technique of the effects (as the window), with
//! `--technique` the ones named; a preset naming an effect that is not installed runs the rest
//! with a warning naming it, as ReShade does.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Two techniques, neither `enabled = true`: Red sets red to 1, Blue sets blue to 1.
const EFFECT: &str = r#"
texture BackBufferTex : COLOR;
sampler BackBuffer { Texture = BackBufferTex; };
void VS(uint id : SV_VertexID, out float4 pos : SV_Position, out float2 uv : TEXCOORD)
{
    uv = float2((id == 2) ? 2.0 : 0.0, (id == 1) ? 2.0 : 0.0);
    pos = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), 0.0, 1.0);
}
float4 PS_Red(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float4 c = tex2D(BackBuffer, uv);
    return float4(1.0, c.gb, 1.0);
}
float4 PS_Blue(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float4 c = tex2D(BackBuffer, uv);
    return float4(c.rg, 1.0, 1.0);
}
technique Red { pass { VertexShader = VS; PixelShader = PS_Red; } }
technique Blue { pass { VertexShader = VS; PixelShader = PS_Blue; } }
"#;

struct Case {
    dir: PathBuf,
}

impl Case {
    fn new(name: &str) -> Option<Self> {
        engine::testing::gpu()?;
        let dir = std::env::temp_dir().join(format!("fxbench-runs-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("Tint.fx"), EFFECT).unwrap();
        image::save_buffer(
            dir.join("in.png"),
            &[40, 80, 120, 255].repeat(8 * 4),
            8,
            4,
            image::ExtendedColorType::Rgba8,
        )
        .unwrap();
        Some(Self { dir })
    }

    fn render(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_fxbench"))
            .arg("render")
            .args(args)
            .arg("--input")
            .arg(self.dir.join("in.png"))
            .arg("--out")
            .arg(self.dir.join("out.png"))
            .current_dir(&self.dir)
            .output()
            .unwrap()
    }

    /// The output's first pixel after a render that must succeed.
    fn pixel(&self, args: &[&str]) -> ([u8; 4], String) {
        let _ = std::fs::remove_file(self.dir.join("out.png"));
        let output = self.render(args);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{args:?}: {stderr}");
        let image = image::open(self.dir.join("out.png")).unwrap().to_rgba8();
        (image.get_pixel(0, 0).0, stderr)
    }
}

impl Drop for Case {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn effect(case: &Case) -> String {
    Path::new(&case.dir).join("Tint.fx").display().to_string()
}

#[test]
fn without_a_preset_every_technique_runs_and_technique_picks() {
    let Some(case) = Case::new("pick") else {
        return;
    };
    let fx = effect(&case);
    assert_eq!(case.pixel(&["--effect", &fx]).0, [255, 80, 255, 255]);
    assert_eq!(
        case.pixel(&["--effect", &fx, "--technique", "Red"]).0,
        [255, 80, 120, 255]
    );
    // `Name@File`, the file in another case, as a preset writes it.
    assert_eq!(
        case.pixel(&["--effect", &fx, "--technique", "Blue@tint.FX"])
            .0,
        [40, 80, 255, 255]
    );
    assert_eq!(
        case.pixel(&["--effect", &fx, "--technique", "Blue", "--technique", "Red"])
            .0,
        [255, 80, 255, 255]
    );
    let output = case.render(&["--effect", &fx, "--technique", "Green"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr
            .contains("no technique 'Green' in the effects (they have: Red@Tint.fx, Blue@Tint.fx)"),
        "{stderr}"
    );
}

#[test]
fn a_preset_effect_that_is_not_installed_is_skipped_with_a_warning() {
    let Some(case) = Case::new("missing") else {
        return;
    };
    std::fs::write(
        case.dir.join("p.ini"),
        "Techniques=Gone@Gone.fx,Red@Tint.fx\nTechniqueSorting=Gone@Gone.fx,Red@Tint.fx,Blue@Tint.fx\n\n[Gone.fx]\nStrength=2\n",
    )
    .unwrap();
    let (pixel, stderr) = case.pixel(&["--preset", "p.ini"]);
    assert_eq!(pixel, [255, 80, 120, 255], "only Red is listed");
    assert!(
        stderr.contains("warning: preset names effect 'Gone.fx', not found in"),
        "{stderr}"
    );
    // A preset whose every effect is missing is an error: nothing could run.
    std::fs::write(case.dir.join("q.ini"), "Techniques=Gone@Gone.fx\n").unwrap();
    let output = case.render(&["--preset", "q.ini"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("preset names effect 'Gone.fx', not found in"),
        "{stderr}"
    );
}
