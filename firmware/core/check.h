// The firmware's one way to fail.
//
// A failure is created in exactly one place, by LPAI_FAIL or LPAI_CHECK: one error log line
// (printf-like, core/log.h's subset) and a specific Status returned to the caller, with no
// state changed before the check. Callers pass it on with LPAI_RETURN_IF_ERROR (or inside a
// Result<T>) and never log it a second time.
//
//   LPAI_CHECK(rank <= kMaxRank, Status::kBinaryBadTensor, "tensor %u rank %u", fmt_u(id), ...);
//   if (special_case) LPAI_FAIL(Status::kBinaryBadParams, "%s: shift %d", kName, shift);
//
// Both expand to a `return`, so they are used in functions returning Status or Result<T>.
#ifndef LPAI_CORE_CHECK_H
#define LPAI_CORE_CHECK_H

#include "core/log.h"
#include "core/status.h"

#define LPAI_FAIL(status, ...)  \
  do {                          \
    LPAI_LOG_ERROR(__VA_ARGS__); \
    return (status);            \
  } while (0)

#define LPAI_CHECK(cond, status, ...)        \
  do {                                       \
    if (!(cond)) LPAI_FAIL(status, __VA_ARGS__); \
  } while (0)

#endif  // LPAI_CORE_CHECK_H
