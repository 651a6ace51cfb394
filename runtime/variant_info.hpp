// The variant model as the runtime sees it: plain data, produced by the generator's model stage
// and either emitted as C++ (generated modules) or built at run time from a YAML file
// (the interpreter). Both routes end in finalize(), which derives the lookup tables.
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/back_legs.hpp"
#include "runtime/geometry.hpp"
#include "runtime/program.hpp"
#include "runtime/square_names.hpp"
#include "runtime/types.hpp"

namespace fairy {

// A set of mailbox squares (regions: where a piece may move, where it has other moves).
using SquareSet = std::bitset<kMaxSquares>;
// The squares of g that `names` names (runtime/square_names.hpp: "d1-f3 e4"), as a generated
// module's model writes a set.
inline SquareSet square_set(const Geometry& g, std::string_view names) {
  SquareSet set;
  for_each_named(g, names, [&set](Square s) { set.set(std::size_t(s)); });
  return set;
}
// The squares of g in `words` (runtime/square_names.hpp's SquareWords, as a generated module
// states a set), as the model's set.
inline SquareSet square_set(const Geometry& g, const SquareWords& words) {
  SquareSet set;
  for_each_held(g, words, [&set](Square s) { set.set(std::size_t(s)); });
  return set;
}
// The same as a list, in the order named.
inline std::vector<Square> square_list(const Geometry& g, std::string_view names) {
  std::vector<Square> list;
  for_each_named(g, names, [&list](Square s) { list.push_back(s); });
  return list;
}

// Moves a piece has instead of its own while it stands on a square of `on` (spec `moves_on:`).
struct SquareMoves {
  std::array<SquareSet, 2> on;          // per colour
  std::string betza;                    // the XBetza source, for messages and comments
  std::array<PieceProgram, 2> program;  // per colour
  friend bool operator==(const SquareMoves&, const SquareMoves&) = default;
};

struct PieceInfo {
  std::string name;                   // catalogue name, e.g. "knight"
  char letter = '?';                  // upper-case FEN letter (White); Black uses lower case
  std::string betza;                  // the XBetza source, for messages and comments
  bool royal = false;                 // must not be left attacked
  bool ep_victim = false;             // its multi-square non-capturing moves create e.p. squares
  // Its moves reset the halfmove clock, as an e.p. victim's do (Fairy-Stockfish's pawns: the
  // shatranj pawn, which has no double step).
  bool resets_clock = false;
  // A move of more than one square is legal only if the piece is not attacked where it stands
  // and one of its step-by-step routes crosses only unattacked squares (Terachess King's jump).
  bool safe_passage = false;
  // Spec `no_hop_over:` / `no_capture:` (the Janggi cannon): bit t set = this piece may not hop
  // over a piece of type t (as a screen), or may not capture one.
  std::uint64_t no_hop_over = 0;
  std::uint64_t no_capture = 0;
  bool may_hop_over(Piece p) const { return !(no_hop_over >> type_of(p) & 1); }
  bool may_capture(Piece p) const { return !(no_capture >> type_of(p) & 1); }
  // XBetza `i` for a piece whose virginity is not tracked: it stands on its first N ranks
  // (0: on a square where the start position has the same piece).
  int initial_ranks = 0;
  int value = 0;  // centipawns for a game-playing search (spec `value:`); 0: estimated (engine/eval.hpp)
  bool may_repeat = false;  // derived: two routes of this piece can give the same move
  // Derived: every capture of program[c] walked backwards (the interpreter's attack test), each
  // with the index of its path.
  std::array<std::vector<std::pair<BackWalk, std::size_t>>, 2> back_walks{};
  // A promoted piece (hands): written `+P` (shogi, mark '+') or `Q~` (crazyhouse, mark '~'),
  // and returns to a hand as `unpromoted` (the type it promoted from). 0 / -1: an ordinary piece.
  char mark = 0;
  int unpromoted = -1;
  std::array<PieceProgram, 2> program;  // per colour
  // Spec `region:`: no move may end outside `region` (per colour) when `confined`.
  bool confined = false;
  std::array<SquareSet, 2> region{};
  // Spec `moves_on:`: other moves on some squares; the first entry whose squares hold the piece wins.
  std::vector<SquareMoves> moves_on{};

  // The moves of a piece of colour c standing on s.
  const PieceProgram& program_at(Color c, Square s) const {
    for (const SquareMoves& m : moves_on)
      if (m.on[c][std::size_t(s)]) return m.program[c];
    return program[c];
  }
  // Whether a move of a piece of colour c may end on s.
  bool may_end(Color c, Square s) const { return !confined || region[c][std::size_t(s)]; }
  // Every program of colour c (its own, then those of moves_on).
  template <class F>
  void for_each_program(Color c, const F& f) const {
    f(program[c]);
    for (const SquareMoves& m : moves_on) f(m.program[c]);
  }

  friend bool operator==(const PieceInfo&, const PieceInfo&) = default;
};

struct CastlingRule {
  bool enabled = false;
  int king_steps = 2;    // squares the royal moves towards its partner
  int partner = -1;      // piece type of the partner (the outermost one on the royal's rank)
  int queenside_steps = 0;  // towards a partner on lower files, when not king_steps (Janus)
  // The piece type that castles when it is not royal (Fairy-Stockfish's castlingKingPiece, the
  // extinction chess commoner): its unmoved one on the side's first rank; -1: the royal piece.
  // A piece that is not royal castles through and out of attack, as in Fairy-Stockfish.
  int piece = -1;
  // The royal piece's steps towards a partner in direction dir (+1: higher files).
  constexpr int steps(int dir) const { return dir < 0 && queenside_steps ? queenside_steps : king_steps; }
  // The files the castling piece lands on when it castles with a partner on higher (kingside) or
  // lower files: steps(dir) from the file it starts on, wherever it stands when it castles, as
  // Fairy-Stockfish's castling_kingside_file and castling_queenside_file (a King on f1 castles
  // to g1). Set by VariantInfo::finalize; -1: off the board.
  int kingside_file = -1, queenside_file = -1;
  constexpr int landing_file(int dir) const { return dir > 0 ? kingside_file : queenside_file; }
  friend bool operator==(const CastlingRule&, const CastlingRule&) = default;
};

struct PromotionTarget {
  int type = -1;
  int depth = 0;         // allowed only on the last `depth` ranks; 0 = anywhere in the zone
  bool recoup = false;   // only while the side has fewer of this type than at the start
  std::uint8_t sides = 3;  // bit c: allowed to colour c (Chigorin: each side its own choices)
  int limit = 0;         // only while the side has fewer than `limit` of this type on the board; 0: any
  friend bool operator==(const PromotionTarget&, const PromotionTarget&) = default;

  // Whether colour c may promote to this target on a move whose promotion depth is `at` (1 = the
  // last rank; 0 for in_place promotions, which have none): the depth is within the target's,
  // the target is c's (sides), and c has fewer of its type than at the start (recoup,
  // `start_count`) and than the limit. `count()` says how many c has on the board; it is asked
  // only when a rule needs it. The one rule of promotion choices: the move generator
  // (runtime/movegen.hpp), in_place promotions and the bitboard kernel (runtime/bitboard/) ask here.
  template <class Count>
  constexpr bool open_to(Color c, int at, Count count, int start_count) const {
    if (depth && at > depth) return false;
    if (!(sides >> c & 1)) return false;
    if (recoup && count() >= start_count) return false;
    return !limit || count() < limit;
  }
};

struct PromotionRule {
  std::vector<int> pieces;             // piece types this rule promotes
  int zone = 1;                        // the last `zone` ranks
  int mandatory = 1;                   // promotion is compulsory on the last `mandatory` ranks
  std::vector<PromotionTarget> to;
  bool from_reserve = false;           // to the last piece left in the side's reserve
  bool leaving = false;                // also on a move out of the zone (shogi: into, inside or out of it)
  // A promotion that is a move of its own (Fairy-Stockfish's sittuyinPromotion; spec `in_place`):
  // a piece standing on one of `squares` (per colour) becomes a target where it stands or by one
  // of the target's single leaps onto an empty square, where the target may attack no enemy
  // piece; the move may not give check. Moves of the piece never promote otherwise (`zone` unused).
  bool in_place = false;
  std::array<SquareSet, 2> squares{};
  bool anywhere_when_last = false;     // in_place: the side's last piece of the rule's types promotes anywhere
  friend bool operator==(const PromotionRule&, const PromotionRule&) = default;
};

// A promotion rule as a generated module states it, constexpr: its pieces and targets in arrays
// of the module's, its in_place squares by name (runtime/square_names.hpp), per colour. The
// model is made of it (promotion_rule_of; runtime/variant_data.hpp's model_of) and the bitboard
// kernel reads it as it is (runtime/bitboard/description.hpp): one statement of the rule.
struct PromotionData {
  std::span<const int> pieces;
  int zone = 1;
  int mandatory = 1;
  std::span<const PromotionTarget> to;
  bool from_reserve = false;
  bool leaving = false;
  bool in_place = false;
  std::array<std::string_view, 2> squares{};
  bool anywhere_when_last = false;
};
inline PromotionRule promotion_rule_of(const PromotionData& d, const Geometry& g) {
  PromotionRule r{.pieces = {d.pieces.begin(), d.pieces.end()},
                  .zone = d.zone,
                  .mandatory = d.mandatory,
                  .to = {d.to.begin(), d.to.end()},
                  .from_reserve = d.from_reserve,
                  .leaving = d.leaving,
                  .in_place = d.in_place,
                  .anywhere_when_last = d.anywhere_when_last};
  if (d.in_place) r.squares = {square_set(g, d.squares[White]), square_set(g, d.squares[Black])};
  return r;
}
// Where a move stands with a promotion rule (PromotionRule or PromotionData: both have zone,
// mandatory and leaving), by depth from the mover's last rank (1). The depth that
// decides is the target's, or with `leaving` the square left's when that is deeper
// (Fairy-Stockfish's mandatoryPiecePromotion: a piece in the compulsory ranks that moves out of
// them must promote too); the move promotes there within the zone, and may also stay unpromoted
// above the compulsory ranks. The move generator's add_promotions and the kernel ask here.
template <class Rule>
constexpr int deciding_depth(const Rule& r, int to_depth, int from_depth) {
  return r.leaving && from_depth < to_depth ? from_depth : to_depth;
}
template <class Rule>
constexpr bool promotes_at(const Rule& r, int depth) {
  return depth <= r.zone;
}
template <class Rule>
constexpr bool may_stay_at(const Rule& r, int depth) {
  return depth > r.mandatory;
}

// Turns of several moves (Extra Move Chess). A turn has `moves` moves (White's first turn
// `first_turn_moves`); the later ones are optional (a Pass ends the turn) and may be barred
// from capturing or from moving the piece that moved last.
struct TurnRule {
  int moves = 1;
  int first_turn_moves = 1;
  bool later_captures = true;
  bool later_same_piece = true;
  friend bool operator==(const TurnRule&, const TurnRule&) = default;
};

// Drops from an ordered reserve (Universal Chess): after its normal move a side may drop the
// next reserve piece on an empty square of its first `zone` ranks, if it holds a credit. A
// non-pawn piece captured while recapturing a non-pawn piece, or captured and at once
// recaptured by a non-pawn piece, earns its owner a credit; a capture made by a pawn (promoting
// or not) starts no exchange.
struct DropRule {
  bool enabled = false;
  int zone = 1;
  int pawn = -1;  // the piece type that never earns or gives credits
  friend bool operator==(const DropRule&, const DropRule&) = default;
};

constexpr int kMaxReserve = 16;

// Pieces in hand (crazyhouse, shogi): a captured piece joins the captor's hand as its
// unpromoted type (with `captures`), and dropping a piece from the hand on an empty square is
// a move of its own. Where each type may be dropped: `drop_ranks` (bit r: the mover's rank r + 1),
// not on a file holding an unpromoted piece of its own type of the side (`no_doubled`), not giving
// mate (`no_drop_mate`), not where it could never move again (`no_dead_drops`).
struct HandRule {
  bool enabled = false;
  bool captures = true;
  std::array<std::uint16_t, kMaxPieceTypes> drop_ranks{};  // 0: nowhere (so for types beyond the variant's)
  std::uint64_t no_doubled = 0;                            // bit t: type t
  std::uint64_t no_drop_mate = 0;
  bool no_dead_drops = false;
  bool drops = true;    // false: pieces leave the hand only by gating
  // Gating (seirawan): a piece leaving a square of its first rank that still has its gating
  // right (the FEN's castling field) may bring a piece from the hand onto that square.
  bool gating = false;
  // A piece in hand may also be dropped as its promoted type (Fairy-Stockfish's dropPromoted,
  // Kyoto shogi): the `+` piece its promotion rule makes and that returns to a hand as it.
  bool drop_promoted = false;
  // Placement (Fairy-Stockfish's mustDrop): while a side holds pieces in hand and has a legal
  // drop, its move must be a drop.
  bool must_drop = false;
  // Fairy-Stockfish's dropOppositeColoredBishop, for these types (bit t): a side's pieces of the
  // type, on the board and in hand, end up half on each square colour; a drop that makes that
  // impossible in the drop ranks left is illegal.
  std::uint64_t opposite_colours = 0;
  // Fairy-Stockfish's castlingDroppedPiece: the royal piece dropped on this file of its first rank
  // gets castling rights with the partners in that rank's corners; a partner dropped in a corner
  // gets one beside the royal piece standing there (-1: none).
  int castling_file = -1;
  friend bool operator==(const HandRule&, const HandRule&) = default;
};
// A hand holds at most this many pieces of one type (a FEN may say no more).
constexpr int kMaxHand = 255;

// A game result seen from one side (which side, each rule below says).
enum class EndValue : std::int8_t { Loss = -1, Draw = 0, Win = 1 };

// Losing every piece of some types (extinction), or all but a bare king: a side with at most
// `count` pieces of one of `types` (of all pieces together, with `all`), while the opponent has
// at least `opponent_count` of them (one more when the extinct side is to move and `claim`: it
// may still bare the other side on its move), has the `value` (Fairy-Stockfish's extinction
// rule; its bare king rule is this rule with all pieces, count 1, opponent_count 2, claim).
struct ExtinctionRule {
  bool enabled = false;
  EndValue value = EndValue::Loss;  // for the extinct side
  std::uint64_t types = 0;          // bit t: piece type t
  bool all = false;                 // all pieces together (antichess, horde, bare king)
  int count = 0;
  int opponent_count = 0;
  bool claim = false;
  bool bare_king = false;  // written as bare_king: (only the name of the result differs)
  friend bool operator==(const ExtinctionRule&, const ExtinctionRule&) = default;
};

// Capture the flag: a side whose `piece` stands on one of its target squares wins. With
// `extra_move` (racing kings), when White gets there first Black still has one move to get
// there too, which draws (Fairy-Stockfish's flagMove).
// A generated module states it constexpr, its squares by name (square_words), and the bitboard
// kernel reads it as it is (runtime/bitboard/ends.hpp).
struct FlagRule {
  int piece = -1;  // -1: no flag rule
  std::array<SquareWords, 2> squares{};  // each colour's (runtime/square_names.hpp)
  bool extra_move = false;
  friend bool operator==(const FlagRule&, const FlagRule&) = default;
};

// Makruk's and Cambodian counting rules (Fairy-Stockfish's countingRule makruk and cambodian;
// runtime/counting.hpp): the piece types its honour rules look at (-1: the variant has none),
// and the rule's numbers as data. A side counts by the board's honour while it has 2 to
// `board_pieces` pieces (0: any number), with pawns on the board too when `board_with_pawns`;
// the limits in moves: [0] the board's honour, then the pieces' honour by what the other side
// has: [1] two rooks, [2] a rook, [3] two khons, [4] two knights, [5] a khon, [6] otherwise.
struct CountingRule {
  bool enabled = false;
  int pawn = -1, rook = -1, khon = -1, knight = -1;
  int board_pieces = 0;
  bool board_with_pawns = false;
  std::array<int, 7> limits{64, 8, 16, 22, 32, 44, 64};  // makruk's
  // ASEAN counting (Fairy-Stockfish's ASEAN_COUNTING, Sittuyin): only a bare side counts, with
  // no pawn on the board, by what the other side has: a rook 16 moves, else a khon 44, else a
  // knight 64, else none; the count starts at 0 (limits, board_pieces and board_with_pawns unused).
  bool asean = false;
  friend bool operator==(const CountingRule&, const CountingRule&) = default;
};
// Cambodian counting (Ouk Chatrang): the board's honour only with 2 or 3 pieces, pawns or not;
// every limit one move shorter than makruk's.
inline constexpr std::array<int, 7> kCambodianCountingLimits{63, 7, 15, 21, 31, 43, 63};
inline constexpr int kCambodianBoardPieces = 3;

// First-move rights (Fairy-Stockfish's cambodianMoves, Ouk Chatrang; spec `first_moves:`): a
// piece standing on a square of its first rank that holds its side's right (the FEN's castling
// field, a file letter) has these moves too, all non-capturing single leaps. The right goes when
// the piece leaves the square or is taken there, and when an enemy piece of a `lost_to` type
// moves to where it would attack it on an empty board. `in_check: false`: not while in check.
struct FirstMove {
  int type = -1;
  std::string betza;                    // the XBetza source, for messages and comments
  std::array<PieceProgram, 2> program;  // per colour
  bool in_check = true;
  std::uint64_t lost_to = 0;  // bit t: piece type t
  friend bool operator==(const FirstMove&, const FirstMove&) = default;
};

// How a game ends (docs/spec.md, `end:`). checkmate, stalemate and repetition values are for
// the side to move. The defaults are chess's and Fairy-Stockfish's.
struct EndRules {
  EndValue checkmate = EndValue::Loss;
  EndValue stalemate = EndValue::Draw;
  int checks = 0;  // n-check: the side that gives its n-th check wins; 0 = none
  ExtinctionRule extinction{};
  FlagRule flag{};
  int repetition = 3;  // n-fold repetition; 0 = none
  EndValue repetition_value = EndValue::Draw;
  bool perpetual_check_loses = false;  // a repetition the checking side made by checks throughout
  int move_rule = 50;                  // moves by each side without capture or pawn move; 0 = none
  CountingRule counting{};
  // Passing (VariantInfo::pass): two passes in a row end the game, a draw (Fairy-Stockfish's
  // janggi counts material then: not here).
  bool double_pass = false;
  // Janggi's bikjang (Fairy-Stockfish's bikjangRule): while the royal pieces face each other
  // (one file or rank, nothing between), a move must part them or pass (also in check); a pass
  // that leaves them facing ends the game, a draw (material counting: not here).
  bool bikjang = false;
  // Whether some rule can end the game while moves remain (perft then counts no moves there).
  bool immediate() const { return checks || extinction.enabled || flag.piece >= 0 || double_pass || bikjang; }
  friend bool operator==(const EndRules&, const EndRules&) = default;
};

// Atomic captures (explode:, Fairy-Stockfish's blastOnCapture): a capture removes the capturer and
// every piece on the 8 squares around the square captured on (the e.p. square for an e.p.
// capture), but those of the `spared` types (pawns in atomic chess). The mover's royal piece may
// not explode (so it never captures); a move that explodes the enemy's royal piece is legal
// whatever else it leaves; royal pieces side by side cannot take each other, so neither stands in
// check then.
struct ExplosionRule {
  bool enabled = false;
  std::uint64_t spared = 0;  // bit t: a piece of type t next to the capture survives it
  friend bool operator==(const ExplosionRule&, const ExplosionRule&) = default;
};

struct VariantInfo {
  std::string key;
  Geometry geo;
  std::vector<PieceInfo> pieces;
  std::string start_fen;
  CastlingRule castling;
  std::vector<PromotionRule> promotions;
  std::vector<Square> brouhaha;  // squares that become holes for good once empty
  TurnRule turn;
  DropRule drops;
  HandRule hands;
  EndRules ends;
  ExplosionRule explosions;
  bool must_capture = false;    // a side that can capture must (antichess)
  bool checks_allowed = true;   // false: no move may give check (racing kings)
  std::uint16_t ep_ranks = 0;   // bit r: e.p. squares on the mover's rank r + 1 only; 0: anywhere
  // The two royal pieces may not stand on one file or rank with nothing between them (xiangqi's
  // flying general; Fairy-Stockfish's flyingGeneral): a royal piece attacks the other along it.
  bool flying_general = false;
  // Spec `pass: true` (janggi; Fairy-Stockfish's pass): at its turn a side may pass instead of
  // moving, unless it is in check (in bikjang it may pass in check). Written as the royal
  // piece's square twice ("e2e2"), as Fairy-Stockfish does.
  bool pass = false;
  std::vector<FirstMove> first_moves;  // first-move rights (above); empty: none

  // Squares of the first ranks hold rights (the castling field's file letters): gating rights
  // (hands: {gating: true}) or first-move rights (first_moves:).
  bool has_rights() const { return hands.gating || !first_moves.empty(); }

  // ---- derived by finalize() ----
  std::array<Piece, kMaxSquares> start_board{};  // for positional virginity and recouping
  std::array<std::array<int, kMaxPieceTypes>, 2> start_count{};
  std::array<std::array<int, kMaxPieceTypes>, 2> start_in_hand{};  // the start position's hands
  std::array<int, kMaxPieceTypes> promotion_rule{};  // index into promotions, or -1 (in_place rules: -1)
  bool any_in_place = false;  // some promotion rule is in_place (runtime/in_place_promotion.hpp)
  bool any_safe_passage = false;
  // Whether the piece p must find its passage safe (PieceInfo::safe_passage) to move far.
  bool bound_to_safe_passage(Piece p) const { return any_safe_passage && pieces[type_of(p)].safe_passage; }
  std::array<int, kMaxPieceTypes> hand_type{};  // what a captured piece of each type becomes in a hand
  // hands.drop_promoted: the promoted type a piece of each type in hand may also be dropped as, or -1.
  std::array<int, kMaxPieceTypes> drop_face{};
  // Hands with no_dead_drops: dead[c][s * kMaxPieceTypes + type], type has no move from s on an empty board.
  std::array<std::vector<bool>, 2> dead;
  bool is_dead(Color c, int type, Square s) const { return dead[c][std::size_t(s) * kMaxPieceTypes + type]; }
  bool has_induction = false;  // some piece induces moves of friends (XBetza x)
  bool mutual_swaps = false;   // two or more piece types swap (XBetza u): both ends may find a swap
  // Where an e.p. capturer of each colour stands relative to the square it captures on.
  struct EpCapturer {
    int type;
    int offset;  // mailbox offset from the capturer to the e.p. square
  };
  std::array<std::vector<EpCapturer>, 2> ep_capturers;
  // Bit t: some capturing path of type t turns on an occupied square (a hopper's screen, a
  // locust's victim, an induced friend): while such a piece is on the board, a move can create an
  // attack by entering a square, not only by leaving one.
  std::uint64_t occupied_turns = 0;
  // aligned[kMaxSquares + (s - target)], bit t: some attack route of type t (on an empty board)
  // that captures on the target passes s, starts there or goes on through it (mailbox deltas may
  // alias; that only makes the test more careful). Asked with the types on the board
  // (Position::present), a route of a piece that is not there aligns nothing.
  std::array<std::uint64_t, 2 * kMaxSquares> aligned{};
  std::uint64_t aligned_types(Square s, Square royal) const { return aligned[kMaxSquares + s - royal]; }
  bool finalized = false;
  // A legal move is more than a pseudo-legal move that leaves the royal piece safe (captures
  // compulsory, checks barred, checks counted, explosions, drops compulsory, in_place promotions,
  // or the game can end while moves remain):
  // perft and the legality shortcut then take the general route (generate_legal).
  bool special_legality = false;

  // Derives the tables above; throws std::runtime_error on an inconsistent model.
  void finalize();
  void finalize_hands();
  void find_castling_files();

  int type_of_letter(char upper) const;  // -1 when unknown (an unmarked piece)
  int type_of_token(char upper, char mark) const;  // with a mark ('+', '~' or 0); -1 when unknown
  char letter_of(Piece p) const;         // FEN letter with case for colour
  // The FEN token: the letter, with `+` before or `~` after it.
  PieceToken token(Piece p) const;
  std::string token_of(Piece p) const { return std::string(std::string_view(token(p))); }
  // Whether a piece on `s` counts as not yet moved for XBetza `i` when its type's virginity is
  // not tracked in the position (it stands where the start position has the same piece).
  bool on_start_square(Piece p, Square s) const {
    const int ranks = pieces[type_of(p)].initial_ranks;
    return ranks ? geo.relative_rank(s, color_of(p)) < ranks : start_board[s] == p;
  }
  // Royal pieces and castling partners have their virginity tracked (FEN castling field).
  bool tracks_virginity(int type) const {
    return pieces[type].royal || (castling.enabled && (castling.partner == type || castling.piece == type));
  }
  // Whether pieces of this type castle: the royal ones, or the castling piece that is not royal.
  bool castles(int type) const {
    return castling.enabled && (castling.piece >= 0 ? type == castling.piece : pieces[type].royal);
  }
};

}  // namespace fairy
