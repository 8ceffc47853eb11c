//! Attributes of list items taken by subscript (`ps[i].x - ps[i - 1].x`,
//! `cars[(i + 1) % n].pos`, `ps[k].v = 0.0`), lowered as attributes of named items.
//!
//! `kiln_jit::objects` compiles the attributes of a name bound to items of one list
//! (`p = ps[i]` then `p.x`) as columns. So each distinct item a statement takes an
//! attribute of becomes a variable named by its subscript (`ps[i - 1]`: a name no
//! Python variable can have, [`kiln_jit::ir::VarData::is_subscript_item`]), bound to
//! the item (`ps[i - 1] = ps[i - 1]` in the IR, an index kept, not a read) by
//! statements at the statement's own point, before it; the attribute is the variable
//! `ps[i - 1].x`. Two statements that take `ps[i].x` share the item and its column,
//! so a store through one is what the other reads.
//!
//! Invariant: binding an item reads nothing (the column's read checks the index and
//! the value's type), and a check that fails at any of those statements hands the
//! whole Python statement back, so the interpreter evaluates it as written, in its
//! order: an item out of range in a branch the statement does not take (`i + 1 < n
//! and ps[i + 1].x > 0`) raises nothing, though compiled code that read it anyway
//! hands the statement back. A `while` condition, evaluated
//! again on every iteration, binds no items (its loop stays interpreted).

use super::{Lowering, Reason, at_one_point, attribute_path};
use kiln_jit::ir::{Expr, Stmt, StmtKind, Var};
use rustpython_vm::compiler::ast;

impl Lowering<'_> {
    /// The variable standing for `attr` where it is an attribute of a list item taken
    /// by one integer subscript of a name or attribute path (`ps[i].x`, `self.ps[k].v`);
    /// `None` for anything else.
    pub(super) fn item_attribute(
        &mut self,
        attr: &ast::ExprAttribute,
        stmt: &ast::Stmt,
    ) -> Result<Option<Var>, Reason> {
        let ast::Expr::Subscript(sub) = &*attr.value else {
            return Ok(None);
        };
        let Some(list) = attribute_path(&sub.value) else {
            return Ok(None);
        };
        if matches!(&*sub.slice, ast::Expr::Slice(_) | ast::Expr::Tuple(_)) {
            return Ok(None);
        }
        let text = match index_text(&sub.slice) {
            Some(text) => text,
            // An index with no short text of its own: an item of its own.
            None => {
                self.next_unnamed_item += 1;
                format!("…#{}", self.next_unnamed_item)
            }
        };
        let item_name = format!("{list}[{text}]");
        let attribute = format!("{item_name}.{}", attr.attr);
        let item = self.var(&item_name);
        if !self.item_bindings.iter().any(|(v, _)| *v == item) {
            let list = self.var(&list);
            let index = self.expr(&sub.slice, stmt)?;
            self.item_bindings
                .push((item, Expr::Load(list, vec![index])));
        }
        Ok(Some(self.var(&attribute)))
    }

    /// `lowered` after the statements binding the items it takes attributes of.
    pub(super) fn with_items(
        &mut self,
        lowered: Stmt,
        bindings: Vec<(Var, Expr)>,
        stmt: &ast::Stmt,
    ) -> Result<Stmt, Reason> {
        if bindings.is_empty() {
            return Ok(lowered);
        }
        if matches!(lowered.kind, StmtKind::While { .. }) {
            return Err(self.at(
                stmt,
                "an attribute of a list's item in a `while` condition stays interpreted",
            ));
        }
        let (point, line) = (lowered.point, lowered.line);
        let mut stmts: Vec<Stmt> = bindings
            .into_iter()
            .map(|(item, value)| Stmt {
                point,
                line,
                kind: StmtKind::Assign {
                    targets: vec![item],
                    values: vec![value],
                },
            })
            .collect();
        stmts.push(lowered);
        Ok(Stmt {
            point,
            line,
            kind: at_one_point(stmts),
        })
    }
}

/// A subscript's text as a person writes it, for the names of items and of the
/// report's reasons (`i - 1`, `(i + 1) % len(ps)`): names, integers, attribute paths,
/// calls of a name on those and `+ - * // %` of them; `None` for anything else.
fn index_text(e: &ast::Expr) -> Option<String> {
    Some(match e {
        ast::Expr::Name(_) | ast::Expr::Attribute(_) => attribute_path(e)?,
        ast::Expr::NumberLiteral(n) => match &n.value {
            ast::Number::Int(i) => i.to_string(),
            _ => return None,
        },
        // `len(ps)`: a call of a name on texts, no keywords.
        ast::Expr::Call(c) if c.arguments.keywords.is_empty() => {
            let ast::Expr::Name(f) = &*c.func else {
                return None;
            };
            let args = c
                .arguments
                .args
                .iter()
                .map(index_text)
                .collect::<Option<Vec<_>>>()?;
            format!("{}({})", f.id, args.join(", "))
        }
        ast::Expr::UnaryOp(u) if matches!(u.op, ast::UnaryOp::USub) => {
            format!("-{}", operand_text(&u.operand)?)
        }
        ast::Expr::BinOp(b) => {
            let op = match b.op {
                ast::Operator::Add => "+",
                ast::Operator::Sub => "-",
                ast::Operator::Mult => "*",
                ast::Operator::FloorDiv => "//",
                ast::Operator::Mod => "%",
                _ => return None,
            };
            format!(
                "{} {op} {}",
                operand_text(&b.left)?,
                operand_text(&b.right)?
            )
        }
        _ => return None,
    })
}

/// An operand's text, parenthesised where it is an operation itself. (Parentheses
/// are added around every operation, so `a - (b - c)` and `(a - b) - c` differ.)
fn operand_text(e: &ast::Expr) -> Option<String> {
    let text = index_text(e)?;
    Some(match e {
        ast::Expr::BinOp(_) => format!("({text})"),
        _ => text,
    })
}
