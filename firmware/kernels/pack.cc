// PACK kernel: see kernels/pack.h.
#include "kernels/params/pack.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_chunks(args, "PACK", -1, 0);
}


}  // namespace

const OpKernel kPackKernel = {format::BuiltinOp::kPack, "PACK", validate, movement::eval_pack};

}  // namespace kernels
}  // namespace lpai
