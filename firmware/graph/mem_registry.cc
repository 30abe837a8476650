// Memory registration: a fixed table of kMaxMemHandles entries, one handle per buffer.
#include "core/check.h"
#include "core/checked_math.h"
#include "core/log.h"
#include "graph/state.h"
#include "lpai/hal.h"

namespace lpai {
namespace rt {
namespace detail {

MemEntry* find_mem(Handle h) {
  const int32_t i = handle_index(h, HandleKind::kMem, kMaxMemHandles);
  if (i < 0) return nullptr;
  MemEntry& m = runtime().mem[i];
  if (!m.live || (m.generation & kGenerationMask) != handle_generation(h)) return nullptr;
  return &m;
}

void end_context_handles(const Context& c) {
  const uint32_t idx = context_index(c);
  for (MemEntry& m : runtime().mem) {
    if (m.live && m.context_index == idx && m.context_generation == c.generation) {
      m.live = false;
      m.addr = nullptr;
    }
  }
}

bool mem_handle_bound(Handle h) {
  for (const Context& c : runtime().contexts) {
    if (!c.live) continue;
    for (uint32_t s = 0; s < c.num_io; ++s) {
      if (c.graph.io_handle[s] == h) return true;
    }
  }
  return false;
}

}  // namespace detail

using detail::MemEntry;

namespace {

Handle handle_of(const MemEntry& m) {
  return detail::make_handle(detail::HandleKind::kMem,
                             static_cast<uint32_t>(&m - detail::runtime().mem), m.generation);
}

// Resolves a request to (addr, bytes) and checks it; logs and returns the failure.
Status resolve_request(const MemRequest& r, uint32_t i, uint8_t** addr, uint64_t* bytes) {
  LPAI_CHECK(r.shape_bytes != 0, Status::kMemInvalidArgument,
             "mem register: descriptor %u describes 0 bytes", i);
  switch (r.kind) {
    case MemKind::kShared: {
      uint8_t* a = nullptr;
      size_t n = 0;
      LPAI_CHECK(lpai_hal_shared_resolve(r.fd, &a, &n) == 0 && a != nullptr, Status::kMemMapping,
                 "mem register: descriptor %u fd %d does not name a shared buffer", i,
                 static_cast<int>(r.fd));
      *addr = a;
      *bytes = n;
      break;
    }
    case MemKind::kCustom:
      LPAI_CHECK(r.buffer != nullptr, Status::kMemInvalidArgument,
                 "mem register: descriptor %u custom buffer is null", i);
      *addr = static_cast<uint8_t*>(r.buffer);
      *bytes = r.buffer_size;
      break;
    default:
      LPAI_FAIL(Status::kMemUnsupportedMemType,
                "mem register: descriptor %u memory kind %u not supported", i,
                static_cast<uint32_t>(r.kind));
  }
  const uint32_t align = lpai_hal_alignment().start_addr_alignment;
  LPAI_CHECK(is_aligned_ptr(*addr, align), Status::kMemInvalidShapeOrAlignment,
             "mem register: descriptor %u buffer %p is not a multiple of %u", i,
             static_cast<void*>(*addr), align);
  LPAI_CHECK(*bytes >= r.shape_bytes, Status::kMemInvalidShapeOrAlignment,
             "mem register: descriptor %u buffer holds %llu bytes, its shape needs %llu", i,
             static_cast<unsigned long long>(*bytes),
             static_cast<unsigned long long>(r.shape_bytes));
  return Status::kOk;
}

}  // namespace

Status mem_register(Handle context, const MemRequest* requests, uint32_t count, Handle* out) {
  detail::Context* c = detail::find_context(context);
  LPAI_CHECK(c != nullptr, Status::kContextInvalidHandle,
             "mem register: invalid context handle 0x%zx", static_cast<size_t>(context));
  LPAI_CHECK(requests != nullptr && out != nullptr && count != 0, Status::kMemInvalidArgument,
             "mem register: %s", count == 0 ? "no descriptors" : "null descriptor/handle array");
  LPAI_CHECK(count <= kMaxMemHandles, Status::kMemTableFull,
             "mem register: %u descriptors, the table holds %u", count, kMaxMemHandles);
  uint8_t* addrs[kMaxMemHandles];
  detail::Runtime& rt = detail::runtime();
  for (uint32_t i = 0; i < count; ++i) {
    uint64_t bytes = 0;  // the buffer's size (checked against its shape)
    LPAI_RETURN_IF_ERROR(resolve_request(requests[i], i, &addrs[i], &bytes));
    for (const MemEntry& m : rt.mem) {
      LPAI_CHECK(!m.live || m.addr != addrs[i], Status::kMemAlreadyRegistered,
                 "mem register: descriptor %u buffer %p already has handle 0x%zx", i,
                 static_cast<void*>(addrs[i]), static_cast<size_t>(handle_of(m)));
    }
    for (uint32_t j = 0; j < i; ++j) {
      LPAI_CHECK(addrs[j] != addrs[i], Status::kMemAlreadyRegistered,
                 "mem register: descriptors %u and %u name the same buffer %p", j, i,
                 static_cast<void*>(addrs[i]));
    }
  }
  uint32_t free_slots = 0;
  for (const MemEntry& m : rt.mem)
    free_slots += (m.live || detail::slot_retired(m.generation)) ? 0u : 1u;
  LPAI_CHECK(free_slots >= count, Status::kMemTableFull,
             "mem register: %u descriptors, %u of %u handles free", count, free_slots,
             kMaxMemHandles);
  uint32_t next = 0;
  for (uint32_t i = 0; i < count; ++i) {
    while (rt.mem[next].live || detail::slot_retired(rt.mem[next].generation)) ++next;
    MemEntry& m = rt.mem[next];
    m.live = true;
    ++m.generation;
    m.context_index = static_cast<uint8_t>(detail::context_index(*c));
    m.context_generation = c->generation;
    m.kind = requests[i].kind;
    m.addr = addrs[i];
    m.shape_bytes = requests[i].shape_bytes;
    out[i] = handle_of(m);
  }
  return Status::kOk;
}

Status mem_deregister(const Handle* handles, uint32_t count) {
  LPAI_CHECK(handles != nullptr && count != 0, Status::kMemInvalidArgument, "mem deregister: %s",
             count == 0 ? "no handles" : "handle array is null");
  for (uint32_t i = 0; i < count; ++i) {
    LPAI_CHECK(detail::find_mem(handles[i]) != nullptr, Status::kMemInvalidHandle,
               "mem deregister: handle %u (0x%zx) is not registered", i,
               static_cast<size_t>(handles[i]));
    for (uint32_t j = 0; j < i; ++j) {
      LPAI_CHECK(handles[j] != handles[i], Status::kMemInvalidHandle,
                 "mem deregister: handle 0x%zx listed twice", static_cast<size_t>(handles[i]));
    }
    LPAI_CHECK(!detail::mem_handle_bound(handles[i]), Status::kMemHandleInUse,
               "mem deregister: handle 0x%zx is bound to a graph's IO (release it first)",
               static_cast<size_t>(handles[i]));
  }
  for (uint32_t i = 0; i < count; ++i) {
    MemEntry* m = detail::find_mem(handles[i]);
    m->live = false;
    m->addr = nullptr;
  }
  return Status::kOk;
}

uint32_t mem_live_count() {
  uint32_t n = 0;
  for (const MemEntry& m : detail::runtime().mem) n += m.live ? 1u : 0u;
  return n;
}

}  // namespace rt
}  // namespace lpai
