-- The revision of each game: bumped by every write, and every write is made only when the
-- row still has the revision the writer read ("compare and set"), so that two servers on
-- one database cannot both apply a move or both decide a flag fall.
ALTER TABLE live_games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
