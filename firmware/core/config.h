// Compile-time limits of the runtime: every byte of the firmware's own RAM (runtime state,
// .data + .bss of core, memory, format, graph and shim) is sized by them. Each is a
// preprocessor option given to every firmware and host source (CMake cache variables of the
// same names, top-level CMakeLists.txt); the defaults below are sized for a one-model firmware
// image: one context live at a time, up to 8 graph inputs + outputs (every model and
// conformance case the images embed), MEMHANDLE IO for one input and one output, 4 DDR arena
// allocations. The host build sets the larger values its tests and tools need (4 contexts, 16
// memory handles, 64 graph IO, 2 system contexts, 24 DDR arena slots). Exhausting a limit is
// an error with its own status code, never a crash.
//
// Cost on the 32-bit targets (Cortex-M, Hexagon), measured with scripts/size-report.sh's
// runtime-state listing:
//   LPAI_MAX_CONTEXTS         live contexts (one graph each): 120 B + 12 B per graph IO slot
//   LPAI_MAX_GRAPH_IO         graph inputs + outputs per context: 12 B each per context
//   LPAI_MAX_MEM_HANDLES      live registered buffers (QnnMem_register), all contexts: 24 B each
//   LPAI_MAX_SYSTEM_CONTEXTS  live system contexts (QnnSystemContext_create): 12 B each
//   LPAI_DDR_ARENAS           DDR arenas used (1..8): 28 B + 8 B per slot each
//   LPAI_DDR_ARENA_SLOTS      live allocations per DDR arena: one per live context's binary
//                             copy, one per firmware IO buffer (memhandle hint), one per system
//                             context holding binary info; 8 B each
// The TCM pool's slot count is not an option: the seeds fix it at LPAI_TCM_POOL_SLOTS (32,
// lpai/hal.h), 8 B each.
#ifndef LPAI_CORE_CONFIG_H
#define LPAI_CORE_CONFIG_H

#ifndef LPAI_MAX_CONTEXTS
#define LPAI_MAX_CONTEXTS 1
#endif
#ifndef LPAI_MAX_GRAPH_IO
#define LPAI_MAX_GRAPH_IO 8
#endif
#ifndef LPAI_MAX_MEM_HANDLES
#define LPAI_MAX_MEM_HANDLES 2
#endif
#ifndef LPAI_MAX_SYSTEM_CONTEXTS
#define LPAI_MAX_SYSTEM_CONTEXTS 1
#endif
#ifndef LPAI_DDR_ARENAS
#define LPAI_DDR_ARENAS 1
#endif
#ifndef LPAI_DDR_ARENA_SLOTS
#define LPAI_DDR_ARENA_SLOTS 4
#endif

#endif  // LPAI_CORE_CONFIG_H
