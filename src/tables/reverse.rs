//! Reverse maps for the encoders: code point -> pointer, derived from a decode
//! index at first use instead of being shipped as a second table.
//!
//! Two levels: a page number (code point >> 8) selects a 256-entry block, so a
//! lookup is two array reads and memory is spent only on pages the index uses
//! (jis0208: about 100 pages, 50 KB). Entries hold pointer + 1, 0 meaning "none".

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;
use once_cell::race::OnceBox;

/// The decode index a reverse map is built from.
#[derive(Clone, Copy)]
pub(crate) enum Source {
    U16(&'static [u16]),
    U32(&'static [u32]),
}

impl Source {
    fn len(self) -> usize {
        match self {
            Source::U16(t) => t.len(),
            Source::U32(t) => t.len(),
        }
    }

    /// The code point at `pointer` (0 past the end).
    fn at(self, pointer: usize) -> u32 {
        match self {
            Source::U16(t) => t.get(pointer).map_or(0, |&cp| u32::from(cp)),
            Source::U32(t) => t.get(pointer).copied().unwrap_or(0),
        }
    }
}

/// The reverse map in `cell`, built at first use from the index `source`
/// gives (see [`ReverseMap::first_pointers`]). Every map of the module goes
/// through the one non-generic builder below: built per call site (a closure
/// and an iterator type each), the eleven maps cost 7.6 KB of wasm code
/// (~5 KB gzip) for what is one loop.
#[inline]
pub(crate) fn lazy(cell: &'static OnceBox<ReverseMap>, source: impl FnOnce() -> Source, skip: Range<usize>, last: &'static [u32]) -> &'static ReverseMap {
    match cell.get() {
        Some(map) => map,
        None => build_into(cell, source(), skip, last),
    }
}

#[cold]
#[inline(never)]
fn build_into(cell: &'static OnceBox<ReverseMap>, source: Source, skip: Range<usize>, last: &'static [u32]) -> &'static ReverseMap {
    cell.get_or_init(|| ReverseMap::first_pointers(source, skip, last))
}

pub(crate) struct ReverseMap {
    /// For each page, 1 + the position of its block in `blocks`, or 0.
    pages: Vec<u16>,
    blocks: Vec<[u16; 256]>,
}

impl ReverseMap {
    /// An empty map for code points up to `max_cp`.
    pub(crate) fn new(max_cp: u32) -> ReverseMap {
        ReverseMap { pages: vec![0; (max_cp as usize >> 8) + 1], blocks: Vec::new() }
    }

    /// Builds the map of an index where "index pointer" is the first pointer for a
    /// code point (spec §5), leaving out the pointers in `skip`; the code points
    /// in `last` take their last pointer instead (index Big5 pointer).
    pub(crate) fn first_pointers(source: Source, skip: Range<usize>, last: &[u32]) -> Box<ReverseMap> {
        let len = source.len();
        let max = (0..len).map(|pointer| source.at(pointer)).max().unwrap_or(0);
        let mut map = ReverseMap::new(max);
        for pointer in 0..len {
            let cp = source.at(pointer);
            if cp != 0 && !skip.contains(&pointer) && (map.get(cp).is_none() || last.contains(&cp)) {
                map.set(cp, pointer);
            }
        }
        Box::new(map)
    }

    /// The pointer stored for `cp`.
    #[inline]
    pub(crate) fn get(&self, cp: u32) -> Option<usize> {
        let page = *self.pages.get((cp >> 8) as usize)?;
        let block = self.blocks.get(usize::from(page).checked_sub(1)?)?;
        match block[(cp & 0xFF) as usize] {
            0 => None,
            entry => Some(usize::from(entry) - 1),
        }
    }

    /// Stores `pointer` for `cp` (pointers of the standard's indexes are < 65535;
    /// larger ones and code points beyond `max_cp` are ignored).
    pub(crate) fn set(&mut self, cp: u32, pointer: usize) {
        let Ok(entry) = u16::try_from(pointer + 1) else { return };
        let Some(page) = self.pages.get_mut((cp >> 8) as usize) else { return };
        if *page == 0 {
            self.blocks.push([0; 256]);
            *page = self.blocks.len() as u16;
        }
        let at = usize::from(*page) - 1;
        if let Some(block) = self.blocks.get_mut(at) {
            block[(cp & 0xFF) as usize] = entry;
        }
    }
}
