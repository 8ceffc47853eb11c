//! What the code around a loop may read of the names the loop assigns.
//!
//! A nest that finishes, or hands a statement back to the interpreter, writes back the
//! variables it assigned, for the interpreter to read. In a function most of them are
//! the loops' own counters and temporaries (conv2d's `c`, `u`, `v` and `acc`), which
//! nothing after the loop reads; but keeping their last values and "bound" flags up to
//! date for the exits made them values every loop level carries, and regalloc2 spilled
//! and reloaded them on every iteration of the middle loops. So the rewriter lists, per
//! function, the names it reads outside each site's loop body ([`Nest::read_after`]);
//! `kiln_jit::liveness` takes the others as dead after the loop, and before a statement
//! a hand-back resumes at unless the rest of the nest reads them.
//!
//! A name counts as read where it is loaded, deleted (`del x` needs it bound) or the
//! target of `x op= ...`, anywhere in the function outside the loop's body (its header,
//! its `else`, the loops around it, nested functions and comprehensions); names the
//! function declares `global` or `nonlocal` always count, and so do names passed to a
//! call in the body (in its arguments, or whose method it calls): a spliced call hands back by running
//! the call again, which reads an argument its callee never uses, and so no statement
//! of the nest reads.
//!
//! Invariant: the list only errs towards read. Where the function can see its own
//! frame (`locals()`, `vars()`, `eval`, `exec`, `breakpoint()`, a frame object's
//! attributes) or the loop's body makes a scope that may outlive an iteration (a
//! `lambda`, a `def`, a class, a generator expression, whose free variables are read
//! whenever it runs), there is no list: every variable is live.
//!
//! [`Nest::read_after`]: kiln_jit::ir::Nest::read_after

use ruff_text_size::{Ranged, TextRange};
use rustpython_vm::compiler::ast::{
    Expr, ExprContext, Stmt,
    visitor::{self, Visitor},
};

/// The names a function's body reads, where.
pub struct FunctionReads {
    reads: Vec<(String, TextRange)>,
    /// Names passed to a call, or called a method of (`f(x)`, `p.move(dt)`), and where.
    passed: Vec<(String, TextRange)>,
    /// Names declared `global` or `nonlocal`: read by whoever else sees them.
    outer: Vec<String>,
    /// The body can look at its own frame.
    introspects: bool,
}

impl FunctionReads {
    pub fn of(body: &[Stmt]) -> FunctionReads {
        let mut finder = Reads::default();
        for stmt in body {
            finder.visit_stmt(stmt);
        }
        FunctionReads {
            reads: finder.reads,
            passed: finder.passed,
            outer: finder.outer,
            introspects: finder.introspects,
        }
    }

    /// The names read outside the body of the loop `stmt` (a `for` or a `while` of
    /// this function), sorted; `None` where that cannot be told.
    pub fn after(&self, stmt: &Stmt) -> Option<Vec<String>> {
        // The header ends where the body starts: statements the desugaring put first
        // in the body carry the header's ranges (`x, y = __kiln_item` that of the
        // target), and the header is read again by loops around this one.
        let (body, header_end) = match stmt {
            Stmt::For(f) => (&f.body, f.iter.end()),
            Stmt::While(w) => (&w.body, w.test.end()),
            _ => return None,
        };
        if self.introspects || body.iter().any(makes_scope) {
            return None;
        }
        let span = match (body.first(), body.last()) {
            (Some(first), Some(last)) if header_end < last.end() => {
                TextRange::new(first.start().max(header_end), last.end())
            }
            _ => return None,
        };
        let outside = self
            .reads
            .iter()
            .filter(|(_, at)| !span.contains_range(*at));
        // A call in the body that compiled code splices hands back by running the call
        // again, which evaluates every argument, even one the callee never uses (and so
        // no variable of the nest reads).
        let passed = self
            .passed
            .iter()
            .filter(|(_, at)| span.contains_range(*at));
        let mut names: Vec<String> = outside
            .chain(passed)
            .map(|(name, _)| name.clone())
            .chain(self.outer.iter().cloned())
            .collect();
        names.sort_unstable();
        names.dedup();
        Some(names)
    }
}

/// Whether `stmt` holds a scope whose code may run after the iteration that made it.
fn makes_scope(stmt: &Stmt) -> bool {
    #[derive(Default)]
    struct Finder(bool);
    impl<'a> Visitor<'a> for Finder {
        fn visit_stmt(&mut self, stmt: &'a Stmt) {
            match stmt {
                Stmt::FunctionDef(_) | Stmt::ClassDef(_) => self.0 = true,
                _ => visitor::walk_stmt(self, stmt),
            }
        }
        fn visit_expr(&mut self, expr: &'a Expr) {
            match expr {
                Expr::Lambda(_) | Expr::Generator(_) => self.0 = true,
                _ => visitor::walk_expr(self, expr),
            }
        }
    }
    let mut finder = Finder::default();
    finder.visit_stmt(stmt);
    finder.0
}

/// The names a function reads, found by walking every statement and expression.
#[derive(Default)]
struct Reads {
    reads: Vec<(String, TextRange)>,
    passed: Vec<(String, TextRange)>,
    outer: Vec<String>,
    introspects: bool,
}

/// Every name an expression loads.
#[derive(Default)]
struct Names(Vec<(String, TextRange)>);

impl<'a> Visitor<'a> for Names {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Name(n) = expr {
            self.0.push((n.id.to_string(), n.range));
        }
        visitor::walk_expr(self, expr);
    }
}

/// Builtins that read or write the calling frame's variables.
const FRAME_READERS: &[&str] = &["locals", "vars", "eval", "exec", "breakpoint"];

/// Attributes through which code reaches a frame (`sys._getframe()`, a traceback's
/// `tb_frame`, `inspect.currentframe()`, `f_locals`, `f_back`).
const FRAME_ATTRIBUTES: &[&str] = &[
    "_getframe",
    "currentframe",
    "tb_frame",
    "f_locals",
    "f_back",
    "stack",
    "trace",
];

impl<'a> Visitor<'a> for Reads {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        match stmt {
            Stmt::AugAssign(a) => {
                if let Expr::Name(n) = &*a.target {
                    self.reads.push((n.id.to_string(), n.range));
                }
            }
            Stmt::Global(g) => self.outer.extend(g.names.iter().map(|n| n.to_string())),
            Stmt::Nonlocal(n) => self.outer.extend(n.names.iter().map(|n| n.to_string())),
            _ => {}
        }
        visitor::walk_stmt(self, stmt);
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Name(n) => {
                if matches!(n.ctx, ExprContext::Load | ExprContext::Del) {
                    self.introspects |= FRAME_READERS.contains(&n.id.as_str());
                    self.reads.push((n.id.to_string(), n.range));
                }
            }
            Expr::Attribute(a) => {
                self.introspects |= FRAME_ATTRIBUTES.contains(&a.attr.as_str());
            }
            Expr::Call(c) => {
                let receiver = match &*c.func {
                    Expr::Attribute(a) => Some(&*a.value),
                    _ => None,
                };
                let args = c.arguments.args.iter();
                let keywords = c.arguments.keywords.iter().map(|k| &k.value);
                let mut names = Names::default();
                for e in args.chain(keywords).chain(receiver) {
                    names.visit_expr(e);
                }
                self.passed.extend(names.0);
            }
            _ => {}
        }
        visitor::walk_expr(self, expr);
    }
}

#[cfg(test)]
mod tests {
    use super::FunctionReads;
    use rustpython_vm::compiler::ast::Stmt;
    use rustpython_vm::compiler::parser::{self, ParseOptions};

    /// The function `f` of `source`, its reads, and its first loop.
    fn after_first_loop(source: &str) -> Option<Vec<String>> {
        let parsed = parser::parse(source, ParseOptions::from(parser::Mode::Module))
            .expect("parses")
            .into_syntax();
        let mut module = parsed.as_module().expect("a module").clone();
        // As the rewriter sees it: after the unpacking targets are desugared.
        crate::sites::unpacked::desugar(&mut module.body);
        let Some(Stmt::FunctionDef(f)) = module.body.first() else {
            panic!("a function first")
        };
        let reads = FunctionReads::of(&f.body);
        let mut first = None;
        for s in &f.body {
            if matches!(s, Stmt::For(_) | Stmt::While(_)) && first.is_none() {
                first = Some(s);
            }
        }
        reads.after(first.expect("a loop"))
    }

    fn names(v: &[&str]) -> Option<Vec<String>> {
        Some(v.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn only_names_read_outside_the_body_count() {
        let source = "def f(image, filt, out):\n    m = filt.shape[0]\n    for r in range(out.shape[0]):\n        for c in range(out.shape[1]):\n            acc = 0.0\n            for u in range(m):\n                acc += image[r + u, c] * filt[u, 0]\n            out[r, c] = acc\n    return out\n";
        // (`m` is passed to `range` in the body.)
        assert_eq!(
            after_first_loop(source),
            names(&["filt", "m", "out", "range"])
        );
    }

    #[test]
    fn reads_after_the_loop_del_and_augmented_targets_count() {
        let source = "def f(a):\n    for i in range(3):\n        t = a[i]\n        k = i\n    print(t)\n    del k\n    s = 0\n    s += 1\n    return s\n";
        assert_eq!(
            after_first_loop(source),
            names(&["k", "print", "range", "s", "t"])
        );
    }

    #[test]
    fn an_enclosing_loop_and_the_else_clause_read_too() {
        let source = "def f(n):\n    for i in range(n):\n        x = i\n    else:\n        y = x\n    return y\n";
        assert_eq!(after_first_loop(source), names(&["n", "range", "x", "y"]));
    }

    #[test]
    fn frames_and_outliving_scopes_leave_no_list() {
        let looks = "def f(n):\n    for i in range(n):\n        x = i\n    return locals()\n";
        assert_eq!(after_first_loop(looks), None);
        let frame = "def f(n):\n    for i in range(n):\n        x = i\n    return sys._getframe().f_locals\n";
        assert_eq!(after_first_loop(frame), None);
        let lam = "def f(n):\n    fs = []\n    for i in range(n):\n        fs.append(lambda: i)\n    return fs\n";
        assert_eq!(after_first_loop(lam), None);
        let outer = "def f(n):\n    global g\n    for i in range(n):\n        g = i\n";
        assert_eq!(after_first_loop(outer), names(&["g", "n", "range"]));
    }

    #[test]
    fn the_header_is_outside_the_body_even_unpacked() {
        // `for a, b in rows` becomes `for __kiln_item in rows: a, b = __kiln_item`, the
        // new first statement carrying the target's range: `rows`, read by the header
        // (again on each outer iteration), must stay outside.
        let source = "def f(rows):\n    for a, b in rows:\n        rows = [(b, a)]\n    return 0\n";
        let after = after_first_loop(source).expect("a list");
        assert!(after.contains(&"rows".to_string()), "{after:?}");
        assert!(!after.contains(&"a".to_string()), "{after:?}");
    }

    #[test]
    fn names_passed_to_calls_in_the_body_count() {
        let source = "def f(ps, steps):\n    for step in range(steps):\n        q = ps[0]\n        g(ps, step + 1)\n        q.move(1.0)\n    return len(ps)\n";
        assert_eq!(
            after_first_loop(source),
            names(&["len", "ps", "q", "range", "step", "steps"])
        );
    }
}
