//! Rewriting loop statements of user source into loop sites.
//!
//! Every `for` and `while` statement of a module (at any depth: functions, methods,
//! nested functions, class bodies) is registered as a site and rewritten in place. The
//! rewritten statement is still a `for` loop on the original line, so tracebacks and
//! line numbers are unchanged:
//!
//! ```text
//! for i in range(n):          for i in _kiln_jit.loop(S, range(n)):
//!     BODY                        BODY
//! else:                ==>    else:
//!     ELSE                        __kiln_o = _kiln_jit.finished(S)
//!                                 if __kiln_o is True:                 # compiled, stopped
//!                                     __kiln_o = _kiln_jit.take()
//!                                     x, i = __kiln_o.values           # write-back
//!                                     __kiln_o.raise_interrupt()       # Ctrl-C, if any
//!                                     if __kiln_o.point == -1: ELSE    # compiled code finished
//!                                     elif __kiln_o.point == 3: ...    # resume at statement 3
//!                                     del __kiln_o
//!                                 elif __kiln_o is False:              # interpreted
//!                                     del __kiln_o
//!                                     ELSE
//!                                 else:                                # compiled to the end
//!                                     x, i = __kiln_o
//!                                     del __kiln_o
//!                                     ELSE
//! ```
//!
//! `_kiln_jit.loop` returns a native counting iterator: it counts back-edges without
//! extra bytecode and, at an iteration boundary once the site is hot, runs the rest of
//! the loop as compiled code (or, when code exists already, all of it from the start)
//! and then reports exhaustion. The `else` clause then writes the live-out variables
//! back, and if the compiled code had to stop early (an overflow, a failed bounds
//! check...), resumes the interpreter at the exact statement it stopped before: the
//! resume code is the rest of the nest from that statement, built from the AST
//! (`resume`). A compilable `while COND:` becomes `for [] in _kiln_jit.ticks(S): if not COND: break`
//! (an empty target binds no name). Loops outside the compilable subset keep their shape
//! and, for `for` loops, still count, so the report can say why a hot loop stayed
//! interpreted.
//!
//! A function decorated for Numba's JIT (`@njit`, `@jit(...)`) is compiled whole: its
//! body becomes a loop of one iteration per call, a site on the `def` line,
//!
//! ```text
//! @njit                       @njit
//! def f(a, b):                def f(a, b):
//!     BODY            ==>         for __kiln_call in _kiln_jit.call(S):
//!                                     BODY
//!                                 else: ...                      # as above
//! ```
//!
//! so that array statements without any loop compile, a hot inner loop makes the
//! whole function compile at its next call, and the body's `return`s end the nest
//! (the rewritten code returns what they assigned).

mod resume;

use super::lower::{lower_function, lower_loop};
use super::reads_after::FunctionReads;
use super::{LineIndex, SiteKind, register_function, register_site};
use kiln_jit::ir::Nest;
use ruff_text_size::{Ranged, TextRange};
use rustpython_vm::compiler::ast::{self, Expr, Stmt};

/// The loop variable of a function compiled whole (`Rewriter::function_site`).
use kiln_jit::ir::CALL_VAR;
use resume::resume_code;

/// What a function compiled whole returns when compiled code ended its call: the
/// one item `_kiln_jit.quick` gives, `for __kiln_q in _kiln_jit.quick(S): return
/// __kiln_q` (no item: the body runs, or the outcome waits for its loop).
const QUICK_VAR: &str = "__kiln_q";

/// Whether statements declare `global` or `nonlocal` names, at any depth of their
/// blocks (not inside nested functions or classes, whose declarations are theirs).
fn declares_outer_names(body: &[Stmt]) -> bool {
    body.iter().any(|s| match s {
        Stmt::Global(_) | Stmt::Nonlocal(_) => true,
        Stmt::For(f) => declares_outer_names(&f.body) || declares_outer_names(&f.orelse),
        Stmt::While(w) => declares_outer_names(&w.body) || declares_outer_names(&w.orelse),
        Stmt::If(i) => {
            declares_outer_names(&i.body)
                || i.elif_else_clauses
                    .iter()
                    .any(|c| declares_outer_names(&c.body))
        }
        Stmt::With(w) => declares_outer_names(&w.body),
        Stmt::Try(t) => {
            declares_outer_names(&t.body)
                || declares_outer_names(&t.orelse)
                || declares_outer_names(&t.finalbody)
                || t.handlers.iter().any(|h| {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    declares_outer_names(&h.body)
                })
        }
        Stmt::Match(m) => m.cases.iter().any(|c| declares_outer_names(&c.body)),
        _ => false,
    })
}

/// Whether a function is decorated for Numba's JIT (`@njit`, `@jit(...)`,
/// `@numba.njit`, `@nb.jit(nopython=True)`): such a function is compiled whole.
fn jit_decorated(f: &ast::StmtFunctionDef) -> bool {
    f.decorator_list.iter().any(|d| match &d.expression {
        Expr::Call(c) => is_jit(&c.func),
        other => is_jit(other),
    })
}

/// Whether a decorator (without its call) names Numba's JIT: `njit`, `jit`,
/// `numba.njit`, `nb.jit`.
fn is_jit(callee: &Expr) -> bool {
    let name = match callee {
        Expr::Name(n) => n.id.as_str(),
        Expr::Attribute(a) => a.attr.as_str(),
        _ => return false,
    };
    matches!(name, "njit" | "jit")
}

/// Whether a function's Numba decorator grants reassociating float arithmetic:
/// `fastmath=True`, or a set of LLVM flags holding `reassoc` or `fast`
/// (`fastmath={'reassoc', 'nsz'}`), as Numba's own `FastMathOptions` reads it.
fn fastmath_granted(f: &ast::StmtFunctionDef) -> bool {
    f.decorator_list.iter().any(|d| {
        let Expr::Call(c) = &d.expression else {
            return false;
        };
        is_jit(&c.func)
            && c.arguments.keywords.iter().any(|k| {
                k.arg.as_ref().is_some_and(|a| a.as_str() == "fastmath")
                    && match &k.value {
                        Expr::BooleanLiteral(b) => b.value,
                        Expr::Set(s) => s.elts.iter().any(reassoc_flag),
                        Expr::List(l) => l.elts.iter().any(reassoc_flag),
                        Expr::Tuple(t) => t.elts.iter().any(reassoc_flag),
                        _ => false,
                    }
            })
    })
}

fn reassoc_flag(e: &Expr) -> bool {
    matches!(e, Expr::StringLiteral(s) if matches!(s.value.to_str(), "reassoc" | "fast"))
}

/// Rewrites every loop statement in `body` (a module's statements) into a loop site.
pub fn rewrite_module<B>(body: &mut B, file: &str, source: &str)
where
    B: std::ops::DerefMut<Target = [Stmt]> + Default + IntoIterator<Item = Stmt>,
    B: FromIterator<Stmt>,
{
    let lines = LineIndex::new(source);
    desugar_elif(body);
    super::unpacked::desugar(body);
    let rewriter = Rewriter {
        file,
        lines: &lines,
        // The element loops `numba.vectorize` compiles (`<vectorize NAME>`) and the
        // loop nests of `numba.stencil` kernels (`<stencil NAME>`) are a decorated
        // function's too.
        eager: std::cell::Cell::new(
            file.starts_with("<vectorize ") || file.starts_with("<stencil "),
        ),
        jitclass: std::cell::Cell::new(false),
        fastmath: std::cell::Cell::new(super::settings().fastmath),
        reads: std::cell::RefCell::new(None),
    };
    rewriter.block(body, None);
}

struct Rewriter<'a> {
    file: &'a str,
    lines: &'a LineIndex,
    /// Inside a function decorated for Numba's JIT: its sites are hot at once.
    eager: std::cell::Cell<bool>,
    /// Directly in the body of a class decorated `@jitclass`.
    jitclass: std::cell::Cell<bool>,
    /// Inside a function whose decorator grants reassociation (`fastmath=True`), or
    /// everywhere under `KILN_FASTMATH=1`: its nests carry [`Nest::fastmath`].
    fastmath: std::cell::Cell<bool>,
    /// The names the function being rewritten reads, and where: what its loops' nests
    /// may leave unwritten ([`Nest::read_after`]); `None` outside functions.
    reads: std::cell::RefCell<Option<std::rc::Rc<FunctionReads>>>,
}

impl Rewriter<'_> {
    fn block(&self, body: &mut [Stmt], parent: Option<u32>) {
        for stmt in body {
            self.stmt(stmt, parent);
        }
    }

    fn stmt(&self, stmt: &mut Stmt, parent: Option<u32>) {
        match stmt {
            Stmt::For(_) | Stmt::While(_) => self.site(stmt, parent),
            // A function body starts a new nest: its loops have no enclosing site. A
            // small function can be inlined into the loops that call it.
            Stmt::FunctionDef(f) => {
                let reads = std::rc::Rc::new(FunctionReads::of(&f.body));
                let outer_reads = self.reads.replace(Some(reads));
                let line = self.lines.line(f.range.start().to_u32());
                register_function(self.file, line, &f.name, lower_function(f, self.lines));
                // Functions defined inside a method are no methods.
                let in_jitclass = self.jitclass.replace(false);
                let method = in_jitclass && f.decorator_list.is_empty();
                // A jitclass's methods are compiled whole, to be spliced into the
                // compiled loops that call them; called from the interpreter they get
                // hot as any loop does (not at once: a first run would compile every
                // method it calls once).
                let decorated = jit_decorated(f);
                let outer = self.eager.replace(decorated);
                let outer_fastmath = self
                    .fastmath
                    .replace(super::settings().fastmath || fastmath_granted(f));
                // A plain function with loops whose whole body lowers is a function
                // site too, but only to be spliced: a loop calling it (`for t in
                // range(steps): step(ps, dt)`) then compiles whole. Called from the
                // interpreter, it runs as written (its loops are sites).
                let plain = f.decorator_list.is_empty() && super::lower::has_loop(&f.body);
                let site = if decorated || method {
                    self.function_site(f, true)
                } else if plain {
                    self.function_site(f, false)
                } else {
                    None
                };
                match site {
                    Some(id) => super::register_function_site(self.file, line, &f.name, id),
                    None if decorated || method => {}
                    None => self.block(&mut f.body, None),
                }
                self.eager.set(outer);
                self.fastmath.set(outer_fastmath);
                self.jitclass.set(in_jitclass);
                self.reads.replace(outer_reads);
            }
            // The methods of a `@jitclass` are compiled whole, as Numba compiles them.
            Stmt::ClassDef(c) => {
                let jitclass = c.decorator_list.iter().any(|d| {
                    let callee = match &d.expression {
                        Expr::Call(c) => &*c.func,
                        other => other,
                    };
                    matches!(callee, Expr::Name(n) if n.id.as_str() == "jitclass")
                        || matches!(callee, Expr::Attribute(a) if a.attr.as_str() == "jitclass")
                });
                let outer = self.jitclass.replace(jitclass);
                // A class body's names are its namespace's: all read later.
                let outer_reads = self.reads.replace(None);
                self.block(&mut c.body, None);
                self.reads.replace(outer_reads);
                self.jitclass.set(outer);
            }
            Stmt::If(i) => {
                self.block(&mut i.body, parent);
                for clause in &mut i.elif_else_clauses {
                    self.block(&mut clause.body, parent);
                }
            }
            Stmt::With(w) => self.block(&mut w.body, parent),
            Stmt::Try(t) => {
                self.block(&mut t.body, parent);
                for handler in &mut t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = handler;
                    self.block(&mut h.body, parent);
                }
                self.block(&mut t.orelse, parent);
                self.block(&mut t.finalbody, parent);
            }
            Stmt::Match(m) => {
                for case in &mut m.cases {
                    self.block(&mut case.body, parent);
                }
            }
            _ => {}
        }
    }

    /// A function compiled whole: its body (after the docstring) becomes a loop of one
    /// iteration per call, `for __kiln_call in _kiln_jit.call(S): BODY`, a site like
    /// any loop (its `return`s end the nest), on the `def` line. The body's own loops
    /// are inner loops of that nest, and sites of their own as well, for when the
    /// whole body stays interpreted.
    ///
    /// Unless `always` (a decorated function, a jitclass method), only a body that
    /// lowers whole becomes one, and only to be spliced (`SiteKind::Spliced`): another
    /// keeps its shape. Either way its loops are sites.
    fn function_site(&self, f: &mut ast::StmtFunctionDef, always: bool) -> Option<u32> {
        let docstring = matches!(
            f.body.first(),
            Some(Stmt::Expr(e)) if matches!(&*e.value, Expr::StringLiteral(_))
        ) as usize;
        if f.body.len() == docstring {
            return None;
        }
        let body: Vec<Stmt> = f.body.drain(docstring..).collect();
        let r = TextRange::new(f.name.range().start(), f.range.end());
        let one = call(name("range", r), vec![int(1, r)], r);
        let mut wrapper = for_stmt(name_store(CALL_VAR, r), one, body, Vec::new(), r);
        let nest = lower_loop(&wrapper, self.lines);
        if !always && nest.is_err() {
            let Stmt::For(w) = wrapper else {
                unreachable!("the wrapper is a `for` loop")
            };
            f.body.extend(w.body);
            return None;
        }
        let kind = if always {
            SiteKind::Function
        } else {
            SiteKind::Spliced
        };
        let id = self.site_lowered(&mut wrapper, None, kind, nest);
        if kind == SiteKind::Spliced {
            f.body.push(wrapper);
            return Some(id);
        }
        // Not `range(1)` at run time: the name could be anyone's.
        let Stmt::For(w) = &mut wrapper else {
            unreachable!("a function site stays a `for` loop")
        };
        *w.iter = call(attr(name("_kiln_jit", r), "call", r), vec![int(id, r)], r);
        // A call that compiled code ends returns from here (`_kiln_jit.quick`), unless
        // the body (all of it but a docstring is the loop's now) names globals or
        // nonlocals, which the write-back must assign.
        if always && !declares_outer_names(w.body.as_slice()) {
            let quick = call(attr(name("_kiln_jit", r), "quick", r), vec![int(id, r)], r);
            let ret = return_stmt(name(QUICK_VAR, r), r);
            f.body.push(for_stmt(
                name_store(QUICK_VAR, r),
                quick,
                vec![ret],
                Vec::new(),
                r,
            ));
        }
        f.body.push(wrapper);
        Some(id)
    }

    fn site(&self, stmt: &mut Stmt, parent: Option<u32>) {
        let kind = if matches!(stmt, Stmt::For(_)) {
            SiteKind::For
        } else {
            SiteKind::While
        };
        self.site_of_kind(stmt, parent, kind);
    }

    fn site_of_kind(&self, stmt: &mut Stmt, parent: Option<u32>, kind: SiteKind) -> u32 {
        let nest = lower_loop(stmt, self.lines);
        self.site_lowered(stmt, parent, kind, nest)
    }

    /// [`Self::site_of_kind`] with the loop lowered already (`nest`).
    fn site_lowered(
        &self,
        stmt: &mut Stmt,
        parent: Option<u32>,
        kind: SiteKind,
        nest: Result<Nest, String>,
    ) -> u32 {
        let line = self.lines.line(stmt.range().start().to_u32());
        let read_after = self.reads.borrow().as_ref().and_then(|r| r.after(stmt));
        let nest = nest.map(|mut nest| {
            nest.fastmath = self.fastmath.get();
            nest.read_after = read_after;
            nest
        });
        // The resume code is built from the loop as written, before its inner loops
        // become sites themselves: resumed iterations run plainly.
        let original = stmt.clone();
        let compilable = nest.as_ref().ok().map(|n| (n.clone(), original));
        let id = register_site(self.file, line, kind, parent, nest, self.eager.get());
        if kind == SiteKind::Spliced {
            let Stmt::For(f) = stmt else {
                unreachable!("a function site is a `for` loop")
            };
            self.block(&mut f.body, None);
            let (nest, original) = compilable.expect("a spliced function site lowers");
            let body: Vec<Stmt> = std::mem::take(&mut f.body).into_iter().collect();
            *stmt = spliced_body(id, &nest, &original, body);
            return id;
        }
        match stmt {
            Stmt::For(f) => {
                self.block(&mut f.body, Some(id));
                self.block(&mut f.orelse, Some(id));
                let r = f.iter.range();
                let iter = std::mem::replace(&mut *f.iter, name("_kiln_jit", r));
                let over_items = compilable.is_some() && super::lower::range_call(&iter).is_none();
                *f.iter = if over_items {
                    items_call(id, iter)
                } else {
                    call(
                        attr(name("_kiln_jit", r), "loop", r),
                        vec![int(id, r), iter],
                        r,
                    )
                };
                if let Some((nest, original)) = compilable {
                    // A loop over a range without an `else` goes on in compiled code
                    // after compiled code stopped in it (`again_loop`); an `else` may
                    // hold a `break` or `continue` of a loop around this one.
                    let again = !over_items && f.orelse.is_empty() && kind != SiteKind::Function;
                    let orelse = std::mem::take(&mut f.orelse).into_iter().collect();
                    f.orelse = dispatch(id, &nest, &original, orelse, again, r).into();
                    if again {
                        again_loop(stmt, id);
                    }
                }
            }
            Stmt::While(w) => {
                self.block(&mut w.body, Some(id));
                // A loop that stays interpreted is counted all the same (as `for`
                // loops are), so the jit report shows it, hot, with its reason; one
                // with an `else` clause is left as it is.
                if compilable.is_none() && !w.orelse.is_empty() {
                    return id;
                }
                let r = w.test.range();
                let test = std::mem::replace(&mut *w.test, name("_kiln_jit", r));
                let mut body = vec![if_stmt(
                    not(test, r),
                    vec![Stmt::Break(ast::StmtBreak {
                        node_index: Default::default(),
                        range: r,
                    })],
                    vec![],
                    r,
                )];
                body.extend(std::mem::take(&mut w.body));
                *stmt = for_stmt(
                    empty_target(r),
                    call(attr(name("_kiln_jit", r), "ticks", r), vec![int(id, r)], r),
                    body,
                    match compilable {
                        Some((nest, original)) => {
                            dispatch(id, &nest, &original, Vec::new(), false, r)
                        }
                        None => Vec::new(),
                    },
                    w.range,
                );
            }
            _ => unreachable!(),
        }
        id
    }
}

/// `_kiln_jit.items(S, FUNCTION, ARRAYS...)` for a compilable loop over arrays: `a`,
/// `enumerate(a)` or `zip(a, b, ...)` (the lowering accepts no other), the names
/// evaluated in the order the loop would evaluate them.
fn items_call(id: u32, iter: Expr) -> Expr {
    let r = iter.range();
    let (function, mut args) = match iter {
        Expr::Call(c) => (*c.func, c.arguments.args.into_vec()),
        seq => (
            Expr::NoneLiteral(ast::ExprNoneLiteral {
                node_index: Default::default(),
                range: r,
            }),
            vec![seq],
        ),
    };
    args.insert(0, function);
    args.insert(0, int(id, r));
    call(attr(name("_kiln_jit", r), "items", r), args, r)
}

/// Makes the rewritten site loop `stmt` (`for i in _kiln_jit.loop(S, ITER): ...`, its
/// `else` the dispatch) one that enters compiled code again after compiled code stopped
/// in it:
///
/// ```text
/// while True:
///     for i in _kiln_jit.loop(S, _kiln_jit.rest_of(S) if _kiln_jit.has_rest(S) else ITER):
///         BODY
///     else:
///         ...                                  # write-back, as `dispatch`
///         for () in ((),): REST OF ITERATION   # resumed at the point
///         else:
///             _kiln_jit.again(S, __kiln_o)
///             del __kiln_o
///             continue
///     break
/// ```
///
/// A `break` in the body leaves the `for`, then the `while`; one in the rest of the
/// iteration leaves the one-shot loop, skipping its `else`. `ITER` is evaluated once,
/// as the loop would; the iterations left run over the counting iterator `again` made
/// (and `rest_of` takes, nothing running in between), which enters compiled code again
/// (or, where that code stopped at once, after a wait): without it, a loop whose
/// compiled code handed one statement back ran all its remaining iterations
/// interpreted. No name is bound: the program's namespace stays what it was.
fn again_loop(stmt: &mut Stmt, id: u32) {
    let Stmt::For(f) = stmt else {
        unreachable!("a site's `for` loop")
    };
    let Expr::Call(c) = &mut *f.iter else {
        unreachable!("`_kiln_jit.loop(S, ITER)`")
    };
    // Everything added is on the loop's first line, where `ITER` is: a trace function
    // sees no other line (the statement's own range would end on its last).
    let r = c.arguments.args[1].range();
    let jit = |function: &str| call(attr(name("_kiln_jit", r), function, r), vec![int(id, r)], r);
    let held = std::mem::replace(&mut c.arguments.args[1], none(r));
    c.arguments.args[1] = Expr::If(ast::ExprIf {
        node_index: Default::default(),
        range: r,
        test: Box::new(jit("has_rest")),
        body: Box::new(jit("rest_of")),
        orelse: Box::new(held),
    });
    let site_loop = std::mem::replace(stmt, pass(r));
    *stmt = Stmt::While(ast::StmtWhile {
        node_index: Default::default(),
        range: r,
        test: Box::new(Expr::BooleanLiteral(ast::ExprBooleanLiteral {
            node_index: Default::default(),
            range: r,
            value: true,
        })),
        body: vec![
            site_loop,
            Stmt::Break(ast::StmtBreak {
                node_index: Default::default(),
                range: r,
            }),
        ]
        .into(),
        orelse: Default::default(),
        runtime_body: None,
        runtime_orelse: None,
    });
}

/// The `else` clause of a compilable site: plain `ELSE` after an interpreted run; after
/// compiled code, the write-back and the jump to where the interpreter resumes (with
/// `again`, the rest of the site's loop runs as `again_loop` says).
fn dispatch(
    id: u32,
    nest: &Nest,
    original: &Stmt,
    orelse: Vec<Stmt>,
    again: bool,
    r: TextRange,
) -> Vec<Stmt> {
    let else_clause = if orelse.is_empty() {
        vec![pass(r)]
    } else {
        orelse
    };
    let assigned = written_back(id);
    let compiled = after_compiled(
        nest,
        &assigned,
        original,
        else_clause.clone(),
        again.then_some(id),
        r,
    );
    let outcome = || name("__kiln_o", r);
    // `finished` answers in one call what most loops' ends need: `False` after an
    // interpreted run, the values to write back after compiled code ran to the end
    // (nothing unbound, no interrupt), else `True` (the outcome is taken above).
    let finished = call(
        attr(name("_kiln_jit", r), "finished", r),
        vec![int(id, r)],
        r,
    );
    let is = |value: bool| {
        compare(
            outcome(),
            ast::CmpOp::Is,
            Expr::BooleanLiteral(ast::ExprBooleanLiteral {
                node_index: Default::default(),
                range: r,
                value,
            }),
            r,
        )
    };
    let mut interpreted = vec![delete("__kiln_o", r)];
    interpreted.extend(else_clause.iter().cloned());
    let mut written = vec![
        assign(write_back_targets(nest, &assigned, r), outcome(), r),
        delete("__kiln_o", r),
    ];
    written.extend(else_clause);
    vec![
        assign(name_store("__kiln_o", r), finished, r),
        if_stmt(
            is(true),
            compiled,
            vec![if_stmt(is(false), interpreted, written, r)],
            r,
        ),
    ]
}

/// The body of a plain function compiled only spliced (`SiteKind::Spliced`):
///
/// ```text
/// def f(a, b):                def f(a, b):
///     BODY            ==>         if _kiln_jit.spliced_stop(S):    # a spliced run
///                                     __kiln_o = _kiln_jit.take()  #   stopped in it
///                                     ...                          # as `dispatch`
///                                 else:
///                                     BODY
/// ```
///
/// on the line of the body's first statement, so that a call from the interpreter
/// runs the body as written, with the line events it had (a tracer sees the same).
fn spliced_body(id: u32, nest: &Nest, original: &Stmt, body: Vec<Stmt>) -> Stmt {
    let r = body.first().map_or_else(|| original.range(), |s| s.range());
    let compiled = after_compiled(nest, &written_back(id), original, vec![pass(r)], None, r);
    let stopped = call(
        attr(name("_kiln_jit", r), "spliced_stop", r),
        vec![int(id, r)],
        r,
    );
    if_stmt(stopped, compiled, body, r)
}

/// What a site's outcome writes back, in order: the registered site's
/// (`kiln_jit::objects::written_back`, found once when it was registered).
fn written_back(id: u32) -> Vec<kiln_jit::ir::Var> {
    super::site(id).map_or_else(Vec::new, |s| s.written_back.clone())
}

/// The tuple of names an outcome's values are unpacked into: `x, i = ...`.
fn write_back_targets(nest: &Nest, assigned: &[kiln_jit::ir::Var], r: TextRange) -> Expr {
    let targets = assigned
        .iter()
        .map(|&v| name_store(&nest.vars[v].name, r))
        .collect();
    tuple_store(targets, r)
}

/// What runs after compiled code stopped (or ended) a site's loop: its outcome taken,
/// the write-back of `assigned`, the interrupt raised, then the `else` clause, the
/// resume code (with `again`, the site of a loop that goes on compiled) or a `return`.
fn after_compiled(
    nest: &Nest,
    assigned: &[kiln_jit::ir::Var],
    original: &Stmt,
    else_clause: Vec<Stmt>,
    again: Option<u32>,
    r: TextRange,
) -> Vec<Stmt> {
    let outcome = || name("__kiln_o", r);
    let mut compiled = vec![assign(
        name_store("__kiln_o", r),
        call(attr(name("_kiln_jit", r), "take", r), vec![], r),
        r,
    )];
    compiled.push(assign(
        write_back_targets(nest, assigned, r),
        attr(outcome(), "values", r),
        r,
    ));
    let unbinds = assigned
        .iter()
        .enumerate()
        .map(|(k, &v)| {
            let test = call(attr(outcome(), "is_unbound", r), vec![int(k as u32, r)], r);
            if_stmt(test, vec![delete(&nest.vars[v].name, r)], vec![], r)
        })
        .collect();
    compiled.push(if_stmt(attr(outcome(), "unbound", r), unbinds, vec![], r));
    compiled.push(expr_stmt(
        call(attr(outcome(), "raise_interrupt", r), vec![], r),
        r,
    ));

    // The point is -1 (the loop finished: its `else` runs), a resume point, or -2 (a
    // `break` left the loop: nothing more to do).
    // A resume point is never negative: the codes below are not.
    let resume = if_stmt(
        compare(attr(outcome(), "point", r), ast::CmpOp::GtE, int(0, r), r),
        resume_code(original, again),
        vec![],
        r,
    );
    let finished = eq(attr(outcome(), "point", r), int_i64(-1, r), r);
    compiled.push(if_stmt(finished, else_clause, vec![resume], r));
    // A `return` inside the nest: the function returns what it assigned.
    let mut returns = std::collections::BTreeSet::new();
    nest.root.each(&mut |s| {
        if let kiln_jit::ir::StmtKind::Return(returned) = s.kind {
            returns.insert(returned);
        }
    });
    for returned in returns {
        use kiln_jit::ir::{Returned, return_var};
        let value = match returned {
            Returned::None => none(r),
            Returned::Value => name(&return_var(None), r),
            Returned::Var(v) => name(&nest.vars[v].name, r),
            Returned::Tuple(n, names) => Expr::Tuple(ast::ExprTuple {
                node_index: Default::default(),
                range: r,
                elts: (0..n)
                    .map(|k| match names.get(k as usize).copied().flatten() {
                        Some(v) => name(&nest.vars[v].name, r),
                        None => name(&return_var(Some(k)), r),
                    })
                    .collect(),
                ctx: ast::ExprContext::Load,
                parenthesized: true,
                runtime_elts: None,
            }),
        };
        let test = eq(attr(outcome(), "point", r), int_i64(returned.code(), r), r);
        let leave = vec![delete("__kiln_o", r), return_stmt(value, r)];
        compiled.push(if_stmt(test, leave, vec![], r));
    }
    compiled.push(delete("__kiln_o", r));
    compiled
}

/// Rewrites `if/elif/else` chains as nested `if/else`, everywhere: the loop-nest IR and
/// the resume code both number an `elif` as an `if` of its own.
fn desugar_elif(body: &mut [Stmt]) {
    for stmt in body {
        match stmt {
            Stmt::If(i) => {
                desugar_elif(&mut i.body);
                for clause in &mut i.elif_else_clauses {
                    desugar_elif(&mut clause.body);
                }
                if i.elif_else_clauses
                    .first()
                    .is_some_and(|c| c.test.is_some())
                {
                    let mut clauses = std::mem::take(&mut i.elif_else_clauses);
                    let first = clauses.remove(0);
                    let range = TextRange::new(first.range.start(), i.range.end());
                    let nested = Stmt::If(ast::StmtIf {
                        node_index: Default::default(),
                        range,
                        test: Box::new(first.test.expect("an elif has a test")),
                        body: first.body,
                        elif_else_clauses: clauses,
                        runtime_body: None,
                    });
                    let mut nested = [nested];
                    desugar_elif(&mut nested);
                    let [nested] = nested;
                    i.elif_else_clauses = vec![ast::ElifElseClause {
                        range,
                        node_index: Default::default(),
                        test: None,
                        body: [nested].into_iter().collect(),
                        runtime_body: None,
                        runtime_orelse: None,
                    }];
                }
            }
            Stmt::For(f) => {
                desugar_elif(&mut f.body);
                desugar_elif(&mut f.orelse);
            }
            Stmt::While(w) => {
                desugar_elif(&mut w.body);
                desugar_elif(&mut w.orelse);
            }
            Stmt::FunctionDef(f) => desugar_elif(&mut f.body),
            Stmt::ClassDef(c) => desugar_elif(&mut c.body),
            Stmt::With(w) => desugar_elif(&mut w.body),
            Stmt::Try(t) => {
                desugar_elif(&mut t.body);
                for handler in &mut t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = handler;
                    desugar_elif(&mut h.body);
                }
                desugar_elif(&mut t.orelse);
                desugar_elif(&mut t.finalbody);
            }
            Stmt::Match(m) => {
                for case in &mut m.cases {
                    desugar_elif(&mut case.body);
                }
            }
            _ => {}
        }
    }
}

// AST construction. Every node made here takes the range of the loop it belongs to,
// so the code it compiles to carries the loop's line.

/// The name `id`, or for a dotted name (an attribute variable's, `self.n`) the
/// attribute of the object its path names.
fn name_ctx(id: &str, ctx: ast::ExprContext, range: TextRange) -> Expr {
    if let Some((owner, attribute)) = id.rsplit_once('.') {
        return Expr::Attribute(ast::ExprAttribute {
            node_index: Default::default(),
            range,
            value: Box::new(name(owner, range)),
            attr: ast::Identifier::new(attribute, range),
            ctx,
        });
    }
    Expr::Name(ast::ExprName {
        node_index: Default::default(),
        range,
        id: ast::name::Name::new(id),
        ctx,
    })
}

pub(super) fn name(id: &str, range: TextRange) -> Expr {
    name_ctx(id, ast::ExprContext::Load, range)
}

pub(super) fn name_store(id: &str, range: TextRange) -> Expr {
    name_ctx(id, ast::ExprContext::Store, range)
}

fn tuple_store(elts: Vec<Expr>, range: TextRange) -> Expr {
    Expr::Tuple(ast::ExprTuple {
        node_index: Default::default(),
        range,
        elts,
        ctx: ast::ExprContext::Store,
        parenthesized: true,
        runtime_elts: None,
    })
}

/// `[]` as a loop target: unpacks an empty item, binds nothing.
fn empty_target(range: TextRange) -> Expr {
    Expr::List(ast::ExprList {
        node_index: Default::default(),
        range,
        elts: vec![],
        ctx: ast::ExprContext::Store,
        runtime_elts: None,
    })
}

fn attr(value: Expr, attr: &str, range: TextRange) -> Expr {
    Expr::Attribute(ast::ExprAttribute {
        node_index: Default::default(),
        range,
        value: Box::new(value),
        attr: ast::Identifier::new(attr, range),
        ctx: ast::ExprContext::Load,
    })
}

fn call(func: Expr, args: Vec<Expr>, range: TextRange) -> Expr {
    Expr::Call(ast::ExprCall {
        node_index: Default::default(),
        range_start: range.start(),
        func: Box::new(func),
        arguments: ast::Arguments {
            range,
            node_index: Default::default(),
            args: args.into_boxed_slice(),
            keywords: Default::default(),
            runtime_args: None,
            runtime_bases: None,
        },
    })
}

fn int(value: u32, range: TextRange) -> Expr {
    Expr::NumberLiteral(ast::ExprNumberLiteral {
        node_index: Default::default(),
        range,
        value: ast::Number::Int(ast::Int::from(value)),
    })
}

fn int_i64(value: i64, range: TextRange) -> Expr {
    let magnitude = Expr::NumberLiteral(ast::ExprNumberLiteral {
        node_index: Default::default(),
        range,
        value: ast::Number::Int(ast::Int::from(value.unsigned_abs())),
    });
    if value >= 0 {
        return magnitude;
    }
    Expr::UnaryOp(ast::ExprUnaryOp {
        node_index: Default::default(),
        range,
        op: ast::UnaryOp::USub,
        operand: Box::new(magnitude),
    })
}

fn eq(left: Expr, right: Expr, range: TextRange) -> Expr {
    compare(left, ast::CmpOp::Eq, right, range)
}

fn compare(left: Expr, op: ast::CmpOp, right: Expr, range: TextRange) -> Expr {
    Expr::Compare(ast::ExprCompare {
        node_index: Default::default(),
        range,
        left: Box::new(left),
        ops: Box::new([op]),
        comparators: Box::new([right]),
        runtime_comparators: None,
    })
}

fn not(operand: Expr, range: TextRange) -> Expr {
    Expr::UnaryOp(ast::ExprUnaryOp {
        node_index: Default::default(),
        range,
        op: ast::UnaryOp::Not,
        operand: Box::new(operand),
    })
}

/// `return value`.
fn return_stmt(value: Expr, range: TextRange) -> Stmt {
    Stmt::Return(ast::StmtReturn {
        node_index: Default::default(),
        range,
        value: Some(Box::new(value)),
    })
}

/// `None`.
fn none(range: TextRange) -> Expr {
    Expr::NoneLiteral(ast::ExprNoneLiteral {
        node_index: Default::default(),
        range,
    })
}

/// `del name`.
pub(super) fn delete(id: &str, range: TextRange) -> Stmt {
    Stmt::Delete(ast::StmtDelete {
        node_index: Default::default(),
        range,
        targets: vec![name_ctx(id, ast::ExprContext::Del, range)],
        runtime_targets: None,
    })
}

pub(super) fn assign(target: Expr, value: Expr, range: TextRange) -> Stmt {
    Stmt::Assign(ast::StmtAssign {
        node_index: Default::default(),
        range,
        targets: vec![target],
        value: Box::new(value),
        runtime_targets: None,
        runtime_type_comment: None,
        runtime_type_comment_bytes: None,
    })
}

fn expr_stmt(value: Expr, range: TextRange) -> Stmt {
    Stmt::Expr(ast::StmtExpr {
        node_index: Default::default(),
        range,
        value: Box::new(value),
    })
}

fn pass(range: TextRange) -> Stmt {
    Stmt::Pass(ast::StmtPass {
        node_index: Default::default(),
        range,
    })
}

fn if_stmt(test: Expr, body: Vec<Stmt>, orelse: Vec<Stmt>, range: TextRange) -> Stmt {
    let elif_else_clauses = if orelse.is_empty() {
        Vec::new()
    } else {
        vec![ast::ElifElseClause {
            range,
            node_index: Default::default(),
            test: None,
            body: orelse.into(),
            runtime_body: None,
            runtime_orelse: None,
        }]
    };
    Stmt::If(ast::StmtIf {
        node_index: Default::default(),
        range,
        test: Box::new(test),
        body: body.into(),
        elif_else_clauses,
        runtime_body: None,
    })
}

fn for_stmt(
    target: Expr,
    iter: Expr,
    body: Vec<Stmt>,
    orelse: Vec<Stmt>,
    range: TextRange,
) -> Stmt {
    Stmt::For(ast::StmtFor {
        node_index: Default::default(),
        range,
        is_async: false,
        target: Box::new(target),
        iter: Box::new(iter),
        body: body.into(),
        orelse: orelse.into(),
        runtime_type_comment: None,
        runtime_type_comment_bytes: None,
        runtime_body: None,
        runtime_orelse: None,
    })
}
