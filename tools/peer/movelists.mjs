// Legal move lists from Fairy-Stockfish (npm ffish), for fairygen's peer tests.
// Usage: node movelists.mjs JOBS.json   where JOBS.json is
//   [{"ini": "<variants.ini text>", "variant": "name", "fen": "...", "from": "e4"}, ...]
// Prints one line per job: the legal moves (coordinates) starting on `from`, sorted.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

globalThis.fetch = undefined; // read the wasm from disk; never fetch it
const require = createRequire(import.meta.url);
const jobs = JSON.parse(readFileSync(process.argv[2], "utf8"));
const ffish = require("ffish");

function run() {
  let loaded = "";
  for (const job of jobs) {
    if (job.ini !== loaded) {
      ffish.loadVariantConfig(job.ini);
      loaded = job.ini;
    }
    const board = new ffish.Board(job.variant, job.fen);
    const from = new RegExp("^" + job.from + "(?!\\d)");
    const moves = board.legalMoves().split(" ").filter((m) => from.test(m));
    console.log(moves.sort().join(" "));
    board.delete();
  }
}
if (ffish.calledRun) run();
else ffish.onRuntimeInitialized = run;
