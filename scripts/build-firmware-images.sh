#!/usr/bin/env bash
# Builds the firmware images: host tools first (payload generator, prepare tool, host runner),
# then the payload (context binaries + inputs as C arrays), then each cross build against it.
#
# Usage: scripts/build-firmware-images.sh [options]
#   --host-build DIR     host build directory (default: build/, configured with the `default`
#                        preset when missing)
#   --skip-host          do not build in the host directory (its payload must exist already)
#   --targets "T..."     cross targets, among hexagon cortex_m cortex_m55 (default: hexagon
#                        cortex_m); cortex_m is the Cortex-M7 (mps2-an500), cortex_m55 the
#                        Cortex-M55 with Helium (mps3-an547); both build the HAL port cortex_m
#   --cross-dir T=DIR    build directory of target T (default: the preset's, build-hexagon /
#                        build-cortex-m / build-cortex-m55)
#   --run                run each image under its emulator afterwards
#   --payload FILE       payload source to embed (default: the host build's payload of the
#                        target's weight layout: tests/firmware_image/payload/payload.c, HVX
#                        layouts, for hexagon; tests/firmware_image/payload-portable/payload.c
#                        for cortex_m and cortex_m55)
#   --op-list FILE       selective image: only the kernels FILE names (CMake LPAI_OP_LIST, e.g.
#                        from lpai-context-binary-generator --op_list); binaries needing others
#                        are refused at context create, naming the op
#   -j N                 parallel jobs (default 2)
# Prints "image <target> <path>" per image built. Exit status 77 when a target's cross tools
# are missing (nothing built for it), non-zero on any other failure.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
host_build="$root/build"
skip_host=0
targets="hexagon cortex_m"
run=0
op_list=""
payload=""
jobs=2
declare -A cross_dir=([hexagon]="$root/build-hexagon" [cortex_m]="$root/build-cortex-m"
                      [cortex_m55]="$root/build-cortex-m55")
declare -A toolchain=([hexagon]="$root/cmake/toolchains/hexagon.cmake"
                      [cortex_m]="$root/cmake/toolchains/cortex_m.cmake"
                      [cortex_m55]="$root/cmake/toolchains/cortex_m55.cmake")
# LPAI_PLATFORM (HAL port, image name lpai-image-<platform>.elf) of each target.
declare -A platform=([hexagon]=hexagon [cortex_m]=cortex_m [cortex_m55]=cortex_m)

while [ $# -gt 0 ]; do
  case "$1" in
    --host-build) host_build="$2"; shift 2 ;;
    --skip-host) skip_host=1; shift ;;
    --targets) targets="$2"; shift 2 ;;
    --cross-dir) cross_dir[${2%%=*}]="${2#*=}"; shift 2 ;;
    --run) run=1; shift ;;
    --payload) payload="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    --op-list) op_list="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    -j) jobs="$2"; shift 2 ;;
    *) echo "build-firmware-images: unknown argument '$1'" >&2; exit 2 ;;
  esac
done

# Cross tools each target needs; prints the missing ones.
missing_tools() {
  local t
  case "$1" in
    hexagon) for t in clang clang++ ld.lld llvm-ar llvm-nm qemu-hexagon; do
               command -v "$t" >/dev/null || echo -n "$t "; done ;;
    cortex_m|cortex_m55) for t in arm-none-eabi-gcc arm-none-eabi-g++ arm-none-eabi-nm qemu-system-arm; do
                command -v "$t" >/dev/null || echo -n "$t "; done ;;
    *) echo -n "unknown-target:$1 " ;;
  esac
}

# Payload of TARGET: --payload, else the host build's payload of the target's weight layout.
payload_of() {
  if [ -n "$payload" ]; then echo "$payload"
  elif [ "$1" = hexagon ]; then echo "$host_build/tests/firmware_image/payload/payload.c"
  else echo "$host_build/tests/firmware_image/payload-portable/payload.c"; fi
}
if [ "$skip_host" -eq 0 ]; then
  if [ ! -f "$host_build/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$host_build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  fi
  host_targets="lpai_image_payload lpai-image-host lpai_image_payload_portable lpai-image-host-portable"
  cmake --build "$host_build" -j"$jobs" --target $host_targets
fi
for target in $targets; do
  if [ ! -f "$(payload_of "$target")" ]; then
    echo "build-firmware-images: no payload at $(payload_of "$target") (build the host targets lpai_image_payload and lpai_image_payload_portable)" >&2
    exit 1
  fi
done

status=0
for target in $targets; do
  miss="$(missing_tools "$target")"
  if [ -n "$miss" ]; then
    echo "build-firmware-images: $target skipped, missing cross tools: $miss(scripts/install-deps.sh installs them)" >&2
    status=77
    continue
  fi
  dir="${cross_dir[$target]}"
  target_payload="$(payload_of "$target")"
  # Configure once (or when the payload path changed); later runs only rebuild.
  if [ ! -f "$dir/CMakeCache.txt" ] || ! grep -q "^LPAI_IMAGE_PAYLOAD:FILEPATH=$target_payload\$" "$dir/CMakeCache.txt"; then
    cmake -S "$root" -B "$dir" -DCMAKE_TOOLCHAIN_FILE="${toolchain[$target]}" \
      -DLPAI_PLATFORM="${platform[$target]}" -DLPAI_BUILD_HOST_TOOLS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g" \
      -DLPAI_IMAGE_PAYLOAD="$target_payload" >/dev/null
  fi
  cmake -S "$root" -B "$dir" -DLPAI_OP_LIST="$op_list" >/dev/null
  cmake --build "$dir" -j"$jobs" --target lpai_image
  image="$dir/bin/lpai-image-${platform[$target]}.elf"
  echo "image $target $image"
  if [ "$run" -eq 1 ]; then
    "$root/scripts/run-firmware-image.sh" "$target" "$image"
  fi
done
exit $status
