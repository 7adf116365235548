//! The compact text board of every variant: every piece drawn once, the last move in
//! brackets, and the board turned by `flip`.

use fairy::text_board::render;

#[test]
fn every_variant_draws_every_piece_and_marks_the_last_move() {
    for v in fairy::registry::built() {
        let mut s = v.session(None).unwrap();
        let first = s.legal_moves(None).unwrap()[0].clone();
        s.apply(&first).unwrap();
        let view = s.board_view().expect("a board view");
        let pieces = view.cells.iter().filter(|c| c.piece.is_some()).count();
        let squares = fairy::picture::move_squares(s.as_ref(), &first).unwrap();
        let text = render(&view, false, &squares);
        let flipped = render(&view, true, &squares);
        if std::env::var_os("FAIRY_SHOW").is_some() {
            println!("{}\n{text}\n{flipped}", v.id());
        }
        for t in [&text, &flipped] {
            let lines: Vec<&str> = t.lines().collect();
            // The last line holds the file letters, a first line the titles of levels
            // ("Sky (3)", or "level n") or of groups of files ("front I").
            let board: Vec<&str> = lines[..lines.len() - 1]
                .iter()
                .copied()
                .filter(|l| !l.contains("level") && !l.contains('(') && !l.contains("front"))
                .collect();
            let letters: usize = board
                .iter()
                .map(|l| l.chars().filter(|c| c.is_ascii_alphabetic()).count())
                .sum();
            assert!(board.len() >= 8, "{}: {t}", v.id());
            assert_eq!(letters, pieces, "{}:\n{t}", v.id());
            assert_eq!(t.matches('[').count(), t.matches(']').count());
            assert!(t.contains('['), "{}: last move not marked\n{t}", v.id());
            assert!(t.lines().all(|l| l.len() <= 100), "{}:\n{t}", v.id());
        }
        assert_ne!(text, flipped);
    }
}
