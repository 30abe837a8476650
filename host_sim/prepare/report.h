// Plan report and picture of a prepared graph (host only).
//
// Text and JSON carry the same figures:
//   graph, model, io_mem_type ("raw"|"memhandle"), start_alignment, size_alignment,
//   scratch_bytes, scratch_lower_bound, scratch_ratio (scratch_bytes / lower bound; 1 when the
//   bound is 0), persistent_bytes, const_bytes (the binary's consts section), io_bytes (graph
//   inputs + outputs; inside scratch unless memhandle), binary_bytes, planning_ms, strategy,
//   tflm_compat_notes (where prepare followed TFLite Micro rather than the flatbuffer's fields;
//   text: one "as TFLite Micro:" line each),
//   nodes, and per tensor: binary id, model index, name, memory class, offset, size, live
//   steps (scratch), alias_of (model index or -1); temp buffers as tensors with "temp": true.
// The SVG draws scratch as x = execution step, y = offset (one labelled rectangle per buffer),
// with persistent and const columns beside it.
#ifndef LPAI_HOST_PREPARE_REPORT_H
#define LPAI_HOST_PREPARE_REPORT_H

#include <string>

#include "prepare/prepare.h"

namespace lpai {
namespace prepare {

std::string report_text(const PrepareOutput& out, const std::string& model);
std::string report_json(const PrepareOutput& out, const std::string& model);
std::string plan_svg(const PrepareOutput& out, const std::string& model);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_REPORT_H
