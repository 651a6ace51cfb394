// Peer test: current Fairy-Stockfish (npm fairy-stockfish-nnue.wasm under node, built-in
// variants, through tools/peer/uci.mjs; or npm ffish through tools/peer/ini_perft.mjs for the
// variants it reads from tests/peer_variants.ini) against the generated modules, on the start position,
// on positions near each kind of game end (and past it: no moves), and on positions reached by
// seeded random legal play; per-root-move perft counts at depth 3 (2 for the largest trees) must
// agree move for move.
// The catalogue's counts whose source is this engine are checked against it too.
#include <gtest/gtest.h>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "generator/spec/spec.hpp"
#include "runtime/notation.hpp"
#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "tests/file_text.hpp"
#include "tests/test_name.hpp"

namespace {

using namespace fairy;

constexpr int kDepth = 3;
// A position whose tree at kDepth has more leaves than this is compared one ply shallower (the
// depth is chosen by our count, and both engines count at the chosen depth). The peer under node
// counts a few million leaves a second where drops are many: "every piece in hand" in shogi is
// 104 million leaves at depth 3, 36 s of the peer's time for one position.
constexpr std::uint64_t kMaxPeerLeaves = 3'000'000;

// A catalogue variant, its name in Fairy-Stockfish, how many random positions to test, and
// positions near its game ends (one move from them, or past them: the divide is then empty).
// A written position may go on with " moves e2e4 e7e5": the moves, in coordinates, are played
// from the FEN by each engine (rights that a FEN resets only show after moves).
struct PeerVariant {
  const char* key;
  const char* peer_name;
  int random_positions;
  std::vector<const char*> fens;
  int min_plies = 1, max_plies = 40;  // of the random games (hands fill up in longer games)
  // Not built into the npm UCI engine: npm ffish loads it from tests/peer_variants.ini.
  bool from_ini = false;
};

const std::vector<PeerVariant>& peer_variants() {
  static const std::vector<PeerVariant> all = {
      {"chess", "chess", 50, {}},
      {"capablanca", "capablanca", 50, {}},
      {"grand", "grand", 50, {}},
      {"3check", "3check", 20,
       {"rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+1 0 3",  // a check away, both
        "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 1 3",  // the third check given
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2+3 2 3"}},
      {"kingofthehill", "kingofthehill", 20,
       {"8/pppp1ppp/2k5/8/8/2K5/PPPP1PPP/8 w - - 0 1",  // both kings a step from the hill
        "rnbq1bnr/pppp1ppp/8/4k3/8/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1",  // both on it: Black got there last
        "r1bqkbnr/pppp1ppp/2n5/8/3KP3/8/PPPP1PPP/RNBQ1BNR b kq - 0 4"}},
      {"racingkings", "racingkings", 20,
       {"8/1k4K1/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1",  // White a step from rank 8, Black can follow
        "8/6K1/8/8/8/8/krbnNBR1/qrbnNBRQ w - - 0 1",    // ... Black cannot
        "1k4K1/8/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1",  // both there: a draw
        "6K1/1k6/8/8/8/8/1rbnNBR1/qrbnNBRQ b - - 0 1"}},  // White there, Black a step short
      {"antichess", "antichess", 20,
       {"8/8/8/8/8/8/p7/1R6 b - - 0 1",  // one piece left each: the capture promotes
        "8/8/8/8/8/8/8/R7 b - - 0 1",    // Black has lost every piece
        "8/8/8/8/8/p7/P7/8 w - - 0 1",   // stalemate
        "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2",  // a capture is compulsory
        "8/2k5/8/8/8/8/1p6/2N1K3 b - - 0 1"}},
      {"extinction", "extinction", 20,
       {"r3k1nb/p5Pq/8/8/8/8/P6Q/R3K1NB w - - 0 1",  // one of each: captures and promotions end it
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1",  // White has no queen
        "r3k1nb/p6q/8/8/8/8/P6Q/R3K1NB w - - 0 1",
        // Castling by the commoner (not royal: attacks never stop it, as in Fairy-Stockfish).
        "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/R3K2R w KQkq - 0 1",    // both ways, both sides
        "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/R3K2R b KQkq - 0 1",
        "r3k2r/pbqnpppp/8/8/8/8/PBQNPrPP/R3K2R w KQkq - 0 1",    // f1 (passed) and g1 attacked
        "r3k2r/pbqnpppp/8/8/8/8/PBQNr1PP/R3K2R w KQkq - 0 1",    // the commoner on e1 attacked
        "r3k1r1/pbqnpppp/8/8/8/8/PBQNPPPP/R3K2R w KQq - 0 1",    // Black's h-rook has moved
        "r3k2r/pbq1pppp/8/8/K7/3n4/PBQNP1PP/R3K2R b KQkq - 0 1",  // Nxe1 takes the unmoved commoner
        "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/RK2K2R w KQkq - 0 1",   // two commoners on the first rank
        "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/R3K2R w KQkq - 0 1 moves a1b1 a8b8",            // Rooks moved
        "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/R3K2R w KQkq - 0 1 moves e1f1 e8f8 f1e1 f8e8",  // commoners back
        "r3k2r/pbqnpppp/8/8/8/8/PBQNPPPP/R3K2R w KQkq - 0 1 moves e1g1 e8c8"}},  // castled
      {"horde", "horde", 20,
       {"rnbqkbnr/pppppppp/8/8/8/8/8/4P3 w kq - 0 1",  // one piece left: White's last pawn
        "rnbqkbnr/pppppppp/8/8/8/8/8/8 w kq - 0 1",    // White has lost every piece
        "rnbqkbnr/ppp1pppp/8/8/8/1p6/8/P3P3 w kq - 0 1",  // double steps from rank 1, no e.p. on rank 2
        "4k3/8/8/8/2p5/8/1P6/8 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/PPP5 b kq - 0 1"}},
      {"shatranj", "shatranj", 20,
       {"8/8/4k3/8/8/8/4r3/R3K3 w - - 0 1",     // taking the rook bares Black's king
        "8/8/8/4k3/8/8/8/R3K2R b - - 0 1",      // bare, and the other side keeps two pieces
        "8/8/8/4k3/4R3/8/8/4K3 b - - 0 1",      // bare, but the king may take the last piece
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",       // Black was left bare
        "k7/8/1Q6/8/8/8/8/7K b - - 0 1"}},
      {"atomic", "atomic", 50,
       {"4k3/8/8/8/8/5N2/3b4/4K3 w - - 0 1",  // Nxd2 or Kxd2 would explode the own King
        "8/8/8/3kK3/8/8/8/4r3 w - - 0 1",     // Kings touching: the rook's check does not count
        "8/8/8/4k3/8/8/8/3KR3 b - - 0 1",     // ... until they part
        "8/2n1k3/8/3pP3/8/8/8/4K3 w - d6 0 1",  // exd6 e.p. explodes the King on e7: it wins
        "rnbq1bnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQ - 0 3",  // Black's King exploded: over
        "r3k2r/1b6/8/8/8/8/6P1/R3K2R b KQkq - 0 1",  // Bxg2 explodes the h1 Rook: no O-O after it
        "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 2",        // ... as Fairy-Stockfish writes it
        "r3k2r/8/8/8/8/8/3q4/R3K2R w KQkq - 0 1",   // castling next to the enemy Queen
        "r3k2r/8/8/8/8/8/8/R2qK2R w KQkq - 0 1",    // in check: Kxd1 is no move, O-O neither
        "8/8/8/8/8/8/2k5/R3K2R w KQ - 0 1",         // O-O-O passes d1 next to the Black King
        "8/8/8/8/8/8/5k2/R3K1r1 w Q - 0 1",         // Kings touch; d1 is attacked through e1: no O-O-O
        "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
        "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1",
        "r4b1r/2kb1N2/p2Bpnp1/8/2Pp3p/1P1PPP2/P5PP/R3K2R b KQ - 0 1"}},  // Fairy-Stockfish's perft.sh
      // Fairy-Stockfish's built-in variants the language says without other rules.
      {"makruk", "makruk", 50,
       {"8/8/4k3/8/3M4/8/8/R3K3 w - - 0 1",  // promotions (the met only) and few pieces
        "8/3P4/4k3/8/8/8/8/4K3 w - - 0 1",
        "8/8/4k3/8/3M4/8/3K4/R7 b - 32 8 1",  // counting: Black counts to 16 moves (its FEN)
        "k7/1R6/1K6/8/8/8/8/8 b - - 0 1"}},  // stalemate
      {"courier", "courier", 50,
       {"12/12/5k6/12/12/12/5r6/R4K6 w - - 0 1",  // taking the rook bares Black's king
        "12/12/12/5k6/12/12/12/R4K5R b - - 0 1"}},  // bare
      {"embassy", "embassy", 50, {}},
      {"gothic", "gothic", 50, {}},
      {"amazon", "amazon", 50, {}},
      {"almost", "almost", 50, {}},
      {"knightmate", "knightmate", 50, {}},
      {"grasshopper", "grasshopper", 50, {}},
      {"shako", "shako", 50, {}},
      {"losers", "losers", 50,
       {"rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",  // a capture is compulsory
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",  // in check: the King must take (a capture) if it can
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",   // Black's King is alone: Black has won
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}},  // stalemated: Black wins
      {"janus", "janus", 50,
       {"r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1",  // castling four files one way, three the other
        "r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1",
        "k9/2Q7/1K8/10/10/10/10/10 b - - 0 1"}},  // stalemate
      {"chigorin", "chigorin", 50,
       {"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",  // each side promotes to its own pieces
        "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1",
        "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"}},  // stalemate
      // Regions, square-dependent moves and the flying general.
      {"xiangqi", "xiangqi", 50,
       {"4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",  // flying general: the Advisor may not leave the file
        "4k4/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1",  // ... nor may the Generals face
        "3akab2/9/9/9/9/9/9/9/3A1A3/4K4 w - - 0 1",  // palace corners and edges
        "5k3/4a4/3a5/9/9/9/9/9/9/3K5 b - - 0 1",
        "4k4/9/9/P3P3P/9/4P4/9/9/9/3K5 w - - 0 1",  // soldiers past the river (and on the edges), and not
        "3k1P3/9/9/9/9/9/p3p4/9/9/5K3 b - - 0 1",   // ... a soldier on the last rank steps sideways only
        "r3k4/9/4c4/9/9/R1C1p1n2/9/9/9/3K5 w - - 0 1",  // cannon screens
        "3k5/9/9/2c1C1C2/9/9/9/9/9/4K4 b - - 0 1",
        "4k4/9/9/9/9/4B4/9/9/1P1P5/2B1K4 w - - 0 1",  // elephants blocked at the eye, and at the river
        "3k5/9/2b6/3p5/9/9/9/9/9/4K4 b - - 0 1",
        "4k4/9/9/9/9/9/9/2N6/2P6/3K5 w - - 0 1",  // a horse blocked beside it
        "4k4/4R4/9/9/9/9/9/9/9/3RKR3 b - - 0 1",  // mated: taking the rook would face the General
        "4k4/9/4P4/9/9/9/9/9/9/3RKR3 b - - 0 1"}},  // stalemated
      // Janggi: palace lines, the cannon's restrictions, passing and bikjang.
      {"janggi", "janggi", 50,
       {"9/4k4/9/9/9/9/9/9/9/3R1K3 w - - 0 1",      // a Chariot on a palace corner: along the line to f3
        "3r1k3/9/9/9/9/9/9/9/4K4/9 b - - 0 1",      // ... Black's, from d10 to f8
        "3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1",      // a Chariot in the centre checks the corner; no pass in check
        "9/4k4/9/9/9/9/9/5p3/4A4/3C1K3 w - - 0 1",  // a Cannon over the centre takes on f3
        "9/4k4/9/9/9/9/9/5p3/4C4/3C1K3 w - - 0 1",  // ... not over a Cannon (a cannon screen)
        "9/4k4/9/9/9/9/9/5c3/4A4/3C1K3 w - - 0 1",  // ... nor takes one (a cannon target)
        "4k4/9/9/4c4/9/4P4/9/9/9/4CK3 w - - 0 1",   // the same along a file, both sides
        "4k4/9/9/9/9/9/4c4/9/9/4C1K2 b - - 0 1",
        "3a1a3/4k4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",  // Guards and Generals on the lines' points
        "3ak4/4a4/9/9/9/9/9/9/9/3AKA3 b - - 0 1",
        "3k5/9/3P1P3/9/9/9/9/9/9/4K4 w - - 0 1",    // Soldiers in the enemy palace: forward diagonally to e9
        "4k4/9/9/9/9/9/9/5K3/4p4/9 b - - 0 1",      // ... Black's from the centre to d1 and f1
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",        // bikjang: part the Generals or pass (and the game ends)
        "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1",       // bikjang in check: the pass is the only move
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1 moves e2e2",  // a pass: a second ends the game
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1 moves e2e2 e9e9",  // ... ended
        "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1 moves e1e1",  // the pass in bikjang has ended it
        "4k4/9/9/9/4P4/4B4/6P2/9/9/4K4 w - - 0 1",  // Elephants blocked on the first step and on the second
        "4k4/9/9/6p2/4b4/4p4/9/9/9/4K4 b - - 0 1",
        "4k4/9/9/9/9/9/9/9/2P6/2N1K4 w - - 0 1"}},  // a Horse blocked beside it
      {"minixiangqi", "minixiangqi", 50,
       {"3k3/7/7/7/7/3P3/3K3 w - - 0 1",    // flying general: the soldier may not leave the file
        "2k4/7/7/7/7/7/4K2 w - - 0 1",      // palace corners
        "3k3/P5P/7/7/7/7/2K4 w - - 0 1",    // soldiers on the last rank but one, at the edges
        "2k4/7/7/2C4/7/2r4/4K2 b - - 0 1",  // a cannon's screen on the Generals' file
        "3k3/3R3/7/7/7/7/2RKR2 b - - 0 1"}},  // mated: taking the rook would face the General
      // Pieces in hand: random games long enough to fill the hands.
      {"crazyhouse", "crazyhouse", 50,
       {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[QRBNPqrbnp] w KQkq - 0 1",  // full hands
        "4k3/1P6/8/8/8/8/8/4K3[q] w - - 0 1",           // a promotion to Q~, which returns as a pawn
        "4k3/8/8/8/8/8/8/4K2q~[] w - - 0 1",            // a promoted queen on the board
        "3rk3/8/8/8/8/8/8/3QK3[PPp] w - - 0 1",         // a pawn to drop, not on rank 1 or 8
        "k7/8/8/8/8/8/5PPP/q5K1[] w - - 0 1"},          // mate: no drop to block with
       30, 80},
      {"shogi", "shogi", 50,
       {"4k4/9/9/9/9/9/9/9/4K4[PLNSGRBplnsgrb] w - - 0 1",  // every piece in hand: dead drops
        "4k4/9/4p4/9/9/9/4P4/9/4K4[Pp] w - - 0 1",         // no second pawn on a file
        "4k4/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1",            // a pawn drop that checks
        "4k4/2P3P2/4+R4/9/9/9/9/9/4K4[] w - - 0 1",        // promotion by moves out of the zone
        "4k4/4G4/4G4/9/9/9/9/9/4K4[] b - - 0 1"},          // mated
       30, 80},
      {"minishogi", "minishogi", 50,
       {"k4/5/5/5/4K[GSPBRgspbr] w - - 0 1", "k4/P4/5/5/4K[] w - - 0 1", "k4/G4/G4/5/4K[] b - - 0 1"},
       30, 80},
      // Pieces that turn over after every move, dropped on either face.
      {"kyotoshogi", "kyotoshogi", 50,
       {"k4/5/5/5/4K[NLPSnlps] w - - 0 1",        // every piece in hand, both faces, on any square
        "+l+n+s+pk/5/5/5/K4[nlps] b - - 0 1",     // Black's faces turn back; Black's full hand
        "k4/5/5/5/+p3K[NLPS] w - - 0 1",          // in check along the rank: drops on both faces block
        "k4/5/2+s2/2P2/4K[] w - - 0 1",           // taking a face: the Silver returns to the hand
        "L1k2/5/5/5/2K2[P] w - - 0 1",            // a Lance on the last rank has no move; drops there
        "k4/+L4/1+N3/5/4K[] b - - 0 1"},          // mated
       30, 80},
      // Gating: random games long enough to use gating rights and empty hands.
      {"cambodian", "cambodian", 50,
       {"rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1 moves d1c2 d8c7 c2d1 c7d8",  // King, Met back:
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1 moves e1d2 e8f7 d2e1 f7e8",  // no rights
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1 moves e3e4 d6d5 e1e3 e8c7 d1f2 d8d6",  // all used
        "4k3/8/8/8/8/8/8/r2K4 w D - 0 1",     // King leap barred in check (a Rook)
        "4k3/8/8/8/8/4n3/8/3K4 w D - 0 1",    // ... by a Knight
        "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1",    // King leap and Met double step; the bare Black King counts
        "4k3/8/8/8/4r3/8/4N3/3KM3 w DE - 0 1",  // the Met leaps over e2 onto an attacked square
        "4k3/8/8/8/8/4p3/8/3KM3 w DE - 0 1",  // e3 occupied: no double step; f2 attacked: no leap there
        "7r/4k3/8/8/5N2/8/8/3K4 b D - 0 1 moves h8d8 f4d3 e7e6",  // a Rook's check takes the King's right
        "4k3/8/8/8/8/8/2n3N1/3K4 b D - 0 1 moves c2e3 g2e3 e8e7",  // a Knight's check does not
        "4k3/7r/8/8/8/8/3N4/3K2R1 b D - 0 1 moves h7d7 g1g2 e8f8",  // a Rook's move onto its file takes it,
        "4k3/7r/8/8/8/8/3N4/3K2R1 b D - 0 1 moves h7c7 g1g2 e8f8",  // d2 between or not; onto another not
        "8/8/4k3/8/3M4/8/3K4/R7 b - 30 8 1",  // counting: Black counts 15 moves (Cambodian)
        "8/8/4k3/8/3M4/8/3K4/R7 b - 30 31 1",  // past the count (a claim: perft goes on)
        "8/8/3pk3/8/3M4/8/3K4/R7 w - - 0 1",  // a pawn: the board's honour, both sides with 3 pieces or fewer
        "k7/1R6/1K6/8/8/8/8/8 b - - 0 1"}},   // stalemate
      {"seirawan", "seirawan", 50,
       {"r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1",  // castling gates on the King's or the Rook's square
        "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w EHkq - 0 1",  // gating rights of King and Rook: they castle
        "4k3/8/8/8/8/8/8/r1N1K3[H] w C - 0 1",        // the gated piece shields nothing: the pinned Knight
        "4k3/8/8/8/8/8/8/r3K3[E] w E - 0 1",          // stays, and the King may not go along the rank
        "4k3/P7/8/8/8/8/8/4K3[HE] w - - 0 1",         // promotion to the Hawk and the Elephant
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[HEhe] w KQBCDFGkqbcfg - 1 3"},  // mated
       10, 60},
      // Fairy-Stockfish's variants.ini variants (npm ffish, tests/peer_variants.ini).
      {"orda", "orda", 50,
       {"8/4K3/8/8/8/1k6/8/8 w - - 0 1",   // the King a step from the last rank: it wins there
        "8/8/8/8/8/6k1/1K6/8 b - - 0 1",   // ... Black's too, on the first rank
        "4K3/8/8/2k5/8/8/8/8 b - - 0 1",   // White's King is there: the game is over
        "8/8/8/8/8/8/6k1/4K3 w - - 0 1",   // White's King on its own first rank is no flag
        "2l5/3K4/8/8/8/8/8/4k3 w - - 0 1",  // Black's King got there first
        "1l6/3K4/8/8/1a6/4k3/8/8 w - - 0 1",  // the Lancer and the Archer guard the last rank
        "4k3/8/2a5/8/3l4/8/1N1R4/4K2R w K - 0 1",  // Knight moves, Rook and Bishop captures
        "4k3/8/8/8/8/8/8/l3K3 w - - 0 1",  // the Lancer checks along the rank
        "lh2k3/8/8/8/8/3a4/8/R3K2R w KQ - 0 1",  // castling past the Archer's diagonal
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",  // promotion to the Queen or the Kheshig, both sides
        "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1",
        "k7/8/1Q6/8/8/8/8/K7 b - - 0 1",   // stalemate
        "4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1"},  // mated
       1, 40, true},
      {"chak", "chak", 50,
       {"4k4/9/9/9/9/4K4/9/9/9 w - - 0 1",       // the King entering the far half becomes the Divine King
        "k8/9/4+K4/9/9/9/9/9/9 w - - 0 1",       // the Divine King a step from the Temple's square
        "k8/4o4/4+K4/9/9/9/9/9/9 w - - 0 1",     // ... taking the Temple there wins
        "k8/4+K4/9/9/9/9/9/9/9 b - - 0 1",       // White's Divine King is there: the game is over
        "9/9/9/9/9/9/9/4+k4/4K4 w - - 0 1",       // ... Black's
        "9/9/9/9/9/9/4+k4/4O4/4K4 b - - 0 1",
        "4k4/9/9/9/9/P3P3P/9/9/4K4 w - - 0 1",    // Pawns entering the far half become Warriors
        "4k4/9/9/p3p3p/9/9/9/9/4K4 b - - 0 1",
        "4k4/9/9/2p1p4/9/2Q1P4/9/9/4K4 w - - 0 1",  // the Quetzal hops to move and to capture
        "4k4/4o4/9/9/9/9/9/4O4/4K4 w - - 0 1",    // Temples never move
        "4k4/9/9/9/4+K4/9/9/9/9 w - - 0 1",       // the Divine King and the Warrior stay in the far half
        "4k4/9/9/9/4+P4/9/9/9/K8 w - - 0 1",
        "9/9/9/9/4+k4/9/9/9/4K4 b - - 0 1",
        "k8/2R6/1R7/9/9/9/9/9/4K4 b - - 0 1",     // stalemate
        "kR7/1R7/9/9/9/9/9/9/4K4 b - - 0 1"},     // mated
       1, 40, true},
      // Shinobi: White's pieces in hand (captures leave the game), dropped on its own half;
      // compulsory promotion in the last two ranks; the King on the far rank wins.
      {"shinobi", "shinobi", 50,
       {"4k3/8/8/8/8/8/8/4K3[CHLJDMQRBNPhljdmp] w - - 0 1",  // drops on ranks 1-4, a pawn on 2-4
        "4k3/8/8/8/8/8/8/4K3[CHLJDMQRBNPhljdmp] b - - 0 1",  // ... Black's on ranks 8-5, 7-5
        "4k3/8/1P1M4/3H3L/8/6p1/8/4K3 w - - 0 1",   // Pawn, Monk, Shinobi, Lance must promote entering 7-8
        "4k3/8/1P1M4/3H3L/8/6p1/8/4K3 b - - 0 1",   // ... Black's pawn on rank 2, capturing too
        "2M1k3/1+P6/2+H5/7+L/8/8/1+p6/4K3 w - - 0 1",  // the promoted pieces (+P +H +L +p) and a Monk inside the zone
        "4k3/8/1H6/8/8/8/8/4K3[H] w - - 0 1",       // a Shinobi on rank 8 would have no move: it promotes
        "8/3K4/8/8/8/8/1k6/8[M] b - - 0 1",         // Black's King a step from rank 1, White's from rank 8
        "3K4/8/8/8/8/8/8/k7[M] b - - 0 1",          // White's King is there: the game is over
        "8/8/8/8/8/8/8/K2k4[M] w - - 0 1",          // ... Black's
        "r3k2r/8/8/8/8/8/8/4K3[M] b kq - 0 1",      // Black castles
        "4k3/8/8/8/8/8/8/r3K3[M] w - - 0 1",        // in check: drops that block
        "4k3/8/8/8/8/8/3q4/3rK3[M] w - - 0 1",      // mated with a piece in hand
        "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",           // stalemate (a loss)
        "4k3/8/8/3pP3/8/8/8/4K3[HL] w - d6 0 1"},  // e.p. beside drops
       1, 24, true},  // White's hand empties within some 10 of its moves
      // Synochess: chess against a Xiangqi-like army (janggi cannons, soldiers, elephants, an
      // advisor) with two Soldiers in hand dropped on rank 5; the flying general; the flag.
      {"synochess", "synochess", 50,
       {"3k4/8/8/8/8/8/8/4K3[ss] b - - 0 1",            // Soldier drops on rank 5 only
        "3k4/8/8/8/8/8/8/4K3[acehnpqrs] b - - 0 1",     // ... every piece of Black's hand too
        "3k4/8/8/8/8/8/8/3QK3[ss] b - - 0 1",           // in check: drops on d5 block
        "3k4/8/8/8/4K3/8/8/8[ss] b - - 0 1",            // S@e5 gives check (allowed)
        "3k4/8/8/2c5/8/2P5/8/2R1K3 b - - 0 1",          // a Cannon hops over the Pawn, takes the Rook
        "3k4/8/8/2cP3C/8/2c5/8/2R1K3 b - - 0 1",        // ... not over a Cannon (screen), nor takes one
        "3k4/8/8/2cP3C/8/2c5/8/2R1K3 w - - 0 1",        // White's Cannon (a FEN's) likewise
        "3k4/8/8/8/3N4/8/8/3K4 w - - 0 1",              // flying general: the Knight may not leave the file
        "8/8/8/k2B3K/8/8/8/8 w - - 0 1",                // ... nor the Bishop the rank
        "3k4/8/8/8/8/8/8/4K3 w - - 0 1",                // ... the King may not step onto the d-file
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",               // O-O would pass f1, facing the King: refused
        "6k1/8/8/8/8/8/8/R3K2R w KQ - 0 1",             // O-O would land facing it; O-O-O is fine
        "5k2/8/8/8/8/8/5P2/4K2R w K - 0 1",             // the f-file closed: O-O
        "r3k2r/8/8/8/8/8/8/3K4 b kq - 0 1",             // Black's O-O-O passes d8, facing d1: refused
        "8/4K3/8/8/8/1k6/8/8 w - - 0 1",                // the King a step from the last rank: it wins there
        "8/8/8/8/8/6K1/1k6/8 b - - 0 1",                // ... Black's from rank 1
        "4K3/8/8/2k5/8/8/8/8 b - - 0 1",                // White's King is there: the game is over
        "8/8/8/8/8/8/K7/3k4 w - - 0 1",                 // ... Black's
        "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",               // stalemate (a loss)
        "3k4/8/8/8/3h4/3P4/2e5/4K3 b - - 0 1",          // a Horse blocked beside it; the Elephant's leaps
        "3ka3/8/8/8/8/8/8/4RK2 b - - 0 1",              // the Advisor is no King: it may stand attacked
        "3k4/8/8/8/8/8/1s6/4K3 b - - 0 1",              // Soldiers step forward and sideways
        "s2k4/8/8/8/8/8/8/4K3 b - - 0 1"},              // ... on the last rank, sideways only
       1, 40, true},
      // Placement: the pieces start in hand and are dropped on the first rank before anything
      // moves; random games of 1 to 40 plies end in or after the placement (16 plies).
      {"placement", "placement", 50,
       {"8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbbnn] w - - 0 1",  // a Bishop on c1: the second on a light square
        "8/pppppppp/8/8/8/8/PPPPPPPP/5B2[KQRRBNNkqrrbbnn] w - - 0 1",  // ... on f1: the second on a dark square
        "8/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[NBkqrrbbnn] w KQ - 0 1",  // f1 is the last light square: the Bishop's
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[R] w - - 0 1",      // R@h1 or R@a1 beside the King: it castles
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1",      // K@e1 between the Rooks: both sides
        "r6r/pppppppp/8/8/8/8/PPPPPPPP/4K3[k] b - - 0 1",      // ... for Black; K@d8 gives none
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[r] b KQq - 0 1",  // the last drop, then chess
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQ - 0 1",  // a piece in hand but no square: moves
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[P] w - - 0 1",      // a pawn in hand is never dropped
        "4k3/8/8/8/8/8/8/r3K3[Q] w - - 0 1",                   // in check: a drop that blocks, not the King
        "4k3/8/8/8/8/3n4/8/4K3[Q] w - - 0 1",                  // in check, no drop blocks: the King moves
        "4k3/8/8/8/8/8/3q4/3rK3[N] w - - 0 1"}},               // mated with a piece in hand
      // Sittuyin: the pieces are dropped in the side's own three ranks, Rooks on the first; random
      // games of 1 to 40 plies end in or after the placement (16 plies).
      {"sittuyin", "sittuyin", 50,
       {"4k3/8/4pppp/pppp4/4PPPP/PPPP4/8/4K3[RRrr] w - - 0 1",   // Rooks only on the first rank
        "4k3/8/4pppp/pppp4/4PPPP/PPPP4/8/R3K3[rr] b - - 0 1",    // ... Black's on the eighth
        "r1sfkrns/8/4pppp/pppp4/4PPPP/PPPP4/8/RNSFKSNR[n] b - - 0 1",  // the last drop, then play
        "4k3/8/8/8/8/8/8/r3K3[F] w - - 0 1",                    // in check: a drop that blocks, not the King
        "4k3/8/8/8/8/3n4/8/4K3[R] w - - 0 1",                   // in check, no drop blocks: the King moves
        "4k3/8/8/3P4/8/8/8/4K3[N] w - - 0 1",                   // a piece in hand: no promotion yet
        "4k3/8/8/3P4/8/8/P7/4K3 w - - 0 1",                     // d5: in place or a diagonal step
        "4k3/8/8/3P4/8/8/P7/4KF2 w - - 0 1",                    // ... not with a Ferz on the board
        "4k3/8/2r5/3P4/8/8/P7/4K3 w - - 0 1",                   // the Ferz may not attack the Rook: not on d5
        "3k4/8/8/3P4/8/8/P7/3RK3 w - - 0 1",                    // a step that discovers check: in place only
        "4k3/8/8/8/8/2P5/8/4K3 w - - 0 1",                      // the last pawn promotes anywhere
        "4k3/8/8/8/8/2P5/8/4KF2 w - - 0 1",                     // ... not with a Ferz
        "4k2P/8/8/8/8/8/P7/4K3 w - - 0 1",                      // a pawn on the last rank: it promotes only
        "4k3/p7/8/8/3p4/8/8/4K3 b - - 0 1",                     // Black's d4
        "8/8/4k3/8/8/8/3K4/R7 b - 32 5 1",                      // ASEAN counting: the bare King counts 16 moves
        "k7/1R6/1K6/8/8/8/8/8 b - - 0 1"}},                     // stalemate
  };
  return all;
}

void PrintTo(const PeerVariant& v, std::ostream* os) { *os << v.key; }

const PeerVariant* peer_variant(const std::string& key) {
  for (const PeerVariant& v : peer_variants())
    if (v.key == key) return &v;
  return nullptr;
}

using Divide = std::map<std::string, std::uint64_t>;

const std::filesystem::path& peer_dir() {
  static const std::filesystem::path dir = std::filesystem::path(FAIRY_SOURCE_DIR) / "tools" / "peer";
  return dir;
}

// The variants.ini text that npm ffish loads for the variants marked from_ini (written for
// fairygen; see the file's header).
std::string peer_ini() { return fairytest::file_text(std::filesystem::path(FAIRY_SOURCE_DIR) / "tests" / "peer_variants.ini"); }

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

// The command that runs the peer engine, or "" when it is not installed.
std::string peer_command() {
  if (!std::filesystem::exists(peer_dir() / "node_modules" / "fairy-stockfish-nnue.wasm")) return "";
  return "node " + (peer_dir() / "uci.mjs").string();
}

// The command that counts divides with npm ffish (followed by the jobs file), or "".
std::string ini_peer_command() {
  if (!std::filesystem::exists(peer_dir() / "node_modules" / "ffish")) return "";
  return "node " + (peer_dir() / "ini_perft.mjs").string();
}

struct PerftJob {
  std::string fen;
  int depth;
};

// The peer engine as one long-lived process for the whole test binary: starting node and
// instantiating the engine's WebAssembly costs some 3 s of CPU, which once a variant was two
// minutes of a CI run. tools/peer/uci.mjs answers each command before it reads the next, so
// the answers come back in the order of the commands.
class PeerProcess {
 public:
  static PeerProcess& get() {
    static PeerProcess process;
    return process;
  }
  bool alive() const { return to_ != nullptr && from_ != nullptr; }
  void send(const std::string& command) {
    std::fputs((command + "\n").c_str(), to_);
    std::fflush(to_);
  }
  // The next line of output, false at its end (the engine has died).
  bool read_line(std::string& line) {
    line.clear();
    for (int c; (c = std::fgetc(from_)) != EOF;) {
      if (c == '\n') return true;
      line.push_back(static_cast<char>(c));
    }
    return !line.empty();
  }

 private:
  PeerProcess() {
    std::signal(SIGPIPE, SIG_IGN);  // a dead engine: the test fails on its missing answers instead
    int in[2], out[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, out[1], 2);
    for (int fd : {in[0], in[1], out[0], out[1]}) posix_spawn_file_actions_addclose(&actions, fd);
    const std::string script = (std::filesystem::path(FAIRY_SOURCE_DIR) / "tools" / "peer" / "uci.mjs").string();
    std::vector<char*> argv = {const_cast<char*>("node"), const_cast<char*>(script.c_str()), nullptr};
    const int spawned = posix_spawnp(&pid_, "node", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(in[0]);
    ::close(out[1]);
    if (spawned != 0) {
      ::close(in[1]);
      ::close(out[0]);
      return;
    }
    to_ = ::fdopen(in[1], "w");
    from_ = ::fdopen(out[0], "r");
    send("uci");
    for (std::string line; read_line(line) && line != "uciok";) {
    }
  }
  ~PeerProcess() {
    if (to_) {
      send("quit");
      std::fclose(to_);
    }
    if (from_) std::fclose(from_);
    if (pid_ > 0) ::waitpid(pid_, nullptr, 0);
  }
  pid_t pid_ = -1;
  std::FILE* to_ = nullptr;
  std::FILE* from_ = nullptr;
};

// A line of divide output ("e2e4: 20") into `divide`; other lines are left alone.
void add_divide_line(const std::string& line, Divide& divide) {
  const auto colon = line.find(": ");
  if (colon == std::string::npos || colon > 8 || line.find(' ') < colon) return;
  divide[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
}

// The jobs counted by npm ffish with tests/peer_variants.ini loaded, through one node process.
std::vector<Divide> ini_peer_divides(const std::string& variant, const std::vector<PerftJob>& jobs) {
  const auto dir = std::filesystem::temp_directory_path() / ("fairy_peer_" + variant + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto in = dir / "in.txt", out = dir / "out.txt";
  {
    const std::string ini = json_escape(peer_ini());
    std::ofstream cmd(in);
    cmd << "[";
    for (std::size_t i = 0; i < jobs.size(); ++i)
      cmd << (i ? ",\n" : "") << "{\"ini\": \"" << ini << "\", \"variant\": \"" << variant << "\", \"fen\": \""
          << jobs[i].fen << "\", \"depth\": " << jobs[i].depth << "}";
    cmd << "]\n";
  }
  const std::string run = ini_peer_command() + " " + in.string() + " > " + out.string() + " 2>&1";
  EXPECT_EQ(std::system(run.c_str()), 0) << run;
  std::vector<Divide> result;
  std::ifstream output(out);
  Divide current;
  for (std::string line; std::getline(output, line);) {
    if (line.rfind("Nodes searched:", 0) == 0) {
      result.push_back(std::move(current));
      current.clear();
    } else {
      add_divide_line(line, current);
    }
  }
  std::filesystem::remove_all(dir);
  return result;
}

// Runs every job through the peer and returns its divide output per job: the npm UCI engine's
// built-in variant (the long-lived process above), or (from_ini) npm ffish with
// tests/peer_variants.ini loaded.
std::vector<Divide> peer_divides(const std::string& variant, const std::vector<PerftJob>& jobs, bool from_ini = false) {
  if (from_ini) return ini_peer_divides(variant, jobs);
  PeerProcess& peer = PeerProcess::get();
  std::vector<Divide> result;
  EXPECT_TRUE(peer.alive()) << "could not start " << peer_command();
  if (!peer.alive()) return result;
  peer.send("setoption name UCI_Variant value " + variant);
  std::string line;
  for (const auto& job : jobs) {
    peer.send("position fen " + job.fen);
    peer.send("go perft " + std::to_string(job.depth));
    Divide current;
    bool answered = false;
    while (peer.read_line(line)) {
      if (line.rfind("Nodes searched:", 0) == 0) {
        answered = true;
        break;
      }
      add_divide_line(line, current);
    }
    if (!answered) {
      ADD_FAILURE() << "Fairy-Stockfish stopped answering at " << job.fen << " (last line: " << line << ")";
      break;
    }
    result.push_back(std::move(current));
  }
  return result;
}

// Positions reached by seeded random legal play (1 to 40 plies), skipping finished games (the
// hand-written positions have those).
std::vector<std::string> random_positions(const Engine& engine, int count, unsigned seed, int min_plies = 1,
                                          int max_plies = 40) {
  std::mt19937 rng(seed);
  std::vector<std::string> fens;
  while (int(fens.size()) < count) {
    Position pos(engine.variant());
    pos.set_start();
    const int plies = min_plies + int(rng() % unsigned(max_plies - min_plies + 1));
    bool alive = true;
    for (int i = 0; i < plies && alive; ++i) {
      MoveList moves;
      engine.legal_moves(pos, moves);
      if (moves.size == 0) alive = false;
      else pos.make(moves[int(rng() % unsigned(moves.size))]);
    }
    MoveList moves;
    engine.legal_moves(pos, moves);
    if (alive && moves.size > 0) fens.push_back(pos.fen());
  }
  return fens;
}

// The catalogue's counts whose source is this engine ("Fairy-Stockfish (npm
// fairy-stockfish-nnue.wasm ...") are its `go perft N` totals. They are asked of the same engine
// process as the variant's divides (PeerTest), since starting one costs seconds; PeerCounts
// checks the variants that PeerTest does not cover, one test per variant.
constexpr const char* kPeerSource = "Fairy-Stockfish (npm fairy-stockfish-nnue.wasm";
// Counts from npm ffish with tests/peer_variants.ini ("Fairy-Stockfish (npm ffish 0.7.10,
// tests/peer_variants.ini ...") are checked by PeerTest, against ffish, for variants from_ini.
constexpr const char* kIniPeerSource = "Fairy-Stockfish (npm ffish";

const fairygen::spec::SpecFile& catalogue() {
  static const fairygen::spec::SpecFile file = fairygen::spec::load(FAIRY_SPEC_PATH);
  return file;
}

bool counted_by_peer(const fairygen::spec::PerftSpec& p, bool from_ini = false) {
  return p.source.rfind(from_ini ? kIniPeerSource : kPeerSource, 0) == 0;
}

// The keys of the catalogue's variants with at least one count from the peer (from_ini: ffish).
std::vector<std::string> variants_counted_by_peer(bool from_ini = false) {
  std::vector<std::string> keys;
  try {
    for (const auto& variant : catalogue().variants)
      for (const auto& p : variant.perft)
        if (counted_by_peer(p, from_ini)) {
          keys.push_back(variant.key);
          break;
        }
  } catch (const std::exception& e) {
    keys.push_back(std::string("unreadable catalogue: ") + e.what());  // fails below, by name
  }
  return keys;
}

// The peer jobs for a variant's catalogue counts from the peer, and the count each must total.
struct CountJobs {
  std::vector<PerftJob> jobs;
  std::vector<std::pair<const fairygen::spec::PerftSpec*, int>> expected;  // entry, depth
};

CountJobs catalogue_count_jobs(const fairygen::spec::VariantSpec& variant, const CompiledVariant& v,
                               bool from_ini = false) {
  CountJobs out;
  for (const auto& p : variant.perft) {
    if (!counted_by_peer(p, from_ini)) continue;
    for (std::size_t d = 1; d <= p.counts.size(); ++d) {
      out.jobs.push_back({p.fen.value == "start" ? v.info().start_fen : p.fen.value, int(d)});
      out.expected.emplace_back(&p, int(d));
    }
  }
  return out;
}

// answers[i] is the peer's divide for c.jobs[i].
void expect_catalogue_counts(const std::string& key, const CountJobs& c, const Divide* answers) {
  for (std::size_t i = 0; i < c.jobs.size(); ++i) {
    std::uint64_t total = 0;
    for (const auto& [move, count] : answers[i]) total += count;
    const auto [entry, depth] = c.expected[i];
    EXPECT_EQ(total, entry->counts[depth - 1])
        << entry->where.str() << ": " << key << " perft " << depth << " of " << c.jobs[i].fen;
  }
}

class PeerTest : public ::testing::TestWithParam<PeerVariant> {};

TEST_P(PeerTest, DivideMatchesFairyStockfish) {
  const PeerVariant& param = GetParam();
  if (!param.from_ini && peer_command().empty())
    GTEST_FAIL() << "npm fairy-stockfish-nnue.wasm is not installed (scripts/setup.sh installs it)";
  if (param.from_ini && ini_peer_command().empty())
    GTEST_FAIL() << "npm ffish is not installed (scripts/setup.sh installs it)";
  const CompiledVariant* v = find_compiled(param.key);
  ASSERT_NE(v, nullptr);
  const auto engine = v->engine();
  std::vector<std::string> fens = {v->info().start_fen};
  fens.insert(fens.end(), param.fens.begin(), param.fens.end());
  const std::size_t written = fens.size();
  const auto more = random_positions(*engine, param.random_positions, 20261122u, param.min_plies, param.max_plies);
  fens.insert(fens.end(), more.begin(), more.end());
  // With captures into hands, the random games are long enough that pieces are held (a random
  // mover drops them soon: kyotoshogi holds some in 19 of its 50, crazyhouse and shogi in more).
  if (v->info().hands.enabled && v->info().hands.captures) {
    const auto held = std::count_if(more.begin(), more.end(), [](const std::string& fen) {
      return fen.find("[]") == std::string::npos;
    });
    EXPECT_GE(held, param.random_positions / 4) << param.key << ": few random positions hold pieces in hand";
  }
  // Hands filled only by the start position (shinobi): some random positions still hold pieces.
  if (v->info().hands.enabled && !v->info().hands.captures && v->info().start_fen.find("[]") == std::string::npos &&
      !v->info().hands.must_drop && !v->info().hands.gating) {
    const auto held = std::count_if(more.begin(), more.end(), [](const std::string& fen) {
      return fen.find("[]") == std::string::npos;
    });
    EXPECT_GE(held, param.random_positions / 4) << param.key << ": few random positions hold pieces in hand";
  }
  if (v->info().hands.must_drop) {  // placement: random positions both in the placement and past it
    const auto placing = std::count_if(more.begin(), more.end(), [](const std::string& f) { return f.find("[]") == std::string::npos; });
    EXPECT_GT(placing, 5) << param.key << ": too few random positions with pieces in hand";
    EXPECT_LT(placing, std::ptrdiff_t(more.size()) - 5) << param.key << ": too few random positions past the placement";
  }

  // The catalogue's counts from the peer go to the same engine process, after the divides.
  const fairygen::spec::VariantSpec* spec = catalogue().find_variant(param.key);
  ASSERT_NE(spec, nullptr) << param.key;
  const CountJobs counts = catalogue_count_jobs(*spec, *v, param.from_ini);
  // Our divides first: their totals choose each position's depth (kMaxPeerLeaves).
  std::vector<Divide> ours(fens.size());
  std::vector<PerftJob> jobs;
  int shallower = 0;
  for (std::size_t i = 0; i < fens.size(); ++i) {
    Position pos(engine->variant());
    const std::size_t moves_at = fens[i].find(" moves ");
    pos.set_fen(fens[i].substr(0, moves_at));
    if (moves_at != std::string::npos) {
      std::istringstream moves(fens[i].substr(moves_at + 7));
      for (std::string m; moves >> m;) pos.make(parse_uci(pos, *engine, m));
    }
    auto divide = engine->divide(pos, kDepth);
    std::uint64_t leaves = 0;
    for (const auto& [move, count] : divide) leaves += count;
    int depth = kDepth;
    if (leaves > kMaxPeerLeaves) {
      depth = kDepth - 1;
      divide = engine->divide(pos, depth);
      ++shallower;
    }
    for (const auto& [move, count] : divide) ours[i][to_uci(pos, move)] = count;
    jobs.push_back({fens[i], depth});
  }
  // The budget is for the few large trees (full hands): most positions keep the full depth.
  EXPECT_LE(shallower, int(fens.size()) / 4) << param.key << ": most positions compared at depth " << kDepth - 1;
  jobs.insert(jobs.end(), counts.jobs.begin(), counts.jobs.end());
  const std::vector<Divide> peer = peer_divides(param.peer_name, jobs, param.from_ini);
  ASSERT_EQ(peer.size(), jobs.size()) << "Fairy-Stockfish answered " << peer.size() << " of " << jobs.size();
  expect_catalogue_counts(param.key, counts, peer.data() + fens.size());
  int ended = 0;
  for (std::size_t i = 0; i < fens.size(); ++i) {
    // Only a written position may have ended (no moves); the others must have some.
    if (i == 0 || i >= written) { ASSERT_FALSE(peer[i].empty()) << "no moves from Fairy-Stockfish for " << fens[i]; }
    ended += peer[i].empty();
    EXPECT_EQ(ours[i], peer[i]) << param.key << " position " << i << " at depth " << jobs[i].depth << ": " << fens[i];
  }
  // Variants with written positions include some past their end (the peer lists no moves there).
  if (!param.fens.empty()) { EXPECT_GT(ended, 0) << param.key << ": no written position has ended"; }
}

INSTANTIATE_TEST_SUITE_P(BuiltIn, PeerTest, ::testing::ValuesIn(peer_variants()),
                         [](const ::testing::TestParamInfo<PeerVariant>& info) { return std::string(info.param.key); });

// FENs along seeded random games: Fairy-Stockfish plays the same moves from its start position
// and must write the same FEN, for variants whose FEN carries state that the divides above cannot
// show (first-move rights lost to a Rook's move, the counting limit and count). Long games, so
// that material runs low and counts start; a FEN every 14th ply (and the first five). Each stretch
// of a game is played from the peer's own FEN before it (`position fen <its last FEN> moves ...`,
// then `d`), never from ours, so what the peer writes follows from its start position alone; the
// peer reads a move by formatting its legal moves, and replaying every game from its start for
// each FEN cost it 50 s of the 150 s these tests take.
// `stretches`: a game a list, a stretch a string of moves (" m1 m2 ..."); a FEN a stretch.
std::vector<std::string> peer_fens(const std::string& variant, const std::vector<std::vector<std::string>>& stretches) {
  PeerProcess& peer = PeerProcess::get();
  std::vector<std::string> fens;
  EXPECT_TRUE(peer.alive()) << "could not start " << peer_command();
  if (!peer.alive()) return fens;
  peer.send("setoption name UCI_Variant value " + variant);
  std::string line;
  for (const auto& game : stretches) {
    std::string from = "startpos";
    for (const auto& moves : game) {
      peer.send("position " + from + " moves" + moves);
      peer.send("d");
      peer.send("isready");
      std::string fen;
      while (peer.read_line(line) && line != "readyok")
        if (line.rfind("Fen: ", 0) == 0) fen = line.substr(5);
      if (line != "readyok" || fen.empty()) {
        ADD_FAILURE() << "Fairy-Stockfish gave no FEN after position " << from << " moves" << moves << " (last line: " << line << ")";
        return fens;
      }
      fens.push_back(fen);
      from = "fen " + fen;
    }
  }
  return fens;
}

class PeerFen : public ::testing::TestWithParam<std::string> {};

TEST_P(PeerFen, FenAlongRandomGamesMatchesFairyStockfish) {
  if (peer_command().empty()) GTEST_FAIL() << "npm fairy-stockfish-nnue.wasm is not installed (scripts/setup.sh installs it)";
  const CompiledVariant* v = find_compiled(GetParam());
  ASSERT_NE(v, nullptr) << GetParam();
  const auto engine = v->engine();
  std::mt19937 rng(20261123u);
  std::vector<std::vector<std::string>> stretches;  // a game a list
  std::vector<std::string> ours, played;             // a FEN a stretch, and the game up to it
  for (int game = 0; game < 30; ++game) {
    Position pos(engine->variant());
    pos.set_start();
    std::string moves, stretch;
    stretches.emplace_back();
    for (int ply = 1; ply <= 400; ++ply) {
      MoveList legal;
      engine->legal_moves(pos, legal);
      if (legal.size == 0) break;
      const Move m = legal[int(rng() % unsigned(legal.size))];
      stretch += " " + to_uci(pos, m);
      pos.make(m);
      if (ply % 14 == 0 || ply < 6) {
        stretches.back().push_back(stretch);
        moves += stretch;
        stretch.clear();
        played.push_back(moves);
        ours.push_back(pos.fen());
      }
    }
  }
  const std::vector<std::string> peer = peer_fens(GetParam(), stretches);
  ASSERT_EQ(peer.size(), ours.size());
  int counting = 0;
  for (std::size_t i = 0; i < ours.size(); ++i) {
    EXPECT_EQ(ours[i], peer[i]) << GetParam() << " after" << played[i];
    std::istringstream fields(ours[i]);
    std::string board, side, rights, ep;
    fields >> board >> side >> rights >> ep;
    counting += std::isdigit(static_cast<unsigned char>(ep[0])) ? 1 : 0;
  }
  if (engine->variant().ends.counting.enabled) {
    EXPECT_GT(counting, 10) << "few positions with a count running: the games test too little";
  }
}

INSTANTIATE_TEST_SUITE_P(Counting, PeerFen, ::testing::Values("makruk", "cambodian", "sittuyin"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });
// Pawns without a double step (resets_clock): their moves reset the halfmove clock as in
// Fairy-Stockfish.
INSTANTIATE_TEST_SUITE_P(MoveRule, PeerFen, ::testing::Values("shatranj", "courier", "grasshopper"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

class PeerCounts : public ::testing::TestWithParam<std::string> {};

TEST_P(PeerCounts, CatalogueCountsFromFairyStockfish) {
  if (peer_command().empty()) GTEST_FAIL() << "npm fairy-stockfish-nnue.wasm is not installed (scripts/setup.sh installs it)";
  const fairygen::spec::VariantSpec* variant = catalogue().find_variant(GetParam());
  ASSERT_NE(variant, nullptr) << GetParam();
  const CompiledVariant* v = find_compiled(variant->key);
  ASSERT_NE(v, nullptr) << variant->key;
  const CountJobs counts = catalogue_count_jobs(*variant, *v);
  ASSERT_FALSE(counts.jobs.empty()) << variant->key;
  const std::vector<Divide> answer = peer_divides(variant->key, counts.jobs);
  ASSERT_EQ(answer.size(), counts.jobs.size()) << variant->key;
  expect_catalogue_counts(variant->key, counts, answer.data());
}

// The variants with counts from the peer that PeerTest leaves out.
std::vector<std::string> counted_beyond_peer_test() {
  std::vector<std::string> keys;
  for (const std::string& key : variants_counted_by_peer())
    if (!peer_variant(key)) keys.push_back(key);
  return keys;
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PeerCounts);
INSTANTIATE_TEST_SUITE_P(Catalogue, PeerCounts, ::testing::ValuesIn(counted_beyond_peer_test()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return test::test_name(info.param); });

// A count from ffish is checked only by PeerTest, so its variant must be there, from_ini.
TEST(PeerCounts, CountsFromFfishArePeerTested) {
  const auto keys = variants_counted_by_peer(true);
  for (const std::string& key : keys) {
    const PeerVariant* v = peer_variant(key);
    EXPECT_TRUE(v && v->from_ini) << key << " has counts from npm ffish but no from_ini PeerTest";
  }
}

}  // namespace
