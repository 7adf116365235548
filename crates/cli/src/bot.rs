//! `fairy bot --server URL --engine "CMD ARGS"`: a UCI engine playing live games on a
//! `fairy serve` server (docs/server.md, "Bots"). The bot accepts an open challenge of its
//! variant from the lobby, or posts one and waits for an opponent; it plays the game with
//! the engine (the arbiter's engine driver: `UCI_Variant`, `position startpos moves ...`,
//! `go movetime MS`) and, when the engine crashes, hangs or plays an illegal move, resigns
//! that game and goes on with the next one.

use std::io::Write;
use std::time::Duration;

use fairy_web::client::{ClientError, GameState, LiveClient, NewGame, Seat, Server};

use crate::arbiter::engine::{Engine, EngineSpec, Failure};
use crate::{registry, CliError};

/// The options of `fairy bot`.
#[derive(clap::Args, Clone, Debug)]
pub struct BotArgs {
    /// The server, `http://HOST:PORT`.
    #[arg(long)]
    pub server: String,
    /// The engine: `"CMD ARGS"` (as for `fairy match`), e.g. `"fairy uci"`, or `builtin`.
    #[arg(long)]
    pub engine: String,
    /// Stop after this many games (default: play until interrupted).
    #[arg(long)]
    pub games: Option<u32>,
    /// The engine's thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 500)]
    pub movetime: u64,
    /// The variant the bot plays (see `fairy variants`).
    #[arg(long, default_value = "synthesis")]
    pub variant: String,
    /// The bot's nickname.
    #[arg(long, default_value = "fairy bot")]
    pub name: String,
    /// How long beyond `--movetime` the engine may take before it is said to hang (and the
    /// bot resigns), in milliseconds; also the limit of the UCI handshake.
    #[arg(long, default_value_t = 5000)]
    pub grace: u64,
}

/// How one game of the bot ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The game id.
    pub id: String,
    /// The bot's seat: 0 white, 1 black.
    pub seat: u8,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The server's one line on how it ended.
    pub termination: String,
    /// Moves (plies) played.
    pub plies: usize,
    /// Why the bot resigned, when its engine failed.
    pub failure: Option<String>,
}

fn net(e: ClientError) -> CliError {
    CliError::Argument(format!("server: {e}"))
}

/// Runs the bot: one line per finished game on `out`.
///
/// # Errors
/// Bad options (an unreadable engine spec or URL, an unknown variant, `--games 0`), a
/// server that cannot be reached or refuses to create a game, or output errors. A game
/// whose connection breaks is reported and the bot goes on.
pub fn run(args: &BotArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let spec = EngineSpec::parse(&args.engine).map_err(CliError::Argument)?;
    let server = Server::parse(&args.server).map_err(net)?;
    let variant = registry::find(&args.variant)?.id();
    if args.games == Some(0) {
        return Err(CliError::Argument("--games must be at least 1".into()));
    }
    if args.movetime == 0 {
        return Err(CliError::Argument("--movetime must be at least 1".into()));
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Argument(format!("cannot start the network runtime: {e}")))?;
    let mut played = 0u32;
    while args.games.is_none_or(|n| played < n) {
        let seat = rt
            .block_on(find_game(&server, variant, &args.name))
            .map_err(net)?;
        played += 1;
        let line = match play_game(&rt, &server, &seat, &spec, variant, args) {
            Ok(end) => {
                let colour = if end.seat == 0 { "white" } else { "black" };
                let mut line = format!(
                    "game {played}: {} as {colour}: {} ({}), {} plies",
                    end.id, end.result, end.termination, end.plies
                );
                if let Some(f) = &end.failure {
                    line += &format!("; resigned: {f}");
                }
                line
            }
            Err(e) => format!("game {played}: {}: connection lost: {e}", seat.id),
        };
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| CliError::Argument(format!("cannot write output: {e}")))?;
    }
    Ok(())
}

/// Takes the free seat of an open challenge of `variant` in the lobby, or posts one.
async fn find_game(server: &Server, variant: &str, name: &str) -> Result<Seat, ClientError> {
    for g in server.open_games().await? {
        if g.variant != variant {
            continue;
        }
        match server.join(&g.id, name).await {
            Ok(seat) => return Ok(seat),
            // Someone else was faster, or it was withdrawn: try the next one.
            Err(ClientError::Status(404 | 409, _)) => {}
            Err(e) => return Err(e),
        }
    }
    server.create(&NewGame::open(variant, name)).await
}

/// Plays one game to its end on `seat`.
fn play_game(
    rt: &tokio::runtime::Runtime,
    server: &Server,
    seat: &Seat,
    spec: &EngineSpec,
    variant: &str,
    args: &BotArgs,
) -> Result<GameEnd, ClientError> {
    let mut client = rt.block_on(LiveClient::connect(server, &seat.id))?;
    rt.block_on(client.hello(&seat.token))?;
    let mut engine: Option<Engine> = None;
    let mut failure = None;
    // The number of moves of the position the bot last moved in: a later state of the
    // same position (a join, an offer) is not a new turn.
    let mut moved_at: Option<usize> = None;
    loop {
        let st: GameState = rt.block_on(client.next_state())?;
        if st.is_over() {
            if let Some(e) = engine.take() {
                e.quit();
            }
            rt.block_on(client.close());
            return Ok(GameEnd {
                id: seat.id.clone(),
                seat: seat.seat,
                result: st.result,
                termination: st.termination.unwrap_or_default(),
                plies: st.history.len(),
                failure,
            });
        }
        if !st.my_turn() || moved_at == Some(st.history.len()) || failure.is_some() {
            continue;
        }
        let why = match think(&mut engine, spec, variant, &st.history, args) {
            Ok(mv) => match rt.block_on(client.play(&mv)) {
                Ok(()) => {
                    moved_at = Some(st.history.len());
                    continue;
                }
                Err(ClientError::Refused(e)) => format!("the engine played {mv:?}: {e}"),
                Err(e) => return Err(e),
            },
            Err(why) => {
                engine = None;
                why
            }
        };
        failure = Some(why);
        match rt.block_on(client.resign()) {
            // Refused: the game ended meanwhile; its last state says how.
            Ok(()) | Err(ClientError::Refused(_)) => {}
            Err(e) => return Err(e),
        }
    }
}

/// Asks the engine (started when missing) for its move after `history`; the reason in
/// words when it crashes or hangs.
fn think(
    engine: &mut Option<Engine>,
    spec: &EngineSpec,
    variant: &str,
    history: &[String],
    args: &BotArgs,
) -> Result<String, String> {
    let grace = Duration::from_millis(args.grace);
    let words = |f: Failure| match f {
        Failure::Crash => "the engine crashed (exited or closed its output)".to_owned(),
        Failure::Hang => format!(
            "the engine hung (no answer within {} ms)",
            args.movetime + args.grace
        ),
        Failure::Start(why) => format!("the engine could not be started: {why}"),
    };
    let eng = match engine {
        Some(e) => e,
        None => {
            let mut e = Engine::start(spec, variant, grace).map_err(words)?;
            e.send("ucinewgame").map_err(words)?;
            engine.insert(e)
        }
    };
    let mut pos = String::from("position startpos");
    if !history.is_empty() {
        pos += " moves ";
        pos += &history.join(" ");
    }
    let mut go = format!("go movetime {}", args.movetime);
    if let Some(d) = spec.depth {
        go += &format!(" depth {d}");
    }
    if let Some(n) = spec.nodes {
        go += &format!(" nodes {n}");
    }
    let limit = Duration::from_millis(args.movetime) + grace;
    let (mv, _) = eng
        .send(&pos)
        .and_then(|()| eng.go(&go, limit))
        .map_err(words)?;
    Ok(mv)
}
