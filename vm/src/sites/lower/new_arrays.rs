//! numpy's constructors of new arrays: `np.zeros(n)`, `np.ones((n, m), dtype=np.int64)`,
//! `np.empty(a.shape)`, `np.zeros_like(a)`, `np.empty_like(a, dtype=float)`.
//!
//! Each becomes [`Intrinsic::NewArray`], whose arguments are the axes' lengths or the
//! array whose shape it takes. Only a dtype named in the source is taken (a numpy type
//! of the module, a builtin type, or a string numpy knows), so the type of the new
//! array is known when the nest is typed; `empty` is `zeros`, as in kiln's numpy.

use super::{Lowering, Reason};
use kiln_jit::ir::{Assumed, Expr, Intrinsic, NewArray};
use kiln_jit::types::Dtype;
use rustpython_vm::compiler::ast;

impl Lowering<'_> {
    /// `module.function(args)` when `function` is one of numpy's constructors (`None`
    /// otherwise): its lowering, or why it stays interpreted.
    pub(super) fn new_array(
        &mut self,
        module: &str,
        function: &str,
        call: &ast::ExprCall,
        stmt: &ast::Stmt,
    ) -> Option<Result<Expr, Reason>> {
        let (ones, like) = match function {
            "zeros" | "empty" => (false, false),
            "ones" => (true, false),
            "zeros_like" | "empty_like" => (false, true),
            "ones_like" => (true, true),
            _ => return None,
        };
        if module == "math" {
            return None;
        }
        Some(self.constructor(module, function, ones, like, call, stmt))
    }

    fn constructor(
        &mut self,
        module: &str,
        function: &str,
        ones: bool,
        like: bool,
        call: &ast::ExprCall,
        stmt: &ast::Stmt,
    ) -> Result<Expr, Reason> {
        let refuse = |lowering: &Self, what: &str| {
            Err(lowering.at(
                stmt,
                &format!("`{module}.{function}()` {what} stays interpreted"),
            ))
        };
        let args = &call.arguments.args;
        let mut dtype_arg = None;
        for k in &call.arguments.keywords {
            match k.arg.as_ref().map(|a| a.as_str()) {
                Some("dtype") if dtype_arg.is_none() => dtype_arg = Some(&k.value),
                _ => return refuse(self, "with keywords other than `dtype=`"),
            }
        }
        let (first, rest) = match &args[..] {
            [first, rest @ ..] if rest.len() + dtype_arg.is_some() as usize <= 1 => (first, rest),
            _ => return refuse(self, "with these arguments"),
        };
        if matches!(first, ast::Expr::Starred(_)) {
            return refuse(self, "with starred arguments");
        }
        let dtype = match rest.first().or(dtype_arg) {
            None => None,
            Some(d) => match self.dtype(d) {
                Some(d) => d,
                None => return refuse(self, "of a dtype other than a numpy or builtin type"),
            },
        };
        if dtype == Some(Dtype::C128) {
            return refuse(self, "of complex128");
        }
        self.assume(module, Assumed::Module("numpy".into()));
        // `np.zeros(a.shape)` is `np.zeros_like(a, dtype=float64)`.
        let shape_of = match first {
            ast::Expr::Attribute(attr) if !like && attr.attr.as_str() == "shape" => {
                Some(&*attr.value)
            }
            _ => None,
        };
        let (like, dtype, args) = match (like, shape_of) {
            (true, _) => (true, dtype, vec![self.expr(first, stmt)?]),
            (false, Some(array)) => (
                true,
                Some(dtype.unwrap_or(Dtype::F64)),
                vec![self.expr(array, stmt)?],
            ),
            (false, None) => {
                let lens = match first {
                    ast::Expr::Tuple(t) => &t.elts[..],
                    one => std::slice::from_ref(one),
                };
                if lens.is_empty() || lens.iter().any(|e| matches!(e, ast::Expr::Starred(_))) {
                    return refuse(self, "of this shape");
                }
                (
                    false,
                    Some(dtype.unwrap_or(Dtype::F64)),
                    self.exprs(lens, stmt)?,
                )
            }
        };
        Ok(Expr::Call(
            Intrinsic::NewArray(NewArray { ones, like, dtype }),
            args,
        ))
    }

    /// The dtype `e` names: `Some(None)` for `None`, `None` for what is not known here.
    fn dtype(&mut self, e: &ast::Expr) -> Option<Option<Dtype>> {
        let named = |name: &str| {
            Some(match name {
                "float64" | "double" | "f8" | "d" => Dtype::F64,
                "float32" | "single" | "f4" | "f" => Dtype::F32,
                "int64" | "int_" | "i8" | "intp" => Dtype::I64,
                "int32" | "i4" => Dtype::I32,
                "int16" | "i2" => Dtype::I16,
                "int8" | "i1" => Dtype::I8,
                "uint8" | "u1" => Dtype::U8,
                "bool_" | "bool" | "?" => Dtype::Bool,
                "complex128" | "c16" | "cdouble" => Dtype::C128,
                _ => return None,
            })
        };
        match e {
            ast::Expr::NoneLiteral(_) => Some(None),
            ast::Expr::StringLiteral(s) => named(s.value.to_str()).map(Some),
            ast::Expr::Attribute(attr) => {
                let ast::Expr::Name(module) = &*attr.value else {
                    return None;
                };
                let d = named(attr.attr.as_str()).filter(|_| attr.attr.as_str() != "bool")?;
                self.assume(module.id.as_str(), Assumed::Module("numpy".into()));
                Some(Some(d))
            }
            ast::Expr::Name(name) => {
                let d = match name.id.as_str() {
                    "float" => Dtype::F64,
                    "int" => Dtype::I64,
                    "bool" => Dtype::Bool,
                    "complex" => Dtype::C128,
                    _ => return None,
                };
                self.assume(name.id.as_str(), Assumed::Builtin(name.id.to_string()));
                Some(Some(d))
            }
            _ => None,
        }
    }
}
