// Fuzz target: FEN, for every compiled variant. The input is a variant key, a newline and a FEN.
//
// Properties:
//  - bad input is a FenError whose column lies in the FEN (or just past its end);
//  - fen() of a loaded position loads again, to the same FEN and the same Zobrist key;
//  - the generated module and the interpreter agree: the same legal moves (as sets), the same
//    check, the same attacked squares (each side, every square), the same perft(2);
//  - after every legal move the FEN round trip and the key hold too, and unmake gives back the
//    FEN and key from before.
#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "runtime/registry.hpp"
#include "runtime/uci.hpp"
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/sorted_moves.hpp"

namespace {

using namespace fairy;

std::string listed(const Position& pos, const std::vector<Move>& moves) {
  std::string s;
  for (const Move& m : moves) s += to_uci(pos, m) + " ";
  return s;
}

// fen() loads again, to the same text and key.
void check_round_trip(const Position& pos, const std::string& context) {
  const std::string fen = pos.fen();
  Position again(pos.variant());
  try {
    again.set_fen(fen);
  } catch (const FenError& e) {
    fuzz::fail("fen() is a FEN set_fen() reads", context + ": " + fen + ": column " + std::to_string(e.column) + ": " + e.what());
  }
  FUZZ_EXPECT(again.fen() == fen, context + ": " + fen + " reads back as " + again.fen());
  FUZZ_EXPECT(again.key() == pos.key(), context + ": " + fen + ": the key of the loaded FEN differs from the position's");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [key, fen] = fuzz::split_first_line(fuzz::as_text(data, size));
  const CompiledVariant* variant = find_compiled(key);
  if (!variant) return 0;
  const VariantInfo& info = variant->info();
  Position pos(info);
  try {
    pos.set_fen(fen);
  } catch (const FenError& e) {
    FUZZ_EXPECT(e.column >= 1 && e.column <= int(fen.size()) + 1,
                std::string(fen) + ": column " + std::to_string(e.column) + ": " + e.what());
    return 0;
  }
  const std::string start = pos.fen();
  const std::uint64_t start_key = pos.key();
  check_round_trip(pos, std::string(key));

  const std::unique_ptr<Engine> compiled = variant->engine();
  const InterpretedEngine interpreted(info);
  MoveList a, b;
  compiled->legal_moves(pos, a);
  interpreted.legal_moves(pos, b);
  const std::vector<Move> moves = sorted_moves(a);
  FUZZ_EXPECT(moves == sorted_moves(b), start + "\n  generated:   " + listed(pos, moves) + "\n  interpreted: " + listed(pos, sorted_moves(b)));
  FUZZ_EXPECT(compiled->in_check(pos) == interpreted.in_check(pos), start);
  const Geometry& g = info.geo;
  for (int r = 0; r < g.ranks; ++r)
    for (int f = 0; f < g.files; ++f)
      for (Color by : {White, Black}) {
        const Square s = g.square(f, r);
        FUZZ_EXPECT(compiled->attacked(pos, s, by) == interpreted.attacked(pos, s, by),
                    start + ": " + g.name(s) + " attacked by " + (by == White ? "White" : "Black"));
      }
  FUZZ_EXPECT(compiled->perft(pos, 2) == interpreted.perft(pos, 2), start);

  for (const Move& m : moves) {
    const std::string uci = to_uci(pos, m);
    pos.make(m);
    check_round_trip(pos, start + " after " + uci);
    pos.unmake();
    FUZZ_EXPECT(pos.fen() == start && pos.key() == start_key, start + " after " + uci + " and unmake: " + pos.fen());
  }
  return 0;
}
