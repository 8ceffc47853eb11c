//! `kiln kernel install` / `uninstall`: the kernelspec (`kernels/NAME/kernel.json`) that
//! tells Jupyter how to start kiln, in the directories Jupyter searches.

use jupyter_protocol::JupyterKernelspec;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The kernel name when `--name` is not given.
pub const DEFAULT_NAME: &str = "kiln";

/// Which of Jupyter's data directories holds the kernelspec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// The user's Jupyter data directory (`JUPYTER_DATA_DIR`, else
    /// `$XDG_DATA_HOME/jupyter` or `~/.local/share/jupyter`; `~/Library/Jupyter` on macOS).
    User,
    /// `share/jupyter` of the active Python environment (`VIRTUAL_ENV` or `CONDA_PREFIX`).
    SysPrefix,
    /// `share/jupyter` under a prefix.
    Prefix(PathBuf),
}

impl Location {
    /// The `kernels` directory.
    pub fn kernels_dir(&self) -> Result<PathBuf, String> {
        let data = match self {
            Location::User => user_data_dir()?,
            Location::SysPrefix => {
                let prefix = ["VIRTUAL_ENV", "CONDA_PREFIX"]
                    .iter()
                    .find_map(|name| std::env::var_os(name).filter(|v| !v.is_empty()))
                    .ok_or(
                        "--sys-prefix needs an active Python environment (VIRTUAL_ENV or \
                         CONDA_PREFIX); use --prefix PATH instead",
                    )?;
                PathBuf::from(prefix).join("share/jupyter")
            }
            Location::Prefix(prefix) => prefix.join("share/jupyter"),
        };
        Ok(data.join("kernels"))
    }
}

fn user_data_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("JUPYTER_DATA_DIR").filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    let home = std::env::var_os("HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .ok_or("HOME is not set; use --prefix PATH")?;
    if cfg!(target_os = "macos") {
        return Ok(home.join("Library/Jupyter"));
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| home.join(".local/share"));
    Ok(data.join("jupyter"))
}

/// Jupyter's rule for kernel names: letters, digits, `.`, `_` and `-`.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if ok {
        Ok(())
    } else {
        Err(format!(
            "invalid kernel name {name:?}: use letters, digits, '.', '_' and '-'"
        ))
    }
}

/// The kernelspec for the `kiln` binary at `binary`.
pub fn spec(binary: &Path, display_name: &str) -> JupyterKernelspec {
    JupyterKernelspec {
        argv: vec![
            binary.display().to_string(),
            "kernel".into(),
            "-f".into(),
            "{connection_file}".into(),
        ],
        display_name: display_name.to_owned(),
        language: "python".into(),
        metadata: Some(HashMap::from([("debugger".into(), false.into())])),
        // Jupyter sends SIGINT to the kernel's process group: it stops the running cell
        // (see `server::watch_sigint`) and a `!cmd` child alike. `interrupt_request` on
        // the control channel does the same (`Control::interrupt_by_request`).
        interrupt_mode: Some("signal".into()),
        // jupyter_client reads `null` here as an error: an empty map.
        env: Some(HashMap::new()),
    }
}

/// The display name used when `--display-name` is not given.
pub fn default_display_name() -> String {
    let python = kiln_vm::python_version();
    let short: Vec<&str> = python.split('.').take(2).collect();
    format!("kiln (Python {})", short.join("."))
}

/// Writes `kernels/NAME/kernel.json`; returns the directory.
pub fn install(
    location: &Location,
    name: &str,
    display_name: &str,
    binary: &Path,
) -> Result<PathBuf, String> {
    check_name(name)?;
    let dir = location.kernels_dir()?.join(name);
    std::fs::create_dir_all(&dir)
        .map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    let json =
        serde_json::to_string_pretty(&spec(binary, display_name)).expect("a kernelspec serialises");
    let file = dir.join("kernel.json");
    std::fs::write(&file, json + "\n")
        .map_err(|err| format!("cannot write {}: {err}", file.display()))?;
    Ok(dir)
}

/// Removes `kernels/NAME`; returns the directory removed.
pub fn uninstall(location: &Location, name: &str) -> Result<PathBuf, String> {
    check_name(name)?;
    let dir = location.kernels_dir()?.join(name);
    if !dir.join("kernel.json").is_file() {
        return Err(format!("no kernelspec {name:?} in {}", dir.display()));
    }
    std::fs::remove_dir_all(&dir)
        .map_err(|err| format!("cannot remove {}: {err}", dir.display()))?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn install_writes_a_spec_jupyter_reads_and_uninstall_removes_it() {
        let prefix = std::env::temp_dir().join(format!("kiln-spec-{}", std::process::id()));
        let location = Location::Prefix(prefix.clone());
        let dir = install(&location, "kiln-test", "kiln test", Path::new("/opt/kiln")).unwrap();
        assert_eq!(dir, prefix.join("share/jupyter/kernels/kiln-test"));
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("kernel.json")).unwrap())
                .unwrap();
        assert_eq!(
            json["argv"],
            serde_json::json!(["/opt/kiln", "kernel", "-f", "{connection_file}"])
        );
        assert_eq!(json["language"], "python");
        assert_eq!(json["interrupt_mode"], "signal");
        assert_eq!(json["display_name"], "kiln test");
        assert_eq!(uninstall(&location, "kiln-test").unwrap(), dir);
        assert!(!dir.exists());
        let err = uninstall(&location, "kiln-test").unwrap_err();
        assert!(err.starts_with("no kernelspec \"kiln-test\""), "{err}");
        std::fs::remove_dir_all(prefix).unwrap();
    }

    #[test]
    fn names_follow_jupyters_rule() {
        assert!(check_name("kiln-0.1_x").is_ok());
        assert!(check_name("a b").is_err());
        assert!(check_name("../x").is_err());
        assert!(check_name("").is_err());
    }
}
