//! The Jupyter kernel end to end, driven by Jupyter's own Python clients from the
//! reference venv (tests/requirements.txt):
//!
//! - `tests/kernel/test_conformance.py`: jupyter_kernel_test's suite, every sample set;
//! - `tests/kernel/test_protocol.py`: malformed and hostile messages, stop_on_error,
//!   silent and store_history, input(), comms, shutdown and restart, output written to
//!   fds 1 and 2, exit when the parent process dies;
//! - `tests/kernel/test_interrupt.py`: interrupts (SIGINT and interrupt_request) of an
//!   interpreted and of a compiled loop, and of blocking calls (sleep, select, socket
//!   reads, subprocesses);
//! - `tests/kernel/test_notebooks.py`: every notebook in `notebooks/` under nbclient.
//!
//! The kernelspec is installed with `kiln kernel install --prefix` into a temporary
//! directory that `JUPYTER_PATH` points at, and removed with `kiln kernel uninstall`.
//! `cargo test --ignore-rust-version --release -p kiln-repl --test kernel -- NAME` runs the Python tests
//! whose names contain NAME (unittest's `-k`).

use std::path::Path;
use std::process::Command;

mod support;
use support::{describe, ref_python, root};

const KERNEL_NAME: &str = "kiln-test";

fn kiln(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .output()
        .expect("the kiln binary runs")
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let python = ref_python();
    let scratch = std::env::temp_dir().join(format!("kiln-kernel-tests-{}", std::process::id()));
    let prefix = scratch.join("prefix");
    let prefix_arg = prefix.display().to_string();

    let installed = kiln(&[
        "kernel",
        "install",
        "--prefix",
        &prefix_arg,
        "--name",
        KERNEL_NAME,
    ]);
    assert!(
        installed.status.success(),
        "kiln kernel install: {}",
        describe(&installed)
    );
    let spec_dir = prefix.join("share/jupyter/kernels").join(KERNEL_NAME);
    assert!(spec_dir.join("kernel.json").is_file());

    let status = run_python_tests(&python, &scratch, &prefix, &filters);

    let removed = kiln(&[
        "kernel",
        "uninstall",
        "--prefix",
        &prefix_arg,
        "--name",
        KERNEL_NAME,
    ]);
    assert!(
        removed.status.success(),
        "kiln kernel uninstall: {}",
        describe(&removed)
    );
    assert!(!spec_dir.exists(), "uninstall left {}", spec_dir.display());
    let _ = std::fs::remove_dir_all(&scratch);
    if !status {
        std::process::exit(1);
    }
}

fn run_python_tests(python: &Path, scratch: &Path, prefix: &Path, filters: &[String]) -> bool {
    let dir = root().join("tests/kernel");
    let mut command = Command::new(python);
    command
        .args(["-m", "unittest", "-v"])
        .args(filters.iter().flat_map(|f| ["-k", f.as_str()]))
        .args([
            "test_conformance",
            "test_protocol",
            "test_interrupt",
            "test_notebooks",
        ])
        .current_dir(&dir)
        .env("JUPYTER_PATH", prefix.join("share/jupyter"))
        // Jupyter's own files (connection files, ...) stay in the scratch directory.
        .env("JUPYTER_RUNTIME_DIR", scratch.join("runtime"))
        .env("JUPYTER_DATA_DIR", scratch.join("data"))
        .env("JUPYTER_CONFIG_DIR", scratch.join("config"))
        .env("JUPYTER_PLATFORM_DIRS", "1")
        .env("KILN_KERNEL_NAME", KERNEL_NAME)
        .env("KILN_BINARY", env!("CARGO_BIN_EXE_kiln"))
        .env("KILN_NOTEBOOKS", root().join("notebooks"))
        .env("KILN_SCRATCH", scratch)
        .env_remove("PYTHONPATH");
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", python.display()));
    status.success()
}
