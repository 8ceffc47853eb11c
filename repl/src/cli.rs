//! Command-line parsing with `python3`'s rules: options come first; the first of `-c
//! CODE`, `-m MODULE`, `-` or a script path ends them, and everything after it is the
//! program's `sys.argv[1:]`. Short flags combine (`-iu`) and `-c`/`-m` take their value
//! attached or as the next argument.

use kiln_vm::MainTarget;
use std::ffi::OsString;
use std::path::PathBuf;

/// What the command line asked for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    Version,
    Run(RunOptions),
    /// `kiln kernel ...`: the Jupyter kernel's commands (`kiln_kernel::cli`).
    Kernel(Vec<String>),
    /// `--gpu-info`: what the GPU tier found (CUDA driver, NVRTC, device).
    GpuInfo,
    /// `--compile-kernels FILE...`: each CUDA C file compiled with NVRTC for sm_90.
    CompileKernels(Vec<String>),
}

/// Options for running a program (or the interactive prompt, when `target` is None).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct RunOptions {
    pub target: Option<MainTarget>,
    /// `-` was given explicitly (then `sys.argv[0]` is `'-'`).
    pub dash: bool,
    pub args: Vec<String>,
    /// `-i`: enter the interactive prompt after the program.
    pub inspect: bool,
    /// `-u`: unbuffered stdout and stderr.
    pub unbuffered: bool,
    /// `-B`: do not write `.pyc` files.
    pub dont_write_bytecode: bool,
    /// `-S`: do not import `site`.
    pub no_site: bool,
    /// `-E`: ignore `PYTHON*` environment variables.
    pub ignore_environment: bool,
    /// `-q`: no banner on the interactive prompt.
    pub quiet: bool,
    /// `--jit-report`: print what the JIT did with each loop when the program ends.
    pub jit_report: bool,
    /// `--classic`: the REPL's prompts are `>>>` and `...`, values shown bare.
    pub classic: bool,
}

/// A command line `kiln` cannot accept; printed with the usage line, status 2.
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, UsageError> {
    let mut args = args
        .into_iter()
        .map(|a| a.to_string_lossy().into_owned())
        .peekable();
    if args.peek().is_some_and(|first| first == "kernel") {
        return Ok(Command::Kernel(args.skip(1).collect()));
    }
    let mut options = RunOptions::default();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--help" => return Ok(Command::Help),
            "--version" => return Ok(Command::Version),
            "--gpu-info" => return Ok(Command::GpuInfo),
            "--compile-kernels" => return Ok(Command::CompileKernels(args.collect())),
            "-" => {
                options.target = Some(MainTarget::Stdin);
                options.dash = true;
                break;
            }
            "--" => {
                if let Some(script) = args.next() {
                    options.target = Some(script_target(script));
                }
                break;
            }
            "--jit-report" => options.jit_report = true,
            "--classic" => options.classic = true,
            long if long.starts_with("--") => {
                return Err(UsageError(format!("unknown option {long}")));
            }
            flags if flags.starts_with('-') => {
                for (at, flag) in flags[1..].char_indices() {
                    match flag {
                        'c' | 'm' => {
                            let attached = &flags[1 + at + 1..];
                            let value = if attached.is_empty() {
                                args.next()
                            } else {
                                Some(attached.to_owned())
                            };
                            let Some(value) = value else {
                                return Err(UsageError(format!(
                                    "Argument expected for the -{flag} option"
                                )));
                            };
                            options.target = Some(if flag == 'c' {
                                MainTarget::Command(value)
                            } else {
                                MainTarget::Module(value)
                            });
                            options.args = args.collect();
                            return Ok(Command::Run(options));
                        }
                        'h' | '?' => return Ok(Command::Help),
                        'V' => return Ok(Command::Version),
                        'i' => options.inspect = true,
                        'u' => options.unbuffered = true,
                        'B' => options.dont_write_bytecode = true,
                        'S' => options.no_site = true,
                        'E' => options.ignore_environment = true,
                        'q' => options.quiet = true,
                        other => return Err(UsageError(format!("unknown option -{other}"))),
                    }
                }
            }
            _ => {
                options.target = Some(script_target(arg));
                break;
            }
        }
    }
    options.args = args.collect();
    Ok(Command::Run(options))
}

fn script_target(path: String) -> MainTarget {
    MainTarget::Script(PathBuf::from(path))
}

pub const USAGE: &str = "usage: kiln [option] ... [-c cmd | -m mod | file | -] [arg] ...";

pub fn help() -> String {
    format!(
        "\
kiln {version}: a Python runtime for numeric work (Python {python} language)

{USAGE}

kiln runs Python programs as python3 does, with a native numpy and a JIT for hot
loops. With no program and a terminal on stdin it opens an interactive prompt.

Program:
  file         run the script in file (a directory runs its __main__.py)
  -c cmd       run the program passed as a string
  -m mod       run a module from sys.path as a script
  -            read the program from standard input (also the default when
               stdin is not a terminal)
  arg ...      arguments passed to the program in sys.argv[1:]

Jupyter:
  kernel install [--user | --sys-prefix | --prefix PATH] [--name NAME]
               register kiln as a Jupyter kernel (kiln kernel --help for more)
  kernel uninstall [--user | --sys-prefix | --prefix PATH] [--name NAME]
               remove that registration
  kernel -f CONNECTION_FILE
               run a kernel (Jupyter starts this)

Options:
  -i           enter the interactive prompt after running the program
  -u           unbuffered stdout and stderr (also PYTHONUNBUFFERED=x)
  -B           do not write .pyc files (also PYTHONDONTWRITEBYTECODE=x)
  -S           do not import the site module at start-up
  -E           ignore PYTHON* environment variables
  -q           no banner on the interactive prompt
  --classic    plain >>> and ... prompts instead of In [n]: and Out[n]:
  --jit-report print, when the program ends, each loop that ran: whether it was
               compiled, specialised on which types, compile time, entries,
               deopts, guard failures, and for a hot loop left interpreted, why
  --gpu-info   say what the GPU tier found (the CUDA driver, NVRTC, the device)
               and where it looked, and exit (0 also without a GPU)
  --compile-kernels FILE...
               compile CUDA C files (those KILN_DUMP_KERNELS writes) with NVRTC
               for sm_90 and say how each went; status 1 if one did not
  -h, --help   print this help and exit
  -V, --version
               print kiln's version and exit

Environment:
  PYTHONPATH   directories put in front of the module search path
  KILN_JIT=0   turn the JIT off: every loop is interpreted
  KILN_JIT_THRESHOLD=n
               back-edges before a loop is compiled (default 100, or
               sooner once one run of it has taken 2 ms; a value given
               is the only rule)
  KILN_JIT_REPORT=path
               write the jit report to path as JSON when the program ends
  KILN_JIT_VERIFY=1
               check the IR of every compiled loop with Cranelift's verifier
               (slower compiles; the test suites set it)
  KILN_THREADS=n
               threads for loop nests whose outer loop runs in parallel
               (default: the machine's cores; 1: every nest serial)
  KILN_PARALLEL_MIN_WORK=n
               loop iterations below which a parallel nest runs serially
               (default 100000)
  KILN_FASTMATH=1
               grant every loop what `@njit(fastmath=True)` grants its
               function: float sums may be reassociated (partial sums in
               vector lanes and threads), so results may differ from the
               interpreter's in the last bits
  KILN_DEVICE=cpu|sim|gpu
               where parallel loop nests run: the CPU tiers (the default),
               the simulated device, which runs the GPU tier's kernels on the
               CPU and checks their memory accesses, or a CUDA GPU
  KILN_DUMP_KERNELS=dir
               write each GPU kernel's CUDA C to dir, named after its loop
  KILN_JIT_LIST_HELPERS=1
               read every list item through the VM's helpers, not in place
  KILN_CACHE=0
               keep nothing between runs (by default a script run again
               loads the machine code and the bytecode its last run made)
  KILN_CACHE_DIR=dir
               where they are kept: dir/code and dir/bytecode (default
               $XDG_CACHE_HOME/kiln, else ~/.cache/kiln)

Exit status: the program's sys.exit() code; 0 when it finishes; 1 on an uncaught
exception (its traceback is printed); 130 on an uncaught KeyboardInterrupt; 2 when
the command line or the script file is unusable.
",
        version = kiln_vm::KILN_VERSION,
        python = kiln_vm::python_version(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> RunOptions {
        match parse(args.iter().map(OsString::from)).unwrap() {
            Command::Run(options) => options,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn script_ends_options() {
        let o = run(&["-u", "t.py", "-i", "x"]);
        assert_eq!(o.target, Some(MainTarget::Script("t.py".into())));
        assert!(o.unbuffered && !o.inspect);
        assert_eq!(o.args, ["-i", "x"]);
    }

    #[test]
    fn command_and_module_take_attached_or_next_value() {
        assert_eq!(
            run(&["-cprint(1)", "a"]).target,
            Some(MainTarget::Command("print(1)".into()))
        );
        let o = run(&["-ic", "pass", "--version"]);
        assert!(o.inspect);
        assert_eq!(o.target, Some(MainTarget::Command("pass".into())));
        assert_eq!(o.args, ["--version"]);
        assert_eq!(
            run(&["-m", "json.tool"]).target,
            Some(MainTarget::Module("json.tool".into()))
        );
    }

    #[test]
    fn dash_and_no_program() {
        let o = run(&["-", "a"]);
        assert_eq!(o.target, Some(MainTarget::Stdin));
        assert!(o.dash);
        assert_eq!(run(&[]).target, None);
    }

    #[test]
    fn help_version_and_errors() {
        assert_eq!(parse(["--help"].map(OsString::from)), Ok(Command::Help));
        assert_eq!(parse(["-V"].map(OsString::from)), Ok(Command::Version));
        assert!(parse(["-z"].map(OsString::from)).is_err());
        assert!(parse(["-c"].map(OsString::from)).is_err());
    }

    #[test]
    fn kernel_takes_the_rest_of_the_line() {
        assert_eq!(
            parse(["kernel", "install", "--user"].map(OsString::from)),
            Ok(Command::Kernel(vec!["install".into(), "--user".into()]))
        );
        assert_eq!(
            run(&["-u", "kernel"]).target,
            Some(MainTarget::Script("kernel".into()))
        );
    }
}
