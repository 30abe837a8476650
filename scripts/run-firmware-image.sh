#!/usr/bin/env bash
# Runs a firmware image under its emulator; the image's console goes to stdout and the exit
# status is the image's (0 = every check and model passed).
#
# Usage: scripts/run-firmware-image.sh hexagon|cortex_m IMAGE.elf [cortex-m board]
#   hexagon:  qemu-hexagon (user mode; Linux syscalls for console and exit)
#   cortex_m: qemu-system-arm -M mps2-an500 (Cortex-M7; mps2-an386 for a Cortex-M4 image),
#             semihosting for console and exit, -icount shift=0 (one instruction = 1 ns of
#             virtual time, so SysTick figures are deterministic: 25 MHz => 40 instructions
#             per tick)
set -euo pipefail
target="$1"
image="$2"
timeout_s="${LPAI_IMAGE_TIMEOUT:-300}"
case "$target" in
  hexagon)
    exec timeout "$timeout_s" qemu-hexagon "$image" ;;
  cortex_m)
    board="${3:-mps2-an500}"
    exec timeout "$timeout_s" qemu-system-arm -M "$board" -display none -monitor none \
      -serial none -semihosting-config enable=on,target=native -icount shift=0 \
      -kernel "$image" ;;
  *)
    echo "run-firmware-image: unknown target '$target'" >&2
    exit 2 ;;
esac
