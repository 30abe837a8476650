// TfliteBuilder: see tflite_builder.h.
#include "prepare/tflite_builder.h"

#include <algorithm>
#include <map>

namespace lpai {
namespace tflite_builder {

std::vector<uint8_t> TfliteBuilder::finish() const {
  flatbuffers::FlatBufferBuilder fbb(1024);

  // Buffers: 0 is the empty sentinel; each constant tensor gets its own.
  std::vector<flatbuffers::Offset<tfl::Buffer>> buffers;
  buffers.push_back(tfl::CreateBuffer(fbb));
  std::vector<uint32_t> buffer_of(tensors_.size(), 0);
  for (size_t i = 0; i < tensors_.size(); ++i) {
    const TensorSpec& t = tensors_[i];
    if (t.data.empty() && !t.buffer_offset_size) continue;
    flatbuffers::Offset<flatbuffers::Vector<uint8_t>> data = 0;
    if (!t.data.empty() && !t.buffer_offset_size) {
      fbb.ForceVectorAlignment(t.data.size(), 1, 16);
      data = fbb.CreateVector(t.data);
    }
    buffer_of[i] = static_cast<uint32_t>(buffers.size());
    buffers.push_back(tfl::CreateBuffer(fbb, data, t.buffer_offset_size ? 4096 : 0,
                                        t.buffer_offset_size ? t.data.size() + 1 : 0));
  }
  const auto buffers_vec = fbb.CreateVector(buffers);

  // Operator codes: one per distinct (builtin, custom code), in order of first use.
  std::vector<std::pair<int, std::string>> codes;
  auto custom_of = [this](size_t k) {
    return k < customs_.size() ? customs_[k] : std::pair<std::string, std::vector<uint8_t>>();
  };
  auto code_of = [&](size_t k) { return std::make_pair(ops_[k].builtin, custom_of(k).first); };
  for (size_t k = 0; k < ops_.size(); ++k) {
    if (std::find(codes.begin(), codes.end(), code_of(k)) == codes.end()) codes.push_back(code_of(k));
  }
  std::vector<flatbuffers::Offset<tfl::OperatorCode>> code_offsets;
  for (const auto& code : codes) {
    const int c = code.first;
    int8_t dep = static_cast<int8_t>(std::min(c, 127));
    int32_t full = c;
    if (code_style_ == CodeStyle::kDeprecatedOnly) full = 0;
    if (code_style_ == CodeStyle::kPlaceholder) dep = 127;
    flatbuffers::Offset<flatbuffers::String> custom = 0;
    if (!code.second.empty()) custom = fbb.CreateString(code.second);
    code_offsets.push_back(
        tfl::CreateOperatorCode(fbb, dep, custom, static_cast<tfl::BuiltinOperator>(full)));
  }
  const auto codes_vec = fbb.CreateVector(code_offsets);

  std::vector<flatbuffers::Offset<tfl::SubGraph>> subgraphs;
  for (int sgi = 0; sgi < subgraphs_; ++sgi) {
    std::vector<flatbuffers::Offset<tfl::Tensor>> tensors;
    for (size_t i = 0; i < tensors_.size(); ++i) {
      const TensorSpec& t = tensors_[i];
      flatbuffers::Offset<tfl::QuantizationParameters> q = 0;
      if (!t.scales.empty() || !t.zero_points.empty() || t.custom_quant) {
        const auto scales = fbb.CreateVector(t.scales);
        const auto zps = fbb.CreateVector(t.zero_points);
        flatbuffers::Offset<void> details = 0;
        if (t.custom_quant) details = tfl::CreateCustomQuantization(fbb).Union();
        q = tfl::CreateQuantizationParameters(
            fbb, scales, zps,
            t.custom_quant ? tfl::QuantizationDetails_CustomQuantization : tfl::QuantizationDetails_NONE,
            details, t.quant_axis);
      }
      flatbuffers::Offset<tfl::SparsityParameters> sparsity = 0;
      if (t.sparse) sparsity = tfl::CreateSparsityParameters(fbb);
      const auto shape = fbb.CreateVector(t.shape);
      const auto name = fbb.CreateString(t.name);
      const uint32_t buffer =
          t.buffer_override >= 0 ? static_cast<uint32_t>(t.buffer_override) : buffer_of[i];
      tensors.push_back(tfl::CreateTensor(fbb, shape, t.type, buffer, name, q, t.variable,
                                          sparsity, t.external_buffer));
    }
    const auto tensors_vec = fbb.CreateVector(tensors);
    std::vector<flatbuffers::Offset<tfl::Operator>> ops;
    for (size_t k = 0; k < ops_.size(); ++k) {
      const OpSpec& o = ops_[k];
      const auto ins = fbb.CreateVector(o.inputs);
      const auto outs = fbb.CreateVector(o.outputs);
      flatbuffers::Offset<flatbuffers::Vector<int32_t>> inter = 0;
      if (!o.intermediates.empty()) inter = fbb.CreateVector(o.intermediates);
      flatbuffers::Offset<void> options = 0;
      if (o.options_type != tfl::BuiltinOptions_NONE && o.options) options = o.options(fbb);
      const uint32_t opcode =
          o.opcode_override >= 0
              ? static_cast<uint32_t>(o.opcode_override)
              : static_cast<uint32_t>(std::find(codes.begin(), codes.end(), code_of(k)) - codes.begin());
      flatbuffers::Offset<flatbuffers::Vector<uint8_t>> custom_options = 0;
      if (!custom_of(k).second.empty()) custom_options = fbb.CreateVector(custom_of(k).second);
      ops.push_back(tfl::CreateOperator(fbb, opcode, ins, outs, o.options_type, options,
                                        custom_options, tfl::CustomOptionsFormat_FLEXBUFFERS,
                                        inter));
    }
    const auto ops_vec = fbb.CreateVector(ops);
    const auto ins = fbb.CreateVector(inputs_);
    const auto outs = fbb.CreateVector(outputs_);
    flatbuffers::Offset<flatbuffers::String> name = 0;
    if (!name_.empty()) name = fbb.CreateString(name_);
    subgraphs.push_back(tfl::CreateSubGraph(fbb, tensors_vec, ins, outs, ops_vec, name));
  }
  const auto subgraphs_vec = fbb.CreateVector(subgraphs);
  const auto model = tfl::CreateModel(fbb, 3, codes_vec, subgraphs_vec, buffers_vec);
  tfl::FinishModelBuffer(fbb, model);
  return std::vector<uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

OptionsFn conv_options(tfl::Padding padding, int stride_w, int stride_h,
                       tfl::ActivationFunctionType act, int dil_w, int dil_h) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateConv2DOptions(fbb, padding, stride_w, stride_h, act, dil_w, dil_h).Union();
  };
}

OptionsFn fc_options(tfl::ActivationFunctionType act, bool keep_num_dims) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateFullyConnectedOptions(fbb, act, tfl::FullyConnectedOptionsWeightsFormat_DEFAULT,
                                            keep_num_dims)
        .Union();
  };
}

OptionsFn add_options(tfl::ActivationFunctionType act, bool pot_scale_int16) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateAddOptions(fbb, act, pot_scale_int16).Union();
  };
}

OptionsFn softmax_options(float beta) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateSoftmaxOptions(fbb, beta).Union();
  };
}

}  // namespace tflite_builder
}  // namespace lpai
