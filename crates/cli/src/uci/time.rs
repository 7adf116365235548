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

/// The time to aim at on this move: an even share of the time left over the moves to go
/// plus the increment, never more than 40% of what is left after the overhead (80% when
/// this is the last move before the control), and at least 1 ms. The search starts no
/// iteration once half of it is gone, so it spends less than this on most moves; it stops
/// at [`ceiling`] in any case. The `overhead` (the `Move Overhead` option) is kept back
/// for the lag between the engine and the arbiter's clock.
///
/// ```
/// use fairy_cli::uci::time::{budget, Clock};
/// use std::time::Duration;
/// // 1 s + 0.1 s: 970 ms usable / 30 moves + 100 ms.
/// let t = budget(Clock { time_ms: 1000, inc_ms: 100, moves_to_go: None }, 30);
/// assert_eq!(t, Duration::from_millis(32 + 100));
/// // Almost out of time: the cap keeps something for later moves.
/// let t = budget(Clock { time_ms: 100, inc_ms: 1000, moves_to_go: None }, 30);
/// assert_eq!(t, Duration::from_millis(28));
/// ```
pub fn budget(clock: Clock, overhead_ms: u64) -> Duration {
    let usable = clock.time_ms.saturating_sub(overhead_ms);
    let mtg = moves_to_go(clock);
    let share = usable / mtg + clock.inc_ms;
    Duration::from_millis(share.min(cap(usable, mtg)).max(1))
}

/// The time at which the search stops on this move, even inside an iteration: three
/// times the [`budget`], within the same cap (40% of what is left after the overhead,
/// 80% before the control), at least 1 ms. An iteration started in the first half of the
/// budget may use it to finish instead of being cut off.
///
/// ```
/// use fairy_cli::uci::time::{budget, ceiling, Clock};
/// let c = Clock { time_ms: 10_000, inc_ms: 100, moves_to_go: None };
/// assert_eq!(ceiling(c, 30), 3 * budget(c, 30));
/// let low = Clock { time_ms: 200, inc_ms: 20, moves_to_go: None };
/// assert_eq!(ceiling(low, 30).as_millis(), 68); // 40% of 170 ms
/// ```
pub fn ceiling(clock: Clock, overhead_ms: u64) -> Duration {
    let usable = clock.time_ms.saturating_sub(overhead_ms);
    let mtg = moves_to_go(clock);
    let soft = budget(clock, overhead_ms).as_millis() as u64;
    Duration::from_millis(soft.saturating_mul(3).min(cap(usable, mtg)).max(1))
}

/// The moves the time left is spread over: `movestogo` (1..=100) or
/// [`DEFAULT_MOVES_TO_GO`].
fn moves_to_go(clock: Clock) -> u64 {
    clock
        .moves_to_go
        .unwrap_or(DEFAULT_MOVES_TO_GO)
        .clamp(1, 100)
}

/// The most one move may take of `usable` milliseconds with `mtg` moves to go.
fn cap(usable: u64, mtg: u64) -> u64 {
    if mtg == 1 {
        usable * 8 / 10
    } else {
        usable * 4 / 10
    }
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
                    let h = ceiling(c, 30).as_millis() as u64;
                    assert!(b >= 1 && h >= b, "{c:?}: budget {b}, ceiling {h}");
                    assert!(h <= time_ms.saturating_sub(30).max(1), "{c:?} gives {h} ms");
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
