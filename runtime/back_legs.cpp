#include "runtime/back_legs.hpp"

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

}  // namespace fairy
