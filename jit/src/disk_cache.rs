//! kiln's caches on disk: what one run computed that the next run of the same script
//! can load instead (compiled machine code, `backend::cpu::code_cache`; the bytecode
//! of rewritten modules, the VM's `bytecode_cache`).
//!
//! Each cache is a directory of entries named by a 128-bit key that hashes everything
//! the entry is a function of, this executable included ([`Stamp`]), so an entry found
//! is what would be computed now. Entries are written to a temporary file and renamed
//! into place (a reader sees a whole entry or none) and begin with the key they were
//! stored under and a checksum of the rest, both checked on reading, so a damaged
//! entry is a miss. The base directory is `$KILN_CACHE_DIR` (else
//! `$XDG_CACHE_HOME/kiln`, else `~/.cache/kiln`); `KILN_CACHE=0` turns every cache
//! off. When a process first writes to a cache, a thread of its own trims that
//! directory to its newest [`KEEP`] entries once it holds more than [`LIMIT`].

use siphasher::sip128::{Hasher128, SipHasher13};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// Past this many entries a cache's directory is trimmed to [`KEEP`] (oldest first).
const LIMIT: usize = 4096;
const KEEP: usize = 2048;

/// An entry's name: the hash of what it is a function of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Key(pub u128);

/// The base directory, or none where caches are off or no home is known.
fn base() -> Option<&'static Path> {
    static BASE: OnceLock<Option<PathBuf>> = OnceLock::new();
    BASE.get_or_init(|| {
        if std::env::var_os("KILN_CACHE").is_some_and(|v| v == "0") {
            return None;
        }
        Some(
            match std::env::var_os("KILN_CACHE_DIR").filter(|v| !v.is_empty()) {
                Some(dir) => PathBuf::from(dir),
                None => match std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()) {
                    Some(dir) => PathBuf::from(dir).join("kiln"),
                    None => PathBuf::from(std::env::var_os("HOME")?).join(".cache/kiln"),
                },
            },
        )
    })
    .as_deref()
}

/// One cache: a directory under the base.
pub struct Cache {
    name: &'static str,
    magic: &'static [u8; 8],
}

impl Cache {
    /// The cache in `base/name`, whose entries begin with `magic`.
    pub const fn new(name: &'static str, magic: &'static [u8; 8]) -> Cache {
        Cache { name, magic }
    }

    /// Whether caches are on.
    pub fn enabled(&self) -> bool {
        base().is_some()
    }

    fn path(&self, key: Key) -> Option<PathBuf> {
        Some(base()?.join(self.name).join(format!("{:032x}", key.0)))
    }

    /// The body of the entry stored under `key`, if there is a whole one.
    pub fn load(&self, key: Key) -> Option<Vec<u8>> {
        let mut bytes = std::fs::read(self.path(key)?).ok()?;
        if bytes.len() < HEAD
            || &bytes[..8] != self.magic
            || bytes[8..24] != key.0.to_le_bytes()
            || bytes[24..HEAD] != checksum(&bytes[HEAD..]).to_le_bytes()
        {
            return None;
        }
        bytes.drain(..HEAD);
        Some(bytes)
    }

    /// Stores `body` under `key`; failing quietly (a full disk, a read-only home) only
    /// means the next run computes it again.
    pub fn store(&self, key: Key, body: &[u8]) {
        let Some(target) = self.path(key) else {
            return;
        };
        let dir = target
            .parent()
            .expect("an entry is in its cache's directory");
        // The directories made, and so trimmed, by this process.
        static MADE: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
        let first = {
            let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
            if made.contains(&self.name) {
                false
            } else if std::fs::create_dir_all(dir).is_ok() {
                made.push(self.name);
                true
            } else {
                return;
            }
        };
        let temp = dir.join(format!(
            ".{:032x}.{}.{:?}",
            key.0,
            std::process::id(),
            std::thread::current().id()
        ));
        let mut bytes = Vec::with_capacity(HEAD + body.len());
        bytes.extend_from_slice(self.magic);
        bytes.extend_from_slice(&key.0.to_le_bytes());
        bytes.extend_from_slice(&checksum(body).to_le_bytes());
        bytes.extend_from_slice(body);
        if std::fs::write(&temp, bytes).is_err() || std::fs::rename(&temp, &target).is_err() {
            let _ = std::fs::remove_file(&temp);
            return;
        }
        if first {
            let dir = dir.to_path_buf();
            // Off the compiling thread: a process that ends first leaves it for the next.
            let _ = std::thread::Builder::new()
                .name("kiln-cache-trim".into())
                .spawn(move || trim(&dir));
        }
    }
}

/// An entry's head: its cache's magic, its key, the checksum of its body.
const HEAD: usize = 8 + 16 + 8;

/// What a body damaged after it was written (a flipped bit) fails.
fn checksum(body: &[u8]) -> u64 {
    let mut h = SipHasher13::new();
    h.write(body);
    h.finish()
}

/// Keeps the newest [`KEEP`] entries once there are more than [`LIMIT`].
fn trim(dir: &Path) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = read
        .filter_map(|e| {
            let e = e.ok()?;
            let modified = e.metadata().ok()?.modified().ok()?;
            Some((modified, e.path()))
        })
        .collect();
    if entries.len() <= LIMIT {
        return;
    }
    entries.sort();
    for (_, path) in &entries[..entries.len() - KEEP] {
        let _ = std::fs::remove_file(path);
    }
}

/// A hasher that has taken in this executable: its version, size and modification
/// time (another build may compile differently). Without a readable executable, the
/// process id: every key is then this process's own.
pub fn stamped_hasher() -> SipHasher13 {
    static STAMPED: OnceLock<SipHasher13> = OnceLock::new();
    *STAMPED.get_or_init(|| {
        let mut h = SipHasher13::new();
        env!("CARGO_PKG_VERSION").hash(&mut h);
        match std::env::current_exe().and_then(std::fs::metadata) {
            Ok(meta) => {
                meta.len().hash(&mut h);
                meta.modified().ok().hash(&mut h);
            }
            Err(_) => std::process::id().hash(&mut h),
        }
        h
    })
}

/// The key a hasher has reached.
pub fn finish(h: &SipHasher13) -> Key {
    Key(h.finish128().as_u128())
}
