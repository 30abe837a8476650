// AlignedBytes: the host's one aligned buffer (runner, online prepare, Python module, tests).
// Plain heap memory whose data() is aligned to `alignment` (a power of two; 0 counts as 1) and
// whose capacity is `size` rounded up to a multiple of `size_alignment`; every byte is zero at
// construction. Movable, not copyable; owns its storage.
#ifndef LPAI_HOST_COMMON_ALIGNED_BYTES_H
#define LPAI_HOST_COMMON_ALIGNED_BYTES_H

#include <cstddef>
#include <cstdint>
#include <memory>

namespace lpai {
namespace host {

class AlignedBytes {
 public:
  AlignedBytes() = default;
  AlignedBytes(size_t size, size_t alignment, size_t size_alignment = 1) : size_(size) {
    if (alignment == 0) alignment = 1;
    if (size_alignment == 0) size_alignment = 1;
    capacity_ = (size + size_alignment - 1) / size_alignment * size_alignment;
    storage_.reset(new uint8_t[capacity_ + alignment]());
    const uintptr_t p = reinterpret_cast<uintptr_t>(storage_.get());
    data_ = reinterpret_cast<uint8_t*>((p + alignment - 1) / alignment * alignment);
  }
  uint8_t* data() { return data_; }
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }          // requested bytes
  size_t capacity() const { return capacity_; }  // size rounded up to size_alignment

 private:
  std::unique_ptr<uint8_t[]> storage_;
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace host
}  // namespace lpai

#endif  // LPAI_HOST_COMMON_ALIGNED_BYTES_H
