//! The Numba-style corpus (tests/numba/, see its README): programs written for Numba
//! (`@njit`, `@jit(nopython=True)`, `prange`, `vectorize`, ...) run unmodified under
//! kiln, and must print
//!
//! - exactly what CPython + numpy prints running the same script with the decorators
//!   as no-ops (tests/support/numba_noop on `PYTHONPATH`); a program whose first lines
//!   carry `# grant: fastmath` is compared at a relative tolerance of 1e-9 instead
//!   (and where that line also says `partial sums`, the jit report must show a loop
//!   that summed in partial sums under the grant);
//! - what real Numba prints (the reference venv has it) at a relative tolerance of
//!   1e-9 for numbers (NaN equal to NaN, integers exact) and exactly otherwise.
//!
//! Every loop and decorated function marked `# hot` must have compiled, as
//! `support::marks` checks against the jit report.

use std::path::Path;
use std::process::{Command, Output};

mod support;
use support::{check_all, describe, py_cases, ref_python, root};

/// Low enough that every loop marked hot (50 iterations or more) compiles.
const THRESHOLD: &str = "20";
const TOLERANCE: f64 = 1e-9;

fn tokens(s: &str) -> Vec<&str> {
    s.split(|c: char| c.is_whitespace() || "[](),:{}".contains(c))
        .filter(|t| !t.is_empty())
        .collect()
}

fn same_number(a: &str, b: &str) -> bool {
    if let (Ok(x), Ok(y)) = (a.parse::<i64>(), b.parse::<i64>()) {
        return x == y;
    }
    match (a.parse::<f64>(), b.parse::<f64>()) {
        (Ok(x), Ok(y)) => {
            (x.is_nan() && y.is_nan())
                || x == y
                || (x - y).abs() <= TOLERANCE * x.abs().max(y.abs())
        }
        _ => false,
    }
}

/// Where two outputs differ beyond the tolerance, if they do.
fn close(ours: &str, theirs: &str) -> Result<(), String> {
    let (a, b) = (tokens(ours), tokens(theirs));
    if a.len() != b.len() {
        return Err(format!("{} tokens against {}", a.len(), b.len()));
    }
    for (k, (x, y)) in a.iter().zip(&b).enumerate() {
        if x != y && !same_number(x, y) {
            return Err(format!("token {k}: {x} against {y}"));
        }
    }
    Ok(())
}

fn run(python: &Path, script: &Path, shim: bool) -> Output {
    let mut cmd = Command::new(python);
    cmd.arg(script).current_dir(root()).env_remove("PYTHONPATH");
    if shim {
        cmd.env("PYTHONPATH", root().join("tests/support/numba_noop"));
    }
    // Numba's cache (`cache=True`) goes to a scratch directory, not the checkout.
    cmd.env(
        "NUMBA_CACHE_DIR",
        std::env::temp_dir().join("kiln-numba-cache"),
    );
    cmd.output().expect("the reference CPython runs")
}

fn check(script: &Path, python: &Path) -> Result<(), String> {
    let name = script.file_name().unwrap().to_string_lossy().into_owned();
    let report =
        std::env::temp_dir().join(format!("kiln-numba-{}-{name}.json", std::process::id()));
    let ours = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg(script)
        .current_dir(root())
        .env("KILN_JIT_THRESHOLD", THRESHOLD)
        .env("KILN_JIT_VERIFY", "1")
        .env("KILN_JIT_REPORT", &report)
        .output()
        .expect("kiln runs");
    let source = std::fs::read_to_string(script).unwrap();
    let granted = source
        .lines()
        .take_while(|l| l.starts_with('#'))
        .any(|l| l.starts_with("# grant:"));
    let noop = run(python, script, true);
    let text = |o: &Output| String::from_utf8_lossy(&o.stdout).into_owned();
    let same = if granted {
        close(&text(&ours), &text(&noop)).is_ok()
    } else {
        ours.stdout == noop.stdout
    };
    if !same || ours.status.code() != noop.status.code() {
        return Err(format!(
            "{name}: kiln and CPython + numpy (decorators as no-ops) differ\n=== kiln\n{}\n=== CPython\n{}",
            describe(&ours),
            describe(&noop)
        ));
    }
    let numba = run(python, script, false);
    if let Err(at) = close(&text(&ours), &text(&numba)) {
        return Err(format!(
            "{name}: kiln and real Numba differ ({at})\n=== kiln\n{}\n=== Numba\n{}",
            describe(&ours),
            describe(&numba)
        ));
    }
    if source
        .lines()
        .take_while(|l| l.starts_with('#'))
        .any(|l| l.starts_with("# grant:") && l.contains("partial sums"))
    {
        partial_sums(&name, &report)?;
    }
    support::marks::check_report(&name, &source, &report)
}

/// A program whose grant line says `partial sums` must have had the grant honoured:
/// some decorated function's site carries the `fastmath` grant and some specialisation
/// sums in partial sums (vector lanes), so a grant the JIT ignores fails here.
fn partial_sums(name: &str, report: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(report).map_err(|e| format!("{name}: {e}"))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
    let sites = json["sites"].as_array().cloned().unwrap_or_default();
    let granted = sites.iter().any(|s| {
        s["grants"]
            .as_array()
            .is_some_and(|g| g.iter().any(|g| g == "fastmath"))
    });
    let summed = sites.iter().any(|s| {
        s["specialisations"].as_array().is_some_and(|specs| {
            specs
                .iter()
                .any(|spec| spec["partial_sum_loops"].as_u64().unwrap_or(0) > 0)
        })
    });
    if granted && summed {
        Ok(())
    } else {
        Err(format!(
            "{name}: the fastmath grant was not honoured (a site with the grant: {granted}, \
             a loop summing in partial sums: {summed})"
        ))
    }
}

fn main() {
    let cases = py_cases("tests/numba");
    let python = ref_python();
    let failures = check_all(&cases, |c| check(c, &python));
    support::finish("numba corpus", cases.len(), &failures);
}
