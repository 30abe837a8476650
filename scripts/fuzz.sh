#!/usr/bin/env bash
# Fuzzing: builds the libFuzzer harnesses (preset "fuzz": clang, ASan + UBSan) and the seed
# corpora, replays the checked-in regression corpus (tests/fuzz/regressions/<harness>), then
# runs each harness for SECONDS on its working corpus (build-fuzz/fuzz-corpus/<harness>, grown
# from the generated seeds). Any crash, leak, UB or broken invariant fails the script and
# leaves the input in build-fuzz/fuzz-artifacts/: add it to tests/fuzz/regressions/<harness>/.
# Usage: scripts/fuzz.sh [SECONDS] [harness...]   (default 30 s each; all six harnesses)
#   harnesses: context_binary prepare config input_list tamper api_sequence
#   (tamper: structured field edits of context binaries, the kernel-variant differential and
#   memory poisoning; it shares context_binary's seeds and regression corpus; api_sequence: C API
#   call sequences over several contexts against RAW mirrors)
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-30}"
[ $# -gt 0 ] && shift
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=(context_binary prepare config input_list tamper api_sequence)
scripts/install-deps.sh
. scripts/compiler-cache.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target lpai_fuzz -j"$(nproc)"
mkdir -p build-fuzz/fuzz-artifacts
for h in "${harnesses[@]}"; do
  exe="build-fuzz/bin/lpai_fuzz_$h"
  corpus="build-fuzz/fuzz-corpus/$h"
  inputs="$h"
  [ "$h" = tamper ] && inputs=context_binary
  mkdir -p "$corpus"
  echo "== $h: regression corpus"
  "$exe" -runs=0 tests/fuzz/regressions/"$inputs" 2>&1 | tail -n 1
  echo "== $h: ${secs} s"
  log="build-fuzz/fuzz-$h.log"
  seeds=(build-fuzz/tests/fuzz/seeds/"$inputs")
  shared=build-fuzz/tests/fuzz/shared-seeds/"$inputs"
  [ -d "$shared" ] && seeds+=("$shared")
  if ! "$exe" -max_total_time="$secs" -print_final_stats=1 -rss_limit_mb=2048 -timeout=20 \
       -artifact_prefix=build-fuzz/fuzz-artifacts/"$h"- "$corpus" "${seeds[@]}" \
       >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz: $h failed; input saved under build-fuzz/fuzz-artifacts/" >&2
    exit 1
  fi
  grep -E "DONE +cov:" "$log" | tail -n 1 || true
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$log" || true
done
