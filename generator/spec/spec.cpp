#include "generator/spec/spec.hpp"

#include <yaml-cpp/yaml.h>

#include "generator/file_text.hpp"
#include "generator/spec/names.hpp"
#include "runtime/perft.hpp"

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <set>
#include <utility>

namespace fairygen::spec {

const PieceSpec* SpecFile::find_piece(const std::string& name) const {
  const auto it = piece_index.find(name);
  return it == piece_index.end() ? nullptr : &pieces[it->second];
}

const VariantSpec* SpecFile::find_variant(const std::string& key) const {
  const auto it = variant_index.find(key);
  return it == variant_index.end() ? nullptr : &variants[it->second];
}

namespace {

constexpr int kMaxIncludeDepth = 16;

// What loading a file and its includes shares.
struct IncludeState {
  struct Open {
    std::filesystem::path id;  // canonical path
    Location included_at;      // the include entry (line 0 for the file loaded first)
  };
  std::vector<Open> open;    // the files being loaded, outermost first
  std::set<std::string> done;  // canonical paths read already
  std::unordered_map<std::string, std::size_t> identifiers;  // C++ name -> piece index
  int depth() const { return int(open.size()); }
};

void load_file(const std::string& path, const std::filesystem::path& id, const Location& included_at, SpecFile& out,
               IncludeState& state);

class Loader {
 public:
  explicit Loader(std::string path) : path_(std::move(path)) {}

  Location at(const YAML::Node& n) const {
    const YAML::Mark m = n.Mark();
    return Location{path_, m.line + 1, m.column + 1};
  }

  [[noreturn]] void fail(const YAML::Node& n, const std::string& what) const { throw SpecError(at(n), what); }

  void expect_map(const YAML::Node& n, const std::string& what) const {
    if (!n.IsMap()) fail(n, what + " must be a mapping");
  }

  // Rejects keys not in `allowed`; a misspelt key is an error, never ignored.
  void check_keys(const YAML::Node& map, std::initializer_list<std::string_view> allowed,
                  const std::string& what) const {
    std::unordered_map<std::string, Location> seen;
    for (const auto& kv : map) {
      const std::string key = kv.first.Scalar();
      if (const auto [it, fresh] = seen.emplace(key, at(kv.first)); !fresh)
        fail(kv.first, "'" + shown(key) + "' is given twice in " + what + " (first at " + it->second.str() + ")");
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
        std::string list;
        for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
        fail(kv.first, "unknown key '" + key + "' in " + what + " (expected one of: " + list + ")");
      }
    }
  }

  YAML::Node require(const YAML::Node& map, const std::string& key, const std::string& what) const {
    const YAML::Node n = map[key];
    if (!n) fail(map, what + " needs '" + key + "'");
    return n;
  }

  std::string scalar(const YAML::Node& n, const std::string& what) const {
    if (!n.IsScalar()) fail(n, what + " must be a single value");
    return n.Scalar();
  }

  Located<std::string> str(const YAML::Node& n, const std::string& what) const { return {scalar(n, what), at(n)}; }

  long long integer(const YAML::Node& n, const std::string& what, long long lo, long long hi) const {
    const std::string s = scalar(n, what);
    std::size_t used = 0;
    long long v = 0;
    try {
      v = std::stoll(s, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != s.size() || s.empty()) fail(n, what + " must be a whole number, not '" + s + "'");
    if (v < lo || v > hi) fail(n, what + " must be from " + std::to_string(lo) + " to " + std::to_string(hi));
    return v;
  }

  Located<int> small_int(const YAML::Node& n, const std::string& what, int lo, int hi) const {
    return {int(integer(n, what, lo, hi)), at(n)};
  }

  bool boolean(const YAML::Node& n, const std::string& what) const {
    const std::string s = scalar(n, what);
    if (s == "true") return true;
    if (s == "false") return false;
    fail(n, what + " must be true or false, not '" + s + "'");
  }

  Located<char> letter(const YAML::Node& n, const std::string& what) const {
    const std::string s = scalar(n, what);
    if (s.size() != 1 || s[0] < 'A' || s[0] > 'Z') fail(n, what + " must be one upper-case letter, not '" + s + "'");
    return {s[0], at(n)};
  }

  std::vector<Located<std::string>> names(const YAML::Node& n, const std::string& what) const {
    std::vector<Located<std::string>> out;
    if (n.IsScalar()) return {str(n, what)};
    if (!n.IsSequence()) fail(n, what + " must be a name or a list of names");
    for (const auto& item : n) out.push_back(str(item, what));
    return out;
  }

  PieceSpec piece(const std::string& name, const YAML::Node& key, const YAML::Node& n) const {
    expect_map(n, "piece '" + name + "'");
    check_keys(n, {"letter", "betza", "immobile", "royal", "en_passant", "resets_clock", "safe_passage", "no_hop_over",
                    "no_capture", "value"},
               "piece '" + name + "'");
    PieceSpec p;
    p.name = name;
    p.where = at(key);
    const YAML::Node letter_node = require(n, "letter", "piece '" + name + "'");
    if (letter_node.IsScalar() && letter_node.Scalar().size() == 2 && letter_node.Scalar()[0] == '+') {
      p.mark = '+';  // a promoted piece: "+P"
      p.letter = {letter_node.Scalar()[1], at(letter_node)};
      if (p.letter.value < 'A' || p.letter.value > 'Z') fail(letter_node, "letter must be one upper-case letter, or + and one");
    } else {
      p.letter = letter(letter_node, "letter");
    }
    if (n["immobile"] && boolean(n["immobile"], "immobile")) {
      // A piece that never moves (Chak's Temple): no XBetza, and no moves for a variant to give it.
      if (n["betza"]) fail(n["betza"], "an immobile piece has no betza");
      p.immobile = true;
      p.betza = {"", at(n["immobile"])};
    } else {
      p.betza = str(require(n, "betza", "piece '" + name + "'"), "betza");
    }
    if (n["royal"]) p.royal = boolean(n["royal"], "royal");
    if (n["en_passant"]) p.en_passant = boolean(n["en_passant"], "en_passant");
    if (n["resets_clock"]) p.resets_clock = boolean(n["resets_clock"], "resets_clock");
    if (n["safe_passage"]) p.safe_passage = boolean(n["safe_passage"], "safe_passage");
    if (n["no_hop_over"]) p.no_hop_over = names(n["no_hop_over"], "no_hop_over");
    if (n["no_capture"]) p.no_capture = names(n["no_capture"], "no_capture");
    if (p.immobile && (n["no_hop_over"] || n["no_capture"]))
      fail(n["no_hop_over"] ? n["no_hop_over"] : n["no_capture"], "an immobile piece neither hops nor captures");
    if (n["value"]) p.value = small_int(n["value"], "value", 1, 100000);
    return p;
  }

  PieceUse piece_use(const YAML::Node& n) const {
    PieceUse u;
    if (n.IsScalar()) {
      u.name = str(n, "piece name");
      return u;
    }
    expect_map(n, "a variant's piece");
    check_keys(n, {"piece", "letter", "betza", "initial_ranks", "region", "moves_on"}, "a variant's piece");
    u.name = str(require(n, "piece", "a variant's piece entry"), "piece");
    if (n["letter"]) u.letter = letter(n["letter"], "letter");
    if (n["betza"]) u.betza = str(n["betza"], "betza");
    if (n["initial_ranks"]) u.initial_ranks = small_int(n["initial_ranks"], "initial_ranks", 1, 16);
    if (n["region"]) u.region = str(n["region"], "region");
    if (const YAML::Node moves = n["moves_on"]) {
      if (!moves.IsSequence()) fail(moves, "moves_on must be a list of {region: name, betza: moves}");
      for (const auto& m : moves) {
        expect_map(m, "a moves_on entry");
        check_keys(m, {"region", "betza"}, "a moves_on entry");
        u.moves_on.push_back({str(require(m, "region", "a moves_on entry"), "region"),
                              str(require(m, "betza", "a moves_on entry"), "betza")});
      }
    }
    return u;
  }

  // One side's squares of a region: {squares: [...]}, or {files: [first, last], ranks: [first, last]}.
  AreaSpec area(const YAML::Node& n, const std::string& what) const {
    expect_map(n, what);
    check_keys(n, {"squares", "files", "ranks"}, what);
    AreaSpec a;
    a.where = at(n);
    if (n["squares"]) {
      if (n["files"] || n["ranks"]) fail(n["squares"], what + ": give either squares or files and ranks");
      a.squares = names(n["squares"], "region squares");
      if (a.squares.empty()) fail(n["squares"], what + ": squares must list at least one square");
      return a;
    }
    if (!n["files"] && !n["ranks"]) fail(n, what + " needs squares, files or ranks");
    const auto pair = [&](const YAML::Node& p, const std::string& key) {
      if (!p.IsSequence() || p.size() != 2) fail(p, key + " must be [first, last]");
      return std::pair<YAML::Node, YAML::Node>{p[0], p[1]};
    };
    if (const YAML::Node f = n["files"]) {
      const auto [first, last] = pair(f, "files");
      a.first_file = str(first, "file");
      a.last_file = str(last, "file");
    }
    if (const YAML::Node r = n["ranks"]) {
      const auto [first, last] = pair(r, "ranks");
      a.first_rank = small_int(first, "rank", 1, 16);
      a.last_rank = small_int(last, "rank", 1, 16);
    }
    return a;
  }

  std::vector<RegionSpec> regions(const YAML::Node& n) const {
    expect_map(n, "regions");
    std::vector<RegionSpec> out;
    for (const auto& kv : n) {
      RegionSpec r;
      r.name = str(kv.first, "region name");
      for (const RegionSpec& o : out)
        if (o.name.value == r.name.value)
          fail(kv.first, "region '" + shown(r.name.value) + "' is given twice (first at " + o.name.where.str() + ")");
      const std::string what = "region '" + r.name.value + "'";
      expect_map(kv.second, what);
      if (kv.second["white"] || kv.second["black"]) {
        check_keys(kv.second, {"white", "black"}, what);
        r.white = area(require(kv.second, "white", what), what + " (white)");
        r.black = area(require(kv.second, "black", what), what + " (black)");
      } else {
        r.white = area(kv.second, what);
      }
      out.push_back(std::move(r));
    }
    return out;
  }

  CastlingSpec castling(const YAML::Node& n) const {
    expect_map(n, "castling");
    check_keys(n, {"king_steps", "queenside_king_steps", "partner", "piece"}, "castling");
    CastlingSpec c;
    c.where = at(n);
    if (n["king_steps"]) c.king_steps = small_int(n["king_steps"], "king_steps", 1, 14);
    if (n["queenside_king_steps"])
      c.queenside_king_steps = small_int(n["queenside_king_steps"], "queenside_king_steps", 1, 14);
    c.partner = str(require(n, "partner", "castling"), "partner");
    if (n["piece"]) c.piece = str(n["piece"], "piece");
    return c;
  }

  PromotionSpec promotion(const YAML::Node& n) const {
    expect_map(n, "promotion");
    check_keys(n, {"pieces", "zone", "mandatory", "to", "recoup", "moves", "from_reserve", "leaving", "in_place", "region",
                   "anywhere_when_last"},
               "promotion");
    PromotionSpec p;
    p.where = at(n);
    p.pieces = names(require(n, "pieces", "promotion"), "promotion pieces");
    if (n["in_place"]) p.in_place = Located<bool>{boolean(n["in_place"], "in_place"), at(n["in_place"])};
    if (n["region"]) p.region = str(n["region"], "region");
    if (n["anywhere_when_last"])
      p.anywhere_when_last = Located<bool>{boolean(n["anywhere_when_last"], "anywhere_when_last"), at(n["anywhere_when_last"])};
    const bool in_place = p.in_place && p.in_place->value;
    if (in_place && n["zone"]) fail(n["zone"], "an in_place promotion has its region:, not a zone");
    if (!in_place) p.zone = small_int(require(n, "zone", "promotion"), "zone", 1, 16);
    else p.zone = Located<int>{1, p.where};
    if (in_place && !p.region) fail(n["in_place"], "an in_place promotion needs region: (the squares where it promotes)");
    if (!in_place && p.region) fail(n["region"], "region: is for an in_place promotion (in_place: true)");
    if (!in_place && p.anywhere_when_last) fail(n["anywhere_when_last"], "anywhere_when_last is for an in_place promotion (in_place: true)");
    if (in_place)
      for (const char* key : {"mandatory", "moves", "from_reserve", "leaving"})
        if (n[key]) fail(n[key], std::string("an in_place promotion has no ") + key);
    if (n["mandatory"]) p.mandatory = small_int(n["mandatory"], "mandatory", 0, 16);
    if (n["from_reserve"]) p.from_reserve = boolean(n["from_reserve"], "from_reserve");
    if (n["leaving"]) p.leaving = boolean(n["leaving"], "leaving");
    const YAML::Node to = p.from_reserve ? n["to"] : require(n, "to", "promotion");
    if (to && p.from_reserve) fail(to, "a promotion from_reserve has no 'to' list");
    if (to && !to.IsSequence()) fail(to, "promotion 'to' must be a list");
    if (to) for (const auto& item : to) {
      PromotionTargetSpec t;
      if (item.IsMap()) {
        check_keys(item, {"piece", "depth", "recoup", "side", "limit"}, "promotion target");
        t.piece = str(require(item, "piece", "promotion target"), "piece");
        if (item["depth"]) t.depth = small_int(item["depth"], "depth", 1, 16).value;
        if (item["recoup"]) t.recoup = boolean(item["recoup"], "recoup");
        if (item["side"]) t.side = str(item["side"], "side");
        if (item["limit"]) t.limit = small_int(item["limit"], "limit", 1, 255);
      } else {
        t.piece = str(item, "promotion target");
      }
      p.to.push_back(t);
    }
    if (n["recoup"]) p.recoup = boolean(n["recoup"], "recoup");
    if (n["moves"]) p.moves = str(n["moves"], "moves");
    return p;
  }

  HandSpec hands(const YAML::Node& n) const {
    expect_map(n, "hands");
    check_keys(n,
               {"captures", "promoted", "drop_ranks", "no_doubled", "no_drop_mate", "no_dead_drops", "drops", "gating",
                "drop_promoted", "must_drop", "opposite_colours", "castling_file"},
               "hands");
    HandSpec h;
    h.where = at(n);
    if (n["captures"]) h.captures = boolean(n["captures"], "captures");
    if (const YAML::Node p = n["promoted"]) {
      const std::string how = scalar(p, "promoted");
      if (how != "tilde") fail(p, "promoted must be 'tilde' (a promoted piece returns to a hand as what promoted), not '" + how + "'");
      h.tilde = Located<bool>{true, at(p)};
    }
    if (const YAML::Node d = n["drop_ranks"]) {
      expect_map(d, "drop_ranks");
      for (const auto& item : d) {
        DropRanksSpec r;
        r.piece = str(item.first, "drop_ranks piece");
        if (item.second.IsSequence() && item.second.size() == 0) {  // []: never dropped
          r.first = r.last = Located<int>{0, at(item.second)};
          h.drop_ranks.push_back(r);
          continue;
        }
        if (!item.second.IsSequence() || item.second.size() != 2)
          fail(item.second, "drop_ranks of a piece must be [first, last] (the mover's ranks), or [] (nowhere)");
        r.first = small_int(item.second[0], "first drop rank", 1, 16);
        r.last = small_int(item.second[1], "last drop rank", 1, 16);
        if (r.first.value > r.last.value) fail(item.second[1], "the last drop rank is before the first");
        h.drop_ranks.push_back(r);
      }
    }
    if (n["no_doubled"]) h.no_doubled = names(n["no_doubled"], "no_doubled pieces");
    if (n["no_drop_mate"]) h.no_drop_mate = names(n["no_drop_mate"], "no_drop_mate pieces");
    if (n["no_dead_drops"]) h.no_dead_drops = boolean(n["no_dead_drops"], "no_dead_drops");
    if (n["drops"]) h.drops = Located<bool>{boolean(n["drops"], "drops"), at(n["drops"])};
    if (n["gating"]) h.gating = Located<bool>{boolean(n["gating"], "gating"), at(n["gating"])};
    if (n["drop_promoted"]) h.drop_promoted = Located<bool>{boolean(n["drop_promoted"], "drop_promoted"), at(n["drop_promoted"])};
    if (n["must_drop"]) h.must_drop = Located<bool>{boolean(n["must_drop"], "must_drop"), at(n["must_drop"])};
    if (n["opposite_colours"]) h.opposite_colours = names(n["opposite_colours"], "opposite_colours pieces");
    if (n["castling_file"]) h.castling_file = str(n["castling_file"], "castling_file");
    return h;
  }

  TurnSpec turn(const YAML::Node& n) const {
    expect_map(n, "turn");
    check_keys(n, {"moves", "first_turn_moves", "later_captures", "later_same_piece", "phase_moves"}, "turn");
    TurnSpec t;
    t.where = at(n);
    t.moves = small_int(require(n, "moves", "turn"), "moves", 1, 8);
    if (n["first_turn_moves"]) t.first_turn_moves = small_int(n["first_turn_moves"], "first_turn_moves", 1, 8);
    if (n["later_captures"]) t.later_captures = boolean(n["later_captures"], "later_captures");
    if (n["later_same_piece"]) t.later_same_piece = boolean(n["later_same_piece"], "later_same_piece");
    if (const YAML::Node pm = n["phase_moves"]) {
      if (!pm.IsSequence()) fail(pm, "phase_moves must be a list");
      for (const auto& item : pm) {
        expect_map(item, "a phase_moves entry");
        check_keys(item, {"piece", "moves", "phases"}, "a phase_moves entry");
        PhaseMovesSpec p;
        p.piece = str(require(item, "piece", "a phase_moves entry"), "piece");
        p.moves = str(require(item, "moves", "a phase_moves entry"), "moves");
        p.phases = names(require(item, "phases", "a phase_moves entry"), "phases");
        t.phase_moves.push_back(std::move(p));
      }
    }
    return t;
  }

  ExtinctionSpec extinction(const YAML::Node& n, const std::string& what, bool bare_king) const {
    ExtinctionSpec x;
    x.where = at(n);
    if (bare_king) {  // Fairy-Stockfish's bareKingValue: all pieces, 1 left, the opponent 2, claim
      x.result = str(n, what);
      x.pieces = {{"all", x.where}};
      x.count = 1;
      x.opponent_count = 2;
      x.claim = true;
      return x;
    }
    expect_map(n, what);
    check_keys(n, {"pieces", "result", "count", "opponent_count", "claim"}, what);
    x.pieces = names(require(n, "pieces", what), "extinction pieces");
    x.result = str(require(n, "result", what), "result");
    if (n["count"]) x.count = small_int(n["count"], "count", 0, 256).value;
    if (n["opponent_count"]) x.opponent_count = small_int(n["opponent_count"], "opponent_count", 0, 256).value;
    if (n["claim"]) x.claim = boolean(n["claim"], "claim");
    return x;
  }

  FlagSpec flag(const YAML::Node& n) const {
    expect_map(n, "flag");
    check_keys(n, {"piece", "squares", "white", "black", "extra_move"}, "flag");
    FlagSpec f;
    f.where = at(n);
    f.piece = str(require(n, "piece", "flag"), "piece");
    if (n["squares"]) {
      if (n["white"] || n["black"]) fail(n["squares"], "flag: give either squares (both sides) or white and black");
      f.white = f.black = names(n["squares"], "flag squares");
    } else {
      f.white = names(require(n, "white", "flag (or squares:)"), "flag squares");
      f.black = names(require(n, "black", "flag (or squares:)"), "flag squares");
    }
    if (n["extra_move"]) f.extra_move = boolean(n["extra_move"], "extra_move");
    return f;
  }

  RepetitionSpec repetition(const YAML::Node& n) const {
    RepetitionSpec r;
    r.where = at(n);
    if (n.IsScalar() && n.Scalar() == "none") return r;
    expect_map(n, "repetition (or none)");
    check_keys(n, {"count", "result", "perpetual_check_loses"}, "repetition");
    r.count = small_int(require(n, "count", "repetition"), "count", 2, 9);
    if (n["result"]) r.result = str(n["result"], "result");
    if (n["perpetual_check_loses"]) r.perpetual_check_loses = boolean(n["perpetual_check_loses"], "perpetual_check_loses");
    return r;
  }

  EndSpec end(const YAML::Node& n) const {
    expect_map(n, "end");
    check_keys(n, {"checkmate", "stalemate", "checks", "flag", "extinction", "bare_king", "repetition", "move_rule",
                   "counting"},
               "end");
    EndSpec e;
    e.where = at(n);
    if (n["checkmate"]) e.checkmate = str(n["checkmate"], "checkmate");
    if (n["stalemate"]) e.stalemate = str(n["stalemate"], "stalemate");
    if (n["checks"]) e.checks = small_int(n["checks"], "checks", 1, 9);
    if (n["flag"]) e.flag = flag(n["flag"]);
    if (n["extinction"]) e.extinction = extinction(n["extinction"], "extinction", false);
    if (n["bare_king"]) e.bare_king = extinction(n["bare_king"], "bare_king", true);
    if (e.extinction && e.bare_king) fail(n["bare_king"], "bare_king is an extinction rule: give one of the two");
    if (n["repetition"]) e.repetition = repetition(n["repetition"]);
    if (n["move_rule"]) e.move_rule = small_int(n["move_rule"], "move_rule", 0, 999);
    if (n["counting"]) e.counting = counting(n["counting"]);
    return e;
  }

  CountingSpec counting(const YAML::Node& n) const {
    expect_map(n, "counting");
    check_keys(n, {"rule", "pawn", "rook", "khon", "knight"}, "counting");
    CountingSpec c;
    c.where = at(n);
    c.rule = str(require(n, "rule", "counting"), "rule");
    if (n["pawn"]) c.pawn = str(n["pawn"], "pawn");
    if (n["rook"]) c.rook = str(n["rook"], "rook");
    if (n["khon"]) c.khon = str(n["khon"], "khon");
    if (n["knight"]) c.knight = str(n["knight"], "knight");
    return c;
  }

  PerftSpec perft(const YAML::Node& n) const {
    expect_map(n, "perft entry");
    check_keys(n, {"name", "fen", "counts", "source", "slow_from"}, "perft entry");
    PerftSpec p;
    p.where = at(n);
    p.fen = str(require(n, "fen", "perft entry"), "fen");
    p.name_where = p.where;
    if (n["name"]) {
      p.name = scalar(n["name"], "name");
      p.name_where = at(n["name"]);
      if (const std::string why = name_problem(p.name); !why.empty())
        fail(n["name"], "perft name '" + shown(p.name) + "' " + why);
      if (p.name.rfind("DISABLED", 0) == 0) fail(n["name"], "perft name '" + p.name + "' would disable its tests");
    }
    const YAML::Node counts = require(n, "counts", "perft entry");
    if (!counts.IsSequence() || counts.size() == 0) fail(counts, "counts must be a non-empty list (perft 1, 2, ...)");
    if (counts.size() > std::size_t(fairy::kMaxPerftDepth))
      fail(counts, "counts go to depth " + std::to_string(counts.size()) + ": at most " +
                       std::to_string(fairy::kMaxPerftDepth));
    for (const auto& c : counts) p.counts.push_back(std::uint64_t(integer(c, "perft count", 0, (1LL << 62))));
    // Every count says where it came from: another engine, a published table or a hand count.
    p.source = scalar(require(n, "source", "perft entry"), "source");
    if (p.source.size() < 8) fail(n["source"], "source must say where the counts come from");
    if (n["slow_from"]) p.slow_from = small_int(n["slow_from"], "slow_from", 1, 20).value;
    return p;
  }

  VariantSpec variant(const std::string& key, const YAML::Node& keynode, const YAML::Node& n) const {
    const std::string what = "variant '" + key + "'";
    expect_map(n, what);
    check_keys(n, {"board", "pieces", "start", "castling", "promotion", "turn", "drops", "setup", "end", "must_capture",
                   "checking", "en_passant_ranks", "perft", "hands", "regions", "flying_general", "pass", "bikjang",
                   "explode", "turn_over", "first_moves"},
               what);
    VariantSpec v;
    v.key = key;
    v.where = at(keynode);
    const YAML::Node board = require(n, "board", what);
    expect_map(board, "board");
    check_keys(board, {"files", "ranks", "brouhaha"}, "board");
    v.files = small_int(require(board, "files", "board"), "files", 1, 16);
    v.ranks = small_int(require(board, "ranks", "board"), "ranks", 1, 16);
    if (board["brouhaha"]) v.brouhaha = names(board["brouhaha"], "brouhaha squares");
    const YAML::Node pieces = require(n, "pieces", what);
    if (!pieces.IsSequence()) fail(pieces, "pieces must be a list");
    for (const auto& p : pieces) v.pieces.push_back(piece_use(p));
    v.start = str(require(n, "start", what), "start");
    if (n["castling"]) v.castling = castling(n["castling"]);
    if (const YAML::Node promo = n["promotion"]) {
      if (promo.IsSequence())
        for (const auto& p : promo) v.promotions.push_back(promotion(p));
      else
        v.promotions.push_back(promotion(promo));
    }
    if (const YAML::Node t = n["turn_over"]) {
      expect_map(t, "turn_over");
      for (const auto& item : t)
        v.turn_over.push_back({str(item.first, "turn_over piece"), str(item.second, "turn_over face")});
    }
    if (n["turn"]) v.turn = turn(n["turn"]);
    if (const YAML::Node d = n["drops"]) {
      expect_map(d, "drops");
      check_keys(d, {"zone", "pawn"}, "drops");
      DropSpec ds;
      ds.where = at(d);
      ds.zone = small_int(require(d, "zone", "drops"), "zone", 1, 16);
      ds.pawn = str(require(d, "pawn", "drops"), "pawn");
      v.drops = ds;
    }
    if (n["hands"]) v.hands = hands(n["hands"]);
    if (const YAML::Node s = n["setup"]) {
      expect_map(s, "setup");
      check_keys(s, {"random"}, "setup");
      v.random_setup = boolean(require(s, "random", "setup"), "random");
    }
    if (n["end"]) v.end = end(n["end"]);
    if (n["must_capture"]) v.must_capture = boolean(n["must_capture"], "must_capture");
    if (n["checking"]) v.checking = boolean(n["checking"], "checking");
    if (const YAML::Node ranks = n["en_passant_ranks"]) {
      if (!ranks.IsSequence()) fail(ranks, "en_passant_ranks must be a list of ranks");
      for (const auto& r : ranks) v.en_passant_ranks.push_back(small_int(r, "en_passant_ranks", 1, 16));
    }
    if (n["regions"]) v.regions = regions(n["regions"]);
    if (n["flying_general"]) v.flying_general = Located<bool>{boolean(n["flying_general"], "flying_general"), at(n["flying_general"])};
    if (n["pass"]) v.pass = Located<bool>{boolean(n["pass"], "pass"), at(n["pass"])};
    if (n["bikjang"]) v.bikjang = Located<bool>{boolean(n["bikjang"], "bikjang"), at(n["bikjang"])};
    if (const YAML::Node x = n["explode"]) {
      expect_map(x, "explode");
      check_keys(x, {"spared"}, "explode");
      ExplodeSpec e;
      e.where = at(x);
      if (x["spared"]) e.spared = names(x["spared"], "spared pieces");
      v.explode = e;
    }
    if (const YAML::Node fm = n["first_moves"]) {
      if (!fm.IsSequence()) fail(fm, "first_moves must be a list of {piece: name, betza: moves}");
      v.first_moves_where = at(fm);
      for (const auto& m : fm) {
        expect_map(m, "a first_moves entry");
        check_keys(m, {"piece", "betza", "in_check", "lost_to"}, "a first_moves entry");
        FirstMoveSpec f;
        f.where = at(m);
        f.piece = str(require(m, "piece", "a first_moves entry"), "piece");
        f.betza = str(require(m, "betza", "a first_moves entry"), "betza");
        if (m["in_check"]) f.in_check = boolean(m["in_check"], "in_check");
        if (m["lost_to"]) f.lost_to = names(m["lost_to"], "lost_to pieces");
        v.first_moves.push_back(std::move(f));
      }
    }
    if (const YAML::Node perfts = n["perft"]) {
      if (!perfts.IsSequence()) fail(perfts, "perft must be a list");
      for (const auto& p : perfts) v.perft.push_back(perft(p));
      check_perft_names(v);
    }
    return v;
  }

  // Each perft entry names its generated tests (Perft_<key>.<name>_depth<d>; "position<n>"
  // when unnamed): two that would give the same test name are an error naming both.
  static void check_perft_names(VariantSpec& v) {
    std::unordered_map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < v.perft.size(); ++i) {
      PerftSpec& p = v.perft[i];
      const std::string test = identifier(p.name.empty() ? "position" + std::to_string(i + 1) : p.name);
      const auto [it, fresh] = seen.emplace(test, i);
      if (!fresh)
        throw SpecError(p.name_where, "perft test name '" + test + "' is also that of the entry at " +
                                          v.perft[it->second].name_where.str());
    }
  }

  // Piece names become C++ identifiers (Pieces<Us>::<name>_, generate_<name>_moves): two that
  // would become the same one are an error naming both.
  void check_identifiers(const SpecFile& out, const PieceSpec& p, std::unordered_map<std::string, std::size_t>& taken,
                         const YAML::Node& key) const {
    const std::string id = identifier(p.name);
    const auto [it, fresh] = taken.emplace(id, out.pieces.size());
    if (!fresh) {
      const PieceSpec& other = out.pieces[it->second];
      fail(key, "pieces '" + other.name + "' (" + other.where.str() + ") and '" + p.name + "' would both be named " +
                    id + " in generated C++: rename one");
    }
  }

  // Adds this file's pieces and variants to `out`, after those of the files it includes.
  void file(const YAML::Node& root, SpecFile& out, IncludeState& state) const {
    if (!root.IsMap()) fail(root, "the top level must be a mapping with 'pieces' and 'variants' (and 'include')");
    check_keys(root, {"include", "pieces", "variants"}, "the top level");
    if (!root["include"] && !root["pieces"] && !root["variants"])
      fail(root, "the top level needs 'pieces', 'variants' or 'include'");
    if (const YAML::Node inc = root["include"]) includes(inc, out, state);
    if (const YAML::Node pieces = root["pieces"]) {
      expect_map(pieces, "pieces");
      for (const auto& kv : pieces) {
        const std::string name = scalar(kv.first, "a piece name");
        if (const std::string why = name_problem(name); !why.empty())
          fail(kv.first, "piece name '" + shown(name) + "' " + why);
        if (const PieceSpec* first = out.find_piece(name))
          fail(kv.first, "piece '" + name + "' is defined twice (first at " + first->where.str() + ")");
        PieceSpec p = piece(name, kv.first, kv.second);
        check_identifiers(out, p, state.identifiers, kv.first);
        out.piece_index.emplace(name, out.pieces.size());
        out.pieces.push_back(std::move(p));
      }
    }
    if (const YAML::Node variants = root["variants"]) {
      expect_map(variants, "variants");
      for (const auto& kv : variants) {
        const std::string key = scalar(kv.first, "a variant key");
        if (const VariantSpec* first = out.find_variant(key))
          fail(kv.first, "variant '" + key + "' is defined twice (first at " + first->where.str() + ")");
        if (const std::string why = key_problem(key); !why.empty())
          fail(kv.first, "variant key '" + shown(key) + "' " + why);
        out.variant_index.emplace(key, out.variants.size());
        out.variants.push_back(variant(key, kv.first, kv.second));
        out.variants.back().included = state.depth() > 1;
      }
    }
  }

 private:
  // `include: file` or `include: [file, ...]`: paths relative to this file's directory, loaded
  // in order before this file's own pieces and variants. A file reached twice is read once; a
  // file that includes itself, directly or not, is an error naming both includes.
  void includes(const YAML::Node& inc, SpecFile& out, IncludeState& state) const {
    if (!inc.IsScalar() && !inc.IsSequence()) fail(inc, "'include' must be a file name or a list of them");
    std::vector<YAML::Node> entries;
    if (inc.IsScalar()) entries.push_back(inc);
    else for (const auto& e : inc) entries.push_back(e);
    for (const YAML::Node& e : entries) {
      const std::string name = scalar(e, "an included file");
      if (name.empty()) fail(e, "an included file name is empty");
      const std::filesystem::path target =
          (std::filesystem::path(path_).parent_path() / std::filesystem::path(name)).lexically_normal();
      std::error_code ec;
      const std::filesystem::path id = std::filesystem::weakly_canonical(target, ec);
      if (!std::filesystem::exists(target, ec))
        fail(e, "cannot include '" + shown(name) + "': no such file (" + shown(target.string()) + ")");
      if (!std::filesystem::is_regular_file(target, ec))
        fail(e, "cannot include '" + shown(name) + "': not a regular file (" + shown(target.string()) + ")");
      for (const auto& open : state.open)
        if (open.id == id)
          fail(e, "include cycle: '" + shown(name) + "' (" + shown(target.string()) + ") is already being loaded" +
                      (open.included_at.line ? ", included at " + open.included_at.str()
                                             : ": it is the file given to load"));
      if (!state.done.insert(id.string()).second) continue;
      if (state.depth() >= kMaxIncludeDepth)
        fail(e, "includes nest more than " + std::to_string(kMaxIncludeDepth) + " files deep");
      load_file(target.string(), id, at(e), out, state);
    }
  }

  std::string path_;
};

std::string read_file(const std::string& path, const Location& from) {
  std::optional<std::string> text = read_whole_file(path);
  if (!text) throw SpecError(from.line ? from : Location{path, 0, 0}, "cannot open file" + (from.line ? " '" + path + "'" : ""));
  return std::move(*text);
}

void load_text(const std::string& text, const std::string& path, const std::filesystem::path& id,
               const Location& included_at, SpecFile& out, IncludeState& state) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw SpecError(Location{path, e.mark.line + 1, e.mark.column + 1}, e.msg);
  }
  out.files.push_back(path);
  state.open.push_back({id, included_at});
  Loader(path).file(root, out, state);
  state.open.pop_back();
}

void load_file(const std::string& path, const std::filesystem::path& id, const Location& included_at, SpecFile& out,
               IncludeState& state) {
  load_text(read_file(path, included_at), path, id, included_at, out, state);
}

std::filesystem::path file_id(const std::string& path) {
  std::error_code ec;
  std::filesystem::path id = std::filesystem::weakly_canonical(path, ec);
  return ec ? std::filesystem::path(path) : id;
}

}  // namespace

SpecFile load_string(const std::string& text, const std::string& path) {
  SpecFile out;
  out.path = path;
  IncludeState state;
  const std::filesystem::path id = file_id(path);
  state.done.insert(id.string());
  load_text(text, path, id, Location{}, out, state);
  return out;
}

SpecFile load(const std::string& path) { return load_string(read_file(path, Location{}), path); }

}  // namespace fairygen::spec
