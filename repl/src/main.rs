//! `kiln`: run a Python program, or open the interactive prompt.

mod cli;
mod repl;

use cli::{Command, RunOptions};
use kiln_vm::rustpython_vm::{AsObject, PyResult, builtins::PyBaseExceptionRef};
use kiln_vm::{MainOutcome, MainTarget, Session, SessionConfig, main_argv, run_main};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::rc::Rc;

fn main() -> ExitCode {
    let mut args = std::env::args_os();
    let program = args
        .next()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|| "kiln".into());
    match cli::parse(args) {
        Ok(Command::Help) => {
            print!("{}", cli::help());
            ExitCode::SUCCESS
        }
        Ok(Command::Version) => {
            println!(
                "kiln {} (Python {})",
                kiln_vm::KILN_VERSION,
                kiln_vm::python_version()
            );
            ExitCode::SUCCESS
        }
        Ok(Command::GpuInfo) => {
            print!("{}", kiln_vm::gpu_info());
            ExitCode::SUCCESS
        }
        Ok(Command::CompileKernels(files)) => {
            ExitCode::from(if kiln_vm::check_kernel_files(&files) {
                0
            } else {
                1
            })
        }
        Ok(Command::Run(options)) => ExitCode::from(run(&program, options)),
        Ok(Command::Kernel(args)) => ExitCode::from(kiln_kernel::cli::main(&args)),
        Err(cli::UsageError(message)) => {
            eprintln!(
                "{message}\n{}\nTry `kiln -h' for more information.",
                cli::USAGE
            );
            ExitCode::from(2)
        }
    }
}

fn run(program: &str, options: RunOptions) -> u8 {
    let interactive_only = options.target.is_none() && std::io::stdin().is_terminal();
    let target = match &options.target {
        Some(target) => Some(target.clone()),
        None if interactive_only => None,
        None => Some(MainTarget::Stdin),
    };
    let argv = match &target {
        Some(target) => main_argv(target, &options.args, options.dash),
        None => std::iter::once(String::new())
            .chain(options.args.iter().cloned())
            .collect(),
    };
    let mut config = if options.ignore_environment {
        SessionConfig::from_env(argv).without_environment()
    } else {
        SessionConfig::from_env(argv)
    };
    config.import_site = !options.no_site;
    config.inspect = options.inspect;
    config.unbuffered |= options.unbuffered;
    config.dont_write_bytecode |= options.dont_write_bytecode;
    // Shared with the REPL's completer for as long as the REPL runs.
    let session = Rc::new(Session::new(config));

    let mut uncaught = None;
    if let Some(target) = &target {
        match run_main(&session, target, program) {
            MainOutcome::Ran(exc) => uncaught = exc,
            MainOutcome::NotStarted(status) => {
                session.flush();
                return status;
            }
        }
    }
    let exits = uncaught
        .as_ref()
        .is_some_and(|exc| session.enter(|vm| exc.fast_isinstance(vm.ctx.exceptions.system_exit)));
    if (options.inspect && !exits) || interactive_only {
        if let Some(exc) = uncaught.take() {
            session.print_exception(exc);
        }
        uncaught = if std::io::stdin().is_terminal() {
            let options = repl::ReplOptions {
                classic: options.classic,
                banner: interactive_only && !options.quiet,
            };
            repl::run(&session, options)
        } else {
            interact(&session, options.quiet || !interactive_only)
        };
    }
    // Before `finish`: an uncaught KeyboardInterrupt ends the process by the signal.
    if options.jit_report {
        session.flush();
        eprint!("{}", kiln_vm::sites::report::text());
    }
    if let Some(path) = std::env::var_os("KILN_JIT_REPORT")
        && let Err(err) = std::fs::write(&path, kiln_vm::sites::report::json())
    {
        eprintln!(
            "kiln: cannot write the jit report to {}: {err}",
            std::path::Path::new(&path).display()
        );
    }
    match Rc::try_unwrap(session) {
        Ok(session) => session.finish(uncaught),
        Err(_) => unreachable!("the REPL has given the session back"),
    }
}

/// The plain prompt over `__main__` for `kiln -i` when stdin is not a terminal (see
/// `_kiln_interact`): prompts on stderr, as `python3 -i` does. Returns the `SystemExit`
/// that ended it, if any.
fn interact(session: &Session, quiet: bool) -> Option<PyBaseExceptionRef> {
    let banner = if quiet {
        String::new()
    } else {
        format!(
            "kiln {} (Python {})",
            kiln_vm::KILN_VERSION,
            kiln_vm::python_version()
        )
    };
    session.enter(|vm| {
        let run = || -> PyResult<()> {
            let console = vm.import("_kiln_interact", 0)?;
            let main = session.main_scope().globals;
            vm.call_method(&console, "interact", (main, banner))?;
            Ok(())
        };
        run().err()
    })
}
