// UNPACK kernel: see kernels/params/unpack.h.
#include "kernels/params/unpack.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_chunks(args, ops::unpack::kName, 0, 1);
}

void eval(const KernelArgs& args) { movement::eval_split(args, 0); }

}  // namespace

LPAI_DEFINE_KERNEL(unpack, validate, eval);

}  // namespace kernels
}  // namespace lpai
