// TFLite Micro's "seanet" integration cases (../shared/tflm_integration/seanet, see its README):
// single-operator int16 (16x8) models, each with input CSVs and a golden output CSV, values in
// memory order, element type in the file name (..._int16.csv, ..._int32.csv).
//
// Every model of every op folder goes through the whole offline + runtime path: prepare_tflite
// (import -> per-op prepare -> plan -> context binary) and host::Session (C shim). The pass rule
// is TFLite Micro's: same element count and every value within +-1 of the golden. Cases that
// also match bit for bit are counted; the per-op pass / exact / total table is printed.
// The test fails when any case is outside +-1, or fails to prepare, open or run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "prepare/prepare.h"
#include "runner/session.h"

namespace {

namespace fs = std::filesystem;

struct CsvTensor {
  std::string path;
  uint32_t bits = 0;  // element width from the file name: 8, 16, 32
  std::vector<int64_t> values;
};

// "<stem>_input0_int16.csv" -> 16; 0 when the suffix is not _int8/_int16/_int32.
uint32_t bits_of(const std::string& file) {
  for (uint32_t bits : {8u, 16u, 32u}) {
    const std::string suffix = "_int" + std::to_string(bits) + ".csv";
    if (file.size() > suffix.size() &&
        file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0) {
      return bits;
    }
  }
  return 0;
}

// Comma-separated integers (whitespace and newlines ignored). False on a malformed token.
bool read_csv(const std::string& path, std::vector<int64_t>* values) {
  std::ifstream f(path);
  if (!f) return false;
  std::stringstream ss;
  ss << f.rdbuf();
  std::string text = ss.str();
  std::replace(text.begin(), text.end(), '\n', ',');
  std::replace(text.begin(), text.end(), '\r', ',');
  std::stringstream items(text);
  std::string tok;
  while (std::getline(items, tok, ',')) {
    tok.erase(std::remove_if(tok.begin(), tok.end(), [](char c) { return c == ' ' || c == '\t'; }),
              tok.end());
    if (tok.empty()) continue;
    char* end = nullptr;
    const long long v = std::strtoll(tok.c_str(), &end, 10);
    if (end == nullptr || *end != '\0') return false;
    values->push_back(v);
  }
  return true;
}

// The file in `dir` named "<prefix>_int<bits>.csv" for any supported width ("" when none).
std::string find_csv(const fs::path& dir, const std::string& prefix) {
  for (uint32_t bits : {8u, 16u, 32u}) {
    const fs::path p = dir / (prefix + "_int" + std::to_string(bits) + ".csv");
    if (fs::exists(p)) return p.string();
  }
  return "";
}

uint32_t qnn_bits(Qnn_DataType_t t) {
  return static_cast<uint32_t>(lpai::host::qnn_type_size(t) * 8);
}

std::vector<uint8_t> to_bytes(const std::vector<int64_t>& values, uint32_t bits) {
  std::vector<uint8_t> out(values.size() * (bits / 8));
  for (size_t i = 0; i < values.size(); ++i) {
    const int64_t v = values[i];
    if (bits == 8) {
      const int8_t x = static_cast<int8_t>(v);
      std::memcpy(out.data() + i, &x, 1);
    } else if (bits == 16) {
      const int16_t x = static_cast<int16_t>(v);
      std::memcpy(out.data() + 2 * i, &x, 2);
    } else {
      const int32_t x = static_cast<int32_t>(v);
      std::memcpy(out.data() + 4 * i, &x, 4);
    }
  }
  return out;
}

std::vector<int64_t> from_bytes(const std::vector<uint8_t>& bytes, uint32_t bits) {
  const size_t n = bytes.size() / (bits / 8);
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    if (bits == 8) {
      out[i] = static_cast<int8_t>(bytes[i]);
    } else if (bits == 16) {
      int16_t x;
      std::memcpy(&x, bytes.data() + 2 * i, 2);
      out[i] = x;
    } else {
      int32_t x;
      std::memcpy(&x, bytes.data() + 4 * i, 4);
      out[i] = x;
    }
  }
  return out;
}

bool in_range(int64_t v, uint32_t bits) {
  const int64_t hi = (int64_t{1} << (bits - 1)) - 1;
  return v >= -hi - 1 && v <= hi;
}

enum class Outcome { kExact, kWithinOne, kFailed };

// Runs one case; "" with *outcome set, or a one-line reason the case failed.
std::string run_case(const fs::path& model, Outcome* outcome, std::string* detail) {
  *outcome = Outcome::kFailed;
  const fs::path dir = model.parent_path();
  const std::string stem = model.stem().string();

  std::vector<CsvTensor> inputs;
  for (int i = 0;; ++i) {
    const std::string p = find_csv(dir, stem + "_input" + std::to_string(i));
    if (p.empty()) break;
    CsvTensor t;
    t.path = p;
    t.bits = bits_of(p);
    if (!read_csv(p, &t.values)) return "malformed CSV " + p;
    inputs.push_back(std::move(t));
  }
  CsvTensor golden;
  golden.path = find_csv(dir, stem + "_golden");
  if (golden.path.empty()) return "no golden CSV";
  golden.bits = bits_of(golden.path);
  if (!read_csv(golden.path, &golden.values)) return "malformed CSV " + golden.path;

  const std::vector<uint8_t> bytes = lpai_test::read_file(model.string());
  if (bytes.empty()) return "cannot read the model";
  lpai::prepare::PrepareOutput prepared;
  std::string error;
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), lpai::prepare::PlanOptions{},
                                     &prepared); !st.ok()) {
    error = st.error();
    return "prepare failed: " + error;
  }
  std::unique_ptr<lpai::host::Session> session =
      lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions{}, &error);
  if (session == nullptr) return "Session::open failed: " + error;
  if (session->inputs().size() != inputs.size() || session->outputs().size() != 1) {
    return "model has " + std::to_string(session->inputs().size()) + " inputs / " +
           std::to_string(session->outputs().size()) + " outputs, CSVs give " +
           std::to_string(inputs.size()) + " / 1";
  }
  std::vector<std::vector<uint8_t>> in_bytes;
  for (size_t k = 0; k < inputs.size(); ++k) {
    const lpai::host::TensorInfo& info = session->inputs()[k];
    if (qnn_bits(info.data_type) != inputs[k].bits) {
      return "input " + std::to_string(k) + " is " + std::to_string(qnn_bits(info.data_type)) +
             "-bit, CSV is " + std::to_string(inputs[k].bits) + "-bit";
    }
    for (int64_t v : inputs[k].values) {
      if (!in_range(v, inputs[k].bits)) return "CSV value out of range in " + inputs[k].path;
    }
    in_bytes.push_back(to_bytes(inputs[k].values, inputs[k].bits));
    if (in_bytes.back().size() != info.bytes) {
      return "input " + std::to_string(k) + " needs " + std::to_string(info.bytes) +
             " bytes, CSV gives " + std::to_string(in_bytes.back().size());
    }
  }
  const lpai::host::TensorInfo& out_info = session->outputs()[0];
  if (qnn_bits(out_info.data_type) != golden.bits) {
    return "output is " + std::to_string(qnn_bits(out_info.data_type)) + "-bit, golden is " +
           std::to_string(golden.bits) + "-bit";
  }
  std::vector<std::vector<uint8_t>> out_bytes;
  if (!session->run(in_bytes, &out_bytes, &error)) return "run failed: " + error;
  const std::vector<int64_t> got = from_bytes(out_bytes.at(0), golden.bits);
  if (got.size() != golden.values.size()) {
    return "output has " + std::to_string(got.size()) + " values, golden " +
           std::to_string(golden.values.size());
  }
  size_t off_by_one = 0, worse = 0, first_bad = got.size();
  for (size_t i = 0; i < got.size(); ++i) {
    const int64_t d = got[i] - golden.values[i];
    if (d == 0) continue;
    if (d == 1 || d == -1) {
      ++off_by_one;
    } else {
      if (worse == 0) first_bad = i;
      ++worse;
    }
  }
  if (worse != 0) {
    return std::to_string(worse) + " of " + std::to_string(got.size()) +
           " values differ by more than 1 (first at " + std::to_string(first_bad) + ": got " +
           std::to_string(got[first_bad]) + ", golden " +
           std::to_string(golden.values[first_bad]) + ")";
  }
  if (off_by_one != 0) {
    *detail = std::to_string(off_by_one) + " of " + std::to_string(got.size()) +
              " values differ by 1";
  }
  *outcome = off_by_one == 0 ? Outcome::kExact : Outcome::kWithinOne;
  return "";
}

// Case order: by the number in the stem ("add2" before "add10").
bool case_less(const fs::path& a, const fs::path& b) {
  auto num = [](const std::string& s) {
    size_t i = s.size();
    while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') --i;
    return i < s.size() ? std::atol(s.c_str() + i) : -1L;
  };
  const std::string sa = a.stem().string(), sb = b.stem().string();
  return num(sa) != num(sb) ? num(sa) < num(sb) : sa < sb;
}

TEST(SeanetIntegration, EveryCaseWithinOneOfGolden) {
  LPAI_REQUIRE_SHARED(root, "tflm_integration/seanet");
  std::vector<fs::path> op_dirs;
  for (const auto& e : fs::directory_iterator(root)) {
    if (e.is_directory()) op_dirs.push_back(e.path());
  }
  std::sort(op_dirs.begin(), op_dirs.end());
  ASSERT_FALSE(op_dirs.empty()) << root << " holds no op folders";

  struct Row {
    std::string op;
    int pass = 0, exact = 0, total = 0;
  };
  std::vector<Row> rows;
  std::vector<std::string> notes;
  for (const fs::path& dir : op_dirs) {
    std::vector<fs::path> models;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() == ".tflite") models.push_back(e.path());
    }
    std::sort(models.begin(), models.end(), case_less);
    Row row;
    row.op = dir.filename().string();
    for (const fs::path& m : models) {
      Outcome outcome;
      std::string detail;
      const std::string why = run_case(m, &outcome, &detail);
      ++row.total;
      if (outcome == Outcome::kFailed) {
        ADD_FAILURE() << row.op << "/" << m.filename().string() << ": " << why;
        continue;
      }
      ++row.pass;
      if (outcome == Outcome::kExact) {
        ++row.exact;
      } else {
        notes.push_back(row.op + "/" + m.stem().string() + ": " + detail);
      }
    }
    rows.push_back(row);
  }

  Row all{"all"};
  std::printf("seanet (TFLite Micro int16 integration cases)\n");
  std::printf("  %-14s %6s %6s %6s\n", "op", "pass", "exact", "total");
  for (const Row& r : rows) {
    std::printf("  %-14s %6d %6d %6d\n", r.op.c_str(), r.pass, r.exact, r.total);
    all.pass += r.pass;
    all.exact += r.exact;
    all.total += r.total;
  }
  std::printf("  %-14s %6d %6d %6d\n", all.op.c_str(), all.pass, all.exact, all.total);
  for (const std::string& n : notes) std::printf("  within 1, not exact: %s\n", n.c_str());
  std::fflush(stdout);
  EXPECT_GT(all.total, 0);
  EXPECT_EQ(all.pass, all.total);
}

}  // namespace
