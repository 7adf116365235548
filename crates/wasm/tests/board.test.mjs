// The Board API: records, push/pop, errors with the CLI's messages, the engine within its
// time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fairy, { conformanceVectors, root } from './load.mjs';

test('variants are listed with descriptions and side names', () => {
  const list = fairy.variants();
  assert.ok(list.length >= 8);
  const dragon = list.find((v) => v.id === 'dragonchess');
  assert.deepEqual(dragon.sideNames, ['gold', 'scarlet']);
  assert.ok(dragon.description.length > 10);
  for (const v of list) assert.equal(new fairy.Board(v.id).position(), fairy.startPosition(v.id));
});

test('every legal move has from and to squares of the board, and push/pop round-trip', () => {
  for (const { id } of fairy.variants()) {
    const board = new fairy.Board(id);
    const start = board.position();
    const moves = board.legalMoves();
    assert.ok(moves.length > 0, id);
    for (const m of moves) {
      assert.equal(typeof m.from, 'string', `${id} ${m.text}`);
      assert.equal(typeof m.to, 'string', `${id} ${m.text}`);
    }
    const from = moves[0].from;
    const mine = board.legalMoves(from);
    assert.ok(mine.length > 0 && mine.every((m) => m.from === from), id);
    const played = board.push(moves[0].text);
    assert.equal(played, moves[0].text);
    assert.deepEqual(board.moveStack(), [played]);
    assert.notEqual(board.position(), start);
    assert.equal(board.pop(), played);
    assert.equal(board.pop(), undefined);
    assert.equal(board.position(), start);
  }
});

test('a move is marked as a capture exactly when it takes a piece off the board', () => {
  // The number of pieces in the picture drops by a capture (en passant and captures from
  // afar included) and by nothing else.
  const pieces = (board) => board.svg().split('class="piece').length - 1;
  for (const { id } of fairy.variants()) {
    let captures = 0;
    for (const v of conformanceVectors(id).filter((v, i) => i % 15 === 0 && v.outcome === null)) {
      const board = new fairy.Board(id, v.position);
      const before = pieces(board);
      for (const m of board.legalMoves()) {
        board.push(m.text);
        assert.equal(m.capture, pieces(board) < before, `${id} ${v.id} ${m.text}`);
        board.pop();
        if (m.capture) captures++;
      }
    }
    assert.ok(captures > 0, `${id}: no capture seen`);
  }
});

test('move records: captured squares and flags agree, every flag appears in the vectors', () => {
  const seen = new Set();
  for (const { id } of fairy.variants()) {
    for (const v of conformanceVectors(id)) {
      for (const m of new fairy.Board(id, v.position).legalMoves()) {
        const where = `${id} ${v.id} ${m.text}`;
        assert.equal(m.capture, m.captured !== null, where);
        if (m.flags.includes('en passant')) assert.notEqual(m.captured, m.to, where);
        else if (m.capture) assert.equal(m.captured, m.to, where);
        if (m.flags.includes('capture from afar') || m.flags.includes('exchange')) assert.ok(m.capture, where);
        if (m.promotion !== null) assert.match(m.promotion, /^[A-Z]$/, where);
        m.flags.forEach((f) => seen.add(f));
      }
    }
  }
  for (const f of ['castling', 'en passant', 'double step', 'level change', 'capture from afar', 'exchange']) {
    assert.ok(seen.has(f), 'no move flagged ' + f);
  }
});

test('bad input throws an Error with the fairy command\'s message', () => {
  const cases = [
    [() => new fairy.Board('chess'), ['perft', 'chess', '1']],
    [() => new fairy.Board('glinski', 'nonsense'), ['perft', 'glinski', '1', '--fen', 'nonsense']],
    [() => new fairy.Board('glinski').perft(33), ['perft', 'glinski', '33']],
    [() => fairy.startPosition('chess'), ['perft', 'chess', '1']],
  ];
  const bin = process.env.FAIRY_BIN || path.join(root, 'target/debug/fairy');
  for (const [f, args] of cases) {
    let error = null;
    try { f(); } catch (e) { error = e; }
    assert.ok(error instanceof Error, 'no Error thrown for ' + args.join(' '));
    assert.ok(!error.message.includes('\n') && error.message.length > 10, error.message);
    if (existsSync(bin)) {
      const r = spawnSync(bin, args, { encoding: 'utf8' });
      assert.equal(r.status, 2);
      assert.equal(r.stderr.trim(), 'fairy: ' + error.message);
    }
  }
  const board = new fairy.Board('glinski');
  assert.throws(() => board.push('f5-f9'), /f9/);
  assert.throws(() => board.push('a1-a2'), Error);
  assert.throws(() => board.legalMoves('z99'), /z99/);
  assert.throws(() => board.perft(1.5), /whole number/);
  assert.throws(() => board.engineMove({ depth: 0 }), /depth must be at least 1/);
  assert.throws(() => board.engineMove({ movetimeMs: -5 }), /movetimeMs/);
  assert.throws(() => board.svg('nonsense'), Error);
  assert.equal(board.moveStack().length, 0, 'nothing played by bad input');
});

test('the engine answers within its time with a legal move', () => {
  for (const { id } of fairy.variants()) {
    const board = new fairy.Board(id);
    const limit = 300;
    const t0 = performance.now();
    const m = board.engineMove({ movetimeMs: limit });
    const took = performance.now() - t0;
    assert.ok(took < limit * 1.5 + 50, `${id}: ${took} ms for a ${limit} ms move`);
    assert.ok(board.legalMoveTexts().includes(m.text), `${id}: ${m.text}`);
    assert.ok(m.depth >= 1 && m.nodes > 0 && m.pv[0] === m.text, id);
    assert.match(m.score, /^([+-]\d+\.\d\d|#-?\d+)$/, `${id}: score ${m.score}`);
    assert.ok((m.centipawns === null) !== (m.mate === null), `${id}: centipawns or mate`);
    assert.ok(m.elapsedMs > 0 && m.elapsedMs <= took + 1, `${id}: elapsed ${m.elapsedMs}`);
    const d = board.engineMove({ depth: 2 });
    assert.equal(d.depth, 2, id);
  }
});

test('a finished game is over, with an outcome, and the engine has no move', () => {
  const v = conformanceVectors('regicide').find((x) => x.outcome !== null && x.moves.length === 0);
  const board = new fairy.Board('regicide', v.position);
  assert.equal(board.isGameOver(), true);
  assert.deepEqual({ ...board.outcome(), text: undefined }, { ...v.outcome, text: undefined });
  assert.ok(board.outcome().text.length > 5);
  assert.equal(board.result(), v.outcome.result);
  assert.equal(board.engineMove({ depth: 2 }), undefined);
  assert.equal(board.status(), board.outcome().text);
  const fresh = new fairy.Board('glinski');
  assert.equal(fresh.isGameOver(), false);
  assert.equal(fresh.outcome(), undefined);
  assert.equal(fresh.result(), '*');
  assert.ok(fresh.svg().startsWith('<svg'));
  assert.ok(fresh.svg('f5-f6', true).includes('data-square="f6"'));
  assert.equal(fresh.status(), 'white to move');
});
