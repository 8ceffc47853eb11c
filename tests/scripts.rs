//! End-to-end tests: run the real `kiln` binary on every `tests/scripts/<name>.py` and
//! compare exit status, stdout and stderr with `<name>.expected`.
//!
//! The expected files are produced by CPython 3.11 running the same case
//! (`tests/regen_expected.py`), except for cases whose first line is
//! `# expected-from: kiln` (behaviour that is kiln's own, such as `--version`), whose
//! expected file is written by hand. See tests/README.md for the case layout and for
//! the normalisation applied to both sides before comparing; that normalisation is
//! implemented identically here and in regen_expected.py.

use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(120);
/// Outputs longer than this are compared by length and SHA-256.
const INLINE_LIMIT: usize = 64 * 1024;

struct Case {
    name: String,
    args: Vec<String>,
    stdin: Vec<u8>,
    expected: PathBuf,
}

fn discover(dir: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/scripts is readable") {
        let path = entry.unwrap().path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(stem) = name.strip_suffix(".py") else {
            continue;
        };
        if stem.starts_with('_') || !path.is_file() {
            continue;
        }
        let args = match std::fs::read_to_string(dir.join(format!("{stem}.args"))) {
            Ok(text) => text
                .lines()
                .map(|l| l.replace("{script}", name).replace("\\n", "\n"))
                .collect(),
            Err(_) => vec![name.to_owned()],
        };
        let stdin = std::fs::read(dir.join(format!("{stem}.stdin"))).unwrap_or_default();
        cases.push(Case {
            name: stem.to_owned(),
            args,
            stdin,
            expected: dir.join(format!("{stem}.expected")),
        });
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    cases
}

struct Outcome {
    status: i32,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn run(kiln: &Path, dir: &Path, case: &Case) -> Result<Outcome, String> {
    let mut child = Command::new(kiln)
        .args(&case.args)
        .current_dir(dir)
        .env_remove("PYTHONPATH")
        .env_remove("PYTHONIOENCODING")
        .env("PYTHONHASHSEED", "0")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("LC_ALL", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", kiln.display()))?;
    let mut stdin = child.stdin.take().unwrap();
    let input = case.stdin.clone();
    let writer = std::thread::spawn(move || {
        // The program may exit without reading its input; that is not an error here.
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let err = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stderr.read_to_end(&mut buf);
        buf
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("timed out after {TIMEOUT:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    use std::os::unix::process::ExitStatusExt;
    let status = status
        .code()
        .unwrap_or_else(|| 128 + status.signal().unwrap_or(0));
    Ok(Outcome {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    })
}

/// The normalisation of tests/README.md, applied to one stream.
fn normalise(raw: &[u8], dir: &Path, interpreter: &Path, is_stderr: bool) -> String {
    let text = String::from_utf8_lossy(raw);
    let text = text
        .replace(&dir.display().to_string(), "$DIR")
        .replace(&interpreter.display().to_string(), "$PYTHON");
    if !is_stderr {
        return text;
    }
    // Caret lines are dropped only under a traceback frame's source line; a
    // SyntaxError's caret (its column) is kept and compared.
    let mut kept = Vec::new();
    let mut in_frozen_frame = false;
    let mut under_frame = false;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        if body.starts_with("  File \"<frozen ") {
            in_frozen_frame = true;
            continue;
        }
        if in_frozen_frame && body.starts_with("    ") {
            continue;
        }
        in_frozen_frame = false;
        let trimmed = body.trim();
        let is_caret_line = !trimmed.is_empty() && trimmed.chars().all(|c| c == '^' || c == '~');
        if under_frame && is_caret_line {
            continue;
        }
        under_frame = (body.starts_with("  File \"") && body.contains(", in "))
            || (under_frame && body.starts_with("    "));
        kept.push(line);
    }
    kept.concat()
}

fn render_stream(label: &str, text: String) -> String {
    if text.len() > INLINE_LIMIT {
        let digest = Sha256::digest(text.as_bytes());
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        format!("--- {label} ({} bytes, sha256 {hex})\n", text.len())
    } else {
        format!("--- {label}\n{text}\n")
    }
}

fn render(outcome: &Outcome, dir: &Path, interpreter: &Path) -> String {
    format!(
        "exit: {}\n{}{}",
        outcome.status,
        render_stream(
            "stdout",
            normalise(&outcome.stdout, dir, interpreter, false)
        ),
        render_stream("stderr", normalise(&outcome.stderr, dir, interpreter, true)),
    )
}

fn first_difference(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<_>, Vec<_>) = (expected.lines().collect(), actual.lines().collect());
    for i in 0..e.len().max(a.len()) {
        if e.get(i) != a.get(i) {
            return format!(
                "first difference at line {}:\n  expected: {:?}\n  actual:   {:?}",
                i + 1,
                e.get(i).unwrap_or(&"<end>"),
                a.get(i).unwrap_or(&"<end>")
            );
        }
    }
    "outputs differ only in trailing newlines".to_owned()
}

fn check(kiln: &Path, dir: &Path, case: &Case) -> Result<(), String> {
    let expected = std::fs::read_to_string(&case.expected).map_err(|_| {
        format!(
            "{} is missing: run `python3 tests/regen_expected.py {}`",
            case.expected.display(),
            case.name
        )
    })?;
    let actual = render(&run(kiln, dir, case)?, dir, kiln);
    if actual == expected {
        Ok(())
    } else {
        Err(format!(
            "{}\n--- expected ---\n{expected}--- actual ---\n{actual}",
            first_difference(&expected, &actual)
        ))
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let kiln = PathBuf::from(env!("CARGO_BIN_EXE_kiln"));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/scripts")
        .canonicalize()
        .expect("tests/scripts exists");
    let cases: Vec<Case> = discover(&dir)
        .into_iter()
        .filter(|c| filters.is_empty() || filters.iter().any(|f| c.name.contains(f.as_str())))
        .collect();
    println!("\nrunning {} end-to-end scripts", cases.len());

    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 8);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(case) = cases.get(index) else { break };
                    let result = check(&kiln, &dir, case);
                    let verdict = if result.is_ok() { "ok" } else { "FAILED" };
                    println!("test scripts::{} ... {verdict}", case.name);
                    if let Err(message) = result {
                        failures.lock().unwrap().push((case.name.clone(), message));
                    }
                }
            });
        }
    });

    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    for (name, message) in &failures {
        println!("\n---- scripts::{name} ----\n{message}");
    }
    let failed = failures.len();
    println!("\n{} passed, {} failed", cases.len() - failed, failed);
    if failed > 0 {
        std::process::exit(1);
    }
}
