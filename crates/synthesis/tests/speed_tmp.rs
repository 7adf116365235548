mod common;
use fairy_synthesis::Position;
fn cozy_perft(b: &cozy_chess::Board, d: u32) -> u64 {
    let mut n = 0;
    if d == 1 { b.generate_moves(|m| { n += m.len() as u64; false }); return n; }
    b.generate_moves(|ms| { for m in ms { let mut c = b.clone(); c.play_unchecked(m); n += cozy_perft(&c, d - 1); } false });
    n
}
#[test]
fn speed() {
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let n = cozy_perft(&cozy_chess::Board::default(), 6);
        let a = n as f64 / t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        let m = common::perft(&Position::start(), 6);
        let b = m as f64 / t.elapsed().as_secs_f64();
        eprintln!("cozy {n} {:.1}M/s  ours {m} {:.1}M/s ratio {:.2}", a / 1e6, b / 1e6, b / a);
    }
}
