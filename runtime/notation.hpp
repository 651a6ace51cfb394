// Game Courier notation (the "How to Move Pieces" section of every seed page), in and out.
//
//   P e2-e4          a move: the piece's label (optional on input, checked when given), from-to
//   P e7-e8; Q-e8    a promotion: the new piece's label "goes directly to" the square
//   K e1-g1          castling, written as the King's move; e.p. as the Pawn's move
//   L e4-g6; @-f5    a capture on the way (also "e4-" for the removal, or leg by leg:
//                    "L e4-f5; L f5-g6")
//   N f6-i3; P-f6    a swap (the second part is optional on input)
//   H-d1             a drop of the reserve's next piece; "pass" ends a turn early
//   N b1-c3; H-b1    gating: a piece from the hand enters the square the move left (castling:
//                    "K e1-g1; H-h1" onto the Rook's square)
//   P c6-c7; +P-c7   a shogi-style promotion; a promoted piece's label is "+P" (its '+' optional
//                    on input): "+L a1-a2; L-a2" a Kyoto shogi face turning back
//   P-e4, +L-c3      a drop from a hand, "+L" dropped as its promoted type (drop_promoted)
// Several plies of one turn (Extra Move Chess, a move and a drop) are joined by "; ".
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/engine.hpp"

namespace fairy {

// Why a move was refused; `token` is the part of the input it is about.
struct NotationError : std::runtime_error {
  NotationError(const std::string& why, std::string token) : std::runtime_error(why), token(std::move(token)) {}
  std::string token;
};

// The piece's name for messages: "Knight", "Silver Pashtun".
std::string piece_name(const VariantInfo& v, int type);

// One ply in Game Courier notation.
std::string to_gc(const Position& pos, const Move& m);

// Reads the plies of one turn of the side to move and plays them on pos; returns how many.
// Throws NotationError (and leaves pos as it was) when the text is garbled or a move illegal.
int play_gc_turn(Position& pos, const Engine& engine, std::string_view text);

// One ply: the legal move the text (one or more ';'-parts of a single ply) denotes.
Move parse_gc_ply(Position& pos, const Engine& engine, const std::vector<std::string>& parts, std::size_t& used);

// Coordinates as Fairy-Stockfish writes them (e2e4, a7a8q, P@e1, pass).
Move parse_uci(Position& pos, const Engine& engine, std::string_view text);

}  // namespace fairy
