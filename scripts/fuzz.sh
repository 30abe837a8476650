#!/usr/bin/env bash
# Fuzzing: builds the libFuzzer harnesses (preset "fuzz": clang, ASan + UBSan) and the seed
# corpora, replays each harness's checked-in regression corpus (tests/fuzz/regressions/<corpus>,
# when it has one), then runs each harness for SECONDS on its working corpus
# (build-fuzz/fuzz-corpus/<harness>, grown from the generated seeds). Any crash, leak, UB or
# broken invariant fails the script and leaves the input in build-fuzz/fuzz-artifacts/: add it
# to tests/fuzz/regressions/<corpus>/.
# Usage: scripts/fuzz.sh [SECONDS] [harness...]   (default 30 s each; all nine harnesses)
#   harnesses: context_binary prepare config input_list tamper api_sequence online_prepare
#              delegate float_io
#   (tamper: structured field edits of context binaries, the kernel-variant differential and
#   memory poisoning; it shares context_binary's seeds and regression corpus; api_sequence: C
#   API call sequences over several contexts against RAW mirrors; online_prepare: graphs built
#   through the online-prepare API; delegate: delegate-API call programs; float_io: NaN, ±Inf
#   and denormals through the float boundary conversion)
# Harnesses run LPAI_FUZZ_JOBS at a time (default: the number of cores, at most 3), each on
# one core: with 2 cores, `scripts/fuzz.sh 30` takes about 5 x 30 s after the build.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-30}"
[ $# -gt 0 ] && shift
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] &&
  harnesses=(context_binary prepare config input_list tamper api_sequence online_prepare delegate
             float_io)
jobs="${LPAI_FUZZ_JOBS:-$(nproc)}"
[ "$jobs" -gt 3 ] && jobs=3
scripts/install-deps.sh
. scripts/compiler-cache.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target lpai_fuzz -j"$(nproc)"
mkdir -p build-fuzz/fuzz-artifacts

corpus_of() {  # the seed / regression folder a harness reads
  case "$1" in tamper) echo context_binary ;; *) echo "$1" ;; esac
}

for h in "${harnesses[@]}"; do
  regressions=tests/fuzz/regressions/"$(corpus_of "$h")"
  [ -d "$regressions" ] || continue
  echo "== $h: regression corpus"
  build-fuzz/bin/lpai_fuzz_"$h" -runs=0 "$regressions" 2>&1 | tail -n 1
done

# One harness for $secs seconds; its log in build-fuzz/fuzz-<h>.log.
run_one() {
  local h="$1" inputs corpus log
  inputs="$(corpus_of "$h")"
  corpus="build-fuzz/fuzz-corpus/$h"
  log="build-fuzz/fuzz-$h.log"
  mkdir -p "$corpus"
  local seeds=(build-fuzz/tests/fuzz/seeds/"$inputs")
  local shared=build-fuzz/tests/fuzz/shared-seeds/"$inputs"
  [ -d "$shared" ] && seeds+=("$shared")
  local rc=0
  build-fuzz/bin/lpai_fuzz_"$h" -max_total_time="$secs" -print_final_stats=1 -rss_limit_mb=2048 \
    -timeout=60 -artifact_prefix=build-fuzz/fuzz-artifacts/"$h"- "$corpus" "${seeds[@]}" \
    >"$log" 2>&1 || rc=$?
  echo "$rc" >"build-fuzz/fuzz-$h.rc"
}

# Results, in the order given, after all have run.
report() {
  local h="$1" log="build-fuzz/fuzz-$1.log"
  echo "== $h: ${secs} s"
  grep -E "DONE +cov:" "$log" | tail -n 1 || true
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$log" ||
    true
}

running=0
for h in "${harnesses[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  rm -f "build-fuzz/fuzz-$h.rc"
  run_one "$h" &
  running=$((running + 1))
done
wait
failed=()
for h in "${harnesses[@]}"; do
  [ "$(cat "build-fuzz/fuzz-$h.rc" 2>/dev/null || echo 1)" = 0 ] || failed+=("$h")
done
for h in "${harnesses[@]}"; do report "$h"; done
if [ ${#failed[@]} -gt 0 ]; then
  for h in "${failed[@]}"; do
    echo "== $h FAILED:"
    tail -n 40 "build-fuzz/fuzz-$h.log"
  done
  echo "fuzz: ${failed[*]} failed; inputs saved under build-fuzz/fuzz-artifacts/" >&2
  exit 1
fi
