//! The routes: the page, its script and style, and the JSON API (docs/web-api.md).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use fairy::driver::DriverError;
use fairy::{picture, record, registry, Limits, Match, MatchOptions, RecordText, Session, Variant};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::board;
use crate::store::{lock, EngineLimits, Game, Player, Store};

const PAGE: &str = include_str!("../static/index.html");
const SCRIPT: &str = include_str!("../static/app.js");
const STYLE: &str = include_str!("../static/style.css");
const BACKEND_SERVER: &str = include_str!("../static/backend-server.js");
const BACKEND_WASM: &str = include_str!("../static/backend-wasm.js");
const WORKER: &str = include_str!("../static/worker.js");
/// What the page's body says of its backends as written (the static build's: the module
/// beside the page, no server); the server says its own.
const PAGE_BACKENDS: &str = r#"<body data-wasm="wasm/" data-server="">"#;

/// An error answer: a status and one line of text, sent as `{"error": "..."}`.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl ApiError {
    fn bad(msg: impl Into<String>) -> ApiError {
        ApiError(StatusCode::BAD_REQUEST, msg.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let line = self.1.replace(['\n', '\r'], " ");
        (self.0, Json(json!({ "error": line }))).into_response()
    }
}

impl From<DriverError> for ApiError {
    fn from(e: DriverError) -> ApiError {
        match e {
            DriverError::Move(e) => e.into(),
            other => ApiError(StatusCode::CONFLICT, other.to_string()),
        }
    }
}

impl From<fairy::Error> for ApiError {
    fn from(e: fairy::Error) -> ApiError {
        let status = match e {
            fairy::Error::UnknownVariant { .. } | fairy::Error::NotBuilt(_) => {
                StatusCode::NOT_FOUND
            }
            fairy::Error::Move(_) => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError(status, e.to_string())
    }
}

type ApiResult<T = Response> = Result<T, ApiError>;
type Shared = State<Arc<Store>>;

/// The router over `store`.
pub fn router_with(store: Arc<Store>) -> Router {
    let limit = store.config.max_body;
    Router::new()
        .route("/", get(page))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route(
            "/backend-server.js",
            get(|| async { javascript(BACKEND_SERVER) }),
        )
        .route(
            "/backend-wasm.js",
            get(|| async { javascript(BACKEND_WASM) }),
        )
        .route("/worker.js", get(|| async { javascript(WORKER) }))
        .route("/wasm/fairy_wasm.js", get(wasm_glue))
        .route("/wasm/fairy_wasm_bg.wasm", get(wasm_binary))
        .route("/api/variants", get(variants))
        .route("/api/games", post(new_game))
        .route("/api/games/record", post(upload_record))
        .route("/api/games/{id}", get(state).delete(delete))
        .route("/api/games/{id}/moves", get(moves))
        .route("/api/games/{id}/play", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/engine", post(engine))
        .route("/api/games/{id}/settings", post(settings))
        .route("/api/games/{id}/position", get(position))
        .route("/api/games/{id}/record", get(record_out))
        .route("/api/games/{id}/svg", get(svg))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limit))
        .with_state(store)
}

/// The page, saying whether the module is offered (`data-wasm`) and that a server is
/// there (`data-server`).
async fn page(State(store): Shared) -> Response {
    let wasm = if store.config.wasm.is_some() {
        "wasm/"
    } else {
        ""
    };
    let page = PAGE.replace(
        PAGE_BACKENDS,
        &format!(r#"<body data-wasm="{wasm}" data-server="1">"#),
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}
fn javascript(text: &'static str) -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        text,
    )
        .into_response()
}
async fn script() -> Response {
    javascript(SCRIPT)
}
/// The module's JavaScript glue, or 404 when the server has no module.
async fn wasm_glue(State(store): Shared) -> Response {
    match &store.config.wasm {
        Some(m) => (
            [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
            m.glue.to_string(),
        )
            .into_response(),
        None => no_module(),
    }
}
/// The compiled module, or 404 when the server has no module.
async fn wasm_binary(State(store): Shared) -> Response {
    match &store.config.wasm {
        Some(m) => (
            [(header::CONTENT_TYPE, "application/wasm")],
            Bytes::from(m.binary.to_vec()),
        )
            .into_response(),
        None => no_module(),
    }
}
fn no_module() -> Response {
    ApiError(
        StatusCode::NOT_FOUND,
        "this server offers no WebAssembly module (fairy serve --wasm DIR)".into(),
    )
    .into_response()
}
async fn style() -> Response {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE).into_response()
}
async fn not_found() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "no such route".into())
}
async fn method_not_allowed() -> ApiError {
    ApiError(
        StatusCode::METHOD_NOT_ALLOWED,
        "method not allowed on this route".into(),
    )
}

/// Reads a JSON body; an empty body is `{}`.
fn body<T: for<'de> Deserialize<'de>>(bytes: Result<Bytes, BytesRejection>) -> ApiResult<T> {
    let bytes = bytes.map_err(|r| ApiError(r.status(), r.body_text()))?;
    let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &bytes
    };
    serde_json::from_slice(text).map_err(|e| ApiError::bad(format!("malformed JSON body: {e}")))
}

fn query(
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult<HashMap<String, String>> {
    q.map(|Query(m)| m)
        .map_err(|r| ApiError(r.status(), r.body_text()))
}

fn game(store: &Store, id: &str) -> ApiResult<Arc<std::sync::Mutex<Game>>> {
    store
        .get(id)
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("unknown game {id:?}")))
}

async fn variants() -> Json<Value> {
    let list: Vec<Value> = registry::built()
        .iter()
        .map(|v| {
            json!({
                "id": v.id(),
                "description": v.description(),
                "sides": v.side_names(),
                "start": v.start_notation(),
            })
        })
        .collect();
    Json(Value::Array(list))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: String,
    position: Option<String>,
    players: Option<[Player; 2]>,
    engine: Option<EngineLimits>,
}

/// Checks engine limits against the server's caps.
fn check_limits(store: &Store, l: &EngineLimits) -> ApiResult<()> {
    if let Some(d) = l.depth {
        if d == 0 || d > store.config.max_depth {
            return Err(ApiError::bad(format!(
                "engine depth {d} out of range 1..={}",
                store.config.max_depth
            )));
        }
    }
    if let Some(ms) = l.ms {
        if ms == 0 || ms > store.config.max_ms {
            return Err(ApiError::bad(format!(
                "engine time {ms} ms out of range 1..={}",
                store.config.max_ms
            )));
        }
    }
    Ok(())
}

/// The engine's limits when a game names none: a second a move, or the server's cap.
fn default_limits(store: &Store) -> EngineLimits {
    EngineLimits {
        depth: None,
        ms: Some(store.config.max_ms.min(1000)),
    }
}

async fn new_game(
    State(store): Shared,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let q = query(q)?;
    let req: NewGame = body(b)?;
    let variant = registry::find(&req.variant)?;
    let session = variant.session(req.position.as_deref())?;
    let limits = req.engine.unwrap_or_else(|| default_limits(&store));
    check_limits(&store, &limits)?;
    let players = req.players.unwrap_or([Player::Human, Player::Engine]);
    let g = Game {
        variant,
        game: new_match(&store, variant, session, players),
        players,
        limits,
        version: 0,
        last_used: Instant::now(),
    };
    let view = describe_game(&g, &q);
    let id = store.insert(g);
    Ok((StatusCode::CREATED, Json(with_id(view, &id))).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Upload {
    record: String,
    variant: Option<String>,
    players: Option<[Player; 2]>,
    engine: Option<EngineLimits>,
}

async fn upload_record(
    State(store): Shared,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let q = query(q)?;
    let req: Upload = body(b)?;
    let rec = RecordText::parse(&req.record).map_err(fairy::Error::from)?;
    let id = req
        .variant
        .as_deref()
        .or(rec.tag("Variant"))
        .ok_or_else(|| ApiError::bad("the record has no Variant tag; give \"variant\""))?
        .to_owned();
    let variant = registry::find(&id)?;
    if rec.moves.len() > store.config.max_plies {
        return Err(ApiError::bad(format!(
            "the record has {} moves; at most {} are kept",
            rec.moves.len(),
            store.config.max_plies
        )));
    }
    let session = record::replay(&rec, variant)?;
    let limits = req.engine.unwrap_or_else(|| default_limits(&store));
    check_limits(&store, &limits)?;
    let players = req.players.unwrap_or([Player::Human, Player::Human]);
    let g = Game {
        variant,
        game: new_match(&store, variant, session, players),
        players,
        limits,
        version: 0,
        last_used: Instant::now(),
    };
    let view = describe_game(&g, &q);
    let id = store.insert(g);
    Ok((StatusCode::CREATED, Json(with_id(view, &id))).into_response())
}

/// The driver of a game of the page: the server's length cap, no clock.
fn new_match(
    store: &Store,
    variant: &'static dyn Variant,
    session: Box<dyn Session>,
    players: [Player; 2],
) -> Match {
    let options = MatchOptions {
        max_plies: Some(store.config.max_plies),
        ..MatchOptions::default()
    };
    Match::from_session(
        variant,
        session,
        players.map(|p| player_name(p).to_owned()),
        options,
    )
}

fn with_id(mut v: Value, id: &str) -> Value {
    v["id"] = json!(id);
    v
}

async fn state(
    State(store): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    let q = query(q)?;
    let g = game(&store, &id)?;
    let v = describe_game(&lock(&g), &q);
    Ok(Json(with_id(v, &id)))
}

async fn delete(State(store): Shared, Path(id): Path<String>) -> ApiResult<StatusCode> {
    if store.remove(&id) {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError(
            StatusCode::NOT_FOUND,
            format!("unknown game {id:?}"),
        ))
    }
}

async fn moves(
    State(store): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    let q = query(q)?;
    let g = game(&store, &id)?;
    let g = lock(&g);
    let list = g
        .game
        .session()
        .legal_moves(q.get("from").map(String::as_str))?;
    Ok(Json(json!({ "moves": list })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Play {
    #[serde(rename = "move")]
    mv: String,
}

async fn play(
    State(store): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let q = query(q)?;
    let req: Play = body(b)?;
    let g = game(&store, &id)?;
    let mut g = lock(&g);
    // The page plays for whichever side is to move; the driver ends the game at the cap.
    let side = g.game.side_to_move();
    let text = g.game.play(side, &req.mv, 0)?;
    g.version += 1;
    let mut v = describe_game(&g, &q);
    v["played"] = json!(text);
    Ok(Json(with_id(v, &id)))
}

async fn undo(
    State(store): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    let q = query(q)?;
    let g = game(&store, &id)?;
    let mut g = lock(&g);
    if !g.game.undo_move(0) {
        return Err(ApiError(
            StatusCode::CONFLICT,
            "no move to take back".into(),
        ));
    }
    g.version += 1;
    Ok(Json(with_id(describe_game(&g, &q), &id)))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct EngineRequest {
    depth: Option<u32>,
    ms: Option<u64>,
}

async fn engine(
    State(store): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let q = query(q)?;
    let req: EngineRequest = body(b)?;
    let asked = EngineLimits {
        depth: req.depth,
        ms: req.ms,
    };
    check_limits(&store, &asked)?;
    let g = game(&store, &id)?;
    let (variant, start, history, version, limits) = {
        let g = lock(&g);
        if let Some(end) = g.game.describe() {
            return Err(ApiError(
                StatusCode::CONFLICT,
                format!("the game is over: {end}"),
            ));
        }
        let limits = if asked.depth.is_none() && asked.ms.is_none() {
            g.limits
        } else {
            asked
        };
        (
            g.variant,
            g.game.session().start_notation(),
            g.game.moves(),
            g.version,
            limits,
        )
    };
    let cap = store.config.max_ms;
    let limits = Limits {
        depth: limits.depth,
        // Every search is capped in time, whatever depth it asks for.
        movetime: Some(Duration::from_millis(limits.ms.unwrap_or(cap).min(cap))),
        nodes: None,
        soft_movetime: None,
    };
    let permit = store
        .engine
        .acquire()
        .await
        .map_err(|_| ApiError(StatusCode::SERVICE_UNAVAILABLE, "engine closed".into()))?;
    let found = tokio::task::spawn_blocking(move || {
        let copy = replay(variant, &start, &history)?;
        Ok::<_, ApiError>(copy.engine_move(&limits))
    })
    .await
    .map_err(|e| {
        ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("engine failed: {e}"),
        )
    })??;
    drop(permit);
    let found = found.ok_or_else(|| ApiError(StatusCode::CONFLICT, "no legal move".into()))?;
    let mut g = lock(&g);
    if g.version != version {
        return Err(ApiError(
            StatusCode::CONFLICT,
            "the game changed while the engine was thinking".into(),
        ));
    }
    let side = g.game.side_to_move();
    let text = g.game.play(side, &found.text, 0)?;
    g.version += 1;
    let mut v = describe_game(&g, &q);
    v["played"] = json!(text);
    v["search"] = json!({
        "move": text,
        "score": found.score,
        "depth": found.depth,
        "nodes": found.nodes,
        "ms": found.elapsed.as_millis() as u64,
        "pv": found.pv,
    });
    Ok(Json(with_id(v, &id)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    players: Option<[Player; 2]>,
    engine: Option<EngineLimits>,
}

async fn settings(
    State(store): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let q = query(q)?;
    let req: Settings = body(b)?;
    if let Some(l) = &req.engine {
        check_limits(&store, l)?;
    }
    let g = game(&store, &id)?;
    let mut g = lock(&g);
    if let Some(p) = req.players {
        g.players = p;
        g.game.set_players(p.map(|p| player_name(p).to_owned()));
    }
    if let Some(l) = req.engine {
        g.limits = l;
    }
    Ok(Json(with_id(describe_game(&g, &q), &id)))
}

/// A fresh session of `variant` from `start` with `history` played.
fn replay(
    variant: &'static dyn Variant,
    start: &str,
    history: &[String],
) -> ApiResult<Box<dyn Session>> {
    let mut s = variant.session(Some(start))?;
    for m in history {
        s.apply(m)?;
    }
    Ok(s)
}

async fn position(State(store): Shared, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let g = game(&store, &id)?;
    let g = lock(&g);
    Ok(Json(json!({ "position": g.game.session().notation() })))
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Human => "human",
        Player::Engine => "fairy engine",
    }
}

async fn record_out(State(store): Shared, Path(id): Path<String>) -> ApiResult {
    let g = game(&store, &id)?;
    let g = lock(&g);
    let rec = g.game.record();
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        rec.to_string(),
    )
        .into_response())
}

async fn svg(
    State(store): Shared,
    Path(id): Path<String>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> ApiResult {
    let q = query(q)?;
    let g = game(&store, &id)?;
    let g = lock(&g);
    let layout = board::layout(&q, g.variant.id());
    let text = match q.get("ply") {
        None => {
            let s = g.game.session();
            picture::styled_svg_in(s, &board::last_turn(s), layout)
        }
        Some(p) => {
            let history = g.game.moves();
            let n: usize = p
                .parse()
                .ok()
                .filter(|&n| n <= history.len())
                .ok_or_else(|| {
                    ApiError::bad(format!("ply {p:?} out of range 0..={}", history.len()))
                })?;
            let s = replay(g.variant, &g.game.session().start_notation(), &history[..n])?;
            picture::styled_svg_in(s.as_ref(), &board::last_turn(s.as_ref()), layout)
        }
    }
    .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, "this variant has no picture".into()))?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], text).into_response())
}

/// The squares of the last move, as indices.
fn last_move_squares(s: &dyn Session) -> Vec<u16> {
    s.history()
        .last()
        .and_then(|m| picture::move_squares(s, m).ok())
        .unwrap_or_default()
}

/// Everything the page shows of a game.
/// Everything the page shows of `g`, laid out as the query `q` asks ([`board::layout`]).
pub(crate) fn describe_game(g: &Game, q: &HashMap<String, String>) -> Value {
    describe_session(
        &g.game,
        g.players,
        g.limits,
        board::layout(q, g.variant.id()),
    )
}

/// Everything the page shows of the game `m` (shared by live games): besides the position
/// and the legal moves, the squares of the last turn (`last_turn`, every Regicide
/// sub-move), of the kings in check (`check_squares`) and the pieces each side lost
/// (`captured`, white's first).
pub(crate) fn describe_session(
    m: &Match,
    players: [Player; 2],
    limits: EngineLimits,
    layout: picture::Layout,
) -> Value {
    let mut v = describe_position(m, players, limits);
    v["moves"] = legal_moves_json(m);
    v["svg"] = json!(board_svg(m, layout));
    v
}

/// The names of the board's cells, index `i` at place `i` (empty where there is none).
fn cell_names(s: &dyn fairy::Session) -> Vec<String> {
    let mut names = Vec::new();
    if let Some(view) = s.board_view() {
        for c in &view.cells {
            let i = usize::from(c.square);
            if names.len() <= i {
                names.resize(i + 1, String::new());
            }
            names[i].clone_from(&c.name);
        }
    }
    names
}

/// What [`describe_session`] says of `m` except the legal moves (`moves`) and the picture
/// (`svg`): the parts every viewer of a position shares, whatever its side and layout.
pub(crate) fn describe_position(m: &Match, players: [Player; 2], limits: EngineLimits) -> Value {
    let variant = m.variant();
    let s = m.session();
    let id = variant.id();
    let names = cell_names(s);
    let name_of = |sq: u16| names.get(usize::from(sq)).cloned().unwrap_or_default();
    let notation = s.notation();
    let last: Vec<String> = last_move_squares(s).into_iter().map(name_of).collect();
    let last_turn = board::last_turn(s);
    let sides = [
        s.side_name(fairy::Color::White),
        s.side_name(fairy::Color::Black),
    ];
    json!({
        "variant": id,
        "description": variant.description(),
        "sides": sides,
        "players": players,
        "engine": limits,
        "position": notation,
        "start": s.start_notation(),
        "to_move": s.side_to_move().index(),
        "to_move_name": s.side_name(s.side_to_move()),
        "front": picture::front_to_move(s),
        "turn_moves": picture::turn_moves(s),
        "history": s.history(),
        "movers": s.movers().iter().map(|c| c.index()).collect::<Vec<_>>(),
        "last_move": last,
        "status": picture::status(s),
        "over": m.is_over(),
        "result": m.termination().map(|t| json!({
            "token": t.result.token(),
            "text": t.describe(sides),
            "reason": t.reason_text(sides),
            "termination": t,
        })),
        "last_turn": board::names(s, &last_turn),
        "check_squares": board::names(s, &picture::kings_in_check(s)),
        "captured": board::captured(s, variant.session(Some(&s.start_notation())).ok()),
    })
}

/// The legal moves of `m`'s position as the page reads them: text, the names of the
/// squares left and reached, whether it captures, and the promotion piece. A capture is
/// what the variant's typed move record says it is ([`fairy::MoveRecord::captured`]).
pub(crate) fn legal_moves_json(m: &Match) -> Value {
    let s = m.session();
    let names = cell_names(s);
    let name_of = |sq: u16| names.get(usize::from(sq)).cloned().unwrap_or_default();
    let legal = s.legal_moves(None).unwrap_or_default();
    let records = s.legal_move_records();
    let moves: Vec<Value> = legal
        .iter()
        .map(|mv| {
            let squares = picture::move_squares(s, mv).unwrap_or_default();
            let capture = records
                .binary_search_by(|r| r.text.as_str().cmp(mv))
                .is_ok_and(|i| records[i].captured.is_some());
            json!({
                "text": mv,
                "from": squares.first().map(|&q| name_of(q)),
                "to": squares.get(1).map(|&q| name_of(q)),
                "capture": capture,
                "promotion": mv.split_once('=').map(|(_, p)| p),
            })
        })
        .collect();
    Value::Array(moves)
}

/// The picture of `m`'s position in `layout`, with its last turn marked; `None` for a
/// variant without one.
pub(crate) fn board_svg(m: &Match, layout: picture::Layout) -> Option<String> {
    let s = m.session();
    picture::styled_svg_in(s, &board::last_turn(s), layout)
}
