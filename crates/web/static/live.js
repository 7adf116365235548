// The live pages of `fairy serve`: the lobby, a game (playing, watching, replaying) and the
// finished games. Plain JavaScript over /api/live (docs/web-api.md, "Live games").
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
const ROMAN = ['I', 'II', 'III'];
const FRONT_FILES = ['a-h', 'i-p', 'q-x'];

async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.body = JSON.stringify(body);
    opt.headers['Content-Type'] = 'application/json';
  }
  const r = await fetch(path, opt);
  const type = r.headers.get('content-type') || '';
  const data = type.includes('json') ? await r.json() : await r.text();
  if (!r.ok) throw new Error(data && data.error ? data.error : 'HTTP ' + r.status);
  return data;
}

function showError(e) { $('error').textContent = e ? String(e.message || e) : ''; }

// Seats: the token of each game this browser plays, kept in localStorage.
function seatOf(id) {
  try { return JSON.parse(localStorage.getItem('fairy-seat:' + id)); } catch (e) { return null; }
}
function keepSeat(id, token, seat) {
  localStorage.setItem('fairy-seat:' + id, JSON.stringify({ token, seat }));
}
function nickname() { return localStorage.getItem('fairy-nickname') || ''; }

function timeText(t) {
  if (!t || t.kind === 'none') return 'no clock';
  if (t.kind === 'clock') return (t.base_s % 60 ? t.base_s + ' s' : t.base_s / 60 + ' min') + ' + ' + t.increment_s + ' s';
  return t.days + (t.days === 1 ? ' day' : ' days') + ' a move';
}

function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return Math.floor(s / 86400) + 'd ' + Math.floor((s % 86400) / 3600) + 'h';
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return (h ? h + ':' : '') + mm + ':' + String(r).padStart(2, '0');
}

function link(href, text) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  return a;
}

function row(cells) {
  const tr = document.createElement('tr');
  for (const c of cells) {
    const td = document.createElement('td');
    if (c instanceof Node) td.appendChild(c); else td.textContent = c;
    tr.appendChild(td);
  }
  return tr;
}

// ---------------------------------------------------------------- lobby

async function loadVariants() {
  const list = await api('GET', '/api/variants');
  const sel = $('variant');
  for (const v of list) {
    const o = document.createElement('option');
    o.value = v.id;
    o.textContent = v.id + ': ' + v.description;
    sel.appendChild(o);
  }
  const last = localStorage.getItem('fairy-variant');
  if (last) sel.value = last;
}

function radio(name) { return document.querySelector('input[name="' + name + '"]:checked').value; }

function syncTimeFields() {
  const kind = radio('time');
  $('clock-fields').hidden = kind !== 'clock';
  $('days-fields').hidden = kind !== 'correspondence';
}

async function createGame(ev) {
  ev.preventDefault();
  showError();
  const kind = radio('time');
  const time = { kind };
  if (kind === 'clock') {
    time.base_s = Math.round(Number($('base').value) * 60);
    time.increment_s = Number($('increment').value);
  }
  if (kind === 'correspondence') time.days = Number($('days').value);
  const body = {
    variant: $('variant').value, time, color: radio('color'), opponent: radio('opponent'),
    level: Number($('level').value), name: nickname(),
  };
  localStorage.setItem('fairy-variant', body.variant);
  try {
    const g = await api('POST', '/api/live/games', body);
    keepSeat(g.id, g.token, g.seat);
    location.href = g.url;
  } catch (e) { showError(e); }
}

async function accept(id) {
  showError();
  try {
    const j = await api('POST', '/api/live/games/' + id + '/join', { name: nickname() });
    keepSeat(id, j.token, j.seat);
    location.href = '/play/' + id;
  } catch (e) { showError(e); }
}

async function refreshLobby() {
  try {
    const l = await api('GET', '/api/live/lobby');
    const open = $('open').tBodies[0];
    open.innerHTML = '';
    for (const g of l.open) {
      const mine = seatOf(g.id);
      const who = g.names[0] || g.names[1] || 'Anonymous';
      const side = g.free === 0 ? 'you play white' : 'you play black';
      let action;
      if (mine) {
        action = link('/play/' + g.id, 'yours: open');
      } else {
        action = document.createElement('button');
        action.textContent = 'Accept';
        action.className = 'accept';
        action.dataset.id = g.id;
        action.onclick = () => accept(g.id);
      }
      open.appendChild(row([who, g.variant, timeText(g.time), side, action]));
    }
    $('open-empty').hidden = l.open.length > 0;
    const playing = $('playing').tBodies[0];
    playing.innerHTML = '';
    for (const g of l.playing) {
      const names = (g.names[0] || '?') + ' vs ' + (g.names[1] || '?');
      const a = link('/play/' + g.id, seatOf(g.id) ? 'play' : 'watch');
      a.className = 'watch';
      playing.appendChild(row([names, g.variant, timeText(g.time), g.moves + ' moves', a]));
    }
    $('playing-empty').hidden = l.playing.length > 0;
  } catch (e) { showError(e); }
}

function lobbyPage() {
  $('nickname').value = nickname();
  $('nickname').oninput = () => localStorage.setItem('fairy-nickname', $('nickname').value.trim());
  for (const r of document.querySelectorAll('input[name="time"]')) r.onchange = syncTimeFields;
  $('create').onsubmit = createGame;
  loadVariants().catch(showError);
  refreshLobby();
  setInterval(refreshLobby, 2000);
}

// ---------------------------------------------------------------- archive

async function archivePage() {
  try {
    const a = await api('GET', '/api/live/archive');
    const body = $('recent').tBodies[0];
    for (const g of a.games) {
      const when = new Date(g.finished_at).toLocaleString();
      const how = (g.termination || '').replace(/^\S+ /, '');
      const tr = row([link('/play/' + g.id, when), g.variant, g.names[0] || '?', g.names[1] || '?',
        g.result, how, String(g.moves), timeText(g.time)]);
      tr.title = g.termination || '';
      body.appendChild(tr);
    }
    $('recent-empty').hidden = a.games.length > 0;
  } catch (e) { showError(e); }
}

// ---------------------------------------------------------------- a game

const gameId = decodeURIComponent(location.pathname.split('/')[2] || '');
let game = null;       // the last state from the server
let receivedAt = 0;    // when it came (for the clocks' countdown)
let socket = null;
let selected = null;
let viewPly = null;    // a ply of the move list being looked at, or null for the game
let retry = 500;
let counter = 0;

function sendMsg(msg) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError('not connected; reconnecting...');
    return;
  }
  msg.n = ++counter;
  socket.send(JSON.stringify(msg));
}

// A narrow screen gets the levels of a layered board (Dragonchess) one below the other.
const narrow = window.matchMedia('(max-width: 760px)');
function stackQuery() { return narrow.matches ? 'stack=1' : ''; }

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = stackQuery();
  socket = new WebSocket(proto + '//' + location.host + '/api/live/games/' + encodeURIComponent(gameId) + '/ws' +
    (q ? '?' + q : ''));
  $('conn').textContent = 'connecting...';
  socket.onopen = () => {
    retry = 500;
    $('conn').textContent = 'connected';
    $('conn').className = 'conn ok';
    const seat = seatOf(gameId);
    if (seat) socket.send(JSON.stringify({ t: 'hello', token: seat.token }));
  };
  socket.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    if (m.t === 'state') {
      game = m;
      receivedAt = performance.now();
      render();
    } else if (m.t === 'error') {
      showError(m.error);
    } else if (m.t === 'ok' || m.t === 'welcome') {
      showError();
    }
  };
  socket.onclose = (ev) => {
    $('conn').textContent = 'connection lost; reconnecting...';
    $('conn').className = 'conn lost';
    if (ev.code === 4404) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function you() { return game && game.live.you !== null && game.live.you !== undefined ? game.live.you : null; }
function sideName(i) { return game.sides[i]; }
function playerName(i) {
  const n = game.live.names[i];
  return (n || (game.live.status === 'waiting' ? 'waiting for an opponent' : '?')) + ' (' + sideName(i) + ')';
}

function clocksNow() {
  const c = game.live.clocks.slice();
  const r = game.live.running;
  if (r !== null && r !== undefined && game.live.status === 'playing') {
    c[r] = Math.max(0, c[r] - (performance.now() - receivedAt));
  }
  return c;
}

function renderClocks() {
  if (!game) return;
  const timed = game.live.time.kind !== 'none';
  const c = clocksNow();
  const bottom = you() === null ? 0 : you();
  for (const [el, side] of [[$('bottom'), bottom], [$('top'), 1 - bottom]]) {
    const clock = el.querySelector('.clock');
    clock.hidden = !timed;
    clock.textContent = timed ? clockText(c[side]) : '';
    clock.classList.toggle('running', game.live.running === side && !game.over);
    clock.classList.toggle('low', timed && c[side] < 10000 && game.live.time.kind === 'clock');
    el.classList.toggle('to-move', !game.over && game.to_move === side && game.live.status === 'playing');
  }
}

function statusText() {
  const l = game.live;
  if (game.over) return 'Game over';
  if (l.status === 'waiting') return 'Waiting for an opponent';
  const side = game.to_move;
  if (you() === side) return 'Your move (' + sideName(side) + ')';
  if (l.engine[side]) return sideName(side) + ' to move: the engine is thinking...';
  return (you() === null ? '' : 'Waiting for ') + playerName(side) + (you() === null ? ' to move' : '');
}

function render() {
  if (!game) return;
  document.title = 'fairy: ' + game.variant + ' ' + (game.live.names[0] || '?') + ' vs ' + (game.live.names[1] || '?');
  const l = game.live;
  const me = you();
  const bottom = me === null ? 0 : me;
  $('bottom').querySelector('.name').textContent = playerName(bottom) + (me === null ? '' : ': you');
  $('top').querySelector('.name').textContent = playerName(1 - bottom);
  // Each bar shows what that player has captured: the other side's lost pieces.
  for (const [el, side] of [[$('bottom'), bottom], [$('top'), 1 - bottom]]) {
    const won = (game.captured || [[], []])[1 - side];
    const span = el.querySelector('.captured');
    span.textContent = won.join(' ');
    span.title = won.length ? 'captured: ' + won.join(', ') : '';
  }
  const banner = $('banner');
  banner.hidden = !game.over;
  if (game.over) {
    const t = l.termination || 'Game over';
    banner.textContent = l.result === '*' || t.startsWith(l.result) ? t : l.result + ': ' + t;
  }
  if (viewPly === null) drawBoard(game.svg);
  $('state-line').textContent = statusText();
  if (game.front && !game.over) {
    const made = game.turn_moves.length;
    $('turn').textContent = 'Front ' + ROMAN[game.front - 1] + ' (files ' + FRONT_FILES[game.front - 1] +
      ') to move: sub-move ' + (made + 1) + ' of 3' + (made ? ' (made: ' + game.turn_moves.join(', ') + ')' : '');
  } else {
    $('turn').textContent = '';
  }
  $('check').hidden = !(l.check && !game.over);
  const h = game.history;
  $('last').textContent = h.length ? 'Last move: ' + h[h.length - 1] + ' (' + sideName(game.movers[h.length - 1]) + ')' : '';
  // Joining, inviting, offers and actions.
  const waiting = l.status === 'waiting';
  $('invite').hidden = !(waiting && me !== null);
  $('invite-link').value = location.origin + '/play/' + gameId;
  $('join-box').hidden = !(waiting && me === null && l.free !== null);
  if (waiting && me === null && l.free !== null) {
    $('join-text').textContent = (l.names[1 - l.free] || 'Someone') + ' is waiting for an opponent: you would play ' + sideName(l.free) + '.';
    if (!$('join-name').value) $('join-name').value = nickname();
  }
  const playing = l.status === 'playing' && !game.over;
  const seated = me !== null;
  let offer = '';
  if (seated && playing && l.draw_offer === 1 - me) offer = 'Your opponent offers a draw.';
  if (seated && playing && l.takeback_offer === 1 - me) offer = 'Your opponent asks to take back their last move.';
  $('offer').hidden = !offer;
  $('offer-text').textContent = offer;
  $('offer').dataset.kind = l.takeback_offer === (seated ? 1 - me : -1) ? 'takeback' : 'draw';
  $('actions').hidden = !seated;
  $('draw').hidden = !playing || l.engine.includes(true);
  $('draw').disabled = l.draw_offer === me;
  $('draw').textContent = l.draw_offer === me ? 'Draw offered' : 'Offer draw';
  $('takeback').hidden = !playing || !game.movers.includes(me);
  $('takeback').disabled = l.takeback_offer === me;
  $('resign').hidden = !playing || !game.movers.length;
  $('abort').hidden = !l.can_abort || game.over;
  const rematch = l.rematch;
  $('rematch').hidden = !(game.over && l.result !== '*' && !rematch);
  $('rematch').disabled = l.rematch_offer === me;
  $('rematch').textContent = l.rematch_offer === me ? 'Rematch asked' :
    (seated && l.rematch_offer === 1 - me ? 'Accept the rematch' : 'Rematch');
  $('rematch-link').hidden = !rematch;
  if (rematch) {
    if (rematch.token && seated) keepSeat(rematch.id, rematch.token, 1 - me);
    $('rematch-link').href = '/play/' + rematch.id;
  }
  $('download').href = '/api/live/games/' + gameId + '/record';
  renderMoveList();
  renderClocks();
}

function drawBoard(svgText) {
  const board = $('board');
  board.innerHTML = svgText || '<p>This variant has no picture.</p>';
  const svg = board.querySelector('svg');
  if (svg) {
    const vb = svg.viewBox.baseVal;
    $('main').classList.toggle('wide', vb.width / vb.height > 2.4);
    // Broad boards (Regicide, Dragonchess) scroll sideways on a phone instead of shrinking
    // below a playable size.
    board.classList.toggle('broad', vb.width / vb.height > 1.5);
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    // The picture's own caption speaks of the rules only; say what the page says.
    const caption = svg.querySelector('#status');
    if (caption && game && viewPly === null && game.over) caption.textContent = $('banner').textContent;
  }
  markBoard();
}

function cellCentre(svg, square) {
  const el = svg.querySelector('.cell[data-square="' + square + '"]');
  if (!el) return null;
  const b = el.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: Math.min(b.width, b.height) / 2 };
}

function circle(g, p, attrs) {
  const c = document.createElementNS(SVGNS, 'circle');
  c.setAttribute('cx', p.x);
  c.setAttribute('cy', p.y);
  for (const [k, v] of Object.entries(attrs)) c.setAttribute(k, v);
  g.appendChild(c);
  return c;
}

function markBoard() {
  const svg = $('board').querySelector('svg');
  if (!svg || !game) return;
  let g = svg.querySelector('#marks');
  if (g) g.remove();
  g = document.createElementNS(SVGNS, 'g');
  g.setAttribute('id', 'marks');
  g.setAttribute('pointer-events', 'none');
  svg.appendChild(g);
  if (viewPly !== null) return;
  markLastTurn(svg, g, game.last_turn || game.last_move || []);
  markCheck(svg, g, game.check_squares || []);
  if (!selected) return;
  const from = cellCentre(svg, selected);
  if (from) {
    const c = circle(g, from, { r: from.r * 0.92, fill: 'none', stroke: '#0077ff', 'stroke-width': 5, class: 'selected' });
    c.dataset.square = selected;
  }
  const seen = new Set();
  for (const m of movesFrom(selected)) {
    if (seen.has(m.to)) continue;
    seen.add(m.to);
    const p = cellCentre(svg, m.to);
    if (!p) continue;
    const c = m.capture
      ? circle(g, p, { r: p.r * 0.85, fill: 'none', stroke: '#d0021b', 'stroke-width': 5, class: 'target capture' })
      : circle(g, p, { r: p.r * 0.28, fill: '#1e8c3a', 'fill-opacity': 0.75, class: 'target' });
    c.dataset.square = m.to;
  }
}

// The last turn (every sub-move of a Regicide turn): each square it left tinted, each
// square it reached tinted and ringed. `squares` lists from and to of each move in turn.
function markLastTurn(svg, g, squares) {
  squares.forEach((sq, i) => {
    const p = cellCentre(svg, sq);
    if (!p) return;
    const to = i % 2 === 1;
    const c = circle(g, p, {
      r: p.r * (to ? 0.9 : 0.8), fill: '#ff9d00', 'fill-opacity': to ? 0.12 : 0.3,
      stroke: '#d97a00', 'stroke-width': to ? 5 : 2.5, 'stroke-dasharray': to ? 'none' : '6 4',
      class: 'last-move ' + (to ? 'to' : 'from'),
    });
    c.dataset.square = sq;
  });
}

// A king in check: a thick red ring on its (red) cell.
function markCheck(svg, g, squares) {
  for (const sq of squares) {
    const p = cellCentre(svg, sq);
    if (!p) continue;
    const c = circle(g, p, { r: p.r * 0.95, fill: 'none', stroke: '#b00000', 'stroke-width': 6, class: 'in-check' });
    c.dataset.square = sq;
  }
}

function movesFrom(square) { return game.moves.filter((m) => m.from === square); }

function renderMoveList() {
  const ol = $('moves');
  ol.innerHTML = '';
  let li = null;
  game.history.forEach((text, i) => {
    const mover = game.movers[i];
    if (li === null || (mover === 0 && game.movers[i - 1] !== 0)) {
      li = document.createElement('li');
      ol.appendChild(li);
    }
    if (li.childNodes.length && mover !== game.movers[i - 1] && game.front) li.appendChild(document.createTextNode('/ '));
    const span = document.createElement('span');
    span.textContent = text;
    span.dataset.ply = String(i + 1);
    span.title = sideName(mover);
    const current = viewPly === null ? i === game.history.length - 1 : i + 1 === viewPly;
    if (current) span.className = 'current';
    li.appendChild(span);
    li.appendChild(document.createTextNode(' '));
  });
  const cur = ol.querySelector('.current');
  if (cur && ol.scrollHeight > ol.clientHeight) ol.scrollTop = cur.offsetTop - ol.clientHeight / 2;
  $('viewing').textContent = viewPly === null ? '' : 'after move ' + viewPly + ' of ' + game.history.length;
}

function onBoardClick(ev) {
  const el = ev.target.closest('[data-square]');
  if (!el || !game || viewPly !== null || !game.moves.length) return;
  const square = el.dataset.square;
  if (selected) {
    const choices = movesFrom(selected).filter((m) => m.to === square);
    if (choices.length === 1) return playMove(choices[0].text);
    if (choices.length > 1) return pickPromotion(choices);
  }
  selected = movesFrom(square).length ? (selected === square ? null : square) : null;
  markBoard();
}

function pickPromotion(choices) {
  const box = $('promotion');
  box.innerHTML = '<div>Choose:</div>';
  for (const m of choices) {
    const b = document.createElement('button');
    b.textContent = m.promotion || m.text;
    b.dataset.move = m.text;
    b.onclick = () => { box.hidden = true; playMove(m.text); };
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.textContent = 'cancel';
  cancel.onclick = () => { box.hidden = true; };
  box.appendChild(cancel);
  box.hidden = false;
}

function playMove(text) {
  selected = null;
  showError();
  // No second move until the server answers with the new state.
  game.moves = [];
  markBoard();
  sendMsg({ t: 'move', move: text });
}

async function showPly(ply) {
  if (!game) return;
  if (ply === null || ply >= game.history.length) {
    viewPly = null;
    render();
    return;
  }
  viewPly = Math.max(0, ply);
  selected = null;
  try {
    const svg = await api('GET', '/api/live/games/' + gameId + '/svg?ply=' + viewPly + (game.flipped ? '&flip=1' : '') +
      (stackQuery() ? '&' + stackQuery() : ''));
    drawBoard(svg);
    renderMoveList();
  } catch (e) { showError(e); }
}

async function joinGame() {
  showError();
  const name = $('join-name').value.trim();
  if (name) localStorage.setItem('fairy-nickname', name);
  try {
    const j = await api('POST', '/api/live/games/' + gameId + '/join', { name });
    keepSeat(gameId, j.token, j.seat);
    socket.send(JSON.stringify({ t: 'hello', token: j.token }));
  } catch (e) { showError(e); }
}

function playPage() {
  $('board').addEventListener('click', onBoardClick);
  $('draw').onclick = () => sendMsg({ t: 'draw' });
  $('accept').onclick = () => sendMsg({ t: $('offer').dataset.kind === 'takeback' ? 'takeback' : 'draw' });
  $('decline').onclick = () => sendMsg({ t: 'decline' });
  $('takeback').onclick = () => sendMsg({ t: 'takeback' });
  $('resign').onclick = () => { if (confirm('Resign this game?')) sendMsg({ t: 'resign' }); };
  $('abort').onclick = () => sendMsg({ t: 'abort' });
  $('rematch').onclick = () => sendMsg({ t: 'rematch' });
  $('join').onclick = joinGame;
  $('copy-link').onclick = async () => {
    $('invite-link').select();
    try { await navigator.clipboard.writeText($('invite-link').value); } catch (e) { document.execCommand('copy'); }
  };
  $('first').onclick = () => showPly(0);
  $('back').onclick = () => showPly((viewPly === null ? game.history.length : viewPly) - 1);
  $('forward').onclick = () => showPly(viewPly === null ? null : viewPly + 1);
  $('last-button').onclick = () => showPly(null);
  $('moves').addEventListener('click', (ev) => {
    const ply = ev.target.dataset && ev.target.dataset.ply;
    if (ply) showPly(Number(ply));
  });
  document.addEventListener('keydown', (ev) => {
    if (!game || ev.target.tagName === 'INPUT') return;
    if (ev.key === 'ArrowLeft') $('back').click();
    if (ev.key === 'ArrowRight') $('forward').click();
  });
  setInterval(renderClocks, 200);
  // Crossing the phone width asks for the other layout: the socket reconnects with it.
  narrow.addEventListener('change', () => { if (socket) socket.close(); });
  api('GET', '/api/live/games/' + encodeURIComponent(gameId)).then(connect, (e) => {
    showError(e);
    $('state-line').textContent = 'No such game.';
    $('conn').textContent = '';
  });
}

const page = document.body.dataset.page;
if (page === 'lobby') lobbyPage();
if (page === 'archive') archivePage();
if (page === 'play') playPage();
