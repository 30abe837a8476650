// IO binding of one execute (graph/io_binding.h): caller tensors to IO slots, checks, firmware
// IO buffers for the memhandle hint, RAW copies in and out.
#include "graph/io_binding.h"

#include "core/check.h"
#include "core/checked_math.h"
#include "core/log.h"
#include "lpai/hal.h"

namespace lpai {
namespace rt {
namespace detail {
namespace {

// Maps the caller's tensors of one direction onto IO slots [first, first + count).
Status map_slots(const Context& c, const IoTensor* tensors, uint32_t count, uint32_t first,
                 const char* dir, uint8_t* by_slot) {
  for (uint32_t k = 0; k < count; ++k) {
    const uint32_t id = tensors[k].id;
    uint32_t slot = format::kNone;
    for (uint32_t s = first; s < first + count; ++s) {
      if (c.view.io_tensor(s) == id) {
        slot = s;
        break;
      }
    }
    if (slot == format::kNone) {
      for (uint32_t s = 0; s < c.num_io; ++s) {
        LPAI_CHECK(c.view.io_tensor(s) != id, Status::kTensorInvalidArgument,
                   "graph execute: %s %u is tensor %u, a graph %s", dir, k, id,
                   s < c.view.num_inputs() ? "input" : "output");
      }
      LPAI_FAIL(Status::kTensorUnknownId, "graph execute: %s %u names tensor id %u, not a graph %s",
                dir, k, id, dir);
    }
    LPAI_CHECK(by_slot[slot] == kNoCallerTensor, Status::kTensorInvalidArgument,
               "graph execute: tensor id %u given twice", id);
    by_slot[slot] = static_cast<uint8_t>(k);
  }
  return Status::kOk;
}

// The firmware-side home of a RAW slot: the planned scratch slot (raw hint, DDR) or the
// firmware IO buffer (TCM, or memhandle hint; nullptr until allocated).
uint8_t* raw_home(const Context& c, uint32_t slot, const format::TensorRecord& t) {
  if (!c.view.io_memhandle_hint() && c.config.mem_type != MemType::kTcm) {
    return c.graph.scratch + t.offset;
  }
  return c.graph.io_home[slot];
}

}  // namespace

Status bind_io(Context& c, const IoTensor* inputs, uint32_t n_in, const IoTensor* outputs,
               uint32_t n_out, uint8_t* by_slot) {
  Graph& g = c.graph;
  const format::BinaryView& v = c.view;
  // 1. Which caller tensor feeds which slot.
  for (uint32_t s = 0; s < kMaxGraphIo; ++s) by_slot[s] = kNoCallerTensor;
  LPAI_RETURN_IF_ERROR(map_slots(c, inputs, n_in, 0, "input", by_slot));
  LPAI_RETURN_IF_ERROR(map_slots(c, outputs, n_out, n_in, "output", by_slot));

  // 2. Check every binding before touching anything.
  // RAW buffers are copied: the backend's alignment rule. Shared buffers are used in place by
  // the kernels: the plan's alignment as well.
  const uint32_t start_align = lpai_hal_alignment().start_addr_alignment;
  const uint32_t shared_align = start_alignment(c.view);
  uint8_t* bound[kMaxGraphIo];
  Handle handles[kMaxGraphIo];
  bool need_home[kMaxGraphIo];
  for (uint32_t s = 0; s < c.num_io; ++s) {
    const IoTensor& io = s < n_in ? inputs[by_slot[s]] : outputs[by_slot[s]];
    const format::TensorRecord& t = v.tensor(c.view.io_tensor(s));
    need_home[s] = false;
    handles[s] = kNullHandle;
    if (io.kind == IoKind::kRaw) {
      LPAI_CHECK(io.data != nullptr, Status::kTensorBufferNull,
                 "graph execute: tensor %u RAW buffer is null", io.id);
      LPAI_CHECK(is_aligned_ptr(io.data, start_align), Status::kTensorBufferMisaligned,
                 "graph execute: tensor %u RAW buffer %p is not a multiple of %u", io.id,
                 static_cast<void*>(io.data), start_align);
      LPAI_CHECK(io.size >= t.size, Status::kTensorBufferTooSmall,
                 "graph execute: tensor %u RAW buffer holds %u bytes, the tensor needs %u", io.id,
                 io.size, t.size);
      bound[s] = raw_home(c, s, t);
      need_home[s] = bound[s] == nullptr;
    } else if (io.kind == IoKind::kMemHandle) {
      const MemEntry* m = find_mem(io.mem_handle);
      if (m == nullptr || m->context_index != context_index(c) ||
          m->context_generation != c.generation) {
        LPAI_FAIL(Status::kMemInvalidHandle,
                  "graph execute: tensor %u memory handle 0x%zx is not registered on this "
                  "context",
                  io.id, static_cast<size_t>(io.mem_handle));
      }
      LPAI_CHECK(m->shape_bytes >= t.size, Status::kTensorBufferTooSmall,
                 "graph execute: tensor %u needs %u bytes, memory handle 0x%zx describes "
                 "%llu",
                 io.id, t.size, static_cast<size_t>(io.mem_handle),
                 static_cast<unsigned long long>(m->shape_bytes));
      LPAI_CHECK(is_aligned_ptr(m->addr, shared_align), Status::kTensorBufferMisaligned,
                 "graph execute: tensor %u shared buffer %p is not a multiple of %u", io.id,
                 static_cast<void*>(m->addr), shared_align);
      bound[s] = m->addr;
      handles[s] = io.mem_handle;
    } else {
      LPAI_FAIL(Status::kTensorBadMemType,
                "graph execute: tensor %u memType %u is neither RAW nor MEMHANDLE", io.id,
                static_cast<uint32_t>(io.kind));
    }
  }

  // 3. Memhandle hint: the first RAW use of a slot allocates its firmware IO buffer (kept
  //    until context free). All or nothing.
  uint32_t allocated = 0;
  for (uint32_t s = 0; s < c.num_io; ++s) {
    if (!need_home[s]) continue;
    const uint32_t bytes = v.tensor(c.view.io_tensor(s)).size;
    Result<uint8_t*> r =
        mem_pool::allocate(c.config.mem_type, bytes, io_buffer_alignment(c.view));
    if (!r.ok()) {
      // The one failure logged before its undo: execute's hot path keeps the code it was
      // measured with (docs/error-handling.md).
      LPAI_LOG_ERROR("graph execute: no %s memory for the IO buffer of slot %u (%u bytes): %s",
                     c.config.mem_type == MemType::kTcm ? "TCM" : "DDR", s, bytes,
                     status_name(r.status()));
      for (uint32_t u = 0; u < s; ++u) {
        if (need_home[u]) {
          (void)mem_pool::free(c.config.mem_type, g.io_home[u]);
          g.io_home[u] = nullptr;
        }
      }
      if (r.status() == Status::kPoolFatalSlotLimit) return r.status();  // system fatal error
      return c.config.mem_type == MemType::kTcm ? Status::kContextTcmExhausted
                                                 : Status::kMemAlloc;
    }
    g.io_home[s] = r.value();
    bound[s] = r.value();
    ++allocated;
  }
  g.counters.io_allocations += allocated;

  // 4. Bind, copy RAW inputs in.
  uint64_t copied = 0;
  for (uint32_t s = 0; s < c.num_io; ++s) {
    g.io_bound[s] = bound[s];
    g.io_handle[s] = handles[s];
    const IoTensor& io = s < n_in ? inputs[by_slot[s]] : outputs[by_slot[s]];
    const uint32_t bytes = v.tensor(c.view.io_tensor(s)).size;
    if (s < n_in) {
      if (io.kind == IoKind::kRaw) {
        __builtin_memcpy(bound[s], io.data, bytes);
        copied += bytes;
      } else {
        lpai_hal_cache_invalidate(bound[s], bytes);
      }
    }
  }

  g.counters.io_bytes_copied += copied;
  return Status::kOk;
}

void unbind_outputs(Context& c, const uint8_t* by_slot, IoTensor* outputs) {
  const format::BinaryView& v = c.view;
  const uint32_t n_in = v.num_inputs();
  uint64_t copied = 0;
  // RAW outputs are copied out; shared outputs are cleaned for the other side.
  for (uint32_t s = n_in; s < c.num_io; ++s) {
    IoTensor& io = outputs[by_slot[s]];
    const uint32_t bytes = v.tensor(c.view.io_tensor(s)).size;
    if (io.kind == IoKind::kRaw) {
      __builtin_memcpy(io.data, c.graph.io_bound[s], bytes);
      io.size = bytes;
      copied += bytes;
    } else {
      lpai_hal_cache_clean(c.graph.io_bound[s], bytes);
    }
  }
  c.graph.counters.io_bytes_copied += copied;
}

}  // namespace detail
}  // namespace rt
}  // namespace lpai
