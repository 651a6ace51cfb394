// The mailbox move generator of a variant the bitboard kernel does not cover (janggi, sandbox,
// universal): its pieces' moves walked square by square (generate_piece) and its attack tests
// walked back from the square (attacked_by), the body that templates/mailbox.hpp.in wraps. The
// pieces' shared generators (<stem>.moves.hpp) and walk tables (<stem>.attacks.hpp) are
// recorded in the PieceTables as they are used.
#pragma once

#include <string>

#include "generator/emit/emit.hpp"
#include "generator/emit/paths.hpp"

namespace fairygen::emit {

// The move generator of v, its paths walked from `tables`.
std::string movegen_code(const model::Variant& v, const Options& o, const PieceTables& tables);

}  // namespace fairygen::emit
