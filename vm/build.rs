fn main() {
    // The frozen Python glue in src/py is compiled into the crate by `py_freeze!`;
    // rebuild when it changes.
    println!("cargo:rerun-if-changed=src/py");
}
