#include "runtime/notation.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "runtime/uci.hpp"

namespace fairy {

namespace {

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

std::vector<std::string> split_parts(std::string_view text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t semi = text.find(';', start);
    parts.push_back(trim(text.substr(start, semi == std::string_view::npos ? std::string_view::npos : semi - start)));
    if (semi == std::string_view::npos) break;
    start = semi + 1;
  }
  return parts;
}

std::string side_name(Color c) { return c == White ? "White" : "Black"; }

// One ';'-part, read but not yet matched against the position.
struct Part {
  enum Kind { Move, Place, Remove, Pass, By } kind;
  char label = 0;          // Move: optional label; Place: the piece's label
  Square from = kNoSquare;  // Move
  Square to = kNoSquare;    // Move: destination; Place: square; Remove: square
  bool plus = false;        // Place: "+P", a promoted piece (shogi)
};

Square square_or_throw(const Geometry& g, const std::string& token, const std::string& whole) {
  const auto [s, used] = g.parse(token);
  if (used == 0 || used != int(token.size()))
    throw NotationError("no square '" + token + "' on this " + std::to_string(g.files) + "x" +
                            std::to_string(g.ranks) + " board",
                        whole);
  return s;
}

bool looks_like_square(const std::string& t) {
  return t.size() >= 2 && std::islower(static_cast<unsigned char>(t[0])) && std::isdigit(static_cast<unsigned char>(t[1]));
}

Part read_part(const Geometry& g, const std::string& text) {
  const std::string hint = "expected a move like 'P e2-e4', 'e2-e4', 'Q-e8', '@-e4' or 'pass'";
  if (text.empty()) throw NotationError("empty move: " + hint, text);
  if (text == "pass") return {Part::Pass};
  if (text.rfind("by ", 0) == 0) return {Part::By, 0, kNoSquare, square_or_throw(g, trim(text.substr(3)), text)};
  const auto dash = text.find('-');
  if (dash == std::string::npos) {
    if (text.size() >= 4 && looks_like_square(text))
      throw NotationError("'" + text + "' looks like coordinate notation; Game Courier writes moves as 'e2-e4'", text);
    throw NotationError("cannot read '" + text + "': " + hint, text);
  }
  const std::string left = trim(std::string_view(text).substr(0, dash)), right = trim(std::string_view(text).substr(dash + 1));
  if (right.empty()) {  // "e4-": remove the piece on e4
    if (!looks_like_square(left)) throw NotationError("cannot read '" + text + "': " + hint, text);
    return {Part::Remove, 0, kNoSquare, square_or_throw(g, left, text)};
  }
  if (!looks_like_square(right)) throw NotationError("cannot read '" + text + "': " + hint, text);
  const Square to = square_or_throw(g, right, text);
  if (left == "@") return {Part::Remove, 0, kNoSquare, to};
  if (left.size() == 1 && std::isalpha(static_cast<unsigned char>(left[0])) && !looks_like_square(left))
    return {Part::Place, left[0], kNoSquare, to};
  if (left.size() == 2 && left[0] == '+' && std::isalpha(static_cast<unsigned char>(left[1])))
    return {Part::Place, left[1], kNoSquare, to, true};
  // "[label ]from"; the label "+L" for a promoted piece (shogi)
  std::string from_text = left;
  char label = 0;
  bool plus = false;
  if (left.size() >= 4 && left[0] == '+' && std::isalpha(static_cast<unsigned char>(left[1])) && left[2] == ' ') {
    label = left[1];
    plus = true;
    from_text = trim(std::string_view(left).substr(3));
  } else if (left.size() >= 3 && std::isalpha(static_cast<unsigned char>(left[0])) && left[1] == ' ') {
    label = left[0];
    from_text = trim(std::string_view(left).substr(2));
  }
  if (!looks_like_square(from_text)) throw NotationError("cannot read '" + text + "': " + hint, text);
  return {Part::Move, label, square_or_throw(g, from_text, text), to, plus};
}

// How Game Courier names a piece placed by a promotion: its letter, "+P" for a shogi-style
// promoted piece (crazyhouse's Q~ is a Q).
std::string placed_label(const Position& pos, int type) {
  const std::string letter(1, pos.variant().letter_of(make_piece(pos.side_to_move(), type)));
  return pos.variant().pieces[type].mark == '+' ? "+" + letter : letter;
}

std::string choices(const Position& pos, const std::vector<Move>& moves) {
  std::string out;
  for (const Move& m : moves)
    if (m.promo) out += (out.empty() ? "" : ", ") + placed_label(pos, m.promo - 1);
  return out;
}

// A drop from a hand: "P-e4" (hands: in the spec); "+L-c3" a drop as the promoted type (drop_promoted).
Move parse_hand_drop(const Position& pos, const MoveList& legal, const Part& part, const std::string& text) {
  const VariantInfo& v = pos.variant();
  const int type = v.type_of_token(char(std::toupper(static_cast<unsigned char>(part.label))), part.plus ? '+' : 0);
  const int held = type < 0 ? -1 : v.hand_type[type];
  if (type < 0 || (held != type && v.drop_face[held] != type))
    throw NotationError(std::string("no piece ") + (part.plus ? "+" : "") + part.label + " can be dropped in " + v.key, text);
  if (pos.in_hand(pos.side_to_move(), held) == 0)
    throw NotationError(side_name(pos.side_to_move()) + " has no " + piece_name(v, held) + " in hand", text);
  for (const Move& m : legal)
    if (m.kind == MoveKind::Drop && m.promo == type + 1 && m.to == part.to) return m;
  throw NotationError("cannot drop a " + piece_name(v, type) + " on " + v.geo.name(part.to) +
                          " (occupied, not allowed there, or it leaves the royal piece attacked)",
                      text);
}

// How Game Courier names the piece that moves: its letter, "+P" for a shogi-style promoted piece.
std::string mover_label(const Position& pos, Piece p) {
  const std::string letter(1, pos.variant().letter_of(p));
  return pos.variant().pieces[type_of(p)].mark == '+' ? "+" + letter : letter;
}

}  // namespace

std::string piece_name(const VariantInfo& v, int type) {
  std::string out;
  bool up = true;
  for (char ch : v.pieces[type].name) {
    if (ch == '_') {
      out += ' ';
      up = true;
      continue;
    }
    out += up ? char(std::toupper(static_cast<unsigned char>(ch))) : ch;
    up = false;
  }
  return out;
}

std::string to_gc(const Position& pos, const Move& m) {
  const Geometry& g = pos.geo();
  const VariantInfo& v = pos.variant();
  if (m.kind == MoveKind::Pass) return "pass";
  if (m.kind == MoveKind::Drop) return placed_label(pos, m.promo - 1) + "-" + g.name(m.to);
  std::string s = mover_label(pos, pos.at(m.from)) + " " + g.name(m.from) + "-" + g.name(m.to);
  if (m.promo) s += "; " + placed_label(pos, m.promo - 1) + "-" + g.name(m.to);
  if (m.kind == MoveKind::Locust) s += "; @-" + g.name(m.aux1);
  if (m.kind == MoveKind::Swap) s += "; " + std::string(1, v.letter_of(pos.at(m.to))) + "-" + g.name(m.from);
  if (m.kind == MoveKind::Induced) s += "; by " + g.name(m.aux1);
  // Castling where the royal piece moves one square or none (a King on f1 or g1 castling to g1):
  // the partner's move too, "K f1-g1; R h1-f1", so it is not read as the royal piece's step.
  if (m.kind == MoveKind::Castling && std::abs(g.file_of(m.to) - g.file_of(m.from)) <= 1)
    s += "; " + mover_label(pos, pos.at(m.aux1)) + " " + g.name(m.aux1) + "-" + g.name(m.aux2);
  if (m.gate) s += "; " + std::string(1, v.letter_of(make_piece(pos.side_to_move(), gate_type(m.gate)))) + "-" + g.name(gate_square(m));
  return s;
}

Move parse_gc_ply(Position& pos, const Engine& engine, const std::vector<std::string>& parts, std::size_t& used) {
  const VariantInfo& v = pos.variant();
  const Geometry& g = v.geo;
  const Color us = pos.side_to_move();
  const std::string& text = parts[used];
  const Part first = read_part(g, text);
  MoveList legal;
  engine.legal_moves(pos, legal);

  if (first.kind == Part::Pass) {
    for (const Move& m : legal)
      if (m.kind == MoveKind::Pass) return ++used, m;
    throw NotationError("cannot pass now: " + side_name(us) + " must move", text);
  }
  if (first.kind == Part::Remove)
    throw NotationError("'" + text + "' only removes a piece: that is part of a move (a capture on the way), not a move", text);
  if (first.kind == Part::By)
    throw NotationError("'" + text + "' only names the piece that pushes: that is part of an induced move, not a move", text);
  if (first.kind == Part::Place && v.hands.enabled) return ++used, parse_hand_drop(pos, legal, first, text);
  if (first.kind == Part::Place) {
    const bool any_drop = std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.kind == MoveKind::Drop; });
    if (!any_drop) throw NotationError("no drop is possible now (it needs a credit, a reserve piece and an empty square)", text);
    const char next = v.letter_of(make_piece(us, pos.reserve_front(us)));
    if (first.label != next) throw NotationError(std::string("the next reserve piece is ") + next + ", not " + first.label, text);
    for (const Move& m : legal)
      if (m.kind == MoveKind::Drop && m.to == first.to) return ++used, m;
    throw NotationError("cannot drop on " + g.name(first.to) + ": only on an empty square of the first rank", text);
  }

  // A move: check the piece, then match the legal moves.
  const Piece piece = pos.at(first.from);
  if (!is_color(piece, White) && !is_color(piece, Black)) throw NotationError("no piece on " + g.name(first.from), text);
  const std::string name = piece_name(v, type_of(piece));
  if (color_of(piece) != us)
    throw NotationError("it is " + side_name(us) + "'s move; " + g.name(first.from) + " holds a " +
                            (us == White ? "black " : "white ") + name,
                        text);
  // On input a promoted piece's label may leave out its '+' ("P c7-c8" for a tokin).
  if (first.label && (first.label != v.letter_of(piece) || (first.plus && v.pieces[type_of(piece)].mark != '+')))
    throw NotationError("the piece on " + g.name(first.from) + " is a " + name + " (" + mover_label(pos, piece) + "), not " +
                            (first.plus ? "+" : "") + first.label,
                        text);
  ++used;
  Square to = first.to, via = kNoSquare;
  // A later leg written as a move of the same piece: "L e4-f5; L f5-g6".
  if (used < parts.size()) {
    const Part next = read_part(g, parts[used]);
    if (next.kind == Part::Move && next.from == first.to && (!next.label || next.label == v.letter_of(piece))) {
      via = first.to;
      to = next.to;
      ++used;
    }
  }
  std::vector<Move> found;
  for (const Move& m : legal)
    if ((m.from == first.from && m.to == to && m.kind != MoveKind::Drop) ||
        (m.kind == MoveKind::Swap && m.from == to && m.to == first.from))  // started by the partner
      found.push_back(m);
  if (via != kNoSquare)
    std::erase_if(found, [via](const Move& m) { return !(m.kind == MoveKind::Locust && m.aux1 == via); });

  // Side-effect parts: promotion, removal, swap partner.
  char promote = 0;
  bool promote_plus = false;
  Square removed = kNoSquare, inducer = kNoSquare, gate_at = kNoSquare;
  char gate = 0;
  bool castling_partner = false;
  while (used < parts.size()) {
    const Part p = read_part(g, parts[used]);
    if (p.kind == Part::Place && p.to == to) promote = p.label, promote_plus = p.plus;
    else if (p.kind == Part::Place && v.hands.gating && !p.plus && gate_at == kNoSquare) gate = p.label, gate_at = p.to;
    else if (p.kind == Part::Place && p.to == first.from) {  // swap partner: checked by matching
      const Piece partner = pos.at(to);
      // "A a1-c3; H-a1": with drops, a piece placed on the square a non-swap just left is the
      // next ply's drop.
      const bool swap = std::any_of(found.begin(), found.end(), [](const Move& m) { return m.kind == MoveKind::Swap; });
      if (v.drops.enabled && !swap) break;
      if (!is_color(partner, White) && !is_color(partner, Black))
        throw NotationError("no piece on " + g.name(to) + " to change places with", parts[used]);
      if (p.label != v.letter_of(partner))
        throw NotationError(std::string("the piece on ") + g.name(to) + " is " + v.letter_of(partner) + ", not " + p.label,
                            parts[used]);
    } else if (p.kind == Part::Move && std::any_of(found.begin(), found.end(), [&p](const Move& m) {
                 return m.kind == MoveKind::Castling && m.aux1 == p.from && m.aux2 == p.to;
               })) {  // castling's partner: "K f1-g1; R h1-f1"
      castling_partner = true;
    } else if (p.kind == Part::Remove) removed = p.to;
    else if (p.kind == Part::By) inducer = p.to;
    else break;
    ++used;
  }
  if (found.empty()) {
    MoveList pseudo;
    engine.pseudo_moves(pos, pseudo);
    for (const Move& m : pseudo)
      if (m.from == first.from && m.to == to) {
        if (m.kind == MoveKind::Castling)
          throw NotationError("castling is not allowed out of, through or into check", text);
        throw NotationError("illegal: it would leave " + side_name(us) + "'s royal piece attacked", text);
      }
    throw NotationError("a " + name + " cannot go from " + g.name(first.from) + " to " + g.name(to) +
                            " (not one of its moves, or the way is blocked)",
                        text);
  }
  // The partner's move written: castling; without it, castling only if no plain move matches.
  if (castling_partner) std::erase_if(found, [](const Move& m) { return m.kind != MoveKind::Castling; });
  else if (std::any_of(found.begin(), found.end(), [](const Move& m) { return m.kind == MoveKind::Normal; }))
    std::erase_if(found, [](const Move& m) { return m.kind == MoveKind::Castling; });
  // "by sq": a move the piece on sq induces; without it, the piece's own move (or castling).
  if (inducer != kNoSquare) {
    std::erase_if(found, [inducer](const Move& m) { return !(m.kind == MoveKind::Induced && m.aux1 == inducer); });
    if (found.empty()) throw NotationError("the piece on " + g.name(inducer) + " cannot push this piece there", text);
  } else if (std::any_of(found.begin(), found.end(), [](const Move& m) { return m.kind != MoveKind::Induced; })) {
    std::erase_if(found, [](const Move& m) { return m.kind == MoveKind::Induced; });
  }
  if (removed != kNoSquare) {
    std::erase_if(found, [removed](const Move& m) {
      return !((m.kind == MoveKind::Locust || m.kind == MoveKind::EnPassant) && m.aux1 == removed);
    });
    if (found.empty()) throw NotationError("this move removes nothing on " + g.name(removed), text);
  } else if (std::any_of(found.begin(), found.end(), [](const Move& m) { return m.kind != MoveKind::Locust; })) {
    std::erase_if(found, [](const Move& m) { return m.kind == MoveKind::Locust; });
  }
  if (gate_at != kNoSquare) {  // gating: "N b1-c3; H-b1"
    std::erase_if(found, [&](const Move& m) {
      return !m.gate || gate_square(m) != gate_at || v.letter_of(make_piece(us, gate_type(m.gate))) != gate;
    });
    if (found.empty())
      throw NotationError(std::string("cannot gate ") + gate + " on " + g.name(gate_at) +
                              " with this move (it needs the piece in hand and the square's gating right)",
                          text);
  } else {
    std::erase_if(found, [](const Move& m) { return m.gate != 0; });
  }
  const bool all_promote = std::all_of(found.begin(), found.end(), [](const Move& m) { return m.promo != 0; });
  if (promote) {
    const auto it = std::find_if(found.begin(), found.end(), [&](const Move& m) {
      return m.promo && v.letter_of(make_piece(us, m.promo - 1)) == promote &&
             (v.pieces[m.promo - 1].mark == '+') == promote_plus;
    });
    if (it != found.end()) return *it;
    if (std::none_of(found.begin(), found.end(), [](const Move& m) { return m.promo != 0; }))
      throw NotationError("no promotion on this move", text);
    throw NotationError(std::string("cannot promote to ") + (promote_plus ? "+" : "") + promote + " here (choices: " +
                            choices(pos, found) + ")",
                        text);
  }
  if (all_promote) throw NotationError("promotion required: add one of " + choices(pos, found) + ", e.g. '" +
                                           placed_label(pos, found.front().promo - 1) + "-" + g.name(to) + "'",
                                       text);
  for (const Move& m : found)
    if (!m.promo) return m;
  return found.front();
}

int play_gc_turn(Position& pos, const Engine& engine, std::string_view text) {
  const std::vector<std::string> parts = split_parts(text);
  const Color side = pos.side_to_move();
  int plies = 0;
  try {
    std::size_t used = 0;
    while (used < parts.size()) {
      if (pos.side_to_move() != side)
        throw NotationError("too many moves for one turn: '" + parts[used] + "' comes after the turn ended", parts[used]);
      const Move m = parse_gc_ply(pos, engine, parts, used);
      pos.make(m);
      ++plies;
    }
  } catch (...) {
    for (; plies > 0; --plies) pos.unmake();
    throw;
  }
  return plies;
}

Move parse_uci(Position& pos, const Engine& engine, std::string_view text) {
  MoveList legal;
  engine.legal_moves(pos, legal);
  const std::string want = trim(text);
  for (const Move& m : legal)
    if (to_uci(pos, m) == want) return m;
  throw NotationError("'" + want + "' is not a legal move here", want);
}

}  // namespace fairy
