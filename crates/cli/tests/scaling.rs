//! `hetlab scaling` prints the chains.md §9.4 table with the spec's decimals.

mod common;

use common::hetlab;

#[test]
fn scaling_prints_the_spec_table() {
    let out = hetlab(&["scaling", "--p", "32,64,512"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for row in [
        "| blunt-like (W_tot = 2139384) | 32 | 0.329 | 0.370 | 0.099 |",
        "|  | 64 | 0.780 | 1.217 | 0.179 |",
        "|  | 512 | 10.905 | 12.581 | 1.550 |",
        "| g7jac050sc-like (W_tot = 147125) | 32 | 2.484 | 2.979 | 0.533 |",
        "|  | 64 | 10.705 | 10.289 | 1.318 |",
        "|  | 512 | 109.891 | 135.220 | 10.834 |",
    ] {
        assert!(text.contains(row), "missing {row:?} in\n{text}");
    }
}

#[test]
fn scaling_json_is_exact_and_bad_options_are_refused() {
    let out = hetlab(
        &[
            "scaling",
            "--preset",
            "g7jac050sc-like",
            "--p",
            "32",
            "--json",
        ],
        None,
    );
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["preset"], "g7jac050sc-like");
    assert_eq!(v[0]["rows"][0]["p"], 32);
    for (args, needle) in [
        (&["scaling", "--preset", "nope"][..], "unknown preset"),
        (&["scaling", "--p", "0"][..], "between 1 and 2048"),
        (&["scaling", "--emax", "99"][..], "emax"),
    ] {
        let out = hetlab(args, None);
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).contains(needle));
    }
}
