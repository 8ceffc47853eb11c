//! The terminal REPL end to end: the real `kiln` binary in a pseudo-terminal under
//! tmux, typed into with send-keys, its screen read with capture-pane (see
//! `tests/repl/tmux.rs`). Each test is one person's session; what they assert is what
//! that person would see.

#[path = "repl/tmux.rs"]
mod tmux;

use tmux::Terminal;

/// A REPL without colour (so screens compare as text), with a private history.
fn repl() -> Terminal {
    Terminal::start(&[], &[("NO_COLOR", "1")], "In [1]:")
}

#[test]
fn multi_line_function_is_typed_indented_and_called() {
    let t = repl();
    t.line("def area(w, h):");
    // The continuation line is indented for the body: only the body is typed (the
    // screen checked below shows it indented).
    t.wait_for("   ...:");
    t.line("return w * h");
    t.wait_for_count("   ...:", 2);
    t.keys(&["Enter"]);
    t.wait_for("In [2]:");
    t.line("area(6, 7)");
    t.wait_for("Out[2]: 42");
    t.line("_ + Out[2], In[1].splitlines()[1]");
    let screen = t.wait_for("Out[3]: ");
    assert!(
        screen.contains(
            "In [1]: def area(w, h):\n   ...:     return w * h\n   ...:\n\nIn [2]: area(6, 7)\nOut[2]: 42\n"
        ),
        "{screen}"
    );
    assert!(
        screen.contains("Out[3]: (84, '    return w * h')"),
        "{screen}"
    );
    // An error prints its traceback and the REPL goes on.
    t.line("area(1, None)");
    t.wait_for("TypeError: unsupported operand type(s)");
    let screen = t.wait_for("In [5]:");
    assert!(
        screen.contains("File \"<In [1]>\", line 2, in area"),
        "{screen}"
    );
    // Ctrl-D on an empty line ends the session normally.
    t.keys(&["C-d"]);
    assert_eq!(t.wait_for_exit(), 0);
}

#[test]
fn bracketed_paste_runs_the_block_as_is() {
    let t = repl();
    t.paste("def classify(n):\n    if n < 0:\n        return 'negative'\n    return 'other'\n");
    t.wait_for("   ...:     return 'other'");
    t.keys(&["Enter"]);
    t.wait_for("In [2]:");
    t.line("classify(-3), classify(4)");
    let screen = t.wait_for("Out[2]: ('negative', 'other')");
    // Not indented a second time by the auto-indentation.
    assert!(
        screen.contains(
            "In [1]: def classify(n):\n   ...:     if n < 0:\n   ...:         return 'negative'\n   ...:     return 'other'\n"
        ),
        "{screen}"
    );
}

#[test]
fn tab_completes_names_and_attributes() {
    let t = repl();
    t.line("class Box: unique_attribute = 5");
    t.line("boxed_value = Box()");
    t.wait_for("In [3]:");
    t.type_text("boxed_v");
    t.keys(&["Tab"]);
    t.wait_for("In [3]: boxed_value");
    t.type_text(".unique_a");
    t.keys(&["Tab"]);
    t.wait_for("In [3]: boxed_value.unique_attribute");
    t.keys(&["Enter"]);
    t.wait_for("Out[3]: 5");
    // Several candidates open a menu to choose from.
    t.line("import os");
    t.type_text("os.getc");
    t.keys(&["Tab"]);
    // The first Tab completes what all candidates share, the second shows them.
    t.wait_for("In [5]: os.getcwd");
    t.keys(&["Tab"]);
    // (Without colour, reedline marks the selected entry with `>` and capitals.)
    let screen = t.wait_until("a menu with getcwd and getcwdb", |s| {
        let s = s.to_lowercase();
        s.contains("\ngetcwd ") && s.contains("getcwdb")
    });
    assert!(screen.contains("In [5]: os.getcwd"), "{screen}");
}

#[test]
fn history_persists_and_ctrl_r_finds_it_in_a_new_session() {
    let first = repl();
    first.line("remembered_total = 40 + 2");
    first.wait_for("In [2]:");
    first.keys(&["C-d"]);
    assert_eq!(first.wait_for_exit(), 0);
    let history = std::fs::read_to_string(first.path("history")).unwrap();
    assert!(history.contains("remembered_total = 40 + 2"), "{history}");

    let second = first.restart(&[], &[("NO_COLOR", "1")], "In [1]:");
    second.keys(&["C-r"]);
    second.type_text("remembered");
    second.wait_for("remembered_total = 40 + 2");
    // Enter takes the match into the input, a second Enter runs it.
    second.keys(&["Enter"]);
    second.wait_for("In [1]: remembered_total = 40 + 2");
    second.keys(&["Enter"]);
    second.line("remembered_total");
    second.wait_for("Out[2]: 42");
    // A hint from history shows the rest of a line typed before; Right accepts it.
    second.type_text("rememb");
    second.wait_for("In [3]: remembered_total");
    second.keys(&["Right", "Enter"]);
    second.wait_for("Out[3]: 42");
}

#[test]
fn timeit_and_other_magics() {
    let t = repl();
    t.line("%timeit -r 3 squares = [i * i for i in range(50)]");
    let screen = t.wait_for(" each)");
    let line = screen
        .lines()
        .find(|l| l.contains(" per loop (mean ± std. dev. of 3 runs, "))
        .unwrap_or_else(|| panic!("no %timeit result line:\n{screen}"));
    let unit = line.split_whitespace().nth(1).unwrap();
    assert!(["ns", "µs", "ms", "s"].contains(&unit), "{line}");
    t.line("size = 3");
    t.line("%who");
    t.wait_for("\nsize\n");
    t.line("len?");
    t.wait_for("Signature: len(obj, /)");
    t.line("!echo shell says hi");
    t.wait_for("\nshell says hi\n");
    t.line("%time total = sum(range(10))");
    t.wait_for("Wall time: ");
    t.line("total");
    t.wait_for("Out[7]: 45");
}

#[test]
fn huge_allocations_raise_memory_error_and_the_session_goes_on() {
    let t = repl();
    t.line("kept = 42");
    t.line("[0] * 10**12");
    t.wait_for("MemoryError");
    t.line("bytearray(10**12)");
    t.wait_for_count("MemoryError", 2);
    t.line("kept + 1");
    t.wait_for("Out[4]: 43");
    t.keys(&["C-d"]);
    assert_eq!(t.wait_for_exit(), 0);
}

#[test]
fn ctrl_c_stops_interpreted_and_compiled_loops() {
    let t = repl();
    // Editing: Ctrl-C drops the line.
    t.type_text("this line is dropped");
    t.wait_for("In [1]: this line is dropped");
    t.keys(&["C-c"]);
    t.wait_for_count("In [1]:", 2);
    t.line("1 + 1");
    t.wait_for("Out[1]: 2");
    // An interpreted loop (a while loop calling a function never compiles).
    t.line("ticks = 0");
    t.line("while True: ticks = max(ticks, ticks + 1)");
    t.wait_for("In [3]: while True");
    std::thread::sleep(std::time::Duration::from_millis(300));
    t.keys(&["C-c"]);
    t.wait_for("KeyboardInterrupt");
    t.wait_for("In [4]:");
    t.line("ticks > 0");
    t.wait_for("Out[4]: True");
    // A compiled loop: past the JIT threshold it runs natively, and still stops.
    t.line("s = 0");
    t.line("for i in range(10**12): s += i");
    t.wait_for("In [6]: for i");
    std::thread::sleep(std::time::Duration::from_millis(500));
    t.keys(&["C-c"]);
    t.wait_for_count("KeyboardInterrupt", 2);
    t.wait_for("In [7]:");
    // The variables hold what the compiled iterations reached, not what they were
    // when compiled code was entered (a hundred or so iterations in).
    t.line("i > 10**6 and s in (i * (i + 1) // 2, i * (i - 1) // 2)");
    t.wait_for("Out[7]: True");
    t.line("%jit");
    let screen = t.wait_for("In [9]:");
    assert!(screen.contains("<In [6]>:1  for  tier 1"), "{screen}");
}

#[test]
fn random_bytes_and_control_sequences_do_not_kill_it() {
    let t = repl();
    // A fixed seed: a failure can be replayed.
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    const SEQUENCES: &[&[u8]] = &[
        b"\x1b[A",
        b"\x1b[B",
        b"\x1b[C",
        b"\x1b[D",
        b"\x1b[H",
        b"\x1b[F",
        b"\x1b[3~",
        b"\x1b[200~",
        b"\x1b[201~",
        b"\x1b[1;5C",
        b"\x1bOP",
        b"\x1b[15~",
        b"\x1b[<0;3;4M",
        b"\x1b[M !!",
        b"\x1b",
        b"\x1b[",
        b"\x1b[99999999999999999999m",
        b"\t",
        b"\r",
        b"\x7f",
        b"\x08",
        b"\x12",
        b"\x03",
        b"\x0b",
        b"\x15",
        b"\x17",
        b"\x19",
        b"\x01",
        b"\x05",
        b"\x0c",
        "é€😀".as_bytes(),
        b"\xff\xfe",
        b"\xc3",
        b"(",
        b"'''",
        b"\"",
        b"def f(:",
        b"%",
        b"?",
        b"\\",
        b"[{(",
        b"    ",
    ];
    for round in 0..12 {
        let mut bytes = Vec::new();
        for _ in 0..40 {
            let r = next();
            if r % 3 == 0 {
                bytes.extend_from_slice(SEQUENCES[(r >> 8) as usize % SEQUENCES.len()]);
            } else {
                // Any byte but Ctrl-D (which exits, as it should), `!` (a shell), and
                // the terminal's own job-control keys: bytes that arrive while a cell
                // runs reach the terminal in its normal mode, where Ctrl-Z suspends
                // kiln, Ctrl-\ quits it and Ctrl-S stops its output, as for python3.
                let b = (r >> 16) as u8;
                if ![0x04, b'!', 0x1a, 0x1c, 0x13].contains(&b) {
                    bytes.push(b);
                }
            }
        }
        t.bytes(&bytes);
        if round % 4 == 3 {
            t.tmux(&["resize-window", "-t", "0", "-x", "60", "-y", "20"]);
            t.tmux(&["resize-window", "-t", "0", "-x", "100", "-y", "40"]);
        }
        assert_eq!(
            t.exit_status(),
            None,
            "kiln exited; the screen:\n{}",
            t.screen()
        );
    }
    // Leave whatever state the bytes left (a search, a menu, a continuation, running
    // code) and check the REPL still answers.
    // Keys typed right after Ctrl-C in one burst are dropped with the line, so the
    // probe is retried, each time after a pause, as a person would.
    let answered = (0..10).any(|_| {
        // A paste start the bytes left open makes the terminal library collect all
        // that follows as the pasted text, until the paste end a real terminal always
        // sends; send one.
        t.bytes(b"\x1b[201~");
        t.keys(&["C-c"]);
        std::thread::sleep(std::time::Duration::from_millis(300));
        t.line("print('still', 6 * 7)");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
        while std::time::Instant::now() < deadline {
            if t.screen().contains("still 42") {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        false
    });
    let screen = t.screen();
    assert!(answered, "the REPL does not answer; the screen:\n{screen}");
    assert!(!screen.contains("panicked"), "{screen}");
    assert_eq!(t.exit_status(), None);
}

#[test]
fn inspect_flag_opens_the_repl_in_the_script_namespace() {
    let script = tmux::fixtures().join("script_for_inspect.py");
    let t = Terminal::start(
        &["-i", script.to_str().unwrap(), "one"],
        &[("NO_COLOR", "1")],
        "In [1]:",
    );
    t.line("greeting, numbers[-1]");
    let screen = t.wait_for("Out[1]: ('hello from the script', 16)");
    assert!(
        screen.starts_with("script ran with 1 argument(s)"),
        "{screen}"
    );
    t.line("exit(3)");
    assert_eq!(t.wait_for_exit(), 3);
}

#[test]
fn colours_on_a_terminal_and_classic_prompts() {
    let t = Terminal::start(&[], &[], "In [");
    t.type_text("for x in 'ab': print(x)  # loop");
    t.wait_for("# loop");
    let coloured = t.screen_with_colours();
    assert!(
        coloured.contains("\x1b["),
        "no colour on a terminal:\n{coloured}"
    );
    t.keys(&["Enter"]);
    t.line("1 / 0");
    t.wait_for("ZeroDivisionError");
    let coloured = t.screen_with_colours();
    assert!(
        coloured
            .lines()
            .any(|l| l.contains("ZeroDivisionError") && l.contains("\x1b[")),
        "the traceback is not coloured:\n{coloured}"
    );

    let plain = repl();
    plain.type_text("for x in 'ab': print(x)");
    plain.wait_for("print(x)");
    assert!(!plain.screen_with_colours().contains("\x1b["));

    let classic = Terminal::start(&["--classic"], &[("NO_COLOR", "1")], ">>>");
    classic.line("6 * 7");
    let screen = classic.wait_for_count(">>>", 2);
    assert!(screen.contains(">>> 6 * 7\n42\n>>>"), "{screen}");
}

#[test]
fn piped_input_runs_as_a_script_without_prompts_or_escapes() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kiln"))
        .env("TERM", "xterm-256color")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"print(1)\nx = 2\nx\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(out.status.success());
}
