// Span<T>: a non-owning view of `size` contiguous elements. No bounds checks in operator[]
// (callers validate once); subspan() is checked and returns an empty span when out of range.
#ifndef LPAI_CORE_SPAN_H
#define LPAI_CORE_SPAN_H

#include <stddef.h>

namespace lpai {

template <typename T>
class Span {
 public:
  constexpr Span() : data_(nullptr), size_(0) {}
  constexpr Span(T* data, size_t size) : data_(data), size_(size) {}
  template <size_t N>
  constexpr Span(T (&array)[N]) : data_(array), size_(N) {}  // NOLINT

  constexpr T* data() const { return data_; }
  constexpr size_t size() const { return size_; }
  constexpr size_t size_bytes() const { return size_ * sizeof(T); }
  constexpr bool empty() const { return size_ == 0; }
  constexpr T& operator[](size_t i) const { return data_[i]; }
  constexpr T* begin() const { return data_; }
  constexpr T* end() const { return data_ + size_; }

  // Elements [offset, offset + count); empty span if that range is not inside this one.
  constexpr Span subspan(size_t offset, size_t count) const {
    if (offset > size_ || count > size_ - offset) return Span();
    return Span(data_ + offset, count);
  }

 private:
  T* data_;
  size_t size_;
};

}  // namespace lpai

#endif  // LPAI_CORE_SPAN_H
