//! The connection file Jupyter hands a kernel (`kiln kernel -f FILE`): where to bind the
//! five sockets and the key that signs every message.
//!
//! Anything wrong with the file is one line a person can act on (which file, what is
//! wrong), because the front end shows a kernel's start-up failure as its last line of
//! stderr.

use jupyter_protocol::ConnectionInfo;
use std::path::Path;

/// Reads and checks a connection file.
pub fn read(path: &Path) -> Result<ConnectionInfo, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|err| format!("cannot read connection file {}: {err}", path.display()))?;
    parse(&text).map_err(|err| format!("bad connection file {}: {err}", path.display()))
}

/// Parses a connection file's text. Only the `hmac-sha256` signature scheme exists in
/// Jupyter's protocol; an empty key (signing off) is accepted as jupyter_client does.
pub fn parse(text: &str) -> Result<ConnectionInfo, String> {
    let info: ConnectionInfo = serde_json::from_str(text).map_err(|err| {
        if err.is_data() {
            err.to_string()
        } else {
            format!("not JSON ({err})")
        }
    })?;
    if !info.key.is_empty() && info.signature_scheme != "hmac-sha256" {
        return Err(format!(
            "signature_scheme {:?} is not supported (only hmac-sha256)",
            info.signature_scheme
        ));
    }
    let ports = [
        ("shell_port", info.shell_port),
        ("iopub_port", info.iopub_port),
        ("stdin_port", info.stdin_port),
        ("control_port", info.control_port),
        ("hb_port", info.hb_port),
    ];
    if let Some((name, _)) = ports.iter().find(|(_, port)| *port == 0) {
        return Err(format!("{name} is 0; every socket needs a port"));
    }
    Ok(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"shell_port": 5001, "iopub_port": 5002, "stdin_port": 5003,
        "control_port": 5004, "hb_port": 5005, "ip": "127.0.0.1", "key": "abc",
        "transport": "tcp", "signature_scheme": "hmac-sha256", "kernel_name": "kiln"}"#;

    #[test]
    fn a_jupyter_connection_file_parses() {
        let info = parse(GOOD).unwrap();
        assert_eq!(info.shell_url(), "tcp://127.0.0.1:5001");
        assert_eq!(info.key, "abc");
    }

    #[test]
    fn errors_say_what_is_wrong_in_one_line() {
        let err = parse("{").unwrap_err();
        assert!(err.starts_with("not JSON"), "{err}");
        assert!(!err.contains('\n'), "{err}");
        let err = parse(&GOOD.replace("\"shell_port\": 5001,", "")).unwrap_err();
        assert!(err.contains("shell_port"), "{err}");
        let err = parse(&GOOD.replace("hmac-sha256", "hmac-md5")).unwrap_err();
        assert!(err.contains("hmac-md5"), "{err}");
        let err = parse(&GOOD.replace("5005", "0")).unwrap_err();
        assert!(err.contains("hb_port"), "{err}");
        let err = read(Path::new("/nonexistent/kernel.json")).unwrap_err();
        assert!(err.starts_with("cannot read connection file /nonexistent/kernel.json"));
    }
}
