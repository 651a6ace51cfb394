#include "runtime/variant_info.hpp"

#include <cctype>
#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "runtime/position.hpp"

namespace fairy {

int VariantInfo::type_of_letter(char upper) const {
  for (int t = 0; t < int(pieces.size()); ++t)
    if (pieces[t].letter == upper) return t;
  return -1;
}

char VariantInfo::letter_of(Piece p) const {
  const char up = pieces[type_of(p)].letter;
  return color_of(p) == White ? up : char(std::tolower(static_cast<unsigned char>(up)));
}

namespace {

// Walks every route of a path on an empty board of the given size (each leg 1 to its range
// steps, or the previous leg's count), calling land(x, y, modes) with each displacement and
// the final leg's landing modes; stops as soon as land() returns true.
template <class Land>
bool walk_routes(const Path& path, std::size_t k, int x, int y, int prev, const Geometry& g, const Land& land) {
  const Leg& leg = path.legs[k];
  const int limit = (leg.flags & kSameLength) ? prev : leg.range ? leg.range : std::max(g.files, g.ranks);
  for (int n = 0; n < limit; ++n) {
    int dx = 0, dy = 0;
    leg_step(leg, n, &dx, &dy);
    x += dx;
    y += dy;
    if (std::abs(x) >= g.files || std::abs(y) >= g.ranks) return false;
    if ((leg.flags & kSameLength) && n + 1 < limit) continue;
    if (k + 1 == path.legs.size() ? land(x, y, leg.mode & (kMove | kCapture | kFriend | kEnPassant))
                                  : walk_routes(path, k + 1, x, y, n + 1, g, land))
      return true;
  }
  return false;
}

// Whether two routes (of one path or of two) can land on the same displacement with a mode in
// common. Keeps the modes seen per displacement, so it stops at the first repeat.
bool routes_can_coincide(const PieceProgram& prog, const Geometry& g) {
  constexpr int kWidth = 2 * kMaxFiles + 1;
  std::vector<std::uint8_t> seen(std::size_t(kWidth) * (2 * kMaxRanks + 1), 0);
  const auto land = [&seen](int x, int y, int modes) {
    std::uint8_t& here = seen[std::size_t((y + kMaxRanks) * kWidth + x + kMaxFiles)];
    if (here & modes) return true;
    here = std::uint8_t(here | modes);
    return false;
  };
  for (const Path& path : prog.paths)
    if (walk_routes(path, 0, 0, 0, 0, g, land)) return true;
  return false;
}

// Marks in `aligned` every displacement from the target that walking leg k of the path
// backwards (and the legs before it) can pass on an empty board. What a walk from (k, x, y)
// marks depends on nothing else, so each is walked once: linear in legs x board, not
// exponential in legs.
class BackwardWalk {
 public:
  BackwardWalk(const Path& path, const Geometry& g, std::array<bool, 2 * kMaxSquares>& aligned)
      : path_(path), geo_(g), aligned_(aligned),
        done_(path.legs.size() * std::size_t(2 * kMaxFiles + 1) * (2 * kMaxRanks + 1), false) {}

  void mark(std::size_t k, int x, int y) {
    const std::size_t id = (k * (2 * kMaxRanks + 1) + std::size_t(y + kMaxRanks)) * (2 * kMaxFiles + 1) +
                           std::size_t(x + kMaxFiles);
    if (done_[id]) return;
    done_[id] = true;
    const Leg& leg = path_.legs[k];
    const int steps = leg.range ? leg.range : std::max(geo_.files, geo_.ranks);
    for (int n = 0; n < steps; ++n) {
      x -= leg.dx;
      y -= leg.dy;
      if (std::abs(x) >= geo_.files || std::abs(y) >= geo_.ranks) return;
      aligned_[kMaxSquares + geo_.offset(x, y)] = true;
      if (k > 0) mark(k - 1, x, y);
    }
  }

 private:
  const Path& path_;
  const Geometry& geo_;
  std::array<bool, 2 * kMaxSquares>& aligned_;
  std::vector<bool> done_;
};

}  // namespace

void VariantInfo::finalize() {
  if (pieces.empty() || int(pieces.size()) > kMaxPieceTypes)
    throw std::runtime_error(key + ": a variant needs 1 to " + std::to_string(kMaxPieceTypes) + " piece types");
  if (geo.files < 1 || geo.files > kMaxFiles || geo.ranks < 1 || geo.ranks > kMaxRanks)
    throw std::runtime_error(key + ": board must be 1x1 to 16x16");
  promotion_rule.fill(-1);
  for (int r = 0; r < int(promotions.size()); ++r)
    for (int t : promotions[r].pieces) {
      if (promotion_rule[t] != -1)
        throw std::runtime_error(key + ": piece '" + pieces[t].name + "' is in two promotion rules");
      promotion_rule[t] = r;
    }
  any_safe_passage = false;
  for (PieceInfo& p : pieces) {
    any_safe_passage = any_safe_passage || p.safe_passage;
    p.may_repeat = routes_can_coincide(p.program[White], geo) || routes_can_coincide(p.program[Black], geo);
  }
  has_induction = false;
  int swapping_types = 0;
  for (const PieceInfo& p : pieces)
    swapping_types += std::any_of(p.program[White].paths.begin(), p.program[White].paths.end(), [](const Path& path) {
      return (path.legs.back().flags & kUnload) != 0;
    });
  mutual_swaps = swapping_types > 1;
  for (Color c : {White, Black}) {
    ep_capturers[c].clear();
    for (int t = 0; t < int(pieces.size()); ++t)
      for (const Path& path : pieces[t].program[c].paths) {
        const Leg& leg = path.legs.back();
        for (const Leg& l : path.legs) has_induction = has_induction || (l.flags & kInduce);
        if (path.legs.size() == 1 && leg.range == 1 && (leg.mode & kEnPassant))
          ep_capturers[c].push_back({t, geo.offset(leg.dx, leg.dy)});
      }
  }
  reversible_attacks = true;
  hopper_attacks = false;
  aligned.fill(false);
  for (const PieceInfo& p : pieces)
    for (const PieceProgram& prog : p.program)
      for (const Path& path : prog.paths) {
        if (!path.captures()) continue;
        if (!path.reversible()) {
          reversible_attacks = false;
          continue;
        }
        for (const Leg& l : path.legs) hopper_attacks = hopper_attacks || (l.mode & kHop);
        BackwardWalk(path, geo, aligned).mark(path.legs.size() - 1, 0, 0);
      }
  special_legality = must_capture || !checks_allowed || ends.immediate();
  finalized = true;
  Position start(*this);
  start.set_fen(start_fen);
  for (int s = 0; s < kMaxSquares; ++s) start_board[s] = s < geo.cells() ? start.at(Square(s)) : kWall;
  for (Color c : {White, Black})
    for (int t = 0; t < int(pieces.size()); ++t) start_count[c][t] = start.count(c, t);
}

}  // namespace fairy
