"""numpy's files: .npy and .npz (numpy/lib/format.py, _npyio_impl.py: the same bytes
numpy writes, so either reads what the other wrote) and text tables (savetxt, loadtxt,
genfromtxt with their common options)."""

import ast as _ast
import builtins as _b
import os as _os
import struct as _struct
import zipfile as _zipfile

_MAGIC = b"\x93NUMPY"
_ALIGN = 64
# Spare digits numpy leaves after the growth axis's length, so headers can grow in place.
_GROWTH_AXIS_MAX_DIGITS = 21


def _np():
    import numpy

    return numpy


def _header(a):
    d = {"descr": a.dtype.str, "fortran_order": False, "shape": tuple(a.shape)}
    text = "{" + "".join("'%s': %r, " % (k, v) for k, v in sorted(d.items())) + "}"
    if a.ndim > 0:
        text += " " * (_GROWTH_AXIS_MAX_DIGITS - len(repr(a.shape[0])))
    raw = text.encode("latin1")
    hlen = len(raw) + 1
    for version, fmt in (((1, 0), "<H"), ((2, 0), "<I")):
        size = _struct.calcsize(fmt)
        pad = _ALIGN - ((len(_MAGIC) + 2 + size + hlen) % _ALIGN)
        if hlen + pad < 256 ** size:
            prefix = _MAGIC + bytes(version) + _struct.pack(fmt, hlen + pad)
            return prefix + raw + b" " * pad + b"\n"
    raise ValueError("header does not fit inside 4 GiB")


def _write_npy(f, a):
    np = _np()
    a = np.asarray(a)
    if a.dtype.kind == "O":
        raise ValueError("Object arrays cannot be saved when allow_pickle=False")
    f.write(_header(a))
    f.write(a.tobytes())


def _read_npy(f):
    np = _np()
    magic = f.read(len(_MAGIC))
    if magic != _MAGIC:
        raise ValueError("the magic string is not correct; expected %r, got %r" % (_MAGIC, magic))
    major, minor = f.read(2)
    if major == 1:
        (hlen,) = _struct.unpack("<H", f.read(2))
    elif major in (2, 3):
        (hlen,) = _struct.unpack("<I", f.read(4))
    else:
        raise ValueError("we only support format version (1,0), (2,0), and (3,0), not (%d, %d)" % (major, minor))
    d = _ast.literal_eval(f.read(hlen).decode("latin1" if major < 3 else "utf8"))
    dtype = np.dtype(d["descr"])
    shape = tuple(d["shape"])
    count = 1
    for n in shape:
        count *= n
    data = f.read(count * dtype.itemsize)
    if len(data) != count * dtype.itemsize:
        raise ValueError(
            "EOF: reading array data, expected %d bytes got %d" % (count * dtype.itemsize, len(data))
        )
    a = np.frombuffer(data, dtype=dtype).copy()
    if d["fortran_order"]:
        return a.reshape(shape[::-1]).transpose()
    return a.reshape(shape)


def _path(file):
    return _os.fspath(file) if isinstance(file, (str, bytes, _os.PathLike)) else None


def save(file, arr, allow_pickle=True, fix_imports=True):
    """Writes arr to file (`.npy` added to a name without it) in numpy's format."""
    path = _path(file)
    if path is None:
        _write_npy(file, arr)
        return
    if not path.endswith(".npy"):
        path += ".npy"
    with open(path, "wb") as f:
        _write_npy(f, arr)


def _savez(file, args, kwds, compress):
    names = {}
    for k, v in enumerate(args):
        key = "arr_%d" % k
        if key in kwds:
            raise ValueError("Cannot use un-named variables and keyword %s" % key)
        names[key] = v
    names.update(kwds)
    path = _path(file)
    if path is not None and not path.endswith(".npz"):
        path += ".npz"
    mode = _zipfile.ZIP_DEFLATED if compress else _zipfile.ZIP_STORED
    with _zipfile.ZipFile(path if path is not None else file, mode="w", compression=mode, allowZip64=True) as z:
        for key, value in names.items():
            with z.open(key + ".npy", "w", force_zip64=True) as f:
                _write_npy(f, value)


def savez(file, *args, allow_pickle=True, **kwds):
    """Writes several arrays into one uncompressed `.npz` archive."""
    _savez(file, args, kwds, False)


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """Writes several arrays into one compressed `.npz` archive."""
    _savez(file, args, kwds, True)


class NpzFile:
    """The arrays of a `.npz` archive, by name, read when asked for."""

    def __init__(self, fid):
        self.zip = _zipfile.ZipFile(fid)
        self._files = self.zip.namelist()
        self.files = [n[:-4] if n.endswith(".npy") else n for n in self._files]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.zip is not None:
            self.zip.close()
            self.zip = None

    def __len__(self):
        return len(self.files)

    def __iter__(self):
        return iter(self.files)

    def __contains__(self, key):
        return key in self.files

    def keys(self):
        return list(self.files)

    def values(self):
        return [self[k] for k in self.files]

    def items(self):
        return [(k, self[k]) for k in self.files]

    def get(self, key, default=None):
        return self[key] if key in self.files else default

    def __getitem__(self, key):
        if key in self.files:
            member = self._files[self.files.index(key)]
        elif key in self._files:
            member = key
        else:
            raise KeyError("%s is not a file in the archive" % key)
        with self.zip.open(member) as f:
            return _read_npy(_Reader(f.read()))

    def __repr__(self):
        return "NpzFile %r with keys: %s" % (
            getattr(self.zip, "filename", "object"),
            ", ".join(self.files[:5]) + ("..." if len(self.files) > 5 else ""),
        )


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def read(self, n):
        out = self.data[self.at : self.at + n]
        self.at += len(out)
        return out


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII"):
    """The array of a `.npy` file, or the arrays of a `.npz` archive (an NpzFile)."""
    if mmap_mode is not None:
        raise NotImplementedError("kiln's numpy.load has no mmap_mode")
    path = _path(file)
    if path is not None:
        with open(path, "rb") as f:
            data = f.read()
    else:
        data = file.read()
    if data.startswith(b"PK\x03\x04") or data.startswith(b"PK\x05\x06"):
        import io

        return NpzFile(io.BytesIO(data))
    if data.startswith(_MAGIC):
        return _read_npy(_Reader(data))
    raise ValueError(
        "This file contains pickled (object) data or is not a numpy file: kiln's "
        "numpy.load reads .npy and .npz files"
    )


# --- text --------------------------------------------------------------------


def _lines(fname):
    path = _path(fname)
    if path is not None:
        with open(path, "r") as f:
            return f.read().splitlines()
    if hasattr(fname, "read"):
        text = fname.read()
        if isinstance(text, bytes):
            text = text.decode("latin1")
        return text.splitlines()
    return [l.decode("latin1") if isinstance(l, bytes) else l for l in fname]


def _strip_comment(line, comments):
    for c in comments:
        if c and c in line:
            line = line[: line.index(c)]
    return line


def _fields(line, delimiter):
    line = line.strip("\r\n")
    if delimiter is None:
        return line.split()
    return [x.strip() for x in line.split(delimiter)]


def _shape_result(np, rows, ndmin, unpack, dtype):
    # numpy's `_ensure_ndmin_ndarray`: axes of one squeezed away, then as many
    # added back as ndmin asks (a column for ndmin=2); unpacked, the columns.
    a = np.array(rows, dtype=dtype)
    if a.ndim > ndmin:
        a = np.squeeze(a)
    if a.ndim < ndmin:
        if ndmin == 1:
            a = np.atleast_1d(a)
        elif ndmin == 2:
            a = np.atleast_2d(a).T
    if unpack:
        return a.T
    return a


def _comments(comments):
    if comments is None:
        return []
    return [comments] if isinstance(comments, str) else list(comments)


def loadtxt(fname, dtype=float, comments="#", delimiter=None, converters=None, skiprows=0, usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None, like=None):
    """A table of numbers from a text file, one row per line."""
    np = _np()
    if ndmin not in (0, 1, 2):
        raise ValueError("Illegal value of ndmin keyword: %s" % ndmin)
    lines = _lines(fname)[skiprows:]
    com = _comments(comments)
    if isinstance(usecols, int):
        usecols = [usecols]
    kind = np.dtype(dtype)
    rows = []
    width = None
    for n, line in enumerate(lines):
        if max_rows is not None and len(rows) >= max_rows:
            break
        fields = _fields(_strip_comment(line, com), delimiter)
        if not fields or fields == [""]:
            continue
        if usecols is not None:
            fields = [fields[c] for c in usecols]
        values = []
        for k, f in enumerate(fields):
            if converters is not None and (k in converters if isinstance(converters, dict) else True):
                conv = converters[k] if isinstance(converters, dict) else converters
                values.append(conv(f))
            elif kind.kind in "iu":
                values.append(int(f))
            elif kind.kind == "b":
                values.append(bool(int(f)))
            elif kind.kind == "c":
                values.append(complex(f.replace("+-", "-")))
            else:
                try:
                    values.append(float(f))
                except ValueError:
                    raise ValueError("could not convert string %r to %s at row %d, column %d." % (f, kind.name, n, k + 1)) from None
        if width is None:
            width = len(values)
        elif len(values) != width:
            raise ValueError(
                "the number of columns changed from %d to %d at row %d; use `usecols` to select a subset and avoid this error"
                % (width, len(values), n + 1 + skiprows)
            )
        rows.append(values)
    if not rows:
        return np.zeros((0,) * _b.max(1, ndmin), dtype=dtype)
    return _shape_result(np, rows, ndmin, unpack, dtype)


def genfromtxt(fname, dtype=float, comments="#", delimiter=None, skip_header=0, skip_footer=0, converters=None, missing_values=None, filling_values=None, usecols=None, names=None, excludelist=None, deletechars=None, replace_space="_", autostrip=False, case_sensitive=True, defaultfmt="f%i", unpack=None, usemask=False, loose=True, invalid_raise=True, max_rows=None, encoding=None, *, ndmin=0, like=None):
    """A table of numbers from a text file, a missing or empty field taking
    `filling_values` (NaN for floats, -1 for ints)."""
    np = _np()
    if names not in (None, False):
        raise NotImplementedError("kiln's numpy.genfromtxt has no names= (structured arrays)")
    if dtype is None:
        dtype = float
    lines = _lines(fname)[skip_header:]
    if skip_footer:
        lines = lines[:-skip_footer]
    com = _comments(comments)
    kind = np.dtype(dtype)
    fill = filling_values
    if fill is None:
        fill = -1 if kind.kind in "iu" else float("nan")
    missing = set()
    if missing_values is not None:
        missing = {missing_values} if isinstance(missing_values, str) else set(missing_values)
    if isinstance(usecols, int):
        usecols = [usecols]
    rows = []
    width = None
    for line in lines:
        if max_rows is not None and len(rows) >= max_rows:
            break
        text = _strip_comment(line, com)
        if not text.strip():
            continue
        fields = _fields(text, delimiter)
        if usecols is not None:
            fields = [fields[c] if c < len(fields) else "" for c in usecols]
        values = []
        for f in fields:
            f = f.strip()
            if f == "" or f in missing:
                values.append(fill)
                continue
            try:
                values.append(int(f) if kind.kind in "iu" else float(f))
            except ValueError:
                values.append(fill)
        if width is None:
            width = len(values)
        elif len(values) != width:
            if invalid_raise:
                raise ValueError(
                    "Some errors were detected !\n    Line #%d (got %d columns instead of %d)"
                    % (lines.index(line) + 1 + skip_header, len(values), width)
                )
            continue
        rows.append(values)
    if not rows:
        return np.zeros(0, dtype=dtype)
    return _shape_result(np, rows, ndmin, bool(unpack), dtype)


def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="", footer="", comments="# ", encoding=None):
    """Writes a 1-d or 2-d array as text, a row per line (a 1-d one as a column)."""
    np = _np()
    X = np.asarray(X)
    if X.ndim == 0 or X.ndim > 2:
        raise ValueError("Expected 1D or 2D array, got %dD array instead" % X.ndim)
    if X.ndim == 1:
        X = X.reshape(-1, 1)
    ncol = X.shape[1]
    if isinstance(fmt, (list, tuple)):
        if len(fmt) != ncol:
            raise AttributeError("fmt has wrong shape.  %s" % str(fmt))
        row_fmt = delimiter.join(fmt)
    elif fmt.count("%") == 1:
        row_fmt = delimiter.join([fmt] * ncol)
    elif fmt.count("%") != ncol:
        raise ValueError("fmt has wrong number of %% formats:  %s" % fmt)
    else:
        row_fmt = fmt
    out = []
    if header:
        out.append(comments + header.replace("\n", "\n" + comments) + newline)
    for row in X.tolist():
        try:
            out.append(row_fmt % tuple(row) + newline)
        except TypeError:
            raise TypeError("Mismatch between array dtype ('%s') and format specifier ('%s')" % (X.dtype, row_fmt)) from None
    if footer:
        out.append(comments + footer.replace("\n", "\n" + comments) + newline)
    text = "".join(out)
    path = _path(fname)
    if path is not None:
        if path.endswith(".gz"):
            import gzip

            with gzip.open(path, "wt") as f:
                f.write(text)
        else:
            with open(path, "w") as f:
                f.write(text)
    else:
        try:
            fname.write(text)
        except TypeError:
            fname.write(text.encode("latin1"))
