//! The memory allocator of a one-shot `fxbench check` (issue #22's speed bar: the whole process
//! no slower than ReShade's own compiler on the same effect).
//!
//! A check of one effect makes about 28,000 allocations of about 6 MB in all for a run of a few
//! milliseconds, then exits. Through the C library's allocator that was 15% of its instructions
//! (`malloc`, `free`, `realloc` and their growth copies: 5.3 M of NiceGuy_Lamps.fx's 34.4 M) and
//! most of its 850 page faults (a fault costs 1.3-2 µs on the machines measured: a tenth of the
//! run). From [`begin`] on, the calling thread allocates from one region instead:
//!
//! - a block is a power of two from 16 bytes, cut from the region's end (a bump) or taken from
//!   its size's free list, and a freed block goes back on that list: no headers, no coalescing,
//!   a handful of instructions each way;
//! - the block at the end of the region grows in place (a vector being filled, the lexers'
//!   token lists), and a shrink keeps its block;
//! - on Linux the region is advised `MADV_HUGEPAGE`: the kernel backs it with 2 MiB pages where
//!   transparent huge pages are on (a check touches two of them instead of ~700 small pages),
//!   with small pages otherwise. Session 17 declined advising glibc's heap because one huge page
//!   can cost ~19 ms when the kernel must compact memory first; measured against a tenth of
//!   every run, we take that rare stall (docs/RESHADE_FX.md, "Session 26").
//!
//! Everything else is the system allocator as before: other threads, allocations made before
//! [`begin`] (and freed after it, by address), alignments above 16, and whatever no longer fits
//! once the region is full. A block freed on another thread than the one that took it is not
//! reused (the region is one thread's); nothing in the region is ever given back: [`begin`] is
//! for a process that exits after its one task, as `check` of one effect does.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The global allocator of the `fxbench` binary: the system's, plus the region of one thread
/// after [`begin`].
pub struct Allocator;

/// Address space reserved for the region (only what is touched is ever committed).
const REGION: usize = 256 << 20;
/// Size classes: 16 bytes to 16 << (CLASSES - 1).
const CLASSES: usize = 28;
/// The largest alignment a block of the region always has.
const ALIGN: usize = 16;

/// Where the region lies, for [`Allocator::dealloc`] and `realloc` to tell its blocks from the
/// system's on any thread (set once, before the owning thread's [`Bump`] is switched on).
static START: AtomicUsize = AtomicUsize::new(0);
static END: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// The region, as the thread that owns it sees it; off on every other thread.
    static BUMP: Bump = const { Bump::off() };
}

/// Takes every later allocation of the calling thread from a region of its own (see the module
/// documentation), for a process that exits when its one task is done. Does nothing when
/// called again or where the region cannot be reserved.
pub fn begin() {
    if START.load(Ordering::Relaxed) != 0 {
        return;
    }
    let Some(start) = reserve(REGION) else {
        return;
    };
    START.store(start, Ordering::Relaxed);
    END.store(start + REGION, Ordering::Relaxed);
    BUMP.with(|bump| bump.switch_on(start, start + REGION));
}

/// `len` bytes of address space on a huge-page boundary, committed as touched; `None` where
/// the system gives none (or on a system where this was not measured).
#[cfg(target_os = "linux")]
fn reserve(len: usize) -> Option<usize> {
    /// Huge pages are 2 MiB on x86-64 and aarch64 Linux; the region starts on such a boundary.
    const HUGE_PAGE: usize = 2 << 20;
    // SAFETY: an anonymous private mapping at an address of the kernel's choosing touches no
    // existing memory; the result is checked before use.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len + HUGE_PAGE,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if base == libc::MAP_FAILED {
        return None;
    }
    let start = (base as usize).next_multiple_of(HUGE_PAGE);
    // SAFETY: `start..start + len` lies inside the mapping just made. The advice is a hint: where
    // transparent huge pages are off it fails and changes nothing.
    unsafe { libc::madvise(start as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
    Some(start)
}

#[cfg(not(target_os = "linux"))]
fn reserve(_len: usize) -> Option<usize> {
    None
}

/// Whether `ptr` lies in the region.
#[inline]
fn in_region(ptr: usize) -> bool {
    ptr >= START.load(Ordering::Relaxed) && ptr < END.load(Ordering::Relaxed)
}

/// The size class of a block of `size` bytes: class `c` holds blocks of `16 << c` bytes.
#[inline]
fn class(size: usize) -> usize {
    let size = size.max(ALIGN);
    (usize::BITS - (size - 1).leading_zeros()) as usize - ALIGN.trailing_zeros() as usize
}

/// The bytes of a block of class `c`.
#[inline]
fn block(c: usize) -> usize {
    ALIGN << c
}

/// One thread's view of a region: its end, the unused rest, and a free list per size class
/// (each free block's first word holds the address of the next, 0 ending the list).
pub(crate) struct Bump {
    next: Cell<usize>,
    end: Cell<usize>,
    free: [Cell<usize>; CLASSES],
}

impl Bump {
    const fn off() -> Self {
        Self {
            next: Cell::new(0),
            end: Cell::new(0),
            free: [const { Cell::new(0) }; CLASSES],
        }
    }

    /// Hands out `start..end`, which must be writable memory that nothing else uses, aligned to
    /// [`ALIGN`], for as long as this `Bump` is used.
    fn switch_on(&self, start: usize, end: usize) {
        debug_assert_eq!(start % ALIGN, 0);
        self.next.set(start);
        self.end.set(end);
    }

    /// A block for `layout` and whether it is fresh (never handed out: still zeroed when the
    /// region was), or `None`: off, an alignment above [`ALIGN`], or no room left.
    #[inline]
    fn alloc(&self, layout: Layout) -> Option<(usize, bool)> {
        if self.end.get() == 0 || layout.align() > ALIGN {
            return None;
        }
        let c = class(layout.size());
        let free = self.free.get(c)?;
        let head = free.get();
        if head != 0 {
            // SAFETY: a free block's first word was written by `dealloc` (blocks are ≥ 16 bytes
            // and aligned to 16).
            free.set(unsafe { *(head as *const usize) });
            return Some((head, false));
        }
        let at = self.next.get();
        let next = at.checked_add(block(c)).filter(|&n| n <= self.end.get())?;
        self.next.set(next);
        Some((at, true))
    }

    /// Puts back the block at `ptr`, taken from this region for `size` bytes (or shrunk to them).
    #[inline]
    fn dealloc(&self, ptr: usize, size: usize) {
        if self.end.get() == 0 {
            return;
        }
        let free = &self.free[class(size)];
        // SAFETY: the block is the caller's to give back, at least 16 bytes and aligned to 16.
        unsafe { *(ptr as *mut usize) = free.get() };
        free.set(ptr);
    }

    /// Grows the block at `ptr` from `old` to `new` bytes where it lies at the region's end and
    /// the region has room; whether it did.
    #[inline]
    fn grow_in_place(&self, ptr: usize, old: usize, new: usize) -> bool {
        let (old_c, new_c) = (class(old), class(new));
        if self.end.get() == 0 || new_c >= CLASSES || self.next.get() != ptr + block(old_c) {
            return false;
        }
        match ptr.checked_add(block(new_c)) {
            Some(next) if next <= self.end.get() => {
                self.next.set(next);
                true
            }
            _ => false,
        }
    }
}

// SAFETY: every block handed out is either the system allocator's for the same layout or a
// block of the region at least `layout.size()` bytes long, aligned to `layout.align()` (≤ 16),
// used by nobody else until it is freed; a region block freed is only reused by the thread
// that owns the region.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match BUMP.try_with(|bump| bump.alloc(layout)) {
            Ok(Some((ptr, _))) => ptr as *mut u8,
            // SAFETY: the caller's layout, as given.
            _ => unsafe { System.alloc(layout) },
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match BUMP.try_with(|bump| bump.alloc(layout)) {
            Ok(Some((ptr, true))) => ptr as *mut u8,
            Ok(Some((ptr, false))) => {
                // SAFETY: a block of at least `layout.size()` bytes, just taken.
                unsafe { std::ptr::write_bytes(ptr as *mut u8, 0, layout.size()) };
                ptr as *mut u8
            }
            // SAFETY: the caller's layout, as given.
            _ => unsafe { System.alloc_zeroed(layout) },
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if in_region(ptr as usize) {
            // On another thread than the region's owner, `Bump` is off and the block is left.
            let _ = BUMP.try_with(|bump| bump.dealloc(ptr as usize, layout.size()));
        } else {
            // SAFETY: a block of the system allocator's, with the layout it was taken for.
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let at = ptr as usize;
        if !in_region(at) {
            // SAFETY: a block of the system allocator's; the caller's sizes, as given.
            return unsafe { System.realloc(ptr, layout, new_size) };
        }
        // A block already large enough is kept (a shrunk block goes back on a smaller class's
        // list, which its size still covers).
        if class(new_size) <= class(layout.size())
            || BUMP
                .try_with(|bump| bump.grow_in_place(at, layout.size(), new_size))
                .unwrap_or(false)
        {
            return ptr;
        }
        // SAFETY: `new_size` is non-zero and, rounded to the alignment, fits `isize` (the
        // caller's promise).
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: as for `alloc`.
        let moved = unsafe { self.alloc(new_layout) };
        if !moved.is_null() {
            // SAFETY: both blocks are at least `layout.size()` bytes (the new one is larger) and
            // distinct; the old one is given back once copied.
            unsafe {
                std::ptr::copy_nonoverlapping(ptr, moved, layout.size());
                self.dealloc(ptr, layout);
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `Bump` over a buffer of the test's own (the process's allocator is not involved).
    fn bump_over(buffer: &mut [u128]) -> Bump {
        let bump = Bump::off();
        let start = buffer.as_mut_ptr() as usize;
        bump.switch_on(start, start + std::mem::size_of_val(buffer));
        bump
    }

    fn layout(size: usize, align: usize) -> Layout {
        Layout::from_size_align(size, align).unwrap()
    }

    #[test]
    fn size_classes_are_powers_of_two_from_16_bytes() {
        assert_eq!(
            [1, 16, 17, 32, 33, 4096, 4097].map(|size| block(class(size))),
            [16, 16, 32, 32, 64, 4096, 8192]
        );
    }

    #[test]
    fn blocks_are_cut_in_order_aligned_and_reused_by_size() {
        let mut buffer = [0u128; 64];
        let bump = bump_over(&mut buffer);
        let start = buffer.as_ptr() as usize;
        let (a, fresh_a) = bump.alloc(layout(24, 8)).unwrap();
        let (b, _) = bump.alloc(layout(16, 16)).unwrap();
        assert_eq!((a, fresh_a, b), (start, true, start + 32));
        bump.dealloc(a, 24);
        // A 16-byte request does not take the freed 32-byte block; a 20-byte one does.
        assert_eq!(bump.alloc(layout(16, 8)).unwrap().0, start + 48);
        assert_eq!(bump.alloc(layout(20, 4)).unwrap(), (a, false));
    }

    #[test]
    fn the_last_block_grows_in_place_and_no_other_does() {
        let mut buffer = [0u128; 64];
        let bump = bump_over(&mut buffer);
        let (a, _) = bump.alloc(layout(16, 8)).unwrap();
        let (b, _) = bump.alloc(layout(16, 8)).unwrap();
        assert!(!bump.grow_in_place(a, 16, 17));
        assert!(bump.grow_in_place(b, 16, 100));
        // `b` now spans 128 bytes: the next block starts after them.
        assert_eq!(bump.alloc(layout(1, 1)).unwrap().0, b + 128);
    }

    #[test]
    fn a_full_region_an_overaligned_layout_and_a_switched_off_bump_give_nothing() {
        let mut buffer = [0u128; 4];
        let bump = bump_over(&mut buffer);
        assert!(bump.alloc(layout(64, 32)).is_none());
        assert!(bump.alloc(layout(48, 8)).is_some());
        assert!(bump.alloc(layout(32, 8)).is_none());
        assert!(!bump.grow_in_place(buffer.as_ptr() as usize, 48, 65));
        assert!(Bump::off().alloc(layout(8, 8)).is_none());
    }

    #[test]
    fn the_global_allocator_keeps_what_is_written_through_growth_and_across_threads() {
        begin();
        let mut words: Vec<u64> = Vec::new();
        let mut texts = Vec::new();
        for i in 0..20_000u64 {
            words.push(i * 3);
            if i % 7 == 0 {
                texts.push(format!("{i:>40}"));
            }
            if i % 11 == 0 {
                texts.pop();
            }
        }
        assert!(words.iter().enumerate().all(|(i, &w)| w == i as u64 * 3));
        assert!(texts.iter().all(|t| t.len() == 40));
        // Blocks of this thread freed on another, and the other's own blocks: the system's.
        let sent = std::thread::spawn(move || {
            let theirs: Vec<u64> = (0..1000).collect();
            drop(texts);
            theirs
        })
        .join()
        .unwrap();
        assert_eq!(sent.iter().sum::<u64>(), 499_500);
        let mut grown = sent;
        grown.extend(0..100_000);
        assert_eq!(grown.len(), 101_000);
        grown.truncate(1501);
        grown.shrink_to_fit();
        assert_eq!((grown.len(), grown[1500]), (1501, 500));
    }
}
