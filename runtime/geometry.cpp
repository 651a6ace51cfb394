#include "runtime/geometry.hpp"

namespace fairy {

std::string Geometry::name(Square s) const {
  if (s == kNoSquare || !on_board(s)) return "-";
  std::string out(1, char('a' + file_of(s)));
  out += std::to_string(rank_of(s) + 1);
  return out;
}

}  // namespace fairy
