# lpai_generate_op_selection(LIST_FILE OUT_HEADER): the header a selective kernel registry
# compiles (firmware/kernels/registry.cc with LPAI_SELECTIVE_OPS): for every operator of the
# table (firmware/format/op_table.h), LPAI_OP_SELECTED_<NAME>(x) expands to x when LIST_FILE
# names it (one TFLite name or custom code per line, as lpai-context-binary-generator --op_list writes) and to
# nothing otherwise. COPY (inserted by prepare) is always selected. A name the table does not
# know is a configure error.
function(lpai_generate_op_selection list_file out_header)
  file(READ ${CMAKE_SOURCE_DIR}/firmware/format/op_table.h table)
  string(REGEX MATCHALL "X\\(k[A-Za-z0-9]+, [A-Za-z0-9_]+, [0-9]+" rows "${table}")
  set(all_names "")
  foreach(row ${rows})
    string(REGEX REPLACE "X\\(k[A-Za-z0-9]+, ([A-Za-z0-9_]+), [0-9]+" "\\1" name "${row}")
    list(APPEND all_names ${name})
  endforeach()
  file(STRINGS ${list_file} wanted REGEX "^[A-Za-z0-9_]+$")
  list(APPEND wanted COPY)
  foreach(name ${wanted})
    if(NOT name IN_LIST all_names)
      message(FATAL_ERROR "LPAI_OP_LIST ${list_file}: '${name}' is not in the operator table")
    endif()
  endforeach()
  set(text "// Generated from ${list_file} by cmake/LpaiOpSelection.cmake: do not edit.\n")
  foreach(name ${all_names})
    if(name IN_LIST wanted)
      string(APPEND text "#define LPAI_OP_SELECTED_${name}(x) x\n")
    else()
      string(APPEND text "#define LPAI_OP_SELECTED_${name}(x)\n")
    endif()
  endforeach()
  file(WRITE ${out_header}.tmp "${text}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${out_header}.tmp ${out_header})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${list_file}
               ${CMAKE_SOURCE_DIR}/firmware/format/op_table.h)
endfunction()
