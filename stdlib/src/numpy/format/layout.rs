//! The nested-bracket layout of a printed array (numpy's `_formatArray`).
//!
//! The last axis is laid out as words joined by the separator, wrapped before a
//! word that would pass the line width (a line never wraps while it holds only its
//! indent); every outer axis puts its sub-arrays on separate lines, with one blank
//! line more per extra axis, each line indented to sit under the opening bracket.
//! Each bracket level narrows the usable width by one for its closing `]`.
//! Summarised axes show `edge_items` entries at each end around `...`.

use super::clen;

/// How to lay out one array.
#[derive(Clone, Debug)]
pub struct Layout<'a> {
    /// Usable line width (numpy's `linewidth` less the length of any suffix).
    pub line_width: i64,
    /// Indent of continuation lines: one space per opening bracket plus the
    /// length of the prefix the caller prints before the array (`array(`).
    pub next_line_prefix: String,
    pub separator: &'a str,
    pub edge_items: usize,
    /// The array is summarised: axes longer than `2 * edge_items` show `...`.
    pub summarise: bool,
    /// numpy 1.13's wrapping: brackets take no width, a line may wrap right
    /// after its indent, `...` is followed by `, `.
    pub legacy_113: bool,
}

/// Lays out an array of `shape` whose element at an index prints as `word(index)`.
/// A 0-d array is its single word, without brackets.
pub fn format_array(
    shape: &[usize],
    layout: &Layout,
    word: &mut dyn FnMut(&[usize]) -> String,
) -> String {
    let mut index = Vec::with_capacity(shape.len());
    recurse(
        shape,
        layout,
        word,
        &mut index,
        &layout.next_line_prefix,
        layout.line_width,
    )
}

fn recurse(
    shape: &[usize],
    layout: &Layout,
    word: &mut dyn FnMut(&[usize]) -> String,
    index: &mut Vec<usize>,
    hanging_indent: &str,
    width: i64,
) -> String {
    let axis = index.len();
    let axes_left = shape.len() - axis;
    if axes_left == 0 {
        return word(index);
    }
    let next_hanging_indent = format!("{hanging_indent} ");
    let next_width = if layout.legacy_113 { width } else { width - 1 };
    let len = shape[axis];
    let show_summary = layout.summarise && 2 * layout.edge_items < len;
    let (leading, trailing) = if show_summary {
        (layout.edge_items, layout.edge_items)
    } else {
        (0, len)
    };
    // Positions printed, in order; `None` stands for the `...`. The last item
    // always prints, even when `edge_items` is 0.
    let trailing = trailing.max(1).min(len);
    let positions = (0..leading)
        .map(Some)
        .chain(show_summary.then_some(None))
        .chain((len - trailing..len).map(Some));

    let mut child = |i: usize, index: &mut Vec<usize>| {
        index.push(i);
        let s = recurse(shape, layout, word, index, &next_hanging_indent, next_width);
        index.pop();
        s
    };

    let mut s = String::new();
    let separator = layout.separator;
    let legacy = layout.legacy_113;
    if axes_left == 1 {
        let sep_width = clen(separator.trim_end());
        let mut elem_width = width - if legacy { sep_width } else { sep_width.max(1) } as i64;
        let mut line = hanging_indent.to_string();
        let mut previous = None;
        let count = leading + show_summary as usize + trailing;
        for (n, pos) in positions.enumerate() {
            match previous {
                Some(None) if legacy => line.push_str(", "),
                Some(_) => line.push_str(separator),
                None => {}
            }
            previous = Some(pos);
            // numpy 1.13 let the last element reach the full width.
            if legacy && n + 1 == count {
                elem_width = width;
            }
            match pos {
                Some(i) => {
                    let w = child(i, index);
                    extend_line_pretty(&mut s, &mut line, &w, elem_width, hanging_indent, legacy);
                }
                None => extend_line(&mut s, &mut line, "...", elem_width, hanging_indent, legacy),
            }
        }
        s.push_str(&line);
    } else {
        let line_sep = format!("{}{}", separator.trim_end(), "\n".repeat(axes_left - 1));
        let mut previous = None;
        for pos in positions {
            match previous {
                Some(None) if legacy => s.push_str(", \n"),
                Some(_) => s.push_str(&line_sep),
                None => {}
            }
            previous = Some(pos);
            s.push_str(hanging_indent);
            match pos {
                Some(i) => s.push_str(&child(i, index)),
                None => s.push_str("..."),
            }
        }
    }
    // The first line carries the indent too; swap it for the opening bracket.
    let body = &s[hanging_indent.len()..];
    format!("[{body}]")
}

/// Appends `word` to `line`, first moving `line` into `s` when the word would
/// pass `width` and the line holds more than its indent.
fn extend_line(
    s: &mut String,
    line: &mut String,
    word: &str,
    width: i64,
    next_line_prefix: &str,
    legacy_113: bool,
) {
    let mut needs_wrap = (clen(line) + clen(word)) as i64 > width;
    if !legacy_113 && clen(line) <= clen(next_line_prefix) {
        needs_wrap = false;
    }
    if needs_wrap {
        s.push_str(line.trim_end());
        s.push('\n');
        *line = next_line_prefix.to_string();
    }
    line.push_str(word);
}

/// `extend_line` for words that may span several lines (from a custom
/// formatter): those are kept together, aligned under their first line.
fn extend_line_pretty(
    s: &mut String,
    line: &mut String,
    word: &str,
    width: i64,
    next_line_prefix: &str,
    legacy_113: bool,
) {
    let words = split_lines(word);
    if words.len() <= 1 || legacy_113 {
        return extend_line(s, line, word, width, next_line_prefix, legacy_113);
    }
    let max_word_length = words.iter().map(|w| clen(w)).max().unwrap_or(0);
    let indent;
    if (clen(line) + max_word_length) as i64 > width && clen(line) > clen(next_line_prefix) {
        s.push_str(line.trim_end());
        s.push('\n');
        *line = format!("{next_line_prefix}{}", words[0]);
        indent = next_line_prefix.to_string();
    } else {
        indent = " ".repeat(clen(line));
        line.push_str(words[0]);
    }
    for w in &words[1..] {
        s.push_str(line.trim_end());
        s.push('\n');
        *line = format!("{indent}{w}");
    }
    let last = clen(words[words.len() - 1]);
    line.push_str(&" ".repeat(max_word_length - last));
}

/// Python's `str.splitlines()`.
fn split_lines(s: &str) -> Vec<&str> {
    let is_break = |c: char| {
        matches!(
            c,
            '\n' | '\r'
                | '\x0b'
                | '\x0c'
                | '\x1c'
                | '\x1d'
                | '\x1e'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        )
    };
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        match rest.find(is_break) {
            None => {
                out.push(rest);
                break;
            }
            Some(i) => {
                out.push(&rest[..i]);
                let skip = if rest[i..].starts_with("\r\n") {
                    2
                } else {
                    rest[i..].chars().next().map_or(1, char::len_utf8)
                };
                rest = &rest[i + skip..];
            }
        }
    }
    out
}
