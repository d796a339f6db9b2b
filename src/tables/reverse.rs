//! Reverse maps for the encoders: code point -> pointer, derived from a decode
//! index at first use instead of being shipped as a second table.
//!
//! Two levels: a page number (code point >> 8) selects a 256-entry block, so a
//! lookup is two array reads and memory is spent only on pages the index uses
//! (jis0208: about 100 pages, 50 KB). Entries hold pointer + 1, 0 meaning "none".

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

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
    /// code point (spec §5), skipping pointers for which `skip` is true.
    pub(crate) fn first_pointers(index: impl Iterator<Item = u32> + Clone, skip: impl Fn(usize) -> bool) -> Box<ReverseMap> {
        let max = index.clone().max().unwrap_or(0);
        let mut map = ReverseMap::new(max);
        for (pointer, cp) in index.enumerate() {
            if cp != 0 && !skip(pointer) && map.get(cp).is_none() {
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
