//! The memory of many sessions, measured by a counting allocator (alone in its test binary,
//! so that no other test allocates meanwhile).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use fairy_web::{router, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// Counts the bytes held by the heap, to measure what sessions cost.
struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is forwarded to the system allocator; only a counter is added.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's layout is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

async fn call(app: &Router, method: &str, uri: &str, body: Option<&str>) -> (StatusCode, String) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_owned())))
        .expect("a request");
    let resp = app.clone().oneshot(req).await.expect("an answer");
    let status = resp.status();
    let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

async fn json_call(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let text = body.map(|b| b.to_string());
    let (status, out) = call(app, method, uri, text.as_deref()).await;
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{uri}: not JSON ({e}): {out}"));
    (status, v)
}

async fn new_game(app: &Router, variant: &str) -> Value {
    let (s, v) = json_call(
        app,
        "POST",
        "/api/games",
        Some(json!({"variant": variant, "players": ["human", "human"]})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v
}

/// Plays `plies` moves (the first legal one each time) in a new Regicide game (the
/// largest positions) and returns its id.
async fn played_game(app: &Router, plies: usize) -> String {
    let g = new_game(app, "regicide").await;
    let id = g["id"].as_str().expect("an id").to_owned();
    let mut state = g;
    for _ in 0..plies {
        let m = state["moves"][0]["text"]
            .as_str()
            .expect("a move")
            .to_owned();
        let (s, v) = json_call(
            app,
            "POST",
            &format!("/api/games/{id}/play"),
            Some(json!({"move": m})),
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        state = v;
    }
    id
}

#[tokio::test]
async fn memory_stays_bounded_under_many_sessions() {
    const CAP: usize = 100;
    const PLIES: usize = 12;
    let app = router(Config {
        max_sessions: CAP,
        ..Config::default()
    });
    // Warm up (lazily built tables, the registry).
    let _ = played_game(&app, PLIES).await;
    // Games without moves, dropped again, for the cost of a move.
    let before_empty = LIVE.load(Ordering::Relaxed);
    let empty_app = router(Config::default());
    for _ in 0..20 {
        let _ = played_game(&empty_app, 0).await;
    }
    let empty = (LIVE.load(Ordering::Relaxed) - before_empty) / 20;
    drop(empty_app);
    let base = LIVE.load(Ordering::Relaxed);
    let mut ids = Vec::new();
    for _ in 0..CAP - 1 {
        ids.push(played_game(&app, PLIES).await);
    }
    let full = LIVE.load(Ordering::Relaxed);
    let per_session = (full - base) / (CAP as isize - 1);
    // Two hundred more: the oldest are dropped, memory stays where it was.
    for _ in 0..200 {
        ids.push(played_game(&app, PLIES).await);
    }
    let after = LIVE.load(Ordering::Relaxed);
    println!(
        "{CAP} Regicide sessions of {PLIES} plies: {} KiB each; after 300 sessions {} KiB held, at the cap {} KiB",
        per_session / 1024,
        (after - base) / 1024,
        (full - base) / 1024
    );
    assert!(per_session > 0);
    let per_ply = (per_session - empty) / PLIES as isize;
    let d = Config::default();
    let bound = d.max_sessions as isize * (empty + per_ply * d.max_plies as isize);
    println!(
        "an empty Regicide session {} bytes, each ply {} bytes: at most {} sessions of {} plies hold {} MiB",
        empty,
        per_ply,
        d.max_sessions,
        d.max_plies,
        bound >> 20
    );
    assert!(empty > 0 && per_ply > 0);
    assert!(
        after - base < (full - base) * 3 / 2,
        "memory grew from {} to {} bytes",
        full - base,
        after - base
    );
    let mut kept = 0;
    for (i, id) in ids.iter().enumerate() {
        let (s, _) = call(&app, "GET", &format!("/api/games/{id}/position"), None).await;
        if s == StatusCode::OK {
            kept += 1;
            assert!(i >= ids.len() - CAP, "an old session {i} was kept");
        }
    }
    assert_eq!(kept, CAP);
}
