#!/usr/bin/env bash
# The scale benchmark of issue 16 §3: synthetic law directories of k copies of each edition
# (k = 1, 2, 5, 10 by default; 10 gives 20 editions and about 2,000 rules), and for each the
# time of `bridgelaw check`, and of a release build of the generated tables: the `editions`
# crate, with the interface `tables` (the vocabulary is touched, since the editions changed),
# each with its build script and codegen, in a scratch copy of the workspace. Prints one table
# row per size.
# Usage: scripts/scale.sh [k ...]. Needs a release `bridgelaw` (it builds one).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(1 2 5 10)
cargo build -q --release -p bridgelaw --manifest-path "$root/Cargo.toml"
bin="$root/target/release/bridgelaw"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/ws"
(cd "$root" && tar --exclude=./target --exclude=./.git --exclude=./fuzz -cf - .) | (cd "$scratch/ws" && tar -xf -)
export CARGO_TARGET_DIR="$scratch/target"
cargo build -q --release -p bridgelaw-editions --manifest-path "$scratch/ws/Cargo.toml"   # dependencies, once
seconds() { local s; s=$(date +%s.%N); "$@" >/dev/null 2>&1; echo "$(date +%s.%N) - $s" | bc; }
printf '| copies | editions | rules | check (s) | tables build, release (s) |\n|---|---|---|---|---|\n'
for k in "${sizes[@]}"; do
  laws="$scratch/ws/laws"
  rm -rf "$laws"; mkdir -p "$laws"
  cp "$root/laws/vocabulary.yaml" "$laws/"
  [ -d "$root/laws/sources" ] && cp -r "$root/laws/sources" "$laws/"
  [ -f "$root/laws/sources.yaml" ] && cp "$root/laws/sources.yaml" "$laws/"
  for ed in $(cd "$root/laws" && ls -d */ | tr -d / | grep -v '^sources$'); do
    for i in $(seq "$k"); do
      name="$ed"; [ "$i" -gt 1 ] && name="${ed}-copy$i"
      cp -r "$root/laws/$ed" "$laws/$name"
    done
  done
  editions=$(ls -d "$laws"/*/ | grep -vc '/sources/$')
  rules=$(cat "$laws"/*/*.yaml | grep -c '^ *\(- \)\?table:')
  check=$(seconds "$bin" check "$laws")
  touch "$laws/vocabulary.yaml"
  build=$(seconds cargo build -q --release -p bridgelaw-editions --manifest-path "$scratch/ws/Cargo.toml")
  printf '| %s | %s | %s | %.2f | %.1f |\n' "$k" "$editions" "$rules" "$check" "$build"
done
