fn main() {
    // The Python halves of the packages in py/ are frozen in by `py_freeze!`.
    println!("cargo:rerun-if-changed=src/py");
}
