//! The terminal REPL: `kiln` on a terminal, and `kiln -i` after a program.
//!
//! Each input goes through the shared interactive engine (`kiln_vm::interactive`):
//! magics and help are transformed into Python, the cell runs in `__main__` named
//! `<In [n]>`, and a last expression's value is shown as `Out[n]:` and kept in `Out`,
//! `_`, `__`, `_n` (`In` keeps the inputs), as IPython does.
//!
//! Ctrl-C: while editing, the terminal is in raw mode and reedline gets the key (it
//! clears the input). While code runs the terminal is back in normal mode, so Ctrl-C
//! is SIGINT, which the interpreter's handler turns into `KeyboardInterrupt` (compiled
//! loops poll the same flag, see `kiln_vm::sites::interrupt`); the traceback is shown
//! and the prompt comes back.

mod completer;
mod editor;
mod style;

use kiln_vm::Session;
use kiln_vm::rustpython_vm::{AsObject, builtins::PyBaseExceptionRef};
use reedline::Signal;
use std::io::Write;
use std::rc::Rc;

pub struct ReplOptions {
    /// `>>>` prompts, no `Out[n]:` label.
    pub classic: bool,
    /// Print the banner first.
    pub banner: bool,
}

/// Runs the REPL until Ctrl-D or `exit()`. Returns the `SystemExit` that ended it.
pub fn run(session: &Rc<Session>, options: ReplOptions) -> Option<PyBaseExceptionRef> {
    let colour = style::colour_wanted();
    let _serving = completer::serve(session.clone());
    let mut line_editor = editor::build(colour);
    if options.banner {
        println!(
            "kiln {} (Python {}): an interactive Python for numeric work.\n\
             Type %quickref for help on the prompt, obj? for help on obj, Ctrl-D to exit.\n",
            kiln_vm::KILN_VERSION,
            kiln_vm::python_version()
        );
    }
    let mut prompt = editor::InputPrompt {
        number: 1,
        classic: options.classic,
        colour,
    };
    loop {
        session.flush();
        let _ = std::io::stdout().flush();
        let input = match line_editor.read_line(&prompt) {
            Ok(Signal::Success(input)) => input,
            Ok(Signal::CtrlD) => return None,
            // Ctrl-C while editing: reedline has cleared the input.
            Ok(_) => continue,
            Err(err) => {
                eprintln!("kiln: the terminal failed: {err}");
                return None;
            }
        };
        // Written now, not at exit: another kiln started meanwhile sees it, and a
        // session that is killed keeps what it ran.
        if let Err(err) = line_editor.sync_history() {
            eprintln!("kiln: cannot save the history: {err}");
        }
        if input.trim().is_empty() {
            continue;
        }
        // `exit` and `quit` alone leave, as in IPython (they are objects in Python).
        if matches!(input.trim(), "exit" | "quit") {
            return None;
        }
        if let Some(exit) = run_input(session, &input, prompt.number, options.classic, colour) {
            return Some(exit);
        }
        if !options.classic {
            // IPython leaves a blank line between one cell and the next prompt.
            println!();
        }
        prompt.number += 1;
    }
}

/// Runs one input as cell `number`; returns a `SystemExit` it raised.
fn run_input(
    session: &Session,
    input: &str,
    number: usize,
    classic: bool,
    colour: bool,
) -> Option<PyBaseExceptionRef> {
    session.record_input(number, input);
    let source = session.transform_cell(input);
    let result = session.run_cell(&source, &format!("<In [{number}]>"));
    session.flush();
    match result {
        // A trailing `;` hides the value, as in IPython.
        Ok(Some(value)) if !input.trim_end().ends_with(';') => {
            session.record_output(number, &value);
            let shown = session.display_text(&value, None);
            match shown {
                Ok(text) if classic => println!("{text}"),
                // A value of several lines starts on its own line, as in IPython.
                Ok(text) => {
                    let separator = if text.contains('\n') { "\n" } else { "" };
                    println!("{}{separator}{text}", editor::output_prompt(number, colour))
                }
                Err(exc) => print_error(session, &exc, colour),
            }
        }
        Ok(_) => {}
        Err(exc) => {
            if session.enter(|vm| exc.fast_isinstance(vm.ctx.exceptions.system_exit)) {
                return Some(exc);
            }
            print_error(session, &exc, colour);
        }
    }
    None
}

fn print_error(session: &Session, exc: &PyBaseExceptionRef, colour: bool) {
    let report = session.report(exc);
    let mut stderr = std::io::stderr().lock();
    let _ = write!(stderr, "{}", style::traceback(&report, colour));
    let _ = stderr.flush();
}
