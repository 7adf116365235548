//! The load generator against a server on a loopback socket: 20 games for about 10 s, with
//! spectators; every acknowledged move reaches everyone once and in order.

use std::net::SocketAddr;
use std::time::Duration;

use fairy_web::client::Server;
use fairy_web::load::{self, LoadOptions};

mod common;
use common::listen;

async fn start(config: fairy_web::Config) -> SocketAddr {
    listen(fairy_web::app(config, None).await.expect("app")).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_games_lose_duplicate_and_reorder_no_move() {
    let mut config = fairy_web::Config::default();
    // Every client of the load generator shares 127.0.0.1.
    config.live.max_games_per_client = 20;
    let addr = start(config).await;
    let options = LoadOptions {
        servers: vec![Server::parse(&format!("http://{addr}")).expect("url")],
        variant: "synthesis".into(),
        games: 20,
        spectators: 10,
        interval: Duration::from_millis(1000),
        duration: Duration::from_secs(10),
        pictures: true,
    };
    let r = tokio::time::timeout(Duration::from_secs(50), load::run(&options))
        .await
        .expect("the run ends by itself")
        .expect("run");
    println!("{r}");
    assert_eq!((r.games, r.spectators), (20, 10));
    assert!(r.moves >= 40, "moves were made: {r}");
    assert_eq!((r.lost, r.duplicated, r.reordered), (0, 0, 0), "{r}");
    assert_eq!(r.errors, 0, "{r}");
    assert!(
        r.p50_ms > 0.0 && r.p50_ms <= r.p95_ms && r.p95_ms <= r.p99_ms,
        "{r}"
    );
}

#[tokio::test]
async fn the_per_client_limit_stops_a_run_that_exceeds_it() {
    let addr = start(fairy_web::Config::default()).await;
    let options = LoadOptions {
        servers: vec![Server::parse(&format!("http://{addr}")).expect("url")],
        variant: "synthesis".into(),
        games: 11,
        spectators: 0,
        interval: Duration::from_millis(1000),
        duration: Duration::from_secs(1),
        pictures: false,
    };
    let e = load::run(&options)
        .await
        .expect_err("the 11th game is refused");
    assert!(e.to_string().contains("game 11"), "{e}");
    assert!(e.to_string().contains("429"), "{e}");
}
