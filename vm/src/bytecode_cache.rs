//! The bytecode of user modules, kept between runs, as CPython keeps `__pycache__`.
//!
//! A module whose loops the JIT rewrote into sites is about four times the bytecode
//! of its source, and RustPython's code generator takes most of a small script's
//! import time on it (0.8 ms of 1.2 ms for a 40-line module here, against CPython's
//! 0.3 ms). So the code object is stored, marshalled, in the `bytecode` cache of
//! [`kiln_jit::disk_cache`], and a later compile of the same module loads it.
//!
//! Parsing and rewriting still run on every compile: the rewrite registers the
//! module's loop sites and functions (what the JIT compiles), and its result is what
//! the key is taken after. The code object is a function of the source, its path, how
//! it is compiled (the unit and the compiler options) and, through the rewrite, of the
//! ids the registry gave its sites: the first id and how many (the rewrite consults no
//! other state). The key hashes exactly these and this executable; a whole entry under
//! it is the code object the code generator would make now.

use kiln_jit::disk_cache::{self, Cache, Key};
use rustpython_vm::bytecode::{BasicBag, CodeObject};
use rustpython_vm::compiler::core::marshal;
use std::hash::{Hash, Hasher};

/// Bumped whenever the entry format or what the key covers changes.
const FORMAT: u32 = 1;
static CACHE: Cache = Cache::new("bytecode", b"KILNPYC\0");

/// What a module's compile is a function of, besides its source and path.
pub struct Compile<'a> {
    /// The compile unit and the compiler options, as text (`Debug`).
    pub how: &'a str,
    /// The ids of the sites its rewrite registered: the first and how many.
    pub sites: (u32, u32),
}

/// The key of a module's code object; none where caches are off.
pub fn key(source: &str, path: &str, compile: &Compile) -> Option<Key> {
    if !CACHE.enabled() {
        return None;
    }
    let mut h = disk_cache::stamped_hasher();
    FORMAT.hash(&mut h);
    path.hash(&mut h);
    compile.how.hash(&mut h);
    compile.sites.hash(&mut h);
    h.write(source.as_bytes());
    Some(disk_cache::finish(&h))
}

/// The code object stored under `key`, if there is a whole one.
pub fn load(key: Key) -> Option<CodeObject> {
    let bytes = CACHE.load(key)?;
    let mut rest = &bytes[..];
    let code = marshal::deserialize_code(&mut rest, BasicBag).ok()?;
    rest.is_empty().then_some(code)
}

/// Stores `code` under `key`.
pub fn store(key: Key, code: &CodeObject) {
    let mut bytes = Vec::new();
    marshal::serialize_code(&mut bytes, code);
    CACHE.store(key, &bytes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{CompileUnit, compile_to_code_object};
    use rustpython_vm::bytecode::ConstantData;

    /// Every field the interpreter reads, code objects among the constants compared
    /// the same way (ConstantData compares them by address).
    fn assert_same(a: &CodeObject, b: &CodeObject) {
        let name = a.obj_name.as_str();
        assert_eq!(
            format!("{:?}", a.instructions),
            format!("{:?}", b.instructions),
            "{name}"
        );
        assert_eq!(a.locations, b.locations, "{name}");
        assert_eq!(a.flags, b.flags, "{name}");
        assert_eq!(
            (
                a.posonlyarg_count,
                a.arg_count,
                a.kwonlyarg_count,
                a.max_stackdepth
            ),
            (
                b.posonlyarg_count,
                b.arg_count,
                b.kwonlyarg_count,
                b.max_stackdepth
            ),
            "{name}"
        );
        assert_eq!(a.source_path, b.source_path, "{name}");
        assert_eq!(a.first_line_number, b.first_line_number, "{name}");
        assert_eq!(
            (&a.obj_name, &a.qualname),
            (&b.obj_name, &b.qualname),
            "{name}"
        );
        assert_eq!(a.names, b.names, "{name}");
        assert_eq!(
            (&a.varnames, &a.cellvars, &a.freevars),
            (&b.varnames, &b.cellvars, &b.freevars),
            "{name}"
        );
        assert_eq!(a.localspluskinds, b.localspluskinds, "{name}");
        assert_eq!(a.linetable, b.linetable, "{name}");
        assert_eq!(a.exceptiontable, b.exceptiontable, "{name}");
        assert_eq!(a.constants.len(), b.constants.len(), "{name}");
        for (x, y) in a.constants.iter().zip(b.constants.iter()) {
            match (x, y) {
                (ConstantData::Code { code: x }, ConstantData::Code { code: y }) => {
                    assert_same(x, y)
                }
                _ => assert_eq!(x, y, "{name}"),
            }
        }
    }

    #[test]
    fn a_module_reads_back_as_compiled() {
        let source = r#"
import math
K = (1, 2.5, -3j, b"x", None, ..., frozenset({1}))

class Grid:
    def __init__(self, n):
        self.n = n

    def total(self, a):
        s = 0.0
        for i in range(self.n):
            for j in range(self.n):
                s += a[i][j] * math.sqrt(i + j)
        return s

def gen(xs):
    try:
        yield from (x * x for x in xs if x)
    except ValueError as e:
        raise RuntimeError("bad") from e
    finally:
        pass

async def co(f, *args, key=None, **kw):
    async with f as g:
        return [lambda y=y: y + g for y in args]

def outer():
    k = 3
    def inner(x):
        nonlocal k
        k += x
        return k
    while k < 10:
        inner(1)
    return inner
"#;
        let opts = rustpython_vm::compiler::CompileOpts::default();
        let code = compile_to_code_object(source, "/m/mod.py", CompileUnit::Module, opts)
            .expect("compiles");
        let mut bytes = Vec::new();
        marshal::serialize_code(&mut bytes, &code);
        let mut rest = &bytes[..];
        let back = marshal::deserialize_code(&mut rest, BasicBag).expect("reads back");
        assert!(rest.is_empty());
        assert_same(&code, &back);
    }
}
