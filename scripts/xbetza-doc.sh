#!/usr/bin/env bash
# Writes docs/xbetza.md: the prose below, with every diagram printed by `fairy explain`.
# Usage: scripts/xbetza-doc.sh [path/to/fairy]   (default: build/fairy)
set -euo pipefail
cd "$(dirname "$0")/.."
FAIRY=${1:-build/fairy}
d() { echo '```'; echo "\$ fairy explain $*"; "$FAIRY" explain "$@" | sed -n '3,/^     a/p'; echo '```'; }
{
cat <<'EOF'
# XBetza as fairygen implements it

fairygen compiles each XBetza string into *move programs*: a list of paths, each a sequence of
legs. A leg steps along one board vector — once (a leap) or repeatedly (a slide) — and its
*mode* says what it may find where it stops: an empty square (`m`), an enemy (`c`), a friend
(`d`), any piece to jump over (`p`), an en-passant square (`e`). Every square a slide passes
before it stops must be empty; a leap ignores what it jumps over. The generator emits C++ from
these paths and the interpreter walks them; both follow this page. Every letter below is either
implemented or rejected with its column — nothing is skipped silently.

Directions are White's: `f` is up the board. Black's programs are White's mirrored in rank
(as in Fairy-Stockfish), so Black's `l` is the same file direction as White's.

The diagrams are printed by `fairy explain` (`@` the piece, `m` move only, `c` capture only,
`*` both, upper case where only a later leg of a multi-leg move gets there, `x` an enemy there is
captured on the way, `F`/`E` friend/enemy, `S` a friend it swaps with, `i` a square a friend can
be pushed to).

## Atoms

| atom | vector | atom | vector |
|---|---|---|---|
| W | (1,0) wazir | F | (1,1) ferz |
| D | (2,0) dabbaba | A | (2,2) alfil |
| N | (2,1) knight | H | (3,0) threeleaper |
| C | (3,1) camel | Z | (3,2) zebra |
| G | (3,3) tripper | K Q R B | WF, W0F0 (W and F sliding), W0, F0 |

Each atom moves along all its symmetric vectors (4 or 8). `J` and `L` are rejected: XBoard and
Fairy-Stockfish disagree on them (write `Z` or `D`, and `C`). `O<n>` is castling (below).

EOF
d N --board 7x7
cat <<'EOF'

## Ranges

A digit after the atom is the most steps it may slide (`W3`: up to three squares), `0` or a
doubled letter is unlimited (`R` = `W0`, `NN` = nightrider). Every square passed must be empty.

EOF
d NN --board 7x7 --obstacles f6
cat <<'EOF'

## Directions

As in H. G. Muller's quick reference: `f` forward, `b` backward, `l` left, `r` right select the
vectors pointing that way — on an oblique atom the two whose *long* leg points that way (`fN` is
the Shogi knight's narrow pair); `v` = `f`+`b`, `s` = `l`+`r` (on an oblique atom the narrow and
the wide quartets). On orthogonal atoms letters add up (`fsW` = forward and sideways). A vertical
and a horizontal letter together name one vector: `frF`; on an oblique atom the first letter is
the short leg's direction and the second the long leg's (`frN` = (2,1), `rfN` = (1,2)); `fs`/`bs`
are the wide forward/backward pairs, `lv`/`rv` the narrow left/right pairs. `fh`, `bh`, `lh`, `rh`
are halves (`fhN` = all four forward moves). Fairy-Stockfish reads these the same way (tested).

EOF
d fN --board 7x7
d frN --board 7x7
d fsW --board 7x7
cat <<'EOF'

## Modalities

`m` move only, `c` capture only, `d` may capture a friend, `e` en passant capture; without any
of them a leg may move or capture. `i` on the first leg: only a piece that has not moved (for
royal pieces and castling partners the position tracks this; any other piece counts as unmoved
while it stands where the start position has the same piece — so a pawn on its start rank may
double-step, however it got there).

EOF
d fmWfceFifmnD --board 7x7 --at d2 --enemies c3
cat <<'EOF'

`n` makes a leap lame: it steps through the squares in between, straight steps first, and they
must be empty (`nD` is a two-step pawn push, `nN` the Xiangqi horse).

EOF
d nN --board 7x7 --obstacles d5
cat <<'EOF'

## Hoppers: p and g

`p`: slide to a screen (any piece), jump it, go on as far as the range allows (`pR` the Xiangqi
cannon's capture). `g`: after the screen, exactly one step (`gQ` grasshopper). `j` on a slider:
the first square is passed whatever stands there (`jR`; Fairy-Stockfish ignores this letter).

EOF
d mRcpR --board 7x7 --obstacles d6 --enemies d7,b4,a4
d gQ --board 7x7 --obstacles d6,f6 --enemies b2
d jR --board 7x7 --obstacles d5 --enemies d7
cat <<'EOF'

## Multi-leg moves: a

Legs are written before the atom and joined by `a`; all legs use the atom. Directions of a later
leg are relative to the previous leg, as turns on the ring of eight 45-degree steps: `f` straight
on, `fl`/`fr` 45 degrees, `l`/`r` 90, `bl`/`br` 135, `b` back; `s` = `l`+`r`, `v` = `f`+`b`, `fs` =
both 45-degree turns, `bs` both 135-degree ones. A later leg with no direction letters may go
anywhere but straight back. On a 45-degree turn an orthogonal atom becomes diagonal and back
(W<->F, D<->A, H<->G). A leg before the last stops on an empty square unless told otherwise:
`c` there captures the enemy on the way (locust), `p` jumps a screen, `y` is `m` that also turns
a leaper into a slider for the next leg (and a slider into a leaper; `g` the same after a
screen). `i` on a later leg: exactly as many steps as the previous leg made, whatever its own
range (`gaiB` hops a screen, then makes as many steps again, though `g` made that leg a leaper).

The Griffon, `FyafsF`: a Ferz step, then on as a slider at 45 degrees — orthogonally outward.

EOF
d FyafsF --board 7x7 --obstacles e6
cat <<'EOF'

The Lion's locust capture, `cafK`: capture an adjacent enemy, then step on in the same direction.

EOF
d cafK --board 7x7 --enemies d5,e5 --obstacles d6
cat <<'EOF'

## Unload and induction: u and x

`u` with `d` on the last leg: the friend found there is unloaded on the start square — the two
swap places (`NudQ`: a Knight that swaps with a friend a clear Queen's move away). `x` on a leg
before the last: the leg stops on a friend, which then makes the rest of the move while the
inducer stays (`QxafmRxaifmB`: a Queen pushes a friend radially away, orthogonally any distance,
diagonally exactly her distance to it). The induced piece may move, or capture where it lands
(an induced move names its inducer, capture or not); a move with `x` has no `c` before its last
leg, and no `d`, `e`, `u` or second `x` after the induction. An induced or swapped piece never
promotes and leaves no e.p. square. An induced move with the same effect as the piece's own move
is one move; a swap is one move whichever partner starts it, and a swap with an identical piece
(same type and side) changes nothing and is no move.

EOF
d udQ --board 7x7 --obstacles d6,b2
d xafmRxaifmB --board 7x7 --obstacles d5,f6
cat <<'EOF'

## Crooked and circular: z and q

`z`: a crooked slide — every other step turns 90 degrees, to either side (`zB`). `q`: circular —
each leap turns to the next vector of the atom's octagon, always the same way, up to 7 leaps,
every landing square before the last empty (`qN` the Rose).

EOF
d zB --board 7x7
d qN --board 9x9
cat <<'EOF'

## Brackets: [X?Y] and [X-Y]

`[X-Y]`: an X move to an empty square, then on as Y *outward* — within 45 degrees of X's
direction, Y keeping its own kind (a rook continues orthogonally). `[X?Y]`: the same, or stop
after X (which may then capture). Direction letters before the bracket filter every leg
(`v[F?R]`: a Ferz step, then a vertical rook slide outward — Obento's Ship).

EOF
d '[A?R]' --board 7x7 --enemies b6
d 'v[F?R]' --board 7x7
cat <<'EOF'

## Castling: O

`O<n>` in the royal piece's moves: it castles by moving n squares towards the partner named by
the variant's `castling: {partner: ...}`; `i` and `s` in front (`KisO3`) are accepted and mean
what castling means anyway. Castling itself is described in `spec.md`.

## What is not supported yet

`h` alone (it needs a direction: `fh`), `o` (cylinder), `t`; `n`, `j`, `q`, `z` inside a
multi-leg move; relative directions between different oblique atoms. Each is an error naming its
column.
EOF
} > "${OUT:-docs/xbetza.md}"
