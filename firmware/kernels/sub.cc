// SUB kernel: see kernels/params/sub.h.
#include "kernels/params/sub.h"

#include "kernels/add_sub_impl.h"
#include "kernels/hvx/hvx_elementwise.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return add_sub::validate(args, ops::sub::kName); }
void eval(const KernelArgs& args) {
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
  if (hvx::add_sub_s8(*reinterpret_cast<const AddParams*>(args.params), args, true)) return;
#endif
  add_sub::eval<true>(args);
}

}  // namespace

LPAI_DEFINE_KERNEL(sub, validate, eval);

}  // namespace kernels
}  // namespace lpai
