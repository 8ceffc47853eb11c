//! kiln-vm: kiln's embedding of the RustPython interpreter.
//!
//! This crate owns everything between a piece of user source and the running
//! interpreter:
//!
//! - [`compile`]: the one compile path. Every piece of user source (the main script,
//!   modules imported from the user's tree, `-c` code, REPL and notebook cells) is
//!   decoded, parsed and compiled from the AST here, so the JIT has a single place to
//!   rewrite loop statements into loop sites.
//! - `src/py/_kiln_importer.py`: the meta-path finder that routes user modules through that path
//!   (the frozen standard library keeps its own precompiled code).
//! - `src/py/_kiln_profile.py`: `sys.setprofile` without the calls rewritten loops make
//!   into `_kiln_jit`, so profilers see the program's own calls only.
//! - [`session`]: [`Session`], the embedding API that the script runner, the REPL and
//!   the Jupyter kernel all drive.
//! - [`sites`]: loop sites: the rewrite of every loop statement, back-edge counting,
//!   entering compiled code (and on-stack replacement), write-back and resume, the jit
//!   report.
//! - [`interactive`]: what the REPL and the kernel share: completion, completeness of
//!   typed input, help, magics (`_kiln_magics`), `In`/`Out` history.
//! - [`main_mode`]: running `__main__` the way `python3` does (script, `-c`, `-m`,
//!   stdin), including CPython's messages and exit codes for bad input.

mod bytecode_cache;
pub mod compile;
mod fast_builtins;
mod floordiv_fold;
mod inplace;
pub mod interactive;
pub mod main_mode;
mod native;
pub mod output;
pub mod session;
pub mod sites;
mod user_exec;

pub use compile::{CompileUnit, compile_user_source};
pub use main_mode::{MainOutcome, MainTarget, main_argv, run_main};
pub use output::OutputMode;
pub use session::{InterruptHandle, PyErrorReport, Session, SessionConfig};

/// The GPU tier's entry points the command line offers (`kiln --gpu-info`).
pub use kiln_jit::backend::gpu::{check_kernel_files, driver::info as gpu_info};
/// Re-exported so the binaries need not depend on RustPython directly.
pub use rustpython_vm;

/// The kiln version, shown by `kiln --version` and the kernel banner.
pub const KILN_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The Python language version kiln's interpreter implements, as `"3.x.y"`.
pub fn python_version() -> String {
    use rustpython_vm::version;
    format!("{}.{}.{}", version::MAJOR, version::MINOR, version::MICRO)
}
