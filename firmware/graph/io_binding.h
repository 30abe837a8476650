// IO binding of one graph execute: which caller tensor feeds which graph IO slot, and where
// the kernels find each slot's bytes. IO rules (RAW copies, MEMHANDLE zero copy, firmware IO
// buffers): docs/memory-model.md.
//
// Contract: bind_io checks every caller tensor before it changes anything; on failure it logs
// one line, returns the Status and leaves the graph as it was (firmware IO buffers it had
// allocated in this call are returned). On kOk the graph's io_bound / io_handle name every
// slot's bytes (valid until the next execute) and the RAW inputs have been copied in.
// unbind_outputs, after the node loop, copies RAW outputs back to the caller's buffers.
// Both add the RAW bytes they copied to the graph's counters (io_bytes_copied; bind_io only
// on kOk).
#ifndef LPAI_GRAPH_IO_BINDING_H
#define LPAI_GRAPH_IO_BINDING_H

#include <stdint.h>

#include "core/status.h"
#include "graph/runtime.h"
#include "graph/state.h"

namespace lpai {
namespace rt {
namespace detail {

constexpr uint8_t kNoCallerTensor = 0xFF;  // by_slot entry of a slot no caller tensor names yet

// `inputs` / `outputs`: the caller's tensors, n_in == num_inputs and n_out == num_outputs
// (checked by the caller), in any order within each direction. `by_slot` (kMaxGraphIo entries,
// owned by the caller) receives, per IO slot, the index of the caller tensor bound to it: in
// `inputs` for slots < n_in, in `outputs` for the others (one byte each: kMaxGraphIo <= 255).
Status bind_io(Context& c, const IoTensor* inputs, uint32_t n_in, const IoTensor* outputs,
               uint32_t n_out, uint8_t* by_slot);

// `outputs` and `by_slot`: the arrays of the bind_io call that succeeded; sets each RAW
// output's size to the bytes written.
void unbind_outputs(Context& c, const uint8_t* by_slot, IoTensor* outputs);

}  // namespace detail
}  // namespace rt
}  // namespace lpai

#endif  // LPAI_GRAPH_IO_BINDING_H
