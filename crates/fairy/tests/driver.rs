//! The game driver: every way a game ends, the clock, offers, takebacks, aborts, the
//! record, and the serializable commands.

use fairy::driver::{
    Command, DriverError, Ending, GameResult, Match, MatchOptions, ScoreAdjudication, TimeControl,
};
use fairy::{Color, Reason, Score};

/// Synthesis: White mates in two (f7-a2 b5-b4 a2-b1).
const MATE_IN_TWO: &str = "8/5R2/5K2/1p6/8/3Q4/8/2k5 w - - 0 1";
/// Dainy: Black to move is stalemated.
const DAINY_STALEMATE: &str = "3Q1/6/5P1/8/9/10/9/7B/6K/6/4k b - 18 227";
/// Synthesis: knights out and back twice, a threefold repetition.
const REPETITION: [&str; 8] = [
    "g1-f3", "g8-f6", "f3-g1", "f6-g8", "g1-f3", "g8-f6", "f3-g1", "f6-g8",
];

fn players() -> [String; 2] {
    ["ann".into(), "bob".into()]
}

fn game(id: &str, fen: Option<&str>, options: MatchOptions) -> Match {
    Match::new(fairy::registry::find(id).unwrap(), fen, players(), options).unwrap()
}

fn play_all(m: &mut Match, moves: &[&str]) {
    for mv in moves {
        let side = m.side_to_move();
        m.play(side, mv, 0).unwrap();
    }
}

#[test]
fn checkmate_ends_the_game_with_the_rules_reason_and_the_record() {
    let mut m = game("synthesis", Some(MATE_IN_TWO), MatchOptions::default());
    play_all(&mut m, &["f7-a2", "b5-b4"]);
    assert!(!m.is_over());
    play_all(&mut m, &["a2-b1"]);
    let t = m.termination().unwrap().clone();
    assert_eq!(t.result, GameResult::WhiteWins);
    assert_eq!(
        t.ending,
        Ending::Rules {
            reason: Reason::Checkmate
        }
    );
    assert_eq!(m.describe().unwrap(), "1-0 white wins by checkmate");
    let rec = m.record().to_string();
    assert!(rec.contains("[Result \"1-0\"]"), "{rec}");
    assert!(rec.contains("[Termination \"checkmate\"]"), "{rec}");
    assert!(rec.contains("[White \"ann\"]"), "{rec}");
    assert!(rec.trim_end().ends_with("a2-b1 1-0"), "{rec}");
    // Nothing more can happen.
    assert!(matches!(
        m.play(Color::Black, "b4-b3", 0),
        Err(DriverError::GameOver(_))
    ));
    assert!(matches!(
        m.resign(Color::Black, 0),
        Err(DriverError::GameOver(_))
    ));
}

#[test]
fn a_stalemate_is_over_from_the_start() {
    let m = game("dainy", Some(DAINY_STALEMATE), MatchOptions::default());
    let t = m.termination().unwrap();
    assert_eq!(t.result, GameResult::Draw);
    assert_eq!(
        t.ending,
        Ending::Rules {
            reason: Reason::Stalemate
        }
    );
    assert_eq!(m.describe().unwrap(), "1/2-1/2 draw by stalemate");
}

#[test]
fn threefold_repetition_draws() {
    let mut m = game("synthesis", None, MatchOptions::default());
    play_all(&mut m, &REPETITION);
    let t = m.termination().unwrap();
    assert_eq!(t.result, GameResult::Draw);
    assert_eq!(
        t.reason_text(m.side_names()),
        "threefold repetition",
        "{t:?}"
    );
}

#[test]
fn the_length_cap_draws_by_adjudication() {
    let options = MatchOptions {
        max_plies: Some(3),
        ..MatchOptions::default()
    };
    let mut m = game("synthesis", None, options);
    play_all(&mut m, &["e2-e4", "e7-e5"]);
    assert!(!m.is_over());
    play_all(&mut m, &["g1-f3"]);
    let t = m.termination().unwrap();
    assert_eq!(t.result, GameResult::Draw);
    assert_eq!(t.ending, Ending::LengthCap { plies: 3 });
    assert_eq!(
        m.describe().unwrap(),
        "1/2-1/2 draw: adjudicated: game-length cap of 3 plies reached (ruling G2)"
    );
    assert!(m.play(Color::Black, "b8-c6", 0).is_err());
    // A game loaded at the cap is over at once.
    let again = Match::from_session(
        m.variant(),
        fairy::record::replay(&m.record(), m.variant()).unwrap(),
        players(),
        options,
    );
    assert_eq!(again.termination(), m.termination());
}

#[test]
fn the_flag_falls_on_the_callers_clock() {
    let options = MatchOptions {
        clock: Some(TimeControl {
            base_ms: 1_000,
            increment_ms: 100,
            grace_ms: 50,
        }),
        ..MatchOptions::default()
    };
    let mut m = game("synthesis", None, options);
    m.start_clock(10_000);
    m.play(Color::White, "e2-e4", 10_400).unwrap();
    assert_eq!(m.clock_ms(Color::White, 10_400), Some(700));
    assert_eq!(m.clock_ms(Color::Black, 10_900), Some(500));
    // Within the grace the flag stands.
    assert!(m.check_flag(11_440).is_none());
    assert_eq!(m.clock_ms(Color::Black, 11_440), Some(0));
    // Beyond it, a move comes too late.
    let late = m.play(Color::Black, "e7-e5", 11_451);
    assert!(matches!(late, Err(DriverError::GameOver(_))), "{late:?}");
    let t = m.termination().unwrap();
    assert_eq!(t.result, GameResult::WhiteWins);
    assert_eq!(
        t.ending,
        Ending::Time {
            loser: Color::Black
        }
    );
    assert_eq!(m.describe().unwrap(), "1-0 white wins: black lost on time");
    assert_eq!(m.moves(), vec!["e2-e4".to_owned()]);
    assert!(m.record().to_string().contains("[TimeControl \"1+0.1\"]"));
}

#[test]
fn without_start_clock_the_first_move_is_not_timed() {
    let options = MatchOptions {
        clock: Some(TimeControl {
            base_ms: 1_000,
            increment_ms: 0,
            grace_ms: 0,
        }),
        ..MatchOptions::default()
    };
    let mut m = game("synthesis", None, options);
    m.play(Color::White, "e2-e4", 50_000).unwrap();
    assert_eq!(m.clock_ms(Color::White, 50_000), Some(1_000));
    assert_eq!(m.clock_ms(Color::Black, 50_300), Some(700));
    assert!(m.check_flag(51_001).is_some());
}

#[test]
fn the_clock_runs_per_turn_in_imperial_regicide() {
    let options = MatchOptions {
        clock: Some(TimeControl {
            base_ms: 10_000,
            increment_ms: 1_000,
            grace_ms: 0,
        }),
        ..MatchOptions::default()
    };
    let mut m = game("regicide", None, options);
    m.start_clock(0);
    let mut now = 0;
    let mut sub_moves = 0;
    while m.side_to_move() == Color::White {
        now += 100;
        let mv = m.session().legal_moves(None).unwrap()[0].clone();
        m.play(Color::White, &mv, now).unwrap();
        sub_moves += 1;
        // Black's clock does not run while White's turn goes on.
        assert_eq!(m.clock_ms(Color::Black, now), Some(10_000));
    }
    assert!(sub_moves > 1, "a turn of several sub-moves");
    // One increment for the whole turn.
    assert_eq!(
        m.clock_ms(Color::White, now),
        Some(10_000 - now + 1_000),
        "{sub_moves} sub-moves"
    );
}

#[test]
fn resignation_gives_the_game_to_the_other_side() {
    let mut m = game("dragonchess", None, MatchOptions::default());
    m.resign(Color::White, 0).unwrap();
    let t = m.termination().unwrap();
    assert_eq!(t.result, GameResult::BlackWins);
    assert_eq!(m.describe().unwrap(), "0-1 scarlet wins: gold resigned");
    assert!(m
        .record()
        .to_string()
        .contains("[Termination \"gold resigned\"]"));
}

#[test]
fn draw_offers_are_accepted_declined_or_lapse() {
    let mut m = game("synthesis", None, MatchOptions::default());
    assert!(matches!(
        m.accept_draw(Color::Black, 0),
        Err(DriverError::NoDrawOffer)
    ));
    m.offer_draw(Color::White, 0).unwrap();
    assert_eq!(m.draw_offer(), Some(Color::White));
    // One cannot accept one's own offer.
    assert!(m.accept_draw(Color::White, 0).is_err());
    m.decline_draw(Color::Black).unwrap();
    assert_eq!(m.draw_offer(), None);
    // An offer lapses when the other side ends its turn without accepting.
    m.offer_draw(Color::White, 0).unwrap();
    play_all(&mut m, &["e2-e4"]);
    assert_eq!(
        m.draw_offer(),
        Some(Color::White),
        "White's own move keeps it"
    );
    play_all(&mut m, &["e7-e5"]);
    assert_eq!(m.draw_offer(), None);
    m.offer_draw(Color::Black, 0).unwrap();
    m.accept_draw(Color::White, 0).unwrap();
    let t = m.termination().unwrap();
    assert_eq!(t.result, GameResult::Draw);
    assert_eq!(t.ending, Ending::Agreement);
    assert_eq!(m.describe().unwrap(), "1/2-1/2 draw agreed");
    assert!(m
        .record()
        .to_string()
        .contains("[Termination \"draw agreed\"]"));
}

#[test]
fn score_adjudication_resigns_and_draws() {
    let options = MatchOptions {
        adjudication: Some(ScoreAdjudication {
            resign_cp: Some(500),
            resign_plies: 2,
            draw_cp: None,
            draw_plies: 0,
            draw_after: 0,
        }),
        ..MatchOptions::default()
    };
    let mut m = game("synthesis", None, options);
    // Both engines agree that Black is lost: White +6, Black -7 (each its own view).
    for mv in ["e2-e4", "e7-e5", "g1-f3"] {
        let side = m.side_to_move();
        m.report_score(
            side,
            Score::from_value(if side == Color::White { 600 } else { -700 }),
        );
        m.play(side, mv, 0).unwrap();
    }
    let t = m.termination().unwrap();
    assert_eq!(t.result, GameResult::WhiteWins);
    assert_eq!(
        t.ending,
        Ending::ScoreResignation {
            loser: Color::Black,
            cp: 500,
            plies: 2
        }
    );
    assert_eq!(m.moves().len(), 3);

    let options = MatchOptions {
        adjudication: Some(ScoreAdjudication {
            resign_cp: None,
            resign_plies: 0,
            draw_cp: Some(10),
            draw_plies: 2,
            draw_after: 2,
        }),
        ..MatchOptions::default()
    };
    let mut m = game("synthesis", None, options);
    for mv in ["e2-e4", "e7-e5", "g1-f3", "b8-c6"] {
        let side = m.side_to_move();
        m.report_score(side, Score::from_value(5));
        m.play(side, mv, 0).unwrap();
    }
    let t = m.termination().unwrap();
    assert_eq!(t.result, GameResult::Draw);
    assert_eq!(t.ending, Ending::ScoreDraw { cp: 10, plies: 2 });
    // A mate score counts as beyond any threshold.
    let options = MatchOptions {
        adjudication: Some(ScoreAdjudication {
            resign_cp: Some(1000),
            resign_plies: 1,
            ..ScoreAdjudication::default()
        }),
        ..MatchOptions::default()
    };
    let mut m = game("synthesis", None, options);
    m.report_score(
        Color::White,
        -Score::from_value(fairy::engine::mate_score(4)),
    );
    m.report_score(
        Color::Black,
        Score::from_value(fairy::engine::mate_score(3)),
    );
    play_all(&mut m, &["e2-e4"]);
    assert_eq!(m.termination().unwrap().result, GameResult::BlackWins);
}

#[test]
fn a_side_may_abort_before_its_first_move_only() {
    let mut m = game("synthesis", None, MatchOptions::default());
    play_all(&mut m, &["e2-e4"]);
    assert!(matches!(
        m.abort(Color::White),
        Err(DriverError::TooLateToAbort(_))
    ));
    m.abort(Color::Black).unwrap();
    let t = m.termination().unwrap();
    assert_eq!(t.result, GameResult::Unfinished);
    assert_eq!(t.ending, Ending::Aborted);
    assert_eq!(m.describe().unwrap(), "* game aborted");
    let rec = m.record().to_string();
    assert!(rec.contains("[Result \"*\"]") && rec.contains("[Termination \"aborted\"]"));
}

#[test]
fn takeback_returns_the_turn_to_the_side_asking() {
    let mut m = game("synthesis", None, MatchOptions::default());
    assert!(matches!(
        m.takeback(Color::White, 0),
        Err(DriverError::NothingToTakeBack(_))
    ));
    play_all(&mut m, &["e2-e4", "e7-e5", "g1-f3"]);
    assert_eq!(m.takeback(Color::Black, 0).unwrap(), 2);
    assert_eq!(m.moves(), vec!["e2-e4".to_owned()]);
    assert_eq!(m.side_to_move(), Color::Black);
    assert_eq!(m.takeback(Color::White, 0).unwrap(), 1);
    assert!(m.moves().is_empty());
}

#[test]
fn wrong_turns_and_illegal_moves_change_nothing() {
    let mut m = game("synthesis", None, MatchOptions::default());
    assert!(matches!(
        m.play(Color::Black, "e7-e5", 0),
        Err(DriverError::NotYourTurn(_))
    ));
    assert!(matches!(
        m.play(Color::White, "e2-e5", 0),
        Err(DriverError::Move(_))
    ));
    assert!(m.moves().is_empty() && !m.is_over());
    m.forfeit(Color::White, "crashed").unwrap();
    assert_eq!(m.describe().unwrap(), "0-1 black wins: white crashed");
    let mut m = game("synthesis", None, MatchOptions::default());
    m.leave("quit");
    assert_eq!(m.describe().unwrap(), "* game left unfinished (quit)");
    assert!(m
        .record()
        .to_string()
        .contains("[Termination \"unterminated: quit\"]"));
}

#[test]
fn commands_and_terminations_are_json() {
    let mut m = game("synthesis", None, MatchOptions::default());
    let cmd: Command =
        serde_json::from_str(r#"{"action":"move","seat":"white","text":"e2e4"}"#).unwrap();
    assert_eq!(m.execute(&cmd, 0).unwrap().as_deref(), Some("e2-e4"));
    let resign: Command = serde_json::from_str(r#"{"action":"resign","seat":"black"}"#).unwrap();
    m.execute(&resign, 0).unwrap();
    let json = serde_json::to_string(m.termination().unwrap()).unwrap();
    assert_eq!(
        json,
        r#"{"result":"white-wins","ending":{"kind":"resignation","loser":"black"}}"#
    );
    let back: fairy::Termination = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, m.termination().unwrap());
    let rules: fairy::Termination = serde_json::from_str(
        r#"{"result":"draw","ending":{"kind":"rules","reason":"threefold repetition"}}"#,
    )
    .unwrap();
    assert_eq!(
        rules.ending,
        Ending::Rules {
            reason: Reason::Repetition
        }
    );
    assert!(serde_json::from_str::<Command>(r#"{"action":"resign","seat":"red"}"#).is_err());
    let options: MatchOptions = serde_json::from_str(
        r#"{"max_plies":600,"clock":{"base_ms":60000,"increment_ms":0},"adjudication":null}"#,
    )
    .unwrap();
    assert_eq!(options.clock.unwrap().grace_ms, 0);
    // Scores are typed objects, mate as mate.
    assert_eq!(
        serde_json::to_string(&Score::from_value(fairy::engine::mate_score(5))).unwrap(),
        r##"{"mate":3,"text":"#3"}"##
    );
    assert_eq!(
        serde_json::to_string(&Score::from_value(-35)).unwrap(),
        r#"{"cp":-35,"text":"-0.35"}"#
    );
}
