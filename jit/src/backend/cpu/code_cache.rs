//! A cache on disk of compiled nests' machine code, so that a script run again (the
//! second run of a benchmark, the next run of a notebook's script) skips Cranelift.
//!
//! The key is a 128-bit SipHash of everything the machine code is a function of:
//! Cranelift's `FunctionStencil` (every block, instruction, constant, signature and
//! stack slot; it is `Hash` for exactly this use), the names of the functions it calls
//! (the stencil refers to them by number), the target's triple and flags, and the
//! identity of this executable (its size and modification time: another build may
//! carry another Cranelift). Cranelift is deterministic, so the code stored under a key
//! is the code it would emit now: a hit is never different code, only faster code. The
//! one thing that does change between processes, where the helpers the code calls live
//! (address-space randomisation), is kept out of the entry: relocations are stored by
//! the stencil's own numbering of the functions it calls and resolved against this
//! process's module when the code is loaded (the interrupt flag and the VM's objects
//! are symbols too, `runtime::symbols`). A nest whose code still embedded an address
//! of its process would have another stencil in each process and simply never hit.
//!
//! Entries live in the `code` cache of [`crate::disk_cache`] (`KILN_CACHE=0` turns it
//! off); one that does not parse is ignored and compiled afresh.

use crate::disk_cache::{self, Cache, Key};
use cranelift_codegen::Context;
use cranelift_codegen::binemit::Reloc;
use cranelift_codegen::entity::EntityRef;
use cranelift_codegen::ir::{Function, LibCall, UserExternalNameRef};
use cranelift_codegen::isa::TargetIsa;
use cranelift_codegen::{FinalizedMachReloc, FinalizedRelocTarget, ir::ExternalName};
use cranelift_jit::JITModule;
use cranelift_module::{DataId, FuncId, Module, ModuleReloc, ModuleRelocTarget};
use siphasher::sip128::SipHasher13;
use std::hash::Hash;
use std::sync::OnceLock;

/// Bumped whenever the entry format or what the key covers changes.
const FORMAT: u32 = 1;
static CACHE: Cache = Cache::new("code", b"KILNCODE");

/// Machine code as Cranelift emitted it, with relocations still to apply.
#[derive(PartialEq, Debug)]
pub(super) struct Entry {
    pub(super) alignment: u64,
    pub(super) code: Vec<u8>,
    relocs: Vec<StoredReloc>,
}

/// A relocation in terms that mean the same in every process.
#[derive(Clone, Copy, PartialEq, Debug)]
struct StoredReloc {
    offset: u32,
    kind: Reloc,
    target: StoredTarget,
    addend: i64,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum StoredTarget {
    /// The stencil's own number for a function it calls (its name is in the key).
    Named(u32),
    LibCall(LibCall),
    /// An offset into the function itself.
    Own(u32),
}

/// A hasher that has already taken in what every key of this process shares: this
/// executable, the format, the target.
pub(super) fn process_hasher(isa: &dyn TargetIsa) -> SipHasher13 {
    static BASE: OnceLock<SipHasher13> = OnceLock::new();
    *BASE.get_or_init(|| {
        let mut h = disk_cache::stamped_hasher();
        FORMAT.hash(&mut h);
        isa.triple().to_string().hash(&mut h);
        isa.flags().to_string().hash(&mut h);
        for flag in isa.isa_flags() {
            flag.to_string().hash(&mut h);
        }
        h
    })
}

/// Defines `ctx`'s function as `id` in `module`: with the machine code of a run before
/// where the cache has it (then that entry is returned, with the names of what its
/// code calls, [`names`]), else compiled by Cranelift (and stored). Asked for the
/// machine code's text (`asm`), Cranelift compiles it again and prints it.
pub fn define(
    module: &mut JITModule,
    ctx: &mut Context,
    id: FuncId,
    asm: bool,
) -> Result<Option<(Entry, Names)>, String> {
    let cranelift = |e: cranelift_module::ModuleError| format!("Cranelift: {e}");
    let named = (!asm && CACHE.enabled()).then(|| names(&ctx.func, module));
    let key = named.as_ref().map(|n| key(module.isa(), &ctx.func, n));
    let found = key.and_then(load).and_then(|entry| {
        let refs = ctx.func.params.user_named_funcs();
        let relocs = entry.relocs(id, |n| {
            let name = refs.get(UserExternalNameRef::new(n as usize))?;
            Some(ModuleRelocTarget::user(name.namespace, name.index))
        })?;
        Some((entry, relocs))
    });
    if let Some((entry, relocs)) = found {
        module
            .define_function_bytes(id, entry.alignment, &entry.code, &relocs)
            .map_err(cranelift)?;
        return Ok(named.map(|n| (entry, n)));
    }
    // Cranelift keeps its pass times per thread: start this function's afresh.
    if asm {
        let _ = cranelift_codegen::timing::take_current();
    }
    ctx.compile(module.isa(), &mut Default::default())
        .map_err(|e| format!("Cranelift could not compile the nest: {:?}", e.inner))?;
    let code = ctx.compiled_code().expect("just compiled");
    if asm && let Some(text) = code.vcode.as_ref() {
        eprintln!("{text}");
        dump_machine_code(code.code_buffer());
        eprintln!(
            "the CLIF as Cranelift optimised it:\n{}",
            ctx.func.display()
        );
        let passes = cranelift_codegen::timing::take_current();
        eprintln!("Cranelift's passes:\n{passes}");
    }
    let alignment = code.buffer.alignment as u64;
    let mach_relocs = code.buffer.relocs();
    if let Some(key) = key
        && let Some(entry) = Entry::new(alignment, code.code_buffer(), mach_relocs)
    {
        store(key, &entry);
    }
    let relocs = mach_relocs
        .iter()
        .map(|r| ModuleReloc::from_mach_reloc(r, &ctx.func, id))
        .collect::<Vec<_>>();
    module
        .define_function_bytes(id, alignment, code.code_buffer(), &relocs)
        .map_err(cranelift)?;
    Ok(None)
}

/// What a function's code refers to, by the function's own numbering: each one's
/// namespace (0 a function, 1 data) and the name it is declared under.
pub(super) type Names = Vec<(u32, String)>;

/// The [`Names`] of `func`, declared in `module`.
fn names(func: &Function, module: &impl Module) -> Names {
    let declared = module.declarations();
    func.params
        .user_named_funcs()
        .iter()
        .map(|(_, name)| {
            let linkage = match name.namespace {
                0 => {
                    let id = FuncId::from_u32(name.index);
                    declared.get_function_decl(id).linkage_name(id).into_owned()
                }
                _ => {
                    let id = DataId::from_u32(name.index);
                    declared.get_data_decl(id).linkage_name(id).into_owned()
                }
            };
            (name.namespace, linkage)
        })
        .collect()
}

/// With `KILN_JIT_DUMP=asm`, the machine code itself goes to a file beside the text
/// (`objdump -D -b binary -m i386:x86-64 FILE`), so that a profile's addresses,
/// less the code's address that emit prints, can be read against instructions.
fn dump_machine_code(bytes: &[u8]) {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("kiln-nest-{}-{n}.bin", std::process::id()));
    match std::fs::write(&path, bytes) {
        Ok(()) => eprintln!("machine code: {}", path.display()),
        Err(e) => eprintln!("machine code not written to {}: {e}", path.display()),
    }
}

/// The key of `func`'s code, compiled by `isa`, calling what `names` names.
fn key(isa: &dyn TargetIsa, func: &Function, names: &[(u32, String)]) -> Key {
    let mut h = process_hasher(isa);
    func.stencil.hash(&mut h);
    for (namespace, name) in names {
        namespace.hash(&mut h);
        name.hash(&mut h);
    }
    disk_cache::finish(&h)
}

/// The entry stored under `key`, if there is a whole one.
fn load(key: Key) -> Option<Entry> {
    decode(&CACHE.load(key)?)
}

fn store(key: Key, entry: &Entry) {
    CACHE.store(key, &encode(entry));
}

impl Entry {
    /// The code Cranelift emitted for `func`, in stored form; none where a relocation
    /// means something only in this process (then the code is not cached).
    fn new(alignment: u64, code: &[u8], relocs: &[FinalizedMachReloc]) -> Option<Entry> {
        let relocs = relocs
            .iter()
            .map(|r| {
                let target = match &r.target {
                    FinalizedRelocTarget::ExternalName(ExternalName::User(r)) => {
                        StoredTarget::Named(r.index() as u32)
                    }
                    FinalizedRelocTarget::ExternalName(ExternalName::LibCall(l)) => {
                        StoredTarget::LibCall(*l)
                    }
                    FinalizedRelocTarget::Func(offset) => StoredTarget::Own(*offset),
                    _ => return None,
                };
                reloc_code(r.kind)?;
                Some(StoredReloc {
                    offset: r.offset,
                    kind: r.kind,
                    target,
                    addend: r.addend,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Entry {
            alignment,
            code: code.to_vec(),
            relocs,
        })
    }

    /// The relocations for the module that defines the code as `id`, where the code's
    /// `n`th name is `named(n)`.
    pub(super) fn relocs(
        &self,
        id: FuncId,
        named: impl Fn(u32) -> Option<ModuleRelocTarget>,
    ) -> Option<Vec<ModuleReloc>> {
        self.relocs
            .iter()
            .map(|r| {
                let name = match r.target {
                    StoredTarget::Named(n) => named(n)?,
                    StoredTarget::LibCall(l) => ModuleRelocTarget::LibCall(l),
                    StoredTarget::Own(offset) => ModuleRelocTarget::FunctionOffset(id, offset),
                };
                Some(ModuleReloc {
                    offset: r.offset,
                    kind: r.kind,
                    name,
                    addend: r.addend,
                })
            })
            .collect()
    }

    /// The stencil's numbers of the names the code refers to.
    pub(super) fn named_targets(&self) -> impl Iterator<Item = u32> + '_ {
        self.relocs.iter().filter_map(|r| match r.target {
            StoredTarget::Named(n) => Some(n),
            _ => None,
        })
    }
}

/// The relocation kinds an entry may hold, by a number of the format's own.
const RELOCS: [Reloc; 6] = [
    Reloc::Abs4,
    Reloc::Abs8,
    Reloc::X86PCRel4,
    Reloc::X86CallPCRel4,
    Reloc::X86CallPLTRel4,
    Reloc::X86GOTPCRel4,
];

fn reloc_code(kind: Reloc) -> Option<u8> {
    RELOCS.iter().position(|k| *k == kind).map(|i| i as u8)
}

pub(super) fn encode(entry: &Entry) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + entry.code.len() + 24 * entry.relocs.len());
    out.extend_from_slice(&entry.alignment.to_le_bytes());
    out.extend_from_slice(&(entry.code.len() as u32).to_le_bytes());
    out.extend_from_slice(&entry.code);
    out.extend_from_slice(&(entry.relocs.len() as u32).to_le_bytes());
    for r in &entry.relocs {
        out.extend_from_slice(&r.offset.to_le_bytes());
        out.push(reloc_code(r.kind).expect("only storable kinds are kept"));
        let (tag, value) = match r.target {
            StoredTarget::Named(n) => (0u8, n),
            StoredTarget::LibCall(l) => (
                1,
                LibCall::all_libcalls()
                    .iter()
                    .position(|c| *c == l)
                    .expect("a libcall is one of all_libcalls") as u32,
            ),
            StoredTarget::Own(offset) => (2, offset),
        };
        out.push(tag);
        out.extend_from_slice(&value.to_le_bytes());
        out.extend_from_slice(&r.addend.to_le_bytes());
    }
    out
}

/// Reads what [`encode`] wrote; none for anything else.
pub(super) fn decode(bytes: &[u8]) -> Option<Entry> {
    let mut r = Reader(bytes);
    let alignment = u64::from_le_bytes(r.array()?);
    let len = u32::from_le_bytes(r.array()?) as usize;
    let code = r.take(len)?.to_vec();
    let count = u32::from_le_bytes(r.array()?) as usize;
    let mut relocs = Vec::with_capacity(count.min(bytes.len()));
    for _ in 0..count {
        let offset = u32::from_le_bytes(r.array()?);
        let kind = *RELOCS.get(r.take(1)?[0] as usize)?;
        let tag = r.take(1)?[0];
        let value = u32::from_le_bytes(r.array()?);
        let target = match tag {
            0 => StoredTarget::Named(value),
            1 => StoredTarget::LibCall(*LibCall::all_libcalls().get(value as usize)?),
            2 => StoredTarget::Own(value),
            _ => return None,
        };
        let addend = i64::from_le_bytes(r.array()?);
        // A relocation outside the code would patch memory that is not the function's.
        let width = if kind == Reloc::Abs8 { 8 } else { 4 };
        if offset as usize + width > code.len() {
            return None;
        }
        relocs.push(StoredReloc {
            offset,
            kind,
            target,
            addend,
        });
    }
    (r.0.is_empty() && alignment.is_power_of_two()).then_some(Entry {
        alignment,
        code,
        relocs,
    })
}

pub(super) struct Reader<'a>(pub(super) &'a [u8]);

impl<'a> Reader<'a> {
    pub(super) fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        Some(head)
    }

    pub(super) fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(in crate::backend::cpu) fn entry() -> Entry {
        Entry {
            alignment: 16,
            code: (0..64).collect(),
            relocs: vec![
                StoredReloc {
                    offset: 4,
                    kind: Reloc::Abs8,
                    target: StoredTarget::Named(3),
                    addend: -2,
                },
                StoredReloc {
                    offset: 20,
                    kind: Reloc::X86CallPCRel4,
                    target: StoredTarget::LibCall(LibCall::FloorF64),
                    addend: 0,
                },
                StoredReloc {
                    offset: 40,
                    kind: Reloc::X86PCRel4,
                    target: StoredTarget::Own(48),
                    addend: -4,
                },
            ],
        }
    }

    #[test]
    fn an_entry_reads_back_as_written() {
        assert_eq!(decode(&encode(&entry())), Some(entry()));
    }

    /// `bytes` cut anywhere, or with a byte more, read as nothing: never a shorter or
    /// longer entry.
    pub(in crate::backend::cpu) fn cuts_and_tails_are_not_read<T: PartialEq + std::fmt::Debug>(
        bytes: &[u8],
        decode: impl Fn(&[u8]) -> Option<T>,
    ) {
        for n in 0..bytes.len() {
            assert_eq!(decode(&bytes[..n]), None, "cut at {n}");
        }
        let mut longer = bytes.to_vec();
        longer.push(0);
        assert_eq!(decode(&longer), None);
    }

    #[test]
    fn a_damaged_entry_is_not_read() {
        let bytes = encode(&entry());
        cuts_and_tails_are_not_read(&bytes, decode);
        // An unknown relocation kind, a relocation past the code.
        let first_reloc = 8 + 4 + 64 + 4;
        let mut kind = bytes.clone();
        kind[first_reloc + 4] = 200;
        assert_eq!(decode(&kind), None);
        let mut past = bytes.clone();
        past[first_reloc..first_reloc + 4].copy_from_slice(&57u32.to_le_bytes());
        assert_eq!(decode(&past), None);
    }
}
