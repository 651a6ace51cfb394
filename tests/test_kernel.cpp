// The bitboard kernel (runtime/bitboard/) against the interpreter: along seeded random games
// from every covered variant's start position and perft positions, perft at depths 1 to 3 (2 on
// the largest boards and with hands), the legal moves and the attacks on every square agree at
// every position. Then the kernel's own parts: both slider methods against a step-by-step walk,
// pieces sharing attack groups, and boards with holes (which the kernel leaves to the
// interpreter).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "capablanca.hpp"
#include "terachess2.hpp"
#include "generator/model/coverage.hpp"
#include "generator/model/model.hpp"
#include "runtime/bitboard/attacks.hpp"
#include "runtime/registry.hpp"
#include "tests/kernel_check.hpp"

namespace {

// The descriptions name their squares (runtime/square_names.hpp); the kernel keeps them by kernel
// square, rank * files + file: the numbers the descriptions used to spell out.
namespace named {
using fairy::Geometry;
using fairy::SquareWords;
using namespace fairy::bitboard;
static_assert(square_words(Geometry{.files = 9, .ranks = 9}, "d1-f2") == SquareWords{28728u, 0u, 0u, 0u});
static_assert(square_words(Geometry{.files = 9, .ranks = 9}, "a6-i9") == SquareWords{18446708889337462784u, 131071u, 0u, 0u});
static_assert(square_words(Geometry{.files = 9, .ranks = 9}, "a1-i4") == SquareWords{68719476735u, 0u, 0u, 0u});
// The kernel squares that `names` names, in the order named (in_place promotions' and flags'
// squares: Variant<D>::in_place_squares, Ends<D>::flag_squares).
template <std::size_t N>
constexpr std::array<int, N> kernel_list(const Geometry& g, std::string_view names) {
  std::array<int, N> list{};
  std::size_t n = 0;
  for_each_kernel_square(g, names, [&](int s) { list.at(n++) = s; });
  return list;
}
static_assert(kernel_list<2>(Geometry{.files = 6, .ranks = 6}, "d6 c5") == std::array<int, 2>{33, 26});
static_assert(kernel_list<2>(Geometry{.files = 6, .ranks = 6}, "d1 c2") == std::array<int, 2>{3, 8});
static_assert(kernel_list<8>(Geometry{}, "a8-h8") == std::array<int, 8>{56, 57, 58, 59, 60, 61, 62, 63});
static_assert(kernel_list<4>(Geometry{}, "d4-e5") == std::array<int, 4>{27, 28, 35, 36});
// A start position by its FEN (Description::start_fen): fen_board reads the board (numbers of
// empty squares of two digits, pieces with their marks, '+' before and '~' after the letter), not
// the hands after it, rank by rank from the last.
struct MarkedPieces {
  static constexpr int files = 10, ranks = 2;
  static constexpr std::array<PieceDesc, 4> pieces = {
      {{.letter = 'K', .paths = {}}, {.letter = 'P', .paths = {}}, {.letter = 'P', .mark = '+', .paths = {}},
       {.letter = 'Q', .mark = '~', .paths = {}}}};
};
constexpr auto kMarked = fen_board<MarkedPieces>("k8Q~/+P7pK[Pp] w - - 0 1");
static_assert(kMarked[0] == fairy::make_piece(fairy::White, 2) && kMarked[8] == fairy::make_piece(fairy::Black, 1) &&
              kMarked[9] == fairy::make_piece(fairy::White, 0) && kMarked[10] == fairy::make_piece(fairy::Black, 0) &&
              kMarked[19] == fairy::make_piece(fairy::White, 3));
static_assert(std::count(kMarked.begin(), kMarked.end(), fairy::kEmpty) == 15);
static_assert(fen_board<MarkedPieces>("10/10 w - - 0 1") == std::array<fairy::Piece, 20>{});
}  // namespace named

using namespace fairy;

std::vector<test::KernelVariant> covered_variants() {
  // The variants this test checks; Kernel.Covers... below: every one the generator puts on the
  // kernel, found in the registry by key (tests/kernel_check.hpp).
  return {
      {"chess"}, {"capablanca"}, {"grand"}, {"obento"}, {"terachess2"}, {"almost"}, {"amazon"}, {"chigorin"},
      {"crazyhouse"}, {"embassy"}, {"gothic"}, {"grasshopper"}, {"janus"}, {"knightmate"}, {"makruk"},
      {"seirawan"}, {"shako"},
      // Shogi's drop rules and promotion on leaving the zone.
      {"shogi"}, {"minishogi"},
      // Pieces that turn over on every move, dropped on either face.
      {"kyotoshogi"},
      // Placement: compulsory drops, the King in hand, Bishops on both colours, castling from drops.
      {"placement"},
      // Shinobi: hands (filled by the start position only) and the flag.
      {"shinobi"},
      // Sittuyin: placement's compulsory drops onto each type's ranks, and a promotion that is a move of its own.
      {"sittuyin"},
      // n-check: the board counts the checks each side has left.
      {"3check"},
      // Turns of two moves (the later one optional, capturing nothing, not by the piece that made the first).
      {"extramove"},
      // Special rules and game ends (runtime/bitboard/must_capture.hpp, no_check.hpp, ends.hpp).
      {"antichess"}, {"atomic"}, {"courier"}, {"extinction"}, {"horde"}, {"kingofthehill"}, {"losers"},
      {"orda"}, {"racingkings"}, {"shatranj"},
      // The flying general (the royal pieces may not face each other), hands of drops only, the flag.
      {"synochess"},
      // First-move rights (the King's leap, the Met's double step) and the Rooks that take the King's.
      {"cambodian"},
      // The General confined to its palace, the flying general, Cannons and Horses.
      {"minixiangqi"},
      // Regions (palace, own half), moves_on (the Soldier past the river), Elephants and Horses whose eye or leg may be blocked.
      {"xiangqi"},
      // A royal piece that promotes to another royal type (the King, on leaving or entering the
      // far half, to a Divine King confined there), Quetzals that hop, the flag.
      {"chak"}
  };
}

TEST(Kernel, CoversChessCapablancaGrandObentoTerachess2CrazyhouseSeirawanShogiPlacementShinobiSittuyinExtramove3checkAndThisTestListsEveryCoveredVariant) {
  std::set<std::string> covered_keys, listed;
  for (const CompiledVariant& v : compiled_variants())
    if (fairygen::model::kernel_coverage(v.info()).covered) covered_keys.insert(v.key);
  for (const test::KernelVariant& c : covered_variants()) listed.insert(c.key);
  EXPECT_EQ(listed, covered_keys);
  // The registry has a kernel (CompiledVariant::kernel) for those modules and no other.
  std::set<std::string> with_kernel;
  for (const test::KernelVariant& c : test::kernel_variants()) with_kernel.insert(c.key);
  EXPECT_EQ(with_kernel, covered_keys);
  for (const char* key : {"chess", "capablanca", "grand", "obento", "terachess2", "crazyhouse", "seirawan", "shogi", "minishogi", "kyotoshogi",
                          "placement", "shinobi", "sittuyin", "extramove", "3check"})
    EXPECT_TRUE(covered_keys.count(key)) << key;
}

// Positions where the kernel's special cases decide at the root: e.p. captures that are legal,
// that expose the royal piece along a rank, or that take a checking pawn; castling through or
// into attacked squares; promotions with and without recoup choices. Obento (a 192-bit word):
// a Ship's bent check (F to f4, then down the f-file), pieces of ours on its turning square and
// on its slide (tested move by move), a Pawn's triple step next to an enemy Pawn, castling
// three steps with the Rooks on the second rank. Terachess II (256 squares): a Cannon's check over
// a Pawn; a Rook that is the only screen between Cannon and King (pinned to the file) and one
// stepping onto an open Cannon line (a screen: refused); a Sorceress's diagonal check over a
// Pawn; King jumps through and beside attacked squares (both routes of a knight jump); a Troll's
// H-leap to the last rank (no promotion) beside its promoting step and capture. Crazyhouse: a
// double check by a Knight and a Rook (no drop), a Knight's check (no drop blocks it), a Rook's
// check along Black's last rank (a Knight may block it, a Pawn may not be dropped there), an e.p.
// capture into the hand, a promotion by capture (to a Q~), a King taking a checking q~ into a
// hand full of Pawns (kMaxHand: it stays full), and a King in hand (beyond the kernel: the move
// generator counts it). Seirawan (a gating move is legal when the move alone is): a Bishop's
// check that pieces from gating squares block, gating as they go; a Rook's check along the first
// rank, where the King's gate on e1 would shield f1 but does not make Kf1 legal; a King on f1
// castling onto h1, its partner's square, where it may not gate (by fairygen's castling rule:
// Fairy-Stockfish puts the King on g1, so this is no perft entry); castling with one type in hand and
// the other side's hand empty (its rights gone); a Pawn's e.p. capture and promotions beside
// gates, a Knight that takes a Rook on its gating square, and Pawns with gating rights on the
// first rank (their moves are counted set-wise, by offset).

std::vector<std::string> special_positions(const std::string& key) {
  if (key == "chess")
    return {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
            "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"};
  if (key == "capablanca")
    return {"r4k3r/1P8/10/2pP6/10/10/6p3/R4K3R w KQkq c6 0 1", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
            "r4k3r/10/10/10/10/3b6/10/R4K3R w KQkq - 0 1"};
  if (key == "grand")
    return {"r8r/1nbqkcabn1/pppp1ppppp/10/10/3Pp5/10/PPP1PPPPPP/1NBQKCABN1/R8R b - d4 0 1",
            "4k5/P1P7/10/10/10/10/10/10/4K5/10 w - - 0 1", "r3k4r/1P8/10/10/10/10/10/10/6p3/R3K4R w - - 0 1"};
  if (key == "obento")
    return {"11k/12/12/12/12/12/12/4s7/12/R11/12/5K6 w - - 0 1", "11k/12/12/12/12/12/12/4s7/5M6/12/12/5K6 w - - 0 1",
            "11k/12/12/12/12/12/12/4s7/12/5B6/12/5K6 w - - 0 1", "11k/12/12/12/12/12/3p8/12/12/4P7/12/5K6 w - - 0 1",
            "12/r5k4r/12/12/12/12/12/12/12/12/R5K4R/12 w KQkq - 0 1"};
  if (key == "crazyhouse")
    return {"4k3/8/8/8/8/5n2/8/r3K3[QNPq] w - - 0 1", "4k3/8/8/8/8/3n4/8/4K3[QRPq] w - - 0 1",
            "R3k3/8/8/8/8/8/8/4K3[pn] b - - 0 1", "R3k3/8/8/8/8/8/8/4K3[p] b - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[Nn] w KQkq f6 0 3", "r3k3/1P6/8/8/8/8/8/4K3[Q] w - - 0 1",
            "4k3/8/8/8/8/8/8/3q~K2Q~[" + std::string(kMaxHand, 'P') + "] w - - 0 1",
            "k7/8/8/8/8/8/8/8[K] w - - 0 1"};
  if (key == "seirawan")
    return {"rnbqk1nr/pppp1ppp/8/4p3/1b6/3P4/PPP1PPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdg - 0 3",
            "4k3/8/8/8/8/8/8/r3K2R[H] w K - 0 1", "4k3/8/8/8/8/8/8/5K1R[H] w K - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R[H] w KQkq - 0 1",
            "r3k2r/1P6/8/3pP3/8/8/8/R3KB1R[He] w KQFkq d6 0 1",
            "r3k1nr/8/8/8/8/6n1/8/RN2K2R[HEe] b KQBkqg - 0 1", "4k3/8/8/8/8/8/8/1P2K2P[H] w BEH - 0 1"};
  if (key == "terachess2")
    return {"15k/16/16/16/16/16/16/16/4c11/16/16/16/4P11/16/16/4K11 w K - 0 1",
            "15k/16/16/16/16/16/16/16/4c11/16/16/16/4R11/16/16/4K11 w K - 0 1",
            "15k/16/16/16/16/16/16/16/4c11/16/16/16/16/1R14/16/4K11 w K - 0 1",
            "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/5P10/4K6o4 w K - 0 1",
            "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/o3K11 w K - 0 1",
            "5r9k/16/16/16/16/16/16/16/16/16/16/4K11/16/16/16/16 w K - 0 1",
            "15k/16/16/16/16/16/16/16/16/16/16/4K11/16/16/b15/16 w K - 0 1",
            "11r3k/10T5/16/3T12/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1"};
  // Shogi: Pawns of ours on two files and a Pawn, Lance and Knight in hand (no doubled Pawns, no
  // dead drops) while in a Rook's check that drops may block; Silver, Rook and Bishop in the zone
  // (promoting on the way out), a Lance and a Knight whose promotion turns compulsory, and the same
  // for Black; a Pawn drop that mates; a Knight's check with Pawns in hand (no drop helps); an
  // opening with Pawns in contact on two files (its games capture into the hands).
  if (key == "shogi")
    return {"lnsgkgsnl/1r5b1/p1ppppp1p/9/1p5p1/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL[] w - - 0 1","4k4/9/9/9/9/9/P3P4/9/r3K4[PLNG] w - - 0 1", "4k4/9/2S3R1B/L1N6/9/9/9/9/4K4[] w - - 0 1",
            "4k4/9/9/9/9/6r2/4s4/9/4K4[p] b - - 0 1", "kn7/9/1G7/9/9/9/9/9/4K4[P] w - - 0 1",
            "4k4/9/9/9/9/9/3n5/9/4K4[PP] w - - 0 1"};
  // Minishogi (a 25-square board, one rank of zone): a Silver stepping back out of the last rank,
  // a Pawn on the a-file with another in hand, Black's Silver likewise.
  if (key == "minishogi") return {"k1S2/5/5/P4/4K[P] w - - 0 1", "k4/5/5/5/1s2K[p] b - - 0 1", "k4/5/5/5/r3K[PS] w - - 0 1"};
  // Kyoto shogi: full hands for Black (each piece dropped on either face, anywhere); a Pawn's
  // check (+P, a Rook, from a1) that drops of either face may block; a Silver next to the King
  // that turns into a Bishop as it takes.
  if (key == "kyotoshogi")
    return {"k4/5/5/5/4K[NLPSnlps] b - - 0 1", "k4/5/5/5/+p3K[LS] w - - 0 1", "k4/1S3/5/5/4K[p] w - - 0 1"};
  // Placement (its perft entries hold the rest): Black's King not dropped where a Bishop
  // attacks (a8, c8); one Bishop placed on each colour and room left on both; a Queen's check
  // on the first rank that drops may block, with a Rook to drop in a corner beside the King.
  if (key == "placement")
    return {"8/1B6/8/8/8/8/8/4K3[qk] b - - 0 1", "8/pppppppp/8/8/8/8/PPPPPPPP/2B2B2[KQRRNNkqrrbbnn] w - - 0 1",
            "8/pppppppp/8/8/8/8/PPPPPPPP/q3K3[RRBBk] w - - 0 1"};
  // Shinobi: White's King on the flag with Black to move and a Monk in hand (the game has
  // ended: no drop either); a Rook's check along the first rank that White's drops may block.
  if (key == "shinobi") return {"3K4/8/8/8/8/8/1k6/8[m] b - - 0 1", "4k3/8/8/8/8/8/8/r3K3[LM] w - - 0 1"};
  // Extra Move Chess (the FEN's last field: the later move and the square of the piece that made
  // the first): a Knight that moved first and may not move again; a Knight that may not take on
  // its later move; an e.p. capture at Black's first move after White's double step; castling
  // at a later move; a Rook's check at a first move; a Knight pinned at a later move.
  if (key == "extramove")
    return {"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2 2:f3",
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 2:e4",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "r3k2r/pppppppp/8/8/8/P7/1PPPPPPP/R3K2R w KQkq - 0 5 2:a3",
            "4k3/8/8/8/8/8/4r3/4K3 w - - 0 5", "4k3/4r3/8/8/8/P7/4N3/4K3 w - - 0 5 2:a3"};
  // 3check: White one check from winning (its Rook's checks end the game, a check by castling
  // too), Black's last check given already (the game has ended), and a discovered check.
  if (key == "3check")
    return {"4k3/8/8/8/8/8/8/R3K3 w Q - 1+2 0 1", "4k3/8/8/8/8/8/8/R3K3 w Q - 2+0 0 1", "3k4/8/8/8/8/8/3N4/3RK3 w - - 2+2 0 1"};
  // Racing kings: the Knight in front of the Bishop may not move (a discovered check), the Rook
  // not onto the h-file or the 8th rank; Black may follow the White King onto the 8th rank (once
  // with its King's step, once blocked so that the game has ended); both Kings there.
  if (key == "racingkings")
    return {"7k/6N1/8/8/3B4/8/8/K3R3 w - - 0 1", "6K1/1k6/8/8/8/8/8/8 b - - 0 1", "6K1/8/1k6/8/8/8/8/8 b - - 0 1",
            "k5K1/8/8/8/8/8/8/8 w - - 0 1", "6K1/1k6/8/8/8/8/8/r7 b - - 0 1"};
  // Antichess: an e.p. capture the only capture (so compulsory), a capture that promotes; a
  // side with no piece left (the game has ended).
  if (key == "antichess")
    return {"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 1", "1n6/P7/8/8/8/8/8/7k w - - 0 1",
            "8/8/8/8/8/8/8/4K3 w - - 0 1"};
  // Losers: a capture out of check the only move kind; the King alone (the game has ended); an
  // opening whose games reach captures soon.
  if (key == "losers")
    return {"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "4k3/8/8/8/8/8/3p4/R3K3 w Q - 0 1", "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3"};
  // Extinction: Black without a Queen (ended), castling by a King (a commoner) under attack.
  if (key == "extinction")
    return {"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "r3k2r/pppppppp/8/8/8/8/P1PPPP1P/R3K2R w KQkq - 0 1",
            "r3k2r/p1pppp1p/4q3/8/8/4Q3/P1PPPP1P/RNB1K1NR w KQkq - 0 1"};
  // Horde: White's pawns double-step from their first two ranks; one from its first rank leaves
  // no e.p. square, one from its second does.
  if (key == "horde")
    return {"rnbqkbnr/pppppppp/8/8/2p5/8/1P6/PPP5 w kq - 0 1", "4k3/8/8/8/2p5/8/1P6/P7 w - - 0 1"};
  // Atomic (runtime/bitboard/explosions.hpp): the Kings side by side, White's attacked by a Rook
  // along the file (no check: the King steps along it, and onto squares the Rook attacks next
  // to the black King; other pieces move freely); the same with a Bishop whose pin of a Knight
  // does not hold (the Knight may leave the diagonal); the white King in a Rook's check that a capture exploding the
  // black King ends (legal although the check stands), or a capture exploding the Rook; castling
  // next to the black King (through and onto squares it touches), and across a square a Rook
  // attacks through the white King's own (lifted there: refused; touching the black King, the
  // King's own square is never attacked); an e.p. capture that blows
  // up the black Queen, and a Pawn's promoting captures beside the black King.
  if (key == "atomic")
    return {"4r3/8/8/8/8/3kK3/8/1N5R w - - 0 1", "8/8/7b/8/5N2/3kK3/8/8 w - - 0 1",
            "4r3/3n4/2k5/8/8/8/3R4/4K1B1 w - - 0 1", "8/8/8/8/8/8/5k2/R3K2R w KQ - 0 1",
            "8/8/8/8/8/8/3k4/r3K2R w K - 0 1", "4k3/8/8/2qpP3/8/8/8/4K3 w - d6 0 1",
            "1r1k4/P1P5/8/8/8/8/8/4K3 w - - 0 1"};
  // Synochess (the flying general): a Knight, a Soldier and a Bishop between the Kings on the
  // d-file (pinned to it), a King that may not step onto the other's file or rank with nothing
  // between, O-O past f1 that faces the black King, a Cannon's check over a Soldier beside a
  // facing line, Black's Soldiers dropped to block a Queen's check on the file; and Cannons
  // that neither hop over nor take a Cannon: White's Cannon stepping onto the file between
  // Black's Cannon and the white King (no screen for it), a Rook taking a Cannon there from off
  // the file (a screen in its place: refused), a Cannon dropped onto that file (no screen), and
  // a Horse (nN) whose leg is blocked beside one whose leap checks.
  // Ouk Chatrang (first-move rights): a King with its right in a Rook's check (no leap), one
  // whose leaps land beside a Rook's file, a Met pinned along the first rank (no double step),
  // a Met whose double step blocks a Rook's check, and both sides' rights with Rooks about.
  if (key == "cambodian")
    return {"4k3/8/8/8/8/8/8/r2K4 w D - 0 1", "4k3/8/8/8/8/4r3/8/3K4 w D - 0 1", "7k/8/8/8/8/8/8/r2MK3 w D - 0 1",
            "4k3/8/8/8/8/r3K3/8/3M4 w D - 0 1", "r2km3/8/8/8/8/8/8/R2KM2R w DEde - 0 1"};
  // Xiangqi: Soldiers past the river checking sideways and one before it (forward only), a
  // General at its palace's edge beside an Advisor, an Elephant whose eye is blocked and one at
  // the river (it may not cross), a Horse whose leg is blocked beside one that checks.
  // Chak: a King about to enter the far half beside a Rook (it becomes a Divine King there), a
  // King in the far half that promotes on every move, out of it too (a Divine King outside its
  // region, which may only step back in), and a Divine King near the flag beside the black King.
  if (key == "chak")
    return {"4k4/9/9/9/3r5/4K4/9/9/9 w - - 0 1", "4k4/9/9/2P6/4K4/9/9/9/9 w - - 0 1",
            "4k4/9/3+K5/9/9/9/9/9/9 w - - 0 1"};
  if (key == "xiangqi")
    return {"4k4/9/9/9/9/3Pp4/9/9/9/4K4 b - - 0 1", "3k5/9/9/9/2pP5/9/9/9/9/4K4 w - - 0 1",
            "4k4/9/9/9/9/9/9/3A5/9/3K5 w - - 0 1", "4k4/9/9/9/9/2b6/9/4B4/3P5/4K4 w - - 0 1",
            "4k4/9/9/9/9/9/4n4/4P4/9/3K5 w - - 0 1", "4k4/9/9/9/9/9/9/5n3/9/4K4 w - - 0 1"};
  if (key == "synochess")
    return {"3k4/8/8/8/3N4/8/8/3K4 w - - 0 1", "3k4/8/8/3s4/8/8/8/3K4 b - - 0 1", "3k4/8/8/8/3B4/8/8/3K4 w - - 0 1",
            "4k3/8/8/8/8/8/8/3K4 w - - 0 1", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "3k4/8/8/8/8/8/8/4K2R w K - 0 1",
            "2k5/8/8/2c5/8/2S5/8/2K2R2 w - - 0 1", "3k4/8/8/8/8/8/8/3QK3[ss] b - - 0 1",
            "2c1k3/8/8/3P3C/8/2K5/8/R7 w - - 0 1", "2c1k3/8/8/2c4R/8/2K5/8/8 w - - 0 1",
            "2c1k3/8/8/8/8/2K5/8/8[C] w - - 0 1", "4k3/8/8/8/3h4/2P5/4K3/8 w - - 0 1", "4k3/8/8/3h4/8/8/4K3/8 w - - 0 1"};
  return {};
}

class KernelAgrees : public ::testing::TestWithParam<test::KernelVariant> {};

TEST_P(KernelAgrees, WithTheInterpreterAlongRandomGames) {
  const test::KernelVariant& v = GetParam();
  // Obento's interpreter perfts take longest; a variant without special positions plays four
  // games, as do those on boards of 25 squares or fewer (minishogi, Kyoto shogi: their games are
  // cheap, and two per position captured into the hands too seldom) and placement (cheap too).
  const VariantInfo& info = find_compiled(v.key)->info();
  const bool small = info.geo.files * info.geo.ranks <= 25;
  const int games = v.key == "obento" ? 1 : special_positions(v.key).empty() || small || info.hands.must_drop ? 4 : 2;
  test::KernelReach reach;
  EXPECT_GE(test::expect_kernel_agrees(v, FAIRY_SPEC_PATH, special_positions(v.key), games, 20, &reach), 50);
  // With hands, the games must have played into checks with a piece in hand and captured into
  // hands (seeded, the same in every build since the moves are sorted before one is picked:
  // crazyhouse 17 and 95, shogi 11 and 51, minishogi 20 and 98, kyotoshogi 24 and 63).
  const HandRule& hands = find_compiled(v.key)->info().hands;
  if (hands.enabled && hands.captures) {
    EXPECT_GE(reach.checks_with_hand, 10);
    EXPECT_GE(reach.captures_into_hand, 50);
    std::printf("%s: %d checks with a piece in hand, %d captures into a hand\n", v.key.c_str(), reach.checks_with_hand,
                reach.captures_into_hand);
  }
  // With explosions, they must have blown up pieces besides the capturer and the captured one,
  // exploded Kings (ending their games) and had the Kings side by side under attack (seeded:
  // 21, 9 and 7).
  if (find_compiled(v.key)->info().explosions.enabled) {
    EXPECT_GE(reach.explosions, 5);
    EXPECT_GE(reach.royals_exploded, 3);
    EXPECT_GE(reach.attacked_touching, 5);
    std::printf("%s: %d explosions with bystanders, %d royal pieces exploded, %d positions with the royal pieces side by side under attack\n",
                v.key.c_str(), reach.explosions, reach.royals_exploded, reach.attacked_touching);
  }
  // With placement's rules, they must have met drops that give castling rights (then checked
  // to depth 2: castling after them included) and drops barred by the Bishops'
  // colours or attacks on a King's square (seeded: 31 and 109). (Sittuyin's drops, compulsory
  // too, give no castling rights and are barred by nothing its games reach.)
  if (hands.must_drop && hands.castling_file >= 0 && hands.opposite_colours) {
    EXPECT_GE(reach.drops_castling, 10);
    EXPECT_GE(reach.drops_barred, 10);
    std::printf("%s: %d positions where a drop gives castling rights, %d with drops barred\n", v.key.c_str(),
                reach.drops_castling, reach.drops_barred);
  }
  // With promotions that are moves of their own, they must have met positions where some are
  // legal (from the perft entries' positions: promotions in place and by a step, beside pins,
  // checks and discovered checks; seeded: 93).
  bool in_place = false;
  for (const PromotionRule& r : info.promotions) in_place |= r.in_place;
  if (in_place) {
    EXPECT_GE(reach.in_place_promotions, 20);
    std::printf("%s: %d positions with promotions that are moves of their own\n", v.key.c_str(), reach.in_place_promotions);
  }
  // With n-check, games must have ended by checks (seeded: 4).
  if (info.ends.checks) {
    EXPECT_GE(reach.checks_won, 3);
    std::printf("%s: %d games won by checks\n", v.key.c_str(), reach.checks_won);
  }
  // With turns of two moves, they must have met later moves (seeded: 258 of 522 positions).
  if (info.turn.moves > 1) {
    EXPECT_GE(reach.later_moves, 20);
    std::printf("%s: %d positions at a later move of a turn\n", v.key.c_str(), reach.later_moves);
  }
  // With gating, they must have gated, gated in check and had gating castlings to count.
  if (hands.gating) {
    EXPECT_GE(reach.gating_played, 10);
    EXPECT_GE(reach.gating_in_check, 3);
    EXPECT_GE(reach.gating_castling, 3);
    std::printf("%s: %d gating moves played, %d positions in check with gates, %d with gating castlings\n",
                v.key.c_str(), reach.gating_played, reach.gating_in_check, reach.gating_castling);
  }
}

INSTANTIATE_TEST_SUITE_P(Covered, KernelAgrees, ::testing::ValuesIn(covered_variants()),
                         [](const auto& info) { return info.param.key; });

// A board with a hole is beyond the kernel: Rules::perft, the legal moves and the attacks are
// the interpreter's there.
TEST(Kernel, BoardWithHoleFallsBackToTheInterpreter) {
  const auto engine = find_compiled("chess")->engine();
  Position pos(engine->variant());
  pos.set_fen("rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const Interpreter interpreter(pos.variant());
  const KernelDispatch rules(find_compiled("chess")->kernel());  // the module's Rules::perft
  EXPECT_FALSE(find_compiled("chess")->kernel().perft(pos, 1)) << "the kernel cannot hold it";
  EXPECT_EQ(rules.perft(pos, 3), fairy::perft(pos, interpreter, 3));
  EXPECT_EQ(rules.perft(pos, 1), 19u) << "d2-d4 would land in the hole";
  MoveList moves;
  engine->legal_moves(pos, moves);
  EXPECT_EQ(moves.size, 19);
  const Geometry& g = pos.geo();
  for (int r = 0; r < g.ranks; ++r)
    for (int f = 0; f < g.files; ++f)
      for (const Color by : {White, Black})
        EXPECT_EQ(engine->attacked(pos, g.square(f, r), by), interpreter.attacked(pos, g.square(f, r), by)) << f << r;
  EXPECT_TRUE(engine->attacked(pos, g.square(2, 2), White)) << "c3, by the Knight and the Pawns";
  EXPECT_FALSE(engine->attacked(pos, g.square(3, 4), White)) << "d5";
}

// ---------------------------------------------------------------- sliders

// The references: step along direction d, within `range` steps (0: no limit), up to the first
// occupied square; and so along a line both ways.
template <class G>
typename G::B walk_ray(int d, int s, typename G::B occupied, int range) {
  typename G::B out = 0;
  int steps = 0;
  for (int t = G::step(s, bitboard::kDx[d], bitboard::kDy[d]); t >= 0 && (range == 0 || steps < range);
       t = G::step(t, bitboard::kDx[d], bitboard::kDy[d]), ++steps) {
    out |= bitboard::bit<typename G::B>(t);
    if (occupied & bitboard::bit<typename G::B>(t)) break;
  }
  return out;
}
template <class G>
typename G::B walk(int line, int s, typename G::B occupied) {
  return walk_ray<G>(2 * line, s, occupied, 0) | walk_ray<G>(2 * line + 1, s, occupied, 0);
}
// A hop along d: past the first occupied square (the screen), up to and including the next.
template <class G>
typename G::B walk_hop(int d, int s, typename G::B occupied) {
  for (int t = G::step(s, bitboard::kDx[d], bitboard::kDy[d]); t >= 0; t = G::step(t, bitboard::kDx[d], bitboard::kDy[d]))
    if (occupied & bitboard::bit<typename G::B>(t)) return walk_ray<G>(d, t, occupied, 0);
  return 0;
}

// Folded lines (sliders.hpp: boards whose ranks lie within a lane): whole lines, each way
// within a range, and hops, against the walks.
template <class G>
void expect_folds_agree(int s, typename G::B occupied) {
  using S = bitboard::Sliders<G>;
  for (int line = 0; line < 4; ++line) {
    ASSERT_TRUE(S::folded_line_attacks(line, s, occupied) == walk<G>(line, s, occupied)) << G::files << "x" << G::ranks << " " << s;
    const typename S::Fold l = S::fold(line, s, occupied);
    for (int d : {2 * line, 2 * line + 1}) {
      for (int range : {0, 1, 2, 5})
        ASSERT_TRUE(S::unfold(line, s, S::slide_fold(l, line, 1 << (d & 1), range)) == walk_ray<G>(d, s, occupied, range))
            << G::files << "x" << G::ranks << " " << s << " direction " << d << " range " << range;
      ASSERT_TRUE(S::unfold(line, s, S::hop_fold(l, S::folds_up(d))) == walk_hop<G>(d, s, occupied))
          << G::files << "x" << G::ranks << " " << s << " hop " << d;
    }
  }
}

// The counting at the leaves reads folded lines by place (PieceMoves::count_moves): each of a
// line's places is the square unfold puts it on, and the places past its ends are none.
template <class G>
void expect_places_agree() {
  using S = bitboard::Sliders<G>;
  for (int s = 0; s < G::squares; ++s)
    for (int line = 0; line < 4; ++line) {
      const std::uint32_t places = S::places(line, s);
      ASSERT_TRUE(S::unfold(line, s, ~places) == typename G::B(0)) << G::files << "x" << G::ranks << " " << s << " line " << line;
      ASSERT_TRUE(places & (std::uint32_t(1) << S::fold(line, s, bitboard::bit<typename G::B>(s)).place));
      for (std::uint32_t rest = places; rest; rest &= rest - 1) {
        const int p = std::countr_zero(rest);
        ASSERT_TRUE(S::unfold(line, s, std::uint32_t(1) << p) == bitboard::bit<typename G::B>(S::square_at(line, s, p)))
            << G::files << "x" << G::ranks << " " << s << " line " << line << " place " << p;
      }
    }
}

template <int files, int ranks>
void expect_sliders_agree(int boards = 300) {
  using G = bitboard::Grid<files, ranks, bitboard::WordFor<files * ranks>>;
  using S = bitboard::Sliders<G>;
  using B = typename G::B;
  std::mt19937_64 rng(files * 100 + ranks);
  for (int i = 0; i < boards; ++i) {
    B occupied = 0;
    const unsigned sparse = 2 + i % 4;  // boards a half to a fifth full
    for (int s = 0; s < G::squares; ++s)
      if (rng() % sparse == 0) occupied |= bitboard::bit<B>(s);
    for (int s = 0; s < G::squares; ++s)
      for (int line = 0; line < 4; ++line) {
        const B expected = walk<G>(line, s, occupied);
        ASSERT_TRUE(S::line_attacks_by_rays(line, s, occupied) == expected) << files << "x" << ranks << " " << s;
        if constexpr (S::max_line <= bitboard::kMaxLookupLine) {
          ASSERT_TRUE(S::line_attacks_by_lookup(line, s, occupied) == expected) << files << "x" << ranks << " " << s;
        }
      }
    if constexpr (S::folds)
      for (int s = 0; s < G::squares; ++s) expect_folds_agree<G>(s, occupied);
  }
  if constexpr (S::folds) expect_places_agree<G>();
}

TEST(KernelSliders, LookupAndRaysAgreeWithAStepByStepWalk) {
  expect_sliders_agree<8, 8>();
  expect_sliders_agree<9, 7>();
  expect_sliders_agree<10, 8>();
  expect_sliders_agree<10, 10>();
  expect_sliders_agree<12, 10>();
  expect_sliders_agree<11, 11>();
  expect_sliders_agree<16, 8>();  // lines too long for the lookup: rays, and folded lines
  expect_sliders_agree<1, 12>();
}

// Folded lines on every shape of board that folds: 16 files in words of two, three and four
// lanes (16x6 leaves part of its last lane off the board), 32 files. (8 files on 16 ranks do
// not fold: a file's eight squares in a lane would not unfold apart.)
static_assert(bitboard::Sliders<bitboard::Grid<16, 16, bitboard::WordFor<256>>>::folds, "terachess2's board folds");
static_assert(!bitboard::Sliders<bitboard::Grid<8, 16, bitboard::WordFor<128>>>::folds);
// Counting at the leaves by folded lines (PieceMoves::count_moves) is what terachess2's perft
// counts and random games (above) test for the pieces that take it, and the others keep their
// target sets: a Pawn promotes, and the Eagle's bent paths fold no line.
using Tera = gen::v_terachess2::Kernel;
static_assert(Tera::pieces[1].name == "queen" && Tera::pieces[2].name == "amazon" && Tera::pieces[16].name == "sorceress" &&
              Tera::pieces[6].name == "pawn" && Tera::pieces[22].name == "eagle");
static_assert(bitboard::PieceMoves<Tera, 1, White>::counts_by_lines, "the Queen");
static_assert(bitboard::PieceMoves<Tera, 2, Black>::counts_by_lines, "the Amazon: its Knight leaps land off its lines");
static_assert(bitboard::PieceMoves<Tera, 16, White>::counts_by_lines, "the Sorceress: slides to move, hops to capture");
static_assert(!bitboard::PieceMoves<Tera, 6, White>::counts_by_lines, "the Pawn");
static_assert(!bitboard::PieceMoves<Tera, 22, White>::counts_by_lines, "the Eagle");
// Checks and pins along folded lines (Generator::find_folded_checks_and_pins) ask how far each
// type slides onto a square from each direction (looks 0-1 along its rank, 4-5 along a diagonal).
using TeraAttackers = bitboard::Attackers<Tera, Black>;
static_assert(TeraAttackers::folded_snipers);
static_assert(TeraAttackers::reach_onto[0][1] == 255 && TeraAttackers::reach_onto[5][1] == 255, "the Queen, any distance");
static_assert(TeraAttackers::reach_onto[1][3] == 255 && TeraAttackers::reach_onto[4][3] == 0, "the Rook, not along a diagonal");
static_assert(TeraAttackers::reach_onto[0][14] == 0 && TeraAttackers::reach_onto[2][14] == 0, "the Cannon captures by hops only");
static_assert(Tera::pieces[3].name == "rook" && Tera::pieces[14].name == "cannon");

// Bent checks, pins and attacks look only at the bent pieces on bent_span[s]: every square
// from which some bent type's paths (the Eagle's, the Rhinoceros's) reach s on an empty board,
// as the pieces' own moves walk them (bent_landings, then the slide), and no other square.
TEST(KernelAttacks, BentSpanHoldsWhereBentPathsReachFrom) {
  using G = bitboard::Variant<Tera>::G;
  using B = G::B;
  static_assert(TeraAttackers::bent_types == ((bitboard::TypeSet(1) << 22) | (bitboard::TypeSet(1) << 23)));
  std::vector<B> expected(G::squares, B(0));
  bitboard::for_each_index<bitboard::Variant<Tera>::types>([&](auto t) {
    if constexpr ((TeraAttackers::bent_types >> t) & 1) {
      using M = bitboard::PieceMoves<Tera, t, Black>;
      for (int from = 0; from < G::squares; ++from)
        for (B reach = M::bent_reach_on_empty_board(from); reach;) bitboard::set_square(expected[bitboard::pop_lsb(reach)], from);
    }
  });
  int spans = 0;
  for (int s = 0; s < G::squares; ++s) {
    EXPECT_TRUE(TeraAttackers::bent_span[s] == expected[s]) << "square " << s;
    spans += bitboard::popcount(expected[s]);
  }
  EXPECT_GT(spans, 0);
}
// Counting along folded lines gives, for every piece of every type that counts so, as many
// moves as its target set holds (pseudo_targets, which the move lists use), by both sides along
// random games of terachess2; among them more than 100 hemmed in along their lines, which count
// no slides without folding a line (hemmed_in). Called directly, so that the sanitizer builds
// run it too (their last ply goes through the move lists, not the counter; there every fold
// asserts that the board's kept lines, made move by move in the perfts, are its occupied
// squares').
TEST(KernelSliders, CountingAlongFoldedLinesCountsTheTargets) {
  const auto engine = find_compiled("terachess2")->engine();
  std::mt19937 rng(20261207);
  int counted = 0, hemmed = 0;
  for (int game = 0; game < 3; ++game) {
    Position pos(engine->variant());
    pos.set_start();
    for (int ply = 0; ply < 60; ++ply) {
      bitboard::Board<Tera> b;
      ASSERT_TRUE(b.load(pos));
      for (const Color c : {White, Black})
        bitboard::for_each_index<bitboard::Variant<Tera>::types>([&](auto t) {
          using M = bitboard::PieceMoves<Tera, t, White>;
          using MB = bitboard::PieceMoves<Tera, t, Black>;
          const auto check = [&]<class P>(P) {
            if constexpr (P::counts_by_lines)
              for (auto pieces = b.template pieces<t>(c); pieces;) {
                const int s = bitboard::pop_lsb(pieces);
                const auto theirs = b.color[~c];
                EXPECT_EQ(P::count_moves(b, s, b.occupied(), theirs), bitboard::popcount(P::pseudo_targets(b, s, b.occupied(), theirs)))
                    << pos.fen() << " type " << int(t) << " on " << s;
                ++counted;
                if constexpr (!P::hops_fold) hemmed += P::hemmed_in(s, b.occupied(), theirs);
              }
          };
          if (c == White) check(M{});
          else check(MB{});
        });
      if (::testing::Test::HasFailure()) return;
      MoveList moves;
      engine->legal_moves(pos, moves);
      if (moves.size == 0) break;
      pos.make(moves[rng() % moves.size]);
    }
  }
  EXPECT_GT(counted, 1000);
  EXPECT_GT(hemmed, 100);
}

TEST(KernelSliders, FoldedLinesAgreeWithAStepByStepWalk) {
  expect_sliders_agree<16, 16>(40);
  expect_sliders_agree<16, 12>(40);
  expect_sliders_agree<16, 6>(60);
  expect_sliders_agree<32, 8>(40);
}

// Grid::shift<dx, dy> of random sets against moving each square by itself (Grid::step): the
// integer words, and the words of three and four lanes (12x12, 16x16), whose shift by a whole
// number of lanes and bits runs on vector registers (bitboard.hpp's shifted).
// (Each vector's shift is a template of its own; the loop around it is one function a board.)
template <class G>
void expect_shift_agrees(std::mt19937_64& rng, int dx, int dy, typename G::B (*shift)(typename G::B)) {
  using B = typename G::B;
  for (int i = 0; i < 50; ++i) {
    B set = 0, expected = 0;
    for (int s = 0; s < G::squares; ++s)
      if (rng() % 2) {
        set |= bitboard::bit<B>(s);
        if (const int t = G::step(s, dx, dy); t >= 0) expected |= bitboard::bit<B>(t);
      }
    const B shifted = shift(set);
    ASSERT_TRUE(shifted == expected) << G::files << "x" << G::ranks << " by (" << dx << "," << dy << ")";
  }
}

template <int files, int ranks>
void expect_shifts_agree() {
  using G = bitboard::Grid<files, ranks, bitboard::WordFor<files * ranks>>;
  std::mt19937_64 rng(files * 100 + ranks);
  // Every kernel leap and bent step is at most 4 squares a way: shifts by up to four ranks, that
  // is up to a whole lane of a 16-file board, and by odd numbers of bits across lanes.
  [&]<int... i>(std::integer_sequence<int, i...>) {
    (expect_shift_agrees<G>(rng, i % 9 - 4, i / 9 - 4, [](typename G::B set) { return G::template shift<i % 9 - 4, i / 9 - 4>(set); }),
     ...);
  }(std::make_integer_sequence<int, 81>{});
}

TEST(KernelShift, AgreesWithMovingEachSquare) {
  expect_shifts_agree<8, 8>();
  expect_shifts_agree<10, 8>();
  expect_shifts_agree<12, 12>();
  expect_shifts_agree<16, 16>();
  expect_shifts_agree<13, 13>();
}

// ---------------------------------------------------------------- attack groups

template <class A>
bitboard::TypeSet slide_group(int line) {
  for (int g = 0; g < A::groups.slides; ++g)
    if (A::groups.slide[g].slide.line == line && A::groups.slide[g].slide.whole_line()) return A::groups.slide[g].types;
  return 0;
}

TEST(KernelAttacks, PiecesThatCaptureAlikeShareOneLookup) {
  using D = gen::v_capablanca::Kernel;
  using A = bitboard::Attackers<D, White>;
  const VariantInfo& info = gen::v_capablanca::kCompiled.info();
  auto types = [&info](std::string letters) {
    bitboard::TypeSet set = 0;
    for (char l : letters) set |= bitboard::TypeSet(1) << info.type_of_letter(l);
    return set;
  };
  EXPECT_EQ(slide_group<A>(0), types("QRC")) << "ranks";
  EXPECT_EQ(slide_group<A>(1), types("QRC")) << "files";
  EXPECT_EQ(slide_group<A>(2), types("QBA")) << "diagonals";
  EXPECT_EQ(slide_group<A>(3), types("QBA")) << "anti-diagonals";
  EXPECT_EQ(A::groups.slides, 4);
  std::set<bitboard::TypeSet> leapers;
  for (int g = 0; g < A::groups.leaps; ++g) leapers.insert(A::groups.leap[g].types);
  EXPECT_EQ(leapers, (std::set<bitboard::TypeSet>{types("K"), types("NAC"), types("P")}));
}

}  // namespace
