//! The GPU tier without a GPU: every script in tests/gpu/ runs under kiln with
//! `KILN_JIT=0`, then with `KILN_DEVICE=sim` (the simulated device runs the kernels
//! the GPU would, checking every memory access), and both must print the same stdout
//! and stderr and exit the same way. Then every benchmark kernel (benches/kernels/)
//! runs at its tiny size both ways and must give the same checksum, and at its
//! `TILED_N` on a simulated device of 1 MiB, in tiles, the CPU tiers' checksum; every program
//! of the realistic corpus (tests/corpus/) must print on the simulated device what it
//! prints on the CPU tiers. Last, every
//! kernel those runs generated (`KILN_DUMP_KERNELS`) is compiled with NVRTC for sm_90,
//! the lent H100s' architecture, from the `nvidia-cuda-nvrtc` package tests/setup
//! installs: a kernel NVRTC rejects fails the test.
//!
//! The scripts mark what the device must have done, on the line of a loop:
//! `# gpu: sim` (some entry ran on the simulated device), `# gpu: cpu` (none did), `# gpu: failed` (a check
//! failed there and the CPU tiers ran the entry), `# gpu: refused(TEXT)` (the report
//! says why not, containing TEXT), `moves(IN:OUT)` (bytes copied in and out were in
//! that ratio, counting as copied in what the device already held: what shows a
//! read-only array never copied back and a write-only one never copied in),
//! `kept(N)` (N bytes were not copied in because the device held them from an earlier
//! entry or nest), `grid(N)` (at most N loops of the nest shared the grid), `tiles(N)`
//! (an entry ran in at least N tiles: its footprint did not fit the device). A script's
//! `# env: NAME=VALUE` lines set variables for its runs (`KILN_GPU_MEM_LIMIT=1M`). So
//! a silent fall back to the CPU cannot pass.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod support;
use support::{check_all, describe, finish, py_cases, ref_python, root, take_jit_report};

fn kernels_dir() -> PathBuf {
    std::env::temp_dir().join(format!("kiln-gpu-kernels-{}", std::process::id()))
}

/// How a run is made: the interpreter alone, the CPU tiers, or the simulated device.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Interpreted,
    Cpu,
    Sim,
}

fn kiln(args: &[&Path], mode: Mode, report: Option<&Path>) -> Output {
    kiln_with(args, mode, report, &[])
}

fn kiln_with(
    args: &[&Path],
    mode: Mode,
    report: Option<&Path>,
    vars: &[(String, String)],
) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kiln"));
    cmd.args(args).current_dir(root());
    cmd.env_remove("KILN_JIT_REPORT");
    cmd.env_remove("KILN_DEVICE");
    cmd.env("KILN_CACHE", "0");
    match mode {
        Mode::Interpreted => {
            cmd.env("KILN_JIT", "0");
        }
        Mode::Cpu | Mode::Sim => {
            cmd.env("KILN_JIT_THRESHOLD", "20");
            cmd.env("KILN_JIT_VERIFY", "1");
        }
    }
    if mode == Mode::Sim {
        cmd.env("KILN_DEVICE", "sim");
        cmd.env("KILN_DUMP_KERNELS", kernels_dir());
    }
    if let Some(report) = report {
        cmd.env("KILN_JIT_REPORT", report);
    }
    cmd.envs(vars.iter().map(|(k, v)| (k, v)));
    cmd.output().expect("kiln runs")
}

/// A script's `# env: NAME=VALUE` lines.
fn script_vars(source: &str) -> Vec<(String, String)> {
    source
        .lines()
        .filter_map(|l| l.strip_prefix("# env: "))
        .filter_map(|v| v.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

struct Mark {
    line: u64,
    ran: bool,
    /// No entry ran on the device (`cpu`).
    stayed: bool,
    failed: bool,
    refused: Option<String>,
    moves: Option<(u64, u64)>,
    kept: Option<u64>,
    grid: Option<u64>,
    tiles: Option<u64>,
}

fn marks(source: &str) -> Vec<Mark> {
    source
        .lines()
        .enumerate()
        .filter_map(|(k, line)| {
            let (_, mark) = line.split_once("# gpu:")?;
            let inside = |word: &str| {
                mark.split_once(&format!("{word}("))
                    .and_then(|(_, rest)| rest.split_once(')'))
                    .map(|(text, _)| text.to_string())
            };
            let moves = inside("moves").and_then(|m| {
                let (a, b) = m.split_once(':')?;
                Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
            });
            Some(Mark {
                line: k as u64 + 1,
                ran: mark.split_whitespace().any(|w| w == "sim"),
                stayed: mark.split_whitespace().any(|w| w == "cpu"),
                failed: mark.contains("failed"),
                refused: inside("refused"),
                moves,
                kept: inside("kept").and_then(|k| k.trim().parse().ok()),
                grid: inside("grid").and_then(|g| g.trim().parse().ok()),
                tiles: inside("tiles").and_then(|t| t.trim().parse().ok()),
            })
        })
        .collect()
}

/// Every device report of the loop at `line` of `name`: a site's specialisations'
/// own, or those of a loop of a function compiled whole.
fn device_reports(sites: &[serde_json::Value], name: &str, line: u64) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for s in sites {
        if !s["file"].as_str().is_some_and(|f| f.ends_with(name)) {
            continue;
        }
        for spec in s["specialisations"].as_array().into_iter().flatten() {
            if s["line"].as_u64() == Some(line) && !spec["device"].is_null() {
                out.push(spec["device"].clone());
            }
            for l in spec["parallel_loops"].as_array().into_iter().flatten() {
                if l["line"].as_u64() == Some(line) && !l["device"].is_null() {
                    out.push(l["device"].clone());
                }
            }
        }
    }
    out
}

fn check(script: &Path) -> Result<(), String> {
    let name = script.file_name().unwrap().to_string_lossy().into_owned();
    let source = std::fs::read_to_string(script).unwrap();
    let vars = script_vars(&source);
    let interpreted = kiln_with(&[script], Mode::Interpreted, None, &vars);
    let report = std::env::temp_dir().join(format!("kiln-gpu-{}-{name}.json", std::process::id()));
    let sim = kiln_with(&[script], Mode::Sim, Some(&report), &vars);
    if sim.stdout != interpreted.stdout
        || sim.stderr != interpreted.stderr
        || sim.status.code() != interpreted.status.code()
    {
        return Err(format!(
            "{name}: the simulated device and the interpreter differ\n=== sim\n{}\n=== interpreted\n{}",
            describe(&sim),
            describe(&interpreted)
        ));
    }
    let (text, sites) = take_jit_report(&report).map_err(|e| format!("{name}: {e}"))?;
    for mark in marks(&source) {
        let at = format!("{name}:{}", mark.line);
        let devices = device_reports(&sites, &name, mark.line);
        if devices.is_empty() {
            return Err(format!("{at}: no device report for this loop\n{text}"));
        }
        let sum = |key: &str| -> u64 { devices.iter().map(|d| d[key].as_u64().unwrap_or(0)).sum() };
        if mark.ran && sum("runs") == 0 {
            return Err(format!("{at}: never ran on the simulated device\n{text}"));
        }
        if mark.stayed && sum("runs") > 0 {
            return Err(format!("{at}: ran on the simulated device\n{text}"));
        }
        if mark.failed && sum("failed") == 0 {
            return Err(format!("{at}: no check failed on the device\n{text}"));
        }
        if let Some(want) = &mark.refused
            && !devices.iter().any(|d| {
                d["refused"]
                    .as_str()
                    .is_some_and(|r| r.contains(want.as_str()))
            })
        {
            return Err(format!("{at}: no refusal says `{want}`\n{text}"));
        }
        if let Some(want) = mark.grid {
            let most = devices.iter().filter_map(|d| d["grid"].as_u64()).max();
            if most != Some(want) {
                return Err(format!(
                    "{at}: at most {most:?} loops on the grid, not {want}\n{text}"
                ));
            }
        }
        if let Some(want) = mark.tiles {
            let most = devices.iter().filter_map(|d| d["tiles"].as_u64()).max();
            if most.is_none_or(|m| m < want) {
                return Err(format!(
                    "{at}: at most {most:?} tiles in an entry, not {want} or more\n{text}"
                ));
            }
        }
        if let Some(want) = mark.kept
            && sum("bytes_kept") != want
        {
            return Err(format!(
                "{at}: {} bytes kept on the device, not {want}\n{text}",
                sum("bytes_kept")
            ));
        }
        if let Some((a, b)) = mark.moves {
            let (i, o) = (sum("bytes_in") + sum("bytes_kept"), sum("bytes_out"));
            if i * b != o * a || i == 0 {
                return Err(format!(
                    "{at}: {i} bytes in and {o} out, not in the ratio {a}:{b}\n{text}"
                ));
            }
        }
    }
    Ok(())
}

/// The `checksum: ...` lines a benchmark kernel's run printed.
fn checksums(o: &Output) -> Vec<String> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| l.starts_with("checksum"))
        .map(str::to_string)
        .collect()
}

/// A benchmark kernel at its tiny size, called three times, under the interpreter
/// and on the simulated device: the same checksums.
fn check_bench_kernel(kernel: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(kernel).unwrap();
    let tiny = source
        .lines()
        .find_map(|l| l.strip_prefix("TINY_N = "))
        .ok_or("no TINY_N")?
        .trim()
        .to_string();
    let runner = root().join("benches/call_runner.py");
    let n = Path::new(&tiny);
    let warm = Path::new("--warm-calls");
    let two = Path::new("2");
    let args = [runner.as_path(), kernel, n, warm, two];
    let interpreted = kiln(&args, Mode::Interpreted, None);
    let sim = kiln(&args, Mode::Sim, None);
    let name = kernel.file_name().unwrap().to_string_lossy();
    if !sim.status.success()
        || checksums(&sim) != checksums(&interpreted)
        || checksums(&sim).is_empty()
    {
        return Err(format!(
            "benches/kernels/{name}: the simulated device and the interpreter differ\n=== sim\n{}\n=== interpreted\n{}",
            describe(&sim),
            describe(&interpreted)
        ));
    }
    Ok(())
}

/// A benchmark kernel at its `TILED_N` (where it has one: a loop the device runs) on
/// a simulated device of 1 MiB (`TILED_CAP`), which its footprint does not fit: the
/// same checksums as the CPU tiers', and its nest run in tiles.
fn check_bench_kernel_tiled(kernel: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(kernel).unwrap();
    let constant = |name: &str| {
        source
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name} = ")))
            .map(|v| v.trim().trim_matches('"').to_string())
    };
    let Some(n) = constant("TILED_N") else {
        return Ok(());
    };
    let cap = constant("TILED_CAP").unwrap_or_else(|| "1M".into());
    let vars = [("KILN_GPU_MEM_LIMIT".to_string(), cap.clone())];
    let runner = root().join("benches/call_runner.py");
    let n = Path::new(&n);
    let warm = Path::new("--warm-calls");
    let one = Path::new("1");
    let args = [runner.as_path(), kernel, n, warm, one];
    let name = kernel.file_name().unwrap().to_string_lossy().into_owned();
    let report =
        std::env::temp_dir().join(format!("kiln-gpu-{}-tiled-{name}.json", std::process::id()));
    let cpu = kiln_with(&args, Mode::Cpu, None, &vars);
    let sim = kiln_with(&args, Mode::Sim, Some(&report), &vars);
    if !sim.status.success() || checksums(&sim) != checksums(&cpu) || checksums(&sim).is_empty() {
        return Err(format!(
            "benches/kernels/{name} at TILED_N on a {cap} device: the simulated device and the CPU tiers differ\n=== sim\n{}\n=== cpu\n{}",
            describe(&sim),
            describe(&cpu)
        ));
    }
    let (text, sites) = take_jit_report(&report).map_err(|e| format!("{name}: {e}"))?;
    let most = sites
        .iter()
        .flat_map(|s| s["specialisations"].as_array().into_iter().flatten())
        .filter_map(|spec| spec["device"]["tiles"].as_u64())
        .max();
    if most.is_none_or(|m| m < 2) {
        return Err(format!(
            "benches/kernels/{name} at TILED_N on a {cap} device: no entry ran in tiles\n{text}"
        ));
    }
    Ok(())
}

/// A program of the realistic corpus (tests/corpus/) on the CPU tiers and on the
/// simulated device: the same output (what its loops that run on the device, the
/// array statements among them, compute is the CPU tiers').
fn check_corpus_program(program: &Path) -> Result<(), String> {
    let cpu = kiln(&[program], Mode::Cpu, None);
    let sim = kiln(&[program], Mode::Sim, None);
    if (&sim.stdout, &sim.stderr, sim.status.code())
        != (&cpu.stdout, &cpu.stderr, cpu.status.code())
    {
        let name = program.file_name().unwrap().to_string_lossy();
        return Err(format!(
            "tests/corpus/{name}: the simulated device and the CPU tiers differ\n=== sim\n{}\n=== cpu\n{}",
            describe(&sim),
            describe(&cpu)
        ));
    }
    Ok(())
}

/// NVRTC from the reference venv's `nvidia-cuda-nvrtc` (tests/setup).
fn nvrtc_dir() -> Option<PathBuf> {
    let venv = ref_python().parent()?.parent()?.to_path_buf();
    std::fs::read_dir(venv.join("lib"))
        .ok()?
        .flatten()
        .map(|e| e.path().join("site-packages/nvidia/cu13/lib"))
        .find(|d| d.join("libnvrtc.so.13").exists())
}

fn compile_kernels() -> Result<usize, String> {
    let dir = kernels_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e} (no kernel was generated)", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .collect();
    files.sort();
    let nvrtc = nvrtc_dir().ok_or("no NVRTC in the reference venv: run `bash tests/setup`")?;
    let out = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg("--compile-kernels")
        .args(&files)
        .env("KILN_NVRTC_DIR", nvrtc)
        .output()
        .expect("kiln runs");
    if !out.status.success() {
        return Err(format!("NVRTC rejected a kernel:\n{}", describe(&out)));
    }
    Ok(files.len())
}

fn main() {
    let _ = std::fs::remove_dir_all(kernels_dir());
    let cases = py_cases("tests/gpu");
    let mut failures = check_all(&cases, check);
    let mut kernels: Vec<PathBuf> = std::fs::read_dir(root().join("benches/kernels"))
        .expect("benches/kernels")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    kernels.sort();
    failures.extend(check_all(&kernels, check_bench_kernel));
    failures.extend(check_all(&kernels, check_bench_kernel_tiled));
    let corpus = py_cases("tests/corpus");
    failures.extend(check_all(&corpus, check_corpus_program));
    match compile_kernels() {
        Ok(n) => println!("NVRTC compiled all {n} generated kernels for sm_90"),
        Err(e) => failures.push(e),
    }
    let _ = std::fs::remove_dir_all(kernels_dir());
    finish(
        "GPU tier cases",
        cases.len() + 2 * kernels.len() + corpus.len() + 1,
        &failures,
    );
}
