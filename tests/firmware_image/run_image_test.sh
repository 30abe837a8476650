#!/usr/bin/env bash
# Firmware image test driver (registered by tests/firmware_image/CMakeLists.txt).
#
# Usage: run_image_test.sh MODE TARGET SRC HOST_BUILD CROSS_DIR HOST_RUNNER PAYLOAD_DIR [SHARED]
#   MODE run:     cross-build TARGET's image (incremental), run it under its emulator and
#                 require: exit 0, "result=PASS", every model's every output present, and the
#                 "check"/"model"/"out" lines equal to the host run's, byte for byte.
#   MODE dsp:     (TARGET cortex_m or cortex_m55) build the DSP-extension (and, on the M55, the
#                 Helium) kernel unit test (tests/cortex_m, target lpai_dsp_test) in the image's
#                 cross build directory, run it under qemu-system-arm and require
#                 "dsp-test: N cases, PASS" and no FAIL line.
#   MODE symbols: cross-build, then require an image linked with -nostdlib, with no undefined
#                 symbol and no malloc/free/calloc/realloc, operator new/delete or __cxa_* symbol.
#   MODE linker:  link tests/firmware_image/linker_probe.c with linker/TARGET.ld: as is it must
#                 link with a TCM pool of exactly 2,035,712 bytes; with an input section in .tcm
#                 or a .bss larger than RAM the link must fail.
#   MODE conformance: cross-build TARGET's image against the conformance payload (every case of
#                 SHARED/conformance with integer IO; float-IO cases are converted by the host
#                 and not embedded), run it and require every other case embedded,
#                 "result=PASS", and each case's last-inference outputs equal to its
#                 output_<j>.bin (TFLite Micro's bytes), byte for byte.
#   MODE zoo:     cross-build TARGET's image against its zoo payload (the models of SHARED/zoo
#                 that fit the image), run it and require "result=PASS", no model refused by
#                 the prepare tool, and every inference's outputs of every embedded model equal
#                 to its output_<k>_<j>.bin (TFLite Micro's bytes, state carried), byte for byte.
#   MODE tiled:   cross-build TARGET's image against a payload holding models NAME and
#                 NAME_b<BUDGET> (NAME prepared under --memory_budget BUDGET: tiled stages),
#                 run it and require "result=PASS" and every inference's outputs of each tiled
#                 model equal to its untiled model's, byte for byte.
#   MODE stack:   cross-build, run the image (or reuse the output of MODE run when it is newer
#                 than the image) and require the stack probe's self-test to measure its
#                 1024-byte array within [1024, 1024 + 128] bytes, and one "stack: <model>
#                 execute <N> bytes" line per embedded model with 0 < N <= LPAI_EXECUTE_STACK_MAX
#                 (default 2048, the target); models above the 2048-byte target are listed.
#   MODE hvx:     (TARGET hexagon) build the HVX kernel unit test (tests/hvx, target
#                 lpai_hvx_test) in the image's cross build directory, run it under qemu-hexagon
#                 and require "hvx-test: PASS" and no FAIL line.
#   MODE golden:  (TARGET host) run the host reference and require each model with goldens in
#                 SHARED/golden/<model>/ or SHARED/zoo/<model>/ to reproduce them (inputs and
#                 outputs, bit for bit).
# Exit 77 (ctest: skipped) with a message when the cross tools or the goldens are missing.
set -uo pipefail
mode="$1" target="$2" src="$3" host_build="$4" cross_dir="$5" host_runner="$6" payload_dir="$7"
shared="${8:-}"
models_txt="$payload_dir/models.txt"
# HAL port of the target: cortex_m55 (Cortex-M55, mps3-an547) builds the cortex_m port.
platform="$target"
[ "$target" = cortex_m55 ] && platform=cortex_m
image="$cross_dir/bin/lpai-image-$platform.elf"

fail() { echo "FAIL: $*"; exit 1; }

build_image() {
  "$src/scripts/build-firmware-images.sh" --skip-host --host-build "$host_build" \
    --targets "$target" --cross-dir "$target=$cross_dir" --payload "$payload_dir/payload.c" \
    > "$cross_dir.build.log" 2>&1
  local rc=$?
  if [ $rc -eq 77 ]; then
    tail -n 1 "$cross_dir.build.log"
    echo "SKIPPED: cross tools for $target are missing"
    exit 77
  fi
  if [ $rc -ne 0 ]; then
    tail -n 40 "$cross_dir.build.log"
    fail "cross build of the $target image failed (log: $cross_dir.build.log)"
  fi
  [ -f "$image" ] || fail "no image at $image"
}

# The lines that must agree between platforms.
compared_lines() { grep -E '^(check|model|out) ' "$1"; }

# Hex of output (model, k, j) from a run's output file, chunks joined.
output_hex() {
  grep -E "^out $2 $3 $4( \+[0-9]+)?: " "$1" | sed -E 's/^[^:]*: //' | tr -d '\n'
}

[ -f "$models_txt" ] || fail "no $models_txt: build the host target lpai_image_payload first"
mkdir -p "$(dirname "$cross_dir")"

case "$mode" in
  run)
    build_image
    target_out="$cross_dir.output.txt"
    host_out="$cross_dir.host-output.txt"
    rm -f "$target_out.ok"
    "$src/scripts/run-firmware-image.sh" "$target" "$image" > "$target_out" 2>&1
    rc=$?
    [ $rc -eq 0 ] && touch "$target_out.ok"
    "$host_runner" > "$host_out" 2>&1 || { cat "$host_out"; fail "host run failed"; }
    echo "---- $target image output ($image)"
    cat "$target_out"
    [ $rc -eq 0 ] || fail "$target image exited with status $rc"
    grep -q '^lpai-image: result=PASS$' "$target_out" || fail "$target image did not report PASS"
    while read -r name mem inferences outputs; do
      for ((k = 0; k < inferences; k++)); do
        for ((j = 0; j < outputs; j++)); do
          [ -n "$(output_hex "$target_out" "$name" "$k" "$j")" ] ||
            fail "$target image printed no output $j of inference $k of $name"
        done
      done
    done < "$models_txt"
    if ! diff <(compared_lines "$host_out") <(compared_lines "$target_out") > "$cross_dir.diff"; then
      cat "$cross_dir.diff"
      fail "$target output differs from the host run (< host, > $target)"
    fi
    echo "---- $target: $(compared_lines "$target_out" | wc -l) check/model/out lines identical to the host run"
    ;;
  conformance)
    cases="$shared/conformance"
    [ -d "$cases" ] || { echo "SKIPPED: no conformance cases at $cases"; exit 77; }
    build_image
    target_out="$cross_dir.output.txt"
    "$src/scripts/run-firmware-image.sh" "$target" "$image" > "$target_out" 2>&1
    rc=$?
    grep -E '^(error|FAIL)' "$target_out" | head -n 20
    [ $rc -eq 0 ] || fail "$target image exited with status $rc (output: $target_out)"
    grep -q '^lpai-image: result=PASS$' "$target_out" || fail "$target image did not report PASS"
    total=$(find -L "$cases" -mindepth 2 -maxdepth 2 -name model.tflite | wc -l)
    embedded=$(wc -l < "$models_txt")
    refused="$(grep -v ' float-io$' "$payload_dir/skipped.txt")"
    [ -z "$refused" ] || fail "cases the prepare tool refused: $refused"
    float_io=$(grep -c ' float-io$' "$payload_dir/skipped.txt")
    [ $((embedded + float_io)) -eq "$total" ] ||
      fail "$embedded embedded + $float_io float-IO cases != $total cases"
    compared=0
    while read -r name mem inferences outputs; do
      k=$((inferences - 1))
      for ((j = 0; j < outputs; j++)); do
        want="$(od -An -v -tx1 "$cases/$name/output_$j.bin" | tr -d ' \n')"
        got="$(output_hex "$target_out" "$name" "$k" "$j")"
        [ "$got" = "$want" ] || fail "$name output $j differs from TFLite Micro's on $target (got $got, want $want)"
        compared=$((compared + 1))
      done
    done < "$models_txt"
    echo "---- $target: $embedded conformance cases, $compared outputs equal to TFLite Micro's bytes ($float_io float-IO cases not embedded: the host converts their float IO)"
    ;;
  tiled)
    build_image
    target_out="$cross_dir.output.txt"
    "$src/scripts/run-firmware-image.sh" "$target" "$image" > "$target_out" 2>&1
    rc=$?
    grep -E '^(error|FAIL)' "$target_out" | head -n 20
    [ $rc -eq 0 ] || fail "$target image exited with status $rc (output: $target_out)"
    grep -q '^lpai-image: result=PASS$' "$target_out" || fail "$target image did not report PASS"
    compared=0
    while read -r name mem inferences outputs; do
      untiled="${name%_b[0-9]*}"
      [ "$untiled" != "$name" ] || continue
      grep -q "^$untiled " "$models_txt" || fail "$name: no untiled $untiled in the payload"
      for ((k = 0; k < inferences; k++)); do
        for ((j = 0; j < outputs; j++)); do
          got="$(output_hex "$target_out" "$name" "$k" "$j")"
          want="$(output_hex "$target_out" "$untiled" "$k" "$j")"
          [ -n "$got" ] && [ "$got" = "$want" ] ||
            fail "$name output $j of inference $k differs from $untiled's on $target (got $got, want $want)"
          compared=$((compared + 1))
        done
      done
    done < "$models_txt"
    [ $compared -gt 0 ] || fail "no tiled model (NAME_b<BUDGET>) in $models_txt"
    echo "---- $target: $compared outputs of tiled models equal to their untiled models'"
    ;;
  zoo)
    zoo="$shared/zoo"
    [ -d "$zoo" ] || { echo "SKIPPED: no zoo at $zoo"; exit 77; }
    build_image
    target_out="$cross_dir.output.txt"
    "$src/scripts/run-firmware-image.sh" "$target" "$image" > "$target_out" 2>&1
    rc=$?
    grep -E '^(error|FAIL)' "$target_out" | head -n 20
    [ $rc -eq 0 ] || fail "$target image exited with status $rc (output: $target_out)"
    grep -q '^lpai-image: result=PASS$' "$target_out" || fail "$target image did not report PASS"
    refused="$(grep ' refused-by-prepare$' "$payload_dir/skipped.txt")"
    [ -z "$refused" ] || fail "models the prepare tool refused: $refused"
    compared=0
    while read -r name mem inferences outputs; do
      for ((k = 0; k < inferences; k++)); do
        for ((j = 0; j < outputs; j++)); do
          want="$(od -An -v -tx1 "$zoo/$name/output_${k}_$j.bin" | tr -d ' \n')"
          got="$(output_hex "$target_out" "$name" "$k" "$j")"
          [ "$got" = "$want" ] || fail "$name inference $k output $j differs from TFLite Micro's on $target"
          compared=$((compared + 1))
        done
      done
    done < "$models_txt"
    echo "---- $target: $(wc -l < "$models_txt") zoo models, $compared outputs equal to TFLite Micro's bytes; not embedded: $(tr '\n' ';' < "$payload_dir/skipped.txt")"
    ;;
  stack)
    build_image
    limit="${LPAI_EXECUTE_STACK_MAX:-2048}"
    target_out="$cross_dir.output.txt"
    # The output of MODE run is reused when that run passed and is newer than the image.
    if [ ! "$target_out.ok" -nt "$image" ]; then
      target_out="$cross_dir.stack-output.txt"
      "$src/scripts/run-firmware-image.sh" "$target" "$image" > "$target_out" 2>&1
      rc=$?
      [ $rc -eq 0 ] || { cat "$target_out"; fail "$target image exited with status $rc"; }
    fi
    grep -E '^stack: ' "$target_out"
    self="$(sed -nE 's/^stack: self-test array 1024 bytes measured ([0-9]+) bytes .*/\1/p' "$target_out")"
    [ -n "$self" ] || fail "no stack probe self-test line (or its window was exhausted)"
    [ "$self" -ge 1024 ] && [ "$self" -le 1152 ] ||
      fail "stack probe self-test measured $self bytes for a 1024-byte array (want 1024..1152)"
    checked=0
    over=""
    above_target=""
    while read -r name mem inferences outputs; do
      line="$(grep -E "^stack: $name execute " "$target_out")" ||
        fail "no execute stack line for $name"
      n="$(sed -nE "s/^stack: $name execute ([0-9]+) bytes\$/\1/p" <<< "$line")"
      [ -n "$n" ] || fail "$name: unreadable execute stack line (window exhausted?): $line"
      [ "$n" -gt 0 ] || fail "$name: execute stack measured 0 bytes (probe broken)"
      [ "$n" -le "$limit" ] || over="$over $name=$n"
      [ "$n" -le 2048 ] || above_target="$above_target $name=$n"
      checked=$((checked + 1))
    done < "$models_txt"
    [ $checked -gt 0 ] || fail "no model in $models_txt"
    [ -z "$over" ] || fail "execute stack above $limit bytes on $target:$over"
    echo "$target: execute stack of all $checked models <= $limit bytes (probe self-test: $self bytes for 1024)"
    [ -z "$above_target" ] || echo "$target: above the 2048-byte target:$above_target"
    ;;
  hvx)
    build_image
    cmake --build "$cross_dir" -j2 --target lpai_hvx_test > "$cross_dir.hvx-build.log" 2>&1 ||
      { tail -n 40 "$cross_dir.hvx-build.log"; fail "build of lpai_hvx_test failed"; }
    hvx_out="$cross_dir.hvx-output.txt"
    qemu-hexagon "$cross_dir/bin/lpai-hvx-test.elf" > "$hvx_out" 2>&1
    rc=$?
    grep -E '^FAIL' "$hvx_out"
    [ $rc -eq 0 ] || fail "lpai-hvx-test exited with status $rc (output: $hvx_out)"
    ! grep -q '^FAIL' "$hvx_out" || fail "HVX kernel cases differ from the portable reference"
    grep -q '^hvx-test: PASS$' "$hvx_out" || fail "lpai-hvx-test did not report PASS"
    echo "hexagon: $(grep -c '^ok ' "$hvx_out") HVX kernel cases equal to the portable reference"
    ;;
  dsp)
    build_image
    cmake --build "$cross_dir" -j2 --target lpai_dsp_test > "$cross_dir.dsp-build.log" 2>&1 ||
      { tail -n 40 "$cross_dir.dsp-build.log"; fail "build of lpai_dsp_test failed"; }
    dsp_out="$cross_dir.dsp-output.txt"
    LPAI_QEMU_INSN_PLUGIN=none "$src/scripts/run-firmware-image.sh" "$target" \
      "$cross_dir/bin/lpai-dsp-test.elf" > "$dsp_out" 2>&1
    rc=$?
    grep -E '^FAIL' "$dsp_out"
    [ $rc -eq 0 ] || fail "lpai-dsp-test exited with status $rc (output: $dsp_out)"
    ! grep -q '^FAIL' "$dsp_out" || fail "DSP kernel cases differ from the reference"
    grep -qE '^dsp-test: [0-9]+ cases, PASS$' "$dsp_out" || fail "lpai-dsp-test did not report PASS"
    echo "$target: $(grep -E '^dsp-test:' "$dsp_out")"
    ;;
  symbols)
    build_image
    case "$target" in
      hexagon) nm_tool=llvm-nm ;;
      cortex_m|cortex_m55) nm_tool=arm-none-eabi-nm ;;
    esac
    link_txt="$cross_dir/firmware/images/CMakeFiles/lpai_image.dir/link.txt"
    grep -q -- "-nostdlib" "$link_txt" || fail "image not linked with -nostdlib ($link_txt)"
    undefined="$($nm_tool -u "$image")" || fail "$nm_tool failed on $image"
    [ -z "$undefined" ] || fail "undefined symbols in $image: $undefined"
    symbols="$($nm_tool "$image")" || fail "$nm_tool failed on $image"
    [ -n "$symbols" ] || fail "no symbols in $image"
    forbidden='^(malloc|free|calloc|realloc|aligned_alloc|posix_memalign|_Zn[wa][jmy].*|_Zd[la]Pv.*|__cxa_.*)$'
    bad="$(awk '{print $NF}' <<< "$symbols" | grep -E "$forbidden")"
    [ -z "$bad" ] || fail "heap or C++ runtime symbols in $image: $bad"
    for s in memcpy memset; do
      grep -qE " T $s\$" <<< "$symbols" || fail "$s is not defined by the image (port support file)"
    done
    echo "$target image: -nostdlib, no undefined symbols, no heap / operator new/delete / __cxa_* symbols ($(wc -l <<< "$symbols") symbols checked)"
    ;;
  linker)
    probe="$src/tests/firmware_image/linker_probe.c"
    script="$src/linker/$target.ld"
    case "$target" in
      hexagon) cc=(clang --target=hexagon-unknown-linux-musl -mcpu=hexagonv67 -G0 -fuse-ld=lld)
               nm_tool=llvm-nm; big=$((32 * 1024 * 1024)) ;;
      cortex_m) cc=(arm-none-eabi-gcc -mcpu=cortex-m7 -mthumb); nm_tool=arm-none-eabi-nm
                big=$((4 * 1024 * 1024)) ;;
      cortex_m55) cc=(arm-none-eabi-gcc -mcpu=cortex-m55 -mthumb -mfloat-abi=hard)
                  nm_tool=arm-none-eabi-nm; big=$((8 * 1024 * 1024)) ;;
    esac
    command -v "${cc[0]}" >/dev/null && command -v "$nm_tool" >/dev/null ||
      { echo "SKIPPED: ${cc[0]} or $nm_tool missing"; exit 77; }
    out="$cross_dir.probe"
    mkdir -p "$out"
    link() { "${cc[@]}" -ffreestanding -nostdlib -static "$@" "$probe" -T"$script" -o "$out/probe.elf" > "$out/link.log" 2>&1; }
    link || { cat "$out/link.log"; fail "the probe does not link with $script"; }
    syms="$($nm_tool "$out/probe.elf")" || fail "$nm_tool failed"
    start=$(awk '$3 == "__lpai_tcm_start" {print $1}' <<< "$syms")
    end=$(awk '$3 == "__lpai_tcm_end" {print $1}' <<< "$syms")
    [ -n "$start" ] && [ -n "$end" ] || fail "no __lpai_tcm_start/__lpai_tcm_end symbols"
    [ $((16#$end - 16#$start)) -eq 2035712 ] || fail "TCM pool is $((16#$end - 16#$start)) bytes, not 2035712"
    if link -DIN_TCM; then fail "a link with an input section in .tcm succeeded"; fi
    grep -qE "lpai: .tcm holds only the TCM pool|TCM' overflowed|will not fit in region 'TCM'" "$out/link.log" ||
      { cat "$out/link.log"; fail "the .tcm overflow failed for another reason"; }
    if link -DBIG_BSS=$big; then fail "a link with a $big-byte .bss succeeded"; fi
    grep -qE "overflow|will not fit" "$out/link.log" ||
      { cat "$out/link.log"; fail "the .bss overflow failed for another reason"; }
    echo "$target.ld: TCM pool exactly 2035712 bytes; .tcm input and RAM overflow rejected at link time"
    ;;
  golden)
    [ -n "$shared" ] && [ -d "$shared/golden" ] || { echo "SKIPPED: ../shared/golden not present"; exit 77; }
    host_out="$host_build/tests/firmware_image/$(basename "$host_runner").golden-output.txt"
    "$host_runner" > "$host_out" 2>&1 || { cat "$host_out"; fail "host run failed"; }
    checked=0
    while read -r name mem inferences outputs; do
      gdir="$shared/golden/$name"
      [ -f "$gdir/manifest.json" ] || gdir="$shared/zoo/$name"
      [ -f "$gdir/manifest.json" ] || continue
      for ((k = 0; k < inferences; k++)); do
        [ -f "$gdir/input_${k}_0.bin" ] || continue
        # The payload's inputs of inference k are the golden inputs (all inputs concatenated).
        cat "$gdir"/input_"${k}"_*.bin | cmp -s - "$payload_dir/$name.input_$k.bin" ||
          fail "$name inference $k: payload input differs from $gdir/input_${k}_*.bin"
        for ((j = 0; j < outputs; j++)); do
          want="$(od -An -tx1 -v "$gdir/output_${k}_${j}.bin" | tr -d ' \n')"
          got="$(output_hex "$host_out" "$name" "$k" "$j")"
          [ "$want" = "$got" ] || fail "$name inference $k output $j: host $got, golden $want"
          checked=$((checked + 1))
        done
      done
      echo "$name: host outputs equal the TFLite Micro goldens ($inferences inferences)"
    done < "$models_txt"
    [ $checked -gt 0 ] || { echo "SKIPPED: no embedded model has goldens"; exit 77; }
    ;;
  *)
    fail "unknown mode $mode" ;;
esac
exit 0
