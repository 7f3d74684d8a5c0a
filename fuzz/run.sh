#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 60) with cargo-fuzz, on corpora seeded from the
# repository's own inputs (laws/, tests/cases/, the DSL conditions in them, the PBN deals) and
# from structured seeds that random mutation does not find (deep nesting, long case files, a
# byte-order mark). Needs a nightly toolchain and cargo-fuzz; prints a line per target and exits
# non-zero on the first crash, leaving its input under fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
targets=(dsl law_file case_file pbn json_case)
corpus=corpus
mkdir -p "$corpus"/{dsl,law_file,case_file,pbn,json_case}

# Seeds from the repository.
for f in ../laws/*.yaml ../laws/*/*.yaml; do cp "$f" "$corpus/law_file/$(echo "$f" | tr / _)"; done
for f in ../tests/cases/*/*.yaml; do cp "$f" "$corpus/case_file/$(basename "$f")"; done
grep -h 'when:' ../laws/*/*.yaml | sed 's/^ *when: *//' | sort -u | awk '{ print > "'"$corpus"'/dsl/when_" NR }'
grep -h '^ *- .* per "' ../laws/*/*.yaml | sed 's/^ *- //' | sort -u | awk '{ print > "'"$corpus"'/dsl/then_" NR }'
# The cases in JSON, as the API takes them (with Python's yaml where it is installed).
if python3 -c 'import yaml' 2>/dev/null; then
  python3 - "$corpus/json_case" ../tests/cases/*/*.yaml <<'PY'
import json, os, sys, yaml
out = sys.argv[1]
for path in sys.argv[2:]:
    try:
        case = yaml.safe_load(open(path, encoding="utf-8"))
    except Exception:
        continue
    with open(os.path.join(out, os.path.basename(path) + ".json"), "w") as f:
        json.dump(case, f, default=str)
PY
else
  echo "fuzz: no Python yaml module; json_case is seeded with the structured seeds only"
fi
grep -h '^deal:' ../tests/cases/*/*.yaml | sed 's/^deal: *"\(.*\)"/\1/' | sort -u | awk '{ print > "'"$corpus"'/pbn/deal_" NR }'

# Structured seeds: nesting past the DSL's limit, and long inputs.
nest() { local open="" close=""; for _ in $(seq "$1"); do open+="("; close+=")"; done; echo "${open}anyone_has_bid${close}"; }
nest 300 > "$corpus/dsl/nested_300"
nest 3000 > "$corpus/dsl/nested_3000"
{ for _ in $(seq 10000); do printf 'not '; done; echo anyone_has_bid; } > "$corpus/dsl/not_10000"
{ printf 'anyone_has_bid'; for _ in $(seq 2000); do printf ' and anyone_has_bid'; done; echo; } > "$corpus/dsl/and_2000"
{ printf '\xef\xbb\xbfedition: "1987"\ndealer: N\nevents:\n  - N: 1H\n'; } > "$corpus/case_file/bom"
{ echo 'edition: "1987"'; echo 'dealer: N'; echo 'events:'; for _ in $(seq 500); do echo '  - N: pass'; done; } > "$corpus/case_file/long"
printf '{"edition":"1987","dealer":"N","events":[{"N":"1H"},{"E":"pass"},{"N":"pass"},{"director":{"pass_meaning":"natural"}},{"S":"2H"},{"W":"pass"},{"N":"pass"},{"E":"pass"}]}' > "$corpus/json_case/law30b2"
printf '{"dealer":"N","dealer":"S","events":[{"N":"1H","N":"2H"}],"x":[-0,1e3,"\\u00e9",null,true]}' > "$corpus/json_case/fallbacks"
{ printf '{"dealer":"N","events":['; for _ in $(seq 400); do printf '{"W":"pass"},{"director":{"pass_meaning":"natural"}},'; done; printf '{"E":"pass"}]}'; } > "$corpus/json_case/long"
{ for _ in $(seq 200); do printf '['; done; for _ in $(seq 200); do printf ']'; done; } > "$corpus/json_case/nested"
{ echo 'clauses:'; echo '  - id: Law 99'; echo '    title: Deep'; echo '    authority: law';
  echo '    source: {document: 002_96f57dc98754fd8c.txt}'; echo '    certainty: summarized'; echo '    summary: s';
  echo '    rules:'; echo '      - table: irregularity'; printf '        when: '; nest 3000; echo '        then: [no_further_rectification]'; } > "$corpus/law_file/nested"

for t in "${targets[@]}"; do
  echo "fuzz: $t for ${seconds}s"
  dict=dict/case.dict
  case $t in dsl) dict=dict/dsl.dict;; law_file) dict=dict/law.dict;; pbn) dict=dict/pbn.dict;; json_case) dict=dict/json.dict;; esac
  log=$(mktemp)
  status=0
  cargo +nightly fuzz run "$t" "$corpus/$t" -- -max_total_time="$seconds" -dict="$dict" \
    -max_len=65536 -rss_limit_mb=4096 -timeout=10 -print_final_stats=1 >"$log" 2>&1 || status=$?
  grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" | sed "s/^/fuzz: $t /" || true
  if [ "$status" -ne 0 ]; then tail -40 "$log"; rm -f "$log"; echo "fuzz: $t FAILED (see fuzz/artifacts/$t/)"; exit 1; fi
  rm -f "$log"
done
echo "fuzz: ${#targets[@]} targets ran ${seconds}s each with no crash"
