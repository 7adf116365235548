// The board page's backend over the WebAssembly module (wasm/fairy_wasm.js, crates/wasm):
// the game, its legal moves, picture and outcome are computed in this page, the engine
// searches in a Web Worker (worker.js); no server is asked anything. It has the methods of
// backend-server.js and answers with states shaped like the JSON API's (docs/web-api.md).
import init, { variants, Board } from './wasm/fairy_wasm.js';

let serial = 0;  // numbers the games of this page, as the server's ids would

/** The WebAssembly backend; rejects when the module cannot be loaded. */
export async function open() {
  await init();
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const pending = new Map();  // search id -> { resolve, reject }
  let searches = 0;
  worker.onmessage = (event) => {
    const { id, reply, error } = event.data;
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (error) p.reject(new Error(error)); else p.resolve(reply);
  };
  worker.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error('engine worker: ' + e.message));
    pending.clear();
  };

  let board = null;                  // the game
  let game = null;                   // { id, players, engine }
  let changes = 0;                   // bumped by every change of the game

  function state(layout, search) {
    const v = board.view(layout.bottom, layout.stack);
    const s = { ...v, id: game.id, players: game.players, engine: game.engine, moves: board.legalMoves() };
    if (search) s.search = search;
    return s;
  }
  function start(b, req) {
    if (board) board.free();
    board = b;
    changes++;
    game = { id: 'wasm-' + (++serial), players: req.players || ['human', 'human'], engine: req.engine || { ms: 1000 } };
  }
  function search(limits) {
    const id = ++searches;
    const msg = {
      id, variant: board.variant, start: board.startPosition(), moves: board.moveStack(),
      limits: limits.depth ? { depth: limits.depth } : { movetimeMs: limits.ms },
    };
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage(msg);
    });
  }

  return {
    name: 'wasm',
    variants: async () => variants(),
    newGame: async (req, layout) => {
      start(new Board(req.variant, req.position || undefined), req);
      return state(layout);
    },
    state: async (layout) => state(layout),
    play: async (text, layout) => {
      board.push(text);
      changes++;
      return state(layout);
    },
    undo: async (layout) => {
      board.pop();
      changes++;
      return state(layout);
    },
    engineMove: async (limits, layout) => {
      const before = changes;
      const reply = await search(limits);
      // The game changed while the engine thought (undo, a new game): its move is dropped.
      if (before !== changes || !reply) return state(layout);
      board.push(reply.text);
      changes++;
      return state(layout, {
        move: reply.text, depth: reply.depth, score: { text: reply.score },
        nodes: reply.nodes, ms: Math.round(reply.elapsedMs), pv: reply.pv,
      });
    },
    settings: async (req, layout) => {
      game.players = req.players;
      game.engine = req.engine;
      changes++;  // a search begun under the old settings is not played
      return state(layout);
    },
    svgAt: async (ply, layout) => {
      const b = new Board(board.variant, board.startPosition());
      try {
        for (const m of board.moveStack().slice(0, ply)) b.push(m);
        return b.view(layout.bottom, layout.stack).svg;
      } finally {
        b.free();
      }
    },
    record: async () => board.record(),
    fromRecord: async (req, layout) => {
      start(Board.fromRecord(req.record), req);
      return state(layout);
    },
    /** The module's Board of the current game (for tests and the console). */
    board: () => board,
  };
}
