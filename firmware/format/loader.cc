// validate_binary(): the one structural check of a context binary v1 (see
// docs/context-binary-v1.md for the rule behind every Status). Reads nothing outside
// [data, data + size) whatever the bytes are: every offset and count is range-checked with
// overflow-safe arithmetic before the bytes it names are touched.
//
// Status families used (each failing check logs one line naming the field):
//   kBinaryNull, kBinaryTooSmall, kBinaryBadMagic, kBinaryBadVersion, kBinarySizeMismatch,
//   kBinaryBadCrc                       header-level identity checks;
//   kBinaryBadHeader                    flags, header_size, reserved fields (header and nodes);
//   kBinaryMisaligned                   binary start, section offsets, tensor offsets,
//                                       params_offset;
//   kBinarySectionOutOfBounds           a section (or a params blob inside its section) leaves
//                                       its bounds or overlaps the header / another section;
//   kBinaryBadPlan                      memory plan alignments and sizes;
//   kBinaryBadTensor                    tensor record fields (type, class, rank, dims, size,
//                                       flags, quantisation shape, temp/output use);
//   kBinaryTensorOutOfBounds            tensor bytes outside its memory class;
//   kBinaryBadIndex                     tensor ids and index/quant ranges out of range;
//   kBinaryBadString                    string offsets, strings section termination;
//   kBinaryBadIo                        graph IO lists, io_slot, IO flags and memory classes.
#include "core/check.h"
#include "core/checked_math.h"
#include "core/log.h"
#include "format/binary_view.h"
#include "format/graph_checks.h"

namespace lpai {
namespace format {
namespace {

// Log arguments: uint32_t/int32_t are (unsigned) long on some targets (arm-none-eabi), so
// every %u/%x/%d argument goes through these to match the format exactly.
constexpr int fmt_i(int32_t v) { return v; }

// A zero point representable in the element type (int8/uint8/int16); for wider or
// unquantised types anything but INT32_MIN, whose negation overflows.
constexpr bool zero_point_fits(DataType type, int32_t zp) {
  return type == DataType::kInt8    ? zp >= -128 && zp <= 127
         : type == DataType::kUint8 ? zp >= 0 && zp <= 255
         : type == DataType::kInt16 ? zp >= -32768 && zp <= 32767
                                    : zp != INT32_MIN;
}

struct SectionInfo {
  const char* name;
  const Section* section;
  uint32_t record_size;  // bytes per record (1 for byte sections)
};

// Validation context: the binary (already known to be total_size bytes, aligned, CRC ok).
struct Checker {
  const uint8_t* base;
  const BinaryHeader* h;
  size_t size;
  BinaryView view;  // the same bytes; read only where the checks so far make it safe

  const TensorRecord* tensors() const {
    return reinterpret_cast<const TensorRecord*>(base + h->tensors.offset);
  }
  const NodeRecord* nodes() const {
    return reinterpret_cast<const NodeRecord*>(base + h->nodes.offset);
  }
  const uint32_t* indices() const {
    return reinterpret_cast<const uint32_t*>(base + h->indices.offset);
  }
  uint32_t io_count() const { return view.io_count(); }
  // Tensor id of graph IO slot `slot` (< io_count(); the IO lists' bounds checked before use).
  uint32_t io_tensor(uint32_t slot) const { return view.io_tensor(slot); }

  Status check_header() const;
  Status check_sections() const;
  Status check_plan() const;
  Status check_strings() const;
  Status check_io_lists() const;
  Status check_tensor(uint32_t id) const;
  Status check_node(uint32_t i) const;
  Status check_row_view(uint32_t i) const;
  // Whether tensor id is listed in row_views (the section's bounds checked before use).
  bool is_row_view(uint32_t id) const {
    for (uint32_t i = 0; i < h->row_views.count; ++i) {
      if (view.row_view(i).tensor == id) return true;
    }
    return false;
  }
  // The parent of row view `id`, or kNone.
  uint32_t view_parent(uint32_t id) const {
    for (uint32_t i = 0; i < h->row_views.count; ++i) {
      if (view.row_view(i).tensor == id) return view.row_view(i).parent;
    }
    return kNone;
  }
  bool string_ok(uint32_t offset) const { return offset < h->strings.count; }
  // [first, first + count) inside the indices section.
  bool index_range_ok(uint32_t first, uint32_t count) const {
    return range_within(first, count, h->indices.count);
  }
};

Status Checker::check_header() const {
  LPAI_CHECK((h->flags & ~kKnownFlags) == 0, Status::kBinaryBadHeader,
             "context binary: header flags 0x%x have unknown bits 0x%x", fmt_u(h->flags),
             fmt_u(h->flags & ~kKnownFlags));
  LPAI_CHECK(h->header_size == sizeof(BinaryHeader), Status::kBinaryBadHeader,
             "context binary: header_size %u, expected %u", fmt_u(h->header_size),
             fmt_u(static_cast<uint32_t>(sizeof(BinaryHeader))));
  LPAI_CHECK(h->version_minor >= kVersionMinorRowViews ||
                 (h->row_views.offset == 0 && h->row_views.count == 0),
             Status::kBinaryBadHeader,
             "context binary: header row_views (reserved in version 1.0) set in a version 1.%u "
             "binary",
             fmt_u(h->version_minor));
  for (uint32_t i = 0; i < 1; ++i) {
    LPAI_CHECK(h->reserved[i] == 0, Status::kBinaryBadHeader,
               "context binary: header reserved[%u] is 0x%x, must be 0", fmt_u(i),
               fmt_u(h->reserved[i]));
  }
  return Status::kOk;
}

Status Checker::check_sections() const {
  const SectionInfo infos[] = {
      {"tensors", &h->tensors, sizeof(TensorRecord)},
      {"nodes", &h->nodes, sizeof(NodeRecord)},
      {"indices", &h->indices, sizeof(uint32_t)},
      {"quant", &h->quant, sizeof(QuantParam)},
      {"params", &h->params, 1},
      {"consts", &h->consts, 1},
      {"strings", &h->strings, 1},
      {"row_views", &h->row_views, sizeof(RowViewRecord)},
  };
  constexpr uint32_t kCount = sizeof(infos) / sizeof(infos[0]);
  size_t ends[kCount];
  for (uint32_t i = 0; i < kCount; ++i) {
    const Section& s = *infos[i].section;
    LPAI_CHECK(is_aligned(s.offset, kSectionAlignment), Status::kBinaryMisaligned,
               "context binary: section %s offset %u not a multiple of %u", infos[i].name,
               fmt_u(s.offset), fmt_u(kSectionAlignment));
    if (s.count == 0) {
      LPAI_CHECK(s.offset == 0, Status::kBinarySectionOutOfBounds,
                 "context binary: empty section %s has offset %u, must be 0", infos[i].name,
                 fmt_u(s.offset));
      ends[i] = 0;
      continue;
    }
    size_t bytes = 0;
    if (!checked_mul(s.count, infos[i].record_size, &bytes) ||
        !range_within(s.offset, bytes, size)) {
      LPAI_FAIL(Status::kBinarySectionOutOfBounds,
                "context binary: section %s [offset %u, count %u] outside the %zu-byte binary",
                infos[i].name, fmt_u(s.offset), fmt_u(s.count), size);
    }
    LPAI_CHECK(s.offset >= sizeof(BinaryHeader), Status::kBinarySectionOutOfBounds,
               "context binary: section %s offset %u overlaps the header", infos[i].name,
               fmt_u(s.offset));
    ends[i] = s.offset + bytes;  // no overflow: within size
  }
  for (uint32_t i = 0; i < kCount; ++i) {
    if (ends[i] == 0) continue;
    for (uint32_t j = i + 1; j < kCount; ++j) {
      if (ends[j] == 0) continue;
      const size_t a = infos[i].section->offset;
      const size_t b = infos[j].section->offset;
      LPAI_CHECK(a >= ends[j] || b >= ends[i], Status::kBinarySectionOutOfBounds,
                 "context binary: sections %s and %s overlap", infos[i].name, infos[j].name);
    }
  }
  return Status::kOk;
}

Status Checker::check_plan() const {
  const MemoryPlan& p = h->plan;
  LPAI_CHECK(is_pow2(p.start_alignment) && p.start_alignment <= kMaxPlanAlignment,
             Status::kBinaryBadPlan,
             "context binary: plan start_alignment %u not a power of two in [1, %u]",
             fmt_u(p.start_alignment), fmt_u(kMaxPlanAlignment));
  LPAI_CHECK(is_pow2(p.size_alignment), Status::kBinaryBadPlan,
             "context binary: plan size_alignment %u not a power of two", fmt_u(p.size_alignment));
  LPAI_CHECK(is_aligned(p.scratch_size, p.size_alignment), Status::kBinaryBadPlan,
             "context binary: plan scratch_size %u not a multiple of %u", fmt_u(p.scratch_size),
             fmt_u(p.size_alignment));
  LPAI_CHECK(is_aligned(p.persistent_size, p.size_alignment), Status::kBinaryBadPlan,
             "context binary: plan persistent_size %u not a multiple of %u",
             fmt_u(p.persistent_size), fmt_u(p.size_alignment));
  return Status::kOk;
}

Status Checker::check_strings() const {
  // A NUL-terminated strings section makes every offset below its size a valid string.
  LPAI_CHECK(h->strings.count != 0 && base[h->strings.offset + h->strings.count - 1] == 0,
             Status::kBinaryBadString,
             "context binary: strings section (%u bytes) is empty or not NUL-terminated",
             fmt_u(h->strings.count));
  LPAI_CHECK(string_ok(h->graph_name), Status::kBinaryBadString,
             "context binary: graph_name offset %u outside strings (%u bytes)",
             fmt_u(h->graph_name), fmt_u(h->strings.count));
  return Status::kOk;
}

Status Checker::check_io_lists() const {
  LPAI_CHECK(index_range_ok(h->inputs_index, h->num_inputs), Status::kBinaryBadIo,
             "context binary: graph inputs [index %u, count %u] outside indices (%u)",
             fmt_u(h->inputs_index), fmt_u(h->num_inputs), fmt_u(h->indices.count));
  LPAI_CHECK(index_range_ok(h->outputs_index, h->num_outputs), Status::kBinaryBadIo,
             "context binary: graph outputs [index %u, count %u] outside indices (%u)",
             fmt_u(h->outputs_index), fmt_u(h->num_outputs), fmt_u(h->indices.count));
  // Both lists lie inside indices, so io_count() <= 2 * indices.count: no overflow.
  const uint8_t io_class =
      static_cast<uint8_t>((h->flags & kFlagIoMemhandleHint) ? MemClass::kIo : MemClass::kScratch);
  for (uint32_t slot = 0; slot < io_count(); ++slot) {
    const uint32_t id = io_tensor(slot);
    const bool is_input = slot < h->num_inputs;
    const uint32_t k = is_input ? slot : slot - h->num_inputs;
    const char* list = is_input ? "input" : "output";
    LPAI_CHECK(id < h->tensors.count, Status::kBinaryBadIo,
               "context binary: graph %s %u is tensor %u, tensor count %u", list, fmt_u(k),
               fmt_u(id), fmt_u(h->tensors.count));
    const TensorRecord& t = tensors()[id];
    if (t.io_slot != slot) {
      LPAI_CHECK(t.io_slot >= io_count() || io_tensor(t.io_slot) != id, Status::kBinaryBadIo,
                 "context binary: graph %s %u: tensor %u listed twice in the IO lists", list,
                 fmt_u(k), fmt_u(id));
      LPAI_FAIL(Status::kBinaryBadIo,
                "context binary: graph %s %u: tensor %u has io_slot %u, expected %u", list,
                fmt_u(k), fmt_u(id), fmt_u(t.io_slot), fmt_u(slot));
    }
    LPAI_CHECK(t.mem_class == io_class, Status::kBinaryBadIo,
               "context binary: graph %s %u: tensor %u mem_class %u, the IO hint requires %u", list,
               fmt_u(k), fmt_u(id), fmt_u(t.mem_class), fmt_u(io_class));
  }
  return Status::kOk;
}

Status Checker::check_tensor(uint32_t id) const {
  const TensorRecord& t = tensors()[id];
  const DataType type = static_cast<DataType>(t.data_type);
  const uint32_t elem = data_type_size(type);
  LPAI_CHECK(elem != 0, Status::kBinaryBadTensor, "context binary: tensor %u data_type %u unknown",
             fmt_u(id), fmt_u(t.data_type));
  LPAI_CHECK(t.mem_class < kMemClassCount, Status::kBinaryBadTensor,
             "context binary: tensor %u mem_class %u unknown", fmt_u(id), fmt_u(t.mem_class));
  const MemClass mc = static_cast<MemClass>(t.mem_class);
  LPAI_CHECK(type != DataType::kFloat32 || mc == MemClass::kConst, Status::kBinaryBadTensor,
             "context binary: tensor %u data_type float32 is allowed for consts only", fmt_u(id));
  LPAI_CHECK(t.rank <= kMaxRank, Status::kBinaryBadTensor,
             "context binary: tensor %u rank %u exceeds %u", fmt_u(id), fmt_u(t.rank),
             fmt_u(kMaxRank));
  LPAI_CHECK((t.flags & ~kKnownTensorFlags) == 0, Status::kBinaryBadTensor,
             "context binary: tensor %u flags 0x%x have unknown bits", fmt_u(id), fmt_u(t.flags));
  LPAI_CHECK((t.flags & kTensorIsVariable) == 0 || mc == MemClass::kPersistent,
             Status::kBinaryBadTensor, "context binary: tensor %u flags: variable but mem_class %u",
             fmt_u(id), fmt_u(t.mem_class));
  size_t bytes = elem;
  for (uint32_t d = 0; d < kMaxRank; ++d) {
    if (d >= t.rank) {
      LPAI_CHECK(t.dims[d] == 0, Status::kBinaryBadTensor,
                 "context binary: tensor %u dims[%u] = %u beyond rank %u, must be 0", fmt_u(id),
                 fmt_u(d), fmt_u(t.dims[d]), fmt_u(t.rank));
      continue;
    }
    LPAI_CHECK(t.dims[d] != 0, Status::kBinaryBadTensor, "context binary: tensor %u dims[%u] is 0",
               fmt_u(id), fmt_u(d));
    LPAI_CHECK(checked_mul(bytes, t.dims[d], &bytes) && bytes <= 0xFFFFFFFFu,
               Status::kBinaryBadTensor, "context binary: tensor %u size overflows at dims[%u]",
               fmt_u(id), fmt_u(d));
  }
  LPAI_CHECK(t.size == bytes, Status::kBinaryBadTensor,
             "context binary: tensor %u size %u, dims and type give %zu", fmt_u(id), fmt_u(t.size),
             bytes);

  // Placement in its memory class.
  switch (mc) {
    case MemClass::kConst:
      LPAI_CHECK(is_aligned(t.offset, elem), Status::kBinaryMisaligned,
                 "context binary: tensor %u const offset %u not a multiple of %u", fmt_u(id),
                 fmt_u(t.offset), fmt_u(elem));
      LPAI_CHECK(range_within(t.offset, t.size, h->consts.count), Status::kBinaryTensorOutOfBounds,
                 "context binary: tensor %u const [offset %u, size %u] outside consts (%u bytes)",
                 fmt_u(id), fmt_u(t.offset), fmt_u(t.size), fmt_u(h->consts.count));
      break;
    case MemClass::kScratch:
    case MemClass::kPersistent: {
      const bool scratch = mc == MemClass::kScratch;
      const uint32_t pool = scratch ? h->plan.scratch_size : h->plan.persistent_size;
      const char* pool_name = scratch ? "scratch_size" : "persistent_size";
      LPAI_CHECK(is_row_view(id) || is_aligned(t.offset, h->plan.start_alignment),
                 Status::kBinaryMisaligned,
                 "context binary: tensor %u offset %u not a multiple of plan start_alignment %u",
                 fmt_u(id), fmt_u(t.offset), fmt_u(h->plan.start_alignment));
      LPAI_CHECK(range_within(t.offset, t.size, pool), Status::kBinaryTensorOutOfBounds,
                 "context binary: tensor %u [offset %u, size %u] outside plan %s %u", fmt_u(id),
                 fmt_u(t.offset), fmt_u(t.size), pool_name, fmt_u(pool));
      break;
    }
    case MemClass::kIo:  // a row view's offset is its rows' (check_row_view)
      LPAI_CHECK(t.offset == 0 || is_row_view(id), Status::kBinaryTensorOutOfBounds,
                 "context binary: tensor %u io offset %u, must be 0", fmt_u(id), fmt_u(t.offset));
      break;
  }

  // Quantisation. Zero points lie in the element type's range (QNN reports offset = -zero_point,
  // and kernels subtract them, so INT32_MIN is never valid).
  LPAI_CHECK(zero_point_fits(type, t.zero_point), Status::kBinaryBadTensor,
             "context binary: tensor %u zero_point %d outside its data type's range", fmt_u(id),
             fmt_i(t.zero_point));
  if (t.quant_index == kNone) {
    LPAI_CHECK(
        t.quant_count == 0 && t.quant_axis == 0, Status::kBinaryBadTensor,
        "context binary: tensor %u per-tensor quantisation with quant_count %u / quant_axis %d",
        fmt_u(id), fmt_u(t.quant_count), fmt_i(t.quant_axis));
  } else {
    LPAI_CHECK(t.quant_count != 0 && range_within(t.quant_index, t.quant_count, h->quant.count),
               Status::kBinaryBadIndex,
               "context binary: tensor %u quant [index %u, count %u] outside quant (%u records)",
               fmt_u(id), fmt_u(t.quant_index), fmt_u(t.quant_count), fmt_u(h->quant.count));
    if (t.quant_axis < 0 || static_cast<uint32_t>(t.quant_axis) >= t.rank ||
        t.dims[t.quant_axis] != t.quant_count) {
      LPAI_FAIL(Status::kBinaryBadTensor,
                "context binary: tensor %u quant_axis %d / quant_count %u do not match its dims",
                fmt_u(id), fmt_i(t.quant_axis), fmt_u(t.quant_count));
    }
    const QuantParam* qp = view.quant(t.quant_index);
    for (uint32_t c = 0; c < t.quant_count; ++c) {
      LPAI_CHECK(zero_point_fits(type, qp[c].zero_point), Status::kBinaryBadTensor,
                 "context binary: tensor %u channel %u zero_point %d outside its data type's range",
                 fmt_u(id), fmt_u(c), fmt_i(qp[c].zero_point));
    }
  }

  LPAI_CHECK(string_ok(t.name), Status::kBinaryBadString,
             "context binary: tensor %u name offset %u outside strings (%u bytes)", fmt_u(id),
             fmt_u(t.name), fmt_u(h->strings.count));

  // IO binding: the IO lists were checked to point back at their tensors; here every tensor
  // claiming a slot must be the one listed there (or a row view of it), with matching flags.
  uint8_t io_flags = 0;
  if (t.io_slot != kNone) {
    LPAI_CHECK(t.io_slot < io_count() &&
                   (io_tensor(t.io_slot) == id || io_tensor(t.io_slot) == view_parent(id)),
               Status::kBinaryBadIo,
               "context binary: tensor %u io_slot %u not in the graph IO lists", fmt_u(id),
               fmt_u(t.io_slot));
    io_flags = t.io_slot < h->num_inputs ? kTensorIsInput : kTensorIsOutput;
  } else if (mc == MemClass::kIo) {
    LPAI_FAIL(Status::kBinaryBadIo,
              "context binary: tensor %u mem_class io but not a graph input/output", fmt_u(id));
  }
  const DataType dt = static_cast<DataType>(t.data_type);
  if ((t.flags & kTensorIsFloatIo) != 0 &&
      (io_flags == 0 ||
       (dt != DataType::kInt8 && dt != DataType::kInt16 && dt != DataType::kUint8))) {
    LPAI_FAIL(Status::kBinaryBadIo,
              "context binary: tensor %u: float IO flag on a non-IO or non-int8/uint8/int16 tensor",
              fmt_u(id));
  }
  LPAI_CHECK((t.flags & (kTensorIsInput | kTensorIsOutput)) == io_flags, Status::kBinaryBadIo,
             "context binary: tensor %u flags 0x%x disagree with io_slot %u", fmt_u(id),
             fmt_u(t.flags), fmt_u(t.io_slot));
  return Status::kOk;
}

Status Checker::check_node(uint32_t i) const {
  const NodeRecord& n = nodes()[i];
  LPAI_CHECK(n.reserved[0] == 0 && n.reserved[1] == 0, Status::kBinaryBadHeader,
             "context binary: node %u reserved fields 0x%x 0x%x, must be 0", fmt_u(i),
             fmt_u(n.reserved[0]), fmt_u(n.reserved[1]));
  LPAI_CHECK(index_range_ok(n.inputs_index, n.num_inputs), Status::kBinaryBadIndex,
             "context binary: node %u inputs [index %u, count %u] outside indices (%u)", fmt_u(i),
             fmt_u(n.inputs_index), fmt_u(n.num_inputs), fmt_u(h->indices.count));
  LPAI_CHECK(index_range_ok(n.outputs_index, n.num_outputs), Status::kBinaryBadIndex,
             "context binary: node %u outputs [index %u, count %u] outside indices (%u)", fmt_u(i),
             fmt_u(n.outputs_index), fmt_u(n.num_outputs), fmt_u(h->indices.count));
  const uint32_t* in = indices() + n.inputs_index;
  for (uint32_t k = 0; k < n.num_inputs; ++k) {
    LPAI_CHECK(in[k] == kNone || in[k] < h->tensors.count, Status::kBinaryBadIndex,
               "context binary: node %u input %u is tensor %u, tensor count %u", fmt_u(i), fmt_u(k),
               fmt_u(in[k]), fmt_u(h->tensors.count));
  }
  const uint32_t* out = indices() + n.outputs_index;
  for (uint32_t k = 0; k < n.num_outputs; ++k) {
    LPAI_CHECK(out[k] < h->tensors.count, Status::kBinaryBadIndex,
               "context binary: node %u output %u is tensor %u, tensor count %u", fmt_u(i),
               fmt_u(k), fmt_u(out[k]), fmt_u(h->tensors.count));
    LPAI_CHECK(tensors()[out[k]].mem_class != static_cast<uint8_t>(MemClass::kConst),
               Status::kBinaryBadTensor, "context binary: node %u output %u is const tensor %u",
               fmt_u(i), fmt_u(k), fmt_u(out[k]));
  }
  LPAI_CHECK(is_aligned(n.params_offset, 4), Status::kBinaryMisaligned,
             "context binary: node %u params_offset %u not a multiple of 4", fmt_u(i),
             fmt_u(n.params_offset));
  LPAI_CHECK(range_within(n.params_offset, n.params_size, h->params.count),
             Status::kBinarySectionOutOfBounds,
             "context binary: node %u params [offset %u, size %u] outside params (%u bytes)",
             fmt_u(i), fmt_u(n.params_offset), fmt_u(n.params_size), fmt_u(h->params.count));
  if (n.temp_tensor != kNone) {
    LPAI_CHECK(n.temp_tensor < h->tensors.count, Status::kBinaryBadIndex,
               "context binary: node %u temp_tensor %u, tensor count %u", fmt_u(i),
               fmt_u(n.temp_tensor), fmt_u(h->tensors.count));
    const TensorRecord& t = tensors()[n.temp_tensor];
    LPAI_CHECK(
        t.mem_class == static_cast<uint8_t>(MemClass::kScratch) && t.io_slot == kNone,
        Status::kBinaryBadTensor,
        "context binary: node %u temp_tensor %u must be a non-IO scratch tensor (mem_class %u)",
        fmt_u(i), fmt_u(n.temp_tensor), fmt_u(t.mem_class));
  }
  return Status::kOk;
}

// Row views (context_binary_format.h, RowViewRecord); runs before the per-tensor checks, which
// then place the parent (and so the view) inside its pool.
Status Checker::check_row_view(uint32_t i) const {
  const RowViewRecord& r = view.row_view(i);
  const uint32_t n = h->tensors.count;
  LPAI_CHECK(r.reserved == 0 && r.tensor < n && r.parent < n && r.tensor != r.parent,
             Status::kBinaryBadTensor,
             "context binary: row view %u: tensor %u / parent %u out of range or reserved set",
             fmt_u(i), fmt_u(r.tensor), fmt_u(r.parent));
  for (uint32_t j = 0; j < i; ++j) {
    LPAI_CHECK(view.row_view(j).tensor != r.tensor, Status::kBinaryBadTensor,
               "context binary: row view %u: tensor %u listed twice", fmt_u(i), fmt_u(r.tensor));
  }
  LPAI_CHECK(!is_row_view(r.parent), Status::kBinaryBadTensor,
             "context binary: row view %u: parent %u is a view itself", fmt_u(i), fmt_u(r.parent));
  const TensorRecord& v = tensors()[r.tensor];
  const TensorRecord& p = tensors()[r.parent];
  const uint8_t scratch = static_cast<uint8_t>(MemClass::kScratch);
  const uint8_t io = static_cast<uint8_t>(MemClass::kIo);
  if (p.io_slot == kNone) {
    LPAI_CHECK(v.mem_class == scratch && p.mem_class == scratch && v.io_slot == kNone,
               Status::kBinaryBadTensor,
               "context binary: row view %u: tensor %u and parent %u must be scratch, not graph IO",
               fmt_u(i), fmt_u(r.tensor), fmt_u(r.parent));
  } else {
    // A view of graph IO addresses the slot's binding plus its offset: the parent must be
    // bound outside scratch (memhandle hint, kIo), the view bound to the same slot. The
    // parent's slot itself is checked with the parent (check_tensor).
    LPAI_CHECK(p.mem_class == io, Status::kBinaryBadIo,
               "context binary: row view %u: parent %u is graph IO in scratch; views of graph IO "
               "need the memhandle IO hint",
               fmt_u(i), fmt_u(r.parent));
    LPAI_CHECK(v.mem_class == io && v.io_slot == p.io_slot, Status::kBinaryBadIo,
               "context binary: row view %u: tensor %u (mem_class %u, io_slot %u) must be io with "
               "parent %u's io_slot %u",
               fmt_u(i), fmt_u(r.tensor), fmt_u(v.mem_class), fmt_u(v.io_slot), fmt_u(r.parent),
               fmt_u(p.io_slot));
  }
  const bool shape_ok = v.rank == 4 && p.rank == 4 && v.dims[0] == 1 && p.dims[0] == 1 &&
                        v.dims[2] == p.dims[2] && v.dims[3] == p.dims[3] && v.dims[1] != 0 &&
                        v.dims[1] <= p.dims[1] && r.first_row <= p.dims[1] - v.dims[1] &&
                        v.data_type == p.data_type && v.zero_point == p.zero_point &&
                        v.scale_bits == p.scale_bits && v.quant_index == kNone &&
                        p.quant_index == kNone;
  LPAI_CHECK(shape_ok, Status::kBinaryBadTensor,
             "context binary: row view %u: tensor %u is not rows [%u, +dims[1]) of parent %u",
             fmt_u(i), fmt_u(r.tensor), fmt_u(r.first_row), fmt_u(r.parent));
  // Rows of a 4-D tensor: dims are at most 2^32 bytes in total (checked per tensor below; the
  // product here is bounded by p's size once that passes, so compute in 64 bits).
  const uint64_t row_bytes = static_cast<uint64_t>(p.dims[2]) * p.dims[3] *
                             data_type_size(static_cast<DataType>(p.data_type));
  LPAI_CHECK(static_cast<uint64_t>(v.offset) ==
                 static_cast<uint64_t>(p.offset) + static_cast<uint64_t>(r.first_row) * row_bytes,
             Status::kBinaryMisaligned,
             "context binary: row view %u: tensor %u offset %u, parent %u row %u is at %llu",
             fmt_u(i), fmt_u(r.tensor), fmt_u(v.offset), fmt_u(r.parent), fmt_u(r.first_row),
             static_cast<unsigned long long>(p.offset + r.first_row * row_bytes));
  return Status::kOk;
}

}  // namespace

Status validate_binary(const void* data, size_t size, BinaryView* out) {
  LPAI_CHECK(data != nullptr && out != nullptr, Status::kBinaryNull, "context binary: %s is null",
             data == nullptr ? "data" : "output view");
  LPAI_CHECK(size >= sizeof(BinaryHeader), Status::kBinaryTooSmall,
             "context binary: size %zu smaller than the %u-byte header", size,
             fmt_u(static_cast<uint32_t>(sizeof(BinaryHeader))));
  LPAI_CHECK(is_aligned_ptr(data, kSectionAlignment), Status::kBinaryMisaligned,
             "context binary: start address %p not a multiple of %u", data,
             fmt_u(kSectionAlignment));
  const uint8_t* base = static_cast<const uint8_t*>(data);
  const BinaryHeader* h = reinterpret_cast<const BinaryHeader*>(base);
  LPAI_CHECK(h->magic == kMagic, Status::kBinaryBadMagic,
             "context binary: magic 0x%08x, expected 0x%08x", fmt_u(h->magic), fmt_u(kMagic));
  LPAI_CHECK(h->version_major == kVersionMajor && h->version_minor <= kVersionMinor,
             Status::kBinaryBadVersion,
             "context binary: version %u.%u not supported (this firmware reads %u.0..%u.%u)",
             fmt_u(h->version_major), fmt_u(h->version_minor), fmt_u(kVersionMajor),
             fmt_u(kVersionMajor), fmt_u(kVersionMinor));
  const Checker c{base, h, size, BinaryView(base)};
  LPAI_RETURN_IF_ERROR(c.check_header());
  LPAI_CHECK(h->total_size == size, Status::kBinarySizeMismatch,
             "context binary: header total_size %u, buffer size %zu", fmt_u(h->total_size), size);
  const uint32_t crc = binary_crc32(base, size);
  LPAI_CHECK(crc == h->crc32, Status::kBinaryBadCrc,
             "context binary: crc32 0x%08x, computed 0x%08x", fmt_u(h->crc32), fmt_u(crc));
  LPAI_RETURN_IF_ERROR(c.check_sections());
  LPAI_RETURN_IF_ERROR(c.check_plan());
  LPAI_RETURN_IF_ERROR(c.check_strings());
  LPAI_RETURN_IF_ERROR(c.check_io_lists());
  for (uint32_t i = 0; i < h->row_views.count; ++i) LPAI_RETURN_IF_ERROR(c.check_row_view(i));
  for (uint32_t id = 0; id < h->tensors.count; ++id) LPAI_RETURN_IF_ERROR(c.check_tensor(id));
  for (uint32_t i = 0; i < h->nodes.count; ++i) LPAI_RETURN_IF_ERROR(c.check_node(i));
  LPAI_RETURN_IF_ERROR(check_graph_dataflow(BinaryView(base)));
  *out = BinaryView(base);
  return Status::kOk;
}

}  // namespace format
}  // namespace lpai
