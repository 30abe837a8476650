# Cross toolchain: Hexagon (hexagonv67) with Debian's clang and ld.lld, for standalone
# -nostdlib firmware images (run under qemu-hexagon). Used by the `hexagon` preset.
#
#   -mcpu=hexagonv67   the newest core qemu-hexagon 7.2 accepts
#   -G0                no small-data (GP-relative) sections: the startup code sets no GP
#   -fno-pic           static image at fixed addresses (the target defaults to PIE)
# Linking goes through the clang driver with -fuse-ld=lld -nostdlib -static; the image's
# CMakeLists adds the linker script (linker/hexagon.ld).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR hexagon)

set(LPAI_HEXAGON_TRIPLE hexagon-unknown-linux-musl)
set(LPAI_HEXAGON_CPU hexagonv67 CACHE STRING "Hexagon core (-mcpu)")

find_program(LPAI_CLANG NAMES clang clang-14 REQUIRED)
find_program(LPAI_CLANGXX NAMES clang++ clang++-14 REQUIRED)
set(CMAKE_C_COMPILER ${LPAI_CLANG})
set(CMAKE_CXX_COMPILER ${LPAI_CLANGXX})
set(CMAKE_C_COMPILER_TARGET ${LPAI_HEXAGON_TRIPLE})
set(CMAKE_CXX_COMPILER_TARGET ${LPAI_HEXAGON_TRIPLE})
set(CMAKE_ASM_COMPILER_TARGET ${LPAI_HEXAGON_TRIPLE})

# GNU ar cannot index Hexagon objects; lld needs an archive index.
find_program(CMAKE_AR NAMES llvm-ar llvm-ar-14 REQUIRED)
find_program(CMAKE_RANLIB NAMES llvm-ranlib llvm-ranlib-14 REQUIRED)
find_program(LPAI_TARGET_NM NAMES llvm-nm llvm-nm-14 REQUIRED)
find_program(LPAI_TARGET_SIZE NAMES llvm-size llvm-size-14)
find_program(LPAI_TARGET_READELF NAMES llvm-readelf llvm-readelf-14)

set(LPAI_TARGET_FLAGS "-mcpu=${LPAI_HEXAGON_CPU} -G0 -fno-pic")
set(CMAKE_C_FLAGS_INIT "${LPAI_TARGET_FLAGS}")
set(CMAKE_CXX_FLAGS_INIT "${LPAI_TARGET_FLAGS}")
set(CMAKE_ASM_FLAGS_INIT "${LPAI_TARGET_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-fuse-ld=lld -nostdlib -static -Wl,--gc-sections")

# Compiler checks build a static library: a -nostdlib executable has no entry point yet.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Image runner for tests and scripts.
find_program(LPAI_TARGET_EMULATOR NAMES qemu-hexagon)
set(LPAI_TARGET_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/../../linker/hexagon.ld)
set(LPAI_TARGET_LINK_LIBS "")
