//! `_kiln`: the native module through which kiln's own Python-level glue (the import
//! finder, the output streams) reaches back into the VM crate.

pub(crate) use _kiln::module_def;

#[rustpython_vm::pymodule]
mod _kiln {
    use crate::compile::{CompileUnit, compile_user_source, decode_source};
    use crate::output::{Stream, write_to_sink};
    use rustpython_vm::{
        PyRef, PyResult, VirtualMachine,
        builtins::{PyCode, PyStrRef},
        function::ArgBytesLike,
    };

    /// Compiles the bytes of a user source file through kiln's compile path.
    #[pyfunction]
    fn compile_file(
        data: ArgBytesLike,
        path: PyStrRef,
        vm: &VirtualMachine,
    ) -> PyResult<PyRef<PyCode>> {
        let path = path.to_string_lossy();
        let path = path.as_ref();
        let source = data.with_ref(|bytes| decode_source(vm, bytes, path))?;
        compile_user_source(vm, &source, path, CompileUnit::Module)
    }

    /// Compiles a piece of interactive source (what `%time` times) as a cell: its code
    /// evaluates to the value of a last expression statement.
    #[pyfunction]
    fn compile_cell(
        source: PyStrRef,
        name: PyStrRef,
        vm: &VirtualMachine,
    ) -> PyResult<PyRef<PyCode>> {
        compile_user_source(
            vm,
            &source.to_string_lossy(),
            &name.to_string_lossy(),
            CompileUnit::Cell,
        )
    }

    /// The jit report of this process as text (what `%jit` prints).
    #[pyfunction]
    fn jit_report() -> String {
        crate::sites::report::text()
    }

    /// What the GPU tier found (`%jit gpu`, `kiln --gpu-info`).
    #[pyfunction]
    fn gpu_info() -> String {
        kiln_jit::backend::gpu::driver::info()
    }

    /// True when `path` lies in the standard library, which keeps its own code.
    #[pyfunction]
    fn is_stdlib_path(path: PyStrRef) -> bool {
        crate::compile::is_stdlib_path(&path.to_string_lossy())
    }

    /// Writes `text` to the session's output sink for file descriptor `fd`.
    #[pyfunction]
    fn write(fd: i32, text: PyStrRef, vm: &VirtualMachine) -> PyResult<()> {
        let stream = Stream::from_fd(fd)
            .ok_or_else(|| vm.new_value_error(format!("no sink for fd {fd}")))?;
        if !write_to_sink(stream, &text.to_string_lossy()) {
            return Err(vm.new_runtime_error("kiln: output sink is not installed"));
        }
        Ok(())
    }
}
