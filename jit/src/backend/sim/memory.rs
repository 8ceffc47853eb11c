//! The simulated device's memory: buffers at made-up addresses holding only what the
//! host copied in, tracked in 4-byte grains so that an access outside every copied
//! footprint, a read of a grain nobody copied in or wrote, and two threads meeting in
//! one grain are each an error (`super` explains why these are the GPU tier's bugs,
//! not the nest's failures).

/// Where the simulated device's first buffer starts: far from any host address a
/// confused kernel might compute.
const FIRST_ADDRESS: u64 = 0x7e00_0000_0000;

/// Simulated device memory.
pub struct DeviceMemory {
    buffers: Vec<Buffer>,
    /// Where the next buffer may start.
    end: u64,
    /// Bytes it holds (`KILN_SIM_MEMORY`, else [`super::MEMORY`]), and bytes in use.
    /// The GPU tier plans for [`super::MEMORY`] whatever it holds: less makes
    /// allocations fail as a GPU's do when it had less free than it said.
    capacity: usize,
    used: usize,
}

impl Default for DeviceMemory {
    fn default() -> Self {
        let capacity = std::env::var("KILN_SIM_MEMORY")
            .ok()
            .and_then(|v| crate::backend::gpu::parse_bytes(&v))
            .unwrap_or(super::MEMORY);
        DeviceMemory {
            buffers: Vec::new(),
            end: 0,
            capacity,
            used: 0,
        }
    }
}

/// The grain memory is tracked in: the smallest element (float32, int32).
const GRAIN: usize = 4;

struct Buffer {
    address: u64,
    bytes: Vec<u8>,
    /// Per 4-byte grain: whether it holds something copied in or written.
    defined: Vec<bool>,
    /// Per grain: the thread that wrote it in the current launch, plus one (0: none).
    writer: Vec<u64>,
    /// Whether the current launch wrote it (`writer` is then to be cleared).
    written: bool,
}

impl DeviceMemory {
    /// A new buffer of `len` bytes, nothing in it defined; its address. Fails as a
    /// GPU's allocation does where the bytes in use would pass the capacity.
    pub fn alloc(&mut self, len: usize) -> Result<u64, String> {
        if self.used + len > self.capacity {
            return Err(format!(
                "{}: {len} bytes asked, {} of {} in use",
                crate::backend::gpu::OUT_OF_MEMORY,
                self.used,
                self.capacity
            ));
        }
        self.used += len;
        // Past every buffer, kept ones included: an address is never reused, so a
        // kernel pointing into a freed buffer finds none.
        let address = self.end.max(FIRST_ADDRESS).next_multiple_of(256);
        self.end = address + len as u64 + 4096;
        let words = len.div_ceil(GRAIN);
        self.buffers.push(Buffer {
            address,
            bytes: vec![0; len],
            defined: vec![false; words],
            writer: vec![0; words],
            written: false,
        });
        Ok(address)
    }

    /// Frees the buffer at `address`.
    pub fn free(&mut self, address: u64) {
        if let Some(k) = self.buffers.iter().position(|b| b.address == address) {
            self.used -= self.buffers[k].bytes.len();
            self.buffers.swap_remove(k);
        }
    }

    fn find(&self, address: u64, len: usize) -> Option<(usize, usize)> {
        self.buffers.iter().enumerate().find_map(|(k, b)| {
            let end = b.address + b.bytes.len() as u64;
            (address >= b.address && address + len as u64 <= end)
                .then(|| (k, (address - b.address) as usize))
        })
    }

    /// Copies `data` in at `address` (host to device).
    pub fn copy_in(&mut self, address: u64, data: &[u8]) -> Result<(), String> {
        let (k, at) = self.find(address, data.len()).ok_or_else(|| {
            format!(
                "copy of {} bytes to {address:#x}: no such buffer",
                data.len()
            )
        })?;
        let b = &mut self.buffers[k];
        b.bytes[at..at + data.len()].copy_from_slice(data);
        for w in at / GRAIN..(at + data.len()).div_ceil(GRAIN) {
            b.defined[w] = true;
        }
        Ok(())
    }

    /// The `len` bytes at `address` (device to host).
    pub fn copy_out(&self, address: u64, len: usize) -> Result<&[u8], String> {
        let (k, at) = self
            .find(address, len)
            .ok_or_else(|| format!("copy of {len} bytes from {address:#x}: no such buffer"))?;
        Ok(&self.buffers[k].bytes[at..at + len])
    }

    fn word(&self, address: u64, width: usize, what: &str) -> Result<(usize, usize), String> {
        if !address.is_multiple_of(width as u64) {
            return Err(format!("{what} at {address:#x}: not aligned"));
        }
        self.find(address, width).ok_or_else(|| {
            format!("{what} at {address:#x}: outside every array's copied footprint")
        })
    }

    /// The `width` bytes at `address`, little-endian, as thread `tid` reads them.
    pub(super) fn load(&self, address: u64, width: usize, tid: i64) -> Result<u64, String> {
        let (k, at) = self.word(address, width, "a load")?;
        let b = &self.buffers[k];
        for w in at / GRAIN..(at + width) / GRAIN {
            if !b.defined[w] {
                return Err(format!(
                    "a load at {address:#x} reads a word never copied in nor written"
                ));
            }
            if b.writer[w] != 0 && b.writer[w] != tid as u64 + 1 {
                return Err(format!(
                    "thread {tid} read a word thread {} wrote (a loop called parallel is not)",
                    b.writer[w] - 1
                ));
            }
        }
        let mut bytes = [0u8; 8];
        bytes[..width].copy_from_slice(&b.bytes[at..at + width]);
        Ok(u64::from_le_bytes(bytes))
    }

    pub(super) fn store(
        &mut self,
        address: u64,
        bits: u64,
        width: usize,
        tid: i64,
    ) -> Result<(), String> {
        let (k, at) = self.word(address, width, "a store")?;
        let b = &mut self.buffers[k];
        b.written = true;
        for w in at / GRAIN..(at + width) / GRAIN {
            if b.writer[w] != 0 && b.writer[w] != tid as u64 + 1 {
                return Err(format!(
                    "threads {} and {tid} wrote one word (a loop called parallel is not)",
                    b.writer[w] - 1
                ));
            }
            b.writer[w] = tid as u64 + 1;
            b.defined[w] = true;
        }
        b.bytes[at..at + width].copy_from_slice(&bits.to_le_bytes()[..width]);
        Ok(())
    }

    pub(super) fn end_launch(&mut self) {
        // Kept copies stay between launches: only what this one wrote is cleared.
        for b in self.buffers.iter_mut().filter(|b| b.written) {
            b.writer.iter_mut().for_each(|w| *w = 0);
            b.written = false;
        }
    }
}
