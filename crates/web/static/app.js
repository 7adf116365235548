// The board page: plain JavaScript over one of two backends with the same methods, each in
// its own file: backend-wasm.js (the WebAssembly module computes the legal moves, picture
// and outcome in this page, the engine searches in a Web Worker) when the page offers the
// module, else backend-server.js (the JSON API of `fairy serve`, docs/web-api.md). `fairy
// serve` fills in the body's data-wasm and data-server; the static build
// (`crates/wasm/build static DIR`) serves this file as it is, the module only.
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
const ROMAN = ['I', 'II', 'III'];
const FRONT_FILES = ['a-h', 'i-p', 'q-x'];

let game = null;      // the last state from the server
let selected = null;  // the square name of the selected piece
let flipped = false;   // the Flip button: the other side at the bottom
let viewPly = null;   // a ply of the move list being looked at, or null for the game
let thinking = false;
let generation = 0;   // bumped by every user action, so stale engine answers are ignored
let backend = null;   // backend-wasm.js or backend-server.js, once loaded

// The WebAssembly backend when the page offers the module (data-wasm), else the server's.
// A module that fails to load leaves the server's legal-move lists, without alarm.
async function openBackend() {
  const offered = document.body.dataset.wasm !== '';
  const server = document.body.dataset.server === '1';
  $('lobby').hidden = !server;
  if (offered) {
    try {
      return await (await import('./backend-wasm.js')).open();
    } catch (e) {
      if (!server) throw new Error('the WebAssembly module did not load: ' + (e.message || e));
      console.warn('the WebAssembly module did not load; the server computes the moves', e);
    }
  }
  return (await import('./backend-server.js')).open();
}

function showError(e) { $('error').textContent = e ? String(e.message || e) : ''; }

function players() { return $('sides').value.split(','); }

function limits() {
  const [kind, n] = $('strength').value.split(':');
  return kind === 'depth' ? { depth: Number(n) } : { ms: Number(n) };
}

// The side drawn at the bottom: the one person's side against the engine (the first
// player's otherwise), the other one after Flip.
function bottomSide() {
  const p = players();
  const mine = p[1] === 'human' && p[0] !== 'human' ? 1 : 0;
  return flipped ? 1 - mine : mine;
}

// A narrow screen gets the levels of a layered board (Dragonchess) one below the other.
const narrow = window.matchMedia('(max-width: 700px)');

function layout() { return { bottom: bottomSide(), stack: narrow.matches }; }

async function loadVariants() {
  const list = await backend.variants();
  const sel = $('variant');
  for (const v of list) {
    const o = document.createElement('option');
    o.value = v.id;
    o.textContent = v.id;
    o.title = v.description;
    sel.appendChild(o);
  }
  const wanted = new URLSearchParams(location.search).get('variant');
  if (wanted) sel.value = wanted;
}

async function newGame(position) {
  generation++;
  showError();
  const body = { variant: $('variant').value, players: players(), engine: limits() };
  if (position) body.position = position;
  const g = await backend.newGame(body, layout());
  viewPly = null;
  setGame(g);
}

function setGame(g) {
  game = g;
  selected = null;
  render();
  maybeEngine();
}

function movesFrom(square) {
  return game.moves.filter((m) => m.from === square);
}

function render() {
  if (!game) return;
  const board = $('board');
  if (viewPly === null) {
    board.innerHTML = game.svg || '<p>This variant has no picture.</p>';
  }
  const svg = board.querySelector('svg');
  if (svg) {
    const vb = svg.viewBox.baseVal;
    $('main').classList.toggle('wide', vb.width / vb.height > 2.4);
    // Broad boards (Regicide) scroll sideways on a phone instead of shrinking below a
    // playable size.
    board.classList.toggle('broad', vb.width / vb.height > 1.5);
    svg.removeAttribute('width');
    svg.removeAttribute('height');
  }
  if (viewPly === null) markTargets();
  // Status and the Regicide turn line.
  const side = game.to_move_name;
  const who = game.players[game.to_move] === 'engine' ? ' (engine)' : '';
  $('status').textContent = game.over
    ? 'Game over'
    : side + ' to move' + who + (thinking ? ', engine thinking...' : '');
  if (game.front) {
    const made = game.turn_moves.length;
    $('turn').textContent = 'Front ' + ROMAN[game.front - 1] + ' (files ' + FRONT_FILES[game.front - 1] +
      ') to move; sub-moves made this turn: ' + (made ? game.turn_moves.join(', ') : 'none') + ' (' + made + ' of 3)';
  } else {
    $('turn').textContent = '';
  }
  const banner = $('banner');
  if (game.over) {
    banner.hidden = false;
    banner.textContent = game.result ? game.result.text : game.status;
  } else {
    banner.hidden = true;
  }
  $('notation').value = game.position;
  renderCaptured();
  renderMoveList();
  $('viewing').textContent = viewPly === null ? '' :
    'viewing after move ' + viewPly + ' of ' + game.history.length;
}

// The pieces each side has taken, beside the board (the side at the bottom last).
function renderCaptured() {
  const lost = game.captured || [[], []];
  const bottom = bottomSide();
  for (const [id, side] of [['captured-top', 1 - bottom], ['captured-bottom', bottom]]) {
    const won = lost[1 - side];
    $(id).textContent = game.sides[side] + ' took: ' + (won.length ? won.join(' ') : '-');
    $(id).dataset.pieces = won.join('');
  }
}

function renderMoveList() {
  const ol = $('moves');
  ol.innerHTML = '';
  let li = null;
  let round = 0;
  game.history.forEach((text, i) => {
    const mover = game.movers[i];
    // A new line starts with each turn of the first player.
    if (li === null || (mover === 0 && game.movers[i - 1] !== 0)) {
      round++;
      li = document.createElement('li');
      ol.appendChild(li);
    }
    if (li.childNodes.length && mover !== game.movers[i - 1] && game.front) {
      li.appendChild(document.createTextNode('/ '));
    }
    const span = document.createElement('span');
    span.textContent = text;
    span.dataset.ply = String(i + 1);
    span.title = game.sides[mover];
    const current = viewPly === null ? i === game.history.length - 1 : i + 1 === viewPly;
    if (current) span.className = 'current';
    li.appendChild(span);
    li.appendChild(document.createTextNode(' '));
  });
  const cur = ol.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

function cellCentre(svg, square) {
  const el = svg.querySelector('.cell[data-square="' + square + '"]');
  if (!el) return null;
  const b = el.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: Math.min(b.width, b.height) / 2 };
}

function mark(g, p, attrs, square) {
  const c = document.createElementNS(SVGNS, 'circle');
  c.setAttribute('cx', p.x);
  c.setAttribute('cy', p.y);
  for (const [k, v] of Object.entries(attrs)) c.setAttribute(k, v);
  c.dataset.square = square;
  g.appendChild(c);
}

// The last turn (every sub-move of a Regicide turn, the engine's too): each square it left
// tinted, each square it reached tinted and ringed (`squares`: from and to of each move).
function markLastTurn(svg, g, squares) {
  squares.forEach((sq, i) => {
    const p = cellCentre(svg, sq);
    if (!p) return;
    const to = i % 2 === 1;
    mark(g, p, {
      r: p.r * (to ? 0.9 : 0.8), fill: '#ff9d00', 'fill-opacity': to ? 0.12 : 0.3,
      stroke: '#d97a00', 'stroke-width': to ? 5 : 2.5, 'stroke-dasharray': to ? 'none' : '6 4',
      class: 'last-move ' + (to ? 'to' : 'from'),
    }, sq);
  });
}

function markTargets() {
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  let g = svg.querySelector('#marks');
  if (g) g.remove();
  g = document.createElementNS(SVGNS, 'g');
  g.setAttribute('id', 'marks');
  g.setAttribute('pointer-events', 'none');
  svg.appendChild(g);
  markLastTurn(svg, g, game.last_turn || []);
  for (const sq of game.check_squares || []) {
    const p = cellCentre(svg, sq);
    if (p) mark(g, p, { r: p.r * 0.95, fill: 'none', stroke: '#b00000', 'stroke-width': 6, class: 'in-check' }, sq);
  }
  if (!selected) return;
  const from = cellCentre(svg, selected);
  if (from) {
    const c = document.createElementNS(SVGNS, 'circle');
    c.setAttribute('cx', from.x); c.setAttribute('cy', from.y); c.setAttribute('r', from.r * 0.92);
    c.setAttribute('fill', 'none'); c.setAttribute('stroke', '#0077ff'); c.setAttribute('stroke-width', 5);
    c.setAttribute('class', 'selected');
    c.dataset.square = selected;
    g.appendChild(c);
  }
  const seen = new Set();
  for (const m of movesFrom(selected)) {
    if (seen.has(m.to)) continue;
    seen.add(m.to);
    const p = cellCentre(svg, m.to);
    if (!p) continue;
    const c = document.createElementNS(SVGNS, 'circle');
    c.setAttribute('cx', p.x); c.setAttribute('cy', p.y);
    if (m.capture) {
      c.setAttribute('r', p.r * 0.85);
      c.setAttribute('fill', 'none');
      c.setAttribute('stroke', '#d0021b');
      c.setAttribute('stroke-width', 5);
      c.setAttribute('class', 'target capture');
    } else {
      c.setAttribute('r', p.r * 0.28);
      c.setAttribute('fill', '#1e8c3a');
      c.setAttribute('fill-opacity', 0.75);
      c.setAttribute('class', 'target');
    }
    c.dataset.square = m.to;
    g.appendChild(c);
  }
}

function humanToMove() {
  return game && !game.over && viewPly === null && !thinking && game.players[game.to_move] === 'human';
}

async function onBoardClick(ev) {
  const el = ev.target.closest('[data-square]');
  if (!el || !humanToMove()) return;
  const square = el.dataset.square;
  if (selected) {
    const choices = movesFrom(selected).filter((m) => m.to === square);
    if (choices.length === 1) return play(choices[0].text);
    if (choices.length > 1) return pickPromotion(choices);
  }
  selected = movesFrom(square).length ? (selected === square ? null : square) : null;
  markTargets();
}

function pickPromotion(choices) {
  const box = $('promotion');
  box.innerHTML = '<div>Choose:</div>';
  for (const m of choices) {
    const b = document.createElement('button');
    b.textContent = m.promotion || m.text;
    b.title = m.text;
    b.dataset.move = m.text;
    b.onclick = () => { box.hidden = true; play(m.text); };
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.textContent = 'cancel';
  cancel.onclick = () => { box.hidden = true; };
  box.appendChild(cancel);
  box.hidden = false;
}

async function play(text) {
  showError();
  try {
    setGame(await backend.play(text, layout()));
  } catch (e) { showError(e); }
}

async function maybeEngine() {
  if (!game || game.over || thinking || viewPly !== null) return;
  if (game.players[game.to_move] !== 'engine') return;
  await engineMove();
}

let searches = 0;     // numbers the engine's searches; the last one started owns `thinking`

async function engineMove() {
  if (!game || game.over || thinking) return;
  const mine = generation;
  const search = ++searches;
  thinking = true;
  render();
  try {
    const g = await backend.engineMove(limits(), layout());
    if (search !== searches) return;  // a newer search owns the page
    thinking = false;
    // The game changed while the engine thought (a new game, other sides): this answer is
    // stale, and the engine may be to move in the game shown now.
    if (mine !== generation) { render(); maybeEngine(); return; }
    const s = g.search;
    if (s) {
      $('search').textContent = 'engine: ' + s.move + ', depth ' + s.depth + ', score ' + s.score.text +
        ', ' + s.nodes + ' nodes in ' + s.ms + ' ms';
    }
    setGame(g);
  } catch (e) {
    if (search !== searches) return;
    thinking = false;
    if (mine === generation) showError(e);
    render();
  }
}

async function undo() {
  generation++;
  showError();
  // The engine's line was about a move that is being taken back.
  $('search').textContent = '';
  try {
    let g = await backend.undo(layout());
    // Against the engine, take back to the start of the human's turn (a whole Regicide
    // turn of sub-moves).
    const versus = g.players.includes('human') && g.players.includes('engine');
    while (versus && g.history.length && (g.players[g.to_move] === 'engine' || g.turn_moves.length)) {
      g = await backend.undo(layout());
    }
    thinking = false;
    viewPly = null;
    game = g;
    selected = null;
    render();
  } catch (e) { showError(e); }
}

async function showPly(ply) {
  if (!game) return;
  if (ply === null || ply >= game.history.length) {
    viewPly = null;
    render();
    maybeEngine();
    return;
  }
  viewPly = Math.max(0, ply);
  selected = null;
  try {
    $('board').innerHTML = await backend.svgAt(viewPly, layout());
    render();
  } catch (e) { showError(e); }
}

// Fetches the picture again after a change of layout (Flip, a narrower screen).
async function redraw() {
  if (!game) return;
  try {
    game = await backend.state(layout());
    if (viewPly !== null) await showPly(viewPly); else render();
  } catch (e) { showError(e); }
}

async function changeSettings() {
  if (!game) return;
  generation++;
  try {
    game = await backend.settings({ players: players(), engine: limits() }, layout());
    render();
    maybeEngine();
  } catch (e) { showError(e); }
}

async function download() {
  const text = await backend.record();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = game.variant + '-game.txt';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

async function upload(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  generation++;
  showError();
  try {
    const g = await backend.fromRecord({ record: await file.text(), players: players(), engine: limits() }, layout());
    $('variant').value = g.variant;
    viewPly = null;
    setGame(g);
  } catch (e) { showError(e); }
  ev.target.value = '';
}

function wire() {
  $('board').addEventListener('click', onBoardClick);
  $('new').onclick = () => newGame().catch(showError);
  $('variant').onchange = () => newGame().catch(showError);
  $('sides').onchange = changeSettings;
  $('strength').onchange = changeSettings;
  $('undo').onclick = undo;
  $('engine-move').onclick = () => { if (viewPly === null) engineMove(); };
  $('flip').onclick = () => { flipped = !flipped; redraw(); };
  narrow.addEventListener('change', redraw);
  $('first').onclick = () => showPly(0);
  $('back').onclick = () => showPly((viewPly === null ? game.history.length : viewPly) - 1);
  $('forward').onclick = () => showPly(viewPly === null ? null : viewPly + 1);
  $('last').onclick = () => showPly(null);
  $('moves').addEventListener('click', (ev) => {
    const ply = ev.target.dataset && ev.target.dataset.ply;
    if (ply) showPly(Number(ply));
  });
  $('copy').onclick = async () => {
    $('notation').select();
    try { await navigator.clipboard.writeText(game.position); } catch (e) { document.execCommand('copy'); }
  };
  $('load').onclick = () => newGame($('notation').value.trim()).catch(showError);
  $('download').onclick = () => download().catch(showError);
  $('upload').onchange = upload;
}

wire();
// For tests and the console: which backend answers, the module's game (the wasm backend),
// whether the engine is thinking, whether the board is turned round.
window.fairyPage = {
  backend: () => backend && backend.name,
  board: () => backend && backend.board(),
  thinking: () => thinking,
  flipped: () => flipped,
};
openBackend()
  .then((b) => { backend = b; document.body.dataset.backend = b.name; return loadVariants(); })
  .then(() => newGame())
  .catch(showError);
