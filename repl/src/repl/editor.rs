//! The line editor: reedline with kiln's prompt, Python-aware Enter (run when the
//! parser says the input is complete, else a new line indented as the code needs),
//! completion menu, highlighting, history hints and persistent history.
//!
//! Automatic indentation: reedline has no hook that edits the buffer after Enter opens
//! a new line. Enter is therefore bound to `Enter` followed by
//! `HistoryHintWordComplete`; the validator, which decides Enter, leaves the next
//! line's indentation in a shared slot, and the hinter hands that slot out as the
//! "hint word" to insert. The slot is emptied on every Enter, so Alt-F / Alt-Right
//! (the other users of that event) fall through to moving by words as before.

use super::completer::SessionCompleter;
use super::style::{PythonHighlighter, paint};
use kiln_vm::interactive::{Completeness, completeness::completeness};
use nu_ansi_term::{Color, Style};
use reedline::{
    ColumnarMenu, DefaultHinter, Emacs, FileBackedHistory, Hinter, History, KeyCode, KeyModifiers,
    MenuBuilder, Prompt, PromptEditMode, PromptHistorySearch, PromptHistorySearchStatus, Reedline,
    ReedlineEvent, ReedlineMenu, ValidationResult, Validator, default_emacs_keybindings,
};
use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

const COMPLETION_MENU: &str = "completion_menu";
const HISTORY_SIZE: usize = 10_000;

/// The indentation the validator chose for the line Enter just opened.
type PendingIndent = Arc<Mutex<Option<String>>>;

pub fn build(colour: bool) -> Reedline {
    let pending: PendingIndent = Arc::default();
    let mut keys = default_emacs_keybindings();
    keys.add_binding(
        KeyModifiers::NONE,
        KeyCode::Enter,
        // `Multiple` does nothing in Ctrl-R search, where a plain Enter takes the match.
        ReedlineEvent::UntilFound(vec![
            ReedlineEvent::Multiple(vec![
                ReedlineEvent::Enter,
                ReedlineEvent::HistoryHintWordComplete,
            ]),
            ReedlineEvent::Enter,
        ]),
    );
    keys.add_binding(
        KeyModifiers::NONE,
        KeyCode::Tab,
        ReedlineEvent::UntilFound(vec![
            ReedlineEvent::Menu(COMPLETION_MENU.to_owned()),
            ReedlineEvent::MenuNext,
        ]),
    );
    keys.add_binding(
        KeyModifiers::SHIFT,
        KeyCode::BackTab,
        ReedlineEvent::MenuPrevious,
    );
    let menu = ColumnarMenu::default()
        .with_name(COMPLETION_MENU)
        .with_marker("")
        .with_text_style(Style::new())
        .with_selected_text_style(if colour {
            Style::new().reverse()
        } else {
            Style::new()
        });
    let hint_style = if colour {
        Style::new().fg(Color::DarkGray)
    } else {
        Style::new()
    };
    let hinter = IndentingHinter {
        history: DefaultHinter::default().with_style(hint_style),
        pending: pending.clone(),
    };
    Reedline::create()
        .with_history(history())
        .with_edit_mode(Box::new(Emacs::new(keys)))
        .with_validator(Box::new(PythonValidator { pending }))
        .with_hinter(Box::new(hinter))
        .with_highlighter(Box::new(PythonHighlighter { colour }))
        .with_completer(Box::new(SessionCompleter))
        .with_quick_completions(true)
        .with_partial_completions(true)
        .with_menu(ReedlineMenu::EngineCompleter(Box::new(menu)))
        .with_ansi_colors(colour)
        .use_bracketed_paste(true)
        .disable_auto_pairs()
}

/// Where history is kept: `$KILN_HISTORY`, else `kiln/history` in the user's data
/// directory (`$XDG_DATA_HOME`, or `~/.local/share`).
pub fn history_path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("KILN_HISTORY").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share"))
        })?;
    Some(data.join("kiln").join("history"))
}

fn history() -> Box<dyn History> {
    if let Some(path) = history_path() {
        if let Some(parent) = path.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        match FileBackedHistory::with_file(HISTORY_SIZE, path.clone()) {
            Ok(history) => return Box::new(history),
            Err(err) => eprintln!(
                "kiln: history is not kept across sessions: cannot use {}: {err}",
                path.display()
            ),
        }
    }
    Box::new(FileBackedHistory::new(HISTORY_SIZE).expect("in-memory history"))
}

/// Enter runs the input when the parser says it is complete (or invalid: running it
/// shows the `SyntaxError`), else opens a new line.
struct PythonValidator {
    pending: PendingIndent,
}

impl Validator for PythonValidator {
    fn validate(&self, line: &str) -> ValidationResult {
        let (result, indent) = match completeness(line) {
            Completeness::Incomplete { indent } => (ValidationResult::Incomplete, Some(indent)),
            Completeness::Complete | Completeness::Invalid => (ValidationResult::Complete, None),
        };
        *self.pending.lock().unwrap_or_else(|e| e.into_inner()) = indent;
        result
    }
}

/// History hints as reedline draws them, plus the indentation slot (module comment).
struct IndentingHinter {
    history: DefaultHinter,
    pending: PendingIndent,
}

impl Hinter for IndentingHinter {
    fn handle(
        &mut self,
        line: &str,
        pos: usize,
        history: &dyn History,
        use_ansi_coloring: bool,
        cwd: &str,
    ) -> String {
        self.history
            .handle(line, pos, history, use_ansi_coloring, cwd)
    }

    fn complete_hint(&self) -> String {
        self.history.complete_hint()
    }

    fn next_hint_token(&self) -> String {
        self.pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .unwrap_or_default()
    }
}

/// `In [n]: ` and `   ...: ` (IPython's), or `>>> ` and `... ` with `--classic`.
pub struct InputPrompt {
    pub number: usize,
    pub classic: bool,
    pub colour: bool,
}

impl InputPrompt {
    fn label_width(&self) -> usize {
        format!("In [{}]", self.number).len()
    }
}

impl Prompt for InputPrompt {
    fn render_prompt_left(&self) -> Cow<'_, str> {
        if self.classic {
            return ">>> ".into();
        }
        let green = Style::new().fg(Color::Green);
        format!(
            "{}{}{}",
            paint(self.colour, green, "In ["),
            paint(
                self.colour,
                Color::LightGreen.bold(),
                &self.number.to_string()
            ),
            paint(self.colour, green, "]: ")
        )
        .into()
    }

    fn render_prompt_right(&self) -> Cow<'_, str> {
        "".into()
    }

    fn render_prompt_indicator(&self, _mode: PromptEditMode) -> Cow<'_, str> {
        "".into()
    }

    fn render_prompt_multiline_indicator(&self) -> Cow<'_, str> {
        if self.classic {
            return "... ".into();
        }
        let dots = format!("{:>width$}: ", "...", width = self.label_width());
        paint(self.colour, Style::new().fg(Color::Green), &dots).into()
    }

    fn render_prompt_history_search_indicator(&self, search: PromptHistorySearch) -> Cow<'_, str> {
        let failing = match search.status {
            PromptHistorySearchStatus::Passing => "",
            PromptHistorySearchStatus::Failing => "failing ",
        };
        format!("({failing}reverse-i-search)`{}': ", search.term).into()
    }

    fn get_prompt_color(&self) -> reedline::Color {
        reedline::Color::Default
    }

    fn get_prompt_multiline_color(&self) -> nu_ansi_term::Color {
        nu_ansi_term::Color::Default
    }

    fn get_indicator_color(&self) -> reedline::Color {
        reedline::Color::Default
    }
}

/// `Out[n]: ` in IPython's red.
pub fn output_prompt(number: usize, colour: bool) -> String {
    let red = Style::new().fg(Color::Red);
    format!(
        "{}{}{}",
        paint(colour, red, "Out["),
        paint(colour, Color::LightRed.bold(), &number.to_string()),
        paint(colour, red, "]: ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_line_up() {
        let prompt = InputPrompt {
            number: 12,
            classic: false,
            colour: false,
        };
        assert_eq!(prompt.render_prompt_left(), "In [12]: ");
        assert_eq!(prompt.render_prompt_multiline_indicator(), "    ...: ");
        assert_eq!(output_prompt(12, false), "Out[12]: ");
        let classic = InputPrompt {
            classic: true,
            ..prompt
        };
        assert_eq!(classic.render_prompt_left(), ">>> ");
        assert_eq!(classic.render_prompt_multiline_indicator(), "... ");
    }

    #[test]
    fn validator_leaves_the_indent_for_the_hinter() {
        let pending = PendingIndent::default();
        let validator = PythonValidator {
            pending: pending.clone(),
        };
        let hinter = IndentingHinter {
            history: DefaultHinter::default(),
            pending,
        };
        assert!(matches!(
            validator.validate("def f():"),
            ValidationResult::Incomplete
        ));
        assert_eq!(hinter.next_hint_token(), "    ");
        assert_eq!(hinter.next_hint_token(), "");
        assert!(matches!(
            validator.validate("x = 1"),
            ValidationResult::Complete
        ));
        assert_eq!(hinter.next_hint_token(), "");
    }
}
