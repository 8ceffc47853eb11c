//! Tier 2 against tier 1 and the interpreter: every script in tests/parallel/ runs
//! under kiln with `KILN_JIT=0`, then compiled with `KILN_THREADS` 1, 2 and 4, and all
//! four must print the same stdout and stderr and exit the same way: bit-identical
//! results for every thread count, exceptions at the same iteration after the same
//! stores.
//!
//! The scripts mark what tier 2 must have decided, on the line of a loop site:
//! `# tier2: parallel` (with 2 and 4 threads some entry ran on more than one thread),
//! `# tier2: serial(TEXT)` (some entry ran serially, and the report's reason says
//! TEXT), `# tier2: undone` (a chunk handed back and the run was undone),
//! `# tier2: interchanged` (some chunks ran with a loop moved innermost), and any of
//! them together. Lines a script prints starting `threads-exact:` (a reduction the
//! user granted reassociating) are compared between 2 and 4 threads only, where they
//! must be identical; the interpreter's value is the script's to compare within a
//! tolerance. So an analysis that silently keeps everything serial, or a report
//! that does not say why, fails here. `KILN_PARALLEL_MIN_WORK=0` lets the small nests
//! of a test run in parallel.

use std::path::Path;
use std::process::{Command, Output};

mod support;
use support::{check_all, describe, finish, py_cases, root, take_jit_report};

fn kiln(script: &Path, threads: Option<&str>, report: Option<&Path>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kiln"));
    cmd.arg(script).current_dir(root());
    cmd.env_remove("KILN_JIT_REPORT");
    cmd.env("KILN_CACHE", "0");
    match threads {
        Some(n) => {
            cmd.env("KILN_JIT_THRESHOLD", "20");
            cmd.env("KILN_JIT_VERIFY", "1");
            cmd.env("KILN_THREADS", n);
            cmd.env("KILN_PARALLEL_MIN_WORK", "0");
        }
        None => {
            cmd.env("KILN_JIT", "0");
        }
    }
    if let Some(report) = report {
        cmd.env("KILN_JIT_REPORT", report);
    }
    cmd.output().expect("kiln runs")
}

struct Mark {
    line: u64,
    parallel: bool,
    serial: Option<String>,
    undone: bool,
    interchanged: bool,
}

fn marks(source: &str) -> Vec<Mark> {
    source
        .lines()
        .enumerate()
        .filter_map(|(k, line)| {
            let (_, mark) = line.split_once("# tier2:")?;
            let serial = mark
                .split_once("serial(")
                .and_then(|(_, rest)| rest.rsplit_once(')'))
                .map(|(text, _)| text.to_string());
            Some(Mark {
                line: k as u64 + 1,
                parallel: mark.contains("parallel"),
                serial,
                undone: mark.contains("undone"),
                interchanged: mark.contains("interchanged"),
            })
        })
        .collect()
}

/// The output without its `threads-exact:` lines, and those lines.
fn split_exact(out: &[u8]) -> (String, String) {
    let text = String::from_utf8_lossy(out);
    let (exact, rest): (Vec<&str>, Vec<&str>) =
        text.lines().partition(|l| l.starts_with("threads-exact:"));
    (rest.join("\n"), exact.join("\n"))
}

fn check(script: &Path) -> Result<(), String> {
    let name = script.file_name().unwrap().to_string_lossy().into_owned();
    let interpreted = kiln(script, None, None);
    let source = std::fs::read_to_string(script).unwrap();
    let mut exact_lines: Option<String> = None;
    for threads in ["1", "2", "4"] {
        let report = std::env::temp_dir().join(format!(
            "kiln-par-{}-{threads}-{name}.json",
            std::process::id()
        ));
        let compiled = kiln(script, Some(threads), Some(&report));
        let (out, exact) = split_exact(&compiled.stdout);
        if threads != "1" {
            match &exact_lines {
                Some(before) if *before != exact => {
                    return Err(format!(
                        "{name}: the threads-exact lines differ between thread counts\n{before}\n=== KILN_THREADS={threads}\n{exact}"
                    ));
                }
                _ => exact_lines = Some(exact),
            }
        }
        if out != split_exact(&interpreted.stdout).0
            || compiled.stderr != interpreted.stderr
            || compiled.status.code() != interpreted.status.code()
        {
            return Err(format!(
                "{name}: KILN_THREADS={threads} and the interpreter differ\n=== compiled\n{}\n=== interpreted\n{}",
                describe(&compiled),
                describe(&interpreted)
            ));
        }
        let (text, sites) = take_jit_report(&report).map_err(|e| format!("{name}: {e}"))?;
        if threads == "1" {
            continue;
        }
        for mark in marks(&source) {
            let in_file =
                |s: &&serde_json::Value| s["file"].as_str().is_some_and(|f| f.ends_with(&name));
            let site = sites
                .iter()
                .filter(in_file)
                .find(|s| s["line"].as_u64() == Some(mark.line));
            // A loop in a function compiled whole: its entry in the function's
            // specialisations' `parallel_loops`, read as a specialisation of its own.
            let loop_specs: Vec<serde_json::Value> = sites
                .iter()
                .filter(in_file)
                .flat_map(|s| s["specialisations"].as_array().cloned().unwrap_or_default())
                .flat_map(|spec| {
                    spec["parallel_loops"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default()
                })
                .filter(|l| l["line"].as_u64() == Some(mark.line))
                .collect();
            let (site, specs) = match site {
                Some(site) => (
                    site.clone(),
                    site["specialisations"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default(),
                ),
                None if !loop_specs.is_empty() => {
                    (serde_json::Value::Array(loop_specs.clone()), loop_specs)
                }
                None => {
                    return Err(format!(
                        "{name}:{}: no such site or loop of a function in the report\n{text}",
                        mark.line
                    ));
                }
            };
            let at = format!("{name}:{} (KILN_THREADS={threads})", mark.line);
            if mark.parallel
                && !specs.iter().any(|s| {
                    s["parallel_runs"].as_u64().unwrap_or(0) > 0
                        && s["threads"].as_u64().unwrap_or(0) > 1
                })
            {
                return Err(format!("{at}: never ran on several threads\n{site}"));
            }
            if let Some(text) = &mark.serial
                && !specs.iter().any(|s| {
                    s["serial_reason"]
                        .as_str()
                        .is_some_and(|r| r.contains(text.as_str()))
                })
            {
                return Err(format!("{at}: no serial entry says `{text}`\n{site}"));
            }
            if mark.undone
                && !specs
                    .iter()
                    .any(|s| s["parallel_undone"].as_u64().unwrap_or(0) > 0)
            {
                return Err(format!("{at}: no parallel run was undone\n{site}"));
            }
            if mark.interchanged && !specs.iter().any(|s| s["interchanged"].is_string()) {
                return Err(format!(
                    "{at}: no chunk ran with a loop moved innermost\n{site}"
                ));
            }
        }
    }
    Ok(())
}

fn main() {
    let cases = py_cases("tests/parallel");
    let failures = check_all(&cases, check);
    finish("parallel cases", cases.len(), &failures);
}
