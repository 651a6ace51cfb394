#include "runtime/position.hpp"

#include "runtime/fen_board.hpp"
#include "runtime/interpreter.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <numeric>

namespace fairy {

namespace zobrist {
namespace {
struct Tables {
  std::array<std::array<std::uint64_t, kMaxSquares>, 128> piece{};
  std::array<std::uint64_t, kMaxSquares> virgin{};
  std::array<std::uint64_t, kMaxSquares> ep{};
  std::array<std::uint64_t, kMaxSquares> hole{};
  std::array<std::uint64_t, kMaxSquares> last_moved{};
  // [colour][place in the reserve][piece type], and [colour][credits]
  std::array<std::array<std::array<std::uint64_t, kMaxPieceTypes>, kMaxReserve>, 2> reserve{};
  std::array<std::array<std::uint64_t, 32>, 2> credits{};
  std::array<std::array<std::uint64_t, kMaxSquares>, 2> exchange{};  // [credited][square]
  std::array<std::array<std::uint64_t, 10>, 2> checks_left{};       // n-check: [colour][checks left]
  std::array<std::array<std::array<std::uint64_t, kMaxHand + 1>, kMaxPieceTypes>, 2> hand{};
  std::array<std::array<std::uint64_t, kMaxFiles>, 2> gate{};
  std::uint64_t side = 0;
  Tables() {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;  // splitmix64, fixed seed: keys are reproducible
    auto next = [&state] {
      std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    };
    for (auto& row : piece)
      for (auto& k : row) k = next();
    for (auto& k : virgin) k = next();
    for (auto& k : ep) k = next();
    side = next();
    for (auto& k : hole) k = next();
    for (auto& k : last_moved) k = next();
    for (auto& colour : reserve)
      for (auto& place : colour)
        for (auto& k : place) k = next();
    for (auto& colour : credits)
      for (auto& k : colour) k = next();
    for (auto& kind : exchange)
      for (auto& k : kind) k = next();
    for (auto& colour : checks_left)
      for (auto& k : colour) k = next();
    for (auto& colour : hand)
      for (auto& type : colour)
        for (auto& k : type) k = next();
    for (auto& colour : gate)
      for (auto& k : colour) k = next();
  }
};
const Tables& tables() {
  static const Tables t;
  return t;
}
}  // namespace
std::uint64_t piece(Piece p, Square s) { return tables().piece[p & 127][s]; }
std::uint64_t virgin(Square s) { return tables().virgin[s]; }
std::uint64_t ep(Square s) { return tables().ep[s]; }
std::uint64_t side() { return tables().side; }
std::uint64_t hole(Square s) { return tables().hole[s]; }
std::uint64_t last_moved(Square s) { return tables().last_moved[s]; }
std::uint64_t reserve(Color c, int place, int type) { return tables().reserve[c][place][type]; }
std::uint64_t credits(Color c, int n) { return tables().credits[c][std::min(n, 31)]; }
std::uint64_t exchange(Square s, bool credited) { return tables().exchange[credited][s]; }
std::uint64_t checks_left(Color c, int n) { return tables().checks_left[c][n]; }
std::uint64_t hand(Color c, int type, int n) { return tables().hand[c][type][n]; }
std::uint64_t gate(Color c, int file) { return tables().gate[c][file]; }
}  // namespace zobrist

Position::Position(const VariantInfo& variant) : info_(&variant) {
  if (!variant.finalized) throw std::logic_error("VariantInfo used before finalize()");
  undo_.reserve(kMaxPly);
  clear();
}

void Position::clear() {
  board_.fill(kWall);
  const Geometry& g = geo();
  for (int r = 0; r < g.ranks; ++r)
    for (int f = 0; f < g.files; ++f) board_[g.square(f, r)] = kEmpty;
  virgin_.fill(false);
  list_size_ = {0, 0};
  for (auto& c : count_) c.fill(0);
  present_ = {0, 0};
  royal_ = {kNoSquare, kNoSquare};
  stm_ = White;
  phase_ = 0;
  last_moved_ = kNoSquare;
  reserve_head_ = {0, 0};
  reserve_tail_ = {0, 0};
  credits_ = {0, 0};
  for (auto& h : hand_) h.fill(0);
  gates_ = {0, 0};
  exchange_ = kNoSquare;
  exchange_credited_ = false;
  checks_left_ = {std::uint8_t(info_->ends.checks ? 1 : 0), std::uint8_t(info_->ends.checks ? 1 : 0)};
  counting_ = {};
  ep_count_ = 0;
  ep_victim_ = kNoSquare;
  halfmove_ = 0;
  fullmove_ = 1;
  ply_ = 0;
  key_ = 0;
  reserve_key_ = 0;
  undo_.clear();
}

void Position::put(Square s, Piece p) {
  board_[s] = p;
  const Color c = color_of(p);
  list_index_[s] = std::uint8_t(list_size_[c]);
  list_[c][list_size_[c]++] = s;
  ++count_[c][type_of(p)];
  present_[c] |= std::uint64_t(1) << type_of(p);
  if (info_->pieces[type_of(p)].royal) royal_[c] = s;
  key_ ^= zobrist::piece(p, s);
}

void Position::remove(Square s) {
  const Piece p = board_[s];
  const Color c = color_of(p);
  const int i = list_index_[s];
  const Square last = list_[c][--list_size_[c]];
  list_[c][i] = last;
  list_index_[last] = std::uint8_t(i);
  if (--count_[c][type_of(p)] == 0) present_[c] &= ~(std::uint64_t(1) << type_of(p));
  if (royal_[c] == s) royal_[c] = kNoSquare;
  board_[s] = kEmpty;
  key_ ^= zobrist::piece(p, s);
}

// Lifts the pieces on a and b, then puts them on a_to and b_to (castling, swaps; the squares
// may overlap).
void Position::move_pair(Square a, Square a_to, Square b, Square b_to) {
  const Piece pa = board_[a], pb = board_[b];
  remove(a);
  remove(b);
  put(a_to, pa);
  put(b_to, pb);
}

void Position::clear_virgin(Square s, Undo& u, int& n) {
  if (!virgin_[s]) return;
  virgin_[s] = false;
  key_ ^= zobrist::virgin(s);
  u.unvirgined[n++] = s;
  u.unvirgined_count = std::uint8_t(n);
  // A royal piece (or castling piece) that moves takes its castling partners' rights with it:
  // they only mean something beside an unmoved royal piece (and FEN cannot say otherwise).
  if (board_[s] != kEmpty && (info_->pieces[type_of(board_[s])].royal || info_->castles(type_of(board_[s])))) {
    const Geometry& g = geo();
    for (int f = 0; f < g.files; ++f) {
      const Square t = g.square(f, g.rank_of(s));
      if (is_color(board_[t], color_of(board_[s]))) clear_virgin(t, u, n);
    }
  }
}

void Position::make(const Move& m) {
  // Built in place on the undo stack (which never reallocates below kMaxPly): no copy.
  Undo& u = undo_.emplace_back();
  u.move = m;
  u.moved = m.from == kNoSquare ? kEmpty : board_[m.from];  // pass and drop moves have no from
  u.captured = kEmpty;
  u.aux_captured = kEmpty;
  u.ep = ep_;
  u.ep_count = std::int8_t(ep_count_);
  u.ep_victim = ep_victim_;
  u.halfmove = halfmove_;
  u.counting = counting_;
  u.fullmove = fullmove_;
  u.key = key_;
  u.unvirgined_count = 0;
  u.new_holes = 0;
  u.phase = std::int8_t(phase_);
  u.last_moved = last_moved_;
  u.reserve_head = reserve_head_;
  u.reserve_tail = reserve_tail_;
  u.credits = credits_;
  u.exchange = exchange_;
  u.exchange_credited = exchange_credited_;
  u.reserve_key = reserve_key_;
  u.hand_gained = -1;
  u.exploded = false;
  u.gates = gates_;
  u.virgined_count = 0;
  int nv = 0;

  // A pass or a drop keeps the e.p. squares and the pending exchange of the move before it.
  if (m.kind == MoveKind::Pass) {
    u.moved = kEmpty;
    end_move(m, u, false);
    return;
  }
  if (m.kind == MoveKind::Drop) {
    u.moved = make_piece(stm_, m.promo - 1);
    put(m.to, u.moved);
    if (info_->hands.enabled) {  // a move of its own: the e.p. squares before it go
      add_to_hand(stm_, info_->hand_type[m.promo - 1], -1);  // a promoted face dropped leaves its piece's hand
      for (int i = 0; i < ep_count_; ++i) key_ ^= zobrist::ep(ep_[i]);
      ep_count_ = 0;
      ep_victim_ = kNoSquare;
      if (info_->hands.gating) update_gates(m, u);
      if (info_->hands.castling_file >= 0) castle_dropped(m.to, u);
    } else {
      ++reserve_head_[stm_];
      --credits_[stm_];
    }
    // A drop from a hand cannot be undone: it resets the halfmove clock, as in Fairy-Stockfish.
    end_move(m, u, info_->hands.enabled);
    return;
  }

  for (int i = 0; i < ep_count_; ++i) key_ ^= zobrist::ep(ep_[i]);
  ep_count_ = 0;
  ep_victim_ = kNoSquare;
  const Piece moved = u.moved;
  const PieceInfo& pinfo = info_->pieces[type_of(moved)];
  // An e.p. victim's move resets the halfmove clock (a pawn); so does a move of a piece that
  // says so (resets_clock: shatranj's pawn) and of the counting rules' pawn (Fairy-Stockfish's
  // pawn: makruk's and Ouk Chatrang's have no double step).
  bool reset_clock = pinfo.ep_victim || pinfo.resets_clock ||
                     (info_->ends.counting.enabled && type_of(moved) == info_->ends.counting.pawn);

  clear_virgin(m.from, u, nv);
  clear_virgin(m.to, u, nv);
  switch (m.kind) {
    case MoveKind::Normal:
      break;
    case MoveKind::EnPassant:
    case MoveKind::Locust:
      u.aux_captured = board_[m.aux1];
      clear_virgin(m.aux1, u, nv);
      remove(m.aux1);
      reset_clock = true;
      break;
    case MoveKind::Castling:
      clear_virgin(m.aux1, u, nv);
      move_pair(m.from, m.to, m.aux1, m.aux2);
      break;
    case MoveKind::Swap:
      move_pair(m.from, m.to, m.to, m.from);
      break;
    case MoveKind::Induced:
      break;
    case MoveKind::Pass:
    case MoveKind::Drop:
      break;  // made above
  }
  if (m.kind != MoveKind::Castling && m.kind != MoveKind::Swap) {
    if (board_[m.to] != kEmpty && m.to != m.from) {  // an in_place promotion may stay on its square
      u.captured = board_[m.to];
      remove(m.to);
      reset_clock = true;
    }
    remove(m.from);
    put(m.to, m.promo ? make_piece(color_of(moved), m.promo - 1) : moved);
    // A promotion cannot be undone: it resets the halfmove clock, as in Fairy-Stockfish (a
    // Shinobi's or a Silver's too), unless its target turns back (turn_over: Kyoto shogi's faces,
    // Fairy-Stockfish's pieceDemotion).
    if (m.promo && info_->promotion_rule[m.promo - 1] < 0) reset_clock = true;
    if (m.promo && info_->promotion_rule[type_of(moved)] >= 0 &&
        info_->promotions[info_->promotion_rule[type_of(moved)]].from_reserve)
      --reserve_tail_[stm_];
    if (info_->explosions.enabled && (u.captured != kEmpty || u.aux_captured != kEmpty)) explode(m.to, u, nv);
  }
  if (m.gate) {  // a piece from the hand enters the square the move left
    put(gate_square(m), make_piece(stm_, gate_type(m.gate)));
    add_to_hand(stm_, gate_type(m.gate), -1);
  }
  if (info_->has_rights()) update_gates(m, u);
  if (info_->drops.enabled) update_exchange(m, u);
  if (info_->hands.enabled && info_->hands.captures) {
    const Piece victim = u.captured != kEmpty ? u.captured : u.aux_captured;
    // A royal piece taken (only a FEN that leaves it attacked allows that) leaves the game: a
    // hand may hold one only before it is first placed (set_fen's rule).
    if (victim != kEmpty && !info_->pieces[type_of(victim)].royal) {
      const int type = info_->hand_type[type_of(victim)];
      if (add_to_hand(stm_, type, 1)) u.hand_gained = std::int8_t(type);
    }
  }

  // In a castling variant an unmoved royal (castling) piece keeps that state only beside an
  // unmoved partner (castling is all it is for, and FEN can only say it that way).
  if (nv && info_->castling.enabled)
    for (Color c : {White, Black}) {
      const Square k = castler(c);
      if (k == kNoSquare || !virgin_[k]) continue;
      bool partner = false;
      for (int f = 0; f < geo().files && !partner; ++f) {
        const Square t = geo().square(f, geo().rank_of(k));
        partner = virgin_[t] && t != k && board_[t] == make_piece(c, info_->castling.partner);
      }
      if (!partner) clear_virgin(k, u, nv);
    }

  // Brouhaha squares left empty become holes.
  for (std::size_t i = 0; i < info_->brouhaha.size(); ++i) {
    const Square s = info_->brouhaha[i];
    if (board_[s] == kEmpty) {
      board_[s] = kHole;
      key_ ^= zobrist::hole(s);
      u.new_holes |= std::uint8_t(1u << i);
    }
  }

  // A multi-square straight non-capturing move of an e.p. victim leaves e.p. squares behind.
  if (pinfo.ep_victim && m.kind == MoveKind::Normal && u.captured == kEmpty) {
    ep_count_ = usable_ep_squares(m, u.moved, ep_);
    for (int i = 0; i < ep_count_; ++i) key_ ^= zobrist::ep(ep_[i]);
    if (ep_count_) ep_victim_ = m.to;
  }

  end_move(m, u, reset_clock);
}

Square Position::castler(Color c) const {
  if (info_->castling.piece < 0) return royal_[c];
  const Geometry& g = geo();
  const Piece p = make_piece(c, info_->castling.piece);
  const int first = c == White ? 0 : g.ranks - 1;
  for (int f = 0; f < g.files; ++f)
    if (const Square s = g.square(f, first); board_[s] == p && virgin_[s]) return s;
  return kNoSquare;
}

// Castling rights from drops (hands' castling_file, Fairy-Stockfish's castlingDroppedPiece): the
// royal piece dropped on that file of its first rank castles with the partners in the rank's
// corners; a partner dropped in a corner castles with the royal piece standing on that square.
void Position::castle_dropped(Square s, Undo& u) {
  const Geometry& g = geo();
  const Piece p = board_[s];
  const Color c = color_of(p);
  const int first = c == White ? 0 : g.ranks - 1;
  if (g.rank_of(s) != first) return;
  const Square king_square = g.square(info_->hands.castling_file, first);
  const Piece partner = make_piece(c, info_->castling.partner);
  const auto give = [&](Square t) {
    if (virgin_[t]) return;
    virgin_[t] = true;
    key_ ^= zobrist::virgin(t);
    u.virgined[u.virgined_count++] = t;
  };
  std::array<Square, 2> corners{g.square(0, first), g.square(g.files - 1, first)};
  if (info_->pieces[type_of(p)].royal && s == king_square) {
    for (Square t : corners)
      if (board_[t] == partner) {
        give(s);
        give(t);
      }
  } else if (p == partner && (s == corners[0] || s == corners[1]) && is_color(board_[king_square], c) &&
             info_->pieces[type_of(board_[king_square])].royal) {
    give(king_square);
    give(s);
  }
}

// Explosions (atomic): the capturer on `at` goes, and every piece on the 8 squares around it
// but the spared types; castling rights go with the royal pieces and partners that explode.
void Position::explode(Square at, Undo& u, int& nv) {
  const Geometry& g = geo();
  u.exploded = true;
  u.blasted_count = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const Square s = Square(at + g.offset(dx, dy));
      const Piece p = board_[s];
      if (s == at || !(is_color(p, White) || is_color(p, Black)) || (info_->explosions.spared >> type_of(p) & 1))
        continue;
      u.blasted[u.blasted_count] = s;
      u.blasted_piece[u.blasted_count++] = p;
      clear_virgin(s, u, nv);
      remove(s);
    }
  remove(at);
}

// One more (n = 1) or one fewer (n = -1) piece of a type in c's hand; the key follows.
// Returns false (and changes nothing) for a hand that already holds kMaxHand of the type.
bool Position::add_to_hand(Color c, int type, int n) {
  if (n > 0 && hand_[c][type] == kMaxHand) return false;  // more cannot be written in a FEN
  if (n > 0) key_ ^= zobrist::hand(c, type, ++hand_[c][type]);
  else key_ ^= zobrist::hand(c, type, hand_[c][type]--);
  return true;
}

// Gating and first-move rights go with a piece that leaves its square (castling: both pieces)
// or is taken there; gating rights all go once the side's hand is empty for good (no captures
// into hands); a first-move right also goes when an enemy piece of a `lost_to` type moves to
// where it would attack the piece on an empty board (Fairy-Stockfish: a Rook's move onto the
// unmoved King's file or rank).
void Position::update_gates(const Move& m, const Undo& u) {
  const Geometry& g = geo();
  const auto lose = [&](Color c, Square s) {
    if (s != kNoSquare && g.rank_of(s) == (c == White ? 0 : g.ranks - 1))
      gates_[c] = std::uint16_t(gates_[c] & ~(1u << g.file_of(s)));
  };
  lose(stm_, m.from);
  if (m.kind == MoveKind::Castling) lose(stm_, m.aux1);
  if (m.kind != MoveKind::Castling && m.kind != MoveKind::Swap) lose(~stm_, m.to);
  if (m.kind == MoveKind::EnPassant || m.kind == MoveKind::Locust) lose(~stm_, m.aux1);
  if (gates_[~stm_] && m.from != kNoSquare)
    for (const FirstMove& fm : info_->first_moves) {
      if (!(fm.lost_to >> type_of(u.moved) & 1)) continue;
      const int rank = stm_ == White ? g.ranks - 1 : 0;
      for (int f = 0; f < g.files; ++f) {
        const Square s = g.square(f, rank);
        if (is_gate(~stm_, s) && board_[s] == make_piece(~stm_, fm.type) && leg_attacks(type_of(u.moved), m.to, s))
          lose(~stm_, s);
      }
    }
  if (info_->hands.enabled && !info_->hands.captures) {
    bool empty = true;
    for (int t = 0; t < int(info_->pieces.size()) && empty; ++t) empty = hand_[stm_][t] == 0;
    if (empty) gates_[stm_] = 0;
  }
  if (gates_ != u.gates) {
    const auto mask = gates_;
    gates_ = u.gates;
    key_ ^= gates_key();
    gates_ = mask;
    key_ ^= gates_key();
  }
}

// Whether a piece of the mover's type `type` on `from` would attack `target` by one of its
// single-leg capturing moves on an empty board (first-move rights' lost_to pieces have only
// those): Fairy-Stockfish takes a King's right when a Rook moves onto its file or rank, whatever
// stands between.
bool Position::leg_attacks(int type, Square from, Square target) const {
  const Geometry& g = geo();
  for (const Path& path : info_->pieces[type].program[stm_].paths) {
    const Leg& leg = path.legs[0];
    if (path.legs.size() != 1 || !(leg.mode & kCapture) || path.virgin_only) continue;  // it has just moved
    const int offset = g.offset(leg.dx, leg.dy);
    Square t = from;
    for (int n = 0; leg.range == 0 || n < leg.range; ++n) {
      t = Square(t + offset);
      if (t == target) return true;
      if (board_[t] == kWall) break;
    }
  }
  return false;
}

std::uint64_t Position::gates_key() const {
  std::uint64_t k = 0;
  for (Color c : {White, Black})
    for (int f = 0; f < kMaxFiles; ++f)
      if (gates_[c] >> f & 1) k ^= zobrist::gate(c, f);
  return k;
}

// Counters, turn phase and side to move after a move (or pass).
// By content (each remaining piece by its place from the front) and credits, so the same
// reserve gives the same key however the position was reached.
std::uint64_t Position::reserve_key() const {
  if (!info_->drops.enabled) return 0;
  std::uint64_t k = 0;
  for (Color c : {White, Black}) {
    for (int i = 0; i < reserve_size(c); ++i) k ^= zobrist::reserve(c, i, reserve_at(c, i));
    k ^= zobrist::credits(c, credits_[c]);
  }
  return k;
}

// The reserve part of the key changes only when a reserve or the credits did.
void Position::update_reserve_key(const Undo& u) {
  if (u.reserve_head == reserve_head_ && u.reserve_tail == reserve_tail_ && u.credits == credits_) return;
  key_ ^= reserve_key_;
  reserve_key_ = reserve_key();
  key_ ^= reserve_key_;
}

void Position::end_move(const Move& m, Undo& u, bool reset_clock) {
  u.checks_left = checks_left_;
  update_reserve_key(u);
  // A pass of a variant with pass: counts as a move, as in Fairy-Stockfish (a later move's pass does not).
  if (m.kind != MoveKind::Pass || info_->pass) halfmove_ = reset_clock ? 0 : std::min(halfmove_ + 1, kMaxCounter);
  if (last_moved_ != kNoSquare) key_ ^= zobrist::last_moved(last_moved_);
  const int turn_moves = fullmove_ == 1 && stm_ == White ? info_->turn.first_turn_moves : info_->turn.moves;
  const bool drop_next = info_->drops.enabled && phase_ == 0 && m.kind != MoveKind::Pass &&
                         m.kind != MoveKind::Drop && can_drop(stm_);
  if (drop_next || (m.kind != MoveKind::Pass && m.kind != MoveKind::Drop && phase_ + 1 < turn_moves)) {
    ++phase_;
    last_moved_ = m.to;
    key_ ^= zobrist::last_moved(last_moved_);
  } else {
    phase_ = 0;
    last_moved_ = kNoSquare;
    if (stm_ == Black) fullmove_ = std::min(fullmove_ + 1, kMaxCounter);
    stm_ = ~stm_;
    key_ ^= zobrist::side();
    if (info_->ends.checks) count_check();
    if (info_->ends.counting.enabled) update_counting(m, u);
  }
  ++ply_;
}

// n-check: a move that leaves the opponent's royal piece attacked is one more check given. The
// position knows no generated module, so the interpreter's attack test decides.
void Position::count_check() {
  const Color mover = ~stm_;
  if (royal_[stm_] == kNoSquare || checks_left_[mover] == 0 ||
      !Interpreter(*info_).attacked(*this, royal_[stm_], mover))
    return;
  key_ ^= zobrist::checks_left(mover, checks_left_[mover]);
  --checks_left_[mover];
  key_ ^= zobrist::checks_left(mover, checks_left_[mover]);
}

void Position::update_counting(const Move& m, const Undo& u) {
  const int pawn = info_->ends.counting.pawn;
  auto is_pawn = [pawn](Piece p) { return (is_color(p, White) || is_color(p, Black)) && type_of(p) == pawn; };
  const bool captured = u.captured != kEmpty || u.aux_captured != kEmpty;
  counting_ = next_counting(*this, counting_, is_pawn(u.captured) || is_pawn(u.aux_captured), captured || m.promo);
}

bool Position::can_drop(Color c) const {
  if (!info_->drops.enabled || credits_[c] == 0 || reserve_size(c) == 0) return false;
  const Geometry& g = geo();
  for (int r = 0; r < info_->drops.zone; ++r)
    for (int f = 0; f < g.files; ++f)
      if (board_[g.square(f, c == White ? r : g.ranks - 1 - r)] == kEmpty) return true;
  return false;
}

int Position::usable_ep_squares(const Move& m, Piece mover, std::array<Square, kMaxEp>& out) const {
  if (m.kind != MoveKind::Normal || !info_->pieces[type_of(mover)].ep_victim) return 0;
  const Geometry& g = geo();
  const int dx = g.file_of(m.to) - g.file_of(m.from);
  const int dy = g.rank_of(m.to) - g.rank_of(m.from);
  const int n = std::gcd(std::abs(dx), std::abs(dy));
  if (n < 2 || n - 1 > kMaxEp || std::abs(dx) / n > 1 || std::abs(dy) / n > 1) return 0;
  const Color them = ~color_of(mover);
  const int step = g.offset(dx / n, dy / n);
  int count = 0;
  for (int k = 1; k < n; ++k) {
    const Square s = Square(m.from + k * step);
    if (info_->ep_ranks && !(info_->ep_ranks >> g.relative_rank(s, ~them) & 1)) continue;
    for (const auto& cap : info_->ep_capturers[them])
      if (board_[s - cap.offset] == make_piece(them, cap.type)) {
        out[count++] = s;
        break;
      }
  }
  return count;
}

// Exchanges earn drop credits (see DropRule). Taking the piece of a pending exchange completes
// it: that piece's owner earns a credit, and so does the owner of what it took, unless that
// piece earned one already (a chain of recaptures). A capture opens an exchange when neither the
// capturer, as it moved (a pawn that promotes is a pawn), nor its victim is a pawn.
void Position::update_exchange(const Move& m, const Undo& u) {
  const Piece taken = exchange_ == kNoSquare                             ? kEmpty
                      : u.captured != kEmpty && m.to == exchange_       ? u.captured
                      : u.aux_captured != kEmpty && m.aux1 == exchange_ ? u.aux_captured
                                                                        : kEmpty;
  const bool completed = taken != kEmpty;
  if (completed) {
    const auto earn = [this](Color c) {
      if (credits_[c] < kMaxCredits) ++credits_[c];
    };
    earn(color_of(taken));
    if (!exchange_credited_) earn(~color_of(taken));
  }
  const int pawn = info_->drops.pawn;
  const Piece victim = u.captured != kEmpty ? u.captured : u.aux_captured;
  key_ ^= exchange_key();
  exchange_ = victim != kEmpty && type_of(u.moved) != pawn && type_of(victim) != pawn ? m.to : kNoSquare;
  exchange_credited_ = exchange_ != kNoSquare && completed;
  key_ ^= exchange_key();
}

std::uint64_t Position::exchange_key() const {
  return exchange_ == kNoSquare ? 0 : zobrist::exchange(exchange_, exchange_credited_);
}

void Position::unmake() {
  const Undo& u = undo_.back();
  const Move& m = u.move;
  --ply_;
  if (phase_ == 0) stm_ = ~stm_;  // the move ended a turn
  fullmove_ = u.fullmove;
  phase_ = u.phase;
  last_moved_ = u.last_moved;
  reserve_head_ = u.reserve_head;
  reserve_tail_ = u.reserve_tail;
  credits_ = u.credits;
  exchange_ = u.exchange;
  exchange_credited_ = u.exchange_credited;
  checks_left_ = u.checks_left;
  counting_ = u.counting;
  reserve_key_ = u.reserve_key;
  if (u.hand_gained >= 0) --hand_[stm_][u.hand_gained];
  gates_ = u.gates;
  if (m.kind == MoveKind::Drop) {
    remove(m.to);
    if (info_->hands.enabled) ++hand_[stm_][info_->hand_type[m.promo - 1]];
    for (int i = 0; i < u.virgined_count; ++i) virgin_[u.virgined[i]] = false;
  }
  if (m.kind == MoveKind::Drop || m.kind == MoveKind::Pass) {
    ep_ = u.ep;
    ep_count_ = u.ep_count;
    ep_victim_ = u.ep_victim;
    halfmove_ = u.halfmove;
    key_ = u.key;
    undo_.pop_back();
    return;
  }
  for (std::size_t i = 0; i < info_->brouhaha.size(); ++i)
    if (u.new_holes & (1u << i)) board_[info_->brouhaha[i]] = kEmpty;
  if (m.gate) {
    remove(gate_square(m));
    ++hand_[stm_][gate_type(m.gate)];
  }

  if (m.kind == MoveKind::Swap) {
    move_pair(m.to, m.from, m.from, m.to);
  } else if (m.kind == MoveKind::Castling) {
    move_pair(m.to, m.from, m.aux2, m.aux1);
  } else {
    if (u.exploded) {
      put(m.to, m.promo ? make_piece(color_of(u.moved), m.promo - 1) : u.moved);
      for (int i = 0; i < u.blasted_count; ++i) put(u.blasted[i], u.blasted_piece[i]);
    }
    remove(m.to);
    if (u.captured != kEmpty) put(m.to, u.captured);
    put(m.from, u.moved);
    if (u.aux_captured != kEmpty) put(m.aux1, u.aux_captured);
  }
  for (int i = 0; i < u.unvirgined_count; ++i) virgin_[u.unvirgined[i]] = true;
  ep_ = u.ep;
  ep_count_ = u.ep_count;
  ep_victim_ = u.ep_victim;
  halfmove_ = u.halfmove;
  key_ = u.key;
  undo_.pop_back();
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = 0;
  const Geometry& g = geo();
  for (int r = 0; r < g.ranks; ++r)
    for (int f = 0; f < g.files; ++f) {
      const Square s = g.square(f, r);
      if (is_color(board_[s], White) || is_color(board_[s], Black)) k ^= zobrist::piece(board_[s], s);
      if (virgin_[s]) k ^= zobrist::virgin(s);
      if (board_[s] == kHole) k ^= zobrist::hole(s);
    }
  for (int i = 0; i < ep_count_; ++i) k ^= zobrist::ep(ep_[i]);
  if (stm_ == Black) k ^= zobrist::side();
  if (last_moved_ != kNoSquare) k ^= zobrist::last_moved(last_moved_);
  if (info_->ends.checks)
    for (Color c : {White, Black}) k ^= zobrist::checks_left(c, checks_left_[c]);
  if (info_->hands.enabled)
    for (Color c : {White, Black})
      for (int t = 0; t < int(info_->pieces.size()); ++t)
        for (int n = 1; n <= hand_[c][t]; ++n) k ^= zobrist::hand(c, t, n);
  return k ^ reserve_key_ ^ exchange_key() ^ gates_key();
}

// ---------------------------------------------------------------- FEN

namespace {
std::vector<std::pair<std::string_view, int>> split_fields(std::string_view fen) {
  std::vector<std::pair<std::string_view, int>> out;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    if (i > start) out.emplace_back(fen.substr(start, i - start), int(start));
  }
  return out;
}

// A whole number from 0 to `max` (Position::kMaxCounter unless said otherwise).
int parse_counter(std::string_view text, int offset, const char* what, int max = Position::kMaxCounter) {
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
    throw FenError(std::string("bad ") + what + " '" + std::string(text) + "'", offset + 1);
  long long value = 0;
  for (char ch : text)
    if ((value = value * 10 + (ch - '0')) > max)
      throw FenError(std::string(what) + " '" + std::string(text) + "' is more than " + std::to_string(max), offset + 1);
  return int(value);
}
}  // namespace

// "[RPPbp]" (the brackets stripped): pieces in hand, White's in upper case; "-" or nothing: none.
void Position::parse_hands(std::string_view text, int offset) {
  if (text == "-") return;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const int type = info_->type_of_letter(char(std::toupper(static_cast<unsigned char>(ch))));
    if (type < 0 || info_->hand_type[type] != type)
      throw FenError(std::string("no piece '") + ch + "' can be in a hand in " + info_->key, offset + int(i) + 1);
    const Color c = std::isupper(static_cast<unsigned char>(ch)) ? White : Black;
    // A royal piece is never captured, so it is in a hand only before it is first placed
    // (placement): never beside one on the board or another in the hand (a second one).
    if (info_->pieces[type].royal) {
      int royals = 0;
      for (int t = 0; t < int(info_->pieces.size()); ++t)
        if (info_->pieces[t].royal) royals += count_[c][t] + hand_[c][t];
      if (royals > 0)
        throw FenError(std::string("a royal piece ('") + ch + "') in a hand beside another royal piece of " +
                           (c == White ? "White" : "Black"),
                       offset + int(i) + 1);
    }
    if (hand_[c][type] == kMaxHand)
      throw FenError("more than " + std::to_string(kMaxHand) + " of one piece in a hand", offset + int(i) + 1);
    ++hand_[c][type];
  }
}

// Pieces in hand, White's then Black's, each in the variant's piece order.
std::string Position::hand_field() const {
  std::string out = "[";
  for (Color c : {White, Black})
    for (int t = 0; t < int(info_->pieces.size()); ++t)
      out += std::string(hand_[c][t], info_->letter_of(make_piece(c, t)));
  return out + "]";
}

void Position::parse_board(std::string_view text, int offset) {
  const Geometry& g = geo();
  struct Reader {
    Position& pos;
    std::string_view text;
    int offset;
    int col(std::size_t at) const { return offset + int(at) + 1; }
    Piece piece(char letter, char mark, std::size_t at) const {
      const int type = pos.info_->type_of_token(char(std::toupper(static_cast<unsigned char>(letter))), mark);
      if (type < 0)
        throw FenError(std::string(mark ? "unknown piece '" : "unknown piece letter '") + (mark == '+' ? "+" : "") + letter +
                           (mark == '~' ? "~" : "") + "' in " + pos.info_->key,
                       col(at));
      return make_piece(std::isupper(static_cast<unsigned char>(letter)) ? White : Black, type);
    }
    void put(int file, int rank, Piece p) const { pos.put(pos.geo().square(file, rank), p); }
    void hole(int file, int rank) const { pos.board_[pos.geo().square(file, rank)] = kHole; }
    // A piece in hand ends the board: "...[Qn]".
    bool hands(std::size_t at) const {
      if (!pos.info_->hands.enabled) return false;
      if (text.back() != ']') throw FenError("the hand must end with ']'", offset + int(text.size()));
      pos.parse_hands(text.substr(at + 1, text.size() - at - 2), col(at));
      return true;
    }
    [[noreturn]] void fault(FenBoardFault f, const FenBoardPlace& p) const {
      const Geometry& g = pos.geo();
      const std::string rank = std::to_string(p.rank + 1);
      switch (f) {
        case FenBoardFault::RankLength:
          throw FenError("rank " + rank + " has " + std::to_string(p.file) + " squares, expected " + std::to_string(g.files), col(p.at));
        case FenBoardFault::TooManyRanks:
          throw FenError("too many ranks, expected " + std::to_string(g.ranks), col(p.at));
        case FenBoardFault::EmptyRun:
          throw FenError("empty run of " + std::string(p.run) + " does not fit rank " + rank + " (" +
                             std::to_string(g.files - p.file) + " squares left)",
                         col(p.at));
        case FenBoardFault::RankTooLong:
          throw FenError("rank " + rank + " is too long", col(p.at));
        case FenBoardFault::Size:
          break;
      }
      throw FenError("board has " + std::to_string(g.ranks - p.rank) + " ranks, the last with " + std::to_string(p.file) +
                         " squares; expected " + std::to_string(g.ranks) + " ranks of " + std::to_string(g.files),
                     col(p.at));  // an empty board (the hand first): at its '['
    }
  };
  read_fen_board(text, g.files, g.ranks, Reader{*this, text, offset});
}

// The castling piece that is not royal (castling: {piece: ...}) that a castling right in a FEN
// is for, as Fairy-Stockfish finds its castling king: the only one on the side's first rank, or
// with several the one on the file where the start position has it (kNoSquare: none).
Square Position::castling_piece_for_fen(Color c) const {
  const Geometry& g = geo();
  const Piece p = make_piece(c, info_->castling.piece);
  const int first = c == White ? 0 : g.ranks - 1;
  Square only = kNoSquare, at_start = kNoSquare;
  int n = 0;
  for (int f = 0; f < g.files; ++f) {
    const Square s = g.square(f, first);
    if (board_[s] != p) continue;
    ++n;
    only = s;
    if (info_->start_board[s] == p) at_start = s;
  }
  return n == 1 ? only : at_start;
}

void Position::parse_castling(std::string_view text, int offset) {
  if (text == "-") return;
  const Geometry& g = geo();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const int col = offset + int(i) + 1;
    const Color c = std::isupper(static_cast<unsigned char>(ch)) ? White : Black;
    const char up = char(std::toupper(static_cast<unsigned char>(ch)));
    if ((info_->hands.gating && up != 'K' && up != 'Q') || !info_->first_moves.empty()) {
      parse_gate(ch, col);
      continue;
    }
    const Square k = info_->castling.enabled && info_->castling.piece >= 0 ? castling_piece_for_fen(c) : royal_[c];
    if (k == kNoSquare)
      throw FenError(std::string("castling right '") + ch + "' but no " +
                         (info_->castling.enabled && info_->castling.piece >= 0
                              ? info_->pieces[info_->castling.piece].name + " on its first rank"
                              : std::string("royal piece")),
                     col);
    virgin_[k] = true;
    if (up == 'K' || up == 'Q') {
      if (!info_->castling.enabled) {
        if (up == 'K') continue;  // without castling, K/k marks an unmoved royal piece
        throw FenError(std::string("castling right '") + ch + "' in a variant without castling", col);
      }
      // The outermost partner on the royal's rank, on the king (higher files) or queen side.
      const int dir = up == 'K' ? 1 : -1;
      Square found = kNoSquare;
      for (int f = g.file_of(k) + dir; f >= 0 && f < g.files; f += dir) {
        const Square s = g.square(f, g.rank_of(k));
        if (board_[s] == make_piece(c, info_->castling.partner)) found = s;
      }
      if (found == kNoSquare) throw FenError(std::string("castling right '") + ch + "' but no partner on that side", col);
      virgin_[found] = true;
      if (info_->hands.gating)  // K and Q also give the royal piece and the partner gating rights
        for (Square s : {k, found})
          if (g.rank_of(s) == (c == White ? 0 : g.ranks - 1)) gates_[c] = std::uint16_t(gates_[c] | 1u << g.file_of(s));
    } else if (up >= 'A' && up < 'A' + g.files && info_->castling.enabled) {
      const Square s = g.square(up - 'A', g.rank_of(k));
      if (board_[s] != make_piece(c, info_->castling.partner))
        throw FenError(std::string("castling right '") + ch + "' but no partner on that file", col);
      virgin_[s] = true;
    } else {
      throw FenError(std::string("bad castling field character '") + ch + "'", col);
    }
  }
}

// A file letter in the castling field of a gating variant: the gating right of the side's piece
// on that file of its first rank.
void Position::parse_gate(char letter, int column) {
  const Geometry& g = geo();
  const Color c = std::isupper(static_cast<unsigned char>(letter)) ? White : Black;
  const int file = std::toupper(static_cast<unsigned char>(letter)) - 'A';
  if (file < 0 || file >= g.files) throw FenError(std::string("bad castling field character '") + letter + "'", column);
  const Square s = g.square(file, c == White ? 0 : g.ranks - 1);
  if (!is_color(board_[s], c))
    throw FenError(std::string("gating right '") + letter + "' but no " + (c == White ? "White" : "Black") +
                       " piece on " + g.name(s),
                   column);
  gates_[c] = std::uint16_t(gates_[c] | 1u << file);
}

// After the castling field, as Fairy-Stockfish reads it: a side with an empty hand (for good)
// has no gating rights; a royal piece and castling partners with gating rights but no castling
// right written castle all the same.
// A castling partner with a gating right but no castling right beside an unmoved royal piece
// (`KA` for the Rook on a1) cannot arise in play, and no FEN could write what it becomes once
// the royal piece loses its right (`AE` reads as castling): the field is refused.
void Position::finish_gates(int column) {
  const Geometry& g = geo();
  for (Color c : {White, Black}) {
    bool empty = true;
    for (int t = 0; t < int(info_->pieces.size()) && empty; ++t) empty = hand_[c][t] == 0;
    if (empty && !info_->hands.captures) gates_[c] = 0;
    const Square k = royal_[c];
    if (!info_->castling.enabled || k == kNoSquare || !is_gate(c, k)) continue;
    const bool royal_castles = virgin_[k];  // as written, before the partners below
    for (int f = 0; f < g.files; ++f) {
      const Square s = g.square(f, g.rank_of(k));
      if (s == k || !is_gate(c, s) || board_[s] != make_piece(c, info_->castling.partner)) continue;
      if (!royal_castles)
        virgin_[s] = virgin_[k] = true;
      else if (!virgin_[s])
        throw FenError("castling field: the castling partner on " + g.name(s) +
                           " has a gating right but no castling right while the royal piece on " + g.name(k) +
                           " has one (write its castling letter instead)",
                       column);
    }
  }
}

void Position::parse_ep(std::string_view text, int offset) {
  if (text == "-") return;
  if (info_->ends.counting.enabled && std::isdigit(static_cast<unsigned char>(text[0]))) {
    counting_.limit = parse_counter(text, offset, "counting limit", kMaxCountingLimit);
    return;
  }
  const Geometry& g = geo();
  std::size_t i = 0;
  while (i < text.size()) {
    auto [s, used] = g.parse(text.substr(i));
    if (used == 0) throw FenError("bad en-passant square in '" + std::string(text) + "'", offset + int(i) + 1);
    if (ep_count_ == kMaxEp) throw FenError("more than " + std::to_string(kMaxEp) + " en-passant squares", offset + int(i) + 1);
    if (board_[s] != kEmpty) throw FenError("en-passant square " + g.name(s) + " is not empty", offset + int(i) + 1);
    ep_[ep_count_++] = s;
    i += used;
  }
}

// The piece that left the e.p. squares, a piece of the last mover (so this needs the turn
// phase): the first piece beyond the square furthest from where it came from, past passed
// squares that no enemy could capture on and that the FEN therefore leaves out.
void Position::find_ep_victim(int offset) {
  if (ep_count_ == 0) return;
  const Geometry& g = geo();
  const Color mover = last_mover();
  const int fwd = mover == White ? 1 : -1;
  Square far = ep_[0];
  for (int k = 1; k < ep_count_; ++k)
    if (g.relative_rank(ep_[k], mover) > g.relative_rank(far, mover)) far = ep_[k];
  Square t = far;
  for (int k = 0; k < kMaxEp && (k == 0 || board_[t] == kEmpty); ++k) t = Square(t + g.offset(0, fwd));
  if (!is_color(board_[t], mover) || !info_->pieces[type_of(board_[t])].ep_victim)
    throw FenError("no piece that could have passed the en-passant square " + g.name(far), offset + 1);
  ep_victim_ = t;
}

// The turn phase of a multi-move turn: "2:f3" = the second move, the piece moved first is on f3.
void Position::parse_phase(std::string_view text, int offset) {
  const auto colon = text.find(':');
  int turn_moves = fullmove_ == 1 && stm_ == White ? info_->turn.first_turn_moves : info_->turn.moves;
  if (info_->drops.enabled) turn_moves = 2;  // a move, then a drop
  if (colon == std::string_view::npos || colon == 0)
    throw FenError("turn phase must look like 2:f3, not '" + std::string(text) + "'", offset + 1);
  const int move = parse_counter(text.substr(0, colon), offset, "turn phase");
  if (move < 2 || move > turn_moves)
    throw FenError("this turn has no move " + std::to_string(move) + " (" + std::to_string(turn_moves) + " per turn)",
                   offset + 1);
  const auto [s, used] = geo().parse(text.substr(colon + 1));
  if (used == 0 || colon + 1 + used != text.size())
    throw FenError("bad square after the turn phase in '" + std::string(text) + "'", offset + int(colon) + 2);
  if (!is_color(board_[s], stm_))
    throw FenError("the square " + geo().name(s) + " in the turn phase holds no piece of the side to move",
                   offset + int(colon) + 2);
  phase_ = move - 1;
  last_moved_ = s;
}

// "{HSJT:1}{oxnc}": each side's reserve in drop order, optionally ':' and its drop credits.
void Position::parse_reserves(std::string_view text, int offset) {
  if (!info_->drops.enabled) throw FenError("this variant has no reserves", offset + 1);
  std::size_t i = 0;
  for (Color c : {White, Black}) {
    if (i >= text.size() || text[i] != '{')
      throw FenError("reserves must look like {WHITE}{black}", offset + int(i) + 1);
    ++i;
    while (i < text.size() && text[i] != '}' && text[i] != ':') {
      const char ch = text[i];
      const int type = info_->type_of_letter(char(std::toupper(static_cast<unsigned char>(ch))));
      if (type < 0) throw FenError(std::string("unknown piece letter '") + ch + "' in the reserve", offset + int(i) + 1);
      if ((std::isupper(static_cast<unsigned char>(ch)) != 0) != (c == White))
        throw FenError(std::string("'") + ch + "' is in the wrong side's reserve", offset + int(i) + 1);
      // A royal piece dropped beside the side's royal piece would be a second one (the board
      // allows one), and the drop rules never put one in a reserve.
      if (info_->pieces[std::size_t(type)].royal)
        throw FenError(std::string("'") + ch + "' is a royal piece, which no reserve may hold", offset + int(i) + 1);
      if (reserve_tail_[c] == kMaxReserve) throw FenError("more than 16 reserve pieces", offset + int(i) + 1);
      reserve_[c][reserve_tail_[c]++] = std::uint8_t(type);
      ++i;
    }
    if (i < text.size() && text[i] == ':') {
      const std::size_t start = ++i;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
      credits_[c] = std::uint8_t(parse_counter(text.substr(start, i - start), offset + int(start), "drop credits", kMaxCredits));
    }
    if (i >= text.size() || text[i] != '}') throw FenError("unterminated reserve", offset + int(i) + 1);
    ++i;
  }
  if (i != text.size()) throw FenError("unexpected text after the reserves", offset + int(i) + 1);
}

// "xd8": a pending exchange on d8, a recapture there credits both sides; "xd8:1": only the
// owner of the piece on d8 (what it took had earned its credit already).
void Position::parse_exchange(std::string_view text, int offset) {
  if (!info_->drops.enabled) throw FenError("this variant has no exchanges (no drops)", offset + 1);
  const auto [s, used] = geo().parse(text.substr(1));
  const std::string_view rest = used ? text.substr(1 + used) : text;
  if (used == 0 || (rest != "" && rest != ":1"))
    throw FenError("a pending exchange must look like xd8 or xd8:1, not '" + std::string(text) + "'", offset + 1);
  exchange_ = s;
  exchange_credited_ = rest == ":1";
}

// The piece on the exchange square made the last normal move and is no pawn.
void Position::check_exchange(int offset) const {
  if (exchange_ == kNoSquare) return;
  const Piece p = board_[exchange_];
  if (!is_color(p, last_mover()) || type_of(p) == info_->drops.pawn)
    throw FenError("the pending exchange's square " + geo().name(exchange_) + " holds no piece (other than a pawn) of " +
                       (last_mover() == White ? "White" : "Black") + ", who moved last",
                   offset + 1);
}

std::string Position::reserve_field() const {
  std::string out;
  for (Color c : {White, Black}) {
    out += '{';
    for (int i = 0; i < reserve_size(c); ++i) out += info_->letter_of(make_piece(c, reserve_at(c, i)));
    if (credits_[c]) out += ':' + std::to_string(credits_[c]);
    out += '}';
  }
  return out;
}

// n-check: "W+B", the checks each side has still to give (Fairy-Stockfish's field, after the
// e.p. field).
void Position::parse_checks(std::string_view text, int offset) {
  const std::string what = "check counter must be W+B, each a digit from 0 to " + std::to_string(info_->ends.checks);
  if (text.size() != 3 || text[1] != '+') throw FenError(what, offset + 1);
  for (int i : {0, 2})
    if (text[i] < '0' || text[i] - '0' > info_->ends.checks) throw FenError(what, offset + i + 1);
  checks_left_ = {std::uint8_t(text[0] - '0'), std::uint8_t(text[2] - '0')};
}

void Position::set_fen(std::string_view fen) {
  clear();
  auto fields = split_fields(fen);
  if (info_->ends.checks && fields.size() > 4 && fields[4].first.find('+') != std::string_view::npos) {
    parse_checks(fields[4].first, fields[4].second);
    fields.erase(fields.begin() + 4);
  }
  if (fields.empty()) throw FenError("empty FEN", 1);
  if (fields.size() > 9) throw FenError("too many FEN fields", fields[9].second + 1);
  parse_board(fields[0].first, fields[0].second);
  if (fields.size() > 1) {
    const auto [side, off] = fields[1];
    if (side == "w") stm_ = White;
    else if (side == "b") stm_ = Black;
    else throw FenError("side to move must be 'w' or 'b', not '" + std::string(side) + "'", off + 1);
  }
  if (fields.size() > 2) parse_castling(fields[2].first, fields[2].second);
  if (info_->hands.gating) finish_gates(fields.size() > 2 ? fields[2].second + 1 : 1);
  if (fields.size() > 3) parse_ep(fields[3].first, fields[3].second);
  if (fields.size() > 4) halfmove_ = parse_counter(fields[4].first, fields[4].second, "halfmove clock");
  if (counting_.limit) {  // the halfmove field holds the count (Fairy-Stockfish)
    counting_.ply = halfmove_;
    halfmove_ = 0;
  }
  if (fields.size() > 5) {
    fullmove_ = parse_counter(fields[5].first, fields[5].second, "move number");
    if (fullmove_ < 1) fullmove_ = 1;
  }
  // The extensions, in this order, each optional: turn phase, pending exchange, reserves.
  int exchange_offset = 0, order = 0;
  for (std::size_t i = 6; i < fields.size(); ++i) {
    const auto [text, off] = fields[i];
    const int kind = text[0] == '{' ? 3 : text[0] == 'x' ? 2 : 1;
    if (kind <= order) throw FenError("unexpected FEN field '" + std::string(text) + "'", off + 1);
    order = kind;
    if (kind == 3) parse_reserves(text, off);
    else if (kind == 2) parse_exchange(text, exchange_offset = off);
    else parse_phase(text, off);
  }
  if (fields.size() > 3) find_ep_victim(fields[3].second);
  check_exchange(exchange_offset);
  for (Square s : info_->brouhaha)
    if (board_[s] == kEmpty) board_[s] = kHole;  // an empty brouhaha square is a hole already
  if (phase_ && info_->drops.enabled && !can_drop(stm_)) {  // at the turn phase field ("2:g1")
    const auto phase = std::find_if(fields.begin() + 6, fields.end(),
                                    [](const auto& f) { return std::isdigit(static_cast<unsigned char>(f.first[0])); });
    throw FenError(std::string("a drop follows, but ") + (stm_ == White ? "White" : "Black") +
                       " has nothing to drop (that needs a drop credit, a reserve piece and an empty square in the "
                       "drop zone)",
                   phase->second + 1);
  }
  for (Color c : {White, Black}) {
    int royals = 0;
    for (int t = 0; t < int(info_->pieces.size()); ++t)
      if (info_->pieces[t].royal) royals += count_[c][t];
    if (royals > 1) throw FenError(std::string(c == White ? "White" : "Black") + " has more than one royal piece", 1);
  }
  reserve_key_ = reserve_key();
  key_ = compute_key();
}

std::string Position::castling_field() const {
  const Geometry& g = geo();
  std::string out;
  for (Color c : {White, Black}) {
    const auto cased = [c](char up) { return c == White ? up : char(up + ('a' - 'A')); };
    const Square k = castler(c);
    if (k != kNoSquare && virgin_[k] && !info_->castling.enabled) out += cased('K');
    for (int dir : {1, -1}) {
      if (k == kNoSquare || !virgin_[k] || !info_->castling.enabled) break;
      Square outer = kNoSquare;
      for (int f = g.file_of(k) + dir; f >= 0 && f < g.files; f += dir) {
        const Square s = g.square(f, g.rank_of(k));
        if (board_[s] == make_piece(c, info_->castling.partner)) outer = s;
      }
      for (int f = g.file_of(k) + dir; f >= 0 && f < g.files; f += dir) {
        const Square s = g.square(f, g.rank_of(k));
        if (!virgin_[s]) continue;
        out += s == outer ? cased(dir == 1 ? 'K' : 'Q') : cased(char('A' + f));
      }
    }
    // Gating rights, as Fairy-Stockfish writes them: the files of the other squares that have one.
    for (int f = 0; f < g.files && info_->has_rights(); ++f) {
      const Square s = g.square(f, c == White ? 0 : g.ranks - 1);
      if (is_gate(c, s) && !virgin_[s]) out += cased(char('A' + f));
    }
  }
  return out.empty() ? "-" : out;
}

std::string Position::fen() const {
  const Geometry& g = geo();
  std::string out = board_fen(g, [this](Square s) {
    const Piece p = board_[s];
    return p == kEmpty ? PieceToken() : p == kHole ? PieceToken('*') : info_->token(p);
  });
  if (info_->hands.enabled) out += hand_field();
  out += stm_ == White ? " w " : " b ";
  out += castling_field();
  out += ' ';
  if (counting_.limit) out += std::to_string(counting_.limit);  // in place of e.p. squares
  else if (ep_count_ == 0) out += '-';
  for (int i = 0; i < ep_count_ && !counting_.limit; ++i) out += g.name(ep_[i]);
  if (info_->ends.checks) out += ' ' + std::to_string(checks_left_[White]) + '+' + std::to_string(checks_left_[Black]);
  out += ' ' + std::to_string(counting_.limit ? counting_.ply : halfmove_) + ' ' + std::to_string(fullmove_);
  if (phase_) out += ' ' + std::to_string(phase_ + 1) + ':' + g.name(last_moved_);
  if (exchange_ != kNoSquare) out += " x" + g.name(exchange_) + (exchange_credited_ ? ":1" : "");
  if (info_->drops.enabled) out += ' ' + reserve_field();
  return out;
}

}  // namespace fairy
