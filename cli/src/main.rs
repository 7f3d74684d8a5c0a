//! Temporary.
fn main() {
    let dir = std::env::args().nth(1).unwrap();
    let set = bridgelaw_compiler::SourceSet::read_dir(std::path::Path::new(&dir)).unwrap();
    let c = bridgelaw_compiler::compile(&set);
    print!("{}", bridgelaw_compiler::diagnostic::render_human(&c.diagnostics, &set));
    if let Some(p) = c.program { println!("{}", bridgelaw_compiler::codegen::generate(&p, &[])); }
}
