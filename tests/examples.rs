//! The programs in `examples/` (the README's first command runs one): under kiln each
//! prints what the reference CPython with numpy prints, its timing line aside, and
//! every loop of it compiles (the jit report says tier 1), so the example shows what
//! kiln is for.

use std::path::Path;
use std::process::{Command, Output};

mod support;
use support::{describe, ref_python, root, take_jit_report};

/// The lines a person compares: all but the one that reports how long it took.
fn results(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.contains(" took "))
        .map(str::to_owned)
        .collect()
}

fn check(example: &Path) {
    let name = example.file_name().unwrap().to_string_lossy().into_owned();
    let report =
        std::env::temp_dir().join(format!("kiln-example-{}-{name}.json", std::process::id()));
    let kiln = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg(example)
        .env("KILN_JIT_REPORT", &report)
        .output()
        .expect("kiln runs");
    let cpython = Command::new(ref_python())
        .arg(example)
        .output()
        .expect("the reference CPython runs");
    assert!(kiln.status.success(), "{name}: {}", describe(&kiln));
    assert!(cpython.status.success(), "{name}: {}", describe(&cpython));
    assert_eq!(results(&kiln), results(&cpython), "{name}");

    let (text, sites) = take_jit_report(&report).unwrap_or_else(|e| panic!("{name}: {e}"));
    let sites: Vec<_> = sites
        .into_iter()
        .filter(|s| s["file"].as_str().is_some_and(|f| f.ends_with(&name)))
        .collect();
    assert!(!sites.is_empty(), "{name}: no loop in the report\n{text}");
    for site in sites {
        assert_eq!(
            site["tier"], "tier 1",
            "{name}: a loop stayed interpreted\n{site}"
        );
    }
}

#[test]
fn every_example_matches_cpython_and_compiles() {
    let mut examples: Vec<_> = std::fs::read_dir(root().join("examples"))
        .expect("examples/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    examples.sort();
    assert!(!examples.is_empty(), "no program in examples/");
    for example in examples {
        check(&example);
    }
}
