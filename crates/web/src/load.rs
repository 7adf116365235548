//! A load generator for the live games of `fairy serve` (`fairy load`; docs/server.md,
//! "Load"): `games` games, each between two [`LiveClient`]s playing random legal moves every
//! `interval`, watched by `spectators` more connections, for `duration`. It measures the
//! round trip of a move (sent until the server's `ok`, which comes once the move is on
//! disk) and checks that every acknowledged move reached the opponent and the spectators
//! once and in order.
//!
//! Given several servers (sharing one PostgreSQL database), it spreads the clients over
//! them: game `g` is created on server `g mod n` by its white player, its black player
//! connects to the next server, and spectator `s` to server `s mod n`, so that every move
//! travels from one server to the other.
//!
//! Only loopback servers are accepted, and the counts and times are bounded
//! ([`MAX_GAMES`], [`MAX_SPECTATORS`], [`MAX_DURATION`]).

use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::client::{ClientError, GameState, LiveClient, NewGame, Server};

/// The most games of one run.
pub const MAX_GAMES: usize = 1000;
/// The most spectators of one run.
pub const MAX_SPECTATORS: usize = 5000;
/// The longest run.
pub const MAX_DURATION: Duration = Duration::from_secs(3600);
/// How long the end of a run waits for the last answers and states.
const DRAIN: Duration = Duration::from_secs(10);

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// The servers (loopback only; at least one): several share one database, and the
    /// players of a game are connected to different ones.
    pub servers: Vec<Server>,
    /// The variant of every game.
    pub variant: String,
    /// Games played at once, 1..=[`MAX_GAMES`].
    pub games: usize,
    /// Spectator connections, spread over the games, 0..=[`MAX_SPECTATORS`].
    pub spectators: usize,
    /// The time a player waits before each of its moves.
    pub interval: Duration,
    /// How long the games are played, at most [`MAX_DURATION`].
    pub duration: Duration,
    /// Whether the clients are sent pictures, as browsers are (else they connect as
    /// programs do, with `?svg=0`).
    pub pictures: bool,
}

/// Why a run could not be made.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The options are out of range or name a server that is not on this machine.
    #[error("{0}")]
    Options(String),
    /// Setting up the games failed.
    #[error("setting up game {0}: {1}")]
    Setup(usize, ClientError),
}

/// The figures of a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoadReport {
    /// Games set up.
    pub games: usize,
    /// Spectators connected.
    pub spectators: usize,
    /// Moves acknowledged by the server.
    pub moves: usize,
    /// Seconds from the first move to the end of the run.
    pub seconds: f64,
    /// Round trips of moves, ms: median, 95th and 99th percentile, largest.
    pub p50_ms: f64,
    /// 95th percentile, ms.
    pub p95_ms: f64,
    /// 99th percentile, ms.
    pub p99_ms: f64,
    /// The slowest round trip, ms.
    pub max_ms: f64,
    /// Acknowledged moves some observer never saw.
    pub lost: usize,
    /// Moves some observer saw more often than they were acknowledged.
    pub duplicated: usize,
    /// Moves some observer saw at another place than acknowledged, and states whose move
    /// list was not an extension of the previous one.
    pub reordered: usize,
    /// Moves refused, connections broken.
    pub errors: usize,
    /// Games that ended by the rules during the run.
    pub finished: usize,
}

impl LoadReport {
    /// Moves per second.
    pub fn moves_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.moves as f64 / self.seconds
        } else {
            0.0
        }
    }
}

impl core::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        writeln!(
            f,
            "games {} spectators {}: {} moves in {:.1} s, {:.1} moves/s, {} games ended",
            self.games,
            self.spectators,
            self.moves,
            self.seconds,
            self.moves_per_second(),
            self.finished
        )?;
        writeln!(
            f,
            "move round trip: p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.p50_ms, self.p95_ms, self.p99_ms, self.max_ms
        )?;
        write!(
            f,
            "lost {}, duplicated {}, reordered {}, errors {}",
            self.lost, self.duplicated, self.reordered, self.errors
        )
    }
}

/// A small xorshift generator: which legal move to play and the start offsets.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// What one observer (player or spectator) saw and did.
#[derive(Default)]
struct Seen {
    /// The moves of the last state seen.
    history: Vec<String>,
    /// States whose moves were not an extension of the previous state's.
    reordered: usize,
    /// Moves this player got acknowledged: (index in the game, move).
    acked: Vec<(usize, String)>,
    /// Round trips, ms.
    latencies: Vec<f64>,
    errors: usize,
    finished: bool,
}

impl Seen {
    fn observe(&mut self, st: &GameState) {
        if !st.history.starts_with(&self.history) {
            self.reordered += 1;
        }
        self.history.clone_from(&st.history);
        self.finished |= st.is_over();
    }
}

/// One player: moves when its turn comes, `interval` after it came, until `deadline`.
/// Returns what it saw and its connection (for the final look, once no one moves).
async fn player(
    mut c: LiveClient,
    interval: Duration,
    deadline: Instant,
    mut rng: Rng,
) -> (Seen, Option<LiveClient>) {
    let mut seen = Seen::default();
    let mut moved_at = None;
    // Start offsets spread the games' moves over the interval.
    let offset = Duration::from_millis(rng.below(interval.as_millis().max(1) as usize) as u64);
    tokio::time::sleep(offset).await;
    let end = tokio::time::Instant::from_std(deadline);
    loop {
        let st = tokio::select! {
            st = c.next_state() => st,
            () = tokio::time::sleep_until(end) => break,
        };
        let Ok(st) = st else {
            seen.errors += 1;
            return (seen, None);
        };
        seen.observe(&st);
        if st.is_over() || !st.my_turn() || moved_at == Some(st.history.len()) {
            continue;
        }
        tokio::time::sleep(interval).await;
        if Instant::now() >= deadline {
            break;
        }
        let mv = st.moves[rng.below(st.moves.len())].clone();
        let t0 = Instant::now();
        let sent = match c.send_action("move", Some(("move", &mv))).await {
            Ok(n) => tokio::time::timeout(DRAIN, c.answer(n)).await,
            Err(e) => Ok(Err(e)),
        };
        match sent {
            Ok(Ok(())) => {
                seen.latencies.push(t0.elapsed().as_secs_f64() * 1000.0);
                seen.acked.push((st.history.len(), mv));
                moved_at = Some(st.history.len());
            }
            _ => seen.errors += 1,
        }
    }
    (seen, Some(c))
}

/// A player's last look at its game, once both players have stopped.
async fn last_look(mut seen: Seen, c: Option<LiveClient>) -> Seen {
    if let Some(mut c) = c {
        final_sync(&mut c, &mut seen).await;
        c.close().await;
    }
    seen
}

/// The state now, asked for at the end (so that the last moves are seen).
async fn final_sync(c: &mut LiveClient, seen: &mut Seen) {
    match tokio::time::timeout(DRAIN, c.sync()).await {
        Ok(Ok(st)) => seen.observe(&st),
        _ => seen.errors += 1,
    }
}

/// One spectator: watches until told to stop, then asks for the state once more.
async fn spectator(mut c: LiveClient, mut stop: watch::Receiver<bool>) -> Seen {
    let mut seen = Seen::default();
    loop {
        tokio::select! {
            st = c.next_state() => match st {
                Ok(st) => seen.observe(&st),
                Err(_) => {
                    seen.errors += 1;
                    return seen;
                }
            },
            _ = stop.changed() => break,
        }
    }
    final_sync(&mut c, &mut seen).await;
    c.close().await;
    seen
}

/// Checks what `observers` saw of one game against the moves its players got acknowledged;
/// adds to `r`.
fn check(players: &[&Seen], observers: &[&Seen], r: &mut LoadReport) {
    let mut expected: Vec<Option<&str>> = Vec::new();
    for (i, mv) in players.iter().flat_map(|p| p.acked.iter()) {
        if expected.len() <= *i {
            expected.resize(i + 1, None);
        }
        if expected[*i].replace(mv).is_some() {
            // Two acknowledgements for one place in the game.
            r.duplicated += 1;
        }
    }
    for o in observers {
        r.reordered += o.reordered;
        for (i, want) in expected.iter().enumerate() {
            match (o.history.get(i), want) {
                (None, Some(_)) => r.lost += 1,
                (Some(got), Some(want)) if got != want => r.reordered += 1,
                _ => {}
            }
        }
        r.duplicated += o.history.len().saturating_sub(expected.len());
    }
}

/// The `q`-quantile (0..=1) of sorted `v`, nearest rank; 0 when empty.
fn quantile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

/// Checks the options: loopback server, counts and times in range.
///
/// # Errors
/// [`LoadError::Options`] saying which option is out of range.
pub fn validate(o: &LoadOptions) -> Result<(), LoadError> {
    let bad = |s: String| Err(LoadError::Options(s));
    if o.servers.is_empty() {
        return bad("no server given".into());
    }
    if let Some(s) = o.servers.iter().find(|s| !s.is_loopback()) {
        return bad(format!(
            "{} is not a loopback address: the load generator only runs against this machine",
            s.addr
        ));
    }
    if !(1..=MAX_GAMES).contains(&o.games) {
        return bad(format!("--games {}: 1 to {MAX_GAMES}", o.games));
    }
    if o.spectators > MAX_SPECTATORS {
        return bad(format!(
            "--spectators {}: at most {MAX_SPECTATORS}",
            o.spectators
        ));
    }
    if o.duration.is_zero() || o.duration > MAX_DURATION {
        return bad(format!(
            "--duration-s {}: 1 to {}",
            o.duration.as_secs(),
            MAX_DURATION.as_secs()
        ));
    }
    if o.interval < Duration::from_millis(100) || o.interval > Duration::from_secs(600) {
        return bad(format!(
            "--interval-ms {}: 100 to 600000 (the server takes 10 messages a second per connection)",
            o.interval.as_millis()
        ));
    }
    Ok(())
}

/// Runs the load: sets up the games (creating, joining and connecting, one game after the
/// other), plays for `duration`, then checks and measures.
///
/// # Errors
/// Bad options; a game that cannot be set up (the server refuses, e.g. its limit of games
/// per client; see `fairy serve --max-games-per-client`).
pub async fn run(o: &LoadOptions) -> Result<LoadReport, LoadError> {
    validate(o)?;
    let n = o.servers.len();
    let connect = |server: &Server, id: &str| {
        let (server, id) = (server.clone(), id.to_owned());
        let pictures = o.pictures;
        async move {
            if pictures {
                LiveClient::connect_pictured(&server, &id).await
            } else {
                LiveClient::connect(&server, &id).await
            }
        }
    };
    let mut seats = Vec::with_capacity(o.games);
    for g in 0..o.games {
        let setup = |e| LoadError::Setup(g + 1, e);
        let (white, black) = (&o.servers[g % n], &o.servers[(g + 1) % n]);
        let w = white
            .create(&NewGame::invite(&o.variant, "load white"))
            .await
            .map_err(setup)?;
        let b = black.join(&w.id, "load black").await.map_err(setup)?;
        let mut cw = connect(white, &w.id).await.map_err(setup)?;
        cw.hello(&w.token).await.map_err(setup)?;
        let mut cb = connect(black, &b.id).await.map_err(setup)?;
        cb.hello(&b.token).await.map_err(setup)?;
        seats.push((w.id, cw, cb));
    }
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut watchers = Vec::with_capacity(o.spectators);
    for s in 0..o.spectators {
        let g = s % o.games;
        let c = connect(&o.servers[s % n], &seats[g].0)
            .await
            .map_err(|e| LoadError::Setup(g + 1, e))?;
        watchers.push((g, tokio::spawn(spectator(c, stop_rx.clone()))));
    }
    let t0 = Instant::now();
    let deadline = t0 + o.duration;
    let mut players = Vec::with_capacity(o.games);
    for (g, (_, cw, cb)) in seats.into_iter().enumerate() {
        let seed =
            (0x9E37_79B9_7F4A_7C15_u64 ^ (g as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D)) | 1;
        let w = tokio::spawn(player(cw, o.interval, deadline, Rng(seed)));
        let b = tokio::spawn(player(
            cb,
            o.interval,
            deadline,
            Rng(seed.rotate_left(17) | 1),
        ));
        players.push((w, b));
    }
    let mut done = Vec::with_capacity(o.games);
    let mut r = LoadReport {
        games: o.games,
        spectators: o.spectators,
        ..LoadReport::default()
    };
    // Every player has stopped (its last move answered) before anyone looks last.
    let mut stopped = Vec::with_capacity(o.games);
    for (w, b) in players {
        let (w, cw) = w.await.unwrap_or_default();
        let (b, cb) = b.await.unwrap_or_default();
        stopped.push((w, cw, b, cb));
    }
    r.seconds = t0.elapsed().as_secs_f64();
    let _ = stop_tx.send(true);
    let looks: Vec<_> = stopped
        .into_iter()
        .map(|(w, cw, b, cb)| {
            (
                tokio::spawn(last_look(w, cw)),
                tokio::spawn(last_look(b, cb)),
            )
        })
        .collect();
    for (w, b) in looks {
        let w = w.await.unwrap_or_default();
        let b = b.await.unwrap_or_default();
        done.push((w, b, Vec::new()));
    }
    for (g, h) in watchers {
        let seen = h.await.unwrap_or_default();
        done[g].2.push(seen);
    }
    let mut latencies = Vec::new();
    for (w, b, specs) in &done {
        let mut observers: Vec<&Seen> = vec![w, b];
        observers.extend(specs.iter());
        check(&[w, b], &observers, &mut r);
        r.moves += w.acked.len() + b.acked.len();
        r.errors += observers.iter().map(|s| s.errors).sum::<usize>();
        r.finished += usize::from(w.finished || b.finished);
        latencies.extend(w.latencies.iter().chain(&b.latencies));
    }
    latencies.sort_by(f64::total_cmp);
    r.p50_ms = quantile(&latencies, 0.50);
    r.p95_ms = quantile(&latencies, 0.95);
    r.p99_ms = quantile(&latencies, 0.99);
    r.max_ms = latencies.last().copied().unwrap_or(0.0);
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(history: &[&str], acked: &[(usize, &str)]) -> Seen {
        Seen {
            history: history.iter().map(|s| (*s).to_owned()).collect(),
            acked: acked.iter().map(|(i, m)| (*i, (*m).to_owned())).collect(),
            ..Seen::default()
        }
    }

    #[test]
    fn the_check_counts_lost_duplicated_and_reordered_moves() {
        let w = seen(&["a", "b", "c"], &[(0, "a"), (2, "c")]);
        let b = seen(&["a", "b", "c"], &[(1, "b")]);
        let mut r = LoadReport::default();
        check(&[&w, &b], &[&w, &b], &mut r);
        assert_eq!((r.lost, r.duplicated, r.reordered), (0, 0, 0));
        let short = seen(&["a", "b"], &[]);
        let swapped = seen(&["b", "a", "c"], &[]);
        let long = seen(&["a", "b", "c", "c"], &[]);
        check(&[&w, &b], &[&short, &swapped, &long], &mut r);
        assert_eq!((r.lost, r.duplicated, r.reordered), (1, 1, 2));
    }

    #[test]
    fn quantiles_are_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.5), 50.0);
        assert_eq!(quantile(&v, 0.99), 99.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }

    #[test]
    fn only_loopback_servers_and_bounded_runs() {
        let o = LoadOptions {
            servers: vec![
                Server::parse("http://127.0.0.1:80").expect("url"),
                Server::parse("http://10.1.2.3:80").expect("url"),
            ],
            variant: "synthesis".into(),
            games: 1,
            spectators: 0,
            interval: Duration::from_secs(2),
            duration: Duration::from_secs(1),
            pictures: true,
        };
        assert!(validate(&o).is_err());
        let local = LoadOptions {
            servers: vec![
                Server::parse("http://127.0.0.1:80").expect("url"),
                Server::parse("http://127.0.0.1:81").expect("url"),
            ],
            ..o
        };
        assert!(validate(&local).is_ok());
        let none = LoadOptions {
            servers: Vec::new(),
            ..local.clone()
        };
        assert!(validate(&none).is_err());
        for bad in [
            LoadOptions {
                games: 0,
                ..local.clone()
            },
            LoadOptions {
                games: MAX_GAMES + 1,
                ..local.clone()
            },
            LoadOptions {
                duration: Duration::from_secs(7200),
                ..local.clone()
            },
            LoadOptions {
                interval: Duration::ZERO,
                ..local.clone()
            },
        ] {
            assert!(validate(&bad).is_err());
        }
    }
}
