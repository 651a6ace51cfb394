// The play-test page: everything about the rules comes from the server (legal moves with their
// squares, notation, FEN, result); the page draws the board and turns clicks into those moves.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const ui = { id: null, state: null, variant: null, spec: null, flipped: false, selected: null, caps: {} };
const SAMPLE = `# A small variant of your own: edit it and press "Play this spec".
pieces:
  king: {letter: K, betza: K, royal: true}
  wazir_knight: {letter: A, betza: WN}
  pawn: {letter: P, betza: fmWfcF}
variants:
  mine:
    board: {files: 6, ranks: 6}
    pieces: [king, wazir_knight, pawn]
    start: aakaa1/pppppp/6/6/PPPPPP/AAKAA1 w - - 0 1
    promotion: {pieces: [pawn], zone: 1, to: [wazir_knight]}
`;

async function api(method, path, body) {
  const res = await fetch(path, {
    method, headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw Object.assign(new Error(data.error || `HTTP ${res.status}`), { data });
  return data;
}

function showMessage(text) {
  $('message').textContent = text || '';
  $('message').hidden = !text;
}

// ---------------------------------------------------------------- games

async function newGame(fen) {
  const body = { variant: ui.variant.key };
  if (ui.spec) body.spec = ui.spec;
  if (fen) body.fen = fen;
  try {
    const r = await api('POST', '/api/games', body);
    ui.id = r.id;
    ui.selected = null;
    render(r.state);
    showMessage('');
  } catch (e) {
    showMessage(e.message);
  }
}

// A request on the game; false when the server refused it (its message is shown).
async function act(path, body) {
  try {
    const r = await api('POST', `/api/games/${ui.id}/${path}`, body);
    ui.selected = null;
    render(r.state);
    showMessage('');
    return true;
  } catch (e) {
    showMessage(e.message);
    return false;
  }
}

// A move of ours; with "engine replies" ticked, the engine then plays the other side's turn.
async function play(move) {
  const played = await act('move', { move: move.gc });
  if (played && $('engine-replies').checked && !ui.state.result && ui.state.partial.length === 0)
    await act('engine', { movetime_ms: 1000 });
}

// ---------------------------------------------------------------- drawing

function squareName(file, rank) { return String.fromCharCode(97 + file) + (rank + 1); }

function isWhite(letter) { return letter === letter.toUpperCase(); }

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// The squares that moves of the selection reach, and the moves for each.
function destinations() {
  const out = new Map();
  if (!ui.selected || !ui.state) return out;
  for (const m of ui.state.moves) {
    const from = m.kind === 'drop' ? '@' + m.drop : m.from;
    if (from !== ui.selected) continue;
    if (!out.has(m.to)) out.set(m.to, []);
    out.get(m.to).push(m);
  }
  return out;
}

function royalSquare(s) {
  if (!s.check) return null;
  const royal = new Set(ui.variant.pieces.filter((p) => p.royal).map((p) => p.letter));
  for (let r = 0; r < s.ranks; ++r)
    for (let f = 0; f < s.files; ++f) {
      const c = s.board[s.ranks - 1 - r][f];
      if (c && c !== '#' && royal.has(c.toUpperCase()) && isWhite(c) === (s.side === 'white')) return squareName(f, r);
    }
  return null;
}

function drawBoard() {
  const s = ui.state, svg = $('board');
  const size = Math.max(28, Math.min(56, Math.floor(640 / Math.max(s.files, s.ranks))));
  const margin = 18;
  svg.setAttribute('width', s.files * size + margin);
  svg.setAttribute('height', s.ranks * size + margin);
  svg.textContent = '';
  const dests = destinations();
  const inCheck = royalSquare(s);
  const at = (f, r) => ({
    x: margin + (ui.flipped ? s.files - 1 - f : f) * size,
    y: (ui.flipped ? r : s.ranks - 1 - r) * size,
  });
  for (let r = 0; r < s.ranks; ++r)
    for (let f = 0; f < s.files; ++f) {
      const name = squareName(f, r), { x, y } = at(f, r);
      const cell = s.board[s.ranks - 1 - r][f];
      const g = el('g', { 'data-square': name, class: 'square' }, svg);
      el('rect', { x, y, width: size, height: size, class: cell === '#' ? 'hole' : (f + r) % 2 ? 'light' : 'dark' }, g);
      if (s.last && (s.last.from === name || s.last.to === name))
        el('rect', { x, y, width: size, height: size, class: 'last' }, g);
      if (ui.selected === name) el('rect', { x, y, width: size, height: size, class: 'sel' }, g);
      if (inCheck === name) el('rect', { x, y, width: size, height: size, class: 'incheck' }, g);
      if (cell && cell !== '#') {
        g.setAttribute('data-piece', cell);
        const white = isWhite(cell);
        el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.4, class: white ? 'wp' : 'bp' }, g);
        const t = el('text', { x: x + size / 2, y: y + size / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central',
          'font-size': Math.round(size * 0.5), class: white ? 'wl' : 'bl' }, g);
        t.textContent = cell.toUpperCase();
      }
      if (dests.has(name)) {
        g.setAttribute('data-dest', '1');
        if (cell && cell !== '#') el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.45, class: 'target' }, g);
        else el('circle', { cx: x + size / 2, cy: y + size / 2, r: size * 0.15, class: 'dest' }, g);
      }
      g.addEventListener('click', () => clickSquare(name));
    }
  for (let f = 0; f < s.files; ++f) {
    const { x } = at(f, 0);
    el('text', { x: x + size / 2, y: s.ranks * size + 13, 'text-anchor': 'middle', class: 'coord' }, svg)
      .textContent = String.fromCharCode(97 + f);
  }
  for (let r = 0; r < s.ranks; ++r) {
    const { y } = at(0, r);
    el('text', { x: 1, y: y + size / 2 + 4, class: 'coord' }, svg).textContent = r + 1;
  }
}

// A piece beside the board (a reserve's or a hand's); a click on one that can be dropped now
// selects it, and its drop squares are shown on the board.
function sidePiece(side, letter, text, droppable) {
  const p = document.createElement('span');
  p.className = `piece ${side}`;
  p.textContent = text;
  const key = '@' + letter;
  if (droppable) {
    p.classList.add('next');
    p.dataset.drop = letter;
    if (ui.selected === key) p.classList.add('selected');
    p.addEventListener('click', () => select(ui.selected === key ? null : key));
  }
  return p;
}

// Each side's ordered reserve (Universal: only its first piece can be dropped) and hand.
function drawReserves() {
  const s = ui.state;
  const sides = ui.flipped ? ['white', 'black'] : ['black', 'white'];
  [['reserve-top', sides[0]], ['reserve-bottom', sides[1]]].forEach(([id, side]) => {
    const box = $(id);
    box.textContent = '';
    box.dataset.side = side;
    const letters = s.reserves[side];
    if (letters.length || s.credits[side]) {
      box.append(`${side} reserve (${s.credits[side]} credit${s.credits[side] === 1 ? '' : 's'}): `);
      letters.forEach((letter, i) => {
        const droppable = i === 0 && s.moves.some((m) => m.kind === 'drop' && m.drop === letter);
        const p = sidePiece(side, letter, letter.toUpperCase(), droppable);
        p.dataset.reserve = `${side}-${i}`;
        box.appendChild(p);
      });
    }
    if (s.hands) {
      box.append(`${side} hand: `);
      for (const h of s.hands[side]) {
        const p = sidePiece(side, h.letter, `${h.letter.toUpperCase()} ${h.count}`, h.droppable);
        p.classList.add('hand');
        p.dataset.hand = h.letter;
        p.dataset.count = String(h.count);
        box.appendChild(p);
      }
      if (!s.hands[side].length) box.append('empty');
    }
  });
}

function drawStatus() {
  const s = ui.state, box = $('status');
  box.classList.toggle('over', !!s.result);
  if (s.result) {
    box.textContent = `Game over: ${s.result.text}`;
    box.dataset.result = s.result.code;
  } else {
    const turn = s.phase ? ` (move ${s.phase + 1} of the turn)` : '';
    box.textContent = `${s.side === 'white' ? 'White' : 'Black'} to move${turn}${s.check ? ', in check' : ''}`;
    delete box.dataset.result;
  }
}

function drawMoveList() {
  const list = $('movelist');
  list.textContent = '';
  const turns = ui.state.turns;
  for (let i = 0; i < turns.length; i += 2) {
    const li = document.createElement('li');
    li.textContent = turns[i] + (i + 1 < turns.length ? '   ' + turns[i + 1] : '');
    list.appendChild(li);
  }
  if (ui.state.partial.length) {
    const li = document.createElement('li');
    li.className = 'partial';
    li.textContent = ui.state.partial.join('; ') + ' …';
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

function render(state) {
  ui.state = state;
  // For tests and scripts: the position shown, and a count of renders to wait on.
  document.body.dataset.fen = state.fen;
  document.body.dataset.version = String(Number(document.body.dataset.version || 0) + 1);
  drawBoard();
  drawReserves();
  drawStatus();
  drawMoveList();
  $('fen').value = state.fen;
  $('undo').disabled = !state.can_undo;
  $('redo').disabled = !state.can_redo;
  $('pass').disabled = !state.moves.some((m) => m.kind === 'pass');
  $('engine').disabled = !!state.result;
  $('chooser').hidden = true;
}

// ---------------------------------------------------------------- clicks

function select(key) {
  ui.selected = key;
  drawBoard();
  drawReserves();
}

// What a move does beyond its squares, for the chooser.
function describe(m) {
  const parts = [];
  if (m.promo) parts.push(`promote to ${m.promo.toUpperCase()}`);
  if (m.kind === 'locust') parts.push(`take on ${m.victim}`);
  if (m.kind === 'swap') parts.push('swap places');
  if (m.kind === 'induced') parts.push(`pushed by ${m.by}`);
  if (m.kind === 'castling') parts.push('castle');
  if (m.gate) parts.push(`bring ${m.gate.piece.toUpperCase()} in on ${m.gate.square}`);
  if (m.kind === 'ep') parts.push(`en passant, take on ${m.victim}`);
  if (m.kind === 'normal' && !m.promo && !m.gate) parts.push('just move');
  return `${m.gc}  (${parts.join(', ') || m.kind})`;
}

function choose(moves) {
  const box = $('choices');
  box.textContent = '';
  for (const m of moves) {
    const b = document.createElement('button');
    b.textContent = describe(m);
    b.dataset.gc = m.gc;
    b.addEventListener('click', () => play(m));
    box.appendChild(b);
  }
  $('chooser').hidden = false;
}

function clickSquare(name) {
  if (!ui.state || ui.state.result) return;
  const dests = destinations();
  if (dests.has(name)) {
    const moves = dests.get(name);
    if (moves.length === 1) play(moves[0]);
    else choose(moves);
    return;
  }
  const movable = ui.state.moves.some((m) => m.from === name && m.kind !== 'drop');
  select(movable && ui.selected !== name ? name : null);
}

// ---------------------------------------------------------------- variants, legend, spec

function fillLegend() {
  const table = $('legend');
  table.textContent = '';
  $('explain').hidden = true;
  for (const p of ui.variant.pieces) {
    const tr = document.createElement('tr');
    tr.dataset.letter = p.letter;
    for (const [cls, text] of [['letter', p.letter], ['name', p.name + (p.royal ? ' (royal)' : '')], ['betza', p.betza]]) {
      const td = document.createElement('td');
      td.className = cls;
      td.textContent = text;
      tr.appendChild(td);
    }
    tr.addEventListener('click', () => explain(p));
    table.appendChild(tr);
  }
}

async function explain(p) {
  const board = `${ui.variant.files}x${ui.variant.ranks}`;
  if (p.betza === '') {  // an immobile piece (docs/spec.md): no XBetza to explain
    $('explain').textContent = `${p.name} (${p.letter}): immobile, it never moves`;
    $('explain').hidden = false;
    return;
  }
  try {
    const r = await api('GET', `/api/explain?betza=${encodeURIComponent(p.betza)}&board=${board}`);
    $('explain').textContent = `${p.name} (${p.letter}): ${r.text}`;
  } catch (e) {
    $('explain').textContent = e.message;
  }
  $('explain').hidden = false;
}

function setVariants(variants, source) {
  ui.variants = variants;
  const select = $('variant');
  select.textContent = '';
  for (const v of variants) {
    const o = document.createElement('option');
    o.value = v.key;
    o.textContent = `${v.key} (${v.files}x${v.ranks})`;
    select.appendChild(o);
  }
  $('source').textContent = source;
}

async function pickVariant(key) {
  ui.variant = ui.variants.find((v) => v.key === key) || ui.variants[0];
  $('variant').value = ui.variant.key;
  fillLegend();
  await newGame();
}

function gutter() {
  const lines = $('spec').value.split('\n').length;
  const bad = Number($('gutter').dataset.bad || 0);
  $('gutter').innerHTML = Array.from({ length: lines }, (_, i) =>
    i + 1 === bad ? `<span class="bad">${i + 1}</span>` : String(i + 1)).join('\n');
}

// Shows a spec error at its line and column: the message, the line marked, the caret put there.
function specError(data) {
  const box = $('spec-error');
  const where = data.line ? `line ${data.line}, column ${data.column}: ` : '';
  box.textContent = where + (data.message || data.error);
  box.dataset.line = data.line || '';
  box.dataset.column = data.column || '';
  box.hidden = false;
  $('gutter').dataset.bad = data.file && !/pasted\.yaml$/.test(data.file) ? '' : (data.line || '');
  gutter();
  if (data.line) {
    const text = $('spec').value, lines = text.split('\n');
    let at = 0;
    for (let i = 0; i < data.line - 1 && i < lines.length; ++i) at += lines[i].length + 1;
    at += Math.max(0, data.column - 1);
    $('spec').focus();
    $('spec').setSelectionRange(at, at + 1);
  }
}

async function loadSpec() {
  const text = $('spec').value;
  $('spec-error').hidden = true;
  $('gutter').dataset.bad = '';
  gutter();
  try {
    const r = await api('POST', '/api/spec', { spec: text });
    if (!r.variants.length) throw Object.assign(new Error('the spec has no variants'), { data: { error: 'the spec has no variants' } });
    ui.spec = text;
    setVariants(r.variants, 'your spec (interpreted)');
    await pickVariant(r.variants[r.variants.length - 1].key);
  } catch (e) {
    specError(e.data || { error: e.message });
  }
}

async function start() {
  ui.caps = await api('GET', '/api/capabilities');
  $('engine').hidden = !ui.caps.engine;
  $('engine-replies-label').hidden = !ui.caps.engine;
  setVariants(await api('GET', '/api/variants'), ui.caps.spec ? `from ${ui.caps.spec} (interpreted)` : 'compiled variants');
  $('spec').value = SAMPLE;
  gutter();
  const wanted = new URLSearchParams(location.search).get('variant');
  await pickVariant(wanted || 'chess');
}

$('variant').addEventListener('change', (e) => pickVariant(e.target.value));
$('new-game').addEventListener('click', () => newGame());
$('undo').addEventListener('click', () => act('undo'));
$('redo').addEventListener('click', () => act('redo'));
$('flip').addEventListener('click', () => { ui.flipped = !ui.flipped; render(ui.state); });
$('pass').addEventListener('click', () => { const m = ui.state.moves.find((x) => x.kind === 'pass'); if (m) play(m); });
$('engine').addEventListener('click', () => act('engine', { movetime_ms: 1000 }));
$('chooser-cancel').addEventListener('click', () => { $('chooser').hidden = true; });
$('fen-copy').addEventListener('click', () => navigator.clipboard && navigator.clipboard.writeText($('fen').value));
$('fen-load').addEventListener('click', () => act('fen', { fen: $('fen').value.trim() }));
$('spec').addEventListener('input', gutter);
$('spec-load').addEventListener('click', loadSpec);
$('spec-file').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  $('spec').value = await file.text();
  gutter();
  await loadSpec();
});
start().catch((e) => showMessage(`cannot start: ${e.message}`));
