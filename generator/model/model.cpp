#include "generator/model/model.hpp"

#include <algorithm>
#include <unordered_map>

#include "generator/betza/betza.hpp"
#include "runtime/position.hpp"

namespace fairygen::model {

using spec::Location;
using spec::SpecError;

namespace {

// A location `offset` characters into a one-line scalar (for XBetza and FEN columns).
Location inside(const Location& where, int column) {
  Location l = where;
  l.column += column - 1;
  return l;
}

// An XBetza error as a spec error at its column inside the written string.
SpecError betza_error(const spec::Located<std::string>& betza, const betza::Error& e) {
  return SpecError(inside(betza.where, e.column), std::string(e.what()) + " in \"" + betza.value + "\"");
}

int piece_type(const fairy::VariantInfo& info, const spec::Located<std::string>& name, const std::string& what) {
  for (int t = 0; t < int(info.pieces.size()); ++t)
    if (info.pieces[t].name == name.value) return t;
  throw SpecError(name.where, what + " '" + name.value + "' is not one of the variant's pieces");
}

std::uint64_t piece_types(const fairy::VariantInfo& info, const std::vector<spec::Located<std::string>>& names,
                          const std::string& what) {
  std::uint64_t set = 0;
  for (const auto& name : names) set |= std::uint64_t(1) << piece_type(info, name, what);
  return set;
}

// Crazyhouse (hands: {promoted: tilde}): each promotion target gets a twin type that moves alike,
// is written with `~` and returns to a hand as the piece that promoted; promotions make twins.
void add_tilde_twins(fairy::VariantInfo& info, Variant& out, const spec::HandSpec& hs) {
  for (fairy::PromotionRule& r : info.promotions) {
    if (r.pieces.size() != 1)
      throw SpecError(hs.tilde->where, "promoted: tilde needs one promoting piece per promotion rule (to return as)");
    for (fairy::PromotionTarget& target : r.to) {
      fairy::PieceInfo twin = info.pieces[target.type];
      twin.name = "promoted_" + twin.name;
      twin.mark = '~';
      twin.unpromoted = r.pieces[0];
      int found = -1;
      for (int t = 0; t < int(info.pieces.size()); ++t)
        if (info.pieces[t].name == twin.name) {
          if (info.pieces[t].mark != '~')
            throw SpecError(hs.tilde->where, "the promoted twin of '" + info.pieces[target.type].name + "' would be named '" +
                                                 twin.name + "', a piece of the variant already");
          found = t;
        }
      if (found < 0) {
        if (int(info.pieces.size()) == fairy::kMaxPieceTypes)
          throw SpecError(hs.tilde->where, "the promoted twins make more than " + std::to_string(fairy::kMaxPieceTypes) +
                                               " piece types");
        info.pieces.push_back(twin);
        out.piece_where.push_back(out.piece_where[std::size_t(target.type)]);
        out.moves_name.push_back(out.moves_name[std::size_t(target.type)]);
        out.moves_where.push_back(out.moves_where[std::size_t(target.type)]);
        found = int(info.pieces.size()) - 1;
      }
      target.type = found;
    }
  }
}

// Gating (seirawan): pieces enter from the hand onto squares of the first rank that pieces leave.
void lower_gating(fairy::VariantInfo& info, const spec::HandSpec& hs) {
  fairy::HandRule& h = info.hands;
  h.drops = !hs.drops || hs.drops->value;
  h.gating = hs.gating && hs.gating->value;
  if (!h.drops && !h.gating)
    throw SpecError(hs.drops->where, "drops: false needs gating: true, or the pieces in hand could never enter");
  if (!h.drops && (!hs.drop_ranks.empty() || !hs.no_doubled.empty() || !hs.no_drop_mate.empty() || hs.no_dead_drops))
    throw SpecError(hs.drops->where, "drops: false, but drop_ranks, no_doubled, no_drop_mate or no_dead_drops say where drops go");
}

// Pieces with two faces (`turn_over:`, Kyoto shogi): every move of either face turns the piece
// over, as two promotion rules over the whole board, compulsory everywhere (the piece to its
// `+` face, the face back). The `+` face is written with the piece's letter, so a captured
// face returns to a hand as the piece.
void lower_turn_over(fairy::VariantInfo& info, const spec::VariantSpec& vs) {
  std::vector<bool> used(info.pieces.size(), false);
  for (const spec::TurnOverSpec& t : vs.turn_over) {
    const int a = piece_type(info, t.piece, "turn_over piece");
    const int b = piece_type(info, t.face, "turn_over face");
    const fairy::PieceInfo &pa = info.pieces[a], &pb = info.pieces[b];
    for (const auto& [type, where] : {std::pair{a, t.piece.where}, std::pair{b, t.face.where}}) {
      if (used[std::size_t(type)])
        throw SpecError(where, "'" + info.pieces[type].name + "' is named twice in turn_over (a piece has two faces)");
      used[std::size_t(type)] = true;
      if (info.pieces[type].royal) throw SpecError(where, "a royal piece ('" + info.pieces[type].name + "') cannot turn over");
      const int named = type;  // a structured binding: clang 14 cannot capture it
      if (std::any_of(info.promotions.begin(), info.promotions.end(), [named](const fairy::PromotionRule& r) {
            return std::find(r.pieces.begin(), r.pieces.end(), named) != r.pieces.end();
          }))
        throw SpecError(where, "'" + info.pieces[type].name + "' turns over, so it cannot be in a promotion rule too");
    }
    if (pa.mark)
      throw SpecError(t.piece.where, "'" + pa.name + "' is a promoted piece (written " + std::string(1, pa.mark) +
                                         std::string(1, pa.letter) + "); turn_over maps the unpromoted face to its + face");
    if (pb.mark != '+' || pb.letter != pa.letter)
      throw SpecError(t.face.where, "the other face of '" + pa.name + "' must be written +" + std::string(1, pa.letter) +
                                        " (it returns to a hand as " + std::string(1, pa.letter) + "), but '" + pb.name +
                                        "' is written " + (pb.mark ? std::string(1, pb.mark) : "") +
                                        std::string(1, pb.letter));
    const int ranks = info.geo.ranks;
    for (const auto& [from, to] : {std::pair{a, b}, std::pair{b, a}}) {
      fairy::PromotionRule r;
      r.pieces = {from};
      r.zone = r.mandatory = ranks;
      r.to = {{to, 0, false, 3}};
      info.promotions.push_back(std::move(r));
    }
  }
}

// Placement (Fairy-Stockfish's placement): compulsory drops, bishops dropped on both colours,
// castling rights for a royal piece and partners dropped on their squares.
void lower_placement(fairy::VariantInfo& info, const spec::HandSpec& hs) {
  fairy::HandRule& h = info.hands;
  h.must_drop = hs.must_drop && hs.must_drop->value;
  if (h.must_drop && !h.drops) throw SpecError(hs.must_drop->where, "must_drop: true, but drops: false (nothing can be dropped)");
  h.opposite_colours = piece_types(info, hs.opposite_colours, "opposite_colours piece");
  if (h.opposite_colours && !h.drops)
    throw SpecError(hs.opposite_colours.front().where, "opposite_colours says how pieces are dropped, but drops: false");
  if (!hs.castling_file) return;
  const spec::Located<std::string>& file = *hs.castling_file;
  if (!info.castling.enabled) throw SpecError(file.where, "castling_file needs the variant's castling:");
  if (!h.drops) throw SpecError(file.where, "castling_file is for dropped pieces, but drops: false");
  const std::string& f = file.value;
  if (f.size() != 1 || f[0] < 'a' || f[0] >= 'a' + info.geo.files)
    throw SpecError(file.where, "castling_file must be a file of the board (a to " + std::string(1, char('a' + info.geo.files - 1)) +
                                    "), not '" + f + "'");
  h.castling_file = f[0] - 'a';
}

// Pieces in hand (`hands:`): the rule, where each piece may be dropped, and what a promoted piece
// ("+P") returns to a hand as (the variant's piece P).
void lower_hands(fairy::VariantInfo& info, Variant& out, const spec::VariantSpec& vs) {
  for (std::size_t t = 0; t < info.pieces.size(); ++t) {
    fairy::PieceInfo& p = info.pieces[t];
    if (p.mark != '+') continue;
    p.unpromoted = info.type_of_token(p.letter, 0);
    if (p.unpromoted < 0 && vs.hands)
      throw SpecError(vs.pieces[t].name.where, "'" + p.name + "' is written +" + std::string(1, p.letter) +
                                                   " but the variant has no piece " + std::string(1, p.letter) +
                                                   " for it to return to a hand as");
  }
  if (!vs.hands) return;
  const spec::HandSpec& hs = *vs.hands;
  if (vs.drops) throw SpecError(hs.where, "hands: and drops: cannot be combined");
  if (vs.turn) throw SpecError(hs.where, "hands: and turn: cannot be combined yet");
  // The flag is judged on the board alone (a piece in hand stands on no square; a drop onto a
  // flag square reaches it, as in Fairy-Stockfish); the extra move looks for the follower's
  // moves only, not its drops, and extinction and bare king do not count hands: refused.
  if (info.must_capture || !info.checks_allowed || info.ends.checks || info.ends.extinction.enabled)
    throw SpecError(hs.where, "hands: cannot be combined with must_capture, checking or game ends by checks, extinction "
                              "or bare king yet");
  if (info.ends.flag.extra_move)
    throw SpecError(hs.where, "hands: cannot be combined with the flag's extra_move yet");
  fairy::HandRule& h = info.hands;
  h.enabled = true;
  h.captures = hs.captures;
  h.no_dead_drops = hs.no_dead_drops;
  h.no_doubled = piece_types(info, hs.no_doubled, "no_doubled piece");
  h.no_drop_mate = piece_types(info, hs.no_drop_mate, "no_drop_mate piece");
  lower_gating(info, hs);
  if (hs.drop_promoted && hs.drop_promoted->value) {
    if (!h.drops) throw SpecError(hs.drop_promoted->where, "drop_promoted needs drops, but here drops: false");
    if (hs.tilde) throw SpecError(hs.drop_promoted->where, "drop_promoted cannot be combined with promoted: tilde");
    h.drop_promoted = true;
  }
  if (hs.tilde) add_tilde_twins(info, out, hs);
  lower_placement(info, hs);
  const int ranks = info.geo.ranks;
  std::fill_n(h.drop_ranks.begin(), info.pieces.size(), std::uint16_t((1u << ranks) - 1));  // the variant's types only
  for (const spec::DropRanksSpec& d : hs.drop_ranks) {
    const int t = piece_type(info, d.piece, "drop_ranks piece");
    if (d.last.value > ranks) throw SpecError(d.last.where, "rank " + std::to_string(d.last.value) + " is not on the board");
    h.drop_ranks[std::size_t(t)] =
        d.last.value == 0 ? 0 : std::uint16_t(((1u << d.last.value) - 1) & ~((1u << (d.first.value - 1)) - 1));
  }
}

// Calls mark(path, selected) for every path of the piece types, selected when the path is one
// of the XBetza `moves` (a subset of the piece's own moves). Errors when none is selected.
template <class F>
void mark_paths(fairy::VariantInfo& info, const std::vector<int>& types, const spec::Located<std::string>& moves,
                F mark) {
  for (int t : types) {
    int selected = 0;
    for (fairy::Color c : {fairy::White, fairy::Black}) {
      fairy::PieceProgram wanted;
      try {
        wanted = betza::compile(moves.value, c);
      } catch (const betza::Error& e) {
        throw betza_error(moves, e);
      }
      for (fairy::Path& path : info.pieces[t].program[c].paths) {
        const bool hit = std::any_of(wanted.paths.begin(), wanted.paths.end(), [&](const fairy::Path& w) {
          return w.legs == path.legs && w.virgin_only == path.virgin_only;
        });
        selected += hit;
        mark(path, hit);
      }
    }
    if (!selected)
      throw SpecError(moves.where, "none of '" + info.pieces[t].name + "'s moves is among \"" + moves.value + "\"");
  }
}

void lower_turn(fairy::VariantInfo& info, const spec::TurnSpec& ts) {
  info.turn.moves = ts.moves.value;
  info.turn.first_turn_moves = ts.first_turn_moves ? ts.first_turn_moves->value : ts.moves.value;
  if (info.turn.first_turn_moves > info.turn.moves)
    throw SpecError(ts.first_turn_moves->where, "first_turn_moves exceeds moves");
  info.turn.later_captures = ts.later_captures;
  info.turn.later_same_piece = ts.later_same_piece;
  for (const spec::PhaseMovesSpec& pm : ts.phase_moves) {
    std::uint8_t phases = 0;
    for (const auto& name : pm.phases) {
      if (name.value == "first") phases |= fairy::kPhaseFirst;
      else if (name.value == "later") phases |= fairy::kPhaseLater;
      else if (name.value == "opening") phases |= fairy::kPhaseOpening;
      else throw SpecError(name.where, "unknown phase '" + name.value + "' (first, later or opening)");
    }
    mark_paths(info, {piece_type(info, pm.piece, "phase_moves piece")}, pm.moves,
               [phases](fairy::Path& p, bool hit) { if (hit) p.phases = phases; });
  }
}

// The sides a promotion target is open to (`side:`), as PromotionTarget::sides.
std::uint8_t promotion_sides(const spec::PromotionTargetSpec& t) {
  if (!t.side) return 3;
  if (t.side->value == "white") return 1 << fairy::White;
  if (t.side->value == "black") return 1 << fairy::Black;
  throw SpecError(t.side->where, "side must be white or black, not '" + t.side->value + "'");
}

fairy::EndValue end_value(const spec::Located<std::string>& v) {
  if (v.value == "win") return fairy::EndValue::Win;
  if (v.value == "loss") return fairy::EndValue::Loss;
  if (v.value == "draw") return fairy::EndValue::Draw;
  throw SpecError(v.where, "result must be win, loss or draw, not '" + v.value + "'");
}

std::vector<fairy::Square> squares(const fairy::Geometry& geo, const std::vector<spec::Located<std::string>>& names) {
  std::vector<fairy::Square> out;
  for (const auto& name : names) {
    const auto [s, used] = geo.parse(name.value);
    if (used == 0 || used != int(name.value.size()))
      throw SpecError(name.where, "'" + name.value + "' is not a square of this board");
    out.push_back(s);
  }
  return out;
}

fairy::ExtinctionRule lower_extinction(const fairy::VariantInfo& info, const spec::ExtinctionSpec& xs, bool bare_king) {
  fairy::ExtinctionRule x;
  x.enabled = true;
  x.bare_king = bare_king;
  x.value = end_value(xs.result);
  for (const auto& name : xs.pieces) {
    if (name.value == "all") x.all = true;
    else x.types |= std::uint64_t(1) << piece_type(info, name, "extinction piece");
  }
  x.count = xs.count;
  x.opponent_count = xs.opponent_count;
  x.claim = xs.claim;
  return x;
}

void lower_end(fairy::VariantInfo& info, const spec::EndSpec& es) {
  fairy::EndRules& e = info.ends;
  if (es.checkmate) e.checkmate = end_value(*es.checkmate);
  if (es.stalemate) e.stalemate = end_value(*es.stalemate);
  if (es.checks) e.checks = es.checks->value;
  if (es.extinction) e.extinction = lower_extinction(info, *es.extinction, false);
  if (es.bare_king) e.extinction = lower_extinction(info, *es.bare_king, true);
  if (es.flag) {
    e.flag.piece = piece_type(info, es.flag->piece, "flag piece");
    const std::vector<fairy::Square> named[2] = {squares(info.geo, es.flag->white), squares(info.geo, es.flag->black)};
    for (const fairy::Color c : {fairy::White, fairy::Black})
      for (const fairy::Square s : named[c]) fairy::add_square(e.flag.squares[c], fairy::kernel_square(info.geo, s));
    e.flag.extra_move = es.flag->extra_move;
  }
  if (es.repetition) {
    e.repetition = es.repetition->count.value;
    if (es.repetition->result) e.repetition_value = end_value(*es.repetition->result);
    e.perpetual_check_loses = es.repetition->perpetual_check_loses;
  }
  if (es.move_rule) e.move_rule = es.move_rule->value;
  if (es.counting) {
    const std::string& rule = es.counting->rule.value;
    if (rule != "makruk" && rule != "cambodian" && rule != "asean")
      throw SpecError(es.counting->rule.where, "unknown counting rule '" + rule + "' (makruk, cambodian or asean)");
    auto type = [&](const std::optional<spec::Located<std::string>>& name) {
      return name ? piece_type(info, *name, "counting piece") : -1;
    };
    e.counting = {true, type(es.counting->pawn), type(es.counting->rook), type(es.counting->khon),
                  type(es.counting->knight)};
    if (rule == "cambodian") {  // the same rule with other numbers (Fairy-Stockfish's CAMBODIAN_COUNTING)
      e.counting.board_pieces = fairy::kCambodianBoardPieces;
      e.counting.board_with_pawns = true;
      e.counting.limits = fairy::kCambodianCountingLimits;
    }
    e.counting.asean = rule == "asean";  // Fairy-Stockfish's ASEAN_COUNTING (runtime/counting.cpp)
  }
}

// Atomic captures: the rule and the pieces it spares. The rules it is not known to combine with
// (moves in hand or from a reserve, several moves a turn, counted or barred checks) are refused.
void lower_explode(fairy::VariantInfo& info, const spec::VariantSpec& vs) {
  const spec::ExplodeSpec& x = *vs.explode;
  if (vs.hands || vs.drops || vs.turn || info.ends.checks || !info.checks_allowed)
    throw SpecError(x.where, "explode: cannot be combined with hands:, drops:, turn:, checks: or checking: false yet");
  info.explosions.enabled = true;
  info.explosions.spared = piece_types(info, x.spared, "spared piece");
}

// A game needs a way to end: a royal piece to checkmate, a rule that ends it while moves remain,
// or at least a declared result for a side left without moves (stalemate:). Without any it
// could go on for ever: refused.
void check_ends(const fairy::VariantInfo& info, const spec::VariantSpec& vs) {
  const bool royal = std::any_of(info.pieces.begin(), info.pieces.end(), [](const auto& p) { return p.royal; });
  if (royal || info.ends.extinction.enabled || info.ends.flag.piece >= 0 || (vs.end && vs.end->stalemate)) return;
  throw SpecError(vs.where, "variant '" + vs.key + "' has no royal piece: say how its games end (end: with extinction, "
                  "bare_king, flag or stalemate)");
}

// One side's squares of a region (`regions:`), as written or, for Black, mirrored (rank r of
// White's is rank ranks + 1 - r of Black's).
fairy::SquareSet area_squares(const fairy::Geometry& geo, const spec::AreaSpec& a, bool mirror) {
  fairy::SquareSet set;
  const auto add = [&](int file, int rank) { set.set(std::size_t(geo.square(file, mirror ? geo.ranks - 1 - rank : rank))); };
  for (const fairy::Square s : squares(geo, a.squares)) add(geo.file_of(s), geo.rank_of(s));
  if (!a.squares.empty()) return set;
  const auto file = [&geo](const spec::Located<std::string>& f) {
    if (f.value.size() != 1 || f.value[0] < 'a' || f.value[0] >= 'a' + geo.files)
      throw SpecError(f.where, "'" + f.value + "' is not a file of this board (a to " +
                                   std::string(1, char('a' + geo.files - 1)) + ")");
    return f.value[0] - 'a';
  };
  const auto rank = [&geo](const spec::Located<int>& r) {
    if (r.value > geo.ranks) throw SpecError(r.where, "rank " + std::to_string(r.value) + " is not on the board");
    return r.value - 1;
  };
  const int f0 = a.first_file ? file(*a.first_file) : 0, f1 = a.last_file ? file(*a.last_file) : geo.files - 1;
  const int r0 = a.first_rank ? rank(*a.first_rank) : 0, r1 = a.last_rank ? rank(*a.last_rank) : geo.ranks - 1;
  if (f0 > f1) throw SpecError(a.first_file->where, "files: the first file is after the last");
  if (r0 > r1) throw SpecError(a.first_rank->where, "ranks: the first rank is after the last");
  for (int f = f0; f <= f1; ++f)
    for (int r = r0; r <= r1; ++r) add(f, r);
  return set;
}

// A move that captures on the way, induces a friend's move or swaps: its end is not where the
// piece goes alone, so a region or square-dependent moves (whose attack tests look at the
// capture square and the mover's square) are refused with it.
void check_region_paths(const fairy::PieceProgram& program, const spec::Location& where, const std::string& what) {
  for (const fairy::Path& path : program.paths)
    for (std::size_t k = 0; k < path.legs.size(); ++k)
      if ((path.legs[k].flags & (fairy::kInduce | fairy::kUnload)) ||
          (k + 1 < path.legs.size() && (path.legs[k].mode & fairy::kCapture)))
        throw SpecError(where, what + ": moves that capture on the way, induce or swap cannot be combined with regions");
}

// A region's squares for both colours (White's as written, Black's given or mirrored).
std::array<fairy::SquareSet, 2> region_squares(const fairy::VariantInfo& info, const spec::VariantSpec& vs,
                                               const spec::Located<std::string>& name) {
  for (const spec::RegionSpec& r : vs.regions)
    if (r.name.value == name.value)
      return {area_squares(info.geo, r.white, false),
              r.black ? area_squares(info.geo, *r.black, false) : area_squares(info.geo, r.white, true)};
  throw SpecError(name.where, "no region '" + name.value + "' in the variant's regions:");
}

// A promotion that is a move of its own (`in_place: true`, Fairy-Stockfish's sittuyinPromotion):
// where it happens (`region:`), and targets that move by single leaps only (where the target may
// step to, and what it would attack there, are read from those leaps).
void lower_in_place(fairy::VariantInfo& info, const spec::VariantSpec& vs, const spec::PromotionSpec& ps,
                    fairy::PromotionRule& r) {
  r.in_place = true;
  r.squares = region_squares(info, vs, *ps.region);
  r.anywhere_when_last = ps.anywhere_when_last && ps.anywhere_when_last->value;
  for (std::size_t i = 0; i < r.to.size(); ++i) {
    const fairy::PieceInfo& target = info.pieces[std::size_t(r.to[i].type)];
    for (const fairy::Path& path : target.program[fairy::White].paths)
      if (path.legs.size() != 1 || path.legs[0].range != 1 || path.legs[0].flags || path.virgin_only ||
          path.phases != fairy::kAllPhases)
        throw SpecError(ps.to[i].piece.where, "in_place promotion target '" + target.name + "' has moves other than single leaps (XBetza " +
                                                  target.betza + "): only a target of single leaps is supported");
  }
}

// pass: (each side may pass; two passes end the game) and bikjang: (janggi).
void lower_pass(fairy::VariantInfo& info, const spec::VariantSpec& vs) {
  const bool royal = std::any_of(info.pieces.begin(), info.pieces.end(), [](const auto& p) { return p.royal; });
  if (vs.pass && vs.pass->value) {
    if (!royal) throw SpecError(vs.pass->where, "pass needs a royal piece (a pass is written as its square twice)");
    if (vs.turn || vs.drops)
      throw SpecError(vs.pass->where, "pass cannot be combined with turn: or drops: (their later moves may pass already)");
    info.pass = true;
    info.ends.double_pass = true;
  }
  if (vs.bikjang && vs.bikjang->value) {
    if (!info.pass) throw SpecError(vs.bikjang->where, "bikjang needs pass: true (a side in bikjang may pass)");
    if (vs.flying_general && vs.flying_general->value)
      throw SpecError(vs.bikjang->where, "bikjang and flying_general cannot be combined (flying_general forbids facing royal pieces)");
    info.ends.bikjang = true;
  }
}

// A catalogue piece's no_hop_over: and no_capture: (the Janggi cannon), as type bits of this
// variant (a named piece the variant does not use is left out: it is never on the board).
void lower_hop_restrictions(const spec::SpecFile& file, fairy::VariantInfo& info, const spec::VariantSpec& vs) {
  for (std::size_t t = 0; t < vs.pieces.size(); ++t) {
    const spec::PieceSpec* cat = file.find_piece(vs.pieces[t].name.value);
    fairy::PieceInfo& p = info.pieces[t];
    const auto bits = [&](const std::vector<spec::Located<std::string>>& names, bool capture) {
      std::uint64_t out = 0;
      for (const auto& name : names)
        for (std::size_t u = 0; u < info.pieces.size(); ++u)
          if (info.pieces[u].name == name.value) {
            if (capture && info.pieces[u].royal)
              throw SpecError(name.where, "no_capture: '" + name.value + "' is royal (a royal piece is always capturable)");
            out |= std::uint64_t{1} << u;
          }
      return out;
    };
    p.no_hop_over = bits(cat->no_hop_over, false);
    p.no_capture = bits(cat->no_capture, true);
    if (cat->no_hop_over.empty() && cat->no_capture.empty()) continue;
    for (const fairy::Path& path : p.program[fairy::White].paths)
      for (std::size_t k = 0; k + 1 < path.legs.size(); ++k)
        if (path.legs[k].mode & fairy::kCapture)
          throw SpecError((cat->no_hop_over.empty() ? cat->no_capture : cat->no_hop_over)[0].where,
                          "'" + cat->name + "': no_hop_over and no_capture cannot be combined with moves that capture on the way");
  }
}

// Regions (`regions:`), pieces confined to one (`region:`), other moves on some squares
// (`moves_on:`) and the flying general.
void lower_regions(fairy::VariantInfo& info, const spec::VariantSpec& vs) {
  std::unordered_map<std::string, std::array<fairy::SquareSet, 2>> regions;
  for (const spec::RegionSpec& r : vs.regions)
    regions[r.name.value] = {area_squares(info.geo, r.white, false),
                             r.black ? area_squares(info.geo, *r.black, false) : area_squares(info.geo, r.white, true)};
  const auto region = [&](const spec::Located<std::string>& name) {
    const auto it = regions.find(name.value);
    if (it == regions.end()) throw SpecError(name.where, "no region '" + name.value + "' in the variant's regions:");
    return it->second;
  };
  for (std::size_t t = 0; t < vs.pieces.size(); ++t) {
    const spec::PieceUse& use = vs.pieces[t];
    fairy::PieceInfo& p = info.pieces[t];
    if (use.region) {
      p.confined = true;
      p.region = region(*use.region);
      check_region_paths(p.program[fairy::White], use.region->where, "'" + p.name + "' has a region");
    }
    for (const spec::MovesOnSpec& m : use.moves_on) {
      fairy::SquareMoves moves{region(m.region), m.betza.value, {}};
      try {
        const auto atoms = betza::parse(m.betza.value);
        if (betza::castling_steps(atoms)) throw SpecError(m.betza.where, "castling 'O' is not allowed in moves_on");
        for (fairy::Color c : {fairy::White, fairy::Black}) moves.program[c] = betza::compile(atoms, c);
      } catch (const betza::Error& e) {
        throw betza_error(m.betza, e);
      }
      check_region_paths(p.program[fairy::White], m.region.where, "'" + p.name + "' has moves_on");
      check_region_paths(moves.program[fairy::White], m.betza.where, "moves_on");
      p.moves_on.push_back(std::move(moves));
    }
  }
  if (vs.flying_general && vs.flying_general->value) {
    if (std::none_of(info.pieces.begin(), info.pieces.end(), [](const auto& p) { return p.royal; }))
      throw SpecError(vs.flying_general->where, "flying_general needs a royal piece");
    info.flying_general = true;
  }
}

// First-move rights (`first_moves:`, Fairy-Stockfish's cambodianMoves): each entry's moves are
// non-capturing single leaps (m), the right itself standing for XBetza's `i`; a lost_to piece
// attacks by single-leg moves only (Position::update_gates walks them). The rights share the
// castling field's file letters with gating and castling, so neither may be combined with them.
void lower_first_moves(fairy::VariantInfo& info, const spec::VariantSpec& vs) {
  if (vs.first_moves.empty()) return;
  if (vs.castling || (vs.hands && info.hands.gating))
    throw SpecError(vs.first_moves_where, "first_moves cannot be combined with castling: or gating yet (the castling field "
                                          "holds the rights)");
  for (const spec::FirstMoveSpec& fs : vs.first_moves) {
    fairy::FirstMove f;
    f.type = piece_type(info, fs.piece, "first_moves piece");
    for (const fairy::FirstMove& other : info.first_moves)
      if (other.type == f.type) throw SpecError(fs.piece.where, "piece '" + fs.piece.value + "' has first_moves twice");
    f.betza = fs.betza.value;
    try {
      const auto atoms = betza::parse(fs.betza.value);
      if (betza::castling_steps(atoms)) throw SpecError(fs.betza.where, "castling 'O' is not allowed in first_moves");
      for (fairy::Color c : {fairy::White, fairy::Black}) f.program[c] = betza::compile(atoms, c);
    } catch (const betza::Error& e) {
      throw betza_error(fs.betza, e);
    }
    for (const fairy::Path& path : f.program[fairy::White].paths) {
      const fairy::Leg& leg = path.legs[0];
      if (path.legs.size() != 1 || leg.range != 1 || leg.flags || leg.mode != fairy::kMove || path.virgin_only ||
          path.phases != fairy::kAllPhases)
        throw SpecError(fs.betza.where, "first_moves are non-capturing single leaps (XBetza m, no i: the right is "
                                        "the first move), not \"" + fs.betza.value + "\"");
    }
    f.in_check = fs.in_check;
    for (const auto& name : fs.lost_to) {
      const int t = piece_type(info, name, "lost_to piece");
      for (const fairy::Path& path : info.pieces[t].program[fairy::White].paths)
        if (path.legs.size() != 1 || path.legs[0].flags)
          throw SpecError(name.where, "lost_to piece '" + name.value + "' has moves of several legs (XBetza " +
                                          info.pieces[t].betza + "): only single-leg attackers are supported");
      f.lost_to |= std::uint64_t(1) << t;
    }
    info.first_moves.push_back(std::move(f));
  }
}

}  // namespace

Variant build(const spec::SpecFile& file, const spec::VariantSpec& vs) {
  Variant out;
  out.spec = &vs;
  fairy::VariantInfo& info = out.info;
  info.key = vs.key;
  info.geo.files = vs.files.value;
  info.geo.ranks = vs.ranks.value;
  for (const auto& name : vs.brouhaha) {
    const auto [s, used] = info.geo.parse(name.value);
    if (used == 0 || used != int(name.value.size()))
      throw SpecError(name.where, "'" + name.value + "' is not a square of this board");
    if (std::find(info.brouhaha.begin(), info.brouhaha.end(), s) != info.brouhaha.end())
      throw SpecError(name.where, "brouhaha square " + name.value + " is listed twice");
    if (info.brouhaha.size() == 8) throw SpecError(name.where, "at most 8 brouhaha squares");
    info.brouhaha.push_back(s);
  }

  int castling_steps = 0;  // from an XBetza O<n>
  for (const spec::PieceUse& use : vs.pieces) {
    const spec::PieceSpec* cat = file.find_piece(use.name.value);
    if (!cat) throw SpecError(use.name.where, "unknown piece '" + use.name.value + "' (not in the pieces: catalogue)");
    for (const auto& p : info.pieces)
      if (p.name == cat->name) throw SpecError(use.name.where, "piece '" + cat->name + "' is listed twice");
    fairy::PieceInfo p;
    p.name = cat->name;
    p.letter = use.letter ? use.letter->value : cat->letter.value;
    p.mark = cat->mark;
    if (cat->immobile && use.betza) throw SpecError(use.betza->where, "piece '" + cat->name + "' is immobile: it has no betza");
    const spec::Located<std::string>& betza = use.betza ? *use.betza : cat->betza;
    p.betza = betza.value;
    p.royal = cat->royal;
    p.ep_victim = cat->en_passant;
    p.resets_clock = cat->resets_clock;
    p.safe_passage = cat->safe_passage;
    if (cat->value) p.value = cat->value->value;
    if (use.initial_ranks) {
      if (use.initial_ranks->value > vs.ranks.value)
        throw SpecError(use.initial_ranks->where, "initial_ranks is deeper than the board");
      p.initial_ranks = use.initial_ranks->value;
    }
    for (const auto& q : info.pieces)
      if (q.letter == p.letter && q.mark == p.mark)
        throw SpecError(use.letter ? use.letter->where : use.name.where,
                        "letter " + std::string(p.mark ? "+" : "") + std::string(1, p.letter) + " is used by both '" +
                            q.name + "' and '" + p.name + "'");
    // An immobile piece has no program: it never moves and attacks nothing.
    if (!cat->immobile) try {
      const auto atoms = betza::parse(betza.value);
      for (fairy::Color c : {fairy::White, fairy::Black}) p.program[c] = betza::compile(atoms, c);
      if (const int steps = betza::castling_steps(atoms)) {
        if (!p.royal) throw SpecError(betza.where, "castling 'O' in the moves of a piece that is not royal");
        if (!vs.castling) throw SpecError(betza.where, "castling 'O' needs the variant's castling: {partner: ...}");
        if (vs.castling->king_steps && vs.castling->king_steps->value != steps)
          throw SpecError(vs.castling->king_steps->where, "king_steps disagrees with O" + std::to_string(steps) +
                                                               " in \"" + betza.value + "\"");
        castling_steps = steps;
      }
    } catch (const betza::Error& e) {
      throw betza_error(betza, e);
    }
    // Whose moves these are: the first catalogue piece with the same XBetza text, else its own
    // (also when it has other moves on some squares: Xiangqi's Soldier is no Shogi Pawn).
    const auto same_moves =
        use.moves_on.empty() ? std::find_if(file.pieces.begin(), file.pieces.end(),
                                            [&](const spec::PieceSpec& q) { return !q.immobile && q.betza.value == betza.value; })
                             : file.pieces.end();
    out.moves_name.push_back(same_moves != file.pieces.end() ? same_moves->name : p.name);
    out.moves_where.push_back(same_moves != file.pieces.end() ? same_moves->betza.where : betza.where);
    info.pieces.push_back(std::move(p));
    out.piece_where.push_back(betza.where);
  }
  if (int(info.pieces.size()) > fairy::kMaxPieceTypes)
    throw SpecError(vs.where, "more than " + std::to_string(fairy::kMaxPieceTypes) + " piece types");
  lower_hop_restrictions(file, info, vs);
  lower_regions(info, vs);

  if (vs.castling) {
    info.castling.enabled = true;
    if (!vs.castling->king_steps && !castling_steps)
      throw SpecError(vs.castling->where, "castling needs king_steps, or O<n> in the royal piece's XBetza");
    info.castling.king_steps = vs.castling->king_steps ? vs.castling->king_steps->value : castling_steps;
    if (vs.castling->queenside_king_steps) info.castling.queenside_steps = vs.castling->queenside_king_steps->value;
    info.castling.partner = piece_type(info, vs.castling->partner, "castling partner");
    const bool royal = std::any_of(info.pieces.begin(), info.pieces.end(), [](const auto& p) { return p.royal; });
    if (vs.castling->piece) {
      // Fairy-Stockfish's castlingKingPiece: a piece that is not royal castles (extinction chess).
      const spec::Located<std::string>& piece = *vs.castling->piece;
      info.castling.piece = piece_type(info, piece, "castling piece");
      if (royal)
        throw SpecError(piece.where, "castling piece '" + piece.value +
                                         "': this variant has a royal piece, and the royal piece castles (leave piece: out)");
      if (info.castling.piece == info.castling.partner)
        throw SpecError(piece.where, "castling piece '" + piece.value + "' is also the castling partner");
    } else if (!royal) {
      throw SpecError(vs.castling->where, "castling needs a royal piece, or piece: naming the piece that castles");
    }
  }
  for (const spec::PromotionSpec& ps : vs.promotions) {
    fairy::PromotionRule r;
    for (const auto& name : ps.pieces) r.pieces.push_back(piece_type(info, name, "promoting piece"));
    r.zone = ps.zone.value;
    if (r.zone > info.geo.ranks) throw SpecError(ps.zone.where, "zone is deeper than the board");
    r.mandatory = ps.mandatory ? ps.mandatory->value : r.zone;
    if (r.mandatory > r.zone) throw SpecError(ps.mandatory->where, "mandatory is deeper than the zone");
    for (const auto& t : ps.to) {
      const int type = piece_type(info, t.piece, "promotion target");
      if (t.depth && ps.in_place && ps.in_place->value)
        throw SpecError(t.piece.where, "an in_place promotion's target has no depth");
      if (t.depth > r.zone) throw SpecError(t.piece.where, "target depth is deeper than the zone");
      r.to.push_back({type, t.depth, t.recoup.value_or(ps.recoup), promotion_sides(t), t.limit ? t.limit->value : 0});
    }
    r.from_reserve = ps.from_reserve;
    r.leaving = ps.leaving;
    if (ps.in_place && ps.in_place->value) lower_in_place(info, vs, ps, r);
    if (r.from_reserve && !vs.drops) throw SpecError(ps.where, "promotion from_reserve needs the variant's drops:");
    if (r.to.empty() && !r.from_reserve) throw SpecError(ps.where, "promotion needs at least one target");
    if (ps.moves) mark_paths(info, r.pieces, *ps.moves, [](fairy::Path& p, bool hit) { p.promotes = hit; });
    info.promotions.push_back(std::move(r));
  }
  lower_turn_over(info, vs);

  if (vs.end) lower_end(info, *vs.end);
  check_ends(info, vs);
  if (info.ends.checks && std::none_of(info.pieces.begin(), info.pieces.end(), [](const auto& p) { return p.royal; }))
    throw SpecError(vs.end->checks->where, "checks: counts checks, but the variant has no royal piece");
  lower_pass(info, vs);
  info.must_capture = vs.must_capture;
  info.checks_allowed = vs.checking;
  for (const auto& r : vs.en_passant_ranks) {
    if (r.value > info.geo.ranks) throw SpecError(r.where, "rank " + std::to_string(r.value) + " is not on the board");
    info.ep_ranks |= std::uint16_t(1u << (r.value - 1));
  }
  if ((vs.turn || vs.drops) && (info.must_capture || !info.checks_allowed || info.ends.immediate()))
    throw SpecError(vs.turn ? vs.turn->where : vs.drops->where,
                    "turn: and drops: cannot be combined with must_capture, checking or game ends by checks, "
                    "extinction or flag yet");
  if (vs.explode) lower_explode(info, vs);
  if (vs.turn) lower_turn(info, *vs.turn);
  if (vs.drops) {
    if (vs.turn) throw SpecError(vs.drops->where, "drops: and turn: cannot be combined yet");
    info.drops.enabled = true;
    info.drops.zone = vs.drops->zone.value;
    if (info.drops.zone > info.geo.ranks) throw SpecError(vs.drops->zone.where, "zone is deeper than the board");
    info.drops.pawn = piece_type(info, vs.drops->pawn, "drops pawn");
  }
  lower_hands(info, out, vs);
  lower_first_moves(info, vs);
  info.start_fen = vs.start.value;
  try {
    info.finalize();
  } catch (const fairy::FenError& e) {
    throw SpecError(inside(vs.start.where, e.column), std::string("start position: ") + e.what());
  } catch (const std::runtime_error& e) {
    throw SpecError(vs.where, e.what());
  }
  if (info.hands.drop_promoted &&
      std::none_of(info.drop_face.begin(), info.drop_face.begin() + int(info.pieces.size()), [](int f) { return f >= 0; }))
    throw SpecError(vs.hands->drop_promoted->where,
                    "drop_promoted, but no piece of the variant promotes (or turns over) to a + piece written with its letter");

  // Perft positions must at least be readable FENs of this variant.
  for (const spec::PerftSpec& p : vs.perft) {
    if (p.fen.value == "start") continue;
    try {
      fairy::Position pos(info);
      pos.set_fen(p.fen.value);
    } catch (const fairy::FenError& e) {
      throw SpecError(inside(p.fen.where, e.column), std::string("perft position: ") + e.what());
    }
  }
  return out;
}

std::vector<Variant> build_all(const spec::SpecFile& file) {
  // Every catalogue piece's XBetza, used or not: a bad one is never silently accepted.
  for (const spec::PieceSpec& p : file.pieces) {
    for (const auto* names : {&p.no_hop_over, &p.no_capture})
      for (const auto& name : *names)
        if (!file.find_piece(name.value))
          throw SpecError(name.where, "unknown piece '" + name.value + "' (not in the pieces: catalogue)");
    if (p.immobile) continue;
    try {
      betza::compile(p.betza.value, fairy::White);
    } catch (const betza::Error& e) {
      throw betza_error(p.betza, e);
    }
  }
  std::vector<Variant> out;
  for (const spec::VariantSpec& v : file.variants) out.push_back(build(file, v));
  return out;
}

fairy::VariantInfo variant_info(const spec::SpecFile& file, const std::string& key) {
  const spec::VariantSpec* v = file.find_variant(key);
  if (!v) {
    std::string known;
    for (const auto& x : file.variants) known += (known.empty() ? "" : ", ") + x.key;
    throw SpecError(Location{file.path, 0, 0}, "no variant '" + key + "' (the file has: " + known + ")");
  }
  return build(file, *v).info;
}

fairy::VariantInfo load_variant(const std::string& path, const std::string& key) {
  return variant_info(spec::load(path), key);
}

}  // namespace fairygen::model
