# Writes the binary with the 64-bit helper, then runs the 32-bit test on it.
execute_process(COMMAND ${MAKE} ${BIN} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lpai_wrap32_make_binary failed: ${rc}")
endif()
execute_process(COMMAND ${TEST} ${BIN} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lpai_wrap32_test failed: ${rc}")
endif()
