# cmake -DNM=<nm> -DARCHIVE=<lib.a> -P check_symbols.cmake
# Fails (FATAL_ERROR) when ARCHIVE references a heap, C++ runtime, unwinder or stdio symbol
# (`nm -u`), or defines a static constructor (_GLOBAL__sub_I_*).
foreach(var NM ARCHIVE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_symbols.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT EXISTS "${ARCHIVE}")
  message(FATAL_ERROR "check_symbols.cmake: ${ARCHIVE} does not exist (build it first)")
endif()

execute_process(COMMAND "${NM}" -u "${ARCHIVE}"
  OUTPUT_VARIABLE undefined RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm -u ${ARCHIVE} failed (${rc}): ${err}")
endif()
execute_process(COMMAND "${NM}" "${ARCHIVE}"
  OUTPUT_VARIABLE all_symbols RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm ${ARCHIVE} failed (${rc}): ${err}")
endif()

set(forbidden
  # heap
  "malloc" "calloc" "realloc" "free" "aligned_alloc" "posix_memalign" "memalign" "valloc"
  "pvalloc" "reallocarray" "strdup" "strndup"
  # C++ operator new/delete (any overload), runtime support, exceptions, unwinding
  "_Znw.*" "_Zna.*" "_Zdl.*" "_Zda.*" "__cxa_.*" "__gxx_personality.*" "_Unwind_.*"
  "_ZSt.*" "_ZNSt.*" "__dynamic_cast" "_ZTI.*" "_ZTV.*10__cxxabiv1.*"
  # stdio
  "printf" "fprintf" "sprintf" "snprintf" "vprintf" "vfprintf" "vsprintf" "vsnprintf"
  "dprintf" "vdprintf" "puts" "fputs" "putchar" "fputc" "putc" "getchar" "fgets" "fopen"
  "fopen64" "fdopen" "freopen" "fclose" "fread" "fwrite" "fflush" "fseek" "ftell" "perror"
  "stdin" "stdout" "stderr" "_IO_.*" "__printf_chk" "__fprintf_chk" "__sprintf_chk"
  "__snprintf_chk" "__vsnprintf_chk" "__vfprintf_chk" "__vprintf_chk" "__puts_chk"
  # process control
  "abort" "exit" "_exit" "atexit")
list(JOIN forbidden "|" alternatives)
set(pattern "^(${alternatives})(@.*)?$")

set(violations 0)
string(REPLACE "\n" ";" lines "${undefined}")
foreach(line IN LISTS lines)
  string(STRIP "${line}" line)
  if(line MATCHES "^U +([^ ]+)$")
    set(sym "${CMAKE_MATCH_1}")
    if(sym MATCHES "${pattern}")
      message("forbidden symbol: ${sym}")
      math(EXPR violations "${violations} + 1")
    endif()
  endif()
endforeach()

string(REPLACE "\n" ";" lines "${all_symbols}")
foreach(line IN LISTS lines)
  if(line MATCHES " [tT] (_GLOBAL__sub_I_[^ ]*)$")
    message("static constructor: ${CMAKE_MATCH_1}")
    math(EXPR violations "${violations} + 1")
  endif()
endforeach()

if(violations GREATER 0)
  message(FATAL_ERROR "${ARCHIVE}: ${violations} forbidden symbol(s) or static constructor(s)")
endif()
message(STATUS "${ARCHIVE}: no heap, C++ runtime, stdio or static constructor symbols")
