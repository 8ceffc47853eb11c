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
    /// `for var in range(start, stop, step)`; the bounds are evaluated once.
    For {
        var: Var,
        start: Expr,
        stop: Expr,
        step: Expr,
        body: Vec<Stmt>,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
    },
    Break,
    Continue,
    Pass,
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
    /// An element: `a[i, j]` or `a[i][j]`, one integer per axis.
    Load(Var, Vec<Expr>),
    /// `a.shape[axis]`; a negative axis counts from the end, as in Python.
    Shape(Var, i64),
    /// `len(a)`.
    Len(Var),
    Call(Intrinsic, Vec<Expr>),
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
    Hypot => "hypot", 2;
    Isnan => "isnan", 1;
    Isinf => "isinf", 1;
    Copysign => "copysign", 2;
}

impl Intrinsic {
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
            _ => return None,
        })
    }
}

impl Nest {
    /// Every statement of the nest, in point order (source order).
    pub fn statements(&self) -> Vec<&Stmt> {
        fn walk<'a>(stmt: &'a Stmt, out: &mut Vec<&'a Stmt>) {
            out.push(stmt);
            match &stmt.kind {
                StmtKind::If { then, orelse, .. } => {
                    then.iter().chain(orelse).for_each(|s| walk(s, out))
                }
                StmtKind::For { body, .. } | StmtKind::While { body, .. } => {
                    body.iter().for_each(|s| walk(s, out))
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        walk(&self.root, &mut out);
        out
    }

    /// The variables the nest assigns (including loop variables), in `Var` order.
    pub fn assigned(&self) -> Vec<Var> {
        let mut vars = Vec::new();
        for stmt in self.statements() {
            match &stmt.kind {
                StmtKind::Assign { targets, .. } => vars.extend(targets.iter().copied()),
                StmtKind::For { var, .. } => vars.push(*var),
                _ => {}
            }
        }
        vars.sort();
        vars.dedup();
        vars
    }
}
