//! Loops that unpack their items (`for u, v, w in edges`, `for x, y in points`),
//! desugared before loops become sites: the loop binds each item to a name of its own
//! and its body starts by unpacking that name,
//!
//! ```text
//! for u, v, w in edges:          for __kiln_item12 in edges:
//!     BODY                ==>        u, v, w = __kiln_item12
//!                                    BODY
//! ```
//!
//! which the interpreter runs exactly as it ran the loop (the same unpacking, raising
//! where the item has another length, on the loop's line), and which the compiler
//! sees as a loop over the items of a list read through their elements: the item name
//! is one `kiln_jit::objects` takes for an item of the list, its elements
//! (`__kiln_item12.0`) columns the VM makes from the items (tuples or lists of
//! numbers, `sites::objects`), and the unpacking a statement of its own, so a value
//! of another kind hands back there and the interpreter unpacks it. The same for the
//! elements of `enumerate` and `zip` items that unpack (`for i, (x, y) in
//! enumerate(points)`), and a loop's sequences that are subscripts (`zip(xs,
//! xs[1:])`) are bound to names where they are evaluated ([`name_sequences`]).

use super::rewrite::{assign, delete, name, name_store};
use ruff_text_size::Ranged;
use rustpython_vm::compiler::ast::{self, Expr, Stmt};

/// The prefix of the name a desugared loop binds its items to (the loop target's
/// offset in the file follows, so loops of one function never share one).
pub const ITEM: &str = kiln_jit::objects::UNPACKED_ITEM;

/// Desugars every loop of a module's `body` (at any depth) whose target unpacks into
/// names or whose sequences are subscripts.
pub(super) fn desugar<B>(body: &mut B)
where
    B: Default + IntoIterator<Item = Stmt> + FromIterator<Stmt>,
{
    as_vec(body, namespace_body);
}

/// Runs `f` on a block's statements, in whatever vector the AST holds them.
fn as_vec<B>(body: &mut B, f: impl FnOnce(&mut Vec<Stmt>))
where
    B: Default + IntoIterator<Item = Stmt> + FromIterator<Stmt>,
{
    let mut statements: Vec<Stmt> = std::mem::take(body).into_iter().collect();
    f(&mut statements);
    *body = statements.into_iter().collect();
}

/// A module's or a class's body: the names its loops made are attributes of the module
/// or class, where `dir()` and `vars()` would show them. So each statement that made
/// some (a loop, or a block with loops in it) is preceded by binding them (to `None`,
/// so that each exists even where its loop never ran) and followed by deleting them.
/// (A function's locals stay: nothing lists them but `locals()`.)
fn namespace_body(body: &mut Vec<Stmt>) {
    let mut k = 0;
    while k < body.len() {
        let mut made = Vec::new();
        visit(&mut body[k], &mut made);
        if !made.is_empty() {
            let range = body[k].range();
            let none = || {
                Expr::NoneLiteral(ast::ExprNoneLiteral {
                    node_index: Default::default(),
                    range,
                })
            };
            let before: Vec<Stmt> = made
                .iter()
                .map(|n| assign(name_store(n, range), none(), range))
                .collect();
            let after: Vec<Stmt> = made.iter().map(|n| delete(n, range)).collect();
            let (b, a) = (before.len(), after.len());
            body.splice(k + 1..k + 1, after);
            body.splice(k..k, before);
            k += b + a;
        }
        k += 1;
    }
}

/// Desugars the loops of `stmt` and of the blocks in it, adding the names they made
/// to `made`.
fn visit(stmt: &mut Stmt, made: &mut Vec<String>) {
    let block = |body: &mut [Stmt], made: &mut Vec<String>| {
        body.iter_mut().for_each(|s| visit(s, made));
    };
    match stmt {
        Stmt::For(f) => {
            block(&mut f.body, made);
            block(&mut f.orelse, made);
            made.extend(desugar_for(f));
        }
        Stmt::If(i) => {
            block(&mut i.body, made);
            for clause in &mut i.elif_else_clauses {
                block(&mut clause.body, made);
            }
        }
        Stmt::While(w) => {
            block(&mut w.body, made);
            block(&mut w.orelse, made);
        }
        Stmt::FunctionDef(f) => block(&mut f.body, &mut Vec::new()),
        Stmt::ClassDef(c) => as_vec(&mut c.body, namespace_body),
        Stmt::With(w) => block(&mut w.body, made),
        Stmt::Try(t) => {
            block(&mut t.body, made);
            for handler in &mut t.handlers {
                let ast::ExceptHandler::ExceptHandler(h) = handler;
                block(&mut h.body, made);
            }
            block(&mut t.orelse, made);
            block(&mut t.finalbody, made);
        }
        Stmt::Match(m) => {
            for case in &mut m.cases {
                block(&mut case.body, made);
            }
        }
        _ => {}
    }
}

/// Desugars one loop; the names it made.
fn desugar_for(f: &mut ast::StmtFor) -> Vec<String> {
    if f.is_async {
        return Vec::new();
    }
    let mut made = name_sequences(&mut f.iter);
    let over_path = is_path(&f.iter) || named_path(&f.iter).is_some();
    // `for u, v, w in edges`: the whole target is the item's unpacking.
    if over_path && unpacks_into_names(&f.target) {
        let range = f.target.range();
        let item = item_name(range);
        let target = std::mem::replace(&mut *f.target, name_store(&item, range));
        f.body.insert(0, assign(target, name(&item, range), range));
        made.push(item);
        return made;
    }
    // `for i, (x, y) in enumerate(points)`, `for (a, b), (c, d) in zip(p, q)`: each
    // element that unpacks is an item of its own.
    if !matches!(&*f.iter, Expr::Call(c) if builtin_call(c).is_some()) {
        return made;
    }
    let Expr::Tuple(t) = &mut *f.target else {
        return made;
    };
    let mut unpacks = Vec::new();
    for element in t.elts.iter_mut() {
        if unpacks_into_names(element) {
            let range = element.range();
            let item = item_name(range);
            let target = std::mem::replace(element, name_store(&item, range));
            unpacks.push(assign(target, name(&item, range), range));
            made.push(item);
        }
    }
    f.body.splice(0..0, unpacks);
    made
}

/// The name of the item a target at `range` unpacks.
fn item_name(range: ruff_text_size::TextRange) -> String {
    format!("{ITEM}{}", u32::from(range.start()))
}

/// A tuple of 2 to 8 names.
fn unpacks_into_names(target: &Expr) -> bool {
    matches!(target, Expr::Tuple(t)
        if (2..=8).contains(&t.elts.len()) && t.elts.iter().all(|e| matches!(e, Expr::Name(_))))
}

/// `zip` or `enumerate` called with positional arguments only.
fn builtin_call(c: &ast::ExprCall) -> Option<&str> {
    match &*c.func {
        Expr::Name(n)
            if matches!(n.id.as_str(), "zip" | "enumerate") && c.arguments.keywords.is_empty() =>
        {
            Some(n.id.as_str())
        }
        _ => None,
    }
}

/// The prefix of the name a loop's sequence that is a subscript is bound to.
pub const SEQUENCE: &str = "__kiln_seq";

/// Binds each sequence a loop runs over that is a subscript (`xs[1:]` of
/// `zip(xs, xs[1:])`, `rows[::2]`) to a name where the loop evaluates it, with `:=`:
/// evaluated once, in its place, as before, and the compiled loop reads that list
/// through the name (and the interpreter, resuming the loop half way, the same list).
fn name_sequences(iter: &mut Expr) -> Vec<String> {
    let mut made = Vec::new();
    let mut name_it = |e: &mut Expr| {
        if !matches!(e, Expr::Subscript(_)) {
            return;
        }
        let range = e.range();
        let sequence = format!("{SEQUENCE}{}", u32::from(range.start()));
        let target = name_store(&sequence, range);
        let value = std::mem::replace(e, name(SEQUENCE, range));
        *e = Expr::Named(ast::ExprNamed {
            node_index: Default::default(),
            range,
            target: Box::new(target),
            value: Box::new(value),
        });
        made.push(sequence);
    };
    match iter {
        Expr::Call(c) if builtin_call(c).is_some() => {
            c.arguments.args.iter_mut().for_each(&mut name_it);
        }
        other => name_it(other),
    }
    made
}

/// The name a sequence is bound to by [`name_sequences`], if it is one.
pub(super) fn named_path(e: &Expr) -> Option<&str> {
    match e {
        Expr::Named(n) => match &*n.target {
            Expr::Name(t) if t.id.starts_with(SEQUENCE) => Some(t.id.as_str()),
            _ => None,
        },
        _ => None,
    }
}

/// A name or an attribute path (`edges`, `self.edges`).
fn is_path(e: &Expr) -> bool {
    match e {
        Expr::Name(_) => true,
        Expr::Attribute(a) => is_path(&a.value),
        _ => false,
    }
}
