// Every operator kernel the firmware knows, one object per row of the operator table
// (format/op_table.h), defined in the op's file kernels/<snake>.cc.
//
// Each row gets a namespace kernels::ops::<snake> (its snake column), holding the row's identity
// and its kernel object:
//   ops::<snake>::kOp      the format::BuiltinOp enumerator (BuiltinOp::kConv2d)
//   ops::<snake>::kName    the name every log line and message uses ("CONV_2D")
//   ops::<snake>::kKernel  the OpKernel find_kernel() returns for the op
// A kernel file defines its object with one line naming the row and its two functions,
//   LPAI_DEFINE_KERNEL(conv_2d, validate, eval);
// so no kernel spells its enum or name again; a misspelt or missing row fails to compile or
// link.
#ifndef LPAI_KERNELS_REGISTRY_H
#define LPAI_KERNELS_REGISTRY_H

#include "format/op_table.h"
#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {
namespace ops {

#define LPAI_DECLARE_KERNEL(Enum, NAME, code, options, snake) \
  namespace snake {                                            \
  constexpr format::BuiltinOp kOp = format::BuiltinOp::Enum;   \
  constexpr const char* kName = #NAME;                         \
  extern const OpKernel kKernel;                               \
  }
LPAI_KERNEL_OPS(LPAI_DECLARE_KERNEL)
#undef LPAI_DECLARE_KERNEL

}  // namespace ops

// Defines kernels::ops::<snake>::kKernel (used at namespace lpai::kernels scope) from the row's
// identity and the op's validate and eval functions.
#define LPAI_DEFINE_KERNEL(snake, validate_fn, eval_fn) \
  const OpKernel ops::snake::kKernel = {ops::snake::kOp, ops::snake::kName, validate_fn, eval_fn}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_REGISTRY_H
