// A type-erased front to one rules implementation (a generated module or the interpreter), so
// the CLI and tests can pick a variant by key at run time. The virtual call happens once per
// request (a perft, a move list), never per move.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "runtime/interpreter.hpp"
#include "runtime/perft.hpp"

namespace fairy {

class Engine {
 public:
  virtual ~Engine() = default;
  virtual const VariantInfo& variant() const = 0;
  virtual std::uint64_t perft(Position& pos, int depth) const = 0;
  virtual std::uint64_t perft_turns(Position& pos, int turns) const = 0;
  virtual std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth) const = 0;
  virtual void legal_moves(Position& pos, MoveList& out) const = 0;
  virtual void pseudo_moves(const Position& pos, MoveList& out) const = 0;
  virtual bool in_check(const Position& pos) const = 0;
  virtual bool attacked(const Position& pos, Square s, Color by) const = 0;
  // Whether a rule has ended the game while moves remain (runtime/ends.hpp).
  virtual std::optional<GameEnd> immediate_end(Position& pos) const = 0;
};

// A rules type with its own perft (a generated module: runtime/generated_rules.hpp, runtime/kernel_engine.hpp).
template <class R>
concept HasOwnPerft = requires(const R& rules, const Position& pos, int depth) {
  { rules.perft(pos, depth) } -> std::same_as<std::uint64_t>;
};

template <class R>
class EngineFor : public Engine {
 public:
  EngineFor(const VariantInfo& info, R rules) : info_(&info), rules_(std::move(rules)) {}
  const VariantInfo& variant() const override { return *info_; }
  std::uint64_t perft(Position& pos, int depth) const override {
    if constexpr (HasOwnPerft<R>)
      return rules_.perft(pos, depth);
    else
      return fairy::perft(pos, rules_, depth);
  }
  std::uint64_t perft_turns(Position& pos, int turns) const override { return fairy::perft_turns(pos, rules_, turns); }
  // The root moves are play's (legal_moves: so they print alike), the counts below them
  // from perft().
  std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth) const override {
    return perft_divide(pos, rules_, depth, [this](Position& p, int d) { return perft(p, d); });
  }
  void legal_moves(Position& pos, MoveList& out) const override { play_moves(pos, rules_, out); }
  void pseudo_moves(const Position& pos, MoveList& out) const override {
    out.size = 0;
    rules_.generate(pos, out);
  }
  bool in_check(const Position& pos) const override { return fairy::in_check(pos, rules_); }
  bool attacked(const Position& pos, Square s, Color by) const override { return rules_.attacked(pos, s, by); }
  std::optional<GameEnd> immediate_end(Position& pos) const override {
    if (!info_->ends.immediate()) return std::nullopt;
    return fairy::immediate_end(pos, rules_);
  }

 private:
  const VariantInfo* info_;
  R rules_;
};

namespace detail {
struct OwnedModel {  // constructed before the engine that points into it
  std::unique_ptr<VariantInfo> model;
};
}  // namespace detail

// The interpreter over a model it owns (e.g. loaded from a YAML file at run time).
class InterpretedEngine final : private detail::OwnedModel, public EngineFor<Interpreter> {
 public:
  explicit InterpretedEngine(VariantInfo info)
      : detail::OwnedModel{std::make_unique<VariantInfo>(std::move(info))},
        EngineFor<Interpreter>(*model, Interpreter(*model)) {}
};

}  // namespace fairy
