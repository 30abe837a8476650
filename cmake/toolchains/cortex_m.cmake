# Cross toolchain: Arm Cortex-M (default Cortex-M7, Cortex-M4 or Cortex-M55) with Debian's
# gcc-arm-none-eabi, for standalone -nostdlib firmware images (newlib is not linked; libgcc
# is, for the compiler's own helpers such as 64-bit division). Used by the `cortex-m` preset.
#
# LPAI_CORTEX_M_CPU picks the core; the image runs on the matching QEMU board:
#   cortex-m7 -> qemu-system-arm -M mps2-an500      cortex-m4 -> qemu-system-arm -M mps2-an386
#   cortex-m55 -> qemu-system-arm -M mps3-an547 (linker/cortex_m55.ld; cmake/toolchains/cortex_m55.cmake)
# M7 / M4: soft-float ABI: the firmware computes in integers only, so no FPU state is needed.
# M55: hard-float ABI (newlib/libgcc multilib thumb/v8-m.main+dp/hard), which turns on Helium
# (MVE, __ARM_FEATURE_MVE): the reset handler enables CP10/CP11 before any vector instruction.
# -Wno-format: arm-none-eabi's uint32_t is `long unsigned int`, so the firmware's "%u" for
# uint32_t trips -Wformat although it is correct here (int and long are both 32 bits and are
# passed alike); the host and Hexagon builds keep the format check.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(LPAI_CORTEX_M_CPU cortex-m7 CACHE STRING "Cortex-M core (-mcpu): cortex-m7, cortex-m4 or cortex-m55")

find_program(CMAKE_C_COMPILER NAMES arm-none-eabi-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER NAMES arm-none-eabi-g++ REQUIRED)
find_program(CMAKE_AR NAMES arm-none-eabi-gcc-ar arm-none-eabi-ar REQUIRED)
find_program(CMAKE_RANLIB NAMES arm-none-eabi-gcc-ranlib arm-none-eabi-ranlib REQUIRED)
find_program(LPAI_TARGET_NM NAMES arm-none-eabi-nm REQUIRED)
find_program(LPAI_TARGET_SIZE NAMES arm-none-eabi-size)
find_program(LPAI_TARGET_READELF NAMES arm-none-eabi-readelf)

if(LPAI_CORTEX_M_CPU STREQUAL "cortex-m55")
  set(LPAI_FLOAT_ABI hard)
else()
  set(LPAI_FLOAT_ABI soft)
endif()
set(LPAI_TARGET_FLAGS "-mcpu=${LPAI_CORTEX_M_CPU} -mthumb -mfloat-abi=${LPAI_FLOAT_ABI} -fno-pic -Wno-format")
set(CMAKE_C_FLAGS_INIT "${LPAI_TARGET_FLAGS}")
set(CMAKE_CXX_FLAGS_INIT "${LPAI_TARGET_FLAGS}")
set(CMAKE_ASM_FLAGS_INIT "${LPAI_TARGET_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-nostdlib -static -Wl,--gc-sections")

set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(LPAI_TARGET_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/../../linker/cortex_m.ld)
if(LPAI_CORTEX_M_CPU STREQUAL "cortex-m4")
  set(LPAI_QEMU_MACHINE mps2-an386)
elseif(LPAI_CORTEX_M_CPU STREQUAL "cortex-m55")
  set(LPAI_QEMU_MACHINE mps3-an547)
  set(LPAI_TARGET_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/../../linker/cortex_m55.ld)
else()
  set(LPAI_QEMU_MACHINE mps2-an500)
endif()
find_program(LPAI_TARGET_EMULATOR NAMES qemu-system-arm)
set(LPAI_TARGET_LINK_LIBS -lgcc)
