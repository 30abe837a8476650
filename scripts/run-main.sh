#!/usr/bin/env bash
# The main job: prepare a model offline and run it in host simulation.
#   scripts/run-main.sh [model-name]     (default kws_ref_model from ../shared/models)
# Without ../shared, a small model the project builds itself is used instead.
# Output: out/main/ (context binary, plan report/plot, input list, Result_<k>/ folders).
set -euo pipefail
cd "$(dirname "$0")/.."
model="${1:-kws_ref_model}"
shared="$(cd .. && pwd)/shared"
scripts/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default -j"$(nproc)" --target lpai-context-binary-generator lpai-net-run lpai-make-demo-model >/dev/null
out=out/main
rm -rf "$out"
mkdir -p "$out"

if [ -f "$shared/models/$model.tflite" ]; then
  tflite="$shared/models/$model.tflite"
else
  echo "../shared/models/$model.tflite not found: using the project's own demo model"
  model=demo_model
  tflite="$out/$model.tflite"
  build/bin/lpai-make-demo-model --output_dir "$out"
fi

echo "== prepare: $tflite"
build/bin/lpai-context-binary-generator --model "$tflite" --binary_file "$model" \
  --output_dir "$out" --report --plot
sed -n '1,12p' "$out/$model.report.txt"

# Inputs: the golden inputs where they exist, else the project's demo inputs.
golden="$shared/golden/$model"
: > "$out/input_list.txt"
if [ -d "$golden" ]; then
  for k in 0 1 2 3; do
    ls "$golden"/input_${k}_*.bin | sort -t_ -k3 -n | tr '\n' ' ' >> "$out/input_list.txt"
    echo >> "$out/input_list.txt"
  done
else
  ls "$out"/demo_input_*.bin | while read -r f; do echo "$f" >> "$out/input_list.txt"; done
fi

echo "== run: lpai-net-run"
build/bin/lpai-net-run --retrieve_context "$out/$model.bin" --input_list "$out/input_list.txt" \
  --output_dir "$out" --profiling | grep -v '^  node' || exit 1

if [ -d "$golden" ]; then
  ok=0; total=0
  for k in 0 1 2 3; do
    for g in "$golden"/output_${k}_*.bin; do
      j="${g##*_}"; j="${j%.bin}"
      r=$(ls "$out/Result_$k"/*.raw | sed -n "$((j + 1))p")
      total=$((total + 1))
      cmp -s "$g" "$r" && ok=$((ok + 1))
    done
  done
  echo "== outputs equal to the TFLite Micro goldens: $ok/$total"
  [ "$ok" = "$total" ]
fi
