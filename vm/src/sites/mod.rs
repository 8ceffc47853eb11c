//! Loop sites: every loop statement of user code, counted, and compiled when hot (and
//! the body of every `@njit` function, as a loop of one iteration per call).
//!
//! - [`rewrite`]: the compile path turns each loop statement into a site (the AST
//!   rewrite that adds counting, compiled entry, write-back and resume);
//! - [`lower`]: the loop's AST as the JIT's loop-nest IR, or why it stays interpreted;
//! - [`inline`]: the calls of user functions a nest inlines, and their guards;
//! - [`lists`]: lists of numbers as compiled code reads and grows them;
//! - [`splice`]: the calls of functions compiled whole whose result is discarded,
//!   replaced by the function's nest, and how a failure inside resumes both;
//! - [`tier`]: what happens when a site is entered or gets hot: read the live variables
//!   from the running frame, pick or compile a specialisation, run it, box the results;
//! - [`runtime`]: `_kiln_jit`, the native module the rewritten code calls;
//! - [`interrupt`]: SIGINT raising the flag compiled loops poll;
//! - [`report`]: `--jit-report` and `KILN_JIT_REPORT`.
//!
//! Sites live in one process-wide registry, indexed by id; the ids are what the
//! rewritten code passes to `_kiln_jit`.

pub mod attributes;
mod counting;
mod draws;
pub mod guards;
pub mod inline;
pub mod interrupt;
mod layout;
mod list_copies;
pub mod lists;
pub mod lower;
mod objects;
mod plain_runs;
mod reads_after;
pub mod report;
pub mod rewrite;
pub mod runtime;
pub mod splice;
pub mod tier;
mod unpacked;

use kiln_jit::ir::{Function, Nest};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

/// Which kind of loop statement a site is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SiteKind {
    For,
    While,
    /// A function compiled whole (`rewrite`'s function sites).
    Function,
    /// A plain function with loops: compiled only spliced into a loop that calls it
    /// (`rewrite`'s function sites); called from the interpreter, it runs as written
    /// and its loops are sites of their own.
    Spliced,
}

/// One loop statement of user code.
pub struct Site {
    pub id: u32,
    pub file: String,
    pub line: u32,
    pub kind: SiteKind,
    /// The site of the loop this one is nested in (same function), if any.
    pub parent: Option<u32>,
    /// Whether its nest calls user code (which compiled, it inlines or splices): the
    /// loops of the functions it calls count their back-edges for it too (`counting`).
    pub calls_user: bool,
    /// The last loop of a calling function this one's runs counted for (`counting`):
    /// its id plus one, 0 for none. Where that loop compiled, this loop's runs from it
    /// are part of its nest (the report says nothing of them being short).
    pub called_from: AtomicU32,
    /// The loop nest, or why it stays interpreted whatever the types.
    pub nest: Result<Nest, String>,
    /// Per variable of the nest, whether compiled code may read its value on entry
    /// (`kiln_jit::liveness`); the others are no part of a specialisation's key.
    pub exposed: Vec<bool>,
    /// The attributes the nest stores, checked on entry.
    pub attributes: attributes::StoredAttributes,
    /// The attributes of the objects of lists the nest runs over (`p.x` of
    /// `for p in ps`), handed over as columns (`objects`).
    pub item_attributes: Vec<kiln_jit::objects::ItemAttribute>,
    /// The lists whose objects the nest compares by `is` (`objects`).
    pub compared_lists: Vec<kiln_jit::ir::Var>,
    /// The lists the nest only reads, which an entry may copy (`list_copies`).
    pub list_copies: kiln_jit::list_copies::Plan,
    /// The variables an outcome's values are, in order
    /// (`kiln_jit::objects::written_back`): found once, not on every entry.
    pub written_back: Vec<kiln_jit::ir::Var>,
    /// Back-edges taken in the interpreter, this loop's and its inner loops'.
    pub count: AtomicU64,
    /// The back-edges after which it is hot: the settings' threshold, or 1 for the
    /// sites of a function decorated for Numba's JIT, which Numba compiles at its first
    /// call (so does kiln, for the types of that call).
    pub threshold: u64,
    /// The count at which the next attempt to compile is made.
    pub next_try: AtomicU64,
    /// Where the site got hot but compiling it did not pay (`HOT_TIME`'s rent-or-buy
    /// rule): the interpreted time its runs had cost and were to cost, in microseconds,
    /// at the last such decision; 0 where none was made.
    pub short_runs_us: AtomicU64,
    /// Back-edges the rest of the loop runs interpreted after compiled code stopped
    /// in it having done next to nothing, before compiled code is entered again
    /// (`_kiln_jit.again`): doubled at each such stop, back to 1 after one that ran
    /// well.
    pub resume_wait: AtomicU64,
    pub state: Mutex<tier::SiteState>,
}

static REGISTRY: RwLock<Vec<Arc<Site>>> = RwLock::new(Vec::new());

/// Registers a site and returns its id.
pub fn register_site(
    file: &str,
    line: u32,
    kind: SiteKind,
    parent: Option<u32>,
    nest: Result<Nest, String>,
    eager: bool,
) -> u32 {
    let threshold = if eager {
        settings().threshold.min(1)
    } else {
        settings().threshold
    };
    let exposed = match &nest {
        Ok(nest) => {
            // An attribute is read on entry even where the nest stores it before any
            // read of its own: a method inlined into it may read it first.
            let exposed = kiln_jit::liveness::exposed_on_entry(nest);
            nest.vars
                .iter()
                .map(|(v, d)| exposed[v] || d.name.contains('.'))
                .collect()
        }
        Err(_) => Vec::new(),
    };
    let attributes = nest
        .as_ref()
        .map(attributes::StoredAttributes::of)
        .unwrap_or_default();
    let item_attributes = nest
        .as_ref()
        .map(kiln_jit::objects::item_attributes)
        .unwrap_or_default();
    let compared_lists = nest
        .as_ref()
        .map(kiln_jit::objects::compared_lists)
        .unwrap_or_default();
    let list_copies = nest
        .as_ref()
        .map(|n| kiln_jit::list_copies::plan(n, &kiln_jit::liveness::exposed_on_entry(n)))
        .unwrap_or_default();
    let written_back = nest
        .as_ref()
        .map(|n| kiln_jit::objects::written_back(n, &item_attributes))
        .unwrap_or_default();
    let calls_user = nest
        .as_ref()
        .is_ok_and(kiln_jit::list_copies::calls_user_code);
    let mut sites = REGISTRY.write().expect("site registry poisoned");
    let id = sites.len() as u32;
    sites.push(Arc::new(Site {
        id,
        file: file.to_owned(),
        line,
        kind,
        parent,
        calls_user,
        called_from: AtomicU32::new(0),
        nest,
        exposed,
        attributes,
        item_attributes,
        compared_lists,
        list_copies,
        written_back,
        count: AtomicU64::new(0),
        threshold,
        next_try: AtomicU64::new(threshold),
        short_runs_us: AtomicU64::new(0),
        resume_wait: AtomicU64::new(1),
        state: Mutex::new(tier::SiteState::default()),
    }));
    id
}

/// User functions by (file, first line, name): what a function object's code says
/// about it. Each is the function compiled code can inline, or why it cannot (for
/// the report of a loop that calls it).
type FunctionKey = (String, u32, String);

type Inlinable = Result<Arc<Function>, lower::Reason>;

static FUNCTIONS: RwLock<Option<HashMap<FunctionKey, Inlinable>>> = RwLock::new(None);

pub fn register_function(
    file: &str,
    line: u32,
    name: &str,
    function: Result<Function, lower::Reason>,
) {
    let mut table = FUNCTIONS.write().expect("function registry poisoned");
    let key = (file.to_owned(), line, name.to_owned());
    table
        .get_or_insert_default()
        .insert(key, function.map(Arc::new));
}

pub fn function(file: &str, line: u32, name: &str) -> Option<Inlinable> {
    let table = FUNCTIONS.read().ok()?;
    table
        .as_ref()?
        .get(&(file.to_owned(), line, name.to_owned()))
        .cloned()
}

/// The sites of functions compiled whole, by the same key as [`function`].
static FUNCTION_SITES: RwLock<Option<HashMap<FunctionKey, u32>>> = RwLock::new(None);

pub fn register_function_site(file: &str, line: u32, name: &str, site: u32) {
    let mut table = FUNCTION_SITES.write().expect("function registry poisoned");
    let key = (file.to_owned(), line, name.to_owned());
    table.get_or_insert_default().insert(key, site);
}

/// The site of the function compiled whole that a function's code says it is.
pub fn function_site(file: &str, line: u32, name: &str) -> Option<Arc<Site>> {
    let id = {
        let table = FUNCTION_SITES.read().ok()?;
        *table
            .as_ref()?
            .get(&(file.to_owned(), line, name.to_owned()))?
    };
    site(id)
}

/// How many sites are registered: the id the next one gets.
pub fn site_count() -> u32 {
    REGISTRY.read().map_or(0, |s| s.len() as u32)
}

pub fn site(id: u32) -> Option<Arc<Site>> {
    REGISTRY.read().ok()?.get(id as usize).cloned()
}

pub fn all_sites() -> Vec<Arc<Site>> {
    REGISTRY.read().map(|s| s.clone()).unwrap_or_default()
}

/// The site and the sites it is nested in, innermost first.
pub fn chain(id: u32) -> Vec<Arc<Site>> {
    let mut out = Vec::new();
    let mut next = Some(id);
    while let Some(id) = next {
        let Some(site) = site(id) else { break };
        next = site.parent;
        out.push(site);
    }
    out
}

impl Site {
    pub fn count_back_edge(&self) -> u64 {
        self.count.fetch_add(1, Ordering::Relaxed) + 1
    }
}

/// The JIT's settings, from the environment (read once).
#[derive(Clone, Debug)]
pub struct JitSettings {
    /// `KILN_JIT=0` turns compiled tiers off: loops are not even rewritten.
    pub enabled: bool,
    /// `KILN_JIT_THRESHOLD`: back-edges before a site is compiled.
    pub threshold: u64,
    /// Interpreted time in one run of a loop after which it is compiled before its
    /// back-edges reach the threshold; `None` where `KILN_JIT_THRESHOLD` is set, which
    /// then alone decides (the test suites rely on it).
    pub hot_time: Option<std::time::Duration>,
    /// `KILN_FASTMATH=1`: every nest carries the reassociation grant
    /// ([`kiln_jit::ir::Nest::fastmath`]), as if decorated `fastmath=True`.
    pub fastmath: bool,
}

/// The default hot threshold, in back-edges (a loop's iterations and its inner loops').
///
/// Measured on ten of benches/kernels at their table size (2026-11-23, 2 cores, best of
/// 3, ms): with 50 / 100 / 200 / 1000 / 3000 back-edges, black_scholes took 20 / 23 /
/// 25 / 47 / 148, jacobi 11 / 12 / 12 / 19 / 35, stencil 8 / 11 / 8 / 15 / 21, and the
/// others moved alike: an interpreted iteration of a numeric loop costs 1-20 µs and a
/// nest compiles in 1-7 ms, so waiting longer only adds interpreted time. 100 keeps
/// that gain while a loop must still have run for a while (most of a millisecond)
/// before its compile is paid.
pub const DEFAULT_THRESHOLD: u64 = 100;

/// A loop whose iterations are long (whole-array statements over a million elements:
/// milliseconds each) is hot before its hundredth back-edge: once one run of it has
/// spent this long in the interpreter, about what compiling a nest costs, the rest of
/// it is worth compiling (the rent-or-buy rule: never spend more than twice the best).
///
/// The same rule keeps a loop over a range interpreted when it reaches the threshold
/// but its iterations are quick and few: where the time it has spent in the
/// interpreter in all, and the time the iterations left in this run will take at this
/// run's pace, add up to less than this, it is not compiled yet (it is looked at again
/// when its count has doubled). A list's 300-element initialisation loop then costs
/// its 60 us interpreted instead of a 2 ms compile. The inner loop of a nest whose
/// outer loop will compile the nest at its next back-edge weighs only the rest of its
/// run: where that is under this, it finishes interpreted and the nest compiles once,
/// instead of the inner loop first and then the nest (gemver's 360-long inner loop
/// compiled on its own in 4.1 ms, then the nest in 2.9 ms).
pub const HOT_TIME: std::time::Duration = std::time::Duration::from_millis(2);

pub fn settings() -> &'static JitSettings {
    static SETTINGS: OnceLock<JitSettings> = OnceLock::new();
    SETTINGS.get_or_init(|| {
        let enabled = std::env::var("KILN_JIT").map_or(true, |v| v.trim() != "0");
        let given = std::env::var("KILN_JIT_THRESHOLD")
            .ok()
            .and_then(|v| v.trim().parse().ok());
        JitSettings {
            enabled,
            threshold: given.unwrap_or(DEFAULT_THRESHOLD),
            hot_time: given.is_none().then_some(HOT_TIME),
            fastmath: std::env::var("KILN_FASTMATH").is_ok_and(|v| v.trim() == "1"),
        }
    })
}

/// Offsets of line starts, to turn a source offset into a 1-based line number.
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(source: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            source
                .bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        LineIndex { starts }
    }

    pub fn line(&self, offset: u32) -> u32 {
        self.starts.partition_point(|s| *s <= offset) as u32
    }
}
