//! The files of `src/` import each other without a circle: each file's
//! `crate::` paths (outside its unit tests) name files below it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, by its path relative to `root`.
fn sources(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let name = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            out.insert(name, std::fs::read_to_string(&path).unwrap());
        }
    }
}

/// The file of module path `parts` (`["rules", "basic"]`): the longest
/// prefix that is a file, `lib.rs` for the crate root.
fn file_of(files: &BTreeMap<String, String>, parts: &[&str]) -> String {
    for n in (1..=parts.len()).rev() {
        let stem = parts[..n].join("/");
        for name in [format!("{stem}.rs"), format!("{stem}/mod.rs")] {
            if files.contains_key(&name) {
                return name;
            }
        }
    }
    "lib.rs".to_string()
}

/// The files `text` names through `crate::` paths, `use crate::a::{b, c}`
/// groups included (comments and the unit tests left out).
fn imports(files: &BTreeMap<String, String>, text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap();
    let mut out = Vec::new();
    for line in code.lines().map(|l| l.split("//").next().unwrap()) {
        for (i, _) in line.match_indices("crate::") {
            let rest = &line[i + "crate::".len()..];
            let path: String =
                rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_' || *c == ':').collect();
            let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
            out.push(file_of(files, &parts));
            if let Some(group) = rest.strip_prefix(path.as_str()).and_then(|g| g.strip_prefix('{')) {
                for item in group.split('}').next().unwrap().split(',') {
                    let item = item.trim().split("::").next().unwrap();
                    if item.starts_with(|c: char| c.is_ascii_lowercase()) && item != "self" {
                        out.push(file_of(files, &[&parts[..], &[item]].concat()));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn no_file_imports_a_file_that_imports_it_back() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    sources(&root, &root, &mut files);
    let mut edges: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, text) in &files {
        let deps = imports(&files, text).into_iter().filter(|d| d != name && d != "lib.rs");
        edges.insert(name.clone(), deps.collect());
    }
    assert!(edges["ladder.rs"].contains(&"rules/basic.rs".to_string()), "the parser missed an import");
    // Depth-first search for a back edge.
    fn visit<'a>(
        v: &'a str,
        edges: &'a BTreeMap<String, Vec<String>>,
        state: &mut BTreeMap<&'a str, bool>,
        stack: &mut Vec<&'a str>,
    ) {
        state.insert(v, false);
        stack.push(v);
        for w in &edges[v] {
            match state.get(w.as_str()) {
                Some(false) => {
                    let from = stack.iter().position(|&s| s == w).unwrap();
                    panic!("import circle: {} -> {w}", stack[from..].join(" -> "));
                }
                Some(true) => {}
                None => visit(w, edges, state, stack),
            }
        }
        stack.pop();
        state.insert(v, true);
    }
    let mut state = BTreeMap::new();
    for v in edges.keys() {
        if !state.contains_key(v.as_str()) {
            visit(v, &edges, &mut state, &mut Vec::new());
        }
    }
}
