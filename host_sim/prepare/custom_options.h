// CUSTOM operators' options (host only): TFLite stores them as a FlexBuffer map, which TFLite
// Micro's signal kernels read by key. Decoded here into OpOptions::custom.
#ifndef LPAI_HOST_PREPARE_CUSTOM_OPTIONS_H
#define LPAI_HOST_PREPARE_CUSTOM_OPTIONS_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

// Decodes `size` bytes of FlexBuffer (the whole root must be a map whose values are integers,
// unsigned integers or bools) into key -> value (bools as 0/1, unsigned values above INT64_MAX
// refused). No options (size 0) is an empty map. False with a one-line reason otherwise.
bool decode_custom_options(const uint8_t* data, size_t size, std::map<std::string, int64_t>* out,
                           std::string* error);

// A custom code for messages: printable ASCII kept, other bytes as \xNN, cut at 64 bytes.
std::string printable_custom_code(const std::string& code);

// The integer option `key` of a custom op, checked to lie in [lo, hi]; false with a reason
// naming the key when it is absent or out of range.
bool custom_int(const OpOptions& o, const char* key, int64_t lo, int64_t hi, int64_t* value,
                std::string* error);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_CUSTOM_OPTIONS_H
