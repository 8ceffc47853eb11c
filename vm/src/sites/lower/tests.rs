//! The lowering from Python source: liveness on entry, inlinable functions.

use super::*;
use rustpython_vm::compiler::parser;

/// The names whose entry value the loop that starts `source` may read.
fn exposed(source: &str) -> Vec<String> {
    let module = parser::parse(source, parser::Mode::Module.into())
        .expect("parses")
        .into_syntax();
    let ast::Mod::Module(module) = module else {
        unreachable!("parsed as a module")
    };
    let nest = lower_loop(&module.body[0], &LineIndex::new(source)).expect("lowers");
    let exposed = kiln_jit::liveness::exposed_on_entry(&nest);
    let mut names: Vec<String> = nest
        .vars
        .iter()
        .filter(|(v, _)| exposed[*v])
        .map(|(_, d)| d.name.clone())
        .collect();
    names.sort();
    names
}

/// The first statement of `source`, a `def`, lowered for inlining.
fn function(source: &str) -> Result<Function, Reason> {
    let module = parser::parse(source, parser::Mode::Module.into())
        .expect("parses")
        .into_syntax();
    let ast::Mod::Module(module) = module else {
        unreachable!("parsed as a module")
    };
    let ast::Stmt::FunctionDef(def) = &module.body[0] else {
        panic!("not a def")
    };
    lower_function(def, &LineIndex::new(source))
}

#[test]
fn several_returns_become_branches_assigning_the_result() {
    let f = function("def f(x):\n    if x > 0:\n        return 1.0\n    y = x * 2\n    return y\n")
        .expect("inlinable");
    let result = f
        .vars
        .iter()
        .find(|(_, d)| d.name == "return")
        .expect("hidden")
        .0;
    assert_eq!(f.result, Expr::Var(result));
    // One `if`: the statements after it moved into its else branch.
    let [
        Stmt {
            kind: StmtKind::If { then, orelse, .. },
            ..
        },
    ] = f.body.as_slice()
    else {
        panic!("{:?}", f.body)
    };
    assert_eq!((then.len(), orelse.len()), (1, 2));
    // Both branches of a trailing if/else return: no return after it is needed.
    assert!(
        function("def g(x):\n    if x:\n        return 1\n    else:\n        return 2\n").is_ok()
    );
}

#[test]
fn why_a_function_is_not_inlined() {
    let reason = |src: &str| function(src).expect_err("not inlinable");
    assert_eq!(
        reason("def f(x):\n    if x:\n        return 1\n"),
        "a path through the function ends without `return value`"
    );
    assert_eq!(
        reason("def f(a, x):\n    for i in range(x):\n        a[i] = i\n    return x\n"),
        "a function with loops that stores into arrays is not inlined"
    );
    assert_eq!(
        reason("def f(x):\n    for i in range(x):\n        if i > 3:\n            return i\n"),
        "a function with loops that does not end in `return value`"
    );
    assert!(
        reason("def f(x):\n    if x:\n        return\n    return 1\n").contains("without a value")
    );
}

#[test]
fn locals_read_before_assigned_are_not_inlined() {
    let reason = |src: &str| function(src).expect_err("not inlinable");
    assert!(
        reason("def f(a, v):\n    for j in range(v):\n        if a[j] > v:\n            r = j\n    return r\n")
            .contains("`r` may be read before it is assigned")
    );
    assert!(
        reason("def f(x):\n    if x > 0:\n        y = 1\n    return y\n")
            .contains("`y` may be read")
    );
    function("def f(x):\n    if x > 0:\n        y = 1\n    else:\n        y = 2\n    return y\n")
        .expect("assigned on both paths");
    function("def f(x):\n    if x > 0:\n        return 1\n    y = 2\n    return y\n")
        .expect("assigned where it is read");
}

#[test]
fn functions_with_loops_return_from_inside_them() {
    let f = function(
        "def f(x):\n    s = 0\n    for i in range(x):\n        if i > 3:\n            return i\n        s += i\n    return s\n",
    )
    .expect("inlinable");
    let mut returns = 0;
    for s in &f.body {
        s.each(&mut |s| returns += matches!(s.kind, StmtKind::Return(_)) as usize);
    }
    assert_eq!(returns, 2, "{f:?}");
}

#[test]
fn attribute_reads_are_live_ins_of_their_own() {
    let src = "for i in range(self.n):\n    s = s + self.grid.k * len(self.a) + self.a.shape[0]\n    self.b[i] = self.a[i]\n";
    assert_eq!(exposed(src), ["s", "self.a", "self.b", "self.grid.k"]);
    let source = "for i in range(3):\n    t = p.x\n    p = q\n";
    let module = parser::parse(source, parser::Mode::Module.into())
        .expect("parses")
        .into_syntax();
    let ast::Mod::Module(module) = module else {
        unreachable!("parsed as a module")
    };
    let reason = lower_loop(&module.body[0], &LineIndex::new(source)).expect_err("rebinds p");
    assert!(
        reason.contains("`p.x` is used while the loop assigns `p`"),
        "{reason}"
    );
    // An inlined function reads and stores its first parameter's attributes (a
    // method's object's), no other's (which stores inline decides); one without a
    // `return` is a procedure.
    assert!(function("def f(o):\n    return o.x\n").is_ok());
    assert!(
        function("def f(o, p):\n    return p.x\n")
            .expect_err("attribute")
            .contains("`p.x`")
    );
    assert!(function("def f(o):\n    o.x = 1\n    return 0\n").is_ok_and(|f| !f.procedure));
    assert!(function("def f(o, d):\n    o.x += d\n").is_ok_and(|f| f.procedure));
    assert!(
        function("def f(o, d):\n    if d:\n        return 1\n    o.x = d\n")
            .expect_err("a path without a value")
            .contains("without `return value`")
    );
}

#[test]
fn assigned_before_read_is_not_exposed() {
    let src = "for i in range(n):\n    for j in range(m):\n        t = a[i, j] * k\n        a[i, j] = t + j\n";
    assert_eq!(exposed(src), ["a", "k", "m"]);
}

#[test]
fn carried_and_conditionally_assigned_values_are_exposed() {
    // `s` is read before this iteration assigns it.
    assert_eq!(exposed("for i in range(n):\n    s = s + i\n"), ["s"]);
    // `t` may not be assigned on the way to the read.
    let src = "for i in range(n):\n    if i > 2:\n        t = i\n    u = t\n";
    assert_eq!(exposed(src), ["t"]);
    let src =
        "for i in range(n):\n    if i > 2:\n        t = i\n    else:\n        t = 0\n    u = t\n";
    assert!(exposed(src).is_empty());
}

#[test]
fn a_loop_may_run_no_iteration() {
    // `j` is read after an inner loop that may not assign it.
    let src = "for i in range(n):\n    for j in range(m):\n        pass\n    x = j\n";
    assert_eq!(exposed(src), ["j", "m"]);
    let src = "while k < 10:\n    while c:\n        z = 1\n    k = k + z\n";
    assert_eq!(exposed(src), ["c", "k", "z"]);
}

#[test]
fn inner_bounds_are_read_before_the_inner_variable_is_bound() {
    let src = "for i in range(n):\n    for j in range(j, m):\n        pass\n";
    assert_eq!(exposed(src), ["j", "m"]);
}

/// The loop that starts `source`, lowered.
fn nest_of(source: &str) -> Result<Nest, Reason> {
    let module = parser::parse(source, parser::Mode::Module.into())
        .expect("parses")
        .into_syntax();
    let ast::Mod::Module(module) = module else {
        unreachable!("parsed as a module")
    };
    lower_loop(&module.body[0], &LineIndex::new(source))
}

#[test]
fn attributes_of_a_lists_objects_are_columns() {
    let columns = |source: &str| -> Result<Vec<String>, Reason> {
        let nest = nest_of(source)?;
        let mut names: Vec<String> = kiln_jit::objects::item_attributes(&nest)
            .iter()
            .map(|a| format!("{} of {}", nest.vars[a.var].name, nest.vars[a.list].name))
            .collect();
        names.sort();
        Ok(names)
    };
    let loop_over = "for p in ps:\n    p.x += p.vx * dt\n";
    assert_eq!(columns(loop_over).unwrap(), ["p.vx of ps", "p.x of ps"]);
    let nest = nest_of(loop_over).unwrap();
    // Stored into the objects themselves, never written back by name.
    let back: Vec<&str> =
        kiln_jit::objects::written_back(&nest, &kiln_jit::objects::item_attributes(&nest))
            .iter()
            .map(|v| nest.vars[*v].name.as_str())
            .collect();
    assert!(!back.contains(&"p.x"), "{back:?}");
    assert_eq!(
        columns("for i in range(n):\n    q = qs[i]\n    s += q.m\n").unwrap(),
        ["q.m of qs"]
    );
    assert_eq!(
        columns("for i, p in enumerate(ps):\n    s += p.m * i\n").unwrap(),
        ["p.m of ps"]
    );
    // Bound to items of two lists, read before it is bound, or bound otherwise too:
    // `p.x` is an attribute of whatever `p` held, which the loop changes.
    for source in [
        "for i in range(n):\n    p = a[i]\n    s += p.x\n    p = b[i]\n",
        "for i in range(n):\n    s += p.x\n    p = a[i]\n",
        "for p in ps:\n    s += p.x\n    p = q\n",
    ] {
        let reason = columns(source).expect_err(source);
        assert!(
            reason.contains("`p.x` is used while the loop assigns `p`"),
            "{reason}"
        );
    }
}

#[test]
fn attributes_of_items_taken_by_subscript_are_columns() {
    let source = "for i in range(1, n):\n    e += ps[i].x - ps[i - 1].x\n    ps[i].v = cars[(i + 1) % len(ps)].pos\n";
    let nest = nest_of(source).unwrap();
    let mut columns: Vec<String> = kiln_jit::objects::item_attributes(&nest)
        .iter()
        .map(|a| format!("{} of {}", nest.vars[a.var].name, nest.vars[a.list].name))
        .collect();
    columns.sort();
    assert_eq!(
        columns,
        [
            "cars[(i + 1) % len(ps)].pos of cars",
            "ps[i - 1].x of ps",
            "ps[i].v of ps",
            "ps[i].x of ps",
        ]
    );
    // The items are neither read on entry nor written back; their attributes are read
    // on entry (the VM hands them over as columns), never written back by name.
    let mut back: Vec<&str> =
        kiln_jit::objects::written_back(&nest, &kiln_jit::objects::item_attributes(&nest))
            .iter()
            .map(|v| nest.vars[*v].name.as_str())
            .collect();
    back.sort();
    assert_eq!(back, ["e", "i"]);
    assert_eq!(
        exposed(source),
        [
            "cars",
            "cars[(i + 1) % len(ps)].pos",
            "e",
            "ps",
            "ps[i - 1].x",
            "ps[i].x"
        ]
    );
    // A `while` condition is evaluated on every iteration: no item is bound for it.
    let reason = nest_of("while ps[i].x > 0.0:\n    i += 1\n").expect_err("refused");
    assert!(reason.contains("`while` condition"), "{reason}");
}
