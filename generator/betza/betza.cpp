#include "generator/betza/betza.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <tuple>

namespace fairygen::betza {

using fairy::Leg;
using fairy::Path;
using fairy::PieceProgram;

namespace {

constexpr std::string_view kDirectionLetters = "fblrvsh";
constexpr std::string_view kModalityLetters = "mcdeinpg";
// Letters that belong to XBetza but that this compiler does not execute yet: named so that the
// message says "not supported" rather than "unknown", and never silently skipped.
constexpr std::string_view kReservedLetters = "ajyqzoux";

struct AtomShape {
  char letter;
  int a, b;  // |long|, |short| leg of the vector
};
constexpr AtomShape kAtoms[] = {{'W', 1, 0}, {'F', 1, 1}, {'D', 2, 0}, {'N', 2, 1}, {'A', 2, 2},
                                {'H', 3, 0}, {'C', 3, 1}, {'Z', 3, 2}, {'G', 3, 3}};

const AtomShape* find_atom(char c) {
  for (const AtomShape& s : kAtoms)
    if (s.letter == c) return &s;
  return nullptr;
}

bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string quoted(char c) { return std::string("'") + c + "'"; }

}  // namespace

std::vector<Atom> parse(std::string_view text) {
  if (text.empty()) throw Error("empty XBetza string", 1);
  std::vector<Atom> out;
  std::string directions, modality;
  int prefix_column = 0;  // column of the first pending modifier
  int source = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const char ch = text[i];
    const int column = int(i) + 1;
    if (is_lower(ch)) {
      if (!prefix_column) prefix_column = column;
      if (kDirectionLetters.find(ch) != std::string_view::npos)
        directions += ch;
      else if (kModalityLetters.find(ch) != std::string_view::npos)
        modality += ch;
      else if (kReservedLetters.find(ch) != std::string_view::npos)
        throw Error("XBetza modifier " + quoted(ch) + " is not supported yet", column);
      else
        throw Error("unknown XBetza modifier " + quoted(ch), column);
      ++i;
      continue;
    }
    if (ch == '[') throw Error("the bracket form [..] is not supported yet", column);
    if (!is_upper(ch)) throw Error("unexpected character " + quoted(ch) + " in XBetza", column);
    if (ch == 'J' || ch == 'L')
      throw Error("atom " + quoted(ch) + " is ambiguous (XBoard and Fairy-Stockfish disagree): write " +
                      (ch == 'J' ? "Z for the (3,2) leaper or D for the (2,0) leaper" : "C for the (3,1) leaper"),
                  column);
    if (ch == 'O') throw Error("castling 'O' is declared with the variant's castling: key for now", column);

    // The atom, then a range: digits, or the same letter doubled (a rider).
    ++i;
    int range = 1;
    bool explicit_range = false;
    if (i < text.size() && text[i] == ch) {
      range = 0;
      explicit_range = true;
      ++i;
    } else if (i < text.size() && is_digit(text[i])) {
      range = 0;
      int digits = 0;
      while (i < text.size() && is_digit(text[i])) {
        range = range * 10 + (text[i] - '0');
        if (++digits > 2) throw Error("range too long", int(i) + 1);
        ++i;
      }
      explicit_range = true;
    }
    auto emit = [&](char letter, int r) {
      Atom atom;
      atom.directions = directions;
      atom.modality = modality;
      atom.letter = letter;
      atom.range = r;
      atom.column = column;
      atom.source = source;
      out.push_back(atom);
    };
    switch (ch) {
      case 'K': emit('W', range); emit('F', range); break;
      case 'Q':
        emit('W', explicit_range ? range : 0);
        emit('F', explicit_range ? range : 0);
        break;
      case 'R': emit('W', explicit_range ? range : 0); break;
      case 'B': emit('F', explicit_range ? range : 0); break;
      default:
        if (!find_atom(ch)) throw Error("unknown XBetza atom " + quoted(ch), column);
        emit(ch, range);
    }
    ++source;
    directions.clear();
    modality.clear();
    prefix_column = 0;
  }
  if (prefix_column) throw Error("modifiers with no atom after them", prefix_column);
  return out;
}

namespace {

// Direction letters select among an atom's vectors (White's view, y forward, x to the right).
// Single letters are half-planes (f: y > 0 ...); v and s pick the vertical/sideways ones (for
// oblique atoms the narrow/wide ones). A pair of a vertical and a horizontal letter on a
// diagonal or oblique atom is their intersection (fr on F is one vector; fr on N is the one
// whose long leg is forward, rf the one whose long leg is to the right; ff/fs on N are the
// narrow/wide forward pairs). On orthogonal atoms every letter just adds its vector (fsW).
bool matches_letter(char d, int x, int y, bool orthogonal, bool diagonal) {
  switch (d) {
    case 'f': return y > 0;
    case 'b': return y < 0;
    case 'l': return x < 0;
    case 'r': return x > 0;
    case 'v': return orthogonal ? x == 0 : diagonal || std::abs(y) > std::abs(x);
    case 's': return orthogonal ? y == 0 : diagonal || std::abs(x) > std::abs(y);
  }
  return false;
}

bool is_vertical(char d) { return d == 'f' || d == 'b' || d == 'v'; }
bool is_horizontal(char d) { return d == 'l' || d == 'r' || d == 's'; }

bool matches(const std::string& dirs, int column, int x, int y, bool orthogonal, bool diagonal) {
  if (dirs.empty()) return true;
  std::size_t i = 0;
  while (i < dirs.size()) {
    const char d = dirs[i];
    if (d == 'h') throw Error("direction 'h' is not supported yet", column);
    // A pair: a vertical and a horizontal letter (either order), or a doubled letter.
    if (!orthogonal && i + 1 < dirs.size()) {
      const char e = dirs[i + 1];
      const bool cross = (is_vertical(d) && is_horizontal(e)) || (is_horizontal(d) && is_vertical(e));
      const bool same_axis = (d == e) || (d == 'f' && e == 'v') || (d == 'b' && e == 'v') ||
                             (d == 'l' && e == 's') || (d == 'r' && e == 's');
      if ((cross || same_axis) && d != 'v' && d != 's') {
        bool hit = matches_letter(d, x, y, orthogonal, diagonal) && matches_letter(e, x, y, orthogonal, diagonal);
        if (!diagonal) {
          if (cross && (e == 'l' || e == 'r' || e == 'f' || e == 'b'))  // the first letter names the long leg
            hit = hit && (is_vertical(d) ? std::abs(y) > std::abs(x) : std::abs(x) > std::abs(y));
          if (same_axis) hit = hit && (is_vertical(d) ? std::abs(y) > std::abs(x) : std::abs(x) > std::abs(y));
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

std::vector<std::pair<int, int>> vectors_of(const AtomShape& s) {
  std::vector<std::pair<int, int>> v;
  for (int sx : {1, -1})
    for (int sy : {1, -1})
      for (bool swap : {false, true}) {
        const int x = (swap ? s.b : s.a) * sx, y = (swap ? s.a : s.b) * sy;
        if (std::find(v.begin(), v.end(), std::make_pair(x, y)) == v.end()) v.emplace_back(x, y);
      }
  // A fixed order: forward first, then clockwise, so generated code and move lists are stable.
  std::sort(v.begin(), v.end(), [](auto p, auto q) {
    auto key = [](std::pair<int, int> a) { return std::make_tuple(-a.second, a.first); };
    return key(p) < key(q);
  });
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

PieceProgram compile(const std::vector<Atom>& atoms, fairy::Color color) {
  PieceProgram program;
  for (const Atom& atom : atoms) {
    const AtomShape& shape = *find_atom(atom.letter);
    const bool orthogonal = shape.b == 0, diagonal = shape.a == shape.b;
    std::uint8_t mode = 0;
    bool virgin = false, lame = false, hop = false, grasshop = false;
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
      }
    }
    if (!(mode & (fairy::kMove | fairy::kCapture | fairy::kFriend | fairy::kEnPassant)))
      mode |= fairy::kMove | fairy::kCapture;
    if (lame && atom.range != 1) throw Error("'n' (lame) applies to a single leap, not a rider", atom.column);
    if (hop && grasshop) throw Error("'p' and 'g' cannot both apply to one atom", atom.column);
    if ((hop || grasshop) && lame) throw Error("'n' cannot combine with 'p' or 'g'", atom.column);
    const int ysign = color == fairy::White ? 1 : -1;
    bool any = false;
    for (auto [x, y] : vectors_of(shape)) {
      if (!matches(atom.directions, atom.column, x, y, orthogonal, diagonal)) continue;
      any = true;
      Path path;
      path.virgin_only = virgin;
      path.atom = atom.source;
      const auto leg = [&](int dx, int dy, int range, std::uint8_t m) {
        return Leg{std::int8_t(dx), std::int8_t(dy * ysign), std::uint8_t(range), m};
      };
      if (lame) {
        const auto steps = lame_steps(x, y);
        for (std::size_t k = 0; k + 1 < steps.size(); ++k) path.legs.push_back(leg(steps[k].first, steps[k].second, 1, fairy::kMove));
        path.legs.push_back(leg(steps.back().first, steps.back().second, 1, mode));
      } else if (hop || grasshop) {
        // Slide to a screen (any piece), jump it, then go on in the same direction: as far as
        // the atom's range allows (p), or exactly one step (g).
        path.legs.push_back(leg(x, y, 0, fairy::kHop));
        path.legs.push_back(leg(x, y, grasshop ? 1 : atom.range, mode));
      } else {
        path.legs.push_back(leg(x, y, atom.range, mode));
      }
      program.paths.push_back(std::move(path));
    }
    if (!any) throw Error("direction modifiers '" + atom.directions + "' select no move of " + atom.letter, atom.column);
  }
  return program;
}

PieceProgram compile(std::string_view text, fairy::Color color) { return compile(parse(text), color); }

}  // namespace fairygen::betza
