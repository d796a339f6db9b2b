//! Reads the WHATWG index files and encodings.json directly, as the spec's
//! §5 describes, so the tests compare our packed, generated tables with the
//! published data rather than with themselves.
//!
//! The files are committed in data/whatwg-index (or read from
//! $WHATWG_INDEX_DIR, to check another copy). Their absence is a failure, never
//! a skip: a suite that skips can pass for one that ran.
#![allow(dead_code)]

use std::path::PathBuf;

pub fn dir() -> Option<PathBuf> {
    let dir = std::env::var_os("WHATWG_INDEX_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/whatwg-index"));
    if dir.join("encodings.json").is_file() {
        return Some(dir);
    }
    panic!("the WHATWG index files are missing at {}", dir.display());
}

/// (pointer, code point) entries of index-NAME.txt, in file order (spec §5: split
/// on U+000A, drop empty lines and lines starting with U+0023, split on U+0009).
pub fn index(name: &str) -> Option<Vec<(usize, u32)>> {
    let path = dir()?.join(format!("index-{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(
        text.split('\n')
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|line| {
                let mut fields = line.split('\t');
                let pointer = fields.next().unwrap().trim().parse().unwrap();
                let cp = u32::from_str_radix(fields.next().unwrap().trim().trim_start_matches("0x"), 16).unwrap();
                (pointer, cp)
            })
            .collect(),
    )
}

/// "Index code point": pointer -> code point.
pub fn by_pointer(entries: &[(usize, u32)]) -> std::collections::HashMap<usize, u32> {
    entries.iter().copied().collect()
}

/// "Index pointer": the first pointer for each code point, among entries `keep` accepts.
pub fn first_pointers(entries: &[(usize, u32)], keep: impl Fn(usize) -> bool) -> std::collections::HashMap<u32, usize> {
    let mut map = std::collections::HashMap::new();
    let mut sorted = entries.to_vec();
    sorted.sort();
    for (pointer, cp) in sorted {
        if keep(pointer) {
            map.entry(cp).or_insert(pointer);
        }
    }
    map
}

/// The labels of encodings.json: (label, encoding name). A tiny JSON reader for
/// that file's shape, to avoid a dependency.
pub fn labels() -> Option<Vec<(String, String)>> {
    let text = std::fs::read_to_string(dir()?.join("encodings.json")).unwrap();
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("\"labels\"") {
        let open = at + rest[at..].find('[').unwrap();
        let close = open + rest[open..].find(']').unwrap();
        let labels: Vec<String> = rest[open + 1..close]
            .split(',')
            .map(|s| s.trim().trim_matches('"').to_string())
            .filter(|s| !s.is_empty())
            .collect();
        let name_at = close + rest[close..].find("\"name\"").unwrap();
        let value = &rest[name_at + 6..];
        let start = value.find('"').unwrap() + 1;
        let end = start + value[start..].find('"').unwrap();
        for label in labels {
            out.push((label, value[start..end].to_string()));
        }
        rest = &rest[name_at..];
    }
    Some(out)
}
