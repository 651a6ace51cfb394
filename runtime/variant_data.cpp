#include "runtime/variant_data.hpp"

#include <array>
#include <span>
#include <string>
#include <vector>

namespace fairy {

namespace {

// Each colour's set of a module's (SquareWords per colour) as the model's.
std::array<SquareSet, 2> square_sets(const Geometry& g, const std::array<SquareWords, 2>& words) {
  return {square_set(g, words[White]), square_set(g, words[Black])};
}

// Each colour's program of a table's paths per colour.
std::array<PieceProgram, 2> programs_of(const std::array<std::span<const PathDesc>, 2>& paths) {
  return {program_of(paths[White]), program_of(paths[Black])};
}

// The model's pieces of a module's table.
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
    p.program = programs_of(d.paths);
    p.confined = d.confined;
    if (d.confined) p.region = square_sets(g, d.region);
    for (const bitboard::SquareMovesDesc& m : d.moves_on)
      p.moves_on.push_back(SquareMoves{.on = square_sets(g, m.on),
                                       .betza = std::string(m.betza),
                                       .program = programs_of(m.paths)});
  }
  return pieces;
}

}  // namespace

VariantInfo model_of(const VariantData& d) {
  VariantInfo v;
  v.key = std::string(d.key);
  v.geo = d.geo;
  v.pieces = piece_infos(d.pieces, d.geo);
  v.start_fen = std::string(d.start_fen);
  v.castling = d.castling;
  for (const PromotionData& p : d.promotions) v.promotions.push_back(promotion_rule_of(p, d.geo));
  v.brouhaha = square_list(d.geo, d.brouhaha);
  v.turn = d.turn;
  v.drops = d.drops;
  v.hands = d.hands;
  v.ends = d.ends;
  v.explosions = d.explosions;
  v.must_capture = d.must_capture;
  v.checks_allowed = d.checks_allowed;
  v.ep_ranks = d.ep_ranks;
  v.flying_general = d.flying_general;
  v.pass = d.pass;
  for (const bitboard::FirstMoveDesc& f : d.first_moves)
    v.first_moves.push_back(FirstMove{.type = f.type,
                                      .betza = std::string(f.betza),
                                      .program = programs_of(f.paths),
                                      .in_check = f.in_check,
                                      .lost_to = f.lost_to});
  v.finalize();
  return v;
}

}  // namespace fairy
