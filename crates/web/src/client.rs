//! A typed client of the live-game protocol of `fairy serve` (docs/web-api.md, "Live
//! games"): the HTTP calls that create and join games and the WebSocket that plays them.
//! `fairy bot` and `fairy load` are built on it.
//!
//! ```no_run
//! # async fn demo() -> Result<(), fairy_web::client::ClientError> {
//! use fairy_web::client::{LiveClient, NewGame, Server};
//! let server = Server::parse("http://127.0.0.1:8080")?;
//! let seat = server.create(&NewGame::open("glinski", "Ann")).await?;
//! let mut ann = LiveClient::connect(&server, &seat.id).await?;
//! ann.hello(&seat.token).await?;
//! let state = ann.next_state().await?;
//! if let Some(mv) = state.moves.first() {
//!     ann.play(mv).await?;
//! }
//! # Ok(()) }
//! ```

use std::collections::VecDeque;
use std::net::{IpAddr, SocketAddr};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// The largest HTTP answer read, in bytes (a lobby of 1000 games fits).
const MAX_ANSWER: u64 = 8 * 1024 * 1024;

/// What went wrong talking to a server.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server URL cannot be read (`http://HOST:PORT`).
    #[error("bad server URL {0:?}: expected http://HOST:PORT")]
    Url(String),
    /// The connection failed or broke.
    #[error("connection: {0}")]
    Io(#[from] std::io::Error),
    /// The WebSocket failed or broke.
    #[error("websocket: {0}")]
    Ws(#[from] Box<tokio_tungstenite::tungstenite::Error>),
    /// The server closed the WebSocket.
    #[error("the server closed the connection")]
    Closed,
    /// An HTTP call was refused: its status and the server's one-line reason.
    #[error("HTTP {0}: {1}")]
    Status(u16, String),
    /// The server answered something this client cannot read.
    #[error("unreadable answer: {0}")]
    Protocol(String),
    /// The server refused an action (`error` message): its one line.
    #[error("refused: {0}")]
    Refused(String),
}

/// A server's address, read from `http://HOST:PORT` (also `ws://`, a bare `HOST:PORT`, and
/// `localhost`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Server {
    /// The socket address.
    pub addr: SocketAddr,
}

impl Server {
    /// Reads a server URL; a path after the port is ignored.
    ///
    /// ```
    /// let s = fairy_web::client::Server::parse("http://127.0.0.1:8080/lobby").unwrap();
    /// assert_eq!(s.addr.port(), 8080);
    /// assert!(s.is_loopback());
    /// assert!(fairy_web::client::Server::parse("http://example.org").is_err());
    /// ```
    ///
    /// # Errors
    /// [`ClientError::Url`]: no port, or a host that is not an IP address or `localhost`.
    pub fn parse(url: &str) -> Result<Server, ClientError> {
        let bad = || ClientError::Url(url.to_owned());
        let rest = ["http://", "ws://"]
            .iter()
            .find_map(|p| url.strip_prefix(p))
            .unwrap_or(url);
        let hostport = rest.split('/').next().unwrap_or("");
        let (host, port) = hostport.rsplit_once(':').ok_or_else(bad)?;
        let port: u16 = port.parse().map_err(|_| bad())?;
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let ip: IpAddr = if host.eq_ignore_ascii_case("localhost") {
            IpAddr::from([127, 0, 0, 1])
        } else {
            host.parse().map_err(|_| bad())?
        };
        Ok(Server {
            addr: SocketAddr::new(ip, port),
        })
    }

    /// Whether the server is on this machine's loopback address.
    pub fn is_loopback(&self) -> bool {
        self.addr.ip().is_loopback()
    }

    /// One HTTP/1.1 call: the status and the JSON body (`Null` when empty).
    async fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<(u16, Value), ClientError> {
        let mut s = tokio::net::TcpStream::connect(self.addr).await?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        s.write_all(req.as_bytes()).await?;
        let mut raw = Vec::new();
        s.take(MAX_ANSWER).read_to_end(&mut raw).await?;
        let text = String::from_utf8_lossy(&raw);
        let status: u16 = text
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| ClientError::Protocol("no HTTP status".into()))?;
        let (head, rest) = text
            .split_once("\r\n\r\n")
            .ok_or_else(|| ClientError::Protocol("no end of HTTP headers".into()))?;
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            dechunk(rest)?
        } else {
            rest.to_owned()
        };
        let v = if body.trim().is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&body).map_err(|e| ClientError::Protocol(e.to_string()))?
        };
        Ok((status, v))
    }

    /// A call that must answer `want`; any other status is [`ClientError::Status`].
    async fn expect(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        want: u16,
    ) -> Result<Value, ClientError> {
        let (status, v) = self.call(method, path, body).await?;
        if status == want {
            Ok(v)
        } else {
            let why = v["error"].as_str().unwrap_or("").to_owned();
            Err(ClientError::Status(status, why))
        }
    }

    /// Creates a game (`POST /api/live/games`) and returns the creator's seat.
    ///
    /// # Errors
    /// The call fails or is refused (bad variant 404, too many games 429 or 503, ...).
    pub async fn create(&self, game: &NewGame) -> Result<Seat, ClientError> {
        let body = json!({
            "variant": game.variant,
            "color": game.color,
            "opponent": game.opponent,
            "name": game.name,
        });
        let v = self
            .expect("POST", "/api/live/games", Some(&body), 201)
            .await?;
        Seat::from_json(&v)
    }

    /// Takes the free seat of game `id` under nickname `name`.
    ///
    /// # Errors
    /// The call fails; no free seat (409); unknown game (404).
    pub async fn join(&self, id: &str, name: &str) -> Result<Seat, ClientError> {
        let v = self
            .expect(
                "POST",
                &format!("/api/live/games/{id}/join"),
                Some(&json!({ "name": name })),
                200,
            )
            .await?;
        Seat::from_json(&v)
    }

    /// The open challenges of the lobby (`open` of `GET /api/live/lobby`), newest first.
    ///
    /// # Errors
    /// The call fails or the answer has no `open` list.
    pub async fn open_games(&self) -> Result<Vec<OpenGame>, ClientError> {
        let v = self.expect("GET", "/api/live/lobby", None, 200).await?;
        let list = v["open"]
            .as_array()
            .ok_or_else(|| ClientError::Protocol("lobby without `open`".into()))?;
        Ok(list
            .iter()
            .filter_map(|g| {
                Some(OpenGame {
                    id: g["id"].as_str()?.to_owned(),
                    variant: g["variant"].as_str()?.to_owned(),
                })
            })
            .collect())
    }
}

/// The body of a chunked HTTP answer.
fn dechunk(mut rest: &str) -> Result<String, ClientError> {
    let mut body = String::new();
    loop {
        let (size, after) = rest
            .split_once("\r\n")
            .ok_or_else(|| ClientError::Protocol("bad chunk".into()))?;
        let n = usize::from_str_radix(size.trim(), 16)
            .map_err(|_| ClientError::Protocol("bad chunk size".into()))?;
        if n == 0 {
            return Ok(body);
        }
        let chunk = after
            .get(..n)
            .ok_or_else(|| ClientError::Protocol("short chunk".into()))?;
        body.push_str(chunk);
        rest = after.get(n..).unwrap_or("").trim_start_matches("\r\n");
    }
}

/// A game to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The variant id.
    pub variant: String,
    /// `white`, `black` or `random`.
    pub color: String,
    /// `invite`, `open` or `engine`.
    pub opponent: String,
    /// The creator's nickname.
    pub name: String,
}

impl NewGame {
    /// An open challenge (listed in the lobby), colour at random, no clock.
    pub fn open(variant: &str, name: &str) -> NewGame {
        NewGame {
            variant: variant.to_owned(),
            color: "random".into(),
            opponent: "open".into(),
            name: name.to_owned(),
        }
    }

    /// An invitation (not listed) where the creator plays white, no clock.
    pub fn invite(variant: &str, name: &str) -> NewGame {
        NewGame {
            color: "white".into(),
            opponent: "invite".into(),
            ..NewGame::open(variant, name)
        }
    }
}

/// A seat taken by creating or joining a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The game id.
    pub id: String,
    /// The secret seat token.
    pub token: String,
    /// 0 for white (the first player), 1 for black.
    pub seat: u8,
}

impl Seat {
    fn from_json(v: &Value) -> Result<Seat, ClientError> {
        let s = |k: &str| {
            v[k].as_str()
                .map(str::to_owned)
                .ok_or_else(|| ClientError::Protocol(format!("no `{k}` in {v}")))
        };
        let seat = v["seat"]
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| ClientError::Protocol(format!("no `seat` in {v}")))?;
        Ok(Seat {
            id: s("id")?,
            token: s("token")?,
            seat,
        })
    }
}

/// An open challenge of the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenGame {
    /// The game id.
    pub id: String,
    /// The variant id.
    pub variant: String,
}

/// A game state as the server sent it, with the fields a player needs; `raw` has all.
#[derive(Clone, Debug)]
pub struct GameState {
    /// `waiting`, `playing` or `over`.
    pub status: String,
    /// The moves played so far, in order.
    pub history: Vec<String>,
    /// The legal moves, listed only to the player to move.
    pub moves: Vec<String>,
    /// The side to move: 0 white, 1 black.
    pub to_move: u8,
    /// The viewer's seat, `None` for a spectator.
    pub you: Option<u8>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The one line saying how the game ended, once over.
    pub termination: Option<String>,
    /// The whole message.
    pub raw: Value,
}

impl GameState {
    /// Reads a `state` message.
    ///
    /// # Errors
    /// [`ClientError::Protocol`] when a field is missing.
    pub fn from_json(v: Value) -> Result<GameState, ClientError> {
        let missing = |k: &str| ClientError::Protocol(format!("state without `{k}`"));
        let strings = |x: &Value, key: Option<&str>| -> Vec<String> {
            x.as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|m| match key {
                            Some(k) => m[k].as_str(),
                            None => m.as_str(),
                        })
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default()
        };
        let live = &v["live"];
        Ok(GameState {
            status: live["status"]
                .as_str()
                .ok_or_else(|| missing("live.status"))?
                .to_owned(),
            history: strings(&v["history"], None),
            moves: strings(&v["moves"], Some("text")),
            to_move: v["to_move"]
                .as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| missing("to_move"))?,
            you: live["you"].as_u64().and_then(|n| u8::try_from(n).ok()),
            result: live["result"].as_str().unwrap_or("*").to_owned(),
            termination: live["termination"].as_str().map(str::to_owned),
            raw: v,
        })
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.status == "over"
    }

    /// Whether the viewer is the player to move in a game being played.
    pub fn my_turn(&self) -> bool {
        self.status == "playing" && self.you == Some(self.to_move) && !self.moves.is_empty()
    }
}

/// A message of the server on the WebSocket.
#[derive(Clone, Debug)]
pub enum Event {
    /// The game state.
    State(Box<GameState>),
    /// An action was done; its number.
    Ok(Option<u64>),
    /// An action was refused: its number and the reason.
    Error(Option<u64>, String),
    /// The seat of a token was taken.
    Welcome(u8),
    /// The answer to a ping: the server's clock, ms.
    Pong(i64),
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One WebSocket connection to a live game: a spectator until [`LiveClient::hello`].
pub struct LiveClient {
    ws: Ws,
    /// Events read while waiting for the answer to an action, handed out first.
    pending: VecDeque<Event>,
    next_n: u64,
    /// The seat taken, if any.
    pub seat: Option<u8>,
}

impl LiveClient {
    /// Connects to game `id` as a spectator. Its states come without their picture
    /// (`?svg=0`): this client reads the squares, never the picture.
    ///
    /// # Errors
    /// The connection or the WebSocket handshake fails (an unknown game is refused).
    pub async fn connect(server: &Server, id: &str) -> Result<LiveClient, ClientError> {
        Self::open(server, id, false).await
    }

    /// Connects as [`LiveClient::connect`] does, but is sent the pictures a browser is sent
    /// (to load a server as browsers would).
    ///
    /// # Errors
    /// As [`LiveClient::connect`].
    pub async fn connect_pictured(server: &Server, id: &str) -> Result<LiveClient, ClientError> {
        Self::open(server, id, true).await
    }

    async fn open(server: &Server, id: &str, pictures: bool) -> Result<LiveClient, ClientError> {
        let query = if pictures { "" } else { "?svg=0" };
        let url = format!("ws://{}/api/live/games/{id}/ws{query}", server.addr);
        // Nagle's algorithm off: a move goes out at once, not after the last state's
        // acknowledgement.
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
            .await
            .map_err(Box::new)?;
        Ok(LiveClient {
            ws,
            pending: VecDeque::new(),
            next_n: 1,
            seat: None,
        })
    }

    /// Sends one message.
    ///
    /// # Errors
    /// The connection broke.
    pub async fn send(&mut self, v: &Value) -> Result<(), ClientError> {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .map_err(|e| ClientError::Ws(Box::new(e)))
    }

    /// The next message of the server, read from the socket (or one kept while an action
    /// waited for its answer). Messages of unknown types are skipped.
    ///
    /// # Errors
    /// The connection broke or closed, or a message is unreadable.
    pub async fn next_event(&mut self) -> Result<Event, ClientError> {
        if let Some(e) = self.pending.pop_front() {
            return Ok(e);
        }
        self.read_event().await
    }

    async fn read_event(&mut self) -> Result<Event, ClientError> {
        loop {
            let text = match self.ws.next().await {
                None | Some(Ok(Message::Close(_))) => return Err(ClientError::Closed),
                Some(Err(e)) => return Err(ClientError::Ws(Box::new(e))),
                Some(Ok(Message::Text(t))) => t,
                Some(Ok(_)) => continue,
            };
            let v: Value = serde_json::from_str(text.as_str())
                .map_err(|e| ClientError::Protocol(e.to_string()))?;
            let n = v["n"].as_u64();
            let event = match v["t"].as_str() {
                Some("state") => Event::State(Box::new(GameState::from_json(v)?)),
                Some("ok") => Event::Ok(n),
                Some("error") => Event::Error(n, v["error"].as_str().unwrap_or("").to_owned()),
                Some("welcome") => Event::Welcome(
                    v["seat"]
                        .as_u64()
                        .and_then(|s| u8::try_from(s).ok())
                        .ok_or_else(|| ClientError::Protocol("welcome without seat".into()))?,
                ),
                Some("pong") => Event::Pong(v["time"].as_i64().unwrap_or(0)),
                _ => continue,
            };
            return Ok(event);
        }
    }

    /// The next game state (other events skipped, except those an action waits for).
    ///
    /// # Errors
    /// As [`LiveClient::next_event`].
    pub async fn next_state(&mut self) -> Result<GameState, ClientError> {
        loop {
            if let Event::State(s) = self.next_event().await? {
                return Ok(*s);
            }
        }
    }

    /// Sends `{"t": t, "n": N, ...extra}` without waiting and returns `N`, the number the
    /// answer will carry.
    ///
    /// # Errors
    /// The connection broke.
    pub async fn send_action(
        &mut self,
        t: &str,
        extra: Option<(&str, &str)>,
    ) -> Result<u64, ClientError> {
        let n = self.next_n;
        self.next_n += 1;
        let mut v = json!({ "t": t, "n": n });
        if let Some((k, x)) = extra {
            v[k] = json!(x);
        }
        self.send(&v).await?;
        Ok(n)
    }

    /// Waits for the answer to action `n`; states read meanwhile are kept for
    /// [`LiveClient::next_event`].
    ///
    /// # Errors
    /// [`ClientError::Refused`] when the server refused it; a broken connection.
    pub async fn answer(&mut self, n: u64) -> Result<(), ClientError> {
        // Events kept earlier may already hold the answer.
        if let Some(i) = self.pending.iter().position(|e| answers(e, n)) {
            return match self.pending.remove(i) {
                Some(Event::Error(_, why)) => Err(ClientError::Refused(why)),
                _ => Ok(()),
            };
        }
        loop {
            match self.read_event().await? {
                Event::Ok(Some(m)) if m == n => return Ok(()),
                Event::Error(Some(m), why) if m == n => return Err(ClientError::Refused(why)),
                // An error without a number (rate limit, unreadable) answers nothing: keep it.
                e => self.pending.push_back(e),
            }
        }
    }

    /// Takes the seat of `token`; the server then sends the state as that player sees it.
    ///
    /// # Errors
    /// A wrong token ([`ClientError::Refused`]); a broken connection.
    pub async fn hello(&mut self, token: &str) -> Result<u8, ClientError> {
        let n = self.send_action("hello", Some(("token", token))).await?;
        loop {
            match self.read_event().await? {
                Event::Welcome(s) => {
                    self.seat = Some(s);
                    return Ok(s);
                }
                Event::Error(Some(m), why) if m == n => return Err(ClientError::Refused(why)),
                e => self.pending.push_back(e),
            }
        }
    }

    /// Plays `mv` (as listed in [`GameState::moves`]) and waits until it is done (on the
    /// server's disk).
    ///
    /// # Errors
    /// [`ClientError::Refused`] for an illegal move or one out of turn; a broken connection.
    pub async fn play(&mut self, mv: &str) -> Result<(), ClientError> {
        let n = self.send_action("move", Some(("move", mv))).await?;
        self.answer(n).await
    }

    /// Resigns and waits until it is done.
    ///
    /// # Errors
    /// [`ClientError::Refused`] when the game is not being played; a broken connection.
    pub async fn resign(&mut self) -> Result<(), ClientError> {
        let n = self.send_action("resign", None).await?;
        self.answer(n).await
    }

    /// Asks for the state now and returns it (the reply to this request, not an older one).
    ///
    /// # Errors
    /// A broken connection.
    pub async fn sync(&mut self) -> Result<GameState, ClientError> {
        let n = self.send_action("sync", None).await?;
        loop {
            match self.read_event().await? {
                Event::State(s) if s.raw["n"].as_u64() == Some(n) => return Ok(*s),
                e => self.pending.push_back(e),
            }
        }
    }

    /// Closes the connection politely.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Whether `e` is the answer to action `n`.
fn answers(e: &Event, n: u64) -> bool {
    matches!(e, Event::Ok(Some(m)) | Event::Error(Some(m), _) if *m == n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        let s = Server::parse("ws://localhost:9/x").expect("url");
        assert_eq!(s.addr, "127.0.0.1:9".parse().expect("addr"));
        assert!(Server::parse("http://[::1]:80").expect("v6").is_loopback());
        assert!(!Server::parse("10.0.0.1:80").expect("ip").is_loopback());
        assert!(Server::parse("http://127.0.0.1").is_err());
        assert!(Server::parse("http://127.0.0.1:99999").is_err());
    }

    #[test]
    fn chunks() {
        assert_eq!(
            dechunk("3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n").expect("ok"),
            "abcde"
        );
        assert!(dechunk("zz\r\n").is_err());
    }
}
