# Writes the binary with the 64-bit helper, then runs the 32-bit test on it.
execute_process(COMMAND ${MAKE} ${BIN} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lpai_wrap32_make_binary failed: ${rc}")
endif()
execute_process(COMMAND ${TEST} ${BIN} RESULT_VARIABLE rc)
# A kernel without 32-bit x86 execution cannot start the binary (the shell it falls back to
# reports a syntax error): run the same binary under qemu-i386 (qemu-user) then; a real
# failure fails there too.
if(NOT rc EQUAL 0 AND QEMU)
  message(STATUS "${TEST}: ${rc}; running it under ${QEMU}")
  execute_process(COMMAND ${QEMU} ${TEST} ${BIN} RESULT_VARIABLE rc)
endif()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lpai_wrap32_test failed: ${rc}")
endif()
