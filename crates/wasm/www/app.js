// The static board: the rules (fairy_wasm.js) run in this page, the engine in a Web Worker.
// Legal targets and captures come from the module at once; nothing is asked of a server.
import init, { variants, Board } from './fairy_wasm.js';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

let board = null;       // the game
let variant = null;     // its VariantInfo
let selected = null;    // the square of the selected piece
let flipped = false;
let thinking = false;
let searchId = 0;       // bumped by every user action, so stale engine answers are dropped
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });

function showError(e) { $('error').textContent = e ? String(e.message || e) : ''; }

/** The side index (0 first, 1 second) of the side to move. */
function toMove() { return variant.sideNames.indexOf(board.turn()); }

function enginePlays(side) {
  const you = $('side').value;
  return you !== '2' && String(side) !== you;
}

function newGame() {
  searchId++;
  thinking = false;
  showError();
  if (board) board.free();
  variant = variants().find((v) => v.id === $('variant').value);
  board = new Board(variant.id);
  selected = null;
  flipped = $('side').value === '1';
  history.replaceState(null, '', '?variant=' + encodeURIComponent(variant.id));
  render();
  maybeEngine();
}

function lastMove() {
  const stack = board.moveStack();
  return stack.length ? stack[stack.length - 1] : undefined;
}

function render() {
  const area = $('board');
  area.innerHTML = board.svg(lastMove(), flipped);
  const svg = area.querySelector('svg');
  const vb = svg.viewBox.baseVal;
  $('main').classList.toggle('wide', vb.width / vb.height > 2.4);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  if (selected) markTargets(svg);
  const over = board.isGameOver();
  const outcome = board.outcome();
  $('banner').hidden = !over;
  $('banner').textContent = over ? (outcome ? outcome.text : board.status()) : '';
  $('game-status').textContent = board.status() + (thinking ? ' (engine thinking...)' : '');
  $('position').value = board.position();
  const ol = $('moves');
  ol.innerHTML = '';
  // One line per round; a turn of several moves (Imperial Regicide) stays together.
  const stack = board.moveStack();
  const sides = board.moveSides();
  let li = null;
  stack.forEach((text, i) => {
    const first = sides[i] === variant.sideNames[0];
    if (li === null || (first && sides[i - 1] !== sides[i])) {
      li = document.createElement('li');
      ol.appendChild(li);
    } else if (sides[i - 1] !== sides[i]) {
      li.appendChild(document.createTextNode(' | '));
    }
    li.appendChild(document.createTextNode(text + ' '));
  });
  ol.scrollTop = ol.scrollHeight;
}

function centre(svg, square) {
  const cell = svg.querySelector('.cell[data-square="' + square + '"]');
  if (!cell) return null;
  const b = cell.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: Math.min(b.width, b.height) / 2 };
}

/** Dots on the empty targets of the selected piece, rings on its captures. */
function markTargets(svg) {
  const from = centre(svg, selected);
  if (from) {
    const ring = document.createElementNS(SVGNS, 'circle');
    ring.setAttribute('cx', from.x); ring.setAttribute('cy', from.y); ring.setAttribute('r', from.r * 0.9);
    ring.setAttribute('fill', 'none'); ring.setAttribute('stroke', '#2e7dd7'); ring.setAttribute('stroke-width', from.r * 0.15);
    ring.setAttribute('pointer-events', 'none');
    svg.appendChild(ring);
  }
  const seen = new Set();
  for (const m of board.legalMoves(selected)) {
    if (seen.has(m.to)) continue;
    seen.add(m.to);
    const c = centre(svg, m.to);
    if (!c) continue;
    const dot = document.createElementNS(SVGNS, 'circle');
    dot.setAttribute('class', m.capture ? 'target capture' : 'target');
    dot.dataset.square = m.to;
    dot.setAttribute('cx', c.x); dot.setAttribute('cy', c.y);
    if (m.capture) {
      dot.setAttribute('r', c.r * 0.8); dot.setAttribute('fill', 'none');
      dot.setAttribute('stroke', '#c0392b'); dot.setAttribute('stroke-width', c.r * 0.18);
      dot.setAttribute('pointer-events', 'all');
    } else {
      dot.setAttribute('r', c.r * 0.28); dot.setAttribute('fill', '#2e7dd7'); dot.setAttribute('fill-opacity', '0.75');
    }
    svg.appendChild(dot);
  }
}

function choose(options) {
  return new Promise((resolve) => {
    const box = $('chooser');
    box.innerHTML = '<div>Promote to:</div>';
    for (const m of options) {
      const b = document.createElement('button');
      b.textContent = m.promotion || m.text;
      b.title = m.text;
      b.onclick = () => { box.hidden = true; resolve(m); };
      box.appendChild(b);
    }
    const cancel = document.createElement('button');
    cancel.textContent = 'cancel';
    cancel.onclick = () => { box.hidden = true; resolve(null); };
    box.appendChild(cancel);
    box.hidden = false;
  });
}

async function onClick(event) {
  const el = event.target.closest('[data-square]');
  if (!el || !board || thinking || board.isGameOver() || enginePlays(toMove())) return;
  const square = el.dataset.square;
  showError();
  if (selected) {
    const options = board.legalMoves(selected).filter((m) => m.to === square);
    if (options.length) {
      const m = options.length === 1 ? options[0] : await choose(options);
      selected = null;
      if (m) play(m.text);
      else render();
      return;
    }
  }
  selected = board.legalMoves(square).length ? square : null;
  render();
}

function play(text) {
  try {
    board.push(text);
  } catch (e) {
    showError(e);
  }
  selected = null;
  render();
  maybeEngine();
}

function maybeEngine() {
  if (board.isGameOver() || !enginePlays(toMove())) return;
  thinking = true;
  const id = ++searchId;
  const start = board.startPosition();
  worker.postMessage({
    id, variant: variant.id, start, moves: board.moveStack(),
    limits: { movetimeMs: Number($('strength').value) },
  });
  render();
}

worker.onmessage = (event) => {
  const { id, reply, error } = event.data;
  if (id !== searchId) return;
  thinking = false;
  if (error) { showError(error); render(); return; }
  if (reply) {
    $('search').textContent = `engine: ${reply.text}, depth ${reply.depth}, score ${reply.score}, ` +
      `${reply.nodes} nodes in ${Math.round(reply.elapsedMs)} ms`;
    play(reply.text);
  } else {
    render();
  }
};
worker.onerror = (e) => { thinking = false; showError('engine worker: ' + e.message); render(); };

function undo() {
  if (!board) return;
  searchId++;
  thinking = false;
  board.pop();
  // Take back the engine's reply and the player's move together.
  if (enginePlays(toMove())) board.pop();
  selected = null;
  render();
  maybeEngine();
}

await init();
for (const v of variants()) {
  const o = document.createElement('option');
  o.value = v.id;
  o.textContent = v.id;
  o.title = v.description;
  $('variant').appendChild(o);
}
const wanted = new URLSearchParams(location.search).get('variant');
if (wanted && variants().some((v) => v.id === wanted)) $('variant').value = wanted;
$('board').addEventListener('click', onClick);
$('new').onclick = newGame;
$('variant').onchange = newGame;
$('side').onchange = newGame;
$('undo').onclick = undo;
$('flip').onclick = () => { flipped = !flipped; render(); };
newGame();
// For tests and the console: the game and whether the engine is thinking.
window.fairyPage = { board: () => board, thinking: () => thinking, flipped: () => flipped };
