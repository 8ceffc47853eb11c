//! The resume code of a site: the rest of its loop nest, from the statement compiled
//! code stopped before, as Python statements the interpreter runs (see
//! [`resume_code`]).

use super::*;

/// How many points a statement and its children take (pre-order numbering).
fn size(stmt: &Stmt) -> u32 {
    1 + children(stmt)
        .iter()
        .map(|b| b.iter().map(size).sum::<u32>())
        .sum::<u32>()
}

/// The statement lists inside a statement, in numbering order.
fn children(stmt: &Stmt) -> Vec<&[Stmt]> {
    match stmt {
        Stmt::For(f) => vec![&f.body],
        Stmt::While(w) => vec![&w.body],
        Stmt::If(i) => {
            let mut out: Vec<&[Stmt]> = vec![&i.body];
            if let Some(clause) = i.elif_else_clauses.first() {
                out.push(&clause.body);
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The code that continues the site's loop from the point `__kiln_o.point` (numbered
/// as [`size`] does, the loop itself being point 0) to the end of the loop.
///
/// One copy of the loop serves every point: each statement is guarded by the point,
/// run whole where the point is at or before it, entered where the point is inside
/// it (an `if`'s branch that holds the point; a loop's rest of the iteration, then its
/// remaining iterations), skipped where the point is past it. So the code grows with
/// the loop's size times its depth, not with the square of its size (a copy of the
/// rest of the loop per point), which the bytecode compiler pays for at import.
///
/// With `again` (the site's id), the iterations after the one resumed in are no plain
/// loop: the rest of the iteration ends by continuing the `while` of `again_loop`.
pub(super) fn resume_code(root: &Stmt, again: Option<u32>) -> Vec<Stmt> {
    let inside = resume_loop(root, 0, again);
    match root {
        // A `while` stopped at its test: the loop runs again from the test.
        Stmt::While(_) => {
            let r = root.range();
            let at_test = eq(attr(name("__kiln_o", r), "point", r), int(0, r), r);
            vec![if_stmt(at_test, vec![root.clone()], inside, r)]
        }
        _ => inside,
    }
}

/// Resumes inside `stmt`, a compound statement numbered `at`, at a point within it.
fn resume_stmt(stmt: &Stmt, at: u32) -> Vec<Stmt> {
    match stmt {
        Stmt::If(i) => {
            let then_size: u32 = i.body.iter().map(size).sum();
            let then = resume_block(&i.body, at + 1);
            match i.elif_else_clauses.first() {
                Some(clause) => {
                    let r = stmt.range();
                    let in_then = compare(
                        attr(name("__kiln_o", r), "point", r),
                        ast::CmpOp::Lt,
                        int(at + 1 + then_size, r),
                        r,
                    );
                    let orelse = resume_block(&clause.body, at + 1 + then_size);
                    vec![if_stmt(in_then, then, orelse, r)]
                }
                None => then,
            }
        }
        Stmt::For(_) | Stmt::While(_) => resume_loop(stmt, at, None),
        _ => unreachable!("only compound statements contain points"),
    }
}

/// The rest of the current iteration (run inside a one-shot loop, so `break` and
/// `continue` keep their meaning), then the remaining iterations: a loop of their own,
/// or, with `again` (the site's own loop, see `again_loop`), the site's loop again.
fn resume_loop(stmt: &Stmt, at: u32, again: Option<u32>) -> Vec<Stmt> {
    let r = stmt.range();
    let (body, rest) = match stmt {
        Stmt::For(f) if let Some(id) = again => {
            let next = call(
                attr(name("_kiln_jit", r), "again", r),
                vec![int(id, r), name("__kiln_o", r)],
                r,
            );
            let rest = vec![
                expr_stmt(next, r),
                delete("__kiln_o", r),
                Stmt::Continue(ast::StmtContinue {
                    node_index: Default::default(),
                    range: r,
                }),
            ];
            (&f.body, rest)
        }
        Stmt::For(f) => {
            let rest_iter = rest_iterable(&f.iter, at);
            let rest = for_stmt(
                (*f.target).clone(),
                rest_iter,
                f.body.to_vec(),
                f.orelse.to_vec(),
                f.range,
            );
            (&f.body, vec![rest])
        }
        Stmt::While(w) => (&w.body, vec![Stmt::While(w.clone())]),
        _ => unreachable!(),
    };
    let partial = resume_block(body, at + 1);
    let once = Expr::Tuple(ast::ExprTuple {
        node_index: Default::default(),
        range: r,
        elts: vec![Expr::Tuple(ast::ExprTuple {
            node_index: Default::default(),
            range: r,
            elts: vec![],
            ctx: ast::ExprContext::Load,
            parenthesized: true,
            runtime_elts: None,
        })],
        ctx: ast::ExprContext::Load,
        parenthesized: true,
        runtime_elts: None,
    });
    vec![for_stmt(empty_target(r), once, partial, rest, r)]
}

/// What the rest of the `for` loop at point `at` iterates after the iteration that
/// stopped: the range left, or, for a loop over arrays or lists, the same from the next
/// index on (`_kiln_jit.tail`; `enumerate` counting on from it).
fn rest_iterable(iter: &Expr, at: u32) -> Expr {
    let r = iter.range();
    if crate::sites::lower::range_call(iter).is_some() {
        return call(attr(name("__kiln_o", r), "rest", r), vec![int(at, r)], r);
    }
    let next = || call(attr(name("__kiln_o", r), "next", r), vec![int(at, r)], r);
    // A sequence bound to a name where the loop started (`unpacked`): that list, not
    // one made again.
    let from_next = |seq: &Expr| {
        let seq = match crate::sites::unpacked::named_path(seq) {
            Some(n) => name(n, r),
            None => seq.clone(),
        };
        call(attr(name("_kiln_jit", r), "tail", r), vec![seq, next()], r)
    };
    match iter {
        Expr::Call(c) => {
            let Expr::Name(function) = &*c.func else {
                unreachable!("the lowering takes enumerate() and zip() calls only")
            };
            let mut args: Vec<Expr> = c.arguments.args.iter().map(from_next).collect();
            if function.id.as_str() == "enumerate" {
                args.push(next());
            }
            call((*c.func).clone(), args, r)
        }
        seq => from_next(seq),
    }
}

/// Resumes in a block whose first statement is numbered `first`: each statement run
/// whole, entered or skipped as the point says (see [`resume_code`]).
fn resume_block(stmts: &[Stmt], first: u32) -> Vec<Stmt> {
    let mut out = Vec::with_capacity(stmts.len());
    let mut at = first;
    for stmt in stmts {
        let n = size(stmt);
        let r = stmt.range();
        let point = || attr(name("__kiln_o", r), "point", r);
        let from_here = compare(point(), ast::CmpOp::LtE, int(at, r), r);
        let inside = if n == 1 {
            Vec::new()
        } else {
            let within = compare(point(), ast::CmpOp::Lt, int(at + n, r), r);
            vec![if_stmt(within, resume_stmt(stmt, at), vec![], r)]
        };
        out.push(if_stmt(from_here, vec![stmt.clone()], inside, r));
        at += n;
    }
    out
}
