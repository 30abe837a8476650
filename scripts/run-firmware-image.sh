#!/usr/bin/env bash
# Runs a firmware image under its emulator; the image's console goes to stdout and the exit
# status is the image's (0 = every check and model passed).
#
# Usage: scripts/run-firmware-image.sh hexagon|cortex_m|cortex_m55 IMAGE.elf [cortex-m board]
#   hexagon:  qemu-hexagon (user mode; Linux syscalls for console and exit)
#   cortex_m: qemu-system-arm -M mps2-an500 (Cortex-M7; mps2-an386 for a Cortex-M4 image),
#             semihosting for console and exit, -icount shift=0 (one instruction = 1 ns of
#             virtual time, so SysTick figures are deterministic: 25 MHz => 40 instructions
#             per tick)
#   cortex_m55: the same on qemu-system-arm -M mps3-an547 (Cortex-M55 with Helium)
# Both load the qemu-insn plugin (tools/qemu-insn) when it is found: $LPAI_QEMU_INSN_PLUGIN, or
# qemu-insn.so beside the image (the cross builds put it there). With it, the image's figures
# are exact counts of executed instructions (Hexagon: packets); LPAI_QEMU_INSN_PLUGIN=none
# runs without it.
set -euo pipefail
target="$1"
image="$2"
timeout_s="${LPAI_IMAGE_TIMEOUT:-300}"
plugin="${LPAI_QEMU_INSN_PLUGIN:-$(dirname "$image")/qemu-insn.so}"
plugin_args=()
if [ "$plugin" != "none" ] && [ -f "$plugin" ]; then
  plugin_args=(-plugin "$plugin")
fi
case "$target" in
  hexagon)
    exec timeout "$timeout_s" qemu-hexagon "${plugin_args[@]}" "$image" ;;
  cortex_m|cortex_m55)
    default_board=mps2-an500
    [ "$target" = cortex_m55 ] && default_board=mps3-an547
    board="${3:-$default_board}"
    exec timeout "$timeout_s" qemu-system-arm -M "$board" -display none -monitor none \
      -serial none -semihosting-config enable=on,target=native -icount shift=0 \
      "${plugin_args[@]}" -kernel "$image" ;;
  *)
    echo "run-firmware-image: unknown target '$target'" >&2
    exit 2 ;;
esac
