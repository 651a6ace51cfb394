#include "runtime/back_legs.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>

#include "runtime/empty_board_walk.hpp"

namespace fairy {

namespace {

// The steps leg k of a path may make (0: unlimited). A same-length leg ignores its own range
// (runtime/path_walk.hpp: it makes exactly as many steps as the leg before it), so it makes at
// most what that leg may: walked backwards, the count it hands on never exceeds that leg's range.
int range_of(const Path& path, std::size_t k) {
  while (k > 0 && (path.legs[k].flags & kSameLength)) --k;
  return path.legs[k].range;
}

// Leg k of a path, walked backwards, when it made a step count congruent to r (1..period): its
// last step first.
BackLeg back_leg(const Path& path, std::size_t k, int r, std::uint64_t no_hop_over) {
  const Leg& leg = path.legs[k];
  BackLeg b;
  b.period = leg_period(leg);
  for (int j = 1; j <= b.period; ++j) {
    int x = 0, y = 0;
    leg_step(leg, ((r - j) % b.period + b.period) % b.period, &x, &y);
    b.steps[std::size_t(j - 1)] = BoardStep{-x, -y};
  }
  b.starts = 1u << (r - 1);
  b.range = range_of(path, k);
  b.same_length = leg.flags & kSameLength;
  if (k > 0) {
    b.before_mode = path.legs[k - 1].mode & (kMove | kCapture | kHop);
    b.before_induces = path.legs[k - 1].flags & kInduce;
    if (b.before_mode & kHop) b.no_hop_over = no_hop_over;
  }
  return b;
}

}  // namespace

std::vector<BackWalk> back_walks(const Path& path, std::size_t capture, std::uint64_t no_hop_over) {
  std::vector<BackWalk> out;
  std::vector<int> residue(capture + 1, 1);
  for (;;) {
    BackWalk w;
    w.leg_count = int(capture) + 1;
    w.capture = int(capture);
    for (std::size_t k = 0; k <= capture; ++k) w.legs[capture - k] = back_leg(path, k, residue[k], no_hop_over);
    w.virgin_only = path.virgin_only;
    w.locust = capture + 1 < path.legs.size();
    out.push_back(w);
    std::size_t k = 0;
    while (k <= capture && ++residue[k] > leg_period(path.legs[k])) residue[k++] = 1;
    if (k > capture) return out;
  }
}

namespace {

// Marks the squares of attack routes relative to the square captured on: walking the legs up to
// the capturing one backwards from it, as back_leg gives them (each residue of a crooked or
// circular leg's step count), and the legs after it forwards. Each (leg, square) is walked once,
// so this is linear in legs x board, not exponential in legs; it may mark more than the routes
// pass (a same-length leg is taken as any length its range allows), never less.
class AttackRoutes {
 public:
  AttackRoutes(const Path& path, const Geometry& g, const std::function<void(int, int)>& square)
      : path_(path), geo_(g), square_(square), width_(2 * kMaxFiles + 1), height_(2 * kMaxRanks + 1),
        back_done_(path.legs.size() * std::size_t(width_ * height_), false), forward_done_(back_done_) {
    back_legs_.resize(path.legs.size());
    for (std::size_t k = 0; k < path.legs.size(); ++k)
      for (int r = 1; r <= leg_period(path.legs[k]); ++r) back_legs_[k].push_back(back_leg(path, k, r, 0));
  }

  void back(std::size_t k, int x, int y) {
    if (seen(back_done_, k, x, y)) return;
    for (const BackLeg& leg : back_legs_[k]) {
      int bx = x, by = y;
      for (int j = 1; j <= limit(leg.range); ++j) {
        const BoardStep& step = leg.steps[std::size_t((j - 1) % leg.period)];
        bx += step.x;
        by += step.y;
        if (!inside(bx, by)) break;
        square_(bx, by);
        if (k > 0) back(k - 1, bx, by);
      }
    }
  }

  // The legs from k on, forwards from (x, y) (walk_empty_board; a same-length leg as any length).
  void forward(std::size_t k, int x, int y) {
    if (k == path_.legs.size() || seen(forward_done_, k, x, y)) return;
    walk_empty_board(path_, k, x, y, 0, false, geo_, [this](std::size_t leg, int sx, int sy, int, bool) {
      square_(sx, sy);
      return leg + 1 < path_.legs.size() && !seen(forward_done_, leg + 1, sx, sy) ? EmptyBoardStep::Onward
                                                                                  : EmptyBoardStep::Pass;
    });
  }

 private:
  int limit(int range) const { return range ? range : std::max(geo_.files, geo_.ranks); }
  bool inside(int x, int y) const { return std::abs(x) < geo_.files && std::abs(y) < geo_.ranks; }
  bool seen(std::vector<bool>& done, std::size_t k, int x, int y) const {
    const std::size_t id = (k * std::size_t(height_) + std::size_t(y + kMaxRanks)) * std::size_t(width_) +
                           std::size_t(x + kMaxFiles);
    if (done[id]) return true;
    done[id] = true;
    return false;
  }

  const Path& path_;
  const Geometry& geo_;
  const std::function<void(int, int)>& square_;
  int width_, height_;
  std::vector<bool> back_done_, forward_done_;
  std::vector<std::vector<BackLeg>> back_legs_;  // [k][r - 1]: leg k walked back, residue r (back_leg)
};
}  // namespace

void for_attack_routes(const Path& path, const Geometry& g, int capture, const std::function<void(int x, int y)>& square) {
  for (std::size_t k = 0; k < path.legs.size(); ++k) {
    if (!(path.legs[k].mode & kCapture) || (capture >= 0 && std::size_t(capture) != k)) continue;
    AttackRoutes routes(path, g, square);
    routes.back(k, 0, 0);
    routes.forward(k + 1, 0, 0);
  }
}

}  // namespace fairy
