//! The benchmark kernels at a tiny size, the harness's checksum check, and the
//! interpreter benchmark's programs under kiln.
//!
//! `benches/run.py` runs each kernel of `benches/kernels/` at its `TINY_N` under the
//! reference CPython (tests/ref-python, real numpy) and compares every contender's
//! checksum with CPython's: correctness, not timing. The fixtures in
//! `tests/bench_fixtures/` prove the check bites: a kernel whose result is deliberately
//! implementation-dependent must make run.py exit non-zero, its corrected twin must not.

use std::process::{Command, Output};

mod support;
use support::{describe, ref_python, root, take_jit_report};

/// `python3 benches/run.py --size tiny -r 1 --python REF --kiln KILN ARGS...`
fn run_py(args: &[&str]) -> Output {
    let kiln = env!("CARGO_BIN_EXE_kiln");
    let ref_python = ref_python();
    Command::new("python3")
        .current_dir(root())
        .arg("benches/run.py")
        .args(["--size", "tiny", "-r", "1", "--timeout", "120"])
        .arg("--python")
        .arg(&ref_python)
        .args(["--kiln", kiln])
        .args(args)
        .output()
        .expect("python3 runs benches/run.py")
}

#[test]
fn every_kernel_runs_at_tiny_size() {
    // kiln with and without the JIT must give CPython's checksum on every kernel.
    let out = run_py(&["-c", "python3,kiln,kiln-nojit"]);
    assert!(out.status.success(), "{}", describe(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let kernels: Vec<_> = std::fs::read_dir(root().join("benches/kernels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    assert_eq!(kernels.len(), 20, "the suite has 20 kernels");
    for path in kernels {
        let name = path.file_stem().unwrap().to_str().unwrap();
        assert!(
            stdout.contains(&format!("| {name} | ")),
            "no row for {name}\n{}",
            describe(&out)
        );
    }
}

#[test]
fn a_wrong_checksum_fails_the_run() {
    let out = run_py(&[
        "-c",
        "python3,kiln,kiln-nojit",
        "tests/bench_fixtures/wrong_checksum.py",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", describe(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    for contender in ["kiln", "kiln-nojit"] {
        let line =
            format!("FAILED wrong_checksum n=50 {contender}: checksum 40426, CPython's is 40425");
        assert!(
            stderr.contains(&line),
            "missing {line:?}\n{}",
            describe(&out)
        );
    }
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("| wrong_checksum | 50 | "),
        "the table is printed before failing\n{}",
        describe(&out)
    );
}

#[test]
fn agreeing_checksums_pass_the_run() {
    let out = run_py(&[
        "-c",
        "python3,kiln,kiln-nojit",
        "tests/bench_fixtures/right_checksum.py",
    ]);
    assert!(out.status.success(), "{}", describe(&out));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("MISMATCH"));
}

/// Kernels whose outer loops the JIT does not compile yet (coulomb's innermost loop
/// does), each with the reason the report gives. The test fails when the reason goes
/// away, so the list stays true.
const NOT_YET_COMPILED: &[(&str, &str)] = &[];

#[test]
fn every_kernel_compiles_its_hot_nest() {
    let kiln = env!("CARGO_BIN_EXE_kiln");
    for entry in std::fs::read_dir(root().join("benches/kernels")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "py") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(&path).unwrap();
        let tiny = source
            .lines()
            .find_map(|l| l.strip_prefix("TINY_N = "))
            .expect("every kernel has a TINY_N")
            .trim()
            .to_owned();
        let report =
            std::env::temp_dir().join(format!("kiln-kernel-{}-{name}.json", std::process::id()));
        let run = |jit: bool| {
            let mut cmd = Command::new(kiln);
            cmd.arg(&path).arg(&tiny).env_remove("KILN_JIT_REPORT");
            if jit {
                cmd.env("KILN_JIT_THRESHOLD", "3")
                    .env("KILN_JIT_REPORT", &report);
            } else {
                cmd.env("KILN_JIT", "0");
            }
            cmd.output().expect("kiln runs")
        };
        let checksum = |out: &Output| {
            assert!(out.status.success(), "{name}: {}", describe(out));
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .find(|l| l.starts_with("checksum:"))
                .map(str::to_owned)
                .unwrap_or_else(|| panic!("{name} prints no checksum\n{}", describe(out)))
        };
        let compiled = run(true);
        assert_eq!(
            checksum(&compiled),
            checksum(&run(false)),
            "{name}: JIT on and off differ"
        );
        let (text, sites) = take_jit_report(&report).unwrap_or_else(|e| panic!("{name}: {e}"));
        let tier1 = sites.iter().filter(|s| s["tier"] == "tier 1").count();
        match NOT_YET_COMPILED.iter().find(|(k, _)| *k == name) {
            None => assert!(tier1 > 0, "{name}: no loop compiled\n{text}"),
            Some((_, why)) => {
                assert!(
                    sites
                        .iter()
                        .any(|s| s["reason"].as_str().is_some_and(|r| r.contains(why))),
                    "{name}: the report no longer says {why:?}: update NOT_YET_COMPILED\n{text}"
                );
            }
        }
    }
}

#[test]
fn every_interpreter_benchmark_program_prints_cpythons_output() {
    // benches/interp.py runs each program of benches/interp/ under CPython and kiln
    // (KILN_JIT=0) and exits 1 when an output differs; one timed run is enough here.
    let out = Command::new("python3")
        .current_dir(root())
        .args(["benches/interp.py", "-r", "1", "--timeout", "120"])
        .args(["--kiln", env!("CARGO_BIN_EXE_kiln")])
        .output()
        .expect("python3 runs benches/interp.py");
    assert!(out.status.success(), "{}", describe(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    for program in ["richards", "nbody_lists", "monte_carlo_pi", "string_dict"] {
        assert!(
            stdout.contains(&format!("| {program} | ")),
            "no row for {program}\n{}",
            describe(&out)
        );
    }
}
