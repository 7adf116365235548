// Every conformance vector (tests/conformance/<id>.jsonl) in WebAssembly: the sorted legal
// moves, the side to move, the outcome and perft at depths 1-2 (depth 3 where it is small)
// equal to the Rust results recorded there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fairy, { conformanceVectors } from './load.mjs';

const DEEP_LEAVES = 100_000;

for (const { id } of fairy.variants()) {
  test(`${id}: conformance vectors`, () => {
    const vectors = conformanceVectors(id);
    assert.ok(vectors.length > 100);
    for (const v of vectors) {
      const where = `${id} ${v.id}`;
      const board = new fairy.Board(id, v.position);
      assert.equal(board.position(), v.position, where);
      assert.equal(board.turn(), v.side_to_move, where);
      const texts = board.legalMoves().map((m) => m.text);
      assert.deepEqual(texts, v.moves, where);
      assert.deepEqual(board.legalMoveTexts(), v.moves, where);
      const o = board.outcome();
      if (v.outcome === null) {
        assert.equal(o, undefined, where);
      } else {
        assert.equal(o.result, v.outcome.result, where);
        assert.equal(o.winner, v.outcome.winner, where);
        assert.equal(o.reason, v.outcome.reason, where);
        assert.equal(board.isGameOver(), true, where);
      }
      v.perft.forEach((nodes, i) => {
        if (i < 2 || nodes <= DEEP_LEAVES) assert.equal(board.perft(i + 1), nodes, `${where} perft ${i + 1}`);
      });
    }
  });
}
