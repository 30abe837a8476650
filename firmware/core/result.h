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
  // A failure. Status::kOk carries no value, so it is recorded as Status::kInternal (a
  // programming error the caller sees as a failure, never as a default-constructed value).
  constexpr Result(Status status)  // NOLINT
      : value_(), status_(status == Status::kOk ? Status::kInternal : status) {}

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

#endif  // LPAI_CORE_RESULT_H
