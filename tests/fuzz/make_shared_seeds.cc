// Writes fuzz seed corpora from ../shared at build time (nothing is checked in): every
// conformance case's model, every model of ../shared/models and every .tflite of ../shared/zoo,
//   OUT/prepare/<name>.tflite         the model as it is
//   OUT/context_binary/<name>.bin     its context binary (RAW IO hint), when prepare accepts it
//   OUT/context_binary/<name>.mh.bin  the same with the MEMHANDLE hint
// Models over kMaxModelBytes are skipped (the fuzzers' inputs stay small). Usage:
//   lpai_fuzz_make_shared_seeds SHARED_DIR OUT_DIR   (exit 0 also when SHARED_DIR is absent;
//   $LPAI_SHARED_DIR, when set, replaces SHARED_DIR)
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "prepare/prepare.h"

namespace {

namespace fs = std::filesystem;

constexpr uintmax_t kMaxModelBytes = 1u << 20;

bool put(const fs::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}

std::vector<uint8_t> read(const fs::path& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

// Collects (seed name, model path) pairs.
void collect(const fs::path& shared, std::vector<std::pair<std::string, fs::path>>* out) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(shared / "conformance", ec)) {
    const fs::path m = e.path() / "model.tflite";
    if (fs::is_regular_file(m, ec)) out->emplace_back("conf_" + e.path().filename().string(), m);
  }
  for (const char* dir : {"models", "zoo"}) {
    for (const auto& e : fs::recursive_directory_iterator(shared / dir, ec)) {
      if (e.is_regular_file(ec) && e.path().extension() == ".tflite")
        out->emplace_back(std::string(dir) + "_" + e.path().stem().string(), e.path());
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  // $LPAI_SHARED_DIR overrides the configured location, as for the data-driven tests.
  const char* env = std::getenv("LPAI_SHARED_DIR");
  const fs::path shared = env != nullptr ? env : argv[1], out = argv[2];
  std::error_code ec;
  fs::create_directories(out / "prepare", ec);
  fs::create_directories(out / "context_binary", ec);
  if (!fs::is_directory(shared, ec)) {
    std::printf("lpai_fuzz_make_shared_seeds: %s absent, no shared seeds\n", shared.c_str());
    return 0;
  }
  std::vector<std::pair<std::string, fs::path>> models;
  collect(shared, &models);
  size_t binaries = 0, written = 0;
  for (const auto& [name, path] : models) {
    if (fs::file_size(path, ec) > kMaxModelBytes) continue;
    const std::vector<uint8_t> model = read(path);
    if (!put(out / "prepare" / (name + ".tflite"), model)) return 1;
    ++written;
    for (const bool memhandle : {false, true}) {
      lpai::prepare::PlanOptions options;
      options.io_memhandle = memhandle;
      lpai::prepare::PrepareOutput prepared;
      std::string error;
      if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(model.data(), model.size(), options, &prepared); !st.ok()) {
        error = st.error();
        break;
      }
      if (!put(out / "context_binary" / (name + (memhandle ? ".mh.bin" : ".bin")), prepared.binary))
        return 1;
      ++binaries;
    }
  }
  std::printf("lpai_fuzz_make_shared_seeds: %zu models, %zu context binaries\n", written,
              binaries);
  return 0;
}
