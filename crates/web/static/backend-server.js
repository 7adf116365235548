// The board page's backend over the JSON API of `fairy serve` (docs/web-api.md): the
// server keeps the game, answers with its state (position, picture, legal moves) and runs
// the engine. The other backend, backend-wasm.js, has the same methods.
//
// Every method returns a promise. A state is the API's game object (docs/web-api.md); a
// layout is { bottom: 0 | 1, stack: boolean } (the side drawn at the bottom, a layered
// board's levels stacked).

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

function query(layout) {
  return 'bottom=' + layout.bottom + (layout.stack ? '&stack=1' : '');
}

/** The server backend. */
export async function open() {
  let id = null;  // the server's id of the current game
  const games = (path, layout) => '/api/games' + (path || '') + '?' + query(layout);
  const keep = (g) => { id = g.id; return g; };
  return {
    name: 'server',
    /** The variants: [{ id, description }]. */
    variants: () => api('GET', '/api/variants'),
    /** A new game { variant, players, engine, position? }; its state. */
    newGame: async (req, layout) => keep(await api('POST', games('', layout), req)),
    /** The current game's state. */
    state: (layout) => api('GET', games('/' + id, layout)),
    /** Plays the move `text`; the new state. */
    play: (text, layout) => api('POST', games('/' + id + '/play', layout), { move: text }),
    /** Takes back the last move; the new state. */
    undo: (layout) => api('POST', games('/' + id + '/undo', layout)),
    /** Lets the engine play within `limits` ({ depth } or { ms }); the new state, whose
     * `search` is what the engine saw. */
    engineMove: (limits, layout) => api('POST', games('/' + id + '/engine', layout), limits),
    /** Changes { players, engine }; the new state. */
    settings: (req, layout) => api('POST', games('/' + id + '/settings', layout), req),
    /** The picture after `ply` moves. */
    svgAt: (ply, layout) => api('GET', '/api/games/' + id + '/svg?ply=' + ply + '&' + query(layout)),
    /** The game's record (text). */
    record: () => api('GET', '/api/games/' + id + '/record'),
    /** A new game from { record, players, engine }; its state. */
    fromRecord: async (req, layout) => keep(await api('POST', games('/record', layout), req)),
    /** The current game (the server's), for tests: none here. */
    board: () => null,
  };
}
