//! What each piece of typed input is, for syntax highlighting: RustPython's tokenizer
//! (in IPython mode, so `%magic` and `!cmd` are one token) splits the text, and each
//! token gets a class the front end maps to a colour.

use ruff_text_size::Ranged;
use rustpython_vm::compiler::ast::token::TokenKind;
use rustpython_vm::compiler::parser::{self, ParseOptions};
use std::ops::Range;

/// What a span of source is, as far as colouring goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenClass {
    Keyword,
    /// A name of a builtin function, type or constant (`print`, `len`, `range`).
    Builtin,
    String,
    Number,
    Comment,
    /// `%magic`, `!cmd`, `obj?`.
    Escape,
    Operator,
    /// Names, white space, brackets: drawn as they are.
    Plain,
}

/// Spans of `code` (byte ranges, in order, covering all of it) with their class.
pub fn classify(code: &str) -> Vec<(Range<usize>, TokenClass)> {
    let parsed = parser::parse_unchecked(code, ParseOptions::from(parser::Mode::Ipython));
    let mut spans = Vec::new();
    let mut at = 0;
    for token in parsed.tokens().iter() {
        let range = usize::from(token.start())..usize::from(token.end());
        // Token ranges are ordered, in bounds and on character boundaries; anything
        // else is skipped rather than trusted (this runs on every key press).
        if range.start < at || range.is_empty() || code.get(range.clone()).is_none() {
            continue;
        }
        if range.start > at {
            spans.push((at..range.start, TokenClass::Plain));
        }
        let class = class_of(token.kind(), &code[range.clone()]);
        spans.push((range.clone(), class));
        at = range.end;
    }
    if at < code.len() {
        spans.push((at..code.len(), TokenClass::Plain));
    }
    spans
}

fn class_of(kind: TokenKind, text: &str) -> TokenClass {
    match kind {
        TokenKind::Name if BUILTINS.binary_search(&text).is_ok() => TokenClass::Builtin,
        TokenKind::Name
        | TokenKind::Lpar
        | TokenKind::Rpar
        | TokenKind::Lsqb
        | TokenKind::Rsqb
        | TokenKind::Lbrace
        | TokenKind::Rbrace
        | TokenKind::Comma
        | TokenKind::Colon
        | TokenKind::Semi
        | TokenKind::Dot
        | TokenKind::Newline
        | TokenKind::NonLogicalNewline
        | TokenKind::Indent
        | TokenKind::Dedent
        | TokenKind::EndOfFile
        | TokenKind::Unknown => TokenClass::Plain,
        TokenKind::Int | TokenKind::Float | TokenKind::Complex => TokenClass::Number,
        TokenKind::String
        | TokenKind::FStringStart
        | TokenKind::FStringMiddle
        | TokenKind::FStringEnd
        | TokenKind::TStringStart
        | TokenKind::TStringMiddle
        | TokenKind::TStringEnd => TokenClass::String,
        TokenKind::Comment => TokenClass::Comment,
        TokenKind::IpyEscapeCommand | TokenKind::Question | TokenKind::Exclamation => {
            TokenClass::Escape
        }
        kind if kind.is_keyword() || kind.is_soft_keyword() => TokenClass::Keyword,
        _ => TokenClass::Operator,
    }
}

/// Builtin names, sorted for binary search.
const BUILTINS: &[&str] = &[
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "EOFError",
    "Ellipsis",
    "Exception",
    "ImportError",
    "IndexError",
    "KeyError",
    "KeyboardInterrupt",
    "LookupError",
    "MemoryError",
    "NameError",
    "NotImplemented",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "RecursionError",
    "RuntimeError",
    "StopIteration",
    "SyntaxError",
    "SystemExit",
    "TypeError",
    "ValueError",
    "ZeroDivisionError",
    "abs",
    "all",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(code: &str) -> Vec<(&str, TokenClass)> {
        classify(code)
            .into_iter()
            .filter(|(_, class)| *class != TokenClass::Plain)
            .map(|(range, class)| (&code[range], class))
            .collect()
    }

    #[test]
    fn builtins_are_sorted() {
        assert!(BUILTINS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn tokens_get_their_classes() {
        assert_eq!(
            classes("for i in range(10): x = 'a' + 1.5  # hi"),
            [
                ("for", TokenClass::Keyword),
                ("in", TokenClass::Keyword),
                ("range", TokenClass::Builtin),
                ("10", TokenClass::Number),
                ("=", TokenClass::Operator),
                ("'a'", TokenClass::String),
                ("+", TokenClass::Operator),
                ("1.5", TokenClass::Number),
                ("# hi", TokenClass::Comment),
            ]
        );
        assert_eq!(
            classes("%timeit f()"),
            [("%timeit f()", TokenClass::Escape)]
        );
    }

    #[test]
    fn spans_cover_broken_input_in_order() {
        for code in ["x = '''abc\n", "def f(:\n  é = \x01", "))) (( ]"] {
            let spans = classify(code);
            let mut at = 0;
            for (range, _) in &spans {
                assert_eq!(range.start, at, "{code:?}");
                at = range.end;
            }
            assert_eq!(at, code.len(), "{code:?}");
        }
    }
}
