//! The JIT against the interpreter: every script in tests/jit/ runs under kiln twice,
//! compiled (a low `KILN_JIT_THRESHOLD`, so loops get hot at once) and interpreted
//! (`KILN_JIT=0`), and must print the same stdout and stderr and exit the same way.
//!
//! The scripts mark the loops the JIT must have compiled: a loop line ending in
//! `# jit: compiled` must be a tier-1 site in the jit report (`KILN_JIT_REPORT`), and
//! `# jit: compiled, deopts` must also have handed a statement back to the interpreter
//! at least once, `vectorised` must have run an innermost loop several iterations at
//! a time, `once` must have needed a single specialisation for all its entries, and
//! `fused` must have run array statements fused with their neighbours (`quiet`: with a
//! run that stores as it goes while numpy's errors warn), and `clean` must never have
//! handed a statement back. So a JIT that
//! silently stays interpreted, or never takes the deopt, vector or fusion path a script
//! is about, fails here.

use std::path::Path;
use std::process::{Command, Output};

mod support;
use support::{check_all, describe, py_cases, root, take_jit_report};

const THRESHOLD: &str = "20";

fn kiln(script: &Path, jit: bool, report: Option<&Path>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kiln"));
    cmd.arg(script).current_dir(root());
    cmd.env_remove("KILN_JIT_REPORT");
    if jit {
        cmd.env("KILN_JIT_THRESHOLD", THRESHOLD);
        cmd.env("KILN_JIT_VERIFY", "1");
    } else {
        cmd.env("KILN_JIT", "0");
    }
    if let Some(report) = report {
        cmd.env("KILN_JIT_REPORT", report);
    }
    cmd.output().expect("kiln runs")
}

/// What a case marks on a loop's line.
struct Mark {
    line: u64,
    /// `deopts`: it handed a statement back to the interpreter at least once.
    deopts: bool,
    /// `vectorised`: a specialisation of it runs an innermost loop several iterations at
    /// a time.
    vectorised: bool,
    /// `once`: one specialisation served every entry.
    once: bool,
    /// `fused`: a specialisation of it runs array statements fused.
    fused: bool,
    /// `clean`: it never handed a statement back to the interpreter.
    clean: bool,
    /// `quiet`: a specialisation of it has a fused run that stores as it goes while
    /// numpy's errors only warn.
    quiet: bool,
}

fn marks(source: &str) -> Vec<Mark> {
    source
        .lines()
        .enumerate()
        .filter_map(|(k, line)| {
            let (_, mark) = line.split_once("# jit:")?;
            Some(Mark {
                line: k as u64 + 1,
                deopts: mark.contains("deopts"),
                vectorised: mark.contains("vectorised"),
                once: mark.contains("once"),
                fused: mark.contains("fused"),
                clean: mark.contains("clean"),
                quiet: mark.contains("quiet"),
            })
        })
        .collect()
}

fn check(script: &Path) -> Result<(), String> {
    let name = script.file_name().unwrap().to_string_lossy().into_owned();
    let report = std::env::temp_dir().join(format!("kiln-jit-{}-{name}.json", std::process::id()));
    let compiled = kiln(script, true, Some(&report));
    let interpreted = kiln(script, false, None);
    if compiled.stdout != interpreted.stdout
        || compiled.stderr != interpreted.stderr
        || compiled.status.code() != interpreted.status.code()
    {
        return Err(format!(
            "{name}: compiled and interpreted runs differ\n=== compiled\n{}\n=== interpreted\n{}",
            describe(&compiled),
            describe(&interpreted)
        ));
    }
    let (text, sites) = take_jit_report(&report).map_err(|e| format!("{name}: {e}"))?;
    let source = std::fs::read_to_string(script).unwrap();
    for Mark {
        line,
        deopts,
        vectorised,
        once,
        fused,
        clean,
        quiet,
    } in marks(&source)
    {
        let site = sites.iter().find(|s| {
            s["line"].as_u64() == Some(line)
                && s["file"].as_str().is_some_and(|f| f.ends_with(&name))
        });
        let Some(site) = site else {
            return Err(format!("{name}:{line}: no such site in the report\n{text}"));
        };
        if site["tier"] != "tier 1" {
            return Err(format!("{name}:{line}: not compiled: {}", site["reason"]));
        }
        let specs = site["specialisations"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if vectorised
            && !specs
                .iter()
                .any(|s| s["vector_loops"].as_u64().unwrap_or(0) > 0)
        {
            return Err(format!("{name}:{line}: no loop of it vectorised\n{site}"));
        }
        if fused
            && !specs
                .iter()
                .any(|s| s["fused_statements"].as_u64().unwrap_or(0) > 0)
        {
            return Err(format!("{name}:{line}: no array statements fused\n{site}"));
        }
        if once && specs.len() != 1 {
            return Err(format!(
                "{name}:{line}: {} specialisations, one expected\n{site}",
                specs.len()
            ));
        }
        if quiet
            && !specs
                .iter()
                .any(|s| s["quiet_runs"].as_u64().unwrap_or(0) > 0)
        {
            return Err(format!(
                "{name}:{line}: no fused run stores as it goes\n{site}"
            ));
        }
        if clean && site["deopts"].as_u64().unwrap_or(0) != 0 {
            return Err(format!(
                "{name}:{line}: handed statements back to the interpreter\n{site}"
            ));
        }
        if deopts && site["deopts"].as_u64().unwrap_or(0) == 0 {
            return Err(format!(
                "{name}:{line}: compiled but never deoptimised\n{site}"
            ));
        }
    }
    Ok(())
}

fn main() {
    let cases = py_cases("tests/jit");
    let failures = check_all(&cases, check);
    for failure in &failures {
        eprintln!("{failure}\n");
    }
    println!(
        "jit cases: {} passed, {} failed",
        cases.len() - failures.len(),
        failures.len()
    );
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
