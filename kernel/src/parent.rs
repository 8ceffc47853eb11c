//! The kernel ends when the process that started it dies, as ipykernel's does: a front
//! end or kernel manager that was killed cannot shut its kernel down, and the kernel
//! would otherwise run (and hold its ports and memory) forever.
//!
//! As ipykernel does on Unix, the parent process id is polled: once the parent is gone
//! the kernel has been handed to another (init, or a subreaper) and `getppid()`
//! changes. Jupyter also names the parent in `JPY_PARENT_PID`; when that is not the
//! actual parent (a wrapper started the kernel) ipykernel ignores it, and so does this.
//! `PR_SET_PDEATHSIG` is not used: it follows the parent *thread*, and a manager may
//! start kernels from a thread that ends long before it does.

use crate::interp::log;
use std::time::Duration;

/// How often the parent is checked.
const POLL: Duration = Duration::from_secs(1);

/// Starts the thread that ends the process when its parent dies. Nothing is watched
/// when the kernel has no parent to lose (started by init, or orphaned already).
pub fn watch() -> Result<(), String> {
    // SAFETY: getppid(2) cannot fail.
    let parent = unsafe { libc::getppid() };
    if parent <= 1 {
        return Ok(());
    }
    std::thread::Builder::new()
        .name("kiln-kernel-parent".into())
        .spawn(move || {
            loop {
                std::thread::sleep(POLL);
                // SAFETY: as above.
                if unsafe { libc::getppid() } != parent {
                    log(&format!(
                        "the parent process ({parent}) is gone: the kernel exits"
                    ));
                    std::process::exit(1);
                }
            }
        })
        .map(drop)
        .map_err(|err| format!("cannot start the thread watching the parent process: {err}"))
}
