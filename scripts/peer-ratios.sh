#!/usr/bin/env bash
# lpai-rt against TFLite Micro (reference kernels, and with CMSIS-NN's portable C kernels) on a
# machine where TFLite Micro is not built, by chaining through a reference build of lpai-rt.
#
# ../shared/golden/tflm_figures.md ("Same-run peers") holds both peers' CPU time per inference,
# measured in one run with lpai-rt at commit REF (the wave start, e4f4ea5); issue 16's table
# gives lpai-rt's times in that same run (ANCHOR_US below). This script builds REF's
# lpai_bench_perf_models (outside the tree, in --ref-build) and runs it and the current one back
# to back, --rounds times. A model's speed-up is ref_min / current_min, the minimum CPU time of
# each build over the rounds (this machine's noise comes in bursts of seconds and only ever
# adds time); the median over rounds of the within-round ratio is printed beside it as a
# cross-check. Then, for a peer P:
#   x_P = P_us / (ANCHOR_us / speed-up)
# i.e. the same-run ratio, carried over by the speed-up of the current code over REF measured
# here. hello_world, trained_lstm and dtln have no same-run figures (no anchor): they are
# printed as the speed-up over REF only.
#
# Usage: scripts/peer-ratios.sh [--rounds N] [--variant portable|avx2|avx512vnni]
#                               [--ref COMMIT] [--ref-build DIR] [--build DIR] [--shared DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds=12
variant=portable
ref=e4f4ea5
ref_build="$root/build-peer-ref"
build="$root/build"
shared="$(cd "$root/.." && pwd)/shared"
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --variant) variant="$2"; shift 2 ;;
    --ref) ref="$2"; shift 2 ;;
    --ref-build) ref_build="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --shared) shared="$2"; shift 2 ;;
    *) echo "peer-ratios: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -d "$shared/models" ] || { echo "peer-ratios: $shared/models not found (--shared)" >&2; exit 1; }
cur="$build/bin/lpai_bench_perf_models"
[ -x "$cur" ] || { echo "peer-ratios: $cur not built (cmake --build --preset default)" >&2; exit 1; }

# The reference build: REF's sources exported from git (no worktree), its perf bench's model
# table extended by micro_speech and the three reference-only models (REF listed five).
ref_bin="$ref_build/build/bin/lpai_bench_perf_models"
if [ ! -x "$ref_bin" ]; then
  mkdir -p "$ref_build/src"
  git -C "$root" archive "$ref" | tar -x -C "$ref_build/src"
  sed -i 's/    {"str_ww_ref_model", 862.9},/    {"str_ww_ref_model", 862.9}, {"micro_speech_quantized", 831.3},\n    {"hello_world_int8", 0.53}, {"trained_lstm_int8", 135.0}, {"dtln_noise_suppression", 335.4},/' \
    "$ref_build/src/bench/bench_perf_models.cc"
  cmake -S "$ref_build/src" -B "$ref_build/build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE=-O2 -DCMAKE_C_FLAGS_RELEASE=-O2 -DLPAI_SHARED_DIR="$shared" >/dev/null
  cmake --build "$ref_build/build" -j"$(nproc)" --target lpai_bench_perf_models >/dev/null
fi

# lpai-rt at REF in the peers' run (issue 16's table), CPU us per inference.
declare -A anchor=([kws_ref_model]=383 [vww_96_int8]=1374 [pretrainedResnet_quant]=1536
                   [ad01_int8]=31 [str_ww_ref_model]=114 [micro_speech_quantized]=230)
# The peers in that run (tflm_figures.md, "Same-run peers", CPU us).
declare -A ref_us cmsis_us
while IFS='|' read -r _ model r c _; do
  model="$(echo "$model" | xargs)"
  ref_us[$model]="$(echo "$r" | xargs)"
  cmsis_us[$model]="$(echo "$c" | xargs)"
done < <(sed -n '/^## Same-run peers/,/^## /p' "$shared/golden/tflm_figures.md" | grep -E '^\| [a-z]' | grep -v '^| model')

samples="$(mktemp)"
trap 'rm -f "$samples"' EXIT
for r in $(seq "$rounds"); do
  "$ref_bin" --benchmark_min_time=0.1 --benchmark_format=csv 2>/dev/null | grep '^"BM_' |
    awk -F, -v r="$r" '{gsub(/"/, "", $1); sub(/^BM_PerfModel\//, "", $1); print "ref", $1, $4, r}' >>"$samples"
  LPAI_SHARED_DIR="$shared" "$cur" --benchmark_filter="/$variant\$" --benchmark_min_time=0.1 \
    --benchmark_format=csv 2>/dev/null | grep '^"BM_' |
    awk -F, -v r="$r" '{gsub(/"/, "", $1); sub(/^BM_PerfModel\//, "", $1); sub(/\/[a-z0-9]+$/, "", $1); print "cur", $1, $4, r}' >>"$samples"
done

echo "lpai-rt ($variant) against the same-run peers, chained through $ref ($rounds rounds; min CPU us"
echo "per build; speed-up = ratio of the minima; 'median' = median within-round ratio)"
printf '%-24s %10s %10s %9s %8s %10s %9s %9s\n' model "$ref us" "now us" speedup median "as-if us" x_ref x_cmsis
for m in kws_ref_model vww_96_int8 pretrainedResnet_quant ad01_int8 str_ww_ref_model \
         micro_speech_quantized hello_world_int8 trained_lstm_int8 dtln_noise_suppression; do
  rmin="$(awk -v m="$m" '$1 == "ref" && $2 == m {print $3}' "$samples" | sort -g | head -1)"
  cmin="$(awk -v m="$m" '$1 == "cur" && $2 == m {print $3}' "$samples" | sort -g | head -1)"
  [ -n "$rmin" ] && [ -n "$cmin" ] || { printf '%-24s (not measured)\n' "$m"; continue; }
  speedup="$(awk -v m="$m" '$2 == m {t[$1 " " $4] = $3; seen[$4] = 1}
      END {for (r in seen) if (("ref " r) in t && ("cur " r) in t) print t["ref " r] / t["cur " r]}' \
      "$samples" | sort -g | awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}')"
  awk -v m="$m" -v r="$rmin" -v c="$cmin" -v md="$speedup" -v a="${anchor[$m]:-}" \
      -v pr="${ref_us[$m]:-}" -v pc="${cmsis_us[$m]:-}" 'BEGIN {
    s = r / c
    if (a == "" || pr == "") { printf "%-24s %10.2f %10.2f %8.2fx %7.2fx %10s %9s %9s\n", m, r, c, s, md, "-", "-", "-"; exit }
    t = a / s
    printf "%-24s %10.2f %10.2f %8.2fx %7.2fx %10.1f %8.1fx %8.1fx\n", m, r, c, s, md, t, pr / t, pc / t }'
done
