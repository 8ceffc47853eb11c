//! The types compiled code specialises on, and numpy's promotion rules between them.
//!
//! A scalar is either a Python builtin (`bool`, `int`, `float`) or a numpy scalar of a
//! dtype (`np.float64`, `np.int32`, ...): numerically a Python float and an
//! `np.float64` are the same double, but they promote differently (NEP 50: Python
//! scalars are "weak") and the interpreter must get back the kind it would have made.
//! A variable that holds a Python float on one path and an `np.float64` on another (the
//! accumulator `s = 0.0; s += a[i]`) is [`ScalarTy::mixed`]: the machine value is the
//! same and a run-time flag says which of the two it is. Only the pairs whose
//! arithmetic is identical can mix: `int`/`int64`, `float`/`float64`, `bool`/`bool_`.

/// numpy dtypes compiled code can read and write.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dtype {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F32,
    F64,
    /// complex128: compiled code holds its real and imaginary parts as two float64s
    /// (`crate::complex`), and an array of it as a float64 array with a last axis of 2.
    C128,
}

impl Dtype {
    pub const ALL: [Dtype; 12] = [
        Dtype::Bool,
        Dtype::I8,
        Dtype::I16,
        Dtype::I32,
        Dtype::I64,
        Dtype::U8,
        Dtype::U16,
        Dtype::U32,
        Dtype::U64,
        Dtype::F32,
        Dtype::F64,
        Dtype::C128,
    ];

    pub fn size(self) -> u32 {
        match self {
            Dtype::Bool | Dtype::I8 | Dtype::U8 => 1,
            Dtype::I16 | Dtype::U16 => 2,
            Dtype::I32 | Dtype::U32 | Dtype::F32 => 4,
            Dtype::I64 | Dtype::U64 | Dtype::F64 => 8,
            Dtype::C128 => 16,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Dtype::F32 | Dtype::F64)
    }

    pub fn is_signed(self) -> bool {
        matches!(self, Dtype::I8 | Dtype::I16 | Dtype::I32 | Dtype::I64)
    }

    pub fn is_unsigned(self) -> bool {
        matches!(self, Dtype::U8 | Dtype::U16 | Dtype::U32 | Dtype::U64)
    }

    pub fn is_int(self) -> bool {
        self.is_signed() || self.is_unsigned()
    }

    /// The range of an integer dtype (u64's upper half is beyond compiled ints).
    pub fn int_range(self) -> (i64, i64) {
        match self {
            Dtype::Bool => (0, 1),
            Dtype::I8 => (i8::MIN as i64, i8::MAX as i64),
            Dtype::I16 => (i16::MIN as i64, i16::MAX as i64),
            Dtype::I32 => (i32::MIN as i64, i32::MAX as i64),
            Dtype::I64 => (i64::MIN, i64::MAX),
            Dtype::U8 => (0, u8::MAX as i64),
            Dtype::U16 => (0, u16::MAX as i64),
            Dtype::U32 => (0, u32::MAX as i64),
            Dtype::U64 => (0, i64::MAX),
            Dtype::F32 | Dtype::F64 | Dtype::C128 => {
                unreachable!("float dtypes have no integer range")
            }
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Dtype::Bool => "bool",
            Dtype::I8 => "int8",
            Dtype::I16 => "int16",
            Dtype::I32 => "int32",
            Dtype::I64 => "int64",
            Dtype::U8 => "uint8",
            Dtype::U16 => "uint16",
            Dtype::U32 => "uint32",
            Dtype::U64 => "uint64",
            Dtype::F32 => "float32",
            Dtype::F64 => "float64",
            Dtype::C128 => "complex128",
        }
    }

    /// The dtype whose scalar type `np.<name>` is, for the types compiled code
    /// converts numbers to (`np.float64(x)`, `np.int32(x)`).
    pub fn scalar_type(name: &str) -> Option<Dtype> {
        Some(match name {
            "float64" | "double" => Dtype::F64,
            "float32" | "single" => Dtype::F32,
            "int64" => Dtype::I64,
            "int32" => Dtype::I32,
            "int16" => Dtype::I16,
            "int8" => Dtype::I8,
            _ => return None,
        })
    }

    /// numpy's promotion of two dtypes (`np.promote_types`).
    pub fn promote(a: Dtype, b: Dtype) -> Dtype {
        use Dtype::*;
        if a == b {
            return a;
        }
        match (a, b) {
            (C128, _) | (_, C128) => C128,
            (Bool, x) | (x, Bool) => x,
            (F64, _) | (_, F64) => F64,
            (F32, x) | (x, F32) => {
                if x.size() <= 2 {
                    F32
                } else {
                    F64
                }
            }
            _ if a.is_signed() == b.is_signed() => {
                if a.size() >= b.size() {
                    a
                } else {
                    b
                }
            }
            _ => {
                let (s, u) = if a.is_signed() { (a, b) } else { (b, a) };
                if s.size() > u.size() {
                    s
                } else {
                    match u.size() {
                        1 => I16,
                        2 => I32,
                        4 => I64,
                        _ => F64,
                    }
                }
            }
        }
    }
}

/// A scalar's Python type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    Bool,
    Int,
    Float,
    /// A Python complex (held as two doubles, see `crate::complex`).
    Complex,
    /// A numpy scalar of this dtype.
    Np(Dtype),
}

/// How a scalar's value is held in compiled code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Machine {
    /// 64-bit integer (bools are 0 and 1).
    I64,
    F64,
    F32,
}

impl Scalar {
    /// (Complex numbers never reach machine code: `crate::complex` splits them into
    /// their parts first.)
    pub fn machine(self) -> Machine {
        match self {
            Scalar::Float | Scalar::Np(Dtype::F64) => Machine::F64,
            Scalar::Complex | Scalar::Np(Dtype::C128) => Machine::F64,
            Scalar::Np(Dtype::F32) => Machine::F32,
            _ => Machine::I64,
        }
    }

    pub fn is_numpy(self) -> bool {
        matches!(self, Scalar::Np(_))
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::Float | Scalar::Np(Dtype::F32 | Dtype::F64))
    }

    /// A Python complex or a numpy complex128.
    pub fn is_complex(self) -> bool {
        matches!(self, Scalar::Complex | Scalar::Np(Dtype::C128))
    }

    pub fn is_bool(self) -> bool {
        matches!(self, Scalar::Bool | Scalar::Np(Dtype::Bool))
    }

    /// Integers, including Python bools (which compute as ints).
    pub fn is_integer(self) -> bool {
        match self {
            Scalar::Bool | Scalar::Int => true,
            Scalar::Np(d) => d.is_int(),
            Scalar::Float | Scalar::Complex => false,
        }
    }

    /// The numpy counterpart of a Python scalar type, which it may mix with.
    pub fn numpy_twin(self) -> Option<Scalar> {
        match self {
            Scalar::Bool => Some(Scalar::Np(Dtype::Bool)),
            Scalar::Int => Some(Scalar::Np(Dtype::I64)),
            Scalar::Float => Some(Scalar::Np(Dtype::F64)),
            Scalar::Complex => Some(Scalar::Np(Dtype::C128)),
            Scalar::Np(_) => None,
        }
    }

    /// The Python counterpart of a numpy scalar type.
    pub fn python_twin(self) -> Option<Scalar> {
        match self {
            Scalar::Np(Dtype::Bool) => Some(Scalar::Bool),
            Scalar::Np(Dtype::I64) => Some(Scalar::Int),
            // float32 mixes with a Python float too (`e = 0.0; e += f32`): a double holds
            // both exactly, so the variable is kept as one (see `ScalarTy::machine`).
            Scalar::Np(Dtype::F64 | Dtype::F32) => Some(Scalar::Float),
            Scalar::Np(Dtype::C128) => Some(Scalar::Complex),
            _ => None,
        }
    }

    /// The code written into the frame for this type (see [`crate::frame`]).
    pub fn code(self) -> u64 {
        match self {
            Scalar::Bool => 1,
            Scalar::Int => 2,
            Scalar::Float => 3,
            Scalar::Complex => 4,
            Scalar::Np(d) => 16 + Dtype::ALL.iter().position(|x| *x == d).unwrap() as u64,
        }
    }

    pub fn from_code(code: u64) -> Option<Scalar> {
        match code {
            1 => Some(Scalar::Bool),
            2 => Some(Scalar::Int),
            3 => Some(Scalar::Float),
            4 => Some(Scalar::Complex),
            c if c >= 16 => Dtype::ALL.get((c - 16) as usize).map(|d| Scalar::Np(*d)),
            _ => None,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Scalar::Bool => "bool".into(),
            Scalar::Int => "int".into(),
            Scalar::Float => "float".into(),
            Scalar::Complex => "complex".into(),
            Scalar::Np(d) => format!("numpy.{}", if d == Dtype::Bool { "bool" } else { d.name() }),
        }
    }
}

/// The result type of an arithmetic operation `a op b` (`+ - * // % **` and friends),
/// by Python's rules between Python scalars and numpy's (NEP 50) when a numpy scalar
/// takes part. `None` when compiled code does not do this operation (numpy bool
/// arithmetic, uint64).
///
/// kiln's numpy integer scalars are Python `int` subclasses, but the interpreter makes
/// `float op np.int32` and `bool op np.int32` give numpy's result (a numpy scalar), as
/// here (kiln-stdlib's `numpy/python/defer.rs`).
pub fn arithmetic(a: Scalar, b: Scalar) -> Option<Scalar> {
    use Scalar::*;
    if a.is_complex() || b.is_complex() {
        return complex_arithmetic(a, b);
    }
    Some(match (a, b) {
        (Np(Dtype::U64), _) | (_, Np(Dtype::U64)) => return None,
        // numpy's bool arithmetic (`+` is `or`, `-` raises) stays interpreted.
        (Np(Dtype::Bool), Np(Dtype::Bool) | Bool) | (Bool, Np(Dtype::Bool)) => return None,
        (Bool | Int, Bool | Int) => Int,
        (Float, Bool | Int | Float) | (Bool | Int, Float) => Float,
        (Np(x), Np(y)) => Np(Dtype::promote(x, y)),
        (Np(d), weak) | (weak, Np(d)) => Np(weak_with(weak, d)),
        (Complex, _) | (_, Complex) => unreachable!("handled by complex_arithmetic"),
    })
}

/// [`arithmetic`] where a complex number takes part, as kiln's interpreter has it: a
/// Python complex stays one with Python numbers and with an `np.float64` on its right
/// (a `float` subclass, which `complex`'s own operator takes first); any other meeting
/// with numpy gives a complex128. float32 and numpy bools with complex numbers stay
/// interpreted (numpy would give complex64 / refuse some operators).
fn complex_arithmetic(a: Scalar, b: Scalar) -> Option<Scalar> {
    use Scalar::*;
    let unsupported = |t: Scalar| matches!(t, Np(Dtype::F32 | Dtype::Bool | Dtype::U64));
    if unsupported(a) || unsupported(b) {
        return None;
    }
    Some(match (a, b) {
        (Complex, Complex | Float | Int | Bool | Np(Dtype::F64))
        | (Float | Int | Bool, Complex) => Complex,
        _ => Np(Dtype::C128),
    })
}

/// The dtype a Python scalar meeting a numpy scalar of `d` gives (NEP 50).
fn weak_with(weak: Scalar, d: Dtype) -> Dtype {
    match weak {
        Scalar::Float if !d.is_float() => Dtype::F64,
        Scalar::Int | Scalar::Bool if d == Dtype::Bool => Dtype::I64,
        _ => d,
    }
}

/// The result type of `/`.
pub fn true_divide(a: Scalar, b: Scalar) -> Option<Scalar> {
    let t = arithmetic(a, b)?;
    Some(match t {
        Scalar::Int => Scalar::Float,
        Scalar::Np(d) if !d.is_float() && d != Dtype::C128 => Scalar::Np(Dtype::F64),
        t => t,
    })
}

/// The type comparisons between `a` and `b` give: a numpy bool when either is a
/// numpy scalar.
pub fn comparison(a: Scalar, b: Scalar) -> Scalar {
    if a.is_numpy() || b.is_numpy() {
        Scalar::Np(Dtype::Bool)
    } else {
        Scalar::Bool
    }
}

/// The static type of a scalar value: one type, or a Python type and its numpy twin
/// told apart by a run-time flag (`mixed`, with `ty` the numpy one).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScalarTy {
    pub ty: Scalar,
    pub mixed: bool,
}

impl ScalarTy {
    pub fn exact(ty: Scalar) -> Self {
        ScalarTy { ty, mixed: false }
    }

    /// The types a value of this static type can have at run time.
    pub fn variants(self) -> Vec<Scalar> {
        if self.mixed {
            vec![
                self.ty.python_twin().expect("mixed types have a twin"),
                self.ty,
            ]
        } else {
            vec![self.ty]
        }
    }

    /// How the value is held: a float32 that may be a Python float is kept as a double
    /// (exact for both); everything else as its type says.
    pub fn machine(self) -> Machine {
        if self.mixed && self.ty == Scalar::Np(Dtype::F32) {
            Machine::F64
        } else {
            self.ty.machine()
        }
    }

    /// A float32-or-float: its arithmetic differs between the two, so it can only be
    /// stored, compared, selected or passed on, never computed with as itself.
    pub fn is_wide_float32(self) -> bool {
        self.mixed && self.ty == Scalar::Np(Dtype::F32)
    }

    /// The least type holding both, if any.
    pub fn join(self, other: ScalarTy) -> Option<ScalarTy> {
        if self == other {
            return Some(self);
        }
        let mut all = self.variants();
        all.extend(other.variants());
        Self::from_variants(&all)
    }

    /// The static type of a set of possible types.
    pub fn from_variants(all: &[Scalar]) -> Option<ScalarTy> {
        let first = *all.first()?;
        if all.iter().all(|t| *t == first) {
            return Some(ScalarTy::exact(first));
        }
        let mut numpys = all.iter().filter(|t| t.is_numpy());
        let numpy = *numpys.next()?;
        let python = numpy.python_twin()?;
        all.iter()
            .all(|t| *t == numpy || *t == python)
            .then_some(ScalarTy {
                ty: numpy,
                mixed: true,
            })
    }

    pub fn describe(self) -> String {
        if self.mixed {
            format!(
                "{} or {}",
                self.ty.python_twin().unwrap().describe(),
                self.ty.describe()
            )
        } else {
            self.ty.describe()
        }
    }
}

/// What the compiled code knows of an array: its dtype and number of axes, and the
/// layout class its strides were seen with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArrayTy {
    pub dtype: Dtype,
    pub ndim: u32,
    /// The last axis steps by one element (C-contiguous rows): its stride is folded
    /// into the code as a constant.
    pub unit_inner: bool,
    /// No other array variable of the nest shares its buffer: if the nest never stores
    /// to it, its elements do not change while the nest runs.
    pub own_buffer: bool,
    /// A list of numbers, read item by item through the VM's helpers (its data is the
    /// list object): its items, its length and iteration over it are all of it that
    /// compiles ([`crate::lists`]).
    pub list: Option<Elements>,
    /// A list of Python numbers (or of rows of them, all of one length) that the nest
    /// only reads, copied by the VM on entry into a buffer of the dtype (`list` is
    /// `None`): its elements are read as Python's floats, ints or bools, in place
    /// ([`crate::list_copies`]).
    pub copied: bool,
}

/// What the numbers of a list are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Elements {
    /// Python floats, Python ints (that fit in 64 bits) or Python bools.
    Python,
    /// numpy scalars of the array's dtype (`np.float64`, `np.int64`).
    Numpy,
    /// Python floats, ints or bools: one attribute of each object of a list, whose
    /// descriptor holds the addresses of the values ([`crate::objects`]).
    Attribute,
}

/// The kind of number a list's items are read as: what compiled code types them
/// as, and which of the VM's helpers read, store and check them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ListItems {
    Float,
    Bool,
    Int,
    NpFloat64,
    NpInt64,
}

/// The Python number an element of a copied list ([`ArrayTy::copied`]) of `dtype` is
/// read as.
pub fn copied_item(dtype: Dtype) -> Scalar {
    match dtype {
        Dtype::F64 => Scalar::Float,
        Dtype::Bool => Scalar::Bool,
        _ => Scalar::Int,
    }
}

impl ListItems {
    /// Of a list's type; `None` for an array.
    pub fn of(a: &ArrayTy) -> Option<ListItems> {
        Some(ListItems::new(a.list?, a.dtype))
    }

    /// Of a list's elements and dtype.
    pub fn new(elements: Elements, dtype: Dtype) -> ListItems {
        match (elements, dtype) {
            (Elements::Python | Elements::Attribute, Dtype::F64) => ListItems::Float,
            (Elements::Python | Elements::Attribute, Dtype::Bool) => ListItems::Bool,
            (Elements::Python | Elements::Attribute, _) => ListItems::Int,
            (Elements::Numpy, Dtype::F64) => ListItems::NpFloat64,
            (Elements::Numpy, _) => ListItems::NpInt64,
        }
    }

    /// The scalar type an item is read as.
    pub fn scalar(self) -> Scalar {
        match self {
            ListItems::Float => Scalar::Float,
            ListItems::Bool => Scalar::Bool,
            ListItems::Int => Scalar::Int,
            ListItems::NpFloat64 => Scalar::Np(Dtype::F64),
            ListItems::NpInt64 => Scalar::Np(Dtype::I64),
        }
    }
}

/// The type of a variable on entry to compiled code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// Not bound (a name the loop assigns first).
    Unbound,
    Scalar(Scalar),
    Array(ArrayTy),
    /// Some other object (a list, a module...): compiled code cannot use it.
    Other(String),
}

impl Ty {
    pub fn describe(&self) -> String {
        match self {
            Ty::Unbound => "unbound".into(),
            Ty::Scalar(s) => s.describe(),
            Ty::Array(a) => match a.list {
                Some(Elements::Attribute) => format!(
                    "{} attribute of a list's objects",
                    ListItems::new(Elements::Attribute, a.dtype)
                        .scalar()
                        .describe()
                ),
                Some(elements) => {
                    let number = match (elements, a.dtype) {
                        (Elements::Python, Dtype::F64) => "float",
                        (Elements::Python, Dtype::Bool) => "bool",
                        (Elements::Python, _) => "int",
                        (Elements::Numpy, d) => d.name(),
                        (Elements::Attribute, _) => unreachable!("described above"),
                    };
                    let rows = if a.ndim == 2 { "lists of " } else { "" };
                    format!("list of {rows}{number}")
                }
                None if a.copied => {
                    let number = match a.dtype {
                        Dtype::F64 => "float",
                        Dtype::Bool => "bool",
                        _ => "int",
                    };
                    let rows = if a.ndim == 2 { "lists of " } else { "" };
                    format!("list of {rows}{number}, copied on entry")
                }
                None => format!(
                    "{}-d {} array{}",
                    a.ndim,
                    a.dtype.name(),
                    if a.unit_inner { "" } else { " (strided rows)" }
                ),
            },
            Ty::Other(name) => name.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_follows_numpy() {
        use Dtype::*;
        assert_eq!(Dtype::promote(U8, I8), I16);
        assert_eq!(Dtype::promote(U32, I32), I64);
        assert_eq!(Dtype::promote(U64, I64), F64);
        assert_eq!(Dtype::promote(I16, F32), F32);
        assert_eq!(Dtype::promote(I32, F32), F64);
        assert_eq!(Dtype::promote(Bool, U16), U16);
        assert_eq!(Dtype::promote(I8, I64), I64);
    }

    #[test]
    fn python_scalars_are_weak() {
        let f32 = Scalar::Np(Dtype::F32);
        assert_eq!(arithmetic(f32, Scalar::Float), Some(f32));
        assert_eq!(
            arithmetic(Scalar::Np(Dtype::I8), Scalar::Int),
            Some(Scalar::Np(Dtype::I8))
        );
        assert_eq!(
            arithmetic(Scalar::Np(Dtype::I8), Scalar::Float),
            Some(Scalar::Np(Dtype::F64))
        );
        assert_eq!(arithmetic(Scalar::Bool, Scalar::Bool), Some(Scalar::Int));
        assert_eq!(true_divide(Scalar::Int, Scalar::Int), Some(Scalar::Float));
    }

    #[test]
    fn complex_results_follow_the_interpreter() {
        use Scalar::*;
        let c128 = Np(Dtype::C128);
        assert_eq!(arithmetic(Complex, Float), Some(Complex));
        assert_eq!(arithmetic(Complex, Np(Dtype::F64)), Some(Complex));
        assert_eq!(arithmetic(Np(Dtype::F64), Complex), Some(c128));
        assert_eq!(arithmetic(Complex, Np(Dtype::I64)), Some(c128));
        assert_eq!(arithmetic(Int, c128), Some(c128));
        assert_eq!(arithmetic(Complex, Np(Dtype::F32)), None);
        assert_eq!(true_divide(c128, Int), Some(c128));
        assert_eq!(true_divide(Complex, Int), Some(Complex));
    }

    #[test]
    fn twins_mix_and_others_do_not() {
        let float = ScalarTy::exact(Scalar::Float);
        let f64 = ScalarTy::exact(Scalar::Np(Dtype::F64));
        let mixed = float.join(f64).unwrap();
        assert!(mixed.mixed);
        assert_eq!(mixed.join(float), Some(mixed));
        assert_eq!(float.join(ScalarTy::exact(Scalar::Int)), None);
        assert_eq!(f64.join(ScalarTy::exact(Scalar::Np(Dtype::F32))), None);
        for s in [
            Scalar::Bool,
            Scalar::Int,
            Scalar::Float,
            Scalar::Complex,
            Scalar::Np(Dtype::U16),
            Scalar::Np(Dtype::C128),
        ] {
            assert_eq!(Scalar::from_code(s.code()), Some(s));
        }
    }
}
