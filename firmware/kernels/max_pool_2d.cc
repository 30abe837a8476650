// MAX_POOL_2D int8 / int16: contract in kernels/pool_2d_common.h.
#include "kernels/params/max_pool_2d.h"

#include "kernels/hvx/hvx_pool.h"
#include "kernels/pool_2d_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return pool::validate(args, ops::max_pool_2d::kName); }
void eval(const KernelArgs& args) {
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
  if (hvx::max_pool_s8(*reinterpret_cast<const Pool2dParams*>(args.params), args)) return;
#endif
  pool::eval(args, pool::Kind::kMax);
}

}  // namespace

LPAI_DEFINE_KERNEL(max_pool_2d, validate, eval);

}  // namespace kernels
}  // namespace lpai
