# Build-time step of the seed-000 alignment test: every --alignment START:SIZE that
# lpai-context-binary-generator accepts (START a power of two up to 4096, SIZE a power of two
# up to 1048576), each applied to the demo model of lpai-make-demo-model, written as
# OUT_DIR/demo_<START>_<SIZE>.bin, plus the demo model's first input (demo_input_0.bin).
# cmake -DGENERATOR=... -DDEMO=... -DOUT_DIR=... -P make_alignment_binaries.cmake
file(MAKE_DIRECTORY ${OUT_DIR})
execute_process(COMMAND ${DEMO} --output_dir ${OUT_DIR} RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lpai-make-demo-model failed (${rc})")
endif()
set(start 1)
while(start LESS_EQUAL 4096)
  set(size 1)
  while(size LESS_EQUAL 1048576)
    execute_process(
      COMMAND ${GENERATOR} --model ${OUT_DIR}/demo_model.tflite --binary_file demo_${start}_${size}
              --output_dir ${OUT_DIR} --alignment ${start}:${size}
      RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "generator --alignment ${start}:${size} failed (${rc}): ${err}")
    endif()
    math(EXPR size "${size} * 2")
  endwhile()
  math(EXPR start "${start} * 2")
endwhile()
file(WRITE ${OUT_DIR}/stamp "done\n")
