// XBetza's leap atoms and their vectors, in the one order the XBetza compiler gives them
// (generator/betza's vectors_of): generated tables name an atom's run of paths by its atom
// (along_each(like, atoms::N), runtime/program.hpp) instead of writing its vectors out.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace fairy {

// An atom's vector by its legs: a leap of |a| one way and |b| the other (b <= a).
struct AtomShape {
  char letter;
  int a, b;
};
inline constexpr std::array<AtomShape, 9> kAtoms = {{{'W', 1, 0}, {'F', 1, 1}, {'D', 2, 0}, {'N', 2, 1}, {'A', 2, 2},
                                                     {'H', 3, 0}, {'C', 3, 1}, {'Z', 3, 2}, {'G', 3, 3}}};

constexpr const AtomShape* find_atom(char letter) {
  for (const AtomShape& s : kAtoms)
    if (s.letter == letter) return &s;
  return nullptr;
}

// An atom's vectors (White's view: y forward, x to the right): 4 for an orthogonal or diagonal
// atom, 8 for an oblique one, forward first (y from high to low, then x from low to high), so
// that generated code and move lists keep one order.
struct AtomVectors {
  std::array<std::array<int, 2>, 8> vector{};
  int count = 0;
};
constexpr AtomVectors atom_vectors(const AtomShape& s) {
  AtomVectors out;
  for (int sx : {1, -1})
    for (int sy : {1, -1})
      for (bool swap : {false, true}) {
        const std::array<int, 2> v = {(swap ? s.b : s.a) * sx, (swap ? s.a : s.b) * sy};
        bool known = false;
        for (int i = 0; i < out.count; ++i) known = known || out.vector[i] == v;
        if (known) continue;
        int at = out.count;  // insertion sort by (-y, x)
        while (at > 0 && (out.vector[at - 1][1] < v[1] || (out.vector[at - 1][1] == v[1] && out.vector[at - 1][0] > v[0]))) {
          out.vector[at] = out.vector[at - 1];
          --at;
        }
        out.vector[at] = v;
        ++out.count;
      }
  return out;
}

// The vectors an atom's name in generated code stands for: an atom's own, and K's, W's then F's
// (as XBetza's K is compiled; Q's slides share them).
constexpr AtomVectors named_vectors(char letter) {
  if (letter != 'K') return atom_vectors(*find_atom(letter));
  const AtomVectors w = atom_vectors(*find_atom('W')), f = atom_vectors(*find_atom('F'));
  AtomVectors out;
  for (int i = 0; i < 4; ++i) out.vector[i] = w.vector[i], out.vector[4 + i] = f.vector[i];
  out.count = 8;
  return out;
}

// The letters generated code names (atoms::W ... below).
inline constexpr std::string_view kNamedAtoms = "WFKDNAHCZG";

namespace atoms {

// named_vectors(letter) as a table along_each takes.
template <char letter>
inline constexpr auto kVectors = [] {
  constexpr AtomVectors v = named_vectors(letter);
  std::array<std::array<int, 2>, v.count> out{};
  for (int i = 0; i < v.count; ++i) out[i] = v.vector[i];
  return out;
}();

inline constexpr const auto& W = kVectors<'W'>;
inline constexpr const auto& F = kVectors<'F'>;
inline constexpr const auto& K = kVectors<'K'>;
inline constexpr const auto& D = kVectors<'D'>;
inline constexpr const auto& N = kVectors<'N'>;
inline constexpr const auto& A = kVectors<'A'>;
inline constexpr const auto& H = kVectors<'H'>;
inline constexpr const auto& C = kVectors<'C'>;
inline constexpr const auto& Z = kVectors<'Z'>;
inline constexpr const auto& G = kVectors<'G'>;

// Each vector turned round: the steps back along an atom's vectors (attack walks, which go from
// the attacked square back to the attacker).
template <std::size_t n>
constexpr std::array<std::array<int, 2>, n> opposite(const std::array<std::array<int, 2>, n>& vectors) {
  std::array<std::array<int, 2>, n> out{};
  for (std::size_t i = 0; i < n; ++i) out[i] = {-vectors[i][0], -vectors[i][1]};
  return out;
}

}  // namespace atoms

}  // namespace fairy
