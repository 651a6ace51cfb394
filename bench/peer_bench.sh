#!/usr/bin/env bash
# Perft speed of fairy against its peers (Fairy-Stockfish, Stockfish) on the same positions.
#
#   bench/peer_bench.sh [--fairy BIN] [--fsf BIN] [--fsf-large BIN] [--stockfish BIN]
#                       [--fsf-variants FILE] [--rounds N] [--clock cpu|wall] [--only REGEX]
#   bench/peer_bench.sh --self-test [--fairy BIN]   (parsing and protocol, with fake engines)
#
# Peers (optional; a line whose peer is missing measures fairy alone):
#   --fsf        Fairy-Stockfish, 64-bit build   (env FSF)        chess lines
#   --fsf-large  Fairy-Stockfish, largeboards    (env FSF_LARGE)  capablanca, grand lines
#   --stockfish  Stockfish                       (env STOCKFISH)  chess lines
#   --fsf-variants  a variants.ini for Fairy-Stockfish (env FSF_VARIANTS): the lines whose peer
#                is fsf:ini or fsf-large:ini (variants not built into Fairy-Stockfish) set it
#                as VariantPath first; Fairy-Stockfish's own src/variants.ini defines them all
# --fairy defaults to build/fairy of this checkout (env FAIRY).
#
# Each position runs in alternation, fairy then its peers, for N rounds (default 3), single
# thread; the medians are printed. Nodes must agree between engines (else exit 1).
#
# Timing excludes process start-up on both sides: fairy reports the perft's own time on
# stderr; a peer is started, given uci / setoption / position and answers isready before the
# clock starts at `go perft`, and stops at its "Nodes searched" line. The clock is CPU time by
# default (fairy: std::clock; peers: the sum of /proc/PID/task/*/schedstat), because the cores
# are shared and wall time then measures the neighbours too; --clock wall uses wall time.
set -euo pipefail
export LC_ALL=C

here="$(cd "$(dirname "$0")" && pwd)"
line_timeout="${PEER_BENCH_TIMEOUT:-900}"  # seconds a peer may stay silent

# variant position depth peers fen ("-": start position / no peer; PEER:ini: with --fsf-variants)
positions() {
  cat <<'EOF'
chess      start    6 fsf,stockfish -
chess      kiwipete 5 fsf,stockfish r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
capablanca start    5 fsf-large     -
grand      start    4 fsf-large     -
makruk     start    6 fsf           -
obento     start    4 -             -
terachess2 start    4 -             -
sandbox    start    4 -             -
universal  start    5 -             -
extramove  start    7 -             -
crazyhouse start    5 fsf           -
crazyhouse hands    3 fsf           r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[QRBNPqrbnp] w KQkq - 0 1
seirawan   start    5 fsf           -
shogi      start    5 fsf-large     -
minishogi  start    6 fsf           -
kyotoshogi start    7 fsf           -
placement  start    6 fsf           -
sittuyin   start    5 fsf           -
sittuyin   promotions 6 fsf         1r2k3/4s3/2P3p1/3p4/3Pp3/1n3P2/4S3/R3K3 w - - 0 1
cambodian  start    6 fsf           -
xiangqi    start    5 fsf-large     -
janggi     start    5 fsf-large     -
extinction start    6 fsf           -
3check     start    6 fsf           -
atomic     start    6 fsf           -
racingkings start   6 fsf           -
antichess  start    6 fsf           -
losers     start    6 fsf           -
horde      start    7 fsf           -
shatranj   start    6 fsf           -
courier    start    5 fsf-large     -
knightmate start    5 fsf           -
chigorin   start    5 fsf           -
amazon     start    5 fsf           -
almost     start    5 fsf           -
grasshopper start   5 fsf           -
minixiangqi start   5 fsf           -
janus      start    5 fsf-large     -
embassy    start    5 fsf-large     -
gothic     start    5 fsf-large     -
shako      start    4 fsf-large     -
orda       start    5 fsf:ini       -
synochess  start    5 fsf:ini       -
shinobi    start    5 fsf:ini       -
chak       start    5 fsf-large:ini -
EOF
}

die() {
  echo "peer_bench: $*" >&2
  exit 2
}

# --- parsing (checked by --self-test) -------------------------------------------------------

# The count of the last "Nodes searched: N" line of an engine's output (stdin).
parse_nodes() {
  awk '/^Nodes searched: [0-9]+/ { n = $3 } END { if (n == "") exit 1; print n }'
}

# "WALL CPU" seconds from fairy perft's stderr line "... nodes in W s (... nodes/s) on T thread(s), cpu C s".
parse_fairy_seconds() {
  awk '/ nodes in [0-9.]+ s .*, cpu [0-9.]+ s$/ {
         for (i = 1; i < NF; ++i) { if ($i == "in") w = $(i + 1); if ($i == "cpu") c = $(i + 1) }
       }
       END { if (w == "" || c == "") exit 1; print w, c }'
}

# The median of the numbers given as arguments.
median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1
    print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# --- measuring ------------------------------------------------------------------------------

# Nanoseconds the process's threads have run so far.
cpu_ns() {
  cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ s += $1 } END { printf "%.0f\n", s }'
}

now_ns() {
  local t="$EPOCHREALTIME"
  echo "${t%.*}${t#*.}000"
}

# fairy_perft BIN VARIANT FEN DEPTH -> "NODES WALL CPU"
fairy_perft() {
  local bin="$1" variant="$2" fen="$3" depth="$4" err out nodes secs
  local args=(perft "$variant" "$depth" --threads 1)  # peers run one thread too
  [ "$fen" = - ] || args+=(--fen "$fen")
  err="$(mktemp)"
  out="$("$bin" "${args[@]}" 2>"$err")" || { cat "$err" >&2; rm -f "$err"; die "fairy failed: $bin ${args[*]}"; }
  nodes="$(parse_nodes <<<"$out")" || die "no 'Nodes searched' from $bin ${args[*]}"
  secs="$(parse_fairy_seconds <"$err")" || die "no timing line from $bin ${args[*]}: $(cat "$err")"
  rm -f "$err"
  echo "$nodes $secs"
}

# peer_perft BIN VARIANT FEN DEPTH [VARIANTS_INI] -> "NODES WALL CPU": a UCI engine fed through a
# coprocess; VARIANTS_INI, when given, is loaded (VariantPath) before the variant is chosen.
peer_perft() {
  local bin="$1" variant="$2" fen="$3" depth="$4" ini="${5:-}" line nodes cpu0 cpu1 t0 t1
  coproc ENGINE { exec "$bin" 2>&1; }
  local pid="$ENGINE_PID" to="${ENGINE[1]}" from="${ENGINE[0]}"
  expect() {  # read until a line that starts with $1, left in $line (no subshell: the pipes are ours)
    while IFS= read -r -t "$line_timeout" line <&"$from"; do
      line="${line%$'\r'}"
      [[ "$line" != "$1"* ]] || return 0
    done
    return 1
  }
  echo uci >&"$to"
  expect uciok || die "$bin: no uciok"
  [ -z "$ini" ] || echo "setoption name VariantPath value $ini" >&"$to"
  [ "$variant" = chess ] || echo "setoption name UCI_Variant value $variant" >&"$to"
  if [ "$fen" = - ]; then echo "position startpos" >&"$to"; else echo "position fen $fen" >&"$to"; fi
  echo isready >&"$to"
  expect readyok || die "$bin: no readyok"
  cpu0="$(cpu_ns "$pid")"
  t0="$(now_ns)"
  echo "go perft $depth" >&"$to"
  expect "Nodes searched:" || die "$bin: no 'Nodes searched' for $variant $depth"
  t1="$(now_ns)"
  cpu1="$(cpu_ns "$pid")"
  echo quit >&"$to"
  wait "$pid" 2>/dev/null || true
  nodes="$(parse_nodes <<<"$line")"
  awk -v n="$nodes" -v w=$((t1 - t0)) -v c=$((cpu1 - cpu0)) 'BEGIN { printf "%s %.6f %.6f\n", n, w / 1e9, c / 1e9 }'
}

# --- the table ------------------------------------------------------------------------------

# The binary of a peer name ("" when not given); NAME:ini needs --fsf-variants too.
peer_binary() {
  if [[ "$1" == *:ini ]]; then
    [ -n "$fsf_variants" ] || return 0
    peer_binary "${1%:ini}"
    return
  fi
  case "$1" in
    fsf) echo "$fsf" ;;
    fsf-large) echo "$fsf_large" ;;
    stockfish) echo "$stockfish" ;;
  esac
}

# nodes/s from "NODES WALL CPU" with the chosen clock
rate() {
  awk -v clock="$clock" '{ s = clock == "wall" ? $2 : $3; printf "%.0f\n", (s > 0 ? $1 / s : 0) }' <<<"$1"
}

# One position: rounds of fairy then each available peer; one output line per peer.
bench_position() {
  local variant="$1" name="$2" depth="$3" peers="$4" fen="$5" failed=0
  local -a names=() bins=()
  local p
  if [ "$peers" != - ]; then
    for p in ${peers//,/ }; do
      names+=("$p")
      bins+=("$(peer_binary "$p")")
    done
  fi
  local -a fairy_rates=()
  local -A peer_rates=() peer_nodes=()
  local r i result ini nodes=""
  for ((r = 0; r < rounds; ++r)); do
    result="$(fairy_perft "$fairy" "$variant" "$fen" "$depth")" || exit 2
    nodes="${result%% *}"
    fairy_rates+=("$(rate "$result")")
    for i in "${!names[@]}"; do
      [ -n "${bins[$i]}" ] || continue
      ini=""
      [[ "${names[$i]}" != *:ini ]] || ini="$fsf_variants"
      result="$(peer_perft "${bins[$i]}" "$variant" "$fen" "$depth" "$ini")" || exit 2
      peer_nodes[$i]="${result%% *}"
      peer_rates[$i]="${peer_rates[$i]:-} $(rate "$result")"
    done
  done
  local fairy_nps peer_nps
  fairy_nps="$(median "${fairy_rates[@]}")"
  if [ "${#names[@]}" -eq 0 ]; then names=(-); fi
  for i in "${!names[@]}"; do
    peer_nps=-
    if [ -n "${peer_rates[$i]:-}" ]; then
      # shellcheck disable=SC2086
      peer_nps="$(median ${peer_rates[$i]})"
      if [ "${peer_nodes[$i]}" != "$nodes" ]; then
        echo "peer_bench: $variant $name d$depth: fairy counts $nodes nodes, ${names[$i]} ${peer_nodes[$i]}" >&2
        failed=1
      fi
    fi
    awk -v v="$variant" -v p="$name" -v d="$depth" -v n="$nodes" -v f="$fairy_nps" -v e="${names[$i]}" -v q="$peer_nps" \
      'BEGIN { printf "%-11s %-9s %5s %12s %12.0f  %-10s %12s %7s\n", v, p, d, n, f, e,
                      q == "-" ? "-" : sprintf("%.0f", q), q == "-" || q == 0 ? "-" : sprintf("%.3f", f / q) }'
  done
  return "$failed"
}

run_table() {
  echo "# clock: $clock time, $rounds rounds, medians; ratio = fairy / peer nodes/s; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  printf '%-11s %-9s %5s %12s %12s  %-10s %12s %7s\n' variant position depth nodes fairy_nps peer peer_nps ratio
  local variant name depth peers fen status=0
  while read -r variant name depth peers fen; do
    [[ "$variant/$name" =~ $only ]] || continue
    bench_position "$variant" "$name" "$depth" "$peers" "$fen" || status=1
  done < <(positions)
  return "$status"
}

# --- self-test: the parsing and the protocol, against fake engines --------------------------

self_test() {
  local fails=0
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  check() {  # check NAME EXPECTED ACTUAL
    if [ "$2" != "$3" ]; then
      echo "FAIL $1: expected '$2', got '$3'" >&2
      fails=$((fails + 1))
    fi
  }
  check "parse_nodes (divide lines, blank line)" 119060324 \
    "$(printf 'a2a3: 4463267\nb1c3: 5708064\n\nNodes searched: 119060324\n\n' | parse_nodes)"
  check "parse_nodes without a count fails" failed "$(echo 'Nodes searched:' | parse_nodes || echo failed)"
  check "parse_fairy_seconds" "1.250 0.998" \
    "$(echo 'chess perft 5: 4865609 nodes in 1.250 s (3892487 nodes/s) on 1 thread, cpu 0.998 s' | parse_fairy_seconds)"
  check "parse_fairy_seconds without cpu fails" failed \
    "$(echo 'chess perft 5: 4865609 nodes in 1.250 s (3892487 nodes/s)' | parse_fairy_seconds || echo failed)"
  check "median of odd count" 2 "$(median 3 1 2)"
  check "median of even count" 3.5 "$(median 4 1 3 10)"

  # A fake UCI engine: records what it is told, answers perft with $FAKE_NODES.
  cat >"$tmp/peer" <<'EOF'
#!/usr/bin/env bash
while IFS= read -r cmd; do
  echo "$cmd" >>"$FAKE_LOG"
  case "$cmd" in
    uci) printf 'id name fake\noption name Threads type spin default 1 min 1 max 512\nuciok\n' ;;
    isready) echo readyok ;;
    "go perft "*) printf 'a2a3: 1\n\nNodes searched: %s\n\n' "$FAKE_NODES" ;;
    quit) exit 0 ;;
  esac
done
EOF
  cat >"$tmp/fairy" <<'EOF'
#!/usr/bin/env bash
echo "$*" >>"$FAKE_FAIRY_LOG"
echo "Nodes searched: $FAKE_FAIRY_NODES"
echo "$2 perft $3: $FAKE_FAIRY_NODES nodes in 0.500 s (2 nodes/s), cpu 0.250 s" >&2
EOF
  chmod +x "$tmp/peer" "$tmp/fairy"
  export FAKE_LOG="$tmp/log" FAKE_FAIRY_LOG="$tmp/fairy.log" FAKE_NODES=97862 FAKE_FAIRY_NODES=97862
  local got
  got="$(peer_perft "$tmp/peer" capablanca "10/10/10/10/10/10/10/K8k w - - 0 1" 3)"
  check "peer_perft nodes" 97862 "${got%% *}"
  check "peer_perft session" "uci|setoption name UCI_Variant value capablanca|position fen 10/10/10/10/10/10/10/K8k w - - 0 1|isready|go perft 3|quit" \
    "$(paste -sd'|' "$tmp/log")"
  : >"$tmp/log"
  got="$(peer_perft "$tmp/peer" orda - 3 /tmp/variants.ini)"
  check "peer_perft with a variants.ini: session" "uci|setoption name VariantPath value /tmp/variants.ini|setoption name UCI_Variant value orda|position startpos|isready|go perft 3|quit" \
    "$(paste -sd'|' "$tmp/log")"
  got="$(fairy_perft "$tmp/fairy" chess - 5)"
  check "fairy_perft" "97862 0.500 0.250" "$got"
  check "fairy_perft runs one thread" "perft chess 5 --threads 1" "$(cat "$tmp/fairy.log")"
  clock=cpu
  check "rate (cpu)" 391448 "$(rate "$got")"

  if [ -x "$fairy" ]; then  # the real fairy's output, as parsed
    got="$(fairy_perft "$fairy" chess "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 2)"
    check "real fairy_perft: nodes and two times" "2039 2" "$(awk '{ print $1, ($2 >= 0) + ($3 >= 0) }' <<<"$got")"
  fi

  fairy="$tmp/fairy" fsf="$tmp/peer" fsf_large="" stockfish="" rounds=2
  got="$(bench_position chess start 3 fsf,stockfish - 2>/dev/null)"
  check "table line with a peer" "chess start 3 97862 391448 fsf" "$(head -1 <<<"$got" | awk '{ print $1, $2, $3, $4, $5, $6 }')"
  check "table line without the peer" "stockfish - -" "$(tail -1 <<<"$got" | awk '{ print $6, $7, $8 }')"
  fsf_variants=""
  check "fsf:ini without --fsf-variants: no peer" "fsf:ini - -" \
    "$(bench_position orda start 3 fsf:ini - 2>/dev/null | awk '{ print $6, $7, $8 }')"
  fsf_variants="$tmp/variants.ini"
  : >"$tmp/log"
  got="$(bench_position orda start 3 fsf:ini - 2>/dev/null)"
  check "fsf:ini with --fsf-variants: the peer measured" "fsf:ini measured" \
    "$(awk '{ print $6, ($7 ~ /^[0-9]+$/ ? "measured" : $7) }' <<<"$got")"
  check "fsf:ini with --fsf-variants: VariantPath set" 2 "$(grep -c "^setoption name VariantPath value $tmp/variants.ini$" "$tmp/log")"
  export FAKE_NODES=97863
  check "differing nodes fail" 1 "$(bench_position chess start 3 fsf - >/dev/null 2>&1 && echo 0 || echo 1)"

  if [ "$fails" -ne 0 ]; then
    echo "peer_bench self-test: $fails failed" >&2
    return 1
  fi
  echo "peer_bench self-test: ok"
}

# --- arguments ------------------------------------------------------------------------------

main() {
  local b
  fairy="${FAIRY:-$here/../build/fairy}"
  fsf="${FSF:-}"
  fsf_variants="${FSF_VARIANTS:-}"
  fsf_large="${FSF_LARGE:-}"
  stockfish="${STOCKFISH:-}"
  rounds=3
  clock=cpu
  only=.
  self_test_only=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --self-test) self_test_only=1; shift ;;
      --fairy | --fsf | --fsf-large | --stockfish | --fsf-variants | --rounds | --clock | --only)
        [ $# -ge 2 ] || die "$1 needs a value"
        case "$1" in
          --fairy) fairy="$2" ;;
          --fsf) fsf="$2" ;;
          --fsf-large) fsf_large="$2" ;;
          --stockfish) stockfish="$2" ;;
          --fsf-variants) fsf_variants="$2" ;;
          --rounds) rounds="$2" ;;
          --clock) clock="$2" ;;
          --only) only="$2" ;;
        esac
        shift 2
        ;;
      -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
      *) die "unknown argument '$1' (see --help)" ;;
    esac
  done
  [[ "$rounds" =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive number, not '$rounds'"
  [[ "$clock" == cpu || "$clock" == wall ]] || die "--clock must be cpu or wall, not '$clock'"
  [[ x =~ $only ]] || [ $? -eq 1 ] || die "--only: not a regular expression: '$only'"
  if [ "$self_test_only" = 1 ]; then
    self_test
    exit
  fi
  [ -x "$fairy" ] || die "no fairy binary at $fairy (build first, or --fairy BIN)"
  for b in "$fsf" "$fsf_large" "$stockfish"; do
    [ -z "$b" ] || [ -x "$b" ] || die "not an executable: $b"
  done
  [ -z "$fsf_variants" ] || [ -r "$fsf_variants" ] || die "--fsf-variants: cannot read $fsf_variants"
  run_table
}

# Parsed whole before it runs, so editing this file during a run cannot change the run.
main "$@"
exit
