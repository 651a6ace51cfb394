#include "engine/search.hpp"

#include <algorithm>
#include <cstring>

#include "runtime/movegen.hpp"

namespace fairy::search {

namespace {

using Clock = std::chrono::steady_clock;

enum Bound : std::uint8_t { kNone, kUpper, kLower, kExact };

struct TtEntry {
  std::uint64_t key = 0;
  Move move;
  std::int32_t score = 0;
  std::int8_t depth = -1;
  Bound bound = kNone;
};

// Mate scores are stored relative to the node, read back relative to the root.
int to_tt(int score, int ply) { return score > kMateBound ? score + ply : score < -kMateBound ? score - ply : score; }
int from_tt(int score, int ply) { return score > kMateBound ? score - ply : score < -kMateBound ? score + ply : score; }

int end_score(EndValue v, int ply) {
  return v == EndValue::Win ? kMate - ply : v == EndValue::Loss ? -(kMate - ply) : 0;
}

}  // namespace

int mate_in(int score) {
  if (score > kMateBound) return (kMate - score + 1) / 2;
  if (score < -kMateBound) return -(kMate + score) / 2;
  return 0;
}

struct Searcher::Impl {
  Impl(const Engine& e, const Evaluator& ev, std::atomic<bool>& stop, std::size_t hash_mb)
      : engine(e), info(e.variant()), eval(ev), stop(stop) {
    resize(hash_mb);
  }

  void resize(std::size_t hash_mb) {
    std::size_t n = 1;
    while (n * 2 * sizeof(TtEntry) <= std::max<std::size_t>(hash_mb, 1) << 20) n *= 2;
    tt.assign(n, TtEntry{});
  }
  void clear() {
    std::fill(tt.begin(), tt.end(), TtEntry{});
    std::memset(history, 0, sizeof history);
  }

  const Engine& engine;
  const VariantInfo& info;
  const Evaluator& eval;
  std::atomic<bool>& stop;
  std::vector<TtEntry> tt;
  int history[2][kMaxPieceTypes + 1][kMaxSquares] = {};
  Move killers[kMaxSearchPly][2] = {};
  Move pv[kMaxSearchPly + 1][kMaxSearchPly + 1] = {};
  int pv_length[kMaxSearchPly + 1] = {};
  std::vector<std::uint64_t> keys;  // positions before the current node: game, then search path
  std::uint64_t nodes = 0;
  Clock::time_point start, soft_deadline, hard_deadline;
  bool timed = false;
  std::uint64_t node_limit = 0;
  int root_depth = 0;
  Move first_root;  // the root move searched first in this iteration (the hash move, a capture, ...)

  TtEntry& slot(std::uint64_t key) { return tt[key & (tt.size() - 1)]; }

  // A limit ends the search at any node, even before a root move is searched in full (a tree of
  // captures in quiescence can be large: grasshopper's ran to 300,000 nodes under a limit of 300).
  void poll() {
    if (node_limit && nodes >= node_limit) stop = true;
    if ((nodes & 1023) == 0 && timed && Clock::now() >= hard_deadline) stop = true;
  }

  // Whether pos repeats a position since the last irreversible move (halfmove clock).
  bool repeated(const Position& pos) const {
    if (!info.ends.repetition) return false;
    const std::size_t n = keys.size();
    const std::size_t back = std::min<std::size_t>(n, std::size_t(pos.halfmove_clock()) + 2);
    for (std::size_t i = 1; i <= back; ++i)
      if (keys[n - i] == pos.key()) return true;
    return false;
  }
  int repetition_score(int ply) const { return end_score(info.ends.repetition_value, ply); }

  int victim_value(const Position& pos, const Move& m) const {
    Square at = m.to;
    if (m.kind == MoveKind::EnPassant || m.kind == MoveKind::Locust) at = m.aux1;
    if (at == kNoSquare || m.kind == MoveKind::Swap || m.kind == MoveKind::Castling) return 0;
    const Piece p = pos.at(at);
    return is_color(p, ~pos.side_to_move()) ? eval.value(type_of(p)) + 1 : 0;
  }
  int mover_type(const Position& pos, const Move& m) const {
    if (m.kind == MoveKind::Drop) return m.promo - 1;
    if (m.from == kNoSquare) return kMaxPieceTypes;
    return type_of(pos.at(m.from));
  }
  bool tactical(const Position& pos, const Move& m) const {
    return is_capture(pos, m) || (m.promo && m.kind != MoveKind::Drop);
  }

  // Orders moves[first..] by score, best first (selection happens lazily in pick()).
  void score_moves(const Position& pos, const MoveList& moves, int* scores, const Move& hash_move, int ply) const {
    const Color us = pos.side_to_move();
    for (int i = 0; i < moves.size; ++i) {
      const Move& m = moves[i];
      int s = 0;
      if (m == hash_move) {
        s = 1 << 30;
      } else if (const int victim = victim_value(pos, m); victim || is_capture(pos, m)) {
        const int mover = mover_type(pos, m);
        s = (1 << 28) + victim * 16 - (mover < kMaxPieceTypes ? eval.value(mover) / 16 : 0);
      } else if (m.promo && m.kind != MoveKind::Drop) {
        s = (1 << 27) + eval.value(m.promo - 1);
      } else if (ply < kMaxSearchPly && m == killers[ply][0]) {
        s = (1 << 26) + 1;
      } else if (ply < kMaxSearchPly && m == killers[ply][1]) {
        s = 1 << 26;
      } else {
        s = history[us][mover_type(pos, m)][m.to == kNoSquare ? 0 : m.to];
      }
      scores[i] = s;
    }
  }
  static void pick(MoveList& moves, int* scores, int i) {
    int best = i;
    for (int j = i + 1; j < moves.size; ++j)
      if (scores[j] > scores[best]) best = j;
    std::swap(moves.moves[i], moves.moves[best]);
    std::swap(scores[i], scores[best]);
  }

  // The child's score for the side to move here: negated unless the same side moves again.
  template <class Fn>
  int child(Position& pos, const Move& m, int alpha, int beta, const Fn& search_child) {
    const Color us = pos.side_to_move();
    keys.push_back(pos.key());
    pos.make(m);
    const int score = pos.side_to_move() == us ? search_child(alpha, beta) : -search_child(-beta, -alpha);
    pos.unmake();
    keys.pop_back();
    return score;
  }

  // The score of a game that has ended here (a rule while moves remain, or no legal move);
  // otherwise nullopt, with the legal moves and whether the side to move is in check.
  std::optional<int> game_end(Position& pos, MoveList& moves, bool& check, int ply) const {
    if (info.ends.immediate())
      if (const auto end = engine.immediate_end(pos)) return end_score(end->value, ply);
    engine.legal_moves(pos, moves);
    check = engine.in_check(pos);
    if (moves.size == 0) return end_score(check ? info.ends.checkmate : info.ends.stalemate, ply);
    return std::nullopt;
  }

  int quiesce(Position& pos, int alpha, int beta, int ply, int qdepth) {
    ++nodes;
    poll();
    if (stop) return 0;
    MoveList moves;
    bool check = false;
    if (const auto end = game_end(pos, moves, check, ply)) return *end;
    return quiesce_moves(pos, moves, check, alpha, beta, ply, qdepth);
  }

  int quiesce_moves(Position& pos, MoveList& moves, bool check, int alpha, int beta, int ply, int qdepth) {
    if (ply >= kMaxSearchPly - 1 || qdepth >= 16) return eval.evaluate(pos);
    // When captures are compulsory and the moves are captures, standing pat is no choice.
    const bool forced = info.must_capture && is_capture(pos, moves[0]);
    int best = -kInfinite;
    if (!check && !forced) {
      best = eval.evaluate(pos);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
    int scores[MoveList::kInline];
    const bool all = check || forced;
    int n = 0;  // the moves to try, first
    for (int i = 0; i < moves.size && n < MoveList::kInline; ++i)
      if (all || tactical(pos, moves[i])) moves.moves[n++] = moves.moves[i];
    moves.size = n;
    score_moves(pos, moves, scores, Move{}, kMaxSearchPly);
    for (int i = 0; i < moves.size; ++i) {
      pick(moves, scores, i);
      const int score = child(pos, moves[i], alpha, beta,
                              [&](int a, int b) { return quiesce(pos, a, b, ply + 1, qdepth + 1); });
      if (stop) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) alpha = score;
        if (score >= beta) break;
      }
    }
    return best;
  }

  int search(Position& pos, int depth, int alpha, int beta, int ply) {
    pv_length[ply] = ply;
    const bool root = ply == 0;
    if (!root) {
      ++nodes;
      poll();
      if (stop) return 0;
      if (repeated(pos)) return repetition_score(ply);
      // Mate distance: nothing here beats a mate already found nearer the root.
      alpha = std::max(alpha, -(kMate - ply));
      beta = std::min(beta, kMate - ply - 1);
      if (alpha >= beta) return alpha;
    }
    MoveList moves;
    bool check = false;
    if (const auto end = game_end(pos, moves, check, ply)) return *end;
    if (!root && info.ends.move_rule && pos.halfmove_clock() >= 2 * info.ends.move_rule) return 0;
    if (ply >= kMaxSearchPly - 1) return eval.evaluate(pos);
    if (check && ply < 2 * root_depth) ++depth;  // check extension
    if (depth <= 0) return quiesce_moves(pos, moves, check, alpha, beta, ply, 0);

    const std::uint64_t key = pos.key();
    TtEntry& e = slot(key);
    Move hash_move;
    if (e.key == key && e.bound != kNone) {
      hash_move = e.move;
      if (!root && e.depth >= depth && beta - alpha == 1) {
        const int s = from_tt(e.score, ply);
        if ((e.bound == kExact) || (e.bound == kLower && s >= beta) || (e.bound == kUpper && s <= alpha)) return s;
      }
    }
    int scores[MoveList::kInline];
    const int scored = std::min(moves.size, MoveList::kInline);
    moves.size = scored;  // a node with more moves than a list holds inline searches the first ones
    score_moves(pos, moves, scores, hash_move, ply);

    const Color us = pos.side_to_move();
    const int alpha0 = alpha;
    int best = -kInfinite;
    Move best_move = moves[0];
    for (int i = 0; i < moves.size; ++i) {
      pick(moves, scores, i);
      const Move m = moves[i];
      if (root && i == 0) first_root = m;
      const bool quiet = !tactical(pos, m);
      const auto deeper = [&](int d) {
        return [this, &pos, d, ply](int a, int b) { return search(pos, d, a, b, ply + 1); };
      };
      int score;
      if (i == 0) {
        score = child(pos, m, alpha, beta, deeper(depth - 1));
      } else {
        // Late quiet moves are first searched shallower with a null window (LMR), and all but
        // the first with a null window (PVS); a move that beats alpha is searched again in full.
        const int reduction = depth >= 3 && i >= 3 && quiet && !check && scores[i] < (1 << 26) ? 1 + (i >= 8) : 0;
        score = child(pos, m, alpha, alpha + 1, deeper(depth - 1 - reduction));
        if (score > alpha && reduction) score = child(pos, m, alpha, alpha + 1, deeper(depth - 1));
        if (score > alpha && score < beta) score = child(pos, m, alpha, beta, deeper(depth - 1));
      }
      if (stop) return 0;
      if (score > best) {
        best = score;
        best_move = m;
        if (score > alpha) {
          alpha = score;
          pv[ply][ply] = m;
          for (int j = ply + 1; j < pv_length[ply + 1]; ++j) pv[ply][j] = pv[ply + 1][j];
          pv_length[ply] = std::max(pv_length[ply + 1], ply + 1);
        }
        if (score >= beta) {
          if (quiet && ply < kMaxSearchPly) {
            if (!(killers[ply][0] == m)) {
              killers[ply][1] = killers[ply][0];
              killers[ply][0] = m;
            }
            int& h = history[us][mover_type(pos, m)][m.to == kNoSquare ? 0 : m.to];
            h = std::min(h + depth * depth, 1 << 25);
          }
          break;
        }
      }
    }
    e.key = key;
    e.move = best_move;
    e.score = to_tt(best, ply);
    e.depth = std::int8_t(depth);
    e.bound = best >= beta ? kLower : best > alpha0 ? kExact : kUpper;
    return best;
  }

  void set_deadlines(const Limits& l, Color us) {
    start = Clock::now();
    timed = false;
    if (l.infinite) return;
    std::int64_t hard = 0, soft = 0;
    if (l.movetime_ms > 0) {
      hard = soft = std::max<std::int64_t>(1, l.movetime_ms - 5);
    } else if (l.time_ms[us] > 0 || l.inc_ms[us] > 0) {
      const std::int64_t left = l.time_ms[us], inc = l.inc_ms[us];
      const int to_go = l.movestogo > 0 ? l.movestogo : 30;
      hard = std::max<std::int64_t>(1, std::min(left / to_go + inc * 3 / 4, left / 2 - 10));
      soft = std::max<std::int64_t>(1, hard / 2);
    } else {
      return;
    }
    timed = true;
    hard_deadline = start + std::chrono::milliseconds(hard);
    soft_deadline = start + std::chrono::milliseconds(soft);
  }
};

Searcher::Searcher(const Engine& engine, std::size_t hash_mb)
    : engine_(&engine), eval_(engine.variant()), impl_(std::make_unique<Impl>(engine, eval_, stop_, hash_mb)) {}

Searcher::~Searcher() = default;

void Searcher::clear() { impl_->clear(); }
void Searcher::resize(std::size_t hash_mb) { impl_->resize(hash_mb); }

Result Searcher::search(Position& pos, const Limits& limits, const std::vector<std::uint64_t>& history,
                        const std::function<void(const Info&)>& on_iteration) {
  Impl& s = *impl_;
  stop_ = false;
  s.set_deadlines(limits, pos.side_to_move());
  s.nodes = 0;
  s.node_limit = limits.infinite ? 0 : limits.nodes;
  s.keys = history;
  std::memset(s.killers, 0, sizeof s.killers);
  Result result;
  MoveList moves;
  engine_->legal_moves(pos, moves);
  if (moves.size == 0 || (s.info.ends.immediate() && engine_->immediate_end(pos))) return result;
  result.best = moves[0];
  const int max_depth = limits.depth > 0 && !limits.infinite ? std::min(limits.depth, kMaxDepth) : kMaxDepth;
  for (int depth = 1; depth <= max_depth; ++depth) {
    s.root_depth = depth;
    const int score = s.search(pos, depth, -kInfinite, kInfinite, 0);
    const double secs = std::chrono::duration<double>(Clock::now() - s.start).count();
    // A stopped iteration that finished a root move searched the last best first, and any move
    // it preferred beat that one: its best move stands, its score does not. A first iteration
    // stopped before any root move was searched in full plays the move it searched first.
    if (s.pv_length[0] > 0) result.best = s.pv[0][0];
    else if (depth == 1) result.best = s.first_root;
    result.nodes = s.nodes;
    result.seconds = secs;
    if (stop_) break;
    result.score = score;
    result.depth = depth;
    result.pv.assign(s.pv[0], s.pv[0] + s.pv_length[0]);
    if (on_iteration) on_iteration(Info{depth, score, s.nodes, secs, result.pv});
    if (std::abs(score) > kMateBound && depth > 2 * (kMate - std::abs(score))) break;  // the mate is proven
    if (s.timed && Clock::now() >= s.soft_deadline) break;
  }
  return result;
}

std::optional<Move> best_move(const Engine& engine, Position& pos, const Limits& limits) {
  Searcher searcher(engine, 16);
  return searcher.search(pos, limits).best;
}

std::vector<Move> best_turn(Searcher& searcher, Position& pos, const Limits& limits,
                            const std::vector<std::uint64_t>& history,
                            const std::function<void(const Info&)>& on_iteration) {
  std::vector<Move> turn;
  std::vector<std::uint64_t> keys = history;
  const Color us = pos.side_to_move();
  Limits next = limits;
  for (bool first = true; first || (pos.side_to_move() == us && turn.size() < 64); first = false) {
    const Result r = searcher.search(pos, next, keys, first ? on_iteration : std::function<void(const Info&)>{});
    if (!r.best) break;
    if (first) {  // later plies: as deep as the first got (an infinite search has been stopped)
      next.infinite = false;
      next.depth = std::max(1, r.depth);
    }
    turn.push_back(*r.best);
    keys.push_back(pos.key());
    pos.make(*r.best);
  }
  for (std::size_t i = 0; i < turn.size(); ++i) pos.unmake();
  return turn;
}

}  // namespace fairy::search
