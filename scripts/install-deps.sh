#!/usr/bin/env bash
# Installs the Debian packages lpai-rt needs, only those missing (idempotent).
set -euo pipefail
pkgs=(cmake g++ clang lld googletest libgtest-dev libgmock-dev libbenchmark-dev libcmocka-dev
      nlohmann-json3-dev libflatbuffers-dev flatbuffers-compiler libcli11-dev
      qemu-user qemu-system-arm llvm gcc-arm-none-eabi libnewlib-arm-none-eabi binutils
      libclang-rt-14-dev g++-multilib ccache
      python3-dev pybind11-dev python3-numpy python3-pytest)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
