//! What the test harnesses in tests/ share: the workspace root, the reference
//! CPython, and a readable account of a finished process.

// Each harness uses a part of this module.
#![allow(dead_code)]

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
