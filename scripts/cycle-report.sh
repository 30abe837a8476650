#!/usr/bin/env bash
# Instruction counts per inference and per node of every model embedded in the firmware images,
# counted by QEMU through the qemu-insn plugin (tools/qemu-insn): exact and repeatable, not
# host time. Builds the images (scripts/build-firmware-images.sh), runs each under its emulator
# with the plugin and prints, per target and model:
#   instructions per inference = median of the image's 4 identical "bench" inferences (the
#   4 values are printed too; they are equal unless the model keeps state across inferences),
#   MACs per inference and MACs per instruction; with --nodes, per node: op, MACs, instructions
#   (median over the 4 inferences) and MACs per instruction.
# On Hexagon the unit is one PACKET (QEMU translates a packet as one instruction); on Cortex-M
# one Thumb-2 instruction. See docs/firmware-images.md.
#
# Usage: scripts/cycle-report.sh [--targets "hexagon cortex_m cortex_m55"] [--host-build DIR]
#                                [--cross-dir T=DIR] [--no-build] [--nodes] [--json FILE]
#   --no-build   use the images already built (default: build them incrementally first)
#   --json FILE  also write the figures as JSON (default: <host build>/cycle-report.json)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
host_build="$root/build"
targets="hexagon cortex_m"
build=1
nodes=0
json=""
cross_args=()
declare -A cross_dir=([hexagon]="$root/build-hexagon" [cortex_m]="$root/build-cortex-m"
                      [cortex_m55]="$root/build-cortex-m55")
while [ $# -gt 0 ]; do
  case "$1" in
    --targets) targets="$2"; shift 2 ;;
    --host-build) host_build="$2"; shift 2 ;;
    --cross-dir) cross_dir[${2%%=*}]="${2#*=}"; cross_args+=(--cross-dir "$2"); shift 2 ;;
    --no-build) build=0; shift ;;
    --nodes) nodes=1; shift ;;
    --json) json="$2"; shift 2 ;;
    *) echo "cycle-report: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$json" ] || json="$host_build/cycle-report.json"
payload_dir="$host_build/tests/firmware_image/payload"

if [ "$build" -eq 1 ]; then
  "$root/scripts/build-firmware-images.sh" --host-build "$host_build" --targets "$targets" \
    "${cross_args[@]}" >&2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for t in $targets; do
  image="${cross_dir[$t]}/bin/lpai-image-${t%55}.elf"   # cortex_m55: HAL port cortex_m
  plugin="${cross_dir[$t]}/bin/qemu-insn.so"
  [ -f "$image" ] || { echo "cycle-report: no image $image" >&2; exit 1; }
  [ -f "$plugin" ] || { echo "cycle-report: no plugin $plugin" >&2; exit 1; }
  LPAI_QEMU_INSN_PLUGIN="$plugin" "$root/scripts/run-firmware-image.sh" "$t" "$image" \
    > "$work/$t.txt" || { echo "cycle-report: $t image failed" >&2; cat "$work/$t.txt" >&2; exit 1; }
done

python3 - "$payload_dir" "$json" "$nodes" "$work" $targets <<'PY'
import json, os, re, statistics, sys
payload, json_path, show_nodes, work = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
targets = sys.argv[5:]

def node_table(model):
    rows = []
    path = os.path.join(payload, model + ".nodes.txt")
    if os.path.exists(path):
        for line in open(path):
            i, op, macs = line.split()
            rows.append((int(i), op, int(macs)))
    return rows

def median(values):
    return int(statistics.median_low(values))

report = {"unit_note": "hexagon: one count per packet; cortex_m: one count per instruction",
          "command": "scripts/cycle-report.sh", "targets": {}}
for t in targets:
    bench, node_vals, unit = {}, {}, None
    order = []
    for line in open(os.path.join(work, t + ".txt")):
        m = re.match(r"bench (\S+) (\d+): unit=(\S+) execute=(\d+) in_graph=(\d+)", line)
        if m:
            model = m.group(1)
            if model not in bench:
                bench[model] = []
                order.append(model)
            bench[model].append(int(m.group(5)))
            unit = m.group(3)
            continue
        m = re.match(r"nodes (\S+) (\d+) (\d+): unit=\S+ value=(\d+)", line)
        if m:
            node_vals.setdefault(m.group(1), {}).setdefault(int(m.group(3)), []).append(int(m.group(4)))
    models = {}
    print(f"== {t} (unit: {unit}; in-graph count of QnnGraph_execute, median of 4 identical inferences)")
    print(f"{'model':<26} {'per inference':>14} {'MACs':>12} {'MACs/insn':>9}  4 runs")
    for model in order:
        runs = bench[model]
        med = median(runs)
        table = node_table(model)
        macs = sum(r[2] for r in table)
        per_node = []
        for i, op, nmacs in table:
            vals = node_vals.get(model, {}).get(i, [])
            n_med = median(vals) if vals else None
            per_node.append({"index": i, "op": op, "macs": nmacs, "insns": n_med,
                             "macs_per_insn": round(nmacs / n_med, 3) if n_med else None})
        models[model] = {"insns_per_inference": med, "runs": runs, "macs": macs,
                         "macs_per_insn": round(macs / med, 3) if med else None, "nodes": per_node}
        print(f"{model:<26} {med:>14,} {macs:>12,} {macs / med if med else 0:>9.3f}  "
              + ",".join(str(r) for r in runs))
        if show_nodes:
            for n in per_node:
                ins = n["insns"] if n["insns"] is not None else 0
                mpi = f"{n['macs_per_insn']:.3f}" if n["macs_per_insn"] is not None else "-"
                print(f"    node {n['index']:>3} {n['op']:<30} insns={ins:>12,} macs={n['macs']:>11,} macs/insn={mpi}")
    report["targets"][t] = {"unit": unit, "models": models}
with open(json_path, "w") as f:
    json.dump(report, f, indent=1)
print(f"JSON: {json_path}")
PY
