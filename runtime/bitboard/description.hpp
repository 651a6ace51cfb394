// What a generated module tells the bitboard kernel about its variant: plain constexpr data with
// named fields, written out by fairygen from the variant model (generator/emit/kernel.cpp). The
// pieces' moves are the compiled XBetza paths themselves (runtime/program.hpp's Leg), so the
// kernel derives its tables from the same legs the interpreter and the mailbox code walk.
//
// A description D is a class with these static constexpr members:
//   using Word = std::uint64_t, unsigned __int128 or Lanes<n>;  // chosen by fairygen for the board size
//   int files, ranks;
//   PieceDesc pieces[];            // in the model's type order (type t is pieces[t])
//   const VariantData& rules;      // the variant's record (runtime/variant_data.hpp), as the module
//                                  // states it: castling, promotions, start_fen, turn, ends, ...
//   HandDesc hands;                // pieces in hand (crazyhouse); hands.enabled false: none
// The kernel reads the rules as they are; those it has code for only where a variant has them
// (the traits below) cost the variants without them nothing. Only variants that pass fairygen's
// coverage test (generator/model/coverage.hpp) get one.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "runtime/bitboard/shapes.hpp"
#include "runtime/fen_board.hpp"
#include "runtime/program.hpp"
#include "runtime/types.hpp"
#include "runtime/variant_info.hpp"

namespace fairy {
struct VariantData;  // runtime/variant_data.hpp, which includes this
}  // namespace fairy

namespace fairy::bitboard {

// Moves a piece has instead of its own while it stands on a square of `on` (PieceInfo's
// moves_on), per colour.
struct SquareMovesDesc {
  std::array<SquareWords, 2> on{};
  std::string_view betza{};  // the XBetza source, for messages and comments
  std::array<std::span<const PathDesc>, 2> paths;
};

// A set of squares as a description writes it (SquareWords: a region, a moves_on entry's squares,
// the flag's) as a kernel board of B, of `squares` squares.
template <class B>
constexpr B board_of(const SquareWords& words, int squares) {
  B out{};
  for (int s = 0; s < squares; ++s)
    if (holds(words, s)) set_square(out, s);
  return out;
}

// A piece as a generated module declares it, once for the kernel and the model (PieceInfo, which
// runtime/variant_data.hpp's model_of makes of it): the fields mean what PieceInfo's do.
struct PieceDesc {
  std::string_view name{};  // its catalogue name
  char letter = '?';  // its FEN letter (White's, upper case)
  char mark = 0;      // with its FEN mark: '+' before the letter or '~' after it (PieceInfo::mark), if any
  std::string_view betza{};  // the XBetza source, for messages and comments
  bool royal = false;
  bool ep_victim = false;  // its multi-square non-capturing moves leave e.p. squares
  bool resets_clock = false;  // its moves reset the halfmove clock (as an e.p. victim's do)
  bool safe_passage = false;  // moves of more than one square need safe passage (royal pieces only)
  int initial_ranks = 0;      // >0: unmoved (XBetza `i`) on its side's first ranks, not its start squares
  int value = 0;              // centipawns (spec `value:`); 0: estimated
  // PieceInfo's no_hop_over and no_capture (the janggi cannon): bit t, the piece types it may
  // not use as a hop's screen, and those it may not capture.
  std::uint64_t no_hop_over = 0, no_capture = 0;
  int unpromoted = -1;  // a promoted piece (hands): the type it returns to a hand as; -1: none
  // PieceInfo's region, when `confined`: no move of the piece ends outside it, and it attacks no
  // square outside it. Per colour.
  bool confined = false;
  std::array<SquareWords, 2> region{};
  // Its moves on some squares instead of `paths` (the first entry holding the square wins): for
  // pieces that only leap (coverage.cpp), so its leap tables are made square by square.
  std::span<const SquareMovesDesc> moves_on{};
  std::array<std::span<const PathDesc>, 2> paths;  // per colour (Black's already mirrored; runtime/program.hpp)
};

// The rules below have kernel code only where a variant has them (D::rules says which):
// game ends (runtime/bitboard/ends.hpp: rules.ends.extinction, rules.ends.flag) and e.p. squares
// only on some ranks (rules.ep_ranks, bit r: on the mover's rank r + 1; Make::leave_ep_squares).
// ExtinctionRule: a side is extinct when it has `count` or fewer of some type of `types` (or of
// all its pieces together, `all`) while the opponent keeps at least `opponent_count` of it (one
// more for the side to move with `claim`: bare king).

// Explosions (runtime/variant_info.hpp's ExplosionRule, explode:, atomic; runtime/bitboard/
// blast.hpp, explosions.hpp): a capture removes the capturer and every piece on the 8 squares
// around the square captured on but those of the spared types.
template <class D>
constexpr bool captures_explode = D::rules.explosions.enabled;

// Turns of two moves (runtime/variant_info.hpp's TurnRule, Extra Move Chess; their paths per
// phase: PhasePaths in pieces.hpp; the phase that moves: perft_in_phase and perft_after_move in
// perft.hpp). Each turn has a first move and an optional later one (a pass ends the turn early),
// White's first turn `first_turn_moves` (1 or 2); a later move captures nothing and, without
// later_same_piece, is not made by the piece that made the first.
template <class D>
constexpr bool has_turns = D::rules.turn.moves != 1;
// The flying general (runtime/variant_info.hpp's flying_general, synochess). A royal piece
// attacks the other along a file or rank with nothing between (attacks.hpp's facing): a check, a
// pin and a square barred to the royal piece like any slider's.
template <class D>
constexpr bool royals_fly = D::rules.flying_general;
// First-move rights (runtime/variant_info.hpp's FirstMove, Ouk Chatrang; first_moves.hpp), the
// record's first_moves: a piece of `type` on a square of its side's first rank that keeps its
// side's right (Board's gates) may also make these non-capturing leaps onto empty squares (not
// while in check when in_check is false). A right goes with the piece that leaves its square or
// is taken on it, and the enemy's goes when a piece of a lost_to type lands where one of its
// single-leg captures would reach that piece on an empty board.
struct FirstMoveDesc {
  int type = -1;
  std::string_view betza{};  // the XBetza source, for messages and comments
  std::array<std::span<const PathDesc>, 2> paths;  // per colour: single leaps that only move
  bool in_check = true;
  std::uint64_t lost_to = 0;  // bit t: piece type t
};
template <class D>
constexpr bool has_first_moves = !D::rules.first_moves.empty();
// n-check (runtime/variant_info.hpp's EndRules::checks; ends.hpp, perft.hpp).
template <class D>
constexpr bool counts_checks = D::rules.ends.checks != 0;

// Pieces in hand (VariantInfo::hands, runtime/hand.hpp) of the crazyhouse kind: a captured piece
// joins the captor's hand as hand_type of its type (a promoted piece as the type it promoted
// from), and a drop of a piece in hand onto an empty square of its drop ranks is a move; with
// shogi's drop rules, not onto a file holding an unpromoted piece of that type of the side
// (no_doubled) nor where the piece could never move (no_dead_drops), and with kyoto shogi's also
// as its promoted face (drop_promoted: VariantInfo::drop_face); with placement's rules, a side
// holding pieces must drop while it can (must_drop), its royal piece starts in hand
// (royal_drops), the opposite_colours types are dropped so they can stand half on each square
// colour, and the royal piece dropped on castling_file may castle with partners dropped in the
// corners; or of the seirawan kind: a piece leaving a square of its first rank that keeps its
// gating right may bring a piece from the hand onto it (gating).
// Its rules are the model's HandRule; what the model derives from its pieces for them is HandTypes.
struct HandTypes {
  std::array<std::int8_t, kMaxPieceTypes> hand_type{};  // by type: what a captured piece returns to a hand as
  std::array<std::int8_t, kMaxPieceTypes> drop_face{};  // by type, with drop_promoted: -1 none
  bool royal_drops = false;  // the royal piece may be in hand (before it is placed)
};
struct HandDesc : HandRule, HandTypes {};

// A variant's description, as a generated module names it (`using Kernel =
// bitboard::Description<std::uint64_t, 8, 8, pieces_chess::kPieces, kVariant>;`): the word and
// the board's size, the pieces' table of the variants with these pieces (their group's header,
// <name>.pieces.hpp, which boards of every size share), the variant's record and its hands.
inline constexpr HandDesc kNoHands{};
template <class W, int kFiles, int kRanks, const auto& kPieceTable, const VariantData& kRules, const HandDesc& kHands = kNoHands>
struct Description {
  using Word = W;
  static constexpr int files = kFiles;
  static constexpr int ranks = kRanks;
  static constexpr const auto& pieces = kPieceTable;
  static constexpr const VariantData& rules = kRules;
  static constexpr const HandDesc& hands = kHands;
};

// The pieces of a FEN's board (its first field; hands in [...] after it are not the board's) on
// the board of description D, by kernel square (rank * files + file): kEmpty or make_piece(colour,
// type), each piece written as D::pieces has it, its letter upper case for White, with its mark.
// Anything else, or not files x ranks squares, stops the compiler.
template <class D>
constexpr std::array<Piece, std::size_t(D::files * D::ranks)> fen_board(std::string_view fen) {
  struct Reader {
    std::array<Piece, std::size_t(D::files * D::ranks)> board{};
    constexpr Piece piece(char letter, char mark, std::size_t) const {
      const Color c = letter >= 'a' && letter <= 'z' ? Black : White;
      const char upper = c == Black ? char(letter - 'a' + 'A') : letter;
      for (int t = 0; t < int(D::pieces.size()); ++t)
        if (D::pieces[std::size_t(t)].letter == upper && D::pieces[std::size_t(t)].mark == mark) return make_piece(c, t);
      throw "fen_board: not a piece of the variant";
    }
    constexpr void put(int file, int rank, Piece p) { board[std::size_t(rank * D::files + file)] = p; }
    constexpr void hole(int, int) { throw "fen_board: a hole"; }
    constexpr bool hands(std::size_t) const { return true; }
    [[noreturn]] constexpr void fault(FenBoardFault, const FenBoardPlace&) const { throw "fen_board: not files x ranks squares"; }
  } reader;
  read_fen_board(fen.substr(0, fen.find(' ')), D::files, D::ranks, reader);
  return reader.board;
}

}  // namespace fairy::bitboard
