// A position of any variant: padded mailbox, piece lists, side to move, virginity of royal
// pieces and castling partners, en-passant squares, counters and a Zobrist key; make/unmake
// with an undo stack that is allocated once.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/counting.hpp"
#include "runtime/types.hpp"
#include "runtime/variant_info.hpp"

namespace fairy {

// A FEN that cannot be read; `column` is 1-based within the FEN text.
struct FenError : std::runtime_error {
  FenError(const std::string& what, int column) : std::runtime_error(what), column(column) {}
  int column;
};

class Position {
 public:
  static constexpr int kMaxEp = 2;      // squares a 3-step pawn passes
  static constexpr int kMaxPly = 1024;  // undo-stack depth kept without reallocating
  // A side may fill the board: its piece list holds every square (indices fit a byte).
  static constexpr int kMaxPieces = kMaxFiles * kMaxRanks;
  static_assert(kMaxPieces <= 256);
  // FEN counters (halfmove clock, move number) are at most six digits; play stops counting
  // there (no rule looks further than the 50-move rule and the first move).
  static constexpr int kMaxCounter = 999999;
  // Drop credits fit a byte; more than a reserve holds (16) can never be spent, so an
  // exchange beyond 255 leaves the count at 255.
  static constexpr int kMaxCredits = 255;
  // Makruk's counting limit in plies (the longest is 2 x 64).
  static constexpr int kMaxCountingLimit = 128;

  explicit Position(const VariantInfo& variant);

  void set_fen(std::string_view fen);   // throws FenError
  void set_start() { set_fen(info_->start_fen); }
  std::string fen() const;

  void make(const Move& m);
  // The e.p. squares move m would leave behind: squares a non-capturing straight move of an
  // e.p. victim passes, where an enemy could capture e.p. on the next move. Returns the count.
  int usable_ep_squares(const Move& m, std::array<Square, kMaxEp>& out) const {
    return usable_ep_squares(m, board_[m.from], out);
  }
  void unmake();
  // Runs test(royal) with m (a Normal, EnPassant or Locust move) made on the board alone, where
  // royal is where the mover's royal piece then stands (kNoSquare: none), and puts the board
  // back: what a legality test needs (attack tests read only the board), without make/unmake.
  template <class Test>
  bool test_on_board(const Move& m, const Test& test) {
    const Piece moved = board_[m.from], captured = board_[m.to];
    const Square aux = m.kind == MoveKind::Normal ? kNoSquare : m.aux1;
    const Piece aux_piece = aux == kNoSquare ? kEmpty : board_[aux];
    const Piece placed = m.promo ? make_piece(stm_, m.promo - 1) : moved;
    Square royal = royal_[stm_] == m.from ? kNoSquare : royal_[stm_];
    if (info_->pieces[type_of(placed)].royal) royal = m.to;
    if (aux != kNoSquare) board_[aux] = vacated(aux);
    board_[m.from] = vacated(m.from);
    board_[m.to] = placed;
    const bool result = test(royal);
    board_[m.to] = captured;
    board_[m.from] = moved;
    if (aux != kNoSquare) board_[aux] = aux_piece;
    return result;
  }

  // Runs test() with the piece on s lifted off the board, and puts it back.
  template <class Test>
  bool test_lifted(Square s, const Test& test) {
    const Piece lifted = board_[s];
    board_[s] = vacated(s);
    const bool result = test();
    board_[s] = lifted;
    return result;
  }

  const VariantInfo& variant() const { return *info_; }
  const Geometry& geo() const { return info_->geo; }
  const Piece* board() const { return board_.data(); }
  Piece at(Square s) const { return board_[s]; }
  Color side_to_move() const { return stm_; }
  std::uint64_t key() const { return key_; }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  int ply() const { return ply_; }

  Square royal(Color c) const { return royal_[c]; }
  // The piece that may castle (castling:): the royal piece; with a castling piece that is not
  // royal (castling: {piece: ...}), the unmoved one on c's first rank (kNoSquare: none).
  Square castler(Color c) const;
  // Turn phase: 0 for the first move of a turn, 1.. for later moves; the square the piece
  // moved last in this turn stands on (kNoSquare at the first move).
  int phase() const { return phase_; }
  Square last_moved() const { return last_moved_; }
  // The last move made on this position (nullptr after set_fen).
  const Move* last_move() const { return undo_.empty() ? nullptr : &undo_.back().move; }
  // The move made i moves before the last one (move_back(0) is last_move()); nullptr before the FEN.
  const Move* move_back(int i) const {
    return i < 0 || std::size_t(i) >= undo_.size() ? nullptr : &undo_[undo_.size() - 1 - std::size_t(i)].move;
  }
  std::uint8_t phase_bit() const {
    return phase_ ? kPhaseLater : (fullmove_ == 1 && stm_ == White) ? kPhaseOpening : kPhaseFirst;
  }
  bool tracked_virgin(Square s) const { return virgin_[s]; }
  // XBetza `i`: a royal or castling partner that has not moved, or any other piece standing
  // on its start square.
  bool is_virgin(Square s) const {
    return info_->tracks_virginity(type_of(board_[s])) ? virgin_[s]
                                                        : info_->on_start_square(board_[s], s);
  }
  // Whether the side to move may capture e.p. on s: e.p. squares are left by the opponent's last
  // normal move (its own drop or pass keeps them) and are used at the first move of a turn.
  bool is_ep_square(Square s) const {
    if (phase_) return false;
    for (int i = 0; i < ep_count_; ++i)
      if (ep_[i] == s) return true;
    return false;
  }
  int ep_count() const { return ep_count_; }
  Square ep_square(int i) const { return ep_[i]; }
  Square ep_victim() const { return ep_victim_; }
  int count(Color c, int type) const { return count_[c][type]; }
  // Bit t: colour c has a piece of type t on the board (count(c, t) > 0).
  std::uint64_t present(Color c) const { return present_[c]; }
  // The side that made the last normal move (whose e.p. squares and exchange are pending).
  Color last_mover() const { return phase_ ? stm_ : ~stm_; }

  // The ordered reserve (drops take from the front, promotions from the back) and credits.
  int reserve_size(Color c) const { return reserve_tail_[c] - reserve_head_[c]; }
  int reserve_front(Color c) const { return reserve_[c][reserve_head_[c]]; }
  int reserve_back(Color c) const { return reserve_[c][reserve_tail_[c] - 1]; }
  int reserve_at(Color c, int i) const { return reserve_[c][reserve_head_[c] + i]; }
  int credits(Color c) const { return credits_[c]; }
  // Pieces in hand (hands:): how many of each type c holds.
  int in_hand(Color c, int type) const { return hand_[c][type]; }
  // Gating (hands: {gating: true}) and first-move rights (first_moves:): whether the square s of
  // c's first rank keeps its right (its piece has not moved; for gating, c holds a piece to gate).
  bool is_gate(Color c, Square s) const {
    const Geometry& g = geo();
    return g.rank_of(s) == (c == White ? 0 : g.ranks - 1) && (gates_[c] >> g.file_of(s) & 1);
  }
  // Whether c could drop now: a credit, a reserve piece and an empty square in the zone.
  bool can_drop(Color c) const;
  // A pending exchange (drops): the last normal move was a non-pawn taking a non-pawn, and
  // stands on this square (kNoSquare: none). If it is taken at once, its owner earns a credit,
  // and so does the owner of what it took unless that piece earned one already.
  Square exchange_square() const { return exchange_; }
  // n-check: the checks c has still to give to win (Fairy-Stockfish's FEN field "3+3").
  int checks_left(Color c) const { return checks_left_[c]; }
  bool exchange_credited() const { return exchange_credited_; }
  // Makruk's counting (end: counting): the limit and the count, in plies (limit 0: none).
  const Counting& counting() const { return counting_; }

  // The squares of c's pieces (order unspecified).
  const Square* piece_squares(Color c) const { return list_[c].data(); }
  int piece_total(Color c) const { return list_size_[c]; }

 private:
  struct Undo {
    Move move;
    Piece moved;
    Piece captured;      // on `to`
    Piece aux_captured;  // e.p. or locust victim
    std::array<Square, kMaxEp> ep;
    std::int8_t ep_count;
    Square ep_victim;
    int halfmove;
    int fullmove;
    std::uint64_t key;
    // Tracked-virgin squares this move cleared (each once; they are royal pieces and castling
    // partners, on at most two ranks).
    std::array<Square, 2 * kMaxFiles> unvirgined;
    std::uint8_t unvirgined_count;
    std::uint8_t new_holes;            // bit i: brouhaha square i became a hole
    std::int8_t phase;
    Square last_moved;
    std::array<std::uint8_t, 2> reserve_head, reserve_tail, credits;
    Square exchange;
    bool exchange_credited;
    std::array<std::uint8_t, 2> checks_left;
    std::uint64_t reserve_key;
    Counting counting;
    std::int8_t hand_gained;  // the type the mover's hand gained by a capture, or -1
    // Explosions: whether the capturer exploded, and the neighbours that went with it.
    bool exploded;
    std::uint8_t blasted_count;
    std::array<Square, 8> blasted;
    std::array<Piece, 8> blasted_piece;
    std::array<std::uint16_t, 2> gates;
    // Castling rights a drop gave (hands' castling_file): squares it made virgin.
    std::array<Square, 3> virgined;
    std::uint8_t virgined_count;
  };
  void castle_dropped(Square s, Undo& u);
  void end_move(const Move& m, Undo& u, bool reset_clock);
  void explode(Square at, Undo& u, int& nv);
  void count_check();
  void update_counting(const Move& m, const Undo& u);
  int usable_ep_squares(const Move& m, Piece mover, std::array<Square, kMaxEp>& out) const;

  void clear();
  // What a square a piece leaves holds then: a hole on a brouhaha square, else nothing.
  Piece vacated(Square s) const {
    for (Square h : info_->brouhaha)
      if (h == s) return kHole;
    return kEmpty;
  }
  void put(Square s, Piece p);
  void remove(Square s);
  void move_pair(Square a, Square a_to, Square b, Square b_to);
  void clear_virgin(Square s, Undo& u, int& n);
  std::uint64_t compute_key() const;
  void parse_board(std::string_view text, int offset);
  void parse_castling(std::string_view text, int offset);
  Square castling_piece_for_fen(Color c) const;
  void parse_ep(std::string_view text, int offset);
  void find_ep_victim(int offset);
  void parse_phase(std::string_view text, int offset);
  void parse_reserves(std::string_view text, int offset);
  void parse_hands(std::string_view text, int offset);
  std::string hand_field() const;
  bool add_to_hand(Color c, int type, int n);
  void update_gates(const Move& m, const Undo& u);
  bool leg_attacks(int type, Square from, Square target) const;
  void parse_gate(char letter, int column);
  void finish_gates(int column);
  std::uint64_t gates_key() const;
  void parse_exchange(std::string_view text, int offset);
  void parse_checks(std::string_view text, int offset);
  void check_exchange(int offset) const;
  std::string reserve_field() const;
  void update_exchange(const Move& m, const Undo& u);
  std::uint64_t exchange_key() const;
  std::uint64_t reserve_key() const;  // the reserves' and credits' part of the key
  void update_reserve_key(const Undo& u);
  std::string castling_field() const;

  const VariantInfo* info_;
  std::array<Piece, kMaxSquares> board_{};
  std::array<bool, kMaxSquares> virgin_{};
  std::array<std::array<Square, kMaxPieces>, 2> list_{};
  std::array<int, 2> list_size_{};
  std::array<std::uint8_t, kMaxSquares> list_index_{};
  std::array<std::array<int, kMaxPieceTypes>, 2> count_{};
  std::array<std::uint64_t, 2> present_{};  // see present()
  std::array<Square, 2> royal_{kNoSquare, kNoSquare};
  Color stm_ = White;
  int phase_ = 0;
  Square last_moved_ = kNoSquare;
  std::array<std::array<std::uint8_t, kMaxReserve>, 2> reserve_{};
  std::array<std::uint8_t, 2> reserve_head_{}, reserve_tail_{}, credits_{};
  std::array<std::array<std::uint8_t, kMaxPieceTypes>, 2> hand_{};
  std::array<std::uint16_t, 2> gates_{};  // bit f: the square of file f on the side's first rank
  Square exchange_ = kNoSquare;     // see exchange_square()
  bool exchange_credited_ = false;  // what the piece there took has earned its credit already
  std::array<std::uint8_t, 2> checks_left_{};
  Counting counting_;
  std::array<Square, kMaxEp> ep_{};
  int ep_count_ = 0;
  Square ep_victim_ = kNoSquare;
  int halfmove_ = 0;
  int fullmove_ = 1;
  int ply_ = 0;
  std::uint64_t key_ = 0;
  std::uint64_t reserve_key_ = 0;  // reserve_key() of the current reserves, kept up to date
  std::vector<Undo> undo_;
};

// Zobrist keys, shared by all variants.
namespace zobrist {
std::uint64_t piece(Piece p, Square s);
std::uint64_t virgin(Square s);
std::uint64_t ep(Square s);
std::uint64_t side();
std::uint64_t hole(Square s);
std::uint64_t last_moved(Square s);
std::uint64_t reserve(Color c, int place, int type);
std::uint64_t credits(Color c, int n);
std::uint64_t exchange(Square s, bool credited);
std::uint64_t checks_left(Color c, int n);
std::uint64_t hand(Color c, int type, int n);  // the n-th piece of a type in c's hand
std::uint64_t gate(Color c, int file);          // a gating right on c's first rank
}  // namespace zobrist

}  // namespace fairy
