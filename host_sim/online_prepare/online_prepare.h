// Online prepare (host only): QnnContext_create, QnnGraph_create, QnnTensor_createGraphTensor
// and QnnGraph_addNode (declared by the firmware's QNN headers, QnnGraph.h; defined by this
// library, linked with --wrap for them), and the QnnGraph_finalize
// of such graphs, which runs the offline prepare pipeline (host_sim/prepare: per-op prepare,
// planner, serializer) in memory and loads the binary into the firmware.
//
// Online contexts and graphs are handles of this library, not of the firmware. A program that
// links it is also linked with --wrap for the QNN calls that take a context or graph handle
// (CMakeLists.txt): QnnGraph_finalize / QnnContext_free of an online handle run here, every
// other such call reaches the firmware graph the online graph became at finalize, and firmware
// handles pass straight to the firmware.
//
// Tensor ids: the n-th tensor created on a graph gets v1.id n; finalize rejects a graph with a
// tensor no node uses (it would not be serialized, and ids would stop matching the binary's).
// Plan alignment: max(64, backend alignment) for start and size (the generator's default 64:64
// on the host HAL). This header adds C++ introspection for tests and tools.
#ifndef LPAI_HOST_ONLINE_PREPARE_ONLINE_PREPARE_H
#define LPAI_HOST_ONLINE_PREPARE_ONLINE_PREPARE_H

#include <cstdint>
#include <vector>

#include "lpai/qnn_compat.h"

namespace lpai {
namespace online {

// The context binary QnnGraph_finalize produced for online graph `graph`. False (and *out
// untouched) when `graph` is not a live, finalized online graph.
bool graph_binary(Qnn_GraphHandle_t graph, std::vector<uint8_t>* out);

// The firmware graph an online graph became at finalize (nullptr if none); for tests.
Qnn_GraphHandle_t firmware_graph(Qnn_GraphHandle_t graph);

// Live online contexts (for tests: leak checks).
uint32_t live_contexts();

}  // namespace online
}  // namespace lpai

#endif  // LPAI_HOST_ONLINE_PREPARE_ONLINE_PREPARE_H
