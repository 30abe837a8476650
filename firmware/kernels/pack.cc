// PACK kernel: see kernels/params/pack.h.
#include "kernels/params/pack.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_chunks(args, ops::pack::kName, -1, 0);
}


}  // namespace

LPAI_DEFINE_KERNEL(pack, validate, movement::eval_pack);

}  // namespace kernels
}  // namespace lpai
