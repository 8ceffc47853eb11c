//! The printer against real numpy: `cases.txt` holds numpy 2.4.6's exact output
//! for arrays, scalars and float formatting (see `gen_cases.py`), and every case
//! must print identically here. Hand-written examples in `examples.rs` pin the
//! tricky cases readably.

mod examples;

use super::*;
use crate::numpy::DType;

struct Case<'a> {
    line: usize,
    kind: &'a str,
    args: Vec<(&'a str, String)>,
    expected: String,
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).expect("percent escape"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("utf-8")
}

fn parse_cases(text: &str) -> Vec<Case<'_>> {
    let mut cases = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        let Some(header) = line.strip_prefix("> ") else {
            continue;
        };
        let mut words = header.split(' ');
        let kind = words.next().expect("kind");
        let args = words
            .map(|w| {
                let (k, v) = w.split_once('=').expect("key=value");
                (k, percent_decode(v))
            })
            .collect();
        let mut expected = Vec::new();
        for (_, l) in lines.by_ref() {
            if l == "~~~" {
                break;
            }
            expected.push(l);
        }
        cases.push(Case {
            line: n + 1,
            kind,
            args,
            expected: expected.join("\n"),
        });
    }
    cases
}

impl Case<'_> {
    fn arg(&self, key: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    }

    fn dtype(&self) -> DType {
        DType::from_name(self.arg("dtype").expect("dtype")).expect("known dtype")
    }

    fn options(&self) -> PrintOptions {
        let mut o = PrintOptions::default();
        for (k, v) in &self.args {
            let Some(name) = k.strip_prefix("opt.") else {
                continue;
            };
            match name {
                "precision" => o.precision = v.parse().unwrap(),
                "threshold" => o.threshold = v.parse().unwrap(),
                "edgeitems" => o.edgeitems = v.parse().unwrap(),
                "linewidth" => o.linewidth = v.parse().unwrap(),
                "suppress" => o.suppress = v == "True",
                "nanstr" => o.nanstr = v.clone(),
                "infstr" => o.infstr = v.clone(),
                "sign" => o.sign = Sign::parse(v).unwrap(),
                "floatmode" => o.floatmode = FloatMode::parse(v).unwrap(),
                "legacy" => o.legacy = Legacy::parse(v).unwrap(),
                _ => panic!("unknown option {name}"),
            }
        }
        // What np.set_printoptions does with legacy='1.13'.
        if o.legacy == Legacy::V1_13 {
            o.sign = Sign::Minus;
        }
        o
    }
}

fn parse_float(token: &str) -> f64 {
    match token.strip_suffix('.') {
        Some(int) => int.parse::<i64>().expect("integral float") as f64,
        None => f64::from_bits(u64::from_str_radix(token, 16).expect("float bits")),
    }
}

fn parse_value(dtype: DType, token: &str) -> Element {
    use crate::numpy::dtype::DTypeKind;
    match dtype.kind() {
        DTypeKind::Bool => Element::Bool(token == "1"),
        DTypeKind::SignedInt => Element::Int(token.parse().unwrap()),
        DTypeKind::UnsignedInt => Element::UInt(token.parse().unwrap()),
        DTypeKind::Float => Element::Float(parse_float(token)),
        DTypeKind::Complex => {
            let (re, im) = token.split_once(',').expect("complex pair");
            Element::Complex(parse_float(re), parse_float(im))
        }
    }
}

fn int_arg(case: &Case, key: &str, default: i32) -> i32 {
    case.arg(key).map_or(default, |v| v.parse().unwrap())
}

fn bool_arg(case: &Case, key: &str, default: bool) -> bool {
    case.arg(key).map_or(default, |v| v == "True")
}

/// What kiln prints for a case.
fn run(case: &Case) -> String {
    match case.kind {
        "repr" | "str" | "both" | "a2s" => {
            let dtype = case.dtype();
            let shape: Vec<usize> = match case.arg("shape").unwrap() {
                "" => Vec::new(),
                s => s.split(',').map(|d| d.parse().unwrap()).collect(),
            };
            let values: Vec<Element> = match case.arg("values").unwrap() {
                "" => Vec::new(),
                s => s.split(';').map(|t| parse_value(dtype, t)).collect(),
            };
            let read = |index: &[usize]| {
                let flat = index
                    .iter()
                    .zip(&shape)
                    .fold(0, |acc, (&i, &len)| acc * len + i);
                values[flat]
            };
            let a = ArraySource {
                dtype,
                shape: &shape,
                read: &read,
            };
            let opts = case.options();
            match case.kind {
                "repr" => array_repr(&a, &opts, "array", None),
                "str" => array_str(&a, &opts, None),
                "both" => format!(
                    "{}\n~~~ str\n{}",
                    array_repr(&a, &opts, "array", None),
                    array_str(&a, &opts, None)
                ),
                _ => array2string(
                    &a,
                    &opts,
                    case.arg("sep").unwrap_or(" "),
                    case.arg("prefix").unwrap_or(""),
                    case.arg("suffix").unwrap_or(""),
                    None,
                ),
            }
        }
        "srepr" | "sstr" => {
            let dtype = case.dtype();
            let v = parse_value(dtype, case.arg("value").unwrap());
            let legacy = case.options().legacy;
            if case.kind == "srepr" {
                scalar_repr(dtype, v, legacy)
            } else {
                scalar_str(dtype, v, legacy)
            }
        }
        "fpos" | "fsci" => {
            let kind = match case.dtype() {
                DType::Float32 => FloatKind::F32,
                _ => FloatKind::F64,
            };
            let x = parse_float(case.arg("value").unwrap());
            let opt = Dragon4Options {
                unique: bool_arg(case, "unique", true),
                fractional: bool_arg(case, "fractional", true),
                precision: int_arg(case, "precision", -1),
                min_digits: int_arg(case, "min_digits", -1),
                sign: bool_arg(case, "sign", false),
                trim: Trim::from_char(case.arg("trim").unwrap_or("k")).unwrap(),
                pad_left: int_arg(case, "pad_left", -1),
                pad_right: int_arg(case, "pad_right", -1),
                exp_digits: int_arg(case, "exp_digits", -1),
            };
            if case.kind == "fpos" {
                format_positional(x, kind, &opt)
            } else {
                format_scientific(x, kind, &opt)
            }
        }
        other => panic!("unknown case kind {other}"),
    }
}

#[test]
fn numpy_reference_cases() {
    let text = include_str!("cases.txt");
    assert!(parse_cases(text).len() > 1500);
    check_cases(text);
}

fn check_cases(text: &str) {
    let cases = parse_cases(text);
    let mut failures = Vec::new();
    for case in &cases {
        let got = run(case);
        if got != case.expected {
            failures.push(format!(
                "cases.txt:{} {}\n--- numpy\n{}\n--- kiln\n{}\n",
                case.line, case.kind, case.expected, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from numpy:\n{}",
        failures.len(),
        cases.len(),
        failures
            .iter()
            .take(15)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Random cases written by `gen_cases.py` with `KILN_FORMAT_RANDOM=SEED:COUNT`, at
/// the path in `KILN_FORMAT_CASES`: a wider search for differences from numpy.
#[test]
#[ignore = "needs cases generated by the reference numpy"]
fn numpy_random_cases() {
    let path = std::env::var("KILN_FORMAT_CASES").expect("KILN_FORMAT_CASES");
    let text = std::fs::read_to_string(&path).expect("readable cases");
    check_cases(&text);
}
