//! What the unit tests of the passes over Cranelift IR (`identities`, `dead_code`,
//! `const_branches`, `ranges`, `float_consts`, `if_convert`, `same_checks`) build and
//! verify their functions with.

use cranelift_codegen::ir::{
    AbiParam, Block, Function, InstBuilder, Signature, Type, UserFuncName, Value,
};
use cranelift_codegen::isa::CallConv;
use cranelift_codegen::settings;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};

/// Default settings, as Cranelift's verifier takes them.
pub(super) fn flags() -> settings::Flags {
    settings::Flags::new(settings::builder())
}

/// Seals and finalises `b` for this machine's ISA.
pub(super) fn finish(mut b: FunctionBuilder) {
    b.seal_all_blocks();
    let isa = cranelift_native::builder()
        .expect("a Cranelift backend for this machine")
        .finish(flags())
        .expect("the host's ISA");
    b.finalize(isa.frontend_config());
}

/// Panics where `func` is not valid IR.
pub(super) fn verify(func: &Function) {
    cranelift_codegen::verify_function(func, &flags()).expect("valid IR");
}

/// A function with parameters and results of these types, whose blocks `body` builds
/// from its entry block (made, given the parameters and switched to); finished.
pub(super) fn with_blocks(
    params: &[Type],
    returns: &[Type],
    body: impl FnOnce(&mut FunctionBuilder, Block),
) -> Function {
    let mut sig = Signature::new(CallConv::SystemV);
    sig.params.extend(params.iter().map(|t| AbiParam::new(*t)));
    sig.returns
        .extend(returns.iter().map(|t| AbiParam::new(*t)));
    let mut func = Function::with_name_signature(UserFuncName::default(), sig);
    let mut ctx = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(&mut func, &mut ctx);
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    body(&mut b, entry);
    finish(b);
    func
}

/// A function of one block with parameters and results of these types, whose body
/// `body` makes from the parameters, returning the results.
pub(super) fn function(
    params: &[Type],
    returns: &[Type],
    body: impl FnOnce(&mut FunctionBuilder, &[Value]) -> Vec<Value>,
) -> Function {
    with_blocks(params, returns, |b, entry| {
        let args = b.block_params(entry).to_vec();
        let results = body(b, &args);
        b.ins().return_(&results);
    })
}
