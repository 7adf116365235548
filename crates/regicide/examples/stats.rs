use fairy_kernel::{perft, Game};
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let d: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let p = fairy_regicide::Regicide::from_notation((), &fen).unwrap();
    let t = std::time::Instant::now();
    println!(
        "{} {:?} {:?}",
        perft(&p, d),
        fairy_regicide::movegen::stats(),
        t.elapsed()
    );
}
