//! numpy conformance: every `tests/numpy/<case>.py` runs under the `kiln` binary and
//! under the reference CPython with real numpy (tests/ref-python); stdout, stderr
//! and the exit status must be identical. Cases print what they test, including
//! the type and message of each expected exception, so no traceback (whose frames
//! name numpy's own files) is ever compared.
//!
//! `cargo test --ignore-rust-version --test numpy -- NAME...` runs only the cases whose names contain one
//! of the NAMEs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

mod support;
use support::{describe, ref_python, root};

fn run(program: &Path, case: &Path) -> Output {
    Command::new(program)
        .arg(case)
        .current_dir(case.parent().expect("cases live in a folder"))
        .env("PYTHONHASHSEED", "0")
        .env("PYTHONIOENCODING", "utf-8")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let dir = root().join("tests/numpy");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/numpy exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .filter(|p| {
            let name = p.file_stem().unwrap().to_string_lossy();
            !name.starts_with('_')
                && (filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())))
        })
        .collect();
    cases.sort();
    let kiln = PathBuf::from(env!("CARGO_BIN_EXE_kiln"));
    let reference = ref_python();
    let queue = Mutex::new(cases.clone());
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                while let Some(case) = queue.lock().unwrap().pop() {
                    let (got, want) = (run(&kiln, &case), run(&reference, &case));
                    let same = got.stdout == want.stdout
                        && got.stderr == want.stderr
                        && got.status.code() == want.status.code();
                    if !same {
                        failures.lock().unwrap().push(format!(
                            "=== {}\n--- kiln: {}\n--- numpy: {}",
                            case.display(),
                            describe(&got),
                            describe(&want)
                        ));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    for f in &failures {
        println!("{f}");
    }
    println!(
        "numpy cases: {} passed, {} failed",
        cases.len() - failures.len(),
        failures.len()
    );
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
