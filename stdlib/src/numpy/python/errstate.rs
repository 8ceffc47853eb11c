//! numpy's floating-point error handling (`np.seterr`, `np.geterr`, `np.errstate`):
//! what each kind of flag raised by a loop turns into.
//!
//! The state is one per process, like kiln's print options (numpy keeps it per thread
//! and context); `errstate` in the Python half saves and restores it around a block.

use std::sync::Mutex;

use rustpython_vm::builtins::PyDictRef;
use rustpython_vm::function::KwArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Ignore,
    Warn,
    Raise,
    Call,
    Print,
    Log,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Ignore => "ignore",
            Mode::Warn => "warn",
            Mode::Raise => "raise",
            Mode::Call => "call",
            Mode::Print => "print",
            Mode::Log => "log",
        }
    }

    fn parse(name: &str) -> Option<Mode> {
        [
            Mode::Ignore,
            Mode::Warn,
            Mode::Raise,
            Mode::Call,
            Mode::Print,
            Mode::Log,
        ]
        .into_iter()
        .find(|m| m.name() == name)
    }
}

/// The flag kinds, in numpy's order (which is also the order of its checks).
pub const KINDS: [&str; 4] = ["divide", "over", "under", "invalid"];

static MODES: Mutex<[Mode; 4]> = Mutex::new([Mode::Warn, Mode::Warn, Mode::Ignore, Mode::Warn]);

/// What a raised flag of `kind` (one of [`KINDS`]) should do now.
pub fn mode(kind: &str) -> Mode {
    let modes = MODES.lock().unwrap_or_else(|e| e.into_inner());
    KINDS
        .iter()
        .position(|&k| k == kind)
        .map_or(Mode::Warn, |i| modes[i])
}

fn as_dict(vm: &VirtualMachine, modes: [Mode; 4]) -> PyResult<PyDictRef> {
    let dict = vm.ctx.new_dict();
    for (kind, m) in KINDS.iter().zip(modes) {
        dict.set_item(*kind, vm.ctx.new_str(m.name()).into(), vm)?;
    }
    Ok(dict)
}

/// `np.geterr()`.
pub fn geterr(vm: &VirtualMachine) -> PyResult<PyDictRef> {
    as_dict(vm, *MODES.lock().unwrap_or_else(|e| e.into_inner()))
}

/// `np.seterr(all=None, divide=None, over=None, under=None, invalid=None)`: sets the
/// given kinds (`all` first, the named ones over it) and returns the old settings.
pub fn seterr(kwargs: KwArgs, vm: &VirtualMachine) -> PyResult<PyDictRef> {
    let mut modes = MODES.lock().unwrap_or_else(|e| e.into_inner());
    let old = *modes;
    let mut new = *modes;
    let parse = |value: &PyObjectRef| -> PyResult<Option<Mode>> {
        if vm.is_none(value) {
            return Ok(None);
        }
        let text = value.str(vm)?.to_string_lossy().to_string();
        Mode::parse(&text).map(Some).ok_or_else(|| {
            vm.new_value_error(format!(
                "invalid error mode '{text}', expected one of: 'ignore', 'warn', 'raise', 'call', 'print', 'log'"
            ))
        })
    };
    let mut named = Vec::new();
    for (key, value) in kwargs {
        let mode = parse(&value)?;
        let key = key.to_string();
        if key == "all" {
            if let Some(m) = mode {
                new = [m; 4];
            }
        } else if let Some(i) = KINDS.iter().position(|&k| k == key) {
            named.push((i, mode));
        } else {
            return Err(vm.new_type_error(format!(
                "seterr() got an unexpected keyword argument '{key}'"
            )));
        }
    }
    for (i, mode) in named {
        if let Some(m) = mode {
            new[i] = m;
        }
    }
    *modes = new;
    drop(modes);
    as_dict(vm, old)
}
