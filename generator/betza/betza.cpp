#include "generator/betza/betza.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "runtime/atoms.hpp"

namespace fairygen::betza {

using fairy::AtomShape;
using fairy::find_atom;
using fairy::Leg;
using fairy::Path;
using fairy::PieceProgram;

namespace {

constexpr std::string_view kDirectionLetters = "fblrvsh";
constexpr std::string_view kModalityLetters = "mcdeinpgyxuqzj";
// Letters that belong to XBetza but that this compiler does not execute yet: named so that the
// message says "not supported" rather than "unknown", and never silently skipped.
constexpr std::string_view kReservedLetters = "ot";

bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string quoted(char c) { return std::string("'") + c + "'"; }

}  // namespace

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  std::vector<Atom> run() {
    if (text_.empty()) throw Error("empty XBetza string", 1);
    if (text_.size() > std::size_t(kMaxLength))
      throw Error("XBetza string of " + std::to_string(text_.size()) + " characters: at most " +
                      std::to_string(kMaxLength),
                  kMaxLength + 1);
    while (i_ < text_.size()) {
      if (text_[i_] == ']') throw Error("']' without '['", column());
      Atom atom = unit(false);
      expand(atom);
    }
    return out_;
  }

 private:
  int column() const { return int(i_) + 1; }

  // Modifiers, 'a'-separated legs, then an atom letter with its range (or a bracket form).
  Atom unit(bool in_bracket) {
    std::vector<LegSpec> legs(1);
    int prefix_column = 0;
    while (i_ < text_.size() && is_lower(text_[i_])) {
      const char ch = text_[i_];
      if (!prefix_column) prefix_column = column();
      if (ch == 'a') {
        legs.emplace_back();
      } else if (kDirectionLetters.find(ch) != std::string_view::npos) {
        legs.back().directions += ch;
      } else if (kModalityLetters.find(ch) != std::string_view::npos) {
        legs.back().modality += ch;
      } else if (kReservedLetters.find(ch) != std::string_view::npos) {
        throw Error("XBetza modifier " + quoted(ch) + " is not supported yet", column());
      } else {
        throw Error("unknown XBetza modifier " + quoted(ch), column());
      }
      ++i_;
    }
    if (i_ == text_.size()) {
      if (prefix_column) throw Error("modifiers with no atom after them", prefix_column);
      throw Error("missing atom", column());
    }
    if (text_[i_] == '[') {
      if (in_bracket) throw Error("brackets cannot nest", column());
      if (legs.size() > 1 || !legs[0].modality.empty())
        throw Error("only direction letters may stand before '['", prefix_column ? prefix_column : column());
      return bracket(legs[0].directions);
    }
    const char ch = text_[i_];
    const int atom_column = column();
    if (!is_upper(ch)) throw Error("unexpected character " + quoted(ch) + " in XBetza", atom_column);
    if (ch == 'J' || ch == 'L')
      throw Error("atom " + quoted(ch) + " is ambiguous (XBoard and Fairy-Stockfish disagree): write " +
                      (ch == 'J' ? "Z for the (3,2) leaper or D for the (2,0) leaper" : "C for the (3,1) leaper"),
                  atom_column);
    if (ch != 'O' && ch != 'K' && ch != 'Q' && ch != 'R' && ch != 'B' && !find_atom(ch))
      throw Error("unknown XBetza atom " + quoted(ch), atom_column);
    ++i_;
    int range = 1;
    bool explicit_range = false;
    if (i_ < text_.size() && text_[i_] == ch && ch != 'O') {
      range = 0;
      explicit_range = true;
      ++i_;
    } else if (i_ < text_.size() && is_digit(text_[i_])) {
      range = 0;
      int digits = 0;
      while (i_ < text_.size() && is_digit(text_[i_])) {
        range = range * 10 + (text_[i_] - '0');
        if (++digits > 2) throw Error("range too long", column());
        ++i_;
      }
      explicit_range = true;
    }
    if ((ch == 'Q' || ch == 'R' || ch == 'B') && !explicit_range) range = 0;
    if (ch == 'O' && (!explicit_range || range < 1 || legs.size() > 1))
      throw Error("castling 'O' needs a distance, e.g. O2", atom_column);
    if (ch == 'O' && std::exchange(castling_seen_, true)) throw Error("castling 'O' is written twice", atom_column);
    Atom atom;
    atom.directions = legs[0].directions;
    atom.modality = legs[0].modality;
    atom.letter = ch;
    atom.range = range;
    atom.column = atom_column;
    for (std::size_t k = 1; k < legs.size(); ++k) {
      legs[k].letter = ch;
      legs[k].range = range;
      legs[k].column = atom_column;
      atom.later.push_back(legs[k]);
    }
    return atom;
  }

  // [X?Y] or [X-Y]: X, then Y continuing outward from X's direction ('?': or stop after X).
  Atom bracket(const std::string& outer) {
    const int open_column = column();
    ++i_;  // '['
    Atom first = unit(true);
    if (!first.later.empty()) throw Error("'a' inside brackets: write the legs as [X-Y]", first.column);
    if (i_ >= text_.size() || (text_[i_] != '?' && text_[i_] != '-'))
      throw Error("expected '?' or '-' after the first atom in brackets", column());
    const bool may_stop = text_[i_] == '?';
    ++i_;
    Atom second = unit(true);
    if (!second.later.empty()) throw Error("'a' inside brackets: write the legs as [X-Y]", second.column);
    if (i_ >= text_.size() || text_[i_] != ']') throw Error("'[' without ']'", open_column);
    ++i_;
    if (first.letter == 'O' || second.letter == 'O') throw Error("castling 'O' cannot stand in brackets", open_column);
    first.bracket = true;
    first.may_stop_early = may_stop;
    first.outer = outer;
    first.later.push_back(LegSpec{second.directions, second.modality, second.letter, second.range, second.column});
    return first;
  }

  // K Q R B stand for their W and F parts (in every leg).
  void expand(Atom atom) {
    atom.source = source_++;
    const auto part = [](char c) -> std::string {
      switch (c) {
        case 'K': case 'Q': return "WF";
        case 'R': return "W";
        case 'B': return "F";
      }
      return std::string(1, c);
    };
    const std::string first = part(atom.letter);
    if (atom.bracket) {
      const std::string second = part(atom.later[0].letter);
      for (char x : first)
        for (char y : second) {
          Atom a = atom;
          a.letter = x;
          a.later[0].letter = y;
          out_.push_back(a);
        }
      return;
    }
    for (char x : first) {
      Atom a = atom;
      a.letter = x;
      for (LegSpec& l : a.later) l.letter = x;
      out_.push_back(a);
    }
  }

  std::string_view text_;
  std::size_t i_ = 0;
  int source_ = 0;
  bool castling_seen_ = false;
  std::vector<Atom> out_;
};

}  // namespace

std::vector<Atom> parse(std::string_view text) { return Parser(text).run(); }

int castling_steps(const std::vector<Atom>& atoms) {
  for (const Atom& a : atoms)
    if (a.letter == 'O') return a.range;
  return 0;
}

namespace {

// Direction letters select among an atom's vectors (White's view, y forward, x to the right),
// as in H. G. Muller's quick reference of extended Betza notation:
//  - f b l r: on orthogonal and diagonal atoms the vectors pointing that way (fW one, fF two);
//    on oblique atoms the two whose long leg points that way (fN: (-1,2) and (1,2)).
//  - v = f + b, s = l + r (on oblique atoms the narrow and the wide quartets).
//  - A vertical and a horizontal letter together: on diagonal atoms the one vector (frF); on
//    oblique atoms the one whose short leg points the first way and long leg the second
//    (frN = (2,1), rfN = (1,2)); fs / bs the wide forward / backward pairs, lv / rv the narrow
//    left / right pairs.
//  - h with a letter (fh, bh, lh, rh, or hf ...): the half-plane, e.g. fhN = all four forward.
//  - On orthogonal atoms letters just add up (fsW = forward and sideways).
bool long_leg(char d, int x, int y) {  // the long leg of (x, y) points d
  const bool vertical = std::abs(y) > std::abs(x);
  switch (d) {
    case 'f': return vertical && y > 0;
    case 'b': return vertical && y < 0;
    case 'l': return !vertical && x < 0;
    case 'r': return !vertical && x > 0;
  }
  return false;
}

bool half(char d, int x, int y) {
  switch (d) {
    case 'f': return y > 0;
    case 'b': return y < 0;
    case 'l': return x < 0;
    case 'r': return x > 0;
  }
  return false;
}

bool matches_letter(char d, int x, int y, bool orthogonal, bool diagonal) {
  if (d == 'v') return orthogonal ? x == 0 : diagonal || std::abs(y) > std::abs(x);
  if (d == 's') return orthogonal ? y == 0 : diagonal || std::abs(x) > std::abs(y);
  return orthogonal || diagonal ? half(d, x, y) : long_leg(d, x, y);
}

bool is_vertical(char d) { return d == 'f' || d == 'b' || d == 'v'; }
bool is_horizontal(char d) { return d == 'l' || d == 'r' || d == 's'; }

bool matches(const std::string& dirs, int column, int x, int y, bool orthogonal, bool diagonal) {
  if (dirs.empty()) return true;
  std::size_t i = 0;
  while (i < dirs.size()) {
    const char d = dirs[i];
    const char e = i + 1 < dirs.size() ? dirs[i + 1] : 0;
    // Halves: fh, hf, ...
    if ((d == 'h' && std::string_view("fblr").find(e) != std::string_view::npos && e) ||
        (e == 'h' && std::string_view("fblr").find(d) != std::string_view::npos)) {
      if (half(d == 'h' ? e : d, x, y)) return true;
      i += 2;
      continue;
    }
    if (d == 'h') throw Error("'h' (half) needs a direction beside it: fh, bh, lh or rh", column);
    if (!orthogonal && e) {
      const bool cross = (is_vertical(d) && is_horizontal(e)) || (is_horizontal(d) && is_vertical(e));
      if (cross || d == e) {
        bool hit;
        if (d == e) hit = matches_letter(d, x, y, orthogonal, diagonal);  // ff = f
        else if (diagonal) hit = matches_letter(d, x, y, false, true) && matches_letter(e, x, y, false, true);
        else if (d == 'v' || d == 's' || e == 'v' || e == 's') {
          // fs, bs, lv, rv: the pair on that side of the wide / narrow quartet.
          const char side = (d == 'v' || d == 's') ? e : d, quartet = (d == 'v' || d == 's') ? d : e;
          hit = half(side, x, y) && matches_letter(quartet, x, y, false, false);
        } else {
          hit = half(d, x, y) && long_leg(e, x, y);  // short leg d, long leg e
        }
        if (hit) return true;
        i += 2;
        continue;
      }
    }
    if (matches_letter(d, x, y, orthogonal, diagonal)) return true;
    ++i;
  }
  return false;
}

// The atom's vectors in their one order (runtime/atoms.hpp: forward first), which generated code
// names (atoms::N).
std::vector<std::pair<int, int>> vectors_of(const AtomShape& s) {
  const fairy::AtomVectors a = fairy::atom_vectors(s);
  std::vector<std::pair<int, int>> v;
  for (int i = 0; i < a.count; ++i) v.emplace_back(a.vector[std::size_t(i)][0], a.vector[std::size_t(i)][1]);
  return v;
}

int sign(int v) { return (v > 0) - (v < 0); }

// Splits a lame leap into unit steps: straight ones first along the long leg, then diagonal.
std::vector<std::pair<int, int>> lame_steps(int x, int y) {
  std::vector<std::pair<int, int>> steps;
  const int ax = std::abs(x), ay = std::abs(y);
  const int diag = std::min(ax, ay), straight = std::max(ax, ay) - diag;
  for (int k = 0; k < straight; ++k) steps.emplace_back(ax > ay ? sign(x) : 0, ay > ax ? sign(y) : 0);
  for (int k = 0; k < diag; ++k) steps.emplace_back(sign(x), sign(y));
  return steps;
}

}  // namespace

namespace {

// Directions of a later leg, relative to the previous one, as turns on the ring of eight
// 45-degree steps (+ = to the left): f 0, fl +1, l +2, bl +3, b 4, br -3, r -2, fr -1;
// s = l and r, v = f and b, fs = fl and fr, bs = bl and br. Without letters: every direction
// but straight back (brackets: outward only, within 45 degrees).
std::vector<int> relative_turns(const std::string& dirs, int column, bool bracket) {
  if (dirs.empty()) return bracket ? std::vector<int>{-1, 0, 1} : std::vector<int>{-3, -2, -1, 0, 1, 2, 3};
  std::vector<int> out;
  const auto add = [&out](std::initializer_list<int> turns) {
    for (int t : turns)
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  };
  std::size_t i = 0;
  while (i < dirs.size()) {
    const char d = dirs[i];
    const char e = i + 1 < dirs.size() ? dirs[i + 1] : 0;
    const auto pair = [&](char x, char y) { return (d == x && e == y) || (d == y && e == x); };
    if (d == 'h') throw Error("direction 'h' is not supported yet", column);
    if (pair('f', 'l')) { add({1}); i += 2; continue; }
    if (pair('f', 'r')) { add({-1}); i += 2; continue; }
    if (pair('b', 'l')) { add({3}); i += 2; continue; }
    if (pair('b', 'r')) { add({-3}); i += 2; continue; }
    if (pair('f', 's')) { add({1, -1}); i += 2; continue; }
    if (pair('b', 's')) { add({3, -3}); i += 2; continue; }
    switch (d) {
      case 'f': add({0}); break;
      case 'b': add({4}); break;
      case 'l': add({2}); break;
      case 'r': add({-2}); break;
      case 's': add({2, -2}); break;
      case 'v': add({0, 4}); break;
    }
    ++i;
  }
  return out;
}

constexpr int kKingRing[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

// The vectors a later leg of atom `shape` may take after `prev`, turned by each of `turns`.
// Orthogonal and diagonal atoms switch kind on a 45-degree turn (W <-> F, D <-> A, H <-> G)
// unless `same_kind` (brackets: the second atom keeps its own kind).
std::vector<std::pair<int, int>> turned(const AtomShape& shape, std::pair<int, int> prev, const std::vector<int>& turns,
                                        bool same_kind, int column) {
  std::vector<std::pair<int, int>> out;
  const bool oblique = shape.b != 0 && shape.a != shape.b;
  if (oblique) {
    int start = -1;
    for (int i = 0; i < 8; ++i) {
      int x = 0, y = 0;
      fairy::ring_vector(shape.a, shape.b, i, &x, &y);
      if (x == prev.first && y == prev.second) start = i;
    }
    if (start < 0) throw Error("a leg of an oblique atom must follow a leg of the same atom", column);
    for (int t : turns) {
      int x = 0, y = 0;
      fairy::ring_vector(shape.a, shape.b, start + t, &x, &y);
      out.emplace_back(x, y);
    }
    return out;
  }
  const int ux = sign(prev.first), uy = sign(prev.second);
  if (std::abs(prev.first) != std::abs(prev.second) && prev.first != 0 && prev.second != 0)
    throw Error("a leg of an orthogonal or diagonal atom cannot follow an oblique leg", column);
  int start = 0;
  for (int i = 0; i < 8; ++i)
    if (kKingRing[i][0] == ux && kKingRing[i][1] == uy) start = i;
  for (int t : turns) {
    const int* u = kKingRing[((start + t) % 8 + 8) % 8];
    const bool diagonal = u[0] != 0 && u[1] != 0;
    if (same_kind && diagonal != (shape.a == shape.b)) continue;
    out.emplace_back(u[0] * shape.a, u[1] * shape.a);
  }
  return out;
}

struct LegMods {
  std::uint8_t mode = 0;
  std::uint8_t flags = 0;
  bool virgin = false;
  bool toggle_next = false;  // y, g: the next leg slides if this atom leaps, and leaps if it slides
};

LegMods leg_mods(const std::string& modality, bool first, bool last, int column) {
  LegMods m;
  for (char c : modality) {
    switch (c) {
      case 'm': m.mode |= fairy::kMove; break;
      case 'c': m.mode |= fairy::kCapture; break;
      case 'd':
        if (!last) throw Error("'d' applies to the last leg only", column);
        m.mode |= fairy::kFriend;
        break;
      case 'e':
        if (!last) throw Error("'e' applies to the last leg only", column);
        m.mode |= fairy::kEnPassant;
        break;
      case 'u':
        if (!last) throw Error("'u' (unload) applies to the last leg only", column);
        m.flags |= fairy::kUnload;
        break;
      case 'i':
        if (first) m.virgin = true;
        else m.flags |= fairy::kSameLength;
        break;
      case 'p':
        if (last) throw Error("'p' in a multi-leg move applies to a leg before the last", column);
        m.mode |= fairy::kHop;
        break;
      case 'g':
        if (last) throw Error("'g' in a multi-leg move applies to a leg before the last", column);
        m.mode |= fairy::kHop;
        m.toggle_next = true;
        break;
      case 'y':
        if (last) throw Error("'y' applies to a leg before the last", column);
        m.mode |= fairy::kMove;
        m.toggle_next = true;
        break;
      case 'x':
        if (last) throw Error("'x' (induction) applies to a leg before the last", column);
        m.flags |= fairy::kInduce;
        break;
      case 'n': case 'q': case 'z': case 'j':
        throw Error(std::string("'") + c + "' cannot be used in a multi-leg move", column);
    }
  }
  if ((m.flags & fairy::kUnload) && !(m.mode & fairy::kFriend)) throw Error("'u' needs 'd' (unload onto a friend)", column);
  if (last && !(m.mode & (fairy::kMove | fairy::kCapture | fairy::kFriend | fairy::kEnPassant)))
    m.mode |= fairy::kMove | fairy::kCapture;
  if (!last && !m.mode && !(m.flags & fairy::kInduce)) m.mode = fairy::kMove;
  return m;
}

// One written leg with its atom and range, whichever atom it has.
struct LegSource {
  std::string directions, modality;
  char letter;
  int range;
  int column;
};

// The vectors leg k of a multi-leg atom may take after a leg along `prev` (White's view).
std::vector<std::pair<int, int>> leg_vectors(const Atom& atom, const std::vector<LegSource>& legs, std::size_t k,
                                             std::pair<int, int> prev) {
  const LegSource& src = legs[k];
  const AtomShape& shape = *find_atom(src.letter);
  std::vector<std::pair<int, int>> vectors;
  if (k == 0) {
    for (auto v : vectors_of(shape))
      if (matches(src.directions, src.column, v.first, v.second, shape.b == 0, shape.a == shape.b)) vectors.push_back(v);
  } else {
    vectors = turned(shape, prev, relative_turns(src.directions, src.column, atom.bracket), atom.bracket, src.column);
  }
  std::erase_if(vectors, [&atom](std::pair<int, int> v) {
    const bool orth = v.first == 0 || v.second == 0, diag = std::abs(v.first) == std::abs(v.second);
    return !atom.outer.empty() && !matches(atom.outer, atom.column, v.first, v.second, orth, diag);
  });
  return vectors;
}

// How many paths legs_from() would build from leg k on (after a leg along `prev`), without
// building them: each (leg, previous vector) is counted once, so "aaaaaaaW" costs nothing.
// Saturates far above kMaxPaths.
std::uint64_t count_paths(const Atom& atom, const std::vector<LegSource>& legs, std::size_t k,
                          std::pair<int, int> prev, std::map<std::tuple<std::size_t, int, int>, std::uint64_t>& memo) {
  const auto key = std::make_tuple(k, prev.first, prev.second);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  constexpr std::uint64_t kCap = std::uint64_t(1) << 62;
  std::uint64_t n = 0;
  for (auto v : leg_vectors(atom, legs, k, prev)) {
    if (k + 1 == legs.size()) ++n;
    else n += (k == 0 && atom.may_stop_early ? 1 : 0) + count_paths(atom, legs, k + 1, v, memo);
    n = std::min(n, kCap);
  }
  return memo[key] = n;
}

// After an 'x' leg the friend found there makes the rest of the move, which is recorded as
// induced (by the piece that stays): it may move, and capture where it lands, but nothing else
// (no capture on the way, by either piece; no e.p. capture, destroying or unloading onto a
// friend; no second induction).
void check_induced_legs(const std::vector<LegSource>& legs) {
  const auto has = [](const LegSource& l, const char* letters) {
    return l.modality.find_first_of(letters) != std::string::npos;
  };
  std::size_t x = 0;
  while (x < legs.size() && !has(legs[x], "x")) ++x;
  if (x == legs.size()) return;
  for (std::size_t k = 0; k < legs.size(); ++k)
    if ((k + 1 < legs.size() && has(legs[k], "c")) || (k > x && has(legs[k], "deux")))
      throw Error("a move with 'x' (induction) may only move, or capture where it lands: no 'c' before the "
                  "last leg, and no 'd', 'e', 'u' or second 'x' after the induction",
                  legs[k].column);
}

// Builds every path of a multi-leg atom, leg by leg.
void legs_from(const Atom& atom, const std::vector<LegSource>& legs, std::size_t k, std::pair<int, int> prev,
               int range, fairy::Path& path, int ysign, fairy::PieceProgram& out) {
  const LegSource& src = legs[k];
  const bool last = k + 1 == legs.size();
  const LegMods mods = leg_mods(src.modality, k == 0, last, src.column);
  for (auto v : leg_vectors(atom, legs, k, prev)) {
    fairy::Leg leg{std::int8_t(v.first), std::int8_t(v.second * ysign), std::uint8_t(range), mods.mode, mods.flags};
    if (k == 0) path.virgin_only = mods.virgin;
    path.legs.push_back(leg);
    if (last) {
      out.paths.push_back(path);
    } else {
      if (k == 0 && atom.may_stop_early) {
        fairy::Path stop = path;
        stop.legs.back().mode = fairy::kMove | fairy::kCapture;
        out.paths.push_back(stop);
      }
      const int next_range = legs[k + 1].range;
      legs_from(atom, legs, k + 1, v, mods.toggle_next ? (next_range == 1 ? 0 : 1) : next_range, path, ysign, out);
    }
    path.legs.pop_back();
  }
}

}  // namespace

PieceProgram compile(const std::vector<Atom>& atoms, fairy::Color color) {
  PieceProgram program;
  const int ysign = color == fairy::White ? 1 : -1;
  for (const Atom& atom : atoms) {
    if (atom.letter == 'O') continue;  // castling: see castling_steps()
    const std::size_t before = program.paths.size();
    if (!atom.later.empty()) {
      std::vector<LegSource> legs{{atom.directions, atom.modality, atom.letter, atom.range, atom.column}};
      for (const LegSpec& l : atom.later) legs.push_back({l.directions, l.modality, l.letter, l.range, l.column});
      check_induced_legs(legs);
      std::map<std::tuple<std::size_t, int, int>, std::uint64_t> memo;
      const std::uint64_t paths = count_paths(atom, legs, 0, {0, 0}, memo);
      if (before + paths > std::uint64_t(kMaxPaths))
        throw Error("this move expands to " + std::to_string(paths) + " paths" +
                        (before ? " (after " + std::to_string(before) + " from the moves before it)" : "") +
                        ": a piece may have at most " + std::to_string(kMaxPaths),
                    atom.column);
      if (legs.size() > std::size_t(kMaxLegs))
        throw Error("a move of " + std::to_string(legs.size()) + " legs: at most " + std::to_string(kMaxLegs) +
                        " (three 'a's)",
                    atom.column);
      fairy::Path path;
      path.atom = atom.source;
      legs_from(atom, legs, 0, {0, 0}, atom.range, path, ysign, program);
      if (program.paths.size() == before)
        throw Error("the directions of this multi-leg move select no move", atom.column);
      continue;
    }
    const AtomShape& shape = *find_atom(atom.letter);
    const bool orthogonal = shape.b == 0, diagonal = shape.a == shape.b;
    std::uint8_t mode = 0;
    bool virgin = false, lame = false, hop = false, grasshop = false, crooked = false, circular = false, ski = false;
    for (char m : atom.modality) {
      switch (m) {
        case 'm': mode |= fairy::kMove; break;
        case 'c': mode |= fairy::kCapture; break;
        case 'd': mode |= fairy::kFriend; break;
        case 'e': mode |= fairy::kEnPassant; break;
        case 'i': virgin = true; break;
        case 'n': lame = true; break;
        case 'p': hop = true; break;
        case 'g': grasshop = true; break;
        case 'z': crooked = true; break;
        case 'q': circular = true; break;
        case 'j': ski = true; break;
        case 'u':
          if (atom.modality.find('d') == std::string::npos) throw Error("'u' needs 'd' (unload onto a friend)", atom.column);
          break;
        case 'y': case 'x':
          throw Error(std::string("'") + m + "' applies to a leg before the last of a multi-leg move (use 'a')", atom.column);
      }
    }
    const bool unload = atom.modality.find('u') != std::string::npos;
    if (!(mode & (fairy::kMove | fairy::kCapture | fairy::kFriend | fairy::kEnPassant)))
      mode |= fairy::kMove | fairy::kCapture;
    if (lame && atom.range != 1) throw Error("'n' (lame) applies to a single leap, not a rider", atom.column);
    if (hop && grasshop) throw Error("'p' and 'g' cannot both apply to one atom", atom.column);
    if ((hop || grasshop) && lame) throw Error("'n' cannot combine with 'p' or 'g'", atom.column);
    if (crooked && (lame || hop || grasshop || circular)) throw Error("'z' cannot combine with n, p, g or q", atom.column);
    if (circular && (lame || hop || grasshop)) throw Error("'q' cannot combine with n, p or g", atom.column);
    if (circular && (orthogonal || diagonal)) throw Error("'q' (circular) needs an oblique atom such as N", atom.column);
    if (crooked && !orthogonal && !diagonal) throw Error("'z' (crooked) needs an orthogonal or diagonal atom", atom.column);
    if (ski && (atom.range == 1 || lame || hop || grasshop || crooked || circular))
      throw Error("'j' (skip the first square) applies to a plain slider such as jR or jB", atom.column);
    for (auto [x, y] : vectors_of(shape)) {
      if (!matches(atom.directions, atom.column, x, y, orthogonal, diagonal)) continue;
      const auto leg = [&](int dx, int dy, int range, std::uint8_t m) {
        return Leg{std::int8_t(dx), std::int8_t(dy * ysign), std::uint8_t(range), m};
      };
      const auto add = [&](std::vector<Leg> legs) {
        Path path;
        path.virgin_only = virgin;
        path.atom = atom.source;
        path.legs = std::move(legs);
        program.paths.push_back(std::move(path));
      };
      if (lame) {
        const auto steps = lame_steps(x, y);
        std::vector<Leg> legs;
        for (std::size_t k = 0; k + 1 < steps.size(); ++k) legs.push_back(leg(steps[k].first, steps[k].second, 1, fairy::kMove));
        legs.push_back(leg(steps.back().first, steps.back().second, 1, mode));
        add(legs);
      } else if (hop || grasshop) {
        // Slide to a screen (any piece), jump it, then go on in the same direction: as far as
        // the atom's range allows (p), or exactly one step (g).
        add({leg(x, y, 0, fairy::kHop), leg(x, y, grasshop ? 1 : atom.range, mode)});
      } else if (ski) {
        // The first square is passed whatever stands there; the slide goes on from the next.
        add({leg(x, y, 1, fairy::kMove | fairy::kHop), leg(x, y, atom.range ? atom.range - 1 : 0, mode)});
      } else if (crooked) {
        // A zigzag: every other step turns 90 degrees, to either side.
        for (int side : {1, -1}) {
          Leg l = leg(x, y, atom.range, mode);
          l.flags = fairy::kZigzag;
          l.dx2 = std::int8_t(-y * side);
          l.dy2 = std::int8_t(x * side * ysign);
          add({l});
        }
      } else if (circular) {
        // Leaps around the atom's octagon, turning the same way at every step (up to 7).
        for (int sense : {1, -1}) {
          Leg l = leg(x, y, atom.range <= 1 || atom.range > 7 ? 7 : atom.range, mode);
          l.flags = fairy::kCircle;
          l.dx2 = std::int8_t(sense * ysign);
          add({l});
        }
      } else {
        Leg l = leg(x, y, atom.range, mode);
        if (unload) l.flags = fairy::kUnload;
        add({l});
      }
    }
    if (program.paths.size() == before)
      throw Error("direction modifiers '" + atom.directions + "' select no move of " + atom.letter, atom.column);
    if (program.paths.size() > std::size_t(kMaxPaths))
      throw Error("the moves up to here expand to " + std::to_string(program.paths.size()) +
                      " paths: a piece may have at most " + std::to_string(kMaxPaths),
                  atom.column);
  }
  return program;
}

PieceProgram compile(std::string_view text, fairy::Color color) { return compile(parse(text), color); }

}  // namespace fairygen::betza
