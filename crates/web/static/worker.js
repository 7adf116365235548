// The engine's thread of the board page's WebAssembly backend (backend-wasm.js): a search
// runs here so that the page stays responsive.
import init, { Board } from './wasm/fairy_wasm.js';

const ready = init();

self.onmessage = async (event) => {
  const { id, variant, start, moves, limits } = event.data;
  try {
    await ready;
    const board = new Board(variant, start);
    for (const m of moves) board.push(m);
    const reply = board.engineMove(limits);
    board.free();
    self.postMessage({ id, reply });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message ? e.message : e) });
  }
};
