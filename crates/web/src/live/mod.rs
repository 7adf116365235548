//! Live games between people: the lobby, seats, clocks kept by the server, a WebSocket per
//! viewer, and the database (docs/web-api.md, "Live games").
//!
//! Every game is an `Entry`: the [`game::LiveGame`] behind a mutex and a `watch` channel
//! whose number is bumped by every change; each WebSocket connection waits on it and sends
//! its viewer the new state. A change is written to the [`db::Storage`] before it is made in
//! memory and announced.

pub mod db;
pub mod game;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use fairy::{picture, registry, Limits};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::watch;

use crate::store::lock;
use db::Storage;
use game::{now_ms, GameRow, LiveError, LiveGame, Opponent, Status, TimeControl, TimeKind};

const LOBBY: &str = include_str!("../../static/lobby.html");
const PLAY: &str = include_str!("../../static/play.html");
const ARCHIVE: &str = include_str!("../../static/archive.html");
const SCRIPT: &str = include_str!("../../static/live.js");
const STYLE: &str = include_str!("../../static/live.css");

/// Limits of live games.
#[derive(Clone, Debug)]
pub struct LiveConfig {
    /// The most games kept in memory at once (waiting, playing, or recently finished).
    pub max_games: usize,
    /// The most games waiting or being played that one client address may have created.
    pub max_games_per_client: usize,
    /// The largest WebSocket message read, in bytes; a larger one gets an error.
    pub max_message: usize,
    /// The largest WebSocket message accepted at all, in bytes; a larger one closes the
    /// connection (code 1009).
    pub max_frame: usize,
    /// Messages a connection may send per second, on average.
    pub messages_per_second: u32,
    /// Messages a connection may send at once before the rate applies.
    pub message_burst: u32,
    /// The most moves (plies) a game may have.
    pub max_plies: usize,
    /// How long a finished game stays in memory (it is read from the database later).
    pub keep_finished: Duration,
}

impl Default for LiveConfig {
    fn default() -> Self {
        LiveConfig {
            max_games: 1000,
            max_games_per_client: 10,
            max_message: 4096,
            max_frame: 64 * 1024,
            messages_per_second: 10,
            message_burst: 30,
            max_plies: 1000,
            keep_finished: Duration::from_secs(600),
        }
    }
}

/// A live game in memory with its change channel.
struct Entry {
    game: Mutex<LiveGame>,
    changed: watch::Sender<u64>,
    /// The address of the client that created it.
    creator: Option<IpAddr>,
    /// Whether white is drawn at the top of the unflipped picture of this variant.
    white_on_top: bool,
    /// The parts of the state every viewer shares, built once per change of the game.
    /// Locked only while `game` is.
    views: Mutex<ViewCache>,
}

/// The parts of a game's state (as JSON text) built for the first viewer after a change
/// and reused for every other viewer until the game changes again.
#[derive(Default)]
struct ViewCache {
    /// The game's `(version, revision)` these parts were built for.
    key: Option<(u64, i64)>,
    /// The position's description without `over`, `result`, `moves` and `svg`, as a JSON
    /// object without its closing brace (empty until built).
    base: String,
    /// The position's `result` (of the rules: mate, repetition, ...), JSON text.
    result: String,
    /// The legal moves, JSON text, built when the player to move first looks.
    moves: Option<String>,
    /// The picture as a JSON string (or `null`), per layout: `flipped * 2 + stacked`.
    svg: [Option<String>; 4],
}

impl Entry {
    fn notify(&self) {
        self.changed.send_modify(|n| *n += 1);
    }
}

/// The live games of a server.
pub struct Live {
    db: Arc<dyn Storage>,
    config: LiveConfig,
    games: Mutex<HashMap<String, Arc<Entry>>>,
    engine: tokio::sync::Semaphore,
    engine_ms_cap: u64,
}

/// An error answer: a status and one line, sent as `{"error": "..."}`.
struct Fail(StatusCode, String);

impl IntoResponse for Fail {
    fn into_response(self) -> Response {
        (
            self.0,
            Json(json!({ "error": self.1.replace(['\n', '\r'], " ") })),
        )
            .into_response()
    }
}

impl From<db::DbError> for Fail {
    fn from(e: db::DbError) -> Fail {
        let status = if e.is_conflict() {
            StatusCode::CONFLICT
        } else {
            StatusCode::SERVICE_UNAVAILABLE
        };
        Fail(status, e.to_string())
    }
}

fn bad(s: impl Into<String>) -> Fail {
    Fail(StatusCode::BAD_REQUEST, s.into())
}

type Shared = State<Arc<Live>>;

/// A random lower-case hex string of `bytes` random bytes from the operating system.
fn random_hex(bytes: usize) -> Result<String, Fail> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| {
        Fail(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("no random numbers: {e}"),
        )
    })?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// Compares two tokens in time independent of where they differ.
fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

impl Live {
    /// Live games kept in `db`, taking up the unfinished ones stored there.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn new(
        db: Arc<dyn Storage>,
        config: LiveConfig,
        engine_threads: usize,
        engine_ms_cap: u64,
    ) -> Result<Live, db::DbError> {
        let live = Live {
            db,
            config,
            games: Mutex::new(HashMap::new()),
            engine: tokio::sync::Semaphore::new(engine_threads.max(1)),
            engine_ms_cap,
        };
        // Alone on its database, the server charges no one for the time it was down; on
        // a shared one the games went on meanwhile.
        let restore = if live.db.shared() {
            LiveGame::restore_running
        } else {
            LiveGame::restore
        };
        for (row, moves) in live.db.unfinished()? {
            match restore(row, &moves, live.config.max_plies) {
                Ok(g) => {
                    live.insert(g, None);
                }
                Err(e) => eprintln!("live game not restored: {e}"),
            }
        }
        Ok(live)
    }

    /// Puts `g` in memory, in place of any copy there (for a game this server has just
    /// created: no copy can be newer).
    fn insert(&self, g: LiveGame, creator: Option<IpAddr>) -> Arc<Entry> {
        let id = g.row.id.clone();
        let entry = Self::new_entry(g, creator);
        lock(&self.games).insert(id, entry.clone());
        entry
    }

    /// Puts `g`, just read from the database, in memory, and returns the entry. When a copy
    /// is there already (taken in meanwhile by its creator or another request, and maybe
    /// changed since), the one with the higher revision stays: reads of one game race (a
    /// viewer connecting while the announcements of its changes are read, each on a thread
    /// of its own), and a read that started before a change must not win over one that
    /// started after it.
    fn insert_read(&self, g: LiveGame) -> Arc<Entry> {
        let id = g.row.id.clone();
        let e = {
            let mut games = lock(&self.games);
            match games.get(&id) {
                Some(e) => e.clone(),
                None => {
                    return games
                        .entry(id)
                        .or_insert_with(|| Self::new_entry(g, None))
                        .clone()
                }
            }
        };
        let newer = {
            let mut cur = lock(&e.game);
            let newer = cur.row.revision < g.row.revision;
            if newer {
                let version = cur.version + 1;
                *cur = g;
                cur.version = version;
            }
            newer
        };
        if newer {
            e.notify();
        }
        e
    }

    fn new_entry(g: LiveGame, creator: Option<IpAddr>) -> Arc<Entry> {
        Arc::new(Entry {
            white_on_top: crate::board::white_on_top(&g.row.variant),
            game: Mutex::new(g),
            changed: watch::channel(0).0,
            creator,
            views: Mutex::new(ViewCache::default()),
        })
    }

    /// The game `id`, from memory or else from the database.
    fn entry(&self, id: &str) -> Result<Arc<Entry>, Fail> {
        if let Some(e) = lock(&self.games).get(id) {
            return Ok(e.clone());
        }
        let unknown = || Fail(StatusCode::NOT_FOUND, format!("unknown game {id:?}"));
        if id.len() > 64 {
            return Err(unknown());
        }
        let (row, moves) = self.db.load(id)?.ok_or_else(unknown)?;
        let g = LiveGame::restore_running(row, &moves, self.config.max_plies)
            .map_err(|e| Fail(StatusCode::INTERNAL_SERVER_ERROR, e))?;
        Ok(self.insert_read(g))
    }

    /// Takes in a change announced by the database: a game written by some server is read
    /// again when the copy in memory is older (and its viewers are sent the new state); a
    /// new unfinished game is taken into memory (for the lobby); after a lost connection,
    /// every game in memory is read again.
    pub fn apply_change(&self, change: db::Change) {
        match change {
            db::Change::Game { id, revision } => self.refresh(&id, Some(revision)),
            db::Change::Reconnected => {
                for (id, _) in self.entries() {
                    self.refresh(&id, None);
                }
            }
        }
    }

    /// Reads game `id` again unless its copy in memory has revision `revision` already.
    ///
    /// A read can fail for a while after the database came back (each connection is opened
    /// again at most every half second): it is tried again for a few seconds, since no
    /// other announcement may come to bring the copy up to date.
    fn refresh(&self, id: &str, revision: Option<i64>) {
        const TRIES: u32 = 20;
        const PAUSE: Duration = Duration::from_millis(250);
        let known = lock(&self.games).get(id).cloned();
        match known {
            Some(e) => {
                for attempt in 1..=TRIES {
                    let mut g = lock(&e.game);
                    if revision.is_some_and(|r| g.row.revision >= r) {
                        return;
                    }
                    if g.reload(self.db.as_ref()) {
                        drop(g);
                        e.notify();
                        return;
                    }
                    drop(g);
                    if attempt < TRIES {
                        std::thread::sleep(PAUSE);
                    }
                }
                eprintln!("live game {id} not read again: the database did not answer");
            }
            None => {
                if lock(&self.games).len() >= self.config.max_games || id.len() > 64 {
                    return;
                }
                match self.db.load(id) {
                    Ok(Some((row, moves))) if row.status != Status::Over => {
                        match LiveGame::restore_running(row, &moves, self.config.max_plies) {
                            Ok(g) => {
                                self.insert_read(g);
                            }
                            Err(e) => eprintln!("live game {id} not read: {e}"),
                        }
                    }
                    Ok(_) => {}
                    Err(e) => eprintln!("live game {id} not read: {e}"),
                }
            }
        }
    }

    fn entries(&self) -> Vec<(String, Arc<Entry>)> {
        lock(&self.games)
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// Ends the games whose clock has fallen and drops long-finished games from memory.
    pub fn tick(self: &Arc<Self>) {
        let now = now_ms();
        let keep = self.config.keep_finished.as_millis() as i64;
        let mut drop = Vec::new();
        for (id, e) in self.entries() {
            let mut g = lock(&e.game);
            if g.running().is_some() {
                match g.check_flag(self.db.as_ref(), now) {
                    Ok(true) => e.notify(),
                    Ok(false) => {}
                    // Another server decided first; the game has been read again.
                    Err(LiveError::Db(err)) if err.is_conflict() => e.notify(),
                    // Logged once as "database connection lost"; tried again next tick.
                    Err(LiveError::Db(db::DbError::Unavailable(_))) => {}
                    Err(err) => eprintln!("game {id}: {err}"),
                }
            }
            if g.row.status == Status::Over && g.row.finished_at.is_some_and(|t| now - t > keep) {
                drop.push(id);
            }
        }
        let mut games = lock(&self.games);
        for id in drop {
            games.remove(&id);
        }
    }

    /// Starts the engine's search when it is to move in `entry`'s game.
    fn engine_turn(self: &Arc<Self>, entry: &Arc<Entry>) {
        let (variant, start, history, version, side, level) = {
            let g = lock(&entry.game);
            if g.row.status != Status::Playing || !g.is_engine(g.to_move()) {
                return;
            }
            (
                g.game.variant(),
                g.session().start_notation(),
                g.session().history(),
                g.version,
                g.to_move(),
                g.row.engine_level.clamp(1, 8) as u32,
            )
        };
        let live = self.clone();
        let entry = entry.clone();
        tokio::spawn(async move {
            let Ok(_permit) = live.engine.acquire().await else {
                return;
            };
            let limits = Limits {
                depth: Some(level),
                movetime: Some(Duration::from_millis(
                    (250 * u64::from(level)).min(live.engine_ms_cap),
                )),
                nodes: None,
                soft_movetime: None,
            };
            let found = tokio::task::spawn_blocking(move || {
                let mut s = variant.session(Some(&start)).ok()?;
                for m in &history {
                    s.apply(m).ok()?;
                }
                s.engine_move(&limits)
            })
            .await
            .ok()
            .flatten();
            let Some(found) = found else { return };
            let played = {
                let mut g = lock(&entry.game);
                if g.version != version {
                    return;
                }
                g.play(live.db.as_ref(), side, &found.text, now_ms())
            };
            match played {
                Ok(_) => {
                    entry.notify();
                    // Regicide: the engine's turn has three sub-moves.
                    live.engine_turn(&entry);
                }
                Err(e) => eprintln!("engine move refused: {e}"),
            }
        });
    }
}

/// The client's address, when the server knows it.
struct ClientIp(Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}

/// The routes of live games over `live`.
pub fn routes(live: Arc<Live>, max_body: usize) -> Router {
    Router::new()
        .route("/lobby", get(|| page(LOBBY)))
        .route("/play/{id}", get(|| page(PLAY)))
        .route("/archive", get(|| page(ARCHIVE)))
        .route("/live.js", get(script))
        .route("/live.css", get(style))
        .route("/api/live/lobby", get(lobby))
        .route("/api/live/archive", get(archive))
        .route("/api/live/games", post(create))
        .route("/api/live/games/{id}", get(state))
        .route("/api/live/games/{id}/join", post(join))
        .route("/api/live/games/{id}/record", get(record_text))
        .route("/api/live/games/{id}/svg", get(svg))
        .route("/api/live/games/{id}/ws", get(ws))
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(live)
}

async fn page(text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], text).into_response()
}
async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
        .into_response()
}
async fn style() -> Response {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE).into_response()
}

fn body<T: for<'de> Deserialize<'de>>(b: Result<Bytes, BytesRejection>) -> Result<T, Fail> {
    let b = b.map_err(|r| Fail(r.status(), r.body_text()))?;
    let text: &[u8] = if b.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &b
    };
    serde_json::from_slice(text).map_err(|e| bad(format!("malformed JSON body: {e}")))
}

/// A nickname: trimmed, control characters dropped, at most 24 characters.
fn nickname(name: Option<&str>) -> Result<String, Fail> {
    let n: String = name
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .collect();
    let n = n.trim();
    if n.chars().count() > 24 {
        return Err(bad("a nickname has at most 24 characters"));
    }
    Ok(if n.is_empty() {
        "Anonymous".into()
    } else {
        n.to_owned()
    })
}

fn time_json(t: &TimeControl) -> Value {
    match t.kind {
        TimeKind::None => json!({ "kind": "none" }),
        TimeKind::Clock => json!({
            "kind": "clock",
            "base_s": t.base_ms / 1000,
            "increment_s": t.increment_ms / 1000,
        }),
        TimeKind::Correspondence => json!({
            "kind": "correspondence",
            "days": t.base_ms / 86_400_000,
        }),
    }
}

fn summary(g: &LiveGame, moves: usize) -> Value {
    let r = &g.row;
    json!({
        "id": r.id,
        "variant": r.variant,
        "time": time_json(&r.time),
        "opponent": r.opponent.as_str(),
        "names": r.names,
        "status": r.status.as_str(),
        "result": r.result,
        "termination": r.termination,
        "moves": moves,
        "created_at": r.created_at,
        "finished_at": r.finished_at,
        // The free seat of a waiting game.
        "free": if r.status == Status::Waiting {
            r.tokens.iter().position(Option::is_none)
        } else {
            None
        },
    })
}

async fn lobby(State(live): Shared) -> Json<Value> {
    let mut open = Vec::new();
    let mut playing = Vec::new();
    for (_, e) in live.entries() {
        let g = lock(&e.game);
        match g.row.status {
            Status::Waiting if g.row.opponent == Opponent::Open => {
                open.push(summary(&g, g.movers().len()))
            }
            Status::Playing => playing.push(summary(&g, g.movers().len())),
            _ => {}
        }
    }
    let by_time = |v: &mut Vec<Value>| {
        v.sort_by_key(|x| std::cmp::Reverse(x["created_at"].as_i64().unwrap_or(0)))
    };
    by_time(&mut open);
    by_time(&mut playing);
    Json(json!({ "open": open, "playing": playing }))
}

async fn archive(
    State(live): Shared,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<Value>, Fail> {
    let q = q.map_err(|r| Fail(r.status(), r.body_text()))?.0;
    let limit = match q.get("limit") {
        None => 50,
        Some(s) => s
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=500).contains(n))
            .ok_or_else(|| bad(format!("limit {s:?} out of range 1..=500")))?,
    };
    let list: Vec<Value> = live
        .db
        .recent(limit)?
        .into_iter()
        .map(|(row, n)| {
            json!({
                "id": row.id, "variant": row.variant, "time": time_json(&row.time),
                "names": row.names, "result": row.result, "termination": row.termination,
                "moves": n, "finished_at": row.finished_at,
            })
        })
        .collect();
    Ok(Json(json!({ "games": list })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TimeRequest {
    kind: String,
    base_s: Option<i64>,
    increment_s: Option<i64>,
    days: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    variant: String,
    time: Option<TimeRequest>,
    color: Option<String>,
    opponent: String,
    level: Option<i64>,
    name: Option<String>,
}

fn time_control(t: Option<&TimeRequest>) -> Result<TimeControl, Fail> {
    let Some(t) = t else {
        return Ok(TimeControl {
            kind: TimeKind::None,
            base_ms: 0,
            increment_ms: 0,
        });
    };
    match t.kind.as_str() {
        "none" => Ok(TimeControl {
            kind: TimeKind::None,
            base_ms: 0,
            increment_ms: 0,
        }),
        "clock" => {
            let base = t.base_s.ok_or_else(|| bad("a clock needs base_s"))?;
            let inc = t.increment_s.unwrap_or(0);
            if !(1..=3 * 3600).contains(&base) {
                return Err(bad(format!("base_s {base} out of range 1..=10800")));
            }
            if !(0..=180).contains(&inc) {
                return Err(bad(format!("increment_s {inc} out of range 0..=180")));
            }
            Ok(TimeControl {
                kind: TimeKind::Clock,
                base_ms: base * 1000,
                increment_ms: inc * 1000,
            })
        }
        "correspondence" => {
            let days = t.days.ok_or_else(|| bad("correspondence needs days"))?;
            if !(1..=14).contains(&days) {
                return Err(bad(format!("days {days} out of range 1..=14")));
            }
            Ok(TimeControl {
                kind: TimeKind::Correspondence,
                base_ms: days * 86_400_000,
                increment_ms: 0,
            })
        }
        k => Err(bad(format!(
            "unknown time kind {k:?}: none, clock or correspondence"
        ))),
    }
}

async fn create(
    State(live): Shared,
    ClientIp(ip): ClientIp,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, Fail> {
    let req: CreateRequest = body(b)?;
    let variant =
        registry::find(&req.variant).map_err(|e| Fail(StatusCode::NOT_FOUND, e.to_string()))?;
    let time = time_control(req.time.as_ref())?;
    let opponent = Opponent::parse(&req.opponent).ok_or_else(|| {
        bad(format!(
            "unknown opponent {:?}: invite, open or engine",
            req.opponent
        ))
    })?;
    let level = req.level.unwrap_or(3);
    if !(1..=8).contains(&level) {
        return Err(bad(format!("level {level} out of range 1..=8")));
    }
    let name = nickname(req.name.as_deref())?;
    let seat: usize = match req.color.as_deref().unwrap_or("random") {
        "white" => 0,
        "black" => 1,
        "random" => usize::from(random_hex(1)?.as_bytes()[1] % 2 == 1),
        c => return Err(bad(format!("unknown color {c:?}: white, black or random"))),
    };
    let entries = live.entries();
    if entries.len() >= live.config.max_games {
        return Err(Fail(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server holds {} games; try later",
                live.config.max_games
            ),
        ));
    }
    if let Some(ip) = ip {
        let mine = entries
            .iter()
            .filter(|(_, e)| e.creator == Some(ip) && lock(&e.game).row.status != Status::Over)
            .count();
        if mine >= live.config.max_games_per_client {
            return Err(Fail(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "at most {} unfinished games per client",
                    live.config.max_games_per_client
                ),
            ));
        }
    }
    let token = random_hex(16)?;
    let mut names = [None, None];
    let mut tokens = [None, None];
    names[seat] = Some(name);
    tokens[seat] = Some(token.clone());
    if opponent == Opponent::Engine {
        names[1 - seat] = Some(format!("fairy engine (level {level})"));
    }
    let row = GameRow {
        id: random_hex(8)?,
        variant: variant.id().to_owned(),
        start_position: variant.start_notation(),
        time,
        opponent,
        engine_level: level,
        names,
        tokens,
        status: if opponent == Opponent::Engine {
            Status::Playing
        } else {
            Status::Waiting
        },
        result: "*".into(),
        termination: None,
        clocks: [time.base_ms; 2],
        created_at: now_ms(),
        finished_at: None,
        rematch_of: None,
        revision: 0,
    };
    let g = LiveGame::restore(row.clone(), &[], live.config.max_plies)
        .map_err(|e| Fail(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    live.db.create(&row)?;
    let entry = live.insert(g, ip);
    live.engine_turn(&entry);
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": row.id, "token": token, "seat": seat, "url": format!("/play/{}", row.id) })),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: Option<String>,
}

async fn join(
    State(live): Shared,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, Fail> {
    let req: JoinRequest = body(b)?;
    let name = nickname(req.name.as_deref())?;
    let entry = live.entry(&id)?;
    let token = random_hex(16)?;
    let seat = {
        let mut g = lock(&entry.game);
        if g.row.status != Status::Waiting {
            return Err(Fail(
                StatusCode::CONFLICT,
                "no free seat: the game has started or ended".into(),
            ));
        }
        let seat = g
            .row
            .tokens
            .iter()
            .position(Option::is_none)
            .ok_or_else(|| Fail(StatusCode::CONFLICT, "no free seat".into()))?;
        let mut row = g.row.clone();
        row.tokens[seat] = Some(token.clone());
        row.names[seat] = Some(name);
        row.status = Status::Playing;
        row.revision += 1;
        if let Err(e) = live.db.update(&row) {
            g.reload(live.db.as_ref());
            drop(g);
            entry.notify();
            return Err(e.into());
        }
        g.row = row;
        seat
    };
    entry.notify();
    Ok(Json(json!({ "id": id, "token": token, "seat": seat })))
}

/// How a viewer's states are drawn, from the query of its URL.
#[derive(Clone, Copy, Debug)]
struct Drawing {
    /// `stack=1`: the levels of a layered board one below the other (a narrow screen).
    stacked: bool,
    /// Whether states carry the picture (`svg=0` leaves it out, `"svg": null`: for
    /// programs that read the squares, such as bots, which spares the server the 20 KB
    /// or so of every state).
    svg: bool,
}

impl Drawing {
    fn of(q: &HashMap<String, String>) -> Drawing {
        Drawing {
            stacked: crate::board::stacked(q),
            svg: !q.get("svg").is_some_and(|v| v == "0" || v == "false"),
        }
    }
}

/// Everything a viewer sees of a game, as JSON text; `you` is the viewer's seat (drawn at
/// the bottom), `drawing` how (and whether) its picture is drawn, and
/// `extra` more members written before the closing brace (`,"t":"state"`, or empty).
///
/// The position's description, its legal moves and its pictures are built once per
/// change of the game (kept in [`Entry::views`]) whoever looks; what differs between
/// viewers (the seat, the clocks at `now`, offers) is written for each. Only the player to
/// move is sent the legal moves.
fn view(
    entry: &Entry,
    g: &LiveGame,
    you: Option<u8>,
    now: i64,
    drawing: Drawing,
    extra: &str,
) -> String {
    let stacked = drawing.stacked;
    let bottom = you.unwrap_or(0);
    let flip = (bottom == 1) != entry.white_on_top;
    let layout = picture::Layout {
        flipped: flip,
        stacked,
    };
    let r = &g.row;
    let mut cache = lock(&entry.views);
    let key = (g.version, r.revision);
    if cache.key != Some(key) {
        *cache = ViewCache {
            key: Some(key),
            ..ViewCache::default()
        };
    }
    if cache.base.is_empty() {
        let level = r.engine_level.clamp(1, 8) as u32;
        let limits = crate::store::EngineLimits {
            depth: Some(level),
            ms: Some(250 * u64::from(level)),
        };
        let mut v = crate::api::describe_position(&g.game, g.players, limits);
        if let Some(o) = v.as_object_mut() {
            o.remove("over");
            cache.result = o.remove("result").unwrap_or(Value::Null).to_string();
        }
        let mut text = v.to_string();
        text.pop();
        cache.base = text;
    }
    let live = json!({
        "status": r.status.as_str(),
        "time": time_json(&r.time),
        "clocks": g.clocks(now),
        "running": g.running(),
        "names": r.names,
        "engine": [g.is_engine(0), g.is_engine(1)],
        "opponent": r.opponent.as_str(),
        "you": you,
        "check": g.session().is_check(),
        "draw_offer": g.draw_offer(),
        "takeback_offer": g.takeback_offer,
        "rematch_offer": g.rematch_offer,
        "can_abort": you.is_some_and(|s| g.can_abort(s)),
        "result": r.result,
        "termination": r.termination,
        "rematch": g.rematch.as_ref().map(|(id, tokens)| json!({
            "id": id,
            "token": you.and_then(|s| tokens[usize::from(s)].clone()),
        })),
        "rematch_of": r.rematch_of,
        "free": if r.status == Status::Waiting { r.tokens.iter().position(Option::is_none) } else { None },
    });
    let mut out = String::with_capacity(cache.base.len() + 16 * 1024);
    out.push_str(&cache.base);
    out.push_str(&format!(
        ",\"flipped\":{flip},\"id\":{},\"live\":{live}",
        json!(r.id)
    ));
    // A finished game's result is the live one (time, resignation, agreement, abort).
    if r.status == Status::Over {
        out.push_str(&format!(
            ",\"over\":true,\"result\":{},\"moves\":[]",
            json!({ "token": r.result, "text": r.termination })
        ));
    } else {
        out.push_str(&format!(
            ",\"over\":{},\"result\":{}",
            g.game.is_over(),
            cache.result
        ));
        out.push_str(",\"moves\":");
        if you == Some(g.to_move()) && r.status == Status::Playing {
            let moves = cache
                .moves
                .get_or_insert_with(|| crate::api::legal_moves_json(&g.game).to_string());
            out.push_str(moves);
        } else {
            out.push_str("[]");
        }
    }
    out.push_str(",\"svg\":");
    if drawing.svg {
        let svg = cache.svg[usize::from(flip) * 2 + usize::from(stacked)]
            .get_or_insert_with(|| json!(crate::api::board_svg(&g.game, layout)).to_string());
        out.push_str(svg);
    } else {
        out.push_str("null");
    }
    out.push_str(extra);
    out.push('}');
    out
}

async fn state(
    State(live): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Response, Fail> {
    let q = q.map_err(|r| Fail(r.status(), r.body_text()))?.0;
    let entry = live.entry(&id)?;
    let g = lock(&entry.game);
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        view(&entry, &g, None, now_ms(), Drawing::of(&q), ""),
    )
        .into_response())
}

async fn record_text(State(live): Shared, Path(id): Path<String>) -> Result<Response, Fail> {
    let entry = live.entry(&id)?;
    let g = lock(&entry.game);
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"{}-{}.txt\"",
                    g.row.variant, g.row.id
                ),
            ),
        ],
        g.record(),
    )
        .into_response())
}

async fn svg(
    State(live): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Response, Fail> {
    let q = q.map_err(|r| Fail(r.status(), r.body_text()))?.0;
    let entry = live.entry(&id)?;
    let (variant, start, history) = {
        let g = lock(&entry.game);
        (
            g.game.variant(),
            g.session().start_notation(),
            g.session().history(),
        )
    };
    let n = match q.get("ply") {
        None => history.len(),
        Some(p) => p
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= history.len())
            .ok_or_else(|| bad(format!("ply {p:?} out of range 0..={}", history.len())))?,
    };
    let layout = crate::board::layout(&q, variant.id());
    let mut s = variant
        .session(Some(&start))
        .map_err(|e| bad(e.to_string()))?;
    for m in &history[..n] {
        s.apply(m).map_err(|e| bad(e.to_string()))?;
    }
    let text = picture::styled_svg_in(s.as_ref(), &crate::board::last_turn(s.as_ref()), layout)
        .ok_or_else(|| Fail(StatusCode::NOT_FOUND, "this variant has no picture".into()))?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], text).into_response())
}

async fn ws(
    State(live): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, Fail> {
    let q = q.map_err(|r| Fail(r.status(), r.body_text()))?.0;
    let drawing = Drawing::of(&q);
    let entry = live.entry(&id)?;
    let upgrade = upgrade.map_err(|r| Fail(r.status(), r.body_text()))?;
    let max = live.config.max_frame;
    Ok(upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| connection(live, entry, socket, drawing)))
}

/// A message from a viewer.
#[derive(Deserialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
enum Request {
    Hello {
        token: String,
        n: Option<u64>,
    },
    Move {
        #[serde(rename = "move")]
        mv: String,
        n: Option<u64>,
    },
    Resign {
        n: Option<u64>,
    },
    Draw {
        n: Option<u64>,
    },
    Decline {
        n: Option<u64>,
    },
    Abort {
        n: Option<u64>,
    },
    Takeback {
        n: Option<u64>,
    },
    Rematch {
        n: Option<u64>,
    },
    Ping {
        n: Option<u64>,
    },
    Sync {
        n: Option<u64>,
    },
}

/// A token bucket of messages.
struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

async fn send(socket: &mut WebSocket, v: &Value) -> bool {
    send_text(socket, v.to_string()).await
}

async fn send_text(socket: &mut WebSocket, text: String) -> bool {
    socket.send(Message::Text(text.into())).await.is_ok()
}

/// The answer to a message: a JSON value, or a state already written as JSON text.
enum Reply {
    /// `ok`, `welcome`, `pong` or `error`.
    Json(Value),
    /// A `state` (the answer to `sync`).
    Text(String),
}

/// Serves one viewer until it leaves (`drawing`: how its pictures are drawn, if at all).
async fn connection(live: Arc<Live>, entry: Arc<Entry>, mut socket: WebSocket, drawing: Drawing) {
    let mut rx = entry.changed.subscribe();
    let mut seat: Option<u8> = None;
    let mut bucket = Bucket {
        tokens: f64::from(live.config.message_burst),
        last: Instant::now(),
        rate: f64::from(live.config.messages_per_second),
        burst: f64::from(live.config.message_burst),
    };
    let mut refused_in_a_row = 0u32;
    let mut heartbeat = tokio::time::interval(Duration::from_secs(25));
    let state = |seat: Option<u8>| {
        let g = lock(&entry.game);
        view(&entry, &g, seat, now_ms(), drawing, ",\"t\":\"state\"")
    };
    if !send_text(&mut socket, state(seat)).await {
        return;
    }
    loop {
        tokio::select! {
            changed = rx.changed() => {
                if changed.is_err() || !send_text(&mut socket, state(seat)).await {
                    return;
                }
            }
            _ = heartbeat.tick() => {
                if socket.send(Message::Ping(Bytes::new())).await.is_err() {
                    return;
                }
            }
            msg = socket.recv() => {
                let text = match msg {
                    None | Some(Ok(Message::Close(_))) => return,
                    Some(Err(e)) => {
                        let _ = socket.send(Message::Close(Some(CloseFrame {
                            code: 1009,
                            reason: format!("{e}").chars().take(100).collect::<String>().into(),
                        }))).await;
                        return;
                    }
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        if !send(&mut socket, &json!({"t": "error", "error": "binary messages are not read: send JSON text"})).await {
                            return;
                        }
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                if !bucket.take() {
                    refused_in_a_row += 1;
                    if refused_in_a_row > 200 {
                        let _ = socket.send(Message::Close(Some(CloseFrame {
                            code: 1008,
                            reason: "too many messages".into(),
                        }))).await;
                        return;
                    }
                    if refused_in_a_row == 1 && !send(&mut socket, &json!({"t": "error", "error": format!(
                        "too many messages: at most {} a second; ignored", live.config.messages_per_second)})).await {
                        return;
                    }
                    continue;
                }
                refused_in_a_row = 0;
                let reply = if text.len() > live.config.max_message {
                    Reply::Json(json!({"t": "error", "error": format!("message of {} bytes: at most {} are read", text.len(), live.config.max_message)}))
                } else {
                    // Off the async workers: a write waits for the disk (its batch's
                    // commit), and the other connections go on meanwhile.
                    let (l, e, t, s) = (live.clone(), entry.clone(), text.to_string(), seat);
                    match tokio::task::spawn_blocking(move || {
                        let mut s = s;
                        let reply = handle(&l, &e, &mut s, &t, drawing);
                        (reply, s)
                    })
                    .await
                    {
                        Ok((reply, s)) => {
                            seat = s;
                            reply
                        }
                        Err(e) => Reply::Json(json!({"t": "error", "error": format!("the message was not handled: {e}")})),
                    }
                };
                let welcome = matches!(&reply, Reply::Json(v) if v["t"] == "welcome");
                let sent = match reply {
                    Reply::Json(v) => send(&mut socket, &v).await,
                    Reply::Text(t) => send_text(&mut socket, t).await,
                };
                if !sent || (welcome && !send_text(&mut socket, state(seat)).await) {
                    return;
                }
            }
        }
    }
}

/// Does what one message asks and returns the reply (`ok`, `welcome`, `pong`, `state` or
/// `error`); a `sync` answers with the state drawn as `drawing` says.
fn handle(
    live: &Arc<Live>,
    entry: &Arc<Entry>,
    seat: &mut Option<u8>,
    text: &str,
    drawing: Drawing,
) -> Reply {
    Reply::Json(match handle_json(live, entry, seat, text, drawing) {
        Ok(v) => v,
        Err(text) => return Reply::Text(text),
    })
}

/// [`handle`]'s answer as a value, or (`Err`) a state as JSON text.
fn handle_json(
    live: &Arc<Live>,
    entry: &Arc<Entry>,
    seat: &mut Option<u8>,
    text: &str,
    drawing: Drawing,
) -> Result<Value, String> {
    let req: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            return Ok(json!({"t": "error", "error": format!("unreadable message: {e}")}));
        }
    };
    let err = |n: Option<u64>, e: String| json!({"t": "error", "n": n, "error": e});
    let ok = |n: Option<u64>| json!({"t": "ok", "n": n});
    let (n, action): (Option<u64>, &str) = match &req {
        Request::Hello { token, n } => {
            let seat_of = |g: &LiveGame| {
                g.row
                    .tokens
                    .iter()
                    .position(|t| t.as_deref().is_some_and(|t| same_token(t, token)))
            };
            let mut g = lock(&entry.game);
            let mut found = seat_of(&g);
            // A seat taken through another server a moment ago may not be announced here
            // yet: the game is read again before the token is refused.
            let mut reread = false;
            if found.is_none() && live.db.shared() {
                reread = g.reload(live.db.as_ref());
                found = seat_of(&g);
            }
            drop(g);
            if reread {
                entry.notify();
            }
            return Ok(match found {
                Some(s) => {
                    *seat = Some(s as u8);
                    json!({"t": "welcome", "n": n, "seat": s})
                }
                None => err(
                    *n,
                    "this seat token is not valid for this game; you are watching".into(),
                ),
            });
        }
        Request::Ping { n } => return Ok(json!({"t": "pong", "n": n, "time": now_ms()})),
        Request::Sync { n } => {
            let g = lock(&entry.game);
            let extra = format!(",\"n\":{},\"t\":\"state\"", json!(n));
            return Err(view(entry, &g, *seat, now_ms(), drawing, &extra));
        }
        Request::Move { n, .. } => (*n, "move"),
        Request::Resign { n } => (*n, "resign"),
        Request::Draw { n } => (*n, "offer or accept a draw"),
        Request::Decline { n } => (*n, "decline"),
        Request::Abort { n } => (*n, "abort"),
        Request::Takeback { n } => (*n, "take back"),
        Request::Rematch { n } => (*n, "ask for a rematch"),
    };
    let Some(side) = *seat else {
        return Ok(err(
            n,
            format!("only a player can {action}: send your seat token first (hello)"),
        ));
    };
    let db = live.db.as_ref();
    let now = now_ms();
    let mut rematch_row = None;
    let result = {
        let mut g = lock(&entry.game);
        match &req {
            Request::Move { mv, .. } => g.play(db, side, mv, now).map(|_| ()),
            Request::Resign { .. } => g.resign(db, side, now),
            Request::Draw { .. } => g.draw(db, side, now),
            Request::Decline { .. } => g.decline(side),
            Request::Abort { .. } => g.abort(db, side, now),
            Request::Takeback { .. } => g.takeback(db, side, now).map(|_| ()),
            Request::Rematch { .. } => match (random_hex(8), random_hex(16), random_hex(16)) {
                (Ok(id), Ok(t0), Ok(t1)) => match g.rematch(side, id, [t0, t1]) {
                    Ok(Some(row)) => {
                        match LiveGame::restore(row.clone(), &[], live.config.max_plies)
                            .map_err(LiveError::Refused)
                            .and_then(|ng| db.create(&row).map(|_| ng).map_err(LiveError::Db))
                        {
                            Ok(ng) => {
                                rematch_row = Some(ng);
                                Ok(())
                            }
                            Err(e) => {
                                g.rematch = None;
                                Err(e)
                            }
                        }
                    }
                    Ok(None) => Ok(()),
                    Err(e) => Err(e),
                },
                _ => Err(LiveError::Refused("no random numbers".into())),
            },
            Request::Hello { .. } | Request::Ping { .. } | Request::Sync { .. } => Ok(()),
        }
    };
    match result {
        Ok(()) => {
            if let Some(ng) = rematch_row {
                let e = live.insert(ng, entry.creator);
                live.engine_turn(&e);
            }
            entry.notify();
            live.engine_turn(entry);
            Ok(ok(n))
        }
        Err(e) => {
            // A clock that fell while refusing still ends the game for everyone.
            entry.notify();
            Ok(err(n, e.to_string()))
        }
    }
}
