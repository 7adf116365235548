// The WebAssembly build's speed against the native one, in one run (a benchmark, not a
// test): for every variant, perft from the start position (the deepest figure of
// tests/perft/<id>.perft with at most 70 million leaves) in Node and by `fairy perft`, and
// engine nodes per second from the start position for MOVETIME ms in Node and by
// `fairy uci` (`go movetime`). Runs alternate native and wasm, ROUNDS times; medians.
//
// Usage: node crates/wasm/bench/speed.mjs [FAIRY_RELEASE_BINARY] [ROUNDS] [MOVETIME]
//   (defaults: target/release/fairy, 3, 2000). Build the module first (crates/wasm/build).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fairy, { perftEntries, root } from '../tests/load.mjs';

const bin = path.resolve(process.argv[2] || path.join(root, 'target/release/fairy'));
const rounds = Number(process.argv[3] || 3);
const movetime = Number(process.argv[4] || 2000);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function nativePerft(id, depth) {
  const r = spawnSync(bin, ['perft', id, String(depth)], { encoding: 'utf8' });
  const nodes = Number(/Nodes searched: (\d+)/.exec(r.stdout)[1]);
  const seconds = Number(/time: ([\d.]+) s/.exec(r.stderr)[1]);
  return { nodes, rate: nodes / seconds };
}

function wasmPerft(id, depth) {
  const board = new fairy.Board(id);
  const t0 = performance.now();
  const nodes = board.perft(depth);
  const ms = performance.now() - t0;
  board.free();
  return { nodes, rate: nodes / (ms / 1000) };
}

function nativeEngine(id) {
  const input = `setoption name UCI_Variant value ${id}\nposition startpos\ngo movetime ${movetime}\n`;
  const r = spawnSync(bin, ['uci'], { input, encoding: 'utf8' });
  const last = r.stdout.split('\n').filter((l) => l.startsWith('info depth')).pop();
  return {
    depth: Number(/ depth (\d+)/.exec(last)[1]),
    nps: Number(/ nps (\d+)/.exec(last)[1]),
  };
}

function wasmEngine(id) {
  // A fresh engine, as the native side's new process has.
  fairy.clearEngines();
  const board = new fairy.Board(id);
  const m = board.engineMove({ movetimeMs: movetime });
  board.free();
  return { depth: m.depth, nps: m.nodes / (m.elapsedMs / 1000) };
}

const rows = [];
for (const { id } of fairy.variants()) {
  const start = perftEntries(id).find((e) => e.id === 'start');
  const [depth, leaves] = start.counts.filter(([, n]) => n <= 70_000_000).pop();
  const perft = { native: [], wasm: [] };
  const engine = { native: [], wasm: [], nd: 0, wd: 0 };
  for (let i = 0; i < rounds; i++) {
    const n = nativePerft(id, depth);
    const w = wasmPerft(id, depth);
    if (n.nodes !== leaves || w.nodes !== leaves) throw new Error(`${id} perft ${depth}: ${n.nodes} / ${w.nodes}, file ${leaves}`);
    perft.native.push(n.rate);
    perft.wasm.push(w.rate);
    const ne = nativeEngine(id);
    const we = wasmEngine(id);
    engine.native.push(ne.nps);
    engine.wasm.push(we.nps);
    engine.nd = ne.depth;
    engine.wd = we.depth;
  }
  const row = {
    id, depth, leaves,
    perftNative: median(perft.native), perftWasm: median(perft.wasm),
    npsNative: median(engine.native), npsWasm: median(engine.wasm),
    depthNative: engine.nd, depthWasm: engine.wd,
  };
  rows.push(row);
  console.error(`${id}: done`);
}

const M = (x) => (x / 1e6).toFixed(1);
const K = (x) => Math.round(x / 1e3);
console.log(`Node ${process.version}, ${rounds} rounds, engine ${movetime} ms a search, medians\n`);
console.log('| variant | perft depth | leaves | native Mleaves/s | wasm Mleaves/s | wasm/native | native knps | wasm knps | wasm/native | depth native/wasm |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.id} | ${r.depth} | ${r.leaves} | ${M(r.perftNative)} | ${M(r.perftWasm)} | ${(r.perftWasm / r.perftNative).toFixed(2)} | ` +
    `${K(r.npsNative)} | ${K(r.npsWasm)} | ${(r.npsWasm / r.npsNative).toFixed(2)} | ${r.depthNative}/${r.depthWasm} |`);
}
