//! Calls: the `math` functions and builtins compiled code knows, numpy's (`np.sqrt`,
//! `np.where`, `np.dot`, `np.sum`, ...), reductions and copies by method (`x.sum()`,
//! `x.copy()`), and calls of the user's functions (or of whatever a name like `exp`
//! is bound to: numpy's, math's), resolved and inlined later.

use super::{Lowering, Reason, attribute_path};
use kiln_jit::ir::{Assumed, Expr, Intrinsic, MathFn, Reduction};
use rustpython_vm::compiler::ast;

/// The names programs import numpy and the standard modules under: a call of one's
/// function compiled code does not know is no method call.
const MODULE_NAMES: &[&str] = &[
    "np",
    "numpy",
    "math",
    "cmath",
    "random",
    "scipy",
    "sp",
    "os",
    "sys",
    "time",
    "itertools",
    "functools",
    "operator",
    "collections",
    "statistics",
    "numba",
    "nb",
    "plt",
    "json",
];

impl Lowering<'_> {
    pub(super) fn call(&mut self, call: &ast::ExprCall, stmt: &ast::Stmt) -> Result<Expr, Reason> {
        if let ast::Expr::Attribute(attr) = &*call.func
            && let ast::Expr::Name(module) = &*attr.value
            && let Some(lowered) =
                self.new_array(module.id.as_str(), attr.attr.as_str(), call, stmt)
        {
            return lowered;
        }
        if !call.arguments.keywords.is_empty()
            || call
                .arguments
                .args
                .iter()
                .any(|a| matches!(a, ast::Expr::Starred(_)))
        {
            return Err(self.at(
                stmt,
                "calls with keyword or starred arguments stay interpreted",
            ));
        }
        let args = &call.arguments.args;
        let (intrinsic, name) = match &*call.func {
            // `x.sum()`, `a[i].max()`: a reduction of whatever `x` is (typing refuses
            // one of something other than an array).
            ast::Expr::Attribute(attr)
                if args.is_empty()
                    && let Some(r) = Reduction::from_name(attr.attr.as_str()) =>
            {
                return Ok(Expr::Reduce(r, Box::new(self.expr(&attr.value, stmt)?)));
            }
            ast::Expr::Attribute(attr) if args.is_empty() && attr.attr.as_str() == "conjugate" => {
                return Ok(Expr::Call(
                    Intrinsic::Conjugate,
                    vec![self.expr(&attr.value, stmt)?],
                ));
            }
            ast::Expr::Attribute(attr) if args.is_empty() && attr.attr.as_str() == "copy" => {
                return Ok(Expr::Call(
                    Intrinsic::Copy,
                    vec![self.expr(&attr.value, stmt)?],
                ));
            }
            ast::Expr::Attribute(attr) => {
                let ast::Expr::Name(module) = &*attr.value else {
                    // `self.grid.f(x)`: a method, perhaps, resolved and inlined later.
                    return match attribute_path(&attr.value) {
                        Some(receiver) => Ok(Expr::CallUser(
                            format!("{receiver}.{}", attr.attr),
                            self.exprs(args, stmt)?,
                        )),
                        None => Err(self.at(stmt, "calls of methods stay interpreted")),
                    };
                };
                // `np.sum(x)`, `np.max(x)`, `np.maximum(a, b)`, `np.minimum(a, b)`.
                let numpy = Assumed::Module("numpy".into());
                if args.len() == 1
                    && let Some(r) = Reduction::from_name(attr.attr.as_str())
                {
                    self.assume(module.id.as_str(), numpy);
                    return Ok(Expr::Reduce(r, Box::new(self.expr(&args[0], stmt)?)));
                }
                // `np.sqrt(x)`: numpy's, unless the module is called `math`.
                if args.len() == 1
                    && module.id.as_str() != "math"
                    && let Some(u) = kiln_jit::ir::Ufunc::from_name(match attr.attr.as_str() {
                        "abs" => "absolute",
                        name => name,
                    })
                {
                    self.assume(module.id.as_str(), numpy);
                    return Ok(Expr::Call(Intrinsic::Ufunc(u), self.exprs(args, stmt)?));
                }
                // `np.isnan(x)`, ...: numpy's, unless the module is called `math`.
                if args.len() == 1
                    && module.id.as_str() != "math"
                    && let Some(t) = kiln_jit::ir::NpTest::from_name(attr.attr.as_str())
                {
                    self.assume(module.id.as_str(), numpy);
                    return Ok(Expr::Call(Intrinsic::NpTest(t), self.exprs(args, stmt)?));
                }
                // `np.arctan2(y, x)`, `np.hypot(x, y)`.
                if args.len() == 2
                    && module.id.as_str() != "math"
                    && let Some(u) = kiln_jit::ir::BinaryUfunc::from_name(attr.attr.as_str())
                {
                    self.assume(module.id.as_str(), numpy);
                    return Ok(Expr::Call(
                        Intrinsic::BinaryUfunc(u),
                        self.exprs(args, stmt)?,
                    ));
                }
                // `np.float64(x)`, `np.int32(x)`: a number as that numpy scalar type.
                if args.len() == 1
                    && module.id.as_str() != "math"
                    && let Some(d) = kiln_jit::types::Dtype::scalar_type(attr.attr.as_str())
                {
                    self.assume(module.id.as_str(), numpy);
                    return Ok(Expr::Call(Intrinsic::NpScalar(d), self.exprs(args, stmt)?));
                }
                if args.len() == 1 && matches!(attr.attr.as_str(), "conj" | "conjugate") {
                    self.assume(module.id.as_str(), numpy);
                    return Ok(Expr::Call(Intrinsic::NpConj, self.exprs(args, stmt)?));
                }
                if args.len() == 3 && attr.attr.as_str() == "where" {
                    self.assume(module.id.as_str(), numpy);
                    return Ok(Expr::Call(Intrinsic::Where, self.exprs(args, stmt)?));
                }
                if args.len() == 1 && attr.attr.as_str() == "copy" {
                    self.assume(module.id.as_str(), numpy);
                    return Ok(Expr::Call(Intrinsic::Copy, self.exprs(args, stmt)?));
                }
                if args.len() == 2 && matches!(attr.attr.as_str(), "maximum" | "minimum") {
                    self.assume(module.id.as_str(), numpy);
                    let f = if attr.attr.as_str() == "maximum" {
                        Intrinsic::Maximum
                    } else {
                        Intrinsic::Minimum
                    };
                    return Ok(Expr::Call(f, self.exprs(args, stmt)?));
                }
                if attr.attr.as_str() == "dot" && args.len() == 2 {
                    self.assume(module.id.as_str(), Assumed::Module("numpy".into()));
                    return Ok(Expr::MatMul(
                        Box::new(self.expr(&args[0], stmt)?),
                        Box::new(self.expr(&args[1], stmt)?),
                    ));
                }
                // `self.f(x)`: a method, perhaps, resolved and inlined later. numpy's
                // and the standard modules' other functions stay interpreted, said here
                // (under the names programs give those modules).
                // `np.hypot(x, y)`, `np.erf`: numpy's, or no numpy function, which no
                // `math` function stands for.
                let named_numpy = matches!(module.id.as_str(), "np" | "numpy");
                let Some(f) = MathFn::from_name(attr.attr.as_str()).filter(|_| !named_numpy) else {
                    // `random.random()`: a draw, resolved with the generator when the
                    // nest compiles (`sites::draws`).
                    if (attr.attr.as_str() == "random" && args.is_empty())
                        || (matches!(attr.attr.as_str(), "uniform" | "randint") && args.len() == 2)
                        || (attr.attr.as_str() == "gauss" && args.len() <= 2)
                    {
                        return Ok(Expr::CallUser(
                            format!("{}.{}", module.id, attr.attr),
                            self.exprs(args, stmt)?,
                        ));
                    }
                    if MODULE_NAMES.contains(&module.id.as_str()) {
                        return Err(self.at(
                            stmt,
                            &format!("`{}.{}()` stays interpreted", module.id, attr.attr),
                        ));
                    }
                    return Ok(Expr::CallUser(
                        format!("{}.{}", module.id, attr.attr),
                        self.exprs(args, stmt)?,
                    ));
                };
                self.assume(module.id.as_str(), Assumed::Module("math".into()));
                (Intrinsic::Math(f), f.name())
            }
            ast::Expr::Name(name) => {
                let id = name.id.as_str();
                if id == "len" && args.len() == 1 {
                    if let Some(array) = attribute_path(&args[0]) {
                        self.assume("len", Assumed::Builtin("len".into()));
                        return Ok(Expr::Len(self.var(&array)));
                    }
                    return Err(self.at(
                        stmt,
                        "`len()` of something other than a name stays interpreted",
                    ));
                }
                if let Some(b) = Intrinsic::builtin(id) {
                    self.assume(id, Assumed::Builtin(id.into()));
                    (b, id)
                } else if kiln_jit::ir::Ufunc::from_name(id).is_some()
                    || kiln_jit::ir::NpTest::from_name(id).is_some()
                    || kiln_jit::ir::BinaryUfunc::from_name(id).is_some()
                {
                    // `exp(x)` after `from numpy import exp` or `from math import exp`:
                    // which one the name is bound to decides (`tier::known_function`).
                    return Ok(Expr::CallUser(id.to_owned(), self.exprs(args, stmt)?));
                } else if let Some(f) = MathFn::from_name(id) {
                    self.assume(
                        id,
                        Assumed::Function {
                            module: "math".into(),
                            function: id.into(),
                        },
                    );
                    (Intrinsic::Math(f), id)
                } else {
                    // A user function, perhaps: resolved and inlined when compiling.
                    return Ok(Expr::CallUser(id.to_owned(), self.exprs(args, stmt)?));
                }
            }
            _ => return Err(self.at(stmt, "this call stays interpreted")),
        };
        let arity_ok = match intrinsic {
            Intrinsic::Math(f) => args.len() == f.arity(),
            Intrinsic::Min | Intrinsic::Max => args.len() >= 2,
            Intrinsic::Complex => matches!(args.len(), 1 | 2),
            _ => args.len() == 1,
        };
        if !arity_ok {
            return Err(self.at(
                stmt,
                &format!("`{name}()` with {} arguments stays interpreted", args.len()),
            ));
        }
        Ok(Expr::Call(intrinsic, self.exprs(args, stmt)?))
    }
}
