//! numpy's print options (`np.set_printoptions`) as plain values.

/// `sign=`: what positive numbers get in the sign position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// `'-'`: nothing.
    Minus,
    /// `'+'`: a plus sign.
    Plus,
    /// `' '`: a space.
    Space,
}

impl Sign {
    pub fn parse(s: &str) -> Option<Sign> {
        Some(match s {
            "-" => Sign::Minus,
            "+" => Sign::Plus,
            " " => Sign::Space,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Sign::Minus => "-",
            Sign::Plus => "+",
            Sign::Space => " ",
        }
    }
}

/// `floatmode=`: how `precision` limits the fractional digits of floats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatMode {
    /// Always `precision` digits.
    Fixed,
    /// As many digits as each value needs to be unique; `precision` is ignored.
    Unique,
    /// At most `precision` digits, fewer when a value needs fewer.
    MaxPrec,
    /// At most `precision` digits, the same number for every element.
    MaxPrecEqual,
}

impl FloatMode {
    pub fn parse(s: &str) -> Option<FloatMode> {
        Some(match s {
            "fixed" => FloatMode::Fixed,
            "unique" => FloatMode::Unique,
            "maxprec" => FloatMode::MaxPrec,
            "maxprec_equal" => FloatMode::MaxPrecEqual,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            FloatMode::Fixed => "fixed",
            FloatMode::Unique => "unique",
            FloatMode::MaxPrec => "maxprec",
            FloatMode::MaxPrecEqual => "maxprec_equal",
        }
    }
}

/// `legacy=`: numpy versions whose printing can be imitated, ordered as numpy
/// compares them (`legacy <= 1.25` means "1.25 or older").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Legacy {
    /// `'1.13'`: numpy 1.13's layout (a sign column for floats, 8-digit
    /// scientific notation, `printf`-style scalar reprs, `dtype=bool` shown).
    V1_13,
    /// `'1.21'`: before structured-dtype spacing (no difference for kiln's dtypes).
    V1_21,
    /// `'1.25'`: scalars print without their type (`3.0`, not `np.float64(3.0)`).
    V1_25,
    /// `'2.1'`: no `shape=` in the repr of summarised arrays (as with every
    /// legacy mode).
    V2_1,
    /// `'2.2'`: float32 switches to scientific notation as late as float64.
    V2_2,
    /// `False`: current behaviour.
    Off,
}

impl Legacy {
    pub fn parse(s: &str) -> Option<Legacy> {
        Some(match s {
            "1.13" => Legacy::V1_13,
            "1.21" => Legacy::V1_21,
            "1.25" => Legacy::V1_25,
            "2.1" => Legacy::V2_1,
            "2.2" => Legacy::V2_2,
            _ => return None,
        })
    }

    /// The value `np.get_printoptions()['legacy']` shows (`None` for `False`).
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            Legacy::V1_13 => Some("1.13"),
            Legacy::V1_21 => Some("1.21"),
            Legacy::V1_25 => Some("1.25"),
            Legacy::V2_1 => Some("2.1"),
            Legacy::V2_2 => Some("2.2"),
            Legacy::Off => None,
        }
    }
}

/// The options that shape how arrays print; `Default` is numpy's defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintOptions {
    /// Fractional digits of floats (see `floatmode`).
    pub precision: usize,
    /// Arrays with more elements than this are summarised with `...`. A float, so
    /// that `sys.maxsize`, `inf` and negative values mean what they mean in numpy.
    pub threshold: f64,
    /// Items kept at each end of a summarised axis.
    pub edgeitems: usize,
    /// Characters per line before wrapping.
    pub linewidth: i64,
    /// Never use scientific notation; tiny values print as zero.
    pub suppress: bool,
    pub nanstr: String,
    pub infstr: String,
    pub sign: Sign,
    pub floatmode: FloatMode,
    pub legacy: Legacy,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            precision: 8,
            threshold: 1000.0,
            edgeitems: 3,
            linewidth: 75,
            suppress: false,
            nanstr: "nan".to_string(),
            infstr: "inf".to_string(),
            sign: Sign::Minus,
            floatmode: FloatMode::MaxPrec,
            legacy: Legacy::Off,
        }
    }
}

impl PrintOptions {
    /// Whether an array of `size` elements is summarised.
    pub fn summarises(&self, size: usize) -> bool {
        size as f64 > self.threshold
    }
}
