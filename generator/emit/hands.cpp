#include "generator/emit/hands.hpp"

namespace fairygen::emit {

void hand_piece_fields(const fairy::PieceInfo& piece, Fields& fields) {
  if (piece.mark) fields.set("mark", std::string("'") + piece.mark + "'");  // '+' or '~'
  if (piece.unpromoted >= 0) fields.set("unpromoted", piece.unpromoted);
}

}  // namespace fairygen::emit
