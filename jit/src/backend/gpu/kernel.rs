//! The kernel tree: what one GPU thread does, as typed statements and expressions.
//!
//! [`super::build`] makes it from a typed nest whose outer loop the analysis proved
//! parallel; [`super::cuda`] prints it as CUDA C, and the simulated device
//! (`backend::sim`) interprets the same tree, so a wrong index, guard or grid tail
//! fails a test on a machine without a GPU.
//!
//! A thread runs one iteration of the outer loop: its variable is the loop's start
//! plus the thread's index times the step. Every check the CPU tier makes (an index
//! past the end, an integer overflow, a division by zero, a numpy float operation
//! that would warn) sets the thread's `failed` flag instead of handing back; a
//! failed thread stores nothing more, and the host then discards the whole run and
//! lets the CPU tiers run the nest, which fail exactly where the interpreter would.
//!
//! Invariant: expressions have no effect but the flag, and an access reads or writes
//! memory only while the flag is clear and its index is in bounds, so a failed thread
//! never touches memory outside the arrays' footprints.

use crate::ir::{CmpOp, Var};

/// A value's type in the kernel (a C type).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KTy {
    /// `long long`: Python ints and numpy int64 (overflow-checked).
    I64,
    /// `double`: Python floats and numpy float64.
    F64,
    /// `float`: numpy float32 (its arithmetic rounds to float32, as numpy's does).
    F32,
    /// `bool`.
    Bool,
}

/// An array's element type in device memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    F64,
    I64,
    F32,
    /// int32: stored into from ints (a value out of its range fails, where numpy
    /// raises); its elements are not read (numpy's int32 arithmetic is not built).
    I32,
}

impl Elem {
    /// The type of a value loaded from or stored into an element.
    pub fn ty(self) -> KTy {
        match self {
            Elem::F64 => KTy::F64,
            Elem::I64 | Elem::I32 => KTy::I64,
            Elem::F32 => KTy::F32,
        }
    }

    pub fn bytes(self) -> usize {
        match self {
            Elem::F64 | Elem::I64 => 8,
            Elem::F32 | Elem::I32 => 4,
        }
    }

    /// The suffix of its load and store helpers (`kiln_ld_f64`).
    pub fn suffix(self) -> &'static str {
        match self {
            Elem::F64 => "f64",
            Elem::I64 => "i64",
            Elem::F32 => "f32",
            Elem::I32 => "i32",
        }
    }
}

/// An arithmetic operation, of the type of its operands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    /// True division (floats only).
    Div,
    /// Python's flooring division and remainder (integers only).
    FloorDiv,
    Mod,
}

/// A function of the kernel's small library (`kiln_*` in the CUDA C).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KFn {
    /// `math.sqrt` (a negative argument fails) or `np.sqrt` (`numpy`: a negative
    /// argument would warn, and fails too).
    Sqrt,
    /// `abs` of a float; `math.fabs`.
    FAbs,
    /// `abs` of an int (the smallest one fails: its absolute value overflows).
    IAbs,
    /// Python's `min(a, b)` / `max(a, b)`: the first of equal (or unordered) values.
    Min(KTy),
    Max(KTy),
    /// `int(x)` of a float: truncated; NaN, an infinity or a value past 64 bits fails.
    FloatToInt,
    /// `check(cond)` of an array statement (a broadcast or an index numpy refuses):
    /// fails unless `cond`; true.
    Check,
}

/// A kernel expression.
#[derive(Clone, Debug, PartialEq)]
pub enum KExpr {
    Int(i64),
    Float(f64),
    Bool(bool),
    /// A scalar variable of the nest (a local of the thread).
    Local(Var, KTy),
    /// Whether a variable of mixed type (a Python float or a numpy float64, say)
    /// holds the numpy one now: a bool the thread keeps beside it.
    IsNumpy(Var),
    /// A value of the first type as a double: an int or a bool as Python converts it
    /// in mixed arithmetic, a float32 exactly.
    ToFloat(KTy, Box<KExpr>),
    /// A value of the first type as a float32, rounded as numpy casts it (a Python
    /// float or int meeting a float32 in arithmetic, a double stored into one); a
    /// finite double that becomes an infinity fails (numpy warns).
    ToF32(KTy, Box<KExpr>),
    /// A bool as an int.
    ToInt(Box<KExpr>),
    /// `a op b` of operands of type `ty`; `numpy`: numpy's float rules (a result
    /// that turns inf or NaN from finite operands fails, for numpy would warn).
    Arith {
        op: Arith,
        ty: KTy,
        numpy: bool,
        a: Box<KExpr>,
        b: Box<KExpr>,
    },
    Neg(KTy, Box<KExpr>),
    /// A comparison of two operands of type `ty`.
    Cmp(CmpOp, KTy, Box<KExpr>, Box<KExpr>),
    Not(Box<KExpr>),
    /// Short-circuit `and` / `or` of bools.
    And(Box<KExpr>, Box<KExpr>),
    Or(Box<KExpr>, Box<KExpr>),
    /// `cond ? a : b`, only the chosen operand evaluated.
    Select(Box<KExpr>, Box<KExpr>, Box<KExpr>),
    /// An element of array `array` (an index into [`Kernel::arrays`]): one subscript
    /// per axis, each checked against the axis's extent.
    Load(usize, Vec<KExpr>),
    /// An array's extent along an axis.
    Extent(usize, usize),
    Call(KFn, Vec<KExpr>),
}

/// A kernel statement.
#[derive(Clone, Debug, PartialEq)]
pub enum KStmt {
    /// Every value evaluated, then every variable assigned; for a variable of mixed
    /// type, also whether the value is the numpy one.
    Assign(Vec<(Var, KTy, KExpr, Option<KExpr>)>),
    /// `array[index] = value`, or `array[index] op= value` (`op`: the operation and
    /// whether by numpy's rules).
    Store {
        array: usize,
        index: Vec<KExpr>,
        op: Option<(Arith, bool)>,
        value: KExpr,
    },
    If(KExpr, Vec<KStmt>, Vec<KStmt>),
    /// `for var in range(start, stop, step)`: the bounds evaluated once, a zero step
    /// fails; after the loop `var` holds its last value (unchanged if none ran).
    For {
        var: Var,
        start: KExpr,
        stop: KExpr,
        step: KExpr,
        body: Vec<KStmt>,
    },
    While(KExpr, Vec<KStmt>),
    Break,
    Continue,
}

/// An array the kernel reads or writes: where its descriptor is in the frame.
#[derive(Clone, Debug, PartialEq)]
pub struct KArray {
    pub var: Var,
    pub name: String,
    pub elem: Elem,
    pub ndim: usize,
    /// The frame slot of its data pointer; the extents and byte strides follow.
    pub slot: usize,
    /// Whether the kernel writes every element of its written box when every grid
    /// loop steps by one (`coverage::dense`): then the box is not copied in.
    pub dense: bool,
}

impl KArray {
    pub fn extent_slot(&self, axis: usize) -> usize {
        self.slot + 1 + axis
    }

    pub fn stride_slot(&self, axis: usize) -> usize {
        self.slot + 1 + self.ndim + axis
    }
}

/// A scalar variable of the kernel: its frame slot (value bits, then type code).
#[derive(Clone, Debug, PartialEq)]
pub struct KLocal {
    pub var: Var,
    pub name: String,
    pub ty: KTy,
    pub slot: usize,
    /// The frame type code of the value it holds after the loop, if the loop assigns
    /// it (the last iteration's thread writes it back), else `None`.
    pub written_back: Option<u64>,
    /// For a variable of mixed type, the type code of its numpy variant (the one in
    /// `written_back` is its Python one's): the thread keeps an [`KExpr::IsNumpy`]
    /// flag, read from the frame's type code on entry.
    pub numpy_code: Option<u64>,
}

/// A loop nested in the outer one that shares the grid with it (`grid`): its
/// iterations become threads too. Its bounds are loop-invariant; the host evaluates
/// them to size the grid and passes each level's start, step and trip count.
#[derive(Clone, Debug, PartialEq)]
pub struct GridDim {
    pub var: Var,
    pub line: u32,
    pub start: KExpr,
    pub stop: KExpr,
    pub step: KExpr,
}

/// A parallel loop nest as a kernel: a thread per iteration of `outer` and of the
/// loops of `grid` (the innermost one varying fastest between neighbouring threads).
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// The C function's name.
    pub name: String,
    /// Where the loop is (for the dumped file's header).
    pub file_line: String,
    pub outer: Var,
    pub grid: Vec<GridDim>,
    pub locals: Vec<KLocal>,
    pub arrays: Vec<KArray>,
    /// The body of the innermost loop on the grid.
    pub body: Vec<KStmt>,
    /// The scalars the loop reduces into (`s += e` of ints; of floats under a grant),
    /// as the analysis found them: every thread starts from the operation's identity
    /// (`threads::identity`) and writes its partial result (value bits, type code) to
    /// its row of `parts`, which the host combines in iteration order
    /// (`threads::combine`).
    pub reductions: Vec<crate::analysis::Reduction>,
}

impl Kernel {
    pub fn local(&self, var: Var) -> Option<&KLocal> {
        self.locals.iter().find(|l| l.var == var)
    }
}
