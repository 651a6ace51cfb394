// The compiled XBetza paths the bitboard kernel runs, by shape. fairygen's coverage test
// (generator/model/coverage.cpp) and the kernel's table builders (pieces.hpp) both classify
// paths with these functions, so "covered" means exactly "the kernel knows this shape".
#pragma once

#include <cstdint>
#include <span>

#include "runtime/bitboard/grid.hpp"
#include "runtime/program.hpp"

namespace fairy::bitboard {

inline constexpr int kMaxVirginSlide = 4;  // steps of a slide only an unmoved piece makes

enum class PathShape : std::uint8_t {
  Leap,       // one leap along any vector: move (m), capture (c), e.p. capture (e); not m and e
  Slide,      // one slide along a queen direction, unlimited or up to `range`: m and/or c
  Lame,       // unit-step legs through empty squares to a move-only landing (XBetza n: fmnD)
  VirginSlide,  // a move-only slide of limited range that only an unmoved piece makes (ifmW3)
  Bent,       // a leap to an empty square, then a slide along a queen direction: m and/or c
              // (v[F?R]; of range 1, a lame leap that captures: the horse's nN); never back over
              // the square it started from
  Hop,        // a slide to a screen (any piece), then on along the same queen direction beyond
              // it, unlimited or up to `range` steps: m and/or c (cpR cannon, pB, gQ)
  Uncovered,  // anything else: hoppers that turn or stop short, locusts, friendly captures, circular riders, ...
};

constexpr bool only_modes(std::uint8_t mode, std::uint8_t allowed) { return mode != 0 && (mode & ~allowed) == 0; }

constexpr PathShape shape_of(std::span<const Leg> legs, bool virgin_only) {
  if (legs.empty()) return PathShape::Uncovered;
  for (const Leg& l : legs)
    if (l.flags != 0) return PathShape::Uncovered;
  const Leg& first = legs.front();
  if (legs.size() == 1 && first.range == 1 && (first.dx || first.dy))
    return only_modes(first.mode, kMove | kCapture | kEnPassant) && !((first.mode & kMove) && (first.mode & kEnPassant))
               ? PathShape::Leap  // (a leg that may move or take e.p. does only the latter on an e.p. square)
               : PathShape::Uncovered;
  if (legs.size() == 1) {  // a slide; one that only an unmoved piece may make must be short and only move
    if (direction_of(first.dx, first.dy) == kNoDirection || !only_modes(first.mode, kMove | kCapture))
      return PathShape::Uncovered;
    if (!virgin_only) return PathShape::Slide;
    return first.mode == kMove && first.range > 1 && first.range <= kMaxVirginSlide ? PathShape::VirginSlide
                                                                                    : PathShape::Uncovered;
  }
  if (legs.size() == 2 && first.range == 1 && first.mode == kMove && (first.dx || first.dy) && !virgin_only) {
    const Leg& slide = legs[1];
    const bool returns = slide.dx * first.dy == slide.dy * first.dx && slide.dx * first.dx + slide.dy * first.dy < 0;
    // (A step that only moves is a lame leap's, below; one that captures, as the xiangqi
    // horse's nN, a bent slide of range 1.)
    if ((slide.range != 1 || (slide.mode & kCapture)) && direction_of(slide.dx, slide.dy) != kNoDirection &&
        only_modes(slide.mode, kMove | kCapture))
      return returns ? PathShape::Uncovered : PathShape::Bent;
  }
  if (legs.size() == 2 && first.range == 0 && first.mode == kHop && !virgin_only) {
    const Leg& beyond = legs[1];
    if (beyond.dx == first.dx && beyond.dy == first.dy && direction_of(first.dx, first.dy) != kNoDirection)
      return only_modes(beyond.mode, kMove | kCapture) ? PathShape::Hop : PathShape::Uncovered;
  }
  for (const Leg& l : legs)
    if (l.range != 1 || l.mode != kMove || (l.dx == 0 && l.dy == 0)) return PathShape::Uncovered;
  return legs.size() <= kMaxLegs ? PathShape::Lame : PathShape::Uncovered;
}

constexpr PathShape shape_of(const PathDesc& p) { return shape_of(p.used_legs(), p.virgin_only); }

constexpr const char* shape_name(PathShape shape) {
  switch (shape) {
    case PathShape::Leap: return "leap";
    case PathShape::Slide: return "slide";
    case PathShape::Lame: return "lame leap";
    case PathShape::VirginSlide: return "virgin slide";
    case PathShape::Bent: return "bent slide";
    case PathShape::Hop: return "hop";
    case PathShape::Uncovered: break;
  }
  return "uncovered";
}

// The vector from where a path starts to where it lands (for leaps and lame leaps).
struct Vector {
  int dx = 0, dy = 0;
  friend constexpr bool operator==(const Vector&, const Vector&) = default;
};
constexpr Vector landing(std::span<const Leg> legs) {
  Vector v;
  for (const Leg& l : legs) v.dx += l.dx, v.dy += l.dy;
  return v;
}

}  // namespace fairy::bitboard
