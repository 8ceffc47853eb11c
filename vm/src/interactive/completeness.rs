//! Whether a piece of typed input is a whole cell yet: what decides, on Enter, between
//! running the input and opening a continuation line (and how far to indent it).
//!
//! The parser decides. Input that parses is complete, except that a compound statement
//! (`def`, `for`, `if`, ...) spanning several lines waits for a blank line, as IPython's
//! prompt does, so a block can grow a line at a time. Input that does not parse is
//! incomplete when more text could still fix it: an open bracket, an unterminated
//! triple-quoted string, a trailing backslash, or an error at the very end of the input
//! (a `:` line whose body has not been typed). Any other error is invalid: running it
//! shows the `SyntaxError`.

use super::Completeness;
use rustpython_vm::compiler::ast::{Mod, Stmt};
use rustpython_vm::compiler::parser::{
    self, InterpolatedStringErrorType, LexicalErrorType, ParseErrorType, ParseOptions,
};

/// One level of automatic indentation.
pub const INDENT: &str = "    ";

pub fn completeness(code: &str) -> Completeness {
    // Judged as it will run: code indented as a whole is dedented first (the next
    // line's indentation still follows the lines as typed).
    match super::transform::dedent(code) {
        std::borrow::Cow::Borrowed(_) => judge(code),
        std::borrow::Cow::Owned(dedented) => match judge(&dedented) {
            Completeness::Incomplete { .. } => Completeness::Incomplete {
                indent: next_indent(code),
            },
            other => other,
        },
    }
}

fn judge(code: &str) -> Completeness {
    if code.trim().is_empty() {
        return Completeness::Complete;
    }
    let ends_with_blank_line = ends_with_blank_line(code);
    if code.trim_start().starts_with("%%") {
        // A cell magic's body runs to the first blank line.
        return if ends_with_blank_line {
            Completeness::Complete
        } else {
            Completeness::Incomplete {
                indent: String::new(),
            }
        };
    }
    let parsed = parser::parse_unchecked(code, ParseOptions::from(parser::Mode::Ipython));
    let Some(error) = parsed.errors().first() else {
        let Mod::Module(module) = parsed.syntax() else {
            return Completeness::Complete;
        };
        let open_block = module.body.last().is_some_and(|last| {
            is_compound(last)
                && code
                    .trim_end()
                    .get(usize::from(start_of(last))..)
                    .is_some_and(|statement| statement.contains('\n'))
        });
        return if open_block && !ends_with_blank_line {
            Completeness::Incomplete {
                indent: next_indent(code),
            }
        } else {
            Completeness::Complete
        };
    };
    let at_end = usize::from(error.location.start()) >= code.trim_end().len();
    let more_text_can_fix = match &error.error {
        // An open bracket or triple-quoted string may span blank lines.
        ParseErrorType::Lexical(LexicalErrorType::Eof) => true,
        ParseErrorType::Lexical(LexicalErrorType::UnclosedStringError)
        | ParseErrorType::Lexical(LexicalErrorType::FStringError(
            InterpolatedStringErrorType::UnterminatedTripleQuotedString,
        )) => is_triple_quoted_at(code, usize::from(error.location.start())),
        _ => false,
    };
    let continued_line = code.trim_end_matches([' ', '\t']).ends_with('\\');
    if more_text_can_fix || ((at_end || continued_line) && !ends_with_blank_line) {
        Completeness::Incomplete {
            indent: next_indent(code),
        }
    } else {
        Completeness::Invalid
    }
}

fn start_of(stmt: &Stmt) -> ruff_text_size::TextSize {
    ruff_text_size::Ranged::start(stmt)
}

fn is_compound(stmt: &Stmt) -> bool {
    matches!(
        stmt,
        Stmt::FunctionDef(_)
            | Stmt::ClassDef(_)
            | Stmt::If(_)
            | Stmt::For(_)
            | Stmt::While(_)
            | Stmt::With(_)
            | Stmt::Try(_)
            | Stmt::Match(_)
    )
}

/// The last line is empty or only white space (and is not the only line): the person
/// pressed Enter on an empty continuation line.
fn ends_with_blank_line(code: &str) -> bool {
    match code.rsplit_once('\n') {
        Some((_, last)) => last.trim().is_empty(),
        None => false,
    }
}

/// Whether the string token starting at `at` (after its prefix letters) is triple-quoted.
fn is_triple_quoted_at(code: &str, at: usize) -> bool {
    let rest = code.get(at..).unwrap_or("");
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    rest.starts_with("\"\"\"") || rest.starts_with("'''")
}

/// The indentation of the next line: the last non-blank line's, one level deeper after
/// a `:`, one level shallower after a statement that ends its block.
pub fn next_indent(code: &str) -> String {
    let Some(last) = code.lines().rev().find(|line| !line.trim().is_empty()) else {
        return String::new();
    };
    let indent: String = last
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let statement = last.trim();
    let without_comment = match statement.find('#') {
        // A `#` inside a string is rare on a line ending a block header; good enough.
        Some(at) => statement[..at].trim_end(),
        None => statement,
    };
    if without_comment.ends_with(':') {
        return indent + INDENT;
    }
    let first_word = statement
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    if matches!(
        first_word,
        "return" | "pass" | "break" | "continue" | "raise"
    ) {
        let keep = indent.len().saturating_sub(INDENT.len());
        return indent[..keep].to_owned();
    }
    indent
}

#[cfg(test)]
mod tests {
    use super::*;

    fn incomplete(code: &str) -> String {
        match completeness(code) {
            Completeness::Incomplete { indent } => indent,
            other => panic!("{code:?} is {other:?}, not incomplete"),
        }
    }

    #[test]
    fn simple_statements_are_complete() {
        for code in [
            "",
            "x = 1",
            "print(1)\n",
            "for i in range(3): print(i)",
            "x = [\n 1,\n]",
        ] {
            assert_eq!(completeness(code), Completeness::Complete, "{code:?}");
        }
    }

    #[test]
    fn blocks_continue_until_a_blank_line() {
        assert_eq!(incomplete("def f():"), "    ");
        assert_eq!(incomplete("def f():\n    x = 1"), "    ");
        assert_eq!(incomplete("def f():\n    return 1"), "");
        assert_eq!(incomplete("for i in x:\n    if i:"), "        ");
        assert_eq!(
            completeness("def f():\n    return 1\n"),
            Completeness::Complete
        );
        assert_eq!(
            completeness("def f():\n    return 1\n    "),
            Completeness::Complete
        );
    }

    #[test]
    fn open_brackets_strings_and_backslashes_continue() {
        assert_eq!(incomplete("x = (1,"), "");
        assert_eq!(incomplete("f(a,\n\n"), "");
        assert_eq!(incomplete("s = '''abc"), "");
        assert_eq!(incomplete("x = 1 + \\"), "");
        assert_eq!(incomplete("%%timeit\nx = 1"), "");
        assert_eq!(completeness("%%timeit\nx = 1\n"), Completeness::Complete);
    }

    #[test]
    fn code_indented_as_a_whole_is_judged_dedented() {
        assert_eq!(completeness("    x = 1\n    y = 2"), Completeness::Complete);
        assert_eq!(incomplete("    for i in x:"), "        ");
    }

    #[test]
    fn errors_more_text_cannot_fix_are_invalid() {
        assert_eq!(completeness("x = )"), Completeness::Invalid);
        assert_eq!(completeness("s = 'abc"), Completeness::Invalid);
        assert_eq!(completeness("def f():\n\n"), Completeness::Invalid);
    }

    #[test]
    fn magics_shell_and_help_lines_are_complete() {
        for code in [
            "%timeit x = 1",
            "!ls -l",
            "len?",
            "x = !pwd",
            "%time for i in y: pass",
        ] {
            assert_eq!(completeness(code), Completeness::Complete, "{code:?}");
        }
    }
}
