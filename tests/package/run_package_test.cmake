# cmake -DBUILD_DIR=... -DCONSUMER_DIR=... -DWORK_DIR=... [-DGENERATOR=...] -P run_package_test.cmake
# install BUILD_DIR into WORK_DIR/prefix, build CONSUMER_DIR against it, run its programs.
foreach(var BUILD_DIR CONSUMER_DIR WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_package_test.cmake: -D${var}=... is required")
  endif()
endforeach()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "failed (${rc}): ${cmd}\n${out}\n${err}")
  endif()
  set(run_out "${out}" PARENT_SCOPE)
  set(run_err "${err}" PARENT_SCOPE)
endfunction()

set(prefix ${WORK_DIR}/prefix)
set(consumer_build ${WORK_DIR}/consumer-build)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Only the library components are needed; install everything the build defines.
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f lib/liblpai_rt.a include/lpai/hal.h include/core/status.h include/memory/tcm_pool.h
          lib/cmake/lpai_rt/lpai_rtConfig.cmake lib/cmake/lpai_rt/lpai_rtTargets.cmake)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "install is missing ${f}")
  endif()
endforeach()

set(configure_args -S ${CONSUMER_DIR} -B ${consumer_build} -DCMAKE_PREFIX_PATH=${prefix})
if(GENERATOR)
  list(APPEND configure_args -G ${GENERATOR})
endif()
foreach(pair "C_COMPILER;CMAKE_C_COMPILER" "CXX_COMPILER;CMAKE_CXX_COMPILER"
             "BUILD_TYPE;CMAKE_BUILD_TYPE" "C_FLAGS;CMAKE_C_FLAGS" "CXX_FLAGS;CMAKE_CXX_FLAGS"
             "LINKER_FLAGS;CMAKE_EXE_LINKER_FLAGS")
  list(GET pair 0 in)
  list(GET pair 1 out)
  if(DEFINED ${in} AND NOT "${${in}}" STREQUAL "")
    list(APPEND configure_args "-D${out}=${${in}}")
  endif()
endforeach()
run(${CMAKE_COMMAND} ${configure_args})
run(${CMAKE_COMMAND} --build ${consumer_build})

foreach(prog lpai_consumer_c lpai_consumer_cxx)
  run(${consumer_build}/${prog})
  message("${prog} stdout: ${run_out}")
  message("${prog} stderr: ${run_err}")
  if(NOT run_out MATCHES "${prog}: ok")
    message(FATAL_ERROR "${prog} did not report success")
  endif()
endforeach()
# The firmware log line went through the HAL's stderr echo.
if(NOT run_err MATCHES "\\[INFO\\] consumer: TCM pool has 2035712 bytes")
  message(FATAL_ERROR "lpai_consumer_cxx did not log through the HAL")
endif()
message(STATUS "package test passed")
