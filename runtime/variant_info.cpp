#include "runtime/variant_info.hpp"

#include <cctype>
#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "runtime/attack_routes.hpp"
#include "runtime/empty_board_walk.hpp"
#include "runtime/position.hpp"

namespace fairy {

int VariantInfo::type_of_letter(char upper) const { return type_of_token(upper, 0); }

int VariantInfo::type_of_token(char upper, char mark) const {
  for (int t = 0; t < int(pieces.size()); ++t)
    if (pieces[t].letter == upper && pieces[t].mark == mark) return t;
  return -1;
}

PieceToken VariantInfo::token(Piece p) const {
  const char letter = letter_of(p), mark = pieces[type_of(p)].mark;
  if (mark == '+') return PieceToken('+', letter);
  if (mark) return PieceToken(letter, mark);
  return PieceToken(letter);
}

char VariantInfo::letter_of(Piece p) const {
  const char up = pieces[type_of(p)].letter;
  return color_of(p) == White ? up : char(std::tolower(static_cast<unsigned char>(up)));
}

namespace {

// Whether two routes (of one path or of two) can land on the same displacement with a mode in
// common. Keeps the modes seen per displacement, so it stops at the first repeat.
bool routes_can_coincide(const PieceProgram& prog, const Geometry& g) {
  constexpr int kWidth = 2 * kMaxFiles + 1;
  std::vector<std::uint8_t> seen(std::size_t(kWidth) * (2 * kMaxRanks + 1), 0);
  const auto land = [&seen](int x, int y, int modes) {
    std::uint8_t& here = seen[std::size_t((y + kMaxRanks) * kWidth + x + kMaxFiles)];
    if (here & modes) return true;
    here = std::uint8_t(here | modes);
    return false;
  };
  for (const Path& path : prog.paths) {
    // Each route where it ends (a same-length leg after exactly as many steps as the leg before).
    const auto route = [&](std::size_t k, int x, int y, int, bool whole) {
      if (!whole) return EmptyBoardStep::Pass;
      if (k + 1 < path.legs.size()) return EmptyBoardStep::Onward;
      return land(x, y, path.legs[k].mode & (kMove | kCapture | kFriend | kEnPassant)) ? EmptyBoardStep::Stop
                                                                                        : EmptyBoardStep::Pass;
    };
    if (walk_empty_board(path.legs, 0, 0, 0, 0, true, g, route)) return true;
  }
  return false;
}

}  // namespace

// A piece returns to a hand as its unpromoted type; with no_dead_drops, the squares where a type
// has no move on an empty board (can_ever_move, runtime/program.hpp) are marked dead.
void VariantInfo::finalize_hands() {
  for (int t = 0; t < kMaxPieceTypes; ++t) hand_type[t] = t;
  for (int t = 0; t < int(pieces.size()); ++t) {
    const int u = pieces[t].unpromoted;
    if (u >= int(pieces.size())) throw std::runtime_error(key + ": piece '" + pieces[t].name + "' unpromotes to no piece");
    if (u >= 0) hand_type[t] = u;
  }
  drop_face.fill(-1);
  for (int t = 0; t < int(pieces.size()) && hands.drop_promoted; ++t) {
    const int rule = promotion_rule[t];
    if (rule < 0 || hand_type[t] != t) continue;
    for (const PromotionTarget& to : promotions[rule].to)
      if (pieces[to.type].mark == '+' && hand_type[to.type] == t) {
        drop_face[t] = to.type;
        break;
      }
  }
  for (Color c : {White, Black}) {
    dead[c].assign(hands.no_dead_drops ? std::size_t(kMaxSquares) * kMaxPieceTypes : 0, false);
    if (!hands.no_dead_drops) continue;
    for (int r = 0; r < geo.ranks; ++r)
      for (int f = 0; f < geo.files; ++f)
        for (int t = 0; t < int(pieces.size()); ++t)
          dead[c][std::size_t(geo.square(f, r)) * kMaxPieceTypes + t] =
              !can_ever_move(pieces[t].program[c].paths, geo.files, geo.ranks, f, r);
  }
}

void VariantInfo::finalize() {
  if (pieces.empty() || int(pieces.size()) > kMaxPieceTypes)
    throw std::runtime_error(key + ": a variant needs 1 to " + std::to_string(kMaxPieceTypes) + " piece types");
  if (geo.files < 1 || geo.files > kMaxFiles || geo.ranks < 1 || geo.ranks > kMaxRanks)
    throw std::runtime_error(key + ": board must be 1x1 to 16x16");
  promotion_rule.fill(-1);
  any_in_place = false;
  std::array<bool, kMaxPieceTypes> promoted_by_rule{};
  for (int r = 0; r < int(promotions.size()); ++r)
    for (int t : promotions[r].pieces) {
      if (promoted_by_rule[t])
        throw std::runtime_error(key + ": piece '" + pieces[t].name + "' is in two promotion rules");
      promoted_by_rule[t] = true;
      // An in_place rule's promotions are moves of their own: the piece's moves never promote.
      if (promotions[r].in_place)
        any_in_place = true;
      else
        promotion_rule[t] = r;
    }
  any_safe_passage = false;
  for (PieceInfo& p : pieces) {
    any_safe_passage = any_safe_passage || p.safe_passage;
    p.may_repeat = false;
    for (Color c : {White, Black})
      p.for_each_program(c, [&](const PieceProgram& prog) { p.may_repeat = p.may_repeat || routes_can_coincide(prog, geo); });
    for (Color c : {White, Black}) {
      p.back_walks[c].clear();
      for (std::size_t i = 0; i < p.program[c].paths.size(); ++i) {
        const Path& path = p.program[c].paths[i];
        for (std::size_t k = 0; k < path.legs.size(); ++k)
          if (path.legs[k].mode & kCapture)
            for (const BackWalk& w : back_walks(path, k, p.no_hop_over)) p.back_walks[c].emplace_back(w, i);
      }
    }
  }
  has_induction = false;
  int swapping_types = 0;
  for (const PieceInfo& p : pieces)
    swapping_types += std::any_of(p.program[White].paths.begin(), p.program[White].paths.end(), [](const Path& path) {
      return (path.legs.back().flags & kUnload) != 0;
    });
  mutual_swaps = swapping_types > 1;
  for (Color c : {White, Black}) {
    ep_capturers[c].clear();
    for (int t = 0; t < int(pieces.size()); ++t)
      for (const Path& path : pieces[t].program[c].paths) {
        const Leg& leg = path.legs.back();
        for (const Leg& l : path.legs) has_induction = has_induction || (l.flags & kInduce);
        if (path.legs.size() == 1 && leg.range == 1 && (leg.mode & kEnPassant))
          ep_capturers[c].push_back({t, geo.offset(leg.dx, leg.dy)});
      }
  }
  occupied_turns = 0;
  aligned.fill(0);
  std::uint64_t royal_types = 0;
  for (int t = 0; t < int(pieces.size()); ++t) {
    const std::uint64_t type_bit = std::uint64_t(1) << t;
    royal_types |= pieces[t].royal ? type_bit : 0;
    const auto mark_routes = [this, type_bit](const PieceProgram& prog) {
      for (const Path& path : prog.paths) {
        if (!path.captures()) continue;
        for (std::size_t k = 0; k + 1 < path.legs.size(); ++k)
          if ((path.legs[k].mode & (kHop | kCapture)) || (path.legs[k].flags & kInduce)) occupied_turns |= type_bit;
        for_attack_routes(path, geo, -1, [this, type_bit](int x, int y) { aligned[kMaxSquares + geo.offset(x, y)] |= type_bit; });
      }
    };
    for (Color c : {White, Black}) pieces[t].for_each_program(c, mark_routes);
  }
  if (flying_general)  // a royal piece attacks the other along files and ranks
    for (int d = 1; d < std::max(geo.files, geo.ranks); ++d)
      for (int off : {geo.offset(d, 0), geo.offset(-d, 0), geo.offset(0, d), geo.offset(0, -d)})
        aligned[kMaxSquares + off] |= royal_types;
  special_legality = must_capture || !checks_allowed || ends.immediate() || explosions.enabled || hands.must_drop || any_in_place;
  finalize_hands();
  finalized = true;
  Position start(*this);
  start.set_fen(start_fen);
  for (int s = 0; s < kMaxSquares; ++s) start_board[s] = s < geo.cells() ? start.at(Square(s)) : kWall;
  for (Color c : {White, Black})
    for (int t = 0; t < int(pieces.size()); ++t) {
      start_count[c][t] = start.count(c, t);
      start_in_hand[c][t] = start.in_hand(c, t);
    }
  if (castling.enabled) find_castling_files();
}

// CastlingRule's landing files: steps(dir) from the file the castling piece starts on (White's on
// its first rank, else Black's; else the file a hand's castling_file drops it on; else the middle
// file, Fairy-Stockfish's default e).
void VariantInfo::find_castling_files() {
  int file = hands.castling_file >= 0 ? hands.castling_file : geo.files / 2;
  const auto castles = [this](Piece p, Color c) {
    if (!is_color(p, c)) return false;
    return castling.piece >= 0 ? type_of(p) == castling.piece : pieces[type_of(p)].royal;
  };
  for (const Color c : {Black, White}) {  // White's wins
    const int rank = c == White ? 0 : geo.ranks - 1;
    for (int f = 0; f < geo.files; ++f)
      if (castles(start_board[geo.square(f, rank)], c)) file = f;
  }
  const auto on_board = [this](int f) { return f >= 0 && f < geo.files ? f : -1; };
  castling.kingside_file = on_board(file + castling.steps(1));
  castling.queenside_file = on_board(file - castling.steps(-1));
}

}  // namespace fairy
