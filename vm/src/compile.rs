//! The one compile path for user source.
//!
//! Everything a person wrote (the main script, modules imported from their tree, `-c`
//! code, REPL and notebook cells) becomes a code object through
//! [`compile_user_source`]; the frozen standard library does not. Having exactly one
//! place where user source is parsed and turned into bytecode is what lets the JIT
//! rewrite loop statements into loop sites without missing any: the AST is in hand
//! between parsing and code generation, and that is where the rewriting goes.
//!
//! Source arrives as bytes when it comes from a file; [`decode_source`] turns it into
//! text the way CPython's tokenizer does (UTF-8 by default, a PEP 263 coding cookie in
//! the first two lines, a UTF-8 BOM), with CPython's `SyntaxError` messages for null
//! bytes and undecodable input.

use ruff_source_file::SourceFileBuilder;
use rustpython_vm::{
    AsObject, PyRef, PyResult, VirtualMachine,
    builtins::{PyBaseExceptionRef, PyCode},
    compiler::{CompileError, Mode, ast, codegen, parser},
};

/// Whether `path` lies in the standard library, whose code is compiled as the
/// interpreter compiles it, not through this module.
pub(crate) fn is_stdlib_path(path: &str) -> bool {
    std::path::Path::new(path).starts_with(rustpython_pylib::LIB_PATH)
}

/// What a piece of user source is compiled as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompileUnit {
    /// A module body: a script, `-c` code, an imported module.
    Module,
    /// A REPL or notebook cell: a module body whose code object evaluates to the value
    /// of its last statement when that statement is an expression, else `None`.
    Cell,
    /// A single expression (`eval`).
    Expression,
}

/// Compiles user source to a code object whose `co_filename` is `path`.
///
/// A parse or codegen error becomes the `SyntaxError` CPython would raise, pointing at
/// the offending line and column.
pub fn compile_user_source(
    vm: &VirtualMachine,
    source: &str,
    path: &str,
    unit: CompileUnit,
) -> PyResult<PyRef<PyCode>> {
    let code = compile_to_code_object(source, path, unit, vm.compile_opts())
        // Through the VM's constant bag: the context's cannot make a frozenset, the
        // constant `x in {1, 2, 3}` and `{1, 2, 3}` compile to (it panicked).
        .map(|code| PyCode::new_ref_from_bytecode(vm, code))
        .map_err(|err| vm.new_syntax_error(&err, Some(source)))?;
    crate::inplace::keep_generic(&code);
    Ok(code)
}

pub(crate) fn compile_to_code_object(
    source: &str,
    path: &str,
    unit: CompileUnit,
    opts: codegen::CompileOpts,
) -> Result<rustpython_vm::bytecode::CodeObject, CompileError> {
    let (mode, parse_mode) = match unit {
        CompileUnit::Module => (Mode::Exec, parser::Mode::Module),
        CompileUnit::Cell => (Mode::BlockExpr, parser::Mode::Module),
        CompileUnit::Expression => (Mode::Eval, parser::Mode::Expression),
    };
    let source_file = SourceFileBuilder::new(path, source).finish();
    // The checks RustPython's own `compile` makes around its parse, where they are
    // public: too many nested brackets before parsing; an integer literal longer than
    // `sys.get_int_max_str_digits()`, too deep a tree and grammar ruff accepts but
    // CPython does not after it. (Its other post-parse checks are private: nested
    // f-strings past CPython's limit, some call-argument and match-pattern forms.)
    use rustpython_vm::compiler as rpc;
    rpc::pre_parse_source_error(&source_file)?;
    let parsed = parser::parse(source, parse_mode.into())
        .map_err(|err| CompileError::from_ruff_parse_error(err, &source_file, mode))?;
    let long_literal = rpc::long_decimal_integer_literal_error(
        &source_file,
        parsed.tokens(),
        opts.int_max_str_digits,
    );
    if let Some(err) = long_literal {
        return Err(err);
    }
    let mut ast = parsed.into_syntax();
    rpc::too_deeply_nested_error(&ast, &source_file, opts.recursion_limit)?;
    if let Some(err) = rpc::unsupported_grammar_error(&ast, &source_file) {
        return Err(err);
    }
    match &mut ast {
        ast::Mod::Module(module) => crate::floordiv_fold::fold_module(&mut module.body),
        ast::Mod::Expression(expr) => crate::floordiv_fold::fold_expression(&mut expr.body),
    }
    if unit == CompileUnit::Cell
        && let rustpython_vm::compiler::ast::Mod::Module(module) = &mut ast
    {
        cell_value_fixes(&mut module.body);
    }
    let jit = crate::sites::settings().enabled;
    // The registry's site ids are the rewrite's only input besides the module: held
    // still while it registers, so that the ids it took are known (`bytecode_cache`).
    static REWRITING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let sites = {
        let _rewriting = REWRITING.lock().unwrap_or_else(|e| e.into_inner());
        let first = crate::sites::site_count();
        if jit && let rustpython_vm::compiler::ast::Mod::Module(module) = &mut ast {
            crate::sites::rewrite::rewrite_module(&mut module.body, path, source);
        }
        (first, crate::sites::site_count() - first)
    };
    // A file's module (not `-c` code, a cell or `exec`'s string) is kept compiled.
    let key = (unit == CompileUnit::Module && !path.starts_with('<'))
        .then(|| {
            let how = format!("{unit:?} {jit} {opts:?}");
            let compile = crate::bytecode_cache::Compile { how: &how, sites };
            crate::bytecode_cache::key(source, path, &compile)
        })
        .flatten();
    if let Some(code) = key.and_then(crate::bytecode_cache::load) {
        return Ok(code);
    }
    let code = codegen::compile::compile_top(ast, source_file, mode, opts)?;
    if let Some(key) = key {
        crate::bytecode_cache::store(key, &code);
    }
    Ok(code)
}

/// Makes a cell's code evaluate to what its last statement shows, working around two
/// behaviours of RustPython's codegen for cells: it drops an expression statement that
/// is a bare literal (`10`, `'a'`) and then takes the instruction before it as the
/// value (a cell `x = 1\n10` would lose the store to `x`), so a trailing literal
/// becomes `(literal,)[0]`, the same value; and it returns a function or class defined
/// by the last statement, which no front end shows, so a `pass` follows it.
fn cell_value_fixes(body: &mut ast::Suite) {
    use ruff_text_size::Ranged;
    let Some(last) = body.last_mut() else { return };
    let range = last.range();
    match last {
        ast::Stmt::Expr(statement)
            if matches!(
                *statement.value,
                ast::Expr::StringLiteral(_)
                    | ast::Expr::BytesLiteral(_)
                    | ast::Expr::NumberLiteral(_)
                    | ast::Expr::BooleanLiteral(_)
                    | ast::Expr::NoneLiteral(_)
                    | ast::Expr::EllipsisLiteral(_)
                    | ast::Expr::FString(_)
            ) =>
        {
            let literal = std::mem::replace(
                &mut *statement.value,
                ast::Expr::NoneLiteral(Default::default()),
            );
            let tuple = ast::Expr::Tuple(ast::ExprTuple {
                node_index: Default::default(),
                range,
                elts: vec![literal],
                ctx: ast::ExprContext::Load,
                parenthesized: true,
                runtime_elts: None,
            });
            let zero = ast::Expr::NumberLiteral(ast::ExprNumberLiteral {
                node_index: Default::default(),
                range,
                value: ast::Number::Int(ast::Int::ZERO),
            });
            *statement.value = ast::Expr::Subscript(ast::ExprSubscript {
                node_index: Default::default(),
                range,
                value: Box::new(tuple),
                slice: Box::new(zero),
                ctx: ast::ExprContext::Load,
            });
        }
        ast::Stmt::FunctionDef(_) | ast::Stmt::ClassDef(_) => {
            body.push(ast::Stmt::Pass(ast::StmtPass {
                node_index: Default::default(),
                range,
            }));
        }
        _ => {}
    }
}

/// Why source bytes could not be read as UTF-8 text, in CPython's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceDecodeError {
    /// A NUL byte on `line` (1-based); `text` is that line up to the NUL.
    NulByte { line: usize, text: String },
    /// The first byte that is not valid UTF-8, and its line.
    NotUtf8 { byte: u8, line: usize },
}

/// How the bytes of a source file are to be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceEncoding {
    Utf8,
    /// A PEP 263 cookie names another codec, decoded by Python's codec registry.
    Declared(String),
}

/// Scans source bytes line by line as CPython's tokenizer does: a NUL byte is an error
/// wherever it is; without a coding cookie, each line must be valid UTF-8.
pub fn check_source_bytes(data: &[u8]) -> Result<SourceEncoding, SourceDecodeError> {
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    let encoding = coding_cookie(data);
    for (index, line) in data.split_inclusive(|&b| b == b'\n').enumerate() {
        if let Some(nul) = line.iter().position(|&b| b == 0) {
            return Err(SourceDecodeError::NulByte {
                line: index + 1,
                text: String::from_utf8_lossy(&line[..nul]).into_owned(),
            });
        }
        if encoding == SourceEncoding::Utf8
            && let Err(err) = std::str::from_utf8(line)
        {
            return Err(SourceDecodeError::NotUtf8 {
                byte: line[err.valid_up_to()],
                line: index + 1,
            });
        }
    }
    Ok(encoding)
}

/// The encoding named by a PEP 263 cookie on line 1, or on line 2 when line 1 is blank
/// or a comment.
fn coding_cookie(data: &[u8]) -> SourceEncoding {
    let mut lines = data.split(|&b| b == b'\n');
    for _ in 0..2 {
        let Some(line) = lines.next() else { break };
        let line = String::from_utf8_lossy(line);
        let trimmed = line.trim_start_matches([' ', '\t', '\x0c']);
        if !trimmed.starts_with('#') {
            if trimmed.trim().is_empty() {
                continue;
            }
            break;
        }
        if let Some(name) = cookie_name(trimmed) {
            let normal = name.to_ascii_lowercase().replace('_', "-");
            return if normal == "utf-8" || normal == "utf8" || normal.starts_with("utf-8-") {
                SourceEncoding::Utf8
            } else {
                SourceEncoding::Declared(name.to_owned())
            };
        }
    }
    SourceEncoding::Utf8
}

/// `coding[:=]\s*([-\w.]+)` within a comment line.
fn cookie_name(comment: &str) -> Option<&str> {
    let mut rest = comment;
    while let Some(at) = rest.find("coding") {
        let after = &rest[at + "coding".len()..];
        if let Some(value) = after.strip_prefix([':', '=']) {
            let value = value.trim_start_matches([' ', '\t']);
            let end = value
                .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == '.'))
                .unwrap_or(value.len());
            if end > 0 {
                return Some(&value[..end]);
            }
        }
        rest = after;
    }
    None
}

/// Decodes the bytes of a source file at `path` into text, raising the `SyntaxError`
/// CPython raises for null bytes, undecodable bytes or an unknown declared encoding.
pub fn decode_source(vm: &VirtualMachine, data: &[u8], path: &str) -> PyResult<String> {
    match check_source_bytes(data) {
        Ok(SourceEncoding::Utf8) => {
            let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
            // Checked line by line above.
            Ok(String::from_utf8_lossy(data).into_owned())
        }
        Ok(SourceEncoding::Declared(name)) => {
            let bytes = vm.ctx.new_bytes(data.to_vec());
            match vm.call_method(bytes.as_ref(), "decode", (name.clone(),)) {
                Ok(text) => Ok(text.str(vm)?.to_string()),
                Err(err) if err.fast_isinstance(vm.ctx.exceptions.lookup_error) => Err(
                    new_syntax_error_at(vm, format!("unknown encoding: {name}"), None),
                ),
                Err(_) => Err(new_syntax_error_at(
                    vm,
                    format!("(unicode error) '{name}' codec can't decode the source of {path}"),
                    None,
                )),
            }
        }
        Err(SourceDecodeError::NulByte { line, text }) => Err(new_syntax_error_at(
            vm,
            "source code cannot contain null bytes".to_owned(),
            Some((path, line, text)),
        )),
        Err(SourceDecodeError::NotUtf8 { byte, line }) => Err(new_syntax_error_at(
            vm,
            format!(
                "Non-UTF-8 code starting with '\\x{byte:02x}' in file {path} on line {line}, \
                 but no encoding declared; see https://peps.python.org/pep-0263/ for details"
            ),
            None,
        )),
    }
}

/// A `SyntaxError(msg)` or `SyntaxError(msg, (filename, lineno, None, text))`, built
/// by calling the class so its `__init__` fills `filename`, `lineno` and `text`.
fn new_syntax_error_at(
    vm: &VirtualMachine,
    msg: String,
    at: Option<(&str, usize, String)>,
) -> PyBaseExceptionRef {
    use rustpython_vm::convert::ToPyObject;
    let mut args = vec![vm.ctx.new_str(msg).into()];
    if let Some((path, line, text)) = at {
        args.push((path.to_owned(), line, vm.ctx.none(), text).to_pyobject(vm));
    }
    let class = vm.ctx.exceptions.syntax_error.to_owned();
    match class.as_object().call(args.clone(), vm) {
        Ok(exc) => exc
            .downcast()
            .unwrap_or_else(|_| vm.new_exception(class, args)),
        Err(err) => err,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_utf8_is_accepted() {
        assert_eq!(
            check_source_bytes("x = 'é'\n".as_bytes()),
            Ok(SourceEncoding::Utf8)
        );
        assert_eq!(
            check_source_bytes(b"\xef\xbb\xbfx = 1\n"),
            Ok(SourceEncoding::Utf8)
        );
    }

    #[test]
    fn nul_byte_is_found_on_its_line() {
        assert_eq!(
            check_source_bytes(b"a = 1\nprint(2)\x00rest\n"),
            Err(SourceDecodeError::NulByte {
                line: 2,
                text: "print(2)".into()
            })
        );
    }

    #[test]
    fn invalid_utf8_names_first_bad_byte_and_line() {
        assert_eq!(
            check_source_bytes(b"a = 1\n\nx = '\xff'\n"),
            Err(SourceDecodeError::NotUtf8 {
                byte: 0xff,
                line: 3
            })
        );
    }

    #[test]
    fn coding_cookie_on_first_or_second_line() {
        assert_eq!(
            check_source_bytes(b"# -*- coding: latin-1 -*-\nx = '\xe9'\n"),
            Ok(SourceEncoding::Declared("latin-1".into()))
        );
        assert_eq!(
            check_source_bytes(b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\n"),
            Ok(SourceEncoding::Declared("cp1252".into()))
        );
        assert_eq!(
            check_source_bytes(b"# coding=utf_8\nx=1\n"),
            Ok(SourceEncoding::Utf8)
        );
        // A cookie after code does not count.
        assert_eq!(
            check_source_bytes(b"x = 1\n# coding: latin-1\n\xe9\n"),
            Err(SourceDecodeError::NotUtf8 {
                byte: 0xe9,
                line: 3
            })
        );
    }

    #[test]
    fn syntax_errors_carry_line_and_column() {
        let opts = codegen::CompileOpts::default();
        let err = compile_to_code_object(
            "x = 1\ny = (2 +\n",
            "t.py",
            CompileUnit::Module,
            opts.clone(),
        )
        .unwrap_err();
        assert_eq!(err.python_location().0, 2);
        let err =
            compile_to_code_object("x = 1\nif x\n    pass\n", "t.py", CompileUnit::Module, opts)
                .unwrap_err();
        assert_eq!(err.python_location(), (2, 5));
    }
}
