//! The type of each expression kind: numbers and variables, Python's and numpy's
//! arithmetic and comparisons (through [`binary_result`]), element loads, slices and
//! shapes, tuples, inlined bodies, products and reductions, and the intrinsics (numpy
//! ufuncs and `math` functions, casts, draws, new arrays, lists' items and rows, the
//! floating-point flags). An expression outside what compiled code does is an error
//! whose text is the report's reason.

use super::*;

impl Typing<'_> {
    /// The type of `e`, from the variables' types of the nest.
    pub fn expr(&self, e: &Expr) -> Result<ExprTy> {
        let scalar = |s: Scalar| Ok(ExprTy::Scalar(ScalarTy::exact(s)));
        match e {
            Expr::Int(_) => scalar(Scalar::Int),
            Expr::Float(_) => scalar(Scalar::Float),
            Expr::Bool(_) => scalar(Scalar::Bool),
            Expr::Var(v) => self.var(*v),
            Expr::Binary(op, a, b) => {
                let t = self.binary(*op, self.scalar(a)?, self.scalar(b)?)?;
                Ok(ExprTy::Scalar(t))
            }
            Expr::Unary(op, a) => {
                let a = self.scalar(a)?;
                let t = map_variants(a, |t| match (op, t) {
                    (UnaryOp::Not, _) => Some(Scalar::Bool),
                    (UnaryOp::Invert, t) if t.is_complex() => None,
                    (_, Scalar::Np(types::Dtype::Bool)) => None,
                    (_, Scalar::Np(types::Dtype::U64)) => None,
                    (UnaryOp::Invert, t) if t.is_float() => None,
                    (_, Scalar::Bool) => Some(Scalar::Int),
                    (_, t) => Some(t),
                })
                .ok_or_else(|| format!("{op:?} of {}", a.describe()))?;
                Ok(ExprTy::Scalar(t))
            }
            Expr::Compare(first, rest) => {
                let mut left = self.scalar(first)?;
                let mut results = Vec::new();
                for (op, right) in rest {
                    let right = self.scalar(right)?;
                    for x in left.variants() {
                        for y in right.variants() {
                            if x.is_complex() || y.is_complex() {
                                if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
                                    return Err(format!(
                                        "`{}` of complex numbers (Python raises TypeError) \
                                         stays interpreted",
                                        op.symbol()
                                    ));
                                }
                                if !complex_operand(x) || !complex_operand(y) {
                                    return Err("comparison of these types".into());
                                }
                                // numpy's comparison where a numpy number takes part,
                                // but an np.float64 on the right of a Python complex is
                                // a float to `complex`'s own operator.
                                results.push(
                                    if x == Scalar::Complex && y == Scalar::Np(types::Dtype::F64) {
                                        Scalar::Bool
                                    } else {
                                        types::comparison(x, y)
                                    },
                                );
                                continue;
                            }
                            if !numeric(x) || !numeric(y) {
                                return Err("comparison of these types".into());
                            }
                            results.push(types::comparison(x, y));
                        }
                    }
                    left = right;
                }
                ScalarTy::from_variants(&results)
                    .map(ExprTy::Scalar)
                    .ok_or_else(|| "a chained comparison mixing numpy and Python values".into())
            }
            Expr::Logic(_, values) | Expr::Call(Intrinsic::Min | Intrinsic::Max, values) => {
                let mut all = Vec::new();
                for v in values {
                    all.extend(self.scalar(v)?.variants());
                }
                ScalarTy::from_variants(&all)
                    .map(ExprTy::Scalar)
                    .ok_or_else(|| "`and`/`or`/min()/max() of values of different types".into())
            }
            Expr::IfExp(cond, a, b) => {
                self.scalar(cond)?;
                let (a, b) = (self.scalar(a)?, self.scalar(b)?);
                a.join(b).map(ExprTy::Scalar).ok_or_else(|| {
                    format!(
                        "a conditional expression of {} or {}",
                        a.describe(),
                        b.describe()
                    )
                })
            }
            Expr::Slice(_) | Expr::NewAxis => Err("a slice outside a subscript".into()),
            Expr::MatMul(..) => Err(
                "`@` / `np.dot()` of operands other than two 1-d float views stays interpreted"
                    .into(),
            ),
            Expr::Reduce(..) => Err(
                "a reduction of something other than a 1-d float view or expression stays \
                 interpreted"
                    .into(),
            ),
            Expr::Sum(view, len) => {
                let a = self.array(view.array)?;
                self.scalar(len)?;
                for i in &view.first {
                    self.scalar(i)?;
                }
                match a.dtype {
                    types::Dtype::F64 | types::Dtype::F32 => scalar(Scalar::Np(a.dtype)),
                    d => Err(format!("`sum()` of a {} array stays interpreted", d.name())),
                }
            }
            Expr::Call(Intrinsic::Ufunc(u), args) => {
                let [a] = &args[..] else {
                    return Err(format!("`np.{}()` takes one value", u.name()));
                };
                let t = self.scalar(a)?;
                if t.ty.is_complex() {
                    return match u {
                        crate::ir::Ufunc::Exp => scalar(Scalar::Np(types::Dtype::C128)),
                        crate::ir::Ufunc::Absolute => scalar(Scalar::Np(types::Dtype::F64)),
                        _ => Err(format!(
                            "`np.{}()` of complex numbers stays interpreted",
                            u.name()
                        )),
                    };
                }
                // numpy's `absolute` and `sign` of integers are integers (computed in
                // float64 they would lose digits past 2**53).
                if u.keeps_integers() && !t.variants().iter().all(|x| x.is_float()) {
                    return Err(format!(
                        "`np.{}()` of {} stays interpreted (compiled only for floats)",
                        u.name(),
                        t.describe()
                    ));
                }
                // numpy's loop for the argument: float32 stays float32, int16 goes to
                // float32, the rest to float64 (int8, uint8 and bool would give float16).
                let result = |x: Scalar| match x {
                    Scalar::Np(types::Dtype::F32 | types::Dtype::I16 | types::Dtype::U16) => {
                        Some(Scalar::Np(types::Dtype::F32))
                    }
                    Scalar::Np(types::Dtype::Bool | types::Dtype::I8 | types::Dtype::U8)
                    | Scalar::Bool => None,
                    _ => Some(Scalar::Np(types::Dtype::F64)),
                };
                let out: Option<Vec<Scalar>> = t.variants().into_iter().map(result).collect();
                out.and_then(|v| ScalarTy::from_variants(&v))
                    .filter(|t| !t.mixed)
                    .map(ExprTy::Scalar)
                    .ok_or_else(|| {
                        format!("`np.{}()` of {} stays interpreted", u.name(), t.describe())
                    })
            }
            Expr::Call(Intrinsic::NpTest(test), args) => {
                let [a] = &args[..] else {
                    return Err(format!("`{}()` takes one value", test.name()));
                };
                let t = self.scalar(a)?;
                if t.mixed || t.ty.is_complex() || !numeric(t.ty) {
                    return Err(format!(
                        "`{}()` of {} stays interpreted",
                        test.name(),
                        t.describe()
                    ));
                }
                scalar(Scalar::Np(types::Dtype::Bool))
            }
            Expr::Call(Intrinsic::BinaryUfunc(u), args) => {
                let [a, b] = &args[..] else {
                    return Err(format!("`{}()` takes two values", u.name()));
                };
                for arg in [a, b] {
                    let t = self.scalar(arg)?;
                    // numpy's loop for float32 and the small integer types is no
                    // float64 one.
                    use types::Dtype::{Bool, F32, I8, I16, U8, U16};
                    let real = t.variants().iter().all(|x| {
                        numeric(*x)
                            && !x.is_complex()
                            && !matches!(x, Scalar::Np(F32 | I8 | I16 | U8 | U16 | Bool))
                    });
                    if t.mixed || !real {
                        return Err(format!(
                            "`{}()` of {} stays interpreted (compiled for Python numbers, \
                             float64 and the wider integer types)",
                            u.name(),
                            t.describe()
                        ));
                    }
                }
                scalar(Scalar::Np(types::Dtype::F64))
            }
            Expr::Call(Intrinsic::NpScalar(d), args) => {
                let [a] = &args[..] else {
                    return Err(format!("`np.{}()` takes one value", d.name()));
                };
                let t = self.scalar(a)?;
                if !t.variants().iter().all(|x| numeric(*x)) {
                    return Err(format!("`np.{}()` of {}", d.name(), t.describe()));
                }
                scalar(Scalar::Np(*d))
            }
            Expr::Call(
                f @ (Intrinsic::Complex
                | Intrinsic::Real
                | Intrinsic::Imag
                | Intrinsic::Conjugate
                | Intrinsic::NpConj
                | Intrinsic::Hypot),
                args,
            ) => self.complex_call(*f, args).map(ExprTy::Scalar),
            Expr::Call(Intrinsic::Axes(n), args) => {
                let [Expr::Shape(array, _)] = &args[..] else {
                    return Err("`axes()` takes the first axis of a shape".into());
                };
                let ndim = self.array(*array)?.ndim;
                if ndim != *n as u32 {
                    return Err(format!(
                        "unpacking the shape of `{}`, a {ndim}-d array, into {n} names \
                         (Python raises ValueError) stays interpreted",
                        self.name(*array)
                    ));
                }
                scalar(Scalar::Int)
            }
            Expr::Call(Intrinsic::Where, _) => {
                Err("`np.where()` of numbers (a 0-d array) stays interpreted".into())
            }
            Expr::Call(Intrinsic::Select, args) => {
                let [c, a, b] = &args[..] else {
                    return Err(
                        "`np.where()` with other than three values stays interpreted".into(),
                    );
                };
                self.scalar(c)?;
                let (ta, tb) = (self.scalar(a)?, self.scalar(b)?);
                let t = self.binary(BinOp::Add, ta, tb)?;
                let fits = |x: ScalarTy| {
                    !x.mixed && (x.machine() == t.machine() || t.machine() != types::Machine::I64)
                };
                match t.ty {
                    Scalar::Np(d)
                        if d != types::Dtype::Bool && !t.mixed && fits(ta) && fits(tb) =>
                    {
                        Ok(ExprTy::Scalar(t))
                    }
                    _ => Err(format!(
                        "`np.where()` of {} and {} stays interpreted",
                        ta.describe(),
                        tb.describe()
                    )),
                }
            }
            Expr::Call(Intrinsic::Copy, _) => {
                Err("`copy()` of something other than an array stays interpreted".into())
            }
            Expr::Call(Intrinsic::Gemm, args) => {
                let arrays = args
                    .iter()
                    .map(|a| match self.expr(a)? {
                        ExprTy::Array(t) => Ok(t),
                        ExprTy::Scalar(_) => Err("`@` of a number stays interpreted".to_string()),
                    })
                    .collect::<Result<Vec<_>>>()?;
                let float = matches!(arrays[0].dtype, types::Dtype::F64 | types::Dtype::F32);
                if !float || arrays.iter().any(|a| a.dtype != arrays[0].dtype) {
                    return Err("`@` of matrices other than float64 or float32 ones alike \
                                stays interpreted"
                        .into());
                }
                scalar(Scalar::Bool)
            }
            Expr::Call(Intrinsic::NewArray(n), _) => Err(format!(
                "`{}()` other than as a name's value (`t = np.zeros(n)`), or where complex \
                 numbers are, stays interpreted",
                n.name()
            )),
            Expr::Call(Intrinsic::Maximum | Intrinsic::Minimum, args) => {
                let [a, b] = &args[..] else {
                    return Err("`np.maximum()` takes two values".into());
                };
                let (a, b) = (self.scalar(a)?, self.scalar(b)?);
                let t = self.binary(BinOp::Add, a, b)?;
                let numpy = |t: ScalarTy| {
                    !t.mixed && matches!(t.ty, Scalar::Np(d) if d != types::Dtype::Bool)
                };
                let fits = |x: ScalarTy| {
                    x.machine() == t.machine()
                        || (x.machine() == types::Machine::F32
                            && t.machine() == types::Machine::F64)
                };
                if numpy(t) && !a.mixed && !b.mixed && fits(a) && fits(b) {
                    Ok(ExprTy::Scalar(t))
                } else {
                    Err(format!(
                        "`np.maximum()`/`np.minimum()` of {} and {} stays interpreted",
                        a.describe(),
                        b.describe()
                    ))
                }
            }
            Expr::Dot(views, len) => {
                let [a, b] = &**views;
                let (ta, tb) = (self.array(a.array)?, self.array(b.array)?);
                self.scalar(len)?;
                for d in [a, b] {
                    for i in &d.first {
                        self.scalar(i)?;
                    }
                }
                match ta.dtype {
                    types::Dtype::F64 | types::Dtype::F32 if ta.dtype == tb.dtype => {
                        scalar(Scalar::Np(ta.dtype))
                    }
                    _ => Err(format!(
                        "`@` of {} and {} vectors stays interpreted",
                        ta.dtype.name(),
                        tb.dtype.name()
                    )),
                }
            }
            Expr::Load(array, index) => {
                let a = self.array(*array)?;
                if index
                    .iter()
                    .any(|i| matches!(i, Expr::Slice(_) | Expr::NewAxis))
                    || index.len() < a.ndim as usize
                {
                    return Err(format!(
                        "a view of `{}` (an array made by slicing) is used as a number",
                        self.name(*array)
                    ));
                }
                if index.len() != a.ndim as usize {
                    return Err(format!(
                        "`{}` ({}-d) is indexed with {} subscripts",
                        self.name(*array),
                        a.ndim,
                        index.len()
                    ));
                }
                for i in index {
                    let t = self.scalar(i)?;
                    if !t.variants().iter().all(|t| t.is_integer() && !t.is_bool()) {
                        return Err(format!("an index of type {}", t.describe()));
                    }
                }
                if a.dtype == types::Dtype::U64 {
                    return Err("uint64 elements stay interpreted".into());
                }
                // A list's elements are Python's numbers (`crate::lists`).
                match types::ListItems::of(&a) {
                    Some(items) => scalar(items.scalar()),
                    None if a.copied => scalar(types::copied_item(a.dtype)),
                    None => scalar(Scalar::Np(a.dtype)),
                }
            }
            Expr::Shape(array, axis) => {
                let a = self.array(*array)?;
                let ndim = a.ndim as i64;
                if *axis >= ndim || *axis < -ndim {
                    return Err("`.shape[k]` past the array's axes".into());
                }
                scalar(Scalar::Int)
            }
            Expr::Len(array) => {
                if self.array(*array)?.ndim == 0 {
                    return Err("len() of a 0-d array".into());
                }
                scalar(Scalar::Int)
            }
            Expr::Inline(inl) => self.expr(&inl.result),
            Expr::CallUser(name, _) => Err(format!("`{name}()` is not a function kiln can inline")),
            Expr::Unpack(..) => Err("a call whose tuple is unpacked is not inlined".into()),
            Expr::Tuple(_) => Err("a tuple as a value stays interpreted".into()),
            Expr::Call(Intrinsic::ListAppend, args) => {
                let [Expr::Var(list), value] = &args[..] else {
                    return Err("`append()` takes one value".into());
                };
                if !matches!(&self.vars[*list], VarTy::Array(a) if a.list.is_some()) {
                    return Err(format!(
                        "`{}.append()` of something other than a list of numbers stays interpreted",
                        self.name(*list)
                    ));
                }
                let t = self.scalar(value)?;
                let boxable = [
                    Scalar::Float,
                    Scalar::Int,
                    Scalar::Np(types::Dtype::F64),
                    Scalar::Np(types::Dtype::I64),
                ];
                if t.mixed || !boxable.contains(&t.ty) {
                    return Err(format!(
                        "appending {} to a list stays interpreted",
                        t.describe()
                    ));
                }
                scalar(Scalar::Bool)
            }
            Expr::Call(Intrinsic::Random, _) => scalar(Scalar::Float),
            Expr::Call(f @ (Intrinsic::Uniform | Intrinsic::Gauss), args) => {
                // Python numbers alone: of numpy scalars the library's arithmetic gives
                // numpy scalars (which warn).
                for a in args {
                    let t = self.scalar(a)?;
                    if t.mixed || !matches!(t.ty, Scalar::Int | Scalar::Float) {
                        return Err(format!(
                            "{}() of {} stays interpreted",
                            f.name(),
                            t.describe()
                        ));
                    }
                }
                scalar(Scalar::Float)
            }
            Expr::Call(Intrinsic::RandInt, args) => {
                // Python ints alone: the library's `randint` of numpy ints gives numpy
                // ints, of floats raises.
                for a in args {
                    let t = self.scalar(a)?;
                    if t.mixed || t.ty != Scalar::Int {
                        return Err(format!("randint() of {} stays interpreted", t.describe()));
                    }
                }
                scalar(Scalar::Int)
            }
            Expr::Call(Intrinsic::RowList(over), args) => {
                self.row_of(args)?;
                if !matches!(&self.vars[*over], VarTy::Array(a) if a.list.is_some() && a.ndim == 1)
                {
                    return Err("a row's list variable is no list".into());
                }
                scalar(Scalar::Bool)
            }
            Expr::Call(Intrinsic::Is, _) => Err(
                "`is` stays interpreted but between two names bound to objects of one list".into(),
            ),
            Expr::Call(Intrinsic::ItemIndex, args) => {
                for a in args {
                    let t = self.scalar(a)?;
                    if !t.variants().iter().all(|t| t.is_integer() && !t.is_bool()) {
                        return Err(format!("an index of type {}", t.describe()));
                    }
                }
                scalar(Scalar::Int)
            }
            Expr::Call(Intrinsic::RowLen, args) => {
                self.row_of(args)?;
                scalar(Scalar::Int)
            }
            Expr::Call(f, args) => {
                let tys = args
                    .iter()
                    .map(|a| self.scalar(a))
                    .collect::<Result<Vec<_>>>()?;
                for t in &tys {
                    if *f == Intrinsic::Abs && t.variants().iter().all(|t| complex_operand(*t)) {
                        continue;
                    }
                    if t.ty.is_complex() {
                        return Err(format!(
                            "`{}()` of complex numbers stays interpreted",
                            f.name()
                        ));
                    }
                    if !t.variants().iter().all(|t| numeric(*t)) {
                        return Err(format!("{f:?} of {}", t.describe()));
                    }
                    if matches!(f, Intrinsic::Scratch(_)) && t.machine() != types::Machine::I64 {
                        return Err(format!(
                            "a new array with a length of {} (numpy raises TypeError) stays \
                             interpreted",
                            t.describe()
                        ));
                    }
                }
                match f {
                    Intrinsic::Math(MathFn::Floor | MathFn::Ceil) => scalar(Scalar::Int),
                    Intrinsic::Math(MathFn::Isnan | MathFn::Isinf) => scalar(Scalar::Bool),
                    Intrinsic::RowLen | Intrinsic::RandInt | Intrinsic::ItemIndex => {
                        scalar(Scalar::Int)
                    }
                    Intrinsic::RowList(_) | Intrinsic::Is => scalar(Scalar::Bool),
                    Intrinsic::NpTest(_) | Intrinsic::BinaryUfunc(_) => unreachable!("typed above"),
                    Intrinsic::Math(_)
                    | Intrinsic::Float
                    | Intrinsic::Random
                    | Intrinsic::Uniform
                    | Intrinsic::Gauss => scalar(Scalar::Float),
                    Intrinsic::Round
                        if tys[0].variants().contains(&Scalar::Np(types::Dtype::Bool)) =>
                    {
                        Err("round() of a numpy bool (numpy raises TypeError)".into())
                    }
                    Intrinsic::Int | Intrinsic::Round => scalar(Scalar::Int),
                    Intrinsic::Bool
                    | Intrinsic::IsNumpy
                    | Intrinsic::Check
                    | Intrinsic::ListAppend
                    | Intrinsic::Scratch(_)
                    | Intrinsic::Contiguous(_)
                    | Intrinsic::Zeroed(_)
                    | Intrinsic::ClearFpFlags
                    | Intrinsic::CheckFpFlags
                    | Intrinsic::FpRaised
                    | Intrinsic::NoteFp(_) => scalar(Scalar::Bool),
                    Intrinsic::Abs => map_variants(tys[0], |t| match t {
                        Scalar::Bool => Some(Scalar::Int),
                        t if t.is_complex() => Some(part_of(t)),
                        Scalar::Np(types::Dtype::Bool) => None,
                        t => Some(t),
                    })
                    .map(ExprTy::Scalar)
                    .ok_or_else(|| "abs() of a numpy bool".into()),
                    Intrinsic::Min | Intrinsic::Max => unreachable!("handled with Logic"),
                    Intrinsic::Maximum
                    | Intrinsic::Minimum
                    | Intrinsic::Copy
                    | Intrinsic::NewArray(_)
                    | Intrinsic::Gemm
                    | Intrinsic::Where
                    | Intrinsic::Select
                    | Intrinsic::Ufunc(_)
                    | Intrinsic::NpScalar(_)
                    | Intrinsic::Complex
                    | Intrinsic::Real
                    | Intrinsic::Imag
                    | Intrinsic::Conjugate
                    | Intrinsic::NpConj
                    | Intrinsic::Hypot
                    | Intrinsic::Axes(_) => unreachable!("handled above"),
                }
            }
        }
    }
}
