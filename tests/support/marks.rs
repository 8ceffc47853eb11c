//! The `# hot` marks of tests/corpus/ and tests/numba/ checked against the jit report.
//!
//! A `for`/`while` line ending in `# hot` is a loop that must have compiled (a tier-1
//! site, or inside one that compiled: an inner loop runs in its enclosing loop's nest
//! and never gets hot as a site of its own, and a function's loop runs in the nest of
//! the function compiled whole or of a loop it was inlined into). A `def` line ending in `# hot` is a
//! function called often enough to be hot: it counts as compiled when it was compiled
//! whole (a tier-1 site on its `def` line: `@njit` functions), when a compiled site
//! inlined it, when it is a `@stencil` kernel whose loop nests (`<stencil NAME>`)
//! compiled, or when it has hot loops and all of them compiled. A function compiled
//! whole that stays interpreted gives its site's reason. `# hot,
//! interpreted: TEXT` records what stays interpreted: for a loop, the report's reason
//! (or, for a loop that never ran as a site, its enclosing loop's) must contain
//! TEXT; for a function, a report reason naming `NAME()` must (or else the reason
//! one of its hot loops stays interpreted), or TEXT
//! is `a function without loops` and the function has none (kiln compiles loops and
//! inlines small functions into them; a loop-free function called from interpreted
//! code has nothing of its own to compile).

use serde_json::Value;
use std::path::Path;

/// Reads the jit report kiln wrote to `report` (removing it) and checks the marks of
/// program `name` against it; the error lists the problems, then the report.
pub fn check_report(name: &str, source: &str, report: &Path) -> Result<(), String> {
    let (text, sites) = super::take_jit_report(report).map_err(|e| format!("{name}: {e}"))?;
    let problems = check(name, source, &sites);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n{text}", problems.join("\n")))
    }
}

/// What a function without loops, never inlined, is marked with.
pub const LOOP_FREE: &str = "a function without loops";

struct Mark {
    line: u64,
    /// `None`: must compile; else a part of the reason it stays interpreted.
    interpreted: Option<String>,
}

fn marks(lines: &[&str]) -> Vec<Mark> {
    lines
        .iter()
        .enumerate()
        .filter_map(|(k, line)| {
            let (_, mark) = line.split_once("# hot")?;
            let interpreted = mark
                .split_once("interpreted:")
                .map(|(_, why)| why.trim().to_string());
            Some(Mark {
                line: k as u64 + 1,
                interpreted,
            })
        })
        .collect()
}

fn indent(l: &str) -> usize {
    l.len() - l.trim_start().len()
}

/// The lines (1-based) of the `for`/`while` statements around line `line`, and of the
/// `def` (a function compiled whole is a site on its `def` line).
fn enclosing_loops<'a>(lines: &'a [&str], line: u64) -> impl Iterator<Item = u64> + 'a {
    let at = line as usize - 1;
    let mut level = indent(lines[at]);
    (0..at).rev().filter_map(move |k| {
        let l = lines[k];
        if l.trim().is_empty() || indent(l) >= level {
            return None;
        }
        level = indent(l);
        let t = l.trim_start();
        (t.starts_with("for ") || t.starts_with("while ") || t.starts_with("def "))
            .then_some(k as u64 + 1)
    })
}

/// The lines (1-based) of the body of the `def` at line `line`.
fn body(lines: &[&str], line: u64) -> std::ops::Range<u64> {
    let level = indent(lines[line as usize - 1]);
    let end = (line as usize..lines.len())
        .find(|&k| !lines[k].trim().is_empty() && indent(lines[k]) <= level)
        .unwrap_or(lines.len());
    line + 1..end as u64 + 1
}

/// The problems with the marks of program `name` (its source `source`), given the
/// sites of its jit report.
fn check(name: &str, source: &str, sites: &[Value]) -> Vec<String> {
    let lines: Vec<&str> = source.lines().collect();
    let site_at = |line: u64| {
        sites.iter().find(|s| {
            s["line"].as_u64() == Some(line)
                && s["file"].as_str().is_some_and(|f| f.ends_with(name))
        })
    };
    let reason_at = |line: u64| {
        site_at(line)
            .and_then(|s| s["reason"].as_str())
            .unwrap_or("")
    };
    // Whether a compiled site inlined the function `fname`.
    let inlined = |fname: &str| {
        sites.iter().any(|s| {
            s["tier"] == "tier 1"
                && s["specialisations"].as_array().is_some_and(|specs| {
                    specs.iter().any(|spec| {
                        spec["inlined"]
                            .as_array()
                            .is_some_and(|i| i.iter().any(|n| n == fname))
                    })
                })
        })
    };
    let def_name = |line: u64| {
        let t = lines[line as usize - 1].trim_start();
        t.strip_prefix("def ")
            .map(|d| d.split('(').next().unwrap_or("").trim().to_string())
    };
    // Compiled as a site, or run inside one that compiled: an enclosing loop, the
    // function compiled whole, or a loop the function was inlined into.
    let loop_compiled = |line: u64| {
        site_at(line).is_some_and(|s| s["tier"] == "tier 1")
            || (reason_at(line).is_empty()
                && enclosing_loops(&lines, line).any(|outer| {
                    site_at(outer).is_some_and(|s| s["tier"] == "tier 1")
                        || def_name(outer).is_some_and(|f| inlined(&f))
                }))
    };
    let all = marks(&lines);
    let mut problems = Vec::new();
    for Mark { line, interpreted } in &all {
        let text = lines[*line as usize - 1].trim_start();
        let (compiled, reason, what) = if let Some(def) = text.strip_prefix("def ") {
            let fname = def.split('(').next().unwrap_or("").trim();
            let inlined = inlined(fname);
            let inner = body(&lines, *line);
            let hot_loops: Vec<&Mark> = all.iter().filter(|m| inner.contains(&m.line)).collect();
            let loops_compiled = !hot_loops.is_empty()
                && hot_loops
                    .iter()
                    .all(|m| m.interpreted.is_none() && loop_compiled(m.line));
            // Reasons naming the call, or those of the element loop of a `vectorize`
            // of it (numba's `vectorize` runs one, `<vectorize NAME>`) or of a
            // stencil's loop nest (`<stencil NAME>`).
            let call = format!("`{fname}()`");
            let made_from = [format!("<vectorize {fname}>"), format!("<stencil {fname}>")];
            let named = sites.iter().filter(|s| s["hot"] == true).find_map(|s| {
                let r = s["reason"].as_str()?;
                (r.contains(&call) || made_from.iter().any(|f| s["file"] == f.as_str()))
                    .then_some(r)
            });
            let loop_free = inner.clone().all(|k| {
                let t = lines[k as usize - 1].trim_start();
                !(t.starts_with("for ") || t.starts_with("while "))
            });
            let own = hot_loops
                .iter()
                .map(|m| reason_at(m.line))
                .find(|r| !r.is_empty());
            // A function compiled whole (`@njit`) is a site on its `def` line.
            let whole = site_at(*line);
            let reason = match (whole.and_then(|s| s["reason"].as_str()), named, own) {
                (Some(r), _, _) | (None, Some(r), _) | (None, None, Some(r)) => r.to_string(),
                (None, None, None) if loop_free => LOOP_FREE.to_string(),
                (None, None, None) => String::new(),
            };
            let compiled_whole = whole.is_some_and(|s| s["tier"] == "tier 1");
            // A `@stencil` kernel runs in the loop nests made from it.
            let nests = format!("<stencil {fname}>");
            let stencil: Vec<&Value> = sites
                .iter()
                .filter(|s| s["file"] == nests.as_str() && s["hot"] == true)
                .collect();
            let stencil_compiled =
                !stencil.is_empty() && stencil.iter().all(|s| s["tier"] == "tier 1");
            (
                compiled_whole || inlined || loops_compiled || stencil_compiled,
                reason,
                "function",
            )
        } else {
            let compiled = loop_compiled(*line);
            // A loop that never ran as a site of its own (kiln does not count loops
            // it cannot lower inside loops it cannot lower) takes its enclosing
            // loop's reason.
            let reason = std::iter::once(*line)
                .chain(enclosing_loops(&lines, *line))
                .find_map(|l| site_at(l).and_then(|s| s["reason"].as_str()));
            if site_at(*line).is_none() && !compiled && reason.is_none() {
                problems.push(format!("{name}:{line}: no such site in the report"));
                continue;
            }
            (compiled, reason.unwrap_or("").to_string(), "loop")
        };
        match interpreted {
            None if !compiled => problems.push(format!(
                "{name}:{line}: a hot {what} stayed interpreted: {reason}"
            )),
            Some(why) if compiled => problems.push(format!(
                "{name}:{line}: compiled, but marked interpreted ({why}): update the mark"
            )),
            Some(why) if !reason.contains(why.as_str()) => problems.push(format!(
                "{name}:{line}: interpreted for another reason than marked ({why}): {reason}"
            )),
            _ => {}
        }
    }
    problems
}
