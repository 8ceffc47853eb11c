//! The element types kiln's ndarray stores, named and sized as numpy names and sizes
//! them. Type promotion and the Python-facing `dtype` object build on this enum.

/// One element type of an ndarray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float32,
    Float64,
    Complex128,
}

/// numpy's kind characters (`dtype.kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DTypeKind {
    Bool,
    SignedInt,
    UnsignedInt,
    Float,
    Complex,
}

impl DType {
    pub const ALL: [DType; 12] = [
        DType::Bool,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
        DType::UInt64,
        DType::Float32,
        DType::Float64,
        DType::Complex128,
    ];

    /// The name numpy prints (`str(a.dtype)`).
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::UInt8 => "uint8",
            DType::UInt16 => "uint16",
            DType::UInt32 => "uint32",
            DType::UInt64 => "uint64",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
            DType::Complex128 => "complex128",
        }
    }

    /// Bytes per element.
    pub fn itemsize(self) -> usize {
        match self {
            DType::Bool | DType::Int8 | DType::UInt8 => 1,
            DType::Int16 | DType::UInt16 => 2,
            DType::Int32 | DType::UInt32 | DType::Float32 => 4,
            DType::Int64 | DType::UInt64 | DType::Float64 => 8,
            DType::Complex128 => 16,
        }
    }

    pub fn kind(self) -> DTypeKind {
        match self {
            DType::Bool => DTypeKind::Bool,
            DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => DTypeKind::SignedInt,
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => DTypeKind::UnsignedInt,
            DType::Float32 | DType::Float64 => DTypeKind::Float,
            DType::Complex128 => DTypeKind::Complex,
        }
    }

    /// `dtype.kind` as numpy spells it: `b i u f c`.
    pub fn kind_char(self) -> char {
        match self.kind() {
            DTypeKind::Bool => 'b',
            DTypeKind::SignedInt => 'i',
            DTypeKind::UnsignedInt => 'u',
            DTypeKind::Float => 'f',
            DTypeKind::Complex => 'c',
        }
    }

    /// `dtype.str` without the byte-order mark: `b1`, `i8`, `f4`, `c16`, ...
    pub fn type_code(self) -> String {
        format!("{}{}", self.kind_char(), self.itemsize())
    }

    /// The dtype a name denotes, as `np.dtype(name)` accepts it: canonical names,
    /// numpy's aliases and the array-protocol type strings (`'<f8'`, `'i4'`).
    pub fn from_name(name: &str) -> Option<DType> {
        let name = name.strip_prefix(['<', '=', '|']).unwrap_or(name);
        Some(match name {
            "bool" | "bool_" | "?" | "b1" => DType::Bool,
            "int8" | "i1" | "byte" | "b" => DType::Int8,
            "int16" | "i2" | "short" | "h" => DType::Int16,
            "int32" | "i4" | "intc" | "i" => DType::Int32,
            "int64" | "i8" | "int" | "int_" | "intp" | "long" | "longlong" | "l" | "q" | "p" => {
                DType::Int64
            }
            "uint8" | "u1" | "ubyte" | "B" => DType::UInt8,
            "uint16" | "u2" | "ushort" | "H" => DType::UInt16,
            "uint32" | "u4" | "uintc" | "I" => DType::UInt32,
            "uint64" | "u8" | "uint" | "uintp" | "ulong" | "ulonglong" | "L" | "Q" | "P" => {
                DType::UInt64
            }
            "float32" | "f4" | "single" | "f" => DType::Float32,
            "float64" | "f8" | "float" | "double" | "d" => DType::Float64,
            "complex128" | "c16" | "complex" | "cdouble" | "D" => DType::Complex128,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for dtype in DType::ALL {
            assert_eq!(DType::from_name(dtype.name()), Some(dtype));
            assert_eq!(DType::from_name(&dtype.type_code()), Some(dtype));
        }
        assert_eq!(DType::from_name("<f8"), Some(DType::Float64));
        assert_eq!(DType::from_name("float16"), None);
    }

    #[test]
    fn sizes_and_kinds() {
        assert_eq!(DType::Complex128.itemsize(), 16);
        assert_eq!(DType::UInt16.kind_char(), 'u');
        assert_eq!(DType::Bool.type_code(), "b1");
    }
}
