//! GPU timestamps around every pass, read back without stalling, and the history each time
//! keeps: the last [`HISTORY_FRAMES`] samples, with mean, min, max and p95 over them
//! ([`WindowStats`]) and the mean, min and max of every sample since the chain was built.
//!
//! Each frame writes a begin and end timestamp per pass (render-pass timestamp writes, which need
//! only `TIMESTAMP_QUERY`), resolves them into a buffer and copies that into one of a ring of
//! mappable buffers. A slot is read once the GPU has finished with it, a few frames later, so the
//! CPU never waits for the GPU.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

/// The last `N` samples of a time, in nanoseconds, and totals over every sample. Its mean, unlike
/// ReShade's moving average, divides by the number of samples it has during warm-up rather than
/// by `N`.
#[derive(Clone, Debug)]
pub struct MovingAverage<const N: usize> {
    samples: [u64; N],
    next: usize,
    count: usize,
    sum: u128,
    min: u64,
    max: u64,
    total_sum: u128,
    total_count: u64,
}

impl<const N: usize> Default for MovingAverage<N> {
    fn default() -> Self {
        Self {
            samples: [0; N],
            next: 0,
            count: 0,
            sum: 0,
            min: u64::MAX,
            max: 0,
            total_sum: 0,
            total_count: 0,
        }
    }
}

/// Statistics over the samples a history holds, in nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowStats {
    pub mean_ns: u64,
    pub min_ns: u64,
    pub max_ns: u64,
    /// The 95th percentile, nearest-rank: the smallest sample at least 95% of the samples do not
    /// exceed.
    pub p95_ns: u64,
    /// How many samples the window holds.
    pub count: usize,
}

impl<const N: usize> MovingAverage<N> {
    /// Adds one sample, dropping the oldest when the window is full.
    pub fn push(&mut self, sample: u64) {
        if self.count == N {
            self.sum -= u128::from(self.samples[self.next]);
        } else {
            self.count += 1;
        }
        self.samples[self.next] = sample;
        self.sum += u128::from(sample);
        self.next = (self.next + 1) % N;
        self.min = self.min.min(sample);
        self.max = self.max.max(sample);
        self.total_sum += u128::from(sample);
        self.total_count += 1;
    }

    /// Mean of every sample ever pushed, not only those in the window.
    pub fn overall_mean(&self) -> Option<u64> {
        (self.total_count > 0).then(|| (self.total_sum / u128::from(self.total_count)) as u64)
    }

    /// How many samples were ever pushed.
    pub fn total_count(&self) -> u64 {
        self.total_count
    }

    /// The mean of the samples held, or `None` before the first.
    pub fn mean(&self) -> Option<u64> {
        (self.count > 0).then(|| (self.sum / self.count as u128) as u64)
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Smallest and largest sample ever pushed (not only those in the window).
    pub fn min_max(&self) -> Option<(u64, u64)> {
        (self.count > 0).then_some((self.min, self.max))
    }

    /// The samples the window holds, oldest first.
    pub fn samples(&self) -> impl Iterator<Item = u64> + '_ {
        let start = if self.count == N { self.next } else { 0 };
        (0..self.count).map(move |i| self.samples[(start + i) % N])
    }

    /// Mean, min, max and p95 of the samples the window holds; `None` before the first.
    pub fn stats(&self) -> Option<WindowStats> {
        let mut sorted: Vec<u64> = self.samples().collect();
        if sorted.is_empty() {
            return None;
        }
        sorted.sort_unstable();
        let n = sorted.len();
        // Nearest rank: ceil(0.95 n), 1-based.
        let rank = (n * 95).div_ceil(100).max(1);
        Some(WindowStats {
            mean_ns: (self.sum / n as u128) as u64,
            min_ns: sorted[0],
            max_ns: sorted[n - 1],
            p95_ns: sorted[rank - 1],
            count: n,
        })
    }
}

/// How many frames a time's history keeps: the window its statistics and plots cover.
pub const HISTORY_FRAMES: usize = 300;

/// A time's history over the last [`HISTORY_FRAMES`] frames.
pub type FrameAverage = MovingAverage<HISTORY_FRAMES>;

/// What one pair of timestamps measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimedScope {
    Technique {
        effect: crate::chain::EffectIndex,
        technique: analysis::TechniqueId,
    },
    Pass {
        effect: crate::chain::EffectIndex,
        technique: analysis::TechniqueId,
        pass: usize,
    },
    /// The whole frame: the first pass's start to the last pass's end.
    Frame,
}

const SLOT_FREE: u8 = 0;
const SLOT_IN_FLIGHT: u8 = 1;
const SLOT_MAPPED: u8 = 2;
const SLOT_FAILED: u8 = 3;
const RING: usize = 4;

struct Slot {
    readback: wgpu::Buffer,
    state: Arc<AtomicU8>,
    /// For each scope: the query indices of its begin and end.
    scopes: Vec<(TimedScope, u32, u32)>,
}

/// Timestamp queries for one chain.
pub struct GpuTimer {
    query_set: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    capacity: u32,
    slots: Vec<Slot>,
    /// The slot this frame writes, chosen in `begin_frame`.
    current: Option<usize>,
    next_query: u32,
    period_ns: f32,
    pending_map: Option<usize>,
}

impl GpuTimer {
    /// `None` when the device lacks `TIMESTAMP_QUERY`.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue, max_passes: u32) -> Option<Self> {
        if !device.features().contains(wgpu::Features::TIMESTAMP_QUERY) {
            return None;
        }
        let capacity = (max_passes * 2).clamp(2, wgpu::QUERY_SET_MAX_QUERIES);
        let size = u64::from(capacity) * wgpu::QUERY_SIZE as u64;
        let query_set = device.create_query_set(&wgpu::QuerySetDescriptor {
            label: Some("fxbench pass timestamps"),
            ty: wgpu::QueryType::Timestamp,
            count: capacity,
        });
        let resolve = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("fxbench timestamp resolve"),
            size,
            usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let slots = (0..RING)
            .map(|i| Slot {
                readback: device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some(&format!("fxbench timestamp readback {i}")),
                    size,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                }),
                state: Arc::new(AtomicU8::new(SLOT_FREE)),
                scopes: Vec::new(),
            })
            .collect();
        Some(Self {
            query_set,
            resolve,
            capacity,
            slots,
            current: None,
            next_query: 0,
            period_ns: queue.get_timestamp_period(),
            pending_map: None,
        })
    }

    /// Picks a free readback slot; when all are in flight this frame goes untimed.
    pub fn begin_frame(&mut self) {
        self.next_query = 0;
        self.current = self
            .slots
            .iter()
            .position(|s| s.state.load(Ordering::Acquire) == SLOT_FREE);
        if let Some(i) = self.current {
            self.slots[i].scopes.clear();
        }
    }

    /// Reserves a begin/end query pair for a pass; `None` when this frame is untimed or full.
    pub fn pass_writes(
        &mut self,
        scope: TimedScope,
    ) -> Option<wgpu::RenderPassTimestampWrites<'_>> {
        let slot = self.current?;
        if self.next_query + 2 > self.capacity {
            return None;
        }
        let begin = self.next_query;
        self.next_query += 2;
        self.slots[slot].scopes.push((scope, begin, begin + 1));
        Some(wgpu::RenderPassTimestampWrites {
            query_set: &self.query_set,
            beginning_of_pass_write_index: Some(begin),
            end_of_pass_write_index: Some(begin + 1),
        })
    }

    /// Like [`Self::pass_writes`], for a compute pass.
    pub fn compute_pass_writes(
        &mut self,
        scope: TimedScope,
    ) -> Option<wgpu::ComputePassTimestampWrites<'_>> {
        let writes = self.pass_writes(scope)?;
        Some(wgpu::ComputePassTimestampWrites {
            query_set: writes.query_set,
            beginning_of_pass_write_index: writes.beginning_of_pass_write_index,
            end_of_pass_write_index: writes.end_of_pass_write_index,
        })
    }

    /// Records a scope that spans queries already written (a technique: its first pass's begin to
    /// its last pass's end).
    pub fn span_scope(&mut self, scope: TimedScope, begin: u32, end: u32) {
        if let Some(slot) = self.current {
            self.slots[slot].scopes.push((scope, begin, end));
        }
    }

    /// The index the next reserved pair will start at.
    pub fn next_query(&self) -> u32 {
        self.next_query
    }

    pub fn frame_is_timed(&self) -> bool {
        self.current.is_some()
    }

    /// Resolves this frame's queries into its readback slot.
    pub fn end_frame(&mut self, encoder: &mut wgpu::CommandEncoder) {
        let Some(slot) = self.current.take() else {
            return;
        };
        if self.next_query == 0 {
            return;
        }
        self.slots[slot]
            .scopes
            .push((TimedScope::Frame, 0, self.next_query - 1));
        let bytes = u64::from(self.next_query) * wgpu::QUERY_SIZE as u64;
        encoder.resolve_query_set(&self.query_set, 0..self.next_query, &self.resolve, 0);
        encoder.copy_buffer_to_buffer(&self.resolve, 0, &self.slots[slot].readback, 0, bytes);
        self.slots[slot]
            .state
            .store(SLOT_IN_FLIGHT, Ordering::Release);
        self.pending_map = Some(slot);
    }

    /// Call after the frame's commands were submitted: asks for the slot to be mapped.
    pub fn after_submit(&mut self) {
        let Some(slot) = self.pending_map.take() else {
            return;
        };
        let state = self.slots[slot].state.clone();
        self.slots[slot]
            .readback
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |result| {
                state.store(
                    if result.is_ok() {
                        SLOT_MAPPED
                    } else {
                        SLOT_FAILED
                    },
                    Ordering::Release,
                );
            });
    }

    /// Reads every slot the GPU has finished with and returns (scope, nanoseconds) samples.
    pub fn collect(&mut self) -> Vec<(TimedScope, u64)> {
        let mut out = Vec::new();
        for slot in &mut self.slots {
            match slot.state.load(Ordering::Acquire) {
                SLOT_MAPPED => {
                    if let Ok(view) = slot.readback.slice(..).get_mapped_range() {
                        let ticks: &[u64] = bytemuck::cast_slice(&view);
                        for &(scope, begin, end) in &slot.scopes {
                            let (Some(&b), Some(&e)) =
                                (ticks.get(begin as usize), ticks.get(end as usize))
                            else {
                                continue;
                            };
                            let ns =
                                (e.saturating_sub(b) as f64 * f64::from(self.period_ns)) as u64;
                            out.push((scope, ns));
                        }
                    }
                    slot.readback.unmap();
                    slot.state.store(SLOT_FREE, Ordering::Release);
                }
                SLOT_FAILED => slot.state.store(SLOT_FREE, Ordering::Release),
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warm_up_divides_by_samples_held() {
        let mut avg = MovingAverage::<60>::default();
        assert_eq!(avg.mean(), None);
        avg.push(100);
        avg.push(300);
        assert_eq!(avg.mean(), Some(200), "two samples, not 400 / 60");
    }

    #[test]
    fn window_drops_oldest() {
        let mut avg = MovingAverage::<3>::default();
        for s in [10, 20, 30, 40] {
            avg.push(s);
        }
        assert_eq!(avg.mean(), Some(30));
        assert_eq!(avg.len(), 3);
        assert_eq!(avg.min_max(), Some((10, 40)));
        assert_eq!(avg.overall_mean(), Some(25));
        assert_eq!(avg.total_count(), 4);
        assert_eq!(avg.samples().collect::<Vec<_>>(), [20, 30, 40]);
    }

    #[test]
    fn window_stats_on_known_samples() {
        let mut avg = MovingAverage::<100>::default();
        assert_eq!(avg.stats(), None);
        // 1..=20 shuffled: mean 10 (210 / 20, truncated), p95 is the 19th smallest.
        for s in [
            7, 3, 20, 1, 15, 9, 12, 18, 2, 5, 11, 14, 4, 19, 6, 16, 8, 13, 10, 17,
        ] {
            avg.push(s);
        }
        let stats = avg.stats().unwrap();
        assert_eq!(
            stats,
            WindowStats {
                mean_ns: 10,
                min_ns: 1,
                max_ns: 20,
                p95_ns: 19,
                count: 20,
            }
        );
    }

    #[test]
    fn window_stats_forget_samples_that_left_the_window() {
        let mut avg = MovingAverage::<4>::default();
        for s in [1000, 1, 2, 3, 4] {
            avg.push(s);
        }
        let stats = avg.stats().unwrap();
        assert_eq!((stats.min_ns, stats.max_ns, stats.count), (1, 4, 4));
        assert_eq!(stats.p95_ns, 4, "ceil(0.95 * 4) = 4th smallest");
        assert_eq!(stats.mean_ns, 2, "10 / 4 truncated");
        // The totals still remember the spike.
        assert_eq!(avg.min_max(), Some((1, 1000)));
        assert_eq!(avg.samples().collect::<Vec<_>>(), [1, 2, 3, 4]);
    }

    #[test]
    fn a_single_sample_is_its_own_p95() {
        let mut avg = MovingAverage::<8>::default();
        avg.push(42);
        let stats = avg.stats().unwrap();
        assert_eq!((stats.p95_ns, stats.min_ns, stats.max_ns), (42, 42, 42));
    }
}
