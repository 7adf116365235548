//! The JSON API through the router (no socket): every call, the bad requests, the engine's
//! time cap and expiry.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use fairy_web::{router, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

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

/// A bad request: a 4xx status and `{"error": "<one line>"}`.
fn assert_error(status: StatusCode, body: &str, want: StatusCode) {
    assert_eq!(status, want, "{body}");
    assert!(status.is_client_error());
    let v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"));
    let msg = v["error"].as_str().expect("an error text");
    assert!(!msg.is_empty() && !msg.contains('\n'), "{msg:?}");
    assert_eq!(v.as_object().map(|o| o.len()), Some(1));
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

#[tokio::test]
async fn page_and_assets_are_served() {
    let app = router(Config::default());
    let (s, page) = call(&app, "GET", "/", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("<script src=\"app.js\">"));
    // Without a module the page is told to ask the server.
    assert!(
        page.contains(r#"<body data-wasm="" data-server="1">"#),
        "{page}"
    );
    for asset in [
        "/app.js",
        "/style.css",
        "/backend-server.js",
        "/backend-wasm.js",
        "/worker.js",
    ] {
        let (s, text) = call(&app, "GET", asset, None).await;
        assert_eq!(s, StatusCode::OK);
        assert!(text.len() > 500, "{asset}");
        // Nothing is fetched from elsewhere (the SVG namespace is a name, not an address).
        let text = text.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{asset}"
        );
    }
}

#[tokio::test]
async fn the_webassembly_module_is_offered_only_when_given() {
    let (s, body) = call(
        &router(Config::default()),
        "GET",
        "/wasm/fairy_wasm.js",
        None,
    )
    .await;
    assert_error(s, &body, StatusCode::NOT_FOUND);
    let (s, body) = call(
        &router(Config::default()),
        "GET",
        "/wasm/fairy_wasm_bg.wasm",
        None,
    )
    .await;
    assert_error(s, &body, StatusCode::NOT_FOUND);

    let dir = std::env::temp_dir().join(format!("fairy-web-wasm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    // Missing files, then a binary without the magic number, are refused by name.
    let e = fairy_web::WasmModule::read(&dir).expect_err("no files");
    assert!(e.to_string().contains("fairy_wasm.js"), "{e}");
    std::fs::write(
        dir.join("fairy_wasm.js"),
        "export default function init() {}\n",
    )
    .expect("write");
    std::fs::write(dir.join("fairy_wasm_bg.wasm"), b"not wasm").expect("write");
    let e = fairy_web::WasmModule::read(&dir).expect_err("not wasm");
    assert!(e.to_string().contains("not a WebAssembly module"), "{e}");
    std::fs::write(dir.join("fairy_wasm_bg.wasm"), b"\0asm\x01\0\0\0").expect("write");
    let module = fairy_web::WasmModule::read(&dir).expect("a module");
    std::fs::remove_dir_all(&dir).expect("clean up");

    let app = router(Config {
        wasm: Some(module),
        ..Config::default()
    });
    let (s, page) = call(&app, "GET", "/", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains(r#"<body data-wasm="wasm/" data-server="1">"#),
        "{page}"
    );
    let (s, glue) = call(&app, "GET", "/wasm/fairy_wasm.js", None).await;
    assert_eq!(
        (s, glue.as_str()),
        (StatusCode::OK, "export default function init() {}\n")
    );
    let req = Request::builder()
        .uri("/wasm/fairy_wasm_bg.wasm")
        .body(Body::empty())
        .expect("a request");
    let resp = app.clone().oneshot(req).await.expect("an answer");
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.headers()["content-type"], "application/wasm");
    let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
    assert_eq!(&bytes[..], b"\0asm\x01\0\0\0");
}

#[tokio::test]
async fn every_call_on_every_variant() {
    let app = router(Config::default());
    let (s, list) = json_call(&app, "GET", "/api/variants", None).await;
    assert_eq!(s, StatusCode::OK);
    let ids: Vec<String> = list
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v["id"].as_str().expect("an id").to_owned())
        .collect();
    assert_eq!(ids.len(), fairy::registry::built().len());
    for id in &ids {
        let variant = fairy::registry::find(id).expect("a variant");
        let g = new_game(&app, id).await;
        let gid = g["id"].as_str().expect("an id").to_owned();
        assert_eq!(g["position"], json!(variant.start_notation()));
        let session = variant.session(None).expect("a session");
        // Every move's squares are cell names of the picture.
        let svg = g["svg"].as_str().expect("an svg");
        let moves = g["moves"].as_array().expect("moves");
        assert_eq!(moves.len(), session.legal_moves(None).expect("moves").len());
        for m in moves {
            for end in ["from", "to"] {
                let sq = m[end].as_str().unwrap_or_else(|| panic!("{id}: {m}"));
                assert!(svg.contains(&format!("data-square=\"{sq}\"")), "{id}: {sq}");
            }
        }
        // Moves from one square, as the facade lists them.
        let from = moves[0]["from"].as_str().expect("a square").to_owned();
        let (s, v) = json_call(
            &app,
            "GET",
            &format!("/api/games/{gid}/moves?from={from}"),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(
            v["moves"],
            json!(session.legal_moves(Some(&from)).expect("moves"))
        );
        // Play, engine, position, record, undo.
        let first = moves[0]["text"].as_str().expect("a move").to_owned();
        let (s, v) = json_call(
            &app,
            "POST",
            &format!("/api/games/{gid}/play"),
            Some(json!({"move": first})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["history"], json!([first]));
        assert_eq!(v["last_move"].as_array().map(Vec::len), Some(2));
        let (s, v) = json_call(
            &app,
            "POST",
            &format!("/api/games/{gid}/engine"),
            Some(json!({"depth": 1})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let reply = v["search"]["move"].as_str().expect("a reply").to_owned();
        assert_eq!(v["history"], json!([first, reply]));
        let mut copy = variant.session(None).expect("a session");
        copy.apply(&first).expect("legal");
        copy.apply(&reply).expect("legal");
        let (_, p) = json_call(&app, "GET", &format!("/api/games/{gid}/position"), None).await;
        assert_eq!(p["position"], json!(copy.notation()));
        let (s, record) = call(&app, "GET", &format!("/api/games/{gid}/record"), None).await;
        assert_eq!(s, StatusCode::OK);
        let (s, v) = json_call(
            &app,
            "POST",
            "/api/games/record",
            Some(json!({"record": record})),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(v["position"], json!(copy.notation()));
        assert_eq!(v["variant"], json!(id));
        let (s, svg) = call(
            &app,
            "GET",
            &format!("/api/games/{gid}/svg?ply=1&flip=1"),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        assert!(svg.starts_with("<svg"));
        let (s, v) = json_call(&app, "POST", &format!("/api/games/{gid}/undo"), None).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(v["history"], json!([first]));
        let (s, _) = call(&app, "DELETE", &format!("/api/games/{gid}"), None).await;
        assert_eq!(s, StatusCode::NO_CONTENT);
        let (s, body) = call(&app, "GET", &format!("/api/games/{gid}"), None).await;
        assert_error(s, &body, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn bad_requests_get_one_line_json_errors() {
    let config = Config {
        max_body: 4096,
        ..Config::default()
    };
    let app = router(config);
    let g = new_game(&app, "chess-t").await;
    let id = g["id"].as_str().expect("an id").to_owned();
    let big = format!("{{\"move\": \"{}\"}}", "a".repeat(10_000));
    let cases: Vec<(&str, String, Option<String>, StatusCode)> = vec![
        ("GET", "/api/games/nope".into(), None, StatusCode::NOT_FOUND),
        (
            "POST",
            "/api/games/nope/play".into(),
            Some(r#"{"move":"e2-e4"}"#.into()),
            StatusCode::NOT_FOUND,
        ),
        (
            "POST",
            "/api/games".into(),
            Some("{not json".into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(r#"{"variant": 3}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(r#"{"variant":"chess"}"#.into()),
            StatusCode::NOT_FOUND,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(r#"{"variant":"chess-t","position":"xyz"}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(r#"{"variant":"synthesis","position":"8/8/8/8/8/8/8/8 w - - 0 1"}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(r#"{"variant":"chess-t","engine":{"depth":99}}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(r#"{"variant":"chess-t","players":["human","robot"]}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            format!("/api/games/{id}/play"),
            Some(r#"{"move":"e2-e6"}"#.into()),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "POST",
            format!("/api/games/{id}/play"),
            Some(r#"{"move":"zz"}"#.into()),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "POST",
            format!("/api/games/{id}/play"),
            Some(r#"{"mv":"e2-e4"}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            format!("/api/games/{id}/play"),
            Some(big),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            "POST",
            format!("/api/games/{id}/undo"),
            None,
            StatusCode::CONFLICT,
        ),
        (
            "POST",
            format!("/api/games/{id}/engine"),
            Some(r#"{"ms":0}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            format!("/api/games/{id}/engine"),
            Some(r#"{"ms":100000000}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            format!("/api/games/{id}/engine"),
            Some(r#"{"depth":-1}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            format!("/api/games/{id}/moves?from=q9"),
            None,
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            format!("/api/games/{id}/svg?ply=5"),
            None,
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/games/record".into(),
            Some(r#"{"record":"1. e2-e4"}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/games/record".into(),
            Some(r#"{"record":"[Variant \"chess-t\"]\n\n1. e2-e9 *"}"#.into()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "DELETE",
            "/api/variants".into(),
            None,
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        ("GET", "/api/nothing".into(), None, StatusCode::NOT_FOUND),
    ];
    for (method, uri, body, want) in cases {
        let (s, text) = call(&app, method, &uri, body.as_deref()).await;
        assert_error(s, &text, want);
    }
    // The game and the server are unharmed.
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(json!({"move": "e2-e4"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["history"], json!(["e2-e4"]));
}

#[tokio::test]
async fn the_engine_is_capped_in_time() {
    let app = router(Config {
        max_ms: 300,
        ..Config::default()
    });
    let g = new_game(&app, "regicide").await;
    let id = g["id"].as_str().expect("an id").to_owned();
    let started = std::time::Instant::now();
    let (s, v) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/engine"),
        Some(json!({"depth": 12})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(v["search"]["depth"].as_u64().expect("a depth") < 12);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn sessions_expire_after_inactivity() {
    let app = router(Config {
        idle: Duration::from_millis(200),
        ..Config::default()
    });
    let old = new_game(&app, "glinski").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // A new game sweeps the expired ones.
    let _ = new_game(&app, "glinski").await;
    let (s, body) = call(
        &app,
        "GET",
        &format!("/api/games/{}", old["id"].as_str().expect("id")),
        None,
    )
    .await;
    assert_error(s, &body, StatusCode::NOT_FOUND);
}

#[test]
fn every_cell_name_reads_back_to_its_square() {
    for v in fairy::registry::built() {
        let s = v.session(None).expect("a session");
        let view = s.board_view().expect("a picture");
        for c in &view.cells {
            assert_eq!(
                s.square(&c.name).ok(),
                Some(c.square),
                "{}: {}",
                v.id(),
                c.name
            );
        }
    }
}

/// The `viewBox` width and height of an SVG text.
fn view_box(svg: &str) -> (f64, f64) {
    let start = svg.find("viewBox=\"").expect("a viewBox") + 9;
    let end = start + svg[start..].find('"').expect("closed");
    let n: Vec<f64> = svg[start..end]
        .split_whitespace()
        .map(|x| x.parse().expect("a number"))
        .collect();
    (n[2], n[3])
}

#[tokio::test]
async fn the_board_shows_the_whole_last_turn_captures_and_the_players_side() {
    let app = router(Config::default());
    // Imperial Regicide: a turn of three sub-moves is marked whole.
    let g = new_game(&app, "regicide").await;
    let gid = g["id"].as_str().expect("id").to_owned();
    let mut v = g;
    for _ in 0..3 {
        let mv = v["moves"][0]["text"].as_str().expect("a move").to_owned();
        let (s, next) = json_call(
            &app,
            "POST",
            &format!("/api/games/{gid}/play"),
            Some(json!({"move": mv})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{next}");
        v = next;
    }
    assert_eq!(v["to_move"], 1, "the turn passed");
    assert_eq!(v["last_turn"].as_array().map(Vec::len), Some(6), "{v}");
    assert_eq!(v["last_move"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["captured"], json!([[], []]));
    // `bottom=1` and `bottom=0` draw opposite ways round, one of them as `flip=1`.
    let svg = |q: &'static str| {
        let app = app.clone();
        let gid = gid.clone();
        async move {
            let (s, v) = json_call(&app, "GET", &format!("/api/games/{gid}?{q}"), None).await;
            assert_eq!(s, StatusCode::OK);
            v["svg"].as_str().expect("svg").to_owned()
        }
    };
    let (white, black, flip, plain) = (
        svg("bottom=0").await,
        svg("bottom=1").await,
        svg("flip=1").await,
        svg("").await,
    );
    assert_ne!(white, black);
    assert!((white == plain && black == flip) || (white == flip && black == plain));
    // Dragonchess: stacked, the three levels make a tall picture; side by side a wide one.
    let d = new_game(&app, "dragonchess").await;
    let did = d["id"].as_str().expect("id");
    let (_, wide) = call(&app, "GET", &format!("/api/games/{did}/svg"), None).await;
    let (_, tall) = call(
        &app,
        "GET",
        &format!("/api/games/{did}/svg?stack=1&flip=1"),
        None,
    )
    .await;
    let (w, h) = view_box(&wide);
    assert!(w > 2.0 * h, "{w} x {h}");
    let (w, h) = view_box(&tall);
    assert!(h > 2.0 * w, "{w} x {h}");
    // A capture shows in `captured`; a mated king in `check_squares`.
    for (line, captured, check) in [
        (
            &["e2-e4", "f7-f5", "e4-f5"][..],
            json!([[], ["P"]]),
            json!([]),
        ),
        (
            &["f2-f3", "e7-e5", "g2-g4", "d8-h4"][..],
            json!([[], []]),
            json!(["e1"]),
        ),
    ] {
        let s = new_game(&app, "synthesis").await;
        let sid = s["id"].as_str().expect("id").to_owned();
        let mut v = s;
        for mv in line {
            let (st, next) = json_call(
                &app,
                "POST",
                &format!("/api/games/{sid}/play"),
                Some(json!({"move": mv})),
            )
            .await;
            assert_eq!(st, StatusCode::OK, "{mv}: {next}");
            v = next;
        }
        assert_eq!(v["captured"], captured, "{line:?}");
        assert_eq!(v["check_squares"], check, "{}", v["status"]);
    }
}
