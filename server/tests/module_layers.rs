//! The server's modules form layers, and so do those of the crates beside
//! it (`cli`, `judge`) and of the core: no module reaches, through the
//! `crate::` and `super::` paths of its code, a module that reaches it
//! back. A cycle means no part can be read or tested from the bottom up
//! (issue 27), so one is a failure naming every module on it.
//!
//! A node is one source file's module (`mcp/resources.rs` is
//! `mcp::resources`, a child is not its parent); an edge is any path in
//! that file's non-test code that names an item of another module. Doc
//! links are comments and do not count; `#[cfg(test)]` items do not either,
//! as a test may look at any layer.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use petgraph::algo::tarjan_scc;
use petgraph::graphmap::DiGraphMap;
use syn::visit::Visit;

/// The module path of a source file under `src`: `a/b.rs` and `a/b/mod.rs`
/// are `a::b`; the crate root (`lib.rs`) is the empty path.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap_or(file).with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts
        .last()
        .is_some_and(|last| last == "mod" || last == "lib")
    {
        parts.pop();
    }
    parts
}

fn source_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            source_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// Every `crate::`/`super::` path of one file, as absolute module paths
/// (the items' own names included; [`resolve`] cuts them to a module).
struct Paths {
    /// The module the visitor is in: the file's, then any inline module.
    here: Vec<String>,
    found: Vec<Vec<String>>,
}

impl Paths {
    fn absolute(&self, segments: &[String]) -> Option<Vec<String>> {
        let (first, rest) = segments.split_first()?;
        let mut base = match first.as_str() {
            "crate" => Vec::new(),
            "super" => self.here[..self.here.len().checked_sub(1)?].to_vec(),
            "self" => self.here.clone(),
            // A relative path names a child module or an outside crate;
            // [`resolve`] cuts the latter back to `here`, which is no edge.
            _ => return Some(self.here.iter().chain(segments).cloned().collect()),
        };
        let mut rest = rest;
        while let Some((next, tail)) = rest.split_first() {
            if next != "super" {
                break;
            }
            base.pop()?;
            rest = tail;
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.use_tree(prefix, &path.tree);
                prefix.pop();
            }
            syn::UseTree::Name(name) => self.record_with(prefix, &name.ident),
            syn::UseTree::Rename(rename) => self.record_with(prefix, &rename.ident),
            syn::UseTree::Glob(_) => self.record(prefix),
            syn::UseTree::Group(group) => {
                for item in &group.items {
                    self.use_tree(prefix, item);
                }
            }
        }
    }

    fn record_with(&mut self, prefix: &[String], last: &syn::Ident) {
        let mut path = prefix.to_vec();
        path.push(last.to_string());
        self.record(&path);
    }

    fn record(&mut self, segments: &[String]) {
        if let Some(path) = self.absolute(segments) {
            self.found.push(path);
        }
    }
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Ident>()
                .is_ok_and(|ident| ident == "test")
    })
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(item) => &item.attrs,
            syn::Item::Fn(item) => &item.attrs,
            syn::Item::Impl(item) => &item.attrs,
            syn::Item::Use(item) => &item.attrs,
            syn::Item::Const(item) => &item.attrs,
            syn::Item::Struct(item) => &item.attrs,
            syn::Item::Enum(item) => &item.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !is_test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_some() {
            self.here.push(item.ident.to_string());
            syn::visit::visit_item_mod(self, item);
            self.here.pop();
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    /// `pub(super)` names who may see an item, not what it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.record(&segments);
        syn::visit::visit_path(self, path);
    }
}

/// The longest module among `modules` that `path` starts with.
fn resolve(modules: &BTreeSet<Vec<String>>, path: &[String]) -> Option<Vec<String>> {
    (0..=path.len())
        .rev()
        .map(|len| path[..len].to_vec())
        .find(|prefix| modules.contains(prefix))
}

fn name(module: &[String]) -> String {
    match module.is_empty() {
        true => "crate".to_owned(),
        false => module.join("::"),
    }
}

/// The cycles among the modules of the library under `src` (its `lib.rs`
/// and what that declares; `main.rs` and `bin/` are other crates).
fn cycles(src: &Path) -> Vec<Vec<String>> {
    let mut files = Vec::new();
    source_files(src, &mut files);
    files.retain(|f| {
        let relative = f.strip_prefix(src).unwrap_or(f);
        relative != Path::new("main.rs") && !relative.starts_with("bin")
    });
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    let names: Vec<String> = modules.iter().map(|m| name(m)).collect();
    let mut graph = DiGraphMap::<&str, ()>::new();
    for module in &names {
        graph.add_node(module.as_str());
    }
    let mut edges = Vec::new();
    for file in &files {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let syntax = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let here = module_of(src, file);
        let mut paths = Paths {
            here: here.clone(),
            found: Vec::new(),
        };
        paths.visit_file(&syntax);
        for path in paths.found {
            if let Some(target) = resolve(&modules, &path)
                && target != here
            {
                edges.push((name(&here), name(&target)));
            }
        }
    }
    for (from, to) in &edges {
        let from = names.iter().find(|n| *n == from).map(String::as_str);
        let to = names.iter().find(|n| *n == to).map(String::as_str);
        if let (Some(from), Some(to)) = (from, to) {
            graph.add_edge(from, to, ());
        }
    }
    tarjan_scc(&graph)
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|component| {
            let mut component: Vec<String> = component.into_iter().map(str::to_owned).collect();
            component.sort();
            component
        })
        .collect()
}

#[test]
fn the_server_modules_have_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let cycles = cycles(&src);
    assert!(
        cycles.is_empty(),
        "module cycles (each list reaches itself through `crate::` paths): {cycles:?}"
    );
}

/// The crates beside the server library: the `deskbench` runners (`cli`)
/// and the LLM judge with its chat client (`judge`), each checked as the
/// server is.
#[test]
fn the_cli_and_judge_modules_have_no_cycle() {
    for krate in ["cli", "judge"] {
        let src = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(krate)
            .join("src");
        let cycles = cycles(&src);
        assert!(
            cycles.is_empty(),
            "{krate}'s module cycles (each list reaches itself through `crate::` paths): {cycles:?}"
        );
    }
}

/// The cycles `env-wasm` still has, each named by its modules: none. Found
/// cycles must equal this list and it only shrinks, so a new cycle fails.
const CORE_CYCLES_LEFT: &[&[&str]] = &[];

/// The core crate's layers: `task`, `tools` and the leaves below `episode`,
/// below each environment, below `registry`, below `splits`, `reset` and
/// `seam`; no module of one layer reaches a higher one.
#[test]
fn the_core_modules_have_no_cycle_but_the_known() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../env-wasm/src");
    let mut found = cycles(&src);
    found.sort();
    let known: Vec<Vec<String>> = CORE_CYCLES_LEFT
        .iter()
        .map(|cycle| cycle.iter().map(|m| (*m).to_owned()).collect())
        .collect();
    assert_eq!(
        found, known,
        "env-wasm's module cycles changed (left: found, right: CORE_CYCLES_LEFT); a new cycle \
         is a layering error, a broken one leaves the list"
    );
}

/// The test can fail: a crate whose two modules name each other is found.
#[test]
fn a_cycle_is_found() {
    let dir = std::env::temp_dir().join(format!("module-layers-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("b")).expect("temp dir");
    let write = |path: &str, text: &str| std::fs::write(src.join(path), text).expect("write");
    write(
        "lib.rs",
        "pub mod a;\npub mod b;\npub mod c;\npub mod d;\npub mod e;\n",
    );
    write("a.rs", "use crate::b::inner::Thing;\npub struct A;\n");
    write("b.rs", "pub mod inner;\n");
    write(
        "b/inner.rs",
        "pub struct Thing;\npub fn f() -> super::super::a::A { crate::a::A }\n",
    );
    write(
        "c.rs",
        "#[cfg(test)]\nmod tests { use crate::a::A; }\n/// [`crate::a::A`]\npub fn g() { let _ = crate::b::inner::Thing; }\n",
    );
    // A parent naming its child by a relative path, the child naming the
    // parent's item through `super`: a cycle too.
    write(
        "d.rs",
        "mod child;\npub struct D;\npub fn h() { child::f(); }\n",
    );
    std::fs::create_dir_all(src.join("d")).expect("temp dir");
    write("d/child.rs", "pub fn f() { let _ = super::D; }\n");
    // `pub(super)` is who may see an item, not a use of the parent.
    write("e.rs", "mod child;\npub fn h() { child::f(); }\n");
    std::fs::create_dir_all(src.join("e")).expect("temp dir");
    write("e/child.rs", "pub(super) fn f() {}\n");
    let found = cycles(&src);
    std::fs::remove_dir_all(&dir).ok();
    let mut found = found;
    found.sort();
    let expected = [["a", "b::inner"], ["d", "d::child"]];
    assert_eq!(found, expected.map(|pair| pair.map(str::to_owned).to_vec()));
}
