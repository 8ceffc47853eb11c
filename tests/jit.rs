//! The JIT against the interpreter: every script in tests/jit/ runs under kiln twice,
//! compiled (a low `KILN_JIT_THRESHOLD`, so loops get hot at once) and interpreted
//! (`KILN_JIT=0`), and must print the same stdout and stderr and exit the same way.
//! The compiled run then runs again on the code cache the first filled: the same
//! output, every specialisation's machine code and the script's bytecode from the
//! cache; and a third time, where each nest's code is found by its front key without
//! generating CLIF (`backend::cpu::front_cache`): the same output and the same code
//! reported.
//!
//! The scripts mark the loops the JIT must have compiled: a loop line ending in
//! `# jit: compiled` must be a tier-1 site in the jit report (`KILN_JIT_REPORT`), and
//! `# jit: compiled, deopts` must also have handed a statement back to the interpreter
//! at least once, `vectorised` must have run an innermost loop several iterations at
//! a time, `once` must have needed a single specialisation for all its entries, and
//! `fused` must have run array statements fused with their neighbours (`quiet`: with a
//! run that stores as it goes while numpy's errors warn), `flagged` must have run an
//! innermost loop under the CPU's floating-point flags, `summed` one checked once by
//! the sum it carries (`sumnest`: a loop with loops inside), `nested` must have a nest whose
//! subscripts are proven once at its entry, `copied` must have run the checked copy of
//! such a nest, compiled when its proof first failed, `selected` must run a conditional
//! element store as a select, `branchless` a conditional assignment as a select,
//! `listcopy` must have read a list copied on entry (`listread`: never), and `clean`
//! must never have handed a statement back. So a JIT that
//! silently stays interpreted, or never takes the deopt, vector or fusion path a script
//! is about, fails here.

use std::path::Path;
use std::process::{Command, Output};

mod support;
use support::{check_all, describe, py_cases, root, take_jit_report};

const THRESHOLD: &str = "20";

/// Runs `script` compiled (with its machine code cached in `cache`) or interpreted.
fn kiln(script: &Path, jit: Option<&Path>, report: Option<&Path>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kiln"));
    cmd.arg(script).current_dir(root());
    cmd.env_remove("KILN_JIT_REPORT");
    cmd.env_remove("KILN_CACHE");
    match jit {
        Some(cache) => {
            cmd.env("KILN_JIT_THRESHOLD", THRESHOLD);
            cmd.env("KILN_JIT_VERIFY", "1");
            cmd.env("KILN_CACHE_DIR", cache);
        }
        None => {
            cmd.env("KILN_JIT", "0");
        }
    }
    if let Some(report) = report {
        cmd.env("KILN_JIT_REPORT", report);
    }
    cmd.output().expect("kiln runs")
}

/// Every specialisation of every site, with where its site is (`file:line`).
fn each_specialisation(
    sites: &[serde_json::Value],
) -> impl Iterator<Item = (String, serde_json::Value)> + '_ {
    sites.iter().flat_map(|site| {
        let at = format!("{}:{}", site["file"], site["line"]);
        site["specialisations"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(move |s| (at.clone(), s))
    })
}

/// Each site's specialisations (their types), and which of them came from the code
/// cache.
fn specialisations(sites: &[serde_json::Value]) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = each_specialisation(sites)
        .map(|(at, s)| (format!("{at} {}", s["types"]), s["from_cache"] == true))
        .collect();
    out.sort();
    out
}

/// The entries of one of a code cache's directories.
fn entries(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    out.sort();
    out
}

/// The entries of a cache's directory with the times they were written: an entry
/// stored again under its key is a new file.
fn written(dir: &Path) -> Vec<(std::path::PathBuf, std::time::SystemTime)> {
    entries(dir)
        .into_iter()
        .map(|p| {
            let at = std::fs::metadata(&p).and_then(|m| m.modified()).unwrap();
            (p, at)
        })
        .collect()
}

/// The script run compiled again on the cache its first run filled: the same output,
/// the same specialisations, and the machine code of every one of them from the cache
/// (Cranelift's output is a function of the IR alone, which holds no address of the
/// process that made it).
fn cached_run(
    script: &Path,
    name: &str,
    cache: &Path,
    first: &Output,
    first_specs: &[(String, bool)],
) -> Result<(), String> {
    let report = std::env::temp_dir().join(format!(
        "kiln-jit-{}-{name}-cached.json",
        std::process::id()
    ));
    let bytecode = entries(&cache.join("bytecode"));
    if bytecode.is_empty() {
        return Err(format!("{name}: no bytecode kept in the cache"));
    }
    let again = kiln(script, Some(cache), Some(&report));
    // Its modules' bytecode loaded, not made and stored again.
    if entries(&cache.join("bytecode")) != bytecode {
        return Err(format!(
            "{name}: bytecode made again, not loaded from the cache"
        ));
    }
    if again.stdout != first.stdout
        || again.stderr != first.stderr
        || again.status.code() != first.status.code()
    {
        return Err(format!(
            "{name}: the run on cached machine code differs\n=== first\n{}\n=== cached\n{}",
            describe(first),
            describe(&again)
        ));
    }
    let (text, sites) = take_jit_report(&report).map_err(|e| format!("{name}: {e}"))?;
    let specs = specialisations(&sites);
    let same: Vec<_> = first_specs.iter().map(|(t, _)| t).collect();
    if specs.iter().map(|(t, _)| t).collect::<Vec<_>>() != same {
        return Err(format!(
            "{name}: other specialisations on the cached run\n{text}"
        ));
    }
    if let Some((types, _)) = specs.iter().find(|(_, cached)| !cached) {
        return Err(format!(
            "{name}: {types} compiled again, not from the code cache"
        ));
    }
    front_run(script, name, cache, &again, &sites)
}

/// What a specialisation's report says of the code it generated, which a run that
/// finds its code by the front key (`backend::cpu::front_cache`) must say the same.
const CODE_COUNTS: [&str; 8] = [
    "types",
    "from_cache",
    "vector_loops",
    "partial_sum_loops",
    "flag_loops",
    "nest_proofs",
    "branch_selects",
    "checked_copies",
];

fn code_counts(sites: &[serde_json::Value]) -> Vec<String> {
    let mut out: Vec<String> = each_specialisation(sites)
        .map(|(at, mut s)| {
            // A checked copy's compile time is the one thing that may differ.
            if let Some(copies) = s["checked_copies"].as_array_mut() {
                for c in copies {
                    c["compile_ms"] = serde_json::Value::Null;
                }
            }
            let counts: Vec<String> = CODE_COUNTS
                .iter()
                .map(|k| format!("{k}={}", s[*k]))
                .collect();
            format!("{at} {}", counts.join(" "))
        })
        .collect();
    out.sort();
    out
}

/// The third run: the second, finding machine code by its code key, stored it under
/// each nest's front key too; this one finds it there, generating no CLIF, and must
/// print the same and report the same code (its counts, its checked copies).
fn front_run(
    script: &Path,
    name: &str,
    cache: &Path,
    second: &Output,
    second_sites: &[serde_json::Value],
) -> Result<(), String> {
    let code = written(&cache.join("code"));
    let front = written(&cache.join("front"));
    if !code.is_empty() && front.is_empty() {
        return Err(format!(
            "{name}: machine code found by its code key, but no front entry stored"
        ));
    }
    let report =
        std::env::temp_dir().join(format!("kiln-jit-{}-{name}-front.json", std::process::id()));
    let third = kiln(script, Some(cache), Some(&report));
    if third.stdout != second.stdout
        || third.stderr != second.stderr
        || third.status.code() != second.status.code()
    {
        return Err(format!(
            "{name}: the run on code found by the front key differs\n=== second\n{}\n=== third\n{}",
            describe(second),
            describe(&third)
        ));
    }
    if written(&cache.join("code")) != code || written(&cache.join("front")) != front {
        return Err(format!(
            "{name}: the third run compiled or stored code again"
        ));
    }
    let (text, sites) = take_jit_report(&report).map_err(|e| format!("{name}: {e}"))?;
    if code_counts(&sites) != code_counts(second_sites) {
        return Err(format!(
            "{name}: the run on front entries reports other code\n{text}"
        ));
    }
    Ok(())
}

/// What a case marks on a loop's line.
struct Mark {
    line: u64,
    /// `deopts`: it handed a statement back to the interpreter at least once.
    deopts: bool,
    /// `vectorised`: a specialisation of it runs an innermost loop several iterations at
    /// a time.
    vectorised: bool,
    /// `once`: one specialisation served every entry.
    once: bool,
    /// `fused`: a specialisation of it runs array statements fused.
    fused: bool,
    /// `clean`: it never handed a statement back to the interpreter.
    clean: bool,
    /// `quiet`: a specialisation of it has a fused run that stores as it goes while
    /// numpy's errors only warn.
    quiet: bool,
    /// `flagged`: a specialisation of it runs an innermost loop under the CPU's
    /// floating-point flags first.
    flagged: bool,
    /// `summed`: a specialisation of it runs an innermost loop that only sums with no
    /// value tested, checked by the sum after it (`summed_loops`).
    summed: bool,
    /// `sumnest`: a specialisation of it runs a loop with loops inside that only sums
    /// with no value tested, checked by the sum after it (`summed_nests`).
    sumnest: bool,
    /// `nested`: a specialisation of it has a nest whose subscripts are proven at its
    /// entry.
    nested: bool,
    /// `copied`: a specialisation of it ran the checked copy of a proven nest,
    /// compiled where the proof failed (`checked_loops`).
    copied: bool,
    /// `branchless`: a specialisation of it runs a conditional assignment as a select
    /// (`if_convert`).
    branchless: bool,
    /// `selected`: a specialisation of it runs a conditional element store as a select.
    selected: bool,
    /// `listcopy`: a specialisation of it reads a list copied on entry
    /// (`kiln_jit::list_copies`); `listread`: none does (the list is read in place).
    listcopy: bool,
    listread: bool,
}

fn marks(source: &str) -> Vec<Mark> {
    source
        .lines()
        .enumerate()
        .filter_map(|(k, line)| {
            let (_, mark) = line.split_once("# jit:")?;
            Some(Mark {
                line: k as u64 + 1,
                deopts: mark.contains("deopts"),
                vectorised: mark.contains("vectorised"),
                once: mark.contains("once"),
                fused: mark.contains("fused"),
                clean: mark.contains("clean"),
                quiet: mark.contains("quiet"),
                flagged: mark.contains("flagged"),
                summed: mark.contains("summed"),
                sumnest: mark.contains("sumnest"),
                nested: mark.contains("nested"),
                copied: mark.contains("copied"),
                branchless: mark.contains("branchless"),
                selected: mark.contains("selected"),
                listcopy: mark.contains("listcopy"),
                listread: mark.contains("listread"),
            })
        })
        .collect()
}

fn check(script: &Path) -> Result<(), String> {
    let name = script.file_name().unwrap().to_string_lossy().into_owned();
    let report = std::env::temp_dir().join(format!("kiln-jit-{}-{name}.json", std::process::id()));
    let cache = std::env::temp_dir().join(format!("kiln-jit-{}-{name}-cache", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let result = check_in(script, &name, &report, &cache);
    let _ = std::fs::remove_dir_all(&cache);
    result
}

fn check_in(script: &Path, name: &str, report: &Path, cache: &Path) -> Result<(), String> {
    let compiled = kiln(script, Some(cache), Some(report));
    let interpreted = kiln(script, None, None);
    if compiled.stdout != interpreted.stdout
        || compiled.stderr != interpreted.stderr
        || compiled.status.code() != interpreted.status.code()
    {
        return Err(format!(
            "{name}: compiled and interpreted runs differ\n=== compiled\n{}\n=== interpreted\n{}",
            describe(&compiled),
            describe(&interpreted)
        ));
    }
    let (text, sites) = take_jit_report(report).map_err(|e| format!("{name}: {e}"))?;
    // (A loop that is another's twin may find the code its twin stored this run.)
    let specs = specialisations(&sites);
    cached_run(script, name, cache, &compiled, &specs)?;
    let source = std::fs::read_to_string(script).unwrap();
    for Mark {
        line,
        deopts,
        vectorised,
        once,
        fused,
        clean,
        quiet,
        flagged,
        summed,
        sumnest,
        nested,
        copied,
        branchless,
        selected,
        listcopy,
        listread,
    } in marks(&source)
    {
        let site = sites.iter().find(|s| {
            s["line"].as_u64() == Some(line)
                && s["file"].as_str().is_some_and(|f| f.ends_with(&name))
        });
        let Some(site) = site else {
            return Err(format!("{name}:{line}: no such site in the report\n{text}"));
        };
        if site["tier"] != "tier 1" {
            return Err(format!("{name}:{line}: not compiled: {}", site["reason"]));
        }
        let specs = site["specialisations"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        // The report's counters a mark asks to be non-zero in some specialisation.
        let counted = |key: &str| specs.iter().any(|s| s[key].as_u64().unwrap_or(0) > 0);
        for (wanted, key, missing) in [
            (vectorised, "vector_loops", "no loop of it vectorised"),
            (fused, "fused_statements", "no array statements fused"),
            (
                flagged,
                "flag_loops",
                "no loop of it checked by the CPU's flags",
            ),
            (
                summed,
                "summed_loops",
                "no loop of it checked by the sum it carries",
            ),
            (
                sumnest,
                "summed_nests",
                "no nest of it checked by the sum it carries",
            ),
            (
                selected,
                "select_stores",
                "no conditional store of it runs as a select",
            ),
            (
                nested,
                "nest_proofs",
                "no nest of it has its subscripts proven at entry",
            ),
            (
                branchless,
                "branch_selects",
                "no conditional assignment of it runs as a select",
            ),
            (quiet, "quiet_runs", "no fused run stores as it goes"),
        ] {
            if wanted && !counted(key) {
                return Err(format!("{name}:{line}: {missing}\n{site}"));
            }
        }
        if copied
            && !specs.iter().any(|s| {
                s["checked_copies"]
                    .as_array()
                    .is_some_and(|c| c.iter().any(|c| c["failed"] == false))
            })
        {
            return Err(format!(
                "{name}:{line}: no checked copy of a nest of it compiled\n{site}"
            ));
        }
        let copies = specs.iter().any(|s| {
            s["types"]
                .as_str()
                .is_some_and(|t| t.contains("copied on entry"))
        });
        if listcopy && !copies {
            return Err(format!("{name}:{line}: no list copied on entry\n{site}"));
        }
        if listread && copies {
            return Err(format!(
                "{name}:{line}: a list copied on entry where none may be\n{site}"
            ));
        }
        if once && specs.len() != 1 {
            return Err(format!(
                "{name}:{line}: {} specialisations, one expected\n{site}",
                specs.len()
            ));
        }
        if clean && site["deopts"].as_u64().unwrap_or(0) != 0 {
            return Err(format!(
                "{name}:{line}: handed statements back to the interpreter\n{site}"
            ));
        }
        if deopts && site["deopts"].as_u64().unwrap_or(0) == 0 {
            return Err(format!(
                "{name}:{line}: compiled but never deoptimised\n{site}"
            ));
        }
    }
    Ok(())
}

/// Damaged entries in the code cache (machine code and bytecode, cut short or
/// overwritten) are never run: the next run compiles afresh, prints what the
/// interpreter prints, and writes them whole.
fn damaged_cache() -> Result<(), String> {
    let script = root().join("tests/jit/list_stores.py");
    let cache = std::env::temp_dir().join(format!("kiln-jit-{}-damaged", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let interpreted = kiln(&script, None, None);
    let _ = kiln(&script, Some(&cache), None);
    let code = entries(&cache.join("code"));
    let bytecode = entries(&cache.join("bytecode"));
    if code.is_empty() || bytecode.is_empty() {
        return Err("damaged cache: no entries written".into());
    }
    for (k, entry) in code.iter().chain(&bytecode).enumerate() {
        let mut bytes = std::fs::read(entry).unwrap();
        let mid = bytes.len() / 2;
        if k % 2 == 0 {
            bytes.truncate(mid);
        } else {
            bytes[mid..].iter_mut().for_each(|x| *x = 0xff);
        }
        std::fs::write(entry, bytes).unwrap();
    }
    for round in ["damaged", "rewritten"] {
        let report = cache.join(format!("{round}.json"));
        let out = kiln(&script, Some(&cache), Some(&report));
        if out.stdout != interpreted.stdout || out.stderr != interpreted.stderr {
            return Err(format!(
                "damaged cache ({round}): output differs\n=== run\n{}\n=== interpreted\n{}",
                describe(&out),
                describe(&interpreted)
            ));
        }
        let (text, sites) = take_jit_report(&report)?;
        let specs = specialisations(&sites);
        let from_cache = specs.iter().filter(|(_, c)| *c).count();
        let want = if round == "damaged" { 0 } else { specs.len() };
        if specs.is_empty() || from_cache != want {
            return Err(format!(
                "damaged cache ({round}): {from_cache} of {} specialisations from the cache\n{text}",
                specs.len()
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&cache);
    Ok(())
}

/// Under the default settings a loop is compiled only where that pays
/// (`sites::HOT_TIME`'s rent-or-buy rule): one short run of quick iterations stays
/// interpreted, with the report saying why, and the inner loop of a long nest compiles
/// with the nest, not on its own first. Printed results are the interpreter's.
fn short_runs() -> Result<(), String> {
    let script = root().join("tests/jit/default_settings/short_runs.py");
    let source = std::fs::read_to_string(&script).unwrap();
    let line_of = |text: &str| {
        source
            .lines()
            .position(|l| l.contains(text))
            .map(|k| k as u64 + 1)
            .expect("the line is in the script")
    };
    let report = std::env::temp_dir().join(format!("kiln-jit-{}-short.json", std::process::id()));
    let interpreted = kiln(&script, None, None);
    let out = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg(&script)
        .current_dir(root())
        .env_remove("KILN_JIT_THRESHOLD")
        .env("KILN_CACHE", "0")
        .env("KILN_JIT_VERIFY", "1")
        .env("KILN_JIT_REPORT", &report)
        .output()
        .expect("kiln runs");
    if out.stdout != interpreted.stdout || !out.status.success() {
        return Err(format!(
            "short runs: output differs\n=== run\n{}\n=== interpreted\n{}",
            describe(&out),
            describe(&interpreted)
        ));
    }
    let (text, sites) = take_jit_report(&report)?;
    let site = |line: u64| {
        sites
            .iter()
            .find(|s| s["line"].as_u64() == Some(line))
            .ok_or_else(|| format!("short runs: no site at line {line}\n{text}"))
    };
    let specs = |s: &serde_json::Value| s["specialisations"].as_array().map_or(0, Vec::len);
    let short = site(line_of("# one short run"))?;
    let reason = short["reason"].as_str().unwrap_or("");
    if short["tier"] != "interpreted" || !reason.contains("its runs were short") {
        return Err(format!(
            "short runs: the short loop compiled, or no reason\n{text}"
        ));
    }
    if specs(site(line_of("# short runs: compiled with the nest"))?) != 0 {
        return Err(format!(
            "short runs: the inner loop compiled on its own\n{text}"
        ));
    }
    if specs(site(line_of("# long: compiled"))?) != 1 {
        return Err(format!(
            "short runs: the long nest did not compile once\n{text}"
        ));
    }
    Ok(())
}

fn main() {
    let cases = py_cases("tests/jit");
    let mut failures = check_all(&cases, check);
    failures.extend(damaged_cache().err());
    failures.extend(short_runs().err());
    for failure in &failures {
        eprintln!("{failure}\n");
    }
    println!(
        "jit cases: {} passed, {} failed (and the damaged code cache, the short runs)",
        cases.len() - failures.len(),
        failures.len()
    );
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
