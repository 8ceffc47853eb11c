//! Tier 1: a nest compiled serially with Cranelift, specialised on the entry types.
//!
//! The generated function takes the frame ([`crate::frame`]) and returns where it
//! stopped: [`FINISHED`] (the site loop ran out), [`BROKE`] (a `break` left it), or a
//! point, the statement the interpreter must resume at. Each Python variable is a
//! Cranelift variable (plus a numpy flag when its type is mixed and a bound flag when it
//! may be unbound), so SSA construction is the frontend's. Array descriptors are read
//! from the frame again before each loop (they never change while the nest runs), so
//! data pointers, shapes and strides are loop-invariant values that live only as long
//! as the loop; the inner stride of a row-contiguous array is a constant. Innermost
//! loops are versioned (`bounds`): the copy whose subscripts are proven reads hoisted
//! addresses and, for float64 or float32 bodies, runs two or four iterations at a
//! time (`vector`). A loop with loops inside is versioned on a proof of the whole
//! nest's subscripts (`nest_bounds`), so its inner loops need none of their own.
//!
//! The invariant every statement keeps: anything that can fail is checked before the
//! statement's one side effect, and a failed check jumps to the statement's exit block,
//! which writes the state back and returns the statement's point. The stores of calls
//! inlined into a statement come before its checks end: they are journaled and undone
//! on the way out (`journal`).

mod affinity;
mod arrays;
mod bounds;
mod calls;
pub mod checked_loops;
mod chunk_saves;
mod code_cache;
mod compare;
mod const_branches;
mod contain;
mod dead_code;
mod element;
mod emit;
mod entry;
mod exit_liveness;
mod expr;
mod flag_loops;
mod flags;
mod float_checks;
mod float_consts;
mod forwarding;
mod frame_loads;
mod front_cache;
pub mod host_writes;
mod identities;
mod if_convert;
pub mod interchanged;
mod journal;
mod layout_order;
mod lists;
mod loops;
mod nest_bounds;
mod objects;
pub mod parallel_loops;
mod phis;
mod ranges;
mod same_checks;
mod summed_loops;
mod summed_nests;
pub mod threads;
mod vector;

use emit::{Emitted, Marks, emit, emit_with_loops};

#[cfg(test)]
mod clif_tests;

use crate::collections::{HashMap, HashSet};
use crate::frame::{self, Layout};
use crate::infer::{Typing, VarTy};
use crate::ir::{Nest, Point, Stmt, StmtKind, Var};
use crate::types::{Machine, Scalar, ScalarTy, Ty};
use cranelift_codegen::entity::SecondaryMap;
use cranelift_codegen::ir::{
    self, AbiParam, Block, InstBuilder, MemFlagsData, Value, condcodes::IntCC, types,
};
use cranelift_frontend::{FunctionBuilder, Variable};
use cranelift_jit::JITModule;
use cranelift_module::{Linkage, Module};
use std::time::{Duration, Instant};

/// The site loop ran to its end.
pub const FINISHED: i64 = -1;
/// A `break` left the site loop.
pub const BROKE: i64 = -2;

/// A compiled nest, ready to run.
pub struct CompiledNest {
    // Owns the code; dropped with the nest.
    _module: JITModule,
    entry: extern "C" fn(*mut u64) -> i64,
    /// Where the VM puts and finds each variable, array and loop state.
    pub layout: Layout,
    pub compile_time: Duration,
    /// Whether its machine code came from the cache of earlier runs (`code_cache`).
    pub from_cache: bool,
    /// How many innermost loops run several iterations at a time (see `vector`).
    pub vector_loops: u32,
    /// How many of those sum in partial sums, one per lane, under the nest's grant
    /// ([`crate::ir::Nest::fastmath`]).
    pub partial_sum_loops: u32,
    /// How many innermost loops run first with their numpy float operations checked by
    /// the CPU's flags (see `flag_loops`).
    pub flag_loops: u32,
    /// How many short innermost loops that only sum run first with no value tested,
    /// then test the sum (see `summed_loops`).
    pub summed_loops: u32,
    /// How many loops with loops inside that only sum run first with no value tested,
    /// then test the sum (see `summed_nests`).
    pub summed_nests: u32,
    /// How many loop nests have a copy whose subscripts are proven once, at its
    /// entry (see `nest_bounds`).
    pub nest_proofs: u32,
    /// How many short conditional assignments run as selects, with no branch
    /// (`if_convert`).
    pub branch_selects: u32,
    /// How many conditional element stores run as selects (`crate::select_stores`).
    pub select_stores: u32,
    /// How many array statements run fused with a neighbour (`crate::scalarise`).
    pub fused_statements: u32,
    /// How many fused runs store as they go while numpy's errors only warn.
    pub quiet_runs: u32,
    /// Whether it was compiled for numpy's floating-point errors only warning.
    pub quiet_fp: bool,
    /// Whether it reads list items in place (`runtime::ObjectLayout`) or draws from a
    /// generator, without the lists' or the generator's locks: it may run only while
    /// no other thread runs Python.
    pub one_thread: bool,
    /// Whether that makes a difference to the code (it has array statements): if so,
    /// it runs only while the VM finds numpy's errors as they were.
    pub depends_on_fp_errors: bool,
    /// The numpy operations whose flags the nest may note (`runtime::take_fp_notes`):
    /// the line and ufunc name of the warning each gives.
    pub fp_ops: Vec<crate::scalarise::FpOp>,
    /// Each complex variable and the variable holding its imaginary part
    /// ([`crate::complex`]): the VM writes and reads a complex number's parts there,
    /// in the part type's code (a float for a complex, a float64 for a complex128).
    pub complex_parts: Vec<(Var, Var)>,
    /// Each name bound to a row of a list of rows (or to an object of a list), the
    /// list and the row's index variable ([`crate::rows`], [`crate::objects`]): the
    /// VM writes the name back as that item.
    pub row_aliases: Vec<(Var, Var, Var)>,
    /// Each name that holds a tuple and its elements' variables ([`crate::tuples`]):
    /// the VM makes the tuple from them when it writes the name back.
    pub tuple_parts: Vec<(Var, Vec<Var>)>,
    /// Whether and how its outer loop may run on several threads (tier 2, `threads`).
    pub parallel: crate::analysis::ParallelPlan,
    /// The loops of a function compiled whole that may run on several threads, each
    /// compiled a second time as a nest of its own (`parallel_loops`).
    pub loops: Vec<parallel_loops::ParallelLoop>,
    /// The loops of a function compiled whole that always run on one thread: each
    /// one's line and why.
    pub refused_loops: Vec<(u32, String)>,
    /// The checked copies of its proven nests, compiled where a proof first fails
    /// (`checked_loops`).
    pub checked: Vec<checked_loops::CheckedLoop>,
    /// Its outer loop as a GPU kernel, where `KILN_DEVICE` chose a device (tier 3).
    pub offload: Option<crate::backend::gpu::Offload>,
    /// The code tier 2's chunks run where a loop moves innermost (`interchanged`).
    pub interchanged: Option<interchanged::Interchanged>,
    /// The arrays its code may store into, told when it returns (`host_writes`).
    pub stores: host_writes::Stores,
}

// The module's code is immutable once finalised and the entry point is re-entrant.
unsafe impl Send for CompiledNest {}
unsafe impl Sync for CompiledNest {}

impl CompiledNest {
    /// Runs the nest on `frame` (laid out by [`Self::layout`]) and says where it stopped.
    ///
    /// # Safety
    /// The frame must describe live arrays of the types the nest was compiled for.
    pub unsafe fn run(&self, frame: &mut [u64]) -> i64 {
        assert!(frame.len() >= self.layout.len());
        self.stores.running(&self.layout, frame, |frame| {
            parallel_loops::running(self, || (self.entry)(frame.as_mut_ptr()))
        })
    }
}

/// Compiles `nest` for variables of the `entry` types (one per variable), while
/// numpy's floating-point errors only warn or not (`quiet_fp`, see
/// [`crate::scalarise::scalarise`]).
pub fn compile(nest: &Nest, entry: &[Ty], quiet_fp: bool) -> Result<CompiledNest, String> {
    contain::contained(|| compile_nest(nest, entry, quiet_fp))
}

fn compile_nest(nest: &Nest, entry: &[Ty], quiet_fp: bool) -> Result<CompiledNest, String> {
    let started = Instant::now();
    let lowered = nest;
    let held = crate::objects::split(nest, entry)?;
    let mut row_aliases = held.as_ref().map_or(Vec::new(), |s| s.aliases.clone());
    let (nest, entry) = match &held {
        Some(s) => (&s.nest, &s.entry[..]),
        None => (nest, entry),
    };
    let aliased = crate::lists::inline_aliases(nest, entry);
    let nest = aliased.as_ref().unwrap_or(nest);
    let rowed = crate::rows::split(nest, entry)?;
    row_aliases.extend(rowed.as_ref().map_or(Vec::new(), |s| s.aliases.clone()));
    let (nest, entry) = match &rowed {
        Some(s) => (&s.nest, &s.entry[..]),
        None => (nest, entry),
    };
    crate::rows::check_iterated(nest)?;
    crate::lists::check(nest, entry)?;
    crate::draws::check(nest)?;
    let tupled = crate::tuples::split(nest, entry)?;
    let tuple_parts = tupled.as_ref().map_or(Vec::new(), |s| s.parts.clone());
    let (nest, entry) = match &tupled {
        Some(s) => (&s.nest, &s.entry[..]),
        None => (nest, entry),
    };
    let split = crate::complex::split(nest, entry)?;
    let complex_parts = split.as_ref().map_or(Vec::new(), |s| s.parts.clone());
    let (nest, entry) = match &split {
        Some(s) => (&s.nest, &s.entry[..]),
        None => (nest, entry),
    };
    // Fused where statements may fuse; if that form does not type (a value of another
    // dtype than its target's), each statement on its own, then through temporaries.
    let typed = |mode| -> Result<_, String> {
        let scalarised = crate::scalarise::scalarise(nest, entry, mode, quiet_fp)?;
        let (n, e) = match &scalarised {
            Some(s) => (&s.nest, &s.entry[..]),
            None => (nest, entry),
        };
        let typing = Typing::infer(n, e)?;
        if let Some(s) = &scalarised {
            crate::scalarise::check_casts(s, &typing)?;
        }
        // The typing borrows the nest it typed, which lives in `scalarised`: typed
        // again below, once it has its final place.
        drop(typing);
        Ok(scalarised)
    };
    use crate::scalarise::Mode;
    let scalarised = typed(Mode::Quiet)
        .or_else(|_| typed(Mode::Fused))
        .or_else(|_| typed(Mode::Apart))
        .or_else(|_| typed(Mode::Careful))?;
    let fused_statements = scalarised.as_ref().map_or(0, |s| s.fused);
    let quiet_runs = scalarised.as_ref().map_or(0, |s| s.quiet_runs);
    let depends_on_fp_errors = scalarised.as_ref().is_some_and(|s| s.depends_on_fp_errors);
    let fp_ops = scalarised
        .as_ref()
        .map(|s| s.fp_ops.clone())
        .unwrap_or_default();
    let hardware_floats = scalarised
        .as_ref()
        .map(|s| s.hardware_floats.clone())
        .unwrap_or_default();
    let cold_loops = scalarised
        .as_ref()
        .map(|s| s.cold_loops.clone())
        .unwrap_or_default();
    let unchecked_loops = scalarised
        .as_ref()
        .map(|s| s.unchecked_loops.clone())
        .unwrap_or_default();
    let (nest, entry) = match &scalarised {
        Some(s) => (&s.nest, &s.entry[..]),
        None => (nest, entry),
    };
    let typing = Typing::infer(nest, entry)?;
    let selects = crate::select_stores::rewrite(nest, &typing);
    let (nest, typing) = match &selects {
        Some((rewritten, _)) => (rewritten, Typing::infer(rewritten, entry)?),
        None => (nest, typing),
    };
    let select_stores = selects.as_ref().map_or(0, |(_, n)| *n);
    crate::draws::check_typed(nest, &typing)?;
    let layout = Layout::new(nest, entry);
    let parallel = crate::analysis::ParallelPlan::new(nest, &typing);
    let offload = crate::backend::gpu::Offload::new(nest, &typing, &layout, &parallel.verdict);
    let marks = Marks {
        hardware_floats,
        cold_loops,
        unchecked_loops,
        lazy_checked: true,
        live: Some(std::sync::Arc::new(exit_liveness::Liveness::of(
            lowered,
            &row_aliases,
        ))),
    };
    let material = front_cache::material(nest, entry, &marks);
    let (plans, mut refused) = parallel_loops::plan_loops(nest, &typing, &marks);
    let (loops, emitted) = emit_with_loops(
        nest,
        &typing,
        &layout,
        &marks,
        plans,
        &mut refused,
        material,
    )?;
    let interchanged =
        interchanged::Interchanged::compile(nest, entry, &typing, &layout, &marks, &parallel);
    let checked = checked_loops::plan(
        nest,
        &typing,
        &layout,
        &marks,
        &emitted.counts.checked_loops,
    );
    let stores = host_writes::Stores::of(nest, &layout);
    Ok(CompiledNest {
        _module: emitted.module,
        entry: emitted.entry,
        layout,
        compile_time: started.elapsed(),
        from_cache: emitted.from_cache,
        row_aliases,
        vector_loops: emitted.counts.vector_loops,
        partial_sum_loops: emitted.counts.partial_sum_loops,
        flag_loops: emitted.counts.flag_loops,
        summed_loops: emitted.counts.summed_loops,
        summed_nests: emitted.counts.summed_nests,
        nest_proofs: emitted.counts.nest_proofs,
        branch_selects: emitted.counts.branch_selects,
        select_stores,
        fused_statements,
        quiet_runs,
        quiet_fp,
        one_thread: emitted.counts.one_thread,
        depends_on_fp_errors,
        fp_ops,
        complex_parts,
        tuple_parts,
        parallel,
        loops,
        refused_loops: refused,
        checked,
        offload,
        interchanged,
        stores,
    })
}

/// The bits of the integer constant `v` is (aliases resolved), if it is an `iconst`'s.
fn int_constant(dfg: &ir::DataFlowGraph, v: Value) -> Option<i64> {
    match dfg.insts[dfg.value_def(v).inst()?] {
        ir::InstructionData::UnaryImm {
            opcode: ir::Opcode::Iconst,
            imm,
        } => Some(imm.bits()),
        _ => None,
    }
}

/// See `Gen::constant_arrays`. Inlined calls' array parameters (hidden variables) are
/// left out: they stand for other arrays, which a call that stores may write.
fn constant_arrays(nest: &Nest, typing: &Typing) -> crate::collections::HashSet<Var> {
    let mut stored = crate::collections::HashSet::default();
    for stmt in nest.statements() {
        // An inlined call may store into the arrays passed to it, under its own
        // names for them: none is constant then.
        if crate::ir::inlined_stores(&stmt.exprs()) > 0 {
            return Default::default();
        }
        if let StmtKind::Store { array, .. } = &stmt.kind {
            stored.insert(*array);
        }
        // A swapped array may come to hold a stored one's buffer.
        if let Some(pairs) = typing.array_permutation(stmt) {
            stored.extend(pairs.iter().map(|(t, _)| *t));
        }
    }
    nest.vars
        .iter()
        .filter(|(var, data)| {
            !data.hidden
                && !stored.contains(var)
                && matches!(typing.vars[*var], VarTy::Array(a) if a.own_buffer)
        })
        .map(|(var, _)| var)
        .collect()
}

/// A scalar value in flight: its static type, machine value and, when the type is
/// mixed, the numpy flag (an i8, 1 for the numpy twin).
#[derive(Copy, Clone, Debug)]
struct Val {
    ty: ScalarTy,
    v: Value,
    numpy: Option<Value>,
}

/// How a variable is held.
#[derive(Copy, Clone, Debug)]
struct VarSlots {
    ty: ScalarTy,
    value: Variable,
    numpy: Option<Variable>,
    bound: Option<Variable>,
}

#[derive(Clone)]
struct ArrayVals {
    ty: crate::types::ArrayTy,
    data: Value,
    shape: Vec<Value>,
    strides: Vec<Value>,
}

/// A statement and the copy of the loops around it it sits in (their state variables).
type ExitKey = (Point, Vec<u32>);

/// A `for` loop's induction variables: current value, stop, step.
type LoopState = Option<(Variable, Variable, Variable)>;

/// A `for` loop to generate: where `done` is reached when the range runs out, `broke`
/// by `break`; the site's own loop (`is_root`) polls for interrupts even when
/// innermost, and so does (`polls`) a loop right inside a root of one iteration (a
/// function compiled whole: `for __kiln_call in range(1)` around its body), which
/// may run for as long as the function does.
#[derive(Clone, Copy)]
struct ForLoop<'s> {
    point: Point,
    var: Var,
    bounds: (Value, Value, Value),
    /// `(target, array)`: `target = array[var]` starts each iteration.
    items: &'s [(Var, Var)],
    body: &'s [Stmt],
    done: Block,
    broke: Block,
    is_root: bool,
    polls: bool,
}

/// A loop being generated.
struct LoopCtx {
    point: Point,
    /// Where `continue` goes (the increment of a `for`, the test of a `while`).
    latch: Block,
    /// Where `break` goes.
    exit: Block,
    /// The induction state of a `for`: current value, stop, step.
    state: LoopState,
}

struct Gen<'a, 'f> {
    nest: &'a Nest,
    typing: &'a Typing<'a>,
    layout: &'a Layout,
    b: FunctionBuilder<'f>,
    module: &'a mut JITModule,
    pointer: ir::Type,
    frame: Value,
    vars: SecondaryMap<Var, Option<VarSlots>>,
    arrays: SecondaryMap<Var, Option<ArrayVals>>,
    loops: Vec<LoopCtx>,
    /// The statement being generated: a failed check resumes the interpreter there.
    point: Point,
    /// One exit block per point and copy of the loops around it (a versioned loop has
    /// two), with the loops that were running there.
    exits: HashMap<ExitKey, (Block, Vec<(Point, LoopState)>)>,
    /// Subscripts proven in bounds for the loop being generated (see `bounds`).
    proven: crate::collections::HashSet<*const crate::ir::Expr>,
    /// The proven subscripts computed before their loop, and their values.
    proven_values: HashMap<*const crate::ir::Expr, Value>,
    /// The hoisted addresses of the unchecked innermost loop's accesses, and its
    /// variable (see `bounds`).
    access_bases: HashMap<*const crate::ir::Expr, bounds::AccessBase>,
    loop_var: Option<Var>,
    /// Innermost loops generated with a vector copy so far.
    vector_loops: u32,
    /// Those of them that sum in partial sums (`vector`'s granted reductions).
    partial_sum_loops: u32,
    /// Whether it needs the only thread (`CompiledNest::one_thread`).
    one_thread: bool,
    /// Arrays whose elements do not change while the nest runs: it never stores to
    /// them and no other array of it shares their buffer. Their loads are pure, so
    /// Cranelift may move them (into the arithmetic they feed, out of loops).
    constant_arrays: crate::collections::HashSet<Var>,
    /// The variables of the `for` loops around the code being generated.
    bound_loop_vars: crate::collections::HashSet<Var>,
    /// The element the unchecked innermost loop being generated carries in a
    /// variable (`forwarding`).
    forwarded: Option<forwarding::Forwarded>,
    helpers: HashMap<&'static str, ir::FuncRef>,
    /// The data symbols the code takes addresses of (the interrupt flag, the VM's
    /// float type), each declared at its first use: by name, so that the code embeds
    /// no address of this process (`code_cache`).
    symbols: HashMap<&'static str, ir::GlobalValue>,
    /// The lists the loops being generated run over (`lists::list_store`).
    iterated_lists: Vec<Var>,
    /// Each row's list variable and the list of rows it was pointed into
    /// (`lists::row_list`): a loop over the row runs over the list of rows too.
    row_parents: Vec<(Var, Var)>,
    /// How deep in inlined function bodies the statement being generated is.
    inlining: u32,
    /// The undo journal of the statement being generated, when calls inlined into it
    /// store into arrays (see `journal`).
    journal: Option<journal::Journal>,
    /// Set (an i8) when a numpy float result of the current statement is not finite.
    float_flags: Variable,
    /// The i8 0 defined in the entry block: `float_flags` when nothing was seen.
    no_floats_seen: Value,
    /// `iconst.i8 1` in the entry block: every flag set to true is this one value, so
    /// a flag set on every path into a loop header is no block parameter at all
    /// (Cranelift's constant-phi removal compares values, not constants).
    flag_set: Value,
    /// numpy float results of the current statement not yet noted in `float_flags`.
    pending_floats: Vec<Value>,
    /// The numpy float operations of the current statement, for the test of whether
    /// numpy would warn that `settle_float_flags` makes where a result is not finite.
    float_ops: Vec<float_checks::FloatOp>,
    /// The points whose numpy float operations the CPU's flags check
    /// ([`crate::ir::Intrinsic::CheckFpFlags`]): no test of each value in their loops.
    hardware_floats: HashSet<Point>,
    /// How many of the loops being generated are such a statement's.
    hardware_loops: u32,
    /// The counters of loops generated plain (`crate::scalarise::Scalarised`).
    cold_loops: HashSet<Var>,
    /// The counters of loops whose vector code tests no value (the same).
    unchecked_loops: HashSet<Var>,
    /// Where the values computed only for their flags are or-ed (an i64, and an
    /// i64x2 for vector loops): `CheckFpFlags` passes them to the runtime, for a value
    /// nothing else reads (a fused statement's value before its stores) must still be
    /// computed, and Cranelift drops pure operations no one uses.
    sinks: (Variable, Variable),
    /// Whether a value was sunk into each since the last emptying (generation order).
    sunk_since_empty: (bool, bool),
    /// Where each kind of `return` in the nest leaves it.
    returned: std::collections::BTreeMap<crate::ir::Returned, Block>,
    /// The variables the code after each statement may read: all an exit there writes
    /// back (`exit_liveness::Liveness`, for the site's own code; `None`, all that the
    /// nest assigns, for a loop made a nest of its own).
    live_before: Option<HashMap<Point, HashSet<Var>>>,
    /// For a loop site, what the function may read after the loop: all a finished run
    /// writes back; none in a function compiled whole.
    live_after: Option<HashSet<Var>>,
    /// How many of the nest's first variables the live sets speak of (the others,
    /// temporaries of the passes after lowering, are always live).
    live_known: usize,
    /// Where a `return` in the body of each inlined call being generated goes (its
    /// result is then in the function's result variables).
    inline_returns: Vec<Block>,
    /// The loops (by point) that offer their iterations to tier 2 first: the index of
    /// each in `CompiledNest::loops`, and the variables its nest writes back.
    parallel_loops: HashMap<Point, (usize, Vec<Var>)>,
    /// The innermost loop being generated under the CPU's flags (`flag_loops`).
    flag_guard: Option<flag_loops::FlagGuard>,
    /// Innermost loops generated to be checked by their sum (`summed_loops`), and
    /// whether one is being generated.
    summed_loops: u32,
    summing: u32,
    /// Loops with loops inside generated to be checked by their sum (`summed_nests`).
    summed_nests: u32,
    /// Whether the innermost loop being generated is rotated (see `Gen::emit_for`).
    rotate_innermost: bool,
    /// Innermost loops generated with a copy under the CPU's flags so far.
    flag_loops: u32,
    /// The subscripts proven for the copy of a nest being generated (`nest_bounds`).
    nest_forms: Option<nest_bounds::NestForms>,
    /// Whether the code being generated is a nest's copy for a failed proof (its
    /// loops are not versioned again).
    nest_tried: bool,
    /// While an `a if c else b` of arms computed eagerly is generated, the elements
    /// loaded so far and their values: an arm that is the element the condition
    /// compared takes the value loaded (`d[i, j] = alt if alt < d[i, j] else d[i, j]`
    /// loaded `d[i, j]` twice; Cranelift could not tell the two addresses equal when
    /// it looks for redundant loads).
    loaded_here: Option<Vec<(crate::ir::Expr, Val)>>,
    /// Nests generated with a copy proven at once so far.
    nest_loops: u32,
    /// Whether a proven nest calls its checked copy (`Marks::lazy_checked`).
    lazy_checked: bool,
    /// The proven nests whose checked copies the code calls, by index.
    checked_loops: Vec<Point>,
}

fn machine_type(m: Machine) -> ir::Type {
    match m {
        Machine::I64 => types::I64,
        Machine::F64 => types::F64,
        Machine::F32 => types::F32,
    }
}

impl<'a, 'f> Gen<'a, 'f> {
    fn new(
        nest: &'a Nest,
        typing: &'a Typing<'a>,
        layout: &'a Layout,
        b: FunctionBuilder<'f>,
        module: &'a mut JITModule,
        pointer: ir::Type,
    ) -> Self {
        Gen {
            nest,
            typing,
            layout,
            b,
            module,
            pointer,
            frame: Value::from_u32(0),
            vars: SecondaryMap::new(),
            arrays: SecondaryMap::new(),
            loops: Vec::new(),
            point: nest.root.point,
            exits: HashMap::default(),
            helpers: HashMap::default(),
            symbols: HashMap::default(),
            iterated_lists: Vec::new(),
            row_parents: Vec::new(),
            inlining: 0,
            journal: None,
            float_flags: Variable::from_u32(0),
            no_floats_seen: Value::from_u32(0),
            flag_set: Value::from_u32(0),
            pending_floats: Vec::new(),
            float_ops: Vec::new(),
            hardware_floats: HashSet::default(),
            hardware_loops: 0,
            cold_loops: HashSet::default(),
            unchecked_loops: HashSet::default(),
            sinks: (Variable::from_u32(0), Variable::from_u32(0)),
            returned: Default::default(),
            // The site's own code takes them from its marks (`exit_liveness`); a loop
            // made a nest of its own writes back everything it assigned.
            live_before: None,
            live_after: None,
            live_known: 0,
            inline_returns: Vec::new(),
            sunk_since_empty: (false, false),
            proven: Default::default(),
            proven_values: Default::default(),
            access_bases: HashMap::default(),
            loop_var: None,
            vector_loops: 0,
            partial_sum_loops: 0,
            one_thread: false,
            constant_arrays: constant_arrays(nest, typing),
            bound_loop_vars: Default::default(),
            forwarded: None,
            parallel_loops: HashMap::default(),
            flag_guard: None,
            summed_loops: 0,
            summing: 0,
            summed_nests: 0,
            rotate_innermost: false,
            flag_loops: 0,
            nest_forms: None,
            nest_tried: false,
            loaded_here: None,
            nest_loops: 0,
            lazy_checked: false,
            checked_loops: Vec::new(),
        }
    }

    fn flags() -> MemFlagsData {
        MemFlagsData::trusted()
    }

    fn slot_offset(slot: usize) -> i32 {
        (slot * 8) as i32
    }

    fn load_slot(&mut self, ty: ir::Type, slot: usize) -> Value {
        self.b
            .ins()
            .load(ty, Self::flags(), self.frame, Self::slot_offset(slot))
    }

    fn store_slot(&mut self, v: Value, slot: usize) {
        self.b
            .ins()
            .store(Self::flags(), v, self.frame, Self::slot_offset(slot));
    }

    /// A constant flag (i8), one value per function for each of true and false.
    fn flag(&self, set: bool) -> Value {
        if set {
            self.flag_set
        } else {
            self.no_floats_seen
        }
    }

    fn iconst(&mut self, v: i64) -> Value {
        self.b.ins().iconst(types::I64, v)
    }

    /// The value of `v` when it is an integer constant.
    fn constant(&self, v: Value) -> Option<i64> {
        int_constant(&self.b.func.dfg, v)
    }

    fn block(&mut self, stmts: &[Stmt]) -> Result<(), String> {
        for stmt in stmts {
            self.stmt(stmt)?;
        }
        Ok(())
    }

    /// Starts a new block after a jump, for code that follows it (unreachable).
    fn after_jump(&mut self) {
        let dead = self.b.create_block();
        self.b.switch_to_block(dead);
    }

    fn stmt(&mut self, stmt: &Stmt) -> Result<(), String> {
        // Inside an inlined body, a failed check hands back the calling statement.
        if self.inlining == 0 {
            self.point = stmt.point;
        }
        let at = |e: String| format!("line {}: {e}", stmt.line);
        match &stmt.kind {
            StmtKind::Assign { .. } if self.typing.array_permutation(stmt).is_some() => {
                let pairs = self.typing.array_permutation(stmt).expect("checked");
                self.move_arrays(&pairs);
            }
            StmtKind::Assign { targets, values } => {
                self.journaled(&stmt.exprs(), |g| {
                    let vals = values
                        .iter()
                        .map(|v| g.scalar(v))
                        .collect::<Result<Vec<_>, _>>()?;
                    g.settle_float_flags();
                    if g.floats_by_hardware() {
                        // A value of any type: a comparison of quotients computes the
                        // quotients only if the comparison is kept.
                        for v in &vals {
                            g.sink_value(v.v);
                        }
                    }
                    for (target, val) in targets.iter().zip(vals) {
                        g.assign(*target, val);
                    }
                    Ok(())
                })
                .map_err(at)?;
            }
            StmtKind::Store {
                array,
                index,
                op,
                value,
            } => self
                .journaled(&stmt.exprs(), |g| g.store(*array, index, *op, value))
                .map_err(at)?,
            StmtKind::If { cond, then, orelse } => {
                let c = self
                    .journaled(&[cond], |g| {
                        let c = g.truth(cond)?;
                        g.settle_float_flags();
                        Ok(c)
                    })
                    .map_err(at)?;
                let then_block = self.b.create_block();
                let else_block = self.b.create_block();
                let join = self.b.create_block();
                self.b.ins().brif(c, then_block, &[], else_block, &[]);
                // Descriptors a branch moved (swapped arrays) are that branch's.
                let before = self.arrays.clone();
                self.b.switch_to_block(then_block);
                self.block(then)?;
                self.b.ins().jump(join, &[]);
                self.arrays = before.clone();
                self.b.switch_to_block(else_block);
                self.block(orelse)?;
                self.b.ins().jump(join, &[]);
                self.b.switch_to_block(join);
                self.arrays = before;
                if self.moves_arrays(then) || self.moves_arrays(orelse) {
                    self.reload_arrays();
                }
            }
            StmtKind::For {
                var,
                start,
                stop,
                step,
                items,
                body,
            } => {
                let bound = |g: &mut Self, e| -> Result<Value, String> {
                    let v = g.scalar(e)?;
                    Ok(v.v)
                };
                let (start, stop, step) = self
                    .journaled(&[start, stop, step], |g| {
                        let bounds = (bound(g, start)?, bound(g, stop)?, bound(g, step)?);
                        // range() with a zero step raises ValueError.
                        let zero = g.b.ins().icmp_imm_s(IntCC::Equal, bounds.2, 0);
                        g.deopt_if(zero);
                        Ok(bounds)
                    })
                    .map_err(at)?;
                let exit = self.b.create_block();
                if let Some((index, assigned)) = self.parallel_loops.get(&stmt.point).cloned() {
                    self.offer_to_tier2(index, &assigned, (start, stop, step), exit);
                }
                // The loops of an array statement checked by the CPU's flags (its
                // prologue, before them, tests its values as any statement does).
                let by_hardware = self.hardware_floats.contains(&stmt.point);
                self.hardware_loops += by_hardware as u32;
                let generated = self.for_loop(&ForLoop {
                    point: stmt.point,
                    var: *var,
                    bounds: (start, stop, step),
                    items,
                    body,
                    done: exit,
                    broke: exit,
                    is_root: false,
                    polls: self.loops.len() == 1
                        && matches!(
                            &self.nest.root.kind,
                            StmtKind::For { var, .. }
                                if self.nest.vars[*var].name == crate::ir::CALL_VAR
                        ),
                });
                self.hardware_loops -= by_hardware as u32;
                generated?;
                self.b.switch_to_block(exit);
                // After a loop that swapped arrays, their descriptors are the frame's.
                if self.moves_arrays(body) {
                    self.reload_arrays();
                }
            }
            StmtKind::While { cond, body } => {
                let exit = self.b.create_block();
                self.while_loop(stmt.point, cond, body, exit, exit)?;
                self.b.switch_to_block(exit);
                if self.moves_arrays(body) {
                    self.reload_arrays();
                }
            }
            StmtKind::Break => {
                let exit = self.loops.last().expect("break is inside a loop").exit;
                self.b.ins().jump(exit, &[]);
                self.after_jump();
            }
            StmtKind::Continue => {
                let latch = self.loops.last().expect("continue is inside a loop").latch;
                self.b.ins().jump(latch, &[]);
                self.after_jump();
            }
            StmtKind::Return(_) if self.inlining > 0 => {
                let done = *self
                    .inline_returns
                    .last()
                    .expect("inlined bodies have an end");
                self.b.ins().jump(done, &[]);
                self.after_jump();
            }
            StmtKind::Return(returned) => {
                let block = match self.returned.get(returned) {
                    Some(block) => *block,
                    None => {
                        let block = self.b.create_block();
                        self.returned.insert(*returned, block);
                        block
                    }
                };
                self.b.ins().jump(block, &[]);
                self.after_jump();
            }
            StmtKind::Pass => {}
        }
        Ok(())
    }

    /// Binds `val` to `var`, in the variable's static type.
    fn assign(&mut self, var: Var, val: Val) {
        self.assign_value(var, val, true);
    }

    /// [`Self::assign`], leaving the bound flag alone where `set_bound` is false (a
    /// loop variable whose flag its loop set before it started).
    fn assign_value(&mut self, var: Var, val: Val, set_bound: bool) {
        let slots = self.vars[var].expect("assigned variables are scalars");
        let v = self.storage(&val, slots.ty);
        self.b.def_var(slots.value, v);
        if let Some(numpy) = slots.numpy {
            let flag = match val.numpy {
                Some(flag) => flag,
                None => self.flag(val.ty.ty.is_numpy()),
            };
            self.b.def_var(numpy, flag);
        }
        if let Some(bound) = slots.bound
            && set_bound
        {
            self.b.def_var(bound, self.flag_set);
        }
    }

    /// A value as a variable of static type `ty` holds it: a float32 kept as a double
    /// where the variable may also be a Python float.
    fn storage(&mut self, val: &Val, ty: ScalarTy) -> Value {
        if ty.machine() == Machine::F64 && val.ty.machine() == Machine::F32 {
            self.b.ins().fpromote(types::F64, val.v)
        } else {
            val.v
        }
    }

    fn helper(&mut self, name: &'static str, params: &[ir::Type], ret: ir::Type) -> ir::FuncRef {
        if let Some(f) = self.helpers.get(name) {
            return *f;
        }
        let mut sig = self.module.make_signature();
        for p in params {
            sig.params.push(AbiParam::new(*p));
        }
        sig.returns.push(AbiParam::new(ret));
        let id = self
            .module
            .declare_function(name, Linkage::Import, &sig)
            .expect("helpers are declared once with one signature");
        let f = self.module.declare_func_in_func(id, self.b.func);
        self.helpers.insert(name, f);
        f
    }

    /// Calls a helper `f(args..., &status)` (its arguments and result of type `ty`) and
    /// leaves for the interpreter if it set the status.
    fn call_checked(&mut self, name: &'static str, args: &[Value], ty: ir::Type) -> Value {
        let mut params = vec![ty; args.len()];
        params.push(self.pointer);
        let f = self.helper(name, &params, ty);
        let status = self
            .b
            .ins()
            .iadd_imm_s(self.frame, Self::slot_offset(frame::STATUS) as i64);
        let mut all = args.to_vec();
        all.push(status);
        let call = self.b.ins().call(f, &all);
        let r = self.b.inst_results(call)[0];
        let s = self.load_slot(types::I64, frame::STATUS);
        let failed = self.b.ins().icmp_imm_s(IntCC::NotEqual, s, 0);
        self.deopt_if(failed);
        r
    }
}
