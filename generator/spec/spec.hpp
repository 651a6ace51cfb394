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
  char mark = 0;  // '+': a promoted piece, written "+P", that returns to a hand as the piece P
  Located<std::string> betza;  // "" for an immobile piece
  bool immobile = false;       // never moves (and attacks nothing)
  bool royal = false;
  bool en_passant = false;  // leaves e.p. squares behind its multi-square straight moves
  bool resets_clock = false;  // its moves reset the halfmove clock (a pawn without e.p.)
  bool safe_passage = false;
  // Hoppers' restrictions (the Janggi cannon): pieces it may not hop over, and may not capture.
  std::vector<Located<std::string>> no_hop_over, no_capture;
  std::optional<Located<int>> value;  // centipawns for the search; without it, estimated from mobility
};

// Moves a piece has instead of its own while it stands in a region (`moves_on:`).
struct MovesOnSpec {
  Located<std::string> region;  // a name from the variant's regions:
  Located<std::string> betza;
};

// A variant's use of a catalogue piece, optionally overriding its letter or moves.
struct PieceUse {
  Located<std::string> name;
  std::optional<Located<char>> letter;
  std::optional<Located<std::string>> betza;
  std::optional<Located<int>> initial_ranks;  // XBetza `i`: on its first N ranks (horde's pawns)
  std::optional<Located<std::string>> region;  // no move may end outside this region
  std::vector<MovesOnSpec> moves_on;
};

// Squares of one side's region: listed, or the intersection of a range of files and of ranks.
struct AreaSpec {
  Location where;
  std::vector<Located<std::string>> squares;
  std::optional<Located<std::string>> first_file, last_file;  // files: [d, f]
  std::optional<Located<int>> first_rank, last_rank;          // ranks: [1, 3]
};

// A named region (`regions:`): White's squares, and Black's (mirrored from White's when not given).
struct RegionSpec {
  Located<std::string> name;
  AreaSpec white;
  std::optional<AreaSpec> black;
};

struct CastlingSpec {
  Location where;
  std::optional<Located<int>> king_steps;  // or XBetza O<n> in the royal piece's moves
  std::optional<Located<int>> queenside_king_steps;  // towards lower files, if not king_steps
  Located<std::string> partner;
  std::optional<Located<std::string>> piece;  // the piece that castles, when no piece is royal
};

struct PromotionTargetSpec {
  Located<std::string> piece;
  int depth = 0;  // only on the last `depth` ranks; 0 = anywhere in the zone
  std::optional<bool> recoup;
  std::optional<Located<std::string>> side;  // white or black: a choice of that side only
  std::optional<Located<int>> limit;         // only while the side has fewer on the board
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
  bool leaving = false;                       // also on a move out of the zone
  std::optional<Located<bool>> in_place;      // a move of its own, from the squares of `region`
  std::optional<Located<std::string>> region; // in_place: where the pieces promote (regions:)
  std::optional<Located<bool>> anywhere_when_last;  // in_place: the last piece promotes anywhere
};

// Pieces in hand (`hands:`): captures join the captor's hand, drops are moves.
struct DropRanksSpec {
  Located<std::string> piece;
  Located<int> first, last;  // the mover's ranks, 1-based (both 0: [], never dropped)
};

struct HandSpec {
  Location where;
  bool captures = true;
  std::optional<Located<bool>> tilde;  // promotions make `~` pieces that return as what promoted
  std::vector<DropRanksSpec> drop_ranks;
  std::vector<Located<std::string>> no_doubled, no_drop_mate;
  bool no_dead_drops = false;
  std::optional<Located<bool>> drops;   // false: pieces leave the hand only by gating
  std::optional<Located<bool>> gating;  // seirawan's gating
  std::optional<Located<bool>> drop_promoted;  // a piece may also be dropped as its `+` promoted type
  std::optional<Located<bool>> must_drop;                // placement: a drop while one is legal
  std::vector<Located<std::string>> opposite_colours;    // pieces dropped half on each colour
  std::optional<Located<std::string>> castling_file;     // the royal dropped there may castle
};

// A piece with two faces (`turn_over:`, Kyoto shogi): every move of either face turns it over.
struct TurnOverSpec {
  Located<std::string> piece;  // the face it is captured as (returns to a hand as)
  Located<std::string> face;   // the other face, a `+` piece written with `piece`'s letter
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

// Losing every piece of some types (or all pieces), or all but a bare king (`end:`).
struct ExtinctionSpec {
  Location where;
  std::vector<Located<std::string>> pieces;  // piece names; "all" = all pieces together
  Located<std::string> result;               // win, loss or draw for the extinct side
  int count = 0;                             // extinct with at most this many
  int opponent_count = 0;                    // ... while the opponent has at least this many
  bool claim = false;
};

struct FlagSpec {
  Location where;
  Located<std::string> piece;
  std::vector<Located<std::string>> white, black;  // target squares of each side
  bool extra_move = false;
};

struct RepetitionSpec {
  Location where;
  Located<int> count;
  std::optional<Located<std::string>> result;  // for the side to move; default draw
  bool perpetual_check_loses = false;
};

// Makruk's counting rules: the rule's name and the pieces its honour rules name.
struct CountingSpec {
  Location where;
  Located<std::string> rule;  // makruk
  std::optional<Located<std::string>> pawn, rook, khon, knight;
};

// How a game ends (docs/spec.md, `end:`); unset keys keep chess's rules.
struct EndSpec {
  Location where;
  std::optional<Located<std::string>> checkmate, stalemate;  // win, loss or draw for the side to move
  std::optional<Located<int>> checks;                        // n-check
  std::optional<FlagSpec> flag;
  std::optional<ExtinctionSpec> extinction;
  std::optional<ExtinctionSpec> bare_king;
  std::optional<RepetitionSpec> repetition;  // `repetition: none` leaves `count` 0
  std::optional<Located<int>> move_rule;     // 0 = none
  std::optional<CountingSpec> counting;
};

// Atomic captures (`explode:`): the pieces on the neighbouring squares that survive a capture.
struct ExplodeSpec {
  Location where;
  std::vector<Located<std::string>> spared;
};

// First-move rights (`first_moves:`, Ouk Chatrang): moves a piece has while it keeps its right.
struct FirstMoveSpec {
  Location where;
  Located<std::string> piece;
  Located<std::string> betza;
  bool in_check = true;                       // false: not while the side is in check
  std::vector<Located<std::string>> lost_to;  // enemy pieces whose move attacking it takes its right
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
  std::vector<TurnOverSpec> turn_over;
  std::optional<TurnSpec> turn;
  std::optional<DropSpec> drops;
  std::optional<HandSpec> hands;
  bool random_setup = false;  // `fairy new` deals random start positions (Universal Chess)
  std::optional<EndSpec> end;
  bool must_capture = false;   // a side that can capture must
  bool checking = true;        // false: no move may give check
  std::vector<Located<int>> en_passant_ranks;  // e.p. squares only on these ranks (of the mover)
  std::vector<RegionSpec> regions;
  std::optional<Located<bool>> flying_general;  // the royal pieces may not face each other
  std::optional<Located<bool>> pass;     // each side may pass (janggi)
  std::optional<Located<bool>> bikjang;  // janggi's bikjang: facing royal pieces end the game
  std::optional<ExplodeSpec> explode;          // captures explode (atomic)
  std::vector<FirstMoveSpec> first_moves;      // first-move rights (cambodian)
  Location first_moves_where;
  std::vector<PerftSpec> perft;
  bool included = false;  // declared in a file the loaded one includes
};

struct SpecFile {
  std::string path;
  std::vector<std::string> files;     // every file read: this one, then its includes, in order
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
