//! The corpus of numeric code written the way it is written in the wild
//! (tests/corpus/, see its README): each program runs under kiln and under CPython with
//! real numpy and must print the same, and every loop marked `# hot` must have been
//! compiled (a tier-1 site of the jit report). A hot loop that stays interpreted is
//! marked `# hot, interpreted: TEXT`, and the report's reason must contain TEXT, so
//! the corpus also records what still keeps real code interpreted, and why.
//!
//! An inner loop runs inside its enclosing loop's compiled nest once that compiles,
//! and then never gets hot as a site of its own: a hot loop without a reason of its
//! own counts as compiled when a loop around it (by indentation) compiled.

use std::path::Path;
use std::process::{Command, Output};

mod support;
use support::{check_all, describe, py_cases, ref_python, root, take_jit_report};

/// Low enough that every loop marked hot (50 iterations or more) compiles.
const THRESHOLD: &str = "20";

struct Mark {
    line: u64,
    /// `None`: must compile; else a part of the reason it stays interpreted.
    interpreted: Option<String>,
}

fn marks(source: &str) -> Vec<Mark> {
    source
        .lines()
        .enumerate()
        .filter_map(|(k, line)| {
            let (_, mark) = line.split_once("# hot")?;
            let interpreted = mark
                .split_once("interpreted:")
                .map(|(_, why)| why.trim().to_string());
            Some(Mark {
                line: k as u64 + 1,
                interpreted,
            })
        })
        .collect()
}

/// The lines (1-based) of the `for`/`while` statements around line `line`.
fn enclosing_loops<'a>(lines: &'a [&str], line: u64) -> impl Iterator<Item = u64> + 'a {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let at = line as usize - 1;
    let mut level = indent(lines[at]);
    (0..at).rev().filter_map(move |k| {
        let l = lines[k];
        if l.trim().is_empty() || indent(l) >= level {
            return None;
        }
        level = indent(l);
        let t = l.trim_start();
        (t.starts_with("for ") || t.starts_with("while ")).then_some(k as u64 + 1)
    })
}

fn kiln(script: &Path, report: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg(script)
        .current_dir(root())
        .env("KILN_JIT_THRESHOLD", THRESHOLD)
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
    let (text, sites) = take_jit_report(&report).map_err(|e| format!("{name}: {e}"))?;
    let source = std::fs::read_to_string(script).unwrap();
    let mut problems = Vec::new();
    let site_at = |line: u64| {
        sites.iter().find(|s| {
            s["line"].as_u64() == Some(line)
                && s["file"].as_str().is_some_and(|f| f.ends_with(&name))
        })
    };
    let lines: Vec<&str> = source.lines().collect();
    for Mark { line, interpreted } in marks(&source) {
        // A loop that only ever ran inside compiled code was never entered as a site.
        let site = site_at(line);
        let reason = site.and_then(|s| s["reason"].as_str()).unwrap_or("");
        let compiled = site.is_some_and(|s| s["tier"] == "tier 1")
            || (reason.is_empty()
                && enclosing_loops(&lines, line)
                    .any(|outer| site_at(outer).is_some_and(|s| s["tier"] == "tier 1")));
        if site.is_none() && !compiled {
            problems.push(format!("{name}:{line}: no such site in the report"));
            continue;
        }
        match interpreted {
            None if !compiled => problems.push(format!(
                "{name}:{line}: a hot loop stayed interpreted: {reason}"
            )),
            Some(why) if compiled => problems.push(format!(
                "{name}:{line}: compiled, but marked interpreted ({why}): update the mark"
            )),
            Some(why) if !reason.contains(&why) => problems.push(format!(
                "{name}:{line}: interpreted for another reason than marked ({why}): {reason}"
            )),
            _ => {}
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n{text}", problems.join("\n")))
    }
}

fn main() {
    let cases = py_cases("tests/corpus");
    let python = ref_python();
    let failures = check_all(&cases, |c| check(c, &python));
    for failure in &failures {
        eprintln!("{failure}\n");
    }
    println!(
        "corpus: {} programs, {} passed, {} failed",
        cases.len(),
        cases.len() - failures.len(),
        failures.len()
    );
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
