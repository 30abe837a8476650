#!/usr/bin/env bash
# Size report of the firmware images: bytes of .text, .rodata, .data, .bss and .tcm that each
# part of the linked image takes (after --gc-sections), per target, from the image's linker
# map. Parts: the firmware core (core + memory + format + graph + shim layers, also shown per
# layer), the kernels, the HAL port, the image application, the embedded payload (context
# binaries and inputs) and the compiler runtime (libgcc, Cortex-M only).
#
# Usage: scripts/size-report.sh [TARGET=BUILD_DIR ...]
#   default: hexagon=build-hexagon cortex_m=build-cortex-m (the presets' directories; the
#   Cortex-M55 image: cortex_m55=build-cortex-m55 or its test build directory); a
#   target whose image is not built is skipped with a note. Build the images first with
#   scripts/build-firmware-images.sh.
# Output: one markdown table per target on stdout, then per target the measured execute stack
# per embedded model and the total RAM per shared model.
#
# Execute stack, measured: the image paints the stack below the caller of QnnGraph_execute
# before every execute and, after all of a model's executes, prints the deepest use as
# "stack: <model> execute <N> bytes" (firmware/images/app/stack_probe.h). The report runs the
# image under its emulator (scripts/run-firmware-image.sh) and reads those lines; with
# LPAI_IMAGE_OUTPUT_<TARGET>=FILE (e.g. LPAI_IMAGE_OUTPUT_HEXAGON) it reads a saved run's
# output instead (the firmware_image tests leave theirs in
# <host build>/firmware_images/<target>.output.txt). Beside it, the static estimate from
# -fstack-usage (the target builds write <object>.su): the chain QnnGraph_execute ->
# rt::graph_execute -> exec::run plus, for the operator of the model (ops from
# ../shared/golden/tflm_figures.md) that needs most, its eval frame and the largest other
# (non-validate) frame of its source file (one level of helper; deeper chains are not followed,
# so it can be far below the measurement).
# Total RAM per model = scratch + persistent + IO outside scratch (0 with the raw IO hint: IO
# lives in scratch) + runtime state (firmware core .data + .bss) + kernel static RAM (kernels
# .data + .bss: the HVX kernels' repacking and staging buffers on Hexagon, 0 on Cortex-M; the
# user cannot size it) + execute stack (measured;
# the static estimate, marked "est.", for a model the image did not measure), beside TFLite
# Micro's arena_used_bytes. Scratch / persistent / IO come from
# lpai-context-binary-generator --report (host build: LPAI_HOST_BUILD, default build/; its
# --temp_policy from LPAI_TEMP_POLICY, default speed: measure memory's stacks on images whose
# payload was prepared with --temp_policy memory). The
# model binary copy (weights included) is not counted: TFLite Micro reads its model from flash.
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
host_build="${LPAI_HOST_BUILD:-$root/build}"
shared="${LPAI_SHARED_DIR:-$root/../shared}"
[ -d "$shared/golden" ] || shared="/work/shared"
figures="$shared/golden/tflm_figures.md"
gen="$host_build/bin/lpai-context-binary-generator"
reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT

# Per shared model: "name scratch persistent io_outside_scratch" (models the generator refuses
# are left out), prepared with the kernel layout the target runs (LAYOUT: portable or hvx; the
# HVX kernels' temporaries are planned scratch).
model_plans() {
  local layout="$1" m
  [ -x "$gen" ] && [ -f "$figures" ] || return 0
  for m in $(awk -F'|' '/^\| [a-zA-Z0-9_]+ \| / && $4 ~ /[0-9]/ {gsub(/ /, "", $2); print $2}' "$figures" | sort -u); do
    [ -f "$shared/models/$m.tflite" ] || continue
    if [ ! -f "$reports/$m.$layout.report.txt" ]; then
      "$gen" --model "$shared/models/$m.tflite" --binary_file "$m.$layout" --output_dir "$reports" \
        --kernel_layout "$layout" --temp_policy "${LPAI_TEMP_POLICY:-speed}" --report \
        >/dev/null 2>&1 || continue
    fi
    awk -v m="$m" '/^scratch_bytes:/ {s = $2} /^persistent_bytes:/ {p = $2}
      /^io_bytes:/ {io = ($0 ~ /outside scratch/) ? $2 : 0}
      END {print m, s + 0, p + 0, io + 0}' "$reports/$m.$layout.report.txt"
  done
}

# "model bytes" per "stack: <model> execute <N> bytes" line of the target's image output.
measured_stacks() {
  local target="$1" dir="$2" var out
  var="LPAI_IMAGE_OUTPUT_$(tr 'a-z' 'A-Z' <<< "$target")"
  out="${!var:-}"
  if [ -z "$out" ]; then
    local image="$dir/bin/lpai-image-${target%55}.elf"  # cortex_m55: HAL port cortex_m
    [ -f "$image" ] || return 0
    out="$reports/$target.image-output.txt"
    "$root/scripts/run-firmware-image.sh" "$target" "$image" > "$out" 2>&1 || {
      echo "size-report: $target: the image run failed, no measured stack (output: see $image)" >&2
      return 0
    }
  fi
  [ -f "$out" ] || { echo "size-report: $target: no image output at $out" >&2; return 0; }
  sed -nE 's/^stack: ([A-Za-z0-9_]+) execute ([0-9]+)( or more)? bytes$/\1 \2\3/p' "$out" |
    sed 's/ or more$/+/'
}

# Execute stack and total RAM per model for one target.
stack_and_ram() {
  local target="$1" dir="$2" core_ram="$3" kernel_ram="$4"
  local measured
  measured="$(measured_stacks "$target" "$dir")"
  if [ -n "$measured" ]; then
    echo "Execute stack ($target, measured by stack painting in the image, bytes below the caller of QnnGraph_execute):"
    echo
    echo "| model ($target) | execute stack, measured |"
    echo "|---|---:|"
    awk '{printf "| %s | %s |\n", $1, $2}' <<< "$measured"
    echo
  else
    echo "No measured execute stack for $target (image not built, not runnable, or printed no stack lines)."
    echo
  fi
  local su_files
  su_files="$(find "$dir/firmware" -name '*.su' 2>/dev/null | sort)"
  if [ -z "$su_files" ]; then
    echo "No -fstack-usage output under $dir/firmware (rebuild the target): execute stack and total RAM skipped."
    echo
    return 0
  fi
  # "file function bytes" per function (the function field may hold spaces).
  local frames
  frames="$(for f in $su_files; do
      awk -F'\t' -v obj="$(basename "$f" .su)" '{
          # GCC: file:line:col:name (demangled); clang: file:line:name (mangled).
          n = split($1, a, ":"); k = (a[3] ~ /^[0-9]+$/) ? 4 : 3
          fn = a[k]; for (i = k + 1; i <= n; i++) fn = fn ":" a[i]
          print obj "\t" fn "\t" $2}' "$f"
    done)"
  chain_frame() { awk -F'\t' -v re="$1" '$2 ~ re && $3 > m {m = $3} END {print m + 0}' <<< "$frames"; }
  local shim_f exec_f run_f
  shim_f="$(chain_frame 'QnnGraph_execute')"
  exec_f="$(chain_frame 'rt::graph_execute|2rt13graph_execute')"
  run_f="$(chain_frame 'exec::run|4exec3run')"
  local chain=$((shim_f + exec_f + run_f))
  echo "Execute stack ($target, -fstack-usage static frames): QnnGraph_execute $shim_f + graph_execute $exec_f + exec::run $run_f = $chain bytes, plus the model's largest kernel frame."
  echo
  local plans layout=portable
  [ "$target" = hexagon ] && layout=hvx  # the Hexagon image runs the HVX layouts
  plans="$(model_plans "$layout")"
  if [ -z "$plans" ]; then
    echo "No model plans ($gen or $figures missing): total RAM per model skipped."
    echo
    return 0
  fi
  echo "| model ($target) | scratch | persistent | IO outside scratch | runtime state | kernel static RAM | execute stack (measured) | static estimate | **total RAM** | TFLite Micro arena |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  local name s p io ops kernel tflm
  while read -r name s p io; do
    ops="$(awk -F'|' -v m="$name" '{g = $2; gsub(/ /, "", g)} g == m {print $3; exit}' "$figures")"
    tflm="$(awk -F'|' -v m="$name" '{g = $2; gsub(/ /, "", g)} g == m {gsub(/ /, "", $4); print $4; exit}' "$figures")"
    kernel=0
    for op in $(tr ',' '\n' <<< "$ops" | sed 's/×.*//; s/^ *//; s/ *$//' | tr 'A-Z' 'a-z'); do
      local k
      # The op's eval frame plus its largest non-inlined helper in the same file.
      k="$(awk -F'\t' -v o="$op.c" 'index($1, o) != 1 {next}
          $2 ~ /eval/ {if ($3 > e) e = $3; next}
          $2 !~ /validate/ && $3 > h {h = $3}
          END {print e + h}' <<< "$frames")"
      [ "$k" -gt "$kernel" ] && kernel="$k"
    done
    local estimate=$((chain + kernel)) stack shown
    stack="$(awk -v m="$name" '$1 == m {print $2; exit}' <<< "$measured")"
    if [ -n "$stack" ]; then
      shown="$stack"
      stack="${stack%+}"
    else
      stack="$estimate"
      shown="$estimate (est.)"
    fi
    local total=$((s + p + io + core_ram + kernel_ram + stack))
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | **%s** | %s |\n' "$name" "$s" "$p" "$io" \
      "$core_ram" "$kernel_ram" "$shown" "$estimate" "$total" "$tflm"
  done <<< "$plans"
  echo
}

# Every byte of runtime state by owner: each .data / .bss symbol of the firmware core layers'
# archives that the linked image kept, with its layer and object. The limits that size them:
# firmware/core/config.h.
runtime_state_owners() {
  local dir="$1" core_ram="$2" nm_tool image kept
  nm_tool="$(command -v llvm-nm || command -v arm-none-eabi-nm || true)"
  image="$(ls "$dir"/bin/lpai-image-*.elf 2>/dev/null | head -n 1)"
  [ -n "$nm_tool" ] && [ -n "$image" ] || { echo "(no nm or image: runtime state owners skipped)"; return 0; }
  kept="$("$nm_tool" -C --defined-only "$image" | awk '$2 ~ /^[bBdD]$/ {$1 = ""; $2 = ""; sub(/^  /, ""); print}')"
  echo
  echo "| runtime state owner (layer: object) | symbol | bytes |"
  echo "|---|---|---:|"
  local layer
  for layer in core memory format graph shim; do
    "$nm_tool" -A -S -C --defined-only "$dir/lib/liblpai_fw_$layer.a" 2>/dev/null |
      awk -v layer="$layer" 'function hex(h,    i, v) {
          v = 0
          for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", tolower(substr(h, i, 1))) - 1
          return v
        }
        $4 ~ /^[bBdD]$/ {
          obj = $1; sub(/:$/, "", obj); sub(/^.*:/, "", obj)
          name = $0; sub(/^[^ ]+ [0-9a-f]+ [0-9a-f]+ [bBdD] /, "", name)
          printf "%s: %s\t%s\t%d\n", layer, obj, name, hex($3)}'
  done | awk -F'\t' 'NR == FNR {keep[$0]; next} ($2 in keep) && $3 > 0 {
        printf "| %s | %s | %d |\n", $1, $2, $3; sum += $3}
      END {printf "| **total** | | **%d** |\n", sum}' <(echo "$kept") -
  echo
}

report() {
  local target="$1" dir="$2"
  local map="$dir/firmware/images/lpai-image-${target%55}.map"
  if [ ! -f "$map" ]; then
    echo "size-report: $target: no linker map at $map (image not built), skipped" >&2
    return 0
  fi
  # Archive member -> layer, from the per-layer archives of the same build.
  local members
  members="$(for layer in core memory format kernels graph shim; do
      "$ar_tool" t "$dir/lib/liblpai_fw_$layer.a" | sed "s/^/$layer /"
    done
    "$ar_tool" t "$dir/lib/liblpai_hal_${target%55}.a" | sed "s/^/hal /")"
  local dups
  dups="$(awk '{print $2}' <<< "$members" | sort | uniq -d)"
  if [ -n "$dups" ]; then
    echo "size-report: $target: object names in several layers, cannot attribute: $dups" >&2
    return 1
  fi
  echo "### $target ($(basename "$map" .map).elf)"
  echo
  local table
  table="$(awk -v target="$target" '
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
      print "#core_ram " sum["firmware core", "data"] + sum["firmware core", "bss"]
      print "#kernel_ram " sum["kernels", "data"] + sum["kernels", "bss"]
    }
  ' <(echo "$members") "$map")"
  grep -v '^#core_ram \|^#kernel_ram ' <<< "$table"
  local core_ram kernel_ram
  core_ram="$(sed -n 's/^#core_ram //p' <<< "$table")"
  kernel_ram="$(sed -n 's/^#kernel_ram //p' <<< "$table")"
  echo "Runtime state (firmware core .data + .bss): $core_ram bytes (target: at most 4,096)."
  runtime_state_owners "$dir" "$core_ram"
  echo "Kernel static RAM (kernels .data + .bss): $kernel_ram bytes."
  echo
  stack_and_ram "$target" "$dir" "$core_ram" "$kernel_ram"
}

for spec in "$@"; do
  report "${spec%%=*}" "${spec#*=}"
done
