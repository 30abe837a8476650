#include "kernels/kernel_harness.h"

#include <gtest/gtest.h>

#include <cstring>

namespace lpai_test {

using lpai::Status;
using lpai::format::TensorRecord;

namespace {

lpai::prepare::PrepTensor to_prep(const TestTensor& t, int index) {
  lpai::prepare::PrepTensor p;
  p.index = index;
  p.name = "t" + std::to_string(index);
  p.type = t.type;
  p.shape = t.shape;
  p.scales = t.scales;
  p.zero_points = t.zero_points;
  p.quant_axis = t.quant_axis;
  p.is_variable = t.is_variable;
  if (t.is_const) {
    p.data = t.bytes.data();
    p.data_size = t.bytes.size();
  }
  return p;
}

TensorRecord to_record(const TestTensor& t) {
  TensorRecord r;
  std::memset(&r, 0, sizeof(r));
  r.data_type = static_cast<uint8_t>(t.type);
  r.mem_class = static_cast<uint8_t>(t.is_const      ? lpai::format::MemClass::kConst
                                     : t.is_variable ? lpai::format::MemClass::kPersistent
                                                     : lpai::format::MemClass::kScratch);
  r.rank = static_cast<uint8_t>(t.shape.size());
  for (size_t i = 0; i < t.shape.size(); ++i) r.dims[i] = static_cast<uint32_t>(t.shape[i]);
  r.size = static_cast<uint32_t>(t.element_count() *
                                 lpai::format::data_type_size(t.type));
  r.zero_point = t.zero_points.empty() ? 0 : static_cast<int32_t>(t.zero_points[0]);
  float s = t.scales.empty() ? 0.0f : t.scales[0];
  std::memcpy(&r.scale_bits, &s, 4);
  r.quant_index = t.scales.size() > 1 ? 0 : lpai::format::kNone;
  r.quant_count = t.scales.size() > 1 ? static_cast<uint32_t>(t.scales.size()) : 0;
  r.quant_axis = t.scales.size() > 1 ? t.quant_axis : 0;
  r.io_slot = lpai::format::kNone;
  return r;
}

}  // namespace

KernelHarness::KernelHarness(int builtin, lpai::prepare::OpOptions options,
                             std::vector<const TestTensor*> inputs,
                             std::vector<const TestTensor*> outputs)
    : builtin_(builtin), options_(std::move(options)), inputs_(std::move(inputs)),
      outputs_(std::move(outputs)) {
  kernel_ = lpai::kernels::find_kernel(static_cast<uint16_t>(builtin));
  for (size_t i = 0; i < inputs_.size(); ++i) {
    in_present.push_back(inputs_[i] != nullptr);
    prep_in_.push_back(inputs_[i] ? to_prep(*inputs_[i], static_cast<int>(i))
                                  : lpai::prepare::PrepTensor{});
    in_records.push_back(inputs_[i] ? to_record(*inputs_[i]) : TensorRecord{});
  }
  for (size_t i = 0; i < outputs_.size(); ++i) {
    prep_out_.push_back(to_prep(*outputs_[i], static_cast<int>(100 + i)));
    out_records.push_back(to_record(*outputs_[i]));
  }
}

const lpai::prepare::PrepResult& KernelHarness::prepare() {
  lpai::prepare::PrepOp op;
  op.builtin = builtin_;
  op.node_index = 0;
  op.options = options_;
  for (size_t i = 0; i < prep_in_.size(); ++i) op.inputs.push_back(in_present[i] ? &prep_in_[i] : nullptr);
  for (auto& t : prep_out_) op.outputs.push_back(&t);
  lpai::prepare::PrepareFn fn = lpai::prepare::find_prepare(builtin_);
  if (fn == nullptr) {
    result_ = lpai::prepare::PrepResult{};
    result_.error = "no prepare function";
    return result_;
  }
  result_ = fn(op);
  params = result_.params;
  temp_bytes = result_.temp_bytes;
  return result_;
}

lpai::kernels::KernelArgs KernelHarness::make_args(bool with_data) {
  params_words_.assign((params.size() + 3) / 4 + 1, 0);
  if (!params.empty()) std::memcpy(params_words_.data(), params.data(), params.size());
  in_refs_.resize(in_records.size());
  out_refs_.resize(out_records.size());
  in_data_.resize(in_records.size());
  out_data_.resize(out_records.size());
  for (size_t i = 0; i < in_records.size(); ++i) {
    in_refs_[i].desc = in_present[i] ? &in_records[i] : nullptr;
    in_refs_[i].data = nullptr;
    // As the loader's describe_node: constants' data is resolved for validate too.
    if ((with_data || (in_present[i] && inputs_[i]->is_const)) && in_present[i]) {
      const auto& bytes = inputs_[i]->bytes;
      in_data_[i].assign(bytes.size() / 8 + 1, 0);
      std::memcpy(in_data_[i].data(), bytes.data(), bytes.size());
      in_refs_[i].data = reinterpret_cast<uint8_t*>(in_data_[i].data());
    }
  }
  for (size_t i = 0; i < out_records.size(); ++i) {
    out_refs_[i].desc = &out_records[i];
    out_refs_[i].data = nullptr;
    if (with_data) {
      out_data_[i].assign(out_records[i].size / 8 + 1, 0xA5A5A5A5A5A5A5A5ull);
      out_refs_[i].data = reinterpret_cast<uint8_t*>(out_data_[i].data());
    }
  }
  lpai::kernels::KernelArgs args;
  args.params = reinterpret_cast<const uint8_t*>(params_words_.data());
  args.params_size = static_cast<uint32_t>(params.size());
  args.inputs = in_refs_.data();
  args.num_inputs = num_inputs_override ? num_inputs_override : static_cast<uint32_t>(in_refs_.size());
  args.outputs = out_refs_.data();
  args.num_outputs = static_cast<uint32_t>(out_refs_.size());
  args.temp = nullptr;
  args.temp_size = temp_bytes;
  if (with_data && temp_bytes > 0) {
    temp_data_.assign(temp_bytes / 8 + 1, 0x5A5A5A5A5A5A5A5Aull);
    args.temp = reinterpret_cast<uint8_t*>(temp_data_.data());
  }
  return args;
}

Status KernelHarness::validate() {
  if (kernel_ == nullptr) return Status::kBinaryUnknownOp;
  return kernel_->validate(make_args(false));
}

std::vector<uint8_t> KernelHarness::eval(size_t i) {
  lpai::kernels::KernelArgs args = make_args(true);
  if (eval_override == nullptr || !eval_override(args)) kernel_->eval(args);
  const uint8_t* p = reinterpret_cast<const uint8_t*>(out_data_[i].data());
  return std::vector<uint8_t>(p, p + out_records[i].size);
}

std::vector<uint8_t> KernelHarness::run() {
  const auto& r = prepare();
  if (!r.ok()) {
    ADD_FAILURE() << "prepare rejected: " << r.error;
    return {};
  }
  const Status s = validate();
  if (s != Status::kOk) {
    ADD_FAILURE() << "validate rejected: " << lpai::status_name(s);
    return {};
  }
  return eval(0);
}

namespace {
uint32_t next(uint32_t* s) {
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}
}  // namespace

std::vector<int8_t> random_i8(size_t n, uint32_t seed, int lo, int hi) {
  uint32_t s = seed * 2654435761u + 1;
  std::vector<int8_t> v(n);
  for (auto& x : v) x = static_cast<int8_t>(lo + static_cast<int>(next(&s) % static_cast<uint32_t>(hi - lo + 1)));
  return v;
}

std::vector<int16_t> random_i16(size_t n, uint32_t seed, int lo, int hi) {
  uint32_t s = seed * 2654435761u + 7;
  std::vector<int16_t> v(n);
  for (auto& x : v) x = static_cast<int16_t>(lo + static_cast<int>(next(&s) % static_cast<uint32_t>(hi - lo + 1)));
  return v;
}

std::vector<int32_t> random_i32(size_t n, uint32_t seed, int32_t lo, int32_t hi) {
  uint32_t s = seed * 2654435761u + 13;
  std::vector<int32_t> v(n);
  const uint64_t span = static_cast<uint64_t>(static_cast<int64_t>(hi) - lo) + 1;
  for (auto& x : v) {
    const uint64_t r = (static_cast<uint64_t>(next(&s)) << 32) | next(&s);
    x = static_cast<int32_t>(lo + static_cast<int64_t>(r % span));
  }
  return v;
}

}  // namespace lpai_test
