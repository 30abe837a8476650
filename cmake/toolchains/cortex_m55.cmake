# Cross toolchain: Arm Cortex-M55 (Helium / MVE, hard-float ABI) for the `cortex-m55` preset and
# the cortex_m55 target of scripts/build-firmware-images.sh: the Cortex-M toolchain with
# LPAI_CORTEX_M_CPU=cortex-m55 (AN547 layout linker/cortex_m55.ld, qemu-system-arm -M mps3-an547).
set(LPAI_CORTEX_M_CPU cortex-m55 CACHE STRING "Cortex-M core (-mcpu): cortex-m7, cortex-m4 or cortex-m55")
include(${CMAKE_CURRENT_LIST_DIR}/cortex_m.cmake)
