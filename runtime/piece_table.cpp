#include "runtime/piece_table.hpp"

#include <string>

namespace fairy {

namespace {

// A set of squares as a generated module states it (SquareWords) as the model's set.
SquareSet mailbox_set(const SquareWords& words, const Geometry& g) {
  SquareSet set;
  for_each_held(g, words, [&set](Square s) { set.set(std::size_t(s)); });
  return set;
}

std::array<SquareSet, 2> mailbox_sets(const std::array<SquareWords, 2>& words, const Geometry& g) {
  return {mailbox_set(words[White], g), mailbox_set(words[Black], g)};
}

}  // namespace

std::vector<PieceInfo> piece_infos(std::span<const bitboard::PieceDesc> table, const Geometry& g) {
  std::vector<PieceInfo> pieces;
  pieces.reserve(table.size());
  for (const bitboard::PieceDesc& d : table) {
    PieceInfo& p = pieces.emplace_back();
    p.name = std::string(d.name);
    p.letter = d.letter;
    p.mark = d.mark;
    p.betza = std::string(d.betza);
    p.royal = d.royal;
    p.ep_victim = d.ep_victim;
    p.resets_clock = d.resets_clock;
    p.safe_passage = d.safe_passage;
    p.initial_ranks = d.initial_ranks;
    p.value = d.value;
    p.no_hop_over = d.no_hop_over;
    p.no_capture = d.no_capture;
    p.unpromoted = d.unpromoted;
    p.program = {program_of(d.paths[White]), program_of(d.paths[Black])};
    p.confined = d.confined;
    if (d.confined) p.region = mailbox_sets(d.region, g);
    for (const bitboard::SquareMovesDesc& m : d.moves_on)
      p.moves_on.push_back(SquareMoves{.on = mailbox_sets(m.on, g),
                                       .betza = std::string(m.betza),
                                       .program = {program_of(m.paths[White]), program_of(m.paths[Black])}});
  }
  return pieces;
}

}  // namespace fairy
