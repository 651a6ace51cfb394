// The play-test page in headless Chromium: node run.mjs FAIRY SCENARIO... (ctest label `browser`).
// Each scenario enters its moves by clicks and checks what the page then shows.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Board, check, launch, startServer } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [fairy, ...names] = process.argv.slice(2);

// Game Courier turns of a game file ("12. P e2-e4") as [from, to] pairs.
function gameMoves(file) {
  return readFileSync(file, 'utf8').split('\n')
    .map((l) => l.replace(/#.*/, '').replace(/^\s*\d+\.+\s*/, '').trim())
    .filter(Boolean)
    .map((t) => t.match(/([a-p]\d+)-([a-p]\d+)/).slice(1));
}

const scenarios = {
  // The Opera Game by clicks (castling as the King's move), then mate announced.
  async opera(b) {
    for (const [from, to] of gameMoves(join(here, '../games/opera.txt'))) await b.move(from, to);
    const status = await b.text('#status');
    check(status.includes('1-0 (checkmate)'), `status '${status}' announces mate`);
    check((await b.text('#movelist')).includes('K e1-c1'), 'the move list shows the castling');
    await b.click('#undo');
    check(!(await b.text('#status')).includes('checkmate'), 'undo takes the mate back');
    await b.click('#redo');
    check((await b.text('#status')).includes('1-0 (checkmate)'), 'redo plays it again');
  },
  // Sandbox: the Knight swaps with the Queen; the Lion captures on the way (a locust move),
  // chosen over passing the victim by.
  async sandbox(b) {
    await b.move('b2', 'c2');
    check(await b.piece('b2') === 'Q' && await b.piece('c2') === 'N', 'the Knight and the Queen changed places');
    check((await b.text('#movelist')).includes('N b2-c2; Q-b2'), 'the swap in the move list');
    await b.loadFen('r4k3r/1nqvljvqn1/ppppp1pppp/10/5p4/4L5/10/PPPPPPPPPP/1NQV1JVQN1/R4K3R w KQkq - 0 1');
    await b.move('e5', 'g7', 'L e5-g7; @-f6');
    check(await b.piece('g7') === 'L' && await b.piece('f6') === '', 'the Lion took f6 on its way to g7');
  },
  // Universal: a move, then the reserve's next piece dropped (a credit spent).
  async universal(b) {
    await b.loadFen('k7/8/8/8/3p4/8/4P3/K7 w - - 0 1 {H:1}{}');
    await b.move('a1', 'b1');
    check((await b.text('#status')).includes('move 2 of the turn'), 'a drop may follow the move');
    await b.move('@H', 'd1');
    check(await b.piece('d1') === 'H', 'the Hawk was dropped on d1');
    check((await b.fen()).startsWith('k7/8/8/8/3p4/8/4P3/1K1H4 b'), 'Black to move after the drop');
  },
  // Extra Move Chess: White's first turn has one move, Black's turns two.
  async extramove(b) {
    await b.move('e2', 'e4');
    await b.move('e7', 'e6');
    check((await b.text('#status')).includes('Black to move (move 2 of the turn)'), 'the second move of the turn is due');
    await b.move('d7', 'd6');
    check((await b.text('#status')).startsWith('White to move'), 'the turn ended after two moves');
    check((await b.text('#movelist')).includes('p e7-e6; p d7-d6'), 'the two-move turn in the move list');
  },
  // Terachess II: the King's two-square jump, and a move onto the 16th rank (mate).
  async terachess2(b) {
    await b.loadFen('7k8/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7K8 w Kk - 0 1');
    await b.move('h1', 'h3');
    check(await b.piece('h3') === 'K', 'the King jumped two squares');
    await b.loadFen('15k/R15/16/16/16/16/16/16/16/16/16/16/16/16/16/KR14 w - - 0 1');
    await b.move('b1', 'b16');
    check(await b.piece('b16') === 'R', 'the Rook reached b16');
    check((await b.text('#status')).includes('1-0 (checkmate)'), 'mate on the 16th rank');
  },
  // Obento: the pawn's three-square first step.
  async obento(b) {
    await b.move('a3', 'a6');
    check(await b.piece('a6') === 'P' && await b.piece('a3') === '', 'the pawn went three squares');
    check((await b.text('#movelist')).includes('P a3-a6'), 'the move list');
  },
  // Crazyhouse: a capture puts the pawn in White's hand; a click on it shows its drop squares
  // and a click on one drops it (the FEN's hand is then empty again).
  async crazyhouse(b) {
    await b.move('e2', 'e4');
    await b.move('d7', 'd5');
    await b.move('e4', 'd5');
    check(await handCount(b, 'P') === 1, 'White\'s hand holds the captured pawn');
    check((await b.text('[data-hand="P"]')).replace(/\s+/g, ' ') === 'P 1', 'the hand shows P 1');
    check((await b.fen()).includes('[P]'), `the FEN's hand: ${await b.fen()}`);
    await b.move('g8', 'f6');
    await b.page.click('[data-drop="P"]');
    await b.page.waitForSelector('[data-square="e6"][data-dest]');
    check(!(await b.page.$('[data-square="e1"][data-dest]')), 'no pawn drop on the first rank');
    await b.click('[data-square="e6"]');
    check(await b.piece('e6') === 'P', 'the pawn was dropped on e6');
    check(await handCount(b, 'P') === 0, 'White\'s hand is empty again');
    check((await b.fen()).startsWith('rnbqkb1r/ppp1pppp/4Pn2/3P4/8/8/PPPP1PPP/RNBQKBNR[] b '), `the FEN: ${await b.fen()}`);
  },
  // Shogi: a Gold dropped from the hand by clicks, then a pawn entering the zone promoted by
  // the chooser (promotion is optional there); a captured promoted piece returns as a pawn.
  async shogi(b) {
    await b.loadFen('4k4/9/9/2P6/9/9/9/9/4K4[Gp] w - - 0 1');
    check(await handCount(b, 'G') === 1 && await handCount(b, 'p') === 1, 'both hands shown');
    await b.move('@G', 'e2');
    check(await b.piece('e2') === 'G' && await handCount(b, 'G') === 0, 'the Gold was dropped on e2');
    await b.move('e9', 'd9');
    const choices = await chooserFor(b, 'c6', 'c7');
    check(choices.join('|') === 'P c6-c7|P c6-c7; +P-c7', `promotion choices ${choices}`);
    await b.click('#choices button[data-gc="P c6-c7; +P-c7"]');
    check(await b.piece('c7') === '+P', 'the pawn promoted to +P');
    check((await b.text('[data-square="c7"] text')) === '+P', 'the board shows +P');
    check((await b.fen()).startsWith('3k5/9/2+P6/'), `the FEN: ${await b.fen()}`);
    await b.loadFen('3k5/2+P6/9/9/9/9/9/9/4K4[] b - - 0 1');
    await b.move('d9', 'c8');
    check(await handCount(b, 'p') === 1, 'the captured +P is a pawn in Black\'s hand');
  },
  // Kyoto shogi: a Lance in hand dropped on its promoted face (+L), chosen in the chooser; its
  // next move turns it back into a Lance.
  async kyotoshogi(b) {
    await b.loadFen('k4/5/5/5/4K[L] w - - 0 1');
    await b.page.click('[data-drop="L"]');
    await b.page.waitForSelector('[data-square="c3"][data-dest]');
    await b.page.click('[data-square="c3"]');
    await b.page.waitForSelector('#chooser:not([hidden])');
    const choices = await b.page.$$eval('#choices button', (bs) => bs.map((x) => x.dataset.gc).sort());
    check(choices.join('|') === '+L-c3|L-c3', `drop choices ${choices}`);
    await b.click('#choices button[data-gc="+L-c3"]');
    check(await b.piece('c3') === '+L', 'the Lance was dropped as +L');
    await b.move('a5', 'a4');
    await b.move('c3', 'c4');
    check(await b.piece('c4') === 'L', 'its move turned it back into a Lance');
    check((await b.text('#movelist')).includes('+L c3-c4; L-c4'), 'the move list shows it turning back');
  },
  // Chess's other kinds of move by clicks: a promotion chosen among four, e.p., a FEN pasted;
  // flip turns the board round.
  async chess(b) {
    await b.loadFen('7k/4P3/8/8/8/8/8/K7 w - - 0 1');
    const choices = await chooserFor(b, 'e7', 'e8');
    check(choices.join('|') === 'P e7-e8; B-e8|P e7-e8; N-e8|P e7-e8; Q-e8|P e7-e8; R-e8', `promotion choices ${choices}`);
    await b.click('#choices button[data-gc="P e7-e8; N-e8"]');
    check(await b.piece('e8') === 'N', 'promoted to a Knight');
    await b.loadFen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
    await b.move('e5', 'd6');
    check(await b.piece('d5') === '' && await b.piece('d6') === 'P', 'the pawn on d5 was taken en passant');
    const y = (sq) => b.page.$eval(`[data-square="${sq}"] rect`, (r) => Number(r.getAttribute('y')));
    check(await y('a1') > await y('a8'), 'White at the bottom');
    await b.click('#flip');
    check(await y('a1') < await y('a8'), 'after flip, Black at the bottom');
  },
  // fairy serve plays with engine/'s search: asked to play White's turn in a mate in one, it mates.
  async engine(b) {
    check(!(await b.page.$eval('#engine', (e) => e.hidden)), 'fairy serve shows the engine button');
    await b.loadFen('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
    await b.click('#engine');
    check(await b.piece('a8') === 'R', 'the engine played Ra8');
    check((await b.text('#status')).includes('1-0 (checkmate)'), 'and mate is announced');
  },
  // A broken spec pasted into the editor: the error at its line and column; then a good one plays.
  async spec(b) {
    const good = await b.page.$eval('#spec', (e) => e.value);
    const lines = good.split('\n');
    const bad = lines.findIndex((l) => l.includes('wazir_knight: {'));
    lines[bad] = lines[bad].replace('betza: WN', 'betza: WkN');
    await b.page.click('#spec-panel summary');
    await b.page.$eval('#spec', (e, t) => { e.value = t; e.dispatchEvent(new Event('input')); }, lines.join('\n'));
    await b.page.click('#spec-load');
    await b.page.waitForSelector('#spec-error:not([hidden])');
    const line = await b.page.$eval('#spec-error', (e) => Number(e.dataset.line));
    check(line === bad + 1, `the error is at line ${line}, the broken XBetza at line ${bad + 1}`);
    check((await b.text('#spec-error')).includes(`line ${bad + 1}, column`), 'the message names the line');
    check(await b.text('#gutter .bad') === String(bad + 1), 'the editor marks the line');
    await b.page.$eval('#spec', (e, t) => { e.value = t; e.dispatchEvent(new Event('input')); }, good);
    const before = await b.version();
    await b.page.click('#spec-load');
    await b.rendered(before);
    check(await b.page.$eval('#variant', (e) => e.value) === 'mine', 'the spec\'s variant is picked');
    await b.move('a2', 'a3');
    check(await b.piece('a3') === 'P', 'a move of the pasted variant');
  },
};

// Clicks `from`, then `to`, and returns the moves the chooser then offers (their notation, sorted).
async function chooserFor(b, from, to) {
  await b.page.click(`[data-square="${from}"]`);
  await b.page.waitForSelector(`[data-square="${to}"][data-dest]`);
  await b.page.click(`[data-square="${to}"]`);
  await b.page.waitForSelector('#chooser:not([hidden])');
  return b.page.$$eval('#choices button', (bs) => bs.map((x) => x.dataset.gc).sort());
}

// How many of `letter` (case for the side) the page shows in a hand; 0 when none.
async function handCount(b, letter) {
  const el = await b.page.$(`[data-hand="${letter}"]`);
  return el ? Number(await el.evaluate((e) => e.dataset.count)) : 0;
}

const variantOf = { opera: 'chess', spec: 'chess', engine: 'chess' };

// One server and one browser for all the scenarios named; each gets a page of its own.
async function main() {
  const unknown = names.filter((n) => !scenarios[n]);
  if (!names.length || unknown.length)
    throw new Error(`unknown scenario '${unknown}' (${Object.keys(scenarios).join(', ')})`);
  const server = await startServer(fairy);
  const browser = await launch();
  let failed = 0;
  try {
    for (const name of names) {
      const t0 = Date.now();
      try {
        const board = await Board.open(browser, server.url, variantOf[name] || name);
        await scenarios[name](board);
        check(board.errors.length === 0, `no script errors on the page: ${board.errors.join('; ')}`);
        await board.page.close();
        console.log(`browser ${name}: passed (${Date.now() - t0} ms)`);
      } catch (e) {
        ++failed;
        console.error(`browser ${name}: FAILED: ${e.stack || e}`);
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(`${names.length - failed} passed, ${failed} failed`);
  if (failed) process.exit(1);
}

main().catch((e) => {
  console.error(`browser: FAILED: ${e.stack || e}`);
  process.exit(1);
});
