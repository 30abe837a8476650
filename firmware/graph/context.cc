// Backend and context lifetime: the static tables, handle lookups, create-from-binary (copy
// into firmware memory of the configured type, validate in place) and context free.
#include "core/check.h"
#include "core/checked_math.h"
#include "core/log.h"
#include "graph/executor.h"
#include "graph/state.h"
#include "kernels/kernel_api.h"
#include "lpai/hal.h"
#include "memory/tcm_pool.h"

namespace lpai {
namespace rt {
namespace detail {

namespace {
Runtime g_runtime;  // zero-initialised: no backend, every slot free
}  // namespace

Runtime& runtime() { return g_runtime; }

Context* find_context(Handle h) {
  const int32_t i = handle_index(h, HandleKind::kContext, kMaxContexts);
  if (i < 0) return nullptr;
  Context& c = g_runtime.contexts[i];
  if (!c.live || (c.generation & kGenerationMask) != handle_generation(h)) return nullptr;
  return &c;
}

Context* find_graph(Handle h) {
  const int32_t i = handle_index(h, HandleKind::kGraph, kMaxContexts);
  if (i < 0) return nullptr;
  Context& c = g_runtime.contexts[i];
  if (!c.live || (c.generation & kGenerationMask) != handle_generation(h)) return nullptr;
  return &c;
}

uint32_t context_index(const Context& c) {
  return static_cast<uint32_t>(&c - g_runtime.contexts);
}

Handle graph_handle_of(const Context& c) {
  return make_handle(HandleKind::kGraph, context_index(c), c.generation);
}

uint32_t start_alignment(const format::BinaryView& view) {
  const uint32_t hal = lpai_hal_alignment().start_addr_alignment;
  return view.plan().start_alignment > hal ? view.plan().start_alignment : hal;
}

size_t io_buffer_alignment(const format::BinaryView& view) {
  const size_t a = start_alignment(view);
  return a < format::kSectionAlignment ? format::kSectionAlignment : a;
}

void free_io_homes(Context& c) {
  Graph& g = c.graph;
  for (uint32_t s = 0; s < kMaxGraphIo; ++s) {
    if (g.io_home[s] != nullptr) {
      Status st = mem_pool::free(c.config.mem_type, g.io_home[s]);
      if (st != Status::kOk) {
        LPAI_LOG_ERROR("context free: IO buffer %u not returned: %s", s, status_name(st));
      }
      g.io_home[s] = nullptr;
    }
  }
}

}  // namespace detail

using detail::Context;
using detail::HandleKind;
using detail::make_handle;

// ---- backend ------------------------------------------------------------------------------

namespace {

bool backend_ok(Handle h) {
  detail::Runtime& r = detail::runtime();
  const int32_t i = detail::handle_index(h, HandleKind::kBackend, 1);
  return i == 0 && r.backend_live &&
         (r.backend_generation & detail::kGenerationMask) == detail::handle_generation(h);
}

uint32_t live_contexts() {
  uint32_t n = 0;
  for (const Context& c : detail::runtime().contexts) n += c.live ? 1u : 0u;
  return n;
}

}  // namespace

Status backend_create(Handle* out) {
  detail::Runtime& r = detail::runtime();
  LPAI_CHECK(out != nullptr, Status::kBackendInvalidArgument,
             "backend create: output handle pointer is null");
  LPAI_CHECK(!r.backend_live, Status::kBackendAlreadyCreated,
             "backend create: a backend already exists (one backend at a time)");
  // The backend handle is one slot: once its generation has reached the last one a handle can
  // carry, a new backend would give a freed handle back its meaning, so none is created.
  LPAI_CHECK(!detail::slot_retired(r.backend_generation), Status::kBackendGenerationsExhausted,
             "backend create: backend handle generations used up (%u backends created); "
             "no further backend can be created",
             r.backend_generation);
  r.backend_live = true;
  ++r.backend_generation;
  *out = make_handle(HandleKind::kBackend, 0, r.backend_generation);
  return Status::kOk;
}

Status backend_free(Handle backend) {
  LPAI_CHECK(backend_ok(backend), Status::kBackendInvalidHandle,
             "backend free: invalid backend handle 0x%zx", static_cast<size_t>(backend));
  const uint32_t n = live_contexts();
  LPAI_CHECK(n == 0, Status::kBackendHasContexts,
             "backend free: %u context(s) still alive; free them first", n);
  detail::runtime().backend_live = false;
  return Status::kOk;
}

Status backend_alignment(Handle backend, uint32_t* start_addr_alignment,
                         uint32_t* size_alignment) {
  LPAI_CHECK(backend_ok(backend), Status::kBackendInvalidHandle,
             "backend property: invalid backend handle 0x%zx", static_cast<size_t>(backend));
  LPAI_CHECK(start_addr_alignment != nullptr && size_alignment != nullptr,
             Status::kBackendInvalidArgument, "backend property: alignment output pointer is null");
  // The HAL's requirement, raised to the plan start alignment of every live context: a caller
  // that queries after loading its context gets the start alignment its scratch, persistent
  // and IO buffers must honour. With no live context the plan is not known yet (the seeds
  // query first of all), so the answer is the largest plan start alignment a binary may carry
  // (format::kMaxPlanAlignment): buffers aligned to it suit any binary loaded afterwards. All
  // values are powers of two, so the maximum is a multiple of each of them.
  const lpai_hal_alignment_t a = lpai_hal_alignment();
  uint32_t start = a.start_addr_alignment;
  bool any_live = false;
  for (const Context& c : detail::runtime().contexts) {
    if (c.live) {
      any_live = true;
      const uint32_t plan = detail::start_alignment(c.view);
      if (plan > start) start = plan;
    }
  }
  if (!any_live && format::kMaxPlanAlignment > start) start = format::kMaxPlanAlignment;
  *start_addr_alignment = start;
  *size_alignment = a.size_alignment;
  return Status::kOk;
}

// ---- context ------------------------------------------------------------------------------

namespace {

// Allocates the binary copy; maps pool failures to the context's codes.
Status allocate_binary(MemType type, size_t size, uint8_t** out) {
  Result<uint8_t*> r = mem_pool::allocate(type, size, format::kSectionAlignment);
  if (r.ok()) {
    *out = r.value();
    return Status::kOk;
  }
  if (r.status() == Status::kPoolFatalSlotLimit) return r.status();  // system fatal error
  if (type == MemType::kTcm) {
    const PoolStats s = tcm_pool().stats();
    LPAI_FAIL(Status::kContextTcmExhausted,
              "context create: TCM cannot hold the model binary: required %zu bytes, available %zu "
              "bytes (largest free block %zu, %u of %u slots used)",
              size, s.capacity - s.bytes_in_use, s.largest_free_block, s.live_slots, s.max_slots);
  }
  if (type == MemType::kDdr) {
    LPAI_FAIL(Status::kMemAlloc,
              "context create: DDR arena cannot hold the model binary (%zu bytes): %s", size,
              status_name(r.status()));
  }
  // The pool already logged "Memory type only supports DDR & TCM".
  LPAI_FAIL(Status::kContextMemTypeUndefined,
            "context create: model binary memory type %u is neither DDR nor TCM",
            static_cast<uint32_t>(type));
}

// With TCM and the raw IO hint, finalize allocates every IO buffer from the TCM pool as well:
// refuse a model whose binary (already copied in) plus IO buffers cannot fit, naming the whole
// requirement. Checked again, buffer by buffer, when finalize allocates.
Status check_tcm_fits_io(const format::BinaryView& view, size_t binary_size) {
  const size_t align = detail::io_buffer_alignment(view);
  size_t io_bytes = 0;
  for (uint32_t slot = 0; slot < view.io_count(); ++slot) {
    size_t rounded = 0;
    if (!checked_align_up(view.tensor(view.io_tensor(slot)).size, align, &rounded) ||
        !checked_add(io_bytes, rounded, &io_bytes)) {
      io_bytes = kSizeMax;
      break;
    }
  }
  const PoolStats st = tcm_pool().stats();
  const size_t available = st.capacity - st.bytes_in_use;
  if (io_bytes <= available) return Status::kOk;
  size_t required = kSizeMax;
  (void)checked_add(binary_size, io_bytes, &required);
  // The seed's allocator line as a whole line with the whole requirement, then the detail.
  LPAI_LOG_ERROR("TCM memory allocation failure: required size: %zu", required);
  LPAI_FAIL(Status::kContextTcmExhausted,
            "TCM pool: model binary %zu + IO buffers %zu bytes; available %zu bytes", binary_size,
            io_bytes, available + binary_size);
}


// The checks of a validated binary that depend on this runtime rather than the format: the
// nodes' parameters (kernels), the IO slot count, and TCM room for the IO buffers of a TCM
// context with the raw IO hint.
Status check_loaded(const format::BinaryView& view, size_t size, MemType mem_type) {
  LPAI_RETURN_IF_ERROR(kernels::validate_nodes(view));
  LPAI_CHECK(view.io_count() <= kMaxGraphIo, Status::kBinaryTooManyTensors,
             "context create: graph has %u inputs + %u outputs, limit %u", view.num_inputs(),
             view.num_outputs(), kMaxGraphIo);
  if (mem_type == MemType::kTcm && !view.io_memhandle_hint()) {
    return check_tcm_fits_io(view, size);
  }
  return Status::kOk;
}
}  // namespace

Status context_create(Handle backend, const void* binary, size_t size, const ContextConfig& cfg,
                      Handle* out) {
  LPAI_CHECK(backend_ok(backend), Status::kBackendInvalidHandle,
             "context create: invalid backend handle 0x%zx", static_cast<size_t>(backend));
  LPAI_CHECK(out != nullptr, Status::kContextInvalidArgument,
             "context create: output handle pointer is null");
  if (binary == nullptr || size < sizeof(format::BinaryHeader)) {
    // The loader reports null / too-small buffers without reading them.
    format::BinaryView unused;
    return format::validate_binary(binary, size, &unused);
  }
  detail::Runtime& r = detail::runtime();
  Context* slot = nullptr;
  uint32_t retired = 0;
  for (Context& c : r.contexts) {
    if (!c.live && detail::slot_retired(c.generation)) ++retired;
    if (!c.live && !detail::slot_retired(c.generation)) {
      slot = &c;
      break;
    }
  }
  if (slot == nullptr) {
    LPAI_CHECK(retired != 0, Status::kContextNoFreeSlot,
               "context create: all %u context slots are in use", kMaxContexts);
    LPAI_FAIL(Status::kContextNoFreeSlot,
              "context create: no free context slot (%u of %u retired: handle generations "
              "used up)",
              retired, kMaxContexts);
  }

  uint8_t* copy = nullptr;
  LPAI_RETURN_IF_ERROR(allocate_binary(cfg.mem_type, size, &copy));
  __builtin_memcpy(copy, binary, size);
  lpai_hal_cache_clean(copy, size);

  format::BinaryView view;
  Status s = format::validate_binary(copy, size, &view);
  if (s == Status::kOk) s = check_loaded(view, size, cfg.mem_type);
  if (s != Status::kOk) {
    (void)mem_pool::free(cfg.mem_type, copy);
    return s;
  }

  const uint32_t generation = slot->generation + 1;
  *slot = Context();
  slot->live = true;
  slot->generation = generation;
  slot->config = cfg;
  slot->binary = copy;
  slot->binary_size = size;
  slot->view = view;
  slot->num_io = view.io_count();
  slot->graph.state = GraphState::kConfiguring;
  slot->graph.counters.num_nodes = view.node_count();
  *out = make_handle(HandleKind::kContext, detail::context_index(*slot), generation);
  LPAI_LOG_DEBUG("context %u created: graph \"%s\", %u nodes, %u tensors, binary %zu bytes in %s",
                 detail::context_index(*slot), view.graph_name(), view.node_count(),
                 view.tensor_count(), size, cfg.mem_type == MemType::kTcm ? "TCM" : "DDR");
  return Status::kOk;
}

Status context_free(Handle context) {
  Context* c = detail::find_context(context);
  LPAI_CHECK(c != nullptr, Status::kContextInvalidHandle,
             "context free: invalid context handle 0x%zx", static_cast<size_t>(context));
  detail::end_context_handles(*c);
  detail::free_io_homes(*c);
  Status s = mem_pool::free(c->config.mem_type, c->binary);
  if (s != Status::kOk) {
    LPAI_LOG_ERROR("context free: binary copy not returned to its pool: %s", status_name(s));
  }
  const uint32_t generation = c->generation;
  *c = Context();
  c->generation = generation;  // keeps old handles invalid
  return Status::kOk;
}

bool context_valid(Handle context) { return detail::find_context(context) != nullptr; }

Status graph_retrieve(Handle context, const char* name, Handle* out) {
  Context* c = detail::find_context(context);
  LPAI_CHECK(c != nullptr, Status::kContextInvalidHandle,
             "graph retrieve: invalid context handle 0x%zx", static_cast<size_t>(context));
  LPAI_CHECK(name != nullptr && out != nullptr, Status::kContextInvalidArgument,
             "graph retrieve: %s is null", name == nullptr ? "graph name" : "output handle");
  const char* own = c->view.graph_name();
  size_t i = 0;
  while (own[i] != '\0' && own[i] == name[i]) ++i;
  LPAI_CHECK(own[i] == name[i], Status::kContextGraphNotFound,
             "graph retrieve: no graph \"%s\" in this context (it holds \"%s\")", name, own);
  *out = detail::graph_handle_of(*c);
  return Status::kOk;
}

void shutdown() {
  detail::Runtime& r = detail::runtime();
  for (uint32_t i = 0; i < kMaxContexts; ++i) {
    Context& c = r.contexts[i];
    if (c.live) {
      (void)context_free(make_handle(HandleKind::kContext, i, c.generation));
    }
  }
  for (detail::MemEntry& m : r.mem) {
    const uint32_t generation = m.generation;
    m = detail::MemEntry();
    m.generation = generation;
  }
  r.backend_live = false;
}

}  // namespace rt
}  // namespace lpai
