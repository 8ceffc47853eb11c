//! The engine against a live session: completion, help, magics, history.

use super::*;
use crate::SessionConfig;
use crate::output::{OutputMode, Stream};
use std::sync::{Arc, Mutex};

fn session() -> Session {
    let mut config = SessionConfig::from_env(vec![String::new()]);
    config.import_site = false;
    Session::new(config)
}

/// Runs a cell through the transformation and returns what it printed to stdout.
fn run(s: &Session, source: &str) -> String {
    let seen = Arc::new(Mutex::new(String::new()));
    let sink_seen = seen.clone();
    s.set_output(OutputMode::Stream(Box::new(move |stream, text| {
        if stream == Stream::Stdout {
            sink_seen.lock().unwrap().push_str(text);
        }
    })))
    .unwrap();
    let result = s.run_cell_repr(&s.transform_cell(source), "<cell>");
    s.set_output(OutputMode::Inherit).unwrap();
    if let Err(err) = result {
        panic!("{source:?} failed: {}", err.traceback.concat());
    }
    seen.lock().unwrap().clone()
}

fn matches(s: &Session, code: &str) -> (Vec<String>, usize, usize) {
    let c = s.complete(code, code.chars().count());
    (c.matches, c.cursor_start, c.cursor_end)
}

#[test]
fn completes_names_attributes_keys_and_modules() {
    let s = session();
    s.run_cell(
        "import os\nvalue_one = 1\nvalue_two = {'alpha': 1, 'beta': 2}",
        "<c>",
    )
    .unwrap();
    assert_eq!(
        matches(&s, "x = valu"),
        (vec!["value_one".into(), "value_two".into()], 4, 8)
    );
    let (found, start, _) = matches(&s, "pri");
    assert_eq!((found, start), (vec!["print".into()], 0));
    let (found, start, _) = matches(&s, "os.pat");
    assert!(found.contains(&"path".to_string()), "{found:?}");
    assert_eq!(start, 3);
    assert_eq!(matches(&s, "value_two['a").0, vec!["'alpha'".to_string()]);
    assert!(matches(&s, "import jso").0.contains(&"json".to_string()));
    assert!(
        matches(&s, "from os import pa")
            .0
            .contains(&"path".to_string())
    );
    assert!(matches(&s, "%tim").0.contains(&"%timeit".to_string()));
    // Offsets are characters, not bytes.
    let c = s.complete("'é' + valu", 10);
    assert_eq!((c.cursor_start, c.cursor_end), (6, 10));
}

#[test]
fn completes_paths_inside_strings() {
    let dir = std::env::temp_dir().join(format!("kiln-complete-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("subdir")).unwrap();
    std::fs::write(dir.join("data_file.csv"), "").unwrap();
    let s = session();
    let code = format!("open('{}/da", dir.display());
    assert_eq!(matches(&s, &code).0, vec!["data_file.csv".to_string()]);
    let code = format!("open('{}/su", dir.display());
    assert_eq!(matches(&s, &code).0, vec!["subdir/".to_string()]);
    // After %run and %cd, the argument is a path without quotes.
    let code = format!("%run {}/da", dir.display());
    assert_eq!(matches(&s, &code).0, vec!["data_file.csv".to_string()]);
    let code = format!("%cd {}/s", dir.display());
    assert_eq!(matches(&s, &code).0, vec!["subdir/".to_string()]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn inspect_gives_signature_docstring_and_source() {
    let s = session();
    s.run_cell(
        "def area(w, h=2):\n    'The area.'\n    return w * h\n",
        "<cell 1>",
    )
    .unwrap();
    let text = s.inspect("area(3, ", 8, 0).unwrap();
    assert!(text.contains("Signature: area(w, h=2)"), "{text}");
    assert!(text.contains("The area."), "{text}");
    assert!(
        text.contains("Type:") && text.contains("function"),
        "{text}"
    );
    let text = s.inspect("area", 2, 1).unwrap();
    assert!(text.contains("return w * h"), "{text}");
    assert_eq!(s.inspect("no_such_name", 5, 0), None);
    assert_eq!(s.inspect("   ", 1, 0), None);
}

#[test]
fn help_goes_through_the_pager_hook() {
    let s = session();
    let out = run(&s, "len?");
    assert!(out.contains("Signature: len("), "{out}");
    run(
        &s,
        "import _kiln_magics\npaged = []\n_kiln_magics.pager = paged.append",
    );
    assert_eq!(run(&s, "len?"), "");
    assert_eq!(s.eval_repr("len(paged)").unwrap(), "1");
    assert!(run(&s, "nothing_here?").contains("Object `nothing_here` not found."));
    // A bare `?` pages the quick reference.
    assert_eq!(s.eval_repr("len(paged)").unwrap(), "1");
    assert_eq!(run(&s, "?"), "");
    assert_eq!(s.eval_repr("'%quickref' in paged[-1]").unwrap(), "True");
}

#[test]
fn timing_magics_print_ipython_formats() {
    let s = session();
    let out = run(&s, "%timeit -n 5 -r 3 x = 1");
    assert!(
        out.contains(" per loop (mean ± std. dev. of 3 runs, 5 loops each)"),
        "{out}"
    );
    let out = run(&s, "%%timeit -n 2 -r 1 y = 2\nz = y + 1\n");
    assert!(out.contains("of 1 run, 2 loops each)"), "{out}");
    let out = run(&s, "%time total = sum(range(1000))");
    assert!(out.starts_with("CPU times: user "), "{out}");
    assert!(out.contains("\nWall time: "), "{out}");
    assert_eq!(s.eval_repr("total").unwrap(), "499500");
    assert_eq!(
        s.run_cell_repr(&s.transform_cell("%time 6 * 7"), "<c>")
            .unwrap(),
        Some("42".into())
    );
}

#[test]
fn namespace_magics() {
    let s = session();
    assert_eq!(run(&s, "%who"), "Interactive namespace is empty.\n");
    run(&s, "alpha = 1\nbeta = 'two'");
    assert_eq!(run(&s, "%who"), "alpha\tbeta\n");
    let table = run(&s, "%whos");
    assert!(
        table.starts_with("Variable   Type   Data/Info\n"),
        "{table}"
    );
    assert!(table.contains("alpha      int    1\n"), "{table}");
    assert_eq!(run(&s, "%who str"), "beta\n");
    assert_eq!(
        run(&s, "%whos float"),
        "No variables match your requested type.\n"
    );
    run(&s, "%reset -f");
    assert_eq!(run(&s, "%who"), "Interactive namespace is empty.\n");
    assert!(run(&s, "%lsmagic").contains("%timeit"));
    assert!(run(&s, "%quickref").contains("%jit"));
}

#[test]
fn shell_env_and_directories() {
    let s = session();
    assert_eq!(run(&s, "!echo hello"), "hello\n");
    run(&s, "word = 'there'\nlines = !echo hi {word}; echo $word");
    assert_eq!(s.eval_repr("lines").unwrap(), "['hi there', 'there']");
    assert_eq!(
        run(&s, "%env KILN_MAGIC_TEST=5"),
        "env: KILN_MAGIC_TEST=5\n"
    );
    assert_eq!(
        s.run_cell_repr(&s.transform_cell("%env KILN_MAGIC_TEST"), "<c>")
            .unwrap(),
        Some("'5'".into())
    );
    let cwd = s
        .run_cell_repr(&s.transform_cell("%pwd"), "<c>")
        .unwrap()
        .unwrap();
    assert!(cwd.starts_with('\''), "{cwd}");
}

#[test]
fn history_variables_follow_ipython() {
    let s = session();
    for (n, source) in [(1, "10"), (2, "20"), (3, "x = 5")] {
        s.record_input(n, source);
        if let Some(value) = s.run_cell(source, "<c>").unwrap() {
            s.record_output(n, &value);
        }
    }
    assert_eq!(
        s.eval_repr("(_, __, _1, Out[2], In[3], _i2)").unwrap(),
        "(20, 10, 10, 20, 'x = 5', '20')"
    );
    s.record_input(4, "%history -n 1-2");
    assert_eq!(run(&s, "%history -n 1-2"), "1: 10\n2: 20\n");
}

#[test]
fn get_ipython_reaches_the_magics_and_the_namespace() {
    let s = session();
    // A script has no shell, as with IPython.
    assert_eq!(
        s.eval_repr("__import__('IPython').get_ipython()").unwrap(),
        "None"
    );
    s.record_input(1, "");
    assert_eq!(
        run(
            &s,
            "ip = get_ipython()\nfrom IPython import get_ipython as gi\nprint(ip is gi(), ip.user_ns is globals())"
        ),
        "True True\n"
    );
    assert_eq!(
        run(
            &s,
            "ip.push({'pushed': 7})\nprint(ip.ev('pushed * 6'), ip.getoutput('echo a; echo b'), ip.getoutput('echo c', split=False))"
        ),
        "42 ['a', 'b'] c\n"
    );
    assert_eq!(run(&s, "ip.run_line_magic('who', '')"), "gi\tip\tpushed\n");
    assert_eq!(run(&s, "ip.magic('pwd')"), "");
    let shouted = "def shout(line):\n    return line.upper()\nip.register_magic_function(shout)\n";
    run(&s, shouted);
    assert_eq!(
        s.eval_repr("get_ipython().run_line_magic('shout', 'hi')")
            .unwrap(),
        "'HI'"
    );
    let typed = s.run_cell_repr(&s.transform_cell("%shout quiet"), "<c>");
    assert_eq!(typed.ok().flatten().as_deref(), Some("'QUIET'"));
}

#[test]
fn run_magic_keeps_the_script_variables() {
    let dir = std::env::temp_dir().join(format!("kiln-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("script.py");
    std::fs::write(
        &script,
        "import sys\nresult = len(sys.argv)\nprint(__name__)\n",
    )
    .unwrap();
    let s = session();
    let out = run(&s, &format!("%run {} a b", script.display()));
    assert_eq!(out, "__main__\n");
    assert_eq!(s.eval_repr("result").unwrap(), "3");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn jit_magic_prints_the_report() {
    let s = session();
    let out = run(&s, "%jit");
    assert!(!out.trim().is_empty());
}

#[test]
fn jit_gpu_magic_says_what_was_found() {
    // On every machine, GPU or not: the driver's and NVRTC's lines, and where
    // parallel nests run.
    let s = session();
    let out = run(&s, "%jit gpu");
    assert!(out.contains("CUDA driver (libcuda): "), "{out}");
    assert!(out.contains("NVRTC (libnvrtc): "), "{out}");
    assert!(out.contains("KILN_DEVICE="), "{out}");
}

#[test]
fn cells_end_in_literals_and_definitions() {
    let s = session();
    assert_eq!(s.run_cell_repr("10", "<c>").unwrap(), Some("10".into()));
    assert_eq!(
        s.run_cell_repr("x = 1\n'a'", "<c>").unwrap(),
        Some("'a'".into())
    );
    assert_eq!(s.eval_repr("x").unwrap(), "1");
    assert_eq!(s.run_cell_repr("None", "<c>").unwrap(), None);
    assert_eq!(
        s.run_cell_repr("def f():\n    return 2", "<c>").unwrap(),
        None
    );
    assert_eq!(s.run_cell_repr("class C: pass", "<c>").unwrap(), None);
    assert_eq!(s.eval_repr("f()").unwrap(), "2");
}

#[test]
fn no_input_makes_the_engine_panic() {
    const PIECES: &[&str] = &[
        "def ", "f(", ")", ":", "\n", "    ", "'", "\"\"\"", "%", "%%", "!", "?", "??", "x", ".",
        "[", "]", "{", "}", "é", "😀", "\\", "#", " ", "import ", "from ", "os", "=", "1.5e", "\t",
        "\x00", "\r", "f'{", "lambda", "@", ",", "in ", "d['",
    ];
    let s = session();
    s.run_cell("d = {'k': 1}\nx = 1\nimport os", "<c>").unwrap();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..300 {
        let mut code = String::new();
        for _ in 0..8 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            code.push_str(PIECES[(seed % PIECES.len() as u64) as usize]);
        }
        let chars = code.chars().count();
        let _ = s.is_complete(&code);
        let _ = s.transform_cell(&code);
        let _ = highlight::classify(&code);
        for cursor in [0, chars / 2, chars] {
            let c = s.complete(&code, cursor);
            assert!(
                c.cursor_start <= c.cursor_end && c.cursor_end <= chars,
                "{code:?}"
            );
            let _ = s.inspect(&code, cursor, 1);
        }
    }
}

#[test]
fn long_containers_are_shown_over_lines() {
    let s = session();
    let short = s.run_cell("[1, 2]", "<c>").unwrap().unwrap();
    assert_eq!(s.display_text(&short, Some(40)).unwrap(), "[1, 2]");
    let long = s
        .run_cell(
            "{'alpha': list(range(8)), 'beta': 'b' * 20, 'gamma': 3}",
            "<c>",
        )
        .unwrap()
        .unwrap();
    assert_eq!(
        s.display_text(&long, Some(40)).unwrap(),
        "{'alpha': [0, 1, 2, 3, 4, 5, 6, 7],\n 'beta': 'bbbbbbbbbbbbbbbbbbbb',\n 'gamma': 3}"
    );
}
