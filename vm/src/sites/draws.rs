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

use kiln_jit::ir::Expr;
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

/// What a call draws: `random()`, or `uniform(a, b)` (`a + (b - a) * random()`, the
/// standard library's own method).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Draw {
    Random,
    Uniform,
    Randint,
}

impl Draw {
    fn of(method: &str) -> Option<Draw> {
        match method {
            "random" => Some(Draw::Random),
            "uniform" => Some(Draw::Uniform),
            "randint" => Some(Draw::Randint),
            _ => None,
        }
    }
}

/// Whether `class` (a generator's) keeps the generator's own `random` and
/// `getrandbits` and the standard library's `uniform`, `randint` and `_randbelow`
/// (`_randbelow_with_getrandbits`), which draw through them.
fn class_draws(class: &PyObjectRef, vm: &VirtualMachine) -> bool {
    let native = |name: &'static str| Random::class(&vm.ctx).get_attr(vm.ctx.intern_str(name));
    let library = vm
        .import("random", 0)
        .ok()
        .and_then(|m| m.get_attr("Random", vm).ok());
    let stdlib = |name: &'static str| library.as_ref()?.get_attr(name, vm).ok();
    let own = class.downcast_ref::<rustpython_vm::builtins::PyType>();
    let lookup = |name: &str| own.and_then(|t| t.get_attr(vm.ctx.intern_str(name)));
    let same = |a: Option<PyObjectRef>, b: Option<PyObjectRef>| match (a, b) {
        (Some(a), Some(b)) => a.is(&b),
        _ => false,
    };
    same(lookup("random"), native("random"))
        && same(lookup("getrandbits"), native("getrandbits"))
        && same(lookup("uniform"), stdlib("uniform"))
        && same(lookup("randint"), stdlib("randint"))
        && same(lookup("_randbelow"), stdlib("_randbelow_with_getrandbits"))
}

/// The generator `callable` draws from and how, where it is a generator's own
/// `random` (`random.random`, a bound `rng.random`) or the standard library's
/// `uniform` bound to a generator that keeps both.
pub(super) fn drawn_by(callable: &PyObjectRef, vm: &VirtualMachine) -> Option<(PyObjectRef, Draw)> {
    let name = callable.get_attr("__name__", vm).ok()?;
    let draw = Draw::of(name.downcast_ref::<PyStr>()?.to_str()?)?;
    let kind = match draw {
        Draw::Random => vm.ctx.types.builtin_function_or_method_type,
        Draw::Uniform | Draw::Randint => vm.ctx.types.bound_method_type,
    };
    if !callable.class().is(kind) {
        return None;
    }
    let owner = callable.get_attr("__self__", vm).ok()?;
    generator(&owner)?;
    if draw != Draw::Random && !class_draws(&owner.class().to_owned().into(), vm) {
        return None;
    }
    Some((owner, draw))
}

/// The generator `receiver.method` draws from and how, where `receiver` is a module
/// holding such a method (`random.uniform`), or a generator whose class keeps its
/// own `random` and the standard library's `uniform`; read without running user code
/// (no instance attribute, no property).
pub(super) fn receiver_draws(
    receiver: &PyObjectRef,
    method: &str,
    vm: &VirtualMachine,
) -> Option<(PyObjectRef, Draw)> {
    let draw = Draw::of(method)?;
    if let Some(module) = receiver.downcast_ref::<PyModule>() {
        let callable = module.dict().get_item_opt(method, vm).ok()??;
        return drawn_by(&callable, vm).filter(|(_, d)| *d == draw);
    }
    generator(receiver)?;
    let shadowed = receiver.dict().is_some_and(|d| {
        ["random", "uniform", "randint", "getrandbits", "_randbelow"]
            .iter()
            .any(|n| d.get_item_opt(*n, vm).ok().flatten().is_some())
    });
    let class: PyObjectRef = receiver.class().to_owned().into();
    (!shadowed && class_draws(&class, vm)).then(|| (receiver.clone(), draw))
}

/// The expression a draw's call becomes: `random()` of no arguments, or
/// `uniform(a, b)` of number literals as its body computes it, `a + (b - a) *
/// random()` (the same operations, so the same bits); none for any other call.
pub(super) fn drawn_expr(draw: Draw, args: &mut Vec<Expr>) -> Option<Expr> {
    use kiln_jit::ir::{BinOp, Intrinsic, UnaryOp};
    let random = Expr::Call(Intrinsic::Random, Vec::new());
    let literal = |e: &Expr| match e {
        Expr::Int(_) | Expr::Float(_) => true,
        Expr::Unary(UnaryOp::Neg, x) => matches!(**x, Expr::Int(_) | Expr::Float(_)),
        _ => false,
    };
    match (draw, &args[..]) {
        (Draw::Random, []) => Some(random),
        (Draw::Randint, [a, b]) => {
            // `a + _randbelow(b - a + 1)` of int literals with `a <= b` (else Python
            // raises, interpreted).
            let int = |e: &Expr| match e {
                Expr::Int(v) => Some(*v),
                Expr::Unary(UnaryOp::Neg, x) => match **x {
                    Expr::Int(v) => v.checked_neg(),
                    _ => None,
                },
                _ => None,
            };
            let (a, b) = (int(a)?, int(b)?);
            let width = b.checked_sub(a)?.checked_add(1).filter(|w| *w > 0)?;
            args.clear();
            let below = Expr::Call(Intrinsic::RandBelow, vec![Expr::Int(width)]);
            Some(Expr::Binary(
                BinOp::Add,
                Box::new(Expr::Int(a)),
                Box::new(below),
            ))
        }
        (Draw::Uniform, [a, b]) if literal(a) && literal(b) => {
            let (a, b) = (a.clone(), b.clone());
            args.clear();
            let span = Expr::Binary(BinOp::Sub, Box::new(b), Box::new(a.clone()));
            let scaled = Expr::Binary(BinOp::Mul, Box::new(span), Box::new(random));
            Some(Expr::Binary(BinOp::Add, Box::new(a), Box::new(scaled)))
        }
        _ => None,
    }
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
        kiln_jit::runtime::provide(
            kiln_jit::runtime::RANDBELOW_SYMBOL,
            kiln_random_below as *const u8,
        );
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

/// `Intrinsic::RandBelow`: an int in `[0, n)` from this thread's generator, as the
/// library's `_randbelow` draws it; the status set, and nothing drawn, where there is
/// no generator or `n < 1`.
unsafe extern "C" fn kiln_random_below(n: i64, status: *mut i64) -> i64 {
    let payload = PAYLOAD.with(Cell::get);
    if payload.is_null() || n < 1 {
        // SAFETY: compiled code passes its frame's status slot.
        unsafe { *status = 1 };
        return 0;
    }
    // SAFETY: set by `enter` from the generator GENERATOR holds for this run.
    unsafe { (*payload).below(n as u64) as i64 }
}
