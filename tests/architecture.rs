//! The checks behind ARCHITECTURE.md's claims that no other test makes: every path it names
//! exists, and the rules of its "Invariants" section that are a grep of the sources (no solver
//! call under `src/draw/`, no clock or I/O in the core, no web dependency in the core, the LP
//! and XML crates each behind one module, catalog = registry, every package under the
//! workspace's lints).
//!
//! The greps read code, not comments or string contents (`code_of` blanks both), so a doc
//! comment may name what the code must not use.
//!
//! Run: `cargo test -p hetlab-web --test architecture` (also part of `cargo test --workspace`,
//! hence `./run test`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root (the root package is hetlab-web).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Every `.rs` file under `rel`, as repository-relative paths with `/`.
fn rs_files(rel: &str) -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("directory entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join(rel), &mut out);
    out.iter()
        .map(|p| {
            p.strip_prefix(root())
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect()
}

/// Rust source with comments removed and the contents of string and char literals blanked
/// (quotes kept), so that what remains is code.
fn code_of(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < c.len() {
        if c[i] == '/' && ch(&c, i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && ch(&c, i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && ch(&c, i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && ch(&c, i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c[i] == 'r'
            && (ch(&c, i + 1) == '#' || ch(&c, i + 1) == '"')
            && !prev_is_ident(&c, i)
        {
            // A raw string r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) == Some(&'"') {
                j += 1;
                loop {
                    if j >= c.len() {
                        break;
                    }
                    if c[j] == '"' && (1..=hashes).all(|h| c.get(j + h) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                out.push_str("\"\"");
                i = j;
            } else {
                out.push(c[i]);
                i += 1;
            }
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c[i] == '\'' && (ch(&c, i + 1) == '\\' || ch(&c, i + 2) == '\'') {
            // A char literal ('x', '\n', '\u{..}'); a lifetime ('a) is left alone.
            i += 1;
            while i < c.len() && c[i] != '\'' {
                if c[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// The character at `j`, or NUL past the end.
fn ch(c: &[char], j: usize) -> char {
    c.get(j).copied().unwrap_or('\0')
}

fn prev_is_ident(c: &[char], i: usize) -> bool {
    i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_')
}

/// A token of code: an identifier or one punctuation character.
fn tokens(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for ch in code.chars() {
        if ch.is_alphanumeric() || ch == '_' {
            cur.push(ch);
        } else {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            if !ch.is_whitespace() {
                out.push(ch.to_string());
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `code` (from [`code_of`]) without its `#[cfg(test)]` items, and the names of the module
/// files declared under `#[cfg(test)]` (`#[cfg(test)] mod tests;`).
fn without_test_items(code: &str) -> (String, Vec<String>) {
    const ATTR: &str = "#[cfg(test)]";
    let mut out = String::new();
    let mut test_mods = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(ATTR) {
        out.push_str(&rest[..at]);
        let item = &rest[at + ATTR.len()..];
        // The item ends at its first `;` outside braces, or at the brace closing its body.
        let mut depth = 0usize;
        let mut end = item.len();
        for (k, ch) in item.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        let toks = tokens(&item[..end]);
        if toks.last().map(String::as_str) == Some(";") {
            if let Some(p) = toks.iter().position(|t| t == "mod") {
                test_mods.push(toks[p + 1].clone());
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    (out, test_mods)
}

/// The non-test files of the module tree rooted at `root_file` (a `mod.rs` or `lib.rs`), each
/// with its code outside `#[cfg(test)]` items.
fn non_test_modules(root_file: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut todo = vec![root_file.to_string()];
    while let Some(file) = todo.pop() {
        let (code, test_mods) = without_test_items(&code_of(&read(&file)));
        let dir = if file.ends_with("/mod.rs") || file.ends_with("/lib.rs") {
            file.rsplit_once('/').expect("a folder").0.to_string()
        } else {
            file.trim_end_matches(".rs").to_string()
        };
        let toks = tokens(&code);
        for w in toks.windows(3) {
            if w[0] == "mod" && w[2] == ";" && !test_mods.contains(&w[1]) {
                let flat = format!("{dir}/{}.rs", w[1]);
                let nested = format!("{dir}/{}/mod.rs", w[1]);
                if root().join(&flat).is_file() {
                    todo.push(flat);
                } else if root().join(&nested).is_file() {
                    todo.push(nested);
                } else {
                    panic!(
                        "{file} declares `mod {};`, found neither {flat} nor {nested}",
                        w[1]
                    );
                }
            }
        }
        out.push((file, code));
    }
    out.sort();
    out
}

/// The solver calls of `code` (non-test code of `src/draw/`), as `name` at token index.
fn solver_calls(code: &str) -> Vec<String> {
    const NAMES: &[&str] = &[
        "run_offered",
        "run_offered_within",
        "run_within",
        "run_algorithm",
        "solve_family_within",
        "explained",
        "check_invariants",
        "check_invariants_of",
    ];
    let t = tokens(code);
    let mut found = Vec::new();
    for (k, tok) in t.iter().enumerate() {
        let prev = |n: usize| k.checked_sub(n).map_or("", |j| t[j].as_str());
        let next = t.get(k + 1).map_or("", String::as_str);
        let hit = tok.starts_with("solve")
            || NAMES.contains(&tok.as_str())
            // `F::run(..)`, `Family::run(..)`
            || (tok == "run" && prev(1) == ":" && prev(2) == ":" && next == "(")
            // a family's `extras(..)`, not a method or field of that name
            || (tok == "extras" && next == "(" && prev(1) != "fn" && prev(1) != ".");
        if hit {
            found.push(tok.clone());
        }
    }
    found
}

#[test]
fn the_draw_check_sees_solver_calls_and_skips_tests() {
    let src = r#"
        use hetlab_core::scatter::{solve_traced, Algorithm}; // solve() in a comment
        pub fn f(x: &X) -> Y { let s = "solve()"; hetlab_core::family::run_offered::<F>(x, None, true) }
        pub fn g(&self) -> E { self.extras.clone() }
        pub fn extras(&self) -> E { extras(r, a) }
        #[cfg(test)]
        mod tests { fn t() { hetlab_core::lu::solve("1d"); F::run(i, a, true); } }
        #[cfg(test)]
        mod more;
    "#;
    let (code, test_mods) = without_test_items(&code_of(src));
    assert_eq!(
        solver_calls(&code),
        ["solve_traced", "run_offered", "extras"],
        "{code}"
    );
    assert_eq!(test_mods, ["more"]);
}

#[test]
fn no_solver_call_in_non_test_code_under_src_draw() {
    let files = non_test_modules("src/draw/mod.rs");
    assert!(
        files.len() > 20,
        "the draw module tree: {} files",
        files.len()
    );
    let mut bad = Vec::new();
    for (file, code) in &files {
        for call in solver_calls(code) {
            bad.push(format!("{file}: {call}"));
        }
    }
    assert!(
        bad.is_empty(),
        "src/draw/ maps a replayed state to shapes; these call a solver outside tests \
         (move the work to the family's extras.rs in the core, run by the worker):\n{}",
        bad.join("\n")
    );
}

/// The forbidden uses of std in `code`: clock, files, I/O, environment, network, processes.
fn clock_or_io(code: &str) -> Vec<String> {
    const MODULES: &[&str] = &["time", "fs", "io", "env", "net", "process"];
    let t = tokens(code);
    let mut found = Vec::new();
    for (k, tok) in t.iter().enumerate() {
        if tok == "Instant" || tok == "SystemTime" {
            found.push(tok.clone());
        }
        if tok == "std" && t.get(k + 1).is_some_and(|x| x == ":") {
            // `std::fs`, or a group `std::{fs, io::Write}`
            let after = &t[(k + 3).min(t.len())..];
            let named: Vec<&String> = if after.first().is_some_and(|x| x == "{") {
                let close = after.iter().position(|x| x == "}").unwrap_or(after.len());
                after[..close].iter().collect()
            } else {
                after.iter().take(1).collect()
            };
            for n in named {
                if MODULES.contains(&n.as_str()) {
                    found.push(format!("std::{n}"));
                }
            }
        }
    }
    found
}

#[test]
fn the_clock_and_io_check_sees_them() {
    let code = code_of("use std::{fmt, fs}; // std::io\nlet t = std::time::Instant::now();");
    assert_eq!(clock_or_io(&code), ["std::fs", "std::time", "Instant"]);
}

#[test]
fn the_core_has_no_clock_and_no_io() {
    let mut bad = Vec::new();
    for file in rs_files("crates/core/src") {
        for found in clock_or_io(&code_of(&read(&file))) {
            bad.push(format!("{file}: {found}"));
        }
    }
    assert!(
        bad.is_empty(),
        "the core computes and returns; the CLI and the site do the clock and the I/O:\n{}",
        bad.join("\n")
    );
}

/// The dependency names of `[dependencies]` in a Cargo.toml (not dev- or build-dependencies).
fn normal_dependencies(toml: &str) -> Vec<String> {
    let mut in_deps = false;
    let mut out = Vec::new();
    for line in toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
        } else if in_deps && !line.is_empty() && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once('=') {
                // `serde.workspace = true` is serde
                out.push(name.split('.').next().unwrap_or("").trim().to_string());
            }
        }
    }
    out
}

/// The `rust` links of index.html (Trunk builds one wasm binary per link), as `(data-bin,
/// the whole tag)`.
fn rust_links(html: &str) -> Vec<(String, String)> {
    html.split("<link ")
        .skip(1)
        .map(|t| t.split_once('>').map_or(t, |(tag, _)| tag))
        .filter(|t| t.contains("rel=\"rust\"") && !t.contains("data-trunk-skip"))
        .map(|t| {
            let bin = t
                .split_once("data-bin=\"")
                .and_then(|(_, r)| r.split_once('"'))
                .map_or("", |(b, _)| b);
            (bin.to_string(), t.to_string())
        })
        .collect()
}

/// The page binaries are built without the core's solvers, the solver workers with them: the
/// compiler, not the linker, keeps a solver out of a page (`hetlab-core`'s `solve` feature).
#[test]
fn page_binaries_are_built_without_the_solvers() {
    let links = rust_links(&read("index.html"));
    assert!(links.len() >= 2, "index.html names no wasm binaries");
    for (bin, tag) in &links {
        let solver = bin.starts_with("hetlab-solver-");
        assert_eq!(
            tag.contains("data-cargo-features=\"solve\""),
            solver,
            "{bin}: only the solver worker binaries are built with the `solve` feature"
        );
    }
    let root = read("Cargo.toml");
    assert!(
        root.contains("hetlab-core = { path = \"crates/core\", default-features = false }"),
        "the workspace's hetlab-core dependency must leave the solvers out by default"
    );
    let web_deps = root
        .split_once("[dependencies]")
        .and_then(|(_, r)| r.split_once("\n["))
        .map_or("", |(d, _)| d);
    assert!(
        web_deps.contains("hetlab-core.workspace = true"),
        "hetlab-web's own dependency on hetlab-core takes no feature"
    );
    for bin in root.split("[[bin]]").skip(1) {
        let solver = bin.contains("name = \"hetlab-solver-");
        assert_eq!(
            bin.contains("required-features = [\"solve\"]"),
            solver,
            "only the solver worker binaries require the `solve` feature:{bin}"
        );
    }
}

#[test]
fn the_core_has_no_web_dependency() {
    const WEB: &[&str] = &[
        "wasm-bindgen",
        "js-sys",
        "web-sys",
        "yew",
        "gloo",
        "web-time",
        "getrandom",
    ];
    // Cargo.lock: name (and version) of every package, with its dependencies.
    let lock = read("Cargo.lock");
    let mut deps: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for pkg in lock.split("[[package]]").skip(1) {
        let field = |key: &str| {
            pkg.lines()
                .find_map(|l| l.strip_prefix(&format!("{key} = \"")))
                .map(|v| v.trim_end_matches('"').to_string())
                .unwrap_or_default()
        };
        let list = pkg
            .split_once("dependencies = [")
            .map_or("", |(_, rest)| rest.split(']').next().unwrap_or(""));
        let names = list
            .lines()
            .map(|l| l.trim().trim_end_matches(',').trim_matches('"').to_string())
            .filter(|l| !l.is_empty())
            .collect();
        deps.insert((field("name"), field("version")), names);
    }
    // A lock entry names a dependency as `name` or `name version` (or more).
    let find = |spec: &str| -> (String, String) {
        let mut parts = spec.split(' ');
        let name = parts.next().unwrap_or("").to_string();
        let version = parts.next();
        let keys: Vec<_> = deps
            .keys()
            .filter(|(n, v)| *n == name && version.is_none_or(|x| x == v))
            .collect();
        assert_eq!(keys.len(), 1, "Cargo.lock: {spec} is {keys:?}");
        keys[0].clone()
    };
    let mut seen = BTreeSet::new();
    // hetlab-core's lock entry names its dependencies with their versions; its dev-dependencies
    // (test tools) are left out.
    let normal = normal_dependencies(&read("crates/core/Cargo.toml"));
    let mut todo: Vec<_> = deps[&find("hetlab-core")]
        .iter()
        .filter(|d| {
            normal
                .iter()
                .any(|n| d.split(' ').next() == Some(n.as_str()))
        })
        .map(|d| find(d))
        .collect();
    assert!(todo.len() > 5, "hetlab-core's dependencies: {todo:?}");
    while let Some(key) = todo.pop() {
        if seen.insert(key.clone()) {
            for d in &deps[&key] {
                todo.push(find(d));
            }
        }
    }
    let web: Vec<_> = seen
        .iter()
        .filter(|(n, _)| WEB.contains(&n.as_str()))
        .collect();
    assert!(
        web.is_empty(),
        "hetlab-core depends on {web:?}: the core runs the same natively and in wasm, without \
         the browser"
    );
}

#[test]
fn each_crate_of_the_core_is_used_behind_one_module() {
    // (crate, the only folder whose code may name it)
    const BEHIND: &[(&str, &str)] = &[
        ("minilp", "crates/core/src/lp/"),
        ("roxmltree", "crates/core/src/formats/"),
    ];
    let mut files = rs_files("crates/core/src");
    files.extend(rs_files("crates/cli/src"));
    files.extend(rs_files("src"));
    let mut bad = Vec::new();
    for file in &files {
        let toks = tokens(&code_of(&read(file)));
        for (krate, home) in BEHIND {
            if !file.starts_with(home) && toks.iter().any(|t| t == krate) {
                bad.push(format!("{file} names {krate} (only {home} may)"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_package_takes_the_workspace_lints() {
    let workspace = read("Cargo.toml");
    assert!(workspace.contains("unsafe_code = \"forbid\""));
    assert!(workspace.contains("missing_docs = \"warn\""));
    for toml in [
        "Cargo.toml",
        "crates/core/Cargo.toml",
        "crates/cli/Cargo.toml",
    ] {
        assert!(
            read(toml).contains("[lints]\nworkspace = true"),
            "{toml} does not take the workspace's lints"
        );
    }
}

/// The folders `<family>` stands for in ARCHITECTURE.md: the core's family modules, read from
/// the registry's lines (`Variant => module::family::Unit`).
fn family_folders() -> Vec<String> {
    let registry = read("crates/core/src/families/mod.rs");
    let folders: Vec<String> = registry
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .filter_map(|l| l.split_once("=> ")?.1.split_once("::family::"))
        .map(|(module, _)| module.trim().to_string())
        .filter(|m| m.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect();
    assert_eq!(
        folders.len(),
        hetlab_core::families::PROBLEMS.len(),
        "{folders:?}"
    );
    folders
}

/// Whether `text` (inside backticks) is meant as a path of the repository.
fn looks_like_path(text: &str) -> bool {
    const EXT: &[&str] = &[
        ".rs", ".md", ".html", ".toml", ".js", ".mjs", ".css", ".sh", ".txt", ".json",
    ];
    !text.contains(char::is_whitespace)
        && !text.contains("::")
        && !text.starts_with('#')
        && (text.contains('/') || EXT.iter().any(|e| text.ends_with(e)))
}

/// The repository paths `path` may name: `<family>` is each family's folder.
fn expansions(path: &str) -> Vec<String> {
    if path.contains("<family>") {
        family_folders()
            .iter()
            .map(|f| path.replace("<family>", f))
            .collect()
    } else {
        vec![path.to_string()]
    }
}

/// Checks the paths of ARCHITECTURE.md. A path is read from the root, or from a folder named
/// before it in the same section (its heading included) or paragraph/list item: `share/`
/// after `crates/core/src/`, `compact.rs` after `share/`. Returns the paths that exist nowhere.
fn missing_paths(doc: &str) -> Vec<String> {
    let exists = |p: &str| expansions(p).iter().any(|e| root().join(e).exists());
    let mut missing = Vec::new();
    let mut section: Vec<String> = Vec::new();
    let mut block: Vec<String> = Vec::new();
    for line in doc.lines() {
        let trimmed = line.trim_start();
        let heading = trimmed.starts_with('#');
        if heading {
            section.clear();
            block.clear();
        } else if trimmed.is_empty() || trimmed.starts_with("- ") || trimmed.starts_with("1. ") {
            block.clear();
        }
        if trimmed.starts_with("2. ") {
            block.clear();
        }
        for (k, text) in line.split('`').enumerate() {
            if k % 2 == 0 || !looks_like_path(text) {
                continue;
            }
            let text = text.trim_start_matches("./");
            let found = block
                .iter()
                .rev()
                .chain(section.iter().rev())
                .map(|dir| format!("{dir}{text}"))
                .chain(std::iter::once(text.to_string()))
                .find(|p| exists(p));
            match found {
                Some(p) => {
                    let dir = if p.ends_with('/') {
                        p
                    } else {
                        p.rsplit_once('/')
                            .map_or(String::new(), |(d, _)| format!("{d}/"))
                    };
                    if heading {
                        section.push(dir);
                    } else {
                        block.push(dir);
                    }
                }
                None => missing.push(format!("{text} (line: {})", line.trim())),
            }
        }
    }
    missing
}

#[test]
fn the_path_check_resolves_from_named_folders() {
    let doc = "## X (`crates/core/src/`)\n- `share/`: `compact.rs`, `lp/`\n- `compact.rs`\n\n\
               `crates/core/src/<family>/` owns `extras.rs` and `nowhere.rs`; `a::b`, `#/bench`";
    assert_eq!(
        missing_paths(doc),
        [
            "compact.rs (line: - `compact.rs`)",
            "nowhere.rs (line: `crates/core/src/<family>/` owns `extras.rs` and `nowhere.rs`; \
             `a::b`, `#/bench`)"
        ]
    );
}

#[test]
fn every_path_architecture_md_names_exists() {
    let doc = read("ARCHITECTURE.md");
    let missing = missing_paths(&doc);
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist:\n{}",
        missing.join("\n")
    );
}
