// Helpers shared by the prepare functions of the data-movement ops (TRANSPOSE, SLICE, SPLIT,
// PACK, GATHER, ...). Host only.
#ifndef LPAI_HOST_PREPARE_OPS_MOVEMENT_PREP_H
#define LPAI_HOST_PREPARE_OPS_MOVEMENT_PREP_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/host_result.h"
#include "kernels/params/movement.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/int8_prep_util.h"  // util::shape_string

namespace lpai {
namespace prepare {
namespace mv {

// `out` has the type and quantisation (scales, zero points) of `in`, the type is one of
// `types` (bytes are copied, so nothing is requantised), and both ranks are <= 6.
bool check_copy(const PrepTensor& in, const PrepTensor& out, const std::vector<format::DataType>& types,
                std::string* error);
// int8 and int16 (the conformance types of most movement ops), plus int32 and bool.
const std::vector<format::DataType>& copy_types();

// The values of a constant int32/int64 tensor; false (with *error naming `what`) otherwise.
bool const_ints(const PrepTensor& t, const char* what, std::vector<int64_t>* values,
                std::string* error);
// The values of a constant int32/int64 tensor of any rank (row-major), e.g. [n, 2] paddings.
bool const_ints_2d(const PrepTensor& t, const char* what, std::vector<int64_t>* values,
                   std::string* error);
// SPACE_TO_BATCH_ND / BATCH_TO_SPACE_ND: checks and 4-D [B, H, W, C] views (3-D inputs get
// W = 1, block 1 and zero padding for it); pads = [top, bottom, left, right]. In
// space_to_batch_nd.cc.
bool space_batch_common(const PrepOp& op, const char* pads_name, std::vector<int64_t>* in4,
                        std::vector<int64_t>* out4, std::vector<int64_t>* block,
                        std::vector<int64_t>* pads, std::string* error);
// A constant int32 or int64 paddings tensor of shape [rank, 2] whose data holds all of it.
inline bool is_paddings(const PrepTensor& pads, size_t rank) {
  const bool i64 = pads.type == format::DataType::kInt64;
  return pads.is_const() && (pads.type == format::DataType::kInt32 || i64) &&
         pads.shape == std::vector<int32_t>{static_cast<int32_t>(rank), 2} &&
         pads.data_size == rank * 2 * (i64 ? 8u : 4u);
}
// Row i of a paddings tensor (is_paddings): the padding before and after dim i.
inline void pad_row(const PrepTensor& pads, size_t i, int64_t* before, int64_t* after) {
  if (pads.type == format::DataType::kInt64) {
    std::memcpy(before, pads.data + 16 * i, 8);
    std::memcpy(after, pads.data + 16 * i + 8, 8);
  } else {
    int32_t b32, a32;
    std::memcpy(&b32, pads.data + 8 * i, 4);
    std::memcpy(&a32, pads.data + 8 * i + 4, 4);
    *before = b32;
    *after = a32;
  }
}
// An axis in [-rank, rank) normalised to [0, rank); false when outside.
bool normalize_axis(int64_t axis, size_t rank, int64_t* out);
// Row-major element strides of a shape.
std::vector<int64_t> strides_of(const std::vector<int32_t>& shape);
int64_t product(const std::vector<int32_t>& shape, size_t from, size_t to);

// Serialises the strided view (output dims in order, input stride of each, input offset of
// the first output element) after flattening it to the minimal rank: unit dims dropped,
// neighbours merged where stride[k] == stride[k+1] * dims[k+1]. False (error set) when more
// than 6 dims remain or an index does not fit int32.
bool strided_blob(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides,
                  int64_t offset, PrepResult* r);
// ChunkCopyParams + chunk list.
std::vector<uint8_t> chunk_blob(uint32_t outer, const std::vector<uint32_t>& chunks);
// SPLIT / SPLIT_V: checks the outputs against data `in` split along the constant `axis_t`
// (num_splits equal parts when sizes is null, else the given sizes with at most one -1) and
// makes the chunk-copy blob. Defined in split.cc.
PrepResult split_outputs(const PrepOp& op, const PrepTensor& in, const PrepTensor& axis_t,
                         const std::vector<int64_t>* sizes);
bool outputs_present(const PrepOp& op, std::string* error);

// The shared opening of the one-input copy ops DEPTH_TO_SPACE and SPACE_TO_DEPTH: one input
// and one output of a copy type, both 4-D (NHWC), block_size >= 1.
host::HostStatus check_block_rearrange(const PrepOp& op);
// The shared opening of GATHER and GATHER_ND: data and indices in, one output of the data's
// copy type, indices int32 or int64.
host::HostStatus check_gather_operands(const PrepOp& op);
// BATCH_TO_SPACE_ND / SPACE_TO_BATCH_ND: the parameter fields both blobs share (zeroed
// struct, 4-D dims, block size); the caller sets its crops or paddings.
template <typename SpaceBatchParams>
SpaceBatchParams space_batch_params(const std::vector<int64_t>& in, const std::vector<int64_t>& out,
                                    const std::vector<int64_t>& block) {
  SpaceBatchParams p;
  std::memset(&p, 0, sizeof(p));
  for (int i = 0; i < 4; ++i) {
    p.in_dims[i] = static_cast<uint32_t>(in[i]);
    p.out_dims[i] = static_cast<uint32_t>(out[i]);
  }
  p.block_h = static_cast<uint32_t>(block[0]);
  p.block_w = static_cast<uint32_t>(block[1]);
  return p;
}

}  // namespace mv
}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_MOVEMENT_PREP_H
