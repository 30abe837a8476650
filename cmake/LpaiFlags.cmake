# Warning and freestanding flags shared by every target.
add_compile_options(-Wall -Wextra -Werror)

# Flags for code that runs on the DSP (firmware/, hal/ ports). The firmware must not see
# libc or libstdc++ headers: -nostdinc removes every system include directory and only the
# compiler's own (stddef.h, stdint.h, stdarg.h, limits.h) is added back.
execute_process(
  COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=include
  OUTPUT_VARIABLE LPAI_COMPILER_INCLUDE_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
set(LPAI_FREESTANDING_FLAGS
  -ffreestanding -fno-exceptions -fno-rtti -fno-threadsafe-statics
  -fno-unwind-tables -fno-asynchronous-unwind-tables
  -nostdinc -isystem ${LPAI_COMPILER_INCLUDE_DIR})
if(NOT LPAI_PLATFORM STREQUAL "host")
  # Cross builds link static images at fixed addresses: -fno-pic overrides the -fPIC that
  # POSITION_INDEPENDENT_CODE adds (target options come after it on the command line).
  list(APPEND LPAI_FREESTANDING_FLAGS -ffunction-sections -fdata-sections -fno-pic)
endif()

# lpai_freestanding(target): apply the firmware rules to a target's C++ sources.
function(lpai_freestanding target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:${LPAI_FREESTANDING_FLAGS}>)
endfunction()
