//! What the live-game tests share: a server on a loopback port, HTTP requests, and the
//! WebSocket messages of the live protocol (docs/web-api.md).
#![allow(dead_code)] // each test file uses its own part

use std::net::SocketAddr;
use std::time::Duration;

use fairy_web::live::game::{now_ms, GameRow, Opponent, Status, TimeControl, TimeKind};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// A WebSocket of the live protocol.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Serves `app` on a free loopback port (a task of the test's runtime); its address.
pub async fn listen(app: axum::Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
    });
    addr
}

/// One HTTP/1.1 request; the status and the body (JSON when it parses, else a string).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("write");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("read");
    let text = String::from_utf8_lossy(&out).to_string();
    let status: u16 = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status");
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let rest = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        // Chunked: drop the chunk sizes.
        let mut body = String::new();
        let mut lines = rest.split("\r\n");
        while let Some(size) = lines.next() {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            body.push_str(lines.next().unwrap_or(""));
        }
        body
    } else {
        rest.to_owned()
    };
    let v = serde_json::from_str(&rest).unwrap_or(Value::String(rest));
    (status, v)
}

pub async fn connect(addr: SocketAddr, id: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/live/games/{id}/ws"))
        .await
        .expect("ws connect");
    ws
}

pub async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into()))
        .await
        .expect("send");
}

/// The next message of type `t` (others skipped), within 10 s.
pub async fn next(ws: &mut Ws, t: &str) -> Value {
    next_within(ws, t, 10).await
}

/// The next message of type `t` (others skipped), within `secs` seconds.
pub async fn next_within(ws: &mut Ws, t: &str, secs: u64) -> Value {
    tokio::time::timeout(Duration::from_secs(secs), async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(s))) => {
                    let v: Value = serde_json::from_str(s.as_str()).expect("json");
                    if v["t"] == t {
                        return v;
                    }
                }
                Some(Ok(_)) => {}
                other => panic!("connection ended waiting for {t}: {other:?}"),
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no {t} message within {secs} s"))
}

/// The next state for which `f` holds.
pub async fn state_where(ws: &mut Ws, f: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = next(ws, "state").await;
        if f(&v) {
            return v;
        }
    }
}

/// A player connected with their seat token.
pub async fn seated(addr: SocketAddr, id: &str, token: &str) -> Ws {
    let mut ws = connect(addr, id).await;
    next(&mut ws, "state").await;
    send(&mut ws, json!({"t": "hello", "token": token})).await;
    let w = next(&mut ws, "welcome").await;
    assert!(w["seat"].is_u64());
    ws
}

/// Plays one legal move for the player of `ws` (the first listed) and returns its text.
/// The number of plies in a state message.
pub fn plies(v: &Value) -> usize {
    v["history"].as_array().map_or(0, Vec::len)
}

/// A stored game for the storage tests to vary: `id` of `variant` being played between Ann
/// and Bob (seat tokens `a-<id>` and `b-<id>`), untimed, no moves, revision 0.
pub fn game_row(id: &str, variant: &str) -> GameRow {
    GameRow {
        id: id.into(),
        variant: variant.into(),
        start_position: String::new(),
        time: TimeControl {
            kind: TimeKind::None,
            base_ms: 0,
            increment_ms: 0,
        },
        opponent: Opponent::Invite,
        engine_level: 3,
        names: [Some("Ann".into()), Some("Bob".into())],
        tokens: [Some(format!("a-{id}")), Some(format!("b-{id}"))],
        status: Status::Playing,
        result: "*".into(),
        termination: None,
        clocks: [0, 0],
        created_at: now_ms(),
        finished_at: None,
        rematch_of: None,
        revision: 0,
    }
}
