//! The search's time source, supplied by the caller so that the engine runs where
//! `std::time::Instant` does not (WebAssembly in a browser or Node).

use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A source of time: milliseconds since a fixed origin of the caller's choice, never
/// decreasing (`performance.now()` in JavaScript). The default is [`monotonic_ms`].
pub type Clock = fn() -> f64;

/// Milliseconds since the first call in this process, from [`std::time::Instant`]: the
/// default [`Clock`] on native targets (it traps on `wasm32-unknown-unknown`, where the
/// caller supplies one with [`Searcher::set_clock`](crate::Searcher::set_clock)).
pub fn monotonic_ms() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The time from `start_ms` to `now_ms` (both readings of one [`Clock`]); zero when the
/// clock went backwards or gave no number.
pub(crate) fn between(start_ms: f64, now_ms: f64) -> Duration {
    Duration::try_from_secs_f64((now_ms - start_ms) / 1000.0).unwrap_or(Duration::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_clock_does_not_go_backwards() {
        let a = monotonic_ms();
        let b = monotonic_ms();
        assert!(b >= a);
    }

    #[test]
    fn a_clock_going_backwards_or_broken_gives_zero() {
        assert_eq!(between(10.0, 5.0), Duration::ZERO);
        assert_eq!(between(0.0, f64::NAN), Duration::ZERO);
        assert_eq!(between(1.0, 1501.0), Duration::from_millis(1500));
    }

    /// A clock that moves one second at each reading.
    fn racing() -> f64 {
        use std::sync::atomic::{AtomicU64, Ordering};
        static READINGS: AtomicU64 = AtomicU64::new(0);
        READINGS.fetch_add(1, Ordering::Relaxed) as f64 * 1000.0
    }

    #[test]
    fn the_search_keeps_time_by_the_clock_it_is_given() {
        use crate::{Limits, Searcher};
        use fairy_kernel::Game;
        use fairy_testkit::toy::{Toy, ToyRules};
        let pos = Toy::start(ToyRules::Single);
        let limits = Limits {
            depth: Some(4),
            ..Limits::movetime_ms(1_500)
        };
        let mut engine = Searcher::<Toy>::new(1);
        assert_eq!(engine.search(&pos, &[], &limits).depth, 4);
        engine.set_clock(racing);
        let r = engine.search(&pos, &[], &limits);
        // The clock says more than half the time is gone after the first iteration.
        assert_eq!(r.depth, 1);
        assert!(r.elapsed >= Duration::from_secs(1));
    }
}
