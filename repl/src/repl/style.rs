//! Colours of the terminal REPL: syntax highlighting as you type, the prompts, and
//! tracebacks. The 16 basic ANSI colours are used (the terminal's theme decides their
//! exact shade, so they read on dark and light backgrounds alike); everything is plain
//! text when colour is off (`NO_COLOR`, or output that is not a terminal).

use kiln_vm::PyErrorReport;
use kiln_vm::interactive::highlight::{TokenClass, classify};
use nu_ansi_term::{Color, Style};
use reedline::{Highlighter, StyledText};

/// Whether the REPL draws in colour: stdout is a terminal and `NO_COLOR` is unset or
/// empty (https://no-color.org).
pub fn colour_wanted() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

fn style_of(class: TokenClass) -> Style {
    match class {
        TokenClass::Keyword => Color::Magenta.bold(),
        TokenClass::Builtin => Style::new().fg(Color::Cyan),
        TokenClass::String => Style::new().fg(Color::Green),
        TokenClass::Number => Style::new().fg(Color::Blue),
        TokenClass::Comment => Style::new().fg(Color::DarkGray).italic(),
        TokenClass::Escape => Color::Yellow.bold(),
        TokenClass::Operator => Style::new().fg(Color::Red),
        TokenClass::Plain => Style::new(),
    }
}

/// Highlights the input buffer with RustPython's tokenizer.
pub struct PythonHighlighter {
    pub colour: bool,
}

impl Highlighter for PythonHighlighter {
    fn highlight(&self, line: &str, _cursor: usize) -> StyledText {
        let mut styled = StyledText::new();
        if !self.colour {
            styled.push((Style::new(), line.to_owned()));
            return styled;
        }
        for (range, class) in classify(line) {
            styled.push((style_of(class), line[range].to_owned()));
        }
        styled
    }
}

/// `text` in `style` when colour is on.
pub fn paint(colour: bool, style: Style, text: &str) -> String {
    if colour {
        style.paint(text).to_string()
    } else {
        text.to_owned()
    }
}

/// A traceback as `traceback.format_exception` gives it, coloured as IPython does: the
/// header and the exception line in red, file names green, line numbers and function
/// names highlighted.
pub fn traceback(report: &PyErrorReport, colour: bool) -> String {
    let text = report.traceback.concat();
    if !colour {
        return text;
    }
    let mut out = String::with_capacity(text.len() * 2);
    let lines: Vec<&str> = text.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        let is_last = index + 1 == lines.len();
        if line.starts_with("Traceback (most recent call last)")
            || line.starts_with("During handling")
            || line.starts_with("The above exception")
        {
            out.push_str(&Color::Red.bold().paint(*line).to_string());
        } else if let Some(frame) = line.strip_prefix("  File \"") {
            out.push_str(&frame_line(frame));
        } else if is_last || (!line.starts_with(' ') && line.contains(report.type_name.as_str())) {
            match line.split_once(':') {
                Some((kind, message)) => {
                    out.push_str(&Color::Red.bold().paint(kind).to_string());
                    out.push(':');
                    out.push_str(message);
                }
                None => out.push_str(&Color::Red.bold().paint(*line).to_string()),
            }
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// `  File "path", line N, in name` with the path, number and name coloured.
fn frame_line(frame: &str) -> String {
    let Some((path, rest)) = frame.split_once("\", line ") else {
        return format!("  File \"{frame}");
    };
    let (number, function) = match rest.split_once(", in ") {
        Some((number, function)) => (number, Some(function)),
        None => (rest, None),
    };
    let mut out = format!(
        "  File {}, line {}",
        Color::Green.paint(format!("\"{path}\"")),
        Color::Green.bold().paint(number)
    );
    if let Some(function) = function {
        out.push_str(", in ");
        out.push_str(&Color::Cyan.paint(function).to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> PyErrorReport {
        PyErrorReport {
            type_name: "ZeroDivisionError".into(),
            message: "division by zero".into(),
            traceback: vec![
                "Traceback (most recent call last):\n".into(),
                "  File \"<In [1]>\", line 2, in f\n    return 1 / 0\n".into(),
                "ZeroDivisionError: division by zero\n".into(),
            ],
        }
    }

    #[test]
    fn plain_traceback_is_unchanged() {
        assert_eq!(traceback(&report(), false), report().traceback.concat());
    }

    #[test]
    fn coloured_traceback_keeps_the_text() {
        let coloured = traceback(&report(), true);
        assert!(coloured.contains("\x1b["), "{coloured:?}");
        let stripped = strip_ansi(&coloured);
        assert_eq!(stripped, report().traceback.concat());
    }

    #[test]
    fn highlighting_keeps_the_text() {
        let line = "for i in range(3): print('x')  # c";
        let styled = PythonHighlighter { colour: true }.highlight(line, 0);
        let text: String = styled.buffer.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(text, line);
        assert!(
            styled
                .buffer
                .iter()
                .any(|(style, s)| s == "for" && style.is_bold)
        );
    }

    fn strip_ansi(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }
}
