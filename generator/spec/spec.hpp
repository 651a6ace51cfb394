// Stage 1 of fairygen: variants.yaml → plain structs. Every value remembers where it was
// written so later stages can report file:line:column. docs/spec.md documents every key.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace fairygen::spec {

struct Location {
  std::string file;
  int line = 0;    // 1-based
  int column = 0;  // 1-based
  std::string str() const {
    return line == 0 ? file : file + ":" + std::to_string(line) + ":" + std::to_string(column);
  }
};

// Any error in a spec file: "file:line:column: error: what".
struct SpecError : std::runtime_error {
  SpecError(const Location& where, const std::string& what)
      : std::runtime_error(where.str() + ": error: " + what), where(where), message(what) {}
  Location where;
  std::string message;
};

template <class T>
struct Located {
  T value{};
  Location where;
};

struct PieceSpec {
  std::string name;
  Location where;
  Located<char> letter;
  Located<std::string> betza;
  bool royal = false;
  bool en_passant = false;  // leaves e.p. squares behind its multi-square straight moves
  bool safe_passage = false;
};

// A variant's use of a catalogue piece, optionally overriding its letter or moves.
struct PieceUse {
  Located<std::string> name;
  std::optional<Located<char>> letter;
  std::optional<Located<std::string>> betza;
};

struct CastlingSpec {
  Location where;
  std::optional<Located<int>> king_steps;  // or XBetza O<n> in the royal piece's moves
  Located<std::string> partner;
};

struct PromotionTargetSpec {
  Located<std::string> piece;
  int depth = 0;  // only on the last `depth` ranks; 0 = anywhere in the zone
  std::optional<bool> recoup;
};

struct PromotionSpec {
  Location where;
  std::vector<Located<std::string>> pieces;
  Located<int> zone;
  std::optional<Located<int>> mandatory;
  std::vector<PromotionTargetSpec> to;
  bool recoup = false;
  std::optional<Located<std::string>> moves;  // XBetza: only these moves promote
  bool from_reserve = false;                  // to the last piece left in the reserve
};

struct DropSpec {
  Location where;
  Located<int> zone;
  Located<std::string> pawn;  // the piece type that never earns or gives credits
};

// Moves of a piece allowed only in some phases of a turn.
struct PhaseMovesSpec {
  Located<std::string> piece;
  Located<std::string> moves;                // XBetza: which of the piece's moves
  std::vector<Located<std::string>> phases;  // first, later, opening
};

struct TurnSpec {
  Location where;
  Located<int> moves;
  std::optional<Located<int>> first_turn_moves;
  bool later_captures = true;
  bool later_same_piece = true;
  std::vector<PhaseMovesSpec> phase_moves;
};

struct PerftSpec {
  Location where;
  std::string name;
  Location name_where;  // where `name` is written (the entry, when it has none)
  Located<std::string> fen;  // "start" or a FEN
  std::vector<std::uint64_t> counts;  // counts[d-1] = perft(d)
  std::string source;
  int slow_from = 0;  // depths >= this are labelled slow (0 = none)
};

struct VariantSpec {
  std::string key;
  Location where;
  Located<int> files, ranks;
  std::vector<Located<std::string>> brouhaha;  // square names
  std::vector<PieceUse> pieces;
  Located<std::string> start;
  std::optional<CastlingSpec> castling;
  std::vector<PromotionSpec> promotions;
  std::optional<TurnSpec> turn;
  std::optional<DropSpec> drops;
  bool random_setup = false;  // `fairy new` deals random start positions (Universal Chess)
  std::vector<PerftSpec> perft;
  bool included = false;  // declared in a file the loaded one includes
};

struct SpecFile {
  std::string path;
  std::vector<PieceSpec> pieces;      // catalogue, in file order
  std::vector<VariantSpec> variants;  // in file order
  // Name -> index into pieces / variants: lookups stay constant-time in a large catalogue.
  std::unordered_map<std::string, std::size_t> piece_index, variant_index;

  const PieceSpec* find_piece(const std::string& name) const;
  const VariantSpec* find_variant(const std::string& key) const;
};

// Loads and checks the shape of a spec file (types, required and unknown keys) and of the files
// it includes (`include:`, relative to the including file; each read once; cycles refused).
// Cross-references (piece names, XBetza, FEN) are checked by the model stage. Throws SpecError.
SpecFile load(const std::string& path);
SpecFile load_string(const std::string& text, const std::string& path);

}  // namespace fairygen::spec
