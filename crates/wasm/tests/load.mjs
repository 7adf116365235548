// Loads the built module (crates/wasm/build writes it to target/wasm/pkg) for the tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const pkg = process.env.FAIRY_WASM_PKG || path.join(root, 'target/wasm/pkg');
const fairy = await import(path.join(pkg, 'fairy_wasm.js'));
fairy.initSync({ module: readFileSync(path.join(pkg, 'fairy_wasm_bg.wasm')) });
export default fairy;

/** The entries of perft file `tests/perft/<id>.perft`: { id, position, counts: [[depth, nodes]] }. */
export function perftEntries(id) {
  const text = readFileSync(path.join(root, 'tests/perft', id + '.perft'), 'utf8');
  const entries = [];
  let cur = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#')) continue;
    if (line === '') { if (cur) entries.push(cur); cur = null; continue; }
    const space = line.indexOf(' ');
    const key = space < 0 ? line : line.slice(0, space);
    const rest = space < 0 ? '' : line.slice(space + 1).trim();
    if (key === 'id') cur = { id: rest, position: '', counts: [] };
    else if (key === 'position') cur.position = rest;
    else if (key === 'perft') {
      const [d, n] = rest.split(/\s+/);
      cur.counts.push([Number(d), Number(n)]);
    } else throw new Error('unknown line in ' + id + '.perft: ' + line);
  }
  if (cur) entries.push(cur);
  return entries;
}

/** The vectors of `tests/conformance/<id>.jsonl`. */
export function conformanceVectors(id) {
  const text = readFileSync(path.join(root, 'tests/conformance', id + '.jsonl'), 'utf8');
  return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}
