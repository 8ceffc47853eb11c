//! Driving the real `kiln` binary in a pseudo-terminal: each [`Terminal`] is a private
//! tmux server (its own socket, `tmux -L`) running one kiln, which the test types into
//! with `send-keys` and reads with `capture-pane`, as a person would see the screen.
//! Waits poll the screen until what is expected appears, with a deadline, so a slow
//! machine makes a test slower, never flaky.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long any one expected thing may take to appear.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub struct Terminal {
    socket: String,
    /// A private directory: working directory and history file of this kiln.
    pub dir: PathBuf,
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// What the screen says once kiln has exited, followed by its status.
const EXITED: &str = "[kiln exited with status";

impl Terminal {
    /// Starts `kiln args` in a 100x40 terminal with `env` set (plus `KILN_HISTORY` in
    /// a fresh directory, unless given) and waits for `ready` on the screen.
    pub fn start(args: &[&str], env: &[(&str, &str)], ready: &str) -> Terminal {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let socket = format!("kiln-test-{}-{n}", std::process::id());
        let dir = std::env::temp_dir().join(&socket);
        std::fs::create_dir_all(&dir).unwrap();
        Terminal::start_in(socket, dir, args, env, ready)
    }

    /// As [`Terminal::start`], in an existing directory (a second session that must
    /// see the first one's history).
    pub fn start_in(
        socket: String,
        dir: PathBuf,
        args: &[&str],
        env: &[(&str, &str)],
        ready: &str,
    ) -> Terminal {
        let history = dir.join("history");
        let mut words = vec![
            "env".to_owned(),
            format!("KILN_HISTORY={}", history.display()),
            "LC_ALL=C.UTF-8".to_owned(),
        ];
        words.extend(env.iter().map(|(k, v)| format!("{k}={v}")));
        words.push(env!("CARGO_BIN_EXE_kiln").to_owned());
        words.extend(args.iter().map(|a| a.to_string()));
        // A shell waits for kiln and writes its status on the screen: tmux 3.3 does not
        // always collect the status of a pane's process itself.
        let quoted: Vec<String> = words
            .iter()
            .map(|w| format!("'{}'", w.replace('\'', "'\\''")))
            .collect();
        let command = format!("{}; echo \"{EXITED} $?\"", quoted.join(" "));
        // `remain-on-exit` keeps the screen (and the exit status) after kiln ends; set
        // in the configuration, so it is in force before kiln starts.
        let config = dir.join(format!("{socket}.conf"));
        std::fs::write(&config, "set-option -g remain-on-exit on\n").unwrap();
        let terminal = Terminal { socket, dir };
        let started = terminal.tmux_args(
            [
                "-f",
                config.to_str().unwrap(),
                "new-session",
                "-d",
                "-x",
                "100",
                "-y",
                "40",
                "-c",
                terminal.dir.to_str().unwrap(),
            ]
            .iter()
            .map(|s| s.to_string())
            .chain([command]),
        );
        assert!(started.status.success(), "tmux: {started:?}");
        terminal.wait_for(ready);
        terminal
    }

    /// A second kiln sharing this one's directory (and so its history file); this one
    /// should have exited.
    pub fn restart(&self, args: &[&str], env: &[(&str, &str)], ready: &str) -> Terminal {
        self.tmux(&["kill-server"]);
        Terminal::start_in(
            format!("{}-again", self.socket),
            self.dir.clone(),
            args,
            env,
            ready,
        )
    }

    fn tmux_args(&self, args: impl IntoIterator<Item = String>) -> Output {
        Command::new("tmux")
            // Run from inside a tmux session too (it would refuse to nest).
            .env_remove("TMUX")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs (tests/setup installs it)")
    }

    pub fn tmux(&self, args: &[&str]) -> Output {
        self.tmux_args(args.iter().map(|s| s.to_string()))
    }

    /// Keys by tmux's names (`Enter`, `C-c`, `Tab`, `Up`).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "0"];
        args.extend(keys);
        assert!(self.tmux(&args).status.success(), "send-keys {keys:?}");
    }

    /// Types `text` literally.
    pub fn type_text(&self, text: &str) {
        let out = self.tmux(&["send-keys", "-t", "0", "-l", text]);
        assert!(out.status.success(), "send-keys -l {text:?}");
    }

    /// Types a line and presses Enter.
    pub fn line(&self, text: &str) {
        self.type_text(text);
        self.keys(&["Enter"]);
    }

    /// Sends raw bytes to the terminal, as if the keyboard produced them.
    pub fn bytes(&self, bytes: &[u8]) {
        let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let mut args = vec!["send-keys", "-t", "0", "-H"];
        args.extend(hex.iter().map(String::as_str));
        assert!(self.tmux(&args).status.success(), "send-keys -H");
    }

    /// Pastes `text` as a terminal paste: inside bracketed-paste markers when the
    /// program asked for them.
    pub fn paste(&self, text: &str) {
        let buffer = self.dir.join("paste-buffer");
        std::fs::write(&buffer, text).unwrap();
        self.tmux(&["load-buffer", buffer.to_str().unwrap()]);
        assert!(
            self.tmux(&["paste-buffer", "-p", "-t", "0"])
                .status
                .success()
        );
    }

    /// The visible screen as text, with trailing spaces and empty lines dropped.
    pub fn screen(&self) -> String {
        self.capture(&[])
    }

    /// The screen with its colours as escape sequences.
    pub fn screen_with_colours(&self) -> String {
        self.capture(&["-e"])
    }

    fn capture(&self, extra: &[&str]) -> String {
        let mut args = vec!["capture-pane", "-p", "-t", "0"];
        args.extend(extra);
        let out = self.tmux(&args);
        let text = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        lines.join("\n").trim_end().to_owned()
    }

    /// Waits until `needle` is on the screen; returns the screen.
    pub fn wait_for(&self, needle: &str) -> String {
        self.wait_until(&format!("{needle:?} on the screen"), |screen| {
            screen.contains(needle)
        })
    }

    /// Waits until the screen's text satisfies `done`; panics with the screen if it
    /// does not within [`PATIENCE`].
    pub fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {what}; the screen:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Waits until the screen has `count` occurrences of `needle` (e.g. a prompt).
    pub fn wait_for_count(&self, needle: &str, count: usize) -> String {
        self.wait_until(&format!("{count} x {needle:?}"), |screen| {
            screen.matches(needle).count() >= count
        })
    }

    /// `Some(status)` once kiln has exited (128 + N when a signal N ended it).
    pub fn exit_status(&self) -> Option<i32> {
        let screen = self.screen();
        let (_, after) = screen.rsplit_once(EXITED)?;
        after.split_whitespace().next()?.parse().ok()
    }

    pub fn wait_for_exit(&self) -> i32 {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.exit_status() {
                return status;
            }
            if Instant::now() > deadline {
                panic!("kiln did not exit; the screen:\n{}", self.screen());
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// The directory of the REPL tests' fixtures.
pub fn fixtures() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/repl"))
}
