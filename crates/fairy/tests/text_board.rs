//! The text board of every variant: every piece drawn once, the last move in brackets, and
//! the board turned by `flip`; hexagonal boards drawn as hexagons with shaded cells.

use fairy::text_board::{draw, legend, render};

/// The letters of the pieces in a drawing: single letters in words without digits, on
/// every line but level or front titles and the closing line of file letters.
fn piece_letters(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let last_is_files = lines.last().is_some_and(|l| {
        l.split_whitespace()
            .all(|w| w == "|" || (w.len() == 1 && w.chars().all(|c| c.is_ascii_lowercase())))
    });
    let end = if last_is_files {
        lines.len() - 1
    } else {
        lines.len()
    };
    lines[..end]
        .iter()
        .filter(|l| {
            !["front", "Sky", "Ground", "Underworld", "level"]
                .iter()
                .any(|t| l.contains(t))
        })
        .flat_map(|l| l.split_whitespace())
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        .map(|w| w.chars().filter(|c| c.is_ascii_alphabetic()).count())
        .sum()
}

#[test]
fn every_variant_draws_every_piece_and_marks_the_last_move() {
    for v in fairy::registry::built() {
        let mut s = v.session(None).unwrap();
        let first = s.legal_moves(None).unwrap()[0].clone();
        s.apply(&first).unwrap();
        let view = s.board_view().expect("a board view");
        let pieces = view.cells.iter().filter(|c| c.piece.is_some()).count();
        let squares = fairy::picture::move_squares(s.as_ref(), &first).unwrap();
        let text = draw(&view, false, &squares, s.file_groups());
        let flipped = draw(&view, true, &squares, s.file_groups());
        if std::env::var_os("FAIRY_SHOW").is_some() {
            println!("{}\n{text}\n{flipped}", v.id());
        }
        for t in [&text, &flipped] {
            assert!(t.lines().count() >= 8, "{}: {t}", v.id());
            assert_eq!(piece_letters(t), pieces, "{}:\n{t}", v.id());
            assert_eq!(t.matches('[').count(), t.matches(']').count());
            assert!(t.contains('['), "{}: last move not marked\n{t}", v.id());
            assert!(t.lines().all(|l| l.len() <= 100), "{}:\n{t}", v.id());
        }
        assert_ne!(text, flipped);
        // The square renderer is the one `draw` uses for square boards.
        if view.shape == fairy_kernel::view::CellShape::Square && s.file_groups().is_empty() {
            assert_eq!(text, render(&view, false, &squares));
        }
    }
}

/// Hexagonal boards are drawn as hexagons: one text line per line of cells (Dainy) or per
/// half cell (Gliński), neighbouring lines offset, empty cells in their three shades.
#[test]
fn hexagonal_boards_are_hexagons_in_three_shades() {
    for id in ["dainy", "glinski"] {
        let s = fairy::registry::find(id).unwrap().session(None).unwrap();
        let view = s.board_view().unwrap();
        let text = draw(&view, false, &[], &[]);
        for shade in ['.', ':', '*'] {
            assert!(text.contains(shade), "{id}: no {shade}\n{text}");
        }
        // The widest line is in the middle, and the first and last lines are narrow.
        let widths: Vec<usize> = text.lines().map(|l| l.split_whitespace().count()).collect();
        let widest = widths.iter().copied().max().unwrap();
        assert!(
            widths[0] < widest && widths[widths.len() - 2] < widest,
            "{id}:\n{text}"
        );
        let lines: Vec<&str> = text.lines().collect();
        let indent = |l: &str| l.len() - l.trim_start().len();
        assert!(
            indent(lines[0]) > indent(lines[lines.len() / 2]),
            "{id}: the top is indented more than the middle\n{text}"
        );
        let legend = legend(&view, ["white", "black"]).join("\n");
        assert!(legend.contains(". light, : medium, * dark"), "{legend}");
    }
    // Dainy: the white king's line a (a1-a5) at the bottom, Black's line k at the top.
    let s = fairy::registry::find("dainy")
        .unwrap()
        .session(None)
        .unwrap();
    let text = draw(&s.board_view().unwrap(), false, &[], &[]);
    assert!(
        text.lines().next().unwrap().trim_end().ends_with("k1-k5"),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().trim_end().ends_with("a1-a5"),
        "{text}"
    );
}

/// Chess-T's castle cells (in parentheses) and impregnable fields (`*`) are drawn, with the
/// last move's brackets taking precedence.
#[test]
fn chess_t_marks_castles_and_impregnable_fields() {
    let s = fairy::registry::find("chess-t")
        .unwrap()
        .session(None)
        .unwrap();
    let view = s.board_view().unwrap();
    let text = draw(&view, false, &[], &[]);
    assert!(text.contains("(P K P)") && text.contains("(C)"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("4  . * .")), "{text}");
    let legend = legend(&view, ["white", "black"]).join("\n");
    assert!(
        legend.contains("( ) castle cell (d1 e1 f1 e2 e7 d8 e8 f8), * impregnable field (b4 b5)"),
        "{legend}"
    );
}
