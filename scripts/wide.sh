#!/usr/bin/env bash
# The wide-table benchmark of issue 16 §2: does the `tables` build grow with the number of
# facts a table tests? In a scratch copy of the workspace, the 1987 `wrong_board` table is
# made to test N more boolean facts (`wide_1` … `wide_N`, derived, declared in the
# vocabulary; N = 0, 8, 14 by default; 14 gives 16 facts, 65,536 combinations, the
# compiler's cap), and for each N a debug build of the `tables` crate (its build script,
# codegen and rustc's front end) is timed, with its peak memory (GNU time). Prints one table
# row per N. Usage: scripts/wide.sh [N ...]. The laws of the repository are not touched.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(0 8 14)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/ws"
(cd "$root" && tar --exclude=./target --exclude=./.git --exclude=./fuzz -cf - .) | (cd "$scratch/ws" && tar -xf -)
export CARGO_TARGET_DIR="$scratch/target"
cargo build -q -p bridgelaw-tables --manifest-path "$scratch/ws/Cargo.toml"   # dependencies, once
file="$scratch/ws/laws/1987/law17-19-33-39.yaml"
cp "$file" "$scratch/rules.orig"
cp "$scratch/ws/laws/vocabulary.yaml" "$scratch/vocabulary.orig"
printf '| extra facts | facts of wrong_board | combinations | tables build, debug (s) | peak memory (MB) |\n|---|---|---|---|---|\n'
for n in "${sizes[@]}"; do
  cp "$scratch/rules.orig" "$file"
  cp "$scratch/vocabulary.orig" "$scratch/ws/laws/vocabulary.yaml"
  if [ "$n" -gt 0 ]; then
    all=$(seq -s ' and ' -f 'wide_%g' 1 "$n")
    facts=$(for i in $(seq "$n"); do printf '  - name: wide_%s\n    doc: A synthetic fact of the wide-table benchmark.\n    source: derived\n    type: bool\n' "$i"; done)
    # The facts go at the end of the `facts:` list, just before `tables:`.
    FACTS="$facts" perl -0pi -e 's/\ntables:\n/\n$ENV{FACTS}\ntables:\n/' "$scratch/ws/laws/vocabulary.yaml"
    # Requested, or every wide fact, cancels; otherwise as before.
    ALL="$all" perl -0pi -e '
      s/when: cancellation_requested\n/when: cancellation_requested or ($ENV{ALL})\n/;
      s/when: not cancellation_requested and director_cancels_deal\n/when: not cancellation_requested and not ($ENV{ALL}) and director_cancels_deal\n/;
      s/when: not cancellation_requested and not director_cancels_deal\n/when: not cancellation_requested and not ($ENV{ALL}) and not director_cancels_deal\n/' "$file"
  fi
  out="$scratch/time.txt"
  start=$(date +%s.%N)
  /usr/bin/time -v -o "$out" cargo build -q -p bridgelaw-tables --manifest-path "$scratch/ws/Cargo.toml" >/dev/null 2>&1 || {
    echo "build failed for N=$n" >&2; cargo build -p bridgelaw-tables --manifest-path "$scratch/ws/Cargo.toml" 2>&1 | tail -20 >&2; exit 1; }
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  # cargo's peak is its largest child's (the build script's or rustc's).
  peak=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$out")
  printf '| %s | %s | %s | %.1f | %s |\n' "$n" "$((n + 2))" "$((1 << (n + 2)))" "$secs" "$peak"
done
