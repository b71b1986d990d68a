//! Runtime data sources: uniforms whose `source` annotation makes the runtime fill them every
//! frame (ReShade's 16 "special uniforms"). The host (window or command line) describes the frame
//! — clock, input, overlay state — in a [`FrameInput`], which has no egui in it.
//!
//! Semantics follow ReShade's runtime: `frametime` is the previous frame's duration in ms,
//! `timer` the time since the chain started in ms, `random` a fresh integer in `[min, max]` each
//! frame, `pingpong` a value bouncing between `min` and `max` at `step` units per second with
//! `smoothing` near the ends, `date` (year, month, day, seconds since midnight), `key` and
//! `mousebutton` with modes `press` (true on the frame it goes down) and `toggle` (flips on each
//! press), `mousepoint` in pixels, `mousedelta` in pixels since the last frame, `mousewheel`
//! (accumulated value moved `step` per notch, default 1, clamped to `[min, max]` unless they are
//! equal, and this frame's delta), `overlay_open` as the host sets it, `overlay_active` and
//! `overlay_hovered` the 1-based index among the effect's uniforms of the one being edited or
//! under the cursor, 0 for none (also spelled `ui_*`, ReShade's older names), `screenshot` (true on the
//! frame a screenshot is taken) and `bufready_depth` (true iff a depth input is bound). A `bool`
//! `framecount` alternates, true on even frames.

use std::collections::HashSet;

use analysis::Annotations;

use crate::EffectIndex;

/// Mouse buttons in ReShade's numbering: 0 left, 1 right, 2 middle, 3 and 4 extra.
pub const MOUSE_BUTTONS: usize = 5;

/// What the host knows about one frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameInput {
    /// Duration of the previous frame, in nanoseconds.
    pub last_frame_ns: u64,
    /// Time since the chain started, in nanoseconds.
    pub elapsed_ns: u64,
    /// Local date: year, month (1-12), day (1-31), seconds since midnight.
    pub date: [i32; 4],
    /// Cursor position over the image, in pixels of the back buffer.
    pub mouse_px: [f32; 2],
    /// Cursor movement since the previous frame, in pixels.
    pub mouse_delta_px: [f32; 2],
    pub mouse_down: [bool; MOUSE_BUTTONS],
    /// Wheel movement this frame, in notches.
    pub mouse_wheel_delta: f32,
    /// Keys held, as Windows virtual-key codes (what ReShade presets and effects use).
    pub keys_down: HashSet<u32>,
    pub overlay_open: bool,
    /// The uniform being edited in the host's overlay (`overlay_active`), if any.
    pub overlay_active: Option<UniformRef>,
    /// The uniform under the cursor in the host's overlay (`overlay_hovered`), if any.
    pub overlay_hovered: Option<UniformRef>,
    /// True on the frame a screenshot is taken.
    pub screenshot: bool,
}

/// One uniform of one effect of the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UniformRef {
    pub effect: EffectIndex,
    pub uniform: analysis::UniformId,
}

/// ReShade's `overlay_active`/`overlay_hovered` value for a uniform of `effect`: the 1-based
/// index, among that effect's uniforms, of the one the overlay points at; 0 when it points at
/// none of them.
fn overlay_index(overlay: Option<UniformRef>, effect: EffectIndex) -> f64 {
    overlay
        .filter(|r| r.effect == effect)
        .map_or(0.0, |r| (r.uniform.index() + 1) as f64)
}

/// Which source a uniform takes its value from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    FrameTime,
    FrameCount,
    /// `framecount` on a `bool` uniform: true on even frames (ReShade's `frame_count % 2 == 0`).
    FrameParity,
    Random {
        min: i64,
        max: i64,
    },
    PingPong {
        min: f64,
        max: f64,
        step: [f64; 2],
        smoothing: f64,
    },
    Date,
    Timer,
    Key {
        code: u32,
        mode: PressMode,
    },
    MousePoint,
    MouseDelta,
    MouseButton {
        button: usize,
        mode: PressMode,
    },
    MouseWheel {
        min: f64,
        max: f64,
        /// Value per notch.
        step: f64,
    },
    OverlayOpen,
    OverlayActive,
    OverlayHovered,
    Screenshot,
    BufReadyDepth,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressMode {
    /// True while held.
    Held,
    /// True on the frame it goes down.
    Press,
    /// Flips on each press.
    Toggle,
}

/// The names `source` accepts (defined by the front end, which reports unknown ones).
pub use analysis::RUNTIME_SOURCES as SOURCE_NAMES;

impl Source {
    /// The source of `uniform`: [`Self::from_annotations`], with `framecount` on a `bool`
    /// alternating ([`Source::FrameParity`]).
    pub fn for_uniform(uniform: &analysis::Uniform) -> Option<Self> {
        match Self::from_annotations(&uniform.annotations)? {
            Source::FrameCount if uniform.ty.scalar == analysis::ScalarKind::Bool => {
                Some(Source::FrameParity)
            }
            source => Some(source),
        }
    }

    /// Reads the `source` annotation and its parameters; `None` for ordinary uniforms and for
    /// names that are not sources (the analyzer reports those).
    pub fn from_annotations(annotations: &Annotations) -> Option<Self> {
        let name = annotations.string("source")?;
        let num = |key: &str, default: f64| annotations.number(key).unwrap_or(default);
        let mode = || match annotations.string("mode") {
            Some("press") => PressMode::Press,
            Some("toggle") => PressMode::Toggle,
            _ if annotations.flag("toggle") == Some(true) => PressMode::Toggle,
            _ => PressMode::Held,
        };
        let vector = |key: &str| match annotations.get(key) {
            Some(analysis::AnnotationValue::Vector(v)) => [
                v.first().copied().unwrap_or(0.0),
                v.get(1).copied().unwrap_or(0.0),
            ],
            Some(analysis::AnnotationValue::Number(n)) => [*n, 0.0],
            _ => [0.0, 0.0],
        };
        Some(match name {
            "frametime" => Source::FrameTime,
            "framecount" => Source::FrameCount,
            "random" => Source::Random {
                min: num("min", 0.0) as i64,
                max: num("max", 32767.0) as i64,
            },
            "pingpong" => Source::PingPong {
                min: num("min", 0.0),
                max: num("max", 1.0),
                step: vector("step"),
                smoothing: num("smoothing", 0.0),
            },
            "date" => Source::Date,
            "timer" => Source::Timer,
            "key" => Source::Key {
                code: num("keycode", 0.0) as u32,
                mode: mode(),
            },
            "mousepoint" => Source::MousePoint,
            "mousedelta" => Source::MouseDelta,
            "mousebutton" => Source::MouseButton {
                button: (num("keycode", 0.0) as usize).min(MOUSE_BUTTONS - 1),
                mode: mode(),
            },
            "mousewheel" => Source::MouseWheel {
                min: num("min", 0.0),
                max: num("max", 0.0),
                // ReShade: a missing or zero step is 1.
                step: Some(num("step", 0.0)).filter(|s| *s != 0.0).unwrap_or(1.0),
            },
            "overlay_open" | "ui_open" => Source::OverlayOpen,
            "overlay_active" | "ui_active" => Source::OverlayActive,
            "overlay_hovered" | "ui_hovered" => Source::OverlayHovered,
            "screenshot" => Source::Screenshot,
            "bufready_depth" => Source::BufReadyDepth,
            _ => return None,
        })
    }
}

/// Per-frame state that sources need across frames.
#[derive(Clone, Debug)]
pub struct SourceState {
    frame_count: u64,
    rng: u64,
    keys_before: HashSet<u32>,
    mouse_before: [bool; MOUSE_BUTTONS],
}

impl SourceState {
    pub fn new(seed: u64) -> Self {
        Self {
            frame_count: 0,
            rng: seed,
            keys_before: HashSet::new(),
            mouse_before: [false; MOUSE_BUTTONS],
        }
    }

    /// A splitmix64 step: random sources are reproducible for a given seed.
    fn next_random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn key_pressed(&self, input: &FrameInput, code: u32) -> bool {
        input.keys_down.contains(&code) && !self.keys_before.contains(&code)
    }

    /// Writes the source's value for this frame into `value` (one entry per component; missing
    /// components stay as they are), for a uniform of `effect`. `depth_bound` tells
    /// `bufready_depth`.
    pub fn evaluate(
        &mut self,
        source: &Source,
        input: &FrameInput,
        effect: EffectIndex,
        depth_bound: bool,
        value: &mut [f64],
    ) {
        let set = |value: &mut [f64], components: &[f64]| {
            for (slot, c) in value.iter_mut().zip(components) {
                *slot = *c;
            }
        };
        let flag = |b: bool| f64::from(u8::from(b));
        let seconds = input.last_frame_ns as f64 * 1e-9;
        match source {
            Source::FrameTime => set(value, &[input.last_frame_ns as f64 * 1e-6]),
            Source::FrameCount => set(value, &[self.frame_count as f64]),
            Source::FrameParity => set(value, &[flag(self.frame_count.is_multiple_of(2))]),
            Source::Random { min, max } => {
                let span = (max - min).max(0) as u64 + 1;
                let r = *min + (self.next_random() % span) as i64;
                set(value, &[r as f64]);
            }
            Source::PingPong {
                min,
                max,
                step,
                smoothing,
            } => {
                let mut increment = if step[1] == 0.0 {
                    step[0]
                } else {
                    let spread = (step[1] - step[0] + 1.0).max(1.0);
                    step[0] + (self.next_random() % (spread as u64).max(1)) as f64
                };
                let current = value.first().copied().unwrap_or(*min);
                let direction = value.get(1).copied().unwrap_or(1.0);
                let (next, next_direction) = if direction >= 0.0 {
                    increment =
                        (increment - (smoothing - (max - current)).max(0.0)).max(0.05) * seconds;
                    let v = current + increment;
                    if v >= *max {
                        (*max, -1.0)
                    } else {
                        (v, direction.max(1.0))
                    }
                } else {
                    increment =
                        (increment - (smoothing - (current - min)).max(0.0)).max(0.05) * seconds;
                    let v = current - increment;
                    if v <= *min { (*min, 1.0) } else { (v, -1.0) }
                };
                set(value, &[next, next_direction]);
            }
            Source::Date => set(value, &input.date.map(f64::from)),
            Source::Timer => set(value, &[input.elapsed_ns as f64 * 1e-6]),
            Source::Key { code, mode } => {
                let down = input.keys_down.contains(code);
                let pressed = down && !self.keys_before.contains(code);
                press_value(*mode, down, pressed, value);
            }
            Source::MousePoint => set(value, &input.mouse_px.map(f64::from)),
            Source::MouseDelta => set(value, &input.mouse_delta_px.map(f64::from)),
            Source::MouseButton { button, mode } => {
                let down = input.mouse_down[*button];
                let pressed = down && !self.mouse_before[*button];
                press_value(*mode, down, pressed, value);
            }
            Source::MouseWheel { min, max, step } => {
                let delta = f64::from(input.mouse_wheel_delta);
                let mut accumulated = value.first().copied().unwrap_or(0.0) + delta * step;
                // ReShade's order: max with min, then min with max (max wins when max < min).
                if min != max {
                    accumulated = accumulated.max(*min).min(*max);
                }
                set(value, &[accumulated, delta]);
            }
            Source::OverlayOpen => set(value, &[flag(input.overlay_open)]),
            Source::OverlayActive => set(value, &[overlay_index(input.overlay_active, effect)]),
            Source::OverlayHovered => set(value, &[overlay_index(input.overlay_hovered, effect)]),
            Source::Screenshot => set(value, &[flag(input.screenshot)]),
            Source::BufReadyDepth => set(value, &[flag(depth_bound)]),
        }
    }

    /// Ends the frame: remembers which keys and buttons were down, counts the frame.
    pub fn end_frame(&mut self, input: &FrameInput) {
        self.keys_before.clone_from(&input.keys_down);
        self.mouse_before = input.mouse_down;
        self.frame_count += 1;
    }
}

fn press_value(mode: PressMode, down: bool, pressed: bool, value: &mut [f64]) {
    let Some(slot) = value.first_mut() else {
        return;
    };
    *slot = match mode {
        PressMode::Held => f64::from(u8::from(down)),
        PressMode::Press => f64::from(u8::from(pressed)),
        PressMode::Toggle if pressed => f64::from(u8::from(*slot == 0.0)),
        PressMode::Toggle => *slot,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use analysis::AnnotationValue;

    fn annotations(list: &[(&str, AnnotationValue)]) -> Annotations {
        Annotations(
            list.iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    fn s(text: &str) -> AnnotationValue {
        AnnotationValue::String(text.into())
    }

    fn n(v: f64) -> AnnotationValue {
        AnnotationValue::Number(v)
    }

    /// Runs `source` over `frames`, returning the value after each.
    fn run(source: &Source, frames: &[FrameInput], components: usize) -> Vec<Vec<f64>> {
        let mut state = SourceState::new(7);
        let mut value = vec![0.0; components];
        frames
            .iter()
            .map(|input| {
                state.evaluate(source, input, EffectIndex::new(0), false, &mut value);
                state.end_frame(input);
                value.clone()
            })
            .collect()
    }

    fn frame(ms: u64) -> FrameInput {
        FrameInput {
            last_frame_ns: ms * 1_000_000,
            ..FrameInput::default()
        }
    }

    #[test]
    fn every_name_parses() {
        for name in SOURCE_NAMES {
            assert!(
                Source::from_annotations(&annotations(&[("source", s(name))])).is_some(),
                "{name}"
            );
        }
        assert_eq!(
            Source::from_annotations(&annotations(&[("source", s("bogus"))])),
            None
        );
        assert_eq!(
            Source::from_annotations(&annotations(&[("ui_type", s("slider"))])),
            None
        );
    }

    #[test]
    fn clock_sources() {
        let mut frames = vec![frame(16), frame(20), frame(10)];
        frames[1].elapsed_ns = 36_000_000;
        assert_eq!(
            run(&Source::FrameTime, &frames, 1),
            [[16.0], [20.0], [10.0]]
        );
        assert_eq!(run(&Source::FrameCount, &frames, 1), [[0.0], [1.0], [2.0]]);
        assert_eq!(run(&Source::Timer, &frames, 1)[1], [36.0]);
    }

    #[test]
    fn random_stays_in_range_and_varies() {
        let source = Source::from_annotations(&annotations(&[
            ("source", s("random")),
            ("min", n(3.0)),
            ("max", n(5.0)),
        ]))
        .expect("random");
        let values: Vec<f64> = run(&source, &vec![frame(16); 200], 1)
            .into_iter()
            .map(|v| v[0])
            .collect();
        assert!(values.iter().all(|v| (3.0..=5.0).contains(v)));
        for expected in [3.0, 4.0, 5.0] {
            assert!(values.contains(&expected), "{expected} never drawn");
        }
    }

    #[test]
    fn pingpong_bounces_between_its_limits() {
        let source = Source::PingPong {
            min: 0.0,
            max: 1.0,
            step: [2.5, 0.0],
            smoothing: 0.0,
        };
        // 2.5 units per second, 100 ms frames: 0.25 per frame (exact in binary, so the turns
        // land exactly on 1 and 0).
        let values: Vec<f64> = run(&source, &vec![frame(100); 10], 2)
            .into_iter()
            .map(|v| v[0])
            .collect();
        let expected = [0.25, 0.5, 0.75, 1.0, 0.75, 0.5, 0.25, 0.0, 0.25, 0.5];
        for (v, e) in values.iter().zip(expected) {
            assert!((v - e).abs() < 1e-9, "{values:?}");
        }
    }

    #[test]
    fn key_modes() {
        let with_key = |down: bool| FrameInput {
            keys_down: if down { [0x20].into() } else { HashSet::new() },
            ..FrameInput::default()
        };
        let frames = [
            with_key(false),
            with_key(true),
            with_key(true),
            with_key(false),
            with_key(true),
        ];
        let held = Source::Key {
            code: 0x20,
            mode: PressMode::Held,
        };
        let press = Source::Key {
            code: 0x20,
            mode: PressMode::Press,
        };
        let toggle = Source::Key {
            code: 0x20,
            mode: PressMode::Toggle,
        };
        let column = |source: &Source| -> Vec<f64> {
            run(source, &frames, 1).into_iter().map(|v| v[0]).collect()
        };
        assert_eq!(column(&held), [0.0, 1.0, 1.0, 0.0, 1.0]);
        assert_eq!(column(&press), [0.0, 1.0, 0.0, 0.0, 1.0]);
        assert_eq!(column(&toggle), [0.0, 1.0, 1.0, 1.0, 0.0]);
    }

    #[test]
    fn mouse_sources() {
        let mut input = frame(16);
        input.mouse_px = [10.0, 20.0];
        input.mouse_delta_px = [1.0, -2.0];
        input.mouse_wheel_delta = 3.0;
        input.mouse_down[1] = true;
        let frames = [input.clone(), input];
        assert_eq!(run(&Source::MousePoint, &frames, 2)[0], [10.0, 20.0]);
        assert_eq!(run(&Source::MouseDelta, &frames, 2)[0], [1.0, -2.0]);
        assert_eq!(
            run(
                &Source::MouseWheel {
                    min: 0.0,
                    max: 5.0,
                    step: 1.0
                },
                &frames,
                2
            ),
            [[3.0, 3.0], [5.0, 3.0]]
        );
        let right = Source::MouseButton {
            button: 1,
            mode: PressMode::Press,
        };
        assert_eq!(run(&right, &frames, 1), [[1.0], [0.0]]);
    }

    /// A source as a uniform of `ty` with `pairs` as annotations would get it.
    fn uniform_source(ty: analysis::ScalarKind, pairs: &[(&str, AnnotationValue)]) -> Source {
        let uniform = analysis::Uniform {
            name: "u".into(),
            ty: analysis::UniformType::scalar(ty),
            offset: 0,
            init: vec![0.0],
            annotations: annotations(pairs),
            span: analysis::Span::new(analysis::SourceMap::new().add("u.wfx", ""), 0, 0),
            constant: false,
        };
        Source::for_uniform(&uniform).expect("a source")
    }

    #[test]
    fn a_bool_framecount_alternates_and_an_int_one_counts() {
        let frames = vec![frame(16); 4];
        let framecount = [("source", s("framecount"))];
        let parity = uniform_source(analysis::ScalarKind::Bool, &framecount);
        assert_eq!(parity, Source::FrameParity);
        assert_eq!(run(&parity, &frames, 1), [[1.0], [0.0], [1.0], [0.0]]);
        let count = uniform_source(analysis::ScalarKind::Uint, &framecount);
        assert_eq!(run(&count, &frames, 1), [[0.0], [1.0], [2.0], [3.0]]);
    }

    #[test]
    fn mousewheel_moves_step_per_notch_within_min_and_max() {
        let mut input = frame(16);
        input.mouse_wheel_delta = 2.0;
        let frames = vec![input; 3];
        let wheel = |pairs: &[(&str, AnnotationValue)]| {
            let mut all = vec![("source", s("mousewheel"))];
            all.extend(pairs.iter().cloned());
            Source::from_annotations(&annotations(&all)).expect("mousewheel")
        };
        // step 0.25: 0.5 a frame, up to max 1.25.
        let stepped = wheel(&[("min", n(0.0)), ("max", n(1.25)), ("step", n(0.25))]);
        assert_eq!(
            run(&stepped, &frames, 2),
            [[0.5, 2.0], [1.0, 2.0], [1.25, 2.0]]
        );
        // No step (or 0) is 1 per notch; min == max means no clamp.
        let unclamped = wheel(&[("step", n(0.0))]);
        assert_eq!(
            run(&unclamped, &frames, 2),
            [[2.0, 2.0], [4.0, 2.0], [6.0, 2.0]]
        );
        // max below min: ReShade clamps to min, then to max, so max wins.
        let inverted = wheel(&[("min", n(3.0)), ("max", n(1.0))]);
        assert_eq!(run(&inverted, &frames[..1], 2), [[1.0, 2.0]]);
    }

    #[test]
    fn the_ui_spellings_are_the_overlay_sources() {
        for (old, source) in [
            ("ui_open", Source::OverlayOpen),
            ("ui_active", Source::OverlayActive),
            ("ui_hovered", Source::OverlayHovered),
        ] {
            assert_eq!(
                Source::from_annotations(&annotations(&[("source", s(old))])),
                Some(source),
                "{old}"
            );
        }
    }
}

/// The host's clock: frame durations, time since start and the date, for [`FrameInput`].
#[derive(Debug)]
pub struct FrameClock {
    start: std::time::Instant,
    last: Option<std::time::Instant>,
}

impl Default for FrameClock {
    fn default() -> Self {
        Self::new()
    }
}

impl FrameClock {
    pub fn new() -> Self {
        Self {
            start: std::time::Instant::now(),
            last: None,
        }
    }

    /// A frame input with this frame's clock fields filled (no input devices).
    pub fn tick(&mut self) -> FrameInput {
        let now = std::time::Instant::now();
        let last_frame_ns = self.last.map_or(0, |l| (now - l).as_nanos() as u64);
        self.last = Some(now);
        FrameInput {
            last_frame_ns,
            elapsed_ns: (now - self.start).as_nanos() as u64,
            date: local_date(std::time::SystemTime::now()),
            ..FrameInput::default()
        }
    }
}

/// Year, month, day and seconds since midnight in the machine's local time, as ReShade's `date`
/// (`localtime_s`) gives them.
pub fn local_date(time: std::time::SystemTime) -> [i32; 4] {
    use chrono::{Datelike as _, Timelike as _};
    let local: chrono::DateTime<chrono::Local> = time.into();
    [
        local.year(),
        local.month() as i32,
        local.day() as i32,
        local.num_seconds_from_midnight() as i32,
    ]
}

/// Year, month, day and seconds since midnight, in UTC.
pub fn utc_date(time: std::time::SystemTime) -> [i32; 4] {
    let secs = time
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let (days, seconds) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    [year as i32, month as i32, day as i32, seconds as i32]
}

#[cfg(test)]
mod date_tests {
    #[test]
    fn utc_dates() {
        let at = |secs: u64| {
            super::utc_date(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs))
        };
        assert_eq!(at(0), [1970, 1, 1, 0]);
        // 2026-11-30 01:02:03 UTC
        assert_eq!(at(1_796_000_523), [2026, 11, 30, 3723]);
        // 2024-02-29 (leap day) 12:00:00
        assert_eq!(at(1_709_208_000), [2024, 2, 29, 43_200]);
    }

    /// The local date agrees with the system's `date` command (same time zone: the child
    /// inherits `TZ`) at instants either side of midnight UTC and on a leap day.
    #[test]
    fn local_dates_follow_the_machine_time_zone() {
        for secs in [1_796_000_523_u64, 1_795_996_799, 1_709_208_000, 0] {
            let Ok(out) = std::process::Command::new("date")
                .args([format!("--date=@{secs}"), "+%Y %m %d %H %M %S".to_string()])
                .output()
            else {
                eprintln!("skipping: no date command");
                return;
            };
            let fields: Vec<i32> = String::from_utf8_lossy(&out.stdout)
                .split_whitespace()
                .map(|f| f.parse().expect("a number"))
                .collect();
            let expected = [
                fields[0],
                fields[1],
                fields[2],
                fields[3] * 3600 + fields[4] * 60 + fields[5],
            ];
            let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
            assert_eq!(super::local_date(at), expected, "at {secs}");
        }
    }

    /// Under a zone 14 hours ahead of UTC the system's date differs from UTC's, so the check
    /// above cannot pass by accident when the machine runs on UTC: run it in such a zone.
    #[test]
    fn local_dates_differ_from_utc_where_the_zone_does() {
        if std::env::var("FXBENCH_LOCAL_DATE_CHILD").is_ok() {
            let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_796_000_523);
            // 2026-11-30 01:02:03 UTC is 15:02:03 the same day in Pacific/Kiritimati (UTC+14).
            assert_eq!(super::local_date(at), [2026, 11, 30, 54_123]);
            return;
        }
        let exe = std::env::current_exe().expect("the test binary");
        let status = std::process::Command::new(exe)
            .args([
                "--exact",
                "sources::date_tests::local_dates_differ_from_utc_where_the_zone_does",
            ])
            .env("TZ", "Pacific/Kiritimati")
            .env("FXBENCH_LOCAL_DATE_CHILD", "1")
            .status()
            .expect("the test binary runs");
        assert!(status.success());
    }
}
