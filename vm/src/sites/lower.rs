//! Lowering a loop statement's AST into the JIT's loop-nest IR.
//!
//! This runs when user source is compiled, before anything has executed, so it decides
//! only what can be decided from the syntax: whether the nest stays inside the subset the
//! JIT compiles, and if not, why (the reason names the line and the construct). Whether
//! `math` really is the math module, or `x` an array, is left to run time: the
//! [`Nest`] records the names it assumes and the types come from observation.
//!
//! Statements are numbered in pre-order, which is the order
//! [`super::rewrite::resume_code`] numbers them in too: the two must agree, as a point
//! is how compiled code tells the interpreter where to resume.

mod assigned;
mod calls;
mod chained;
mod constants;
mod effects;
mod items;
mod new_arrays;
mod returns;
mod subscript_items;

pub(super) use returns::has_loop;
#[cfg(test)]
mod scalarise_tests;
mod subscripts;
mod swap;
#[cfg(test)]
mod tests;
mod unpack;

use super::LineIndex;
use kiln_jit::ir::{
    Assumed, Assumption, BinOp, CmpOp, Expr, Function, Intrinsic, LogicOp, Nest, Point, Stmt,
    StmtKind, UnaryOp, Var, VarData,
};
use kiln_jit::ir::{EntityRef, PrimaryMap};
use ruff_text_size::Ranged;
use rustpython_vm::compiler::ast;
use std::collections::HashMap;

/// Why a loop stays interpreted, for the jit report.
pub type Reason = String;

/// The name of the temporary a call whose result is discarded assigns
/// (`#discarded7` for the statement at point 7).
pub const DISCARDED: &str = "#discarded";

/// Builds the nest of the loop statement `stmt` (a `for` or a `while`).
pub fn lower_loop(stmt: &ast::Stmt, lines: &LineIndex) -> Result<Nest, Reason> {
    let mut lowering = Lowering::new(lines);
    let root = lowering.root(stmt)?;
    // The site's own header runs in the interpreter (or, a `while` condition, again on
    // every iteration): no statement before it binds its items (`subscript_items`).
    if !lowering.item_bindings.is_empty() {
        return Err(lowering.at(
            stmt,
            "an attribute of a list's item in the loop's header (a `while` condition, the \
             sequence it runs over) stays interpreted",
        ));
    }
    let nest = Nest {
        vars: lowering.vars,
        root,
        points: lowering.next_point,
        assumed: lowering.assumed,
        in_place: lowering.in_place,
        tuple_subscripted: lowering.tuple_subscripted,
        granted: lowering.granted,
        // Set by the rewriter, which knows the function the loop is in.
        fastmath: false,
        read_after: None,
    };
    attributes_stay_put(&nest)?;
    // A loop over a name the nest assigns is refused when the nest compiles
    // (`kiln_jit::rows::check_iterated`), where the name may turn out to be a row of a
    // list of rows, which a loop can run over.
    Ok(nest)
}

/// An attribute (`self.n`, `self.grid.u`) is a variable of its own, read on entry like
/// any live-in and, when the nest assigns it, stored back when the nest ends or hands
/// back to the interpreter (with the other assigned variables): the nest calls nothing
/// that could read or store it meanwhile, so the object holds the attribute's value
/// whenever anything else can look. That needs the object it hangs on to stay the same
/// object: the nest must not rebind the name or attribute the path goes through.
/// (Two paths to one object, `a.x` and `b.x` with `a is b`, are checked on entry.)
///
/// An attribute of a name the nest binds only to objects of a list (`p.x` of
/// `for p in ps`) is no such variable: it is read and stored in the objects
/// themselves (`kiln_jit::objects`).
fn attributes_stay_put(nest: &Nest) -> Result<(), Reason> {
    let assigned = nest.assigned();
    let columns = kiln_jit::objects::item_attributes(nest);
    for (var, data) in nest.vars.iter() {
        if columns.iter().any(|c| c.var == var) {
            continue;
        }
        for (k, _) in data.name.match_indices('.') {
            let base = &data.name[..k];
            if assigned.iter().any(|v| nest.vars[*v].name == base) {
                return Err(format!(
                    "`{}` is used while the loop assigns `{base}`; it stays interpreted",
                    data.name
                ));
            }
        }
    }
    Ok(())
}

/// Builds the inlinable form of a function definition: positional parameters without
/// defaults, statements of the subset without loops, a `return value` on every path.
///
/// Decorated definitions qualify too (`@njit`, `@jit(nopython=True)`): a call is
/// inlined only when the object the name holds at run time is a function whose code
/// is this definition's (and a guard keeps it so), so a decorator that returns a
/// wrapper or anything else makes the call stay interpreted, never inlines the wrong body.
pub fn lower_function(def: &ast::StmtFunctionDef, lines: &LineIndex) -> Result<Function, Reason> {
    let mut lowering = Lowering::new(lines);
    let p = &def.parameters;
    if def.is_async
        || p.vararg.is_some()
        || p.kwarg.is_some()
        || !p.kwonlyargs.is_empty()
        || p.posonlyargs
            .iter()
            .chain(&p.args)
            .any(|a| a.default.is_some())
    {
        return Err("only plain functions are inlined".into());
    }
    let params = p
        .posonlyargs
        .iter()
        .chain(&p.args)
        .map(|a| lowering.var(a.parameter.name.as_str()))
        .collect();
    if def.body.is_empty() {
        return Err("an empty function".into());
    }
    // Each `return value` assigns a hidden result variable (see `returns`). A function
    // with no `return` at all is a procedure (a method that moves its object), inlined
    // only where the call's value is discarded.
    let result = lowering.var("return");
    let procedure = !returns::returns_anywhere(&def.body);
    let stmts = if returns::has_loop(&def.body) {
        lowering.looping_body(&def.body, result)?
    } else {
        let all: Vec<&ast::Stmt> = def.body.iter().collect();
        let mut budget = returns::MAX_STATEMENTS;
        let (stmts, returns) = lowering.returning_block(&all, result, &mut budget)?;
        if !returns && !procedure {
            return Err("a path through the function ends without `return value`".into());
        }
        stmts
    };
    // A method reads and stores its object's attributes (`self.n`): inlined, they are
    // the caller's for that object's (`p.n`). Nothing else's. (Which stores an inlined
    // body may make, where it can still hand back after them, `inline` decides.)
    let this = p.posonlyargs.iter().chain(&p.args).next();
    let this = this.map(|a| format!("{}.", a.parameter.name.as_str()));
    if let Some((_, d)) = lowering.vars.iter().find(|(_, d)| {
        d.name.contains('.')
            && !this
                .as_ref()
                .is_some_and(|t| d.name.starts_with(t.as_str()))
    }) {
        return Err(format!(
            "it reads the attribute `{}` (inlined functions read only their parameters \
             and a method its object's attributes)",
            d.name
        ));
    }
    let tuple = match lowering.return_arity {
        Some(Some(n)) => (0..n).map(|k| lowering.var(&returns::element(k))).collect(),
        _ => Vec::new(),
    };
    let f = Function {
        name: def.name.to_string(),
        vars: lowering.vars,
        params,
        body: stmts,
        result: Expr::Var(result),
        tuple,
        assumed: lowering.assumed,
        procedure,
    };
    // Its locals outlive a call once inlined; Python's start unbound at each.
    if let Some(v) = assigned::read_before_assigned(&f) {
        return Err(format!(
            "`{}` may be read before it is assigned (Python raises UnboundLocalError)",
            f.vars[v].name
        ));
    }
    Ok(f)
}

struct Lowering<'a> {
    lines: &'a LineIndex,
    vars: PrimaryMap<Var, VarData>,
    by_name: HashMap<String, Var>,
    next_point: u32,
    assumed: Vec<Assumption>,
    /// The points of `name op= value` statements (see [`Nest::in_place`]).
    in_place: Vec<Point>,
    granted: Vec<Point>,
    /// Variables subscripted with a tuple (`a[i, j]`): `Nest::tuple_subscripted`.
    tuple_subscripted: Vec<Var>,
    /// What the `return`s of a function body seen so far return: `Some(None)` a
    /// value, `Some(Some(n))` a tuple display of `n` (see `returns`).
    return_arity: Option<Option<usize>>,
    /// Lowering the body of a function with loops to inline: its `return`s assign this
    /// result variable (or the tuple's elements) and end the inlined body.
    function_result: Option<Var>,
    /// The items of lists the statement being lowered takes attributes of
    /// (`ps[i - 1].x`), each bound to its name before the statement (`subscript_items`).
    item_bindings: Vec<(Var, Expr)>,
    /// Items bound so far whose subscript has no short text (`subscript_items`).
    next_unnamed_item: u32,
}

impl<'a> Lowering<'a> {
    fn new(lines: &'a LineIndex) -> Self {
        Lowering {
            lines,
            vars: PrimaryMap::new(),
            by_name: HashMap::new(),
            next_point: 0,
            assumed: Vec::new(),
            in_place: Vec::new(),
            granted: Vec::new(),
            tuple_subscripted: Vec::new(),
            return_arity: None,
            function_result: None,
            item_bindings: Vec::new(),
            next_unnamed_item: 0,
        }
    }

    fn root(&mut self, stmt: &ast::Stmt) -> Result<Stmt, Reason> {
        match stmt {
            ast::Stmt::For(f) => {
                if f.is_async {
                    return Err(self.at(stmt, "`async for` loops stay interpreted"));
                }
                let point = self.point();
                let (var, items) = if let Some((callee, _)) = range_call(&f.iter) {
                    // The site runs the range object it is given: `prange` says so only
                    // here.
                    if callee != RangeCallee::Range {
                        self.granted.push(point);
                    }
                    (self.target_name(&f.target, stmt)?, Vec::new())
                } else {
                    let l = self.items_loop(&f.target, &f.iter, point, stmt, true)?;
                    (l.counter, l.items)
                };
                let body = self.block(&f.body)?;
                // The bounds of the site's own loop come from the range object it runs,
                // or the arrays' length (`_kiln_jit.items`).
                Ok(Stmt {
                    point,
                    line: self.line(stmt),
                    kind: StmtKind::For {
                        var,
                        start: Expr::Int(0),
                        stop: Expr::Int(0),
                        step: Expr::Int(1),
                        items,
                        body,
                    },
                })
            }
            ast::Stmt::While(w) => {
                if !w.orelse.is_empty() {
                    return Err(
                        self.at(stmt, "`while` loops with an `else` clause stay interpreted")
                    );
                }
                let point = self.point();
                let cond = self.expr(&w.test, stmt)?;
                let body = self.block(&w.body)?;
                Ok(Stmt {
                    point,
                    line: self.line(stmt),
                    kind: StmtKind::While { cond, body },
                })
            }
            _ => unreachable!("lower_loop is given loop statements"),
        }
    }

    fn point(&mut self) -> Point {
        let point = Point::new(self.next_point as usize);
        self.next_point += 1;
        point
    }

    fn line(&self, stmt: &ast::Stmt) -> u32 {
        self.lines.line(stmt.range().start().to_u32())
    }

    fn at(&self, stmt: &ast::Stmt, what: &str) -> Reason {
        format!("line {}: {what}", self.line(stmt))
    }

    fn var(&mut self, name: &str) -> Var {
        if let Some(&var) = self.by_name.get(name) {
            return var;
        }
        let var = self.vars.push(VarData {
            name: name.to_owned(),
            hidden: false,
        });
        self.by_name.insert(name.to_owned(), var);
        var
    }

    fn assume(&mut self, name: &str, is: Assumed) {
        let assumption = Assumption {
            name: name.to_owned(),
            is,
        };
        if !self.assumed.contains(&assumption) {
            self.assumed.push(assumption);
        }
    }

    /// A variable of the nest no Python name reaches (`#chained3`, `#unpack7.1`).
    fn hidden(&mut self, name: String) -> Var {
        self.vars.push(VarData { name, hidden: true })
    }

    fn target_name(&mut self, target: &ast::Expr, stmt: &ast::Stmt) -> Result<Var, Reason> {
        match target {
            ast::Expr::Name(name) => Ok(self.var(name.id.as_str())),
            _ => Err(self.at(stmt, "the loop target is not a plain name")),
        }
    }

    fn block(&mut self, stmts: &[ast::Stmt]) -> Result<Vec<Stmt>, Reason> {
        stmts.iter().map(|s| self.stmt(s)).collect()
    }

    /// A statement, after the items whose attributes it takes are bound
    /// (`subscript_items`).
    fn stmt(&mut self, stmt: &ast::Stmt) -> Result<Stmt, Reason> {
        let outer = std::mem::take(&mut self.item_bindings);
        let lowered = self.statement(stmt);
        let bindings = std::mem::replace(&mut self.item_bindings, outer);
        self.with_items(lowered?, bindings, stmt)
    }

    fn statement(&mut self, stmt: &ast::Stmt) -> Result<Stmt, Reason> {
        let point = self.point();
        let line = self.line(stmt);
        let kind = match stmt {
            ast::Stmt::For(f) => {
                if f.is_async || !f.orelse.is_empty() {
                    return Err(self.at(stmt, "inner loops with an `else` clause stay interpreted"));
                }
                let Some((callee, args)) = range_call(&f.iter) else {
                    let l = self.items_loop(&f.target, &f.iter, point, stmt, false)?;
                    let for_loop = StmtKind::For {
                        var: l.counter,
                        start: Expr::Int(0),
                        stop: l.stop,
                        step: Expr::Int(1),
                        items: l.items,
                        body: self.block(&f.body)?,
                    };
                    // Its sequences bound to names first, at its point: a failure there
                    // hands the whole statement back, before the loop started.
                    let at = |kind| Stmt { point, line, kind };
                    let kind = match l.bindings.is_empty() {
                        true => for_loop,
                        false => {
                            let mut stmts: Vec<Stmt> = l
                                .bindings
                                .into_iter()
                                .map(|(v, e)| {
                                    at(StmtKind::Assign {
                                        targets: vec![v],
                                        values: vec![e],
                                    })
                                })
                                .collect();
                            stmts.push(at(for_loop));
                            at_one_point(stmts)
                        }
                    };
                    return Ok(at(kind));
                };
                let var = self.target_name(&f.target, stmt)?;
                if callee != RangeCallee::Range {
                    self.granted.push(point);
                }
                match callee {
                    RangeCallee::Range => self.assume("range", Assumed::Builtin("range".into())),
                    RangeCallee::Prange => self.assume(
                        "prange",
                        Assumed::Function {
                            module: "numba".into(),
                            function: "prange".into(),
                        },
                    ),
                    RangeCallee::NumbaPrange(module) => {
                        // `kiln.prange` through `import kiln`, else numba's.
                        let package = if module == "kiln" { "kiln" } else { "numba" };
                        self.assume(module, Assumed::Module(package.into()))
                    }
                }
                let args = args
                    .iter()
                    .map(|a| self.expr(a, stmt))
                    .collect::<Result<Vec<_>, _>>()?;
                let (start, stop, step) = match <[Expr; 3]>::try_from(args) {
                    Ok([a, b, c]) => (a, b, c),
                    Err(args) => match <[Expr; 2]>::try_from(args) {
                        Ok([a, b]) => (a, b, Expr::Int(1)),
                        Err(args) => {
                            let [b] = <[Expr; 1]>::try_from(args).expect("range_call checks arity");
                            (Expr::Int(0), b, Expr::Int(1))
                        }
                    },
                };
                let body = self.block(&f.body)?;
                StmtKind::For {
                    var,
                    start,
                    stop,
                    step,
                    items: Vec::new(),
                    body,
                }
            }
            ast::Stmt::While(w) => {
                if !w.orelse.is_empty() {
                    return Err(
                        self.at(stmt, "`while` loops with an `else` clause stay interpreted")
                    );
                }
                let cond = self.expr(&w.test, stmt)?;
                let body = self.block(&w.body)?;
                StmtKind::While { cond, body }
            }
            ast::Stmt::If(i) => {
                if !i.elif_else_clauses.iter().all(|c| c.test.is_none()) {
                    unreachable!("elif chains are desugared into nested ifs before lowering");
                }
                let cond = self.expr(&i.test, stmt)?;
                let then = self.block(&i.body)?;
                let orelse = match i.elif_else_clauses.first() {
                    Some(clause) => self.block(&clause.body)?,
                    None => Vec::new(),
                };
                StmtKind::If { cond, then, orelse }
            }
            ast::Stmt::Assign(a) => match a.targets.as_slice() {
                [ast::Expr::Tuple(t)] if matches!(&*a.value, ast::Expr::Call(_)) => {
                    self.unpack_call(&t.elts, &a.value, point, stmt)?
                }
                [ast::Expr::Tuple(t)]
                    if matches!(&*a.value, ast::Expr::Name(n)
                        if n.id.starts_with(super::unpacked::ITEM)) =>
                {
                    self.unpack_item(&t.elts, &a.value, stmt)?
                }
                [ast::Expr::Tuple(t)]
                    if t.elts.iter().any(|e| matches!(e, ast::Expr::Subscript(_))) =>
                {
                    let values = self.tuple_display(&a.value, t.elts.len(), stmt)?;
                    self.element_swap(&t.elts, values, point, stmt)?
                }
                // `best = (i, j)`: a tuple bound to a name (`kiln_jit::tuples`).
                [ast::Expr::Name(name)]
                    if matches!(&*a.value, ast::Expr::Tuple(t)
                        if (1..=8).contains(&t.elts.len())
                            && !t.elts.iter().any(|e| matches!(e, ast::Expr::Starred(_)))) =>
                {
                    let ast::Expr::Tuple(t) = &*a.value else {
                        unreachable!("matched a tuple")
                    };
                    StmtKind::Assign {
                        targets: vec![self.var(name.id.as_str())],
                        values: vec![Expr::Tuple(self.exprs(&t.elts, stmt)?)],
                    }
                }
                [target] => self.assign(target, None, &a.value, stmt)?,
                targets => self.chained(targets, &a.value, point, stmt)?,
            },
            ast::Stmt::AnnAssign(a) => match &a.value {
                Some(value) => self.assign(&a.target, None, value, stmt)?,
                None => StmtKind::Pass,
            },
            ast::Stmt::AugAssign(a) => {
                if matches!(&*a.target, ast::Expr::Name(_)) {
                    self.in_place.push(point);
                }
                self.assign(&a.target, Some(bin_op(a.op, self, stmt)?), &a.value, stmt)?
            }
            ast::Stmt::Break(_) => StmtKind::Break,
            ast::Stmt::Return(r) => {
                return match self.function_result {
                    Some(result) => self.function_return(r.value.as_deref(), result, point, stmt),
                    None => self.loop_return(r.value.as_deref(), point, stmt),
                };
            }
            ast::Stmt::Continue(_) => StmtKind::Continue,
            ast::Stmt::Pass(_) => StmtKind::Pass,
            ast::Stmt::Expr(e) if matches!(&*e.value, ast::Expr::StringLiteral(_)) => {
                StmtKind::Pass
            }
            ast::Stmt::Expr(e) => self.effect(&e.value, point, stmt)?,
            other => {
                let what = match other {
                    ast::Stmt::Raise(_) => "`raise`",
                    ast::Stmt::Try(_) => "`try`",
                    ast::Stmt::With(_) => "`with`",
                    ast::Stmt::FunctionDef(_) => "a nested `def`",
                    ast::Stmt::ClassDef(_) => "a nested `class`",
                    ast::Stmt::Delete(_) => "`del`",
                    ast::Stmt::Global(_) | ast::Stmt::Nonlocal(_) => {
                        "a `global`/`nonlocal` declaration"
                    }
                    ast::Stmt::Import(_) | ast::Stmt::ImportFrom(_) => "`import`",
                    ast::Stmt::Assert(_) => "`assert`",
                    ast::Stmt::Match(_) => "`match`",
                    _ => "this statement",
                };
                return Err(self.at(stmt, &format!("{what} stays interpreted")));
            }
        };
        Ok(Stmt { point, line, kind })
    }

    /// The elements of `value` when it is a tuple display of `n` (what a tuple of `n`
    /// targets unpacks), or why the statement stays interpreted.
    fn tuple_display<'v>(
        &self,
        value: &'v ast::Expr,
        n: usize,
        stmt: &ast::Stmt,
    ) -> Result<&'v [ast::Expr], Reason> {
        let ast::Expr::Tuple(values) = value else {
            return Err(self.at(
                stmt,
                "unpacking something other than a tuple display stays interpreted",
            ));
        };
        if values.elts.len() != n {
            return Err(self.at(
                stmt,
                "unpacking a tuple of another length raises; it stays interpreted",
            ));
        }
        Ok(&values.elts)
    }

    fn assign(
        &mut self,
        target: &ast::Expr,
        op: Option<BinOp>,
        value: &ast::Expr,
        stmt: &ast::Stmt,
    ) -> Result<StmtKind, Reason> {
        match target {
            // `self.n += 1`: the attribute is a variable of its own (`self.n`), read on
            // entry and stored back when the nest ends or hands back (see
            // `attributes_stay_put`).
            ast::Expr::Name(_) | ast::Expr::Attribute(_) => {
                let var = match target {
                    ast::Expr::Name(name) => self.var(name.id.as_str()),
                    _ => self.attribute_target(target, stmt)?,
                };
                let mut value = self.expr(value, stmt)?;
                if let Some(op) = op {
                    value = Expr::Binary(op, Box::new(Expr::Var(var)), Box::new(value));
                }
                Ok(StmtKind::Assign {
                    targets: vec![var],
                    values: vec![value],
                })
            }
            ast::Expr::Tuple(t) if op.is_none() => {
                let n = t.elts.len();
                // `n, m = a.shape`: each axis, `a` checked to have that many when typed;
                // anything else a tuple display of as many values.
                let shape = match value {
                    ast::Expr::Attribute(s)
                        if s.attr.as_str() == "shape" && (1..=8).contains(&n) =>
                    {
                        attribute_path(&s.value).map(|array| self.var(&array))
                    }
                    _ => None,
                };
                let displayed = match shape {
                    Some(_) => &[][..],
                    None => self.tuple_display(value, n, stmt)?,
                };
                let mut targets = Vec::new();
                for elt in &t.elts {
                    targets.push(match elt {
                        ast::Expr::Name(name) => self.var(name.id.as_str()),
                        ast::Expr::Attribute(_) => self.attribute_target(elt, stmt)?,
                        _ => {
                            return Err(self.at(
                                stmt,
                                "tuple assignment to something other than names stays interpreted",
                            ));
                        }
                    });
                }
                let values = match shape {
                    Some(array) => (0..n)
                        .map(|k| match Expr::Shape(array, k as i64) {
                            axis if k == 0 => Expr::Call(Intrinsic::Axes(n as u8), vec![axis]),
                            axis => axis,
                        })
                        .collect(),
                    None => displayed
                        .iter()
                        .map(|v| self.expr(v, stmt))
                        .collect::<Result<Vec<_>, _>>()?,
                };
                Ok(StmtKind::Assign { targets, values })
            }
            ast::Expr::Subscript(_) => {
                let Some(Expr::Load(array, index)) = self.element(target, stmt)? else {
                    return Err(self.at(stmt, "assignment to this subscript stays interpreted"));
                };
                let value = self.expr(value, stmt)?;
                Ok(StmtKind::Store {
                    array,
                    index,
                    op,
                    value,
                })
            }
            _ => Err(self.at(stmt, "assignment to a starred target stays interpreted")),
        }
    }

    /// The variable an attribute assigned to stands for (`self.n`): an attribute of a
    /// name or of a chain of attributes, and none that numbers and arrays have, which
    /// Python does not let a program assign (`z.real`, `a.shape`) or which are no
    /// plain values (`a.dtype`).
    fn attribute_target(&mut self, target: &ast::Expr, stmt: &ast::Stmt) -> Result<Var, Reason> {
        let ast::Expr::Attribute(attr) = target else {
            unreachable!("called with an attribute")
        };
        const BUILT_IN: &[&str] = &[
            "real", "imag", "shape", "T", "size", "ndim", "dtype", "strides", "flat", "data",
            "base", "itemsize", "nbytes",
        ];
        if BUILT_IN.contains(&attr.attr.as_str()) {
            return Err(self.at(
                stmt,
                &format!(
                    "assignment to the attribute `{}` stays interpreted",
                    attr.attr
                ),
            ));
        }
        match attribute_path(target) {
            Some(path) => Ok(self.var(&path)),
            None => match self.item_attribute(attr, stmt)? {
                Some(var) => Ok(var),
                None => Err(self.at(
                    stmt,
                    "assignment to an attribute of something other than a name or an item of \
                     a list stays interpreted",
                )),
            },
        }
    }

    fn exprs(&mut self, exprs: &[ast::Expr], stmt: &ast::Stmt) -> Result<Vec<Expr>, Reason> {
        exprs.iter().map(|e| self.expr(e, stmt)).collect()
    }

    fn expr(&mut self, expr: &ast::Expr, stmt: &ast::Stmt) -> Result<Expr, Reason> {
        // A complex constant the bytecode compiler folds (`-0.5 + -0j`) is the one it
        // folded to.
        if matches!(expr, ast::Expr::BinOp(_) | ast::Expr::UnaryOp(_))
            && let Some((re, im)) = constants::complex_constant(expr)
        {
            return Ok(Expr::Call(
                Intrinsic::Complex,
                vec![Expr::Float(re), Expr::Float(im)],
            ));
        }
        Ok(match expr {
            ast::Expr::Name(name) => Expr::Var(self.var(name.id.as_str())),
            ast::Expr::NumberLiteral(n) => match &n.value {
                ast::Number::Int(i) => match i.as_i64() {
                    Some(i) => Expr::Int(i),
                    None => {
                        return Err(
                            self.at(stmt, "an integer literal beyond 64 bits stays interpreted")
                        );
                    }
                },
                ast::Number::Float(f) => Expr::Float(*f),
                // `2j` is `complex(0.0, 2.0)` (and `-2j` its negation, as in Python).
                ast::Number::Complex { real, imag } => Expr::Call(
                    Intrinsic::Complex,
                    vec![Expr::Float(*real), Expr::Float(*imag)],
                ),
            },
            ast::Expr::BooleanLiteral(b) => Expr::Bool(b.value),
            ast::Expr::BinOp(b) if b.op == ast::Operator::MatMult => Expr::MatMul(
                Box::new(self.expr(&b.left, stmt)?),
                Box::new(self.expr(&b.right, stmt)?),
            ),
            ast::Expr::BinOp(b) => Expr::Binary(
                bin_op(b.op, self, stmt)?,
                Box::new(self.expr(&b.left, stmt)?),
                Box::new(self.expr(&b.right, stmt)?),
            ),
            ast::Expr::UnaryOp(u) => {
                // `-3` is a literal to the compiled code, as it is to CPython's optimiser.
                if let (ast::UnaryOp::USub, Some(i)) = (u.op, int_literal(&u.operand).map(|i| -i)) {
                    return Ok(Expr::Int(i));
                }
                let op = match u.op {
                    ast::UnaryOp::USub => UnaryOp::Neg,
                    ast::UnaryOp::UAdd => UnaryOp::Pos,
                    ast::UnaryOp::Not => UnaryOp::Not,
                    ast::UnaryOp::Invert => UnaryOp::Invert,
                };
                Expr::Unary(op, Box::new(self.expr(&u.operand, stmt)?))
            }
            ast::Expr::BoolOp(b) => {
                let op = match b.op {
                    ast::BoolOp::And => LogicOp::And,
                    ast::BoolOp::Or => LogicOp::Or,
                };
                Expr::Logic(op, self.exprs(&b.values, stmt)?)
            }
            // `p is q` of two names: whether they hold one object, which compiled code
            // knows only of two objects of one list (`kiln_jit::objects`).
            ast::Expr::Compare(c)
                if matches!(&c.ops[..], [ast::CmpOp::Is | ast::CmpOp::IsNot])
                    && matches!(&*c.left, ast::Expr::Name(_))
                    && matches!(&c.comparators[..], [ast::Expr::Name(_)]) =>
            {
                let same = Expr::Call(
                    Intrinsic::Is,
                    vec![
                        self.expr(&c.left, stmt)?,
                        self.expr(&c.comparators[0], stmt)?,
                    ],
                );
                match c.ops[0] {
                    ast::CmpOp::Is => same,
                    _ => Expr::Unary(UnaryOp::Not, Box::new(same)),
                }
            }
            ast::Expr::Compare(c) => {
                let mut rest = Vec::new();
                for (op, right) in c.ops.iter().zip(c.comparators.iter()) {
                    let op = match op {
                        ast::CmpOp::Eq => CmpOp::Eq,
                        ast::CmpOp::NotEq => CmpOp::Ne,
                        ast::CmpOp::Lt => CmpOp::Lt,
                        ast::CmpOp::LtE => CmpOp::Le,
                        ast::CmpOp::Gt => CmpOp::Gt,
                        ast::CmpOp::GtE => CmpOp::Ge,
                        _ => return Err(self.at(stmt, "`in`/`is` comparisons stay interpreted")),
                    };
                    rest.push((op, self.expr(right, stmt)?));
                }
                Expr::Compare(Box::new(self.expr(&c.left, stmt)?), rest)
            }
            ast::Expr::If(i) => Expr::IfExp(
                Box::new(self.expr(&i.test, stmt)?),
                Box::new(self.expr(&i.body, stmt)?),
                Box::new(self.expr(&i.orelse, stmt)?),
            ),
            ast::Expr::Subscript(_) => match self.element(expr, stmt)? {
                Some(e) => e,
                None => return Err(self.at(stmt, "this subscript stays interpreted")),
            },
            ast::Expr::Call(call) => self.call(call, stmt)?,
            // A number's parts: of a complex number, or a real one and its zero.
            ast::Expr::Attribute(attr) if matches!(attr.attr.as_str(), "real" | "imag") => {
                let part = if attr.attr.as_str() == "real" {
                    Intrinsic::Real
                } else {
                    Intrinsic::Imag
                };
                Expr::Call(part, vec![self.expr(&attr.value, stmt)?])
            }
            ast::Expr::Attribute(attr) => match attribute_path(expr) {
                Some(path) => Expr::Var(self.var(&path)),
                None => match self.item_attribute(attr, stmt)? {
                    Some(var) => Expr::Var(var),
                    None => {
                        return Err(self.at(
                            stmt,
                            "an attribute of something other than a name or an item of a \
                             list stays interpreted",
                        ));
                    }
                },
            },
            _ => {
                let what = match expr {
                    ast::Expr::Tuple(_) => "a tuple as a value",
                    ast::Expr::List(_) | ast::Expr::ListComp(_) => "a list",
                    ast::Expr::Dict(_) | ast::Expr::DictComp(_) => "a dict",
                    ast::Expr::Set(_) | ast::Expr::SetComp(_) => "a set",
                    ast::Expr::StringLiteral(_) | ast::Expr::FString(_) => "a string",
                    ast::Expr::NoneLiteral(_) => "`None` as a value",
                    ast::Expr::Lambda(_) => "a lambda",
                    ast::Expr::Generator(_) => "a generator expression",
                    _ => "this kind of expression",
                };
                return Err(self.at(stmt, &format!("{what} stays interpreted")));
            }
        })
    }
}

fn bin_op(op: ast::Operator, lowering: &Lowering, stmt: &ast::Stmt) -> Result<BinOp, Reason> {
    Ok(match op {
        ast::Operator::Add => BinOp::Add,
        ast::Operator::Sub => BinOp::Sub,
        ast::Operator::Mult => BinOp::Mul,
        ast::Operator::Div => BinOp::Div,
        ast::Operator::FloorDiv => BinOp::FloorDiv,
        ast::Operator::Mod => BinOp::Mod,
        ast::Operator::Pow => BinOp::Pow,
        ast::Operator::BitAnd => BinOp::BitAnd,
        ast::Operator::BitOr => BinOp::BitOr,
        ast::Operator::BitXor => BinOp::BitXor,
        ast::Operator::LShift => BinOp::LShift,
        ast::Operator::RShift => BinOp::RShift,
        ast::Operator::MatMult => return Err(lowering.at(stmt, "`@` stays interpreted")),
    })
}

/// `x`, `self.n`, `self.grid.u` as the dotted name of the variable standing for it.
fn attribute_path(expr: &ast::Expr) -> Option<String> {
    match expr {
        ast::Expr::Name(name) => Some(name.id.to_string()),
        ast::Expr::Attribute(attr) => {
            Some(format!("{}.{}", attribute_path(&attr.value)?, attr.attr))
        }
        _ => None,
    }
}

/// One Python statement lowered as several IR statements that all sit at its point
/// (the chained, swapping and unpacking assignments, a `return` in a loop): a hand-back
/// at any of them runs the Python statement again, whole.
fn at_one_point(then: Vec<Stmt>) -> StmtKind {
    StmtKind::If {
        cond: Expr::Bool(true),
        then,
        orelse: Vec::new(),
    }
}

/// What a counted loop calls for its range: `range`, or numba's `prange` (which is
/// `range` in kiln until the parallel tier runs its iterations on several cores).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RangeCallee<'a> {
    Range,
    /// `prange(...)`, as `from numba import prange` binds it.
    Prange,
    /// `numba.prange(...)` / `nb.prange(...)`, through the module's name.
    NumbaPrange(&'a str),
}

/// The arguments of `range(...)` (or `prange(...)`) with one to three positional
/// arguments.
pub(super) fn range_call(expr: &ast::Expr) -> Option<(RangeCallee<'_>, &[ast::Expr])> {
    let ast::Expr::Call(call) = expr else {
        return None;
    };
    let callee = match &*call.func {
        ast::Expr::Name(name) if name.id.as_str() == "range" => RangeCallee::Range,
        ast::Expr::Name(name) if name.id.as_str() == "prange" => RangeCallee::Prange,
        ast::Expr::Attribute(a) if a.attr.as_str() == "prange" => match &*a.value {
            ast::Expr::Name(module) => RangeCallee::NumbaPrange(module.id.as_str()),
            _ => return None,
        },
        _ => return None,
    };
    let args = &call.arguments.args;
    (call.arguments.keywords.is_empty()
        && (1..=3).contains(&args.len())
        && !args.iter().any(|a| matches!(a, ast::Expr::Starred(_))))
    .then_some((callee, args))
}

fn int_literal(expr: &ast::Expr) -> Option<i64> {
    match expr {
        ast::Expr::NumberLiteral(ast::ExprNumberLiteral {
            value: ast::Number::Int(i),
            ..
        }) => i.as_i64(),
        ast::Expr::UnaryOp(u) if u.op == ast::UnaryOp::USub => int_literal(&u.operand).map(|i| -i),
        _ => None,
    }
}
