// Basic value types shared by the runtime, the interpreter and generated modules.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstddef>

#include "runtime/hot_inline.hpp"

namespace fairy {

// Board squares are indices into a padded mailbox (see geometry.hpp).
using Square = std::int16_t;
constexpr Square kNoSquare = -1;
constexpr int kMaxSquares = 512;  // 16x16 plus a 3-wide sentinel border fits in 421

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// A board cell. 0 is empty; a piece is 1 + type + 64 * colour (at most 63 types);
// the border holds kWall and a square that has become a hole holds kHole.
using Piece = std::uint8_t;
constexpr Piece kEmpty = 0;
constexpr Piece kHole = 254;
constexpr Piece kWall = 255;
constexpr int kMaxPieceTypes = 63;

constexpr Piece make_piece(Color c, int type) { return Piece(1 + type + 64 * c); }
constexpr int type_of(Piece p) { return (p & 63) - 1; }
constexpr Color color_of(Piece p) { return Color((p >> 6) & 1); }
// True for a piece of colour c (one unsigned comparison; false for empty, wall, hole).
constexpr bool is_color(Piece p, Color c) { return unsigned(p - 1 - 64 * c) < unsigned(kMaxPieceTypes); }

// What a move does besides lifting a piece from `from` and putting it on `to`.
enum class MoveKind : std::uint8_t {
  Normal,     // step, slide or leap; captures whatever enemy stands on `to`
  EnPassant,  // aux1: the square of the captured piece
  Castling,   // aux1: partner's square, aux2: partner's destination
  Locust,     // aux1: a square whose enemy is captured on the way
  Swap,       // the pieces on `from` and `to` (a friend) change places
  Induced,    // the piece on `from` is moved to `to` by the piece on aux1, which stays
  Pass,       // ends the turn without moving (an optional later move of a turn)
  Drop,       // a piece of type promo - 1 from the reserve enters on `to` (from is kNoSquare)
};

constexpr std::uint8_t kGateAtPartner = 0x80;
constexpr int gate_type(std::uint8_t gate) { return (gate & 0x3f) - 1; }

// A compact move: no heap, trivially copyable.
struct Move {
  Square from = kNoSquare;
  Square to = kNoSquare;
  Square aux1 = kNoSquare;
  Square aux2 = kNoSquare;
  MoveKind kind = MoveKind::Normal;
  std::uint8_t promo = 0;  // 0: none; otherwise 1 + promoted piece type
  // Gating (seirawan): 0: none; otherwise 1 + the type a piece from the hand that enters on the
  // square the move leaves: `from`, or with kGateAtPartner the castling partner's square (aux1).
  std::uint8_t gate = 0;

  friend bool operator==(const Move&, const Move&) = default;
};

// Where a gating move's piece from the hand enters.
constexpr Square gate_square(const Move& m) { return (m.gate & kGateAtPartner) ? m.aux1 : m.from; }

// A move list on the stack. Its storage is left uninitialised (a list is made at every node of
// a search) and holds kInline moves; a position with more pseudo-legal moves than that (a
// 16x16 board crowded with Amazons has thousands) moves the list to the heap, so no position
// can overflow it and no position is refused. `moves` points at the storage in use.
class MoveList {
 public:
  static constexpr int kInline = 1024;

  MoveList() noexcept {}
  MoveList(const MoveList&) = delete;
  MoveList& operator=(const MoveList&) = delete;
  ~MoveList() {
    if (moves != inline_moves()) delete[] moves;
  }

  // Always inlined (a compare and a store; a call a move cost universal's perft 9% of its time),
  // its rare growth kept out of line.
  FAIRY_HOT_INLINE void push(const Move& m) {
    if (size == capacity_) [[unlikely]]
      grow();
    moves[size++] = m;
  }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  Move* begin() { return moves; }
  Move* end() { return moves + size; }
  const Move& operator[](int i) const { return moves[i]; }
  int capacity() const { return capacity_; }

  Move* moves = inline_moves();
  int size = 0;

 private:
  [[gnu::noinline, gnu::cold]] void grow() {
    Move* bigger = new Move[std::size_t(capacity_) * 2];
    std::copy(moves, moves + size, bigger);
    if (moves != inline_moves()) delete[] moves;
    moves = bigger;
    capacity_ *= 2;
  }

  // Bytes, so that making a list writes nothing; Move is an implicit-lifetime type.
  Move* inline_moves() { return reinterpret_cast<Move*>(storage_); }

  int capacity_ = kInline;
  alignas(Move) std::byte storage_[sizeof(Move) * kInline];
};

}  // namespace fairy
