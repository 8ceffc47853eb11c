//! Signals reaching compiled loops.
//!
//! RustPython's C-level signal handler only flags the interpreter, which compiled
//! code never consults; compiled loops poll [`kiln_jit::runtime::INTERRUPT`] instead.
//! So a handler of ours goes in front of RustPython's for every signal that has a
//! Python handler: it raises that flag and then calls RustPython's, and where the
//! compiled loop hands back, the interpreter runs the Python handlers (which raise
//! `KeyboardInterrupt` for SIGINT, or whatever the program's handler raises).
//!
//! `signal.signal()` installs RustPython's handler afresh, so [`watch_signal_calls`]
//! wraps `_signal.signal` (which `signal.signal` calls) to put ours back in front
//! after each call. SIGINT's handler is installed by RustPython at start-up, and the
//! Jupyter kernel puts its own in front of it, so SIGINT is instead checked on every
//! entry into compiled code ([`ensure_sigint_hook`]), after anyone else's.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyResult, VirtualMachine};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One more than the highest signal number on Linux.
const NSIG: usize = 65;

/// The handler ours chains to, per signal.
static PREVIOUS: [AtomicUsize; NSIG] = [const { AtomicUsize::new(0) }; NSIG];

extern "C" fn on_signal(signum: libc::c_int) {
    kiln_jit::runtime::request_interrupt();
    let Some(previous) = PREVIOUS.get(signum as usize) else {
        return;
    };
    let previous = previous.load(Ordering::SeqCst);
    if previous != libc::SIG_DFL && previous != libc::SIG_IGN && previous != 0 {
        // SAFETY: `previous` was installed as a one-argument handler (no SA_SIGINFO).
        let handler: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(previous) };
        handler(signum);
    }
}

/// Puts our handler in front of `signum`'s unless it is there already, or the signal
/// is ignored or left to its default (which has no Python handler to run).
fn hook(signum: libc::c_int) {
    if signum <= 0 || signum as usize >= NSIG {
        return;
    }
    // SAFETY: plain sigaction queries and installs of a handler that is
    // async-signal-safe (an atomic store, then the previous handler).
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(signum, std::ptr::null(), &mut old) != 0 {
            return;
        }
        let current = old.sa_sigaction;
        if current == on_signal as *const () as usize
            || current == libc::SIG_DFL
            || current == libc::SIG_IGN
            || old.sa_flags & libc::SA_SIGINFO != 0
        {
            return;
        }
        PREVIOUS[signum as usize].store(current, Ordering::SeqCst);
        let mut new = old;
        new.sa_sigaction = on_signal as *const () as usize;
        libc::sigaction(signum, &new, std::ptr::null_mut());
    }
}

/// Checks SIGINT's handler before compiled code runs.
pub fn ensure_sigint_hook() {
    // Asking the kernel costs a system call on every entry; SIGINT's handler changes
    // only through `signal.signal` (wrapped below) and the kernel's own, which say so.
    if SIGINT_HOOKED.load(Ordering::Relaxed) {
        return;
    }
    hook(libc::SIGINT);
    SIGINT_HOOKED.store(true, Ordering::Relaxed);
}

/// Whether [`ensure_sigint_hook`] has looked since SIGINT's handler last changed.
static SIGINT_HOOKED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Says that SIGINT's handler was replaced (by the Jupyter kernel's), so that the
/// next entry into compiled code puts ours in front again.
pub fn sigint_handler_changed() {
    SIGINT_HOOKED.store(false, Ordering::Relaxed);
}

/// The name `_signal.signal` keeps RustPython's own function under.
const ORIGINAL: &str = "_kiln_signal";

/// `_signal.signal(signalnum, handler)`: RustPython's, then our handler in front.
fn signal_then_hook(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let module = vm.import("_signal", 0)?;
    let signum = args
        .args
        .first()
        .and_then(|s| s.try_index(vm).ok())
        .and_then(|s| s.as_bigint().try_into().ok());
    let previous = module.get_attr(ORIGINAL, vm)?.call(args, vm)?;
    if signum == Some(libc::SIGINT) {
        sigint_handler_changed();
    }
    // SIGINT is left to `ensure_sigint_hook`: whoever handles it next (the Jupyter
    // kernel takes RustPython's handler as the one to chain to) must not find ours
    // there, or each would call the other.
    if let Some(signum) = signum.filter(|s| *s != libc::SIGINT) {
        hook(signum);
    }
    Ok(previous)
}

/// Wraps `_signal.signal` so that every Python handler the program installs also
/// stops compiled loops. Called once, at start-up.
pub fn watch_signal_calls(vm: &VirtualMachine) -> PyResult<()> {
    let module = vm.import("_signal", 0)?;
    let original = module.get_attr("signal", vm)?;
    module.set_attr(ORIGINAL, original, vm)?;
    let wrapper = vm.new_function("signal", signal_then_hook);
    module.set_attr("signal", wrapper, vm)
}
