// Data-movement prepare helpers: see movement_prep.h.
#include "prepare/ops/movement_prep.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {
namespace mv {

const std::vector<format::DataType>& copy_types() {
  static const std::vector<format::DataType> t = {format::DataType::kInt8, format::DataType::kInt16,
                                                  format::DataType::kInt32, format::DataType::kBool};
  return t;
}

bool check_copy(const PrepTensor& in, const PrepTensor& out,
                const std::vector<format::DataType>& types, std::string* error) {
  if (std::find(types.begin(), types.end(), in.type) == types.end() || out.type != in.type) {
    *error = std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
             " unsupported";
    return false;
  }
  if (in.scales != out.scales || in.zero_points != out.zero_points) {
    *error = "input and output quantisation must be equal (the op copies values)";
    return false;
  }
  if (in.scales.size() > 1) {
    *error = "per-channel quantised data is not supported";
    return false;
  }
  if (in.shape.size() > format::kMaxRank || out.shape.size() > format::kMaxRank) {
    *error = "rank must be <= 6";
    return false;
  }
  for (int32_t d : in.shape) {
    if (d < 0) {
      *error = "input has a negative dimension";
      return false;
    }
  }
  for (int32_t d : out.shape) {
    if (d < 0) {
      *error = "output has a negative dimension";
      return false;
    }
  }
  return true;
}

bool const_ints(const PrepTensor& t, const char* what, std::vector<int64_t>* values,
                std::string* error) {
  const bool i64 = t.type == format::DataType::kInt64;
  const size_t es = i64 ? 8 : 4;
  const int64_t n = t.element_count();
  if (!t.is_const() || (t.type != format::DataType::kInt32 && !i64) || t.shape.size() > 1 ||
      n < 0 || t.data_size != static_cast<size_t>(n) * es) {
    *error = std::string(what) + " must be a constant int32/int64 tensor of rank <= 1";
    return false;
  }
  values->assign(static_cast<size_t>(n), 0);
  for (int64_t i = 0; i < n; ++i) {
    if (i64) {
      std::memcpy(&(*values)[i], t.data + 8 * i, 8);
    } else {
      int32_t v;
      std::memcpy(&v, t.data + 4 * i, 4);
      (*values)[i] = v;
    }
  }
  return true;
}

bool const_ints_2d(const PrepTensor& t, const char* what, std::vector<int64_t>* values,
                   std::string* error) {
  PrepTensor flat = t;
  flat.shape = {static_cast<int32_t>(t.element_count())};
  return const_ints(flat, what, values, error);
}

bool normalize_axis(int64_t axis, size_t rank, int64_t* out) {
  const int64_t r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r) return false;
  *out = axis < 0 ? axis + r : axis;
  return true;
}

std::vector<int64_t> strides_of(const std::vector<int32_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
  return s;
}

int64_t product(const std::vector<int32_t>& shape, size_t from, size_t to) {
  int64_t n = 1;
  for (size_t i = from; i < to && i < shape.size(); ++i) n *= shape[i];
  return n;
}

bool strided_blob(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides,
                  int64_t offset, PrepResult* r) {
  std::vector<int64_t> d, s;
  bool empty = false;
  for (size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] == 0) empty = true;
    if (dims[k] == 1) continue;
    if (!d.empty() && s.back() == strides[k] * dims[k]) {
      d.back() *= dims[k];
      s.back() = strides[k];
      continue;
    }
    d.push_back(dims[k]);
    s.push_back(strides[k]);
  }
  kernels::movement::StridedCopyParams p;
  std::memset(&p, 0, sizeof(p));
  for (uint32_t k = 0; k < kernels::movement::kR; ++k) p.out_dims[k] = 1;
  if (empty) {
    p.out_dims[kernels::movement::kR - 1] = 0;
    r->params = ew::blob_of(p);
    return true;
  }
  if (d.size() > kernels::movement::kR) {
    r->error = "the copy does not flatten to 6 dims or fewer";
    return false;
  }
  const int64_t lim = std::numeric_limits<int32_t>::max();
  if (offset < 0 || offset > lim) {
    r->error = "offset out of range";
    return false;
  }
  const size_t lead = kernels::movement::kR - d.size();
  for (size_t k = 0; k < d.size(); ++k) {
    if (d[k] > lim || s[k] > lim || s[k] < -lim) {
      r->error = "tensor too large";
      return false;
    }
    p.out_dims[lead + k] = static_cast<uint32_t>(d[k]);
    p.in_strides[lead + k] = static_cast<int32_t>(s[k]);
  }
  p.in_offset = static_cast<int32_t>(offset);
  r->params = ew::blob_of(p);
  return true;
}

std::vector<uint8_t> chunk_blob(uint32_t outer, const std::vector<uint32_t>& chunks) {
  std::vector<uint8_t> b;
  kernels::movement::ChunkCopyParams h{outer, static_cast<uint32_t>(chunks.size())};
  append_pod(&b, h);
  append_array(&b, chunks);
  return b;
}

host::HostStatus check_block_rearrange(const PrepOp& op) {
  std::string why;
  if (!ew::check_arity(op, 1, 1, &why)) return host::HostStatus::fail(why);
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!check_copy(in, out, copy_types(), &why)) return host::HostStatus::fail(why);
  if (in.shape.size() != 4 || out.shape.size() != 4 || op.options.block_size < 1) {
    return host::HostStatus::fail("input and output must be 4-D (NHWC) and block_size >= 1");
  }
  return host::HostStatus::success();
}

host::HostStatus check_gather_operands(const PrepOp& op) {
  std::string why;
  if (!ew::check_arity(op, 2, 1, &why)) return host::HostStatus::fail(why);
  const PrepTensor& idx = *op.inputs[1];
  if (!check_copy(*op.inputs[0], *op.outputs[0], copy_types(), &why)) {
    return host::HostStatus::fail(why);
  }
  if (idx.type != format::DataType::kInt32 && idx.type != format::DataType::kInt64) {
    return host::HostStatus::fail(std::string("indices of type ") + ew::type_name(idx.type) +
                                  " (int32 or int64)");
  }
  return host::HostStatus::success();
}

}  // namespace mv
}  // namespace prepare
}  // namespace lpai
