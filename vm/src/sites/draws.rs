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
    /// The generator's `gauss_next` while the nest runs, once a draw of `gauss()` read
    /// it (`None` until then): the value kept for the next call, if any. Written back
    /// when the run ends ([`leave`]).
    static GAUSS_NEXT: Cell<Option<Option<f64>>> = const { Cell::new(None) };
}

/// What a call draws: `random()`, or through the standard library's own methods
/// `uniform(a, b)` (`a + (b - a) * random()`), `randint(a, b)` and `gauss(mu,
/// sigma)`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Draw {
    Random,
    Uniform,
    Randint,
    Gauss,
}

impl Draw {
    fn of(method: &str) -> Option<Draw> {
        match method {
            "random" => Some(Draw::Random),
            "uniform" => Some(Draw::Uniform),
            "randint" => Some(Draw::Randint),
            "gauss" => Some(Draw::Gauss),
            _ => None,
        }
    }
}

/// Whether `class` (a generator's) keeps the generator's own `random` and
/// `getrandbits` and the standard library's `uniform`, `randint`, `gauss` and
/// `_randbelow` (`_randbelow_with_getrandbits`), which draw through them, and reads and
/// stores its instances' attributes plainly (`gauss` keeps one in `gauss_next`).
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
        && same(lookup("gauss"), stdlib("gauss"))
        && ["__getattribute__", "__setattr__"].iter().all(|hook| {
            same(
                lookup(hook),
                vm.ctx.types.object_type.get_attr(vm.ctx.intern_str(*hook)),
            )
        })
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
        Draw::Uniform | Draw::Randint | Draw::Gauss => vm.ctx.types.bound_method_type,
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
        [
            "random",
            "uniform",
            "randint",
            "gauss",
            "getrandbits",
            "_randbelow",
        ]
        .iter()
        .any(|n| d.get_item_opt(*n, vm).ok().flatten().is_some())
    });
    let class: PyObjectRef = receiver.class().to_owned().into();
    (!shadowed && class_draws(&class, vm)).then(|| (receiver.clone(), draw))
}

/// The expression a draw's call becomes: the intrinsic that computes what the standard
/// library's method computes (the same operations, so the same bits), its arguments
/// evaluated first: `random()`, `uniform(a, b)`, `randint(a, b)`, `gauss(mu, sigma)`
/// (`mu` 0.0 and `sigma` 1.0 where not given). Arguments that draw, or call a function
/// of the user's, make none: the call stays interpreted.
pub(super) fn drawn_expr(draw: Draw, args: &mut Vec<Expr>) -> Option<Expr> {
    use kiln_jit::ir::Intrinsic;
    let mut drawing = false;
    for a in args.iter() {
        a.walk(&mut |e| {
            drawing |= matches!(
                e,
                Expr::Call(
                    Intrinsic::Random | Intrinsic::RandInt | Intrinsic::Uniform | Intrinsic::Gauss,
                    _
                ) | Expr::CallUser(..)
                    | Expr::Inline(..)
                    | Expr::Unpack(..)
            );
        });
    }
    if drawing {
        return None;
    }
    let drawn = match (draw, &args[..]) {
        (Draw::Random, []) => Expr::Call(Intrinsic::Random, Vec::new()),
        (Draw::Randint, [_, _]) => Expr::Call(Intrinsic::RandInt, args.clone()),
        (Draw::Uniform, [_, _]) => Expr::Call(Intrinsic::Uniform, args.clone()),
        (Draw::Gauss, _) if args.len() <= 2 => {
            let mu = args.first().cloned().unwrap_or(Expr::Float(0.0));
            let sigma = args.get(1).cloned().unwrap_or(Expr::Float(1.0));
            Expr::Call(Intrinsic::Gauss, vec![mu, sigma])
        }
        _ => return None,
    };
    args.clear();
    Some(drawn)
}

/// Makes `generator` the one the nest about to run on this thread draws from.
pub(super) fn enter(generator: Option<PyObjectRef>) {
    GAUSS_NEXT.with(|g| g.set(None));
    let payload = generator
        .as_ref()
        .and_then(|g| generator_payload(g))
        .map_or(std::ptr::null(), |r| r as *const Random);
    // The object is held first, so the payload outlives every draw from it.
    GENERATOR.with(|g| *g.borrow_mut() = generator);
    PAYLOAD.with(|p| p.set(payload));
}

/// Ends the run's draws: the value `gauss()` keeps for its next call goes back into
/// the generator's `gauss_next`, where the interpreter reads it.
pub(super) fn leave() {
    if let (Some(kept), Some(generator)) = (
        GAUSS_NEXT.with(|g| g.take()),
        GENERATOR.with(|g| g.borrow().clone()),
    ) && let Some(dict) = generator.dict()
    {
        rustpython_vm::vm::thread::with_current_vm(|vm| {
            let value = match kept {
                Some(z) => vm.ctx.new_float(z).into(),
                None => vm.ctx.none(),
            };
            // A plain dict's store of a float or None: it cannot fail.
            let _ = dict.set_item("gauss_next", value, vm);
        });
    }
    enter(None);
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
        kiln_jit::runtime::provide(
            kiln_jit::runtime::GAUSS_SYMBOL,
            kiln_random_gauss as *const u8,
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
    // SAFETY: set by `enter` from the generator GENERATOR holds for this run, which
    // runs on the only thread (`CompiledNest::one_thread`, set by every nest that
    // draws), and nothing it calls draws.
    unsafe { (*payload).random_unlocked() }
}

/// For `Intrinsic::RandInt`: an int in `[0, n)` from this thread's generator, as the
/// library's `_randbelow` draws it; the status set, and nothing drawn, where there is
/// no generator or `n < 1`.
unsafe extern "C" fn kiln_random_below(n: i64, status: *mut i64) -> i64 {
    let payload = PAYLOAD.with(Cell::get);
    if payload.is_null() || n < 1 {
        // SAFETY: compiled code passes its frame's status slot.
        unsafe { *status = 1 };
        return 0;
    }
    // SAFETY: set by `enter` from the generator GENERATOR holds for this run, on the
    // only thread (as for `kiln_random`).
    unsafe { (*payload).below_unlocked(n as u64) as i64 }
}

/// `Intrinsic::Gauss`: the standard library's `z` of `gauss()` for this thread's
/// generator: the value its last call kept (`gauss_next`, read from the generator at
/// the run's first call and held in [`GAUSS_NEXT`] until [`leave`]), or from two draws
/// (`cos(2 pi u) * sqrt(-2 log(1 - v))`, keeping the `sin` half), with the `math`
/// functions the interpreter's module calls; the status set, and nothing drawn, where
/// there is no generator or its `gauss_next` is neither a float nor `None`.
unsafe extern "C" fn kiln_random_gauss(status: *mut i64) -> f64 {
    let fail = || {
        // SAFETY: compiled code passes its frame's status slot.
        unsafe { *status = 1 };
        0.0
    };
    let payload = PAYLOAD.with(Cell::get);
    if payload.is_null() {
        return fail();
    }
    let kept = match GAUSS_NEXT.with(Cell::get) {
        Some(kept) => kept,
        None => {
            // The first `gauss()` of the run reads the generator's `gauss_next`.
            let Some(dict) = GENERATOR
                .with(|g| g.borrow().clone())
                .and_then(|g| g.dict())
            else {
                return fail();
            };
            let read = rustpython_vm::vm::thread::with_current_vm(|vm| {
                match dict.get_item_opt("gauss_next", vm) {
                    Ok(Some(z)) if z.class().is(vm.ctx.types.float_type) => Some(Some(
                        z.downcast_ref::<rustpython_vm::builtins::PyFloat>()
                            .expect("a float")
                            .to_f64(),
                    )),
                    Ok(Some(z)) if vm.is_none(&z) => Some(None),
                    _ => None,
                }
            });
            match read {
                Some(kept) => kept,
                None => return fail(),
            }
        }
    };
    match kept {
        Some(z) => {
            GAUSS_NEXT.with(|g| g.set(Some(None)));
            z
        }
        None => {
            // SAFETY: set by `enter` from the generator GENERATOR holds, on the only
            // thread (as for `kiln_random`).
            let (u, v) = unsafe { ((*payload).random_unlocked(), (*payload).random_unlocked()) };
            let x2pi = u * std::f64::consts::TAU;
            let log = pymath::math::log(1.0 - v, None).unwrap_or(f64::NAN);
            let g2rad = pymath::math::sqrt(-2.0 * log).unwrap_or(f64::NAN);
            let cos = pymath::math::cos(x2pi).unwrap_or(f64::NAN);
            let sin = pymath::math::sin(x2pi).unwrap_or(f64::NAN);
            GAUSS_NEXT.with(|g| g.set(Some(Some(sin * g2rad))));
            cos * g2rad
        }
    }
}
