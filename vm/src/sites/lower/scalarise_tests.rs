//! Array statements as the JIT's scalarisation sees them, from Python source: which
//! compile, how (fused, through a temporary) and, for the rest, the reason the report
//! gives. The numbers and bits are the differential tester's and tests/jit's business.

use super::lower_loop;
use crate::sites::LineIndex;
use kiln_jit::ir::Nest;
use kiln_jit::scalarise::{Mode, Scalarised, scalarise};
use kiln_jit::types::{ArrayTy, Dtype, Scalar, Ty};
use rustpython_vm::compiler::{ast, parser};

fn nest(source: &str) -> Nest {
    let module = parser::parse(source, parser::Mode::Module.into())
        .expect("parses")
        .into_syntax();
    let ast::Mod::Module(module) = module else {
        unreachable!("parsed as a module")
    };
    lower_loop(&module.body[0], &LineIndex::new(source)).expect("lowers")
}

fn array(ndim: u32) -> Ty {
    Ty::Array(ArrayTy {
        dtype: Dtype::F64,
        ndim,
        unit_inner: true,
        own_buffer: true,
        list: None,
        copied: false,
    })
}

/// Scalarises the loop of `source` with the named variables of the types given (every
/// other one a Python float).
fn scalarised(source: &str, types: &[(&str, Ty)]) -> Result<Option<Scalarised>, String> {
    let nest = nest(source);
    let entry: Vec<Ty> = nest
        .vars
        .iter()
        .map(|(_, d)| {
            types
                .iter()
                .find(|(n, _)| *n == d.name)
                .map(|(_, t)| t.clone())
                .unwrap_or(Ty::Scalar(Scalar::Float))
        })
        .collect();
    scalarise(&nest, &entry, Mode::Fused, true)
}

#[test]
fn a_stencil_over_one_array_goes_through_a_temporary() {
    let src = "for t in range(n):\n    u[1:-1] = u[1:-1] + r * (u[2:] - 2.0 * u[1:-1] + u[:-2])\n";
    let s = scalarised(src, &[("u", array(1)), ("t", Ty::Scalar(Scalar::Int))])
        .expect("compiles")
        .expect("has an array statement");
    let temporaries = s
        .nest
        .vars
        .iter()
        .filter(|(_, d)| d.name.starts_with("#temporary"))
        .count();
    assert_eq!(temporaries, 1);
    assert_eq!(s.fused, 0);
}

#[test]
fn neighbouring_statements_fuse_unless_one_reads_another_elsewhere() {
    let types = [
        ("x", array(1)),
        ("v", array(1)),
        ("f", array(1)),
        ("t", Ty::Scalar(Scalar::Int)),
    ];
    let src = "for t in range(n):\n    f[:] = -k * x\n    v += f * dt\n    x += v * dt\n";
    let s = scalarised(src, &types).expect("compiles").expect("arrays");
    assert_eq!(s.fused, 3);
    // The second reads `f` one element over from where the first writes it.
    let src = "for t in range(n):\n    f[1:] = x[1:] * 2.0\n    v[1:] = f[:-1] + 1.0\n";
    let s = scalarised(src, &types).expect("compiles").expect("arrays");
    assert_eq!(s.fused, 0);
}

#[test]
fn why_array_statements_stay_interpreted() {
    let types = [
        ("a", array(2)),
        ("b", array(1)),
        ("i", Ty::Scalar(Scalar::Int)),
    ];
    let reason = |src: &str| {
        scalarised(src, &types)
            .err()
            .unwrap_or_else(|| panic!("compiled: {src}"))
    };
    assert!(
        reason("for i in range(n):\n    b[::k] = 1.0\n")
            .contains("step is not a non-zero integer literal")
    );
    assert!(reason("for i in range(n):\n    a[b, :] = 1.0\n").contains("fancy indexing"));
    assert!(reason("for i in range(n):\n    b[:] = a\n").contains("more axes than the target"));
    assert!(reason("for i in range(n):\n    c = b\n").contains("bound to a view"));
    assert!(reason("for i in range(n):\n    b[:] = math.sqrt(b)\n").contains("TypeError"));
}

#[test]
fn swaps_copies_and_products_need_no_interpreter() {
    let types = [
        ("u", array(1)),
        ("new", array(1)),
        ("a", array(2)),
        ("un", Ty::Unbound),
        ("t", Ty::Scalar(Scalar::Int)),
    ];
    let src = "for t in range(n):\n    un = u.copy()\n    u[1:] = un[1:] - c * un[:-1]\n    s = a[t] @ a[:, t] + u.sum() + a[t, 1:].max()\n    u, new = new, u\n";
    let s = scalarised(src, &types).expect("compiles").expect("arrays");
    let un = s
        .nest
        .vars
        .iter()
        .find(|(_, d)| d.name == "un")
        .expect("un")
        .0;
    assert!(matches!(s.entry[un.as_u32() as usize], Ty::Array(_)));
}
