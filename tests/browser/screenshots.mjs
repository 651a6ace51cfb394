// Screenshots of the play-test page for docs/ and the README (run by hand after a change to the
// page): node tests/browser/screenshots.mjs build/fairy docs
import { join } from 'node:path';
import { Board, launch, startServer } from './lib.mjs';

const [fairy, outDir] = process.argv.slice(2);
// Each: a variant, a few moves, then a piece selected so that its legal destinations show.
const shots = [
  { variant: 'chess', moves: [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6']], select: 'f1' },
  { variant: 'obento', moves: [['a3', 'a6'], ['f10', 'f8']], select: 'j2' },
  { variant: 'terachess2', moves: [['h4', 'h6'], ['i13', 'i11']], select: 'i3' },
];

const server = await startServer(fairy);
const browser = await launch();
try {
  for (const s of shots) {
    const b = await Board.open(browser, server.url, s.variant);
    for (const [from, to] of s.moves) await b.move(from, to);
    await b.page.click(`[data-square="${s.select}"]`);
    await b.page.waitForSelector('[data-dest]');
    await b.page.click(`#legend tr:nth-child(2)`);
    await b.page.waitForSelector('#explain:not([hidden])');
    const file = join(outDir, `serve-${s.variant}.png`);
    await b.page.screenshot({ path: file, fullPage: true });
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
  server.stop();
}
