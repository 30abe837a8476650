# cmake -DROOTS="<dir>|<dir>..." -DHOST_SIM_DIR=<host_sim> -P check_no_host_includes.cmake
# Fails when a source or header under ROOTS includes a host_sim header: an #include whose path
# starts with one of host_sim's folders (the include root of the host libraries) or names
# host_sim itself. Prints every offending line.
string(REPLACE "|" ";" roots "${ROOTS}")
file(GLOB host_dirs LIST_DIRECTORIES true RELATIVE ${HOST_SIM_DIR} ${HOST_SIM_DIR}/*)
set(folders "host_sim")
foreach(d ${host_dirs})
  if(IS_DIRECTORY ${HOST_SIM_DIR}/${d})
    list(APPEND folders ${d})
  endif()
endforeach()
list(JOIN folders "|" alternatives)
set(pattern "^[ \t]*#[ \t]*include[ \t]*[\"<](\\.\\./)*(${alternatives})/")

set(count 0)
set(bad "")
foreach(root ${roots})
  file(GLOB_RECURSE files ${root}/*.h ${root}/*.hpp ${root}/*.c ${root}/*.cc ${root}/*.cpp
       ${root}/*.S ${root}/*.inc)
  foreach(f ${files})
    math(EXPR count "${count} + 1")
    file(STRINGS ${f} lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line ${lines})
      if(line MATCHES "${pattern}")
        string(APPEND bad "\n  ${f}: ${line}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "firmware files include host_sim headers:${bad}")
endif()
message("firmware includes checked: ${count} files, none from host_sim")
