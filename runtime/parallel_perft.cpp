#include "runtime/parallel_perft.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

namespace fairy {
namespace {

// A subtree to count: the moves from the root to it (one or two) and the depth left below them.
struct WorkItem {
  std::uint32_t root;  // index of its root move
  std::array<Move, 2> path;
  int plies;
  int remaining;  // moves, or whole turns when counting turns
};

// The depth left after a move was made: one ply less, or one turn less if the move ended a turn.
int remaining_after(const Position& after, int remaining, bool turns) {
  return turns ? remaining - (after.phase() == 0 ? 1 : 0) : remaining - 1;
}

// The root moves, and the work items below them: root x first reply where at least two plies
// remain below the reply's parent, so that a few root moves with big subtrees still spread
// over all threads; the root move alone otherwise.
std::vector<WorkItem> split(const Engine& engine, Position& pos, const ParallelPerftOptions& o,
                            std::vector<PerftResult::Root>& roots) {
  std::vector<WorkItem> items;
  MoveList moves, replies;
  engine.legal_moves(pos, moves);
  for (const Move& m : moves) {
    const auto root = std::uint32_t(roots.size());
    roots.push_back({m, 0, true});
    pos.make(m);
    const int remaining = remaining_after(pos, o.depth, o.turns);
    if (remaining >= 2) {
      engine.legal_moves(pos, replies);
      for (const Move& r : replies) {
        pos.make(r);
        items.push_back({root, {m, r}, 2, remaining_after(pos, remaining, o.turns)});
        pos.unmake();
      }
    } else {
      items.push_back({root, {m, Move{}}, 1, remaining});
    }
    pos.unmake();
  }
  return items;
}

enum class ItemState : std::uint8_t { NotCounted, Counted, MaybePartial };

// What the workers share: the next item to take, and what they counted.
class Work {
 public:
  Work(const Engine& engine, const ParallelPerftOptions& o, std::vector<WorkItem> items, std::size_t roots)
      : engine_(engine), options_(o), items_(std::move(items)), counts_(items_.size(), 0),
        states_(items_.size(), ItemState::NotCounted), pending_(roots) {
    for (const WorkItem& w : items_) ++pending_[w.root];
    for (const auto& p : pending_) roots_done_ += p == 0;
  }

  std::size_t size() const { return items_.size(); }

  // One thread's loop, on its own copy of the root position.
  void run(Position pos) {
    for (std::size_t k; (k = next_.fetch_add(1)) < items_.size() && !perft_interrupted;) {
      const WorkItem& w = items_[k];
      for (int p = 0; p < w.plies; ++p) pos.make(w.path[p]);
      const std::uint64_t n = w.remaining <= 0 ? 1
                              : options_.turns ? engine_.perft_turns(pos, w.remaining)
                                               : engine_.perft(pos, w.remaining);
      for (int p = 0; p < w.plies; ++p) pos.unmake();
      counts_[k] = n;
      // A count that returned after Ctrl-C may have stopped early.
      states_[k] = perft_interrupted ? ItemState::MaybePartial : ItemState::Counted;
      nodes_ += n;
      if (states_[k] == ItemState::Counted && --pending_[w.root] == 0) ++roots_done_;
    }
  }

  PerftProgress progress() const { return {roots_done_.load(), pending_.size(), nodes_.load()}; }

  // After every thread has ended.
  void collect(PerftResult& out) const {
    for (std::size_t k = 0; k < items_.size(); ++k) {
      PerftResult::Root& root = out.roots[items_[k].root];
      root.nodes += counts_[k];
      root.complete = root.complete && states_[k] == ItemState::Counted;
      out.nodes += counts_[k];
    }
  }

 private:
  const Engine& engine_;
  const ParallelPerftOptions& options_;
  const std::vector<WorkItem> items_;
  std::atomic<std::size_t> next_{0};
  std::vector<std::uint64_t> counts_;  // each written by the one thread that took the item
  std::vector<ItemState> states_;
  std::vector<std::atomic<std::uint32_t>> pending_;  // items of each root move not yet counted
  std::atomic<std::size_t> roots_done_{0};
  std::atomic<std::uint64_t> nodes_{0};
};

}  // namespace

PerftResult parallel_perft(const Engine& engine, const Position& root, const ParallelPerftOptions& o) {
  PerftResult result;
  Position pos = root;
  std::vector<WorkItem> items = split(engine, pos, o, result.roots);
  Work work(engine, o, std::move(items), result.roots.size());
  const std::size_t n = std::min<std::size_t>(std::max(1u, o.threads), work.size());

  std::mutex mutex;
  std::condition_variable finished;
  std::size_t running = n;
  std::vector<std::thread> threads;
  threads.reserve(n);
  try {
    while (threads.size() < n)
      threads.emplace_back([&] {
        work.run(root);
        const std::lock_guard lock(mutex);
        if (--running == 0) finished.notify_one();
      });
  } catch (const std::system_error&) {  // the system gives fewer threads: count on those
    const std::lock_guard lock(mutex);
    running -= n - threads.size();
  }
  if (threads.empty()) work.run(root);
  {
    std::unique_lock lock(mutex);
    while (!finished.wait_for(lock, o.interval, [&] { return running == 0; }))
      if (o.progress) o.progress(work.progress());
  }
  for (auto& t : threads) t.join();
  work.collect(result);
  return result;
}

}  // namespace fairy
