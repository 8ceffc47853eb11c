//! The kernel's input history, answering `history_request` (tail, range and search) as
//! IPython's history manager does for the current session.
//!
//! History lives as long as the kernel process: entries are numbered by execution
//! count in session [`SESSION`], which `range` also reaches as session 0 (IPython's
//! "this session").

use jupyter_protocol::HistoryEntry;

/// The number this kernel's session has in `history_reply` entries.
pub const SESSION: usize = 1;

struct Entry {
    line: usize,
    /// The cell as typed (`raw=true`).
    raw: String,
    /// The cell as run, after magics became Python (`raw=false`).
    translated: String,
    /// The `text/plain` of its result, if it had one.
    output: Option<String>,
}

#[derive(Default)]
pub struct History {
    entries: Vec<Entry>,
}

impl History {
    pub fn record(&mut self, line: usize, raw: &str, translated: &str) {
        self.entries.push(Entry {
            line,
            raw: raw.to_owned(),
            translated: translated.to_owned(),
            output: None,
        });
    }

    /// Attaches the result of the cell recorded as `line`.
    pub fn set_output(&mut self, line: usize, output: String) {
        if let Some(entry) = self.entries.iter_mut().rev().find(|e| e.line == line) {
            entry.output = Some(output);
        }
    }

    /// The last `n` cells.
    pub fn tail(&self, n: usize, raw: bool, output: bool) -> Vec<HistoryEntry> {
        let start = self.entries.len().saturating_sub(n);
        self.render(self.entries[start..].iter(), raw, output)
    }

    /// Cells `start..stop` of `session` (0 or negative = this one; a stop of 0 means to
    /// the end, as in IPython).
    pub fn range(
        &self,
        session: i64,
        start: i64,
        stop: i64,
        raw: bool,
        output: bool,
    ) -> Vec<HistoryEntry> {
        if session > 0 && session as usize != SESSION {
            return Vec::new();
        }
        let picked = self.entries.iter().filter(|e| {
            let line = e.line as i64;
            line >= start && (stop <= 0 || line < stop)
        });
        self.render(picked, raw, output)
    }

    /// Cells matching a glob `pattern` (`*`, `?`, `[...]`), the last `n` of them when
    /// `n` is given, each input once when `unique`.
    pub fn search(
        &self,
        pattern: &str,
        n: Option<usize>,
        unique: bool,
        raw: bool,
        output: bool,
    ) -> Vec<HistoryEntry> {
        let pattern: Vec<char> = pattern.chars().collect();
        let mut matched: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|e| {
                let text: Vec<char> = if raw { &e.raw } else { &e.translated }.chars().collect();
                glob(&pattern, &text)
            })
            .collect();
        if unique {
            // The latest occurrence of each input stays, in history order.
            let mut seen = std::collections::HashSet::new();
            let mut kept: Vec<&Entry> = matched
                .into_iter()
                .rev()
                .filter(|e| seen.insert(if raw { &e.raw } else { &e.translated }))
                .collect();
            kept.reverse();
            matched = kept;
        }
        if let Some(n) = n {
            matched.drain(..matched.len().saturating_sub(n));
        }
        self.render(matched.into_iter(), raw, output)
    }

    fn render<'a>(
        &self,
        entries: impl Iterator<Item = &'a Entry>,
        raw: bool,
        output: bool,
    ) -> Vec<HistoryEntry> {
        entries
            .map(|e| {
                let input = if raw { &e.raw } else { &e.translated }.clone();
                if output {
                    let out = e.output.clone().unwrap_or_default();
                    HistoryEntry::InputOutput(SESSION, e.line, (input, out))
                } else {
                    HistoryEntry::Input(SESSION, e.line, input)
                }
            })
            .collect()
    }
}

/// SQLite's GLOB, which IPython's history search uses: `*` any run, `?` one character,
/// `[abc]`/`[a-z]`/`[^a]` a class; case-sensitive.
fn glob(pattern: &[char], text: &[char]) -> bool {
    match pattern.split_first() {
        None => text.is_empty(),
        Some(('*', rest)) => (0..=text.len()).any(|skip| glob(rest, &text[skip..])),
        Some(('?', rest)) => !text.is_empty() && glob(rest, &text[1..]),
        Some(('[', rest)) => {
            let Some((&c, text_rest)) = text.split_first() else {
                return false;
            };
            match class(rest, c) {
                Some((true, after)) => glob(after, text_rest),
                Some((false, _)) => false,
                // No closing bracket: a literal '['.
                None => c == '[' && glob(rest, text_rest),
            }
        }
        Some((&p, rest)) => text.first() == Some(&p) && glob(rest, &text[1..]),
    }
}

/// Matches `c` against the class starting after `[`; returns whether it matched and the
/// pattern after the closing `]`.
fn class(pattern: &[char], c: char) -> Option<(bool, &[char])> {
    let (negate, mut i) = match pattern.first() {
        Some('^') => (true, 1),
        _ => (false, 0),
    };
    let mut matched = false;
    let mut first = true;
    while i < pattern.len() {
        let p = pattern[i];
        if p == ']' && !first {
            return Some((matched != negate, &pattern[i + 1..]));
        }
        if i + 2 < pattern.len() && pattern[i + 1] == '-' && pattern[i + 2] != ']' {
            matched |= (p..=pattern[i + 2]).contains(&c);
            i += 3;
        } else {
            matched |= p == c;
            i += 1;
        }
        first = false;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs(entries: &[HistoryEntry]) -> Vec<(usize, String)> {
        entries
            .iter()
            .map(|e| match e {
                HistoryEntry::Input(_, line, input) => (*line, input.clone()),
                HistoryEntry::InputOutput(_, line, (input, _)) => (*line, input.clone()),
            })
            .collect()
    }

    fn sample() -> History {
        let mut h = History::default();
        for (line, code) in ["1+2", "print(3)", "%time 1+2", "1+2"].iter().enumerate() {
            h.record(line + 1, code, &code.replace("%time ", "_t("));
        }
        h.set_output(1, "3".into());
        h
    }

    #[test]
    fn tail_and_range() {
        let h = sample();
        assert_eq!(
            inputs(&h.tail(2, true, false)),
            [(3, "%time 1+2".into()), (4, "1+2".into())]
        );
        assert_eq!(
            inputs(&h.range(0, 2, 3, true, false)),
            [(2, "print(3)".into())]
        );
        assert_eq!(
            inputs(&h.range(SESSION as i64, 3, 0, false, false)).len(),
            2
        );
        assert!(h.range(7, 1, 0, true, false).is_empty());
        match &h.tail(4, true, true)[0] {
            HistoryEntry::InputOutput(SESSION, 1, (input, output)) => {
                assert_eq!((input.as_str(), output.as_str()), ("1+2", "3"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn search_globs_unique_and_n() {
        let h = sample();
        assert_eq!(inputs(&h.search("1?2", None, false, true, false)).len(), 2);
        assert_eq!(
            inputs(&h.search("1?2", None, true, true, false)),
            [(4, "1+2".into())]
        );
        assert_eq!(
            inputs(&h.search("*1+2", Some(2), false, true, false)).len(),
            2
        );
        assert_eq!(inputs(&h.search("_t*", None, false, false, false)).len(), 1);
        assert!(h.search("_t*", None, false, true, false).is_empty());
    }

    #[test]
    fn glob_classes() {
        let m = |p: &str, t: &str| {
            glob(
                &p.chars().collect::<Vec<_>>(),
                &t.chars().collect::<Vec<_>>(),
            )
        };
        assert!(m("pr[a-z]nt*", "print(1)"));
        assert!(!m("pr[^i]nt*", "print(1)"));
        assert!(m("a[]]b", "a]b"));
        assert!(m("[x", "[x"));
        assert!(!m("a", "ab"));
    }
}
