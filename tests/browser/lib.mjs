// Helpers for the browser tests: `fairy serve` on a free port, headless Chromium (Debian's
// chromium, driven by puppeteer-core), and moves entered by clicks as a person enters them.
// Every wait is on the page's state (data-version counts renders); there are no sleeps.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.CHROMIUM || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

// Starts `fairy serve --port 0 ...args`; resolves to { url, stop }.
export function startServer(fairy, args = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn(fairy, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.on('error', reject);
    proc.on('exit', (code) => reject(new Error(`fairy serve exited with ${code}: ${out}`)));
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/open (http:\/\/[^/\s]+\/)/);
      if (m) resolve({ url: m[1], stop: () => proc.kill('SIGTERM') });
    });
  });
}

export async function launch() {
  if (!CHROMIUM) throw new Error('no chromium: run scripts/setup.sh (Debian package chromium)');
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

export class Board {
  constructor(page) { this.page = page; }

  static async open(browser, url, variant) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 900 });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}?variant=${variant}`);
    await page.waitForFunction((v) => document.body.dataset.fen && document.querySelector('#variant').value === v, {}, variant);
    const board = new Board(page);
    board.errors = errors;
    return board;
  }

  version() { return this.page.evaluate(() => Number(document.body.dataset.version)); }
  fen() { return this.page.evaluate(() => document.body.dataset.fen); }
  text(selector) { return this.page.$eval(selector, (e) => e.textContent); }

  async rendered(before) {
    await this.page.waitForFunction((v) => Number(document.body.dataset.version) > v, {}, before);
  }

  // Clicks `from` (a square, or a reserve piece's element for a drop), then `to`; when the page
  // asks which move, clicks the choice whose notation is `choice`.
  async move(from, to, choice) {
    const before = await this.version();
    const fromSel = from.startsWith('@') ? `[data-drop="${from.slice(1)}"]` : `[data-square="${from}"]`;
    await this.page.click(fromSel);
    await this.page.waitForSelector(`[data-square="${to}"][data-dest]`);
    await this.page.click(`[data-square="${to}"]`);
    if (choice) {
      const button = await this.page.waitForSelector(`#choices button[data-gc="${choice}"]`, { visible: true });
      await button.click();
    }
    await this.rendered(before);
    const error = await this.page.$eval('#message', (e) => (e.hidden ? '' : e.textContent));
    if (error) throw new Error(`move ${from}-${to}: ${error}`);
  }

  async click(selector) {
    const before = await this.version();
    await this.page.click(selector);
    await this.rendered(before);
  }

  async loadFen(fen) {
    await this.page.$eval('#fen', (e, f) => { e.value = f; }, fen);
    await this.click('#fen-load');
    const got = await this.fen();
    if (got !== fen) throw new Error(`loaded FEN ${fen}, the page shows ${got}`);
  }

  piece(square) {
    return this.page.$eval(`[data-square="${square}"]`, (e) => e.dataset.piece || '');
  }
}

export function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}
