//! The corpus of numeric code written the way it is written in the wild
//! (tests/corpus/, see its README): each program runs under kiln and under CPython with
//! real numpy and must print the same, and every loop marked `# hot` must have been
//! compiled (a tier-1 site of the jit report). A hot loop that stays interpreted is
//! marked `# hot, interpreted: TEXT`, and the report's reason must contain TEXT, so
//! the corpus also records what still keeps real code interpreted, and why.
//!
//! The marks are checked by `support::marks`.

use std::path::Path;
use std::process::{Command, Output};

mod support;
use support::{check_all, describe, py_cases, ref_python, root};

/// Low enough that every loop marked hot (50 iterations or more) compiles.
const THRESHOLD: &str = "20";

fn kiln(script: &Path, report: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg(script)
        .current_dir(root())
        .env("KILN_JIT_THRESHOLD", THRESHOLD)
        .env("KILN_JIT_VERIFY", "1")
        .env("KILN_JIT_REPORT", report)
        .output()
        .expect("kiln runs")
}

fn check(script: &Path, python: &Path) -> Result<(), String> {
    let name = script.file_name().unwrap().to_string_lossy().into_owned();
    let report =
        std::env::temp_dir().join(format!("kiln-corpus-{}-{name}.json", std::process::id()));
    let ours = kiln(script, &report);
    let theirs = Command::new(python)
        .arg(script)
        .current_dir(root())
        .output()
        .expect("the reference CPython runs");
    if ours.stdout != theirs.stdout || ours.status.code() != theirs.status.code() {
        return Err(format!(
            "{name}: kiln and CPython + numpy differ\n=== kiln\n{}\n=== CPython\n{}",
            describe(&ours),
            describe(&theirs)
        ));
    }
    let source = std::fs::read_to_string(script).unwrap();
    support::marks::check_report(&name, &source, &report)
}

fn main() {
    let cases = py_cases("tests/corpus");
    let python = ref_python();
    let failures = check_all(&cases, |c| check(c, &python));
    support::finish("corpus", cases.len(), &failures);
}
