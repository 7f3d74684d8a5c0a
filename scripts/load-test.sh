#!/usr/bin/env bash
# Load test of `bridgelaw serve` on loopback: POST /api/v1/rule with a typical
# irregular auction, keep-alive, from a second process (wrk), with the
# server's memory sampled every 5 s. A benchmark, not a test: run it by hand.
#
#   scripts/load-test.sh [SECONDS] [CONNECTIONS] [WRK_THREADS]    # defaults 60 64 1
#   BIN=/tmp/old/bridgelaw scripts/load-test.sh                     # another build, not rebuilt
#
# Needs wrk (`apt-get install wrk`). Builds the release binary first. Binds
# 127.0.0.1 only; every process it starts is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
connections=${2:-64}
threads=${3:-1}
port=${PORT:-18181}
command -v wrk >/dev/null || { echo "wrk is required: apt-get install wrk"; exit 2; }
[ "$seconds" -le 600 ] || { echo "at most 600 s"; exit 2; }
# BIN=path runs another build of the binary (to compare two builds in one sitting).
if [ -z "${BIN:-}" ]; then cargo build --release -q -p bridgelaw; fi
bin=${BIN:-target/release/bridgelaw}
echo "load: $(uptime)"
log=$(mktemp)
"$bin" serve --addr "127.0.0.1:$port" --concurrency 1024 >"$log" 2>&1 &
server=$!
sampler=
cleanup() {
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null || true
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$port/api/v1/editions" >/dev/null && break
  sleep 0.1
done
body=$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" scripts/load-test.lua)
curl -sf -X POST -H 'Content-Type: application/json' --data "$body" "http://127.0.0.1:$port/api/v1/rule" \
  | grep -q '"pass_out_of_rotation"' || { echo "the server does not rule the case"; exit 1; }
rss() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
echo "memory before: $(rss) KiB RSS"
SECONDS=0
(
  while sleep 5; do echo "memory at +$((SECONDS))s: $(rss) KiB RSS"; done
) &
sampler=$!
wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s scripts/load-test.lua "http://127.0.0.1:$port/api/v1/rule"
kill "$sampler" 2>/dev/null || true
sampler=
echo "memory after: $(rss) KiB RSS"
echo "load: $(uptime)"
