// TfliteBuilder: see tflite_builder.h.
#include "prepare/tflite_builder.h"

#include <algorithm>
#include <map>

namespace lpai {
namespace tflite_builder {

std::vector<uint8_t> TfliteBuilder::finish() const {
  flatbuffers::FlatBufferBuilder fbb(1024);
  // The subgraphs written: every added one, or copies_ copies of subgraph 0.
  std::vector<const Subgraph*> order;
  for (size_t k = 0; k < subs_.size(); ++k) order.push_back(&subs_[k]);
  if (subs_.size() == 1) order.assign(static_cast<size_t>(std::max(copies_, 0)), &subs_[0]);

  // Buffers: 0 is the empty sentinel; each constant tensor gets its own.
  std::vector<flatbuffers::Offset<tfl::Buffer>> buffers;
  buffers.push_back(tfl::CreateBuffer(fbb));
  std::map<const TensorSpec*, uint32_t> buffer_of;
  for (const Subgraph& sg : subs_) {
   for (size_t i = 0; i < sg.tensors.size(); ++i) {
    const TensorSpec& t = sg.tensors[i];
    if (t.data.empty() && !t.buffer_offset_size) continue;
    flatbuffers::Offset<flatbuffers::Vector<uint8_t>> data = 0;
    if (!t.data.empty() && !t.buffer_offset_size) {
      fbb.ForceVectorAlignment(t.data.size(), 1, 16);
      data = fbb.CreateVector(t.data);
    }
    buffer_of[&t] = static_cast<uint32_t>(buffers.size());
    buffers.push_back(tfl::CreateBuffer(fbb, data, t.buffer_offset_size ? 4096 : 0,
                                        t.buffer_offset_size ? t.data.size() + 1 : 0));
   }
  }
  const auto buffers_vec = fbb.CreateVector(buffers);

  // Operator codes: one per distinct (builtin, custom code), in order of first use.
  using Custom = std::pair<std::string, std::vector<uint8_t>>;
  auto custom_of = [](const Subgraph& sg, size_t k) {
    return k < sg.customs.size() ? sg.customs[k] : Custom();
  };
  auto code_of = [&](const Subgraph& sg, size_t k) {
    return std::make_pair(sg.ops[k].builtin, custom_of(sg, k).first);
  };
  std::vector<std::pair<int, std::string>> codes;
  for (const Subgraph& sg : subs_) {
    for (size_t k = 0; k < sg.ops.size(); ++k) {
      if (std::find(codes.begin(), codes.end(), code_of(sg, k)) == codes.end()) {
        codes.push_back(code_of(sg, k));
      }
    }
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
  for (const Subgraph* sgp : order) {
    const Subgraph& sg = *sgp;
    std::vector<flatbuffers::Offset<tfl::Tensor>> tensors;
    for (size_t i = 0; i < sg.tensors.size(); ++i) {
      const TensorSpec& t = sg.tensors[i];
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
      const auto found = buffer_of.find(&t);
      const uint32_t buffer = t.buffer_override >= 0 ? static_cast<uint32_t>(t.buffer_override)
                              : found != buffer_of.end() ? found->second
                                                         : 0u;
      tensors.push_back(tfl::CreateTensor(fbb, shape, t.type, buffer, name, q, t.variable,
                                          sparsity, t.external_buffer));
    }
    const auto tensors_vec = fbb.CreateVector(tensors);
    std::vector<flatbuffers::Offset<tfl::Operator>> ops;
    for (size_t k = 0; k < sg.ops.size(); ++k) {
      const OpSpec& o = sg.ops[k];
      const auto ins = fbb.CreateVector(o.inputs);
      const auto outs = fbb.CreateVector(o.outputs);
      flatbuffers::Offset<flatbuffers::Vector<int32_t>> inter = 0;
      if (!o.intermediates.empty()) inter = fbb.CreateVector(o.intermediates);
      flatbuffers::Offset<void> options = 0;
      if (o.options_type != tfl::BuiltinOptions_NONE && o.options) options = o.options(fbb);
      const uint32_t opcode =
          o.opcode_override >= 0
              ? static_cast<uint32_t>(o.opcode_override)
              : static_cast<uint32_t>(std::find(codes.begin(), codes.end(), code_of(sg, k)) -
                                      codes.begin());
      flatbuffers::Offset<flatbuffers::Vector<uint8_t>> custom_options = 0;
      if (!custom_of(sg, k).second.empty()) custom_options = fbb.CreateVector(custom_of(sg, k).second);
      ops.push_back(tfl::CreateOperator(fbb, opcode, ins, outs, o.options_type, options,
                                        custom_options, tfl::CustomOptionsFormat_FLEXBUFFERS,
                                        inter));
    }
    const auto ops_vec = fbb.CreateVector(ops);
    const auto ins = fbb.CreateVector(sg.inputs);
    const auto outs = fbb.CreateVector(sg.outputs);
    flatbuffers::Offset<flatbuffers::String> name = 0;
    if (!sg.name.empty()) name = fbb.CreateString(sg.name);
    subgraphs.push_back(tfl::CreateSubGraph(fbb, tensors_vec, ins, outs, ops_vec, name));
  }
  const auto subgraphs_vec = fbb.CreateVector(subgraphs);
  const auto model = tfl::CreateModel(fbb, 3, codes_vec, subgraphs_vec, buffers_vec);
  tfl::FinishModelBuffer(fbb, model);
  return std::vector<uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

int TfliteBuilder::var_handle(int handle, const std::string& shared_name, const char* container) {
  OpSpec s;
  s.builtin = kVarHandle;
  s.outputs = {handle};
  s.options_type = tfl::BuiltinOptions_VarHandleOptions;
  const bool has_container = container != nullptr;
  const std::string c = has_container ? container : "";
  s.options = [=](flatbuffers::FlatBufferBuilder& fbb) {
    const auto cont = has_container ? fbb.CreateString(c) : 0;
    const auto name = fbb.CreateString(shared_name);
    return tfl::CreateVarHandleOptions(fbb, cont, name).Union();
  };
  return op(s);
}

int TfliteBuilder::read_variable(int handle, int out) {
  OpSpec s;
  s.builtin = kReadVariable;
  s.inputs = {handle};
  s.outputs = {out};
  return op(s);
}

int TfliteBuilder::assign_variable(int handle, int value) {
  OpSpec s;
  s.builtin = kAssignVariable;
  s.inputs = {handle, value};
  return op(s);
}

int TfliteBuilder::call_once(int init) {
  OpSpec s;
  s.builtin = kCallOnce;
  s.options_type = tfl::BuiltinOptions_CallOnceOptions;
  s.options = [=](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateCallOnceOptions(fbb, init).Union();
  };
  return op(s);
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
