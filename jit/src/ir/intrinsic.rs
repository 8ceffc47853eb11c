//! The functions compiled code knows by name: Python's `math` module, a few builtins,
//! numpy's math functions on numbers, and the intrinsics the passes make (checks,
//! floating-point flags, scratch memory, complex parts).

use super::Var;
use kiln_numeric::{NumpySign, NumpyUnary};

/// A function the compiled code knows: the `math` functions and a few builtins.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    Math(MathFn),
    Abs,
    Min,
    Max,
    Int,
    Float,
    Bool,
    Round,
    /// `xs.append(v)` of a list (`crate::lists`): `v` boxed as the interpreter boxes it
    /// (a Python float or int, an `np.float64`), put at the end of the list; `True`.
    /// A statement of its own, whose effect comes last: nothing can fail after it.
    ListAppend,
    /// `rowlen(A, i)`, made by [`crate::rows`]: the length of the row `A[i]` of the
    /// list of rows `A` (Python's index); hands the statement back where `i` is out of
    /// range or the item is no list.
    RowLen,
    /// `rowlist(A, i)`, made by [`crate::rows`] before a loop over a row: points the
    /// list variable at the row `A[i]` (the list object itself) so the loop runs over
    /// it as over any list; `True`.
    RowList(Var),
    /// `itemindex(i, n)`, made by [`crate::objects`] for `p = ps[i]`: `i` as the
    /// position it names in a list of `n` items (from the end where negative); hands
    /// the statement back where it names none (the interpreter raises `IndexError`).
    ItemIndex,
    /// `a is b` of two names: made a comparison of indices by [`crate::objects`] for
    /// two objects of one list; of anything else it stays interpreted.
    Is,
    /// `random.random()` of the generator the VM set for this run (`runtime`): the
    /// next float of the interpreter's own sequence. Only as a statement's value
    /// (`x = random.random()`, or arithmetic of it with constants: `crate::draws`),
    /// so that nothing fails after the draw and no hand-back draws again.
    Random,
    /// `randint(a, b)` of two ints: `a` plus an int in `[0, b - a + 1)` drawn from the
    /// same generator as the standard library's `_randbelow` draws it; a draw like
    /// `Random`, which hands back before it draws where `b < a` (the interpreter
    /// raises `ValueError`).
    RandInt,
    /// `uniform(a, b)` of two Python numbers: `a + (b - a) * random()`, the standard
    /// library's method (`b - a` before the draw); a draw like `Random`.
    Uniform,
    /// `gauss(mu, sigma)` of two Python numbers: `mu + z * sigma` with the standard
    /// library's `z`, from the same generator and its `gauss_next`; a draw like
    /// `Random`.
    Gauss,
    /// `check(cond)`, made by [`crate::scalarise`]: hands the statement to the
    /// interpreter unless `cond` holds (a broadcast or an index numpy refuses); `True`.
    Check,
    /// `clear_fp_flags()`, made by [`crate::scalarise`] before an array statement
    /// (or a fused run of them): clears the CPU's divide, overflow and invalid flags,
    /// which then check its numpy operations in place of a test of each value; `True`.
    ClearFpFlags,
    /// `check_fp_flags()`, made by [`crate::scalarise`] before the statement's first
    /// store that a hand-back could not undo: hands the statement to the interpreter
    /// (which gives numpy's warnings or errors) if an operation since
    /// [`Intrinsic::ClearFpFlags`] raised divide, overflow or invalid; `True`.
    CheckFpFlags,
    /// `fp_raised()`: whether divide, overflow or invalid was raised since
    /// [`Intrinsic::ClearFpFlags`] (for a branch, not a hand-back).
    FpRaised,
    /// `note_fp(op)`: notes for the VM the flags numpy operation `op` of the nest
    /// raised since [`Intrinsic::ClearFpFlags`] (`runtime::take_fp_notes`); `True`.
    NoteFp(u32),
    /// `scratch(len...)`, made by [`crate::scalarise`]: points the temporary array
    /// variable at a C-contiguous buffer of that shape that compiled code owns (numpy's
    /// temporary for a statement that reads what it overwrites); `True`.
    Scratch(Var),
    /// `np.float64(x)`, `np.float32(x)`, `np.int32(x)`, ... of a number: that numpy
    /// scalar type's value, converted as numpy converts (a float to an integer type
    /// truncates); a value the type cannot hold exactly where numpy would warn or
    /// raise hands the statement to the interpreter.
    NpScalar(crate::types::Dtype),
    /// numpy's `maximum`/`minimum`: a NaN operand wins (the first one), equal values
    /// give the second.
    Maximum,
    Minimum,
    /// `x.copy()` / `np.copy(x)` of an array: a new array of the same values, which
    /// [`crate::scalarise`] makes in compiled code's own memory.
    Copy,
    /// A numpy math ufunc of one float (`np.sqrt`, `np.exp`, ...): a numpy float
    /// result, computed by the same Rust function the interpreter's numpy calls.
    Ufunc(Ufunc),
    /// `np.where(cond, a, b)` as written; [`crate::scalarise`] makes that of arrays a
    /// [`Intrinsic::Select`] per element (of numbers it is a 0-d array: interpreted).
    Where,
    /// `np.where` at one element: both values are computed (numpy computes both arrays,
    /// and warns for either), then the one `cond` picks is taken.
    Select,
    /// `complex(re)`, `complex(re, im)` of real numbers, and imaginary literals (`2j` is
    /// `complex(0.0, 2.0)`): a Python complex.
    Complex,
    /// `x.real`, `x.imag` of a number: a complex number's part, or a real number itself
    /// and its zero.
    Real,
    Imag,
    /// `x.conjugate()`: the number of the same type with its imaginary part negated.
    Conjugate,
    /// `np.conj(x)` / `np.conjugate(x)`: numpy's, so a Python complex gives a complex128.
    NpConj,
    /// `hypot(x, y)` as Rust's `f64::hypot` computes it (the interpreter's `abs` of a
    /// complex), of the type of `x`; made by [`crate::complex`], which hands an
    /// infinite result to the interpreter (Python raises OverflowError for one).
    Hypot,
    /// `is_numpy(x)`: whether `x` (of a mixed type) holds the numpy twin now; made by
    /// [`crate::complex`] where a Python complex and a complex128 compute differently.
    IsNumpy,
    /// `axes(x.shape[0])`, the first value of `a, b = x.shape`: `x.shape[0]`, where `x`
    /// has exactly this many axes (typing refuses another number: Python raises
    /// ValueError unpacking it).
    Axes(u8),
    /// `np.zeros(shape)`, `np.ones_like(a)`, ... with `dtype=` where given: a new
    /// array, which [`crate::scalarise`] makes in compiled code's own memory (see
    /// [`NewArray`] for the arguments).
    NewArray(NewArray),
    /// `gemm(c, a, b)`, made by [`crate::scalarise`] for `a @ b` where one is a matrix:
    /// the product into `c`, compiled code's own memory of the product's shape, by the
    /// interpreter's matrix product (`a` a vector: `1 x k`; `b` a vector: `k x 1`);
    /// `True`.
    Gemm,
    /// `contiguous(a)`: whether the 2-d array `a`'s elements lie in C order one after
    /// the other (its total is then one pairwise sum over them, as numpy adds it).
    Contiguous(Var),
    /// `zeroed(t)`: every byte of the array `t`, compiled code's own C-contiguous
    /// memory, set to zero (`np.zeros`: 0, 0.0 and False are all zero bits); `True`.
    Zeroed(Var),
    /// `np.isnan(x)`, `np.isinf(x)`, `np.isfinite(x)`, `np.signbit(x)` of a real
    /// number: an `np.bool_` (of an integer: no NaN, no infinity, its sign).
    NpTest(NpTest),
    /// `np.arctan2(y, x)`, `np.hypot(x, y)` of real numbers other than float32: an
    /// `np.float64`, computed by the Rust function the interpreter's numpy calls (which
    /// raises no floating-point condition for either).
    BinaryUfunc(BinaryUfunc),
}

/// numpy's two-argument math functions compiled code calls ([`Intrinsic::BinaryUfunc`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinaryUfunc {
    Arctan2,
    Hypot,
}

impl BinaryUfunc {
    pub const ALL: &[BinaryUfunc] = &[BinaryUfunc::Arctan2, BinaryUfunc::Hypot];

    pub fn from_name(name: &str) -> Option<BinaryUfunc> {
        Some(match name {
            "arctan2" => BinaryUfunc::Arctan2,
            "hypot" => BinaryUfunc::Hypot,
            _ => return None,
        })
    }

    /// The function, as the jit report names it.
    pub fn name(self) -> &'static str {
        match self {
            BinaryUfunc::Arctan2 => "np.arctan2",
            BinaryUfunc::Hypot => "np.hypot",
        }
    }

    pub fn apply(self, x: f64, y: f64) -> f64 {
        match self {
            BinaryUfunc::Arctan2 => x.atan2(y),
            BinaryUfunc::Hypot => x.hypot(y),
        }
    }
}

/// numpy's tests of one real number ([`Intrinsic::NpTest`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NpTest {
    IsNan,
    IsInf,
    IsFinite,
    Signbit,
}

impl NpTest {
    pub fn from_name(name: &str) -> Option<NpTest> {
        Some(match name {
            "isnan" => NpTest::IsNan,
            "isinf" => NpTest::IsInf,
            "isfinite" => NpTest::IsFinite,
            "signbit" => NpTest::Signbit,
            _ => return None,
        })
    }

    /// The function, as the jit report names it.
    pub fn name(self) -> &'static str {
        match self {
            NpTest::IsNan => "np.isnan",
            NpTest::IsInf => "np.isinf",
            NpTest::IsFinite => "np.isfinite",
            NpTest::Signbit => "np.signbit",
        }
    }
}

/// What a new array of [`Intrinsic::NewArray`] holds, and where its shape comes from.
/// Its arguments: the lengths of its axes (`np.zeros((n, m))`), or, `like`, the one
/// array (or view) whose shape it takes (`np.zeros_like(a)`, `np.zeros(a.shape)`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NewArray {
    /// `np.empty` and `np.empty_like` are kiln's zeros.
    pub ones: bool,
    pub like: bool,
    /// The `dtype=` given (or float64 where numpy defaults to it without `like`).
    pub dtype: Option<crate::types::Dtype>,
}

impl NewArray {
    /// The numpy function, as the jit report names it.
    pub fn name(self) -> &'static str {
        match (self.ones, self.like) {
            (false, false) => "np.zeros",
            (false, true) => "np.zeros_like",
            (true, false) => "np.ones",
            (true, true) => "np.ones_like",
        }
    }
}

macro_rules! ufuncs {
    ($($variant:ident => $name:literal, $method:ident;)*) => {
        /// The numpy math functions of one float compiled code calls.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Ufunc { $($variant),* }

        impl Ufunc {
            pub const ALL: &[Ufunc] = &[$(Ufunc::$variant),*];

            /// The function's name in numpy.
            pub fn name(self) -> &'static str {
                match self { $(Ufunc::$variant => $name),* }
            }

            pub fn from_name(name: &str) -> Option<Ufunc> {
                match name { $($name => Some(Ufunc::$variant),)* _ => None }
            }

            pub fn apply_f64(self, x: f64) -> f64 {
                match self { $(Ufunc::$variant => x.$method()),* }
            }

            pub fn apply_f32(self, x: f32) -> f32 {
                match self { $(Ufunc::$variant => x.$method()),* }
            }
        }
    };
}

// The methods are those stdlib/src/numpy/multiarray/unary.rs applies.
ufuncs! {
    Sqrt => "sqrt", sqrt;
    Exp => "exp", exp;
    Expm1 => "expm1", exp_m1;
    Log => "log", ln;
    Log2 => "log2", log2;
    Log10 => "log10", log10;
    Log1p => "log1p", ln_1p;
    Sin => "sin", sin;
    Cos => "cos", cos;
    Tan => "tan", tan;
    Arcsin => "arcsin", asin;
    Arccos => "arccos", acos;
    Arctan => "arctan", atan;
    Sinh => "sinh", sinh;
    Cosh => "cosh", cosh;
    Tanh => "tanh", tanh;
    Absolute => "absolute", abs;
    Fabs => "fabs", abs;
    Sign => "sign", numpy_sign;
    Cbrt => "cbrt", cbrt;
    Exp2 => "exp2", exp2;
    Arcsinh => "arcsinh", asinh;
    Arccosh => "arccosh", acosh;
    Arctanh => "arctanh", atanh;
    Floor => "floor", floor;
    Ceil => "ceil", ceil;
    Trunc => "trunc", trunc;
    Rint => "rint", numpy_rint;
    Deg2rad => "deg2rad", numpy_deg2rad;
    Rad2deg => "rad2deg", numpy_rad2deg;
    Square => "square", numpy_square;
}

impl Ufunc {
    /// numpy keeps an integer argument's type for these (`np.floor(3)` is an int64):
    /// compiled only for floats.
    pub fn keeps_integers(self) -> bool {
        matches!(
            self,
            Ufunc::Sign
                | Ufunc::Absolute
                | Ufunc::Floor
                | Ufunc::Ceil
                | Ufunc::Trunc
                | Ufunc::Square
        )
    }
}

macro_rules! math_functions {
    ($($variant:ident => $name:literal, $arity:literal;)*) => {
        /// The functions of Python's `math` module that compiled code calls.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum MathFn { $($variant),* }

        impl MathFn {
            pub const ALL: &[MathFn] = &[$(MathFn::$variant),*];

            /// The attribute name in `math`.
            pub fn name(self) -> &'static str {
                match self { $(MathFn::$variant => $name),* }
            }

            pub fn arity(self) -> usize {
                match self { $(MathFn::$variant => $arity),* }
            }

            pub fn from_name(name: &str) -> Option<MathFn> {
                match name { $($name => Some(MathFn::$variant),)* _ => None }
            }
        }
    };
}

math_functions! {
    Sqrt => "sqrt", 1;
    Exp => "exp", 1;
    Log => "log", 1;
    Log10 => "log10", 1;
    Log2 => "log2", 1;
    Pow => "pow", 2;
    Sin => "sin", 1;
    Cos => "cos", 1;
    Tan => "tan", 1;
    Asin => "asin", 1;
    Acos => "acos", 1;
    Atan => "atan", 1;
    Atan2 => "atan2", 2;
    Sinh => "sinh", 1;
    Cosh => "cosh", 1;
    Tanh => "tanh", 1;
    Floor => "floor", 1;
    Ceil => "ceil", 1;
    Fabs => "fabs", 1;
    Erf => "erf", 1;
    Erfc => "erfc", 1;
    Log1p => "log1p", 1;
    Expm1 => "expm1", 1;
    Hypot => "hypot", 2;
    Isnan => "isnan", 1;
    Isinf => "isinf", 1;
    Copysign => "copysign", 2;
}

impl Intrinsic {
    /// How the report names the function (`abs`, `.real`, `np.conj`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Intrinsic::Math(f) => f.name(),
            Intrinsic::Ufunc(u) => u.name(),
            Intrinsic::NpScalar(d) => d.name(),
            Intrinsic::Abs => "abs",
            Intrinsic::Min => "min",
            Intrinsic::Max => "max",
            Intrinsic::Int => "int",
            Intrinsic::Float => "float",
            Intrinsic::Bool => "bool",
            Intrinsic::Round => "round",
            Intrinsic::Complex => "complex",
            Intrinsic::Real => ".real",
            Intrinsic::Imag => ".imag",
            Intrinsic::Conjugate => ".conjugate",
            Intrinsic::NpConj => "np.conj",
            Intrinsic::Hypot => "hypot",
            Intrinsic::NpTest(t) => t.name(),
            Intrinsic::BinaryUfunc(u) => u.name(),
            Intrinsic::IsNumpy => "is_numpy",
            Intrinsic::Axes(_) => "axes",
            Intrinsic::Maximum => "np.maximum",
            Intrinsic::Minimum => "np.minimum",
            Intrinsic::Copy => "copy",
            Intrinsic::Where => "np.where",
            Intrinsic::Select => "select",
            Intrinsic::Check => "check",
            Intrinsic::ListAppend => "append",
            Intrinsic::Random => "random.random",
            Intrinsic::RandInt => "randint",
            Intrinsic::Uniform => "uniform",
            Intrinsic::Gauss => "gauss",
            Intrinsic::RowLen => "rowlen",
            Intrinsic::RowList(_) => "rowlist",
            Intrinsic::ItemIndex => "itemindex",
            Intrinsic::Is => "is",
            Intrinsic::ClearFpFlags => "clear_fp_flags",
            Intrinsic::CheckFpFlags => "check_fp_flags",
            Intrinsic::FpRaised => "fp_raised",
            Intrinsic::NoteFp(_) => "note_fp",
            Intrinsic::Scratch(_) => "scratch",
            Intrinsic::NewArray(n) => n.name(),
            Intrinsic::Gemm => "gemm",
            Intrinsic::Contiguous(_) => "contiguous",
            Intrinsic::Zeroed(_) => "zeroed",
        }
    }

    /// The builtin of this name, as the lowering sees it in a call.
    pub fn builtin(name: &str) -> Option<Intrinsic> {
        Some(match name {
            "abs" => Intrinsic::Abs,
            "min" => Intrinsic::Min,
            "max" => Intrinsic::Max,
            "int" => Intrinsic::Int,
            "float" => Intrinsic::Float,
            "bool" => Intrinsic::Bool,
            "round" => Intrinsic::Round,
            "complex" => Intrinsic::Complex,
            _ => return None,
        })
    }
}
