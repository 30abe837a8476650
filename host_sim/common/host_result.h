// The host's one way to fail (host_sim; see docs/error-handling.md, "Host"): a function that
// can fail returns HostStatus (nothing else to return) or HostResult<T> (a value), an op's
// prepare function returns prepare::PrepResult (PrepResult::reject). A failure carries one line
// saying what is wrong; each caller that adds context prefixes it ("<where>: <why>"), and the
// tool at the top prints it once. No exceptions, no bool + std::string* out-parameter, no empty
// container standing for "failed".
#ifndef LPAI_HOST_COMMON_HOST_RESULT_H
#define LPAI_HOST_COMMON_HOST_RESULT_H

#include <string>
#include <utility>

namespace lpai {
namespace host {

class [[nodiscard]] HostStatus {
 public:
  HostStatus() = default;  // success
  static HostStatus success() { return HostStatus(); }
  static HostStatus fail(std::string why) { return HostStatus(std::move(why), true); }

  bool ok() const { return !failed_; }
  const std::string& error() const { return error_; }  // empty when ok()

 private:
  HostStatus(std::string why, bool failed) : error_(std::move(why)), failed_(failed) {}
  std::string error_;
  bool failed_ = false;
};

template <typename T>
class [[nodiscard]] HostResult {
 public:
  HostResult(T value) : value_(std::move(value)) {}  // NOLINT: implicit success
  HostResult(const HostStatus& failure) : error_(failure.error()), failed_(!failure.ok()) {}
  static HostResult fail(std::string why) { return HostResult(HostStatus::fail(std::move(why))); }

  bool ok() const { return !failed_; }
  const std::string& error() const { return error_; }
  const T& value() const { return value_; }
  T& value() { return value_; }
  HostStatus status() const { return failed_ ? HostStatus::fail(error_) : HostStatus(); }

 private:
  T value_{};
  std::string error_;
  bool failed_ = false;
};

}  // namespace host
}  // namespace lpai

#endif  // LPAI_HOST_COMMON_HOST_RESULT_H
