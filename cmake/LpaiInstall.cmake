# Installable CMake package `lpai_rt` (host builds):
#   <prefix>/lib/liblpai_rt.a                      firmware library + host HAL port
#   <prefix>/include/lpai/*.h                      C headers (HAL, C API)
#   <prefix>/include/{core,memory,format,...}/*.h  firmware headers for C++ users
#   <prefix>/lib/cmake/lpai_rt/                    lpai_rtConfig.cmake, version, targets
# Consumers: find_package(lpai_rt CONFIG REQUIRED) and link lpai_rt::lpai_rt (C99 or C++).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(LPAI_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/lpai_rt)

install(TARGETS lpai_rt lpai_hal_api
  EXPORT lpai_rtTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})

# Public C headers.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/hal/include/lpai ${CMAKE_SOURCE_DIR}/firmware/include/lpai
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
# The headers under the public API's names (QnnGraph.h, LPAI/*, System/*): they hold the
# declarations; lpai/qnn_compat.h includes them all.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/firmware/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "Qnn*.h")
# Firmware headers of the library layers (core/, memory/, ...), for C++ users of the library.
foreach(layer core memory format kernels graph shim)
  if(IS_DIRECTORY ${CMAKE_SOURCE_DIR}/firmware/${layer})
    install(DIRECTORY ${CMAKE_SOURCE_DIR}/firmware/${layer}
      DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
      FILES_MATCHING PATTERN "*.h")
  endif()
endforeach()

install(EXPORT lpai_rtTargets
  NAMESPACE lpai_rt::
  DESTINATION ${LPAI_INSTALL_CMAKEDIR})

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/lpai_rtConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/lpai_rtConfig.cmake
  INSTALL_DESTINATION ${LPAI_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/lpai_rtConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_BINARY_DIR}/cmake/lpai_rtConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/lpai_rtConfigVersion.cmake
  DESTINATION ${LPAI_INSTALL_CMAKEDIR})
