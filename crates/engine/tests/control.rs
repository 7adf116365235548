//! Outside control of a search: the stop flag, several principal variations and the
//! report after each iteration.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fairy_engine::toy::{Toy, ToyRules};
use fairy_engine::{Control, Limits, Searcher};
use fairy_kernel::Game;

#[test]
fn a_raised_stop_flag_ends_the_search_after_depth_one() {
    let pos = Toy::start(ToyRules::Single);
    let mut engine = Searcher::<Toy>::new(1);
    let flag = Arc::new(AtomicBool::new(true));
    let mut control = Control {
        stop: Some(flag),
        ..Control::default()
    };
    let r = engine.search_with(&pos, &[], &Limits::depth(40), &mut control);
    assert_eq!(r.depth, 1);
    assert!(r.best.is_some());
}

#[test]
fn another_thread_can_stop_an_unlimited_search() {
    let pos = Toy::start(ToyRules::Double);
    let flag = Arc::new(AtomicBool::new(false));
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let t0 = Instant::now();
    let mut engine = Searcher::<Toy>::new(1);
    let mut control = Control {
        stop: Some(Arc::clone(&flag)),
        ..Control::default()
    };
    let r = engine.search_with(&pos, &[], &Limits::default(), &mut control);
    raiser.join().unwrap();
    assert!(r.best.is_some());
    assert!(t0.elapsed() < Duration::from_secs(20), "{:?}", t0.elapsed());
}

#[test]
fn multi_pv_reports_distinct_root_moves_best_first() {
    let pos = Toy::start(ToyRules::Single);
    let plain = Searcher::<Toy>::new(1).search(&pos, &[], &Limits::depth(3));
    let mut reports: Vec<(u32, usize, i32, Vec<String>)> = Vec::new();
    let mut on = |it: &fairy_engine::Iteration<'_, <Toy as Game>::Move>| {
        let mut p = pos.clone();
        let line = it
            .pv
            .iter()
            .map(|&m| {
                let t = p.format_move(m);
                p.play(m);
                t
            })
            .collect();
        assert!(it.seldepth >= 1 && it.hashfull <= 1000);
        reports.push((it.depth, it.multipv, it.score.value(), line));
    };
    let mut control = Control {
        stop: None,
        multipv: 3,
        on_iteration: Some(&mut on),
    };
    let r = Searcher::<Toy>::new(1).search_with(&pos, &[], &Limits::depth(3), &mut control);
    assert_eq!(reports.len(), 9, "three lines at each of three depths");
    let last: Vec<_> = reports.iter().filter(|r| r.0 == 3).collect();
    assert_eq!(last.iter().map(|r| r.1).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(last.windows(2).all(|w| w[0].2 >= w[1].2), "{last:?}");
    let firsts: std::collections::HashSet<_> = last.iter().map(|r| r.3[0].clone()).collect();
    assert_eq!(firsts.len(), 3);
    // The first line is the ordinary search's.
    assert_eq!(r.score, plain.score);
    assert_eq!(last[0].2, plain.score.value());
}
