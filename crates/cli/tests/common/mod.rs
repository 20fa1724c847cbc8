//! Running the `hetlab` binary from the integration tests (each test file uses a part of it).
#![allow(dead_code)]

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

/// Runs `hetlab args`, writing `stdin` to its standard input when given.
pub fn hetlab(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hetlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hetlab");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

/// Standard output of a run that must succeed (notes on standard error are allowed).
pub fn ok(args: &[&str], stdin: Option<&str>) -> String {
    let out = hetlab(args, stdin);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Standard output of a run that must succeed and say nothing on standard error.
pub fn quiet(args: &[&str], stdin: Option<&str>) -> String {
    let out = hetlab(args, stdin);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Standard error of a run that must exit with `code` and print nothing on standard output.
pub fn fails(args: &[&str], code: i32) -> String {
    let out = hetlab(args, None);
    assert_eq!(out.status.code(), Some(code), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    String::from_utf8(out.stderr).unwrap()
}

/// The path of a bundled preset file.
pub fn preset_file(name: &str) -> String {
    format!("{}/../core/presets/{name}.json", env!("CARGO_MANIFEST_DIR"))
}
