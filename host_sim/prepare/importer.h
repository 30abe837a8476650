// TFLite importer (host only): model bytes -> PrepGraph.
//
// The bytes are copied into the graph, checked by the flatbuffers verifier (generated from
// host_sim/prepare/tflite_schema.fbs) and only then read. Supported: subgraph 0 is the graph;
// other subgraphs are inlined where a CALL_ONCE, IF or WHILE calls them (their tensors get new
// graph ids, their operands pass by COPY nodes, label ops mark the branch targets:
// op_prepare.h), a subgraph nothing calls is not read; resource variables (VAR_HANDLE names
// one persistent variable tensor, typed by the first ASSIGN_VARIABLE in TFLite Micro's prepare
// order; READ_VARIABLE / ASSIGN_VARIABLE become COPY nodes from / into it); int8/int16 activations with per-tensor quantisation (int16 symmetric); constants of int8
// (per-tensor or per-channel, per-channel symmetric), int16, int32 and int64 (biases, shape
// operands); variable tensors (int8/int16, planned into persistent memory); RESHAPE either as
// an alias of its input (identical bytes: same type, size and quantisation; both scratch
// activations) or, when its input or output is graph IO, a constant or a variable, as a copy
// node. Every other op must have a prepare function (find_prepare()); the op's own checks run
// later, in the pipeline (prepare.h).
//
// Rejected, with a one-line message naming the op (builtin_name, node index) or tensor (index
// and name; "subgraph S node N" / a tensor's index in its own subgraph outside subgraph 0) and
// the reason: unverifiable bytes, a wrong file identifier, zero subgraphs, a called subgraph
// out of range or already running (recursion), operand counts or sizes that do not match the
// called subgraph, unknown or never-assigned resource variables, unknown/unsupported ops, out-of-range indices, unsupported types or
// quantisation, external buffers (Buffer.offset/size, Tensor.external_buffer), sparse
// tensors, dynamic or oversized shapes, a tensor both graph input and output, tensors read
// before written or written twice, constant data whose size does not match the shape.
#ifndef LPAI_HOST_PREPARE_IMPORTER_H
#define LPAI_HOST_PREPARE_IMPORTER_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "common/host_result.h"
#include "prepare/graph.h"

namespace lpai {
namespace prepare {

// Imports `size` bytes at `data`. On success fills *out (which owns a copy of the bytes); on
// failure returns one line and leaves *out unchanged.
host::HostStatus import_tflite(const uint8_t* data, size_t size, PrepGraph* out);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_IMPORTER_H
