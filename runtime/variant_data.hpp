// A variant as a generated module states it: its model (runtime/variant_info.hpp) as one
// constexpr record with named fields, in the model's own literal types, its pieces a table
// (bitboard::PieceDesc) that the bitboard kernel reads too. model_of() makes the model of it,
// once, when the module's model is first asked for (runtime/registry.hpp); the kernel's
// description (runtime/bitboard/description.hpp) reads the record's rules as they are.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "runtime/bitboard/description.hpp"
#include "runtime/geometry.hpp"
#include "runtime/variant_info.hpp"

namespace fairy {

// The fields mean what VariantInfo's of the same names do; a module sets those its variant has.
struct VariantData {
  std::string_view key;  // a string literal
  Geometry geo;
  std::string_view start_fen;
  std::span<const bitboard::PieceDesc> pieces;  // in type order
  CastlingRule castling{};
  std::span<const PromotionData> promotions{};
  DropRule drops{};
  HandRule hands{};
  TurnRule turn{};
  EndRules ends{};
  ExplosionRule explosions{};
  bool must_capture = false;
  bool checks_allowed = true;
  std::uint16_t ep_ranks = 0;
  bool flying_general = false;
  bool pass = false;
  std::string_view brouhaha{};  // the squares by name, in order (runtime/square_names.hpp)
  std::span<const bitboard::FirstMoveDesc> first_moves{};
};

// `base` with some of its fields changed by `change` (a callable taking VariantData&): the
// record of a generated module whose variant is declared like one before it, written as that
// variant's record and what differs (3check's: chess's, with its key, its start and n-check),
// as Fairy-Stockfish's variant.cpp builds a variant on another's.
template <class Change>
constexpr VariantData changed(VariantData base, Change change) {
  change(base);
  return base;
}

// The model of `data`, finalized (VariantInfo::finalize: throws std::runtime_error on an
// inconsistent model).
VariantInfo model_of(const VariantData& data);

}  // namespace fairy
