//! The engine's static evaluation on the Dainy board (not a rule; docs/rules/dainy.md §7):
//! the shared hexagonal evaluation with this board's piece-square tables.

use std::sync::OnceLock;

use fairy_hexchess::EvalTables;

use crate::generated::tables::LINES;
use crate::movegen::Tables;
use crate::position::{PAWN_START_LINE, PROMOTION_LINE};
use crate::tables::CELLS;

/// The line (`a` = 0) of cell `sq`.
fn line_of(sq: u16) -> usize {
    LINES.iter().position(|l| l.contains(sq)).unwrap_or(0)
}

/// The board's evaluation tables, built on first use: a pawn's progress is the number of
/// lines it has advanced from its starting line toward its promotion line.
pub(crate) fn tables() -> &'static EvalTables {
    static TABLES: OnceLock<EvalTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        EvalTables::new::<Tables>(CELLS, |color, sq| {
            let c = color.index();
            let start = PAWN_START_LINE[c] as i32;
            let end = PROMOTION_LINE[c] as i32;
            let line = line_of(sq) as i32;
            ((line - start) * (end - start).signum(), (end - start).abs())
        })
    })
}

#[cfg(test)]
mod tests {
    use fairy_hexchess::{Piece, Placement, Role};
    use fairy_kernel::{Color, Game, Geometry};

    use super::tables;
    use crate::movegen::Tables;
    use crate::tables::{board, CELLS};
    use crate::Position;

    /// The cell of the colour-swapped board: the reflection that maps White's start onto
    /// Black's.
    fn mirror_cell(sq: u16) -> u16 {
        let b = board();
        let l = b.line_of(sq);
        let n = (1..=b.line_len(l))
            .find(|&n| b.cell(l, n) == Some(sq))
            .unwrap();
        let (ml, mn) = (b.line_count() - 1 - l, n);
        b.cell(ml, mn).unwrap()
    }

    /// The placement with colours swapped and cells reflected.
    fn mirror(p: &Placement<CELLS>) -> Placement<CELLS> {
        let mut m = Placement::EMPTY;
        for sq in 0..CELLS as u16 {
            if let Some(pc) = p.piece_at(sq) {
                let swapped = Piece {
                    color: !pc.color,
                    role: pc.role,
                };
                m.put(mirror_cell(sq), swapped);
            }
        }
        m
    }

    fn cell(name: &str) -> u16 {
        board().parse_square(name).unwrap()
    }

    fn eval(p: &Placement<CELLS>, side: Color) -> i32 {
        p.evaluate::<Tables>(side, tables())
    }

    /// Kings on their start cells plus `extra` pieces.
    fn with_kings(extra: &[(&str, Color, Role)]) -> Placement<CELLS> {
        let start = Position::start(()).pl;
        let mut p = Placement::EMPTY;
        for color in Color::ALL {
            p.put(
                start.king(color),
                Piece {
                    color,
                    role: Role::King,
                },
            );
        }
        for &(name, color, role) in extra {
            p.put(cell(name), Piece { color, role });
        }
        p
    }

    #[test]
    fn the_mirrored_start_is_the_start() {
        let start = Position::start(()).pl;
        assert_eq!(mirror(&start), start);
    }

    #[test]
    fn colour_mirrored_positions_evaluate_alike() {
        let mut pos = Position::start(());
        for ply in 0..40 {
            let p = &pos.pl;
            let m = mirror(p);
            for side in Color::ALL {
                assert_eq!(eval(p, side), eval(&m, !side), "ply {ply}");
            }
            assert_eq!(eval(p, Color::White), -eval(p, Color::Black));
            let mut list = crate::MoveList::new();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let mv = list[(ply * 7 + 3) % list.len()];
            pos.play(mv);
        }
    }

    #[test]
    fn a_centralised_knight_scores_more_than_one_on_the_rim() {
        let rim = cell("a1");
        let b = board();
        let centre = (0..CELLS as u16)
            .max_by_key(|&s| {
                (0..6)
                    .map(|d| <Tables as fairy_hexchess::Tables>::rays(s)[d].count())
                    .min()
            })
            .unwrap();
        let name = b.square_name(centre);
        let on_rim = with_kings(&[(&b.square_name(rim), Color::White, Role::Knight)]);
        let central = with_kings(&[(&name, Color::White, Role::Knight)]);
        assert!(eval(&central, Color::White) > eval(&on_rim, Color::White) + 20);
    }

    #[test]
    fn an_advanced_pawn_scores_more_than_a_home_pawn() {
        let start = Position::start(()).pl;
        let home = (start.pieces(Color::White, Role::Pawn)).first().unwrap();
        let mut advanced = home;
        for _ in 0..2 {
            advanced = crate::generated::tables::PAWN_STEP[0][advanced as usize] as u16;
        }
        let b = board();
        let p_home = with_kings(&[(&b.square_name(home), Color::White, Role::Pawn)]);
        let p_adv = with_kings(&[(&b.square_name(advanced), Color::White, Role::Pawn)]);
        assert!(eval(&p_adv, Color::White) > eval(&p_home, Color::White) + 20);
    }

    #[test]
    fn the_evaluation_survives_boards_without_kings() {
        let mut p: Placement<CELLS> = Placement::EMPTY;
        p.put(
            cell("a1"),
            Piece {
                color: Color::White,
                role: Role::Queen,
            },
        );
        let s = eval(&p, Color::White);
        assert!(s > 0 && s < 100_000);
    }
}
