// FlexBuffer options of CUSTOM operators: see custom_options.h.
#include "prepare/custom_options.h"

#include <cstdio>

#include "flatbuffers/flexbuffers.h"

namespace lpai {
namespace prepare {

bool decode_custom_options(const uint8_t* data, size_t size, std::map<std::string, int64_t>* out,
                           std::string* error) {
  out->clear();
  if (size == 0) return true;
  if (data == nullptr || !flexbuffers::VerifyBuffer(data, size)) {
    *error = "not a valid FlexBuffer (" + std::to_string(size) + " bytes)";
    return false;
  }
  const flexbuffers::Reference root = flexbuffers::GetRoot(data, size);
  if (!root.IsMap()) {
    *error = "the FlexBuffer root is not a map";
    return false;
  }
  const flexbuffers::Map m = root.AsMap();
  const flexbuffers::TypedVector keys = m.Keys();
  const flexbuffers::Vector values = m.Values();
  if (keys.size() != values.size()) {
    *error = "the FlexBuffer map has " + std::to_string(keys.size()) + " keys but " +
             std::to_string(values.size()) + " values";
    return false;
  }
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::string key = keys[i].AsKey();
    const flexbuffers::Reference v = values[i];
    int64_t x = 0;
    if (v.IsBool()) {
      x = v.AsBool() ? 1 : 0;
    } else if (v.IsUInt()) {
      const uint64_t u = v.AsUInt64();
      if (u > static_cast<uint64_t>(INT64_MAX)) {
        *error = "option '" + printable_custom_code(key) + "' is out of range";
        return false;
      }
      x = static_cast<int64_t>(u);
    } else if (v.IsInt()) {
      x = v.AsInt64();
    } else {
      *error = "option '" + printable_custom_code(key) +
               "' is not an integer or bool (type " + std::to_string(v.GetType()) + ")";
      return false;
    }
    (*out)[key] = x;
  }
  return true;
}

std::string printable_custom_code(const std::string& code) {
  std::string s;
  for (size_t i = 0; i < code.size() && i < 64; ++i) {
    const unsigned char c = static_cast<unsigned char>(code[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      s += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\x%02X", c);
      s += buf;
    }
  }
  if (code.size() > 64) s += "...";
  return s;
}

bool custom_int(const OpOptions& o, const char* key, int64_t lo, int64_t hi, int64_t* value,
                std::string* error) {
  const auto it = o.custom.find(key);
  if (it == o.custom.end()) {
    *error = std::string("option '") + key + "' is missing";
    return false;
  }
  if (it->second < lo || it->second > hi) {
    *error = std::string("option '") + key + "' = " + std::to_string(it->second) +
             " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    return false;
  }
  *value = it->second;
  return true;
}

}  // namespace prepare
}  // namespace lpai
