//! IPython-style input transformation: the escapes a person types at a prompt
//! (`%magic args`, a `%%magic` first line, `!cmd`, `x = !cmd`, `obj?`, `obj??`) become
//! plain Python calling the frozen `_kiln_magics` module.
//!
//! RustPython's parser has an IPython mode that recognises these escapes where IPython
//! does (at the start of a logical line, or as the value of an assignment) and leaves
//! strings and comments alone; each escape is replaced in place by a call on the same
//! line, so line numbers in tracebacks stay those the person typed. Source that does
//! not parse is returned unchanged, for the compiler to report.

use ruff_text_size::{Ranged, TextRange};
use rustpython_vm::compiler::ast::{
    self, Expr, IpyEscapeKind, Stmt,
    visitor::{self, Visitor},
};
use rustpython_vm::compiler::parser::{self, ParseOptions};

/// How generated code reaches the magics module without touching the user's names.
const MAGICS: &str = "__import__('_kiln_magics')";

pub fn transform_cell(source: &str) -> String {
    let source = &*dedent(source);
    if let Some(rest) = source.trim_start().strip_prefix("%%") {
        let (first_line, body) = rest.split_once('\n').unwrap_or((rest, ""));
        let (name, args) = split_magic(first_line);
        return format!(
            "{MAGICS}.run_cell_magic({}, {}, {})\n",
            py_str(name),
            py_str(args),
            py_str(body)
        );
    }
    let parsed = parser::parse_unchecked(source, ParseOptions::from(parser::Mode::Ipython));
    if !parsed.errors().is_empty() {
        return source.to_owned();
    }
    let ast::Mod::Module(module) = parsed.syntax() else {
        return source.to_owned();
    };
    let mut escapes = EscapeFinder::default();
    for stmt in &module.body {
        escapes.visit_stmt(stmt);
    }
    let mut out = source.to_owned();
    // Replace from the end so earlier ranges stay valid.
    escapes
        .found
        .sort_by_key(|(range, _)| std::cmp::Reverse(range.start()));
    for (range, python) in escapes.found {
        out.replace_range(
            usize::from(range.start())..usize::from(range.end()),
            &python,
        );
    }
    out
}

#[derive(Default)]
struct EscapeFinder {
    found: Vec<(TextRange, String)>,
}

impl<'a> Visitor<'a> for EscapeFinder {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        if let Stmt::IpyEscapeCommand(command) = stmt {
            let python = escape_to_python(command.kind, &command.value, false);
            self.found.push((command.range(), python));
        } else {
            visitor::walk_stmt(self, stmt);
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::IpyEscapeCommand(command) = expr {
            let python = escape_to_python(command.kind, &command.value, true);
            self.found.push((command.range(), python));
        } else {
            visitor::walk_expr(self, expr);
        }
    }
}

/// The Python call for one escape. `as_value`: it is the right-hand side of an
/// assignment (`files = !ls` captures the output instead of printing it).
fn escape_to_python(kind: IpyEscapeKind, value: &str, as_value: bool) -> String {
    match kind {
        IpyEscapeKind::Magic => {
            let (name, args) = split_magic(value);
            format!(
                "{MAGICS}.run_line_magic({}, {})",
                py_str(name),
                py_str(args)
            )
        }
        IpyEscapeKind::Magic2 => {
            let (name, args) = split_magic(value);
            format!(
                "{MAGICS}.run_cell_magic({}, {}, '')",
                py_str(name),
                py_str(args)
            )
        }
        IpyEscapeKind::Shell if !as_value => format!("{MAGICS}.system({})", py_str(value)),
        IpyEscapeKind::Shell | IpyEscapeKind::ShCap => {
            format!("{MAGICS}.getoutput({})", py_str(value))
        }
        IpyEscapeKind::Help => format!("{MAGICS}.show_help({}, 0)", py_str(value)),
        IpyEscapeKind::Help2 => format!("{MAGICS}.show_help({}, 1)", py_str(value)),
        // `,f a b` calls f('a', 'b'); `;f a b` calls f('a b'); `/f a b` calls f(a, b).
        IpyEscapeKind::Quote | IpyEscapeKind::Quote2 | IpyEscapeKind::Paren => {
            let (function, rest) = split_magic(value);
            let args = match kind {
                IpyEscapeKind::Quote => rest
                    .split_whitespace()
                    .map(py_str)
                    .collect::<Vec<_>>()
                    .join(", "),
                IpyEscapeKind::Quote2 => py_str(rest),
                _ => rest.split_whitespace().collect::<Vec<_>>().join(", "),
            };
            format!("{function}({args})")
        }
    }
}

/// Input whose every line starts with the same indentation (code pasted from inside a
/// function) with that indentation removed, as IPython does; other input as it is.
pub fn dedent(source: &str) -> std::borrow::Cow<'_, str> {
    let Some(first) = source.lines().find(|line| !line.trim().is_empty()) else {
        return source.into();
    };
    let indent = &first[..first.len() - first.trim_start_matches([' ', '\t']).len()];
    let all_indented = source
        .lines()
        .all(|line| line.trim().is_empty() || line.starts_with(indent));
    if indent.is_empty() || !all_indented {
        return source.into();
    }
    source
        .split_inclusive('\n')
        .map(|line| {
            line.strip_prefix(indent)
                .unwrap_or(line.trim_start_matches([' ', '\t']))
        })
        .collect::<String>()
        .into()
}

/// `name args...` into the name and the rest of the line.
fn split_magic(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.split_once(char::is_whitespace) {
        Some((name, args)) => (name, args.trim()),
        None => (text.trim_end(), ""),
    }
}

/// A Python string literal with the value `text`.
pub fn py_str(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\x7f' => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_python_passes_through() {
        for code in [
            "x = 1\nprint(x % 2)\n",
            "s = '%time !ls x?'",
            "# %time\n",
            "a = (1 +\n",
        ] {
            assert_eq!(transform_cell(code), code);
        }
    }

    #[test]
    fn line_magics_shell_and_help() {
        assert_eq!(
            transform_cell("%timeit -n 3 f(x)"),
            "__import__('_kiln_magics').run_line_magic('timeit', '-n 3 f(x)')"
        );
        assert_eq!(
            transform_cell("x = 1\n!echo 'hi'\n"),
            "x = 1\n__import__('_kiln_magics').system('echo \\'hi\\'')\n"
        );
        assert_eq!(
            transform_cell("files = !ls"),
            "files = __import__('_kiln_magics').getoutput('ls')"
        );
        assert_eq!(
            transform_cell("len?"),
            "__import__('_kiln_magics').show_help('len', 0)"
        );
        assert_eq!(
            transform_cell("np.sum??"),
            "__import__('_kiln_magics').show_help('np.sum', 1)"
        );
    }

    #[test]
    fn magics_inside_blocks_keep_their_lines() {
        assert_eq!(
            transform_cell("for i in range(2):\n    %pwd\nprint(1)"),
            "for i in range(2):\n    __import__('_kiln_magics').run_line_magic('pwd', '')\nprint(1)"
        );
    }

    #[test]
    fn cell_magic_takes_the_body() {
        assert_eq!(
            transform_cell("%%timeit -r 2\nx = 1\ny = 'a'\n"),
            "__import__('_kiln_magics').run_cell_magic('timeit', '-r 2', 'x = 1\\ny = \\'a\\'\\n')\n"
        );
    }

    #[test]
    fn common_indentation_is_removed() {
        assert_eq!(
            transform_cell("    x = 1\n    if x:\n        y = 2\n"),
            "x = 1\nif x:\n    y = 2\n"
        );
        assert_eq!(
            transform_cell("  %pwd"),
            "__import__('_kiln_magics').run_line_magic('pwd', '')"
        );
        // Not every line indented alike: left for the compiler to judge.
        assert_eq!(transform_cell("    x = 1\ny = 2"), "    x = 1\ny = 2");
    }

    #[test]
    fn string_literal_escapes_control_characters() {
        assert_eq!(py_str("a\\b\x01é"), "'a\\\\b\\x01é'");
    }
}
