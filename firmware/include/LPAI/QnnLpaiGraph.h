/* LPAI/QnnLpaiGraph.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). */
#ifndef LPAI_FWD_LPAI_QNNLPAIGRAPH_H
#define LPAI_FWD_LPAI_QNNLPAIGRAPH_H

#include "QnnGraph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- LPAI graph extensions (lpai-rt specific) ---------------------------------------------- */

/* Execution counters of a graph since its context was created. */
typedef struct {
  uint64_t executions;         /* successful QnnGraph_execute calls */
  uint64_t ioBytesCopied;      /* RAW bytes copied in (inputs) plus out (outputs) */
  uint32_t ioAllocations;      /* IO buffers the firmware allocated for this graph */
  uint32_t numNodes;           /* nodes of the graph */
  uint64_t lastExecuteCycles;  /* lpai_hal_cycles() spent in the last execute */
} QnnLpaiGraph_Counters_t;
#define QNN_LPAI_GRAPH_COUNTERS_INIT {0u, 0u, 0u, 0u, 0u}

Qnn_ErrorHandle_t QnnLpaiGraph_getCounters(Qnn_GraphHandle_t graph,
                                           QnnLpaiGraph_Counters_t* counters);
/* Turns per-node cycle recording on (non-zero) or off for later executes. Profiling records
 * into the graph's profile buffer (QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER): turning it on
 * without one -> QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISSING. */
Qnn_ErrorHandle_t QnnLpaiGraph_setProfiling(Qnn_GraphHandle_t graph, uint32_t enable);
/* Copies the cycles of each node of the last execute run with profiling on into cycles[0..n)
 * with n = min(capacity, nodes); *numNodes receives the node count. Zeros when no execute was
 * profiled into the current profile buffer (or none is set). */
Qnn_ErrorHandle_t QnnLpaiGraph_getNodeCycles(Qnn_GraphHandle_t graph, uint64_t* cycles,
                                             uint32_t capacity, uint32_t* numNodes);
/* Zeroes the graph's persistent memory (RNN/LSTM state, variable tensors) as finalize did.
 * Finalized graphs only (else GRAPH_NOT_FINALIZED). */
Qnn_ErrorHandle_t QnnLpaiGraph_resetPersistent(Qnn_GraphHandle_t graph);
/* Drops the IO bindings the last execute left on the graph, so that the memory handles it
 * used can be deregistered (a handle bound to a graph -> QNN_LPAI_MEM_ERROR_HANDLE_IN_USE). */
Qnn_ErrorHandle_t QnnLpaiGraph_releaseIo(Qnn_GraphHandle_t graph);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_LPAI_QNNLPAIGRAPH_H */
