//! Two `fairy serve` processes on one PostgreSQL database; one is killed with SIGKILL in
//! the middle of several games. The players reconnect to the other server and go on, and
//! every move acknowledged before the kill is there (docs/server.md, "PostgreSQL").
//! Needs `FAIRY_TEST_POSTGRES=postgres://USER@127.0.0.1:PORT/DB` (`.ci/postgres` sets it);
//! without it the test says it was skipped and passes.

use std::time::Duration;

use fairy_web::client::{ClientError, LiveClient, NewGame, Seat, Server};

mod common;

/// Games played at once.
const GAMES: usize = 4;
/// Plies played in each game on the first server, then again on the second.
const PLIES: usize = 6;

/// Connects to game `id` on `server`, waiting (at most 5 s) for the server to learn of it.
async fn connect(server: &Server, id: &str) -> LiveClient {
    for _ in 0..50 {
        match LiveClient::connect(server, id).await {
            Ok(c) => return c,
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    panic!("game {id} never reached {}", server.addr);
}

/// Both players of a game, seated on `server`.
async fn seat_both(server: &Server, seats: &[Seat; 2]) -> [LiveClient; 2] {
    let mut out = Vec::new();
    for s in seats {
        let mut c = connect(server, &s.id).await;
        assert_eq!(c.hello(&s.token).await.expect("hello"), s.seat);
        out.push(c);
    }
    out.try_into().ok().expect("two players")
}

/// One ply in each game by its player to move; the acknowledged move is added to `acked`.
async fn one_ply_each(players: &mut [[LiveClient; 2]], acked: &mut [Vec<String>]) {
    for (g, pair) in players.iter_mut().enumerate() {
        let side = acked[g].len() % 2;
        let st = pair[side].sync().await.expect("state");
        assert!(st.my_turn(), "game {g}: not the expected side's turn");
        let mv = st.moves[(acked[g].len() * 5) % st.moves.len()].clone();
        match pair[side].play(&mv).await {
            Ok(()) => acked[g].push(mv),
            Err(ClientError::Refused(why)) => panic!("game {g}: {mv} refused: {why}"),
            Err(e) => panic!("game {g}: {e}"),
        }
    }
}

#[test]
fn players_go_on_on_the_other_server_after_a_sigkill() {
    let Ok(database) = std::env::var("FAIRY_TEST_POSTGRES") else {
        println!("skipped: FAIRY_TEST_POSTGRES is not set (see .ci/postgres)");
        return;
    };
    let (mut doomed, url_a) = common::serve(&database);
    let (_survivor, url_b) = common::serve(&database);
    let a = Server::parse(&url_a).expect("url");
    let b = Server::parse(&url_b).expect("url");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        tokio::time::timeout(Duration::from_secs(60), async {
            let mut seats = Vec::new();
            for _ in 0..GAMES {
                let white = a
                    .create(&NewGame::invite("chess-t", "Ann"))
                    .await
                    .expect("create");
                let black = a.join(&white.id, "Bob").await.expect("join");
                seats.push([white, black]);
            }
            // A spectator of every game on the server that survives.
            let mut spectators = Vec::new();
            for s in &seats {
                spectators.push(connect(&b, &s[0].id).await);
            }
            let mut players = Vec::new();
            for s in &seats {
                players.push(seat_both(&a, s).await);
            }
            let mut acked = vec![Vec::new(); GAMES];
            for _ in 0..PLIES {
                one_ply_each(&mut players, &mut acked).await;
            }

            doomed.0.kill().expect("SIGKILL the first server");
            doomed.0.wait().expect("reap it");
            drop(players);

            // Every player reconnects to the other server and finds its game as it was.
            let mut players = Vec::new();
            for (g, s) in seats.iter().enumerate() {
                let mut pair = seat_both(&b, s).await;
                let st = pair[0].sync().await.expect("state");
                assert_eq!(st.history, acked[g], "game {g} on the second server");
                players.push(pair);
            }
            for _ in 0..PLIES {
                one_ply_each(&mut players, &mut acked).await;
            }
            for (g, spectator) in spectators.iter_mut().enumerate() {
                let st = spectator.sync().await.expect("spectator's state");
                assert_eq!(st.history, acked[g], "game {g} as its spectator sees it");
                assert_eq!(st.history.len(), 2 * PLIES);
            }
        })
        .await
        .expect("the test ran within 60 s");
    });
}
