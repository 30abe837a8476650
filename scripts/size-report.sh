#!/usr/bin/env bash
# Size report of the firmware images: bytes of .text, .rodata, .data, .bss and .tcm that each
# part of the linked image takes (after --gc-sections), per target, from the image's linker
# map. Parts: the firmware core (core + memory + format + graph + shim layers, also shown per
# layer), the kernels, the HAL port, the image application, the embedded payload (context
# binaries and inputs) and the compiler runtime (libgcc, Cortex-M only).
#
# Usage: scripts/size-report.sh [TARGET=BUILD_DIR ...]
#   default: hexagon=build-hexagon cortex_m=build-cortex-m (the presets' directories); a
#   target whose image is not built is skipped with a note. Build the images first with
#   scripts/build-firmware-images.sh.
# Output: one markdown table per target on stdout.
#
# Columns: .text = code (.text, the Cortex-M vector table); .rodata = read-only data (.rodata,
# .ARM.exidx, .init_array); .data = initialised RAM data; .bss = zeroed RAM data; .tcm = input
# sections placed in the .tcm output section. The TCM pool itself (2,035,712 bytes), the DDR
# arenas and the stack are linker reservations, listed on their own lines.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -eq 0 ]; then
  set -- "hexagon=$root/build-hexagon" "cortex_m=$root/build-cortex-m"
fi
ar_tool="$(command -v llvm-ar || command -v ar)"

report() {
  local target="$1" dir="$2"
  local map="$dir/firmware/images/lpai-image-$target.map"
  if [ ! -f "$map" ]; then
    echo "size-report: $target: no linker map at $map (image not built), skipped" >&2
    return 0
  fi
  # Archive member -> layer, from the per-layer archives of the same build.
  local members
  members="$(for layer in core memory format kernels graph shim; do
      "$ar_tool" t "$dir/lib/liblpai_fw_$layer.a" | sed "s/^/$layer /"
    done
    "$ar_tool" t "$dir/lib/liblpai_hal_$target.a" | sed "s/^/hal /")"
  local dups
  dups="$(awk '{print $2}' <<< "$members" | sort | uniq -d)"
  if [ -n "$dups" ]; then
    echo "size-report: $target: object names in several layers, cannot attribute: $dups" >&2
    return 1
  fi
  echo "### $target ($(basename "$map" .map).elf)"
  echo
  awk -v target="$target" '
    function hex(s,    i, c, v) {
      sub(/^0x/, "", s); v = 0
      for (i = 1; i <= length(s); i++) {
        c = index("0123456789abcdef", tolower(substr(s, i, 1))) - 1
        if (c < 0) return v
        v = v * 16 + c
      }
      return v
    }
    function column(out) {
      if (out == ".text" || out == ".vectors") return "text"
      if (out == ".rodata" || out == ".ARM.exidx" || out == ".init_array") return "rodata"
      if (out == ".data") return "data"
      if (out == ".bss") return "bss"
      if (out == ".tcm") return "tcm"
      if (out == ".stack" || out ~ /^\.ddr_arena/) return "reserved"
      return ""
    }
    function group(obj,    m) {
      if (match(obj, /\([^()]*\)$/)) {
        m = substr(obj, RSTART + 1, RLENGTH - 2)
        if (obj ~ /libgcc\.a/) return "compiler runtime (libgcc)"
        if (m in layer) return layer[m]
        return "other"
      }
      if (obj == "<internal>") return "linker-merged strings/constants"
      if (obj ~ /payload[^\/]*\.c\.obj$/) return "payload (models + inputs)"
      if (obj ~ /lpai_image\.dir/) return "image application"
      return "other"
    }
    function add(out, obj, size,    col, g) {
      col = column(out)
      if (col == "" || size == 0) return
      if (col == "reserved") return
      g = group(obj)
      sum[g, col] += size
      if (g in is_core_layer) sum["firmware core", col] += size
      total[col] += size
    }
    BEGIN {
      is_core_layer["core"]; is_core_layer["memory"]; is_core_layer["format"]
      is_core_layer["graph"]; is_core_layer["shim"]
    }
    FNR == NR { layer[$2] = ($1 == "hal" ? "HAL port" : $1); next }
    # ---- lld map: VMA LMA Size Align Out/In/Symbol ------------------------------------------
    lld && match($0, /^ *[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+ +[0-9]+ /) {
      size = hex($3); rest = substr($0, RLENGTH + 1)
      if (rest ~ /^[^ ]/) { out = rest; sub(/ .*/, "", out); outsize[out] = size; next }
      if (rest ~ /^        [^ ]/ && rest ~ /:\(/) {
        obj = rest; sub(/^ +/, "", obj); sub(/:\(.*$/, "", obj)
        add(out, obj, size)
      }
      next
    }
    FNR == 1 && /VMA +LMA +Size/ { lld = 1; next }
    lld { next }
    # ---- GNU ld map -----------------------------------------------------------------------
    /^Linker script and memory map/ { inmap = 1; next }
    !inmap { next }
    /^[^ ]/ {
      if ($2 ~ /^0x/) { out = $1; pend_out = ""; if ($3 ~ /^0x/) outsize[out] = hex($3) }
      else if (NF == 1) { pend_out = $1 } else { out = "" }
      pend_in = ""; next
    }
    pend_out != "" && /^ +0x/ && NF == 2 { out = pend_out; outsize[out] = hex($2); pend_out = ""; next }
    /^ [^ *]/ {
      if (NF >= 4 && $2 ~ /^0x/ && $3 ~ /^0x/) { add(out, $4, hex($3)); pend_in = "" }
      else if (NF == 1) { pend_in = $1 }
      next
    }
    pend_in != "" && /^ +0x/ && NF >= 3 && $2 ~ /^0x/ { add(out, $3, hex($2)); pend_in = ""; next }
    END {
      n = split("firmware core|core|memory|format|graph|shim|kernels|HAL port|image application|payload (models + inputs)|linker-merged strings/constants|compiler runtime (libgcc)|other", rows, "|")
      ncol = split("text rodata data bss tcm", cols, " ")
      print "| part | .text | .rodata | .data | .bss | .tcm |"
      print "|---|---:|---:|---:|---:|---:|"
      for (i = 1; i <= n; i++) {
        g = rows[i]; line = ""; any = 0
        for (c = 1; c <= ncol; c++) { v = sum[g, cols[c]] + 0; line = line " | " v; if (v) any = 1 }
        label = (g in is_core_layer) ? "&nbsp;&nbsp;core: " g : (g == "firmware core" ? "**firmware core** (core+memory+format+graph+shim)" : g)
        if (g == "kernels") label = "**kernels**"
        if (any || g == "firmware core" || g == "kernels") print "| " label line " |"
      }
      line = ""
      for (c = 1; c <= ncol; c++) line = line " | " total[cols[c]] + 0
      print "| image total" line " |"
      printf "\nLinker reservations (zero-filled, not in the table):"
      sep = " "
      split(".tcm .stack .ddr_arena0 .ddr_arena1", res, " ")
      for (r = 1; r <= 4; r++) if (res[r] in outsize) { printf "%s%s %d bytes", sep, res[r], outsize[res[r]]; sep = "; " }
      print "\n"
    }
  ' <(echo "$members") "$map"
}

for spec in "$@"; do
  report "${spec%%=*}" "${spec#*=}"
done
