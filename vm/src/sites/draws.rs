//! `random.random()` in compiled loops: the generator they draw from.
//!
//! A call the nest makes of a generator's `random` (`random.random()` through the
//! module, `from random import random`, `rng.random()` of a `random.Random`) is
//! resolved, when the nest compiles, to `Intrinsic::Random` under a guard that the name
//! still reaches that generator's own `random` (kiln's `_random`, not a subclass's
//! override). On entry the VM sets the generator of this thread to it, and compiled
//! code's helper draws from its payload: the same state the interpreter draws from,
//! so the two share one sequence, whichever draws when. A nest draws from one
//! generator (two are refused when it compiles).

use kiln_stdlib::random::{Random, generator};
use rustpython_vm::builtins::{PyModule, PyStr};
use rustpython_vm::{AsObject, PyObjectRef, PyPayload, VirtualMachine};
use std::cell::{Cell, RefCell};

thread_local! {
    /// The generator the nest running on this thread draws from (held), and its
    /// payload (what the helper reads, without a borrow or a downcast per draw).
    static GENERATOR: RefCell<Option<PyObjectRef>> = const { RefCell::new(None) };
    static PAYLOAD: Cell<*const Random> = const { Cell::new(std::ptr::null()) };
}

/// The generator whose own `random` method `callable` is (`random.random`, a bound
/// `rng.random`), if it is one.
pub(super) fn drawn_by(callable: &PyObjectRef, vm: &VirtualMachine) -> Option<PyObjectRef> {
    if !callable
        .class()
        .is(vm.ctx.types.builtin_function_or_method_type)
    {
        return None;
    }
    let name = callable.get_attr("__name__", vm).ok()?;
    if name.downcast_ref::<PyStr>()?.to_str() != Some("random") {
        return None;
    }
    let owner = callable.get_attr("__self__", vm).ok()?;
    generator(&owner)?;
    Some(owner)
}

/// The generator `receiver.random` draws from where `receiver` is a module holding a
/// generator's `random`, or a generator whose class keeps the native `random`; read
/// without running user code (no instance attribute, no property).
pub(super) fn receiver_draws(
    receiver: &PyObjectRef,
    method: &str,
    vm: &VirtualMachine,
) -> Option<PyObjectRef> {
    if method != "random" {
        return None;
    }
    if let Some(module) = receiver.downcast_ref::<PyModule>() {
        let callable = module.dict().get_item_opt("random", vm).ok()??;
        return drawn_by(&callable, vm);
    }
    generator(receiver)?;
    let native = Random::class(&vm.ctx).get_attr(vm.ctx.intern_str("random"))?;
    let own = receiver.class().get_attr(vm.ctx.intern_str("random"))?;
    let shadowed = receiver
        .dict()
        .is_some_and(|d| d.get_item_opt("random", vm).ok().flatten().is_some());
    (own.is(&native) && !shadowed).then(|| receiver.clone())
}

/// Makes `generator` the one the nest about to run on this thread draws from.
pub(super) fn enter(generator: Option<PyObjectRef>) {
    let payload = generator
        .as_ref()
        .and_then(|g| generator_payload(g))
        .map_or(std::ptr::null(), |r| r as *const Random);
    // The object is held first, so the payload outlives every draw from it.
    GENERATOR.with(|g| *g.borrow_mut() = generator);
    PAYLOAD.with(|p| p.set(payload));
}

fn generator_payload(g: &PyObjectRef) -> Option<&Random> {
    generator(g).map(|r| &**r)
}

/// Gives compiled code its helper: before the first nest that draws is compiled.
pub(super) fn provide() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        kiln_jit::runtime::provide(kiln_jit::runtime::RANDOM_SYMBOL, kiln_random as *const u8);
    });
}

/// `Intrinsic::Random`: the next float of this thread's generator; the status set,
/// and nothing drawn, where there is none.
unsafe extern "C" fn kiln_random(status: *mut i64) -> f64 {
    let payload = PAYLOAD.with(Cell::get);
    if payload.is_null() {
        // SAFETY: compiled code passes its frame's status slot.
        unsafe { *status = 1 };
        return 0.0;
    }
    // SAFETY: set by `enter` from the generator GENERATOR holds for this run.
    unsafe { (*payload).random() }
}
