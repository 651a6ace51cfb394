#include "runtime/geometry.hpp"

namespace fairy {

std::string Geometry::name(Square s) const {
  if (s == kNoSquare || !on_board(s)) return "-";
  std::string out(1, char('a' + file_of(s)));
  out += std::to_string(rank_of(s) + 1);
  return out;
}

std::pair<Square, int> Geometry::parse(std::string_view text) const {
  if (text.empty() || text[0] < 'a' || text[0] >= 'a' + files) return {kNoSquare, 0};
  const int file = text[0] - 'a';
  int rank = 0, used = 1;
  while (used < int(text.size()) && used <= 2 && text[used] >= '0' && text[used] <= '9') {
    rank = rank * 10 + (text[used] - '0');
    ++used;
  }
  if (used == 1 || rank < 1 || rank > ranks || text[1] == '0') return {kNoSquare, 0};
  return {square(file, rank - 1), used};
}

}  // namespace fairy
