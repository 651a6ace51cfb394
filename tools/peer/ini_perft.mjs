// Perft divides from Fairy-Stockfish (npm ffish) for variants it reads from a variants.ini text,
// for fairygen's peer tests of variants the npm UCI engine does not build in.
// Usage: node ini_perft.mjs JOBS.json   where JOBS.json is
//   [{"ini": "<variants.ini text>", "variant": "name", "fen": "...", "depth": 3}, ...]
// Prints, per job, what `go perft N` prints: one `move: count` line per legal move (sorted), an
// empty line, then `Nodes searched: N`. Counted by recursion over legalMoves/push/pop, the
// leaves by numberLegalMoves (ffish's moves are Fairy-Stockfish's MoveList<LEGAL>, as its perft).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

globalThis.fetch = undefined; // read the wasm from disk; never fetch it
const require = createRequire(import.meta.url);
const jobs = JSON.parse(readFileSync(process.argv[2], "utf8"));
const ffish = require("ffish");

const moves = (board) => {
  const list = board.legalMoves();
  return list === "" ? [] : list.split(" ");
};

function perft(board, depth) {
  if (depth === 1) return board.numberLegalMoves();
  let nodes = 0;
  for (const m of moves(board)) {
    board.push(m);
    nodes += perft(board, depth - 1);
    board.pop();
  }
  return nodes;
}

function run() {
  let loaded = null;
  for (const job of jobs) {
    if (job.ini !== loaded) {
      ffish.loadVariantConfig(job.ini);
      loaded = job.ini;
    }
    const board = new ffish.Board(job.variant, job.fen);
    const lines = [];
    let total = 0;
    for (const m of moves(board).sort()) {
      let count = 1;
      if (job.depth > 1) {
        board.push(m);
        count = perft(board, job.depth - 1);
        board.pop();
      }
      total += count;
      lines.push(`${m}: ${count}`);
    }
    board.delete();
    console.log(lines.join("\n") + (lines.length ? "\n" : "") + "\nNodes searched: " + total);
  }
}
if (ffish.calledRun) run();
else ffish.onRuntimeInitialized = run;
