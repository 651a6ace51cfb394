#include "generator/emit/emit.hpp"

#include "generator/emit/ends.hpp"
#include "generator/emit/hands.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>

#include "generator/emit/kernel.hpp"
#include "generator/emit/template.hpp"
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
  const std::string& str() const { return out_; }

 private:
  std::string out_;
  int indent_ = 0;
};

std::string color_name(Color c) { return c == fairy::White ? "White" : "Black"; }
std::string color_lower(Color c) { return c == fairy::White ? "white" : "black"; }

std::string piece_const(const VariantInfo& info, int type, Color c) {
  return "k" + color_name(c) + spec::camel_case(info.pieces[type].name);
}

std::string offset_expr(int off) { return off < 0 ? " - " + std::to_string(-off) : " + " + std::to_string(off); }

std::string leg_comment(const Leg& l) {
  std::string s = "(" + std::to_string(l.dx) + "," + std::to_string(l.dy) + ")";
  s += l.range == 1 ? " leap" : l.range == 0 ? " slide" : " slide up to " + std::to_string(l.range);
  std::string modes;
  if (l.mode & fairy::kMove) modes += "m";
  if (l.mode & fairy::kCapture) modes += "c";
  if (l.mode & fairy::kFriend) modes += "d";
  if (l.mode & fairy::kHop) modes += "p";
  if (l.mode & fairy::kEnPassant) modes += "e";
  if (l.flags & fairy::kZigzag) s += " zigzag";
  if (l.flags & fairy::kCircle) s += " circular";
  if (l.flags & fairy::kSameLength) s = "same length " + s;
  if (l.flags & fairy::kUnload) modes += " unload";
  if (l.flags & fairy::kInduce) modes += " induce";
  return s + " " + modes;
}

std::string path_comment(const Path& p) {
  std::string s = p.virgin_only ? "unmoved only: " : "";
  if (!p.promotes) s += "never promotes: ";
  for (std::size_t i = 0; i < p.legs.size(); ++i) s += (i ? ", then " : "") + leg_comment(p.legs[i]);
  return s;
}

// ------------------------------------------------------------------ forward generation

struct PieceContext {
  const VariantInfo& info;
  Color us;
  bool promotes;
  int zone_edge = 0;  // the promotion zone's first square (White: from it up; Black: down to it)
  std::string region;  // the table of squares a move may end on (spec `region:`), or "" for anywhere
  std::uint64_t no_hop_over = 0;  // spec no_hop_over: / no_capture: (type bits)
  std::uint64_t no_capture = 0;
};

// " && <p is of none of the types>" for a mask of type bits (no_hop_over:, no_capture:), or "".
std::string not_of_types(std::uint64_t types, const std::string& p) {
  if (!types) return "";
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%llxull", static_cast<unsigned long long>(types));
  return " && !((" + std::string(hex) + " >> type_of(" + p + ")) & 1)";
}

// The C++ name of a constexpr square table: the piece's region, or (moves >= 0) the squares of
// its moves_on entry `moves`.
std::string square_table(const VariantInfo& info, int type, Color c, int moves = -1) {
  return "k" + std::string(moves < 0 ? "Region" : "On" + std::to_string(moves)) + color_name(c) +
         spec::camel_case(info.pieces[type].name);
}

// Emits a square table: entry s says whether mailbox square s is in the set.
void emit_square_table(std::string& out, const VariantInfo& info, const std::string& name, const fairy::SquareSet& set) {
  std::string bits;
  for (int s = 0; s < info.geo.cells(); ++s) bits += set[std::size_t(s)] ? '1' : '0';
  out += "constexpr std::string_view " + name + "Bits = \"" + bits + "\";\n";
  out += "constexpr bool " + name + "(Square s) { return " + name + "Bits[std::size_t(s)] == '1'; }\n";
}

// The mailbox square where type's promotion zone begins for colour c (see PieceContext).
int promotion_zone_edge(const VariantInfo& info, int type, Color c) {
  const int rule = info.promotion_rule[type];
  if (rule < 0) return 0;
  if (info.promotions[rule].leaving) return -1;
  const int zone = std::min(info.promotions[rule].zone, info.geo.ranks);
  return c == fairy::White ? info.geo.square(0, info.geo.ranks - zone) : info.geo.square(info.geo.files - 1, zone - 1);
}

// Where a walk stands while its code is emitted (all C++ expressions).
struct WalkVars {
  std::string at;      // the square the current leg starts from
  std::string mover;   // the piece that ends up moving ("from", or an induced friend)
  std::string victim;  // a locust victim's square, or "kNoSquare"
  std::string count;   // steps the previous leg made (for same-length legs)
};

// Emits the code adding a move that lands on `to`.
void emit_add(Code& code, const PieceContext& pc, const WalkVars& w, const std::string& to, const std::string& kind,
              const std::string& aux) {
  const std::string move = "Move{" + w.mover + ", " + to + ", " + aux + ", kNoSquare, MoveKind::" + kind + ", 0}";
  const bool promotes = pc.promotes && kind != "Induced" && kind != "Swap";
  // A rule that also promotes on leaving the zone: add_promotions looks at both squares.
  const std::string in_zone = pc.zone_edge < 0 ? "true" : to + (pc.us == fairy::White ? " >= " : " <= ") + std::to_string(pc.zone_edge);
  const std::string inside = pc.region.empty() ? "" : "if (" + pc.region + "(" + to + ")) ";
  code.line(inside + (kind == "Swap" ? "add_swap(pos, list, " + move + ");"
                      : promotes     ? "{ if (" + in_zone + ") add_promotions(pos, list, " + move + "); else list.push(" +
                                           move + "); }"
                                     : "list.push(" + move + ");"));
}

// The offset expression of step `n` (a 1-based counter variable) of a leg.
std::string step_offset(Code& code, const VariantInfo& info, const Leg& leg, const std::string& n) {
  if (!(leg.flags & (fairy::kZigzag | fairy::kCircle))) return std::to_string(info.geo.offset(leg.dx, leg.dy));
  const int period = (leg.flags & fairy::kZigzag) ? 2 : 8;
  std::string table;
  for (int k = 0; k < period; ++k) {
    int x = 0, y = 0;
    fairy::leg_step(leg, k, &x, &y);
    table += (k ? ", " : "") + std::to_string(info.geo.offset(x, y));
  }
  code.line("static constexpr int kStep[" + std::to_string(period) + "] = {" + table + "};");
  return "kStep[(" + n + " - 1) % " + std::to_string(period) + "]";
}

void emit_leg(Code& code, const PieceContext& pc, const Path& path, std::size_t k, const WalkVars& w) {
  const Leg& leg = path.legs[k];
  const bool last = k + 1 == path.legs.size();
  const std::string them = color_name(~pc.us), us = color_name(pc.us);
  const std::string idx = std::to_string(k + 1);
  const std::string sq = last ? "to" : "s" + idx;
  const std::string p = "p" + idx, n = "n" + idx;
  const bool same_length = leg.flags & fairy::kSameLength;
  const bool leap = leg.range == 1 && !same_length;
  // A plain unlimited straight slide needs no step counter unless the next leg measures it.
  const bool next_counts = !last && (path.legs[k + 1].flags & fairy::kSameLength);
  const bool plain_slide = leg.range == 0 && !same_length && !next_counts &&
                           !(leg.flags & (fairy::kZigzag | fairy::kCircle));
  const std::string kind = w.mover != "from" ? "Induced" : w.victim == "kNoSquare" ? "Normal" : "Locust";
  const std::string aux = w.mover != "from" ? "from" : w.victim;

  if (leap) {
    code.open("{");
    code.line("const Square " + sq + " = Square(" + w.at + offset_expr(pc.info.geo.offset(leg.dx, leg.dy)) + ");");
  } else if (plain_slide) {
    const int off = pc.info.geo.offset(leg.dx, leg.dy);
    code.open("for (Square " + sq + " = Square(" + w.at + offset_expr(off) + ");; " + sq + " = Square(" + sq +
              offset_expr(off) + ")) {");
  } else {
    code.open("{");
    const std::string limit = same_length ? w.count : leg.range ? std::to_string(leg.range) : "kMaxSteps";
    const std::string step = step_offset(code, pc.info, leg, n);
    code.line("Square " + sq + " = " + w.at + ";");
    code.open("for (int " + n + " = 1; " + n + " <= " + limit + "; ++" + n + ") {");
    code.line(sq + " = Square(" + sq + " + " + step + ");");
  }
  const bool loop = !leap;
  code.line("const Piece " + p + " = b[" + sq + "];");
  WalkVars next{sq, w.mover, w.victim, leap ? "1" : n};

  // The common final leap that moves or captures alike: one test.
  if (leap && last && (leg.mode & ~fairy::kFriend) == (fairy::kMove | fairy::kCapture) && w.victim == "kNoSquare" &&
      w.mover == "from" && !(leg.flags & fairy::kUnload)) {
    const std::string enemy = "is_color(" + p + ", " + them + ")";
    code.open("if (" + p + " == kEmpty || " + (pc.no_capture ? "(" + enemy + not_of_types(pc.no_capture, p) + ")" : enemy) + ") {");
    emit_add(code, pc, w, sq, "Normal", "kNoSquare");
    code.close();
    if (leg.mode & fairy::kFriend) {
      code.open("if (is_color(" + p + ", " + us + ") && " + sq + " != " + w.mover + ") {");
      emit_add(code, pc, w, sq, "Normal", "kNoSquare");
      code.close();
    }
    code.close();
    return;
  }

  // An empty square.
  code.open("if (" + p + " == kEmpty) {");
  if (same_length) code.line("if (" + n + " < " + w.count + ") continue;");
  if (last) {
    if (leg.mode & fairy::kEnPassant) {
      code.open("if (pos.is_ep_square(" + sq + ")) {");
      emit_add(code, pc, w, sq, "EnPassant", "pos.ep_victim()");
      code.close();
      if (leg.mode & fairy::kMove) {
        code.open("else {");
        emit_add(code, pc, w, sq, kind, aux);
        code.close();
      }
    } else if (leg.mode & fairy::kMove) {
      emit_add(code, pc, w, sq, kind, aux);
    }
  } else if (leg.mode & fairy::kMove) {
    emit_leg(code, pc, path, k + 1, next);
  }
  if (loop) code.line("continue;");
  code.close();

  // An occupied square (or the edge): the leg ends here.
  if (same_length) code.line("if (" + n + " < " + w.count + ") break;");
  if (last) {
    if (leg.mode & fairy::kCapture) {
      code.open("if (is_color(" + p + ", " + them + ")" + not_of_types(pc.no_capture, p) + ") {");
      emit_add(code, pc, w, sq, kind, aux);
      code.close();
    }
    if (leg.mode & fairy::kFriend) {
      code.open("if (is_color(" + p + ", " + us + ") && " + sq + " != " + w.mover + ") {");
      emit_add(code, pc, w, sq, (leg.flags & fairy::kUnload) ? "Swap" : "Normal", "kNoSquare");
      code.close();
    }
  } else {
    if ((leg.mode & fairy::kCapture) && w.victim == "kNoSquare") {
      code.open("if (is_color(" + p + ", " + them + ")) {");
      emit_leg(code, pc, path, k + 1, WalkVars{sq, w.mover, sq, next.count});
      code.close();
    }
    if (leg.flags & fairy::kInduce) {
      code.open("if (is_color(" + p + ", " + us + ") && " + sq + " != " + w.mover + ") {");
      emit_leg(code, pc, path, k + 1, WalkVars{sq, sq, w.victim, next.count});
      code.close();
    }
    if (leg.mode & fairy::kHop) {
      const std::string piece = "is_color(" + p + ", White) || is_color(" + p + ", Black)";
      code.open("if (" + (pc.no_hop_over ? "(" + piece + ")" + not_of_types(pc.no_hop_over, p) : piece) + ") {");
      emit_leg(code, pc, path, k + 1, next);
      code.close();
    }
  }
  if (loop) code.line("break;");
  code.close();
  if (!leap && !plain_slide) code.close();
}

// The name of the function generating a piece's moves (moves >= 0: those of its moves_on entry).
std::string generate_function(const VariantInfo& info, int type, Color c, int moves = -1) {
  return "generate_" + spec::identifier(info.pieces[type].name) + "_" + color_lower(c) +
         (moves < 0 ? "" : "_on" + std::to_string(moves));
}

void emit_piece(Code& code, const model::Variant& v, const Options& o, int type, Color c, int moves = -1) {
  const VariantInfo& info = v.info;
  const fairy::PieceInfo& piece = info.pieces[type];
  const spec::Location& where = v.piece_where[type];
  const bool promotable = info.promotion_rule[type] >= 0;
  const std::string betza = moves < 0 ? piece.betza : piece.moves_on[std::size_t(moves)].betza;
  code.line("// " + comment(piece.name + " (" + std::string(1, piece.letter) + "), " + color_lower(c) + ": XBetza \"" +
                            betza + "\"" + (moves < 0 ? "" : " where it stands on its moves_on squares") + ", " +
                            o.spec_name) + ":" + std::to_string(where.line) + ":" + std::to_string(where.column));
  const fairy::PieceProgram& program = moves < 0 ? piece.program[c] : piece.moves_on[std::size_t(moves)].program[c];
  if (program.paths.empty()) {  // a piece that never moves (immobile: true)
    code.line("void " + generate_function(info, type, c, moves) + "(const Position&, Square, MoveList&) {}");
    return;
  }
  code.open("void " + generate_function(info, type, c, moves) + "(const Position& pos, Square from, MoveList& list) {");
  code.line("const Piece* b = pos.board();");
  for (const Path& path : program.paths) {
    code.line("// " + path_comment(path));
    if (path.virgin_only) code.open("if (pos.is_virgin(from)) {");
    if (path.phases != fairy::kAllPhases) code.open("if (pos.phase_bit() & " + std::to_string(path.phases) + ") {");
    const PieceContext pc{info, c, promotable && path.promotes, promotion_zone_edge(info, type, c),
                          piece.confined ? square_table(info, type, c) : "", piece.no_hop_over, piece.no_capture};
    emit_leg(code, pc, path, 0, WalkVars{"from", "from", "kNoSquare", "0"});
    if (path.phases != fairy::kAllPhases) code.close();
    if (path.virgin_only) code.close();
  }
  code.close();
  code.line();
}

// ------------------------------------------------------------------ reverse (attack) tests
//
// `by` attacks s when some path of one of its pieces captures on s: with its last leg, or with
// an earlier leg (a locust capture) that the rest of the path can complete from s. Every such
// capture is found by walking backwards from s to the attacker; a locust capture also walks
// the rest of the path forwards from s. A leg whose steps vary (crooked, circular) is walked
// backwards once per residue of its step count modulo the period; a same-length leg hands its
// step count to the leg before it.

// One leg walked backwards: the offsets of backward steps 1..period (then repeating), the steps
// at which the leg may have started (bit (j - 1) % period), and what the leg before it allows.
struct BackLeg {
  std::vector<int> offsets;
  unsigned starts = 1;
  int range = 0;              // 0: unlimited
  bool same_length = false;   // makes exactly as many steps as the leg before it
  std::uint8_t before_mode = 0;  // the previous leg's modes (what its stopping square may hold)
  bool before_induces = false;
  std::uint64_t no_hop_over = 0;  // the attacker's no_hop_over: when the leg before hops
  friend bool operator==(const BackLeg&, const BackLeg&) = default;
};

// A piece type whose walk it is, with its moves (program: -1 its own, else its moves_on entry).
struct Attacker {
  int type;
  int program = -1;
  friend bool operator==(const Attacker&, const Attacker&) = default;
};

// A capture on the target, walked backwards leg by leg to the attacker (back[0] is the capturing
// leg), then the legs after a locust capture walked forwards from the target.
struct AttackWalk {
  std::vector<BackLeg> back;
  std::vector<Leg> rest;  // legs after the capturing one (locust captures)
  bool virgin_only = false;
  std::vector<Attacker> types;
  std::set<int> passes;  // squares (mailbox offsets from the target) its routes depend on
  bool same_route(const AttackWalk& o) const {
    return back == o.back && rest == o.rest && virgin_only == o.virgin_only;
  }
};

int leg_period(const Leg& l) { return (l.flags & fairy::kZigzag) ? 2 : (l.flags & fairy::kCircle) ? 8 : 1; }

// Leg k of a path walked backwards when it made a step count congruent to r (1..period).
BackLeg back_leg(const VariantInfo& info, const Path& path, std::size_t k, int r) {
  const Leg& leg = path.legs[k];
  const int period = leg_period(leg);
  BackLeg b;
  for (int j = 1; j <= period; ++j) {
    int x = 0, y = 0;
    fairy::leg_step(leg, ((r - j) % period + period) % period, &x, &y);
    b.offsets.push_back(-info.geo.offset(x, y));
  }
  b.starts = 1u << (r - 1);
  b.range = leg.range;
  b.same_length = leg.flags & fairy::kSameLength;
  if (k > 0) {
    b.before_mode = path.legs[k - 1].mode & (fairy::kMove | fairy::kCapture | fairy::kHop);
    b.before_induces = path.legs[k - 1].flags & fairy::kInduce;
  }
  return b;
}

// Every backward walk of a path capturing with leg `capture` (one per residue of each varying leg).
void attack_walks(const VariantInfo& info, const Path& path, std::size_t capture, Attacker attacker,
                  std::vector<AttackWalk>& out) {
  std::vector<int> residue(capture + 1, 1);
  for (;;) {
    AttackWalk w;
    for (std::size_t k = capture + 1; k-- > 0;) {
      w.back.push_back(back_leg(info, path, k, residue[k]));
      if (w.back.back().before_mode & fairy::kHop) w.back.back().no_hop_over = info.pieces[std::size_t(attacker.type)].no_hop_over;
    }
    w.rest.assign(path.legs.begin() + std::ptrdiff_t(capture) + 1, path.legs.end());
    for (Leg& l : w.rest) l.flags &= ~fairy::kUnload;  // swaps capture nothing
    w.virgin_only = path.virgin_only;
    w.types = {attacker};
    fairy::for_attack_routes(path, info.geo, int(capture),
                             [&](int x, int y) { w.passes.insert(info.geo.offset(x, y)); });
    out.push_back(std::move(w));
    std::size_t k = 0;
    while (k <= capture && ++residue[k] > leg_period(path.legs[k])) residue[k++] = 1;
    if (k > capture) return;
  }
}

// Adds w to the walks, merging it with one of the same route (another piece type) or, for a
// one-leg walk, with one differing only in the steps it may start at (the residues of a
// crooked or circular leg that other paths of the family reach backwards alike).
void add_walk(std::vector<AttackWalk>& walks, AttackWalk w) {
  for (AttackWalk& o : walks) {
    if (o.same_route(w)) {
      o.passes.insert(w.passes.begin(), w.passes.end());
      for (const Attacker& t : w.types)
        if (std::find(o.types.begin(), o.types.end(), t) == o.types.end()) o.types.push_back(t);
      return;
    }
    if (w.back.size() == 1 && o.back.size() == 1 && o.types == w.types && o.rest == w.rest &&
        o.virgin_only == w.virgin_only) {
      BackLeg a = o.back[0], b = w.back[0];
      a.starts = b.starts = 0;
      if (a == b) {
        o.back[0].starts |= w.back[0].starts;
        o.passes.insert(w.passes.begin(), w.passes.end());
        return;
      }
    }
  }
  walks.push_back(std::move(w));
}

struct AttackContext {
  const VariantInfo& info;
  const AttackWalk& walk;
  Color by;
  std::string attackers;  // the test that the piece q<k> is an attacker
  std::string completes;  // for a locust capture: that the rest of the path goes on from s
};

// The test that the piece q, standing on t, attacks s with the moves of `a`: it is of a's type,
// has those moves where it stands (moves_on) and may end a move on s (region).
std::string attacker_test(const VariantInfo& info, const Attacker& a, Color by, const std::string& q,
                          const std::string& t) {
  const fairy::PieceInfo& piece = info.pieces[a.type];
  std::string test = q + " == " + piece_const(info, a.type, by);
  const int entries = a.program < 0 ? int(piece.moves_on.size()) : a.program;
  for (int i = 0; i < entries; ++i) test += " && !" + square_table(info, a.type, by, i) + "(" + t + ")";
  if (a.program >= 0) test += " && " + square_table(info, a.type, by, a.program) + "(" + t + ")";
  if (piece.confined) test += " && " + square_table(info, a.type, by) + "(s)";
  // no_capture: the piece on s (when it is an enemy) is not of a type the attacker may not take.
  if (piece.no_capture) {
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%llxull", static_cast<unsigned long long>(piece.no_capture));
    test += " && !(is_color(b[s], " + color_name(~by) + ") && ((" + hex + " >> type_of(b[s])) & 1))";
  }
  return piece.moves_on.empty() && !piece.confined && !piece.no_capture ? test : "(" + test + ")";
}

std::string enemy_of(Color by, const std::string& p) { return "is_color(" + p + ", " + color_name(~by) + ")"; }

// Forward from `at` along walk.rest[k..]: whether the path can be completed there (the victim on
// the target stays; a final landing on a friend or an e.p. capture completes no capture).
void emit_rest(Code& code, const AttackContext& ac, std::size_t k, const std::string& at, const std::string& prev) {
  const Leg& leg = ac.walk.rest[k];
  const bool last = k + 1 == ac.walk.rest.size();
  const std::string n = "f" + std::to_string(k), t = "u" + std::to_string(k), p = "r" + std::to_string(k);
  const bool same_length = leg.flags & fairy::kSameLength;
  code.open("{");
  const std::string step = step_offset(code, ac.info, leg, n);
  code.line("Square " + t + " = " + at + ";");
  const std::string limit = same_length ? prev : leg.range ? std::to_string(leg.range) : "kMaxSteps";
  code.open("for (int " + n + " = 1; " + n + " <= " + limit + "; ++" + n + ") {");
  code.line(t + " = Square(" + t + " + " + step + ");");
  code.line("const Piece " + p + " = " + t + " == s ? kEnemyOnTarget : b[" + t + "];");
  if (same_length) code.line("if (" + n + " < " + limit + ") { if (" + p + " != kEmpty) break; continue; }");
  code.open("if (" + p + " == kEmpty) {");
  if (last && (leg.mode & fairy::kMove) && !(leg.mode & fairy::kEnPassant)) {
    code.line("return true;");
  } else {
    if (last && (leg.mode & fairy::kMove)) code.line("if (!pos.is_ep_square(" + t + ")) return true;");
    if (!last && (leg.mode & fairy::kMove)) emit_rest(code, ac, k + 1, t, n);
    code.line("continue;");
  }
  code.close();
  if (last) {
    if (leg.mode & fairy::kCapture) code.line("if (" + enemy_of(ac.by, p) + ") return true;");
  } else if (leg.mode & fairy::kHop) {
    code.open("if (is_color(" + p + ", White) || is_color(" + p + ", Black)) {");
    emit_rest(code, ac, k + 1, t, n);
    code.close();
  }
  code.line("break;");
  code.close();
  code.close();
}

// Walks walk.back[i] backwards from `at`; `exact` (or empty) is the step count it must make.
// `victim` says whether a locust capture is already on the route (there is only one).
void emit_back(Code& code, const AttackContext& ac, std::size_t i, const std::string& at, const std::string& exact,
               bool victim) {
  const BackLeg& leg = ac.walk.back[i];
  const bool first_leg = i + 1 == ac.walk.back.size();
  const int period = int(leg.offsets.size());
  const unsigned all = (1u << period) - 1;
  const std::string t = "t" + std::to_string(i), q = "q" + std::to_string(i), j = "j" + std::to_string(i);
  // A locust's capturing leg (i == 0) hands its step count to the rest of the path.
  const bool counted = !exact.empty() || period > 1 || leg.range > 1 || leg.same_length ||
                       (i == 0 && !ac.walk.rest.empty());
  code.open("{");
  if (period > 1) {
    std::string table;
    for (int off : leg.offsets) table += (table.empty() ? "" : ", ") + std::to_string(off);
    code.line("static constexpr int kBack[" + std::to_string(period) + "] = {" + table + "};");
  }
  const std::string step = period > 1 ? "kBack[(" + j + " - 1) % " + std::to_string(period) + "]"
                                      : std::to_string(leg.offsets[0]);
  if (leg.range == 1 && exact.empty()) {
    code.line("const Square " + t + " = Square(" + at + " + " + step + ");");
  } else {
    code.line("Square " + t + " = " + at + ";");
    const std::string limit = !exact.empty() ? exact : leg.range ? std::to_string(leg.range) : "kMaxSteps";
    code.open(counted ? "for (int " + j + " = 1; " + j + " <= " + limit + "; ++" + j + ") {" : "for (;;) {");
    code.line(t + " = Square(" + t + " + " + step + ");");
  }
  const bool loop = !(leg.range == 1 && exact.empty());
  code.line("const Piece " + q + " = b[" + t + "];");
  std::string may_start;  // may the leg have begun here?
  if (!exact.empty()) may_start = j + " == " + exact;
  if ((leg.starts & all) != all) {
    std::string residues;
    for (int r = 0; r < period; ++r)
      if (leg.starts & (1u << r))
        residues += (residues.empty() ? "" : " || ") + std::string("(") + j + " - 1) % " + std::to_string(period) +
                    " == " + std::to_string(r);
    may_start += (may_start.empty() ? "" : " && ") + std::string("(") + residues + ")";
  }
  if (!may_start.empty()) code.line("if (!(" + may_start + ")) { if (" + q + " != kEmpty) break; continue; }");
  const std::string count = leg.same_length ? j : "";
  if (first_leg) {
    std::string found = ac.walk.virgin_only ? "(" + ac.attackers + ") && pos.is_virgin(" + t + ")" : ac.attackers;
    if (!ac.completes.empty()) found = "(" + found + ") && " + ac.completes;
    code.line("if (" + found + ") return true;");
    if (loop) code.line("if (" + q + " != kEmpty) break;");
  } else {
    if ((leg.before_mode & fairy::kMove) || loop) {
      code.open("if (" + q + " == kEmpty) {");
      if (leg.before_mode & fairy::kMove) emit_back(code, ac, i + 1, t, count, victim);
      if (loop) code.line("continue;");
      code.close();
    }
    if (leg.before_mode & fairy::kHop) {
      const std::string piece = "is_color(" + q + ", White) || is_color(" + q + ", Black)";
      code.open("if (" + (leg.no_hop_over ? "(" + piece + ")" + not_of_types(leg.no_hop_over, q) : piece) + ") {");
      emit_back(code, ac, i + 1, t, count, victim);
      code.close();
    } else if ((leg.before_mode & fairy::kCapture) && !victim) {
      code.open("if (" + enemy_of(ac.by, q) + ") {");
      emit_back(code, ac, i + 1, t, count, true);
      code.close();
    }
    if (leg.before_induces) {
      code.open("if (is_color(" + q + ", " + color_name(ac.by) + ")) {");
      emit_back(code, ac, i + 1, t, count, victim);
      code.close();
    }
    if (loop) code.line("break;");
  }
  if (loop) code.close();
  code.close();
}

// Every way `by` can capture on a square, walked backwards: the capture paths of all its pieces,
// merged where two piece types (or two paths) walk back alike.
std::vector<AttackWalk> attack_walks(const VariantInfo& info, Color by) {
  std::vector<AttackWalk> walks;
  for (int type = 0; type < int(info.pieces.size()); ++type) {
    const fairy::PieceInfo& piece = info.pieces[type];
    for (int program = -1; program < int(piece.moves_on.size()); ++program) {
      const fairy::PieceProgram& moves = program < 0 ? piece.program[by] : piece.moves_on[std::size_t(program)].program[by];
      for (const Path& path : moves.paths)
        for (std::size_t k = 0; k < path.legs.size(); ++k) {
          if (!(path.legs[k].mode & fairy::kCapture)) continue;
          std::vector<AttackWalk> mine;
          attack_walks(info, path, k, Attacker{type, program}, mine);
          for (AttackWalk& w : mine) add_walk(walks, std::move(w));
        }
    }
  }
  return walks;
}

std::string back_comment(const VariantInfo& info, const AttackWalk& w) {
  std::string names;
  for (const Attacker& a : w.types)
    names += (names.empty() ? "" : ", ") + info.pieces[a.type].name +
             (a.program < 0 ? "" : " (moves_on " + std::to_string(a.program) + ")");
  std::string legs;
  for (const BackLeg& b : w.back) {
    std::string offs;
    for (int o : b.offsets) offs += (offs.empty() ? "" : " ") + std::to_string(o);
    legs += (legs.empty() ? "" : ", then ") + std::string("back by ") + offs +
            (b.range == 1 ? " once" : b.range ? " up to " + std::to_string(b.range) : "");
  }
  return names + ": " + (w.virgin_only ? "unmoved only: " : "") + legs + (w.rest.empty() ? "" : "; locust capture");
}

// The largest mailbox offset between two squares of the board.
int walk_span(const fairy::Geometry& g) { return (g.ranks - 1) * g.stride() + g.files - 1; }

// Row kSpan + d of the table: bit i says whether walk i depends on the square at offset d from
// the target.
void emit_walk_table(Code& code, const VariantInfo& info, const std::vector<AttackWalk>& walks, const std::string& name) {
  const int span = walk_span(info.geo);
  const std::size_t words = (walks.size() + 63) / 64;
  code.line("// Bit i of row kSpan + d: attack walk i (in the order below) depends on the square at offset d.");
  code.open("constexpr std::uint64_t " + name + "[2 * kSpan + 1][" + std::to_string(words) + "] = {");
  for (int d = -span; d <= span; ++d) {
    std::string row;
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t bits = 0;
      for (std::size_t i = w * 64; i < std::min(walks.size(), w * 64 + 64); ++i)
        if (walks[i].passes.count(d)) bits |= std::uint64_t(1) << (i - w * 64);
      char hex[32];
      std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(bits));
      row += (w ? ", " : "") + std::string(hex);
    }
    code.line("{" + row + "},");
  }
  code.close("};");
}

void emit_attacks(Code& code, const model::Variant& v, Color by) {
  const VariantInfo& info = v.info;
  const std::vector<AttackWalk> walks = attack_walks(info, by);
  const std::string table = "kWalksVia" + color_name(by);
  emit_walk_table(code, info, walks, table);
  code.line("// Whether `by` can capture on s; unless left is kNoSquare, only along routes through left or entered.");
  code.open("bool attacked_by_" + color_lower(by) + "(const Position& pos, Square s, Square left, Square entered) {");
  code.line("const Piece* b = pos.board();");
  if (info.flying_general) code.line("if (royals_face(pos, s, " + color_name(by) + ")) return true;  // the flying general");
  const std::string words = std::to_string((walks.size() + 63) / 64);
  code.line("std::uint64_t routes[" + words + "];  // bit i: run walk i");
  code.line("for (int w = 0; w < " + words + "; ++w)");
  code.line("  routes[w] = left == kNoSquare ? ~std::uint64_t(0) : " + table + "[kSpan + left - s][w] | " + table +
            "[kSpan + entered - s][w];");
  code.line("const auto via = [&routes](int walk) { return ((routes[walk >> 6] >> (walk & 63)) & 1) != 0; };");
  bool locust = false;
  for (const AttackWalk& w : walks) locust = locust || !w.rest.empty();
  if (locust) code.line("constexpr Piece kEnemyOnTarget = " + piece_const(info, 0, ~by) + ";");
  for (std::size_t index = 0; index < walks.size(); ++index) {
    const AttackWalk& w = walks[index];
    std::string test;
    const std::string q = "q" + std::to_string(w.back.size() - 1), t = "t" + std::to_string(w.back.size() - 1);
    for (const Attacker& a : w.types)
      test += (test.empty() ? "" : " || ") + attacker_test(info, a, by, q, t);
    code.line("// " + comment(back_comment(info, w)));
    // A locust capture on s counts when the rest of the path can go on from s (given the
    // capturing leg's step count, for a same-length leg after it).
    const bool leaps = w.back[0].range == 1;
    const AttackContext ac{info, w, by, test, w.rest.empty() ? "" : leaps ? "completes(1)" : "completes(j0)"};
    std::string present;  // no walk for a piece type that is not on the board
    for (const Attacker& a : w.types)
      present += (present.empty() ? "" : " || ") + std::string("pos.count(") + color_name(by) + ", " +
                 std::to_string(a.type) + ")";
    code.open("if ((" + present + ") && via(" + std::to_string(index) + ")) {");
    if (!w.rest.empty()) {
      code.open("const auto completes = [&]([[maybe_unused]] int steps) {");
      emit_rest(code, ac, 0, "s", "steps");
      code.line("return false;");
      code.close("};");
    }
    emit_back(code, ac, 0, "s", "", !w.rest.empty());
    code.close();
  }
  code.line("return false;");
  code.close();
  code.line();
}

// ------------------------------------------------------------------ model data as C++

std::string leg_literal(const Leg& l) {
  std::string s = "Leg{" + std::to_string(l.dx) + ", " + std::to_string(l.dy) + ", " + std::to_string(l.range) + ", " +
                  std::to_string(l.mode);
  if (l.flags) s += ", " + std::to_string(l.flags) + ", " + std::to_string(l.dx2) + ", " + std::to_string(l.dy2);
  return s + "}";
}

std::string program_literal(const fairy::PieceProgram& prog, const std::string& indent) {
  std::string s = "PieceProgram{{\n";
  for (const Path& p : prog.paths) {
    s += indent + "  Path{{";
    for (std::size_t i = 0; i < p.legs.size(); ++i) s += (i ? ", " : "") + leg_literal(p.legs[i]);
    s += "}, " + std::string(p.virgin_only ? "true" : "false") + ", " + (p.promotes ? "true" : "false") + ", " +
         std::to_string(p.phases) + ", " + std::to_string(p.atom) + "},\n";
  }
  return s + indent + "}}";
}

std::string square_set_literal(const fairy::SquareSet& set) {
  std::string list;
  for (std::size_t s = 0; s < set.size(); ++s)
    if (set[s]) list += (list.empty() ? "" : ", ") + std::to_string(s);
  return "square_set({" + list + "})";
}

std::string info_code(const VariantInfo& info) {
  Code c;
  c.open("VariantInfo make_info() {");
  c.line("VariantInfo v;");
  c.line("v.key = " + c_string(info.key) + ";");
  c.line("v.geo = Geometry{" + std::to_string(info.geo.files) + ", " + std::to_string(info.geo.ranks) + "};");
  c.line("v.start_fen = " + c_string(info.start_fen) + ";");
  if (info.drops.enabled)
    c.line("v.drops = DropRule{true, " + std::to_string(info.drops.zone) + ", " + std::to_string(info.drops.pawn) + "};");
  if (!(info.turn == fairy::TurnRule{}))
    c.line("v.turn = TurnRule{" + std::to_string(info.turn.moves) + ", " + std::to_string(info.turn.first_turn_moves) +
           ", " + (info.turn.later_captures ? "true" : "false") + ", " + (info.turn.later_same_piece ? "true" : "false") +
           "};");
  for (const std::string& line : end_rules_code(info)) c.line(line);
  if (info.flying_general) c.line("v.flying_general = true;");
  if (info.pass) c.line("v.pass = true;");
  for (fairy::Square s : info.brouhaha)
    c.line("v.brouhaha.push_back(v.geo.square(" + std::to_string(info.geo.file_of(s)) + ", " +
           std::to_string(info.geo.rank_of(s)) + "));  // " + info.geo.name(s));
  for (const fairy::PieceInfo& p : info.pieces) {
    c.open("{");
    c.line("PieceInfo p;");
    c.line("p.name = " + c_string(p.name) + ";");
    c.line("p.letter = " + c_string(std::string(1, p.letter)) + "[0];");
    c.line("p.betza = " + c_string(p.betza) + ";");
    c.line("p.royal = " + std::string(p.royal ? "true" : "false") + ";");
    c.line("p.ep_victim = " + std::string(p.ep_victim ? "true" : "false") + ";");
    if (p.resets_clock) c.line("p.resets_clock = true;");
    if (p.safe_passage) c.line("p.safe_passage = true;");
    if (p.no_hop_over) c.line("p.no_hop_over = " + std::to_string(p.no_hop_over) + "ull;");
    if (p.no_capture) c.line("p.no_capture = " + std::to_string(p.no_capture) + "ull;");
    if (p.value) c.line("p.value = " + std::to_string(p.value) + ";");
    if (p.initial_ranks) c.line("p.initial_ranks = " + std::to_string(p.initial_ranks) + ";");
    for (const std::string& line : hand_piece_code(p)) c.line(line);
    if (p.confined) {
      c.line("p.confined = true;");
      for (Color col : {fairy::White, fairy::Black})
        c.line("p.region[" + color_name(col) + "] = " + square_set_literal(p.region[col]) + ";");
    }
    for (const fairy::SquareMoves& m : p.moves_on)
      c.line("p.moves_on.push_back(SquareMoves{{" + square_set_literal(m.on[fairy::White]) + ", " +
             square_set_literal(m.on[fairy::Black]) + "}, " + c_string(m.betza) + ", {" +
             program_literal(m.program[fairy::White], "    ") + ", " + program_literal(m.program[fairy::Black], "    ") +
             "}});");
    c.line("p.program[White] = " + program_literal(p.program[fairy::White], "    ") + ";");
    c.line("p.program[Black] = " + program_literal(p.program[fairy::Black], "    ") + ";");
    c.line("v.pieces.push_back(std::move(p));");
    c.close();
  }
  if (info.castling.enabled)
    c.line("v.castling = CastlingRule{true, " + std::to_string(info.castling.king_steps) + ", " +
           std::to_string(info.castling.partner) + ", " + std::to_string(info.castling.queenside_steps) + ", " +
           std::to_string(info.castling.piece) + "};");
  for (const fairy::PromotionRule& r : info.promotions) {
    std::string pieces, to;
    for (int t : r.pieces) pieces += (pieces.empty() ? "" : ", ") + std::to_string(t);
    for (const auto& t : r.to)
      to += (to.empty() ? "" : ", ") + std::string("{") + std::to_string(t.type) + ", " + std::to_string(t.depth) +
            ", " + (t.recoup ? "true" : "false") + ", " + std::to_string(t.sides) + ", " + std::to_string(t.limit) + "}";
    c.line("v.promotions.push_back(PromotionRule{{" + pieces + "}, " + std::to_string(r.zone) + ", " +
           std::to_string(r.mandatory) + ", {" + to + "}, " + (r.from_reserve ? "true" : "false") + ", " +
           (r.leaving ? "true" : "false") + "});");
    if (r.in_place) {
      c.line("v.promotions.back().in_place = true;");
      c.line("v.promotions.back().squares = {" + square_set_literal(r.squares[fairy::White]) + ", " +
             square_set_literal(r.squares[fairy::Black]) + "};");
      if (r.anywhere_when_last) c.line("v.promotions.back().anywhere_when_last = true;");
    }
  }
  for (const std::string& line : hand_rule_code(info)) c.line(line);
  for (const fairy::FirstMove& f : info.first_moves)
    c.line("v.first_moves.push_back(FirstMove{" + std::to_string(f.type) + ", " + c_string(f.betza) + ", {" +
           program_literal(f.program[fairy::White], "    ") + ", " + program_literal(f.program[fairy::Black], "    ") +
           "}, " + (f.in_check ? "true" : "false") + ", " + std::to_string(f.lost_to) + "ull});  // " +
           comment(info.pieces[std::size_t(f.type)].name));
  c.line("v.finalize();");
  c.line("return v;");
  c.close();
  return c.str();
}

// The namespace of a variant's module, inside fairy::gen. Not the bare key: a key that is also
// the name of a runtime function (is_color, type_of) would hide it in the generated code.
std::string module_namespace(const std::string& key) { return "v_" + key; }

std::string header_comment(const model::Variant& v, const Options& o) {
  return "// Code generated by fairygen from " + comment(o.spec_name) + ". DO NOT EDIT.\n// Variant '" +
         comment(v.info.key) + "', declared at " + comment(o.spec_name) + ":" + std::to_string(v.spec->where.line) + ":" +
         std::to_string(v.spec->where.column) + ".\n";
}

}  // namespace

std::string movegen_code(const model::Variant& v, const Options& o) {
  const VariantInfo& info = v.info;
  Code code;
  code.line("// Board: " + std::to_string(info.geo.files) + "x" + std::to_string(info.geo.ranks) +
            ", mailbox stride " + std::to_string(info.geo.stride()) + ".");
  for (Color c : {fairy::White, fairy::Black})
    for (int t = 0; t < int(info.pieces.size()); ++t)
      code.line("constexpr Piece " + piece_const(info, t, c) + " = " + std::to_string(fairy::make_piece(c, t)) + ";");
  code.line("constexpr int kSpan = " + std::to_string(walk_span(info.geo)) + ";  // the largest offset between two squares");
  code.line();
  for (Color c : {fairy::White, fairy::Black})
    for (int t = 0; t < int(info.pieces.size()); ++t) {
      std::string tables;
      const fairy::PieceInfo& piece = info.pieces[t];
      if (piece.confined) emit_square_table(tables, info, square_table(info, t, c), piece.region[c]);
      for (std::size_t i = 0; i < piece.moves_on.size(); ++i)
        emit_square_table(tables, info, square_table(info, t, c, int(i)), piece.moves_on[i].on[c]);
      if (!tables.empty()) code.line("// Squares of " + comment(piece.name) + ", " + color_lower(c) + " (spec region: and moves_on:)");
      std::istringstream lines(tables);
      for (std::string line; std::getline(lines, line);) code.line(line);
    }
  code.line();
  for (Color c : {fairy::White, fairy::Black})
    for (int t = 0; t < int(info.pieces.size()); ++t)
      for (int moves = -1; moves < int(info.pieces[t].moves_on.size()); ++moves) emit_piece(code, v, o, t, c, moves);
  for (Color c : {fairy::White, fairy::Black}) emit_attacks(code, v, c);
  for (Color c : {fairy::White, fairy::Black}) {
    code.open("void generate_" + color_lower(c) + "(const Position& pos, MoveList& list) {");
    code.line("const Square* squares = pos.piece_squares(" + color_name(c) + ");");
    code.open("for (int i = 0, n = pos.piece_total(" + color_name(c) + "); i < n; ++i) {");
    code.line("const Square from = squares[i];");
    code.open("switch (pos.at(from)) {");
    for (int t = 0; t < int(info.pieces.size()); ++t) {
      std::string call;  // the moves it has where it stands
      for (std::size_t i = 0; i < info.pieces[t].moves_on.size(); ++i)
        call += "if (" + square_table(info, t, c, int(i)) + "(from)) " + generate_function(info, t, c, int(i)) +
                "(pos, from, list); else ";
      call += generate_function(info, t, c) + "(pos, from, list);";
      if (info.pieces[t].may_repeat)  // two routes can give the same move: list it once
        code.line("case " + piece_const(info, t, c) + ": { const int first = list.size; " + call +
                  " remove_repeats(list, first); break; }");
      else
        code.line("case " + piece_const(info, t, c) + ": " + call + " break;");
    }
    code.line("default: break;");
    code.close();
    code.close();
    code.close();
    code.line();
  }
  return code.str();
}

std::vector<Output> variant_module(const model::Variant& v, const Options& o) {
  const std::string key = v.info.key;
  const KernelCode kernel = kernel_code(v, o);
  const std::map<std::string, std::string> values = {
      {"before_generation", std::string(v.info.drops.enabled ? "  if (generate_drop_phase(pos, list)) return;\n" : "") +
                                (v.info.hands.enabled && v.info.hands.drops ? "  generate_hand_drops(pos, list);\n" : "")},
      {"after_generation", std::string(v.info.first_moves.empty() ? "" : "  add_first_moves(pos, Rules{}, list);\n") +
                               (v.info.any_in_place ? "  add_in_place_promotions(pos, list);\n" : "") +
                               (v.info.hands.gating ? "  add_gating_moves(pos, list);\n" : "") +
                               (v.info.has_induction ? "  remove_induced_repeats(pos, list);\n" : "") +
                               (v.info.mutual_swaps ? "  remove_swap_repeats(list);\n" : "") +
                               (v.info.turn.moves > 1 ? "  apply_turn_rules(pos, list);\n" : "")},
      {"header", header_comment(v, o)},
      {"key", key},
      {"namespace", module_namespace(key)},
      {"movegen", movegen_code(v, o)},
      {"info", info_code(v.info)},
      {"kernel_definition", kernel.definition.empty() ? "" : "\n" + kernel.definition},
  };
  const std::map<std::string, std::string> hvalues = {{"header", header_comment(v, o)},
                                                      {"key", key},
                                                      {"namespace", module_namespace(key)},
                                                      {"kernel_description", kernel.description},
                                                      {"kernel_declaration", kernel.declaration}};
  return {
      {key + ".hpp", Template::load(o.template_dir + "/variant.hpp.in").render(hvalues)},
      {key + ".cpp", Template::load(o.template_dir + "/variant.cpp.in").render(values)},
  };
}

Output registry(const std::vector<model::Variant>& vs, const Options& o) {
  std::string includes, entries;
  for (const auto& v : vs) {
    includes += "#include \"" + v.info.key + ".hpp\"\n";
    const std::string ns = "gen::" + module_namespace(v.info.key);
    entries += "      {" + c_string(v.info.key) + ", &" + ns + "::info, [] { return make_engine_for<" + ns + "::Rules>(" + ns +
               "::info()); }},\n";
  }
  return {"registry.cpp", Template::load(o.template_dir + "/registry.cpp.in")
                              .render({{"spec", comment(o.spec_name)}, {"includes", includes}, {"entries", entries}})};
}

void stamp_includes(std::vector<Output>& outputs) {
  const auto fnv1a = [](const std::string& text) {
    std::uint64_t h = 14695981039346656037ull;
    for (const unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
  };
  std::vector<std::string> original;
  for (const Output& o : outputs) original.push_back(o.content);
  // Each round stamps from the hashes of the last round's files: a shard includes a module,
  // which includes its header, so a few rounds carry a change up any chain of includes.
  for (int round = 0; round < 4; ++round) {
    std::map<std::string, std::uint64_t> content;
    for (const Output& o : outputs) content[o.name] = fnv1a(o.content);
    for (std::size_t k = 0; k < outputs.size(); ++k) {
      std::string stamped;
      std::istringstream in(original[k]);
      for (std::string line; std::getline(in, line);) {
        stamped += line;
        if (line.rfind("#include \"", 0) == 0 && line.size() > 11 && line.back() == '"') {
          const auto it = content.find(line.substr(10, line.size() - 11));
          if (it != content.end()) {
            char hex[17];
            std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(it->second));
            stamped += std::string("  // content ") + hex;
          }
        }
        stamped += "\n";
      }
      outputs[k].content = std::move(stamped);
    }
  }
}

std::vector<Output> module_shards(const std::vector<model::Variant>& vs, int shards, const Options& o) {
  std::vector<std::string> includes(static_cast<std::size_t>(shards));
  // In spec order, round robin: a variant added at the end moves no other one.
  for (std::size_t i = 0; i < vs.size(); ++i)
    includes[i % includes.size()] += "#include \"" + vs[i].info.key + ".cpp\"\n";
  const Template t = Template::load(o.template_dir + "/modules.cpp.in");
  std::vector<Output> out;
  for (int i = 0; i < shards; ++i)
    out.push_back({"modules_" + std::to_string(i) + ".cpp",
                   t.render({{"spec", comment(o.spec_name)},
                             {"shard", std::to_string(i)},
                             {"shards", std::to_string(shards)},
                             {"includes", includes[std::size_t(i)].empty() ? std::string("// (no variant in this shard)\n")
                                                                            : includes[std::size_t(i)]}})});
  return out;
}

std::vector<Output> perft_tests(const std::vector<model::Variant>& vs, const Options& o) {
  std::string fast, slow;
  for (const auto& v : vs) {
    for (std::size_t i = 0; i < v.spec->perft.size(); ++i) {
      const spec::PerftSpec& p = v.spec->perft[i];
      const std::string name = spec::identifier(p.name.empty() ? "position" + std::to_string(i + 1) : p.name);
      for (std::size_t d = 0; d < p.counts.size(); ++d) {
        const int depth = int(d) + 1;
        const bool is_slow = p.slow_from && depth >= p.slow_from;
        std::string& out = is_slow ? slow : fast;
        out += "// " + comment(o.spec_name + ":" + std::to_string(p.where.line) + ": " + p.source) + "\n";
        out += "TEST(Perft_" + v.info.key + ", " + name + "_depth" + std::to_string(depth) + ") {\n";
        out += "  expect_perft(" + c_string(v.info.key) + ", " + c_string(p.fen.value) + ", " + std::to_string(depth) + ", " +
               std::to_string(p.counts[d]) + "ull);\n}\n\n";
      }
    }
  }
  const Template t = Template::load(o.template_dir + "/perft_tests.cpp.in");
  return {{"perft_tests.cpp", t.render({{"spec", comment(o.spec_name)}, {"tests", fast}})},
          {"perft_slow_tests.cpp", t.render({{"spec", comment(o.spec_name)}, {"tests", slow}})}};
}

Output perft_main(const std::vector<model::Variant>& vs, const Options& o) {
  std::string entries;
  for (const auto& v : vs)
    for (std::size_t i = 0; i < v.spec->perft.size(); ++i) {
      const spec::PerftSpec& p = v.spec->perft[i];
      const std::string name = p.name.empty() ? "position" + std::to_string(i + 1) : p.name;
      for (std::size_t d = 0; d < p.counts.size(); ++d) {
        const int depth = int(d) + 1;
        entries += "    {" + c_string(v.info.key) + ", " + c_string(name) + ", " + c_string(p.fen.value) + ", " +
                   std::to_string(depth) + ", " + std::to_string(p.counts[d]) + "ull, " +
                   (p.slow_from && depth >= p.slow_from ? "true" : "false") + "},\n";
      }
    }
  return {"perft_main.cpp", Template::load(o.template_dir + "/perft_main.cpp.in")
                                .render({{"spec", comment(o.spec_name)}, {"entries", entries}})};
}

namespace {

namespace fs = std::filesystem;

// The content of a file, or nothing when there is none to read.
std::optional<std::string> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// Writes content to path whole, or throws.
void write_file(const fs::path& path, const std::string& content) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << content;
  f.close();
  if (!f) throw std::runtime_error(path.string() + ": error: cannot write");
}

// One generated file that differs from what is on disk.
struct Change {
  const Output* output;
  fs::path path, temporary;
  std::optional<std::string> previous;  // what the file held, if it existed
};

// Puts back what the first `count` changes replaced (after a later one could not be renamed).
void roll_back(const std::vector<Change>& changes, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    std::error_code ec;
    if (!changes[i].previous) {
      fs::remove(changes[i].path, ec);
      continue;
    }
    try {
      write_file(changes[i].temporary, *changes[i].previous);
      fs::rename(changes[i].temporary, changes[i].path, ec);
    } catch (const std::exception&) {
    }
    fs::remove(changes[i].temporary, ec);
  }
}

}  // namespace

// All or nothing: every changed file is first written whole to a temporary beside it, and
// only when all are written are they renamed into place; a failure removes the temporaries
// (and puts back the files already renamed), so the previous outputs stay as they were.
std::vector<std::string> write_outputs(const std::vector<Output>& outputs, const std::string& dir, bool check_only) {
  std::vector<Change> changes;
  std::vector<std::string> changed;
  std::set<std::string> names;
  for (const Output& out : outputs) {
    if (!names.insert(out.name).second)
      throw std::runtime_error(dir + "/" + out.name + ": error: two generated files have this name");
    const fs::path path = fs::path(dir) / out.name;
    std::optional<std::string> previous = read_file(path);
    if (previous == out.content) continue;
    changed.push_back(out.name);
    changes.push_back({&out, path, path.string() + ".tmp", std::move(previous)});
  }
  if (check_only || changes.empty()) return changed;
  fs::create_directories(dir);
  std::size_t written = 0;
  const auto remove_temporaries = [&changes](std::size_t from, std::size_t to) {
    std::error_code ec;
    for (std::size_t i = from; i < to; ++i)
      if (fs::is_regular_file(changes[i].temporary, ec)) fs::remove(changes[i].temporary, ec);
  };
  try {
    for (; written < changes.size(); ++written) write_file(changes[written].temporary, changes[written].output->content);
  } catch (const std::exception& e) {
    remove_temporaries(0, written + 1);  // the one that failed may exist in part
    throw std::runtime_error(std::string(e.what()) + "; no generated file was changed");
  }
  for (std::size_t i = 0; i < changes.size(); ++i) {
    std::error_code ec;
    fs::rename(changes[i].temporary, changes[i].path, ec);
    if (ec) {
      remove_temporaries(i, changes.size());
      roll_back(changes, i);
      throw std::runtime_error(changes[i].path.string() + ": error: cannot replace (" + ec.message() +
                               "); no generated file was changed");
    }
  }
  return changed;
}

}  // namespace fairygen::emit
