# Sourced by the build scripts: when ccache is installed, every CMake configure run from this
# shell (also the cross-image and fuzz builds the tests start) compiles through it. Paths are
# hashed relative to the checkout, so fresh clones on one machine share the cache.
if command -v ccache >/dev/null 2>&1; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(pwd)}" CCACHE_NOHASHDIR=1
  export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"
fi
