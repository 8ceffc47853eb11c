//! `kiln kernel ...`: run a kernel for Jupyter, or install / uninstall its kernelspec.

use crate::kernelspec::{self, Location};
use std::path::PathBuf;

pub const USAGE: &str = "\
usage: kiln kernel -f CONNECTION_FILE
       kiln kernel install [--user | --sys-prefix | --prefix PATH] [--name NAME]
                           [--display-name TEXT]
       kiln kernel uninstall [--user | --sys-prefix | --prefix PATH] [--name NAME]";

pub const HELP: &str = "\
kiln's Jupyter kernel.

  -f CONNECTION_FILE  run a kernel on the connection file Jupyter wrote (Jupyter
                      starts this through the kernelspec)
  install             register kiln with Jupyter (writes kernels/NAME/kernel.json)
  uninstall           remove that registration

Where the kernelspec goes (install and uninstall):
  --user              the user's Jupyter data directory (the default):
                      $JUPYTER_DATA_DIR, else ~/.local/share/jupyter
  --sys-prefix        share/jupyter of the active environment ($VIRTUAL_ENV or
                      $CONDA_PREFIX)
  --prefix PATH       PATH/share/jupyter
  --name NAME         the kernel's name (default: kiln)
  --display-name TEXT the name front ends show (default: kiln (Python 3.x))
";

/// What `kiln kernel ARGS` asked for.
#[derive(Debug, PartialEq, Eq)]
pub enum KernelCommand {
    Help,
    Run(PathBuf),
    Install {
        location: Location,
        name: String,
        display_name: Option<String>,
    },
    Uninstall {
        location: Location,
        name: String,
    },
}

pub fn parse(args: &[String]) -> Result<KernelCommand, String> {
    let mut args = args.iter();
    let Some(first) = args.next() else {
        return Err("kiln kernel: say -f CONNECTION_FILE, install or uninstall".into());
    };
    let value = |args: &mut std::slice::Iter<String>, option: &str| {
        args.next()
            .cloned()
            .ok_or_else(|| format!("kiln kernel: {option} needs a value"))
    };
    match first.as_str() {
        "-h" | "--help" => Ok(KernelCommand::Help),
        "-f" => {
            let file = value(&mut args, "-f")?;
            match args.next() {
                Some(extra) => Err(format!("kiln kernel: unexpected argument {extra:?}")),
                None => Ok(KernelCommand::Run(PathBuf::from(file))),
            }
        }
        "install" | "uninstall" => {
            let mut location = None;
            let mut name = kernelspec::DEFAULT_NAME.to_owned();
            let mut display_name = None;
            while let Some(arg) = args.next() {
                let chosen = match arg.as_str() {
                    "--user" => Location::User,
                    "--sys-prefix" => Location::SysPrefix,
                    "--prefix" => Location::Prefix(value(&mut args, "--prefix")?.into()),
                    "--name" => {
                        name = value(&mut args, "--name")?;
                        continue;
                    }
                    "--display-name" if first == "install" => {
                        display_name = Some(value(&mut args, "--display-name")?);
                        continue;
                    }
                    "-h" | "--help" => return Ok(KernelCommand::Help),
                    other => return Err(format!("kiln kernel {first}: unknown option {other}")),
                };
                if location.replace(chosen).is_some() {
                    return Err(format!(
                        "kiln kernel {first}: give one of --user, --sys-prefix, --prefix"
                    ));
                }
            }
            let location = location.unwrap_or(Location::User);
            Ok(if first == "install" {
                KernelCommand::Install {
                    location,
                    name,
                    display_name,
                }
            } else {
                KernelCommand::Uninstall { location, name }
            })
        }
        other => Err(format!("kiln kernel: unknown command {other:?}")),
    }
}

/// Runs `kiln kernel ARGS`; returns the exit status.
pub fn main(args: &[String]) -> u8 {
    let command = match parse(args) {
        Ok(command) => command,
        Err(err) => {
            eprintln!("{err}\n{USAGE}");
            return 2;
        }
    };
    let outcome = match command {
        KernelCommand::Help => {
            print!("{USAGE}\n\n{HELP}");
            Ok(())
        }
        KernelCommand::Run(file) => crate::run(&file),
        KernelCommand::Install {
            location,
            name,
            display_name,
        } => std::env::current_exe()
            .and_then(|exe| exe.canonicalize())
            .map_err(|err| format!("cannot find the kiln binary's path: {err}"))
            .and_then(|binary| {
                let display_name = display_name.unwrap_or_else(kernelspec::default_display_name);
                kernelspec::install(&location, &name, &display_name, &binary)
            })
            .map(|dir| println!("Installed kernelspec {name} in {}", dir.display())),
        KernelCommand::Uninstall { location, name } => kernelspec::uninstall(&location, &name)
            .map(|dir| println!("Removed kernelspec {name} from {}", dir.display())),
    };
    match outcome {
        Ok(()) => 0,
        Err(err) => {
            eprintln!("kiln kernel: {err}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn commands_parse() {
        assert_eq!(
            parse(&args("-f /tmp/k.json")),
            Ok(KernelCommand::Run("/tmp/k.json".into()))
        );
        assert_eq!(
            parse(&args("install --prefix /p --name k2")),
            Ok(KernelCommand::Install {
                location: Location::Prefix("/p".into()),
                name: "k2".into(),
                display_name: None,
            })
        );
        assert_eq!(
            parse(&args("uninstall")),
            Ok(KernelCommand::Uninstall {
                location: Location::User,
                name: "kiln".into(),
            })
        );
        assert!(parse(&args("install --user --sys-prefix")).is_err());
        assert!(parse(&args("install --prefix")).is_err());
        assert!(parse(&args("uninstall --display-name x")).is_err());
        assert!(parse(&args("-f")).is_err());
        assert!(parse(&args("frobnicate")).is_err());
        assert!(parse(&[]).is_err());
    }
}
