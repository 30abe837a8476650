# The parameter-blob layer's rule (firmware/kernels/params/README.md), checked from the tree:
#   1. a header in firmware/kernels/params/ (and the signal library's
#      firmware/kernels/signal/signal_params.h) includes only <stdint.h>, <stddef.h> and other
#      kernels/params/ headers;
#   2. the vector paths (firmware/kernels/hvx/, host_sim/simd/) include no operator's kernel
#      header: where kernels/params/<op>.h exists, they include that, never kernels/<op>.h.
# Usage: cmake -DSOURCE_DIR=<repo root> -P params_layering.cmake (fails listing each violation).
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "SOURCE_DIR not set")
endif()
set(violations "")

file(GLOB params_headers ${SOURCE_DIR}/firmware/kernels/params/*.h)
list(LENGTH params_headers n_params)
if(n_params EQUAL 0)
  message(FATAL_ERROR "no headers under ${SOURCE_DIR}/firmware/kernels/params")
endif()
foreach(h ${params_headers} ${SOURCE_DIR}/firmware/kernels/signal/signal_params.h)
  file(STRINGS ${h} includes REGEX "^[ \t]*#[ \t]*include")
  foreach(line ${includes})
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]+(<stdint\\.h>|<stddef\\.h>|\"kernels/params/[a-z0-9_]+\\.h\")")
      file(RELATIVE_PATH rel ${SOURCE_DIR} ${h})
      list(APPEND violations "${rel}: ${line} (params/ includes only <stdint.h>, <stddef.h> and params/)")
    endif()
  endforeach()
endforeach()

file(GLOB vector_files ${SOURCE_DIR}/firmware/kernels/hvx/*.h ${SOURCE_DIR}/firmware/kernels/hvx/*.cc
     ${SOURCE_DIR}/host_sim/simd/*.h ${SOURCE_DIR}/host_sim/simd/*.cc)
foreach(f ${vector_files})
  file(STRINGS ${f} includes REGEX "^[ \t]*#[ \t]*include[ \t]+\"kernels/[a-z0-9_]+\\.h\"")
  foreach(line ${includes})
    string(REGEX REPLACE ".*\"kernels/([a-z0-9_]+)\\.h\".*" "\\1" name "${line}")
    if(EXISTS ${SOURCE_DIR}/firmware/kernels/params/${name}.h)
      file(RELATIVE_PATH rel ${SOURCE_DIR} ${f})
      list(APPEND violations "${rel}: ${line} (an operator's kernel header: include kernels/params/${name}.h)")
    endif()
  endforeach()
endforeach()

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "params layering violated:\n  ${text}")
endif()
message(STATUS "params layering: ${n_params} params headers, no violation")
