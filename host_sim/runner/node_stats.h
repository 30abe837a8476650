// Per-node figures read from a context binary (host only): what a profile prints beside each
// node's time (lpai-image-gen's node list, the Python module's Session.profile).
#ifndef LPAI_HOST_RUNNER_NODE_STATS_H
#define LPAI_HOST_RUNNER_NODE_STATS_H

#include <cstdint>
#include <string>

#include "format/binary_view.h"

namespace lpai {
namespace host {

// Multiply-accumulates of one node: CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED count one
// per output element and filter tap (filter elements / output channels); the LSTM counts its
// eight gate matrices per time step; other ops count 0.
uint64_t node_macs(const format::BinaryView& v, const format::NodeRecord& n);

// The operator table's name of an op code, else "OP_<code>".
std::string op_label(uint16_t op);

}  // namespace host
}  // namespace lpai

#endif  // LPAI_HOST_RUNNER_NODE_STATS_H
