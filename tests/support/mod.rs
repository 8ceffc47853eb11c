//! What the test harnesses in tests/ share: the workspace root, the reference
//! CPython, and a readable account of a finished process.

// Each harness uses a part of this module.
#![allow(dead_code)]

pub mod marks;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the workspace root exists")
}

/// The reference CPython of tests/setup (with numpy), as tests/ref-python names it.
pub fn ref_python() -> PathBuf {
    let out = Command::new("bash")
        .arg(root().join("tests/ref-python"))
        .arg("--path")
        .output()
        .expect("bash runs tests/ref-python");
    let path = PathBuf::from(String::from_utf8(out.stdout).expect("utf-8 path").trim());
    assert!(
        path.exists(),
        "no reference CPython at {}: run `bash tests/setup` first",
        path.display()
    );
    path
}

pub fn describe(out: &Output) -> String {
    format!(
        "exit status {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The sites of the jit report kiln wrote to `path` (`KILN_JIT_REPORT`), with the
/// report's text for messages; the file is removed. Err says why it cannot be read.
pub fn take_jit_report(path: &Path) -> Result<(String, Vec<serde_json::Value>), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("no jit report at {}: {e}", path.display()))?;
    let _ = std::fs::remove_file(path);
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("bad jit report JSON: {e}"))?;
    let sites = json["sites"].as_array().cloned().unwrap_or_default();
    Ok((text, sites))
}

/// The `*.py` files of `dir` (relative to the workspace root), sorted, keeping those
/// whose stem contains one of the command line's non-flag arguments, if any.
pub fn py_cases(dir: &str) -> Vec<PathBuf> {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir} cannot be read: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .filter(|p| {
            let name = p.file_stem().unwrap().to_string_lossy();
            filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()))
        })
        .collect();
    cases.sort();
    cases
}

/// Runs `check` on every case, half of them on each of two threads (CI has two cores),
/// and returns the failures' messages in case order.
pub fn check_all<F>(cases: &[PathBuf], check: F) -> Vec<String>
where
    F: Fn(&Path) -> Result<(), String> + Sync,
{
    std::thread::scope(|scope| {
        let check = &check;
        let handles: Vec<_> = cases
            .chunks(cases.len().div_ceil(2).max(1))
            .map(|chunk| scope.spawn(move || chunk.iter().map(|c| check(c)).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .filter_map(Result::err)
            .collect()
    })
}

/// Prints the failures and a one-line summary (`what: N programs, ...`), and exits
/// with status 1 if any case failed.
pub fn finish(what: &str, cases: usize, failures: &[String]) {
    for failure in failures {
        eprintln!("{failure}\n");
    }
    println!(
        "{what}: {cases} programs, {} passed, {} failed",
        cases - failures.len(),
        failures.len()
    );
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
