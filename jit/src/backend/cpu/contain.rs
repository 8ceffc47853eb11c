//! Compiling contained: a compile that panics (a bug of kiln's code generator, or a
//! Cranelift assertion its IR trips) leaves the loop interpreted, with the panic as the
//! reason the report gives, instead of ending the program. The panic is caught, and
//! not printed: the program's stderr stays what the interpreter makes it.
//!
//! Invariant: nothing a compile touches outlives it but its result (the Cranelift
//! module, the IR and the typing are its own), so unwinding out of it leaves no state
//! half made; the code cache stores an entry only once Cranelift has finished it.

use std::cell::Cell;
use std::sync::Once;

thread_local! {
    /// Whether this thread is compiling: its panics are not printed.
    static COMPILING: Cell<bool> = const { Cell::new(false) };
}

static QUIET_HOOK: Once = Once::new();

/// Runs the compile `f`, a panic in it made an `Err` naming it.
pub(super) fn contained<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !COMPILING.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let was = COMPILING.with(|c| c.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    COMPILING.with(|c| c.set(was));
    result.unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".into());
        Err(format!(
            "kiln's JIT failed to compile it, an internal error (please report it): {what}"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::contained;

    #[test]
    fn a_panic_is_a_reason() {
        let r: Result<(), String> = contained(|| panic!("bad IR"));
        let why = r.unwrap_err();
        assert!(
            why.contains("internal error") && why.ends_with("bad IR"),
            "{why}"
        );
        assert_eq!(contained(|| Ok::<_, String>(3)), Ok(3));
    }
}
