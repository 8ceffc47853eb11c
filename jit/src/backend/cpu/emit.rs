//! Code generation proper: a typed nest's Cranelift function built, compiled (or its
//! machine code taken from the code cache) and finalised, for the nest itself and for
//! each loop of a function compiled whole that tier 2 may split (`parallel_loops`),
//! those on a second thread while the function's own is.

use super::front_cache::{self, Counts, FrontEntry};
use super::{Gen, code_cache, contain, parallel_loops};
use crate::collections::{HashMap, HashSet};
use crate::frame::Layout;
use crate::infer::Typing;
use crate::ir::{Nest, Point, Var};
use cranelift_codegen::ir::{AbiParam, types};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module};

/// What scalarisation marked for code generation: the statements whose floats the
/// CPU's flags check, the loops generated plain, the vector loops that test no value;
/// and whether proven nests call their checked copies, compiled on first need
/// (`checked_loops`), instead of having them inline.
#[derive(Clone)]
pub(super) struct Marks {
    pub(super) hardware_floats: HashSet<Point>,
    pub(super) cold_loops: HashSet<Var>,
    pub(super) unchecked_loops: HashSet<Var>,
    pub(super) lazy_checked: bool,
    /// What the site's exits write back (`exit_liveness`).
    pub(super) live: Option<std::sync::Arc<super::exit_liveness::Liveness>>,
}

/// A nest's machine code, generated and finalised.
pub(super) struct Emitted {
    pub(super) module: JITModule,
    pub(super) entry: extern "C" fn(*mut u64) -> i64,
    /// What the code holds (vector loops, proofs, selects, the checked copies it calls).
    pub(super) counts: Counts,
    pub(super) from_cache: bool,
}

impl Emitted {
    /// The code of a loop compiled as a nest of its own (tier 2's loop copies, checked
    /// copies): the counts of its own code, and none of what belongs to a whole nest
    /// (array statements, complex and tuple parts, loops of its own).
    pub(super) fn into_loop_nest(
        self,
        layout: &Layout,
        compile_time: std::time::Duration,
        parallel: crate::analysis::ParallelPlan,
        offload: Option<crate::backend::gpu::Offload>,
    ) -> super::CompiledNest {
        super::CompiledNest {
            _module: self.module,
            entry: self.entry,
            layout: layout.clone(),
            compile_time,
            from_cache: self.from_cache,
            vector_loops: self.counts.vector_loops,
            partial_sum_loops: self.counts.partial_sum_loops,
            flag_loops: self.counts.flag_loops,
            summed_loops: self.counts.summed_loops,
            summed_nests: self.counts.summed_nests,
            nest_proofs: self.counts.nest_proofs,
            branch_selects: self.counts.branch_selects,
            select_stores: 0,
            fused_statements: 0,
            quiet_runs: 0,
            quiet_fp: false,
            one_thread: self.counts.one_thread,
            depends_on_fp_errors: false,
            fp_ops: Vec::new(),
            complex_parts: Vec::new(),
            row_aliases: Vec::new(),
            tuple_parts: Vec::new(),
            parallel,
            loops: Vec::new(),
            refused_loops: Vec::new(),
            checked: Vec::new(),
            offload,
            interchanged: None,
            // It runs inside the code of the nest that made it, which tells.
            stores: super::host_writes::Stores::Told,
        }
    }
}

/// Generates and finalises the code of a typed nest; `parallel_loops` are the loops
/// (by point) that first offer their iterations to tier 2 (`parallel_loops`), each
/// with its index and the variables its own nest writes back. With the nest's part of
/// a front key (`front_cache::material`), code a run before stored under the whole
/// key is taken instead, without generating any CLIF.
pub(super) fn emit(
    nest: &Nest,
    typing: &Typing,
    layout: &Layout,
    marks: &Marks,
    parallel_loops: HashMap<Point, (usize, Vec<Var>)>,
    material: Option<u128>,
) -> Result<Emitted, String> {
    // KILN_JIT_DUMP=1 prints the CLIF handed to Cranelift; =asm also the machine code
    // (as text, and as bytes in a file), its address, the CLIF Cranelift optimised and
    // the time each of Cranelift's passes took. Either generates the CLIF.
    let dump = std::env::var("KILN_JIT_DUMP").ok();
    let isa = isa()?;
    let front = material
        .filter(|_| dump.is_none())
        .map(|m| front_cache::key(&*isa, m, &parallel_loops));
    if let Some(hit) = front.and_then(front_cache::load)
        && let Ok(emitted) = from_front(module(isa.clone()), hit)
    {
        return Ok(emitted);
    }
    let mut module = module(isa);

    let pointer = module.target_config().pointer_type();
    let mut ctx = module.make_context();
    ctx.func.signature.params.push(AbiParam::new(pointer));
    ctx.func.signature.returns.push(AbiParam::new(types::I64));
    let mut fctx = FunctionBuilderContext::new();
    let frontend_config = module.isa().frontend_config();
    let mut counts = {
        let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let mut g = Gen::new(nest, typing, layout, b, &mut module, pointer);
        g.hardware_floats = marks.hardware_floats.clone();
        g.cold_loops = marks.cold_loops.clone();
        g.unchecked_loops = marks.unchecked_loops.clone();
        g.lazy_checked = marks.lazy_checked;
        g.parallel_loops = parallel_loops;
        if let Some(live) = marks.live.as_ref().filter(|l| l.applies_to(nest)) {
            g.live_before = live.before.clone();
            g.live_after = live.after.clone();
            g.live_known = live.vars_known();
        }
        g.function()?;
        let counts = Counts {
            vector_loops: g.vector_loops,
            partial_sum_loops: g.partial_sum_loops,
            flag_loops: g.flag_loops,
            summed_loops: g.summed_loops,
            summed_nests: g.summed_nests,
            nest_proofs: g.nest_loops,
            // Known once `if_convert` has run, below.
            branch_selects: 0,
            one_thread: g.one_thread,
            checked_loops: std::mem::take(&mut g.checked_loops),
        };
        g.b.seal_all_blocks();
        g.b.finalize(frontend_config);
        counts
    };
    // Each pass leaves work for the next: folded constants decide branches, whose
    // untaken targets go with the parameters only they kept from being trivial, and
    // the values those parameters hid get ranges that decide more checks.
    super::phis::remove_trivial_params(&mut ctx.func);
    super::frame_loads::mark(
        &mut ctx.func,
        &super::frame_loads::fixed_slots(nest, layout),
    );
    super::identities::fold(&mut ctx.func);
    super::same_checks::merge(&mut ctx.func);
    super::float_consts::fold(&mut ctx.func);
    if super::const_branches::fold(&mut ctx.func) > 0 {
        super::phis::remove_trivial_params(&mut ctx.func);
    }
    if super::ranges::narrow(&mut ctx.func) > 0 {
        super::const_branches::fold(&mut ctx.func);
    }
    counts.branch_selects = super::if_convert::convert(&mut ctx.func) as u32;
    super::dead_code::remove(&mut ctx.func);
    if dump.is_some() {
        eprintln!("{}", ctx.func.display());
    }
    let asm = dump.as_deref() == Some("asm");
    ctx.set_disasm(asm);
    let id = module
        .declare_function("kiln_nest", Linkage::Local, &ctx.func.signature)
        .map_err(|e| format!("Cranelift: {e}"))?;
    let hit = code_cache::define(&mut module, &mut ctx, id, asm)?;
    let from_cache = hit.is_some();
    // Found by its code key, the code is the same CLIF's as another process's: safe to
    // find by the front key from now on (`front_cache`).
    if let (Some((code, names)), Some(key)) = (hit, front) {
        front_cache::store(
            key,
            &FrontEntry {
                code,
                names,
                counts: counts.clone(),
            },
        );
    }
    module.clear_context(&mut ctx);
    finish(module, id, counts, from_cache, asm)
}

/// The target's code generator, as every nest is compiled.
fn isa() -> Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, String> {
    let mut flags = settings::builder();
    let set = |flags: &mut settings::Builder, k: &str, v: &str| {
        flags
            .set(k, v)
            .map_err(|e| format!("cranelift setting {k}: {e}"))
    };
    set(&mut flags, "opt_level", "speed")?;
    // Cranelift's verifier checks each function's IR, about a third of the compile
    // time: on in debug builds and where `KILN_JIT_VERIFY` is set (the test suites and
    // the differential tester set it), off for users.
    let verify = cfg!(debug_assertions) || std::env::var_os("KILN_JIT_VERIFY").is_some();
    set(
        &mut flags,
        "enable_verifier",
        if verify { "true" } else { "false" },
    )?;
    set(&mut flags, "is_pic", "false")?;
    let isa = cranelift_native::builder()
        .map_err(|e| format!("no Cranelift backend for this machine: {e}"))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| format!("Cranelift: {e}"))?;
    Ok(isa)
}

/// A module for one nest's code, finding the VM's helpers and objects by name.
fn module(isa: std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>) -> JITModule {
    let mut jit = JITBuilder::with_isa(isa, cranelift_module::default_libcall_names());
    jit.symbols(crate::runtime::symbols());
    JITModule::new(jit)
}

/// The code of a front entry (`front_cache`), defined in `module` as the nest's: what
/// it calls declared by the names the entry holds, in the entry's numbering.
fn from_front(mut module: JITModule, hit: FrontEntry) -> Result<Emitted, String> {
    let cranelift = |e: cranelift_module::ModuleError| format!("Cranelift: {e}");
    let mut signature = module.make_signature();
    signature
        .params
        .push(AbiParam::new(module.target_config().pointer_type()));
    signature.returns.push(AbiParam::new(types::I64));
    let id = module
        .declare_function("kiln_nest", Linkage::Local, &signature)
        .map_err(cranelift)?;
    // An import's signature matters only to a call generated against it, and the code
    // is already generated: every function is declared with one empty signature.
    let imported = module.make_signature();
    let mut targets = Vec::with_capacity(hit.names.len());
    for (namespace, name) in &hit.names {
        let index = match namespace {
            0 => module
                .declare_function(name, Linkage::Import, &imported)
                .map_err(cranelift)?
                .as_u32(),
            _ => module
                .declare_data(name, Linkage::Import, true, false)
                .map_err(cranelift)?
                .as_u32(),
        };
        targets.push(cranelift_module::ModuleRelocTarget::user(*namespace, index));
    }
    let relocs = hit
        .code
        .relocs(id, |n| targets.get(n as usize).cloned())
        .ok_or("a front entry names less than its code calls")?;
    module
        .define_function_bytes(id, hit.code.alignment, &hit.code.code, &relocs)
        .map_err(cranelift)?;
    finish(module, id, hit.counts, true, false)
}

/// The finalised code of `id`, the nest's function in `module`.
fn finish(
    mut module: JITModule,
    id: cranelift_module::FuncId,
    counts: Counts,
    from_cache: bool,
    asm: bool,
) -> Result<Emitted, String> {
    module
        .finalize_definitions()
        .map_err(|e| format!("Cranelift: {e}"))?;
    let code = module.get_finalized_function(id);
    if asm {
        eprintln!("machine code at {code:p}");
    }
    // SAFETY: the function was declared with exactly this signature.
    let entry = unsafe { std::mem::transmute::<*const u8, extern "C" fn(*mut u64) -> i64>(code) };
    Ok(Emitted {
        module,
        entry,
        counts,
        from_cache,
    })
}

/// The function's code and its loops' (`plans`), generated at once on two threads: the
/// loops' on a thread of their own, the function's here. A loop whose code fails goes
/// to `refused`, and the function is generated again without offering it.
pub(super) fn emit_with_loops(
    nest: &Nest,
    typing: &Typing,
    layout: &Layout,
    marks: &Marks,
    plans: Vec<parallel_loops::LoopPlan>,
    refused: &mut Vec<(u32, String)>,
    material: Option<u128>,
) -> Result<(Vec<parallel_loops::ParallelLoop>, Emitted), String> {
    if plans.is_empty() {
        return Ok((
            Vec::new(),
            emit(nest, typing, layout, marks, HashMap::default(), material)?,
        ));
    }
    let offers = parallel_loops::offers(&plans);
    let (compiled, emitted) = std::thread::scope(|s| {
        let loops = s.spawn(|| {
            plans
                .into_iter()
                .map(|p| {
                    let line = p.line();
                    contain::contained(|| p.compile(layout, marks)).map_err(|why| (line, why))
                })
                .collect::<Vec<_>>()
        });
        let emitted = emit(nest, typing, layout, marks, offers, material);
        let compiled = loops.join().unwrap_or_default();
        (compiled, emitted)
    });
    let failed = compiled.iter().any(Result::is_err);
    let mut loops = Vec::new();
    for c in compiled {
        match c {
            Ok(l) => loops.push(l),
            Err(why) => refused.push(why),
        }
    }
    if !failed {
        return Ok((loops, emitted?));
    }
    let emitted = emit(
        nest,
        typing,
        layout,
        marks,
        parallel_loops::compiled_offers(&loops),
        material,
    )?;
    Ok((loops, emitted))
}
