// Result<T>: a value or a non-OK Status. T must be trivially copyable (pointers, sizes,
// small PODs) — the firmware holds no owning types.
#ifndef LPAI_CORE_RESULT_H
#define LPAI_CORE_RESULT_H

#include "core/status.h"

namespace lpai {

template <typename T>
class [[nodiscard]] Result {
 public:
  // Implicit on purpose: `return value;` and `return Status::kX;` both read naturally.
  constexpr Result(T value) : value_(value), status_(Status::kOk) {}  // NOLINT
  constexpr Result(Status status) : value_(), status_(status) {}     // NOLINT

  constexpr bool ok() const { return status_ == Status::kOk; }
  constexpr Status status() const { return status_; }
  // Only meaningful when ok(); a default-constructed T otherwise.
  constexpr const T& value() const { return value_; }
  constexpr T value_or(T fallback) const { return ok() ? value_ : fallback; }

 private:
  T value_;
  Status status_;
};

}  // namespace lpai

// Assigns the value of a Result expression to `lhs`, or returns its Status.
#define LPAI_ASSIGN_OR_RETURN(lhs, expr)                 \
  do {                                                   \
    auto lpai_result_ = (expr);                          \
    if (!lpai_result_.ok()) return lpai_result_.status(); \
    lhs = lpai_result_.value();                          \
  } while (0)

#endif  // LPAI_CORE_RESULT_H
