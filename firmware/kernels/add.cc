// ADD kernel: see kernels/params/add.h.
#include "kernels/params/add.h"

#include "kernels/add_sub_impl.h"
#include "kernels/elementwise_common.h"
#include "kernels/hvx/hvx_elementwise.h"
#include "kernels/int32_arith.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (int32_arith::applies(args)) return int32_arith::validate(args, ops::add::kName);
  return add_sub::validate(args, ops::add::kName);
}
void eval(const KernelArgs& args) {
  if (int32_arith::applies(args)) return int32_arith::eval<int32_arith::Op::kAdd>(args);
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
  if (hvx::add_sub_s8(*reinterpret_cast<const AddParams*>(args.params), args, false)) return;
#endif
  add_sub::eval<false>(args);
}

}  // namespace

LPAI_DEFINE_KERNEL(add, validate, eval);

}  // namespace kernels
}  // namespace lpai
