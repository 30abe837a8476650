// Prepare registry: TFLite builtin code -> prepare function and name, generated from the
// operator table (firmware/format/op_table.h).
#include <string>

#include "format/context_binary_format.h"
#include "prepare/op_options.h"
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

#define LPAI_DECLARE_PREPARE(Enum, NAME, code, options, snake) \
  PrepResult prepare_##snake(const PrepOp& op);
LPAI_PREPARED_OPS(LPAI_DECLARE_PREPARE)
#undef LPAI_DECLARE_PREPARE

// decode_<snake>_options (op_options.h) is optional: a weak reference is null when the op's
// file defines none (the op's file is always linked: prepare_<snake> is referenced above).
#define LPAI_DECLARE_DECODER(Enum, NAME, code, options, snake) \
  __attribute__((weak)) host::HostStatus decode_##snake##_options(const tflite::Operator&, OpOptions*);
LPAI_PREPARED_OPS(LPAI_DECLARE_DECODER)
#undef LPAI_DECLARE_DECODER

PrepareFn find_prepare(int builtin) {
  switch (builtin) {
#define LPAI_PREPARE_CASE(Enum, NAME, code, options, snake) \
  case code:                                                \
    return prepare_##snake;
    LPAI_PREPARED_OPS(LPAI_PREPARE_CASE)
#undef LPAI_PREPARE_CASE
    default:
      return nullptr;
  }
}

OptionsDecoder find_options_decoder(int builtin) {
  switch (builtin) {
#define LPAI_DECODER_CASE(Enum, NAME, code, options, snake) \
  case code:                                                \
    return decode_##snake##_options;
    LPAI_PREPARED_OPS(LPAI_DECODER_CASE)
#undef LPAI_DECODER_CASE
    default:
      return nullptr;
  }
}

int options_type_of(int builtin) {
  switch (builtin) {
#define LPAI_OPTIONS_CASE(Enum, NAME, code, options, snake) \
  case code:                                                \
    return options;
#define LPAI_IMPORT_OPTIONS_CASE(NAME, code, options) \
  case code:                                          \
    return options;
    LPAI_PREPARED_OPS(LPAI_OPTIONS_CASE)
    LPAI_IMPORT_OPS(LPAI_IMPORT_OPTIONS_CASE)
#undef LPAI_OPTIONS_CASE
#undef LPAI_IMPORT_OPTIONS_CASE
    default:
      return -1;
  }
}

int custom_op_code(const std::string& custom_code) {
#define LPAI_CUSTOM_CASE(Enum, NAME, code, options, snake) \
  if (custom_code == #NAME) return code;
  LPAI_SIGNAL_OPS(LPAI_CUSTOM_CASE)
#undef LPAI_CUSTOM_CASE
  return -1;
}

std::string builtin_name(int builtin) {
  const char* name = builtin >= 0 ? format::op_name(static_cast<uint32_t>(builtin)) : nullptr;
  if (name != nullptr) return name;
  if (builtin == 32) return "CUSTOM";
  if (builtin == 118) return "IF";  // control flow lpai-rt refuses (the importer says why)
  if (builtin == 119) return "WHILE";
  return "UNKNOWN(" + std::to_string(builtin) + ")";
}

}  // namespace prepare
}  // namespace lpai
