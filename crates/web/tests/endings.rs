//! The games of tests/endings/endings.json played through the JSON API end with the same
//! result and reason as through the `fairy` command and the Python module (the games that
//! end by a player's decision are skipped: the page's API has no resignation or draw
//! offer), and the engine's score is a typed object that says mate as mate.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use fairy_web::{router, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn call(app: &Router, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .expect("a request");
    let resp = app.clone().oneshot(req).await.expect("an answer");
    let status = resp.status();
    let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, v)
}

fn endings() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/endings/endings.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[tokio::test]
async fn the_api_ends_each_game_as_the_other_fronts_do() {
    let mut played = 0;
    for e in endings().iter().filter(|e| e["then"].is_null()) {
        let name = e["name"].as_str().unwrap();
        let mut config = Config::default();
        if let Some(cap) = e["max_plies"].as_u64() {
            config.max_plies = cap as usize;
        }
        let app = router(config);
        let (s, g) = call(
            &app,
            "POST",
            "/api/games",
            Some(json!({
                "variant": e["variant"],
                "position": e["position"],
                "players": ["human", "human"],
            })),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{name}: {g}");
        let id = g["id"].as_str().unwrap().to_owned();
        let mut last = g;
        for mv in e["moves"].as_array().unwrap() {
            let (s, v) = call(
                &app,
                "POST",
                &format!("/api/games/{id}/play"),
                Some(json!({ "move": mv })),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{name}: {v}");
            last = v;
        }
        assert_eq!(last["over"], true, "{name}: {last}");
        assert_eq!(last["result"]["token"], e["result"], "{name}");
        assert_eq!(last["result"]["reason"], e["termination"], "{name}");
        assert_eq!(last["result"]["text"], e["description"], "{name}");
        // The record says the same.
        let (_, rec) = call(&app, "GET", &format!("/api/games/{id}/record"), None).await;
        let rec = rec.as_str().unwrap().to_owned();
        let result = format!("[Result \"{}\"]", e["result"].as_str().unwrap());
        let termination = format!("[Termination \"{}\"]", e["termination"].as_str().unwrap());
        assert!(
            rec.contains(&result) && rec.contains(&termination),
            "{name}: {rec}"
        );
        // A game that is over takes no more moves.
        let (s, v) = call(&app, "POST", &format!("/api/games/{id}/engine"), None).await;
        assert_eq!(s, StatusCode::CONFLICT, "{name}: {v}");
        played += 1;
    }
    assert!(played >= 4);
}

#[tokio::test]
async fn the_engines_score_is_a_typed_object() {
    let app = router(Config::default());
    let (s, g) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({
            "variant": "synthesis",
            "position": "8/5R2/5K2/1p6/8/3Q4/8/2k5 w - - 0 1",
            "players": ["engine", "engine"],
        })),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{g}");
    let id = g["id"].as_str().unwrap();
    let (s, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/engine"),
        Some(json!({"depth": 4})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // White mates with its second move.
    assert_eq!(
        v["search"]["score"],
        json!({"mate": 2, "text": "#2"}),
        "{v}"
    );
    let (s, v) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({"variant": "synthesis", "players": ["human", "engine"]})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap();
    let (_, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/engine"),
        Some(json!({"depth": 1})),
    )
    .await;
    let score = &v["search"]["score"];
    assert!(score["cp"].is_i64() && score["mate"].is_null(), "{v}");
    assert!(score["text"].as_str().unwrap().contains('.'), "{v}");
}
