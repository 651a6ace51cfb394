// Current Fairy-Stockfish (npm fairy-stockfish-nnue.wasm) as a UCI engine on stdin/stdout, for
// fairygen's peer tests: `node uci.mjs < commands.txt`. Commands are passed on one at a time: a
// `go` command is answered (its `Nodes searched:` or `bestmove` line) before the next is sent,
// and every other command is followed by `isready`, so the output follows the input in order.
// At `quit` or the end of input it exits.
import { createRequire } from "node:module";
import readline from "node:readline";

globalThis.fetch = undefined; // read the wasm from disk; never fetch it
const require = createRequire(import.meta.url);
const Stockfish = require("fairy-stockfish-nnue.wasm/stockfish.js");

const engine = await Stockfish();
let waiting = null; // { done: (line) => bool, resolve }
engine.addMessageListener((line) => {
  if (waiting && waiting.done(line)) {
    if (line !== "readyok") console.log(line);
    const w = waiting;
    waiting = null;
    w.resolve();
  } else {
    console.log(line);
  }
});
const answered = (done, command) =>
  new Promise((resolve) => {
    waiting = { done, resolve };
    engine.postMessage(command);
  });

const input = readline.createInterface({ input: process.stdin });
for await (const raw of input) {
  const command = raw.trim();
  if (command === "quit") break;
  if (command.startsWith("go perft")) await answered((l) => l.startsWith("Nodes searched"), command);
  else if (command.startsWith("go")) await answered((l) => l.startsWith("bestmove"), command);
  else if (command === "uci") await answered((l) => l === "uciok", command);
  else {
    engine.postMessage(command);
    await answered((l) => l === "readyok", "isready");
  }
}
process.exit(0);
