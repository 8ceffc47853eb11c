//! The jit report: per loop site, what the JIT did with it and why.
//!
//! `kiln --jit-report script.py` prints [`text`] to stderr when the script ends;
//! `KILN_JIT_REPORT=path` writes [`json`] there. Sites that never ran are left out.

use super::{Site, SiteKind, all_sites, settings};
use kiln_jit::types::Ty;
use std::fmt::Write;
use std::sync::atomic::Ordering;

/// One site as the report shows it.
/// One specialisation of a site.
pub struct SpecReport {
    /// The variables' types.
    pub types: String,
    pub compile_ms: f64,
    /// Whether its machine code came from the code cache of an earlier run.
    pub from_cache: bool,
    pub entries: u64,
    pub deopts: u64,
    /// Innermost loops of it that run several iterations at a time (vector lanes).
    pub vector_loops: u32,
    /// Vector loops of it that sum in partial sums, under the site's grant.
    pub partial_sum_loops: u32,
    /// Innermost loops of it that run first under the CPU's floating-point flags.
    pub flag_loops: u32,
    /// Short innermost loops that only sum, checked by the sum after they ran.
    pub summed_loops: u32,
    /// Loops with loops inside that only sum, checked by the sum after they ran.
    pub summed_nests: u32,
    /// Loop nests of it with a copy whose subscripts are proven once, at entry.
    pub nest_proofs: u32,
    /// Short conditional assignments that run as selects, with no branch.
    pub branch_selects: u32,
    /// The checked copies of those nests compiled when a proof failed: the line of
    /// each nest and the milliseconds its copy took (also in `compile_ms`).
    pub checked_copies: Vec<(u32, f64, bool)>,
    /// Conditional element stores that run as one store of a select.
    pub select_stores: u32,
    /// Array statements that run fused with a neighbour.
    pub fused_statements: u32,
    /// Fused runs that store as they go while numpy's errors only warn.
    pub quiet_runs: u32,
    /// The user functions inlined into it, by name, each once.
    pub inlined: Vec<String>,
    /// How its entries went in tier 2.
    pub parallel: super::tier::ParallelRuns,
    /// Which loop tier 2's chunks run innermost, once they did.
    pub interchanged: Option<String>,
    /// The loops in the body of a function compiled whole, as tier 2 saw them.
    pub loops: Vec<LoopReport>,
    /// How its outer loop went on the device (tier 3), where one is chosen.
    pub device: Option<DeviceReport>,
}

/// A nest's entries on the device (tier 3, `KILN_DEVICE=sim|gpu`).
pub struct DeviceReport {
    /// "gpu" or "sim".
    pub kind: &'static str,
    pub runs: u64,
    pub launches: u64,
    pub bytes_in: u64,
    pub bytes_out: u64,
    /// Bytes not copied in: the device held them from an earlier entry or nest.
    pub bytes_kept: u64,
    /// Entries a failed check on the device gave back to the CPU tiers.
    pub failed: u64,
    pub compile_ms: f64,
    /// The most loops an entry put on the grid (the outer one and those nested in it).
    pub grid: u64,
    /// The most tiles an entry's iterations were cut into (its footprint did not fit).
    pub tiles: u64,
    /// Why the last entry kept a loop nested in the grid's inside each thread.
    pub inner: Option<String>,
    /// Why the last entry that did not run there did not (or why none can).
    pub refused: Option<String>,
    /// The cost model's decisions (`KILN_DEVICE=auto:sim`): entries sent to the
    /// device and to the CPU tiers, each side's predicted and measured milliseconds.
    pub cost: Option<CostReport>,
}

pub struct CostReport {
    pub device_entries: u64,
    pub device_predicted_ms: f64,
    pub device_measured_ms: f64,
    pub cpu_entries: u64,
    pub cpu_predicted_ms: f64,
    pub cpu_measured_ms: f64,
}

fn device_report(code: &kiln_jit::CompiledNest) -> Option<DeviceReport> {
    use kiln_jit::backend::gpu::DeviceChoice;
    let o = code.offload.as_ref()?;
    let load = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Relaxed);
    Some(DeviceReport {
        kind: if o.device == DeviceChoice::Gpu {
            "gpu"
        } else {
            "sim"
        },
        runs: load(&o.stats.runs),
        launches: load(&o.stats.launches),
        bytes_in: load(&o.stats.bytes_in),
        bytes_kept: load(&o.stats.bytes_kept),
        bytes_out: load(&o.stats.bytes_out),
        failed: load(&o.stats.failed),
        compile_ms: load(&o.stats.compile_us) as f64 / 1e3,
        grid: load(&o.stats.depth),
        tiles: load(&o.stats.tiles),
        inner: o.stats.inner.lock().ok().and_then(|r| r.clone()),
        refused: o
            .stats
            .refused
            .lock()
            .ok()
            .and_then(|r| r.clone())
            .or_else(|| o.no_kernel().map(str::to_string)),
        cost: {
            let c = &o.cost;
            let ms = |a: &std::sync::atomic::AtomicU64| load(a) as f64 / 1e3;
            let (d, p) = (load(&c.device_entries), load(&c.cpu_entries));
            (d + p > 0).then(|| CostReport {
                device_entries: d,
                device_predicted_ms: ms(&c.device_predicted_us),
                device_measured_ms: ms(&c.device_measured_us),
                cpu_entries: p,
                cpu_predicted_ms: ms(&c.cpu_predicted_us),
                cpu_measured_ms: ms(&c.cpu_measured_us),
            })
        },
    })
}

/// The text's lines for a nest's device runs.
fn device_lines(out: &mut String, what: &str, d: &DeviceReport) {
    let device = if d.kind == "gpu" {
        "the GPU"
    } else {
        "the simulated device"
    };
    if d.runs > 0 {
        let _ = writeln!(
            out,
            "      {what} on {device} (tier 3): {} entries, {} launches on a grid of {} loop{}{}, {} bytes in, {} bytes out{}{}{}",
            d.runs,
            d.launches,
            d.grid,
            if d.grid == 1 { "" } else { "s" },
            match d.tiles {
                0 | 1 => String::new(),
                n => format!(" (in up to {n} tiles: its footprint did not fit the device)"),
            },
            d.bytes_in,
            d.bytes_out,
            match d.bytes_kept {
                0 => String::new(),
                n => format!(", {n} bytes already there (kept from an earlier entry or nest)"),
            },
            if d.compile_ms > 0.0 {
                format!(", kernel compiled in {:.1} ms", d.compile_ms)
            } else {
                String::new()
            },
            match d.failed {
                0 => String::new(),
                n => format!(", {n} given back to the CPU after a failed check"),
            }
        );
    }
    if let Some(c) = &d.cost {
        let _ = writeln!(
            out,
            "      {what}, the cost model: {} entries to {device} ({:.1} us predicted, {:.1} us measured), {} to the CPU tiers ({:.1} us predicted, {:.1} us measured)",
            c.device_entries,
            c.device_predicted_ms * 1e3,
            c.device_measured_ms * 1e3,
            c.cpu_entries,
            c.cpu_predicted_ms * 1e3,
            c.cpu_measured_ms * 1e3
        );
    }
    if let Some(why) = &d.inner {
        let _ = writeln!(out, "      {what} on {device}: {why}");
    }
    if let Some(why) = &d.refused {
        let _ = writeln!(out, "      {what} not on {device}: {why}");
    }
}

fn device_json(d: &Option<DeviceReport>) -> String {
    match d {
        None => "null".into(),
        Some(d) => format!(
            "{{\"kind\": \"{}\", \"runs\": {}, \"launches\": {}, \"bytes_in\": {}, \"bytes_out\": {}, \"bytes_kept\": {}, \"failed\": {}, \"compile_ms\": {:.3}, \"grid\": {}, \"tiles\": {}, \"inner\": {}, \"refused\": {}, \"cost\": {}}}",
            d.kind,
            d.runs,
            d.launches,
            d.bytes_in,
            d.bytes_out,
            d.bytes_kept,
            d.failed,
            d.compile_ms,
            d.grid,
            d.tiles,
            d.inner.as_deref().map_or("null".into(), json_string),
            d.refused.as_deref().map_or("null".into(), json_string),
            d.cost.as_ref().map_or("null".into(), |c| format!(
                "{{\"device_entries\": {}, \"device_predicted_ms\": {:.3}, \"device_measured_ms\": {:.3}, \"cpu_entries\": {}, \"cpu_predicted_ms\": {:.3}, \"cpu_measured_ms\": {:.3}}}",
                c.device_entries,
                c.device_predicted_ms,
                c.device_measured_ms,
                c.cpu_entries,
                c.cpu_predicted_ms,
                c.cpu_measured_ms
            ))
        ),
    }
}

/// A loop in the body of a function compiled whole, as tier 2 saw it.
pub struct LoopReport {
    pub line: u32,
    /// Entries that ran on several threads, and on how many at most.
    pub runs: u64,
    pub threads: usize,
    /// Entries whose parallel run a chunk's hand-back undid.
    pub undone: u64,
    /// Why the last serial entry was (or why every entry is) serial.
    pub serial: Option<String>,
    pub device: Option<DeviceReport>,
}

/// The text's note of how many innermost loops are `what` (none: nothing).
fn loops_note(n: u32, what: &str) -> String {
    match n {
        0 => String::new(),
        1 => format!(", 1 loop {what}"),
        n => format!(", {n} loops {what}"),
    }
}

/// The text's note of parallel runs a chunk's hand-back undid (none: nothing).
fn undone_note(undone: u64) -> String {
    match undone {
        0 => String::new(),
        n => format!(", {n} undone and run serially after a hand-back"),
    }
}

fn loop_reports(code: &kiln_jit::CompiledNest) -> Vec<LoopReport> {
    let mut out: Vec<LoopReport> = code
        .loops
        .iter()
        .map(|l| LoopReport {
            line: l.line,
            runs: l.runs.parallel.load(Ordering::Relaxed),
            threads: l.runs.threads.load(Ordering::Relaxed),
            undone: l.runs.undone.load(Ordering::Relaxed),
            serial: l.runs.serial.lock().ok().and_then(|s| s.clone()),
            device: device_report(&l.code),
        })
        .chain(code.refused_loops.iter().map(|(line, why)| LoopReport {
            line: *line,
            runs: 0,
            threads: 0,
            undone: 0,
            serial: Some(why.clone()),
            device: None,
        }))
        .collect();
    out.sort_by_key(|l| l.line);
    out
}

pub struct SiteReport {
    pub file: String,
    pub line: u32,
    pub kind: &'static str,
    /// "tier 1" or "interpreted".
    pub tier: &'static str,
    pub back_edges: u64,
    pub hot: bool,
    pub entries: u64,
    pub osr_entries: u64,
    pub guard_failures: u64,
    pub deopts: u64,
    pub specialisations: Vec<SpecReport>,
    /// What the user granted its code (the semantics contract's grants):
    /// `fastmath` (the decorator's `fastmath=True` or `KILN_FASTMATH=1`), `prange`.
    pub grants: Vec<&'static str>,
    /// Why the site is interpreted, when it is and the reason is known.
    pub reason: Option<String>,
}

/// The types of a specialisation's key, then those of the attributes of the objects
/// whose methods it spliced.
fn describe_key(site: &Site, key: &[Ty], receivers: &[String]) -> String {
    let Ok(nest) = &site.nest else {
        return String::new();
    };
    nest.vars
        .iter()
        .zip(key)
        .filter(|(_, ty)| !matches!(ty, Ty::Unbound))
        .map(|((var, v), ty)| shown(nest, var, &v.name, ty))
        .chain(receivers.iter().cloned())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A variable and its type as the report shows them; in the loop's own words for the
/// names a loop that unpacks its items made (`sites::unpacked`): `u: int (an element
/// of each item)` for `__kiln_item12.0`, `a subscripted sequence: list of float` for
/// `__kiln_seq40` (`xs[1:]` of `zip(xs, xs[1:])`, `A[i]` of `for v in A[i]`).
fn shown(nest: &kiln_jit::ir::Nest, var: kiln_jit::ir::Var, name: &str, ty: &Ty) -> String {
    use kiln_jit::ir::{Expr, StmtKind};
    if name.starts_with(super::unpacked::SEQUENCE) {
        return format!("a subscripted sequence: {}", ty.describe());
    }
    let copied = matches!(ty, Ty::Array(a) if a.copied);
    if !name.starts_with(super::unpacked::ITEM) {
        // An attribute of a list's objects, its values copied (`objects::value_column`).
        if copied
            && kiln_jit::objects::item_attributes(nest)
                .iter()
                .any(|a| a.var == var)
            && let Ty::Array(a) = ty
        {
            let kind = kiln_jit::types::copied_item(a.dtype).describe();
            return format!("{name}: {kind} (of each object, copied on entry)");
        }
        return format!("{name}: {}", ty.describe());
    }
    let mut target = None;
    nest.root.each(&mut |s| {
        if let StmtKind::Assign { targets, values } = &s.kind
            && let Some(k) = values.iter().position(|v| *v == Expr::Var(var))
            && let Some(t) = targets.get(k)
        {
            target.get_or_insert(nest.vars[*t].name.as_str());
        }
    });
    let kind = match ty {
        Ty::Array(a) => {
            kiln_jit::types::ListItems::new(kiln_jit::types::Elements::Attribute, a.dtype)
                .scalar()
                .describe()
        }
        other => return format!("{}: {}", target.unwrap_or(name), other.describe()),
    };
    let copy = if copied { ", copied on entry" } else { "" };
    format!(
        "{}: {kind} (an element of each item{copy})",
        target.unwrap_or("an element")
    )
}

/// Every site that ran, in registration order.
pub fn sites() -> Vec<SiteReport> {
    let mut out = Vec::new();
    let every = all_sites();
    // Whether a loop around the site (same function, or a loop calling its function)
    // compiled: the site runs in its nest, and waits for no iteration boundary of its
    // own.
    let inside_compiled = |site: &Site| {
        let mut parent = site.parent;
        let mut outermost = site;
        while let Some(id) = parent {
            let Some(outer) = every.iter().find(|s| s.id == id) else {
                return false;
            };
            if !outer
                .state
                .lock()
                .expect("site state poisoned")
                .specs
                .is_empty()
            {
                return true;
            }
            parent = outer.parent;
            outermost = outer.as_ref();
        }
        // Or in a function a compiled loop calls (and splices or inlines).
        match outermost.called_from.load(Ordering::Relaxed) {
            0 => false,
            id => every.iter().any(|s| {
                s.id == id - 1
                    && !s
                        .state
                        .lock()
                        .expect("site state poisoned")
                        .specs
                        .is_empty()
            }),
        }
    };
    for site in every.iter() {
        let threshold = site.threshold;
        let back_edges = site.count.load(Ordering::Relaxed);
        let inside = inside_compiled(site);
        let state = site.state.lock().expect("site state poisoned");
        if back_edges == 0 && state.entries == 0 {
            continue;
        }
        let compiled = !state.specs.is_empty();
        let hot = back_edges >= threshold || compiled;
        // The device a specialisation's nest (or a loop of it) ran on, if any did.
        let on_device = state.specs.iter().find_map(|s| {
            std::iter::once(&*s.code)
                .chain(s.code.loops.iter().map(|l| &*l.code))
                .filter_map(device_report)
                .find(|d| d.runs > 0)
                .map(|d| d.kind)
        });
        let reason = match (&site.nest, &state.reason) {
            (Err(why), _) => Some(why.clone()),
            (Ok(_), Some(why)) => Some(why.clone()),
            (Ok(_), None) if !compiled && hot && !inside => {
                Some(match site.short_runs_us.load(Ordering::Relaxed) {
                    0 => "not yet at an iteration boundary since it got hot".into(),
                    us => format!(
                        "not compiled: its runs were short (about {:.2} ms in the \
                         interpreter in all, less than compiling it costs)",
                        us as f64 / 1000.0
                    ),
                })
            }
            _ => None,
        };
        out.push(SiteReport {
            file: site.file.clone(),
            line: site.line,
            kind: match site.kind {
                SiteKind::For => "for",
                SiteKind::While => "while",
                SiteKind::Function | SiteKind::Spliced => "function",
            },
            tier: match on_device {
                Some(kind) => kind,
                None if compiled => "tier 1",
                None => "interpreted",
            },
            back_edges,
            hot,
            entries: state.entries,
            osr_entries: state.osr_entries,
            guard_failures: state.guard_failures,
            deopts: state.deopts,
            specialisations: state
                .specs
                .iter()
                .map(|s| SpecReport {
                    types: describe_key(site, &s.key, &s.receivers.describe()),
                    compile_ms: (s.code.compile_time
                        + s.code
                            .checked
                            .iter()
                            .filter_map(|c| Some(c.compile_time()?.0))
                            .sum::<std::time::Duration>())
                    .as_secs_f64()
                        * 1e3,
                    from_cache: s.code.from_cache,
                    entries: s.entries,
                    deopts: s.deopts,
                    vector_loops: s.code.vector_loops,
                    partial_sum_loops: s.code.partial_sum_loops,
                    flag_loops: s.code.flag_loops,
                    summed_loops: s.code.summed_loops,
                    summed_nests: s.code.summed_nests,
                    nest_proofs: s.code.nest_proofs,
                    branch_selects: s.code.branch_selects,
                    checked_copies: s
                        .code
                        .checked
                        .iter()
                        .filter_map(|c| {
                            let (took, failed) = c.compile_time()?;
                            Some((c.line, took.as_secs_f64() * 1e3, failed))
                        })
                        .collect(),
                    select_stores: s.code.select_stores,
                    fused_statements: s.code.fused_statements,
                    quiet_runs: s.code.quiet_runs,
                    inlined: {
                        let mut names: Vec<String> =
                            s.guards.iter().filter_map(|g| g.inlined.clone()).collect();
                        names.sort();
                        names.dedup();
                        names
                    },
                    parallel: s.parallel.clone(),
                    interchanged: s.code.interchanged.as_ref().and_then(|i| i.describe()),
                    loops: loop_reports(&s.code),
                    device: device_report(&s.code),
                })
                .collect(),
            grants: match &site.nest {
                Ok(nest) => {
                    let mut grants = Vec::new();
                    if nest.fastmath {
                        grants.push("fastmath");
                    }
                    if nest.granted.contains(&nest.root.point) {
                        grants.push("prange");
                    }
                    grants
                }
                Err(_) => Vec::new(),
            },
            reason,
        });
    }
    out
}

/// The report as text, for a person.
pub fn text() -> String {
    let sites = sites();
    let mut out = String::from("kiln jit report\n");
    if !settings().enabled {
        out.push_str("  the JIT is off (KILN_JIT=0)\n");
        return out;
    }
    if sites.is_empty() {
        out.push_str("  no loop ran\n");
        return out;
    }
    for s in &sites {
        let _ = writeln!(
            out,
            "  {}:{}  {}  {}  back-edges {}  entries {} ({} on-stack)  deopts {}  guard failures {}",
            s.file,
            s.line,
            s.kind,
            s.tier,
            s.back_edges,
            s.entries,
            s.osr_entries,
            s.deopts,
            s.guard_failures
        );
        if s.grants.contains(&"fastmath") {
            out.push_str(
                "      grant: fastmath (its float reductions may be reassociated: partial \
                 sums in vector lanes and threads)\n",
            );
        }
        if s.grants.contains(&"prange") {
            out.push_str(
                "      grant: prange (its iterations are independent; its reductions may be \
                 reassociated)\n",
            );
        }
        for spec in &s.specialisations {
            let vectorised = match spec.partial_sum_loops {
                0 => loops_note(spec.vector_loops, "vectorised"),
                n => format!(
                    "{} ({n} summing in partial sums, as the fastmath grant allows)",
                    loops_note(spec.vector_loops, "vectorised")
                ),
            };
            let flagged = loops_note(spec.flag_loops, "checked by the CPU's flags")
                + &loops_note(spec.summed_loops, "checked once by the sum it carries")
                + &match spec.summed_nests {
                    0 => String::new(),
                    1 => ", 1 nest checked once by the sum it carries".to_string(),
                    n => format!(", {n} nests checked once by the sums they carry"),
                };
            let nests = match spec.nest_proofs {
                0 => String::new(),
                1 => ", 1 nest with its bounds checked once at entry".to_string(),
                n => format!(", {n} nests with their bounds checked once at entry"),
            };
            let copies: String = spec
                .checked_copies
                .iter()
                .map(|(line, ms, failed)| match failed {
                    false => format!(
                        " (line {line}'s proof failed: its checked copy compiled then, {ms:.2} ms)"
                    ),
                    true => format!(
                        " (line {line}'s proof failed and its checked copy did not compile: that loop runs interpreted where the proof fails)"
                    ),
                })
                .collect();
            let nests = nests + &copies;
            let nests = match spec.branch_selects {
                0 => nests,
                1 => nests + ", 1 conditional assignment as a select (no branch)",
                n => format!("{nests}, {n} conditional assignments as selects (no branch)"),
            };
            let selects = match spec.select_stores {
                0 => String::new(),
                1 => ", 1 conditional store as a select".to_string(),
                n => format!(", {n} conditional stores as selects"),
            };
            let fused = match (spec.fused_statements, spec.quiet_runs) {
                (0, _) => String::new(),
                (n, 0) => format!(", {n} array statements fused"),
                (n, 1) => format!(
                    ", {n} array statements fused (1 run stores as it goes while numpy's errors warn)"
                ),
                (n, q) => format!(
                    ", {n} array statements fused ({q} runs store as they go while numpy's errors warn)"
                ),
            };
            let inlined = if spec.inlined.is_empty() {
                String::new()
            } else {
                format!(", inlined {}", spec.inlined.join(", "))
            };
            let _ = writeln!(
                out,
                "      specialised on {}: compiled in {:.2} ms{}, {} entries, {} deopts{vectorised}{flagged}{nests}{selects}{fused}{inlined}",
                spec.types,
                spec.compile_ms,
                if spec.from_cache {
                    " (machine code from the code cache)"
                } else {
                    ""
                },
                spec.entries,
                spec.deopts
            );
            let parallel = &spec.parallel;
            if parallel.runs > 0 {
                let _ = writeln!(
                    out,
                    "      outer loop parallel (tier 2): {} of {} entries on {} threads{}",
                    parallel.runs,
                    spec.entries,
                    parallel.threads,
                    undone_note(parallel.undone)
                );
            }
            if let Some(note) = &spec.interchanged {
                let _ = writeln!(out, "      {note}");
            }
            if let Some(why) = &parallel.serial
                && why != kiln_jit::analysis::FUNCTION_WHOLE
            {
                let _ = writeln!(out, "      outer loop serial: {why}");
            }
            if let Some(d) = &spec.device {
                device_lines(&mut out, "outer loop", d);
            }
            for l in &spec.loops {
                if let Some(d) = &l.device {
                    device_lines(&mut out, &format!("loop at line {}", l.line), d);
                }
                if l.runs > 0 {
                    let _ = writeln!(
                        out,
                        "      loop at line {} parallel (tier 2): {} entries on {} threads{}",
                        l.line,
                        l.runs,
                        l.threads,
                        undone_note(l.undone)
                    );
                }
                if let Some(why) = &l.serial {
                    let _ = writeln!(out, "      loop at line {} serial: {why}", l.line);
                }
            }
        }
        if let Some(reason) = &s.reason
            && s.hot
        {
            let _ = writeln!(out, "      interpreted: {reason}");
        }
    }
    out
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The report as JSON: `{"enabled": bool, "threshold": n, "sites": [...]}`.
pub fn json() -> String {
    let sites = sites();
    let mut out = format!(
        "{{\"enabled\": {}, \"threshold\": {}, \"sites\": [",
        settings().enabled,
        settings().threshold
    );
    for (k, s) in sites.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let specs = s
            .specialisations
            .iter()
            .map(|spec| {
                format!(
                    "{{\"types\": {}, \"compile_ms\": {:.3}, \"from_cache\": {}, \"entries\": {}, \"deopts\": {}, \"vector_loops\": {}, \"partial_sum_loops\": {}, \"flag_loops\": {}, \"summed_loops\": {}, \"summed_nests\": {}, \"nest_proofs\": {}, \"checked_copies\": [{}], \"branch_selects\": {}, \"select_stores\": {}, \"fused_statements\": {}, \"quiet_runs\": {}, \"inlined\": [{}], \"parallel_runs\": {}, \"threads\": {}, \"parallel_undone\": {}, \"serial_reason\": {}, \"parallel_starts\": [{}], \"interchanged\": {}, \"parallel_loops\": [{}], \"device\": {}}}",
                    json_string(&spec.types),
                    spec.compile_ms,
                    spec.from_cache,
                    spec.entries,
                    spec.deopts,
                    spec.vector_loops,
                    spec.partial_sum_loops,
                    spec.flag_loops,
                    spec.summed_loops,
                    spec.summed_nests,
                    spec.nest_proofs,
                    spec
                        .checked_copies
                        .iter()
                        .map(|(line, ms, failed)| {
                            format!(
                                "{{\"line\": {line}, \"compile_ms\": {ms:.3}, \"failed\": {failed}}}"
                            )
                        })
                        .collect::<Vec<_>>()
                        .join(", "),
                    spec.branch_selects,
                    spec.select_stores,
                    spec.fused_statements,
                    spec.quiet_runs,
                    spec.inlined
                        .iter()
                        .map(|n| json_string(n))
                        .collect::<Vec<_>>()
                        .join(", "),
                    spec.parallel.runs,
                    spec.parallel.threads,
                    spec.parallel.undone,
                    spec.parallel.serial.as_deref().map_or("null".into(), json_string),
                    spec.parallel
                        .starts
                        .iter()
                        .map(|v| v.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                    spec.interchanged.as_deref().map_or("null".into(), json_string),
                    spec.loops
                        .iter()
                        .map(|l| format!(
                            "{{\"line\": {}, \"parallel_runs\": {}, \"threads\": {}, \"parallel_undone\": {}, \"serial_reason\": {}, \"device\": {}}}",
                            l.line,
                            l.runs,
                            l.threads,
                            l.undone,
                            l.serial.as_deref().map_or("null".into(), json_string),
                            device_json(&l.device)
                        ))
                        .collect::<Vec<_>>()
                        .join(", "),
                    device_json(&spec.device)
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        let _ = write!(
            out,
            "{{\"file\": {}, \"line\": {}, \"kind\": \"{}\", \"tier\": \"{}\", \"back_edges\": {}, \"hot\": {}, \"entries\": {}, \"osr_entries\": {}, \"guard_failures\": {}, \"deopts\": {}, \"specialisations\": [{specs}], \"grants\": [{}], \"reason\": {}}}",
            json_string(&s.file),
            s.line,
            s.kind,
            s.tier,
            s.back_edges,
            s.hot,
            s.entries,
            s.osr_entries,
            s.guard_failures,
            s.deopts,
            s.grants
                .iter()
                .map(|g| json_string(g))
                .collect::<Vec<_>>()
                .join(", "),
            s.reason.as_deref().map_or("null".into(), json_string)
        );
    }
    out.push_str("]}");
    out
}
