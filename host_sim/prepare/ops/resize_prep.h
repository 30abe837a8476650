// Offline prepare shared by RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR (host only): 4-D NHWC
// input, constant int32 size [out_h, out_w] equal to the output's H/W, output type = input type.
#ifndef LPAI_HOST_PREPARE_OPS_RESIZE_PREP_H
#define LPAI_HOST_PREPARE_OPS_RESIZE_PREP_H

#include <string>

#include "kernels/params/resize_nearest_neighbor.h"
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

// Checks the node and fills *g; false with *error on rejection.
bool resize_geometry(const PrepOp& op, bool allow_int16, kernels::ResizeGeometry* g,
                     std::string* error);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_RESIZE_PREP_H
