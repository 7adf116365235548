// Every variant's perft file (tests/perft/<id>.perft) in WebAssembly: each figure of at
// most LEAVES leaves (the deep ones are the native suite's), equal to the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fairy, { perftEntries } from './load.mjs';

const LEAVES = Number(process.env.FAIRY_WASM_PERFT_LEAVES || 1_500_000);

for (const { id } of fairy.variants()) {
  test(`${id}: perft file figures up to ${LEAVES} leaves`, () => {
    const entries = perftEntries(id);
    assert.ok(entries.length > 0, 'no entry in tests/perft/' + id + '.perft');
    let checked = 0;
    for (const e of entries) {
      const board = new fairy.Board(id, e.position);
      for (const [depth, nodes] of e.counts) {
        if (nodes > LEAVES) continue;
        assert.equal(board.perft(depth), nodes, `${e.id} perft ${depth}`);
        checked++;
      }
    }
    assert.ok(checked >= entries.length, `only ${checked} figures checked`);
  });
}
