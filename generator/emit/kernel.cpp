#include "generator/emit/kernel.hpp"

#include <array>
#include <cstdint>

#include "generator/emit/paths.hpp"
#include "generator/emit/text.hpp"
#include "generator/model/coverage.hpp"

namespace fairygen::emit {

namespace {

using fairy::Color;

std::string bool_text(bool b) { return b ? "true" : "false"; }

// kPromotion0SquaresWhite: the array of those squares (never empty: coverage.cpp).
std::string in_place_squares_name(std::size_t rule, Color c) { return "kPromotion" + std::to_string(rule) + "Squares" + color_name(c); }

std::string promotion_arrays(const fairy::VariantInfo& info) {
  std::string out;
  for (std::size_t r = 0; r < info.promotions.size(); ++r) {
    const fairy::PromotionRule& rule = info.promotions[r];
    std::string pieces, targets;
    for (int t : rule.pieces) pieces += (pieces.empty() ? "" : ", ") + std::to_string(t);
    for (const fairy::PromotionTarget& t : rule.to)
      targets += "    {.type = " + std::to_string(t.type) + ", .depth = " + std::to_string(t.depth) +
                 ", .recoup = " + bool_text(t.recoup) + ", .sides = " + std::to_string(t.sides) +
                 (t.limit ? ", .limit = " + std::to_string(t.limit) : "") + "},  // " + info.pieces[t.type].letter + "\n";
    out += "inline constexpr int kPromotion" + std::to_string(r) + "Pieces[] = {" + pieces + "};\n";
    out += "inline constexpr PromotionTarget kPromotion" + std::to_string(r) + "Targets[] = {\n" + targets + "};\n";
    if (rule.in_place)
      for (Color c : {fairy::White, fairy::Black})
        out += "inline constexpr auto " + in_place_squares_name(r, c) + " = bitboard::kernel_squares<" +
               std::to_string(rule.squares[c].count()) + ">(kBoard, " + square_names(info.geo, rule.squares[c]) +
               ");  // in place, by kernel square\n";
  }
  return out;
}

// The C++ type of a word of `bits` bits (runtime/bitboard/bitboard.hpp).
std::string word_type(int bits) {
  if (bits == 64) return "std::uint64_t";
  if (bits == 128) return "bitboard::u128";
  return "bitboard::Lanes<" + std::to_string(bits / 64) + ">";
}

// The hands (bitboard::HandDesc): what each type returns to a hand as, where it is dropped, and
// whether pieces leave hands by drops, by gating or both.
std::string hands_text(const fairy::VariantInfo& info, bool royal_drops) {
  if (!info.hands.enabled) return "  static constexpr bitboard::HandDesc hands = {};\n";
  std::string types, ranks;
  for (int t = 0; t < int(info.pieces.size()); ++t) {
    types += (t ? ", " : "") + std::to_string(info.hand_type[t]);
    ranks += (t ? ", " : "") + std::to_string(info.hands.drop_ranks[t]);
  }
  std::string rules;  // shogi's drop rules that change which drops there are (no_drop_mate ends the game)
  if (info.hands.no_doubled) rules += ", .no_doubled = " + std::to_string(info.hands.no_doubled) + "u";
  if (info.hands.no_dead_drops) rules += ", .no_dead_drops = true";
  if (info.hands.drop_promoted) {
    std::string faces;
    for (int t = 0; t < int(info.pieces.size()); ++t) faces += (t ? ", " : "") + std::to_string(info.drop_face[t]);
    rules += ", .drop_promoted = true,\n      .drop_face = {" + faces + "}";
  }
  // placement's
  if (info.hands.must_drop) rules += ", .must_drop = true";
  if (royal_drops) rules += ", .royal_drops = true";
  if (info.hands.opposite_colours) rules += ", .opposite_colours = " + std::to_string(info.hands.opposite_colours) + "u";
  if (info.hands.castling_file >= 0) rules += ", .castling_file = " + std::to_string(info.hands.castling_file);
  return "  static constexpr bitboard::HandDesc hands = {.enabled = true, .captures = " + bool_text(info.hands.captures) +
         ", .drops = " + bool_text(info.hands.drops) + ", .gating = " + bool_text(info.hands.gating) + rules +
         ",\n      .hand_type = {" + types + "},  // by type: what a captured piece returns to a hand as\n" +
         "      .drop_ranks = {" + ranks + "}};  // by type: bit r, the mover's rank r + 1\n";
}

// The members for the special rules the variant has (none: no member, and the kernel code of
// the variants without them stays as it was): compulsory captures (must_capture.hpp), no move
// giving check (no_check.hpp), e.p. squares on some ranks only (make.hpp), turns of two moves
// (perft.hpp), game ends (ends.hpp; n-check also perft.hpp), explosions (blast.hpp, explosions.hpp),
// the flying general (attacks.hpp), first-move rights (first_moves.hpp).
std::string rule_members(const fairy::VariantInfo& info) {
  std::string out;
  if (info.must_capture) out += "  static constexpr bool must_capture = true;\n";
  if (!info.checks_allowed) out += "  static constexpr bool no_checks = true;\n";
  if (info.explosions.enabled)
    out += "  static constexpr bitboard::ExplosionDesc explosions = {.spared = " + std::to_string(info.explosions.spared) + "u};\n";
  if (!info.first_moves.empty()) {
    out += "  static constexpr std::array<bitboard::FirstMoveDesc, " + std::to_string(info.first_moves.size()) +
           "> first_moves = {{\n";
    for (std::size_t i = 0; i < info.first_moves.size(); ++i) {
      const fairy::FirstMove& f = info.first_moves[i];
      out += "      {.type = " + std::to_string(f.type) + ", .paths = {" + first_move_paths_name(i, fairy::White) + ", " +
             first_move_paths_name(i, fairy::Black) + "}, .in_check = " + bool_text(f.in_check) + ", .lost_to = " +
             std::to_string(f.lost_to) + "u},  // " + info.pieces[std::size_t(f.type)].name + "'s first moves\n";
    }
    out += "  }};\n";
  }
  if (info.flying_general) out += "  static constexpr bool flying_general = true;  // the royal pieces may not face each other\n";
  if (info.ep_ranks) out += "  static constexpr std::uint16_t ep_ranks = " + std::to_string(info.ep_ranks) + ";\n";
  if (info.ends.checks) out += "  static constexpr int checks = " + std::to_string(info.ends.checks) + ";  // n-check\n";
  if (info.turn.moves != 1) out += "  static constexpr TurnRule turn = " + turn_literal(info.turn) + ";\n";
  if (info.ends.extinction.enabled)
    out += "  static constexpr ExtinctionRule extinction = " + extinction_literal(info.ends.extinction) + ";\n";
  if (const fairy::FlagRule& f = info.ends.flag; f.piece >= 0) {
    std::string names;
    for (Color c : {fairy::White, fairy::Black}) {
      fairy::SquareSet set;
      for (fairy::Square s : f.squares[c]) set.set(std::size_t(s));
      names += ", " + square_names(info.geo, set);
    }
    out += "  static constexpr bitboard::FlagDesc flag = bitboard::flag_on({.piece = " + std::to_string(f.piece) +
           ", .extra_move = " + bool_text(f.extra_move) + "}, kBoard" + names + ");  // White's squares, Black's\n";
  }
  return out;
}

// A set of squares of each colour (a region's, a moves_on entry's) as PieceDesc keeps it
// (bitboard::SquareWords), by the squares' names on the board kBoard.
std::string square_words(const fairy::Geometry& g, const std::array<fairy::SquareSet, 2>& sets) {
  return "{bitboard::square_words(kBoard, " + square_names(g, sets[fairy::White]) + "), bitboard::square_words(kBoard, " +
         square_names(g, sets[fairy::Black]) + ")}";
}

// The name of type t's moves_on table in the kernel's board (board_members).
std::string moves_on_name(int t) { return "kMovesOn" + std::to_string(t); }

// A piece's members for its region (confined) and its moves on some squares, if any.
std::string square_members(const model::Variant& v, int t) {
  const fairy::PieceInfo& p = v.info.pieces[std::size_t(t)];
  std::string out;
  if (p.confined) out += ", .confined = true, .region = {" + square_words(v.info.geo, p.region) + "}";
  if (!p.moves_on.empty()) out += ", .moves_on = " + moves_on_name(t);
  return out;
}

// The moves_on tables of v's pieces that have them (before `pieces`, which points at them).
std::string moves_on_tables(const model::Variant& v, const PieceTables& tables) {
  std::string out;
  for (int t = 0; t < int(v.info.pieces.size()); ++t) {
    const fairy::PieceInfo& p = v.info.pieces[std::size_t(t)];
    if (p.moves_on.empty()) continue;
    out += "  // " + p.name + "'s moves on some squares instead of its own (moves_on)\n";
    out += "  static constexpr bitboard::SquareMovesDesc " + moves_on_name(t) + "[] = {\n";
    for (std::size_t i = 0; i < p.moves_on.size(); ++i)
      out += "      {.on = {" + square_words(v.info.geo, p.moves_on[i].on) + "}, .paths = {" + tables.name(v, t, fairy::White, int(i)) +
             ", " + tables.name(v, t, fairy::Black, int(i)) + "}},\n";
    out += "  };\n";
  }
  return out;
}

// The kernel's board and pieces (Word, files, ranks, pieces): members of the Description, or of
// the KernelBoard that a move generator's header holds for the variants that share it.
std::string board_members(const model::Variant& v, const model::KernelCoverage& coverage, const PieceTables& tables) {
  const fairy::VariantInfo& info = v.info;
  const fairy::Geometry& g = info.geo;
  std::string out = "  using Word = " + word_type(coverage.word_bits) + ";\n";
  out += "  static constexpr int files = " + std::to_string(g.files) + ";\n";
  out += "  static constexpr int ranks = " + std::to_string(g.ranks) + ";\n";
  out += moves_on_tables(v, tables);
  out += "  static constexpr std::array<bitboard::PieceDesc, " + std::to_string(info.pieces.size()) + "> pieces = {{\n";
  for (int t = 0; t < int(info.pieces.size()); ++t) {
    const fairy::PieceInfo& p = info.pieces[std::size_t(t)];
    out += "      {.letter = '" + std::string(1, p.letter) + "', .royal = " + bool_text(p.royal) +
           ", .ep_victim = " + bool_text(p.ep_victim) + (p.safe_passage ? ", .safe_passage = true" : "") +
           (p.initial_ranks ? ", .initial_ranks = " + std::to_string(p.initial_ranks) : "") +
           (p.no_hop_over ? ", .no_hop_over = " + std::to_string(p.no_hop_over) + "u" : "") +
           (p.no_capture ? ", .no_capture = " + std::to_string(p.no_capture) + "u" : "") + square_members(v, t) +
           ", .paths = {" + tables.name(v, t, fairy::White) + ", " + tables.name(v, t, fairy::Black) + "}},\n";
  }
  out += "  }};\n";
  return out;
}

// The Description; `board`: the KernelBoard it derives from, else it has those members itself.
std::string description_struct(const model::Variant& v, const model::KernelCoverage& coverage, const PieceTables& tables,
                               const std::string& board) {
  const fairy::VariantInfo& info = v.info;
  const fairy::Geometry& g = info.geo;
  const int squares = g.files * g.ranks;
  std::string out = board.empty() ? "struct Description {\n" + board_members(v, coverage, tables)
                                  : "struct Description : " + board + " {  // its board and pieces\n";
  out += "  static constexpr CastlingRule castling = " + castling_literal(info.castling) + ";\n";
  out += rule_members(info);
  out += "  static constexpr std::array<bitboard::PromotionDesc, " + std::to_string(info.promotions.size()) +
         "> promotions = {{\n";
  for (std::size_t r = 0; r < info.promotions.size(); ++r) {
    const std::string n = std::to_string(r);
    out += "      {.pieces = kPromotion" + n + "Pieces, .zone = " + std::to_string(info.promotions[r].zone) +
           ", .mandatory = " + std::to_string(info.promotions[r].mandatory) +
           (info.promotions[r].leaving ? ", .leaving = true" : "") + ", .to = kPromotion" + n + "Targets";
    if (info.promotions[r].in_place)
      out += ",\n       .in_place = true, .anywhere_when_last = " + bool_text(info.promotions[r].anywhere_when_last) +
             ", .squares = {" + in_place_squares_name(r, fairy::White) + ", " + in_place_squares_name(r, fairy::Black) + "}";
    out += "},\n";
  }
  out += "  }};\n";
  out += hands_text(info, coverage.royal_drops);
  out += "  // The start position by square (rank * files + file): 0 empty, else 1 + type + 64 * colour.\n";
  out += "  static constexpr std::array<Piece, " + std::to_string(squares) + "> start_board = {\n";
  for (int r = 0; r < g.ranks; ++r) {
    out += "     ";
    for (int f = 0; f < g.files; ++f) out += " " + std::to_string(info.start_board[g.square(f, r)]) + ",";
    out += "  // rank " + std::to_string(r + 1) + "\n";
  }
  out += "  };\n};\n";
  return out;
}

}  // namespace

std::string kernel_board(const model::Variant& v, const PieceTables& tables) {
  const model::KernelCoverage coverage = model::kernel_coverage(v.info);
  return coverage.covered ? board_members(v, coverage, tables) : "";
}

KernelCode kernel_code(const model::Variant& v, const PieceTables& tables, const std::string& board) {
  const model::KernelCoverage coverage = model::kernel_coverage(v.info);
  KernelCode code;
  if (!coverage.covered) {
    code.description = "// Bitboard kernel: not covered, " + comment(coverage.reason) + "; perft runs on Rules::generate.\n";
    return code;
  }
  code.covered = true;
  const fairy::Geometry& g = v.info.geo;
  std::string& d = code.description;
  d = "// Bitboard kernel (runtime/bitboard/): " + std::to_string(g.files) + "x" + std::to_string(g.ranks) + " = " +
      std::to_string(g.files * g.ranks) + " squares in a " + std::to_string(coverage.word_bits) +
      "-bit word. The variant as constexpr data; its\n// pieces' paths are the tables of the *.paths.hpp headers, which the move generator's model is built from too.\n";
  d += "namespace kernel {\n\n";
  // The board whose squares the description names, where it names some (runtime/square_names.hpp):
  // in_place promotions, a flag, its own pieces' regions (a KernelBoard has its own kBoard).
  const fairy::VariantInfo& info = v.info;
  bool names = info.ends.flag.piece >= 0;
  for (const fairy::PromotionRule& r : info.promotions) names = names || r.in_place;
  for (const fairy::PieceInfo& p : info.pieces) names = names || (board.empty() && (p.confined || !p.moves_on.empty()));
  if (names)
    d += "inline constexpr Geometry kBoard{.files = " + std::to_string(g.files) + ", .ranks = " + std::to_string(g.ranks) +
         "};  // its squares, by name\n";
  d += promotion_arrays(v.info);
  d += "\n" + description_struct(v, coverage, tables, board) + "\n}  // namespace kernel\n";
  return code;
}

}  // namespace fairygen::emit
