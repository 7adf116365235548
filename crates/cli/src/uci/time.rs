//! Time management: how long to think on one move given the clock (`go wtime ... `).

use std::time::Duration;

/// The number of moves the remaining time is spread over when the clock does not say
/// (`movestogo` missing: sudden death with or without increment).
pub const DEFAULT_MOVES_TO_GO: u64 = 30;

/// The clock fields of `go` for the side to move, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time_ms: u64,
    /// Increment per move.
    pub inc_ms: u64,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u64>,
}

/// The time to think on this move: an even share of the time left over the moves to go
/// plus three quarters of the increment, never more than 40% of what is left after the
/// overhead (80% when this is the last move before the control), and at least 1 ms. The
/// `overhead` (the `Move Overhead` option) is kept back for the lag between the engine and
/// the arbiter's clock.
///
/// ```
/// use fairy_cli::uci::time::{budget, Clock};
/// use std::time::Duration;
/// // 1 s + 0.1 s: 970 ms usable / 30 moves + 75 ms.
/// let t = budget(Clock { time_ms: 1000, inc_ms: 100, moves_to_go: None }, 30);
/// assert_eq!(t, Duration::from_millis(32 + 75));
/// // Almost out of time: the cap keeps something for later moves.
/// let t = budget(Clock { time_ms: 100, inc_ms: 1000, moves_to_go: None }, 30);
/// assert_eq!(t, Duration::from_millis(28));
/// ```
pub fn budget(clock: Clock, overhead_ms: u64) -> Duration {
    let usable = clock.time_ms.saturating_sub(overhead_ms);
    let mtg = clock
        .moves_to_go
        .unwrap_or(DEFAULT_MOVES_TO_GO)
        .clamp(1, 100);
    let share = usable / mtg + clock.inc_ms * 3 / 4;
    let cap = if mtg == 1 {
        usable * 8 / 10
    } else {
        usable * 4 / 10
    };
    Duration::from_millis(share.min(cap).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_never_exceeds_the_time_left() {
        for time_ms in [0, 1, 5, 30, 31, 100, 1000, 60_000] {
            for inc_ms in [0, 10, 100, 5000] {
                for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                    let c = Clock {
                        time_ms,
                        inc_ms,
                        moves_to_go,
                    };
                    let b = budget(c, 30).as_millis() as u64;
                    assert!(b >= 1);
                    assert!(b <= time_ms.saturating_sub(30).max(1), "{c:?} gives {b} ms");
                }
            }
        }
    }

    #[test]
    fn more_moves_to_go_means_less_time_per_move() {
        let at = |m| {
            budget(
                Clock {
                    time_ms: 60_000,
                    inc_ms: 0,
                    moves_to_go: Some(m),
                },
                0,
            )
        };
        assert!(at(10) > at(20) && at(20) > at(40));
        assert_eq!(at(1), Duration::from_millis(48_000));
    }
}
