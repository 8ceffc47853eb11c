"""Prints the expected values of tests.rs from the reference numpy.

Run with `bash tests/ref-python stdlib/src/numpy/random/reference.py` (numpy 2.4.6,
installed by tests/setup) and paste the output over the REFERENCE block of tests.rs.
Each value is something numpy itself computes; none is derived by kiln.
"""
import numpy as np


def u64(a):
    return "[" + ", ".join(f"0x{int(v):016x}" for v in np.asarray(a, dtype=np.uint64)) + "]"


def u32(a):
    return "[" + ", ".join(f"0x{int(v):08x}" for v in np.asarray(a, dtype=np.uint32)) + "]"


def f64(a):
    return "[" + ", ".join(f"0x{int(v):016x}" for v in np.asarray(a, dtype=np.float64).view(np.uint64)) + "]"


def f32(a):
    return "[" + ", ".join(f"0x{int(v):08x}" for v in np.asarray(a, dtype=np.float32).view(np.uint32)) + "]"


def ints(a):
    return "[" + ", ".join(str(int(v)) for v in np.asarray(a).ravel()) + "]"


def checksum(bits):
    """(wrapping sum, xor) of 64-bit patterns: pins a long stream in two numbers."""
    bits = np.asarray(bits).astype(np.uint64)
    return f"(0x{int(bits.sum(dtype=np.uint64)):016x}, 0x{int(np.bitwise_xor.reduce(bits)):016x})"


def const(name, ty, value):
    print(f"const {name}: {ty} = {value};")


# MT19937 raw words: legacy integer seeding, array seeding, SeedSequence seeding.
for seed in (0, 42, 2**32 - 1):
    const(f"MT_SEED_{seed}", "[u32; 5]", u32(np.random.RandomState(seed)._bit_generator.random_raw(5)))
const("MT_KEY_1_2_3", "[u32; 5]", u32(np.random.RandomState([1, 2, 3])._bit_generator.random_raw(5)))
const("MT_SEEDSEQ_0", "[u32; 5]", u32(np.random.MT19937(0).random_raw(5)))
const("MT_SEED_0_WORD_1000", "u32", f"0x{int(np.random.RandomState(0)._bit_generator.random_raw(1001)[-1]):08x}")

# Legacy RandomState draws.
for seed in (0, 1, 12345):
    const(f"LEGACY_SAMPLE_{seed}", "[u64; 10]", f64(np.random.RandomState(seed).random_sample(10)))
for seed in (0, 42):
    const(f"LEGACY_GAUSS_{seed}", "[u64; 11]", f64(np.random.RandomState(seed).standard_normal(11)))
rs = np.random.RandomState(3)
const("LEGACY_GAUSS_3_CHECKSUM", "(u64, u64)", checksum(rs.standard_normal(100_000).view(np.uint64)))
const("LEGACY_NORMAL_7", "[u64; 5]", f64(np.random.RandomState(7).normal(10.0, 0.5, 5)))
const("LEGACY_UNIFORM_7", "[u64; 5]", f64(np.random.RandomState(7).uniform(-1.0, 3.0, 5)))
const("LEGACY_RANDINT_0_10", "[i64; 10]", ints(np.random.RandomState(0).randint(0, 10, 10)))
const("LEGACY_RANDINT_NEG", "[i64; 10]", ints(np.random.RandomState(5).randint(-1000, 1000, 10)))
const("LEGACY_RANDINT_2_32", "[i64; 5]", ints(np.random.RandomState(5).randint(0, 2**32, 5)))
const("LEGACY_RANDINT_2_40", "[i64; 5]", ints(np.random.RandomState(5).randint(0, 2**40, 5)))
const("LEGACY_RANDINT_I8", "[i64; 10]", ints(np.random.RandomState(5).randint(-100, 100, 10, dtype=np.int8)))
const("LEGACY_RANDINT_U16", "[i64; 10]", ints(np.random.RandomState(5).randint(0, 1000, 10, dtype=np.uint16)))
const("LEGACY_RANDINT_BOOL", "[i64; 40]", ints(np.random.RandomState(5).randint(0, 2, 40, dtype=bool)))
const("LEGACY_PERMUTATION_0", "[i64; 10]", ints(np.random.RandomState(0).permutation(10)))

# SeedSequence pools and PCG64.
for name, entropy in (("0", 0), ("12345", 12345), ("2_100", 2**100 + 7), ("LIST", [1, 2, 3])):
    const(f"SEEDSEQ_POOL_{name}", "[u32; 4]", u32(np.random.SeedSequence(entropy).pool))
const("SEEDSEQ_SPAWN", "[u32; 4]", u32(np.random.SeedSequence(5, spawn_key=(1, 2)).pool))
const("SEEDSEQ_0_STATE_U64", "[u64; 4]", u64(np.random.SeedSequence(0).generate_state(4, np.uint64)))
for seed in (0, 42):
    const(f"PCG_RAW_{seed}", "[u64; 5]", u64(np.random.PCG64(seed).random_raw(5)))

# Generator draws.
for seed in (0, 42):
    const(f"GEN_RANDOM_{seed}", "[u64; 10]", f64(np.random.default_rng(seed).random(10)))
    const(f"GEN_NORMAL_{seed}", "[u64; 10]", f64(np.random.default_rng(seed).standard_normal(10)))
const("GEN_RANDOM_F32", "[u32; 5]", f32(np.random.default_rng(1).random(5, dtype=np.float32)))
const("GEN_NORMAL_F32", "[u32; 10]", f32(np.random.default_rng(1).standard_normal(10, dtype=np.float32)))
const("GEN_NORMAL_CHECKSUM", "(u64, u64)", checksum(np.random.default_rng(9).standard_normal(1_000_000).view(np.uint64)))
const("GEN_NORMAL_F32_CHECKSUM", "(u64, u64)", checksum(np.random.default_rng(9).standard_normal(1_000_000, dtype=np.float32).view(np.uint32)))
const("GEN_LOC_SCALE", "[u64; 5]", f64(np.random.default_rng(3).normal(2.0, 3.0, 5)))
const("GEN_UNIFORM", "[u64; 5]", f64(np.random.default_rng(3).uniform(-2.0, 5.0, 5)))
const("GEN_INTEGERS_0_10", "[i64; 10]", ints(np.random.default_rng(0).integers(0, 10, 10)))
const("GEN_INTEGERS_2_40", "[i64; 5]", ints(np.random.default_rng(0).integers(0, 2**40, 5)))
const("GEN_INTEGERS_I8", "[i64; 10]", ints(np.random.default_rng(0).integers(-100, 100, 10, dtype=np.int8)))
const("GEN_INTEGERS_U16_ENDPOINT", "[i64; 10]", ints(np.random.default_rng(0).integers(0, 1000, 10, dtype=np.uint16, endpoint=True)))
const("GEN_INTEGERS_BOOL", "[i64; 40]", ints(np.random.default_rng(0).integers(0, 2, 40, dtype=bool)))
# Scalar draws interleaved: a 32-bit draw leaves half a word cached for the next.
rng = np.random.default_rng(11)
mixed = [int(rng.integers(0, 6)), float(rng.random()), int(rng.integers(0, 6)), int(rng.integers(0, 6)), float(rng.random())]
const("GEN_MIXED_INTS", "[i64; 3]", ints([mixed[0], mixed[2], mixed[3]]))
const("GEN_MIXED_FLOATS", "[u64; 2]", f64([mixed[1], mixed[4]]))
