#include "generator/emit/mailbox.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "generator/emit/paths.hpp"
#include "generator/emit/piece_table.hpp"
#include "generator/emit/text.hpp"
#include "generator/spec/names.hpp"

namespace fairygen::emit {

using fairy::Color;
using fairy::Leg;
using fairy::Path;
using fairy::VariantInfo;

namespace {


// ------------------------------------------------------------------ small text helpers

class Code {
 public:
  explicit Code(int indent = 0) : indent_(indent) {}
  void line(const std::string& s = "") {
    if (s.empty()) {
      out_ += '\n';
      return;
    }
    out_.append(std::size_t(indent_) * 2, ' ');
    out_ += s;
    out_ += '\n';
  }
  void open(const std::string& s) {
    line(s);
    ++indent_;
  }
  void close(const std::string& s = "}") {
    --indent_;
    line(s);
  }
  // Closes one block and opens the next on the same line ("} else {").
  void reopen(const std::string& s) {
    --indent_;
    line(s);
    ++indent_;
  }
  // Text already laid out (whole lines).
  void raw(const std::string& text) { out_ += text; }
  const std::string& str() const { return out_; }

 private:
  std::string out_;
  int indent_ = 0;
};

// Colour as a template parameter: every function of the move generator and of the attack tests
// is written once, for `Us`, and says Us (its own colour) and ~Us where the code of one colour
// would name White or Black. The emitter writes each function for both colours in those terms;
// when the two texts agree (Black's moves are White's, mirrored), it emits one template, and
// otherwise one explicit specialisation a colour (see emit_for_both).

// The piece of type `type` and colour `c` ("Us" or "~Us"), by name: Pieces<Us>::rook_ (the
// trailing '_' keeps the names of pieces apart from every other name in the generated code,
// and from C++'s keywords).
std::string piece_member(const VariantInfo& info, int type) { return spec::identifier(info.pieces[type].name) + "_"; }
std::string piece_const(const VariantInfo& info, int type, const std::string& c) {
  return "Pieces<" + c + ">::" + piece_member(info, type);
}

// A vector (x, y) as the colour whose code it is sees it (y counts ranks forwards): in comments,
// and as the mailbox offset the generated code computes.
std::string vector_text(int x, int y) { return "(" + std::to_string(x) + "," + std::to_string(y) + ")"; }
std::string vec_call(int x, int y) { return "vec<Us, kStride>(" + std::to_string(x) + ", " + std::to_string(y) + ")"; }

// The vector (x, y) of colour c's program, as that colour sees it.
std::string vec_expr(int x, int y, Color c) { return vec_call(x, c == fairy::White ? y : -y); }

// How a leg goes, after its vector: " leap mc", " slide up to 3 p", " slide zigzag m".
std::string leg_kind(const Leg& l) {
  std::string s = l.range == 1 ? " leap" : l.range == 0 ? " slide" : " slide up to " + std::to_string(l.range);
  std::string modes;
  if (l.mode & fairy::kMove) modes += "m";
  if (l.mode & fairy::kCapture) modes += "c";
  if (l.mode & fairy::kFriend) modes += "d";
  if (l.mode & fairy::kHop) modes += "p";
  if (l.mode & fairy::kEnPassant) modes += "e";
  if (l.flags & fairy::kZigzag) s += " zigzag";
  if (l.flags & fairy::kCircle) s += " circular";
  if (l.flags & fairy::kUnload) modes += " unload";
  if (l.flags & fairy::kInduce) modes += " induce";
  return s + (modes.empty() || modes[0] == ' ' ? "" : " ") + modes;
}

// What a path does, without its vectors: "leap m, then slide mc".
std::string path_kinds(const Path& p) {
  std::string legs;
  for (std::size_t i = 0; i < p.legs.size(); ++i)
    legs += std::string(i ? ", then" : "") + (p.legs[i].flags & fairy::kSameLength ? " same length" : "") + leg_kind(p.legs[i]);
  return std::string(p.virgin_only ? "unmoved only: " : "") + (p.promotes ? "" : "never promotes: ") +
         legs.substr(legs.find_first_not_of(' '));
}

// ------------------------------------------------------------------ forward generation

struct PieceContext {
  bool promotes;
  std::string region;  // the table of squares a move may end on (spec `region:`), or "" for anywhere
  std::uint64_t no_hop_over = 0;  // spec no_hop_over: / no_capture: (type bits)
  std::uint64_t no_capture = 0;
};

// Bits as a C++ constant: 0x...ull.
std::string bits_literal(std::uint64_t bits) {
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%llxull", static_cast<unsigned long long>(bits));
  return hex;
}

// Type bits (no_hop_over:, no_capture:) as a C++ constant.
std::string type_mask(std::uint64_t types) { return types ? bits_literal(types) : "0"; }

// The members of Squares<c> (runtime/square_names.hpp's tables) that tell the squares of a
// piece's region (a SquareTable), and which of its moves_on entries holds a square (an
// EntryTable: the entry's index, -1 for none).
std::string region_table(const VariantInfo& info, int type) { return spec::identifier(info.pieces[type].name) + "_region"; }
std::string entry_table(const VariantInfo& info, int type) { return spec::identifier(info.pieces[type].name) + "_moves_on"; }
std::string square_test(const VariantInfo& info, int type, const std::string& c) {
  return "Squares<" + c + ">::" + region_table(info, type);
}
std::string entry_test(const VariantInfo& info, int type, const std::string& c) {
  return "Squares<" + c + ">::" + entry_table(info, type);
}

std::string colour_square_names(const VariantInfo& info, const std::array<fairy::SquareSet, 2>& sets) {
  const std::string white = square_names(info.geo, sets[fairy::White]), black = square_names(info.geo, sets[fairy::Black]);
  return white == black ? white : "C == White ? " + white + " : " + black;
}

// The mailbox square where type's promotion zone begins for colour c (see PieceContext).
int promotion_zone_edge(const VariantInfo& info, int type, Color c) {
  const int rule = info.promotion_rule[type];
  if (rule < 0) return 0;
  if (info.promotions[rule].leaving) return -1;
  const int zone = std::min(info.promotions[rule].zone, info.geo.ranks);
  return c == fairy::White ? info.geo.square(0, info.geo.ranks - zone) : info.geo.square(info.geo.files - 1, zone - 1);
}

// Whether two paths may be made by one piece of code: they are used under the same conditions
// (unmoved only, turn phases) and promote alike.
bool same_conditions(const Path& a, const Path& b) {
  return a.virgin_only == b.virgin_only && a.promotes == b.promotes && a.phases == b.phases;
}

// Whether b is a path that a's code makes for other vectors: leg by leg the same modes, range and
// flags (no crooked or circular leg, whose steps vary), and the same conditions (then the two
// share one loop over their vectors, whichever XBetza atoms they come from: a Marquis's twelve
// leaps, N and W, are one walk).
bool same_but_vector(const Path& a, const Path& b) {
  if (a.legs.size() != b.legs.size() || !same_conditions(a, b)) return false;
  for (std::size_t k = 0; k < a.legs.size(); ++k) {
    Leg x = a.legs[k];
    const Leg& y = b.legs[k];
    if (x.flags & (fairy::kZigzag | fairy::kCircle)) return false;
    x.dx = y.dx;
    x.dy = y.dy;
    if (!(x == y)) return false;
  }
  return true;
}

// Whether the path is a plain leap or unlimited slide of one leg that ends on an empty square or
// on an enemy (or either), with nothing else to decide where it lands (no promotion, region or
// no_capture:): the runtime's leap_moves / slide_moves make it.
bool plain_walk(const Path& path, const PieceContext& pc) {
  if (path.legs.size() != 1 || pc.promotes || !pc.region.empty() || pc.no_capture) return false;
  const Leg& l = path.legs[0];
  return l.flags == 0 && (l.range == 0 || l.range == 1) && l.mode && !(l.mode & ~(fairy::kMove | fairy::kCapture));
}

// Whether the path is a hop along one line: an unlimited slide to a screen, then on along the
// same vector as an unlimited slide that ends on an empty square or an enemy (Xiangqi's Cannon),
// with no promotion or region to decide: the runtime's hop_moves makes it.
bool hop_walk(const Path& path, const PieceContext& pc) {
  if (path.legs.size() != 2 || pc.promotes || !pc.region.empty()) return false;
  const Leg &screen = path.legs[0], &leg = path.legs[1];
  return screen.flags == 0 && leg.flags == 0 && screen.range == 0 && leg.range == 0 && screen.mode == fairy::kHop &&
         leg.mode && !(leg.mode & ~(fairy::kMove | fairy::kCapture)) && screen.dx == leg.dx && screen.dy == leg.dy;
}

// Emits `result name(params) { body }` for both colours, body(c) being the body (at one level
// of indentation) of colour c's function written in terms of Us: one template when the two
// bodies are the same text, else a declaration and an explicit specialisation a colour.
void emit_for_both(Code& code, const std::string& result, const std::string& name, const std::string& params,
                   const std::function<std::string(Color)>& body) {
  const std::string white = body(fairy::White), black = body(fairy::Black);
  code.line("template <Color Us>");
  if (white == black) {
    code.line(result + " " + name + "(" + params + ") {" + (white.empty() ? "}" : ""));
    if (!white.empty()) {
      code.raw(white);
      code.line("}");
    }
    code.line();
    return;
  }
  code.line(result + " " + name + "(" + params + ");");
  for (Color c : {fairy::White, fairy::Black}) {
    code.line("template <>");
    code.open(result + " " + name + "<" + color_name(c) + ">(" + params + ") {");
    code.line("constexpr Color Us = " + color_name(c) + ";");
    code.raw(c == fairy::White ? white : black);
    code.close();
  }
  code.line();
}

// The name of the function generating a piece's moves (moves >= 0: those of its moves_on entry).
// No two pieces share one, and none is a runtime function's (none of those ends so).
std::string generate_function(const VariantInfo& info, int type, int moves = -1) {
  return "generate_" + spec::identifier(info.pieces[type].name) +
         (moves < 0 ? "_moves" : "_moves_on_" + std::to_string(moves));
}

// The sink of a walk of the shared path walker (runtime/path_walk.hpp): it adds each move the walk
// completes as add_walked does (a swap, a promotion, a plain move), where the piece may end one.
// `zone`: the promotion zone's first square (White: from it up; Black: down to it), as C++: its
// mailbox square, or in a shared move generator the template parameters kZoneWhite and kZoneBlack.
std::string walk_sink(const PieceContext& pc, const std::string (&zone)[2]) {
  const std::string add = "add_walked(pos, list, m, Us, " + std::string(pc.promotes ? "true" : "false") + ", " +
                          (pc.promotes ? zone[0] : "-1") + ", " + (pc.promotes ? zone[1] : "0") + ");";
  return "[&](const Move& m) { " + (pc.region.empty() ? add : "if (" + pc.region + "(m.to)) " + add) + " return false; }";
}

// Emits the function generating the moves of piece type `type` (moves >= 0: those of its
// moves_on entry) and returns how generate_piece calls it, for colour Us. A piece's own moves
// with no rule of the variant in them (no region, no_hop_over or no_capture; a promotion only by
// where its zone starts) and alike for both colours are the same code in every variant with the
// piece: they go to its shared header (PieceTables::share_moves), a template on the board's
// stride (and the promotion zone) too, and nothing is emitted here.
std::string emit_piece(Code& code, const model::Variant& v, const Options& o, const PieceTables& tables, int type, int moves = -1) {
  const VariantInfo& info = v.info;
  const fairy::PieceInfo& piece = info.pieces[type];
  const spec::Location& where = v.piece_where[type];
  const bool promotable = info.promotion_rule[type] >= 0;
  const std::string betza = moves < 0 ? piece.betza : piece.moves_on[std::size_t(moves)].betza;
  const std::string heading = "// " + comment(piece.name + " (" + std::string(1, piece.letter) + "): XBetza \"" + betza + "\"" +
                                              (moves < 0 ? "" : " where it stands on its moves_on squares") + ", " + o.spec_name) +
                              ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
  const auto program = [&](Color c) -> const fairy::PieceProgram& {
    return moves < 0 ? piece.program[c] : piece.moves_on[std::size_t(moves)].program[c];
  };
  const std::string own = generate_function(info, type, moves) + "<Us>";
  if (program(fairy::White).paths.empty() && program(fairy::Black).paths.empty()) {  // immobile: true
    code.line(heading);
    emit_for_both(code, "void", generate_function(info, type, moves), "const Position&, Square, MoveList&",
                  [](Color) { return std::string(); });
    return own;
  }
  // The promotion zone: its squares here, its template parameters in a shared move generator.
  const std::string zone_squares[2] = {std::to_string(promotion_zone_edge(info, type, fairy::White)),
                                       std::to_string(promotion_zone_edge(info, type, fairy::Black))};
  const std::string zone_parameters[2] = {"kZoneWhite", "kZoneBlack"};
  const auto context = [&](const Path& path) {
    return PieceContext{promotable && path.promotes, piece.confined ? square_test(info, type, "Us") : "", piece.no_hop_over,
                        piece.no_capture};
  };
  const auto walked = [&](const Path& path) {
    const PieceContext pc = context(path);
    return !plain_walk(path, pc) && !hop_walk(path, pc);
  };
  const auto body_of = [&](Color c, const std::string(&zone)[2]) {
    Code body(1);
    const std::vector<Path>& paths = program(c).paths;
    // What the paths need: the sinks of the shared walker (add: moves as they are,
    // add_promoting: offered for promotion).
    bool sink[2] = {false, false};
    for (const Path& path : paths)
      if (walked(path)) sink[context(path).promotes] = true;
    for (const bool promotes : {false, true}) {
      if (!sink[promotes]) continue;
      PieceContext pc = context(paths[0]);
      pc.promotes = promotes;
      body.line(std::string("const auto ") + (promotes ? "add_promoting" : "add") + " = " + walk_sink(pc, zone) + ";");
    }
    for (std::size_t i = 0; i < paths.size();) {
      const Path& path = paths[i];
      const PieceContext pc = context(path);
      const bool walk = walked(path);
      // Paths after this one that the same code makes: for the runtime's plain
      // walks, those that differ from it only in their vector (one loop over the
      // vectors); for the shared walker, those with the same conditions (one call).
      std::size_t end = i + 1;
      while (end < paths.size() &&
             (walk ? walked(paths[end]) && same_conditions(path, paths[end]) : same_but_vector(path, paths[end])))
        ++end;
      if (path.virgin_only) body.open("if (pos.is_virgin(from)) {");
      if (path.phases != fairy::kAllPhases)
        body.open("if (pos.phase_bit() & " + std::to_string(path.phases) + ") {");
      if (!walk) {
        // One line over the vectors of the first leg (a hop goes on along the same):
        // runtime/mailbox_walks.hpp walks each ray with the shared walker.
        std::string vectors, offsets;
        for (std::size_t j = i; j < end; ++j) {
          const Leg& l = paths[j].legs[0];
          vectors += (j > i ? " " : "") + vector_text(l.dx, c == fairy::White ? l.dy : -l.dy);
          offsets += (j > i ? ", " : "") + vec_expr(l.dx, l.dy, c);
        }
        const Leg& leg = path.legs.back();
        if (path.legs.size() == 2) {
          body.line("// " + vectors + leg_kind(path.legs[0]) + ", then on along the same line" + leg_kind(leg));
          body.line("hop_moves<Us, " + leg_mode_text(leg.mode) + ", " + type_mask(pc.no_hop_over) + ", " +
                    type_mask(pc.no_capture) + ">(pos, from, {" + offsets + "}, list);");
        } else {
          body.line("// " + vectors + leg_kind(leg));
          body.line(std::string(leg.range == 1 ? "leap_moves" : "slide_moves") + "<Us, " +
                    leg_mode_text(leg.mode) + ">(pos, from, {" + offsets + "}, list);");
        }
      } else {
        // The shared walker (runtime/path_walk.hpp) walks each path of the group
        // from the piece's table, its legs known at compile time: one call, what
        // the paths do said above it ("paths 0-7: slide zigzag mc").
        std::string indices, kinds;
        for (std::size_t j = i; j < end; ++j) {
          indices += ", " + std::to_string(j);
          const std::string kind = path_kinds(paths[j]);
          if (kinds.find(kind) == std::string::npos) kinds += (kinds.empty() ? "" : "; ") + kind;
        }
        body.line("// path" + (end == i + 1 ? " " + std::to_string(i) : "s " + std::to_string(i) + "-" + std::to_string(end - 1)) +
                  ": " + kinds);
        body.line("walk_moves<Us, " + tables.colour_name(v, type, "Us", moves) + ", kStride" + indices +
                  ">(pos, from, " + type_mask(pc.no_hop_over) + ", " + type_mask(pc.no_capture) + ", " +
                  (pc.promotes ? "add_promoting" : "add") + ");");
      }
      if (path.phases != fairy::kAllPhases) body.close();
      if (path.virgin_only) body.close();
      i = end;
    }
    return body.str();
  };
  const bool own_rules = moves >= 0 || piece.confined || piece.no_hop_over || piece.no_capture;
  bool promotes = false;
  for (const Path& path : program(fairy::White).paths) promotes = promotes || (promotable && path.promotes);
  if (!own_rules) {
    const std::string white = body_of(fairy::White, zone_parameters), black = body_of(fairy::Black, zone_parameters);
    if (white == black)
      if (auto shared = tables.share_moves(v, type, white, promotes))
        return *shared + "<Us, kStride" + (promotes ? ", " + zone_squares[0] + ", " + zone_squares[1] : "") + ">";
  }
  const std::string white = body_of(fairy::White, zone_squares), black = body_of(fairy::Black, zone_squares);
  code.line(heading);
  emit_for_both(code, "void", generate_function(info, type, moves), "const Position& pos, Square from, MoveList& list",
                [&](Color c) { return c == fairy::White ? white : black; });
  return own;
}

// ------------------------------------------------------------------ reverse (attack) tests
//
// `by` attacks s when some path of one of its pieces captures on s: with its last leg, or with
// an earlier leg (a locust capture) that the rest of the path can complete from s. Every such
// capture is found by walking backwards from s to the attacker; a locust capture also walks
// the rest of the path forwards from s. A leg whose steps vary (crooked, circular) is walked
// backwards once per residue of its step count modulo the period; a same-length leg hands its
// step count to the leg before it.

// A piece type whose walk it is, with its moves (program: -1 its own, else its moves_on entry).
struct Attacker {
  int type;
  int program = -1;
  friend bool operator==(const Attacker&, const Attacker&) = default;
};

// A capture walked back (runtime/back_legs.hpp), and what the generated test needs besides: the
// pieces that make it, the legs after a locust capture (walked forwards from the target by
// completes_locust, runtime/path_walk.hpp).
struct AttackWalk {
  fairy::BackWalk walk;
  std::vector<Leg> rest;  // legs after the capturing one (locust captures)
  // Where the shared walker finds those legs: "<table>, <path>, <first leg>" (the template
  // arguments of LocustRest); and the types the mover may not hop over on the way.
  std::string rest_walk;
  std::uint64_t rest_no_hop_over = 0;
  std::vector<Attacker> types;
  // Where the walk is: entry `entry` of the table `table` (an attacker's, walk_table).
  std::string table;
  std::size_t entry = 0;
  bool same_route(const AttackWalk& o) const {
    return walk == o.walk && rest == o.rest && rest_no_hop_over == o.rest_no_hop_over;
  }
};

// Every backward walk of a path capturing with leg `capture` (fairy::back_walks). `table`: the
// path's table and index, as LocustRest takes them ("<table>, <i>").
void attack_walks(const VariantInfo& info, const Path& path, const std::string& table, std::size_t capture,
                  Attacker attacker, std::vector<AttackWalk>& out) {
  const fairy::PieceInfo& piece = info.pieces[std::size_t(attacker.type)];
  for (const fairy::BackWalk& back : fairy::back_walks(path, capture, piece.no_hop_over)) {
    AttackWalk w;
    w.walk = back;
    w.rest.assign(path.legs.begin() + std::ptrdiff_t(capture) + 1, path.legs.end());
    for (Leg& l : w.rest) l.flags &= ~fairy::kUnload;  // swaps capture nothing
    if (!w.rest.empty()) {
      w.rest_walk = table + ", " + std::to_string(capture + 1);
      w.rest_no_hop_over = piece.no_hop_over;
    }
    w.types = {attacker};
    out.push_back(std::move(w));
  }
}

// Makes o, a walk of the same route as w, w's too: its pieces.
void absorb(AttackWalk& o, const AttackWalk& w) {
  for (const Attacker& t : w.types)
    if (std::find(o.types.begin(), o.types.end(), t) == o.types.end()) o.types.push_back(t);
}

// Adds w, one of a piece's walks, to the others, merging it with one of the same route (another
// of its paths walks back alike) or, for a one-leg walk, with one differing only in the steps it
// may start at (the residues of a crooked or circular leg that other paths reach backwards alike).
void add_walk(std::vector<AttackWalk>& walks, AttackWalk w) {
  for (AttackWalk& o : walks) {
    if (o.same_route(w)) {
      absorb(o, w);
      return;
    }
    if (w.walk.leg_count == 1 && o.walk.leg_count == 1 && o.rest == w.rest) {
      fairy::BackWalk a = o.walk, b = w.walk;
      a.legs[0].starts = b.legs[0].starts = 0;
      if (a == b) {
        o.walk.legs[0].starts |= w.walk.legs[0].starts;
        return;
      }
    }
  }
  walks.push_back(std::move(w));
}

// The test that the piece q, standing on t, attacks s with the moves of `a`: it is of a's type,
// has those moves where it stands (moves_on) and may end a move on s (region).
std::string attacker_test(const VariantInfo& info, const Attacker& a, const std::string& q, const std::string& t) {
  const fairy::PieceInfo& piece = info.pieces[a.type];
  std::string test = q + " == " + piece_const(info, a.type, "Us");
  if (!piece.moves_on.empty()) test += " && " + entry_test(info, a.type, "Us") + "(" + t + ") == " + std::to_string(a.program);
  if (piece.confined) test += " && " + square_test(info, a.type, "Us") + "(s)";
  // no_capture: the piece on s (when it is an enemy) is not of a type the attacker may not take.
  if (piece.no_capture)
    test += " && !(is_color(b[s], ~Us) && ((" + type_mask(piece.no_capture) + " >> type_of(b[s])) & 1))";
  return piece.moves_on.empty() && !piece.confined && !piece.no_capture ? test : "(" + test + ")";
}

// The pieces whose walk it is: "general, soldier (moves_on 0)".
std::string attacker_names(const VariantInfo& info, const AttackWalk& w) {
  std::string names;
  for (const Attacker& a : w.types)
    names += (names.empty() ? "" : ", ") + info.pieces[a.type].name +
             (a.program < 0 ? "" : " (moves_on " + std::to_string(a.program) + ")");
  return names;
}

// What a walk does, for the comment beside it: "back by (1,-1) once, then by (0,-1) once"; for a
// run of walks that differ only in their vector (along_each), "back by each vector once".
std::string back_comment(const AttackWalk& w, bool each = false) {
  const fairy::BoardStep first = w.walk.legs[0].steps[0];
  std::string legs;
  for (int k = 0; k < w.walk.leg_count; ++k) {
    const fairy::BackLeg& b = w.walk.legs[std::size_t(k)];
    std::string steps;
    for (int j = 0; j < b.period; ++j)
      steps += (j ? " " : "") + (each && j == 0 && b.steps[0] == first ? std::string(k == 0 ? "each vector" : "that vector")
                                                                          : vector_text(b.steps[std::size_t(j)].x, b.steps[std::size_t(j)].y));
    const bool as_many = k > 0 && w.walk.legs[std::size_t(k - 1)].same_length;  // as the leg walked before
    legs += (k ? ", then by " : "back by ") + steps +
            (as_many ? " as many times" : b.range == 1 ? " once" : b.range ? " up to " + std::to_string(b.range) : "");
  }
  return (w.walk.virgin_only ? "unmoved only: " : "") + legs + (w.rest.empty() ? "" : "; locust capture");
}

// A walk as a BackWalk literal (runtime/back_legs.hpp), its fields named.
// `like` true: as along_each's `like` (runtime/back_legs.hpp's set_vector), without the first step
// of its first leg and of every leg along the same vector.
std::string back_walk_literal(const fairy::BackWalk& w, bool like = false) {
  std::string legs;
  for (int k = 0; k < w.leg_count; ++k) {
    const fairy::BackLeg& l = w.legs[std::size_t(k)];
    std::string steps;
    for (int j = 0; j < l.period; ++j)
      steps += (j ? ", " : "") + (like && j == 0 && l.steps[0] == w.legs[0].steps[0]
                                      ? std::string("BoardStep{}")
                                      : Fields().set("x", l.steps[std::size_t(j)].x).set("y", l.steps[std::size_t(j)].y).str("BoardStep"));
    Fields f;
    f.set("steps", "{" + steps + "}");
    if (l.period != 1) f.set("period", l.period);
    if (l.starts != 1) f.set("starts", static_cast<long long>(l.starts));
    if (l.range) f.set("range", l.range);
    f.flag("same_length", l.same_length);
    if (l.before_mode) f.set("before_mode", leg_mode_text(l.before_mode));
    f.flag("before_induces", l.before_induces);
    if (l.no_hop_over) f.set("no_hop_over", type_mask(l.no_hop_over));
    legs += (k ? ", " : "") + f.str("BackLeg");
  }
  Fields f;
  f.set("legs", "{" + legs + "}");
  if (w.leg_count != 1) f.set("leg_count", w.leg_count);
  if (w.capture) f.set("capture", w.capture);
  f.flag("virgin_only", w.virgin_only);
  f.flag("locust", w.locust);
  return f.str("BackWalk");
}

// The captures of one attacker (a piece type, or its moves on the squares of a moves_on entry)
// for colour `by`, walked backwards: every capturing leg of its paths, merged where two walk alike;
// the walks that end at the attacker first, then its locust captures (each walked on from the
// target, a group of its own), so that the others make groups of up to eight (attacks_body).
std::vector<AttackWalk> piece_walks(const model::Variant& v, const PieceTables& tables, Attacker a, Color by) {
  const fairy::PieceInfo& piece = v.info.pieces[std::size_t(a.type)];
  const fairy::PieceProgram& moves = a.program < 0 ? piece.program[by] : piece.moves_on[std::size_t(a.program)].program[by];
  std::vector<AttackWalk> walks;
  for (std::size_t i = 0; i < moves.paths.size(); ++i) {
    const Path& path = moves.paths[i];
    for (std::size_t k = 0; k < path.legs.size(); ++k) {
      if (!(path.legs[k].mode & fairy::kCapture)) continue;
      std::vector<AttackWalk> mine;
      attack_walks(v.info, path, tables.colour_name(v, a.type, "Us", a.program) + ", " + std::to_string(i), k, a, mine);
      for (AttackWalk& w : mine) add_walk(walks, std::move(w));
    }
  }
  std::stable_partition(walks.begin(), walks.end(), [](const AttackWalk& w) { return w.rest.empty(); });
  return walks;
}

// An attacker's walks of both colours as a table, kBackWalks[c][i] (runtime/back_walk.hpp's
// BackWalk): shared beside the piece's paths (<stem>.attacks.hpp) where every variant with the
// piece has the same, else the move generator's own (emit_own_walks writes it out).
struct WalkTable {
  Attacker attacker;
  std::string name;
  std::string table;  // what follows "inline constexpr auto <name>": " = with_mirrored(...);\n"
  bool shared = false;
};
WalkTable walk_table(const model::Variant& v, const PieceTables& tables, Attacker a, const std::vector<AttackWalk> (&walks)[2]) {
  WalkTable t;
  t.attacker = a;
  // Both colours' tables of one size: the shorter (or an empty one) padded with walks that walk nowhere.
  const std::size_t size = std::max<std::size_t>({walks[0].size(), walks[1].size(), 1});
  // Colour c's walks, table_of<BackWalk>(...)'s arguments (runtime/program.hpp).
  const auto rows = [&](Color c, const std::string& indent, const std::string& closer) {
    std::vector<TableRow> out;
    for (std::size_t i = 0; i < walks[c].size(); ++i) {
      const fairy::BackWalk& w = walks[c][i].walk;
      out.push_back({.literal = back_walk_literal(w),
                     .like = back_walk_literal(w, true),
                     .dx = w.legs[0].steps[0].x,
                     .dy = w.legs[0].steps[0].y,
                     .comment = comment(std::to_string(i) + ": " + back_comment(walks[c][i])),
                     .kind = ""});
    }
    for (std::size_t i = walks[c].size(); i < size; ++i) out.push_back({.literal = "BackWalk{}", .like = "", .dx = 0, .dy = 0, .comment = std::to_string(i) + ": none", .kind = ""});
    return table_parts(out, indent, closer, [&](std::size_t first, std::size_t last) {
      return comment(std::to_string(first) + "-" + std::to_string(last) + ": " + back_comment(walks[c][first], true));
    });
  };
  // Black's walks are White's mirrored (by the compiler: runtime/back_legs.hpp) where they are.
  const bool mirror = walks[0].size() == walks[1].size() &&
                      std::equal(walks[0].begin(), walks[0].end(), walks[1].begin(), [](const AttackWalk& w, const AttackWalk& b) {
                        return fairy::mirrored(w.walk) == b.walk;
                      });
  if (mirror)
    t.table = " = with_mirrored(table_of<BackWalk>(  // White's; Black's mirrored\n" + rows(fairy::White, "    ", "));");
  else
    t.table = " = std::array{\n    table_of<BackWalk>(  // White\n" + rows(fairy::White, "        ", "),") +
              "    table_of<BackWalk>(  // Black\n" + rows(fairy::Black, "        ", ")};");
  if (auto shared = tables.share_attacks(v, a.type, a.program, t.table)) {
    t.name = *shared;
    t.shared = true;
  } else {
    t.name = "kBackWalks_" + piece_member(v.info, a.type) + (a.program < 0 ? "" : "On" + std::to_string(a.program));
  }
  return t;
}

// The table of a move generator's own (see walk_table).
void emit_own_walks(Code& code, const VariantInfo& info, const WalkTable& t) {
  code.line("// " + comment(info.pieces[std::size_t(t.attacker.type)].name) +
            "'s captures walked back from their target (kBackWalks[c][i]: colour c's walk i),");
  code.line("// this move generator's own: the same piece walks otherwise elsewhere (no_hop_over).");
  code.raw("inline constexpr auto " + t.name + t.table);
}

// Every way a colour can capture on a square, walked backwards: the walks of all its attackers
// (walks_of[a]: attacker a's, in its table tables[a]), one walk for the attackers whose walks go
// the same route (the first one's table entry).
std::vector<AttackWalk> attack_walks(const std::vector<std::string>& tables, const std::vector<std::vector<AttackWalk>>& walks_of) {
  std::vector<AttackWalk> walks;
  for (std::size_t a = 0; a < walks_of.size(); ++a)
    for (std::size_t i = 0; i < walks_of[a].size(); ++i) {
      AttackWalk w = walks_of[a][i];
      w.table = tables[a];
      w.entry = i;
      const auto same = std::find_if(walks.begin(), walks.end(), [&](const AttackWalk& o) { return o.same_route(w); });
      if (same != walks.end()) absorb(*same, w);
      else walks.push_back(std::move(w));
    }
  return walks;
}

// The most walks one attacks_back call makes (measured on universal: 4 and 16 were slower).
constexpr std::size_t kWalksPerCall = 8;

// The body of attacked_by<by>: the walks of `by`, in groups (runtime/back_walk.hpp's WalkGroup):
// walks one after another of the same pieces, none a locust capture, are one group of at most
// kWalksPerCall walks within one word of the route bits, walked only while one of those pieces is
// on the board and finding those pieces (a test of its own where one has a rule of where it may
// be or what it may take). After a move, attacks_back runs only the walks whose routes pass the squares the
// move left or entered (the groups' route table, built at compile time), as a legality test of a
// last-ply move needs few of them.
std::string attacks_body(const VariantInfo& info, const std::vector<AttackWalk>& walks) {
  Code code(1);
  if (info.flying_general) code.line("if (royals_face(pos, s, Us)) return true;  // the flying general");
  bool locust = false, no_capture = false;
  for (const AttackWalk& w : walks) {
    locust = locust || !w.rest.empty();
    for (const Attacker& a : w.types) no_capture = no_capture || info.pieces[a.type].no_capture;
  }
  if (no_capture) code.line("const Piece* b = pos.board();");
  if (locust) code.line("constexpr Piece kEnemyOnTarget = " + piece_const(info, 0, "~Us") + ";");
  code.line(std::string("return attacks_back<Us, kFiles, kRanks>(pos, s, left, entered") + (walks.empty() ? ");" : ","));
  for (std::size_t index = 0; index < walks.size();) {
    const AttackWalk& w = walks[index];
    std::size_t end = index + 1;
    while (w.rest.empty() && end < walks.size() && walks[end].rest.empty() && walks[end].types == w.types &&
           walks[end].table == w.table && end - index < kWalksPerCall && end / 64 == index / 64)
      ++end;
    // The attackers a walk finds: pieces of its types, unless one of them has a rule of where it
    // may be (moves_on, a region) or what it may take (no_capture).
    std::string test;
    std::uint64_t types = 0;
    bool by_type = true;
    for (const Attacker& a : w.types) {
      const fairy::PieceInfo& piece = info.pieces[a.type];
      test += (test.empty() ? "" : " || ") + attacker_test(info, a, "q", "t");
      types |= std::uint64_t(1) << a.type;
      by_type = by_type && a.program < 0 && piece.moves_on.empty() && !piece.confined && !piece.no_capture;
    }
    std::string entries;
    for (std::size_t k = index; k < end; ++k) entries += (k > index ? ", " : "") + std::to_string(walks[k].entry);
    code.line("    // " + comment(attacker_names(info, w) + ": walk" +
                                  (end == index + 1 ? " " + std::to_string(index) : "s " + std::to_string(index) + "-" + std::to_string(end - 1)) +
                                  (w.rest.empty() ? "" : ", a locust capture")));
    std::string group = "    walk_group<" + w.table + ", " + bits_literal(types) + ">(WalkEntries<" + entries + ">{}";
    if (!by_type)
      group += ", [&](" + std::string(test.find("(t)") == std::string::npos ? "Square" : "Square t") + ", Piece q) { return " + test + "; }";
    // The rest of a locust capture's path, walked on from s by the shared walker (runtime/path_walk.hpp).
    if (!w.rest.empty())
      group += std::string(by_type ? ", AnyOfTypes{}" : "") + ", LocustRest<" + w.rest_walk + ">{kEnemyOnTarget, " +
               type_mask(w.rest_no_hop_over) + "}";
    code.line(group + (end == walks.size() ? "));" : "),"));
    index = end;
  }
  return code.str();
}

void emit_attacks(Code& code, const model::Variant& v, const PieceTables& tables) {
  const VariantInfo& info = v.info;
  // Each attacker's walks, and its table.
  std::vector<WalkTable> walk_tables;
  std::vector<std::vector<AttackWalk>> walks_of[2];
  for (int type = 0; type < int(info.pieces.size()); ++type)
    for (int program = -1; program < int(info.pieces[std::size_t(type)].moves_on.size()); ++program) {
      const Attacker a{type, program};
      std::vector<AttackWalk> mine[2] = {piece_walks(v, tables, a, fairy::White), piece_walks(v, tables, a, fairy::Black)};
      if (mine[0].empty() && mine[1].empty()) continue;
      walk_tables.push_back(walk_table(v, tables, a, mine));
      for (Color c : {fairy::White, fairy::Black}) walks_of[c].push_back(std::move(mine[c]));
    }
  std::vector<std::string> names;
  for (const WalkTable& t : walk_tables) names.push_back(t.name);
  const std::vector<AttackWalk> walks[2] = {attack_walks(names, walks_of[fairy::White]), attack_walks(names, walks_of[fairy::Black])};
  // The tables walked: an attacker's whose routes no attacker before it has.
  std::set<std::string> walked;
  for (Color c : {fairy::White, fairy::Black})
    for (const AttackWalk& w : walks[c]) walked.insert(w.table);
  for (const WalkTable& t : walk_tables) {
    if (!walked.count(t.name)) continue;
    if (t.shared) tables.use_attacks(t.name, v);
    else emit_own_walks(code, info, t);
  }
  code.line("// Whether Us can capture on s; unless left is kNoSquare, only along routes through left or entered.");
  emit_for_both(code, "bool", "attacked_by", "Generator, const Position& pos, Square s, Square left, Square entered",
                [&](Color by) { return attacks_body(info, walks[by]); });
}

}  // namespace


// The move generator of v, its paths walked from `tables`.
std::string movegen_code(const model::Variant& v, const Options& o, const PieceTables& tables) {
  const VariantInfo& info = v.info;
  Code code;
  code.line("// Board: " + std::to_string(info.geo.files) + "x" + std::to_string(info.geo.ranks) +
            ", mailbox stride " + std::to_string(info.geo.stride()) + ".");
  code.line("constexpr int kFiles = " + std::to_string(info.geo.files) + ", kRanks = " + std::to_string(info.geo.ranks) + ";");
  code.line("constexpr int kStride = " + std::to_string(info.geo.stride()) + ";");
  code.line();
  code.line("// The tag of this move generator: fairy::MailboxRules (runtime/generated_rules.hpp) finds");
  code.line("// generate_piece and attacked_by below by it.");
  code.line("struct Generator {};");
  code.line();
  code.line("// The pieces of colour C.");
  code.line("template <Color C>");
  code.open("struct Pieces {");
  for (int t = 0; t < int(info.pieces.size()); ++t)
    code.line("static constexpr Piece " + piece_member(info, t) + " = fairy::make_piece(C, " +
              std::to_string(t) + ");");
  code.close("};");
  code.line();
  // Square tables (spec region: and moves_on:), by the squares' names (runtime/square_names.hpp);
  // a table the same as one before it is that one (Janggi's pieces share the palace's lines).
  Code squares(1);
  std::map<std::string, std::string> first_of;  // a table's initialiser: the first table with it
  const auto table = [&](const std::string& type, const std::string& name, const std::string& init, const std::string& what) {
    squares.line("// " + what);
    const auto [it, added] = first_of.try_emplace(type + init, name);
    if (added)
      squares.raw("  static constexpr " + type + " " + name + init + ";\n");  // init may take lines
    else
      squares.line("static constexpr const " + type + "& " + name + " = " + it->second + ";");
  };
  for (int t = 0; t < int(info.pieces.size()); ++t) {
    const fairy::PieceInfo& piece = info.pieces[t];
    if (piece.confined)
      table("SquareTable", region_table(info, t), "{kBoard, " + colour_square_names(info, piece.region) + "}",
            comment(piece.name) + "'s region");
    if (piece.moves_on.empty()) continue;
    std::string entries;
    for (const fairy::SquareMoves& m : piece.moves_on) entries += "      " + colour_square_names(info, m.on) + ",\n";
    table("EntryTable", entry_table(info, t), "{kBoard, {\n" + entries + "  }}",
          comment(piece.name) + "'s moves_on entries: the first that holds its square (-1: none, its own moves)");
  }
  if (!squares.str().empty()) {
    code.line("// The board, whose squares the tables below name (runtime/square_names.hpp), as do the pieces'");
    code.line("// regions and moves_on entries in kPieces.");
    code.line("constexpr Geometry kBoard{.files = kFiles, .ranks = kRanks};");
    code.line();
    code.line("// The squares of colour C's pieces that spec region: and moves_on: name.");
    code.line("template <Color C>");
    code.open("struct Squares {");
    code.raw(squares.str());
    code.close("};");
    code.line();
  }
  // calls[t][moves + 1]: how generate_piece calls the generator of type t's moves (moves_on entry).
  std::vector<std::vector<std::string>> calls(info.pieces.size());
  for (int t = 0; t < int(info.pieces.size()); ++t)
    for (int moves = -1; moves < int(info.pieces[t].moves_on.size()); ++moves)
      calls[std::size_t(t)].push_back(emit_piece(code, v, o, tables, t, moves));
  emit_attacks(code, v, tables);
  code.line("// The moves of Us's piece on `from` (MailboxRules::generate calls it for each of Us's pieces).");
  code.line("template <Color Us>");
  code.open("void generate_piece(Generator, const Position& pos, Square from, MoveList& list) {");
  code.open("switch (pos.at(from)) {");
  for (int t = 0; t < int(info.pieces.size()); ++t) {
    std::string call;  // the moves it has where it stands
    if (!info.pieces[t].moves_on.empty()) {
      call += "switch (" + entry_test(info, t, "Us") + "(from)) {";
      for (std::size_t i = 0; i < info.pieces[t].moves_on.size(); ++i)
        call += " case " + std::to_string(i) + ": " + calls[std::size_t(t)][i + 1] + "(pos, from, list); break;";
      call += " default: " + calls[std::size_t(t)][0] + "(pos, from, list); }";
    } else {
      call += calls[std::size_t(t)][0] + "(pos, from, list);";
    }
    const std::string piece = piece_const(info, t, "Us");
    if (info.pieces[t].may_repeat)  // two routes can give the same move: list it once
      code.line("case " + piece + ": { const int first = list.size; " + call + " remove_repeats(list, first); break; }");
    else
      code.line("case " + piece + ": " + call + " break;");
  }
  code.line("default: break;");
  code.close();
  code.close();
  code.line();
  return code.str();
}



std::string movegen_code(const model::Variant& v, const Options& o) {
  const PieceTables tables({&v}, o);
  const std::string code = movegen_code(v, o, tables);
  std::string shared;
  for (const Output& f : tables.moves_files()) shared += f.content;
  for (const Output& f : tables.attacks_files()) shared += f.content;
  return shared + code;
}
}  // namespace fairygen::emit
