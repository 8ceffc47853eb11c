//! The loop-nest IR: one loop site's nest as structured statements and expressions.
//!
//! The VM builds a [`Nest`] from the Python AST of a loop statement when it compiles the
//! user's source, before anything has run; the IR is untyped then. Types come later,
//! from the values observed when the site gets hot (see [`crate::types`]).
//!
//! Invariants the rest of the crate relies on:
//! - every statement has a [`Point`], unique within its nest, numbered in source order.
//!   A point is where compiled code can hand execution back to the interpreter: it
//!   exits *before* the statement at that point has had any side effect, with every
//!   variable as the interpreter would have it there. Statements therefore evaluate
//!   everything that can fail (subscripts, bounds, conversions, arithmetic) before their
//!   one side effect, a store to a variable or an array element.
//! - expressions have no side effects; only statements store.
//! - a [`Var`] names one Python variable of the scope the loop runs in; arrays and
//!   scalars alike, its kind is only known from observation.

use cranelift_codegen::entity::entity_impl;
pub use cranelift_codegen::entity::{EntityRef, PrimaryMap};

/// A Python variable of the loop's scope.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u32);
entity_impl!(Var, "v");

/// A statement's position: where compiled code may resume the interpreter.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u32);
entity_impl!(Point, "p");

#[derive(Clone, Debug, PartialEq)]
pub struct VarData {
    pub name: String,
    /// A variable of an inlined function: not one of the loop's scope, so it is
    /// neither read on entry nor written back.
    pub hidden: bool,
}

impl VarData {
    /// A temporary a pass made (named `#...`): hidden, but unlike an inlined
    /// function's variables one of the nest's own, which stands for no other.
    pub fn is_temporary(&self) -> bool {
        self.hidden && self.name.starts_with('#')
    }

    /// A hidden variable that is an inlined function's: an array of that kind is its
    /// argument's descriptor.
    pub fn is_inlined(&self) -> bool {
        self.hidden && !self.is_temporary()
    }
}

/// One loop site: its outermost loop statement and the variables it names.
#[derive(Clone, Debug, PartialEq)]
pub struct Nest {
    pub vars: PrimaryMap<Var, VarData>,
    /// The site's loop: a [`StmtKind::For`] or [`StmtKind::While`].
    pub root: Stmt,
    /// How many points the nest has (its statements, numbered from 0 in source order).
    pub points: u32,
    /// Names the nest reads as globals and what it takes them to be; checked against
    /// the real objects before compiling.
    pub assumed: Vec<Assumption>,
    /// The points of `name op= value` statements: lowered as `name = name op value`,
    /// which is what they do to a number, but an array they update in place.
    pub in_place: Vec<Point>,
}

/// A global or builtin name the nest relies on, e.g. `math` being the math module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assumption {
    pub name: String,
    pub is: Assumed,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Assumed {
    /// The module of this name (`math`).
    Module(String),
    /// The function `module.function` (`sqrt` imported from `math`).
    Function { module: String, function: String },
    /// The builtin of this name (`abs`, `range`, `len`, ...).
    Builtin(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub point: Point,
    pub line: u32,
    pub kind: StmtKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `t0, t1 = e0, e1` (one target for a plain assignment): every value is evaluated
    /// before any target is stored, as Python does for a tuple assignment.
    Assign {
        targets: Vec<Var>,
        values: Vec<Expr>,
    },
    /// `a[index] = value`, or with `op`, `a[index] op= value` (the element is read,
    /// combined and written back; the subscript is evaluated once).
    Store {
        array: Var,
        index: Vec<Expr>,
        op: Option<BinOp>,
        value: Expr,
    },
    If {
        cond: Expr,
        then: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    /// `for var in range(start, stop, step)`; the bounds are evaluated once. A loop over
    /// arrays (`for x in a`, `enumerate(a)`, `zip(a, b)`) counts with `var` over their
    /// common length and starts each iteration binding `target = array[var]` for each
    /// of its `items`: those loads cannot fail, as the nest never rebinds the arrays.
    For {
        var: Var,
        start: Expr,
        stop: Expr,
        step: Expr,
        items: Vec<(Var, Var)>,
        body: Vec<Stmt>,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
    },
    Break,
    Continue,
    Pass,
    /// `return` from the function the nest's loop is in: the nest ends at once, every
    /// loop of it left, and the function returns what [`Returned`] says.
    Return(Returned),
}

/// What a `return` inside a nest returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Returned {
    /// None (a bare `return`).
    None,
    /// The value assigned to [`return_var`]`(None)` just before.
    Value,
    /// A tuple of this many values (`return r, n`), assigned to `return_var(Some(k))`.
    Tuple(u8),
}

impl Returned {
    /// The exit code a compiled nest ends with for this `return` (below the codes of
    /// `backend::cpu`'s FINISHED and BROKE).
    pub fn code(self) -> i64 {
        match self {
            Returned::Value => -3,
            Returned::None => -4,
            Returned::Tuple(n) => -16 - n as i64,
        }
    }
}

/// The variable a returned value (or the element `k` of a returned tuple) is assigned
/// to before [`StmtKind::Return`]: a Python identifier, so that the rewritten code can
/// return it after the nest.
pub fn return_var(k: Option<u8>) -> String {
    match k {
        None => "__kiln_return".into(),
        Some(k) => format!("__kiln_return_{k}"),
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Int(i64),
    Float(f64),
    Bool(bool),
    Var(Var),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Unary(UnaryOp, Box<Expr>),
    /// `a < b <= c`: each operand evaluated once, stops at the first false comparison.
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
    /// `a and b and c` / `a or b`: the value of the operand that decided it.
    Logic(LogicOp, Vec<Expr>),
    /// `a if cond else b`, written `IfExp(cond, a, b)`.
    IfExp(Box<Expr>, Box<Expr>, Box<Expr>),
    /// An element: `a[i, j]` or `a[i][j]`, one integer per axis. Before
    /// [`crate::scalarise`] it may also be a view: subscripts that are slices or new
    /// axes, or fewer integers than the array has axes (`a[i, 1:]`, `a[i]` of a matrix).
    Load(Var, Vec<Expr>),
    /// `start:stop:step` in a subscript, each part optional; only in a view's subscripts.
    Slice(Box<[Option<Expr>; 3]>),
    /// `None` (`np.newaxis`) in a subscript: a new axis of extent 1.
    NewAxis,
    /// `a @ b` or `np.dot(a, b)`; [`crate::scalarise`] makes the product of two 1-d
    /// views a [`Expr::Dot`], and refuses every other.
    MatMul(Box<Expr>, Box<Expr>),
    /// The inner product of two 1-d views of `len` elements, computed by the matrix
    /// product the interpreter's `@` calls (`runtime`), so its bits are the same.
    Dot(Box<[DotView; 2]>, Box<Expr>),
    /// `x.sum()`, `np.max(x)`, ... of an array value, over all its elements;
    /// [`crate::scalarise`] makes those of 1-d values loops or [`Expr::Sum`].
    Reduce(Reduction, Box<Expr>),
    /// The sum of a 1-d view of `len` elements in numpy's pairwise order (`runtime`).
    Sum(Box<DotView>, Box<Expr>),
    /// `a.shape[axis]`; a negative axis counts from the end, as in Python.
    Shape(Var, i64),
    /// `len(a)`.
    Len(Var),
    Call(Intrinsic, Vec<Expr>),
    /// A call of a user function, by the name it is called by; resolved when the nest is
    /// compiled, and inlined ([`Expr::Inline`]) if its body is in the subset.
    CallUser(String, Vec<Expr>),
    /// A call of a user function returning a tuple, unpacked into these hidden
    /// variables (`a, b = f(x)` lowers to `#u0 = Unpack(f(x), [#u0, #u1])` and then
    /// `a, b = #u0, #u1`): the inliner makes it the inlined body assigning every one of
    /// them, its value the first. Only a function returning tuples of that length
    /// qualifies; nothing after the inliner sees this form.
    Unpack(Box<Expr>, Vec<Var>),
    /// An inlined call: parameters bound to the arguments, the body run, the result
    /// evaluated. Its statements cannot resume the interpreter on their own: a check
    /// failing inside hands back the whole statement the call is in, after undoing the
    /// body's array stores (its other effects are on its own hidden variables).
    Inline(Box<Inlined>),
}

/// A 1-d view an [`Expr::Dot`] reads: its first element (one subscript per axis of
/// `array`, in bounds when the view is not empty) and the axis it walks, by `step`.
#[derive(Clone, Debug, PartialEq)]
pub struct DotView {
    pub array: Var,
    pub first: Vec<Expr>,
    pub axis: usize,
    pub step: i64,
}

/// A reduction of all of an array's elements to one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reduction {
    Sum,
    Mean,
    Max,
    Min,
}

impl Reduction {
    /// The method or numpy function of this name (`amax` and `amin` too).
    pub fn from_name(name: &str) -> Option<Reduction> {
        Some(match name {
            "sum" => Reduction::Sum,
            "mean" => Reduction::Mean,
            "max" | "amax" => Reduction::Max,
            "min" | "amin" => Reduction::Min,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Inlined {
    pub params: Vec<(Var, Expr)>,
    pub body: Vec<Stmt>,
    pub result: Expr,
}

/// A user function whose body compiled code can inline: positional parameters,
/// statements of the subset without loops, and one `return` at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub vars: PrimaryMap<Var, VarData>,
    pub params: Vec<Var>,
    pub body: Vec<Stmt>,
    pub result: Expr,
    /// For a function whose every `return` is a tuple display of one length: the
    /// variables the elements are assigned to (`result` is then never assigned).
    pub tuple: Vec<Var>,
    pub assumed: Vec<Assumption>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    BitAnd,
    BitOr,
    BitXor,
    LShift,
    RShift,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Pos,
    Not,
    Invert,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LogicOp {
    And,
    Or,
}

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

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
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
            Intrinsic::IsNumpy => "is_numpy",
            Intrinsic::Maximum => "np.maximum",
            Intrinsic::Minimum => "np.minimum",
            Intrinsic::Copy => "copy",
            Intrinsic::Where => "np.where",
            Intrinsic::Select => "select",
            Intrinsic::Check => "check",
            Intrinsic::ClearFpFlags => "clear_fp_flags",
            Intrinsic::CheckFpFlags => "check_fp_flags",
            Intrinsic::FpRaised => "fp_raised",
            Intrinsic::NoteFp(_) => "note_fp",
            Intrinsic::Scratch(_) => "scratch",
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

impl Expr {
    /// Renames every variable the expression names.
    pub fn remap_vars(&mut self, map: &dyn Fn(Var) -> Var) {
        self.walk_mut(&mut |e| match e {
            Expr::Var(v) | Expr::Load(v, _) | Expr::Shape(v, _) | Expr::Len(v) => *v = map(*v),
            Expr::Dot(views, _) => views.iter_mut().for_each(|d| d.array = map(d.array)),
            Expr::Sum(view, _) => view.array = map(view.array),
            Expr::Inline(inl) => {
                inl.params.iter_mut().for_each(|(p, _)| *p = map(*p));
                inl.body.iter_mut().for_each(|s| s.remap_vars(map));
            }
            Expr::Unpack(_, vars) => vars.iter_mut().for_each(|v| *v = map(*v)),
            _ => {}
        });
    }

    /// Calls `f` on this expression and every expression inside it (not inside the
    /// statements of inlined bodies).
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        f(self);
        match self {
            Expr::Binary(_, a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Expr::Unary(_, a) => a.walk(f),
            Expr::Compare(a, rest) => {
                a.walk(f);
                rest.iter().for_each(|(_, e)| e.walk(f));
            }
            Expr::IfExp(c, a, b) => {
                c.walk(f);
                a.walk(f);
                b.walk(f);
            }
            Expr::Logic(_, es) | Expr::Load(_, es) | Expr::Call(_, es) | Expr::CallUser(_, es) => {
                es.iter().for_each(|e| e.walk(f))
            }
            Expr::Inline(inl) => {
                inl.params.iter().for_each(|(_, e)| e.walk(f));
                inl.result.walk(f);
            }
            Expr::Unpack(call, _) => call.walk(f),
            Expr::Slice(parts) => parts.iter().flatten().for_each(|e| e.walk(f)),
            Expr::MatMul(a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Expr::Dot(views, len) => {
                views
                    .iter()
                    .for_each(|d| d.first.iter().for_each(|e| e.walk(f)));
                len.walk(f);
            }
            Expr::Reduce(_, a) => a.walk(f),
            Expr::Sum(view, len) => {
                view.first.iter().for_each(|e| e.walk(f));
                len.walk(f);
            }
            Expr::NewAxis
            | Expr::Int(_)
            | Expr::Float(_)
            | Expr::Bool(_)
            | Expr::Var(_)
            | Expr::Shape(..)
            | Expr::Len(_) => {}
        }
    }

    /// The same, with mutable access (children first are not guaranteed).
    pub fn walk_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        f(self);
        match self {
            Expr::Binary(_, a, b) => {
                a.walk_mut(f);
                b.walk_mut(f);
            }
            Expr::Unary(_, a) => a.walk_mut(f),
            Expr::Compare(a, rest) => {
                a.walk_mut(f);
                rest.iter_mut().for_each(|(_, e)| e.walk_mut(f));
            }
            Expr::IfExp(c, a, b) => {
                c.walk_mut(f);
                a.walk_mut(f);
                b.walk_mut(f);
            }
            Expr::Logic(_, es) | Expr::Load(_, es) | Expr::Call(_, es) | Expr::CallUser(_, es) => {
                es.iter_mut().for_each(|e| e.walk_mut(f))
            }
            Expr::Inline(inl) => {
                inl.params.iter_mut().for_each(|(_, e)| e.walk_mut(f));
                inl.result.walk_mut(f);
            }
            Expr::Unpack(call, _) => call.walk_mut(f),
            Expr::Slice(parts) => parts.iter_mut().flatten().for_each(|e| e.walk_mut(f)),
            Expr::MatMul(a, b) => {
                a.walk_mut(f);
                b.walk_mut(f);
            }
            Expr::Dot(views, len) => {
                views
                    .iter_mut()
                    .for_each(|d| d.first.iter_mut().for_each(|e| e.walk_mut(f)));
                len.walk_mut(f);
            }
            Expr::Reduce(_, a) => a.walk_mut(f),
            Expr::Sum(view, len) => {
                view.first.iter_mut().for_each(|e| e.walk_mut(f));
                len.walk_mut(f);
            }
            Expr::NewAxis
            | Expr::Int(_)
            | Expr::Float(_)
            | Expr::Bool(_)
            | Expr::Var(_)
            | Expr::Shape(..)
            | Expr::Len(_) => {}
        }
    }
}

impl Stmt {
    /// `a, b = b, a` (`u_prev, u, u_next = u, u_next, u_prev`): names given one
    /// another's values, each name once on each side. For arrays this moves their
    /// descriptors; `None` when the statement is not of that form.
    pub fn permutation(&self) -> Option<Vec<(Var, Var)>> {
        let StmtKind::Assign { targets, values } = &self.kind else {
            return None;
        };
        let sources: Vec<Var> = values
            .iter()
            .map(|v| match v {
                Expr::Var(v) => Some(*v),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let (mut t, mut s) = (targets.clone(), sources.clone());
        t.sort();
        s.sort();
        let distinct = t.windows(2).all(|w| w[0] != w[1]);
        (targets.len() > 1 && distinct && t == s)
            .then(|| targets.iter().copied().zip(sources).collect())
    }

    /// The expressions directly in this statement (not in nested statements).
    pub fn exprs(&self) -> Vec<&Expr> {
        match &self.kind {
            StmtKind::Assign { values, .. } => values.iter().collect(),
            StmtKind::Store { index, value, .. } => index.iter().chain([value]).collect(),
            StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => vec![cond],
            StmtKind::For {
                start, stop, step, ..
            } => vec![start, stop, step],
            StmtKind::Break | StmtKind::Continue | StmtKind::Pass | StmtKind::Return(_) => {
                Vec::new()
            }
        }
    }

    /// Renames every variable this statement (and those nested in it) names.
    pub fn remap_vars(&mut self, map: &dyn Fn(Var) -> Var) {
        self.each_mut(&mut |s| {
            match &mut s.kind {
                StmtKind::Assign { targets, .. } => targets.iter_mut().for_each(|t| *t = map(*t)),
                StmtKind::Store { array, .. } => *array = map(*array),
                StmtKind::For { var, items, .. } => {
                    *var = map(*var);
                    for (target, array) in items {
                        (*target, *array) = (map(*target), map(*array));
                    }
                }
                _ => {}
            }
            for e in s.exprs_mut() {
                e.remap_vars(map);
            }
        });
    }

    /// The expressions directly in this statement, mutably.
    pub fn exprs_mut(&mut self) -> Vec<&mut Expr> {
        match &mut self.kind {
            StmtKind::Assign { values, .. } => values.iter_mut().collect(),
            StmtKind::Store { index, value, .. } => index.iter_mut().chain([value]).collect(),
            StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => vec![cond],
            StmtKind::For {
                start, stop, step, ..
            } => vec![start, stop, step],
            StmtKind::Break | StmtKind::Continue | StmtKind::Pass | StmtKind::Return(_) => {
                Vec::new()
            }
        }
    }

    /// This statement and every statement nested in it, in pre-order (point order).
    pub fn each<'a>(&'a self, f: &mut dyn FnMut(&'a Stmt)) {
        f(self);
        match &self.kind {
            StmtKind::If { then, orelse, .. } => then.iter().chain(orelse).for_each(|s| s.each(f)),
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => {
                body.iter().for_each(|s| s.each(f))
            }
            _ => {}
        }
    }

    /// This statement and every statement nested in it, mutably, in pre-order.
    pub fn each_mut(&mut self, f: &mut dyn FnMut(&mut Stmt)) {
        f(self);
        match &mut self.kind {
            StmtKind::If { then, orelse, .. } => {
                then.iter_mut().chain(orelse).for_each(|s| s.each_mut(f))
            }
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => {
                body.iter_mut().for_each(|s| s.each_mut(f))
            }
            _ => {}
        }
    }
}

impl Nest {
    /// Every statement of the nest, in point order (source order).
    pub fn statements(&self) -> Vec<&Stmt> {
        let mut out = Vec::new();
        self.root.each(&mut |s| out.push(s));
        out
    }

    /// The variables of the loop's scope the nest assigns (including loop variables),
    /// in `Var` order.
    pub fn assigned(&self) -> Vec<Var> {
        let mut vars = Vec::new();
        for stmt in self.statements() {
            match &stmt.kind {
                StmtKind::Assign { targets, .. } => vars.extend(targets.iter().copied()),
                StmtKind::For { var, items, .. } => {
                    vars.push(*var);
                    vars.extend(items.iter().map(|(target, _)| *target));
                }
                _ => {}
            }
        }
        vars.retain(|v| !self.vars[*v].hidden);
        vars.sort();
        vars.dedup();
        vars
    }
}
